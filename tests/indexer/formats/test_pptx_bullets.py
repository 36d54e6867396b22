"""Bullets in PowerPoint text frames: what a paragraph inherits from its layout and master, and
un-bulleted lines among bulleted ones."""

from __future__ import annotations

import io
import re

from lxml import etree

from indexer import extract_bytes
from indexer.api import extract

A = "http://schemas.openxmlformats.org/drawingml/2006/main"
P = "http://schemas.openxmlformats.org/presentationml/2006/main"


def _save(deck) -> bytes:
    out = io.BytesIO()
    deck.save(out)
    return out.getvalue()


def _slide_blocks(data: bytes, number: int = 1) -> list:
    doc = extract_bytes(data, "deck.pptx")
    return [b for b in doc.blocks if b.meta["slide_number"] == number and b.kind != "heading"]


def _bullet(paragraph, kind: str) -> None:
    """Give a python-pptx paragraph its own bullet: ``a:buChar``, ``a:buAutoNum`` or ``a:buNone``."""
    ppr = paragraph._p.get_or_add_pPr()
    if kind == "char":
        etree.SubElement(ppr, f"{{{A}}}buChar", char="•")
    elif kind == "num":
        etree.SubElement(ppr, f"{{{A}}}buAutoNum", type="arabicPeriod")
    else:
        etree.SubElement(ppr, f"{{{A}}}buNone")


def _fill(frame, texts: list[str]) -> list:
    frame.text = texts[0]
    for text in texts[1:]:
        frame.add_paragraph().text = text
    return list(frame.paragraphs)


def test_title_and_content_points_are_a_list():
    # The default template's "Title and Content" body (p:ph idx="1", type obj) has no bullets of its
    # own; the master's p:bodyStyle gives lvl1pPr and lvl2pPr a:buChar "•", so all four are bullets.
    from pptx import Presentation

    deck = Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[1])
    slide.shapes.title.text = "Plan"
    paragraphs = _fill(slide.placeholders[1].text_frame, ["First point", "Second point", "Third point"])
    assert all(p._p.pPr is None for p in paragraphs)
    (block,) = _slide_blocks(_save(deck))
    assert block.kind == "list"
    assert [(i.text, i.level, i.ordered) for i in block.items] == [
        ("First point", 0, False),
        ("Second point", 0, False),
        ("Third point", 0, False),
    ]


def test_the_layout_list_style_overrides_the_master():
    # "Title Slide": the subtitle placeholder's layout lstStyle has lvl1pPr a:buNone, which hides
    # the master's body bullet, so two subtitle lines stay one paragraph. "Section Header" alike.
    from pptx import Presentation

    deck = Presentation()
    first = deck.slides.add_slide(deck.slide_layouts[0])
    first.shapes.title.text = "Water board"
    _fill(first.placeholders[1].text_frame, ["Annual review", "March 2024"])
    second = deck.slides.add_slide(deck.slide_layouts[1])
    second.shapes.title.text = "Points"
    _fill(second.placeholders[1].text_frame, ["Pumps", "Pipes"])
    data = _save(deck)
    assert [(b.kind, b.text) for b in _slide_blocks(data, 1)] == [("paragraph", "Annual review\nMarch 2024")]
    assert [(b.kind, b.text) for b in _slide_blocks(data, 2)] == [("list", "Pumps\nPipes")]


def test_a_placeholder_paragraph_with_bu_none_is_a_lead_in():
    from pptx import Presentation

    deck = Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[1])
    slide.shapes.title.text = "Repairs"
    paragraphs = _fill(
        slide.placeholders[1].text_frame, ["This year we fixed:", "Main 7", "Quay Street", "Dock pump"]
    )
    _bullet(paragraphs[0], "none")
    paragraphs[2].level = 1
    blocks = _slide_blocks(_save(deck))
    assert [(b.kind, b.text) for b in blocks] == [
        ("paragraph", "This year we fixed:"),
        ("list", "Main 7\n  Quay Street\nDock pump"),
    ]
    assert [(i.level, i.ordered) for i in blocks[1].items] == [(0, False), (1, False), (0, False)]


