"""Spreadsheets: the xlsx family, .ods, .xls and .xlsb.

Cell values come from python-calamine (a Rust reader, about ten times faster than openpyxl); the
xlsx family falls back to openpyxl in read-only mode when calamine cannot open a workbook. Hidden
state and merged ranges come from calamine too; images are read straight from the zip (the media
parts reached through each sheet's drawing relationships, or the ``Pictures/`` of an ODS table).

Each table of a readable worksheet becomes a TABLE block (most sheets hold one; blank rows and
columns set several apart): ``header`` is the detected header row, ``rows`` the other non-empty
rows as strings, ``row_numbers`` their 1-based sheet rows. A chart sheet (a tab holding a
chart alone) is read as its chart: its title and the values its chart part keeps. Macro
sheets, empty sheets and sheets that fail to parse are listed in ``Coverage.skipped`` (and in
``Document.metadata["skipped_sheets"]``) instead of failing the workbook; a workbook without a
single readable sheet raises PARSE_ERROR. A merged range shows its top-left cell's value alone, as
Excel and LibreOffice do: the values its other cells keep are listed in ``Coverage.skipped`` (on
purpose), not read. The files an xlsx sheet's objects embed (a Word file, a PDF, a workbook:
``xl/embeddings/``) are read with :mod:`._embedded` after that sheet's blocks, under an
``Embedded: name`` heading, their blocks carrying the sheet's name so that the row, table and
sheet modes take them as that sheet's text. The title and axis titles of the charts of an
xlsx or xlsb worksheet (:mod:`._charts`), and of the chart objects on an ods sheet, are a
paragraph after the sheet's cells, which hold the charts' values.

Zip containers go through :func:`indexer.zipsafe.open_zip` before any library touches them.

What calamine does not give is read beside it: the records of a legacy .xls (:mod:`._xls`) and
of an .xlsb (:mod:`._xlsb`), an ODS's content and styles and its streaming reader
(:mod:`._ods`); the cell and sheet types they share with this module live in :mod:`._cells`.
"""

from __future__ import annotations

import datetime as dt
import html
import io
import math
import operator
import posixpath
import re
import struct
import zipfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache, partial
from itertools import compress, islice
from operator import itemgetter
from types import MappingProxyType
from typing import Any, TypeVar

from defusedxml.ElementTree import fromstring as xml_fromstring
from defusedxml.ElementTree import iterparse as xml_iterparse

from ..errors import DocumentLimit, Encrypted, ParseError
from ..images import admit
from ..limits import ExtractContext
from ..model import (
    IMAGE,
    PARAGRAPH,
    SPREADSHEET,
    TABLE,
    Block,
    Coverage,
    Document,
    Image,
    Skipped,
    assemble,
    hidden_read,
    joined_header,
)
from ..zipsafe import open_zip, read_member
from . import _charts, _embedded, _ooxml
from ._attached import Attached, Attacher, text_chars
from ._cells import (
    _XML_ERRORS,
    Backend,
    CellError,
    CellNumber,
    CellText,
    Merge,
    RawSheet,
    SheetErrors,
    SheetInfo,
    SheetPictures,
    SheetShown,
    ShownCache,
    _attr,
    _builtin_format,
    _filled,
    _local,
    _number_format,
    _rels,
    day_zero,
    shown_value,
    time_format,
    unlinked_reason,
)
from ._embedded import OBJECT_RELS
from ._encrypted import decrypted
from ._numfmt import BUILTIN, BUILTIN_DATES, DateFormat, NumberFormat, TextFormat, date_kind, text_format
from ._odf_encrypted import odf_decrypted
from ._ods import (
    ISO_DURATION,
    OdsBackend,
    ods_chart_titles,
    ods_merges_and_errors,
    ods_pictures,
    ods_table_counts,
)
from ._xls import XlsCells, _with_xls_numbers, directory_cut, xls_cells, xls_day_cells, xls_unreadable
from ._xlsb import (
    xlsb_1904,
    xlsb_cells,
    xlsb_null_unknown_ids,
    xlsb_print_titles,
    xlsb_sheet_names,
    xlsb_sheet_parts,
    xlsb_styles,
    xlsb_unlinked_sheets,
)
from .csvfmt import _is_number, _is_value, dated_header, header_votes
from .registry import extractor
from .text import fast_render_table

OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_T = TypeVar("_T")
LIBRARIES = ("python-calamine", "openpyxl")

#: Share of text cells a first row needs to be taken for the header (an index column often carries
#: a number such as 0 above its values, so "all text" would miss common headers).
HEADER_TEXT_SHARE = 2 / 3


# -- cell values ---------------------------------------------------------------------------------


def _float(v: float) -> str:
    """A number as Excel's General format shows it (see :func:`_general`), whole numbers below
    1e15 at once in all their digits, which are 15 at most."""
    if v.is_integer() and -1e15 < v < 1e15:
        return str(int(v))
    return _general(v)


def _int(v: int) -> str:
    """A whole number (openpyxl gives one for a number stored without a point) as
    :func:`_float` writes it: past 15 digits Excel keeps and shows 15 significant ones."""
    return str(v) if -(10**15) < v < 10**15 else _general(float(v))


def _general(v: float) -> str:
    """A number that is not whole (or is past 1e15) as Excel's General format shows it: in at most
    11 characters, a minus sign aside, rounded to the digits that fit (1/3 is 0.333333333, 2/3 of
    100 66.66666667, pi 3.141592654); below 0.0001 in scientific notation of six significant
    digits at most (1E-05, 1.23457E-07); from 1e11 on in up to 15 significant digits, where
    General writes 1.23457E+11 and so drops digits of the number itself, which are kept; its
    exponents written in capitals, two digits at least (1.5E+20). Excel keeps no more than 15
    significant digits of a number (it stores 1234567890123456 typed in as 1234567890123450),
    and General shows no more: a number of 16 digits or more is in scientific notation from
    1e15 on, whole or not (1234567890123456 is 1.23456789012346E+15, not its 16 digits)."""
    a = abs(v)
    if 1 <= a < 1e10:  # ten significant digits, the point the eleventh character
        text = "%.10G" % v
        return text if "E" not in text else "%.0f" % v  # rounded up to 1E+10: 11 digits
    if 1e-4 <= a < 1:  # "0." and nine decimals, the zeros after the point among them
        return "%.*G" % (9 if a >= 0.1 else 8 if a >= 0.01 else 7 if a >= 0.001 else 6, v)
    if a < 1e-4:
        return "%.6G" % v
    if a < 1e11:  # 11 digits before the point: none after it, unless rounding makes them 12
        return "%.0f" % v if a < 99999999999.5 else "%.6G" % v
    # past 11 characters (NaN and infinities as Python writes them)
    return "%.15G" % v if math.isfinite(v) else "%.15g" % v


def _duration(v: dt.timedelta) -> str:
    total = int(v.total_seconds())
    sign = "-" if total < 0 else ""
    hours, rest = divmod(abs(total), 3600)
    return f"{sign}{hours}:{rest // 60:02d}:{rest % 60:02d}"


_FORMAT = {
    float: _float,
    int: _int,
    bool: lambda v: "TRUE" if v else "FALSE",
    dt.date: dt.date.isoformat,
    dt.datetime: lambda v: v.isoformat(sep=" "),
    dt.time: dt.time.isoformat,
    dt.timedelta: _duration,
}


def cell_text(value: Any) -> str:
    """A cell value as the text a person reads: integers without ``.0``, dates in ISO form,
    booleans as TRUE/FALSE, empty cells as ``""``."""
    if value is None:
        return ""
    kind = type(value)
    if kind is str:
        return value
    fmt = _FORMAT.get(kind)
    if fmt is None:
        for base, f in _FORMAT.items():  # subclasses (pandas-like timestamps, numpy scalars …)
            if isinstance(value, base):
                return f(value)
        return str(value)
    return fmt(value)


def column_letters(index: int) -> str:
    """0-based column index → ``A``, ``B`` … ``AA``."""
    out = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        out = chr(65 + rem) + out
    return out


def cell_ref(row: int, col: int) -> str:
    """0-based (row, col) → ``A1`` reference."""
    return f"{column_letters(col)}{row + 1}"


# -- one sheet's rows ----------------------------------------------------------------------------


@dataclass(frozen=True)
class SheetTable:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    row_numbers: tuple[int, ...]
    has_header: bool
    chars: int
    titles: tuple[tuple[int, str], ...] = ()  # (sheet row, text) of title rows above the header
    cols: tuple[int, int] | None = None  # first and last 0-based column, when the sheet has several tables
    top: int | None = None  # the 1-based sheet row of the table's first row (its header's, when it has one)
    notes: tuple[tuple[int, str], ...] = ()  # (sheet row, text) of note lines under the table


def _is_text(value: Any) -> bool:
    return type(value) is str and value != ""


def _head_ok(info: tuple[int, int]) -> bool:
    filled, text = info
    return filled > 0 and text >= HEADER_TEXT_SHARE * filled


def read_table(raw: RawSheet, *, char_budget: int) -> SheetTable | None:
    """The first table of :func:`read_tables` (None for a sheet without a filled cell)."""
    tables = read_tables(raw, char_budget=char_budget)
    return tables[0] if tables else None


def read_tables(
    raw: RawSheet,
    *,
    char_budget: int,
    header_rows: tuple[int, int] | None = None,
    hidden: list[tuple[int, int]] | None = None,
) -> list[SheetTable]:
    """The tables of one sheet: rows → strings, merged ranges filled with their top-left value
    (left blank when it is empty, as Excel and LibreOffice show them: the values the range's
    other cells keep are hidden, their 0-based ``(row, column)`` added to ``hidden``), empty
    rows dropped, the rows cut into tables (:func:`_regions`) and each table's header detected.
    Raises DocumentLimit past ``char_budget``.

    The header of the sheet's first table is its first non-empty row when at least two thirds of
    that row's filled cells are text, or when it is a row of labels and of years in order over
    columns of figures (:func:`~indexer.formats.csvfmt.dated_header`, a rule CSV shares). Up to
    three leading rows holding a single text cell (a title over the table, often merged across it)
    are titles when a header row follows them; they are returned apart. A table further down or
    to the right starts at a row that heads it. A header whose cells are merged down over the
    rows below it takes those rows in (each column's texts joined with " / "). ``header_rows``,
    the first and last sheet rows the sheet's print titles repeat on each page, head whichever of
    its tables they lead, over as many rows as they cover."""
    rows, numbers, head, width, chars, merges = _sheet_rows(raw, char_budget, hidden)
    if not rows:
        return []
    regions = _regions(rows, numbers, width)
    tables: list[SheetTable] = []
    for n, (indices, lo, hi) in enumerate(regions):
        part = [rows[i][lo:hi] for i in indices] if (lo, hi) != (0, width) else [rows[i] for i in indices]
        part_numbers = [numbers[i] for i in indices]
        if len(regions) == 1:  # the sheet's rows as they are, empty columns included
            part, part_numbers, lo, hi = rows, numbers, 0, width
        cols = None if len(regions) == 1 else (raw.first_col + lo, raw.first_col + hi - 1)
        top = n == 0 and lo == 0
        if (top and _pivot_line(part, part_numbers)) or (
            not top and len(part) > 2 and not _heads(part, 0, len(part)) and _heads(part, 1, len(part))
        ):
            # a line over the table's header, the table's title: a pivot table's at the top of its
            # sheet ("Sum of Size | Column Labels"), or any other table's (see _over_head)
            table = _headed_table(
                part[1:],
                part_numbers[1:],
                None,
                hi - lo,
                merges,
                raw.first_col + lo,
                chars,
                None,
                header_rows,
            )
            table = replace(table, titles=_title_lines(part[:1], part_numbers[:1]) + table.titles)
        elif top:
            table = _headed_table(
                part, part_numbers, head, hi - lo, merges, raw.first_col + lo, chars, raw.links, header_rows
            )
            # a few lines of text over the tables below (a title, a pivot table's filters)
            if (
                len(regions) > 1
                and len(part) <= 3
                and not (table.has_header and table.rows)
                and not any(_is_value(c) for row in part for c in row if c)
            ):
                table = SheetTable((), (), (), False, chars, _title_lines(part, part_numbers))
        else:
            table = _headed_table(
                part, part_numbers, None, hi - lo, merges, raw.first_col + lo, chars, None, header_rows
            )
        table = _with_notes(table)
        tables.append(replace(table, cols=cols) if cols is not None else table)
    return tables


#: the fewest words of a note under a table (a sentence, not a label or an item), and of one
#: under a column mostly of text
NOTE_WORDS = 3
NOTE_SENTENCE_WORDS = 6


def _with_notes(table: SheetTable) -> SheetTable:
    """The table without the note lines under it, set apart in ``notes``: the rows after its
    last blank row, when each is a single text (in one cell, or a range merged across) of at
    least :data:`NOTE_WORDS` words (:data:`NOTE_SENTENCE_WORDS` under a column mostly of text)
    and more than twice as long as the longest cell above the blank row in its column (``This
    workbook contains 4 sheets: …`` under columns of numbers), in a table of two columns or
    more."""
    rows, numbers = table.rows, table.row_numbers
    if len(table.header) < 2:
        return table
    cut = next((i for i in range(len(numbers) - 1, 0, -1) if numbers[i] > numbers[i - 1] + 1), 0)
    if not cut:
        return table
    notes = []
    for row, number in zip(rows[cut:], numbers[cut:], strict=True):
        # one text, in one cell or a range merged across (its text filled into each cell)
        filled = [(c, cell) for c, cell in enumerate(row) if cell]
        col, text = filled[0]
        if any(cell != text for _, cell in filled) or _is_value(text) or len(text.split()) < NOTE_WORDS:
            return table
        column = [row[col] for row in rows[:cut] if col < len(row) and row[col]]
        if len(text) <= 2 * max(map(len, column), default=0):
            return table
        # under a column of text, a sentence (a name of a few words is an item of the list)
        if len(text.split()) < NOTE_SENTENCE_WORDS and sum(map(_is_value, column)) * 2 <= len(column):
            return table
        notes.append((number, text))
    return replace(table, rows=rows[:cut], row_numbers=numbers[:cut], notes=tuple(notes))


def _title_lines(rows: Sequence[tuple[str, ...]], numbers: Sequence[int]) -> tuple[tuple[int, str], ...]:
    return tuple((number, " | ".join(c for c in row if c)) for row, number in zip(rows, numbers, strict=True))


