"""OpenDocument text and presentations (.odt .odp), read from ``content.xml`` directly.

The container is checked with ``zipsafe.open_zip``; ``content.xml``, ``styles.xml`` and ``meta.xml``
are parsed with the safe parser of ``_ooxml`` (no entity expansion), so entities such as ``&amp;``
come back decoded. Text documents: headings (``text:h`` with ``text:outline-level``), paragraphs,
nested lists (ordered or bulleted from the list styles), tables (spanned and covered cells filled
with the spanning cell's text), sections and indexes read through, footnotes/endnotes as ``[^n]``
markers (n the number the document shows, an endnote's with ``e`` before it only beside footnotes
numbered with the same kind of characters) with the notes at the end, tracked deletions skipped,
what the document hides left out (a hidden-text or hidden-paragraph field whose condition held when
it was last shown, text of a style with ``text:display="none"``, a section so hidden, a template's
placeholder field, a shape hidden by ``draw:display="none"`` on it or in its graphic style or by
a layer the layer set hides), images from ``Pictures/`` (alt text from ``svg:title`` or
``svg:desc``) right after their paragraph (a captioned picture, in a frame above its caption's
text, before it), text boxes
read where their frame stands (blocks for one anchored to the page, lines of the paragraph for one
in a paragraph; one anchored to a later page, which LibreOffice writes at the top of the text, where
that page starts, when the text marks its soft page breaks), the page headers and footers of
``styles.xml`` in the metadata (``header_text``, ``footer_text``).
A frame made a hyperlink (``draw:a`` around it) is read as the frame is. A chart object
(``Object 1/``, a chart in the manifest) is read where its frame stands as a Word or PowerPoint
chart is (:mod:`._charts`): its title and axis titles, and the values its own table keeps.
Presentations: one unit per ``draw:page`` with ``slide_number`` and ``slide_title`` in each block's
meta (and ``hidden`` for a slide hidden in the show), frames sorted top-to-bottom, left-to-right
(the master page's footer and date frames among them, showing the text the slide declares for them;
an empty placeholder, whose text is only an editor's prompt, and a hidden shape left out),
then the speaker notes, read as the slide's frames are (lists included) with ``notes=True`` in their
meta. The header, footer and date of the notes pages and handouts (``presentation:header-decl`` and
the declarations that ``presentation:notes`` and ``style:handout-master`` name, shown by the frames
of the master's notes page and of the handout master) are left out on purpose: they are printed on
pages no slide shows, and each slide's notes would repeat the same line; the slide's own footer and
date are read with it. A header is only ever shown there (slides have none).
"""

from __future__ import annotations

import io
import posixpath
import re
import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import partial
from operator import itemgetter
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
from ._mathml import from_lxml, mathml_linear
from ._odf_encrypted import odf_decrypted
from ._reading_order import rows_then_columns
from .registry import extractor

NS = {
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
    "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "draw": "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0",
    "svg": "urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0",
    "xlink": "http://www.w3.org/1999/xlink",
    "presentation": "urn:oasis:names:tc:opendocument:xmlns:presentation:1.0",
    "style": "urn:oasis:names:tc:opendocument:xmlns:style:1.0",
    "dc": "http://purl.org/dc/elements/1.1/",
    "meta": "urn:oasis:names:tc:opendocument:xmlns:meta:1.0",
    "form": "urn:oasis:names:tc:opendocument:xmlns:form:1.0",
}


def _q(prefix: str, local: str) -> str:
    return f"{{{NS[prefix]}}}{local}"


T_P, T_H, T_LIST, T_ITEM, T_HEADER = (_q("text", t) for t in ("p", "h", "list", "list-item", "list-header"))
T_S, T_TAB, T_LB, T_NOTE, T_NOTE_BODY, T_NOTE_CIT = (
    _q("text", t) for t in ("s", "tab", "line-break", "note", "note-body", "note-citation")
)
T_SECTION, T_TRACKED, T_SOFT_PB = (
    _q("text", "section"),
    _q("text", "tracked-changes"),
    _q("text", "soft-page-break"),
)
T_OUTLINE, T_STYLE_NAME, T_C, T_NOTE_CLASS = (
    _q("text", "outline-level"),
    _q("text", "style-name"),
    _q("text", "c"),
    _q("text", "note-class"),
)
T_INDEX_BODY = _q("text", "index-body")
T_NUMBER, T_NUMBERED_P = _q("text", "number"), _q("text", "numbered-paragraph")
T_RUBY, T_RUBY_BASE, T_RUBY_TEXT = (_q("text", t) for t in ("ruby", "ruby-base", "ruby-text"))
T_SPAN, T_HIDDEN_TEXT, T_IS_HIDDEN = _q("text", "span"), _q("text", "hidden-text"), _q("text", "is-hidden")
T_PLACEHOLDER = _q("text", "placeholder")
#: a paragraph's hidden-paragraph field, directly in it or in one of its spans
_HIDDEN_PARAGRAPH = etree.XPath("./text:hidden-paragraph | ./text:span//text:hidden-paragraph", namespaces=NS)
#: what holds blocks of the text: a section, and each kind of index (its title, and its body as
#: last generated: a table of contents, a bibliography's references, a user-defined index …)
_READ_THROUGH = frozenset(
    (
        T_SECTION,
        T_INDEX_BODY,
        *(
            _q("text", t)
            for t in (
                "index-title",
                "table-of-content",
                "alphabetical-index",
                "illustration-index",
                "object-index",
                "table-index",
                "user-index",
                "bibliography",
            )
        ),
    )
)
T_START_VALUE, T_CONTINUE_NUMBERING, T_CONTINUE_LIST = (
    _q("text", t) for t in ("start-value", "continue-numbering", "continue-list")
)
TB_TABLE, TB_ROW, TB_CELL, TB_COVERED = (
    _q("table", t) for t in ("table", "table-row", "table-cell", "covered-table-cell")
)
TB_REPEAT_COLS, TB_REPEAT_ROWS, TB_SPAN_COLS, TB_SPAN_ROWS = (
    _q("table", t)
    for t in (
        "number-columns-repeated",
        "number-rows-repeated",
        "number-columns-spanned",
        "number-rows-spanned",
    )
)
D_FRAME, D_IMAGE, D_TEXTBOX, D_PAGE, D_NAME = (
    _q("draw", t) for t in ("frame", "image", "text-box", "page", "name")
)
D_G, D_OBJECT, D_CONTROL, D_A = (_q("draw", t) for t in ("g", "object", "control", "a"))
D_OBJECT_OLE = _q("draw", "object-ole")
MANIFEST = "urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"
MF_ENTRY, MF_PATH, MF_TYPE = (f"{{{MANIFEST}}}{t}" for t in ("file-entry", "full-path", "media-type"))
O_FORMS = _q("office", "forms")
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
F_ID, F_LABEL, F_VALUE, F_CURRENT_VALUE = (_q("form", t) for t in ("id", "label", "value", "current-value"))
F_STATE, F_CURRENT_STATE, F_SELECTED, F_CURRENT_SELECTED = (
    _q("form", t) for t in ("state", "current-state", "selected", "current-selected")
)
F_OPTION = _q("form", "option")
S_PARENT, S_FAMILY = _q("style", "parent-style-name"), _q("style", "family")
MATHML = "http://www.w3.org/1998/Math/MathML"
SVG_TITLE, SVG_DESC, SVG_X, SVG_Y = (_q("svg", t) for t in ("title", "desc", "x", "y"))
SVG_WIDTH, SVG_HEIGHT, D_TRANSFORM = _q("svg", "width"), _q("svg", "height"), _q("draw", "transform")
X_HREF = _q("xlink", "href")
P_CLASS, P_NOTES = _q("presentation", "class"), _q("presentation", "notes")
P_PLACEHOLDER, D_LAYER = _q("presentation", "placeholder"), _q("draw", "layer")
D_STYLE_NAME = _q("draw", "style-name")
#: a shape's visibility: the ODF attribute, and the one LibreOffice writes (its own namespace)
_DISPLAY_NONE = (_q("draw", "display"), "{http://openoffice.org/2010/draw}display")
#: the fields a master page's footer and date frames show: the text the slide declares for them
P_FOOTER, P_DATE_TIME = _q("presentation", "footer"), _q("presentation", "date-time")
S_NAME = _q("style", "name")
#: the text form controls show: their value (a password's is not shown)
_VALUE_CONTROLS = frozenset(
    _q("form", t) for t in ("text", "textarea", "formatted-text", "number", "date", "time", "combobox")
)
#: the controls that show only their label
_LABEL_CONTROLS = frozenset(_q("form", t) for t in ("fixed-text", "button", "frame"))
F_CHECKBOX, F_RADIO, F_LISTBOX = _q("form", "checkbox"), _q("form", "radio"), _q("form", "listbox")
_BOX = ("\u2610", "\u2612")  # ☐ ☒: a check box, unticked and ticked (as for Word's form fields)
_RADIO = ("\u25cb", "\u25c9")  # ○ ◉: a radio button, off and on

_MAX_REPEAT = 256  # repeated columns/rows beyond this are empty filler in practice
_UNITS = {"cm": 1.0, "mm": 0.1, "in": 2.54, "pt": 2.54 / 72, "pc": 2.54 / 6, "px": 2.54 / 96}
_LENGTH = re.compile(r"^\s*(-?[\d.]+)\s*([a-z]*)")


