"""OpenDocument text frames: the text of a ``draw:text-box`` is read where its frame stands, be
the frame anchored to the page, to a paragraph, grouped, or nested in another text box."""

from __future__ import annotations

import io
import zipfile

from indexer import extract_bytes

CONTENT = (
    '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
    'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" '
    'xmlns:xlink="http://www.w3.org/1999/xlink" '
    'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0">'
    "<office:body><office:{kind}>{body}</office:{kind}></office:body></office:document-content>"
)


def _package(kind: str, body: str, pictures: dict[str, bytes] | None = None) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr("mimetype", f"application/vnd.oasis.opendocument.{kind}")
        zf.writestr("META-INF/manifest.xml", "<manifest/>")
        zf.writestr("content.xml", CONTENT.format(kind=kind, body=body))
        for name, data in (pictures or {}).items():
            zf.writestr(f"Pictures/{name}", data)
    return out.getvalue()


def _box(inner: str, anchor: str = "paragraph") -> str:
    return f'<draw:frame text:anchor-type="{anchor}"><draw:text-box>{inner}</draw:text-box></draw:frame>'


def _shape(block) -> tuple:
    if block.kind == "list":
        return (block.kind, [i.text for i in block.items])
    return (block.kind, block.level, block.text)


def test_a_page_anchored_text_box_is_read_where_it_stands():
    # Writer puts a frame anchored to the page before the first paragraph, a child of office:text;
    # the reader took only pictures from it, and the sidebar's heading, paragraph and list were
    # lost while the body read. They are now blocks at the frame's place, as is a frame anchored in
    # a section.
    sidebar = _box(
        '<text:h text:outline-level="2">At a glance</text:h><text:p>Open daily</text:p>'
        "<text:list><text:list-item><text:p>Tea</text:p></text:list-item>"
        "<text:list-item><text:p>Cake</text:p></text:list-item></text:list>",
        "page",
    )
    body = (
        f"<text:sequence-decls/>{sidebar}<text:p>The café opened in May.</text:p>"
        f"<text:section>{_box('<text:p>Prices include VAT</text:p>', 'page')}</text:section>"
    )
    doc = extract_bytes(_package("text", body), "t.odt")
    assert [_shape(b) for b in doc.blocks] == [
        ("heading", 2, "At a glance"),
        ("paragraph", 0, "Open daily"),
        ("list", ["Tea", "Cake"]),
        ("paragraph", 0, "The café opened in May."),
        ("paragraph", 0, "Prices include VAT"),
    ]


def test_a_text_box_in_a_paragraph_reads_each_of_its_paragraphs_once():
    # A frame anchored in a paragraph gives its paragraphs as lines of that paragraph. A grouped
    # frame's text was lost (only its picture was looked for); a frame nested in the text box was
    # read twice ("C" again); a comment in the box leaked its text and a note's text read as a line
    # besides its [^1] marker: every paragraph under the box was read, whatever held it.
    grouped = f"<text:p>Map<draw:g>{_box('<text:p>North gate</text:p>')}</draw:g></text:p>"
    nested = f"<text:p>A{_box('<text:p>B' + _box('<text:p>C</text:p>') + '</text:p>')}</text:p>"
    aside = (
        "<text:p>B<office:annotation><text:p>Check this</text:p></office:annotation>"
        "<text:note><text:note-citation>1</text:note-citation>"
        "<text:note-body><text:p>Since 1990</text:p></text:note-body></text:note></text:p>"
    )
    body = grouped + nested + f"<text:p>Founded{_box(aside)}</text:p>"
    doc = extract_bytes(_package("text", body), "t.odt")
    assert [b.text for b in doc.blocks] == [
        "Map\nNorth gate",
        "A\nB\nC",
        "Founded\nB[^1]",
        "[^1]: Since 1990",
    ]


def test_a_frame_nested_in_a_slide_text_box_is_read():
    # A frame inside the text box of a slide's body frame (beside its paragraphs, not in one) lost
    # its text: "Inner" and its list were missing. It reads as the slide's frames do.
    inner = _box(
        "<text:p>Inner</text:p><text:list><text:list-item><text:p>one</text:p></text:list-item></text:list>"
    )
    page = (
        '<draw:page><draw:frame presentation:class="title" svg:y="1cm"><draw:text-box>'
        "<text:p>Plan</text:p></draw:text-box></draw:frame>"
        f'<draw:frame presentation:class="outline" svg:y="5cm"><draw:text-box><text:p>Outer</text:p>{inner}'
        "<text:p>After</text:p></draw:text-box></draw:frame></draw:page>"
    )
    doc = extract_bytes(_package("presentation", page), "t.odp")
    assert [_shape(b) for b in doc.blocks] == [
        ("heading", 1, "Plan"),
        ("paragraph", 0, "Outer"),
        ("paragraph", 0, "Inner"),
        ("list", ["one"]),
        ("paragraph", 0, "After"),
    ]
    assert {b.page for b in doc.blocks} == {1}


