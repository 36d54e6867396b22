"""DrawingML charts (``c:chartSpace``, a ``chartN.xml`` part of a .pptx or a .docx) read as what
they show: the title and axis titles, and the data as a table.

A chart part keeps a copy of every value it draws (``c:strCache`` / ``c:numCache`` under a
series' ``c:tx``, ``c:cat``, ``c:val``, ``c:xVal``, ``c:yVal``, ``c:bubbleSize``; ``c:multiLvlStrCache`` for
categories of several levels), which is what is read here; the workbook embedded beside it, which
the values were copied from, is not. The same part is read for PowerPoint and Word, with lxml
rather than python-pptx's chart objects: Word's reader does not build python-pptx objects, and
those give neither the x values of a scatter chart nor the number format of each value.

The table is laid out as the chart's data range is in its workbook: the categories down the
first column (one column per level, the outer first, its label repeated on each row it covers),
one column per series headed by its name, its corner blank. A scatter chart's x values take the
first column when all its series share them; else each series is a table of its own; a bubble
chart's are laid out so, each series' bubble sizes a column after its y values. Numbers are
shown in the chart's format code when :mod:`._numfmt` understands it (``#,##0.0``, ``0%``,
dates), else as the cached value is written, binary noise dropped (``0.30000000000000004`` is
``0.3``).

An Office 2016 chart (``cx:chartSpace``: waterfall, histogram, treemap …, a ``chartExN.xml`` part
of an .xlsx, a .pptx or a .docx) is read by the same :func:`read_chart` into the same
:class:`Chart`, from the values its ``cx:chartData`` keeps.

An OpenDocument chart (``Object 1/content.xml`` of an .odt, .odp or .ods, ``office:chart``) is
read into the same :class:`Chart` by :func:`read_odf_chart`: it keeps its values in a table of
its own, laid out as the table here is.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from ..errors import ParseError
from ..model import PARAGRAPH, TABLE, Block, Skipped, render_table
from . import _ooxml
from ._cells import time_format
from ._numfmt import DateFormat, NumberFormat, compile_format

C = "http://schemas.openxmlformats.org/drawingml/2006/chart"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
#: Office 2016's charts (``cx:chartSpace``, a ``chartExN.xml`` part): waterfall, histogram,
#: treemap, sunburst, box and whisker, funnel, map
CX = "http://schemas.microsoft.com/office/drawing/2014/chartex"


def _c(tag: str) -> str:
    return f"{{{C}}}{tag}"


C_CHART, C_PLOTAREA, C_TITLE, C_TX, C_SER, C_V, C_PT = (
    _c(t) for t in ("chart", "plotArea", "title", "tx", "ser", "v", "pt")
)
C_CAT, C_VAL, C_XVAL, C_YVAL, C_BUBBLE_SIZE = (_c(t) for t in ("cat", "val", "xVal", "yVal", "bubbleSize"))
A_P, A_T = f"{{{A}}}p", f"{{{A}}}t"

#: the plots read, by element, and the kind they are said as (``chart_type``); a bar chart's
#: ``c:barDir`` tells a column chart from a bar chart
_PLOTS = {
    _c("barChart"): "bar",
    _c("bar3DChart"): "bar",
    _c("lineChart"): "line",
    _c("line3DChart"): "line",
    _c("pieChart"): "pie",
    _c("pie3DChart"): "pie",
    _c("ofPieChart"): "pie",
    _c("doughnutChart"): "doughnut",
    _c("areaChart"): "area",
    _c("area3DChart"): "area",
    _c("radarChart"): "radar",
    _c("stockChart"): "stock",
    _c("surfaceChart"): "surface",
    _c("surface3DChart"): "surface",
    _c("scatterChart"): "scatter",
    _c("bubbleChart"): "bubble",
}
#: a point index past the rows of a worksheet is no point of a chart drawn from one
_MAX_POINTS = 1_048_576
_AXES = tuple(_c(t) for t in ("catAx", "dateAx", "valAx", "serAx"))


class ChartUnread(Exception):
    """A chart whose data cannot be read; its message says why."""


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    #: each row's place in the chart's data range (its point's index + 2, under the header)
    row_numbers: tuple[int, ...]


@dataclass(frozen=True)
class Chart:
    kind: str  # the plots' kinds, "column" or "column+line"
    title: str  # "" without one
    axis_titles: tuple[str, ...]
    tables: tuple[Table, ...]
    #: the series whose values the part does not keep (only in the embedded workbook)
    uncached: tuple[str, ...] = ()


def read_chart(data: bytes, what: str, *, titles_only: bool = False) -> Chart:
    """The chart of a chart part; :class:`ChartUnread` when the part is not well-formed, not a
    chart, or keeps none of the values it draws. With ``titles_only``, its kind and titles
    alone, without tables (a worksheet's chart, whose values are the sheet's own cells)."""
    try:
        root = _ooxml.parse_xml(data, what)
    except ParseError as exc:
        raise ChartUnread(f"the chart part is not well-formed XML: {exc.message}"[:200]) from None
    if root.tag == _cx("chartSpace"):
        return _chartex(root, titles_only)
    chart = root.find(C_CHART)
    area = chart.find(C_PLOTAREA) if chart is not None else None
    if area is None:
        raise ChartUnread("the chart part has no plot area")
    date1904 = _flag(root.find(_c("date1904")))
    plots = [(el, _PLOTS[el.tag]) for el in area if el.tag in _PLOTS]
    if not plots:
        raise ChartUnread("a kind of chart not read")
    kinds: list[str] = []
    series: list[tuple[etree._Element, str]] = []
    for el, kind in plots:
        if kind == "bar":
            bar_dir = el.find(_c("barDir"))
            kind = "column" if bar_dir is not None and bar_dir.get("val") == "col" else "bar"
        if kind not in kinds:
            kinds.append(kind)
        series.extend((ser, kind) for ser in el.iterchildren(C_SER))
    series.sort(key=lambda s: _int_val(s[0].find(_c("order")), 0))
    names = [_series_name(ser, n) for n, (ser, _) in enumerate(series)]
    title = _title(chart.find(C_TITLE), chart, names)
    axis_titles = tuple(
        t for ax in area if ax.tag in _AXES for t in (_title(ax.find(C_TITLE), None, ()),) if t
    )
    if titles_only:
        return Chart("+".join(kinds), title, axis_titles, ())
    xy = kinds in (["scatter"], ["bubble"])
    cached = [_values(ser.find(C_YVAL if xy else C_VAL), date1904) is not None for ser, _ in series]
    uncached = tuple(name for name, ok in zip(names, cached, strict=True) if not ok)
    kept = [(ser, name) for (ser, _), name, ok in zip(series, names, cached, strict=True) if ok]
    if not kept:
        if series:
            raise ChartUnread(
                "the chart keeps no copy of its values (they are only in its embedded workbook)"
            )
        raise ChartUnread("the chart has no data series")
    for kind in ("scatter", "bubble"):
        if kind in kinds and not xy:
            raise ChartUnread(f"a {kind} plot combined with another kind of chart is not read")
    tables = _scatter(kept, date1904, sizes=kinds == ["bubble"]) if xy else (_categories(kept, date1904),)
    return Chart("+".join(kinds), title, axis_titles, tables, uncached)


def _categories(kept: list[tuple[etree._Element, str]], date1904: bool) -> Table:
    """Categories down (the first series' that has them), one column per series; a row for
    each point that has a label or a value (the part's point indexes, so a gap stays a row)."""
    values = [_values(ser.find(C_VAL), date1904) or {} for ser, _ in kept]
    levels: list[dict[int, str]] = []
    for ser, _ in kept:
        levels = _category_levels(ser.find(C_CAT), date1904)
        if levels:
            break
    return _category_table([name for _, name in kept], values, levels)


def _category_table(names: list[str], values: list[dict[int, str]], levels: list[dict[int, str]]) -> Table:
    """The table of series ``names`` and their ``values`` (point index → shown value) over the
    category ``levels`` (the outer first), numbered 1, 2, 3 … when there are none."""
    points = sorted({i for v in values for i in v} | {i for level in levels for i in level})
    if not levels:  # the chart numbers its categories 1, 2, 3 …
        levels = [{i: str(i + 1) for i in points}]
    rows = tuple(
        tuple(level.get(i, "") for level in levels) + tuple(v.get(i, "") for v in values) for i in points
    )
    header = ("",) * len(levels) + tuple(names)
    return Table(header, rows, tuple(i + 2 for i in points))


def _scatter(kept: list[tuple[etree._Element, str]], date1904: bool, *, sizes: bool) -> tuple[Table, ...]:
    """The x values down, a column of y values per series (and, for a bubble chart, ``sizes``,
    a column of its bubbles' sizes after it, headed ``name size``): one table when the series
    share their x values, else a table per series."""
    pairs = []
    for ser, name in kept:
        columns = [(name, _values(ser.find(C_YVAL), date1904) or {})]
        if sizes:
            columns.append((f"{name} size", _values(ser.find(C_BUBBLE_SIZE), date1904) or {}))
        xs = _x_values(ser.find(C_XVAL), date1904)
        if not xs:  # no x values: the chart places the points at 1, 2, 3 …
            xs = {i: str(i + 1) for i in columns[0][1]}
        points = sorted(xs.keys() | {i for _, values in columns for i in values})
        pairs.append((columns, xs, points))
    first = pairs[0]
    if all(xs == first[1] and points == first[2] for _, xs, points in pairs):
        _, xs, points = first
        columns = [column for cols, _, _ in pairs for column in cols]
        rows = tuple((xs.get(i, ""), *(values.get(i, "") for _, values in columns)) for i in points)
        return (Table(("", *(head for head, _ in columns)), rows, tuple(i + 2 for i in points)),)
    return tuple(
        Table(
            ("", *(head for head, _ in columns)),
            tuple((xs.get(i, ""), *(values.get(i, "") for _, values in columns)) for i in points),
            tuple(i + 2 for i in points),
        )
        for columns, xs, points in pairs
    )


def _x_values(el: etree._Element | None, date1904: bool) -> dict[int, str]:
    if el is None:
        return {}
    values = _values(el, date1904)
    if values is not None:
        return values
    levels = _category_levels(el, date1904)
    return levels[-1] if levels else {}


def _category_levels(el: etree._Element | None, date1904: bool) -> list[dict[int, str]]:
    """The category labels, one map of point index → label a level, the outer level first (an
    outer label on every point up to the next one of its level)."""
    if el is None:
        return []
    multi = el.find(f"{_c('multiLvlStrRef')}/{_c('multiLvlStrCache')}")
    if multi is None:
        multi = el.find(_c("multiLvlStrLit"))
    if multi is not None:
        return _filled([labels for lvl in multi.iterchildren(_c("lvl")) if (labels := _points(lvl, None))])
    values = _values(el, date1904)
    if values is not None:
        return [values]
    cache = _cache(el, ("strRef", "strCache"), "strLit")
    return [_points(cache, None)] if cache is not None else []


def _filled(levels: list[dict[int, str]]) -> list[dict[int, str]]:
    """Category levels as a part keeps them, the innermost first (a label on each point) and each
    outer one labelling the point where its run starts, as one label a point, the outer first."""
    if not levels:
        return []
    inner = sorted(levels[0])
    filled = [levels[0]]
    for labels in levels[1:]:
        out, current, starts = {}, "", sorted(labels)
        for i in inner:  # an outer label covers the points up to the next one of its level
            while starts and starts[0] <= i:
                current = labels[starts.pop(0)]
            out[i] = current
        filled.append(out)
    return filled[::-1]


def _cache(el: etree._Element, ref: tuple[str, str], lit: str) -> etree._Element | None:
    found = el.find(f"{_c(ref[0])}/{_c(ref[1])}")
    return found if found is not None else el.find(_c(lit))


def _values(el: etree._Element | None, date1904: bool) -> dict[int, str] | None:
    """Point index → shown value of a ``c:val``/``c:xVal``/``c:yVal``/``c:cat`` holding numbers;
    None when it keeps no cached numbers (a reference alone, or labels)."""
    if el is None:
        return None
    cache = _cache(el, ("numRef", "numCache"), "numLit")
    if cache is None:
        return None
    code = cache.findtext(_c("formatCode")) or "General"
    return _points(cache, _Shown(code, date1904))


def _points(cache: etree._Element, shown: _Shown | None) -> dict[int, str]:
    out: dict[int, str] = {}
    for pt in cache.iterchildren(C_PT):
        try:
            idx = int(pt.get("idx") or "")
        except ValueError:
            continue
        if not 0 <= idx < _MAX_POINTS:
            continue
        text = pt.findtext(C_V) or ""
        if shown is not None:
            code = pt.get("formatCode")
            text = (shown if code is None else _Shown(code, shown.date1904)).text(text)
        out[idx] = " ".join(text.split())
    return out


class _Shown:
    """The text of a cached number in its format code."""

    def __init__(self, code: str, date1904: bool) -> None:
        self.date1904 = date1904
        self.format: NumberFormat | DateFormat | None = compile_format(code)
        if self.format is None:  # a date, a time as Excel shows it (06:00 at h:mm, 1:05 PM)
            self.format = time_format(code, date1904)

    def text(self, value: str) -> str:
        from .spreadsheet import cell_text

        try:
            number = float(value)
        except ValueError:
            return value
        shown = self.format
        if isinstance(shown, NumberFormat):
            return shown.show(value.strip()) or cell_text(number)
        if shown is not None:
            day = shown.value(number)
            if day is not None:
                return cell_text(day)
        return cell_text(number)


def _series_name(ser: etree._Element, n: int) -> str:
    """A series' name, else what the chart's legend calls it (``Series1``)."""
    tx = ser.find(C_TX)
    if tx is not None:
        cache = _cache(tx, ("strRef", "strCache"), "strLit")
        if cache is not None:
            name = " ".join(_points(cache, None).values())
        else:
            name = " ".join((tx.findtext(C_V) or "").split())
        if name:
            return name
    return f"Series{_int_val(ser.find(_c('idx')), n) + 1}"


def _title(title: etree._Element | None, chart: etree._Element | None, names: list[str] | tuple[()]) -> str:
    """The text of a chart's or an axis's ``c:title``: its rich text, its cached reference, or,
    for a chart title without text of its own over a single series, the series' name, which
    is what the chart shows there."""
    if title is None:
        return ""
    tx = title.find(C_TX)
    if tx is not None:
        rich = tx.find(_c("rich"))
        if rich is not None:
            lines = (" ".join("".join(t.text or "" for t in p.iter(A_T)).split()) for p in rich.iter(A_P))
            return " ".join(line for line in lines if line)
        cache = _cache(tx, ("strRef", "strCache"), "strLit")
        if cache is not None:
            return " ".join(" ".join(_points(cache, None).values()).split())
        return ""
    if chart is not None and len(names) == 1 and not _flag(chart.find(_c("autoTitleDeleted"))):
        return names[0]
    return ""


def _flag(el: etree._Element | None) -> bool:
    return el is not None and (el.get("val") or "true").strip() in ("1", "true")


def _int_val(el: etree._Element | None, default: int) -> int:
    try:
        return int(el.get("val") or "") if el is not None else default
    except ValueError:
        return default


# -- Office 2016 charts (chartex) ----------------------------------------------------------------


def _cx(tag: str) -> str:
    return f"{{{CX}}}{tag}"


#: what a chartex series' ``layoutId`` is said as (``chart_type``); a histogram's columns are
#: ``clusteredColumn``, its Pareto line (a Pareto chart) ``paretoLine``
_CHARTEX_KINDS = {
    "clusteredColumn": "histogram",
    "paretoLine": "pareto",
    "boxWhisker": "box-and-whisker",
    "regionMap": "map",
}
#: the dimensions of a chartex data holding the values drawn: a treemap's and a sunburst's are
#: their sizes, a map's the values coloured
_CHARTEX_VALUES = ("val", "size", "colorVal")


def _chartex(root: etree._Element, titles_only: bool) -> Chart:
    """An Office 2016 chart (``cx:chartSpace``): its kind from its series' ``layoutId``, its title
    and axis titles, and the values its ``cx:chartData`` keeps (``cx:lvl`` under a ``cx:strDim``
    or ``cx:numDim``), laid out as a DrawingML chart's categories and series are. A series
    drawn from another's values (a Pareto line) adds no column."""
    chart = root.find(_cx("chart"))
    area = chart.find(_cx("plotArea")) if chart is not None else None
    region = area.find(_cx("plotAreaRegion")) if area is not None else None
    if region is None:
        raise ChartUnread("the chart part has no plot area")
    series = list(region.iterchildren(_cx("series")))
    kinds: list[str] = []
    for ser in series:
        layout = ser.get("layoutId") or ""
        kind = _CHARTEX_KINDS.get(layout, layout)
        if kind and kind not in kinds:
            kinds.append(kind)
    names = [_cx_text(ser.find(_cx("tx"))) or f"Series{n + 1}" for n, ser in enumerate(series)]
    title = _cx_title(chart.find(_cx("title")))
    axis_titles = tuple(t for ax in area.iterchildren(_cx("axis")) if (t := _cx_title(ax.find(_cx("title")))))
    if titles_only:
        return Chart("+".join(kinds), title, axis_titles, ())
    data = {el.get("id"): el for el in root.iterfind(f"{_cx('chartData')}/{_cx('data')}")}
    kept: list[tuple[str, dict[int, str], list[dict[int, str]]]] = []
    uncached: list[str] = []
    for ser, name in zip(series, names, strict=True):
        ref = ser.find(_cx("dataId"))
        if ref is None:  # drawn from another series' values
            continue
        el = data.get(ref.get("val"))
        values = _cx_values(el) if el is not None else None
        if values is None:
            uncached.append(name)
        else:
            kept.append((name, values, _cx_categories(el)))
    if not kept:
        if uncached:
            raise ChartUnread(
                "the chart keeps no copy of its values (they are only in its embedded workbook)"
            )
        raise ChartUnread("the chart has no data series")
    levels = next((levels for _, _, levels in kept if levels), [])
    table = _category_table([name for name, _, _ in kept], [values for _, values, _ in kept], levels)
    return Chart("+".join(kinds), title, axis_titles, (table,), tuple(uncached))


def _cx_points(lvl: etree._Element, shown: _Shown | None) -> dict[int, str]:
    """Point index → text of a ``cx:lvl``, whose ``cx:pt`` holds its value as its text."""
    out: dict[int, str] = {}
    for pt in lvl.iterchildren(_cx("pt")):
        try:
            idx = int(pt.get("idx") or "")
        except ValueError:
            continue
        if 0 <= idx < _MAX_POINTS:
            text = "".join(pt.itertext())
            out[idx] = " ".join((shown.text(text) if shown is not None else text).split())
    return out


def _cx_values(data: etree._Element) -> dict[int, str] | None:
    """The values a chartex data keeps, in their format code; None when it keeps none (its
    ``cx:f`` alone)."""
    for dim in data.iterchildren(_cx("numDim")):
        if dim.get("type") in _CHARTEX_VALUES:
            lvl = dim.find(_cx("lvl"))
            if lvl is not None and len(lvl):
                return _cx_points(lvl, _Shown(lvl.get("formatCode") or "General", False))
    return None


def _cx_categories(data: etree._Element) -> list[dict[int, str]]:
    """The category levels of a chartex data, the outer first (a treemap's or a sunburst's
    branches over its leaves)."""
    for dim in data:
        if dim.tag in (_cx("strDim"), _cx("numDim")) and dim.get("type") == "cat":
            numbers = dim.tag == _cx("numDim")
            return _filled(
                [
                    labels
                    for lvl in dim.iterchildren(_cx("lvl"))
                    if (
                        labels := _cx_points(
                            lvl, _Shown(lvl.get("formatCode") or "General", False) if numbers else None
                        )
                    )
                ]
            )
    return []


def _cx_text(tx: etree._Element | None) -> str:
    """The text of a chartex ``cx:tx``: its ``cx:txData`` value or its rich text."""
    if tx is None:
        return ""
    value = tx.find(f"{_cx('txData')}/{_cx('v')}")
    if value is not None:
        return " ".join((value.text or "").split())
    lines = (" ".join("".join(t.text or "" for t in p.iter(A_T)).split()) for p in tx.iter(A_P))
    return " ".join(line for line in lines if line)


def _cx_title(title: etree._Element | None) -> str:
    """A chartex chart's or axis's title: the text of its ``cx:tx``."""
    return _cx_text(title.find(_cx("tx"))) if title is not None else ""


def chart_blocks(chart: Chart, meta: dict[str, object]) -> list[Block]:
    """The blocks a chart is said as: its title and axis titles, a line each, as a paragraph,
    then its tables, headed by the series names (their corner blank); each block's meta
    ``meta`` and the chart's kind (``chart_type``) and title (``chart_title``)."""
    meta = {**meta, "chart_type": chart.kind}
    if chart.title:
        meta["chart_title"] = chart.title
    blocks = []
    lines = [chart.title, *chart.axis_titles] if chart.title else list(chart.axis_titles)
    if lines:
        blocks.append(Block(PARAGRAPH, "\n".join(lines), meta=meta))
    for table in chart.tables:
        if not table.rows:
            continue
        blocks.append(
            Block(
                TABLE,
                render_table(table.header, table.rows),
                rows=table.rows,
                header=table.header,
                row_numbers=table.row_numbers,
                meta=meta,
            )
        )
    return blocks


def uncached_reason(chart: Chart) -> str:
    """Why some of a chart's series are not in its table."""
    return (
        "series whose values are only in the chart's embedded workbook (no copy in the chart): "
        + ", ".join(chart.uncached)
    )


def said(
    chart: Chart | None, reason: str | None, where: str, meta: dict, skipped: list[Skipped]
) -> list[Block]:
    """The blocks of a Word or PowerPoint chart read at ``where`` (:func:`chart_blocks`); none,
    listed in ``skipped`` with ``reason``, when it could not be read; its series keeping no
    values (:func:`uncached_reason`) listed too."""
    if chart is None or reason is not None:
        skipped.append(Skipped("chart", where, reason or "its chart part is missing"))
        return []
    if chart.uncached:
        skipped.append(Skipped("chart", where, uncached_reason(chart)))
    return chart_blocks(chart, meta)


# -- OpenDocument charts --------------------------------------------------------------------------

_ODF = {
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
    "chart": "urn:oasis:names:tc:opendocument:xmlns:chart:1.0",
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
    "style": "urn:oasis:names:tc:opendocument:xmlns:style:1.0",
}
#: what an OpenDocument chart's ``chart:class`` is said as (``chart_type``), as DrawingML's plots
#: are; ``chart:bar`` is a column chart unless its plot area is drawn ``chart:vertical``
_ODF_CLASSES = {
    "bar": "bar",
    "line": "line",
    "circle": "pie",
    "ring": "doughnut",
    "area": "area",
    "scatter": "scatter",
    "radar": "radar",
    "filled-radar": "radar",
    "stock": "stock",
    "bubble": "bubble",
    "surface": "surface",
    "gantt": "gantt",
}
#: a table cell LibreOffice writes for a point without a value
_ODF_NO_VALUE = frozenset({"nan", "1.#nan", "-nan"})


def _o(prefix: str, local: str) -> str:
    return f"{{{_ODF[prefix]}}}{local}"


def odf_chart_object(zf, href: str, skipped: list[Skipped], *, titles_only: bool = False) -> Chart | None:
    """The chart of the OpenDocument chart object in folder ``href`` of the package ``zf``
    (:func:`read_odf_chart`); None, listed in ``skipped`` with why, when its ``content.xml`` is
    missing or cannot be read."""
    name = f"{href}/content.xml"
    if not _ooxml.has_member(zf, name):
        skipped.append(Skipped("chart", href, "its chart object is missing (no content.xml)"))
        return None
    try:
        return read_odf_chart(_ooxml.read(zf, name, name), name, titles_only=titles_only)
    except ParseError as exc:
        skipped.append(Skipped("chart", href, f"{exc.code}: {exc.message}"[:300]))
    except ChartUnread as exc:
        skipped.append(Skipped("chart", href, str(exc)))
    return None


def read_odf_chart(data: bytes, what: str, *, titles_only: bool = False) -> Chart:
    """The chart of an OpenDocument chart object (``Object 1/content.xml``, ``office:chart``):
    its kind from ``chart:class``, its title and subtitle (said as the first of the lines under
    the title) and axis titles, and the values it keeps in its own table (``table:table`` in
    ``chart:chart``, its first row the series' names, its first column the categories, when its
    plot area says they hold labels; turned when its series are its rows), laid out as a
    DrawingML chart's are. :class:`ChartUnread` when the object is not well-formed or
    holds no chart. With ``titles_only``, no table (a spreadsheet's chart, whose values are
    its sheet's cells); a chart without a table of its own is its titles alone."""
    try:
        root = _ooxml.parse_xml(data, what)
    except ParseError as exc:
        raise ChartUnread(f"the chart object is not well-formed XML: {exc.message}"[:200]) from None
    chart = next(root.iter(_o("chart", "chart")), None)
    if chart is None:
        raise ChartUnread("the chart object holds no chart:chart")
    props = _odf_properties(root, chart)
    vertical = bool(_odf_property(props, "vertical") & {"true", "1"})
    kinds: list[str] = []
    classes = [chart.get(_o("chart", "class"))]
    classes += [s.get(_o("chart", "class")) for s in chart.iter(_o("chart", "series"))]
    for value in classes:
        if not value:
            continue
        local = value.rsplit(":", 1)[-1]
        kind = _ODF_CLASSES.get(local, local)
        if kind == "bar" and not vertical:
            kind = "column"
        if kind not in kinds:
            kinds.append(kind)
    title = _odf_text(chart.find(_o("chart", "title")))
    lines = [_odf_text(chart.find(_o("chart", "subtitle")))]
    area = chart.find(_o("chart", "plot-area"))
    for axis in area.iterchildren(_o("chart", "axis")) if area is not None else ():
        lines.append(_odf_text(axis.find(_o("chart", "title"))))
    axis_titles = tuple(line for line in lines if line)
    table = chart.find(_o("table", "table"))
    if titles_only or table is None:
        return Chart("+".join(kinds), title, axis_titles, ())
    # ODF 1.2's chart:series-source, a property of the plot area's style: the series are the
    # rows of the data, not its columns
    in_rows = "rows" in _odf_property(props, "series-source")
    labels = _odf_labels(area)
    return Chart("+".join(kinds), title, axis_titles, (_odf_table(table, in_rows=in_rows, labels=labels),))


#: ODF 1.2's chart:data-source-has-labels (§19.15) → whether the first row and whether the first
#: column of the chart's data hold labels rather than values
_ODF_LABELS = {"both": (True, True), "row": (True, False), "column": (False, True), "none": (False, False)}


def _odf_labels(area: etree._Element | None) -> tuple[bool, bool]:
    """Whether the first row and whether the first column of the chart's table are labels, as
    its plot area's ``chart:data-source-has-labels`` says. Without it (the schema's default is
    "none") both are: LibreOffice, which writes "both" for a chart keeping its own table, reads
    such a table with its first row and column as labels."""
    value = (area.get(_o("chart", "data-source-has-labels")) or "") if area is not None else ""
    return _ODF_LABELS.get(value.strip(), (True, True))


def _odf_properties(root: etree._Element, chart: etree._Element) -> list[etree._Element]:
    """The ``style:chart-properties`` of the styles of the chart's plot area and of the chart,
    where it says how it is drawn: with its x axis upright (``chart:vertical``: a bar chart's
    bars lying, a column chart's standing otherwise), its series taken from the rows of its data
    (``chart:series-source``)."""
    names = set()
    area = chart.find(_o("chart", "plot-area"))
    for el in (area, chart):
        if el is not None and el.get(_o("chart", "style-name")):
            names.add(el.get(_o("chart", "style-name")))
    return [
        props
        for style in root.iter(_o("style", "style"))
        if style.get(_o("style", "name")) in names
        and (props := style.find(_o("style", "chart-properties"))) is not None
    ]


def _odf_property(props: list[etree._Element], name: str) -> set[str]:
    return {(p.get(_o("chart", name)) or "").strip() for p in props}


def _odf_text(el: etree._Element | None) -> str:
    """A title's paragraphs on one line."""
    if el is None:
        return ""
    lines = (" ".join("".join(p.itertext()).split()) for p in el.iter(_o("text", "p")))
    return " ".join(line for line in lines if line)


def _odf_table(
    table: etree._Element, *, in_rows: bool = False, labels: tuple[bool, bool] = (True, True)
) -> Table:
    """The chart's own table: its first row the header (corner blank), each further row a
    category and its series' values; a row without any text left out, its place kept. With
    ``in_rows`` (a chart whose series are the table's rows, its first row the categories, its
    first column the series' names, as LibreOffice writes one) the table is turned so that each
    series is a column, as for any other chart. ``labels`` says whether the first row and the
    first column hold labels (:func:`_odf_labels`): without the series' names, a series is named
    as the legend of a chart without them names it (``Series1``); without the categories, they
    are numbered 1, 2, 3 … as the chart's category axis numbers them."""
    rows: list[list[str]] = []
    for tr in table.iter(_o("table", "table-row")):
        row: list[str] = []
        for cell in tr.iterchildren(_o("table", "table-cell"), _o("table", "covered-table-cell")):
            lines = (" ".join("".join(p.itertext()).split()) for p in cell.iter(_o("text", "p")))
            text = " ".join(line for line in lines if line)
            if not text:
                text = cell.get(_o("office", "value")) or ""
            if text.strip().lower() in _ODF_NO_VALUE:
                text = ""
            try:
                repeat = int(cell.get(_o("table", "number-columns-repeated")) or 1)
            except ValueError:
                repeat = 1
            row.extend([text] * min(max(repeat, 1), 1024))
        rows.append(row)
        if len(rows) > _MAX_POINTS:
            break
    if not rows:
        return Table((), (), ())
    width = max(map(len, rows))
    rows = [r + [""] * (width - len(r)) for r in rows]
    names_row, categories_column = labels
    if in_rows:  # the labels of the series are down the first column, the categories across
        rows = [list(column) for column in zip(*rows, strict=True)]
        names_row, categories_column = categories_column, names_row
    first = 1 if names_row else 0  # the first row of values
    if not categories_column:  # numbered down the rows of values, the header's corner blank
        rows = [["" if n < first else str(n - first + 1), *r] for n, r in enumerate(rows)]
    if names_row:
        header = tuple(rows[0])
    else:
        header = ("", *(f"Series{n}" for n in range(1, len(rows[0]))))
    kept = [
        (n, r) for n, r in enumerate(rows[first:], start=first + 1) if any(r[0 if categories_column else 1 :])
    ]
    return Table(header, tuple(tuple(r) for _, r in kept), tuple(n for n, _ in kept))
