"""OpenDocument spreadsheets (.ods) read from content.xml and styles.xml: the streaming backend
used when python-calamine cannot open the package, and what calamine does not give for one it
opens (merged ranges, error values, the text of percentages, currencies and formatted numbers,
dates whose style shows no time, the pictures of each table). An XML reader of its own, apart
from the extractor, which only applies what it finds to the rows.
"""

from __future__ import annotations

import bisect
import datetime as dt
import html
import re
import zipfile
from collections.abc import Iterator, Mapping
from dataclasses import replace
from functools import cache
from operator import itemgetter
from types import MappingProxyType
from typing import Any
from xml.etree.ElementTree import ParseError as XMLParseError

from defusedxml.ElementTree import iterparse as xml_iterparse
from lxml import etree

from ..errors import DocumentLimit, ParseError
from ..model import Block, Skipped
from . import _charts, _ooxml
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
    _filled,
    _local,
)
from ._numfmt import DateFormat, NumberFormat, compile_format

_DRAW = "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"
_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
_XLINK = "http://www.w3.org/1999/xlink"
_STYLE = "urn:oasis:names:tc:opendocument:xmlns:style:1.0"
_OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
_TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
_CALCEXT = "urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0"
#: Caps on ODS ``number-*-repeated`` (the largest sheet LibreOffice and Excel make), so that a file
#: declaring a billion repeated cells cannot make the reader build them.
ODS_MAX_ROWS = 1_048_576
ODS_MAX_COLS = 16_384


#: no cell style formats its numbers
_NO_STYLES: Mapping[str, NumberFormat | DateFormat | None] = MappingProxyType({})


def _ods_error(cell: Any) -> CellError | None:
    """The error a cell shows when LibreOffice typed its result as one (``calcext:value-type``),
    else None."""
    if cell.get(f"{{{_CALCEXT}}}value-type") != "error":
        return None
    text = _ods_text(cell).strip()
    return CellError(text) if text else None


def _ods_shown(
    cell: Any,
    formatted: Mapping[str, NumberFormat | DateFormat | None] = _NO_STYLES,
    column_style: str | None = None,
) -> CellNumber | dt.date | None:
    """The text a percentage or currency cell shows (``25%``, ``$1,234.50``, ``-12.50 €``), or a
    number cell whose style (its own, else ``column_style``, its column's default) is one of
    ``formatted`` (``1,234.50``, ``1.23E+06``: see :func:`ods_formatted_styles`); the date alone
    of a date and time whose date style shows no time; else None. A cell without a text of its
    own shows its number in its style's format, when that is known."""
    kind = cell.get(f"{{{_OFFICE}}}value-type")
    if kind == "date":
        return _ods_day(cell, formatted, column_style) if formatted else None
    style = None
    if formatted and kind in ("float", "percentage"):
        style = cell.get(f"{{{_TABLE}}}style-name") or column_style
    if kind not in _SHOWN_TYPES and style not in formatted:
        return None
    text = _ods_text(cell).strip()
    if not text and style is not None and type(shown := formatted.get(style)) is NumberFormat:
        text = shown.show(cell.get(f"{{{_OFFICE}}}value", "")) or ""
    return CellNumber(text) if text else None


def _ods_day(
    cell: Any, formatted: Mapping[str, NumberFormat | DateFormat | None], column_style: str | None
) -> dt.date | None:
    """The date of a date cell holding a time whose style (its own, else its column's default)
    shows a date alone; else None."""
    if formatted.get(cell.get(f"{{{_TABLE}}}style-name") or column_style or "") is not _ODS_DAY:
        return None
    value = cell.get(f"{{{_OFFICE}}}date-value", "")
    if len(value) <= 10 or value[10] != "T":
        return None
    try:
        return dt.date.fromisoformat(value[:10])
    except ValueError:
        return None  # a year past 9999, or before 1


#: what holds the paragraphs of a table nested in a cell
_ODS_NESTED = frozenset(
    f"{{{_TABLE}}}{t}"
    for t in ("table", "table-row", "table-cell", "table-header-rows", "table-rows", "table-row-group")
)
_ODS_P, _ODS_S, _ODS_TAB, _ODS_BREAK, _ODS_COUNT = (
    f"{{{_TEXT}}}p",
    f"{{{_TEXT}}}s",
    f"{{{_TEXT}}}tab",
    f"{{{_TEXT}}}line-break",
    f"{{{_TEXT}}}c",
)


def _ods_text(cell: Any) -> str:
    """The text of a cell's paragraphs, one a line, with the spaces, tabs and line breaks that
    ODF writes as elements (``<text:s text:c="2"/>``: two spaces; LibreOffice writes the space
    of ``-12,50 €`` so) put back; a table nested in the cell gives the paragraphs of its cells,
    row by row."""
    return "\n".join(_ods_lines(cell, 0))