@dataclass(slots=True)
class _Inline:
    parts: list[str] = field(default_factory=list)
    frames: list[etree._Element] = field(default_factory=list)

    @property
    def text(self) -> str:
        # a soft hyphen (U+00AD, a place the word may be broken at) is no character of the word
        lines = (" ".join(line.split()) for line in "".join(self.parts).replace("\xad", "").split("\n"))
        return "\n".join(line for line in lines if line)


def _int(value: str | None) -> int:
    """A level or count written in an attribute (``text:outline-level``, a list style's
    ``text:level``, ``text:c``, a cell's spans and repeats); 1, as when it is missing, when it is
    empty or no whole number: one bad attribute does not fail the file."""
    try:
        return int(value) if value else 1
    except ValueError:
        return 1


_NUM_FORMAT = _q("style", "num-format")


def _list_styles(*roots: etree._Element | None) -> dict[str, dict[int, bool]]:
    """List style name → {level (1-based): ordered?}. A number level of no number format
    (``style:num-format=""``, LibreOffice's "None") shows its items without a number: they are
    no ordered items."""
    out: dict[str, dict[int, bool]] = {}
    for root in roots:
        if root is None:
            continue
        for style in root.iter(_q("text", "list-style")):
            levels: dict[int, bool] = {}
            for child in style:
                if not isinstance(child.tag, str):
                    continue
                level = _int(child.get(_q("text", "level")))
                levels[level] = (
                    etree.QName(child).localname == "list-level-style-number" and child.get(_NUM_FORMAT) != ""
                )
            out[style.get(S_NAME) or ""] = levels
    return out


def _list_starts(*roots: etree._Element | None) -> dict[str, dict[int, int]]:
    """List style name → {level (1-based): the number its first item takes} (``text:start-value``
    of its number levels, 1 where it has none)."""
    out: dict[str, dict[int, int]] = {}
    for root in roots:
        if root is None:
            continue
        for style in root.iter(_q("text", "list-style")):
            starts = out.setdefault(style.get(S_NAME) or "", {})
            for child in style.iterchildren(_q("text", "list-level-style-number")):
                starts[_int(child.get(_q("text", "level")))] = _int(child.get(T_START_VALUE))
    return out


def _title_styles(*roots: etree._Element | None) -> frozenset[str]:
    """The paragraph styles that are the ``Title`` style or derive from it (``parent-style-name``,
    through automatic styles too: a title with direct formatting is written with one)."""
    parents: dict[str, str] = {}
    for root in roots:
        if root is None:
            continue
        for style in root.iter(_q("style", "style")):
            name, parent = style.get(S_NAME), style.get(S_PARENT)
            if name and parent and style.get(S_FAMILY) == "paragraph":
                parents.setdefault(name, parent)
    titles = {"Title"}
    for name in parents:
        seen = {name}
        up = parents.get(name)
        while up is not None and up not in seen:
            if up == "Title":
                titles.add(name)
                break
            seen.add(up)
            up = parents.get(up)
    return frozenset(titles)


_DISPLAY = _q("text", "display")
_TEXT_PROPERTIES = _q("style", "text-properties")


def _hidden_styles(*roots: etree._Element | None) -> dict[str, frozenset[str]]:
    """Family (``text``, ``paragraph``) → the names of its styles that hide their text: their
    text properties say ``text:display="none"`` (LibreOffice's Hidden character attribute), or
    those of the style they derive from do and they do not turn it back on (``"true"``)."""
    own: dict[tuple[str, str], tuple[str | None, str | None]] = {}  # (family, name) → (display, parent)
    for root in roots:
        if root is None:
            continue
        for style in root.iter(_q("style", "style")):
            family, name = style.get(S_FAMILY), style.get(S_NAME)
            if family not in ("text", "paragraph") or not name:
                continue
            props = style.find(_TEXT_PROPERTIES)
            display = props.get(_DISPLAY) if props is not None else None
            own.setdefault((family, name), (display, style.get(S_PARENT)))
    out: dict[str, set[str]] = {"text": set(), "paragraph": set()}
    for family, name in own:
        key: tuple[str, str] | None = (family, name)
        seen: set[tuple[str, str]] = set()
        while key is not None and key in own and key not in seen:
            seen.add(key)
            display, parent = own[key]
            if display is not None:
                if display == "none":
                    out[family].add(name)
                break
            key = (family, parent) if parent else None
    return {family: frozenset(names) for family, names in out.items()}


#: the kind of characters a note number format writes (as :func:`._numerals.number_chars` tells
#: Word's): lower-case letters or Roman numbers, upper-case ones; digits for the others
_NOTE_CHARS = {"i": "a", "a": "a", "I": "A", "A": "A"}


def _endnote_prefix(*roots: etree._Element | None) -> str:
    """What an endnote's label starts with: ``e`` where footnotes and endnotes are numbered with
    the same kind of characters (``text:notes-configuration``'s ``style:num-format``; by default
    footnotes 1, 2 … and endnotes i, ii …, as LibreOffice numbers them), else nothing: the label
    is the number the document shows, as a Word document's is."""
    formats = {"footnote": "1", "endnote": "i"}
    for root in reversed(roots):  # content.xml's own configuration over styles.xml's
        if root is None:
            continue
        for conf in root.iter(_q("text", "notes-configuration")):
            kind = conf.get(T_NOTE_CLASS) or "footnote"
            if kind in formats and conf.get(_NUM_FORMAT) is not None:
                formats[kind] = conf.get(_NUM_FORMAT) or ""
    chars = {kind: _NOTE_CHARS.get(fmt, "1") for kind, fmt in formats.items()}
    return "e" if chars["footnote"] == chars["endnote"] else ""


def _length(value: str | None) -> float:
    m = _LENGTH.match(value or "")
    if not m:
        return 0.0
    try:
        return float(m.group(1)) * _UNITS.get(m.group(2), 1.0)
    except ValueError:
        return 0.0


def _control_text(control: etree._Element) -> str:
    """What a form control (of ``office:forms``) shows in the text: a text field its value, a
    label its label, a check box ☒ or ☐ and a radio button ◉ or ○ before its label, a list box
    its selected entries (all of its entries, between brackets, when none is selected)."""
    tag = control.tag
    if tag in _VALUE_CONTROLS:
        value = control.get(F_CURRENT_VALUE)
        return control.get(F_VALUE) or "" if value is None else value
    if tag in _LABEL_CONTROLS:
        return control.get(F_LABEL) or ""
    if tag == F_CHECKBOX:
        state = control.get(F_CURRENT_STATE) or control.get(F_STATE)
        return f"{_BOX[state == 'checked']} {control.get(F_LABEL) or ''}"
    if tag == F_RADIO:
        selected = control.get(F_CURRENT_SELECTED) or control.get(F_SELECTED)
        return f"{_RADIO[selected == 'true']} {control.get(F_LABEL) or ''}"
    if tag == F_LISTBOX:
        chosen: list[str] = []
        entries: list[str] = []
        for option in control.iterchildren(F_OPTION):
            label = option.get(F_LABEL) or option.get(F_VALUE) or ""
            entries.append(label)
            if (option.get(F_CURRENT_SELECTED) or option.get(F_SELECTED)) == "true":
                chosen.append(label)
        if chosen:
            return ", ".join(chosen)
        entries = [e for e in entries if e.strip()]
        return f"[{' / '.join(entries)}]" if entries else ""
    return ""


#: the drawing shapes that may hold paragraphs of text of their own
_TEXT_SHAPES = frozenset(
    _q("draw", t)
    for t in (
        "custom-shape",
        "rect",
        "ellipse",
        "circle",
        "polygon",
        "regular-polygon",
        "polyline",
        "path",
        "line",
        "connector",
        "caption",
        "measure",
    )
)
#: the shapes of a slide that are read: frames, groups, shapes, form controls, and a link around
#: any of these (``draw:a``, a frame or shape made a hyperlink)
_SLIDE_SHAPES = frozenset((D_FRAME, D_G, D_CONTROL, D_A)) | _TEXT_SHAPES


#: what stands in a paragraph without showing anything: a page break the layout made, bookmarks
_UNSEEN = frozenset(
    (
        T_SOFT_PB,
        *(_q("text", t) for t in ("bookmark", "bookmark-start", "bookmark-end", "reference-mark-start")),
    )
)


def _leading(el: etree._Element) -> etree._Element | None:
    """The element a paragraph opens with, no text before it (what shows nothing passed over)."""
    if (el.text or "").strip():
        return None
    for child in el:
        if child.tag in _UNSEEN or not isinstance(child.tag, str):
            if (child.tail or "").strip():
                return None
            continue
        return child
    return None


_ANCHOR_TYPE, _ANCHOR_PAGE = _q("text", "anchor-type"), _q("text", "anchor-page-number")


def _captioned_picture(p: etree._Element) -> etree._Element | None:
    """The picture of a captioned frame a paragraph opens with, as LibreOffice inserts a caption
    (a frame whose text box holds a paragraph of the picture, then the caption's text): the
    picture stands above its caption, and is read before it."""
    frame = _leading(p)
    box = frame.find(D_TEXTBOX) if frame is not None and frame.tag == D_FRAME else None
    first = next((c for c in box if c.tag in (T_P, T_H)), None) if box is not None else None
    picture = _leading(first) if first is not None else None
    if picture is None or picture.tag != D_FRAME or picture.find(D_IMAGE) is None:
        return None
    return picture if picture.find(D_OBJECT) is None else None


