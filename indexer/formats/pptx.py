"""PowerPoint (.pptx .potx .ppsx): one unit per slide, read with python-pptx.

The container is checked with ``zipsafe.open_zip`` before python-pptx opens it. Per slide, in
order: the title (a heading), then the shapes in rows top-to-bottom, each left-to-right (group
shapes recursively, placeholders at the position they inherit from the layout): text frames
(bulleted or indented paragraphs become lists), tables, charts (:mod:`._charts`), SmartArt
text, pictures (with alt text), ink as its recognised handwriting; then the speaker notes, read
as a text frame (lists included), and what was added beside them on the notes page, with
``notes=True`` in their meta. Every block carries ``slide_number`` and ``slide_title`` in its
meta and the slide number as its page. A slide's footer, date and number are read where the
slide has their placeholders (PowerPoint puts them on each slide that shows them); the notes
page's own placeholders (header, footer, date, number) and the handout master's are left out on
purpose: they are printed on pages no slide shows, and each slide's notes would repeat the same
line.
"""

from __future__ import annotations

import io
import posixpath
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from functools import partial
from itertools import groupby
from typing import Any

from lxml import etree

from ..errors import EmptyExtraction, ParseError
from ..limits import ExtractContext
from ..model import (
    HEADING,
    IMAGE,
    LIST,
    NO_HEADING,
    NOTES,
    PARAGRAPH,
    TABLE,
    Block,
    Coverage,
    Document,
    Image,
    ListItem,
    Skipped,
    assemble,
    hidden_read,
    labels_once,
    marked_header,
    render_list,
    render_table,
)
from ..zipsafe import open_zip
from . import _charts, _embedded, _ooxml
from ._attached import Attached, Attacher, text_chars
from ._encrypted import decrypted
from ._reading_order import rows_then_columns
from .registry import extractor

A = "http://schemas.openxmlformats.org/drawingml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
P = "http://schemas.openxmlformats.org/presentationml/2006/main"
DGM = "http://schemas.openxmlformats.org/drawingml/2006/diagram"
P_GRAPHICFRAME, P_SP, P_GRPSP, P_PIC = (f"{{{P}}}{t}" for t in ("graphicFrame", "sp", "grpSp", "pic"))
C = "http://schemas.openxmlformats.org/drawingml/2006/chart"
P14 = "http://schemas.microsoft.com/office/powerpoint/2010/main"
#: ink as PowerPoint writes it in a p14 choice: a content part naming an InkML part
_CONTENT_PARTS = (f"{{{P}}}contentPart", f"{{{P14}}}contentPart")
A_P, A_T, A_BR, A_PPR = f"{{{A}}}p", f"{{{A}}}t", f"{{{A}}}br", f"{{{A}}}pPr"
A14_M = "{http://schemas.microsoft.com/office/drawing/2010/main}m"
A_BUCHAR, A_BUAUTO, A_BUNONE = f"{{{A}}}buChar", f"{{{A}}}buAutoNum", f"{{{A}}}buNone"
A_LSTSTYLE, P_TXBODY, P_PH = f"{{{A}}}lstStyle", f"{{{P}}}txBody", f"{{{P}}}ph"
#: A paragraph's bullet, from the first of these or an ``a:buAutoNum`` (``_Numbered``) in its pPr
#: or in a list style's level: unordered (a character or a picture), or none. Absent from all of
#: them: no bullet.
_BULLETS = {A_BUCHAR: False, f"{{{A}}}buBlip": False, A_BUNONE: None}
_NO_STYLE: tuple[Any, ...] = (...,) * 9  # one entry per level, ``...`` where nothing is said
_BULLET_PREFIXES = ("•", "◦", "▪", "‣", "– ", "- ", "* ")
_TITLE_TYPES = ("TITLE", "CENTER_TITLE", "VERTICAL_TITLE")
#: What python-pptx raises on a slide whose XML is damaged (elements of the wrong class, missing
#: attributes, broken relationships), and our own PARSE_ERROR for a malformed SmartArt part.
_SLIDE_ERRORS = (AttributeError, KeyError, ValueError, IndexError, TypeError, etree.LxmlError, ParseError)


_MACRO_MAINS = (
    b"application/vnd.ms-powerpoint.template.macroEnabled.main+xml",
    b"application/vnd.ms-powerpoint.slideshow.macroEnabled.main+xml",
)
_PRES_MACRO_MAIN = b"application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml"


def _open(data: bytes, what: str) -> Any:
    """The python-pptx Presentation of any PowerPoint package: presentations, templates (.potx)
    and shows (.ppsx) alike. python-pptx's own entry point accepts only the first kind, though
    its part factory reads all three; macro-enabled templates and shows are presented to it
    under the macro-enabled presentation content type, which has the same parts."""
    from pptx.exc import InvalidXmlError, PackageNotFoundError
    from pptx.package import Package
    from pptx.parts.presentation import PresentationPart

    try:
        part = Package.open(io.BytesIO(data)).main_document_part
        if not isinstance(part, PresentationPart):
            types = _ooxml.read(zipfile.ZipFile(io.BytesIO(data)), "[Content_Types].xml", what)
            if not any(t in types for t in _MACRO_MAINS):
                raise ParseError(
                    f"{what} is not a PowerPoint presentation: its main part is {part.content_type}"
                )
            part = Package.open(io.BytesIO(_retyped(data, types))).main_document_part
            if not isinstance(part, PresentationPart):
                raise ParseError(
                    f"{what} is not a PowerPoint presentation: its main part is {part.content_type}"
                )
        return part.presentation
    except PackageNotFoundError as exc:
        raise ParseError(f"{what} is not a PowerPoint package: {exc}") from None
    except (
        KeyError,
        zipfile.BadZipFile,
        zlib.error,
        EOFError,
        etree.XMLSyntaxError,
        ValueError,
        InvalidXmlError,
        AttributeError,  # a damaged relationships part parses into elements of the wrong class
    ) as exc:
        raise ParseError(f"{what}: cannot read the presentation: {type(exc).__name__}: {exc}"[:300]) from None


def _retyped(data: bytes, types: bytes) -> bytes:
    for macro in _MACRO_MAINS:
        types = types.replace(macro, _PRES_MACRO_MAIN)
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            payload = types if info.filename == "[Content_Types].xml" else src.read(info.filename)
            dst.writestr(info, payload)
    return out.getvalue()


