"""Cells converted a column of a batch of rows at a time give exactly what cell_text gives each."""

from __future__ import annotations

import datetime as dt
import html
import io
import math
import struct
import zipfile

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from indexer import extract, get_chunks
from indexer.formats import _xls, _xlsb, spreadsheet
from indexer.formats._cells import RawSheet
from indexer.formats._numfmt import DateFormat, TimeParts, compile_format, date_kind, text_format, time_parts
from indexer.formats.spreadsheet import _batch_cells, cell_text, read_table

from ._zip import zipped

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
    # whole numbers without ".0" (below 1e15), 15 significant digits, -0.0 as 0
    column = [392.0, -0.0, 0.1 + 0.2, 123456789012345.0, 1234567890123456.0, 1e16, math.inf, "", "total"]
    rows = [[v] for v in column]
    assert [r[0] for r in _batch_cells(rows)] == [
        "392",
        "0",
        "0.3",
        "123456789012345",
        "1.23456789012346E+15",  # Excel keeps 15 significant digits
        "1E+16",
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
    assert table.rows == (("North", "25%", "12.50%", "$1,234.50"), ("South", "76%", "-0.1%", "99"))
    chunks = get_chunks(data, filename="p.xlsx")
    assert chunks[0]["content"] == "Region: North | Share: 25% | Growth: 12.50% | Amount: $1,234.50"


def test_a_first_row_of_percentages_is_data_not_a_header():
    # "25%" is text in the table, but a number when the header is looked for
    data = _percent_book([[0.25, 0.5], [0.75, 1.0]], {(1, 1): "0%", (1, 2): "0%", (2, 1): "0%", (2, 2): "0%"})
    (table,) = extract(data, filename="p.xlsx").blocks
    assert not table.meta.get("has_header", True) and table.header == ("Column 1", "Column 2")
    assert table.rows == (("25%", "50%"), ("75%", "100%"))


def test_a_literal_percent_sign_is_no_percentage():
    # '0"%"' writes a % after the number without scaling it: Excel shows 25 as 25%, not 2500%
    data = _percent_book([["a", "b"], ["x", 25]], {(2, 2): '0"%"'})
    (table,) = extract(data, filename="p.xlsx").blocks
    assert table.rows == (("x", "25%"),)


# -- number formats: thousands, decimals, currencies, negative sections, scientific -------------

_SHOWN = [
    # (format code, stored value, what Excel shows)
    ("0.00", "1234.5", "1234.50"),
    ("0.00", "2.0049999999999999", "2.01"),  # the double of 2.005: 15 digits kept, then rounded
    ("#,##0", "1234.5", "1,235"),  # half away from zero
    ("#,##0", "-1234.4", "-1,234"),
    ("#,##0.00", "1234567.891", "1,234,567.89"),
    ('"$"#,##0.00_);("$"#,##0.00)', "1234.5", "$1,234.50"),
    ('"$"#,##0.00_);("$"#,##0.00)', "-1234.5", "($1,234.50)"),
    ("#,##0.00_);[Red](#,##0.00)", "-1234", "(1,234.00)"),
    ("$#,##0.00", "-12.5", "-$12.50"),  # one section: the minus sign first
    ("[$€-407] #,##0.00", "12.5", "€ 12.50"),
    ("#,##0.00\\ [$€-407]", "12.5", "12.50 €"),
    ('#,##0.00\\ "EUR"', "3", "3.00 EUR"),
    ("0.00_ ;[Red]\\-0.00\\ ", "-5", "-5.00"),
    # a negative section marked by its colour only: the text has no colour, so it keeps the minus
    ("#,##0.00;[Red]#,##0.00", "-1234.5", "-1,234.50"),
    ("#,##0.00;[Red]#,##0.00", "1234.5", "1,234.50"),
    ("0.0;[Red]0.0", "-2.25", "-2.3"),
    ('"$"#,##0_);[Red]"$"#,##0_)', "-1500", "-$1,500"),
    ("0.00;0.00", "-1", "-1.00"),
    ("0.00E+00", "1234567", "1.23E+06"),
    ("0.00E+00", "0.000123", "1.23E-04"),
    ("0.00E+00", "999999", "1.00E+06"),  # the mantissa rounds up to 10: one more in the exponent
    ("##0.0E+0", "12345", "12.3E+3"),  # engineering: exponents in threes
    ("0.0#", "1.5", "1.5"),
    ("0.0#", "1.555", "1.56"),
    ("0.0%", "-0.0005", "-0.1%"),
    ('#,##0;(#,##0);"-"', "0", "-"),  # a section for zero
    ('_("$"* #,##0.00_);_("$"* \\(#,##0.00\\);_("$"* "-"??_);_(@_)', "-3.5", "$ (3.50)"),
    ('_("$"* #,##0.00_);_("$"* \\(#,##0.00\\);_("$"* "-"??_);_(@_)', "0", "$ -"),
    # a comma after the last placeholder divides by a thousand, once per comma
    ("#,##0,", "1234567", "1,235"),
    ('#,##0,"K"', "1234567", "1,235K"),
    ('#,##0.0,,"M"', "1234567", "1.2M"),
    ('$#,##0.00,,"M"', "-2500000", "-$2.50M"),
    ("0,.0", "12345", "12.3"),  # before the point too
    ("#,##0,", "499", "0"),
    # text between integer placeholders stays put, the digits filling them from the right
    ("000-00-0000", "123456789", "123-45-6789"),  # Excel's Social Security Number
    ("000-00-0000", "12345678", "012-34-5678"),
    ("00000-0000", "981011234", "98101-1234"),  # Zip Code + 4
    ("[<=9999999]###-####;(###) ###-####", "5551234", "555-1234"),  # Phone Number
    ("[<=9999999]###-####;(###) ###-####", "2125551234", "(212) 555-1234"),
    ("000-0000", "123456789", "12345-6789"),  # digits beyond the placeholders go to the first
    ("###-####", "12", "-12"),  # a # without a digit shows nothing, the text stays
    # fractions: the nearest one whose denominator has as many digits as its placeholders
    ("# ?/?", "1.5", "1 1/2"),
    ("# ?/?", "3.14159", "3 1/7"),  # 1/7 = 0.142857 is nearer 0.14159 than 1/8 or 2/9
    ("# ??/??", "3.14159", "3 14/99"),  # 14/99 = 0.141414
    ("# ?/?", "0.5", "1/2"),  # a zero whole number is not written at #
    ("0 ?/?", "0.5", "0 1/2"),  # and is at 0
    ("# ?/?", "-1.25", "-1 1/4"),
    ("# ?/?", "2", "2"),  # no fraction left: the whole number alone
    ("# ?/?", "0.96", "1"),  # 1/1 is nearer than 8/9
    ("?/?", "1.5", "3/2"),  # without a whole number, improper
    # a fixed denominator: the number's parts of it rounded half up (SheetJS's SSF, as Excel),
    # the fraction not reduced, a whole number alone where no part is left
    ("# ?/8", "2.375", "2 3/8"),  # 19 eighths exactly
    ("# ?/8", "2.4", "2 3/8"),  # 19.2 eighths: 19
    ("# ?/8", "2.4375", "2 4/8"),  # 19.5 eighths: 20, half up
    ("# ?/8", "2.5", "2 4/8"),  # 20 eighths, not 2 1/2
    ("# ?/8", "3", "3"),
    ("# ?/8", "2.99", "3"),  # 23.92 eighths: 24, three whole
    ("# ?/8", "0.375", "3/8"),
    ("0 ?/8", "0.375", "0 3/8"),
    ("# ?/8", "-2.375", "-2 3/8"),
    ("?/8", "2.375", "19/8"),
    ("# ??/16", "2.3", "2 5/16"),  # 36.8 sixteenths: 37 = 2 × 16 + 5
    ("# ?/10", "1.25", "1 3/10"),  # 12.5 tenths: 13
]


@pytest.mark.parametrize(("code", "value", "shown"), _SHOWN)
def test_numbers_shown_as_their_format_shows_them(code, value, shown):
    assert compile_format(code).show(value) == shown


@pytest.mark.parametrize(
    "code",
    [
        "General",
        "@",
        "yyyy-mm-dd",
        "[h]:mm",
        '"Total: "@',  # a text section alone: a number keeps its own
        "0.00 00",  # text between decimals
        "#,##0-00",  # text among grouped digits
        "0-0E+00",  # text between the digits of a mantissa
        "[>x]0.0;0",  # a condition that compares with no number
        "0;[>100]0.0",  # a condition on the second section alone
        "0;0;[>100]0.0",  # Excel takes none on the third
        '0;"neg"',  # a negative section without the number
    ],
)
def test_formats_not_understood_keep_the_plain_number(code):
    assert compile_format(code) is None


@pytest.mark.parametrize(
    ("code", "shown"),
    [
        ('"Total: "@', "Total: paper"),  # one section, holding @: text's
        ('0;-0;0;"Item "@', "Item paper"),  # the fourth section is text's
        ('[Blue]"Note: "@" (check)"', "Note: paper (check)"),  # a colour is no text
        ('_("$"* #,##0_);_("$"* \\(#,##0\\);_("$"* "-"_);_("ref "@_)', "ref paper"),
        ("\\>@", ">paper"),
    ],
)
def test_a_text_section_shows_a_text_cell_with_its_words(code, shown):
    assert text_format(code).show("paper") == shown


@pytest.mark.parametrize(
    "code",
    [
        "@",  # the text alone: nothing to change
        "_(@_)",  # padding alone (the built-in 41-44's text section)
        "0.00;-0.00;;@",  # the text alone, as the last section
        "[$-409]m/d/yy;@",
        '0;-0;0;"n/a"',  # no @: Excel shows n/a alone, the cell's own text is kept
        "0.00",  # no text section
        "General",
        "[>1]@",  # a condition on text is not read
    ],
)
def test_text_sections_that_change_nothing_or_are_not_read(code):
    assert text_format(code) is None


def _text_book() -> bytes:
    # text cells in formats with text sections, numbers in fractions of fixed denominators
    return _percent_book(
        [["Label", "Kind", "Length", "Bore"], ["paper", "tray", 2.375, 2.3], ["ink", "jet", 3, 0.5]],
        {
            (2, 1): '"Total: "@',
            (2, 2): '0;-0;0;"Item "@',
            (2, 3): "# ?/8",
            (2, 4): "# ??/16",
            (3, 1): '"Total: "@',
            (3, 3): "# ?/8",
            (3, 4): "# ?/8",
        },
    )


def test_text_sections_and_fixed_denominators_read_as_excel_shows_them():
    data = _text_book()
    with zipfile.ZipFile(io.BytesIO(data)) as zf:  # as written: shared strings under the styles
        styles = html.unescape(zf.read("xl/styles.xml").decode())
        sheet = zf.read("xl/worksheets/sheet1.xml").decode()
    assert 'formatCode=""Total: "@"' in styles and 'formatCode="0;-0;0;"Item "@"' in styles
    assert '<c r="A2" s="1" t="inlineStr"><is><t>paper</t></is></c>' in sheet
    (table,) = extract(data, filename="t.xlsx").blocks
    # 2.3 = 36.8 sixteenths: 37 = 2 5/16; 0.5 at # ?/8 four eighths, not reduced
    assert table.rows == (("Total: paper", "Item tray", "2 3/8", "2 5/16"), ("Total: ink", "jet", "3", "4/8"))


def test_text_sections_cover_shared_inline_and_formula_text_cells():
    # Excel writes a text cell's text in the shared strings (t="s"), a formula's text result as
    # t="str"; a number (t="n") and a boolean of the same style are no text
    part = (
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
        '<row r="1"><c r="A1" s="1" t="s"><v>0</v></c><c r="B1" s="1" t="str"><f>A1</f><v>x</v></c>'
        '<c r="C1" s="1" t="inlineStr"><is><t>y</t></is></c><c r="D1" s="1"><v>5</v></c>'
        '<c r="E1" s="1" t="b"><v>1</v></c><c r="F1" s="2" t="s"><v>1</v></c></row>'
        "</sheetData></worksheet>"
    )
    shown = text_format('"Total: "@')
    with zipfile.ZipFile(io.BytesIO(zipped({"xl/worksheets/sheet1.xml": part}))) as zf:
        found = spreadsheet.sheet_numbers(zf, "xl/worksheets/sheet1.xml", {}, {1: shown})
    assert found == {0: {0: shown, 1: shown, 2: shown}}


def test_text_sections_read_as_excel_shows_them_through_openpyxl():
    backend = spreadsheet.OpenpyxlBackend(_text_book())
    try:
        rows = [[cell_text(v) for v in values] for _, values in backend.read(backend.sheets[0]).rows]
    finally:
        backend.close()
    assert rows[1][:2] == ["Total: paper", "Item tray"] and rows[2][:2] == ["Total: ink", "jet"]


def test_fractions_read_as_their_format_shows_them():
    # openpyxl stores "# ?/?" and "# ??/??" as the built-in formats 12 and 13, as Excel does
    data = _percent_book(
        [["Part", "Length", "Bore"], ["Pipe", 2.375, 0.3125]],
        {(2, 2): "# ?/?", (2, 3): "# ??/??"},
    )
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        styles = zf.read("xl/styles.xml").decode()
    assert 'numFmtId="12"' in styles and 'numFmtId="13"' in styles and "?/?" not in styles
    (table,) = extract(data, filename="p.xlsx").blocks
    # 0.375 nearest in ninths and below: 3/8; 0.3125 = 5/16 exactly
    assert table.rows == (("Pipe", "2 3/8", "5/16"),)


def test_phone_numbers_and_thousands_read_as_their_formats_show_them():
    # a contact list whose numbers are stored as numbers and shown by Excel's Special formats,
    # and amounts in thousands: the cells read as the sheet shows them, no longer 2125551234
    phone = "[<=9999999]###-####;(###) ###-####"
    data = _percent_book(
        [["Name", "Phone", "SSN", "Budget"], ["Ada", 2125551234, 78051120, 1234567]],
        {(2, 2): phone, (2, 3): "000-00-0000", (2, 4): '#,##0,"K"'},
    )
    (table,) = extract(data, filename="p.xlsx").blocks
    assert table.rows == (("Ada", "(212) 555-1234", "078-05-1120", "1,235K"),)


@pytest.mark.parametrize(
    ("code", "value", "shown"),
    [
        # the first section's condition holds: its format; else the second section's
        ("[>0.5]0.0%;0%", "0.75", "75.0%"),
        ("[>0.5]0.0%;0%", "0.25", "25%"),
        ("[>0.5]0.0%;0%", "0.5", "50%"),  # > is strict
        ("[>0.5]0.0%;0%", "-0.2", "-20%"),  # the second section is no negative one here
        ("[Red][<=100]0;[Blue][>100]0.00", "150", "150.00"),
        ("[Red][<=100]0;[Blue][>100]0.00", "100", "100"),
        ("[>=1000]#,##0;0.0", "999.94", "999.9"),
        # both first sections conditional: the third for the rest
        ('[>1]0.0;[<-1]0.0;"small"', "0.5", "small"),
        ('[>1]0.0;[<-1]0.0;"small"', "-2", "-2.0"),
        ('[>1]0.0;[<-1]0.0;"small"', "2", "2.0"),
        ('[=1]"one";0', "1", "one"),
        ('[<>0]0.0;"none"', "0", "none"),
    ],
)
def test_a_condition_picks_the_section(code, value, shown):
    assert compile_format(code).show(value) == shown


def test_a_number_no_condition_admits_keeps_its_number():
    # one section whose condition fails, or two of two: Excel fills the cell with #
    assert compile_format("[>100]0.0").show("5") is None
    assert compile_format("[>100]0.0;[<0]0").show("5") is None


def test_a_workbook_shows_numbers_by_their_formats_conditions():
    data = _percent_book(
        [["Item", "Share", "Odd"], ["a", 0.25, 0.25], ["b", 0.75, 0.75]],
        {(2, 2): "[>0.5]0.0%;0%", (3, 2): "[>0.5]0.0%;0%", (2, 3): "[>x]0.0%;0%", (3, 3): "[>x]0.0%;0%"},
    )
    (table,) = extract(data, filename="c.xlsx").blocks
    # a condition that cannot be read keeps the stored number
    assert table.rows == (("a", "25%", "0.25"), ("b", "75.0%", "0.75"))


def test_a_workbook_shows_numbers_as_their_formats_show_them():
    formats = {
        (2, 2): "#,##0.00",
        (2, 3): '"$"#,##0.00_);("$"#,##0.00)',
        (2, 4): "0.00E+00",
        (3, 2): "#,##0.00",
        (3, 3): '"$"#,##0.00_);("$"#,##0.00)',
        (3, 4): "[$€-407] #,##0.00",
        (2, 5): "General",
    }
    data = _percent_book(
        [
            ["Item", "Qty", "Price", "Mass", "Note"],
            ["bolt", 1234.5, 0.5, 1234567, 7.25],
            ["nut", 12, -1234, 12.5, 3],
        ],
        formats,
    )
    (table,) = extract(data, filename="n.xlsx").blocks
    assert table.header == ("Item", "Qty", "Price", "Mass", "Note")
    assert table.rows == (
        ("bolt", "1,234.50", "$0.50", "1.23E+06", "7.25"),
        ("nut", "12.00", "($1,234.00)", "€ 12.50", "3"),
    )
    # the built-in ids are read without a format code of their own in the workbook
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["a", "b", "c"])
    ws.append([1234.5, -1234.5, 1234.5])
    for col, fmt in ((1, 3), (2, 39), (3, 11)):
        ws.cell(2, col).number_format = openpyxl.styles.numbers.BUILTIN_FORMATS[fmt]
    buf = io.BytesIO()
    wb.save(buf)
    (table,) = extract(buf.getvalue(), filename="b.xlsx").blocks
    assert table.rows == (("1,235", "(1,234.50)", "1.23E+03"),)