def _sheet_rows(
    raw: RawSheet, char_budget: int, hidden: list[tuple[int, int]] | None = None
) -> tuple[
    list[tuple[str, ...]], list[int], list[tuple[int, int]], int, int, list[tuple[int, int, int, int]]
]:
    """(rows as strings, their 1-based sheet rows, (filled, text) cells of the first five
    rows, width, characters, merged ranges) of a sheet's non-empty rows; the cells whose values
    a merged range hides added to ``hidden`` (see :func:`read_tables`)."""
    merges = sorted(raw.merged)
    pending = 0  # index into merges of the next range not yet started
    active: list[tuple[int, int, int, int, Any]] = []  # (row0, col0, row1, col1, value)
    first_col = raw.first_col
    rows: list[tuple[str, ...]] = []
    numbers: list[int] = []
    head: list[tuple[int, int]] = []  # (filled, text) cells of the first rows, before merge filling
    covered = [] if hidden is None else hidden
    width = 0
    chars = 0
    fmt = cell_text
    # without merged ranges, cells are converted ahead, a column of a batch of rows at a time
    stream = _with_cells(raw.rows) if not merges else ((r, values, None) for r, values in raw.rows)
    for r, values, converted in stream:
        if len(head) < 5:
            filled = [v for v in values if _filled(v)]
            info = (len(filled), sum(map(_is_text, filled)))
        if converted is not None:
            cells = converted
        elif pending < len(merges) or active:
            given, values = values, list(values)  # the cells as the file holds them, and as shown
            while pending < len(merges) and merges[pending][0] <= r:
                r0, c0, r1, c1 = merges[pending]
                pending += 1
                if r1 < r:
                    continue
                rc = c0 - first_col
                top = values[rc] if r0 == r and 0 <= rc < len(values) else None
                # an empty top-left cell: the range shows nothing, whatever its other cells keep
                active.append((r0, c0, r1, c1, top if _filled(top) else ""))
            active = [m for m in active if m[2] >= r]
            gone: list[Any] = []
            for _r0, c0, _r1, c1, value in active:
                lo = max(c0 - first_col, 0)
                hi = c1 - first_col
                # the range shows its top-left value over all its cells: a value another cell of
                # it keeps (an .ods's covered cell, whose text LibreOffice hides; a value under
                # a merge in an .xlsx's XML, which Excel hides) is not shown, but listed
                under = _hidden_under(given, lo, hi, value)
                for c in under:
                    covered.append((r, c + first_col))
                    gone.append(given[c])
                if value == "":  # blank: the values it hides emptied, no cell added
                    for c in under:
                        values[c] = ""
                    continue
                if hi >= len(values):  # a reader that drops trailing empty cells
                    values.extend([""] * (hi + 1 - len(values)))
                values[lo : hi + 1] = [value] * (hi + 1 - lo)
            if gone and len(head) < 5:  # a hidden value is no cell of the row's to tell a header by
                info = (info[0] - len(gone), info[1] - sum(map(_is_text, gone)))
        if converted is None:
            cells = tuple(
                [v if type(v) is str else (_float(v) if type(v) is float else fmt(v)) for v in values]
            )
        if not any(cells):
            continue
        if len(head) < 5:
            head.append(info)
        rows.append(cells)
        numbers.append(r + 1)
        width = max(width, len(cells))
        chars += sum(map(len, cells)) + 3 * len(cells)
        if chars > char_budget:
            raise DocumentLimit(
                f"the workbook's text passes the {char_budget:,}-character limit (row {r + 1})"
            )
    return rows, numbers, head, width, chars, merges


#: the cells a sheet's listing of hidden values names, at most
_HIDDEN_NAMED = 10


def merge_hidden(sheet: str, cells: Sequence[tuple[int, int]]) -> Skipped:
    """The listing of the values merged ranges of ``sheet`` hide in ``cells`` (0-based): left
    out on purpose, as Excel and LibreOffice show no more than the range's top-left value (a
    file keeps them where a tool wrote a value into a cell it then merged over)."""
    refs = ", ".join(cell_ref(r, c) for r, c in cells[:_HIDDEN_NAMED])
    more = f" and {len(cells) - _HIDDEN_NAMED:,} more" if len(cells) > _HIDDEN_NAMED else ""
    n = len(cells)
    reason = (
        f"the value{'s' if n != 1 else ''} of {n:,} cell{'s' if n != 1 else ''} ({refs}{more}) "
        "under a merged range, which shows its top-left cell's value alone (hidden, not read)"
    )
    return Skipped("hidden", sheet, reason, on_purpose=True)


def _hidden_under(values: Sequence[Any], lo: int, hi: int, shown: Any) -> list[int]:
    """The indexes of the filled cells among ``values[lo : hi + 1]`` (a merged range's, in one
    row) whose value is not ``shown``, the value the range shows: those it hides."""
    cells = values[lo : hi + 1]
    blank = cells.count(None) + cells.count("")
    if blank + (cells.count(shown) if shown != "" else 0) == len(cells):  # most rows of a merge
        return []
    return [lo + i for i, v in enumerate(cells) if _filled(v) and v != shown]


def _headed_table(
    rows: list[tuple[str, ...]],
    numbers: list[int],
    head: list[tuple[int, int]] | None,
    width: int,
    merges: list[tuple[int, int, int, int]],
    first_col: int,
    chars: int,
    links: Callable[[], Sequence[tuple[int, int, int, int]]] | None = None,
    printed: tuple[int, int] | None = None,
) -> SheetTable:
    """The table of rows with its header detected: from the cell types of ``head`` (the sheet's
    first table), else the first row (a table found by :func:`_regions` starts at its header).
    The rows ``printed`` (the print titles: rows repeated at the top of each page) head the table
    when they lead it (see :func:`_printed_rows`), whatever their cell types tell (years heading
    columns of numbers look like data), over as many rows as they cover."""
    skip = 0
    depth = 0
    leading = _printed_rows(rows, numbers, printed) if printed is not None else None
    if leading is not None:
        skip, depth = leading
        has_header = True
    elif head is None:
        has_header = len(rows) > 1
    else:
        if width > 1:
            while skip < min(3, len(head) - 1) and head[skip] == (1, 1):
                skip += 1
            headed = _head_ok(head[skip]) or dated_header(rows, skip)
            if skip and not (headed and head[skip][0] > 1 and len(rows) > skip + 1):
                skip = 0
        has_header = len(rows) > skip + 1 and (_head_ok(head[skip]) or dated_header(rows, skip))
        if has_header and links is not None and _linked_like_below(rows, numbers, skip, first_col, links):
            has_header = False
        if has_header and width == 1 and (_item_like_below(rows, skip) or _plain_item_below(rows, skip)):
            has_header = False
    # a title merged across the table is filled into each cell: said once
    titles = tuple(
        (numbers[i], " | ".join(c for j, c in enumerate(rows[i]) if c and (j == 0 or c != rows[i][j - 1])))
        for i in range(skip)
    )
    top = numbers[skip] if skip < len(numbers) else None  # the sheet row the table starts on
    if has_header:
        depth = depth or _header_depth(rows, numbers, skip, merges, first_col)
        # several header rows join as a word processor's and a web page's do ("sales / Q1")
        header_rows = [
            [" ".join(t.split()) for t in r] + [""] * (width - len(r)) for r in rows[skip : skip + depth]
        ]
        header = tuple(text or f"Column {i + 1}" for i, text in enumerate(joined_header(header_rows)))
        rows = rows[skip + depth :]
        numbers = numbers[skip + depth :]
    else:
        header = tuple(f"Column {i + 1}" for i in range(width))
    return SheetTable(header, tuple(rows), tuple(numbers), has_header, chars, titles, top=top)


def _printed_rows(
    rows: list[tuple[str, ...]], numbers: list[int], printed: tuple[int, int]
) -> tuple[int, int] | None:
    """(rows above, rows) of the header the print titles ``printed`` (first and last sheet rows)
    give a table of ``rows`` (whose sheet rows are ``numbers``): their rows when they lead the
    table, after at most three lines (a title, a pivot table's filter line), and rows follow
    them; a title of one cell that the print titles repeat over the header stays a title.
    None when they do not lead it."""
    at = [i for i, n in enumerate(numbers) if printed[0] <= n <= printed[1]]
    if not at or at != list(range(at[0], at[-1] + 1)) or at[-1] + 1 >= len(rows):
        return None
    while len(at) > 1 and sum(map(bool, rows[at[0]])) == 1 and sum(map(bool, rows[at[1]])) > 1:
        at.pop(0)
    return (at[0], len(at)) if at[0] <= 3 else None


def _labels_over_longer(row: tuple[str, ...], below: list[tuple[str, ...]]) -> bool:
    """Whether the filled cells of ``row`` are labels over longer cells: each one word and
    shorter on average than the filled cells below them in their columns, or each of at most
    three words, at most two thirds as long on average, and over a column of addresses or
    e-mail addresses one of them is not (``Project name | Home page`` over names and addresses;
    a list's first item is about as long as the items below it, and its address is one)."""
    cols = [k for k, cell in enumerate(row) if cell]
    if not cols:
        return False
    words = max(len(row[k].split()) for k in cols)
    cells = [r[k] for r in below for k in cols if k < len(r) and r[k]]
    if words > 3 or not cells:
        return False
    below_chars, row_chars = sum(map(len, cells)) * len(cols), sum(len(row[k]) for k in cols) * len(cells)
    if words == 1:
        return below_chars > row_chars
    return 2 * below_chars >= 3 * row_chars and any(_labels_addresses(row[k], below, k) for k in cols)


def _labels_addresses(label: str, below: list[tuple[str, ...]], col: int) -> bool:
    """Whether the filled cells of column ``col`` of ``below`` are all addresses, or all e-mail
    addresses, and ``label`` is not."""
    cells = [r[col] for r in below if col < len(r) and r[col]]
    return bool(cells) and any(
        all(mark.match(cell) for cell in cells) and not mark.match(label) for mark in (_LINK_TEXT, _EMAIL)
    )


#: what marks an item of a one-column list: an address, an e-mail address, a digit
_LINK_TEXT = re.compile(r"(?i)(?:https?://|www\.)\S+$")
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.\w+$")
_DIGIT = re.compile(r"\d")
#: the runs of letters and of digits of a cell, each read as one (``Room 101`` is ``a 9``)
_LETTERS, _DIGITS = re.compile(r"[^\W\d_]+"), re.compile(r"\d+")


def _item_shape(cell: str) -> tuple[bool, bool, bool]:
    return bool(_LINK_TEXT.match(cell)), bool(_EMAIL.match(cell)), bool(_DIGIT.search(cell))


def _item_pattern(cell: str) -> str:
    return _DIGITS.sub("9", _LETTERS.sub("a", cell))


def _item_like_below(rows: list[tuple[str, ...]], at: int) -> bool:
    """Whether the text of ``rows[at]``, over a single column of text, is the first item of a
    list rather than its header: it has the mark the items below all share (each an address,
    an e-mail address, or holding digits), which a label of them does not (``URL``, ``E-mail``,
    ``Room`` over ``Room 101``). Digits mark an item only in the pattern of words and numbers
    that at least half the items below have (``Room 101`` over ``Room 102`` and ``Hall 7``): a
    label may hold a number too (``Address line 1`` over ``12 Main Street``, ``2024 goals``)."""
    first = rows[at][0] if rows[at] else ""
    below = [r[0] for r in rows[at + 1 : at + 21] if r and r[0]]
    if not first or not below or any(map(_is_value, below)):
        return False
    shape = _item_shape(first)
    if not any(shape) or not all(_item_shape(cell) == shape for cell in below):
        return False
    if shape[0] or shape[1]:
        return True
    pattern = _item_pattern(first)
    return 2 * sum(_item_pattern(cell) == pattern for cell in below) >= len(below)


#: a sentence: two words or more, and a full stop, a question or an exclamation mark at the end
_SENTENCE = re.compile(r"\S+\s+\S.*[.!?]", re.S)


def _plain_item_below(rows: list[tuple[str, ...]], at: int) -> bool:
    """Whether the text of ``rows[at]``, over a single column of text, is the first item of a
    plain list rather than its label: a sentence (a sheet of notes: a label does not end as a
    sentence does), or a word in lower case over items all in lower case (``apple`` over
    ``banana`` and ``cherry``: a label is written as the items are only where they are names,
    ``Fruit`` over ``Apple``) and of its shape (:func:`_item_shape`: ``email`` over e-mail
    addresses, ``room`` over ``room 101`` name them, as ``E-mail`` does in
    :func:`_item_like_below`). A text ending with a colon labels what follows; over numbers or
    dates a text is their label."""
    first = rows[at][0].strip() if rows[at] else ""
    below = [r[0] for r in rows[at + 1 : at + 21] if r and r[0]]
    if not first or not below or first.endswith(":") or any(map(_is_value, below)):
        return False
    if _SENTENCE.fullmatch(first):
        return True
    shape = _item_shape(first)
    return first[0].islower() and all(
        cell.lstrip()[:1].islower() and _item_shape(cell) == shape for cell in below
    )


def _linked_like_below(
    rows: list[tuple[str, ...]],
    numbers: list[int],
    at: int,
    first_col: int,
    links: Callable[[], Sequence[tuple[int, int, int, int]]],
) -> bool:
    """Whether ``rows[at]`` is a first item of a list of links rather than a header: the rows
    below hold links in some columns, and the row's cell in each of those columns is a link too
    (a header labels a column of links; it does not link anywhere itself). Only asked of a row
    over columns of text (a column of numbers under a row of text tells a header by itself), so
    that most sheets never read their hyperlinks. A row shaped as a header is one, linked or not:
    each of its cells one word, shorter on average than the cells below it (``Name | Homepage``
    over names and addresses; the items of a list are alike)."""
    below = rows[at + 1 : at + 21]
    width = max(map(len, below), default=0)
    for col in range(width):
        values = [r[col] for r in below if col < len(r) and r[col]]
        if values and all(map(_is_value, values)):
            return False
    if _labels_over_longer(rows[at], below):
        return False
    row = numbers[at] - 1
    last = numbers[min(at + 20, len(numbers) - 1)] - 1
    ranges = [m for m in links() if m[0] <= last and m[2] >= row]  # those near the top

    def linked(r: int, col: int, below: bool = False) -> bool:
        c = first_col + col
        return any(r0 <= r <= r1 and c0 <= c <= c1 and not (below and r0 <= row) for r0, c0, r1, c1 in ranges)

    # the columns whose cells below hold links of their own (not the row's own link merged down)
    columns = {
        k
        for r, n in zip(below, numbers[at + 1 : at + 21], strict=True)
        for k, cell in enumerate(r)
        if cell and linked(n - 1, k, below=True)
    }
    return bool(columns) and all(k < len(rows[at]) and rows[at][k] and linked(row, k) for k in columns)


def _header_depth(
    rows: list[tuple[str, ...]],
    numbers: list[int],
    at: int,
    merges: list[tuple[int, int, int, int]],
    first_col: int,
) -> int:
    """How many rows from ``rows[at]`` the header takes: one, and the rows below it that a range
    merged down from the header row reaches when each of their filled cells is under such a
    range or under a header cell merged across columns (sub-headings), three rows at most."""
    row = numbers[at] - 1  # 0-based sheet row
    down = [m for m in merges if m[0] == row and m[2] > row]
    if not down:
        return 1
    across = [m for m in merges if m[0] == row and m[3] > m[1]]
    bottom = min(max(m[2] for m in down), row + 2)
    depth = 1
    while at + depth < len(rows) - 1 and numbers[at + depth] - 1 <= bottom:
        r = numbers[at + depth] - 1
        for k, cell in enumerate(rows[at + depth]):
            c = first_col + k
            if (
                cell
                and not any(r0 <= r <= r1 and c0 <= c <= c1 for r0, c0, r1, c1 in down)
                and not any(c0 <= c <= c1 for _r0, c0, _r1, c1 in across)
            ):
                return depth
        depth += 1
    return depth


#: rows after a blank row looked at as the start of a table, at most, per sheet
_MAX_CUTS = 500


def _regions(rows: list[tuple[str, ...]], numbers: list[int], width: int) -> list[tuple[list[int], int, int]]:
    """The tables of a sheet's rows, as (row indices, first column, column past the last).

    A blank row ends a table when the row after it heads the rows below it
    (:func:`_heads`); else the rows go on with the table above. Within a table, columns empty
    on every row part it in two when the part on the right starts further down, at a row that
    heads it: a second table set beside the first."""
    n = len(rows)
    after_blank = compress(range(1, n), map((1).__lt__, map(operator.sub, numbers[1:], numbers)))
    # a sheet whose rows are spaced by blank ones (a printed list) is not searched past a cap
    starts = [
        0,
        *(i for i in islice(after_blank, _MAX_CUTS) if _heads(rows, i, n) or _over_head(rows, numbers, i, n)),
    ]
    if len(starts) == 1 and width < 3:
        return [(list(range(n)), 0, width)]
    out: list[tuple[list[int], int, int]] = []
    for start, stop in zip(starts, [*starts[1:], n], strict=True):
        out += _side_by_side(rows, start, stop, width)
    return out


