"""The records of an .xlsb (BIFF12) workbook that python-calamine reads otherwise: the sheet
parts and the date system named by ``xl/workbook.bin``, the number formats of the cell styles of
``xl/styles.bin``, and, in a sheet part, the error cells (which it reads as empty), the numbers
of cells whose format shows them otherwise than plainly, and the cells of a date format it reads
as numbers. A byte-level reader of BIFF12 records of its own, apart from the extractor, which
only applies what it finds to the rows.
"""

from __future__ import annotations

import re
import struct
import zipfile
from collections.abc import Iterator
from typing import Any

from . import _ooxml
from ._cells import (
    _UNSEEN,
    CellError,
    SheetErrors,
    SheetShown,
    ShownCache,
    _cell_format,
    _rels,
    shown_value,
    unlinked_reason,
)
from ._numfmt import DateFormat, NumberFormat
from ._xls import _BIFF_CODES, _BIFF_ERRORS, BIFF12_AREA, _rk, title_rows

# -- number formats and error cells of an .xlsb ----------------------------------------------------

#: BIFF12 record types: a row's header, the cells holding a number (an RK number, a double, a
#: formula's cached double) or an error (a value, a formula's cached one), a number format, a cell
#: style (XF) and the bounds of the cell styles, a sheet of the workbook, the workbook's properties
_B12_ROW, _B12_RK, _B12_ERROR, _B12_REAL, _B12_FMLA_NUM, _B12_FMLA_ERROR = 0, 2, 3, 5, 9, 11
_B12_FMT, _B12_XF, _B12_CELL_XFS, _B12_CELL_XFS_END, _B12_SHEET = 44, 47, 617, 618, 156
_B12_WB_PROP = 153
#: the cell records holding a number
_B12_NUMBERS = frozenset((_B12_RK, _B12_REAL, _B12_FMLA_NUM))
#: a cell record's column and style
_B12_CELL_AT = struct.Struct("<II").unpack_from
#: a cell's column (below 16,384) and style, then its flags (a bit, and seven reserved)
_B12_CELL = rb".[\x00-\x3f]\x00\x00...[\x00\x01]"
#: what an error cell looks like in a sheet part (a BrtCellError of 9 bytes, or a BrtFmlaError
#: of 19 or more), found by searches before any record is walked; not right after the header of
#: a row (type 0, its size), whose row number (2307 is 03 09 00 00) and style would pass for one
_XLSB_ERROR_CELLS = (
    re.compile(rb"\x03\x09(?<!\x00[\x11-\x7f]..)" + _B12_CELL + _BIFF_CODES, re.S),
    re.compile(
        rb"\x0b(?<!\x00[\x11-\x7f].)(?:[\x13-\x7f]|[\x80-\xff]{1,2}[\x00-\x7f])" + _B12_CELL + _BIFF_CODES,
        re.S,
    ),
)


def _b12_records(data: bytes) -> Iterator[tuple[int, int, int]]:
    """``(record type, start, end of its data)`` of each BIFF12 record of ``data`` (a type of one
    or two bytes, a size of one to four, seven bits a byte), up to one that breaks off."""
    at, end = 0, len(data)
    while at < end:
        kind = data[at]
        at += 1
        if kind & 0x80:
            if at >= end:
                return
            kind = (kind & 0x7F) | (data[at] & 0x7F) << 7
            at += 1
        size = shift = 0
        while at < end and shift < 28:
            byte = data[at]
            at += 1
            size |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                break
        if at + size > end:
            return
        yield kind, at, at + size
        at += size


