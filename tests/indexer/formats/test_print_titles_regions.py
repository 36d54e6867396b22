"""Print titles (the rows Excel repeats at the top of each printed page) head the table they
lead, whichever of the sheet's tables that is and over as many rows as they cover, in an .xlsx
(a ``_xlnm.Print_Titles`` defined name) and in an .xlsb (a BrtName record of its workbook part,
the built-in name ``Print_Titles`` local to a sheet)."""

from __future__ import annotations

import io
import struct
import zipfile

from openpyxl import Workbook

from indexer import extract_bytes
from indexer.formats import _xlsb

from ._zip import unzipped, zipped

#: a header row of the stores' numbers over figures: mostly numbers, as a row of data is (years in
#: order would tell a header by themselves)
STORES = [["Region", 101, 102], ["North", 1, 2], ["South", 3, 4]]


def xlsx(rows: list[list[object]], titles: str | None) -> bytes:
    wb = Workbook()
    ws = wb.active
    ws.title = "Sales"
    for row in rows:
        ws.append(row)
    if titles:
        ws.print_title_rows = titles
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def sales(data: bytes, name: str = "t.xlsx") -> list[tuple]:
    doc = extract_bytes(data, name)
    return [
        (b.kind, b.text) if b.kind == "paragraph" else (b.kind, b.header, b.rows, b.row_numbers)
        for b in doc.blocks
        if b.meta["sheet_name"] == "Sales"
    ]


def test_print_titles_over_two_rows_head_a_table_below_a_title_set_apart():
    # A title, a blank row, then the header over two rows (Sales over the years): the blank row
    # sets the title apart as a table of its own, and the print titles ($3:$4) headed only the
    # first one; the years row was a row of data under the header "Region | Sales | Sales"
    rows = [
        ["Quarterly report"],
        [],
        ["Region", "Sales", "Sales"],
        [None, 2022, 2023],
        ["North", 1, 2],
        ["South", 3, 4],
    ]
    assert sales(xlsx(rows, "3:4")) == [
        ("paragraph", "Quarterly report"),
        (
            "table",
            ("Region", "Sales / 2022", "Sales / 2023"),
            (("North", "1", "2"), ("South", "3", "4")),
            (5, 6),
        ),
    ]
    # without print titles the cells alone tell the header, its first row
    assert sales(xlsx(rows, None))[1][1:3] == (
        ("Region", "Sales", "Sales"),
        (("", "2022", "2023"), ("North", "1", "2"), ("South", "3", "4")),
    )


def test_print_titles_under_a_filter_line_head_the_table_and_the_line_is_its_title():
    # A pivot table's filter line of two cells over the header: it was taken for the header
    # (Date | (All) | Column 3) and the print titles' row ($3:$3, store numbers over figures) read as data
    rows = [["Date", "(All)"], [], *STORES]
    assert sales(xlsx(rows, "3:3")) == [
        ("paragraph", "Date | (All)"),
        ("table", ("Region", "101", "102"), (("North", "1", "2"), ("South", "3", "4")), (4, 5)),
    ]


def test_a_title_the_print_titles_repeat_over_the_header_stays_a_title():
    rows = [["Sales report"], [], ["Region", "Q1", "Q2"], ["North", 1, 2], ["South", 3, 4]]
    expected = [
        ("paragraph", "Sales report"),
        ("table", ("Region", "Q1", "Q2"), (("North", "1", "2"), ("South", "3", "4")), (4, 5)),
    ]
    assert sales(xlsx(rows, "1:3")) == sales(xlsx(rows, None)) == expected


def test_print_titles_leave_a_table_further_down_its_own_header():
    rows = [*STORES, [], ["Product", "Units", "Price"], ["bolt", 5, 6], ["nut", 7, 8]]
    assert sales(xlsx(rows, "1:1")) == [
        ("table", ("Region", "101", "102"), (("North", "1", "2"), ("South", "3", "4")), (2, 3)),
        ("table", ("Product", "Units", "Price"), (("bolt", "5", "6"), ("nut", "7", "8")), (6, 7)),
    ]


def test_print_titles_of_a_workbook_part_in_utf16_are_read():
    # XML allows UTF-16, python-calamine cannot open such a workbook and openpyxl reads it; the
    # search that tells whether the part names print titles looked for UTF-8 bytes alone
    parts = unzipped(xlsx(STORES, "1:1"))
    book = parts["xl/workbook.xml"].decode()
    book = book[book.index("<workbook") :]
    parts["xl/workbook.xml"] = ('<?xml version="1.0" encoding="UTF-16"?>' + book).encode("utf-16")
    assert sales(zipped(parts)) == [
        ("table", ("Region", "101", "102"), (("North", "1", "2"), ("South", "3", "4")), (2, 3)),
    ]


# -- .xlsb -------------------------------------------------------------------------------------


def _b12(kind: int, body: bytes) -> bytes:
    """One BIFF12 record: its type and size in seven bits a byte, then its data."""
    head = bytes([kind]) if kind < 0x80 else bytes([kind & 0x7F | 0x80, kind >> 7])
    size, out = len(body), bytearray()
    while True:
        out.append(size & 0x7F | (0x80 if size > 0x7F else 0))
        size >>= 7
        if not size:
            return head + bytes(out) + body


