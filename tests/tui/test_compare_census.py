"""The compare columns' content-type line names the commonest type even where its name is longer
than the column: at 80 columns a document made mostly of ``short_disconnected_paragraph`` chunks
(beijing_chinese.html) showed a lone ``…`` there."""

from __future__ import annotations

import re

from tui.present import ChunkStats
from tui.widgets.compare_view import CompareGrid

from .conftest import index, settle
from .test_app import make_app, open_file

STATS = ChunkStats(
    count=380,
    smallest=1,
    median=49,
    largest=1307,
    over_budget=1,
    budget=1200,
    census=(("short_disconnected_paragraph", 190), ("image", 150), ("heading", 40)),
    spark="█▂▁",
)


def test_the_commonest_type_is_shortened_before_it_is_left_out():
    assert STATS.lines(60)[2] == "short_disconnected_paragraph 190, image 150, heading 40"
    assert STATS.lines(40)[2] == "short_disconnected_paragraph 190, …"
    # 21 cells: " 190, …" takes 7, "…" 1, the name the 13 left
    assert STATS.lines(21)[2] == "short_disconn… 190, …"
    assert STATS.lines(14)[2] == "short_… 190, …"
    assert STATS.lines(9)[2] == "…"  # no room for three letters of it
    one = ChunkStats(5, 1, 2, 3, 0, None, (("long_single_paragraph", 5),), "▁")
    # the only type: no ", …" after it; 12 cells: 2 for " 5", 1 for "…", 9 for the name
    assert one.lines(12)[2] == "long_sing… 5"


async def test_at_80_columns_the_compare_columns_name_their_commonest_type(tmp_path):
    root = tmp_path / "corpus"
    root.mkdir()
    line = "the tide filled the rock pool at station {n} and the crabs hid under the weed"
    paragraphs = [f"Pool {n} " + " ".join([line.format(n=n)] * 4) + "." for n in range(12)]
    (root / "pools.md").write_text("# Pools\n\n" + "\n\n".join(paragraphs) + "\n", encoding="utf-8")
    index(root)
    app = make_app(root)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_file(pilot, "pools.md")
        await pilot.press("c")
        await settle(pilot)
        grid = app.main.query_one(CompareGrid)
        first = grid.columns[0]
        # twelve paragraphs of 310 characters or so, three to a chunk (the CLI: lines 3–7, 9–13,
        # …), and the heading
        assert first.stats.census == (("long_single_paragraph", 4), ("heading", 1))
        cell = grid.render_line(3).text.split("│")[0].strip()
        # the name cut, the count of its chunks whole, the other type (the heading) left out
        assert re.fullmatch(r"long_\w+… 4, …", cell), cell
