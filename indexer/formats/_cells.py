"""The cells of a workbook as the spreadsheet readers share them: the values a cell shows that are
not plain text (an error, a number in its format), the maps of such cells by row and column,
the number format of a cell style, and the relationships of a workbook's parts. They live apart from :mod:`.spreadsheet` so that the
record readers of the binary workbooks (:mod:`._xls`, :mod:`._xlsb`) can build those values
without importing the extractor that uses them.
"""

from __future__ import annotations

import posixpath
import re
import zipfile
from typing import Any

from defusedxml.ElementTree import fromstring as xml_fromstring

from ..zipsafe import read_member
from ._numfmt import BUILTIN, BUILTIN_DATES, DateFormat, NumberFormat, compile_format, date_kind

# -- cell values ---------------------------------------------------------------------------------


class CellError(str):
    """The error value of a cell (``#DIV/0!``, ``#N/A`` …), as the spreadsheet shows it: text in
    the table, but not text when telling a header row from the data under it."""

    __slots__ = ()


class CellNumber(str):
    """A number as its cell's format shows it (``25%``): text in the table, but a number when
    telling a header row from the data under it."""

    __slots__ = ()


Merge = tuple[int, int, int, int]
SheetErrors = dict[int, dict[int, CellError]]
#: 0-based row → 0-based column → what a cell shows in its format: a number's text
#: (:class:`CellNumber`), a date, a time or a duration
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
    for dates, times and elapsed time, None for General and what is not understood."""
    if code is None:
        shown = _builtin_format(number)
        code = BUILTIN_DATES.get(number)
    else:
        shown = _number_format(code)
    if shown is not None or code is None:
        return shown
    kind = date_kind(code)
    return DateFormat(kind, base_1904) if kind is not None else None


#: formatted numbers remembered per workbook (the same amounts and shares recur)
_SHOWN_CACHE = 65_536


# -- the parts of a package ---------------------------------------------------------------------


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _attr(el: Any, local: str) -> str | None:
    for key, value in el.attrib.items():
        if _local(key) == local:
            return value
    return None


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
