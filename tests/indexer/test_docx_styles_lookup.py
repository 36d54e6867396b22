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


def lazy_styles(styles: str) -> _LazyStyles:
    data = build_docx(para("x"), styles=styles)
    return _LazyStyles(zipfile.ZipFile(io.BytesIO(data)), "word/styles.xml", "t.docx")


def test_the_fields_of_a_style_are_read_from_its_own_element() -> None:
    styles = (
        '<w:style w:type="paragraph" w:styleId="Plain"><w:name w:val="Plain"/></w:style>'
        '<w:style w:type="paragraph" w:default="1" w:styleId="Listed"><w:name w:val="List &amp; More"/>'
        '<w:basedOn w:val="R&amp;D"/><w:pPr><w:numPr><w:numId w:val="7"/></w:numPr></w:pPr></w:style>'
        '<w:style w:type="paragraph" w:styleId="Deep"><w:name w:val=" Heading 3 "/><w:pPr><w:numPr>'
        '<w:ilvl w:val="2"/><w:numId w:val="4"/></w:numPr><w:outlineLvl w:val="5"/></w:pPr></w:style>'
        '<w:style w:type="paragraph" w:styleId="Open"><w:name w:val="open"/><w:pPr>'
        '<w:outlineLvl w:val="1"/></w:style>'
        '<w:style w:type="paragraph" w:styleId="Outside"><w:name w:val="outside"/><w:rPr>'
        '<w:outlineLvl w:val="3"/><w:numId w:val="2"/></w:rPr></w:style>'
        '<w:style w:styleId="Tt" w:type="paragraph"><w:name w:val="TITLE"/></w:style>'
        '<w:style w:type="paragraph" w:styleId="Überschrift1"><w:name w:val="heading 1"/></w:style>'
        '<w:style w:type="paragraph" w:styleId="My Style"><w:basedOn w:val="Plain"/></w:style>'
    )
    lazy = lazy_styles(styles)
    # read by hand from the elements above: (heading level from the name, basedOn, outline, numPr)
    assert tuple(lazy.get("Plain")) == (0, None, None, None)
    assert tuple(lazy.get("Listed")) == (0, "R&D", None, ("7", 0))  # no ilvl: level 0
    assert tuple(lazy.get("Deep")) == (3, None, 5, ("4", 2))
    assert lazy.get("Open").outline == 1  # an unclosed pPr runs to the end of its style
    assert tuple(lazy.get("Outside")) == (0, None, None, None)  # only what is inside pPr counts
    assert lazy.get("Tt").heading == 1
    assert lazy.get("Überschrift1").heading == 1  # letters beyond ASCII, written as they are
    assert tuple(lazy.get("My Style")) == (0, "Plain", None, None)  # no name: the id's, no heading
    assert lazy.get("Missing") is None and lazy.get("Missing") is None  # looked up once
    assert lazy.error is None
    lazy.close()


def test_based_on_loops_end_and_unstyled_paragraphs_take_the_default_style() -> None:
    styles = (
        '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/>'
        '<w:pPr><w:outlineLvl w:val="1"/></w:pPr></w:style>'
        '<w:style w:type="paragraph" w:styleId="A"><w:name w:val="a"/><w:basedOn w:val="B"/></w:style>'
        '<w:style w:type="paragraph" w:styleId="B"><w:name w:val="heading 5"/><w:basedOn w:val="A"/>'
        "</w:style>"
        '<w:style w:type="paragraph" w:styleId="C"><w:name w:val="c"/><w:basedOn w:val="C"/></w:style>'
    )
    body = para("x", "A") + para("y", "B") + para("z") + para("w", "C")
    doc = docx(build_docx(body, styles=styles))
    # A takes "heading 5" from B, B its own, and the loops between them and of C end there; the
    # unstyled paragraph takes Normal's outline level 1 (heading 2); C has nothing to give
    assert [(b.kind, b.level, b.text) for b in doc.blocks] == [
        ("heading", 5, "x"),
        ("heading", 5, "y"),
        ("heading", 2, "z"),
        ("paragraph", 0, "w"),
    ]