def _heads(rows: list[tuple[str, ...]], i: int, stop: int, lo: int = 0, hi: int | None = None) -> bool:
    """Whether row ``i`` heads the rows below it (up to ``stop``), within columns lo:hi: two or
    more cells of words (a placeholder such as ``-`` or ``n/a`` is a missing value, not a label),
    a label over every column most rows below fill (a section line such as "February | opening"
    labels only some), and above columns of numbers (the votes of those columns in
    :func:`~indexer.formats.csvfmt.header_votes`; the length rule for columns of text is too
    weak to cut a table on: a list of text spaced by blank rows would be cut everywhere). A row
    holding years in order over columns of figures heads them too
    (:func:`~indexer.formats.csvfmt.dated_header`)."""
    head = rows[i][lo:hi]
    first = [c for c in head if c]
    if len(first) < 2 or i + 1 >= stop:
        return False
    sample = [r[lo:hi] for r in rows[i : min(stop, i + 21)]]
    # values among its cells: a row of data, unless they are years in order over figures
    dated = any(map(_is_value, first))
    if dated and not dated_header(sample, 0):
        return False
    if not dated and any(not any(map(str.isalpha, c)) or c.strip().casefold() in _MISSING for c in first):
        return False
    below = sample[1:]
    for col in range(max(map(len, below))):
        filled = sum(1 for r in below if col < len(r) and r[col])
        if 2 * filled > len(below) and not (col < len(head) and head[col]):
            return False
    if dated:  # its years' columns are figures: the votes below would count them as data
        return True
    # a header may take two rows (sub-headings under a heading merged across them)
    if len(sample) > 2 and not any(_is_value(c) for c in sample[1] if c):
        sample = [sample[0], *sample[2:]]
    # the numbers as a format shows them are numbers to the votes ("$1.00" → "0")
    sample = [
        sample[0],
        *([c if not c or _is_number(c) or not _is_value(c) else "0" for c in r] for r in sample[1:]),
    ]
    return header_votes(sample)[0] > 0


def _over_head(rows: list[tuple[str, ...]], numbers: list[int], i: int, stop: int) -> bool:
    """Whether row ``i`` is a line of words right over a row that heads the rows below it: a
    pivot table's "Sum of Size | Column Labels" over its "Row Labels | blue | yellow" header."""
    line = [c for c in rows[i] if c]
    return (
        i + 2 < stop
        and numbers[i + 1] == numbers[i] + 1
        and bool(line)
        and all(any(map(str.isalpha, c)) and not _is_value(c) for c in line)
        and _heads(rows, i + 1, stop)
    )


def _pivot_line(rows: list[tuple[str, ...]], numbers: list[int]) -> bool:
    """Whether the first of ``rows`` is a line of two or more labels over the row that heads the
    rows below, and does not head them itself (see :func:`_over_head`): a pivot table with a
    column field, with no report filter above it, starts so. A single cell over the header is a
    title, which :func:`_headed_table` keeps apart."""
    stop = len(rows)
    return (
        stop > 2
        and sum(1 for c in rows[0] if c) > 1
        and not _heads(rows, 0, stop)
        and _over_head(rows, numbers, 0, stop)
    )


#: what a cell holds for a missing value: no label of a column
_MISSING = frozenset(("n/a", "na", "n.a.", "none", "null", "nil", "nan", "tbd", "tba", "unknown"))


def _side_by_side(
    rows: list[tuple[str, ...]], start: int, stop: int, width: int
) -> list[tuple[list[int], int, int]]:
    whole = [(list(range(start, stop)), 0, width)]
    if width < 3:
        return whole
    # columns empty on the first rows, then checked on every row
    sample = rows[start : min(stop, start + 50)]
    empty = [c for c in range(width) if not any(r[c] for r in sample if c < len(r))]
    if empty:
        band = rows[start:stop]
        if min(map(len, band)) == width:
            empty = [c for c in empty if not any(map(itemgetter(c), band))]
        else:
            empty = [c for c in empty if not any(r[c] for r in band if c < len(r))]
    if not empty:
        return whole
    groups: list[tuple[int, int]] = []
    lo = None
    for c in range(width + 1):
        if c < width and c not in empty:
            lo = c if lo is None else lo
        elif lo is not None:
            groups.append((lo, c))
            lo = None
    if len(groups) == 1:  # the table, without the empty columns on its sides
        return [(whole[0][0], *groups[0])]
    kept: list[tuple[int, int]] = []
    for lo, hi in groups:
        first = next((i for i in range(start, stop) if any(rows[i][lo:hi])), start)
        if kept and not (first > start and _heads(rows, first, stop, lo, hi)):
            # not a table of its own: the columns stay with the table on their left
            kept[-1] = (kept[-1][0], hi)
        else:
            kept.append((lo, hi))
    if len(kept) == 1:
        return [(whole[0][0], *kept[0])]
    return [([i for i in range(start, stop) if any(rows[i][lo:hi])], lo, hi) for lo, hi in kept]


_ONE_BY_ONE = 8  # leading rows converted a row at a time (titles and headers: mixed types)
_BATCH = 2048  # rows converted together after them


def _with_cells(rows: Iterator[tuple[int, Sequence[Any]]]) -> Iterator[tuple[int, Sequence[Any], tuple]]:
    """``(row, values, cells)`` with ``cells`` the values as :func:`cell_text` gives them."""
    rows = iter(rows)
    for r, values in islice(rows, _ONE_BY_ONE):
        yield r, values, tuple(map(cell_text, values))
    while batch := list(islice(rows, _BATCH)):
        numbers, values = zip(*batch, strict=True)
        yield from zip(numbers, values, _batch_cells(values), strict=True)


def _batch_cells(rows: Sequence[Sequence[Any]]) -> list[tuple[str, ...]]:
    """:func:`cell_text` of every cell of rows of one width, converted a column at a time: a
    column of strings stays as it is, one of floats, dates … is converted by a C-level map."""
    width = len(rows[0])
    if width == 0 or any(len(r) != width for r in rows):
        return [tuple(map(cell_text, r)) for r in rows]
    columns = [_column_cells(c) for c in zip(*rows, strict=True)]
    return list(zip(*columns, strict=True))


def _column_cells(values: tuple[Any, ...]) -> Sequence[str]:
    kinds = set(map(type, values))
    if kinds == {str}:
        return values
    others = kinds - {str}
    if others <= _SHOWN_TEXT:  # a column of numbers in their format: text already
        return list(map(str, values))
    kind = others.pop() if len(others) == 1 else None
    if kind is not float and kind is not dt.date:
        return list(map(cell_text, values))
    # the strings among them (empty cells, a "total" …) stand aside while the rest is mapped
    texts = [i for i, t in enumerate(map(type, values)) if t is str] if str in kinds else []
    filled = list(values)
    for i in texts:
        filled[i] = _FILLER[kind]
    if kind is float:
        # what _float writes for most: "%.15g" prints whole numbers below 1e15 without ".0" (a NaN
        # first makes min or max NaN and the test fail; infinities fail it too; -0.0 is "0")
        if not (min(filled) > -1e15 and max(filled) < 1e15 and 0.0 not in filled):
            return list(map(cell_text, values))
        out = list(map("%.15g".__mod__, filled))
        # a whole number's digits, or a decimal General shows in as many characters as these:
        # the others (longer, or in scientific notation) are written as General writes them
        for i, text in enumerate(out):
            if len(text) > 11 or "e" in text:
                out[i] = _float(filled[i])
    else:
        out = list(map(dt.date.isoformat, filled))
    for i in texts:
        out[i] = values[i]
    return out


_FILLER = {float: 1.0, dt.date: dt.date(2000, 1, 1)}
#: the cell values that are text of a kind (:func:`cell_text` gives their plain text)
_SHOWN_TEXT = frozenset((CellNumber, CellError))


def table_text(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Exactly :func:`indexer.model.render_table`, faster: cells are cleaned only on the lines
    where a scan of the whole table finds something to clean (see ``fast_render_table``)."""
    return fast_render_table(tuple(header), rows)


# -- backends ------------------------------------------------------------------------------------


class CalamineBackend(Backend):
    def __init__(self, data: bytes) -> None:
        import python_calamine as pc

        self._pc = pc
        try:
            self.wb = pc.CalamineWorkbook.from_filelike(io.BytesIO(data))
        except pc.PasswordError as exc:
            raise Encrypted(f"the workbook is password-protected: {exc}") from None
        kinds = (
            (pc.SheetTypeEnum.ChartSheet, "chartsheet"),
            (pc.SheetTypeEnum.MacroSheet, "macrosheet"),
            (pc.SheetTypeEnum.DialogSheet, "dialogsheet"),
            (pc.SheetTypeEnum.Vba, "vba"),
        )  # the enum members are not hashable
        self.sheets = [
            SheetInfo(
                name=m.name,
                index=i,
                kind=next((name for typ, name in kinds if m.typ == typ), "worksheet"),
                hidden=m.visible != pc.SheetVisibleEnum.Visible,
            )
            for i, m in enumerate(self.wb.sheets_metadata)
        ]

    def read(self, sheet: SheetInfo) -> RawSheet:
        ws = self.wb.get_sheet_by_index(sheet.index)
        start = ws.start
        if start is None:
            return RawSheet(iter(()))
        start_row, start_col = start
        merged = [(a[0], a[1], b[0], b[1]) for a, b in (ws.merged_cell_ranges or ())]
        return RawSheet(_calamine_rows(ws.iter_rows(), start_row), start_col, merged)

    def close(self) -> None:
        self.wb.close()


def _calamine_rows(it: Iterator[list[Any]], start_row: int) -> Iterator[tuple[int, list[Any]]]:
    """calamine's ``iter_rows`` yields from sheet row 0 (leading empty rows included) in the
    versions seen; should it start at the first used row instead, number from there."""
    first = next(it, None)
    if first is None:
        return
    base = 0 if start_row == 0 or not any(_filled(v) for v in first) else start_row
    yield base, first
    yield from enumerate(it, start=base + 1)


#: a sheet's kind by the last segment of its relationship's type, in lower case (Excel writes
#: ``xlMacrosheet`` for an Excel 4 macro sheet, ``xlIntlMacrosheet`` for an international one)
_SHEET_KINDS = {
    "chartsheet": "chartsheet",
    "dialogsheet": "dialogsheet",
    "xlmacrosheet": "macrosheet",
    "xlintlmacrosheet": "macrosheet",
}


class OpenpyxlBackend(Backend):
    """The xlsx family through openpyxl's read-only reader (used when calamine cannot open it)."""

    def __init__(self, data: bytes) -> None:
        from openpyxl.reader.excel import ExcelReader
        from openpyxl.utils.datetime import CALENDAR_MAC_1904

        reader = ExcelReader(io.BytesIO(data), read_only=True, data_only=True)
        reader.read_worksheets = partial(_read_linked_worksheets, reader, reader.read_worksheets)
        reader.read()
        self.wb = reader.wb
        self._base_1904 = self.wb.epoch == CALENDAR_MAC_1904
        self._zero = day_zero(self._base_1904)
        self.sheets = []
        # every tab the workbook part lists, in its order, as calamine numbers them: openpyxl
        # leaves out a sheet whose part is missing, lists chart sheets apart from worksheets and
        # reads macro and dialog sheets as worksheets; their kind is their relationship's type
        for i, entry in enumerate(reader.parser.sheets):
            rel = _openpyxl_rel(reader.parser, entry.id)
            rel_type = rel.Type if rel is not None else ""
            kind = _SHEET_KINDS.get(rel_type.rsplit("/", 1)[-1].lower(), "worksheet")
            self.sheets.append(SheetInfo(entry.name, i, kind, (entry.state or "visible") != "visible"))
        self._by_name = {ws.title: ws for ws in self.wb.worksheets}

    def read(self, sheet: SheetInfo) -> RawSheet:
        ws = self._by_name[sheet.name]
        formats: dict[str, NumberFormat | None] = {}  # format code → its format, compiled once
        days: dict[str, DateFormat | None] = {}  # format code → its format of dates or times
        zero, base_1904 = self._zero, self._base_1904
        # each row as long as its own cells: openpyxl pads every row to the width the sheet's
        # <dimension> states, and a damaged sheet stating A1:XFD1048576 made 16,384 cells of each
        # row (a 1.5 MB sheet read for minutes, in gigabytes); trailing empty cells are dropped
        # anyway, as other readers leave them out
        ws.reset_dimensions()
        rows = (
            (i, [_openpyxl_value(c, formats, days, zero, base_1904) for c in cells])
            for i, cells in enumerate(ws.iter_rows())
        )
        return RawSheet(rows, 0, [])

    def close(self) -> None:
        self.wb.close()


def _openpyxl_rel(parser: Any, rid: str | None) -> Any:
    """The relationship of the workbook openpyxl's parser read under ``rid``, or None."""
    if not rid:
        return None
    try:
        return parser.rels.get(rid)  # None in the versions seen, KeyError in others
    except KeyError:
        return None


def _read_linked_worksheets(reader: Any, read_worksheets: Callable[[], None]) -> None:
    """openpyxl's reading of the worksheets, passing over a sheet whose relationship id names no
    relationship of the workbook (openpyxl raises KeyError on it, losing the whole workbook) as
    it passes over one without an id; the sheet is listed as skipped (see :func:`unlinked_sheets`)."""
    parser = reader.parser

    def linked() -> Iterator[tuple[Any, Any]]:
        for sheet in parser.sheets:
            if (rel := _openpyxl_rel(parser, sheet.id)) is not None:
                yield sheet, rel

    parser.find_sheets = linked
    read_worksheets()


def _openpyxl_value(
    cell: Any,
    formats: dict[str, NumberFormat | None],
    days: dict[str, DateFormat | None],
    zero: Any,
    base_1904: bool = False,
) -> Any:
    """An openpyxl cell's value: an error as a :class:`CellError`, a number as its number format
    shows it (``25%``, ``$1,234.50``: see :func:`_number_format`), a date and time whose format
    shows no time as its date, and a time of day (openpyxl's reading of a number below 1) in
    such a format as ``zero`` (see :func:`day_zero`), a time, a date and time or elapsed time
    of a format of times as Excel shows it (:meth:`DateFormat.value`), as the calamine path
    shows them; anything else as it is."""
    value = cell.value
    kind = type(value)
    if kind is dt.datetime or kind is dt.time or kind is dt.timedelta:
        code = getattr(cell, "number_format", None) or "General"
        if code not in days:
            days[code] = time_format(code, base_1904)
        shown = days[code]
        if shown is None or (shown.kind == "duration") != (kind is dt.timedelta):
            return value
        if shown.kind == "date":
            return value.date() if kind is dt.datetime else zero
        # a time, a date and time or elapsed time as Excel shows it (see DateFormat.value)
        from openpyxl.utils.datetime import CALENDAR_MAC_1904, CALENDAR_WINDOWS_1900, to_excel

        if kind is dt.timedelta:
            serial = value.total_seconds() / 86400
        else:
            serial = to_excel(value, CALENDAR_MAC_1904 if base_1904 else CALENDAR_WINDOWS_1900)
        when = shown.value(serial)
        if when is None:
            return value
        return CellNumber(when) if type(when) is str else when
    if kind is float or kind is int:
        code = getattr(cell, "number_format", None)
        if not code or code == "General":
            return value
        if code not in formats:
            formats[code] = _number_format(code)
        shown = formats[code]
        text = shown.show(repr(value) if kind is float else str(value)) if shown is not None else None
        return CellNumber(text) if text else value
    if value and cell.data_type == "e":
        return CellError(value)
    if kind is str and value:
        code = getattr(cell, "number_format", None)
        if code and "@" in code:
            shown = _text_format(code)
            if shown is not None:  # a text section's words around the cell's ("Total: "@)
                return shown.show(value)
    return value


#: :func:`._numfmt.text_format`, each code read once
_text_format = lru_cache(maxsize=256)(text_format)


class _LazyOpenpyxl:
    """openpyxl for the sheets calamine cannot read, the workbook opened on first use."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._backend: OpenpyxlBackend | None = None

    def read(self, sheet: SheetInfo, calamine_error: Exception) -> tuple[RawSheet, str | None]:
        """The sheet's rows, read whole, and None; or, when its XML breaks off (a cut or damaged
        part, which calamine refuses whole), the rows before the damage and what openpyxl said of
        it. ``calamine_error`` is raised again when openpyxl cannot read a row either."""
        rows: list[tuple[int, list[Any]]] = []
        try:
            if self._backend is None:
                self._backend = OpenpyxlBackend(self._data)
            raw = self._backend.read(sheet)
            rows.extend(raw.rows)
        except Exception as exc:  # openpyxl raises many types on what it cannot read
            if not rows:
                raise calamine_error from None
            return RawSheet(iter(rows)), f"after row {rows[-1][0] + 1} ({type(exc).__name__}: {exc})"
        raw.rows = iter(rows)
        return raw, None

    def close(self) -> None:
        if self._backend is not None:
            self._backend.close()


#: why a tab of each kind but worksheets and chart sheets gives no text, as both readers list it
_NOT_READ = {
    "macrosheet": "an Excel 4 macro sheet, whose cells are macro code (not read)",
    "dialogsheet": "a dialog sheet, whose controls hold no cells (not read)",
    "vba": "a VBA module, macro code (not read)",
}


# -- containers ----------------------------------------------------------------------------------


def _ole_entries(data: bytes) -> tuple[list[str], list[str]]:
    """The paths of the streams and of the storages of an OLE compound file."""
    import olefile

    try:
        with olefile.OleFileIO(data) as ole:
            streams = ["/".join(parts) for parts in ole.listdir()]
            return streams, ["/".join(parts) for parts in ole.listdir(streams=False, storages=True)]
    except (OSError, ValueError, IndexError, TypeError) as exc:  # olefile's reactions to bad sectors
        raise ParseError(f"damaged OLE compound file: {exc}") from None


#: the storage in which an .xls (Excel 97 and later) keeps its VBA project
_XLS_VBA = "_vba_project_cur"


def _check_ole(data: bytes) -> Skipped | None:
    """Raises Encrypted for a password-protected OOXML package in an OLE container and
    ParseError for a file without a workbook stream; the ``Coverage.skipped`` entry of the VBA
    project the workbook keeps (its ``_VBA_PROJECT_CUR`` storage, named as stored), left out on
    purpose as an .xlsm's is (see :func:`._ooxml.macros_skipped`), None without one."""
    streams, storages = _ole_entries(data)
    names = {s.lower() for s in streams}
    if {"encryptioninfo", "encryptedpackage"} & names:
        raise Encrypted("the workbook is encrypted (password-protected OOXML in an OLE container)")
    if not {"workbook", "book"} & names:
        raise ParseError("OLE compound file without a workbook stream: not an Excel workbook")
    vba = next((s for s in storages if s.lower() == _XLS_VBA), None)
    return Skipped("macros", vba, _ooxml.VBA_REASON, on_purpose=True) if vba is not None else None


