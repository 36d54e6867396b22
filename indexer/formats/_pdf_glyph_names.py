"""Characters pdfium gets wrong in a simple font, read back from the glyph names of the font's encoding.

Two faults, one remedy:

- Ligatures a ToUnicode map gets wrong. Some producers (LaTeX output passed through macOS's PDF
  writer, among others) give a Type 1 font an encoding whose ``/Differences`` name the ligature
  glyphs (``/ff``, ``/ffi``) and a ToUnicode map that sends those codes to U+21B5 (↵) or to
  U+0000: pdfium then reads ``o↵-the-shelf`` and ``diculties``.
- Control characters. A font without a ToUnicode entry for a code, whose glyph name pdfium does
  not know, gives the code itself as the character: a Lucida font naming its em dash ``/2014``
  (the Unicode value in hex, without ``uni``) gives U+0014, TeX's CMEX10 gives U+0012 for its
  ``parenleftbigg`` (its encoding is the font program's own, with no ``/Encoding`` in the PDF).

The glyph name is the sound source: AGL names through pdfminer's ``name2unicode`` (``uniXXXX``
and ``uXXXX[XX]`` included), bare hex names of 4 to 6 upper-case digits, and TeX's names
(TEX_NAMES). pdfium does not give a character's code or its font's dictionaries, so the fonts are
read with pdfminer (the embedded Type 1 program's encoding with pdfminer's header parser, a CFF
program's with fontTools), and only for a document whose text holds such a character.
"""

from __future__ import annotations

import io
import re
import struct
import zlib

#: what a broken ToUnicode map gives for a ligature glyph: U+21B5 or nothing (U+0000)
WRONG = (0x21B5, 0x0000)
#: the ligatures of Unicode's Alphabetic Presentation Forms (ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ), which the line
#: reader expands to their letters
_LIGATURES = frozenset("\ufb00\ufb01\ufb02\ufb03\ufb04\ufb05\ufb06")
#: the codes pdfium gives as themselves, control characters, when it knows no character for their
#: glyph: all below 32 but pdfium's own marks and line breaks (2 stands for a hyphen it removed;
#: 10 and 13 would be told from the breaks it makes only by asking for every one), and 127
CONTROLS = frozenset(range(0x20)) - {0x02, 0x0A, 0x0D} | {0x7F}
_SUBSET_TAG = re.compile(rb"^[A-Z]{6}\+")
#: a glyph named by its Unicode value in hex without ``uni`` (``/2014``), as some producers write;
#: in upper case, as ``uniXXXX`` wants it (xy-pic's arrow tips are ``/d32``, ``/d127``)
_HEX_NAME = re.compile(r"[0-9A-F]{4,6}")
#: fonts read at most (a document with thousands of fonts is read no further)
MAX_FONTS = 2000

#: the sizes of TeX's big delimiters in CMEX: ``\big``, ``\Big``, ``\bigg``, ``\Bigg``
_TEX_SIZES = ("big", "Big", "bigg", "Bigg")
#: the delimiters CMEX draws in those sizes, by the start of their glyph names
_TEX_DELIMITERS = {
    "parenleft": "(",
    "parenright": ")",
    "bracketleft": "[",
    "bracketright": "]",
    "floorleft": "\u230a",  # ⌊
    "floorright": "\u230b",  # ⌋
    "ceilingleft": "\u2308",  # ⌈
    "ceilingright": "\u2309",  # ⌉
    "braceleft": "{",
    "braceright": "}",
    "angbracketleft": "\u27e8",  # ⟨ (mathematical, as TeX's \langle)
    "angbracketright": "\u27e9",  # ⟩
    "slash": "/",
    "backslash": "\\",
    "radical": "\u221a",  # √
}
#: TeX's glyph names that are not AGL names: CMEX's big delimiters (``parenleftbig`` …
#: ``bracerightBigg``), as their delimiter. The pieces a taller delimiter is built of
#: (``parenlefttp``, ``braceex``, ``vextendsingle``, drawn as many times as its height needs) are
#: left out: one ``\big|`` is two ``vextendsingle``, which as ``||`` would read as a double bar.
#: So are the AMS fonts' symbols (``squaresolid``, the ■ ending a proof, set alone at the right
#: margin, where as a line of its own it would join the paragraphs either side of it).
TEX_NAMES: dict[str, str] = {
    base + size: char for base, char in _TEX_DELIMITERS.items() for size in _TEX_SIZES
}


