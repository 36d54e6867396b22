"""A sentence cut by a page break: the paragraph ending one page and the one starting the next
are one paragraph, on the page where it starts."""

from __future__ import annotations

import io

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen import canvas

from indexer import extract, get_chunks, get_markdown

FIRST = "The survey opens with the transformations made between procedures, as they need the most."
CUT = (
    "Those best performed on a program form close to the source language come next, followed by "
    "the machine independent and the machine dependent ones, which create and transform the "
    "instructions close to the machine level and are best applied once the flow of control is "
    "known for every procedure of the program."
)
LABEL = "Figures drawn by the authors"
AFTER = "see the appendix for the data behind each of them."
WIDTH = 400  # the column, from x = 72
SIZE = 11
PITCH = 14


def _lines(text: str) -> list[str]:
    return simpleSplit(text, "Helvetica", SIZE, WIDTH)


def _document() -> bytes:
    """Page 1: a paragraph, then the first two lines of CUT; page 2: the rest of CUT (starting
    in lower case), then LABEL alone (short, no stop); page 3: AFTER, in lower case."""
    cut = _lines(CUT)
    assert len(cut) >= 4 and cut[2][0].islower()
    pages = [[*_lines(FIRST), "", *cut[:2]], [*cut[2:], "", LABEL], _lines(AFTER)]
    buf = io.BytesIO()
    c = canvas.Canvas(buf)  # letter: 612 × 792 pt
    for lines in pages:
        c.setFont("Helvetica", SIZE)
        y = 700
        for line in lines:
            if line:
                c.drawString(72, y, line)
            y -= PITCH
        c.showPage()
    c.save()
    return buf.getvalue()


def test_a_sentence_cut_by_a_page_break_is_one_paragraph_on_its_first_page():
    doc = extract(_document(), filename="survey.pdf")
    assert [(b.page, b.kind, b.text) for b in doc.blocks] == [
        (1, "paragraph", FIRST),
        (1, "paragraph", CUT),
        # a short line without a stop ending a page is no cut sentence: the next page's text
        # starts a paragraph of its own
        (2, "paragraph", LABEL),
        (3, "paragraph", AFTER),
    ]
    # each page holding one line in lower case without a stop: nothing tells a column's edge,
    # so nothing tells that the line ran on
    assert [b.page for b in extract(_one_line_pages(), filename="words.pdf").blocks] == [1, 2, 3]
    assert CUT in get_markdown(_document(), filename="survey.pdf")
    # page_aware closes a chunk where the page changes: the whole sentence is in page 1's
    chunks = get_chunks(_document(), filename="survey.pdf", mode="page_aware")
    assert [(c["metadata"]["page_number"], c["content"]) for c in chunks] == [
        (1, f"{FIRST}\n\n{CUT}"),
        (2, LABEL),
        (3, AFTER),
    ]


def _one_line_pages() -> bytes:
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    for n in range(3):
        c.setFont("Helvetica", SIZE)
        c.drawString(72, 700, f"habibi, the word on page {n + 1}")
        c.showPage()
    c.save()
    return buf.getvalue()


def test_sentences_cut_by_page_breaks_in_real_documents(real_world):
    # program_design_in_the_unix_environment.pdf, pp. 4-5: "… Most of the real" / "time is
    # probably taken waiting for the user’s terminal …"; federal-register-2020-17221.pdf, pp.
    # 3-4: "… add erroneous AOA as a" / "potential cause for unreliable airspeed conditions …"
    doc = extract(real_world / "pdf" / "kreuzberg" / "program_design_in_the_unix_environment.pdf")
    joined = [b for b in doc.blocks if "Most of the real time is probably taken waiting" in b.text]
    assert [b.page for b in joined] == [4]
    doc = extract(real_world / "pdf" / "pdfplumber" / "federal-register-2020-17221.pdf")
    joined = [b for b in doc.blocks if "erroneous AOA as a potential cause for unreliable airspeed" in b.text]
    assert [b.page for b in joined] == [3]