#: a quarter of an inch in centimetres, the unit of :func:`_length`: the row band of a slide's shapes
_ROW_BAND = 0.635
_TRANSLATE = re.compile(r"translate\s*\(\s*([^\s,)]+)[\s,]+([^\s,)]+)\s*\)")


def _shape_box(shape: etree._Element) -> tuple[float, float, float, float]:
    """Where a shape stands on its slide: top, left, height and width in centimetres (0 where
    they cannot be told). A link's box is its shape's, a group's the box around its shapes; a
    rotated shape, which gives its place in ``draw:transform`` instead of ``svg:x`` and
    ``svg:y``, is placed where that moves it."""
    if shape.tag == D_A:
        inner = next((c for c in shape if c.tag in _SLIDE_SHAPES), None)
        return _shape_box(inner) if inner is not None else (0.0, 0.0, 0.0, 0.0)
    if shape.tag == D_G:
        boxes = [_shape_box(c) for c in shape if c.tag in _SLIDE_SHAPES]
        if not boxes:
            return (0.0, 0.0, 0.0, 0.0)
        top, left = min(b[0] for b in boxes), min(b[1] for b in boxes)
        bottom, right = max(b[0] + b[2] for b in boxes), max(b[1] + b[3] for b in boxes)
        return (top, left, bottom - top, right - left)
    y, x = shape.get(SVG_Y), shape.get(SVG_X)
    if y is None and x is None:
        moved = _TRANSLATE.search(shape.get(D_TRANSFORM) or "")
        if moved is not None:
            x, y = moved.groups()
    return (_length(y), _length(x), _length(shape.get(SVG_HEIGHT)), _length(shape.get(SVG_WIDTH)))


def _in_reading_order(shapes: Iterable[etree._Element]) -> list[etree._Element]:
    """A slide's (or a group's) shapes in rows top to bottom, each row left to right, as a
    slide of PowerPoint's is read (:func:`._reading_order.rows_then_columns`)."""
    return rows_then_columns(shapes, _shape_box, _ROW_BAND)


def _counted(item: etree._Element) -> bool:
    """Whether a list item takes a number at its level: it holds a paragraph or heading of its
    own. One that only opens a list one level down (as LibreOffice writes an item two levels
    below the one before it, or a list starting at its second level) shows no number or bullet,
    and the items after it count on as if it were not there."""
    return any(child.tag in (T_P, T_H) for child in item)


