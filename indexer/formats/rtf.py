"""Rich Text Format (.rtf), converted to text with striprtf.

Before conversion, paragraph marks inside table rows (``\\trowd`` … ``\\row``) become spaces, so a
cell holding several paragraphs stays one cell, and a nested table's cell and row ends become
spaces, so it is flattened into its cell; striprtf then renders each row as ``a|b|c|``. A cell
continuing a vertical merge (``\\clvmrg``) repeats the text of the merge's first cell (``\\clvmgf``),
and a cell spanning several columns of the table's grid (its right edges) repeats its text in each
(a table whose rows have as many cells, none merged across, keeps them as they are); the cells a
row has past its last definition each span a column as wide as its last cell. A ``|`` of
the text is kept apart from the ``|`` striprtf ends each cell with.
The text is read line by line: runs of table rows become a table block, lines that start with a
list marker (``1.``/``a)`` or a bullet, then a tab) become a list, and so do those numbered with a
label of several parts (``1.1``, ``2.3.1.``, Word's ``%1.%2.`` levels) then a tab, in a Word list
or in a run where each label follows the one before it (1. → 1.1 → 1.2 → 2.), a level per part;
every other line is a paragraph;
Word's list numbers (``\\listtext``, ``\\pntext``; where a list paragraph writes none, those its
list table gives, as Word counts them, a legal level's (``\\levellegal1``) with the numbers of
the levels above it in digits; a number Word writes without the tab after it, ``\\levelfollow1``
or ``2``, is given one) carry their paragraph's level, and, where its list numbers with letters
or Roman numerals, that kind (its list's, or that of the level its override puts in place of
the list's), so that ``i.`` counts as 9 or as 1 and ``bb.`` as 28; a list indented further than
the list just before it is nested in that one, as Word shows it.
Footnotes and endnotes become ``[^n]`` markers, n the number the document shows (in the formats
its ``\\ftnn…`` and ``\\aftnn…`` words give, else Word's: 1, 2 for footnotes, i, ii for
endnotes; a section's own ``\\sftnn…``, ``\\saftnn…``, first numbers and restarts in its
notes; every note an endnote in a document of endnotes only, ``\\fet1``; numbering that starts
again at each page counted on, the pages not being known; a label a note before it has, as
notes numbered again at each section have, made unique as ``1-2``), the notes paragraphs at
the end. Document metadata ``{source_type, title, author}`` comes from the ``\\info`` group. A
paragraph given an outline level (``\\outlinelevelN``, 0 to 8, as Word and pandoc write their
headings) is a heading of level N + 1; the style sheet's levels are its styles', not paragraphs'.
Bytes above 0x7F written raw (not as ``\\'xx``) are read as escaped ones are, in the current
font's code page (``\\cpgN``) or character set, else the document's code page; in a double-byte
code page a lead byte is read with its trail byte, raw or ASCII after an escaped lead byte
(``\\'83e``); a font's code page no character set stands for (``\\cpg866``) is read here, the
conversion having none to read it by. A Mac character set (``\\fcharset77`` to ``89``) reads in the
code page the RTF specification gives it. A font holds to the end of its group (across paragraph
ends) or the next ``\\fN``; the default font (``\\deffN``) before any ``\\fN`` and after ``\\plain``.
The data of a ``\\binN`` word outside a picture are no text.

Pictures (``{\\pict …}``, hex or ``\\bin`` data) are taken out before conversion and a marker
left in their place: PNG and JPEG pictures become images placed after the paragraph, table or list
that holds them (a table whose cells hold nothing else: where it stands), with the alt text of
their ``wzDescription`` shape property, and so does a WMF picture that only draws one bitmap (a
Paint picture, a bitmap pasted into WordPad), that bitmap made a PNG; the others (WMF, EMF,
device bitmaps) are listed as skipped and leave a placeholder naming their format where they stand
(``[Image: EMF picture]``), as a Word document's do. Word writes each picture twice, as
``{\\*\\shppict {\\pict …}}`` and as a ``{\\nonshppict …}`` metafile for older readers: the second
copy is dropped. A list's picture bullets (``{\\*\\listpicture …}``, ``\\levelpictureN``) are
bullets, no pictures of the text. An embedded or linked object (``{\\object …}``) is read as its
``{\\result …}``, what it shows (a picture, text).
"""

from __future__ import annotations

import bisect
import codecs
import functools
import io
import re
import struct
from collections.abc import Callable
from dataclasses import dataclass, replace

from ..errors import EmptyExtraction, ParseError
from ..images import dimensions
from ..limits import ExtractContext
from ..model import (
    HEADING,
    IMAGE,
    LIST,
    PARAGRAPH,
    TABLE,
    Block,
    Coverage,
    Document,
    Image,
    ListItem,
    Skipped,
    assemble,
    marked_header,
    render_list,
    render_table,
)
from . import _ooxml
from ._numerals import note_number_text, number_chars, number_text, roman_value
from ._symbol_font import symbol_char
from .registry import extractor

_CODEPAGE = re.compile(rb"\\ansicpg(\d{1,5})(?![0-9])")
_MAC = re.compile(rb"\\mac(?![a-z])")
#: the code page word, taken out before conversion: the converter would look up ``cpN`` again and
#: read any page Python does not name so (the Mac ones) as UTF-8 (see ``_without_code_page``)
_CODEPAGE_WORD = re.compile(r"\\ansicpg\d+ ?")
#: a control word just before the code page word (an escaped backslash before it is text)
_WORD_BEFORE = re.compile(r"(?<!\\)(?:\\\\)*\\[a-zA-Z]{1,32}-?\d{0,10}$")
#: Apple's code pages (Windows numbers them 10000 + the Mac script code), which Python names
#: ``mac_*`` rather than ``cpN``; the CJK ones by the standard encoding each extends
_MAC_PAGES = {
    10000: "mac_roman",
    10001: "shift_jis",
    10002: "big5",
    10003: "euc_kr",
    10004: "mac_arabic",
    10006: "mac_greek",
    10007: "mac_cyrillic",
    10008: "gb2312",
    10010: "mac_romanian",
    10017: "mac_cyrillic",
    10029: "mac_latin2",
    10079: "mac_iceland",
    10081: "mac_turkish",
    10082: "mac_croatian",
}
#: the Mac font character sets of the RTF specification (1.9.1, ``\\fcharsetN``) by the code page
#: each stands for: Roman, Shift-JIS, Hangul, GB2312, Big5, Hebrew, Arabic, Greek, Turkish, Thai,
#: East European, Russian (82, Johab, names none). Python has no codec of Mac Hebrew (10005) nor of
#: Mac Thai (10021): those read in the document's code page
_MAC_CHARSET_PAGES = {
    77: 10000,
    78: 10001,
    79: 10003,
    80: 10008,
    81: 10002,
    83: 10005,
    84: 10004,
    85: 10006,
    86: 10081,
    87: 10021,
    88: 10029,
    89: 10007,
}
#: a Mac character set left outside the font tables read, which the converter would look up by a
#: name Python has no codec for (one ``\\'xx`` in such a font failed the document): made 256,
#: none, read in the document's code page (81, 83 and 84 the converter reads, as Mac Arabic, Greek
#: and Cyrillic: the font tables' fonts are written so)
_MAC_CHARSET = re.compile(r"\\fcharset(7[89]|8[025-9])(?![0-9])")
_ROW = re.compile(r"\\trowd.*?\\row(?![a-z])", re.S)
#: where a row's cell definitions end (its first paragraph or cell end), the words of a definition
#: read there (a vertical merge's first cell, its continuation, a horizontal merge's first cell,
#: its continuation, a cell's right edge) and the cell ends
_ROW_DEFS_END = re.compile(r"\\(?:pard|intbl|cell)(?![a-z])")
_CELL_DEF = re.compile(r"\\(clvmgf|clvmrg|clmgf|clmrg|cellx)(?![a-z])(-?\d+)?")
_CELL_END = re.compile(r"\\cell(?![a-z])")
#: a table cell's mark, at its end: its right edge between private-use characters (the first says
#: whether the cell starts a vertical merge, continues one, or neither; one before the last that it
#: continues a horizontal merge), in one group that sets ``\uc1`` itself, as pictures' marks do
_MERGE = re.compile("([\ue005\ue006\ue009])(-?\\d+)(\ue00a?)\ue007")
_MERGE_START = {"clvmgf": 57349, "clvmrg": 57350}
_PAR = re.compile(r"\\par(?![a-z])")
#: the cell and row ends of a table nested in a cell: its text is flattened into that cell
_NEST = re.compile(r"\\nest(?:cell|row)(?![a-z])")
_INFO_FIELD = {key: re.compile(r"\{\\" + key + r"(?![a-z])\s?([^{}]*)\}") for key in ("title", "author")}
_FONT_WORD = re.compile(r"\\f\d")
_SPECIAL = re.compile(r"[{}\\]")
#: what finding a group's end stops at: a brace, ``\\bin`` (raw bytes follow) or an escaped brace
#: or backslash; the other control words are passed over in one search
_GROUP_STOP = re.compile(r"[{}]|\\(?:bin|[{}\\])")
_GROUP_START = re.compile(r"\{\\(?:\*\\)?(pict|objdata|shppict|nonshppict)(?![a-z])")
_BIN = re.compile(r"\\bin(\d*) ?")
#: a ``\\binN`` word (the N bytes after it are data), or an escaped backslash or other control
#: symbol passed over
_BINARY = re.compile(r"\\bin(\d{1,10}) ?|\\[^b]")
#: the bullet a picture bullet is read as (``_picture_bullets``), in a group setting ``\\uc1``
_BULLET_RTF = "{\\uc1\\u8226?}"
_LIST_PICTURE = re.compile(r"\{\\(?:\*\\)?listpicture(?![a-z])")
#: a picture's place in the text: its number between two private-use characters, each written in a
#: group of its own so that the document's \uc setting cannot swallow what follows
_MARK = re.compile("\ue000(\\d+)\ue001")
_MARK_RTF = "{{\\uc1\\u57344?}}{0}{{\\uc1\\u57345?}}"
#: a footnote's text, kept by the conversion between two private-use characters (each in a group
#: of its own, as for pictures) in place of the destination word it would skip
_NOTE_START = re.compile(r"\{\\(?:\*\\)?footnote(?![a-z])")
_NOTE_OPEN = "{\\uc1\\u57346?}{"
_NOTE_CLOSE = "}{\\uc1\\u57347?}"
_NOTE = re.compile("\ue002([^\ue002\ue003]*)\ue003")
#: the document's formats of footnote numbers (``\\ftnnar`` …) and of endnote numbers
#: (``\\aftnnrlc`` …), their first numbers (``\\ftnstartN``, ``\\aftnstartN``) and whether
#: they start again at each section (``\\ftnrestart``, ``\\aftnrestart``; ``…rstcont``:
#: continuous); a section's own (``\\sftnn…``, ``\\saftnn…``, ``\\sftnstartN``,
#: ``\\sftnrestart`` …) in :data:`_SECTION_NOTE`
_NOTE_FORMAT = re.compile(r"\\(a?)ftnn(ar|alc|auc|rlc|ruc|chi)(?![a-z])")
_NOTE_FIRST = re.compile(r"\\(a?)ftnstart(\d{1,5})(?![0-9])")
_NOTE_RESTART = re.compile(r"\\(a?)ftn(restart|rstcont|rstpg)(?![a-z])")
_SECTION_NOTE = re.compile(
    r"\\s(a?)ftn(?:n(ar|alc|auc|rlc|ruc|chi)|start(\d{1,5})(?![0-9])|(restart|rstcont|rstpg))(?![a-z])"
)
#: a section's end, and the word that sets a section's properties back to the document's
_SECTION_END = re.compile(r"\\sect(?![a-z])")
_SECTION_DEFAULTS = re.compile(r"\\sectd(?![a-z])")
#: the kinds of notes a document holds (``\\fetN``: 0 footnotes, 1 endnotes, 2 both)
_NOTE_TYPE = re.compile(r"\\fet(\d)(?![0-9])")
_NOTE_FORMATS = {
    "ar": "decimal",
    "alc": "lowerLetter",
    "auc": "upperLetter",
    "rlc": "lowerRoman",
    "ruc": "upperRoman",
    "chi": "chicago",
}
_PICT_WORD = re.compile(r"\\([a-z]+)(-?\d+)? ?")
#: an embedded or linked object, and the result it shows (``{\\result …}``, in it)
_OBJECT = re.compile(r"\{\\object(?![a-z])")
_RESULT = re.compile(r"\{\\result(?![a-z]) ?")
#: a Windows metafile's records that set up its drawing (map mode, window and viewport origins
#: and extents, stretch mode, background and text colours and modes, raster operation, saved
#: states) and its end record: drawn with one bitmap record, the metafile shows that bitmap
#: alone, as Windows wraps a Paint picture or a bitmap pasted into WordPad or Word
_WMF_SETUP = frozenset(
    (0x0000, 0x001E, 0x0102, 0x0103, 0x0104, 0x0106, 0x0107, 0x0127, 0x012E, 0x0201, 0x0209)
    + (0x020B, 0x020C, 0x020D, 0x020E)
)
#: the records that draw a device-independent bitmap (META_DIBBITBLT, META_DIBSTRETCHBLT,
#: META_STRETCHDIB) → where the bitmap starts in the record, past its parameters
_WMF_BITMAPS = {0x0940: 22, 0x0B41: 26, 0x0F43: 28}
_WMF_PLACEABLE = b"\xd7\xcd\xc6\x9a"
#: the largest bitmap made a PNG (width × height)
_MAX_BITMAP_PIXELS = 50_000_000
_DESCRIPTION = re.compile(r"\{\\sn\s*wzDescription\}\s*\{\\sv\s*([^{}]*)\}")
#: picture kinds by their RTF control word, as an extension
_BLIPS = {
    "pngblip": "png",
    "jpegblip": "jpg",
    "emfblip": "emf",
    "wmetafile": "wmf",
    "macpict": "pict",
    "pmmetafile": "pmm",
    "dibitmap": "bmp",
    "wbitmap": "bmp",
}
#: a list paragraph: its level marks and the mark of its kind of number (see ``_list_levels``),
#: its number or bullet (Word's, Google Docs' ``●○■``, the Symbol and Wingdings bullets as
#: private-use characters), a tab, its text. A label of several letters is a number only where it
#: is a Roman numeral or its list numbers with letters (``_item``)
_ITEM = re.compile(
    r"^\s*(\ue004*)([\ue00d\ue00e]?)\s*"
    r"(?:(\d{1,3}|[a-z]{1,30}|[A-Z]{1,30})[.)]|([•·◦▪●○■\-*o§\uf0b7\uf0a7]))"
    r"\s*\t\s*(.*)$"
)
_ROMAN_LABEL = re.compile(r"[ivxlc]{1,6}|[IVXLC]{1,6}")
#: a paragraph numbered with a label of several parts (``1.1.``, ``2.3.1``, ``I.A.``: Word's
#: ``%1.%2.`` levels, or numbers typed before a tab), its text after a tab: its level marks and
#: the mark of its kind of number (as for ``_ITEM``), its label, its text
_MULTI_ITEM = re.compile(
    r"^\s*(\ue004*)([\ue00d\ue00e]?)\s*"
    r"((?:\d{1,3}|[A-Za-z]|[ivxlc]{2,6}|[IVXLC]{2,6})(?:\.(?:\d{1,3}|[A-Za-z]|[ivxlc]{2,6}|[IVXLC]{2,6})){1,8}[.)]?)"
    r"\s*\t\s*(.*)$"
)
#: where a paragraph's list number is written (``\\pntext`` by Word's older list syntax, skipped by
#: the conversion), the words that give its level, its list (``\\lsN``), in the older syntax its
#: letters or Roman numerals (``\\pnlcltr``, ``\\pnucrm`` …), and its left indent (``\\liN``)
_LIST_WORD = re.compile(
    r"\{\\(listtext|pntext)(?![a-z])|\\(ilvl|pnlvl)(\d+)|\\(pard?)(?![a-z])|\\ls(\d+)"
    r"|\\pn[lu]c(ltr|rm)(?![a-z])|\\li(-?\d+)"
)
_LIST_NUMBER = re.compile(r"\\ls(\d+)")
_PNTEXT = re.compile(r"\{\\pntext(?![a-z])")
_LIST_TEXT = re.compile(r"\{\\listtext(?![a-z])")
_TAB = re.compile(r"\\tab(?![a-z])|\t")
_LEVEL_RTF = "{\\uc1\\u57348?}"
#: a list number's kind where its list says it is letters or Roman numerals, marked after its
#: level marks: the label alone does not tell "i" the letter from "i" the numeral
_LETTERS, _ROMAN = "\ue00d", "\ue00e"
_KIND_RTF = {_LETTERS: "{\\uc1\\u57357?}", _ROMAN: "{\\uc1\\u57358?}"}
_LIST_MARKS = re.compile("[\ue004\ue00d\ue00e]")
#: a list level's number format (``\\levelnfcN`` in the list table) as its kind: Roman numerals
#: (1, 2: upper and lower case) or letters (3, 4); the others (decimal, bullets, none) have none
_LEVEL_KINDS = {"1": _ROMAN, "2": _ROMAN, "3": _LETTERS, "4": _LETTERS}
#: the words of the list table that say a list's levels' number formats and its id
_LIST_TABLE_WORD = re.compile(r"\\levelnfc(\d+)|\\listid(-?\d+)|\{\\list(?:level)?(?![a-z])")
#: the words of the list override table that name a list (``\\lsN``) for a list of the table
#: and replace the number format of some of its levels: an override's ``{\\lfolevel …}`` groups
#: are its levels in order from the first, and one that overrides the format
#: (``\\listoverrideformat``) holds a whole ``{\\listlevel …}`` in place of the list's
_OVERRIDE_WORD = re.compile(
    r"\\listid(-?\d+)|\\ls(\d+)|\{\\(listoverride|lfolevel|listlevel)(?![a-z])|\\levelnfc(\d+)"
)
#: a paragraph's outline level (a heading's), marked where its text starts by N + 1 of these
_OUTLINE = re.compile(r"\\outlinelevel(\d+)(?![0-9]) ?")
_HEADING_RTF = "{\\uc1\\u57356?}"
_HEADING = "\ue00c"
_HEADING_RUN = re.compile("\ue00c+")
#: a font table entry: its number and what follows up to the ``;`` ending its name, groups of it
#: (``{\\*\\panose …}``) and groups in those (``{\\*\\fontemb{\\*\\fontfile …}}``) passed over
_FONT_ENTRY = re.compile(r"\{\\f(\d+)(?![0-9])([^{};]*(?:\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}[^{};]*)*);")
_FONT_NAME_NOISE = re.compile(r"\{[^{}]*\}|\\[a-z]+-?\d* ?|\\.")
#: what the reading of a symbol font's text meets: a group's start or end, a font, ``\plain``, a
#: Unicode character and a hex byte, any other control word or symbol, a run of text
_SYMBOL_TOKEN = re.compile(
    r"([{}])|\\f(\d+)(?![0-9]) ?|\\(plain)(?![a-z]) ?|\\u(-?\d+) ?|\\'([0-9a-fA-F]{2})"
    r"|\\[a-zA-Z]+-?\d* ?|\\[^a-zA-Z]|([^\\{}\r\n]+)|[\r\n]+"
)
#: a symbol that has no character (a picture of Wingdings, a piece of a large bracket), taken out
#: of the text after the conversion
_NO_CHAR = "\ue008"
#: a ``|`` of the text, kept apart from the ``|`` the conversion writes at each cell's end (which
#: the text is split at) as this private-use character, in a group that sets ``\uc1`` itself
_PIPE = "\ue00b"
_PIPE_RTF = "{\\uc1\\u57355?}"
#: the document's ``|``: alone it is text; a control symbol ``\|``, an escaped backslash before
#: one, the fallback of a ``\uN`` or the second byte of a double-byte character written as
#: ``\'xx|`` are left as they are
_TEXT_PIPE = re.compile(r"(\\\\|\\\||\\'[89a-fA-F][0-9a-fA-F]\||\\u-?\d+ ?\|)|\|")


