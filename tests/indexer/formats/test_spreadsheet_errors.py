"""Error values of cells (#DIV/0!, #N/A …): python-calamine reads them as empty cells, so the
xlsx reader takes them from the worksheet part. Workbooks written by openpyxl, hand-written
parts (prefixes, formulas, cells without references, in-cell pictures) and the real
``errors.xlsx`` and ``pivots.xlsx``."""

from __future__ import annotations

import io
import re
import struct
import zipfile

import openpyxl
import pytest

from indexer import errors, extract, get_chunks
from indexer.formats import _ooxml
from indexer.formats.spreadsheet import _sheet_errors, sheet_errors
from indexer.model import TABLE

from ._isolated import Isolated


def _table(doc, sheet: str | None = None):
    tables = [b for b in doc.blocks if b.kind == TABLE and (sheet is None or b.meta["sheet_name"] == sheet)]
    assert len(tables) == 1
    return tables[0]


def _openpyxl_book(rows) -> bytes:
    wb = openpyxl.Workbook()
    for row in rows:
        wb.active.append(row)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def test_error_values_written_by_openpyxl_are_read_where_they_stand():
    data = _openpyxl_book(
        [
            ["Item", "Ratio", "Lookup", "Note"],
            ["bolts", 0.5, "#N/A", None],
            ["nuts", "#DIV/0!", 12, "ok"],
        ]
    )
    # openpyxl types a string that is an error code as an error cell (t="e")
    assert b't="e"' in zipfile.ZipFile(io.BytesIO(data)).read("xl/worksheets/sheet1.xml")
    table = _table(extract(data, filename="book.xlsx"))
    assert table.header == ("Item", "Ratio", "Lookup", "Note")
    assert table.rows == (("bolts", "0.5", "#N/A", ""), ("nuts", "#DIV/0!", "12", "ok"))
    assert table.row_numbers == (2, 3)
    chunks = get_chunks(data, filename="book.xlsx")
    assert chunks[0]["content"] == "Item: bolts | Ratio: 0.5 | Lookup: #N/A"
    assert chunks[1]["content"] == "Item: nuts | Ratio: #DIV/0! | Lookup: 12 | Note: ok"


def test_a_row_of_error_values_is_not_taken_for_a_header():
    table = _table(extract(_openpyxl_book([["#REF!", "#NAME?"], ["#VALUE!", 3]]), filename="e.xlsx"))
    assert table.header == ("Column 1", "Column 2")
    assert table.rows == (("#REF!", "#NAME?"), ("#VALUE!", "3"))


_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PKG = "http://schemas.openxmlformats.org/package/2006/relationships"


def _hand_book(sheet_xml: str, *, stored: bool = False) -> bytes:
    """A minimal xlsx package around one worksheet part written by hand."""
    parts = {
        "[Content_Types].xml": (
            '<?xml version="1.0" encoding="UTF-8"?>'
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
            '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
            "</Types>"
        ),
        "_rels/.rels": (
            f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{_PKG}">'
            f'<Relationship Id="rId1" Type="{_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>'
        ),
        "xl/workbook.xml": (
            f'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{_NS}" xmlns:r="{_REL}">'
            '<sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>'
        ),
        "xl/_rels/workbook.xml.rels": (
            f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{_PKG}">'
            f'<Relationship Id="rId1" Type="{_REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>'
        ),
        "xl/worksheets/sheet1.xml": sheet_xml,
    }
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED) as zf:
        for name, text in parts.items():
            zf.writestr(name, text)
    return buf.getvalue()


def _sheet(rows: str, prefix: str = "") -> str:
    p = f"{prefix}:" if prefix else ""
    xmlns = f' xmlns:{prefix}="{_NS}"' if prefix else f' xmlns="{_NS}"'
    return f'<?xml version="1.0" encoding="UTF-8"?><{p}worksheet{xmlns}><{p}sheetData>{rows}</{p}sheetData></{p}worksheet>'


