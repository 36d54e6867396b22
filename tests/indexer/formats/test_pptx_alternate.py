"""PowerPoint shapes in an ``mc:AlternateContent`` (which python-pptx passes over): the choice read
when the walk reads what it holds (a text box, a group), else the fallback (the picture standing
for a 3D model or ink), never both. Decks are written by python-pptx, then a shape is wrapped as
PowerPoint wraps it."""

from __future__ import annotations

import io

from lxml import etree
from PIL import Image as PILImage
from pptx import Presentation
from pptx.util import Inches

from indexer import extract_bytes

from ._zip import unzipped, zipped

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
    parts = unzipped(out.getvalue())
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
    return zipped(parts)


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


# -- equations (a14:m in a text shape of an a14 choice) -------------------------------------------

M = "http://schemas.openxmlformats.org/officeDocument/2006/math"
A14 = "http://schemas.microsoft.com/office/drawing/2010/main"
#: a math run as PowerPoint writes one: its text in m:t, its font in a DrawingML a:rPr
RUN = '<m:r><a:rPr lang="en-US" i="1"><a:latin typeface="Cambria Math"/></a:rPr><m:t>{}</m:t></m:r>'
#: x² + 1, the x in mathematical italic as PowerPoint types it
X_SQUARED = (
    '<m:sSup><m:sSupPr><m:ctrlPr><a:rPr lang="en-US" i="1"/></m:ctrlPr></m:sSupPr>'
    f"<m:e>{RUN.format('𝑥')}</m:e><m:sup>{RUN.format('2')}</m:sup></m:sSup>{RUN.format('+1')}"
)


def math(omath: str, display: bool = False) -> str:
    inner = f"<m:oMath>{omath}</m:oMath>"
    if display:
        inner = (
            f'<m:oMathPara><m:oMathParaPr><m:jc m:val="centerGroup"/></m:oMathParaPr>{inner}</m:oMathPara>'
        )
    return f'<a14:m xmlns:a14="{A14}" xmlns:m="{M}" xmlns:a="{A}">{inner}</a14:m>'


def equation_box(paragraph: str) -> str:
    """An equation's text box in its a14 choice, its fallback the picture of the equation PowerPoint
    writes (a shape filled with it, holding a blank run)."""
    place = '<a:xfrm><a:off x="914400" y="2743200"/><a:ext cx="4572000" cy="914400"/></a:xfrm>'
    return (
        f'<p:sp><p:nvSpPr><p:cNvPr id="20" name="TextBox 5"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>'
        f'<p:spPr>{place}<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr><p:txBody><a:bodyPr/>'
        f"<a:lstStyle/>{paragraph}</p:txBody></p:sp>",
        f'<p:sp><p:nvSpPr><p:cNvPr id="20" name="TextBox 5"/><p:cNvSpPr><a:spLocks noRot="1" '
        f'noChangeAspect="1" noMove="1" noResize="1" noTextEdit="1"/></p:cNvSpPr><p:nvPr/></p:nvSpPr>'
        f'<p:spPr>{place}<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:blipFill><a:blip r:embed="rIdEq" '
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"/><a:stretch>'
        "<a:fillRect/></a:stretch></a:blipFill></p:spPr><p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r>"
        '<a:rPr lang="en-US"><a:noFill/></a:rPr><a:t> </a:t></a:r></a:p></p:txBody></p:sp>',
    )


def with_equation(paragraph: str) -> bytes:
    """The base deck with ``paragraph`` in an equation's text box between "Before" and "After"."""
    prs, _ = base_deck()
    choice, fallback = equation_box(paragraph)
    out = io.BytesIO()
    prs.save(out)
    parts = unzipped(out.getvalue())
    ns = f'xmlns:mc="{MC}" xmlns:p="{P}" xmlns:a="{A}"'
    alternate = (
        f'<mc:AlternateContent {ns}><mc:Choice xmlns:a14="{A14}" Requires="a14">{choice}</mc:Choice>'
        f"<mc:Fallback>{fallback}</mc:Fallback></mc:AlternateContent>"
    )
    parts[SLIDE] = parts[SLIDE].replace(b"</p:spTree>", alternate.encode() + b"</p:spTree>")
    return zipped(parts)


def test_a_displayed_equation_is_read_as_its_text_not_its_fallback_picture():
    doc = extract_bytes(with_equation(f"<a:p>{math(X_SQUARED, display=True)}</a:p>"), "t.pptx")
    # placed by its top (3 in) between "Before" (1.5 in) and "After" (6 in)
    assert texts(doc) == [
        ("heading", "Shapes"),
        ("paragraph", "Before"),
        ("paragraph", "𝑥^2+1"),
        ("paragraph", "After"),
    ]
    assert not doc.images and not doc.coverage.skipped