def _encoding(raw: bytes) -> str:
    """The document's code page: ``\\ansicpgN``, else the character set word (``\\mac`` is Mac
    Roman), else Windows-1252."""
    head = raw[:4096]
    mac = _MAC.search(head) is not None
    m = _CODEPAGE.search(head)
    name = _page_codec(int(m.group(1))) if m else None
    if name is not None:
        return name
    return "mac_roman" if mac else "cp1252"


def _page_codec(page: int) -> str | None:
    """The name Python reads the Windows code page ``page`` by: Apple's by their ``mac_*`` names,
    the others as ``cpNNN``, at least three digits (``\\cpg37``, EBCDIC, is ``cp037``); None for a
    page Python has no codec for."""
    name = _MAC_PAGES.get(page, f"cp{page:03d}")
    try:
        codecs.lookup(name)
    except LookupError:
        return None
    return name


#: a font's code page and character set in its font table entry, and the character set the conversion
#: reads each code page by (striprtf's map of character sets to codecs, backwards; the Mac CJK pages
#: as the Windows sets of the same encodings)
_FONT_CODE_PAGE = re.compile(r"\\cpg(\d{1,5})(?![0-9])")
_FONT_CHARSET = re.compile(r"\\fcharset(\d+)")
_CPG_CHARSET = {
    437: "254",
    850: "255",
    874: "222",
    932: "128",
    936: "134",
    949: "129",
    950: "136",
    1250: "238",
    1251: "204",
    1252: "0",
    1253: "161",
    1254: "162",
    1255: "177",
    1256: "178",
    1257: "186",
    1258: "163",
    1361: "130",
    10000: "77",
    10001: "128",
    10002: "136",
    10003: "129",
    10004: "81",
    10006: "83",
    10007: "84",
    10008: "134",
}
#: a byte above 0x7F written as it is, not as ``\\'xx`` (converters, scripts and old editors write
#: them so), and what must be passed over to find one: an escaped backslash, a control symbol
_RAW_BYTE = re.compile(r"\\[\\\x80-\xff]|([\x80-\xff]+)")
_ESCAPES = {byte: "\\'%02x" % byte for byte in range(0x80, 0x100)}
#: an escaped byte that may start a double-byte character, then an ASCII byte that may end it
_LEAD_AND_TRAIL = re.compile(r"\\'[89a-fA-F][0-9a-fA-F][@-\[\]-z|~]")
#: the font character sets of double-byte code pages (Japanese, Korean, Johab, simplified and
#: traditional Chinese; the Mac sets of those are written as these before, see ``_font_charsets``)
_DBCS_CHARSET = re.compile(r"\\fcharset(?:12[89]|13[046])(?![0-9])")
#: what reading a double-byte document's bytes meets: a font (``\\fN``), a hex byte, an escaped
#: backslash or brace or a control symbol of a byte, a group's start or end, a raw byte
#: (``\\binN`` data are taken out before)
_BYTE_TOKEN = re.compile(r"\\(?:f(\d+)(?![0-9])|'([0-9a-fA-F]{2})|[\\{}\x80-\xff])|([{}])|([\x80-\xff]+)")
#: the default font word of the header, before the font table
_DEFAULT_FONT = re.compile(r"\\deff(\d+)(?![0-9])")
#: the word that sets the character formatting back to the defaults
_PLAIN = re.compile(r"\\plain(?![a-z])")


def _escaped(byte: str) -> str:
    return "\\'%02x" % ord(byte)


@functools.lru_cache(maxsize=64)
def _lead_bytes(codec: str) -> frozenset[str]:
    """The bytes that start a two-byte character in ``codec`` (none in a one-byte code page)."""
    try:
        decoder = codecs.getincrementaldecoder(codec)
    except LookupError:
        return frozenset()
    leads = set()
    for byte in range(0x80, 0x100):
        try:
            if decoder().decode(bytes((byte,))) == "":
                leads.add(chr(byte))
        except UnicodeDecodeError:
            pass
    return frozenset(leads)


def _raw_bytes(rtf: str, encoding: str) -> str:
    """The document with each byte above 0x7F that it writes raw written ``\\'xx``, so that the
    conversion reads it as it reads an escaped byte: in the current font's character set, else in
    the document's code page (``\\ansicpgN``), no longer as Latin-1 whatever the code page. In a
    double-byte code page a character's two bytes are written together (the trail byte, which may be
    ASCII, after an escaped or raw lead byte), as the RTF specification has readers take them:
    ``\\'83e`` (the specification's standard form of テ) and ``テ`` written raw in Shift-JIS both read テ.
    In a font whose code page no character set stands for (``\\cpg866``, DOS Cyrillic), the bytes,
    escaped or raw, are written as the characters they are in that page (see ``_decoded``)."""
    ascii = rtf.isascii()
    pages = _font_pages(rtf) if "\\cpg" in rtf else {}
    if ascii and not pages and _LEAD_AND_TRAIL.search(rtf) is None:
        return rtf
    fonts: dict[str, frozenset[str]] = {}
    if _lead_bytes(encoding) or _DBCS_CHARSET.search(rtf):
        fonts = _font_leads(rtf, encoding)
    if not _lead_bytes(encoding) and not any(fonts.values()) and not pages:
        if ascii:
            return rtf
        return _RAW_BYTE.sub(lambda m: m.group(1).translate(_ESCAPES) if m.group(1) else m.group(0), rtf)
    return _double_bytes(rtf, fonts, _lead_bytes(encoding), pages)


def _font_pages(rtf: str) -> dict[str, str]:
    """The fonts of the font tables whose code page (``\\cpgN``, or the Mac character set
    ``_font_charsets`` wrote as one) no character set stands for and Python reads one byte a
    character (DOS pages such as 866, EBCDIC ones such as 37, the Mac pages Windows numbers 10029,
    10081 …), by number, with that page's codec: the conversion cannot be told to read them so."""
    at = rtf.find("{\\fonttbl", 0, 100_000)
    if at < 0:
        return {}
    ends = [i for i in (rtf.find(w, at, at + 1_000_000) for w in ("{\\colortbl", "{\\stylesheet")) if i >= 0]
    end = min(ends) if ends else _group_end(rtf, at)
    fonts: dict[str, str] = {}
    for m in _FONT_ENTRY.finditer(rtf, at, end):
        page = _FONT_CODE_PAGE.search(m.group(2))
        if page is None or int(page.group(1)) in _CPG_CHARSET:
            continue
        codec = _page_codec(int(page.group(1)))
        if codec is not None and not _lead_bytes(codec):  # (UTF-8, 65001, reads several bytes a character)
            fonts.setdefault(m.group(1), codec)
    return fonts