def test_text_boxes_have_no_bullets_by_default_and_lead_ins_stay_paragraphs():
    # A text box (p:cNvSpPr txBox="1") inherits no bullet: a lead-in line without its own bullet
    # above bulleted or numbered lines is a paragraph, not a "-" item.
    from pptx import Presentation
    from pptx.util import Inches

    deck = Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[6])
    box = slide.shapes.add_textbox(Inches(1), Inches(1), Inches(3), Inches(2))
    paragraphs = _fill(box.text_frame, ["Some info:", "Item A", "Item B"])
    _bullet(paragraphs[1], "char")
    _bullet(paragraphs[2], "char")
    other = slide.shapes.add_textbox(Inches(1), Inches(4), Inches(3), Inches(2))
    paragraphs = _fill(other.text_frame, ["Steps", "Open the valve", "Read the gauge", "Thanks."])
    _bullet(paragraphs[1], "num")
    _bullet(paragraphs[2], "num")
    plain = slide.shapes.add_textbox(Inches(1), Inches(6), Inches(3), Inches(1))
    _fill(plain.text_frame, ["One line", "Another line"])
    blocks = _slide_blocks(_save(deck))
    assert [(b.kind, b.text) for b in blocks] == [
        ("paragraph", "Some info:"),
        ("list", "Item A\nItem B"),
        ("paragraph", "Steps"),
        ("list", "Open the valve\nRead the gauge"),
        ("paragraph", "Thanks."),
        ("paragraph", "One line\nAnother line"),
    ]
    assert [i.ordered for i in blocks[1].items] == [False, False]
    assert [i.ordered for i in blocks[3].items] == [True, True]


def test_real_deck_inherited_bullets_and_lead_ins(real_world):
    # powerpoint_sample.pptx, ppt/slides/slide2.xml: "Content Placeholder 2" (<p:ph idx="1"/>);
    # its first paragraph has <a:buNone/>, the other three no pPr, and slideMaster1.xml's
    # p:bodyStyle lvl1pPr has <a:buChar char="•"/>. Slide 3: text boxes whose first lines
    # "Some info:" and "Maybe a list?" have no pPr, the lines below a:buChar / a:buAutoNum.
    doc = extract(real_world / "pptx" / "kreuzberg" / "powerpoint_sample.pptx")
    body = [(b.kind, b.text) for b in doc.blocks if b.meta["slide_number"] == 2 and not b.meta.get("notes")]
    assert ("paragraph", "Let’s introduce a list") in body
    assert ("list", "With foo\nBar\nAnd baz things") in body
    assert not any("Let’s introduce" in text and "With foo" in text for _, text in body)
    third = [(b.kind, b.text) for b in doc.blocks if b.meta["slide_number"] == 3 and not b.meta.get("notes")]
    assert third[third.index(("paragraph", "Some info:")) + 1] == ("list", "Item A\nItem B")
    lead = third.index(("paragraph", "Maybe a list?"))
    assert third[lead + 1] == ("list", "List1\nList2\nList3")


def _notes_deck(notes_style_bullet: bool = False) -> bytes:
    """One "Title and Content" slide whose notes are a lead-in, three numbered steps (the second
    with a bulleted sub-point at level 1) and a closing line. With ``notes_style_bullet`` the
    notes master's ``p:notesStyle`` gives level 1 a bullet, and the paragraphs of a second slide's
    notes have no pPr of their own."""
    from pptx import Presentation

    deck = Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[1])
    slide.shapes.title.text = "Start-up"
    slide.placeholders[1].text_frame.text = "Pump house"
    paragraphs = _fill(
        slide.notes_slide.notes_text_frame,
        ["Say these in order:", "Open the valve", "Read the gauge", "twice", "Close it", "Then thank them."],
    )
    for paragraph in paragraphs[1:3] + paragraphs[4:5]:
        _bullet(paragraph, "num")
    paragraphs[3].level = 1
    _bullet(paragraphs[3], "char")
    if notes_style_bullet:
        style = deck.notes_master._element.find(f"{{{P}}}notesStyle")
        style.find(f"{{{A}}}lvl1pPr").insert(0, etree.Element(f"{{{A}}}buChar", char="•"))
        second = deck.slides.add_slide(deck.slide_layouts[1])
        second.shapes.title.text = "Checks"
        second.placeholders[1].text_frame.text = "Meters"
        notes = _fill(second.notes_slide.notes_text_frame, ["Water meter", "Gas meter", "No questions here."])
        _bullet(notes[2], "none")
    return _save(deck)


