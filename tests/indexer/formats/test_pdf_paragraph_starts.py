"""A line that ends its paragraph where the next line starts one: a short line (a heading, a
salutation) over a paragraph's indented first line, a short line over a line opening with a Chinese
number ('(一)', '四、'), and a numbered Chinese heading as wide as the text over an indented first
line each stand apart, where the page's line pitch runs on unbroken and CJK lines join without a
space at any character."""

from __future__ import annotations

import io

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas

from indexer import extract

from ._pdf_pages import indented

#: the text column: a full line runs from LEFT to RIGHT, a paragraph's first line from INDENT
LEFT, INDENT, RIGHT = 72.0, 96.0, 504.0
SIZE, PITCH = 12.0, 18.0
CJK_FONT = "STSong-Light"

#: CJK paragraphs of three lines: 34 characters after the first line's indent, 36 in the line
#: under it (12 pt each), the last line short and ending in '。'
FIRST = (
    "根据集团提供的年度财务报表和上一年度审计报告集团年末资产总额十八亿元负债总额十一亿元"
    "其中银行有息债务金额十一亿元资产负债率百分之五十九营业收入十八亿元经实地检查各业务板块"
    "的子公司均正常开工经营。"
)
SECOND = (
    "浙江省人民政府关于加快供给侧结构性改革相关的配套政策一直在讨论制定中并于三月正式下发了"
    "关于加快供给侧结构性改革的意见经有关部门调研考察该市已经被列入浙江省供给侧结构性改革试点"
    "地区之一。"
)
THIRD = (
    "我们取得了集团年末财务报表会计师事务所有限公司出具的集团上一年度审计报告集团各项财务指标"
    "与公司提供的数据一致我们查看了集团房地产清单和集团银行融资明细表主要资产负债状况与了解到"
    "的情况相符。"
)
#: a paragraph whose second line, under a line that runs to the edge, opens with '（二）' in the
#: middle of a sentence: the lines run on
ENUMERATED = (
    "反担保抵押资产的核实分两步进行第一步由我们查看评估报告权属证明等原件"
    "（二）步由律师出具书面意见说明抵押权预告登记的法律效力与排他效力以及在当"
    "地司法实践中的优先地位。"
)
#: headings over them, each set at the paragraphs' indent: short ones, and one that ends within a
#: character of the edge
HEAD_FIRST = "(一) 集团年末的财务状况"
HEAD_SECOND = "(三) 有关部门就处置银行不良贷款解决连环担保问题讨论制定的有关政策措施"
HEAD_THIRD = "四、 针对集团的担保计提担保损失我们执行的审计程序"
HEAD_THIRD_SUB = "(一) 了解集团财务状况"

#: a Latin paragraph under a short line of its own size and weight that ends no sentence
SALUTATION = "Dear members of the board"
LETTER = [
    "We write to report on the audit of the accounts for the year, which the board asked us to",
    "carry out in March. The procedures we followed are set out below, and the documents we read",
    "are listed in the annex to this letter.",
]


pdfmetrics.registerFont(UnicodeCIDFont(CJK_FONT))


def _cjk_lines(text: str) -> list[tuple[float, str]]:
    """``text`` wrapped as a paragraph with a first-line indent: (left, line) pairs."""
    return indented(text, CJK_FONT, SIZE, INDENT, LEFT, RIGHT)


