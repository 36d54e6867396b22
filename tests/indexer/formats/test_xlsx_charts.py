"""The charts of a worksheet: their values are the workbook's own cells, read with their sheet, so
what they add is their title and axis titles, said after the sheet's cells as a paragraph whose
``row_range`` is the rows the chart covers. Workbooks built with openpyxl's chart API, and a real
one whose chart parts were written by Excel."""

from __future__ import annotations

import io

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