_CHART_TYPE = "application/vnd.openxmlformats-officedocument.drawingml.chart+xml"
#: what a damaged chart part is replaced by for python-pptx to open the package: a chart of nothing
_EMPTY_CHART = f'<c:chartSpace xmlns:c="{_charts.C}"/>'.encode()


def _without_damaged_charts(data: bytes, what: str, damaged: dict[str, str]) -> bytes | None:
    """The package with each chart part that is not well-formed replaced by an empty chart, and
    why each is unread in ``damaged`` (by part name, ``/ppt/charts/chart1.xml``); None when no
    chart part is damaged (the package's trouble is elsewhere)."""
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        types = _ooxml.parse_xml(_ooxml.read(zf, "[Content_Types].xml", what), what, "[Content_Types].xml")
        for override in types:
            name = (override.get("PartName") or "").lstrip("/")
            if override.get("ContentType") != _CHART_TYPE or not _ooxml.has_member(zf, name):
                continue
            try:
                _ooxml.parse_xml(_ooxml.read(zf, name, what), what, name)
            except ParseError as exc:
                damaged["/" + name] = f"the chart part is not well-formed XML: {exc.message}"[:200]
        if not damaged:
            return None
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
            for info in zf.infolist():
                payload = _EMPTY_CHART if "/" + info.filename in damaged else zf.read(info.filename)
                dst.writestr(info, payload)
    return out.getvalue()


def _paragraph_text(p: etree._Element) -> str:
    """A paragraph's runs, line breaks and equations (``a14:m``, which PowerPoint writes in a
    shape of an ``mc:AlternateContent`` choice) in order, each equation in the linear format
    Word's are read in (``x^2+1``), one a line in a display of several."""
    parts: list[str] = []
    for el in p.iter(A_T, A_BR, A14_M):
        if el.tag == A14_M:
            maths = (m for m in el if m.tag in (_ooxml.M_OMATHPARA, _ooxml.M_OMATH))
            parts.append("\n".join(_ooxml.omml_linear(m) for m in maths))
        else:
            parts.append("\n" if el.tag == A_BR else (el.text or ""))
    return "".join(parts)


@dataclass(frozen=True, slots=True)
class _Numbered:
    """An ``a:buAutoNum`` bullet: its paragraphs are numbered, from ``start`` (its ``startAt``,
    1 without one). Kept whole where a list style gives it, so that a paragraph numbered by its
    shape's, layout's or master's style counts from the style's ``startAt``."""

    start: int


def _text(txbody: etree._Element | None) -> str:
    """The text of a text frame (a title's, a table cell's), its paragraphs one a line."""
    return "" if txbody is None else "\n".join(_paragraph_text(p) for p in txbody.iterchildren(A_P))


def _frame_blocks(
    txbody: etree._Element, meta: dict[str, Any], inherited: tuple[Any, ...] = _NO_STYLE
) -> list[Block]:
    """A text frame: one paragraph, unless some of its paragraphs are bulleted or indented; then
    each run of those is a list, and each run of the others (lead-in lines above a list, a remark
    between two) one paragraph. A paragraph without a bullet of its own takes its level's bullet
    from ``inherited`` (see ``_Styles``)."""
    entries: list[tuple[str, int, bool | None]] = []  # text, level, ordered (None: not bulleted)
    numbers: list[int | None] = []  # each entry's number, where it is numbered
    counters: dict[int, tuple[int, int]] = {}  # level → (the last number given, its list's start)
    for p in txbody.iterchildren(A_P):
        lines = (" ".join(line.split()) for line in _paragraph_text(p).split("\n"))
        text = "\n".join(line for line in lines if line)
        if not text:
            continue
        ppr = p.find(A_PPR)
        level = 0
        bullet: Any = ...
        if ppr is not None:
            level = _level(ppr)
            bullet = _bullet(ppr)
        if bullet is ...:
            bullet = inherited[level]
        if bullet is ...:
            bullet = None
        if text.startswith(_BULLET_PREFIXES):
            text = text.lstrip("•◦▪‣–-* ").strip()
            bullet = False if bullet is None else bullet
        entries.append((text, level, bullet))
        numbers.append(_count(counters, level, bullet.start if isinstance(bullet, _Numbered) else None))
    if not entries:
        return []
    if len(entries) == 1 or all(b is None and lvl == 0 for _, lvl, b in entries):
        return [Block(PARAGRAPH, "\n".join(t for t, _, _ in entries), meta=meta)]
    blocks: list[Block] = []
    end = 0  # where the run ends in entries
    for listy, run in groupby(entries, key=lambda e: e[2] is not None or e[1] > 0):
        run_entries = list(run)
        first, end = end, end + len(run_entries)
        if not listy:
            blocks.append(Block(PARAGRAPH, "\n".join(t for t, _, _ in run_entries), meta=meta))
            continue
        top = min(lvl for _, lvl, _ in run_entries)  # items indented under a lead-in start at 0
        items = tuple(
            ListItem(" ".join(t.split()), level=lvl - top, ordered=isinstance(b, _Numbered), number=n)
            for (t, lvl, b), n in zip(run_entries, numbers[first:end], strict=True)
        )
        blocks.append(Block(LIST, render_list(items), items=items, meta=meta))
    return blocks


def _start_at(auto: etree._Element) -> int:
    """The number an ``a:buAutoNum`` starts its list at: its ``startAt``, 1 without one (or with
    one that is no whole number)."""
    try:
        return int(auto.get("startAt") or 1)
    except ValueError:
        return 1


def _count(counters: dict[int, tuple[int, int]], level: int, start: int | None) -> int | None:
    """The number of a paragraph at ``level`` numbered from ``start`` (None: not numbered), as
    PowerPoint counts them: on from the last numbered paragraph of that level and start, past
    deeper ones; a paragraph at a shallower level, or one not numbered at that level, starts
    them again."""
    for deeper in [d for d in counters if d > level or (d == level and start is None)]:
        del counters[deeper]
    if start is None:
        return None
    last = counters.get(level)
    number = last[0] + 1 if last is not None and last[1] == start else start
    counters[level] = (number, start)
    return number