def test_negatives_shown_in_red_keep_their_minus_sign():
    # "#,##0.00;[Red]#,##0.00" is one of Excel's negative-number choices: 1,200.00 in red; the
    # colour is lost in the text, so the minus stays, and expenses do not read as income
    code = "#,##0.00;[Red]#,##0.00"
    data = _percent_book(
        [["Entry", "Amount"], ["Salary", 3000], ["Rent", -1200], ["Food", -450.5]],
        {(2, 2): code, (3, 2): code, (4, 2): code},
    )
    (table,) = extract(data, filename="budget.xlsx").blocks
    assert table.rows == (("Salary", "3,000.00"), ("Rent", "-1,200.00"), ("Food", "-450.50"))


def test_a_zero_its_format_hides_keeps_its_number():
    # "0.00;-0.00;;@" shows nothing for zero: the cell would read as empty, so 0 is kept
    assert compile_format("0.00;-0.00;;@").show("0") == ""
    data = _percent_book([["a", "b"], ["x", 0], ["y", 2]], {(2, 2): "0.00;-0.00;;@", (3, 2): "0.00;-0.00;;@"})
    (table,) = extract(data, filename="z.xlsx").blocks
    assert table.rows == (("x", "0"), ("y", "2.00"))


def test_a_workbook_of_dates_only_does_not_parse_its_styles(monkeypatch):
    data = _percent_book([["day", "n"], [dt.date(2024, 5, 1), 3]], {(2, 1): "yyyy-mm-dd"})
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        assert b"yyyy-mm-dd" in zf.read("xl/styles.xml")

        def refuse(*args, **kwargs):
            raise AssertionError("styles.xml parsed")

        monkeypatch.setattr(spreadsheet, "xml_fromstring", refuse)
        assert spreadsheet.number_styles(zf) == {}


