"""mbox: where one message ends and the next begins."""

from __future__ import annotations

from indexer.formats.email import extract_mbox, split_mbox
from indexer.model import HEADING

from ._text_helpers import CTX

UNESCAPED = (
    b"From - Mon Jun  3 12:50:27 1996\n"
    b"From: Ann <ann@example.org>\n"
    b"Subject: Films\n"
    b"\n"
    b"My favourite:\n"
    b"\n"
    b"From Russia with love\n"
    b"Year: 1963\n"
    b"\n"
    b"What is yours?\n"
    b"\n"
    b"From bob@example.org Tue Jun  4 08:00:00 1996\n"
    b"From: Bob <bob@example.org>\n"
    b"Subject: Re: Films\n"
    b"\n"
    b"Dr. No\n"
    b"From - Wed Jun  5 09:00:00 1996\n"  # no blank line before: a Content-Length mailbox
    b"Return-Path: <cy@example.org>\n"
    b"From: Cy <cy@example.org>\n"
    b"Subject: Re: Films\n"
    b"\n"
    b"Goldfinger\n"
    b"From the start\n"  # no blank line before, no headers after: text
    b"Date: tomorrow\n"
)


def test_unescaped_from_lines_in_a_body_stay_text():
    parts = split_mbox(UNESCAPED)
    assert [p.split(b"\n", 1)[0] for p in parts] == [
        b"From: Ann <ann@example.org>",
        b"From: Bob <bob@example.org>",
        b"Return-Path: <cy@example.org>",
    ]
    doc = extract_mbox(UNESCAPED, CTX)
    assert doc.metadata["message_count"] == 3
    assert [b.text for b in doc.blocks if b.kind == HEADING] == ["Films", "Re: Films", "Re: Films"]
    first = [b.text for b in doc.blocks if b.meta["message_index"] == 1]
    assert "From Russia with love\nYear: 1963" in first
    last = [b.text for b in doc.blocks if b.meta["message_index"] == 3]
    assert "Goldfinger\nFrom the start\nDate: tomorrow" in last


def test_a_leading_byte_order_mark_does_not_hide_the_first_headers():
    data = b"\xef\xbb\xbfFrom -\nFrom: Ann <ann@example.org>\nSubject: Hello\n\nBody text.\n"
    doc = extract_mbox(data, CTX)
    assert [b.text for b in doc.blocks] == [
        "Hello",
        "From: Ann <ann@example.org>\nSubject: Hello",
        "Body text.",
    ]
    assert doc.blocks[0].meta["message_from"] == "Ann <ann@example.org>"


def test_thunderbird_mailbox_with_unmunged_from_lines(real_world):
    # the file: a BOM, two "From -" messages, each body with an unescaped "From Russia with love"
    # line after a blank line, the second followed by "Year: 1963"
    doc = extract_mbox((real_world / "mbox" / "MimeKit_unmunged.mbox").read_bytes(), CTX)
    assert doc.metadata["message_count"] == 2 and doc.coverage.messages_total == 2
    assert [b.text for b in doc.blocks if b.kind == HEADING] == [
        "This is a test message with an unmunged From line",
        "Another test message with an unmunged From line",
    ]
    assert doc.text.count("From Russia with love") == 2
    assert "From Russia with love\nYear: 1963" in doc.text
    assert doc.text.count("From: Jeffrey Stedfast <jeff@xamarin.com>") == 2  # header paragraphs
