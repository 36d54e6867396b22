"""A text file attached to an Outlook .msg is read as text by the same rule as e-mail's: by its
type (text/*, application/json, application/xml, scripts …) whatever its name, or by a name of
markup or data no extractor reads (.xml, .yaml …) whatever its type, so that the same
file attached to a .eml and to a .msg gives the same text; a program's, markup or data keeps its
lines' indentation in both, as the file read on its own shows it; an SVG picture, whatever type
it is sent as, is a picture in both, not XML text."""

from __future__ import annotations

from email.message import EmailMessage

import pytest

from indexer import extract, get_markdown

from ._outlook import Attachment, outlook_message

WIDGET_JSON = b'{\n  "name": "Widget",\n  "tags": ["a", "b"]\n}\n'


def _eml(*attachments: tuple[str, bytes, str]) -> bytes:
    msg = EmailMessage()
    msg["Subject"] = "Export"
    msg.set_content("The export.")
    for name, data, mime in attachments:
        maintype, subtype = mime.split("/")
        msg.add_attachment(data, maintype=maintype, subtype=subtype, filename=name)
    return msg.as_bytes()


def _msg(*attachments: tuple[str, bytes, str]) -> bytes:
    return outlook_message("Export", "The export.", attachments)


def test_a_json_attachment_without_a_json_name_is_read_as_text():
    # sent as application/json under a name no extractor claims, it was read as a JSON file
    # ("name: Widget", "tags: a, b"), where e-mail reads the file's own text
    doc = extract(_msg(("data", WIDGET_JSON, "application/json")), filename="export.msg")
    assert [b.text for b in doc.blocks][-2:] == [
        "Attachment: data",
        '{\n  "name": "Widget",\n  "tags": ["a", "b"]\n}',
    ]
    assert doc.coverage.attachments_indexed == ("data",)


# two paragraphs, the second starting on an indented line
STOCK_XML = (
    b'<?xml version="1.0" encoding="UTF-8"?>\n'
    b"<stock>\n"
    b'  <item sku="A-17">Copper wire, 40 m</item>\n'
    b"\n"
    b'  <item sku="B-2">\n'
    b"    <name>Fuse</name>\n"
    b"  </item>\n"
    b"</stock>\n"
)
STOCK_TEXT = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<stock>\n  <item sku="A-17">Copper wire, 40 m</item>',
    '  <item sku="B-2">\n    <name>Fuse</name>\n  </item>\n</stock>',
]


@pytest.mark.parametrize("build, filename", [(_eml, "stock.eml"), (_msg, "stock.msg")])
@pytest.mark.parametrize(
    "name, mime",
    [
        ("stock.xml", "text/xml"),
        ("stock", "application/xml"),
        ("stock.xml", "application/octet-stream"),
    ],
)
def test_an_xml_attachment_keeps_its_indentation(build, filename, name, mime):
    # e-mail dropped every line's indentation, .msg that of each paragraph's first line; sent as
    # application/octet-stream, e-mail read it as a .txt file, its indentation lost
    doc = extract(build((name, STOCK_XML, mime)), filename=filename)
    assert [b.text for b in doc.blocks][-3:] == [f"Attachment: {name}", *STOCK_TEXT]


SETTINGS_YAML = b"server:\n  port: 8080\n  hosts:\n    - alpha\n    - beta\n"


@pytest.mark.parametrize("build, filename", [(_eml, "settings.eml"), (_msg, "settings.msg")])
@pytest.mark.parametrize("mime", ["application/x-yaml", "application/octet-stream"])
def test_a_yaml_attachment_is_data_not_prose(build, filename, mime):
    # e-mail read its "- alpha" lines as a list of its own, without their place under "hosts:"
    doc = extract(build(("settings.yaml", SETTINGS_YAML, mime)), filename=filename)
    assert [(b.kind, b.text) for b in doc.blocks][-1] == (
        "paragraph",
        "server:\n  port: 8080\n  hosts:\n    - alpha\n    - beta",
    )


DOT_SVG = b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4">\n  <title>Dot</title>\n</svg>\n'


