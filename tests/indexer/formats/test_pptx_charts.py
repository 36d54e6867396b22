"""Charts in PowerPoint decks read as what they show: the title and axis titles as a paragraph,
the values the chart part keeps a copy of as a table (categories down, a column per series under
its name), where the chart stands. The decks are built with python-pptx's chart API; every value
expected below is worked out from the data put in, in the format code given."""

from __future__ import annotations

import io
import zipfile

from pptx import Presentation
from pptx.chart.data import BubbleChartData, CategoryChartData, XyChartData
from pptx.enum.chart import XL_CHART_TYPE
from pptx.util import Inches

from indexer import extract_bytes, get_chunks
from tests.indexer.formats.test_docx import _replace_member
from tests.indexer.formats.test_xlsx_charts import CX, HISTOGRAM, WATERFALL

from ._zip import unzipped, zipped


def deck(kind, data, *, title: str | None = None, axes: tuple[str, str] | None = None) -> bytes:
    """A deck of one slide, "Results", holding a text box above one chart."""
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[5])  # Title Only
    slide.shapes.title.text = "Results"
    box = slide.shapes.add_textbox(Inches(1), Inches(1.5), Inches(6), Inches(0.5))
    box.text_frame.text = "Figures as of March"
    frame = slide.shapes.add_chart(kind, Inches(1), Inches(2.5), Inches(6), Inches(4), data)
    chart = frame.chart
    if title is not None:
        chart.has_title = True
        chart.chart_title.text_frame.text = title
    if axes is not None:
        chart.category_axis.axis_title.text_frame.text = axes[0]
        chart.value_axis.axis_title.text_frame.text = axes[1]
    out = io.BytesIO()
    prs.save(out)
    return out.getvalue()


def pptx(data: bytes):
    return extract_bytes(data, "t.pptx")


def chart_blocks(doc):
    return [b for b in doc.blocks if "chart_type" in b.meta]


def regions() -> CategoryChartData:
    data = CategoryChartData(number_format="#,##0.0")
    data.categories = ["North", "South", "East"]
    data.add_series("2023", (1.2, 3.45, 5))
    data.add_series("2024", (2, 0.3, 1234.5))
    return data


def test_a_column_chart_of_two_series_is_a_table_of_its_values():
    doc = pptx(deck(XL_CHART_TYPE.COLUMN_CLUSTERED, regions()))
    # the slide's title and text box, then the chart, which stands below the box
    assert [b.kind for b in doc.blocks] == ["heading", "paragraph", "table"]
    (table,) = chart_blocks(doc)
    assert table.header == ("", "2023", "2024")
    # #,##0.0: one decimal, rounded half up (3.45 → 3.5), a thousands separator
    assert table.rows == (("North", "1.2", "2.0"), ("South", "3.5", "0.3"), ("East", "5.0", "1,234.5"))
    assert table.row_numbers == (2, 3, 4)
    assert table.page == 1
    assert table.meta["chart_type"] == "column"
    assert table.meta["slide_number"] == 1 and table.meta["slide_title"] == "Results"
    assert "| North | 1.2 | 2.0 |" in table.text
    assert not doc.coverage.skipped


def test_a_pie_chart_shows_its_shares_in_its_percent_format():
    data = CategoryChartData(number_format="0%")
    data.categories = ["Apples", "Pears", "Plums"]
    data.add_series("Share", (0.55, 0.3, 0.15))
    (table,) = chart_blocks(pptx(deck(XL_CHART_TYPE.PIE, data)))
    assert table.meta["chart_type"] == "pie"
    assert table.header == ("", "Share")
    assert table.rows == (("Apples", "55%"), ("Pears", "30%"), ("Plums", "15%"))


