"""How a PDF's own navigation is read: the outline (bookmarks) sets the levels of the headings it
names, and a table of contents keeps an entry per line.

Font styles alone cannot tell "2.1" from "2.1.1" when a document sets both in the same bold face;
the outline can. The PDFs here are written with reportlab, once with bookmarks and once without,
so each test can show what the outline changed."""

from __future__ import annotations

import io
import re

import pytest
from reportlab.pdfgen import canvas

from indexer import chunk_document, extract
from indexer.model import HEADING, PARAGRAPH

from ._text_helpers import prose_pdf

# (text, font size, bold, outline depth or None); every line is drawn on page 1
LINES = [
    ("A Report on Outlines", 18, True, None),
    ("1 Scope", 12, True, 0),
    ("This report checks how bookmarks shape the headings of a document.", 10, False, None),
    ("1.1 Terms", 12, True, 1),
    ("A term is a word with a fixed meaning in this report.", 10, False, None),
    ("1.1.1 Short terms", 12, True, 2),
    ("Short terms have fewer than ten letters.", 10, False, None),
    ("Figure 1 Layout", 12, True, None),
    ("The figure shows the layout of the terms.", 10, False, None),
    ("Notes on usage", 10, False, 2),
    ("Use the short terms where you can.", 10, False, None),
    ("This sentence is bookmarked.", 10, False, 2),
    ("2 Results", 12, True, 0),
    ("The results follow from the terms above.", 10, False, None),
]