@pytest.mark.parametrize("build, filename", [(_eml, "dot.eml"), (_msg, "dot.msg")])
def test_an_svg_sent_as_octet_stream_is_a_picture_not_text(build, filename):
    # e-mail read its XML as text under an "Attachment: dot.svg" heading; an XML file that is
    # no SVG, sent so too, is still read
    doc = extract(
        build(
            ("dot.svg", DOT_SVG, "application/octet-stream"), ("stock", STOCK_XML, "application/octet-stream")
        ),
        filename=filename,
    )
    texts = [b.text for b in doc.blocks]
    assert "Attachment: dot.svg" not in texts
    # (read with the extractor its bytes call for, as any file sent so: a .txt file's blocks)
    assert texts[texts.index("Attachment: stock") + 1].startswith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<stock>'
    )
    assert [(s.what, s.name, s.reason) for s in doc.coverage.skipped] == [
        ("image", "dot.svg", "SVG is not a web raster (png, jpeg, gif, webp)")
    ]
    assert doc.images == ()


# a prose attachment: an underlined title, an indented paragraph, a list, a heading in capitals
NOTES_TXT = (
    b"Release notes\n"
    b"=============\n"
    b"\n"
    b"  The installer now asks before it\n"
    b"  replaces a configuration file.\n"
    b"\n"
    b"- faster start\n"
    b"- smaller download\n"
    b"\n"
    b"INSTALLATION\n"
    b"\n"
    b"Run setup and follow the steps.\n"
)


@pytest.mark.parametrize("build, filename", [(_eml, "notes.eml"), (_msg, "notes.msg")])
@pytest.mark.parametrize("name, mime", [("notes.txt", "text/plain")])
def test_a_prose_attachment_is_read_as_a_txt_file_is(build, filename, name, mime):
    # .msg split it at blank lines only: "Release notes\n=====" a paragraph, the list's dashes
    # kept as text, the paragraph's second line still indented and no heading found
    doc = extract(build((name, NOTES_TXT, mime)), filename=filename)
    blocks = [(b.kind, b.level, b.text) for b in doc.blocks]
    assert blocks[blocks.index(("heading", 2, f"Attachment: {name}")) + 1 :] == [
        ("heading", 3, "Release notes"),
        ("paragraph", 0, "The installer now asks before it\nreplaces a configuration file."),
        ("list", 0, "faster start\nsmaller download"),
        ("heading", 4, "INSTALLATION"),
        ("paragraph", 0, "Run setup and follow the steps."),
    ]
    assert doc.coverage.attachments_indexed == (name,)


# twelve lines of verse numbered every fifth line in the right margin, the second stanza indented
POEM_TXT = b"".join(
    (b"    " if i > 6 else b"")
    + b"The mill wheel turns, line %d" % i
    + (b"      %d" % i if i % 5 == 0 else b"")
    + b"\n"
    + (b"\n" if i == 6 else b"")
    for i in range(1, 13)
)


@pytest.mark.parametrize("data", [NOTES_TXT, POEM_TXT], ids=["notes", "poem"])
def test_the_same_prose_file_reads_the_same_in_an_eml_and_a_msg(data):
    def read(build, filename):
        doc = extract(build(("file.txt", data, "text/plain")), filename=filename)
        blocks = [(b.kind, b.level, b.text, [i.text for i in b.items]) for b in doc.blocks]
        return blocks, doc.coverage.headers_footers_removed, doc.coverage.skipped

    assert read(_eml, "file.eml") == read(_msg, "file.msg")


def test_a_poems_margin_numbers_leave_an_attachments_lines_in_a_msg():
    doc = extract(_msg(("poem.txt", POEM_TXT, "text/plain")), filename="poem.msg")
    assert [b.text for b in doc.blocks][-2:] == [
        "\n".join(f"The mill wheel turns, line {i}" for i in range(1, 7)),
        "\n".join(f"The mill wheel turns, line {i}" for i in range(7, 13)),
    ]
    assert doc.coverage.headers_footers_removed == ("margin line numbers",)


