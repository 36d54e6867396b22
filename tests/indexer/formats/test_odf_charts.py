"""Charts in OpenDocument files: an embedded chart object (``Object 1/content.xml`` holding
``office:chart``) is read as a Word or PowerPoint chart is, its title and axis titles a paragraph
and the values its own table keeps a table (categories down, a column per series under its
name), with ``chart_type`` and ``chart_title`` in the meta. Packages built by hand in the layout
LibreOffice writes."""

from __future__ import annotations

import io
import zipfile

from indexer import extract_bytes

NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
    'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" '
    'xmlns:xlink="http://www.w3.org/1999/xlink" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
    'xmlns:chart="urn:oasis:names:tc:opendocument:xmlns:chart:1.0" '
    'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"'
)
CHART_TYPE = "application/vnd.oasis.opendocument.chart"


def _cell(text: str) -> str:
    if not text:
        return "<table:table-cell><text:p/></table:table-cell>"
    try:
        float(text)
    except ValueError:
        return f'<table:table-cell office:value-type="string"><text:p>{text}</text:p></table:table-cell>'
    return (
        f'<table:table-cell office:value-type="float" office:value="{text}">'
        f"<text:p>{text}</text:p></table:table-cell>"
    )


def chart_object(
    cls: str = "chart:bar",
    title: str = "Sales by quarter",
    axes: tuple[str, str] = ("Quarter", "k EUR"),
    rows: tuple[tuple[str, ...], ...] = (("", "North", "South"), ("Q1", "10", "7.5"), ("Q2", "12", "8")),
    vertical: bool = False,
    subtitle: str = "",
    in_rows: bool = False,
    labels: str = "both",
) -> str:
    """A chart object's content.xml as LibreOffice writes it: the chart's title, its plot area
    (its style saying whether its x axis is upright), axes with titles, a series per column, and
    its data in a local table whose header rows hold the series' names. ``in_rows``: its series
    in the table's rows instead, as LibreOffice writes a chart whose data series are in rows:
    the first row the categories, the first column the series' names, each series' values a
    row, and its plot area's style saying so (``chart:series-source="rows"``). ``labels``: its
    plot area's ``chart:data-source-has-labels``, whether the table's first row ("row"), first
    column ("column"), both or neither ("none") hold labels; the table's header row and header
    column, the series' ranges, names and the categories' range follow it."""
    first_row = labels in ("both", "row")  # the first row holds labels
    first_column = labels in ("both", "column")
    head, body = (rows[0], rows[1:]) if first_row else ((), rows)
    width = len(rows[0])
    table = (
        '<table:table table:name="local-table">'
        + (
            "<table:table-header-columns><table:table-column/></table:table-header-columns>"
            if first_column
            else ""
        )
        + "<table:table-columns>"
        f'<table:table-column table:number-columns-repeated="{width - first_column}"/></table:table-columns>'
        + (
            "<table:table-header-rows><table:table-row>"
            + "".join(_cell(t) for t in head)
            + "</table:table-row></table:table-header-rows>"
            if first_row
            else ""
        )
        + "<table:table-rows>"
        + "".join("<table:table-row>" + "".join(_cell(t) for t in r) + "</table:table-row>" for r in body)
        + "</table:table-rows></table:table>"
    )
    x, y = axes
    top = 2 if first_row else 1  # the first row of values
    left = 1 if first_column else 0  # the first column of values
    series = "".join(
        f'<chart:series chart:style-name="ch5" chart:class="{cls}" '
        f'chart:values-cell-range-address="local-table.${chr(65 + i)}${top}:.${chr(65 + i)}${len(rows)}"'
        + (f' chart:label-cell-address="local-table.${chr(65 + i)}$1"' if first_row else "")
        + "/>"
        for i in range(left, width)
    )
    categories = f"local-table.$A${top}:.$A${len(rows)}" if first_column else ""
    if in_rows:
        last = chr(64 + width)
        series = "".join(
            f'<chart:series chart:style-name="ch5" chart:class="{cls}" '
            f'chart:values-cell-range-address="local-table.${chr(65 + left)}${n}:.${last}${n}"'
            + (f' chart:label-cell-address="local-table.$A${n}"' if first_column else "")
            + "/>"
            for n in range(top, len(rows) + 1)
        )
        categories = f"local-table.${chr(65 + left)}$1:.${last}$1" if first_row else ""
    return (
        f"<office:document-content {NS}><office:automatic-styles>"
        '<style:style style:name="ch3" style:family="chart">'
        f'<style:chart-properties chart:vertical="{str(vertical).lower()}" '
        f'chart:series-source="{"rows" if in_rows else "columns"}"/></style:style>'
        "</office:automatic-styles><office:body><office:chart>"
        f'<chart:chart svg:width="16cm" svg:height="9cm" chart:class="{cls}" chart:style-name="ch1">'
        + (f"<chart:title><text:p>{title}</text:p></chart:title>" if title else "")
        + (f"<chart:subtitle><text:p>{subtitle}</text:p></chart:subtitle>" if subtitle else "")
        + '<chart:legend chart:legend-position="end"/>'
        f'<chart:plot-area chart:style-name="ch3" chart:data-source-has-labels="{labels}">'
        '<chart:axis chart:dimension="x" chart:name="primary-x">'
        + (f"<chart:title><text:p>{x}</text:p></chart:title>" if x else "")
        + (f'<chart:categories table:cell-range-address="{categories}"/>' if categories else "")
        + "</chart:axis>"
        '<chart:axis chart:dimension="y" chart:name="primary-y">'
        + (f"<chart:title><text:p>{y}</text:p></chart:title>" if y else "")
        + '<chart:grid chart:class="major"/></chart:axis>'
        + series
        + "<chart:wall/><chart:floor/></chart:plot-area>"
        + table
        + "</chart:chart></office:chart></office:body></office:document-content>"
    )


