"""Several tables on one sheet, headers merged over two rows, pivot-table filter lines, a CSV
title over its header, and what the chunks of such sheets say (tables, sheet, row, hidden,
workbook properties). Expected values were worked out from the rows written here."""

from __future__ import annotations

import io

import openpyxl
import pytest

from indexer import extract, get_chunks, get_markdown
from indexer.formats._cells import RawSheet
from indexer.formats.spreadsheet import read_tables
from indexer.model import PARAGRAPH, TABLE
from tests._builders import png


def _raw(rows, merged=()) -> RawSheet:
    return RawSheet(iter(enumerate(rows)), 0, list(merged))


def _book(*sheets, hidden=(), creator=None) -> bytes:
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for name, rows, merges in sheets:
        ws = wb.create_sheet(name)
        for r, row in enumerate(rows, 1):
            for c, value in enumerate(row, 1):
                if value is not None:
                    ws.cell(r, c, value)
        for ref in merges:
            ws.merge_cells(ref)
        if name in hidden:
            ws.sheet_state = "hidden"
    if creator:
        wb.properties.creator = creator
        wb.properties.title = "Stock"
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def test_a_blank_row_and_a_new_header_start_a_second_table():
    rows = [
        ["fruit", "kg"],
        ["apple", 3.0],
        ["pear", 4.0],
        [None, None],
        ["city", "people"],
        ["Oslo", 700.0],
        ["Rome", 2800.0],
    ]
    tables = read_tables(_raw(rows), char_budget=10**6)
    assert [(t.header, t.rows, t.row_numbers) for t in tables] == [
        (("fruit", "kg"), (("apple", "3"), ("pear", "4")), (2, 3)),
        (("city", "people"), (("Oslo", "700"), ("Rome", "2800")), (6, 7)),
    ]


def test_a_blank_row_and_a_header_of_years_start_a_second_table():
    # "Region | 2021 | 2022" heads the figures below it though its years are numbers: it went on
    # with the table above as one of its rows
    rows = [
        ["fruit", "kg", None],
        ["apple", 3.0, None],
        [None, None, None],
        ["Region", 2021.0, 2022.0],
        ["North", 10.0, 12.0],
        ["South", 8.0, 9.0],
    ]
    tables = read_tables(_raw(rows), char_budget=10**6)
    assert [(t.header, t.rows, t.row_numbers) for t in tables] == [
        (("fruit", "kg"), (("apple", "3"),), (2,)),  # its own columns, A:B
        (("Region", "2021", "2022"), (("North", "10", "12"), ("South", "8", "9")), (5, 6)),
    ]


def test_a_blank_row_inside_a_table_does_not_cut_it():
    # the row after the blank holds numbers: it goes on with the table above
    rows = [["fruit", "kg"], ["apple", 3.0], [None, None], ["pear", 4.0], ["plum", 5.0]]
    (table,) = read_tables(_raw(rows), char_budget=10**6)
    assert table.header == ("fruit", "kg")
    assert table.rows == (("apple", "3"), ("pear", "4"), ("plum", "5"))
    assert table.row_numbers == (2, 4, 5)


def test_a_table_set_beside_another_further_down_is_a_table_of_its_own():
    # A1:B4 and, after two empty columns, E3:F5 with its own header
    rows = [
        ["item", "qty", None, None, None, None],
        ["bolt", 1.0, None, None, None, None],
        ["nut", 2.0, None, None, "size", "mm"],
        ["pin", 3.0, None, None, "S", 4.0],
        [None, None, None, None, "L", 9.0],
    ]
    left, right = read_tables(_raw(rows), char_budget=10**6)
    assert left.header == ("item", "qty") and left.rows == (("bolt", "1"), ("nut", "2"), ("pin", "3"))
    assert left.cols == (0, 1)
    assert right.header == ("size", "mm") and right.rows == (("S", "4"), ("L", "9"))
    assert right.row_numbers == (4, 5) and right.cols == (4, 5)


def test_an_empty_column_inside_a_table_with_one_header_row_does_not_cut_it():
    # the columns right of the gap start on the header row: one table with an empty column
    rows = [["name", None, "score"], ["ann", None, 3.0], ["bob", None, 4.0]]
    (table,) = read_tables(_raw(rows), char_budget=10**6)
    assert table.header == ("name", "Column 2", "score")
    assert table.rows == (("ann", "", "3"), ("bob", "", "4"))


