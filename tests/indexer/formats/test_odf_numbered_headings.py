"""OpenDocument text: numbered headings. LibreOffice writes a heading numbered by its outline
(chapter) numbering inside an item of a list of the ``Outline`` list style, the number it last
showed in ``text:number``; such a heading was read as a list item (``1. 1.Numbered heading``),
not a heading. Each document is built here, so the expected blocks are the XML's own."""

from __future__ import annotations

from indexer import extract_bytes, get_markdown
from indexer.model import HEADING, LIST, PARAGRAPH
from tests.indexer.formats._odf_build import content_xml, odt_package

#: the outline style LibreOffice writes (num-format 1, suffix ".", two levels shown on the second)
STYLES = (
    '<office:automatic-styles><text:list-style style:name="Outline">'
    '<text:list-level-style-number text:level="1" style:num-format="1" style:num-suffix="."/>'
    '<text:list-level-style-number text:level="2" style:num-format="1" style:num-suffix="." '
    'text:display-levels="2"/></text:list-style></office:automatic-styles>'
)


def _odt(body: str) -> bytes:
    return odt_package(content_xml(body, STYLES))


def _heading(level: int, number: str, text: str) -> str:
    return f'<text:h text:outline-level="{level}"><text:number>{number}</text:number>{text}</text:h>'


def test_a_heading_in_a_list_item_is_a_heading_with_its_number():
    body = (
        '<text:list xml:id="list1" text:style-name="Outline"><text:list-item>'
        + _heading(1, "1.", "Introduction")
        + "</text:list-item></text:list><text:p>Why the harbour needs a new wall.</text:p>"
        + '<text:list text:continue-list="list1" text:style-name="Outline"><text:list-item><text:list>'
        + "<text:list-item>"
        + _heading(2, "1.1.", "Tides")
        + "</text:list-item></text:list></text:list-item></text:list><text:p>Twice a day.</text:p>"
    )
    doc = extract_bytes(_odt(body), "t.odt")
    assert [(b.kind, b.level, b.text) for b in doc.blocks] == [
        (HEADING, 1, "1. Introduction"),
        (PARAGRAPH, 0, "Why the harbour needs a new wall."),
        (HEADING, 2, "1.1. Tides"),
        (PARAGRAPH, 0, "Twice a day."),
    ]


def test_a_heading_between_list_items_ends_the_list_block_before_it():
    body = (
        '<text:list text:style-name="Outline">'
        "<text:list-item><text:p>Survey</text:p></text:list-item>"
        "<text:list-item>" + _heading(1, "2.", "Works") + "</text:list-item>"
        "<text:list-item><text:p>Repairs</text:p><text:p>and painting</text:p></text:list-item>"
        "</text:list>"
    )
    doc = extract_bytes(_odt(body), "t.odt")
    assert [(b.kind, b.text) for b in doc.blocks] == [
        (LIST, "Survey"),
        (HEADING, "2. Works"),
        (LIST, "Repairs and painting"),
    ]
    # the counter goes on under the heading: the item after it is the list's third
    assert [(i.text, i.number) for b in (doc.blocks[0], doc.blocks[2]) for i in b.items] == [
        ("Survey", 1),
        ("Repairs and painting", 3),
    ]
    assert (
        get_markdown(_odt(body), filename="t.odt") == "1. Survey\n\n# 2. Works\n\n3. Repairs and painting\n"
    )


def test_a_heading_number_outside_a_list_is_set_off_from_its_text():
    doc = extract_bytes(_odt(_heading(1, "3", "Costs") + "<text:p>Body</text:p>"), "t.odt")
    assert get_markdown(_odt(_heading(1, "3", "Costs")), filename="t.odt") == "# 3 Costs\n"
    assert doc.blocks[0].text == "3 Costs"


def test_a_numbered_paragraph_keeps_its_text_and_number():
    # text:numbered-paragraph (a paragraph numbered outside any list) was not read at all: a
    # document of one was "the document holds no text"
    body = (
        '<text:numbered-paragraph text:level="1"><text:number>4.</text:number>'
        "<text:p>Budget approved.</text:p></text:numbered-paragraph>"
    )
    doc = extract_bytes(_odt(body), "t.odt")
    assert [b.text for b in doc.blocks] == ["4. Budget approved."]