# -- images --------------------------------------------------------------------------------------


def ooxml_sheets(zf: zipfile.ZipFile) -> list[tuple[str | None, str]]:
    """(sheet name, part name) of every sheet the workbook part lists, in its order; the names
    are None for a binary (.xlsb) workbook part, whose worksheets and chart sheets are taken in
    relationship order."""
    root_rels = _rels(zf, "")
    book = next((t for k, t in root_rels.values() if k == "officeDocument"), "xl/workbook.xml")
    if not _ooxml.has_member(zf, book):
        return []
    book_rels = _rels(zf, book)
    if book.endswith(".xml"):
        tree = xml_fromstring(read_member(zf, book))
        sheets = [(el.get("name", ""), _attr(el, "id")) for el in tree.iter() if _local(el.tag) == "sheet"]
    else:
        sheets = [(None, rid) for rid, (kind, _) in book_rels.items() if kind in ("worksheet", "chartsheet")]
    out: list[tuple[str | None, str]] = []
    for sheet_name, rid in sheets:
        kind_target = book_rels.get(rid or "")
        if kind_target is not None:
            out.append((sheet_name, kind_target[1]))
    return out


def unlinked_sheets(zf: zipfile.ZipFile) -> dict[str, str]:
    """Sheet name → why it has no part, for each sheet the workbook part lists without a
    relationship id or under one its relationships lack: no reader finds its cells (openpyxl
    passes it over, calamine will not open the workbook at all)."""
    root_rels = _rels(zf, "")
    book = next((t for k, t in root_rels.values() if k == "officeDocument"), "xl/workbook.xml")
    if book.endswith(".bin"):
        return xlsb_unlinked_sheets(zf)
    if not _ooxml.has_member(zf, book):
        return {}
    book_rels = _rels(zf, book)
    tree = xml_fromstring(read_member(zf, book))
    out: dict[str, str] = {}
    for el in tree.iter():
        if _local(el.tag) == "sheet" and (rid := _attr(el, "id")) not in book_rels:
            out[el.get("name", "")] = unlinked_reason(rid)
    return out


#: the rows of a print titles range (``$1:$2``; columns to repeat, ``$A:$A``, have no rows)
_TITLE_ROWS = re.compile(r"!\$?(\d+):\$?(\d+)$")


#: the defined name of print titles as a workbook part holds it, in UTF-8 or in UTF-16 (which
#: XML allows, and which sends the workbook to openpyxl)
_PRINT_TITLES_NAME = tuple(
    "_xlnm.Print_Titles".encode(codec) for codec in ("utf-8", "utf-16-le", "utf-16-be")
)


def print_title_rows(zf: zipfile.ZipFile) -> dict[str, tuple[int, int]]:
    """Sheet name → the first and last 1-based rows its print titles repeat at the top of each
    printed page (a ``_xlnm.Print_Titles`` defined name, local to the sheet at ``localSheetId``,
    its place in the workbook's ``<sheets>``): the rows that head the sheet's table."""
    root_rels = _rels(zf, "")
    book = next((t for k, t in root_rels.values() if k == "officeDocument"), "xl/workbook.xml")
    if not book.endswith(".xml") or not _ooxml.member_contains(zf, book, _PRINT_TITLES_NAME):
        return {}
    tree = xml_fromstring(read_member(zf, book))
    names = [el.get("name", "") for el in tree.iter() if _local(el.tag) == "sheet"]
    out: dict[str, tuple[int, int]] = {}
    for el in tree.iter():
        if _local(el.tag) != "definedName" or el.get("name") != "_xlnm.Print_Titles":
            continue
        at = _int_attr(el.get("localSheetId"))
        # "Sales!$A:$A,Sales!$1:$2": the columns to repeat at the left, then the rows
        for part in (el.text or "").split(","):
            m = _TITLE_ROWS.search(part.strip())
            if m and at is not None and 0 <= at < len(names) and 0 < int(m[1]) <= int(m[2]):
                out[names[at]] = (int(m[1]), int(m[2]))
    return out


_DATE_1904 = re.compile(rb"<(?:[\w.-]+:)?workbookPr\b[^>]*?\bdate1904\s*=\s*[\"'](?:1|true)[\"']")


def xlsx_1904(zf: zipfile.ZipFile) -> bool:
    """Whether the workbook part says it counts its dates from 1904 (``workbookPr date1904``);
    False for one that cannot be read (its dates are then counted from 1900, as calamine's)."""
    book = next((t for k, t in _rels(zf, "").values() if k == "officeDocument"), "xl/workbook.xml")
    try:
        return _DATE_1904.search(read_member(zf, book)) is not None
    except _XML_ERRORS:
        return False


def ooxml_pictures(zf: zipfile.ZipFile, sheets: list[tuple[str | None, str]]) -> SheetPictures:
    out = SheetPictures()
    names = set(zf.namelist())
    seen: set[str] = set()
    for sheet_name, part in sheets:
        for kind, drawing in _rels(zf, part).values():
            if kind != "drawing" or drawing not in names:
                continue
            drawing_rels = _rels(zf, drawing)
            for anchor in xml_fromstring(read_member(zf, drawing)):
                row = _anchor_row(anchor)
                for el in anchor.iter():
                    tag = _local(el.tag)
                    if tag == "graphicFrame" and sheet_name is not None:
                        out.chart_sheets.add(sheet_name)
                    if tag != "pic":
                        continue
                    alt = None
                    embed = None
                    for sub in el.iter():
                        if _local(sub.tag) == "cNvPr":
                            alt = (sub.get("descr") or sub.get("title") or "").strip() or None
                        elif _local(sub.tag) == "blip":
                            embed = _attr(sub, "embed")
                    target = drawing_rels.get(embed or "")
                    if target and target[1] in names:
                        out.pictures.setdefault(sheet_name, []).append((target[1], alt))
                        if row is not None:
                            out.rows.setdefault((sheet_name, target[1]), row)
                        seen.add(target[1])
    for name in sorted(names):  # in-cell pictures (rich data) and parts no drawing reaches
        if name.startswith("xl/media/") and name not in seen:
            out.pictures.setdefault(None, []).append((name, None))
    return out


def _anchor_row(anchor: Any) -> int | None:
    """The 0-based sheet row a drawing's anchor starts on (its ``xdr:from``), None for an
    absolute anchor or one that does not say."""
    for el in anchor.iter():
        if _local(el.tag) == "from":
            for row in el:
                if _local(row.tag) == "row" and (row.text or "").strip().isdigit():
                    return int(row.text)
            return None
    return None


#: a drawing's chart: DrawingML's, or Office 2016's (a waterfall, a treemap …), which Excel
#: writes in an ``mc:AlternateContent`` choice
_CHART_TAGS = frozenset((f"{{{_charts.C}}}chart", f"{{{_charts.CX}}}chart"))
_DRAWING_ROW = ("from", "to")


def _drawing_charts(zf: zipfile.ZipFile, drawing: str) -> Iterator[tuple[list[int], str]]:
    """The charts a drawing part anchors (DrawingML's and Office 2016's), in its order: the
    0-based sheet rows each anchor's edges stand on (none for an absolute anchor) and the chart
    part it names, when present."""
    drawing_rels = _rels(zf, drawing)
    for anchor in xml_fromstring(read_member(zf, drawing)):
        rows = [
            int(row.text)
            for edge in anchor
            if _local(edge.tag) in _DRAWING_ROW
            for row in edge
            if _local(row.tag) == "row" and (row.text or "").strip().isdigit()
        ]
        for el in anchor.iter():
            if el.tag not in _CHART_TAGS:
                continue
            target = drawing_rels.get(_attr(el, "id") or "")
            if target is not None and _ooxml.has_member(zf, target[1]):
                yield rows, target[1]


def ooxml_chart_titles(
    zf: zipfile.ZipFile,
    sheets: list[tuple[str | None, str]],
    names: set[str],
    meta: dict[str, dict[str, Any]],
) -> dict[str, list[Block]]:
    """The title and axis titles of each chart drawn on the worksheets of ``names`` (those whose
    drawings hold a graphic frame), a paragraph per chart (see ``_charts.chart_blocks``) whose
    ``row_range`` is the rows the chart covers. A chart's values are the workbook's own cells,
    read with their sheet, so its titles are all it adds; a chart without any adds nothing,
    and neither does one whose part cannot be read."""
    out: dict[str, list[Block]] = {}
    for sheet_name, part in sheets:
        if sheet_name not in names or sheet_name not in meta:
            continue
        for kind, drawing in _rels(zf, part).values():
            if kind != "drawing" or not _ooxml.has_member(zf, drawing):
                continue
            for rows, target in _drawing_charts(zf, drawing):
                try:
                    chart = _charts.read_chart(read_member(zf, target), target, titles_only=True)
                except _charts.ChartUnread:
                    continue
                place = {"row_range": [min(rows) + 1, max(rows) + 1]} if rows else {}
                out.setdefault(sheet_name, []).extend(
                    _charts.chart_blocks(chart, {**meta[sheet_name], **place})
                )
    return out


def chart_sheet_blocks(
    zf: zipfile.ZipFile, part: str, meta: dict[str, Any], skipped: list[Skipped]
) -> tuple[list[Block], list[str]]:
    """The blocks of the chart a chart sheet (``xl/chartsheets/sheetN.xml``, a tab holding a chart
    and no cells) shows through its drawing: its title and axis titles, and the values its part
    keeps as a table (``_charts.chart_blocks``), as a Word or PowerPoint chart is read; there are
    no cells of the sheet to hold them. Its series keeping no values are listed in ``skipped``;
    why each chart could not be read is returned beside the blocks."""
    blocks: list[Block] = []
    reasons: list[str] = []
    for kind, drawing in _rels(zf, part).values():
        if kind != "drawing" or not _ooxml.has_member(zf, drawing):
            continue
        for _, target in _drawing_charts(zf, drawing):
            try:
                chart = _charts.read_chart(_ooxml.read(zf, target, target), target)
            except _charts.ChartUnread as exc:
                reasons.append(str(exc))
                continue
            if chart.uncached:
                skipped.append(Skipped("chart", meta["sheet_name"], _charts.uncached_reason(chart)))
            blocks.extend(_charts.chart_blocks(chart, meta))
    return blocks, reasons


# -- error cells ---------------------------------------------------------------------------------

#: how a worksheet part types an error cell (``<c r="B2" t="e"><f>1/0</f><v>#DIV/0!</v></c>``);
#: python-calamine reads such cells as empty, so their values are read from the part itself
_ERROR_TYPE = (b't="e"', b"t='e'")
_TAG_ATTR = re.compile(rb"""\s([\w:.-]+)\s*=\s*(["'])(.*?)\2""", re.S)
_ERROR_VALUE = re.compile(
    rb"\s*(?:<(?:[\w.-]+:)?f\b[^>]*?(?:/>|>[^<]*</(?:[\w.-]+:)?f>))?\s*<(?:[\w.-]+:)?v>([^<]*)</(?:[\w.-]+:)?v>"
)
_CELL_REF = re.compile(r"([A-Z]{1,3})([1-9][0-9]{0,6})")


def _ref(ref: str | None) -> tuple[int, int] | None:
    """``"B3"`` → 0-based ``(2, 1)``; None for anything else."""
    m = _CELL_REF.fullmatch(ref or "")
    if m is None:
        return None
    col = 0
    for ch in m.group(1):
        col = col * 26 + ord(ch) - 64
    return int(m.group(2)) - 1, col - 1


def sheet_errors(zf: zipfile.ZipFile, part: str) -> SheetErrors:
    """0-based row → 0-based column → value of the worksheet part's error cells (empty when it
    has none, which a search of the part finds without parsing it). Each cell typed ``e`` is
    read where the search finds it; should one lack its reference, the part is parsed instead."""
    if not _ooxml.member_contains(zf, part, _ERROR_TYPE):
        return {}
    data = _ooxml.read(zf, part, "worksheet")
    out: SheetErrors = {}
    for needle in _ERROR_TYPE:
        at = data.find(needle)
        while at >= 0:
            start = data.rfind(b"<", 0, at)
            end = data.find(b">", at)
            if start < 0 or end < 0:
                break
            at = data.find(needle, end)
            tag = data[start + 1 : end]
            name = tag.split(None, 1)[0]
            if not (name == b"c" or name.endswith(b":c")) or tag.endswith(b"/"):
                continue  # another element, or a cell without a value
            attrs = {key.rsplit(b":", 1)[-1]: value for key, _, value in _TAG_ATTR.findall(tag)}
            if attrs.get(b"t") != b"e" or b"vm" in attrs:
                continue  # vm: a rich value (an in-cell picture …) whose stand-in is #VALUE!
            where = _ref(attrs.get(b"r", b"").decode("ascii", "replace"))
            if where is None:
                return _parsed_errors(zf, part)
            value = _ERROR_VALUE.match(data, end + 1)
            if value is not None and value.group(1).strip():
                text = html.unescape(value.group(1).decode("utf-8", "replace")).strip()
                out.setdefault(where[0], {})[where[1]] = CellError(text)
    return out


