"""A line of CJK prose that runs to its column's right edge runs on in the next line, also where
a scan's text layer sets the two lines in sizes a little apart and a little further apart than the
page's other lines: CJK text wraps between any two characters, with no space to break at."""

from __future__ import annotations

import io

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfgen import canvas

from indexer import extract
from indexer.model import PARAGRAPH

#: two paragraphs, each a first line indented by two characters and full lines under it; the first
#: paragraph's second line is set larger and further down, as a scan's text layer reads it
FIRST = (
    "由浙江菲达环保科技股份有限公司以下简称菲达环保公司或公司转来的"
    "关于对二零一五年浙江菲达环保科技股份有限公司年度报告的事后审核"
    "问询函已经收到，我们对问询函所提及的财务事项进行了审慎核查，现汇报如下。"
)
SECOND = (
    "问题根据公司前期公告神鹰集团已明显出现无法按期偿还银行贷款的情况"
    "且公司年报披露后不久神鹰集团破产清算申请就被法院受理。"
)
WESTERN = [
    "The company reported that the group had been unable to repay its bank loans on time from",
    "April onwards, and that a petition to wind it up had been accepted by the court shortly after",
]


def _scan_layer(cjk: bool = True) -> bytes:
    """A page whose lines are 14 pt apart, the larger line 19 pt under the one above it."""
    pdfmetrics.registerFont(UnicodeCIDFont("STSong-Light"))
    buf = io.BytesIO()
    c = canvas.Canvas(buf)  # letter: 612 × 792 pt
    y = 700.0
    if cjk:
        for text in (FIRST, SECOND):
            # the first line 34 characters after its indent, a full line 36 in 12 pt, 32 in 13.5 pt
            cut = 66 if text is FIRST else 70
            lines = [text[:34], text[34:cut], text[cut:]]
            for n, line in enumerate(lines):
                size = 13.5 if text is FIRST and n == 1 else 12.0
                y -= 19.0 if size == 13.5 else 14.0
                c.setFont("STSong-Light", size)
                left = 96.0 if n == 0 else 72.0
                c.drawString(left, y, line)  # a full line reaches 504 pt
            y -= 10.0
    else:
        c.setFont("Helvetica", 12)
        for n, line in enumerate(WESTERN):
            size = 13.5 if n == 1 else 12.0
            c.setFont("Helvetica", size)
            y -= 19.0 if n == 1 else 14.0
            c.drawString(72, y, line)
        c.setFont("Helvetica", 12)
        y -= 14.0
        c.drawString(72, y, "The auditors found no omission in the procedures they had carried out.")
    c.showPage()
    c.save()
    return buf.getvalue()


def test_cjk_lines_running_to_the_edge_join_across_sizes_and_pitches():
    doc = extract(_scan_layer(), filename="scan.pdf", options={"ocr": "never"})
    paragraphs = [b.text for b in doc.blocks if b.kind == PARAGRAPH]
    # each paragraph one block, its lines joined without a space; the second paragraph, indented,
    # starts a block of its own after the first's last line
    assert paragraphs == [FIRST, SECOND]
    # the rule is for CJK text alone: Western lines so set are read as before, apart
    doc = extract(_scan_layer(cjk=False), filename="scan.pdf", options={"ocr": "never"})
    paragraphs = [b.text for b in doc.blocks if b.kind == PARAGRAPH]
    assert WESTERN[0] in paragraphs


def test_the_scanned_letters_paragraphs_run_on_at_the_edge(real_world):
    doc = extract(real_world / "pdf" / "pdfplumber" / "pr-136-example.pdf", options={"ocr": "never"})
    texts = [b.text for b in doc.blocks]
    # p. 1: '…提供的担保情' reaches the edge in 16 pt, '况' under it in 14.6 pt, 30 pt down (the
    # page's lines are 23 pt apart); '…(以下简称种鹰集' / '团) 签约，…' in 16.6 pt, then 14.6 pt
    assert "一、 截至20I5年末，菲达环保公司为浙江神鹰集团有限公司提供的担保情况" in texts
    assert any("(以下简称种鹰集团) 签约" in t for t in texts)
    # the first paragraph, its indented first line ending at the edge in '转来的'
    assert any(t.startswith("由浙江菲达环保科技股份有限公司") and "转来的《关于对20I5年" in t for t in texts)
    # p. 3: the paragraph under '(三) …有关政策' runs on from its indented first line to the margin
    assert any("一直在讨论制定中， 并于20l6年3月" in t for t in texts)
    # a line ending a paragraph with '。' short of the edge stays its end; an indented line
    # starts the next paragraph
    assert any(t.endswith("将减少菲达环保公司担保代偿损失。") for t in texts)
    assert any(t.startswith("综上， 我们认为") for t in texts)
    assert "回复:" in texts
