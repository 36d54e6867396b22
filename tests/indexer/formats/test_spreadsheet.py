"""Spreadsheets: sample.xlsx from the playground, the generated samples, cell values, header
detection, merged cells, damaged and encrypted workbooks, limits, and a fuzz run."""

from __future__ import annotations

import datetime as dt
import io
import random
import time
import tracemalloc
import zipfile

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl.worksheet.merge import MergedCellRange

from indexer import errors, extract, get_chunks, get_markdown
from indexer.formats._cells import RawSheet
from indexer.formats._ods import OdsBackend
from indexer.formats.spreadsheet import cell_text, read_table, table_text
from indexer.limits import Limits
from indexer.model import IMAGE, PARAGRAPH, SPREADSHEET, TABLE, render_table

from ._isolated import Isolated


def _xlsx(build) -> bytes:
    wb = openpyxl.Workbook()
    build(wb)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def _raw(rows, merged=(), first_col=0) -> RawSheet:
    return RawSheet(iter(enumerate(rows)), first_col, list(merged))


# -- the playground's sample.xlsx --------------------------------------------------------------


def test_sample_xlsx_header_rows_and_row_numbers(playground):
    # Read with openpyxl by hand: one sheet "Sheet1", 101 rows; row 1 is
    # (0, 'First Name', 'Last Name', 'Gender', 'Country', 'Age', 'Date', 'Id') (A1 is the number 0),
    # row 2 is (1, 'Dulce', 'Abril', 'Female', 'United States', 32, '15/10/2017', 1562), and the last
    # row (101) is (100, 'Rasheeda', 'Alkire', 'Female', 'United States', 29, '16/08/2016', 6125).
    doc = extract(playground / "sample.xlsx")
    assert doc.family == SPREADSHEET
    assert doc.source_type == "xlsx"
    assert [b.kind for b in doc.blocks] == [TABLE]
    table = doc.blocks[0]
    assert table.header == ("0", "First Name", "Last Name", "Gender", "Country", "Age", "Date", "Id")
    assert len(table.rows) == 100
    assert table.rows[0] == ("1", "Dulce", "Abril", "Female", "United States", "32", "15/10/2017", "1562")
    assert table.rows[-1] == (
        "100",
        "Rasheeda",
        "Alkire",
        "Female",
        "United States",
        "29",
        "16/08/2016",
        "6125",
    )
    assert table.row_numbers[0] == 2 and table.row_numbers[-1] == 101
    assert dict(table.meta) == {"sheet_name": "Sheet1", "sheet_index": 0, "hidden": False}
    assert doc.coverage.sheets_read == ("Sheet1",)
    assert dict(doc.metadata) == {"source_type": "xlsx", "skipped_sheets": []}
    # The block's text is the pipe table; its second data line is the first data row.
    assert (
        table.text.split("\n")[2] == "| 1 | Dulce | Abril | Female | United States | 32 | 15/10/2017 | 1562 |"
    )


def test_sample_xlsx_row_rendering_in_row_chunks(playground):
    chunks = get_chunks(playground / "sample.xlsx")
    assert len(chunks) == 100  # one row per chunk at the defaults
    first = chunks[0]
    assert first["content_type"] == "row_document"
    assert first["content"] == (
        "0: 1 | First Name: Dulce | Last Name: Abril | Gender: Female | Country: United States"
        " | Age: 32 | Date: 15/10/2017 | Id: 1562"
    )
    assert first["metadata"]["sheet_name"] == "Sheet1"
    assert chunks[-1]["content"].startswith("0: 100 | First Name: Rasheeda | Last Name: Alkire")


# -- cell values ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (None, ""),
        ("", ""),
        ("text", "text"),
        (32.0, "32"),  # integers stored as floats lose the spurious .0
        (-7.0, "-7"),
        (2.5, "2.5"),
        (0.1 + 0.2, "0.3"),  # binary noise past 15 significant digits dropped, as Excel shows it
        (1e20, "1E+20"),  # as General writes it, the exponent in capitals
        (12, "12"),
        (True, "TRUE"),
        (False, "FALSE"),
        (dt.date(2024, 3, 1), "2024-03-01"),
        (dt.datetime(2024, 3, 1, 14, 30), "2024-03-01 14:30:00"),
        (dt.time(9, 5), "09:05:00"),
        (dt.timedelta(hours=26, minutes=3, seconds=4), "26:03:04"),
    ],
)
def test_cell_text(value, text):
    assert cell_text(value) == text


# -- header detection and merged cells (read_table on raw rows) ----------------------------------


def test_first_row_of_text_is_the_header_and_numbers_are_data():
    table = read_table(_raw([["name", "qty"], ["bolt", 3.0], ["nut", 4.0]]), char_budget=10**6)
    assert table.header == ("name", "qty")
    assert table.rows == (("bolt", "3"), ("nut", "4"))
    assert table.row_numbers == (2, 3)
    assert table.has_header


def test_a_numeric_first_row_is_data_with_column_labels():
    table = read_table(_raw([[1.0, 2.0, 3.0], [4.0, "x", 6.0]]), char_budget=10**6)
    assert not table.has_header
    assert table.header == ("Column 1", "Column 2", "Column 3")
    assert table.rows == (("1", "2", "3"), ("4", "x", "6"))


def test_an_index_label_above_a_number_column_still_makes_a_header():
    # Two thirds of the filled cells are text: a header (the playground's sample.xlsx case).
    table = read_table(_raw([[0.0, "a", "b"], [1.0, 2.0, 3.0]]), char_budget=10**6)
    assert table.header == ("0", "a", "b")
    # Three of five is not enough.
    table = read_table(_raw([[1.0, 2.0, "a", "b", "c"], [4.0, 5.0, 6.0, 7.0, 8.0]]), char_budget=10**6)
    assert not table.has_header


def test_years_in_order_over_columns_of_figures_head_the_table():
    # A report's "Region | 2021 | 2022 | 2023" is one text cell of four (the years are numbers)
    # and was read as a row of data under Column 1 … Column 4; its years rise over columns of
    # figures, and so head them.
    rows = [["Region", 2021.0, 2022.0, 2023.0], ["North", 10.0, 12.0, 15.0], ["South", 8.0, 9.0, 11.0]]
    table = read_table(_raw(rows), char_budget=10**6)
    assert table.has_header and table.header == ("Region", "2021", "2022", "2023")
    assert table.rows == (("North", "10", "12", "15"), ("South", "8", "9", "11"))
    # years over columns of years are data (a list of terms), and so are years out of order
    terms = [["Alice", 2019.0, 2020.0], ["Bob", 2018.0, 2021.0]]
    assert not read_table(_raw(terms), char_budget=10**6).has_header
    mixed = [["Region", 2023.0, 2021.0, 2022.0], ["North", 10.0, 12.0, 15.0], ["South", 8.0, 9.0, 11.0]]
    assert not read_table(_raw(mixed), char_budget=10**6).has_header


