"""A text file packaged in a PDF, a Word file, a slide, a workbook or an OpenDocument text is read
with its own extractor, which leaves a poem's margin line numbers out: each holder lists that in
``Coverage.headers_footers_removed`` under the file's name, as a mail does for its attachments."""

from __future__ import annotations

import io

import pytest

from indexer import extract
from indexer.formats.html import MARGIN_NUMBERS

from .test_attachments import _pdf_with
from .test_embedded import (
    OLE_OBJECT,
    _book_with_objects,
    _excel_object,
    _ole,
    _packaged,
    _rel,
    _slides_with,
    _with_parts,
    _word_with,
)
from .test_mail_margin_numbers import PLAIN_POEM

#: the poem's file as Windows' Object Packager wraps it in an Office document's OLE object
PACKAGED = _ole({"\x01Ole10Native": _packaged("poem.txt", PLAIN_POEM.encode())})


def _odt() -> bytes:
    from odf.draw import Frame, ObjectOle
    from odf.opendocument import OpenDocumentText
    from odf.text import P

    text = OpenDocumentText()
    text.text.addElement(P(text="The poem:"))
    holder = P()
    frame = Frame(width="2cm", height="2cm", anchortype="as-char")
    frame.addElement(ObjectOle(href="./Object 1"))
    holder.addElement(frame)
    text.text.addElement(holder)
    out = io.BytesIO()
    text.write(out)
    return _with_parts(out.getvalue(), {"Object 1": PACKAGED}, lambda name, part: part)


HOLDERS = {
    "poem.pdf": lambda: _pdf_with({"poem.txt": PLAIN_POEM.encode()}),
    "poem.docx": lambda: _word_with(["The poem:", ("Package", OLE_OBJECT, "oleObject1.bin", PACKAGED)]),
    "poem.pptx": lambda: _slides_with("Package", "oleObject1.bin", PACKAGED),
    "poem.xlsx": lambda: _book_with_objects(
        "sheet1.xml",
        _excel_object("Package", "rId1"),
        _rel("rId1", OLE_OBJECT, "../embeddings/oleObject1.bin"),
        {"xl/embeddings/oleObject1.bin": PACKAGED},
    ),
    "poem.odt": _odt,
}


@pytest.mark.parametrize("name", HOLDERS)
def test_the_holder_lists_the_numbers_its_embedded_text_file_lost(name):
    doc = extract(HOLDERS[name](), filename=name)
    assert doc.coverage.attachments_indexed == ("poem.txt",)
    # the verse read without its numbers (5 and 10, in the right margin of the source)
    texts = [b.text for b in doc.blocks]
    assert any(t.endswith("\nAnd the sun set behind the mill.") for t in texts)
    assert any(t.endswith("\nAnd all the world is calm and good.") for t in texts)
    assert doc.coverage.headers_footers_removed == (f"poem.txt: {MARGIN_NUMBERS}",)
