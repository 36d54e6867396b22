"""The charts of a worksheet: their values are the workbook's own cells, read with their sheet, so
what they add is their title and axis titles, said after the sheet's cells as a paragraph whose
``row_range`` is the rows the chart covers. Workbooks built with openpyxl's chart API, and a real
one whose chart parts were written by Excel."""

from __future__ import annotations

import io
import struct
import zipfile

from openpyxl import Workbook
from openpyxl.chart import BarChart, Reference

from indexer import extract_bytes
from indexer.api import extract

from ._zip import unzipped, zipped


def workbook() -> bytes:
    """Sales: a table and a titled column chart of it anchored at E2; Dashboard: a chart of the
    same cells alone, anchored at B3, no cells of its own."""
    wb = Workbook()
    ws = wb.active
    ws.title = "Sales"
    for row in (["Region", "2024"], ["North", 1.2], ["South", 3.4]):
        ws.append(row)
    chart = BarChart()
    chart.title = "Revenue by region 2024"
    chart.x_axis.title = "Region"
    chart.y_axis.title = "M USD"
    chart.add_data(Reference(ws, min_col=2, min_row=1, max_row=3), titles_from_data=True)
    chart.set_categories(Reference(ws, min_col=1, min_row=2, max_row=3))
    ws.add_chart(chart, "E2")
    dashboard = wb.create_sheet("Dashboard")
    alone = BarChart()
    alone.title = "Units by month"
    alone.add_data(Reference(ws, min_col=2, min_row=1, max_row=3), titles_from_data=True)
    dashboard.add_chart(alone, "B3")
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def test_a_worksheet_chart_says_its_title_and_axis_titles_after_the_cells():
    doc = extract_bytes(workbook(), "t.xlsx")
    assert [(b.kind, b.meta["sheet_name"]) for b in doc.blocks] == [
        ("table", "Sales"),
        ("paragraph", "Sales"),
        ("paragraph", "Dashboard"),
    ]
    table, sales, dashboard = doc.blocks
    assert table.rows == (("North", "1.2"), ("South", "3.4"))  # the values, once: the cells
    assert sales.text == "Revenue by region 2024\nRegion\nM USD"
    assert sales.meta["chart_type"] == "column" and sales.meta["chart_title"] == "Revenue by region 2024"
    assert sales.meta["row_range"] == [2, 2]  # a one-cell anchor at E2
    # a sheet of a chart alone is read for its title, no longer skipped as "chart only"
    assert dashboard.text == "Units by month"
    assert dashboard.meta["sheet_index"] == 1 and dashboard.meta["row_range"] == [3, 3]
    assert not doc.coverage.skipped


def test_the_charts_excel_drew_on_a_real_sheet(real_world):
    # test_01.xlsx Sheet2: xl/charts/chart1.xml, a scatter chart anchored on rows 22-36 (xdr:row
    # 21 to 35), titled 'col-2', 'col-3', 'col-4' by 'col-1' with one axis title, col-1;
    # chart2.xml, a line chart on rows 5-19, titled 'col-3', its axes col-1 and col-3
    doc = extract(real_world / "xlsx/kreuzberg/test_01.xlsx")
    charts = [b for b in doc.blocks if "chart_type" in b.meta]
    assert [
        (b.kind, b.text, b.meta["sheet_name"], b.meta["chart_type"], b.meta["row_range"]) for b in charts
    ] == [
        ("paragraph", "'col-2', 'col-3', 'col-4' by 'col-1'\ncol-1", "Sheet2", "scatter", [22, 36]),
        ("paragraph", "'col-3'\ncol-1\ncol-3", "Sheet2", "line", [5, 19]),
    ]
    # after Sheet2's three tables, before Sheet3's
    kinds = [(b.kind, b.meta["sheet_name"]) for b in doc.blocks]
    at = kinds.index(("paragraph", "Sheet2"))
    assert kinds[at - 1] == ("table", "Sheet2") and kinds[at + 2][1] == "Sheet3"


