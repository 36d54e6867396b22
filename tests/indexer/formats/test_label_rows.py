"""A table row made of one cell merged across the whole table is a label over the rows below it:
Word, PowerPoint and OpenDocument tables give its text once, in the first column, as HTML tables
do, instead of once per column. A merged cell in the first row, the header, still names every
column, except where that row is one cell across the table over a header row and data: a title,
said before the table, as an HTML table's is."""

from __future__ import annotations

import io

import docx
import pptx
import pytest
from docx.oxml import OxmlElement
from pptx.util import Inches

from indexer.api import extract_bytes
from indexer.formats.html import html_blocks
from indexer.model import PARAGRAPH, TABLE, Block

from .test_odf import IMPRESS_TABLE, OFFICE, _odp, _odt


def _table(doc):
    (table,) = [b for b in doc.blocks if b.kind == TABLE]
    return table


def test_word_label_row():
    document = docx.Document()
    table = document.add_table(rows=4, cols=3)
    for r, values in enumerate([("Region", "Q1", "Q2"), ("", "", ""), ("USA", "150", "180"), ("", "", "")]):
        for c, value in enumerate(values):
            table.cell(r, c).text = value
    table.cell(1, 0).merge(table.cell(1, 2)).text = "North America"
    table.cell(3, 0).merge(table.cell(3, 1)).text = "two of three"  # not across the table
    buf = io.BytesIO()
    document.save(buf)
    found = _table(extract_bytes(buf.getvalue(), "t.docx"))
    assert found.header == ("Region", "Q1", "Q2")
    assert found.rows == (
        ("North America", "", ""),
        ("USA", "150", "180"),
        ("two of three", "two of three", ""),
    )


def test_word_merged_header_cell_names_every_column():
    document = docx.Document()
    table = document.add_table(rows=2, cols=3)
    table.cell(0, 0).merge(table.cell(0, 1)).text = "Both"
    table.cell(0, 2).text = "Last"
    for c, value in enumerate("abc"):
        table.cell(1, c).text = value
    buf = io.BytesIO()
    document.save(buf)
    found = _table(extract_bytes(buf.getvalue(), "t.docx"))
    assert found.header == ("Both", "Both", "Last") and found.rows == (("a", "b", "c"),)


def test_powerpoint_label_row():
    deck = pptx.Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[6])
    table = slide.shapes.add_table(3, 3, Inches(1), Inches(1), Inches(6), Inches(2)).table
    for r, values in enumerate([("Region", "Q1", "Q2"), ("", "", ""), ("USA", "150", "180")]):
        for c, value in enumerate(values):
            table.cell(r, c).text = value
    table.cell(1, 0).merge(table.cell(1, 2))
    table.cell(1, 0).text = "North America"
    buf = io.BytesIO()
    deck.save(buf)
    found = _table(extract_bytes(buf.getvalue(), "t.pptx"))
    assert found.header == ("Region", "Q1", "Q2")
    assert found.rows == (("North America", "", ""), ("USA", "150", "180"))


def _cell(text: str, attrs: str = "") -> str:
    return f"<table:table-cell{attrs}><text:p>{text}</text:p></table:table-cell>"


def test_opendocument_label_row():
    across3 = ' table:number-columns-spanned="3"'
    across2 = ' table:number-columns-spanned="2"'
    down2 = ' table:number-rows-spanned="2"'
    covered = "<table:covered-table-cell/>"
    body = (
        "<table:table>"
        + f"<table:table-row>{_cell('Region')}{_cell('Q1')}{_cell('Q2')}</table:table-row>"
        + f"<table:table-row>{_cell('North America', across3)}{covered}{covered}</table:table-row>"
        + f"<table:table-row>{_cell('USA')}{_cell('150')}{_cell('180')}</table:table-row>"
        + f"<table:table-row>{_cell('Both rows', down2)}{_cell('x', across2)}{covered}</table:table-row>"
        # covered from above, then one cell across the rest: not a label
        + f"<table:table-row>{covered}{_cell('y', across2)}{covered}</table:table-row>"
        + "</table:table>"
    )
    found = _table(extract_bytes(_odt(OFFICE.format(body)), "t.odt"))
    assert found.header == ("Region", "Q1", "Q2")
    assert found.rows == (
        ("North America", "", ""),
        ("USA", "150", "180"),
        ("Both rows", "x", "x"),
        ("Both rows", "y", "y"),
    )


