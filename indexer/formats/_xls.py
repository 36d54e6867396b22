"""The records of a legacy .xls (BIFF8) workbook that python-calamine reads otherwise: its error
cells (which it reads as empty), the numbers of cells whose format shows them otherwise than
plainly (which it reads as plain numbers), the cells of a date format without a time, and the
rows each sheet's print titles repeat (a NAME record python-calamine does not expose). Read
from the OLE Workbook stream by searches of it and, where those find something, by walks of its
records; a byte-level reader of its own, apart from the extractor, which only applies what it
finds to the rows.
"""

from __future__ import annotations

import datetime as dt
import re
import struct
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ._cells import _UNSEEN, CellError, SheetErrors, ShownCache, _cell_format, shown_value
from ._numfmt import DateFormat, NumberFormat

# -- error cells and number formats of a legacy .xls ------------------------------------------

#: the error codes of BIFF8 (and BIFF12) cells, as Excel shows them
_BIFF_ERRORS = {
    0x00: "#NULL!",
    0x07: "#DIV/0!",
    0x0F: "#VALUE!",
    0x17: "#REF!",
    0x1D: "#NAME?",
    0x24: "#NUM!",
    0x2A: "#N/A",
    0x2B: "#GETTING_DATA",
}
_BIFF_CODES = b"[" + b"".join(re.escape(bytes([c])) for c in _BIFF_ERRORS) + b"]"
#: what an error cell looks like in a Workbook stream: a BOOLERR record (0x0205, 8 bytes) whose
#: flag says error, or a FORMULA record (0x0006) whose cached result is an error (type 2, marked
#: by 0xFFFF in its last two bytes); found by a search before any record is walked
_XLS_ERROR_CELL = re.compile(
    rb"\x05\x02\x08\x00.{6}"
    + _BIFF_CODES
    + rb"\x01|\x06\x00..{6}\x02\x00"
    + _BIFF_CODES
    + rb"\x00{3}\xff\xff",
    re.S,
)
_BOF, _EOF, _BOUNDSHEET, _BOOLERR, _FORMULA, _DATEMODE = 0x0809, 0x000A, 0x0085, 0x0205, 0x0006, 0x0022


_XF, _FORMAT_RECORD, _NUMBER, _RK, _MULRK = 0x00E0, 0x041E, 0x0203, 0x027E, 0x00BD
_DIMENSIONS = 0x0200
#: a defined name; the key of the built-in name Print_Titles (its one-character name), and the
#: flag of a built-in name
_NAME, _PRINT_TITLES_KEY, _NAME_BUILTIN = 0x0018, "\x07", 0x0020
#: the parsed tokens a print titles range is written with, in BIFF8 and BIFF12 alike: an area of
#: a sheet (PtgArea3d, of any class), the union of two (PtgUnion) and the wrapper of a union
#: (PtgMemFunc, its size after it)
_PTG_AREA_3D, _PTG_UNION, _PTG_MEM_FUNC = frozenset((0x3B, 0x5B, 0x7B)), 0x10, frozenset((0x29, 0x49, 0x69))
#: the rows and columns a BIFF8 sheet holds at most
_XLS_ROWS, _XLS_COLS = 65_536, 256

#: 0-based row → (0-based column, number, XF index) of the records that may be its cells' (see
#: :func:`_xls_numbers`)
XlsNumbers = dict[int, list[tuple[int, float, int]]]
_NUMBER_AT = struct.Struct("<HHHd").unpack_from  # row, column, XF, number
_RK_AT = struct.Struct("<HHHI").unpack_from  # row, column, XF, RK value