def test_cached_formula_errors_under_a_namespace_prefix():
    rows = (
        '<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>Name</x:t></x:is></x:c>'
        '<x:c r="B1" t="inlineStr"><x:is><x:t>Share</x:t></x:is></x:c></x:row>'
        '<x:row r="2"><x:c r="A2" t="inlineStr"><x:is><x:t>a</x:t></x:is></x:c>'
        "<x:c r='B2' s='3' t='e'><x:f>1/0</x:f><x:v>#DIV/0!</x:v></x:c></x:row>"
        '<x:row r="3"><x:c r="A3" t="inlineStr"><x:is><x:t>b</x:t></x:is></x:c>'
        '<x:c r="B3" t="e"><x:f t="shared" si="0"/><x:v>#N/A</x:v></x:c></x:row>'
    )
    table = _table(extract(_hand_book(_sheet(rows, prefix="x")), filename="p.xlsx"))
    assert table.header == ("Name", "Share")
    assert table.rows == (("a", "#DIV/0!"), ("b", "#N/A"))


def test_cells_without_references_are_placed_by_their_order():
    rows = (
        '<row><c t="inlineStr"><is><t>Key</t></is></c><c t="inlineStr"><is><t>Value</t></is></c></row>'
        '<row><c t="inlineStr"><is><t>k1</t></is></c><c t="e"><v>#NUM!</v></c></row>'
        '<row r="5"><c t="e"><v>#NULL!</v></c><c t="n"><v>7</v></c></row>'
    )
    table = _table(extract(_hand_book(_sheet(rows)), filename="n.xlsx"))
    assert table.header == ("Key", "Value")
    assert table.rows == (("k1", "#NUM!"), ("#NULL!", "7"))
    assert table.row_numbers == (2, 5)


def test_an_in_cell_picture_and_an_error_cell_without_a_value_stay_empty():
    rows = (
        '<row r="1"><c r="A1" t="inlineStr"><is><t>Photo</t></is></c>'
        '<c r="B1" t="inlineStr"><is><t>State</t></is></c></row>'
        '<row r="2"><c r="A2" t="e" vm="1"><v>#VALUE!</v></c><c r="B2" t="e"/></row>'
        '<row r="3"><c r="A3" t="inlineStr"><is><t>x</t></is></c><c r="B3" t="e"><v>#REF!</v></c></row>'
    )
    table = _table(extract(_hand_book(_sheet(rows), stored=True), filename="v.xlsx"))
    assert table.rows == (("x", "#REF!"),)  # row 2 holds nothing a reader shows as text
    assert table.row_numbers == (3,)


def test_a_sheet_with_an_error_calamine_does_not_know_is_read_by_openpyxl():
    # python-calamine refuses the whole sheet for Excel 365's newer errors (#SPILL!, #CALC! …)
    rows = (
        '<row r="1"><c r="A1" t="inlineStr"><is><t>Range</t></is></c>'
        '<c r="B1" t="inlineStr"><is><t>Result</t></is></c></row>'
        '<row r="2"><c r="A2" t="inlineStr"><is><t>A1:A9</t></is></c><c r="B2" t="e"><f>SEQUENCE(9)</f>'
        "<v>#SPILL!</v></c></row>"
        '<row r="3"><c r="A3" t="inlineStr"><is><t>sum</t></is></c><c r="B3"><v>45</v></c>'
        '<c r="C3" t="e"/></row>'
        '<row r="4"><c r="A4" t="inlineStr"><is><t>#CALC!</t></is></c><c r="B4" t="e"><v>#CALC!</v></c></row>'
    )
    doc = extract(_hand_book(_sheet(rows)), filename="s.xlsx")
    assert doc.coverage.sheets_read == ("Data",) and not doc.coverage.skipped
    table = _table(doc)
    assert table.header == ("Range", "Result", "Column 3")  # C3: an error cell without a value
    assert [row[:2] for row in table.rows] == [("A1:A9", "#SPILL!"), ("sum", "45"), ("#CALC!", "#CALC!")]
    assert table.rows[1][2:] == ("",)
    assert table.row_numbers == (2, 3, 4)


def test_a_sheet_neither_reader_can_read_is_listed_with_calamines_reason():
    rows = '<row r="x"><c r="A1" t="e"><v>#SPILL!</v></c></row><row r="2"><c r="A2" t="n"><v>1</v></c></row>'
    with pytest.raises(errors.ParseError, match=r"Data: unreadable: CalamineError: Range is missing"):
        extract(_hand_book(_sheet(rows)), filename="bad.xlsx")