def test_a_header_merged_down_over_two_rows_takes_its_sub_headings():
    # A1:A2 "region" merged down, B1:C1 "sales" merged across over "Q1" and "Q2" in row 2: the
    # rows join as the header rows of a Word or an HTML table do
    rows = [["region", "sales", None], [None, "Q1", "Q2"], ["north", 5.0, 6.0], ["south", 7.0, 8.0]]
    (table,) = read_tables(_raw(rows, merged=[(0, 0, 1, 0), (0, 1, 0, 2)]), char_budget=10**6)
    assert table.header == ("region", "sales / Q1", "sales / Q2")
    assert table.rows == (("north", "5", "6"), ("south", "7", "8"))
    assert table.row_numbers == (3, 4)


def test_a_header_cell_merged_down_does_not_swallow_a_data_row():
    # B1:C2 merged; A2 "north" is a value under a header cell merged neither down nor across
    rows = [["region", "Q1", None], ["north", None, None], ["south", 5.0, 6.0]]
    (table,) = read_tables(_raw(rows, merged=[(0, 1, 1, 2)]), char_budget=10**6)
    assert table.header == ("region", "Q1", "Q1")
    assert table.rows == (("north", "Q1", "Q1"), ("south", "5", "6"))


def test_a_filter_line_over_a_table_is_kept_as_text():
    # what Excel writes over a pivot table: a page field and its selection, a blank row, the table
    data = _book(
        (
            "Pivot",
            [["Date", "(Multiple Items)"], [None, None], ["Row Labels", "Sum of Size"], ["yellow", 6.5]],
            [],
        )
    )
    doc = extract(data, filename="p.xlsx")
    assert [(b.kind, b.text) for b in doc.blocks if b.kind == PARAGRAPH] == [
        (PARAGRAPH, "Date | (Multiple Items)")
    ]
    (table,) = [b for b in doc.blocks if b.kind == TABLE]
    assert table.header == ("Row Labels", "Sum of Size") and table.rows == (("yellow", "6.5"),)
    rows = get_chunks(data, filename="p.xlsx", mode="row")
    assert [c["content"] for c in rows] == [
        "Date | (Multiple Items)",
        "Row Labels: yellow | Sum of Size: 6.5",
    ]


def _two_tables() -> bytes:
    rows = [["fruit", "kg"], ["apple", 3], ["pear", 4], [], ["city", "people"], ["Oslo", 700]]
    return _book(("Mixed", rows, []), ("Secret", [["k", "v"], ["a", 1]], []), hidden=("Secret",))


def test_the_chunks_of_a_sheet_with_two_tables():
    data = _two_tables()
    rows = get_chunks(data, filename="m.xlsx", mode="row")
    assert [c["content"] for c in rows] == [
        "fruit: apple | kg: 3",
        "fruit: pear | kg: 4",
        "city: Oslo | people: 700",
        "k: a | v: 1",
    ]
    tables = get_chunks(data, filename="m.xlsx", mode="table")
    assert [c["metadata"].get("table_range") for c in tables] == ["A1:B3", "A5:B6", None]
    assert tables[1]["content"] == "| city | people |\n| --- | --- |\n| Oslo | 700 |"
    sheets = get_chunks(data, filename="m.xlsx", mode="sheet")
    assert len(sheets) == 2  # the two tables of "Mixed" fit in one chunk, a blank line between
    first = sheets[0]
    assert first["content"] == (
        "| fruit | kg |\n| --- | --- |\n| apple | 3 |\n| pear | 4 |\n\n| city | people |\n| --- | --- |\n| Oslo | 700 |"
    )
    assert first["metadata"]["table_count"] == 2 and first["metadata"]["row_count"] == 3
    assert first["metadata"]["row_range"] == [2, 6]


