"""A CJK paragraph's short last line ends its paragraph where it ends a sentence in any of the marks
that end one: the full-width question and exclamation marks, colon and semicolon as well as the
ideographic stop, also with a closing quote or bracket after the mark (。」, ？”, ！）), or a half-width
mark after a CJK character before one (?”). Set without a first-line indent at the page's line
pitch, such paragraphs had run into one another."""

from __future__ import annotations

import io

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas

from indexer import extract
from indexer.model import PARAGRAPH

from ._pdf_pages import fitting

#: the text column: a full line runs from LEFT to RIGHT, 36 characters in 12 pt
LEFT, RIGHT = 72.0, 504.0
SIZE, PITCH = 12.0, 18.0
FONT = "STSong-Light"

#: paragraphs of a full line and a short one, each ending a sentence in another way
PARAGRAPHS = [
    "今年的审计工作已经按照计划全部完成，各部门的配合十分积极，所有资料都在规定时间内提交，谢谢大家！",
    "在集团已经出现无法按期偿还银行贷款的情况下，公司为什么没有在年度报告中充分计提担保损失呢？",
    "律师在书面意见中写道：「预告登记具有排他效力，在当地的司法实践中，预抵押登记具有优先权。」",
    "董事会秘书在会上问道：“如果改革的配套政策不能如期实施，公司又将如何化解连环担保的风险？”",
    "我们已经对全部反担保文件逐一进行了核对（包括评估报告、权属证明和抵押权登记证明，均无遗漏！）",
    "独立董事在沟通会上也提出了同样的问题：“抵押资产的评估价值能否覆盖担保借款余额的风险敞口?”",
    "我们查看了人民银行征信中心提供的企业信用报告，集团的银行融资债务金额与了解到的情况一致；",
    "根据有关部门公布的统计数据和集团提供的年度财务报表，集团的主要资产和负债情况汇总如下：",
    "上述资产的价值预计可以覆盖银行有息债务的金额，只要银行不集中抽贷，公司仍然能够持续经营。",
]
#: a paragraph whose last line runs to the edge ending in '！', and one under it a size larger and
#: further down (as a scan's text layer reads a line), not indented
FULL = (
    "今年的审计工作已经按照计划全部完成，各部门配合十分积极，所有资料都在规定"
    "时间内提交，审计报告也已在五月二十五日出具，在此向各位同事表示衷心感谢！"
)
NEXT = "我们查看了人民银行征信中心提供的企业信用报告，银行融资债务金额与了解到的情况一致。"

pdfmetrics.registerFont(UnicodeCIDFont(FONT))


def _wrap(text: str) -> list[str]:
    """``text`` wrapped at RIGHT from LEFT, 12 pt."""
    out = []
    while text:
        n = fitting(text, FONT, SIZE, RIGHT - LEFT)
        out.append(text[:n])
        text = text[n:]
    return out


def _page(lines: list[tuple[str, float, float]]) -> bytes:
    """One page with ``lines`` ((text, size, distance from the line above) each) at LEFT."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)  # letter: 612 × 792 pt
    y = 740.0
    for text, size, down in lines:
        y -= down
        c.setFont(FONT, size)
        c.drawString(LEFT, y, text)
    c.showPage()
    c.save()
    return buf.getvalue()


def test_short_lines_ending_a_sentence_end_their_paragraphs():
    wrapped = [_wrap(p) for p in PARAGRAPHS]
    for lines in wrapped:
        # a full line of 36 characters, then a last line ending 5 characters (60 pt) short or more
        assert len(lines) == 2 and len(lines[0]) == 36
        assert LEFT + stringWidth(lines[1], FONT, SIZE) < RIGHT - 5 * SIZE
    pdf = _page([(line, SIZE, PITCH) for lines in wrapped for line in lines])
    doc = extract(pdf, filename="letter.pdf", options={"ocr": "never"})
    assert [b.text for b in doc.blocks if b.kind == PARAGRAPH] == PARAGRAPHS


def test_a_full_line_ending_a_sentence_does_not_run_on_across_sizes():
    # the first paragraph's last line reaches the edge; the next paragraph's first line, 13.5 pt,
    # stands 22 pt under it where the page's lines are 18 pt apart: a scan's text layer sets lines
    # so, and runs a line of CJK prose at the edge on across them where it ends no sentence
    first, last = _wrap(FULL)
    assert len(first) == 36 and RIGHT - SIZE < LEFT + stringWidth(last, FONT, SIZE) <= RIGHT
    lines = [(first, SIZE, PITCH), (last, SIZE, PITCH), (NEXT[:32], 13.5, 22.0), (NEXT[32:], SIZE, 22.0)]
    lines += [(line, SIZE, PITCH) for line in _wrap(PARAGRAPHS[-1])]
    doc = extract(_page(lines), filename="scan.pdf", options={"ocr": "never"})
    texts = [b.text for b in doc.blocks if b.kind == PARAGRAPH]
    assert texts[0] == FULL
    assert texts[1].startswith(NEXT[:32])
