"""RTF: the sample letter (written by bench/make_sample_office.py) and real-world files read by
hand."""

from __future__ import annotations

import pytest

from indexer import errors, extract_bytes, get_chunks
from indexer.api import extract


def test_sample_letter(sample_corpus):
    doc = extract(sample_corpus / "office" / "tenancy_renewal.rtf")
    # {\info{\title Tenancy Renewal Notice}{\author Caf\'e9 Property Lettings}}, cp1252.
    assert doc.metadata == {
        "source_type": "rtf",
        "title": "Tenancy Renewal Notice",
        "author": "Café Property Lettings",
    }
    kinds = [b.kind for b in doc.blocks]
    assert kinds == ["paragraph"] * 3 + ["list", "table"] + ["paragraph"] * 3
    assert [(i.text, i.ordered) for i in doc.blocks[3].items] == [
        ("Term of twelve months from 1 July 2024", True),
        ("Rent of £950 per month, payable on the 1st", True),
        ("Deposit unchanged", True),
    ]
    table = doc.blocks[4]
    # The last row's first cell holds two paragraphs ("Deposit\par held by the scheme"): one cell.
    assert table.header == ("Item", "Amount")
    assert table.rows == (("Monthly rent", "£950"), ("Deposit held by the scheme", "£1,100"))
    chunks = get_chunks(sample_corpus / "office" / "tenancy_renewal.rtf")
    assert chunks[0]["metadata"]["document_metadata"]["author"] == "Café Property Lettings"


def test_real_world_tables_fragment_and_pictures(real_world):
    rtf = real_world / "rtf"
    # tables.rtf is a fragment of groups without the {\rtf1 header; its first table is
    # Right | Left | Center | Default, then rows 12 / 123 / 1.
    tables = extract(rtf / "kreuzberg" / "tables.rtf")
    first = next(b for b in tables.blocks if b.kind == "table")
    assert first.header == ("Right", "Left", "Center", "Default")
    assert first.rows[:2] == (("12", "12", "12", "12"), ("123", "123", "123", "123"))
    # word_sample.rtf: one embedded PNG (a duckling), counted as skipped, and its caption kept.
    sample = extract(rtf / "kreuzberg" / "word_sample.rtf")
    assert sample.metadata["author"] == "Christoph Auer"
    assert [s.what for s in sample.coverage.skipped] == ["image"]
    assert "Figure 1: This is a cute duckling" in sample.text
    food = next(b for b in sample.blocks if b.kind == "table")
    assert food.rows[0] == ("Leaves", "Ash, Elm, Maple", "50")
    # japanese.rtf: Unicode escapes decode to Japanese text.
    assert "オープンソース" in extract(rtf / "RtfPipe" / "japanese.rtf").text


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"Just some words, not RTF at all", errors.PARSE_ERROR),
        (b"{\\rtf1\\ansi {\\fonttbl{\\f0 Arial;}} }", errors.EMPTY_EXTRACTION),
        (b"{\\rtf1 {\\pict\\pngblip 89504e47}}", errors.EMPTY_EXTRACTION),
    ],
    ids=["not-rtf", "no-text", "picture-only"],
)
def test_unreadable_documents_raise_documented_codes(data, code):
    with pytest.raises(errors.ChunkscopeError) as info:
        extract_bytes(data, "t.rtf")
    assert info.value.code == code


def test_unbalanced_groups_do_not_hang():
    doc = extract_bytes(b"{\\rtf1 Hello {\\b world" + b"{" * 5000, "t.rtf")
    assert "Hello" in doc.text