def test_the_rows_before_a_damaged_row_are_kept_with_a_warning():
    # calamine refuses the sheet (#SPILL!); openpyxl reads row 1, then stops at row r="x"
    rows = (
        '<row r="1"><c r="A1" t="e"><v>#SPILL!</v></c></row><row r="x"><c r="A2" t="n"><v>oops</v></c></row>'
    )
    doc = extract(_hand_book(_sheet(rows)), filename="bad.xlsx")
    (table,) = doc.blocks
    assert table.rows == (("#SPILL!",),) and not doc.coverage.skipped
    [warning] = doc.coverage.warnings
    assert warning.startswith("sheet 'Data' is damaged after row 1 (ValueError: ")


def test_openpyxl_reads_a_sheet_stating_the_largest_dimension_row_by_row():
    # calamine refuses the sheet (#SPILL!), and openpyxl padded each of its rows to the 16,384
    # columns of its <dimension>: 3,000 rows took minutes and gigabytes
    rows = (
        '<row r="1"><c r="A1" t="inlineStr"><is><t>Row</t></is></c><c r="B1" t="inlineStr"><is><t>Double</t>'
        '</is></c></row><row r="2"><c r="A2"><v>2</v></c><c r="B2" t="e"><v>#SPILL!</v></c></row>'
    )
    rows += "".join(
        f'<row r="{r}"><c r="A{r}"><v>{r}</v></c><c r="B{r}"><v>{2 * r}</v></c></row>' for r in range(3, 3001)
    )
    data = _hand_book(_sheet(rows).replace("<sheetData>", '<dimension ref="A1:XFD1048576"/><sheetData>'))
    worker = Isolated(timeout=20)
    try:
        outcome = worker.run(data, "wide.xlsx")
    finally:
        worker.close()
    assert outcome.status == "ok", outcome
    table = _table(extract(data, filename="wide.xlsx"))
    assert table.header == ("Row", "Double")
    assert (
        len(table.rows) == 2999 and table.rows[0] == ("2", "#SPILL!") and table.rows[-1] == ("3000", "6000")
    )


def test_a_sheet_without_error_cells_is_only_searched():
    data = _openpyxl_book([["a", "b"], [1, 2]])
    zf = zipfile.ZipFile(io.BytesIO(data))
    assert sheet_errors(zf, "xl/worksheets/sheet1.xml") == {}
    assert sheet_errors(
        zipfile.ZipFile(io.BytesIO(_openpyxl_book([["#N/A"]]))), "xl/worksheets/sheet1.xml"
    ) == {0: {0: "#N/A"}}


def test_a_part_that_cannot_be_read_is_a_warning_not_a_failure():
    zf = zipfile.ZipFile(io.BytesIO(_openpyxl_book([["#N/A"]])))
    warnings: list[str] = []
    assert _sheet_errors(zf, "xl/worksheets/missing.xml", "Data", warnings) == {}
    assert len(warnings) == 1 and warnings[0].startswith("sheet 'Data': error values could not be read")


@pytest.mark.parametrize("method", [zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED])
@pytest.mark.parametrize("needle", [b't="e"', b"t='e'"])
@pytest.mark.parametrize("back", [1, 2, 4])
def test_member_finds_a_needle_across_the_piece_boundary(method, needle, back):
    cut = (1 << 20) - back  # the needle starts this many bytes before the first piece ends
    body = b"x" * cut + needle + b"y" * 5000
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", method) as zf:
        zf.writestr("part.xml", body)
        zf.writestr("clean.xml", b"x" * (3 << 20) + b"t=\"f\" t='f'")
        zf.writestr("far.xml", b"x" * (5 << 20) + needle)  # inflates from a few kilobytes
    zf = zipfile.ZipFile(io.BytesIO(buf.getvalue()))
    assert _ooxml.member_finds(zf, "far.xml", (b't="e"', b"t='e'")) == {needle}
    assert _ooxml.member_contains(zf, "part.xml", (b't="e"', b"t='e'"))
    assert _ooxml.member_finds(zf, "part.xml", (b't="e"', b"t='e'", b"zz")) == {needle}
    assert not _ooxml.member_contains(zf, "clean.xml", (b't="e"', b"t='e'"))