def test_styles_after_latent_styles_longer_than_a_chunk_are_found_in_any_order() -> None:
    latent = "".join(f'<w:lsdException w:name="latent {i}" w:uiPriority="{i}"/>' for i in range(400))
    latent = f'<w:latentStyles w:count="400">{latent}</w:latentStyles>'
    assert len(latent) > 2 * CHUNK  # the first style id is two chunks in
    near = '<w:style w:type="paragraph" w:styleId="Near"><w:name w:val="heading 2"/></w:style>'
    deep = '<w:style w:type="paragraph" w:styleId="Deep"><w:name w:val="heading 4"/></w:style>'
    body = para("d", "Deep") + para("n", "Near") + para("d2", "Deep")
    doc = docx(build_docx(body, styles=latent + near + filler_of(2 * CHUNK) + deep))
    assert [(b.kind, b.level, b.text) for b in doc.blocks] == [
        ("heading", 4, "d"),
        ("heading", 2, "n"),
        ("heading", 4, "d2"),
    ]


def test_a_damaged_styles_part_is_read_up_to_the_damage_with_a_warning() -> None:
    early = '<w:style w:type="paragraph" w:styleId="Early"><w:name w:val="heading 2"/></w:style>'
    filler = "".join(
        f'<w:style w:type="paragraph" w:styleId="F{i * 7919 % 100003}"><w:name w:val="f {i * i}"/></w:style>'
        for i in range(3000)
    )
    data = build_docx(para("A", "Early") + para("B", "Missing"), styles=early + filler)
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        info = zf.getinfo("word/styles.xml")
    raw = bytearray(data)
    name_len, extra_len = (
        int.from_bytes(raw[info.header_offset + 26 : info.header_offset + 28], "little"),
        (int.from_bytes(raw[info.header_offset + 28 : info.header_offset + 30], "little")),
    )
    start = info.header_offset + 30 + name_len + extra_len
    middle = start + info.compress_size // 2
    raw[middle : middle + 64] = b"\xff" * 64  # the deflate stream garbled half-way
    doc = docx(bytes(raw))
    # "Early" is defined before the damage and still gives its heading; the search for "Missing"
    # runs into the damage, which is reported, and the paragraph stays a paragraph
    assert [(b.kind, b.level, b.text) for b in doc.blocks] == [("heading", 2, "A"), ("paragraph", 0, "B")]
    assert any(
        "word/styles.xml" in w and "is damaged" in w and "styles after it were not read" in w
        for w in doc.coverage.warnings
    )


def test_ids_with_quotes_or_brackets_are_found_however_they_are_written() -> None:
    # Word writes ' and > in attribute values as they are; libxml2 writes > as &gt; and some
    # writers ' as &apos;. No single search key finds both forms, so such ids are looked up in
    # the part parsed whole (read by hand: the four styles below are headings 1-4)
    styles = (
        '<w:style w:type="paragraph" w:styleId="Tom\'s"><w:name w:val="heading 1"/></w:style>'
        '<w:style w:type="paragraph" w:styleId="A&gt;B"><w:name w:val="heading 2"/></w:style>'
        '<w:style w:type="paragraph" w:styleId="C>D"><w:name w:val="heading 3"/></w:style>'
        '<w:style w:type="paragraph" w:styleId="Ann&apos;s"><w:name w:val="heading 4"/></w:style>'
    )
    body = para("One", "Tom's") + para("Two", "A&gt;B") + para("Three", "C&gt;D") + para("Four", "Ann's")
    doc = docx(build_docx(body, styles=filler_of(CHUNK + 100) + styles))
    assert [(b.kind, b.level, b.text) for b in doc.blocks] == [
        ("heading", 1, "One"),
        ("heading", 2, "Two"),
        ("heading", 3, "Three"),
        ("heading", 4, "Four"),
    ]


def test_an_empty_style_name_falls_back_to_the_id() -> None:
    # as when the part is parsed whole: the id "Heading2" then gives the level
    styles = '<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val=""/></w:style>'
    doc = docx(build_docx(para("Named by its id", "Heading2"), styles=styles))
    assert [(b.kind, b.level) for b in doc.blocks] == [("heading", 2)]


def test_the_whole_part_reading_keeps_the_first_definition_too() -> None:
    from lxml import etree

    from indexer.formats.docx import _styles

    w = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    root = etree.fromstring(
        f'<x:styles xmlns:x="{w}">'
        '<x:style x:styleId="Twice"><x:name x:val="heading 2"/></x:style>'
        '<x:style x:styleId="Twice"><x:name x:val="heading 5"/></x:style></x:styles>'
    )
    assert _styles(root)["Twice"].heading == 2