def test_formatted_numbers_still_tell_a_second_tables_header():
    # after a blank row, "Item | Price" heads a column of prices formatted "$"#,##0.00: shown as
    # "$1.00", "$2.50" (all of one length, as "Price" is), they are still numbers under a label
    rows = [
        ["Region", "Units"],
        ["North", 10],
        ["South", 12],
        [None, None],
        ["Item", "Price"],
        ["bolt", 1],
        ["nut", 2.5],
        ["gear", 4],
    ]
    data = _percent_book(rows, {(r, 2): '"$"#,##0.00' for r in (6, 7, 8)})
    first, second = extract(data, filename="t.xlsx").blocks
    assert first.header == ("Region", "Units") and len(first.rows) == 2
    assert second.header == ("Item", "Price")
    assert second.rows == (("bolt", "$1.00"), ("nut", "$2.50"), ("gear", "$4.00"))


# -- legacy .xls: the number format of each cell's XF record ---------------------------------------


def _xls_book() -> bytes:
    """A BIFF8 workbook (xlwt) of numbers in every record a cell's number takes: B2:D2 one MULRK
    (0.25 at ``0.0%``, 1234.5 at ``"$"#,##0.00_);("$"#,##0.00)``, a plain 7), B3 a NUMBER
    (0.123 at ``0.0%``), C3 an RK (-12 in the currency format), E3 a plain 0.5, and B4 a FORMULA
    whose cached result xlwt leaves empty, patched to the number 0.375 (at ``0.0%``). The page
    header's text holds the bytes of a NUMBER record putting 99 at ``0.0%`` in E3: not a record
    (it lies inside the HEADER record), and not E3's number either."""
    import xlwt

    book = xlwt.Workbook()
    sheet = book.add_sheet("Data")
    pct = xlwt.easyxf(num_format_str="0.0%")
    money = xlwt.easyxf(num_format_str='"$"#,##0.00_);("$"#,##0.00)')
    for col, text in enumerate(["item", "share", "price", "plain"]):
        sheet.write(0, col, text)
    sheet.write(1, 0, "bolts")
    sheet.write(1, 1, 0.25, pct)
    sheet.write(1, 2, 1234.5, money)
    sheet.write(1, 3, 7)
    sheet.write(2, 0, "nuts")
    sheet.write(2, 1, 0.123, pct)
    sheet.write(2, 2, -12, money)
    sheet.write(2, 3, "x")
    sheet.write(2, 4, 0.5)
    sheet.write(3, 0, "sum")
    sheet.write(3, 1, xlwt.Formula("B2+B3"), pct)
    fake = b"\x03\x02\x0e\x00" + struct.pack("<HHHd", 2, 4, 0x12, 99.0)  # XF 0x12: the first style, pct
    sheet.header_str = b"Z" * len(fake)
    out = io.BytesIO()
    book.save(out)
    data = out.getvalue()
    empty_result = b"\x03\x00\x00\x00\x00\x00\xff\xff"
    assert data.count(empty_result) == 1 and data.count(b"Z" * len(fake)) == 1
    data = data.replace(b"Z" * len(fake), fake)
    assert _xls.xls_cells(data).styles[0x12].show("0.5") == "50.0%"
    return data.replace(empty_result, struct.pack("<d", 0.375))


