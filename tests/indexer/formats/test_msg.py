"""Outlook .msg: the playground's message.msg checked by hand against extract-msg, text helpers,
bad input, and a fuzz run over mutated messages."""

from __future__ import annotations

import random
import re

import pytest

from indexer import errors, extract, get_chunks
from indexer.formats.msg import clean, header_text
from indexer.model import HEADING, IMAGE, PARAGRAPH

from ._isolated import Isolated


def test_message_msg_headers(playground):
    # Read by hand with extract-msg: class IPM.Note; subject and conversation topic (0x0070)
    # "Welcome to Microsoft Office Outlook 2003"; sender name "Microsoft Outlook 2003 Team" with
    # PR_SENDER_EMAIL_ADDRESS (0x0C1F) olteam@microsoft.com; one recipient "New Outlook User"
    # without an address; client submit time 2010-03-28 22:27:38 UTC (received the same);
    # importance MEDIUM; 11 attachments (JPEGs 1.jpg … 10.jpg and 12.jpg).
    doc = extract(playground / "message.msg")
    assert doc.source_type == "msg"
    assert dict(doc.metadata) == {
        "source_type": "msg",
        "message_class": "IPM.Note",
        "subject": "Welcome to Microsoft Office Outlook 2003",
        "from": "Microsoft Outlook 2003 Team <olteam@microsoft.com>",
        "to": ["New Outlook User"],
        "cc": [],
        "bcc": [],
        "sent_date": "2010-03-28 22:27:38",
        "received_date": "2010-03-28 22:27:38",
        "importance": "Normal",
        "conversation_topic": "Welcome to Microsoft Office Outlook 2003",
        "has_attachments": True,
        "attachment_count": 11,
    }


def test_message_msg_blocks_body_and_images(playground):
    import extract_msg

    doc = extract(playground / "message.msg")
    heading, header = doc.blocks[0], doc.blocks[1]
    assert (heading.kind, heading.level, heading.text) == (
        HEADING,
        1,
        "Welcome to Microsoft Office Outlook 2003",
    )
    assert header.kind == PARAGRAPH
    assert header.text == (
        "From: Microsoft Outlook 2003 Team <olteam@microsoft.com>\n"
        "To: New Outlook User\n"
        "Date: 2010-03-28 22:27:38 UTC\n"
        "Subject: Welcome to Microsoft Office Outlook 2003"
    )
    # The body is the HTML its RTF body encapsulates (\fromhtml1), read as it shows the pictures
    # the plain body cannot: a table row per feature, its picture in the first cell, shown by its
    # Content-Location (PR_ATTACH_CONTENT_LOCATION "1.jpg" …: <IMG SRC="1.jpg">), its text in
    # the second. The first row's text opens "Thank you for using Microsoft&reg; Office
    # Outlook&reg; 2003!" and its intro ends "…ever-increasing flow of incoming e-mail.<br><br>":
    # the blank line the two breaks leave ends a paragraph, and "To help you get started" opens
    # the next.
    image = doc.blocks[2]
    assert (image.kind, image.images) == (IMAGE, ("1.jpg",))
    body = doc.blocks[3]
    assert body.text.startswith(
        "Thank you for using Microsoft® Office Outlook® 2003! This version of Outlook"
    )
    assert body.text.endswith("ever-increasing flow of incoming e-mail.")
    assert doc.blocks[4].text.startswith("To help you get started with Outlook 2003")
    # URLs in angle brackets are kept in the text.
    assert any("<http://r.office.microsoft.com/r/rlidwelcomeFAQ?clid=1033>" in b.text for b in doc.blocks)
    assert all(b.meta.get("message_index") == 1 for b in doc.blocks)
    # Images keep their attachment names and bytes; one image block per attachment.
    msg = extract_msg.openMsg(str(playground / "message.msg"))
    try:
        expected = {a.longFilename: a.data for a in msg.attachments}
    finally:
        msg.close()
    assert [im.name for im in doc.images] == ["1.jpg", "2.jpg", "3.jpg", "4.jpg", "5.jpg", "6.jpg", "7.jpg",
                                              "8.jpg", "9.jpg", "10.jpg", "12.jpg"]  # fmt: skip
    assert {im.name: im.data for im in doc.images} == expected
    assert all(im.format == "jpeg" for im in doc.images)
    # each picture in its place, in the order of the rows (12.jpg the third), before its text
    image_blocks = [n for n, b in enumerate(doc.blocks) if b.kind == IMAGE]
    assert [doc.blocks[n].images[0] for n in image_blocks] == [
        "1.jpg", "2.jpg", "12.jpg", "3.jpg", "4.jpg", "5.jpg", "6.jpg", "7.jpg", "8.jpg", "9.jpg", "10.jpg"
    ]  # fmt: skip
    features = ["Thank you for using", "Streamlined Mail Experience", "Junk E-mail Filter", "Navigation Pane",
                "Reading Pane", "Quick Flags", "Arrange By Conversation", "Search Folders",
                "Side-by-Side Calendars", "Rules and Alerts", "Cached Exchange Mode"]  # fmt: skip
    assert all(doc.blocks[n + 1].text.startswith(f) for n, f in zip(image_blocks, features, strict=True))
    assert doc.blocks[image_blocks[-1] + 2].text.startswith("And Much More")
    cov = doc.coverage
    assert (cov.messages_total, cov.messages_empty, cov.images_extracted) == (1, 0, 11)
    assert cov.skipped == () and cov.warnings == ()


