"""E-mail: headers, plain vs HTML bodies, attachments, inline images, nested messages, mbox."""

from __future__ import annotations

from email.message import EmailMessage

import indexer
from indexer.formats.email import extract_eml, extract_mbox, split_mbox
from indexer.model import HEADING, IMAGE, LIST, PARAGRAPH, TABLE

from ._text_helpers import CTX, SAMPLES, assert_lines_valid


def test_message_eml_document_metadata(playground):
    doc = indexer.extract(playground / "message.eml")
    # headers of the file: From Ada Lovelace, To Charles Babbage, Date Mon, 4 Aug 2026 09:30:00 +0000
    assert dict(doc.metadata) == {
        "source_type": "eml",
        "subject": "Notes on the Analytical Engine",
        "from": "Ada Lovelace <ada@analyticalengine.org>",
        "to": ["Charles Babbage <charles@analyticalengine.org>"],
        "cc": [],
        "bcc": [],
        "date": "2026-08-04T09:30:00Z",
        "message_id": "a1042@analyticalengine.org",
        "in_reply_to": [],
        "references": [],
        "has_attachments": False,
        "attachment_count": 0,
    }
    assert doc.coverage.messages_total == 1 and doc.coverage.messages_empty == 0
    assert_lines_valid(doc)


def test_message_eml_chunks(playground):
    chunks = indexer.get_chunks(playground / "message.eml")
    c0, c1, c2 = chunks[0], chunks[1], chunks[2]
    assert (c0["content"], c0["content_type"]) == ("Notes on the Analytical Engine", "heading")
    assert c0["metadata"]["message_index"] == 1
    assert c0["metadata"]["message_id"] == "a1042@analyticalengine.org"
    assert c0["metadata"]["message_from"] == "Ada Lovelace <ada@analyticalengine.org>"
    assert c0["metadata"]["message_date"] == "2026-08-04T09:30:00Z"
    assert c0["metadata"]["document_metadata"]["subject"] == "Notes on the Analytical Engine"
    # the header paragraph keeps the <addr> text (the reference drops it), then "Dear Charles,"
    lines = c1["content"].splitlines()
    assert lines[:3] == [
        "From: Ada Lovelace <ada@analyticalengine.org>",
        "To: Charles Babbage <charles@analyticalengine.org>",
        "Date: Mon, 4 Aug 2026 09:30:00 +0000",
    ]
    assert "Dear Charles," in lines
    assert c1["content_type"] == "plain_paragraph"
    assert c1["metadata"]["section_heading"] == "Notes on the Analytical Engine"
    # the three "- " items, continuation lines joined to their item
    assert c2["content_type"] == "bullet_list"
    assert c2["content"].splitlines() == [
        "The engine might one day compose elaborate pieces of music, if we can encode the rules of harmony as operations.",
        "We should document the operation cards carefully so others can reproduce a computation without re-deriving it.",
        "I have drafted a short program to compute Bernoulli numbers; I will bring it.",
    ]
    assert chunks[-1]["content"].endswith("Yours in anticipation,\nAda")


