"""A note under a sheet's table (a sentence in one cell after a blank row) is a paragraph after
the table, not a row of it labelled by the table's first column."""

from __future__ import annotations

import io

from openpyxl import Workbook

from indexer import extract_bytes
from indexer.api import extract


def book(rows: list[list[object]], merge: str | None = None) -> bytes:
    wb = Workbook()
    ws = wb.active
    ws.title = "Data"
    for row in rows:
        ws.append(row)
    if merge:
        ws.merge_cells(merge)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def blocks(data: bytes) -> list[tuple]:
    return [
        (b.kind, b.text, b.meta["row_range"])
        if b.kind == "paragraph"
        else (b.kind, b.header, b.rows, b.row_numbers)
        for b in extract_bytes(data, "t.xlsx").blocks
    ]


TABLE = [["Region", "Units", "Price"], ["North", 12, 2.5], ["South", 7, 3]]
NOTE = "Figures are in thousands of units"


def test_a_sentence_after_a_blank_row_under_the_table_is_a_note():
    # it was a row of the table: Region: Figures are in thousands of units | Units: | Price:
    assert blocks(book([*TABLE, [], [NOTE]])) == [
        ("table", ("Region", "Units", "Price"), (("North", "12", "2.5"), ("South", "7", "3")), (2, 3)),
        ("paragraph", NOTE, [5, 5]),
    ]


def test_notes_merged_across_the_table_are_said_once_each():
    source = "Source: the regional offices, March 2024"
    assert blocks(book([*TABLE, [], [NOTE], [source, None, None]], merge="A6:C6"))[1:] == [
        ("paragraph", NOTE, [5, 5]),
        ("paragraph", source, [6, 6]),
    ]


def test_rows_that_are_not_notes_stay_rows_of_the_table():
    # right under the table (no blank row), a label of two words, a name under names
    for rows, kept in [
        ([*TABLE, [NOTE]], (NOTE, "", "")),
        ([*TABLE, [], ["Grand total"]], ("Grand total", "", "")),
        (
            [["Name", "Role"], ["Ann Lee", "Engineer"], ["Bo Chan", "Clerk"], [], ["Jean de la Fontaine"]],
            ("Jean de la Fontaine", ""),
        ),
    ]:
        found = blocks(book(rows))
        assert [b[0] for b in found] == ["table"]
        assert found[0][2][-1] == kept


def test_the_note_of_a_real_workbook(real_world):
    # any_sheets.xlsx, sheet Visible: A1:B3 = 1 2 / 3 4 / 5 6, a blank row, then in A5 a sentence
    # about the workbook, which was the last row: "Column 1: This workbook contains … | Column 2:"
    doc = extract(real_world / "xlsx/calamine/any_sheets.xlsx")
    visible = [b for b in doc.blocks if b.meta["sheet_name"] == "Visible"]
    assert [(b.kind, b.rows, b.row_numbers) for b in visible] == [
        ("table", (("1", "2"), ("3", "4"), ("5", "6")), (1, 2, 3)),
        ("paragraph", (), ()),
    ]
    assert visible[1].text == "This workbook contains 4 sheets: Visible, Hidden, VeryHidden and Chart"
    assert visible[1].meta["row_range"] == [5, 5]