@pytest.mark.parametrize("build, filename", [(_eml, "blank.eml"), (_msg, "blank.msg")])
@pytest.mark.parametrize(
    "name, data, mime",
    [("blank.txt", b"  \n\n \t\n", "text/plain"), ("blank.json", b"\n\n", "application/json")],
)
def test_a_blank_text_attachment_is_listed_as_holding_no_text(build, filename, name, data, mime):
    # .msg gave it an "Attachment: blank.txt" heading over nothing and listed it as read
    doc = extract(build((name, data, mime)), filename=filename)
    assert [b.text for b in doc.blocks][-1] == "The export."
    assert doc.coverage.attachments_indexed == ()
    assert [(s.what, s.name, s.reason) for s in doc.coverage.skipped] == [
        ("attachment", name, "attachment holds no text")
    ]


def test_a_file_sent_under_a_type_that_says_nothing_is_read_by_its_own_extractor_in_both():
    # notes.md as application/octet-stream: by the markdown extractor in an e-mail, where a .msg
    # read it as prose by its name (no line in capitals a heading in Markdown)
    def read(build, filename):
        doc = extract(build(("notes.md", NOTES_TXT, "application/octet-stream")), filename=filename)
        return [(b.kind, b.level, b.text) for b in doc.blocks[2:]], doc.coverage.attachments_indexed

    eml = read(_eml, "notes.eml")
    assert ("paragraph", 0, "INSTALLATION") in eml[0] and eml[1] == ("notes.md",)
    assert read(_msg, "notes.msg") == eml


@pytest.mark.parametrize("build, filename", [(_eml, "notes.eml"), (_msg, "notes.msg")])
@pytest.mark.parametrize(
    "name, mime", [("notes.txt", "text/plain"), ("stock.xml", "application/xml"), ("page.html", "text/html")]
)
def test_the_chunks_of_a_text_attachment_say_the_file_they_come_from(build, filename, name, mime):
    # an e-mail's text attachments (read as text, not with their own extractor) said no file
    from indexer import get_chunks

    data = b"<p>Release notes</p>" if mime == "text/html" else NOTES_TXT if name == "notes.txt" else STOCK_XML
    chunks = get_chunks(build((name, data, mime)), filename=filename, mode="structural")
    at = [c["content"] for c in chunks].index(f"Attachment: {name}")
    assert at > 0 and len(chunks) > at + 1
    assert all("attachment" not in c["metadata"] for c in chunks[:at])
    assert [c["metadata"].get("attachment") for c in chunks[at:]] == [name] * (len(chunks) - at)


# "A hedgehog and a grass snake." in KOI8-R: too short for detection to place, which reads it as
# windows-1252 ("³Ö É ÕÖ.") alone or in a page; only the charset read gives it ("Счёт 42 оплачен.",
# which this test held, came to be read right without it)
RUSSIAN = "Ёж и уж."
DECLARED = {
    "a page under a name that says nothing": (
        "invoice",
        f"<html><body><p>{RUSSIAN}</p></body></html>".encode("koi8-r"),
        "text/html",
    ),
    "a text file": ("note.txt", f"{RUSSIAN}\n".encode("koi8-r"), "text/plain"),
}


@pytest.mark.parametrize("name, data, mime", DECLARED.values(), ids=DECLARED.keys())
def test_an_attachments_type_is_read_apart_from_its_charset_which_decodes_it(name, data, mime):
    # an Outlook message compared its whole MIME tag ("text/html; charset=koi8-r" is no
    # "text/html": the page was read as laid-out text, its tags kept) and never used its charset
    eml = EmailMessage()
    eml["Subject"] = "Invoice"
    eml.set_content("See attached.")
    eml.add_attachment(data, *mime.split("/"), filename=name, params={"charset": "koi8-r"})
    assert f"{mime}; charset=" in eml.as_string()
    expected = [f"Attachment: {name}", RUSSIAN]
    assert [b.text for b in extract(eml.as_bytes(), filename="invoice.eml").blocks][-2:] == expected
    msg = extract(_msg((name, data, f"{mime}; charset=koi8-r")), filename="invoice.msg")
    assert [b.text for b in msg.blocks][-2:] == expected
    assert [b.meta.get("attachment") for b in msg.blocks[-2:]] == [name, name]


