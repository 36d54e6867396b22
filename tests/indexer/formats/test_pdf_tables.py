"""Tables ruled only across (LaTeX's booktabs) and tables whose vertical rules separate some columns
only. The small PDFs are drawn here with reportlab, so the expected cells are the ones written;
the real file's cells were read off its rendered page."""

from __future__ import annotations

import io
from itertools import pairwise

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas

from indexer import extract, get_chunks
from indexer.formats._pdf_lines import Words, Wrap, unwrap
from indexer.model import PARAGRAPH, TABLE

HEADER = ["Test Data", "Model", "Category", "Score", "Recall"]
ROWS = [
    ["Canonical", "DETR", "Simple", "0.8678", "0.9872"],
    ["", "", "Complex", "0.5360", "0.9600"],
    ["Other", "Faster R-CNN", "All", "0.7336", "0.9762"],
]
COLUMNS = [80, 160, 250, 330, 410]  # left edge of each column's text
LEFT, RIGHT = 72, 470


def _canvas(size: float = 10, font: str = "Helvetica") -> canvas.Canvas:
    """A page to draw on, in ``font`` at ``size`` points; its ``getpdfdata()`` is the PDF."""
    c = canvas.Canvas(io.BytesIO())
    c.setFont(font, size)
    return c


def _table_pdf(verticals: tuple[float, ...] = ()) -> bytes:
    """A paragraph, then the table: a rule above the header, one under it, one at the bottom;
    ``verticals`` are x positions of vertical rules drawn from the top to the bottom rule."""
    c = _canvas()
    c.drawString(LEFT, 760, "The results of every model are in the table below.")
    top, y = 730, 715
    c.line(LEFT, top, RIGHT, top)
    for x, text in zip(COLUMNS, HEADER, strict=True):
        c.drawString(x, y, text)
    c.line(LEFT, y - 6, RIGHT, y - 6)
    for row in ROWS:
        y -= 16
        for x, text in zip(COLUMNS, row, strict=True):
            if text:
                c.drawString(x, y, text)
    bottom = y - 8
    c.line(LEFT, bottom, RIGHT, bottom)
    for x in verticals:
        c.line(x, bottom, x, top)
    c.drawString(LEFT, bottom - 30, "The table ends above this line.")
    return c.getpdfdata()


def _tables(doc) -> list:
    return [b for b in doc.blocks if b.kind == TABLE]


def _only_table(doc):
    (table,) = _tables(doc)
    return table


def test_a_table_ruled_only_across_is_read_with_its_columns():
    doc = extract(_table_pdf(), filename="booktabs.pdf")
    table = _only_table(doc)
    assert list(table.header) == HEADER
    assert [list(r) for r in table.rows] == ROWS
    paragraphs = [b.text for b in doc.blocks if b.kind == PARAGRAPH]
    assert paragraphs == [
        "The results of every model are in the table below.",
        "The table ends above this line.",
    ]


def test_vertical_rules_between_some_columns_do_not_cut_the_table():
    # rules after the first three columns only, as in large.pdf's Table 4: the cells between
    # them are a grid of two columns, but the table has five
    doc = extract(_table_pdf(verticals=(155, 245, 325)), filename="partial.pdf")
    table = _only_table(doc)
    assert list(table.header) == HEADER
    assert [list(r) for r in table.rows] == ROWS
    # no row is read a second time as a paragraph
    assert not [b for b in doc.blocks if b.kind == PARAGRAPH and ("0.8678" in b.text or "Complex" in b.text)]


def test_booktabs_and_partly_ruled_tables_of_a_real_paper(real_world):
    doc = extract(real_world / "pdf" / "kreuzberg" / "large.pdf")
    tables = {b.page: b for b in doc.blocks if b.kind == TABLE}
    # Table 1 (p. 4, booktabs, two-line header cells)
    t1 = tables[4]
    assert list(t1.header) == [
        "Dataset",
        "Input Modality",
        "# Tables",
        "Cell Topology",
        "Cell Content",
        "Cell Location",
        "Row & Column Location",
        "Canonical Structure",
    ]
    assert list(t1.rows[2]) == ["PubTabNet [22, 23]", "Image", "510K‡", "X", "X", "X†", "", ""]
    # Table 3 (p. 7, booktabs in one column of the page)
    assert list(tables[7].header) == ["Task", "Model", "AP", "AP50", "AP75", "AR"]
    assert list(tables[7].rows[1]) == ["", "DETR", "0.966", "0.995", "0.988", "0.981"]
    # Table 4 (p. 8): vertical rules after the first three columns only; all eight columns kept
    t4 = tables[8]
    assert len(t4.header) == 8 and t4.header[0] == "Test Data" and t4.header[3] == "AccCont"
    assert list(t4.rows[0]) == [
        "Non-Canonical",
        "DETR-NC",
        "Simple",
        "0.8678",
        "0.9872",
        "0.9859",
        "0.9821",
        "0.9801",
    ]
    assert len(t4.rows) == 12
    page8 = " ".join(b.text for b in doc.blocks if b.page == 8 and b.kind != TABLE)
    # the rows were read twice before, as paragraphs (the prose below cites 0.8678 on its own)
    assert "Simple 0.8678" not in page8 and "Complex 0.5360" not in page8


def _grouped_header_pdf() -> bytes:
    """A ruled table whose header names a group of three columns: the rules between the
    sub-labels start under the group label, where no horizontal rule runs (as in the NICS
    report, where the group labels sit on coloured boxes). A title row spans the table above."""
    c = _canvas()
    xs = [72, 152, 232, 312, 392, 472]
    ys = [760, 740, 700, 680, 660]  # title row, header (two lines of labels), two body rows
    for y in ys:
        c.line(xs[0], y, xs[-1], y)
    for x in (72, 472):
        c.line(x, ys[0], x, ys[-1])
    for x in (152, 392):
        c.line(x, ys[1], x, ys[-1])
    for x in (232, 312):
        c.line(x, ys[-1], x, 720)  # end in the middle of the header row
    c.drawString(80, 746, "Quarterly counts by site")
    c.drawString(80, 716, "Name")
    c.drawString(250, 728, "Group A")
    c.drawString(160, 706, "Sub one")
    c.drawString(240, 706, "Sub two")
    c.drawString(320, 706, "Sub three")
    c.drawString(400, 716, "Total")
    for y, row in ((686, ("alpha", "1", "2", "3", "6")), (666, ("beta", "4", "5", "0", "9"))):
        for x, text in zip(xs, row, strict=False):
            c.drawString(x + 8, y, text)
    return c.getpdfdata()


def test_sub_header_cells_ruled_at_their_sides_stay_apart_under_their_group():
    doc = extract(_grouped_header_pdf(), filename="grouped.pdf")
    table = _only_table(doc)
    assert list(table.header) == ["Name", "Group A Sub one", "Group A Sub two", "Group A Sub three", "Total"]
    assert [list(r) for r in table.rows] == [["alpha", "1", "2", "3", "6"], ["beta", "4", "5", "0", "9"]]
    # the title row is not a row of the table; its text stays before it
    texts = [b.text for b in doc.blocks]
    assert texts.index("Quarterly counts by site") < texts.index(table.text)


def _sub_labels_under_a_group_pdf() -> bytes:
    """A grid whose first header row names its columns, two of them over two lines, and a group
    of three (``Accuracy [%]``, its cell spanning them); a rule runs under that row across the
    table, and the second header row names the group's three columns only (as word2vec.pdf's
    Table 4). Two ruled body rows."""
    c = _canvas()
    xs = [72, 180, 260, 320, 380, 440, 500]
    ys = [760, 730, 714, 698, 682]
    for y in ys:
        c.line(xs[0], y, xs[-1], y)
    for x in xs:
        c.line(x, ys[-1], x, ys[0] if x not in (380, 440) else ys[1])
    for x, y, text in (
        (76, 746, "Model"),
        (184, 748, "Vector"),
        (184, 736, "Dimensionality"),
        (264, 748, "Training"),
        (264, 736, "words"),
        (385, 742, "Accuracy [%]"),
        (324, 718, "Semantic"),
        (384, 718, "Syntactic"),
        (444, 718, "Total"),
    ):
        c.drawString(x, y, text)
    for y, row in (
        (702, ("Turian NNLM", "50", "37M", "1.4", "2.6", "2.1")),
        (686, ("Mnih NNLM", "100", "37M", "3.3", "13.2", "8.8")),
    ):
        for x, text in zip(xs, row, strict=False):
            c.drawString(x + 4, y, text)
    return c.getpdfdata()


def test_a_second_header_row_naming_a_groups_columns_only_is_part_of_the_header():
    # the other columns' labels fill the first row alone: the second row was read as a row of
    # the table ('', '', '', 'Semantic', 'Syntactic', 'Total')
    table = _only_table(extract(_sub_labels_under_a_group_pdf(), filename="grouped.pdf"))
    assert list(table.header) == [
        "Model",
        "Vector Dimensionality",
        "Training words",
        "Accuracy [%] Semantic",
        "Accuracy [%] Syntactic",
        "Accuracy [%] Total",
    ]
    assert [list(r) for r in table.rows] == [
        ["Turian NNLM", "50", "37M", "1.4", "2.6", "2.1"],
        ["Mnih NNLM", "100", "37M", "3.3", "13.2", "8.8"],
    ]


def test_word2vecs_tables_take_their_second_header_row_and_split_their_rows(playground):
    # read off the rendered pages: Table 4 (p. 8) names Semantic / Syntactic / Total under
    # Accuracy [%], Table 3 (p. 7) Semantic Accuracy [%] / Syntactic Accuracy [%] under its test
    # set; with the second header row a row, its wrapped labels kept the unruled body rows of
    # each table from being split (Table 4's 13 models were two rows)
    doc = extract(playground / "word2vec.pdf")
    tables = [b for b in doc.blocks if b.kind == TABLE]
    (four,) = [t for t in tables if t.page == 8 and len(t.header) == 6]
    assert list(four.header) == [
        "Model",
        "Vector Dimensionality",
        "Training words",
        "Accuracy [%] Semantic",
        "Accuracy [%] Syntactic",
        "Accuracy [%] Total",
    ]
    assert len(four.rows) == 13
    assert list(four.rows[0]) == ["Collobert-Weston NNLM", "50", "660M", "9.3", "12.3", "11.0"]
    assert list(four.rows[-1]) == ["Skip-gram", "300", "783M", "50.0", "55.9", "53.3"]
    (three,) = [t for t in tables if t.header[0] == "Model Architecture"]
    assert list(three.header[1:3]) == [
        "Semantic-Syntactic Word Relationship test set Semantic Accuracy [%]",
        "Semantic-Syntactic Word Relationship test set Syntactic Accuracy [%]",
    ]
    assert [list(r) for r in three.rows] == [
        ["RNNLM", "9", "36", "35"],
        ["NNLM", "23", "53", "47"],
        ["CBOW", "24", "64", "61"],
        ["Skip-gram", "55", "59", "56"],
    ]