def test_xls_numbers_read_as_their_format_shows_them():
    data = _xls_book()
    kinds = _xls_records(data)
    assert {0x00BD, 0x0203, 0x027E, 0x0006} <= kinds  # MULRK, NUMBER, RK, FORMULA
    # the search finds the record in the page header's text; calamine read 0.5 in E3, not 99
    assert (4, 99.0, 0x12) in _xls.xls_cells(data).numbers["Data"][2]
    (table,) = extract(data, filename="n.xls").blocks
    assert table.header == ("item", "share", "price", "plain", "Column 5")
    assert table.rows == (
        ("bolts", "25.0%", "$1,234.50", "7", ""),
        ("nuts", "12.3%", "($12.00)", "x", "0.5"),
        ("sum", "37.5%", "", "", ""),
    )
    chunks = get_chunks(data, filename="n.xls")
    assert chunks[0]["content"] == "item: bolts | share: 25.0% | price: $1,234.50 | plain: 7"


def test_a_first_row_of_xls_percentages_is_data_not_a_header():
    import xlwt

    book = xlwt.Workbook()
    sheet = book.add_sheet("Data")
    pct = xlwt.easyxf(num_format_str="0%")
    for row, values in enumerate([(0.25, 0.5), (0.75, 1)]):
        for col, value in enumerate(values):
            sheet.write(row, col, value, pct)
    out = io.BytesIO()
    book.save(out)
    (table,) = extract(out.getvalue(), filename="p.xls").blocks
    assert table.meta["has_header"] is False
    assert table.rows == (("25%", "50%"), ("75%", "100%"))


@pytest.mark.parametrize(
    ("rk", "number"),
    [
        (0x000000CB, 0.5),  # the integer 50, over 100
        (0xFFFFFFD2, -12),  # the integer -12
        (0x3FF80000, 1.5),  # the high 30 bits of the double 1.5
        (0x3FF80001, 0.015),  # the same, over 100
    ],
)
def test_rk_values(rk, number):
    assert _xls._rk(rk) == number


def test_an_xls_of_general_numbers_searches_no_sheet(monkeypatch):
    import xlwt

    book = xlwt.Workbook()
    sheet = book.add_sheet("Data")
    sheet.write(0, 0, "plain")
    sheet.write(0, 1, 0.25)
    out = io.BytesIO()
    book.save(out)

    def search(*args):
        raise AssertionError("sheets searched")

    monkeypatch.setattr(_xls, "_xls_numbers", search)
    assert _xls.xls_cells(out.getvalue()) == _xls.XlsCells()


def _xls_records(data: bytes) -> set[int]:
    import olefile

    stream = olefile.OleFileIO(data).openstream("Workbook").read()
    kinds, at = set(), 0
    while at + 4 <= len(stream):
        kind, size = struct.unpack_from("<HH", stream, at)
        kinds.add(kind)
        at += 4 + size
    return kinds


# -- .xlsb: the number formats of xl/styles.bin, error cells of the sheet parts -------------------


def _b12(kind: int, body: bytes) -> bytes:
    """One BIFF12 record: its type and size in seven bits a byte, then its data."""
    head = bytes([kind]) if kind < 0x80 else bytes([kind & 0x7F | 0x80, kind >> 7])
    size, out = len(body), bytearray()
    while True:
        out.append(size & 0x7F | (0x80 if size > 0x7F else 0))
        size >>= 7
        if not size:
            return head + bytes(out) + body


def _b12_parse(data: bytes):
    """``(type, data)`` of each BIFF12 record, read the way Excel's specification tells."""
    at = 0
    while at < len(data):
        kind = data[at]
        at += 1
        if kind & 0x80:
            kind, at = kind & 0x7F | (data[at] & 0x7F) << 7, at + 1
        size = shift = 0
        while True:
            byte, at = data[at], at + 1
            size |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                break
        yield kind, data[at : at + size]
        at += size


def _xlsb_book(tmp_path) -> bytes:
    """A workbook written by pyxlsbwriter (every cell in XF 0, General), then patched: two cell
    styles added to xl/styles.bin (XF 4 in the built-in format 10, ``0.00%``; XF 5 in the custom
    format 168, ``"$"#,##0.00_);("$"#,##0.00)``), B2 and B3 (doubles 0.25, 0.125) put in XF 4,
    C2 (the double 1234.5) and C3 (the RK -12) in XF 5, and D2 and D3 (doubles 1.0 and 2.0)
    replaced by error cells #DIV/0! and #N/A."""
    from pyxlsbwriter import XlsbWriter

    path = tmp_path / "book.xlsb"
    with XlsbWriter(str(path)) as writer:
        writer.add_sheet("Data")
        writer.write_sheet(
            [["item", "share", "price", "check"], ["bolt", 0.25, 1234.5, 1.0], ["nut", 0.125, -12, 2.0]]
        )
    money = '"$"#,##0.00_);("$"#,##0.00)'
    src = zipfile.ZipFile(path)
    styles = src.read("xl/styles.bin")
    out = b""
    first_xf = None
    for kind, body in _b12_parse(styles):
        if kind == 616:  # BrtEndFmts: a custom format before it
            out += _b12(44, struct.pack("<HI", 168, len(money)) + money.encode("utf-16-le"))
        elif kind == 618:  # BrtEndCellXFs: two cell styles before it
            out += _b12(47, first_xf[:2] + struct.pack("<H", 10) + first_xf[4:])
            out += _b12(47, first_xf[:2] + struct.pack("<H", 168) + first_xf[4:])
        elif kind == 617:
            assert body == struct.pack("<I", 4)  # four cell styles: XF 4 and 5 come next
            body = struct.pack("<I", 6)
        elif kind == 47 and first_xf is None and out.count(_b12(617, struct.pack("<I", 6))):
            first_xf = body
        out += _b12(kind, body)
    sheet = src.read("xl/worksheets/sheet1.bin")
    real, rk = b"\x05\x10", b"\x02\x0c"
    for old, new in [
        (real + struct.pack("<IId", 1, 0, 0.25), real + struct.pack("<IId", 1, 4, 0.25)),
        (real + struct.pack("<IId", 1, 0, 0.125), real + struct.pack("<IId", 1, 4, 0.125)),
        (real + struct.pack("<IId", 2, 0, 1234.5), real + struct.pack("<IId", 2, 5, 1234.5)),
        (rk + struct.pack("<IIi", 2, 0, -12 << 2 | 2), rk + struct.pack("<IIi", 2, 5, -12 << 2 | 2)),
        (real + struct.pack("<IId", 3, 0, 1.0), b"\x03\x09" + struct.pack("<IIB", 3, 0, 0x07)),
        (real + struct.pack("<IId", 3, 0, 2.0), b"\x03\x09" + struct.pack("<IIB", 3, 0, 0x2A)),
    ]:
        assert sheet.count(old) == 1
        sheet = sheet.replace(old, new)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = {"xl/styles.bin": out, "xl/worksheets/sheet1.bin": sheet}.get(info.filename)
            dst.writestr(info.filename, data if data is not None else src.read(info.filename))
    return buf.getvalue()


