"""A list item of several paragraphs (an HTML ``<li>`` holding ``<p>one</p><p>two</p>``, a Markdown
item of two paragraphs, a blank line between them): its text stays one line of the list's text, as
the chunks read it, and the list says where each paragraph after the first starts
(``ITEM_PARAGRAPHS``), so that the Markdown writes the item's paragraphs as paragraphs of it, as a
browser shows them. Every page and list here is typed by hand; the offsets are counted in the
comments."""

from __future__ import annotations

import json

from indexer import extract, get_chunks, get_markdown
from indexer.formats.html import html_blocks
from indexer.formats.markdown import markdown_blocks
from indexer.model import ITEM_PARAGRAPHS, ITEM_QUOTES, ITEM_TAILS, LIST
from tests._builders import epub_file, html_mail, mail

PAGE = "<ul><li><p>First para of item.</p><p>Second para of item.</p></li><li>two</li></ul>"
#: as a browser shows it: the first item's two paragraphs, one under the other, then "two"
WRITTEN = "- First para of item.\n\n  Second para of item.\n- two\n"


def _page(tmp_path, body: str):
    path = tmp_path / "page.html"
    path.write_text(f"<html><body>{body}</body></html>", encoding="utf-8")
    return path


def _notebook(tmp_path, markdown: str):
    cell = {"cell_type": "markdown", "metadata": {}, "source": markdown.splitlines(keepends=True)}
    path = tmp_path / "notes.ipynb"
    path.write_text(json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [cell]}))
    return path


def test_an_html_item_s_paragraphs_are_written_as_paragraphs_of_it(tmp_path):
    (block,) = html_blocks(PAGE)[0]
    # the item's text and the list's as they were: the item's paragraphs on one line, a space between
    assert [item.text for item in block.items] == ["First para of item. Second para of item.", "two"]
    assert block.text == "First para of item. Second para of item.\ntwo"
    # "First para of item. " is 20 characters: the second paragraph starts at 20
    assert block.meta[ITEM_PARAGRAPHS] == ((0, 20),)
    path = _page(tmp_path, PAGE)
    # it was "- First para of item. Second para of item.", the paragraph break lost
    assert get_markdown(path) == WRITTEN
    assert [c["content"] for c in get_chunks(path)] == ["First para of item. Second para of item.\ntwo"]


def test_the_markdown_written_reads_back_as_the_same_item(markdown_parser):
    (html,) = html_blocks(PAGE)[0]
    (md,) = markdown_blocks(WRITTEN)
    assert md.kind == LIST
    assert md.items == html.items
    assert md.meta[ITEM_PARAGRAPHS] == html.meta[ITEM_PARAGRAPHS] == ((0, 20),)


def test_what_a_browser_shows_apart_in_an_item(tmp_path):
    # two <br> in a row leave a line blank: two paragraphs; a <div> after text starts a line of its
    # own: a paragraph of its own, as a <div> is at the top of a page; one <br> breaks a line only
    # (the item's text one line, as before); an empty <p> between two texts parts them too; a heading is
    # a paragraph of the item, written as a heading (test_item_headings.py)
    page = (
        "<ul><li>text<br><br>more</li><li>a<div>b</div>c</li><li>x<br>y</li>"
        "<li>left<p></p>right</li><li><h3>Title</h3>body</li></ul>"
    )
    (block,) = html_blocks(page)[0]
    assert [item.text for item in block.items] == ["text more", "a b c", "x y", "left right", "Title body"]
    # "text " is 5 characters; "a " 2, "a b " 4; "left " 5; "Title " 6
    assert block.meta[ITEM_PARAGRAPHS] == ((0, 5), (1, 2), (1, 4), (3, 5), (4, 6))
    assert get_markdown(_page(tmp_path, page)) == (
        "- text\n\n  more\n- a\n\n  b\n\n  c\n- x y\n- left\n\n  right\n- ### Title\n\n  body\n"
    )


