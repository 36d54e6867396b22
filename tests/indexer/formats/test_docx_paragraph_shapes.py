"""A body paragraph of one run of one text element, bare or after a pPr holding only a style, is
read directly; every neighbouring shape (another single property, a second property, run
properties, two runs) goes through the general pass, and must come out as it always did. The
expected blocks are read by hand from the XML written here."""

from __future__ import annotations

from tests.indexer.formats.test_docx import build_docx, docx
from tests.indexer.formats.test_docx_paragraph_pass import NUMBERING, STYLES


def blocks(body: str) -> list[tuple[str, str, int]]:
    doc = docx(build_docx(body, styles=STYLES, numbering=NUMBERING))
    return [(b.kind, b.text, b.level) for b in doc.blocks]


def items(body: str) -> list[tuple[str, bool]]:
    doc = docx(build_docx(body, styles=STYLES, numbering=NUMBERING))
    return [(i.text, i.ordered) for b in doc.blocks for i in b.items]


def test_the_direct_shapes() -> None:
    body = (
        '<w:p><w:pPr><w:pStyle w:val="H1"/></w:pPr><w:r><w:t xml:space="preserve"> Aims  and scope </w:t>'
        "</w:r></w:p>"
        "<w:p><w:r><w:t>plain text</w:t></w:r></w:p>"
        "<w:p><w:r><w:t/></w:r></w:p>"  # empty: no block
        '<w:p><w:pPr><w:pStyle w:val="H1"/></w:pPr><w:r><w:t>   </w:t></w:r></w:p>'  # blank: no block
        '<w:p><w:pPr><w:pStyle w:val="Unknown"/></w:pPr><w:r><w:t>R&amp;D</w:t></w:r></w:p>'
    )
    # "heading 1" style: level 1, whitespace collapsed; an undefined style is a plain paragraph
    assert blocks(body) == [
        ("heading", "Aims and scope", 1),
        ("paragraph", "plain text", 0),
        ("paragraph", "R&D", 0),
    ]


def test_a_style_that_numbers_makes_a_list_item() -> None:
    body = (
        '<w:p><w:pPr><w:pStyle w:val="Bul"/></w:pPr><w:r><w:t>one</w:t></w:r></w:p>'
        '<w:p><w:pPr><w:pStyle w:val="Bul"/></w:pPr><w:r><w:t>two</w:t></w:r></w:p>'
        "<w:p><w:r><w:t>after</w:t></w:r></w:p>"
    )
    # the style's numId 3 is a bullet list (not ordered); the plain paragraph ends the list.
    # A list's text is one line per item, without markers
    assert blocks(body) == [("list", "one\ntwo", 0), ("paragraph", "after", 0)]
    assert items(body) == [("one", False), ("two", False)]


def test_neighbouring_shapes_keep_their_properties() -> None:
    # a single numbering property (not a style): numId 2 is a decimal list
    numbered = (
        '<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="2"/></w:numPr></w:pPr>'
        "<w:r><w:t>counted</w:t></w:r></w:p>"
    )
    assert items(numbered) == [("counted", True)]
    # a single outline level: a heading of level 2 (outlineLvl is 0-based)
    outlined = '<w:p><w:pPr><w:outlineLvl w:val="1"/></w:pPr><w:r><w:t>Part</w:t></w:r></w:p>'
    assert blocks(outlined) == [("heading", "Part", 2)]
    body = (
        # a style and an alignment; a style and a run with properties
        '<w:p><w:pPr><w:pStyle w:val="H1"/><w:jc w:val="left"/></w:pPr><w:r><w:t>Two props</w:t></w:r></w:p>'
        '<w:p><w:pPr><w:pStyle w:val="H1"/></w:pPr><w:r><w:rPr><w:b/></w:rPr><w:t>Bold</w:t></w:r></w:p>'
        # two runs with no properties, and a run of two text elements
        "<w:p><w:r><w:t>ab</w:t></w:r><w:r><w:t>cd</w:t></w:r></w:p>"
        "<w:p><w:r><w:t>ef</w:t><w:t>gh</w:t></w:r></w:p>"
        # a line break inside the only run: two lines
        "<w:p><w:r><w:t>up</w:t><w:br/><w:t>down</w:t></w:r></w:p>"
    )
    assert blocks(body) == [
        ("heading", "Two props", 1),
        ("heading", "Bold", 1),
        ("paragraph", "abcd", 0),
        ("paragraph", "efgh", 0),
        ("paragraph", "up\ndown", 0),
    ]
