"""Word's ink whose handwriting Office recognised is read as its text where it stands, as
PowerPoint's is: a ``w14:contentPart`` (in a ``wpi`` choice, the picture of the ink its fallback)
names an InkML part whose word groups keep the recogniser's alternatives. Documents are written
by python-docx, the ink put in by lxml and the InkML part added to the package as Word adds them;
the picture of the ink is told from the text by its alt text."""

from __future__ import annotations

import io

from docx import Document
from lxml import etree

from indexer import extract_bytes

from ._zip import unzipped, zipped
from .test_pptx_alternate import INKML, TRACE, ink_group, png

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
W14 = "http://schemas.microsoft.com/office/word/2010/wordml"
WPI = "http://schemas.microsoft.com/office/word/2010/wordprocessingInk"
NS = (
    f'xmlns:w="{W}" xmlns:mc="{MC}" xmlns:w14="{W14}" '
    'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" '
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
)
CHOICE = (
    '<mc:Choice Requires="wpi"><w:drawing><wp:inline><wp:extent cx="914400" cy="457200"/>'
    '<wp:docPr id="7" name="Ink 7"/><a:graphic><a:graphicData uri="' + WPI + '">'
    '<w14:contentPart bwMode="auto" r:id="rIdInk"><w14:nvContentPartPr><w14:cNvContentPartPr/>'
    '</w14:nvContentPartPr><w14:xfrm><a:off x="0" y="0"/><a:ext cx="914400" cy="457200"/></w14:xfrm>'
    "</w14:contentPart></a:graphicData></a:graphic></wp:inline></w:drawing></mc:Choice>"
)
RECOGNISED = ink_group(
    "writingRegion",
    ink_group(
        "paragraph",
        ink_group(
            "line",
            ink_group("inkWord", TRACE, ("Check", "Cheek"))
            + ink_group("inkWord", TRACE, ("totals", "to tals")),
        )
        + ink_group("line", ink_group("inkWord", TRACE, ("Friday", "Fri day"))),
    ),
)
DRAWING = ink_group("writingRegion", ink_group("inkDrawing", TRACE))


def inked(ink: str, *, fallback: bool = True, where: str = "body") -> bytes:
    """A document "Before" / "Sign here: " + ink / "After" (the ink in the header's paragraph
    "Head: " with ``where="header"``), as Word writes ink: a content part in a wpi choice naming
    the InkML part ``ink``, with the picture of the ink as the fallback unless not ``fallback``."""
    document = Document()
    document.add_paragraph("Before")
    if where == "header":
        paragraph = document.sections[0].header.paragraphs[0]
        paragraph.text = "Head: "
        part = "word/header1.xml"
    else:
        paragraph = document.add_paragraph("Sign here: ")
        part = "word/document.xml"
    picture = document.add_paragraph().add_run().add_picture(io.BytesIO(png()))  # its rel, its drawing
    picture._inline.docPr.set("descr", "Handwritten: check the totals")
    drawing = picture._inline.getparent()
    run = etree.fromstring(f"<w:r {NS}><mc:AlternateContent>{CHOICE}</mc:AlternateContent></w:r>")
    if fallback:
        etree.SubElement(run[0], f"{{{MC}}}Fallback").append(drawing)
    else:
        drawing.getparent().remove(drawing)
    paragraph._p.append(run)
    document.paragraphs[-1]._p.getparent().remove(document.paragraphs[-1]._p)  # the emptied one
    document.add_paragraph("After")
    out = io.BytesIO()
    document.save(out)
    parts = unzipped(out.getvalue())
    rels = part.replace("word/", "word/_rels/") + ".rels"
    empty = b'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>'
    parts[rels] = parts.get(rels, empty.replace(b"/>", b"></Relationships>")).replace(
        b"</Relationships>",
        b'<Relationship Id="rIdInk" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
        b'relationships/customXml" Target="ink/ink1.xml"/></Relationships>',
    )
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
        b"</Types>", b'<Override PartName="/word/ink/ink1.xml" ContentType="application/inkml+xml"/></Types>'
    )
    parts["word/ink/ink1.xml"] = (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><inkml:ink xmlns:inkml="{INKML}">'
        '<inkml:definitions><inkml:context xml:id="ctx0"/><inkml:brush xml:id="br0"/></inkml:definitions>'
        f"{ink}</inkml:ink>"
    ).encode()
    return zipped(parts)