NOTE_RTF = b"{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Arial;}}\\f0 Bring the {\\b plans} on Friday.\\par}"


@pytest.mark.parametrize("build, filename", [(_eml, "note.eml"), (_msg, "note.msg")])
@pytest.mark.parametrize(
    "name, mime", [("note.rtf", "text/rtf"), ("note.rtf", "text/plain"), ("note", "text/rtf")]
)
def test_an_rtf_attachment_sent_as_text_is_read_as_rtf(build, filename, name, mime):
    # text/rtf is a registered type of .rtf files: read as text, the attachment showed its
    # control words and braces ("{\rtf1\ansi\deff0{\fonttbl…"); the words of the RTF written
    # above, its bold group's braces gone
    doc = extract(build((name, NOTE_RTF, mime)), filename=filename)
    assert [b.text for b in doc.blocks][-2:] == [f"Attachment: {name}", "Bring the plans on Friday."]


def test_an_inline_rtf_part_of_an_email_is_read_as_rtf():
    raw = (
        "From: a@example.org\nSubject: Note\nContent-Type: multipart/mixed; boundary=b\n\n"
        "--b\nContent-Type: text/plain\n\nSee below.\n"
        f"--b\nContent-Type: text/rtf\n\n{NOTE_RTF.decode()}\n--b--\n"
    ).encode()
    doc = extract(raw, filename="note.eml")
    assert [b.text for b in doc.blocks][2:] == [
        "See below.",
        "Attachment: text/rtf",
        "Bring the plans on Friday.",
    ]


#: RFC 1896's own example of text/enriched (section 7), less its last lines
ENRICHED = (
    "<bold>Now</bold> is the time for <italic>all</italic>\n"
    "good men\n"
    "<smaller>(and <<women>)</smaller> to\n"
    "<ignoreme>come</ignoreme>\n"
    "\n"
    "to the aid of their\n"
    "\n"
    "<color><param>red</param>beloved</color> country.\n"
)


def test_a_text_enriched_body_is_read_without_its_formatting_commands():
    # the RFC's reading: commands and their <param> left out, "<<" a "<", a single line break a
    # space and a run of two one line break; read as plain text, "<bold>Now</bold>" and "red"
    # were words of the body
    raw = f"From: a@example.org\nSubject: Party\nContent-Type: text/enriched\n\n{ENRICHED}".encode()
    doc = extract(raw, filename="party.eml")
    assert [b.text for b in doc.blocks][2:] == [
        "Now is the time for all good men (and <women>) to come\nto the aid of their\nbeloved country."
    ]
    # inside <nofill> each line break is one
    raw = b"From: a@example.org\nSubject: Poem\nContent-Type: text/enriched\n\n<nofill>Roses\nare red</nofill>\n"
    assert [b.text for b in extract(raw, filename="poem.eml").blocks][2:] == ["Roses\nare red"]


#: Markdown typed by hand: a heading, emphasis, an item with a nested list and its text after it,
#: a fenced code block
NOTES_MD = (
    "# Release notes\n"
    "\n"
    "The installer **asks** first.\n"
    "\n"
    "- faster start\n"
    "  - on SSDs\n"
    "\n"
    "  and disks\n"
    "- smaller download\n"
    "\n"
    "```\n"
    "setup --quiet\n"
    "```\n"
)
#: what the Markdown reader reads in it, under the attachment's heading (level 2): its heading a
#: level below, the emphasis marks gone, the item's text after its nested list in the item
NOTES_MD_BLOCKS = [
    ("heading", 3, "Release notes"),
    ("paragraph", 0, "The installer asks first."),
    ("list", 0, "faster start and disks\n  on SSDs\nsmaller download"),
    ("code", 0, "setup --quiet"),
]


