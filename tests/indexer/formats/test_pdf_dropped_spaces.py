"""Word spaces set as text objects of their own: pdfium's text page skips a text object that draws
nothing, and with it a space Word sets apart in another font between a heading's number and its
words. The space is read back where the ink either side of the object stands apart, and only
there. Expected values were read off the rendered pages."""

from __future__ import annotations

import io

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas

from indexer import extract
from indexer.model import HEADING


def _split_words(extra: float) -> bytes:
    """A 24 pt heading drawn as ``1.``, a space alone in Times-Bold, and ``Mise en contexte``
    ``extra`` points right of where the space would have put it; a body line in 11 pt drawn as
    ``Trans``, a space alone and ``port actif …`` right after it (one word in two pieces)."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.setFont("Helvetica-Bold", 24)
    c.drawString(72, 700, "1.")
    x = 72 + stringWidth("1.", "Helvetica-Bold", 24)
    c.setFont("Times-Bold", 24)
    c.drawString(x, 700, " ")
    c.setFont("Helvetica-Bold", 24)
    c.drawString(x + extra, 700, "Mise en contexte")
    c.setFont("Helvetica", 11)
    c.drawString(72, 660, "Trans")
    x = 72 + stringWidth("Trans", "Helvetica", 11)
    c.setFont("Times-Roman", 11)
    c.drawString(x, 660, " ")
    c.setFont("Helvetica", 11)
    c.drawString(x, 660, "port actif est devenu une préoccupation majeure pour la municipalité.")
    c.save()
    return buf.getvalue()


def test_a_space_drawn_alone_between_a_number_and_its_words_is_read():
    # 2.5 pt past the space's place: pdfium's own spacing rule adds no space there (it does from
    # 4 pt on), but the ink of "." and "M" stands about 5 pt apart, a word space at 24 pt
    doc = extract(_split_words(2.5), filename="heading.pdf")
    assert [b.text for b in doc.blocks if b.kind == HEADING] == ["1. Mise en contexte"]
    # the word drawn in two pieces around a space that draws nothing, with no gap, stays whole
    body = [b.text for b in doc.blocks if b.kind != HEADING]
    assert body == ["Transport actif est devenu une préoccupation majeure pour la municipalité."]


def test_chelsea_numbered_chapter_titles_keep_their_space(real_world):
    # p. 5, 9 and 24: "1.", a space in Arial Bold, "Mise en contexte" in Arial Narrow Bold; the
    # page shows "1. Mise en contexte". Chapter 4's title wraps onto a second line under its words
    doc = extract(real_world / "pdf" / "pdfplumber" / "chelsea_pdta.pdf", options={"ocr": "never"})
    headings = [b.text for b in doc.blocks if b.kind == HEADING]
    for title in (
        "1. Mise en contexte",
        "2. Méthodologie et consultations",
        "3. Une consultation exhaustive du milieu",
        "4. Une stratégie pour l’avenir du Plan directeur de transport actif de Chelsea",
    ):
        assert title in headings, title
    assert not any(h[:1].isdigit() and h[1:2] == "." and h[2:3].isalpha() for h in headings)
    # the contents page's entries keep their dot leaders as drawn (a tab before the leader is no
    # word space): "1.2. Quels sont les changements depuis 2014?....... 5"
    contents = next(b.text for b in doc.blocks if b.page == 3 and "Quels sont les changements" in b.text)
    assert "depuis 2014?....." in contents