@pytest.mark.parametrize("mode", ["row", "table", "sheet", "sliding_window", "page_aware", "semantic"])
def test_chunks_of_a_hidden_sheet_say_so(mode):
    chunks = get_chunks(_two_tables(), filename="m.xlsx", mode=mode)
    hidden = [c for c in chunks if c["metadata"].get("sheet_name") == "Secret"]
    shown = [c for c in chunks if c["metadata"].get("sheet_name") == "Mixed"]
    assert hidden and shown
    assert all(c["metadata"].get("hidden") is True for c in hidden)
    assert not any("hidden" in c["metadata"] for c in shown)


def test_workbook_title_and_author_are_in_the_metadata():
    doc = extract(_book(("S", [["a", "b"], ["x", 1]], []), creator="Ada Lovelace"), filename="w.xlsx")
    assert doc.metadata["author"] == "Ada Lovelace"
    assert doc.metadata["title"] == "Stock"


def test_real_sheet_with_three_tables(real_world):
    # test_01.xlsx Sheet2, read with openpyxl: A1:D9 (col-1..col-4, rows 1..8 × 1..4), G5:I9
    # (col-1..col-3, 1..4 × 1..3) and C14:E18 (col-1..col-3, 1..4 × 1..3)
    doc = extract(real_world / "xlsx/kreuzberg/test_01.xlsx")
    sheet2 = [b for b in doc.blocks if b.kind == TABLE and b.meta["sheet_name"] == "Sheet2"]
    assert [(b.header, b.meta["table_range"], len(b.rows)) for b in sheet2] == [
        (("col-1", "col-2", "col-3", "col-4"), "A1:D9", 8),
        (("col-1", "col-2", "col-3"), "G5:I9", 4),
        (("col-1", "col-2", "col-3"), "C14:E18", 4),
    ]
    assert sheet2[1].rows[-1] == ("4", "8", "12") and sheet2[2].rows[0] == ("1", "2", "3")
    # Sheet3: A1:A2 "first " merged down, B1:C1 "header" across "second " and "third"
    sheet3 = [b for b in doc.blocks if b.kind == TABLE and b.meta["sheet_name"] == "Sheet3"]
    assert sheet3[0].header == ("first", "header / second", "header / third")
    assert sheet3[0].rows[0] == ("1", "2", "3")
    # the same table again at E7:G13, its header over rows 7-8 (E7:E8 merged, F7:G7 across)
    assert [b.meta["table_range"] for b in sheet3] == ["A1:C7", "E7:G13"]
    assert sheet3[1].header == ("first (f)", "header (f) / second", "header (f) / third")


def test_real_pivot_sheet_with_two_pivot_tables(real_world):
    # pivots.xlsx PivotSheet4: A1:B4 and A6:B9, each headed "Row Labels | Sum of Value"
    doc = extract(real_world / "xlsx/calamine/pivots.xlsx")
    tables = [b for b in doc.blocks if b.kind == TABLE and b.meta["sheet_name"] == "PivotSheet4"]
    assert [b.header for b in tables] == [("Row Labels", "Sum of Value")] * 2
    assert [b.rows[-1] for b in tables] == [("Grand Total", "115"), ("Grand Total", "125")]


def test_a_picture_on_a_sheet_with_a_table_is_placed_after_it(sample_corpus):
    # regional_sales.xlsx (written by the sample generator): the Sales sheet holds a table and a
    # PNG whose alt text is "Units sold per order"
    path = sample_corpus / "spreadsheets" / "regional_sales.xlsx"
    markdown = get_markdown(path)
    sales = markdown.split("\n---\n")[0]
    assert sales.rstrip().endswith(
        "| East | 2024-03-30 | Toaster | 9 | 39 | 351 |\n\n[Image: Units sold per order]"
    )
    for mode in ("row", "table", "sheet", "page_aware"):
        chunks = get_chunks(path, mode=mode)
        markers = [c for c in chunks if c["content"] == "[Image: Units sold per order]"]
        assert len(markers) == 1 and markers[0]["metadata"]["sheet_name"] == "Sales", mode
    listed = get_chunks(path, mode="row", list_images=True).chunks
    assert not any("[Image:" in c["content"] for c in listed)
    assert [c["metadata"]["alt_text"] for c in listed if c["content_type"] == "image"] == [
        "Units sold per order"
    ]