def test_xlsb_numbers_and_error_cells_read_as_excel_shows_them(tmp_path):
    data = _xlsb_book(tmp_path)
    (table,) = extract(data, filename="b.xlsb").blocks
    assert table.header == ("item", "share", "price", "check")
    assert table.rows == (("bolt", "25.00%", "$1,234.50", "#DIV/0!"), ("nut", "12.50%", "($12.00)", "#N/A"))


def test_an_xlsb_of_general_numbers_walks_no_sheet(tmp_path, monkeypatch):
    from pyxlsbwriter import XlsbWriter

    path = tmp_path / "plain.xlsb"
    with XlsbWriter(str(path)) as writer:
        writer.add_sheet("Data")
        writer.write_sheet([["item", "share"], ["bolt", 0.25]])

    def walk(*args):
        raise AssertionError("records walked")

    with zipfile.ZipFile(path) as zf:
        assert _xlsb.xlsb_sheet_parts(zf) == {"Data": "xl/worksheets/sheet1.bin"}
        # the writer's two styles of dates, which no cell of the sheet has (a date and time shown
        # to the second)
        styles = _xlsb.xlsb_styles(zf)
        # (yyyy\-mm\-dd\ hh:mm: hours of two digits, minutes, no seconds; yyyy\-mm\-dd)
        assert styles == {1: DateFormat("datetime", time=TimeParts(2, seconds=False)), 2: DateFormat("date")}
        monkeypatch.setattr(_xlsb, "_b12_records", walk)
        assert _xlsb.xlsb_cells(zf, "xl/worksheets/sheet1.bin", {}, {}) == ({}, {})
        assert _xlsb.xlsb_cells(zf, "xl/worksheets/sheet1.bin", styles, {}) == ({}, {})


def _xlsb_dated(tmp_path, formats, cells, *, base_1904=False) -> bytes:
    """A workbook written by pyxlsbwriter, then patched: a cell style (XF 4, 5 …) added to
    xl/styles.bin for each ``(format id, code)`` of ``formats`` (code None: a built-in format),
    and each ``(row, col, xf, value)`` of ``cells`` written in that style, an int as an RK
    integer (how Excel stores a whole day), a float as a double; with ``base_1904``, the
    workbook's BrtWbProp says it counts its dates from 1904."""
    from pyxlsbwriter import XlsbWriter

    rows = max(c[0] for c in cells) + 1
    cols = max(c[1] for c in cells) + 1
    path = tmp_path / "dated.xlsb"
    with XlsbWriter(str(path)) as writer:
        writer.add_sheet("Data")
        writer.write_sheet(
            [[f"h{c}" for c in range(cols)]]
            + [[1000.0 + r * 10 + c for c in range(cols)] for r in range(1, rows)]
        )
    src = zipfile.ZipFile(path)
    out = b""
    first_xf = None
    count = struct.pack("<I", 4 + len(formats))
    for kind, body in _b12_parse(src.read("xl/styles.bin")):
        if kind == 616:  # BrtEndFmts: the custom formats before it
            for number, code in formats:
                if code is not None:
                    out += _b12(44, struct.pack("<HI", number, len(code)) + code.encode("utf-16-le"))
        elif kind == 618:  # BrtEndCellXFs: the cell styles before it
            for number, _ in formats:
                out += _b12(47, first_xf[:2] + struct.pack("<H", number) + first_xf[4:])
        elif kind == 617:
            assert body == struct.pack("<I", 4)
            body = count
        elif kind == 47 and first_xf is None and out.endswith(_b12(617, count)):
            first_xf = body
        out += _b12(kind, body)
    sheet = src.read("xl/worksheets/sheet1.bin")
    real, rk = b"\x05\x10", b"\x02\x0c"
    for row, col, xf, value in cells:
        old = real + struct.pack("<IId", col, 0, 1000.0 + row * 10 + col)
        assert sheet.count(old) == 1
        if isinstance(value, int):
            new = rk + struct.pack("<IIi", col, xf, value << 2 | 2)
        else:
            new = real + struct.pack("<IId", col, xf, value)
        sheet = sheet.replace(old, new)
    book = src.read("xl/workbook.bin")
    if base_1904:
        props = [body for kind, body in _b12_parse(book) if kind == 153]
        assert len(props) == 1 and not props[0][0] & 1
        book = book.replace(_b12(153, props[0]), _b12(153, bytes([props[0][0] | 1]) + props[0][1:]))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = {"xl/styles.bin": out, "xl/worksheets/sheet1.bin": sheet, "xl/workbook.bin": book}
            dst.writestr(info.filename, data.get(info.filename) or src.read(info.filename))
    return buf.getvalue()


#: 45000 is 2023-03-15 in the 1900 date system (2027-03-16 in the 1904 one); .25 is 06:00
_DATED_FORMATS = [(14, None), (164, "dd/mm/yyyy"), (165, "mmm yyyy"), (22, None), (46, None)]


def test_xlsb_dates_read_as_dates_whatever_their_format_and_storage(tmp_path):
    # XF 4: mm-dd-yy (built-in 14), 5: dd/mm/yyyy, 6: mmm yyyy, 7: m/d/yy h:mm (built-in 22),
    # 8: [h]:mm:ss (built-in 46); row 1 holds RK integers, row 2 doubles
    cells = [(1, c, 4 + c, 45000) for c in range(4)] + [(2, c, 4 + c, 45000.25) for c in range(5)]
    # row 3: a negative number and one past 9999-12-31 in dd/mm/yyyy, which Excel fills with #
    cells += [(1, 4, 8, 2), (3, 0, 5, -3), (3, 1, 5, 3e6)]
    data = _xlsb_dated(tmp_path, _DATED_FORMATS, cells)
    (table,) = extract(data, filename="d.xlsb").blocks
    assert table.header == ("h0", "h1", "h2", "h3", "h4")
    assert table.rows == (
        # m/d/yy h:mm shows a whole day's midnight too (Excel: 3/15/23 0:00)
        ("2023-03-15", "2023-03-15", "2023-03-15", "2023-03-15 00:00", "48:00:00"),
        # a format without a time shows the date alone; m/d/yy h:mm the time too, without
        # seconds (Excel: 3/15/23 6:00)
        ("2023-03-15", "2023-03-15", "2023-03-15", "2023-03-15 06:00", "1080006:00:00"),
        ("-3", "3000000", "1032", "1033", "1034"),
    )


def test_xlsb_dates_of_a_1904_workbook_count_from_1904(tmp_path):
    data = _xlsb_dated(tmp_path, _DATED_FORMATS[:1], [(1, 0, 4, 45000), (1, 1, 4, 45000.0)], base_1904=True)
    (table,) = extract(data, filename="d.xlsb").blocks
    assert table.rows == (("2027-03-16", "2027-03-16"),)