@dataclass(frozen=True)
class XlsCells:
    """What the records of a legacy .xls say of the cells python-calamine reads otherwise, per
    sheet name: the error values it reads as empty (``#DIV/0!``), and the numbers of the cells
    whose style (``styles``: XF index → number format) shows them otherwise than plainly
    (``25%``, ``$1,234.50``), which it reads as their plain number, or shows a time otherwise
    than its reading to the microsecond (``1:05 PM``, ``02:02:59``, ``26:02:59``); and, for
    :func:`xls_day_cells`, the cell styles whose format shows a date without a time (``days``),
    the Workbook stream, its sheets and its date system."""

    errors: dict[str, SheetErrors] = field(default_factory=dict)
    numbers: dict[str, XlsNumbers] = field(default_factory=dict)
    styles: dict[int, NumberFormat | DateFormat] = field(default_factory=dict)
    days: frozenset[int] = frozenset()
    stream: bytes = field(default=b"", repr=False)  # kept only when ``days`` holds a style
    sheets: tuple[tuple[str, int], ...] = ()
    base_1904: bool = False
    #: sheet name → the first and last 1-based rows its print titles repeat (see :func:`_name`)
    title_rows: dict[str, tuple[int, int]] = field(default_factory=dict)


def xls_day_cells(cells: XlsCells) -> dict[str, dict[int, dict[int, dt.datetime | dt.time | None]]]:
    """Sheet name → the cells (see :data:`DayCells`) of the NUMBER, RK, MULRK and FORMULA records
    of a style of ``cells.days`` holding a fraction of a day or a number below 1, found as
    :func:`_xls_numbers` finds formatted numbers; each with the date and time (or the time of
    day) it stands for, which the reader's value must be (a match may lie inside another
    record's data)."""
    if not cells.days or not cells.sheets:
        return {}
    shown = DateFormat("datetime", cells.base_1904)
    found = _xls_numbers(cells.stream, list(cells.sheets), dict.fromkeys(cells.days))
    out: dict[str, dict[int, dict[int, dt.datetime | dt.time | None]]] = {}
    for name, rows in found.items():
        for row, line in rows.items():
            for col, number, _xf in line:
                if number < 1 or not float(number).is_integer():
                    when = shown.value(number)
                    if type(when) is dt.datetime or type(when) is dt.time:
                        out.setdefault(name, {}).setdefault(row, {})[col] = when
    return out


def _boundsheet(body: bytes) -> tuple[str, int]:
    """A BOUNDSHEET record's sheet name and the offset of the sheet's records in the stream."""
    count, flags = body[6], body[7]
    raw = body[8 : 8 + (2 * count if flags & 1 else count)]
    return raw.decode("utf-16-le" if flags & 1 else "latin-1", "replace"), int.from_bytes(body[:4], "little")


#: the bytes of an entry of an OLE directory
_DIR_ENTRY = 128
#: sector numbers from here up mark no sector (the end of a chain, a free or a FAT sector)
_NO_SECTOR = 0xFFFFFFFA


def directory_cut(data: bytes) -> int:
    """How many bytes an OLE compound file lacks to end on a whole entry of its directory (0 for
    most files): one cut short in its directory's last sector (a download broken off) ends
    inside an entry, which python-calamine reads 128 bytes at a time; on one too short to hold
    its start sector and size (124 bytes, 128 in a file of 4,096-byte sectors) it panics,
    printing the panic to standard error before the call fails. The directory's sectors are
    followed from the header through the FAT sectors the header lists (all of them in a file of
    up to 7 MB; beyond, a sector they do not reach is not checked)."""
    if len(data) < 512:
        return 0
    shift = struct.unpack_from("<H", data, 30)[0]
    if shift not in (9, 12):
        return 0  # calamine refuses it
    size = 1 << shift
    whole, part = divmod(len(data), size)
    if not 0 < part % _DIR_ENTRY < (124 if size == 512 else 128):
        return 0
    last = whole - 1  # the sector cut short: sector n starts at (n + 1) * size
    fat: list[int] = []
    for sector in struct.unpack_from("<109I", data, 76):
        if sector >= _NO_SECTOR or (sector + 2) * size > len(data):
            break
        fat.extend(struct.unpack_from(f"<{size // 4}I", data, (sector + 1) * size))
    sector = struct.unpack_from("<I", data, 48)[0]
    seen: set[int] = set()
    while sector not in seen:
        if sector == last:
            return _DIR_ENTRY - part % _DIR_ENTRY
        if sector >= len(fat):
            break
        seen.add(sector)
        sector = fat[sector]
    return 0