def test_a_list_of_text_spaced_by_blank_rows_stays_one_table():
    # two values below a row say nothing of it: "pear | green" over "fig | blue" is no header
    rows = [["fruit", "colour"], [None, None], ["pear", "green"], [None, None], ["fig", "blue"]]
    (table,) = read_tables(_raw(rows), char_budget=10**6)
    assert table.header == ("fruit", "colour")
    assert table.rows == (("pear", "green"), ("fig", "blue"))


def test_a_long_spaced_list_is_read_in_bounded_time():
    # 20,000 rows of text, each after a blank row: the search for tables stops after 500 rows
    rows = [[f"item {i}", "x" * (i % 7 + 1)] if i % 2 else [None, None] for i in range(40_000)]
    rows[0] = ["name", "code"]
    tables = read_tables(_raw(rows), char_budget=10**8)
    assert sum(len(t.rows) for t in tables) == 20_000


@pytest.mark.parametrize("placeholder", ["-", "n/a"])
def test_a_data_row_with_placeholders_after_a_blank_row_is_no_header(placeholder):
    # "South | Apples | - | -" is a row of the table whose numbers are missing, not a header
    rows = [
        ["Region", "Product", "Q1", "Q2"],
        ["North", "Pears", 5.0, 6.0],
        [None] * 4,
        ["South", "Apples", placeholder, placeholder],
        ["South", "Pears", 7.0, 8.0],
    ]
    (table,) = read_tables(_raw(rows), char_budget=10**6)
    assert table.header == ("Region", "Product", "Q1", "Q2")
    assert table.rows[1:] == (("South", "Apples", placeholder, placeholder), ("South", "Pears", "7", "8"))


def test_a_section_line_after_a_blank_row_is_no_header():
    # "February | opening" labels two of the four columns the rows below fill
    rows = [
        ["Day", "Event", "Visitors", "Takings"],
        ["1", "opening", 120.0, 300.0],
        [None] * 4,
        ["February", "opening", None, None],
        ["2", "fair", 80.0, 210.0],
        ["3", "fair", 95.0, 250.0],
    ]
    (table,) = read_tables(_raw(rows), char_budget=10**6)
    assert table.header == ("Day", "Event", "Visitors", "Takings")
    assert len(table.rows) == 4


# -- a list of links is not headed by its first item ---------------------------------------------


def _linked_book(rows, links) -> bytes:
    """``rows`` written from A1, with a hyperlink on each cell of ``links`` (1-based (row, col))."""
    wb = openpyxl.Workbook()
    ws = wb.active
    for row in rows:
        ws.append(row)
    for r, c in links:
        ws.cell(r, c).hyperlink = f"https://example.org/{r}/{c}"
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def test_a_list_of_links_keeps_its_first_item_as_data():
    rows = [["Python docs", "docs"], ["Rust book", "book"], ["Go tour", "tour"]]
    links = [(r, 1) for r in (1, 2, 3)]
    (table,) = extract(_linked_book(rows, links), filename="l.xlsx").blocks
    assert table.meta["has_header"] is False and table.header == ("Column 1", "Column 2")
    assert table.rows[0] == ("Python docs", "docs") and table.row_numbers == (1, 2, 3)
    # one-word items: the first is no shorter than those below, so it is one of them
    rows = [["Python", "docs"], ["Rust", "book"], ["Go", "tour"]]
    (table,) = extract(_linked_book(rows, links), filename="l.xlsx").blocks
    assert table.meta["has_header"] is False and table.rows[0] == ("Python", "docs")


@pytest.mark.parametrize(
    "rows",
    [
        [["Our blog"], ["Documentation portal"], ["Community forum"], ["Issue tracker on GitHub"]],
        [
            ["Our blog", "Daily news"],
            ["Documentation portal", "Long form articles"],
            ["Community forum", "Weekly newsletter issue"],
        ],
    ],
    ids=["one-column", "two-columns"],
)
def test_a_list_of_linked_phrases_with_a_short_first_item_keeps_it_as_data(rows):
    # every cell links somewhere; the first row is much shorter than the rows below (8
    # characters over 19.3 on average in one column, 9 over 19 in two), but nothing sets it
    # apart from them as labels: no column below it holds addresses that it is not
    links = [(r, c) for r in range(1, len(rows) + 1) for c in range(1, len(rows[0]) + 1)]
    (table,) = extract(_linked_book(rows, links), filename="l.xlsx").blocks
    assert table.meta["has_header"] is False
    assert table.rows[0] == tuple(rows[0]) and table.row_numbers[0] == 1


