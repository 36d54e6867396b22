"""E-mail: a file uuencoded in a plain body (as mail and news programs attached files before
MIME) is an attachment of the message, as mail readers show it, not lines of the body."""

from __future__ import annotations

import binascii

from indexer import extract


def _uuencoded(name: str, data: bytes) -> str:
    lines = [binascii.b2a_uu(data[i : i + 45]).decode() for i in range(0, len(data), 45)]
    return f"begin 644 {name}\n{''.join(lines)}`\nend\n"


def test_a_uuencoded_file_in_the_body_is_an_attachment():
    notes = b"Agenda for Friday: the budget, then the new rota for the spring fair.\n" * 2
    body = "See the notes below.\n\n" + _uuencoded("notes.txt", notes) + "\nThanks, Li\n"
    raw = f"From: li@example.org\nSubject: Notes\nContent-Type: text/plain\n\n{body}".encode()
    doc = extract(raw, filename="notes.eml")
    # the body's own lines, then the file under its name with the text written into it above
    assert [b.text for b in doc.blocks[2:]] == [
        "See the notes below.",
        "Thanks, Li",
        "Attachment: notes.txt",
        "Agenda for Friday: the budget, then the new rota for the spring fair.\n"
        "Agenda for Friday: the budget, then the new rota for the spring fair.",
    ]
    assert doc.coverage.attachments_indexed == ("notes.txt",)
    assert doc.metadata["attachment_count"] == 1
    # "begin" and "end" around lines that are no uuencoding stay text
    raw = b"From: li@example.org\nSubject: Plan\n\nbegin 644 plan.txt\nwe start at ten\nend\n"
    assert "we start at ten" in extract(raw, filename="plan.eml").text
