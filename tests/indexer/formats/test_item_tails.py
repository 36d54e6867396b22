"""The text a list item shows after its nested lists, and between two of them (``ITEM_TAILS``):
it stays in the item's text, as the chunks read it, and the list says where each piece of it
starts and which item it stands before, so that the Markdown writes each piece where a browser
shows it, for an HTML list and for a Markdown one that is written anew (a notebook's Markdown
cell). Every page and list here is typed by hand; the offsets are counted in the comments."""

from __future__ import annotations

import json

from indexer import extract, get_chunks, get_markdown
from indexer.formats.html import html_blocks
from indexer.formats.markdown import markdown_blocks
from indexer.markdown import render_markdown
from indexer.model import ITEM_QUOTES, ITEM_TAILS, LIST, Block, Document, ListItem
from tests._builders import epub_file, html_mail, mail

from ._text_helpers import gfm_structure

#: an item holding text before, between and after two nested lists, then a sibling
BETWEEN = "<ul><li>first<ul><li>n1</li></ul>between<ol><li>m1</li></ol>after</li><li>second</li></ul>"
#: as a browser shows it: first, n1, between, m1, after, then second
BETWEEN_WRITTEN = "- first\n  - n1\n\n  between\n  1. m1\n\n  after\n- second\n"


def test_text_between_two_nested_lists_is_written_between_them(tmp_path):
    (block,) = html_blocks(BETWEEN)[0]
    # the item's text and the list's (a line per item) as they were: the item's words in one line
    assert [(item.text, item.level) for item in block.items] == [
        ("first between after", 0),
        ("n1", 1),
        ("m1", 1),
        ("second", 0),
    ]
    assert block.text == "first between after\n  n1\n  m1\nsecond"
    # "first " is 6 characters: "between" from 6, before items[2] ("m1", the next list's first);
    # "first between " is 14: "after" from 14, after all the item's nested items
    assert block.meta[ITEM_TAILS] == ((0, 6, 2), (0, 14))
    page = tmp_path / "page.html"
    page.write_text(f"<html><body>{BETWEEN}</body></html>", encoding="utf-8")
    assert get_markdown(page) == BETWEEN_WRITTEN
    assert [c["content"] for c in get_chunks(page)] == ["first between after\n  n1\n  m1\nsecond"]


def test_a_quote_between_two_lists_of_one_kind_keeps_them_two(tmp_path):
    page = "<ul><li>a<ul><li>n</li></ul><blockquote>q</blockquote>b<ul><li>m</li></ul>c</li><li>z</li></ul>"
    (block,) = html_blocks(page)[0]
    assert [item.text for item in block.items] == ["a q b c", "n", "m", "z"]
    # "a " is 2 characters: the quote "q" from 2 to 3, and the text after the first list from 2,
    # before items[2] ("m"); "a q b " is 6: "c" from 6
    assert block.meta[ITEM_QUOTES] == ((0, 2, 3),)
    assert block.meta[ITEM_TAILS] == ((0, 2, 2), (0, 6))
    path = tmp_path / "page.html"
    path.write_text(f"<html><body>{page}</body></html>", encoding="utf-8")
    # the quote and "b" between the two bullet lists, which stay two lists (not "- n" then "- m")
    assert get_markdown(path) == "- a\n  - n\n\n  > q\n\n  b\n  - m\n\n  c\n- z\n"


def test_a_list_that_may_not_interrupt_the_text_before_it_follows_a_blank_line(tmp_path):
    # a list starting at 5, and one opening with an empty item, would be read as more of the
    # paragraph right above them (CommonMark): a blank line stands between
    page = (
        "<ol><li>a<ol><li>n</li></ol>b<ol start='5'><li>m</li></ol></li></ol>"
        "<ul><li>c<ul><li>x</li></ul>d<ul><li></li><li>y</li></ul></li></ul>"
    )
    path = tmp_path / "page.html"
    path.write_text(f"<html><body>{page}</body></html>", encoding="utf-8")
    assert get_markdown(path) == "1. a\n   1. n\n\n   b\n\n   5. m\n\n- c\n  - x\n\n  d\n\n  -\n  - y\n"


def test_an_empty_nested_list_still_parts_the_text_around_it():
    # an <ul> without items is a block all the same: "b" on a line of its own, before "m"
    (block,) = html_blocks("<ul><li>a<ul></ul>b<ul><li>m</li></ul>c</li></ul>")[0]
    assert [item.text for item in block.items] == ["a b c", "m"]
    # "a " is 2 characters, "a b " 4; "m" is items[1]
    assert block.meta[ITEM_TAILS] == ((0, 2, 1), (0, 4))


