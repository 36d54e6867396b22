"""A heading inside a list item (an HTML ``<li>`` holding ``<h3>Title</h3><p>text</p>``, as generated
documentation and e-books write them; a Markdown item ``- ### Title``): its words stay in the item's
text, as the chunks read it, and the list says where the heading stands and its level
(``ITEM_HEADINGS``), so that the Markdown writes it as a heading in the item, as a browser shows it.
Every page and list here is typed by hand; the offsets are counted in the comments."""

from __future__ import annotations

import json

from indexer import extract, get_chunks, get_markdown
from indexer.formats.html import html_blocks
from indexer.formats.markdown import markdown_blocks
from indexer.model import (
    CODE,
    HEADING_LEVEL,
    IN_ITEM,
    ITEM_HEADINGS,
    ITEM_PARAGRAPHS,
    ITEM_TAILS,
    LIST,
    PARAGRAPH,
)
from tests._builders import epub_file, html_mail

PAGE = "<ul><li><h3>Title</h3><p>text</p></li><li>two</li></ul>"
#: as a browser shows it: the heading in the first item, its text under it, then "two"
WRITTEN = "- ### Title\n\n  text\n- two\n"


def _page(tmp_path, body: str):
    path = tmp_path / "page.html"
    path.write_text(f"<html><body>{body}</body></html>", encoding="utf-8")
    return path


def test_a_heading_in_an_html_item_is_written_as_a_heading_of_the_item(tmp_path):
    (block,) = html_blocks(PAGE)[0]
    # the item's text and the list's as they were
    assert [item.text for item in block.items] == ["Title text", "two"]
    assert block.text == "Title text\ntwo"
    # "Title" from 0 to 5, an h3; "text" a paragraph from 6
    assert block.meta[ITEM_HEADINGS] == ((0, 0, 5, 3),)
    assert block.meta[ITEM_PARAGRAPHS] == ((0, 6),)
    path = _page(tmp_path, PAGE)
    # it was "- Title", the heading a plain paragraph of the item
    assert get_markdown(path) == WRITTEN
    assert [c["content"] for c in get_chunks(path)] == ["Title text\ntwo"]


def test_the_markdown_written_reads_back_as_the_same_items(markdown_parser):
    (html,) = html_blocks(PAGE)[0]
    (md,) = markdown_blocks(WRITTEN)
    assert md.kind == LIST
    assert md.items == html.items
    for key in (ITEM_HEADINGS, ITEM_PARAGRAPHS):
        assert md.meta[key] == html.meta[key], key


def test_headings_after_text_after_a_nested_list_and_in_an_ordered_item(markdown_parser, tmp_path):
    page = (
        "<ol><li>intro<h2>Setup</h2><p>run it</p></li>"
        "<li>a<ul><li>n</li></ul><h4>Notes #</h4>b</li><li><h6>Six</h6></li></ol>"
    )
    (block,) = html_blocks(page)[0]
    assert [(item.text, item.level) for item in block.items] == [
        ("intro Setup run it", 0),
        ("a Notes # b", 0),
        ("n", 1),
        ("Six", 0),
    ]
    # "intro " is 6 characters: "Setup" from 6 to 11, "run it" from 12; "a " 2: "Notes #" from 2 to
    # 9 (after the nested list: a tail), "b" from 10; "Six" from 0 to 3, an h6
    assert block.meta[ITEM_HEADINGS] == ((0, 6, 11, 2), (1, 2, 9, 4), (3, 0, 3, 6))
    assert block.meta[ITEM_TAILS] == ((1, 2),)
    # a closing "#" of a heading's text is escaped, else Markdown takes it off
    written = (
        "1. intro\n\n   ## Setup\n\n   run it\n2. a\n   - n\n\n   #### Notes \\#\n\n   b\n3. ###### Six\n"
    )
    assert get_markdown(_page(tmp_path, page)) == written
    (md,) = markdown_blocks(written)
    assert md.items == block.items
    for key in (ITEM_HEADINGS, ITEM_PARAGRAPHS, ITEM_TAILS):
        assert md.meta.get(key) == block.meta.get(key), key