def test_paragraphs_beside_a_quote_a_nested_list_and_a_code_block(markdown_parser, tmp_path):
    # a quote between paragraphs: its start and the start of the text after it are said by
    # ITEM_QUOTES already; text after a nested list by ITEM_TAILS, its second paragraph by
    # ITEM_PARAGRAPHS; a nested item's paragraphs; an item's paragraphs before its <pre>
    page = (
        "<ol><li><p>a</p><blockquote>q</blockquote><p>b</p><p>c</p></li>"
        "<li><p>d</p><p>e</p><ul><li><p>n1</p><p>n2</p></li></ul><p>f</p><p>g</p></li></ol>"
    )
    (block,) = html_blocks(page)[0]
    assert [(item.text, item.level) for item in block.items] == [
        ("a q b c", 0),
        ("d e f g", 0),
        ("n1 n2", 1),
    ]
    # "a q b " is 6 characters: "c" from 6 ("q" from 2 to 3, "b" from 4 said by the quote);
    # "d " 2, "d e f " 6 ("f" from 4 said by the tail); "n1 " 3
    assert block.meta[ITEM_QUOTES] == ((0, 2, 3),)
    assert block.meta[ITEM_TAILS] == ((1, 4),)
    assert block.meta[ITEM_PARAGRAPHS] == ((0, 6), (1, 2), (1, 6), (2, 3))
    written = "1. a\n\n   > q\n\n   b\n\n   c\n2. d\n\n   e\n   - n1\n\n     n2\n\n   f\n\n   g\n"
    assert get_markdown(_page(tmp_path, page)) == written
    # read back, the same items and places
    (md,) = markdown_blocks(written)
    assert md.items == block.items
    for key in (ITEM_QUOTES, ITEM_TAILS, ITEM_PARAGRAPHS):
        assert md.meta[key] == block.meta[key], key
    # a <pre> in the item: the paragraphs before it are the item's, the text after it a block
    (listed, code, after) = html_blocks("<ul><li><p>a</p><p>b</p><pre>x</pre>c</li></ul>")[0]
    assert listed.items[0].text == "a b"
    assert listed.meta[ITEM_PARAGRAPHS] == ((0, 2),)
    assert (code.text, after.text) == ("x", "c")


def test_a_paragraph_that_would_read_as_markup_is_escaped(markdown_parser, tmp_path):
    # a paragraph starting "- " or "2. " would open a list in the item: escaped, it reads as text
    page = "<ul><li><p>a</p><p>- b</p><p>2. c</p></li></ul>"
    written = get_markdown(_page(tmp_path, page))
    assert written == "- a\n\n  \\- b\n\n  2\\. c\n"
    (html,) = html_blocks(page)[0]
    (md,) = markdown_blocks(written)
    assert md.items == html.items
    assert [item.text for item in md.items] == ["a - b 2. c"]
    assert md.meta[ITEM_PARAGRAPHS] == html.meta[ITEM_PARAGRAPHS] == ((0, 2), (0, 6))


def test_offsets_where_soft_hyphens_are_left_out():
    # "Donau " is 6 characters once its soft hyphen is out ("Do&shy;nau " 7 with it)
    (block,) = html_blocks("<ul><li><p>Do&shy;nau</p><p>x</p></li></ul>")[0]
    assert block.items[0].text == "Donau x"
    assert block.meta[ITEM_PARAGRAPHS] == ((0, 6),)
    (md,) = markdown_blocks("- Do\xadnau\n\n  x\n")
    assert md.items == block.items
    assert md.meta[ITEM_PARAGRAPHS] == ((0, 6),)
    # a paragraph of soft hyphens alone shows no word: no paragraph of its own ("a " is 2 characters,
    # "a b " 4); nor does one opening an item
    page = "<ul><li><p>a</p><p>&shy;</p><p>b &shy;</p><p>c</p></li><li><p>&shy;</p><p>z</p></li></ul>"
    (block,) = html_blocks(page)[0]
    assert [item.text for item in block.items] == ["a b c", "z"]
    assert block.meta[ITEM_PARAGRAPHS] == ((0, 2), (0, 4))


def test_a_markdown_item_s_paragraphs_where_its_list_is_written_anew(markdown_parser, tmp_path):
    source = "- First para.\n\n  Second para.\n- two\n"
    (block,) = markdown_blocks(source)
    assert [item.text for item in block.items] == ["First para. Second para.", "two"]
    # "First para. " is 12 characters
    assert block.meta[ITEM_PARAGRAPHS] == ((0, 12),)
    # a notebook's Markdown cell and a Markdown file attached to a mail are written anew: the item's
    # paragraphs stay two (they were "- First para. Second para.")
    path = _notebook(tmp_path, source)
    assert get_markdown(path) == source
    assert [c["content"] for c in get_chunks(path)] == ["First para. Second para.\ntwo"]
    message = tmp_path / "notes.eml"
    message.write_bytes(
        mail(
            (source.encode(), "application/octet-stream", "notes.md"), subject="Notes", body="See the notes."
        )
    )
    assert get_markdown(message).endswith("## Attachment: notes.md\n\n" + source)
    # a heading and an HTML block in an item are blocks of their own too, as a browser shows them
    (block,) = markdown_blocks("- a\n  # h\n- b\n  <div>c</div>\n")
    assert [item.text for item in block.items] == ["a h", "b c"]
    assert block.meta[ITEM_PARAGRAPHS] == ((0, 2), (1, 2))


def test_a_mail_s_html_body_and_an_epub_chapter_too(tmp_path):
    letter = tmp_path / "lists.eml"
    letter.write_bytes(html_mail(PAGE, "Lists"))
    book = tmp_path / "book.epub"
    book.write_bytes(epub_file({"c1.xhtml": PAGE}))
    for path in (letter, book):
        block = next(b for b in extract(path).blocks if b.kind == LIST)
        assert block.meta[ITEM_PARAGRAPHS] == ((0, 20),), path.name
        assert WRITTEN in get_markdown(path), path.name


