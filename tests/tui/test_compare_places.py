"""The compare rows' places: a sheet's name with its row, a chunk's pages with their range, each
in a column as wide as its widest place (bounded), cut with '…' rather than pushing the content
type right; and the column heads share out the width so that each keeps its "sizes" label."""

from __future__ import annotations

from tui.widgets.compare_view import CompareGrid, short_where

from .conftest import NARROW, index, opened, settle

# sample_corpus/spreadsheets/regional_sales.xlsx (read with openpyxl): the sheet "Sales" has its
# title in row 1, its header in row 2 and its first region ("North", a kettle) in row 3; "Staff"
# has its header in row 1 and "Ada Lovelace" in row 2
SHEET_ROW = {"sheet_name": "Sales", "row_range": [3, 3], "source_lines": [5, 5]}
# a section of extra/all_round.docx: its heading "Images" on page 1, its second image on page 2
PAGES = {"page_number": 1, "page_end": 2, "source_lines": [30, 40]}


def test_a_place_names_the_sheet_and_the_page_range():
    assert short_where(SHEET_ROW) == "Sales r3"
    assert short_where(PAGES) == "p.1–2 L30"
    assert short_where({"page_number": 2, "page_end": 2, "source_lines": [4, 9]}) == "p.2 L4"
    assert short_where({"source_lines": [7, 9]}) == "L7"
    # short of room: the sheet's name is shortened before the row goes, the line before the pages
    assert short_where(SHEET_ROW, 7) == "Sal… r3"
    assert short_where(SHEET_ROW, 3) == "…r3"
    assert short_where(PAGES, 7) == "p.1–2"
    assert short_where({"sheet_name": "Quarterly figures", "source_lines": [3, 3]}, 12) == "Quarterl… L3"


def grid_lines(grid: CompareGrid) -> list[list[str]]:
    """The grid's lines as drawn, each split into its columns' cells."""
    return [grid.render_line(y).text.split("│") for y in range(grid.size.height)]


async def test_places_keep_the_content_type_in_its_column(indexed_corpus):
    async with opened(indexed_corpus, "spreadsheets/regional_sales.xlsx", tab="c") as pilot:
        grid = pilot.app.main.query_one(CompareGrid)
        rows = [cells[0] for cells in grid_lines(grid)[5:] if cells[0].strip()]
    # the row mode's first column: a chunk per row, the sheet named (the title's row, the picture
    # under it, which has no row of its own, then the first region)
    assert [row[:10] for row in rows[:3]] == [" Sales r1 ", " Sales L3 ", " Sales r3 "], rows[:3]
    assert " Staff r2 " in [row[:10] for row in rows], rows
    # every content type starts in the same cell, whatever the place before it
    starts = {row.index("row_doc") for row in rows}
    assert len(starts) == 1, rows


async def test_at_120_columns_every_column_keeps_its_sizes_label(indexed_corpus):
    async with opened(indexed_corpus, "extra/all_round.docx", tab="c") as pilot:
        grid = pilot.app.main.query_one(CompareGrid)
        lines = grid_lines(grid)
        widths = grid._widths()
    labels = [cell.split("(")[0].strip() for cell in lines[0]]
    assert labels == ["default", "section", "semantic"] or labels[1:] == ["section", "semantic"], labels
    assert all(cell.startswith(" sizes ") for cell in lines[1]), lines[1]
    assert max(widths) - min(widths) <= 2, widths
    # the "Images" section runs from page 1 to page 2, its place said in full, and the types of
    # the section column all start in one cell
    section = [cells[1] for cells in lines[5:] if len(cells) > 1 and cells[1].strip()]
    assert any(cell.startswith(" p.1–2 L30 section ") for cell in section), section
    assert len({cell.index("section") for cell in section}) == 1, section


def test_a_row_past_99_keeps_a_mark_of_its_sheet():
    # "Quarterly r112" in 7 cells: the name cut to one letter, then "…" for it; "r112" alone read
    # as a row of a file without sheets
    place = {"sheet_name": "Quarterly", "row_range": [112, 112]}
    assert short_where(place, 7) == "Q… r112"
    assert short_where(place, 5) == "…r112"
    assert short_where(place, 4) == "r112"
    # a name of wide characters: "売…" and the row take 8 cells, more than 7
    assert short_where({"sheet_name": "売上高", "row_range": [112, 112]}, 7) == "…r112"


async def test_at_80_columns_a_place_past_row_99_names_its_sheet_in_part(tmp_path):
    from openpyxl import Workbook

    root = tmp_path / "corpus"
    root.mkdir()
    book = Workbook()
    sheet = book.active
    sheet.title = "Quarterly figures"
    sheet.append(["Region", "Units"])
    for n in range(2, 121):  # rows 2 to 120: region n, n units
        sheet.append([f"Region {n}", n])
    book.save(root / "figures.xlsx")
    index(root)
    async with opened(root, "figures.xlsx", size=NARROW, tab="c") as pilot:
        grid = pilot.app.main.query_one(CompareGrid)
        grid.row = len(grid.rows) - 1  # the last rows: row 120 of the sheet in the row mode
        await settle(pilot)
        cells = [cells[0] for cells in grid_lines(grid)[5:] if cells[0].strip()]
    places = [cell.split("row_")[0].strip() for cell in cells]  # before the content type
    assert "r120" not in places, cells
    assert any(place.endswith("r120") and place != "r120" for place in places), cells