def _parsed_errors(zf: zipfile.ZipFile, part: str) -> SheetErrors:
    """What :func:`sheet_errors` gives, from a parse of the whole part: rows and cells without a
    reference follow the one before them."""
    out: SheetErrors = {}
    row = col = -1
    with zf.open(part) as fh:
        for event, el in xml_iterparse(fh, events=("start", "end")):
            tag = _local(el.tag)
            if event == "start":
                if tag == "row":
                    number = el.get("r") or ""
                    row = (
                        int(number) - 1
                        if number.isdigit() and 0 < len(number) < 8 and int(number)
                        else row + 1
                    )
                    col = -1
                elif tag == "c":
                    where = _ref(el.get("r"))
                    col = where[1] if where is not None else col + 1
                continue
            if tag == "c":
                if el.get("t") == "e" and el.get("vm") is None:
                    value = next((v.text for v in el if _local(v.tag) == "v"), None)
                    if value and value.strip():
                        out.setdefault(row, {})[col] = CellError(value.strip())
                el.clear()
            elif tag == "row":
                el.clear()
    return out


_HYPERLINK = re.compile(rb"<(?:[\w.-]+:)?hyperlink\s[^>]*>")


def sheet_links(zf: zipfile.ZipFile, part: str) -> list[Merge]:
    """The ranges (absolute 0-based, as merged ranges are) of the worksheet part's hyperlinks;
    empty when a search of the part finds none, without reading it whole."""
    if not _ooxml.member_contains(zf, part, (b"hyperlink ",)):
        return []
    return _ranges(_ooxml.read(zf, part, "worksheet"), _HYPERLINK)


_MERGE_CELL = re.compile(rb"<(?:[\w.-]+:)?mergeCell\s[^>]*>")


def sheet_merges(zf: zipfile.ZipFile, part: str) -> list[Merge]:
    """The merged ranges (absolute 0-based) of a worksheet part, for a sheet openpyxl's streaming
    reader reads (it reports none); empty when a search of the part finds none. Whatever a part
    cut short still holds is read."""
    if not _ooxml.member_contains(zf, part, (b"mergeCell ",)):
        return []
    pieces: list[bytes] = []
    with zf.open(part) as fh:  # a damaged part is read up to the damage
        try:
            while piece := fh.read(1 << 20):
                pieces.append(piece)
        except (*_XML_ERRORS, *_ooxml.INFLATE_ERRORS):
            pass
    return _ranges(b"".join(pieces), _MERGE_CELL)


def _sheet_merges(
    zf: zipfile.ZipFile | None, part: str | None, sheet: str, warnings: list[str]
) -> list[Merge]:
    """:func:`sheet_merges`, with a part that cannot be searched a warning."""
    if zf is None or part is None:
        return []
    return _or_warning(lambda: sheet_merges(zf, part), f"sheet {sheet!r}: merged cells", warnings, [])


def _ranges(data: bytes, element: re.Pattern[bytes]) -> list[Merge]:
    """The ``ref`` ranges of the elements ``element`` finds in ``data``, absolute 0-based."""
    out: list[Merge] = []
    for m in element.finditer(data):
        attrs = {key.rsplit(b":", 1)[-1]: value for key, _, value in _TAG_ATTR.findall(m.group(0))}
        first, _, last = attrs.get(b"ref", b"").decode("ascii", "replace").partition(":")
        top, bottom = _ref(first), _ref(last or first)
        if top is not None and bottom is not None:
            out.append((top[0], top[1], bottom[0], bottom[1]))
    return out


def _sheet_links(
    zf: zipfile.ZipFile | None, part: str, sheet: str, warnings: list[str]
) -> Callable[[], list[Merge]]:
    """:func:`sheet_links`, read when first called, with a part that cannot be read a warning."""
    found: list[list[Merge]] = []

    def read() -> list[Merge]:
        if not found:
            found.append(
                []
                if zf is None
                else _or_warning(lambda: sheet_links(zf, part), f"sheet {sheet!r}: hyperlinks", warnings, [])
            )
        return found[0]

    return read


#: the built-in number formats that show General, a date, a time or text: calamine reads their
#: cells (12 and 13, fractions, are shown by :mod:`._numfmt`)
_NOT_NUMBERS = frozenset((0, *range(14, 23), *range(45, 48), 49))
_FORMAT_ID = re.compile(rb"""numFmtId\s*=\s*["'](\d{1,9})["']""")
_FORMAT_CODE = re.compile(rb"""<(?:[\w.-]+:)?numFmt\b[^>]*?\bformatCode\s*=\s*(["'])(.*?)\1""", re.S)


def number_styles(zf: zipfile.ZipFile) -> dict[int, NumberFormat]:
    """Cell style (the index into ``cellXfs`` that a cell's ``s`` names) → its number format, for
    the styles whose format shows a number otherwise than plainly (``0%``, ``#,##0.00``,
    ``"$"#,##0``; see :mod:`._numfmt`). Empty for most workbooks (General and dates only), which
    a search of ``xl/styles.xml`` tells without parsing it."""
    name = next((n for n in ("xl/styles.xml", "xl/Styles.xml") if n in zf.NameToInfo), None)
    if name is None:
        return {}
    data = _ooxml.read(zf, name, "workbook")
    used = {int(n) for n in _FORMAT_ID.findall(data)}
    if not used - _NOT_NUMBERS:
        return {}
    codes = [html.unescape(m.group(2).decode("utf-8", "replace")) for m in _FORMAT_CODE.finditer(data)]
    if not (used & BUILTIN.keys()) and not any(map(_number_format, codes)):
        return {}  # custom formats of dates or text only
    root = xml_fromstring(data)
    formats: dict[int, NumberFormat | None] = {}
    for el in root.iter():
        if _local(el.tag) == "numFmt":
            number = _int_attr(el.get("numFmtId"))
            if number is not None:  # a workbook may redefine a built-in id
                formats[number] = _number_format(el.get("formatCode") or "")
    out: dict[int, NumberFormat] = {}
    xfs = next((el for el in root.iter() if _local(el.tag) == "cellXfs"), None)
    for i, xf in enumerate(x for x in (xfs if xfs is not None else ()) if _local(x.tag) == "xf"):
        number = _int_attr(xf.get("numFmtId")) or 0
        shown = formats[number] if number in formats else _builtin_format(number)
        if shown is not None:
            out[i] = shown
    return out


def text_styles(zf: zipfile.ZipFile) -> dict[int, TextFormat]:
    """Cell style → its number format's text section, for the styles whose format shows a text
    cell with text of its own around it (``"Total: "@``, ``0;-0;0;"Item "@``; see
    :func:`._numfmt.text_format`): calamine gives the cell's text alone. Empty, without a parse
    of the part, for a workbook whose format codes write no ``@`` (most)."""
    name = next((n for n in ("xl/styles.xml", "xl/Styles.xml") if n in zf.NameToInfo), None)
    if name is None:
        return {}
    data = _ooxml.read(zf, name, "workbook")
    if b"@" not in data or not any(
        text_format(html.unescape(m.group(2).decode("utf-8", "replace"))) for m in _FORMAT_CODE.finditer(data)
    ):
        return {}  # the built-in formats' text sections (49's @, 41-44's _(@_)) show the text alone
    root = xml_fromstring(data)
    formats: dict[int, TextFormat | None] = {}
    for el in root.iter():
        if _local(el.tag) == "numFmt":
            number = _int_attr(el.get("numFmtId"))
            if number is not None:
                formats[number] = text_format(el.get("formatCode") or "")
    out: dict[int, TextFormat] = {}
    xfs = next((el for el in root.iter() if _local(el.tag) == "cellXfs"), None)
    for i, xf in enumerate(x for x in (xfs if xfs is not None else ()) if _local(x.tag) == "xf"):
        shown = formats.get(_int_attr(xf.get("numFmtId")) or 0)
        if shown is not None:
            out[i] = shown
    return out


#: the built-in formats of a date without a time (mm-dd-yy, d-mmm-yy, d-mmm, mmm-yy)
_BUILTIN_DAYS = frozenset(n for n, code in BUILTIN_DATES.items() if date_kind(code) == "date")


def date_only_styles(zf: zipfile.ZipFile) -> frozenset[int]:
    """The cell styles (indexes into ``cellXfs``) whose number format shows a date without a
    time (``yyyy-mm-dd``, ``mmm yyyy``, the built-in 14-17): python-calamine gives a cell of
    such a style holding a fraction of a day a date and time, which Excel shows as the date
    alone. Empty, without a parse of the part, for a workbook whose styles name no such
    format (most: General, numbers, dates and times)."""
    name = next((n for n in ("xl/styles.xml", "xl/Styles.xml") if n in zf.NameToInfo), None)
    if name is None:
        return frozenset()
    data = _ooxml.read(zf, name, "workbook")
    if not _BUILTIN_DAYS.intersection(int(n) for n in _FORMAT_ID.findall(data)) and not any(
        date_kind(html.unescape(m.group(2).decode("utf-8", "replace"))) == "date"
        for m in _FORMAT_CODE.finditer(data)
    ):
        return frozenset()
    root = xml_fromstring(data)
    days = set(_BUILTIN_DAYS)
    for el in root.iter():
        if _local(el.tag) == "numFmt":
            number = _int_attr(el.get("numFmtId"))
            if number is not None:  # a workbook may redefine a built-in id
                days.discard(number)
                if date_kind(el.get("formatCode") or "") == "date":
                    days.add(number)
    xfs = next((el for el in root.iter() if _local(el.tag) == "cellXfs"), None)
    cells = (x for x in (xfs if xfs is not None else ()) if _local(x.tag) == "xf")
    return frozenset(i for i, xf in enumerate(cells) if (_int_attr(xf.get("numFmtId")) or 0) in days)


#: the kinds of format that show a time: of the day, with a date, elapsed
_TIME_KINDS = ("time", "datetime", "duration")
#: the built-in formats of times, of dates and times and of elapsed time (h:mm AM/PM … m/d/yy
#: h:mm, mm:ss, [h]:mm:ss, mmss.0)
_BUILTIN_TIMES = frozenset(n for n, code in BUILTIN_DATES.items() if date_kind(code) in _TIME_KINDS)


def time_styles(zf: zipfile.ZipFile, base_1904: bool) -> dict[int, DateFormat]:
    """Cell style → its format, for the styles whose number format shows a time, a date and
    time or elapsed time (``h:mm:ss``, ``yyyy-mm-dd hh:mm``, ``[h]:mm:ss``, the built-in 18-22
    and 45-47): python-calamine gives such a cell the time to the microsecond (10:10:10.100000)
    where Excel shows it to the second or to the decimals of a second its format shows, with
    seconds a format of hours and minutes does not show (13:05:00, Excel's 1:05 PM at ``h:mm
    AM/PM``), a date and time where a format of times shows the time of day alone (1900-01-01
    02:02:58.560000, Excel's 2:02:59), and elapsed time cut to the second (26:02:58, Excel's
    26:02:59). Empty, without a parse of the part, for a workbook whose styles name no such
    format."""
    name = next((n for n in ("xl/styles.xml", "xl/Styles.xml") if n in zf.NameToInfo), None)
    if name is None:
        return {}
    data = _ooxml.read(zf, name, "workbook")
    if not _BUILTIN_TIMES.intersection(int(n) for n in _FORMAT_ID.findall(data)) and not any(
        date_kind(html.unescape(m.group(2).decode("utf-8", "replace"))) in _TIME_KINDS
        for m in _FORMAT_CODE.finditer(data)
    ):
        return {}
    root = xml_fromstring(data)
    formats: dict[int, DateFormat | None] = {
        n: time_format(BUILTIN_DATES[n], base_1904) for n in _BUILTIN_TIMES
    }
    for el in root.iter():
        if _local(el.tag) == "numFmt":
            number = _int_attr(el.get("numFmtId"))
            if number is not None:  # a workbook may redefine a built-in id
                formats[number] = time_format(el.get("formatCode") or "", base_1904)
    out: dict[int, DateFormat] = {}
    xfs = next((el for el in root.iter() if _local(el.tag) == "cellXfs"), None)
    for i, xf in enumerate(x for x in (xfs if xfs is not None else ()) if _local(x.tag) == "xf"):
        shown = formats.get(_int_attr(xf.get("numFmtId")) or 0)
        if shown is not None and shown.kind in _TIME_KINDS:
            out[i] = shown
    return out


def sheet_date_cells(zf: zipfile.ZipFile, part: str, styles: frozenset[int]) -> dict[int, dict[int, None]]:
    """0-based row → the 0-based columns of the worksheet part's cells of ``styles`` (from
    :func:`date_only_styles`) that hold a fraction of a day or none (0), found by a search of
    the part."""
    if not styles:
        return {}
    data = _ooxml.read(zf, part, "worksheet")
    wanted = b"|".join(str(i).encode() for i in sorted(styles))
    cell = re.compile(
        rb"<(?:[\w.-]+:)?c\s([^>]*?\bs\s*=\s*[\"'](?:" + wanted + rb")[\"'][^>]*)>"
        rb"\s*(?:<(?:[\w.-]+:)?f\b[^>]*?(?:/>|>[^<]*</(?:[\w.-]+:)?f>))?\s*<(?:[\w.-]+:)?v>\s*(?:\d+\.\d|0\s*<)"
    )
    out: dict[int, dict[int, None]] = {}
    for m in cell.finditer(data):
        attrs = {key.rsplit(b":", 1)[-1]: value for key, _, value in _TAG_ATTR.findall(b" " + m.group(1))}
        where = _ref(attrs.get(b"r", b"").decode("ascii", "replace"))
        if where is not None and attrs.get(b"t", b"n") == b"n":
            out.setdefault(where[0], {})[where[1]] = None
    return out


#: 0-based row → 0-based column → the date and time its record holds (None: whatever the reader
#: gives), for the cells whose format shows a date without a time
DayCells = Mapping[int, Mapping[int, dt.datetime | dt.time | None]]
#: the values a reader makes of a serial number in a format of dates
_DAY_VALUES = frozenset((dt.datetime, dt.time))


def _days_only(
    rows: Iterator[tuple[int, Sequence[Any]]],
    first_col: int,
    cells: Callable[[], DayCells],
    zero: Any,
) -> Iterator[tuple[int, Sequence[Any]]]:
    """The rows with each date and time of a cell of ``cells`` (asked for when the first date
    and time of the rows is met: most sheets hold none, and are not searched) cut to its date,
    and each time of day (a number below 1) made ``zero`` (see :func:`day_zero`), where its
    record holds that same value."""
    found: DayCells | None = None
    for r, values in rows:
        if not _DAY_VALUES.isdisjoint(map(type, values)):
            if found is None:
                found = cells()
            cols = found.get(r)
            if cols:
                values = list(values)
                for col, held in cols.items():
                    i = col - first_col
                    if 0 <= i < len(values) and type(values[i]) in _DAY_VALUES and held in (None, values[i]):
                        values[i] = values[i].date() if type(values[i]) is dt.datetime else zero
        yield r, values


def _number_styles(zf: zipfile.ZipFile | None, warnings: list[str]) -> dict[int, NumberFormat]:
    """:func:`number_styles`, with a styles part that cannot be read a warning."""
    if zf is None:
        return {}
    return _or_warning(lambda: number_styles(zf), "number formats", warnings, {})


def _int_attr(value: str | None) -> int | None:
    return int(value) if value and value.isdigit() and len(value) < 10 else None


