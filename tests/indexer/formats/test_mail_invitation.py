"""A meeting invitation (multipart/alternative of text/plain, text/html and text/calendar with
method=REQUEST, as Outlook and Gmail send it): its calendar, which a mail reader shows as the
invitation's when, where and who, is read as a .ics file is, in the body after the text chosen,
less the text properties whose value the subject or the body already gives; sent also as an
attached ``invite.ics`` it is read there only. Built messages; every expected text is the
calendar's or the body's as written here."""

from __future__ import annotations

from email.message import EmailMessage

import pytest

from indexer import extract

#: an Outlook invitation's calendar: DESCRIPTION folded (the second line goes on after its space)
CALENDAR = (
    "BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nPRODID:Microsoft Exchange Server 2010\r\nVERSION:2.0\r\n"
    "BEGIN:VEVENT\r\n"
    "ORGANIZER;CN=Anna Berg:mailto:anna@example.org\r\n"
    'ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;CN="Lind, Bo":mailto:bo@example.org\r\n'
    "DESCRIPTION;LANGUAGE=en-US:Agenda: budget review for Q3\\, hiring plan.\\nPlease bring th\r\n"
    " e figures.\\n\r\n"
    "SUMMARY;LANGUAGE=en-US:Quarterly budget review\r\n"
    "DTSTART;TZID=W. Europe Standard Time:20261203T140000\r\n"
    "DTEND;TZID=W. Europe Standard Time:20261203T150000\r\n"
    "LOCATION;LANGUAGE=en-US:Room 4.12\\, Main building\r\n"
    "X-ALT-DESC;FMTTYPE=text/html:<html><body><p>Agenda: budget review for Q3\\, hiring plan.<br>Pl\r\n"
    " ease bring the figures.</p></body></html>\r\n"
    "END:VEVENT\r\nEND:VCALENDAR\r\n"
)
BODY = "Agenda: budget review for Q3, hiring plan.\nPlease bring the figures.\n"
#: the lines of the calendar as a .ics file reads them (folds joined), but SUMMARY, which is the
#: subject, and its two descriptions and its place
HEAD = (
    "BEGIN:VCALENDAR\nMETHOD:REQUEST\nPRODID:Microsoft Exchange Server 2010\nVERSION:2.0\n"
    "BEGIN:VEVENT\n"
    "ORGANIZER;CN=Anna Berg:mailto:anna@example.org\n"
    'ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;CN="Lind, Bo":mailto:bo@example.org\n'
)
DESCRIPTION = (
    "DESCRIPTION;LANGUAGE=en-US:Agenda: budget review for Q3\\, hiring plan.\\nPlease bring the figures.\\n\n"
)
WHEN = "DTSTART;TZID=W. Europe Standard Time:20261203T140000\nDTEND;TZID=W. Europe Standard Time:20261203T150000\n"
LOCATION = "LOCATION;LANGUAGE=en-US:Room 4.12\\, Main building\n"
HTML_DESCRIPTION = (
    "X-ALT-DESC;FMTTYPE=text/html:<html><body><p>Agenda: budget review for Q3\\, hiring plan.<br>"
    "Please bring the figures.</p></body></html>\n"
)
TAIL = "END:VEVENT\nEND:VCALENDAR"


def _invitation(body: str, *, html: bool = True, attached: bool = False) -> bytes:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = "anna@example.org", "bo@example.org", "Quarterly budget review"
    msg.set_content(body)
    if html:
        paragraphs = "".join(f"<p>{line}</p>" for line in body.splitlines())
        msg.add_alternative(f"<html><body>{paragraphs}</body></html>", subtype="html")
    msg.add_alternative(CALENDAR, subtype="calendar", params={"method": "REQUEST"})
    if attached:
        msg.make_mixed()
        msg.add_attachment(CALENDAR.encode(), maintype="application", subtype="ics", filename="invite.ics")
    return msg.as_bytes()


def _texts(data: bytes) -> list[str]:
    return [b.text for b in extract(data, filename="invitation.eml").blocks]


@pytest.mark.parametrize("html", [True, False])
def test_an_invitation_s_calendar_is_read_after_its_body_less_what_the_body_gives(html):
    # the calendar alternative was left unread: no date, no place, no organizer in any chunk
    texts = _texts(_invitation(BODY + "Where: Room 4.12, Main building\n", html=html))
    assert texts[-1] == HEAD + WHEN + TAIL
    # the body's words once: its agenda (DESCRIPTION, X-ALT-DESC), place, subject (SUMMARY)
    joined = "\n".join(texts)
    assert joined.count("hiring plan") == 1
    assert joined.count("Main building") == 1


def test_an_invitation_s_text_the_body_does_not_give_is_kept():
    texts = _texts(_invitation("See you there.\n"))
    assert texts[2] == "See you there."
    # DESCRIPTION and X-ALT-DESC not in the body: kept as a .ics file reads them, folds joined
    assert texts[3] == HEAD + DESCRIPTION + WHEN + LOCATION + HTML_DESCRIPTION + TAIL


def test_an_invitation_s_date_is_read_once_also_attached_as_invite_ics():
    # Gmail sends the calendar both as the alternative and as an attached invite.ics: read there
    for attached in (False, True):
        texts = _texts(_invitation(BODY, attached=attached))
        assert "\n".join(texts).count("DTSTART;TZID=W. Europe Standard Time:20261203T140000") == 1
        assert texts.count("Attachment: invite.ics") == attached
    at = texts.index("Attachment: invite.ics")
    assert texts[at + 1].startswith("BEGIN:VCALENDAR\nMETHOD:REQUEST\n")