@pytest.mark.parametrize("build, filename", [(_eml, "notes.eml"), (_msg, "notes.msg")])
@pytest.mark.parametrize(
    "name, mime",
    [
        ("notes.md", "text/markdown"),
        ("notes.md", "text/x-markdown"),
        ("notes", "text/markdown"),
        ("notes.md", "text/plain"),
        ("notes.markdown", "text/plain"),
    ],
)
def test_a_markdown_attachment_is_read_by_the_markdown_reader(build, filename, name, mime):
    # by its type or by its name, as notes.md sent as application/octet-stream is: read as prose,
    # "**asks**" kept its marks, the fence's lines were text and "and disks" a paragraph or an item
    doc = extract(build((name, NOTES_MD.encode(), mime)), filename=filename)
    blocks = [(b.kind, b.level, b.text) for b in doc.blocks]
    assert blocks[blocks.index(("heading", 2, f"Attachment: {name}")) + 1 :] == NOTES_MD_BLOCKS
    assert doc.coverage.attachments_indexed == (name,)
    written = get_markdown(build((name, NOTES_MD.encode(), mime)), filename=filename)
    assert "- faster start\n  - on SSDs\n\n  and disks\n- smaller download\n" in written


def test_a_markdown_attachment_is_read_in_the_charset_its_type_declares():
    # "- **Ёж** и уж" ("a hedgehog and a grass snake") in KOI8-R, too short for detection, which
    # reads it as windows-1252 ("³Ö É ÕÖ"): the Markdown reader reads the text the declared charset
    # decodes, its emphasis marks gone (read as prose, they were kept)
    data = "- **Ёж** и уж\n".encode("koi8-r")
    eml = EmailMessage()
    eml["Subject"] = "Animals"
    eml.set_content("See attached.")
    eml.add_attachment(data, "text", "markdown", filename="animals.md", params={"charset": "koi8-r"})
    expected = ["Attachment: animals.md", "Ёж и уж"]
    assert [b.text for b in extract(eml.as_bytes(), filename="animals.eml").blocks][-2:] == expected
    msg = extract(_msg(("animals.md", data, "text/markdown; charset=koi8-r")), filename="animals.msg")
    assert [b.text for b in msg.blocks][-2:] == expected


def test_an_emails_markdown_body_is_read_by_the_markdown_reader():
    # sent as the message's text, alone or as a part after a plain one: its blocks are the body's,
    # under the message's heading (level 1), as a .md file attached is read, with no attachment
    # heading; read as plain text, "**asks**" kept its marks and the fence's lines were text
    single = f"From: a@example.org\nSubject: Notes\nContent-Type: text/markdown\n\n{NOTES_MD}".encode()
    mixed = (
        "From: a@example.org\nSubject: Notes\nContent-Type: multipart/mixed; boundary=b\n\n"
        "--b\nContent-Type: text/plain\n\nSee below.\n"
        f"--b\nContent-Type: text/x-markdown\n\n{NOTES_MD}--b--\n"
    ).encode()
    below = [(kind, level - 1 if kind == "heading" else level, text) for kind, level, text in NOTES_MD_BLOCKS]
    for raw, before in ((single, []), (mixed, [("paragraph", 0, "See below.")])):
        doc = extract(raw, filename="notes.eml")
        assert [(b.kind, b.level, b.text) for b in doc.blocks][2:] == before + below
        assert doc.coverage.attachments_indexed == ()


#: the line that opens a message in a mailbox
FROM_LINE = b"From a@example.org Mon Jun  3 12:50:27 2024\n"


def _mbox(*attachments: tuple[str, bytes, str]) -> bytes:
    return FROM_LINE + _eml(*attachments)


def _msg_converted(*attachments: tuple[str, bytes, str]) -> bytes:
    """An Outlook message as MIME conversion writes it: each attachment's charset, if any, apart
    from its MIME tag (``PR_TEXT_ATTACHMENT_CHARSET``), for :func:`_declared`."""
    return _msg(*attachments)


def _declared(build, name: str, data: bytes, mime: str, charset: str | None) -> bytes:
    """A mail (``build``: :func:`_eml`, :func:`_mbox`, :func:`_msg` or :func:`_msg_converted`) of
    one attachment whose type declares ``charset`` (an e-mail's Content-Type parameter, an Outlook
    message's MIME tag or its ``PR_TEXT_ATTACHMENT_CHARSET``), or none."""
    if build is _msg:
        return _msg((name, data, f"{mime}; charset={charset}" if charset else mime))
    if build is _msg_converted:
        return _msg(Attachment(name, data, mime, charset=charset))
    eml = EmailMessage()
    eml["Subject"] = "Export"
    eml.set_content("The export.")
    params = {"charset": charset} if charset else {}
    eml.add_attachment(data, *mime.split("/"), filename=name, params=params)
    return (FROM_LINE if build is _mbox else b"") + eml.as_bytes()


