"""HTML: a table or a ``<pre>`` in a list item is a block of its own between the parts of the
list that says how many items hold it (``IN_ITEM``), as a Markdown item's is, so that the
Markdown writes it in its item and the list goes on after it, as a browser shows the page."""

from __future__ import annotations

from email.message import EmailMessage

from indexer import extract, get_markdown
from indexer.formats.html import html_blocks
from indexer.model import CODE, IN_ITEM, LIST, PARAGRAPH, TABLE

from ._text_helpers import gfm_structure

#: Typed by hand: an ordered list of three items; the first holds a table and a line after it, the
#: second a list whose item holds a program, two items deep
PAGE = (
    "<ol><li>Tide gauges<table><tr><th>Station</th><th>Datum</th></tr>"
    "<tr><td>Leith</td><td>2.9 m</td></tr></table>Read hourly.</li>"
    "<li>Buoys<ul><li>Wave buoy<pre>height = 1.2</pre></li></ul></li>"
    "<li>Current meter</li></ol><p>After the list.</p>"
)

#: what a browser shows of PAGE: (how many list items hold it, what) in reading order
SHOWN = [
    (0, "item"),
    (1, "Tide gauges"),
    (1, "table"),
    (1, "Read hourly."),
    (0, "item"),
    (1, "Buoys"),
    (1, "item"),
    (2, "Wave buoy"),
    (2, "code"),
    (0, "item"),
    (1, "Current meter"),
    (0, "After the list."),
]


def test_blocks_in_items_say_how_many_items_hold_them():
    blocks, _ = html_blocks(PAGE)
    assert [(b.kind, b.text.split("\n")[0], b.meta.get(IN_ITEM)) for b in blocks] == [
        (LIST, "Tide gauges", None),
        (TABLE, "| Station | Datum |", 1),
        (PARAGRAPH, "Read hourly.", 1),
        (LIST, "Buoys", None),
        (CODE, "height = 1.2", 2),
        (LIST, "Current meter", None),
        (PARAGRAPH, "After the list.", None),
    ]
    # an item holding a table before any text of its own writes no item of its own: its table is
    # in none written (not in the item before it), and one in a nested such item in its parent's
    blocks, _ = html_blocks(
        "<ul><li>one</li><li><table><tr><th>k</th><th>v</th></tr><tr><td>a</td><td>1</td></tr></table></li>"
        "<li>three<ul><li><pre>x = 1</pre></li></ul></li></ul>"
    )
    assert [(b.kind, b.text.split("\n")[0], b.meta.get(IN_ITEM)) for b in blocks] == [
        (LIST, "one", None),
        (TABLE, "| k | v |", None),
        (LIST, "three", None),
        (CODE, "x = 1", 1),
    ]


def test_a_page_s_markdown_keeps_them_in_their_items(tmp_path):
    page = tmp_path / "gauges.html"
    page.write_text(f"<html><body>{PAGE}</body></html>", encoding="utf-8")
    markdown = get_markdown(page)
    assert gfm_structure(markdown) == SHOWN
    # one list: the third item keeps its number
    assert "3. Current meter" in markdown


def test_a_mail_s_html_body_too(tmp_path):
    message = EmailMessage()
    message["From"] = "harbour@example.org"
    message["To"] = "crew@example.org"
    message["Subject"] = "Gauges"
    message.set_content(f"<html><body>{PAGE}</body></html>", subtype="html")
    mail = tmp_path / "gauges.eml"
    mail.write_bytes(message.as_bytes())
    doc = extract(mail)
    table = next(b for b in doc.blocks if b.kind == TABLE)
    assert table.meta.get(IN_ITEM) == 1
    assert gfm_structure(get_markdown(mail))[-len(SHOWN) :] == SHOWN