def test_an_equation_within_a_line_is_read_in_its_place():
    e_mc2 = "".join(RUN.format(c) for c in ("𝐸", "=", "𝑚")) + (
        f"<m:sSup><m:e>{RUN.format('𝑐')}</m:e><m:sup>{RUN.format('2')}</m:sup></m:sSup>"
    )
    paragraph = (
        '<a:p><a:r><a:rPr lang="en-US"/><a:t>Energy is </a:t></a:r>'
        f'{math(e_mc2)}<a:r><a:rPr lang="en-US"/><a:t> at rest</a:t></a:r></a:p>'
        '<a:p><a:r><a:rPr lang="en-US"/><a:t>and more in motion</a:t></a:r></a:p>'
    )
    doc = extract_bytes(with_equation(paragraph), "t.pptx")
    assert texts(doc)[2] == ("paragraph", "Energy is 𝐸=𝑚𝑐^2 at rest\nand more in motion")


def test_equations_in_a_title_and_a_table_cell_are_read():
    prs, slide = base_deck()
    title = slide.shapes.title
    title.name = "Title 1"
    title.text = "Growth as "
    title.text_frame.paragraphs[0]._p.append(etree.fromstring(math(X_SQUARED)))
    frame = slide.shapes.add_table(2, 2, Inches(1), Inches(3), Inches(4), Inches(1))
    frame.name = "Table 4"
    table = frame.table
    table.cell(0, 0).text, table.cell(0, 1).text, table.cell(1, 0).text = "Shape", "Area", "Circle"
    pi_r2 = RUN.format("𝜋") + f"<m:sSup><m:e>{RUN.format('𝑟')}</m:e><m:sup>{RUN.format('2')}</m:sup></m:sSup>"
    table.cell(1, 1).text_frame.paragraphs[0]._p.append(etree.fromstring(math(pi_r2)))
    once = wrapped(prs, "Title 1", None, "a14")
    prs = Presentation(io.BytesIO(once))
    doc = extract_bytes(wrapped(prs, "Table 4", None, "a14", fallback=fallback_picture("Table 4")), "t.pptx")
    heading, before, table_block, after = doc.blocks
    assert heading.text == "Growth as 𝑥^2+1"
    assert {b.meta["slide_title"] for b in doc.blocks} == {"Growth as 𝑥^2+1"}
    assert (before.text, after.text) == ("Before", "After")
    assert table_block.header == ("Shape", "Area")
    assert table_block.rows == (("Circle", "𝜋𝑟^2"),)


# -- speaker notes (their body placeholder in an a14 choice once they hold an equation) -----------


def with_notes_equation() -> bytes:
    """The base deck, its slide's notes "Energy is E = mc² at rest" / "Say it twice", the notes'
    body placeholder wrapped as PowerPoint wraps it once it holds an equation: the placeholder
    with the a14:m in the choice, the same without the equation (its picture filling the shape)
    in the fallback."""
    prs, slide = base_deck()
    frame = slide.notes_slide.notes_text_frame
    frame.text = "Energy is "
    frame.add_paragraph().text = "Say it twice"
    out = io.BytesIO()
    prs.save(out)
    parts = unzipped(out.getvalue())
    notes = next(n for n in parts if n.startswith("ppt/notesSlides/") and n.endswith(".xml"))
    root = etree.fromstring(parts[notes])
    (body,) = root.xpath("//p:sp[p:nvSpPr/p:nvPr/p:ph/@type='body']", namespaces={"p": P})
    fallback = etree.fromstring(etree.tostring(body))
    e_mc2 = "".join(RUN.format(c) for c in ("𝐸", "=", "𝑚")) + (
        f"<m:sSup><m:e>{RUN.format('𝑐')}</m:e><m:sup>{RUN.format('2')}</m:sup></m:sSup>"
    )
    first = body.find(f"{{{P}}}txBody/{{{A}}}p")
    first.append(etree.fromstring(math(e_mc2)))
    first.append(etree.fromstring(f'<a:r xmlns:a="{A}"><a:t> at rest</a:t></a:r>'))
    fallback.find(f"{{{P}}}txBody/{{{A}}}p").append(
        etree.fromstring(f'<a:r xmlns:a="{A}"><a:t> at rest</a:t></a:r>')
    )
    alternate = etree.fromstring(
        f'<mc:AlternateContent xmlns:mc="{MC}"><mc:Choice xmlns:a14="{A14}" Requires="a14"/>'
        "<mc:Fallback/></mc:AlternateContent>"
    )
    body.addprevious(alternate)
    alternate[0].append(body)
    alternate[1].append(fallback)
    parts[notes] = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
    return zipped(parts)


