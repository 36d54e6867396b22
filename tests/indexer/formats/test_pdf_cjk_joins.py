"""A line break between a CJK character and an ASCII one (a digit, a Latin word, a bracket) or a mark
Chinese text shares with Latin text (“ ” — …) joins as the document writes such characters within
its lines: without a space where it sets them side by side, with one where it sets them a space
apart or does not tell. CJK lines wrap at any character, so a space at the break is no word space."""

from __future__ import annotations

import io

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfgen import canvas

from indexer import extract
from indexer.model import PARAGRAPH

FONT = "STSong-Light"
#: paragraphs of lines about 470 to 510 pt wide in 12 pt and a short last line, digits and Latin words
#: set side by side with the CJK text: the lines break between '合计' and '14,220', '2016' and '年',
#: '》' and '(', '使用了' and 'Python', '。”' and '我们'
TIGHT = [
    [
        "集团2015年末(未经审计)资产总额189,175万元，负债总额111,824万元，资产负债率59.1%，合计",
        "14,220万元，与担保借款余额1.57亿元相比存在1,479万元的敞口，敞口率为9%，政府于2016",
        "年3月正式下发了《浙江省人民政府关于加快供给侧结构性改革及配套政策实施的若干意见》",
        "(浙政发[2016]11号)，我们在核查中还查看了有关部门的会议纪要(诸政办[2015]7号)并使用了",
        "Python编写的脚本核对了全部数据。",
    ],
    [
        "律师在书面意见中写道：“预告登记具有排他效力，在司法实践中预抵押登记具有优先权。”",
        "我们于2016年4月16日出具了审计报告，报告采用PDF格式，共计6页，已经发送给各位董事。",
    ],
    ["计划对属于产业政策指导名录中“淘汰类”、“限制类”的企业积极推进破产(见附件二)。"],
]
#: the same text with a space between each CJK character and a digit or a Latin letter beside it
#: (brackets and quotes still side by side)
SPACED = [
    [
        "集团 2015 年末(未经审计)资产总额 189,175 万元，负债总额 111,824 万元，资产负债率 59.1%，合计",
        "14,220 万元，与担保借款余额 1.57 亿元相比存在 1,479 万元的敞口，敞口率为 9%，政府于 2016",
        "年 3 月正式下发了《浙江省人民政府关于加快供给侧结构性改革及配套政策实施的若干意见》",
        "(浙政发[2016]11 号)，我们在核查中还查看了有关部门的会议纪要(诸政办[2015]7 号)并使用了",
        "Python 编写的脚本核对了全部数据。",
    ],
    [
        "律师在书面意见中写道：“预告登记具有排他效力，在司法实践中预抵押登记具有优先权。”",
        "我们于 2016 年 4 月 16 日出具了审计报告，报告采用 PDF 格式，共计 6 页，已经发送给各位董事。",
    ],
    TIGHT[2],
]


def _page(paragraphs: list[list[str]]) -> bytes:
    """One page, the paragraphs' lines at 72 pt from the left, 18 pt apart, 30 pt between paragraphs."""
    pdfmetrics.registerFont(UnicodeCIDFont(FONT))
    buf = io.BytesIO()
    c = canvas.Canvas(buf)  # letter: 612 × 792 pt
    c.setFont(FONT, 12)
    y = 740.0
    for lines in paragraphs:
        for line in lines:
            c.drawString(72, y, line)
            y -= 18.0
        y -= 12.0
    c.showPage()
    c.save()
    return buf.getvalue()


def _paragraphs(paragraphs: list[list[str]]) -> list[str]:
    doc = extract(_page(paragraphs), filename="report.pdf", options={"ocr": "never"})
    return [b.text for b in doc.blocks if b.kind == PARAGRAPH]


def test_cjk_and_ascii_join_as_the_document_sets_them():
    assert _paragraphs(TIGHT) == [
        "集团2015年末(未经审计)资产总额189,175万元，负债总额111,824万元，资产负债率59.1%，合计14,220万元，"
        "与担保借款余额1.57亿元相比存在1,479万元的敞口，敞口率为9%，政府于2016年3月正式下发了《浙江省人民政府"
        "关于加快供给侧结构性改革及配套政策实施的若干意见》(浙政发[2016]11号)，我们在核查中还查看了有关部门的"
        "会议纪要(诸政办[2015]7号)并使用了Python编写的脚本核对了全部数据。",
        "律师在书面意见中写道：“预告登记具有排他效力，在司法实践中预抵押登记具有优先权。”我们于2016年4月16日"
        "出具了审计报告，报告采用PDF格式，共计6页，已经发送给各位董事。",
        TIGHT[2][0],
    ]
    # a document setting digits and Latin words a space apart from CJK text keeps the space at a
    # line break between them, and joins a bracket or a quote it sets side by side without one
    assert _paragraphs(SPACED) == [
        "集团 2015 年末(未经审计)资产总额 189,175 万元，负债总额 111,824 万元，资产负债率 59.1%，合计 14,220 万元，"
        "与担保借款余额 1.57 亿元相比存在 1,479 万元的敞口，敞口率为 9%，政府于 2016 年 3 月正式下发了《浙江省人民政府"
        "关于加快供给侧结构性改革及配套政策实施的若干意见》(浙政发[2016]11 号)，我们在核查中还查看了有关部门的"
        "会议纪要(诸政办[2015]7 号)并使用了 Python 编写的脚本核对了全部数据。",
        "律师在书面意见中写道：“预告登记具有排他效力，在司法实践中预抵押登记具有优先权。”我们于 2016 年 4 月 16 日"
        "出具了审计报告，报告采用 PDF 格式，共计 6 页，已经发送给各位董事。",
        TIGHT[2][0],
    ]


def test_the_scanned_letter_joins_digits_as_it_writes_them(real_world):
    doc = extract(real_world / "pdf" / "pdfplumber" / "pr-136-example.pdf", options={"ocr": "never"})
    text = "\n".join(b.text for b in doc.blocks)
    # the letter's lines set a CJK character before an ASCII one side by side, and a bracket or
    # a middle dot before a CJK character: p. 5 '…价值合计' / '14,220. ·995 万元。', '《资产评估报告》' /
    # '(绍华评字…', '诸曹"朗臻·' / '幸福家园"'; p. 2 '…小E is 间商铺以' / '2016 年i月4 日'
    assert "抵押资产评估价值合计14,220. ·995 万元。" in text
    assert "出具的《资产评估报告》(绍华评字[2015]第199 号)及博文" in text
    assert '协议明确诸曹"朗臻·幸福家园"小区I4间商铺' in text
    assert "诸匿鼎盛苑小E is 间商铺以2016 年i月4 日为评估基准日" in text
    # a digit before a CJK character it sets as often a space apart as not ('2015 年11 月',
    # '2015年12月31 日'): p. 1 '互保期自2013 年5' / '月16 日起' and p. 2 '并于2016' / '年1月' keep it
    assert "互保期自2013 年5 月16 日起至2015年5 月15 日止" in text
    assert "并于2016 年1月在诸蟹市房地产管理处" in text
