"""Pipe tables without inline markup are read straight from their source; the result must be the
table the parser's events describe, cell for cell, whatever the cell text, widths and spacing."""

from __future__ import annotations

import re
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from indexer.formats import markdown as md
from indexer.model import render_table

pytestmark = pytest.mark.skipif(md.pyromark is None, reason="pyromark is not installed")

# Cell text: words, runs of spaces and tabs, non-ASCII letters and the characters that only
# sometimes mean markup (so that both the direct path and the event path are exercised).
_cell = st.text(alphabet=st.sampled_from(list("ab xyz\tÉé日0.,:;#%()-+=*_`[]<>&\\!")), max_size=12)


def _blocks(text: str, direct: bool) -> list:
    original = md._plain_table
    if not direct:
        md._plain_table = lambda raw, rng: None
    try:
        return md._parse(text).blocks
    finally:
        md._plain_table = original


@settings(max_examples=300, deadline=None)
@given(
    header=st.lists(_cell, min_size=1, max_size=4),
    rows=st.lists(st.lists(_cell, min_size=0, max_size=5), max_size=5),
    outer=st.booleans(),
    indent=st.sampled_from(["", " ", "   "]),
    after=st.sampled_from(["", "\n", "\n\nAfter.\n", "\n# Next\n"]),
    pad=st.booleans(),
)
def test_direct_read_equals_events(header, rows, outer, indent, after, pad):
    def line(cells):
        body = " | ".join(cells) if pad else "|".join(cells)
        if pad and outer:
            return f"{indent}| {body} |"
        return indent + (f"|{body}|" if outer else body)

    delimiter = line(["---"] * len(header))
    text = "Before.\n\n" + "\n".join([line(header), delimiter, *(line(r) for r in rows)]) + after
    assert _blocks(text, direct=True) == _blocks(text, direct=False)


def test_plain_table_is_read_directly_and_cells_are_exact():
    # Read by hand: header "Name | Qty", two body rows; the second row is short, so the
    # parser pads it with an empty cell, and the third cell of the first row is dropped.
    text = "| Name | Qty |\n|---|---:|\n|  bolt   M8 | 12 | extra |\n| nut |\n"
    builder = md._parse(text)
    (table,) = builder.blocks
    assert table.header == ("Name", "Qty")
    assert table.rows == (("bolt M8", "12"), ("nut", ""))
    assert table.lines == (1, 4)
    assert md._plain_table(builder.lines.raw, {"start": 0, "end": len(text)}) is not None


def test_table_written_as_rendered_is_its_own_text():
    # "| a | b |" lines with single spaces are already the table's text: only the delimiter
    # row is written again, as "| --- |" per column (checked by hand against render_table).
    text = "| Name | Qty |\n|---|---:|\n| bolt | 12 |\n| nut | 3 |\n"
    rows, table_text = md._plain_table(text, {"start": 0, "end": len(text)})
    assert rows == [("Name", "Qty"), ("bolt", "12"), ("nut", "3")]
    assert table_text == "| Name | Qty |\n| --- | --- |\n| bolt | 12 |\n| nut | 3 |"
    (table,) = md._parse(text).blocks
    assert table.text == table_text
    assert table.text == render_table(table.header, table.rows)


@pytest.mark.parametrize(
    ("text", "rendered"),
    [
        # "| |" is one empty cell, rendered "|  |": not the source line
        ("| a |\n|---|\n| |\n", "| a |\n| --- |\n|  |"),
        # a short row is padded with an empty cell
        ("| a | b |\n|---|---|\n| c |\n", "| a | b |\n| --- | --- |\n| c |  |"),
        # a long row is cut to the header's width
        ("| a | b |\n|---|---|\n| c | d | e |\n", "| a | b |\n| --- | --- |\n| c | d |"),
        # cells cleaned of their extra spaces
        ("| a  | b |\n|---|---|\n| c |   d |\n", "| a | b |\n| --- | --- |\n| c | d |"),
    ],
)
def test_table_not_written_as_rendered_is_rendered(text, rendered):
    rows, table_text = md._plain_table(text, {"start": 0, "end": len(text)})
    assert table_text is None
    (table,) = md._parse(text).blocks
    assert table.text == rendered


def test_table_with_markup_goes_through_events():
    # GFM: a pipe inside a code span still splits the cell unless escaped; "\\|" is a literal pipe.
    text = "| a | b |\n|---|---|\n| **bold** | `x\\|y` |\n"
    assert md._plain_table(text, {"start": 0, "end": len(text)}) is None
    (table,) = md._parse(text).blocks
    assert table.rows == (("bold", "x|y"),)


def test_character_checks_equal_the_regex_classes():
    # the plain-table checks search for characters one by one; they must find exactly what the
    # regex classes they stand for find (every character of the Basic Multilingual Plane)
    markup = re.compile(r"[\\`*_~\[\]<>&!$^]")
    odd_space = re.compile(r"[^\S \n]")
    for code in range(0x10000):
        text = "a " + chr(code) + "\n"
        assert md._has_any(text, md._CELL_MARKUP) == bool(markup.search(text)), hex(code)
        assert md._odd_space(text) == bool(odd_space.search(text)), hex(code)


def test_indented_row_check_finds_every_indent():
    # A table at the margin skips the scan of its rows' indentation when no line after its
    # first opens with white space or ">": that search must find every line _indent gives an
    # indent to (every code point of the Basic Multilingual Plane and every byte, at the margin
    # or after block quote markers).
    for prefix in ("", ">", "> > "):
        for code in range(0x10000):
            line = prefix + chr(code) * 4 + "| a |"
            if md._indent(line) > 0:
                assert md._INDENTED_LINE.match("\n" + line), hex(code)
        for byte in range(256):
            line = prefix.encode() + bytes([byte]) * 4 + b"| a |"
            if md._indent(line) > 0:
                assert md._INDENTED_LINE_BYTES.match(b"\n" + line), hex(byte)


def test_skipping_a_tables_events_passes_bare_string_events_without_a_warning():
    # pyromark gives some events as bare strings ("SoftBreak", "Rule"); comparing one with the
    # table's end through dict.__ne__ gave NotImplemented, true only by a deprecated rule (a
    # DeprecationWarning now, a TypeError from Python 3.14). The skip must stop at the end alone.
    end = {"End": "Table"}
    events = iter([("SoftBreak", None), ({"Text": "x"}, None), (end, None), ("Rule", None)])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        md._skip_table(events)
    assert next(events) == ("Rule", None)