def test_real_errors_xlsx_agrees_with_openpyxl(real_world):
    path = real_world / "xlsx" / "calamine" / "errors.xlsx"
    want = [row[0] for row in openpyxl.load_workbook(path, data_only=True).active.iter_rows(values_only=True)]
    assert want == ["#DIV/0!", "#NAME?", "#VALUE!", "#NULL!", "#REF!", "#NUM!", "#N/A"]
    table = _table(extract(path))
    assert [r[0] for r in table.rows] == want
    assert table.header == ("Column 1",)
    assert len(get_chunks(path)) == 7  # it had none: every cell read as empty


def test_real_pivots_xlsx_shows_its_division_errors(real_world):
    # Sheets 5 and 6 hold J5 = 1/0 and G8 = Value/Size with Size 0, cached as #DIV/0!
    # (read in xl/worksheets/sheet5.xml and sheet6.xml); openpyxl cannot open this workbook
    doc = extract(real_world / "xlsx" / "calamine" / "pivots.xlsx")
    found = []
    for block in doc.blocks:
        if block.kind != TABLE:
            continue
        for number, row in zip(block.row_numbers, block.rows, strict=True):
            for col, cell in enumerate(row):
                if cell.startswith("#"):
                    found.append((block.meta["sheet_name"], block.header[col], number, cell))
    assert len(found) == 4
    assert {(h, n, c) for _, h, n, c in found} == {("Misc", 5, "#DIV/0!"), ("Value / Size", 8, "#DIV/0!")}


# -- OpenDocument: LibreOffice writes an error result as calcext:value-type="error" ----------------

_ODS_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0"'
)


def _ods(rows: str) -> bytes:
    content = (
        f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {_ODS_NS} office:version="1.3">'
        f'<office:body><office:spreadsheet><table:table table:name="Data">{rows}</table:table>'
        "</office:spreadsheet></office:body></office:document-content>"
    )
    manifest = (
        '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
        'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">'
        '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>'
    )
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(
            "mimetype", "application/vnd.oasis.opendocument.spreadsheet", compress_type=zipfile.ZIP_STORED
        )
        zf.writestr("META-INF/manifest.xml", manifest)
        zf.writestr("content.xml", content)
    return buf.getvalue()


def _text(t: str) -> str:
    return f'<table:table-cell office:value-type="string" calcext:value-type="string"><text:p>{t}</text:p></table:table-cell>'


def _num(v: int) -> str:
    return f'<table:table-cell office:value-type="float" office:value="{v}" calcext:value-type="float"><text:p>{v}</text:p></table:table-cell>'


def _err(t: str, repeat: int = 1) -> str:
    rep = f' table:number-columns-repeated="{repeat}"' if repeat > 1 else ""
    return (
        f'<table:table-cell table:formula="of:=[.B2]/0"{rep} office:value-type="string" office:string-value="" '
        f'calcext:value-type="error"><text:p>{t}</text:p></table:table-cell>'
    )


def _row(cells: str, repeat: int = 1) -> str:
    rep = f' table:number-rows-repeated="{repeat}"' if repeat > 1 else ""
    return f"<table:table-row{rep}>{cells}</table:table-row>"


def test_ods_error_values_with_repeated_cells_and_rows():
    rows = (
        _row(_text("Item") + _text("A") + _text("B") + _text("C"))
        + _row(_text("x") + _num(1) + _err("#DIV/0!", repeat=2))
        + _row(_text("y") + _err("#N/A") + _num(3) + "<table:table-cell/>", repeat=2)
        + _row(_text("z") + '<table:table-cell table:number-columns-repeated="2"/>' + _err("Err:502"))
    )
    data = _ods(rows)
    import python_calamine

    # what calamine alone gives: every error cell empty
    alone = python_calamine.CalamineWorkbook.from_filelike(io.BytesIO(data)).get_sheet_by_index(0).to_python()
    assert alone[1] == ["x", 1.0, "", ""] and alone[4] == ["z", "", "", ""]
    table = _table(extract(data, filename="t.ods"))
    assert table.header == ("Item", "A", "B", "C")
    assert table.rows == (
        ("x", "1", "#DIV/0!", "#DIV/0!"),
        ("y", "#N/A", "3", ""),
        ("y", "#N/A", "3", ""),
        ("z", "", "", "Err:502"),
    )
    assert table.row_numbers == (2, 3, 4, 5)