def chart_sheet_book(*, cached: bool = True) -> bytes:
    """Sales (a table), Revenue chart (a chart sheet: a titled column chart of Sales!B2:B3 by
    Sales!A2:A3, its values kept in the chart part in the format 0.00 when ``cached``, else a
    reference alone, as openpyxl writes it), Notes (a table)."""
    from openpyxl.chart import Series
    from openpyxl.chart.data_source import AxDataSource, NumData, NumVal, StrData, StrRef, StrVal

    wb = Workbook()
    ws = wb.active
    ws.title = "Sales"
    for row in (["Region", "2024"], ["North", 1.2], ["South", 3.4]):
        ws.append(row)
    sheet = wb.create_chartsheet("Revenue chart")
    chart = BarChart()
    chart.title = "Revenue by region"
    chart.y_axis.title = "M USD"
    series = Series(Reference(ws, min_col=2, min_row=2, max_row=3), title="2024")
    if cached:
        points = [NumVal(idx=0, v=1.2), NumVal(idx=1, v=3.4)]
        series.val.numRef.numCache = NumData(formatCode="0.00", ptCount=2, pt=points)
        labels = StrData(ptCount=2, pt=[StrVal(idx=0, v="North"), StrVal(idx=1, v="South")])
        series.cat = AxDataSource(strRef=StrRef(f="Sales!$A$2:$A$3", strCache=labels))
    chart.series.append(series)
    sheet.add_chart(chart)
    notes = wb.create_sheet("Notes")
    notes.append(["Note"])
    notes.append(["figures in millions"])
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def test_a_chart_sheet_is_read_as_its_chart_in_its_place():
    doc = extract_bytes(chart_sheet_book(), "t.xlsx")
    assert [(b.kind, b.meta["sheet_name"]) for b in doc.blocks] == [
        ("table", "Sales"),
        ("paragraph", "Revenue chart"),
        ("table", "Revenue chart"),
        ("table", "Notes"),
    ]
    _, caption, table, _ = doc.blocks
    assert caption.text == "Revenue by region\nM USD"
    assert table.meta["chart_type"] == "column" and table.meta["sheet_index"] == 1
    assert table.meta["chart_title"] == "Revenue by region"
    # the chart part's cache: 2024 over North 1.2, South 3.4, in its format 0.00
    assert (table.header, table.rows, table.row_numbers) == (
        ("", "2024"),
        (("North", "1.20"), ("South", "3.40")),
        (2, 3),
    )
    assert doc.coverage.sheets_read == ("Sales", "Revenue chart", "Notes")
    assert not doc.coverage.skipped


def test_a_chart_sheet_is_in_its_place_when_openpyxl_reads_the_workbook():
    # The workbook part in UTF-16 (which XML allows) is one python-calamine cannot open, so
    # openpyxl reads the workbook. openpyxl lists chart sheets apart from worksheets: the chart
    # sheet came after Notes, and Notes had sheet_index 1 (the chart's tab is the second).
    parts = unzipped(chart_sheet_book())
    book = parts["xl/workbook.xml"].decode().removeprefix("<?xml version='1.0' encoding='UTF-8'?>")
    assert book.startswith("<workbook")
    parts["xl/workbook.xml"] = ('<?xml version="1.0" encoding="UTF-16"?>' + book).encode("utf-16")
    doc = extract_bytes(zipped(parts), "t.xlsx")
    assert [(b.kind, b.meta["sheet_name"], b.meta["sheet_index"]) for b in doc.blocks] == [
        ("table", "Sales", 0),
        ("paragraph", "Revenue chart", 1),
        ("table", "Revenue chart", 1),
        ("table", "Notes", 2),
    ]
    assert doc.blocks[2].rows == (("North", "1.20"), ("South", "3.40"))
    assert doc.coverage.sheets_read == ("Sales", "Revenue chart", "Notes")


def test_a_chart_sheet_whose_chart_keeps_no_values_is_listed_with_why():
    doc = extract_bytes(chart_sheet_book(cached=False), "t.xlsx")
    assert [b.meta["sheet_name"] for b in doc.blocks] == ["Sales", "Notes"]
    (entry,) = doc.coverage.skipped
    assert (entry.what, entry.name) == ("sheet", "Revenue chart")
    assert entry.reason == (
        "chartsheet: the chart keeps no copy of its values (they are only in its embedded workbook)"
    )


