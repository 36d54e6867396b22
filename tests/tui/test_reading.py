"""The tree marks ⟳ the file a worker is reading, once it has been reading it a while: a real
folder, a file that is slow to read (a test format waiting on a FIFO) and a quick one."""

from __future__ import annotations

import os
import time

from tui import messages as msg
from tui.app import ChunkscopeApp
from tui.widgets import file_tree
from tui.widgets.file_tree import FileTree

from ..storage import _testfmt
from .conftest import settle, wait_for


def label(app: ChunkscopeApp, path: str) -> str:
    node = app.main.query_one(FileTree).nodes.get(path)
    return str(node.label) if node is not None else ""


async def test_the_file_being_read_shows_indexing_and_a_quick_one_never_does(tmp_path, monkeypatch):
    from storage import indexing

    class WithTestFormats(indexing.Indexer):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, extra_modules=(_testfmt.__name__,), **kwargs)

    monkeypatch.setattr(indexing, "Indexer", WithTestFormats)  # as the app's sync worker builds it
    drawn: list[tuple[str, bool]] = []  # every label the tree made: (file name, drawn ⟳)

    def recording_label(row, name, **kwargs):
        drawn.append((name, kwargs.get("reading", False)))
        return original_label(row, name, **kwargs)

    original_label = file_tree.file_label
    monkeypatch.setattr(file_tree, "file_label", recording_label)
    fifo = tmp_path / "gate.fifo"
    os.mkfifo(fifo)
    root = tmp_path / "folder"
    root.mkdir()
    # one worker, larger files first: quick.md is read, then slow.gate waits on the FIFO
    (root / "quick.md").write_text("# Quick\n\n" + "Read in a moment, well under the mark's delay. " * 5)
    (root / "slow.gate").write_text(f"{fifo}\n\nRead once the test opens the gate.\n")
    assert (root / "quick.md").stat().st_size > (root / "slow.gate").stat().st_size
    app = ChunkscopeApp(root, image_renderer="halfcell", jobs=1)
    seen: list[object] = []
    try:
        async with app.run_test(size=(120, 40), message_hook=seen.append) as pilot:
            await wait_for(pilot, lambda: label(app, "slow.gate").startswith("⟳"), 60, "slow.gate marked")
            assert label(app, "slow.gate") == "⟳ slow.gate indexing"
            # quick.md was read before (its result may wait to be stored with slow.gate's)
            handled = {id(m): m for m in seen}.values()  # (a message is seen again as it bubbles up)
            started = [m.path for m in handled if isinstance(m, msg.FileStarted)]
            read = [m.path for m in handled if isinstance(m, msg.FileRead)]
            assert started == ["quick.md", "slow.gate"] and read == ["quick.md"], (started, read)
            assert not label(app, "quick.md").startswith("⟳")
            _testfmt.open_gate(str(fifo))
            await wait_for(pilot, lambda: label(app, "slow.gate").startswith("✔"), 30, "slow.gate indexed")
            await wait_for(pilot, lambda: label(app, "quick.md").startswith("✔"), 30, "quick.md indexed")
            await settle(pilot)
            # one paragraph after the FIFO's line: one chunk; a heading and a paragraph: two
            assert label(app, "slow.gate") == "✔ slow.gate 1"
            assert label(app, "quick.md") == "✔ quick.md 2"
            assert not app.main.reading and not app.main.query_one(FileTree).reading
    finally:
        _testfmt.open_gate(str(fifo), wait=False)
    assert ("slow.gate", True) in drawn
    assert ("quick.md", False) in drawn and ("quick.md", True) not in drawn


async def test_the_mark_waits_its_delay_and_goes_when_the_read_ends_before_the_result(indexed_corpus):
    # a worker done with a file whose result is not stored yet no longer reads it: the mark goes,
    # and the file is drawn from its row as it stands
    from tui.widgets.file_tree import READING_SHOWN_AFTER

    app = ChunkscopeApp(indexed_corpus, image_renderer="halfcell", watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: "notes.md" in app.main.query_one(FileTree).nodes)
        await settle(pilot)
        assert label(app, "notes.md") == "✔ notes.md 4"  # a heading, a paragraph, twice
        started = time.monotonic()
        app.main.post_message(msg.FileStarted("notes.md"))
        await wait_for(pilot, lambda: label(app, "notes.md").startswith("⟳"), 10, "notes.md marked")
        assert time.monotonic() - started >= READING_SHOWN_AFTER == 0.2
        assert label(app, "notes.md") == "⟳ notes.md indexing"
        app.main.post_message(msg.FileRead("notes.md"))
        await wait_for(pilot, lambda: label(app, "notes.md") == "✔ notes.md 4", 10, "the mark gone")


def test_help_says_how_long_a_file_is_read_before_it_shows_the_mark(monkeypatch):
    # the help's line for ⟳ names the delay the screen waits, from the constant the screen reads
    from rich.console import Console

    from tui.screens import help as help_screen
    from tui.widgets import file_tree

    def status_line() -> str:
        console = Console(width=200, record=True, color_system=None)
        console.print(help_screen.help_text())
        return next(line for line in console.export_text().splitlines() if line.startswith("⟳"))

    assert "200 ms" in status_line()
    monkeypatch.setattr(file_tree, "READING_SHOWN_AFTER", 0.35)
    assert "350 ms" in status_line() and "200 ms" not in status_line()