def test_notes_in_a_choice_are_read_once_with_their_equation():
    doc = extract_bytes(with_notes_equation(), "t.pptx")
    notes = [b.text for b in doc.blocks if b.meta.get("notes")]
    assert notes == ["Energy is 𝐸=𝑚𝑐^2 at rest\nSay it twice"]
    assert texts(doc)[:3] == [("heading", "Shapes"), ("paragraph", "Before"), ("paragraph", "After")]


# -- a choice the walk cannot read, without a fallback --------------------------------------------


def ink_part(name: str = "Ink 3") -> str:
    """Ink as PowerPoint writes it in its p14 choice: a content part naming the InkML part."""
    return (
        '<p14:contentPart r:id="rIdInk" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/'
        f'relationships"><p14:nvContentPartPr><p14:cNvPr id="4" name="{name}"/><p14:cNvContentPartPr/>'
        '<p14:nvPr/></p14:nvContentPartPr><p14:xfrm><a:off x="914400" y="2743200"/><a:ext cx="1828800" '
        'cy="1828800"/></p14:xfrm></p14:contentPart>'
    )


def text_box(name: str, top: int, text: str) -> str:
    return (
        f'<p:sp><p:nvSpPr><p:cNvPr id="30" name="{name}"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>'
        f'<p:spPr><a:xfrm><a:off x="914400" y="{top}"/><a:ext cx="4572000" cy="457200"/></a:xfrm>'
        '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr><p:txBody><a:bodyPr/><a:lstStyle/>'
        f"<a:p><a:r><a:t>{text}</a:t></a:r></a:p></p:txBody></p:sp>"
    )


def with_choice_only(choice: str, fallback: str | None = None) -> bytes:
    """The base deck with an ``mc:AlternateContent`` whose p14 choice is ``choice``, without a
    fallback (``fallback`` None) or with an empty one (``fallback`` "")."""
    prs, _ = base_deck()
    out = io.BytesIO()
    prs.save(out)
    parts = unzipped(out.getvalue())
    ns = f'xmlns:mc="{MC}" xmlns:p="{P}" xmlns:a="{A}" xmlns:p14="{P14}"'
    tail = "" if fallback is None else f"<mc:Fallback>{fallback}</mc:Fallback>"
    alternate = f'<mc:AlternateContent {ns}><mc:Choice Requires="p14">{choice}</mc:Choice>{tail}</mc:AlternateContent>'
    parts[SLIDE] = parts[SLIDE].replace(b"</p:spTree>", alternate.encode() + b"</p:spTree>")
    return zipped(parts)


def test_ink_without_a_fallback_is_listed_as_not_read():
    for fallback in (None, ""):
        doc = extract_bytes(with_choice_only(ink_part(), fallback), "t.pptx")
        assert texts(doc) == [("heading", "Shapes"), ("paragraph", "Before"), ("paragraph", "After")]
        assert [(s.what, s.name, s.reason) for s in doc.coverage.skipped] == [
            (
                "shape",
                "slide 1: Ink 3",
                "alternate content needing 'p14' (p14:contentPart) that is not read, with no fallback",
            )
        ]


def test_a_text_box_beside_ink_in_a_choice_without_a_fallback_is_read():
    # placed by its top (3.5 in) between "Before" (1.5 in) and "After" (6 in)
    choice = text_box("TextBox 7", 3200400, "Sign here") + ink_part("Ink 8")
    doc = extract_bytes(with_choice_only(choice), "t.pptx")
    assert texts(doc) == [
        ("heading", "Shapes"),
        ("paragraph", "Before"),
        ("paragraph", "Sign here"),
        ("paragraph", "After"),
    ]
    assert [s.name for s in doc.coverage.skipped] == ["slide 1: Ink 8"]


# -- layout and master placeholders in a choice ---------------------------------------------------

LAYOUT, MASTER = "ppt/slideLayouts/slideLayout2.xml", "ppt/slideMasters/slideMaster1.xml"
#: five inches down, below the slide's text box (2.5 in), numbered points
PLACED = '<a:xfrm><a:off x="457200" y="4572000"/><a:ext cx="8229600" cy="1371600"/></a:xfrm>'
NUMBERED = '<a:lvl1pPr><a:buFont typeface="+mj-lt"/><a:buAutoNum type="arabicPeriod"/></a:lvl1pPr>'


