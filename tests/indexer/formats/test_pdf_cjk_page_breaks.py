"""A paragraph of Chinese text cut by a page break: where the last line of a page runs to the column's
right edge and ends no sentence, and the next page opens at the left margin (no first-line indent)
with CJK text that is no numbered heading, the two parts are one paragraph, joined without a space,
on the page where it starts and saying the page it reaches. A page number or a dash standing alone
at the page's foot does not part them."""

from __future__ import annotations

import io

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfgen import canvas

from indexer import extract, get_chunks

from ._pdf_pages import indented

#: the text column: a full line runs from LEFT to RIGHT, a paragraph's first line from INDENT
LEFT, INDENT, RIGHT = 72.0, 96.0, 504.0
SIZE, PITCH = 12.0, 18.0
CJK_FONT = "STSong-Light"

pdfmetrics.registerFont(UnicodeCIDFont(CJK_FONT))

#: paragraphs ending in '。', without a stop before their end
FIRST = (
    "二零一三年五月公司与集团签约各为对方提供总额不超过贰亿元人民币的担保互保期自二零一三年五月起"
    "至二零一五年五月止截至年末集团在该担保项下实际融资余额为一亿五千七百万元。"
)
CUT = (
    "市政府已经制定了供给侧结构性改革实施初步申报方案计划对属于国家产业政策指导名录中淘汰类和限制类"
    "企业积极推进破产在破产资产处置与责任追究上遵循先破产企业后担保企业原则为加快处置不良贷款方案要求"
    "银行在免除罚息和保留对贷款企业追索权的基础上承担一定比例坏账损失剩余损失由担保企业分期还本付息"
    "并由市财政给予贴息和税收奖励来弥补担保企业的实际损失。"
)
AFTER = (
    "我们检查了公司提供的涉及反担保事项的所有文件包括反担保协议反担保抵押资产评估报告权属证明"
    "和抵押权登记证明等并查看了有关原件。"
)
#: CUT's lines on the first page: three full lines (its first one indented)
ON_FIRST = 3


def _lines(text: str) -> list[tuple[float, str]]:
    return indented(text, CJK_FONT, SIZE, INDENT, LEFT, RIGHT)


def _document(
    first: list[tuple[float, str]], second: list[tuple[float, str]], foot: str | None = None
) -> bytes:
    """Two pages of 12 pt lines ((left, text) each) from the top, one line pitch apart, the
    paragraphs of a page half a pitch apart where a line's left is INDENT; ``foot``: a mark
    centred at the first page's foot."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)  # letter: 612 × 792 pt
    for lines in (first, second):
        c.setFont(CJK_FONT, SIZE)
        y = 740.0
        for k, (left, text) in enumerate(lines):
            if k and left == INDENT:
                y -= PITCH / 2
            c.drawString(left, y, text)
            y -= PITCH
        if foot is not None and lines is first:
            c.drawCentredString((LEFT + RIGHT) / 2, 50.0, foot)
        c.showPage()
    c.save()
    return buf.getvalue()


def _cut() -> tuple[list[tuple[float, str]], list[tuple[float, str]]]:
    """FIRST and CUT's first lines on page 1; the rest of CUT and AFTER on page 2."""
    cut = _lines(CUT)
    assert len(cut) > ON_FIRST + 1 and not cut[ON_FIRST - 1][1].endswith("。")
    return [*_lines(FIRST), *cut[:ON_FIRST]], [*cut[ON_FIRST:], *_lines(AFTER)]


def test_a_chinese_paragraph_cut_by_a_page_break_is_one_paragraph_on_its_first_page():
    first, second = _cut()
    data = _document(first, second)
    doc = extract(data, filename="letter.pdf")
    assert [(b.page, b.kind, b.text) for b in doc.blocks] == [
        (1, "paragraph", FIRST),
        (1, "paragraph", CUT),
        (2, "paragraph", AFTER),
    ]
    cut = doc.blocks[1]
    # the block reaches page 2, where the text of its fourth line starts (no space at the join)
    at = sum(len(text) for _, text in _lines(CUT)[:ON_FIRST])
    assert cut.meta.get("page_end") == 2
    assert cut.meta.get("page_breaks") == ((at, 2),)
    assert CUT[at:].startswith(second[0][1])
    chunks = get_chunks(data, filename="letter.pdf", mode="page_aware")
    assert [(c["metadata"]["page_number"], c["metadata"].get("page_end"), c["content"]) for c in chunks] == [
        (1, 2, f"{FIRST}\n\n{CUT}"),
        (2, None, AFTER),
    ]
    # the same first page, where the next page does not carry its last line on
    cut = _lines(CUT)
    opened = "".join(text for _, text in cut[:ON_FIRST])
    # the next page opens with an indented first line: a paragraph of its own
    doc = extract(_document(first, _lines(AFTER)), filename="letter.pdf")
    assert [b.text for b in doc.blocks] == [FIRST, opened, AFTER]
    # ... or with a Chinese number: a numbered heading
    heading = (LEFT, "二、 公司针对集团的担保取得的反抵押资产情况")
    doc = extract(_document(first, [heading, *_lines(AFTER)]), filename="letter.pdf")
    assert [b.text for b in doc.blocks] == [FIRST, opened, heading[1], AFTER]
    # the page's last line, full, ends a sentence: the next page's text at the margin starts anew
    ended = [*first[:-1], (LEFT, first[-1][1][:-1] + "。")]
    doc = extract(_document(ended, cut[ON_FIRST:]), filename="letter.pdf")
    assert len(doc.blocks) == 3 and doc.blocks[1].text.endswith("。") and doc.blocks[2].page == 2


def test_a_mark_alone_at_the_pages_foot_does_not_part_the_paragraph():
    # a stray mark under the cut paragraph (a scan's text layer reads a stamp's edge or a page
    # number as 'R' or '一'): it stays after the paragraph
    first, second = _cut()
    doc = extract(_document(first, second, foot="R"), filename="letter.pdf")
    assert [(b.page, b.text) for b in doc.blocks] == [(1, FIRST), (1, CUT), (1, "R"), (2, AFTER)]
    assert doc.blocks[1].meta.get("page_end") == 2


def test_the_audit_letters_paragraphs_cut_by_page_breaks(real_world):
    # pr-136-example.pdf (a scan's text layer): page 3 ends '…方案要求银' over a '一' at its foot
    # (its page number as read), page 4 opens '行在免除罚息…'; page 5 ends '…可防止开发商一房二',
    # page 6 opens '卖，预抵押可防止…'
    path = real_world / "pdf" / "pdfplumber" / "pr-136-example.pdf"
    if not path.exists():
        pytest.skip("fixture missing")
    doc = extract(path, options={"ocr": "never"})
    bank = [b for b in doc.blocks if "方案要求银行在免除罚息" in b.text]
    assert [(b.page, b.meta.get("page_end")) for b in bank] == [(3, 4)]
    assert bank[0].text.endswith("将减少菲达环保公司担保代偿损失。")
    assert not any(b.text.startswith("行在免除罚息") for b in doc.blocks)
    sold = [b for b in doc.blocks if "防止开发商一房二卖，预抵押" in b.text]
    assert [(b.page, b.meta.get("page_end")) for b in sold] == [(5, 6)]
    assert not any(b.text.startswith("卖，预抵押") for b in doc.blocks)
