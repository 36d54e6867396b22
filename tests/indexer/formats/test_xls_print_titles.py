"""A legacy .xls's print titles (the built-in name Print_Titles, a NAME record of the workbook
globals local to a sheet) head the table they lead, as an .xlsx's and an .xlsb's do. xlwt
writes no names: the record is added to the globals of the workbook it writes."""

from __future__ import annotations

import io
import struct

import xlwt
from xlwt.CompoundDoc import XlsDoc

from indexer import extract_bytes
from indexer.formats._xls import xls_cells

#: a title set apart by a blank row, then a header over two rows (Sales over the years)
REPORT = [
    ["Sales by year"],
    [],
    ["Region", "Sales", "Sales"],
    [None, 2023, 2024],
    ["North", 5, 6],
    ["South", 7, 8],
]
_BOUNDSHEET, _SST, _EXTSST, _EOF = 0x0085, 0x00FC, 0x00FF, 0x000A


def name_record(itab: int, rgce: bytes, key: bytes = b"\x07", flags: int = 0x20) -> bytes:
    """A BIFF8 NAME record: flags (0x20 built-in), no shortcut, a name of one character (7 is
    Print_Titles), the formula's size, the sheet it is local to (1-based), no texts after the
    formula; the name one byte a character, then the formula's tokens."""
    body = struct.pack("<HBBHHHBBBB", flags, 0, len(key), len(rgce), 0, itab, 0, 0, 0, 0)
    body += b"\x00" + key + rgce
    return struct.pack("<HH", 0x0018, len(body)) + body


def area(rows: tuple[int, int], cols: tuple[int, int] = (0, 0xFF), ixti: int = 1) -> bytes:
    """A PtgArea3d: the 0-based first and last rows and columns of the sheet of ``ixti``."""
    return struct.pack("<BHHHHH", 0x3B, ixti, rows[0], rows[1], cols[0], cols[1])


def xls(names: list[bytes]) -> bytes:
    """Costs (whose B1 refers to Sales, so that xlwt writes the sheet references a name's area
    points into) then Sales (``REPORT``), the NAME records ``names`` put before the shared
    strings; the stream offsets after them (each sheet's in its BOUNDSHEET, the shared strings'
    buckets in EXTSST) moved on by their size."""
    wb = xlwt.Workbook()
    costs = wb.add_sheet("Costs")
    sales = wb.add_sheet("Sales")
    costs.write(0, 0, "Rent")
    costs.write(0, 1, xlwt.Formula("Sales!B5"))
    for r, row in enumerate(REPORT):
        for c, value in enumerate(row):
            if value is not None:
                sales.write(r, c, value)
    stream = bytearray(wb.get_biff_data())
    added = b"".join(names)
    at, sst = 0, None
    while True:
        kind, size = struct.unpack_from("<HH", stream, at)
        if kind == _BOUNDSHEET:
            struct.pack_into("<I", stream, at + 4, struct.unpack_from("<I", stream, at + 4)[0] + len(added))
        elif kind == _SST:
            sst = at
        elif kind == _EXTSST:
            for bucket in range(at + 6, at + 4 + size, 8):
                moved = struct.unpack_from("<I", stream, bucket)[0] + len(added)
                struct.pack_into("<I", stream, bucket, moved)
        elif kind == _EOF:
            break
        at += 4 + size
    assert sst is not None
    out = io.BytesIO()
    XlsDoc().save(out, bytes(stream[:sst]) + added + bytes(stream[sst:]))
    return out.getvalue()


def sales(data: bytes) -> list[tuple]:
    doc = extract_bytes(data, "report.xls")
    return [
        (b.kind, b.text) if b.kind == "paragraph" else (b.kind, b.header, b.rows, b.row_numbers)
        for b in doc.blocks
        if b.meta["sheet_name"] == "Sales"
    ]


def test_xls_print_titles_over_two_rows_head_the_table_they_lead():
    # Sales!$3:$4 (the second sheet): the years row was a row of data under Region | Sales | Sales
    data = xls([name_record(2, area((2, 3)))])
    assert sales(data) == [
        ("paragraph", "Sales by year"),
        (
            "table",
            ("Region", "Sales / 2023", "Sales / 2024"),
            (("North", "5", "6"), ("South", "7", "8")),
            (5, 6),
        ),
    ]
    assert xls_cells(data).title_rows == {"Sales": (3, 4)}
    # without them the cells alone tell the header, its first row
    assert sales(xls([]))[1][1:3] == (
        ("Region", "Sales", "Sales"),
        (("", "2023", "2024"), ("North", "5", "6"), ("South", "7", "8")),
    )


def test_xls_print_titles_of_columns_and_rows_read_their_rows():
    # $A:$A,$3:$4 as Excel writes it: a PtgMemFunc of its size, the two areas, a PtgUnion
    union = area((0, 0xFFFF), (0, 0)) + area((2, 3)) + b"\x10"
    data = xls([name_record(2, b"\x29" + struct.pack("<H", len(union)) + union)])
    assert xls_cells(data).title_rows == {"Sales": (3, 4)}


def test_xls_names_that_are_not_print_titles_are_left():
    data = xls(
        [
            name_record(2, area((2, 3)), key=b"\x06"),  # Print_Area, the built-in name 6
            name_record(0, area((2, 3))),  # a workbook-wide name, no sheet's
            name_record(2, area((2, 3)), key=b"Titles", flags=0),  # a name of the user's
            name_record(2, area((2, 3), (0, 2))),  # an area of cells, not whole rows
        ]
    )
    assert xls_cells(data).title_rows == {}
    assert sales(data)[1][1] == ("Region", "Sales", "Sales")
