"""A paragraph cut by a page break with footnotes at the page's foot: the footnotes, set under the
paragraph in a smaller size, do not part the paragraph's two halves; the paragraph reads on over
the break and the footnotes come after it."""

from __future__ import annotations

import io

from reportlab.pdfgen import canvas

from indexer import extract

from ._pdf_pages import wrapped

#: the text column: a full line runs from LEFT to RIGHT, a paragraph's first line from INDENT
LEFT, INDENT, RIGHT = 72.0, 96.0, 504.0
SIZE, PITCH = 10.0, 12.0
NOTE_SIZE = 8.0
FONT = "Times-Roman"

FIRST = (
    "The principles of good naming in computing have been known for decades, and the invention of new "
    "facilities in computing systems can be guided by these principles."
)
CUT = (
    "Systems designed more recently use names to help organize as well as identify. For instance, "
    "although in one system the disk containing the file is specified separately from the name, in "
    "another part of the name of a file is a string that identifies the disk drive holding the file, "
    "and a colon follows the name of the disk."
)
NOTE = "1 An earlier version of this appeared in the proceedings of the summer conference."
#: CUT's lines on the first page; the line after them opens in lower case
ON_FIRST = 2


def _document(note: str | None = NOTE, note_size: float = NOTE_SIZE, rule: str | None = None) -> bytes:
    """Page 1: FIRST, then CUT's first ON_FIRST lines, both in SIZE; ``note`` in ``note_size`` at
    the page's foot, ``rule`` a line above it; page 2: the rest of CUT."""
    cut = wrapped(CUT, FONT, SIZE, INDENT, LEFT, RIGHT)
    assert cut[ON_FIRST][1][0].islower() and not cut[ON_FIRST - 1][1].rstrip().endswith(".")
    first = [*wrapped(FIRST, FONT, SIZE, INDENT, LEFT, RIGHT), None, *cut[:ON_FIRST]]
    buf = io.BytesIO()
    c = canvas.Canvas(buf)  # letter: 612 × 792 pt
    for lines in (first, cut[ON_FIRST:]):
        c.setFont(FONT, SIZE)
        y = 700.0
        for line in lines:
            if line is not None:
                c.drawString(line[0], y, line[1])
            y -= PITCH
        if note is not None and lines is first:
            c.setFont(FONT, note_size)
            c.drawString(LEFT, 80, note)
            if rule is not None:
                c.drawString(LEFT, 80 + note_size * 1.2, rule)
        c.showPage()
    c.save()
    return buf.getvalue()


def test_a_footnote_at_the_foot_does_not_part_a_paragraph_cut_by_the_page_break():
    doc = extract(_document(), filename="names.pdf")
    assert [(b.page, b.kind, b.text) for b in doc.blocks] == [
        (1, "paragraph", FIRST),
        (1, "paragraph", CUT),
        (1, "paragraph", NOTE),
    ]
    cut = doc.blocks[1]
    assert cut.meta.get("page_end") == 2
    # without the footnote the paragraph was read on already
    doc = extract(_document(note=None), filename="names.pdf")
    assert [b.text for b in doc.blocks] == [FIRST, CUT]
    # a line at the page's foot in the paragraph's own size is no small print: the paragraph is not
    # read on over it
    doc = extract(_document(note_size=SIZE), filename="names.pdf")
    assert CUT not in [b.text for b in doc.blocks]


def test_a_footnote_in_a_real_paper_stays_after_the_paragraph(real_world):
    # the_hideous_name_1985_pike85hideous.pdf, p. 1: "… in MS-DOS part of the" ends the page, the
    # footnote "† An earlier version of this appeared in Summer 1985 Usenix Conference
    # Proceedings, Salt Lake City, Utah." in 8 pt under it; p. 2 opens "name of a file is a string
    # that identifies the disk drive holding the file."
    doc = extract(real_world / "pdf" / "kreuzberg" / "the_hideous_name_1985_pike85hideous.pdf")
    texts = [b.text for b in doc.blocks]
    (cut,) = [i for i, t in enumerate(texts) if "in MS-DOS part of the name of a file is a string" in t]
    assert doc.blocks[cut].page == 1
    assert texts[cut + 1].startswith("† An earlier version of this appeared in Summer 1985")


def test_a_rule_typed_above_the_footnotes_is_no_text_of_theirs():
    # troff sets the rule above a page's footnotes as a line of underscores: the footnote's text
    # is the note alone, and it still does not part the paragraph cut by the page break
    doc = extract(_document(rule="_" * 18), filename="names.pdf")
    assert [(b.page, b.kind, b.text) for b in doc.blocks] == [
        (1, "paragraph", FIRST),
        (1, "paragraph", CUT),
        (1, "paragraph", NOTE),
    ]
