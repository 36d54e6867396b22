"""E-mail: a Markdown alternative of a message's body (text/markdown beside text/plain and text/html)
is the text read as the body, by the Markdown reader: it holds the plain text's words with its
headings, lists and code blocks marked. The HTML one is read over it only where it shows what the
text cannot (a data table, an inline picture), as over a plain one."""

from __future__ import annotations

import pytest

from indexer import extract
from tests._builders import alternative_mail

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