class _Reader:
    def __init__(
        self, zf: zipfile.ZipFile, sink: _ooxml.ImageSink, lists: dict[str, dict[int, bool]]
    ) -> None:
        self.zf = zf
        self.sink = sink
        self.lists = lists
        self.list_starts: dict[str, dict[int, int]] = {}  # list style → level → its first number
        # the counters of the last list of each style, and of each list with an xml:id: the
        # lists that continue one (text:continue-numbering, text:continue-list) count on from them
        self.list_counts: dict[str, dict[int, int]] = {}
        self.list_counts_by_id: dict[str, dict[int, int]] = {}
        self.titles: frozenset[str] = frozenset()  # a text's paragraph styles that are titles
        #: family (text, paragraph) → the styles that hide their text (see _hidden_styles)
        self.hidden: dict[str, frozenset[str]] = {}
        self.blocks: list[Block] = []
        self.cuts = 0  # the list blocks a heading in a list item has ended so far
        self.notes: list[tuple[str, str, str]] = []  # (label, class, text)
        self.endnote_prefix = "e"  # before an endnote's label (see _endnote_prefix)
        self.note_labels: set[str] = set()  # the labels given so far
        self.meta: dict[str, Any] = {}
        self.warnings: list[str] = []  # parts skipped as damaged (an embedded formula's)
        self.forms: etree._Element | None = None  # office:forms of the text
        self._controls: dict[str, str] | None = None  # control id → what it shows
        self.fields: dict[str, str] = {}  # a slide's footer and date fields → the text they show
        self.attacher: Attacher | None = None  # reads embedded sub-documents; None: not read
        self.held = Attached()  # what they gave
        #: the objects set aside (embedded()): each one's placeholder block and what reads it
        self.deferred: list[tuple[Block, Callable[[], Attached]]] = []
        self._media_types: dict[str, str] | None = None
        self.presentation = False  # reading the slides of a presentation
        self.hidden_slides: frozenset[str] = frozenset()  # the page styles of slides not shown
        self.hidden_layers: frozenset[str] = frozenset()  # the layers not shown (see _hidden_layers)
        #: the graphic styles that hide their shapes (see _hidden_graphic_styles)
        self.hidden_graphics: frozenset[str] = frozenset()
        #: whether the text writes where each page starts (text:use-soft-page-breaks), the soft
        #: page breaks passed so far, and the shapes anchored to a later page, waiting for it
        self.soft_breaks = False
        self.page_breaks = 0
        self.page_frames: list[tuple[int, etree._Element]] = []

    def control(self, ref: str | None) -> str:
        """What the form control a ``draw:control`` refers to shows ("" for none)."""
        if not ref or self.forms is None:
            return ""
        if self._controls is None:
            self._controls = {}
            for el in self.forms.iter():
                cid = el.get(XML_ID) or el.get(F_ID)
                if cid and cid not in self._controls and el.tag != F_OPTION:
                    self._controls[cid] = " ".join(_control_text(el).split())
        return self._controls.get(ref, "")

    # -- inline text ----------------------------------------------------------------------------

    def inline(self, el: etree._Element, out: _Inline) -> None:
        if el.text:
            out.parts.append(el.text)
        for child in el:
            tag = child.tag
            if tag == T_S:
                out.parts.append(" " * min(_int(child.get(T_C)), 100))
            elif tag == T_TAB:
                out.parts.append("\t")
            elif tag == T_LB:
                out.parts.append("\n")
            elif tag == T_NOTE:
                self.note(child, out)
            elif tag == T_RUBY:
                self.ruby(child, out)
            elif (
                (tag == T_HIDDEN_TEXT and child.get(T_IS_HIDDEN) == "true")
                or (tag == T_SPAN and child.get(T_STYLE_NAME) in self.hidden.get("text", ()))
                or tag == T_PLACEHOLDER
            ):
                # hidden as the document was last shown, or a template's prompt for text to be
                # typed in its place ("<Name>"), which no one entered (left out as a Word content
                # control's placeholder text is): no text of it
                pass
            elif tag == T_NUMBER:  # a heading's number as last shown ("2.1"), set off from its text
                shown = "".join(child.itertext()).strip()
                if shown:
                    out.parts.append(shown + " ")
            elif (tag in (D_FRAME, D_G) or tag in _TEXT_SHAPES) and self.hidden_shape(child):
                pass  # a shape hidden: nothing of it shows
            elif tag == D_FRAME:
                self.frame_lines(child, out)
            elif tag == D_G or tag in _TEXT_SHAPES:
                self.lines(child, out)
            elif tag in self.fields:
                out.parts.append(self.fields[tag])
            elif tag == D_CONTROL:
                # an object on the line: never run into the words beside it, even when it shows nothing
                shown = self.control(child.get(D_CONTROL))
                out.parts.append(f" {shown} " if shown else " ")
            elif isinstance(tag, str) and tag not in (T_TRACKED, _q("office", "annotation")):
                self.inline(child, out)
            if child.tail:
                out.parts.append(child.tail)

    def shown(self, el: etree._Element) -> bool:
        """Whether a paragraph, heading or section is shown: not one of a style that hides its
        text, nor hidden by a hidden-paragraph field (``text:hidden-paragraph``) whose condition
        held when the document was last shown (``text:is-hidden="true"``), nor a section hidden
        (``text:display="none"``; one hidden on a condition, ``"condition"``, is read)."""
        if el.tag == T_SECTION:
            return el.get(_DISPLAY) != "none"
        if el.get(T_STYLE_NAME) in self.hidden.get("paragraph", ()):
            return False
        return not any(f.get(T_IS_HIDDEN) == "true" for f in _HIDDEN_PARAGRAPH(el))

    def ruby(self, ruby: etree._Element, out: _Inline) -> None:
        """Text with a reading set over it (``text:ruby``: furigana over kanji): its base, then
        the reading in parentheses, ``漢字(かんじ)``, the way plain Japanese text gives a
        reading, so that the base stays one word with the text around it."""
        base = _Inline()
        found = ruby.find(T_RUBY_BASE)
        if found is not None:
            self.inline(found, base)
        out.frames.extend(base.frames)
        found = ruby.find(T_RUBY_TEXT)
        reading = " ".join("".join(found.itertext()).split()) if found is not None else ""
        shown = "".join(base.parts)
        out.parts.append(f"{shown}({reading})" if shown.strip() and reading else shown or reading)

    def frame_lines(self, frame: etree._Element, out: _Inline) -> None:
        """A frame standing in a paragraph: its formula, its text box's lines, its picture after
        the paragraph."""
        out.frames.append(frame)
        formula = self.formula(frame)
        if formula:
            out.parts.append(formula)
        box = frame.find(D_TEXTBOX)
        if box is not None:
            self.lines(box, out)

    def lines(self, container: etree._Element, out: _Inline) -> None:
        """A text box, group or shape standing in a paragraph: each paragraph under it (of its lists,
        tables, sections and nested frames too) a line of that paragraph, in document order; the
        notes and form controls of those paragraphs read as the body's, their comments left out."""
        for child in container:
            tag = child.tag
            if tag in (T_P, T_H, T_SECTION) and not self.shown(child):
                continue
            if tag in (T_P, T_H):
                nested = _Inline()
                self.inline(child, nested)
                if nested.text:
                    out.parts.append("\n" + nested.text + "\n")
                out.frames.extend(nested.frames)
            elif tag == D_FRAME:
                if not self.hidden_shape(child):
                    self.frame_lines(child, out)
            elif (tag == D_G or tag in _TEXT_SHAPES) and self.hidden_shape(child):
                continue
            elif isinstance(tag, str) and tag not in (T_TRACKED, _q("office", "annotation")):
                self.lines(child, out)

    def formula(self, frame: etree._Element) -> str:
        """An embedded formula object as its StarMath source (the annotation LibreOffice keeps),
        else its MathML in the linear format Word shows (:mod:`._mathml`); nothing, with a
        warning, when the object's part is damaged."""
        obj = frame.find(D_OBJECT)
        if obj is None:
            return ""
        href = (obj.get(X_HREF) or "").removeprefix("./").strip("/")
        if not href:
            return ""
        root = _ooxml.optional_xml(self.zf, f"{href}/content.xml", "formula", self.warnings)
        if root is None:
            return ""
        for ann in root.iter(f"{{{MATHML}}}annotation"):
            if ann.text and ann.text.strip():
                return f"[Formula: {' '.join(ann.text.split())}]"
        # none kept (a formula another program wrote): its MathML in the linear format
        math = root if etree.QName(root).localname == "math" else next(root.iter(f"{{{MATHML}}}math"), None)
        linear = mathml_linear(from_lxml(math)) if math is not None else ""
        return f"[Formula: {linear}]" if linear else ""

    def note(self, note: etree._Element, out: _Inline) -> None:
        cit = note.find(T_NOTE_CIT)
        label = "".join((cit.text or "").split()) if cit is not None else ""
        if not label:  # no citation to show: the note's number
            label = str(len(self.note_labels) + 1)
        kind = note.get(T_NOTE_CLASS) or "footnote"
        body = note.find(T_NOTE_BODY)
        inner = _Inline()
        if body is not None:
            self.lines(body, inner)  # its paragraphs, lists and text boxes, each once
        marker = label if kind == "footnote" else f"{self.endnote_prefix}{label}"
        if marker in self.note_labels:  # a custom mark used twice ("*"): told apart
            n = 2
            while f"{marker}-{n}" in self.note_labels:
                n += 1
            marker = f"{marker}-{n}"
        self.note_labels.add(marker)
        out.parts.append(f"[^{marker}]")
        text = " ".join(inner.text.split())
        if text:
            self.notes.append((marker, kind, text))

    # -- blocks -----------------------------------------------------------------------------------

    def body(self, parent: etree._Element) -> None:
        for child in parent:
            tag = child.tag
            if self.page_frames:
                self.place_page_frames()
            if tag in (T_P, T_H, T_SECTION) and not self.shown(child):
                continue
            if tag in (T_P, T_H):
                self.paragraph(child)
            elif tag == T_LIST:
                items: list[ListItem] = []
                frames: list[etree._Element] = []
                self.list(child, 1, child.get(T_STYLE_NAME), items, frames)
                if items:
                    self.blocks.append(Block(LIST, render_list(items), items=tuple(items), meta=self.meta))
                self.images(frames)
            elif tag == TB_TABLE:
                self.table(child)
            elif tag == T_NUMBERED_P:
                self.numbered_paragraph(child)
            elif tag in _READ_THROUGH:
                self.body(child)
            elif tag in _SLIDE_SHAPES:  # standing among the blocks: anchored to the page, or in a text box
                if self.hidden_shape(child):
                    continue
                page = self.later_page(child)
                if page:
                    self.page_frames.append((page, child))
                else:
                    self.shape(child)
            if self.soft_breaks and tag not in _READ_THROUGH:
                self.page_breaks += sum(1 for _ in child.iter(T_SOFT_PB))

    def later_page(self, shape: etree._Element) -> int:
        """The page a shape anchored to a page stands on (``text:anchor-page-number``), when it
        is one after the first and the text says where its pages start (its soft page breaks,
        :attr:`soft_breaks`); else 0. LibreOffice writes every frame anchored to a page at the
        top of the text, whichever page it stands on."""
        if not self.soft_breaks or shape.get(_ANCHOR_TYPE) != "page":
            return 0
        page = _int(shape.get(_ANCHOR_PAGE))
        return page if page > 1 else 0

    def place_page_frames(self, rest: bool = False) -> None:
        """Read the shapes set aside for a later page (:meth:`later_page`) whose page has started,
        or all of them (``rest``: the text has ended before their page, or a page break was not
        written)."""
        due = [(page, shape) for page, shape in self.page_frames if rest or page - 1 <= self.page_breaks]
        if due:  # taken off the list first: a text box read here reads its blocks through body()
            self.page_frames = [waiting for waiting in self.page_frames if waiting not in due]
            for _, shape in sorted(due, key=itemgetter(0)):
                self.shape(shape)

    def paragraph(self, p: etree._Element, number: str = "") -> None:
        """A paragraph or heading as a block; ``number``: the number shown before its text. Its
        pictures follow it, but that of a captioned frame it opens with, which comes before."""
        picture = _captioned_picture(p)
        if picture is not None and not self.hidden_shape(picture):
            self.images([picture])
        out = _Inline()
        self.inline(p, out)
        text = out.text
        if text:
            if number:
                text = f"{number} {text}"
            if p.tag == T_H and NOTES not in self.meta:  # in the speaker notes, a paragraph of them
                level = min(max(_int(p.get(T_OUTLINE)), 1), 6)
                self.blocks.append(Block(HEADING, " ".join(text.split()), level=level, meta=self.meta))
            elif self.titles and p.get(T_STYLE_NAME) in self.titles:  # a title: level 1, as in Word
                self.blocks.append(Block(HEADING, " ".join(text.split()), level=1, meta=self.meta))
            else:
                self.blocks.append(Block(PARAGRAPH, text, meta=self.meta))
        self.images([f for f in out.frames if f is not picture])

    def numbered_paragraph(self, el: etree._Element) -> None:
        """A ``text:numbered-paragraph``: a paragraph (or heading) numbered outside a list, its
        number as last shown (``text:number``) before its text."""
        found = el.find(T_NUMBER)
        number = " ".join("".join(found.itertext()).split()) if found is not None else ""
        for child in el:
            if child.tag in (T_P, T_H) and self.shown(child):
                self.paragraph(child, number)

    def list_heading(self, h: etree._Element, items: list[ListItem], frames: list[etree._Element]) -> None:
        """A heading in a list item, as LibreOffice writes a numbered heading (each in an item of
        a list of its outline style, its number in ``text:number``): a heading where it stands,
        at its outline level, the items read before it a list block of their own."""
        if items:
            self.blocks.append(Block(LIST, render_list(items), items=tuple(items), meta=self.meta))
            items.clear()
        self.images(frames)
        frames.clear()
        self.cuts += 1
        self.paragraph(h)

    def list(
        self,
        lst: etree._Element,
        level: int,
        style: str | None,
        items: list[ListItem],
        frames: list[etree._Element],
        counts: dict[int, int] | None = None,
    ) -> None:
        style = lst.get(T_STYLE_NAME) or style
        if counts is None:
            counts = self.top_counts(lst, style or "")
        ordered = self.lists.get(style or "", {}).get(level, False)
        start = self.list_starts.get(style or "", {}).get(level, 1)
        for item in lst:
            if item.tag not in (T_ITEM, T_HEADER):
                continue
            number = None
            if item.tag == T_ITEM and _counted(item):  # a header is not counted
                own = item.get(T_START_VALUE)
                number = _int(own) if own is not None else counts.get(level, start - 1) + 1
                counts[level] = number
                for deeper in [d for d in counts if d > level]:  # counted again under this item
                    del counts[deeper]
            elif item.tag == T_ITEM and item.get(T_START_VALUE) is not None:
                # numbering restarts at this item (ODF 1.2, 19.880), which shows no number of its
                # own: the next item of its level that shows one takes the value
                counts[level] = _int(item.get(T_START_VALUE)) - 1
            at = None  # where the item's first paragraph is in items
            cuts = self.cuts
            for child in item:
                if child.tag in (T_P, T_H) and not self.shown(child):
                    continue
                if child.tag == T_H and (NOTES not in self.meta):
                    self.list_heading(child, items, frames)
                    continue
                if cuts != self.cuts:  # a heading ended the list block the item's first paragraph is in
                    at, cuts = None, self.cuts
                if child.tag in (T_P, T_H):
                    out = _Inline()
                    self.inline(child, out)
                    if out.text:
                        text = " ".join(out.text.split())
                        if at is not None:
                            # the item's further paragraphs show no number of their own: its text,
                            # as an HTML item's paragraphs are
                            first = items[at]
                            items[at] = replace(first, text=first.text + " " + text)
                        else:
                            # a header shows no number: an unordered line, so that the items after
                            # it are not read as a list starting at 1
                            numbered = ordered and item.tag == T_ITEM
                            at = len(items)
                            items.append(
                                ListItem(text, min(level - 1, 8), numbered, number if numbered else None)
                            )
                    frames.extend(out.frames)
                elif child.tag == T_LIST:
                    self.list(child, level + 1, style, items, frames, counts)

    def top_counts(self, lst: etree._Element, style: str) -> dict[int, int]:
        """The counters an outermost list counts its items with: those of the list it continues,
        or new ones."""
        named = lst.get(T_CONTINUE_LIST)
        counts = None
        if named is not None:
            counts = self.list_counts_by_id.get(named)
        elif lst.get(T_CONTINUE_NUMBERING) == "true":
            counts = self.list_counts.get(style)
        if counts is None:
            counts = {}
        self.list_counts[style] = counts
        if lst.get(XML_ID):
            self.list_counts_by_id[lst.get(XML_ID) or ""] = counts
        return counts

    def table(self, tbl: etree._Element) -> None:
        rows: list[list[str]] = []
        above: dict[int, tuple[str, int]] = {}  # column → (text, rows still covered)
        frames: list[etree._Element] = []
        labels: list[int] = []  # rows of one cell merged across the table
        first_cells: list[str] = []  # the first row's own cells (not those a span covers)
        heads = 0  # the leading rows in the table's header rows (table:table-header-rows)
        # the 1-based place in the table of each row kept, its repeats counted: a row written
        # once for several alike (table:number-rows-repeated) is read as many times when it holds
        # text, once when it holds none, and the rows after it keep their numbers
        numbers: list[int] = []
        place = 0
        for tr in _rows(tbl):
            in_header = _header_row(tr, tbl)
            row: list[str] = []
            col = 0
            origins = 0  # cells the row's own cells start; -1 once one does not span columns
            for cell in tr:
                if cell.tag not in (TB_CELL, TB_COVERED):
                    continue
                if cell.tag == TB_CELL and origins >= 0:
                    spans = _int(cell.get(TB_SPAN_COLS)) > 1 and _int(cell.get(TB_SPAN_ROWS)) == 1
                    origins = origins + 1 if spans and cell.get(TB_REPEAT_COLS) is None else -1
                elif cell.tag == TB_COVERED and col in above and above[col][1] > 0:
                    origins = -1  # covered from the row above
                repeat = min(_int(cell.get(TB_REPEAT_COLS)), _MAX_REPEAT)
                out = _Inline()
                self.lines(cell, out)  # its paragraphs, lists, nested tables and frames, on one line
                frames.extend(out.frames)
                text = " ".join(out.text.split())
                if not rows and cell.tag == TB_CELL:
                    first_cells.extend([text] * repeat)
                for _ in range(repeat):
                    if cell.tag == TB_COVERED:
                        if col in above and above[col][1] > 0:
                            text = above[col][0]
                        elif row:
                            text = row[-1]
                    row.append(text)
                    span_rows = _int(cell.get(TB_SPAN_ROWS))
                    span_cols = _int(cell.get(TB_SPAN_COLS))
                    if cell.tag == TB_CELL and span_rows > 1:
                        for k in range(col, col + min(span_cols, _MAX_REPEAT)):
                            above[k] = (text, span_rows - 1)
                    elif cell.tag == TB_COVERED and col in above:
                        left = above[col][1] - 1
                        above[col] = (above[col][0], left)
                    col += 1
            while row and not row[-1]:
                row.pop()
            repeat = max(_int(tr.get(TB_REPEAT_ROWS)), 1)
            for k in range(min(repeat, _MAX_REPEAT) if row else 1):
                if origins == 1:
                    labels.append(len(rows))
                if in_header and heads == len(rows):
                    heads += 1
                rows.append(list(row))
                numbers.append(place + k + 1)
            place += repeat
            if len(rows) > 100_000:
                break
        while rows and not rows[-1]:
            rows.pop()
            numbers.pop()
        heads = min(heads, len(rows))
        if len(rows) == 1 and not heads:
            # a table of one row lays text out side by side (a signature line, a box around a
            # note): no header names its columns and no row is data, so each cell is a paragraph
            # (a row marked as a header row stays a table's header, without data)
            for text in first_cells:
                if text:
                    self.blocks.append(Block(PARAGRAPH, text, meta=self.meta))
        elif rows and any(any(r) for r in rows):
            meta = self.meta
            if self.presentation and not heads and not _first_row_styled(tbl):
                # Impress marks a table's first row as its header by the table's style
                # (table:use-first-row-styles, set on the tables it inserts, cleared by the
                # Header Row box), as PowerPoint does (a:tblPr firstRow): without it no row heads
                # the table, whose columns are named as a spreadsheet's without a header row
                # are, and a merged row is a label over the rows below it
                labels_once(rows, labels)
                width = max(map(len, rows))
                header = tuple(f"Column {i + 1}" for i in range(width))
                data = [tuple(r) + ("",) * (width - len(r)) for r in rows]
                first, meta = 1, {**meta, "has_header": False}
            else:
                titles, header, data, first = marked_header(rows, heads, labels)
                self.blocks.extend(Block(PARAGRAPH, title, meta=meta) for title in titles)
            self.blocks.append(
                Block(
                    TABLE,
                    render_table(header, data),
                    rows=tuple(data),
                    header=header,
                    row_numbers=tuple(numbers[first - 1 :]),
                    meta=meta,
                )
            )
        self.images(frames)

    def images(self, frames: list[etree._Element]) -> None:
        for frame in frames:
            obj = frame.find(D_OBJECT)
            if obj is not None or frame.find(D_OBJECT_OLE) is not None:
                # an embedded object: its image is only a stand-in rendering; a text, sheet or
                # slides of its own (or an OLE object holding a file) are read instead
                self.embedded(obj if obj is not None else frame.find(D_OBJECT_OLE))
                continue
            title = frame.find(SVG_TITLE)
            desc = frame.find(SVG_DESC)
            alt = _ooxml.clean_alt(desc.text if desc is not None else None) or _ooxml.clean_alt(
                title.text if title is not None else None
            )
            for img in frame.iterchildren(D_IMAGE):
                href = (img.get(X_HREF) or "").lstrip("./")
                if not href or "://" in href:
                    continue
                result = self.sink.from_member(href, alt=alt, meta=dict(self.meta))
                names = (result.name,) if isinstance(result, Image) else ()
                fallback = result.name if isinstance(result, Image) else href.rsplit("/", 1)[-1]
                self.blocks.append(
                    Block(IMAGE, _ooxml.image_marker(alt, fallback), images=names, alt=alt, meta=self.meta)
                )
                break  # a frame's further images are alternative renditions of the same picture

    def embedded(self, obj: etree._Element) -> None:
        """The sub-document an object frame holds (``Object 1/``: its own content.xml, styles.xml
        and media type in the manifest) read as the .odt, .ods or .odp it is, or the file of an
        OLE object (``draw:object-ole``), or a chart (:meth:`chart`); a formula is read as its
        source where it stands, not here."""
        if self.attacher is None:
            return
        href = posixpath.normpath((obj.get(X_HREF) or ".").strip("/"))
        if href in (".", "") or "://" in href or href.startswith(".."):
            return
        if obj.tag == D_OBJECT and self.media_types().get(href + "/") == CHART_TYPE:
            self.chart(href)
            return
        level = next((b.level for b in reversed(self.blocks) if b.kind == HEADING), 0) + 1
        slide = self.meta.get("slide_number")
        where = {"level": level, "page": slide, "meta": self.meta}
        read: Callable[[], Attached]
        if obj.tag == D_OBJECT_OLE:
            if not _ooxml.has_member(self.zf, href):
                return
            try:
                data = _ooxml.read(self.zf, href, "embedded object")
            except ParseError as exc:
                read = partial(
                    Attached, skipped=[Skipped("embedded object", href, f"{exc.code}: {exc.message}")]
                )
            else:
                read = partial(_embedded.read_file, data, href, None, self.attacher, **where)
        else:
            ext = _SUB_DOCUMENTS.get(self.media_types().get(href + "/", ""))
            if ext is None:
                return
            try:
                data = _sub_package(self.zf, href, self.media_types()[href + "/"])
            except ParseError as exc:
                read = partial(
                    Attached, skipped=[Skipped("embedded object", href, f"{exc.code}: {exc.message}")]
                )
            else:
                read = partial(
                    self.attacher.read, data, href + ext, label="Embedded", paged=slide is not None, **where
                )
        # a placeholder where the object stands (on its slide: its page is not set again), read
        # by read_embedded once the document's own text is known
        slot = Block(PARAGRAPH, "", page=slide)
        self.blocks.append(slot)
        self.deferred.append((slot, read))

    def chart(self, href: str) -> None:
        """A chart object's title and axis titles a paragraph, the values its own table keeps a
        table, where its frame stands (see ``_charts.read_odf_chart``); a chart object missing
        or not well-formed listed as skipped, with why."""
        chart = _charts.odf_chart_object(self.zf, href, self.sink.skipped)
        if chart is None:
            return
        if not chart.tables:
            self.sink.skipped.append(Skipped("chart", href, "the chart keeps no table of its values"))
        self.blocks.extend(_charts.chart_blocks(chart, self.meta))

    def read_embedded(self) -> None:
        """Read the sub-documents and files :meth:`embedded` set aside, the document's own text
        reserved first in the text limit, each in the place of its object."""
        if not self.deferred or self.attacher is None:
            return
        self.attacher.own = text_chars(self.blocks)
        placed: dict[int, list[Block]] = {}
        for slot, read in self.deferred:
            got = read()
            placed[id(slot)] = got.blocks
            self.held.add(got)
        self.deferred = []
        self.blocks = [b for block in self.blocks for b in placed.get(id(block), (block,))]

    def media_types(self) -> dict[str, str]:
        """Full path → media type, from the package's manifest (read once)."""
        if self._media_types is None:
            self._media_types = {}
            root = _ooxml.optional_xml(self.zf, "META-INF/manifest.xml", "manifest", self.warnings)
            for entry in root.iter(MF_ENTRY) if root is not None else ():
                path = (entry.get(MF_PATH) or "").removeprefix("./")
                self._media_types[path] = entry.get(MF_TYPE) or ""
        return self._media_types

    def finish_notes(self) -> None:
        for label, kind, text in self.notes:
            self.blocks.append(Block(PARAGRAPH, f"[^{label}]: {text}", meta={"note": kind}))

    # -- presentations ----------------------------------------------------------------------------

    def unseen(self, shape: etree._Element) -> bool:
        """Whether a shape of a slide shows nothing of its own: one hidden (``draw:display="none"``,
        which LibreOffice writes as ``drawooo:display``, or on a layer so hidden), or an empty
        placeholder (``presentation:placeholder="true"``), whose text, if any, is only the prompt
        an editor shows in it ("Click to add Title"), never shown in the show."""
        return shape.get(P_PLACEHOLDER) == "true" or self.hidden_shape(shape)

    def hidden_shape(self, shape: etree._Element) -> bool:
        """Whether a shape (a frame, a group, a drawing) is hidden, in a text as on a slide:
        ``draw:display="none"`` on it (``drawooo:display`` as LibreOffice writes it) or in its
        graphic style (:func:`_hidden_graphic_styles`), or on a layer the layer set hides."""
        if any(shape.get(name) == "none" for name in _DISPLAY_NONE):
            return True
        if self.hidden_graphics and shape.get(D_STYLE_NAME) in self.hidden_graphics:
            return True
        return bool(self.hidden_layers) and shape.get(D_LAYER) in self.hidden_layers

    def left_out(self, shape: etree._Element) -> bool:
        """Whether a shape in a group or link is not read: on a slide, one :meth:`unseen`; in a
        text, one hidden."""
        return self.unseen(shape) if self.presentation else self.hidden_shape(shape)

    def title(self, frame: etree._Element) -> str:
        """A title frame's text as one line (its line breaks spaces), read as the slide's other
        text is: what is hidden and a placeholder field's prompt left out."""
        out = _Inline()
        self.lines(frame, out)
        return " ".join(out.text.split())

    def slides(self, pres: etree._Element, footers: _Footers) -> int:
        number = 0
        for page in pres.iterchildren(D_PAGE):
            number += 1
            frames = [f for f in page if f.tag in _SLIDE_SHAPES and not self.unseen(f)]
            self.fields = footers.fields(page)
            own = {f.get(P_CLASS) for f in frames}
            frames += [f for f in footers.frames(page, self.fields) if f.get(P_CLASS) not in own]
            self.forms = page.find(O_FORMS)  # each slide has its own forms
            self._controls = None
            title = ""
            for frame in frames:
                if frame.get(P_CLASS) == "title":
                    title = self.title(frame)
                    break
            self.meta = {"slide_number": number, "slide_title": title or None}
            if page.get(_q("draw", "style-name")) in self.hidden_slides:  # skipped in the show
                self.meta["hidden"] = True
            if title:
                self.blocks.append(Block(HEADING, title, level=1, page=number, meta=self.meta))
            else:  # not under the title of the slide before
                self.meta[NO_HEADING] = True
            start = len(self.blocks)
            for frame in _in_reading_order(frames):
                if frame.get(P_CLASS) == "title":
                    continue
                self.shape(frame)
            self.fields = {}  # the notes page's footer and date are its own, and left out
            notes = page.find(P_NOTES)
            if notes is not None:
                self.speaker_notes(notes)
            for i in range(start, len(self.blocks)):
                block = self.blocks[i]
                if block.page is None:
                    self.blocks[i] = replace(block, page=number)
        return number

    def speaker_notes(self, notes: etree._Element) -> None:
        """The notes frames of a slide's ``presentation:notes``, read as the slide's frames are (a
        ``text:list`` is a list, each ``text:p`` a paragraph) with ``notes=True`` in their meta. A
        heading among them is a paragraph of the notes; a frame whose text lies elsewhere than the
        reader looks is one paragraph of its lines, as before."""
        slide_meta = self.meta
        self.meta = {**slide_meta, NOTES: True}
        for frame in notes.iter(D_FRAME):
            if frame.get(P_CLASS) != "notes" or self.unseen(frame):
                continue
            start = len(self.blocks)
            box = frame.find(D_TEXTBOX)
            self.body(box if box is not None else frame)
            if not any(b.kind != IMAGE for b in self.blocks[start:]):
                text = _all_text(frame).strip()
                if text:
                    self.blocks.append(Block(PARAGRAPH, text, meta=self.meta))
        self.meta = slide_meta

    def shape(self, frame: etree._Element) -> None:
        if frame.tag == D_CONTROL:  # a form control on the slide: a paragraph of what it shows
            shown = self.control(frame.get(D_CONTROL))
            if shown:
                self.blocks.append(Block(PARAGRAPH, shown, meta=self.meta))
            return
        if frame.tag == D_G:
            for child in _in_reading_order(c for c in frame if isinstance(c.tag, str)):
                if isinstance(child.tag, str) and not self.left_out(child):
                    self.shape(child)
            return
        if frame.tag == D_A:  # a hyperlink around a frame or shape: that shape, read where it stands
            for child in frame:
                if child.tag in _SLIDE_SHAPES and not self.left_out(child):
                    self.shape(child)
            return
        box = frame.find(D_TEXTBOX)
        self.body(box if box is not None else frame)  # a table frame's table:table read there
        if frame.find(D_IMAGE) is not None or frame.find(D_OBJECT) is not None:
            self.images([frame])
        if box is not None:
            for tbl in frame.iterchildren(TB_TABLE):
                self.table(tbl)