def test_message_msg_chunks_keep_addresses(playground):
    chunks = get_chunks(playground / "message.msg")
    assert chunks[0]["content"] == "Welcome to Microsoft Office Outlook 2003"
    assert chunks[0]["content_type"] == "heading"
    assert any("Microsoft Outlook 2003 Team <olteam@microsoft.com>" in c["content"] for c in chunks)
    assert chunks[0]["metadata"]["document_metadata"]["subject"] == "Welcome to Microsoft Office Outlook 2003"
    result = get_chunks(playground / "message.msg", list_images=True)
    assert set(result.images) == {"1.jpg", "2.jpg", "3.jpg", "4.jpg", "5.jpg", "6.jpg", "7.jpg", "8.jpg",
                                  "9.jpg", "10.jpg", "12.jpg"}  # fmt: skip


# -- helpers -------------------------------------------------------------------------------------


def test_clean_strips_nul_terminators_and_repairs_cp1252():
    assert clean("IPM.Note\x00") == "IPM.Note"
    assert clean("an email\x85 Email-ception") == "an email… Email-ception"  # 0x85 is … in cp1252
    assert clean("a\r\nb\rc") == "a\nb\nc"
    assert clean(None) == ""


def test_header_text_leaves_out_empty_fields():
    h = {
        "from": "A <a@x.org>",
        "to": ["B <b@x.org>", "c@x.org"],
        "cc": [],
        "bcc": [],
        "sent_date": None,
        "received_date": "2020-01-02 03:04:05",
        "subject": "Hi",
    }
    assert (
        header_text(h)
        == "From: A <a@x.org>\nTo: B <b@x.org>, c@x.org\nDate: 2020-01-02 03:04:05 UTC\nSubject: Hi"
    )


@pytest.mark.parametrize(
    "data",
    [b"not an outlook message", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 1000, b"PK\x03\x04zip"],
)
def test_non_messages_raise_parse_error(data):
    with pytest.raises(errors.ParseError):
        extract(data, filename="x.msg")


