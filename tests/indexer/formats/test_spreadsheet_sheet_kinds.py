"""The tabs of an xlsx workbook that are not plain worksheets, and one whose part is missing:
each keeps its place in the workbook's order (``sheet_index``) and is listed with why it gave no
text, whichever reader opened the workbook. python-calamine opens most workbooks; openpyxl reads
those it cannot (a workbook part in UTF-16, an Excel 4 macro sheet's relationship)."""

from __future__ import annotations

import io
import re

from openpyxl import Workbook

from indexer import extract_bytes

from ._zip import unzipped, zipped

R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
MACRO_REL = "http://schemas.microsoft.com/office/2006/relationships/xlMacrosheet"
DIALOG_REL = R_NS + "/dialogsheet"

#: an Excel 4 macro sheet: ALERT("hi") with its last result, then HALT()
MACRO_SHEET = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<xm:macrosheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
    ' xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main"><sheetData>'
    '<row r="1"><c r="A1" t="str"><f>ALERT("hi")</f><v>hi</v></c></row>'
    '<row r="2"><c r="A2" t="b"><f>HALT()</f><v>1</v></c></row>'
    "</sheetData></xm:macrosheet>"
)
#: a dialog sheet as Excel saves one: views and margins, no cells (its controls are drawings)
DIALOG_SHEET = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<dialogsheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    '<sheetViews><sheetView workbookViewId="0"/></sheetViews>'
    '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>'
    "</dialogsheet>"
)


def three_sheets() -> dict[str, bytes]:
    """The parts of a workbook of First, Second, Third (xl/worksheets/sheet1.xml … sheet3.xml),
    each a header over one row of values."""
    wb = Workbook()
    ws = wb.active
    ws.title = "First"
    ws.append(["a", "b"])
    ws.append([1, 2])
    for name, values in (("Second", [5, 6]), ("Third", [3, 4])):
        other = wb.create_sheet(name)
        other.append(["x", "y"])
        other.append(values)
    out = io.BytesIO()
    wb.save(out)
    return unzipped(out.getvalue())


def utf16_book(parts: dict[str, bytes]) -> None:
    """The workbook part re-encoded in UTF-16 (which XML allows): python-calamine cannot open the
    workbook then, and openpyxl reads it."""
    book = re.sub(r"^<\?xml[^>]*\?>", "", parts["xl/workbook.xml"].decode())
    parts["xl/workbook.xml"] = ('<?xml version="1.0" encoding="UTF-16"?>' + book).encode("utf-16")


def sheets_of(data: bytes, name: str = "t.xlsx"):
    doc = extract_bytes(data, name)
    found = [(b.meta["sheet_name"], b.meta["sheet_index"], b.rows) for b in doc.blocks if b.kind == "table"]
    return doc, found


def test_a_sheet_whose_part_is_missing_keeps_its_place_when_openpyxl_reads_the_workbook():
    parts = three_sheets()
    del parts["xl/worksheets/sheet2.xml"]
    utf16_book(parts)
    doc, found = sheets_of(zipped(parts))
    # openpyxl leaves a sheet without its part out of its list: Third was numbered 1, the index
    # python-calamine gives Second; Second went unmentioned
    assert found == [("First", 0, (("1", "2"),)), ("Third", 2, (("3", "4"),))]
    (entry,) = doc.coverage.skipped
    assert (entry.what, entry.name) == ("sheet", "Second")
    assert entry.reason == "its part xl/worksheets/sheet2.xml is missing from the package"
    assert doc.coverage.warnings == (
        "sheet 'Second' was not read: its part xl/worksheets/sheet2.xml is missing from the package",
    )
    assert doc.metadata["skipped_sheets"] == ["Second"]


def test_a_sheet_whose_part_is_missing_is_listed_alike_when_calamine_reads_the_workbook():
    parts = three_sheets()
    del parts["xl/worksheets/sheet2.xml"]
    plain = sheets_of(zipped(parts))
    utf16_book(parts)
    fallback = sheets_of(zipped(parts))
    assert plain[1] == fallback[1] == [("First", 0, (("1", "2"),)), ("Third", 2, (("3", "4"),))]
    assert plain[0].coverage.skipped == fallback[0].coverage.skipped
    assert plain[0].coverage.warnings == fallback[0].coverage.warnings


