"""Markdown block line spans: the incremental counter against a count from the start each time."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from indexer.formats.markdown import _Lines


def _naive_span(raw: str | bytes, start: int, end: int) -> tuple[int, int]:
    nl = "\n" if isinstance(raw, str) else b"\n"
    while end > start + 1 and raw[end - 1 : end] in ("\n", " ", "\t", b"\n", b" ", b"\t"):
        end -= 1
    first = raw.count(nl, 0, start) + 1
    if end - 1 > start:
        return first, raw.count(nl, 0, end - 1) + 1
    return first, first


texts = st.text(alphabet="ab \t\n\u00e9", max_size=80)


@settings(max_examples=300, deadline=None)
@given(texts, st.lists(st.tuples(st.integers(0, 120), st.integers(0, 120)), max_size=12))
def test_spans_in_any_order_equal_a_fresh_count(text, ranges):
    # ranges in any order: forward, repeated, overlapping, nested and going back
    lines = _Lines(text)
    size = len(lines.raw)
    for a, b in ranges:
        start, end = sorted((min(a, size), min(b, size)))
        assert lines.span(start, end) == _naive_span(lines.raw, start, end)
        assert lines.line_of(start) == lines.raw.count(lines.nl, 0, start) + 1


def test_spans_by_hand():
    # read by hand: "h" on line 1, the paragraph on lines 3-4 (its trailing blank line left out)
    lines = _Lines("h\n\npara one\npara two\n\n")
    assert lines.span(0, 2) == (1, 1)
    assert lines.span(3, 22) == (3, 4)
    assert lines.span(3, 22) == (3, 4)  # the same block asked twice (a paragraph of images)
    assert lines.span(0, 2) == (1, 1)  # going back
