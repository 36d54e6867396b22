"""Word headings numbered by their style (Heading 1 and 2 linked to a multilevel list, Word's
way of numbering chapters and sections) or by their own ``w:numPr`` start with the number Word
shows before them: ``1.2 Background``. Their numbers were left out, so a heading read
``Background`` where the page says ``1.2 Background`` and a reference to section 1.2 found no
heading; OpenDocument headings keep theirs (``text:number``) and Word's cell paragraphs theirs.
The counters run through the headings, the body's lists and the cells in document order. The
document is built here; each expected number is counted by hand from the XML (Heading 1 at
level 0 ``%1``, Heading 2 at level 1 ``%1.%2``, restarted under each Heading 1)."""

from __future__ import annotations

from indexer.model import HEADING, LIST
from tests.indexer.formats.test_docx import build_docx, docx

NUMBERING = (
    '<w:abstractNum w:abstractNumId="0"><w:multiLevelType w:val="multilevel"/>'
    '<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:pStyle w:val="Heading1"/>'
    '<w:lvlText w:val="%1"/></w:lvl>'
    '<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:pStyle w:val="Heading2"/>'
    '<w:lvlText w:val="%1.%2"/></w:lvl></w:abstractNum>'
    '<w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/>'
    '<w:lvlText w:val="%1."/></w:lvl></w:abstractNum>'
    '<w:abstractNum w:abstractNumId="2"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="bullet"/>'
    '<w:lvlText w:val="\u2022"/></w:lvl></w:abstractNum>'
    '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>'
    '<w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>'
    '<w:num w:numId="3"><w:abstractNumId w:val="2"/></w:num>'
)
STYLES = (
    '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/>'
    '<w:pPr><w:numPr><w:numId w:val="1"/></w:numPr><w:outlineLvl w:val="0"/></w:pPr></w:style>'
    '<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/>'
    '<w:pPr><w:numPr><w:ilvl w:val="1"/><w:numId w:val="1"/></w:numPr><w:outlineLvl w:val="1"/></w:pPr></w:style>'
    '<w:style w:type="paragraph" w:styleId="Heading3"><w:name w:val="heading 3"/>'
    '<w:pPr><w:outlineLvl w:val="2"/></w:pPr></w:style>'
)


def _p(text: str, style: str | None = None, num: str = "") -> str:
    ppr = (
        f'<w:pPr><w:pStyle w:val="{style}"/>{num}</w:pPr>'
        if style
        else (f"<w:pPr>{num}</w:pPr>" if num else "")
    )
    return f"<w:p>{ppr}<w:r><w:t>{text}</w:t></w:r></w:p>"


def _item(text: str) -> str:
    return _p(text, num='<w:numPr><w:ilvl w:val="0"/><w:numId w:val="2"/></w:numPr>')


def test_numbered_headings_start_with_the_number_word_shows():
    body = (
        _p("Introduction", "Heading1")
        + _p("Why the harbour needs a wall.")
        + _p("Scope", "Heading2")
        + _item("Survey")
        + _item("Repairs")
        + _p("Background", "Heading2")
        + _p("Methods", "Heading1")
        + _p("Data", "Heading2")
        # a heading in a cell: a cell paragraph, its number before it as before
        + f"<w:tbl><w:tr><w:tc>{_p('Tides', 'Heading2')}</w:tc><w:tc>{_p('Twice a day')}</w:tc></w:tr></w:tbl>"
        + _p("Results", "Heading2")
        # a heading numbered by a bullet list shows no number; one of no numbering none
        + _p("Notes", "Heading3", '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="3"/></w:numPr>')
        + _p("Appendix", "Heading3")
    )
    blocks = docx(build_docx(body, numbering=NUMBERING, styles=STYLES)).blocks
    assert [(b.level, b.text) for b in blocks if b.kind == HEADING] == [
        (1, "1 Introduction"),
        (2, "1.1 Scope"),
        (2, "1.2 Background"),
        (1, "2 Methods"),
        (2, "2.1 Data"),
        (2, "2.3 Results"),  # 2.2 is the cell's
        (3, "Notes"),
        (3, "Appendix"),
    ]
    (items,) = [b.items for b in blocks if b.kind == LIST]
    assert [(i.text, i.number) for i in items] == [("Survey", 1), ("Repairs", 2)]
    assert "2.2 Tides" in [b.text for b in blocks]


def test_a_level_whose_number_is_hidden_shows_none_and_still_counts():
    # chapters numbered by a level whose number is hidden text (w:vanish in the level's run
    # properties: the number alone, not the heading's text): the heading shows no number, and
    # each still counts, so the sections under the second read 2.1; a list whose level hides
    # its number shows none either (its items are not read as numbered)
    numbering = NUMBERING.replace(
        '<w:lvlText w:val="%1"/></w:lvl>', '<w:lvlText w:val="%1"/><w:rPr><w:vanish/></w:rPr></w:lvl>', 1
    ).replace(
        '<w:lvlText w:val="%1."/></w:lvl>', '<w:lvlText w:val="%1."/><w:rPr><w:vanish/></w:rPr></w:lvl>', 1
    )
    body = (
        _p("Introduction", "Heading1")
        + _p("Scope", "Heading2")
        + _p("Methods", "Heading1")
        + _p("Data", "Heading2")
        + _item("Survey")
        + _item("Repairs")
    )
    blocks = docx(build_docx(body, numbering=numbering, styles=STYLES)).blocks
    assert [(b.level, b.text) for b in blocks if b.kind == HEADING] == [
        (1, "Introduction"),
        (2, "1.1 Scope"),
        (1, "Methods"),
        (2, "2.1 Data"),
    ]
    (items,) = [b.items for b in blocks if b.kind == LIST]
    assert [(i.text, i.ordered, i.number) for i in items] == [
        ("Survey", False, None),
        ("Repairs", False, None),
    ]