def test_the_nics_report_keeps_its_25_columns_and_header(real_world):
    doc = extract(real_world / "pdf" / "pdfplumber" / "nics-background-checks-2015-11.pdf")
    table = _only_table(doc)
    # read off the rendered page: six permit columns, then groups of Handgun / Long Gun / *Other
    # (Rentals has no *Other), Totals last
    assert len(table.header) == 25
    assert list(table.header[:8]) == [
        "State / Territory",
        "Permit",
        "Handgun",
        "Long Gun",
        "*Other",
        "**Multiple",
        "Admin",
        "Pre-Pawn Handgun",
    ]
    assert list(table.header[16:18]) == ["Rentals Handgun", "Rentals Long Gun"]
    assert table.header[-1] == "Totals"
    assert list(table.rows[0][:4]) == ["Alabama", "18,870", "23,022", "22,650"]
    assert table.rows[0][-1] == "71,137"
    assert "NICS Firearm Background Checks" not in " ".join(" ".join(r) for r in table.rows)
    assert "NICS Firearm Background Checks" in doc.text


def _boxed_header_pdf() -> bytes:
    """Column names in a ruled box, the rows below without any rule (as in the Senate's
    expenditure report)."""
    c = _canvas()
    xs = [72, 200, 330, 460]
    c.rect(xs[0], 700, xs[-1] - xs[0], 24)
    for x in xs[1:-1]:
        c.line(x, 700, x, 724)
    for x, name in zip(xs, ("Payee", "Position", "Amount"), strict=False):
        c.drawString(x + 6, 708, name)
    rows = [
        ("Bain, Matthew", "District director", "37,499.96"),
        ("Smith, Alvaro", "Correspondent", "21,000.00"),
        ("Armer, Derek", "Staff assistant", "12,111.06"),
        ("Englert, Payton", "Intern", "25,499.96"),
        ("Campbell, Clayton", "District director", "31,111.08"),
    ]
    for n, row in enumerate(rows):
        for x, text in zip(xs, row, strict=False):
            c.drawString(x + 6, 680 - 18 * n, text)
    return c.getpdfdata()


def test_always_reads_an_unruled_table_under_a_ruled_header_box():
    doc = extract(_boxed_header_pdf(), filename="boxed.pdf", options={"pdf_tables": "always"})
    table = _only_table(doc)
    cells = [list(r) for r in ((table.header,) if table.header else ()) + table.rows]
    assert ["Bain, Matthew", "District director", "37,499.96"] in cells
    assert ["Campbell, Clayton", "District director", "31,111.08"] in cells


def test_always_keeps_the_senate_reports_header_words_whole(real_world):
    # the text strategy's columns, drawn from the 62 payees' rows, run through the header's words
    # (read on the page: DOCUMENT NO., OBLIGATION/SERVICE, AMOUNT ($)): its table's header
    # was "CUMENT NO." (the DO outside every column), "OBLIGATION/S" | "ERVICE" and
    # "DESCRIPTION AMO" | "UNT ($)". The page is turned a quarter, so the header cannot be left
    # out of the table as text: the page reads as text, as in the default mode
    path = real_world / "pdf" / "pdfplumber" / "senate-expenditures.pdf"
    doc = extract(path, options={"pdf_tables": "always"})
    assert "DOCUMENT NO. DATE PAYEE NAME OBLIGATION/SERVICE DESCRIPTION AMOUNT ($)" in doc.text
    assert "BAIN, J MATTHEW DISTRICT DIRECTOR 37,499.96" in doc.text
    assert doc.text == extract(path).text


def test_link_underlines_of_an_index_page_are_not_table_rules(real_world):
    # p. 36 is a two-column index whose entries are underlined links; three underlines happen to
    # share one width, which the rules of a table ruled only across also do
    doc = extract(real_world / "pdf" / "[MS-OXMSG].pdf", options={"ocr": "never"})
    page = [b for b in doc.blocks if b.page == 36]
    assert not [b for b in page if b.kind == TABLE]
    texts = [b.text for b in page]
    # entries read off the rendered page, whole words in the column order
    assert "Applicability 8 Attachment object storage 14" in texts
    assert "Glossary 5" in texts


def _grid(c, xs: list[float], top: float, rows: list[list[str]]) -> None:
    """A table ruled both ways, 16 pt rows, from ``top`` down; ``xs`` are its vertical rules."""
    bottom = top - 16 * len(rows)
    for k in range(len(rows) + 1):
        c.line(xs[0], top - 16 * k, xs[-1], top - 16 * k)
    for x in xs:
        c.line(x, bottom, x, top)
    for k, row in enumerate(rows):
        for x, text in zip(xs, row, strict=False):
            c.drawString(x + 4, top - 16 * k - 12, text)


def _header_cut_pdf() -> bytes:
    """A grid of four columns whose header cells are 32 pt tall; a rule across the first and the
    last header cell at half their height (the edge of a shading box), none across the middle
    two."""
    c = _canvas()
    xs = [72, 150, 250, 350, 540]
    top, body = (
        700,
        [["04/04/2008", "0.1", "", "Initial Availability."], ["06/27/2008", "1.0", "Major", "Release."]],
    )
    bottom = top - 32 - 16 * len(body)
    for y in [top, top - 32, *[top - 32 - 16 * (k + 1) for k in range(len(body))]]:
        c.line(xs[0], y, xs[-1], y)
    for x in xs:
        c.line(x, bottom, x, top)
    c.line(xs[0], top - 16, xs[1], top - 16)
    c.line(xs[3], top - 16, xs[4], top - 16)
    c.drawString(xs[0] + 4, top - 28, "Date")
    c.drawString(xs[3] + 4, top - 28, "Comments")
    c.drawString(xs[1] + 4, top - 20, "Revision History")
    c.drawString(xs[2] + 4, top - 20, "Revision Class")
    for k, row in enumerate(body):
        for x, text in zip(xs, row, strict=False):
            c.drawString(x + 4, top - 32 - 16 * k - 12, text)
    return c.getpdfdata()


def test_a_header_cut_by_a_shading_boxs_edge_is_one_row():
    # the rule across "Date" and "Comments" made the header two rows, "| Revision History |
    # Revision Class |" over "Date | | | Comments", the second read as a row of data
    table = _only_table(extract(_header_cut_pdf(), filename="revisions.pdf"))
    assert table.header == ("Date", "Revision History", "Revision Class", "Comments")
    assert [list(r) for r in table.rows] == [
        ["04/04/2008", "0.1", "", "Initial Availability."],
        ["06/27/2008", "1.0", "Major", "Release."],
    ]


def test_a_section_row_under_a_header_with_an_empty_corner_stays_a_row():
    # the header names the columns but the first ("| | Actual | Budget |"); the row under it
    # names the first only ("Income | | |"), a label of the rows below it. The two fill each
    # other's gaps as the halves of a cut header do, but a rule runs across the whole width
    # between them: the header was read "Income | Actual | Budget" and the section's row lost
    c = _canvas()
    rows = [
        ["", "Actual", "Budget"],
        ["Income", "", ""],
        ["Sales", "120.5", "110.0"],
        ["Fees", "12.0", "15.5"],
        ["Costs", "", ""],
        ["Staff", "80.0", "82.0"],
    ]
    _grid(c, [72, 200, 300, 400], 720, rows)
    table = _only_table(extract(c.getpdfdata(), filename="budget.pdf"))
    assert table.header == ("", "Actual", "Budget")
    assert [list(r) for r in table.rows] == rows[1:]


def test_always_keeps_the_words_of_an_index_page_under_underlined_links_whole(real_world):
    # p. 36, a two-column index (its text read off the rendered page: "Applicability 8",
    # "Attachment object storage 14", "Custom Attachment Storage 35"), has underlines the rules
    # strategy took for rows, its columns drawn from the text through the entries' words: a
    # header "A Applicability 8 Attachment objec" | "t storage 1 35 nt Storage". pdf_tables=always
    # reads the page as the default mode does
    path = real_world / "pdf" / "[MS-OXMSG].pdf"
    always = extract(path, options={"pdf_tables": "always", "ocr": "never"})
    page = [(b.kind, b.text) for b in always.blocks if b.page == 36]
    assert ("paragraph", "Applicability 8 Attachment object storage 14") in page
    assert page == [(b.kind, b.text) for b in extract(path, options={"ocr": "never"}).blocks if b.page == 36]


def test_the_revision_summary_of_a_specification_names_its_date_column(real_world):
    # [MS-OXMSG].pdf p. 2 shades the top of its header's first and last cells, p. 18 of the first
    doc = extract(real_world / "pdf" / "[MS-OXMSG].pdf", options={"ocr": "never"})
    headers = {b.page: b.header for b in doc.blocks if b.kind == TABLE and b.page in (2, 18)}
    assert headers[2] == ("Date", "Revision History", "Revision Class", "Comments")
    assert headers[18] == ("Property set", "GUID index")


def _continued_pdf(second: list[float], count: str = "65") -> bytes:
    """A header and two rows on page 1; three more rows on page 2, between rules at ``second``,
    the first with ``count`` in its last column."""
    c = _canvas()
    first = [72, 160, 300, 400, 460]
    _grid(
        c,
        first,
        700,
        [
            ["Notice Date", "Company", "City", "No."],
            ["06/22/2015", "Maxim", "San Jose", "150"],
            ["06/30/2015", "Kmart", "Fresno", "12"],
        ],
    )
    c.showPage()
    c.setFont("Helvetica", 10)
    _grid(
        c,
        second,
        760,
        [
            ["07/01/2015", "Boeing", "Long Beach", count],
            ["07/02/2015", "Safeway", "Oakland", "63"],
            ["07/03/2015", "Abbott", "Temecula", "133"],
        ],
    )
    return c.getpdfdata()


def test_a_table_continued_on_the_next_page_takes_its_header():
    # page 2's rows go on under page 1's header: one table from page 1 to page 2, its header once
    doc = extract(_continued_pdf([72, 160, 300, 400, 460]), filename="continued.pdf")
    (table,) = _tables(doc)
    assert (table.page, table.meta.get("page_end")) == (1, 2)
    assert list(table.header) == ["Notice Date", "Company", "City", "No."]
    assert [list(r) for r in table.rows][2] == ["07/01/2015", "Boeing", "Long Beach", "65"]
    assert table.text.startswith("| Notice Date | Company | City | No. |")
    assert table.text.count("Notice Date") == 1
    # the same table with its second column starting elsewhere on page 2 is another table
    doc = extract(_continued_pdf([72, 200, 300, 400, 460]), filename="continued.pdf")
    tables = _tables(doc)
    assert [t.page for t in tables] == [1, 2]
    assert tables[1].header is None


def test_a_continued_tables_first_row_without_a_number_is_no_header():
    # page 2's first row has no count, so nothing in it is a plain number: it was read as the
    # table's own header ("07/01/2015 | Boeing | Long Beach |"); its date has the shape of the
    # dates under it, so it is a row, and the table takes page 1's header
    doc = extract(_continued_pdf([72, 160, 300, 400, 460], count=""), filename="continued.pdf")
    (table,) = _tables(doc)
    assert (table.page, table.meta.get("page_end")) == (1, 2)
    assert table.header == ("Notice Date", "Company", "City", "No.")
    assert [list(r) for r in table.rows[2:]] == [
        ["07/01/2015", "Boeing", "Long Beach", ""],
        ["07/02/2015", "Safeway", "Oakland", "63"],
        ["07/03/2015", "Abbott", "Temecula", "133"],
    ]


