"""A block quote in a list item (an HTML ``<blockquote>`` in an ``<li>``, a Markdown item's ``> ``
lines): its text stays in the item's, as both readers read it, and the list says where
(``ITEM_QUOTES``), so that the Markdown writes it as a quote in its item; the chunks do not change."""

from __future__ import annotations

import json

from indexer import extract, get_chunks, get_markdown
from indexer.formats.html import html_blocks
from indexer.formats.markdown import markdown_blocks
from indexer.model import ITEM_QUOTE_BREAKS, ITEM_QUOTES, ITEM_TAILS, LIST
from tests._builders import html_mail

#: Typed by hand: the same list written as a web page and in Markdown
PAGE = "<ul><li>item one<blockquote>quoted text</blockquote></li><li>two</li></ul>"
MARKDOWN = "- item one\n\n  > quoted text\n- two\n"
#: its Markdown: the quote in the first item, under its text
WRITTEN = "- item one\n\n  > quoted text\n- two\n"


def test_a_quote_in_an_html_item_stays_a_quote_in_it(tmp_path):
    (block,) = html_blocks(PAGE)[0]
    assert [item.text for item in block.items] == ["item one quoted text", "two"]
    # "item one " is 9 characters, "quoted text" the next 11
    assert block.meta[ITEM_QUOTES] == ((0, 9, 20),)
    page = tmp_path / "page.html"
    page.write_text(f"<html><body>{PAGE}</body></html>", encoding="utf-8")
    assert get_markdown(page) == WRITTEN
    # a quote holding a list is the item's text, as before: its list is a nested list of the item
    (block,) = html_blocks("<ul><li>a<blockquote>b<ul><li>c</li></ul></blockquote></li></ul>")[0]
    assert [(item.text, item.level) for item in block.items] == [("a b", 0), ("c", 1)]
    assert ITEM_QUOTES not in block.meta


def test_both_readers_read_it_alike(markdown_parser, tmp_path):
    (html,) = html_blocks(PAGE)[0]
    (md,) = markdown_blocks(MARKDOWN)
    assert md.kind == LIST
    assert md.items == html.items
    assert md.meta[ITEM_QUOTES] == html.meta[ITEM_QUOTES]
    # the chunks read the item's text as it was: the quote's words after the item's own
    (tmp_path / "list.md").write_text(MARKDOWN, encoding="utf-8")
    (tmp_path / "list.html").write_text(f"<html><body>{PAGE}</body></html>", encoding="utf-8")
    for name in ("list.md", "list.html"):
        assert [c["content"] for c in get_chunks(tmp_path / name)] == ["item one quoted text\ntwo"], name


#: Typed by hand: a quote of two paragraphs then the item's text after it, an item holding a quote
#: alone, a quote in a nested item, an item after them
NESTED_PAGE = (
    "<ol><li>Alpha<blockquote><p>first quoted</p><p>second quoted</p></blockquote>then more</li>"
    "<li><blockquote>opens</blockquote></li>"
    "<li>Gamma<ul><li>sub<blockquote>deep quote</blockquote></li></ul></li><li>x</li></ol>"
)
NESTED_MARKDOWN = (
    "1. Alpha\n\n   > first quoted\n   >\n   > second quoted\n\n   then more\n"
    "2. > opens\n3. Gamma\n   - sub\n\n     > deep quote\n4. x\n"
)


def test_quotes_opening_an_item_and_in_a_nested_item(markdown_parser, tmp_path):
    (html,) = html_blocks(NESTED_PAGE)[0]
    (md,) = markdown_blocks(NESTED_MARKDOWN)
    assert [(item.text, item.level) for item in html.items] == [
        ("Alpha first quoted second quoted then more", 0),
        ("opens", 0),
        ("Gamma", 0),
        ("sub deep quote", 1),
        ("x", 0),
    ]
    # "Alpha " is 6 characters, "first quoted second quoted" 26; "opens" the whole of the second
    # item's text; "sub " 4, "deep quote" 10
    assert html.meta[ITEM_QUOTES] == ((0, 6, 32), (1, 0, 5), (3, 4, 14))
    assert md.items == html.items
    assert md.meta[ITEM_QUOTES] == html.meta[ITEM_QUOTES]
    page = tmp_path / "nested.html"
    page.write_text(f"<html><body>{NESTED_PAGE}</body></html>", encoding="utf-8")
    # the quote's two paragraphs written as two, as the Markdown source has them
    assert get_markdown(page) == NESTED_MARKDOWN


