"""Word (.docx .docm .dotx .dotm): the body XML walked in reading order.

The container is checked with ``zipsafe.open_zip`` first; then ``word/document.xml`` (found via the
package relationships), its styles, numbering, notes and header/footer parts are parsed with the
safe parser of ``_ooxml`` and walked directly with lxml — the same WordprocessingML python-docx
reads, without building its object model, which keeps extraction fast.

What is read: headings (style names ``Heading N``/``Title`` and outline levels, inherited through
``basedOn``), paragraphs, nested lists (``numPr``/``ilvl``, ordered or bulleted from the numbering
definitions; a paragraph naming no style takes those of the paragraph style marked ``w:default``,
whatever its id, else of ``Normal``), tables (``gridSpan`` repeated across the span, ``vMerge`` continued from the cell
above, numbered cell paragraphs starting with the number Word shows), footnotes and endnotes (``[^n]`` markers, n the number Word shows, endnotes ``i``, ``ii`` … or
``e1`` … beside footnotes numbered alike; the notes as paragraphs at the end), hyperlink
text, headers/footers (document metadata ``header_text``/``footer_text``), page numbers (explicit
``w:br type=page`` and Word's ``w:lastRenderedPageBreak``, one break counted once), and every image
of a paragraph (``a:blip r:embed`` and VML ``v:imagedata``), placed right after its anchoring
paragraph, with alt text from ``wp:docPr descr``/``title``, and every chart (:mod:`._charts`)
likewise; the files embedded by OLE objects
(a workbook, a PDF …: :mod:`._embedded`), read after the paragraph holding them. What Word
does not show as text is left out before the walk (:mod:`._wordshown`): a content control's
placeholder prompt, hidden runs, and, tracked changes read as accepted, the paragraph break a
reviewer deleted.

A tab (``w:tab``, ``w:ptab``) is a space between the words on either side, as any run of white
space is: Markdown has no tab stop (a tab renders as a space, and one starting a line would start
a code block), and every format's text collapses white space alike. What a table of contents or a
form needs of it, that its two sides stay apart (``Introduction 3``, ``Name: J. Smith``), holds;
the column it aligned to is layout, not text.
"""

from __future__ import annotations

import html
import posixpath
import re
import threading
import zipfile
import zlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import IO, Any, NamedTuple, TypeVar

from lxml import etree

from .._fast import make_block, new_item
from ..errors import ChunkscopeError, EmptyExtraction, ParseError
from ..gcpause import no_cycle_collection
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
    marked_header,
    render_list,
)
from ..zipsafe import open_zip
from . import _charts, _embedded, _ooxml, _wordshown
from ._attached import MAX_DEPTH, Attached, Attacher
from ._encrypted import decrypted
from ._numerals import note_number_text as _note_number_text
from ._numerals import number_chars
from ._numerals import number_text as _number_text
from ._ooxml import Rel
from ._symbol_font import symbol_char
from .html import decode_html, html_blocks
from .registry import extractor
from .text import fast_render_table

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
WP = "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
V = "urn:schemas-microsoft-com:vml"
O_OLEOBJECT = "{urn:schemas-microsoft-com:office:office}OLEObject"
M_T = "{http://schemas.openxmlformats.org/officeDocument/2006/math}t"
W16SE = "http://schemas.microsoft.com/office/word/2015/wordml/symex"


def _w(tag: str) -> str:
    return f"{{{W}}}{tag}"


W_P, W_TBL, W_SDT, W_SDTCONTENT, W_TR, W_TC = (_w(t) for t in ("p", "tbl", "sdt", "sdtContent", "tr", "tc"))
W_T, W_TAB, W_BR, W_CR, W_LRPB = (_w(t) for t in ("t", "tab", "br", "cr", "lastRenderedPageBreak"))
W_DRAWING, W_PICT, W_NOBREAKHYPHEN, W_PTAB = _w("drawing"), _w("pict"), _w("noBreakHyphen"), _w("ptab")
W_CUSTOMXML, W_INS, W_SMARTTAG = _w("customXml"), _w("ins"), _w("smartTag")
W_DEL, W_MOVEFROM = _w("del"), _w("moveFrom")
W_RUBY, W_RT, W_RUBYBASE = _w("ruby"), _w("rt"), _w("rubyBase")
W_ALTCHUNK = _w("altChunk")
W_R, W_RPR, W_VANISH = _w("r"), _w("rPr"), _w("vanish")
W_FOOTNOTEREF, W_ENDNOTEREF = _w("footnoteReference"), _w("endnoteReference")
W_VAL, W_ID, W_TYPE = _w("val"), _w("id"), _w("type")
W_IND, W_LEFT, W_START = _w("ind"), _w("left"), _w("start")
W_ABSTRACTNUM, W_ABSTRACTNUMID, W_NUM, W_NUMID_ATTR = (
    _w("abstractNum"),
    _w("abstractNumId"),
    _w("num"),
    _w("numId"),
)
W_LVL, W_NUMFMT, W_ILVL_ATTR = _w("lvl"), _w("numFmt"), _w("ilvl")
W_START_AT, W_LVLTEXT, W_LVLRESTART, W_ISLGL = _w("start"), _w("lvlText"), _w("lvlRestart"), _w("isLgl")
W_LVLOVERRIDE, W_STARTOVERRIDE = _w("lvlOverride"), _w("startOverride")
W_PPR, W_PSTYLE, W_NUMPR, W_ILVL, W_NUMID, W_OUTLINE = (
    _w(t) for t in ("pPr", "pStyle", "numPr", "ilvl", "numId", "outlineLvl")
)
W_TBLPREX = _w("tblPrEx")
W_TCPR, W_GRIDSPAN, W_VMERGE, W_TRPR, W_TBLHEADER, W_GRIDBEFORE = (
    _w(t) for t in ("tcPr", "gridSpan", "vMerge", "trPr", "tblHeader", "gridBefore")
)
A_BLIP, A_GRAPHICDATA, WP_DOCPR = f"{{{A}}}blip", f"{{{A}}}graphicData", f"{{{WP}}}docPr"
V_IMAGEDATA, V_SHAPE = f"{{{V}}}imagedata", f"{{{V}}}shape"
R_EMBED, R_ID, R_LINK = f"{{{R}}}embed", f"{{{R}}}id", f"{{{R}}}link"
#: a drawing's chart: DrawingML's, or Office 2016's (a waterfall, a treemap …), which Word writes
#: in an ``mc:AlternateContent`` choice, its fallback a shape saying the chart cannot be shown
C_CHART, CX_CHART = f"{{{_charts.C}}}chart", f"{{{_charts.CX}}}chart"
W_SYM, W_CHAR, W16SE_SYMEX, W16SE_CHAR = _w("sym"), _w("char"), f"{{{W16SE}}}symEx", f"{{{W16SE}}}char"
W_FONT = _w("font")
W_FFDATA, W_CHECKBOX, W_DDLIST = _w("ffData"), _w("checkBox"), _w("ddList")
W_CHECKED, W_DEFAULT, W_RESULT, W_LISTENTRY = _w("checked"), _w("default"), _w("result"), _w("listEntry")
W_FLDCHAR, W_FLDCHARTYPE, W_FLDSIMPLE = _w("fldChar"), _w("fldCharType"), _w("fldSimple")
W_INSTRTEXT, W_INSTR = _w("instrText"), _w("instr")
#: what the walk reads in an ``mc:AlternateContent`` branch: text (a text box's, an equation's),
#: a symbol or emoji, a form field, a picture, a chart, an embedded object, a note's mark; a
#: choice holding none of them (a 3D model's, ink's) gives way to its fallback picture
_READ_IN_ALTERNATE = (
    *(W_T, M_T, W_SYM, W16SE_SYMEX, W_FFDATA),
    *(A_BLIP, V_IMAGEDATA, C_CHART, CX_CHART, O_OLEOBJECT, W_FOOTNOTEREF, W_ENDNOTEREF),
)
W_CUSTOMMARK = _w("customMarkFollows")
#: a custom note mark that can be a note's label: a few characters, none that ends or breaks one
_MARK_LABEL = re.compile(r"[^\s\[\]^]{1,8}")
#: the labels of notes without a custom mark (``1``, ``e1``), which a custom one must not take
_NUMBER_LABEL = re.compile(r"e?\d+")

_HEADING_NAME = re.compile(r"^heading\s*([1-9])$", re.IGNORECASE)
_ORDERED_SKIP = ("bullet", "none")

# ----------------------------------------------------------------------------------------------
# styles and numbering


class _Style(NamedTuple):
    """What a paragraph style gives the paragraphs that use it. A named tuple rather than a frozen
    dataclass: a document's styles are built one at a time while it is read, and this is the
    immutable record that is cheapest to create."""

    heading: int  # the heading level its name gives ("heading N", "Title"); 0 for none
    based_on: str | None
    outline: int | None  # 0-based outline level, 9 = body text
    num: tuple[str, int] | None  # (numId, ilvl) from the style's numPr


def _name_level(name: str) -> int:
    """The heading level a style's name gives: N for "Heading N" (1-9), 1 for "Title", else 0."""
    name = name.strip()
    match = _HEADING_NAME.match(name)
    if match:
        return int(match.group(1))
    return 1 if name.lower() == "title" else 0


def _default_paragraph_style(root: etree._Element | None) -> str | None:
    """The id of the first paragraph style marked ``w:default``: the style of every paragraph
    that names none. Its name is ``Normal``, but Word gives style ids in the language it runs in
    (``Standard`` in German, ``Normale`` in Italian, as ``berschrift1`` for ``heading 1``)."""
    if root is None:
        return None
    for st in root.iter(_w("style")):
        if st.get(_w("type")) == "paragraph" and st.get(W_DEFAULT) in _TRUE and st.get(_w("styleId")):
            return st.get(_w("styleId"))
    return None


def _styles(root: etree._Element | None) -> dict[str, _Style]:
    out: dict[str, _Style] = {}
    if root is None:
        return out
    for st in root.iter(_w("style")):
        sid = st.get(_w("styleId"))
        if not sid or sid in out:  # the first definition of an id counts, as in _LazyStyles
            continue
        name_el = st.find(_w("name"))
        based = st.find(_w("basedOn"))
        ppr = st.find(W_PPR)
        outline = num = None
        if ppr is not None:
            ol = ppr.find(W_OUTLINE)
            if ol is not None:
                outline = _int(ol.get(W_VAL))
            num = _numpr(ppr.find(W_NUMPR))
        out[sid] = _Style(
            heading=_name_level((name_el.get(W_VAL) if name_el is not None else sid) or sid),
            based_on=based.get(W_VAL) if based is not None else None,
            outline=outline,
            num=num,
        )
    return out


_ID_ATTR = b'w:styleId="'
_SNIP_NAME = re.compile(rb'<w:name w:val="([^"]*)"')
_SNIP_BASED = re.compile(rb'<w:basedOn w:val="([^"]*)"')
_SNIP_OUTLINE = re.compile(rb'<w:outlineLvl w:val="(\d+)"')
_SNIP_NUMID = re.compile(rb'<w:numId w:val="(\d+)"')
_SNIP_ILVL = re.compile(rb'<w:ilvl w:val="(\d+)"')
#: the start tag of a style marked as the default of its type (Word writes ``1``; ``true`` and
#: ``on`` are the schema's other spellings of a true value)
_SNIP_DEFAULT = re.compile(rb"<w:style\s[^>]*?\bw:default\s*=\s*[\"'](?:1|true|on)[\"'][^>]*>")
_SNIP_PARAGRAPH = re.compile(rb"\bw:type\s*=\s*[\"']paragraph[\"']")
_SNIP_ID = re.compile(rb"\bw:styleId\s*=\s*\"([^\"]*)\"")
_TRUE = ("1", "true", "on")
#: characters an XML writer may put in an attribute value as they are or as an entity
_WRITTEN_EITHER_WAY = re.compile("['>]")


def _attr_escape(value: str) -> str:
    """``value`` as writers put it in a double-quoted attribute: ``&``, ``<`` and ``"`` as entities."""
    return value.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")


_UNSEEN = object()  # a style id not looked up yet (None: looked up, not defined)

#: the parts of earlier documents kept for the next ones, by :func:`_ooxml.stored_key`: documents
#: made from one template (a generator's, an organisation's) share its styles and numbering
#: parts byte for byte, and what one document found in them is not inflated, searched for or
#: parsed again for the next. A few parts of each kind are kept, the oldest dropped first.
_SHARED_PARTS = 8
_PartKey = _ooxml.StoredKey
_T = TypeVar("_T")


#: the UI reads files in two threads: dropping the oldest part while another thread adds one
#: would iterate a dict that changes size
_shared_lock = threading.Lock()


def _remember(shared: dict[_PartKey, _T], key: _PartKey, value: _T) -> _T:
    with _shared_lock:
        if len(shared) >= _SHARED_PARTS:
            shared.pop(next(iter(shared), None), None)  # type: ignore[arg-type]
        shared[key] = value
    return value


class _SharedStyles:
    """What lookups in one styles part found: a style (or None) by id, the default paragraph
    style's id. Only what a lookup found with the part open and undamaged is kept, which is what
    any document with the same part finds."""

    __slots__ = ("styles", "default")

    def __init__(self) -> None:
        self.styles: dict[str, _Style | None] = {}
        self.default: str | None | object = _UNSEEN


_shared_styles: dict[_PartKey, _SharedStyles] = {}


