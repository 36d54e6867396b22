"""Empty list items (a Markdown ``2.`` alone, an HTML ``<li></li>``, an item holding only a nested
list): an item all the same, counted and numbered, in the Markdown and the HTML reader alike, though
it gives the list's text no line (no blank line in a chunk); and where a Markdown item whose text
comes on the line after its marker starts (CommonMark: on its marker's line), with both Markdown
parsers."""

from __future__ import annotations

import json

from indexer import extract, get_chunks, get_markdown
from indexer.formats.html import html_blocks
from indexer.formats.markdown import markdown_blocks
from indexer.markdown import render_markdown
from indexer.model import ITEM_TAILS, LIST, Block, Document, ListItem
from indexer.modes._common import split_atomic

from ._text_helpers import gfm_structure

#: Typed by hand: three numbered items, the second a number without text
NUMBERED_MD = "1. alpha\n2.\n3. gamma\n"
NUMBERED_HTML = "<ol><li>alpha</li><li></li><li>gamma</li></ol>"
#: the items both give: three, numbered 1 to 3, the second empty
NUMBERED_ITEMS = [("alpha", 1), ("", 2), ("gamma", 3)]


def _items(block: Block) -> list[tuple[str, int | None]]:
    return [(item.text, item.number) for item in block.items]


def test_an_empty_markdown_item_is_an_item(markdown_parser):
    (block,) = markdown_blocks(NUMBERED_MD)
    assert block.kind == LIST
    assert _items(block) == NUMBERED_ITEMS
    assert block.text == "alpha\ngamma"
    # the list spans lines 1 to 3; its text's two lines start on lines 1 and 3
    assert block.lines == (1, 3)
    assert block.meta["item_lines"] == (1, 3)


def test_an_empty_html_item_is_an_item():
    (block,) = html_blocks(NUMBERED_HTML)[0]
    assert _items(block) == NUMBERED_ITEMS
    assert block.text == "alpha\ngamma"


def test_both_readers_give_the_same_chunk_and_numbers(tmp_path):
    (tmp_path / "steps.md").write_text(NUMBERED_MD, encoding="utf-8")
    (tmp_path / "steps.html").write_text(f"<html><body>{NUMBERED_HTML}</body></html>", encoding="utf-8")
    for name in ("steps.md", "steps.html"):
        chunks = get_chunks(tmp_path / name)
        assert [c["content"] for c in chunks] == ["alpha\ngamma"], name
    # the page's Markdown numbers its items as the page does, the empty one its number alone
    assert get_markdown(tmp_path / "steps.html") == "1. alpha\n2.\n3. gamma\n"


def test_an_empty_item_opening_or_closing_a_list_and_an_item_s_first_line(markdown_parser):
    # "-" then "- x": a list of two items from line 1, the text's one line starting on line 2
    (block,) = markdown_blocks("-\n- x\n")
    assert [item.text for item in block.items] == ["", "x"]
    assert block.lines == (1, 2)
    assert block.meta["item_lines"] == (2,)
    # "- a" then "-": two items; "b" after a blank line is a paragraph after the list
    blocks = markdown_blocks("- a\n-\n\nb\n")
    assert [(b.kind, b.text, len(b.items)) for b in blocks] == [(LIST, "a", 2), ("paragraph", "b", 0)]
    # CommonMark 5.2: an item may start with a blank line after its marker, its text indented on
    # the next; "b" is the second item's, which starts on line 2 (its marker) and ends on line 3
    (block,) = markdown_blocks("- a\n-\n  b\n")
    assert [item.text for item in block.items] == ["a", "b"]
    assert block.lines == (1, 3)
    assert block.meta["item_lines"] == (1, 2)


def test_a_list_of_empty_items_alone_gives_no_list(markdown_parser):
    assert not any(b.kind == LIST for b in markdown_blocks("Steps:\n\n1.\n2.\n"))
    assert not any(b.kind == LIST for b in html_blocks("<p>Steps:</p><ul><li></li><li> </li></ul>")[0])