def test_a_real_chart_sheet_excel_saved(real_world):
    # any_sheets.xlsx: the tab Chart (xl/chartsheets/sheet1.xml → drawing1.xml → chart1.xml), a
    # column chart of two unnamed series, Visible!A1:A3 = 1, 3, 5 and Visible!B1:B3 = 2, 4, 6,
    # without categories (numbered 1, 2, 3) and a title element without text over two series
    doc = extract(real_world / "xlsx/calamine/any_sheets.xlsx")
    (chart,) = [b for b in doc.blocks if b.meta["sheet_name"] == "Chart"]
    assert (chart.kind, chart.meta["chart_type"], chart.meta["sheet_index"]) == ("table", "column", 3)
    assert chart.header == ("", "Series1", "Series2")
    assert chart.rows == (("1", "1", "2"), ("2", "3", "4"), ("3", "5", "6"))
    assert "Chart" in doc.coverage.sheets_read
    assert "Chart" not in doc.metadata["skipped_sheets"]


# -- .xlsb: its drawings and charts are XML parts, as an .xlsx's -----------------------------------

_REL = '<Relationship Id="{}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/{}" Target="{}"/>'
_CHART_FRAME = (
    '<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="2" name="Chart 1"/>'
    "<xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr><xdr:xfrm/><a:graphic>"
    '<a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart">'
    '<c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="rId1"/>'
    "</a:graphicData></a:graphic></xdr:graphicFrame><xdr:clientData/>"
)
_DRAWING = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing"'
    ' xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'
    ' xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">{}</xdr:wsDr>'
)
#: a chart anchored from row 5 to row 12 (xdr:row 4 to 11) of its sheet
_TWO_CELLS = (
    "<xdr:twoCellAnchor><xdr:from><xdr:col>3</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>4</xdr:row>"
    "<xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:to><xdr:col>9</xdr:col><xdr:colOff>0</xdr:colOff>"
    "<xdr:row>11</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:to>" + _CHART_FRAME + "</xdr:twoCellAnchor>"
)
#: a chart sheet's drawing: the chart placed at the top left, over the whole tab
_ABSOLUTE = '<xdr:absoluteAnchor><xdr:pos x="0" y="0"/><xdr:ext cx="9000000" cy="6000000"/>' + _CHART_FRAME
_ABSOLUTE += "</xdr:absoluteAnchor>"


def column_chart(title: str, series: str, points: list[tuple[str, str]]) -> str:
    """A chart part as Excel writes one: a titled column chart of one series, its name, its
    categories and its values kept in caches (General)."""
    labels = "".join(f'<c:pt idx="{i}"><c:v>{label}</c:v></c:pt>' for i, (label, _) in enumerate(points))
    values = "".join(f'<c:pt idx="{i}"><c:v>{value}</c:v></c:pt>' for i, (_, value) in enumerate(points))
    n = len(points)
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        '<c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart"'
        ' xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><c:chart>'
        f"<c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>{title}</a:t></a:r></a:p></c:rich></c:tx></c:title>"
        '<c:autoTitleDeleted val="0"/><c:plotArea><c:barChart><c:barDir val="col"/>'
        '<c:ser><c:idx val="0"/><c:order val="0"/><c:tx><c:strRef><c:f>Sales!$B$1</c:f><c:strCache>'
        f'<c:ptCount val="1"/><c:pt idx="0"><c:v>{series}</c:v></c:pt></c:strCache></c:strRef></c:tx>'
        f'<c:cat><c:strRef><c:f>Sales!$A$2:$A${n + 1}</c:f><c:strCache><c:ptCount val="{n}"/>{labels}'
        f"</c:strCache></c:strRef></c:cat><c:val><c:numRef><c:f>Sales!$B$2:$B${n + 1}</c:f><c:numCache>"
        f'<c:formatCode>General</c:formatCode><c:ptCount val="{n}"/>{values}</c:numCache></c:numRef>'
        '</c:val></c:ser><c:axId val="1"/><c:axId val="2"/></c:barChart><c:catAx><c:axId val="1"/>'
        '</c:catAx><c:valAx><c:axId val="2"/></c:valAx></c:plotArea></c:chart></c:chartSpace>'
    )


