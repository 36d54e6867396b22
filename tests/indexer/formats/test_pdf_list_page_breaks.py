"""A list's last item cut by a page break: the next page opening with the rest of the item (lower
case, no marker) reads on in that item, as a paragraph cut by a page break reads on."""

from __future__ import annotations

import io

from reportlab.pdfgen import canvas

from indexer import extract

from ._pdf_pages import wrapped

#: the text column: a full line runs from LEFT to RIGHT; an item's marker stands at LEFT, its
#: text's other lines start at HANG
LEFT, HANG, RIGHT = 72.0, 90.0, 504.0
SIZE, PITCH = 10.0, 12.0
FONT = "Times-Roman"

INTRO = (
    "A closed linkage is the standard linkage between two procedures, and it has costs that an open one "
    "does not have, the most important of which are these:"
)
ITEMS = (
    "a. registers must be saved and restored on entry to the called procedure and on exit from it.",
    "b. specific registers must be allocated to specific functions in both of the procedures.",
    "c. the parameters and global variables of the calling procedure that the called one can reach "
    "must be kept in storage, so the compilation of the caller must assume that all such variables "
    "can be set and used in the called procedure at every call.",
)
AFTER = "An open linkage has none of these costs, since the called procedure replaces the call."
#: the last item's lines on the first page; the line after them opens in lower case
ON_FIRST = 2


def _document(rest: str | None = None) -> bytes:
    """Page 1: INTRO, then ITEMS with the last one's first ON_FIRST lines; page 2: the rest of
    the last item (``rest`` in its place where given), at the items' hanging indent, then AFTER."""
    lines: list[tuple[float, str] | None] = [*wrapped(INTRO, FONT, SIZE, LEFT, LEFT, RIGHT), None]
    for item in ITEMS:
        lines.extend(wrapped(item, FONT, SIZE, LEFT, HANG, RIGHT))
    cut = len(lines) - len(wrapped(ITEMS[-1], FONT, SIZE, LEFT, HANG, RIGHT)) + ON_FIRST
    second = lines[cut:]
    assert second[0] is not None and second[0][1][0].islower()
    if rest is not None:
        second = [(HANG, rest)]
    second = [*second, None, *wrapped(AFTER, FONT, SIZE, LEFT, LEFT, RIGHT)]
    buf = io.BytesIO()
    c = canvas.Canvas(buf)  # letter: 612 × 792 pt
    for page in (lines[:cut], second):
        c.setFont(FONT, SIZE)
        y = 700.0
        for line in page:
            if line is not None:
                c.drawString(line[0], y, line[1])
            y -= PITCH
        c.showPage()
    c.save()
    return buf.getvalue()


def test_a_list_item_cut_by_a_page_break_reads_on_over_it():
    doc = extract(_document(), filename="linkage.pdf")
    assert [(b.page, b.kind, b.text) for b in doc.blocks] == [
        (1, "paragraph", INTRO),
        (1, "list", "\n".join(ITEMS)),
        (2, "paragraph", AFTER),
    ]
    listed = doc.blocks[1]
    assert [it.text for it in listed.items] == list(ITEMS)
    # the list starts on page 1 and reaches page 2 from the last item's words on it
    breaks = listed.meta["page_breaks"]
    assert listed.meta["page_end"] == 2 and len(breaks) == 1 and breaks[0][1] == 2
    assert listed.text[breaks[0][0] :].startswith(
        wrapped(ITEMS[-1], FONT, SIZE, LEFT, HANG, RIGHT)[ON_FIRST][1]
    )
    # the next page opening in upper case starts a paragraph of its own: no item read on
    rest = "The rest of the procedure is compiled as if no call were made, which is the point of it."
    doc = extract(_document(rest), filename="linkage.pdf")
    assert [(b.page, b.kind) for b in doc.blocks] == [
        (1, "paragraph"),
        (1, "list"),
        (2, "paragraph"),
        (2, "paragraph"),
    ]
    assert doc.blocks[2].text == rest


def test_a_list_item_cut_by_a_page_break_in_a_real_document(real_world):
    # a_catalogue_of_optimizing_transformations_1971_allen_catalog.pdf, pp. 3-4: item c. ends
    # page 3 with "… The compilation" and page 4 opens with "of C must assume that all such
    # variables can be set and used in s." (so its text layer reads)
    path = (
        real_world / "pdf" / "kreuzberg" / "a_catalogue_of_optimizing_transformations_1971_allen_catalog.pdf"
    )
    doc = extract(path, options={"ocr": "never"})
    item = next(
        it
        for b in doc.blocks
        if b.kind == "list"
        for it in b.items
        if it.text.startswith("c. the parameters")
    )
    assert "The compilation of C must assume that all such variables" in item.text
    assert not any(b.kind == "paragraph" and b.text.startswith("of C must assume") for b in doc.blocks)
