"""What a notes page holds besides its body placeholder: text boxes a user added in Notes Page
view, read after the notes; the page's header, footer, date and number left out. Decks are written
by python-pptx, then the notes page's shapes are added as PowerPoint writes them."""

from __future__ import annotations

import io

from pptx import Presentation
from pptx.util import Inches

from indexer import extract_bytes

from ._zip import unzipped, zipped

NS = (
    'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" '
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'
)


def text_box(shape_id: int, name: str, top: float, text: str) -> str:
    """A text box as PowerPoint inserts one, ``top`` inches down the notes page."""
    return (
        f'<p:sp {NS}><p:nvSpPr><p:cNvPr id="{shape_id}" name="{name}"/><p:cNvSpPr txBox="1"/><p:nvPr/>'
        f'</p:nvSpPr><p:spPr><a:xfrm><a:off x="685800" y="{int(top * 914400)}"/><a:ext cx="5486400" '
        'cy="369332"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:noFill/></p:spPr>'
        '<p:txBody><a:bodyPr wrap="square" rtlCol="0"><a:spAutoFit/></a:bodyPr><a:lstStyle/><a:p><a:r>'
        f'<a:rPr lang="en-US" dirty="0"/><a:t>{text}</a:t></a:r></a:p></p:txBody></p:sp>'
    )


def placeholder(shape_id: int, kind: str, idx: int, paragraph: str) -> str:
    """A header, footer, date or number placeholder of the notes page holding ``paragraph``."""
    return (
        f'<p:sp {NS}><p:nvSpPr><p:cNvPr id="{shape_id}" name="{kind} {shape_id}"/><p:cNvSpPr><a:spLocks '
        f'noGrp="1"/></p:cNvSpPr><p:nvPr><p:ph type="{kind}" sz="quarter" idx="{idx}"/></p:nvPr></p:nvSpPr>'
        f"<p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/>{paragraph}</p:txBody></p:sp>"
    )


def deck_with_notes_page(*shapes: str) -> bytes:
    """Slide "Budget" (a text box "We spend less on pumps.") whose notes read "Say the pump figure
    twice.", ``shapes`` added to its notes page after its placeholders."""
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[5])  # Title Only
    slide.shapes.title.text = "Budget"
    slide.shapes.add_textbox(
        Inches(1), Inches(2), Inches(6), Inches(1)
    ).text_frame.text = "We spend less on pumps."
    slide.notes_slide.notes_text_frame.text = "Say the pump figure twice."
    out = io.BytesIO()
    prs.save(out)
    parts = unzipped(out.getvalue())
    name = next(n for n in parts if n.startswith("ppt/notesSlides/") and n.endswith(".xml"))
    parts[name] = parts[name].replace(b"</p:spTree>", "".join(shapes).encode() + b"</p:spTree>")
    return zipped(parts)


def notes_of(doc) -> list[tuple[str, str]]:
    return [(b.kind, b.text) for b in doc.blocks if b.meta.get("notes")]


def test_text_boxes_of_the_notes_page_are_read_after_the_notes_top_to_bottom():
    # written lower box first: read as the page shows them, top (7.4 in) before bottom (8.2 in)
    data = deck_with_notes_page(
        text_box(10, "TextBox 9", 8.2, "Bring the March meter readings."),
        text_box(11, "TextBox 10", 7.4, "Ask Dana about the spare pump."),
    )
    doc = extract_bytes(data, "deck.pptx")
    assert notes_of(doc) == [
        ("paragraph", "Say the pump figure twice."),
        ("paragraph", "Ask Dana about the spare pump."),
        ("paragraph", "Bring the March meter readings."),
    ]
    assert [b.text for b in doc.blocks if not b.meta.get("notes")] == ["Budget", "We spend less on pumps."]
    assert {(b.page, b.meta["slide_title"]) for b in doc.blocks} == {(1, "Budget")}


def test_the_notes_pages_header_footer_and_number_stay_out():
    # "Apply to All" of the Notes and Handouts header and footer writes the same line on every
    # notes page, and the number is a field: furniture of the printed page, not the notes
    data = deck_with_notes_page(
        placeholder(12, "hdr", 5, '<a:p><a:r><a:rPr lang="en-US"/><a:t>Board meeting</a:t></a:r></a:p>'),
        placeholder(13, "ftr", 6, '<a:p><a:r><a:rPr lang="en-US"/><a:t>Internal use</a:t></a:r></a:p>'),
        placeholder(
            14,
            "sldNum",
            7,
            '<a:p><a:fld id="{B1D6E3A2-0C1F-4E7A-9F4B-5D0A1C2E3F40}" type="slidenum">'
            '<a:rPr lang="en-US"/><a:t>1</a:t></a:fld></a:p>',
        ),
        text_box(15, "TextBox 14", 8.2, "Bring the March meter readings."),
    )
    doc = extract_bytes(data, "deck.pptx")
    assert notes_of(doc) == [
        ("paragraph", "Say the pump figure twice."),
        ("paragraph", "Bring the March meter readings."),
    ]