_REL = '<Relationship Id="{}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/{}" Target="{}"/>'
_XLSB_DRAWING = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing"
 xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"
 xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><xdr:oneCellAnchor>
<xdr:from><xdr:col>3</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>1</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from>
<xdr:ext cx="381000" cy="381000"/><xdr:pic><xdr:nvPicPr><xdr:cNvPr id="2" name="Picture 1" descr="{}"/>
<xdr:cNvPicPr/></xdr:nvPicPr><xdr:blipFill><a:blip r:embed="rId1"/><a:stretch><a:fillRect/></a:stretch>
</xdr:blipFill><xdr:spPr><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></xdr:spPr></xdr:pic>
<xdr:clientData/></xdr:oneCellAnchor></xdr:wsDr>"""


def _xlsb_pictures(tmp_path, sheets, pictures) -> bytes:
    """A workbook written by pyxlsbwriter with the ``(name, rows)`` of ``sheets``, then given, for
    each ``(sheet number, alt text, colour)`` of ``pictures``, a 4×4 PNG of that colour in its own
    drawing part, as Excel saves one: a BrtDrawing record in the sheet part naming the sheet's
    relationship to the drawing, whose relationship leads to the media part."""
    from PIL import Image as PILImage
    from pyxlsbwriter import XlsbWriter

    path = tmp_path / "pictures.xlsb"
    with XlsbWriter(str(path)) as writer:
        for name, rows in sheets:
            writer.add_sheet(name)
            writer.write_sheet(rows)
    with zipfile.ZipFile(path) as src:
        parts = {info.filename: src.read(info.filename) for info in src.infolist()}
    types = '<Default Extension="png" ContentType="image/png"/>'
    for n, (sheet, alt, colour) in enumerate(pictures, 1):
        part = f"xl/worksheets/sheet{sheet}.bin"
        drawing = _b12(550, struct.pack("<I", 4) + "rId2".encode("utf-16-le"))  # BrtDrawing
        # after the sheet's BrtMargins, where Excel writes it
        parts[part] = b"".join(
            _b12(kind, body) + (drawing if kind == 476 else b"") for kind, body in _b12_parse(parts[part])
        )
        assert parts[part].count(drawing) == 1
        rels = f"xl/worksheets/_rels/sheet{sheet}.bin.rels"
        link = _REL.format("rId2", "drawing", f"../drawings/drawing{n}.xml")
        parts[rels] = parts[rels].replace(b"</Relationships>", link.encode() + b"</Relationships>")
        parts[f"xl/drawings/drawing{n}.xml"] = _XLSB_DRAWING.format(alt).encode()
        parts[f"xl/drawings/_rels/drawing{n}.xml.rels"] = (
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            + _REL.format("rId1", "image", f"../media/image{n}.png")
            + "</Relationships>"
        ).encode()
        png = io.BytesIO()
        PILImage.new("RGB", (4, 4), colour).save(png, format="PNG")
        parts[f"xl/media/image{n}.png"] = png.getvalue()
        types += (
            f'<Override PartName="/xl/drawings/drawing{n}.xml"'
            ' ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/>'
        )
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
        b"</Types>", types.encode() + b"</Types>"
    )
    return zipped(parts)


def test_xlsb_pictures_belong_to_their_sheets(tmp_path):
    # Stock (a table) holds the green picture, Photos (a table) the red one, Scans (no cells)
    # the blue one; the drawings are given in another order than the sheets
    sheets = [("Stock", [["item", "qty"], ["bolt", 3]]), ("Photos", [["caption"], ["a red square"]])]
    sheets.append(("Scans", []))
    pictures = [(2, "red square", (200, 10, 10)), (3, "blue scan", (10, 10, 200)), (1, "bolt", (10, 200, 10))]
    doc = extract(_xlsb_pictures(tmp_path, sheets, pictures), filename="p.xlsb")
    by_alt = {image.alt: image for image in doc.images}
    assert {alt: dict(image.meta) for alt, image in by_alt.items()} == {
        "bolt": {"sheet_name": "Stock", "sheet_index": 0},
        "red square": {"sheet_name": "Photos", "sheet_index": 1},
        "blue scan": {"sheet_name": "Scans", "sheet_index": 2},
    }
    stock, photos, scans = doc.blocks
    assert (stock.kind, stock.meta["sheet_name"], stock.images) == ("table", "Stock", (by_alt["bolt"].name,))
    assert (photos.kind, photos.meta["sheet_name"]) == ("table", "Photos")
    assert photos.images == (by_alt["red square"].name,)
    assert (scans.kind, scans.meta["sheet_name"], scans.images) == (
        "image",
        "Scans",
        (by_alt["blue scan"].name,),
    )
    assert doc.coverage.sheets_read == ("Stock", "Photos", "Scans")


@settings(max_examples=300, deadline=None)
@given(
    code=st.text(alphabet='0#?.,;%$E+-"\\_*[]()@ General€0d<>=ymhsAP/', max_size=24),
    value=st.floats(allow_nan=True, allow_infinity=True)
    | st.integers(-(10**30), 10**30)
    | st.sampled_from(["1e999999999", "x", ""]),
)
def test_any_format_code_compiles_or_is_refused_without_raising(code, value):
    assert date_kind(code) in (None, "date", "time", "datetime", "duration")
    assert isinstance(time_parts(code), TimeParts)
    shown = compile_format(code)
    if shown is not None:
        text = shown.show(value if isinstance(value, str) else repr(value))
        assert text is None or isinstance(text, str)
    section = text_format(code)
    if section is not None:
        assert "paper" in section.show("paper")


@settings(max_examples=300, deadline=None)
@given(
    kind=st.sampled_from(["date", "time", "datetime", "duration"]),
    base_1904=st.booleans(),
    serial=st.floats(allow_nan=True, allow_infinity=True) | st.integers(-(10**7), 10**7).map(float),
    code=st.none()
    | st.text(alphabet='hmsHMS:.0[] AM/P"ydx', max_size=16)
    | st.sampled_from(["h:mm:ss", "h:mm", "h:mm AM/PM", "[h]:mm:ss", "[mm]:ss.00", "[ss]"]),
)
def test_any_serial_number_is_a_date_or_none_without_raising(kind, base_1904, serial, code):
    # with the parts of a time a format shows, a time not in Python's form is text (10:10:10.1,
    # 1:05 PM)
    parts = time_parts(code) if code is not None else None
    value = DateFormat(kind, base_1904, parts).value(serial)
    assert value is None or isinstance(value, (dt.date, dt.time, dt.timedelta, str))
    if isinstance(value, str):
        assert parts is not None and not parts.iso and kind != "date"


# -- a date format without a time shows the date alone ------------------------------------------


def _dated_book(formats) -> bytes:
    """One row of headers (the format codes), then 45000.25 (2023-03-15 06:00) and 45001 under
    each, in that column's format."""
    return _percent_book(
        [list(formats), [45000.25] * len(formats), [45001] * len(formats)],
        {(r, c + 1): code for r in (2, 3) for c, code in enumerate(formats)},
    )


_DATED = ["yyyy-mm-dd", "mm-dd-yy", "[$-409]mmmm d, yyyy;@", "yyyy-mm-dd hh:mm", "hh:mm", "General"]