def test_the_places_are_those_in_the_text_without_soft_hyphens():
    # "Do&shy;nau" is "Donau": "Donau " 6 characters, "x&shy;y" is "xy", "Donau xy " 9
    (block,) = html_blocks("<ul><li>Do&shy;nau<ul><li>n</li></ul>x&shy;y<ul><li>m</li></ul>z</li></ul>")[0]
    assert block.items[0].text == "Donau xy z"
    assert block.meta[ITEM_TAILS] == ((0, 6, 2), (0, 9))


def test_the_places_a_list_says_are_written_so_and_the_earlier_ones_still_are():
    items = (ListItem("first between after"), ListItem("n1", 1), ListItem("m1", 1, True), ListItem("second"))
    text = "first between after\n  n1\n  m1\nsecond"

    def written(tails: tuple) -> str:
        block = Block(LIST, text, items=items, meta={ITEM_TAILS: tails})
        return render_markdown(Document(source_type="html", blocks=(block,), text=text))

    assert written(((0, 6, 2), (0, 14))) == BETWEEN_WRITTEN
    # a list read before the item it stands before was said: its text after the nested lists, in one
    # piece, after all of them
    assert written(((0, 6),)) == "- first\n  - n1\n  1. m1\n\n  between after\n- second\n"
    # an item past the list's: after all the nested items too
    assert written(((0, 6, 9), (0, 14))) == "- first\n  - n1\n  1. m1\n\n  between\n\n  after\n- second\n"


def test_a_mail_s_html_body_and_an_epub_chapter_too(tmp_path):
    mail = tmp_path / "lists.eml"
    mail.write_bytes(html_mail(BETWEEN, "Lists"))
    book = tmp_path / "lists.epub"
    book.write_bytes(epub_file({"c1.xhtml": BETWEEN}))
    for path in (mail, book):
        block = next(b for b in extract(path).blocks if b.kind == LIST)
        assert block.meta[ITEM_TAILS] == ((0, 6, 2), (0, 14)), path.name
        assert BETWEEN_WRITTEN in get_markdown(path), path.name


def test_text_between_two_lists_comes_after_the_text_of_the_items_before_it(tmp_path):
    # the second list's only item holds no text but a list: an empty item, "x" under it; "nt", the
    # text "n" shows after its own nested list, stands before "b"
    page = "<ul><li>a<ul><li>n<ul><li>d</li></ul>nt</li></ul>b<ul><li><ul><li>x</li></ul></li></ul></li></ul>"
    (block,) = html_blocks(page)[0]
    items = [(item.text, item.level) for item in block.items]
    assert items == [("a b", 0), ("n nt", 1), ("d", 2), ("", 1), ("x", 2)]
    # "a " is 2 characters: "b" from 2, before items[3] (the empty item); "n " 2: "nt" from 2
    assert block.meta[ITEM_TAILS] == ((0, 2, 3), (1, 2))
    path = tmp_path / "page.html"
    path.write_text(f"<html><body>{page}</body></html>", encoding="utf-8")
    # "nt" in "n", then "b" in "a", then "x" in an empty item of "a"'s second list, as a browser shows
    # them; "b" was written before "nt", "x" right under "b" (an item of a list of "a"'s own) and "nt"
    # after it (text of "a")
    assert get_markdown(path) == "- a\n  - n\n    - d\n\n    nt\n\n  b\n\n  -\n    - x\n"


def _notebook(tmp_path, markdown: str):
    cell = {"cell_type": "markdown", "metadata": {}, "source": markdown.splitlines(keepends=True)}
    path = tmp_path / "notes.ipynb"
    path.write_text(json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [cell]}))
    return path


def test_a_notebook_s_markdown_item_keeps_its_text_after_its_nested_list(markdown_parser, tmp_path):
    source = "- first item\n  - nested one\n\n  tail after nested\n- second item\n"
    (block,) = markdown_blocks(source)
    assert [(item.text, item.level) for item in block.items] == [
        ("first item tail after nested", 0),
        ("nested one", 1),
        ("second item", 0),
    ]
    # "first item " is 11 characters
    assert block.meta[ITEM_TAILS] == ((0, 11),)
    # written under the nested list, as the source has it; it was on the item's line, before the list
    # ("- first item tail after nested")
    path = _notebook(tmp_path, source)
    assert get_markdown(path) == source
    assert [c["content"] for c in get_chunks(path)] == [
        "first item tail after nested\n  nested one\nsecond item"
    ]


def test_the_markdown_reader_says_where_the_text_between_two_lists_stands(markdown_parser, tmp_path):
    # the Markdown written for the page: read back, the same items and places as the HTML reader's
    (html,) = html_blocks(BETWEEN)[0]
    (md,) = markdown_blocks(BETWEEN_WRITTEN)
    assert md.items == html.items
    assert md.meta[ITEM_TAILS] == html.meta[ITEM_TAILS] == ((0, 6, 2), (0, 14))
    assert get_markdown(_notebook(tmp_path, BETWEEN_WRITTEN)) == BETWEEN_WRITTEN
    # with soft hyphens left out: "Donau " is 6 characters, "xy" before items[3] ("m"), "Donau xy " 9;
    # "n " 2; the places of the parent's text, then of the nested item's, by item, as the HTML reader
    # gives them (the nested item's text after its list ends first)
    (md,) = markdown_blocks("- Do\xadnau\n  - n\n    - d\n\n    nt\n\n  x\xady\n  - m\n\n  z\n")
    assert [(item.text, item.level) for item in md.items] == [
        ("Donau xy z", 0),
        ("n nt", 1),
        ("d", 2),
        ("m", 1),
    ]
    assert md.meta[ITEM_TAILS] == ((0, 6, 3), (0, 9), (1, 2))


