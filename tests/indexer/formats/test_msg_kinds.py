"""Outlook items other than e-mails keep the fields their Outlook form shows: a journal entry's
kind of activity, company and time (checked by hand in the file's property streams), a task's
dates, status, work and owner, a counter proposal's proposed time, a contact group's members (built
with those properties); a meeting's location the body gives already is not written twice, nor a
sticky note's subject, its first line, said by its heading only."""

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


TASK_PROPERTIES = "00062003-0000-0000-C000-000000000046"  # PSETID_Task


def test_a_task_gives_its_dates_status_work_and_owner():
    import datetime as dt

    from aspose.email_foss.msg.property_types import PropertyTypeCode as T

    from ._outlook import outlook_message

    data = outlook_message(
        "Descale the kettle",
        "Vinegar, then rinse twice.",
        (),
        message_class="IPM.Task",
        named=(
            (
                TASK_PROPERTIES,
                0x8104,
                T.PTYP_TIME,
                dt.datetime(2024, 5, 6, tzinfo=dt.UTC),
            ),  # PidLidTaskStartDate
            (
                TASK_PROPERTIES,
                0x8105,
                T.PTYP_TIME,
                dt.datetime(2024, 5, 10, tzinfo=dt.UTC),
            ),  # PidLidTaskDueDate
            (TASK_PROPERTIES, 0x8101, T.PTYP_INTEGER32, 1),  # PidLidTaskStatus: in progress
            (TASK_PROPERTIES, 0x8102, T.PTYP_FLOATING64, 0.25),  # PidLidPercentComplete
            (TASK_PROPERTIES, 0x8111, T.PTYP_INTEGER32, 90),  # PidLidTaskEstimatedEffort, minutes
            (TASK_PROPERTIES, 0x8110, T.PTYP_INTEGER32, 30),  # PidLidTaskActualEffort, minutes
            (TASK_PROPERTIES, 0x811F, T.PTYP_STRING, "Ada Lovelace"),  # PidLidTaskOwner
        ),
    )
    doc = extract(data, filename="task.msg")
    assert doc.metadata["message_class"] == "IPM.Task"
    assert [b.text for b in doc.blocks] == [
        "Descale the kettle",
        "Subject: Descale the kettle\n"
        "Start Date: 2024-05-06\n"
        "Due Date: 2024-05-10\n"
        "Status: In Progress\n"
        "% Complete: 25%\n"
        "Total Work: 1 hour 30 minutes\n"
        "Actual Work: 30 minutes\n"
        "Owner: Ada Lovelace",
        "Vinegar, then rinse twice.",
    ]


def test_a_finished_task_gives_the_day_it_was_done():
    import datetime as dt

    from aspose.email_foss.msg.property_types import PropertyTypeCode as T

    from ._outlook import outlook_message

    data = outlook_message(
        "File the receipts",
        "",
        (),
        message_class="IPM.Task",
        named=(
            (TASK_PROPERTIES, 0x8101, T.PTYP_INTEGER32, 2),  # PidLidTaskStatus: complete
            (TASK_PROPERTIES, 0x8102, T.PTYP_FLOATING64, 1.0),
            (
                TASK_PROPERTIES,
                0x810F,
                T.PTYP_TIME,
                dt.datetime(2024, 6, 3, tzinfo=dt.UTC),
            ),  # PidLidTaskDateCompleted
        ),
    )
    doc = extract(data, filename="done.msg")
    assert doc.blocks[1].text.split("\n") == [
        "Subject: File the receipts",
        "Status: Completed",
        "% Complete: 100%",
        "Date Completed: 2024-06-03",
    ]


APPOINTMENT_PROPERTIES = "00062002-0000-0000-C000-000000000046"  # PSETID_Appointment