def _pdf(lines=LINES, bookmarks: bool = True, titles: dict[str, str] | None = None) -> bytes:
    """One page with ``lines``; with ``bookmarks``, an outline entry at each line with a depth,
    titled as the line (or as ``titles`` says)."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    y = 780
    for n, (text, size, bold, depth) in enumerate(lines):
        # headings, and the lines bookmarked, stand apart from the text around them
        y -= 16 if size <= 10 and depth is None else 30
        c.setFont("Helvetica-Bold" if bold else "Helvetica", size)
        c.drawString(72, y, text)
        if bookmarks and depth is not None:
            key = f"b{n}"
            c.bookmarkHorizontal(key, 72, y + size)
            c.addOutlineEntry((titles or {}).get(text, text), key, level=depth)
    c.save()
    return buf.getvalue()


def _headings(doc) -> list[tuple[int, str]]:
    return [(b.level, b.text) for b in doc.blocks if b.kind == HEADING]


def test_without_an_outline_the_styles_rank_the_headings():
    doc = extract(_pdf(bookmarks=False), filename="plain.pdf")
    assert _headings(doc) == [
        (1, "A Report on Outlines"),
        (2, "1 Scope"),
        (2, "1.1 Terms"),
        (2, "1.1.1 Short terms"),
        (2, "Figure 1 Layout"),
        (2, "2 Results"),
    ]


def test_the_outline_sets_the_levels_of_the_headings_it_names():
    doc = extract(_pdf(), filename="outline.pdf")
    assert _headings(doc) == [
        (1, "A Report on Outlines"),  # not in the outline: its style's rank
        (2, "1 Scope"),  # the outline's top depth, at the level its style gave it
        (3, "1.1 Terms"),
        (4, "1.1.1 Short terms"),
        (4, "Figure 1 Layout"),  # not in the outline: the level of the last named one of its style
        (4, "Notes on usage"),  # body text, made a heading by its bookmark
        (2, "2 Results"),
    ]
    # a bookmarked sentence stays a paragraph
    assert (PARAGRAPH, "This sentence is bookmarked.") in [(b.kind, b.text) for b in doc.blocks]


def test_heading_paths_follow_the_outline():
    doc = extract(_pdf(), filename="outline.pdf")
    paths = {
        c.content: c.metadata["heading_path"]
        for c in chunk_document(doc, "section")
        if c.content_type == "section"
    }
    short = next(p for text, p in paths.items() if text.startswith("Short terms have"))
    assert short == ["A Report on Outlines", "1 Scope", "1.1 Terms", "1.1.1 Short terms"]
    usage = next(p for text, p in paths.items() if text.startswith("Use the short terms"))
    assert usage == ["A Report on Outlines", "1 Scope", "1.1 Terms", "Notes on usage"]


def test_an_outline_that_names_too_few_headings_is_not_used():
    # titles the page does not show: only "1 Scope" and "2 Results" are found, 2 of 5 entries
    titles = {"1.1 Terms": "Terms", "1.1.1 Short terms": "Short", "Notes on usage": "Notes"}
    doc = extract(_pdf(titles=titles), filename="stale.pdf")
    assert _headings(doc) == _headings(extract(_pdf(bookmarks=False), filename="plain.pdf"))


def test_two_bookmarked_headings_on_consecutive_lines_become_two_headings():
    # same style, one line apart: the lines make one group, split again by the outline
    lines = [
        ("A Report on Outlines", 18, True, None),
        ("2 Structures", 12, True, 0),
        ("The structures come first.", 10, False, None),
        ("2.1 Properties", 12, True, 1),
        ("2.1.1 Properties of a file", 12, True, 2),
        ("A file has properties.", 10, False, None),
        ("2.2 Storages", 12, True, 1),
        ("A storage holds streams.", 10, False, None),
    ]
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    y = 780
    for n, (text, size, bold, depth) in enumerate(lines):
        y -= 14 if n == 4 else 30  # 2.1.1 sits right under 2.1
        c.setFont("Helvetica-Bold" if bold else "Helvetica", size)
        c.drawString(72, y, text)
        if depth is not None:
            c.bookmarkHorizontal(f"b{n}", 72, y + size)
            c.addOutlineEntry(text, f"b{n}", level=depth)
    c.save()
    doc = extract(buf.getvalue(), filename="joined.pdf")
    assert _headings(doc) == [
        (1, "A Report on Outlines"),
        (2, "2 Structures"),
        (3, "2.1 Properties"),
        (4, "2.1.1 Properties of a file"),
        (3, "2.2 Storages"),
    ]


# -- tables of contents ------------------------------------------------------------------------

CONTENTS = [
    "1 Introduction",  # a chapter: its page number without a leader
    "1.1 Scope of the work " + ". " * 30 + "3",
    "1.2 A section whose title is long enough that the table of contents has to",
    "wrap it onto a second line " + "." * 60 + " 5",
    "2 Results " + "." * 70 + " 9",
]


def _contents_pdf() -> bytes:
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.setFont("Helvetica-Bold", 16)
    c.drawString(72, 760, "Contents")
    c.setFont("Helvetica", 10)
    y = 730
    for text in CONTENTS:
        if text == "1 Introduction":
            c.drawString(72, y, text)
            c.drawRightString(520, y, "3")
        else:
            c.drawString(72, y, text)
        y -= 13
    c.save()
    return buf.getvalue()


def test_a_table_of_contents_keeps_an_entry_per_line():
    doc = extract(_contents_pdf(), filename="contents.pdf")
    (contents,) = [b for b in doc.blocks if b.kind == PARAGRAPH]
    assert contents.text.split("\n") == [
        "1 Introduction 3",
        CONTENTS[1],
        CONTENTS[2] + " " + CONTENTS[3],  # the wrapped title, joined up to its page number
        CONTENTS[4],
    ]


# (number, title, page): a table of contents set without dot leaders, the page numbers flush right
PLAIN_CONTENTS = [
    ("1", "Introduction", "3"),
    ("2", "Background", "5"),
    ("2.1", "Earlier work on chunking", "6"),
    ("2.2", "Measures", "9"),
    ("3", "Method", "12"),
    ("4", "Results", "17"),
]


def _plain_contents_pdf() -> bytes:
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.setFont("Helvetica-Bold", 16)
    c.drawString(72, 720, "Contents")
    c.setFont("Helvetica", 11)
    y = 690
    for number, title, page in PLAIN_CONTENTS:
        c.drawString(72, y, number)
        c.drawString(110, y, title)
        c.drawRightString(520, y, page)
        y -= 16
    c.save()
    return buf.getvalue()


def test_a_table_of_contents_without_leaders_keeps_an_entry_per_line():
    # pdfium gives "3 Method 12" as one line but "1 Introduction" and "3" apart: those page
    # numbers, right of the titles on 4 lines, went as a column of margin line numbers (a
    # transcript's count 1, 2, 3 ...), and the rest was one paragraph, "1 Introduction 2
    # Background 2.1 Earlier work on chunking 2.2 Measures 3 Method 12 4 Results 17"
    doc = extract(_plain_contents_pdf(), filename="contents.pdf")
    (contents,) = [b for b in doc.blocks if b.kind == PARAGRAPH]
    assert contents.text.split("\n") == [" ".join(entry) for entry in PLAIN_CONTENTS]
    assert doc.coverage.headers_footers_removed == ()


def test_a_paragraph_with_an_ellipsis_is_still_one_paragraph():
    lines = [
        "The committee met three times . . . and each time the agenda grew",
        "longer than the time the members had set aside for it, so the chair",
        "closed the last meeting early.",
    ]
    (para,) = extract(prose_pdf(lines, top=730, pitch=13), filename="prose.pdf").blocks
    assert para.text == " ".join(lines)


# -- real documents -----------------------------------------------------------------------------


def _real(real_world, name):
    path = real_world / "pdf" / name
    if not path.exists():
        pytest.skip(f"fixture missing: {name}")
    return extract(path)


def test_a_specification_gets_its_section_depths(real_world):
    # [MS-OXMSG] sets every heading from 2.1 down in one bold face; its outline has them at
    # depths 1 to 5 (checked with a PDF viewer's bookmark pane)
    doc = _real(real_world, "[MS-OXMSG].pdf")
    level = {b.text: b.level for b in doc.blocks if b.kind == HEADING}
    assert level["2 Structures"] == 2
    assert level["2.1 Properties"] == 3
    assert level["2.1.1 Properties of a .msg File"] == 4  # was joined with the next heading
    assert level["2.1.1.1 PidTagStoreSupportMask"] == 5
    assert level["2.1.4.2.1 Length Stream"] == 6
    assert level["2.4.1.2 Embedded Message object Storage"] == 5  # was body text
    chunk = next(c for c in chunk_document(doc, "section") if c.content.startswith("2.1.4.2.1 Length Stream"))
    assert chunk.metadata["heading_path"][1:] == [
        "2 Structures",
        "2.1 Properties",
        "2.1.4 Multiple-Valued Properties",
        "2.1.4.2 Variable Length Multiple-Valued Properties",
        "2.1.4.2.1 Length Stream",
    ]


def test_the_contents_of_a_specification_list_an_entry_per_line(real_world):
    # pages 3 and 4 hold the table of contents: 71 entries, from "1 Introduction" to "7 Index",
    # each on a line of its own with a dot leader and a page number (pdfplumber's text of the two
    # pages has 49 + 22 such lines; the outline has the same 71 and "Table of Contents")
    doc = _real(real_world, "[MS-OXMSG].pdf")
    lines = [line for b in doc.blocks if b.page in (3, 4) for line in b.text.splitlines()]
    entries = [line for line in lines if re.search(r"\.{5,}", line)]
    assert len(entries) == 71
    assert all(len(re.findall(r"\.{5,} ?\d+", line)) == 1 for line in entries)
    assert "2.1.4.2.1 Length Stream" in [re.sub(r"\.{5,}.*", "", e).strip() for e in entries]


def test_a_bookmarked_section_set_as_body_text_becomes_a_heading(real_world):
    # GeoTopo: "2.3 Simplizialkomplex" (page 38) and "4.2.1 Flächeninhalt" (page 78) are set
    # like its other section titles but were read as paragraphs; the outline names both
    doc = _real(real_world, "py-pdf-samples/GeoTopo-komprimiert.pdf")
    heads = {(b.text, b.page): b.level for b in doc.blocks if b.kind == HEADING}
    assert heads[("2.3 Simplizialkomplex", 38)] == heads[("2.2 Differenzierbare Mannigfaltigkeiten", 33)]
    assert (
        heads[("4.2.1 Flächeninhalt", 78)]
        == heads[("4.2 Weitere Eigenschaften einer euklidischen Ebene", 78)] + 1
    )