@pytest.mark.parametrize(
    ("rows", "links"),
    [
        # a header over a column of links: the header itself links nowhere
        ([["site", "kind"], ["Python docs", "docs"], ["Rust book", "book"]], [(2, 1), (3, 1)]),
        # a linked header over a column of numbers: the numbers tell the header
        ([["site", "visits"], ["Python docs", 12], ["Rust book", 7]], [(1, 1), (1, 2), (2, 1), (3, 1)]),
        # a linked header with no link below it
        ([["site", "kind"], ["Python docs", "docs"], ["Rust book", "book"]], [(1, 1), (1, 2)]),
        # a header whose cells link to their documentation, over rows of links: one-word labels,
        # shorter than the names and addresses below (4 and 8 characters, 10.5 on average)
        (
            [["Name", "Homepage"], ["Python", "https://python.org"], ["Rust", "https://rust-lang.org"]],
            [(r, c) for r in (1, 2, 3) for c in (1, 2)],
        ),
        # the same with labels of two words: 12 and 9 characters, 10.5 on average, over 22 on
        # average (27, 18, 17 and 21), at most two thirds of it
        (
            [
                ["Project name", "Home page"],
                ["Python programming language", "https://python.org"],
                ["The Rust language", "https://rust-lang.org"],
            ],
            [(r, c) for r in (1, 2, 3) for c in (1, 2)],
        ),
    ],
    ids=["plain-header", "numbers-below", "no-link-below", "linked-labels", "linked-phrases"],
)
def test_a_header_over_links_stays_the_header(rows, links):
    (table,) = extract(_linked_book(rows, links), filename="l.xlsx").blocks
    assert "has_header" not in table.meta and table.header == tuple(rows[0])
    assert len(table.rows) == 2


@pytest.mark.parametrize(
    ("label", "items"),
    [
        ("URL", ["https://python.org/docs", "https://rust-lang.org/learn", "https://go.dev/tour"]),
        ("E-mail", ["ann@example.org", "bob@example.org", "cy@example.net"]),
        ("Room", ["Room 101", "Room 102", "Hall 7"]),
        ("Address", ["12 Main Street", "4 Elm Road", "99 Oak Avenue"]),
    ],
    ids=["addresses", "e-mail", "digits", "street-numbers"],
)
def test_a_one_column_list_keeps_its_first_item_as_data(label, items):
    # no hyperlinks: the first item has the mark all the items below share
    (table,) = extract(_linked_book([[item] for item in items], []), filename="l.xlsx").blocks
    assert table.meta["has_header"] is False and table.header == ("Column 1",)
    assert [r[0] for r in table.rows] == items and table.row_numbers == (1, 2, 3)
    # a label over the same items does not have it: it heads them
    (table,) = extract(_linked_book([[label]] + [[item] for item in items], []), filename="l.xlsx").blocks
    assert "has_header" not in table.meta and table.header == (label,)
    assert [r[0] for r in table.rows] == items


@pytest.mark.parametrize(
    ("label", "items"),
    [
        ("Address line 1", ["12 Main Street", "4 Elm Road", "99 Oak Avenue"]),  # a 9 / 9 a a
        ("2024 goals", ["Hire 3 engineers", "Ship v2 of the app", "Cut costs by 5%"]),
        ("Column1", ["Room 101", "Room 102", "Hall 7"]),  # Excel's name of a table's column
    ],
    ids=["line-1", "year", "column1"],
)
def test_a_label_holding_a_number_heads_a_one_column_list(label, items):
    # the label holds digits as each item does, but not in the items' pattern of words and numbers
    (table,) = extract(_linked_book([[label]] + [[item] for item in items], []), filename="l.xlsx").blocks
    assert "has_header" not in table.meta and table.header == (label,)
    assert [r[0] for r in table.rows] == items and table.row_numbers == (2, 3, 4)


