"""HTML: the document properties a page declares in its <head> go into Document.metadata."""

from __future__ import annotations

import indexer
from indexer.formats.html import extract_html

from ._text_helpers import CTX

FULL = """<!DOCTYPE html><html lang="fr-CA"><head>
<base href="https://example.org/guides/">
<title>
  Tide   pools &amp; rocks
</title>
<meta name="Author" content="  Ana  Silva ">
<meta name="description" content="Where to look at low tide.">
<meta name="keywords" content="tides, rock pools ,, anemones">
<meta property="og:title" content="Shared title">
<meta property="og:description" content="Shared description">
<link rel="stylesheet" href="a.css">
<link rel="Canonical" href="pools.html?ref=1">
</head><body><p>Body text.</p></body></html>"""


def test_head_properties_under_the_keys_other_formats_use():
    doc = extract_html(FULL.encode(), CTX)
    assert dict(doc.metadata) == {
        "source_type": "html",
        "title": "Tide pools & rocks",  # whitespace collapsed, entity decoded
        "author": "Ana Silva",
        "language": "fr-CA",
        "description": "Where to look at low tide.",  # the page's own, not og:description
        "keywords": ["tides", "rock pools", "anemones"],  # comma-separated, empty ones dropped
        "url": "https://example.org/guides/pools.html?ref=1",  # resolved against <base href>
    }
    assert doc.text == "Body text."  # the <head> still gives no text


def test_open_graph_and_content_language_stand_in_for_missing_tags():
    page = (
        b'<html><head><meta property="og:title" content="Harbour walk">'
        b'<meta property="og:description" content="Two hours along the quay.">'
        b'<meta property="og:url" content="https://example.org/walk">'
        b'<meta property="og:locale" content="en_GB">'
        b"</head><body><p>Start at the lighthouse.</p></body></html>"
    )
    assert dict(extract_html(page, CTX).metadata) == {
        "source_type": "html",
        "title": "Harbour walk",
        "language": "en-GB",  # og:locale written with a hyphen, as lang is
        "description": "Two hours along the quay.",
        "url": "https://example.org/walk",
    }
    page = page.replace(b"<html>", b'<html><meta http-equiv="Content-Language" content="de, en">')
    assert extract_html(page, CTX).metadata["language"] == "de"  # before og:locale


def test_absent_empty_and_unusable_properties_are_left_out():
    page = (
        b'<html lang=""><head><title>  </title><meta property="og:title" content="Kept">'
        b'<meta name="author" content=""><meta name="keywords" content=" , ">'
        b'<link rel="canonical" href="/relative/page"><meta property="og:url" content="http://[bad">'
        b"</head><body><p>Text.</p></body></html>"
    )
    # an empty <title> gives way to og:title; a relative or malformed address is no address
    assert dict(extract_html(page, CTX).metadata) == {"source_type": "html", "title": "Kept"}
    bare = extract_html(b"<p>No head at all.</p>", CTX)
    assert dict(bare.metadata) == {"source_type": "html"}


def test_chunks_carry_the_page_properties():
    chunks = indexer.get_chunks(FULL.encode(), filename="page.html")
    assert chunks[0]["metadata"]["document_metadata"]["title"] == "Tide pools & rocks"
    assert chunks[0]["metadata"]["document_metadata"]["url"] == "https://example.org/guides/pools.html?ref=1"


def test_real_wiki_page_properties(real_world):
    doc = indexer.extract(real_world / "html" / "kreuzberg" / "israel_hebrew.html")
    # <title>, <html lang="he" dir="rtl"> and <link rel="canonical"> of the saved page
    assert dict(doc.metadata) == {
        "source_type": "html",
        "title": "ישראל – ויקיפדיה",
        "language": "he",
        "url": "https://he.wikipedia.org/wiki/%D7%99%D7%A9%D7%A8%D7%90%D7%9C",
    }
    doc = indexer.extract(real_world / "html" / "JSONTestSuite_parsing.html")
    assert dict(doc.metadata) == {"source_type": "html", "title": "JSON Parsing Tests"}  # no lang, no link
