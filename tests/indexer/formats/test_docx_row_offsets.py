"""A table row that leaves grid columns empty before its first cell (``w:trPr/w:gridBefore``,
as Word writes a row indented under a wider one, or the rows of a form's staggered table): its
cells stand under the columns after the ones it skips. They were read from the first column, so
each landed under its left neighbour's label, and a vertical merge continued in such a row took
the wrong column's text. The tables are built here; the expected cells are the grid's own."""

from __future__ import annotations

from tests.indexer.formats.test_docx import build_docx, docx

GRID = '<w:tblGrid><w:gridCol w:w="1500"/><w:gridCol w:w="1500"/><w:gridCol w:w="1500"/></w:tblGrid>'


def _tc(text: str, props: str = "") -> str:
    return f"<w:tc>{props}<w:p><w:r><w:t>{text}</w:t></w:r></w:p></w:tc>"


RESTART = '<w:tcPr><w:vMerge w:val="restart"/></w:tcPr>'
CONTINUE = "<w:tcPr><w:vMerge/></w:tcPr>"


def _before(n: int) -> str:
    return f'<w:trPr><w:gridBefore w:val="{n}"/><w:wBefore w:w="1500" w:type="dxa"/></w:trPr>'


def test_cells_after_grid_before_stand_under_their_own_columns():
    body = (
        f"<w:tbl>{GRID}"
        f"<w:tr>{_tc('Region')}{_tc('Site')}{_tc('Staff')}</w:tr>"
        f"<w:tr>{_before(1)}{_tc('Oslo')}{_tc('12')}</w:tr>"  # Region left empty
        f"<w:tr>{_tc('North')}{_tc('Bergen', RESTART)}{_tc('7')}</w:tr>"
        # the merge goes on in the second column, the row skipping the first
        f"<w:tr>{_before(1)}{_tc('', CONTINUE)}{_tc('3')}</w:tr>"
        f"<w:tr>{_before(2)}{_tc('40')}</w:tr>"  # only the last column
        "</w:tbl>"
    )
    (table,) = docx(build_docx(body)).blocks
    assert table.header == ("Region", "Site", "Staff")
    assert table.rows == (
        ("", "Oslo", "12"),
        ("North", "Bergen", "7"),
        ("", "Bergen", "3"),
        ("", "", "40"),
    )
    assert table.row_numbers == (2, 3, 4, 5)


def test_a_row_of_no_cells_after_grid_before_is_still_left_out():
    body = (
        f"<w:tbl>{GRID}<w:tr>{_tc('Item')}{_tc('Qty')}{_tc('Note')}</w:tr>"
        f"<w:tr>{_tc('Pens')}{_tc('4')}{_tc('blue')}</w:tr>"
        f"<w:tr>{_before(3)}</w:tr>"
        f"<w:tr>{_tc('Ink')}{_tc('2')}{_tc('black')}</w:tr></w:tbl>"
    )
    (table,) = docx(build_docx(body)).blocks
    assert table.rows == (("Pens", "4", "blue"), ("Ink", "2", "black"))
    assert table.row_numbers == (2, 4)