def test_the_warn_report_tables_continued_over_15_pages_keep_their_header(real_world):
    doc = extract(real_world / "pdf" / "pdfplumber" / "WARN-Report-for-7-1-2015-to-03-25-2016.pdf")
    header = ("Notice Date", "Effective", "Received", "Company", "City", "No. Of", "Layoff/Closure")
    tables = [b for b in doc.blocks if b.kind == TABLE and len(b.header or ()) == 7]
    # printed on page 1 only; the grid runs on with the same columns to page 15: one table from
    # page 1 (its cells come first in page 1's content stream, the title and note above them
    # after: the table still stands after them, last on its page, and runs on to page 2)
    assert [(t.page, t.meta.get("page_end")) for t in tables] == [(1, 15)]
    first = [b.kind for b in doc.blocks if b.page == 1]
    assert first[-1] == TABLE and first[0] == "heading"
    assert all(t.header == header for t in tables)


def _wrapped_pdf(rows: list[list[list[str]]], ruled: bool) -> bytes:
    """A grid of two columns (72-200-470) with a header row; each body cell a list of its lines,
    12 pt apart; ``ruled``: a rule under every row, else under the header only."""
    c = _canvas()
    heights = [max(len(cell) for cell in row) * 12 + 6 for row in rows]
    top = 700
    bottom = top - 18 - sum(heights)
    for x in (72, 200, 470):
        c.line(x, bottom, x, top)
    c.line(72, top, 470, top)
    c.drawString(76, top - 13, "Property type")
    c.drawString(204, top - 13, "Meaning of the Size value")
    y = top - 18
    c.line(72, y, 470, y)
    for row, height in zip(rows, heights, strict=True):
        for x, cell in zip((76, 204), row, strict=True):
            for k, line in enumerate(cell):
                c.drawString(x, y - 12 - 12 * k, line)
        y -= height
        if ruled:
            c.line(72, y, 470, y)
    c.line(72, bottom, 470, bottom)
    return c.getpdfdata()


def test_cells_wrapped_in_rows_ruled_one_by_one_stay_one_row():
    # a row whose two cells both wrap to two lines, between rows of unlike line counts, and a row
    # continued from the page before with only its last cell filled
    rows = [
        [
            ["PtypString"],
            ["Size MUST be equal to 2 plus the size of the", "stream where the value is stored."],
        ],
        [
            ["Multiple-valued fixed", "length property"],
            ["Size MUST be equal to the size of the", "stream of all values."],
        ],
        [[], ["is made to do so. This flag is set", "where the implementation depends", "on that property."]],
    ]
    table = _only_table(extract(_wrapped_pdf(rows, ruled=True), filename="wrapped.pdf"))
    assert list(table.header) == ["Property type", "Meaning of the Size value"]
    assert [list(r) for r in table.rows] == [
        ["PtypString", "Size MUST be equal to 2 plus the size of the stream where the value is stored."],
        [
            "Multiple-valued fixed length property",
            "Size MUST be equal to the size of the stream of all values.",
        ],
        ["", "is made to do so. This flag is set where the implementation depends on that property."],
    ]
    # ruled under the header only, a body of one line per row in every cell is still its rows
    body = [[["PtypString", "PtypBinary", "PtypInteger32"], ["2 plus its size", "its size", "four bytes"]]]
    table = _only_table(extract(_wrapped_pdf(body, ruled=False), filename="latex.pdf"))
    assert [list(r) for r in table.rows] == [
        ["PtypString", "2 plus its size"],
        ["PtypBinary", "its size"],
        ["PtypInteger32", "four bytes"],
    ]


def _shaded_header_pdf() -> bytes:
    """A grid of two columns (72-150-470) whose header cells are shaded boxes drawn 7 pt inside
    the cell rules; the last letter of ``Value`` reaches 2 pt over its box's right side."""
    c = _canvas()
    top, bottom = 700, 640
    c.setFillGray(0.85)
    for left, right in ((72, 150), (150, 470)):
        c.rect(left + 7, top - 18, right - left - 14, 18, stroke=1, fill=1)
    c.setFillGray(0)
    value = c.stringWidth("Value", "Helvetica", 10)
    c.drawString(145 - value, top - 13, "Value")
    c.drawString(160, top - 13, "GUID to use")
    for y in (top, top - 18, top - 40, bottom):
        c.line(72, y, 470, y)
    for x in (72, 150, 470):
        c.line(x, bottom, x, top)
    c.drawString(76, top - 32, "2")
    c.drawString(154, top - 32, "Always use the PS_PUBLIC_STRINGS property set.")
    c.drawString(76, top - 54, ">= 3")
    c.drawString(154, top - 54, "Use Value minus 3 as the index of the GUID.")
    return c.getpdfdata()


def test_header_cells_shaded_inside_their_rules_add_no_column():
    table = _only_table(extract(_shaded_header_pdf(), filename="shaded.pdf"))
    assert list(table.header) == ["Value", "GUID to use"]
    assert [list(r) for r in table.rows] == [
        ["2", "Always use the PS_PUBLIC_STRINGS property set."],
        [">= 3", "Use Value minus 3 as the index of the GUID."],
    ]


def test_the_msg_specification_tables_read_as_printed(real_world):
    doc = extract(real_world / "pdf" / "[MS-OXMSG].pdf", options={"ocr": "never"})
    tables = {}
    for b in doc.blocks:
        if b.kind == TABLE:
            tables.setdefault(b.page, []).append(b)
    # pp. 16-17: two columns; the header cells are shaded boxes inside the cell rules; p. 17's
    # rows go on under the header printed again there
    assert list(tables[16][-1].header) == ["Value", "GUID to use"]
    assert tables[16][-1].meta.get("page_end") == 17
    assert [r[0] for r in tables[16][-1].rows[:2]] == ["1", "2"]
    # pp. 22-23: PROPATTR_MANDATORY's description is cut by the page break after "if any
    # attempt"; p. 23 goes on with "is made to do so." under empty name and value cells: one row,
    # said to reach p. 23 where its words there start
    table = tables[22][-1]
    assert table.meta.get("page_end") == 23
    assert [r[0] for r in table.rows] == ["PROPATTR_MANDATORY", "PROPATTR_READABLE", "PROPATTR_WRITABLE"]
    assert table.rows[0] == (
        "PROPATTR_MANDATORY",
        "0x00000001",
        "If this flag is set for a property, that property MUST NOT be deleted from the .msg file "
        "(irrespective of which storage it is contained in) and implementations MUST return an error "
        "if any attempt is made to do so. This flag is set in circumstances where the implementation "
        "depends on that property always being present in the .msg file once it is written there.",
    )
    ((at, page),) = table.meta["page_breaks"]
    assert page == 23 and table.text[at:].startswith("is made to do so.")
    # p. 24: both cells of this row wrap to two lines
    assert (
        "Multiple-valued fixed length property",
        "Size MUST be equal to the size of the stream where all values of the property represented "
        "by this entry are stored.",
    ) in tables[24][0].rows


def _short_totals_pdf() -> bytes:
    """A grid of four columns whose rows are 7 pt tall (6 pt type); the rules between columns run
    down to the Totals row, whose own are separate 7 pt segments, as the NICS report draws them."""
    c = _canvas(6)
    c.setLineWidth(0.25)  # hairlines: a segment's box is its length and a quarter point
    xs = [72, 150, 210, 270, 330]
    rows = [["State", "Permit", "Handgun", "Long Gun"], ["Alabama", "26,001", "6,707", "13,101"]]
    rows += [["Alaska", "215", "3,058", "3,085"], ["Totals", "804,006", "671,330", "636,903"]]
    top = 700
    bottom = top - 7 * len(rows)
    for k, row in enumerate(rows):
        y = top - 7 * k
        c.line(xs[0], y, xs[-1], y)
        for x, text in zip(xs, row, strict=False):
            c.drawString(x + 2, y - 5.5, text)
    c.line(xs[0], bottom, xs[-1], bottom)
    for x in (xs[0], xs[-1]):
        c.line(x, bottom, x, top)
    for x in xs[1:-1]:
        c.line(x, bottom + 7, x, top)
        c.line(x, bottom, x, bottom + 7)
    return c.getpdfdata()


def test_rules_of_a_short_row_part_its_cells():
    table = _only_table(extract(_short_totals_pdf(), filename="totals.pdf"))
    assert list(table.header) == ["State", "Permit", "Handgun", "Long Gun"]
    assert list(table.rows[-1]) == ["Totals", "804,006", "671,330", "636,903"]


def test_the_nics_totals_row_keeps_one_value_per_column(real_world):
    doc = extract(real_world / "pdf" / "pdfplumber" / "nics-background-checks-2015-11.pdf")
    totals = _only_table(doc).rows[-1]
    # read off the rendered page: one value in each of the 25 ruled cells
    assert list(totals[:8]) == ["Totals", "804,006", "671,330", "636,903", "26,597", "23,015", "1,281", "218"]
    assert totals[-1] == "2,236,457" and len(totals) == 25 and all(totals)


def test_table_rows_recurring_on_every_page_are_no_running_header():
    # five pages, each a grid whose first and last rows hold a date and a status, as in a report
    # of notices: their keys recur on every page, as a running header's would
    c = canvas.Canvas(io.BytesIO())
    for page in range(5):
        c.setFont("Helvetica", 10)
        rows = [[f"07/{page + 10}/2015", f"Company {k}", "Layoff Permanent", str(10 + k)] for k in range(6)]
        _grid(c, [72, 160, 300, 420, 480], 780, rows)
        c.drawString(72, 500, f"Notices received in week {page + 1}, as reported by the employers.")
        c.showPage()
    doc = extract(c.getpdfdata(), filename="notices.pdf")
    assert doc.coverage.headers_footers_removed == ()
    tables = _tables(doc)
    assert len(tables) == 5 and all(len(t.rows) + (t.header is not None) == 6 for t in tables)


def test_the_warn_report_dates_are_no_running_header(real_world):
    doc = extract(real_world / "pdf" / "pdfplumber" / "WARN-Report-for-7-1-2015-to-03-25-2016.pdf")
    # every removed "header" was a date or status cell of the table's first or last rows
    assert doc.coverage.headers_footers_removed == ()