def test_the_streaming_ods_reader_gives_error_values_too():
    from indexer.formats._cells import CellError, SheetInfo
    from indexer.formats._ods import OdsBackend

    zf = zipfile.ZipFile(io.BytesIO(_ods(_row(_err("#REF!") + _text("ok")))))
    raw = OdsBackend(zf).read(SheetInfo("Data", 0))
    (_, values), *_ = list(raw.rows)
    assert values[:2] == ["#REF!", "ok"] and type(values[0]) is CellError and type(values[1]) is str


# -- a content.xml that leaves a table open ----------------------------------------------------------


def _cut_ods(cut) -> bytes:
    whole = zipfile.ZipFile(io.BytesIO(_ods(_row(_text("A") + _text("B")) + _row(_text("x") + _num(1)))))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in whole.namelist():
            body = whole.read(name)
            zf.writestr(name, cut(body) if name == "content.xml" else body)
    return buf.getvalue()


@pytest.mark.parametrize(
    ("cut", "status", "blocks"),
    [
        pytest.param(lambda c: c.replace(b"</table:table>", b""), "ok", 1, id="end-tag-missing"),
        pytest.param(lambda c: c[: c.rindex(b"<table:table-row>") + 30], "ok", 1, id="cut-in-a-row"),
        pytest.param(lambda c: c.split(b"<table:table-row>")[0], "PARSE_ERROR", 0, id="cut-after-it-opens"),
        pytest.param(lambda c: b'<table:table table:name="">', "PARSE_ERROR", 0, id="nothing-but-a-table"),
    ],
)
def test_an_ods_table_left_open_is_read_up_to_the_damage_not_hung_on(cut, status, blocks):
    # python-calamine 0.9 loops forever on each of these (checked in a subprocess with a
    # time-out); the streaming reader reads what comes before the damage
    worker = Isolated(timeout=20)  # a hang fails the test instead of stopping the run
    try:
        outcome = worker.run(_cut_ods(cut), "cut.ods")
    finally:
        worker.close()
    assert outcome.status == status, outcome
    if status == "ok":
        assert outcome.info["blocks"] == blocks
        (warning,) = outcome.info["warnings"]
        assert warning.startswith(
            "the spreadsheet is damaged (a table of content.xml is not closed; content.xml: "
        )
        assert warning.endswith("); what comes before the damage was read")
    else:
        assert outcome.detail.startswith(
            "the spreadsheet could not be read: a table of content.xml is not closed"
        )


def test_the_rows_before_the_damage_are_kept():
    doc = extract(_cut_ods(lambda c: c.replace(b"</table:table>", b"")), filename="cut.ods")
    assert _table(doc).header == ("A", "B") and _table(doc).rows == (("x", "1"),)
    doc = extract(_cut_ods(lambda c: c[: c.rindex(b"<table:table-row>") + 30]), filename="cut.ods")
    assert _table(doc).header == ("Column 1", "Column 2") and _table(doc).rows == (("A", "B"),)


def test_member_counts_counts_across_piece_boundaries():
    body = b"<a>" * 349_525 + b"<ab" + b"</a>" * 5 + b"<a>"  # one "<a>" straddles the first boundary
    assert len(b"<a>" * 349_525) == (1 << 20) - 1
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("p.xml", body)
    zf = zipfile.ZipFile(io.BytesIO(buf.getvalue()))
    assert _ooxml.member_counts(zf, "p.xml", (b"<a>", b"</a>", b"<ab", b"a")) == {
        b"<a>": body.count(b"<a>"),
        b"</a>": 5,
        b"<ab": 1,
        b"a": body.count(b"a"),
    }


# -- legacy .xls: BOOLERR records and cached formula errors ---------------------------------------