def xls_unreadable(data: bytes) -> str | None:
    """What is wrong with a BIFF8 workbook (.xls) that python-calamine would fail on otherwise
    than by an error: None for the others, and for one whose stream cannot be read (calamine
    then says why).

    - A sheet whose records start past the end of the Workbook stream (a damaged BOUNDSHEET
      record): calamine panics on it as it opens the workbook, and the panic, caught, is still
      printed to standard error.
    - A sheet declaring, in its DIMENSIONS record, a range of more cells than an .xls holds
      (65,536 rows by 256 columns), counted as python-calamine counts them (a first row past
      the last wraps round to billions): calamine allocates the cells it declares before
      reading one, and a damaged record asking for hundreds of gigabytes aborts the process,
      which no exception reports."""
    import olefile

    try:
        with olefile.OleFileIO(data) as ole:
            if not ole.exists("Workbook"):
                return None  # BIFF5 and older: two bytes a row number
            stream = ole.openstream("Workbook").read()
    except (OSError, ValueError, IndexError, TypeError):
        return None
    sheets: list[tuple[str, int]] = []
    at = 0
    while at + 4 <= len(stream):  # the globals, up to their EOF record
        kind, size = struct.unpack_from("<HH", stream, at)
        body = stream[at + 4 : at + 4 + size]
        at += 4 + size
        if kind == _BOUNDSHEET and len(body) >= 8:
            sheets.append(_boundsheet(body))
        elif kind == _EOF:
            break
    for name, at in sheets:
        if at > len(stream):
            return f"sheet {name!r} starts at byte {at:,}, past the end of the Workbook stream ({len(stream):,} bytes)"
        while at + 4 <= len(stream):  # the sheet's records up to its DIMENSIONS, which comes early
            kind, size = struct.unpack_from("<HH", stream, at)
            if kind == _EOF:
                break
            if kind == _DIMENSIONS and size >= 12 and at + 16 <= len(stream):
                first_row, last_row, first_col, last_col = struct.unpack_from("<IIHH", stream, at + 4)
                cells = ((last_row - first_row) % (1 << 32)) * ((last_col - first_col) % (1 << 16))
                if cells > _XLS_ROWS * _XLS_COLS:
                    return (
                        f"sheet {name!r} declares rows {first_row:,} to {last_row:,} and columns"
                        f" {first_col:,} to {last_col:,}, {cells:,} cells, past the"
                        f" {_XLS_ROWS * _XLS_COLS:,} of an .xls"
                    )
                break
            at += 4 + size
    return None