def _group_rule_pdf() -> bytes:
    """A table ruled only across whose header names a group of three columns over a rule spanning
    them (LaTeX's cmidrule); the numbers are right-aligned under wider labels."""
    c = _canvas(8)
    top = 700
    c.line(72, top, 520, top)
    c.drawString(300, top - 10, "Tables with an oversegmented PRH")
    c.line(260, top - 13, 520, top - 13)
    c.drawString(80, top - 22, "Dataset")
    c.drawString(170, top - 22, "Total Tables")
    c.drawString(270, top - 22, "Total")
    c.drawString(330, top - 22, "% (of total with a PRH)")
    c.drawString(430, top - 22, "% (of total investigated)")
    c.line(72, top - 26, 520, top - 26)
    rows = [
        ["SciTSR", "10,431", "54", "15.79%", "0.52%"],
        ["PubTabNet", "422,491", "58,747", "58.65%", "13.90%"],
    ]
    rows += [["FinTabNet", "70,028", "25,348", "98.87%", "36.20%"]]
    y = top - 38
    for row in rows:
        c.drawString(80, y, row[0])
        for x, text in zip((220, 295, 410, 515), row[1:], strict=True):
            c.drawRightString(x, y, text)
        y -= 12
    c.line(72, y + 6, 520, y + 6)
    return c.getpdfdata()


def test_a_group_label_over_a_rule_names_each_column_under_it():
    table = _only_table(extract(_group_rule_pdf(), filename="grouped.pdf"))
    assert list(table.header) == [
        "Dataset",
        "Total Tables",
        "Tables with an oversegmented PRH Total",
        "Tables with an oversegmented PRH % (of total with a PRH)",
        "Tables with an oversegmented PRH % (of total investigated)",
    ]
    assert list(table.rows[1]) == ["PubTabNet", "422,491", "58,747", "58.65%", "13.90%"]


def test_the_two_level_header_of_a_real_papers_table_2(real_world):
    doc = extract(real_world / "pdf" / "kreuzberg" / "large.pdf")
    table = next(b for b in doc.blocks if b.kind == TABLE and b.page == 6)
    # read off the rendered page: three columns under "Tables with an oversegmented PRH"
    assert list(table.header) == [
        "Dataset",
        "Total Tables Investigated†",
        "Total Tables with a PRH∗",
        "Tables with an oversegmented PRH Total",
        "Tables with an oversegmented PRH % (of total with a PRH)",
        "Tables with an oversegmented PRH % (of total investigated)",
    ]
    assert list(table.rows[0]) == ["SciTSR", "10,431", "342", "54", "15.79%", "0.52%"]


def _two_tables_pdf() -> bytes:
    """Two tables ruled only across, of one width, one above the other with a caption between."""
    c = _canvas()

    def table(top: float, rows: list[list[str]]) -> float:
        c.line(72, top, 470, top)
        for x, text in zip((80, 200, 330), rows[0], strict=True):
            c.drawString(x, top - 14, text)
        c.line(72, top - 20, 470, top - 20)
        y = top - 34
        for row in rows[1:]:
            for x, text in zip((80, 200, 330), row, strict=True):
                c.drawString(x, y, text)
            y -= 14
        c.line(72, y + 6, 470, y + 6)
        return y

    y = table(
        740, [["Model", "Score", "Recall"], ["DETR", "0.966", "0.981"], ["Faster R-CNN", "0.825", "0.866"]]
    )
    c.drawString(72, y - 20, "Table 2. Results on the second data set, with the same models.")
    table(
        y - 40,
        [["Model", "Precision", "Time"], ["DETR", "0.912", "41 ms"], ["Faster R-CNN", "0.722", "63 ms"]],
    )
    return c.getpdfdata()


def test_two_tables_of_one_width_on_a_page_are_two_tables():
    doc = extract(_two_tables_pdf(), filename="two.pdf")
    assert [b.kind for b in doc.blocks] == [TABLE, PARAGRAPH, TABLE]
    first, caption, second = doc.blocks
    assert list(first.header) == ["Model", "Score", "Recall"]
    assert [list(r) for r in first.rows] == [["DETR", "0.966", "0.981"], ["Faster R-CNN", "0.825", "0.866"]]
    assert caption.text == "Table 2. Results on the second data set, with the same models."
    assert list(second.header) == ["Model", "Precision", "Time"]
    assert [list(r) for r in second.rows] == [["DETR", "0.912", "41 ms"], ["Faster R-CNN", "0.722", "63 ms"]]


def _hyphenated_cell_pdf() -> bytes:
    """A sentence writing ``centre-village`` twice, then a grid whose first cell wraps over three
    lines at two hyphens: ``centre-`` / ``village`` and ``infor-`` / ``mation``."""
    c = _canvas()
    c.drawString(LEFT, 760, "The centre-village has a school; the centre-village has a park.")
    xs, ys = [72, 200, 330, 460], [730, 710, 670]
    for y in ys:
        c.line(xs[0], y, xs[-1], y)
    for x in xs:
        c.line(x, ys[-1], x, ys[0])
    for x, text in zip(xs, ["Place", "Work", "When"], strict=False):
        c.drawString(x + 4, 716, text)
    c.drawString(76, 697, "Safer streets in the centre-")
    c.drawString(76, 685, "village and the infor-")
    c.drawString(76, 673, "mation desk")
    c.drawString(204, 690, "Sidewalks")
    c.drawString(334, 690, "2025")
    return c.getpdfdata()


def test_a_hyphen_at_a_cells_line_end_follows_the_documents_spelling():
    # the document writes "centre-village" elsewhere: its hyphen stays; "information" is not
    # written elsewhere, and a hyphen before a lower-case word goes
    tables = _tables(extract(_hyphenated_cell_pdf(), filename="t.pdf"))
    assert [t.header for t in tables] == [("Place", "Work", "When")]
    assert tables[0].rows == (
        ("Safer streets in the centre-village and the information desk", "Sidewalks", "2025"),
    )


def test_a_table_cell_of_the_chelsea_plan_spells_centre_village_as_its_text_does(real_world):
    # p. 30's table of actions: "au centre-" / "village" in a cell; the plan writes "centre-village"
    # seven times in its text (pp. 11, 21-24) and never "centrevillage"
    doc = extract(real_world / "pdf" / "pdfplumber" / "chelsea_pdta.pdf", options={"ocr": "never"})
    cells = [c for b in doc.blocks if b.kind == TABLE for row in b.rows for c in row]
    found = [c for c in cells if "des piétons au centre" in c]
    assert len(found) == 1 and "au centre-village et partout" in found[0]
    assert not any("centrevillage" in c for c in cells)


def _hyphenated_rule_table_pdf() -> bytes:
    """The sentence writing ``centre-village`` twice, then a table ruled only across whose last
    column wraps over three lines at two hyphens: ``centre-`` / ``village`` and ``infor-`` /
    ``mation``, each the last word of its line."""
    c = _canvas()
    c.drawString(LEFT, 760, "The centre-village has a school; the centre-village has a park.")
    xs = [80, 150, 250]
    c.line(LEFT, 730, RIGHT, 730)
    for x, text in zip(xs, ["When", "Work", "Place"], strict=True):
        c.drawString(x, 715, text)
    c.line(LEFT, 709, RIGHT, 709)
    c.drawString(80, 701, "2025")
    c.drawString(150, 701, "Sidewalks")
    c.drawString(250, 701, "Safer streets in the centre-")
    c.drawString(250, 687, "village and the infor-")
    c.drawString(250, 673, "mation desk")
    c.drawString(80, 659, "2026")
    c.drawString(150, 659, "Benches")
    c.drawString(250, 659, "Parks")
    c.line(LEFT, 651, RIGHT, 651)
    c.drawString(LEFT, 620, "The table ends above this line.")
    return c.getpdfdata()


def test_a_hyphen_at_a_line_end_in_a_table_ruled_across_follows_the_documents_spelling():
    # pdfium joins each word at its line-end hyphen and reads it on the line of its first part,
    # as in the page's lines: "centre-village" as the sentence above writes it, "information"
    # (written nowhere else, a lower-case part after the hyphen) without it; no part is lost
    table = _only_table(extract(_hyphenated_rule_table_pdf(), filename="t.pdf"))
    assert table.header == ("When", "Work", "Place")
    assert table.rows == (
        ("2025", "Sidewalks", "Safer streets in the centre-village"),
        ("", "", "and the information"),
        ("", "", "desk"),
        ("2026", "Benches", "Parks"),
    )


def test_always_loses_no_word_of_a_table_whose_columns_would_cut_them():
    # the table ruled across only, read with text columns: its last column's edge ran through
    # "streets", "Safer s" stood in the cell and "treets in the centre-" was in no cell, with
    # "and the infor-" (read on the drawn page: "Safer streets in the centre-" / "village and
    # the infor-" / "mation desk"). A row cut between whole rows: the table is refused
    doc = extract(_hyphenated_rule_table_pdf(), filename="t.pdf", options={"pdf_tables": "always"})
    assert not _tables(doc)
    assert "2025 Sidewalks Safer streets in the centre-village and the information desk" in doc.text


def test_a_hyphen_at_a_cells_line_end_follows_the_documents_spelling_in_pdfplumbers_tables():
    # pdf_tables=always reads the grid with pdfplumber, whose cell text keeps "centre-" and
    # "infor-" at their lines' ends; pdfium marked both: the words are rejoined as the page's are
    doc = extract(_hyphenated_cell_pdf(), filename="t.pdf", options={"pdf_tables": "always"})
    tables = _tables(doc)
    assert [t.header for t in tables] == [("Place", "Work", "When")]
    assert tables[0].rows == (
        ("Safer streets in the centre-village and the information desk", "Sidewalks", "2025"),
    )


def _hyphenated_unruled_table_pdf() -> bytes:
    """The sentence writing ``centre-village`` twice, then a table without any rule whose last
    column wraps at two hyphens: ``centre-`` / ``village`` and ``infor-`` / ``mation``."""
    c = _canvas()
    c.drawString(LEFT, 760, "The centre-village has a school; the centre-village has a park.")
    rows = [
        ["When", "Work", "Place"],
        ["2025", "Sidewalks", "centre-"],
        ["", "", "village"],
        ["2026", "Benches", "infor-"],
        ["", "", "mation"],
        ["2027", "Lights", "Parks"],
        ["2028", "Trees", "Library"],
    ]
    for n, row in enumerate(rows):
        for x, text in zip([80, 200, 330], row, strict=True):
            if text:
                c.drawString(x, 715 - 14 * n, text)
    c.drawString(LEFT, 560, "The table ends above this line.")
    return c.getpdfdata()


def test_a_hyphen_at_a_line_end_in_a_table_of_text_columns_follows_the_documents_spelling():
    # pdfplumber's text strategy reads each line as a row: "centre-" and "infor-" end their
    # rows' cells and the rest of the word opens the cell under them; pdfium joined both words.
    # Each is one word in the row of its first part: "centre-village" as the sentence above
    # writes it, "information" (written nowhere else) without the hyphen
    doc = extract(_hyphenated_unruled_table_pdf(), filename="t.pdf", options={"pdf_tables": "always"})
    table = _only_table(doc)
    assert table.header == ("When", "Work", "Place")
    assert table.rows == (
        ("2025", "Sidewalks", "centre-village"),
        ("2026", "Benches", "information"),
        ("2027", "Lights", "Parks"),
        ("2028", "Trees", "Library"),
    )