# "σώμα ΠΟΥ" in windows-1253 and "Ёж и уж" in KOI8-R: too short for detection, which reads the first
# as KOI8-R ("СЧЛА поу") and the second as windows-1252 ("³Ö É ÕÖ")
GREEK = "σώμα ΠΟΥ"
RUSSIAN_SHORT = "Ёж и уж"
GREEK_TABLE = "|  |  |\n| --- | --- |\n| σώμα | ΠΟΥ |"
BY_ITS_EXTRACTOR = {
    "a CSV table": ("rates.csv", "text/csv", "σώμα;ΠΟΥ\n", "windows-1253", [GREEK_TABLE]),
    "a CSV table by its type alone": ("rates", "text/csv", "σώμα;ΠΟΥ\n", "windows-1253", [GREEK_TABLE]),
    "a CSV table by its name alone": ("rates.csv", "text/plain", "σώμα;ΠΟΥ\n", "windows-1253", [GREEK_TABLE]),
    "a TSV table": ("rates.tsv", "text/tab-separated-values", "σώμα\tΠΟΥ\n", "windows-1253", [GREEK_TABLE]),
    "a TSV table by its type alone": (
        "rates",
        "text/tab-separated-values",
        "σώμα\tΠΟΥ\n",
        "iso-8859-7",
        [GREEK_TABLE],
    ),
    "a JSON file": (
        "data.json",
        "application/octet-stream",
        f'{{"name": "{GREEK}"}}\n',
        "windows-1253",
        [f"name: {GREEK}"],
    ),
    "an NDJSON file": (
        "events.ndjson",
        "application/x-ndjson",
        f'{{"city": "{RUSSIAN_SHORT}"}}\n{{"city": "Omsk"}}\n',
        "koi8-r",
        [f"city: {RUSSIAN_SHORT}", "city: Omsk"],
    ),
    "a contact card": (
        "card.vcf",
        "text/vcard",
        f"BEGIN:VCARD\r\nVERSION:3.0\r\nFN:{GREEK}\r\nEND:VCARD\r\n",
        "windows-1253",
        [f"BEGIN:VCARD\nVERSION:3.0\nFN:{GREEK}\nEND:VCARD"],
    ),
    "a calendar": (
        "invite.ics",
        "text/calendar",
        f"BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:{GREEK}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
        "windows-1253",
        [f"BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:{GREEK}\nEND:VEVENT\nEND:VCALENDAR"],
    ),
    "a text file sent as octet-stream": (
        "notes.txt",
        "application/octet-stream",
        f"{GREEK}\n",
        "windows-1253",
        [GREEK],
    ),
    "a file of no known name, its content text": (
        "notes",
        "application/octet-stream",
        f"{RUSSIAN_SHORT}\n",
        "koi8-r",
        [RUSSIAN_SHORT],
    ),
    "a web page read by its name": (
        "page.xhtml",
        "application/xhtml+xml",
        f"<html><body><p>{GREEK}</p></body></html>",
        "windows-1253",
        [GREEK],
    ),
}


@pytest.mark.parametrize(
    "build, filename",
    [(_eml, "export.eml"), (_mbox, "export.mbox"), (_msg, "export.msg"), (_msg_converted, "export.msg")],
)
@pytest.mark.parametrize(
    "name, mime, text, charset, expected", BY_ITS_EXTRACTOR.values(), ids=BY_ITS_EXTRACTOR.keys()
)
def test_an_attachment_its_extractor_reads_is_read_in_the_charset_its_type_declares(
    build, filename, name, mime, text, charset, expected
):
    # handed to its extractor as it came, the file was read by detection alone: "| СЧЛА | поу |",
    # "city: ³Ö É ÕÖ"; a text attachment (text/plain, text/html) was read in its charset already
    doc = extract(_declared(build, name, text.encode(charset), mime, charset), filename=filename)
    assert [b.text for b in doc.blocks][-1 - len(expected) :] == [f"Attachment: {name}", *expected]
    assert doc.coverage.attachments_indexed == (name,)


