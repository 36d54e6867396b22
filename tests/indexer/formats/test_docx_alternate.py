"""Word's ``mc:AlternateContent``: one branch read, never both and never neither. The choice when
the walk reads what it holds (a text box, the commonest, with its VML copy as the fallback), else
the fallback (the picture Word writes for a 3D model or ink). Documents are written by python-docx
with the alternate content put in by lxml, as Word writes it; the choice and the fallback hold
different words so that the test tells which was read."""

from __future__ import annotations

import io

from docx import Document
from lxml import etree

from indexer import extract_bytes
from tests.indexer.formats.test_docx import PNG, build_docx, para

NS = {
    "w": "http://schemas.openxmlformats.org/wordprocessingml/2006/main",
    "wp": "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing",
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "pic": "http://schemas.openxmlformats.org/drawingml/2006/picture",
    "v": "urn:schemas-microsoft-com:vml",
    "mc": "http://schemas.openxmlformats.org/markup-compatibility/2006",
    "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
    "wps": "http://schemas.microsoft.com/office/word/2010/wordprocessingShape",
    "am3d": "http://schemas.microsoft.com/office/drawing/2017/model3d",
    "aink": "http://schemas.microsoft.com/office/drawing/2016/ink",
}
DECL = " ".join(f'xmlns:{k}="{v}"' for k, v in NS.items())


def text_box(choice: str, fallback: str, inner: str = "") -> str:
    """A run holding a text box as Word writes one: a wps shape in the choice, its VML copy in
    the fallback; ``inner`` (runs) ends the box's paragraph in both."""
    return (
        '<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor>'
        f'<wp:docPr id="1" name="Text Box 1"/><a:graphic><a:graphicData uri="{NS["wps"]}"><wps:wsp>'
        '<wps:cNvSpPr txBox="1"/><wps:spPr/><wps:txbx><w:txbxContent><w:p><w:r>'
        f"<w:t>{choice}</w:t></w:r>{inner}</w:p></w:txbxContent></wps:txbx><wps:bodyPr/></wps:wsp>"
        "</a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice><mc:Fallback><w:pict>"
        '<v:shape type="#_x0000_t202"><v:textbox><w:txbxContent><w:p><w:r>'
        f"<w:t>{fallback}</w:t></w:r>{inner}</w:p></w:txbxContent></v:textbox></v:shape></w:pict>"
        "</mc:Fallback></mc:AlternateContent></w:r>"
    )


def appended(paragraph, runs: str) -> None:
    for run in etree.fromstring(f"<x {DECL}>{runs}</x>"):
        paragraph._p.append(run)


def written(*, body: str = "", cell: str = "", header: str = "", footer: str = "") -> bytes:
    """A document "Before" / ["In body:" + body] / [a table "Cell" | cell] / "After", with
    "Head:" + header and "Foot:" + footer in its section's header and footer."""
    document = Document()
    document.add_paragraph("Before")
    if body:
        appended(document.add_paragraph("In body:"), body)
    if cell:
        table = document.add_table(2, 2)
        table.cell(0, 0).text, table.cell(0, 1).text, table.cell(1, 0).text = "Item", "Box", "Cell"
        appended(table.cell(1, 1).paragraphs[0], cell)
    if header:
        paragraph = document.sections[0].header.paragraphs[0]
        paragraph.text = "Head:"
        appended(paragraph, header)
    if footer:
        paragraph = document.sections[0].footer.paragraphs[0]
        paragraph.text = "Foot:"
        appended(paragraph, footer)
    document.add_paragraph("After")
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def texts(doc) -> list[str]:
    return [b.text for b in doc.blocks]


def test_a_text_box_is_read_once_from_its_choice():
    doc = extract_bytes(written(body=text_box("Drawn box", "VML box")), "t.docx")
    assert texts(doc) == ["Before", "In body:\nDrawn box", "After"]


def test_a_text_box_in_a_table_cell_is_read_once_from_its_choice():
    doc = extract_bytes(written(cell=text_box("Drawn box", "VML box")), "t.docx")
    assert texts(doc) == ["Before", "| Item | Box |\n| --- | --- |\n| Cell | Drawn box |", "After"]


def test_text_boxes_in_the_header_and_footer_are_read_once_from_their_choice():
    data = written(header=text_box("Drawn head", "VML head"), footer=text_box("Drawn foot", "VML foot"))
    doc = extract_bytes(data, "t.docx")
    assert (doc.metadata["header_text"], doc.metadata["footer_text"]) == (
        "Head:\nDrawn head",
        "Foot:\nDrawn foot",
    )
    assert "VML" not in doc.text