def test_a_court_transcript_is_no_table_of_its_words_cut_in_columns(real_world):
    # pdf_tables=always read scotus-transcript-p1.pdf's page with pdfplumber's text strategy as
    # one table of columns drawn through its words: "IN THE SUPR" | "EME" | "COURT OF THE UNI" |
    # "TED" | "STAT", the ES of STATES and the 7-1315 of "No. 07-1315" outside every column
    # (read on the rendered page: "IN THE SUPREME COURT OF THE UNITED STATES", "No. 07-1315").
    # The page reads as text, as in the default mode, its margin line numbers left out
    path = real_world / "pdf" / "pdfplumber" / "scotus-transcript-p1.pdf"
    doc = extract(path, options={"pdf_tables": "always"})
    assert not _tables(doc)
    assert "IN THE SUPREME COURT OF THE UNITED STATES" in doc.text
    assert "No. 07-1315" in doc.text
    assert "margin line numbers" in doc.coverage.headers_footers_removed
    assert doc.text == extract(path).text


def _numbered_rows_pdf() -> bytes:
    """A sentence, then a table without rules whose first column numbers its rows 1 to 5
    without a label, set where the sentence starts."""
    c = _canvas()
    c.drawString(LEFT, 760, "The five largest cities of the region, by population in 2020.")
    for n, (city, people) in enumerate(
        [
            ("Oslo", "709,000"),
            ("Bergen", "286,000"),
            ("Trondheim", "212,000"),
            ("Stavanger", "146,000"),
            ("Drammen", "102,000"),
        ],
        start=1,
    ):
        y = 730 - 14 * n
        c.drawString(LEFT, y, str(n))
        c.drawString(120, y, city)
        c.drawRightString(300, y, people)
    return c.getpdfdata()


def test_a_sentence_over_a_table_of_text_columns_is_read_whole_above_it():
    # the text strategy read the sentence as the table's first row, cut by the columns under it:
    # "The five lar" | "gest cities of the region, by popu" | "lation in", and "2020." outside
    # every column. The row goes back to the text and the table keeps the five cities
    doc = extract(_numbered_rows_pdf(), filename="t.pdf", options={"pdf_tables": "always"})
    assert doc.blocks[0].kind == PARAGRAPH
    assert doc.blocks[0].text == "The five largest cities of the region, by population in 2020."
    table = _only_table(doc)
    assert table.header is None
    assert table.rows[0] == ("1", "Oslo", "709,000")
    assert len(table.rows) == 5


def test_a_tables_column_numbering_its_rows_stays():
    # the numbers stand under the text's left edge, not beside the text: a column of the table
    # (the text strategy reads the sentence above as its first row)
    doc = extract(_numbered_rows_pdf(), filename="t.pdf", options={"pdf_tables": "always"})
    table = _only_table(doc)
    rows = ([table.header] if table.header else []) + list(table.rows)
    assert [row[0] for row in rows if row[0].isdigit()] == ["1", "2", "3", "4", "5"]
    assert ("3", "Trondheim", "212,000") in rows
    assert "margin line numbers" not in doc.coverage.headers_footers_removed


def _two_columns_of_prose_pdf() -> bytes:
    """Two columns of five lines of prose each, their words set apart by positioning alone, as
    TeX sets them (no space characters), every line of a column starting at its left edge."""
    left = [
        "The river rises in the hills above the town and runs south.",
        "Farmers have drawn water from it, always, for their fields.",
        "In spring the water rises; the low fields flood each year.",
        "The town built a wall against it in 1820, and then another.",
        "Since then, the river has kept to its bed, or nearly so.",
    ]
    right = [
        "Old people still speak of the great flood of their youth.",
        "The bridge was lost, and the mill as well, in one night.",
        "A new bridge, of stone, was built in 1822 by the town.",
        "It stands today, a little below the mill, as it always did.",
        "Boats pass under it in summer, loaded with hay and wood.",
    ]
    c = _canvas(font="Times-Roman")
    for n, lines in enumerate(zip(left, right, strict=True)):
        for x, line in zip((72, 330), lines, strict=True):
            for word in line.split():
                c.drawString(x, 760 - 12 * n, word)
                x += stringWidth(word, "Times-Roman", 10) + 2.8
    return c.getpdfdata()


def test_two_columns_of_prose_are_no_table_of_text_columns():
    # pdfplumber's text strategy read the two columns as a table of five rows, one line a cell
    # ("The river rises in the hills above the town and runs south." | "Old people still speak
    # of the great flood of their youth."): cells of prose, read as the default mode reads them
    data = _two_columns_of_prose_pdf()
    doc = extract(data, filename="t.pdf", options={"pdf_tables": "always"})
    assert not _tables(doc)
    assert doc.blocks == extract(data, filename="t.pdf").blocks


def test_pages_of_prose_are_no_tables_of_text_columns(real_world, playground):
    # multicolumn.pdf p. 2 (two columns of lorem ipsum) was a table of 66 cells, one line of a
    # column each ("lacus vel est. Curabitur consectetuer."); word2vec.pdf p. 11, its references,
    # a table of their numbers beside their lines ("[1]" | "Y. Bengio, R. Ducharme, P. Vincent.
    # A neural probabilistic language model. Journal of Machine"). Both pages read as in the
    # default mode; word2vec's tables of figures (pp. 6-10) are still found
    for path, page in (
        (real_world / "pdf" / "py-pdf-samples" / "multicolumn.pdf", 2),
        (playground / "word2vec.pdf", 11),
    ):
        always = extract(path, options={"pdf_tables": "always"})
        blocks = [(b.kind, b.text) for b in always.blocks if b.page == page]
        assert TABLE not in {kind for kind, _ in blocks}
        assert blocks == [(b.kind, b.text) for b in extract(path).blocks if b.page == page]
    assert {b.page for b in always.blocks if b.kind == TABLE} == {6, 7, 8, 9, 10}


def test_always_keeps_the_spaced_out_dates_of_a_ruled_grid_whole(real_world):
    # the WARN report's grid (p. 1) read by pdfplumber's lines strategy gave its spaced-out dates
    # apart, "0 3 / 2 5 / 2 0 16" and "0 8 / 2 9 / 2 0 15" in the Maxim and McGraw-Hill rows, for
    # the text layer's "03/25/2016" and "08/29/2015": such a table is refused (its page read as
    # text), and the grid is read first from the page's own rules and text, dates whole
    path = real_world / "pdf" / "pdfplumber" / "WARN-Report-for-7-1-2015-to-03-25-2016.pdf"
    doc = extract(path, options={"pdf_tables": "always", "ocr": "never"})
    page = [b for b in doc.blocks if b.page == 1]
    text = " ".join(b.text for b in page)
    assert "03/25/2016" in text and "08/29/2015" in text
    assert "0 3 / 2 5" not in text


def test_always_refuses_a_table_that_takes_lines_running_past_it(real_world):
    # federal-register p. 6, "ESTIMATED COSTS—Continued": pdfplumber's text strategy read a table
    # narrower than the lines of the cost rows it took, so their Action and Cost-on-U.S.-operators
    # words ("Stabilizer wiring change", "Up to $766,865.") were in no cell and lost
    path = real_world / "pdf" / "pdfplumber" / "federal-register-2020-17221.pdf"
    doc = extract(path, options={"pdf_tables": "always", "ocr": "never"})
    text = " ".join(b.text for b in doc.blocks if b.page == 6)
    assert "Stabilizer wiring change" in text
    assert "Up to $766,865." in text


def test_always_reads_a_ruled_grid_from_the_pages_own_rules_and_text(real_world):
    # the WARN report's grid (p. 1) read as the default mode reads it, dates whole: its first row,
    # read off the text layer, "06/22/2015", then "03/25/2016 07/01/2015 Maxim Integrated Product
    # San Jose 150", "Closure Permanent"
    path = real_world / "pdf" / "pdfplumber" / "WARN-Report-for-7-1-2015-to-03-25-2016.pdf"
    always = extract(path, options={"pdf_tables": "always", "ocr": "never"})
    tables = [b for b in always.blocks if b.page == 1 and b.kind == TABLE]
    assert len(tables) == 1
    assert tables[0].rows[0] == (
        "06/22/2015",
        "03/25/2016",
        "07/01/2015",
        "Maxim Integrated Product",
        "San Jose",
        "150",
        "Closure Permanent",
    )
    default = [b for b in extract(path, options={"ocr": "never"}).blocks if b.page == 1]
    assert [b for b in always.blocks if b.page == 1] == default


def test_always_keeps_a_grid_whose_close_cells_pdfium_runs_together_on_a_line(real_world):
    # nics-background-checks-2015-11.pdf: the *Other and **Multiple columns are set so close that
    # the page's text runs their cells together ("Guam 0 100 55 12 30 0", "Hawaii 1,248 0 00 0"),
    # while the grid's cells hold 3 | 0 and 0 | 0. The words "30" and "00" were taken for words
    # the table lost: the grid was refused and the page read as one paragraph of figures
    for name in ("nics-background-checks-2015-11.pdf", "nics-background-checks-2015-11-rotated.pdf"):
        path = real_world / "pdf" / "pdfplumber" / name
        always = extract(path, options={"pdf_tables": "always", "ocr": "never"})
        table = _only_table(always)
        rows = {row[0]: row for row in table.rows}
        # pdfplumber's text of the page: "Guam 0 100 55 12 3 0 0 …", "Hawaii 1,248 0 0 0 0 0 …"
        assert rows["Guam"][1:7] == ("0", "100", "55", "12", "3", "0")
        assert rows["Hawaii"][1:7] == ("1,248", "0", "0", "0", "0", "0")
        assert always.blocks == extract(path, options={"ocr": "never"}).blocks


def test_a_cells_footnote_mark_is_set_apart_in_every_mode(real_world):
    # google-doc-document.pdf p. 1: the populations carry raised footnote marks, 1 to 3, set at
    # 6.6 pt after the 11 pt figures. The default mode's cells read "273.879.750 1" (pdfium sets
    # the mark on a line of its own); pdf_tables=always read the same cells with pdfplumber as
    # "273.879.7501", a figure that is not in the document. Both now read the mark apart
    path = real_world / "pdf" / "py-pdf-samples" / "google-doc-document.pdf"
    population = ("Population", "273.879.750 1", "83,190,556 2", "8,935,112 3", "67,413,000", "453")
    for mode in ("auto", "always"):
        tables = [b for b in extract(path, options={"pdf_tables": mode}).blocks if b.kind == TABLE]
        assert [row for t in tables for row in t.rows if row[0] == "Population"] == [population], mode


def test_flag_glyphs_of_private_use_leave_the_header_in_every_mode(real_world):
    # google-doc-document.pdf's header row follows four countries' names with a flag from an
    # emoji font, coded in the supplementary private-use plane (U+F03D9 after Indonesia). pdfium
    # reads no text from them and the default mode's header is the names alone; pdfplumber, which
    # pdf_tables=always reads the cells with, gave the codes ("Indonesia \U000f03d9")
    path = real_world / "pdf" / "py-pdf-samples" / "google-doc-document.pdf"
    header = ("", "Indonesia", "Germany", "Austria", "France", "Vatican")
    for mode in ("auto", "always"):
        tables = [b for b in extract(path, options={"pdf_tables": mode}).blocks if b.kind == TABLE]
        assert [t.header for t in tables] == [header], mode