def _ods_lines(el: Any, depth: int) -> Iterator[str]:
    for child in el:
        tag = child.tag
        if tag == _ODS_P:
            yield _ods_line(child)
        elif depth < 8 and tag in _ODS_NESTED:  # a nested table, its rows, its cells
            yield from _ods_lines(child, depth + 1)


def _ods_line(el: Any, depth: int = 0) -> str:
    if not len(el):
        return el.text or ""
    if depth > 32:  # spans in spans in spans …: their text as it is
        return "".join(el.itertext())
    parts = [el.text or ""]
    for child in el:
        tag = child.tag
        if tag == _ODS_S:
            count = child.get(_ODS_COUNT, "1")
            parts.append(" " * (min(int(count), 1024) if count.isdecimal() and len(count) < 6 else 1))
        elif tag == _ODS_TAB:
            parts.append("\t")
        elif tag == _ODS_BREAK:
            parts.append("\n")
        else:  # a span, a link …
            parts.append(_ods_line(child, depth + 1))
        parts.append(child.tail or "")
    return "".join(parts)


#: the value types whose cells are read as the text LibreOffice shows: their number alone drops
#: the percent sign or the currency
_SHOWN_TYPES = ("percentage", "currency")


_DATASTYLE = "urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0"
_ODS_NUMBER_STYLE, _ODS_PERCENT_STYLE, _ODS_CURRENCY_STYLE = (
    f"{{{_DATASTYLE}}}{t}" for t in ("number-style", "percentage-style", "currency-style")
)
_ODS_DATA_STYLES = frozenset((_ODS_NUMBER_STYLE, _ODS_PERCENT_STYLE, _ODS_CURRENCY_STYLE))
_ODS_NUMBER_PART, _ODS_SCIENTIFIC, _ODS_LITERAL = (
    f"{{{_DATASTYLE}}}{t}" for t in ("number", "scientific-number", "text")
)
_ODS_COLOUR = f"{{{_STYLE}}}text-properties"
_ODS_DEFAULT_STYLE = f"{{{_STYLE}}}default-style"
_ODS_LANGUAGE, _ODS_COUNTRY = f"{{{_DATASTYLE}}}language", f"{{{_DATASTYLE}}}country"
_FO = "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"
_FO_LANGUAGE, _FO_COUNTRY = f"{{{_FO}}}language", f"{{{_FO}}}country"
_ODS_BODY = f"{{{_OFFICE}}}body"
_ODS_DATE_STYLE = f"{{{_DATASTYLE}}}date-style"
#: the parts of a date style that show a time
_ODS_TIME_PARTS = frozenset(f"{{{_DATASTYLE}}}{t}" for t in ("hours", "minutes", "seconds", "am-pm"))
#: the format of a date style without a time
_ODS_DAY = DateFormat("date")
#: a date cell's value holding a time (LibreOffice writes a whole day without one)
_ODS_TIMED = re.compile(rb"""date-value\s*=\s*["']-?\d{4,}-\d\d-\d\dT""")


