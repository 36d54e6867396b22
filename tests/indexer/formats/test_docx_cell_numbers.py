"""Numbered paragraphs in table cells carry the number Word shows as text, counted with the
document's list counters, which run through the body and the cells in document order. The
expected numbers are worked out by hand from the numbering definitions written here."""

from __future__ import annotations

import pytest

from indexer.api import extract
from indexer.formats.docx import _number_text, _plain_runs
from tests.indexer.formats.test_docx import W_NS, build_docx, docx, para
from tests.indexer.formats.test_docx_cell_pass import run_cell, table

NUMBERING = (
    # abstract 0: "1." at level 0, "a)" at level 1, a Symbol-font bullet at level 2
    '<w:abstractNum w:abstractNumId="0">'
    '<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl>'
    '<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="%2)"/></w:lvl>'
    '<w:lvl w:ilvl="2"><w:numFmt w:val="bullet"/><w:lvlText w:val="\uf0b7"/></w:lvl>'
    "</w:abstractNum>"
    # abstract 1: "I." then "I.1" (level 1 shows both numbers; isLgl makes both decimal)
    '<w:abstractNum w:abstractNumId="1">'
    '<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="upperRoman"/><w:lvlText w:val="%1."/></w:lvl>'
    '<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1.%2"/></w:lvl>'
    '<w:lvl w:ilvl="2"><w:start w:val="1"/><w:isLgl/><w:numFmt w:val="decimal"/>'
    '<w:lvlText w:val="%1.%2.%3"/></w:lvl>'
    "</w:abstractNum>"
    '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>'
    # numId 2 shares abstract 0 and restarts level 0 at 10 the first time it is used
    '<w:num w:numId="2"><w:abstractNumId w:val="0"/>'
    '<w:lvlOverride w:ilvl="0"><w:startOverride w:val="10"/></w:lvlOverride></w:num>'
    '<w:num w:numId="3"><w:abstractNumId w:val="1"/></w:num>'
)
STYLES = (
    '<w:style w:type="paragraph" w:styleId="Steps"><w:name w:val="Steps"/>'
    '<w:pPr><w:numPr><w:numId w:val="3"/></w:numPr></w:pPr></w:style>'
)


def numbered(text: str, num_id: str | None, ilvl: int = 0, style: str = "") -> str:
    """A paragraph with a numPr (without a numId when ``num_id`` is None)."""
    nid = f'<w:numId w:val="{num_id}"/>' if num_id is not None else ""
    pstyle = f'<w:pStyle w:val="{style}"/>' if style else ""
    return (
        f'<w:p><w:pPr>{pstyle}<w:numPr><w:ilvl w:val="{ilvl}"/>{nid}</w:numPr></w:pPr>'
        f"<w:r><w:t>{text}</w:t></w:r></w:p>"
    )


def cell(*paragraphs: str) -> str:
    return "<w:tc>" + "".join(paragraphs) + "</w:tc>"


def test_numbers_in_cells_continue_the_documents_counters():
    body = (
        # the body list takes 1. and 2.; the cells go on from 3.
        numbered("Scope", "1")
        + numbered("Terms", "1")
        + table(
            run_cell("Check") + run_cell("Answer"),
            cell(numbered("Is the site fenced?", "1")) + run_cell("Yes"),
            # level 1 under 3.; a paragraph without numbering between them gets no number
            cell(numbered("north side", "1", 1), para("(both gates)"), numbered("south side", "1", 1))
            + run_cell("No"),
            # a new level-0 number starts level 1 again; a bullet is "•"; numId 0 is no numbering
            cell(numbered("Are lights working?", "1"), numbered("porch", "1", 1))
            + cell(numbered("spare bulbs", "1", 2), numbered("see log", "0")),
            # numId 2 shares abstract 0 but restarts at 10; numId 1 then goes on from the shared
            # counter, as Word does
            cell(numbered("Restarted", "2")) + cell(numbered("Shared", "1")),
            # the numId from the paragraph's style (the numPr gives only a level): abstract 1
            cell(numbered("Roman", None, 0, style="Steps"), numbered("sub", None, 1, style="Steps"))
            + cell(numbered("legal", "3", 2)),
        )
        + numbered("After the table", "1")
        + table(run_cell("Next") + cell(numbered("Thirteenth", "1", 0))),
    )
    doc = docx(build_docx(body, numbering=NUMBERING, styles=STYLES))
    kinds = [b.kind for b in doc.blocks]
    assert kinds == ["list", "table", "list", "paragraph", "paragraph"]
    # body lists keep their items as before: no numbers in the text of the items
    assert [i.text for i in doc.blocks[0].items] == ["Scope", "Terms"]
    first = doc.blocks[1]
    assert first.header == ("Check", "Answer")
    assert first.rows == (
        ("3. Is the site fenced?", "Yes"),
        ("a) north side (both gates) b) south side", "No"),
        ("4. Are lights working? a) porch", "• spare bulbs see log"),
        ("10. Restarted", "11. Shared"),
        ("I. Roman I.1 sub", "1.1.1 legal"),
    )
    # "After the table" is 12. in Word, so the next numbered cell is 13.
    assert [i.text for i in doc.blocks[2].items] == ["After the table"]
    # (a table of one row: its cells are paragraphs)
    assert [b.text for b in doc.blocks[3:]] == ["Next", "13. Thirteenth"]