def test_month_ends_over_columns_of_figures_head_the_table():
    # a balance by month, its columns headed by the last day of each month, dates in the file
    def build(wb):
        ws = wb.active
        ws.append(["Account", dt.date(2024, 1, 31), dt.date(2024, 2, 29)])
        ws.append(["Cash", 100.5, 120])
        ws.append(["Debt", -40, -35])

    (table,) = extract(_xlsx(build), filename="b.xlsx").blocks
    assert table.header == ("Account", "2024-01-31", "2024-02-29")
    assert table.rows == (("Cash", "100.5", "120"), ("Debt", "-40", "-35"))


def test_blank_header_cells_become_column_n_and_empty_rows_are_dropped():
    rows = [["", "", ""], ["id", "", "note"], ["", "", ""], [1.0, "", "x"]]
    table = read_table(_raw(rows), char_budget=10**6)
    assert table.header == ("id", "Column 2", "note")
    assert table.rows == (("1", "", "x"),)
    assert table.row_numbers == (4,)


def test_a_single_row_is_data_not_a_header():
    table = read_table(_raw([["only", "row"]]), char_budget=10**6)
    assert not table.has_header
    assert table.rows == (("only", "row"),)


def test_a_title_row_above_the_header_is_kept_apart():
    rows = [["Quarterly report", "", ""], ["a", "b", "c"], [1.0, 2.0, 3.0]]
    table = read_table(_raw(rows), char_budget=10**6)
    assert table.titles == ((1, "Quarterly report"),)
    assert table.header == ("a", "b", "c")
    assert table.rows == (("1", "2", "3"),)


def test_merged_ranges_are_filled_with_their_top_left_value():
    # B2:B3 holds "North" (covered cell B3 is empty in the file); C1:D1 a header spanning two columns.
    rows = [["id", "region", "Q1", ""], [1.0, "North", 5.0, 6.0], [2.0, "", 7.0, 8.0]]
    table = read_table(_raw(rows, merged=[(1, 1, 2, 1), (0, 2, 0, 3)]), char_budget=10**6)
    assert table.header == ("id", "region", "Q1", "Q1")
    assert table.rows == (("1", "North", "5", "6"), ("2", "North", "7", "8"))


def test_a_range_merged_below_the_last_row_with_values_adds_no_rows():
    # a note merged over A3:C40 under a two-row table, and a whole column merged from A3 down on a
    # second sheet: Excel shows one cell each; the rows the ranges alone cover hold no value of
    # their own, so the tables end at row 3, the ranges' first row
    def build(wb):
        ws = wb.active
        ws.append(["item", "qty", "price"])
        ws.append(["apple", 3, 1.5])
        ws["A3"] = "Checked by auditor on site"
        ws.merge_cells("A3:C40")
        tail = wb.create_sheet("Tail")
        tail.append(["Key", "Value"])
        tail.append(["a", 1])
        tail["A3"] = "Note"
        # the range as the sheet's XML names it, without openpyxl's million MergedCell objects
        # (merge_cells makes one a cell covered: 18 s)
        tail.merged_cells.add(MergedCellRange(tail, "A3:A1048576"))

    note, tail = extract(_xlsx(build), filename="m.xlsx").blocks
    assert note.row_numbers == (2, 3)
    assert note.rows == (("apple", "3", "1.5"), ("Checked by auditor on site",) * 3)
    assert tail.row_numbers == (2, 3)
    assert tail.rows == (("a", "1"), ("Note", ""))


def test_real_merge_cells_xlsx_ends_at_its_last_row_with_values(real_world):
    # merge_cells.xlsx: A1:B1 "Row Merge", C1 "Not Merged", A2:A4 "Column Merge", B2:D4 "Chunk
    # Merged", nothing written below row 2: rows 3 and 4 only repeat row 2 and are left out
    doc = extract(real_world / "xlsx" / "calamine" / "merge_cells.xlsx")
    (table,) = doc.blocks
    assert table.header == ("Row Merge", "Row Merge", "Not Merged", "Column 4")
    assert table.row_numbers == (2,)
    assert table.rows == (("Column Merge", "Chunk Merged", "Chunk Merged", "Chunk Merged"),)
    assert table.meta["merged"] == ["A1:B1", "A2:A4", "B2:D4"]


def test_the_text_limit_stops_a_big_sheet():
    data = _xlsx(lambda wb: [wb.active.append([f"cell {i}", i]) for i in range(500)])
    with pytest.raises(errors.DocumentLimit):
        extract(data, filename="big.xlsx", limits=Limits(max_text_chars=1000))


# -- the generated samples (bench/make_sample_sheets.py) ------------------------------------------


def test_regional_sales_sheets_dates_formulas_merges_hidden_and_image(sample_corpus):
    path = sample_corpus / "spreadsheets" / "regional_sales.xlsx"
    doc = extract(path)
    # The generator writes: a title merged over A1:F1, the table from row 2, "North" merged over
    # A3:A5, dates as date cells, Revenue = Units * Unit price with cached values, a PNG at H3.
    kinds = [(b.kind, b.meta["sheet_name"]) for b in doc.blocks]
    assert kinds == [(PARAGRAPH, "Sales"), (TABLE, "Sales"), (TABLE, "Staff"), (TABLE, "Rates")]
    title, sales, staff, rates = doc.blocks
    assert title.text == "Regional sales, Q1 2024"
    assert title.meta["row_range"] == [1, 1]
    assert sales.header == ("Region", "Date", "Product", "Units", "Unit price", "Revenue")
    assert sales.rows[0] == ("North", "2024-01-15", "Kettle", "12", "24.5", "294")
    assert sales.rows[2] == ("North", "2024-02-28", "Blender", "3", "89.99", "269.97")  # 3 × 89.99
    assert sales.rows[3][0] == "South"
    assert sales.row_numbers == (3, 4, 5, 6, 7, 8)
    assert sales.meta["merged"] == ["A1:F1", "A3:A5"]
    assert staff.rows[2] == ("Alan Turing", "Engineer", "East", "2021-11-02", "FALSE")
    assert rates.meta["hidden"] is True and sales.meta["hidden"] is False
    assert rates.rows == (("EUR", "1"), ("USD", "1.0875"))
    assert doc.coverage.sheets_read == ("Sales", "Staff", "Rates")
    # The image: bytes equal to the package's media part, sheet provenance, alt text from the drawing.
    [image] = doc.images
    with zipfile.ZipFile(path) as zf:
        media = [n for n in zf.namelist() if n.startswith("xl/media/")]
        assert len(media) == 1
        assert image.data == zf.read(media[0])
    assert image.name.endswith(".png") and image.format == "png"
    assert dict(image.meta) == {"sheet_name": "Sales", "sheet_index": 0}
    assert image.alt == "Units sold per order"
    assert (image.width, image.height) == (48, 32)
    assert sales.images == (image.name,)


