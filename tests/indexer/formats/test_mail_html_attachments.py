"""A web page attached to an e-mail and to an Outlook message reads alike: in the charset its
part declares when that one decodes it, else in the one the page names itself (``<meta
charset>``, ``http-equiv`` Content-Type) as an .html file is read, else detected."""

from __future__ import annotations

from email.message import EmailMessage

import pytest

from indexer import extract
from indexer.model import HEADING, PARAGRAPH

_STYLE = "<style>body { font-family: Arial, sans-serif; margin: 0; padding: 12px; } p { line-height: 1.4; }</style>"
# "Invoice no. 42 is paid." and "Please check it.": too short for detection to place the bytes,
# which it reads as cp1252 ("Ñ÷¸ò ¹ 42 îïëà÷åí.", "Šm”F‚­‚¾‚³‚¢")
RUSSIAN = "Счёт № 42 оплачен."
JAPANESE = "ご確認ください"


def _page(meta: str, text: str, encoding: str) -> bytes:
    return f"<html><head>{meta}{_STYLE}</head><body><p>{text}</p></body></html>".encode(encoding)


PAGES = {
    "meta charset windows-1251": (_page('<meta charset="windows-1251">', RUSSIAN, "cp1251"), RUSSIAN),
    "http-equiv windows-1251": (
        _page(
            '<meta http-equiv="Content-Type" content="text/html; charset=windows-1251">', RUSSIAN, "cp1251"
        ),
        RUSSIAN,
    ),
    "meta charset shift_jis": (_page('<meta charset="shift_jis">', JAPANESE, "shift_jis"), JAPANESE),
}


def _eml(page: bytes, charset: str | None = None) -> bytes:
    msg = EmailMessage()
    msg["Subject"] = "Report"
    msg.set_content("See attached.")
    params = {"charset": charset} if charset else {}
    msg.add_attachment(page, maintype="text", subtype="html", filename="report.html", params=params)
    return msg.as_bytes()


def _msg(page: bytes) -> bytes:
    from aspose.email_foss.msg import MapiMessage

    msg = MapiMessage.create("Report")
    msg.message_class = "IPM.Note"
    msg.body = "See attached."
    msg.add_attachment("report.html", page, mime_type="text/html")
    return msg.to_bytes()


def _attachment(doc) -> list[tuple[str, str]]:
    """The kind and text of the blocks from the attachment's heading on."""
    texts = [(b.kind, b.text) for b in doc.blocks]
    return texts[texts.index((HEADING, "Attachment: report.html")) :]


@pytest.mark.parametrize("page, text", PAGES.values(), ids=PAGES.keys())
def test_a_page_sent_without_a_charset_is_read_in_the_one_it_names(page, text):
    # e-mail decoded the part by detection alone, which took the page for cp1252; an Outlook
    # message's page, whose bytes come without a charset, was read by its <meta> already
    expected = [(HEADING, "Attachment: report.html"), (PARAGRAPH, text)]
    assert _attachment(extract(_eml(page), filename="report.eml")) == expected
    assert _attachment(extract(_msg(page), filename="report.msg")) == expected


@pytest.mark.parametrize("charset", ["us-ascii", "utf-8", "x-unknown"])
def test_a_page_sent_with_a_charset_it_is_not_in_is_read_in_the_one_it_names(charset):
    # windows-1251 bytes do not decode as us-ascii or UTF-8, and x-unknown is no charset: the
    # page's own <meta> tells, not detection
    page, text = PAGES["http-equiv windows-1251"]
    doc = extract(_eml(page, charset), filename="report.eml")
    assert _attachment(doc) == [(HEADING, "Attachment: report.html"), (PARAGRAPH, text)]