def sheet_numbers(
    zf: zipfile.ZipFile,
    part: str,
    styles: Mapping[int, NumberFormat | DateFormat],
    texts: Mapping[int, TextFormat] = MappingProxyType({}),
) -> SheetShown:
    """0-based row → 0-based column → the text (``12.5%``, ``$1,234.50``) of the worksheet
    part's numeric cells whose style formats their number (``styles`` from
    :func:`number_styles`); calamine gives the stored number (``0.125``, ``1234.5``); or the
    time, or date and time, as Excel shows it, of a cell whose style is one of
    :func:`time_styles`; or the :class:`TextFormat` of a text cell whose style is one of
    ``texts`` (:func:`text_styles`), which shows the text calamine gives. A search finds the
    cells of those styles without parsing the part."""
    data = _ooxml.read(zf, part, "worksheet")
    wanted = b"|".join(str(i).encode() for i in {*styles, *texts})
    cell = re.compile(rb"<(?:[\w.-]+:)?c\s[^>]*?\bs\s*=\s*[\"'](?:" + wanted + rb")[\"'][^>]*>")
    out: SheetShown = {}
    times: ShownCache = {}  # (number, style) → the time shown
    for m in cell.finditer(data):
        tag = m.group(0)
        if tag.endswith(b"/>"):
            continue
        attrs = {key.rsplit(b":", 1)[-1]: value for key, _, value in _TAG_ATTR.findall(tag)}
        where = _ref(attrs.get(b"r", b"").decode("ascii", "replace"))
        style = _int_attr(attrs.get(b"s", b"").decode("ascii", "replace")) or -1
        kind = attrs.get(b"t", b"n")
        if kind in _TEXT_KINDS and where is not None and style in texts:
            out.setdefault(where[0], {})[where[1]] = texts[style]  # shown over calamine's text
            continue
        shown = styles.get(style)
        if where is None or shown is None or kind != b"n":
            continue
        value = _ERROR_VALUE.match(data, m.end())
        if value is None:
            continue
        stored = value.group(1).decode("ascii", "replace").strip()
        if type(shown) is DateFormat:
            try:
                when = shown_value(float(stored), int(attrs[b"s"]), shown, times)
            except ValueError:
                continue
            if when is not None:
                out.setdefault(where[0], {})[where[1]] = when
            continue
        text = shown.show(stored)
        if text:  # a section that shows nothing (0.00;-0.00;;@ for zero) keeps the number
            out.setdefault(where[0], {})[where[1]] = CellNumber(text)
    return out


#: the cell types of a worksheet part holding text: shared, inline, a formula's
_TEXT_KINDS = frozenset((b"s", b"inlineStr", b"str"))


def _text_styles(zf: zipfile.ZipFile | None, warnings: list[str]) -> dict[int, TextFormat]:
    """:func:`text_styles`, with a styles part that cannot be read a warning."""
    if zf is None:
        return {}
    return _or_warning(lambda: text_styles(zf), "text formats", warnings, {})


def _time_styles(zf: zipfile.ZipFile | None, warnings: list[str]) -> dict[int, DateFormat]:
    """:func:`time_styles`, with a styles part that cannot be read a warning."""
    if zf is None:
        return {}
    return _or_warning(lambda: time_styles(zf, xlsx_1904(zf)), "time formats", warnings, {})


def _sheet_numbers(
    zf: zipfile.ZipFile | None,
    part: str,
    sheet: str,
    styles: Mapping[int, NumberFormat | DateFormat],
    warnings: list[str],
    texts: Mapping[int, TextFormat] = MappingProxyType({}),
) -> SheetShown:
    """:func:`sheet_numbers`, with a part that cannot be read a warning (the cells then keep
    the numbers and the texts calamine gives)."""
    if zf is None or not (styles or texts):
        return {}
    return _or_warning(
        lambda: sheet_numbers(zf, part, styles, texts), f"sheet {sheet!r}: number formats", warnings, {}
    )


def _sheet_errors(zf: zipfile.ZipFile | None, part: str, sheet: str, warnings: list[str]) -> SheetErrors:
    """:func:`sheet_errors`, with a part that cannot be searched or read a warning (the sheet's
    error cells then stay empty, as calamine gives them)."""
    if zf is None:
        return {}
    return _or_warning(lambda: sheet_errors(zf, part), f"sheet {sheet!r}: error values", warnings, {})


#: a cell holding a formula, in a worksheet part (``<c r="A1"><f>SUM(B1:B9)</f><v/></c>``)
_FORMULA_CELL = re.compile(rb"<(?:[\w.-]+:)?c\b[^>]*>\s*<(?:[\w.-]+:)?f[\s/>]")


def _holds_formulas(zf: zipfile.ZipFile | None, part: str | None) -> bool:
    """Whether a worksheet part of which no cell was read holds formulas: a workbook saved
    without their results (openpyxl writes none) has cells Excel shows and the readers read as
    empty, a loss rather than an empty sheet. False for a part that cannot be read."""
    if zf is None or part is None:
        return False
    try:
        return _FORMULA_CELL.search(_ooxml.read(zf, part, "worksheet")) is not None
    except (*_ooxml.INFLATE_ERRORS, ParseError, KeyError, OSError):
        return False


def _date_only_styles(zf: zipfile.ZipFile | None, warnings: list[str]) -> frozenset[int]:
    """:func:`date_only_styles`, with a styles part that cannot be read a warning."""
    if zf is None:
        return frozenset()
    return _or_warning(lambda: date_only_styles(zf), "date formats", warnings, frozenset())


def _sheet_days(
    zf: zipfile.ZipFile | None,
    part: str,
    sheet: str,
    styles: Callable[[], frozenset[int]],
    warnings: list[str],
) -> dict[int, dict[int, None]]:
    """:func:`sheet_date_cells` of the styles ``styles`` gives, with a part that cannot be read
    a warning (its dates then keep their time)."""
    found = styles()
    if zf is None or not found:
        return {}
    return _or_warning(
        lambda: sheet_date_cells(zf, part, found), f"sheet {sheet!r}: date formats", warnings, {}
    )


def _xls_sheet_days(
    cells: Callable[[], dict[str, dict[int, dict[int, dt.datetime | dt.time | None]]]], sheet: str
) -> DayCells:
    """The sheet's cells of :func:`xls_day_cells`; none when the stream cannot be searched (its
    dates then keep their time)."""
    try:
        return cells().get(sheet, {})
    except (struct.error, ValueError, IndexError, OverflowError):
        return {}


def _or_warning(read: Callable[[], _T], what: str, warnings: list[str], default: _T) -> _T:
    """What ``read`` gives; ``default``, with the warning "<what> could not be read (why)", when a
    part it reads is damaged."""
    try:
        return read()
    except (*_XML_ERRORS, *_ooxml.INFLATE_ERRORS, ParseError) as exc:
        message = exc.message if isinstance(exc, ParseError) else f"{type(exc).__name__}: {exc}"
        warnings.append(f"{what} could not be read ({message})"[:300])
        return default


def _with_values(
    rows: Iterator[tuple[int, Sequence[Any]]],
    first_col: int,
    errors: SheetErrors | None = None,
    shown: SheetShown | None = None,
) -> Iterator[tuple[int, Sequence[Any]]]:
    """The rows with each error value of ``errors`` put where the reader left its cell empty, and
    each number that ``shown`` holds replaced by its formatted text (``25%``). The rows as they
    are when both are empty."""
    if not errors and not shown:
        return rows
    return _put_values(rows, first_col, errors or {}, shown or {})


#: what an .ods's content.xml holds where a cell has a comment (``office:annotation``; not the
#: ``office:annotation-end`` of a comment on part of a cell's text)
_ODS_COMMENTS = (b"<office:annotation>", b"<office:annotation ")


#: the values of a reader that a cell's text in its format replaces: numbers, and the dates and
#: times it made of them (an .xlsb's cell of a date format says whether it shows a time)
_SHOWN_OVER = frozenset((float, int, dt.date, dt.datetime, dt.time, dt.timedelta))


def _put_values(
    rows: Iterator[tuple[int, Sequence[Any]]], first_col: int, errors: SheetErrors, shown: SheetShown
) -> Iterator[tuple[int, Sequence[Any]]]:
    for r, values in rows:
        found, texts = errors.get(r), shown.get(r)
        if found:
            values = list(values)
            for col, value in found.items():
                i = col - first_col
                if i < 0:
                    continue
                if i >= len(values):
                    values.extend([""] * (i + 1 - len(values)))
                if not _filled(values[i]):
                    values[i] = value
        if texts:
            values = list(values)
            width = len(values)
            for col, text in texts.items():
                i = col - first_col
                if 0 <= i < width:
                    kind = type(values[i])
                    if type(text) is CellText:  # an .ods cell's tabs and line breaks, which calamine drops
                        if kind is str:
                            values[i] = str(text)
                    elif type(text) is TextFormat:  # a text section's words around a text cell's
                        if kind is str and values[i]:
                            values[i] = text.show(values[i])
                    # an .ods duration of a day or more is text to calamine: its ISO 8601 value
                    elif kind in _SHOWN_OVER or (kind is str and ISO_DURATION.fullmatch(values[i])):
                        values[i] = text
        yield r, values


def _xls_cells(data: bytes, warnings: list[str]) -> XlsCells:
    """:func:`xls_cells`, with a stream it cannot read a warning (error cells then stay empty and
    numbers plain)."""
    return _or_warning(lambda: xls_cells(data), "error values and number formats", warnings, XlsCells())


# -- the extractor -------------------------------------------------------------------------------


def _panicked(exc: BaseException) -> bool:
    """Whether ``exc`` is a panic of python-calamine's Rust code on a damaged part (an index out
    of bounds …): pyo3's ``PanicException``, which derives from BaseException, so that ``except
    Exception`` lets it through, and which no module exports to be caught by name."""
    return type(exc).__name__ == "PanicException"


def _open_backend(data: bytes, zf: zipfile.ZipFile | None, ooxml: bool, max_chars: int) -> Backend:
    import python_calamine as pc

    ods = zf is not None and "content.xml" in zf.namelist()
    tables = ods_table_counts(zf) if ods else None
    first: Exception
    if ods and (tables is None or tables[0] > tables[1]):
        first = ParseError("a table of content.xml is not closed")
    else:
        if zf is None and (damage := xls_unreadable(data)) is not None:
            raise ParseError(f"the workbook could not be read: {damage}"[:500])
        try:
            backend = CalamineBackend(data)
        except pc.CalamineError as exc:
            first = exc
        except BaseException as exc:
            if not _panicked(exc):
                raise
            first = ParseError(f"python-calamine failed on it: {exc}"[:300])
        else:
            if tables is None or tables[0] <= len(backend.sheets):
                return backend
            backend.close()  # a table inside a cell, whose rows calamine takes for the sheet's
            first = ParseError("a table of content.xml lies inside a cell")
    if ods:
        assert zf is not None
        try:
            ods_backend = OdsBackend(zf, max_chars)
        except _XML_ERRORS as exc:
            raise ParseError(
                f"the spreadsheet could not be read: {first}; content.xml: {exc}"[:500]
            ) from None
        if ods_backend.damage:
            ods_backend.damage = f"{first}; {ods_backend.damage}"
        return ods_backend
    if not ooxml:
        raise ParseError(f"the workbook could not be read: {first}") from None
    try:
        return OpenpyxlBackend(data)
    except Exception as exc:  # openpyxl raises many types on damaged packages; both readers failed
        raise ParseError(
            f"the workbook could not be read: {first} (openpyxl: {type(exc).__name__}: {exc})"[:500]
        ) from None


def _with_member(zf: zipfile.ZipFile, name: str, payload: bytes) -> bytes | None:
    """The package of ``zf`` with its member ``name`` holding ``payload``, the others as they
    are; None when a member cannot be read."""
    out = io.BytesIO()
    try:
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
            for info in zf.infolist():
                dst.writestr(info.filename, payload if info.filename == name else zf.read(info))
    except (*_ooxml.INFLATE_ERRORS, zipfile.BadZipFile, EOFError, OSError):
        return None
    return out.getvalue()


