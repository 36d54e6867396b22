"""E-mail: a TNEF part (winmail.dat) is read as what it holds (tnefparse): its body when the
message has none of its own, its attachments and embedded messages; a stream tnefparse cannot
read has the attachments it holds named in its skip reason."""

from __future__ import annotations

import calendar
import struct
import uuid
from email.message import EmailMessage

import pytest

from indexer.formats import email as email_format
from indexer.formats.email import extract_eml, read_tnef, tnef_attachment_names
from indexer.model import HEADING, IMAGE, PARAGRAPH, TABLE

from ._text_helpers import CTX


def _attribute(level: int, attribute: int, value: bytes) -> bytes:
    checksum = sum(value) & 0xFFFF
    return struct.pack("<BII", level, attribute, len(value)) + value + struct.pack("<H", checksum)


def _padded(data: bytes) -> bytes:
    return data + b"\0" * (-len(data) % 4)


def _prop_list(*props: bytes) -> bytes:
    """A MAPI property list (MS-OXTNEF 2.1.3.4): their count, then the properties."""
    return struct.pack("<I", len(props)) + b"".join(props)


def _variable(kind: int, prop: int, value: bytes) -> bytes:
    """A property of variable length: its type and id, one value of its length, padded."""
    return struct.pack("<HHII", kind, prop, 1, len(value)) + _padded(value)


def _props() -> bytes:
    """A MAPI property list: a PT_LONG, a named PT_BOOLEAN, a PT_BINARY, then the long file name
    as PT_UNICODE."""
    name = "Quarterly report – final.pdf\0".encode("utf-16-le")
    return _prop_list(
        struct.pack("<HHI", 0x0003, 0x3705, 1),  # PR_ATTACH_METHOD = 1
        struct.pack("<HH", 0x000B, 0x8001) + b"G" * 16 + struct.pack("<II", 0, 0x8501) + b"\1\0\0\0",
        _variable(0x0102, 0x3702, b"abc"),  # PR_ATTACH_ENCODING
        _variable(0x001F, 0x3707, name),  # PR_ATTACH_LONG_FILENAME
    )


def _tnef() -> bytes:
    return b"".join(
        [
            b"\x78\x9f\x3e\x22\x01\x00",
            _attribute(1, 0x00078008, b"IPM.Microsoft Mail.Note\0"),
            *_file(b"QUARTE~1.PDF", b"%PDF-1.4 ...", _props()),
            *_file(b"caf\xe9.txt"),  # a title only, in cp1252
        ]
    )


def test_attachment_names_are_read_from_the_tnef_attributes():
    assert tnef_attachment_names(_tnef()) == ["Quarterly report – final.pdf", "café.txt"]


def test_a_cut_or_foreign_stream_gives_what_it_can_and_never_raises():
    data = _tnef()
    for end in range(len(data)):
        assert isinstance(tnef_attachment_names(data[:end]), list)
    assert tnef_attachment_names(b"PK\x03\x04 not tnef") == []


def test_the_skip_reason_of_winmail_dat_names_what_it_holds():
    # _tnef() has no attOemCodepage before its string attribute, which tnefparse needs
    assert read_tnef(_tnef()) is None
    msg = EmailMessage()
    msg["From"] = "a@example.org"
    msg["Subject"] = "Report"
    msg.set_content("See attached.")
    msg.add_attachment(_tnef(), maintype="application", subtype="ms-tnef", filename="winmail.dat")
    (skipped,) = extract_eml(msg.as_bytes(), CTX).coverage.skipped_of("attachment")
    assert skipped.name == "winmail.dat"
    assert skipped.reason == (
        "application/ms-tnef attachments are not indexed; it holds Quarterly report – final.pdf, café.txt"
    )


# -- streams tnefparse reads (MS-OXTNEF 2.1.3: a version and an OEM code page open them) -------

_HEAD = [
    b"\x78\x9f\x3e\x22\x01\x00",
    _attribute(1, 0x00089006, struct.pack("<I", 0x10000)),  # attTnefVersion
    _attribute(1, 0x00069007, struct.pack("<II", 1252, 0)),  # attOemCodepage
    _attribute(1, 0x00078008, b"IPM.Microsoft Mail.Note\0"),  # attMessageClass
]


