"""Rows of a CJK layout (a name at the left edge, a date at the right) are kept apart: CJK lines
wrap without a space, and joined as one paragraph such rows ran a date into the next row's name."""

from __future__ import annotations

import io

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfgen import canvas

from indexer import extract
from indexer.model import PARAGRAPH

ROWS = [("微软公司的", "2019年11月"), ("计算机", "2019年12月"), ("数据库管理员", "2020年02月")]
PROSE = "这是一段很长的中文文字，用来说明中文的段落在换行时不加空格，而且每一行都是满的。"


def _resume() -> bytes:
    pdfmetrics.registerFont(UnicodeCIDFont("STSong-Light"))
    buf = io.BytesIO()
    c = canvas.Canvas(buf)  # letter: 612 × 792 pt
    c.setFont("STSong-Light", 12)
    c.drawString(72, 760, "证书")
    c.setFont("STSong-Light", 16)
    for n, (name, date) in enumerate(ROWS):  # a certificate per row, its date at the right edge
        c.drawString(72, 730 - 27 * n, name)
        c.drawRightString(500, 730 - 27 * n, date)
    c.setFont("STSong-Light", 12)  # a paragraph of prose wrapped over two full lines
    c.drawString(72, 600, PROSE[:30])
    c.drawString(72, 585, PROSE[30:])
    c.showPage()
    c.save()
    return buf.getvalue()


def test_rows_of_a_cjk_layout_are_paragraphs_of_their_own():
    doc = extract(_resume(), filename="resume.pdf", options={"ocr": "never"})
    paragraphs = [b.text for b in doc.blocks if b.kind == PARAGRAPH]
    for name, date in ROWS:
        assert f"{name} {date}" in paragraphs
    # lines of CJK prose still join, without a space
    assert PROSE in paragraphs


def test_certificate_rows_of_the_resume(real_world):
    doc = extract(
        real_world / "pdf" / "pdfplumber" / "issue-71-duplicate-chars.pdf", options={"ocr": "never"}
    )
    paragraphs = [b.text for b in doc.blocks if b.kind == PARAGRAPH and b.page == 2]
    # p. 2: three certificates, each with its date at the right edge; two languages with two skills
    for row in ("微软公司的 2019年11月", "计算机 2019年12月", "midd 2020年02月", "英语 读写能力 听说能力"):
        assert row in paragraphs
    assert not any("11月计算机" in text for text in paragraphs)