def ods_formatted_styles(zf: zipfile.ZipFile) -> dict[str, NumberFormat | DateFormat | None]:
    """The cell styles of an ODS whose data style shows a number otherwise than General does
    (with decimals, grouping, a percent sign, a currency, scientific notation, a fraction,
    literal text or conditions), each with that format as far as :mod:`._numfmt` can show it
    (None for a currency, a fraction, conditions); and, when a date cell of content.xml holds a
    time, those whose date style shows no time, with a :class:`DateFormat` of dates alone. A
    number cell of such a style shows the text LibreOffice wrote in it (``1,234.50``), which is
    read instead of its number; a cell without that text is shown in the format, with the
    separators of the data style's language, else of the document's (its default cell style's:
    ``1.234,50`` in German), else in the invariant form. General is a number style holding
    one ``number:number`` and nothing more than ``min-integer-digits="1"``. Read from the common
    styles of styles.xml and the automatic styles of content.xml (up to its body); a cell style
    without a data style of its own takes its parent's."""
    data_styles: dict[str, NumberFormat | DateFormat | None] = {}  # the data styles other than General
    cell_styles: dict[str, tuple[str | None, str | None]] = {}  # → (data style, parent style)
    days: list[str] = []  # the date styles without a time
    languages: dict[str, tuple[str | None, str | None]] = {}  # data style → its language, country
    language: tuple[str | None, str | None] = (None, None)  # the document's, of its default cell style
    for part in ("styles.xml", "content.xml"):
        if part not in zf.NameToInfo:
            continue
        with zf.open(part) as fh:
            current: str | None = None  # the data style being read
            current_tag = ""
            general = False
            code: list[str] | None = None  # its format code so far; None when it has none
            day: str | None = None  # the date style being read, while it shows no time
            in_default = False  # within the default style of cells
            for event, el in xml_iterparse(fh, events=("start", "end")):
                tag = el.tag
                if tag == _ODS_DEFAULT_STYLE:
                    in_default = event == "start" and el.get(f"{{{_STYLE}}}family") == "table-cell"
                    continue
                if in_default:
                    if tag == _ODS_COLOUR and event == "start":
                        language = (el.get(_FO_LANGUAGE), el.get(_FO_COUNTRY))
                    continue
                if tag == _ODS_DATE_STYLE:
                    if event == "start":
                        day = el.get(f"{{{_STYLE}}}name")
                    elif day is not None:
                        days.append(day)
                        day = None
                    continue
                if day is not None and tag in _ODS_TIME_PARTS:
                    day = None
                if event == "end":
                    if current is None:
                        continue
                    if tag in _ODS_DATA_STYLES:
                        if not general:
                            data_styles[current] = compile_format("".join(code)) if code else None
                        current = None
                    elif tag == _ODS_LITERAL and code is not None:
                        # literal text quoted; a percentage style's percent sign scales the number
                        parts = (
                            (el.text or "").split("%")
                            if current_tag == _ODS_PERCENT_STYLE
                            else [el.text or ""]
                        )
                        code.append("%".join('"' + p.replace('"', "") + '"' if p else "" for p in parts))
                elif tag in _ODS_DATA_STYLES:
                    current, current_tag = el.get(f"{{{_STYLE}}}name"), tag
                    if current is not None:
                        languages[current] = (el.get(_ODS_LANGUAGE), el.get(_ODS_COUNTRY))
                    general = tag == _ODS_NUMBER_STYLE
                    code = [] if tag != _ODS_CURRENCY_STYLE else None
                elif current is not None:
                    general = general and tag == _ODS_NUMBER_PART and _general_number(el)
                    if code is not None and tag in (_ODS_NUMBER_PART, _ODS_SCIENTIFIC):
                        number = _ods_number_code(el, scientific=tag == _ODS_SCIENTIFIC)
                        code = code + [number] if number is not None else None
                    elif tag not in (_ODS_LITERAL, _ODS_COLOUR):
                        code = None  # a fraction, a currency symbol, a condition …
                elif tag == f"{{{_STYLE}}}style" and el.get(f"{{{_STYLE}}}family") == "table-cell":
                    name = el.get(f"{{{_STYLE}}}name")
                    if name:
                        cell_styles[name] = (
                            el.get(f"{{{_STYLE}}}data-style-name"),
                            el.get(f"{{{_STYLE}}}parent-style-name"),
                        )
                elif tag == _ODS_BODY:
                    break
    for name, shown in data_styles.items():
        if type(shown) is NumberFormat:
            own = languages.get(name, (None, None))
            separators = _separators(*(own if own[0] else language))
            if separators is not None:
                data_styles[name] = replace(shown, decimal=separators[0], group=separators[1])
    if days and _ods_holds_times(zf):
        data_styles.update(dict.fromkeys(days, _ODS_DAY))
    formatted: dict[str, NumberFormat | DateFormat | None] = {}
    for name in cell_styles:
        style: str | None = name
        for _ in range(8):  # a parent's parent …, never round a loop
            data, style = cell_styles.get(style or "", (None, None))
            if data is not None or style is None:
                break
        if data is not None and data in data_styles:
            formatted[name] = data_styles[data]
    return formatted


@cache
def _separators(language: str | None, country: str | None) -> tuple[str, str] | None:
    """The decimal point and the thousands separator of the language and country an ODS names
    (``de``, ``DE``: ``,`` and ``.``), as LibreOffice writes a number in them; None for none
    named and for one not known."""
    if not language:
        return None
    from babel import Locale, UnknownLocaleError
    from babel.numbers import get_decimal_symbol, get_group_symbol

    try:
        locale = Locale(language, country or None)
    except (UnknownLocaleError, ValueError, TypeError):
        try:
            locale = Locale(language)
        except (UnknownLocaleError, ValueError, TypeError):
            return None
    return get_decimal_symbol(locale), get_group_symbol(locale)


def _ods_holds_times(zf: zipfile.ZipFile) -> bool:
    """Whether a date cell of content.xml holds a time; False for a part that cannot be read
    whole (its dates then keep their time)."""
    try:
        return _ODS_TIMED.search(_ooxml.read(zf, "content.xml", "spreadsheet")) is not None
    except (ParseError, *_XML_ERRORS, *_ooxml.INFLATE_ERRORS):
        return False


def _general_number(el: Any) -> bool:
    return all(_local(key) == "min-integer-digits" and value == "1" for key, value in el.attrib.items())


#: the attributes of a ``number:number`` or ``number:scientific-number`` that a format code
#: shows, with the values of the others that change nothing (a display factor of 1 …)
_ODS_NUMBER_ATTRS = frozenset(
    ("decimal-places", "min-decimal-places", "min-integer-digits", "grouping", "min-exponent-digits")
)
_ODS_NEUTRAL_ATTRS = {"display-factor": "1", "exponent-interval": "1", "forced-exponent-sign": "true"}


