"""E-mail and Outlook .msg: a poem's line numbers left out of an HTML body are listed in
``Coverage.headers_footers_removed``, as a .txt file's and a web page's are."""

from __future__ import annotations

from email.message import EmailMessage

from indexer import extract, extract_bytes
from indexer.formats.html import MARGIN_NUMBERS

#: twelve lines of verse, every third numbered in a <span> at its end (3, 6, 9, 12)
POEM = "<html><body>{}</body></html>".format(
    "".join(
        f"<div>Line {chr(96 + n)} of the poem,"
        + (f'<span class="lnum">{n}</span>' if n % 3 == 0 else "")
        + "</div>"
        for n in range(1, 13)
    )
)


def _eml(subject: str, html: str | None = None, attachment: str | None = None) -> EmailMessage:
    msg = EmailMessage()
    msg["Subject"] = subject
    msg["From"] = "ana@example.org"
    msg["To"] = "li@example.org"
    if html is not None:
        msg.set_content(html, subtype="html")
    else:
        msg.set_content("The poem is attached.")
    if attachment is not None:
        msg.add_attachment(attachment, subtype="html", filename="poem.html")
    return msg


def _assert_numbers_left_out(doc) -> None:
    lines = [b.text for b in doc.blocks if b.text.startswith("Line ")]
    assert len(lines) == 12
    assert lines[2] == "Line c of the poem," and lines[11] == "Line l of the poem,"
    assert doc.coverage.headers_footers_removed == (MARGIN_NUMBERS,)
    assert not doc.coverage.skipped_of(MARGIN_NUMBERS)


def test_html_body_of_an_eml():
    doc = extract_bytes(bytes(_eml("A poem", POEM)), "poem.eml")
    _assert_numbers_left_out(doc)
    # a message without numbered verse lists nothing
    plain = extract_bytes(bytes(_eml("No poem", "<p>Line 3 of the list</p>")), "plain.eml")
    assert plain.coverage.headers_footers_removed == ()


def test_html_attachment_of_an_eml():
    doc = extract_bytes(bytes(_eml("Attached poem", attachment=POEM)), "attached.eml")
    assert doc.coverage.attachments_indexed == ("poem.html",)
    _assert_numbers_left_out(doc)


def test_mbox_lists_them_once():
    mbox = b"".join(
        b"From ana@example.org Mon Aug  3 09:00:00 2026\n" + bytes(_eml(f"Poem {i}", POEM)) + b"\n"
        for i in (1, 2)
    )
    doc = extract_bytes(mbox, "poems.mbox")
    assert doc.coverage.messages_total == 2
    assert [b.text for b in doc.blocks].count("Line l of the poem,") == 2
    assert doc.coverage.headers_footers_removed == (MARGIN_NUMBERS,)


def test_html_body_of_a_msg():
    from aspose.email_foss.msg import MapiMessage

    msg = MapiMessage.create("A poem")
    msg.message_class = "IPM.Note"
    msg.body_html = POEM
    _assert_numbers_left_out(extract(msg.to_bytes(), filename="poem.msg"))
