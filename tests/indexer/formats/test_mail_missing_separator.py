"""A part whose writer left out the blank line between its header fields and its body (the body,
an attachment's base64, right below the last field) is read with its body: its header section
ends at the first line that is neither a field nor a field's continuation. It was read as all
header, its data lost. Built messages, each expected text the one written into them; and
MimeKit's issue1189 mailbox, whose attachment is sent so."""

from __future__ import annotations

import base64

from indexer import extract, extract_bytes
from tests.conftest import REAL_WORLD


def _message(second_part: str) -> bytes:
    return (
        'From: ana@example.org\nSubject: Notes\nContent-Type: multipart/mixed; boundary="b"\n\n'
        "--b\nContent-Type: text/plain\n\nSee the notes.\n"
        f"--b\n{second_part}\n--b--\n"
    ).encode()


def test_an_attachment_right_below_its_fields_keeps_its_data():
    encoded = base64.b64encode(b"Room 4B at noon").decode()
    part = (
        'Content-Type: text/plain; name="notes.txt"\nContent-Transfer-Encoding: base64\n'
        f'Content-Disposition: attachment;\n filename="notes.txt"\n{encoded}'
    )
    doc = extract_bytes(_message(part), "notes.eml")
    assert [b.text for b in doc.blocks if b.meta.get("attachment") == "notes.txt"] == [
        "Attachment: notes.txt",
        "Room 4B at noon",
    ]
    assert doc.coverage.skipped == ()


def test_a_text_part_right_below_its_fields_is_text():
    doc = extract_bytes(_message("Content-Type: text/plain; charset=utf-8\nBring the keys, Zoë."), "keys.eml")
    assert [b.text for b in doc.blocks][-2:] == ["See the notes.", "Bring the keys, Zoë."]


def test_mimekit_issue1189_attachment_is_no_longer_empty(real_world):
    doc = extract(REAL_WORLD / "mbox" / "MimeKit_issue1189.mbox")
    [entry] = doc.coverage.skipped
    assert entry.name == "Attachment.zip"
    # its base64 follows its Content-Disposition field directly: now read (a 7-Zip archive, a
    # type not indexed), it was "the attachment holds no data"
    assert entry.reason == "application/x-zip-compressed attachments are not indexed"
    assert doc.metadata["message_count"] == 4
