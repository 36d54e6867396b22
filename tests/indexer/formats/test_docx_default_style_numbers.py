"""Numbers given as text in table cells and text boxes: a paragraph naming no style takes the
default paragraph style's numbering, and a text box's bullet is shown as the body's are."""

from __future__ import annotations

import io
import re
import zipfile

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
    # (a table of one row: its cells are paragraphs)
    assert [b.text for b in doc.blocks[1:]] == ["2. A", "3. B", "Note"]


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


def _default_style_document(default_id: str) -> bytes:
    """A document whose default paragraph style, of id ``default_id`` (Word's ``Normal``, or
    ``Standard`` as a German document names it), numbers its paragraphs with numId 1 and sets
    a font size; a heading style based on it and a plain style. Some 30 KB of latent styles
    come first, as in Word's parts, so that the styles are met only after a few steps of
    inflating the part."""
    latent = "".join(f'<w:lsdException w:name="Style {i}" w:uiPriority="{i}"/>' for i in range(600))
    styles = (
        f"<w:latentStyles>{latent}</w:latentStyles>"
        '<w:docDefaults><w:rPrDefault><w:rPr><w:sz w:val="22"/></w:rPr></w:rPrDefault></w:docDefaults>'
        f'<w:style w:type="paragraph" w:default="1" w:styleId="{default_id}"><w:name w:val="Normal"/>'
        '<w:pPr><w:numPr><w:numId w:val="1"/></w:numPr></w:pPr><w:rPr><w:sz w:val="24"/></w:rPr></w:style>'
        '<w:style w:type="character" w:default="1" w:styleId="Absatz-Standardschriftart">'
        '<w:name w:val="Default Paragraph Font"/></w:style>'
        '<w:style w:type="table" w:default="1" w:styleId="NormaleTabelle"><w:name w:val="Normal Table"/>'
        "</w:style>"
        '<w:style w:type="paragraph" w:styleId="berschrift1"><w:name w:val="heading 1"/>'
        f'<w:basedOn w:val="{default_id}"/><w:pPr><w:numPr><w:numId w:val="0"/></w:numPr></w:pPr></w:style>'
        '<w:style w:type="paragraph" w:styleId="Plain"><w:name w:val="Plain"/></w:style>'
    )
    body = (
        para("Tools", style="berschrift1")
        + para("Hammer")
        + para("Saw")
        + para("Note", style="Plain")
        + table(run_cell("Drill") + cell(para("Plane")))
    )
    return build_docx(body, numbering=NUMBERING, styles=styles)


def test_the_default_paragraph_style_is_the_one_marked_default_whatever_its_id():
    # A German Word document calls its default paragraph style "Standard": its numbering makes
    # the paragraphs naming no style an ordered list in the body (Hammer, Saw) and numbers those
    # in cells after them (3. Drill, 4. Plane), as "Normal"'s does; the heading based on it
    # stays a heading, and "Note" is of a style without numbering. The default character and
    # table styles change nothing that is read.
    for default_id in ("Normal", "Standard"):
        doc = docx(_default_style_document(default_id))
        heading, items, note, *cells = doc.blocks  # (a table of one row: its cells are paragraphs)
        assert (heading.kind, heading.text, heading.level) == ("heading", "Tools", 1), default_id
        assert [(i.text, i.ordered) for i in items.items] == [("Hammer", True), ("Saw", True)], default_id
        assert (note.kind, note.text) == ("paragraph", "Note")
        assert [b.text for b in cells] == ["3. Drill", "4. Plane"], default_id


def test_the_marked_default_paragraph_style_is_found_in_a_styles_part_of_another_prefix():
    # a styles part written with the prefix x: rather than w: is parsed whole: its default
    # "Standard" numbers the paragraphs naming no style all the same
    src = zipfile.ZipFile(io.BytesIO(_default_style_document("Standard")))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as dst:
        for name in src.namelist():
            data = src.read(name)
            if name == "word/styles.xml":
                data = re.sub(rb"(</?| )w:", rb"\1x:", data).replace(b"xmlns:w=", b"xmlns:x=")
            dst.writestr(name, data)
    doc = docx(out.getvalue())
    assert [b.kind for b in doc.blocks] == ["heading", "list", "paragraph", "paragraph", "paragraph"]
    assert [b.text for b in doc.blocks[3:]] == ["3. Drill", "4. Plane"]
