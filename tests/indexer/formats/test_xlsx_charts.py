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
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as dst:
        for name, data in parts.items():
            dst.writestr(name, data)
    return buf.getvalue()


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
