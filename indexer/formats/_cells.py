"""What the spreadsheet readers share: the values a cell shows that are not plain text (an
error, a number in its format), the maps of such cells by row and column, the number format of
a cell style; a sheet as a reader lists it and gives its rows (:class:`SheetInfo`,
:class:`RawSheet`, :class:`Backend`) and its pictures; the relationships of a workbook's parts
and what reading a damaged part raises. They live apart from :mod:`.spreadsheet` so that the
readers of the binary workbooks and of OpenDocument (:mod:`._xls`, :mod:`._xlsb`, :mod:`._ods`)
can build them without importing the extractor that uses them.
"""

from __future__ import annotations

import datetime as dt
import posixpath
import re
import zipfile
import zlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any
from xml.etree.ElementTree import ParseError as XMLParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring as xml_fromstring
from lxml import etree

from ..zipsafe import read_member
from ._numfmt import (
    BUILTIN,
    BUILTIN_DATES,
    DateFormat,
    NumberFormat,
    compile_format,
    date_kind,
    time_parts,
)

#: What reading a damaged package part raises (XML syntax, bad deflate data, odd zip versions, an
#: XML declaration naming an encoding Python does not know).
_XML_ERRORS = (
    XMLParseError,
    DefusedXmlException,
    ValueError,
    LookupError,
    KeyError,
    zipfile.BadZipFile,
    zlib.error,
    NotImplementedError,
    EOFError,
    OSError,
    etree.LxmlError,
)


# -- cell values ---------------------------------------------------------------------------------


class CellError(str):
    """The error value of a cell (``#DIV/0!``, ``#N/A`` …), as the spreadsheet shows it: text in
    the table, but not text when telling a header row from the data under it."""

    __slots__ = ()


class CellNumber(str):
    """A number as its cell's format shows it (``25%``): text in the table, but a number when
    telling a header row from the data under it."""

    __slots__ = ()


class CellText(str):
    """A cell's text as its paragraphs show it, put over the text a reader gave for it: calamine
    reads the tab and the line break an .ods cell writes as elements (``a<text:tab/>b``) as
    nothing, and runs the words on either side together (``ab``)."""

    __slots__ = ()


Merge = tuple[int, int, int, int]
SheetErrors = dict[int, dict[int, CellError]]
#: 0-based row → 0-based column → what a cell shows in its format: a number's text
#: (:class:`CellNumber`), a date, a time or a duration, or its text as its paragraphs show it
#: (:class:`CellText`)
SheetShown = dict[int, dict[int, Any]]


_QUOTED_OR_ESCAPED = re.compile(r'"[^"]*"|\\.')
_DECIMALS = re.compile(r"\.(0+)")
_CONDITION_MARK = re.compile(r"\[\s*[<>=]")


def _number_format(code: str) -> NumberFormat | None:
    """:func:`._numfmt.compile_format`; for a code it does not understand whose first section
    shows a percentage, the percentage with that section's decimals (``0.0%" of "0``), unless
    a condition it cannot read picks the section (``[>x]0.0%;0%``)."""
    shown = compile_format(code)
    if shown is not None:
        return shown
    first = _QUOTED_OR_ESCAPED.sub("", code.split(";", 1)[0])
    if "%" not in first or _CONDITION_MARK.search(first):
        return None
    found = _DECIMALS.search(first)
    return compile_format("0." + found.group(1) + "%" if found else "0%")


def _builtin_format(number: int) -> NumberFormat | None:
    code = BUILTIN.get(number)
    return compile_format(code) if code is not None else None


def _cell_format(code: str | None, number: int, base_1904: bool) -> NumberFormat | DateFormat | None:
    """The format of a cell style whose number format is ``code`` (None: the built-in format
    ``number``): a :class:`NumberFormat` (see :func:`_number_format`), a :class:`DateFormat`
    for dates, times and elapsed time (a time shown as Excel shows it: see
    :func:`time_format`), None for General and what is not understood."""
    if code is None:
        shown = _builtin_format(number)
        code = BUILTIN_DATES.get(number)
    else:
        shown = _number_format(code)
    if shown is not None or code is None:
        return shown
    return time_format(code, base_1904)


def time_format(code: str, base_1904: bool) -> DateFormat | None:
    """The :class:`DateFormat` of ``code`` (None for a code without a date or time part), a
    time, a date and time or elapsed time shown as Excel shows it (:func:`._numfmt.time_parts`)."""
    kind = date_kind(code)
    if kind is None:
        return None
    return DateFormat(kind, base_1904, time_parts(code) if kind != "date" else None)


#: formatted numbers remembered per workbook (the same amounts and shares recur)
_SHOWN_CACHE = 65_536