def _rtf_props(rtf: bytes) -> bytes:
    """attMsgProps holding PR_RTF_COMPRESSED, stored uncompressed (MS-OXRTFCP "MELA")."""
    stored = struct.pack("<IIII", len(rtf) + 12, len(rtf), 0x414C454D, 0) + rtf
    return _prop_list(_variable(0x0102, 0x1009, stored))


def _file(title: bytes, data: bytes | None = None, props: bytes | None = None) -> list[bytes]:
    """An attachment's attributes: attAttachRendData, its title, its data and its properties
    (attAttachment) when given."""
    out = [_attribute(2, 0x00069002, b"\0" * 14), _attribute(2, 0x00018010, title + b"\0")]
    out += [_attribute(2, 0x0006800F, data)] if data is not None else []  # attAttachData
    return out + ([_attribute(2, 0x00069005, props)] if props else [])


def _mail(tnef: bytes, plain: str | None = None) -> bytes:
    msg = EmailMessage()
    msg["From"] = "ana@example.org"
    msg["Subject"] = "Site plans"
    if plain is not None:
        msg.set_content(plain)
    msg.add_attachment(tnef, maintype="application", subtype="ms-tnef", filename="winmail.dat")
    return msg.as_bytes()


RTF_ONLY = b"".join(
    [
        *_HEAD,
        _attribute(
            1, 0x00069003, _rtf_props(b"{\\rtf1\\ansi\\ansicpg1252 Hello {\\b world}.\\par Caf\\'e9 at ten.}")
        ),
        *_file(b"notes.txt", b"Meeting at ten.\r\nBring the plans."),
        *_file(b"QUARTE~1.PDF", b"%PDF-1.4 ...", _props()),  # long name in its properties
    ]
)


def test_a_message_whose_only_body_is_in_winmail_dat():
    doc = extract_eml(_mail(RTF_ONLY), CTX)
    assert [(b.kind, b.level, b.text) for b in doc.blocks[2:]] == [
        (PARAGRAPH, 0, "Hello world.\nCafé at ten."),  # the RTF body, \'e9 in cp1252
        (HEADING, 2, "Attachment: notes.txt"),
        (PARAGRAPH, 0, "Meeting at ten.\nBring the plans."),
    ]
    assert doc.coverage.attachments_indexed == ("winmail.dat", "notes.txt")
    (pdf,) = doc.coverage.skipped  # "%PDF-1.4 ...": read as a PDF, found damaged
    assert pdf.name == "Quarterly report – final.pdf"
    assert pdf.reason.startswith("PARSE_ERROR: Quarterly report – final.pdf: not a readable PDF")
    assert doc.coverage.messages_empty == 0
    assert doc.metadata["attachment_count"] == 2  # what winmail.dat holds, in its place


@pytest.mark.parametrize(
    ("rtf", "expected"),
    [
        # Καλημέρα in Windows-1253 (Κ CA, α E1, λ EB, η E7, μ EC, έ DD, ρ F1), written raw: read
        # as Windows-1252 it was "ÊáëçìÝñá"
        (b"{\\rtf1\\ansi\\ansicpg1253 \xca\xe1\xeb\xe7\xec\xdd\xf1\xe1\\par}", "Καλημέρα"),
        # Shift_JIS written raw: テスト (83 65, 83 58, 83 67) and 表示 (95 5C, 8E A6: its trail byte a
        # backslash); it read "ƒeƒXƒg •¦"
        (b"{\\rtf1\\ansi\\ansicpg932 \x83e\x83X\x83g \x95\\\x8e\xa6\\par}", "テスト 表示"),
        # a font's code page (\cpg1251): Привет (CF F0 E8 E2 E5 F2) escaped; it read "Ïðèâåò"
        (
            b"{\\rtf1\\ansi\\ansicpg1252{\\fonttbl{\\f0\\fcharset0\\cpg1251 Arial;}}\\f0 "
            b"\\'cf\\'f0\\'e8\\'e2\\'e5\\'f2\\par}",
            "Привет",
        ),
        # a font's code page no character set stands for (866): Привет (8F E0 A8 A2 A5 E2) escaped;
        # it read "\ufffdà¨¢¥â"
        (
            b"{\\rtf1\\ansi\\ansicpg1252{\\fonttbl{\\f0 Arial;}{\\f1\\cpg866 Courier;}}\\f1 "
            b"\\'8f\\'e0\\'a8\\'a2\\'a5\\'e2\\par}",
            "Привет",
        ),
        # the same in HTML the RTF encapsulates (\fromhtml1)
        (
            b"{\\rtf1\\ansi\\ansicpg1252\\fromhtml1 {\\fonttbl{\\f0 Arial;}{\\f1\\cpg866 Courier;}}"
            b"{\\*\\htmltag <p>}{\\f1 \\'8f\\'e0\\'a8\\'a2\\'a5\\'e2}{\\*\\htmltag </p>}}",
            "Привет",
        ),
        # the Symbol font's text: p is π (Word writes it U+F070), a α; it read "\uf070 a"
        (
            b"{\\rtf1\\ansi{\\fonttbl{\\f0 Arial;}{\\f1\\fcharset2 Symbol;}}\\f0 "
            b"{\\f1 \\u-3984\\'70} {\\f1\\'61}\\par}",
            "π α",
        ),
    ],
    ids=["greek", "shift-jis", "font-code-page", "dos-cyrillic", "dos-cyrillic-html", "symbol-font"],
)
def test_an_rtf_body_in_winmail_dat_is_read_in_its_code_page(rtf, expected):
    # the stream's own code page (attOemCodepage, 1252) says nothing of the RTF's bytes
    tnef = b"".join([*_HEAD, _attribute(1, 0x00069003, _rtf_props(rtf))])
    doc = extract_eml(_mail(tnef), CTX)
    assert [b.text for b in doc.blocks[2:]] == [expected]


