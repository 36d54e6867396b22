"""Text no reader sees: drawn white on a white page, it is left out; white text on a coloured box
and the invisible text layer OCR lays over a scan (render mode 3) are read as before."""

from __future__ import annotations

import io

from reportlab.pdfgen import canvas

from indexer import extract

BODY = (
    "The agency proposes to supersede the directive that applies to all airplanes of the model.",
    "It would require installing new software and revising the existing flight manual.",
)
#: drawn white on the white page: a typesetter's mark for its own use
MARK = "VerDate Sep<11>2014 16:21 Aug 05, 2020 Jkt 250001 PO 00000 Frm 00001"
#: drawn white on a dark band
BAND = "Summary of the proposed changes"
#: drawn in render mode 3, as OCR's text layer is
LAYER = "Text read by OCR from the scanned page of the appendix."


def _document() -> bytes:
    buf = io.BytesIO()
    c = canvas.Canvas(buf)  # letter: 612 × 792 pt
    c.setFont("Helvetica", 11)
    c.setFillColorRGB(0.1, 0.2, 0.5)
    c.rect(72, 716, 400, 18, stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1)
    c.drawString(78, 721, BAND)
    c.setFillColorRGB(0, 0, 0)
    for n, line in enumerate(BODY):
        c.drawString(72, 680 - 14 * n, line)
    c.saveState()  # the render mode is the graphics state's: given back after the layer
    text = c.beginText(72, 600)
    text.setTextRenderMode(3)
    text.textLine(LAYER)
    c.drawText(text)
    c.restoreState()
    c.setFillColorRGB(1, 1, 1)
    c.setFont("Helvetica", 6)
    c.drawString(20, 20, MARK)
    c.showPage()
    c.save()
    return buf.getvalue()


def test_white_text_on_a_white_page_is_left_out():
    text = "\n".join(b.text for b in extract(_document(), filename="notice.pdf").blocks)
    assert "VerDate" not in text and "Jkt" not in text
    # white on the dark band, the body and the invisible layer stay
    assert BAND in text
    assert " ".join(BODY) in text
    assert LAYER in text


def test_unseen_text_in_a_real_document(real_world):
    # federal-register-2020-17221.pdf draws white on white the typesetter's "VerDate Sep<11>2014 …
    # 06AUP1" at each page's foot and "jbell on DSKJLSW7X2PROD with PROPOSALS" turned in the
    # margin; on page 1 pdfium had joined the first to "Soekarno-" at a hyphen
    doc = extract(
        real_world / "pdf" / "pdfplumber" / "federal-register-2020-17221.pdf", options={"ocr": "never"}
    )
    text = "\n".join(b.text for b in doc.blocks)
    assert "VerDate" not in text and "jbell" not in text and "PROPOSALS" not in text
    assert "accident after takeoff from Soekarno-" in text
    # a scan's text layer, drawn in render mode 3, is read as before (pr-136-example.pdf's last
    # page reads '神鹰集团' from its OCR layer)
    doc = extract(real_world / "pdf" / "pdfplumber" / "pr-136-example.pdf", options={"ocr": "never"})
    assert sum(len(b.text) for b in doc.blocks) > 1000
