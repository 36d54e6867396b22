"""Plain text: a short line in capitals is a heading, but a line of one letter over and over (a
placeholder such as ``XXXXXXXX`` or a body of ``AAAA…``) spells no title and stays text."""

from __future__ import annotations

from indexer.formats.text import text_blocks
from indexer.model import HEADING, PARAGRAPH


def test_one_letter_repeated_is_no_heading():
    blocks = text_blocks("AAAAAAAAAAAAAAAAAAAAAAAA\n\nXXXXXXXX\nAccount number withheld.\n")
    assert [(b.kind, b.text) for b in blocks] == [
        (PARAGRAPH, "AAAAAAAAAAAAAAAAAAAAAAAA"),
        (PARAGRAPH, "XXXXXXXX\nAccount number withheld."),
    ]


def test_short_titles_in_capitals_stay_headings():
    blocks = text_blocks("PART III\nThe voyage home.\n\nFAQ\nAsk at the desk.\n")
    assert [(b.kind, b.text) for b in blocks if b.kind == HEADING] == [
        (HEADING, "PART III"),
        (HEADING, "FAQ"),
    ]
