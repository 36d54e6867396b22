"""Fixtures for the UI tests: a temp copy of sample_corpus/ with a few files of known content,
indexed for real into a SQLite file, helpers to wait on the running app, and the app started on
a folder with a file open (``opened``)."""

from __future__ import annotations

import asyncio
import inspect
import shutil
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.conftest import PLAYGROUND, SAMPLE_CORPUS, require_shared

if TYPE_CHECKING:
    from tui.app import ChunkscopeApp

#: the terminal the Pilot tests run in, and the narrowest one the UI is laid out for
SIZE = (120, 40)
NARROW = (80, 24)

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


def make_app(root: Path, **kwargs) -> ChunkscopeApp:
    """The app on ``root``, not watching it, its pictures drawn in half-cells (the same on any
    terminal)."""
    from tui.app import ChunkscopeApp  # here: the CLI tests of this folder need no Textual

    return ChunkscopeApp(root, watch=False, image_renderer="halfcell", **kwargs)


async def open_file(pilot, path: str) -> None:
    """Select ``path`` in the tree once the tree has it and the first file is shown; return when
    it is shown and the app has settled."""
    from tui.widgets.file_tree import FileTree

    app = pilot.app
    await wait_for(pilot, lambda: path in app.main.rows, what=f"{path} in the tree")
    await wait_for(pilot, lambda: app.main.path is not None, what="the first file selected")
    await settle(pilot)
    app.main.query_one(FileTree).select(path)
    await wait_for(pilot, lambda: app.main.path == path, what=f"{path} selected")
    await settle(pilot)


@asynccontextmanager
async def opened(
    root: Path, path: str | None = None, *, size: tuple[int, int] = SIZE, tab: str | None = None, **kwargs
) -> AsyncIterator:
    """A Pilot of the app on ``root`` (``kwargs`` go to the app) in a terminal of ``size``, with
    ``path`` open when given and then ``tab``'s key pressed and the app settled."""
    app = make_app(root, **kwargs)
    async with app.run_test(size=size) as pilot:
        if path is not None:
            await open_file(pilot, path)
        if tab is not None:
            await pilot.press(tab)
            await settle(pilot)
        yield pilot