FRAME = (
    '<draw:frame draw:name="Object 1" svg:width="16cm" svg:height="9cm" {extra}>'
    '<draw:object xlink:href="./Object 1" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/>'
    '<draw:image xlink:href="./ObjectReplacements/Object 1" xlink:type="simple"/></draw:frame>'
)


def package(kind: str, body: str, objects: dict[str, str | None]) -> bytes:
    """An OpenDocument package of ``body`` and its chart objects (name → content.xml; None:
    listed in the manifest, its folder missing)."""
    entries = "".join(
        f'<manifest:file-entry manifest:full-path="{name}/" manifest:media-type="{CHART_TYPE}"/>'
        for name in objects
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr("mimetype", f"application/vnd.oasis.opendocument.{kind}")
        zf.writestr(
            "META-INF/manifest.xml",
            '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">'
            f'<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.{kind}"/>'
            f"{entries}</manifest:manifest>",
        )
        zf.writestr(
            "content.xml",
            f"<office:document-content {NS}><office:body><office:{kind}>{body}"
            f"</office:{kind}></office:body></office:document-content>",
        )
        for name, content in objects.items():
            if content is not None:
                zf.writestr(f"{name}/content.xml", content)
                zf.writestr(f"ObjectReplacements/{name}", b"\x00stand-in rendering")
    return out.getvalue()


def _odt(objects: dict[str, str | None]) -> bytes:
    frame = FRAME.format(extra='text:anchor-type="as-char"')
    body = f"<text:p>Before the chart.</text:p><text:p>{frame}</text:p><text:p>After the chart.</text:p>"
    return package("text", body, objects)


def test_a_text_documents_chart_is_its_titles_and_its_table_where_it_stands():
    doc = extract_bytes(_odt({"Object 1": chart_object()}), "t.odt")
    kinds = [(b.kind, b.text) for b in doc.blocks]
    assert kinds[0] == ("paragraph", "Before the chart.")
    assert kinds[-1] == ("paragraph", "After the chart.")
    titles, table = doc.blocks[1:3]
    assert titles.kind == "paragraph" and titles.text == "Sales by quarter\nQuarter\nk EUR"
    assert table.kind == "table"
    assert table.header == ("", "North", "South")
    assert table.rows == (("Q1", "10", "7.5"), ("Q2", "12", "8"))
    assert table.row_numbers == (2, 3)
    for block in (titles, table):
        # LibreOffice draws chart:bar as upright columns unless its plot area is chart:vertical
        assert block.meta["chart_type"] == "column"
        assert block.meta["chart_title"] == "Sales by quarter"
    assert not doc.coverage.skipped


def test_a_chart_whose_series_are_in_rows_is_read_a_series_a_column():
    # chart:series-source="rows" (ODF 1.2, a chart-properties attribute of the plot area's
    # style; "columns" by default): each row of the chart's table a series,
    # North over B2:D2 named by A2, South over B3:D3 named by A3, the categories B1:D1
    stored = (("", "Q1", "Q2", "Q3"), ("North", "10", "12", "9"), ("South", "7.5", "8", "6"))
    doc = extract_bytes(_odt({"Object 1": chart_object(rows=stored, in_rows=True)}), "t.odt")
    table = doc.blocks[2]
    assert table.header == ("", "North", "South")
    assert table.rows == (("Q1", "10", "7.5"), ("Q2", "12", "8"), ("Q3", "9", "6"))
    assert table.row_numbers == (2, 3, 4)
    assert table.meta["chart_type"] == "column"


def _table_of(chart: str):
    (table,) = [b for b in extract_bytes(_odt({"Object 1": chart}), "t.odt").blocks if b.kind == "table"]
    return table


def test_a_table_whose_first_row_alone_holds_labels_has_its_categories_numbered():
    # chart:data-source-has-labels="row" (ODF 1.2 §19.15): North over A2:A3 named by A1, South
    # over B2:B3 named by B1, no categories: the category axis numbers its points 1, 2
    table = _table_of(chart_object(rows=(("North", "South"), ("10", "7.5"), ("12", "8")), labels="row"))
    assert table.header == ("", "North", "South")
    assert table.rows == (("1", "10", "7.5"), ("2", "12", "8"))
    assert table.row_numbers == (2, 3)


def test_a_table_whose_first_column_alone_holds_labels_has_its_series_unnamed():
    # "column": the categories Q1, Q2 down A1:A2, the values from the first row on (B1:B2,
    # C1:C2), no series named: LibreOffice's legend says Series1, Series2 (its
    # STR_DATA_UNNAMED_SERIES_WITH_INDEX, "Series%NUMBER", for a series without a label)
    table = _table_of(chart_object(rows=(("Q1", "10", "7.5"), ("Q2", "12", "8")), labels="column"))
    assert table.header == ("", "Series1", "Series2")
    assert table.rows == (("Q1", "10", "7.5"), ("Q2", "12", "8"))
    assert table.row_numbers == (1, 2)


def test_a_table_without_labels_is_all_values():
    table = _table_of(chart_object(rows=(("10", "7.5"), ("12", "8")), labels="none"))
    assert table.header == ("", "Series1", "Series2")
    assert table.rows == (("1", "10", "7.5"), ("2", "12", "8"))
    assert table.row_numbers == (1, 2)


def test_labels_in_the_first_row_of_a_table_whose_series_are_its_rows_are_its_categories():
    # series in rows (A2:C2, A3:C3), the first row holding labels: they are the categories
    # Q1 Q2 Q3 (A1:C1); no column names the series
    stored = (("Q1", "Q2", "Q3"), ("10", "12", "9"), ("7.5", "8", "6"))
    table = _table_of(chart_object(rows=stored, in_rows=True, labels="row"))
    assert table.header == ("", "Series1", "Series2")
    assert table.rows == (("Q1", "10", "7.5"), ("Q2", "12", "8"), ("Q3", "9", "6"))
    assert table.row_numbers == (1, 2, 3)


def test_the_chart_class_names_its_kind():
    cases = {
        ("chart:bar", True): "bar",
        ("chart:line", False): "line",
        ("chart:circle", False): "pie",
        ("chart:ring", False): "doughnut",
        ("chart:area", False): "area",
        ("chart:scatter", False): "scatter",
        ("chart:radar", False): "radar",
        ("chart:filled-radar", False): "radar",
        ("chart:stock", False): "stock",
        ("chart:bubble", False): "bubble",
    }
    for (cls, vertical), kind in cases.items():
        doc = extract_bytes(_odt({"Object 1": chart_object(cls, vertical=vertical)}), "t.odt")
        assert {b.meta.get("chart_type") for b in doc.blocks[1:3]} == {kind}, cls


def test_a_chart_without_titles_is_its_table_and_a_subtitle_is_said():
    doc = extract_bytes(_odt({"Object 1": chart_object(title="", axes=("", ""))}), "t.odt")
    assert [b.kind for b in doc.blocks] == ["paragraph", "table", "paragraph"]
    assert "chart_title" not in doc.blocks[1].meta and doc.blocks[1].meta["chart_type"] == "column"
    doc = extract_bytes(_odt({"Object 1": chart_object(subtitle="2024, in thousands")}), "t.odt")
    assert doc.blocks[1].text == "Sales by quarter\n2024, in thousands\nQuarter\nk EUR"


def test_a_chart_object_missing_or_damaged_is_listed_and_the_document_read():
    for objects, reason in (
        ({"Object 1": None}, "missing"),
        ({"Object 1": chart_object()[:-40]}, "not well-formed"),
    ):
        doc = extract_bytes(_odt(objects), "t.odt")
        assert [b.text for b in doc.blocks] == ["Before the chart.", "After the chart."]
        (skipped,) = doc.coverage.skipped
        assert skipped.what == "chart" and skipped.name == "Object 1" and reason in skipped.reason


def test_a_slides_chart_is_read_on_its_slide():
    frame = FRAME.format(extra='svg:x="2cm" svg:y="5cm"')
    body = (
        '<draw:page draw:name="p1"><draw:frame presentation:class="title" svg:x="2cm" svg:y="1cm">'
        "<draw:text-box><text:p>Results</text:p></draw:text-box></draw:frame>"
        '<draw:frame svg:x="2cm" svg:y="3cm"><draw:text-box><text:p>Both regions grew.</text:p>'
        f"</draw:text-box></draw:frame>{frame}</draw:page>"
        '<draw:page draw:name="p2"><draw:frame svg:x="1cm" svg:y="1cm"><draw:text-box>'
        "<text:p>Thanks</text:p></draw:text-box></draw:frame></draw:page>"
    )
    obj = chart_object("chart:line", title="Trend", axes=("", "Units"))
    doc = extract_bytes(package("presentation", body, {"Object 1": obj}), "t.odp")
    assert [(b.kind, b.text, b.page) for b in doc.blocks[:3]] == [
        ("heading", "Results", 1),
        ("paragraph", "Both regions grew.", 1),
        ("paragraph", "Trend\nUnits", 1),
    ]
    table = doc.blocks[3]
    assert table.kind == "table" and table.page == 1
    assert table.rows == (("Q1", "10", "7.5"), ("Q2", "12", "8"))
    assert table.meta["chart_type"] == "line" and table.meta["slide_number"] == 1
    assert doc.blocks[4].text == "Thanks" and doc.blocks[4].page == 2


def test_a_slide_chart_without_a_stand_in_picture_is_read():
    # Impress writes a stand-in rendering beside the object; the reader looked for that picture
    # to read a frame's object at all
    frame = FRAME.format(extra='svg:x="2cm" svg:y="5cm"').replace(
        '<draw:image xlink:href="./ObjectReplacements/Object 1" xlink:type="simple"/>', ""
    )
    body = f'<draw:page draw:name="p1">{frame}</draw:page>'
    doc = extract_bytes(package("presentation", body, {"Object 1": chart_object()}), "t.odp")
    assert [b.kind for b in doc.blocks] == ["paragraph", "table"]
    assert doc.blocks[0].text == "Sales by quarter\nQuarter\nk EUR"


def _ods(chart: str | None, extra: dict[str, str | None] | None = None) -> bytes:
    """Sales: a table and, anchored at its cell D2 and reaching H12, a chart of it; Notes: a
    sheet of one cell, a chart on the page (table:shapes) over it."""
    frame = FRAME.format(extra='table:end-cell-address="Sales.H12" svg:x="0cm" svg:y="0cm"')
    page_frame = FRAME.format(extra='svg:x="1cm" svg:y="1cm"').replace("Object 1", "Object 2")
    body = (
        '<table:table table:name="Sales"><table:table-column table:number-columns-repeated="4"/>'
        "<table:table-row>" + _cell("Region") + _cell("2024") + "</table:table-row>"
        "<table:table-row>"
        + _cell("North")
        + _cell("1.2")
        + '<table:table-cell table:number-columns-repeated="1"/>'
        + f"<table:table-cell>{frame}</table:table-cell></table:table-row>"
        "<table:table-row>" + _cell("South") + _cell("3.4") + "</table:table-row></table:table>"
        f'<table:table table:name="Notes"><table:shapes>{page_frame}</table:shapes>'
        "<table:table-column/><table:table-row>" + _cell("See the chart") + "</table:table-row></table:table>"
    )
    objects: dict[str, str | None] = {"Object 1": chart}
    objects.update(extra or {})
    return package("spreadsheet", body, objects)


def test_a_sheets_chart_says_its_titles_after_the_cells_not_its_values_again():
    # the chart object keeps a copy of the cells it draws in its own table; they are the sheet's
    # cells, read once with it, as an .xlsx chart's
    copy = (("", "2024"), ("North", "1.2"), ("South", "3.4"))
    chart = chart_object(title="Revenue by region", axes=("Region", "M USD"), rows=copy)
    pie = chart_object("chart:circle", title="Share", axes=("", ""), rows=copy)
    doc = extract_bytes(_ods(chart, {"Object 2": pie}), "t.ods")
    assert [(b.kind, b.meta["sheet_name"]) for b in doc.blocks] == [
        ("table", "Sales"),
        ("paragraph", "Sales"),
        ("table", "Notes"),
        ("paragraph", "Notes"),
    ]
    table, sales, notes, share = doc.blocks
    # the cells once (no header: "2024" is a number), not the chart's copy of them again
    assert table.rows == (("Region", "2024"), ("North", "1.2"), ("South", "3.4"))
    assert sales.text == "Revenue by region\nRegion\nM USD"
    assert sales.meta["chart_type"] == "column" and sales.meta["chart_title"] == "Revenue by region"
    assert sales.meta["row_range"] == [2, 12]  # anchored in row 2, its corner on H12
    assert notes.rows == (("See the chart",),)
    assert share.text == "Share" and share.meta["chart_type"] == "pie" and "row_range" not in share.meta
    assert not doc.coverage.skipped


def test_a_sheets_chart_object_missing_or_damaged_is_listed():
    for chart, reason in ((None, "missing"), (chart_object()[:-40], "not well-formed")):
        doc = extract_bytes(_ods(chart), "t.ods")
        assert [b.kind for b in doc.blocks] == ["table", "table"]  # the cells of both sheets
        (skipped,) = doc.coverage.skipped
        assert skipped.what == "chart" and skipped.name == "Object 1" and reason in skipped.reason