def _decoded(byte: str, codec: str) -> str:
    """The byte ``byte`` (above 0x7F) of a font whose code page ``codec`` no character set stands
    for, written for the conversion as the character it is there: that character itself, which the
    conversion copies as text (a ``\\uN`` fallback skips it as it skips one byte), but an ASCII one
    as the escaped byte it is in any Western page and the four that striprtf would take for letters
    of a control word before them (ı, İ, ſ, K) in a group of their own (``{\\uc1\\uN?}``); a byte
    the page lacks is U+FFFD."""
    char = bytes((ord(byte),)).decode(codec, "replace")
    if char.isascii():
        return _escaped(char)
    if char in "\u0130\u0131\u017f\u212a":
        return "{\\uc1\\u%d?}" % ord(char)
    return char


def _font_leads(rtf: str, encoding: str) -> dict[str, frozenset[str]]:
    """The lead bytes of each font of the font tables, by number, from its character set
    (``\\fcharsetN``, as the conversion reads it; none: the document's code page)."""
    from striprtf.striprtf import charset_map

    at = rtf.find("{\\fonttbl", 0, 100_000)
    if at < 0:
        return {}
    ends = [i for i in (rtf.find(w, at, at + 1_000_000) for w in ("{\\colortbl", "{\\stylesheet")) if i >= 0]
    end = min(ends) if ends else _group_end(rtf, at)
    fonts: dict[str, frozenset[str]] = {}
    for m in _FONT_ENTRY.finditer(rtf, at, end):
        charset = re.search(r"\\fcharset(\d+)", m.group(2))
        codec = charset_map.get(int(charset.group(1)), encoding) if charset else encoding
        fonts.setdefault(m.group(1), _lead_bytes(codec))
    return fonts


def _double_bytes(
    rtf: str, fonts: dict[str, frozenset[str]], page: frozenset[str], pages: dict[str, str]
) -> str:
    """``_raw_bytes`` in a document with a double-byte code page or font, or a font of a code page
    of its own (``pages``): the current font is followed as the conversion follows it, as the RTF
    specification has fonts hold (a ``\\fN`` to the end of its group or the next ``\\fN``, across
    paragraph and section ends; the default font is set by the ``\\fN`` ``_default_font`` writes
    after ``\\deffN`` and ``\\plain``), for the bytes that start a character and for the code page
    its bytes are read in."""
    out: list[str] = []
    stack: list[str | None] = []
    font: str | None = None
    leads = page
    codec: str | None = None  # the current font's page of its own
    copied = 0  # the text before this is in ``out``
    trail_at = -1  # where an escaped byte is the trail byte of the escaped lead byte before it
    pos = 0
    end = len(rtf)
    while True:
        m = _BYTE_TOKEN.search(rtf, pos)
        if m is None:
            break
        number, byte, brace, raw = m.groups()
        pos = m.end()
        if codec is not None and (raw is not None or (byte is not None and byte[0] in "89abcdefABCDEF")):
            run = raw if raw is not None else chr(int(byte, 16))
            out.append(rtf[copied : m.start()])
            out.append("".join(_decoded(b, codec) for b in run))
            copied = pos
        elif byte is not None:
            if m.start() == trail_at or chr(int(byte, 16)) not in leads or pos >= end:
                continue
            after = rtf[pos]
            if after == "\\":
                trail_at = pos  # an escaped trail byte: the conversion reads the two together
            elif ("@" <= after <= "~" and after not in "{}") or after >= "\x80":
                out.append(rtf[copied:pos])
                out.append(_escaped(after))
                pos += 1
                copied = pos
        elif raw is not None:  # a run of raw bytes
            out.append(rtf[copied : m.start()])
            out.append(raw.translate(_ESCAPES))
            if leads:
                i, n = 0, len(raw)
                while i < n:
                    i += 2 if raw[i] in leads else 1
                # its last byte a lead byte: its trail is the byte after it, whatever it is (a
                # brace or backslash too), but for an escaped one (a writer's mistake, which the
                # conversion reads with it)
                if i > n and pos < end and rtf[pos] >= "@" and not rtf.startswith("\\'", pos):
                    out.append(_escaped(rtf[pos]))
                    pos += 1
            copied = pos
        elif brace is not None or number is not None:
            if brace == "{":
                stack.append(font)
            elif brace == "}":
                font = stack.pop() if stack else font
            else:
                font = number
            leads = fonts.get(font, page) if font is not None else page
            codec = pages.get(font) if font is not None else None
    if not out:
        return rtf
    out.append(rtf[copied:])
    return "".join(out)


def _font_charsets(rtf: str) -> str:
    """The font tables with each font's code page (``\\cpgN``), which the conversion does not read,
    written as its character set (``\\fcharsetN``) in place of the one the font names: a font's
    code page decides how its bytes read, before its character set (a page no character set stands
    for is left as it is). A Mac character set (77 to 89) is read as the code page the RTF
    specification gives it: as the set the conversion reads that page by, else (Mac East European,
    Turkish) as ``\\cpgN`` of that page, read by ``_font_pages``; a Mac set of a page Python lacks
    (Hebrew, Thai) reads in the document's code page. A font naming no character set is given
    ``\\fcharset1``, the default one, which the conversion reads as the document's code page: it
    looked for a font's character set up to the next one named, so that such a font took the next
    font's set and hid that font (``{\\f0 Times;}{\\f1\\fcharset161 Arial Greek;}`` read both
    fonts' bytes wrong)."""
    at = rtf.find("{\\fonttbl", 0, 100_000)
    if at < 0:
        return rtf
    ends = [i for i in (rtf.find(w, at, at + 1_000_000) for w in ("{\\colortbl", "{\\stylesheet")) if i >= 0]
    end = min(ends) if ends else _group_end(rtf, at)
    out: list[str] = []
    copied = at
    for m in _FONT_ENTRY.finditer(rtf, at, end):
        found = _FONT_CODE_PAGE.search(m.group(2))
        page = int(found.group(1)) if found else None
        mac = None  # the code page of a Mac character set
        if page is None and "\\fcharset" in m.group(2):
            named = _FONT_CHARSET.search(m.group(2))
            page = mac = _MAC_CHARSET_PAGES.get(int(named.group(1))) if named else None
        charset = _CPG_CHARSET.get(page) if page is not None else None
        if charset is None and (mac is not None or "\\fcharset" not in m.group(2)):
            charset = "1"
        if charset is not None:
            body = _FONT_CHARSET.sub("", m.group(2))
            if mac is not None and charset == "1":
                body = f"\\cpg{mac}" + body
            out.append(rtf[copied : m.start(2)] + f"\\fcharset{charset}" + body)
            copied = m.end(2)
    if not out:
        return rtf
    return rtf[:at] + "".join(out) + rtf[copied:]


def _without_binary(rtf: str) -> str:
    """``rtf`` without the data of its ``\\binN`` words (N raw bytes after the word and the space
    that ends it), which are no text; the conversion read them as text wherever they were not a
    picture's. Each word and its data become an empty group, so that what follows does not run
    into a control word before it. An escaped backslash before ``bin`` is passed over."""
    out: list[str] = []
    copied = 0
    pos = 0
    while True:
        m = _BINARY.search(rtf, pos)
        if m is None:
            break
        pos = m.end()
        if m.group(1) is not None:
            out.append(rtf[copied : m.start()] + "{}")
            pos = copied = min(pos + int(m.group(1)), len(rtf))
    if not out:
        return rtf
    out.append(rtf[copied:])
    return "".join(out)


def _bytes_readable(rtf: str, encoding: str) -> str:
    """``rtf`` (its bytes as Latin-1 characters) written so that the conversion, given the code page
    ``encoding``, reads each byte as the RTF specification has it read: the data of ``\\binN``
    words taken out, each font's code page (``\\cpgN``) or Mac character set as the character set
    standing for it (a page none stands for read here), the default font (``\\deffN``) set where
    the document starts and after ``\\plain``, the bytes written raw escaped as ``\\'xx`` (a
    double-byte character's two bytes together), the code page word taken out and a Mac character
    set outside the font tables read named 256, none."""
    if "\\bin" in rtf:
        rtf = _without_binary(rtf)
    if "\\cpg" in rtf or "\\fcharset" in rtf:
        rtf = _font_charsets(rtf)
    if "\\deff" in rtf:
        rtf = _default_font(rtf)
    rtf = _without_code_page(_raw_bytes(rtf, encoding))
    if "\\fcharset" in rtf:
        rtf = _MAC_CHARSET.sub(r"\\fcharset256", rtf)
    return rtf


def readable(data: bytes) -> tuple[str, str]:
    """The RTF document ``data`` written so that its bytes read as :func:`extract_rtf` reads them
    (see ``_bytes_readable``), and its code page: in the code page its ``\\ansicpgN`` (or ``\\mac``)
    declares and its fonts' ``\\cpgN`` and ``\\fcharsetN`` give, raw or escaped, a double-byte
    character's two bytes together, ``\\binN`` data taken out. Each escaped byte (``\\'xx``) is
    then to be read in the current font's character set, else that code page; a character above
    0x7F in it is one already read."""
    encoding = _encoding(data)
    return _bytes_readable(data.decode("latin-1"), encoding), encoding


def rtf_text(data: bytes) -> str:
    """The text of the RTF document ``data`` as the conversion alone gives it (its tables, lists,
    notes and pictures not read), its bytes read as :func:`extract_rtf` reads them (see
    :func:`readable`) and the text of its symbol fonts (Symbol, Wingdings …) as the characters it
    shows, as there. For an RTF body of a mail read as a plain one. Raises ParseError when the
    conversion fails."""
    rtf, encoding = readable(data)
    text = _to_text(_symbol_text(rtf), encoding)
    return text.replace(_NO_CHAR, "") if _NO_CHAR in text else text


def _without_code_page(rtf: str) -> str:
    """``rtf`` without its code page words (``\\ansicpgN`` and the space that ends one). Where text
    follows one just after another control word, a space is left to end that word
    (``\\ansi\\ansicpg1252 Hello`` is ``\\ansi Hello``, not the unknown word ``\\ansiHello``);
    after a brace or a control symbol there is nothing to end (``}\\ansicpg1252 Hello`` is
    ``}Hello``)."""
    if "\\ansicpg" not in rtf:
        return rtf

    def replaced(m: re.Match[str]) -> str:
        after = rtf[m.end() : m.end() + 1]
        if not after or after in "\\{}":
            return ""
        return " " if _WORD_BEFORE.search(rtf, max(m.start() - 48, 0), m.start()) else ""

    return _CODEPAGE_WORD.sub(replaced, rtf)


def _default_font(rtf: str) -> str:
    """``rtf`` with its default font (``\\deffN`` of the header, before the font table) set, as
    ``\\fN``, where it is named and after each ``\\plain`` past the font tables, so that the text
    before any other font and after ``\\plain`` reads in its code page, as the RTF specification
    has it (``\\plain`` sets the character formatting, the font with it, back to the defaults: Word
    writes no ``\\fN`` after it for text in the default font), no longer in the font before or the
    document's code page (the conversion and the reading of bytes followed ``\\fN`` alone). A symbol
    font (Symbol, Wingdings …) is not set: its text is read where a ``\\fN`` names it."""
    at = rtf.find("{\\fonttbl", 0, 100_000)
    m = _DEFAULT_FONT.search(rtf, 0, at) if at > 0 else None
    if m is None:
        return rtf
    symbols, end = _symbol_fonts(rtf)
    font = m.group(1)
    if font in symbols:
        return rtf
    out = [rtf[: m.end()], "\\f" + font, rtf[m.end() : end]]
    copied = end
    for plain in _PLAIN.finditer(rtf, end):
        at = plain.start()
        while at > copied and rtf[at - 1] == "\\":
            at -= 1
        if (plain.start() - at) % 2:  # an escaped backslash before "plain": text
            continue
        out += (rtf[copied : plain.end()], "\\f" + font)
        copied = plain.end()
    out.append(rtf[copied:])
    return "".join(out)


def _group_end(rtf: str, start: int) -> int:
    """The index of the brace that closes the group opened at ``start``, jumping over hex data and
    ``\\binN`` runs (raw bytes that may hold braces); ``len(rtf)`` when it is never closed."""
    depth = 0
    i = start
    n = len(rtf)
    while i < n:
        m = _GROUP_STOP.search(rtf, i)  # jump over hex data and words to the next brace
        if m is None:
            return n
        i = m.start()
        ch = rtf[i]
        if ch == "\\":
            b = _BIN.match(rtf, i) if rtf.startswith("bin", i + 1) else None
            i = b.end() + int(b.group(1)) if b and b.group(1) else i + 2
            continue
        if ch == "{":
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return n


