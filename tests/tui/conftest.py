"""Fixtures for the UI tests: a temp copy of sample_corpus/ with a few files of known content,
indexed for real into a SQLite file, and helpers to wait on the running app."""

from __future__ import annotations

import asyncio
import inspect
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import PLAYGROUND, SAMPLE_CORPUS, require_shared

# Written by the tests; line numbers below are counted by hand.
NOTES_MD = """# Field notes

First paragraph about tide pools and the creatures living in them.

## Second section

Second paragraph mentions the word zanzibar exactly once.
"""
# A .docx that is not a zip archive: the docx extractor must fail with PARSE_ERROR.
BROKEN_DOCX = b"PK\x03\x04 this is not really a zip archive"


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem):
    """Run ``async def`` tests here on a fresh event loop (Textual's Pilot is async)."""
    if not inspect.iscoroutinefunction(pyfuncitem.obj):
        return None
    args = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}
    asyncio.run(pyfuncitem.obj(**args))
    return True


def build_corpus(target: Path, *, sample: bool = True) -> Path:
    """``sample_corpus/`` (optional) plus notes.md, broken.docx and all_round.docx."""
    if sample and SAMPLE_CORPUS.exists():
        shutil.copytree(SAMPLE_CORPUS, target, ignore=shutil.ignore_patterns(".chunkscope"))
    target.mkdir(parents=True, exist_ok=True)
    (target / "notes.md").write_text(NOTES_MD, encoding="utf-8")
    extra = target / "extra"
    extra.mkdir(exist_ok=True)
    (extra / "broken.docx").write_bytes(BROKEN_DOCX)
    require_shared(PLAYGROUND)
    shutil.copy(PLAYGROUND / "all_round.docx", extra / "all_round.docx")
    return target


def index(root: Path) -> Path:
    from storage.indexing import index_folder

    index_folder(root, jobs=1)
    return root


@pytest.fixture(scope="module")
def indexed_corpus(tmp_path_factory) -> Path:
    """One indexed corpus per test module (the tests only read it, or cache extra modes)."""
    return index(build_corpus(tmp_path_factory.mktemp("ui") / "corpus"))


async def wait_for(pilot, predicate: Callable[[], object], timeout: float = 30.0, what: str = "") -> None:
    """Let the app run until ``predicate()`` holds (fails the test after ``timeout`` seconds)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        await pilot.pause(0.05)
    raise AssertionError(f"timed out after {timeout}s waiting for {what or predicate}")


async def settle(pilot, timeout: float = 30.0) -> None:
    """Wait until the view workers are done (everything but the long-running sync thread)."""
    app = pilot.app

    def busy() -> bool:
        return any(w.group != "sync" and w.is_running for w in app.workers)

    await pilot.pause(0.05)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not busy():
            await pilot.pause(0.02)
            if not busy():
                return
        await pilot.pause(0.02)
    raise AssertionError(f"workers did not settle within {timeout}s")
