"""E-mail and Outlook .msg: a Markdown alternative of a message's body (text/markdown beside
text/plain and text/html) is the text read as the body, by the Markdown reader: it holds the plain
text's words with its headings, lists and code blocks marked. The HTML one is read over it only
where it shows what the text cannot (a data table, an inline picture), as over a plain one.

An attachment whose name and type disagree: a name that says only text (``.txt``) gives way to a
text type naming the format of its text (Markdown, RTF, CSV); a type that says only text or
nothing (``text/plain``, ``application/octet-stream``) gives way to a name naming a format.

A Markdown list a mail places in its text keeps no ``item_lines``: those count in the lines of the
part or file it was read from, which the mail's text, an item to a line, does not follow."""

from __future__ import annotations

import pytest

from indexer import extract
from tests._builders import alternative_mail, mail

from ._outlook import outlook_message

#: a plan written in Markdown, and the plain text a mail program sends beside it: the same words,
#: the marks left out
PLAN_MD = "# Plan\n\nThe steps:\n\n- install\n- run `setup`\n\n```\nsetup --quiet\n```\n"
PLAN_PLAIN = "Plan\n\nThe steps:\n\n- install\n- run setup\n\n    setup --quiet\n"
PLAN_HTML = (
    "<h1>Plan</h1><p>The steps:</p><ul><li>install</li><li>run <code>setup</code></li></ul>"
    "<pre>setup --quiet</pre>"
)
#: what the Markdown reader reads in it under the message's heading (level 1): its heading a level
#: below, the code marks gone from the item, the fence's line a code block
PLAN_BLOCKS = [
    ("heading", 2, "Plan"),
    ("paragraph", 0, "The steps:"),
    ("list", 0, "install\nrun setup"),
    ("code", 0, "setup --quiet"),
]


def _body(raw: bytes) -> list[tuple[str, int, str]]:
    doc = extract(raw, filename="plan.eml")
    assert doc.coverage.attachments_indexed == ()
    return [(b.kind, b.level, b.text) for b in doc.blocks[2:]]  # after the subject and the headers


@pytest.mark.parametrize(
    "parts",
    [
        [("plain", PLAN_PLAIN), ("markdown", PLAN_MD)],
        [("markdown", PLAN_MD), ("plain", PLAN_PLAIN)],
        [("plain", PLAN_PLAIN), ("x-markdown", PLAN_MD), ("html", PLAN_HTML)],
    ],
    ids=["plain-markdown", "markdown-plain", "plain-markdown-html"],
)
def test_a_markdown_alternative_is_read_as_the_body_wherever_it_stands(parts):
    # the plain alternative was read: "Plan" a paragraph, the indented command a paragraph
    assert _body(alternative_mail(*parts)) == PLAN_BLOCKS


def test_without_a_plain_alternative_markdown_is_read_unless_the_html_shows_a_table():
    # the HTML was read whenever no plain alternative stood beside it: here one made by a mail
    # program, its heading a bold paragraph, its command a paragraph, its footer a line of its own
    styled = (
        "<div style='font-family: sans-serif'><p><b>Plan</b></p><p>The steps:</p>"
        "<ul><li>install</li><li>run setup</li></ul><p>setup --quiet</p>"
        "<p style='color: grey'>Sent with Notes</p></div>"
    )
    assert _body(alternative_mail(("markdown", PLAN_MD), ("html", styled))) == PLAN_BLOCKS
    # a data table of the Markdown's words: the HTML is read, as over a plain text
    rooms_md = "Rooms:\n\n- Mini, all day\n- Double, 9:00-12:00\n"
    rooms_html = (
        "<p>Rooms:</p><table><tr><td>Mini</td><td>all day</td></tr>"
        "<tr><td>Double</td><td>9:00-12:00</td></tr></table>"
    )
    blocks = _body(alternative_mail(("markdown", rooms_md), ("html", rooms_html)))
    assert [kind for kind, _, _ in blocks] == ["paragraph", "table"]
    # an empty Markdown alternative leaves the plain one
    assert _body(alternative_mail(("plain", "Just text.\n"), ("markdown", "\n"))) == [
        ("paragraph", 0, "Just text.")
    ]


