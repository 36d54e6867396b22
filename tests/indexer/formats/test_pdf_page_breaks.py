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


def test_a_paragraph_read_on_over_a_page_break_says_both_pages():
    # _document() draws CUT's first two lines at the foot of page 1 and the rest on page 2: the
    # block starts on page 1 and reaches page 2, and so does every chunk holding it
    doc = extract(_document(), filename="survey.pdf")
    cut = next(b for b in doc.blocks if b.text == CUT)
    assert (cut.page, cut.meta.get("page_end")) == (1, 2)
    # page_aware's first chunk holds FIRST and CUT alone (the page changes after CUT): it says
    # pages 1 to 2, the paragraphs wholly on pages 2 and 3 one page each
    chunks = get_chunks(_document(), filename="survey.pdf", mode="page_aware")
    pages = [(c["metadata"]["page_number"], c["metadata"].get("page_end")) for c in chunks]
    assert pages == [(1, 2), (2, None), (3, None)]


def test_parts_of_a_block_over_a_page_break_say_their_own_pages():
    # a list of four items, the last two on page 8 (the break at the start of "c) …"), cut two
    # items a part: the first part is on page 7 alone, the second on page 8 alone; a paragraph
    # whose second sentence starts page 8, cut at its sentences, likewise
    from indexer.model import LIST, PAGE_BREAKS, PAGE_END, PARAGRAPH, Block, ListItem
    from indexer.modes._common import split_block

    items = tuple(ListItem(f"{m}) item {m} of the list that runs on", ordered=True) for m in "abcd")
    text = "\n".join(it.text for it in items)
    at = text.index("c)")
    block = Block(LIST, text, lines=(1, 4), page=7, items=items, meta={PAGE_END: 8, PAGE_BREAKS: ((at, 8),)})
    parts = split_block(block, 2 * len(items[0].text) + 1)
    assert [(p.page, p.meta.get(PAGE_END), p.text[:2]) for p in parts] == [(7, None, "a)"), (8, None, "c)")]
    first, second = "The first sentence ends page seven here.", "The second is all on page eight then."
    text = f"{first} {second}"
    block = Block(
        PARAGRAPH, text, lines=(1, 1), page=7, meta={PAGE_END: 8, PAGE_BREAKS: ((len(first) + 1, 8),)}
    )
    parts = split_block(block, max(len(first), len(second)) + 1)
    assert [(p.page, p.meta.get(PAGE_END), p.text) for p in parts] == [(7, None, first), (8, None, second)]
    # cut where the part still spans the break, it keeps both pages
    parts = split_block(block, len(text) - 3)
    assert all(p.page == 7 or p.meta.get(PAGE_END) is None for p in parts)


def test_a_list_read_on_over_a_page_break_says_both_pages(real_world):
    # GeoTopo-komprimiert.pdf, "Beispiele 1": items 2) to 4) and two bullets end page 6, items
    # 5) "X := Rn, TZ = {U ⊆ Rn | Es gibt Polynome …" and 6) "… heißt Sierpińskiraum." open
    # page 7 (the pages' text as pdfium reads it): one list from page 6 to page 7
    doc = extract(real_world / "pdf" / "py-pdf-samples" / "GeoTopo-komprimiert.pdf")
    (lst,) = [b for b in doc.blocks if b.kind == "list" and "heißt Sierpińskiraum" in b.text]
    assert "3) Für eine Menge X heißt TDiskret" in lst.text
    assert (lst.page, lst.meta.get("page_end")) == (6, 7)
    for mode in ("default", "semantic", "page_aware"):
        chunks = get_chunks(real_world / "pdf" / "py-pdf-samples" / "GeoTopo-komprimiert.pdf", mode=mode)
        (m,) = [c["metadata"] for c in chunks if "heißt Sierpińskiraum" in c["content"]]
        assert (m["page_number"], m.get("page_end")) == (6, 7), mode
