"""Shared test fixtures. Tests that read ../shared skip with a clear reason when it is absent;
.ci/run sets CHUNKSCOPE_REQUIRE_SHARED=1 so that such a skip fails the run in CI."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("CHUNKSCOPE_SHARED", ROOT.parent / "shared"))
SAMPLE_CORPUS = ROOT / "sample_corpus"
PLAYGROUND = SHARED / "fixtures" / "chunk-engine-playground"
REAL_WORLD = SHARED / "fixtures" / "real-world"
SHARED_REASON = f"../shared is absent ({SHARED}): the shared fixtures are not part of the repository"


def require_shared(path: Path | None = None) -> Path:
    """Skip (or, in CI, fail) when ../shared is missing; return ``path`` or the shared root."""
    target = path or SHARED
    if not target.exists():
        if os.environ.get("CHUNKSCOPE_REQUIRE_SHARED") == "1":
            pytest.fail(f"CI requires ../shared but it is absent: {target}")
        pytest.skip(SHARED_REASON)
    return target


@pytest.fixture
def playground() -> Path:
    return require_shared(PLAYGROUND)


@pytest.fixture
def real_world() -> Path:
    return require_shared(REAL_WORLD)


@pytest.fixture
def shared_dir() -> Path:
    return require_shared(SHARED)


@pytest.fixture
def sample_corpus() -> Path:
    return SAMPLE_CORPUS