def xlsb_styles(zf: zipfile.ZipFile, *, base_1904: bool = False) -> dict[int, NumberFormat | DateFormat]:
    """Cell style (XF index) → number format, for the cell styles of ``xl/styles.bin`` whose
    format shows a number otherwise than plainly (as :func:`number_styles` for the xlsx family)
    or as a date, a time or elapsed time (``base_1904``: the workbook's date system, see
    :func:`xlsb_1904`): its BrtFmt records give the custom codes, the BrtXF records between
    BrtBeginCellXFs and BrtEndCellXFs the cell styles."""
    if "xl/styles.bin" not in zf.NameToInfo:
        return {}
    data = _ooxml.read(zf, "xl/styles.bin", "workbook")
    codes: dict[int, str] = {}
    xf_formats: list[int] = []
    cell_xfs = False
    for kind, start, stop in _b12_records(data):
        if kind == _B12_FMT and stop - start >= 6:
            count = int.from_bytes(data[start + 2 : start + 6], "little")
            text = data[start + 6 : min(stop, start + 6 + 2 * count)]
            codes[int.from_bytes(data[start : start + 2], "little")] = text.decode("utf-16-le", "replace")
        elif kind == _B12_CELL_XFS:
            cell_xfs = True
        elif kind == _B12_CELL_XFS_END:
            cell_xfs = False
        elif kind == _B12_XF and cell_xfs and stop - start >= 4:
            xf_formats.append(int.from_bytes(data[start + 2 : start + 4], "little"))
    formats: dict[int, NumberFormat | DateFormat | None] = {}
    out: dict[int, NumberFormat | DateFormat] = {}
    for i, number in enumerate(xf_formats):
        if number not in formats:  # a workbook may redefine a built-in id
            formats[number] = _cell_format(codes.get(number), number, base_1904)
        shown = formats[number]
        if shown is not None:
            out[i] = shown
    return out


def xlsb_1904(zf: zipfile.ZipFile) -> bool:
    """Whether the workbook counts its dates from 1904 (the f1904 flag of the BrtWbProp record
    of ``xl/workbook.bin``)."""
    if "xl/workbook.bin" not in zf.NameToInfo:
        return False
    data = _ooxml.read(zf, "xl/workbook.bin", "workbook")
    for kind, start, stop in _b12_records(data):
        if kind == _B12_WB_PROP:
            return stop > start and bool(data[start] & 1)
    return False


def _bundle_sheets(zf: zipfile.ZipFile) -> Iterator[tuple[str, str]]:
    """(relationship id, name) of each BrtBundleSh record of ``xl/workbook.bin``, in its order;
    the id empty where the record holds a null string."""
    data = _ooxml.read(zf, "xl/workbook.bin", "workbook")
    for kind, start, stop in _b12_records(data):
        if kind != _B12_SHEET or stop - start < 16:
            continue
        at = start + 8
        count = int.from_bytes(data[at : at + 4], "little")
        rid = "" if count == 0xFFFFFFFF else data[at + 4 : at + 4 + 2 * count].decode("utf-16-le", "replace")
        at += 4 if count == 0xFFFFFFFF else 4 + 2 * count
        count = int.from_bytes(data[at : at + 4], "little")
        yield rid, data[at + 4 : min(stop, at + 4 + 2 * count)].decode("utf-16-le", "replace")


def xlsb_sheet_parts(zf: zipfile.ZipFile) -> dict[str, str]:
    """Sheet name → its part, for the worksheets and chart sheets (whose charts are XML parts an
    .xlsx's reader reads), from the BrtBundleSh records of ``xl/workbook.bin`` (relationship id,
    then name) and the workbook's relationships."""
    if "xl/workbook.bin" not in zf.NameToInfo:
        return {}
    rels = _rels(zf, "xl/workbook.bin")
    out: dict[str, str] = {}
    for rid, name in _bundle_sheets(zf):
        target = rels.get(rid)
        if target is not None and target[0] in ("worksheet", "chartsheet"):
            out[name] = target[1]
    return out


def xlsb_sheet_names(zf: zipfile.ZipFile) -> list[str]:
    """The names of the sheets ``xl/workbook.bin`` lists (BrtBundleSh records), in its order: the
    workbook's tabs, every kind counted."""
    if "xl/workbook.bin" not in zf.NameToInfo:
        return []
    return [name for _, name in _bundle_sheets(zf)]


