"""Ligature glyphs whose ToUnicode map is wrong: a font's encoding names the glyph (``/fi``) and its
ToUnicode map sends the code to U+21B5 or to U+0000; the text takes the glyph's name."""

from __future__ import annotations

from indexer import extract

from ._pdf_bytes import pdf_of

#: code 0x21 is the glyph /fi, mapped to U+21B5; code 0x22 is /fl, mapped to U+0000
TO_UNICODE = b"""/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
/CMapName /Adobe-Identity-UCS def
/CMapType 2 def
1 begincodespacerange
<00><FF>
endcodespacerange
2 beginbfrange
<21><21><21b5>
<22><22><0000>
endbfrange
endcmap
CMapName currentdict /CMap defineresource pop
end
end
"""


def _pdf(text: bytes) -> bytes:
    """One page showing ``text`` in Times-Roman with the encoding and ToUnicode map above."""
    content = b"BT /F1 12 Tf 72 700 Td (" + text + b") Tj ET"
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >>"
        b" /Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+Times-Roman"
        b" /Encoding << /Type /Encoding /Differences [33 /fi /fl] >> /ToUnicode 6 0 R >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Length %d >>\nstream\n" % len(TO_UNICODE) + TO_UNICODE + b"\nendstream",
    ]
    return pdf_of(objects)


def test_ligatures_mapped_to_a_return_arrow_or_to_nothing_take_their_glyph_names():
    doc = extract(_pdf(b'A pro!le of the "ow and its !nal cut.'), filename="ligatures.pdf")
    assert doc.text.strip() == "A profile of the flow and its final cut."


def test_ligatures_of_the_layoutparser_paper(real_world):
    doc = extract(real_world / "pdf" / "kreuzberg" / "copy_protected.pdf", options={"ocr": "never"})
    # its fonts name /ff and /ffi in their encoding and map them to U+21B5 and U+0000
    assert "\u21b5" not in doc.text
    assert "An off-the-shelf toolkit" in doc.text
    assert "several practical difficulties for taking" in doc.text
    assert "tools for efficient document image data annotation" in doc.text