def xls_cells(data: bytes) -> XlsCells:
    """The error cells (BOOLERR records, cached results of FORMULA records) and formatted numbers
    (see :func:`_xls_numbers`) of a BIFF8 workbook (.xls). The workbook globals are read for the
    sheets and the XF and FORMAT records; the sheets' records are walked for error cells only
    when a search of the stream finds one. Empty for an older BIFF version and for a stream that
    cannot be read."""
    import olefile

    try:
        with olefile.OleFileIO(data) as ole:
            if not ole.exists("Workbook"):
                return XlsCells()  # BIFF5 and older keep a "Book" stream
            stream = ole.openstream("Workbook").read()
    except (OSError, ValueError, IndexError, TypeError):
        return XlsCells()
    sheets: list[tuple[str, int]] = []  # (name, offset of its BOF record)
    titles: dict[int, tuple[int, int]] = {}  # a sheet's 1-based place → its print titles' rows
    codes: dict[int, str] = {}  # FORMAT records: number format id → code
    xf_formats: list[int] = []  # the number format id of each XF record, in order (-1: a style's)
    base_1904 = False
    at = 0
    while at + 4 <= len(stream):  # the globals, up to their EOF record
        kind, size = struct.unpack_from("<HH", stream, at)
        body = stream[at + 4 : at + 4 + size]
        at += 4 + size
        if kind == _BOF and body[:2] != b"\x00\x06":
            return XlsCells()  # not BIFF8
        if kind == _XF and len(body) >= 6:
            # a style XF (flag 4) is no cell's: Excel's built-in Comma, Currency and Percent
            # styles name number formats in every workbook it writes
            xf_formats.append(-1 if body[4] & 4 else int.from_bytes(body[2:4], "little"))
        elif kind == _FORMAT_RECORD and len(body) >= 5:
            count, flags = int.from_bytes(body[2:4], "little"), body[4]
            raw = body[5 : 5 + (2 * count if flags & 1 else count)]
            codes[int.from_bytes(body[:2], "little")] = raw.decode(
                "utf-16-le" if flags & 1 else "latin-1", "replace"
            )
        elif kind == _DATEMODE and len(body) >= 2:
            base_1904 = body[0] == 1
        elif kind == _BOUNDSHEET and len(body) >= 8:
            sheets.append(_boundsheet(body))
        elif kind == _NAME and len(body) >= 16:
            found = _print_titles(body)
            if found is not None:
                titles[found[0]] = found[1]
        elif kind == _EOF:
            break
    title_rows = {sheets[i - 1][0]: rows for i, rows in titles.items() if 0 < i <= len(sheets)}
    formats: dict[int, NumberFormat | DateFormat | None] = {}
    styles: dict[int, NumberFormat | DateFormat] = {}
    days: set[int] = set()
    for i, number in enumerate(xf_formats):
        if number < 0:
            continue
        if number not in formats:  # a workbook's FORMAT record may redefine a built-in id
            formats[number] = _cell_format(codes.get(number), number, base_1904)
        shown = formats[number]
        if type(shown) is NumberFormat:
            styles[i] = shown
        elif type(shown) is DateFormat and shown.kind == "date":
            days.add(i)
        elif type(shown) is DateFormat:  # a time, a date and time, elapsed time
            styles[i] = shown
    numbers = _xls_numbers(stream, sheets, styles) if styles and sheets else {}
    errors: dict[str, SheetErrors] = {}
    if _XLS_ERROR_CELL.search(stream):
        for name, start in sheets:
            found = _xls_sheet_errors(stream, start)
            if found:
                errors[name] = found
    if not days:
        return XlsCells(errors, numbers, styles, title_rows=title_rows)
    return XlsCells(errors, numbers, styles, frozenset(days), stream, tuple(sheets), base_1904, title_rows)


def _print_titles(body: bytes) -> tuple[int, tuple[int, int]] | None:
    """The sheet (its 1-based place among the BOUNDSHEET records) and the 1-based first and last
    rows of a NAME record holding the built-in name Print_Titles local to a sheet, whose formula
    is an area of whole rows (columns 0 to 255), after or before the columns to repeat, an area
    of whole columns; None for any other name. The record: flags, shortcut key, the name's
    length, the formula's size, a reserved field, the sheet (0: the workbook's), four lengths
    of texts after the formula, then the name (a byte of flags, 1 for two bytes a character)
    and the formula's parsed tokens."""
    flags, _, count, size, _, itab = struct.unpack_from("<HBBHHH", body)
    if not flags & _NAME_BUILTIN or count != 1 or itab == 0:
        return None
    wide = body[14] & 1
    name = body[15 : 15 + (2 if wide else 1)].decode("utf-16-le" if wide else "latin-1", "replace")
    if name != _PRINT_TITLES_KEY:
        return None
    start = 15 + (2 if wide else 1)
    rows = title_rows(body[start : start + size], _BIFF8_AREA, _XLS_COLS - 1)
    return None if rows is None else (itab, rows)


#: a PtgArea3d's size and its first row, last row, first column, last column after its token and
#: sheet reference (3 bytes): BIFF8 (.xls) and BIFF12 (.xlsb) write them in fields of two widths
_BIFF8_AREA = (11, struct.Struct("<HHHH"))
BIFF12_AREA = (15, struct.Struct("<IIHH"))