def xlsb_with_charts(tmp_path) -> bytes:
    """An .xlsb written by pyxlsbwriter, Sales (a table) and Revenue chart, then given charts as
    Excel saves them: on Sales a drawing (a BrtDrawing record in the sheet part naming its
    relationship) anchoring chart1.xml, "Units by region"; Revenue chart made a chart sheet
    (xl/chartsheets/sheet1.bin, a relationship of type chartsheet from the workbook: a
    BrtBeginSheet, a BrtDrawing and a BrtEndSheet, the records of the part's grammar it needs)
    whose drawing holds chart2.xml, "Revenue by region"."""
    from pyxlsbwriter import XlsbWriter

    from tests.indexer.formats.test_spreadsheet_cells import _b12, _b12_parse

    path = tmp_path / "charts.xlsb"
    with XlsbWriter(str(path)) as writer:
        writer.add_sheet("Sales")
        writer.write_sheet([["Region", "2024"], ["North", 1.2], ["South", 3.4]])
        writer.add_sheet("Revenue chart")
        writer.write_sheet([])
    with zipfile.ZipFile(path) as src:
        parts = {info.filename: src.read(info.filename) for info in src.infolist()}
    drawing = _b12(550, struct.pack("<I", 4) + "rId2".encode("utf-16-le"))  # BrtDrawing
    sheet = "xl/worksheets/sheet1.bin"
    parts[sheet] = b"".join(
        _b12(kind, body) + (drawing if kind == 476 else b"") for kind, body in _b12_parse(parts[sheet])
    )
    assert parts[sheet].count(drawing) == 1
    rels = "xl/worksheets/_rels/sheet1.bin.rels"
    link = _REL.format("rId2", "drawing", "../drawings/drawing1.xml").encode()
    parts[rels] = parts[rels].replace(b"</Relationships>", link + b"</Relationships>")
    for name in (
        "xl/worksheets/sheet2.bin",
        "xl/worksheets/_rels/sheet2.bin.rels",
        "xl/worksheets/binaryIndex2.bin",
    ):
        del parts[name]
    book_rels = "xl/_rels/workbook.bin.rels"
    old = _REL.format("rId2", "worksheet", "worksheets/sheet2.bin").encode()
    assert old in parts[book_rels]
    parts[book_rels] = parts[book_rels].replace(
        old, _REL.format("rId2", "chartsheet", "chartsheets/sheet1.bin").encode()
    )
    parts["xl/chartsheets/sheet1.bin"] = (
        _b12(129, b"") + _b12(550, struct.pack("<I", 4) + "rId1".encode("utf-16-le")) + _b12(130, b"")
    )
    wrap = '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{}</Relationships>'
    parts["xl/chartsheets/_rels/sheet1.bin.rels"] = wrap.format(
        _REL.format("rId1", "drawing", "../drawings/drawing2.xml")
    ).encode()
    for n, anchor in ((1, _TWO_CELLS), (2, _ABSOLUTE)):
        parts[f"xl/drawings/drawing{n}.xml"] = _DRAWING.format(anchor).encode()
        parts[f"xl/drawings/_rels/drawing{n}.xml.rels"] = wrap.format(
            _REL.format("rId1", "chart", f"../charts/chart{n}.xml")
        ).encode()
    parts["xl/charts/chart1.xml"] = column_chart(
        "Units by region", "2024", [("North", "1.2"), ("South", "3.4")]
    ).encode()
    parts["xl/charts/chart2.xml"] = column_chart(
        "Revenue by region", "2024", [("North", "1.2"), ("South", "3.4")]
    ).encode()
    types = parts["[Content_Types].xml"].decode()
    types = types.replace(
        '<Override PartName="/xl/worksheets/sheet2.bin" ContentType="application/vnd.ms-excel.worksheet"/>',
        '<Override PartName="/xl/chartsheets/sheet1.bin" ContentType="application/vnd.ms-excel.chartsheet"/>',
    ).replace(
        '<Override PartName="/xl/worksheets/binaryIndex2.bin" ContentType="application/vnd.ms-excel.binIndexWs"/>',
        "",
    )
    for n in (1, 2):
        types = types.replace(
            "</Types>",
            f'<Override PartName="/xl/drawings/drawing{n}.xml" ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/>'
            f'<Override PartName="/xl/charts/chart{n}.xml" ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"/>'
            "</Types>",
        )
    parts["[Content_Types].xml"] = types.encode()
    return zipped(parts)


