"""Numbered headings of a Chinese document set in the body's size: a paragraph of one line (or
one wrapped by a few characters) opening with '一、' or '(一)' that ends no sentence is a heading,
'一、' over '(一)', under the last heading the style rules ranked; short numbered lines next to one
another are a list's items, and a numbered line ending in '。' is a sentence."""

from __future__ import annotations

import io

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfgen import canvas

from indexer import extract
from indexer.api import chunk_document
from indexer.model import HEADING

from ._pdf_pages import indented

#: the text column: a full line runs from LEFT to RIGHT, a paragraph's first line from INDENT
LEFT, INDENT, RIGHT = 72.0, 96.0, 504.0
SIZE, PITCH = 12.0, 18.0
CJK_FONT = "STSong-Light"

pdfmetrics.registerFont(UnicodeCIDFont(CJK_FONT))

#: paragraphs of two or three lines with an indented first line, ending in '。'
FIRST = (
    "二零一三年五月公司与集团签约各为对方提供总额不超过贰亿元人民币的担保互保期自二零一三年五月起"
    "至二零一五年五月止截至年末集团在该担保项下实际融资余额为一亿五千七百万元。"
)
SECOND = (
    "根据集团提供的年度财务报表和上一年度审计报告集团年末资产总额十八亿元负债总额十一亿元"
    "资产负债率百分之五十九。"
)
THIRD = (
    "我们检查了公司提供的涉及反担保事项的所有文件包括反担保协议反担保抵押资产评估报告权属证明"
    "和抵押权登记证明等并查看了有关原件。"
)
FOURTH = (
    "此次会议后抵押登记有关权证已在市住房和城乡建设局办理我们相应查看了小区商铺的房屋资产他项权证"
    "原件及预抵押登记的有关文件。"
)
#: the letter's numbered headings, set at the margin in the body's size
HEAD_ONE = "一、 截至年末公司提供的担保情况"
HEAD_ONE_SUB = "(一) 集团年末的财务状况"
HEAD_TWO = "二、 公司针对集团的担保取得的反抵押资产情况"
HEAD_TWO_SUB = "（一）反担保抵押资产的核实程序"
#: a list of the documents read, each item one short line opening with a number
ITEMS = ["1、 反担保协议", "2、 资产评估报告", "3、 抵押权登记证明"]
#: a numbered sentence of one line: text, not a heading
CLAUSE = "(二) 上述资产均已办妥抵押登记手续。"
#: a title set 6 pt over the body, in bold: the numbered headings rank under it
TITLE = "Notes on the 2015 Annual Report"


def _wrapped(text: str) -> list[tuple[float, str]]:
    """``text`` wrapped as a paragraph with a first-line indent: (left, line) pairs."""
    return indented(text, CJK_FONT, SIZE, INDENT, LEFT, RIGHT)


