"""The mode bar and the help screen show their texts as they are written: they are built as
Content and Text with their styles given, so no name, note, key or description is read as
markup (a backslash was doubled, a bracketed word taken for a style)."""

from __future__ import annotations

from rich.console import Console
from textual.app import App, ComposeResult

from tui.screens import help as help_screen
from tui.widgets.mode_bar import ModeBar

from .conftest import settle
from .test_app import make_app, open_file

#: a mode name and a parameter note holding what markup would read: a backslash before a
#: bracket (markup's escape), a style's name in brackets, a closing tag
ODD_MODE = "x\\[y]"
ODD_NOTE = "a=[/] b=[bold]\\"


class BarApp(App):
    def compose(self) -> ComposeResult:
        yield ModeBar()


async def test_the_mode_bar_shows_names_and_note_as_they_are():
    app = BarApp()
    async with app.run_test(size=(100, 3)) as pilot:
        bar = app.query_one(ModeBar)
        bar.show(["plain", ODD_MODE, "weird[b]"], "weird[b]", ODD_NOTE)
        await pilot.pause()
        segments = list(bar.render_line(0))
        line = "".join(s.text for s in segments).rstrip()
        assert line == "1 plain 2 x\\[y] 3 weird[b] · a=[/] b=[bold]\\", line
        by_text = {s.text: s.style for s in segments}
        # the other modes are links to their number key's action, the current one stands out
        assert by_text["1 plain"].meta["@click"] == "screen.mode(1)"
        assert by_text["2 x\\[y]"].meta["@click"] == "screen.mode(2)"
        current = by_text["3 weird[b]"]
        assert current.bold and current.reverse and "@click" not in current.meta
        assert by_text["· a=[/] b=[bold]\\"].dim


async def test_clicking_a_mode_in_the_bar_switches_to_it(indexed_corpus):
    app = make_app(indexed_corpus)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_file(pilot, "notes.md")
        bar = app.main.query_one(ModeBar)
        line = bar.render_line(0).text
        second = app.main.modes()[1]
        assert app.main.mode != second
        # "2 structural", or "2 str" beside "1 default (structural)": the second label either way
        await pilot.click(bar, offset=(line.index(" 2 ") + 2, 0))
        await settle(pilot)
        assert app.main.mode == second


def test_help_shows_keys_and_descriptions_as_they_are(monkeypatch):
    keys = [("[", "the [b]previous[/b] chunk, \\[not a tag]"), ("]", "the next one")]
    monkeypatch.setattr(help_screen, "KEYS", keys)
    console = Console(width=100, record=True, color_system=None)
    console.print(help_screen.help_text())
    lines = [line.rstrip() for line in console.export_text().splitlines()]
    assert lines[0] == "chunkscope — what each chunking mode does to the files of a folder"
    # each key, two spaces (the grid's padding), its description
    assert "[  the [b]previous[/b] chunk, \\[not a tag]" in lines, lines
    assert "]  the next one" in lines, lines
