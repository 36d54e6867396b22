"""A byte order mark wins over the charset a mail's part declares: UTF-16 text with its BOM sent
under a legacy label (windows-1252, ISO-8859-1) is read as UTF-16, as a UTF-8 BOM already made the
bytes UTF-8; read by the label, each UTF-16 code unit was two characters ("ÿþG\\x00r\\x00ü\\x00").
Built files; every expected text is the one encoded."""

from __future__ import annotations

import base64
import codecs
from email.message import EmailMessage

import pytest

from indexer import extract
from indexer.sniff import decode_labelled

from ._outlook import Attachment, outlook_message

TEXT = "Grüße aus Köln"
#: the text in UTF-16 of either byte order, with its BOM
IN_UTF16 = {
    "utf-16-le": codecs.BOM_UTF16_LE + TEXT.encode("utf-16-le"),
    "utf-16-be": codecs.BOM_UTF16_BE + TEXT.encode("utf-16-be"),
}


@pytest.mark.parametrize("order", sorted(IN_UTF16))
@pytest.mark.parametrize("label", ["windows-1252", "iso-8859-1", "koi8-r", "shift_jis", "utf-16le"])
def test_a_utf16_bom_wins_over_the_label_and_is_left_out(order, label):
    assert decode_labelled(IN_UTF16[order], label) == TEXT


def test_a_utf8_bom_wins_over_a_multi_byte_label_and_is_left_out():
    # Shift_JIS read the mark and "é" as three characters of its own ("・ｿCaf"…)
    assert decode_labelled(codecs.BOM_UTF8 + "Café".encode(), "shift_jis") == "Café"
    # under a single-byte label the bytes were UTF-8 already, the mark kept as the first character
    assert decode_labelled(codecs.BOM_UTF8 + "Café".encode(), "windows-1252") == "Café"


@pytest.mark.parametrize("order", sorted(IN_UTF16))
def test_an_e_mail_body_and_text_attachment_in_utf16_under_a_legacy_label(order):
    data = IN_UTF16[order]
    body = (
        b"From: a@example.org\nSubject: Greetings\nContent-Type: text/plain; charset=windows-1252\n"
        b"Content-Transfer-Encoding: base64\n\n" + base64.encodebytes(data)
    )
    assert [b.text for b in extract(body, filename="greetings.eml").blocks][2:] == [TEXT]
    attached = EmailMessage()
    attached["Subject"] = "Greetings"
    attached.set_content("See attached.")
    attached.add_attachment(data, "text", "plain", filename="greetings.txt", params={"charset": "iso-8859-1"})
    blocks = [b.text for b in extract(attached.as_bytes(), filename="greetings.eml").blocks]
    assert blocks[-2:] == ["Attachment: greetings.txt", TEXT]


@pytest.mark.parametrize("order", sorted(IN_UTF16))
def test_an_outlook_text_attachment_in_utf16_under_a_legacy_label(order):
    message = outlook_message(
        "Greetings",
        "See attached.",
        [Attachment("greetings.txt", IN_UTF16[order], "text/plain; charset=iso-8859-1")],
    )
    assert [b.text for b in extract(message, filename="greetings.msg").blocks][-2:] == [
        "Attachment: greetings.txt",
        TEXT,
    ]