def xlsb_unlinked_sheets(zf: zipfile.ZipFile) -> dict[str, str]:
    """Sheet name → why it has no part, for each sheet ``xl/workbook.bin`` lists whose
    relationship id is null or names no relationship of the workbook (see
    :func:`indexer.formats.spreadsheet.unlinked_sheets`)."""
    if "xl/workbook.bin" not in zf.NameToInfo:
        return {}
    rels = _rels(zf, "xl/workbook.bin")
    return {name: unlinked_reason(rid) for rid, name in _bundle_sheets(zf) if rid not in rels}


def _b12_header(kind: int, size: int) -> bytes:
    """A BIFF12 record's header: its type in one or two bytes, its size seven bits a byte."""
    out = bytearray([kind] if kind < 0x80 else [kind & 0x7F | 0x80, kind >> 7])
    while True:
        out.append(size & 0x7F | (0x80 if size > 0x7F else 0))
        size >>= 7
        if not size:
            return bytes(out)


def xlsb_null_unknown_ids(zf: zipfile.ZipFile) -> bytes | None:
    """``xl/workbook.bin`` with a null relationship id in each BrtBundleSh whose id names no
    relationship of the workbook, the records otherwise as they were; None when there is none.
    python-calamine panics on such an id, losing the whole workbook, and leaves a sheet with a
    null one out of its list, whose others it reads."""
    data = _ooxml.read(zf, "xl/workbook.bin", "workbook")
    rels = _rels(zf, "xl/workbook.bin")
    out = bytearray()
    done = head = 0  # bytes copied so far; where the header of the record at hand starts
    for kind, start, stop in _b12_records(data):
        record_head, head = head, stop
        if kind != _B12_SHEET or stop - start < 16:
            continue
        at = start + 8
        count = int.from_bytes(data[at : at + 4], "little")
        end = at + 4 + 2 * count
        if count == 0xFFFFFFFF or end > stop or data[at + 4 : end].decode("utf-16-le", "replace") in rels:
            continue
        body = data[start:at] + b"\xff\xff\xff\xff" + data[end:stop]
        out += data[done:record_head] + _b12_header(kind, len(body)) + body
        done = stop
    return None if not done else bytes(out + data[done:])


#: a defined name (BrtName), whose print titles formula :func:`._xls.title_rows` reads
_B12_NAME = 39
#: the last column of a sheet (whole rows span columns 0 to it) and a name's flag of a built-in
_B12_LAST_COL = 0x3FFF
_B12_BUILTIN = 0x20


def _wide(data: bytes, at: int, stop: int) -> tuple[str, int]:
    """A length-prefixed UTF-16 string of ``data`` at ``at`` and where it ends (an empty one for
    a null string, 0xFFFFFFFF characters)."""
    count = int.from_bytes(data[at : at + 4], "little")
    if count == 0xFFFFFFFF:
        return "", at + 4
    end = min(stop, at + 4 + 2 * count)
    return data[at + 4 : end].decode("utf-16-le", "replace"), end


def xlsb_print_titles(zf: zipfile.ZipFile) -> dict[str, tuple[int, int]]:
    """Sheet name → the first and last 1-based rows its print titles repeat at the top of each
    printed page, from the BrtName records of ``xl/workbook.bin``: the built-in name
    ``Print_Titles`` (stored without the ``_xlnm.`` an .xlsx writes) local to the sheet at
    ``itab``, its place among the BrtBundleSh records, whose formula is an area of whole rows
    (columns 0 to 16,383), after or before the columns to repeat, an area of whole columns."""
    if "xl/workbook.bin" not in zf.NameToInfo:
        return {}
    data = _ooxml.read(zf, "xl/workbook.bin", "workbook")
    if "Print_Titles".encode("utf-16-le") not in data:
        return {}
    sheets: list[str] = []
    found: dict[int, tuple[int, int]] = {}
    for kind, start, stop in _b12_records(data):
        if kind == _B12_SHEET and stop - start >= 16:
            _, at = _wide(data, start + 8, stop)
            sheets.append(_wide(data, at, stop)[0])
        elif kind == _B12_NAME and stop - start >= 13:
            flags = int.from_bytes(data[start : start + 4], "little")
            itab = int.from_bytes(data[start + 5 : start + 9], "little")
            name, at = _wide(data, start + 9, stop)
            if name not in ("Print_Titles", "_xlnm.Print_Titles") or (
                name == "Print_Titles" and not flags & _B12_BUILTIN
            ):
                continue
            size = int.from_bytes(data[at : at + 4], "little")
            rows = title_rows(data[at + 4 : min(stop, at + 4 + size)], BIFF12_AREA, _B12_LAST_COL)
            if rows is not None and itab != 0xFFFFFFFF:
                found[itab] = rows
    return {sheets[i]: rows for i, rows in found.items() if i < len(sheets)}


