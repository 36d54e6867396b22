"""A sheet the workbook part lists without a relationship id, or under an id its relationships
lack, has no part to read: it is listed as skipped with that said, and the other sheets are read
in their places."""

from __future__ import annotations

import re
import struct

import pytest

from indexer import extract_bytes

from ._zip import unzipped, zipped
from .test_print_titles_regions import _b12, _b12_parse
from .test_spreadsheet_sheet_kinds import three_sheets

NO_ID = "its part is not named in the workbook's relationships (it gives no relationship id)"
BAD_ID = (
    "its part is not named in the workbook's relationships (its relationship id 'rId99' is not among them)"
)


def _second_sheet_id(parts: dict[str, bytes], rid: str | None) -> None:
    """Second's ``r:id`` in the workbook part taken off (``rid`` None) or set to ``rid``."""
    book = parts["xl/workbook.xml"].decode()
    entry = re.search(r'<sheet [^>]*name="Second"[^>]*/>', book)
    assert entry is not None
    edited = re.sub(r' r:id="rId2"', "" if rid is None else f' r:id="{rid}"', entry[0])
    assert edited != entry[0]
    parts["xl/workbook.xml"] = book.replace(entry[0], edited).encode()


def _read(data: bytes, name: str):
    doc = extract_bytes(data, name)
    tables = [(b.meta["sheet_name"], b.meta["sheet_index"], b.rows) for b in doc.blocks if b.kind == "table"]
    return doc, tables


@pytest.mark.parametrize(("rid", "reason"), [(None, NO_ID), ("rId99", BAD_ID)])
def test_an_xlsx_sheet_without_its_relationship_is_skipped_with_why(rid, reason):
    parts = three_sheets()
    _second_sheet_id(parts, rid)
    doc, tables = _read(zipped(parts), "t.xlsx")
    # an unknown id lost the whole workbook (openpyxl's KeyError); no id read "KeyError: 'Second'"
    assert tables == [("First", 0, (("1", "2"),)), ("Third", 2, (("3", "4"),))]
    (entry,) = doc.coverage.skipped
    assert (entry.what, entry.name, entry.reason) == ("sheet", "Second", reason)
    assert doc.metadata["skipped_sheets"] == ["Second"]
    assert f"sheet 'Second' was not read: {reason}" in doc.coverage.warnings


@pytest.mark.parametrize(("rid", "reason"), [(None, NO_ID), ("rId99", BAD_ID)])
def test_an_xlsb_sheet_without_its_relationship_is_skipped_with_why(tmp_path, rid, reason):
    from pyxlsbwriter import XlsbWriter

    path = tmp_path / "three.xlsb"
    with XlsbWriter(str(path)) as writer:
        for name, first in (("First", 1), ("Second", 5), ("Third", 3)):
            writer.add_sheet(name)
            writer.write_sheet([["a", "b"], [first, first + 1]])
    parts = unzipped(path.read_bytes())
    book, edited = b"", 0
    for kind, body in _b12_parse(parts["xl/workbook.bin"]):
        # a BrtBundleSh: state and sheet id (8 bytes), then its relationship id, then its name
        if kind == 156 and body[8:20] == struct.pack("<I", 4) + "rId2".encode("utf-16-le"):
            given = (
                b"\xff\xff\xff\xff" if rid is None else struct.pack("<I", len(rid)) + rid.encode("utf-16-le")
            )
            body = body[:8] + given + body[20:]
            edited += 1
        book += _b12(kind, body)
    assert edited == 1
    parts["xl/workbook.bin"] = book
    doc, tables = _read(zipped(parts), "t.xlsb")
    # python-calamine left a sheet without an id out of its list, mentioned nowhere, Third taking
    # its sheet_index, and panicked on an unknown one: the workbook was a parse error
    assert tables == [("First", 0, (("1", "2"),)), ("Third", 2, (("3", "4"),))]
    (entry,) = doc.coverage.skipped
    assert (entry.what, entry.name, entry.reason) == ("sheet", "Second", reason)