# -- a title row: one cell across the table over its header --------------------------------------

_TITLED = [("Budget 2024", "", ""), ("Item", "Q1", "Q2"), ("Pens", "4", "5"), ("Ink", "2", "3")]


def _word_titled(marked: int) -> bytes:
    """A Word table of :data:`_TITLED`, its first row one cell merged across the three columns
    (``w:gridSpan="3"``), its ``marked`` leading rows marked as header rows (``w:tblHeader``)."""
    document = docx.Document()
    table = document.add_table(rows=4, cols=3)
    for r, values in enumerate(_TITLED):
        for c, value in enumerate(values):
            table.cell(r, c).text = value
    table.cell(0, 0).merge(table.cell(0, 2)).text = "Budget 2024"
    for row in table.rows[:marked]:
        row._tr.get_or_add_trPr().append(OxmlElement("w:tblHeader"))
    buf = io.BytesIO()
    document.save(buf)
    return buf.getvalue()


def _said(doc) -> tuple[list[tuple[str, str]], Block]:
    """The blocks before the table (kind, text), and the table."""
    at = next(i for i, b in enumerate(doc.blocks) if b.kind == TABLE)
    return [(b.kind, b.text) for b in doc.blocks[:at]], doc.blocks[at]


def _check_titled(doc) -> None:
    # the title was the header, repeated in each column ("Budget 2024 | Budget 2024 | ..."),
    # and "Item | Q1 | Q2" a data row; now it is said once before the table, as HTML's is
    before, table = _said(doc)
    assert before == [(PARAGRAPH, "Budget 2024")]
    assert table.header == ("Item", "Q1", "Q2")
    assert table.rows == (("Pens", "4", "5"), ("Ink", "2", "3"))
    assert table.row_numbers == (3, 4)


@pytest.mark.parametrize("marked", [0, 1, 2])
def test_word_title_row_is_said_before_the_table(marked):
    _check_titled(extract_bytes(_word_titled(marked), "t.docx"))


_ODF_TITLED = (
    "<table:table>"
    + "<table:table-row>"
    + _cell("Budget 2024", ' table:number-columns-spanned="3"')
    + "<table:covered-table-cell/><table:covered-table-cell/></table:table-row>"
    + "".join(
        "<table:table-row>" + "".join(_cell(v) for v in values) + "</table:table-row>"
        for values in _TITLED[1:]
    )
    + "</table:table>"
)


def test_opendocument_title_row_is_said_before_the_table():
    _check_titled(extract_bytes(_odt(OFFICE.format(_ODF_TITLED)), "t.odt"))
    # on a slide, a table whose first row Impress marks as its header row
    marked = _ODF_TITLED.replace("<table:table>", IMPRESS_TABLE, 1)
    frame = f'<draw:frame svg:width="10cm" svg:height="3cm" svg:x="2cm" svg:y="5cm">{marked}</draw:frame>'
    _check_titled(extract_bytes(_odp(f"<draw:page>{frame}</draw:page>"), "t.odp"))


def test_opendocument_slide_merged_first_row_without_header_row_is_a_label():
    # Impress's Header Row box cleared (no table:use-first-row-styles): the merged first row was
    # said as a title over the header "Item | Q1 | Q2"; no row heads the table now, and the first
    # row is a label over the rows below, as in PowerPoint
    frame = (
        f'<draw:frame svg:width="10cm" svg:height="3cm" svg:x="2cm" svg:y="5cm">{_ODF_TITLED}</draw:frame>'
    )
    before, table = _said(extract_bytes(_odp(f"<draw:page>{frame}</draw:page>"), "t.odp"))
    assert before == []
    assert table.header == ("Column 1", "Column 2", "Column 3")
    assert table.meta["has_header"] is False
    assert table.rows == (("Budget 2024", "", ""), *_TITLED[1:])
    assert table.row_numbers == (1, 2, 3, 4)


