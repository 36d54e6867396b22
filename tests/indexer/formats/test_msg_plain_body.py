"""Outlook .msg: a plain body, and an RTF-only body once its markup is stripped, read as an
e-mail's plain body is (headings, lists, quoted text, signatures), by the same function."""

from __future__ import annotations

from email.message import EmailMessage

from indexer import extract, extract_bytes
from indexer.model import HEADING, LIST, PARAGRAPH

from ._outlook import outlook_message, rtf_lines

#: a reply as people type one: a title in capitals, a list with a wrapped item, a quote, an
#: indented address and a signature
BODY = (
    "Dear team,\n"
    "\n"
    "AGENDA\n"
    "\n"
    "- the budget for the spring fair, which we have to settle\n"
    "  before the end of the month\n"
    "- the new rota\n"
    "\n"
    "> Can we meet on Friday?\n"
    "> Ana\n"
    "\n"
    "    Room 4, second floor\n"
    "    North building\n"
    "\n"
    "-- \n"
    "Li Wei\n"
    "Events office\n"
)

#: what the .txt reader finds in BODY, checked line by line: the line in capitals a heading below
#: the subject (level 2 + 1), the item's wrapped line joined to it, the quote kept with its marks,
#: the address without its layout indentation, the signature's "-- " line no underline
EXPECTED = [
    (PARAGRAPH, 0, "Dear team,"),
    (HEADING, 3, "AGENDA"),
    (
        LIST,
        0,
        "the budget for the spring fair, which we have to settle before the end of the month\nthe new rota",
    ),
    (PARAGRAPH, 0, "> Can we meet on Friday?\n> Ana"),
    (PARAGRAPH, 0, "Room 4, second floor\nNorth building"),
    (PARAGRAPH, 0, "--\nLi Wei\nEvents office"),
]


def _body(doc) -> list[tuple[str, int, str]]:
    """The blocks after the subject's heading and the header paragraph."""
    return [(b.kind, b.level, b.text) for b in doc.blocks[2:]]


def _eml() -> bytes:
    msg = EmailMessage()
    msg["Subject"] = "Spring fair"
    msg["From"] = "li@example.org"
    msg.set_content(BODY)
    return bytes(msg)


def test_a_plain_body_reads_as_the_same_e_mail_body():
    eml = extract_bytes(_eml(), "fair.eml")
    assert _body(eml) == EXPECTED
    doc = extract(outlook_message("Spring fair", BODY), filename="fair.msg")
    assert _body(doc) == EXPECTED
    [items] = [b.items for b in doc.blocks if b.kind == LIST]
    assert [i.text for i in items] == [
        "the budget for the spring fair, which we have to settle before the end of the month",
        "the new rota",
    ]


def test_an_rtf_only_body_reads_so_too():
    doc = extract(outlook_message("Spring fair", rtf=rtf_lines(BODY)), filename="fair.msg")
    assert _body(doc) == EXPECTED