def _table_drawn_before_its_title_pdf() -> bytes:
    """Two pages; the first's ruled table (a header and six rows) is drawn before the title and
    the note printed above it, as the WARN report's first page is; the second holds a paragraph."""
    c = _canvas()
    xs, top, pitch = [72, 200, 330, 460], 700, 16
    for k in range(8):
        c.line(xs[0], top - pitch * k, xs[-1], top - pitch * k)
    for x in xs:
        c.line(x, top, x, top - pitch * 7)
    for x, text in zip(xs, ("Notice Date", "Company", "Workers"), strict=False):
        c.drawString(x + 4, top - 12, text)
    for k in range(1, 7):
        for x, text in zip(xs, (f"07/{k:02d}/2015", f"Company {k}", f"{k * 11}"), strict=False):
            c.drawString(x + 4, top - pitch * k - 12, text)
    c.drawString(72, 760, "Notices received in July")
    c.drawString(72, 730, "The report is updated twice a month.")
    c.showPage()
    c.setFont("Helvetica", 10)
    c.drawString(72, 700, "No notice was withdrawn in the month.")
    c.showPage()
    return c.getpdfdata()


def test_a_table_drawn_before_the_lines_above_it_comes_after_them():
    # the table's cells came first in the content stream: the table was put before the title and
    # the note printed above it
    doc = extract(_table_drawn_before_its_title_pdf(), filename="notices.pdf", options={"ocr": "never"})
    assert [(b.page, b.kind, b.text.splitlines()[0]) for b in doc.blocks] == [
        (1, PARAGRAPH, "Notices received in July"),
        (1, PARAGRAPH, "The report is updated twice a month."),
        (1, TABLE, "| Notice Date | Company | Workers |"),
        (2, PARAGRAPH, "No notice was withdrawn in the month."),
    ]


def _cut_row_pdf(first: str, second: str) -> bytes:
    """Two pages of a ruled table of three columns under a header printed on both: the first ends
    with a row whose description is ``first``, the second opens with a row holding only
    ``second`` in that column, then a row of its own."""
    c = _canvas()
    xs = [72, 200, 300, 520]
    for page, rows in (
        (
            1,
            [
                ("PROPATTR_READABLE", "0x00000002", "Set on all properties."),
                ("PROPATTR_MANDATORY", "0x00000001", first),
            ],
        ),
        (2, [("", "", second), ("PROPATTR_WRITABLE", "0x00000004", "Set unless read-only.")]),
    ):
        c.setFont("Helvetica", 10)
        if page == 1:  # given first: pdfium joins a last cell ending in a hyphen to the text after it
            c.drawString(72, 700, "The flags of a property are given in the table below.")
        top = 300 if page == 1 else 740  # the first page's part ends at its foot
        for k in range(len(rows) + 2):
            c.line(xs[0], top - 18 * k, xs[-1], top - 18 * k)
        for x in xs:
            c.line(x, top, x, top - 18 * (len(rows) + 1))
        for x, text in zip(xs, ("Flag name", "Value", "Description"), strict=False):
            c.drawString(x + 4, top - 13, text)
        for k, row in enumerate(rows, start=1):
            for x, text in zip(xs, row, strict=False):
                if text:
                    c.drawString(x + 4, top - 18 * k - 13, text)
        c.showPage()
    return c.getpdfdata()


def test_a_row_cut_by_the_page_break_is_one_row():
    doc = extract(
        _cut_row_pdf("Deleting it MUST return an error if any attempt", "is made to do so."), filename="f.pdf"
    )
    (table,) = [b for b in doc.blocks if b.kind == TABLE]
    assert [list(r) for r in table.rows] == [
        ["PROPATTR_READABLE", "0x00000002", "Set on all properties."],
        [
            "PROPATTR_MANDATORY",
            "0x00000001",
            "Deleting it MUST return an error if any attempt is made to do so.",
        ],
        ["PROPATTR_WRITABLE", "0x00000004", "Set unless read-only."],
    ]
    ((at, page),) = table.meta["page_breaks"]
    assert (table.page, page) == (1, 2) and table.text[at:].startswith("is made to do so. |")


def _cut_description(first: str, second: str) -> tuple[str, str]:
    """The joined description of the cut row of ``_cut_row_pdf(first, second)`` and the text of
    its table from its page break on."""
    doc = extract(_cut_row_pdf(first, second), filename="f.pdf")
    (table,) = [b for b in doc.blocks if b.kind == TABLE]
    ((at, page),) = table.meta["page_breaks"]
    assert (table.page, page) == (1, 2)
    return table.rows[1][2], table.text[at:]


def test_a_word_the_page_break_hyphenated_in_a_cut_row_is_one_word():
    # as a paragraph's lines join: the typesetter's hyphen before a lower-case letter goes, the
    # break said to be before the word it cut
    cell, on_next = _cut_description("Deleting it MUST return an error if any at-", "tempt is made to do so.")
    assert cell == "Deleting it MUST return an error if any attempt is made to do so."
    assert on_next.startswith("attempt is made to do so. |")
    # a compound's own hyphen stays
    cell, _ = _cut_description("Deleting it MUST return an error in a state-of-the-", "art store.")
    assert cell == "Deleting it MUST return an error in a state-of-the-art store."


def test_a_hyphen_the_page_break_cut_in_a_row_stays_where_the_document_writes_it():
    # "read-only" is written with its hyphen in the next row: the cut word keeps it
    cell, on_next = _cut_description("Deleting it MUST return an error for every read-", "only store.")
    assert cell == "Deleting it MUST return an error for every read-only store."
    assert on_next.startswith("read-only store. |")


def test_a_row_under_empty_cells_after_a_finished_row_stays_a_row():
    # the row before ends its sentence: the next page's first row, its first cells empty, is a row
    doc = extract(
        _cut_row_pdf("Deleting it MUST return an error.", "also when it is renamed."), filename="f.pdf"
    )
    (table,) = [b for b in doc.blocks if b.kind == TABLE]
    assert table.meta.get("page_end") == 2
    assert [list(r) for r in table.rows][1:3] == [
        ["PROPATTR_MANDATORY", "0x00000001", "Deleting it MUST return an error."],
        ["", "", "also when it is renamed."],
    ]
    # a value of a few words over one in lower case: rows grouped under one label
    doc = extract(_cut_row_pdf("read only", "write once"), filename="f.pdf")
    (table,) = [b for b in doc.blocks if b.kind == TABLE]
    assert [list(r) for r in table.rows][1:3] == [
        ["PROPATTR_MANDATORY", "0x00000001", "read only"],
        ["", "", "write once"],
    ]


def _samples_grid_pdf(columns: tuple[float, ...], note_under: bool = False, note_over: bool = False) -> bytes:
    """Two pages of a ruled grid of samples without a header (its first cells plain numbers):
    rows 1-6 at the foot of the first page under a paragraph, rows 7-11 at the top of the second,
    whose grid has ``columns`` (x of each rule) and a paragraph under it; ``note_under``: a line
    under the first page's grid; ``note_over``: a line beside the second page's grid, above it."""
    c = _canvas()
    c.drawString(72, 740, "The samples of the second run are listed below, one a row.")
    if note_under:  # drawn before the grid: read before it, and yet under it
        c.drawString(72, 40, "Samples 1 to 6 come from the first tray.")
    for xs, first, top in (((72, 220, 370, 520), 1, 168), (columns, 7, 740)):
        for k in range(7 if first == 1 else 6):
            c.line(xs[0], top - 18 * k, xs[-1], top - 18 * k)
        for x in xs:
            c.line(x, top, x, top - 18 * (6 if first == 1 else 5))
        for k, r in enumerate(range(first, first + (6 if first == 1 else 5))):
            for x, text in zip(xs, (f"{r}", f"Sample {r}", f"Tissue {r % 3}"), strict=False):
                c.drawString(x + 4, top - 18 * k - 13, text)
        if first == 1:
            c.showPage()
            c.setFont("Helvetica", 10)
    if note_over:  # drawn after the grid and right of it: the grid stays first, and yet under it
        c.drawString(530, 760, "Tray 2")
    c.drawString(72, 500, "All samples were read twice.")
    c.showPage()
    return c.getpdfdata()


def _sample_rows(first: int, last: int) -> list[list[str]]:
    return [[f"{r}", f"Sample {r}", f"Tissue {r % 3}"] for r in range(first, last + 1)]


def test_a_table_without_a_header_continued_at_the_top_of_the_next_page_is_one_table():
    # neither part has a header to carry over: the grid ends the first page and opens the second
    # with its three columns at the same places
    doc = extract(_samples_grid_pdf((72, 220, 370, 520)), filename="samples.pdf", options={"ocr": "never"})
    (table,) = [b for b in doc.blocks if b.kind == TABLE]
    assert table.header is None
    assert [list(r) for r in table.rows] == _sample_rows(1, 11)
    ((at, page),) = table.meta["page_breaks"]
    assert (table.page, page) == (1, 2) and table.text[at:].startswith("| 7 | Sample 7 |")
    assert [b.kind for b in doc.blocks] == [PARAGRAPH, TABLE, PARAGRAPH]


def test_tables_without_a_header_stay_apart_when_their_columns_differ_or_a_line_comes_between():
    # the second page's middle rule 40 pt to the left: another table
    doc = extract(_samples_grid_pdf((72, 180, 370, 520)), filename="samples.pdf", options={"ocr": "never"})
    tables = [b for b in doc.blocks if b.kind == TABLE]
    assert [[list(r) for r in t.rows] for t in tables] == [_sample_rows(1, 6), _sample_rows(7, 11)]
    assert [t.meta.get("page_end") for t in tables] == [None, None]
    # a line under the first page's grid, given before it: the grid, read last, does not end its
    # page; a line above the second page's grid, beside it: the grid does not open its page
    for note in ({"note_under": True}, {"note_over": True}):
        path = _samples_grid_pdf((72, 220, 370, 520), **note)
        doc = extract(path, filename="samples.pdf", options={"ocr": "never"})
        tables = [b for b in doc.blocks if b.kind == TABLE]
        assert [[list(r) for r in t.rows] for t in tables] == [_sample_rows(1, 6), _sample_rows(7, 11)], note


def test_a_table_under_a_label_read_before_it_keeps_that_label_as_its_heading(real_world):
    # chelsea_pdta.pdf pp. 26-31: each action table sits right under a black bar naming its axis
    # ("AXE 1 – RESSOURCES" on p. 26), given before the table's cells; the page's title and legend,
    # printed above the bar, come after the cells: the table is not moved after them, which would
    # put it under the legend read as a heading
    path = real_world / "pdf" / "pdfplumber" / "chelsea_pdta.pdf"
    first: dict[int, str] = {}
    for chunk in get_chunks(path, mode="default"):
        meta = chunk["metadata"]
        if chunk["content_type"] == "table" and meta["page_number"] in (26, 29, 30):
            first.setdefault(meta["page_number"], meta["heading_path"][-1])
    assert first == {
        26: "AXE 1 – RESSOURCES",
        29: "AXE 3 – OUTILS (suite)",
        30: "AXE 4 – SÉCURITÉ ET CONFORT",
    }


