"""A table row made of one cell merged across the whole table is a label over the rows below it:
Word, PowerPoint and OpenDocument tables give its text once, in the first column, as HTML tables
do, instead of once per column. A merged cell in the first row, the header, still names every
column."""

from __future__ import annotations

import io

import docx
import pptx
from pptx.util import Inches

from indexer.api import extract_bytes
from indexer.model import TABLE

from .test_odf import OFFICE, _odt


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
    table = document.add_table(rows=2, cols=2)
    table.cell(0, 0).merge(table.cell(0, 1)).text = "Both"
    table.cell(1, 0).text, table.cell(1, 1).text = "a", "b"
    buf = io.BytesIO()
    document.save(buf)
    found = _table(extract_bytes(buf.getvalue(), "t.docx"))
    assert found.header == ("Both", "Both") and found.rows == (("a", "b"),)


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