def test_a_text_box_in_a_text_box_is_read_once_from_each_choice():
    inner = text_box("Inner drawn", "Inner VML")
    doc = extract_bytes(written(body=text_box("Outer drawn", "Outer VML", inner=inner)), "t.docx")
    assert texts(doc) == ["Before", "In body:\nOuter drawn\nInner drawn", "After"]


def test_a_text_box_in_a_footnote_is_read_once_from_its_choice():
    box = text_box("Drawn box", "VML box").replace("<w:r>", f"<w:r {DECL}>", 1)
    data = build_docx(
        para("Body", extra='<w:r><w:footnoteReference w:id="1"/></w:r>'),
        footnotes=f'<w:footnote w:id="1"><w:p><w:r><w:t>Note</w:t></w:r>{box}</w:p></w:footnote>',
    )
    assert texts(extract_bytes(data, "t.docx")) == ["Body[^1]", "[^1]: Note Drawn box"]


def picture(name: str) -> str:
    """The picture Word writes as the fallback of a 3D model or ink: alt text "A gear"."""
    return (
        f'<w:drawing><wp:inline><wp:docPr id="2" name="{name}" descr="A gear"/><a:graphic>'
        '<a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>'
        '<pic:nvPicPr><pic:cNvPr id="0" name="gear.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill>'
        '<a:blip r:embed="rIdImg"/></pic:blipFill><pic:spPr/></pic:pic></a:graphicData></a:graphic>'
        "</wp:inline></w:drawing>"
    )


MODEL_3D = (  # a 3D model's drawing: its model part and a rendering Word keeps in the am3d namespace
    '<w:drawing><wp:inline><wp:docPr id="2" name="3D Model 1" descr="A gear"/><a:graphic>'
    f'<a:graphicData uri="{NS["am3d"]}"><am3d:model3d r:embed="rIdModel"><am3d:raster '
    'rName="Office3DRenderer"><am3d:blip r:embed="rIdImg"/></am3d:raster></am3d:model3d>'
    "</a:graphicData></a:graphic></wp:inline></w:drawing>"
)
INK = (  # ink: its drawing names the ink part
    '<w:drawing><wp:inline><wp:docPr id="2" name="Ink 1" descr="A gear"/><a:graphic>'
    f'<a:graphicData uri="{NS["aink"]}"><aink:inkPart r:id="rIdModel"/></a:graphicData></a:graphic>'
    "</wp:inline></w:drawing>"
)


def with_fallback_picture(requires: str, choice: str, name: str) -> bytes:
    run = (
        f'<w:r xmlns:am3d="{NS["am3d"]}" xmlns:aink="{NS["aink"]}"><mc:AlternateContent>'
        f'<mc:Choice Requires="{requires}">{choice}</mc:Choice><mc:Fallback>{picture(name)}</mc:Fallback>'
        "</mc:AlternateContent></w:r>"
    )
    return build_docx(
        para("A part:", extra=run),
        rels={"rIdImg": ("image", "media/image1.png"), "rIdModel": ("image", "media/model1.glb")},
        files={"word/media/image1.png": PNG, "word/media/model1.glb": b"glTF"},
    )


def test_a_3d_model_is_read_as_its_fallback_picture_with_its_alt_text():
    doc = extract_bytes(with_fallback_picture("am3d", MODEL_3D, "3D Model 1"), "t.docx")
    assert [(b.kind, b.text) for b in doc.blocks] == [("paragraph", "A part:"), ("image", "[Image: A gear]")]
    assert len(doc.images) == 1 and doc.images[0].alt == "A gear"


def test_ink_is_read_as_its_fallback_picture_with_its_alt_text():
    doc = extract_bytes(with_fallback_picture("aink", INK, "Ink 1"), "t.docx")
    assert [(b.kind, b.text) for b in doc.blocks] == [("paragraph", "A part:"), ("image", "[Image: A gear]")]
    assert len(doc.images) == 1


def alternate(choice: str, fallback: str) -> str:
    return (
        f'<mc:AlternateContent><mc:Choice Requires="wps">{choice}</mc:Choice>'
        f"<mc:Fallback>{fallback}</mc:Fallback></mc:AlternateContent>"
    )


def test_paragraphs_in_an_alternate_content_of_the_body_are_read_once_where_they_stand():
    body = para("Before") + alternate(para("Drawn line"), para("VML line")) + para("After")
    assert texts(extract_bytes(build_docx(body), "t.docx")) == ["Before", "Drawn line", "After"]