def test_hidden_and_very_hidden_sheets_are_read_and_said_hidden():
    # openpyxl writes sheet_state as the sheet's state="hidden" / "veryHidden" in xl/workbook.xml
    def build(wb):
        wb.active.title = "Data"
        wb.active.append(["name", "qty"])
        wb.active.append(["bolts", 120])
        lookup = wb.create_sheet("Lookup")
        lookup.append(["code", "label"])
        lookup.append(["B", "bolts"])
        lookup.sheet_state = "hidden"
        keys = wb.create_sheet("Keys")
        keys.append(["secret", "value"])
        keys.append(["k1", "x9"])
        keys.sheet_state = "veryHidden"

    data = _xlsx(build)
    with zipfile.ZipFile(io.BytesIO(data)) as zf:  # as written: the states in the workbook part
        workbook = zf.read("xl/workbook.xml").decode()
    assert 'name="Lookup" sheetId="2" state="hidden"' in workbook
    assert 'name="Keys" sheetId="3" state="veryHidden"' in workbook
    doc = extract(data, filename="book.xlsx")
    assert [(b.meta["sheet_name"], b.meta["hidden"]) for b in doc.blocks] == [
        ("Data", False),
        ("Lookup", True),
        ("Keys", True),
    ]
    assert doc.coverage.hidden_read == ("Lookup", "Keys")
    assert doc.coverage.sheets_read == ("Data", "Lookup", "Keys")
    headings = [
        line for line in get_markdown(data, filename="book.xlsx").splitlines() if line.startswith("#")
    ]
    assert headings == ["## Data", "## Lookup (hidden)", "## Keys (hidden)"]
    # every mode's chunks of a hidden sheet say so, those of a visible one say nothing
    for mode in ("row", "table", "sheet", "sliding_window", "page_aware", "semantic"):
        chunks = get_chunks(data, filename="book.xlsx", mode=mode)
        said = {(c["metadata"]["sheet_name"], c["metadata"].get("hidden")) for c in chunks}
        assert said == {("Data", None), ("Lookup", True), ("Keys", True)}, mode


def test_a_sheet_cut_in_half_keeps_the_rows_before_the_damage(sample_corpus):
    # damaged_sheet.xlsx: sheet2.xml ("Broken") ends inside row 10; rows 1-9 are whole (read with
    # unzip: "Lost | Data", then "row 0 | 0" ... "row 7 | 7")
    doc = extract(sample_corpus / "spreadsheets" / "damaged_sheet.xlsx")
    assert [b.meta["sheet_name"] for b in doc.blocks] == ["Before", "Broken", "After"]
    assert doc.blocks[0].rows == (("bolts", "120"), ("nuts", "80"))
    broken = doc.blocks[1]
    assert broken.header == ("Lost", "Data")
    assert broken.rows == tuple((f"row {i}", str(i)) for i in range(8))
    assert broken.row_numbers == tuple(range(2, 10))
    assert doc.blocks[2].meta["sheet_index"] == 2
    assert not doc.coverage.skipped and doc.metadata["skipped_sheets"] == []
    [warning] = doc.coverage.warnings
    assert warning.startswith("sheet 'Broken' is damaged after row 9 (ParseError: ")
    assert doc.coverage.sheets_read == ("Before", "Broken", "After")
    chunks = get_chunks(sample_corpus / "spreadsheets" / "damaged_sheet.xlsx")
    assert [c["content"] for c in chunks][1:3] == ["Item: nuts | Count: 80", "Lost: row 0 | Data: 0"]
    assert len(chunks) == 11


def test_a_sheet_damaged_before_its_first_row_is_listed_and_the_others_are_read(sample_corpus):
    data = (sample_corpus / "spreadsheets" / "damaged_sheet.xlsx").read_bytes()
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            payload = src.read(info.filename)
            if info.filename == "xl/worksheets/sheet2.xml":
                payload = payload[: payload.index(b"<row") + 20]
            dst.writestr(info, payload)
    doc = extract(out.getvalue(), filename="damaged.xlsx")
    assert [b.meta["sheet_name"] for b in doc.blocks] == ["Before", "After"]
    [skipped] = doc.coverage.skipped_of("sheet")
    assert skipped.name == "Broken" and skipped.reason.startswith("unreadable")
    assert doc.metadata["skipped_sheets"] == ["Broken"]
    chunks = get_chunks(out.getvalue(), filename="damaged.xlsx")
    assert [c["content"] for c in chunks] == [
        "Item: bolts | Count: 120",
        "Item: nuts | Count: 80",
        "Item: washers | Count: 300",
    ]
    assert all(c["metadata"]["skipped_sheets"] == ["Broken"] for c in chunks)


def test_inventory_ods(sample_corpus):
    doc = extract(sample_corpus / "spreadsheets" / "inventory.ods")
    assert doc.source_type == "ods"
    stock, suppliers = doc.blocks
    assert stock.header == ("SKU", "Description", "On hand", "Last counted")
    assert stock.rows == (
        ("K-100", "Kettle, 1.7 l", "42", "2024-03-01"),
        ("T-220", "Toaster, 2 slots", "17", "2024-03-02"),
        ("B-310", "Blender", "5.5", "2024-03-02"),
    )
    assert suppliers.rows[0] == ("Hearth & Home", "Portugal")


def test_legacy_xls(sample_corpus):
    # legacy_budget.xls (BIFF8, from the generator): title merged over A1:C1, header in row 2,
    # Rent 950 paid 2023-01-01, Power 61.4 paid 2023-01-09, Books 23.99 unpaid; a hidden "Notes".
    doc = extract(sample_corpus / "spreadsheets" / "legacy_budget.xls")
    assert doc.source_type == "xls"
    title, budget, notes = doc.blocks
    assert title.text == "Household budget 2023"
    assert budget.header == ("Item", "Amount", "Paid on")
    assert budget.rows == (
        ("Rent", "950", "2023-01-01"),
        ("Power", "61.4", "2023-01-09"),
        ("Books", "23.99", ""),
    )
    assert budget.row_numbers == (3, 4, 5)
    assert budget.meta["merged"] == ["A1:C1"]
    assert notes.meta["hidden"] is True
    assert notes.rows == (("Kept for the records",),) and notes.meta["has_header"] is False
    assert doc.coverage.hidden_read == ("Notes",)
    assert "\n## Notes (hidden)\n" in get_markdown(sample_corpus / "spreadsheets" / "legacy_budget.xls")


def test_xlsb(sample_corpus):
    # shipments.xlsb (from the generator): Orders with A-1001 3 2024-05-02, A-1002 12.5 (not
    # shipped), A-1003 40 2024-05-09; a hidden "Audit" sheet.
    doc = extract(sample_corpus / "spreadsheets" / "shipments.xlsb")
    assert doc.source_type == "xlsb"
    orders, audit = doc.blocks
    assert orders.header == ("Order", "Qty", "Shipped")
    assert orders.rows == (
        ("A-1001", "3", "2024-05-02"),
        ("A-1002", "12.5", ""),
        ("A-1003", "40", "2024-05-09"),
    )
    assert audit.meta["hidden"] is True
    assert audit.rows == (("R. Okafor", "2024-05-10"),)
    assert doc.coverage.hidden_read == ("Audit",)
    assert "\n## Audit (hidden)\n" in get_markdown(sample_corpus / "spreadsheets" / "shipments.xlsb")


