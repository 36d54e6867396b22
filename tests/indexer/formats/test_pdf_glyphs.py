"""Glyphs pdfium reads wrongly, read from their names in the font's encoding: ligatures whose
ToUnicode map is wrong (the encoding names the glyph ``/fi``, the map sends the code to U+21B5 or
to U+0000), and glyphs whose name pdfium does not know, which it gives as their code, a control
character (``/2014`` at code 20 read as U+0014, TeX's ``/parenleftbigg`` at 18 as U+0012)."""

from __future__ import annotations

from indexer import extract

from ._pdf_bytes import cff_program, pdf_of

#: code 0x21 is the glyph /fi, mapped to U+21B5; code 0x22 is /fl, mapped to U+0000
TO_UNICODE = b"""/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
/CMapName /Adobe-Identity-UCS def
/CMapType 2 def
1 begincodespacerange
<00><FF>
endcodespacerange
2 beginbfrange
<21><21><21b5>
<22><22><0000>
endbfrange
endcmap
CMapName currentdict /CMap defineresource pop
end
end
"""


def _pdf(text: bytes) -> bytes:
    """One page showing ``text`` in Times-Roman with the encoding and ToUnicode map above."""
    font = (
        b"<< /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+Times-Roman"
        b" /Encoding << /Type /Encoding /Differences [33 /fi /fl] >> /ToUnicode 6 0 R >>"
    )
    return _one_font_pdf(
        text, font, b"<< /Length %d >>\nstream\n" % len(TO_UNICODE) + TO_UNICODE + b"\nendstream"
    )


def test_ligatures_mapped_to_a_return_arrow_or_to_nothing_take_their_glyph_names():
    doc = extract(_pdf(b'A pro!le of the "ow and its !nal cut.'), filename="ligatures.pdf")
    assert doc.text.strip() == "A profile of the flow and its final cut."


def test_ligatures_of_the_layoutparser_paper(real_world):
    doc = extract(real_world / "pdf" / "kreuzberg" / "copy_protected.pdf", options={"ocr": "never"})
    # its fonts name /ff and /ffi in their encoding and map them to U+21B5 and U+0000
    assert "\u21b5" not in doc.text
    assert "An off-the-shelf toolkit" in doc.text
    assert "several practical difficulties for taking" in doc.text
    assert "tools for efficient document image data annotation" in doc.text


def _one_font_pdf(text: bytes, font: bytes, *more: bytes) -> bytes:
    """One page showing ``text`` in the font dictionary ``font`` (object 4); ``more``: the objects
    after the page's content (6, 7, …)."""
    content = b"BT /F1 12 Tf 72 700 Td (" + text + b") Tj ET"
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >>"
        b" /Contents 5 0 R >>",
        font,
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        *more,
    ]
    return pdf_of(objects)


def _differences(differences: bytes) -> bytes:
    return (
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman"
        b" /Encoding << /Type /Encoding /Differences [" + differences + b"] >> >>"
    )


def test_a_glyph_named_by_its_unicode_value_in_hex_is_that_character():
    # /2014 is the em dash, as a Lucida font of a troff document names it; pdfium gives U+0014;
    # /d127 (an xy-pic arrow tip) is no hex value in upper case, and stays what pdfium gives
    data = _one_font_pdf(b"tools \\024 how they fit\\031", _differences(b"20 /2014 25 /d127"))
    text = extract(data, filename="dash.pdf").text
    assert "tools \u2014 how they fit" in text
    assert "\ud127" not in text


def test_tex_big_delimiters_named_in_the_differences_are_their_delimiters():
    # CMEX's codes: 16, 17 parenleftBig, parenrightBig; 26, 27 braceleftbigg, bracerightbigg
    data = _one_font_pdf(
        b"f\\020x\\021 = \\032 y \\033",
        _differences(b"16 /parenleftBig /parenrightBig 26 /braceleftbigg /bracerightbigg"),
    )
    assert extract(data, filename="delimiters.pdf").text.strip() == "f(x) = { y }"


