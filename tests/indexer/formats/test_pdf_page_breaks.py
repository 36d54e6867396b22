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


def test_a_table_continued_on_the_next_page_is_one_table_over_both(real_world):
    # WARN-Report-for-7-1-2015-to-03-25-2016.pdf: the list of notices runs from page 1 to page
    # 15 under the header printed on page 1 alone (pdfium finds "Notice Date" on page 1 only);
    # page 1's last row is American Management Services LLC's, page 2's first Boeing Company's
    # in Huntington Beach; page 2's last row is the Hilton San Francisco Union Square's, page 3's first the
    # Owens-Brockway Glass Container's (pdfium finds those names on pages 2 and 3). The "Summary by
    # Month" table ends page 15 with August 2015 and goes on at the top of page 16 with September
    # 2015 (pdfium: "August 2015" on page 15, "September 2015" on page 16)
    path = real_world / "pdf" / "pdfplumber" / "WARN-Report-for-7-1-2015-to-03-25-2016.pdf"
    doc = extract(path)
    (notices,) = [b for b in doc.blocks if b.kind == "table" and "Owens-Brockway Glass Container" in b.text]
    assert "Hilton San Francisco Union Square" in notices.text
    assert (notices.page, notices.meta.get("page_end")) == (1, 15)
    breaks = dict((page, at) for at, page in notices.meta["page_breaks"])
    assert sorted(breaks) == list(range(2, 16))
    assert "American Management Services LLC" in notices.text[: breaks[2]].splitlines()[-1]
    assert notices.text[breaks[2] :].startswith("| 07/17/2015 | 09/18/2015 | 07/21/2015 | Boeing Company |")
    assert notices.text[breaks[3] :].startswith("| 08/03/2015 |")
    assert "Hilton San Francisco Union Square" in notices.text[: breaks[3]].splitlines()[-1]
    (summary,) = [b for b in doc.blocks if b.kind == "table" and "September 2015" in b.text]
    assert "August 2015" in summary.text
    assert (summary.page, summary.meta.get("page_end")) == (15, 16)
    # the chunks cut from the joined table say the pages of their own rows
    chunks = get_chunks(path, mode="default")
    (m,) = [c["metadata"] for c in chunks if "Owens-Brockway Glass Container" in c["content"]]
    (h,) = [c["metadata"] for c in chunks if "Hilton San Francisco Union Square" in c["content"]]
    assert (m["page_number"], m.get("page_end")) in ((3, None), (2, 3))
    assert h["page_number"] == 2
    (s,) = [c["metadata"] for c in chunks if "September 2015" in c["content"]]
    assert (s["page_number"], s.get("page_end")) == (15, 16)


def test_parts_of_a_table_over_a_page_break_say_their_own_pages():
    # a table of four rows, the last two on page 4: cut two rows a part (each part repeats the
    # header), the first part is on page 3 alone, the second on page 4 alone
    from indexer.model import PAGE_BREAKS, PAGE_END, TABLE, Block, render_table
    from indexer.modes._common import split_block

    header = ("id", "name")
    rows = tuple((str(n), f"row number {n} of the table") for n in range(1, 5))
    text = render_table(header, rows)
    at = text.index("| 3 |")
    block = Block(
        TABLE,
        text,
        lines=(1, 6),
        page=3,
        rows=rows,
        header=header,
        meta={PAGE_END: 4, PAGE_BREAKS: ((at, 4),)},
    )
    head = len(render_table(header, ())) + 1
    parts = split_block(block, head + at - text.index("| 1 |"))
    assert [(p.page, p.meta.get(PAGE_END), p.rows[0][0]) for p in parts] == [(3, None, "1"), (4, None, "3")]


def test_page_rules_follow_the_tables_joined_over_page_breaks(real_world):
    # WARN report: the notices run from p. 1 to p. 15, where the summary by month starts and runs
    # on to p. 16, which ends with the note on cancelled lay-offs; each table keeps its first page,
    # so a rule follows each and none cuts either
    path = real_world / "pdf" / "pdfplumber" / "WARN-Report-for-7-1-2015-to-03-25-2016.pdf"
    doc = extract(path)
    notices, summary = [b for b in doc.blocks if b.kind == "table"]
    md = get_markdown(path)
    assert md.count("\n---\n") == 2
    assert f"{notices.text}\n\n---\n\n{summary.text}\n\n---\n\n" in md
    assert md.endswith(
        "| Total | 632 | 53,454 | 295 | 11 | 90 | 212 | 12 | 12 |\n\n---\n\n** Lay-offs have been cancelled by the Company.\n"
    )