def with_placeholder_in_choice(part: str, xpath: str) -> bytes:
    """A "Title and Content" slide "Plan", its body placeholder (no position or bullets of its own)
    holding "First point" / "Second point", a text box "Read this first" 2.5 in down; in ``part``
    (the layout or the master) the placeholder ``xpath`` finds is placed 5 in down with numbered
    points and put in a p14 choice, a copy of it as the fallback, as PowerPoint wraps a shape."""
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[1])
    slide.shapes.title.text = "Plan"
    frame = slide.placeholders[1].text_frame
    frame.text = "First point"
    frame.add_paragraph().text = "Second point"
    slide.shapes.add_textbox(
        Inches(1), Inches(2.5), Inches(6), Inches(0.5)
    ).text_frame.text = "Read this first"
    out = io.BytesIO()
    prs.save(out)
    parts = unzipped(out.getvalue())
    root = etree.fromstring(parts[part])
    (sp,) = root.xpath(xpath, namespaces={"p": P})
    sp_pr = sp.find(f"{{{P}}}spPr")
    for old in sp_pr.findall(f"{{{A}}}xfrm"):
        sp_pr.remove(old)
    sp_pr.insert(0, etree.fromstring(PLACED.replace("<a:xfrm>", f'<a:xfrm xmlns:a="{A}">')))
    lst = sp.find(f"{{{P}}}txBody/{{{A}}}lstStyle")
    lst.append(etree.fromstring(NUMBERED.replace("<a:lvl1pPr>", f'<a:lvl1pPr xmlns:a="{A}">')))
    alternate = etree.fromstring(
        f'<mc:AlternateContent xmlns:mc="{MC}"><mc:Choice xmlns:p14="{P14}" Requires="p14"/>'
        "<mc:Fallback/></mc:AlternateContent>"
    )
    sp.addprevious(alternate)
    alternate[1].append(etree.fromstring(etree.tostring(sp)))
    alternate[0].append(sp)
    parts[part] = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
    return zipped(parts)


def test_a_layout_placeholder_in_a_choice_gives_the_slide_its_place_and_bullets():
    data = with_placeholder_in_choice(LAYOUT, "//p:sp[p:nvSpPr/p:nvPr/p:ph/@idx='1']")
    doc = extract_bytes(data, "t.pptx")
    # below the text box (5 in, not the top of the slide), numbered as the layout says (not the
    # master's bullets)
    assert texts(doc) == [
        ("heading", "Plan"),
        ("paragraph", "Read this first"),
        ("list", "First point\nSecond point"),
    ]
    assert [(i.text, i.ordered) for i in doc.blocks[2].items] == [
        ("First point", True),
        ("Second point", True),
    ]


def test_a_master_placeholder_in_a_choice_gives_the_slide_its_place_and_bullets():
    # the layout's body placeholder has neither position nor bullets: the master's gives both
    data = with_placeholder_in_choice(MASTER, "//p:sp[p:nvSpPr/p:nvPr/p:ph/@type='body']")
    doc = extract_bytes(data, "t.pptx")
    assert texts(doc) == [
        ("heading", "Plan"),
        ("paragraph", "Read this first"),
        ("list", "First point\nSecond point"),
    ]
    assert [(i.text, i.ordered) for i in doc.blocks[2].items] == [
        ("First point", True),
        ("Second point", True),
    ]


# -- ink whose handwriting was recognised ----------------------------------------------------------

INKML = "http://www.w3.org/2003/InkML"
TRACE = '<inkml:trace contextRef="#ctx0" brushRef="#br0">9604 10637 0,\'0\'0\'0,"0"0"-6,0 0 1,8 23 2</inkml:trace>'


def ink_group(kind: str, inner: str, words: tuple[str, ...] = ()) -> str:
    """A trace group of ``kind`` (writingRegion, paragraph, line, inkWord) as Office writes one,
    an inkWord's recognised alternatives ``words``, best first."""
    one_of = ""
    if words:
        alternatives = "".join(
            f'<emma:interpretation id="interp{n}" emma:lang="en-US" emma:confidence="{1 if n == 0 else 0.5}">'
            f"<emma:literal>{word}</emma:literal></emma:interpretation>"
            for n, word in enumerate(words)
        )
        one_of = f'<emma:one-of disjunction-type="recognition" id="oneOf0">{alternatives}</emma:one-of>'
    return (
        '<inkml:traceGroup><inkml:annotationXML><emma:emma xmlns:emma="http://www.w3.org/2003/04/emma" '
        'version="1.0"><emma:interpretation id="{8646EB18-6E67-4FFA-8739-E20C3C1A0F80}" emma:medium="tactile" '
        f'emma:mode="ink"><msink:context xmlns:msink="http://schemas.microsoft.com/ink/2010/main" type="{kind}" '
        f'rotatedBoundingBox="4334,2653 13237,2575 13262,5384 4359,5462"/></emma:interpretation>{one_of}'
        f"</emma:emma></inkml:annotationXML>{inner}</inkml:traceGroup>"
    )