def test_table_rows_in_an_alternate_content_are_read_once_where_they_stand():
    def row(*cells: str) -> str:
        return "<w:tr>" + "".join(f"<w:tc>{para(c)}</w:tc>" for c in cells) + "</w:tr>"

    table = f"<w:tbl>{row('Region', 'Sales')}{alternate(row('North', '12'), row('VML', '0'))}</w:tbl>"
    doc = extract_bytes(build_docx(para("Before") + table + para("After")), "t.docx")
    assert [b.kind for b in doc.blocks] == ["paragraph", "table", "paragraph"]
    assert (doc.blocks[1].header, doc.blocks[1].rows) == (("Region", "Sales"), (("North", "12"),))


# -- a choice with no fallback: what it holds is all there is ----------------------------------

W14 = "http://schemas.microsoft.com/office/word/2010/wordml"
WPG = "http://schemas.microsoft.com/office/word/2010/wordprocessingGroup"
CONTENT_PART = (  # ink as Word 2010 writes it: a part named by its relationship, no text
    '<w14:contentPart r:id="rIdInk"><w14:nvContentPartPr><w14:cNvPr id="3" name="{}"/>'
    '<w14:cNvContentPartPr/></w14:nvContentPartPr><w14:xfrm><a:off x="0" y="0"/>'
    '<a:ext cx="914400" cy="457200"/></w14:xfrm></w14:contentPart>'
)


def without_fallback(requires: str, choice: str, fallback: str = "") -> str:
    return (
        f'<w:r xmlns:w14="{W14}" xmlns:wpg="{WPG}"><mc:AlternateContent><mc:Choice Requires="{requires}">'
        f"{choice}</mc:Choice>{fallback}</mc:AlternateContent></w:r>"
    )


def ink_beside_a_text_box() -> str:
    """A group as Word writes one: a text box saying "Check totals" and ink, in a wpg choice."""
    box = (
        '<wps:wsp><wps:cNvPr id="2" name="Text Box 2"/><wps:cNvSpPr txBox="1"/><wps:spPr/><wps:txbx>'
        "<w:txbxContent><w:p><w:r><w:t>Check totals</w:t></w:r></w:p></w:txbxContent></wps:txbx>"
        "<wps:bodyPr/></wps:wsp>"
    )
    return (
        '<w:drawing><wp:anchor><wp:docPr id="1" name="Group 1"/><a:graphic>'
        f'<a:graphicData uri="{WPG}"><wpg:wgp><wpg:cNvGrpSpPr/><wpg:grpSpPr/>{box}'
        f"{CONTENT_PART.format('Ink 3')}</wpg:wgp></a:graphicData></a:graphic></wp:anchor></w:drawing>"
    )


def test_ink_in_a_choice_without_a_fallback_is_listed_as_skipped():
    doc = extract_bytes(written(body=without_fallback("w14", CONTENT_PART.format("Ink 1"))), "t.docx")
    assert texts(doc) == ["Before", "In body:", "After"]
    assert [(s.what, s.name, s.reason) for s in doc.coverage.skipped] == [
        (
            "drawing",
            "Ink 1",
            "alternate content needing 'w14' (w14:contentPart) that is not read, with no fallback",
        )
    ]


def test_a_text_box_beside_ink_in_a_choice_without_a_fallback_is_read_and_the_ink_listed():
    doc = extract_bytes(written(body=without_fallback("wpg", ink_beside_a_text_box())), "t.docx")
    assert texts(doc) == ["Before", "In body:\nCheck totals", "After"]
    assert [(s.name, s.reason) for s in doc.coverage.skipped] == [
        ("Ink 3", "alternate content needing 'wpg' (w14:contentPart) that is not read, with no fallback")
    ]


def test_an_empty_fallback_is_none_the_choice_is_read():
    run = without_fallback("wpg", ink_beside_a_text_box(), "<mc:Fallback/>")
    doc = extract_bytes(written(body=run), "t.docx")
    assert texts(doc) == ["Before", "In body:\nCheck totals", "After"]
    assert [s.name for s in doc.coverage.skipped] == ["Ink 3"]


def test_ink_without_a_fallback_in_the_header_is_listed_with_its_part():
    doc = extract_bytes(written(header=without_fallback("w14", CONTENT_PART.format("Ink 1"))), "t.docx")
    assert doc.metadata["header_text"] == "Head:"
    assert [s.name for s in doc.coverage.skipped] == ["header: Ink 1"]


def test_ink_with_a_fallback_is_not_listed():
    run = without_fallback(
        "w14", CONTENT_PART.format("Ink 1"), f"<mc:Fallback>{picture('Ink 1')}</mc:Fallback>"
    )
    doc = extract_bytes(written(body=run), "t.docx")
    assert not doc.coverage.skipped  # the fallback picture (whose part is missing) stands for it
