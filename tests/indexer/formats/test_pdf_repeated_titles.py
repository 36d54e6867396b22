"""A title repeated at the top of several pages in a row, as a plan's title over each page of its
table, is a heading the first time and a running head after that: it is not a heading on every
page, and a title that changes from page to page (its number) stays a heading on each. Expected
values were read off the rendered pages."""

from __future__ import annotations

import io

from reportlab.pdfgen import canvas

from indexer import extract
from indexer.model import HEADING

BODY = "Line {k} of page {n} says what the plan of action sets out for the year ahead, item by item."


def _plan(titles: dict[int, str], pages: int = 12) -> bytes:
    """``pages`` A4 pages of eight 11 pt body lines each; page ``n`` opens with ``titles[n]`` in
    18 pt bold, 100 pt under the top of the page (its head margin ends at 15 %, 126 pt), or 60 pt
    on odd pages, and a legend right of it, 20 pt higher; the others with a 14 pt bold section
    title of their own."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(595, 842))
    for n in range(1, pages + 1):
        if n in titles:
            c.setFont("Helvetica-Bold", 18)
            c.drawString(72, 842 - (60 if n % 2 else 100), titles[n])
            c.setFont("Helvetica", 11)
            c.drawString(400, 842 - (40 if n % 2 else 80), "Legend: $ = under 50 000")
        else:
            c.setFont("Helvetica-Bold", 14)
            c.drawString(72, 700, f"Section {n}: ground rules")
        c.setFont("Helvetica", 11)
        for k in range(8):
            c.drawString(72, 660 - 16 * k, BODY.format(k=k + 1, n=n))
        c.showPage()
    c.save()
    return buf.getvalue()


def test_a_title_repeated_over_four_pages_is_one_heading_and_numbered_titles_stay():
    title = "Plan of action 2021-2026"
    titles = dict.fromkeys(range(3, 7), title) | {n: f"Axis {n - 8}: resources" for n in range(9, 13)}
    doc = extract(_plan(titles, pages=14), filename="plan.pdf")
    headings = [(b.page, b.text) for b in doc.blocks if b.kind == HEADING]
    assert [h for h in headings if h[1] == title] == [(3, title)]
    assert title in doc.coverage.headers_footers_removed
    # the next run of titles differs in its numbers: a heading on each page
    assert [h for h in headings if h[1].startswith("Axis")] == [
        (n, f"Axis {n - 8}: resources") for n in range(9, 13)
    ]
    assert all(BODY.format(k=8, n=n) in doc.text for n in range(1, 15))


def test_chelsea_plan_of_action_title_is_one_heading(real_world):
    # pp. 26–30 (landscape): the title over each page's table, 75 to 100 pt under the top of the
    # page; a heading on p. 26 only, listed with the running heads removed
    doc = extract(real_world / "pdf" / "pdfplumber" / "chelsea_pdta.pdf", options={"ocr": "never"})
    title = "Plan d’action du Plan directeur du transport actif 2021-2026"
    assert [b.page for b in doc.blocks if b.kind == HEADING and b.text == title] == [26]
    assert title in doc.coverage.headers_footers_removed
    # its legend (three lines, right of it and above it) goes with it after p. 26; on p. 26 the
    # title and the legend, given after the table, are read before the axis's bar over the table
    legend = "= Ressource humaine $ = 0 à 50 000 $ $$ = 50 000 à 100 000 $ $$$ = 100 000 $ et plus"
    assert [b.page for b in doc.blocks if "Ressource humaine" in b.text] == [26]
    p26 = [b.text.split("\n", 1)[0] for b in doc.blocks if b.page == 26]
    assert p26[:4] == [
        title,
        legend,
        "AXE 1 – RESSOURCES",
        "| AXES D’EVALUATION | ACTIONS | ÉCHEANCIER | RESSOURCES NECESSAIRES | RESPONSABLES ET PARTENAIRES |",
    ]
    axes = [b.text for b in doc.blocks if b.kind == HEADING and b.text.startswith("AXE")]
    assert axes == [
        "AXE 1 – RESSOURCES",
        "AXE 2 – MARKETING",
        "AXE 3 – OUTILS",
        "AXE 3 – OUTILS (suite)",
        "AXE 4 – SÉCURITÉ ET CONFORT",
    ]