def test_a_date_format_without_a_time_shows_the_date_alone():
    (table,) = extract(_dated_book(_DATED), filename="d.xlsx").blocks
    assert table.header == tuple(_DATED)
    assert table.rows == (
        # Excel: 2023-03-15, 03-15-23, March 15, 2023, 2023-03-15 06:00, 06:00, 45000.25; a
        # format of times shows the time of day alone (00:00 for 45001), without seconds, and
        # one of a date and time its midnight (Excel: 2023-03-16 00:00)
        ("2023-03-15", "2023-03-15", "2023-03-15", "2023-03-15 06:00", "06:00", "45000.25"),
        ("2023-03-16", "2023-03-16", "2023-03-16", "2023-03-16 00:00", "00:00", "45001"),
    )


def test_a_date_format_without_a_time_shows_the_date_alone_through_openpyxl():
    data = _dated_book(_DATED)
    backend = spreadsheet.OpenpyxlBackend(data)
    try:
        rows = [[cell_text(v) for v in values] for _, values in backend.read(backend.sheets[0]).rows]
    finally:
        backend.close()
    assert rows[1] == ["2023-03-15", "2023-03-15", "2023-03-15", "2023-03-15 06:00", "06:00", "45000.25"]


def test_a_workbook_of_dates_and_times_only_reads_no_date_styles(monkeypatch):
    data = _dated_book(["yyyy-mm-dd hh:mm", "hh:mm", "General"])

    def refuse(*args, **kwargs):
        raise AssertionError("read")

    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        monkeypatch.setattr(spreadsheet, "xml_fromstring", refuse)
        assert spreadsheet.date_only_styles(zf) == frozenset()  # found without a parse
    monkeypatch.undo()
    monkeypatch.setattr(spreadsheet, "sheet_date_cells", refuse)  # nor is a sheet searched
    (table,) = extract(data, filename="d.xlsx").blocks
    assert table.rows[0] == ("2023-03-15 06:00", "06:00", "45000.25")


# -- a format of times shows the time of day, to the second or the decimals it says --------------

#: (format, serial number, what Excel shows, as read here: hours of two digits on a clock of 24
#: hours, as every time; Excel's 2:02:59 at h:mm:ss reads 02:02:59)
#: 1.0854 is a day and 0.0854 × 86400 = 7378.56 s = 2:02:58.56, rounded to the second 2:02:59;
#: 10:10:10.1 is 36610.1 s / 86400; 23:59:59.6 rounds up to midnight, 0:00:00, as Excel shows it
_TIMED = [
    ("h:mm:ss", 1.0854, "02:02:59"),
    ("h:mm:ss", 36610.1 / 86400, "10:10:10"),
    ("h:mm:ss.0", 36610.14 / 86400, "10:10:10.1"),
    ("hh:mm:ss.00", 36610.146 / 86400, "10:10:10.15"),
    ("h:mm:ss", 86399.6 / 86400, "00:00:00"),
    ("yyyy-mm-dd hh:mm:ss", 45000.0854, "2023-03-15 02:02:59"),
    ("yyyy-mm-dd hh:mm:ss.000", 45000 + 7378.5604 / 86400, "2023-03-15 02:02:58.560"),
    # no seconds where the format shows none (h:mm is the built-in 20): rounded to the second,
    # 2:02:59, then its hours and minutes, no part rounded further (6:00:45 is 6:00, as in Excel)
    ("h:mm", 1.0854, "02:02"),
    ("h:mm", (6 * 3600 + 45) / 86400, "06:00"),
    ("yyyy-mm-dd hh:mm", 45000 + 47100 / 86400, "2023-03-15 13:05"),
    # a clock of 12 hours (the built-in 18 and 19): 47100 s is 13:05, 1:05 PM; midnight 12:00 AM;
    # hours of one digit for h, as Excel shows them (there is no other form of such a time)
    ("h:mm AM/PM", 47100 / 86400, "1:05 PM"),
    ("h:mm AM/PM", 0.0, "12:00 AM"),
    ("h:mm:ss AM/PM", 1.0854, "2:02:59 AM"),
    ("hh:mm AM/PM", 47100 / 86400, "01:05 PM"),
    ("h:mm:ss A/P", 47100 / 86400, "1:05:00 P"),
    ("yyyy-mm-dd h:mm AM/PM", 45000.25, "2023-03-15 6:00 AM"),
    # a whole day (45001 is 2023-03-16) in a format of a date and time: Excel shows its midnight,
    # 0:00 or 12:00 AM, not the date alone
    ("yyyy-mm-dd hh:mm", 45001, "2023-03-16 00:00"),
    ("yyyy-mm-dd hh:mm:ss", 45001, "2023-03-16 00:00:00"),
    ("yyyy-mm-dd h:mm AM/PM", 45001, "2023-03-16 12:00 AM"),
    # elapsed time rounded to the second: 1.0854 days are 93778.56 s, 93779 s, which are 26 h
    # (93600 s) and 179 s (2 min 59 s), 1562 min and 59 s; mm:ss the minutes of the hour, 02:59
    ("[h]:mm:ss", 1.0854, "26:02:59"),
    ("[mm]:ss", 1.0854, "1562:59"),
    ("[ss]", 1.0854, "93779"),
    ("mm:ss", 1.0854, "02:59"),
    # the built-in 47 (openpyxl writes "mmss.0" as that id, the code ECMA-376 lists), which Excel
    # shows as mm:ss.0: 150.3 s are 2 min 30.3 s
    ("mmss.0", 150.3 / 86400, "02:30.3"),
    # minutes and seconds written with one letter are shown without a leading zero (9:05:03 at
    # h:m:s is 9:5:3 in Excel), the hour then too; m/mm elsewhere is a month, in the ISO date
    ("h:m", (9 * 3600 + 5 * 60 + 3) / 86400, "9:5"),
    ("h:m:s", (9 * 3600 + 5 * 60 + 3) / 86400, "9:5:3"),
    ("m:ss", (9 * 3600 + 5 * 60 + 3) / 86400, "5:03"),
    ("yyyy-m-d h:m", 45000 + (19 * 3600 + 5 * 60) / 86400, "2023-03-15 19:5"),
    # the text a format writes between the parts of a time is shown as written (ECMA-376
    # 18.8.31: characters shown without quotes, quoted text, an escaped character): Excel shows
    # 9:05:03 as 9.05 at h.mm, 09.05.03 at hh\.mm\.ss, 05'03 at mm'ss, 0905 at hhmm, 9h05 at
    # h"h"mm (the hour kept at two digits, as in every time read here)
    ("hh.mm", (9 * 3600 + 5 * 60 + 3) / 86400, "09.05"),
    ("h.mm", (9 * 3600 + 5 * 60 + 3) / 86400, "09.05"),
    ("hh\\.mm\\.ss", (9 * 3600 + 5 * 60 + 3) / 86400, "09.05.03"),
    ("mm'ss", (9 * 3600 + 5 * 60 + 3) / 86400, "05'03"),
    ("hhmm", (9 * 3600 + 5 * 60 + 3) / 86400, "0905"),
    ('h"h"mm', (9 * 3600 + 5 * 60 + 3) / 86400, "09h05"),
    ("h.mm AM/PM", 47100 / 86400, "1.05 PM"),
    ("yyyy-mm-dd hh.mm", 45000 + 47100 / 86400, "2023-03-15 13.05"),
    ("dd.mm.yyyy hh.mm.ss", 45000.0854, "2023-03-15 02.02.59"),
    ("[h].mm", 1.0854, "26.02"),
]