def test_the_charts_of_an_xlsb_are_read_as_an_xlsx_s(tmp_path):
    doc = extract_bytes(xlsb_with_charts(tmp_path), "t.xlsb")
    assert [(b.kind, b.meta["sheet_name"]) for b in doc.blocks] == [
        ("table", "Sales"),
        ("paragraph", "Sales"),
        ("paragraph", "Revenue chart"),
        ("table", "Revenue chart"),
    ]
    _, drawn, caption, table = doc.blocks
    # the worksheet's chart: its title after the cells, on rows 5 to 12
    assert (drawn.text, drawn.meta["chart_type"], drawn.meta["row_range"]) == (
        "Units by region",
        "column",
        [5, 12],
    )
    # the chart sheet: its chart's title and the values its part keeps
    assert caption.text == "Revenue by region"
    assert (table.header, table.rows) == (("", "2024"), (("North", "1.2"), ("South", "3.4")))
    assert table.meta["sheet_index"] == 1
    assert doc.coverage.sheets_read == ("Sales", "Revenue chart")
    assert not doc.coverage.skipped


# -- Office 2016 charts (chartex: waterfall, treemap, histogram …) ---------------------------------

CX = "http://schemas.microsoft.com/office/drawing/2014/chartex"


def chartex(layout: str, data: str, *, title: str = "", series: str = "", axis: str = "") -> str:
    """A chartex part as Excel writes one: its data (``cx:strDim`` / ``cx:numDim``, their caches
    in ``cx:lvl``) under ``cx:chartData``, a series of ``layout`` drawing data 0, its title and
    an axis title as ``cx:txData`` values."""
    text = "<cx:tx><cx:txData><cx:f>Sales!$B$1</cx:f><cx:v>{}</cx:v></cx:txData></cx:tx>"
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        f'<cx:chartSpace xmlns:cx="{CX}" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'
        ' xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
        f'<cx:chartData><cx:data id="0">{data}</cx:data></cx:chartData><cx:chart>'
        + (f'<cx:title pos="t" align="ctr" overlay="0">{text.format(title)}</cx:title>' if title else "")
        + f'<cx:plotArea><cx:plotAreaRegion><cx:series layoutId="{layout}" uniqueId="{{00000001}}">'
        + (text.format(series) if series else "")
        + '<cx:dataId val="0"/></cx:series></cx:plotAreaRegion><cx:axis id="0"><cx:catScaling/></cx:axis>'
        '<cx:axis id="1"><cx:valScaling/>'
        + (f"<cx:title>{text.format(axis)}</cx:title>" if axis else "")
        + "</cx:axis></cx:plotArea></cx:chart></cx:chartSpace>"
    )


def _lvl(points, code: str | None = None) -> str:
    fmt = f' formatCode="{code}"' if code else ""
    pts = "".join(f'<cx:pt idx="{i}">{v}</cx:pt>' for i, v in points)
    return f'<cx:lvl ptCount="4"{fmt}>{pts}</cx:lvl>'


WATERFALL = chartex(
    "waterfall",
    '<cx:strDim type="cat"><cx:f>Sales!$A$2:$A$5</cx:f>'
    + _lvl(enumerate(["Start", "Sales", "Costs", "End"]))
    + '</cx:strDim><cx:numDim type="val"><cx:f>Sales!$B$2:$B$5</cx:f>'
    + _lvl(enumerate(["1200", "400", "-300", "1300"]), "#,##0")
    + "</cx:numDim>",
    title="Cash flow 2024",
    series="Cash",
    axis="k EUR",
)
#: leaves Apples, Pears, Carrots; the outer level labels the first point of each branch
TREEMAP = chartex(
    "treemap",
    '<cx:strDim type="cat"><cx:f dir="row">Sales!$A$2:$B$4</cx:f>'
    + _lvl(enumerate(["Apples", "Pears", "Carrots"]))
    + _lvl([(0, "Fruit"), (2, "Veg")])
    + '</cx:strDim><cx:numDim type="size"><cx:f>Sales!$C$2:$C$4</cx:f>'
    + _lvl(enumerate(["5", "3", "7.5"]), "General")
    + "</cx:numDim>",
    title="Stock by kind",
    series="Stock",
)
#: a histogram whose part keeps its references alone
HISTOGRAM = chartex(
    "clusteredColumn",
    '<cx:numDim type="val"><cx:f>Sales!$B$2:$B$9</cx:f></cx:numDim>',
    title="Scores",
)


