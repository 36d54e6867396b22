"""Small PDF files for tests, written object by object: a file of numbered objects (the first the
catalog), its cross-reference table and trailer, as a writer lays them out."""

from __future__ import annotations


def pdf_of(objects: list[bytes]) -> bytes:
    """A PDF 1.4 file of ``objects`` (the bodies of objects 1, 2, …; object 1 the catalog)."""
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for n, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % n + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % off for off in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def cff_program(codes: dict[int, str], box: tuple[int, int, int, int], width: int = 500) -> bytes:
    """A CFF font program named CMEX10, as a subset embedded as /FontFile3 has one: a glyph per
    name of ``codes``, each a box (left, bottom, right, top, in 1/1000 em) of advance ``width``,
    placed at its code by the program's own encoding."""
    import io

    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    names = [".notdef", *dict.fromkeys(codes.values())]
    builder = FontBuilder(1000, isTTF=False)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({})
    left, bottom, right, top = box
    glyphs = {}
    for name in names:
        pen = T2CharStringPen(width, None)
        pen.moveTo((left, bottom))
        pen.lineTo((right, bottom))
        pen.lineTo((right, top))
        pen.lineTo((left, top))
        pen.closePath()
        glyphs[name] = pen.getCharString()
    builder.setupCFF("CMEX10", {"FullName": "CMEX10"}, glyphs, {})
    cff = builder.font["CFF "].cff
    encoding = [".notdef"] * 256
    for code, name in codes.items():
        encoding[code] = name
    cff.topDictIndex[0].Encoding = encoding
    out = io.BytesIO()
    cff.compile(out, builder.font)
    return out.getvalue()