def _hidden_layers(styles: etree._Element | None) -> frozenset[str]:
    """The layers of the master styles' layer set not shown (``draw:display="none"``): a shape
    on one (``draw:layer``) is hidden."""
    if styles is None:
        return frozenset()
    return frozenset(
        layer.get(D_NAME) or ""
        for layer in styles.iter(_q("draw", "layer"))
        if layer.get(_q("draw", "display")) == "none"
    )


def _hidden_graphic_styles(*roots: etree._Element | None) -> frozenset[str]:
    """The graphic styles whose shapes are hidden: their graphic properties say
    ``draw:display="none"`` (or ``drawooo:display``), or those of the style they derive from do
    and they do not show them again."""
    own: dict[str, tuple[str | None, str | None]] = {}  # name → (display, parent)
    for root in roots:
        if root is None:
            continue
        for style in root.iter(_q("style", "style")):
            name = style.get(S_NAME)
            if style.get(S_FAMILY) != "graphic" or not name:
                continue
            props = style.find(_q("style", "graphic-properties"))
            display = None
            if props is not None:
                display = next((v for v in map(props.get, _DISPLAY_NONE) if v is not None), None)
            own.setdefault(name, (display, style.get(S_PARENT)))
    hidden = set()
    for name in own:
        key: str | None = name
        seen: set[str] = set()
        while key is not None and key in own and key not in seen:
            seen.add(key)
            display, key = own[key]
            if display is not None:
                if display == "none":
                    hidden.add(name)
                break
    return frozenset(hidden)


