"""Outlook .msg: the header paragraph and message numbers read as an .eml's do: recipients joined
with commas, the date marked as UTC, messages numbered from 1."""

from __future__ import annotations

from indexer import extract
from indexer.formats.msg import header_text
from indexer.model import PARAGRAPH


def test_recipients_are_joined_with_commas_and_unaddressed_names_with_a_comma_quoted():
    h = {
        "from": "Paliarik, Martin <mpaliarik@mdlz.com>",
        # Exchange-only recipients keep their display name alone
        "to": ["Wilson, Chris", "Chris.Wilson@leeds.gov.uk", "Doe, Jane <jane@x.org>"],
        "cc": [],
        "bcc": [],
        "sent_date": "2017-10-23 09:05:21",
        "received_date": None,
        "subject": "Hi",
    }
    assert header_text(h).splitlines() == [
        "From: Paliarik, Martin <mpaliarik@mdlz.com>",
        'To: "Wilson, Chris", Chris.Wilson@leeds.gov.uk, Doe, Jane <jane@x.org>',
        "Date: 2017-10-23 09:05:21 UTC",
        "Subject: Hi",
    ]


def test_the_file_message_is_message_1_and_its_date_says_utc(real_world):
    # msg-extractor_unicode.msg: PR_CLIENT_SUBMIT_TIME 2013-11-18 08:26:24 (UTC, read with extract-msg)
    doc = extract(real_world / "msg" / "msg-extractor_unicode.msg")
    header = next(b for b in doc.blocks if b.kind == PARAGRAPH)
    assert "Date: 2013-11-18 08:26:24 UTC" in header.text.splitlines()
    assert {b.meta["message_index"] for b in doc.blocks} == {1}
    assert doc.metadata["sent_date"] == "2013-11-18 08:26:24"  # the metadata value is unchanged