def _page(lines: list[tuple[float, str]], title: str | None = None) -> bytes:
    """One page with ``title`` (18 pt bold, at the margin) over ``lines`` ((left, text) each, 12 pt),
    one line pitch apart from the top."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)  # letter: 612 × 792 pt
    y = 740.0
    if title is not None:
        c.setFont("Helvetica-Bold", 18.0)
        c.drawString(LEFT, y, title)
        y -= 2 * PITCH
    c.setFont(CJK_FONT, SIZE)
    for left, text in lines:
        c.drawString(left, y, text)
        y -= PITCH
    c.showPage()
    c.save()
    return buf.getvalue()


def _letter() -> list[tuple[float, str]]:
    return [
        (LEFT, HEAD_ONE),
        *_wrapped(FIRST),
        (LEFT, HEAD_ONE_SUB),
        *_wrapped(SECOND),
        *((LEFT, item) for item in ITEMS),
        *_wrapped(THIRD),
        (LEFT, HEAD_TWO),
        (LEFT, HEAD_TWO_SUB),
        *_wrapped(FOURTH),
        (LEFT, CLAUSE),
        *_wrapped(THIRD),
    ]


def test_numbered_chinese_lines_are_headings_one_over_the_other():
    doc = extract(_page(_letter()), filename="letter.pdf", options={"ocr": "never"})
    assert [(b.kind, b.text, b.level) for b in doc.blocks if b.kind == HEADING] == [
        (HEADING, HEAD_ONE, 1),
        (HEADING, HEAD_ONE_SUB, 2),
        (HEADING, HEAD_TWO, 1),
        (HEADING, HEAD_TWO_SUB, 2),
    ]
    texts = [b.text for b in doc.blocks if b.kind != HEADING]
    # the list's items and the numbered sentence stay text
    assert [t for t in texts if t in ITEMS or t == CLAUSE] == [*ITEMS, CLAUSE]
    # each section's text under its part and its point, the list and the sentence in the first's
    sections = [
        (c.content.split("\n\n"), c.metadata["heading_path"])
        for c in chunk_document(doc, "section")
        if c.content_type != HEADING
    ]
    assert sections == [
        ([FIRST], [HEAD_ONE]),
        ([SECOND, *ITEMS, THIRD], [HEAD_ONE, HEAD_ONE_SUB]),
        ([FOURTH, CLAUSE, THIRD], [HEAD_TWO, HEAD_TWO_SUB]),
    ]


def test_numbered_chinese_headings_rank_under_a_title_set_larger():
    doc = extract(_page(_letter(), title=TITLE), filename="letter.pdf", options={"ocr": "never"})
    levels = {b.text: b.level for b in doc.blocks if b.kind == HEADING}
    assert levels == {TITLE: 1, HEAD_ONE: 2, HEAD_ONE_SUB: 3, HEAD_TWO: 2, HEAD_TWO_SUB: 3}


def test_the_audit_letters_numbered_headings(real_world):
    doc = extract(real_world / "pdf" / "pdfplumber" / "pr-136-example.pdf", options={"ocr": "never"})
    headings = [(b.text, b.level) for b in doc.blocks if b.kind == HEADING]
    # read in the PDF: the letter's parts '一、' to '四、', the points '(一)' to '(三)' under '三、' and
    # '四、', after the title (the level-1 heading by its size)
    numbered = [(t, lv) for t, lv in headings if t[0] in "一二三四("]
    assert numbered == [
        ("一、 截至20I5年末，菲达环保公司为浙江神鹰集团有限公司提供的担保情况", 2),
        ("二、 截至20I5年末， 菲达环保公司针对神鹰集团的担保取得的反抵押资产情况", 2),
        ("三、 20I5年年报， 菲达环保公司针对神鹰集团担保预计产生的代偿损失计提预计负债的情况", 2),
        ("(一) 神鹰集团2015 年末的财务状况", 3),
        ("(二) 反担保抵押资产不足弥补风险的敞口", 3),
        ("(三) 有关部门就处置不良贷款， 解决连环担保问题讨论制定的有关政策", 3),
        ("四、 针对神鹰集团的担保计提担保损失我们执行的审计程序", 2),
        ("(一) 了解神鹰集团财务状况", 3),
        ("(二)就反担保抵押资产价值和抵押登记效力的核实程序", 3),
        ("(三) 了解有关部门就处置不良贷款， 解诀连环担保问题的有关政策", 3),
    ]
    # the title's two lines, 24.8 and 25.7 pt, one heading
    assert ("关于浙江菲达环保科技股份有限公司ZOq5年年度报告中有关财务事项的说阴", 1) in headings
    # the section mode files a paragraph under its part and its point
    chunks = chunk_document(doc, "section")
    gap = next(c for c in chunks if c.content.startswith("反担保抵押资产评估价值合计为"))
    assert gap.metadata["heading_path"] == [
        "关于浙江菲达环保科技股份有限公司ZOq5年年度报告中有关财务事项的说阴",
        "三、 20I5年年报， 菲达环保公司针对神鹰集团担保预计产生的代偿损失计提预计负债的情况",
        "(二) 反担保抵押资产不足弥补风险的敞口",
    ]