def test_a_drawing_shape_gives_its_paragraphs_as_a_text_box_does():
    # A custom shape in a paragraph ran its paragraphs into the words beside them ("IntroLine
    # oneLine two"); a rectangle anchored to the page and an ellipse on a slide (drawing shapes
    # other than draw:custom-shape) lost their text. Each shape's paragraphs now read as a text
    # box's do where the shape stands.
    body = (
        '<draw:rect text:anchor-type="page"><text:p>Boxed note</text:p></draw:rect>'
        '<text:p>Intro<draw:custom-shape text:anchor-type="char"><text:p>Line one</text:p>'
        "<text:p>Line two</text:p></draw:custom-shape></text:p>"
    )
    doc = extract_bytes(_package("text", body), "t.odt")
    assert [b.text for b in doc.blocks] == ["Boxed note", "Intro\nLine one\nLine two"]
    page = (
        '<draw:page><draw:frame presentation:class="title" svg:y="1cm"><draw:text-box>'
        "<text:p>Plan</text:p></draw:text-box></draw:frame>"
        '<draw:ellipse svg:y="6cm"><text:p>Start here</text:p></draw:ellipse></draw:page>'
    )
    doc = extract_bytes(_package("presentation", page), "t.odp")
    assert [b.text for b in doc.blocks] == ["Plan", "Start here"]


def _row(*cells: str) -> str:
    return (
        "<table:table-row>"
        + "".join(f"<table:table-cell>{c}</table:table-cell>" for c in cells)
        + "</table:table-row>"
    )


def test_a_table_cell_reads_its_lists_nested_tables_and_text_boxes():
    # A cell was read from its text:p and text:h alone: a list in a cell (and a text box in that
    # list) was lost, and the rows of a table nested in a cell were read as rows of the outer
    # table, ("a", "b") below the row whose cell they belong to. A cell now reads all it holds on
    # one line, a nested table flattened into it as for Word; header rows are still rows.
    items = (
        "<text:list><text:list-item><text:p>Shed</text:p></text:list-item><text:list-item><text:p>Gate"
        f"{_box('<text:p>blue</text:p>')}</text:p></text:list-item></text:list>"
    )
    nested = f"<table:table>{_row('<text:p>a</text:p>', '<text:p>b</text:p>')}</table:table>"
    body = (
        f"<table:table><table:table-header-rows>{_row('<text:p>Task</text:p>', '<text:p>Notes</text:p>')}"
        f"</table:table-header-rows>{_row('<text:p>Paint</text:p>', items)}"
        f"{_row('<text:p>Dig</text:p>', nested)}</table:table>"
    )
    (table,) = extract_bytes(_package("text", body), "t.odt").blocks
    assert table.header == ("Task", "Notes")
    assert table.rows == (("Paint", "Shed Gate blue"), ("Dig", "a b"))


def test_a_text_box_in_a_footnote_is_read_once_and_its_comment_not_at_all():
    # A note's text was taken from every paragraph under its body: a text box in the note read
    # twice ("See inset inset") and a comment's text joined the note ("More ANN").
    note = (
        '<text:note text:note-class="footnote"><text:note-citation>1</text:note-citation><text:note-body>'
        f"<text:p>See{_box('<text:p>inset</text:p>')}</text:p><text:p>More<office:annotation>"
        "<text:p>ANN</text:p></office:annotation></text:p></text:note-body></text:note>"
    )
    doc = extract_bytes(_package("text", f"<text:p>Text{note}</text:p>"), "t.odt")
    assert [b.text for b in doc.blocks] == ["Text[^1]", "[^1]: See inset More"]


def _png(colour: tuple[int, int, int]) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (4, 4), colour).save(out, "PNG")
    return out.getvalue()


def _picture(name: str) -> str:
    return f'<draw:frame draw:name="{name}"><draw:image xlink:href="Pictures/{name}"/></draw:frame>'


def test_a_captioned_picture_is_read_before_its_caption():
    # LibreOffice's Insert > Caption: a frame whose text box holds one paragraph, the picture
    # first and the caption's text after it, shown under the picture
    caption = _box(
        f'<text:p text:style-name="Figure">{_picture("gull.png")}Figure '
        '<text:sequence text:name="Figure">1</text:sequence>: A herring gull</text:p>'
    )
    body = (
        "<text:p>Birds of the harbour.</text:p>"
        f'<text:p><text:soft-page-break/><text:bookmark text:name="gull"/>{caption}</text:p>'
        # a picture in a paragraph with text before it stays after that paragraph
        f"<text:p>Inline {_picture('tern.png')}tern.</text:p>"
        "<text:p>Gulls nest on roofs.</text:p>"
    )
    pictures = {"gull.png": _png((200, 200, 200)), "tern.png": _png((10, 10, 10))}
    doc = extract_bytes(_package("text", body, pictures), "birds.odt")
    assert [(b.kind, b.text if b.kind != "image" else b.images) for b in doc.blocks] == [
        ("paragraph", "Birds of the harbour."),
        ("image", (doc.images[0].name,)),
        ("paragraph", "Figure 1: A herring gull"),
        ("paragraph", "Inline tern."),
        ("image", (doc.images[1].name,)),
        ("paragraph", "Gulls nest on roofs."),
    ]
    assert [i.width for i in doc.images] == [4, 4]