def test_rtf_title_row_is_said_before_the_table():
    # the title row written as an older writer merges cells: \clmgf, then \clmrg cells
    rtf = (
        b"{\\rtf1\\ansi "
        b"\\trowd\\clmgf\\cellx2000\\clmrg\\cellx4000\\clmrg\\cellx6000 \\pard\\intbl Budget 2024\\cell\\cell\\cell\\row "
        b"\\trowd\\cellx2000\\cellx4000\\cellx6000 \\pard\\intbl Item\\cell Q1\\cell Q2\\cell\\row "
        b"\\trowd\\cellx2000\\cellx4000\\cellx6000 \\pard\\intbl Pens\\cell 4\\cell 5\\cell\\row "
        b"\\trowd\\cellx2000\\cellx4000\\cellx6000 \\pard\\intbl Ink\\cell 2\\cell 3\\cell\\row "
        b"\\pard After\\par}"
    )
    _check_titled(extract_bytes(rtf, "t.rtf"))


def _powerpoint_titled(header_row: bool) -> bytes:
    """A PowerPoint table of :data:`_TITLED`, its first row one cell merged across the three
    columns (``a:gridSpan="3"``, then ``hMerge`` cells), its first row marked as the header row
    (``a:tblPr firstRow="1"``, as PowerPoint inserts tables) or not (the Header Row box cleared)."""
    deck = pptx.Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[6])
    table = slide.shapes.add_table(4, 3, Inches(1), Inches(1), Inches(6), Inches(2)).table
    for r, values in enumerate(_TITLED):
        for c, value in enumerate(values):
            table.cell(r, c).text = value
    table.cell(0, 0).merge(table.cell(0, 2))
    table.first_row = header_row
    buf = io.BytesIO()
    deck.save(buf)
    return buf.getvalue()


def test_powerpoint_title_row_is_said_before_the_table():
    _check_titled(extract_bytes(_powerpoint_titled(True), "t.pptx"))


def test_powerpoint_merged_first_row_without_header_row_is_a_label():
    # the Header Row box cleared: no row heads the table, so the merged first row is no title
    # over a header but a label over the rows below, given once, as in an HTML table without
    # header cells
    doc = extract_bytes(_powerpoint_titled(False), "t.pptx")
    before, table = _said(doc)
    assert before == []
    assert table.header == ("Column 1", "Column 2", "Column 3")
    assert table.meta["has_header"] is False
    assert table.rows == (("Budget 2024", "", ""), *_TITLED[1:])
    assert table.row_numbers == (1, 2, 3, 4)


# -- a title row over a single row ---------------------------------------------------------------
# "Contact" merged across three columns over one row "Ana | 555 0100 | ana@example.org": the
# title is said before the table as over a longer one, and the row, unless it is marked as a
# header row itself, is the table's data (before, Word, OpenDocument and RTF made the title the
# header, "Contact" naming every column, while HTML said it before the table)

_LONE = ("Ana", "555 0100", "ana@example.org")


def _check_lone(doc, header=None) -> None:
    before, table = _said(doc)
    assert before == [(PARAGRAPH, "Contact")]
    assert table.header == header
    assert table.rows == ((_LONE,) if header is None else ())
    assert table.row_numbers == ((2,) if header is None else ())


def _word_lone(marked: int) -> bytes:
    document = docx.Document()
    table = document.add_table(rows=2, cols=3)
    for c, value in enumerate(_LONE):
        table.cell(1, c).text = value
    table.cell(0, 0).merge(table.cell(0, 2)).text = "Contact"
    for row in table.rows[:marked]:
        row._tr.get_or_add_trPr().append(OxmlElement("w:tblHeader"))
    buf = io.BytesIO()
    document.save(buf)
    return buf.getvalue()