def _level(ppr: etree._Element) -> int:
    try:
        return min(max(int(ppr.get("lvl") or 0), 0), 8)
    except ValueError:
        return 0


def _bullet(ppr: etree._Element | None) -> Any:
    """A ``_Numbered`` (ordered), False (bulleted) or None (no bullet) when ``ppr`` says, else
    ``...``."""
    if ppr is not None:
        for child in ppr:
            if child.tag == A_BUAUTO:
                return _Numbered(_start_at(child))
            if child.tag in _BULLETS:
                return _BULLETS[child.tag]
    return ...


def _list_style(lst: etree._Element | None) -> tuple[Any, ...]:
    """The bullet of each of the nine levels of a list style (``a:lstStyle``, ``p:bodyStyle``)."""
    if lst is None or not len(lst):
        return _NO_STYLE
    return tuple(_bullet(lst.find(f"{{{A}}}lvl{n}pPr")) for n in range(1, 10))


def _over(first: tuple[Any, ...], then: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(then[n] if b is ... else b for n, b in enumerate(first))


def _placeholders(part_element: etree._Element) -> list[etree._Element]:
    """The ``p:ph`` elements of a layout or master's own shapes, a shape in an
    ``mc:AlternateContent`` (which python-pptx's own lookups pass over) taken from the branch
    the walk reads on a slide (``_alternative``)."""
    tree = part_element.find(f"{{{P}}}cSld/{{{P}}}spTree")
    found: list[etree._Element] = []
    for el in () if tree is None else tree.iterchildren():
        for sp in _alternative(el)[0] if el.tag == _ooxml.MC_ALTERNATE else (el,):
            ph = sp.find(f"{{{P}}}nvSpPr/{{{P}}}nvPr/{P_PH}") if sp.tag == P_SP else None
            if ph is not None:
                found.append(ph)
    return found


def _layout_bases(layout: Any, idx: str, kind: str) -> tuple[Any, Any, str]:
    """What a slide placeholder of ``idx`` and ``kind`` (its ``p:ph`` type) inherits from, as
    PowerPoint resolves it: the layout placeholder of the same ``idx``, else of the same type,
    and the master placeholder of its kind (``_MASTER_TYPE``); the ``p:ph`` of each, or None,
    and that kind."""
    phs = _placeholders(layout._element)
    base = next((ph for ph in phs if ph.get("idx", "0").strip() == idx), None)
    if base is None:
        base = next((ph for ph in phs if ph.get("type", "obj") == kind), None)
    if base is not None:
        kind = base.get("type", "obj")
    kind = _MASTER_TYPE.get(kind, "body")
    top = next(
        (ph for ph in _placeholders(layout.slide_master._element) if ph.get("type", "obj") == kind), None
    )
    return base, top, kind


def _ph_list_style(ph: etree._Element | None) -> tuple[Any, ...]:
    if ph is None:
        return _NO_STYLE
    sp = ph.getparent().getparent().getparent()
    return _list_style(sp.find(f"{P_TXBODY}/{A_LSTSTYLE}"))


#: The master placeholder and text style a placeholder type inherits from: titles from the title,
#: date, footer, slide number and header from their own kind (and the master's other style), all
#: others (body, obj, subTitle, tbl, chart, pic …) from the body.
_MASTER_TYPE = {
    "title": "title",
    "ctrTitle": "title",
    "dt": "dt",
    "ftr": "ftr",
    "sldNum": "sldNum",
    "hdr": "hdr",
}
_TEXT_STYLE = {"title": "titleStyle", "body": "bodyStyle"}


class _Styles:
    """The bullets a placeholder's paragraphs inherit, level by level, as PowerPoint resolves
    them: the slide shape's own list style, then the list style of the layout placeholder of the
    same ``idx`` (else of the same type), then that of the master placeholder of its kind, then
    the master's text style (``p:txStyles``: ``p:bodyStyle`` for body and object placeholders,
    which is where the bullets of the commonest slide come from). Other shapes only have their
    own list style: a text box has no bullets unless it says so."""

    def __init__(self) -> None:
        self._cache: dict[tuple[str, str, str], tuple[Any, ...]] = {}

    def of(self, element: etree._Element, txbody: etree._Element, slide: Any) -> tuple[Any, ...]:
        own = _list_style(txbody.find(A_LSTSTYLE))
        ph = element.find(f"{{{P}}}nvSpPr/{{{P}}}nvPr/{P_PH}")
        if ph is None:
            return own
        try:
            layout = slide.slide_layout
            key = (str(layout.part.partname), ph.get("idx", "0").strip(), ph.get("type", "obj"))
            if key not in self._cache:
                self._cache[key] = self._inherited(layout, *key[1:])
        except _SLIDE_ERRORS:  # a missing or damaged layout or master: the slide's own styles only
            return own
        return _over(own, self._cache[key])

    def of_notes(self, notes_slide: Any, txbody: etree._Element) -> tuple[Any, ...]:
        """The bullets of the speaker notes, resolved as a slide placeholder's are: the notes'
        own list style, then that of the notes master's body placeholder, then the master's
        ``p:notesStyle`` (which has no bullets in PowerPoint's and python-pptx's masters)."""
        own = _list_style(txbody.find(A_LSTSTYLE))
        try:
            master = notes_slide.part.notes_master
            key = (str(master.part.partname), "", "notes")
            if key not in self._cache:
                element = master._element
                top = next((ph for ph in _placeholders(element) if ph.get("type") == "body"), None)
                style = _list_style(element.find(f"{{{P}}}notesStyle"))
                self._cache[key] = _over(_ph_list_style(top), style)
        except _SLIDE_ERRORS:  # no notes master, or a damaged one: the notes' own styles only
            return own
        return _over(own, self._cache[key])

    @staticmethod
    def _inherited(layout: Any, idx: str, kind: str) -> tuple[Any, ...]:
        base, top, kind = _layout_bases(layout, idx, kind)
        master = layout.slide_master._element
        text_style = master.find(f"{{{P}}}txStyles/{{{P}}}{_TEXT_STYLE.get(kind, 'otherStyle')}")
        return _over(_over(_ph_list_style(base), _ph_list_style(top)), _list_style(text_style))


def _geometry(shape: Any) -> tuple[int, int, int, int]:
    """Top, left, height and width in EMU (0 where they cannot be told). A placeholder without a
    position of its own takes its layout placeholder's, else its master placeholder's
    (``_layout_bases``, which sees those in an ``mc:AlternateContent`` where python-pptx's own
    lookup does not)."""
    try:
        element = shape._element
        if element.tag in _CONTENT_PARTS:  # ink, which python-pptx does not know
            xfrm = element.find(f"{{{P14}}}xfrm")
            off = None if xfrm is None else xfrm.find(f"{{{A}}}off")
            ext = None if xfrm is None else xfrm.find(f"{{{A}}}ext")
            return (_emu(off, "y"), _emu(off, "x"), _emu(ext, "cy"), _emu(ext, "cx"))
        if getattr(shape, "is_placeholder", False) and getattr(element, "xfrm", ...) is None:
            return _inherited_geometry(shape)
        top, left, height, width = shape.top, shape.left, shape.height, shape.width
    except _SLIDE_ERRORS:
        return (0, 0, 0, 0)
    return (int(top or 0), int(left or 0), int(height or 0), int(width or 0))


def _inherited_geometry(shape: Any) -> tuple[int, int, int, int]:
    ph = shape._element.find(f"*/{{{P}}}nvPr/{P_PH}")
    if ph is None:
        return (0, 0, 0, 0)
    layout = shape.part.slide_layout
    for base in _layout_bases(layout, ph.get("idx", "0").strip(), ph.get("type", "obj"))[:2]:
        xfrm = (
            None
            if base is None
            else base.getparent().getparent().getparent().find(f"{{{P}}}spPr/{{{A}}}xfrm")
        )
        if xfrm is not None:
            off, ext = xfrm.find(f"{{{A}}}off"), xfrm.find(f"{{{A}}}ext")
            return (_emu(off, "y"), _emu(off, "x"), _emu(ext, "cy"), _emu(ext, "cx"))
    return (0, 0, 0, 0)


def _emu(el: etree._Element | None, name: str) -> int:
    try:
        return 0 if el is None else int(el.get(name) or 0)
    except ValueError:
        return 0


def _shape_type(shape: Any) -> Any:
    """python-pptx raises for shapes of a kind it does not know (rare presets, OLE frames)."""
    try:
        return shape.shape_type
    except (NotImplementedError, AttributeError, KeyError, ValueError):
        return None


_ROW_BAND = 228_600  # EMU: a quarter of an inch


def _sorted(shapes: Iterable[Any]) -> list[Any]:
    """The shapes in reading order (:func:`._reading_order.rows_then_columns`), by their boxes in EMU."""
    return rows_then_columns(shapes, _geometry, _ROW_BAND)


def _chartex_ref(frame: etree._Element) -> etree._Element | None:
    """The ``cx:chart`` naming the part of an Office 2016 chart (a waterfall, a treemap …) that a
    graphic frame shows, if it shows one."""
    return frame.find(f"{{{A}}}graphic/{{{A}}}graphicData/{{{_charts.CX}}}chart")


#: what a graphic frame shows that the walk reads: a table, a chart (of either kind), SmartArt
_FRAME_CONTENT = (f"{{{A}}}tbl", f"{{{C}}}chart", f"{{{_charts.CX}}}chart", f"{{{DGM}}}relIds")


def _readable(el: etree._Element, ink: Callable[[etree._Element], str] | None = None) -> bool:
    """Whether the walk reads the shape ``el``: a shape with a text frame, a group, a picture,
    a graphic frame holding a table, a chart, SmartArt or an embedded object, or ink whose
    handwriting was recognised (``ink`` gives its text)."""
    if el.tag in _CONTENT_PARTS:
        return ink is not None and bool(ink(el))
    if el.tag == P_SP:
        return el.find(P_TXBODY) is not None
    if el.tag in (P_GRPSP, P_PIC):
        return True
    if el.tag == P_GRAPHICFRAME:
        data = el.find(f"{{{A}}}graphic/{{{A}}}graphicData")
        return data is not None and (
            any(data.find(tag) is not None for tag in _FRAME_CONTENT)
            or data.find(f".//{{{P}}}oleObj") is not None
        )
    return False


def _alternative(
    alternate: etree._Element, ink: Callable[[etree._Element], str] | None = None
) -> tuple[list[etree._Element], list[etree._Element]]:
    """The shapes of an ``mc:AlternateContent`` to read: those of its first choice whose shapes
    the walk all reads (an equation's text box, an Office 2016 chart, a group), else those of
    its fallback (the picture standing for ink, a 3D model or an equation), never both. With
    no fallback (or an empty one) the first choice holding a shape the walk reads is taken,
    else the first choice: its shapes the walk reads are read (a text box is not lost to the
    ink beside it), and those it cannot read are returned second, to be listed."""
    choices = list(alternate.iterchildren(_ooxml.MC_CHOICE))
    for choice in choices:
        shapes = _elements(choice)
        if shapes and all(_readable(el, ink) for el in shapes):
            return shapes, []
    fallback = alternate.find(_ooxml.MC_FALLBACK)
    shapes = [] if fallback is None else _elements(fallback)
    if shapes:  # an empty fallback is none: the choice is all there is
        return shapes, []
    branches = [_elements(choice) for choice in choices]
    readable = partial(_readable, ink=ink)
    shapes = next((b for b in branches if any(map(readable, b))), next((b for b in branches if b), []))
    return [el for el in shapes if readable(el)], [el for el in shapes if not readable(el)]


def _elements(branch: etree._Element) -> list[etree._Element]:
    return [el for el in branch if isinstance(el.tag, str)]


#: the shapes of a shape tree python-pptx makes shapes of (content parts aside)
_SHAPES = (P_SP, P_GRPSP, P_GRAPHICFRAME, P_PIC, f"{{{P}}}cxnSp")


def _with_alternates(
    shapes: Any,
    unread: list[etree._Element] | None = None,
    ink: Callable[[etree._Element], str] | None = None,
) -> list[Any]:
    """The shapes of a slide or a group, each ``mc:AlternateContent`` (which python-pptx passes
    over) replaced in its place by the shapes of the alternative read (``_alternative``):
    PowerPoint writes there what needs a later version to show, an equation, ink, a 3D model, an
    Office 2016 chart, with a fallback (a picture of it, a shape saying it cannot be shown).
    Ink is read where ``ink`` finds its handwriting recognised, in a choice or straight in the
    shape tree (where python-pptx's shape factory fails on it, losing the slide). What a choice
    without a fallback holds and the walk cannot read, and ink out of one with no recognised
    handwriting, are put in ``unread``."""
    tree = getattr(shapes, "_spTree", None)
    if tree is None:
        return list(shapes)
    out = []
    for el in tree.iterchildren():
        if el.tag == _ooxml.MC_ALTERNATE:
            read, left = _alternative(el, ink)
        elif el.tag in _CONTENT_PARTS:
            read, left = ([el], []) if _readable(el, ink) else ([], [el])
        elif el.tag in _SHAPES:
            read, left = [el], []
        else:
            continue
        out.extend(
            _Ink(shape) if shape.tag in _CONTENT_PARTS else shapes._shape_factory(shape) for shape in read
        )
        if unread is not None:
            unread.extend(left)
    return out


class _Ink:
    """Ink read for its recognised handwriting: a content part, for which python-pptx has no
    shape (its shape factory fails on one), standing in the walk as a shape does."""

    is_placeholder = False

    def __init__(self, element: etree._Element) -> None:
        self._element = element


def _unread_alternate(el: etree._Element, page: int) -> Skipped:
    """The entry for ``el``, a shape of an ``mc:Choice`` without a fallback (or ink out of one)
    that the walk cannot read: what the choice requires (the namespace prefix of a later
    PowerPoint's markup, ``p14`` for ink) and the element, so that the user knows something
    stood there."""
    choice = el.getparent()
    tag = etree.QName(el)
    element = f"{el.prefix}:{tag.localname}" if el.prefix else tag.localname
    c_nv = next(
        (c for c in el.iter() if isinstance(c.tag, str) and etree.QName(c).localname == "cNvPr"), None
    )
    name = (c_nv.get("name") if c_nv is not None else None) or element
    if choice is not None and choice.tag == _ooxml.MC_CHOICE:
        requires = " ".join((choice.get("Requires") or "").split())
        needs = f" needing {requires!r}" if requires else ""
        what = f"alternate content{needs} ({element})"
    else:  # ink straight in the shape tree
        what = element
    return Skipped("shape", f"slide {page}: {name}"[:200], f"{what} that is not read, with no fallback"[:200])


def _is_title(shape: Any) -> bool:
    if not getattr(shape, "is_placeholder", False):
        return False
    try:
        return (
            shape.placeholder_format.type is not None and shape.placeholder_format.type.name in _TITLE_TYPES
        )
    except (AttributeError, ValueError, KeyError):
        return False


class _Slides:
    def __init__(self, sink: _ooxml.ImageSink, what: str, attacher: Attacher) -> None:
        self.sink = sink
        self.what = what
        self.styles = _Styles()
        self.attacher = attacher
        self.held = Attached()  # what the files embedded in the slides gave
        #: the objects set aside (embedded()): each one's placeholder block and what reads it
        self.deferred: list[tuple[Block, Callable[[], Attached]]] = []
        #: chart parts that are not well-formed (set aside so that the presentation opens): why
        self.damaged: dict[str, str] = {}
        #: the recognised handwriting of each ink part read, by part name ("" where none)
        self.inked: dict[str, str] = {}
        #: the number shown on the first slide (the presentation's firstSlideNum)
        self.first_number = 1

    def shapes(
        self,
        shapes: Iterable[Any],
        slide: Any,
        meta: dict[str, Any],
        page: int,
        *,
        placeholders: bool = True,
    ) -> Iterator[Block]:
        """The blocks of ``shapes`` (a slide's, a group's, a notes page's) in reading order;
        without ``placeholders`` on a notes page, whose body is read first and whose other
        placeholders (the slide image, header, footer, date, number) are left out."""
        from pptx.enum.shapes import MSO_SHAPE_TYPE

        unread: list[etree._Element] = []
        found = _with_alternates(shapes, unread, partial(self.ink, slide))
        self.sink.skipped.extend(_unread_alternate(el, page) for el in unread)
        if not placeholders:
            found = [shape for shape in found if not getattr(shape, "is_placeholder", False)]
        for shape in _sorted(found):
            if _is_title(shape):
                continue
            if shape._element.tag in _CONTENT_PARTS:  # taken for its recognised handwriting
                yield Block(PARAGRAPH, self.ink(slide, shape._element), page=page, meta=meta)
                continue
            kind = _shape_type(shape)
            if kind == MSO_SHAPE_TYPE.GROUP:
                yield from self.shapes(shape.shapes, slide, meta, page)
                continue
            if getattr(shape, "has_table", False) and shape.has_table:
                yield from self.table(shape.table, meta, page)
                continue
            element = shape._element
            if (getattr(shape, "has_chart", False) and shape.has_chart) or (
                element.tag == P_GRAPHICFRAME and _chartex_ref(element) is not None
            ):
                yield from self.chart(shape, meta, page)
                continue
            ole = element.find(f".//{{{P}}}oleObj")
            if ole is not None:  # its preview picture (an EMF, in the fallback) is not read
                yield from self.embedded(ole, slide, meta, page)
                continue
            if hasattr(shape, "image") and element.find(f".//{{{A}}}blip") is not None:
                yield from self.picture(shape, meta, page)
                continue
            dm = element.find(f".//{{{DGM}}}relIds")
            if dm is not None:
                yield from self.smartart(slide, dm, meta, page)
                continue
            txbody = element.find(f"{{{P}}}txBody")
            if txbody is not None:
                for block in _frame_blocks(txbody, meta, self.styles.of(element, txbody, slide)):
                    yield replace(block, page=page)

    def ink(self, slide: Any, content_part: etree._Element) -> str:
        """The handwriting recognised in the ink part a content part of ``slide`` names, one line
        a line (``_ooxml.ink_lines``); "" where there is none, or the part is missing or damaged, the
        ink's fallback picture then read in its place."""
        try:
            part = slide.part.related_part(content_part.get(f"{{{R}}}id") or "")
            name = str(part.partname)
        except (KeyError, AttributeError, ValueError):
            return ""
        if name not in self.inked:
            try:
                self.inked[name] = "\n".join(_ooxml.ink_lines(part.blob, f"{self.what} {name}"))
            except ParseError:
                self.inked[name] = ""
        return self.inked[name]

    def embedded(self, ole: etree._Element, slide: Any, meta: dict[str, Any], page: int) -> Iterator[Block]:
        """The file an OLE frame embeds, under an ``Embedded: name`` heading below the slide's
        title where the frame stands: a placeholder there, read by :meth:`read_embedded` once
        every slide is."""
        prog_id = ole.get("progId")
        kind = f"an embedded object ({prog_id})" if prog_id else "an embedded object"
        rid = ole.get(f"{{{R}}}id") or ""
        where = f"slide {page}: {ole.get('name') or rid}"
        read: Callable[[], Attached]
        if ole.find(f"{{{P}}}link") is not None:
            linked = Skipped(
                "embedded object", where, f"{kind} linked to a file outside the document (not fetched)"
            )
            read = partial(Attached, skipped=[linked])
        else:
            try:
                part = slide.part.related_part(rid)
                data, name = part.blob, posixpath.basename(str(part.partname))
            except (KeyError, AttributeError, ValueError):
                missing = Skipped("embedded object", where, f"{kind} whose part is missing")
                read = partial(Attached, skipped=[missing])
            else:
                read = partial(
                    _embedded.read_file, data, name, prog_id, self.attacher, level=2, page=page, meta=meta
                )
        slot = Block(PARAGRAPH, "")
        self.deferred.append((slot, read))
        yield slot

    def read_embedded(self, blocks: list[Block]) -> list[Block]:
        """``blocks`` with the files :meth:`embedded` set aside read in their places, the
        presentation's own text reserved first in the text limit (a slide that could not be
        read takes its objects with it)."""
        if not self.deferred:
            return blocks
        self.attacher.own = text_chars(blocks)
        present = {id(b) for b in blocks}
        placed: dict[int, list[Block]] = {}
        for slot, read in self.deferred:
            if id(slot) not in present:
                continue
            got = read()
            placed[id(slot)] = got.blocks
            self.held.add(got)
        self.deferred = []
        return [b for block in blocks for b in placed.get(id(block), (block,))]

    def table(self, table: Any, meta: dict[str, Any], page: int) -> Iterator[Block]:
        grid: list[list[str]] = []
        spans: dict[tuple[int, int], str] = {}  # (row, col) covered by a merge → the origin's text
        labels: list[int] = []  # rows of one cell merged across the table
        first_cells: list[str] = []  # the first row's own cells (not those a merge covers)
        across: set[int] = set()  # the columns under a first-row cell merged across columns
        down: set[int] = set()  # and under one merged down over the rows below it
        for r, row in enumerate(table.rows):
            cells: list[str] = []
            for c, cell in enumerate(row.cells):
                text = " ".join(_text(cell._tc.txBody).split())
                if (
                    c == 0
                    and cell.is_merge_origin
                    and cell.span_height == 1
                    and cell.span_width == len(row.cells)
                ):
                    labels.append(r)
                if cell.is_merge_origin:
                    for dr in range(min(cell.span_height, 1000)):
                        for dc in range(min(cell.span_width, 64)):
                            if dr or dc:
                                spans[(r + dr, c + dc)] = text
                elif cell.is_spanned:
                    text = spans.get((r, c), text)
                if r == 0 and not cell.is_spanned:
                    first_cells.append(text)
                if r == 0 and cell.is_merge_origin:
                    cols = range(c, c + min(cell.span_width, 64))
                    if cell.span_width > 1:
                        across.update(cols)
                    if cell.span_height > 1:
                        down.update(cols)
                cells.append(text)
            grid.append(cells)
        # PowerPoint marks a table's first row as its header (a:tblPr firstRow="1", set on the
        # tables it inserts, cleared by the Header Row box); a merged header cell names every
        # column
        props = table._tbl.tblPr  # read here: python-pptx raises on a value other than 1/0/true/false
        headed = props is not None and (props.get("firstRow") or "").strip() in ("1", "true")
        if not any(any(r) for r in grid):
            return
        if len(grid) == 1:
            # a table of one row lays text out side by side: no header names its columns and
            # no row is data, so each cell is a paragraph
            for text in first_cells:
                if text:
                    yield Block(PARAGRAPH, text, page=page, meta=meta)
            return
        if headed:
            # a header row of one cell across the table is a title over it, said before it, the
            # row below heading the table, as in Word's and HTML's tables
            # with sub-headings under a heading merged across columns ("Class1" over "A | B"),
            # the two rows head it, each column's texts joined ("Class1 / A")
            heads = 2 if _sub_headings(grid, across, down, labels) else 1
            titles, header, data, first = marked_header(grid, heads, labels)
            for title in titles:
                yield Block(PARAGRAPH, title, page=page, meta=meta)
            if header is None:  # a title over a single row, which is data: no row heads it
                header = tuple(f"Column {i + 1}" for i in range(max(map(len, data))))
                meta = {**meta, "has_header": False}
        else:
            # no row heads the table: its columns are named as a spreadsheet's without a header
            # row are, so that the Markdown table has a header line that invents no values; a
            # merged first row is then no title over a header but a label over the rows below,
            # as in an HTML table without header cells
            labels_once(grid, labels)
            data = [tuple(r) for r in grid]
            header, first = tuple(f"Column {i + 1}" for i in range(max(map(len, data)))), 1
            meta = {**meta, "has_header": False}
        yield Block(
            TABLE,
            render_table(header, data),
            rows=tuple(data),
            header=header,
            row_numbers=tuple(range(first, first + len(data))),
            page=page,
            meta=meta,
        )

    def chart(self, shape: Any, meta: dict[str, Any], page: int) -> Iterator[Block]:
        """A chart's title and data where its frame stands (see :mod:`._charts`); listed as
        skipped when its part is missing, damaged or keeps no values."""
        chart = reason = None
        try:
            ref = _chartex_ref(shape._element)
            part = shape.chart_part if ref is None else shape.part.related_part(ref.get(f"{{{R}}}id") or "")
            name = str(part.partname)
            reason = self.damaged.get(name)
            if reason is None:
                chart = _charts.read_chart(part.blob, f"{self.what} {name}")
        except (KeyError, AttributeError, ValueError):
            reason = "its chart part is missing"
        except _charts.ChartUnread as exc:
            reason = str(exc)
        for block in _charts.said(chart, reason, f"slide {page}: {shape.name}", meta, self.sink.skipped):
            yield replace(block, page=page)

    def picture(self, shape: Any, meta: dict[str, Any], page: int) -> Iterator[Block]:
        c_nv = shape._element.find(f".//{{{P}}}cNvPr")
        alt = None
        if c_nv is not None:
            alt = _ooxml.clean_alt(c_nv.get("descr")) or _ooxml.clean_alt(c_nv.get("title"))
        try:
            image = shape.image
            blob, ext = image.blob, image.ext
        except (AttributeError, KeyError, ValueError) as exc:
            self.sink.skipped.append(
                Skipped("image", f"slide {page}: {shape.name}", f"unreadable picture: {exc}")
            )
            return
        result = self.sink.from_bytes(blob, ext, source_name=shape.name, alt=alt, meta={"slide_number": page})
        names = (result.name,) if isinstance(result, Image) else ()
        fallback = result.name if isinstance(result, Image) else shape.name
        yield Block(IMAGE, _ooxml.image_marker(alt, fallback), images=names, alt=alt, page=page, meta=meta)

    def smartart(
        self, slide: Any, relids: etree._Element, meta: dict[str, Any], page: int
    ) -> Iterator[Block]:
        rid = relids.get(f"{{{R}}}dm")
        try:
            part = slide.part.related_part(rid)
        except (KeyError, AttributeError):
            return
        root = _ooxml.parse_xml(part.blob, f"{self.what} SmartArt")
        items = []
        for p in root.iter(A_P):
            text = " ".join(_paragraph_text(p).split())
            if text:
                items.append(ListItem(text))
        if items:
            yield Block(LIST, render_list(items), items=tuple(items), page=page, meta=meta)


def _sub_headings(grid: list[list[str]], across: set[int], down: set[int], labels: list[int]) -> bool:
    """Whether the second row of a table headed by its first holds sub-headings: the first row
    has a cell merged across some columns (one across the whole table is a title, ``labels``),
    the second fills every column under such a cell and nothing else but what a first-row cell
    merged down covers, and a row of data follows ("Class1" over "A | B | C", the corner cell
    empty in both)."""
    if not across or 0 in labels or len(grid) < 3 or not any(grid[1]):
        return False
    for c, text in enumerate(grid[1]):
        if c in across:
            if not text:
                return False
        elif text and c not in down:
            return False
    return True


def _notes_body(notes: Any) -> etree._Element | None:
    """The text frame of the speaker notes: the notes slide's body placeholder's, as python-pptx
    finds it, or in an ``mc:AlternateContent`` (which python-pptx passes over, and where
    PowerPoint puts the placeholder once the notes hold an equation), its choice or its fallback
    as ``_alternative`` picks, never both."""
    for shape in _with_alternates(notes.shapes):
        ph = shape._element.find(f"{{{P}}}nvSpPr/{{{P}}}nvPr/{P_PH}")
        if ph is not None and ph.get("type") == "body":
            return shape._element.find(P_TXBODY)
    return None


A_FLD = f"{{{A}}}fld"


def _numbered(element: etree._Element, shown: int) -> None:
    """The slide-number fields (``a:fld type="slidenum"``) of a slide's or its notes' XML made to
    read ``shown``, as PowerPoint shows them: the text a field keeps is only what was last
    drawn, and some writers leave a stand-in there on every slide (Google Slides ``‹#›``,
    PHPPresentation ``<number>``). The tree is python-pptx's, read and never saved."""
    for field in element.iter(A_FLD):
        if field.get("type") == "slidenum":
            texts = field.findall(A_T)
            if texts:
                texts[0].text = str(shown)
                for extra in texts[1:]:
                    extra.text = ""


def _first_slide_number(prs: Any) -> int:
    """The number the first slide shows (``p:presentation firstSlideNum``, 1 without one)."""
    try:
        return int(prs._element.get("firstSlideNum") or 1)
    except (ValueError, AttributeError):
        return 1


def _slide_blocks(walker: _Slides, slide: Any, number: int) -> list[Block]:
    blocks: list[Block] = []
    _numbered(slide._element, walker.first_number + number - 1)
    title_shape = next((s for s in _with_alternates(slide.shapes) if _is_title(s)), None)
    title = " ".join(_text(title_shape._element.find(P_TXBODY)).split()) if title_shape is not None else ""
    meta: dict[str, Any] = {"slide_number": number, "slide_title": title or None}
    if slide._element.get("show") == "0":
        meta["hidden"] = True
    if title:
        blocks.append(Block(HEADING, title, level=1, page=number, meta=meta))
    else:  # not under the title of the slide before
        meta[NO_HEADING] = True
    blocks.extend(walker.shapes(slide.shapes, slide, meta, number))
    if slide.has_notes_slide:
        notes = slide.notes_slide
        _numbered(notes._element, walker.first_number + number - 1)
        notes_meta = {**meta, NOTES: True}
        txbody = _notes_body(notes)
        if txbody is not None:  # read as a text frame of the slide: bulleted lines are a list
            inherited = walker.styles.of_notes(notes, txbody)
            for block in _frame_blocks(txbody, notes_meta, inherited):
                blocks.append(replace(block, page=number))
        # then what was added beside it in Notes Page view (text boxes, shapes, tables, pictures),
        # which the printed notes page shows and the notes pane does not
        blocks.extend(walker.shapes(notes.shapes, notes, notes_meta, number, placeholders=False))
    return blocks


@extractor(
    ".pptx",
    ".potx",
    ".ppsx",
    ".pptm",
    ".potm",
    ".ppsm",
    name="pptx",
    # 3: a row of one cell merged across the table given once; 4: bullets inherited from the
    # layout and master (the points of a "Title and Content" slide are a list), a line without a
    # bullet among bulleted ones a paragraph, boxes side by side read across though their tops
    # differ a little; 5: bulleted and numbered lines of the speaker notes a list, as on the slide;
    # 6: a table of one row a paragraph per cell; the file an OLE frame embeds read where the
    # frame stands; 7: a packaged picture an image where it stands; 8: a table whose first row is
    # not marked as its header row (a:tblPr firstRow) has columns named Column N, has_header False;
    # 9: the presentation's own text reserved in the text limit before the files its frames embed
    # are read; 10: what an embedded file's own extractor removed (a poem's margin line numbers)
    # listed; 11: a header row of one cell merged across the table (a title row) said before the
    # table, the row below heading it; 12: a title row over a single row said before the table,
    # that row its data (columns named Column N, has_header False); 13: a chart read where it
    # stands: its title and axis titles a paragraph, the values its part keeps a table (chart_type
    # in the meta); a chart without them listed as skipped with why, a damaged chart part no
    # longer losing the whole deck; 14: a bubble chart's x, y and size values a table; an Office
    # 2016 chart (waterfall, treemap …, its frame in an mc:AlternateContent choice) read where
    # it stands, no longer lost; every shape in an mc:AlternateContent read where it stands, its
    # choice when the walk reads it (a text box, a group, a table, a picture), else its fallback
    # (the picture standing for a 3D model or ink); an equation (a14:m) read as its linear text
    # where it stands in its paragraph, a title's or a table cell's included; speaker notes whose
    # body placeholder is in an mc:AlternateContent (as once they hold an equation) read once;
    # 15: the text boxes, shapes, tables and pictures added to a notes page read after its notes;
    # what an mc:AlternateContent choice without a fallback holds and the walk cannot read (ink)
    # listed as skipped, the shapes beside it in the choice read; a layout or master placeholder
    # in an mc:AlternateContent gives a slide placeholder its position and bullets; ink whose
    # handwriting Office recognised read as its text where it stands, not as its picture; a
    # content part straight in the shape tree no longer loses the slide
    # 16: an a:buAutoNum paragraph carries its number (ListItem.number, from its startAt)
    # 17: a VBA project (ppt/vbaProject.bin) listed as skipped
    # 18: a chart's number in General read as General shows it (0.333333333, 1E-05)
    # 19: a chart's number of 16 digits or more in General in 15 significant digits, as a cell's
    # 20: a paragraph numbered by its shape's, layout's or master's list style counts from that
    # style's startAt, no longer from 1
    # 21: a chart's time as Excel shows it (06:00 at h:mm, 1:05 PM, 26:02:59 at [h]:mm:ss)
    # 22: a chart's number in a format scaling it by a thousand (1,235K at #,##0,"K") or writing
    # text between its digits (078-05-1120 at 000-00-0000) as Excel shows it, or in a format of
    # fractions (2 3/8 at # ?/?)
    # 23: a header row with a cell merged across columns, over a row of sub-headings under it
    # (and nothing else), heads the table with that row, each column's texts joined (Class1 / A)
    # 24: a slide-number field reads the slide's number (from firstSlideNum), not the stand-in
    # text a writer left in it (Google Slides' ‹#› on every slide)
    # 25: the slides hidden in the show listed in the coverage (hidden_read: slide 3); a
    # chart's number in a format of a fixed denominator shown so (2 3/8 at # ?/8); a shape
    # alone beside a taller one, within its height, read in its row, left to right
    version="25",
    source_type="pptx",
    libraries=("python-pptx",),
    images=True,
)
def extract_pptx(data: bytes, ctx: ExtractContext) -> Document:
    what = ctx.filename or "PPTX"
    data = decrypted(data, ctx, what)  # saved with a password: the zip it holds
    zf = open_zip(data, ctx.limits, what)
    with zf:
        if not _ooxml.has_member(zf, "[Content_Types].xml"):
            raise ParseError(f"{what} is not an Office Open XML package (no [Content_Types].xml)")
        main = _ooxml.main_part(zf, what, "ppt/presentation.xml")
        if not main.endswith("presentation.xml"):
            raise ParseError(f"{what} is not a PowerPoint presentation: its main part is {main}")
        try:
            props = _ooxml.core_properties(zf, what)
        except ParseError:
            props = {}  # damaged document properties: the slides are what matters
        parts = [n for n in zf.namelist() if n.startswith("ppt/comments/") and n.endswith(".xml")]
        comments = _ooxml.comments_skipped(zf, parts, "cm", what)
        macros = _ooxml.macros_skipped(zf, posixpath.dirname(main))
    damaged: dict[str, str] = {}
    try:
        prs = _open(data, what)
    except ParseError as exc:
        # python-pptx parses every chart part when it opens the package: one damaged chart
        # would lose every slide, so the presentation is opened again with it set aside
        try:
            repaired = _without_damaged_charts(data, what, damaged)
        except (ParseError, zipfile.BadZipFile, zlib.error, EOFError):
            repaired = None
        if repaired is None:
            raise exc from None
        prs = _open(repaired, what)
    sink = _ooxml.ImageSink()
    if comments is not None:
        sink.skipped.append(comments)
    if macros is not None:
        sink.skipped.append(macros)
    walker = _Slides(sink, what, Attacher(ctx))
    walker.damaged = damaged
    walker.first_number = _first_slide_number(prs)
    blocks: list[Block] = []
    total = 0
    for number, slide in enumerate(prs.slides, start=1):
        total = number
        try:
            blocks.extend(_slide_blocks(walker, slide, number))
        except _SLIDE_ERRORS as exc:  # one damaged slide is listed, the others are read
            sink.skipped.append(
                Skipped("slide", f"slide {number}", f"unreadable: {type(exc).__name__}: {exc}"[:200])
            )
    blocks = walker.read_embedded(blocks)
    if not any(b.text.strip() for b in blocks):
        if total == 0:
            raise EmptyExtraction(f"{what}: the presentation has no slides")
        raise EmptyExtraction(f"{what}: no text on any of its {total} slides")
    held = walker.held
    images = sink.images + tuple(held.images)
    return assemble(
        "pptx",
        blocks,
        images=images,
        metadata={"source_type": "pptx", "total_slides": total, **props},
        coverage=Coverage(
            slides_total=total,
            hidden_read=hidden_read(blocks),
            attachments_indexed=tuple(held.indexed),
            headers_footers_removed=tuple(held.removed),
            images_extracted=len(images),
            skipped=tuple(sink.skipped + held.skipped),
            warnings=tuple(held.warnings),
            notes=tuple(held.notes),
        ),
    )