def test_real_hyperlinks_xlsx_is_a_list_of_links(real_world):
    # hyperlinks.xlsx Links: A1:A8 eight link texts, each a hyperlink; B1 "mail link" a link
    # merged over B1:C2; nothing there labels a column
    doc = extract(real_world / "xlsx/calamine/hyperlinks.xlsx")
    links = next(b for b in doc.blocks if b.kind == TABLE and b.meta["sheet_name"] == "Links")
    assert links.meta["has_header"] is False
    assert links.rows[0] == ("calamine repo", "mail link", "mail link")
    assert [r[0] for r in links.rows] == [
        "calamine repo",
        "Rust Programming Language",
        "go to other sheet",
        "book2",
        "sales book2",
        "temp book1",
        "book2 sheet1 a1",
        "sales data range",
    ]


def test_a_line_over_a_pivot_tables_header_is_its_title():
    # a pivot table with a column field: a filter line, a blank row, "Sum of Size | Column
    # Labels" over the header "Row Labels | blue | yellow | Grand Total"
    rows = [
        ["Name", "(All)", None, None],
        [None] * 4,
        ["Sum of Size", "Column Labels", None, None],
        ["Row Labels", "blue", "yellow", "Grand Total"],
        ["a", 1.5, 2.0, 3.5],
        ["b", None, 4.0, 4.0],
        ["Grand Total", 1.5, 6.0, 7.5],
    ]
    first, table = read_tables(_raw(rows), char_budget=10**6)
    assert first.titles == ((1, "Name | (All)"),) and not first.rows
    assert table.titles == ((3, "Sum of Size | Column Labels"),)
    assert table.header == ("Row Labels", "blue", "yellow", "Grand Total")
    assert table.row_numbers == (5, 6, 7) and table.rows[1] == ("b", "", "4", "4")


def test_a_pivot_table_at_the_top_of_its_sheet_keeps_its_header():
    # the same pivot table with no report filter, where Excel puts it (A3 of a new sheet): its
    # first row "Sum of Size | Column Labels" is no header; "Row Labels | blue | …" is
    rows = [
        [None] * 4,
        [None] * 4,
        ["Sum of Size", "Column Labels", None, None],
        ["Row Labels", "blue", "yellow", "Grand Total"],
        ["a", 1.5, 2.0, 3.5],
        ["b", None, 4.0, 4.0],
        ["Grand Total", 1.5, 6.0, 7.5],
    ]
    (table,) = read_tables(_raw(rows), char_budget=10**6)
    assert table.titles == ((3, "Sum of Size | Column Labels"),)
    assert table.header == ("Row Labels", "blue", "yellow", "Grand Total")
    assert table.row_numbers == (5, 6, 7) and table.rows[0] == ("a", "1.5", "2", "3.5")
    doc = extract(_book(("Pivot", rows, ())), filename="p.xlsx")
    assert [(b.kind, b.text) for b in doc.blocks[:1]] == [(PARAGRAPH, "Sum of Size | Column Labels")]
    assert doc.blocks[1].header == ("Row Labels", "blue", "yellow", "Grand Total")


def test_real_pivot_table_with_a_column_field(real_world):
    # pivots.xlsx PivotSheet2 (read with openpyxl's reader of the sheet part): A1:B1 "Name |
    # (All)", A3:B3 "Sum of Size | Column Labels", A4:D4 the header, A5:D11 seven rows
    doc = extract(real_world / "xlsx/calamine/pivots.xlsx")
    blocks = [b for b in doc.blocks if b.meta.get("sheet_name") == "PivotSheet2"]
    assert [(b.kind, b.text) for b in blocks[:2]] == [
        (PARAGRAPH, "Name | (All)"),
        (PARAGRAPH, "Sum of Size | Column Labels"),
    ]
    (table,) = blocks[2:]
    assert table.header == ("Row Labels", "blue", "yellow", "Grand Total")
    assert table.meta["table_range"] == "A4:D11"
    assert table.rows[-1] == ("Grand Total", "11.067", "7.29762", "18.36462")


