"""An .ods time cell of a day or more (a duration: hours worked, a race time): calamine gives it
as the text of its ISO 8601 value, so the cell read ``PT26H03M04S`` where LibreOffice shows
26:03:04, and an .xlsx cell of ``[h]:mm:ss`` reads ``26:03:04``. It now reads as hours, minutes and
seconds. The sheets are built here; each expected value is worked out from the cell's
``office:time-value`` (26 h 3 min 4 s; 1 day 2 h is 26 h)."""

from __future__ import annotations

import pytest

from indexer import extract_bytes
from tests.indexer.formats.test_spreadsheet import _cell, _ods


def _time(value: str, shown: str) -> str:
    return (
        f'<table:table-cell office:value-type="time" office:time-value="{value}">'
        f"<text:p>{shown}</text:p></table:table-cell>"
    )


def _rows(doc) -> tuple[tuple[str, ...], ...]:
    (table,) = doc.blocks
    return table.rows


def _sheet(*rows: tuple[str, str, str]) -> bytes:
    body = (
        '<table:table table:name="Log"><table:table-row>'
        + _cell("Task")
        + _cell("Time")
        + "</table:table-row>"
    )
    for task, value, shown in rows:
        body += "<table:table-row>" + _cell(task) + _time(value, shown) + "</table:table-row>"
    return _ods(body + "</table:table>")


@pytest.mark.parametrize(
    ("value", "shown", "expected"),
    [
        ("PT26H03M04S", "26:03:04", "26:03:04"),
        ("P1DT02H00M00S", "26:00:00", "26:00:00"),  # a day written as days
        ("-PT01H30M00S", "-01:30:00", "-1:30:00"),  # below zero: the minus first
        ("PT23H59M59S", "23:59:59", "23:59:59"),  # under a day: a time of day, as before
    ],
)
def test_a_duration_reads_as_hours_minutes_and_seconds(value, shown, expected):
    doc = extract_bytes(_sheet(("Survey", value, shown)), "t.ods")
    assert _rows(doc) == (("Survey", expected),)


def test_text_that_looks_like_a_duration_stays_text():
    # a string cell holding the same letters is no time cell: it keeps its text
    data = _ods(
        '<table:table table:name="Log"><table:table-row>'
        + _cell("Code")
        + _cell("Time")
        + "</table:table-row><table:table-row>"
        + _cell("PT26H03M04S")
        + _time("PT26H03M04S", "26:03:04")
        + "</table:table-row></table:table>"
    )
    assert _rows(extract_bytes(data, "t.ods")) == (("PT26H03M04S", "26:03:04"),)
