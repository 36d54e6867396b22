"""Body paragraphs made of plain runs are read in the same pass as their leading properties;
anything else in a paragraph (a second pPr, a tab, a bookmark, properties after the text, an
image) hands the paragraph to the general reader. Each case's expected blocks are read by hand
from the XML written here."""

from __future__ import annotations

from tests.indexer.formats.test_docx import PNG, build_docx, docx, drawing

STYLES = (
    '<w:style w:type="paragraph" w:styleId="H1"><w:name w:val="heading 1"/></w:style>'
    '<w:style w:type="paragraph" w:styleId="Bul"><w:name w:val="List Bullet"/>'
    '<w:pPr><w:numPr><w:numId w:val="3"/></w:numPr></w:pPr></w:style>'
)
NUMBERING = (
    '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="decimal"/></w:lvl>'
    "</w:abstractNum>"
    '<w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/></w:lvl>'
    "</w:abstractNum>"
    '<w:num w:numId="2"><w:abstractNumId w:val="0"/></w:num>'
    '<w:num w:numId="3"><w:abstractNumId w:val="1"/></w:num>'
)


def blocks(body: str, **kw) -> list[tuple[str, str, int]]:
    doc = docx(build_docx(body, styles=STYLES, numbering=NUMBERING, **kw))
    return [(b.kind, b.text, b.level) for b in doc.blocks]


def test_plain_runs_with_properties_read_in_one_pass() -> None:
    body = (
        '<w:p><w:pPr><w:pStyle w:val="H1"/></w:pPr><w:r><w:rPr><w:b/></w:rPr><w:t>Plan</w:t></w:r></w:p>'
        '<w:p><w:r><w:t xml:space="preserve">alpha  </w:t></w:r><w:r><w:rPr><w:i/></w:rPr>'
        "<w:t>beta</w:t></w:r></w:p>"
        "<w:p><w:r><w:t>  </w:t></w:r></w:p>"  # whitespace only: no block
        "<w:p/>"
    )
    # the style's name is "heading 1"; the two runs join to "alpha  beta", one line "alpha beta"
    assert blocks(body) == [("heading", "Plan", 1), ("paragraph", "alpha beta", 0)]


def test_list_items_from_direct_and_style_numbering() -> None:
    body = (
        '<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="2"/></w:numPr></w:pPr>'
        "<w:r><w:t>first</w:t></w:r></w:p>"
        '<w:p><w:pPr><w:pStyle w:val="Bul"/></w:pPr><w:r><w:t>dot</w:t></w:r></w:p>'
    )
    doc = docx(build_docx(body, styles=STYLES, numbering=NUMBERING))
    assert [b.kind for b in doc.blocks] == ["list"]
    # numId 2 is decimal (ordered); the style's numId 3 is a bullet list, indented no further
    assert [(i.text, i.ordered) for i in doc.blocks[0].items] == [("first", True), ("dot", False)]


def test_unusual_paragraphs_read_by_the_general_reader() -> None:
    body = (
        # only the first pPr gives properties: the numbering of the second one is not read
        '<w:p><w:pPr><w:jc w:val="left"/></w:pPr><w:pPr><w:numPr><w:numId w:val="2"/></w:numPr>'
        "</w:pPr><w:r><w:t>second pPr</w:t></w:r></w:p>"
        # a tab inside the run: "a\tb", one line "a b"
        "<w:p><w:r><w:t>a</w:t><w:tab/><w:t>b</w:t></w:r></w:p>"
        # a bookmark before the run holds no text
        '<w:p><w:bookmarkStart w:id="0" w:name="x"/><w:r><w:t>marked</w:t></w:r></w:p>'
        # properties after the text are passed over (they hold no text)
        '<w:p><w:r><w:t>one</w:t></w:r><w:pPr><w:pStyle w:val="H1"/></w:pPr><w:r><w:t>two</w:t></w:r></w:p>'
        # a hyperlink's runs are part of the text
        '<w:p><w:r><w:t xml:space="preserve">see </w:t></w:r><w:hyperlink r:id="rIdX"><w:r>'
        "<w:t>there</w:t></w:r></w:hyperlink></w:p>"
    )
    assert blocks(body) == [
        ("paragraph", "second pPr", 0),
        ("paragraph", "a b", 0),
        ("paragraph", "marked", 0),
        ("paragraph", "onetwo", 0),
        ("paragraph", "see there", 0),
    ]


def test_a_line_break_and_an_image_hand_the_paragraph_over() -> None:
    body = (
        "<w:p><w:r><w:t>up</w:t><w:br/><w:t>down</w:t></w:r></w:p>"
        "<w:p><w:r><w:t>pictured</w:t></w:r>" + drawing("rIdImg", "a dot") + "</w:p>"
    )
    got = blocks(body, rels={"rIdImg": ("image", "media/dot.png")}, files={"word/media/dot.png": PNG})
    # the break keeps two lines; the image follows its paragraph with its alt text
    assert got == [("paragraph", "up\ndown", 0), ("paragraph", "pictured", 0), ("image", "[Image: a dot]", 0)]
