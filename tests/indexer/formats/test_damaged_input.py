"""Damaged inputs reduced from a fuzzing campaign: each once let a library's exception escape an
extractor or took time out of proportion to the file. Built here, from sample_corpus files or
from nothing, so they run without ../shared."""

from __future__ import annotations

import struct

import pytest

from indexer import errors
from indexer.formats import registry
from indexer.limits import ExtractContext
from tests.conftest import SAMPLE_CORPUS

from ._isolated import Isolated


def _run_extractor(data: bytes, filename: str):
    """The registered extractor itself, not the API (which turns any exception into PARSE_ERROR)."""
    registry.load_all()
    return registry.resolve(filename, data).func(data, ExtractContext(filename=filename))


def _central_directory_moved(data: bytes, by: int) -> bytes:
    """``data`` (a zip) with its end record stating the central directory ``by`` bytes further on
    than it lies: zipfile then places every member ``by`` bytes earlier, before the archive's start."""
    end = data.rfind(b"PK\x05\x06")
    (offset,) = struct.unpack_from("<I", data, end + 16)
    return data[: end + 16] + struct.pack("<I", offset + by) + data[end + 20 :]


@pytest.mark.parametrize(
    "relative",
    (
        "office/inspection_report.docx",
        "office/operations_review.pptx",
        "office/society_minutes.odt",
        "office/volunteers_briefing.odp",
        "spreadsheets/inventory.ods",
    ),
)
def test_zip_members_placed_before_the_archive_start_are_a_parse_error(relative):
    # zipfile seeks to a negative offset and raises ValueError, which escaped these extractors
    path = SAMPLE_CORPUS / relative
    data = _central_directory_moved(path.read_bytes(), 100_000)
    with pytest.raises(errors.ChunkscopeError) as caught:
        _run_extractor(data, path.name)
    assert caught.value.code == errors.PARSE_ERROR


def test_deep_quote_marks_under_a_piped_line_read_at_once():
    # A line with a pipe over a line of 40 quote marks: the search for a pipe table's delimiter
    # row tried each way of sharing the spaces between the quote marks (2^40) before failing.
    data = b"a | |\n" + b"> " * 40 + b"x\n"
    worker = Isolated(timeout=20)
    try:
        outcome = worker.run(data, "quotes.md")
    finally:
        worker.close()
    assert outcome.status == "ok", outcome
    assert outcome.chunks == 1


def test_a_page_of_list_items_nested_50000_deep_is_refused_at_once():
    # 400 KB of "<ul><li>", each level opened inside the one before: the HTML parser searches
    # its stack of open elements at each tag, which took past 30 s; the page is refused on a
    # count of its open elements before it is parsed
    data = b"<ul><li>" * 50_000
    worker = Isolated(timeout=10)
    try:
        outcome = worker.run(data, "deep.html")
    finally:
        worker.close()
    assert outcome.status == "PARSE_ERROR", outcome
    assert "nested too deeply" in outcome.detail


def test_a_mail_whose_html_body_nests_50000_deep_is_read_at_once():
    body = b"<ul><li>" * 50_000
    data = (
        b"From: a@example.org\r\nTo: b@example.org\r\nSubject: deep\r\nMIME-Version: 1.0\r\n"
        b"Content-Type: text/html; charset=utf-8\r\n\r\n" + body
    )
    worker = Isolated(timeout=10)
    try:
        outcome = worker.run(data, "deep.eml")
    finally:
        worker.close()
    assert outcome.status == "PARSE_ERROR", outcome  # as it was after 25 s, when the walk ran out of stack
    assert "nested too deeply" in outcome.detail


def test_real_pages_nest_far_less_deep_than_the_limit():
    from indexer.formats.html import MAX_NESTING, nesting_depth

    # a list item closes the one before it, a cell the one before it, a block an open paragraph;
    # the count starts again above each table, cell and the <html> element
    rows = "<table>" + "<tr><td><font>x<td><b>y" * 3_000 + "</table>"
    items = "<ul>" + "<li><p>a<p><span>b" * 3_000 + "</ul>"
    cells = "<table><tr><td><div>" * 3_000  # each table in a <div> in the cell of the one before
    assert nesting_depth(f"<html><body>{rows}</body></html>") == 1  # <body>, <tr> or <font>
    assert nesting_depth(f"<html><body>{items}</body></html>") == 5  # body ul li p span
    assert nesting_depth(cells) == 1  # a <tr> above each <table>, a <div> above each <td>
    assert nesting_depth("<div>" * (MAX_NESTING + 1)) > MAX_NESTING


def test_a_link_title_left_open_over_100000_lines_read_at_once():
    # The title opened by '"t' is never closed, so the link is text and the 100,001 lines one
    # paragraph; pulldown-cmark took time quadratic in the lines after the opening quote (20 s here)
    data = b'[S](u "t\n' + b"w\n" * 100_000
    worker = Isolated(timeout=10)
    try:
        outcome = worker.run(data, "title.md")
    finally:
        worker.close()
    assert outcome.status == "ok", outcome
    assert outcome.info["blocks"] == 1
