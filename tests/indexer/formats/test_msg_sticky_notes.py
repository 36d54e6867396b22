"""An Outlook sticky note (IPM.StickyNote) keeps its text's first line as its subject, to list it
by: that line is the note's heading, said once, and its body is the lines after it, under that
heading. Notes built with aspose-email-foss (tests/indexer/formats/_outlook.py)."""

from __future__ import annotations

from indexer import extract, get_chunks
from indexer.model import HEADING, PARAGRAPH

OWNER = {0x0C1A: "Ann Lee", 0x5D01: "ann@example.org"}


def note(text: str, subject: str | None = None) -> bytes:
    from ._outlook import outlook_message

    first = text.split("\n")[0] if subject is None else subject
    return outlook_message(first, text, message_class="IPM.StickyNote", properties=OWNER)


def test_the_first_line_is_the_heading_and_not_said_again_in_the_body(tmp_path):
    data = note("Order more paper\nfor the second floor printer,\nA4 and A3.")
    doc = extract(data, filename="note.msg")
    assert [(b.kind, b.text) for b in doc.blocks] == [
        (HEADING, "Order more paper"),
        (PARAGRAPH, "From: Ann Lee <ann@example.org>"),
        (PARAGRAPH, "for the second floor printer,\nA4 and A3."),
    ]
    assert doc.text.count("Order more paper") == 1
    path = tmp_path / "note.msg"
    path.write_bytes(data)
    chunks = get_chunks(path)
    body = next(c for c in chunks if "second floor" in c["content"])
    assert "Order more paper" not in body["content"]
    assert body["metadata"]["heading_path"] == ["Order more paper"]
    # the document's subject is the note's first line still
    assert doc.metadata["subject"] == "Order more paper"


def test_a_note_of_one_line_is_its_heading_alone():
    doc = extract(note("Dentist Tuesday 9:30"), filename="note.msg")
    assert [(b.kind, b.text) for b in doc.blocks] == [
        (HEADING, "Dentist Tuesday 9:30"),
        (PARAGRAPH, "From: Ann Lee <ann@example.org>"),
    ]
    # its text was there: the message is not counted as one without a body
    assert doc.coverage.messages_empty == 0


def test_a_first_paragraph_of_the_first_line_alone_goes_the_next_ones_stay():
    doc = extract(note("Packing list\n\nTent and poles.\n\nTwo sleeping bags."), filename="note.msg")
    texts = [b.text for b in doc.blocks]
    assert texts[0] == "Packing list"
    assert "Packing list" not in "\n".join(texts[1:])
    assert "Tent and poles." in texts and "Two sleeping bags." in texts


def test_a_body_not_starting_with_the_subject_line_is_kept_whole():
    # a subject cut short, or changed, is not the first line: the body says it all
    text = "Call the plumber about the leak\nunder the kitchen sink."
    doc = extract(note(text, subject="Call the plumber"), filename="note.msg")
    assert doc.blocks[0].text == "Call the plumber"
    assert doc.blocks[-1].text == text
    doc = extract(note(text, subject="Plumber"), filename="note.msg")
    assert doc.blocks[-1].text == text
