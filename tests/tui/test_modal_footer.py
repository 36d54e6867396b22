"""A dialog's footer offers its own keys: under the help, a chunk's metadata, the search and the
mode parameters the main screen's footer showed through ('⏎ metadata', 'c compare', 'R report'),
keys the dialog does not answer."""

from __future__ import annotations

import html
import re

import pytest

from tui.screens.help import HelpScreen
from tui.screens.metadata import MetadataScreen
from tui.screens.params import ParamsScreen
from tui.screens.search import SearchScreen
from tui.widgets.chunk_list import ChunkList

from .conftest import NARROW, SIZE, opened, settle, wait_for


def screen_rows(app) -> list[str]:
    """The screen's rows as drawn, top to bottom: the text of the screenshot's lines of cells."""
    svg = app.export_screenshot()
    rows: dict[float, list[tuple[float, str]]] = {}
    for x, y, text in re.findall(r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>', svg):
        rows.setdefault(float(y), []).append((float(x), html.unescape(text)))
    return ["".join(text for _, text in sorted(rows[y])).replace("\xa0", " ") for y in sorted(rows)]


def last_row(app) -> str:
    """The screen's last row as drawn."""
    return screen_rows(app)[-1]


@pytest.mark.parametrize("size", [SIZE, NARROW])
async def test_a_dialog_shows_its_own_keys_in_the_footer(indexed_corpus, size):
    dialogs = [
        ("question_mark", HelpScreen, "close"),
        ("enter", MetadataScreen, "close"),
        ("slash", SearchScreen, "close"),
        ("5 p", ParamsScreen, "cancel"),  # the sliding window, whose parameters the dialog sets
    ]
    async with opened(indexed_corpus, "notes.md", size=size) as pilot:
        app = pilot.app
        app.main.query_one(ChunkList).focus()  # enter on a chunk opens its metadata
        await settle(pilot)
        main_keys = last_row(app)
        assert "compare" in main_keys or "metadata" in main_keys, main_keys
        for keys, screen, action in dialogs:
            await pilot.press(*keys.split())
            await wait_for(pilot, lambda screen=screen: isinstance(app.screen, screen), what=screen.__name__)
            await settle(pilot)
            line = last_row(app)
            assert action in line, (screen.__name__, line)
            for word in ("compare", "metadata", "manifest", "report", "images"):
                assert word not in line, (screen.__name__, line)
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is app.main, what="back to the main screen")
            await settle(pilot)


@pytest.mark.parametrize("size", [SIZE, NARROW])
async def test_a_dialog_says_once_that_escape_closes_it(indexed_corpus, size):
    # the footer's 'esc close' says it: a line 'escape: close' in the metadata dialog, and
    # 'escape closes this window.' at the end of the help, said it a second time
    dialogs = [("question_mark", HelpScreen), ("enter", MetadataScreen), ("slash", SearchScreen)]
    async with opened(indexed_corpus, "notes.md", size=size) as pilot:
        app = pilot.app
        app.main.query_one(ChunkList).focus()
        await settle(pilot)
        for key, screen in dialogs:
            await pilot.press(key)
            await wait_for(pilot, lambda screen=screen: isinstance(app.screen, screen), what=screen.__name__)
            await settle(pilot)
            views = [screen_rows(app)]
            if screen is HelpScreen:  # the help's last lines, where the second mention was
                await pilot.press("end")
                await settle(pilot)
                views.append(screen_rows(app))
            for *above, footer in views:
                assert "esc" in footer and "close" in footer, (screen.__name__, footer)
                said = [row for row in above if "close" in row and "esc" in row]
                assert not said, (screen.__name__, said)
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is app.main, what="back to the main screen")
            await settle(pilot)