def title_rows(rgce: bytes, area: tuple[int, struct.Struct], last_col: int) -> tuple[int, int] | None:
    """The 1-based first and last rows of the area of whole rows (columns 0 to ``last_col``) among
    the parsed tokens of a print titles formula, its areas laid out as ``area`` says; None when
    it has none or holds a token other than those it is written with (areas of a sheet, their
    union and the union's wrapper). The column fields' two high bits flag relative references."""
    size, layout = area
    at, rows = 0, None
    while at < len(rgce):
        ptg = rgce[at]
        if ptg in _PTG_AREA_3D and at + size <= len(rgce):
            first, last, col_first, col_last = layout.unpack_from(rgce, at + 3)
            if col_first & 0x3FFF == 0 and col_last & 0x3FFF == last_col and first <= last:
                rows = (first + 1, last + 1)
            at += size
        elif ptg == _PTG_UNION:
            at += 1
        elif ptg in _PTG_MEM_FUNC:
            at += 3
        else:
            return None
    return rows


def _xls_numbers(
    stream: bytes,
    sheets: list[tuple[str, int]],
    styles: dict[int, NumberFormat | DateFormat] | dict[int, None],
) -> dict[str, XlsNumbers]:
    """Sheet name → the numbers of the NUMBER, RK, MULRK and FORMULA (cached number) records
    whose XF is one of ``styles``, found by searches of each sheet's part of the stream rather
    than by walking every record (a walk costs more than calamine's whole read of the cells).
    A match may lie inside another record's data: its number is put in the table only where
    calamine read that same number in that cell (:func:`_with_xls_numbers`)."""
    xfs = b"|".join(re.escape(struct.pack("<H", i)) for i in sorted(styles))
    styled = rb"(?=.{4}(?:" + xfs + rb"))"  # row and column, then the XF
    # one search a record type: a literal start lets each run through the stream at full speed
    number = re.compile(rb"\x03\x02\x0e\x00" + styled, re.S)
    rk = re.compile(rb"\x7e\x02\x0a\x00" + styled, re.S)
    # a FORMULA of at least 20 bytes (its cached result at the place of NUMBER's number)
    formula = re.compile(rb"\x06\x00(?:[\x14-\xff][\x00-\x20]|[\x00-\x13][\x01-\x20])" + styled, re.S)
    mulrk = re.compile(rb"\xbd\x00.[\x00-\x06]", re.S)  # up to 256 cells, each with its own XF
    end = len(stream)
    starts = sorted((start, name) for name, start in sheets if 0 <= start < end)
    out: dict[str, XlsNumbers] = {}
    for n, (start, name) in enumerate(starts):
        stop = starts[n + 1][0] if n + 1 < len(starts) else end
        # the end positions keep each record's fixed part inside the sheet
        cells = [_NUMBER_AT(stream, m.start() + 4) for m in number.finditer(stream, start, stop - 8)]
        cells += [
            _NUMBER_AT(stream, m.start() + 4)
            for m in formula.finditer(stream, start, stop - 8)
            if stream[m.start() + 16 : m.start() + 18] != b"\xff\xff"  # a number, not text or an error
        ]
        for m in rk.finditer(stream, start, stop - 4):
            row, col, xf, value = _RK_AT(stream, m.start() + 4)
            cells.append((row, col, xf, _rk(value)))
        for m in mulrk.finditer(stream, start, stop):
            at = m.start()
            size = stream[at + 2] | stream[at + 3] << 8
            if size < 12 or (size - 6) % 6 or at + 4 + size > stop:
                continue
            row, first = struct.unpack_from("<HH", stream, at + 4)
            body = stream[at + 8 : at + 2 + size]
            cells += [
                (row, first + i, xf, _rk(value))
                for i, (xf, value) in enumerate(struct.iter_unpack("<HI", body))
                if xf in styles
            ]
        if cells:
            sheet: XlsNumbers = out.setdefault(name, {})
            for row, col, xf, value in cells:
                sheet.setdefault(row, []).append((col, value, xf))
    return out


def _rk(value: int) -> float:
    """The number an RK value (BIFF8's compact number) stands for."""
    if value & 2:
        number: float = (value - (1 << 32) if value & (1 << 31) else value) >> 2
    else:
        number = struct.unpack("<d", struct.pack("<Q", (value & 0xFFFFFFFC) << 32))[0]
    return number / 100 if value & 1 else number