def read_workbook(data: bytes, ctx: ExtractContext, source_type: str) -> Document:
    import python_calamine as pc

    if not data:
        return Document(
            source_type=source_type,
            blocks=(),
            family=SPREADSHEET,
            metadata={"source_type": source_type, "skipped_sheets": []},
        )
    zf: zipfile.ZipFile | None = None
    warnings: list[str] = []
    # saved with a password (or protected, and so encrypted with Excel's own): the zip it holds
    data = decrypted(data, ctx, ctx.filename or "workbook", workbook=True)
    macros: Skipped | None = None
    if data[:8] == OLE_MAGIC:
        macros = _check_ole(data)
        if source_type != "xls":
            warnings.append(f"a legacy .xls workbook saved under a .{source_type} name; read as .xls")
        missing = directory_cut(data)
        if missing:
            # the entry cut short is not the Workbook stream's (olefile found that one whole):
            # read as an empty entry, every cell is read, where python-calamine would panic
            data += bytes(missing)
            warnings.append("the file is cut short inside its directory; its last entry was read as empty")
    elif data[:2] == b"PK":
        try:
            zf = open_zip(data, ctx.limits, "workbook")
        except NotImplementedError as exc:  # zipfile's answer to an unknown zip version or method
            raise ParseError(f"workbook is not a readable zip archive: {exc}") from None
        # an OpenDocument spreadsheet saved with a password: the package with its parts decrypted
        plain = odf_decrypted(zf, ctx, ctx.filename or "workbook")
        if plain is not None:
            zf.close()
            data = plain
            zf = open_zip(data, ctx.limits, "workbook")
    else:
        raise ParseError(f"not a {source_type} workbook: neither a zip package nor an OLE compound file")

    unlinked: dict[str, str] = {}  # sheets listed without a part: why
    if zf is not None and "content.xml" not in zf.NameToInfo:
        unlinked = _or_warning(partial(unlinked_sheets, zf), "sheet relationships", warnings, {})
        if unlinked and "xl/workbook.bin" in zf.NameToInfo:
            # python-calamine panics on a sheet's id the relationships lack: a null one instead
            book = _or_warning(partial(xlsb_null_unknown_ids, zf), "sheet relationships", warnings, None)
            patched = _with_member(zf, "xl/workbook.bin", book) if book is not None else None
            if patched is not None:
                zf.close()
                data = patched
                zf = open_zip(data, ctx.limits, "workbook")
    ooxml = (
        zf is not None
        and "[Content_Types].xml" in zf.namelist()
        and not any(n.endswith(".bin") and n.startswith("xl/workbook") for n in zf.namelist())
    )
    backend = _open_backend(data, zf, ooxml, ctx.limits.max_text_chars)
    # calamine reads the error cells of an .xlsb as empty, and its numbers plain; its binary parts
    # say what they hold, and its workbook part names the sheets (and so the sheets of its pictures)
    xlsb_parts: dict[str, str] = {}
    xlsb_number_styles: dict[int, NumberFormat | DateFormat] = {}
    if (
        zf is not None
        and not ooxml
        and "xl/workbook.bin" in zf.NameToInfo
        and isinstance(backend, CalamineBackend)
    ):
        xlsb_parts = _or_warning(lambda: xlsb_sheet_parts(zf), "sheet parts", warnings, {})
        if xlsb_parts:
            base_1904 = _or_warning(lambda: xlsb_1904(zf), "date system", warnings, False)
            xlsb_number_styles = _or_warning(
                lambda: xlsb_styles(zf, base_1904=base_1904), "number formats", warnings, {}
            )
    pictures = SheetPictures()
    comments = None
    objects: list[Skipped] = []  # files embedded in the workbook that no sheet shows
    embeds: dict[str, list[tuple[_ooxml.Rel | None, str, str | None]]] = {}  # by sheet: sheet_objects
    sheet_parts: list[tuple[str | None, str]] = []
    if zf is not None:
        try:
            if "content.xml" in zf.namelist():
                pictures = ods_pictures(zf)
            else:
                sheet_parts = ooxml_sheets(zf)
                if xlsb_parts:
                    named = {part: name for name, part in xlsb_parts.items()}
                    sheet_parts = [(name or named.get(part), part) for name, part in sheet_parts]
                pictures = ooxml_pictures(zf, sheet_parts)
        except _XML_ERRORS as exc:
            warnings.append(f"images could not be located: {type(exc).__name__}: {exc}"[:300])
        if ooxml:  # cell comments (notes): xl/comments1.xml …
            parts = [n for n in zf.namelist() if n.startswith("xl/comments") and n.endswith(".xml")]
            comments = _ooxml.comments_skipped(zf, parts, "comment", "workbook")
            # the files a sheet's objects embed (a Word file, a PDF, a workbook) are read after
            # the sheet; one no sheet's object shows is listed
            embedded = [n for n in zf.namelist() if n.startswith("xl/embeddings/") and not n.endswith("/")]
            for sheet_name, part in sheet_parts if embedded else ():
                found = _or_warning(
                    partial(sheet_objects, zf, part), f"sheet {sheet_name!r}: embedded objects", warnings, []
                )
                if found and sheet_name is not None:
                    embeds[sheet_name] = found
            shown = {rel.target for found in embeds.values() for rel, _, _ in found if rel is not None}
            objects = [
                Skipped(
                    "embedded object",
                    posixpath.basename(n),
                    "a file embedded in the workbook that no sheet's object shows (not read)",
                )
                for n in embedded
                if n not in shown
            ]
        elif "content.xml" in zf.namelist():  # an .ods's cell comments: office:annotation in a cell
            counts = _or_warning(
                partial(_ooxml.member_counts, zf, "content.xml", _ODS_COMMENTS), "comments", warnings, {}
            )
            comments = _ooxml.comments_entry(sum(counts.values()), "content.xml")

    # the rows each sheet's print titles repeat on every page, a clue to its header row
    title_rows = {}
    if ooxml and zf is not None:
        title_rows = _or_warning(partial(print_title_rows, zf), "print titles", warnings, {})
    elif xlsb_parts and zf is not None:  # an .xlsb's defined names are records of its workbook part
        title_rows = _or_warning(partial(xlsb_print_titles, zf), "print titles", warnings, {})
    merges: dict[str, list[Merge]] = {}
    ods_errors: dict[str, SheetErrors] = {}
    ods_shown: dict[str, SheetShown] = {}
    if zf is not None and "content.xml" in zf.namelist():
        try:
            merges, ods_errors, ods_shown = ods_merges_and_errors(zf)
        except (*_XML_ERRORS, *_ooxml.INFLATE_ERRORS) as exc:
            warnings.append(
                f"merged cells, error values and percentages could not be read: {type(exc).__name__}: {exc}"[
                    :300
                ]
            )
    # calamine reads the error cells of a legacy .xls as empty too, and its numbers plain; its
    # records say what they hold and how they are shown
    legacy = _xls_cells(data, warnings) if zf is None and isinstance(backend, CalamineBackend) else XlsCells()
    if legacy.title_rows:  # a legacy .xls's print titles are NAME records of its globals
        title_rows = legacy.title_rows
    xls_days = cache(partial(xls_day_cells, legacy))  # searched when a sheet first gives a date and time
    shown_cache: dict[tuple[float, int], Any] = {}  # (number, style) → what the cell shows
    worksheets = [s.name for s in backend.sheets if s.kind == "worksheet"]
    # calamine reads error cells as empty; the xlsx family's parts say what they hold
    sheet_part = {name: part for name, part in sheet_parts if name is not None}
    error_parts = sheet_part if ooxml and isinstance(backend, CalamineBackend) else {}
    if None in pictures.pictures and len(worksheets) == 1:  # in-cell pictures of a one-sheet book
        pictures.pictures.setdefault(worksheets[0], []).extend(pictures.pictures.pop(None))
    blocks: list[Block] = []
    skipped: list[Skipped] = []
    read: list[str] = []
    images: dict[str, Image] = {}
    budget = ctx.limits.max_text_chars
    unreadable = 0
    fallback: _LazyOpenpyxl | None = None
    styles: dict[int, NumberFormat] | None = None  # the styles formatting numbers, read on first use
    # the styles of dates without a time, read once (most workbooks have none)
    days = cache(partial(_date_only_styles, zf, warnings))
    times = cache(partial(_time_styles, zf, warnings))  # the styles of times, read once
    texts = cache(partial(_text_styles, zf, warnings))  # the styles showing text around a text's
    # each sheet's place among the workbook's tabs, where the reader's numbering leaves one out
    # (python-calamine drops an .xlsb's sheet listed without a relationship id)
    tabs: dict[str, int] = {}
    if unlinked and zf is not None and "xl/workbook.bin" in zf.NameToInfo:
        names = _or_warning(partial(xlsb_sheet_names, zf), "sheet order", warnings, [])
        tabs = {name: i for i, name in enumerate(names)}
    worksheet_meta = [
        {"sheet_name": sheet.name, "sheet_index": tabs.get(sheet.name, sheet.index), "hidden": sheet.hidden}
        for sheet in backend.sheets
        if sheet.kind == "worksheet"
    ]
    # the titles of the charts on the worksheets of an .xlsx or an .xlsb (whose drawings and
    # charts are XML parts too), said after each sheet's cells
    chart_titles: dict[str, list[Block]] = {}
    if (ooxml or xlsb_parts) and zf is not None and pictures.chart_sheets and sheet_parts:
        chart_titles = _or_warning(
            partial(
                ooxml_chart_titles,
                zf,
                sheet_parts,
                pictures.chart_sheets,
                {m["sheet_name"]: m for m in worksheet_meta},
            ),
            "chart titles",
            warnings,
            {},
        )
    elif zf is not None and "content.xml" in zf.NameToInfo:  # an .ods: its chart objects' titles
        chart_titles, unread_charts = _or_warning(
            partial(ods_chart_titles, zf, {m["sheet_name"]: m for m in worksheet_meta}),
            "chart titles",
            warnings,
            ({}, []),
        )
        skipped.extend(unread_charts)
    try:
        for sheet in backend.sheets:
            if sheet.kind != "worksheet":
                meta = {
                    "sheet_name": sheet.name,
                    "sheet_index": tabs.get(sheet.name, sheet.index),
                    "hidden": sheet.hidden,
                }
                charted, reasons = [], []
                if sheet.kind == "chartsheet" and zf is not None and sheet.name in sheet_part:
                    charted, reasons = _or_warning(
                        partial(chart_sheet_blocks, zf, sheet_part[sheet.name], meta, skipped),
                        f"chart sheet {sheet.name!r}",
                        warnings,
                        ([], []),
                    )
                if charted:  # a tab of a chart alone: the chart's title and values, its pictures
                    skipped.extend(Skipped("chart", sheet.name, reason) for reason in reasons)
                    names = _sheet_images(zf, pictures.pictures.pop(sheet.name, []), meta, images, skipped)
                    blocks.extend(charted)
                    blocks.extend(
                        Block(IMAGE, "", alt=images[n].alt or n, images=(n,), meta=meta) for n in names
                    )
                    read.append(sheet.name)
                    continue
                reason = f"{sheet.kind}: " + (
                    "; ".join(reasons) or _NOT_READ.get(sheet.kind, "no cells to read")
                )
                skipped.append(Skipped("sheet", sheet.name, reason[:300]))
                unreadable += 1
                continue
            if sheet.name in unlinked:  # openpyxl lists it, and reads no cells for it
                reason = unlinked.pop(sheet.name)
                skipped.append(Skipped("sheet", sheet.name, reason))
                warnings.append(f"sheet {sheet.name!r} was not read: {reason}"[:300])
                unreadable += 1
                continue
            part = sheet_part.get(sheet.name)
            if ooxml and zf is not None and part is not None and not _ooxml.has_member(zf, part):
                # the workbook lists the sheet, but the package lacks its part: whatever reads it
                # finds nothing, and the sheet keeps its place (the next ones their indexes)
                reason = f"its part {part} is missing from the package"
                skipped.append(Skipped("sheet", sheet.name, reason))
                warnings.append(f"sheet {sheet.name!r} was not read: {reason}"[:300])
                unreadable += 1
                continue
            try:
                try:
                    raw = backend.read(sheet)
                except pc.CalamineError as exc:
                    if not error_parts:
                        raise
                    # calamine gives up a whole sheet for one value it does not know (Excel
                    # 365's #SPILL!, #CALC! …); openpyxl reads that sheet instead
                    fallback = fallback or _LazyOpenpyxl(data)
                    raw, damage = fallback.read(sheet, exc)
                    raw.merged = _sheet_merges(zf, error_parts.get(sheet.name), sheet.name, warnings)
                    if damage is not None:
                        warnings.append(
                            f"sheet {sheet.name!r} is damaged {damage}; the rows before were read"[:300]
                        )
                else:
                    part = error_parts.get(sheet.name)
                    if part is not None:
                        errors = _sheet_errors(zf, part, sheet.name, warnings)
                        if styles is None:
                            styles = _number_styles(zf, warnings)
                        shown = _sheet_numbers(zf, part, sheet.name, {**styles, **times()}, warnings, texts())
                        raw.rows = _with_values(raw.rows, raw.first_col, errors, shown)
                        if days():
                            raw.rows = _days_only(
                                raw.rows,
                                raw.first_col,
                                partial(_sheet_days, zf, part, sheet.name, days, warnings),
                                day_zero(xlsx_1904(zf)),
                            )
                        raw.links = _sheet_links(zf, part, sheet.name, warnings)
                    elif isinstance(backend, CalamineBackend):
                        raw.rows = _with_values(
                            raw.rows,
                            raw.first_col,
                            ods_errors.get(sheet.name) or legacy.errors.get(sheet.name),
                            ods_shown.get(sheet.name),
                        )
                        raw.rows = _with_xls_numbers(
                            raw.rows,
                            raw.first_col,
                            legacy.numbers.get(sheet.name),
                            legacy.styles,
                            shown_cache,
                        )
                        if legacy.days:
                            raw.rows = _days_only(
                                raw.rows,
                                raw.first_col,
                                partial(_xls_sheet_days, xls_days, sheet.name),
                                day_zero(legacy.base_1904),
                            )
                        part = xlsb_parts.get(sheet.name)
                        if part is not None:
                            found = _or_warning(
                                partial(xlsb_cells, zf, part, xlsb_number_styles, shown_cache),
                                f"sheet {sheet.name!r}: error values and number formats",
                                warnings,
                                ({}, {}),
                            )
                            raw.rows = _with_values(raw.rows, raw.first_col, *found)
                if not raw.merged and merges.get(sheet.name):
                    raw.merged = merges[sheet.name]
                hidden: list[tuple[int, int]] = []
                tables = read_tables(
                    raw, char_budget=budget, header_rows=title_rows.get(sheet.name), hidden=hidden
                )
            except (pc.CalamineError, *_XML_ERRORS, EOFError, IndexError, TypeError) as exc:
                skipped.append(Skipped("sheet", sheet.name, f"unreadable: {type(exc).__name__}: {exc}"[:300]))
                unreadable += 1
                continue
            except BaseException as exc:
                if not _panicked(exc):
                    raise
                skipped.append(
                    Skipped("sheet", sheet.name, f"unreadable: python-calamine failed on it: {exc}"[:300])
                )
                unreadable += 1
                continue
            if hidden:
                skipped.append(merge_hidden(sheet.name, hidden))
            meta = {
                "sheet_name": sheet.name,
                "sheet_index": tabs.get(sheet.name, sheet.index),
                "hidden": sheet.hidden,
            }
            anchored: dict[str, int] = {}  # image name → the 0-based row its anchor starts on
            rows_of = {part: row for (name, part), row in pictures.rows.items() if name == sheet.name}
            names = _sheet_images(
                zf, pictures.pictures.pop(sheet.name, []), meta, images, skipped, rows_of, anchored
            )
            titled = chart_titles.pop(sheet.name, [])  # its charts' titles, after its cells
            if not tables:
                if sheet.name in pictures.chart_sheets and not names and not titled:
                    reason = "chart only: no cells"
                    unreadable += 1
                elif ooxml and _holds_formulas(zf, sheet_part.get(sheet.name)):
                    reason = "formulas without saved results: not read"
                else:
                    reason = "empty: no cells"
                if names or titled:  # a sheet of pictures or charts (their cells elsewhere)
                    blocks.extend(
                        Block(IMAGE, "", alt=images[n].alt or n, images=(n,), meta=meta) for n in names
                    )
                    blocks.extend(titled)
                    read.append(sheet.name)
                else:
                    # an empty sheet holds nothing to miss; a chart's data is not read
                    skipped.append(
                        Skipped("sheet", sheet.name, reason, on_purpose=reason.startswith("empty"))
                    )
                continue
            budget -= tables[0].chars
            merged = [f"{cell_ref(r0, c0)}:{cell_ref(r1, c1)}" for r0, c0, r1, c1 in sorted(raw.merged)]
            if merged:
                meta["merged"] = merged
            shown = [t for t in tables if t.rows or t.has_header]  # the tables given a block
            by_table = _pictures_by_table(shown, names, anchored)
            for table in tables:
                blocks.extend(
                    Block(PARAGRAPH, text, meta={**meta, "row_range": [n, n]}) for n, text in table.titles
                )
                notes = [
                    Block(PARAGRAPH, text, meta={**meta, "row_range": [n, n]}) for n, text in table.notes
                ]
                if not table.rows and not table.has_header:
                    blocks.extend(notes)
                    continue
                table_meta = dict(meta)
                if table.cols is not None:
                    first, last = table.top or table.row_numbers[0], table.row_numbers[-1]
                    table_meta["table_range"] = (
                        f"{cell_ref(first - 1, table.cols[0])}:{cell_ref(last - 1, table.cols[1])}"
                    )
                if not table.has_header:
                    table_meta["has_header"] = False
                blocks.append(
                    Block(
                        TABLE,
                        table_text(table.header, table.rows),
                        header=table.header,
                        rows=table.rows,
                        row_numbers=table.row_numbers,
                        images=by_table.get(id(table), ()),
                        meta=table_meta,
                    )
                )
                blocks.extend(notes)
            blocks.extend(titled)
            read.append(sheet.name)
    finally:
        backend.close()
        if fallback is not None:
            fallback.close()
    for name, reason in unlinked.items():  # sheets the reader left out of its list (an .xlsb's)
        skipped.append(Skipped("sheet", name, reason))
        warnings.append(f"sheet {name!r} was not read: {reason}"[:300])
        unreadable += 1
    loose = [p for key, ps in pictures.pictures.items() for p in ps]  # sheet unknown
    if loose:
        names = _sheet_images(zf, loose, {}, images, skipped)
        target = next((i for i, b in enumerate(blocks) if b.kind == TABLE), None)
        if target is not None:
            b = blocks[target]
            blocks[target] = replace(b, images=b.images + tuple(n for n in names if n not in b.images))
        else:
            blocks.extend(Block(IMAGE, "", alt=images[n].alt or n, images=(n,)) for n in names)
    held = Attached()
    if embeds and zf is not None:
        blocks, held = _embedded_files(zf, embeds, worksheet_meta, blocks, ctx)
        for image in held.images:
            images.setdefault(image.name, image)
        skipped += held.skipped
        warnings += held.warnings
    damage = backend.damage if isinstance(backend, OdsBackend) else None
    if not blocks and damage:
        raise ParseError(f"the spreadsheet could not be read: {damage}"[:500])
    if damage:
        warnings.append(f"the spreadsheet is damaged ({damage}); what comes before the damage was read"[:500])
    if not blocks and unreadable:
        listed = "; ".join(f"{s.name}: {s.reason}" for s in skipped if s.what == "sheet")
        raise ParseError(f"no readable sheet in the workbook ({listed})"[:500])
    skipped_sheets = [s.name for s in skipped if s.what == "sheet"]
    metadata: dict[str, Any] = {"source_type": source_type}
    if zf is not None:
        metadata.update(_properties(zf, ctx.filename or source_type.upper(), warnings))
    metadata["skipped_sheets"] = skipped_sheets
    if comments is not None:
        skipped.append(comments)
    if zf is not None:
        macros = _ooxml.macros_skipped(zf, "xl")
    if macros is not None:
        skipped.append(macros)
    skipped += objects
    coverage = Coverage(
        sheets_read=tuple(read),
        hidden_read=hidden_read(blocks),
        attachments_indexed=tuple(held.indexed),
        headers_footers_removed=tuple(held.removed),
        images_extracted=len(images),
        skipped=tuple(skipped),
        warnings=tuple(warnings),
        notes=tuple(held.notes),
    )
    return assemble(
        source_type,
        blocks,
        family=SPREADSHEET,
        images=tuple(images.values()),
        metadata=metadata,
        coverage=coverage,
    )


