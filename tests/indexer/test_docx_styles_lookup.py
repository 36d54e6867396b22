"""Paragraph styles are looked up in the raw styles part as it is inflated, chunk by chunk; a style
must be found wherever its id falls, including across the boundary between two chunks, and the
first definition of an id is the one that counts."""

from __future__ import annotations

import io
import zipfile

import pytest

from indexer.formats.docx import _LazyStyles
from tests.indexer.formats.test_docx import build_docx, docx, para

CHUNK = _LazyStyles._CHUNK
TARGET = '<w:style w:type="paragraph" w:styleId="Late"><w:name w:val="heading 3"/></w:style>'


def filler_of(size: int) -> str:
    """Filler styles of exactly ``size`` characters (one padded name)."""
    unit = '<w:style w:type="paragraph" w:styleId="F{i}"><w:name w:val="filler"/></w:style>'
    parts, used, i = [], 0, 0
    while used + len(unit.format(i=i)) + 80 < size:
        parts.append(unit.format(i=i))
        used += len(parts[-1])
        i += 1
    pad = size - used - len('<w:style w:type="paragraph" w:styleId="Pad"><w:name w:val=""/></w:style>')
    parts.append(f'<w:style w:type="paragraph" w:styleId="Pad"><w:name w:val="{"x" * pad}"/></w:style>')
    return "".join(parts)


@pytest.mark.parametrize("cut", [0, 3, 10, 11, 12, 15, 19, 30])
def test_a_style_whose_id_straddles_a_chunk_boundary_is_found(cut: int) -> None:
    # the part starts with '<w:styles ' and the namespace declarations written by build_docx;
    # place 'w:styleId="Late"' so that the first chunk ends `cut` bytes into it
    decl_len = len(build_styles_prefix())
    before = CHUNK - cut - decl_len - len('<w:style w:type="paragraph" ')
    data = build_docx(para("Deep heading", "Late"), styles=filler_of(before) + TARGET)
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        assert zf.read("word/styles.xml").find(b'w:styleId="Late"') == CHUNK - cut
    doc = docx(data)
    assert [(b.kind, b.level, b.text) for b in doc.blocks] == [("heading", 3, "Deep heading")]


def build_styles_prefix() -> str:
    data = build_docx(para("x"), styles="<w:style/>")
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        styles = zf.read("word/styles.xml").decode()
    return styles[: styles.index("<w:style/>")]


def test_the_first_definition_of_an_id_counts_and_escaped_ids_are_found() -> None:
    first = '<w:style w:type="paragraph" w:styleId="Twice"><w:name w:val="heading 2"/></w:style>'
    second = '<w:style w:type="paragraph" w:styleId="Twice"><w:name w:val="heading 5"/></w:style>'
    amp = '<w:style w:type="paragraph" w:styleId="R&amp;D"><w:name w:val="heading 4"/></w:style>'
    body = para("A", "Twice") + para("B", "R&amp;D")
    doc = docx(build_docx(body, styles=first + filler_of(CHUNK + 500) + second + amp))
    # read by hand: "Twice" is first defined as heading 2; "R&D" (escaped in the XML) as heading 4
    assert [(b.kind, b.level, b.text) for b in doc.blocks] == [("heading", 2, "A"), ("heading", 4, "B")]
