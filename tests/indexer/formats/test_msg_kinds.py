"""Outlook items that are neither e-mails, contact cards nor calendar items keep the fields their
Outlook form shows: a journal entry's kind of activity, company and time (checked by hand in the
file's property streams)."""

from __future__ import annotations

from indexer import extract, get_chunks
from indexer.model import HEADING, PARAGRAPH

MSGREADER = "msg/MsgReader"


def test_a_journal_entry_gives_what_it_logged_and_when(real_world):
    # hughbe__Journal Entry.msg, class IPM.Activity: PidLidLogTypeDesc "Phone call" (PidLidLogType
    # "Phone Call"), PidLidCompanies ["Company"], PidLidLogStart 2020-09-08 09:59 UTC, PidLidLogEnd
    # 10:09 UTC, PidLidLogDuration 10 (minutes); saved by hughbellars@gmail.com at 09:59:33.
    path = real_world / MSGREADER / "hughbe__Journal Entry.msg"
    doc = extract(path)
    assert doc.metadata["message_class"] == "IPM.Activity"
    assert [(b.kind, b.text) for b in doc.blocks] == [
        (HEADING, "Journal Entry"),
        (
            PARAGRAPH,
            "From: hughbellars@gmail.com\n"
            "Date: 2020-09-08 09:59:33 UTC\n"
            "Subject: Journal Entry\n"
            "Entry Type: Phone call\n"
            "Company: Company\n"
            "Start: 2020-09-08 09:59:00 UTC\n"
            "End: 2020-09-08 10:09:00 UTC\n"
            "Duration: 10 minutes",
        ),
        (PARAGRAPH, "Body"),
    ]
    assert any("Entry Type: Phone call" in c["content"] for c in get_chunks(path))
