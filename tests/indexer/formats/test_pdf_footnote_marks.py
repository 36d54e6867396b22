"""Footnote marks: pdfium runs a raised footnote mark into the word or number before it
(``Bemerkung 72`` for Bemerkung 7 and its mark 2) and a footnote's number into its first word
(``2Es wird …``). A raised number that a footnote of its page carries is set apart; one that no
footnote carries (an exponent, R²) is left as it is. Expected values were read off the rendered
pages."""

from __future__ import annotations

import io

from reportlab.pdfgen import canvas

from indexer import extract
from indexer.model import HEADING


def _raised(text, number: str, size: float, rise: float) -> None:
    text.setFont("Times-Roman", size)
    text.setRise(rise)
    text.textOut(number)
    text.setRise(0)


def _noted_page() -> bytes:
    """An 11 pt line with the marks 2 and 3 (7 pt, raised 4 pt) after ``Bemerkung 7`` and
    ``Metrik``, and the exponent of ``R²`` in the same style; at the foot, the footnotes 2 and 3,
    their numbers at 6 pt raised 3 pt before 9 pt text."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    line = c.beginText(72, 700)
    for words, mark in (
        ("Nach der Bemerkung 7", "2"),
        (" ist die Fläche R", "2"),
        (" offen und die Metrik", "3"),
    ):
        line.setFont("Times-Roman", 11)
        line.textOut(words)
        _raised(line, mark, 7, 4)
    line.setFont("Times-Roman", 11)
    line.textOut(" stetig.")
    c.drawText(line)
    for y, number, note in (
        (110, "2", "Es wird die Äquivalenz von Stetigkeit gezeigt."),
        (98, "3", "Auch Eisenbahnmetrik genannt."),
    ):
        foot = c.beginText(72, y)
        _raised(foot, number, 6, 3)
        foot.setFont("Times-Roman", 9)
        foot.textOut(note)
        c.drawText(foot)
    c.save()
    return buf.getvalue()


def test_a_footnote_mark_and_a_footnote_number_are_set_apart_and_an_exponent_is_not():
    doc = extract(_noted_page(), filename="noted.pdf")
    texts = [b.text for b in doc.blocks]
    assert texts == [
        "Nach der Bemerkung 7 2 ist die Fläche R2 offen und die Metrik 3 stetig.",
        "2 Es wird die Äquivalenz von Stetigkeit gezeigt. 3 Auch Eisenbahnmetrik genannt.",
    ]


def test_geotopo_footnote_marks_read_as_marks(real_world):
    doc = extract(real_world / "pdf" / "py-pdf-samples" / "GeoTopo-komprimiert.pdf", options={"ocr": "never"})
    headings = {(b.page, b.text) for b in doc.blocks if b.kind == HEADING}
    # p. 13: remark 7 and its footnote mark 2, not remark 72 (p. 93 has a remark 72 of its own)
    assert (13, "Bemerkung 7 2") in headings
    assert (93, "Bemerkung 72 (Eigenschaften von Kurven II)") in headings
    assert (12, "Beispiel 11 (SNCF-Metrik 1 )") in headings
    page_19 = [b.text for b in doc.blocks if b.page == 19]
    proof = next(t for t in page_19 if t.startswith("Sei xn der Mittelpunkt"))
    assert "für unendlich viele 3 n ≥ n0" in proof
    assert proof.endswith("für mindestens ein n ∈ N. 4")
    assert any(t.startswith("3 Dies gilt nicht für alle n ≥ n0") and "4 Sogar für" in t for t in page_19)
    # p. 34 has no footnote: its exponents (R², cos²) stay run into their letters
    assert any(b.text.startswith("R2 cos2 (v) cos2 (u) + R2 cos2 (v)") for b in doc.blocks if b.page == 34)
