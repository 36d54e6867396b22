"""Outlook .msg items that are not e-mails: contact cards, calendar items and meeting requests keep
their own fields (checked by hand with extract-msg's Contact and AppointmentMeeting objects)."""

from __future__ import annotations

import datetime as dt

from indexer import extract, get_chunks
from indexer.model import HEADING, PARAGRAPH

from ._outlook import outlook_message

MSGREADER = "msg/MsgReader"


def test_a_contact_card_gives_its_fields_not_a_sender(real_world):
    # hughbe__contact.msg, class IPM.Contact: display name "Mr First Name Middle Name Last Name
    # Suffix", nickname, job title "Job Titl", department, company, office, profession, manager and
    # assistant; home address "Street\r\nCity, State  ZIP" with country "United States of
    # America"; business +1 (2) 3 x 4, home +2 (3) 4 x 5, mobile +4 (5) 6 x 7, business fax
    # +3 (4) 5 x 6; e-mail 2 "email2" shown as "displayas"; birthday 2020-07-27, anniversary
    # 2020-07-14, spouse "Spouse". Its sender properties (hughbellars@gmail.com) name whoever
    # saved the card, not a sender.
    path = real_world / MSGREADER / "hughbe__contact.msg"
    doc = extract(path)
    heading, card, notes = doc.blocks[:3]
    assert (heading.kind, heading.level, heading.text) == (
        HEADING,
        1,
        "First Name Middle Name Last Name Suffix",
    )
    assert card.kind == PARAGRAPH
    assert card.text.split("\n") == [
        "Full Name: Mr First Name Middle Name Last Name Suffix",
        "Nickname: Nickname",
        "Job Title: Job Titl",
        "Department: Department",
        "Company: Company",
        "Office: Office",
        "Profession: Profession",
        "Manager: Manager",
        "Assistant: Assistant",
        "Home Address: Street, City, State ZIP, United States of America",
        "Business Phone: +1 (2) 3 x 4",
        "Home Phone: +2 (3) 4 x 5",
        "Mobile Phone: +4 (5) 6 x 7",
        "Business Fax: +3 (4) 5 x 6",
        "E-mail 2: displayas <email2>",
        "Birthday: 2020-07-27",
        "Anniversary: 2020-07-14",
        "Spouse/Partner: Spouse",
    ]
    assert notes.text == "notes"
    assert doc.metadata["message_class"] == "IPM.Contact"
    assert doc.metadata["from"] == ""
    assert not any("hughbellars" in b.text for b in doc.blocks if b.meta["message_index"] == 1)
    # the card is searchable: a chunk holds the company and the mobile number
    assert any(
        "Company: Company" in c["content"] and "+4 (5) 6 x 7" in c["content"] for c in get_chunks(path)
    )


def test_a_recurring_appointment_gives_where_when_and_who(real_world):
    # hughbe__Recurring Appointment.msg, class IPM.Appointment: location "Location"; start
    # 2020-10-22 07:00 UTC, end 07:30 UTC (8:00 in London, summer time); time zone "(UTC+00:00)
    # Dublin, Edinburgh, Lisbon, London"; pattern "every Sunday and Thursday from 8:00 AM to
    # 8:30 AM"; organizer and only attendee pstreadertests@outlook.com; body "Body".
    doc = extract(real_world / MSGREADER / "hughbe__Recurring Appointment.msg")
    assert [(b.kind, b.text) for b in doc.blocks] == [
        (HEADING, "Appointment Name"),
        (
            PARAGRAPH,
            "Location: Location\n"
            "Start: 2020-10-22 07:00:00 UTC\n"
            "End: 2020-10-22 07:30:00 UTC\n"
            "Time Zone: (UTC+00:00) Dublin, Edinburgh, Lisbon, London\n"
            "Recurrence: every Sunday and Thursday from 8:00 AM to 8:30 AM\n"
            "Organizer: pstreadertests@outlook.com\n"
            "Required Attendees: pstreadertests@outlook.com",
        ),
        (PARAGRAPH, "Body"),
    ]


def test_a_meeting_lists_its_attendees(real_world):
    # hughbe__Meeting.msg, class IPM.Appointment (a meeting: two required attendees), from
    # 2020-11-02 08:00 to 08:30 UTC; its location property holds "pstreadertests@outlook.com".
    doc = extract(real_world / MSGREADER / "hughbe__Meeting.msg")
    assert doc.blocks[1].text.split("\n") == [
        "Location: pstreadertests@outlook.com",
        "Start: 2020-11-02 08:00:00 UTC",
        "End: 2020-11-02 08:30:00 UTC",
        "Time Zone: (UTC) Coordinated Universal Time",
        "Organizer: pstreadertests@outlook.com",
        "Required Attendees: pstreadertests@outlook.com, hughbellars@gmail.com",
    ]


APPOINTMENT_PROPERTIES = "00062002-0000-0000-C000-000000000046"  # PSETID_Appointment


def test_a_meeting_request_keeps_its_header_and_adds_where_and_when():
    from aspose.email_foss.msg.property_types import PropertyTypeCode as T

    msg = outlook_message(
        "Kettle tasting",
        "Bring mugs.",
        message_class="IPM.Schedule.Meeting.Request",
        properties={
            0x0C1A: "Ada Lovelace",  # PR_SENDER_NAME
            0x0C1F: "ada@hearth.example",  # PR_SENDER_EMAIL_ADDRESS
        },
        recipients=[("grace@hearth.example", "Grace Hopper")],
        named=[
            (APPOINTMENT_PROPERTIES, 0x8208, T.PTYP_STRING, "Room 4"),  # PidLidLocation
            # PidLidAppointmentStartWhole, PidLidAppointmentEndWhole
            (APPOINTMENT_PROPERTIES, 0x820D, T.PTYP_TIME, dt.datetime(2024, 5, 6, 9, 0, tzinfo=dt.UTC)),
            (APPOINTMENT_PROPERTIES, 0x820E, T.PTYP_TIME, dt.datetime(2024, 5, 6, 9, 45, tzinfo=dt.UTC)),
            # PidLidRecurrencePattern
            (APPOINTMENT_PROPERTIES, 0x8232, T.PTYP_STRING, "every Monday from 10:00 to 10:45"),
        ],
    )
    doc = extract(msg, filename="request.msg")
    assert doc.metadata["message_class"] == "IPM.Schedule.Meeting.Request"
    assert doc.metadata["from"] == "Ada Lovelace <ada@hearth.example>"
    assert [b.text for b in doc.blocks] == [
        "Kettle tasting",
        "From: Ada Lovelace <ada@hearth.example>\n"
        "To: Grace Hopper <grace@hearth.example>\n"
        "Subject: Kettle tasting\n"
        "Location: Room 4\n"
        "Start: 2024-05-06 09:00:00 UTC\n"
        "End: 2024-05-06 09:45:00 UTC\n"
        "Recurrence: every Monday from 10:00 to 10:45",
        "Bring mugs.",
    ]