def xlsb_cells(
    zf: zipfile.ZipFile,
    part: str,
    styles: dict[int, NumberFormat | DateFormat],
    cache: ShownCache,
) -> tuple[SheetErrors, SheetShown]:
    """The error values (``#DIV/0!``) and formatted numbers (``25%``; ``styles`` from
    :func:`xlsb_styles`) of the cells of an .xlsb sheet part, which calamine reads as empty and
    as plain numbers; and the dates, times and durations of its cells of a date or time format,
    which it reads as numbers when stored as an RK integer (how Excel stores a whole day) or when
    it does not know the format as one of dates (``mmm yyyy``). Searches of the part find whether it holds either; only then are its
    records walked (a cell record gives its column and style, the row header before it its
    row)."""
    data = _ooxml.read(zf, part, "worksheet")
    want_errors = any(search.search(data) for search in _XLSB_ERROR_CELLS)
    want_numbers = False
    if styles:
        xfs = b"|".join(re.escape(i.to_bytes(3, "little")) for i in sorted(styles) if i < 1 << 24)
        styled = rb".[\x00-\x3f]\x00\x00(?:" + xfs + rb")[\x00\x01]"
        # a BrtCellRk, BrtCellReal or BrtFmlaNum (of 26 bytes or more) of one of the styles, a
        # search each: a literal start lets it run through the part at full speed
        heads = (rb"\x02\x0c", rb"\x05\x10", rb"\x09(?:[\x1a-\x7f]|[\x80-\xff]{1,2}[\x00-\x7f])")
        want_numbers = any(re.search(head + styled, data, re.S) for head in heads)
    errors: SheetErrors = {}
    numbers: SheetShown = {}
    if not (want_errors or want_numbers):
        return errors, numbers
    unpack = struct.unpack_from
    cell_at = _B12_CELL_AT
    kinds = _B12_NUMBERS if want_numbers else frozenset()
    row = 0
    line: dict[int, Any] | None = None  # the shown cells of the row, made on its first one
    for kind, start, stop in _b12_records(data):
        if kind in kinds:
            if stop - start < 12:
                continue
            col, xf = cell_at(data, start)
            xf &= 0xFFFFFF
            shown = styles.get(xf)
            if shown is None:
                continue
            if kind == _B12_RK:
                number = _rk(unpack("<I", data, start + 8)[0])
            elif stop - start >= 16:
                number = unpack("<d", data, start + 8)[0]
            else:
                continue
            value = cache.get((number, xf), _UNSEEN)  # the look-up first: most values recur
            if value is _UNSEEN:
                value = shown_value(number, xf, shown, cache)
            if value is not None:
                if line is None:
                    line = numbers.setdefault(row, {})
                line[col] = value
        elif kind == _B12_ROW:
            if stop - start >= 4:
                row = unpack("<I", data, start)[0]
                line = None
        elif kind in (_B12_ERROR, _B12_FMLA_ERROR) and want_errors and stop - start >= 9:
            code = data[start + 8]
            if code in _BIFF_ERRORS:
                errors.setdefault(row, {})[unpack("<I", data, start)[0]] = CellError(_BIFF_ERRORS[code])
    return errors, numbers