def test_an_xls_under_an_xlsx_name_is_read_with_a_warning(sample_corpus):
    data = (sample_corpus / "spreadsheets" / "legacy_budget.xls").read_bytes()
    doc = extract(data, filename="renamed.xlsx")
    assert [b.meta["sheet_name"] for b in doc.blocks] == ["Budget", "Budget", "Notes"]
    assert any("legacy .xls" in w for w in doc.coverage.warnings)


def test_the_streaming_ods_reader_agrees_with_calamine(sample_corpus):
    with zipfile.ZipFile(sample_corpus / "spreadsheets" / "inventory.ods") as zf:
        backend = OdsBackend(zf)
        try:
            assert [s.name for s in backend.sheets] == ["Stock", "Suppliers"]
            tables = [read_table(backend.read(s), char_budget=10**6) for s in backend.sheets]
        finally:
            backend.close()
    doc = extract(sample_corpus / "spreadsheets" / "inventory.ods")
    assert [t.rows for t in tables] == [b.rows for b in doc.blocks]
    assert [t.header for t in tables] == [b.header for b in doc.blocks]


def test_billions_of_repeated_ods_cells_are_refused_quickly():
    content = (
        '<?xml version="1.0"?><office:document-content'
        ' xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"'
        ' xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"'
        ' xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet>'
        '<table:table table:name="S"><table:table-row table:number-rows-repeated="999999999">'
        '<table:table-cell table:number-columns-repeated="999999999" office:value-type="string">'
        "<text:p>X</text:p></table:table-cell></table:table-row></table:table>"
        "</office:spreadsheet></office:body></office:document-content>"
    )
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        zf.writestr("content.xml", content)
    with zipfile.ZipFile(io.BytesIO(buf.getvalue())) as zf:
        backend = OdsBackend(zf)
        start = time.perf_counter()
        with pytest.raises(errors.DocumentLimit):
            read_table(backend.read(backend.sheets[0]), char_budget=200_000)
        assert time.perf_counter() - start < 5
    # through extract, with the default limits (calamine refuses the file, so the streaming reader
    # reads it): refused at its first row, whose declared cells alone hold more characters than
    # the text may have, before any row is built
    tracemalloc.start()
    try:
        with pytest.raises(
            errors.DocumentLimit, match="row 1 of sheet 'S' declare 17,179,869,184 filled cells"
        ):
            extract(buf.getvalue(), filename="dos.ods")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20 * 2**20  # (it was 500 MB before the declared cells were counted)


def test_declared_filled_cells_count_against_the_text_limit_across_sheets():
    # read by hand: sheet A declares 3 filled cells × 40 rows = 120, sheet B 2 × 50 = 100; empty
    # repeated cells and rows count nothing
    def sheet(name: str, cells: int, rows: int) -> str:
        filled = '<table:table-cell office:value-type="string"><text:p>X</text:p></table:table-cell>'
        return (
            f'<table:table table:name="{name}"><table:table-row table:number-rows-repeated="{rows}">'
            + filled * cells
            + '<table:table-cell table:number-columns-repeated="9000"/></table:table-row>'
            + '<table:table-row table:number-rows-repeated="1000000"><table:table-cell/></table:table-row>'
            + "</table:table>"
        )

    content = (
        '<?xml version="1.0"?><office:document-content'
        ' xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"'
        ' xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"'
        ' xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet>'
        + sheet("A", 3, 40)
        + sheet("B", 2, 50)
        + "</office:spreadsheet></office:body></office:document-content>"
    )
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("content.xml", content)

    def tables(max_chars: int) -> list:
        with zipfile.ZipFile(io.BytesIO(buf.getvalue())) as zf:
            backend = OdsBackend(zf, max_chars)
            return [read_table(backend.read(s), char_budget=10**6) for s in backend.sheets]

    read = tables(220)  # exactly the 220 declared: read in full
    assert [(len(t.rows) + (t.header is not None), len(t.rows[0])) for t in read] == [(40, 3), (50, 2)]
    with pytest.raises(errors.DocumentLimit, match="up to row 1 of sheet 'B' declare 220 filled cells"):
        tables(219)


# -- workbooks that cannot be read ---------------------------------------------------------------


def test_a_workbook_without_a_readable_sheet_raises_parse_error():
    data = _xlsx(lambda wb: wb.active.append(["a", "b"]))
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            payload = src.read(info)
            if info.filename == "xl/worksheets/sheet1.xml":
                payload = payload[:40]
            dst.writestr(info, payload)
    with pytest.raises(errors.ParseError, match="no readable sheet"):
        extract(out.getvalue(), filename="broken.xlsx")


def test_an_empty_workbook_gives_no_blocks_and_lists_its_empty_sheet():
    doc = extract(_xlsx(lambda wb: None), filename="empty.xlsx")
    assert doc.blocks == ()
    assert [(s.what, s.name) for s in doc.coverage.skipped] == [("sheet", "Sheet")]
    assert get_chunks(_xlsx(lambda wb: None), filename="empty.xlsx") == []


@pytest.mark.parametrize(
    ("data", "error"),
    [
        (b"this is not a workbook at all", errors.ParseError),
        (b"PK\x03\x04 truncated zip", errors.ParseError),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600, errors.ParseError),  # a broken OLE file
    ],
)
def test_non_workbooks_raise_typed_errors(data, error):
    with pytest.raises(error):
        extract(data, filename="x.xlsx")


# -- fuzz: mutated workbooks never raise an undocumented error or hang -----------------------------


def _mutations(data: bytes, rng: random.Random, count: int):
    """Byte flips and truncations of the file, and of the sheet XML inside the package."""
    src = zipfile.ZipFile(io.BytesIO(data))
    members = [i for i in src.infolist() if i.filename.endswith(".xml")]
    for n in range(count):
        if n % 3 == 0:
            blob = bytearray(data)
            for _ in range(rng.randint(1, 20)):
                blob[rng.randrange(len(blob))] = rng.randrange(256)
            yield bytes(blob)
        elif n % 3 == 1:
            yield data[: rng.randrange(len(data))]
        else:
            target = rng.choice(members).filename
            out = io.BytesIO()
            with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
                for info in src.infolist():
                    payload = bytearray(src.read(info))
                    if info.filename == target and payload:
                        for _ in range(rng.randint(1, 8)):
                            pos = rng.randrange(len(payload))
                            payload[pos : pos + rng.randint(1, 12)] = bytes(
                                rng.choice(b'<>/"=&x0 ') for _ in range(rng.randint(0, 6))
                            )
                    dst.writestr(info.filename, bytes(payload))
            yield out.getvalue()