def test_a_counter_proposal_gives_the_time_it_proposes():
    import datetime as dt

    from aspose.email_foss.msg.property_types import PropertyTypeCode as T

    from ._outlook import outlook_message

    data = outlook_message(
        "New Time Proposed: Kettle tasting",
        "Could we start an hour later?",
        (),
        message_class="IPM.Schedule.Meeting.Resp.Tent",
        named=(
            (
                APPOINTMENT_PROPERTIES,
                0x820D,
                T.PTYP_TIME,
                dt.datetime(2024, 5, 6, 9, 0, tzinfo=dt.UTC),
            ),  # PidLidAppointmentStartWhole
            (
                APPOINTMENT_PROPERTIES,
                0x820E,
                T.PTYP_TIME,
                dt.datetime(2024, 5, 6, 9, 45, tzinfo=dt.UTC),
            ),  # PidLidAppointmentEndWhole
            (APPOINTMENT_PROPERTIES, 0x8257, T.PTYP_BOOLEAN, True),  # PidLidAppointmentCounterProposal
            (
                APPOINTMENT_PROPERTIES,
                0x8250,
                T.PTYP_TIME,
                dt.datetime(2024, 5, 6, 10, 0, tzinfo=dt.UTC),
            ),  # PidLidAppointmentProposedStartWhole
            (
                APPOINTMENT_PROPERTIES,
                0x8251,
                T.PTYP_TIME,
                dt.datetime(2024, 5, 6, 10, 45, tzinfo=dt.UTC),
            ),  # PidLidAppointmentProposedEndWhole
        ),
    )
    doc = extract(data, filename="counter.msg")
    assert doc.blocks[1].text.split("\n") == [
        "Subject: New Time Proposed: Kettle tasting",
        "Start: 2024-05-06 09:00:00 UTC",
        "End: 2024-05-06 09:45:00 UTC",
        "Proposed Start: 2024-05-06 10:00:00 UTC",
        "Proposed End: 2024-05-06 10:45:00 UTC",
    ]
    assert doc.blocks[2].text == "Could we start an hour later?"


def test_a_meeting_requests_location_its_body_gives_is_not_written_twice():
    import datetime as dt

    from aspose.email_foss.msg.property_types import PropertyTypeCode as T

    from ._outlook import outlook_message

    body = "When: Monday, 6 May 2024 09:00-09:45 (UTC)\nWhere: Room 4, Hearth House\n\nBring mugs."

    def request(location: str) -> list[str]:
        data = outlook_message(
            "Kettle tasting",
            body,
            (),
            message_class="IPM.Schedule.Meeting.Request",
            named=(
                (APPOINTMENT_PROPERTIES, 0x8208, T.PTYP_STRING, location),  # PidLidLocation
                (APPOINTMENT_PROPERTIES, 0x820D, T.PTYP_TIME, dt.datetime(2024, 5, 6, 9, 0, tzinfo=dt.UTC)),
            ),
        )
        return extract(data, filename="request.msg").blocks[1].text.split("\n")

    # the body's "Where:" line gives the place: the fields keep the start only
    assert request("Room 4, Hearth House") == ["Subject: Kettle tasting", "Start: 2024-05-06 09:00:00 UTC"]
    # a place the body does not give is kept
    assert request("Room 5") == [
        "Subject: Kettle tasting",
        "Location: Room 5",
        "Start: 2024-05-06 09:00:00 UTC",
    ]


ADDRESS_PROPERTIES = "00062004-0000-0000-C000-000000000046"  # PSETID_Address
ONE_OFF_PROVIDER = bytes.fromhex("812B1FA4BEA310199D6E00DD010F5402")  # MS-OXCDATA 2.2.5.1


def one_off(name: str, address: str) -> bytes:
    """A one-off entry ID: flags, provider, version 0, then MIME, Unicode and no-lookup set (01 90)
    and the display name, address type and address in UTF-16, each ended by a NUL."""
    strings = "".join(f"{s}\0" for s in (name, "SMTP", address)).encode("utf-16-le")
    return bytes(4) + ONE_OFF_PROVIDER + bytes(2) + b"\x01\x90" + strings


def test_a_contact_group_lists_its_members():
    from aspose.email_foss.msg.property_types import PropertyTypeCode as T

    from ._outlook import outlook_message

    members = [
        one_off("Ada Lovelace", "ada@hearth.example"),
        one_off("grace@hearth.example", "grace@hearth.example"),
    ]
    data = outlook_message(
        "Kettle club",
        "Tasting on Mondays.",
        (),
        message_class="IPM.DistList",
        named=(
            (ADDRESS_PROPERTIES, 0x8054, T.PTYP_MULTIPLE_BINARY, members),
        ),  # PidLidDistributionListOneOffMembers
    )
    doc = extract(data, filename="club.msg")
    assert [b.text for b in doc.blocks] == [
        "Kettle club",
        "Members: Ada Lovelace <ada@hearth.example>, grace@hearth.example",
        "Tasting on Mondays.",
    ]