def test_the_plain_part_stays_the_body_and_an_attachment_less_tnef_is_listed():
    doc = extract_eml(_mail(RTF_ONLY, plain="Hello world, plain.\n"), CTX)
    texts = [b.text for b in doc.blocks]
    assert texts[2] == "Hello world, plain." and "Hello world." not in texts  # not read twice
    assert "Attachment: notes.txt" in texts
    body_only = b"".join([*_HEAD, _attribute(1, 0x0002800C, b"Hello world, from Outlook.")])  # attBody
    doc = extract_eml(_mail(body_only, plain="Hello world, plain.\n"), CTX)
    assert [b.text for b in doc.blocks[2:]] == ["Hello world, plain."]
    (skipped,) = doc.coverage.skipped
    assert skipped.name == "winmail.dat" and skipped.reason.startswith("the TNEF part holds no attachment")
    doc = extract_eml(_mail(body_only), CTX)
    assert [b.text for b in doc.blocks[2:]] == ["Hello world, from Outlook."]  # attBody, the only body


def test_a_title_in_the_streams_code_page_names_its_attachment():
    doc = extract_eml(_mail(b"".join([*_HEAD, *_file(b"caf\xe9.txt", b"Soup of the day.")])), CTX)
    assert [b.text for b in doc.blocks[2:]] == ["Attachment: café.txt", "Soup of the day."]


def _embedded() -> bytes:
    """An attachment holding a message (PR_ATTACH_DATA_OBJ: IID_IMessage, then its TNEF)."""
    date = struct.pack("<7H", 2024, 3, 5, 9, 30, 0, 2)  # DTR: 5 March 2024 09:30:00
    inner = b"".join(
        [
            *_HEAD,
            _attribute(1, 0x00018004, b"Survey results\0"),  # attSubject
            _attribute(1, 0x00038005, date),  # attDateSent
            _attribute(1, 0x0002800C, b"The north wall is sound."),  # attBody
            *_file(b"tally.csv", b"wall,state\r\nnorth,sound\r\n"),
        ]
    )
    obj = b"\x07\x03\x02\x00\x00\x00\x00\x00\xc0\x00\x00\x00\x00\x00\x00\x46" + inner
    props = _prop_list(
        struct.pack("<HHI", 0x0003, 0x3705, 5),  # PR_ATTACH_METHOD = ATTACH_EMBEDDED_MSG
        _variable(0x001F, 0x3001, "Survey results\0".encode("utf-16-le")),  # PR_DISPLAY_NAME
        _variable(0x000D, 0x3701, obj),  # PR_ATTACH_DATA_OBJ
    )
    return b"".join(_file(b"Untitled Attachment", props=props))