def _page(lines: list[tuple[float, str, str]]) -> bytes:
    """One page with ``lines`` ((left, text, font) each) one line pitch apart from the top."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)  # letter: 612 × 792 pt
    y = 740.0
    for left, text, font in lines:
        c.setFont(font, SIZE if font == CJK_FONT else 11.0)
        c.drawString(left, y, text)
        y -= PITCH
    c.showPage()
    c.save()
    return buf.getvalue()


def _cjk_document() -> bytes:
    lines: list[tuple[float, str, str]] = [(INDENT, HEAD_FIRST, CJK_FONT)]
    lines += [(x, t, CJK_FONT) for x, t in _cjk_lines(FIRST)]
    lines.append((INDENT, HEAD_SECOND, CJK_FONT))
    lines += [(x, t, CJK_FONT) for x, t in _cjk_lines(SECOND)]
    lines += [(INDENT, HEAD_THIRD, CJK_FONT), (INDENT, HEAD_THIRD_SUB, CJK_FONT)]
    lines += [(x, t, CJK_FONT) for x, t in _cjk_lines(THIRD)]
    lines += [(x, t, CJK_FONT) for x, t in _cjk_lines(ENUMERATED)]
    return _page(lines)


def test_cjk_headings_stand_apart_from_the_paragraphs_under_them():
    # the paragraphs' lines: 34 characters at the indent, 36 at the margin, a short last line
    for text in (FIRST, SECOND, THIRD):
        lines = _cjk_lines(text)
        assert [x for x, _ in lines] == [INDENT, LEFT, LEFT]
        assert [len(t) for _, t in lines[:2]] == [34, 36] and 10 < len(lines[2][1]) < 30
    # the wide heading ends within a character of the edge, as the paragraphs' full lines do;
    # the mid-sentence '（二）' opens a line at the margin under a full line
    width = stringWidth(HEAD_SECOND, CJK_FONT, SIZE)
    assert RIGHT - SIZE < INDENT + width <= RIGHT
    enumerated = _cjk_lines(ENUMERATED)
    assert len(enumerated[0][1]) == 34 and enumerated[1][0] == LEFT and enumerated[1][1].startswith("（二）")
    doc = extract(_cjk_document(), filename="letter.pdf", options={"ocr": "never"})
    texts = [b.text for b in doc.blocks]
    assert texts == [
        HEAD_FIRST,
        FIRST,
        HEAD_SECOND,
        SECOND,
        HEAD_THIRD,
        HEAD_THIRD_SUB,
        THIRD,
        ENUMERATED,
    ]


def test_a_short_line_over_an_indented_first_line_ends_its_paragraph():
    # the salutation ends 326 pt short of the text's right edge; the paragraph's first line,
    # indented by 18 pt, ends 16 pt short of the full line under it (a ragged right edge)
    ends = [x + stringWidth(t, "Helvetica", 11) for x, t in ((LEFT, SALUTATION), (LEFT + 18, LETTER[0]))]
    assert [round(x) for x in ends] == [206, 517] and round(
        LEFT + stringWidth(LETTER[1], "Helvetica", 11)
    ) == 532
    lines = [(LEFT, SALUTATION, "Helvetica"), (LEFT + 18, LETTER[0], "Helvetica")]
    lines += [(LEFT, t, "Helvetica") for t in LETTER[1:]]
    doc = extract(_page(lines), filename="letter.pdf", options={"ocr": "never"})
    assert [b.text for b in doc.blocks] == [SALUTATION, " ".join(LETTER)]


def test_the_audit_letters_headings_stand_apart(real_world):
    doc = extract(real_world / "pdf" / "pdfplumber" / "pr-136-example.pdf", options={"ocr": "never"})
    texts = [b.text for b in doc.blocks]
    # p. 3: '(一) 神鹰集团2015 年末的财务状况' ends at x 333, the indented '根据神鹰集团提供的…' under it
    # runs to the edge at 525, the page's text lines start at 116 and end at about 533
    assert "(一) 神鹰集团2015 年末的财务状况" in texts
    assert any(t.startswith("根据神鹰集团提供的2015 年度财务报表") for t in texts)
    # p. 3: '(三) 有关部门…有关政策' runs to 520, a character short of the edge, over the indented
    # '浙江省人民政府…'; the paragraph goes on at the margin ('定中， 并于…')
    assert "(三) 有关部门就处置不良贷款， 解决连环担保问题讨论制定的有关政策" in texts
    assert any(
        t.startswith("浙江省人民政府关于加快供给侧结构性改革相关的配套政策一直在讨论制定中") for t in texts
    )
    # p. 4: a heading, a numbered heading under it, then the indented paragraph
    assert "四、 针对神鹰集团的担保计提担保损失我们执行的审计程序" in texts
    assert "(一) 了解神鹰集团财务状况" in texts
    assert any(t.startswith("我们取得了神鹰集团2015年末财务报表") for t in texts)
    # p. 5 and p. 6: the same, a paragraph of two lines under the first
    assert "(二)就反担保抵押资产价值和抵押登记效力的核实程序" in texts
    assert any(t.startswith("我们检查了菲达环保公司提供的涉及反担保事项的所有文件") for t in texts)
    assert "(三) 了解有关部门就处置不良贷款， 解诀连环担保问题的有关政策" in texts
    assert any(
        t.startswith("我们通过互联网查询了《浙江省人民政府关于加快供给侧结构性改革的意见》") for t in texts
    )