def _hidden_slide_styles(content: etree._Element) -> frozenset[str]:
    """The page styles that hide a slide in the show (``presentation:visibility="hidden"``,
    Impress's Hide Slide)."""
    return frozenset(
        style.get(S_NAME) or ""
        for style in content.iter(_q("style", "style"))
        if any(
            props.get(_q("presentation", "visibility")) == "hidden"
            for props in style.iterchildren(_q("style", "drawing-page-properties"))
        )
    )


class _Footers:
    """The footer and date a slide shows. A slide names the declarations it uses
    (``presentation:use-footer-name`` → a ``presentation:footer-decl`` of the presentation, and
    likewise ``use-date-time-name``); its master page has the frames that show them, by
    ``presentation:class``, whose paragraphs hold a ``presentation:footer`` / ``date-time`` field.
    Those frames are read with the slide's, at their place, the fields replaced by the declared
    text, as PowerPoint's footer placeholders are read as the slide's text. A date that is the
    current one (``presentation:source="current-date"``) is when the file is shown, not text of
    the document, and a slide whose style turns its footer or date off
    (``presentation:display-footer="false"``) shows neither."""

    _KINDS = (
        (P_FOOTER, "footer", "use-footer-name", "footer-decl", "display-footer"),
        (P_DATE_TIME, "date-time", "use-date-time-name", "date-time-decl", "display-date-time"),
    )

    def __init__(self, pres: etree._Element, content: etree._Element, styles: etree._Element | None) -> None:
        self.decls: dict[tuple[str, str], str] = {}
        for field_tag, _, _, decl, _ in self._KINDS:
            for el in pres.iterchildren(_q("presentation", decl)):
                if el.get(_q("presentation", "source")) == "current-date":
                    continue
                text = " ".join("".join(el.itertext()).split())
                if text:
                    self.decls[(field_tag, el.get(_q("presentation", "name")) or "")] = text
        self.masters: dict[str, list[etree._Element]] = {}
        self.hidden: dict[str, set[str]] = {}  # page style → the fields it turns off
        if not self.decls:
            return
        classes = {kind for _, kind, _, _, _ in self._KINDS}
        masters = styles.find(_q("office", "master-styles")) if styles is not None else None
        for master in masters.iterchildren(_q("style", "master-page")) if masters is not None else ():
            self.masters[master.get(S_NAME) or ""] = [
                f for f in master.iterchildren(D_FRAME) if f.get(P_CLASS) in classes
            ]
        for style in content.iter(_q("style", "style")):
            props = style.find(_q("style", "drawing-page-properties"))
            if props is None:
                continue
            off = {
                field_tag
                for field_tag, _, _, _, display in self._KINDS
                if props.get(_q("presentation", display)) == "false"
            }
            if off:
                self.hidden[style.get(S_NAME) or ""] = off

    def fields(self, page: etree._Element) -> dict[str, str]:
        """The fields of the slide's footer frames → the text the slide declares for them."""
        hidden = self.hidden.get(page.get(_q("draw", "style-name")) or "", set())
        out: dict[str, str] = {}
        for field_tag, _, use, _, _ in self._KINDS:
            name = page.get(_q("presentation", use))
            text = self.decls.get((field_tag, name or ""))
            if name and text and field_tag not in hidden:
                out[field_tag] = text
        return out

    def frames(self, page: etree._Element, fields: dict[str, str]) -> list[etree._Element]:
        """The master page's frames that show the slide's footer ``fields``."""
        shown = {kind for field_tag, kind, _, _, _ in self._KINDS if field_tag in fields}
        master = self.masters.get(page.get(_q("draw", "master-page-name")) or "", [])
        return [f for f in master if f.get(P_CLASS) in shown]