def test_a_message_embedded_in_winmail_dat_is_read_below_its_parent():
    doc = extract_eml(_mail(b"".join([*_HEAD, _embedded()]), plain="See the survey.\n"), CTX)
    nested = [(b.kind, b.level, b.text, b.meta["message_index"]) for b in doc.blocks[3:]]
    assert nested == [
        (HEADING, 2, "Survey results", 2),
        (PARAGRAPH, 0, "Date: Tue, 05 Mar 2024 09:30:00 -0000\nSubject: Survey results", 2),
        (PARAGRAPH, 0, "The north wall is sound.", 2),
        (HEADING, 3, "Attachment: tally.csv", 2),
        (TABLE, 0, "| wall | state |\n| --- | --- |\n| north | sound |", 2),  # a CSV is a table
    ]
    assert doc.coverage.messages_total == 2
    # attDateSent alone: a time whose zone is not stated, left without one
    assert doc.blocks[3].meta["message_date"] == "2024-03-05T09:30:00"


def test_a_message_in_winmail_dat_is_dated_by_its_utc_submit_time():
    # PidTagClientSubmitTime (PT_SYSTIME, a FILETIME in UTC) in the message's attMsgProps wins
    # over attDateSent, Outlook's local time: 5 March 2024 14:30:00 UTC, 09:30 in New York
    filetime = (1709649000 + 11644473600) * 10_000_000
    submit = _prop_list(struct.pack("<HHQ", 0x0040, 0x0039, filetime))
    embedded = _embedded().replace(
        _attribute(1, 0x0002800C, b"The north wall is sound."),
        _attribute(1, 0x0002800C, b"The north wall is sound.") + _attribute(1, 0x00069003, submit),
    )
    doc = extract_eml(_mail(b"".join([*_HEAD, embedded]), plain="See the survey.\n"), CTX)
    assert doc.blocks[4].text == "Date: Tue, 05 Mar 2024 14:30:00 +0000\nSubject: Survey results"
    assert doc.blocks[4].meta["message_date"] == "2024-03-05T14:30:00Z"


def test_a_damaged_or_runaway_stream_falls_back_to_the_names():
    notes = b"".join(_file(b"notes.txt", b"Meeting at ten."))
    assert "Meeting at ten." in extract_eml(_mail(b"".join([*_HEAD, notes])), CTX).text  # read whole
    for end in range(0, len(RTF_ONLY), 7):  # cut anywhere: read, named or skipped, never raised
        extract_eml(_mail(RTF_ONLY[:end]), CTX)
    runaway = [
        _attribute(1, 0x00069003, struct.pack("<I", 0xFFFFFFFF)),  # 4 billion message properties
        _attribute(1, 0x00048009, b"id") * (email_format.TNEF_MAX_ATTRIBUTES + 1),  # attMessageID
        _attribute(1, 0x00069004, struct.pack("<II", 1, 0xFFFFFFFF)),  # a recipient row of as many
    ]
    for attribute in runaway:  # tnefparse would loop over each declared property: only named
        (skipped,) = extract_eml(_mail(b"".join([*_HEAD, attribute, notes])), CTX).coverage.skipped
        assert skipped.reason == "application/ms-tnef attachments are not indexed; it holds notes.txt"


_APPOINTMENT = uuid.UUID("00062002-0000-0000-c000-000000000046").bytes_le  # PSETID_Appointment
_TASK = uuid.UUID("00062003-0000-0000-c000-000000000046").bytes_le  # PSETID_Task


def _named(kind: int, guid: bytes, lid: int, value: bytes) -> bytes:
    """A named property (its id in the 0x8000 range, then its set and numeric id) and its value,
    counted and padded when of variable length."""
    head = struct.pack("<HH", kind, 0x8000 + lid % 0x100) + guid + struct.pack("<II", 0, lid)
    if kind in (0x001F, 0x001E, 0x0102):
        return head + struct.pack("<II", 1, len(value)) + _padded(value)
    return head + value


def _time(year: int, month: int, day: int, hour: int, minute: int) -> bytes:
    """A PT_SYSTIME value: a FILETIME, 100 ns since 1601, in UTC."""
    seconds = calendar.timegm((year, month, day, hour, minute, 0)) + 11644473600
    return struct.pack("<Q", seconds * 10_000_000)


def _text(value: str) -> bytes:
    return (value + "\0").encode("utf-16-le")