def _timed_book() -> bytes:
    return _percent_book(
        [["format", "shown"]] + [[code, serial] for code, serial, _ in _TIMED],
        {(r, 2): code for r, (code, _, _) in enumerate(_TIMED, start=2)},
    )


def test_a_format_of_times_shows_the_time_as_excel_does():
    (table,) = extract(_timed_book(), filename="t.xlsx").blocks
    assert table.rows == tuple((code, shown) for code, _, shown in _TIMED)


def test_a_format_of_times_shows_the_time_as_excel_does_through_openpyxl():
    backend = spreadsheet.OpenpyxlBackend(_timed_book())
    try:
        rows = [[cell_text(v) for v in values] for _, values in backend.read(backend.sheets[0]).rows]
    finally:
        backend.close()
    assert rows[1:] == [[code, shown] for code, _, shown in _TIMED]


def test_an_xlsb_format_of_times_shows_the_time_of_day(tmp_path):
    # XF 4: h:mm:ss (built-in 21), 5: h:mm:ss.0
    data = _xlsb_dated(
        tmp_path, [(21, None), (164, "h:mm:ss.0")], [(1, 0, 4, 1.0854), (1, 1, 5, 36610.14 / 86400)]
    )
    (table,) = extract(data, filename="t.xlsb").blocks
    assert table.rows == (("02:02:59", "10:10:10.1"),)


def test_an_xls_format_of_times_shows_the_time_as_excel_does():
    # calamine reads these NUMBER records as 1900-01-01 02:02:58.560000 (or 13:05:00) and as
    # durations cut to the second, 26:02:58; worked out as for _TIMED: 1.0854 is 2:02:58.56 past
    # the first day, 2:02:59 rounded (26:02:59, 1562:59 elapsed), 47100 s are 13:05, 785 min
    import xlwt

    codes = ["h:mm:ss", "h:mm", "h:mm AM/PM", "[h]:mm:ss", "[mm]:ss", "yyyy-mm-dd hh:mm", "hh.mm"]
    book = xlwt.Workbook()
    sheet = book.add_sheet("Data")
    for col, code in enumerate(codes):
        style = xlwt.easyxf(num_format_str=code)
        sheet.write(0, col, code)
        sheet.write(1, col, 1.0854, style)
        sheet.write(2, col, 47100 / 86400, style)
    out = io.BytesIO()
    book.save(out)
    (table,) = extract(out.getvalue(), filename="t.xls").blocks
    assert table.rows == (
        ("02:02:59", "02:02", "2:02 AM", "26:02:59", "1562:59", "1900-01-01 02:02", "02.02"),
        # a number below 1 in a format of a date and time: its time of day
        ("13:05:00", "13:05", "1:05 PM", "13:05:00", "785:00", "13:05", "13.05"),
    )


def _xls_dated(formats, *, base_1904=False) -> bytes:
    """A BIFF8 workbook (xlwt) of one row of headers (the format codes), then 45000.25 and 45001
    under each, in that column's format."""
    import xlwt

    book = xlwt.Workbook()
    book.dates_1904 = base_1904
    sheet = book.add_sheet("Data")
    for col, code in enumerate(formats):
        style = xlwt.easyxf(num_format_str=code)
        sheet.write(0, col, code)
        sheet.write(1, col, 45000.25, style)
        sheet.write(2, col, 45001, style)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def test_an_xls_date_format_without_a_time_shows_the_date_alone():
    codes = ["yyyy-mm-dd", "dd/mm/yyyy", "M/D/YY", "yyyy-mm-dd hh:mm", "General"]
    (table,) = extract(_xls_dated(codes), filename="d.xls").blocks
    assert table.rows == (
        ("2023-03-15", "2023-03-15", "2023-03-15", "2023-03-15 06:00", "45000.25"),
        # a whole day in a format of a date and time: its midnight, as Excel shows it
        ("2023-03-16", "2023-03-16", "2023-03-16", "2023-03-16 00:00", "45001"),
    )
    # counted from 1904, the record's number stands for 2027-03-16 06:00, as calamine reads it
    (table,) = extract(_xls_dated(codes[:1], base_1904=True), filename="d.xls").blocks
    assert table.rows == (("2027-03-16",), ("2027-03-17",))


# -- a number below 1 in a format of a date alone ---------------------------------------------------

#: 0, 0.5 (noon) and 0.25 in yyyy-mm-dd: Excel shows the day before 1900-01-01 as 1900-01-00 for
#: each, and 1904-01-01 in a workbook counting from 1904; a time of day, hh:mm, stays one
_DAY_ZERO = [0, 0.5, 0.25]


def test_a_number_below_1_in_a_date_format_shows_excel_s_day_zero_in_an_xlsx():
    from openpyxl.utils.datetime import CALENDAR_MAC_1904

    for base_1904, zero in ((False, "1900-01-00"), (True, "1904-01-01")):
        wb = openpyxl.Workbook()
        if base_1904:
            wb.epoch = CALENDAR_MAC_1904  # workbookPr date1904="1"
        ws = wb.active
        ws.append(["day", "clock"])
        for r, v in enumerate(_DAY_ZERO, 2):
            ws.append([v, v])
            ws.cell(r, 1).number_format = "yyyy-mm-dd"
            ws.cell(r, 2).number_format = "hh:mm"
        buf = io.BytesIO()
        wb.save(buf)
        (table,) = extract(buf.getvalue(), filename="z.xlsx").blocks
        assert table.rows == ((zero, "00:00"), (zero, "12:00"), (zero, "06:00"))


def test_a_number_below_1_in_a_date_format_shows_excel_s_day_zero_in_an_xls():
    import xlwt

    for base_1904, zero in ((False, "1900-01-00"), (True, "1904-01-01")):
        book = xlwt.Workbook()
        book.dates_1904 = base_1904
        sheet = book.add_sheet("Data")
        day, clock = xlwt.easyxf(num_format_str="yyyy-mm-dd"), xlwt.easyxf(num_format_str="hh:mm")
        sheet.write(0, 0, "day")
        sheet.write(0, 1, "clock")
        for r, v in enumerate(_DAY_ZERO, 1):
            sheet.write(r, 0, v, day)
            sheet.write(r, 1, v, clock)
        out = io.BytesIO()
        book.save(out)
        (table,) = extract(out.getvalue(), filename="z.xls").blocks
        assert table.rows == ((zero, "00:00"), (zero, "12:00"), (zero, "06:00"))


def test_a_number_below_1_in_a_date_format_shows_excel_s_day_zero_in_an_xlsb(tmp_path):
    # XF 4: dd/mm/yyyy; 0 stored as an RK integer, 0.5 and 0.25 as doubles; 1.5 is 1900-01-01
    cells = [(1, 0, 4, 0), (2, 0, 4, 0.5), (3, 0, 4, 0.25), (4, 0, 4, 1.5)]
    (table,) = extract(_xlsb_dated(tmp_path, [(164, "dd/mm/yyyy")], cells), filename="z.xlsb").blocks
    assert table.rows == (("1900-01-00",), ("1900-01-00",), ("1900-01-00",), ("1900-01-01",))
    data = _xlsb_dated(tmp_path, [(164, "dd/mm/yyyy")], cells, base_1904=True)
    (table,) = extract(data, filename="z.xlsb").blocks
    assert table.rows == (("1904-01-01",), ("1904-01-01",), ("1904-01-01",), ("1904-01-02",))