_ROW_GROUPS = frozenset(_q("table", t) for t in ("table-header-rows", "table-rows", "table-row-group"))
_HEADER_ROWS = _q("table", "table-header-rows")


def _rows(table: etree._Element) -> Iterator[etree._Element]:
    """The rows of a table, those of its header rows and row groups included; not those of a table
    nested in one of its cells, which are that cell's text."""
    for child in table:
        if child.tag == TB_ROW:
            yield child
        elif child.tag in _ROW_GROUPS:
            yield from _rows(child)


_FIRST_ROW_STYLES = _q("table", "use-first-row-styles")


def _first_row_styled(table: etree._Element) -> bool:
    """Whether ``table`` is drawn with its template's first-row styles: a presentation's header
    row (a boolean, false when absent)."""
    return (table.get(_FIRST_ROW_STYLES) or "").strip() in ("true", "1")


def _header_row(row: etree._Element, table: etree._Element) -> bool:
    """Whether ``row`` of ``table`` lies in its header rows (repeated on each page the table runs
    over), a row group around them or not."""
    parent = row.getparent()
    while parent is not None and parent is not table:
        if parent.tag == _HEADER_ROWS:
            return True
        parent = parent.getparent()
    return False


#: a paragraph's text nodes and the elements that stand for white space, in document order
_LINE_NODES = etree.XPath(".//text() | .//text:s | .//text:tab | .//text:line-break", namespaces=NS)


def _all_text(el: etree._Element) -> str:
    """The text of each paragraph under ``el``: a ``text:line-break`` starts a new line, a
    ``text:s`` or ``text:tab`` is a space (itertext would run the words on either side together)."""
    lines = []
    for p in el.iter(T_P, T_H):
        parts = [
            node if isinstance(node, str) else ("\n" if node.tag == T_LB else " ") for node in _LINE_NODES(p)
        ]
        for line in "".join(parts).split("\n"):
            line = " ".join(line.split())
            if line:
                lines.append(line)
    return "\n".join(lines)


#: the page styles' headers and footers (``style:master-page`` in ``styles.xml``), by kind
_PAGE_PARTS = {
    "header": tuple(_q("style", t) for t in ("header", "header-left", "header-first")),
    "footer": tuple(_q("style", t) for t in ("footer", "footer-left", "footer-first")),
}
#: fields whose text is the page number (or count) of whichever page was last laid out
_PAGE_FIELDS = tuple(_q("text", t) for t in ("page-number", "page-count", "page-variable-get"))


def _page_texts(reader: _Reader, styles: etree._Element | None) -> dict[str, str | None]:
    """``header_text`` and ``footer_text``: the distinct texts of the master pages' headers and
    footers (a first-page or left-page one too, not one switched off with ``style:display="false"``)
    joined by a newline, a line per paragraph, page number fields left out; None when there are none."""
    out: dict[str, str | None] = {"header_text": None, "footer_text": None}
    if styles is None:
        return out
    masters = styles.find(_q("office", "master-styles"))
    if masters is None:
        return out
    etree.strip_elements(masters, *_PAGE_FIELDS, with_tail=False)
    for kind, tags in _PAGE_PARTS.items():
        texts: list[str] = []
        for page in masters.iterchildren(_q("style", "master-page")):
            for part in page.iterchildren(*tags):
                if part.get(_q("style", "display")) == "false":
                    continue
                inline = _Inline()
                reader.lines(part, inline)
                if inline.text and inline.text not in texts:
                    texts.append(inline.text)
        out[f"{kind}_text"] = "\n".join(texts) or None
    return out


def _meta(root: etree._Element | None) -> dict[str, str]:
    out: dict[str, str] = {}
    if root is None:
        return out
    for key, tag in (("title", _q("dc", "title")), ("creator", _q("dc", "creator"))):
        el = next(root.iter(tag), None)
        if el is not None and el.text and el.text.strip():
            out[key] = " ".join(el.text.split())
    if "creator" not in out:
        el = next(root.iter(_q("meta", "initial-creator")), None)
        if el is not None and el.text and el.text.strip():
            out["creator"] = " ".join(el.text.split())
    return out


def _open(data: bytes, ctx: ExtractContext, kind: str) -> tuple[zipfile.ZipFile, etree._Element, str | None]:
    what = ctx.filename or kind.upper()
    zf = open_zip(data, ctx.limits, what)
    try:  # saved with a password: the package with its parts decrypted
        plain = odf_decrypted(zf, ctx, what)
    except BaseException:
        zf.close()
        raise
    if plain is not None:
        zf.close()
        zf = open_zip(plain, ctx.limits, what)
    if not _ooxml.has_member(zf, "content.xml"):
        zf.close()
        raise ParseError(f"{what} has no content.xml: not an OpenDocument file")
    try:
        root, damaged = _ooxml.parse_main_xml(_ooxml.read(zf, "content.xml", what), f"{what} content.xml")
    except ParseError:
        zf.close()
        raise
    return zf, root, damaged


#: a review comment: Writer's (``office:annotation``), and Impress's on a slide, in a namespace of
#: its own (``officeooo:annotation``)
_ANNOTATIONS = (_q("office", "annotation"), "{http://openoffice.org/2009/office}annotation")


def _comment_count(body: etree._Element) -> int:
    """The review comments of the text as it stands: not one in a tracked deletion (kept in
    ``text:tracked-changes`` with the deleted text, which is not read either)."""
    return sum(1 for note in body.iter(*_ANNOTATIONS) if next(note.iterancestors(T_TRACKED), None) is None)


#: The media type of a chart object (``Object 1/``), whose content.xml holds ``office:chart``.
CHART_TYPE = "application/vnd.oasis.opendocument.chart"
#: Media types of the sub-documents an object frame may hold that are read, and their extension.
_SUB_DOCUMENTS = {
    "application/vnd.oasis.opendocument.text": ".odt",
    "application/vnd.oasis.opendocument.spreadsheet": ".ods",
    "application/vnd.oasis.opendocument.presentation": ".odp",
}


def _sub_package(zf: zipfile.ZipFile, folder: str, media_type: str) -> bytes:
    """The package of the sub-document in ``folder``: its members under their own names, with
    the ``mimetype`` member a package opens with."""
    out = io.BytesIO()
    prefix = folder + "/"
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as sub:
        sub.writestr(zipfile.ZipInfo("mimetype"), media_type.encode("ascii", "replace"))
        for name in zf.namelist():
            if name.startswith(prefix) and not name.endswith("/") and name != prefix + "mimetype":
                sub.writestr(name[len(prefix) :], _ooxml.read(zf, name, "embedded object"))
    return out.getvalue()


