"""Numbers in Excel's General format read as General shows them: in at most 11 characters (a
minus sign aside), decimals rounded to the digits that fit, exponents in capitals; whole numbers
keep all their digits, which General would turn into 1.23457E+11 past 11 of them, up to the 15
significant digits Excel keeps: past them, in scientific notation (1.23456789012346E+15)."""

from __future__ import annotations

import io

import pytest
from openpyxl import Workbook

from indexer import extract_bytes
from indexer.formats import spreadsheet
from indexer.formats._charts import _Shown
from indexer.formats.spreadsheet import _batch_cells, cell_text

from .test_merged_hidden_text import _number
from .test_spreadsheet import _cell, _ods

#: (value, what General shows), each worked out by hand from its rules
CASES = [
    (1 / 3, "0.333333333"),  # "0." and nine decimals
    (-1 / 3, "-0.333333333"),  # the sign does not count
    (200 / 3, "66.66666667"),
    (3.141592653589793, "3.141592654"),
    (1234567.891234, "1234567.891"),
    (0.000123456789, "0.000123457"),  # the zeros after the point take the place of digits
    (0.0123456789012, "0.012345679"),
    (12345678901.5, "12345678902"),  # 11 digits before the point, none after it
    (9999999999.99, "10000000000"),  # rounded up to 11 digits, still not in scientific notation
    (1e-05, "1E-05"),  # below 0.0001: scientific, Python wrote 1e-05
    (-1.2345678e-07, "-1.23457E-07"),  # six significant digits at most
    (1.5e20, "1.5E+20"),
    (0.1 + 0.2, "0.3"),
    (2.5, "2.5"),
    (0.0001, "0.0001"),
    # kept whole, or in 15 significant digits, where General would drop digits of the number
    (123456789012.0, "123456789012"),
    (123456789012.34, "123456789012.34"),
    (999999999999999.0, "999999999999999"),  # 15 digits, all of them significant
    # Excel keeps 15 significant digits: 16 digits or more in scientific notation, whole or not
    (1234567890123456.0, "1.23456789012346E+15"),  # 16 digits, the last rounding the 15th up
    (-1234567890123456.0, "-1.23456789012346E+15"),
    (1e15, "1E+15"),
    (1234567890123456.7, "1.23456789012346E+15"),
    (12345678901234567.0, "1.23456789012346E+16"),  # stored as the double 12345678901234568
]


@pytest.mark.parametrize(("value", "text"), CASES)
def test_a_number_reads_as_general_shows_it(value, text):
    assert cell_text(value) == text
    # a column of numbers is converted at once, to the same text
    assert _batch_cells([[value], [2.0], [""]]) == [(text,), ("2",), ("",)]


def test_a_workbook_s_general_cells_read_as_excel_shows_them():
    wb = Workbook()
    ws = wb.active
    ws.append(["item", "share", "rate"])
    ws.append(["pears", 1 / 7, 0.00002])
    ws.append(["plums", 2 / 7, 1.5])
    ws["B3"].number_format = "0.000000000000"  # a format of its own shows its own digits
    out = io.BytesIO()
    wb.save(out)
    (table,) = extract_bytes(out.getvalue(), "shares.xlsx").blocks
    # 0.142857142857143 and 2E-05 were read as 0.142857142857143 and 2e-05
    assert table.rows == (("pears", "0.142857143", "2E-05"), ("plums", "0.285714285714", "1.5"))


#: a card number of 16 digits and one of 15 beside it, in the General format
LONG = (1234567890123456, 123456789012345)
#: Excel shows the first in 15 significant digits (its General cell 1.23457E+15 at the default
#: width, 1234567890123450 once typed in); the second whole
LONG_SHOWN = ("1.23456789012346E+15", "123456789012345")


def _xlsx_long() -> bytes:
    wb = Workbook()
    wb.active.append(["card", "short"])
    wb.active.append(list(LONG))
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def _xls_long() -> bytes:
    import xlwt

    book = xlwt.Workbook()
    sheet = book.add_sheet("Cards")
    for col, (name, value) in enumerate(zip(("card", "short"), LONG, strict=True)):
        sheet.write(0, col, name)
        sheet.write(1, col, float(value))  # a NUMBER record: the double itself
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _xlsb_long(tmp_path) -> bytes:
    from pyxlsbwriter import XlsbWriter

    path = tmp_path / "cards.xlsb"
    with XlsbWriter(str(path)) as writer:
        writer.add_sheet("Cards")
        writer.write_sheet([["card", "short"], [float(v) for v in LONG]])
    return path.read_bytes()


def _ods_long(manifest: bool) -> bytes:
    row = "".join(_number(v) for v in LONG)
    body = (
        f'<table:table table:name="Cards"><table:table-row>{_cell("card")}{_cell("short")}'
        f"</table:table-row><table:table-row>{row}</table:table-row></table:table>"
    )
    return _ods(body, manifest=manifest)


@pytest.mark.parametrize(
    ("name", "build"),
    [
        ("cards.xlsx", lambda tmp_path: _xlsx_long()),
        ("cards.xls", lambda tmp_path: _xls_long()),
        ("cards.xlsb", _xlsb_long),
        ("cards.ods", lambda tmp_path: _ods_long(True)),
        ("cards.ods", lambda tmp_path: _ods_long(False)),  # read by the streaming reader
    ],
    ids=["xlsx", "xls", "xlsb", "ods", "ods-streaming"],
)
def test_a_number_of_16_digits_reads_in_the_15_excel_keeps(name, build, tmp_path):
    (table,) = extract_bytes(build(tmp_path), name).blocks
    # it read 1234567890123456, a digit neither Excel nor LibreOffice shows
    assert table.rows == (LONG_SHOWN,)


def test_a_whole_number_openpyxl_gives_reads_as_the_same_float_does():
    # openpyxl reads a number stored without a point as an int
    backend = spreadsheet.OpenpyxlBackend(_xlsx_long())
    try:
        (_, first), (_, second) = backend.read(backend.sheets[0]).rows
    finally:
        backend.close()
    assert [type(v) for v in second] == [int, int]
    assert tuple(map(cell_text, second)) == LONG_SHOWN


def test_a_chart_s_general_values_read_as_its_cells_do():
    assert _Shown("General", False).text("0.33333333333333331") == "0.333333333"
    assert _Shown("General", False).text("1234567890123456") == "1.23456789012346E+15"


@pytest.mark.shared
def test_a_pivot_table_s_averages_read_as_excel_shows_them(real_world):
    data = (real_world / "xlsx" / "calamine" / "pivots.xlsx").read_bytes()
    doc = extract_bytes(data, "pivots.xlsx")
    rows = [row for b in doc.blocks if b.kind == "table" for row in b.rows if row and row[0] == "yellow"]
    # C4 and E4 hold 8.3333333333333339 and 25.54830580535134 in the General format: they read
    # 8.33333333333333 and 25.5483058053513
    assert rows[0][:5] == ("yellow", "6.25552", "8.333333333", "3", "25.54830581")