class _LazyStyles:
    """Styles looked up one id at a time in the raw ``styles.xml``, inflated only as far as needed.

    Templates ship styles parts of several hundred kilobytes of which a document uses a handful,
    usually defined near the top. The part is inflated in steps until the referenced
    ``<w:style>`` elements are found, and four attributes are read from each: a fraction of the
    cost of inflating and parsing the whole part. Parts that do not use the usual ``w:`` prefix
    are read and parsed whole instead. The first step is small (a template's styles part opens
    with some 14 KB of latent styles, and the styles a document uses follow); each later step
    adds half of what is already read, so a deep lookup takes few steps.
    """

    _CHUNK = 8 * 1024

    def __init__(self, zf: zipfile.ZipFile | None, member: str | None, what: str) -> None:
        self._what = what
        self._member = member
        self._cache: dict[str, _Style | None] = {}
        self._full: dict[str, _Style] | None = None
        self._whole: dict[str, _Style] | None = None  # the part parsed whole, for ids no search key finds
        self._raw = b""
        self.error: str | None = None  # a damaged part stops the lookups, with this warning
        self._fh: IO[bytes] | _ooxml.Inflating | None = None
        self._left = 0
        self._floor = 0  # no style id attribute starts before this offset of the raw part
        self._floor_found = False  # the floor is the first id attribute itself
        self._default: str | None | object = _UNSEEN  # the default paragraph style's id
        self._default_scan = 0  # no default paragraph style starts before this offset
        self._shared: _SharedStyles | None = None  # None once the lookups stop inflating
        if zf is None or member is None:
            return
        try:
            info = zf.getinfo(member)
            self._fh = _ooxml.open_member(zf, member)
        except (KeyError, zipfile.BadZipFile, NotImplementedError, RuntimeError) as exc:
            raise ParseError(f"{what}: member {member!r} cannot be read: {exc}"[:300]) from None
        self._left = info.file_size
        key = _ooxml.stored_key(zf, member)
        shared = _shared_styles.get(key) if key is not None else None
        if shared is not None:
            # a part read before, its first step inflated undamaged and in the usual form: steps
            # are inflated when a lookup the shared part does not answer needs them
            self._shared = shared
            return
        self._more()
        if self._raw and self._raw.find(b"<w:styles", 0, 4096) < 0:
            while self._more():
                pass
            root = _ooxml.parse_xml(self._raw, f"{what} {member}")
            self._full = _styles(root)
            self._default = _default_paragraph_style(root)
        elif self._fh is not None and key is not None:
            self._shared = _remember(_shared_styles, key, _SharedStyles())

    def _more(self) -> bool:
        """Inflate the next chunk (never past the declared size); False at the end."""
        if self._fh is None:
            return False
        try:
            step = max(self._CHUNK, len(self._raw) // 2)
            chunk = self._fh.read(min(step, self._left)) if self._left > 0 else b""
        except (zipfile.BadZipFile, zlib.error, EOFError) as exc:
            self.close()
            self.error = (
                f"{self._what}: member {self._member!r} is damaged ({exc}); styles after it were not read"
            )
            return False
        if not chunk:
            self.close()
            return False
        self._left -= len(chunk)
        self._raw += chunk
        return True

    def close(self) -> None:
        """Stop inflating (at the end of the part, at damage, or when the caller is done): later
        lookups read what was inflated, and are not shared."""
        self._shared = None
        if self._fh is not None:
            self._fh.close()
            self._fh = None

    def get(self, sid: str) -> _Style | None:
        if self._full is not None:
            return self._full.get(sid)
        style = self._cache.get(sid, _UNSEEN)
        if style is not _UNSEEN:
            return style  # type: ignore[return-value]
        shared = self._shared
        if shared is not None:
            style = shared.styles.get(sid, _UNSEEN)
            if style is not _UNSEEN:
                self._cache[sid] = style  # type: ignore[assignment]
                return style  # type: ignore[return-value]
        style = self._cache[sid] = self._lookup(sid)
        if self._shared is not None:  # (still open and undamaged)
            self._shared.styles[sid] = style
        return style

    def _lookup(self, sid: str) -> _Style | None:
        if not sid.isalnum() and _WRITTEN_EITHER_WAY.search(sid):
            return self._parsed_whole().get(sid)
        # the first definition of the id in the part, inflating as far as it takes; an id of
        # letters and digits is written as it is, others with & < " as entities (what every writer does)
        key = _ID_ATTR + (sid if sid.isalnum() else _attr_escape(sid)).encode("utf-8") + b'"'
        start = self._floor if self._floor_found else self._first_id()  # no key starts before
        at = end = -1
        while True:
            raw = self._raw
            at = raw.find(key, start)
            if at >= 0:
                end = raw.find(b"</w:style>", at)
                if end >= 0:
                    break
                start = at
            else:
                start = max(0, len(raw) - len(key) + 1)
            if not self._more():
                break
            if not self._floor_found:  # the first id attribute may be in the new chunk
                start = max(start, self._first_id())
        return self._find(sid, at, end) if at >= 0 else None

    def default_paragraph(self) -> str | None:
        """The id of the first paragraph style marked ``w:default`` (see
        :func:`_default_paragraph_style`), found by a search of the raw part, inflated until it
        is met (Word writes it first, after the latent styles); None for a part without one."""
        if self._default is not _UNSEEN:
            return self._default  # type: ignore[return-value]
        shared = self._shared
        if shared is not None and shared.default is not _UNSEEN:
            self._default = shared.default
            return shared.default  # type: ignore[return-value]
        found = None
        while found is None:
            raw = self._raw
            for m in _SNIP_DEFAULT.finditer(raw, self._default_scan):
                self._default_scan = m.end()
                sid = _SNIP_ID.search(m.group())
                if sid and _SNIP_PARAGRAPH.search(m.group()):
                    found = html.unescape(sid.group(1).decode("utf-8", "replace"))
                    break
            else:
                # a start tag the inflated bytes cut short begins at their last "<"
                self._default_scan = max(self._default_scan, raw.rfind(b"<"))
                if not self._more():
                    break
        self._default = found
        if self._shared is not None:
            self._shared.default = found
        return found

    def _first_id(self) -> int:
        """The offset of the part's first ``w:styleId`` attribute, or as far as the inflated bytes
        are known to hold none: every search for a style starts there, past the latent styles
        and document defaults that open a template's styles part."""
        if not self._floor_found:
            raw = self._raw
            at = raw.find(_ID_ATTR, self._floor)
            if at >= 0:
                self._floor = at
                self._floor_found = True
            else:
                self._floor = max(0, len(raw) - len(_ID_ATTR) + 1)
        return self._floor

    def _parsed_whole(self) -> dict[str, _Style]:
        """Every style of the part, inflated and parsed whole (once): for an id holding ``'`` or
        ``>``, which writers put in an attribute either as they are or as entities, so no one
        search key finds it. A part that does not parse gives no styles for such ids (damage
        in the stream is already a warning)."""
        if self._whole is None:
            while self._more():
                pass
            try:
                self._whole = _styles(_ooxml.parse_xml(self._raw, f"{self._what} {self._member}"))
            except ParseError:
                self._whole = {}
        return self._whole

    def _find(self, sid: str, at: int, end: int) -> _Style | None:
        """The style whose ``styleId`` attribute starts at ``at`` (its element ends at ``end``,
        or -1 when the part ended first). Each field is the first of its kind in the element
        (``outlineLvl``, ``numId`` and ``ilvl`` in its first ``pPr``), read in place."""
        raw = self._raw
        start = raw.rfind(b"<w:style ", 0, at)
        if start < 0:
            return None
        stop = end if end > 0 else len(raw)
        name = _SNIP_NAME.search(raw, start, stop)
        based = _SNIP_BASED.search(raw, start, stop)
        outline = numid = ilvl = None
        ppr_at = raw.find(b"<w:pPr", start, stop)
        if ppr_at >= 0:
            ppr_end = raw.find(b"</w:pPr>", ppr_at, stop)
            if ppr_end < 0:  # unclosed: up to the element's last byte but one
                ppr_end = stop - 1
            outline = _SNIP_OUTLINE.search(raw, ppr_at, ppr_end)
            numid = _SNIP_NUMID.search(raw, ppr_at, ppr_end)
            if numid:
                ilvl = _SNIP_ILVL.search(raw, ppr_at, ppr_end)
        return _Style(
            _name_level((html.unescape(name.group(1).decode("utf-8", "replace")) if name else sid) or sid),
            html.unescape(based.group(1).decode("utf-8", "replace")) if based else None,
            int(outline.group(1)) if outline else None,
            (numid.group(1).decode(), int(ilvl.group(1)) if ilvl else 0) if numid else None,
        )


def _numpr(numpr: etree._Element | None) -> tuple[str, int] | None:
    if numpr is None:
        return None
    nid = _child(numpr, W_NUMID)
    ilvl = _child(numpr, W_ILVL)
    num_id = nid.get(W_VAL) if nid is not None else None
    return (num_id or "", _int(ilvl.get(W_VAL) if ilvl is not None else None) or 0)


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


class _Level(NamedTuple):
    """How Word numbers one list level: its first number, number format (``numFmt``), the text
    shown (``lvlText``, ``%1``…``%9`` standing for the levels' numbers), the level after whose
    use it starts again (``lvlRestart``, 1-based; None: after any level above it, 0: never),
    whether the numbers it shows are all decimal (``isLgl``) and whether its number is hidden
    text (``w:vanish`` in the level's run properties, those of the number alone: Word shows no
    number, and the paragraph still counts in the list)."""

    start: int
    fmt: str
    text: str
    restart: int | None
    legal: bool
    hidden: bool = False


def _level(lvl: etree._Element) -> _Level:
    start = fmt = text = restart = None
    legal = False
    hidden: bool | None = None
    for child in lvl:  # the first of each kind counts
        tag = child.tag
        if tag == W_START_AT:
            start = _int(child.get(W_VAL)) if start is None else start
        elif tag == W_NUMFMT:
            fmt = fmt or child.get(W_VAL) or "decimal"
        elif tag == W_LVLTEXT:
            text = child.get(W_VAL) or "" if text is None else text
        elif tag == W_LVLRESTART:
            restart = _int(child.get(W_VAL)) if restart is None else restart
        elif tag == W_ISLGL:
            legal = bool(_on(child))
        elif tag == W_RPR and hidden is None:
            hidden = _number_hidden(child)
    return _Level(
        start if start is not None else 0, fmt or "decimal", text or "", restart, legal, bool(hidden)
    )


def _number_hidden(rpr: etree._Element) -> bool:
    """Whether a list level's run properties make its number hidden text."""
    vanish = _child(rpr, W_VANISH)
    return vanish is not None and bool(_on(vanish))


_LEVEL_NUMBER = re.compile(r"%([1-9])")


class _Numbering:
    """The list levels of ``numbering.xml``, resolved per numId on first use: a template defines
    dozens of abstract lists of nine levels each, of which a document uses a few.

    It also keeps Word's list counters, for the numbers given as text (those of paragraphs in
    table cells): one set per abstract list, which every numId naming it continues, except a
    numId that redefines a level (its own set); a level's ``startOverride`` starts it again at
    that number the first time the numId uses it. Using a level starts the levels below it
    again (as their ``lvlRestart`` says).

    With ``load``, the part is read and parsed when a paragraph first asks for a list: many
    documents that have a numbering part number none of their paragraphs, and parsing it cost
    them a tenth to a quarter of their extraction time."""

    def __init__(self, root: etree._Element | None, load: Callable[[], _NumberingPart] | None = None) -> None:
        self._part = _NumberingPart(root)
        self._load = load
        self._counts: dict[str, dict[int, int]] = {}
        self._overridden: set[tuple[str, int]] = set()  # start overrides already applied

    def _num(self, num_id: str) -> tuple[etree._Element | None, etree._Element | None]:
        """The w:num a numId names and its w:abstractNum: the last w:num child with that numId
        (a missing one reads as "") that has a w:abstractNumId child gives the id ("" without
        one), and the last w:abstractNum child with that id is the one; both are looked for from
        the end."""
        root = self._loaded().root
        if root is None:
            return None, None
        ref_id = ""
        found = None
        for num in root.iterchildren(W_NUM, reversed=True):
            if (num.get(W_NUMID_ATTR) or "") == num_id:
                ref = _child(num, W_ABSTRACTNUMID)
                if ref is not None:
                    ref_id = ref.get(W_VAL) or ""
                    found = num
                    break
        for an in root.iterchildren(W_ABSTRACTNUM, reversed=True):
            if (an.get(W_ABSTRACTNUMID) or "") == ref_id:
                return found, an
        return found, None

    def _loaded(self) -> _NumberingPart:
        if self._load is not None:
            self._part, self._load = self._load(), None
        return self._part

    def _abstract(self, num_id: str) -> etree._Element | None:
        return self._num(num_id)[1]

    def _definition(self, num_id: str) -> tuple[str, dict[int, _Level], dict[int, int]]:
        defs = self._loaded().defs
        found = defs.get(num_id)
        if found is not None:
            return found
        num, an = self._num(num_id)
        levels: dict[int, _Level] = {}
        if an is not None:
            for lvl in an.iterchildren(W_LVL):
                levels[_int(lvl.get(W_ILVL_ATTR)) or 0] = _level(lvl)  # the last one, as in level()
        key = "a" + (an.get(W_ABSTRACTNUMID) or "") if an is not None else "n" + num_id
        starts: dict[int, int] = {}
        if num is not None:
            for override in num.iterchildren(W_LVLOVERRIDE):
                ilvl = _int(override.get(W_ILVL_ATTR)) or 0
                start = _child(override, W_STARTOVERRIDE)
                value = _int(start.get(W_VAL)) if start is not None else None
                if value is not None:
                    starts.setdefault(ilvl, value)
                lvl = _child(override, W_LVL)
                if lvl is not None:  # a level of its own: so are its counters
                    levels[ilvl] = _level(lvl)
                    key = "n" + num_id
        found = defs[num_id] = (key, levels, starts)
        return found

    def advance(self, num_id: str, ilvl: int) -> str:
        """Count one paragraph of list ``num_id`` at level ``ilvl`` and return the number Word
        shows before it: ``7.``, ``2.1``, ``b)``; ``•`` for a bullet; "" for a level that shows
        nothing or is not defined."""
        key, levels, starts = self._definition(num_id)
        level = levels.get(ilvl)
        if level is None:
            return ""
        self._count(key, levels, starts, num_id, ilvl, level)
        if level.hidden:
            return ""
        if level.fmt == "bullet":
            return "\u2022"
        return self._label(level, levels, self._counts[key])

    def count(self, paragraphs: list[tuple[str, int]]) -> int | None:
        """Count the list paragraphs ``paragraphs`` ((list id, level) each), in order, as
        :meth:`advance` counts each, and return the last one's counter's value (3 for Word's
        ``3.``, ``c)`` or ``iii.``); None for a level that is not defined."""
        defs = self._loaded().defs
        count = self._count
        value = None
        for num_id, ilvl in paragraphs:
            key, levels, starts = defs.get(num_id) or self._definition(num_id)
            level = levels.get(ilvl)
            value = None if level is None else count(key, levels, starts, num_id, ilvl, level)
        return value

    def _count(
        self,
        key: str,
        levels: dict[int, _Level],
        starts: dict[int, int],
        num_id: str,
        ilvl: int,
        level: _Level,
    ) -> int:
        counts = self._counts.setdefault(key, {})
        if ilvl in starts and (num_id, ilvl) not in self._overridden:
            self._overridden.add((num_id, ilvl))
            value = starts[ilvl]
        else:
            value = counts[ilvl] + 1 if ilvl in counts else level.start
        counts[ilvl] = value
        if len(counts) > 1:  # a level but this one counted: one deeper may start again
            for deeper in [d for d in counts if d > ilvl]:
                below = levels.get(deeper)
                restart = below.restart if below is not None else None
                if restart is None or (restart > 0 and ilvl < restart):
                    del counts[deeper]
        return value

    @staticmethod
    def _label(level: _Level, levels: dict[int, _Level], counts: dict[int, int]) -> str:
        def number(m: re.Match[str]) -> str:
            k = int(m.group(1)) - 1
            ref = levels.get(k)
            value = counts.get(k, ref.start if ref is not None else 0)
            return _number_text(
                value, "decimal" if level.legal else ref.fmt if ref is not None else "decimal"
            )

        return " ".join(_LEVEL_NUMBER.sub(number, level.text).split())

    def level(self, num_id: str, ilvl: int) -> tuple[bool, int]:
        """(ordered?, left indent in twips) of one level; (False, 0) when undefined."""
        cache = self._loaded().levels
        levels = cache.get(num_id)
        if levels is None:
            levels = {}
            an = self._abstract(num_id)
            if an is not None:
                for lvl in an.iter(W_LVL):
                    fmt = ppr = rpr = None
                    for child in lvl:  # the first numFmt, pPr and rPr among its children
                        tag = child.tag
                        if tag == W_NUMFMT:
                            if fmt is None:
                                fmt = child
                        elif tag == W_PPR and ppr is None:
                            ppr = child
                        elif tag == W_RPR and rpr is None:
                            rpr = child
                    value = (fmt.get(W_VAL) if fmt is not None else "bullet") or "bullet"
                    levels[_int(lvl.get(W_ILVL_ATTR)) or 0] = (
                        # a hidden number shows as none does
                        value not in _ORDERED_SKIP and (rpr is None or not _number_hidden(rpr)),
                        _indent(ppr) or 0,
                    )
            cache[num_id] = levels
        return levels.get(ilvl, (False, 0))


class _NumberingPart:
    """A numbering part (its root; None for none) and what was read of it per numId: the same
    for every document whose part is the same byte for byte (see :func:`_numbering_part`)."""

    __slots__ = ("root", "levels", "defs")

    def __init__(self, root: etree._Element | None) -> None:
        self.root = root
        self.levels: dict[str, dict[int, tuple[bool, int]]] = {}  # numId → (ordered?, indent) by level
        # numId → (whose counters, its levels, its start overrides)
        self.defs: dict[str, tuple[str, dict[int, _Level], dict[int, int]]] = {}


_shared_numbering: dict[_PartKey, _NumberingPart] = {}


def _numbering_part(zf: zipfile.ZipFile, name: str | None, what: str, warnings: list[str]) -> _NumberingPart:
    """The numbering part ``name`` read and parsed (None: no part; a damaged one is skipped with
    a warning), or as an earlier document with the same part left it."""
    if name is None:
        return _NumberingPart(None)
    key = _ooxml.stored_key(zf, name)
    if key is not None:
        known = _shared_numbering.get(key)
        if known is not None:
            return known
    root = _ooxml.optional_xml(zf, name, what, warnings)
    if key is None or root is None:
        return _NumberingPart(root)
    return _remember(_shared_numbering, key, _NumberingPart(root))


def _indent(ppr: etree._Element | None) -> int | None:
    if ppr is None:
        return None
    ind = _child(ppr, W_IND)
    if ind is None:
        return None
    return _int(ind.get(W_LEFT) or ind.get(W_START))


class _StyleInfo:
    def __init__(self, styles: _LazyStyles) -> None:
        self._styles = styles
        self.cache: dict[str | None, tuple[int, tuple[str, int] | None]] = {}

    def resolve(self, style_id: str | None) -> tuple[int, tuple[str, int] | None]:
        """(heading level or 0, numbering from the style) for a paragraph style id."""
        cached = self.cache.get(style_id)
        if cached is not None:
            return cached
        if not style_id:  # no style: the default paragraph style's, looked up once
            default = self._default_id()
            result = self.resolve(default) if default else (0, None)
            self.cache[style_id] = result
            return result
        get = self._styles.get
        st = get(style_id)
        if st is None:
            result = self.cache[style_id] = (0, None)
            return result
        level, based, outline, num = st
        seen = {style_id}
        while based and based not in seen:  # up the basedOn chain; the nearest value counts
            seen.add(based)
            st = get(based)
            if st is None:
                break
            if not level:
                level = st.heading
            if outline is None:
                outline = st.outline
            if num is None:
                num = st.num
            based = st.based_on
        if not level and outline is not None and 0 <= outline < 9:
            level = outline + 1
        result = (min(level, 6), num)
        self.cache[style_id] = result
        return result

    def numbered(self, style_id: str | None) -> bool:
        """Whether a paragraph style gives numbering (resolved once per id, as for any paragraph)."""
        resolved = self.cache.get(style_id) or self.resolve(style_id)
        return resolved[1] is not None

    def _default_id(self) -> str | None:
        """The default paragraph style's id: the one the styles part marks, else ``Normal``
        (the id Word gives it) when the part defines it."""
        marked = self._styles.default_paragraph()
        if marked and self._styles.get(marked) is not None:
            return marked
        return "Normal" if self._styles.get("Normal") is not None else None


# ----------------------------------------------------------------------------------------------
# the walk


class _Embeds(NamedTuple):
    """What reading an embedded object takes: the package, the attachment reader, its name."""

    zf: zipfile.ZipFile
    attacher: Attacher
    what: str


@dataclass(slots=True)
class _Pic:
    rid: str
    alt: str | None
    chart: str | None = None  # a chart's drawing name ("Chart 1"): its part is read, not a picture


# What the paragraph walk does with each element it meets (any other element is passed through).
(_K_TEXT, _K_P, _K_TAB, _K_BR, _K_CR, _K_LRPB, _K_HYPHEN, _K_DRAWING, _K_PICT, _K_FOOT, _K_END,
 _K_SYM, _K_FORM, _K_OLE, _K_RUBY, _K_GONE) = range(16)  # fmt: skip
_INLINE_KIND = {
    W_T: _K_TEXT,
    M_T: _K_TEXT,
    W_P: _K_P,
    W_TAB: _K_TAB,
    W_PTAB: _K_TAB,  # an absolute position tab (a header's right-aligned part)
    W_BR: _K_BR,
    W_CR: _K_CR,
    W_LRPB: _K_LRPB,
    W_NOBREAKHYPHEN: _K_HYPHEN,
    W_DRAWING: _K_DRAWING,
    W_PICT: _K_PICT,
    W_FOOTNOTEREF: _K_FOOT,
    W_ENDNOTEREF: _K_END,
    W_SYM: _K_SYM,
    W16SE_SYMEX: _K_SYM,
    W_FFDATA: _K_FORM,
    O_OLEOBJECT: _K_OLE,  # an embedded object (its v:shape preview, an EMF, is not read)
    W_RUBY: _K_RUBY,
    # what a reviewer's tracked change took out: deleted (its text in w:delText, but its
    # symbols, tabs, pictures and note references as anywhere) or moved away (its text in w:t,
    # read again where it went, in w:moveTo); the document reads as with the changes accepted
    W_DEL: _K_GONE,
    W_MOVEFROM: _K_GONE,
}
_CONTAINERS = frozenset((W_CUSTOMXML, W_INS, W_SMARTTAG))


_EMPTY_META = Block(PARAGRAPH, "").meta


def _table_rows(tbl: etree._Element) -> Iterator[etree._Element]:
    """The rows of a table in order, those a content control (``w:sdt``, a repeating section) or a
    custom XML element holds too. Walked with a stack: the wrappers may nest to any depth."""
    stack = [iter(tbl)]
    while stack:
        for child in stack[-1]:
            tag = child.tag
            if tag == W_TR:
                yield child
            elif tag == W_SDT:
                content = _child(child, W_SDTCONTENT)
                if content is not None:
                    stack.append(iter(content))
                    break
            elif tag == W_CUSTOMXML:
                stack.append(iter(child))
                break
        else:
            stack.pop()


def _mhtml_page(data: bytes) -> str | None:
    """The web page of an MHTML file (a MIME message whose first HTML part is the page)."""
    import email
    import email.policy

    message = email.message_from_bytes(data, policy=email.policy.default)
    for part in message.walk():
        if part.get_content_type() == "text/html":
            try:
                content = part.get_content()
            except (LookupError, ValueError):
                payload = part.get_payload(decode=True)
                return decode_html(payload) if isinstance(payload, bytes) else None
            return content if isinstance(content, str) else decode_html(content)
    return None


def _ruby_part(ruby: etree._Element, tag: str) -> str:
    """The text of a phonetic guide's base (``w:rubyBase``) or reading (``w:rt``)."""
    part = _child(ruby, tag)
    return "".join(t.text or "" for t in part.iter(W_T)) if part is not None else ""


def _child(parent: etree._Element, tag: str) -> etree._Element | None:
    """``parent.find(tag)`` for a plain tag: a loop over the few children costs less than the
    path parsing of ``find``."""
    for child in parent:
        if child.tag == tag:
            return child
    return None


#: the extensions of the documents an alternative format chunk may be that their own extractors
#: read (:meth:`_Walker.chunk_document`), by the extension of the extractor
_DOCUMENT_CHUNKS = {".rtf": ".rtf", ".docx": ".docx", ".docm": ".docx", ".dotx": ".docx", ".dotm": ".docx"}


class _Walker:
    def __init__(
        self,
        rels: dict[str, Rel],
        styles: _StyleInfo,
        numbering: _Numbering,
        sink: _ooxml.ImageSink,
    ) -> None:
        self.rels = rels
        self.styles = styles
        self.style_cache = styles.cache  # resolved styles by id, read directly on the hot path
        self.numbering = numbering
        self.sink = sink
        self.page = 1
        self.just_broke = True  # no text since the last counted break (start of the document)
        self.blocks: list[Block] = []  # final blocks, their lines numbered as they are added
        self.texts: list[str] = []  # their texts, joined into the document text at the end
        self.line = 1
        self.pending_list: list[ListItem] = []
        self.list_page = 1
        self.list_stack: list[tuple[str, int]] = []
        self.note_refs: list[tuple[str, str]] = []  # (kind, id) in order of reference
        self.note_marks: dict[tuple[str, str], tuple[str, str]] = {}  # custom: (label, mark)
        self.note_labels: dict[tuple[str, str], str] = {}  # every note referred to: its label
        #: the numbering of footnotes and endnotes, made when a note is first referred to;
        #: Word's defaults without a document's settings
        self.note_numbering: Callable[[], _NoteNumbering] = lambda: _NoteNumbering(
            None, etree.Element(_w("body"))
        )
        self.note_numbers: _NoteNumbering | None = None
        self.note_parts: dict[str, etree._Element | None] = {}  # footnotes, endnotes parts by kind
        self.numbered: list[tuple[str, int]] = []  # body list paragraphs not yet counted
        self.objects: list[tuple[str, str | None]] = []  # (r:id, ProgID) of objects not yet read
        self.embeds: _Embeds | None = None  # reads them; None: objects are not read
        #: the file's context, for the Word and RTF chunks imported into notes, headers and footers
        #: once ``embeds`` is gone (how deep they stand)
        self.ctx = ExtractContext()
        self.part_rels: dict[str, dict[str, Rel]] = {}  # a secondary part's name → its relationships
        self.zf: zipfile.ZipFile | None = None  # the package, where the chart and ink parts are read
        self.what = "DOCX"  # the file's name, for the messages of what is read from it
        self.held = Attached()  # what the embedded files gave
        #: the objects set aside (embedded()): the place of their blocks, what reads them, and
        #: each one's relationship, id and ProgID, its heading's level and its page
        self.deferred: list[tuple[int, _Embeds, list[tuple[Rel | None, str, str | None]], int, int]] = []
        self.hidden = _wordshown.NO_HIDDEN_STYLES  # the styles whose text Word does not show
        #: the prompts of the glossary part's building blocks (content controls' placeholders)
        self.glossary: Callable[[], dict[str, str]] = dict

    def add(
        self,
        kind: str,
        text: str,
        level: int = 0,
        page: int | None = None,
        *,
        items: tuple[ListItem, ...] = (),
        rows: tuple[tuple[str, ...], ...] = (),
        header: tuple[str, ...] | None = None,
        row_numbers: tuple[int, ...] = (),
        images: tuple[str, ...] = (),
        alt: str | None = None,
        meta: Mapping[str, Any] | None = None,
    ) -> None:
        """Append a block with its lines in the document text (``model.assemble``'s numbering,
        done here so that each block is built once)."""
        if not text:
            if kind != IMAGE:
                return
            text = f"[Image: {alt or ''}]"
        line = self.line
        last = line + text.count("\n")
        block = make_block(
            kind,
            text,
            level,
            (line, last),
            page,
            items,
            rows,
            header,
            row_numbers,
            images,
            alt,
            meta or _EMPTY_META,
        )
        self.blocks.append(block)
        self.texts.append(text)
        self.line = last + 2  # the blank line between blocks

    # -- paragraphs --------------------------------------------------------------------------

    def paragraph(self, p: etree._Element) -> tuple[str, int, list[_Pic]]:
        """(text, page of its first text, images) of one paragraph. The paragraphs of text boxes
        inside it are part of its text, a line each, numbered ones starting with their number.

        Runs are read child by child: their text elements directly, their properties skipped;
        anything else (hyperlinks, fields, drawings, breaks …) goes through :meth:`_inline` in
        document order. Paragraph properties before any text are skipped too: the only inline
        element they hold is ``w:tab`` (a tab stop), which would only add leading whitespace."""
        parts: list[str] = []
        pics: list[_Pic] = []
        first_page: int | None = None
        page = self.page
        just_broke = self.just_broke
        for child in p:
            tag = child.tag
            if tag == W_R:
                for el in child:
                    tag = el.tag
                    if tag == W_T:
                        text = el.text
                        if text:
                            if first_page is None and text.strip():
                                first_page = page
                            parts.append(text)
                            just_broke = False
                        if len(el):  # (never in a valid part) what is inside, as the walk would
                            page, just_broke, first_page = self._inline(
                                el.iterdescendants(), parts, pics, page, just_broke, first_page
                            )
                    elif tag != W_RPR:
                        page, just_broke, first_page = self._inline(
                            el.iter(), parts, pics, page, just_broke, first_page
                        )
            elif tag != W_PPR or parts:
                page, just_broke, first_page = self._inline(
                    child.iter(), parts, pics, page, just_broke, first_page
                )
        self.page = page
        self.just_broke = just_broke
        return "".join(parts), first_page if first_page is not None else page, pics

    def _inline(
        self,
        elements: Iterator[etree._Element],
        parts: list[str],
        pics: list[_Pic],
        page: int,
        just_broke: bool,
        first_page: int | None,
    ) -> tuple[int, bool, int | None]:
        """Read the inline elements of a paragraph in document order (``parts`` and ``pics``
        filled in place); returns the page, the no-text-since-a-break flag and the first text's page."""
        kinds = _INLINE_KIND
        for el in elements:
            kind = kinds.get(el.tag)
            if kind is None:
                continue
            if kind == _K_TEXT:
                text = el.text
                if text:
                    if first_page is None and text.strip():
                        first_page = page
                    parts.append(text)
                    just_broke = False
            elif kind == _K_P:  # a paragraph of a text box inside this one: a line of its own
                if parts and not parts[-1].endswith("\n"):
                    parts.append("\n")
                number = self._number_shown(el, "-")  # a bullet as the body's lists show it
                if number:
                    parts.append(number)
            elif kind == _K_TAB:
                parts.append("\t")
            elif kind == _K_BR:
                br = el.get(W_TYPE)
                if br == "page" or br == "column":
                    if br == "page":
                        page += 1
                    just_broke = True
                    # the text after it starts a page or a column: a line of its own, not run
                    # into the word before it
                    if parts and not parts[-1].endswith("\n"):
                        parts.append("\n")
                else:
                    parts.append("\n")
            elif kind == _K_LRPB:
                if not just_broke:
                    page += 1
                    just_broke = True
            elif kind == _K_CR:
                parts.append("\n")
            elif kind == _K_HYPHEN:
                parts.append("-")
            elif kind == _K_DRAWING:
                pics.extend(self._drawing_pics(el))
            elif kind == _K_PICT:
                pics.extend(self._vml_pics(el))
            elif kind == _K_SYM:
                char = _symbol(el)
                if char:
                    if first_page is None:
                        first_page = page
                    parts.append(char)
                    just_broke = False
            elif kind == _K_OLE:
                self.objects.append((el.get(R_ID) or "", el.get("ProgID")))
            elif kind == _K_RUBY:
                # a phonetic guide (furigana over kanji): its base, then the reading in
                # parentheses, the way plain Japanese text gives a reading; the reading (w:rt,
                # written before the base) ran into the words before it. Read here, whole.
                base, reading = _ruby_part(el, W_RUBYBASE), _ruby_part(el, W_RT)
                shown = f"{base}({reading})" if base.strip() and reading.strip() else base or reading
                if shown:
                    if first_page is None and shown.strip():
                        first_page = page
                    parts.append(shown)
                    just_broke = False
                for _ in el.iterdescendants():
                    next(elements, None)
            elif kind == _K_GONE:  # all it holds is left out (an empty mark holds nothing)
                for _ in el.iterdescendants():
                    next(elements, None)
            elif kind == _K_FORM:
                value = _form_value(el)
                if value:
                    if first_page is None and value.strip():
                        first_page = page
                    parts.append(value)
                    just_broke = False
            else:
                nid = el.get(W_ID) or ""
                note = "footnote" if kind == _K_FOOT else "endnote"
                self.note_refs.append((note, nid))
                parts.append(f"[^{self._note_label(el, note, nid)}]")
        return page, just_broke, first_page

    def _note_label(self, ref: etree._Element, kind: str, nid: str) -> str:
        """The label of a note's reference: its custom mark when it has one (``customMarkFollows``:
        the mark is the text after the reference, which is then not read again), as the reader
        sees it; else the number Word gives it, counting the notes of its kind in the order they
        are referred to, in the numbering format and from the first number the document sets
        (:class:`_NoteNumbering`; footnotes ``1``, ``2`` …, endnotes ``i``, ``ii`` …), whatever their
        ids (a file saved by LibreOffice numbers its first footnote's id 2). A custom mark that
        cannot be a label (a space in it, or a number) leaves the note its id. Each label made
        unique with ``-2``, ``-3`` …; a note referred to again keeps its label."""
        custom = ref.get(W_CUSTOMMARK) in ("1", "true", "on")
        mark = _custom_mark(ref, self.note_start(kind, nid)) if custom else ""
        known = self.note_labels.get((kind, nid))
        if known is not None:  # the same note referred to again
            return known
        if not custom:
            label = self._unique(self._note_number(ref, kind))
        elif not _MARK_LABEL.fullmatch(mark) or _NUMBER_LABEL.fullmatch(mark):
            label = self._unique(_note_label(kind, nid))
        else:
            label = self._unique(mark)
            self.note_marks[(kind, nid)] = (label, mark)
        self.note_labels[(kind, nid)] = label
        return label

    def _unique(self, label: str) -> str:
        taken = set(self.note_labels.values())
        unique, n = label, 1
        while unique in taken:
            n += 1
            unique = f"{label}-{n}"
        return unique

    def _note_number(self, ref: etree._Element, kind: str) -> str:
        """The next number of a note of ``kind``, as its label writes it."""
        if self.note_numbers is None:
            self.note_numbers = self.note_numbering()
        return self.note_numbers.label(ref, kind)

    def note_start(self, kind: str, nid: str) -> str:
        """The first characters of a note's text (its ``w:t``), where Word writes a custom mark
        again; "" when the note or its part is missing."""
        root = self.note_parts.get(kind)
        if root is None:
            return ""
        for note in root.iterchildren(_w(kind)):
            if note.get(W_ID) == nid:
                start = []
                for t in note.iter(W_T):
                    start.append(t.text or "")
                    if sum(map(len, start)) > 16:
                        break
                return "".join(start).lstrip()
        return ""

    def _drawing_pics(self, drawing: etree._Element) -> Iterator[_Pic]:
        doc_pr = next(drawing.iter(WP_DOCPR), None)
        alt = None
        name = "image"
        if doc_pr is not None:
            alt = _ooxml.clean_alt(doc_pr.get("descr")) or _ooxml.clean_alt(doc_pr.get("title"))
            name = doc_pr.get("name") or name
        found = False
        for blip in drawing.iter(A_BLIP):
            rid = blip.get(R_EMBED) or blip.get(R_LINK)
            if rid:
                found = True
                # a picture of a text box inside this drawing is its own drawing's, read with it
                if next(blip.iterancestors(W_DRAWING)) is drawing:
                    yield _Pic(rid, alt)
        if not found:
            data = next(drawing.iter(A_GRAPHICDATA), None)
            uri = (data.get("uri") or "") if data is not None else ""
            if uri.endswith(("/chart", "/chartex")):
                ref = next(data.iter(C_CHART, CX_CHART), None)
                yield _Pic((ref.get(R_ID) or "") if ref is not None else "", alt, name)

    def _vml_pics(self, pict: etree._Element) -> Iterator[_Pic]:
        for data in pict.iter(V_IMAGEDATA):
            rid = data.get(R_ID)
            if not rid or next(data.iterancestors(W_PICT)) is not pict:  # one of a text box's picture
                continue
            shape = data.getparent()
            alt = _ooxml.clean_alt(shape.get("alt")) if shape is not None else None
            alt = alt or _ooxml.clean_alt(data.get("title"))
            yield _Pic(rid, alt)

    def body(self, parent: etree._Element) -> None:
        for child in parent:
            tag = child.tag
            if tag == W_P:
                self.body_paragraph(child)
            elif tag == W_TBL:
                self.flush_list()
                self.table(child)
            elif tag == W_SDT:
                content = _child(child, W_SDTCONTENT)
                if content is not None:
                    self.body(content)
            elif tag in _CONTAINERS:
                self.body(child)
            elif tag == W_ALTCHUNK:
                self.flush_list()
                self.alt_chunk(child)
            if self.objects:
                self.embedded()

    def alt_chunk(self, el: etree._Element) -> None:
        """Content in another format that Word imports where it stands when it opens the file
        (``w:altChunk``, its part named by an ``aFChunk`` relationship), read as the body's
        blocks (:meth:`chunk_content`)."""
        name, blocks = self.chunk_content(el)
        self.chunk_blocks(blocks, name)

    def chunk_content(
        self, el: etree._Element, rels: dict[str, Rel] | None = None
    ) -> tuple[str, list[Block]]:
        """The name and the blocks of an imported chunk (``w:altChunk``): as programs that write
        Word files from web pages leave it, HTML (``.htm``, ``.html``, ``.xhtml``), MHTML (a web
        page with its parts, ``.mht``) or plain text; as programs that put documents together
        leave it, an RTF file or a Word file (told by their extensions, else by their first
        bytes), read by their own extractors (:meth:`chunk_document`). A chunk of another kind,
        or one that cannot be read, gives no blocks and is listed in ``Coverage.skipped``.
        ``rels``: the relationships of the part holding it, where it is not the main part's."""
        rid = el.get(R_ID) or ""
        rel = (self.rels if rels is None else rels).get(rid)
        name = posixpath.basename(rel.target) if rel is not None else rid
        if rel is None or rel.external or self.zf is None or not _ooxml.has_member(self.zf, rel.target):
            why = "its part is missing from the container"
            self.sink.skipped.append(Skipped("alternative format chunk", name or "w:altChunk", why))
            return name, []
        try:
            data = _ooxml.read(self.zf, rel.target, self.what)
        except ParseError as exc:
            self.sink.skipped.append(Skipped("alternative format chunk", name, f"{exc.code}: {exc.message}"))
            return name, []
        ext = posixpath.splitext(name)[1].lower()
        if ext in (".mht", ".mhtml"):
            page = _mhtml_page(data)
        elif ext in (".htm", ".html", ".xhtml", ".xht"):
            page = decode_html(data)
        elif ext == ".txt":
            parts = re.split(r"\n\s*\n", decode_html(data).strip())
            return name, [Block(PARAGRAPH, text) for para in parts if (text := _tidy(para))]
        elif ext in _DOCUMENT_CHUNKS or data.startswith((b"{\\rtf", b"PK\x03\x04")):
            kind = _DOCUMENT_CHUNKS.get(ext) or (".rtf" if data.startswith(b"{\\rtf") else ".docx")
            return name, self.chunk_document(data, name, kind) or []
        else:
            page = None
        if page is None:
            why = (
                f"content in another format ({ext or 'no extension'}) that Word imports on opening; not read"
            )
            self.sink.skipped.append(Skipped("alternative format chunk", name, why))
            return name, []
        return name, html_blocks(page)[0]

    def chunk_texts(self, el: etree._Element, rels: dict[str, Rel] | None = None) -> list[str]:
        """The text of an imported chunk standing where lines of text are read (a table cell, a
        note, a header or footer): a line for each of its blocks, a table's cells one by one, its
        pictures listed as skipped (:meth:`chunk_picture`); ``rels`` as for :meth:`chunk_content`."""
        name, blocks = self.chunk_content(el, rels)
        texts: list[str] = []
        for block in blocks:
            if block.kind == IMAGE:
                self.chunk_picture(block, name)
            elif block.kind == TABLE:
                cells = [*(block.header or ()), *(c for row in block.rows for c in row)]
                texts.extend(_one_line(c) for c in cells if c.strip())
            elif block.text.strip():
                texts.append(_one_line(block.text))
        return texts

    def chunk_picture(self, block: Block, name: str) -> None:
        """A picture of an imported chunk listed as skipped: a web page's are links, or parts of
        an MHTML; a document's are not taken in."""
        self.sink.skipped.append(
            Skipped(
                "image",
                f"{name}: {block.alt or block.meta.get('src') or 'picture'}"[:200],
                "a picture of an imported chunk (not read)",
            )
        )

    def chunk_document(self, data: bytes, name: str, ext: str) -> list[Block] | None:
        """The blocks of an RTF or a Word file imported as a chunk, read by the extractor of its
        kind (``ext``, ``.rtf`` or ``.docx``) as a file it holds, one level deeper (a chunk of a
        chunk … as deep as attachments are read); what it lists as skipped is listed with the
        chunk's name in front. None, and the chunk listed as skipped with why, when it cannot be
        read."""
        ctx = self.embeds.attacher.ctx if self.embeds is not None else self.ctx
        if ctx.attachment_depth >= MAX_DEPTH:
            why = f"a chunk {MAX_DEPTH + 1} levels deep, over the {MAX_DEPTH}-level limit"
            self.sink.skipped.append(Skipped("alternative format chunk", name, why))
            return None
        from ..api import extract_bytes  # (the API imports the registry, which imports this)

        child = replace(ctx, filename=name, attachment_depth=ctx.attachment_depth + 1)
        try:
            doc = extract_bytes(data, f"chunk{ext}", child)
        except EmptyExtraction:
            return []
        except ChunkscopeError as exc:
            self.sink.skipped.append(Skipped("alternative format chunk", name, f"{exc.code}: {exc.message}"))
            return None
        self.sink.skipped.extend(replace(s, name=f"{name}: {s.name}"[:200]) for s in doc.coverage.skipped)
        return list(doc.blocks)

    def chunk_blocks(self, blocks: list[Block], name: str) -> None:
        """The blocks an imported chunk gives, added where it stands with what their meta says
        (a table or code block held by a list item, the quotes in an item's text, a code block's
        language), its pictures listed as skipped (a web page's are links, or parts of an MHTML;
        a document's are not taken in)."""
        for block in blocks:
            if block.kind == IMAGE:
                self.chunk_picture(block, name)
                continue
            self.add(
                block.kind,
                block.text,
                block.level,
                self.page,
                items=block.items,
                rows=block.rows,
                header=block.header,
                row_numbers=block.row_numbers,
                meta=block.meta,
            )

    def embedded(self) -> None:
        """The files embedded by the objects of the paragraph or table just read, to be placed
        after it under an ``Embedded: name`` heading one level below the heading they stand
        under: set aside, and read by :meth:`read_embedded` once the document's text is known."""
        objects, self.objects = self.objects, []
        if self.embeds is None:
            return
        self.flush_list()
        level = next((b.level for b in reversed(self.blocks) if b.kind == HEADING), 0) + 1
        found = [(self.rels.get(rid), rid, prog_id) for rid, prog_id in objects]
        self.deferred.append((len(self.blocks), self.embeds, found, level, self.page))

    def read_embedded(self) -> None:
        """Read the objects :meth:`embedded` set aside, the document's own text reserved first in
        the text limit, each file's blocks where its object stands; the lines of the blocks
        after the first renumbered as :meth:`add` numbers them."""
        if not self.deferred:
            return
        own = sum(map(len, self.texts)) + 2 * len(self.texts)
        places: list[tuple[int, list[Block]]] = []
        for at, embeds, found, level, page in self.deferred:
            embeds.attacher.own = own
            here: list[Block] = []
            for rel, rid, prog_id in found:
                got = _embedded.read_object(
                    embeds.zf, rel, rid, prog_id, embeds.attacher, embeds.what, level=level, page=page
                )
                here += got.blocks
                self.held.add(got)
            if here:
                places.append((at, here))
        self.deferred = []
        if not places:
            return
        for at, here in reversed(places):  # back to front: each place counted before still holds
            self.blocks[at:at] = here
        first = places[0][0]
        line = self.blocks[first - 1].lines[1] + 2 if first else 1
        for i in range(first, len(self.blocks)):
            block = self.blocks[i]
            last = line + block.text.count("\n")
            if block.lines != (line, last):
                self.blocks[i] = replace(block, lines=(line, last))
            line = last + 2
        self.texts = [b.text for b in self.blocks]
        self.line = line

    def body_paragraph(self, p: etree._Element) -> None:
        style_id = num = outline = indent = None
        # The commonest paragraph, one run of one text element after at most a pPr holding only
        # a style, is read by index after a count: no child iterators, only the elements read.
        raw = None
        n = len(p)
        r = p[0] if n == 1 or n == 2 else None
        if n == 2:
            if r.tag == W_PPR and len(r) == 1:
                prop = r[0]
                if prop.tag == W_PSTYLE:
                    style_id = prop.get(W_VAL)
                    r = p[1]
                else:
                    r = None
            else:
                r = None
        if r is not None and r.tag == W_R and len(r) == 1:
            t = r[0]
            if t.tag == W_T and not len(t):
                raw = t.text or ""
        if raw is not None:  # what the pass below gives for it
            page = self.page
            pics: list[_Pic] = []
            if raw:
                self.just_broke = False
        else:
            raw, page, pics, style_id, num, outline, indent = self._paragraph_pass(p)
        level, style_num = self.style_cache.get(style_id) or self.styles.resolve(style_id)
        if outline is not None:
            level = outline + 1 if 0 <= outline < 9 else 0
        if level > 6:
            level = 6
        if num is not None and not num[0] and style_num is not None:
            num = (style_num[0], num[1])
        if num is None:
            num = style_num
        if num is not None and num[0] in ("", "0"):
            num = None
        text = raw.strip()
        if num is not None and level and text:
            # a numbered heading ("2.3 Methods"): the number Word shows before it is its text's
            if self.numbered:
                self.numbering.count(self.numbered)
                self.numbered.clear()
            label = self.numbering.advance(num[0], num[1])
            if label and label != "\u2022":
                text = raw = f"{label} {text}"
        elif num is not None:
            self.numbered.append(num)  # counted when a number is next given as text
            if text and not level:
                if not self.pending_list:
                    self.list_page = page
                    self.list_stack = []
                ordered, lvl_indent = self.numbering.level(num[0], num[1])
                depth = self._depth(num, indent if indent is not None else lvl_indent)
                number = self.count_numbered() if ordered else None
                self.pending_list.append(new_item(_one_line(text), min(depth + num[1], 8), ordered, number))
                if pics:
                    self.flush_list()
                    self.images(page, pics)
                return
        if self.pending_list:
            if not text and not pics and _wordshown.mark_hidden(p, self.hidden):
                return  # a paragraph hidden whole (its text and its mark): Word shows nothing there
            self.flush_list()
        if text:  # what add() does, for the most common blocks
            line = self.line
            if level or "\n" not in raw:
                out = _one_line(text)
                last = line  # one line
            else:
                out = _tidy(raw)
                last = line + out.count("\n")
            kind = HEADING if level else PARAGRAPH
            lines = (line, last)
            self.blocks.append(
                make_block(kind, out, level, lines, page, (), (), None, (), (), None, _EMPTY_META)
            )
            self.texts.append(out)
            self.line = last + 2
        if pics:
            self.images(page, pics)

    def _paragraph_pass(
        self, p: etree._Element
    ) -> tuple[str, int, list[_Pic], str | None, tuple[str, int] | None, int | None, int | None]:
        """(text, page, images, style id, numbering, outline level, indent) of a body paragraph.

        One pass over the children: the properties (style, numbering, outline level, indent)
        of a leading pPr, then runs of plain text (with their rPr) read directly. At anything
        else the pass stops and :meth:`paragraph` reads the text from the start."""
        style_id = num = outline = indent = None
        parts: list[str] = []
        plain = True
        first = True
        for child in p:
            tag = child.tag
            if tag == W_R:
                for el in child:
                    tag = el.tag
                    if tag == W_T and not len(el):
                        text = el.text
                        if text:
                            parts.append(text)
                    elif tag != W_RPR:
                        plain = False
                        break
                if not plain:
                    break
            elif first and tag == W_PPR:
                for prop in child:
                    tag = prop.tag
                    if tag == W_PSTYLE:
                        style_id = prop.get(W_VAL)
                    elif tag == W_NUMPR:
                        num = _numpr(prop)
                    elif tag == W_OUTLINE:
                        outline = _int(prop.get(W_VAL))
                    elif tag == W_IND:
                        indent = _int(prop.get(W_LEFT) or prop.get(W_START))
            else:
                plain = False
                break
            first = False
        if plain:  # what paragraph() gives for these runs
            raw = "".join(parts)
            page = self.page
            pics = []
            if parts:
                self.just_broke = False
        else:
            raw, page, pics = self.paragraph(p)
        return raw, page, pics, style_id, num, outline, indent

    def count_numbered(self) -> int | None:
        """Count the body's list paragraphs not yet counted, the one just read last, and return
        that one's number (see :meth:`_Numbering.number`)."""
        pending = self.numbered
        value = self.numbering.count(pending)
        pending.clear()
        return value

    def _depth(self, num: tuple[str, int], indent: int) -> int:
        """How many other lists this item's list is nested in: a list whose items are indented
        further than the open list's is nested inside it (Word often nests by indentation)."""
        base = indent
        if num[1]:
            base = indent - 360 * num[1]
        stack = self.list_stack
        while stack and stack[-1][0] != num[0] and stack[-1][1] >= base:
            stack.pop()
        if not stack or stack[-1][0] != num[0]:
            stack.append((num[0], base))
        return len(stack) - 1

    def flush_list(self) -> None:
        if self.pending_list:
            items = tuple(self.pending_list)
            self.add(LIST, render_list(items), 0, self.list_page, items=items)
            self.pending_list = []

    def images(self, page: int, pics: list[_Pic]) -> None:
        for pic in pics:
            if pic.chart is not None:
                self.chart(page, pic.rid, pic.chart)
                continue
            rel = self.rels.get(pic.rid)
            if rel is None:
                continue
            if rel.external:
                self.sink.skipped.append(
                    Skipped("image", rel.target, "linked image outside the document (not fetched)")
                )
                continue
            result = self.sink.from_member(rel.target, alt=pic.alt, meta={"page": page})
            if isinstance(result, Image):
                names: tuple[str, ...] = (result.name,)
                fallback = result.name
            else:  # skipped: not Word's automatic name ("Picture 1"), which reads like alt text
                names = ()
                fallback = _picture_kind(rel.target)
            self.add(IMAGE, _ooxml.image_marker(pic.alt, fallback), 0, page, images=names, alt=pic.alt)

    def chart(self, page: int, rid: str, name: str) -> None:
        """A chart's title and data after the paragraph holding it (see :mod:`._charts`);
        listed as skipped when its part is missing, damaged or keeps no values."""
        rel = self.rels.get(rid)
        chart = reason = None
        if rel is None or rel.external or self.zf is None or not _ooxml.has_member(self.zf, rel.target):
            reason = "its chart part is missing"
        else:
            try:
                chart = _charts.read_chart(_ooxml.read(self.zf, rel.target, rel.target), rel.target)
            except ParseError as exc:
                reason = exc.message
            except _charts.ChartUnread as exc:
                reason = str(exc)
        blocks = _charts.said(chart, reason, name, {}, self.sink.skipped)
        if blocks:
            self.flush_list()
        for block in blocks:
            self.add(
                block.kind,
                block.text,
                0,
                page,
                rows=block.rows,
                header=block.header,
                row_numbers=block.row_numbers,
                meta=dict(block.meta),
            )

    # -- notes, headers and footers ----------------------------------------------------------

    def _part_lines(self, root: etree._Element, part: str | None = None) -> Iterator[str]:
        """The text of each paragraph of a secondary part (notes, a header or footer), read as
        the body's paragraphs are (tabs, breaks, symbols, form values, text boxes, numbers given
        as text), without touching the body's page count; its pictures are not read. A chunk
        imported where it stands (``w:altChunk``) gives its lines there (:meth:`chunk_texts`), its
        part named by a relationship of the part ``part``."""
        page, just_broke = self.page, self.just_broke
        try:
            for p in _paragraphs(root, chunks=True):
                if p.tag == W_ALTCHUNK:
                    yield from self.chunk_texts(p, self._rels_of(part))
                    continue
                number = self._number_shown(p)
                text, _, pics = self.paragraph(p)
                for pic in pics:
                    if pic.chart is not None:  # as its pictures are, not read
                        self.sink.skipped.append(
                            Skipped("chart", pic.chart, "a chart in a note, header or footer is not read")
                        )
                if text.strip():
                    yield number + text
        finally:
            self.page, self.just_broke = page, just_broke

    def _rels_of(self, part: str | None) -> dict[str, Rel]:
        """The relationships of the secondary part ``part``, read once; none without it."""
        if part is None or self.zf is None:
            return {}
        rels = self.part_rels.get(part)
        if rels is None:
            try:
                rels = _ooxml.rels_of(self.zf, part, self.what)
            except ParseError:
                rels = {}
            self.part_rels[part] = rels
        return rels

    def notes(self, root: etree._Element | None, kind: str, part: str | None = None) -> dict[str, str]:
        """id → text (one line) of the real notes of a footnotes/endnotes part (separators skipped);
        ``part``: its name, where its ink is found."""
        out: dict[str, str] = {}
        if root is None:
            return out
        _prepare_part(root, self.sink.skipped, f"{kind}s: ", self._ink(part))
        _wordshown.show(root, self.hidden, self.glossary)
        for note in root.iterchildren(_w(kind)):
            if note.get(W_TYPE) in ("separator", "continuationSeparator", "continuationNotice"):
                continue
            text = " ".join(" ".join(self._part_lines(note, part)).split())
            if text:
                out[note.get(W_ID) or ""] = text
        return out

    def part_text(self, root: etree._Element | None, kind: str, part: str | None = None) -> str:
        """The text of a header or footer part (``kind``; ``part``: its name, where its ink is
        found), one line per paragraph (and line break), without the results of page number fields."""
        if root is None:
            return ""
        _prepare_part(root, self.sink.skipped, f"{kind}: ", self._ink(part))
        _wordshown.show(root, self.hidden, self.glossary)
        if next(root.iter(W_FLDCHAR, W_FLDSIMPLE), None) is not None:
            _drop_page_fields(root)
        return _tidy("\n".join(self._part_lines(root, part)))

    def _ink(self, part: str | None) -> tuple[zipfile.ZipFile, str, str] | None:
        """What ``_read_ink`` needs to read the ink of the part ``part``; None without either."""
        if part is None or self.zf is None:
            return None
        return self.zf, part, self.what

    # -- tables ------------------------------------------------------------------------------

    def table(self, tbl: etree._Element) -> None:
        rows: list[list[str]] = []
        heads = 0  # the leading rows marked as header rows (w:tblHeader, repeated on each page)
        pics: list[tuple[int, list[_Pic]]] = []
        start_page = self.page
        above: dict[int, str] = {}  # grid column → text of the cell that started a vertical merge
        labels: list[int] = []  # rows of one cell merged across the table
        first_cells: list[str] = []  # the first row's cells, each once however many columns it spans
        # the 1-based place in the table of each row kept: a row without cells is left out, and
        # the rows after it keep their numbers (as a sheet's rows keep theirs past an empty row)
        numbers: list[int] = []
        place = 0
        # a paragraph naming no style is numbered when the default paragraph style is: no cell
        # is then read as plain text
        simple = _simple_cell if not self.styles.numbered(None) else _no_cell
        for tr in _table_rows(tbl):
            place += 1
            # the row's properties come first, after at most the table properties it overrides
            trpr = None
            for child in tr:
                if child.tag == W_TRPR:
                    trpr = child
                    break
                if child.tag != W_TBLPREX:
                    break
            marked = heads == len(rows) and trpr is not None and _on(_child(trpr, W_TBLHEADER)) is True
            row: list[str] = []
            col = lead = 0
            merged = 0  # cells spanning columns, and cells of any other kind (-1 for none)
            if trpr is not None:
                # a row a reviewer deleted (w:del, a tracked change) is no row; grid columns the
                # row leaves empty before its first cell (w:gridBefore): its cells stand under
                # the columns after them, as Word lays the row out
                skip = None
                for prop in trpr:
                    if prop.tag == W_GRIDBEFORE:
                        skip = prop
                    elif prop.tag == W_DEL:
                        break
                else:
                    prop = None
                if prop is not None:
                    place -= 1
                    continue
                if skip is not None:
                    col = lead = max(0, min(_int(skip.get(W_VAL)) or 0, 64))
                    if col:
                        row = [""] * col
                        merged = -1
                        for k in range(col):
                            above.pop(k, None)
            for tc in tr:
                tag = tc.tag
                if tag == W_TC:
                    text = simple(tc)
                    if text is not None:  # what _cell() gives for one paragraph of one plain run
                        if text:
                            self.just_broke = False
                            text = _one_line(text) if text.strip() else ""
                        if above:
                            above.pop(col, None)
                        row.append(text)
                        if not rows:
                            first_cells.append(text)
                        col += 1
                        merged = -1
                        continue
                    cells: Iterator[etree._Element] | tuple[etree._Element, ...] = (tc,)
                elif tag in (W_SDT, W_CUSTOMXML):
                    content = _child(tc, W_SDTCONTENT) if tag == W_SDT else tc
                    if content is None:
                        continue
                    cells = (c for c in content if c.tag == W_TC)
                else:
                    continue
                for cell in cells:
                    text, span, vmerge = self._cell(cell, pics)
                    merged = merged + 1 if merged >= 0 and span > 1 and vmerge is None else -1
                    if vmerge == "continue":
                        text = above.get(col, "")
                    elif vmerge == "restart":
                        for k in range(col, col + span):
                            above[k] = text
                    elif above:
                        for k in range(col, col + span):
                            above.pop(k, None)
                    if span == 1:
                        row.append(text)
                    else:
                        row.extend([text] * span)
                    if not rows:
                        first_cells.append(text)
                    col += span
            if len(row) > lead:
                if merged == 1:
                    labels.append(len(rows))
                rows.append(row)
                numbers.append(place)
                heads += marked
        if len(rows) == 1 and not heads:
            # a table of one row lays text out side by side (a signature line, a box around a
            # note): no header names its columns and no row is data, so each cell is a paragraph
            # (a row marked as the header row stays a table's header, without data)
            for text in first_cells:
                self.add(PARAGRAPH, text, 0, start_page)
        elif rows and any(any(c for c in r) for r in rows):
            titles, header, data, first = marked_header(rows, heads, labels)
            for title in titles:
                self.add(PARAGRAPH, title, 0, start_page)
            self.add(
                TABLE,
                fast_render_table(header, tuple(data)),
                0,
                start_page,
                rows=tuple(data),
                header=header,
                row_numbers=tuple(numbers[first - 1 :]),
            )
        for page, found in pics:
            self.images(page, found)

    def _cell(self, tc: etree._Element, pics: list[tuple[int, list[_Pic]]]) -> tuple[str, int, str | None]:
        """(text, grid span, vMerge value) of one table cell; its images are added to ``pics``."""
        span, vmerge = 1, None
        props_seen = False
        texts: list[str] = []
        for child in tc:
            tag = child.tag
            if tag == W_P:
                ptext = _plain_runs(child, self.styles)
                if ptext is not None:  # what paragraph() gives for text-only runs
                    if ptext:
                        self.just_broke = False
                        if ptext.strip():
                            texts.append(_one_line(ptext))
                    continue
                self._cell_paragraph(child, texts, pics)
            elif tag == W_TCPR:
                if not props_seen:  # the first tcPr counts, and its first gridSpan and vMerge
                    props_seen = True
                    gs = vm = None
                    for prop in child:
                        ptag = prop.tag
                        if ptag == W_GRIDSPAN:
                            if gs is None:
                                gs = prop
                        elif ptag == W_VMERGE and vm is None:
                            vm = prop
                        if len(prop) or ptag == W_P:
                            # paragraphs inside cell properties (never seen), in document
                            # order; a property without children holds none
                            for inner in _paragraphs(prop):
                                self._cell_paragraph(inner, texts, pics)
                    if gs is not None:
                        span = max(1, min(_int(gs.get(W_VAL)) or 1, 64))
                    if vm is not None:
                        vmerge = vm.get(W_VAL) or "continue"
                else:
                    for inner in _paragraphs(child):
                        self._cell_paragraph(inner, texts, pics)
            elif tag == W_ALTCHUNK:  # an imported chunk: its text in the cell's
                texts.extend(self.chunk_texts(child))
            elif isinstance(tag, str):
                # nested tables, content controls …: their chunks too, where they stand
                for inner in _paragraphs(child, chunks=True):
                    if inner.tag == W_ALTCHUNK:
                        texts.extend(self.chunk_texts(inner))
                    else:
                        self._cell_paragraph(inner, texts, pics)
        return " ".join(texts), span, vmerge

    def _cell_paragraph(
        self,
        p: etree._Element,
        texts: list[str],
        pics: list[tuple[int, list[_Pic]]],
    ) -> None:
        number = self._number_shown(p)
        text, page, found = self.paragraph(p)
        if text.strip():
            texts.append(number + _one_line(text))
        if found:
            pics.append((page, found))

    def _number_shown(self, p: etree._Element, bullet: str = "\u2022") -> str:
        """The number Word shows before a paragraph of a table cell or a text box that has
        numbering of its own (a ``w:numPr``, its numId from the style when it gives only a
        level) or from its style alone (the default paragraph style's for a paragraph that names
        none), with a space after it: ``7. ``, ``bullet`` for a bullet; "" for any other
        paragraph. The list counters run through the body, the cells and the text boxes in
        document order, so the body's list paragraphs read since the last number given as text
        are counted first."""
        ppr = p[0] if len(p) else None
        style_id = numpr = None
        if ppr is not None and ppr.tag == W_PPR:
            for prop in ppr:
                tag = prop.tag
                if tag == W_PSTYLE:
                    style_id = prop.get(W_VAL)
                elif tag == W_NUMPR and numpr is None:
                    numpr = prop
        if numpr is None:
            num = (self.style_cache.get(style_id) or self.styles.resolve(style_id))[1]
        else:
            num = _numpr(numpr)
            if not num[0]:
                style_num = self.styles.resolve(style_id)[1]
                num = (style_num[0], num[1]) if style_num is not None else None
        if num is None or num[0] in ("", "0"):
            return ""
        numbering = self.numbering
        if self.numbered:
            numbering.count(self.numbered)
            self.numbered.clear()
        label = numbering.advance(num[0], num[1])
        if label == "\u2022":
            label = bullet
        return label + " " if label else ""


def _paragraphs(el: etree._Element, chunks: bool = False) -> Iterator[etree._Element]:
    """The paragraphs in ``el`` (itself, when it is one), in document order, without those of text
    boxes inside them, which the paragraph that holds them reads; with ``chunks``, the chunks
    imported among them (``w:altChunk``) too, in their places."""
    if el.tag == W_P:
        yield el
        return
    for child in el:
        if child.tag == W_P or (chunks and child.tag == W_ALTCHUNK):
            yield child
        elif len(child):
            yield from _paragraphs(child, chunks)


def _picture_kind(target: str) -> str:
    """What the marker of a picture that is not extracted says without alt text: its format, from
    the part's extension (``EMF picture``), else ``picture``."""
    base = target.rpartition("/")[2]
    ext = base.rpartition(".")[2] if "." in base else ""
    return f"{ext.upper()} picture" if ext.isalnum() and len(ext) <= 5 else "picture"


def _symbol(el: etree._Element) -> str:
    """The character of a ``w:sym`` (``w:char``) or of Word's ``w16se:symEx`` (``w16se:char``, how
    emoji and other characters beyond the Basic Multilingual Plane are written in an
    ``mc:Choice``): the code point in hex. "" when it is missing or not a character."""
    value = el.get(W_CHAR if el.tag == W_SYM else W16SE_CHAR)
    try:
        code = int(value, 16) if value else 0
    except ValueError:
        return ""
    if el.tag == W_SYM:  # a character of the Symbol font, as Unicode (α for F061)
        shown = symbol_char(el.get(W_FONT), code)
        if shown is not None:
            return shown
    if 0 < code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF and code not in (0xFFFE, 0xFFFF):
        return chr(code)
    return ""


def _on(el: etree._Element | None) -> bool | None:
    """An on/off property: None when absent, else its ``w:val`` (on when the attribute is missing)."""
    if el is None:
        return None
    return el.get(W_VAL) not in ("0", "false", "off")


def _form_value(ff: etree._Element) -> str:
    """What a legacy form field shows (``w:ffData``): a check box as ☒ or ☐ (``w:checked``, else
    ``w:default``), a drop-down list as its selected entry (``w:result``, else ``w:default``,
    else the first). A text field, or a field whose result is written as text (which the runs
    give), adds nothing."""
    for prop in ff:
        tag = prop.tag
        if tag == W_CHECKBOX:
            checked = default = None
            for el in prop:
                if el.tag == W_CHECKED and checked is None:
                    checked = el
                elif el.tag == W_DEFAULT and default is None:
                    default = el
            state = _on(checked)
            if state is None:
                state = _on(default)
            value = "\u2612" if state else "\u2610"
        elif tag == W_DDLIST:
            entries: list[str] = []
            result = default = None
            for el in prop:
                etag = el.tag
                if etag == W_LISTENTRY:
                    entries.append(el.get(W_VAL) or "")
                elif etag == W_RESULT and result is None:
                    result = _int(el.get(W_VAL))
                elif etag == W_DEFAULT and default is None:
                    default = _int(el.get(W_VAL))
            if not entries:
                return ""
            # an index out of range is ignored: the default's entry, else the first
            index = next((i for i in (result, default) if i is not None and 0 <= i < len(entries)), 0)
            value = entries[index]
        else:
            continue
        return "" if _has_result(ff) else value
    return ""


def _has_result(ff: etree._Element) -> bool:
    """Whether the form field of ``ff`` has a result written as text (some writers put the shown
    value there): text after its ``separate`` mark, before its ``end``, in the runs that follow
    the ``w:fldChar`` in the paragraph; any text in a ``w:fldSimple``."""
    holder = ff.getparent()
    if holder is None:
        return False
    if holder.tag == W_FLDSIMPLE:
        return any(t.text for t in holder.iter(W_T))
    run = holder.getparent()
    if holder.tag != W_FLDCHAR or run is None:
        return False
    depth, separated = 0, False
    for sibling in run.itersiblings():
        for el in sibling.iter(W_FLDCHAR, W_T):
            if el.tag == W_T:
                if separated and depth == 0 and el.text:
                    return True
                continue
            kind = el.get(W_FLDCHARTYPE)
            if kind == "begin":
                depth += 1
            elif kind == "separate":
                separated = separated or depth == 0
            elif kind == "end":
                if depth == 0:
                    return False
                depth -= 1
    return False


def _linear_math(root: etree._Element) -> None:
    """Replace each equation (``m:oMathPara``, else ``m:oMath``) by one ``m:t`` holding its linear
    text (``_ooxml.omml_linear``), which the walk reads as any run of math text: the equations'
    structure (scripts, fractions, n-ary operators, brackets) is read once, before the walk,
    and the paragraph passes stay as they are."""
    for tag in (_ooxml.M_OMATHPARA, _ooxml.M_OMATH):
        for math in list(root.iter(tag)):
            if math.getparent() is None:
                continue
            text = _ooxml.omml_linear(math)
            del math[:]
            etree.SubElement(math, M_T).text = text


def _plain_runs(p: etree._Element, styles: _StyleInfo | None = None) -> str | None:
    """The text of a paragraph made only of runs of text (with properties), or None when it
    holds anything else (breaks, tabs, fields, drawings …), which :meth:`_Walker.paragraph` reads,
    or is numbered (a ``w:numPr``, or a style of ``styles`` with one, the default paragraph
    style for a paragraph that names none)."""
    parts: list[str] = []
    styled = False
    for child in p:
        tag = child.tag
        if tag == W_R:
            for el in child:
                tag = el.tag
                if tag == W_T:
                    if len(el):
                        return None
                    text = el.text
                    if text:
                        parts.append(text)
                elif tag != W_RPR:
                    return None
        elif tag != W_PPR or parts:  # leading paragraph properties are skipped, as paragraph() does
            return None
        elif len(child):
            for prop in child.iterchildren(W_PSTYLE, W_NUMPR):
                styled = True
                if prop.tag == W_NUMPR or (styles is not None and styles.numbered(prop.get(W_VAL))):
                    return None  # a numbered paragraph: its number is given as text
    if not styled and styles is not None and styles.numbered(None):
        return None
    return "".join(parts)


def _simple_cell(tc: etree._Element) -> str | None:
    """The raw text of a cell that is one paragraph of one run of one text element, optionally
    after properties holding a single empty property other than a span or merge (the common
    ``<w:tcPr><w:tcW/></w:tcPr>``); None for any other cell, which :meth:`_Walker._cell` reads.
    Each child is reached by index after a count, which visits only the elements read."""
    n = len(tc)
    if n == 2:
        props = tc[0]
        if props.tag != W_TCPR or len(props) != 1:
            return None
        prop = props[0]
        if prop.tag in _CELL_PROPS_READ or len(prop):
            return None
        p = tc[1]
    elif n == 1:
        p = tc[0]
    else:
        return None
    if p.tag != W_P or len(p) != 1:
        return None
    r = p[0]
    if r.tag != W_R or len(r) != 1:
        return None
    t = r[0]
    if t.tag != W_T or len(t):
        return None
    return t.text or ""


def _no_cell(tc: etree._Element) -> None:
    """No cell is simple (see :meth:`_Walker.table`)."""
    return None


_CELL_PROPS_READ = frozenset((W_GRIDSPAN, W_VMERGE, W_P))


def _one_line(text: str) -> str:
    """``" ".join(text.split())``, without the split when it would change nothing: printable ASCII
    has no whitespace but the space, so single inner spaces and clean ends are already one line.
    Longer ASCII text is searched for the nine other ASCII whitespace characters (one fast scan
    each) instead of being classified character by character."""
    if text.isascii() and "  " not in text and text[:1] != " " and text[-1:] != " ":
        if len(text) < 64:
            if text.isprintable():
                return text
        elif (
            "\n" not in text
            and "\t" not in text
            and "\r" not in text
            and "\x0b" not in text
            and "\x0c" not in text
            and "\x1c" not in text
            and "\x1d" not in text
            and "\x1e" not in text
            and "\x1f" not in text
        ):
            return text
    return " ".join(text.split())


def _tidy(text: str) -> str:
    if "\n" not in text:
        return _one_line(text)
    lines = [" ".join(line.split()) for line in text.split("\n")]
    return "\n".join(line for line in lines if line)


def _custom_mark(ref: etree._Element, note_start: str) -> str:
    """The custom mark written after a note reference (``customMarkFollows``): the text of the
    ``w:t`` elements and the symbols (``w:sym``, how Word writes a mark chosen from a symbol
    font) after it in its run. When its run holds nothing after it, the next run's first text,
    only when the note starts with that text too (as Word writes a custom mark in the note): a
    sentence's next word or stop is not a mark. They are emptied, the mark being the reference's
    label rather than text of its own."""
    texts, syms = [], []
    for sibling in ref.itersiblings():
        if sibling.tag == W_T:
            texts.append(sibling)
        elif sibling.tag == W_SYM:
            syms.append(sibling)
            texts.append(sibling)
        else:
            break
    else:
        if not texts:  # the run ends with the reference: the mark may be the next run's text
            run = ref.getparent()
            following = run.getnext() if run is not None else None
            if following is not None and following.tag == W_R:
                first = next((el for el in following if el.tag != W_RPR), None)
                if first is not None and first.tag == W_T:
                    mark = (first.text or "").strip()
                    if not mark or not note_start.startswith(mark):
                        return ""
                    texts.append(first)
    mark = "".join(_symbol(t) if t.tag == W_SYM else t.text or "" for t in texts).strip()
    for t in texts:
        if t.tag == W_SYM:
            t.set(W_CHAR, "")  # read as no character
        else:
            t.text = None
    return mark


def _note_label(kind: str, nid: str) -> str:
    return nid if kind == "footnote" else f"e{nid}"


W_SECTPR, W_PPR, W_TYPE_EL, W_PAGEBREAKBEFORE = _w("sectPr"), _w("pPr"), _w("type"), _w("pageBreakBefore")


class _NoteNumbering:
    """How Word numbers a document's footnotes and endnotes: per section, the format
    (``w:numFmt``), the first number (``w:numStart``) and when the count starts again
    (``w:numRestart``) of its ``footnotePr``/``endnotePr``, each taken from the section, else the
    document's settings, else Word's default (footnotes decimal, endnotes lowerRoman, from 1,
    continuous). A note's number counts the notes of its kind before it, from the first
    section's first number, and again from a section's own where it restarts at each section
    (``eachSect``). Footnotes restarting at each page (``eachPage``) start again from their
    section's first number at each page start the file itself records: a page break
    (``w:br w:type="page"``), a paragraph set to start a page (``w:pageBreakBefore``), a section
    starting on a new page (``nextPage``, the default, ``oddPage``, ``evenPage``; a continuous
    section goes on on its page) and Word's note of where a page ended when it last laid the
    document out (``w:lastRenderedPageBreak``). Where pages end without any of these (a file
    never laid out by Word, or edited since) cannot be known without laying the pages out
    here: the count goes on there. Endnotes, which Word does not number per page, are counted
    on at ``eachPage``."""

    _DEFAULT_FORMAT = {"footnote": "decimal", "endnote": "lowerRoman"}

    def __init__(self, settings: etree._Element | None, body: etree._Element) -> None:
        # the sections in document order: each paragraph's pPr/sectPr ends one, the body's
        # own sectPr is the last (a sectPr in a w:sectPrChange is a former state, not one)
        self.ends = [
            sect for sect in body.iter(W_SECTPR) if (up := sect.getparent()) is body or up.tag == W_PPR
        ] or [None]
        self.props = {
            kind: [self._props(settings, sect, kind) for sect in self.ends]
            for kind in ("footnote", "endnote")
        }
        self.section_of: dict[etree._Element, int] | None = None
        self.page_starts: set[etree._Element] = set()  # footnote references first on a page
        if any(len({(fmt, r) for fmt, _, r in props}) > 1 or props[0][2] for props in self.props.values()):
            self.section_of = self._sections(body)
        self.counts: dict[str, tuple[int, int]] = {}  # kind: (section, next number)
        footnote_chars = {number_chars(fmt) for fmt, _, _ in self.props["footnote"]}
        self.endnote_prefix = {
            fmt: "e" if number_chars(fmt) in footnote_chars else "" for fmt, _, _ in self.props["endnote"]
        }

    def _props(
        self, settings: etree._Element | None, sect: etree._Element | None, kind: str
    ) -> tuple[str, int, str]:
        """(format, first number, where the count restarts: ``eachSect``, ``eachPage`` or "")
        of a section's notes of ``kind``."""
        fmt, start, restart = self._DEFAULT_FORMAT[kind], 1, ""
        tag = _w(f"{kind}Pr")
        for holder in (settings, sect):  # the section's own overriding the document's
            pr = holder.find(tag) if holder is not None else None
            if pr is None:
                continue
            found = pr.find(W_NUMFMT)
            if found is not None and found.get(W_VAL):
                fmt = found.get(W_VAL) or fmt
            first = pr.find(_w("numStart"))
            value = first.get(W_VAL) if first is not None else None
            if value is not None and value.isdigit() and len(value) < 6:
                start = int(value)
            again = pr.find(_w("numRestart"))
            mode = again.get(W_VAL) if again is not None else None
            if mode:
                restart = mode if mode == "eachSect" or (mode == "eachPage" and kind == "footnote") else ""
        return fmt, start, restart

    def _sections(self, body: etree._Element) -> dict[etree._Element, int]:
        """Each note reference of the body → the index of its section: the sections before it
        ended, a paragraph holding a sectPr ending its section after its own text. Where
        footnotes restart at each page, the footnote references that follow a page start the
        file records (see the class) since the previous one are put in ``page_starts``."""
        out: dict[etree._Element, int] = {}
        section, ending = 0, None  # ending: the paragraph whose sectPr ends the section
        paged = any(r == "eachPage" for _, _, r in self.props["footnote"])
        tags = (W_SECTPR, W_FOOTNOTEREF, W_ENDNOTEREF) + ((W_BR, W_LRPB, W_PAGEBREAKBEFORE) if paged else ())
        fresh = False  # a page started since the last footnote reference
        for el in body.iter(*tags):
            if ending is not None and not any(up is ending for up in el.iterancestors(W_P)):
                section, ending = section + 1, None
                if paged and section < len(self.ends) and _starts_page(self.ends[section]):
                    fresh = True
            tag = el.tag
            if tag in (W_FOOTNOTEREF, W_ENDNOTEREF):
                out[el] = section
                # (a reference a reviewer deleted is not read, and numbers nothing)
                if fresh and tag == W_FOOTNOTEREF and next(el.iterancestors(W_DEL, W_MOVEFROM), None) is None:
                    self.page_starts.add(el)
                    fresh = False
            elif tag == W_SECTPR:
                if (up := el.getparent()) is not None and up.tag == W_PPR:
                    ending = up.getparent()
            elif tag == W_BR:
                fresh = fresh or el.get(W_TYPE) == "page"
            elif tag == W_LRPB or _on(el):
                fresh = True
        return out

    def label(self, ref: etree._Element, kind: str) -> str:
        """The next number of a note of ``kind``, referred to by ``ref``, as its label writes it:
        as Word shows it, an endnote's with ``e`` before it where its format writes the same
        kind of characters as a footnote's (``e1``, ``e2`` when both are decimal)."""
        props = self.props[kind]
        section = len(props) - 1
        if self.section_of is not None:
            section = self.section_of.get(ref, self.counts.get(kind, (section, 0))[0])
        was, n = self.counts.get(kind, (0, props[0][1]))
        if section > was:
            # the count starts again at the last section since the previous note that restarts
            again = next((s for s in range(section, was, -1) if props[s][2] == "eachSect"), None)
            if again is not None:
                n = props[again][1]
        if ref in self.page_starts and props[section][2] == "eachPage":
            n = props[section][1]
        fmt = props[section][0]
        self.counts[kind] = (max(section, was), n + 1)
        text = _note_number_text(n, fmt)
        return text if kind == "footnote" else self.endnote_prefix.get(fmt, "e") + text


def _starts_page(sect: etree._Element | None) -> bool:
    """Whether the section a ``sectPr`` ends starts on a new page: its ``w:type`` is
    ``nextPage`` (also when it has none), ``oddPage`` or ``evenPage``, not ``continuous`` or
    ``nextColumn``."""
    kind = sect.find(W_TYPE_EL) if sect is not None else None
    return (kind.get(W_VAL) if kind is not None else None) not in ("continuous", "nextColumn")


#: fields whose result is a page number or count: in a header or footer, the number of whichever
#: page Word last laid out, not text of the document
_PAGE_FIELDS = frozenset(("PAGE", "NUMPAGES", "SECTIONPAGES"))


def _field_name(instr: str) -> str:
    words = instr.split(None, 1)
    return words[0].upper() if words else ""


def _drop_page_fields(root: etree._Element) -> None:
    """Empty the text of page number fields' results in a header or footer part: text after a
    page field's ``separate`` mark, before its ``end``, and any text in a ``w:fldSimple`` of one.
    Fields nest, and a field's code is the ``w:instrText`` between its ``begin`` and ``separate``."""
    for simple in root.iter(W_FLDSIMPLE):
        if _field_name(simple.get(W_INSTR) or "") in _PAGE_FIELDS:
            for t in simple.iter(W_T):
                t.text = None
    codes: list[str] = []  # of the open complex fields, outermost first: the code so far
    results: list[bool] = []  # and whether their result has begun
    for el in root.iter(W_T, W_FLDCHAR, W_INSTRTEXT):
        tag = el.tag
        if tag == W_T:
            if codes and any(
                result and _field_name(code) in _PAGE_FIELDS
                for code, result in zip(codes, results, strict=True)
            ):
                el.text = None
        elif tag == W_INSTRTEXT:
            if codes and not results[-1]:
                codes[-1] += el.text or ""
        else:
            kind = el.get(W_FLDCHARTYPE)
            if kind == "begin":
                codes.append("")
                results.append(False)
            elif kind == "separate" and codes:
                results[-1] = True
            elif kind == "end" and codes:
                codes.pop()
                results.pop()


def _prepare_part(
    root: etree._Element,
    skipped: list[Skipped],
    where: str,
    ink: tuple[zipfile.ZipFile, str, str] | None = None,
) -> None:
    """What the main part goes through before its walk, for a header, footer or notes part:
    recognised handwriting as text (``ink``: the package, the part's name and what to call the
    file, see ``_read_ink``), alternate content read once, equations in their linear format."""
    # one walk of the tree in C tells the part holding none of them (most), which it leaves as is
    if next(root.iter(_ooxml.MC_ALTERNATE, _ooxml.M_OMATHPARA, _ooxml.M_OMATH, *_INK_TAGS), None) is None:
        return
    if ink is not None:
        _read_ink(root, *ink)
    _alternatives(root, skipped, where)
    if next(root.iter(_ooxml.M_OMATHPARA, _ooxml.M_OMATH), None) is not None:
        _linear_math(root)


#: ink: Word 2010's ``w14:contentPart``, the ``w:contentPart`` of the standard's second edition,
#: Office 2016's ``aink:inkPart``, each naming its InkML part by a relationship
_INK_TAGS = (
    "{http://schemas.microsoft.com/office/word/2010/wordml}contentPart",
    _w("contentPart"),
    "{http://schemas.microsoft.com/office/drawing/2016/ink}inkPart",
)
W_TXBXCONTENT = _w("txbxContent")


def _read_ink(root: etree._Element, zf: zipfile.ZipFile, part: str, what: str) -> None:
    """Put in place of each ink element of ``root`` (the part ``part``) the handwriting Office
    recognised in its InkML part (``_ooxml.ink_lines``), as a text box holds text, a paragraph a
    line: read where the ink stands, as lines of the paragraph holding it (a text box's are),
    and an ``mc:AlternateContent`` choice holding it taken over the fallback, the picture of the
    ink. Ink with nothing recognised (a drawing), a part missing or damaged, stays as it was."""
    found = list(root.iter(*_INK_TAGS))
    if not found:
        return
    try:
        rels = _ooxml.rels_of(zf, part, what)
    except ParseError:
        return
    for el in found:
        rel = rels.get(el.get(R_ID) or "")
        if rel is None or rel.external or not _ooxml.has_member(zf, rel.target):
            continue
        try:
            lines = _ooxml.ink_lines(_ooxml.read(zf, rel.target, what), f"{what} {rel.target}")
        except ParseError:
            continue
        parent = el.getparent()
        if not lines or parent is None:
            continue
        box = etree.Element(W_TXBXCONTENT)
        for line in lines:
            etree.SubElement(etree.SubElement(etree.SubElement(box, W_P), W_R), W_T).text = line
        parent.replace(el, box)


#: what a choice holds that the walk cannot read: ink (Word 2010's ``w14:contentPart``, the
#: ``w:contentPart`` of the standard's second edition, Office 2016's ``aink:inkPart``) and 3D models
_UNREAD_IN_CHOICE = frozenset(("contentPart", "inkPart", "model3d"))


def _alternatives(root: etree._Element, skipped: list[Skipped], where: str) -> None:
    """``_ooxml.one_alternative`` on ``root``, but an alternate content with no fallback, or an
    empty one, reads its choice: what the walk reads of it is read (a text box beside ink in a
    group), and what it cannot (ink, a 3D model) is listed in ``skipped``, since no picture
    stands for it. ``where`` starts each entry's name (the part, "" for the body)."""
    unread: list[tuple[etree._Element, str]] = []
    for alternate in list(root.iter(_ooxml.MC_ALTERNATE)):
        fallback = alternate.find(_ooxml.MC_FALLBACK)
        if fallback is not None:
            if any(isinstance(el.tag, str) for el in fallback):
                continue
            alternate.remove(fallback)  # nothing stands for the choice: it is all there is
        choices = alternate.findall(_ooxml.MC_CHOICE)
        keep = next((c for c in choices if next(c.iter(*_READ_IN_ALTERNATE), None) is not None), None)
        if keep is None and choices:
            keep = choices[0]
            left = [el for el in keep.iter() if _unread_in_choice(el)] or [
                el for el in keep if isinstance(el.tag, str)
            ]
        elif keep is not None:
            left = [el for el in keep.iter() if _unread_in_choice(el)]
        else:
            continue
        requires = " ".join((keep.get("Requires") or "").split())
        unread.extend((el, requires) for el in left)
    _ooxml.one_alternative(root, _READ_IN_ALTERNATE)
    for el, requires in unread:
        # an element in a branch not taken (an alternate content's inside another's fallback)
        # is not in the tree walked any more
        if el.getroottree().getroot() is root:
            skipped.append(_unread_entry(el, requires, where))


def _unread_in_choice(el: etree._Element) -> bool:
    return isinstance(el.tag, str) and etree.QName(el).localname in _UNREAD_IN_CHOICE


def _unread_entry(el: etree._Element, requires: str, where: str) -> Skipped:
    """The entry for ``el``, left unread from a choice without a fallback: its name (its own,
    else its drawing's), what the choice requires (the prefix of a later Word's markup, ``w14``
    for ink) and the element, so that the user knows something stood there."""
    if el.tag == W_DRAWING:  # the drawing's object is what was not read
        data = next(el.iter(A_GRAPHICDATA), None)
        el = next((c for c in data if isinstance(c.tag, str)), el) if data is not None else el
    element = f"{el.prefix}:{etree.QName(el).localname}" if el.prefix else etree.QName(el).localname
    named = next(
        (c for c in el.iter() if isinstance(c.tag, str) and etree.QName(c).localname == "cNvPr"), None
    )
    if named is None:
        drawing = next(el.iterancestors(W_DRAWING), None)
        named = next(drawing.iter(WP_DOCPR), None) if drawing is not None else None
    name = (named.get("name") if named is not None else None) or element
    needs = f" needing {requires!r}" if requires else ""
    return Skipped(
        "drawing",
        f"{where}{name}"[:200],
        f"alternate content{needs} ({element}) that is not read, with no fallback"[:200],
    )


# ----------------------------------------------------------------------------------------------


@extractor(
    ".docx",
    ".docm",
    ".dotx",
    ".dotm",
    name="docx",
    source_type="docx",
    libraries=("lxml",),
    images=True,
    # 3: a row of one cell merged across the table given once; 4: symbols (w:sym, w16se:symEx
    # emoji), legacy form fields (check box state, drop-down entry), no page number field
    # results in header_text/footer_text, equations in Word's linear format, cell list numbers, picture marks,
    # Symbol font characters as Unicode; 5: cell paragraphs numbered by their style alone, text
    # box paragraphs with their numbers, a text box in a cell and its pictures read once, w:ptab,
    # headers, footers and notes read by the body's run reader, a custom note mark as the label;
    # 6: a paragraph naming no style numbered by the default style in cells and text boxes, a text
    # box's bullet "-" as the body's, the Symbol font's bracket pieces as Unicode's;
    # 7: the default paragraph style is the one marked w:default (Standard, Normale …), not only
    # Normal; a table of one row (not marked as the header row) a paragraph per cell; files
    # embedded by OLE objects (a workbook, a Word file, a PDF, an Object Packager file) read
    # after the paragraph holding them; 8: a packaged picture an image where it stands; 9: the
    # leading rows marked as header rows (w:tblHeader, off for w:val="0") joined into one header;
    # the Symbol font's radical extender as ‾ (U+203E); 10: the document's own text reserved in the
    # text limit before the files its objects embed are read; 11: a table's row_numbers count the
    # rows without cells left out; the rows a content control or custom XML element holds read;
    # 12: what an embedded file's own extractor removed (a poem's margin line numbers) listed;
    # 13: a title row (one cell merged across the table over its header and data) said before
    # the table; 14: also over a single row, that row data unless marked as a header row; 15: a
    # chart read after its paragraph: its title and axis titles a paragraph, the values its part
    # keeps a table (chart_type in the meta), a chart without them listed as skipped with why;
    # 16: a bubble chart's x, y and size values a table; an Office 2016 chart (waterfall,
    # treemap …, its drawing in an mc:AlternateContent choice) read as the others, no longer lost;
    # an mc:AlternateContent whose choice holds nothing read (a 3D model, ink) read as its
    # fallback picture with its alt text; one in the body or a table (paragraphs, rows) read;
    # 17: a choice without a fallback (or with an empty one) read, what it holds that is not read
    # (ink, a 3D model) listed as skipped; 18: ink whose handwriting Office recognised (its
    # InkML part's words) read as its text where it stands, lines of its paragraph, in the body,
    # headers, footers and notes, not as its picture nor listed as skipped; 19: an ordered list
    # item carries its Word counter's value (ListItem.number: a start, a startOverride, a list
    # going on after a paragraph)
    # 20: a VBA project (word/vbaProject.bin) listed as skipped
    # 21: a chart's number in General read as General shows it (0.333333333, 1E-05)
    # 22: a chart's number of 16 digits or more in General in 15 significant digits, as a cell's
    # 23: a w:sym in Zapf Dingbats (or Monotype Sorts) as its Unicode character (✔, ★, ①)
    # 24: tracked changes read as accepted: the content of w:del and w:moveFrom (moved-away text,
    # in w:t) not read, symbols, tabs, pictures, note references and text boxes included; a row
    # marked deleted (w:trPr/w:del) left out; 25: a phonetic guide (w:ruby) its base, then its
    # reading in parentheses, no longer the reading run into the text before the base; 26: a
    # row's cells after the grid columns it leaves empty (w:gridBefore), no longer from the first;
    # 27: a numbered heading starts with the number Word shows before it (1.2 Background);
    # 28: an alternative format chunk (w:altChunk: HTML, MHTML, plain text) read where it stands
    # 29: legacy text without a BOM or charset read in the code page that reads it cleanly
    # (windows-1250, windows-1251, KOI8-R, Shift_JIS, EUC-JP …), not always as windows-1252
    # 30: a footnote's label is the number Word shows (its order of reference, in the footnotePr's
    # format, from its numStart), an endnote's e1, e2 … so, no longer the note's id
    # 31: a chart's time as Excel shows it (06:00 at h:mm, 1:05 PM, 26:02:59 at [h]:mm:ss)
    # 32: an endnote's label is the number Word shows (lower Roman by default: i, ii), with an e
    # before it where footnotes write the same characters (e1 beside 1); each section's own
    # format, and the count started again at a section that restarts it (numRestart eachSect)
    # 33: what Word does not show is not read: a content control's placeholder prompt
    # (showingPlcHdr), hidden runs (w:vanish direct or through a paragraph or character style);
    # a paragraph whose mark was deleted (tracked) joined to the next, as accepted
    # 34: footnotes restarting at each page (numRestart eachPage) numbered from their first
    # number again after each page start the file records (page break, pageBreakBefore, a
    # section starting a new page, w:lastRenderedPageBreak), no longer counted on throughout
    # 35: legacy text without a BOM or charset: Polish with only ę and ń, Hungarian, Turkish
    # (windows-1254), Hebrew (windows-1255), ISO-8859-2 and kanji-only EUC-JP read in their code page
    # 36: runs hidden by their table's style (w:tblStyle, else the default table style) not read
    # 37: a list level whose number is hidden text (w:vanish in its w:rPr) shows no number before a
    # heading or a cell paragraph, and its body items are not read as numbered; each still counts
    # 38: a paragraph hidden whole (its text and its mark) no longer cuts the list around it in two
    # 39: a web page imported as an altChunk: the HTML reader's <q> marks of its language, ruby readings and
    # MathML equations (HTML 27 to 30)
    # 40: a chart's number in a format scaling it by a thousand (1,235K at #,##0,"K") or writing
    # text between its digits (078-05-1120 at 000-00-0000) as Excel shows it, or in a format of
    # fractions (2 3/8 at # ?/?)
    # 41: legacy text without a BOM or charset: Greek (windows-1253, ISO-8859-7), Baltic (windows-1257) and
    # Arabic (windows-1256, ISO-8859-6) read in their code page; a word or short line whose bytes tell
    # ("Poznań", "Київ", "北海道") no longer misread
    # 42: runs hidden by their table style's conditional formatting (w:tblStylePr of the whole table,
    # first and last row and column, bands of rows and columns, corner cells, where the table's
    # w:tblLook, or a row's own in w:tblPrEx, turns it on) not read; a chart's
    # figures in a format of fixed denominators (2 3/8 at # ?/8) as Excel shows them; an RTF or a
    # Word file imported as an alternative format chunk read where it stands by its own extractor,
    # no longer listed as skipped; a chunk in a table cell read as the cell's text; a page or column
    # break inside a paragraph parts its lines (the words either side were run together); a web page
    # chunk's table footer written before its body read last, the header and footer of its sections
    # and quotes read, Word's list paragraphs (mso-list) a list (HTML 32);
    # altChunk pages: legacy text without a BOM or charset: Ukrainian in KOI8-U, Persian in
    # windows-1256 (پ چ ژ گ, the Arabic question mark and comma, the zero-width non-joiner), Greek in
    # capitals without accents read in their code page
    # altChunk pages: legacy text: a word opened by ð or ğ, an ì or ù before a letter, a þ after a vowel:
    # signs of a wrong reading
    # ("Šeštadienį", "České Budějovice", "Kadıköy, Beşiktaş" in windows-1257, -1250, -1254 no longer
    # windows-1252)
    # 43: an alternative format chunk (w:altChunk) in a header, a footer, a footnote or an endnote read
    # where it stands, as the body's are, its part named by a relationship of that part (its text was lost);
    # altChunk pages: legacy text without a BOM or charset: Greek capitals no longer read as KOI8-R, whose
    # small Russian letters then show я or й before a vowel, г or гс closing a word after a consonant, оу
    # closing a word: signs of a wrong reading, as are a Croatian đ opening a word before no vowel, a Romanian
    # ţ before a consonant and an ò closing a word after a vowel ("ΠΡΟΣΟΧΗ", "Šiauliai", "Şişli", "Plzeň" in
    # windows-1253, -1257, -1254, -1250 no longer KOI8-R, windows-1250, -1250, -1252);
    # altChunk pages: legacy text: an œ closing a word or before w, r, m, z, a Polish ś, ź or ń before a
    # vowel: signs of a wrong reading (Polish "Wyświetla informację", "wartości" in windows-1250 no longer
    # windows-1252, French "cœur", "mœurs" in windows-1252 no longer windows-1250);
    # altChunk pages: legacy text: a Slovak ť or Ť, a č, an è, an æ, an ê, an œ after a vowel and an ã met
    # where their languages do not write them: signs of a wrong reading (French "système" and German and
    # French « » in windows-1252 no longer windows-1250 or ISO-8859-2; Croatian "način", "će", Polish
    # "narzędzia", "być", Romanian "următorul", "dacă" in windows-1250 no longer windows-1252); Icelandic
    # letters costed by their frequency (Turkish "Ayrıntılı" in windows-1254 no longer windows-1252);
    # altChunk pages: legacy text: an õ, an û, an ø, an ì and an è met where their languages do not write
    # them: signs of a wrong reading (Hungarian "mező", "betűi", Czech "při", "volitelně", "účty", "členové"
    # in windows-1250 no longer windows-1252); Icelandic costing more than the other languages of windows-1252
    # (Turkish "kullanıldığında" in windows-1254 no longer windows-1252);
    # altChunk pages: a web page in UTF-16 or UTF-32 without a BOM, its characters all ASCII, read in it
    # (HTML 33);
    # altChunk pages: a table or a <pre> in a list item written in the item, the list going on after it
    # (HTML 33);
    # an alternative format chunk in a table cell's content control (w:sdt) or nested table read in the cell,
    # as one right in the cell is (its text was lost)
    # 44: altChunk pages: legacy text: six Cyrillic consonants in a row, an ы or ь opening a word or after a
    # vowel, a й after a consonant, a ъ closing a word, a Greek ϊ or ϋ after no vowel, a Greek ψ or ρ closing
    # a word after a consonant, a Hebrew כ, מ, נ, פ or צ closing a word and a × or ÷ beside a letter beyond
    # ASCII: signs of a wrong reading (Russian "программой", "это", "без" in KOI8-R no longer windows-1251,
    # "запускаться" no longer windows-1253, "все" no longer windows-1252; Ukrainian "майбутня", "щодо" and
    # Serbian "опште", "тачно" in windows-1251 no longer KOI8-R, windows-1255, KOI8-R, windows-1252)
    # altChunk pages: an empty list item gives the list's text no blank line (HTML 34)
    # altChunk pages keep their blocks' meta: a table or a <pre> in a list item is written in the item (as
    # the HTML 33 note above says; the meta was dropped, so it was not), a quote in an item behind '> '
    # (HTML 34), a code block's language;
    # altChunk pages: legacy text without a BOM or charset: a ý after c, j or y, a þ after c or before i and a
    # vowel, an ê after j, k or w, a ţ closing a word after an i that opens it or follows a vowel and a
    # letter, a ē before a vowel, an ã closing a word after nt, ct, ps or pl and a Hebrew point on a Latin
    # letter: signs of a wrong reading (Turkish "dosyayı", "geniş", "seçeneği" in windows-1254 no longer
    # windows-1252, -1250, -1257; Romanian "acţiune", "curentă" and Polish "opcję" in windows-1250 no longer
    # windows-1252; Spanish "despuÃ" in windows-1252 no longer windows-1255)
    # altChunk pages: legacy text without a BOM or charset: a þ after a vowel and before a vowel, r, j or v is
    # no longer a sign of a wrong reading in a word with an é, í, ó, ú or an á or æ before a letter (Icelandic
    # "óþekkt", "íþrótt", "milliþjóns", "Táknmyndaþema" in windows-1252 no longer windows-1250, -1257 or
    # -1254); an î before b, g, j, k, p, v, z or a d not before j, and an â before a d and a vowel but e are
    # signs of a wrong reading (Latvian "darbību", "derīgs", "kādu" in windows-1257 no longer windows-1252)
    # altChunk pages: a list item of soft hyphens alone an empty item: no blank line in the list's text
    # (HTML 34)
    # altChunk pages: a <blockquote> of several paragraphs in a list item written as paragraphs of the
    # quote (HTML 34)
    # altChunk pages: the text and quotes an item shows after its nested list written under it, that
    # text a word of its own (HTML 34)
    # altChunk pages: soft hyphens with spaces around them leave one space between words, none at a
    # line's edge (HTML 34)
    # 45: altChunk pages: legacy text without a BOM or charset: Hebrew stored in visual order (each word
    # reversed, opening with its final letter) read in windows-1255, its final letters no longer signs of a
    # wrong reading there; a geresh or gershayim after a Hebrew letter no longer a stray sign ("ארה״ב", "ראה
    # דו״ח מס׳ 12", "ג׳ירפה וצ׳יפס" and visual "ץבוקה תא חותפל ןתינ אל" in windows-1255 no longer
    # windows-1256, windows-1251, GB18030 or KOI8-R)
    # altChunk pages: the text and quotes a list item shows between two of its nested lists written
    # between them (HTML 35)
    # altChunk pages: a list item showing no text before its nested list an empty item before that list's
    # items, no longer dropped (HTML 35)
    # altChunk pages: legacy text without a BOM or charset: a small э, щ or ч closing a word after two
    # capitals and a word of four small Cyrillic consonants or more (no р, no ъ) are signs of a wrong reading
    # (Greek "μετά", "περιοχή", "Ρόλος" in windows-1253 no longer KOI8-R or windows-1251)
    # altChunk pages: a list item of several paragraphs written as paragraphs of the item, no longer run
    # together on its line (HTML 35)
    # altChunk pages: a charset label naming one of Python's codecs that read no text (base64, rot13, hex,
    # zlib, idna, undefined) read as no charset (a page's meta charset or XML encoding, a card's CHARSET), no
    # longer failing the file
    # RTF altChunks: bytes above 0x7F written raw read in the code page their font or header declares, a
    # double-byte character's two bytes together, a font's \cpgN read; text right after the code page word
    # kept (rtf 26); a font naming no character set read in the document's code page (rtf 26)
    # 46: RTF altChunks: a font's code page that no character set stands for (\cpg866) read for its bytes,
    # no longer the document's code page (rtf 27)
    # RTF altChunks: \binN data outside a picture no text (rtf 27)
    # RTF altChunks: the space ending the code page word after a brace no text (rtf 27)
    # altChunk pages: a heading in a list item written as a heading in the item, no longer as a plain
    # paragraph of it (HTML 36)
    # altChunk pages: a list item's paragraphs after a <pre> or a table in it a paragraph block each, no
    # longer one block run together (HTML 36)
    # altChunk pages: a list item's element holding a block or a <br> read as the item is, its paragraphs
    # apart, no longer on the item's line (HTML 36)
    # altChunk pages: a list item's nested lists before its first <pre> or table read before it, no longer
    # after it; an item holding nothing before its <pre> or table opened by it (HTML 36)
    # altChunk pages: a list item's text after a nested list that a <pre> or table cuts written after that
    # block, no longer before it (HTML 36)
    # RTF altChunks: a Mac font character set read in the code page the RTF specification gives it, a font's
    # code page of two digits (\cpg37) read, a font kept across \par for raw bytes, text before any \fN or
    # after \plain read in the default font's code page (rtf 27)
    # altChunk pages: a list right after one whose last item holds a <pre> or a table a list of its own
    # (new_list), written with the other bullet or delimiter, no longer as that list going on (HTML 36)
    # altChunk pages: a heading in a list item after a <pre> or a table in it written as a heading in the
    # item, no longer as a plain paragraph of it (HTML 36)
    # altChunk pages: a list item's text between two nested lists, where a <pre> or a table cuts the second,
    # written before that list, no longer after the code (HTML 36)
    # HTML nesting its elements more than 2,000 deep outside a table cell refused before it is parsed, as
    # structure nested too deeply (HTML 36)
    version="46",
)
def extract_docx(data: bytes, ctx: ExtractContext) -> Document:
    what = ctx.filename or "DOCX"
    data = decrypted(data, ctx, what)  # saved with a password: the zip it holds
    zf = open_zip(data, ctx.limits, what)
    with zf:
        main = _ooxml.main_part(zf, what, "word/document.xml")
        if not _ooxml.has_member(zf, main):
            raise ParseError(f"{what} has no main document part ({main}): not a Word document")
        raw = _ooxml.read(zf, main, what)
        root, damaged = _ooxml.parse_main_xml(raw, f"{what} {main}")
        warnings = [damaged] if damaged else []
        unread_alternates: list[Skipped] = []
        if root.tag != _w("document"):
            raise ParseError(f"{what} is not a Word document: its main part is {main}")
        # alternate content and equations: one walk of the tree in C tells the part without
        # either, which spares it the searches of its bytes below
        if b"contentPart" in raw or b"inkPart" in raw or not raw.startswith(b"<?xml"):  # handwriting
            _read_ink(root, zf, main, what)
        if next(root.iter(_ooxml.MC_ALTERNATE, _ooxml.M_OMATHPARA, _ooxml.M_OMATH), None) is not None:
            if b"AlternateContent" in raw or not raw.startswith(b"<?xml"):
                # an ASCII-compatible part without the word has no such element (names are written
                # out literally; elements inside unexpanded entities are not in the tree at all)
                _alternatives(root, unread_alternates, "")
            if b"oMath" in raw:  # equations (elements are named in full; an entity holds none)
                _linear_math(root)
        body = root.find(_w("body"))
        if body is None:
            raise ParseError(f"{what}: the main document part has no body")
        try:
            rels = _ooxml.rels_of(zf, main, what)
        except ParseError as exc:
            rels = {}
            warnings.append(f"{exc.message}; images, notes, headers and styles were not read")
        by_type: dict[str, list[str]] = {}
        for rel in rels.values():
            if not rel.external:
                by_type.setdefault(rel.type, []).append(rel.target)

        def part(kind: str) -> etree._Element | None:
            targets = by_type.get(kind)
            return _ooxml.optional_xml(zf, targets[0], what, warnings) if targets else None

        style_targets = by_type.get("styles")
        style_member = style_targets[0] if style_targets and _ooxml.has_member(zf, style_targets[0]) else None
        try:
            lazy = _LazyStyles(zf, style_member, what)
        except ParseError as exc:
            warnings.append(f"{exc.message}; headings and lists from styles were not read")
            lazy = _LazyStyles(None, None, what)
        styles = _StyleInfo(lazy)
        numbering_targets = by_type.get("numbering")
        numbering = _Numbering(
            None,
            lambda: _numbering_part(zf, numbering_targets[0] if numbering_targets else None, what, warnings),
        )
        sink = _ooxml.ImageSink(zf)
        sink.skipped.extend(unread_alternates)
        walker = _Walker(rels, styles, numbering, sink)
        walker.hidden = _hidden_styles(zf, style_member, what)
        glossary: list[dict[str, str]] = []  # read once, when first needed

        def prompts() -> dict[str, str]:
            if not glossary:
                glossary.append(_wordshown.prompts(part("glossaryDocument")))
            return glossary[0]

        walker.glossary = prompts
        _wordshown.show(root, walker.hidden, prompts)  # what Word does not show as text
        walker.note_numbering = lambda: _NoteNumbering(part("settings"), body)
        walker.embeds = _Embeds(zf, Attacher(ctx), what)
        walker.zf = zf
        walker.what = what
        walker.ctx = ctx
        if b"customMarkFollows" in raw:  # a custom mark is told from the note's own text
            walker.note_parts = {"footnote": part("footnotes"), "endnote": part("endnotes")}
        try:
            with no_cycle_collection():  # the blocks, items and texts built are acyclic
                walker.body(body)
        finally:
            lazy.close()
        if lazy.error:
            warnings.append(lazy.error)
        walker.flush_list()
        walker.embeds = None  # objects in notes, headers and footers are not read

        note_parts = walker.note_parts or {"footnote": part("footnotes"), "endnote": part("endnotes")}
        notes = {
            kind: walker.notes(root, kind, next(iter(by_type.get(f"{kind}s", ())), None))
            for kind, root in note_parts.items()
        }
        seen: set[tuple[str, str]] = set()
        footnotes: list[dict[str, str]] = []
        endnotes: list[dict[str, str]] = []
        for kind, nid in walker.note_refs:
            if (kind, nid) in seen or nid not in notes[kind]:
                continue
            seen.add((kind, nid))
            label = walker.note_labels.get((kind, nid)) or _note_label(kind, nid)
            text = notes[kind][nid]
            custom = walker.note_marks.get((kind, nid))
            if custom is not None:  # the mark is written at the start of the note too
                label, mark = custom
                if text.startswith(mark):
                    text = text[len(mark) :].lstrip() or text
            (footnotes if kind == "footnote" else endnotes).append({"id": nid, "text": text})
            walker.add(PARAGRAPH, f"[^{label}]: {text}", meta={"note": kind, "note_id": nid})
        walker.read_embedded()
        comments = _ooxml.comments_skipped(zf, by_type.get("comments", []), "comment", what)
        if comments is not None:
            sink.skipped.append(comments)
        macros = _ooxml.macros_skipped(zf, posixpath.dirname(main))
        if macros is not None:
            sink.skipped.append(macros)

        header_text = _joined(
            walker.part_text(_ooxml.optional_xml(zf, t, what, warnings), "header", t)
            for t in by_type.get("header", ())
        )
        footer_text = _joined(
            walker.part_text(_ooxml.optional_xml(zf, t, what, warnings), "footer", t)
            for t in by_type.get("footer", ())
        )
        try:
            props = _ooxml.core_properties(zf, what)
        except ParseError as exc:
            props = {}
            warnings.append(f"{exc.message}; the document properties were skipped")

    if not walker.blocks:
        raise EmptyExtraction(f"{what}: the document holds no text")
    held = walker.held
    images = sink.images + tuple(held.images)
    metadata = {
        "source_type": "docx",
        **props,
        "header_text": header_text or None,
        "footer_text": footer_text or None,
        "image_count": len(images),
        "footnote_count": len(footnotes),
        "endnote_count": len(endnotes),
    }
    return Document(
        source_type="docx",
        blocks=tuple(walker.blocks),
        text="\n\n".join(walker.texts),
        images=images,
        metadata=metadata,
        coverage=Coverage(
            pages_total=walker.page,
            attachments_indexed=tuple(held.indexed),
            headers_footers_removed=tuple(held.removed),
            images_extracted=len(images),
            skipped=tuple(sink.skipped + held.skipped),
            warnings=tuple(warnings + held.warnings),
            notes=tuple(held.notes),
        ),
        images_at_anchor=True,
    )


#: the hidden styles found in earlier documents' styles parts (see _SHARED_PARTS)
_shared_hidden: dict[_PartKey, _wordshown.HiddenStyles] = {}


def _hidden_styles(zf: zipfile.ZipFile, member: str | None, what: str) -> _wordshown.HiddenStyles:
    """The styles of the styles part ``member`` that hide their text: none without one, or
    when its bytes never name ``vanish`` (most parts), which spares parsing it whole. A part that
    cannot be read hides nothing (the style lookups warn of it)."""
    if member is None:
        return _wordshown.NO_HIDDEN_STYLES
    key = _ooxml.stored_key(zf, member)
    known = _shared_hidden.get(key) if key is not None else None
    if known is not None:
        return known
    try:
        if _ooxml.member_contains(zf, member, (b"vanish",)):
            found = _wordshown.hidden_styles(_ooxml.member_xml(zf, member, what))
        else:
            found = _wordshown.NO_HIDDEN_STYLES
    except (ParseError, zipfile.BadZipFile, zlib.error, EOFError, RuntimeError, NotImplementedError):
        found = _wordshown.NO_HIDDEN_STYLES
    return _remember(_shared_hidden, key, found) if key is not None else found


def _joined(texts: Iterator[str]) -> str:
    out: list[str] = []
    for text in texts:
        if text and text not in out:
            out.append(text)
    return "\n".join(out)