def _ods_number_code(el: Any, *, scientific: bool) -> str | None:
    """The Excel-style code of a ``number:number`` (``#,##0.00``) or ``number:scientific-number``
    (``0.00E+00``); None for one of variable decimals (General's way), and for one that shows its
    number otherwise than a code can: scaled (``number:display-factor="1000"`` shows 12345 as
    ``12.345``), in engineering notation, with a decimal replacement (``12.--``) …"""
    attrs = {_local(key): value for key, value in el.attrib.items()}
    if any(k not in _ODS_NUMBER_ATTRS and _ODS_NEUTRAL_ATTRS.get(k) != v for k, v in attrs.items()):
        return None

    def count(name: str, default: str | None) -> int | None:
        value = attrs.get(name, default)
        return int(value) if value is not None and value.isdecimal() and len(value) < 3 else None

    places, whole = count("decimal-places", None), count("min-integer-digits", "1")
    if places is None or whole is None:
        return None
    least = count("min-decimal-places", str(places))
    least = places if least is None else min(least, places)
    decimals = "." + "0" * least + "#" * (places - least) if places else ""
    if scientific:
        exponent = count("min-exponent-digits", "2") or 1
        return "0" * max(whole, 1) + decimals + "E+" + "0" * exponent
    digits = "0" * whole or "#"
    return ("#,##" if attrs.get("grouping") == "true" else "") + digits + decimals


def _column_style(columns: list[tuple[int, str | None]], cell: Any, col: int) -> str | None:
    """The default cell style of the column of a number cell without a style of its own
    (``columns``: the end of each run of ``table:table-column`` and its default cell style)."""
    if (
        not columns
        or cell.get(f"{{{_OFFICE}}}value-type") not in ("float", "percentage")
        or cell.get(f"{{{_TABLE}}}style-name")
    ):
        return None
    i = bisect.bisect_right(columns, col, key=itemgetter(0))
    return columns[i][1] if i < len(columns) else None


def _add_columns(columns: list[tuple[int, str | None]], el: Any) -> None:
    start = columns[-1][0] if columns else 0
    if start < ODS_MAX_COLS:
        count = _repeat(el, "number-columns-repeated", ODS_MAX_COLS)
        columns.append((start + count, el.get(f"{{{_TABLE}}}default-cell-style-name")))


def _ods_value(
    cell: Any,
    formatted: Mapping[str, NumberFormat | DateFormat | None] = _NO_STYLES,
    column_style: str | None = None,
) -> Any:
    if cell.get(f"{{{_CALCEXT}}}value-type") == "error":
        return _ods_error(cell) or ""
    kind = cell.get(f"{{{_OFFICE}}}value-type")
    if kind in _SHOWN_TYPES or (kind in ("float", "date") and formatted):
        shown = _ods_shown(cell, formatted, column_style)
        if shown is not None:
            return shown
    if kind in ("float", "percentage", "currency"):
        try:
            return float(cell.get(f"{{{_OFFICE}}}value", ""))
        except ValueError:
            pass
    elif kind == "date":
        value = cell.get(f"{{{_OFFICE}}}date-value", "")
        if value:
            return value.replace("T", " ")
    elif kind == "boolean":
        return cell.get(f"{{{_OFFICE}}}boolean-value", "") == "true"
    return _ods_text(cell) or cell.get(f"{{{_OFFICE}}}string-value", "")


def _repeat(el: Any, attr: str, cap: int) -> int:
    value = el.get(_TABLE_ATTRS.get(attr) or f"{{{_TABLE}}}{attr}")
    if value is None:  # most cells and rows: once
        return 1
    try:
        return max(1, min(int(value), cap))
    except ValueError:
        return 1


_TABLE_ATTRS = {
    attr: f"{{{_TABLE}}}{attr}"
    for attr in (
        "number-columns-repeated",
        "number-rows-repeated",
        "number-columns-spanned",
        "number-rows-spanned",
    )
}


