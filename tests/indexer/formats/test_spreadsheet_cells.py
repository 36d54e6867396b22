"""Cells converted a column of a batch of rows at a time give exactly what cell_text gives each."""

from __future__ import annotations

import datetime as dt
import io
import math

import openpyxl
from hypothesis import given, settings
from hypothesis import strategies as st

from indexer import extract, get_chunks
from indexer.formats.spreadsheet import RawSheet, _batch_cells, cell_text, read_table

_values = st.one_of(
    st.text(max_size=4),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.0, -0.0, 1e15, -1e15, 999999999999999.0, 1e16 - 2, 0.1 + 0.2, 392.0]),
    st.dates(),
    st.datetimes(),
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
)


@settings(max_examples=300, deadline=None)
@given(
    kind=st.sampled_from(["float", "date", "any"]),
    width=st.integers(1, 4),
    data=st.data(),
)
def test_batch_cells_equal_cell_text(kind, width, data):
    """Columns mostly of one type with a few strings among them (blank cells, a "total" row),
    or of anything at all."""
    main = {
        "float": st.floats(-1e16, 1e16)
        | st.integers(-(10**16), 10**16).map(float)
        | st.sampled_from([0.0, -0.0, math.nan, math.inf]),
        "date": st.dates(),
        "any": _values,
    }[kind]
    cell = st.one_of(main, main, main, st.sampled_from(["", "total"]))
    rows = data.draw(st.lists(st.lists(cell, min_size=width, max_size=width), min_size=1, max_size=12))
    expected = [tuple(map(cell_text, r)) for r in rows]
    assert _batch_cells(rows) == expected


def test_floats_as_a_person_reads_them():
    # whole numbers without ".0" (up to 1e16), 15 significant digits, -0.0 as 0
    column = [392.0, -0.0, 0.1 + 0.2, 123456789012345.0, 1234567890123456.0, 1e16, math.inf, "", "total"]
    rows = [[v] for v in column]
    assert [r[0] for r in _batch_cells(rows)] == [
        "392",
        "0",
        "0.3",
        "123456789012345",
        "1234567890123456",
        "1e+16",
        "inf",
        "",
        "total",
    ]
    # a column whose every value is below 1e15 in size (mapped as a whole)
    small = [[1.0], [-0.0], [2.5], [""], [-7.0]]
    assert [r[0] for r in _batch_cells(small)] == ["1", "0", "2.5", "", "-7"]
    dates = [[dt.date(2024, 5, 18)], [""], [dt.date(1999, 12, 31)]]
    assert _batch_cells(dates) == [("2024-05-18",), ("",), ("1999-12-31",)]


def test_read_table_converts_rows_past_the_first_in_batches():
    """A sheet longer than the rows converted one by one: every row as cell_text makes it."""
    header = ["id", "amount", "due"]
    body = [[float(i), i * 1.25 if i % 7 else "", dt.date(2024, 1, 1 + i % 28)] for i in range(1, 40)]
    body[20][1] = "total"
    table = read_table(RawSheet(iter(enumerate([header, *body]))), char_budget=10**6)
    assert table is not None and table.has_header and table.header == ("id", "amount", "due")
    assert table.rows[0] == ("1", "1.25", "2024-01-02")
    assert table.rows[6] == ("7", "", "2024-01-08")  # 7 % 7 == 0: the empty cell
    assert table.rows[20] == ("21", "total", "2024-01-22")
    assert table.rows == tuple(tuple(map(cell_text, r)) for r in body)
    assert table.row_numbers == tuple(range(2, 41))


# -- percentages: the number as its format shows it ---------------------------------------------


def _percent_book(rows, formats) -> bytes:
    wb = openpyxl.Workbook()
    ws = wb.active
    for row in rows:
        ws.append(row)
    for (r, c), fmt in formats.items():
        ws.cell(r, c).number_format = fmt
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def test_percentages_read_as_their_format_shows_them():
    # 0.755 at "0%" is 75.5 % rounded half away from zero: 76%, as Excel shows it
    formats = {(2, 2): "0%", (2, 3): "0.00%", (3, 2): "0%", (3, 3): "0.0%", (2, 4): '"$"#,##0.00'}
    data = _percent_book(
        [
            ["Region", "Share", "Growth", "Amount"],
            ["North", 0.25, 0.125, 1234.5],
            ["South", 0.755, -0.0005, 99],
        ],
        formats,
    )
    (table,) = extract(data, filename="p.xlsx").blocks
    assert table.rows == (("North", "25%", "12.50%", "1234.5"), ("South", "76%", "-0.1%", "99"))
    chunks = get_chunks(data, filename="p.xlsx")
    assert chunks[0]["content"] == "Region: North | Share: 25% | Growth: 12.50% | Amount: 1234.5"


def test_a_first_row_of_percentages_is_data_not_a_header():
    # "25%" is text in the table, but a number when the header is looked for
    data = _percent_book([[0.25, 0.5], [0.75, 1.0]], {(1, 1): "0%", (1, 2): "0%", (2, 1): "0%", (2, 2): "0%"})
    (table,) = extract(data, filename="p.xlsx").blocks
    assert not table.meta.get("has_header", True) and table.header == ("Column 1", "Column 2")
    assert table.rows == (("25%", "50%"), ("75%", "100%"))


def test_a_literal_percent_sign_is_no_percentage():
    # '0"%"' writes a % after the number without scaling it: Excel shows 25 as 25%, and the
    # cell's value is what is read
    data = _percent_book([["a", "b"], ["x", 25]], {(2, 2): '0"%"'})
    (table,) = extract(data, filename="p.xlsx").blocks
    assert table.rows == (("x", "25"),)