@pytest.mark.parametrize(("name", "count"), [("regional_sales.xlsx", 45), ("inventory.ods", 30)])
def test_fuzzed_workbooks_raise_only_documented_errors(sample_corpus, name, count):
    data = (sample_corpus / "spreadsheets" / name).read_bytes()
    rng = random.Random(20240501)
    worker = Isolated(timeout=20)
    outcomes: dict[str, int] = {}
    try:
        for mutated in _mutations(data, rng, count):
            outcome = worker.run(mutated, f"fuzz{name[name.index('.') :]}")
            assert outcome.status == "ok" or outcome.status in errors.CODES, outcome
            outcomes[outcome.status] = outcomes.get(outcome.status, 0) + 1
    finally:
        worker.close()
    print(f"fuzzed {name} outcomes:", outcomes)
    assert sum(outcomes.values()) == count


def test_image_only_sheet_gives_an_image_block():
    from PIL import Image as PILImage

    png = io.BytesIO()
    PILImage.new("RGB", (4, 4), (200, 10, 10)).save(png, format="PNG")

    def build(wb):
        from openpyxl.drawing.image import Image as XLImage

        img = XLImage(io.BytesIO(png.getvalue()))
        img.anchor = "B2"
        wb.active.add_image(img)

    doc = extract(_xlsx(build), filename="picture.xlsx")
    [block] = doc.blocks
    assert block.kind == IMAGE
    assert block.meta["sheet_name"] == "Sheet"
    assert doc.images[0].name == block.images[0]


# -- the fast table rendering is exactly render_table ------------------------------------------------

_cells = st.text(alphabet=st.sampled_from(list("ab |\t\n\xa0\u3000\x1f\x00-")), max_size=6)


@given(st.integers(min_value=1, max_value=4).flatmap(
    lambda w: st.tuples(st.lists(_cells, min_size=w, max_size=w),
                        st.lists(st.lists(_cells, min_size=w, max_size=w), max_size=5))))  # fmt: skip
@settings(max_examples=300, deadline=None)
def test_table_text_equals_render_table(table):
    header, rows = table
    assert table_text(tuple(header), [tuple(r) for r in rows]) == render_table(header, rows)


def _ods(content_body: str, styles: str = "", manifest: bool = True) -> bytes:
    ns = (
        'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"'
        ' xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"'
        ' xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"'
        ' xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"'
        ' xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0"'
    )
    content = (
        f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {ns} office:version="1.2">'
        f"<office:automatic-styles>{styles}</office:automatic-styles>"
        f"<office:body><office:spreadsheet>{content_body}</office:spreadsheet></office:body>"
        "</office:document-content>"
    )
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        zf.writestr("content.xml", content)
        if manifest:  # calamine does not recognise a package without one
            zf.writestr(
                "META-INF/manifest.xml",
                '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest'
                ' xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">'
                '<manifest:file-entry manifest:full-path="/"'
                ' manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/></manifest:manifest>',
            )
    return buf.getvalue()


def _cell(text: str, attrs: str = "") -> str:
    return f'<table:table-cell office:value-type="string" {attrs}><text:p>{text}</text:p></table:table-cell>'


@pytest.mark.parametrize("manifest", [True, False], ids=["calamine", "streaming-reader"])
def test_ods_merged_cells_are_filled_and_hidden_tables_flagged(manifest):
    # Table "A": B1 spans two columns and two rows (B1:C2); table "H" is hidden by its style.
    body = (
        '<table:table table:name="A"><table:table-row>'
        + _cell("region")
        + _cell("Q1", 'table:number-columns-spanned="2" table:number-rows-spanned="2"')
        + "<table:covered-table-cell/></table:table-row><table:table-row>"
        + _cell("north")
        + '<table:covered-table-cell table:number-columns-repeated="2"/></table:table-row>'
        + "<table:table-row>"
        + _cell("south")
        + _cell("5")
        + _cell("6")
        + '</table:table-row></table:table><table:table table:name="H" table:style-name="ta2">'
        + "<table:table-row>"
        + _cell("secret")
        + "</table:table-row></table:table>"
    )
    styles = '<style:style style:name="ta2" style:family="table"><style:table-properties table:display="false"/></style:style>'
    doc = extract(_ods(body, styles, manifest), filename="spans.ods")
    a, h = doc.blocks
    assert a.meta["merged"] == ["B1:C2"]
    assert a.header == ("region", "Q1", "Q1")
    assert a.rows == (("north", "Q1", "Q1"), ("south", "5", "6"))
    assert h.meta["hidden"] is True and a.meta["hidden"] is False


@pytest.mark.parametrize("manifest", [True, False], ids=["calamine", "streaming-reader"])
def test_a_hidden_ods_table_is_read_and_said_hidden(manifest):
    # "Rates" is hidden by its table style (table:display="false"): read, its heading says so
    body = (
        '<table:table table:name="Costs"><table:table-row>'
        + _cell("item")
        + _cell("cost")
        + "</table:table-row><table:table-row>"
        + _cell("paper")
        + _cell("12")
        + '</table:table-row></table:table><table:table table:name="Rates" table:style-name="ta2">'
        + "<table:table-row>"
        + _cell("EUR")
        + _cell("1.08")
        + "</table:table-row></table:table>"
    )
    styles = '<style:style style:name="ta2" style:family="table"><style:table-properties table:display="false"/></style:style>'
    data = _ods(body, styles, manifest)
    doc = extract(data, filename="book.ods")
    assert doc.coverage.hidden_read == ("Rates",)
    markdown = get_markdown(data, filename="book.ods")
    assert "## Costs\n" in markdown and "## Rates (hidden)\n" in markdown
    assert [
        (c["metadata"]["sheet_name"], c["metadata"].get("hidden"))
        for c in get_chunks(data, filename="book.ods")
    ] == [
        ("Costs", None),
        ("Rates", True),
    ]


@pytest.mark.parametrize("manifest", [True, False], ids=["calamine", "streaming-reader"])
def test_an_ods_header_over_two_rows_joins_each_column_with_a_slash(manifest):
    # A1:A2 "region" spans two rows, B1:C1 "sales" two columns over "Q1" and "Q2": one header,
    # each column's texts joined top-down as an OpenDocument text's header rows are
    body = (
        '<table:table table:name="S"><table:table-row>'
        + _cell("region", 'table:number-rows-spanned="2"')
        + _cell("sales", 'table:number-columns-spanned="2"')
        + "<table:covered-table-cell/></table:table-row><table:table-row><table:covered-table-cell/>"
        + _cell("Q1")
        + _cell("Q2")
        + "</table:table-row><table:table-row>"
        + _cell("north")
        + '<table:table-cell office:value-type="float" office:value="5"><text:p>5</text:p></table:table-cell>'
        + '<table:table-cell office:value-type="float" office:value="6"><text:p>6</text:p></table:table-cell>'
        + "</table:table-row></table:table>"
    )
    (table,) = extract(_ods(body, manifest=manifest), filename="sales.ods").blocks
    assert table.header == ("region", "sales / Q1", "sales / Q2")
    assert table.rows == (("north", "5", "6"),) and table.row_numbers == (3,)