@pytest.mark.parametrize(
    "items",
    [
        ["apple", "banana", "cherry", "damson"],
        [
            "Figures are in thousands of euros.",
            "The 2023 figures are provisional.",
            "Source: the annual report",
        ],
    ],
    ids=["words", "notes"],
)
def test_a_plain_one_column_list_keeps_its_first_item_as_data(items):
    # a word in lower case over words in lower case, a sentence over notes: items, not labels
    (table,) = extract(_linked_book([[item] for item in items], []), filename="l.xlsx").blocks
    assert table.meta["has_header"] is False and table.header == ("Column 1",)
    assert [r[0] for r in table.rows] == items and table.row_numbers == (1, 2, 3, 4)[: len(items)]


@pytest.mark.parametrize(
    ("label", "items"),
    [
        ("Fruit", ["apple", "banana", "cherry"]),  # a capital over words in lower case
        ("ingredients:", ["flour", "sugar", "butter"]),  # a colon
        ("Notes", ["Figures are in thousands of euros.", "The 2023 figures are provisional."]),
        ("Fruit", ["Apple", "Banana", "Cherry"]),  # written as the items: still a label
        # a word in lower case over items marked as what it names (e-mail addresses, web
        # addresses, numbered rooms), as E-mail and URL head them
        ("email", ["ana.lopez@example.org", "bo.chen@example.com", "carla@example.net"]),
        ("website", ["https://example.org/a", "https://example.com/b", "https://example.net/c"]),
        ("room", ["room 101", "room 102", "hall 7"]),
    ],
    ids=["capital", "colon", "notes", "capitals", "email", "website", "room"],
)
def test_a_label_heads_a_plain_one_column_list(label, items):
    (table,) = extract(_linked_book([[label]] + [[item] for item in items], []), filename="l.xlsx").blocks
    assert "has_header" not in table.meta and table.header == (label,)
    assert [r[0] for r in table.rows] == items


def test_the_benchmark_corpus_notes_sheet_is_a_list_of_notes(shared_dir, tmp_path):
    # xlsx_0006 of ../shared/bench/make_corpus.py (seed 1234), written here as the generator
    # writes it: its "Notes" sheet holds one paragraph of prose a row, no label over them
    import importlib.util
    import random

    spec = importlib.util.spec_from_file_location("make_corpus", shared_dir / "bench" / "make_corpus.py")
    corpus = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(corpus)
    rng = random.Random("1234:xlsx:6")
    rng.randrange(len(corpus.SUBDIRS))  # the draws of its folder and its name, in the generator's order
    corpus.Prose(rng).title(2)
    path = tmp_path / "xlsx_0006.xlsx"
    corpus.w_xlsx(path, rng, rng.randint(300, 2500))
    notes = openpyxl.load_workbook(path)["Notes"]
    written = [row[0] for row in notes.iter_rows(values_only=True)]
    (table,) = [b for b in extract(path).blocks if b.meta["sheet_name"] == "Notes"]
    assert table.meta["has_header"] is False and table.header == ("Column 1",)
    assert [r[0] for r in table.rows] == written and len(written) == 5
    assert written[0].startswith("Each crust reduces a fragrant sauce")


def test_pictures_are_placed_after_the_table_they_stand_beside_or_below():
    # Two tables (A1:B3, A5:B7) and three pictures: one anchored at D1 beside the first, one at
    # A9 under the second, one at D6 beside the second. Each was shown after the first table.
    from openpyxl.drawing.image import Image as XLImage

    wb = openpyxl.Workbook()
    ws = wb.active
    for row in (
        ["fruit", "kg"],
        ["apple", 3],
        ["pear", 4],
        [],
        ["city", "people"],
        ["Oslo", 7],
        ["Rome", 28],
    ):
        ws.append(row)
    for anchor, size in (("D1", (40, 30)), ("A9", (50, 30)), ("D6", (60, 30))):
        img = XLImage(io.BytesIO(png(size)))
        img.anchor = anchor
        ws.add_image(img)
    buf = io.BytesIO()
    wb.save(buf)
    doc = extract(buf.getvalue(), filename="p.xlsx")
    width = {i.name: i.width for i in doc.images}
    tables = [b for b in doc.blocks if b.kind == TABLE]
    assert [t.header for t in tables] == [("fruit", "kg"), ("city", "people")]
    assert [[width[n] for n in t.images] for t in tables] == [[40], [50, 60]]