class GlyphNames:
    """``(font name as pdfium gives it, code point pdfium gives) -> character`` for a document,
    read on the first lookup: a ligature for a code point of WRONG, a character for one of
    CONTROLS; a font name whose fonts disagree (two fonts of one name mapping U+0000 to ``ffi``
    and ``ffl``) gives nothing."""

    __slots__ = ("_data", "_password", "_map")

    def __init__(self, data: bytes, password: str | None) -> None:
        self._data = data
        self._password = password
        self._map: dict[tuple[bytes, int], str] | None = None

    def get(self, font: bytes, code_point: int) -> str | None:
        """The character for ``code_point`` in the font pdfium names ``font`` (with or without its
        subset tag: pdfium gives the font program's name where there is one), or None."""
        if self._map is None:
            self._map = _read(self._data, self._password)
        if not self._map:
            return None
        return self._map.get((_SUBSET_TAG.sub(b"", font), code_point))


def glyph_char(name: str) -> str | None:
    """The one character a glyph name stands for, or None (an unknown name, several characters, a
    control, a private-use character): TEX_NAMES first, then the AGL's names and its ``uniXXXX``
    and ``uXXXX[XX]``, then a bare hex value (``2014``)."""
    from pdfminer.encodingdb import name2unicode

    char = TEX_NAMES.get(name)
    if char is None:
        try:
            char = name2unicode(name)
        except (KeyError, ValueError):
            if _HEX_NAME.fullmatch(name) is None:
                return None
            value = int(name, 16)
            if value > 0x10FFFF or 0xD800 <= value <= 0xDFFF:
                return None
            char = chr(value)
    if len(char) != 1 or char < " " or char == "\x7f" or "\ue000" <= char <= "\uf8ff":
        return None
    return char


def _read(data: bytes, password: str | None) -> dict[tuple[bytes, int], str]:
    from pdfminer.pdfexceptions import PDFException
    from pdfminer.psexceptions import PSException

    damaged = (
        PDFException,
        PSException,
        ValueError,
        TypeError,
        KeyError,
        AttributeError,
        IndexError,
        RecursionError,
        OSError,
        zlib.error,
        struct.error,
    )
    found: dict[tuple[bytes, int], set[str]] = {}
    try:
        for font in _fonts(data, password):
            try:
                for key, char in _font_chars(font):
                    found.setdefault(key, set()).add(char)
            except damaged:
                continue  # a damaged font says nothing; the others are read
    except damaged:
        pass  # a damaged file keeps what was read; the text keeps pdfium's characters otherwise
    return {key: next(iter(values)) for key, values in found.items() if len(values) == 1}


def _fonts(data: bytes, password: str | None):
    """The font dictionaries of the pages' resources (each once)."""
    from pdfminer.pdfdocument import PDFDocument
    from pdfminer.pdfpage import PDFPage
    from pdfminer.pdfparser import PDFParser
    from pdfminer.pdftypes import resolve1

    document = PDFDocument(PDFParser(io.BytesIO(data)), password=password or "")
    seen: set[int] = set()
    for page in PDFPage.create_pages(document):
        fonts = resolve1((page.resources or {}).get("Font"))
        if not isinstance(fonts, dict):
            continue
        for ref in fonts.values():
            key = getattr(ref, "objid", None) or id(ref)
            if key in seen:
                continue
            seen.add(key)
            if len(seen) > MAX_FONTS:
                return
            font = resolve1(ref)
            if isinstance(font, dict):
                yield font


def _font_chars(font: dict):
    """``((font name, code point pdfium gives), character)`` for the codes of one font whose
    glyph names say what pdfium gets wrong: a ligature glyph whose ToUnicode entry is a WRONG
    character, a code of CONTROLS that its ToUnicode map (if any) leaves out, where no other code
    maps to the same control (pdfium then gives the code itself)."""
    from pdfminer.pdftypes import resolve1
    from pdfminer.psparser import PSLiteral

    base = resolve1(font.get("BaseFont"))
    if not isinstance(base, PSLiteral):
        return
    encoding = resolve1(font.get("Encoding"))
    differences = _differences(encoding)
    ligatures = {code: char for code, name in differences.items() if (char := _ligature(name)) is not None}
    controls = _control_names(font, encoding, differences)
    stream = resolve1(font.get("ToUnicode"))
    if not controls and (not ligatures or stream is None):
        return
    name = base.name if isinstance(base.name, bytes) else base.name.encode("latin-1")
    font_name = _SUBSET_TAG.sub(b"", name)
    to_unicode = _to_unicode(stream) if stream is not None else {}
    for code, ligature in ligatures.items():
        given = to_unicode.get(code)
        if given is not None and len(given) == 1 and ord(given) in WRONG:
            yield (font_name, ord(given)), ligature
    mapped = set(to_unicode.values())
    for code, char in controls.items():
        if code not in to_unicode and chr(code) not in mapped:
            yield (font_name, code), char


def _ligature(name: str) -> str | None:
    from pdfminer.encodingdb import name2unicode

    try:
        char = name2unicode(name)
    except (KeyError, ValueError):
        return None
    return char if char in _LIGATURES else None