def _page_box(page: int, text: str) -> str:
    return (
        f'<draw:frame text:anchor-type="page" text:anchor-page-number="{page}">'
        f"<draw:text-box><text:p>{text}</text:p></draw:text-box></draw:frame>"
    )


#: as LibreOffice writes a text: every frame anchored to a page at the top of office:text, then
#: the text, where each page starts marked by a soft page break (page 2 starts inside the second
#: paragraph, page 3 inside the list, page 4 between two paragraphs); the text ends on page 4
PAGED = (
    _page_box(1, "Harbour Office")
    + _page_box(3, "Tide table")
    + _page_box(2, "Sidebar: moorings")
    + _page_box(7, "Back page")
    + "<text:h>Harbour guide</text:h><text:p>Page one.</text:p>"
    + "<text:p>Runs over <text:soft-page-break/>to page two.</text:p><text:p>Still page two.</text:p>"
    + "<text:list><text:list-item><text:p>first</text:p></text:list-item><text:list-item>"
    + "<text:soft-page-break/><text:p>second</text:p></text:list-item></text:list>"
    + "<text:soft-page-break/><text:p>Page four.</text:p>"
)


def test_a_frame_anchored_to_a_later_page_is_read_where_that_page_starts():
    content = CONTENT.format(kind="text", body=PAGED).replace(
        "<office:text>", '<office:text text:use-soft-page-breaks="true">'
    )
    doc = extract_bytes(_with_content(content), "harbour.odt")
    assert [b.text for b in doc.blocks] == [
        "Harbour Office",
        "Harbour guide",
        "Page one.",
        "Runs over to page two.",
        "Sidebar: moorings",
        "Still page two.",
        "first\nsecond",
        "Tide table",
        "Page four.",
        "Back page",  # its page is past the text's end: after it
    ]


def test_without_soft_page_breaks_a_page_frame_is_read_where_it_stands():
    doc = extract_bytes(_package("text", PAGED), "harbour.odt")
    assert [b.text for b in doc.blocks][:5] == [
        "Harbour Office",
        "Tide table",
        "Sidebar: moorings",
        "Back page",
        "Harbour guide",
    ]


def _with_content(content: str) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr("mimetype", "application/vnd.oasis.opendocument.text")
        zf.writestr("META-INF/manifest.xml", "<manifest/>")
        zf.writestr("content.xml", content)
    return out.getvalue()


def _slide_box(text: str, x: float, y: float, w: float = 10.0, h: float = 3.0, attrs: str = "") -> str:
    where = attrs or f'svg:x="{x}cm" svg:y="{y}cm"'
    return (
        f'<draw:frame presentation:class="outline" {where} svg:width="{w}cm" svg:height="{h}cm">'
        f"<draw:text-box><text:p>{text}</text:p></draw:text-box></draw:frame>"
    )


def _slide_texts(*frames: str) -> list[str]:
    page = (
        '<draw:page><draw:frame presentation:class="title" svg:x="1cm" svg:y="0.5cm" svg:width="20cm" '
        'svg:height="2cm"><draw:text-box><text:p>Plan</text:p></draw:text-box></draw:frame>'
        + "".join(frames)
        + "</draw:page>"
    )
    return [b.text for b in extract_bytes(_package("presentation", page), "t.odp").blocks]


def test_boxes_side_by_side_on_a_slide_are_read_left_to_right():
    # Two boxes set side by side by hand, the right one's top 0.1 cm higher: Impress reads them in
    # one row, left to right, as PowerPoint's slides are read. They were read top first, the right
    # box before the left one.
    assert _slide_texts(_slide_box("Left column", 1, 4.1), _slide_box("Right column", 13, 4.0)) == [
        "Plan",
        "Left column",
        "Right column",
    ]
    # stacked boxes stay top to bottom, even when the lower one stands further left
    assert _slide_texts(_slide_box("Upper", 5, 4.0), _slide_box("Lower", 1, 8.0)) == [
        "Plan",
        "Upper",
        "Lower",
    ]


def test_a_note_beside_a_tall_box_is_read_in_its_row():
    # A short box to the left of a tall one, alone there and a little lower, is in the tall one's
    # row and read first, left to right: it was read after it, by its lower top.
    tall, side = _slide_box("Tall picture notes", 8, 4.0, h=10.0), _slide_box("Side note", 1, 6.0, w=6, h=2.0)
    assert _slide_texts(tall, side) == ["Plan", "Side note", "Tall picture notes"]


def test_a_group_and_a_rotated_box_are_read_where_they_stand():
    # A group has no place of its own: it stands where its shapes do (it was read first, as if at
    # the slide's top-left corner). A rotated box gives its place in draw:transform, not svg:x
    # and svg:y: it was read first too.
    group = f"<draw:g>{_slide_box('Grouped', 1, 12.0)}</draw:g>"
    rotated = _slide_box("Turned", 0, 0, attrs='draw:transform="rotate (0.1) translate (1cm 8cm)"')
    assert _slide_texts(group, rotated, _slide_box("First", 1, 4.0)) == ["Plan", "First", "Turned", "Grouped"]
