"""A merged range shows its top-left cell's value over all its cells, as Excel and LibreOffice
show it: a text another cell of the range keeps (an .ods's covered cell, which LibreOffice keeps
when cells are merged and hides; a value an .xlsx's XML holds under a merge) is not read, even
when the top-left cell is empty (the range shows nothing), and is listed as hidden."""

from __future__ import annotations

import io

import pytest
from openpyxl import Workbook

from indexer import extract_bytes
from indexer.formats.spreadsheet import merge_hidden

from ._zip import unzipped, zipped
from .test_spreadsheet import _cell, _ods


def _covered(text: str) -> str:
    return f'<table:covered-table-cell office:value-type="string"><text:p>{text}</text:p></table:covered-table-cell>'


def _number(value: int) -> str:
    return f'<table:table-cell office:value-type="float" office:value="{value}"><text:p>{value}</text:p></table:table-cell>'


#: region | sales merged over B1:C1 (C1 hiding "old sales"); north merged down over A2:A3 (A3
#: hiding "south"), 5 6 and 7 8 beside it
ODS_BODY = (
    '<table:table table:name="S"><table:table-row>'
    + _cell("region")
    + _cell("sales", 'table:number-columns-spanned="2"')
    + _covered("old sales")
    + "</table:table-row><table:table-row>"
    + _cell("north", 'table:number-rows-spanned="2"')
    + _number(5)
    + _number(6)
    + "</table:table-row><table:table-row>"
    + _covered("south")
    + _number(7)
    + _number(8)
    + "</table:table-row></table:table>"
)


def _table(doc):
    (table,) = [b for b in doc.blocks if b.kind == "table"]
    return table.meta["merged"], table.header, table.rows


def _hidden(doc) -> list[tuple[str, str, bool]]:
    return [(s.name, s.reason, s.on_purpose) for s in doc.coverage.skipped if s.what == "hidden"]


#: the listing of ODS_BODY's hidden texts, C1's "old sales" and A3's "south"
HIDDEN_C1_A3 = (
    "the values of 2 cells (C1, A3) under a merged range, which shows its top-left cell's value "
    "alone (hidden, not read)"
)


@pytest.mark.parametrize("manifest", [True, False], ids=["calamine", "streaming-reader"])
def test_an_ods_covered_cell_shows_the_merge_s_value_not_its_hidden_text(manifest):
    doc = extract_bytes(_ods(ODS_BODY, manifest=manifest), "covered.ods")
    # "south" stood under "north" as a region of its own, "old sales" over the third column
    assert _table(doc) == (
        ["B1:C1", "A2:A3"],
        ("region", "sales", "sales"),
        (("north", "5", "6"), ("north", "7", "8")),
    )
    # what the ranges hide is said (it was dropped without a word)
    assert _hidden(doc) == [("S", HIDDEN_C1_A3, True)]
    assert not doc.coverage.has_warning


def test_an_xlsx_cell_under_a_merge_shows_the_merge_s_value_as_the_ods_does():
    wb = Workbook()
    for row in (["region", "sales", "old sales"], ["north", 5, 6], ["south", 7, 8]):
        wb.active.append(row)
    out = io.BytesIO()
    wb.save(out)
    parts = unzipped(out.getvalue())
    sheet = parts["xl/worksheets/sheet1.xml"].decode()
    merges = '<mergeCells count="2"><mergeCell ref="B1:C1"/><mergeCell ref="A2:A3"/></mergeCells>'
    assert sheet.count("</sheetData>") == 1
    parts["xl/worksheets/sheet1.xml"] = sheet.replace("</sheetData>", "</sheetData>" + merges).encode()
    doc = extract_bytes(zipped(parts), "covered.xlsx")
    assert _table(doc) == (
        ["B1:C1", "A2:A3"],
        ("region", "sales", "sales"),
        (("north", "5", "6"), ("north", "7", "8")),
    )
    assert _hidden(doc) == [("Sheet", HIDDEN_C1_A3, True)]


#: region | a range merged over B1:C1 whose first cell is empty, C1 keeping "sales"; A2:A3 merged
#: down, A2 empty and A3 keeping "south"; 5 6 and 7 8 beside it
EMPTY_TOP_LEFT = [["region", None, "sales"], [None, 5, 6], ["south", 7, 8]]
#: Excel and LibreOffice show B1:C1 and A2:A3 blank: the first row's one text heads the columns
EMPTY_TOP_LEFT_SHOWN = (
    ["B1:C1", "A2:A3"],
    ("region", "Column 2", "Column 3"),
    (("", "5", "6"), ("", "7", "8")),
)


