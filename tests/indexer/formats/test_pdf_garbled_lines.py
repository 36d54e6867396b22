"""A garbled page (most of its characters without a Unicode mapping) read without OCR keeps the
lines set in a font that maps its characters; the garbled lines around them are left out."""

from __future__ import annotations

from indexer import extract

from ._pdf_bytes import pdf_of

GARBLED_PDF = ("pdf", "kreuzberg", "non_ascii_text.pdf")


def _pdf(content: bytes) -> bytes:
    """One page: F1 is Helvetica, F2 a font whose encoding names glyphs no Unicode is known for."""
    names = b" ".join(b"/g%d" % k for k in range(1, 128))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792]"
        b" /Resources << /Font << /F1 4 0 R /F2 6 0 R >> >> /Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman"
        b" /Encoding << /Type /Encoding /Differences [1 " + names + b"] >> >>",
    ]
    return pdf_of(objects)


def test_a_heading_in_a_mapped_font_over_garbled_lines_is_kept():
    content = b"BT /F1 16 Tf 72 720 Td (Market on Saturday) Tj ET\n"
    for k in range(12):  # glyph numbers, with the controls and C1 codes such a layer gives
        content += b"BT /F2 11 Tf 72 %d Td (6SDWHQVWLFK\\003I\\201U\\003QHXH\\0032UW\\021) Tj ET\n" % (
            690 - 14 * k
        )
    doc = extract(_pdf(content), filename="garbled.pdf", options={"ocr": "never"})
    assert doc.text.strip() == "Market on Saturday"
    assert doc.coverage.pages_with_text == 1 and doc.coverage.empty_pages == ()
    assert [w for w in doc.coverage.warnings if w.startswith("page 1: the text layer is garbled (")] == [
        w
        for w in doc.coverage.warnings
        if w.endswith("; only its 1 legible line kept: OCR is off (ocr=never)")
    ]
    assert not any(w.startswith("garbled text layer left out of") for w in doc.coverage.warnings)


def test_the_bulletins_legible_lines(real_world):
    doc = extract(real_world.joinpath(*GARBLED_PDF), options={"ocr": "never"})
    # page 1's poster of a handball match and of a market, set in a font with a Unicode map
    for line in (
        "TUS HERREN 1 ./. HSG ALBSTADT",
        "CAFÉ AM FREITAG",
        "SCHUTTERWÄLDER WOCHENMARKT",
        "ÄRZTLICHER NOT - UND BEREITSCHAFTSDIENST",  # page 6
    ):
        assert line in doc.text
    # the garbled text beside it stays out: "Spatenstich" in glyph numbers, and their controls
    assert "6SDWHQVWLFK" not in doc.text and "\x11" not in doc.text and "\x81" not in doc.text
    warnings = doc.coverage.warnings
    assert any(
        w.startswith("page 1: ") and "; only its 11 legible lines kept: OCR is off" in w for w in warnings
    )
    assert any(w.startswith("page 2: ") and "kept" not in w for w in warnings)
    # pages 1, 3 and 6 keep lines and have text; the other garbled ones are empty
    assert "garbled text layer left out of pages 2, 4, 5, 7-15: OCR is off (ocr=never)" in warnings
    assert {1, 3, 6}.isdisjoint(doc.coverage.empty_pages) and {2, 4, 15} <= set(doc.coverage.empty_pages)