def _strip_groups(rtf: str) -> tuple[str, list[str]]:
    """Take out picture and embedded-object data groups with one linear scan: returns the rest,
    with a marker where each picture was, and the pictures' groups in order. ``\\objdata`` and
    ``\\nonshppict`` groups go without a trace. Their hex payloads are most of a file's bytes."""
    out: list[str] = []
    pictures: list[str] = []
    pos = 0
    while True:
        start = _GROUP_START.search(rtf, pos)
        if start is None:
            out.append(rtf[pos:])
            break
        out.append(rtf[pos : start.start()])
        end = _group_end(rtf, start.start())
        kind = start.group(1)
        if kind in ("pict", "shppict"):
            group = rtf[start.start() : end + 1]
            if kind == "shppict":  # the picture inside it
                inner = group.find("{\\pict", 1)
                group = group[inner : _group_end(group, inner) + 1] if inner > 0 else ""
            if group:
                out.append(_MARK_RTF.format(len(pictures)))
                pictures.append(group)
        pos = end + 1
    return "".join(out), pictures


def _picture_bullets(rtf: str) -> str:
    """A list's picture bullets as bullets: the pictures of the list table (``{\\*\\listpicture
    …}``, which a level showing one names by ``\\levelpictureN``) are no pictures of the text and
    are taken out, and a picture in a paragraph's list number (``{\\listtext …}``, where a writer
    puts the bullet it shows) becomes the bullet ``•`` (its metafile copy for older readers
    with it), as the picture is drawn in a bullet's place."""
    found = _LIST_PICTURE.search(rtf)
    if found is not None:  # written with or without the \* of a destination to skip
        rtf = rtf[: found.start()] + rtf[_group_end(rtf, found.start()) + 1 :]
    out: list[str] = []
    pos = 0
    for m in _LIST_TEXT.finditer(rtf):
        if m.start() < pos:
            continue
        end = _group_end(rtf, m.start())
        pictures = [p for p in _GROUP_START.finditer(rtf, m.end(), end) if p.group(1) != "objdata"]
        if not pictures:
            continue
        out += [rtf[pos : pictures[0].start()], _BULLET_RTF]
        pos = pictures[0].start()
        for p in pictures:
            if p.start() >= pos:
                out.append(rtf[pos : p.start()])
                pos = _group_end(rtf, p.start()) + 1
    out.append(rtf[pos:])
    return "".join(out)


def _object_results(rtf: str) -> str:
    """Each object (``{\\object …}``: a Paint picture, a spreadsheet embedded or linked) as what
    it shows, its ``{\\result …}`` (a picture, text), which the conversion would skip with the
    object; an object without one is left out. Run after the objects' data is taken out."""
    out: list[str] = []
    pos = 0
    for m in _OBJECT.finditer(rtf):
        if m.start() < pos:  # an object inside the result of another
            continue
        end = _group_end(rtf, m.start())
        out.append(rtf[pos : m.start()])
        found = _RESULT.search(rtf, m.end(), end)
        if found is not None:
            out += ["{", rtf[found.end() : _group_end(rtf, found.start())], "}"]
        pos = end + 1
    out.append(rtf[pos:])
    return "".join(out)


def _wmf_bitmap(data: bytes) -> bytes | None:
    """The bitmap (a DIB: its header, colours and pixels) a Windows metafile is drawn with, where
    it draws that one bitmap and nothing else (:data:`_WMF_SETUP`); None for any other."""
    at = 22 if data.startswith(_WMF_PLACEABLE) else 0
    if len(data) < at + 18:
        return None
    at += struct.unpack_from("<H", data, at + 2)[0] * 2  # the header's size, in words
    bitmap = None
    while at + 6 <= len(data):
        size, kind = struct.unpack_from("<IH", data, at)
        end = at + size * 2
        if size < 3 or end > len(data):
            return None
        if kind in _WMF_BITMAPS:
            start = at + _WMF_BITMAPS[kind]
            if bitmap is not None or end - start < 40:  # a second bitmap, or none (a pattern)
                return None
            bitmap = data[start:end]
        elif kind not in _WMF_SETUP:
            return None
        if kind == 0:
            break
        at = end
    return bitmap


def _bitmap_png(dib: bytes) -> bytes | None:
    """A device-independent bitmap as a PNG (Pillow reads it); None where it cannot be read or
    is larger than :data:`_MAX_BITMAP_PIXELS`."""
    from PIL import BmpImagePlugin, Image, UnidentifiedImageError

    header = struct.unpack_from("<I", dib)[0]
    if header == 12:  # the old OS/2 header: 16-bit sizes
        width, height = struct.unpack_from("<HH", dib, 4)
    else:
        width, height = struct.unpack_from("<ii", dib, 4)
    if width <= 0 or height == 0 or width * abs(height) > _MAX_BITMAP_PIXELS:
        return None
    try:
        with BmpImagePlugin.DibImageFile(io.BytesIO(dib)) as image:
            image.load()
            out = io.BytesIO()
            image.save(out, "PNG")
    except (
        OSError,
        ValueError,
        SyntaxError,
        struct.error,
        UnidentifiedImageError,
        Image.DecompressionBombError,
    ):
        return None
    return out.getvalue()


def _mark_notes(rtf: str) -> tuple[str, list[tuple[str, int]]]:
    """Let the conversion keep ``{\\footnote …}`` groups, their text between two marks; returns
    the RTF and each note's kind in order (``endnote`` for ``\\ftnalt``, or for every note of a
    document that holds endnotes only, ``\\fet1``; else ``footnote``) and the number of the
    section it stands in (0 for the first; each ``\\sect`` ends one)."""
    out: list[str] = []
    kinds: list[tuple[str, int]] = []
    pos = 0
    fet = _NOTE_TYPE.search(rtf)
    endnotes_only = fet is not None and fet.group(1) == "1"
    ends = [m.start() for m in _SECTION_END.finditer(rtf)] if "\\sect" in rtf else []
    for start in _NOTE_START.finditer(rtf):
        if start.start() < pos:  # a note group inside a note (not written by any editor)
            continue
        end = _group_end(rtf, start.start())
        inner = rtf[start.end() : end]
        kind = "endnote" if endnotes_only or "\\ftnalt" in inner else "footnote"
        kinds.append((kind, bisect.bisect(ends, start.start())))
        out += [rtf[pos : start.start()], _NOTE_OPEN, inner, _NOTE_CLOSE]
        pos = end + 1
    if not kinds:
        return rtf, kinds
    out.append(rtf[pos:])
    return "".join(out), kinds


def _list_levels(rtf: str) -> str:
    """Mark each list number group (``{\\listtext …}``, else Word's older ``{\\pntext …}``) with
    one private-use character per level of its paragraph, then one for its kind of number where
    its list numbers with letters or Roman numerals, and let the conversion keep ``\\pntext``.
    The level is the paragraph's ``\\ilvlN`` (``\\pnlvlN``, 1-based), the kind its list's
    (``\\lsN``) level's in the list table (``\\levelnfcN``), else its own ``\\pnlcltr``,
    ``\\pnucrm`` …, each written before the group or after it up to the paragraph's end. A list
    whose items are indented further (``\\liN``) than those of another list just before it is
    nested in that one, its levels below the item it follows, as Word shows it (and as the Word
    documents' lists are read): a paragraph between them ends both."""
    word = "listtext" if "{\\" + "listtext" in rtf else "pntext"
    if "{\\" + word not in rtf:
        return rtf
    if word == "listtext" and ("\\levelfollow1" in rtf or "\\levelfollow2" in rtf):
        rtf = _tab_after_list_text(rtf)
    kinds = _list_kinds(rtf) if word == "listtext" else {}
    if "\\ilvl" not in rtf and "\\pnlvl" not in rtf and len(set(_LIST_NUMBER.findall(rtf))) < 2:
        # every item at level 0, of one list
        if word == "listtext" and not any(levels[0] for levels in kinds.values()):
            return rtf
        if word == "pntext" and "\\pnlc" not in rtf and "\\pnuc" not in rtf:
            return _PNTEXT.sub("{", rtf)
    # [start, end of the control word, level, list, kind, left indent, paragraph ends before it]
    groups: list[list] = []
    level = 0
    listed = ""  # the paragraph's list (\lsN)
    kind = ""  # the paragraph's kind of number (\pnlcltr …): a mark, "" for none
    indent = 0  # the paragraph's left indent (\liN), in twips
    pars = 0  # paragraph ends (\par) met
    pending: list | None = None  # the group of the paragraph being read
    skip = 0
    for m in _LIST_WORD.finditer(rtf):
        if m.start() < skip:
            continue
        if m.group(1):
            if m.group(1) == word:
                skip = _group_end(rtf, m.start())
                pending = [m.start(), m.end(), level, listed, kind, indent, pars]
                groups.append(pending)
        elif m.group(2):
            level = min(max(int(m.group(3)) - (m.group(2) == "pnlvl"), 0), 8)
            if pending is not None:
                pending[2] = level
        elif m.group(4) == "pard":
            level, listed, kind, indent = 0, "", "", 0
        elif m.group(4):
            pending = None
            pars += 1
        elif m.group(5):
            listed = m.group(5)
            if pending is not None:
                pending[3] = listed
        elif m.group(7):
            indent = int(m.group(7))
            if pending is not None:
                pending[5] = indent
        else:
            kind = _LETTERS if m.group(6) == "ltr" else _ROMAN
            if pending is not None:
                pending[4] = kind
    out: list[str] = []
    pos = 0
    stack: list[tuple[str, int]] = []  # the lists open, each nested in the one before: (list, indent)
    before = -2  # the paragraph ends met before the last group
    for start, end, depth, listed, kind, indent, pars in groups:
        if word == "listtext":
            levels = kinds.get(listed, ())
            kind = levels[depth] if depth < len(levels) else ""
        if pars != before + 1:  # not the paragraph after the last item: a list starts afresh
            stack = []
        before = pars
        base = indent - 360 * depth  # the indent of the list's first level (Word's default step)
        while stack and stack[-1][0] != listed and stack[-1][1] >= base:
            stack.pop()
        if not stack or stack[-1][0] != listed:
            stack.append((listed, base))
        depth = min(depth + len(stack) - 1, 8)
        out += [rtf[pos:start], "{" if word == "pntext" else rtf[start:end], _LEVEL_RTF * depth]
        if kind:
            out.append(_KIND_RTF[kind])
        pos = end
    out.append(rtf[pos:])
    return "".join(out)


def _tab_after_list_text(rtf: str) -> str:
    """End each ``{\\listtext …}`` group without a tab with one: a level followed by a space or
    by nothing (``\\levelfollow1``, ``\\levelfollow2``) has Word write its number so, and the
    tab after a number is what tells a list paragraph from a paragraph starting "I." (``_ITEM``)."""
    out: list[str] = []
    pos = 0
    for m in _LIST_TEXT.finditer(rtf):
        if m.start() < pos:
            continue
        end = _group_end(rtf, m.start())
        if end >= len(rtf):
            break
        group = rtf[m.start() : end]
        if not _TAB.search(group):
            out += [rtf[pos:end], "\\tab "]
            pos = end
    out.append(rtf[pos:])
    return "".join(out)


#: a list level's number format (``\\levelnfcN``) as Word's name of it (see ``number_text``):
#: decimal, Roman numerals, letters, ordinals, numbers in words (written in digits here),
#: decimal with a leading zero, a bullet, none; the others (other scripts) decimal
_LEVEL_FORMATS = {
    0: "decimal",
    1: "upperRoman",
    2: "lowerRoman",
    3: "upperLetter",
    4: "lowerLetter",
    5: "ordinal",
    6: "cardinalText",
    7: "ordinalText",
    22: "decimalZero",
    23: "bullet",
    255: "none",
}
#: the words of a list level read to number its paragraphs (a picture bullet's, \\levelpictureN,
#: makes it a bullet), and its text's group
_LEVEL_WORD = re.compile(
    r"\\(levelnfc|levelstartat|levelnorestart|levellegal|levelpicture)(-?\d+)|\{\\leveltext(?![a-z])"
)
#: what a list level's text (``{\\leveltext …;}``) is made of: its length, a level's number
#: (``\\'00`` … ``\\'08``) or a character (hex, Unicode with its fallback, a symbol, plain);
#: line ends are not text
_LEVEL_TEXT_PART = re.compile(
    r"\\'([0-9a-fA-F]{2})|\\u(-?\d+) ?(?:\\'[0-9a-fA-F]{2}|[^\\{};\r\n])?|\\([a-z]+)-?\d* ?|\\(.)"
    r"|([^\\{};\r\n])"
)
#: what reading a document's paragraphs for their list numbers meets: a control word, a hex
#: byte, a control symbol, a brace, a run of text
_PARA_TOKEN = re.compile(r"\\([a-z]{1,32})(-?\d{1,10})? ?|\\'[0-9a-fA-F]{2}|\\[^a-z]|([{}])|([^\\{}]+)")
#: a group's first word (``*`` for a destination to skip when not understood)
_GROUP_HEAD = re.compile(r"\{\\(\*|[a-z]+)")
#: the control words that write a character of the text, a paragraph's first
_TEXT_WORDS = frozenset(
    ("u", "tab", "emdash", "endash", "bullet", "lquote", "rquote", "ldblquote", "rdblquote", "emspace")
)
#: what ends a paragraph (a cell's end ends its paragraph too)
_PARA_ENDS = frozenset(("par", "cell", "nestcell", "row", "nestrow", "sect", "page"))
#: a run of control words that change nothing the numbering reads (fonts, sizes, spacing: most
#: of a Word document's words), passed over as one token rather than word by word
_IDLE_WORDS = re.compile(
    r"(?:\\(?!(?:%s)(?![a-z]))[a-z]{1,32}(?:-?\d{1,10})? ?)+"
    % "|".join(sorted(_TEXT_WORDS | _PARA_ENDS | {"pard", "ls", "ilvl"}))
)


