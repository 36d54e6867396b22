"""E-mail and Outlook .msg: the pictures of a file attached to a message and read with that file's
own extractor (a vCard's logo, a Word document's picture) say the message they came in
(``message_index``), as the message's own pictures do."""

from __future__ import annotations

import io
from email.message import EmailMessage

from indexer import extract, extract_bytes

from ._outlook import outlook_message
from .test_mail_vcard import _photo_card, _png_b64


def _png(colour: tuple[int, int, int]) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (40, 30), colour).save(out, format="PNG")
    return out.getvalue()


def _docx(picture: bytes) -> bytes:
    """A Word document of one paragraph and the picture ``picture``."""
    import docx

    document = docx.Document()
    document.add_paragraph("The north wall is sound; the roof needs new slates.")
    document.add_picture(io.BytesIO(picture))
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def _image_of(doc, attachment: str):
    (image,) = [im for im in doc.images if im.meta.get("attachment") == attachment]
    return image


def test_the_logo_of_a_real_card_attached_in_a_mailbox(real_world):
    doc = extract(real_world / "mbox" / "MimeKit_content-length.mbox")
    # MJOSEPH.VCF is attached to the message of Message-ID <19960927163654.izzy@scr.atm.com>
    # ("RE: problem with relative urls and applets", from Dr. Mark K. Joseph), its LOGO a GIF
    (heading,) = [b for b in doc.blocks if b.text == "Attachment: MJOSEPH.VCF"]
    assert heading.meta["message_id"] == "19960927163654.izzy@scr.atm.com"
    logo = _image_of(doc, "MJOSEPH.VCF")
    assert logo.format == "gif"
    assert logo.meta["message_index"] == heading.meta["message_index"]
    # every message before it is a message of its own: the index is no 1 by chance
    assert heading.meta["message_index"] > 1


def test_a_word_documents_picture_says_the_mailbox_message_it_came_in():
    picture = _png((200, 0, 0))
    first = EmailMessage()
    first["Subject"] = "Survey"
    first.set_content("The survey follows.")
    second = EmailMessage()
    second["Subject"] = "Survey attached"
    second.set_content("Here it is.")
    second.add_attachment(
        _docx(picture),
        maintype="application",
        subtype="vnd.openxmlformats-officedocument.wordprocessingml.document",
        filename="survey.docx",
    )
    mbox = b"".join(
        b"From ana@example.org Mon Aug  3 09:00:00 2026\n" + bytes(m) + b"\n" for m in (first, second)
    )
    doc = extract_bytes(mbox, "survey.mbox")
    image = _image_of(doc, "survey.docx")
    assert image.data == picture
    assert image.meta["message_index"] == 2
    # as the block showing it says
    (block,) = [b for b in doc.blocks if image.name in b.images]
    assert block.meta["message_index"] == 2 and block.meta["message_subject"] == "Survey attached"


def test_the_pictures_of_files_attached_to_an_outlook_message_and_to_one_embedded_in_it():
    picture = _png((200, 0, 0))  # another picture than the card's photo (one image if the same)
    photo, packed = _png_b64()
    reply = dict(
        subject="Re: survey",
        body="My card is attached.",
        attachments=[("ana.vcf", _photo_card(packed).encode(), "text/x-vcard")],
    )
    msg = outlook_message(
        "Survey",
        "The survey is attached.",
        [("survey.docx", _docx(picture), "application/octet-stream")],
        embedded=[("Re survey.msg", reply)],
    )
    doc = extract(msg, filename="survey.msg")
    docx_picture, card_photo = _image_of(doc, "survey.docx"), _image_of(doc, "ana.vcf")
    assert (docx_picture.data, docx_picture.meta["message_index"]) == (picture, 1)
    assert (card_photo.data, card_photo.meta["message_index"]) == (photo, 2)
