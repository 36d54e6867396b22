"""The Markdown reader on edge cases where pulldown-cmark and markdown-it read differently, each
read as the CommonMark and GFM specs say, with either parser."""

from __future__ import annotations

import pytest

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
