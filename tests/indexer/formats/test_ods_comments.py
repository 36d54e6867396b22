"""An .ods cell's comment (``office:annotation`` in the cell, LibreOffice's Insert Comment) is not
read, as an .xlsx cell's is not, and is counted in the coverage as the .xlsx's are. The sheets
are built here."""

from __future__ import annotations

import pytest

from indexer import extract_bytes
from tests.indexer.formats.test_spreadsheet import _cell, _ods

NS_DC = 'xmlns:dc="http://purl.org/dc/elements/1.1/"'


def _commented(text: str, comment: str) -> str:
    return (
        '<table:table-cell office:value-type="string">'
        f"<office:annotation {NS_DC}><dc:creator>Ana</dc:creator><dc:date>2024-03-01T10:00:00</dc:date>"
        f"<text:p>{comment}</text:p></office:annotation><text:p>{text}</text:p></table:table-cell>"
    )


@pytest.mark.parametrize("manifest", [True, False], ids=["calamine", "streaming-reader"])
def test_cell_comments_are_left_out_and_counted(manifest):
    body = (
        '<table:table table:name="Stock"><table:table-row>'
        + _cell("Item")
        + _cell("Count")
        + "</table:table-row><table:table-row>"
        + _commented("Kettle", "recount on Monday")
        + _cell("4")
        + "</table:table-row><table:table-row>"
        + _cell("Toaster")
        + _commented("7", "two returned")
        + "</table:table-row></table:table>"
    )
    doc = extract_bytes(_ods(body, manifest=manifest), "stock.ods")
    (table,) = doc.blocks
    assert table.rows == (("Kettle", "4"), ("Toaster", "7"))
    comments = [s for s in doc.coverage.skipped if s.what == "comments"]
    assert [(s.name, s.reason.split(" (")[0], s.on_purpose) for s in comments] == [
        ("content.xml", "2 review comments not extracted", True)
    ]


def test_a_workbook_without_comments_lists_none():
    body = (
        '<table:table table:name="Stock"><table:table-row>'
        + _cell("Item")
        + "</table:table-row></table:table>"
    )
    doc = extract_bytes(_ods(body), "stock.ods")
    assert not [s for s in doc.coverage.skipped if s.what == "comments"]