def chartex_book(sheet_chart: str, chart_sheets: list[tuple[str, str]]) -> bytes:
    """Sales (a table, and a chart at E2 on it) and the chart sheets ``(name, chart part)``,
    written by openpyxl with column charts, whose parts are then made Office 2016 charts as Excel
    saves them: the graphic frame naming a ``cx:chart`` in an ``mc:AlternateContent`` choice
    (its fallback a shape saying the chart cannot be shown), a relationship of type chartEx, the
    chartex part."""
    import re

    wb = Workbook()
    ws = wb.active
    ws.title = "Sales"
    for row in (["Item", "Value"], ["Start", 1200], ["Sales", 400]):
        ws.append(row)
    parts_in_order = [sheet_chart]
    chart = BarChart()
    chart.add_data(Reference(ws, min_col=2, min_row=1, max_row=3), titles_from_data=True)
    ws.add_chart(chart, "E2")
    for name, part in chart_sheets:
        sheet = wb.create_chartsheet(name)
        chart = BarChart()
        chart.add_data(Reference(ws, min_col=2, min_row=1, max_row=3), titles_from_data=True)
        sheet.add_chart(chart)
        parts_in_order.append(part)
    out = io.BytesIO()
    wb.save(out)
    with zipfile.ZipFile(out) as src:
        parts = {info.filename: src.read(info.filename) for info in src.infolist()}
    fallback = (
        '<mc:Fallback><sp><nvSpPr><cNvPr id="3" name="Rectangle"/><cNvSpPr/></nvSpPr><spPr/><txBody>'
        "<a:bodyPr/><a:p><a:r><a:t>This chart isn't available in your version of Excel.</a:t></a:r>"
        "</a:p></txBody></sp></mc:Fallback></mc:AlternateContent>"
    )
    choice = (
        '<mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">'
        '<mc:Choice xmlns:cx1="http://schemas.microsoft.com/office/drawing/2015/9/8/chartex" Requires="cx1">'
    )
    for n, part in enumerate(parts_in_order, 1):  # openpyxl numbers drawings and charts in sheet order
        drawing = parts[f"xl/drawings/drawing{n}.xml"].decode()
        drawing = drawing.replace(
            '<a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart"><c:chart '
            'xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart"',
            f'<a:graphicData uri="{CX}"><cx:chart xmlns:cx="{CX}"',
        )
        drawing, count = re.subn(
            r"<graphicFrame>.*</graphicFrame>",
            lambda m: choice + m.group(0) + "</mc:Choice>" + fallback,
            drawing,
        )
        assert count == 1 and "cx:chart" in drawing
        parts[f"xl/drawings/drawing{n}.xml"] = drawing.replace(
            "<wsDr ", '<wsDr xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ', 1
        ).encode()
        rels = f"xl/drawings/_rels/drawing{n}.xml.rels"
        parts[rels] = parts[rels].replace(
            b"http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart",
            b"http://schemas.microsoft.com/office/2014/relationships/chartEx",
        )
        assert f"/xl/charts/chart{n}.xml".encode() in parts[rels]
        parts[f"xl/charts/chart{n}.xml"] = part.encode()
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
        b"application/vnd.openxmlformats-officedocument.drawingml.chart+xml",
        b"application/vnd.ms-office.chartex+xml",
    )
    return zipped(parts)


