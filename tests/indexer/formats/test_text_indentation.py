"""Plain text: a paragraph whose lines are indented in steps (a program, verse, an outline) keeps
that indentation, relative to its least indented line; indentation that is only layout (the same
on every line, a first-line or a hanging indent, a stray space) goes (hand-checked texts and real
files)."""

from __future__ import annotations

import indexer
from indexer.formats.text import text_blocks
from indexer.model import PARAGRAPH


def _paragraphs(text: str) -> list[str]:
    blocks = text_blocks(text)
    assert {b.kind for b in blocks} == {PARAGRAPH}
    return [b.text for b in blocks]


def test_code_sample_keeps_its_indentation():
    text = "Install it, then:\n\n    def f(x):\n        return x + 1\n\nThat is all."
    assert _paragraphs(text) == ["Install it, then:", "def f(x):\n    return x + 1", "That is all."]


def test_verse_keeps_its_indented_lines():
    verse = (
        "The Owl and the Pussy-cat went to sea\n"
        "   In a beautiful pea-green boat,\n"
        "They took some honey, and plenty of money,\n"
        "   Wrapped up in a five-pound note."
    )
    assert _paragraphs(verse) == [verse]


def test_outline_keeps_its_levels_without_the_common_indent():
    text = "  Plan\n    Phase 1\n      design\n      build\n    Phase 2"
    assert _paragraphs(text) == ["Plan\n  Phase 1\n    design\n    build\n  Phase 2"]


def test_tabs_of_a_nested_record_are_kept():
    text = "Subject:\n\tSecurity ID:\t\tS-1-0-0\n\tAccount Name:\t\t-"
    assert _paragraphs(text) == [text]


def test_layout_indentation_goes():
    first_line = "    It was a dark night, and the rain fell in torrents over\nthe city, except at intervals."
    hanging = (
        "Smith, J. (2001). A rather long title of a book that wraps onto\n    the next line of the list."
    )
    uniform = "   A quoted paragraph indented\n   by three spaces on every line."
    stray = "He was 18,\n playing for Watford in a pre-season friendly.\nEarly life"
    assert _paragraphs(f"{first_line}\n\n{hanging}\n\n{uniform}\n\n{stray}") == [
        "It was a dark night, and the rain fell in torrents over\nthe city, except at intervals.",
        "Smith, J. (2001). A rather long title of a book that wraps onto\nthe next line of the list.",
        "A quoted paragraph indented\nby three spaces on every line.",
        "He was 18,\nplaying for Watford in a pre-season friendly.\nEarly life",
    ]


def test_nested_xml_in_a_text_file(shared_dir):
    # the file's 8 lines: <doc>, its children indented 2 spaces, <extra> 4, </doc> at the margin
    doc = indexer.extract(
        shared_dir / "conformance" / "extract-fields" / "xml-unknown-tags-ignored" / "input.txt"
    )
    assert [b.text for b in doc.blocks] == [
        "<doc>\n"
        "  <status>ok</status>\n"
        "  <surprise>unmodeled top-level element</surprise>\n"
        '  <meta id="M-1">\n'
        "    <extra>unmodeled child element</extra>\n"
        "  </meta>\n"
        '  <trailing flag="x"/>\n'
        "</doc>"
    ]


def test_code_sample_in_a_text_file_keeps_its_indentation_in_chunks(shared_dir):
    # lines 8-20 of the file: a JavaScript call whose object literal is indented 2 and 4 spaces
    path = shared_dir / "seeds" / "004_e58119b1f42eb178.txt"
    sample = next(c for c in indexer.get_chunks(path) if "const driver = new AgenticDriver({" in c["content"])
    assert (
        "const driver = new AgenticDriver({\n"
        "  providers,\n"
        "  retrieval,\n"
        "  context: { resolve: application.resolveAuthorizedDocument },\n"
        "  ingestion: {\n"
        "    pdf: new PopplerPdfExtractor(), // optional; requires installed poppler-utils\n"
        "    maxDocumentBytes: 8_388_608,\n"
    ) in sample["content"]