#: the start of a Type 1 font program as TeX's CMEX10 has it: its encoding, before the encrypted
#: part (left out here: pdfium then draws the text in a font of its own, with the same codes)
TYPE1_PROGRAM = b"""%!PS-AdobeFont-1.0: CMEX10 003.002
11 dict begin
/FontName /CMEX10 def
/FontType 1 def
/Encoding 256 array
0 1 255 {1 index exch /.notdef put} for
dup 18 /parenleftbigg put
dup 19 /parenrightbigg put
readonly def
currentfile eexec
"""


def test_glyph_names_of_the_built_in_encoding_of_a_type1_program():
    descriptor = (
        b"<< /Type /FontDescriptor /FontName /ABCDEF+CMEX10 /Flags 4 /FontBBox [0 -2960 1500 770]"
        b" /ItalicAngle 0 /Ascent 40 /Descent -600 /CapHeight 40 /StemV 47 /FontFile 7 0 R >>"
    )
    program = (
        b"<< /Length %d /Length1 %d /Length2 0 /Length3 0 >>\nstream\n"
        % (len(TYPE1_PROGRAM), len(TYPE1_PROGRAM))
        + TYPE1_PROGRAM
        + b"\nendstream"
    )
    font = b"<< /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+CMEX10 /FontDescriptor 6 0 R >>"
    data = _one_font_pdf(b"\\022 a \\023", font, descriptor, program)
    assert extract(data, filename="type1.pdf").text.strip() == "( a )"


def _cff_program() -> bytes:
    """A CFF font program whose own encoding puts parenleftbigg at 18, parenrightbigg at 19 and x
    at 120 (a box each), as a subset of CMEX10 embedded as /FontFile3 has it."""
    return cff_program({18: "parenleftbigg", 19: "parenrightbigg", 120: "x"}, (50, 0, 450, 700))


def test_glyph_names_of_the_built_in_encoding_of_a_cff_program():
    program = _cff_program()
    descriptor = (
        b"<< /Type /FontDescriptor /FontName /ABCDEF+CMEX10 /Flags 4 /FontBBox [0 0 500 700]"
        b" /ItalicAngle 0 /Ascent 700 /Descent 0 /CapHeight 700 /StemV 50 /FontFile3 7 0 R >>"
    )
    stream = b"<< /Subtype /Type1C /Length %d >>\nstream\n" % len(program) + program + b"\nendstream"
    font = (
        b"<< /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+CMEX10 /FirstChar 18 /LastChar 120"
        b" /Widths [500 500" + b" 0" * 100 + b" 500] /FontDescriptor 6 0 R >>"
    )
    data = _one_font_pdf(b"\\022x\\023", font, descriptor, stream)
    assert extract(data, filename="cff.pdf").text.strip() == "(x)"


def test_em_dashes_of_the_unix_program_design_paper(real_world):
    doc = extract(
        real_world / "pdf" / "kreuzberg" / "program_design_in_the_unix_environment.pdf",
        options={"ocr": "never"},
    )
    # its Lucida font names its em dash /2014, which pdfium read as U+0014 (20 of them)
    assert "\x14" not in doc.text
    assert (
        "the programming environment \u2014 how they can be used with other programs \u2014 than on how"
        in doc.text
    )


def test_big_delimiters_of_the_geotopo_lecture_notes(real_world):
    doc = extract(real_world / "pdf" / "py-pdf-samples" / "GeoTopo-komprimiert.pdf", options={"ocr": "never"})
    # CMEX10 embedded without an encoding in the PDF: its program's own encoding names the
    # glyphs, which pdfium read as U+0012, U+0013 (47 each), U+001A, U+001B
    for control in "\x12\x13\x1a\x1b":
        assert control not in doc.text
    assert "\u03c3 = (a b c d) \u2208 SL2(R)" in doc.text  # the 84th page: a 2×2 matrix in \bigl( \bigr)
    assert "{ d(P, R) = d(P, Q) + d(Q, R) oder" in doc.text  # the 69th page: \biggl\{ … \biggr\}