class OdsBackend(Backend):
    """ODS content.xml read as a stream (when calamine cannot open the package). Repeated rows and
    cells are capped; empty repeats are counted, never built. Every filled cell adds at least one
    character to the workbook's text, so once the filled cells declared so far (repeats counted)
    pass ``max_chars`` the workbook is refused at once, before its rows are built."""

    def __init__(self, zf: zipfile.ZipFile, max_chars: int | None = None) -> None:
        self.zf = zf
        self._max_chars = max_chars
        self._filled = 0  # filled cells declared in the rows read so far, over all sheets
        self.sheets = []
        #: where content.xml stops being well-formed, when it does: the tables before are read,
        #: and the one it cuts up to there
        self.damage: str | None = None
        hidden_styles: set[str] = set()
        style = ""
        depth = 0  # tables open: a table inside a cell is no sheet
        table_tag = f"{{{_TABLE}}}table"
        with zf.open("content.xml") as fh:
            try:
                for event, el in xml_iterparse(fh, events=("start", "end")):
                    if event == "end":
                        if el.tag == table_tag:
                            depth -= 1
                        el.clear()
                    elif el.tag == f"{{{_STYLE}}}style":
                        style = el.get(f"{{{_STYLE}}}name") or ""
                    elif (
                        el.tag == f"{{{_STYLE}}}table-properties"
                        and el.get(f"{{{_TABLE}}}display") == "false"
                    ):
                        hidden_styles.add(style)
                    elif el.tag == table_tag:
                        depth += 1
                        if depth > 1:
                            continue
                        name = el.get(f"{{{_TABLE}}}name") or f"Sheet{len(self.sheets) + 1}"
                        hidden = el.get(f"{{{_TABLE}}}style-name") in hidden_styles
                        self.sheets.append(SheetInfo(name, len(self.sheets), hidden=hidden))
            except XMLParseError as exc:
                if not self.sheets:
                    raise
                self.damage = f"content.xml: {exc}"
        try:
            #: the cell styles whose numbers are read as the text they show
            self._formatted = ods_formatted_styles(zf)
        except (*_XML_ERRORS, *_ooxml.INFLATE_ERRORS):
            self._formatted = {}
        self._tables = self._walk()
        self._done = 0  # tables walked past (sheets are read in order)

    def close(self) -> None:
        """Close content.xml, which the walk keeps open between sheets."""
        self._tables.close()

    def _walk(self) -> Iterator[Iterator[tuple[int, list[Any]]]]:
        with self.zf.open("content.xml") as fh:
            events = _until_damage(xml_iterparse(fh, events=("start", "end")))
            index = 0
            for event, el in events:
                if event == "start" and el.tag == f"{{{_TABLE}}}table":
                    yield self._rows(events, self.sheets[index].name if index < len(self.sheets) else "")
                    index += 1

    def _rows(self, events: Iterator[tuple[str, Any]], sheet: str) -> Iterator[tuple[int, list[Any]]]:
        row_tag, table_tag = f"{{{_TABLE}}}table-row", f"{{{_TABLE}}}table"
        column_tag = f"{{{_TABLE}}}table-column"
        cell_tags = (f"{{{_TABLE}}}table-cell", f"{{{_TABLE}}}covered-table-cell")
        formatted = self._formatted
        columns: list[tuple[int, str | None]] = []  # (end of a run of columns, its default cell style)
        r = 0
        depth = 0  # tables open inside the sheet's cells: their rows are the cells' text
        for event, el in events:
            if el.tag == table_tag:
                if event == "start":
                    depth += 1
                elif depth:
                    depth -= 1
                else:
                    return
                continue
            if event != "end" or depth:
                continue
            if el.tag != row_tag:
                if el.tag == column_tag and formatted:
                    _add_columns(columns, el)
                continue
            values: list[Any] = []
            gap = 0
            for cell in el:
                if cell.tag not in cell_tags:
                    continue
                n = _repeat(cell, "number-columns-repeated", ODS_MAX_COLS)
                value = _ods_value(cell, formatted, _column_style(columns, cell, len(values) + gap))
                if not _filled(value):
                    gap += n
                    continue
                if len(values) + gap >= ODS_MAX_COLS:
                    break
                values.extend([""] * gap)
                gap = 0
                values.extend([value] * min(n, ODS_MAX_COLS - len(values)))
            times = _repeat(el, "number-rows-repeated", ODS_MAX_ROWS)
            el.clear()
            if values and self._max_chars is not None:
                filled = sum(1 for v in values if _filled(v)) * min(times, ODS_MAX_ROWS - r)
                self._filled += filled
                if self._filled > self._max_chars:
                    raise DocumentLimit(
                        f"the workbook's text passes the {self._max_chars:,}-character limit: its rows"
                        f" up to row {r + 1} of sheet {sheet!r} declare {self._filled:,} filled cells"
                        " (repeats counted)"
                    )
            if values:
                for _ in range(min(times, ODS_MAX_ROWS - r)):
                    yield r, values
                    r += 1
            else:
                r += times
            if r >= ODS_MAX_ROWS:
                return

    def read(self, sheet: SheetInfo) -> RawSheet:
        rows: Iterator[tuple[int, list[Any]]] = iter(())
        while self._done <= sheet.index:
            rows = next(self._tables, iter(()))
            self._done += 1
        return RawSheet(rows)


def _until_damage(events: Iterator[tuple[str, Any]]) -> Iterator[tuple[str, Any]]:
    """The parse events up to the place where the XML stops being well-formed (found when the
    sheets were listed: :attr:`OdsBackend.damage`)."""
    try:
        yield from events
    except XMLParseError:
        return