# an attachment under a charset its bytes are not in (UTF-8 over windows-1253, US-ASCII over 8-bit
# bytes), none has ("x-unknown") or that names one of Python's codecs of bytes, not of text
# ("base64", "rot13", "hex")
NOT_ITS_CHARSET = {
    "a table under UTF-8": ("rates.csv", "text/csv", "σώμα;ΠΟΥ\n".encode("windows-1253"), "utf-8"),
    "a table under US-ASCII": ("rates.csv", "text/csv", "σώμα;ΠΟΥ\n".encode("windows-1253"), "us-ascii"),
    "a table under no charset": ("rates.csv", "text/csv", "σώμα;ΠΟΥ\n".encode("windows-1253"), "x-unknown"),
    "a table under base64": ("rates.csv", "text/csv", "σώμα;ΠΟΥ\n".encode("windows-1253"), "base64"),
    "a text file under rot13": ("note.txt", "text/plain", f"{GREEK}\n".encode("windows-1253"), "rot13"),
    "a web page under hex": (
        "page.html",
        "text/html",
        f"<p>{GREEK}</p>".encode("windows-1253"),
        "hex",
    ),
    "a JSON file under idna": ("data.json", "application/octet-stream", b'{"name": "\xf3"}', "idna"),
}


@pytest.mark.parametrize("build, filename", [(_eml, "export.eml"), (_msg, "export.msg")])
@pytest.mark.parametrize("name, mime, data, charset", NOT_ITS_CHARSET.values(), ids=NOT_ITS_CHARSET.keys())
def test_an_attachment_not_in_its_declared_charset_is_read_as_with_none(
    build, filename, name, mime, data, charset
):
    # read from its bytes alone, as when no charset is declared, the mail read; a charset naming a
    # codec of bytes failed the whole mail (AssertionError, TypeError, UnicodeError)
    doc = extract(_declared(build, name, data, mime, charset), filename=filename)
    plain = extract(_declared(build, name, data, mime, None), filename=filename)
    assert [b.text for b in doc.blocks] == [b.text for b in plain.blocks]
    assert doc.coverage.attachments_indexed == (name,)
    # a UTF-8 BOM wins over a legacy charset as it does for a text attachment, in either
    bom = b"\xef\xbb\xbf" + "σώμα;ΠΟΥ\n".encode()
    for sent in ("rates.csv", "text/csv"), ("note.txt", "text/plain"):
        read = extract(_declared(build, sent[0], bom, sent[1], "windows-1253"), filename=filename)
        assert [b.text for b in read.blocks][-1] == (GREEK_TABLE if sent[0] == "rates.csv" else "σώμα;ΠΟΥ")


GREEK_TEXT = {
    "a text file": ("note.txt", f"{GREEK}\n", "text/plain"),
    "a page under a name that says nothing": (
        "note",
        f"<html><body><p>{GREEK}</p></body></html>",
        "text/html",
    ),
}


@pytest.mark.parametrize("name, text, mime", GREEK_TEXT.values(), ids=GREEK_TEXT.keys())
def test_an_outlook_attachments_charset_apart_from_its_mime_tag_decodes_it(name, text, mime):
    # MIME conversion writes a text/* part's charset in PR_TEXT_ATTACHMENT_CHARSET (0x371B), its
    # type alone in the MIME tag: the charset was not read, and detection took the windows-1253
    # text for KOI8-R ("СЧЛА поу"); the MIME tag's own charset parameter, where it has one, wins
    data = text.encode("windows-1253")
    doc = extract(_msg(Attachment(name, data, mime, charset="windows-1253")), filename="note.msg")
    assert [b.text for b in doc.blocks][-2:] == [f"Attachment: {name}", GREEK]
    tagged = Attachment(name, data, f"{mime}; charset=windows-1253", charset="koi8-r")
    assert [b.text for b in extract(_msg(tagged), filename="note.msg").blocks][-1] == GREEK
