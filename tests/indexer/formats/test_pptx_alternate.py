"""PowerPoint shapes in an ``mc:AlternateContent`` (which python-pptx passes over): the choice read
when the walk reads what it holds (a text box, a group), else the fallback (the picture standing
for a 3D model or ink), never both. Decks are written by python-pptx, then a shape is wrapped as
PowerPoint wraps it."""

from __future__ import annotations

import io
import zipfile

from lxml import etree
from PIL import Image as PILImage
from pptx import Presentation
from pptx.util import Inches

from indexer import extract_bytes

MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
P = "http://schemas.openxmlformats.org/presentationml/2006/main"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
AM3D = "http://schemas.microsoft.com/office/drawing/2017/model3d"
P14 = "http://schemas.microsoft.com/office/powerpoint/2010/main"
SLIDE = "ppt/slides/slide1.xml"


def png() -> bytes:
    out = io.BytesIO()
    PILImage.new("RGB", (4, 4), (200, 30, 30)).save(out, "PNG")
    return out.getvalue()


def base_deck():
    """A slide "Shapes" with a text box "Before" at the top and one "After" at the bottom."""
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[5])  # Title Only
    slide.shapes.title.text = "Shapes"
    slide.shapes.add_textbox(Inches(1), Inches(1.5), Inches(6), Inches(0.5)).text_frame.text = "Before"
    slide.shapes.add_textbox(Inches(1), Inches(6), Inches(6), Inches(0.5)).text_frame.text = "After"
    return prs, slide


def wrapped(
    prs, element_name: str, choice: str | None, requires: str, *, fallback: str | None = None
) -> bytes:
    """The deck saved, its shape named ``element_name`` put in an ``mc:AlternateContent``: as the
    choice (``choice`` None) with ``fallback`` (XML) as the fallback, or as the fallback, the
    choice being ``choice`` (XML)."""
    out = io.BytesIO()
    prs.save(out)
    with zipfile.ZipFile(io.BytesIO(out.getvalue())) as src:
        parts = {name: src.read(name) for name in src.namelist()}
    root = etree.fromstring(parts[SLIDE])
    (shape,) = root.xpath(f"//*[*/p:cNvPr/@name='{element_name}']", namespaces={"p": P})
    ns = f'xmlns:mc="{MC}" xmlns:p="{P}" xmlns:a="{A}" xmlns:am3d="{AM3D}" xmlns:p14="{P14}"'
    alternate = etree.fromstring(
        f'<mc:AlternateContent {ns}><mc:Choice Requires="{requires}">{choice or ""}</mc:Choice>'
        f"<mc:Fallback>{fallback or ''}</mc:Fallback></mc:AlternateContent>"
    )
    shape.addprevious(alternate)
    if choice is None:
        alternate[0].append(shape)
    else:
        alternate[1].append(shape)
    parts[SLIDE] = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as dst:
        for name, payload in parts.items():
            dst.writestr(name, payload)
    return data.getvalue()


def fallback_picture(name: str) -> str:
    """A picture as the fallback of a shape: one no image part stands behind (its relationship
    is unknown), enough to tell that a fallback was read."""
    return (
        f'<p:pic><p:nvPicPr><p:cNvPr id="90" name="{name}" descr="A picture of it"/><p:cNvPicPr/>'
        '<p:nvPr/></p:nvPicPr><p:blipFill><a:blip r:embed="rIdNone" xmlns:r="http://schemas.openxml'
        'formats.org/officeDocument/2006/relationships"/></p:blipFill><p:spPr><a:xfrm>'
        '<a:off x="914400" y="2743200"/><a:ext cx="914400" cy="914400"/></a:xfrm></p:spPr></p:pic>'
    )


def model_3d() -> str:
    """A 3D model's frame as PowerPoint writes it in its choice (its model part left out)."""
    return (
        '<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="91" name="3D Model 1"/><p:cNvGraphicFramePr/>'
        '<p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="914400" y="2743200"/><a:ext cx="2743200" '
        f'cy="2743200"/></p:xfrm><a:graphic><a:graphicData uri="{AM3D}"><am3d:model3d r:embed="rIdM" '
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"/>'
        "</a:graphicData></a:graphic></p:graphicFrame>"
    )


def texts(doc) -> list[tuple[str, str]]:
    return [(b.kind, b.text) for b in doc.blocks]


def test_a_group_in_a_choice_is_read_where_it_stands_and_its_fallback_picture_is_not():
    prs, slide = base_deck()
    group = slide.shapes.add_group_shape()
    group.name = "Regions"
    group.shapes.add_textbox(Inches(1), Inches(3), Inches(2), Inches(0.5)).text_frame.text = "North"
    group.shapes.add_textbox(Inches(4), Inches(3), Inches(2), Inches(0.5)).text_frame.text = "South"
    doc = extract_bytes(wrapped(prs, "Regions", None, "p14", fallback=fallback_picture("Regions")), "t.pptx")
    assert texts(doc) == [
        ("heading", "Shapes"),
        ("paragraph", "Before"),
        ("paragraph", "North"),
        ("paragraph", "South"),
        ("paragraph", "After"),
    ]
    assert not doc.coverage.skipped  # the fallback picture (whose part is missing) is not looked at


def test_a_3d_model_is_read_as_its_fallback_picture_with_its_alt_text():
    prs, slide = base_deck()
    pic = slide.shapes.add_picture(io.BytesIO(png()), Inches(1), Inches(3), Inches(2), Inches(2))
    pic.name = "Gear"
    pic._element.nvPicPr.cNvPr.set("descr", "A gear with twelve teeth")
    doc = extract_bytes(wrapped(prs, "Gear", model_3d(), "am3d"), "t.pptx")
    assert texts(doc) == [
        ("heading", "Shapes"),
        ("paragraph", "Before"),
        ("image", "[Image: A gear with twelve teeth]"),
        ("paragraph", "After"),
    ]
    (image,) = doc.images
    assert doc.blocks[2].images == (image.name,) and image.data == png()


def test_ink_is_read_as_its_fallback_picture():
    prs, slide = base_deck()
    pic = slide.shapes.add_picture(io.BytesIO(png()), Inches(1), Inches(3), Inches(2), Inches(2))
    pic.name = "Ink 3"
    pic._element.nvPicPr.cNvPr.set("descr", "Handwritten: check the totals")
    ink = (
        '<p14:contentPart r:id="rIdInk" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/'
        'relationships"><p14:nvContentPartPr><p14:cNvPr id="4" name="Ink 3"/><p14:cNvContentPartPr/>'
        '<p14:nvPr/></p14:nvContentPartPr><p14:xfrm><a:off x="914400" y="2743200"/><a:ext cx="1828800" '
        'cy="1828800"/></p14:xfrm></p14:contentPart>'
    )
    doc = extract_bytes(wrapped(prs, "Ink 3", ink, "p14"), "t.pptx")
    assert texts(doc) == [
        ("heading", "Shapes"),
        ("paragraph", "Before"),
        ("image", "[Image: Handwritten: check the totals]"),
        ("paragraph", "After"),
    ]


def test_a_title_in_a_choice_is_the_slides_title():
    prs, slide = base_deck()
    slide.shapes.title.name = "Title 1"
    doc = extract_bytes(wrapped(prs, "Title 1", None, "a14"), "t.pptx")
    assert texts(doc) == [("heading", "Shapes"), ("paragraph", "Before"), ("paragraph", "After")]
    assert {b.meta["slide_title"] for b in doc.blocks} == {"Shapes"}