def _extract(data: bytes, ctx: ExtractContext, kind: str) -> Document:
    what = ctx.filename or kind.upper()
    zf, root, damaged = _open(data, ctx, kind)
    with zf:
        warnings = [damaged] if damaged else []
        styles = _ooxml.optional_xml(zf, "styles.xml", what, warnings)
        meta = _meta(_ooxml.optional_xml(zf, "meta.xml", what, warnings))
        sink = _ooxml.ImageSink(zf)
        reader = _Reader(zf, sink, _list_styles(root, styles))
        reader.list_starts = _list_starts(root, styles)
        reader.hidden = _hidden_styles(root, styles)
        reader.hidden_graphics = _hidden_graphic_styles(root, styles)
        reader.hidden_layers = _hidden_layers(styles)
        reader.endnote_prefix = _endnote_prefix(root, styles)
        reader.attacher = Attacher(ctx)
        body = root.find(_q("office", "body"))
        if body is None:
            raise ParseError(f"{what}: content.xml has no office:body")
        slides = None
        pages: dict[str, str | None] = {}
        pres = body.find(_q("office", "presentation"))
        text = body.find(_q("office", "text"))
        if pres is not None:
            reader.presentation = True
            reader.hidden_slides = _hidden_slide_styles(root)
            slides = reader.slides(pres, _Footers(pres, root, styles))
        elif text is not None:
            reader.forms = text.find(O_FORMS)
            reader.titles = _title_styles(root, styles)
            reader.soft_breaks = text.get(_q("text", "use-soft-page-breaks")) == "true"
            reader.body(text)
            reader.place_page_frames(rest=True)
        else:
            raise ParseError(f"{what}: neither a text document nor a presentation")
        reader.finish_notes()
        reader.read_embedded()
        if slides is None:  # after the notes: a note in a header is not one of the body's
            pages = _page_texts(reader, styles)
        warnings.extend(reader.warnings)
        comments = _ooxml.comments_entry(_comment_count(body), "content.xml")
        if comments is not None:
            sink.skipped.append(comments)
    if not any(b.kind != IMAGE for b in reader.blocks):
        raise EmptyExtraction(f"{what}: the document holds no text")
    source_type = "odp" if slides is not None else "odt"
    metadata: dict[str, Any] = {"source_type": source_type, **meta, **pages}
    if slides is not None:
        metadata["slide_count"] = slides
    held = reader.held
    images = sink.images + tuple(held.images)
    return assemble(
        source_type,
        reader.blocks,
        images=images,
        metadata=metadata,
        coverage=Coverage(
            slides_total=slides,
            hidden_read=hidden_read(reader.blocks),
            attachments_indexed=tuple(held.indexed),
            headers_footers_removed=tuple(held.removed),
            images_extracted=len(images),
            skipped=tuple(sink.skipped + held.skipped),
            warnings=tuple(warnings + held.warnings),
            notes=tuple(held.notes),
        ),
    )


@extractor(
    ".odt",
    ".ott",
    name="odt",
    # 4: form controls shown where they stand; a Title-style paragraph is a heading; 5: a custom
    # note mark used twice told apart; a text box's text read where its frame stands (anchored to
    # the page, grouped or nested), each of its paragraphs once, and so is a drawing shape's; a
    # table cell's lists and nested tables read into its text; a note's text boxes read once; the
    # page headers and footers of styles.xml in the metadata (header_text, footer_text); 6: a frame
    # made a hyperlink (draw:a) read where it stands; 7: a table of one row a paragraph per cell;
    # a text, sheet or slides embedded as an object (Object 1/) read where its frame stands;
    # 8: a one-row table whose row is a header row (table:table-header-rows) a table's header; a
    # packaged picture in an OLE object an image where it stands; 9: the table's header rows
    # joined into one header; 10: the document's own text reserved in the text limit before its
    # embedded objects are read; 11: what an embedded file's own extractor removed (a poem's
    # margin line numbers) listed; a table's row repeated (table:number-rows-repeated) read as
    # often when it holds text, its repeats counted in row_numbers; 12: a title row (one cell
    # merged across the table over its header and data) said before the table; 13: also over a
    # single row, that row data unless marked as a header row; 14: a chart object read where its
    # frame stands: its title and axis titles a paragraph, the values its own table keeps a table
    # (chart_type in the meta); one missing or not well-formed listed as skipped with why; 15: a
    # chart whose series are the rows of its table (chart:series-source="rows") a series a column;
    # its table's first row or column labels only as chart:data-source-has-labels says
    # 16: an ordered list item carries its number (ListItem.number: the level's text:start-value,
    # an item's own, a list continuing another by text:continue-numbering or text:continue-list);
    # a list header an unordered item; 17: a list item's further paragraphs its text, no longer
    # items of their own written 1.; 18: a number level of no number format (num-format="")
    # unordered, its items shown without a number; 19: a heading in a list item (LibreOffice's
    # numbered headings) a heading, no longer a list item; a heading's text:number set off from
    # its text by a space; a text:numbered-paragraph read, its number before its text; 20: a
    # text:ruby its base, then its reading in parentheses, no longer run into the text after it;
    # 21: a bibliography, user-defined index and index of tables read, and every index's title
    # (text:index-title); a soft hyphen (U+00AD) left out of its word; 22: hidden text left out (a
    # hidden-text or hidden-paragraph field shown hidden, a style's text:display="none", a section
    # of text:display="none"); 23: an endnote's label the number it shows ([^i], was [^ei]), e
    # before it only where footnotes and endnotes are numbered with the same kind of characters;
    # 24: a captioned picture (a frame's text box: the picture, then its caption) before its caption
    # 25: a template's placeholder field (text:placeholder, "<Name>") left out, as Word's prompts
    # 26: a frame anchored to a later page (text:anchor-page-number), which LibreOffice writes at
    # the top of the text, read where that page starts when the text marks its soft page breaks
    # 27: a formula object without a StarMath annotation read from its MathML, in Word's linear format
    # 28: a list item holding no paragraph of its own (only a list a level down) takes no number
    # and is not counted: the items after it no longer count one too many; a comment in a tracked
    # deletion (text:tracked-changes, not read) not counted among the text's comments
    # 29: a hidden shape (draw:display or drawooo:display "none" on it or in its graphic style, or
    # on a layer so hidden) not read, as on a slide; an item holding only a list a level down and
    # restarting the numbering (text:start-value) gives the value to the next item of its level
    version="29",
    source_type="odt",
    libraries=("lxml",),
    images=True,
)
def extract_odt(data: bytes, ctx: ExtractContext) -> Document:
    return _extract(data, ctx, "odt")


@extractor(
    ".odp",
    ".otp",
    name="odp",
    # 4: form controls on a slide shown where they stand; 5: speaker notes read as the slide's
    # frames are (a list of the notes a list, each paragraph a block); 6: a line break or tab in a
    # slide title is a space; a frame nested in a text box read as the slide's frames are; any
    # drawing shape's text read (draw:rect, draw:ellipse …), not a custom shape's alone; a table
    # cell's lists read; 7: a frame made a hyperlink (draw:a) read; the slide's footer and fixed
    # date read where its master page shows them; 8: a table of one row a paragraph per cell; a
    # text, sheet or slides embedded as an object (Object 1/) read where its frame stands; 9: a
    # one-row table whose row is a header row (table:table-header-rows) a table's header; a
    # packaged picture in an OLE object an image where it stands; 10: the table's header rows
    # joined into one header; a table frame's table read once; 11: the presentation's own text
    # reserved in the text limit before its embedded objects are read; 12: what an embedded
    # file's own extractor removed (a poem's margin line numbers) listed; a table's row repeated
    # (table:number-rows-repeated) read as often when it holds text, its repeats counted in
    # row_numbers; 13: a title row (one cell merged across the table over its header and data)
    # said before the table; 14: also over a single row, that row data unless marked as a header
    # row; 15: a table's first row its header only when Impress marks it so
    # (table:use-first-row-styles), else its columns named Column N (has_header false); 16: a
    # chart object read on its slide: its title and axis titles a paragraph, the values its own
    # table keeps a table (chart_type in the meta); one missing or not well-formed listed as
    # skipped with why; a frame holding an object without a stand-in picture read; 17: a chart
    # whose series are the rows of its table (chart:series-source="rows") a series a column; its
    # table's first row or column labels only as chart:data-source-has-labels says
    # 18: an ordered list item carries its number, as in a text (odt 16); 19: a list item's
    # further paragraphs its text (odt 17); 20: a number level of no number format unordered (odt 18)
    # 21: a heading in a list item a heading, text:number set off, text:numbered-paragraph read (odt 19)
    # 22: a text:ruby its base, then its reading in parentheses (odt 20); 23: every kind of index
    # and its title read, a soft hyphen left out of its word (odt 21); 24: hidden text left out (odt 22)
    # 25: a captioned picture before its caption (odt 24); 26: a slide Impress hides in the show
    # (presentation:visibility="hidden") has hidden: true in its meta, as a PowerPoint slide
    # 27: a placeholder field left out (odt 25); 28: a slide's comments (officeooo:annotation,
    # Impress's) counted in the coverage as not extracted, as a PowerPoint slide's are
    # 29: a formula without its StarMath source read from its MathML (odt 27)
    # 30: a list item holding only a list a level down not counted (odt 28); a slide's empty
    # placeholder (presentation:placeholder="true": its text the editor's prompt) and a shape
    # hidden (draw:display or drawooo:display "none", or on a layer so hidden) not read, a title
    # so hidden not the slide's heading; a title read as the slide's text is (a placeholder field out)
    # 31: the slides hidden in the show listed in the coverage (hidden_read: slide 3), as pptx 25;
    # a shape hidden by its graphic style, or hidden in a paragraph of a text box, not read; an
    # item holding only a list a level down restarts the numbering at its text:start-value (odt 29)
    # 32: a slide's shapes read in rows top to bottom, each row left to right, as pptx reads them:
    # boxes side by side whose tops differ by a hair read across (the higher one was read first), a
    # box beside a taller one, alone there, in its row; a group placed where its shapes stand, a
    # rotated shape where its draw:transform moves it (both were read first, at the top-left corner)
    version="32",
    source_type="odp",
    libraries=("lxml",),
    images=True,
)
def extract_odp(data: bytes, ctx: ExtractContext) -> Document:
    return _extract(data, ctx, "odp")