@dataclass(frozen=True)
class _Level:
    """How a list level numbers its paragraphs: its format (Word's name), its first number,
    whether the levels above it start it again (not with ``\\levelnorestart1``), its text
    (``{\\leveltext}``) as literal parts and levels' numbers (ints, 0-based), and whether it
    shows the numbers of the levels above it in Arabic digits whatever their own format
    (``\\levellegal1``, legal numbering: 1.1 under I.)."""

    fmt: str = "decimal"
    start: int = 1
    restarts: bool = True
    text: tuple[str | int, ...] = ()
    legal: bool = False


def _level(group: str) -> _Level:
    """The numbering of one ``{\\listlevel …}`` group."""
    fmt, start, restarts, text, legal, picture = "decimal", 1, True, (), False, False
    found: set[str] = set()
    for m in _LEVEL_WORD.finditer(group):
        word, value = m.group(1), m.group(2)
        if word is None:  # the level's text
            if "text" not in found:
                found.add("text")
                text = _level_text(group[m.end() : _group_end(group, m.start())])
        elif word not in found:  # the first of each (\levelnfc before \levelnfcn, which is not read)
            found.add(word)
            if word == "levelnfc":
                fmt = _LEVEL_FORMATS.get(int(value), "decimal")
            elif word == "levelstartat":
                start = int(value)
            elif word == "levellegal":
                legal = value == "1"
            elif word == "levelpicture":  # a picture drawn in the number's place: a bullet
                picture = int(value) >= 0
            else:
                restarts = value == "0"
    return _Level("bullet" if picture else fmt, start, restarts, text, legal)


def _level_text(body: str) -> tuple[str | int, ...]:
    """A list level's text from its ``{\\leveltext …}`` group's body: its first character gives
    its length, and each of the characters after it (up to that length) is a level's number
    (``\\'00`` for the first level's, then up to ``\\'08``) or itself."""
    parts: list[str | int] = []
    length = None
    for m in _LEVEL_TEXT_PART.finditer(body):
        hex_byte, code, word, symbol, plain = m.groups()
        if word is not None:  # \leveltemplateidN, \tab …: no character of the text
            continue
        if length is None:
            if plain == " ":  # the space ending \leveltext
                continue
            if hex_byte is None:
                return ()
            length = int(hex_byte, 16)
            continue
        if len(parts) >= length:
            break
        if hex_byte is not None:
            value = int(hex_byte, 16)
            parts.append(value if value <= 8 else bytes([value]).decode("cp1252", "replace"))
        elif code is not None:
            parts.append(chr(int(code) % 65536))
        else:
            parts.append(symbol or plain or "")
    return tuple(parts)


def _list_numbering(rtf: str) -> dict[str, tuple[str, tuple[_Level, ...]]]:
    """Each list of the list override table (its ``\\lsN``) → the key of its counters (its
    list's id, shared by every override that changes nothing; its own where it changes a level)
    and its levels' numbering, from the list table, with the levels its override replaces
    (``\\listoverrideformat``) or starts elsewhere (``\\listoverridestartat``)."""
    table = rtf.find("{\\*\\listtable")
    overrides = rtf.find("{\\*\\listoverridetable")
    if table < 0 or overrides < 0:
        return {}
    lists: dict[str, tuple[_Level, ...]] = {}
    end = _group_end(rtf, table)
    for m in re.finditer(r"\{\\list(?![a-z])", rtf[table:end]):
        group_at = table + m.start()
        own, inner = _parts(rtf[group_at : _group_end(rtf, group_at) + 1])
        levels = tuple(_level(level) for level in _named(inner, "listlevel"))
        ident = re.search(r"\\listid(-?\d+)", own)
        if ident is not None:
            lists[ident.group(1)] = levels
    out: dict[str, tuple[str, tuple[_Level, ...]]] = {}
    end = _group_end(rtf, overrides)
    for m in re.finditer(r"\{\\listoverride(?![a-z])", rtf[overrides:end]):
        group_at = overrides + m.start()
        own, inner = _parts(rtf[group_at : _group_end(rtf, group_at) + 1])
        ident, number = re.search(r"\\listid(-?\d+)", own), re.search(r"\\ls(\d+)", own)
        if ident is None or number is None or ident.group(1) not in lists:
            continue
        levels = list(lists[ident.group(1)])
        changed = False
        for i, lfo in enumerate(_named(inner, "lfolevel")):
            if i >= len(levels):
                break
            if "\\listoverrideformat" in lfo:
                replacing = _named(_parts(lfo)[1], "listlevel")
                if replacing:
                    levels[i] = _level(replacing[0])
                    changed = True
            if "\\listoverridestartat" in lfo:
                start = re.search(r"\\levelstartat(-?\d+)", lfo)
                if start is not None:
                    levels[i] = replace(levels[i], start=int(start.group(1)))
                    changed = True
        key = "ls" + number.group(1) if changed else ident.group(1)
        out[number.group(1)] = (key, tuple(levels))
    return out


def _parts(group: str) -> tuple[str, list[str]]:
    """A group's own words (the groups inside it left out) and the groups directly inside it
    (braces included), found in one walk over it: a list's levels are most of its text."""
    own: list[str] = []
    inner: list[str] = []
    i = 1
    while True:
        at = group.find("{", i)
        if at < 0:
            own.append(group[i:])
            break
        own.append(group[i:at])
        end = _group_end(group, at)
        inner.append(group[at : end + 1])
        i = end + 1
    return "".join(own), inner


def _named(groups: list[str], word: str) -> list[str]:
    """The ``groups`` that start with ``{\\word``."""
    size = len(word)
    return [g for g in groups if g.startswith(word, 2) and not g[2 + size : 3 + size].isalpha()]


def _implied_list_numbers(rtf: str) -> str:
    """Give each list paragraph (``\\lsN``, at level ``\\ilvlN``) the number Word shows for it,
    as the ``{\\listtext …}`` group Word writes before its text, where the document writes
    none (some writers leave them to the reader): its level's text (``1.``, ``1.2.``, ``a)``, a
    bullet) with the level's numbers counted as Word counts them: from each level's first
    number, a level starting again after a paragraph of a level above it, the counters of a
    list shared by the overrides that name it. A paragraph that writes its number
    (``{\\listtext …}``) keeps it and counts in its list, so that a document writing the numbers
    of some list paragraphs only (a program editing Word's file) numbers the others in turn. A
    document numbered in Word 6's way (``\\pntext``) is left as it is."""
    if "{\\pntext" in rtf or "\\listoverridetable" not in rtf:
        return rtf
    numbering = _list_numbering(rtf)
    if not numbering:
        return rtf
    from striprtf.striprtf import destinations  # the groups whose text is not shown

    counters: dict[str, list[int | None]] = {}
    out: list[str] = []
    pos = copied = 0
    listed, level = "", 0  # the paragraph's list (\lsN) and level (\ilvlN)
    saved: list[tuple[str, int]] = []  # those of the groups open
    started = False  # the paragraph's text has started
    given = False  # the paragraph writes its number ({\listtext …} before its text)
    n = len(rtf)
    while pos < n:
        idle = _IDLE_WORDS.match(rtf, pos) if rtf.startswith("\\", pos) else None
        if idle is not None:
            pos = idle.end()
            continue
        m = _PARA_TOKEN.match(rtf, pos)
        if m is None:
            pos += 1
            continue
        word, value, brace, text = m.groups()
        if brace == "{":
            head = _GROUP_HEAD.match(rtf, pos)
            first = head.group(1) if head is not None else ""
            if first == "listtext":
                given = True
                pos = _group_end(rtf, pos) + 1
                continue
            if (first == "*" or first in destinations) and first != "footnote":
                pos = _group_end(rtf, pos) + 1
                continue
            saved.append((listed, level))
        elif brace == "}":
            if saved:
                listed, level = saved.pop()
        elif word is not None and word not in _TEXT_WORDS:
            if word == "pard":
                listed, level = "", 0
            elif word == "ls":
                listed = value or ""
            elif word == "ilvl":
                level = min(max(int(value or 0), 0), 8)
            elif word in _PARA_ENDS:
                started = given = False
        elif m.group(0) in ("\\\n", "\\\r"):  # a backslash ending a line: \par
            started = given = False
        elif not started and (text is None or text.strip()):  # the text's first character
            started = True
            label = _next_label(numbering.get(listed), level, counters) if listed else None
            if label is not None and not given:
                out += [rtf[copied:pos], label]
                copied = pos
        pos = m.end()
    if not out:
        return rtf
    out.append(rtf[copied:])
    return "".join(out)


def _next_label(
    found: tuple[str, tuple[_Level, ...]] | None, level: int, counters: dict[str, list[int | None]]
) -> str | None:
    """The ``{\\listtext …}`` group of the next paragraph at ``level`` of a list (``found``: its
    counters' key and levels), its counters moved on; None where the level shows no number."""
    if found is None:
        return None
    key, levels = found
    if level >= len(levels) or levels[level].fmt == "none":
        return None
    counts = counters.setdefault(key, [None] * 9)
    previous = counts[level]
    counts[level] = levels[level].start if previous is None else previous + 1
    for deeper in range(level + 1, 9):
        if deeper >= len(levels) or levels[deeper].restarts:
            counts[deeper] = None
    if levels[level].fmt == "bullet":
        text = "\u2022"
    else:
        parts: list[str] = []
        for part in levels[level].text or (level,):
            if isinstance(part, int):
                shown = levels[part] if part < len(levels) else levels[level]
                count = counts[part]
                # a legal level writes the numbers of the levels above it in digits (RTF 1.9.1)
                fmt = "decimal" if levels[level].legal and part < level else shown.fmt
                parts.append(number_text(shown.start if count is None else count, fmt))
            else:
                parts.append(part)
        text = "".join(parts)
    escaped = "".join(
        ch
        if " " <= ch < "\x7f" and ch not in "\\{}"
        else f"\\u{ord(ch) - 65536 if ord(ch) > 32767 else ord(ch)}?"
        for ch in text
    )
    return "{\\listtext\\uc1 " + escaped + "\\tab}"


def _list_kinds(rtf: str) -> dict[str, tuple[str, ...]]:
    """Each list (``\\lsN`` of the list override table) numbering some level with letters or
    Roman numerals → its levels' kinds (``_LETTERS``, ``_ROMAN``, "" for the others), from the
    ``\\levelnfcN`` of the list its override names (``\\listidN``) in the list table, or of the
    level that replaces one of them in the override (``{\\lfolevel\\listoverrideformat
    {\\listlevel …}}``: Word's way of numbering one level of a list otherwise, b. where the list
    has 2.). An override of a level's start (``\\listoverridestartat``) changes no kind: the number
    a paragraph is given is in its ``\\listtext``. The list table is read as a run of words up to
    the override table after it (finding the end of each of its groups would walk every word of
    it again, several times): a list's levels, then its id."""
    table = rtf.find("{\\*\\listtable")
    overrides = rtf.find("{\\*\\listoverridetable", max(table, 0))
    if overrides < 0:
        return {}
    by_id: dict[str, tuple[str, ...]] = {}
    levels: list[str | None] = []
    for m in _LIST_TABLE_WORD.finditer(rtf, table, overrides) if table >= 0 else ():
        if m.group(1) is not None:  # a level's number format: its first word only
            if levels and levels[-1] is None:
                levels[-1] = _LEVEL_KINDS.get(m.group(1), "")
        elif m.group(2) is not None:  # the list's id, after its levels
            by_id[m.group(2)] = tuple(kind or "" for kind in levels)
            levels = []
        elif m.group(0) == "{\\list":
            levels = []
        else:
            levels.append(None)
    end = _group_end(rtf, overrides)
    if not any(any(kinds) for kinds in by_id.values()) and "\\lfolevel" not in rtf[overrides:end]:
        return {}
    out: dict[str, tuple[str, ...]] = {}
    listed: tuple[str, ...] = ()
    replaced: dict[int, str] = {}  # level → the kind of the level an override puts in its place
    lfo = -1  # the override's level being read
    waiting = False  # a replacing level was opened and its number format is yet to come
    for m in _OVERRIDE_WORD.finditer(rtf, overrides, end):
        listid, ls, group, nfc = m.groups()
        if listid is not None:
            listed = by_id.get(listid, ())
        elif ls is not None:
            kinds = list(listed) + [""] * (max(replaced, default=-1) + 1 - len(listed))
            for level, kind in replaced.items():
                kinds[level] = kind
            if any(kinds):
                out[ls] = tuple(kinds)
        elif group == "listoverride":
            listed, replaced, lfo, waiting = (), {}, -1, False
        elif group == "lfolevel":
            lfo, waiting = lfo + 1, False
        elif group == "listlevel":
            waiting = lfo >= 0
        elif waiting:
            replaced[lfo] = _LEVEL_KINDS.get(nfc, "")
            waiting = False
    return out


