"""Runs are read child by child (text directly, run and leading paragraph properties skipped,
anything else walked in document order), and table cells made only of text runs take a shorter
path than other cells: both must read what a full walk of the paragraph reads."""

from __future__ import annotations

from tests.indexer.formats.test_docx import build_docx, docx

TAB_STOPS = '<w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr>'
BOLD = "<w:rPr><w:b/><w:sz w:val='28'/></w:rPr>"


def cell(inner: str) -> str:
    return f'<w:tc><w:tcPr><w:tcW w:w="1440" w:type="dxa"/></w:tcPr><w:p>{inner}</w:p></w:tc>'


def test_run_properties_tab_stops_and_hyperlinks_in_a_body_paragraph() -> None:
    body = (
        f"<w:p>{TAB_STOPS}<w:r>{BOLD}<w:t>Bold</w:t></w:r>"
        '<w:r><w:t xml:space="preserve"> and </w:t></w:r>'
        '<w:hyperlink r:id="rIdX"><w:r><w:t>linked</w:t></w:r></w:hyperlink></w:p>'
        "<w:p><w:r><w:t>a</w:t><w:tab/><w:t>b</w:t><w:noBreakHyphen/><w:t>c</w:t></w:r></w:p>"
    )
    doc = docx(build_docx(body))
    # read by hand: the tab stop in the properties adds nothing; the bold run, the spaced run and
    # the hyperlink's run make one sentence; a tab between runs is a space, the hyphen a hyphen
    assert [(b.kind, b.text) for b in doc.blocks] == [
        ("paragraph", "Bold and linked"),
        ("paragraph", "a b-c"),
    ]


def test_cells_of_text_runs_and_cells_with_other_content() -> None:
    rows = (
        "<w:tr>" + cell("<w:r><w:t>Name</w:t></w:r>") + cell(f"<w:r>{BOLD}<w:t>Value</w:t></w:r>") + "</w:tr>"
        "<w:tr>"
        + cell(f"{TAB_STOPS}<w:r><w:t>x</w:t><w:tab/><w:t>y</w:t></w:r>")
        + cell('<w:r><w:t>before</w:t><w:br w:type="page"/><w:t>after</w:t></w:r>')
        + "</w:tr>"
        "<w:tr>"
        + cell("<w:r><w:t xml:space='preserve'>  spaced   out </w:t></w:r>")
        + cell("<w:r><w:t></w:t></w:r>")
        + "</w:tr>"
    )
    body = f"<w:tbl>{rows}</w:tbl><w:p><w:r><w:t>Next</w:t></w:r></w:p>"
    doc = docx(build_docx(body))
    table, after = doc.blocks
    # read by hand: the first row is the header; a tab in a cell is a space, and so is a page
    # break between two words (it ends a line, and a cell is one line); runs of spaces become one;
    # an empty text run leaves the cell empty
    assert table.header == ("Name", "Value")
    assert table.rows == (("x y", "before after"), ("spaced out", ""))
    assert table.page == 1
    # the page break inside the second row's cell moves what follows the table to page 2
    assert (after.text, after.page) == ("Next", 2)
