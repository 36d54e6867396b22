"""Titles and headings of a Chinese or Japanese document set larger than its text are headings, as
Latin ones are: a CJK character is one font size wide, about twice a Latin letter, so a CJK line is
not taken for labels spread over a figure by its width per character. Labels so spread (CJK or
Latin) that pdfium reads as one line stay text. The CID fonts reportlab carries have no bold face:
the titles here are set larger only."""

from __future__ import annotations

import io

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfgen import canvas

from indexer import extract
from indexer.api import chunk_document
from indexer.model import HEADING, PARAGRAPH

from ._pdf_pages import fitting

LEFT, RIGHT = 72.0, 504.0
BODY, PITCH = 10.0, 15.0
CHINESE, MINCHO, GOTHIC = "STSong-Light", "HeiseiMin-W3", "HeiseiKakuGo-W5"

for _font in (CHINESE, MINCHO, GOTHIC):
    pdfmetrics.registerFont(UnicodeCIDFont(_font))

#: a Chinese report: its title, 18 pt, over two paragraphs of 10 pt text
CHINESE_TITLE = "年度财务报告说明"
CHINESE_TEXT = [
    "二零一三年五月公司与集团签约各为对方提供总额不超过贰亿元人民币的担保，互保期自二零一三年五月起"
    "至二零一五年五月止，截至年末集团在该担保项下实际融资余额为一亿五千七百万元。",
    "根据集团提供的年度财务报表和上一年度审计报告，集团年末资产总额十八亿元，负债总额十一亿元，"
    "资产负债率百分之五十九。",
]
#: a Japanese specification: its title, 18 pt, a chapter's heading, 14 pt, each over 10 pt text
JAPANESE_TITLE = "システム設計書"
JAPANESE_HEADING = "第一章 システムの概要"
JAPANESE_INTRO = (
    "本書は在庫管理システムの設計を記述する。対象となる読者は開発者と運用担当者であり、"
    "各章はシステムの構成要素ごとに分けて説明する。"
)
JAPANESE_TEXT = (
    "本システムは倉庫ごとの在庫数を日次で集計し、発注の要否を判定する。集計の結果は画面に表示され、"
    "担当者は必要に応じて発注書を作成する。"
)
#: the labels of a figure's three boxes, 12 pt, each over its box, and the boxes' English names
#: under them
LABELS = ["输入数据", "模型", "输出结果"]
LATIN_LABELS = ["Input", "Model", "Output"]


def _wrapped(text: str, font: str, size: float) -> list[str]:
    """``text`` cut into lines that fill the column from LEFT to RIGHT in ``font`` at ``size``."""
    out = []
    while text:
        n = fitting(text, font, size, RIGHT - LEFT)
        out.append(text[:n])
        text = text[n:]
    return out


class _Page:
    """A letter page written from the top down at the left margin."""

    def __init__(self) -> None:
        self.buf = io.BytesIO()
        self.c = canvas.Canvas(self.buf)  # letter: 612 × 792 pt
        self.y = 740.0

    def line(self, text: str, font: str, size: float, after: float) -> None:
        self.c.setFont(font, size)
        self.c.drawString(LEFT, self.y, text)
        self.y -= after

    def paragraph(self, text: str, font: str, size: float = BODY) -> None:
        for line in _wrapped(text, font, size):
            self.line(line, font, size, PITCH)
        self.y -= PITCH / 2

    def figure(self, labels: list[str], names: list[str]) -> None:
        """Three boxes across the column, ``labels`` over them in 12 pt and ``names`` under them in
        12 pt, each at its box's left edge."""
        lefts = (LEFT, LEFT + 180.0, LEFT + 360.0)
        self.y -= 20.0
        for x, label in zip(lefts, labels, strict=True):
            self.c.setFont(CHINESE, 12.0)
            self.c.drawString(x, self.y, label)
        for x in lefts:
            self.c.rect(x, self.y - 68.0, 72.0, 60.0)
        for x, name in zip(lefts, names, strict=True):
            self.c.setFont("Helvetica", 12.0)
            self.c.drawString(x, self.y - 84.0, name)
        self.y -= 110.0

    def pdf(self) -> bytes:
        self.c.showPage()
        self.c.save()
        return self.buf.getvalue()


