"""A merged range shows its top-left cell's value over all its cells, as Excel and LibreOffice
show it: a text another cell of the range keeps (an .ods's covered cell, which LibreOffice keeps
when cells are merged and hides; a value an .xlsx's XML holds under a merge) is not read."""

from __future__ import annotations

import io

import pytest
from openpyxl import Workbook

from indexer import extract_bytes

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


@pytest.mark.parametrize("manifest", [True, False], ids=["calamine", "streaming-reader"])
def test_an_ods_covered_cell_shows_the_merge_s_value_not_its_hidden_text(manifest):
    doc = extract_bytes(_ods(ODS_BODY, manifest=manifest), "covered.ods")
    # "south" stood under "north" as a region of its own, "old sales" over the third column
    assert _table(doc) == (
        ["B1:C1", "A2:A3"],
        ("region", "sales", "sales"),
        (("north", "5", "6"), ("north", "7", "8")),
    )


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


@pytest.mark.shared
def test_the_covered_cell_of_a_real_ods_shows_the_merge_s_text(real_world):
    data = (real_world / "ods" / "calamine" / "covered.ods").read_bytes()
    # A2:A3 merged, "a2" shown over both; A3 is a covered cell keeping the text "a3"
    doc = extract_bytes(data, "covered.ods")
    assert _table(doc) == (["A2:A3"], ("Column 1",), (("a1",), ("a2",), ("a2",)))
