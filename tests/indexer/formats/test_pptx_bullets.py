"""Bullets in PowerPoint text frames: what a paragraph inherits from its layout and master, and
un-bulleted lines among bulleted ones."""

from __future__ import annotations

import io

from indexer import extract_bytes


def _save(deck) -> bytes:
    out = io.BytesIO()
    deck.save(out)
    return out.getvalue()


def _slide_blocks(data: bytes, number: int = 1) -> list:
    doc = extract_bytes(data, "deck.pptx")
    return [b for b in doc.blocks if b.meta["slide_number"] == number and b.kind != "heading"]


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