def _xls_book() -> bytes:
    """A BIFF8 workbook (xlwt): B2 and B3 are error cells (#DIV/0!, #N/A); C2 a formula whose
    cached result is patched from xlwt's empty string (type 3) to the error #REF! (type 2, 0x17)."""
    import xlwt

    book = xlwt.Workbook()
    sheet = book.add_sheet("Data")
    for col, text in enumerate(["name", "ratio", "lookup"]):
        sheet.write(0, col, text)
    sheet.write(1, 0, "north")
    sheet.row(1).set_cell_error(1, 0x07)
    sheet.write(1, 2, xlwt.Formula("1/0"))
    sheet.write(2, 0, "south")
    sheet.row(2).set_cell_error(1, 0x2A)
    sheet.write(2, 2, 5)
    book.add_sheet("Empty")
    out = io.BytesIO()
    book.save(out)
    data = out.getvalue()
    empty_result = b"\x03\x00\x00\x00\x00\x00\xff\xff"
    assert data.count(empty_result) == 1
    return data.replace(empty_result, b"\x02\x00\x17\x00\x00\x00\xff\xff")


def test_xls_error_cells_are_read_as_excel_shows_them():
    doc = extract(_xls_book(), filename="e.xls")
    (table,) = [b for b in doc.blocks if b.kind == TABLE]
    assert table.header == ("name", "ratio", "lookup")
    assert table.rows == (("north", "#DIV/0!", "#REF!"), ("south", "#N/A", "5"))


def test_an_xls_without_error_cells_is_only_searched(monkeypatch):
    import xlwt

    from indexer.formats import _xls

    book = xlwt.Workbook()
    sheet = book.add_sheet("Data")
    sheet.write(0, 0, "plain")
    sheet.write(0, 1, xlwt.Formula("1+1"))
    out = io.BytesIO()
    book.save(out)

    def walk(*args):
        raise AssertionError("records walked")

    monkeypatch.setattr(_xls, "_xls_sheet_errors", walk)
    assert _xls.xls_cells(out.getvalue()) == _xls.XlsCells()


def test_a_sheet_read_by_openpyxl_keeps_its_merged_ranges():
    # calamine refuses the sheet for its #SPILL!; A2:A3 "north" is merged down, B1:C1 "sales"
    # across: openpyxl's streaming reader reports neither, the part lists both
    rows = (
        '<row r="1"><c r="A1" t="inlineStr"><is><t>region</t></is></c>'
        '<c r="B1" t="inlineStr"><is><t>sales</t></is></c></row>'
        '<row r="2"><c r="A2" t="inlineStr"><is><t>north</t></is></c><c r="B2"><v>5</v></c>'
        '<c r="C2" t="e"><f>SEQUENCE(2)</f><v>#SPILL!</v></c></row>'
        '<row r="3"><c r="B3"><v>7</v></c><c r="C3"><v>8</v></c></row>'
    )
    merges = '<mergeCells count="2"><mergeCell ref="A2:A3"/><mergeCell ref="B1:C1"/></mergeCells>'
    sheet = _sheet(rows).replace("</sheetData>", "</sheetData>" + merges)
    doc = extract(_hand_book(sheet), filename="m.xlsx")
    table = _table(doc)
    assert table.meta["merged"] == ["B1:C1", "A2:A3"]
    assert table.header == ("region", "sales", "sales")
    assert table.rows == (("north", "5", "#SPILL!"), ("north", "7", "8"))


