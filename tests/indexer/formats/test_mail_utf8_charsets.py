"""UTF-8 text sent under a single-byte charset label (ISO-8859-1, windows-1252, an Outlook
message's code page 1252) is read as UTF-8, as mail readers read it: a single-byte charset
decodes any bytes, so the label alone made "Café" of "Café"; a multi-byte label (Shift_JIS)
is taken at its word. Built files; every expected text is the one encoded."""

from __future__ import annotations

from email.message import EmailMessage

import pytest

from indexer import extract
from indexer.sniff import decode_labelled

from ._outlook import outlook_message
from .test_mail_html_attachments import _body

TEXT = "Café crème – 5 € à Zürich"


@pytest.mark.parametrize(
    "label", ["iso-8859-1", "windows-1252", "ISO-8859-15", "iso-8859-2", "koi8-r", "cp1252"]
)
def test_utf8_bytes_under_a_single_byte_label_read_as_utf8(label):
    assert decode_labelled(TEXT.encode("utf-8"), label) == TEXT


def test_a_single_byte_label_still_reads_its_own_text_and_a_multi_byte_label_is_kept():
    # Latin-1 text is not UTF-8: read by its label as before
    assert decode_labelled(TEXT.encode("cp1252"), "iso-8859-1") == TEXT
    # the UTF-8 of "Café" is two half-width katakana in Shift_JIS: the label is taken at its word
    assert decode_labelled("Café".encode(), "shift_jis") == "Caf\uff83\uff69"
    assert decode_labelled("Café".encode(), "iso-8859-1") == "Café"


def test_an_e_mail_text_part_and_html_part_in_utf8_under_latin1_labels():
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = "a@example.org", "b@example.org", "Menu"
    msg.set_content(TEXT.encode("utf-8"), maintype="text", subtype="plain", cte="8bit")
    msg.replace_header("Content-Type", 'text/plain; charset="iso-8859-1"')
    page = EmailMessage()
    html = f'<html><head><meta charset="iso-8859-1"></head><body><p>Prix : {TEXT}</p></body></html>'
    page.set_content(html.encode("utf-8"), maintype="text", subtype="html", cte="quoted-printable")
    page.replace_header("Content-Type", 'text/html; charset="windows-1252"')
    page["Content-Disposition"] = 'attachment; filename="menu.html"'
    msg.make_mixed()
    msg.attach(page)
    texts = [b.text for b in extract(msg.as_bytes(), filename="menu.eml").blocks]
    # they read "CafÃ© crÃ¨me â€“ 5 â‚¬ Ã  ZÃ¼rich"
    assert TEXT in texts
    assert f"Prix : {TEXT}" in texts
    assert not any("Ã" in t for t in texts)


def test_an_outlook_html_body_in_utf8_under_code_page_1252():
    page = f"<html><body><p>{TEXT}</p></body></html>".encode()
    assert _body(outlook_message("Report", html=page, code_page=1252)) == [TEXT]


def test_an_ansi_outlook_message_in_utf8_under_code_page_1252():
    # no Unicode string properties: subject, body and sender name are PT_STRING8 streams holding
    # UTF-8, the message's code page (PR_MESSAGE_CODEPAGE) 1252
    sender = {0x0C1A: "Zoë Müller", 0x5D01: "zoe@example.org", 0x3FFD: 1252}
    data = outlook_message(f"Menu {TEXT}", TEXT, ansi="utf-8", properties=sender)
    doc = extract(data, filename="menu.msg")
    texts = [b.text for b in doc.blocks]
    # they read "Menu CafÃ© crÃ¨me â€“ 5 â‚¬ Ã  ZÃ¼rich" and "ZoÃ« MÃ¼ller"
    assert texts[0] == f"Menu {TEXT}"
    assert texts[1].split("\n") == ["From: Zoë Müller <zoe@example.org>", f"Subject: Menu {TEXT}"]
    assert texts[2:] == [TEXT]
    assert doc.metadata["subject"] == f"Menu {TEXT}"
    # the same message in its code page's own bytes reads as before
    data = outlook_message(f"Menu {TEXT}", TEXT, ansi="cp1252", properties=sender)
    assert [b.text for b in extract(data, filename="menu.msg").blocks][2:] == [TEXT]
