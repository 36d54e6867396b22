"""A list of its own right after a list whose last item holds a code block (HTML
``<ul><li>a<pre>x</pre></li></ul><ul><li>b</li></ul>``) reads as the same blocks as one list going on
after that code (``<ul><li>a<pre>x</pre></li><li>b</li></ul>``): the list, the code in its item, a list.
The second list says that it starts a list of its own (``NEW_LIST``), and the Markdown marks its items
otherwise than the first's, which a blank line alone would not part from it: CommonMark and GFM read
two lists there, as the page shows them. Every page and list here is typed by hand."""

from __future__ import annotations

import json

import pyromark
from markdown_it import MarkdownIt

from indexer import extract, get_markdown
from indexer.formats.html import html_blocks
from indexer.formats.markdown import markdown_blocks
from indexer.markdown import render_markdown
from indexer.model import CODE, IN_ITEM, LIST, NEW_LIST, OPENS_ITEM

TWO = "<ul><li>a<pre>x</pre></li></ul><ul><li>b</li></ul>"
ONE = "<ul><li>a<pre>x</pre></li><li>b</li></ul>"
#: the second list's bullet the other one: a list of its own to a CommonMark reader
TWO_WRITTEN = "- a\n\n  ```\n  x\n  ```\n\n* b\n"
ONE_WRITTEN = "- a\n\n  ```\n  x\n  ```\n\n- b\n"


def _page(tmp_path, body: str):
    path = tmp_path / "page.html"
    path.write_text(f"<html><body>{body}</body></html>", encoding="utf-8")
    return path


def _shape(blocks) -> list[tuple[str, str, bool]]:
    """Each block's kind, text and whether it says it starts a list of its own."""
    return [(b.kind, b.text, bool(b.meta.get(NEW_LIST))) for b in blocks]


def _top_lists(markdown: str) -> tuple[int, int]:
    """How many lists at the top level markdown-it (CommonMark) and pulldown-cmark read."""
    tokens = MarkdownIt("commonmark").parse(markdown)
    it = sum(1 for t in tokens if t.type in ("bullet_list_open", "ordered_list_open") and t.level == 0)
    depth = pulldown = 0
    for event in pyromark.events(markdown):
        start = event.get("Start") if isinstance(event, dict) else None
        end = event.get("End") if isinstance(event, dict) else None
        if isinstance(start, dict) and "List" in start:
            pulldown += depth == 0
            depth += 1
        elif isinstance(end, dict) and "List" in end:
            depth -= 1
    return it, pulldown


def test_a_list_after_one_ending_with_code_is_written_as_a_list_of_its_own(tmp_path):
    blocks = html_blocks(TWO)[0]
    assert _shape(blocks) == [(LIST, "a", False), (CODE, "x", False), (LIST, "b", True)]
    assert blocks[1].meta[IN_ITEM] == 1
    # it was written "- b", which CommonMark read as a second item of the first list
    written = get_markdown(_page(tmp_path, TWO))
    assert written == TWO_WRITTEN
    assert _top_lists(written) == (2, 2)
    # one list going on after the code: as before, one list to both readers
    assert _shape(html_blocks(ONE)[0]) == [(LIST, "a", False), (CODE, "x", False), (LIST, "b", False)]
    written = get_markdown(_page(tmp_path, ONE))
    assert written == ONE_WRITTEN
    assert _top_lists(written) == (1, 1)


def test_the_markdown_written_reads_back_as_the_same_blocks(markdown_parser):
    # the Markdown reader says so of a list after another's code as the HTML reader does
    assert _shape(markdown_blocks(TWO_WRITTEN)) == [(LIST, "a", False), (CODE, "x", False), (LIST, "b", True)]
    for page, written in ((TWO, TWO_WRITTEN), (ONE, ONE_WRITTEN)):
        assert _shape(markdown_blocks(written)) == _shape(html_blocks(page)[0])


def test_ordered_lists_and_text_after_the_code(tmp_path):
    # the item's text after its code is a paragraph in it; the next <ol> a list of its own: "1)"
    page = "<ol><li>a<pre>x</pre>c</li></ol><ol><li>b</li><li>d</li></ol>"
    written = get_markdown(_page(tmp_path, page))
    assert written == "1. a\n\n   ```\n   x\n   ```\n\n   c\n\n1) b\n2) d\n"
    assert _top_lists(written) == (2, 2)


def test_a_list_opened_by_its_code_after_another_list(tmp_path, markdown_parser):
    # the second list's first item holds nothing before its code: the code opens it ("- ```"), which
    # right after "- a" was read as a second item of the first list
    page = "<ul><li>a</li></ul><ul><li><pre>x</pre></li><li>c</li></ul>"
    blocks = html_blocks(page)[0]
    assert _shape(blocks) == [(LIST, "a", False), (CODE, "x", True), (LIST, "c", False)]
    assert blocks[1].meta[OPENS_ITEM] == "-"
    written = get_markdown(_page(tmp_path, page))
    assert written == "- a\n\n* ```\n  x\n  ```\n\n* c\n"
    assert _top_lists(written) == (2, 2)
    assert _shape(markdown_blocks(written)) == _shape(blocks)
    # so too under an empty item of its own, where the code stands in a nested item of that list
    page = "<ul><li>a</li></ul><ul><li><ul><li><pre>x</pre></li></ul></li></ul>"
    written = get_markdown(_page(tmp_path, page))
    assert written == "- a\n\n*\n  - ```\n    x\n    ```\n"
    assert _top_lists(written) == (2, 2)


def test_a_list_going_on_after_code_keeps_the_other_bullet(tmp_path):
    # the second <ul> takes "*" after the first; after the code in its item it goes on with "*", where
    # "- c" started a third list
    page = "<ul><li>a</li></ul><ul><li>b<pre>x</pre></li><li>c</li></ul>"
    written = get_markdown(_page(tmp_path, page))
    assert written == "- a\n\n* b\n\n  ```\n  x\n  ```\n\n* c\n"
    assert _top_lists(written) == (2, 2)


def test_a_notebook_cell_s_list_after_a_cell_ending_with_code_in_an_item(tmp_path, markdown_parser):
    cells = ["- a\n\n  ```\n  x\n  ```\n", "- b\n- c\n"]
    notebook = {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {},
        "cells": [{"cell_type": "markdown", "metadata": {}, "source": source} for source in cells],
    }
    path = tmp_path / "notes.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    doc = extract(path)
    assert _shape(doc.blocks) == [(LIST, "a", False), (CODE, "x", False), (LIST, "b\nc", True)]
    written = render_markdown(doc)
    assert written == "- a\n\n  ```\n  x\n  ```\n\n* b\n* c\n"
    assert _top_lists(written) == (2, 2)
    # a Markdown source says so of its second list with both parsers, not of one list going on
    assert _shape(markdown_blocks(written)) == _shape(doc.blocks)
    assert _shape(markdown_blocks("".join(cells)))[2] == (LIST, "b\nc", False)