def _shade(c, left: float, bottom: float, right: float, top: float) -> None:
    """A grey box, filled and not stroked."""
    c.setFillGray(0.85)
    c.rect(left, bottom, right - left, top - bottom, stroke=0, fill=1)
    c.setFillGray(0)


def _paragraph_shaded_header_pdf(zebra: bool = False) -> bytes:
    """A grid of three columns (72-160-260-360), its rules half-point filled rectangles ending where
    the cells do, as Word draws them. The header's cells are shaded whole, and each line of their
    text on a box of its own 5 pt inside the cell's rules, 12 pt tall (Word's paragraph shading):
    ``Summary`` / ``of the`` / ``results`` in the first. The first body cell is shaded as the header's
    is, so the sides of its boxes run down the table's height. With ``zebra``, two more rows under
    it are ruled only by their cells' shading, each cell's box 2 pt inside its rules."""
    c = _canvas()
    xs = [72, 160, 260, 360]
    top, head = 700, 40
    ys = [top, top - head, top - head - 16]
    for left, right in pairwise(xs):
        _shade(c, left + 0.5, ys[1] + 0.5, right - 0.5, top - 0.5)
    labels = [["Summary", "of the", "results"], ["Every day"], ["Once a", "week"]]
    for (left, right), cell in zip(pairwise(xs), labels, strict=True):
        for k, text in enumerate(cell):
            _shade(c, left + 5, top - 14 - 12 * k, right - 5, top - 2 - 12 * k)
            c.drawString(left + 8, top - 11 - 12 * k, text)
    _shade(c, xs[0] + 0.5, ys[2] + 0.5, xs[1] - 0.5, ys[1] - 0.5)
    _shade(c, xs[0] + 5, ys[2] + 0.5, xs[1] - 5, ys[1] - 0.5)
    for x, value in zip(xs[1:3], ["33", "40"], strict=True):
        c.drawString(x + 8, ys[1] - 12, value)
    bottom = ys[2]
    if zebra:
        for k, row in enumerate([["Walking", "12", "5"], ["Cycling", "8", "2"]]):
            low, high = ys[2] - 16 * (k + 1), ys[2] - 16 * k
            for (left, right), text in zip(pairwise(xs), row, strict=True):
                if k == 0:
                    _shade(c, left + 2, low + 2, right - 2, high - 2)
                c.drawString(left + 8, high - 12, text)
        bottom = ys[2] - 32
    # the rules: horizontal ones under the header and the first row only, and at the bottom
    for y in [*ys, bottom]:
        c.rect(xs[0], y - 0.25, xs[-1] - xs[0], 0.5, stroke=0, fill=1)
    for x in xs:
        c.rect(x - 0.25, bottom, 0.5, top - bottom, stroke=0, fill=1)
    return c.getpdfdata()


def test_a_header_cells_lines_shaded_one_by_one_stay_one_row():
    # the edges of the boxes under "Summary" and "of the" made rows of the cell's lines: the header
    # read "Summary | Every day | Once a week" over "of the | | " and "results | | "
    table = _only_table(extract(_paragraph_shaded_header_pdf(), filename="shaded.pdf"))
    assert table.header == ("Summary of the results", "Every day", "Once a week")
    assert table.rows == (("", "33", "40"),)


def test_rows_ruled_by_their_cells_shading_alone_stay_rows():
    # shading on no other, each row's cell boxes line up across the table: their edges part rows
    table = _only_table(extract(_paragraph_shaded_header_pdf(zebra=True), filename="zebra.pdf"))
    assert table.header == ("Summary of the results", "Every day", "Once a week")
    assert table.rows == (("", "33", "40"), ("Walking", "12", "5"), ("Cycling", "8", "2"))


def test_the_chelsea_plans_header_cell_shaded_line_by_line_is_one_cell(real_world):
    # p. 60, question 8: the first header cell prints "Synthèse" / "des" / "résultats" on three
    # lines, each on its own grey box inside the cell's; the table read off the rendered page
    doc = extract(real_world / "pdf" / "pdfplumber" / "chelsea_pdta.pdf", options={"ocr": "never"})
    (table,) = [b for b in doc.blocks if b.kind == TABLE and b.page == 60 and "| 33 |" in b.text]
    assert table.header == (
        "Synthèse des résultats",
        "Tous les jours ou presque",
        "Deux à trois fois par semaine",
        "Une fois par semaine",
        "Quelques fois par mois",
        "Jamais",
    )
    assert table.rows == (("", "33", "40", "21", "81", "68"),)


def _words_wrapped_in_cells_pdf() -> bytes:
    """A sentence, then a grid whose header cells wrap, each line drawn as its own string: a line
    of one word without a space after it ends every cell's line but the last. ``Complete`` fills
    its cell (4 pt either side, 2 pt more), as does ``every``; ``disagree`` has room to spare,
    and ``Over `` fills its cell with a space drawn after it."""
    c = _canvas()
    c.drawString(LEFT, 760, "Answers came from every district and every road; disagreement was rare.")
    cells = [["Question"], ["Strongly", "agree"], ["Complete", "ly in favour"], ["In", "disagree", "ment"]]
    cells += [["every", "one"], ["Over ", "all"]]
    widths = [70, 70, stringWidth("Complete", "Helvetica", 10) + 10, 60]
    widths += [stringWidth("every", "Helvetica", 10) + 10, stringWidth("Over", "Helvetica", 10) + 10]
    xs = [72.0]
    for width in widths:
        xs.append(xs[-1] + width)
    top = 700
    ys = [top, top - 54, top - 72]
    for y in ys:
        c.line(xs[0], y, xs[-1], y)
    for x in xs:
        c.line(x, ys[-1], x, top)
    for x, cell in zip(xs, cells, strict=False):
        for k, line in enumerate(cell):
            c.drawString(x + 4, top - 12 - 12 * k, line)
    for x, value in zip(xs, ["Roads", "12", "7", "3", "5", "1"], strict=False):
        c.drawString(x + 4, ys[1] - 13, value)
    return c.getpdfdata()


def test_a_word_a_cells_line_end_cut_without_a_hyphen_is_one_word():
    # "Complete" / "ly" fills its cell and is written nowhere else; "disagree" / "ment" does not
    # fill its cell, but the sentence writes "disagreement". "Strongly" / "agree" has room to
    # spare; "every" fills its cell, and the sentence writes "every" alone; "Over " ends in a
    # space: two words each
    table = _only_table(extract(_words_wrapped_in_cells_pdf(), filename="wrapped.pdf"))
    assert table.header == (
        "Question",
        "Strongly agree",
        "Completely in favour",
        "In disagreement",
        "every one",
        "Over all",
    )
    assert table.rows == (("Roads", "12", "7", "3", "5", "1"),)


def test_the_chelsea_plans_header_words_cut_by_their_cells_are_whole(real_world):
    # p. 62, question 11: "Complèteme" / "nt en accord" and "En" / "désacco" / "rd" as printed in
    # their narrow cells; the plan writes "Complètement" and "désaccord" elsewhere (the header's
    # next cells), and "En" / "accord" stays two words
    doc = extract(real_world / "pdf" / "pdfplumber" / "chelsea_pdta.pdf", options={"ocr": "never"})
    (table,) = [
        b for b in doc.blocks if b.kind == TABLE and b.page == 62 and "Neutre" in b.header and "%" in b.text
    ]
    assert table.header == (
        "Synthèse des résultats",
        "Complètement en accord",
        "En accord",
        "Neutre",
        "En désaccord",
        "Complètement en désaccord",
        "Total",
    )
    assert table.rows[0] == ("Standart", "142", "59", "20", "4", "5", "230")


@pytest.mark.parametrize(
    ("before", "after", "fills", "elsewhere", "one"),
    [
        # the whole written elsewhere, the first part never alone
        ("Complèteme", "nt", False, ["Complètement en désaccord"], True),
        # filling its cell, written nowhere alone, the whole nowhere either
        ("désacco", "rd", True, ["En accord"], True),
        # neither the whole elsewhere nor the cell filled
        ("désacco", "rd", False, ["En accord"], False),
        # "every" written alone twice, "everyone" once: two words, the cell filled or not
        ("every", "one", True, ["every road and every district", "everyone"], False),
        # the whole written more often than the first part alone
        ("Bundes", "republik", False, ["Bundesrepublik und Bundesrepublik", "Bundes"], True),
    ],
)
def test_a_cells_line_end_joins_a_word_as_the_documents_words_tell(before, after, fills, elsewhere, one):
    # the cell's own line (the first part alone on it) is among the page's lines, not counted
    wrap = Wrap(before, after, fills)
    words = Words([*elsewhere, before, f"{after} en accord"], wraps=[wrap])
    assert words.one_word(wrap) is one


def _spanning_cells_pdf() -> bytes:
    """Two grids whose first column holds a cell over two rows: the first's ``Summary of`` /
    ``results`` over its header and its one row of figures (no rule between them in that
    column), the second's ``North`` over the rows of its towns ``Alpha`` and ``Beta``."""
    c = _canvas()
    c.drawString(LEFT, 760, "Two tables whose first column holds cells over two rows.")
    xs = [72, 180, 260, 340, 420]
    top, middle, bottom = 730, 712, 694
    c.line(xs[0], top, xs[-1], top)
    c.line(xs[1], middle, xs[-1], middle)
    c.line(xs[0], bottom, xs[-1], bottom)
    for x in xs:
        c.line(x, bottom, x, top)
    c.drawString(76, 716, "Summary of")
    c.drawString(76, 704, "results")
    for x, label, value in zip(xs[1:], ["Yes", "No", "Total"], ["88", "179", "267"], strict=False):
        c.drawString(x + 4, 718, label)
        c.drawString(x + 4, 700, value)
    ys = [640, 622, 604, 586, 568]
    for k, y in enumerate(ys):
        c.line(xs[1] if k == 2 else xs[0], y, xs[3], y)  # no rule under North
    for x in xs[:4]:
        c.line(x, ys[-1], x, ys[0])
    for x, label in zip(xs, ["Region", "Town", "People"], strict=False):
        c.drawString(x + 4, 628, label)
    c.drawString(76, 601, "North")
    c.drawString(184, 610, "Alpha")
    c.drawString(264, 610, "120")
    c.drawString(184, 592, "Beta")
    c.drawString(264, 592, "80")
    c.drawString(76, 574, "South")
    c.drawString(184, 574, "Gamma")
    c.drawString(264, 574, "95")
    c.drawString(LEFT, 540, "The tables end above this line.")
    return c.getpdfdata()


def test_a_grid_cell_over_two_rows_is_read_in_each():
    # as a merged cell reads in Word's, a workbook's and a web page's tables: the rows under the
    # cell's first one had an empty first cell
    first, second = _tables(extract(_spanning_cells_pdf(), filename="t.pdf"))
    assert first.header == ("Summary of results", "Yes", "No", "Total")
    assert first.rows == (("Summary of results", "88", "179", "267"),)
    assert second.header == ("Region", "Town", "People")
    assert second.rows == (("North", "Alpha", "120"), ("North", "Beta", "80"), ("South", "Gamma", "95"))