def test_a_quote_in_an_item_of_a_quoted_list(tmp_path):
    page = tmp_path / "quoted.html"
    page.write_text(
        "<blockquote><ul><li>in<blockquote>inner</blockquote></li><li>last</li></ul></blockquote>",
        encoding="utf-8",
    )
    assert get_markdown(page) == "> - in\n>\n>   > inner\n> - last\n"


def test_a_notebook_s_markdown_cell_writes_it_in_its_item(tmp_path):
    cell = {"cell_type": "markdown", "metadata": {}, "source": MARKDOWN.splitlines(keepends=True)}
    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [cell]}
    path = tmp_path / "notes.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    assert WRITTEN in get_markdown(path)


def test_a_mail_s_html_body_too(tmp_path):
    mail = tmp_path / "quote.eml"
    mail.write_bytes(html_mail(PAGE, "Quote"))
    block = next(b for b in extract(mail).blocks if b.kind == LIST)
    assert block.meta[ITEM_QUOTES] == ((0, 9, 20),)
    assert WRITTEN in get_markdown(mail)


def test_the_quote_s_place_is_that_in_the_text_without_soft_hyphens(markdown_parser):
    # the soft hyphens (&shy;) are left out of the item's text after it is read: "Donaudampf item "
    # is 16 characters without them, "quoted text" the next 11
    page = "<ul><li>Donau&shy;dampf item<blockquote>quo&shy;ted text</blockquote>after</li><li>two</li></ul>"
    markdown = "- Donau\xaddampf item\n\n  > quo\xadted text\n\n  after\n- two\n"
    for (block,) in (html_blocks(page)[0], markdown_blocks(markdown)):
        assert block.items[0].text == "Donaudampf item quoted text after"
        assert block.meta[ITEM_QUOTES] == ((0, 16, 27),)


def test_a_quote_s_paragraphs_stay_paragraphs_of_the_quote(tmp_path):
    # typed by hand: a quote of two <p>, then a quote whose <div> holds a paragraph, text and a
    # heading, then two quotes one after the other
    page = (
        "<ul><li>a<blockquote><p>one</p><p>two</p></blockquote></li>"
        "<li>b<blockquote><div><p>three</p>four<br>five<h3>six</h3></div></blockquote>end</li>"
        "<li>c<blockquote>seven</blockquote><blockquote>eight</blockquote></li></ul>"
    )
    (block,) = html_blocks(page)[0]
    # the items' text as it was: the quotes' words after their item's, a space between paragraphs
    assert [item.text for item in block.items] == ["a one two", "b three four five six end", "c seven eight"]
    # "a " is 2 characters, "one two" the next 7, "two" from 6; "b " 2, "three four five six" 19, its
    # paragraphs from 8 ("four five", a line break a space) and 18; "c " 2, "seven" 5, "eight" from 8
    assert block.meta[ITEM_QUOTES] == ((0, 2, 9), (1, 2, 21), (2, 2, 7), (2, 8, 13))
    assert block.meta[ITEM_QUOTE_BREAKS] == ((0, 6), (1, 8), (1, 18))
    path = tmp_path / "page.html"
    path.write_text(f"<html><body>{page}</body></html>", encoding="utf-8")
    # each paragraph of a quote a paragraph of it, a line '>' between them; two quotes stay two
    assert get_markdown(path) == (
        "- a\n\n  > one\n  >\n  > two\n"
        "- b\n\n  > three\n  >\n  > four five\n  >\n  > six\n\n  end\n"
        "- c\n\n  > seven\n\n  > eight\n"
    )
    # the chunk as it was
    assert [c["content"] for c in get_chunks(path)] == ["a one two\nb three four five six end\nc seven eight"]


def test_a_quote_s_paragraphs_where_soft_hyphens_are_left_out():
    # "Donau&shy;dampf " is 11 characters without its soft hyphen, "o&shy;ne" 3: "two" from 15
    page = "<ul><li>Donau&shy;dampf<blockquote><p>o&shy;ne</p><p>two</p></blockquote></li></ul>"
    (block,) = html_blocks(page)[0]
    assert block.items[0].text == "Donaudampf one two"
    assert block.meta[ITEM_QUOTES] == ((0, 11, 18),)
    assert block.meta[ITEM_QUOTE_BREAKS] == ((0, 15),)