def test_numbered_speaker_notes_are_a_list_of_the_notes():
    # Each step's pPr has <a:buAutoNum type="arabicPeriod"/>, "twice" lvl="1" and <a:buChar/>;
    # the lead-in and the closing line have no pPr, and the notes master has no bullets.
    blocks = _slide_blocks(_notes_deck())
    notes = [b for b in blocks if b.meta.get("notes")]
    assert [b.text for b in blocks if not b.meta.get("notes")] == ["Pump house"]
    assert [(b.kind, b.text) for b in notes] == [
        ("paragraph", "Say these in order:"),
        ("list", "Open the valve\nRead the gauge\n  twice\nClose it"),
        ("paragraph", "Then thank them."),
    ]
    assert [(i.text, i.level, i.ordered) for i in notes[1].items] == [
        ("Open the valve", 0, True),
        ("Read the gauge", 0, True),
        ("twice", 1, False),
        ("Close it", 0, True),
    ]
    assert all(b.page == 1 and b.meta["slide_title"] == "Start-up" for b in notes)


def test_a_notes_list_keeps_its_numbers_in_markdown_and_stays_notes_in_the_modes():
    from indexer import get_chunks, get_markdown

    data = _notes_deck()
    markdown = get_markdown(data, filename="deck.pptx")
    assert (
        "::: notes\n\nSay these in order:\n\n1. Open the valve\n2. Read the gauge\n   - twice\n3. Close it"
        "\n\nThen thank them.\n\n:::"
    ) in markdown
    chunks = get_chunks(data, filename="deck.pptx", mode="structural")
    (steps,) = [c for c in chunks if "Open the valve" in c["content"]]
    assert steps["content_type"] == "bullet_list"
    assert steps["metadata"]["speaker_notes"] is True
    semantic = get_chunks(data, filename="deck.pptx", mode="semantic")
    (notes,) = [c for c in semantic if c["metadata"].get("speaker_notes")]
    assert "Pump house" not in notes["content"] and notes["metadata"]["has_list"] is True


def test_notes_take_the_bullets_of_the_notes_master():
    # Slide 2's notes paragraphs have no pPr but "No questions here." (<a:buNone/>); the notes
    # master's p:notesStyle lvl1pPr says <a:buChar char="•"/>, so the other two are bullets.
    data = _notes_deck(notes_style_bullet=True)
    notes = [(b.kind, b.text) for b in _slide_blocks(data, 2) if b.meta.get("notes")]
    assert notes == [("list", "Water meter\nGas meter"), ("paragraph", "No questions here.")]
    # slide 1: the paragraphs without pPr are bullets too now, before and after the numbered steps
    (steps,) = [b for b in _slide_blocks(data, 1) if b.meta.get("notes")]
    assert [(i.text, i.ordered) for i in steps.items][:2] == [
        ("Say these in order:", False),
        ("Open the valve", True),
    ]


def test_notes_without_their_master_keep_their_own_bullets():
    # A notes slide whose relationship to the notes master is gone: python-pptx still reads its
    # placeholder; the paragraphs' own bullets make the list, nothing is inherited.
    import zipfile

    src = zipfile.ZipFile(io.BytesIO(_notes_deck(notes_style_bullet=True)))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            payload = src.read(info.filename)
            if info.filename.startswith("ppt/notesSlides/_rels/"):
                payload = re.sub(rb"<Relationship [^>]*notesMaster[^>]*/>", b"", payload)
            dst.writestr(info, payload)
    first = [(b.kind, b.text) for b in _slide_blocks(out.getvalue(), 1) if b.meta.get("notes")]
    assert first == [
        ("paragraph", "Say these in order:"),
        ("list", "Open the valve\nRead the gauge\n  twice\nClose it"),
        ("paragraph", "Then thank them."),
    ]
    second = [(b.kind, b.text) for b in _slide_blocks(out.getvalue(), 2) if b.meta.get("notes")]
    assert second == [("paragraph", "Water meter\nGas meter\nNo questions here.")]
