"""The Markdown reader on edge cases where pulldown-cmark and markdown-it read differently, each
read as the CommonMark and GFM specs say, with either parser."""

from __future__ import annotations

import pytest

from indexer.formats import markdown
from indexer.formats.markdown import extract_markdown

from ._text_helpers import CTX


def _blocks(text: str) -> list[tuple[str, str]]:
    doc = extract_markdown(text.encode(), CTX)
    return [(b.kind, b.text) for b in doc.blocks]


@pytest.mark.parametrize(
    ("source", "heading"),
    [
        # the spec's examples of a closing sequence, as they stand
        ("## foo ##", "foo"),
        ("  ###   bar    ###", "bar"),
        ("# foo ##################################", "foo"),
        ("### foo ###     ", "foo"),
        ("### foo ### b", "foo ### b"),
        ("# foo#", "foo#"),
        ("### foo \\###", "foo ###"),
        ("## foo #\\##", "foo ###"),
        # and with a tab beside the run: "preceded by spaces or tabs and may be followed by
        # spaces or tabs only"
        ("# foo ##\t", "foo"),
        ("# foo ## \t", "foo"),
        ("# foo\t##", "foo"),
        ("### foo\t###\t\t", "foo"),
        ("# foo #\t##", "foo #"),
        ("# foo#\t", "foo#"),
        ("## foo \\##\t", "foo ##"),
        ("> # quoted #\t", "quoted"),
        ("# été ##\t", "été"),
    ],
)
def test_an_atx_heading_loses_its_closing_sequence(markdown_parser, source, heading):
    assert _blocks(source + "\n\nafter\n") == [("heading", heading), ("paragraph", "after")]


def test_a_heading_of_a_closing_sequence_alone_is_empty(markdown_parser):
    # "# #\t" is an empty heading, as "### ###" is: no words
    assert _blocks("# #\t\n\nafter\n") == [("paragraph", "after")]


def test_a_setext_heading_keeps_its_hashes(markdown_parser):
    # a closing sequence belongs to ATX headings only
    assert _blocks("foo ##\t\n---\n") == [("heading", "foo ##")]


def test_an_atx_heading_in_an_item_loses_its_closing_sequence(markdown_parser):
    doc = extract_markdown(b"- # foo #\t\n", CTX)
    assert [b.text for b in doc.blocks] == ["foo"]


def _table(text: str) -> list[tuple[str, object, object]]:
    doc = extract_markdown(text.encode(), CTX)
    return [(b.kind, b.header, b.rows) if b.kind == "table" else (b.kind, b.text, None) for b in doc.blocks]


def test_the_spec_example_of_escaped_pipes_in_cells(markdown_parser):
    # GFM's example 200: "\|" is a pipe in a cell, inside a code span too
    md = "| f\\|oo  |\n| ------ |\n| b `\\|` az |\n| b **\\|** im |\n"
    assert _table(md) == [("table", ("f|oo",), (("b | az",), ("b | im",)))]


def test_a_header_row_whose_pipes_are_all_escaped_heads_a_table(markdown_parser):
    # GFM counts the header row's cells (one: "|a") against the delimiter row's (one): a table
    assert _table("\\|a\n|-|\n|b\n") == [("table", ("|a",), (("b",),))]
    assert _table("\\| a\n:-:|\n") == [("table", ("| a",), ())]
    assert _table("  x \\| y\n  |---|\nz\n") == [("table", ("x | y",), (("z",),))]
    assert _table("é \\|a\n|-|\n") == [("table", ("é |a",), ())]
    # under a paragraph's line, as a table with its pipes unescaped is read there
    assert _table("x\n\\|a\n|-|\nb\n") == [("paragraph", "x", None), ("table", ("|a",), (("b",),))]
    # the escaped pipe opening a row of two cells, read so already
    assert _table("\\| a | b |\n|---|---|\n| c | d |\n") == [("table", ("| a", "b"), (("c", "d"),))]


def test_a_header_row_of_escaped_pipes_over_more_columns_is_text(markdown_parser):
    # one cell over two: no table
    assert _table("\\|a\n|-|-|\n") == [("paragraph", "|a\n|-|-|", None)]
    # in a fence, code
    assert _table("```\n\\|a\n|-|\n```\n") == [("code", "\\|a\n|-|", None)]


def test_a_header_row_ending_with_a_backslash_heads_a_table(markdown_parser):
    # in a table's row a backslash before the line's end is text, no line break: the row's two
    # cells over two delimiters make a table, the last cell "b\"
    assert _table("a | b\\\n|---|---|\n| c | d\\\n") == [("table", ("a", "b\\"), (("c", "d\\"),))]
    assert _table("| a | b\\\n|---|---|\n") == [("table", ("a", "b\\"), ())]
    # two cells, the second a backslash, over one delimiter: no table
    assert _table("| a |\\\n|---|\n") == [("paragraph", "| a |\n|---|", None)]
    # an escaped backslash ends the row as any character does, and a line with no pipe at all
    # heads no table
    assert _table("a\\\\\n|-|\n") == [("paragraph", "a\\\n|-|", None)]