def inked(ink: str) -> bytes:
    """The base deck with ink between "Before" and "After" (3 in down) as PowerPoint writes it: a
    content part naming the InkML part ``ink`` in a p14 choice, its picture as the fallback."""
    prs, slide = base_deck()
    pic = slide.shapes.add_picture(io.BytesIO(png()), Inches(1), Inches(3), Inches(2), Inches(2))
    pic.name = "Ink 3"
    pic._element.nvPicPr.cNvPr.set("descr", "Handwritten: check the totals")
    content_part = (
        f'<p:contentPart xmlns:p14="{P14}" p14:bwMode="auto" r:id="rIdInk" xmlns:r="http://schemas.'
        'openxmlformats.org/officeDocument/2006/relationships"><p14:nvContentPartPr><p14:cNvPr id="4" '
        'name="Ink 3"/><p14:cNvContentPartPr/><p14:nvPr/></p14:nvContentPartPr><p14:xfrm><a:off x="914400" '
        'y="2743200"/><a:ext cx="1828800" cy="1828800"/></p14:xfrm></p:contentPart>'
    )
    parts = unzipped(wrapped(prs, "Ink 3", content_part, "p14"))
    rels = "ppt/slides/_rels/slide1.xml.rels"
    parts[rels] = parts[rels].replace(
        b"</Relationships>",
        b'<Relationship Id="rIdInk" Type="http://schemas.microsoft.com/office/2011/relationships/inkPart" '
        b'Target="../ink/ink1.xml"/></Relationships>',
    )
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
        b"</Types>", b'<Override PartName="/ppt/ink/ink1.xml" ContentType="application/inkml+xml"/></Types>'
    )
    parts["ppt/ink/ink1.xml"] = (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><inkml:ink xmlns:inkml="{INKML}">'
        '<inkml:definitions><inkml:context xml:id="ctx0"/><inkml:brush xml:id="br0"/></inkml:definitions>'
        f"{ink}</inkml:ink>"
    ).encode()
    return zipped(parts)


def test_recognised_handwriting_is_read_where_the_ink_stands_not_its_picture():
    lines = ink_group(
        "line",
        ink_group("inkWord", TRACE, ("Check", "Cheek")) + ink_group("inkWord", TRACE, ("totals", "to tals")),
    )
    lines += ink_group("line", ink_group("inkWord", TRACE, ("Friday", "Fri day")))
    doc = extract_bytes(inked(ink_group("writingRegion", ink_group("paragraph", lines))), "t.pptx")
    # each line's words, their best alternatives, instead of the picture of the ink
    assert texts(doc) == [
        ("heading", "Shapes"),
        ("paragraph", "Before"),
        ("paragraph", "Check totals\nFriday"),
        ("paragraph", "After"),
    ]
    assert not doc.images and not doc.coverage.skipped
    # a drawing (its trace group says inkDrawing: no words, no alternatives) is still its picture
    doc = extract_bytes(inked(ink_group("writingRegion", ink_group("inkDrawing", TRACE))), "t.pptx")
    assert texts(doc)[2] == ("image", "[Image: Handwritten: check the totals]")


def test_ink_outside_alternate_content_no_longer_loses_the_slide():
    # a p:contentPart straight in the shape tree (ECMA-376's own ink, without a p14 choice or a
    # picture of it): python-pptx's shape factory fails on it, which lost every shape of the slide
    prs, _ = base_deck()
    out = io.BytesIO()
    prs.save(out)
    parts = unzipped(out.getvalue())
    bare = (
        f'<p:contentPart xmlns:p="{P}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/'
        'relationships" r:id="rIdNone"/>'
    )
    parts[SLIDE] = parts[SLIDE].replace(b"</p:spTree>", bare.encode() + b"</p:spTree>")
    doc = extract_bytes(zipped(parts), "t.pptx")
    assert texts(doc) == [("heading", "Shapes"), ("paragraph", "Before"), ("paragraph", "After")]
    assert [(s.what, s.name, s.reason) for s in doc.coverage.skipped] == [
        ("shape", "slide 1: p:contentPart", "p:contentPart that is not read, with no fallback")
    ]