def test_only_a_numbered_cell_paragraph_leaves_the_plain_reading():
    from lxml import etree

    def p(xml: str) -> etree._Element:
        return etree.fromstring(f'<w:p xmlns:w="{W_NS}">{xml}</w:p>')

    run = "<w:r><w:t>text</w:t></w:r>"
    assert _plain_runs(p('<w:pPr><w:jc w:val="center"/><w:spacing/></w:pPr>' + run)) == "text"
    assert _plain_runs(p('<w:pPr><w:pStyle w:val="Steps"/></w:pPr>' + run)) == "text"
    assert _plain_runs(p("<w:pPr/>" + run)) == "text"
    numpr = '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>'
    assert _plain_runs(p(f'<w:pPr><w:pStyle w:val="Steps"/>{numpr}</w:pPr>' + run)) is None


@pytest.mark.parametrize(
    ("value", "fmt", "expected"),
    [
        (14, "decimal", "14"),
        (4, "decimalZero", "04"),
        (1994, "upperRoman", "MCMXCIV"),
        (9, "lowerRoman", "ix"),
        (26, "lowerLetter", "z"),
        (28, "upperLetter", "BB"),
        (0, "lowerLetter", "0"),
        (12, "ordinal", "12th"),
        (22, "ordinal", "22nd"),
        (3, "bullet", ""),
        (3, "none", ""),
        (7, "chineseCounting", "7"),
    ],
)
def test_number_formats(value, fmt, expected):
    assert _number_text(value, fmt) == expected


def test_real_form_questions_carry_their_numbers(real_world):
    # test07.docx: the E1 table's 14 questions are cell paragraphs with numPr numId 1 ilvl 0
    # (abstract 0, decimal "%1."), and no body paragraph uses the list. The form refers to them:
    # "If the answer to 7 is NO" follows the question on the observation of human participants.
    doc = extract(real_world / "docx" / "node-word-extractor" / "test07.docx")
    table = next(b for b in doc.blocks if b.kind == "table" and "literature-based" in b.text)
    firsts = [r[0] for r in table.rows]
    assert firsts[0] == "1. Is the research solely literature-based?"
    numbered_rows = [c for c in firsts if c[:1].isdigit()]
    assert [c.split(".", 1)[0] for c in numbered_rows] == [str(n) for n in range(1, 15)]
    at = firsts.index("If the answer to 7 is NO, please go to E1 Ethics Review Part 2")
    assert firsts[at - 1].startswith("7. Does the research involve the observation, experimenting on")
    assert firsts[-1].startswith("14. Does the research involve participants who may be particularly")


