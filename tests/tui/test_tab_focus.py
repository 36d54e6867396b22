"""The key of a tab gives the tab's view the focus: after 'm' or 'i' nothing had it (the chunk
list, focused before, was hidden with its tab), so the arrows and page keys did nothing until a
click, and the footer offered only the screen's keys."""

from __future__ import annotations

from tui.widgets.chunk_list import ChunkList
from tui.widgets.images_panel import PlaceholderList
from tui.widgets.manifest_panel import ManifestPanel

from .conftest import NARROW, opened, settle


async def test_each_tab_key_focuses_its_view_and_pressed_again_the_chunk_list(indexed_corpus):
    async with opened(indexed_corpus, "extra/all_round.docx", size=NARROW) as pilot:
        app = pilot.app
        app.main.query_one(ChunkList).focus()
        await settle(pilot)
        for key, view in (("m", ManifestPanel), ("i", PlaceholderList)):
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.focused, view), (key, app.focused)
            await pilot.press(key)  # again: back to the chunks
            await settle(pilot)
            assert isinstance(app.focused, ChunkList), (key, app.focused)
        # from one tab straight to another
        await pilot.press("m")
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        assert isinstance(app.focused, PlaceholderList), app.focused