def test_a_quoted_header_row_of_escaped_pipes_heads_a_table(markdown_parser):
    doc = extract_markdown(b"> \\|a\n> |-|\n> | b |\n\n> | x\\\n> |---|\n", CTX)
    assert [(b.kind, b.header, b.rows, b.meta.get("quote")) for b in doc.blocks] == [
        ("table", ("|a",), (("b",),), 1),
        ("table", ("x\\",), (), 1),
    ]
    assert [b.lines for b in doc.blocks] == [(1, 3), (5, 6)]


def test_an_atx_heading_over_a_delimiter_row_stays_a_heading(markdown_parser):
    # GFM makes a table's header row of a paragraph's line: a heading's line is no header
    assert _table("# a | b\n|---|---|\n| c | d |\n") == [
        ("heading", "a | b", None),
        ("paragraph", "|---|---|\n| c | d |", None),
    ]
    assert _table("x\n## a | b\\\n|-|-|\n") == [
        ("paragraph", "x", None),
        ("heading", "a | b\\", None),
        ("paragraph", "|-|-|", None),
    ]


def test_a_table_in_a_footnote_keeps_its_rows(markdown_parser):
    # a note's lines are indented 4 columns: its table ends at a row indented 4 past that (GFM),
    # not at each row (the main path read "| 1 | 2 |" as indented code, the table headed alone)
    text = "Tides[^1]\n\n[^1]: Times:\n\n    | a | b |\n    |---|---|\n    | 1 | 2 |\n\nAfter\n"
    doc = extract_markdown(text.encode(), CTX)
    assert [(b.kind, b.header, b.rows, b.lines) for b in doc.blocks if b.kind == "table"] == [
        ("table", ("a", "b"), (("1", "2"),), (5, 7))
    ]
    assert _table(text)[-1] == ("paragraph", "After", None)
    # the table as the note's first block, and a line indented 4 past the note's rows: code
    assert _table("[^1]: | a |\n    |---|\n    | 1 |\n        x = 1\n") == [
        ("table", ("a",), (("1",),)),
        ("code", "x = 1", None),
    ]


def test_a_header_row_of_escaped_pipes_in_a_list_item_or_a_note_heads_a_table(markdown_parser):
    # as at the margin: GFM counts one cell over one delimiter, a table in the item or the note
    # (the main path read the lines as the item's or the note's text, "tide |a |-| |b")
    assert _table("- tide\n\n  \\|a\n  |-|\n  |b\n") == [
        ("list", "tide", None),
        ("table", ("|a",), (("b",),)),
    ]
    assert _table("- tide\n  \\|a\n  |-|\n") == [("list", "tide", None), ("table", ("|a",), ())]
    assert _table("1. tide\n\n   a | b\\\n   |---|---|\n   | c | d |\n") == [
        ("list", "tide", None),
        ("table", ("a", "b\\"), (("c", "d"),)),
    ]
    assert _table("Tides[^1]\n\n[^1]: Times:\n\n    \\|a\n    |-|\n    |b\n") == [
        ("paragraph", "Tides[^1]", None),
        ("paragraph", "[^1]: Times:", None),
        ("table", ("|a",), (("b",),)),
    ]
    assert _table("[^1]: \\|a\n    |-|\n") == [("table", ("|a",), ())]
    # a delimiter row the item does not hold (a lazy line at the margin) heads no table
    assert _table("- tide\n  \\|a\n|-|\n") == [("list", "tide |a |-|", None)]


@pytest.mark.skipif(markdown.pyromark is None, reason="pyromark is not installed")
def test_a_header_row_of_escaped_pipes_on_an_items_first_line_heads_a_table():
    # after the item's marker, the item holding the table alone (markdown-it, the fallback,
    # reads the marker into the header's cell: "- |a")
    doc = extract_markdown(b"- \\|a\n  |-|\n  |b\n- moon\n  - \\|c\n    |-|\n", CTX)
    assert [(b.kind, b.header, b.rows, b.lines) for b in doc.blocks if b.kind == "table"] == [
        ("table", ("|a",), (("b",),), (1, 3)),
        ("table", ("|c",), (), (5, 6)),
    ]
    assert [b.text for b in doc.blocks if b.kind == "list"] == ["moon"]


