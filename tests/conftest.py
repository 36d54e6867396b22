"""Shared test fixtures. Tests that read ../shared skip with a clear reason when it is absent;
.ci/run sets CHUNKSCOPE_REQUIRE_SHARED=1 so that such a skip fails the run in CI."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("CHUNKSCOPE_SHARED", ROOT.parent / "shared"))
SAMPLE_CORPUS = ROOT / "sample_corpus"
PLAYGROUND = SHARED / "fixtures" / "chunk-engine-playground"
REAL_WORLD = SHARED / "fixtures" / "real-world"
SHARED_REASON = f"../shared is absent ({SHARED}): the shared fixtures are not part of the repository"

#: Hypothesis in CI: every run draws the same examples (derandomized: chosen from each test's
#: own source) and keeps no example database, so a property test fails in CI for a change of
#: the code, not for an example this run happened to draw; new examples are searched for in
#: local runs (the default profile, random, with the database in .hypothesis/). A failure prints
#: the blob that replays it locally (``@reproduce_failure``).
CI_PROFILE = "chunkscope-ci"
settings.register_profile(CI_PROFILE, derandomize=True, database=None, print_blob=True)


def in_ci() -> bool:
    """CI services set ``CI=true``; .ci/run sets CHUNKSCOPE_REQUIRE_SHARED=1 wherever it runs."""
    return (
        os.environ.get("CI", "").lower() not in ("", "0", "false")
        or os.environ.get("CHUNKSCOPE_REQUIRE_SHARED") == "1"
    )


if in_ci():
    settings.load_profile(CI_PROFILE)


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