@pytest.mark.parametrize("manifest", [True, False], ids=["calamine", "streaming-reader"])
def test_an_ods_table_inside_a_cell_is_that_cell_s_text(manifest):
    # B2 holds a table of two rows (in1 in2 / in3 in4); the rows after it, and a second sheet,
    # are the sheet's and the book's as LibreOffice shows them
    inner = "".join(
        "<table:table-row>" + _cell(a) + _cell(b) + "</table:table-row>"
        for a, b in (("in1", "in2"), ("in3", "in4"))
    )
    body = (
        '<table:table table:name="A">'
        + "<table:table-row>" + _cell("name") + _cell("note") + "</table:table-row>"
        + "<table:table-row>" + _cell("bolt")
        + '<table:table-cell office:value-type="string"><table:table table:name="inner">'
        + inner + "</table:table></table:table-cell></table:table-row>"
        + "<table:table-row>" + _cell("nut") + _cell("after") + "</table:table-row>"
        + "<table:table-row>" + _cell("washer") + _cell("last") + "</table:table-row>"
        + '</table:table><table:table table:name="B"><table:table-row>' + _cell("other")
        + "</table:table-row></table:table>"
    )  # fmt: skip
    doc = extract(_ods(body, "", manifest), filename="nested.ods")
    a, b = doc.blocks
    assert a.header == ("name", "note")
    assert a.rows == (("bolt", "in1\nin2\nin3\nin4"), ("nut", "after"), ("washer", "last"))
    assert (b.meta["sheet_name"], b.rows) == ("B", (("other",),))
    assert doc.coverage.sheets_read == ("A", "B")


def test_cell_comments_are_listed_as_not_extracted():
    from openpyxl.comments import Comment

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["city", "population"])
    sheet.append(["Lisbon", 545000])
    sheet["A2"].comment = Comment("the capital", "Ann")
    sheet["B2"].comment = Comment("2021 census", "Bo")
    sheet["A1"].comment = Comment("header", "Bo")
    out = io.BytesIO()
    book.save(out)
    doc = extract(out.getvalue(), filename="cities.xlsx")
    (skipped,) = doc.coverage.skipped_of("comments")
    assert skipped.reason.startswith("3 review comments not extracted")
    assert "census" not in doc.text and "Lisbon" in doc.text
    assert doc.metadata["skipped_sheets"] == []  # a comment is not a sheet


@pytest.mark.parametrize("manifest", [True, False], ids=["calamine", "streaming-reader"])
def test_ods_percentages_read_as_libreoffice_shows_them(manifest):
    # a percentage cell stores its fraction (office:value) and the text LibreOffice shows
    def percent(value: str, text: str) -> str:
        return (
            f'<table:table-cell office:value-type="percentage" office:value="{value}">'
            f"<text:p>{text}</text:p></table:table-cell>"
        )

    body = (
        '<table:table table:name="A"><table:table-row>'
        + _cell("name")
        + _cell("share")
        + "</table:table-row><table:table-row>"
        + _cell("north")
        + percent("0.255", "25.5%")
        + "</table:table-row><table:table-row>"
        + _cell("south")
        + percent("0.1", "10.0%")
        + "</table:table-row></table:table>"
    )
    (table,) = extract(_ods(body, "", manifest), filename="p.ods").blocks
    assert table.header == ("name", "share")
    assert table.rows == (("north", "25.5%"), ("south", "10.0%"))


@pytest.mark.parametrize("manifest", [True, False], ids=["calamine", "streaming-reader"])
def test_ods_currencies_read_as_libreoffice_shows_them(manifest):
    # a currency cell stores its number (office:value) and the text LibreOffice shows
    def money(value: str, text: str) -> str:
        return (
            f'<table:table-cell office:value-type="currency" office:currency="EUR" office:value="{value}">'
            f"<text:p>{text}</text:p></table:table-cell>"
        )

    body = (
        '<table:table table:name="A"><table:table-row>'
        + _cell("item")
        + _cell("price")
        + "</table:table-row><table:table-row>"
        + _cell("desk")
        + money("1234.5", "1.234,50 €")
        + "</table:table-row><table:table-row>"
        + _cell("refund")
        + money("-12.5", "-12,50 €")
        + "</table:table-row></table:table>"
    )
    (table,) = extract(_ods(body, "", manifest), filename="m.ods").blocks
    assert table.header == ("item", "price")
    assert table.rows == (("desk", "1.234,50 €"), ("refund", "-12,50 €"))


@pytest.mark.parametrize("manifest", [True, False], ids=["calamine", "streaming-reader"])
def test_ods_spaces_written_as_elements_are_kept(manifest):
    # LibreOffice writes the space before a currency symbol as <text:s/> (and n spaces as
    # <text:s text:c="n"/>): "-12,50 €" is what it shows, not "-12,50€"
    def money(value: str, text: str) -> str:
        return (
            f'<table:table-cell office:value-type="currency" office:currency="EUR" office:value="{value}">'
            f"<text:p>{text}</text:p></table:table-cell>"
        )

    body = (
        '<table:table table:name="A"><table:table-row>'
        + _cell("item")
        + _cell("price")
        + _cell("code")
        + "</table:table-row><table:table-row>"
        + _cell("desk")
        + money("1234.5", "1.234,50<text:s/>€")
        + _cell('AB<text:s text:c="2"/>12')
        + "</table:table-row><table:table-row>"
        + _cell("refund")
        + money("-12.5", "<text:span>-12,50</text:span><text:s/>€")
        + _cell("CD<text:s/>34")
        + "</table:table-row></table:table>"
    )
    (table,) = extract(_ods(body, "", manifest), filename="m.ods").blocks
    assert table.header == ("item", "price", "code")
    assert table.rows == (("desk", "1.234,50 €", "AB  12"), ("refund", "-12,50 €", "CD 34"))