def test_html_only_body_inline_image_and_attachments():
    doc = extract_eml((SAMPLES / "email" / "order_shipped.eml").read_bytes(), CTX)
    meta = doc.metadata
    assert meta["subject"] == "Your order GS-20417 has shipped"
    assert meta["cc"] == ["allotments@example.org"]
    assert meta["date"] == "2024-04-09T16:42:10+01:00"
    assert meta["has_attachments"] is True and meta["attachment_count"] == 2  # the .txt and the .pdf
    kinds = [b.kind for b in doc.blocks]
    assert kinds[:3] == [HEADING, PARAGRAPH, IMAGE]
    # the HTML body (no text/plain part) converted: its <h1>, paragraph and table
    assert "Your order is on its way" in [b.text for b in doc.blocks if b.kind == HEADING]
    table = next(b for b in doc.blocks if b.kind == TABLE)
    assert table.header == ("Item", "Qty", "Price") and table.rows[0] == (
        "Propagator tray, 24 cells",
        "4",
        "£15.80",
    )
    # <img src="cid:logo@gs"> resolved to the inline part, extracted under its own file name
    image_block = doc.blocks[2]
    assert image_block.images == ("logo.png",) and image_block.alt == "Greenhouse Supplies logo"
    (image,) = doc.images
    assert (image.name, image.format, image.width, image.height) == ("logo.png", "png", 64, 32)
    assert image.alt == "Greenhouse Supplies logo"  # the alt text of the <img> that shows it
    assert sum(1 for b in doc.blocks if b.kind == IMAGE) == 1  # not listed twice
    # the attachments are indexed after the body: the text file, then the one-page invoice PDF
    # read by the PDF extractor (its title set in bold 16 pt, its lines in 10 pt)
    assert doc.coverage.attachments_indexed == ("delivery_instructions.txt", "invoice_GS-20417.pdf")
    heading = next(b for b in doc.blocks if b.text == "Attachment: delivery_instructions.txt")
    after = doc.blocks[doc.blocks.index(heading) + 2]
    assert after.text.startswith("Leave parcels at the shed by plot 14")
    invoice = doc.blocks.index(next(b for b in doc.blocks if b.text == "Attachment: invoice_GS-20417.pdf"))
    assert (doc.blocks[invoice + 1].kind, doc.blocks[invoice + 1].text) == (HEADING, "Invoice GS-20417")
    assert "Total due by 15 March 2024: 58.50" in doc.blocks[invoice + 2].text
    assert doc.blocks[invoice + 2].meta["attachment"] == "invoice_GS-20417.pdf"
    assert doc.coverage.skipped_of("attachment") == ()
    assert doc.coverage.images_extracted == 1


def test_plain_part_preferred_over_html():
    msg = EmailMessage()
    msg["From"] = "a@example.org"
    msg["Subject"] = "Both"
    msg.set_content("plain body wins")
    msg.add_alternative("<p>html body</p>", subtype="html")
    doc = extract_eml(msg.as_bytes(), CTX)
    assert "plain body wins" in doc.text and "html body" not in doc.text


def test_nested_message_is_read_as_its_own_message():
    inner = EmailMessage()
    inner["From"] = "Inner Sender <inner@example.org>"
    inner["Subject"] = "Original report"
    inner["Message-ID"] = "<inner-1@example.org>"
    inner.set_content("The inner body text.")
    outer = EmailMessage()
    outer["From"] = "outer@example.org"
    outer["Subject"] = "Fwd: Original report"
    outer.set_content("See the forwarded message.")
    outer.add_attachment(inner)
    doc = extract_eml(outer.as_bytes(), CTX)
    assert doc.coverage.messages_total == 2
    inner_block = next(b for b in doc.blocks if b.text == "The inner body text.")
    assert inner_block.meta["message_index"] == 2
    assert inner_block.meta["message_id"] == "inner-1@example.org"
    assert inner_block.meta["message_from"] == "Inner Sender <inner@example.org>"
    assert next(b for b in doc.blocks if b.text == "Original report").kind == HEADING


def test_encoded_headers_are_decoded():
    raw = (
        b"From: =?utf-8?q?J=C3=BCrgen_M=C3=BCller?= <jm@example.org>\n"
        b"Subject: =?iso-8859-1?q?Gr=FC=DFe_aus_K=F6ln?=\n\nHallo.\n"
    )
    doc = extract_eml(raw, CTX)
    assert doc.metadata["from"] == "Jürgen Müller <jm@example.org>"
    assert doc.metadata["subject"] == "Grüße aus Köln"


def test_not_an_email_is_read_as_text():
    doc = extract_eml(b"just some notes\n\nsecond paragraph", CTX)
    assert [b.text for b in doc.blocks] == ["just some notes", "second paragraph"]
    assert doc.coverage.warnings


