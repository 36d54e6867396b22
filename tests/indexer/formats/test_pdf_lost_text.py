"""Pages whose text pdfium gives only in part. pdfium (pypdfium2 5) gives no text for a text
object that draws a single character in a CID font it has to map through a predefined CMap (an
unembedded Chinese font with ``UniGB-UCS2-H`` or ``GBK-EUC-H`` and no ToUnicode table), while it
reads the same font in longer strings; pdfminer maps both. A page with far more text objects than
characters from pdfium is read again by pdfminer."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfgen import canvas

from indexer import extract
from indexer.model import HEADING, PARAGRAPH

LINES = ["关于浙江菲达环保科技股份有限公司", "年度报告中有关财务事项的说明", "截至年末的担保情况如下"]


def _cjk_pdf(per_character: bool) -> bytes:
    """A page with an English heading and three lines in STSong-Light, a CID font reportlab
    never embeds, drawn one character per text object (as OCR layers of scans are) or one line
    per text object."""
    pdfmetrics.registerFont(UnicodeCIDFont("STSong-Light"))
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.setFont("Helvetica-Bold", 18)
    c.drawString(72, 760, "Annual report 2016")
    c.setFont("STSong-Light", 12)
    y = 720
    for line in LINES:
        if per_character:
            for i, ch in enumerate(line):
                c.drawString(72 + 13 * i, y, ch)
        else:
            c.drawString(72, y, line)
        y -= 18
    c.save()
    return buf.getvalue()


def test_pdfium_alone_loses_the_chinese_lines():
    # the premise, checked with pdfium itself: only the heading reaches its text page
    text = pdfium.PdfDocument(_cjk_pdf(True))[0].get_textpage().get_text_range()
    assert text.strip() == "Annual report 2016"


def test_a_page_that_lost_its_text_is_read_again_by_pdfminer():
    doc = extract(_cjk_pdf(True), filename="cjk.pdf")
    texts = [(b.kind, b.text) for b in doc.blocks]
    assert texts[0] == (HEADING, "Annual report 2016")
    body = "\n".join(t for k, t in texts if k == PARAGRAPH)
    for line in LINES:
        assert line in body
    assert all(b.page == 1 for b in doc.blocks)
    # read again, nothing lost: a note, no warning
    assert doc.coverage.warnings == () and not doc.coverage.has_warning
    (warning,) = doc.coverage.notes
    # 42 text objects (the heading, then 16 + 14 + 11 characters): pdfium gives text for the
    # heading's alone ("Annual report 2016"), none for the other 41, which the note counted as 24
    # (the objects less pdfium's 18 characters); pdfminer gives 16 + 41 visible characters,
    # pdfium 16
    assert warning == (
        "page 1: pdfium gave no text for 41 of its 42 text objects; read by pdfminer: 57 "
        "characters instead of 16"
    )


def test_the_same_font_in_whole_lines_is_read_by_pdfium_alone():
    pdfium_text = pdfium.PdfDocument(_cjk_pdf(False))[0].get_textpage().get_text_range()
    assert LINES[0] in pdfium_text
    doc = extract(_cjk_pdf(False), filename="cjk.pdf")
    assert doc.coverage.warnings == ()  # four text objects, 65 characters: nothing lost
    assert "".join(LINES) in "".join(b.text for b in doc.blocks)


def test_real_scan_with_an_unembedded_chinese_font(real_world):
    # pr-136-example.pdf: SimSun-GBK-EUC-H, not embedded, no ToUnicode (read in its font
    # dictionary); pdfplumber's own text of page 1 starts with the two lines checked here (the
    # title's two lines, one heading)
    doc = extract(real_world / "pdf" / "pdfplumber" / "pr-136-example.pdf")
    first = [b.text for b in doc.blocks if b.page == 1 and b.kind != "image"]
    assert first[0].startswith("关于浙江菲达环保科技股份有限公司ZOq5年年度报告中有关财务事项的说")
    assert len(doc.coverage.notes) == 6
    assert all("read by pdfminer" in w for w in doc.coverage.notes)
    # page 1: 519 of its 670 text objects give no text to pdfium (PdfTextObj.extract() is empty
    # for them); the note said 452, the objects less the 218 characters of pdfium's text page
    assert doc.coverage.notes[0].startswith("page 1: pdfium gave no text for 519 of its 670 text objects;")
    assert sum(len(b.text) for b in doc.blocks) > 4000  # 1,168 characters before


@pytest.mark.parametrize("name", ["issue-71-duplicate-chars.pdf"])
def test_doubled_characters_are_not_mistaken_for_lost_text(real_world, name):
    # page 2 draws each character twice (218 text objects, 129 characters from pdfium); pdfminer
    # with its duplicates dropped finds no more text, so pdfium's reading stays
    doc = extract(real_world / "pdf" / "pdfplumber" / name)
    assert not any("pdfminer" in w for w in doc.coverage.warnings + doc.coverage.notes)
