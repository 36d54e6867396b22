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


def last_row(app) -> str:
    """The screen's last row as drawn: the text of the screenshot's last line of cells."""
    svg = app.export_screenshot()
    rows: dict[float, list[tuple[float, str]]] = {}
    for x, y, text in re.findall(r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>', svg):
        rows.setdefault(float(y), []).append((float(x), html.unescape(text)))
    cells = sorted(rows[max(rows)])
    return "".join(text for _, text in cells).replace("\xa0", " ")


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