def _b12_parse(data: bytes):
    """``(type, data)`` of each BIFF12 record, read the way Excel's specification tells."""
    at = 0
    while at < len(data):
        kind = data[at]
        at += 1
        if kind & 0x80:
            kind, at = kind & 0x7F | (data[at] & 0x7F) << 7, at + 1
        size = shift = 0
        while True:
            byte, at = data[at], at + 1
            size |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                break
        yield kind, data[at : at + size]
        at += size


def _wide(text: str) -> bytes:
    return struct.pack("<I", len(text)) + text.encode("utf-16-le")


def _area(ixti: int, rows: tuple[int, int], cols: tuple[int, int]) -> bytes:
    """A PtgArea3d: 0-based first and last rows and columns of the sheet of ``ixti``."""
    return struct.pack("<BHIIHH", 0x3B, ixti, rows[0], rows[1], cols[0], cols[1])


def name_record(itab: int, rgce: bytes, name: str = "Print_Titles", flags: int = 0x20) -> bytes:
    """A BrtName: flags (0x20 built-in), keyboard shortcut, the sheet it is local to, its name,
    its formula's tokens without extra data, no comment."""
    body = struct.pack("<IBI", flags, 0, itab) + _wide(name)
    body += struct.pack("<I", len(rgce)) + rgce + struct.pack("<I", 0) + b"\xff\xff\xff\xff"
    return _b12(39, body)


def xlsb(tmp_path, names: list[bytes]) -> bytes:
    """Costs then Sales (its rows ``STORES``, 1-3), written by pyxlsbwriter, with the BrtName
    records ``names`` added after the ones it writes (its _FilterDatabase names)."""
    from pyxlsbwriter import XlsbWriter

    path = tmp_path / "titles.xlsb"
    with XlsbWriter(str(path)) as writer:
        writer.add_sheet("Costs")
        writer.write_sheet([["Year", 2022], ["Rent", 10], ["Power", 3]])
        writer.add_sheet("Sales")
        writer.write_sheet(STORES)
    parts = unzipped(path.read_bytes())
    book, kinds = b"", []
    for kind, body in _b12_parse(parts["xl/workbook.bin"]):
        if kind == 157:  # BrtCalcProp: the names come before it
            book += b"".join(names)
        book += _b12(kind, body)
        kinds.append(kind)
    assert kinds.count(39) == 2 and 157 in kinds  # the writer's two names, then BrtCalcProp
    parts["xl/workbook.bin"] = book
    return zipped(parts)


WHOLE_ROW = (0, 0x3FFF)


def test_xlsb_print_titles_head_the_sheet_s_table(tmp_path):
    # Sales!$1:$1 (ixti 1, the second sheet of the BrtExternSheet pyxlsbwriter writes): the
    # row of store numbers, mostly numbers, was read as data under Column 1 …; Costs keeps no header
    data = xlsb(tmp_path, [name_record(1, _area(1, (0, 0), WHOLE_ROW))])
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        assert _xlsb.xlsb_print_titles(zf) == {"Sales": (1, 1)}
    assert sales(data, "t.xlsb") == [
        ("table", ("Region", "101", "102"), (("North", "1", "2"), ("South", "3", "4")), (2, 3)),
    ]
    doc = extract_bytes(data, "t.xlsb")
    (costs,) = [b for b in doc.blocks if b.meta["sheet_name"] == "Costs"]
    assert costs.header == ("Column 1", "Column 2")


def test_xlsb_print_titles_of_columns_and_rows_read_their_rows(tmp_path):
    # Sales!$A:$A,Sales!$1:$2 as Excel writes a union: the columns' area, the rows', PtgUnion,
    # wrapped in a PtgMemFunc of their size
    union = _area(1, (0, 0xFFFFF), (0, 0)) + _area(1, (0, 1), WHOLE_ROW) + b"\x10"
    data = xlsb(tmp_path, [name_record(1, b"\x29" + struct.pack("<H", len(union)) + union)])
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        assert _xlsb.xlsb_print_titles(zf) == {"Sales": (1, 2)}


def test_xlsb_names_that_are_not_print_titles_are_left(tmp_path):
    rows = _area(1, (0, 0), WHOLE_ROW)
    data = xlsb(
        tmp_path,
        [
            name_record(1, rows, name="Print_Titles", flags=0),  # a name of the user's, not the built-in
            name_record(1, rows, name="Print_Area"),
            name_record(0xFFFFFFFF, rows),  # not local to a sheet
            name_record(0, _area(0, (0, 0xFFFFF), (0, 0))),  # columns alone
            name_record(0, b"\x1e\x05\x00"),  # a number, not a range
        ],
    )
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        assert _xlsb.xlsb_print_titles(zf) == {}
    assert sales(data, "t.xlsb")[0][1] == ("Column 1", "Column 2", "Column 3")