def test_a_paragraphs_last_line_over_a_delimiter_row_heads_a_table(markdown_parser):
    # GFM (cmark-gfm) and markdown-it take the line for the header, the lines before it a
    # paragraph of their own; pulldown-cmark let only a row starting with a pipe interrupt a
    # paragraph, and the main path read one paragraph of the four lines
    text = "Tides today\nhigh | low\n--|--\n6:10 | 12:25\n"
    doc = extract_markdown(text.encode(), CTX)
    assert [(b.kind, b.text, b.header, b.rows, b.lines) for b in doc.blocks] == [
        ("paragraph", "Tides today", None, (), (1, 1)),
        (
            "table",
            "| high | low |\n| --- | --- |\n| 6:10 | 12:25 |",
            ("high", "low"),
            (("6:10", "12:25"),),
            (2, 4),
        ),
    ]
    assert _table("a\nb\nc | d |\n-|-\n") == [("paragraph", "a\nb", None), ("table", ("c", "d"), ())]
    # in a quote and in a list item alike
    doc = extract_markdown(b"> said\n> a | b\n> -|-\n", CTX)
    assert [(b.kind, b.header, b.meta.get("quote")) for b in doc.blocks] == [
        ("paragraph", None, 1),
        ("table", ("a", "b"), 1),
    ]
    assert _table("- tide\n  high | low\n  -|-\n") == [("list", "tide", None), ("table", ("high", "low"), ())]
    # a header of more cells than the delimiter row's: no table
    assert _table("para\na | b | c\n-|-\n") == [("paragraph", "para\na | b | c\n-|-", None)]


def _items(text: str) -> list[tuple[str, str, tuple[int, int], object]]:
    doc = extract_markdown(text.encode(), CTX)
    return [(b.kind, b.text, b.lines, [(i.text, i.level) for i in b.items] or b.header) for b in doc.blocks]


def test_a_delimiter_row_a_list_marker_opens_is_a_list_item(markdown_parser):
    # GFM (cmark-gfm) tries a list marker before a table: "- | -" under a line of pipes is an
    # item whose text is "| -", as GitHub shows it; pulldown-cmark made a table of the two lines
    assert _items("high | low\n- | -\n- 6:10 | 12:25\n") == [
        ("paragraph", "high | low", (1, 1), None),
        ("list", "| -\n6:10 | 12:25", (2, 3), [("| -", 0), ("6:10 | 12:25", 0)]),
    ]
    # in a list item: an item over its sub-items, a sub-item's text holding pipes
    assert _items("- Fruit | Colour\n  - | -\n  - Apple | red\n- Pear\n") == [
        (
            "list",
            "Fruit | Colour\n  | -\n  Apple | red\nPear",
            (1, 4),
            [("Fruit | Colour", 0), ("| -", 1), ("Apple | red", 1), ("Pear", 0)],
        )
    ]
    # in a quote, in a text not ASCII, a row without a space between its cells
    assert _items("> é | b\n> - |:-:\n") == [
        ("paragraph", "é | b", (1, 1), None),
        ("list", "|:-:", (2, 2), [("|:-:", 0)]),
    ]
    # a delimiter row the marker does not open stays one, and such a line in code stays as written
    assert _items("a | b\n-|-\n") == [("table", "| a | b |\n| --- | --- |", (1, 2), ("a", "b"))]
    assert _items("```\na | b\n- | -\n```\n") == [("code", "a | b\n- | -", (1, 4), None)]


def test_a_list_items_line_over_a_delimiter_row_heads_no_table(markdown_parser):
    # "- a | b" opens a list item before anything else (GFM): a delimiter row under it is the
    # item's text (not indented to it) or a table in the item (indented); markdown-it made a
    # table of the whole line, its first cell "- a"
    assert _items("- a | b\n--- | ---\n") == [("list", "a | b --- | ---", (1, 2), [("a | b --- | ---", 0)])]
    assert _items("- a | b\n  :-: | :-:\n  1 | 2\n") == [
        ("table", "| a | b |\n| --- | --- |\n| 1 | 2 |", (1, 3), ("a", "b"))
    ]


def test_an_item_of_a_delimiter_row_without_an_inner_space_keeps_its_sub_items(markdown_parser):
    # "- |-" under "a | b" is an item "|-" (GFM), its content at column 2: "  - sub" under it is
    # its sub-item, "- c" the next item. Reading the row's space as a tab moved its content to
    # column 4, and the sub-item became an item of its own, at the first level
    assert _items("a | b\n- |-\n  - sub\n- c\n") == [
        ("paragraph", "a | b", (1, 1), None),
        ("list", "|-\n  sub\nc", (2, 4), [("|-", 0), ("sub", 1), ("c", 0)]),
    ]
    # its text as written, whichever characters open it, in a text not ASCII
    assert _items("é | b\n- :-|-:\n   - ü\n") == [
        ("paragraph", "é | b", (1, 1), None),
        ("list", ":-|-:\n  ü", (2, 3), [(":-|-:", 0), ("ü", 1)]),
    ]
    # a line indented 2 columns under it, not a list item: the item's own text
    assert _items("a | b\n- |---|\n  more\n") == [
        ("paragraph", "a | b", (1, 1), None),
        ("list", "|---| more", (2, 3), [("|---| more", 0)]),
    ]