def test_a_compound_file_without_message_properties_is_not_a_message(sample_corpus):
    # our sample message with every property stream renamed: a well-formed OLE file that
    # extract-msg still opens (not strictly), in which nothing of a message is left
    data = (sample_corpus / "outlook" / "q1_stock_review.msg").read_bytes()
    for old, new in (
        ("__substg1.0_", "__zzzzzz1.0_"),
        ("__properties_version1.0", "__zzzzzzzzzz_version1.0"),
        ("__nameid_version1.0", "__zzzzzz_version1.0"),
    ):
        assert old.encode("utf-16-le") in data
        data = data.replace(old.encode("utf-16-le"), new.encode("utf-16-le"))
    with pytest.raises(errors.ParseError, match="not an Outlook message"):
        extract(data, filename="x.msg")


def test_a_message_with_nothing_but_its_class_holds_no_text(sample_corpus):
    # the RTF sample with every property but the message class (0x001A) renamed away, and the
    # fixed-size property stream (sent date …) too: an IPM.Note with no subject, address or body
    data = (sample_corpus / "outlook" / "office_notice_rtf.msg").read_bytes()
    prefix = "__substg1.0_".encode("utf-16-le")
    for name in set(re.findall(re.escape(prefix) + rb"(?:[0-9A-F]\x00){8}", data)):
        if not name.decode("utf-16-le").startswith("__substg1.0_001A"):
            data = data.replace(
                name, name.replace("substg".encode("utf-16-le"), "zzzzzz".encode("utf-16-le"))
            )
    data = data.replace(
        "__properties_version1.0".encode("utf-16-le"), "__zzzzzzzzzz_version1.0".encode("utf-16-le")
    )
    with pytest.raises(errors.EmptyExtraction, match="the message holds no text"):
        extract(data, filename="x.msg")


def test_empty_input_gives_no_chunks():
    assert get_chunks(b"", filename="empty.msg") == []


# -- fuzz ----------------------------------------------------------------------------------------


def test_fuzzed_messages_raise_only_documented_errors(sample_corpus):
    from tests.conftest import PLAYGROUND, REAL_WORLD

    sources = [
        sample_corpus / "outlook" / "q1_stock_review.msg",
        REAL_WORLD / "msg" / "perl-msg_plain_jpeg_attached.msg",
        REAL_WORLD / "msg" / "MsgReader" / "HiraokaHyperTools__msgreader__msgInMsgInMsg.msg",
        PLAYGROUND / "message.msg",
    ]
    sources = [p for p in sources if p.exists()]  # the shared ones when ../shared is there
    rng = random.Random(1977)
    worker = Isolated(timeout=20)
    outcomes: dict[str, int] = {}
    try:
        for path in sources:
            data = path.read_bytes()
            for n in range(16):
                blob = bytearray(data)
                if n % 2 == 0:
                    for _ in range(rng.randint(1, 30)):
                        blob[rng.randrange(len(blob))] = rng.randrange(256)
                else:
                    blob = blob[: rng.randrange(len(blob))]
                outcome = worker.run(bytes(blob), "fuzz.msg")
                assert outcome.status == "ok" or outcome.status in errors.CODES, (path.name, n, outcome)
                outcomes[outcome.status] = outcomes.get(outcome.status, 0) + 1
    finally:
        worker.close()
    print("fuzzed msg outcomes:", outcomes)
    assert sum(outcomes.values()) == 16 * len(sources)


def test_text_attachments_become_a_heading_and_paragraphs():
    from indexer.formats.msg import _text_attachment

    skipped: list = []
    blocks = _text_attachment(
        "notes.txt",
        "",
        "first line\r\nsecond\r\n\r\nnext para".encode("cp1252"),
        {"message_index": 0},
        skipped=skipped,
    )
    assert [(b.kind, b.text) for b in blocks] == [
        (HEADING, "Attachment: notes.txt"),
        (PARAGRAPH, "first line\nsecond"),
        (PARAGRAPH, "next para"),
    ]
    assert all(b.meta == {"message_index": 0, "attachment": "notes.txt"} for b in blocks)
    html = _text_attachment(
        "page.html",
        "text/html",
        b"<h1>Title</h1><p>Body &amp; more</p>",
        {"message_index": 1},
        skipped=skipped,
    )
    assert [b.text for b in html] == ["Attachment: page.html", "Title", "Body & more"]
    assert skipped == []  # no poem: nothing counted