def _blocks(data: bytes) -> list[tuple[str, str, int]]:
    doc = extract(data, filename="page.pdf", options={"ocr": "never"})
    return [(b.kind, b.text, b.level) for b in doc.blocks]


def test_a_chinese_title_set_larger_is_a_heading():
    page = _Page()
    page.line(CHINESE_TITLE, CHINESE, 18.0, 2 * PITCH)
    for text in CHINESE_TEXT:
        page.paragraph(text, CHINESE)
    doc = extract(page.pdf(), filename="report.pdf", options={"ocr": "never"})
    assert [(b.kind, b.text, b.level) for b in doc.blocks] == [
        (HEADING, CHINESE_TITLE, 1),
        (PARAGRAPH, CHINESE_TEXT[0], 0),
        (PARAGRAPH, CHINESE_TEXT[1], 0),
    ]
    # the section mode files both paragraphs under the title
    paths = [c.metadata["heading_path"] for c in chunk_document(doc, "section") if c.content_type != HEADING]
    assert paths and all(path == [CHINESE_TITLE] for path in paths)


def test_a_japanese_title_and_chapter_heading_rank_by_size():
    page = _Page()
    page.line(JAPANESE_TITLE, GOTHIC, 18.0, 2 * PITCH)
    page.paragraph(JAPANESE_INTRO, MINCHO)
    page.line(JAPANESE_HEADING, GOTHIC, 14.0, 1.5 * PITCH)
    page.paragraph(JAPANESE_TEXT, MINCHO)
    assert _blocks(page.pdf()) == [
        (HEADING, JAPANESE_TITLE, 1),
        (PARAGRAPH, JAPANESE_INTRO, 0),
        (HEADING, JAPANESE_HEADING, 2),
        (PARAGRAPH, JAPANESE_TEXT, 0),
    ]


def test_labels_spread_over_a_figure_stay_text_under_a_chinese_title():
    page = _Page()
    page.line(CHINESE_TITLE, CHINESE, 18.0, 2 * PITCH)
    page.paragraph(CHINESE_TEXT[0], CHINESE)
    page.figure(LABELS, LATIN_LABELS)
    page.paragraph(CHINESE_TEXT[1], CHINESE)
    blocks = _blocks(page.pdf())
    # the title alone is a heading; each row of labels, 12 pt over the 10 pt text and starting at the
    # margin, is one line as wide as the column: text, in CJK as in Latin
    assert [b for b in blocks if b[0] == HEADING] == [(HEADING, CHINESE_TITLE, 1)]
    assert (PARAGRAPH, " ".join(LABELS), 0) in blocks
    assert (PARAGRAPH, " ".join(LATIN_LABELS), 0) in blocks


def test_a_chinese_sentence_set_a_size_up_stays_text_under_a_chinese_title():
    page = _Page()
    page.line(CHINESE_TITLE, CHINESE, 18.0, 2 * PITCH)
    page.paragraph(CHINESE_TEXT[0], CHINESE)
    # two lines in 11 pt among 10: a size up, as a title a little larger is, but a full sentence
    # of 57 characters ending in '。'
    assert len(_wrapped(CHINESE_TEXT[1], CHINESE, 11.0)) == 2
    page.paragraph(CHINESE_TEXT[1], CHINESE, 11.0)
    page.paragraph(CHINESE_TEXT[0], CHINESE)
    assert _blocks(page.pdf()) == [
        (HEADING, CHINESE_TITLE, 1),
        (PARAGRAPH, CHINESE_TEXT[0], 0),
        (PARAGRAPH, CHINESE_TEXT[1], 0),
        (PARAGRAPH, CHINESE_TEXT[0], 0),
    ]