def _without_list_marks(text: str) -> str:
    """``text`` without the level and kind marks of list numbers (``_list_levels``)."""
    if "\ue004" in text or _LETTERS in text or _ROMAN in text:
        return _LIST_MARKS.sub("", text)
    return text


def _label_number(label: str, kind: str) -> int | None:
    """A list item's number, from its label: a decimal one as it reads, a letter or a Roman
    numeral as the kind its list gives says (``c``: 3, ``iv``: 4); None for either where the list
    says nothing, the label alone not telling "i" the letter from "i" the numeral."""
    if label.isdigit():
        return int(label)
    if kind == _LETTERS:
        return _letters_value(label.lower())
    if kind == _ROMAN:
        return roman_value(label.lower())
    return None


def _letters_value(label: str) -> int:
    """The number a lower-case letter label stands for: past z Word repeats the letter (aa 27,
    bb 28 … zz 52, aaa 53), as its ``\\levelnfc4`` and ``lowerLetter`` say; a label of letters
    that differ (ab), which Word never writes, counts as spreadsheet columns do (ab 28, ba 53),
    as LibreOffice's "a, b, c" numbering goes on past z."""
    if len(set(label)) == 1:
        return 26 * (len(label) - 1) + ord(label[0]) - ord("a") + 1
    value = 0
    for ch in label:
        value = value * 26 + ord(ch) - ord("a") + 1
    return value


def _item(line: str) -> re.Match[str] | None:
    """A list paragraph's parts (``_ITEM``), None for a line that is not one: a label of several
    letters (not a Roman numeral) is a list number only where its list numbers with letters, so
    that "etc.<tab>" starting a paragraph stays its text."""
    m = _ITEM.match(line)
    if m is None or not m.group(5).strip():
        return None
    label = m.group(3)
    lettered = m.group(2) == _LETTERS
    if label and len(label) > 1 and label.isalpha() and not lettered and not _ROMAN_LABEL.fullmatch(label):
        return None
    return m


def _label_parts(label: str) -> tuple[frozenset[int], ...]:
    """The values each part of a list label may stand for (``1.b.iv``: 1, 2, 4; ``i`` either 9,
    the letter, or 1, the numeral), to tell whether one label follows another."""
    parts = []
    for part in label.rstrip(".)").split("."):
        if part.isdigit():
            values = {int(part)}
        else:
            lower = part.lower()
            values = {roman_value(lower) or 0}
            if len(part) == 1:
                values.add(ord(lower) - ord("a") + 1)
        parts.append(frozenset(values))
    return tuple(parts)


def _follows(before: tuple[frozenset[int], ...] | None, label: tuple[frozenset[int], ...] | None) -> bool:
    """Whether ``label`` is the number that comes after ``before`` in an outline: its first under it
    (1.2 → 1.2.1), the next at its level (1.2 → 1.3) or at a level above it (1.2.3 → 1.3, 2)."""
    if before is None or label is None:
        return False
    depth = len(label)
    if depth == len(before) + 1:
        return all(a & b for a, b in zip(before, label, strict=False)) and 1 in label[-1]
    if depth > len(before):
        return False
    same = all(a & b for a, b in zip(before[: depth - 1], label[:-1], strict=True))
    return same and any(v == w + 1 for v in label[-1] for w in before[depth - 1])


def _outline_items(lines: list[str]) -> dict[int, re.Match[str]]:
    """The lines numbered with a label of several parts (``_MULTI_ITEM``) that are list items: a
    list paragraph of Word's (its level marked), or one whose label follows the label of the list
    item just before it or is followed by that of the one after it (1. → 1.1 → 1.2 → 2.), as a
    run of numbered paragraphs is; a lone "3.14<tab>…" stays a paragraph."""
    found = {
        i: m
        for i, line in enumerate(lines)
        if "\t" in line
        and (m := _MULTI_ITEM.match(line))
        and m.group(4).strip()  # a label and nothing after it is no item, as for _item
        and not line.rstrip().endswith("|")
    }
    if not found:
        return {}

    def label(i: int) -> tuple[frozenset[int], ...] | None:
        if i in found:
            return _label_parts(found[i].group(3))
        if not 0 <= i < len(lines) or lines[i].rstrip().endswith("|"):  # a table's row
            return None
        m = _item(lines[i])
        return _label_parts(m.group(3)) if m is not None and m.group(3) else None

    return {
        i: m
        for i, m in found.items()
        if m.group(1) or m.group(2) or _follows(label(i - 1), label(i)) or _follows(label(i), label(i + 1))
    }


def _heading_levels(rtf: str) -> str:
    """Mark each paragraph whose properties give it an outline level (``\\outlinelevelN``, 0 to
    8; Word gives its headings one, as pandoc does) with N + 1 private-use characters where its
    text starts, each in a group of its own with ``\\uc1``. The style sheet's levels are left
    alone: they are its styles', and a paragraph of a heading style writes its own."""
    if "\\outlinelevel" not in rtf:
        return rtf
    sheet = rtf.find("{\\stylesheet")
    sheet_end = _group_end(rtf, sheet) if sheet >= 0 else -1

    def mark(m: re.Match[str]) -> str:
        level = int(m.group(1))
        if sheet <= m.start() < sheet_end or level > 8:
            return m.group(0)
        return m.group(0) + _HEADING_RTF * (level + 1)

    return _OUTLINE.sub(mark, rtf)


def _symbol_fonts(rtf: str) -> tuple[dict[str, str], int]:
    """The fonts of the font tables whose characters ``symbol_char`` knows (Symbol, Wingdings,
    Wingdings 2, Zapf Dingbats), by number, and where the last font table ends (0 without one).
    Word may write two tables in the header (the second in a ``\\upr`` group's ``\\ud``
    destination)."""
    at = rtf.find("{\\fonttbl", 0, 100_000)
    if at < 0:
        return {}, 0
    # the tables end before the colour table or the style sheet, else where the first one closes
    ends = [i for i in (rtf.find(w, at, at + 1_000_000) for w in ("{\\colortbl", "{\\stylesheet")) if i >= 0]
    end = min(ends) if ends else _group_end(rtf, at)
    fonts: dict[str, str] = {}
    for m in _FONT_ENTRY.finditer(rtf, at, end):
        name = " ".join(_FONT_NAME_NOISE.sub("", m.group(2)).split())
        if symbol_char(name, 0x41) is not None:  # a font with a table of its own
            fonts.setdefault(m.group(1), name)
    return fonts, end


def _symbol_text(rtf: str) -> str:
    """Write the characters of Symbol, Wingdings and Zapf Dingbats text as the Unicode characters
    they show: α for ``\\u-3999`` (U+F061, as Word writes a Symbol character) or for ``\\'61`` or
    ``a`` in the Symbol font, as for Word's ``w:sym``. Only the stretches of the document in such
    a font are read: from each of its ``\\fN`` words to the end of the group, ``\\plain`` or
    another font."""
    fonts, start = _symbol_fonts(rtf)
    if not fonts:
        return rtf
    font_word = re.compile(r"\\f(" + "|".join(fonts) + r")(?![0-9])")
    out: list[str] = []
    pos = start
    for m in font_word.finditer(rtf, start):
        if m.start() < pos:
            continue
        out.append(rtf[pos : m.end()])
        pos = _in_symbol_font(rtf, m.end(), fonts[m.group(1)], fonts, out)
    if not out:
        return rtf
    return rtf[:start] + "".join(out) + rtf[pos:]


def _in_symbol_font(rtf: str, pos: int, font: str, fonts: dict[str, str], out: list[str]) -> int:
    """Rewrite the text that follows a symbol font's ``\\fN`` word (its characters as ``\\uN``
    of what they show, each outside a ``\\uN`` fallback); returns where the font stops applying:
    the end of the group it was set in, ``\\plain`` or another font there."""
    stack: list[str | None] = [font]  # the font of each open group (None: not a symbol font)
    fallback = False  # the token follows a \uN: its fallback character, left as it is
    end = len(rtf)
    while pos < end:
        m = _SYMBOL_TOKEN.match(rtf, pos)
        if m is None:  # (a lone backslash at the very end)
            break
        brace, number, plain, code, byte, text = m.groups()
        current = stack[-1]
        if brace == "{":
            stack.append(current)
        elif brace == "}":
            if len(stack) == 1:
                return pos
            stack.pop()
        elif number is not None or plain:
            current = fonts.get(number) if number is not None else None
            if current is None and len(stack) == 1:
                return pos
            stack[-1] = current
        elif current is not None and code is not None:
            value = int(code) % 65536
            if value <= 0xFF or 0xF020 <= value <= 0xF0FF:  # the font's own code (others are Unicode)
                char = symbol_char(current, value)
                out.append(f"\\u{ord(char) if char else ord(_NO_CHAR)} ")
                pos = m.end()
                fallback = True
                continue
        elif current is not None and byte is not None and not fallback:
            char = symbol_char(current, int(byte, 16))
            out.append("{\\uc1\\u%d?}" % ord(char) if char else "")
            pos = m.end()
            continue
        elif current is not None and text is not None:
            if fallback:  # its first character is the fallback of the \uN before it
                out.append(text[0])
                text = text[1:]
            for ch in text:
                char = symbol_char(current, ord(ch)) if " " < ch < "\x7f" else ch
                if char:
                    out.append(char if char.isascii() else "{\\uc1\\u%d?}" % ord(char))
            pos = m.end()
            continue
        out.append(m.group(0))
        fallback = code is not None
        pos = m.end()
    return pos


def _cell_defs(row: str) -> tuple[int, list[tuple[str | None, bool, str]]]:
    """Where a table row's cell definitions end (its first paragraph or cell end) and, for each
    cell, its vertical merge word (``clvmgf`` first, ``clvmrg`` continuing, or None), whether it
    continues a horizontal merge (``\\clmrg``) and its right edge (``\\cellxN``)."""
    end = _ROW_DEFS_END.search(row)
    stop = end.start() if end else 0
    cells: list[tuple[str | None, bool, str]] = []
    vertical = None
    across = False
    for d in _CELL_DEF.finditer(row, 0, stop):
        word = d.group(1)
        if word == "cellx":
            cells.append((vertical, across, d.group(2) or ""))
            vertical, across = None, False
        elif word == "clmrg":
            across = True
        elif word != "clmgf":
            vertical = word
    return stop, cells


def _rows(rtf: str) -> str:
    """The document with each table row read by ``_row``: its cells are marked when some cell is
    merged, or when the rows do not all have the same number of cells, so that some cells span
    columns of others."""
    found = [(m, _cell_defs(m.group(0))) for m in _ROW.finditer(rtf)]
    counts = {len(cells) for _, (_, cells) in found}
    marked = len(counts) > 1 or any(v or a for _, (_, cells) in found for v, a, _ in cells)
    out: list[str] = []
    pos = 0
    for m, defs in found:
        out += [rtf[pos : m.start()], _row(m.group(0), defs, marked)]
        pos = m.end()
    out.append(rtf[pos:])
    return "".join(out)


def _row(row: str, defs: tuple[int, list[tuple[str | None, bool, str]]], marked: bool) -> str:
    """One table row (``\\trowd`` … ``\\row``) with its paragraph marks as spaces; when ``marked``,
    with a mark at the end of each cell naming its right edge and its merges (``defs``, from
    ``_cell_defs``): a vertical one's first cell or a cell continuing it, a cell continuing a
    horizontal one. A continuation takes the text of the merge's first cell, and a cell spans the
    columns of the table's grid its edges enclose (``_spread``). The mark is one group that sets
    ``\\uc1`` itself, as for pictures."""
    pos, cells = defs
    if marked and cells:
        out = [row[:pos]]
        ends = list(_CELL_END.finditer(row, pos))
        for (vertical, across, edge), cell_end in zip(_beyond(cells, len(ends)), ends, strict=False):
            if edge:
                start = _MERGE_START.get(vertical or "", 57353)
                joined = "\\u57354?" if across else ""
                out += [row[pos : cell_end.start()], f"{{\\uc1\\u{start}?{edge}{joined}\\u57351?}}"]
                pos = cell_end.start()
        out.append(row[pos:])
        row = "".join(out)
    return _PAR.sub(" ", row)


def _beyond(cells: list[tuple[str | None, bool, str]], count: int) -> list[tuple[str | None, bool, str]]:
    """A row's cell definitions for its ``count`` cells: a row some writers end with more cells
    than it defines, which Word and LibreOffice show past its last one, each as wide as that one
    (from the edge before it, or the row's start), so each extra cell has its own column there."""
    if count <= len(cells) or not all(edge.isdigit() for _, _, edge in cells[-2:]):
        return cells
    last = int(cells[-1][2])
    width = last - (int(cells[-2][2]) if len(cells) > 1 else 0)
    if width <= 0:
        return cells
    return cells + [(None, False, str(last + width * k)) for k in range(1, count - len(cells) + 1)]


def _keep_pipe(m: re.Match[str]) -> str:
    """A ``|`` of the text as its mark (see ``_TEXT_PIPE``)."""
    return m.group(0) if m.group(1) else _PIPE_RTF


