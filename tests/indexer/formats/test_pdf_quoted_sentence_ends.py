"""A paragraph's short last line ends its paragraph where it ends a sentence before a closing quote
or bracket in a Latin script (``end.”``, ``(… end.)``, ``end."``), or in CJK text in an ellipsis or
a dash of two (``……``, ``——``). Set without a first-line indent at the page's line pitch, such
paragraphs had run into one another; a short line ending in a closer after no stop still runs on."""

from __future__ import annotations

import io

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas

from indexer import extract
from indexer.model import PARAGRAPH

from ._pdf_pages import fitting

#: the text column: a full line runs from LEFT to RIGHT
LEFT, RIGHT = 72.0, 504.0
SIZE, PITCH = 12.0, 18.0
CJK_FONT = "STSong-Light"
LATIN_FONT = "Helvetica"

pdfmetrics.registerFont(UnicodeCIDFont(CJK_FONT))

#: Latin paragraphs of a full line and a short one, each last line ending in a stop and a closer
LATIN = [
    "The chair opened the meeting and read the auditors' letter aloud to the board, which closed with "
    "the words “we have no further remarks.”",
    "The guarantees were examined one by one against the registers held by the land office in town "
    "(all of them were found in order.)",
    'The secretary noted that the counsel had answered the question in writing and had simply said "the '
    'pledge stands."',
]
#: a Latin paragraph whose short last line ends in a closing bracket after no stop: it runs on
#: into the line under it, which goes on its sentence
RUNNING = [
    "The board asked the auditors to look again at the two pledges registered with the land office",
    "(the shops in town)",
    "and to report on them before the meeting in May.",
]
#: CJK paragraphs of a full line and a short one ending in an ellipsis or a dash of two
CJK = [
    "独立董事在沟通会上也提出了同样的问题，会计师解释说抵押资产的评估价值能否覆盖风险敞口还有待观察……",
    "董事会秘书在会上说道：“如果改革的配套政策不能如期实施，公司又将如何化解连环担保的风险——”",
    "上述资产的价值预计可以覆盖银行有息债务的金额，只要银行不集中抽贷，公司仍然能够持续经营。",
]


def _wrap(text: str, font: str, size: float) -> list[str]:
    """``text`` wrapped at RIGHT from LEFT, at a space in Latin text, anywhere in CJK text."""
    out = []
    while text:
        n = fitting(text, font, size, RIGHT - LEFT)
        if font == LATIN_FONT and n < len(text):
            n = text.rindex(" ", 0, n + 1)
        out.append(text[:n].strip())
        text = text[n:].strip()
    return out


def _page(lines: list[str], font: str, size: float) -> bytes:
    """One page with ``lines`` at LEFT, one line pitch apart from the top."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)  # letter: 612 × 792 pt
    y = 740.0
    c.setFont(font, size)
    for text in lines:
        c.drawString(LEFT, y, text)
        y -= PITCH
    c.showPage()
    c.save()
    return buf.getvalue()


def test_short_latin_lines_ending_a_quoted_sentence_end_their_paragraphs():
    wrapped = [_wrap(p, LATIN_FONT, 11.0) for p in LATIN]
    for lines in wrapped:
        # a full line within 3 font sizes of the edge, then a last line ending 10 sizes short or more
        assert len(lines) == 2
        assert LEFT + stringWidth(lines[0], LATIN_FONT, 11.0) > RIGHT - 33.0
        assert LEFT + stringWidth(lines[1], LATIN_FONT, 11.0) < RIGHT - 110.0
    assert [lines[1][-2:] for lines in wrapped] == [".”", ".)", '."']
    pdf = _page([line for lines in wrapped for line in lines] + RUNNING, LATIN_FONT, 11.0)
    doc = extract(pdf, filename="minutes.pdf", options={"ocr": "never"})
    assert [b.text for b in doc.blocks if b.kind == PARAGRAPH] == [*LATIN, " ".join(RUNNING)]


def test_short_cjk_lines_ending_in_an_ellipsis_or_a_dash_end_their_paragraphs():
    wrapped = [_wrap(p, CJK_FONT, SIZE) for p in CJK]
    for lines in wrapped:
        # a full line of 36 characters, then a last line ending 5 characters (60 pt) short or more
        assert len(lines) == 2 and len(lines[0]) == 36
        assert LEFT + stringWidth(lines[1], CJK_FONT, SIZE) < RIGHT - 5 * SIZE
    assert wrapped[0][1].endswith("观察……") and wrapped[1][1].endswith("风险——”")
    pdf = _page([line for lines in wrapped for line in lines], CJK_FONT, SIZE)
    doc = extract(pdf, filename="minutes.pdf", options={"ocr": "never"})
    assert [b.text for b in doc.blocks if b.kind == PARAGRAPH] == CJK