@pytest.mark.parametrize("manifest", [True, False], ids=["calamine", "streaming-reader"])
def test_ods_numbers_of_a_number_style_read_as_libreoffice_shows_them(manifest):
    # as LibreOffice writes them: ce1 formats "#,##0.00" (N4), column C defaults to ce2, which
    # formats "0.00E+00" (N11); ce3 is General (N0), whose text, written in a German locale
    # ("0,5"), is not read: a General number keeps its value
    styles = (
        '<number:number-style style:name="N0"><number:number number:min-integer-digits="1"/>'
        "</number:number-style>"
        '<number:number-style style:name="N4"><number:number number:decimal-places="2"'
        ' number:min-decimal-places="2" number:min-integer-digits="1" number:grouping="true"/>'
        "</number:number-style>"
        '<number:number-style style:name="N11"><number:scientific-number number:decimal-places="2"'
        ' number:min-decimal-places="2" number:min-integer-digits="1" number:min-exponent-digits="2"/>'
        "</number:number-style>"
        '<style:style style:name="ce1" style:family="table-cell" style:parent-style-name="Default"'
        ' style:data-style-name="N4"/>'
        '<style:style style:name="ce2" style:family="table-cell" style:parent-style-name="Default"'
        ' style:data-style-name="N11"/>'
        '<style:style style:name="ce3" style:family="table-cell" style:parent-style-name="Default"'
        ' style:data-style-name="N0"/>'
    )

    def number(value: str, text: str, style: str = "") -> str:
        attrs = f' table:style-name="{style}"' if style else ""
        return (
            f'<table:table-cell{attrs} office:value-type="float" office:value="{value}">'
            f"<text:p>{text}</text:p></table:table-cell>"
        )

    body = (
        '<table:table table:name="A">'
        '<table:table-column table:number-columns-repeated="2" table:default-cell-style-name="Default"/>'
        '<table:table-column table:default-cell-style-name="ce2"/>'
        '<table:table-column table:default-cell-style-name="Default"/>'
        "<table:table-row>"
        + _cell("item")
        + _cell("amount")
        + _cell("mass")
        + _cell("share")
        + "</table:table-row><table:table-row>"
        + _cell("bolt")
        + number("1234.5", "1,234.50", "ce1")
        + number("1234567", "1.23E+06")
        + number("0.5", "0,5", "ce3")
        + "</table:table-row><table:table-row>"
        + _cell("nut")
        + number("12", "12.00", "ce1")
        + number("-0.000123", "-1.23E-04")
        + number("3", "3")
        + "</table:table-row></table:table>"
    )
    (table,) = extract(_ods(body, styles, manifest), filename="n.ods").blocks
    assert table.header == ("item", "amount", "mass", "share")
    assert table.rows == (("bolt", "1,234.50", "1.23E+06", "0.5"), ("nut", "12.00", "-1.23E-04", "3"))


@pytest.mark.parametrize("manifest", [True, False], ids=["calamine", "streaming-reader"])
def test_ods_numbers_without_a_text_are_shown_in_their_style(manifest):
    # a writer that leaves text:p out: ce1 "#,##0.00" (N4), ce4 "0.0%" (N10, a percentage
    # style), ce5 '0.0" kg"' (N7, literal text), column C's default ce2 "0.00E+00" (N11); ce6
    # a currency style (N104), whose number is kept
    styles = (
        '<number:number-style style:name="N4"><number:number number:decimal-places="2"'
        ' number:min-decimal-places="2" number:min-integer-digits="1" number:grouping="true"/>'
        "</number:number-style>"
        '<number:percentage-style style:name="N10"><number:number number:decimal-places="1"'
        ' number:min-integer-digits="1"/><number:text>%</number:text></number:percentage-style>'
        '<number:number-style style:name="N7"><number:number number:decimal-places="1"'
        ' number:min-integer-digits="1"/><number:text> kg</number:text></number:number-style>'
        '<number:number-style style:name="N11"><number:scientific-number number:decimal-places="2"'
        ' number:min-integer-digits="1" number:min-exponent-digits="2"/></number:number-style>'
        '<number:currency-style style:name="N104"><number:currency-symbol>€</number:currency-symbol>'
        '<number:number number:decimal-places="2" number:min-integer-digits="1"/></number:currency-style>'
        + "".join(
            f'<style:style style:name="{name}" style:family="table-cell" style:data-style-name="{data}"/>'
            for name, data in (("ce1", "N4"), ("ce2", "N11"), ("ce4", "N10"), ("ce5", "N7"), ("ce6", "N104"))
        )
    )

    def number(value: str, style: str = "", kind: str = "float") -> str:
        attrs = f' table:style-name="{style}"' if style else ""
        return f'<table:table-cell{attrs} office:value-type="{kind}" office:value="{value}"/>'

    body = (
        '<table:table table:name="A">'
        '<table:table-column table:number-columns-repeated="2"/>'
        '<table:table-column table:default-cell-style-name="ce2"/>'
        '<table:table-column table:number-columns-repeated="3"/>'
        "<table:table-row>"
        + "".join(_cell(t) for t in ("item", "amount", "mass", "share", "weight", "plain"))
        + "</table:table-row><table:table-row>"
        + _cell("bolt")
        + number("1234.5", "ce1")
        + number("1234567")
        + number("0.255", "ce4", "percentage")
        + number("2.25", "ce5")
        + number("7.5", "ce6")
        + "</table:table-row><table:table-row>"
        + _cell("nut")
        + number("-12", "ce1")
        + number("0.000123")
        + number("1", "ce4", "percentage")
        + number("0.04", "ce5")
        + number("3")
        + "</table:table-row></table:table>"
    )
    (table,) = extract(_ods(body, styles, manifest), filename="n.ods").blocks
    assert table.header == ("item", "amount", "mass", "share", "weight", "plain")
    assert table.rows == (
        ("bolt", "1,234.50", "1.23E+06", "25.5%", "2.3 kg", "7.5"),
        ("nut", "-12.00", "1.23E-04", "100.0%", "0.0 kg", "3"),
    )


@pytest.mark.parametrize("manifest", [True, False], ids=["calamine", "streaming-reader"])
def test_ods_numbers_without_a_text_are_shown_in_the_document_s_language(manifest):
    # the document's language, of its default cell style in styles.xml, is German; ce1 formats
    # "#,##0.00" (N4) in it, ce2 the same code in English (N5 names en-US), ce3 in French (N6:
    # a narrow no-break space between thousands), ce4 "0.0%" (N10), ce5 '"No. "0' (N8: a point
    # in the literal text stays one)
    styles = (
        '<number:number-style style:name="N4"><number:number number:decimal-places="2"'
        ' number:min-decimal-places="2" number:min-integer-digits="1" number:grouping="true"/>'
        "</number:number-style>"
        '<number:number-style style:name="N5" number:language="en" number:country="US">'
        '<number:number number:decimal-places="2" number:min-decimal-places="2"'
        ' number:min-integer-digits="1" number:grouping="true"/></number:number-style>'
        '<number:number-style style:name="N6" number:language="fr" number:country="FR">'
        '<number:number number:decimal-places="2" number:min-decimal-places="2"'
        ' number:min-integer-digits="1" number:grouping="true"/></number:number-style>'
        '<number:percentage-style style:name="N10"><number:number number:decimal-places="1"'
        ' number:min-integer-digits="1"/><number:text>%</number:text></number:percentage-style>'
        '<number:number-style style:name="N8"><number:text>No. </number:text>'
        '<number:number number:decimal-places="0" number:min-integer-digits="1"/></number:number-style>'
        + "".join(
            f'<style:style style:name="{name}" style:family="table-cell" style:data-style-name="{data}"/>'
            for name, data in (("ce1", "N4"), ("ce2", "N5"), ("ce3", "N6"), ("ce4", "N10"), ("ce5", "N8"))
        )
    )
    common = (
        '<?xml version="1.0" encoding="UTF-8"?><office:document-styles'
        ' xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"'
        ' xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"'
        ' xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.2">'
        '<office:styles><style:default-style style:family="table-cell">'
        '<style:text-properties fo:language="de" fo:country="DE"/></style:default-style>'
        "</office:styles></office:document-styles>"
    )

    def number(value: str, style: str, kind: str = "float") -> str:
        return f'<table:table-cell table:style-name="{style}" office:value-type="{kind}" office:value="{value}"/>'

    body = (
        '<table:table table:name="A"><table:table-row>'
        + "".join(_cell(t) for t in ("item", "de", "en", "fr", "share", "number"))
        + "</table:table-row><table:table-row>"
        + _cell("bolt")
        + number("1234567.5", "ce1")
        + number("1234567.5", "ce2")
        + number("1234567.5", "ce3")
        + number("0.255", "ce4", "percentage")
        + number("7", "ce5")
        + "</table:table-row></table:table>"
    )
    src = zipfile.ZipFile(io.BytesIO(_ods(body, styles, manifest)))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as dst:
        for name in src.namelist():
            dst.writestr(name, src.read(name))
        dst.writestr("styles.xml", common)
    (table,) = extract(buf.getvalue(), filename="de.ods").blocks
    assert table.rows == (
        ("bolt", "1.234.567,50", "1,234,567.50", "1\u202f234\u202f567,50", "25,5%", "No. 7"),
    )


