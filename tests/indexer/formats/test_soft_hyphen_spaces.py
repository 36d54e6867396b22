"""Soft hyphens (``&shy;``, U+00AD) with spaces around them: left out, they leave the white space a
browser shows, one space between words and none at the edge of a line, in list items, paragraphs,
headings and table cells, in the HTML and the Markdown reader alike; a code block keeps its spaces,
and the places the list records in its items' text (quotes, their paragraphs, tails) stay right."""

from __future__ import annotations

from indexer import get_chunks, get_markdown
from indexer.formats.html import html_blocks
from indexer.formats.markdown import markdown_blocks
from indexer.model import CODE, HEADING, ITEM_QUOTE_BREAKS, ITEM_QUOTES, ITEM_TAILS, LIST, PARAGRAPH, TABLE

#: Typed by hand: a soft hyphen between two words, at an item's end and at its start
ITEMS_PAGE = "<ul><li>a &shy; b</li><li>a &shy;</li><li>&shy; c</li></ul>"
ITEMS_MARKDOWN = "- a &shy; b\n- a &shy;\n- &shy; c\n"


def test_an_item_s_text_has_one_space_between_words_and_none_at_its_edges(markdown_parser, tmp_path):
    for (block,) in (html_blocks(ITEMS_PAGE)[0], markdown_blocks(ITEMS_MARKDOWN)):
        assert block.kind == LIST
        assert [item.text for item in block.items] == ["a b", "a", "c"]
        assert block.text == "a b\na\nc"
    page = tmp_path / "page.html"
    page.write_text(f"<html><body>{ITEMS_PAGE}</body></html>", encoding="utf-8")
    assert get_markdown(page) == "- a b\n- a\n- c\n"
    assert [c["content"] for c in get_chunks(page)] == ["a b\na\nc"]


def test_paragraphs_headings_and_table_cells_as_a_browser_shows_them(markdown_parser):
    page = (
        "<h2>x &shy;</h2><p>a &shy; b</p><p>c &shy;<br>d</p>"
        "<table><tr><th>h</th><th>i</th></tr><tr><td>&shy;</td><td>a &shy; b</td></tr></table>"
    )
    markdown = "## x &shy;\n\na &shy; b\n\nc &shy;  \nd\n\n| h | i |\n|---|---|\n| &shy; | a &shy; b |\n"
    for blocks in (html_blocks(page)[0], markdown_blocks(markdown)):
        assert [(b.kind, b.text) for b in blocks[:3]] == [
            (HEADING, "x"),
            (PARAGRAPH, "a b"),
            (PARAGRAPH, "c\nd"),
        ]
        table = blocks[3]
        assert table.kind == TABLE
        assert table.header == ("h", "i")
        assert table.rows == (("", "a b"),)
        # the empty cell written as any empty cell is
        assert table.text == "| h | i |\n| --- | --- |\n|  | a b |"
    # a <pre> shows its spaces as written: the two stay
    (code,) = html_blocks("<pre>a &shy; b</pre>")[0]
    assert (code.kind, code.text) == (CODE, "a  b")


def test_the_places_in_an_item_s_text_are_those_without_the_spaces():
    # "a b " is 4 characters, the quote "c d e" the next 5, its second paragraph "e" from 8, and
    # "g" after the nested list from 12 ("a b c d e f ")
    page = (
        "<ul><li>a &shy; b<blockquote><p>c &shy; d</p><p>e</p></blockquote>"
        "f<ul><li>m</li></ul>&shy; g</li></ul>"
    )
    (block,) = html_blocks(page)[0]
    assert [item.text for item in block.items] == ["a b c d e f g", "m"]
    assert block.meta[ITEM_QUOTES] == ((0, 4, 9),)
    assert block.meta[ITEM_QUOTE_BREAKS] == ((0, 8),)
    assert block.meta[ITEM_TAILS] == ((0, 12),)


def test_a_quote_s_place_in_a_markdown_item(markdown_parser):
    # "a b " is 4 characters, the quote "c d" the next 3
    (block,) = markdown_blocks("- a &shy; b\n\n  > c &shy; d\n\n  f &shy;\n- two\n")
    assert [item.text for item in block.items] == ["a b c d f", "two"]
    assert block.meta[ITEM_QUOTES] == ((0, 4, 7),)


def test_a_quote_ending_or_starting_at_a_soft_hyphen_keeps_its_words(markdown_parser):
    # the quote's first paragraph ends "q &shy;", its second starts "&shy; s" and ends "s&shy;", the
    # item's text goes on "&shy; z": "a q s z", the quote "q s" from 2 to 5 (no space at its end), its
    # "s" from 4
    page = (
        "<ul><li>a<blockquote><p>q &shy;</p><p>&shy; s&shy;</p></blockquote> &shy; z"
        "<ul><li>m</li></ul>&shy; t</li></ul>"
    )
    markdown = "- a\n\n  > q &shy;\n  >\n  > &shy; s&shy;\n\n  &shy; z\n"
    (block,) = html_blocks(page)[0]
    (md,) = markdown_blocks(markdown)
    assert [item.text for item in block.items] == ["a q s z t", "m"]
    assert md.items[0].text == "a q s z"
    for one in (block, md):
        assert one.meta[ITEM_QUOTES] == ((0, 2, 5),)
        assert one.meta[ITEM_QUOTE_BREAKS] == ((0, 4),)
    # "t", after the nested list, from 8
    assert block.meta[ITEM_TAILS] == ((0, 8),)