def test_office_2016_charts_are_read_from_the_values_they_keep():
    doc = extract_bytes(chartex_book(HISTOGRAM, [("Flow", WATERFALL), ("Stock", TREEMAP)]), "t.xlsx")
    assert [(b.kind, b.meta["sheet_name"], b.meta["chart_type"]) for b in doc.blocks[1:]] == [
        ("paragraph", "Sales", "histogram"),
        ("paragraph", "Flow", "waterfall"),
        ("table", "Flow", "waterfall"),
        ("paragraph", "Stock", "treemap"),
        ("table", "Stock", "treemap"),
    ]
    drawn, flow_title, flow, stock_title, stock = doc.blocks[1:]
    # the worksheet's chart: its title alone, after the sheet's cells, at E2 (row 2)
    assert (drawn.text, drawn.meta["row_range"]) == ("Scores", [2, 2])
    assert flow_title.text == "Cash flow 2024\nk EUR"
    # the waterfall's values in their format #,##0
    assert flow.header == ("", "Cash")
    assert flow.rows == (("Start", "1,200"), ("Sales", "400"), ("Costs", "-300"), ("End", "1,300"))
    assert flow.row_numbers == (2, 3, 4, 5)
    # the treemap's branches over its leaves, the branch on each of its rows, the sizes after
    assert stock.header == ("", "", "Stock")
    assert stock.rows == (("Fruit", "Apples", "5"), ("Fruit", "Pears", "3"), ("Veg", "Carrots", "7.5"))
    assert "This chart isn't available" not in "\n".join(b.text for b in doc.blocks)
    assert not doc.coverage.skipped


def test_an_office_2016_chart_keeping_no_values_is_listed_with_why():
    doc = extract_bytes(chartex_book(HISTOGRAM, [("Scores", HISTOGRAM)]), "t.xlsx")
    assert [b.meta["sheet_name"] for b in doc.blocks] == ["Sales", "Sales"]  # the table, the chart's title
    (entry,) = doc.coverage.skipped
    assert (entry.what, entry.name) == ("sheet", "Scores")
    assert entry.reason == (
        "chartsheet: the chart keeps no copy of its values (they are only in its embedded workbook)"
    )


def test_a_pareto_line_adds_no_column_to_its_histogram():
    from indexer.formats import _charts

    data = (
        '<cx:numDim type="val"><cx:f>Sales!$B$2:$B$4</cx:f>'
        + _lvl(enumerate(["7", "2", "9"]))
        + "</cx:numDim>"
    )
    part = chartex("clusteredColumn", data, series="Scores").replace(
        "</cx:plotAreaRegion>",
        '<cx:series layoutId="paretoLine" ownerIdx="0"><cx:axisId val="2"/></cx:series></cx:plotAreaRegion>',
    )
    chart = _charts.read_chart(part.encode(), "chartEx1.xml")
    assert chart.kind == "histogram+pareto"
    # no categories: the values numbered 1, 2, 3, as the chart's data range lists them
    (table,) = chart.tables
    assert (table.header, table.rows) == (("", "Scores"), (("1", "7"), ("2", "2"), ("3", "9")))


def test_a_chart_sheet_s_second_chart_that_cannot_be_read_is_listed():
    # the chart sheet's drawing given a second chart, whose part breaks off
    with zipfile.ZipFile(io.BytesIO(chart_sheet_book())) as src:
        parts = {info.filename: src.read(info.filename) for info in src.infolist()}
    drawing = parts["xl/drawings/drawing1.xml"].decode()
    anchor = drawing[drawing.index("<absoluteAnchor>") : drawing.index("</absoluteAnchor>") + 17]
    drawing = drawing.replace("</wsDr>", anchor.replace('r:id="rId1"', 'r:id="rId2"') + "</wsDr>")
    parts["xl/drawings/drawing1.xml"] = drawing.encode()
    rels = parts["xl/drawings/_rels/drawing1.xml.rels"].decode()
    second = rels[rels.index("<Relationship ") : rels.index("/>", rels.index("<Relationship ")) + 2]
    second = second.replace('Id="rId1"', 'Id="rId2"').replace("chart1.xml", "chart2.xml")
    parts["xl/drawings/_rels/drawing1.xml.rels"] = rels.replace(
        "</Relationships>", second + "</Relationships>"
    ).encode()
    parts["xl/charts/chart2.xml"] = parts["xl/charts/chart1.xml"][:-40]
    doc = extract_bytes(zipped(parts), "t.xlsx")
    assert [(b.kind, b.meta["sheet_name"]) for b in doc.blocks][1:3] == [
        ("paragraph", "Revenue chart"),
        ("table", "Revenue chart"),
    ]
    (entry,) = doc.coverage.skipped
    assert (entry.what, entry.name) == ("chart", "Revenue chart")
    assert entry.reason.startswith("the chart part is not well-formed XML")