def _differences(encoding) -> dict[int, str]:
    """``code -> glyph name`` of an encoding dictionary's ``/Differences``."""
    from pdfminer.pdftypes import resolve1
    from pdfminer.psparser import PSLiteral

    names: dict[int, str] = {}
    if not isinstance(encoding, dict):
        return names
    code = 0
    for item in resolve1(encoding.get("Differences")) or ():
        item = resolve1(item)
        if isinstance(item, int):
            code = item
        elif isinstance(item, PSLiteral):
            names[code] = item.name if isinstance(item.name, str) else item.name.decode("latin-1")
            code += 1
    return names


def _to_unicode(stream) -> dict[int, str]:
    """``code -> text`` of a ToUnicode map."""
    from pdfminer.cmapdb import CMapParser, FileUnicodeMap

    cmap = FileUnicodeMap()
    CMapParser(cmap, io.BytesIO(stream.get_data())).run()
    return {code: text for code, text in cmap.cid2unichr.items() if isinstance(text, str)}


#: the fonts whose codes are one byte each, as their encoding names them
_SIMPLE = frozenset({"Type1", "MMType1", "TrueType", "Type3"})
#: the fonts whose program has an encoding of its own, used where the PDF gives no base encoding
_TYPE1 = frozenset({"Type1", "MMType1"})


def _control_names(font: dict, encoding, differences: dict[int, str]) -> dict[int, str]:
    """``code -> character`` for the codes of CONTROLS of a simple font whose glyph name tells
    one (glyph_char): the names of its ``/Differences``, over those of its program's built-in
    encoding where the PDF names no base encoding for a Type 1 font."""
    from pdfminer.pdftypes import resolve1
    from pdfminer.psparser import PSLiteral, literal_name

    subtype = resolve1(font.get("Subtype"))
    if not isinstance(subtype, PSLiteral) or literal_name(subtype) not in _SIMPLE:
        return {}
    names = {code: name for code, name in differences.items() if code in CONTROLS}
    if (
        literal_name(subtype) in _TYPE1
        and (encoding is None or (isinstance(encoding, dict) and "BaseEncoding" not in encoding))
        and not names.keys() >= CONTROLS
    ):
        builtin = _builtin_names(font)
        names = {code: name for code, name in builtin.items() if code in CONTROLS} | names
    chars = {code: glyph_char(name) for code, name in names.items()}
    return {code: char for code, char in chars.items() if char is not None}


def _builtin_names(font: dict) -> dict[int, str]:
    """``code -> glyph name`` of the encoding of a Type 1 font's embedded program: a Type 1
    program's (``/FontFile``, its clear-text part read by pdfminer) or a CFF one's
    (``/FontFile3`` of subtype ``Type1C``, read by fontTools: pdfminer's CFF reader takes a
    format-0 encoding's codes for glyph numbers)."""
    from pdfminer.pdftypes import PDFStream, resolve1
    from pdfminer.psparser import PSLiteral, literal_name

    descriptor = resolve1(font.get("FontDescriptor"))
    if not isinstance(descriptor, dict):
        return {}
    program = resolve1(descriptor.get("FontFile"))
    if isinstance(program, PDFStream):
        return _type1_names(program)
    program = resolve1(descriptor.get("FontFile3"))
    subtype = resolve1(program.get("Subtype")) if isinstance(program, PDFStream) else None
    if isinstance(subtype, PSLiteral) and literal_name(subtype) == "Type1C":
        return _cff_names(program.get_data())
    return {}


def _type1_names(program) -> dict[int, str]:
    """``code -> glyph name`` of the ``dup code /name put`` of a Type 1 program's clear text."""
    from pdfminer.pdffont import Type1FontHeaderParser
    from pdfminer.pdftypes import resolve1
    from pdfminer.psexceptions import PSEOF

    data = program.get_data()
    length = resolve1(program.get("Length1"))
    if isinstance(length, int) and 0 < length < len(data):
        data = data[:length]
    parser = Type1FontHeaderParser(io.BytesIO(data))
    names: dict[int, str] = {}
    while True:
        try:
            code, name = parser.nextobject()
        except PSEOF:
            return names
        if isinstance(code, int) and isinstance(name, str):
            names[code] = name


def _cff_names(data: bytes) -> dict[int, str]:
    """``code -> glyph name`` of a CFF program's own encoding (none for the standard and expert
    encodings it may name instead, which have no glyph below 32)."""
    from fontTools.cffLib import CFFFontSet

    cff = CFFFontSet()
    try:
        cff.decompile(io.BytesIO(data), None)
        encoding = cff[cff.fontNames[0]].Encoding
    except Exception:  # noqa: BLE001 - fontTools fails on a damaged program in many ways, none of them the PDF's
        return {}  # a damaged or CID-keyed program: its names are not read
    if not isinstance(encoding, list):
        return {}
    return {code: name for code, name in enumerate(encoding) if name != ".notdef"}