_ODS_SPANNED = b"-spanned="
_ODS_DATA_STYLE = b"data-style-name="
_ODS_ERROR = (b'value-type="error"', b"value-type='error'")
_ODS_SHOWN = (
    b'value-type="percentage"',
    b"value-type='percentage'",
    b'value-type="currency"',
    b"value-type='currency'",
)
_ODS_TIME = (b'value-type="time"', b"value-type='time'")
#: what content.xml holds where a cell's paragraph has a tab or a line break (``<text:tab/>``,
#: ``<text:line-break/>``), which calamine drops
_ODS_BREAKS = (b":tab/>", b":line-break/>")
#: a time cell's value (``office:time-value``), an ISO 8601 duration: ``PT26H03M04S``
ISO_DURATION = re.compile(r"(-?)P(?:(\d+)D)?T?(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)(?:[.,]\d*)?S)?")


def _long_duration(cell: Any) -> str | None:
    """A time cell's duration as ``26:03:04`` (hours, minutes, seconds, as an .xlsx cell of
    ``[h]:mm:ss`` reads), when it is none calamine reads as a time of day: a day or more, or
    below zero; calamine gives those as the text of their ISO 8601 value (``PT26H03M04S``)."""
    found = ISO_DURATION.fullmatch(cell.get(f"{{{_OFFICE}}}time-value") or "")
    if found is None or found.group(0) in ("P", "-P", "PT", "-PT"):
        return None
    sign, days, hours, minutes, seconds = found.groups()
    total = (int(days or 0) * 24 + int(hours or 0)) * 3600 + int(minutes or 0) * 60 + int(seconds or 0)
    if not sign and total < 86400:
        return None
    hours, rest = divmod(total, 3600)
    return f"{sign if total else ''}{hours}:{rest // 60:02d}:{rest % 60:02d}"


#: repeats of one error cell expanded, per direction, and error cells kept in all
_ODS_ERROR_REPEATS = 1024
_ODS_MAX_ERRORS = 1_000_000


def _broken_text(cell: Any) -> CellText | None:
    """The text of a cell whose paragraphs hold a tab or a line break (see :class:`CellText`),
    else None."""
    for p in cell.iterchildren(_ODS_P):
        if next(p.iter(_ODS_TAB, _ODS_BREAK), None) is not None:
            return CellText(_ods_text(cell))
    return None


def ods_merges_and_errors(
    zf: zipfile.ZipFile,
) -> tuple[dict[str, list[Merge]], dict[str, SheetErrors], dict[str, SheetShown]]:
    """Merged ranges (cells with ``number-columns/rows-spanned``), error values (cells whose
    ``calcext:value-type`` is ``error``) and the text of percentages and currencies
    (``office:value-type`` ``percentage`` or ``currency``, as LibreOffice shows them: ``25%``,
    ``$1,234.50``) per table of an ODS, absolute 0-based. calamine reports no merged ranges for
    ODS, reads error cells as empty, percentages as fractions and currencies as plain numbers;
    content.xml is only parsed when a search of it finds any of them. The text of number cells
    whose style formats them (:func:`ods_formatted_styles`) is read as well: calamine gives
    their plain number; the styles are only read when a search finds a data style in use. So is
    the text of a cell whose paragraphs hold a tab or a line break (:class:`CellText`)."""
    found = _ooxml.member_finds(
        zf, "content.xml", (_ODS_SPANNED, *_ODS_ERROR, *_ODS_SHOWN, _ODS_DATA_STYLE, *_ODS_TIME, *_ODS_BREAKS)
    )
    merges: dict[str, list[Merge]] = {}
    errors: dict[str, SheetErrors] = {}
    shown: dict[str, SheetShown] = {}
    formatted: dict[str, NumberFormat | DateFormat | None] = {}
    if _ODS_DATA_STYLE in found:
        try:
            formatted = ods_formatted_styles(zf)
            # only when a cell or a column names one of them is content.xml parsed for it
            if formatted and not _ooxml.member_finds(zf, "content.xml", _style_uses(formatted), first=True):
                formatted = {}
        except (*_XML_ERRORS, *_ooxml.INFLATE_ERRORS):
            formatted = {}  # numbers stay plain
    want_merges = _ODS_SPANNED in found
    want_errors = bool(found & set(_ODS_ERROR))
    want_shown = bool(found & set(_ODS_SHOWN)) or bool(formatted)
    want_times = bool(found & set(_ODS_TIME))
    want_breaks = bool(found & set(_ODS_BREAKS))
    if not (want_merges or want_errors or want_shown or want_times or want_breaks):
        return merges, errors, shown
    kept = 0
    columns: list[tuple[int, str | None]] | None = [] if formatted else None
    for sheet, row, col, row_repeat, cell in _ods_cells(zf, columns):
        if want_merges:
            cols = _repeat(cell, "number-columns-spanned", ODS_MAX_COLS)
            rows = _repeat(cell, "number-rows-spanned", ODS_MAX_ROWS)
            if cols > 1 or rows > 1:
                merges.setdefault(sheet, []).append((row, col, row + rows - 1, col + cols - 1))
        value = _ods_error(cell) if want_errors and kept < _ODS_MAX_ERRORS else None
        target = errors
        if value is None and want_shown and kept < _ODS_MAX_ERRORS:
            value = _ods_shown(cell, formatted, _column_style(columns, cell, col) if columns else None)
            target = shown
        if value is None and want_times and kept < _ODS_MAX_ERRORS:
            value = _long_duration(cell)
            target = shown
        if (
            value is None
            and want_breaks
            and kept < _ODS_MAX_ERRORS
            and cell.get(f"{{{_OFFICE}}}value-type") in (None, "string")
        ):
            value = _broken_text(cell)
            target = shown
        if value is not None:
            table = target.setdefault(sheet, {})
            cols = min(_repeat(cell, "number-columns-repeated", ODS_MAX_COLS), _ODS_ERROR_REPEATS)
            for r in range(row, row + min(row_repeat, _ODS_ERROR_REPEATS)):
                line = table.setdefault(r, {})
                for c in range(col, col + cols):
                    line[c] = value
            kept += cols * min(row_repeat, _ODS_ERROR_REPEATS)
    return merges, errors, shown


