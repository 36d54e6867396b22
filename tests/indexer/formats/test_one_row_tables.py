"""A table of one row in Word, OpenDocument, PowerPoint and RTF documents: a layout of text side
by side (a signature line, a box around an answer), no header over data. Each of its cells is a
paragraph, a cell spanning columns once; a table of two rows or more stays a table."""

from __future__ import annotations

import io

from indexer import extract_bytes
from indexer.api import extract
from tests.indexer.formats.test_docx import build_docx, docx, para
from tests.indexer.formats.test_docx_cell_pass import run_cell, table
from tests.indexer.formats.test_odf import OFFICE, _odt


def _texts(doc) -> list[tuple[str, str]]:
    return [(b.kind, b.text) for b in doc.blocks]


# "Signature:", an empty cell, then "Date:" over two columns (and an empty last cell)
_DOCX_SPAN = '<w:tc><w:tcPr><w:gridSpan w:val="2"/></w:tcPr><w:p><w:r><w:t>Date:</w:t></w:r></w:p></w:tc>'


def test_a_docx_table_of_one_row_is_a_paragraph_per_cell():
    body = (
        para("Before")
        + table(run_cell("Signature:") + run_cell("") + _DOCX_SPAN + run_cell(""))
        + para("After")
        + table(run_cell("Name") + run_cell("Role"), run_cell("Ada") + run_cell("Chair"))
    )
    doc = docx(build_docx(body))
    assert _texts(doc)[:4] == [
        ("paragraph", "Before"),
        ("paragraph", "Signature:"),
        ("paragraph", "Date:"),
        ("paragraph", "After"),
    ]
    two_rows = doc.blocks[4]
    assert two_rows.kind == "table"
    assert (two_rows.header, two_rows.rows) == (("Name", "Role"), (("Ada", "Chair"),))
    # a row marked as the header row (repeated on each page) stays a table's header
    header = "<w:trPr><w:tblHeader/></w:trPr>"
    doc = docx(build_docx(table(run_cell("Name") + run_cell("Role"), first_row_props=header)))
    (block,) = doc.blocks
    assert (block.kind, block.header, block.rows) == ("table", ("Name", "Role"), ())


def test_the_one_row_tables_of_a_real_form_are_paragraphs(real_world):
    # test07.docx (an ethics review form): the answer box holding "None", and the signature line
    # "Signature: | | Date: |", were tables under a blank header row
    doc = extract(real_world / "docx" / "node-word-extractor" / "test07.docx")
    texts = _texts(doc)
    at = texts.index(("paragraph", "TO BE SIGNED BY PRINCIPAL INVESTIGATOR"))
    assert texts[at + 1 : at + 3] == [("paragraph", "Signature:"), ("paragraph", "Date:")]
    at = next(i for i, (_, t) in enumerate(texts) if t.startswith("* NOTE – If you believe there to be NO"))
    assert texts[at + 1] == ("paragraph", "None")
    assert not any(b.kind == "table" and b.header is None and len(b.rows) == 1 for b in doc.blocks)


def test_an_odt_table_of_one_row_is_a_paragraph_per_cell():
    cell = "<table:table-cell><text:p>{}</text:p></table:table-cell>"
    body = (
        "<table:table><table:table-row>"
        + cell.format("Signature:")
        + "<table:table-cell table:number-columns-spanned='2'><text:p>Date:</text:p></table:table-cell>"
        + "<table:covered-table-cell/>"
        + cell.format("")
        + "</table:table-row><table:table-row/></table:table>"
        + "<table:table><table:table-row>"
        + cell.format("Name")
        + cell.format("Role")
        + "</table:table-row><table:table-row>"
        + cell.format("Ada")
        + cell.format("Chair")
        + "</table:table-row></table:table>"
    )
    doc = extract_bytes(_odt(OFFICE.format(body)), "t.odt")
    # (the empty row after the signature line is no row of data)
    assert _texts(doc)[:2] == [("paragraph", "Signature:"), ("paragraph", "Date:")]
    assert (doc.blocks[2].kind, doc.blocks[2].header) == ("table", ("Name", "Role"))


def test_an_odt_table_of_one_header_row_is_a_header_without_data():
    # a row in table:table-header-rows (repeated on each page) names columns, as Word's
    # w:tblHeader row does: it stays the table's header, with no data rows (it was read as
    # the paragraphs "Name" and "Role"); an empty row after it is no row of data
    cell = "<table:table-cell><text:p>{}</text:p></table:table-cell>"
    row = "<table:table-row>" + cell.format("Name") + cell.format("Role") + "</table:table-row>"
    body = (
        f"<table:table><table:table-header-rows>{row}</table:table-header-rows>"
        "<table:table-row><table:table-cell/><table:table-cell/></table:table-row></table:table>"
        f"<table:table><table:table-row-group><table:table-header-rows>{row}"
        "</table:table-header-rows></table:table-row-group></table:table>"
    )
    doc = extract_bytes(_odt(OFFICE.format(body)), "t.odt")
    assert [(b.kind, b.header, b.rows) for b in doc.blocks] == [("table", ("Name", "Role"), ())] * 2
    assert doc.blocks[0].text == "| Name | Role |\n| --- | --- |"


def test_a_pptx_table_of_one_row_is_a_paragraph_per_cell():
    from pptx import Presentation
    from pptx.util import Inches

    deck = Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[5])  # title only
    slide.shapes.title.text = "Sign-off"
    one = slide.shapes.add_table(1, 4, Inches(1), Inches(2), Inches(8), Inches(1)).table
    for c, text in enumerate(["Signature:", "", "Date:", ""]):
        one.cell(0, c).text = text
    one.cell(0, 2).merge(one.cell(0, 3))  # "Date:" over the last two columns
    two = slide.shapes.add_table(2, 2, Inches(1), Inches(4), Inches(8), Inches(1)).table
    for r, row in enumerate([["Name", "Role"], ["Ada", "Chair"]]):
        for c, text in enumerate(row):
            two.cell(r, c).text = text
    out = io.BytesIO()
    deck.save(out)
    doc = extract_bytes(out.getvalue(), "t.pptx")
    assert _texts(doc)[:3] == [("heading", "Sign-off"), ("paragraph", "Signature:"), ("paragraph", "Date:")]
    assert doc.blocks[1].meta["slide_number"] == 1 and doc.blocks[1].page == 1
    assert (doc.blocks[3].kind, doc.blocks[3].header) == ("table", ("Name", "Role"))


def test_an_rtf_table_of_one_row_is_a_paragraph_per_cell():
    rtf = (
        rb"{\rtf1\ansi\deff0{\fonttbl{\f0 Arial;}}\pard Before\par"
        rb"\trowd\cellx2000\cellx4000\cellx6000\pard\intbl Signature:\cell\cell Date:\cell\row"
        rb"\pard After\par"
        rb"\trowd\cellx3000\cellx6000\pard\intbl Name\cell Role\cell\row"
        rb"\trowd\cellx3000\cellx6000\pard\intbl Ada\cell Chair\cell\row\pard\par}"
    )
    doc = extract_bytes(rtf, "t.rtf")
    assert _texts(doc)[:4] == [
        ("paragraph", "Before"),
        ("paragraph", "Signature:"),
        ("paragraph", "Date:"),
        ("paragraph", "After"),
    ]
    assert (doc.blocks[4].kind, doc.blocks[4].header) == ("table", ("Name", "Role"))
