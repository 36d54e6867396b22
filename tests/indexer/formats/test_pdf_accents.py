"""Spacing accents drawn as glyphs of their own over or under a letter (as TeX sets á, č, ç):
the letter takes its accented form, wherever pdfium puts the accent in the text."""

from __future__ import annotations

from indexer import extract

from ._pdf_bytes import pdf_of


def _pdf(content: bytes) -> bytes:
    """One page drawing ``content`` in Helvetica, codes 1 and 2 being the caron and the acute."""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >>"
        b" /Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type /Encoding"
        b" /BaseEncoding /WinAnsiEncoding /Differences [1 /caron /acute] >> >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
    ]
    return pdf_of(objects)


# Helvetica at 12 pt: "J. " is 1056/1000 em wide, so C starts at 84.672 and is 8.664 wide; the
# caron (333/1000 em) centred over it starts at 87.004, raised 2.3 pt to the capital's height;
# "Cernock" is 3723/1000 em, so y starts at 129.348 and is 6.0 wide: the acute at 130.348
LINE = b"BT /F1 12 Tf 72 700 Td (J. Cernocky wrote it.) Tj ET\n"
CARON = b"BT /F1 12 Tf 87.004 702.3 Td (\\001) Tj ET\n"
ACUTE = b"BT /F1 12 Tf 130.348 700 Td (\\002) Tj ET\n"


def test_accents_drawn_after_their_line_go_on_their_letters():
    doc = extract(_pdf(LINE + CARON + ACUTE), filename="accents.pdf", options={"ocr": "never"})
    assert doc.text.strip() == "J. \u010cernock\u00fd wrote it."


def test_an_accent_over_no_letter_stays_as_written():
    # the acute drawn far right of the line, over nothing
    lone = b"BT /F1 12 Tf 300 700 Td (\\002) Tj ET\n"
    doc = extract(_pdf(LINE + lone), filename="accent.pdf", options={"ocr": "never"})
    assert "J. Cernocky wrote it." in doc.text
    assert "\u00b4" in doc.text


def test_the_references_of_the_word2vec_paper(playground):
    doc = extract(playground / "word2vec.pdf", options={"ocr": "never"})
    assert "J. Kopeck\u00fd, L. Burget, O. Glembek and J. \u010cernock\u00fd. Neural" in doc.text
    assert "M. Karafi\u00e1t, L. Burget" in doc.text
    assert "based language models for higly inflective languages" in doc.text
    assert "Evaluation and Combination of Advanced" in doc.text
    for stray in ("\u00b4", "\u02c7"):
        assert stray not in doc.text


def test_a_portuguese_name_in_the_federal_register(real_world):
    path = real_world / "pdf" / "pdfplumber" / "federal-register-2020-17221.pdf"
    doc = extract(path, options={"ocr": "never"})
    assert "Ag\u00eancia Nacional de Avia\u00e7\u00e3o Civil (ANAC)" in doc.text
