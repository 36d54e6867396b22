"""A figure's or a table's caption set in the body's bold (``Figure 1: …``) is a paragraph, not
a heading; a bold line at the body's size that is no caption is still a heading."""

from __future__ import annotations

from indexer import extract

from ._pdf_bytes import pdf_of

BODY = b"The store keeps each message in a storage of its own, with its streams, line %d."


def _pdf(bold_lines: list[bytes]) -> bytes:
    """A page of regular 10 pt body text with ``bold_lines`` in Helvetica-Bold at 10 pt between
    its paragraphs."""
    content = b""
    y = 720
    for bold in bold_lines:
        content += b"BT /F2 10 Tf 72 %d Td (%s) Tj ET\n" % (y, bold)
        y -= 24
        for k in range(4):
            content += b"BT /F1 10 Tf 72 %d Td (" % y + BODY % k + b") Tj ET\n"
            y -= 12
        y -= 14
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792]"
        b" /Resources << /Font << /F1 4 0 R /F2 6 0 R >> >> /Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    ]
    return pdf_of(objects)


def test_a_caption_in_the_bodys_bold_is_no_heading():
    data = _pdf([b"Message Storage", b"Figure 2: Layout of the message storage", b"Table 3. Stream names"])
    doc = extract(data, filename="captions.pdf", options={"ocr": "never"})
    assert [b.text for b in doc.blocks if b.kind == "heading"] == ["Message Storage"]
    texts = [b.text for b in doc.blocks]
    assert "Figure 2: Layout of the message storage" in texts
    assert "Table 3. Stream names" in texts


def test_the_figure_captions_of_the_msg_specification(real_world):
    doc = extract(real_world / "pdf" / "[MS-OXMSG].pdf", options={"ocr": "never"})
    headings = [b.text for b in doc.blocks if b.kind == "heading"]
    assert not [h for h in headings if h.startswith("Figure ")]
    assert "Figure 1: A sample message in the .msg File Format" in [b.text for b in doc.blocks]
    # the section headings of its pages stay headings
    assert "3.1 From Message Object to .msg File" in headings