def test_a_chart_in_thousands_shows_its_values_as_its_format_scales_them():
    # '#,##0,"K"': the comma after the last placeholder divides by a thousand, as Excel and
    # PowerPoint label the bars; 1234567 reads 1,235K, 480000 reads 480K
    data = CategoryChartData(number_format='#,##0,"K"')
    data.categories = ["North", "South"]
    data.add_series("Budget", (1234567, 480000))
    (table,) = chart_blocks(pptx(deck(XL_CHART_TYPE.COLUMN_CLUSTERED, data)))
    assert table.rows == (("North", "1,235K"), ("South", "480K"))


def test_a_scatter_chart_gives_x_and_y_values():
    data = XyChartData()
    a = data.add_series("Trial A")
    a.add_data_point(1, 2.5)
    a.add_data_point(2, 3.5)
    b = data.add_series("Trial B")
    b.add_data_point(1.5, 10)
    b.add_data_point(3, 20)
    blocks = chart_blocks(pptx(deck(XL_CHART_TYPE.XY_SCATTER, data)))
    # the two series have x values of their own: a table each, the x values down
    assert [(b.kind, b.header, b.rows) for b in blocks] == [
        ("table", ("", "Trial A"), (("1", "2.5"), ("2", "3.5"))),
        ("table", ("", "Trial B"), (("1.5", "10"), ("3", "20"))),
    ]
    assert {b.meta["chart_type"] for b in blocks} == {"scatter"}


def test_a_scatter_chart_whose_series_share_their_x_values_is_one_table():
    data = XyChartData()
    for name, ys in (("Low", (1, 2)), ("High", (5, 7))):
        series = data.add_series(name)
        for x, y in zip((10, 20), ys, strict=True):
            series.add_data_point(x, y)
    (table,) = chart_blocks(pptx(deck(XL_CHART_TYPE.XY_SCATTER, data)))
    assert table.header == ("", "Low", "High")
    assert table.rows == (("10", "1", "5"), ("20", "2", "7"))


def test_a_bubble_chart_gives_x_y_and_size_columns():
    data = BubbleChartData()
    stores = data.add_series("Stores")
    stores.add_data_point(1, 10, 3)
    stores.add_data_point(2, 20, 5)
    kiosks = data.add_series("Kiosks")
    kiosks.add_data_point(1, 4, 1)
    kiosks.add_data_point(2, 6, 2.5)
    doc = pptx(deck(XL_CHART_TYPE.BUBBLE, data))
    (table,) = chart_blocks(doc)
    # c:xVal 1, 2 in both series: one table, each series' c:yVal then its c:bubbleSize
    assert table.meta["chart_type"] == "bubble"
    assert table.header == ("", "Stores", "Stores size", "Kiosks", "Kiosks size")
    assert table.rows == (("1", "10", "3", "4", "1"), ("2", "20", "5", "6", "2.5"))
    assert not doc.coverage.skipped  # no longer "bubble charts are not read"


def test_a_bubble_chart_whose_series_have_x_values_of_their_own_is_a_table_each():
    data = BubbleChartData()
    a = data.add_series("A")
    a.add_data_point(0.5, 7, 2)
    b = data.add_series("B")
    b.add_data_point(3, 8, 9)
    b.add_data_point(4, 1, 1)
    blocks = chart_blocks(pptx(deck(XL_CHART_TYPE.BUBBLE, data)))
    assert [(b.header, b.rows) for b in blocks] == [
        (("", "A", "A size"), (("0.5", "7", "2"),)),
        (("", "B", "B size"), (("3", "8", "9"), ("4", "1", "1"))),
    ]


def test_a_line_chart_says_its_title_and_axis_titles_before_its_data():
    data = CategoryChartData()
    data.categories = ["Q1", "Q2"]
    data.add_series("North", (1.25, 2))
    doc = pptx(deck(XL_CHART_TYPE.LINE, data, title="Revenue by region 2024", axes=("Quarter", "M USD")))
    caption, table = chart_blocks(doc)
    assert (caption.kind, caption.text) == ("paragraph", "Revenue by region 2024\nQuarter\nM USD")
    assert caption.meta["chart_title"] == table.meta["chart_title"] == "Revenue by region 2024"
    assert table.meta["chart_type"] == "line"
    # General: the numbers as the chart part keeps them
    assert (table.header, table.rows) == (("", "North"), (("Q1", "1.25"), ("Q2", "2")))


