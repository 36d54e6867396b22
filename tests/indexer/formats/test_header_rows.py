"""Tables of Word and OpenDocument documents whose header is several rows (repeated on each page:
``w:tblHeader``, ``table:table-header-rows``): one header, each column named by its rows'
texts top-down (a cell spanning columns or rows given once), joined with " / " as an HTML
``<thead>`` of several rows is. The expected values are read by hand from the XML written here,
in the shape Word and LibreOffice write."""

from __future__ import annotations

from indexer import extract_bytes
from tests.indexer.formats.test_docx import build_docx, docx
from tests.indexer.formats.test_docx_cell_pass import run_cell
from tests.indexer.formats.test_odf import OFFICE, _odt

# Region (over both header rows) | Sales (over Q1 and Q2), then two rows of data
_HEADER = ("Region", "Sales / Q1", "Sales / Q2")
_DATA = (("North", "10", "12"), ("South", "7", "9"))

_MARK = "<w:trPr><w:tblHeader/></w:trPr>"


def _docx_cell(text: str, props: str = "") -> str:
    return f"<w:tc><w:tcPr>{props}</w:tcPr><w:p><w:r><w:t>{text}</w:t></w:r></w:p></w:tc>"


def _docx_table(first: str = _MARK, second: str = _MARK) -> str:
    return (
        '<w:tbl><w:tblPr/><w:tblGrid><w:gridCol w:w="2000"/><w:gridCol w:w="2000"/>'
        '<w:gridCol w:w="2000"/></w:tblGrid>'
        f"<w:tr>{first}"
        + _docx_cell("Region", '<w:vMerge w:val="restart"/>')
        + _docx_cell("Sales", '<w:gridSpan w:val="2"/>')
        + f"</w:tr><w:tr>{second}"
        + "<w:tc><w:tcPr><w:vMerge/></w:tcPr><w:p/></w:tc>"
        + _docx_cell("Q1")
        + _docx_cell("Q2")
        + "</w:tr>"
        + "".join("<w:tr>" + "".join(run_cell(c) for c in row) + "</w:tr>" for row in _DATA)
        + "</w:tbl>"
    )


def test_a_docx_header_of_two_marked_rows_names_each_column_by_both():
    # the second header row ("Q1", "Q2") was the first row of data
    (block,) = docx(build_docx(_docx_table())).blocks
    assert (block.kind, block.header, block.rows) == ("table", _HEADER, _DATA)
    assert block.row_numbers == (3, 4)  # the data start at the table's third row
    assert block.text.splitlines()[0] == "| Region | Sales / Q1 | Sales / Q2 |"


def test_a_docx_header_is_its_leading_rows_marked_on():
    # the first row alone is marked: it is the header, the second row is data (as before)
    (block,) = docx(build_docx(_docx_table(second=""))).blocks
    assert block.header == ("Region", "Sales", "Sales")
    assert block.rows == (("Region", "Q1", "Q2"), *_DATA)
    # a row marked after an unmarked one is no header row (Word repeats only leading rows)
    (block,) = docx(build_docx(_docx_table(first=""))).blocks
    assert block.header == ("Region", "Sales", "Sales")
    # w:val="0" turns the property off: a lone row so marked is a paragraph per cell
    off = '<w:trPr><w:tblHeader w:val="0"/></w:trPr>'
    doc = docx(
        build_docx("<w:tbl><w:tblPr/><w:tr>" + off + run_cell("A") + run_cell("B") + "</w:tr></w:tbl>")
    )
    assert [(b.kind, b.text) for b in doc.blocks] == [("paragraph", "A"), ("paragraph", "B")]
    # every row marked as a header row (as some documents do): the first heads the others
    rows = [("Name", "Role"), ("Ada", "Chair"), ("Bo", "Clerk")]
    body = (
        "<w:tbl><w:tblPr/>"
        + "".join(f"<w:tr>{_MARK}" + "".join(run_cell(c) for c in r) + "</w:tr>" for r in rows)
        + "</w:tbl>"
    )
    (block,) = docx(build_docx(body)).blocks
    assert (block.header, block.rows) == (rows[0], tuple(rows[1:]))


_ODT_CELL = '<table:table-cell office:value-type="string"><text:p>{}</text:p></table:table-cell>'


def _odt_doc(table: str) -> bytes:
    return _odt(OFFICE.format(table))


def _odt_row(*cells: str) -> str:
    return "<table:table-row>" + "".join(_ODT_CELL.format(c) for c in cells) + "</table:table-row>"


def test_an_odt_header_of_two_rows_names_each_column_by_both():
    # LibreOffice writes the rows repeated on each page in table:table-header-rows; the second
    # ("Q1", "Q2") was the first row of data
    table = (
        '<table:table table:name="Table1"><table:table-column table:number-columns-repeated="3"/>'
        "<table:table-header-rows><table:table-row>"
        '<table:table-cell table:number-rows-spanned="2" office:value-type="string">'
        "<text:p>Region</text:p></table:table-cell>"
        '<table:table-cell table:number-columns-spanned="2" office:value-type="string">'
        "<text:p>Sales</text:p></table:table-cell><table:covered-table-cell/>"
        "</table:table-row><table:table-row><table:covered-table-cell/>"
        + _ODT_CELL.format("Q1")
        + _ODT_CELL.format("Q2")
        + "</table:table-row></table:table-header-rows>"
        + "".join(_odt_row(*r) for r in _DATA)
        + "</table:table>"
    )
    (block,) = extract_bytes(_odt_doc(table), "t.odt").blocks
    assert (block.kind, block.header, block.rows) == ("table", _HEADER, _DATA)
    assert block.row_numbers == (3, 4)
    # a table whose rows all lie in its header rows: the first heads the others
    rows = [("Name", "Role"), ("Ada", "Chair")]
    table = (
        "<table:table><table:table-header-rows>"
        + "".join(_odt_row(*r) for r in rows)
        + "</table:table-header-rows></table:table>"
    )
    (block,) = extract_bytes(_odt_doc(table), "t.odt").blocks
    assert (block.header, block.rows) == (rows[0], (rows[1],))