#: a Chinese letter's title over two lines, centred, the second set a little larger, as a scan's
#: text layer measures them (pr-136-example.pdf: 24.8 and 25.7 pt)
TITLE_LINES = ("关于浙江菲达环保科技股份有限公司", "二〇一五年年度报告中有关财务事项的说明")


def _centred_title(
    lines: tuple[str, ...], fonts: tuple[str, ...], sizes: tuple[float, ...], pitch: float
) -> bytes:
    """``lines`` centred on the column, each in its font and size, ``pitch`` apart, over the two
    paragraphs of CHINESE_TEXT."""
    page = _Page()
    for text, font, size in zip(lines, fonts, sizes, strict=True):
        page.c.setFont(font, size)
        page.c.drawCentredString((LEFT + RIGHT) / 2, page.y, text)
        page.y -= pitch
    page.y -= PITCH
    for text in CHINESE_TEXT:
        page.paragraph(text, CHINESE)
    return page.pdf()


def test_a_title_over_two_lines_a_little_apart_in_size_is_one_heading():
    blocks = _blocks(_centred_title(TITLE_LINES, (CHINESE, CHINESE), (18.0, 18.8), 24.0))
    assert blocks == [
        (HEADING, "".join(TITLE_LINES), 1),
        (PARAGRAPH, CHINESE_TEXT[0], 0),
        (PARAGRAPH, CHINESE_TEXT[1], 0),
    ]
    # a Latin title over its subtitle, 6 pt smaller: two headings, the subtitle under the title
    latin = ("Annual Report 2015", "Notes on the financial statements")
    blocks = _blocks(_centred_title(latin, ("Helvetica", "Helvetica"), (20.0, 14.0), 26.0))
    assert [b for b in blocks if b[0] == HEADING] == [(HEADING, latin[0], 1), (HEADING, latin[1], 2)]
    # the same two lines as the Chinese title, three line pitches apart: two headings, the larger one
    # level 1
    blocks = _blocks(_centred_title(TITLE_LINES, (CHINESE, CHINESE), (18.0, 18.8), 72.0))
    assert [b for b in blocks if b[0] == HEADING] == [
        (HEADING, TITLE_LINES[0], 2),
        (HEADING, TITLE_LINES[1], 1),
    ]


#: reportlab's CID fonts have no bold face: the bold lines are set in this one, its name in the file
#: changed to one a bold font has (as long, so the file's offsets hold)
BOLD_FACE, BOLD_NAME = b"HeiseiKakuGo-W5", b"HeiseiKaku-Bold"
#: a bold line at the body's size: a heading, a sentence and a line ending a clause
BOLD_HEADING = "第一章 系统概述"
BOLD_SENTENCE = "本章说明系统的构成。"
BOLD_CLAUSE = "本章说明系统的构成，"


def _bold_line(line: str, bold: bool = True) -> bytes:
    """``line`` alone in 10 pt (in bold with ``bold``) between the two paragraphs of CHINESE_TEXT."""
    page = _Page()
    page.paragraph(CHINESE_TEXT[0], CHINESE)
    page.line(line, GOTHIC if bold else CHINESE, BODY, 1.5 * PITCH)
    page.paragraph(CHINESE_TEXT[1], CHINESE)
    data = page.pdf()
    if bold:
        assert data.count(BOLD_FACE) > 0
        data = data.replace(BOLD_FACE, BOLD_NAME)
    return data


def test_a_bold_chinese_line_at_the_body_size_is_a_heading():
    # a Latin line so set is a heading where it opens with a capital or a digit; CJK text has no case
    assert _blocks(_bold_line(BOLD_HEADING)) == [
        (PARAGRAPH, CHINESE_TEXT[0], 0),
        (HEADING, BOLD_HEADING, 1),
        (PARAGRAPH, CHINESE_TEXT[1], 0),
    ]
    # not in bold, or ending a sentence or a clause, the line is text
    for data in (_bold_line(BOLD_HEADING, bold=False), _bold_line(BOLD_SENTENCE), _bold_line(BOLD_CLAUSE)):
        assert [b for b in _blocks(data) if b[0] == HEADING] == []
