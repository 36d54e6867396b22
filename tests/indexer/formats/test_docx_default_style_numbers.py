"""Numbers given as text in table cells and text boxes: a paragraph naming no style takes the
default paragraph style's numbering, and a text box's bullet is shown as the body's are."""

from __future__ import annotations

from tests.indexer.formats.test_docx import build_docx, docx, para
from tests.indexer.formats.test_docx_cell_numbers import NUMBERING, cell, numbered
from tests.indexer.formats.test_docx_cell_pass import run_cell, table

# the default paragraph style numbers every paragraph that names no style with numId 1 ("1.")
NUMBERED_NORMAL = (
    '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/>'
    '<w:pPr><w:numPr><w:numId w:val="1"/></w:numPr></w:pPr></w:style>'
    '<w:style w:type="paragraph" w:styleId="Plain"><w:name w:val="Plain"/></w:style>'
)


def test_a_cell_paragraph_numbered_by_the_default_style_shows_its_number():
    # The body's "First" is item 1 of the default style's list; the cells' paragraphs name no
    # style either and continue it (2., 3.), as Word shows them; they had no number, a plain
    # one-run cell and a cell paragraph with properties alike. A paragraph of a style without
    # numbering stays unnumbered.
    body = para("First") + table(
        run_cell("A")
        + cell('<w:p><w:pPr><w:jc w:val="left"/></w:pPr><w:r><w:t>B</w:t></w:r></w:p>')
        + cell(para("Note", style="Plain"))
    )
    doc = docx(build_docx(body, numbering=NUMBERING, styles=NUMBERED_NORMAL))
    assert doc.blocks[1].rows == (("2. A", "3. B", "Note"),)


def _text_box(*paragraphs: str) -> str:
    return (
        "<w:p><w:r><w:t>Checklist</w:t></w:r><w:r><w:pict><v:shape><v:textbox><w:txbxContent>"
        + "".join(paragraphs)
        + "</w:txbxContent></v:textbox></v:shape></w:pict></w:r></w:p>"
    )


def test_a_text_box_bullet_is_shown_as_the_bodys_bullets_are():
    # numId 1 level 2 is a bullet: the body's lists write it "- ", a text box's lines wrote "• ".
    body = _text_box(numbered("Gloves", "1", 2), numbered("Boots", "1", 2), numbered("Count", "1"))
    doc = docx(build_docx(body, numbering=NUMBERING))
    assert doc.blocks[0].text == "Checklist\n- Gloves\n- Boots\n1. Count"