def _style_uses(styles: Mapping[str, Any]) -> tuple[bytes, ...]:
    """What content.xml holds where a cell or a column takes one of ``styles``
    (``table:style-name="ce1"``, ``table:default-cell-style-name="ce1"``), either quote."""
    names = [html.escape(name).encode() for name in styles]
    return (*(b'style-name="' + n + b'"' for n in names), *(b"style-name='" + n + b"'" for n in names))


def _ods_cells(
    zf: zipfile.ZipFile, columns: list[tuple[int, str | None]] | None = None
) -> Iterator[tuple[str, int, int, int, Any]]:
    """``(table name, row, column, row repeats, cell)`` of every cell (covered ones too) of
    content.xml's tables, absolute 0-based, repeats counted: each row's cells when its end is
    read (their paragraphs with them), then the row dropped. ``columns``, when given, holds the
    current table's runs of columns and their default cell styles (see :func:`_column_style`).
    Read by lxml's parser (entities unresolved, no network, no DTD), reporting the starts and
    ends of tables, columns and rows only: the cells are walked as a row's children, which costs
    a third of an event a cell. The rows of a table inside a cell are the cell's content, not
    rows of the sheet."""
    table_tag, row_tag = f"{{{_TABLE}}}table", f"{{{_TABLE}}}table-row"
    column_tag = f"{{{_TABLE}}}table-column"
    cell_tags = (f"{{{_TABLE}}}table-cell", f"{{{_TABLE}}}covered-table-cell")
    sheet, row, depth = "", 0, 0
    with zf.open("content.xml") as fh:
        events = etree.iterparse(
            fh,
            events=("start", "end"),
            tag=(table_tag, row_tag, column_tag),
            resolve_entities=False,
            no_network=True,
            huge_tree=False,
            load_dtd=False,
            remove_comments=True,
            remove_pis=True,
        )
        for event, el in events:
            tag = el.tag
            if tag == table_tag:
                if event == "start":
                    depth += 1
                    if depth == 1:
                        sheet, row = el.get(f"{{{_TABLE}}}name") or "", 0
                        if columns is not None:
                            columns.clear()
                else:
                    depth -= 1
                continue
            if tag == column_tag:
                if event == "start" and columns is not None and depth == 1:
                    _add_columns(columns, el)
                continue
            if event != "end" or depth != 1:
                continue
            row_repeat = _repeat(el, "number-rows-repeated", ODS_MAX_ROWS)
            col = 0
            for cell in el:
                if cell.tag in cell_tags:
                    yield sheet, row, col, row_repeat, cell
                    col += _repeat(cell, "number-columns-repeated", ODS_MAX_COLS)
            row += row_repeat
            el.clear()
            parent = el.getparent()
            while parent is not None and el.getprevious() is not None:
                del parent[0]  # the rows and columns read before


def ods_pictures(zf: zipfile.ZipFile) -> SheetPictures:
    out = SheetPictures()
    pictures = {n for n in zf.namelist() if n.startswith("Pictures/") and not n.endswith("/")}
    if not pictures:
        return out
    seen: set[str] = set()
    sheet: str | None = None
    with zf.open("content.xml") as fh:
        for event, el in xml_iterparse(fh, events=("start", "end")):
            if event == "start" and el.tag == f"{{{_TABLE}}}table":
                sheet = el.get(f"{{{_TABLE}}}name")
            elif event == "start" and el.tag == f"{{{_DRAW}}}image":
                href = (el.get(f"{{{_XLINK}}}href") or "").lstrip("./")
                if href in pictures and href not in seen:
                    out.pictures.setdefault(sheet, []).append((href, None))
                    seen.add(href)
            elif event == "end":
                if el.tag == f"{{{_TABLE}}}table":
                    sheet = None
                el.clear()
    for name in sorted(pictures - seen):
        out.pictures.setdefault(None, []).append((name, None))
    return out