#: Typed by hand: an item whose quote and text come after its nested list, then a sibling
AFTER_LIST = "<ul><li>a<ul><li>n</li></ul><blockquote>q</blockquote>after</li><li>b</li></ul>"


def test_a_quote_after_an_item_s_nested_list_is_written_after_it(markdown_parser, tmp_path):
    (block,) = html_blocks(AFTER_LIST)[0]
    # the item's text as it was, its quote from 2 to 3; what it shows after its list from 2
    assert [(item.text, item.level) for item in block.items] == [("a q after", 0), ("n", 1), ("b", 0)]
    assert block.meta[ITEM_QUOTES] == ((0, 2, 3),)
    assert block.meta[ITEM_TAILS] == ((0, 2),)
    page = tmp_path / "page.html"
    page.write_text(f"<html><body>{AFTER_LIST}</body></html>", encoding="utf-8")
    # as a browser shows it: "a", the nested "n", then the quote and "after" in the item (the quote
    # was written before the list)
    written = "- a\n  - n\n\n  > q\n\n  after\n- b\n"
    assert get_markdown(page) == written
    # read back, that Markdown gives the same items and quote
    (md,) = markdown_blocks(written)
    assert md.items == block.items
    assert md.meta[ITEM_QUOTES] == block.meta[ITEM_QUOTES]
    assert [c["content"] for c in get_chunks(page)] == ["a q after\n  n\nb"]


def test_text_after_a_nested_list_is_a_word_of_its_own():
    # "n" and "n2" stand on lines of their own around the nested list: two words, not "nn2"
    (block,) = html_blocks("<ol><li>n<ul><li>m</li></ul>n2</li></ol>")[0]
    assert [(item.text, item.level) for item in block.items] == [("n n2", 0), ("m", 1)]
    assert block.meta[ITEM_TAILS] == ((0, 2),)
    assert block.text == "n n2\n  m"
    # where soft hyphens are left out, from where the text without them has it: "Donau " is 6
    (block,) = html_blocks("<ul><li>Do&shy;nau<ul><li>m</li></ul>x</li></ul>")[0]
    assert block.items[0].text == "Donau x"
    assert block.meta[ITEM_TAILS] == ((0, 6),)


def test_a_markdown_quote_s_paragraphs_stay_paragraphs_of_the_quote(markdown_parser, tmp_path):
    # typed by hand: a quote of two paragraphs ('>' alone between them), one of three with the item's
    # text after it, and one with a quote in it between its paragraphs
    markdown = (
        "- a\n\n  > one\n  >\n  > two\n"
        "- b\n\n  > three\n  >\n  > four\n  >\n  > five\n\n  end\n"
        "- c\n  > six\n  > > deep\n  >\n  > seven\n"
    )
    (block,) = markdown_blocks(markdown)
    assert [item.text for item in block.items] == ["a one two", "b three four five end", "c six deep seven"]
    # "a " is 2 characters, "one two" the next 7, "two" from 6; "b " 2, "three four five" 15, its
    # paragraphs from 8 and 13; "c " 2, "six deep seven" 14, "deep" from 6 and "seven" from 11
    assert block.meta[ITEM_QUOTES] == ((0, 2, 9), (1, 2, 17), (2, 2, 16))
    assert block.meta[ITEM_QUOTE_BREAKS] == ((0, 6), (1, 8), (1, 13), (2, 6), (2, 11))
    # the same list as a web page gives the same places
    page = (
        "<ul><li>a<blockquote><p>one</p><p>two</p></blockquote></li>"
        "<li>b<blockquote><p>three</p><p>four</p><p>five</p></blockquote>end</li>"
        "<li>c<blockquote><p>six</p><blockquote><p>deep</p></blockquote><p>seven</p></blockquote></li></ul>"
    )
    (html,) = html_blocks(page)[0]
    assert html.items == block.items
    assert html.meta[ITEM_QUOTE_BREAKS] == block.meta[ITEM_QUOTE_BREAKS]
    # each paragraph of a quote a paragraph of it, a line '>' between them
    path = tmp_path / "notes.md"
    path.write_text("- a\n\n  > one\n  >\n  > two\n- b\n", encoding="utf-8")
    assert get_markdown(path) == "- a\n\n  > one\n  >\n  > two\n- b\n"
    assert [c["content"] for c in get_chunks(path)] == ["a one two\nb"]
