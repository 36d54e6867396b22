"""Documents made from one template share its styles and numbering parts byte for byte: what one
document found in them is not inflated, searched for or parsed again for the next, and each
document still reads as it does alone (its own list counters, its own warnings)."""

from __future__ import annotations

import io
import zipfile

import pytest

from indexer.formats import _ooxml
from indexer.formats import docx as docx_format
from indexer.formats.docx import _LazyStyles
from tests.indexer import test_docx_styles_lookup as styles_lookup
from tests.indexer.formats.test_docx import build_docx, docx, para
from tests.indexer.formats.test_docx_cell_numbers import NUMBERING, cell, numbered
from tests.indexer.test_docx_styles_lookup import CHUNK, filler_of

#: a heading style defined past the first two steps of inflation
STYLES = filler_of(3 * CHUNK) + (
    '<w:style w:type="paragraph" w:styleId="Late"><w:name w:val="heading 3"/></w:style>'
)


@pytest.fixture(autouse=True)
def fresh_shared_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    """No part kept from other tests' documents (theirs may be the same byte for byte)."""
    monkeypatch.setattr(docx_format, "_shared_styles", {}, raising=False)
    monkeypatch.setattr(docx_format, "_shared_numbering", {}, raising=False)


def test_a_styles_part_shared_by_documents_is_searched_once() -> None:
    first = build_docx(para("First", "Late"), styles=STYLES)
    second = build_docx(para("Second", "Late") + para("Plain"), styles=STYLES)
    assert [(b.kind, b.level, b.text) for b in docx(first).blocks] == [("heading", 3, "First")]

    # the second document's lookup is answered from what the first one found: nothing inflated
    lazy = _LazyStyles(zipfile.ZipFile(io.BytesIO(second)), "word/styles.xml", "t.docx")
    late = lazy.get("Late")
    assert late is not None and late.heading == 3
    assert lazy._raw == b""
    lazy.close()
    # once closed, a part answers only from what it inflated itself, as it does unshared
    closed = _LazyStyles(zipfile.ZipFile(io.BytesIO(second)), "word/styles.xml", "t.docx")
    closed.close()
    assert closed.get("Late") is None

    assert [(b.kind, b.level, b.text) for b in docx(second).blocks] == [
        ("heading", 3, "Second"),
        ("paragraph", 0, "Plain"),
    ]

    # a part damaged past what one document found: the next one runs into the damage and says so
    styles_lookup.test_a_damaged_styles_part_is_read_up_to_the_damage_with_a_warning()
    styles_lookup.test_a_damaged_styles_part_is_read_up_to_the_damage_with_a_warning()


def numbered_cells(*texts: str) -> str:
    """A table of one column whose cells hold one paragraph of list 1 (``1.``, ``2.`` …) each."""
    rows = "".join(f"<w:tr>{cell(numbered(text, '1'))}</w:tr>" for text in texts)
    return f"<w:tbl>{rows}</w:tbl>"


def test_a_numbering_part_shared_by_documents_is_parsed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    parsed: list[str | None] = []
    parse_xml = _ooxml.parse_xml

    def counting(data: bytes, what: str, name: str | None = None):  # noqa: ANN202
        parsed.append(name)
        return parse_xml(data, what, name)

    monkeypatch.setattr(_ooxml, "parse_xml", counting)
    first = build_docx(numbered_cells("Scope", "Terms"), numbering=NUMBERING)
    second = build_docx(numbered_cells("Check", "Sign", "File"), numbering=NUMBERING)
    # numId 1 is "%1." (abstract 0, level 0): each document counts its own cells from 1
    assert [b.rows for b in docx(first).blocks] == [(("2. Terms",),)]
    assert parsed.count("word/numbering.xml") == 1
    assert [(b.header, b.rows) for b in docx(second).blocks] == [
        (("1. Check",), (("2. Sign",), ("3. File",)))
    ]
    assert parsed.count("word/numbering.xml") == 1  # not parsed again

    # a damaged part is not kept: each document that has it says so
    damaged = NUMBERING.replace("</w:abstractNum>", "</w:abstract>", 1)
    for text in ("One", "Two"):
        doc = docx(build_docx(numbered_cells(text) + para("End"), numbering=damaged))
        assert [b.text for b in doc.blocks] == [text, "End"]
        assert any("numbering.xml" in w and "malformed XML" in w for w in doc.coverage.warnings)