def test_paragraphs_after_a_code_block_or_a_table_in_an_item(tmp_path):
    # the item's text after its <pre> is a paragraph block of it, as before, but one per paragraph a
    # browser shows: "b" and "c" were one block "b c", written on one line
    page = "<ul><li>a<pre>x</pre><p>b</p><p>c</p></li><li>z</li></ul>"
    blocks = html_blocks(page)[0]
    assert [(b.kind, b.text, dict(b.meta)) for b in blocks] == [
        (LIST, "a", {}),
        ("code", "x", {"in_item": 1}),
        ("paragraph", "b", {"in_item": 1}),
        ("paragraph", "c", {"in_item": 1}),
        (LIST, "z", {}),
    ]
    path = _page(tmp_path, page)
    assert get_markdown(path) == "- a\n\n  ```\n  x\n  ```\n\n  b\n\n  c\n\n- z\n"
    assert [c["content"] for c in get_chunks(path)] == ["a", "x", "b\nc", "z"]
    # after a table: two <br> in a row part paragraphs there too, one <br> a space as in the item's text
    page = (
        "<ul><li>a<table><tr><th>k</th><th>v</th></tr><tr><td>1</td><td>2</td></tr></table>"
        "b<br><br>c<br>d</li></ul>"
    )
    blocks = html_blocks(page)[0]
    assert [(b.kind, b.text) for b in blocks] == [
        (LIST, "a"),
        ("table", "| k | v |\n| --- | --- |\n| 1 | 2 |"),
        ("paragraph", "b"),
        ("paragraph", "c d"),
    ]


def test_a_markdown_item_s_paragraphs_after_its_code_block(markdown_parser):
    # both parsers give a paragraph block per paragraph after the fence, each on its own lines (with
    # pulldown-cmark they were one block "b b2 c", lines 7 to 10); the Markdown written for the page
    # above reads back as the blocks that page gives
    source = "- a\n\n  ```\n  x\n  ```\n\n  b\n  b2\n\n  c\n- z\n"
    assert [(b.kind, b.text, b.lines, dict(b.meta)) for b in markdown_blocks(source)] == [
        (LIST, "a", (1, 1), {}),
        ("code", "x", (3, 5), {"in_item": 1}),
        ("paragraph", "b b2", (7, 8), {"in_item": 1}),
        ("paragraph", "c", (10, 10), {"in_item": 1}),
        (LIST, "z", (11, 11), {}),
    ]
    written = "- a\n\n  ```\n  x\n  ```\n\n  b\n\n  c\n\n- z\n"
    page = html_blocks("<ul><li>a<pre>x</pre><p>b</p><p>c</p></li><li>z</li></ul>")[0]
    read = markdown_blocks(written)
    assert [(b.kind, b.text, dict(b.meta)) for b in read] == [(b.kind, b.text, dict(b.meta)) for b in page]


def test_an_inline_element_or_a_block_holding_blocks_in_an_item(markdown_parser, tmp_path):
    # what parts an item's paragraphs parts them inside an inline element or a block too, as the same
    # outside it: two <br> in a row in a <span>, a <p> in a link, <p>s in a <div>, two <br> in a <p>;
    # one <br> in a <span> a space still. All were read on one line ("- a b")
    page = (
        "<ul><li><span>a<br><br>b</span></li><li><a href='/x'><p>x</p></a>y</li>"
        "<li><div><p>c</p><p>d</p></div></li><li><p>e<br><br>f</p></li><li><span>g<br>h</span></li></ul>"
    )
    (block,) = html_blocks(page)[0]
    assert [item.text for item in block.items] == ["a b", "x y", "c d", "e f", "g h"]
    # each second paragraph starts after a one-letter word and a space: at 2
    assert block.meta[ITEM_PARAGRAPHS] == ((0, 2), (1, 2), (2, 2), (3, 2))
    written = "- a\n\n  b\n- x\n\n  y\n- c\n\n  d\n- e\n\n  f\n- g h\n"
    assert get_markdown(_page(tmp_path, page)) == written
    (md,) = markdown_blocks(written)
    assert md.items == block.items
    assert md.meta[ITEM_PARAGRAPHS] == block.meta[ITEM_PARAGRAPHS]
    # a list in an inline element is a nested list of the item, as a browser shows it (its text was
    # read into the item's: "a n b"); the item's text after it said so ("a " is 2 characters)
    (block,) = html_blocks("<ul><li>a<span><ul><li>n</li></ul></span>b</li></ul>")[0]
    assert [(item.text, item.level) for item in block.items] == [("a b", 0), ("n", 1)]
    assert block.meta[ITEM_TAILS] == ((0, 2),)