def test_a_list_cut_between_items_keeps_its_empty_items_in_the_part_before():
    # a list of ten items of 30 characters, the third and the eighth empty, cut at 100 characters
    items = tuple(
        ListItem("" if n in (3, 8) else f"item {n:02d} " + "x" * 22, 0, True, n) for n in range(1, 11)
    )
    text = "\n".join(item.text for item in items if item.text)
    parts = split_atomic(Block(LIST, text, items=items), 100)
    assert [[item.number for item in part.items] for part in parts] == [
        [1, 2, 3, 4],
        [5, 6, 7, 8],
        [9, 10],
    ]
    for part in parts:
        assert part.text.split("\n") == [item.text for item in part.items if item.text]


def test_a_page_s_empty_items_in_a_mail_keep_their_numbers(tmp_path):
    from tests._builders import html_mail

    mail = tmp_path / "steps.eml"
    mail.write_bytes(html_mail(NUMBERED_HTML, "Steps"))
    block = next(b for b in extract(mail).blocks if b.kind == LIST)
    assert _items(block) == NUMBERED_ITEMS
    assert block.text == "alpha\ngamma"


def test_a_nested_list_opening_with_an_empty_item_stays_a_list(tmp_path):
    # under "a", a list whose first item is empty: written straight under "a", its "-" would be the
    # underline of a heading "a" (and "1." more of a's text); after a blank line it is an item
    page = tmp_path / "nested.html"
    page.write_text("<ul><li>a<ul><li></li><li>b</li></ul></li></ul>", encoding="utf-8")
    markdown = get_markdown(page)
    assert markdown == "- a\n\n  -\n  - b\n"
    assert gfm_structure(markdown) == [(0, "item"), (1, "a"), (1, "item"), (1, "item"), (2, "b")]


def test_an_item_of_soft_hyphens_alone_is_an_empty_item(markdown_parser):
    # a soft hyphen shows nothing where it breaks no word: "<li>&shy;</li>" is read as "<li></li>",
    # an item counted and numbered that gives the list's text no line (it left a blank one)
    (block,) = html_blocks("<ol><li>alpha</li><li>&shy;</li><li>gamma</li></ol>")[0]
    assert _items(block) == NUMBERED_ITEMS
    assert block.text == "alpha\ngamma"
    (block,) = html_blocks("<ul><li>a<ul><li>&shy; &shy;</li></ul></li><li>b</li></ul>")[0]
    assert [(item.text, item.level) for item in block.items] == [("a", 0), ("", 1), ("b", 0)]
    assert block.text == "a\nb"
    # in Markdown too, its text's two lines starting on lines 1 and 3, as for "2." alone
    (block,) = markdown_blocks("1. alpha\n2. \xad\n3. gamma\n")
    assert _items(block) == NUMBERED_ITEMS
    assert block.text == "alpha\ngamma"
    assert block.lines == (1, 3)
    assert block.meta["item_lines"] == (1, 3)


# An item holding no text before its nested list: the list under an empty item, as a browser shows
# a second bullet alone with "x" nested under it; "x" is not nested under "a".
#: typed by hand: "a", then an item holding only a list of "x"
NESTED_HTML = "<ul><li>a</li><li><ul><li>x</li></ul></li></ul>"
#: the Markdown GFM reads as that: two items, "x" in the second
NESTED_MD = "- a\n-\n  - x\n"
#: the items both readers give: "a", the empty item, "x" a level under it
NESTED_ITEMS = [("a", 0), ("", 0), ("x", 1)]


def _levels(block: Block) -> list[tuple[str, int]]:
    return [(item.text, item.level) for item in block.items]


def _notebook(tmp_path, markdown: str):
    cell = {"cell_type": "markdown", "metadata": {}, "source": markdown.splitlines(keepends=True)}
    path = tmp_path / "cell.ipynb"
    path.write_text(json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [cell]}))
    return path


def test_an_html_item_holding_only_a_list_is_an_empty_item(tmp_path):
    (block,) = html_blocks(NESTED_HTML)[0]
    assert _levels(block) == NESTED_ITEMS
    # the empty item gives the list's text no line, as <li></li> does
    assert block.text == "a\n  x"
    page = tmp_path / "nested.html"
    page.write_text(f"<html><body>{NESTED_HTML}</body></html>", encoding="utf-8")
    markdown = get_markdown(page)
    assert markdown == NESTED_MD
    assert gfm_structure(markdown) == [(0, "item"), (1, "a"), (0, "item"), (1, "item"), (2, "x")]
    assert [c["content"] for c in get_chunks(page)] == ["a\n  x"]


