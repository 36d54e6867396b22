"""A page turned by its /Rotate whose text stands upright in the page's own space reads top-down,
as the same page unturned does: pdfium sorts the text objects it takes for one line as the page
is shown, and on such a page it sorted lines stacked at one indent bottom up."""

from __future__ import annotations

import io

import pytest

from indexer import extract

NICS = "pdf/pdfplumber/nics-background-checks-2015-11"


def _paragraphs(doc) -> list[str]:
    return [b.text for b in doc.blocks if b.kind == "paragraph"]


def test_the_nics_notes_read_in_the_order_of_their_marks(real_world):
    # on the page, NOTES: stands beside "*Refers to frames …" (baseline 116 pt) and, under it,
    # "**Multiple (…)" (baseline 102 pt), both starting 121.6 pt from the left; the file turns
    # the page 90° and pdfium gave "**Multiple" first
    turned = extract(real_world / f"{NICS}-rotated.pdf", options={"ocr": "never"})
    texts = _paragraphs(turned)
    refers = next(i for i, t in enumerate(texts) if t.startswith("*Refers to frames"))
    multiple = next(i for i, t in enumerate(texts) if t.startswith("**Multiple (multiple types"))
    assert texts.index("NOTES:") < refers < multiple
    # the disclaimers too, "Some states …" (baseline 87 pt) over "These statistics …" (66 pt)
    some = next(i for i, t in enumerate(texts) if t.startswith("Some states may reflect"))
    assert texts[some + 1].startswith("These statistics represent")
    # the same text as the file that does not turn its page
    plain = extract(real_world / f"{NICS}.pdf", options={"ocr": "never"})
    assert [b.text for b in turned.blocks] == [b.text for b in plain.blocks]


def _page(rotate: int) -> bytes:
    """A landscape page of four lines at one indent, each a text object of its own, drawn
    top-down, the page turned by ``rotate`` degrees."""
    pytest.importorskip("reportlab")
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(792, 612))
    c.setFont("Helvetica", 11)
    c.drawString(72, 500, "Quarterly figures for the northern depots, as counted at the gates.")
    c.drawString(72, 330, "First, the counts include the spare trailers on each site.")
    c.drawString(72, 300, "Second, the counts exclude the vans returned for repair.")
    c.drawString(72, 100, "Closing remark on the method.")
    if rotate:
        c.setPageRotation(rotate)
    c.showPage()
    c.save()
    return buf.getvalue()


@pytest.mark.parametrize("rotate", [0, 90, 180, 270])
def test_a_turned_page_of_upright_text_reads_top_down(rotate):
    doc = extract(_page(rotate), filename="turned.pdf")
    text = "\n".join(b.text for b in doc.blocks)
    assert text.index("First, the counts") < text.index("Second, the counts")
    assert text.index("Quarterly figures") < text.index("First, the counts")
    assert text.index("Second, the counts") < text.index("Closing remark")
