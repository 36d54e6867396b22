"""Table cells that are one paragraph of one plain run (after at most one empty width-like
property) are read directly; every other cell goes through the general cell reader. The
expected rows are read by hand from the XML written here."""

from __future__ import annotations

from tests.indexer.formats.test_docx import PNG, build_docx, docx, drawing

WIDTH = '<w:tcPr><w:tcW w:w="1440" w:type="dxa"/></w:tcPr>'


def run_cell(text: str, props: str = WIDTH) -> str:
    return f'<w:tc>{props}<w:p><w:r><w:t xml:space="preserve">{text}</w:t></w:r></w:p></w:tc>'


def table(*rows: str, first_row_props: str = "") -> str:
    out = "<w:tbl><w:tblPr/><w:tblGrid/>"
    for i, row in enumerate(rows):
        out += f"<w:tr>{first_row_props if i == 0 else ''}{row}</w:tr>"
    return out + "</w:tbl>"


def test_plain_cells_with_and_without_width() -> None:
    body = table(
        run_cell("Name") + run_cell("Note", props=""),
        # inner and outer whitespace is collapsed; a blank or empty text makes an empty cell
        run_cell("  a   b ") + run_cell("   "),
        run_cell("x", props="") + "<w:tc><w:p><w:r><w:t/></w:r></w:p></w:tc>",
        # an entity is text like any other
        run_cell("R&amp;D") + run_cell("é\u00a0ü"),
    )
    (block,) = docx(build_docx(body)).blocks
    assert block.kind == "table"
    assert block.header == ("Name", "Note")
    # "é\u00a0ü" is not ASCII: split() treats the no-break space as whitespace
    assert block.rows == (("a b", ""), ("x", ""), ("R&D", "é ü"))


def test_cells_the_direct_reading_leaves_to_the_general_reader() -> None:
    span = '<w:tcPr><w:gridSpan w:val="2"/></w:tcPr>'
    borders = '<w:tcPr><w:tcBorders><w:top w:val="single"/></w:tcBorders></w:tcPr>'
    two_props = '<w:tcPr><w:tcW w:w="1" w:type="dxa"/><w:shd w:fill="FF0000"/></w:tcPr>'
    body = table(
        run_cell("A") + run_cell("B") + run_cell("C"),
        # a single gridSpan property spans two columns: "wide" twice
        run_cell("wide", props=span) + run_cell("c3"),
        # a property with children and two properties: still read, as plain text
        run_cell("bordered", props=borders) + run_cell("shaded", props=two_props) + run_cell("z"),
        # two paragraphs joined by a space; run properties; a tab inside the run
        "<w:tc><w:p><w:r><w:t>one</w:t></w:r></w:p><w:p><w:r><w:t>two</w:t></w:r></w:p></w:tc>"
        "<w:tc><w:p><w:r><w:rPr><w:b/></w:rPr><w:t>bold</w:t></w:r></w:p></w:tc>"
        "<w:tc><w:p><w:r><w:t>l</w:t><w:tab/><w:t>r</w:t></w:r></w:p></w:tc>",
        # paragraph properties, two runs, a content control around a cell
        '<w:tc><w:p><w:pPr><w:jc w:val="center"/></w:pPr><w:r><w:t>centred</w:t></w:r></w:p></w:tc>'
        "<w:tc><w:p><w:r><w:t>ha</w:t></w:r><w:r><w:t>lf</w:t></w:r></w:p></w:tc>"
        "<w:sdt><w:sdtContent>" + run_cell("ctl") + "</w:sdtContent></w:sdt>",
    )
    (block,) = docx(build_docx(body)).blocks
    assert block.header == ("A", "B", "C")
    assert block.rows == (
        ("wide", "wide", "c3"),
        ("bordered", "shaded", "z"),
        ("one two", "bold", "l r"),
        ("centred", "half", "ctl"),
    )


def test_a_plain_cell_ends_a_vertical_merge_above_it() -> None:
    restart = '<w:tcPr><w:vMerge w:val="restart"/></w:tcPr>'
    cont = "<w:tcPr><w:vMerge/></w:tcPr>"
    body = table(
        run_cell("K") + run_cell("V"),
        run_cell("top", props=restart) + run_cell("1"),
        run_cell("", props=cont) + run_cell("2"),
        # a plain cell in the merged column ends the merge ...
        run_cell("own") + run_cell("3"),
        # ... so a later continuation has no cell above to repeat
        run_cell("", props=cont) + run_cell("4"),
    )
    (block,) = docx(build_docx(body)).blocks
    assert block.rows == (("top", "1"), ("top", "2"), ("own", "3"), ("", "4"))


def test_header_flag_and_a_picture_in_a_cell() -> None:
    rels = {"rIdA": ("image", "media/a.png")}
    files = {"word/media/a.png": PNG}
    header = "<w:trPr><w:tblHeader/></w:trPr>"
    pic_cell = f"<w:tc>{WIDTH}<w:p><w:r><w:t>see</w:t></w:r>{drawing('rIdA', 'dot')}</w:p></w:tc>"
    # one row marked as a header row is the header, with no data rows
    body = table(run_cell("only") + pic_cell, first_row_props=header)
    doc = docx(build_docx(body, rels=rels, files=files))
    assert [b.kind for b in doc.blocks] == ["table", "image"]
    assert doc.blocks[0].header == ("only", "see")
    assert doc.blocks[0].rows == ()
    assert doc.blocks[1].alt == "dot"