def test_mbox_three_messages():
    doc = extract_mbox((SAMPLES / "email" / "allotments_list.mbox").read_bytes(), CTX)
    assert dict(doc.metadata) == {"source_type": "mbox", "message_count": 3}
    assert doc.coverage.messages_total == 3 and doc.coverage.messages_empty == 0
    headings = [(b.text, b.meta["message_index"]) for b in doc.blocks if b.kind == HEADING]
    assert headings == [
        ("Leaking tap by plot 14", 1),
        ("Re: Leaking tap by plot 14", 2),
        ("Seed swap on the open day", 3),
    ]
    seed = next(b for b in doc.blocks if b.text.startswith("For the open day"))
    assert seed.meta["message_from"] == "Chidi Okeke <chidi@example.org>"
    assert seed.meta["message_date"] == "2024-04-03T18:05:00+01:00"
    assert seed.meta["message_subject"] == "Seed swap on the open day"
    # ">From my side" was escaped in the mbox and comes back as "From my side"
    assert seed.text.splitlines()[1].startswith("From my side: runner beans")
    assert_lines_valid(doc)


def test_mbox_chunks_carry_message_provenance():
    chunks = indexer.get_chunks(SAMPLES / "email" / "allotments_list.mbox")
    reply = [c for c in chunks if c["metadata"].get("message_index") == 2]
    assert reply and all(c["metadata"]["message_id"] == "allot-2@example.org" for c in reply)
    assert reply[0]["metadata"]["document_metadata"] == {"source_type": "mbox", "message_count": 3}


def test_split_mbox():
    data = b"From a@x Mon\nSubject: one\n\nbody\n\nFrom b@x Tue\nSubject: two\n\nbody two\n"
    parts = split_mbox(data)
    assert [p.split(b"\n", 1)[0] for p in parts] == [b"Subject: one", b"Subject: two"]
    assert split_mbox(b"") == []


def test_list_in_plain_body_and_empty_message():
    doc = extract_eml(b"From: x@example.org\nSubject: List\n\n- one\n- two\n", CTX)
    assert next(b for b in doc.blocks if b.kind == LIST).items[1].text == "two"
    empty = extract_eml(b"From: x@example.org\nSubject: Nothing\n\n", CTX)
    assert empty.coverage.messages_empty == 1
    assert [b.text for b in empty.blocks][0] == "Nothing"


def test_mime_edge_cases():
    # an empty boundary parameter still splits at "--" lines
    empty_boundary = (
        b'From: a@example.org\nSubject: E\nContent-Type: multipart/mixed; boundary=""\n\n'
        b"--\nContent-Type: text/plain\n\nfirst part\n--\nContent-Type: text/plain\n\nsecond part\n----\n"
    )
    doc = extract_eml(empty_boundary, CTX)
    assert "first part" in doc.text and "second part" in doc.text and "Content-Type" not in doc.text
    # a multipart whose boundary never occurs: its body is read as text, not dropped
    no_parts = b"From: a@example.org\nContent-Type: multipart/mixed; boundary=zz\n\nplain words only\n"
    assert "plain words only" in extract_eml(no_parts, CTX).text
    # the epilogue after the closing delimiter is not content; CRLF input reads the same
    crlf = (
        b"From: a@example.org\r\nContent-Type: multipart/mixed; boundary=b1\r\n\r\npreamble\r\n"
        b"--b1\r\nContent-Type: text/plain\r\n\r\nbody text\r\n--b1--\r\nepilogue junk\r\n"
    )
    doc = extract_eml(crlf, CTX)
    assert "body text" in doc.text and "epilogue junk" not in doc.text and "preamble" not in doc.text


def test_deep_mime_nesting_is_bounded():
    raw = b"From: a@example.org\nSubject: deep\n"
    for i in range(200):
        raw += b"Content-Type: multipart/mixed; boundary=b%d\n\n--b%d\n" % (i, i)
    raw += b"Content-Type: text/plain\n\nthe innermost text\n"
    doc = extract_eml(raw, CTX)
    assert "the innermost text" in doc.text


def test_messages_without_an_extension_are_recognised(playground):
    from indexer.formats import registry

    assert registry.resolve("message", (playground / "message.eml").read_bytes()).name == "eml"
    mbox = (SAMPLES / "email" / "allotments_list.mbox").read_bytes()
    assert registry.resolve("archive", mbox).name == "mbox"
    assert registry.resolve("notes", b"From the desk of the editor\n\nHello.").name == "text"