@pytest.mark.parametrize(
    ("name", "addr", "text"),
    [
        ("Ann Lee", "ann@x.org", "Ann Lee <ann@x.org>"),
        ("", "ann@x.org", "ann@x.org"),
        ("Ann Lee", "", "Ann Lee"),
        ("ann@x.org", "ann@x.org", "ann@x.org"),
        ("Ann Lee", "/O=EXCHANGELABS/OU=EXCHANGE/CN=RECIPIENTS/CN=ANN", "Ann Lee"),  # not an address
    ],
)
def test_address_forms(name, addr, text):
    from indexer.formats.msg import _address

    assert _address(name, addr) == text


def test_sample_message_with_text_image_and_embedded_attachments(sample_corpus):
    # q1_stock_review.msg (bench/make_sample_msg.py): from Ada Lovelace <ada@hearth.example> to
    # Grace Hopper, Cc Alan Turing, sent 2024-04-02 09:30 UTC, delivered 09:32, importance high;
    # body of four paragraphs; notes.txt, chart.png and an embedded "Re: Kettle stock" message.
    doc = extract(sample_corpus / "outlook" / "q1_stock_review.msg")
    meta = dict(doc.metadata)
    assert meta["from"] == "Ada Lovelace <ada@hearth.example>"
    assert meta["to"] == ["Grace Hopper <grace@hearth.example>"]
    assert meta["cc"] == ["Alan Turing <alan@hearth.example>"]
    assert (meta["sent_date"], meta["received_date"]) == ("2024-04-02 09:30:00", "2024-04-02 09:32:00")
    assert meta["importance"] == "High" and meta["attachment_count"] == 3
    texts = [(b.kind, b.text, b.meta.get("message_index")) for b in doc.blocks]
    assert texts[2:6] == [
        (PARAGRAPH, "Hello team,", 1),
        (PARAGRAPH, "The Q1 figures are attached; kettles sold best.", 1),
        (PARAGRAPH, "Please check the notes before Friday.", 1),
        (PARAGRAPH, "Ada", 1),
    ]
    assert texts[6] == (IMAGE, "[Image: chart.png]", 1)
    assert texts[7:10] == [
        (HEADING, "Attachment: notes.txt", 1),
        (PARAGRAPH, "Kettles: 42 on hand.\nToasters: 17 on hand.", 1),
        (PARAGRAPH, "Recount blenders.", 1),
    ]
    assert texts[10] == (HEADING, "Re: Kettle stock", 2)
    assert texts[-1] == (PARAGRAPH, "Regards,\nBrightware", 2)
    assert doc.blocks[-1].meta["message_from"] == "Brightware Sales <sales@brightware.example>"
    [image] = doc.images
    assert image.name == "chart.png" and (image.width, image.height) == (48, 32)
    assert doc.coverage.messages_total == 2
    assert doc.coverage.attachments_indexed == ("notes.txt", "Re Kettle stock.msg")


def test_an_rtf_only_body_is_read_without_its_markup(sample_corpus):
    # office_notice_rtf.msg holds only PR_RTF_COMPRESSED: "Office closed on Monday." then, after a
    # blank paragraph, "The \b caf\'e9\b0  reopens on Tuesday at 8:00." (é written as \'e9).
    doc = extract(sample_corpus / "outlook" / "office_notice_rtf.msg")
    body = [b.text for b in doc.blocks[2:]]
    assert body == ["Office closed on Monday.", "The café reopens on Tuesday at 8:00."]
    assert doc.blocks[1].text.startswith(
        "From: Facilities <facilities@hearth.example>\nTo: All staff <all@hearth.example>"
    )
    assert doc.coverage.messages_empty == 0