_TABLE_OPENS = (b"<table:table ", b"<table:table>")
_TABLE_CLOSE = b"</table:table>"


def ods_table_counts(zf: zipfile.ZipFile) -> tuple[int, int] | None:
    """How many ``table:table`` elements content.xml opens and closes; None when it cannot be
    searched. python-calamine never returns from a part that opens more than it closes (a
    truncated or damaged file), and reads the rows of a table inside a cell as rows of the
    sheet, ending the sheet where that table ends (more tables than sheets): the streaming
    reader reads both instead."""
    try:
        counts = _ooxml.member_counts(zf, "content.xml", (*_TABLE_OPENS, _TABLE_CLOSE))
    except (*_XML_ERRORS, *_ooxml.INFLATE_ERRORS):
        return None
    return sum(counts[n] for n in _TABLE_OPENS), counts[_TABLE_CLOSE]


_CHART_TYPE = "application/vnd.oasis.opendocument.chart"
_MANIFEST = "urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"
_END_ROW = re.compile(r"(\d+)$")


def ods_chart_titles(
    zf: zipfile.ZipFile, meta: Mapping[str, dict[str, Any]]
) -> tuple[dict[str, list[Block]], list[Skipped]]:
    """The title and axis titles of each chart object drawn on a sheet of ``meta`` (a
    ``draw:object`` whose folder the manifest calls a chart), a paragraph per chart (see
    ``_charts.chart_blocks``) whose ``row_range`` is the rows it covers when it is anchored to
    a cell. Its values are the sheet's own cells, read with their sheet (the copy its object
    keeps too is not said again), so its titles are all it adds; one without any adds nothing.
    A chart object missing or not well-formed is listed as skipped, with why."""
    out: dict[str, list[Block]] = {}
    skipped: list[Skipped] = []
    charts: set[str] = set()
    root = _ooxml.member_xml(zf, "META-INF/manifest.xml", "manifest")
    for entry in root.iter(f"{{{_MANIFEST}}}file-entry") if root is not None else ():
        if entry.get(f"{{{_MANIFEST}}}media-type") == _CHART_TYPE:
            charts.add((entry.get(f"{{{_MANIFEST}}}full-path") or "").removeprefix("./").strip("/"))
    if not charts:
        return out, skipped
    sheet: str | None = None
    depth = 0  # tables open: a table inside a cell is that cell's text, its rows not the sheet's
    row = 0  # the rows of the sheet read so far, their repeats counted
    rows: list[int] | None = None  # the rows the frame being read covers
    with zf.open("content.xml") as fh:
        for event, el in xml_iterparse(fh, events=("start", "end")):
            tag = el.tag
            if event == "start":
                if tag == f"{{{_TABLE}}}table":
                    depth += 1
                    if depth == 1:
                        sheet, row = el.get(f"{{{_TABLE}}}name"), 0
                elif tag == f"{{{_DRAW}}}frame":
                    # a frame anchored to a cell names the cell its bottom right corner lies on
                    end = _END_ROW.search(el.get(f"{{{_TABLE}}}end-cell-address") or "")
                    rows = [row + 1, max(int(end.group(1)), row + 1)] if end is not None else None
                elif tag == f"{{{_DRAW}}}object" and sheet in meta:
                    href = (el.get(f"{{{_XLINK}}}href") or "").removeprefix("./").strip("/")
                    if href in charts:
                        place = {"row_range": rows} if rows is not None else {}
                        blocks = _sheet_chart(zf, href, {**meta[sheet], **place}, skipped)
                        out.setdefault(sheet, []).extend(blocks)
                continue
            if tag == f"{{{_TABLE}}}table-row" and depth == 1:
                row += _repeat(el, "number-rows-repeated", ODS_MAX_ROWS)
            elif tag == f"{{{_TABLE}}}table":
                depth -= 1
                if depth == 0:
                    sheet = None
            el.clear()
    return out, skipped


def _sheet_chart(zf: zipfile.ZipFile, href: str, meta: dict[str, Any], skipped: list[Skipped]) -> list[Block]:
    """The blocks of the titles of the chart object in folder ``href``; none, listed in
    ``skipped`` with why, when its object is missing or cannot be read."""
    chart = _charts.odf_chart_object(zf, href, skipped, titles_only=True)
    return [] if chart is None else _charts.chart_blocks(chart, meta)
