"""Charts in Word documents read as PowerPoint's are (tests/indexer/formats/test_pptx_charts.py),
after the paragraph holding them: the chart parts are written by python-pptx's chart XML writer,
or by hand. Every value expected below is worked out from the data put in, in the format code
given."""

from __future__ import annotations

import datetime as dt
import io

from docx import Document
from pptx.chart.data import CategoryChartData
from pptx.chart.xmlwriter import ChartXmlWriter
from pptx.enum.chart import XL_CHART_TYPE

from tests.indexer.formats.test_docx import build_docx, docx, para
from tests.indexer.formats.test_pptx_charts import CHARTEX_CHOICE, chartex_parts, regions, repacked
from tests.indexer.formats.test_xlsx_charts import CX, HISTOGRAM, TREEMAP, WATERFALL

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


def chartex_word(chart: str) -> bytes:
    """Two paragraphs written by python-docx, an Office 2016 chart added in the first as Word
    saves one: its drawing naming a ``cx:chart`` in an ``mc:AlternateContent`` choice, its
    fallback a text box saying the chart cannot be shown."""
    document = Document()
    document.add_paragraph("Cash flow:")
    document.add_paragraph("Figures are unaudited.")
    out = io.BytesIO()
    document.save(out)
    a = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'
    inline = '<wp:inline><wp:extent cx="5486400" cy="3200400"/><wp:docPr id="1" name="Chart 1"/>'
    run = (
        f'<w:r>{CHARTEX_CHOICE}<w:drawing>{inline}<a:graphic {a}><a:graphicData uri="{CX}">'
        f'<cx:chart xmlns:cx="{CX}" r:id="rIdCx"/></a:graphicData></a:graphic></wp:inline></w:drawing>'
        f"</mc:Choice><mc:Fallback><w:drawing>{inline}<a:graphic {a}><a:graphicData "
        'uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:cNvSpPr>'
        '<a:spLocks noTextEdit="1"/></wps:cNvSpPr><wps:spPr/><wps:txbx><w:txbxContent><w:p><w:r>'
        "<w:t>This chart isn't available in your version of Word.</w:t></w:r></w:p></w:txbxContent>"
        "</wps:txbx><wps:bodyPr/></wps:wsp></a:graphicData></a:graphic></wp:inline></w:drawing>"
        "</mc:Fallback></mc:AlternateContent></w:r>"
    )
    changes = chartex_parts(
        "word/charts/chartEx1.xml", "word/_rels/document.xml.rels", "charts/chartEx1.xml", chart
    )
    changes["word/document.xml"] = lambda xml: xml.replace(
        "<w:t>Cash flow:</w:t></w:r>", "<w:t>Cash flow:</w:t></w:r>" + run
    )
    return repacked(out.getvalue(), changes)


def test_an_office_2016_chart_is_read_after_its_paragraph_and_its_fallback_is_not():
    doc = docx(chartex_word(WATERFALL))
    assert [b.kind for b in doc.blocks] == ["paragraph", "paragraph", "table", "paragraph"]
    first, titles, table, last = doc.blocks
    assert (first.text, last.text) == ("Cash flow:", "Figures are unaudited.")
    # as Excel gives it: the title and the value axis's title, then the values in #,##0
    assert titles.text == "Cash flow 2024\nk EUR"
    assert table.header == ("", "Cash")
    assert table.rows == (("Start", "1,200"), ("Sales", "400"), ("Costs", "-300"), ("End", "1,300"))
    assert (table.meta["chart_type"], table.meta["chart_title"]) == ("waterfall", "Cash flow 2024")
    assert "This chart isn't available" not in doc.text
    assert not doc.coverage.skipped


def test_an_office_2016_treemap_gives_its_branches_over_its_leaves():
    (table,) = [b for b in docx(chartex_word(TREEMAP)).blocks if b.kind == "table"]
    assert table.meta["chart_type"] == "treemap"
    assert table.header == ("", "", "Stock")
    assert table.rows == (("Fruit", "Apples", "5"), ("Fruit", "Pears", "3"), ("Veg", "Carrots", "7.5"))


def test_an_office_2016_chart_keeping_no_values_in_word_is_listed_with_why():
    doc = docx(chartex_word(HISTOGRAM))
    assert [b.text for b in doc.blocks] == ["Cash flow:", "Figures are unaudited."]
    ((what, name, reason),) = [(s.what, s.name, s.reason) for s in doc.coverage.skipped]
    assert (what, name) == ("chart", "Chart 1")
    assert "only in its embedded workbook" in reason


def test_times_in_a_chart_are_shown_as_excel_shows_them():
    # 47100 s (0.54513888… of a day) is 13:05, 1:05 PM at h:mm AM/PM, 13:05:00 at [h]:mm:ss (13
    # elapsed hours); 1.0854 days are 93778.56 s, rounded to the second 93779 s: 2:02:59 past the
    # first day, 2:02 AM, and 26 hours (93600 s) and 179 s elapsed, 26:02:59 at [h]:mm:ss
    plots = (
        '<c:lineChart><c:grouping val="standard"/>'
        + series(0, "Start", [repr(47100 / 86400), "1.0854"], "h:mm AM/PM")
        + series(1, "Worked", [repr(47100 / 86400), "1.0854"], "[h]:mm:ss")
        + "</c:lineChart>"
    )
    (table,) = [b for b in docx(word(chart_space(plots))).blocks if b.kind == "table"]
    assert table.header == ("", "Start", "Worked")
    assert table.rows == (("Jan", "1:05 PM", "13:05:00"), ("Feb", "2:02 AM", "26:02:59"))
