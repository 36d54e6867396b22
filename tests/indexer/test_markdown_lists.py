"""get_markdown on lists that follow one another: each reads back as a list of its own."""

from __future__ import annotations

from dataclasses import replace

import pyromark
from hypothesis import given, settings
from hypothesis import strategies as st

from indexer.markdown import render_markdown
from indexer.model import (
    LIST,
    OWN_MARKERS,
    QUOTE,
    SPREADSHEET,
    Block,
    Document,
    ListItem,
    assemble,
    render_list,
)

from .modes.helpers import bullets, heading, table
from .test_markdown_escape import _COMMONMARK, _GFM, _text_of


def _lists_markdown_it(markdown: str) -> list[tuple[int, str, list[str]]]:
    """(blockquote depth, kind, item texts) of each top-level list markdown-it reads."""
    out = []
    depth = nested = 0
    for token in _COMMONMARK.parse(markdown):
        if token.type in ("blockquote_open", "blockquote_close"):
            depth += 1 if token.type == "blockquote_open" else -1
        elif token.type in ("bullet_list_open", "ordered_list_open"):
            if not nested:
                out.append((depth, token.type.split("_")[0], []))
            nested += 1
        elif token.type in ("bullet_list_close", "ordered_list_close"):
            nested -= 1
        elif token.type == "inline" and nested:
            out[-1][2].append(_text_of(token, markdown))
    return out


def _lists_pulldown(markdown: str) -> list[tuple[int, str, list[str]]]:
    """The same read by pulldown-cmark (pyromark)."""
    out = []
    depth = nested = 0
    for event in pyromark.events(markdown, options=_GFM):
        start = event.get("Start") if isinstance(event, dict) else None
        end = event.get("End") if isinstance(event, dict) else None
        if start == {"BlockQuote": None} or end == {"BlockQuote": None}:
            depth += 1 if start else -1
        elif isinstance(start, dict) and "List" in start:
            if not nested:
                out.append((depth, "ordered" if start["List"] is not None else "bullet", []))
            nested += 1
        elif isinstance(end, dict) and "List" in end:
            nested -= 1
        elif isinstance(event, dict) and "Text" in event and nested:
            out[-1][2].append(event["Text"])
    return out


def _reads_back(markdown: str, expected: list[tuple[int, str, list[str]]]) -> None:
    for read in (_lists_markdown_it, _lists_pulldown):
        assert read(markdown) == expected, (read.__name__, markdown)


def test_lists_one_after_another_stay_apart():
    blocks = [
        bullets("a", "b"),
        bullets("c"),
        bullets("d", ordered=True),
        bullets("e", ordered=True),
        bullets("f", ordered=True),
        bullets("g"),  # after an ordered list: apart as it is
        heading("H", 2),
        bullets("h"),  # after a heading
        bullets("i", "j", levels=(0, 1)),  # only the top level's markers change
    ]
    md = render_markdown(assemble("html", blocks))
    # the second of two lists with the same bullet (or delimiter) takes the other one; a third
    # takes the first again, having the second before it
    assert md == "- a\n- b\n\n* c\n\n1. d\n\n1) e\n\n1. f\n\n- g\n\n## H\n\n- h\n\n* i\n  - j\n"
    _reads_back(
        md,
        [
            (0, "bullet", ["a", "b"]),
            (0, "bullet", ["c"]),
            (0, "ordered", ["d"]),
            (0, "ordered", ["e"]),
            (0, "ordered", ["f"]),
            (0, "bullet", ["g"]),
            (0, "bullet", ["h"]),
            (0, "bullet", ["i", "j"]),
        ],
    )


def test_a_pdf_lists_own_numbers_take_the_other_delimiter_after_a_list():
    # items keeping their printed marker: "3. " after a list whose last is "2. " becomes "3) "
    first = (ListItem("1. one", 0, True), ListItem("2. two", 0, True))
    second = (ListItem("3. three", 0, True), ListItem("(a) sub", 1, True))
    blocks = [
        Block(LIST, render_list(items), items=items, meta={OWN_MARKERS: True}) for items in (first, second)
    ]
    md = render_markdown(assemble("pdf", blocks))
    assert md == "1. one\n2. two\n\n3) three\n   - (a) sub\n"
    _reads_back(md, [(0, "ordered", ["one", "two"]), (0, "ordered", ["three", "(a) sub"])])


def test_lists_in_one_quote_stay_apart_and_a_list_after_the_quote_is_its_own():
    blocks = [
        replace(bullets("x"), meta={QUOTE: 1}),
        replace(bullets("y"), meta={QUOTE: 1}),
        bullets("z"),  # outside the quote: a list of its own as it is
    ]
    md = render_markdown(assemble("html", blocks))
    assert md == "> - x\n>\n> * y\n\n- z\n"
    _reads_back(md, [(1, "bullet", ["x"]), (1, "bullet", ["y"]), (0, "bullet", ["z"])])


def test_an_embedded_files_lists_in_a_sheet_stay_apart():
    attached = {"sheet_name": "S", "attachment": "notes.docx"}
    blocks = (
        table(("k",), [("v",)], meta={"sheet_name": "S"}),
        replace(bullets("a"), meta=attached),
        replace(bullets("b"), meta=attached),
    )
    md = render_markdown(Document("xlsx", blocks, family=SPREADSHEET))
    assert md == "## S\n\n| k |\n| --- |\n| v |\n\n- a\n\n* b\n"
    _reads_back(md, [(0, "bullet", ["a"]), (0, "bullet", ["b"])])


def test_an_item_of_its_bullets_marks_is_no_thematic_break():
    # "- --" and "* **" are rules to CommonMark, not items: the text's first mark is escaped;
    # "1. --" and "- -*" are items as they stand
    blocks = [
        bullets("--", "a", "-- b"),
        bullets("**", "--", levels=(0, 1)),  # "*" after the list before, and a nested "- --"
        bullets("--", ordered=True),
        bullets("-*"),
    ]
    md = render_markdown(assemble("html", blocks))
    assert md == "- \\--\n- a\n- -- b\n\n* \\**\n  - \\--\n\n1. --\n\n- -*\n"
    _reads_back(
        md,
        [
            (0, "bullet", ["--", "a", "-- b"]),
            (0, "bullet", ["**", "--"]),
            (0, "ordered", ["--"]),
            (0, "bullet", ["-*"]),
        ],
    )


_word = st.text(alphabet="abcxyz", min_size=1, max_size=5)
_list = st.tuples(
    st.booleans(),
    st.lists(st.tuples(_word, st.integers(0, 2), st.sampled_from(["", "--", "**"])), min_size=1, max_size=4),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(_list, st.integers(0, 2)), min_size=1, max_size=5))
def test_any_lists_one_after_another_read_back_one_each(lists):
    # lists of one kind each (bullets or numbers), nested up to two deep, an item's text possibly
    # its bullet's marks, at quote depths 0 to 2: each reads back as one list of its items
    blocks, expected = [], []
    for (ordered, entries), depth in lists:
        items = []
        for i, (word, level, marks) in enumerate(entries):
            level = min(level, items[-1].level + 1) if i else 0
            items.append(ListItem(marks or word, level, ordered))
        block = Block(LIST, render_list(items), items=tuple(items), meta={QUOTE: depth} if depth else {})
        blocks.append(block)
        expected.append((depth, "ordered" if ordered else "bullet", [it.text for it in items]))
    _reads_back(render_markdown(assemble("html", blocks)), expected)