@pytest.mark.parametrize("marked", [0, 1])
def test_word_title_row_over_one_row(marked):
    _check_lone(extract_bytes(_word_lone(marked), "t.docx"))


def test_word_title_row_over_one_header_row():
    # both rows marked as header rows: the one under the title heads a table without data
    _check_lone(extract_bytes(_word_lone(2), "t.docx"), header=_LONE)


def test_opendocument_title_row_over_one_row():
    body = (
        "<table:table><table:table-row>"
        + _cell("Contact", ' table:number-columns-spanned="3"')
        + "<table:covered-table-cell/><table:covered-table-cell/></table:table-row>"
        + "<table:table-row>"
        + "".join(_cell(v) for v in _LONE)
        + "</table:table-row></table:table>"
    )
    _check_lone(extract_bytes(_odt(OFFICE.format(body)), "t.odt"))


def test_rtf_title_row_over_one_row():
    rtf = (
        b"{\\rtf1\\ansi "
        b"\\trowd\\clmgf\\cellx2000\\clmrg\\cellx4000\\clmrg\\cellx6000 \\pard\\intbl Contact\\cell\\cell\\cell\\row "
        b"\\trowd\\cellx2000\\cellx4000\\cellx6000 \\pard\\intbl Ana\\cell 555 0100\\cell ana@example.org\\cell\\row "
        b"\\pard After\\par}"
    )
    _check_lone(extract_bytes(rtf, "t.rtf"))


def test_html_title_row_over_one_row():
    title = '<tr><th colspan="3">Contact</th></tr>'
    cells = "".join(f"<td>{v}</td>" for v in _LONE)
    blocks = html_blocks(f"<table>{title}<tr>{cells}</tr></table>")[0]
    before, table = [(b.kind, b.text) for b in blocks[:1]], blocks[1]
    assert before == [(PARAGRAPH, "Contact")]
    # HTML names the columns of a table no row heads
    assert table.header == ("Column 1", "Column 2", "Column 3") and table.meta["has_header"] is False
    assert table.rows == (_LONE,)
    # a row of <th> cells under the title heads a table without data, as a Word row marked as a
    # header row does (before, the table being made of <th> rows alone, only the title headed it
    # and the row was data)
    heads = cells.replace("td>", "th>")
    blocks = html_blocks(f"<table>{title}<tr>{heads}</tr></table>")[0]
    assert [(b.kind, b.text) for b in blocks[:1]] == [(PARAGRAPH, "Contact")]
    assert (blocks[1].header, blocks[1].rows) == (_LONE, ())
    # and over more <th> rows, the first of them heads the others
    blocks = html_blocks(f"<table>{title}<tr>{heads}</tr><tr>{heads}</tr></table>")[0]
    assert (blocks[1].header, blocks[1].rows) == (_LONE, (_LONE,))


def test_powerpoint_title_row_over_one_row():
    # PowerPoint marks only the first row (firstRow), the title: the one row under it is data,
    # its columns named as a table no row heads is in PowerPoint
    deck = pptx.Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[6])
    table = slide.shapes.add_table(2, 3, Inches(1), Inches(1), Inches(6), Inches(1)).table
    for c, value in enumerate(_LONE):
        table.cell(1, c).text = value
    table.cell(0, 0).text = "Contact"
    table.cell(0, 0).merge(table.cell(0, 2))
    table.first_row = True
    buf = io.BytesIO()
    deck.save(buf)
    before, found = _said(extract_bytes(buf.getvalue(), "t.pptx"))
    assert before == [(PARAGRAPH, "Contact")]
    assert found.header == ("Column 1", "Column 2", "Column 3") and found.meta["has_header"] is False
    assert found.rows == (_LONE,)
    assert found.row_numbers == (2,)
