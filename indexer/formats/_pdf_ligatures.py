"""Ligatures a PDF's ToUnicode map gets wrong, read back from the glyph names of the font's encoding.

Some producers (LaTeX output passed through macOS's PDF writer, among others) give a Type 1 font an
encoding whose ``/Differences`` name the ligature glyphs (``/ff``, ``/ffi``) and a ToUnicode map that
sends those codes to U+21B5 (↵) or to U+0000: pdfium then reads ``o↵-the-shelf`` and ``diculties``.
The glyph name is the sound source: where a font maps one code to such a character and names that
code's glyph a ligature, the character is that ligature. pdfium does not give a character's code or
its font's dictionaries, so the fonts are read with pdfminer, and only for a document whose text
holds such a character.
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
_SUBSET_TAG = re.compile(rb"^[A-Z]{6}\+")
#: fonts read at most (a document with thousands of fonts is read no further)
MAX_FONTS = 2000


class Ligatures:
    """``(font name as pdfium gives it, wrong code point) -> ligature`` for a document, read on the
    first lookup; a font name whose fonts disagree (two fonts of one name mapping U+0000 to ``ffi``
    and ``ffl``) gives nothing."""

    __slots__ = ("_data", "_password", "_map")

    def __init__(self, data: bytes, password: str | None) -> None:
        self._data = data
        self._password = password
        self._map: dict[tuple[bytes, int], str] | None = None

    def get(self, font: bytes, code_point: int) -> str | None:
        """The ligature for ``code_point`` in the font pdfium names ``font`` (with or without its
        subset tag: pdfium gives the font program's name where there is one), or None."""
        if self._map is None:
            self._map = _read(self._data, self._password)
        if not self._map:
            return None
        return self._map.get((_SUBSET_TAG.sub(b"", font), code_point))


def _read(data: bytes, password: str | None) -> dict[tuple[bytes, int], str]:
    from pdfminer.pdfexceptions import PDFException
    from pdfminer.psexceptions import PSException

    found: dict[tuple[bytes, int], set[str]] = {}
    try:
        for font in _fonts(data, password):
            for key, ligature in _font_ligatures(font):
                found.setdefault(key, set()).add(ligature)
    except (
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
    ):
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


def _font_ligatures(font: dict):
    """``((font name, wrong code point), ligature)`` for the codes of one simple font whose
    ToUnicode map gives a WRONG character and whose encoding names a ligature glyph."""
    from pdfminer.cmapdb import CMapParser, FileUnicodeMap
    from pdfminer.encodingdb import name2unicode
    from pdfminer.pdftypes import resolve1
    from pdfminer.psparser import PSLiteral

    encoding = resolve1(font.get("Encoding"))
    to_unicode = resolve1(font.get("ToUnicode"))
    base = resolve1(font.get("BaseFont"))
    if not isinstance(encoding, dict) or to_unicode is None or not isinstance(base, PSLiteral):
        return
    names: dict[int, str] = {}
    code = 0
    for item in resolve1(encoding.get("Differences")) or ():
        item = resolve1(item)
        if isinstance(item, int):
            code = item
        elif isinstance(item, PSLiteral):
            name = item.name if isinstance(item.name, str) else item.name.decode("latin-1")
            try:
                char = name2unicode(name)
            except (KeyError, ValueError):
                char = ""
            if char in _LIGATURES:
                names[code] = char
            code += 1
    if not names:
        return
    cmap = FileUnicodeMap()
    CMapParser(cmap, io.BytesIO(to_unicode.get_data())).run()
    name = base.name if isinstance(base.name, bytes) else base.name.encode("latin-1")
    font_name = _SUBSET_TAG.sub(b"", name)
    for code, ligature in names.items():
        given = cmap.cid2unichr.get(code)
        if isinstance(given, str) and len(given) == 1 and ord(given) in WRONG:
            yield (font_name, ord(given)), ligature