def texts(doc) -> list[tuple[str, str]]:
    return [(b.kind, b.text) for b in doc.blocks]


def test_recognised_handwriting_is_read_where_the_ink_stands_not_its_picture():
    doc = extract_bytes(inked(RECOGNISED), "t.docx")
    # each line of the ink its words' best alternatives, lines of the paragraph it stands in
    assert texts(doc) == [
        ("paragraph", "Before"),
        ("paragraph", "Sign here:\nCheck totals\nFriday"),
        ("paragraph", "After"),
    ]
    assert not doc.images and not doc.coverage.skipped


def test_ink_not_recognised_is_still_its_picture():
    # a drawing: its trace group says inkDrawing, no words, no alternatives
    doc = extract_bytes(inked(DRAWING), "t.docx")
    assert ("image", "[Image: Handwritten: check the totals]") in texts(doc)
    assert "Check" not in "\n".join(b.text for b in doc.blocks)


def test_recognised_ink_without_a_fallback_is_read_not_listed_as_skipped():
    doc = extract_bytes(inked(RECOGNISED, fallback=False), "t.docx")
    assert texts(doc)[1] == ("paragraph", "Sign here:\nCheck totals\nFriday")
    assert not doc.coverage.skipped
    # ink with nothing recognised and no picture is still listed, as before
    doc = extract_bytes(inked(DRAWING, fallback=False), "t.docx")
    assert [(s.what, s.name) for s in doc.coverage.skipped] == [("drawing", "Ink 7")]


def test_recognised_ink_in_the_header_is_read_with_it():
    doc = extract_bytes(inked(RECOGNISED, where="header"), "t.docx")
    assert doc.metadata["header_text"] == "Head:\nCheck totals\nFriday"


def test_a_missing_or_damaged_ink_part_leaves_the_picture():
    data = inked(RECOGNISED)
    parts = unzipped(data)
    parts["word/ink/ink1.xml"] = b"<inkml:ink xmlns:inkml='" + INKML.encode() + b"'><unclosed>"
    doc = extract_bytes(zipped(parts), "t.docx")
    assert ("image", "[Image: Handwritten: check the totals]") in texts(doc)
    del parts["word/ink/ink1.xml"]
    doc = extract_bytes(zipped(parts), "t.docx")
    assert ("image", "[Image: Handwritten: check the totals]") in texts(doc)


def test_the_standards_content_part_and_office_2016s_ink_part_are_read_too():
    plain = extract_bytes(inked(RECOGNISED), "t.docx")
    parts = unzipped(inked(RECOGNISED, fallback=False))
    body = parts["word/document.xml"]
    start, end = body.index(b"<mc:AlternateContent"), body.index(b"</mc:AlternateContent>") + 22
    # ECMA-376's own w:contentPart in the run, without a choice
    bare = b'<w:contentPart r:id="rIdInk"/>'
    parts["word/document.xml"] = body[:start] + bare + body[end:]
    assert extract_bytes(zipped(parts), "t.docx").blocks == plain.blocks
    # Office 2016's aink:inkPart in a drawing
    aink = (
        b'<w:drawing><wp:inline><wp:docPr id="8" name="Ink 8"/><a:graphic><a:graphicData uri="'
        b'http://schemas.microsoft.com/office/drawing/2016/ink"><aink:inkPart xmlns:aink="http://'
        b'schemas.microsoft.com/office/drawing/2016/ink" r:id="rIdInk"/></a:graphicData></a:graphic>'
        b"</wp:inline></w:drawing>"
    )
    parts["word/document.xml"] = body[:start] + aink + body[end:]
    assert extract_bytes(zipped(parts), "t.docx").blocks == plain.blocks
