"""A compare cell keeps a blank column before the rule of the next column: text filling its cell
ran straight into the ``│`` (``…1,272│``, ``This doc│``), so two columns read as one line."""

from __future__ import annotations

from tui.widgets.compare_view import CompareGrid

from .conftest import index, make_app, open_file, settle

WORDS = "the tide filled the rock pool at the station and the crabs hid under the weed again"


async def test_every_cell_leaves_a_space_before_the_next_columns_rule(tmp_path):
    root = tmp_path / "corpus"
    root.mkdir()
    # long paragraphs and large sizes: every column's text and statistics fill their cells
    paragraphs = [f"Pool {n} " + " ".join([WORDS] * 9) + "." for n in range(8)]
    (root / "pools.md").write_text("# Pools\n\n" + "\n\n".join(paragraphs) + "\n", encoding="utf-8")
    index(root)
    app = make_app(root)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_file(pilot, "pools.md")
        await pilot.press("c")
        await settle(pilot)
        grid = app.main.query_one(CompareGrid)
        assert len(grid.columns) >= 2
        widths = grid._widths()
        checked = 0
        for y in range(grid.size.height):
            line = grid.render_line(y).text
            cells = line.split("│")
            if len(cells) != len(widths):  # the rule under the heads (┼), or a blank line
                continue
            for cell in cells[:-1]:  # the last column ends at the scrollbar, not at a rule
                if cell.strip():
                    assert cell.endswith(" "), (y, line)
                    checked += 1
        # the column heads and statistics (4 lines) and the chunk rows: a cell of text on each
        assert checked >= 8, checked
