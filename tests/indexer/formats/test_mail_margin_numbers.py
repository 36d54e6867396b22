"""E-mail and Outlook .msg: a poem's line numbers left out of an HTML body are listed in
``Coverage.headers_footers_removed``, as a .txt file's and a web page's are."""

from __future__ import annotations

from email.message import EmailMessage

from indexer import extract, extract_bytes
from indexer.formats.html import MARGIN_NUMBERS

from ._outlook import outlook_message, rtf_lines

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
    _assert_numbers_left_out(extract(outlook_message("A poem", html=POEM), filename="poem.msg"))


#: the poem of the .txt test: two stanzas, lines 5 and 10 numbered in the right margin
PLAIN_POEM = (
    "The light goes down across the hill,\n"
    "And all the fields are cool and still;\n"
    "The shepherd calls his flock to fold,\n"
    "The river runs in ribbons gold,\n"
    "And the sun set behind the mill.        5\n"
    "\n"
    "The birds are quiet in the wood,\n"
    "The children come in as they should,\n"
    "The lamps are lit in every pane,\n"
    "The cattle low along the lane,\n"
    "And all the world is calm and good. \t  10\n"
)


def _assert_plain_numbers_left_out(doc) -> None:
    stanzas = [b.text for b in doc.blocks if b.text.startswith(("The light", "The birds"))]
    assert stanzas == [
        "\n".join(line.rsplit("  ", 1)[0].rstrip() for line in stanza.split("\n"))
        for stanza in PLAIN_POEM.strip().split("\n\n")
    ]
    assert stanzas[0].endswith("\nAnd the sun set behind the mill.")
    assert stanzas[1].endswith("\nAnd all the world is calm and good.")
    assert doc.coverage.headers_footers_removed == (MARGIN_NUMBERS,)
    assert not doc.coverage.skipped_of(MARGIN_NUMBERS)


def test_plain_body_of_an_eml_and_of_an_mbox():
    msg = _eml("A poem")
    msg.set_content(PLAIN_POEM)
    _assert_plain_numbers_left_out(extract_bytes(bytes(msg), "poem.eml"))
    mbox = b"From ana@example.org Mon Aug  3 09:00:00 2026\n" + bytes(msg) + b"\n"
    _assert_plain_numbers_left_out(extract_bytes(mbox, "poem.mbox"))
    # figures at the ends of lines that number no poem stay, and nothing is listed
    msg = _eml("Prices")
    msg.set_content("Tea      1\nCoffee      2\nMilk      3\n")
    doc = extract_bytes(bytes(msg), "prices.eml")
    assert "Tea      1\nCoffee      2\nMilk      3" in [b.text for b in doc.blocks]
    assert doc.coverage.headers_footers_removed == ()


def test_plain_text_attachment_of_an_eml():
    msg = _eml("Attached poem")
    msg.add_attachment(PLAIN_POEM, filename="poem.txt")
    doc = extract_bytes(bytes(msg), "attached.eml")
    assert doc.coverage.attachments_indexed == ("poem.txt",)
    _assert_plain_numbers_left_out(doc)


def test_plain_body_of_a_msg():
    _assert_plain_numbers_left_out(extract(outlook_message("A poem", PLAIN_POEM), filename="poem.msg"))


def _msg_with(*attachments: tuple[str, bytes, str]) -> bytes:
    return outlook_message("Poems attached", "Two poems are attached.", attachments)


def test_text_and_html_attachments_of_a_msg():
    for name, data, mime in (
        ("poem.txt", PLAIN_POEM.encode(), "text/plain"),
        ("poem.html", POEM.encode(), "text/html"),
    ):
        doc = extract(_msg_with((name, data, mime)), filename="poems.msg")
        assert doc.coverage.attachments_indexed == (name,)
        if name == "poem.txt":
            _assert_plain_numbers_left_out(doc)
        else:
            _assert_numbers_left_out(doc)


def test_an_attached_message_read_on_its_own_carries_them_with_its_name():
    # a .msg attached to an e-mail, and an e-mail attached to a .msg, each read with its own
    # extractor: what it removed is listed under its name, as its skipped entries are
    poem = _eml("A poem")
    poem.set_content(PLAIN_POEM)
    holder = _eml("Forwarded")
    holder.add_attachment(
        _msg_with(("poem.txt", PLAIN_POEM.encode(), "text/plain")),
        maintype="application",
        subtype="vnd.ms-outlook",
        filename="poems.msg",
    )
    doc = extract_bytes(bytes(holder), "forwarded.eml")
    assert doc.coverage.attachments_indexed == ("poems.msg", "poems.msg/poem.txt")
    assert doc.coverage.headers_footers_removed == (f"poems.msg: {MARGIN_NUMBERS}",)
    assert "And all the world is calm and good." in [b.text.split("\n")[-1] for b in doc.blocks]
    doc = extract(_msg_with(("poem.eml", bytes(poem), "application/octet-stream")), filename="holder.msg")
    assert doc.coverage.attachments_indexed == ("poem.eml",)
    assert doc.coverage.headers_footers_removed == (f"poem.eml: {MARGIN_NUMBERS}",)


def test_rtf_body_of_a_msg():
    # PLAIN_POEM as RTF only, the spaces and the tab before its margin numbers kept
    msg = outlook_message("A poem", rtf=rtf_lines(PLAIN_POEM.rstrip("\n"), "Courier New", 10))
    _assert_plain_numbers_left_out(extract(msg, filename="poem.msg"))
