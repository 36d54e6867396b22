"""The chunk metadata screen at small terminals: the tree keeps most of the rows, the text under
it takes a few, and the screen still fits down to 60×20."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from tui.screens.metadata import MetadataScreen

from .conftest import NARROW, SIZE, build_corpus, index, opened, settle, wait_for


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    return index(build_corpus(tmp_path_factory.mktemp("meta") / "corpus", sample=False))


async def _open_metadata(pilot) -> MetadataScreen:
    app = pilot.app
    await pilot.click("#chunk-list")
    await pilot.press("end", "enter")
    await wait_for(pilot, lambda: isinstance(app.screen, MetadataScreen), what="the metadata screen")
    await settle(pilot)
    return app.screen


async def test_tree_gets_most_rows_at_80x24(corpus):
    # 24 rows: the dialog's border 2, its title 1, the text 3 under a rule 1, the hint 1 leave 16
    # for the tree; 12 asks for well over twice the 5 it had (85% of the height, padding and 8
    # rows of text took the rest).
    async with opened(corpus, "notes.md", size=NARROW) as pilot:
        screen = await _open_metadata(pilot)
        tree = screen.query_one("#metadata-tree")
        assert tree.size.height >= 12
        content = screen.query_one("#metadata-content")
        assert content.size.height >= 3  # the text is still shown, a few lines of it
        assert screen.region.contains_region(screen.query_one("#metadata-box").region)


async def test_tall_terminal_keeps_its_layout(corpus):
    # 120×40: the dialog is 85% of the height over the footer with padding, and 8 rows of text
    # under the tree
    async with opened(corpus, "notes.md", size=SIZE) as pilot:
        screen = await _open_metadata(pilot)
        box = screen.query_one("#metadata-box")
        assert box.size.height == 33 - 2 - 2  # int(39 * 0.85) less the border and the padding
        assert screen.query_one("#metadata-content").outer_size.height == 8  # the rule included


@pytest.mark.parametrize("size", [(100, 30), (60, 20)])
async def test_other_small_sizes_fit(corpus, size):
    async with opened(corpus, "notes.md", size=size) as pilot:
        screen = await _open_metadata(pilot)
        box = screen.query_one("#metadata-box")
        region = screen.region
        assert region.contains_region(box.region)
        tree = screen.query_one("#metadata-tree")
        assert tree.size.height >= 8
        children = list(box.children)
        # every part of the dialog has a row of its own, inside the dialog, none overlapping
        for above, below in pairwise(children):
            assert above.region.bottom <= below.region.y
        assert all(c.size.height >= 1 for c in children)
        assert children[-1].region.bottom <= box.content_region.bottom


async def test_the_default_mode_is_named_with_the_mode_it_stands_for(corpus):
    # the screen said "default" where the manifest's chunker says "structural": the default mode
    # of a document is structural chunking, and every place naming it alone says so (the mode bar
    # lists "2 structural" beside it and names it as listed)
    from tui.widgets.compare_view import CompareGrid
    from tui.widgets.mode_bar import ModeBar

    async with opened(corpus, "notes.md") as pilot:
        app = pilot.app
        assert app.main.mode == "default"
        assert app.main.query_one(ModeBar).render().plain.startswith("1 default 2 structural 3 section ")
        screen = await _open_metadata(pilot)
        heading = screen.query_one("Static").render().plain
        assert heading.endswith("  notes.md · default (structural)"), heading
        await pilot.press("escape")
        await pilot.press("c")
        await settle(pilot)
        assert app.main.query_one(CompareGrid).columns[0].label == "default (structural)"


async def test_a_label_too_long_for_the_tree_ends_in_an_ellipsis(corpus):
    # the chunk id (64 hex digits) ran past the dialog's edge at 80 columns, cut with nothing to
    # say so, and the tree scrolled sideways to show the rest
    for size, cut in ((NARROW, True), ((200, 40), False)):
        async with opened(corpus, "notes.md", size=size) as pilot:
            screen = await _open_metadata(pilot)
            tree = screen.query_one("#metadata-tree")
            lines = [tree.render_line(y).text.rstrip() for y in range(tree.size.height)]
            room = tree.scrollable_content_region.width
            assert tree.virtual_size.width <= room, (tree.virtual_size, room)
            line = next(line for line in lines if "id: " in line)
            shown = line.split("id: ", 1)[1]
            if cut:
                assert shown.endswith("…") and len(line) == room, (line, room)
                assert screen.chunk.id.startswith(shown[:-1]) and len(shown) > 20, shown
            else:
                assert shown == screen.chunk.id, line
