"""Charts in Word documents read as PowerPoint's are (tests/indexer/formats/test_pptx_charts.py),
after the paragraph holding them: the chart parts are written by python-pptx's chart XML writer,
or by hand. Every value expected below is worked out from the data put in, in the format code
given."""

from __future__ import annotations

import datetime as dt

from pptx.chart.data import CategoryChartData
from pptx.chart.xmlwriter import ChartXmlWriter
from pptx.enum.chart import XL_CHART_TYPE

from tests.indexer.formats.test_docx import build_docx, docx, para
from tests.indexer.formats.test_pptx_charts import regions

C_NS = "http://schemas.openxmlformats.org/drawingml/2006/chart"


def chart_drawing(rid: str, name: str = "Chart 1") -> str:
    """A chart as Word anchors it in a run: a drawing whose graphic data names the chart part."""
    return (
        f'<w:r><w:drawing><wp:inline><wp:docPr id="1" name="{name}"/>'
        '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart">'
        f'<c:chart xmlns:c="{C_NS}" r:id="{rid}"/>'
        "</a:graphicData></a:graphic></wp:inline></w:drawing></w:r>"
    )


def word(chart_xml: bytes) -> bytes:
    body = para("Sales by region:", extra=chart_drawing("rIdC")) + para("Figures are unaudited.")
    return build_docx(
        body, rels={"rIdC": ("chart", "charts/chart1.xml")}, files={"word/charts/chart1.xml": chart_xml}
    )


def written(kind, data) -> bytes:
    return ChartXmlWriter(kind, data).xml.encode()


def test_a_word_chart_is_read_after_its_paragraph():
    doc = docx(word(written(XL_CHART_TYPE.COLUMN_CLUSTERED, regions())))
    assert [b.kind for b in doc.blocks] == ["paragraph", "table", "paragraph"]
    first, table, last = doc.blocks
    assert (first.text, last.text) == ("Sales by region:", "Figures are unaudited.")
    assert table.header == ("", "2023", "2024")
    assert table.rows == (("North", "1.2", "2.0"), ("South", "3.5", "0.3"), ("East", "5.0", "1,234.5"))
    assert table.meta["chart_type"] == "column" and table.page == 1
    assert "| East | 5.0 | 1,234.5 |" in doc.text
    assert not doc.coverage.skipped


def chart_space(plots: str, title: str = "") -> bytes:
    """A chart part written by hand: its plots, and a title of rich text when given."""
    head = (
        f"<c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>{title}</a:t></a:r></a:p></c:rich></c:tx></c:title>"
        if title
        else ""
    )
    return (
        f'<c:chartSpace xmlns:c="{C_NS}" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">'
        f'<c:chart>{head}<c:autoTitleDeleted val="0"/><c:plotArea>{plots}</c:plotArea></c:chart></c:chartSpace>'
    ).encode()


def series(idx: int, name: str, values: list[str], code: str, cached: bool = True) -> str:
    cat = (
        '<c:cat><c:strRef><c:f>Sheet1!$A$2:$A$3</c:f><c:strCache><c:ptCount val="2"/>'
        '<c:pt idx="0"><c:v>Jan</c:v></c:pt><c:pt idx="1"><c:v>Feb</c:v></c:pt></c:strCache></c:strRef></c:cat>'
    )
    points = "".join(f'<c:pt idx="{i}"><c:v>{v}</c:v></c:pt>' for i, v in enumerate(values))
    cache = (
        f'<c:numCache><c:formatCode>{code}</c:formatCode><c:ptCount val="{len(values)}"/>{points}</c:numCache>'
        if cached
        else ""
    )
    return (
        f'<c:ser><c:idx val="{idx}"/><c:order val="{idx}"/>'
        f'<c:tx><c:strRef><c:f>Sheet1!$B$1</c:f><c:strCache><c:ptCount val="1"/>'
        f'<c:pt idx="0"><c:v>{name}</c:v></c:pt></c:strCache></c:strRef></c:tx>'
        f"{cat}<c:val><c:numRef><c:f>Sheet1!$B$2:$B$3</c:f>{cache}</c:numRef></c:val></c:ser>"
    )


def test_a_chart_of_two_plots_is_one_table_of_every_series():
    # columns of units and a line of shares over the same months (a combination chart)
    plots = (
        '<c:barChart><c:barDir val="col"/>'
        + series(0, "Units", ["1500", "2250.5"], "#,##0")
        + "</c:barChart><c:lineChart>"
        + series(1, "Share", ["0.125", "0.2"], "0.0%")
        + "</c:lineChart>"
    )
    doc = docx(word(chart_space(plots, title="Units sold")))
    caption, table = [b for b in doc.blocks if "chart_type" in b.meta]
    assert caption.text == "Units sold"
    assert table.meta["chart_type"] == "column+line"
    assert table.header == ("", "Units", "Share")
    # #,##0 rounds 2250.5 half up; 0.0% shows 0.125 as 12.5%
    assert table.rows == (("Jan", "1,500", "12.5%"), ("Feb", "2,251", "20.0%"))


def test_a_chart_keeping_no_values_is_skipped_with_its_reason():
    plots = (
        '<c:barChart><c:barDir val="col"/>'
        + series(0, "Units", [], "General", cached=False)
        + "</c:barChart>"
    )
    doc = docx(word(chart_space(plots, title="Units sold")))
    assert [b.text for b in doc.blocks] == ["Sales by region:", "Figures are unaudited."]
    ((what, name, reason),) = [(s.what, s.name, s.reason) for s in doc.coverage.skipped]
    assert (what, name) == ("chart", "Chart 1")
    assert "only in its embedded workbook" in reason


def test_a_damaged_word_chart_part_is_skipped_and_the_document_read():
    xml = written(XL_CHART_TYPE.PIE, regions())
    doc = docx(word(xml[: len(xml) // 2]))
    assert [b.text for b in doc.blocks] == ["Sales by region:", "Figures are unaudited."]
    ((what, name, reason),) = [(s.what, s.name, s.reason) for s in doc.coverage.skipped]
    assert (what, name) == ("chart", "Chart 1")
    assert "not well-formed" in reason


def test_dates_on_a_category_axis_are_shown_as_dates():
    data = CategoryChartData()
    data.categories = [dt.date(2024, 1, 31), dt.date(2024, 2, 29)]  # kept as serial numbers
    data.add_series("Close", (101.5, 99))
    (table,) = [b for b in docx(word(written(XL_CHART_TYPE.LINE, data))).blocks if b.kind == "table"]
    assert table.rows == (("2024-01-31", "101.5"), ("2024-02-29", "99"))