@pytest.mark.parametrize("manifest", [True, False], ids=["calamine", "streaming-reader"])
def test_ods_numbers_without_a_text_in_a_scaled_style_keep_their_value(manifest):
    # N1 divides by a thousand before showing three decimals and a "k" (LibreOffice shows 12345 as
    # 12.345k), N2 writes engineering notation (12.35E+03): no format code shows either, so a cell
    # without a text keeps its stored number rather than 12345.000k or 1.23E+04; N3's display
    # factor of 1 changes nothing (2.5 shows as 2.50)
    styles = (
        '<number:number-style style:name="N1"><number:number number:decimal-places="3"'
        ' number:min-integer-digits="1" number:display-factor="1000"/><number:text>k</number:text>'
        "</number:number-style>"
        '<number:number-style style:name="N2"><number:scientific-number number:decimal-places="2"'
        ' number:min-integer-digits="1" number:min-exponent-digits="2" number:exponent-interval="3"/>'
        "</number:number-style>"
        '<number:number-style style:name="N3"><number:number number:decimal-places="2"'
        ' number:min-integer-digits="1" number:display-factor="1"/></number:number-style>'
        + "".join(
            f'<style:style style:name="{name}" style:family="table-cell" style:data-style-name="{data}"/>'
            for name, data in (("ce1", "N1"), ("ce2", "N2"), ("ce3", "N3"))
        )
    )

    def number(value: str, style: str) -> str:
        return (
            f'<table:table-cell table:style-name="{style}" office:value-type="float" office:value="{value}"/>'
        )

    body = (
        '<table:table table:name="A"><table:table-row>'
        + "".join(_cell(t) for t in ("item", "sales", "load", "rate"))
        + "</table:table-row><table:table-row>"
        + _cell("north")
        + number("12345", "ce1")
        + number("12345", "ce2")
        + number("2.5", "ce3")
        + "</table:table-row></table:table>"
    )
    (table,) = extract(_ods(body, styles, manifest), filename="k.ods").blocks
    assert table.header == ("item", "sales", "load", "rate")
    assert table.rows == (("north", "12345", "12345", "2.50"),)


def test_an_ods_in_an_unknown_encoding_is_a_parse_error_naming_its_part():
    # no manifest: calamine refuses the package, and the streaming reader meets the declaration
    body = '<table:table table:name="A"><table:table-row>' + _cell("a") + "</table:table-row></table:table>"
    data = _ods(body, "", manifest=False)
    src = zipfile.ZipFile(io.BytesIO(data))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as dst:
        for name in src.namelist():
            part = src.read(name)
            dst.writestr(
                name,
                part.replace(b'encoding="UTF-8"', b'encoding="UTF-9"') if name == "content.xml" else part,
            )
    with pytest.raises(errors.ParseError, match="content.xml: unknown encoding: UTF-9"):
        extract(buf.getvalue(), filename="e.ods")


_ODS_DATE_STYLES = (
    # N1: year-month-day; N2: the same with hours and minutes; ce1 and ce2 name them
    '<number:date-style style:name="N1"><number:year number:style="long"/><number:text>-</number:text>'
    '<number:month number:style="long"/><number:text>-</number:text><number:day number:style="long"/>'
    '</number:date-style><style:style style:name="ce1" style:family="table-cell" style:data-style-name="N1"/>'
    '<number:date-style style:name="N2"><number:year number:style="long"/><number:text>-</number:text>'
    '<number:month number:style="long"/><number:text>-</number:text><number:day number:style="long"/>'
    '<number:text> </number:text><number:hours number:style="long"/><number:text>:</number:text>'
    '<number:minutes number:style="long"/></number:date-style>'
    '<style:style style:name="ce2" style:family="table-cell" style:data-style-name="N2"/>'
)


def _date_cell(value: str, text: str, style: str | None = None) -> str:
    named = f' table:style-name="{style}"' if style else ""
    return (
        f'<table:table-cell{named} office:value-type="date" office:date-value="{value}">'
        f"<text:p>{text}</text:p></table:table-cell>"
    )


@pytest.mark.parametrize("manifest", [True, False], ids=["calamine", "streaming-reader"])
def test_an_ods_date_style_without_a_time_shows_the_date_alone(manifest):
    body = (
        '<table:table table:name="S"><table:table-row>'
        + _cell("day")
        + _cell("stamp")
        + _cell("plain")
        + "</table:table-row><table:table-row>"
        + _date_cell("2023-03-15T06:00:00", "2023-03-15", "ce1")
        + _date_cell("2023-03-15T06:00:00", "2023-03-15 06:00", "ce2")
        + _date_cell("2023-03-15T06:00:00", "03/15/23 06:00 AM")
        + "</table:table-row><table:table-row>"
        + _date_cell("2023-03-16", "2023-03-16", "ce1")
        + _date_cell("2023-03-16T18:30:00", "2023-03-16 18:30", "ce2")
        + _date_cell("2023-03-16", "03/16/23")
        + "</table:table-row></table:table>"
    )
    (table,) = extract(_ods(body, _ODS_DATE_STYLES, manifest=manifest), filename="d.ods").blocks
    # the style without a time shows the date alone; one with a time, and no style, as before
    assert table.rows == (
        ("2023-03-15", "2023-03-15 06:00:00", "2023-03-15 06:00:00"),
        ("2023-03-16", "2023-03-16 18:30:00", "2023-03-16"),
    )
