"""Hypothesis properties of the text-family extractors, at the Document level.

Arbitrary bytes raise nothing but documented errors; empty input gives no blocks; non-empty text
gives at least one non-empty block; every block's line range lies inside Document.text; the
output is deterministic. The extractors are called directly, without the API's safety net that
turns stray exceptions into ParseError, so a bug here cannot hide behind it.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from indexer.errors import ChunkscopeError
from indexer.formats.csvfmt import extract_csv, extract_tsv
from indexer.formats.email import extract_eml, extract_mbox
from indexer.formats.html import extract_html
from indexer.formats.jsonfmt import extract_json, extract_jsonl, extract_ndjson
from indexer.formats.markdown import extract_markdown
from indexer.formats.notebook import extract_ipynb
from indexer.formats.text import extract_text

from ._text_helpers import CTX, assert_lines_valid

EXTRACTORS = {
    "txt": extract_text,
    "md": extract_markdown,
    "html": extract_html,
    "json": extract_json,
    "jsonl": extract_jsonl,
    "ndjson": extract_ndjson,
    "csv": extract_csv,
    "tsv": extract_tsv,
    "eml": extract_eml,
    "mbox": extract_mbox,
    "ipynb": extract_ipynb,
}
SETTINGS = settings(max_examples=45, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Text with the characters that drive these parsers: markup, delimiters, quotes, newlines.
structured_text = st.text(
    alphabet=st.one_of(
        st.sampled_from(list("#*-_|`>[]()<>!&;,\t\n\r\"'{}:=~0123456789 ")),
        st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
    ),
    max_size=600,
)


def _extract(fmt: str, data: bytes):
    try:
        return EXTRACTORS[fmt](data, CTX)
    except ChunkscopeError:
        return None


@pytest.mark.parametrize("fmt", sorted(EXTRACTORS))
@SETTINGS
@given(data=st.binary(max_size=2048))
def test_arbitrary_bytes(fmt, data):
    doc = _extract(fmt, data)
    if doc is None:
        return
    assert_lines_valid(doc)
    again = EXTRACTORS[fmt](data, CTX)
    assert again.to_json() == doc.to_json()


@pytest.mark.parametrize("fmt", sorted(EXTRACTORS))
def test_empty_input_has_no_blocks(fmt):
    assert EXTRACTORS[fmt](b"", CTX).blocks == ()


@pytest.mark.parametrize("fmt", sorted(EXTRACTORS))
@SETTINGS
@given(text=structured_text)
@example(text="\ufeff")
@example(text="\ufeffa")
def test_text_input(fmt, text):
    data = text.encode("utf-8")
    doc = EXTRACTORS[fmt](data, CTX)
    assert_lines_valid(doc)
    # a leading U+FEFF, written in UTF-8, is the byte-order mark: the encoding's signature, not text
    if text.removeprefix("\ufeff").strip():
        assert any(b.text.strip() for b in doc.blocks), (fmt, text)
    assert all(b.text.strip() for b in doc.blocks)  # no blank block
    assert EXTRACTORS[fmt](data, CTX).to_json() == doc.to_json()
