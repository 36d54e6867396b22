"""OpenDocument presentations: the speaker notes (``presentation:notes``) are read as the slide's
frames are, lists included, and stay tagged as notes."""

from __future__ import annotations

import io
import zipfile

from indexer import extract_bytes, get_chunks, get_markdown

CONTENT = (
    '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
    'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
    'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" '
    'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0">'
    # L1 as Impress writes a numbered list: numbers at level 1, bullets at level 2
    '<office:automatic-styles><text:list-style style:name="L1">'
    '<text:list-level-style-number text:level="1" style:num-suffix="." style:num-format="1"/>'
    '<text:list-level-style-bullet text:level="2" text:bullet-char="•"/>'
    "</text:list-style></office:automatic-styles>"
    "<office:body><office:presentation>{}</office:presentation></office:body></office:document-content>"
)


def _slide(title: str, body: str, notes: str) -> str:
    return (
        f'<draw:page draw:name="{title}">'
        f'<draw:frame presentation:class="title" svg:x="1cm" svg:y="1cm"><draw:text-box><text:p>{title}'
        "</text:p></draw:text-box></draw:frame>"
        f'<draw:frame presentation:class="outline" svg:x="1cm" svg:y="5cm"><draw:text-box><text:p>{body}'
        "</text:p></draw:text-box></draw:frame>"
        '<presentation:notes><draw:page-thumbnail presentation:class="page"/>'
        f'<draw:frame presentation:class="notes" svg:x="1cm" svg:y="14cm">{notes}</draw:frame>'
        "</presentation:notes></draw:page>"
    )


def _odp(*slides: str) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr("mimetype", "application/vnd.oasis.opendocument.presentation")
        zf.writestr("META-INF/manifest.xml", "<manifest/>")
        zf.writestr("content.xml", CONTENT.format("".join(slides)))
    return out.getvalue()


#: a lead-in, three numbered steps (the second with a bulleted sub-point) and a closing line
STEPS = (
    "<draw:text-box><text:p>Say these in order:</text:p>"
    '<text:list text:style-name="L1">'
    "<text:list-item><text:p>Open the valve</text:p></text:list-item>"
    "<text:list-item><text:p>Read the gauge</text:p>"
    "<text:list><text:list-item><text:p>twice</text:p></text:list-item></text:list></text:list-item>"
    "<text:list-item><text:p>Close it</text:p></text:list-item>"
    "</text:list><text:p>Then thank them.</text:p></draw:text-box>"
)


def test_numbered_speaker_notes_are_a_list_of_the_notes():
    # L1 level 1 is a text:list-level-style-number, level 2 a bullet: the three steps are
    # ordered, "twice" (in the nested text:list) is a bulleted sub-point.
    doc = extract_bytes(_odp(_slide("Start-up", "Pump house", STEPS)), "deck.odp")
    notes = [b for b in doc.blocks if b.meta.get("notes")]
    assert [b.text for b in doc.blocks if not b.meta.get("notes")] == ["Start-up", "Pump house"]
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
    assert all(b.page == 1 and b.meta["slide_number"] == 1 for b in notes)
    assert all(b.meta["slide_title"] == "Start-up" for b in notes)


def test_a_notes_list_keeps_its_numbers_in_markdown_and_stays_notes_in_the_modes():
    data = _odp(_slide("Start-up", "Pump house", STEPS))
    markdown = get_markdown(data, filename="deck.odp")
    assert (
        "Pump house\n\n::: notes\n\nSay these in order:\n\n1. Open the valve\n2. Read the gauge\n"
        "   - twice\n3. Close it\n\nThen thank them.\n\n:::"
    ) in markdown
    chunks = get_chunks(data, filename="deck.odp", mode="structural")
    (steps,) = [c for c in chunks if "Open the valve" in c["content"]]
    assert steps["content_type"] == "bullet_list"
    assert steps["metadata"]["speaker_notes"] is True
    semantic = get_chunks(data, filename="deck.odp", mode="semantic")
    (notes,) = [c for c in semantic if c["metadata"].get("speaker_notes")]
    assert "Pump house" not in notes["content"] and notes["metadata"]["has_list"] is True


def test_notes_paragraphs_and_line_breaks_are_read_as_on_the_slide():
    # Slide 1: a text:h, a paragraph with a text:line-break and another paragraph, as a slide's
    # frame gives them (one block per paragraph, the line break a new line); the heading stays a
    # paragraph of the notes. Slide 2: the notes' text in a frame nested in the text box is read
    # as a slide's nested frame is, a block per paragraph.
    first = (
        '<draw:text-box><text:h text:outline-level="1">Reminder</text:h>'
        "<text:p>Keys at<text:line-break/>the desk</text:p><text:p>Lock up</text:p></draw:text-box>"
    )
    second = (
        "<draw:text-box><draw:frame><draw:text-box><text:p>Lights off</text:p><text:p>Alarm on</text:p>"
        "</draw:text-box></draw:frame></draw:text-box>"
    )
    doc = extract_bytes(
        _odp(_slide("Closing", "Last out", first), _slide("Night", "Checks", second)), "d.odp"
    )
    notes = [(b.page, b.kind, b.text) for b in doc.blocks if b.meta.get("notes")]
    assert notes == [
        (1, "paragraph", "Reminder"),
        (1, "paragraph", "Keys at\nthe desk"),
        (1, "paragraph", "Lock up"),
        (2, "paragraph", "Lights off"),
        (2, "paragraph", "Alarm on"),
    ]
    assert [b.text for b in doc.blocks if b.kind == "heading"] == ["Closing", "Night"]