def test_a_heading_of_soft_hyphens_alone_is_none():
    # "a " is 2 characters: "b" from 2 is a paragraph, not a heading; "Do&shy;nau" is "Donau", 2 to 7
    (block,) = html_blocks("<ul><li>a<h3>&shy;</h3>b</li><li>a<h3>Do&shy;nau</h3>b</li></ul>")[0]
    assert [item.text for item in block.items] == ["a b", "a Donau b"]
    assert block.meta[ITEM_HEADINGS] == ((1, 2, 7, 3),)


def test_a_notebook_s_markdown_item_keeps_its_heading(markdown_parser, tmp_path):
    source = "- ### Title\n\n  text\n- two\n"
    cell = {"cell_type": "markdown", "metadata": {}, "source": source.splitlines(keepends=True)}
    path = tmp_path / "notes.ipynb"
    path.write_text(json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [cell]}))
    # it was written "- Title", a paragraph of the item
    assert get_markdown(path) == source
    assert [c["content"] for c in get_chunks(path)] == ["Title text\ntwo"]
    # a setext heading too; a heading in a block quote of the item is the quote's, none of the item's
    (block,) = markdown_blocks("- a\n\n  Sub\n  ---\n- b\n  > # q\n")
    assert [item.text for item in block.items] == ["a Sub", "b q"]
    assert block.meta[ITEM_HEADINGS] == ((0, 2, 5, 2),)


def test_a_mail_s_html_body_and_an_epub_chapter_too(tmp_path):
    letter = tmp_path / "lists.eml"
    letter.write_bytes(html_mail(PAGE, "Lists"))
    book = tmp_path / "book.epub"
    book.write_bytes(epub_file({"c1.xhtml": PAGE}))
    for path in (letter, book):
        block = next(b for b in extract(path).blocks if b.kind == LIST)
        assert block.meta[ITEM_HEADINGS] == ((0, 0, 5, 3),), path.name
        assert WRITTEN in get_markdown(path), path.name


def test_a_heading_after_code_in_an_item_is_written_as_a_heading_of_the_item(markdown_parser, tmp_path):
    # after the <pre> the item's text is paragraph blocks in it: the <h3>'s says its level (heading_level)
    page = "<ul><li>a<pre>x</pre><h3>Title</h3><p>text</p></li><li>two</li></ul>"
    blocks = html_blocks(page)[0]
    assert [(b.kind, b.text, b.meta.get(IN_ITEM), b.meta.get(HEADING_LEVEL)) for b in blocks] == [
        (LIST, "a", None, None),
        (CODE, "x", 1, None),
        (PARAGRAPH, "Title", 1, 3),
        (PARAGRAPH, "text", 1, None),
        (LIST, "two", None, None),
    ]
    path = _page(tmp_path, page)
    # it was "  Title", a plain paragraph of the item
    written = "- a\n\n  ```\n  x\n  ```\n\n  ### Title\n\n  text\n\n- two\n"
    assert get_markdown(path) == written
    # the chunks as before: the list, the code, the item's paragraphs after it, the list going on
    assert [c["content"] for c in get_chunks(path)] == ["a", "x", "Title\ntext", "two"]
    # read back with either parser: the same blocks, the heading's level said the same way
    back = markdown_blocks(written)
    assert [(b.kind, b.text, dict(b.meta)) for b in back] == [(b.kind, b.text, dict(b.meta)) for b in blocks]
    # a setext heading, and one in an item that its code opens
    back = markdown_blocks("1. ```\n   x\n   ```\n\n   Title\n   -----\n\n   b\n")
    assert [(b.kind, b.text, b.meta.get(HEADING_LEVEL)) for b in back] == [
        (CODE, "x", None),
        (PARAGRAPH, "Title", 2),
        (PARAGRAPH, "b", None),
    ]