def test_a_markdown_item_holding_only_a_list_is_an_empty_item(markdown_parser):
    # its list on the lines under it, or on its marker's line ("- - x"), with both parsers
    for source in (NESTED_MD, "- a\n- - x\n"):
        (block,) = markdown_blocks(source)
        assert _levels(block) == NESTED_ITEMS, source
        assert block.text == "a\n  x"
    # numbered: the empty item keeps its number 2, "c" its 3, the nested list its own from 1
    (block,) = markdown_blocks("1. a\n2.\n   1. x\n3. c\n")
    assert [(item.text, item.level, item.number) for item in block.items] == [
        ("a", 0, 1),
        ("", 0, 2),
        ("x", 1, 1),
        ("c", 0, 3),
    ]
    assert block.text == "a\n  x\nc"
    # the list's lines 1 to 4, its text's three lines starting on lines 1, 3 and 4
    assert block.lines == (1, 4)
    assert block.meta["item_lines"] == (1, 3, 4)


def test_text_after_an_item_s_list_of_its_own_stays_in_that_item(tmp_path):
    # "b" is "a"'s text after its list "n"; the next item holds only a list "x": "b" is written under
    # "n", before that item, no longer after "x" (an item of "a" that "x" had been read into)
    page = tmp_path / "page.html"
    page.write_text(
        "<html><body><ul><li>a<ul><li>n</li></ul>b</li><li><ul><li>x</li></ul></li></ul></body></html>",
        encoding="utf-8",
    )
    markdown = get_markdown(page)
    assert markdown == "- a\n  - n\n\n  b\n-\n  - x\n"
    assert gfm_structure(markdown) == [
        (0, "item"),
        (1, "a"),
        (1, "item"),
        (2, "n"),
        (1, "b"),
        (0, "item"),
        (1, "item"),
        (2, "x"),
    ]


def test_an_empty_item_s_text_after_its_list_is_written_under_it(markdown_parser, tmp_path):
    # the item shows no text before its list, "b" after it: "b" is its text, from 0 (ITEM_TAILS),
    # written under the list as a browser shows it; the Markdown reader reads it so too (it had
    # read "b" as an item of its own after "x")
    (html,) = html_blocks("<ul><li>a</li><li><ul><li>x</li></ul>b</li></ul>")[0]
    (md,) = markdown_blocks("- a\n-\n  - x\n\n  b\n")
    for block in (html, md):
        assert _levels(block) == [("a", 0), ("b", 0), ("x", 1)]
        assert block.text == "a\nb\n  x"
        assert block.meta[ITEM_TAILS] == ((1, 0),)
    written = render_markdown(Document("html", (html,)))
    assert written == "- a\n-\n  - x\n\n  b\n"
    assert gfm_structure(written) == [(0, "item"), (1, "a"), (0, "item"), (1, "item"), (2, "x"), (1, "b")]


def test_a_notebook_writes_an_empty_item_and_its_list_as_its_cell_holds_them(markdown_parser, tmp_path):
    # written anew from the blocks read, the cell's lists read back as the same items
    for source in (NESTED_MD, "1. a\n2.\n   3. x\n3. c\n", "- a\n-\n  - x\n\n  b\n"):
        markdown = get_markdown(_notebook(tmp_path, source))
        assert gfm_structure(markdown) == gfm_structure(source), source
    # "- - x" is written with the list under the empty item's marker
    assert get_markdown(_notebook(tmp_path, "- a\n- - x\n")) == NESTED_MD


def test_a_code_block_after_an_empty_item_s_list_stays_in_that_item(markdown_parser, tmp_path):
    # "-", its list "n", then a fence in the item: the fence is written in the item after the list;
    # it was written as an item of its own ("- ```"), the list "n" under an empty item before it
    source = "-\n  - n\n\n  ```\n  c\n  ```\n"
    markdown = get_markdown(_notebook(tmp_path, source))
    assert markdown == source
    assert gfm_structure(markdown) == [(0, "item"), (1, "item"), (2, "n"), (1, "code")]