def test_a_markdown_file_attached_to_a_mail_is_written_so_too(markdown_parser, tmp_path):
    # a .md file sent as application/octet-stream is read by the Markdown reader, and its list written
    # anew in the mail's Markdown, under the attachment's heading
    source = "- first item\n  - nested one\n\n  tail after nested\n- second item\n"
    path = tmp_path / "notes.eml"
    path.write_bytes(
        mail(
            (source.encode(), "application/octet-stream", "notes.md"), subject="Notes", body="See the notes."
        )
    )
    assert get_markdown(path).endswith("## Attachment: notes.md\n\n" + source)


def test_text_after_a_nested_list_cut_by_a_code_block_comes_after_that_code(tmp_path):
    # "n" holds a <pre>, which cuts the list: the text "b" that "a" shows after its nested list was
    # written at the end of the list block before the code ('- a', '  - n', '  b', then x and m, "x"
    # then read as a code block of "a"); it is now written where a browser shows it, after "m"
    page = "<ul><li>a<ul><li>n<pre>x</pre></li><li>m</li></ul>b</li><li>c</li></ul>"
    path = tmp_path / "page.html"
    path.write_text(f"<html><body>{page}</body></html>", encoding="utf-8")
    written = get_markdown(path)
    assert written == "- a\n  - n\n\n    ```\n    x\n    ```\n\n  - m\n\n  b\n- c\n"
    # as GFM reads it: x in "n", "m" a second item of that list, "b" in "a" after it
    assert gfm_structure(written) == [
        (0, "item"),
        (1, "a"),
        (1, "item"),
        (2, "n"),
        (2, "code"),
        (1, "item"),
        (2, "m"),
        (1, "b"),
        (0, "item"),
        (1, "c"),
    ]
    # the blocks and chunks as they were
    assert [c["content"] for c in get_chunks(path)] == ["a b\n  n", "x", "  m\nc"]


def test_text_between_two_nested_lists_when_the_second_is_cut_by_its_code(markdown_parser, tmp_path):
    # the second nested list's item holds a <pre>, which writes the list so far: "between" was said to
    # stand after all the nested lists, written after the code, and "m" went on the first list
    page = "<ul><li>a<ul><li>n</li></ul>between<ul><li>m<pre>x</pre></li></ul>after</li></ul>"
    (listed, code) = html_blocks(page)[0]
    # "a " is 2 characters: "between" from 2, before items[2] ("m"); "a between " 10: "after"
    assert [(item.text, item.level) for item in listed.items] == [("a between after", 0), ("n", 1), ("m", 1)]
    assert listed.meta[ITEM_TAILS] == ((0, 2, 2), (0, 10))
    path = tmp_path / "page.html"
    path.write_text(f"<html><body>{page}</body></html>", encoding="utf-8")
    written = get_markdown(path)
    assert written == "- a\n  - n\n\n  between\n  - m\n\n    ```\n    x\n    ```\n\n  after\n"
    assert gfm_structure(written) == [
        (0, "item"),
        (1, "a"),
        (1, "item"),
        (2, "n"),
        (1, "between"),
        (1, "item"),
        (2, "m"),
        (2, "code"),
        (1, "after"),
    ]
    # its first item opened by its code: "between" stands before items[2], past the list's end
    page = "<ul><li>a<ul><li>n</li></ul>between<ul><li><pre>x</pre></li></ul>after</li></ul>"
    (listed, code) = html_blocks(page)[0]
    assert [item.text for item in listed.items] == ["a between after", "n"]
    assert listed.meta[ITEM_TAILS] == ((0, 2, 2), (0, 10))
    path.write_text(f"<html><body>{page}</body></html>", encoding="utf-8")
    written = get_markdown(path)
    assert written == "- a\n  - n\n\n  between\n\n  - ```\n    x\n    ```\n\n  after\n"
    assert gfm_structure(written) == [
        (0, "item"),
        (1, "a"),
        (1, "item"),
        (2, "n"),
        (1, "between"),
        (1, "item"),
        (2, "code"),
        (1, "after"),
    ]
    # the Markdown reader gives the same place (0, 2, 2); a notebook's cell wrote "between" after the code
    notebook = _notebook(tmp_path, written)
    assert get_markdown(notebook) == written
