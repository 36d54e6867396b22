"""A vCard or an iCalendar text (first line ``BEGIN:VCARD`` / ``BEGIN:VCALENDAR``), attached to a
message or read as plain text, is property lines: its lines a paragraph, ``BEGIN:VCARD`` no title
in capitals."""

from __future__ import annotations

from email.message import EmailMessage

from indexer import extract, extract_bytes
from indexer.model import HEADING, PARAGRAPH

CARD = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ana Lima\r\nORG:Harbour Office | Docks\r\nTEL;TYPE=WORK:+1 555 0100\r\nEND:VCARD\r\n"
EVENT = (
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Harbour//Rota//EN\r\nBEGIN:VEVENT\r\n"
    "SUMMARY:Quay inspection\r\nDTSTART:20260803T090000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
)


def _lines(text: str) -> str:
    return text.replace("\r\n", "\n").strip()


def test_a_real_signature_card_sent_as_application_vcard(real_world):
    doc = extract(real_world / "mbox" / "MimeKit_content-length.mbox")
    blocks = list(doc.blocks)
    at = [b.text for b in blocks].index("Attachment: MJOSEPH.VCF")
    card = blocks[at + 1 : at + 3]  # the card's two runs of lines, split by its one blank line
    assert [b.kind for b in card] == [PARAGRAPH, PARAGRAPH]
    assert card[0].text.startswith("BEGIN:VCARD\nNOTE: vCard Format: Version 2.0(Spec-4/29/96)\nREV:")
    assert card[1].text.endswith(
        "EMAIL;home;internet:markjoseph@dhnet.com\nEmissaryA.URL:http://www.dhnet.com\nEND:VCARD"
    )
    assert not any(b.kind == HEADING and "VCARD" in b.text for b in blocks)


def test_vcard_and_icalendar_attachments_of_an_eml():
    msg = EmailMessage()
    msg["Subject"] = "Contact and rota"
    msg["From"] = "ana@example.org"
    msg.set_content("My card and the rota are attached.")
    msg.add_attachment(CARD, subtype="x-vcard", filename="ana.vcf")
    msg.add_attachment(CARD, subtype="vcard", filename="ana2.vcf")
    msg.add_attachment(EVENT, subtype="calendar", filename="rota.ics")
    doc = extract_bytes(bytes(msg), "contact.eml")
    assert [(b.kind, b.text) for b in doc.blocks if b.kind == HEADING] == [
        (HEADING, "Contact and rota"),
        (HEADING, "Attachment: ana.vcf"),
        (HEADING, "Attachment: ana2.vcf"),
        (HEADING, "Attachment: rota.ics"),
    ]
    texts = [b.text for b in doc.blocks]
    assert texts.count(_lines(CARD)) == 2  # the "|" of a value makes no table
    assert _lines(EVENT) in texts


def test_a_vcard_read_as_plain_text():
    doc = extract_bytes(CARD.encode(), "ana.vcf")
    assert [(b.kind, b.text, b.lines) for b in doc.blocks] == [(PARAGRAPH, _lines(CARD), (1, 6))]