def _xlsx_merged(rows, ranges) -> bytes:
    """A workbook of ``rows`` (openpyxl), its ``ranges`` merged by editing the sheet's XML: the
    values under them stay, as a file written by some tools keeps them."""
    wb = Workbook()
    for row in rows:
        wb.active.append(row)
    out = io.BytesIO()
    wb.save(out)
    parts = unzipped(out.getvalue())
    sheet = parts["xl/worksheets/sheet1.xml"].decode()
    cells = "".join(f'<mergeCell ref="{ref}"/>' for ref in ranges)
    merges = f'<mergeCells count="{len(ranges)}">{cells}</mergeCells>'
    assert sheet.count("</sheetData>") == 1
    parts["xl/worksheets/sheet1.xml"] = sheet.replace("</sheetData>", "</sheetData>" + merges).encode()
    return zipped(parts)


def _xls_merged(rows, ranges) -> bytes:
    """A BIFF8 workbook (xlwt) of ``rows``, with ``ranges`` ((row0, row1, col0, col1), 0-based)
    merged, the values under them kept."""
    import xlwt

    book = xlwt.Workbook()
    sheet = book.add_sheet("Sheet", cell_overwrite_ok=True)
    for r0, r1, c0, c1 in ranges:  # blank cells over the range, the values written over them
        sheet.merge(r0, r1, c0, c1)
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            if value is not None:
                sheet.write(r, c, value)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _ods_empty_top_left(manifest: bool) -> bytes:
    body = (
        '<table:table table:name="Sheet"><table:table-row>'
        + _cell("region")
        + '<table:table-cell table:number-columns-spanned="2"/>'
        + _covered("sales")
        + "</table:table-row><table:table-row>"
        + '<table:table-cell table:number-rows-spanned="2"/>'
        + _number(5)
        + _number(6)
        + "</table:table-row><table:table-row>"
        + _covered("south")
        + _number(7)
        + _number(8)
        + "</table:table-row></table:table>"
    )
    return _ods(body, manifest=manifest)


@pytest.mark.parametrize(
    ("name", "build"),
    [
        ("blank.xlsx", lambda: _xlsx_merged(EMPTY_TOP_LEFT, ["B1:C1", "A2:A3"])),
        ("blank.xls", lambda: _xls_merged(EMPTY_TOP_LEFT, [(0, 0, 1, 2), (1, 2, 0, 0)])),
        ("blank.ods", lambda: _ods_empty_top_left(True)),
        ("blank.ods", lambda: _ods_empty_top_left(False)),  # the streaming reader
    ],
    ids=["xlsx", "xls", "ods", "ods-streaming"],
)
def test_a_merged_range_with_an_empty_first_cell_shows_nothing(name, build):
    doc = extract_bytes(build(), name)
    # "sales" headed the third column and "south" stood in the first, where Excel shows a blank
    assert _table(doc) == EMPTY_TOP_LEFT_SHOWN
    assert _hidden(doc) == [("Sheet", HIDDEN_C1_A3, True)]
    assert not doc.coverage.has_warning


def test_a_hidden_text_does_not_make_its_row_a_header():
    # D1:G1 merged, D1 empty: the first row shows id 7 8 and a blank, a row of data (its three
    # hidden texts would make it four texts of six filled cells, two thirds, a header)
    data = _xlsx_merged([["id", 7, 8, None, "p", "q", "r"], ["x", 9, 10, 11, 12, 13, 14]], ["D1:G1"])
    doc = extract_bytes(data, "row.xlsx")
    (table,) = [b for b in doc.blocks if b.kind == "table"]
    assert table.meta.get("has_header") is False
    assert table.rows == (("id", "7", "8", "", "", "", ""), ("x", "9", "10", "11", "12", "13", "14"))


def test_a_value_a_merged_range_shows_is_not_listed_as_hidden():
    # B1:C1 merged, C1 holding B1's own text (a writer that fills each cell): nothing is lost
    doc = extract_bytes(_xlsx_merged([["region", "sales", "sales"], ["north", 5, 6]], ["B1:C1"]), "same.xlsx")
    assert _table(doc)[1] == ("region", "sales", "sales")
    assert _hidden(doc) == []


def test_the_listing_names_ten_cells_and_counts_the_others():
    cells = [(0, c) for c in range(1, 13)]
    listed = merge_hidden("Data", cells)
    assert (listed.what, listed.name, listed.on_purpose) == ("hidden", "Data", True)
    assert listed.reason.startswith(
        "the values of 12 cells (B1, C1, D1, E1, F1, G1, H1, I1, J1, K1 and 2 more)"
    )


@pytest.mark.shared
def test_the_covered_cell_of_a_real_ods_shows_the_merge_s_text(real_world):
    data = (real_world / "ods" / "calamine" / "covered.ods").read_bytes()
    # A2:A3 merged, "a2" shown over both; A3 is a covered cell keeping the text "a3"
    doc = extract_bytes(data, "covered.ods")
    assert _table(doc) == (["A2:A3"], ("Column 1",), (("a1",), ("a2",), ("a2",)))
    assert _hidden(doc) == [
        (
            "sheet1",
            "the value of 1 cell (A3) under a merged range, which shows its top-left cell's value alone "
            "(hidden, not read)",
            True,
        )
    ]
