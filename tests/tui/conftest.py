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


# Rounds without work before the app counts as settled: a message bubbles up one widget a round.
QUIET_ROUNDS = 5


async def settle(pilot, timeout: float = 30.0) -> None:
    """Wait until the app has nothing left to do but the long-running sync thread: every message
    queued on the app and the screen handled, and no other worker pending or running, seen in
    several rounds in a row (a handled message may start a worker or post a message that bubbles
    up one widget a round, a finished worker may post a message).

    Counted in steps the app took, never in seconds: on a loaded machine a fixed pause may pass
    while the app has not run at all, and a worker started by a message still waiting in a queue,
    or one created but not begun yet, is not running."""
    app = pilot.app
    deadline = time.monotonic() + timeout
    quiet = 0
    while quiet < QUIET_ROUNDS:
        if time.monotonic() > deadline:
            raise AssertionError(f"the app did not settle within {timeout}s")
        await pilot.pause(0)  # handles what is queued on the app and the screen, then lays it out
        if any(w.group != "sync" and not w.is_finished for w in app.workers):
            quiet = 0
            await pilot.pause(0.02)  # a worker waiting on a read thread: look again shortly
        else:
            quiet += 1
