"""The VBA project a macro-enabled Office file keeps (xl/vbaProject.bin of an .xlsm or an .xlsb,
word/vbaProject.bin of a .docm, ppt/vbaProject.bin of a .pptm, the _VBA_PROJECT_CUR storage of an
.xls) is macro code, not read: it is listed in ``Coverage.skipped`` so that the manifest shows the
file held one."""

from __future__ import annotations

import io

import pytest

from indexer import extract_bytes
from indexer.manifest import coverage_dict

from ._zip import unzipped, zipped

#: what the part holds does not matter (only the package's listing is looked at): the signature
#: of an OLE compound file, which a VBA project is, and nothing after it
VBA = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504)
REASON = "a VBA project (not read)"


def _with(data: bytes, part: str) -> bytes:
    parts = unzipped(data)
    parts[part] = VBA
    return zipped(parts)


def _saved(doc) -> bytes:
    out = io.BytesIO()
    doc.save(out)
    return out.getvalue()


def _xlsx() -> bytes:
    from openpyxl import Workbook

    wb = Workbook()
    wb.active.append(["name", "count"])
    wb.active.append(["pears", 3])
    return _saved(wb)


def _docx() -> bytes:
    from docx import Document

    doc = Document()
    doc.add_paragraph("The minutes of the meeting.")
    return _saved(doc)


def _pptx() -> bytes:
    from pptx import Presentation

    deck = Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[5])
    slide.shapes.title.text = "Quarterly figures"
    return _saved(deck)


def _macros(doc) -> list[tuple[str, str, bool]]:
    return [(s.name, s.reason, s.on_purpose) for s in doc.coverage.skipped if s.what == "macros"]


@pytest.mark.parametrize(
    ("build", "name", "part", "text"),
    [
        (_xlsx, "book.xlsm", "xl/vbaProject.bin", "pears"),
        (_docx, "letter.docm", "word/vbaProject.bin", "The minutes of the meeting."),
        (_pptx, "deck.pptm", "ppt/vbaProject.bin", "Quarterly figures"),
    ],
)
def test_a_vba_project_is_listed_as_not_read(build, name, part, text):
    plain = extract_bytes(build(), name)
    assert _macros(plain) == []
    doc = extract_bytes(_with(build(), part), name)
    assert _macros(doc) == [(part, REASON, True)]
    # macro code is not the document's text: listed, but the file is not flagged as read in part
    assert not doc.coverage.has_warning
    assert text in doc.text  # the rest read as before
    listed = [s for s in coverage_dict(doc)["skipped"] if s["what"] == "macros"]
    assert listed == [{"what": "macros", "name": part, "reason": REASON, "on_purpose": True}]


def test_a_vba_project_elsewhere_than_beside_the_main_part_is_not_taken_for_one():
    # a Word document's project is word/vbaProject.bin; a file of that name in another folder
    # (an attachment's, say) is not the document's
    doc = extract_bytes(_with(_docx(), "customXml/vbaProject.bin"), "letter.docx")
    assert _macros(doc) == []


@pytest.mark.parametrize(
    ("parts", "found"),
    [
        (["WORD/VBAPROJECT.BIN"], "WORD/VBAPROJECT.BIN"),  # any case, the name as stored
        (["word/vbaProject.bin.bak"], None),  # the name a longer one starts with
        (["oldword/vbaProject.bin"], None),  # a folder whose name ends in word
        (["old/word/vbaProject.bin"], None),  # a folder word/ deeper down
        (["word/vbaProject.bin.bak", "Word/VbaProject.bin"], "Word/VbaProject.bin"),
    ],
)
def test_the_vba_project_is_told_by_its_whole_name_in_any_case(parts, found):
    data = _docx()
    for part in parts:
        data = _with(data, part)
    doc = extract_bytes(data, "letter.docm")
    assert _macros(doc) == ([] if found is None else [(found, REASON, True)])


def test_an_xlsb_s_vba_project_is_listed(tmp_path):
    from pyxlsbwriter import XlsbWriter

    path = tmp_path / "book.xlsb"
    with XlsbWriter(str(path)) as writer:
        writer.add_sheet("Counts")
        writer.write_sheet([["name", "count"], ["pears", 3]])
    doc = extract_bytes(_with(path.read_bytes(), "xl/vbaProject.bin"), "book.xlsb")
    assert _macros(doc) == [("xl/vbaProject.bin", REASON, True)]


def _xls(*vba: str) -> bytes:
    """A BIFF8 workbook (xlwt), with a VBA project stored as Excel stores one when ``vba`` gives
    the path of its storage: a PROJECT stream and a VBA storage holding a dir stream (their
    content is not looked at)."""
    import xlwt
    from aspose.email_foss.cfb.reader import CFBReader
    from aspose.email_foss.cfb.writer import CFBDocument, CFBStorage, CFBStream, CFBWriter

    book = xlwt.Workbook()
    sheet = book.add_sheet("Counts")
    for row, values in enumerate([["name", "count"], ["pears", 3]]):
        for col, value in enumerate(values):
            sheet.write(row, col, value)
    data = _saved(book)
    if not vba:
        return data
    document = CFBDocument.from_reader(CFBReader(data))
    project = document.root
    for name in vba:
        project = project.add_storage(CFBStorage(name))
    project.add_stream(CFBStream("PROJECT", b'Name="VBAProject"\r\n'))
    project.add_storage(CFBStorage("VBA")).add_stream(CFBStream("dir", b"\x01"))
    return CFBWriter().to_bytes(document)


@pytest.mark.parametrize("storage", ["_VBA_PROJECT_CUR", "_vba_project_cur"])
def test_an_xls_s_vba_project_is_listed(storage):
    assert _macros(extract_bytes(_xls(), "book.xls")) == []
    doc = extract_bytes(_xls(storage), "book.xls")
    # it was listed nowhere, where an .xlsm's is
    assert _macros(doc) == [(storage, REASON, True)]
    assert not doc.coverage.has_warning
    assert "pears" in doc.text


def test_the_vba_project_of_an_object_an_xls_embeds_is_not_the_workbook_s():
    # an embedded workbook's storage (MBD…) holds its own project: not the workbook's macros
    import olefile

    data = _xls("MBD0042A1B2", "_VBA_PROJECT_CUR")
    with olefile.OleFileIO(data) as ole:
        assert ole.exists("MBD0042A1B2/_VBA_PROJECT_CUR/VBA/dir")
    assert _macros(extract_bytes(data, "book.xls")) == []


@pytest.mark.shared
def test_the_vba_project_of_a_real_xlsm_is_listed(real_world):
    data = (real_world / "xlsm" / "calamine" / "vba.xlsm").read_bytes()
    doc = extract_bytes(data, "vba.xlsm")
    # its three sheets are empty; its macros were the only content, and were mentioned nowhere
    assert _macros(doc) == [("xl/vbaProject.bin", REASON, True)]
    assert sorted(s.name for s in doc.coverage.skipped if s.what == "sheet") == ["Sheet1", "Sheet2", "Sheet3"]
