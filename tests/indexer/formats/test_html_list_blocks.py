"""HTML: a table or a ``<pre>`` in a list item is a block of its own between the parts of the
list that says how many items hold it (``IN_ITEM``), as a Markdown item's is, so that the
Markdown writes it in its item and the list goes on after it, as a browser shows the page."""

from __future__ import annotations

from email.message import EmailMessage

from indexer import extract, get_chunks, get_markdown
from indexer.formats.html import html_blocks
from indexer.formats.markdown import markdown_blocks
from indexer.model import CODE, IN_ITEM, LIST, OPENS_ITEM, PARAGRAPH, TABLE

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
    # an item holding a table before any text of its own is opened by it, its marker written before it
    # (OPENS_ITEM), as a browser shows a bullet beside the table; so is a nested such item by its code
    # (both were written at the margin, or in the parent item, with no item of their own)
    blocks, _ = html_blocks(
        "<ul><li>one</li><li><table><tr><th>k</th><th>v</th></tr><tr><td>a</td><td>1</td></tr></table></li>"
        "<li>three<ul><li><pre>x = 1</pre></li></ul></li></ul>"
    )
    assert [(b.kind, b.text.split("\n")[0], b.meta.get(IN_ITEM), b.meta.get(OPENS_ITEM)) for b in blocks] == [
        (LIST, "one", None, None),
        (TABLE, "| k | v |", 1, "-"),
        (LIST, "three", None, None),
        (CODE, "x = 1", 2, "-"),
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


#: pages of an item whose <pre> comes before or after its nested list, and the Markdown a browser's
#: order gives: the code in the item, the nested list where it stands
ORDERED = [
    # an item holding nothing before its code is opened by it (it was written at the margin, "x" then
    # an empty item "-" for "n", as though "n" were in another item)
    (
        "<ul><li><pre>x</pre><ul><li>n</li></ul></li><li>z</li></ul>",
        "- ```\n  x\n  ```\n\n  - n\n- z\n",
    ),
    # its number kept, the text after the code in the item
    ("<ol start=3><li><pre>x</pre>after</li></ol>", "3. ```\n   x\n   ```\n\n   after\n"),
    # a nested list before the code is written before it (it was written after the code)
    (
        "<ul><li>a<ul><li>n</li></ul><pre>x</pre></li><li>z</li></ul>",
        "- a\n  - n\n\n  ```\n  x\n  ```\n\n- z\n",
    ),
    # so in an item holding no text: an empty item, then the list, then the code (it was the code at
    # the margin, then the empty item and its list)
    ("<ul><li><ul><li>n</li></ul><pre>x</pre></li></ul>", "-\n  - n\n\n  ```\n  x\n  ```\n"),
]


def test_an_item_s_code_and_nested_list_in_their_order(markdown_parser, tmp_path):
    for page, written in ORDERED:
        path = tmp_path / "page.html"
        path.write_text(f"<html><body>{page}</body></html>", encoding="utf-8")
        assert get_markdown(path) == written, page
        # read back with either parser, the same blocks, in the same items
        shown = [(b.kind, b.text, dict(b.meta)) for b in html_blocks(page)[0]]
        read = [(b.kind, b.text, dict(b.meta)) for b in markdown_blocks(written)]
        for _, _, meta in read:
            meta.pop("item_lines", None)
        assert read == shown, page
    blocks = html_blocks(ORDERED[0][0])[0]
    assert [(b.kind, b.text, dict(b.meta)) for b in blocks] == [
        (CODE, "x", {IN_ITEM: 1, OPENS_ITEM: "-"}),
        (LIST, "  n\nz", {}),
    ]
    # the nested list before the code is in the list block before it: its chunks in the page's order
    path = tmp_path / "page.html"
    path.write_text(f"<html><body>{ORDERED[2][0]}</body></html>", encoding="utf-8")
    assert [c["content"] for c in get_chunks(path)] == ["a\n  n", "x", "z"]
