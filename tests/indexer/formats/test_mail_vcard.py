"""A vCard or an iCalendar text (first line ``BEGIN:VCARD`` / ``BEGIN:VCALENDAR``), attached to a
message, sent as its body or read as plain text, is property lines: its lines a paragraph,
``BEGIN:VCARD`` no title in capitals."""

from __future__ import annotations

import base64
from email.message import EmailMessage

from indexer import extract, extract_bytes
from indexer.model import HEADING, IMAGE, PARAGRAPH

from ._outlook import outlook_message

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
    # the card's lines up to its LOGO, the LOGO (a GIF in 45 lines of base64, ended by the card's
    # one blank line: "R0lGODlhuQAwAP" is GIF89a, 185 × 48 pixels), then the lines after it
    card = blocks[at + 1 : at + 4]
    assert [b.kind for b in card] == [PARAGRAPH, IMAGE, PARAGRAPH]
    assert card[0].text.startswith("BEGIN:VCARD\nNOTE: vCard Format: Version 2.0(Spec-4/29/96)\nREV:")
    assert card[0].text.endswith("\nTITLE:Software Architect")
    (logo,) = [im for im in doc.images if im.name == card[1].images[0]]
    assert (logo.format, logo.width, logo.height, card[1].alt) == ("gif", 185, 48, "LOGO")
    assert logo.meta["attachment"] == "MJOSEPH.VCF"
    # LABEL;…;QUOTED-PRINTABLE:140 Du Bois Street, Suite C=0A=<soft break>Santa Cruz, CA 95060
    assert card[2].text == (
        "URL:http://www.atm.com\n"
        "LABEL;WORK;PARCEL;POSTAL;DOM:140 Du Bois Street, Suite C\nSanta Cruz, CA 95060\n"
        "EMAIL;home;internet:markjoseph@dhnet.com\nEmissaryA.URL:http://www.dhnet.com\nEND:VCARD"
    )
    assert not any("R0lGODlh" in b.text or "uQAwAP" in b.text for b in blocks)
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


def _fold(line: str, width: int = 75) -> str:
    """A property line folded as vCard 3.0 and iCalendar fold them: CRLF and a space."""
    return "\r\n ".join(line[i : i + width] for i in range(0, len(line), width))


def _png_b64() -> tuple[bytes, str]:
    from .test_attachments import _png

    data = _png()
    return data, base64.b64encode(data).decode()


#: a KEY value in DER bytes: binary, and no picture
_KEY = b"0\x82\x01\n\x02\x82\x01\x01\x00" * 20


def _photo_card(packed: str, more: str = "") -> str:
    """A vCard 3.0 of Ana Lima with the base64 picture ``packed`` as its PHOTO, then the
    property lines ``more`` (each ending in CRLF)."""
    head = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ana Lima\r\n"
    return head + _fold(f"PHOTO;ENCODING=b;TYPE=PNG:{packed}") + "\r\n" + more + "END:VCARD\r\n"


def _key_line() -> str:
    return _fold(f"KEY;ENCODING=b:{base64.b64encode(_KEY).decode()}") + "\r\n"


def test_a_cards_photo_is_an_image_its_key_a_skipped_entry_and_its_label_decoded():
    png, packed = _png_b64()
    label = "LABEL;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Rua do Caf=C3=A9 12=0D=0A=\r\nLisboa\r\n"
    card = _photo_card(packed, _key_line() + label + "item1.TEL:+1 555 0100\r\n")
    doc = extract_bytes(card.encode(), "ana.vcf")
    # the PHOTO line (26 + 140 characters) folds over lines 4-6 of the file, the KEY line
    # (15 + 240) over 7-10; the LABEL's value runs over lines 11-12, "=0D=0A" a line break, "="
    # a soft one. The document's text is the properties as read, each block's lines in it
    assert [(b.kind, b.text, b.lines) for b in doc.blocks] == [
        (PARAGRAPH, "BEGIN:VCARD\nVERSION:3.0\nFN:Ana Lima", (1, 3)),
        (IMAGE, "[Image: PHOTO]", (5, 5)),
        (PARAGRAPH, "LABEL:Rua do Café 12\nLisboa\nitem1.TEL:+1 555 0100\nEND:VCARD", (7, 10)),
    ]
    assert doc.text == "\n\n".join(b.text for b in doc.blocks)
    (image,) = doc.images
    assert image.data == png and image.format == "png" and doc.blocks[1].images == (image.name,)
    (skipped,) = doc.coverage.skipped
    assert (skipped.what, skipped.name) == ("property value", "KEY")
    assert skipped.reason == f"{len(_KEY):,} bytes of base64 data, not text" and skipped.on_purpose
    assert doc.coverage.images_extracted == 1


