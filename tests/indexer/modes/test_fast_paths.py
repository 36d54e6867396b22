"""The faster helpers of the modes give exactly what their plain definitions give."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from indexer.modes._common import _BOUNDARY, boundary_ends, keyword_bytes, keywords
from indexer.modes.tabular import OTHER_SPACES, render_row, render_rows

# pieces chosen to hit the edge cases: exotic spaces, pipes, the separator "~", abbreviations,
# numbered markers, initials, closing quotes, non-ASCII letters whose lower case is ASCII
PIECES = ["Dr", "e.g", "Fig", "figure", "No", "etc", "J", "K", "A", "b", "1", "12", "Hello", "the",
          "ABOUT", "that", "İ", "K", "Σ", "é", "ſt", "_", " ", "  ", "\n", "\t", "\xa0", "\u2003",
          ".", "!", "?", '"', "'", ")", "(", "]", "~", "|", ":"]  # fmt: skip
texts = st.lists(st.sampled_from(PIECES), max_size=25).map("".join)
NAMES = ["a", "b", "c", "Column 4"]


def test_other_spaces_are_every_space_but_the_plain_one():
    assert sorted(OTHER_SPACES + " ") == sorted(chr(c) for c in range(0x110000) if chr(c).isspace())


@settings(max_examples=400, deadline=None)
@given(texts)
def test_keyword_bytes_equals_keywords(text):
    assert {w.decode() for w in keyword_bytes(text)} == keywords(text)


@settings(max_examples=400, deadline=None)
@given(texts)
def test_boundary_ends_equals_the_full_pattern(text):
    assert boundary_ends(text) == [m.end() for m in _BOUNDARY.finditer(text)]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.one_of(texts, st.integers(), st.none()), max_size=5).map(tuple), max_size=6))
def test_render_rows_equals_render_row(rows):
    assert render_rows(NAMES, rows) == [render_row(NAMES, r) for r in rows]


def test_render_rows_cleans_only_what_needs_it():
    # read by hand: a newline inside a cell collapses, a blank cell is left out, a clean row
    # stays as it is, and an integer cell is written out
    rows = [("x\ny", "", "z"), ("p q", "r", "s"), (" ", "t ", 3)]
    assert render_rows(NAMES, rows) == ["a: x y | c: z", "a: p q | b: r | c: s", "b: t | c: 3"]