def test_a_level_defined_twice_and_a_level_without_a_number():
    numbering = (
        # level 0 is defined twice: the last definition counts, as for the list's ordered flag
        '<w:abstractNum w:abstractNumId="0">'
        '<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl>'
        '<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="lowerRoman"/><w:lvlText w:val="(%1)"/></w:lvl>'
        # level 1 shows no number, only its literal text
        '<w:lvl w:ilvl="1"><w:numFmt w:val="none"/><w:lvlText w:val="Note%2:"/></w:lvl>'
        "</w:abstractNum>"
        '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>'
    )
    body = table(
        run_cell("Clause") + run_cell("Text"),
        cell(numbered("first", "1")) + cell(numbered("second", "1"), numbered("keep dry", "1", 1)),
    )
    (block,) = docx(build_docx(body, numbering=numbering)).blocks
    assert block.rows == (("(i) first", "(ii) second Note: keep dry"),)


def test_numbering_a_cell_paragraph_has_from_its_style_alone():
    # "Item" numbers with numId 1 level 0 ("1."); "SubItem" is based on it and says level 1 ("a)");
    # "Plain" has no numbering. The body's two "Item" paragraphs take 1. and 2.
    styles = (
        '<w:style w:type="paragraph" w:styleId="Item"><w:name w:val="Item"/>'
        '<w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr></w:style>'
        '<w:style w:type="paragraph" w:styleId="SubItem"><w:name w:val="Sub item"/>'
        '<w:basedOn w:val="Item"/><w:pPr><w:numPr><w:ilvl w:val="1"/><w:numId w:val="1"/></w:numPr>'
        "</w:pPr></w:style>"
        '<w:style w:type="paragraph" w:styleId="Plain"><w:name w:val="Plain"/></w:style>'
    )
    no_number = (
        '<w:p><w:pPr><w:pStyle w:val="Item"/><w:numPr><w:numId w:val="0"/></w:numPr></w:pPr>'
        "<w:r><w:t>unnumbered</w:t></w:r></w:p>"
    )
    body = (
        para("Scope", "Item")
        + para("Terms", "Item")
        + table(
            run_cell("Check") + run_cell("Answer"),
            # one plain run each: the fast reading of a cell paragraph gives way to the number
            cell(para("Is the site fenced?", "Item"), para("north side", "SubItem"))
            + cell(para("Yes", "Plain")),
            # a run with a tab is read the general way; a numId 0 of its own takes the style's away
            cell(para("Lights", "Item", extra="<w:r><w:tab/><w:t>on</w:t></w:r>")) + cell(no_number),
        )
    )
    doc = docx(build_docx(body, numbering=NUMBERING, styles=styles))
    assert [b.kind for b in doc.blocks] == ["list", "table"]
    assert [i.text for i in doc.blocks[0].items] == ["Scope", "Terms"]
    assert doc.blocks[1].rows == (
        ("3. Is the site fenced? a) north side", "Yes"),
        ("4. Lights on", "unnumbered"),
    )


def text_box(anchor: str, *paragraphs: str) -> str:
    """A paragraph reading ``anchor`` that anchors a text box holding ``paragraphs``."""
    return (
        f'<w:p><w:r><w:t xml:space="preserve">{anchor}</w:t></w:r><w:r><w:drawing><wp:anchor>'
        '<wp:docPr id="7" name="Text Box 7"/><a:graphic><a:graphicData uri="wps"><w:txbxContent>'
        + "".join(paragraphs)
        + "</w:txbxContent></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r></w:p>"
    )


def test_numbered_text_box_paragraphs_start_with_their_numbers():
    # The body list takes 1.; the text box's items go on with 2. and a) on lines of their own, as
    # in a table cell; the unnumbered line after them has none. The box in the cell goes on with
    # 3., and its text is given once.
    body = (
        numbered("Scope", "1")
        + text_box("Steps:", numbered("Fence the site", "1"), numbered("north side", "1", 1), para("then"))
        + table(run_cell("Check") + cell(text_box("See", numbered("Lights", "1"), para("(both)"))))
    )
    doc = docx(build_docx(body, numbering=NUMBERING, styles=STYLES))
    assert [b.kind for b in doc.blocks] == ["list", "paragraph", "paragraph", "paragraph"]
    assert doc.blocks[1].text == "Steps:\n2. Fence the site\na) north side\nthen"
    # (a table of one row: its cells are paragraphs)
    assert [b.text for b in doc.blocks[2:]] == ["Check", "See 3. Lights (both)"]