def test_categories_of_two_levels_are_two_columns_the_outer_label_on_each_row():
    data = CategoryChartData()
    west = data.add_category("West")
    west.add_sub_category("Q1")
    west.add_sub_category("Q2")
    data.add_category("East").add_sub_category("Q1")
    data.add_series("Units", (10, 20, 30))
    (table,) = chart_blocks(pptx(deck(XL_CHART_TYPE.BAR_CLUSTERED, data)))
    assert table.meta["chart_type"] == "bar"
    assert table.header == ("", "", "Units")
    assert table.rows == (("West", "Q1", "10"), ("West", "Q2", "20"), ("East", "Q1", "30"))


def test_a_damaged_chart_part_is_skipped_and_the_deck_read():
    data = deck(XL_CHART_TYPE.COLUMN_CLUSTERED, regions())
    part = "ppt/charts/chart1.xml"
    xml = zipfile.ZipFile(io.BytesIO(data)).read(part)
    doc = pptx(_replace_member(data, part, xml[: len(xml) // 2]))
    assert [b.text for b in doc.blocks] == ["Results", "Figures as of March"]
    ((what, name, reason),) = [(s.what, s.name, s.reason) for s in doc.coverage.skipped]
    assert (what, name) == ("chart", "slide 1: Chart 3")
    assert "not well-formed" in reason


def test_chunks_of_a_chart_alone_say_which_chart_and_chunks_reaching_past_it_do_not():
    data = CategoryChartData()
    data.categories = ["Q1", "Q2"]
    data.add_series("North", (1.25, 2))
    blob = deck(XL_CHART_TYPE.LINE, data, title="Revenue by region 2024", axes=("Quarter", "M USD"))
    chunks = get_chunks(blob, filename="t.pptx")
    assert [c["content_type"] for c in chunks] == ["heading", "short_disconnected_paragraph", "table"]
    heading, short, table = (c["metadata"] for c in chunks)
    # structural: the chart's table is a chunk of its own, of that chart
    assert (table["chart_type"], table["chart_title"]) == ("line", "Revenue by region 2024")
    # its titles, short, are joined to the text box above them: that chunk is not the chart's
    assert chunks[1]["content"].startswith("Figures as of March\nRevenue by region 2024")
    assert not {"chart_type", "chart_title"} & (set(short) | set(heading))
    # a slide's chunk holding its text box and the chart is not the chart's
    (slide,) = get_chunks(blob, filename="t.pptx", mode="page_aware")
    assert "Figures as of March" in slide["content"] and "| Q1 | 1.25 |" in slide["content"]
    assert "chart_type" not in slide["metadata"] and "chart_title" not in slide["metadata"]


# -- Office 2016 charts (chartex: waterfall, treemap, histogram …) ---------------------------------

CHARTEX_REL = "http://schemas.microsoft.com/office/2014/relationships/chartEx"
CHARTEX_TYPE = "application/vnd.ms-office.chartex+xml"
#: the choice an Office 2016 chart's frame stands in, as Office writes it
CHARTEX_CHOICE = (
    '<mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">'
    '<mc:Choice xmlns:cx1="http://schemas.microsoft.com/office/drawing/2015/9/8/chartex" Requires="cx1">'
)


def repacked(data: bytes, changes: dict[str, object]) -> bytes:
    """The package ``data`` with each member of ``changes`` replaced (a function of its text, or
    the bytes of a new member)."""
    parts = unzipped(data)
    for name, change in changes.items():
        parts[name] = change(parts[name].decode()).encode() if callable(change) else change
    return zipped(parts)


def chartex_parts(part: str, rels: str, target: str, chart: str) -> dict[str, object]:
    """The changes adding the chartex part ``part`` (text ``chart``) to a package, related to the
    part whose relationships are ``rels`` as ``rIdCx`` (``target`` from there)."""
    relationship = f'<Relationship Id="rIdCx" Type="{CHARTEX_REL}" Target="{target}"/></Relationships>'
    override = f'<Override PartName="/{part}" ContentType="{CHARTEX_TYPE}"/></Types>'
    return {
        rels: lambda xml: xml.replace("</Relationships>", relationship),
        "[Content_Types].xml": lambda xml: xml.replace("</Types>", override),
        part: chart.encode(),
    }


def chartex_deck(chart: str) -> bytes:
    """A slide "Results" written by python-pptx, a text box on it, and below that an Office 2016
    chart added as PowerPoint saves one: its graphic frame naming a ``cx:chart`` in an
    ``mc:AlternateContent`` choice, its fallback a shape saying the chart cannot be shown."""
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[5])  # Title Only
    slide.shapes.title.text = "Results"
    box = slide.shapes.add_textbox(Inches(1), Inches(1.5), Inches(6), Inches(0.5))
    box.text_frame.text = "Figures as of March"
    out = io.BytesIO()
    prs.save(out)
    place = '<p:xfrm><a:off x="914400" y="2286000"/><a:ext cx="5486400" cy="3657600"/></p:xfrm>'
    frame = (
        CHARTEX_CHOICE + '<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="4" name="Chart 3"/>'
        f"<p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr>{place}"
        f'<a:graphic><a:graphicData uri="{CX}"><cx:chart xmlns:cx="{CX}" r:id="rIdCx"/></a:graphicData>'
        "</a:graphic></p:graphicFrame></mc:Choice><mc:Fallback><p:sp><p:nvSpPr>"
        '<p:cNvPr id="4" name="Chart 3"/><p:cNvSpPr><a:spLocks noTextEdit="1"/></p:cNvSpPr><p:nvPr/>'
        f'</p:nvSpPr><p:spPr>{place.replace("p:xfrm", "a:xfrm")}<a:prstGeom prst="rect"><a:avLst/>'
        '</a:prstGeom></p:spPr><p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="en-US"/>'
        "<a:t>This chart isn't available in your version of PowerPoint.</a:t></a:r></a:p></p:txBody>"
        "</p:sp></mc:Fallback></mc:AlternateContent>"
    )
    changes = chartex_parts(
        "ppt/charts/chartEx1.xml", "ppt/slides/_rels/slide1.xml.rels", "../charts/chartEx1.xml", chart
    )
    changes["ppt/slides/slide1.xml"] = lambda xml: xml.replace("</p:spTree>", frame + "</p:spTree>")
    return repacked(out.getvalue(), changes)


def test_an_office_2016_chart_is_read_where_it_stands_and_its_fallback_is_not():
    doc = pptx(chartex_deck(WATERFALL))
    assert [b.kind for b in doc.blocks] == ["heading", "paragraph", "paragraph", "table"]
    heading, box, titles, table = doc.blocks
    assert (heading.text, box.text) == ("Results", "Figures as of March")
    # as Excel gives it: the title and the value axis's title, then the values in #,##0
    assert titles.text == "Cash flow 2024\nk EUR"
    assert table.header == ("", "Cash")
    assert table.rows == (("Start", "1,200"), ("Sales", "400"), ("Costs", "-300"), ("End", "1,300"))
    assert (table.meta["chart_type"], table.meta["chart_title"], table.page) == (
        "waterfall",
        "Cash flow 2024",
        1,
    )
    assert "This chart isn't available" not in doc.text
    assert not doc.coverage.skipped


def test_an_office_2016_chart_keeping_no_values_is_listed_with_why():
    doc = pptx(chartex_deck(HISTOGRAM))
    assert [b.text for b in doc.blocks] == ["Results", "Figures as of March"]
    ((what, name, reason),) = [(s.what, s.name, s.reason) for s in doc.coverage.skipped]
    assert (what, name) == ("chart", "slide 1: Chart 3")
    assert "only in its embedded workbook" in reason