def _with_xls_numbers(
    rows: Iterator[tuple[int, Sequence[Any]]],
    first_col: int,
    numbers: XlsNumbers | None,
    styles: dict[int, NumberFormat | DateFormat],
    cache: ShownCache,
) -> Iterator[tuple[int, Sequence[Any]]]:
    """The rows with each number calamine read replaced by its text in its cell's format, where
    a record of ``numbers`` holds that same number for that cell, and each time, date and time
    or duration calamine made of a number in a format of times by the time Excel shows, where
    the record's number is the one calamine read (:func:`_same_time`). The rows as they are when
    ``numbers`` is empty."""
    if not numbers:
        return rows
    return _put_xls_numbers(rows, first_col, numbers, styles, cache)


def _put_xls_numbers(
    rows: Iterator[tuple[int, Sequence[Any]]],
    first_col: int,
    numbers: XlsNumbers,
    styles: dict[int, NumberFormat | DateFormat],
    cache: ShownCache,
) -> Iterator[tuple[int, Sequence[Any]]]:
    for r, values in rows:
        line = numbers.get(r)
        if line:
            values = list(values)
            width = len(values)
            for col, number, xf in line:
                i = col - first_col
                if not 0 <= i < width:
                    continue
                kind = type(values[i])
                if (values[i] == number and kind in (float, int)) or (
                    kind in _TIMES and _same_time(values[i], number, styles[xf])
                ):
                    text = cache.get((number, xf), _UNSEEN)  # the look-up first: most values recur
                    if text is _UNSEEN:
                        text = shown_value(number, xf, styles[xf], cache)
                    if text is not None:
                        values[i] = text
        yield r, values


#: what python-calamine makes of a number in a format of times (a date of a whole day's number
#: in a format of a date and time)
_TIMES = frozenset((dt.datetime, dt.date, dt.time, dt.timedelta))


def _same_time(value: Any, number: float, shown: NumberFormat | DateFormat) -> bool:
    """Whether ``value``, the time, date and time or duration python-calamine read in a cell
    of the format ``shown``, stands for ``number`` (to within a millisecond: it reads the
    number to the microsecond)."""
    if type(shown) is not DateFormat:
        return False
    if type(value) is dt.timedelta:
        serial = value.total_seconds() / 86400
    elif type(value) is dt.time:
        serial = (value.hour * 3600 + value.minute * 60 + value.second + value.microsecond / 1e6) / 86400
    else:
        from openpyxl.utils.datetime import CALENDAR_MAC_1904, CALENDAR_WINDOWS_1900, to_excel

        serial = to_excel(value, CALENDAR_MAC_1904 if shown.base_1904 else CALENDAR_WINDOWS_1900)
    return abs(serial - number) * 86400 < 1e-3


def _xls_sheet_errors(stream: bytes, at: int) -> SheetErrors:
    """The error cells of the sheet whose BOF record is at ``at``, its records walked one by one
    (what the search found may lie inside another record's data)."""
    out: SheetErrors = {}
    while at + 4 <= len(stream):
        kind, size = struct.unpack_from("<HH", stream, at)
        if kind == _EOF:
            break
        if kind == _BOOLERR and size >= 8 and at + 12 <= len(stream):
            row, col, _xf, value, is_error = struct.unpack_from("<HHHBB", stream, at + 4)
            if is_error and value in _BIFF_ERRORS:
                out.setdefault(row, {})[col] = CellError(_BIFF_ERRORS[value])
        elif kind == _FORMULA and size >= 14 and at + 18 <= len(stream):
            row, col = struct.unpack_from("<HH", stream, at + 4)
            result = stream[at + 10 : at + 18]
            if result[0] == 2 and result[6:8] == b"\xff\xff" and result[2] in _BIFF_ERRORS:
                out.setdefault(row, {})[col] = CellError(_BIFF_ERRORS[result[2]])
        at += 4 + size
    return out