#: how one kind of note is numbered: its format (Word's name), its first number and whether it
#: starts again at each section
_NoteCount = tuple[str, int, bool]


def _note_numbering(rtf: str) -> list[dict[str, _NoteCount]]:
    """How each section of the document numbers its footnotes and its endnotes (the first
    section's first, one more after each ``\\sect``): the format, the first number and whether
    the count starts again with the section. The document's words (``\\ftnnrlc``,
    ``\\aftnnar``, ``\\aftnstartN``, ``\\ftnrestart`` …) give them, else Word's defaults
    (footnotes 1, 2, 3, endnotes i, ii, iii, counted on through the sections); a section's own
    words (``\\sftnnalc``, ``\\saftnstartN``, ``\\sftnrestart``, ``\\saftnrstcont`` …) replace
    them from there, until a section sets its properties back to the document's (``\\sectd``).
    Numbering that starts again at each page (``…rstpg``) is counted on: the pages are not
    known."""
    doc = {"footnote": ["decimal", 1, False], "endnote": ["lowerRoman", 1, False]}
    found = {"footnote": [False, False, False], "endnote": [False, False, False]}
    for pattern, at in ((_NOTE_FORMAT, 0), (_NOTE_FIRST, 1), (_NOTE_RESTART, 2)):
        for m in pattern.finditer(rtf):
            kind = "endnote" if m.group(1) else "footnote"
            if not found[kind][at]:  # the first: the document's (a note's own text sets none)
                found[kind][at] = True
                value = m.group(2)
                doc[kind][at] = (
                    _NOTE_FORMATS[value] if at == 0 else int(value) if at == 1 else value == "restart"
                )
            if all(f[at] for f in found.values()):
                break
    defaults = {kind: (str(fmt), int(first), bool(again)) for kind, (fmt, first, again) in doc.items()}
    if "\\sftn" not in rtf and "\\saftn" not in rtf:
        return [defaults]
    sections: list[dict[str, _NoteCount]] = []
    current = dict(defaults)
    pos = 0
    for end in [*(m.start() for m in _SECTION_END.finditer(rtf)), len(rtf)]:
        span = rtf[pos:end]
        if _SECTION_DEFAULTS.search(span):
            current = dict(defaults)
        for m in _SECTION_NOTE.finditer(span):
            kind = "endnote" if m.group(1) else "footnote"
            fmt, first, again = current[kind]
            if m.group(2):
                fmt = _NOTE_FORMATS[m.group(2)]
            elif m.group(3):
                first = int(m.group(3))
            else:
                again = m.group(4) == "restart"
            current[kind] = (fmt, first, again)
        sections.append(dict(current))
        pos = end
    return sections


def _take_notes(
    text: str, kinds: list[tuple[str, int]], numbering: list[dict[str, _NoteCount]]
) -> tuple[str, list[tuple[str, str, str, list[int]]]]:
    """The text with each note replaced by its marker ``[^n]``, n the number the document shows
    (``numbering``, each section's, from :func:`_note_numbering`; ``kinds``, each note's kind
    and section, from :func:`_mark_notes`): a footnote's 1, 2 …, an endnote's i, ii … by
    default, counted on through the sections unless a section starts them again (from its first
    number; counted on, from the first number of the section the count began in), with an ``e``
    before it where both kinds are numbered with the same kind of characters (``e1``, ``e2``
    when both are decimal; in the first section's formats); and the notes in order as
    ``(label, kind, text, pictures marked in it)``; a note with neither text nor picture leaves
    no marker."""
    notes: list[tuple[str, str, str, list[int]]] = []
    counts = {"footnote": 0, "endnote": 0}
    counted_in = {"footnote": 0, "endnote": 0}  # the section of the last note of each kind counted
    firsts: dict[str, int] = {}  # the first number of each kind's count (that of the section it began in)
    formats = {kind: fmt for kind, (fmt, _, _) in numbering[0].items()}
    prefix = "e" if number_chars(formats["endnote"]) == number_chars(formats["footnote"]) else ""
    taken: set[str] = set()
    seen = 0

    def marker(m: re.Match[str]) -> str:
        nonlocal seen
        kind, section = kinds[seen] if seen < len(kinds) else ("footnote", 0)
        seen += 1
        body = m.group(1)
        marked = [int(n) for n in _MARK.findall(body)] if "\ue000" in body else []
        body = " ".join(_without_list_marks(_MARK.sub(" ", body).replace("|", " ")).split())
        body = body.replace(_PIPE, "|")
        if not body and not marked:
            return ""
        fmt, first, again = numbering[min(section, len(numbering) - 1)][kind]
        if again and section != counted_in[kind]:
            counts[kind] = 0
        if not counts[kind]:
            firsts[kind] = first
        counted_in[kind] = section
        label = note_number_text(firsts[kind] + counts[kind], fmt)
        counts[kind] += 1
        if kind == "endnote":
            label = prefix + label
        label = _unique(label, taken)
        notes.append((label, kind, body, marked))
        return f"[^{label}]"

    text = _NOTE.sub(marker, text)
    if "\ue002" in text or "\ue003" in text:  # a mark whose pair the conversion lost
        text = text.replace("\ue002", "").replace("\ue003", "")
    return text, notes


def _unique(label: str, taken: set[str]) -> str:
    """``label``, or where a note before it has it (notes numbered again at each section) the
    first of ``label-2``, ``label-3`` … free, as for Word's notes: a Markdown reader links a
    marker to the first note of its label. Adds it to ``taken``."""
    unique, n = label, 1
    while unique in taken:
        n += 1
        unique = f"{label}-{n}"
    taken.add(unique)
    return unique


def _picture(group: str) -> tuple[str, bytes | None, str | None]:
    """A ``{\\pict …}`` group's kind (an extension), its bytes (None when they cannot be read) and
    its alt text."""
    ext = "unknown"
    alt = None
    m = _DESCRIPTION.search(group)
    if m:
        alt = _ooxml.clean_alt(" ".join(m.group(1).split()))
    # the group's own text, nested groups (properties, blip uid) left out
    own: list[str] = []
    data: bytes | None = None
    i, n = 1, len(group) - 1  # inside the outer braces
    while i < n:
        m = _SPECIAL.search(group, i, n)
        stop = m.start() if m else n
        if stop > i:
            own.append(group[i:stop])
        if m is None:
            break
        i = stop
        if group[i] == "{":
            i = _group_end(group, i) + 1
            continue
        w = _PICT_WORD.match(group, i) if group[i] == "\\" else None
        if w is None:
            i += 2 if group[i] == "\\" else 1
            continue
        word, arg = w.group(1), w.group(2)
        i = w.end()
        if word in _BLIPS:
            ext = _BLIPS[word]
        elif word == "bin" and arg:  # raw bytes, not hex
            size = int(arg)
            raw = group[i : i + size]
            data = raw.encode("latin-1") if len(raw) == size else b""
            i += size
    if data is None:
        try:
            data = bytes.fromhex("".join("".join(own).split()))
        except ValueError:
            data = None
    return ext, data or None, alt


def _unextracted(ext: str, alt: str | None) -> Block:
    """The place of a picture that is not extracted (listed as skipped): its alt text, else its
    format (``[Image: EMF picture]``), as for a Word document's, so the manifest counts it."""
    kind = f"{ext.upper()} picture" if ext != "unknown" else "picture"
    return Block(IMAGE, _ooxml.image_marker(alt, kind), alt=alt)


def _to_text(rtf: str, encoding: str) -> str:
    from striprtf.striprtf import rtf_to_text

    try:
        return rtf_to_text(rtf, encoding=encoding, errors="replace")
    except (ValueError, IndexError, LookupError, OverflowError) as exc:
        raise ParseError(f"RTF could not be converted: {type(exc).__name__}: {exc}"[:300]) from None


def _info(rtf: str, encoding: str) -> dict[str, str]:
    """The title and author of the ``\\info`` group, read in the document's code page, and in the
    font a ``\\fN`` in one names, as the document's text is (with the font tables)."""
    head = rtf[: rtf.find("\\info") + 20_000] if "\\info" in rtf else ""
    out: dict[str, str] = {}
    for key, pattern in _INFO_FIELD.items():
        m = pattern.search(head)
        if m:
            fonts = ""
            if _FONT_WORD.search(m.group(1)):
                at = rtf.find("{\\fonttbl", 0, 100_000)
                fonts = rtf[at : _group_end(rtf, at) + 1] if at >= 0 else ""
            value = " ".join(_to_text("{\\rtf1 " + fonts + m.group(1) + "}", encoding).split())
            if value:
                out[key] = value
    return out


def _merged(cell: str, above: dict[str, str]) -> tuple[str, tuple[int, bool] | None]:
    """A table cell's text, without its mark, and what the mark says of its place (right edge,
    continues a horizontal merge; None without a mark): a cell continuing a vertical merge takes
    the text of the merge's first cell (the cell above it with the same right edge)."""
    m = _MERGE.search(cell)
    if m is None:
        return " ".join(cell.split()), None
    text = " ".join(_MERGE.sub(" ", cell).split())
    kind, edge = m.group(1), m.group(2)
    if kind == "\ue005":
        above[edge] = text
    elif kind == "\ue006":
        text = above.get(edge, text)
    return text, (int(edge), bool(m.group(3)))


def _spread(rows: list[list[str]], places: list[list[tuple[int, bool] | None]]) -> list[int]:
    """Repeat each cell of a table over the columns of its grid it spans, as for Word's
    ``gridSpan``: the grid's column lines are the right edges of all the rows' cells, and a cell
    spans those between its left edge (the edge of the cell before it) and its own. A cell
    continuing a horizontal merge takes the text of the cell that starts it. A row whose cells are
    not all marked is left as it is, and so is a table whose rows all have as many cells and none
    continuing a horizontal merge: its rows' edges need not line up (a hand-made table's seldom
    do), and lining its cells up on a grid of them all would set them apart. In place; returns
    the rows that are one cell across the whole table (labels, see ``labels_once``)."""
    if len({len(row) for row in rows}) == 1 and not any(p[1] for marks in places for p in marks if p):
        return []
    edges = sorted({place[0] for row in places for place in row if place is not None})
    if not edges:
        return []
    # a hand-made table's rows do not line their edges up exactly (3000, 3100, 2950 twips): edges
    # less than half the narrowest cell past a column line's first edge are that line, so that a
    # row's cell is not spread over a sliver between two rows' edges; a row's own edges, a cell
    # apart, are never one line
    widths = [
        b[0] - a[0] for row in places for a, b in zip(row, row[1:], strict=False) if a and b and b[0] > a[0]
    ]
    snap = min(widths, default=0) / 2
    column: dict[int, int] = {}
    line = -1
    start = 0
    for edge in edges:
        if line < 0 or edge - start >= snap:
            line += 1
            start = edge
        column[edge] = line
    labels: list[int] = []
    for i, (row, marks) in enumerate(zip(rows, places, strict=True)):
        if len(row) != len(marks) or None in marks:
            continue
        out: list[str] = []
        left = -1
        starts = 0
        text = ""
        for cell, (edge, joined) in zip(row, marks, strict=True):  # type: ignore[misc]
            if not (joined and out):
                text = cell
                starts += 1
            col = column[edge]
            out.extend([text] * max(1, col - left))
            left = max(left, col)
        if starts == 1 and len(out) > 1 and left == line:
            labels.append(i)
        rows[i] = out
    return labels