def _spilled(wb, ref: str) -> bytes:
    """The workbook saved with its cell ``ref`` (holding 999999) turned into a #SPILL! error
    cell, which makes calamine refuse the sheet, so that openpyxl reads it."""
    buf = io.BytesIO()
    wb.save(buf)
    src = zipfile.ZipFile(io.BytesIO(buf.getvalue()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename == "xl/worksheets/sheet1.xml":
                data, n = re.subn(
                    rb'<c r="%s"[^>]*><v>999999</v></c>' % ref.encode(),
                    b'<c r="%s" t="e"><f>SEQUENCE(2)</f><v>#SPILL!</v></c>' % ref.encode(),
                    data,
                )
                assert n == 1
            dst.writestr(info, data)
    return out.getvalue()


def test_a_sheet_read_by_openpyxl_shows_numbers_as_their_format_shows_them():
    # D2's #SPILL! makes calamine refuse the sheet: openpyxl reads it, and its numbers keep their
    # formats as the calamine path shows them (0.0%; "$"#,##0.00_);("$"#,##0.00))
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Data"
    ws.append(["item", "share", "price", "spill"])
    ws.append(["bolt", 0.25, 1234.5, 999999])
    ws.append(["nut", 0.125, -12, 5])
    for row in (2, 3):
        ws.cell(row, 2).number_format = "0.0%"
        ws.cell(row, 3).number_format = '"$"#,##0.00_);("$"#,##0.00)'
    table = _table(extract(_spilled(wb, "D2"), filename="s.xlsx"))
    assert table.header == ("item", "share", "price", "spill")
    assert table.rows == (("bolt", "25.0%", "$1,234.50", "#SPILL!"), ("nut", "12.5%", "($12.00)", "5"))


def test_a_sheet_read_by_openpyxl_shows_excel_s_day_zero_for_a_number_below_1_in_a_date_format():
    # C2's #SPILL! makes calamine refuse the sheet: openpyxl reads 0, 0.5 and 0.25 as times of
    # day; in yyyy-mm-dd Excel shows each as 1900-01-00 (1904-01-01 counting from 1904), as the
    # calamine path does, and in hh:mm as a time of day; 1.5 is the first day of either system,
    # and 12:00 in hh:mm, which shows the time of day alone
    from openpyxl.utils.datetime import CALENDAR_MAC_1904

    for base_1904, zero, one in ((False, "1900-01-00", "1900-01-01"), (True, "1904-01-01", "1904-01-02")):
        wb = openpyxl.Workbook()
        if base_1904:
            wb.epoch = CALENDAR_MAC_1904
        ws = wb.active
        ws.append(["day", "clock", "spill"])
        for r, v in enumerate([0, 0.5, 0.25, 1.5], 2):
            ws.append([v, v, 999999 if r == 2 else 5])
            ws.cell(r, 1).number_format = "yyyy-mm-dd"
            ws.cell(r, 2).number_format = "hh:mm"
        table = _table(extract(_spilled(wb, "C2"), filename="z.xlsx"))
        assert table.rows == (
            (zero, "00:00", "#SPILL!"),
            (zero, "12:00", "5"),
            (zero, "06:00", "5"),
            (one, "12:00", "5"),
        )


# -- damaged binary workbooks on which python-calamine panics or aborts ------------------------------


def _xls_dimensions(first_row: int, last_row: int) -> bytes:
    """A BIFF8 workbook (xlwt) of one sheet (two rows of two cells), its DIMENSIONS record (type
    0x0200, 14 bytes: first row, row after the last, first column, column after the last) made to
    declare rows ``first_row`` to ``last_row``."""
    import xlwt

    book = xlwt.Workbook()
    sheet = book.add_sheet("Budget")
    for r, row in enumerate((("item", "amount"), ("rent", 950))):
        for c, value in enumerate(row):
            sheet.write(r, c, value)
    out = io.BytesIO()
    book.save(out)
    data = bytearray(out.getvalue())
    old = b"\x00\x02\x0e\x00" + struct.pack("<IIHH", 0, 2, 0, 2)
    assert data.count(old) == 1
    at = data.index(old) + 4
    struct.pack_into("<II", data, at, first_row, last_row)
    return bytes(data)


@pytest.mark.parametrize(
    ("first_row", "last_row", "status"),
    [
        (0, 2, "ok"),
        (0, 100_000, "ok"),  # past 65,536 rows, 200,000 cells: read as calamine reads it
        (3, 2, "PARSE_ERROR"),  # a first row past the last: 2**32 - 1 rows of two cells
        (0, 0xFFFF_FFFF, "PARSE_ERROR"),
    ],
    ids=["as-written", "many-rows", "first-past-last", "four-billion-rows"],
)
def test_an_xls_declaring_more_cells_than_it_can_hold_is_a_parse_error_not_an_abort(
    first_row, last_row, status
):
    # python-calamine 0.9 allocates the declared cells at once: hundreds of gigabytes for the
    # last two, and the process aborts (SIGABRT) where no exception can be caught
    worker = Isolated(timeout=20)
    try:
        outcome = worker.run(_xls_dimensions(first_row, last_row), "dims.xls")
    finally:
        worker.close()
    assert outcome.status == status, outcome
    if status == "ok":
        assert outcome.info["blocks"] == 1
    else:
        assert outcome.detail.startswith(
            f"the workbook could not be read: sheet 'Budget' declares rows {first_row:,} to {last_row:,}"
        ), outcome


def _xls_budget() -> bytes:
    """The workbook of :func:`_xls_dimensions` as xlwt writes it: a header of 512 bytes, the
    Workbook stream in sectors 0-7, the FAT in sector 8 and the directory (four entries of 128
    bytes: the root, the Workbook stream and two unused) in sector 9, the file's last. A cut
    inside the first two entries is refused by olefile before calamine is asked."""
    data = _xls_dimensions(0, 2)
    assert len(data) == 11 * 512 and struct.unpack_from("<I", data, 48) == (9,)
    return data


@pytest.mark.parametrize("into", [256 + 83, 384 + 52, 384 + 123, 384 + 124, 512])
def test_an_xls_cut_inside_its_directory_is_read_without_a_panic_on_stderr(capfd, into):
    # the file cut short inside an unused entry of its directory, 83, 52, 123 and 124 bytes in,
    # or whole. calamine reads the directory 128 bytes an entry at a time and panicked on a last
    # entry too short for its start sector and size (the first three), printing "thread
    # '<unnamed>' panicked at .../cfb.rs" to standard error, and the file was a parse error.
    # The entry is read as an empty one: every cell is there
    doc = extract(_xls_budget()[: 10 * 512 + into], filename="cut.xls")
    assert _table(doc).header == ("item", "amount") and _table(doc).rows == (("rent", "950"),)
    warned = ["the file is cut short inside its directory; its last entry was read as empty"]
    assert list(doc.coverage.warnings) == (warned if 0 < into % 128 < 124 else [])
    assert "panicked" not in capfd.readouterr().err


def test_an_xls_sheet_starting_past_its_stream_is_a_parse_error_without_a_panic_on_stderr(capfd):
    # the BOUNDSHEET record (type 0x0085) of sheet Budget gives its records' offset in the
    # Workbook stream (4,096 bytes), here one byte past its end: calamine panicked on the slice
    # ("range start index 4097 out of range for slice of length 4096", xls.rs) as it opened
    # the workbook, and the file was a parse error all the same
    data = bytearray(_xls_budget())
    at = data.index(b"\x85\x00\x0e\x00") + 4
    struct.pack_into("<I", data, at, 4097)
    with pytest.raises(errors.ParseError, match="sheet 'Budget' starts at byte 4,097, past the end"):
        extract(bytes(data), filename="moved.xls")
    assert "panicked" not in capfd.readouterr().err


def _patched_shipments(sample_corpus, member: str, at: int, old: int, new: int) -> bytes:
    src = zipfile.ZipFile(sample_corpus / "spreadsheets" / "shipments.xlsb")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as dst:
        for name in src.namelist():
            body = bytearray(src.read(name))
            if name == member:
                assert body[at] == old
                body[at] = new
            dst.writestr(name, bytes(body))
    return buf.getvalue()


def test_a_panic_of_calamine_on_one_sheet_skips_that_sheet(sample_corpus):
    # the hidden sheet Audit: a cell (BrtCellIsst at byte 285 of its part) names shared string
    # 208 of the workbook's 9; calamine panics on it (pyo3's PanicException, a BaseException)
    data = _patched_shipments(sample_corpus, "xl/worksheets/sheet2.bin", 295, 6, 208)
    worker = Isolated(timeout=20)
    try:
        outcome = worker.run(data, "shipments.xlsb")
    finally:
        worker.close()
    assert outcome.status == "ok", outcome
    assert outcome.info["sheets_read"] == ["Orders"]
    ((what, name, reason),) = outcome.info["skipped"]
    assert (what, name) == ("sheet", "Audit")
    assert (
        reason
        == "unreadable: python-calamine failed on it: index out of bounds: the len is 9 but the index is 208"
    )


def test_a_panic_of_calamine_opening_a_workbook_is_a_parse_error(sample_corpus):
    # the first sheet's relationship id (BrtBundleSh at byte 350 of xl/workbook.bin) said to be
    # 62,468 characters long instead of 4
    data = _patched_shipments(sample_corpus, "xl/workbook.bin", 362, 0, 0xF4)
    worker = Isolated(timeout=20)
    try:
        outcome = worker.run(data, "shipments.xlsb")
    finally:
        worker.close()
    assert outcome.status == "PARSE_ERROR", outcome
    assert outcome.detail == (
        "the workbook could not be read: python-calamine failed on it:"
        " range end index 124948 out of range for slice of length 36"
    )