def _item(message_class: bytes, subject: bytes, body: bytes, *named: bytes) -> bytes:
    """A TNEF stream of an Outlook item of ``message_class`` with its named properties."""
    return b"".join(
        [
            b"\x78\x9f\x3e\x22\x01\x00",
            _attribute(1, 0x00069007, struct.pack("<II", 1252, 0)),  # attOemCodepage
            _attribute(1, 0x00078008, message_class + b"\0"),  # attMessageClass
            _attribute(1, 0x00018004, subject + b"\0"),  # attSubject
            _attribute(1, 0x0002800C, body),  # attBody
            _attribute(1, 0x00069003, _prop_list(*named)),  # attMsgProps
        ]
    )


def _in_message(inner: bytes) -> bytes:
    """``inner`` as a message embedded in a winmail.dat (PR_ATTACH_DATA_OBJ)."""
    obj = b"\x07\x03\x02\x00\x00\x00\x00\x00\xc0\x00\x00\x00\x00\x00\x00\x46" + inner
    props = _prop_list(
        struct.pack("<HHI", 0x0003, 0x3705, 5),  # PR_ATTACH_METHOD = ATTACH_EMBEDDED_MSG
        _variable(0x000D, 0x3701, obj),  # PR_ATTACH_DATA_OBJ
    )
    return b"".join([*_HEAD, *_file(b"Untitled Attachment", props=props)])


def test_an_appointment_in_winmail_dat_gives_its_place_and_time():
    # the values written below, as Outlook's appointment form shows them; the times are UTC
    appointment = _item(
        b"IPM.Appointment",
        b"Site visit",
        b"Bring boots.",
        _named(0x001F, _APPOINTMENT, 0x8208, _text("North gate")),  # PidLidLocation
        _named(0x0040, _APPOINTMENT, 0x820D, _time(2024, 3, 5, 14, 30)),  # PidLidAppointmentStartWhole
        _named(0x0040, _APPOINTMENT, 0x820E, _time(2024, 3, 5, 16, 0)),  # PidLidAppointmentEndWhole
        _named(0x001F, _APPOINTMENT, 0x8234, _text("(UTC-05:00) Eastern Time (US & Canada)")),
        _named(0x001F, _APPOINTMENT, 0x8232, _text("every Tuesday from 9:30 AM to 11:00 AM")),
        _named(0x0003, _APPOINTMENT, 0x8205, struct.pack("<I", 2)),  # PidLidBusyStatus: not shown
    )
    doc = extract_eml(_mail(_in_message(appointment), plain="See the invitation.\n"), CTX)
    nested = [(b.kind, b.text) for b in doc.blocks if b.meta["message_index"] == 2]
    assert nested == [
        (HEADING, "Site visit"),
        (PARAGRAPH, "Subject: Site visit"),
        (
            PARAGRAPH,
            "Location: North gate\nStart: 2024-03-05 14:30:00 UTC\nEnd: 2024-03-05 16:00:00 UTC\n"
            "Time Zone: (UTC-05:00) Eastern Time (US & Canada)\n"
            "Recurrence: every Tuesday from 9:30 AM to 11:00 AM",
        ),
        (PARAGRAPH, "Bring boots."),
    ]
    # a meeting request sent as the message's own winmail.dat: its fields after the plain body,
    # the location left out where the body gives it already
    request = _item(
        b"IPM.Schedule.Meeting.Request",
        b"Site plans",
        b"Where: North gate",
        _named(0x001F, _APPOINTMENT, 0x8208, _text("North gate")),
        _named(0x0040, _APPOINTMENT, 0x820D, _time(2024, 3, 5, 14, 30)),
    )
    doc = extract_eml(_mail(request, plain="Where: North gate\n"), CTX)
    assert [b.text for b in doc.blocks[2:]] == ["Where: North gate", "Start: 2024-03-05 14:30:00 UTC"]


def _task(message_class: bytes) -> bytes:
    return _item(
        message_class,
        b"Paint the fence",
        b"Two coats.",
        _named(0x0040, _TASK, 0x8104, _time(2024, 3, 4, 0, 0)),  # PidLidTaskStartDate
        _named(0x0040, _TASK, 0x8105, _time(2024, 3, 8, 0, 0)),  # PidLidTaskDueDate
        _named(0x0003, _TASK, 0x8101, struct.pack("<I", 1)),  # PidLidTaskStatus: In Progress
        _named(0x0005, _TASK, 0x8102, struct.pack("<d", 0.25)),  # PidLidPercentComplete
        _named(0x0003, _TASK, 0x8111, struct.pack("<I", 90)),  # PidLidTaskEstimatedEffort, minutes
        _named(0x0003, _TASK, 0x8110, struct.pack("<I", 0)),  # PidLidTaskActualEffort: none
        _named(0x001F, _TASK, 0x811F, _text("Ana Lima")),  # PidLidTaskOwner
    )