def _blocks(text: str, pictures: Callable[[int], Block | None]) -> list[Block]:
    """The text's blocks; ``pictures`` gives the block of the picture marked ``n`` in it (None for
    one that is not extracted), placed after the paragraph, table or list holding the mark."""
    blocks: list[Block] = []
    rows: list[list[str]] = []
    places: list[list[tuple[int, bool] | None]] = []  # where each cell of each row is (_merged)
    # the 1-based place in the table of each row kept: a row of empty cells is left out, and the
    # rows after it keep their numbers (as a sheet's rows keep theirs past an empty row)
    kept_at: list[int] = []
    seen = 0  # rows of the open table met so far, those left out included
    above: dict[str, str] = {}  # right edge of a vertical merge's cells → its first cell's text
    items: list[ListItem] = []
    held: list[int] = []  # pictures marked in the open table or list

    def place(numbers: list[int]) -> None:
        for n in numbers:
            block = pictures(n)
            if block is not None:
                blocks.append(block)

    def flush_rows() -> None:
        nonlocal seen
        seen = 0
        if len(rows) == 1:
            # a table of one row lays text out side by side (a signature line, a box around a
            # note): no header names its columns and no row is data, so each cell is a paragraph
            # (a cell continuing a horizontal merge holds no text of its own)
            blocks.extend(Block(PARAGRAPH, text) for text in rows[0] if text)
            rows.clear()
            places.clear()
            kept_at.clear()
            above.clear()
            place(held)
            held.clear()
        elif not rows:
            if held:  # a table of empty cells but for pictures: the pictures stand there
                place(held)
                held.clear()
        else:
            # the first row heads the table (a leading title row over it said before it)
            labels = _spread(rows, places) if any(places) else []
            titles, header, data, first = marked_header(rows, 0, labels)
            blocks.extend(Block(PARAGRAPH, title) for title in titles)
            blocks.append(
                Block(
                    TABLE,
                    render_table(header, data),
                    rows=tuple(data),
                    header=header,
                    row_numbers=tuple(kept_at[first - 1 :]),
                )
            )
            rows.clear()
            places.clear()
            kept_at.clear()
            above.clear()
            place(held)
            held.clear()

    def flush_items() -> None:
        if items:
            blocks.append(Block(LIST, render_list(items), items=tuple(items)))
            items.clear()
            place(held)
            held.clear()

    lines = text.split("\n")
    marked_at: dict[int, list[int]] = {}
    for i, line in enumerate(lines):
        if "\ue000" in line:
            marked_at[i] = [int(n) for n in _MARK.findall(line)]
            lines[i] = _MARK.sub(" ", line)
    outline = _outline_items(lines)
    base = 0  # the parts less one of an outline label opening the list (1.1 alone: its top level)
    for at, line in enumerate(lines):
        marked = marked_at.get(at, [])
        stripped = line.strip()
        # a cell's end (the text's own "|" is kept apart as _PIPE): "|" alone an empty one-cell
        # row, which stays in its table
        if stripped.endswith("|"):
            flush_items()
            stripped = _without_list_marks(stripped)  # those of a list number inside a cell
            if _HEADING in stripped:  # a heading's level inside a cell: the cell's text
                stripped = stripped.replace(_HEADING, "")
            if "\ue007" in stripped:
                read = [_merged(c, above) for c in stripped[:-1].split("|")]
                cells = [text for text, _ in read]
                marks = [place for _, place in read]
            else:
                cells = [" ".join(c.split()) for c in stripped[:-1].split("|")]
                marks = []
            if _PIPE in stripped:
                cells = [c.replace(_PIPE, "|") for c in cells]
            seen += 1
            if any(cells):
                rows.append(cells)
                places.append(marks)
                kept_at.append(seen)
            held.extend(marked)
            continue
        flush_rows()
        if _PIPE in line:
            line = line.replace(_PIPE, "|")
        if _HEADING in line:
            run = _HEADING_RUN.search(line)
            starts = run is not None and not _without_list_marks(line[: run.start()]).strip()
            line = line.replace(_HEADING, "")
            title = " ".join(_MERGE.sub("", _without_list_marks(line)).replace("\t", " ").split())
            if starts and title:  # the paragraph's own level, where its text starts: a heading
                flush_items()
                blocks.append(Block(HEADING, title, level=min(len(run.group(0)), 6)))
                place(marked)
                continue
        m = _item(line)
        if m:
            label = m.group(3)
            number = _label_number(label, m.group(2)) if label is not None else None
            text = " ".join(m.group(5).split())
            base = base if items else 0
            items.append(ListItem(text, level=len(m.group(1)), ordered=label is not None, number=number))
            held.extend(marked)
            continue
        if at in outline:
            m = outline[at]
            parts = m.group(3).rstrip(".)").split(".")
            if not m.group(1):  # no level of Word's: the label's parts tell it (1.2.1: third)
                base = base if items else len(parts) - 1
                level = max(len(parts) - 1 - base, 0)
            else:
                level = len(m.group(1))
            text = " ".join(m.group(4).split())
            items.append(ListItem(text, level, ordered=True, number=_label_number(parts[-1], m.group(2))))
            held.extend(marked)
            continue
        flush_items()
        if "\ue007" in line:  # a merge mark outside a table row
            line = _MERGE.sub("", line)
        line = _without_list_marks(line)  # those of a list number that is not one
        para = " ".join(line.replace("\t", " ").split())
        if para:
            blocks.append(Block(PARAGRAPH, para))
        place(marked)
    flush_rows()
    flush_items()
    return blocks


@extractor(
    ".rtf",
    name="rtf",
    # 2: PNG and JPEG pictures extracted; 3: Mac code pages, footnotes, list levels
    # and markers, nested tables flattened into their cell, Mac font character sets, merged cells;
    # 4: Symbol and Wingdings characters as Unicode, a cell spanning columns repeated in each;
    # 5: the Symbol font's bracket pieces as Unicode's, a "|" of the text kept (a cell's, a
    # paragraph's), rows of as many cells not laid on a grid of their edges; 6: a table of one
    # row a paragraph per cell; 7: the rows' edges within half the narrowest cell of a column
    # line's first edge that line (a hand-made table's rows of other cell counts lined up); the
    # Symbol font's radical extender as ‾ (U+203E); 8: a table's row_numbers count the rows of
    # empty cells left out; 9: a title row (one cell merged across the table over its header and
    # data) said before the table; 10: an empty row of one cell left out of its table, not splitting
    # it; 11: a title row over a single row said before the table, that row data; 12: a row's
    # cells past its last cell definition each a column of its own after its last cell; 13: a
    # paragraph given an outline level (\outlinelevelN, a Word or pandoc heading) a heading
    # 14: a list item's decimal marker is its number (ListItem.number)
    # 15: a letter or Roman marker its number too, as the list's level (\levelnfcN) or its older
    # \pn group (\pnlcltr, \pnucrm …) says it counts: b. and ii. 2, no longer written 1.
    # 16: a level an override replaces (\lfolevel\listoverrideformat) counts as its replacement
    # says; letters past z (aa, bb … zz, aaa) are numbers (27, 28, 52, 53) and list items
    # 17: a list indented further than the list just before it nested in that one; 18: Zapf
    # Dingbats (and Monotype Sorts) text as its Unicode characters, no longer left out; 19: a
    # note's label the number the document shows (endnotes i, ii by default, or as \aftnn… says;
    # e1 only where footnotes are numbered with the same kind of characters); 20: an object
    # (\object) read as its \result (its text was lost with it), a WMF picture of one bitmap
    # (a Paint object's) extracted as that bitmap, made a PNG; 21: list paragraphs (\lsN) of a
    # document that writes no list numbers (\listtext) numbered from its list table
    # 22: so are those without a \listtext beside list paragraphs with one, which count in turn
    # 23: a section's note numbering (\sftnn…, \saftnn…, \sftnstartN, \sftnrestart, \saftnrstcont …,
    # \sectd back to the document's) and the document's restart at each section (\ftnrestart) read;
    # in a document of endnotes only (\fet1) every note an endnote
    # 24: a legal level (\levellegal1) numbers the levels above it in digits (1.1.1. under I.); a
    # number followed by a space or nothing (\levelfollow1, 2) a list item; a note label given
    # before (notes numbered again at each section) made unique (1-2); a picture in a table of
    # empty cells placed where the table stands, no longer at the document's end
    # 25: a picture not extracted (EMF, WMF, a device bitmap, unreadable) leaves a placeholder
    # naming its format; picture bullets (\listpicture, \levelpictureN) are bullets, no longer
    # images at the document's end; labels of several parts (1.1, 2.3.1., I.A.) in a Word list or a
    # run of labels following one another are nested list items, no longer paragraphs
    # 26: bytes above 0x7F written raw, not as \'xx, read in the code page the current font's \fcharsetN or
    # the document's \ansicpgN declares, as escaped bytes are, no longer as Latin-1 ("σώμα" in windows-1253
    # no longer "óþìá"); a double-byte character's lead and trail bytes read together, a raw trail byte, or
    # an ASCII one after an escaped lead byte (\'83e, テ in Shift-JIS), no longer a replacement character
    # a font's code page (\cpgN) read for its bytes, before its \fcharsetN; it was not read
    # text right after the code page word (\ansicpg1252 Hello) kept, no longer run into the word before it
    # and lost
    # a font naming no \fcharsetN read in the document's code page, no longer taking the next font's set
    # and hiding that font ({\f0 Times;}{\f1\fcharset161 Arial Greek;}: "café σώμα", no longer "cafι óþìá")
    # 27: a font's code page that no character set stands for (\cpg866, DOS Cyrillic; the Mac pages 10029,
    # 10081 …) read for its bytes, escaped or raw, no longer the document's code page ("Привет" in code page
    # 866 no longer "\ufffdà¨¢¥â")
    # the N bytes of data after \binN outside a picture taken out, no longer read as text
    # the space ending the code page word after a brace or a control symbol (}\ansicpg1252 Hello) no text,
    # no longer an extra space; text right after the word with no space (\ansi\ansicpg1252Hello) kept
    # a Mac font character set (\fcharset77 to 89) read in the code page the RTF specification gives it (79
    # Korean, 80 simplified Chinese, 81 Big5, 84 Arabic, 85 Greek, 86 Turkish, 88 East European, 89 Russian),
    # no longer as the wrong set or the document's code page; Mac Hebrew (83) and Thai (87), which Python has
    # no codec for, in the document's code page; a font's code page of two digits (\cpg37, EBCDIC) read
    # a font holds across paragraph and section ends, no longer the default font again after \par for the
    # raw bytes and a font's own code page (a raw lead byte after \par in a Japanese font read alone); text
    # before any \fN and after \plain read in the default font's code page (\deffN), no longer the
    # document's or the font before \plain
    # a font after one whose entry holds a group of groups (an embedded font's file) read in its character
    # set, no longer lost; the \info title and author read in the font a \fN in them names
    version="27",
    source_type="rtf",
    libraries=("striprtf",),
    sniff=lambda head: head.startswith(b"{\\rtf"),
    images=True,
)
def extract_rtf(data: bytes, ctx: ExtractContext) -> Document:
    what = ctx.filename or "RTF"
    encoding = _encoding(data)
    rtf = data.decode("latin-1")
    at = rtf.find("{\\rtf", 0, 64)
    if at > 0:
        rtf = rtf[at:]  # stray bytes before the header
    elif at < 0:
        if not rtf.lstrip().startswith("{\\"):
            raise ParseError(f"{what} is not RTF: it does not start with {{\\rtf")
        rtf = "{\\rtf1\n" + rtf + "\n}"  # a fragment of groups without the document header
    if "\\listpicture" in rtf or "\\levelpicture" in rtf:
        rtf = _picture_bullets(rtf)
    rtf, groups = _strip_groups(rtf)
    if "{\\object" in rtf:
        rtf = _object_results(rtf)
    rtf = _bytes_readable(rtf, encoding)
    prepared, note_kinds = _mark_notes(
        _list_levels(_heading_levels(_implied_list_numbers(_symbol_text(rtf))))
    )
    if "\\nestcell" in prepared:
        prepared = _NEST.sub("{ }", prepared)  # a group: a space after a control word is its end
    if "|" in prepared:
        prepared = _TEXT_PIPE.sub(_keep_pipe, prepared)
    if "\\trowd" in prepared:
        prepared = _rows(prepared)
    text = _to_text(prepared, encoding)
    if _NO_CHAR in text:
        text = text.replace(_NO_CHAR, "")
    text, notes = _take_notes(text, note_kinds, _note_numbering(rtf if note_kinds else ""))
    if _HEADING in text:
        notes = [
            (label, kind, note.replace(_HEADING, "").strip(), marked) for label, kind, note, marked in notes
        ]
    sink = _ooxml.ImageSink()
    placed: set[int] = set()

    def picture(n: int) -> Block | None:
        if n >= len(groups) or n in placed:
            return None
        placed.add(n)
        label = f"picture {n + 1}"
        ext, data, alt = _picture(groups[n])
        if ext == "wmf" and data is not None:  # a metafile of one bitmap: that bitmap, as a PNG
            bitmap = _wmf_bitmap(data)
            png = _bitmap_png(bitmap) if bitmap is not None else None
            if png is not None:
                ext, data = "png", png
        if data is None:
            sink.skipped.append(Skipped("image", label, f"{ext.upper()} picture data cannot be read"))
            return _unextracted(ext, alt)
        if ext in ("png", "jpg") and dimensions(data) == (None, None):
            sink.skipped.append(
                Skipped("image", label, f"damaged {ext.upper()} picture: its size cannot be read")
            )
            return _unextracted(ext, alt)
        result = sink.from_bytes(data, ext, source_name=label, alt=alt)
        if not isinstance(result, Image):  # an EMF, a WMF of more than a bitmap, a device bitmap …
            return _unextracted(ext, alt)
        return Block(IMAGE, _ooxml.image_marker(alt, result.name), images=(result.name,), alt=alt)

    blocks = _blocks(text, picture)
    for label, kind, note, marked in notes:  # the notes at the end, as for Word and OpenDocument
        if note:
            blocks.append(Block(PARAGRAPH, f"[^{label}]: {note}", meta={"note": kind}))
        blocks += [b for b in map(picture, marked) if b is not None]
    # pictures whose mark the conversion dropped (inside a destination it skips): at the end
    blocks += [b for b in map(picture, range(len(groups))) if b is not None]
    if all(b.kind == IMAGE and not b.images for b in blocks):  # nothing, or pictures not extracted
        reasons = "; ".join(dict.fromkeys(f"{s.name}: {s.reason}" for s in sink.skipped))
        count = f"{len(groups)} picture{'' if len(groups) == 1 else 's'}"
        extra = f" ({count}, none extracted: {reasons})" if groups else ""
        raise EmptyExtraction(f"{what}: the document holds no text{extra}")
    return assemble(
        "rtf",
        blocks,
        metadata={"source_type": "rtf", **_info(rtf, encoding)},
        images=sink.images,
        coverage=Coverage(images_extracted=len(sink.images), skipped=tuple(sink.skipped)),
    )
