"""Control characters in a document (a build log's colour codes, a bell, a C1 CSI) reach the
screen as visible stand-ins, never as themselves: written to the terminal as they are, ESC and CSI
begin escape sequences that colour, clear or retitle it (``ESC [2J`` cleared the whole screen,
``ESC ]0;…BEL`` set the terminal's title)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tui.present import printable
from tui.screens.metadata import MetadataScreen
from tui.screens.search import SearchScreen

from .conftest import index, opened, settle, wait_for
from .test_app import open_search

LOG = "build.txt"
# One paragraph, then another; the second has an OSC (retitle), a C1 CSI (U+009B) and DEL.
LOG_TEXT = (
    "Build \x1b[31mfailed\x1b[0m at step 3\x07\n"
    "\n"
    "Screen \x1b[2J cleared, title \x1b]0;pwned\x07 set, csi \x9b1m and del \x7f end\n"
)
# What is shown, written out by hand: ESC is U+241B (␛), BEL U+2407 (␇), DEL U+2421 (␡), a C1
# character U+FFFD (�), each one character for one.
SHOWN_FIRST = "Build ␛[31mfailed␛[0m at step 3␇"
SHOWN_SECOND = "Screen ␛[2J cleared, title ␛]0;pwned␇ set, csi �1m and del ␡ end"
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("controls") / "corpus"
    root.mkdir()
    (root / LOG).write_text(LOG_TEXT, encoding="utf-8")
    return index(root)


def screen_text(app) -> str:
    """Every character the screen draws, row by row."""
    update = app.screen._compositor.render_full_update()
    return "\n".join("".join(seg.text for strip in row for seg in strip) for row in update.strips)


def test_printable_replaces_each_control_character_by_one_visible_character():
    assert printable(LOG_TEXT) == f"{SHOWN_FIRST}\n\n{SHOWN_SECOND}\n"
    assert printable("tab\tstays\n") == "tab\tstays\n"
    assert printable("Zürich — 北京") == "Zürich — 北京"  # printable characters past ASCII stay


async def test_a_log_s_escape_codes_show_as_stand_ins_in_every_pane(corpus):
    async with opened(corpus, LOG) as pilot:
        app = pilot.app
        for key in ("escape", "s", "c"):
            await pilot.press(key)
            await settle(pilot)
            shown = screen_text(app)
            assert not CONTROL.findall(shown), (key, CONTROL.findall(shown))
            # the compare pane's columns show the chunk's start
            assert ("Build ␛[" if key == "c" else SHOWN_FIRST) in shown, (key, shown)
        # the chunk's text in its metadata screen
        await pilot.press("escape")
        await settle(pilot)
        await pilot.click("#chunk-list")
        await pilot.press("home", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, MetadataScreen), what="the metadata screen")
        await settle(pilot)
        shown = screen_text(app)
        assert not CONTROL.findall(shown), CONTROL.findall(shown)
        assert SHOWN_FIRST in shown, shown
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, MetadataScreen), what="the main screen")
        # a search hit's snippet
        await open_search(pilot)
        await pilot.press(*"pwned")
        await wait_for(pilot, lambda: app.screen.hits, what="a hit")
        await settle(pilot)
        shown = screen_text(app)
        assert isinstance(app.screen, SearchScreen)
        assert not CONTROL.findall(shown), CONTROL.findall(shown)
        assert "␛]0;" in shown, shown