def with_macro_and_dialog_sheets(parts: dict[str, bytes]) -> None:
    """Macro1 (an Excel 4 macro sheet) added after First, Dialog1 (a dialog sheet) last."""
    parts["xl/macrosheets/sheet1.xml"] = MACRO_SHEET.encode()
    parts["xl/dialogsheets/sheet1.xml"] = DIALOG_SHEET.encode()
    types = parts["[Content_Types].xml"].decode()
    parts["[Content_Types].xml"] = types.replace(
        "</Types>",
        '<Override PartName="/xl/macrosheets/sheet1.xml" ContentType="application/vnd.ms-excel.macrosheet+xml"/>'
        '<Override PartName="/xl/dialogsheets/sheet1.xml"'
        ' ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.dialogsheet+xml"/></Types>',
    ).encode()
    rels = parts["xl/_rels/workbook.xml.rels"].decode()
    parts["xl/_rels/workbook.xml.rels"] = rels.replace(
        "</Relationships>",
        f'<Relationship Id="rIdM" Type="{MACRO_REL}" Target="macrosheets/sheet1.xml"/>'
        f'<Relationship Id="rIdD" Type="{DIALOG_REL}" Target="dialogsheets/sheet1.xml"/></Relationships>',
    ).encode()
    book = parts["xl/workbook.xml"].decode()
    book, count = re.subn(
        r'(<sheet [^>]*name="First"[^>]*/>)',
        rf'\1<sheet xmlns:r="{R_NS}" name="Macro1" sheetId="7" r:id="rIdM"/>',
        book,
    )
    assert count == 1
    book = book.replace(
        "</sheets>", f'<sheet xmlns:r="{R_NS}" name="Dialog1" sheetId="8" r:id="rIdD"/></sheets>'
    )
    parts["xl/workbook.xml"] = book.encode()


MACRO_REASON = "macrosheet: an Excel 4 macro sheet, whose cells are macro code (not read)"
DIALOG_REASON = "dialogsheet: a dialog sheet, whose controls hold no cells (not read)"


def test_macro_and_dialog_sheets_are_listed_not_read_as_worksheets():
    # python-calamine cannot open a workbook holding an xlMacrosheet relationship, so openpyxl
    # read it, and read the macro sheet as a worksheet: a table "hi" over TRUE (the results of
    # the macro's last run) at sheet_index 1, and the dialog sheet as an empty worksheet
    parts = three_sheets()
    with_macro_and_dialog_sheets(parts)
    doc, found = sheets_of(zipped(parts), "t.xlsm")
    assert found == [
        ("First", 0, (("1", "2"),)),
        ("Second", 2, (("5", "6"),)),
        ("Third", 3, (("3", "4"),)),
    ]
    assert [(s.what, s.name, s.reason) for s in doc.coverage.skipped] == [
        ("sheet", "Macro1", MACRO_REASON),
        ("sheet", "Dialog1", DIALOG_REASON),
    ]
    assert doc.metadata["skipped_sheets"] == ["Macro1", "Dialog1"]


def test_a_dialog_sheet_is_listed_alike_by_both_readers():
    # without the macro sheet, python-calamine opens the workbook (and names the dialog sheet's
    # kind); in UTF-16, openpyxl reads it: the same tables, indexes and listing
    found = []
    for to_utf16 in (False, True):
        parts = three_sheets()
        with_macro_and_dialog_sheets(parts)
        del parts["xl/macrosheets/sheet1.xml"]
        parts["xl/workbook.xml"] = re.sub(rb'<sheet [^>]*name="Macro1"[^>]*/>', b"", parts["xl/workbook.xml"])
        if to_utf16:
            utf16_book(parts)
        doc, tables = sheets_of(zipped(parts))
        found.append((tables, [(s.name, s.reason) for s in doc.coverage.skipped]))
    assert (
        found[0]
        == found[1]
        == (
            [("First", 0, (("1", "2"),)), ("Second", 1, (("5", "6"),)), ("Third", 2, (("3", "4"),))],
            [("Dialog1", DIALOG_REASON)],
        )
    )