_OLE_OBJECT = re.compile(rb"<(?:[\w.-]+:)?oleObject\s[^>]*>")


def sheet_objects(zf: zipfile.ZipFile, part: str) -> list[tuple[_ooxml.Rel | None, str, str | None]]:
    """The OLE objects (``oleObject``) of the worksheet part, in its order, each once (Excel
    writes one twice: for new readers and as a fallback): the relationship naming the part it
    embeds (None when there is none), its id and the object's ProgID. Empty, without reading the
    sheet, when the sheet's relationships name no embedded part."""
    rels = _ooxml.rels_of(zf, part, "worksheet")
    if not any(rel.type in OBJECT_RELS for rel in rels.values()):
        return []
    out: list[tuple[_ooxml.Rel | None, str, str | None]] = []
    seen: set[str] = set()
    for m in _OLE_OBJECT.finditer(_ooxml.read(zf, part, "worksheet")):
        attrs = {key.rsplit(b":", 1)[-1]: value for key, _, value in _TAG_ATTR.findall(m.group(0))}
        rid = html.unescape(attrs.get(b"id", b"").decode("utf-8", "replace"))
        if rid and rid not in seen:
            seen.add(rid)
            prog_id = (
                html.unescape(attrs[b"progId"].decode("utf-8", "replace")) if b"progId" in attrs else None
            )
            out.append((rels.get(rid), rid, prog_id or None))
    return out


def _embedded_files(
    zf: zipfile.ZipFile,
    embeds: dict[str, list[tuple[_ooxml.Rel | None, str, str | None]]],
    sheets: list[dict[str, Any]],
    blocks: list[Block],
    ctx: ExtractContext,
) -> tuple[list[Block], Attached]:
    """``blocks`` with the files each sheet's objects embed (``embeds``, by sheet name) read
    after that sheet's blocks (where they would stand for a sheet without any), each under an
    ``Embedded: name`` heading, its blocks carrying the sheet's name, index and hidden flag (the
    ``sheets``' metadata, in order) so that every mode takes them as that sheet's. They are read
    once every sheet is, the workbook's own text reserved first in the text limit."""
    attacher = Attacher(ctx)
    attacher.own = text_chars(blocks)
    held = Attached()
    ends: dict[str, int] = {}
    for i, block in enumerate(blocks):
        name = block.meta.get("sheet_name")
        if name is not None:
            ends[name] = i + 1
    places: list[tuple[int, list[Block]]] = []
    at = 0
    for meta in sheets:
        at = ends.get(meta["sheet_name"], at)
        here: list[Block] = []
        for rel, rid, prog_id in embeds.get(meta["sheet_name"], ()):
            got = _embedded.read_object(zf, rel, rid, prog_id, attacher, "workbook", level=1, meta=meta)
            here += got.blocks
            held.add(got)
        if here:
            places.append((at, here))
    out = list(blocks)
    for at, here in reversed(places):  # back to front: each place counted before still holds
        out[at:at] = here
    return out, held


def _properties(zf: zipfile.ZipFile, what: str, warnings: list[str]) -> dict[str, str]:
    """The workbook's title and author, as the word processors of its family give them: the
    xlsx family's ``title``/``author`` from ``docProps/core.xml``, an ODS file's
    ``title``/``creator`` from ``meta.xml``. A damaged part costs only a warning."""
    try:
        if "meta.xml" in zf.NameToInfo:
            from .odf import _meta

            return _meta(_ooxml.member_xml(zf, "meta.xml", what))
        return _ooxml.core_properties(zf, what)
    except (ParseError, *_XML_ERRORS) as exc:
        warnings.append(f"document properties could not be read: {exc}"[:300])
        return {}


def _pictures_by_table(
    tables: Sequence[SheetTable], names: Sequence[str], anchored: Mapping[str, int]
) -> dict[int, tuple[str, ...]]:
    """The pictures of a sheet by the table (its ``id``) after which they are shown: the last
    table starting on or above the row a picture's anchor starts on; the first table for a
    picture above them all, or whose anchor is not known."""
    if not tables:
        return {}
    out: dict[int, list[str]] = {}
    for name in names:
        row = anchored.get(name)
        chosen = tables[0]
        if row is not None:
            for table in tables:
                if (table.top or (table.row_numbers or (0,))[0]) <= row + 1:
                    chosen = table
        out.setdefault(id(chosen), []).append(name)
    return {key: tuple(found) for key, found in out.items()}


def _sheet_images(
    zf: zipfile.ZipFile | None,
    pictures: list[tuple[str, str | None]],
    meta: dict[str, Any],
    images: dict[str, Image],
    skipped: list[Skipped],
    rows: Mapping[str, int] | None = None,
    at: dict[str, int] | None = None,
) -> list[str]:
    """The names of the pictures of a sheet once admitted, in order; with ``rows`` (part name →
    the 0-based row its anchor starts on), each one's row put in ``at`` by name."""
    names: list[str] = []
    if zf is None:
        return names
    for part, alt in pictures:
        try:
            payload = read_member(zf, part)
        except _XML_ERRORS as exc:
            skipped.append(Skipped("image", posixpath.basename(part), f"damaged image part: {exc}"[:200]))
            continue
        ext = posixpath.splitext(part)[1].lstrip(".")
        img_meta = {k: meta[k] for k in ("sheet_name", "sheet_index") if k in meta}
        admitted = admit(payload, ext, source_name=posixpath.basename(part), alt=alt, meta=img_meta)
        if isinstance(admitted, Skipped):
            if admitted not in skipped:
                skipped.append(admitted)
            continue
        images.setdefault(admitted.name, admitted)
        if admitted.name not in names:
            names.append(admitted.name)
        if rows and at is not None and part in rows:
            at.setdefault(admitted.name, rows[part])
    return names


def _register(source_type: str, *extensions: str) -> None:
    def run(data: bytes, ctx: ExtractContext) -> Document:
        return read_workbook(data, ctx, source_type)

    extractor(
        *extensions,
        name=source_type,
        # xlsx 2: cell comments counted in the coverage; 3 and ods 2: error values (#N/A …),
        # which calamine reads as empty, taken from the parts; xlsx 4, ods 3, xlsb and xls 2:
        # several tables on a sheet, headers merged over two rows, workbook title and author,
        # the rows of a damaged sheet before the damage, percentages as their format shows them
        # (xlsx and ods); xlsx 5: numbers as their format shows them ($1,234.50, 1.23E+06), a
        # list of links not headed by its first item; ods 4: currencies as LibreOffice shows
        # them; xls 3: error values (#DIV/0! …), which calamine reads as empty, taken from the
        # records; xlsx 5, ods 4, xls and xlsb 3: a line over a table's header (a pivot table's)
        # is its title;
        # xlsx 5: the merged ranges of a sheet read by openpyxl;
        # xls 4: numbers as their format shows them (25%, $1,234.50), from the XF records;
        # xlsb 4: error values, and numbers as their format shows them, from the binary parts;
        # ods 5: <text:s/> spaces kept (-12,50 €), numbers of a number style other than General
        # as LibreOffice shows them (1,234.50) or, without a text, as their style does;
        # xlsx 6: the numbers of a sheet read by openpyxl as their format shows them;
        # xlsx 6, ods 5, xls and xlsb 4: a one-column list of addresses or numbered items not
        # headed by its first item, linked short phrases over links a header, the line over a
        # pivot table's header at the top of its sheet its title; a conditional number format's
        # section picked by its condition, a date format without a time showing the date alone;
        # xlsb 4: cells of a date format read as dates (RK integers, mmm yyyy); pictures tied to
        # their sheet in a book of several sheets;
        # xlsx 7, xls and xlsb 5: a number below 1 in a format of a date alone shows Excel's day
        # zero (1900-01-00; 1904-01-01 counted from 1904), not a time;
        # ods 6: a table inside a cell is that cell's text, and the rows after it the sheet's; a
        # number without a text shown with the separators of the document's language;
        # xls 5: a sheet declaring more cells than an .xls holds a parse error (calamine
        # aborted); xlsb 5: a panic of calamine a parse error, or its sheet skipped;
        # xlsx 7, ods 6, xls and xlsb 5: a one-column list of words in lower case or of
        # sentences not headed by its first item;
        # xlsx 8: a sheet read by openpyxl shows Excel's day zero for a number below 1 in a
        # format of a date alone, as one read by calamine; files embedded in the sheets listed;
        # xlsx 9, ods 7, xls and xlsb 6: a word in lower case over e-mail addresses, web
        # addresses or numbered items heads them (email, room over room 101);
        # xlsx 10: the files a sheet's objects embed read after the sheet, under an
        # ``Embedded: name`` heading, the workbook's own text reserved before them;
        # xlsx 11: what an embedded file's own extractor removed (a poem's margin line numbers)
        # listed; xlsx 12, ods 8, xls 7: a header over several rows joins each column's texts
        # with " / " (sales / Q1), as a Word, OpenDocument or HTML table's header rows; xls 7: a
        # file cut short inside its directory read, its last entry as an empty one; a sheet
        # placed past the end of the Workbook stream a parse error naming it; xlsx 13: the title
        # and axis titles of a worksheet's chart a paragraph after its sheet's cells (chart_type
        # in the meta, row_range the rows it covers), a sheet of titled charts alone read; ods 9:
        # the same of a chart object drawn on a sheet, one missing or not well-formed listed;
        # xlsx 14: a chart sheet read as its chart (title, axis titles, the values its part
        # keeps), in its place among the sheets; xlsb 7: the same of its worksheets' charts and
        # chart sheets, whose drawings and charts are XML parts; xlsx 14, xlsb 7: an Office 2016
        # chart (waterfall, treemap, histogram …) read so too, from the values its part keeps;
        # xlsx 15: a workbook read by openpyxl takes its chart sheets in their tab order, each
        # sheet's sheet_index its tab's; a sheet's print titles (rows repeated at the top of each
        # page) head its first table where their cells do not tell a header;
        # xlsx 16: a workbook read by openpyxl numbers its sheets as the workbook part lists
        # them (a sheet whose part is missing kept in its place, listed and warned of, in either
        # reader), its macro and dialog sheets listed as not read, not read as worksheets;
        # xlsx 16, xls and xlsb 8: a macro, dialog or VBA sheet's reason says what it holds;
        # xlsx 17, xlsb 9: print titles (an .xlsb's from its BrtName records) head whichever
        # table they lead, over all their rows, lines above them its titles
        # xlsx 18, ods 10, xls 9, xlsb 10: a sentence after a blank row under a table is a
        # note, a paragraph after it, not a row of it; xlsx 19: the print titles of a workbook
        # part in UTF-16 read; xlsx 20, xlsb 11: a sheet listed without a relationship, or
        # under an id the relationships lack, skipped saying so (an unknown id lost the workbook);
        # xlsx 21, xlsb 12: a VBA project (xl/vbaProject.bin) listed as skipped; xlsx 22, ods 11,
        # xls 10, xlsb 13: a merged range's value replaces a covered cell's hidden text; xls 11:
        # print titles (a NAME record of the workbook globals) head the table they lead; xlsx 23,
        # ods 12, xls 12, xlsb 14: a number in General read as General shows it (0.333333333, 1E-05);
        # xlsb 15: a sheet under an id the relationships lack skipped, the others read (calamine
        # panicked on it, losing the workbook); xlsb 16: the sheets after one listed without a
        # relationship id keep their tab's sheet_index; xlsx 24, ods 13, xls 13, xlsb 17: a
        # number of 16 digits or more in General in the 15 significant digits Excel keeps
        # (1.23456789012346E+15, not 1234567890123456); xlsx 25, ods 14, xls 14, xlsb 18: a
        # merged range whose top-left cell is empty shows blank, the values its other cells keep
        # hidden as in Excel; the values merged ranges hide listed (Skipped "hidden", on purpose);
        # xls 15: a VBA project (the _VBA_PROJECT_CUR storage) listed as skipped, as an .xlsm's;
        # ods 15: a time cell of a day or more, or below zero (a duration), read as 26:03:04, no
        # longer as calamine's text of its ISO 8601 value (PT26H03M04S); xlsx 26, xlsb 19: a
        # time in a format of times (h:mm:ss) the time of day, rounded to the second or to the
        # decimals of a second its format shows (1.0854: 02:02:59, not 1900-01-01 02:02:58.560000;
        # 10:10:10.1 at h:mm:ss.0), a date and time likewise; xlsx 27, xlsb 20, xls 16: a time
        # shows the parts its format shows (06:00 at h:mm, 2023-03-15 06:00 at m/d/yy h:mm), on
        # a clock of 12 hours where it says so (1:05 PM at h:mm AM/PM), elapsed time rounded to
        # the second (26:02:59, 1562:59 at [mm]:ss), in an .xls as in an .xlsx; a chart's too
        # xlsx 28, xls 17, xlsb 21: a whole day in a format of a date and time shows its
        # midnight (2023-03-16 00:00 at m/d/yy h:mm, 12:00 AM with AM/PM), not the date alone;
        # xlsx 29, xls 18, xlsb 22: minutes or seconds written with one letter without a
        # leading zero, as Excel shows them (9:5:3 at h:m:s, 5:03 at m:ss; was 09:05:03);
        # xlsx 30, xls 19, xlsb 23: the text a format writes between a time's parts shown as
        # written (09.05 at hh.mm, 05'03 at mm'ss, 0905 at hhmm; was 09:05, 05:03)
        # ods 16: a cell's tab or line break (text:tab, text:line-break) keeps the words apart
        # (calamine drops them: Unit<text:tab/>A read UnitA)
        # ods 17: cell comments (office:annotation) counted in the coverage, as an .xlsx's
        # xlsx 31, xls 20, xlsb 24: a number in a format scaling it by a thousand per comma after
        # its last placeholder (1,235K at #,##0,"K", 1.2M at #,##0.0,,"M") or writing text between
        # its digits (078-05-1120 at 000-00-0000, (212) 555-1234 at Excel's phone number format)
        # shown as Excel shows it, no longer as its plain number
        # xlsx 32, ods 18, xls 21, xlsb 25: a first row of labels and of two or more years (or
        # dates) in order over columns of figures heads its table (Region | 2021 | 2022 | 2023),
        # no longer read as data under Column 1 … Column 4; after a blank row such a row starts
        # a table of its own, no longer going on with the table above as one of its rows
        # xlsx 33, xls 22, xlsb 26: a number in a format of fractions (# ?/?, # ??/??, the built-in
        # 12 and 13) shown as Excel shows it (2 3/8), no longer as its decimals (2.375)
        # xlsx 34, xlsb 27: a picture shown after the table it stands beside or below (the last
        # starting on or above its anchor's row), no longer after the sheet's first table
        # xlsx 35, ods 19, xls 23, xlsb 28: the sheets the workbook hides listed in the coverage
        # (hidden_read), read as before; xlsx 35, xls 23, xlsb 28: a number in a format of a
        # fixed denominator shown as Excel shows it (2 3/8 at # ?/8, 2 4/8 for 2.5); xlsx 35: a
        # text cell in a format whose text section writes words around it shows them (Total:
        # paper at "Total: "@, Item tray at 0;-0;0;"Item "@); xlsx 35, ods 19, xls 23, xlsb 28:
        # in a mail or document that holds the workbook, a hidden sheet's heading says hidden
        # too (its Markdown "### Rates (hidden)", its chunk hidden: true), as its tables did
        # xlsx 36: a sheet read by openpyxl (one calamine refuses) no longer gets empty columns up
        # to the width its <dimension> states (Column 3 … Column 5 for A1:E3 over cells in A:B)
        version={"xlsx": "36", "ods": "19", "xls": "23", "xlsb": "28"}[source_type],
        source_type=source_type,
        family=SPREADSHEET,
        libraries=LIBRARIES,
        images=source_type != "xls",
    )(run)


_register("xlsx", ".xlsx", ".xlsm", ".xltx", ".xltm")
_register("xlsb", ".xlsb")
_register("xls", ".xls")
_register("ods", ".ods")
