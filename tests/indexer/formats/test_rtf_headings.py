"""RTF paragraphs given an outline level (``\\outlinelevelN``, 0 to 8) are headings of level N + 1:
Word writes the level in each heading paragraph's properties (RtfTestDocument.rtf: ``\\s1`` …
``\\outlinelevel0`` for "Heading 1"), and pandoc writes it alone (kreuzberg's word_sample.rtf, the
same document as word_sample.docx, whose Heading 1 and Heading 2 they are)."""

from __future__ import annotations

from indexer import extract_bytes
from indexer.api import extract

STYLES = (
    r"{\stylesheet{\s0 Normal;}{\s1\outlinelevel0 heading 1;}{\s2\outlinelevel1 heading 2;}"
    r"{\s9\outlinelevel9 Body Text;}}"
)


def rtf(body: str) -> bytes:
    return ("{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Arial;}}" + STYLES + "\n" + body + "}").encode("latin-1")


def kinds(doc) -> list[tuple[str, int, str]]:
    return [(b.kind, b.level, b.text) for b in doc.blocks]


def test_word_headings_are_headings(real_world):
    doc = extract(real_world / "rtf/RtfPipe/RtfTestDocument.rtf")
    heads = [(b.level, b.text) for b in doc.blocks if b.kind == "heading"]
    # \s1 \outlinelevel0, \s2 \outlinelevel1, \s3 \outlinelevel2, as read in the file
    assert heads == [
        (1, "Heading 1"),
        (2, "Text"),
        (2, "Lists"),
        (3, "Numbered List"),
        (3, "Bulleted list"),
        (2, "Table"),
    ]
    assert ("paragraph", 0, "Normal Paragraph") in kinds(doc)


def test_pandoc_headings_are_the_word_documents(real_world):
    doc = extract(real_world / "rtf/kreuzberg/word_sample.rtf")
    heads = [(b.level, b.text) for b in doc.blocks if b.kind == "heading"]
    assert heads == [(1, "Let\u2019s swim!"), (2, "Let\u2019s eat")]


def test_outline_levels_of_paragraphs_not_of_styles():
    body = (
        r"\pard\plain\s1\outlinelevel0 Overview\par"
        r"\pard\plain\s0 Plain text under it.\par"
        r"\pard\plain\s2\outlinelevel1 \b Details\b0\par"
        r"\pard\plain\s9\outlinelevel9 Body text at level 9 is no heading.\par"
        # a numbered heading, its number's group after the paragraph's properties, as Word writes
        r"\pard\plain\s1\outlinelevel0 {\listtext 1.\tab}Numbered part\par"
    )
    doc = extract_bytes(rtf(body), "t.rtf")
    assert kinds(doc) == [
        ("heading", 1, "Overview"),
        ("paragraph", 0, "Plain text under it."),
        ("heading", 2, "Details"),
        ("paragraph", 0, "Body text at level 9 is no heading."),
        ("heading", 1, "1. Numbered part"),
    ]


def test_a_heading_level_in_a_table_cell_is_the_cells_text():
    row = r"\trowd\cellx2000\cellx4000\pard\intbl\outlinelevel0 Name\cell\pard\intbl Value\cell\row"
    row2 = r"\trowd\cellx2000\cellx4000\pard\intbl Ann\cell\pard\intbl 3\cell\row"
    doc = extract_bytes(rtf(r"\pard Before\par" + row + row2 + r"\pard After\par"), "t.rtf")
    table = next(b for b in doc.blocks if b.kind == "table")
    assert table.header == ("Name", "Value") and table.rows == (("Ann", "3"),)
    assert all(b.kind != "heading" for b in doc.blocks)
    assert "\ue00c" not in doc.text