def test_the_chelsea_plans_summary_cell_over_its_header_and_figures_is_read_in_both(real_world):
    # p. 62, question 10: "Synthèse des" / "résultats" in one shaded cell over the header row and
    # the row of figures (read off the page: 115, 73, 24, 12, 8, 232)
    doc = extract(real_world / "pdf" / "pdfplumber" / "chelsea_pdta.pdf", options={"ocr": "never"})
    (table,) = [b for b in doc.blocks if b.kind == TABLE and b.page == 62 and "Très important" in b.header]
    assert table.header[0] == "Synthèse des résultats"
    assert table.rows == (("Synthèse des résultats", "115", "73", "24", "12", "8", "232"),)


def _hyphen_in_a_row_pdf() -> bytes:
    """A sentence writing ``well-known`` and ``information``, then a grid whose cells' lines are
    drawn row by row across the table (``The well-``, ``Ask at the infor-``, ``2025``, then
    ``known road``, ``mation desk``): pdfium's text runs each row's lines together, so it marks
    no hyphen at those line ends."""
    c = _canvas()
    c.drawString(LEFT, 760, "A well-known road leads to the information desk.")
    xs, ys = [72, 200, 330, 460], [730, 710, 670]
    for y in ys:
        c.line(xs[0], y, xs[-1], y)
    for x in xs:
        c.line(x, ys[-1], x, ys[0])
    for x, text in zip(xs, ["Place", "Work", "When"], strict=False):
        c.drawString(x + 4, 716, text)
    c.drawString(76, 697, "The well-")
    c.drawString(204, 697, "Ask at the infor-")
    c.drawString(334, 697, "2025")
    c.drawString(76, 685, "known road")
    c.drawString(204, 685, "mation desk")
    return c.getpdfdata()


@pytest.mark.parametrize("mode", ["auto", "always"])
def test_a_hyphen_at_a_cells_line_end_pdfium_did_not_mark_follows_the_documents_spelling(mode):
    # "always" reads the grid with pdfplumber, "auto" from pdfium's rules and text: both held
    # "The well- known road" and "Ask at the infor- mation desk"
    doc = extract(_hyphen_in_a_row_pdf(), filename="t.pdf", options={"pdf_tables": mode})
    (table,) = _tables(doc)
    assert table.header == ("Place", "Work", "When")
    assert table.rows == (("The well-known road", "Ask at the information desk", "2025"),)


def test_a_hyphen_at_a_cells_line_end_stays_where_the_document_writes_neither_form():
    # a cell's line of subscripts under "ap-" (large.pdf p. 4, pdf_tables=always): nothing tells
    wrap = Wrap("ap", "min", False, hyphen=True)
    assert unwrap(["ap- min min max max"], [wrap], Words(["the approach, the minimum"])) == [
        "ap- min min max max"
    ]


def _header_over_two_columns_pdf() -> bytes:
    """A grid whose header's ``Actions`` spans two columns, a group's and its actions' (as the
    Chelsea plan's p. 27): two body rows name their group and their action, the third's action
    spans both columns."""
    c = _canvas()
    c.drawString(LEFT, 760, "The plan of action is in the table below.")
    xs = [72, 160, 260, 400, 470]
    ys = [730, 712, 694, 676, 658]
    for y in ys:
        c.line(xs[0], y, xs[-1], y)
    for x in xs:
        if x == 260:  # no rule inside the header's Actions nor inside the last row's action
            c.line(x, ys[3], x, ys[1])
        else:
            c.line(x, ys[-1], x, ys[0])
    c.drawString(76, 718, "Axis")
    c.drawString(240, 718, "Actions")
    c.drawString(404, 718, "When")
    rows = [
        (700, ("Promotion", "Events", "Hold a cycling day", "2022")),
        (682, ("Safety", "Signs", "Mark the paths", "2023")),
        (664, ("Upkeep", "Sweep the paths", "", "2024")),
    ]
    for y, row in rows:
        for x, text in zip(xs, row, strict=False):
            if text:
                c.drawString(x + 4, y, text)
    c.drawString(LEFT, 620, "The table ends above this line.")
    return c.getpdfdata()


def test_a_cell_over_two_columns_is_read_in_each():
    # as a merged cell reads in Word's tables: the header's label names both columns, a row's
    # action fills both; before: ('Axis', 'Actions', '', 'When') and ('Upkeep', 'Sweep the
    # paths', '', '2024')
    table = _only_table(extract(_header_over_two_columns_pdf(), filename="t.pdf"))
    assert table.header == ("Axis", "Actions", "Actions", "When")
    assert table.rows == (
        ("Promotion", "Events", "Hold a cycling day", "2022"),
        ("Safety", "Signs", "Mark the paths", "2023"),
        ("Upkeep", "Sweep the paths", "Sweep the paths", "2024"),
    )


def test_the_chelsea_plans_actions_header_names_both_its_columns(real_world):
    # p. 27 (AXE 2 – MARKETING): 'Actions' over the column of groups ('Événements') and that of
    # the actions; the other axes' tables have one column of actions
    doc = extract(real_world / "pdf" / "pdfplumber" / "chelsea_pdta.pdf", options={"ocr": "never"})
    (table,) = [b for b in doc.blocks if b.kind == TABLE and b.page == 27]
    assert table.header == (
        "AXE D\u2019EVALUATION",
        "ACTIONS",
        "ACTIONS",
        "ÉCHEANCIER",
        "RESSOURCES NECESSAIRES",
        "RESPONSABLES ET PARTENAIRES",
    )
    assert table.rows[0][1] == "Événements"


def test_a_google_doc_tables_cells_over_several_countries_are_read_in_each(real_world):
    # 'Europe' spans the columns of Germany, Austria, France and the Vatican, 'EUR (€)' those of
    # the first three (read off the page). Before: each under Germany alone, the others empty
    doc = extract(real_world / "pdf" / "py-pdf-samples" / "google-doc-document.pdf")
    table = _only_table(doc)
    assert table.header == ("", "Indonesia", "Germany", "Austria", "France", "Vatican")
    assert table.rows[0] == ("Continent", "Asia", "Europe", "Europe", "Europe", "Europe")
    assert table.rows[2] == ("Currency", "Rupia", "EUR (€)", "EUR (€)", "EUR (€)", "-")


def test_pdfplumbers_cells_over_two_columns_are_read_in_each():
    # pdfplumber reads a page ruled both ways where the grid reading finds no table that keeps
    # its lines' words: it gives no cell where one to the left reaches over the column's start.
    # Before: ('Axis', 'Actions', '', 'When') and ('Upkeep', 'Sweep the paths', '', '2024')
    import pdfplumber

    from indexer.formats._pdf_tables import find_tables

    with pdfplumber.open(io.BytesIO(_header_over_two_columns_pdf())) as plumber:
        (table,) = find_tables(plumber, 0, (0.0, 792.0), ruled_both_ways=True, force_text=False)
    assert table.header == ("Axis", "Actions", "Actions", "When")
    assert table.rows[2] == ("Upkeep", "Sweep the paths", "Sweep the paths", "2024")


def test_a_google_doc_tables_cells_over_several_countries_are_read_in_each_by_pdfplumber(real_world):
    # pdf_tables=always: the page's line runs the footnote marks into the figures
    # ('273.879.7501'), which the grid's cells hold apart, so pdfplumber reads the table.
    # Before: 'Europe' and 'EUR (€)' under Germany alone, as the default mode had them
    doc = extract(
        real_world / "pdf" / "py-pdf-samples" / "google-doc-document.pdf", options={"pdf_tables": "always"}
    )
    table = _only_table(doc)
    assert table.rows[0] == ("Continent", "Asia", "Europe", "Europe", "Europe", "Europe")
    assert table.rows[2] == ("Currency", "Rupia", "EUR (€)", "EUR (€)", "EUR (€)", "-")


def test_pdfplumbers_cells_over_two_rows_are_read_in_each():
    # as the grid reading's (test_a_grid_cell_over_two_rows_is_read_in_each): pdfplumber gives
    # no cell under one that reaches down over the next row. Before: ('', '88', '179', '267')
    # and ('', 'Beta', '80')
    import pdfplumber

    from indexer.formats._pdf_tables import find_tables

    with pdfplumber.open(io.BytesIO(_spanning_cells_pdf())) as plumber:
        first, second = find_tables(plumber, 0, (0.0, 792.0), ruled_both_ways=True, force_text=False)
    assert first.header == ("Summary of results", "Yes", "No", "Total")
    assert first.rows == (("Summary of results", "88", "179", "267"),)
    assert second.rows == (("North", "Alpha", "120"), ("North", "Beta", "80"), ("South", "Gamma", "95"))


def test_a_drawing_read_by_pdfplumber_is_judged_on_its_cells_as_read(real_world):
    # GeoTopo's p. 23 (a figure of curves, its labels between their lines): pdfplumber's lines
    # strategy finds a grid whose cells, with those over two rows read in each, had passed for
    # a table in pdf_tables=always; read as they are, they do not
    import pdfplumber

    from indexer.formats._pdf_tables import find_tables

    path = real_world / "pdf" / "py-pdf-samples" / "GeoTopo-komprimiert.pdf"
    with pdfplumber.open(path, pages=[23]) as plumber:
        assert find_tables(plumber, 0, (0.0, 842.0), ruled_both_ways=True, force_text=False) == []


def _head_given_last_pdf() -> bytes:
    """A section's label over a grid, drawn first; the grid; then the page's title and a note,
    printed above the label but given after the grid's cells in the content stream; a page of
    text after it."""
    c = _canvas()
    c.setFont("Helvetica-Bold", 14)
    c.drawString(72, 690, "Axis 1: resources")
    c.setFont("Helvetica", 10)
    _grid(
        c,
        [72, 200, 330, 460],
        680,
        [["Action", "Year", "Cost"], ["Signs", "2021", "$"], ["Maps", "2022", "$$"]],
    )
    c.setFont("Helvetica-Bold", 18)
    c.drawString(72, 750, "Plan of action 2021-2026")
    c.setFont("Helvetica", 10)
    c.drawString(72, 725, "The costs are given in dollar signs, one for each 50 000 dollars.")
    c.showPage()  # a second page: a document's only page is read top-down whatever its stream's order
    c.setFont("Helvetica", 10)
    c.drawString(72, 750, "The plan is reviewed every year.")
    return c.getpdfdata()


def test_a_title_given_after_a_table_but_printed_over_its_label_is_read_first():
    # the title and the note stand above the label 'Axis 1: resources', which the stream gives
    # before the grid; they were read after the table, the label before it
    doc = extract(_head_given_last_pdf(), filename="plan.pdf")
    texts = [b.text.split("\n", 1)[0] for b in doc.blocks]
    assert texts == [
        "Plan of action 2021-2026",
        "The costs are given in dollar signs, one for each 50 000 dollars.",
        "Axis 1: resources",
        "| Action | Year | Cost |",
        "The plan is reviewed every year.",
    ]