def _eml(data: bytes, mime: str, name: str) -> bytes:
    return mail((data, mime, name), subject="Files", body="See attached.")


def _msg(data: bytes, mime: str, name: str) -> bytes:
    return outlook_message("Files", "See attached.", [(name, data, mime)])


def _attached(build, filename: str, data: bytes, mime: str, name: str) -> list[tuple[str, str]]:
    """The blocks read under the attachment's heading."""
    doc = extract(build(data, mime, name), filename=filename)
    blocks = [(b.kind, b.text) for b in doc.blocks]
    assert doc.coverage.attachments_indexed == (name,)
    return blocks[blocks.index(("heading", f"Attachment: {name}")) + 1 :]


#: a note in Markdown: its heading, and a list whose first item is in bold
NOTE_MD = b"# Title\n\n- **first**\n- second\n"
BOTH = pytest.mark.parametrize("build, filename", [(_eml, "files.eml"), (_msg, "files.msg")])


@BOTH
def test_a_txt_file_sent_as_markdown_is_read_as_markdown_and_a_md_file_sent_as_text_too(build, filename):
    # read by its name, as text: the bold marks stayed in the item ("**first**")
    markdown = [("heading", "Title"), ("list", "first\nsecond")]
    assert _attached(build, filename, NOTE_MD, "text/markdown", "notes.txt") == markdown
    # the other way, a type that says only text loses to the name: Markdown too
    assert _attached(build, filename, NOTE_MD, "text/plain", "notes.md") == markdown
    # a type that says nothing: read by the name, as text, the marks kept
    octets = _attached(build, filename, NOTE_MD, "application/octet-stream", "notes.txt")
    assert octets == [("heading", "Title"), ("list", "**first**\nsecond")]


@BOTH
def test_a_txt_file_sent_as_csv_is_a_table_and_a_csv_file_sent_as_text_too(build, filename):
    # read by its name, as text: one paragraph of the three lines, commas and all
    table = [("table", "| name | qty |\n| --- | --- |\n| bolt | 3 |\n| nut | 5 |")]
    data = b"name,qty\nbolt,3\nnut,5\n"
    assert _attached(build, filename, data, "text/csv", "parts.txt") == table
    assert _attached(build, filename, data, "text/plain", "parts.csv") == table


@BOTH
def test_a_txt_file_sent_as_rtf_is_read_as_rtf(build, filename):
    # read by its name, as text, its control words and braces were its words
    data = b"{\\rtf1\\ansi Hello {\\b bold} world.}"
    assert _attached(build, filename, data, "text/rtf", "memo.txt") == [("paragraph", "Hello bold world.")]


#: a list whose first item runs over two lines: the Markdown reader says where each item starts
#: in the text it reads (item_lines (3, 5)), which a mail's text, an item to a line, does not follow
STEPS_MD = "# Steps\n\n- install the\n  package\n- run it\n"


@pytest.mark.parametrize(
    "raw, filename",
    [
        (
            (f"From: a@example.org\nSubject: Steps\nContent-Type: text/markdown\n\n{STEPS_MD}").encode(),
            "steps.eml",
        ),
        (_eml(STEPS_MD.encode(), "text/markdown", "steps.md"), "files.eml"),
        (_msg(STEPS_MD.encode(), "text/markdown", "steps.md"), "files.msg"),
    ],
    ids=["eml-body", "eml-attachment", "msg-attachment"],
)
def test_a_markdown_list_in_a_mail_keeps_no_item_lines_of_its_own_text(raw, filename):
    # item_lines (3, 5) was kept, counted from the part's or the file's own first line
    doc = extract(raw, filename=filename)
    (listed,) = [b for b in doc.blocks if b.kind == "list"]
    assert listed.text == "install the package\nrun it"
    assert "item_lines" not in listed.meta
    # its lines are those of its text in the mail's text, an item to a line
    first, last = listed.lines
    assert doc.text.split("\n")[first - 1 : last] == ["install the package", "run it"]