def test_a_vcard_21_photo_in_bmp_is_skipped_as_an_image_not_read_as_text():
    bmp = b"BM" + b"\x00" * 60
    lines = base64.encodebytes(bmp).decode().strip().split("\n")
    card = "BEGIN:VCARD\nVERSION:2.1\nN:Lima;Ana\nPHOTO;BMP;BASE64:\n" + "\n".join(lines) + "\n\nEND:VCARD\n"
    doc = extract_bytes(card.encode(), "ana.vcf")
    assert [b.text for b in doc.blocks] == ["BEGIN:VCARD\nVERSION:2.1\nN:Lima;Ana", "END:VCARD"]
    (skipped,) = doc.coverage.skipped
    assert (skipped.what, skipped.name, skipped.reason) == (
        "image",
        "PHOTO",
        "BMP is not a web raster (png, jpeg, gif, webp)",
    )
    assert doc.images == ()


def test_an_events_binary_attachments_are_an_image_and_a_skipped_entry():
    png, packed = _png_b64()
    pdf = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
    event = (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nSUMMARY:Quay inspection\r\n"
        + _fold(f"ATTACH;FMTTYPE=image/png;ENCODING=BASE64;VALUE=BINARY;X-FILENAME=quay.png:{packed}")
        + "\r\n"
        + _fold(
            f"ATTACH;FMTTYPE=application/pdf;ENCODING=BASE64;VALUE=BINARY:{base64.b64encode(pdf).decode()}"
        )
        + "\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    )
    msg = EmailMessage()
    msg["Subject"] = "Rota"
    msg["From"] = "ana@example.org"
    msg.set_content("The rota is attached.")
    msg.add_attachment(event, subtype="calendar", filename="rota.ics")
    doc = extract_bytes(bytes(msg), "rota.eml")
    texts = [b.text for b in doc.blocks]
    assert "[Image: ATTACH quay.png]" in texts
    assert "END:VEVENT\nEND:VCALENDAR" in texts
    assert not any(packed[:40] in t for t in texts)
    (image,) = doc.images
    assert image.data == png and image.meta["attachment"] == "rota.ics"
    (skipped,) = [s for s in doc.coverage.skipped if s.what == "property value"]
    assert skipped.name == "rota.ics: ATTACH"
    assert skipped.reason == f"{len(pdf):,} bytes of base64 data, not text"


def test_a_card_attached_to_an_outlook_message_brings_its_photo():
    png, packed = _png_b64()
    card = _photo_card(packed)
    msg = outlook_message("My card", "My card is attached.", [("ana.vcf", card.encode(), "text/x-vcard")])
    doc = extract(msg, filename="card.msg")
    texts = [b.text for b in doc.blocks]
    at = texts.index("Attachment: ana.vcf")
    assert texts[at + 1 :] == ["BEGIN:VCARD\nVERSION:3.0\nFN:Ana Lima", "[Image: PHOTO]", "END:VCARD"]
    (image,) = doc.images
    assert image.data == png and image.meta["attachment"] == "ana.vcf"
    assert doc.coverage.attachments_indexed == ("ana.vcf",)


def test_a_card_sent_as_a_mails_plain_body_brings_its_photo_not_base64_text():
    png, packed = _png_b64()
    card = _photo_card(packed, _key_line())
    msg = EmailMessage()
    msg["Subject"] = "My card"
    msg["From"] = "ana@example.org"
    msg.set_content(card)  # text/plain, the card the whole body
    doc = extract_bytes(bytes(msg), "card.eml")
    assert [(b.kind, b.text) for b in doc.blocks[2:]] == [
        (PARAGRAPH, "BEGIN:VCARD\nVERSION:3.0\nFN:Ana Lima"),
        (IMAGE, "[Image: PHOTO]"),
        (PARAGRAPH, "END:VCARD"),
    ]
    (image,) = doc.images
    assert image.data == png and doc.blocks[3].images == (image.name,)
    (skipped,) = doc.coverage.skipped
    assert (skipped.what, skipped.name) == ("property value", "KEY")
    assert doc.coverage.attachments_indexed == () and doc.coverage.messages_empty == 0


def test_an_event_sent_as_an_outlook_messages_plain_body_brings_its_picture():
    png, packed = _png_b64()
    event = (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nSUMMARY:Quay inspection\r\n"
        + _fold(f"ATTACH;FMTTYPE=image/png;ENCODING=BASE64;VALUE=BINARY;X-FILENAME=quay.png:{packed}")
        + "\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    )
    doc = extract(outlook_message("Rota", event), filename="rota.msg")
    assert [(b.kind, b.text) for b in doc.blocks[2:]] == [
        (PARAGRAPH, "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nSUMMARY:Quay inspection"),
        (IMAGE, "[Image: ATTACH quay.png]"),
        (PARAGRAPH, "END:VEVENT\nEND:VCALENDAR"),
    ]
    (image,) = doc.images
    assert image.data == png and doc.blocks[3].images == (image.name,)
    assert not any(packed[:40] in b.text for b in doc.blocks)


def _other_png(colour: tuple[int, int, int]) -> bytes:
    import io

    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (30, 20), colour).save(out, format="PNG")
    return out.getvalue()


def test_every_picture_of_a_mailbox_says_the_message_it_is_in():
    # message 1: an HTML body showing a picture by cid:, a picture attached; message 2: a card
    # sent as the plain body, its photo a third picture
    shown, attached = _other_png((200, 0, 0)), _other_png((0, 0, 200))
    png, packed = _png_b64()
    first = EmailMessage()
    first["Subject"] = "Quay photos"
    first.set_content("See the quay.")
    first.add_alternative('<p>See the quay.</p><img src="cid:quay" alt="Quay">', subtype="html")
    first.get_payload()[1].add_related(shown, "image", "png", cid="<quay>")
    first.add_attachment(attached, maintype="image", subtype="png", filename="crane.png")
    second = EmailMessage()
    second["Subject"] = "My card"
    second.set_content(_photo_card(packed))
    mbox = b"".join(
        b"From ana@example.org Mon Aug  3 09:00:00 2026\n" + bytes(m) + b"\n" for m in (first, second)
    )
    doc = extract_bytes(mbox, "harbour.mbox")
    assert sorted((im.data, im.meta.get("message_index")) for im in doc.images) == sorted(
        [(shown, 1), (attached, 1), (png, 2)]
    )
    # as every block of the message says it
    for block in doc.blocks:
        for name in block.images:
            (image,) = [im for im in doc.images if im.name == name]
            assert image.meta["message_index"] == block.meta["message_index"]


def test_the_photo_of_a_card_sent_as_an_outlook_body_says_its_message_as_an_attached_picture():
    png, packed = _png_b64()
    attached = _other_png((0, 0, 200))
    doc = extract(
        outlook_message("My card", _photo_card(packed), [("crane.png", attached)]), filename="card.msg"
    )
    assert sorted((im.data, dict(im.meta)) for im in doc.images) == sorted(
        [(png, {"message_index": 1}), (attached, {"message_index": 1})]
    )


def _mjoseph(real_world) -> bytes:
    """The card MJOSEPH.VCF as it is attached to a message of a real mailbox (vCard 2.0, its LOGO
    a GIF in base64 over 45 lines, its LABEL quoted-printable with a soft line break)."""
    from email import message_from_bytes

    data = (real_world / "mbox" / "MimeKit_content-length.mbox").read_bytes()
    marker = data.index(b'filename="MJOSEPH.VCF"')
    start = data.rindex(b"\nFrom ", 0, marker) + 1
    end = data.find(b"\nFrom ", marker)
    (part,) = [p for p in message_from_bytes(data[start:end]).walk() if p.get_filename() == "MJOSEPH.VCF"]
    return part.get_payload(decode=True)


def test_a_real_card_read_as_a_vcf_file_is_its_properties_as_read_not_its_base64(real_world):
    from indexer import get_markdown

    card = _mjoseph(real_world)
    assert b"\nR0lGODlhuQAwAP" in card and b"Suite C=0A=" in card
    doc = extract_bytes(card, "MJOSEPH.VCF")
    # the same blocks as where the mail it came in holds it
    mail = extract(real_world / "mbox" / "MimeKit_content-length.mbox")
    at = [b.text for b in mail.blocks].index("Attachment: MJOSEPH.VCF")
    assert [b.text for b in doc.blocks] == [b.text for b in mail.blocks[at + 1 : at + 4]]
    # its text theirs: no base64, the label decoded and joined
    assert doc.text == "\n\n".join(b.text for b in doc.blocks)
    assert "R0lGODlh" not in doc.text and "uQAwAP" not in doc.text
    assert "LABEL;WORK;PARCEL;POSTAL;DOM:140 Du Bois Street, Suite C\nSanta Cruz, CA 95060" in doc.text
    markdown = get_markdown(card, filename="MJOSEPH.VCF")
    assert "R0lGODlh" not in markdown and "Suite C=0A=" not in markdown
    assert markdown.startswith("BEGIN:VCARD\nNOTE: vCard Format: Version 2.0(Spec-4/29/96)\n")
    (logo,) = doc.images
    assert (logo.format, logo.width, logo.height) == ("gif", 185, 48)


def test_a_cards_photo_does_not_count_in_the_text_limit():
    from indexer.limits import ExtractContext, Limits

    png, packed = _png_b64()
    card = _photo_card(packed * 40).encode()  # a photo of 40 times the bytes: its base64 is long
    limit = 2_000
    assert len(card) > limit
    doc = extract_bytes(card, "ana.vcf", ExtractContext(limits=Limits(max_text_chars=limit)))
    assert doc.text == "BEGIN:VCARD\nVERSION:3.0\nFN:Ana Lima\n\n[Image: PHOTO]\n\nEND:VCARD"


def test_a_card_and_a_calendar_without_pictures_read_as_files_have_their_lines_unfolded():
    note = "NOTE:Quay inspections are held every Monday at nine; bring boots and the harbour pass."
    card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ana Lima\r\n" + _fold(note) + "\r\nEND:VCARD\r\n"
    assert "\r\n " in card  # folded: the note runs over two lines of the file
    doc = extract_bytes(card.encode(), "ana.vcf")
    assert doc.text == f"BEGIN:VCARD\nVERSION:3.0\nFN:Ana Lima\n{note}\nEND:VCARD"
    assert [(b.kind, b.lines) for b in doc.blocks] == [(PARAGRAPH, (1, 5))]
    event = EVENT.replace("SUMMARY:Quay inspection", "SUMMARY;ENCODING=QUOTED-PRINTABLE:Quay =\r\ninspection")
    doc = extract_bytes(event.encode(), "rota.ics")
    assert doc.text == _lines(EVENT)


def test_a_card_or_a_calendar_sent_as_the_whole_message_is_its_body():
    # Content-Type: text/vcard (text/calendar) for the message itself, no disposition: the card's
    # properties are the message's text, as the same card sent as text/plain and as a .vcf file
    for ctype, text in (("vcard", CARD), ("x-vcard", CARD), ("calendar", EVENT)):
        msg = EmailMessage()
        msg["Subject"] = "Contact"
        msg["From"] = "ana@example.org"
        msg.set_content(text, subtype=ctype)
        assert msg.get_content_type() == f"text/{ctype}" and not msg.is_multipart()
        doc = extract_bytes(bytes(msg), "contact.eml")
        assert [(b.kind, b.text) for b in doc.blocks[2:]] == [(PARAGRAPH, _lines(text))]
        assert doc.blocks[2].meta["message_index"] == 1 and "attachment" not in doc.blocks[2].meta
        assert doc.coverage.attachments_indexed == () and doc.coverage.messages_empty == 0
        assert (doc.metadata["has_attachments"], doc.metadata["attachment_count"]) == (False, 0)
    # a card's photo an image of the message, as when the card is sent as text/plain
    png, packed = _png_b64()
    msg = EmailMessage()
    msg["Subject"] = "My card"
    msg.set_content(_photo_card(packed), subtype="vcard")
    doc = extract_bytes(bytes(msg), "card.eml")
    assert [(b.kind, b.text) for b in doc.blocks[1:]] == [
        (PARAGRAPH, "Subject: My card"),
        (PARAGRAPH, "BEGIN:VCARD\nVERSION:3.0\nFN:Ana Lima"),
        (IMAGE, "[Image: PHOTO]"),
        (PARAGRAPH, "END:VCARD"),
    ]
    (image,) = doc.images
    assert image.data == png and dict(image.meta) == {"message_index": 1}
    # sent as an attachment, it stays one
    msg = EmailMessage()
    msg["Subject"] = "Contact"
    msg.set_content(CARD, subtype="vcard", disposition="attachment", filename="ana.vcf")
    doc = extract_bytes(bytes(msg), "attached.eml")
    assert "Attachment: ana.vcf" in [b.text for b in doc.blocks]
    assert doc.coverage.attachments_indexed == ("ana.vcf",)
