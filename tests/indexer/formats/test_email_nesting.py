"""E-mail: heading levels of nested messages and of headings inside a body."""

from __future__ import annotations

from email.message import EmailMessage

import indexer
from indexer.formats.email import extract_eml, extract_mbox
from indexer.model import HEADING

from ._text_helpers import CTX, SAMPLES


def _mail(subject: str, body: str, *attached: EmailMessage) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = "a@example.org"
    msg["Subject"] = subject
    msg.set_content(body)
    for inner in attached:
        msg.add_attachment(inner)
    return msg


def _headings(doc) -> list[tuple[int, str]]:
    return [(b.level, b.text) for b in doc.blocks if b.kind == HEADING]


def test_a_message_inside_an_attached_message_sits_below_it():
    grandchild = _mail("Original", "the original text")
    child = _mail("Fwd: Original", "forwarding it", grandchild)
    top = _mail("Fwd: Fwd: Original", "forwarding again", child)
    data = top.as_bytes()
    assert _headings(extract_eml(data, CTX)) == [
        (1, "Fwd: Fwd: Original"),
        (2, "Fwd: Original"),
        (3, "Original"),
    ]
    chunks = indexer.get_chunks(data, filename="fwd.eml", mode="section")
    inner = next(c for c in chunks if "the original text" in c["content"])
    assert inner["metadata"]["heading_path"] == ["Fwd: Fwd: Original", "Fwd: Original", "Original"]


def test_an_attached_message_in_a_mailbox_is_not_a_message_of_the_mailbox():
    first = _mail("First", "see attached", _mail("Attached", "inside"))
    second = _mail("Second", "the next message of the mailbox")
    data = b"From a@example.org Mon Jun  3 12:50:27 1996\n" + first.as_bytes() + b"\n"
    data += b"From a@example.org Tue Jun  4 12:50:27 1996\n" + second.as_bytes() + b"\n"
    doc = extract_mbox(data, CTX)
    assert doc.metadata["message_count"] == 2 and doc.coverage.messages_total == 3
    assert _headings(doc) == [(1, "First"), (2, "Attached"), (1, "Second")]


def test_nesting_is_capped_at_level_six():
    msg = _mail("Level 7", "deepest")
    for n in range(6, 0, -1):
        msg = _mail(f"Level {n}", "text", msg)
    assert [level for level, _ in _headings(extract_eml(msg.as_bytes(), CTX))] == [1, 2, 3, 4, 5, 6, 6]


def test_body_headings_sit_below_the_subject():
    # the HTML body's <h1>Your order is on its way</h1> under the subject heading
    data = (SAMPLES / "email" / "order_shipped.eml").read_bytes()
    assert _headings(extract_eml(data, CTX)) == [
        (1, "Your order GS-20417 has shipped"),
        (2, "Your order is on its way"),
        (2, "Attachment: delivery_instructions.txt"),
        (2, "Attachment: invoice_GS-20417.pdf"),
        (3, "Invoice GS-20417"),  # the PDF's title, a level below its attachment heading
    ]
    chunks = indexer.get_chunks(data, filename="order_shipped.eml", mode="section")
    paths = [c["metadata"]["heading_path"] for c in chunks]
    assert ["Your order GS-20417 has shipped", "Your order is on its way"] in paths
    assert ["Your order GS-20417 has shipped", "Attachment: delivery_instructions.txt"] in paths
    assert all(p[0] == "Your order GS-20417 has shipped" for p in paths)


def test_headings_of_a_nested_html_body_and_of_an_attachment_shift_with_the_message():
    inner = EmailMessage()
    inner["From"] = "b@example.org"
    inner["Subject"] = "Inner"
    inner.set_content("<h1>Big title</h1><h2>Part</h2><p>text</p>", subtype="html")
    outer = _mail("Outer", "intro", inner)
    outer.add_attachment("# Notes\n\nsome notes\n", filename="notes.md", subtype="markdown")
    assert _headings(extract_eml(outer.as_bytes(), CTX)) == [
        (1, "Outer"),
        (2, "Attachment: notes.md"),
        (3, "Notes"),
        (2, "Inner"),
        (3, "Big title"),
        (4, "Part"),
    ]


def test_messages_nested_three_deep_in_a_real_mailbox(real_world):
    # 29 "From -" messages; message 1 holds message 2 as a message/rfc822 part; message 3 (file
    # lines 53-210) holds messages 4, 5 and 6, and 6 holds 7, which holds 8 (lines 157-210)
    doc = extract_mbox((real_world / "mbox" / "MimeKit_content-length.mbox").read_bytes(), CTX)
    top = [b for b in doc.blocks if b.kind == HEADING and b.text == b.meta["message_subject"]]
    assert doc.metadata["message_count"] == 29 and doc.coverage.messages_total == 44
    assert sum(1 for b in top if b.level == 1) == 29
    levels = {b.meta["message_index"]: b.level for b in top}
    assert (levels[1], levels[2], levels[3]) == (1, 2, 1)
    assert (levels[6], levels[7], levels[8]) == (2, 3, 4)