def test_a_task_in_winmail_dat_gives_its_dates_status_and_owner():
    # task dates are midnight of their day as the owner's clock reads it, read as they stand
    doc = extract_eml(_mail(_in_message(_task(b"IPM.Task")), plain="Your task.\n"), CTX)
    nested = [b.text for b in doc.blocks if b.meta["message_index"] == 2]
    assert nested[2:] == [
        "Start Date: 2024-03-04\nDue Date: 2024-03-08\nStatus: In Progress\n% Complete: 25%\n"
        "Total Work: 1 hour 30 minutes\nOwner: Ana Lima",
        "Two coats.",
    ]
    # the same properties in a message of another class are not an item's fields
    doc = extract_eml(_mail(_in_message(_task(b"IPM.Note")), plain="Your task.\n"), CTX)
    assert [b.text for b in doc.blocks if b.meta["message_index"] == 2][2:] == ["Two coats."]


def test_winmail_dat_in_a_real_message(real_world):
    # the decoded winmail.dat: a JPEG (title KITTEN~1.JPG, long name in its properties) and two
    # embedded messages, each with its subject, sender name, date and plain body; the second
    # holds the JPEG again
    doc = extract_eml((real_world / "eml" / "MimeKit" / "rich-text.eml").read_bytes(), CTX)
    assert doc.coverage.skipped == () and doc.coverage.attachments_indexed == ("winmail.dat",)
    assert [im.name for im in doc.images] == ["kitten-playing-with-a-christmas-tree.jpg"]
    tail = [(b.kind, b.level, b.text) for b in doc.blocks if b.meta["message_index"] > 1]
    assert tail == [
        (HEADING, 2, "Build a train table"),
        (PARAGRAPH, 0, "From: Jeffrey\nDate: Sat, 15 Dec 2018 14:37:31 +0000\nSubject: Build a train table"),
        # the task's named properties (PSETID_Task): start 0x8104 and due 0x8105 dates, status
        # 0x8101 = 1, share done 0x8102 = 0.05, owner 0x811F; its work, 0 minutes, not shown
        (
            PARAGRAPH,
            0,
            "Start Date: 2018-12-15\nDue Date: 2018-12-25\nStatus: In Progress\n% Complete: 5%\n"
            "Owner: Jeffrey Stedfast",
        ),
        (PARAGRAPH, 0, "Build my nephew an HO-scale train table for Christmas."),
        (HEADING, 2, "Christmas Celebration!"),
        (
            PARAGRAPH,
            0,
            "From: Jeffrey\nDate: Sat, 15 Dec 2018 14:49:23 +0000\nSubject: Christmas Celebration!",
        ),
        # the appointment's (PSETID_Appointment): location 0x8208, start 0x820D and end 0x820E
        # in UTC (7 to 9 AM in New York, as its recurrence pattern 0x8232 says), time zone 0x8234
        (
            PARAGRAPH,
            0,
            "Location: Home\nStart: 2018-12-25 12:00:00 UTC\nEnd: 2018-12-25 14:00:00 UTC\n"
            "Time Zone: (UTC-05:00) Eastern Time (US & Canada)\n"
            "Recurrence: every December 25 from 7:00 AM to 9:00 AM",
        ),
        (PARAGRAPH, 0, "It's time for everyone to open their Christmas presents!"),
        (IMAGE, 0, "[Image: kitten-playing-with-a-christmas-tree.jpg]"),
    ]
    assert doc.metadata["attachment_count"] == 1  # the JPEG; embedded messages are not counted
    # dated by their submit times in UTC (attDateSent says 09:37 and 09:49, New York time), half an
    # hour before the message that forwards them (10:07 -0500)
    dates = [b.meta["message_date"] for b in doc.blocks if b.kind == HEADING]
    assert dates == ["2018-12-15T10:07:14-05:00", "2018-12-15T14:37:31Z", "2018-12-15T14:49:23Z"]