def day_zero(base_1904: bool) -> CellNumber | dt.date:
    """What Excel shows for a serial number below 1 (a time of day, as the readers give it) in a
    format of a date without a time: the day before the first of the 1900 date system, which it
    writes ``1900-01-00`` (no day of the calendar: the text stands); the first day, 1904-01-01,
    in the 1904 system."""
    return dt.date(1904, 1, 1) if base_1904 else CellNumber("1900-01-00")


#: what a cache of :func:`shown_value` gives for a key it does not hold
_UNSEEN = object()
ShownCache = dict[tuple[float, int], Any]


def shown_value(
    number: float, xf: int, shown: NumberFormat | DateFormat, cache: ShownCache
) -> CellNumber | Any | None:
    """What a cell of style ``xf`` (of format ``shown``) holding ``number`` shows: its text in a
    number format (a :class:`CellNumber`), the date, time or duration of a date format (for a
    number below 1 in a format of a date alone, :func:`day_zero`); None
    where the reader's value stands (a section that shows nothing, as ``0.00;-0.00;;@`` for
    zero; what is not a finite number; a serial number that is no date). Remembered per
    ``(number, xf)`` in ``cache``, as one object, so that a value met again costs a look-up."""
    key = (number, xf)
    value = cache.get(key, _UNSEEN)
    if value is _UNSEEN:
        if type(shown) is DateFormat:
            value = shown.value(float(number))
            if type(value) is dt.time and shown.kind == "date":
                value = day_zero(shown.base_1904)
            elif type(value) is str:  # a time not in Python's form (10:10:10.1, 1:05 PM, 06:00)
                value = CellNumber(value)
        else:
            text = shown.show(repr(float(number)))
            value = CellNumber(text) if text else None
        if len(cache) < _SHOWN_CACHE:
            cache[key] = value
    return value


# -- one sheet -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SheetInfo:
    name: str
    index: int  # 0-based position in the workbook, every sheet type counted
    kind: str = "worksheet"  # worksheet, chartsheet, macrosheet, dialogsheet
    hidden: bool = False


@dataclass
class RawSheet:
    """What a backend gives for one worksheet: rows as ``(absolute 0-based row, values)`` with the
    values starting at column ``first_col``, and merged ranges as absolute 0-based
    ``(row0, col0, row1, col1)``."""

    rows: Iterator[tuple[int, Sequence[Any]]]
    first_col: int = 0
    merged: list[tuple[int, int, int, int]] = field(default_factory=list)
    #: the ranges of the sheet's hyperlinks, absolute 0-based, read when first asked for (only a
    #: first row of text over columns of text asks)
    links: Callable[[], Sequence[tuple[int, int, int, int]]] | None = None


def _filled(value: Any) -> bool:
    return value is not None and value != ""


class Backend:
    """A workbook opened by one library: its sheets and each worksheet's rows."""

    sheets: list[SheetInfo]

    def read(self, sheet: SheetInfo) -> RawSheet:  # pragma: no cover - interface
        raise NotImplementedError

    def close(self) -> None:
        pass


@dataclass
class SheetPictures:
    """Pictures (part name, alt text) per sheet name; sheets whose drawings hold charts."""

    pictures: dict[str | None, list[tuple[str, str | None]]] = field(default_factory=dict)
    chart_sheets: set[str] = field(default_factory=set)
    #: (sheet name, part name) → the 0-based sheet row a picture's anchor starts on, where a
    #: drawing tells it
    rows: dict[tuple[str | None, str], int] = field(default_factory=dict)


# -- the parts of a package ----------------------------------------------------------------------


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _attr(el: Any, local: str) -> str | None:
    for key, value in el.attrib.items():
        if _local(key) == local:
            return value
    return None


def unlinked_reason(rid: str | None) -> str:
    """Why a sheet the workbook part lists, under the relationship id ``rid`` (empty or None when
    it gives none), has no part to read: the id names no relationship of the workbook."""
    which = f"its relationship id {rid!r} is not among them" if rid else "it gives no relationship id"
    return f"its part is not named in the workbook's relationships ({which})"


def _rels(zf: zipfile.ZipFile, part: str) -> dict[str, tuple[str, str]]:
    """rId → (relationship type's last segment, resolved part name) of ``part``."""
    folder, name = posixpath.split(part)
    rels_name = posixpath.join(folder, "_rels", name + ".rels")
    try:
        root = xml_fromstring(read_member(zf, rels_name))
    except KeyError:
        return {}
    out = {}
    for rel in root.iter():
        if _local(rel.tag) != "Relationship" or rel.get("TargetMode") == "External":
            continue
        target = rel.get("Target", "")
        resolved = target.lstrip("/") if target.startswith("/") else posixpath.join(folder, target)
        out[rel.get("Id", "")] = (rel.get("Type", "").rsplit("/", 1)[-1], posixpath.normpath(resolved))
    return out