def test_a_sticky_notes_subject_its_first_line_is_said_once_as_its_heading():
    from ._outlook import outlook_message

    text = "Call the plumber about the leak\nunder the kitchen sink, before Friday."
    owner = {0x0C1A: "Ann Lee", 0x5D01: "ann@example.org"}
    # Outlook keeps a note's first line as its subject, to list it by
    data = outlook_message(text.split("\n")[0], text, message_class="IPM.StickyNote", properties=owner)
    doc = extract(data, filename="note.msg")
    # the heading, a Subject: line and the body said it three times; the heading alone now
    assert [(b.kind, b.text) for b in doc.blocks] == [
        (HEADING, "Call the plumber about the leak"),
        (PARAGRAPH, "From: Ann Lee <ann@example.org>"),
        (PARAGRAPH, "under the kitchen sink, before Friday."),
    ]
    assert doc.metadata["subject"] == "Call the plumber about the leak"
    # a subject the note's text does not start with is a field of its own, and an e-mail's
    # subject its body repeats keeps its line
    data = outlook_message("Plumber", text, message_class="IPM.StickyNote", properties=owner)
    assert "Subject: Plumber" in extract(data, filename="note.msg").blocks[1].text
    data = outlook_message("Call the plumber about the leak", text, properties=owner)
    assert "Subject: Call the plumber" in extract(data, filename="mail.msg").blocks[1].text


PUBLIC_STRINGS = "00020329-0000-0000-C000-000000000046"  # PS_PUBLIC_STRINGS


def test_an_items_categories_are_a_line_of_its_paragraph():
    from aspose.email_foss.msg.property_types import PropertyTypeCode as T

    from ._outlook import outlook_message

    def filed(*names: str) -> list:
        return [(PUBLIC_STRINGS, "Keywords", T.PTYP_MULTIPLE_STRING, list(names))]

    owner = {0x0C1A: "Ann Lee", 0x5D01: "ann@example.org"}
    note = {"subject": "Minutes", "body": "Agreed.", "properties": owner, "named": filed("Board")}
    data = outlook_message(
        "Budget",
        "The figures.",
        properties=owner,
        named=filed("Finance", "Q3 review"),
        embedded=[("minutes.msg", note)],
    )
    paragraphs = [b.text for b in extract(data, filename="budget.msg").blocks if b.kind == PARAGRAPH]
    assert paragraphs == [
        "From: Ann Lee <ann@example.org>\nSubject: Budget\nCategories: Finance, Q3 review",
        "The figures.",
        "From: Ann Lee <ann@example.org>\nSubject: Minutes\nCategories: Board",
        "Agreed.",
    ]
    # a contact card's too, after its fields
    card = outlook_message(
        "Li Wei", message_class="IPM.Contact", properties={0x3001: "Li Wei"}, named=filed("Suppliers")
    )
    assert extract(card, filename="li.msg").blocks[1].text == "Full Name: Li Wei\nCategories: Suppliers"


def one_off_8_bit(name: str, address: str, encoding: str) -> bytes:
    """A one-off entry ID as :func:`one_off` writes one but for the Unicode flag (01 10): its
    strings 8-bit, in ``encoding``."""
    strings = "".join(f"{s}\0" for s in (name, "SMTP", address)).encode(encoding)
    return bytes(4) + ONE_OFF_PROVIDER + bytes(2) + b"\x01\x10" + strings


def test_a_contact_groups_8_bit_members_are_read_in_its_code_page():
    # an ANSI contact group of code page 1251: its members' names were read in Windows-1252,
    # "Àäà Ëàâëåéñ" for "Ада Лавлейс"
    from aspose.email_foss.msg.property_types import PropertyTypeCode as T

    from ._outlook import outlook_message

    members = [one_off_8_bit("Ада Лавлейс", "ada@hearth.example", "cp1251")]
    data = outlook_message(
        "Клуб",
        ansi="cp1251",
        message_class="IPM.DistList",
        properties={0x3FFD: 1251},
        named=((ADDRESS_PROPERTIES, 0x8054, T.PTYP_MULTIPLE_BINARY, members),),
    )
    doc = extract(data, filename="club.msg")
    assert [b.text for b in doc.blocks] == ["Клуб", "Members: Ада Лавлейс <ada@hearth.example>"]
