"""What Word shows of a WordprocessingML part, made the tree the Word reader walks.

Three kinds of markup hold text that is not the document's text as Word shows and prints it
(ECMA-376 Part 1):

- a content control showing its placeholder (``w:sdtPr/w:showingPlcHdr``, §17.5.2.39): its
  content is the prompt Word shows greyed in an empty control ("Click or tap here to enter
  text."), not text anyone entered. The prompt is dropped: the standard calls it placeholder
  text as opposed to the control's contents, and the prompt stands in a glossary part besides.
  The control's paragraphs, cells and rows stay in place, empty, so that a table keeps its
  columns and a numbered list its count. Programs that fill a template's controls in without
  Word sometimes leave the flag set over the text they wrote: where the prompt the control
  names (``w:placeholder/w:docPart``) is found in the glossary part, content that differs from
  it is text, and stays.
- hidden text (``w:vanish``, §17.3.2.41, set on a run, or through its character style, its
  paragraph's style or its table's style): Word neither shows nor prints it, so its runs are
  dropped. ``w:vanish`` is a toggle property (§17.7.3): set as direct formatting it is on or
  off whatever the styles say; in styles each style of the hierarchy that sets it on turns it
  over (document defaults, then the table style and its ``basedOn`` chain, the paragraph style
  and its chain, then the character style and its chain). ``w:webHidden`` hides a run only
  in the web page view, and stays text (a table of contents' page numbers are written so).
  Properties of a paragraph's mark (``w:pPr/w:rPr``) hide the mark alone, never the runs; a
  hidden mark (Word's style separator, a run-in heading: ``w:vanish`` with ``w:specVanish``,
  §17.3.2.36, the mark hidden even when hidden text is shown) only shows the paragraph run into
  the next one on screen, and it stays a paragraph of its own here. ``w:specVanish`` is meant
  for paragraph marks alone, and on any other run "can be ignored": it is, the run's text
  stays. A table style's run properties (``w:style w:type="table"``, the table's ``w:tblStyle``
  or else the default table style) take part too, between the document defaults and the
  paragraph style. So does its conditional formatting (``w:tblStylePr``, §17.7.6.6) of the
  whole table, the first and last row (the first row's format also that of a repeated header
  row, ``w:tblHeader``) and the first and last column, where the table's ``w:tblLook`` turns it
  on (by its attributes, else its ``w:val`` bits; none of them without one), the odd and even
  bands of rows and of columns (on unless the look turns them off: ``noHBand``, ``noVBand``;
  counted past the first and last row and column formatted as such, ``w:tblStyleRowBandSize``
  and ``w:tblStyleColBandSize`` rows and columns each) and the corner cells, where a formatted
  first or last row meets a formatted first or last column. A row's own look (``w:tblPrEx``,
  its table property exceptions) stands for the table's in its cells. A format setting
  ``w:vanish`` overrides what the style and the formats before it say, in the order Office
  applies them (MS-OI29500 2.1.252: bands of rows, then of columns, first and last columns,
  rows, which therefore win over them, then corners). A format setting nothing leaves the
  style's value; one is taken from the nearest style of the ``basedOn`` chain that sets it.
  The record Word keeps of the formats each row, cell and paragraph took (``w:cnfStyle``) is
  not read: it is a cache Word works out again from the look when it opens the file.
- a deleted paragraph mark (``w:pPr/w:rPr/w:del``, §17.13.5.15) under tracked changes: the
  paragraph's contents are not deleted, but no longer end there, and join the next paragraph.
  Tracked changes are read as accepted, so its contents are moved to the front of the next
  paragraph, whose mark, and so its properties (style, numbering), remains. A paragraph
  followed by no paragraph in its container (the last of a cell, one before a table) or ending
  a section is left as it is. A mark moved away (``w:moveFrom``, §17.13.5.21) is left alone:
  Word ignores it (MS-OI29500 2.1.337), and a paragraph moved whole, the one it marks, holds
  no text where it was.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import NamedTuple

from lxml import etree

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def _w(tag: str) -> str:
    return f"{{{W}}}{tag}"


W_P, W_R, W_PPR, W_RPR, W_SDT, W_SDTPR, W_SDTCONTENT = (
    _w(t) for t in ("p", "r", "pPr", "rPr", "sdt", "sdtPr", "sdtContent")
)
W_SHOWINGPLCHDR, W_VANISH = _w("showingPlcHdr"), _w("vanish")
W_DEL, W_SECTPR = _w("del"), _w("sectPr")
W_PSTYLE, W_RSTYLE, W_VAL = _w("pStyle"), _w("rStyle"), _w("val")
W_LRPB, W_FLDCHAR, W_INSTRTEXT = _w("lastRenderedPageBreak"), _w("fldChar"), _w("instrText")
W_TBLPR, W_TBLSTYLE = _w("tblPr"), _w("tblStyle")
W_TBLSTYLEPR, W_TBLLOOK, W_TRPR, W_TBLHEADER = _w("tblStylePr"), _w("tblLook"), _w("trPr"), _w("tblHeader")
W_TBL, W_TR, W_TC, W_TXBXCONTENT, W_BODY = _w("tbl"), _w("tr"), _w("tc"), _w("txbxContent"), _w("body")
W_STYLE, W_TYPE, W_STYLEID, W_BASEDON, W_DEFAULT = (
    _w(t) for t in ("style", "type", "styleId", "basedOn", "default")
)
W_DOCDEFAULTS, W_RPRDEFAULT = _w("docDefaults"), _w("rPrDefault")
W_T, W_PLACEHOLDER, W_DOCPART, W_DOCPARTPR, W_DOCPARTBODY, W_NAME = (
    _w(t) for t in ("t", "placeholder", "docPart", "docPartPr", "docPartBody", "name")
)

#: what a block-level container holds paragraphs in: a content control in one is block-level
_BLOCK_HOLDERS = frozenset(
    (W_BODY, W_TC, W_TBL, W_TR, W_TXBXCONTENT)
    + tuple(_w(t) for t in ("hdr", "ftr", "footnote", "endnote", "comment", "docPartBody"))
)
#: what a hidden run keeps: its properties, Word's record of where a page broke, and the marks
#: and codes of fields (not text), so that a field hidden in part still ends where it ends
_KEPT_IN_HIDDEN = frozenset((W_RPR, W_LRPB, W_FLDCHAR, W_INSTRTEXT))
_OFF = ("0", "false", "off")


def _on(el: etree._Element | None) -> bool:
    return el is not None and el.get(W_VAL) not in _OFF


class HiddenStyles(NamedTuple):
    """Which styles hide the text they format (toggled through their ``basedOn`` chains)."""

    base: bool  # the document defaults' run properties hide text
    paragraph: frozenset[str]  # ids of paragraph styles whose runs are hidden
    character: frozenset[str]  # ids of character styles likewise
    default_paragraph: str | None  # the style of a paragraph that names none
    table: frozenset[str] = frozenset()  # ids of table styles whose runs are hidden
    default_table: str | None = None  # the style of a table that names none
    # per table style, the conditional formats setting w:vanish, in the order they apply:
    # (type, hides) pairs (see _CONDITIONS)
    conditions: Mapping[str, tuple[tuple[str, bool], ...]] = MappingProxyType({})
    # per table style with conditional formats, the rows and columns a band holds (its
    # w:tblStyleRowBandSize and w:tblStyleColBandSize, from its basedOn chain; 1 by default)
    bands: Mapping[str, tuple[int | None, int | None]] = MappingProxyType({})

    def any(self) -> bool:
        return (
            self.base
            or bool(self.paragraph)
            or bool(self.character)
            or bool(self.table)
            or bool(self.conditions)
        )


NO_HIDDEN_STYLES = HiddenStyles(False, frozenset(), frozenset(), None)


def _sets_hidden(rpr: etree._Element | None) -> bool:
    """Whether run properties in a style turn hidden text over (a false value changes nothing)."""
    return rpr is not None and _on(rpr.find(W_VANISH))


#: the kinds of style whose run properties format a run: a table style's those of the runs of its
#: table, under the paragraph's style (ECMA-376 Part 1 §17.7.2: document defaults, table,
#: numbering, paragraph, run properties, each toggling the one before)
_KINDS = ("paragraph", "character", "table")


#: The conditional formats of a table style followed, in the order Office applies them, each
#: overriding those before it (MS-OI29500 2.1.252: the whole table, odd and even row bands, odd
#: and even column bands, first and last column, first and last row, then the corner cells:
#: top left, top right, bottom left, bottom right)
_CONDITIONS = (
    "wholeTable",
    "band1Horz",
    "band2Horz",
    "band1Vert",
    "band2Vert",
    "firstCol",
    "lastCol",
    "firstRow",
    "lastRow",
    "nwCell",
    "neCell",
    "swCell",
    "seCell",
)
#: what a table's ``w:tblLook`` turns on (§17.4.56): its attribute, its bit in the look's
#: ``w:val``, and whether the attribute (or bit) says the opposite (``noHBand``: no row bands)
_LOOK = (
    ("firstRow", "firstRow", 0x0020, False),
    ("lastRow", "lastRow", 0x0040, False),
    ("firstCol", "firstColumn", 0x0080, False),
    ("lastCol", "lastColumn", 0x0100, False),
    ("hBand", "noHBand", 0x0200, True),
    ("vBand", "noVBand", 0x0400, True),
)
#: the look of a table without one: a bit mask of 0 (§17.4.56), bands on, no first or last row
#: or column
_NO_LOOK = frozenset(("hBand", "vBand"))
W_TBLPREX, W_TCPR, W_GRIDSPAN, W_GRIDBEFORE = _w("tblPrEx"), _w("tcPr"), _w("gridSpan"), _w("gridBefore")
W_ROWBAND, W_COLBAND = _w("tblStyleRowBandSize"), _w("tblStyleColBandSize")


def _conditions(style: etree._Element) -> dict[str, bool]:
    """The conditional formats of a table style that set ``w:vanish``: type → whether it hides."""
    out: dict[str, bool] = {}
    for cond in style.iter(W_TBLSTYLEPR):
        kind, rpr = cond.get(W_TYPE), cond.find(W_RPR)
        vanish = rpr.find(W_VANISH) if rpr is not None else None
        if kind in _CONDITIONS and vanish is not None:
            out.setdefault(kind, _on(vanish))
    return out


def hidden_styles(root: etree._Element | None) -> HiddenStyles:
    """The styles of a styles part (``root``) that hide their runs."""
    if root is None:
        return NO_HIDDEN_STYLES
    defaults = root.find(W_DOCDEFAULTS)
    base = False
    if defaults is not None:
        holder = defaults.find(W_RPRDEFAULT)
        base = _sets_hidden(holder.find(W_RPR) if holder is not None else None)
    own: dict[tuple[str, str], tuple[bool, str | None]] = {}
    defaults_of: dict[str, str] = {}  # the default style of each kind
    own_conditions: dict[str, dict[str, bool]] = {}  # a table style's own conditional formats
    own_bands: dict[str, tuple[int | None, int | None]] = {}  # a table style's own band sizes
    for st in root.iter(W_STYLE):
        kind, sid = st.get(W_TYPE), st.get(W_STYLEID)
        if kind not in _KINDS or not sid or (kind, sid) in own:
            continue
        if st.get(W_DEFAULT) in ("1", "true", "on"):
            defaults_of.setdefault(kind, sid)
        based = st.find(W_BASEDON)
        own[(kind, sid)] = (_sets_hidden(st.find(W_RPR)), based.get(W_VAL) if based is not None else None)
        if kind == "table" and (found := _conditions(st)):
            own_conditions[sid] = found
        if kind == "table":
            own_bands[sid] = _band_sizes(st.find(W_TBLPR))

    def hides(kind: str, sid: str) -> bool:
        turned, seen = False, set()
        at: str | None = sid
        while at is not None and at not in seen:
            seen.add(at)
            entry = own.get((kind, at))
            if entry is None:
                break
            turned ^= entry[0]
            at = entry[1]
        return turned

    def conditions(sid: str) -> tuple[tuple[str, bool], ...]:
        """A table style's conditional formats and those it takes from its ``basedOn`` chain."""
        merged: dict[str, bool] = {}
        at: str | None = sid
        seen = set()
        while at is not None and at not in seen:
            seen.add(at)
            for kind, value in own_conditions.get(at, {}).items():
                merged.setdefault(kind, value)
            entry = own.get(("table", at))
            at = entry[1] if entry is not None else None
        return tuple((kind, merged[kind]) for kind in _CONDITIONS if kind in merged)

    def bands(sid: str) -> tuple[int | None, int | None]:
        """A table style's band sizes, each from the nearest style of its chain setting it."""
        rows = cols = None
        at: str | None = sid
        seen = set()
        while at is not None and at not in seen and (rows is None or cols is None):
            seen.add(at)
            own_rows, own_cols = own_bands.get(at, (None, None))
            rows = rows if rows is not None else own_rows
            cols = cols if cols is not None else own_cols
            entry = own.get(("table", at))
            at = entry[1] if entry is not None else None
        return rows, cols

    ids = {kind: frozenset(s for k, s in own if k == kind and hides(k, s)) for kind in _KINDS}
    tables = {sid: found for k, sid in own if k == "table" and own_conditions and (found := conditions(sid))}
    return HiddenStyles(
        base,
        ids["paragraph"],
        ids["character"],
        defaults_of.get("paragraph"),
        ids["table"],
        defaults_of.get("table"),
        MappingProxyType(tables),
        MappingProxyType({sid: bands(sid) for sid in tables}),
    )


def prompts(glossary: etree._Element | None) -> dict[str, str]:
    """The text of each building block of a glossary part (``w:glossaryDocument``) by its name:
    what a content control naming it as its placeholder shows while empty."""
    out: dict[str, str] = {}
    if glossary is None:
        return out
    for part in glossary.iter(W_DOCPART):
        props = part.find(W_DOCPARTPR)
        name = props.find(W_NAME) if props is not None else None
        body = part.find(W_DOCPARTBODY)
        if name is not None and name.get(W_VAL) and body is not None:
            out.setdefault(name.get(W_VAL) or "", _words(body))
    return out


def _words(el: etree._Element) -> str:
    return " ".join("".join(t.text or "" for t in el.iter(W_T)).split())


def show(
    root: etree._Element, styles: HiddenStyles, glossary: Callable[[], dict[str, str]] | None = None
) -> None:
    """Make ``root`` what Word shows (see the module's note): placeholder prompts emptied, hidden
    runs emptied, paragraphs whose marks were deleted joined to the next. ``glossary`` gives the
    prompts of the document's glossary part (:func:`prompts`), asked for only when a control
    shows its placeholder. One walk of the tree in C tells a part holding none of the markup
    (most), which is left as it is: quicker than searching the part's bytes for each name."""
    if not styles.any() and next(root.iter(W_SHOWINGPLCHDR, W_VANISH, W_DEL), None) is None:
        return
    _drop_placeholders(root, glossary)
    _drop_hidden(root, styles)
    _join_deleted_marks(root)


def _drop_placeholders(root: etree._Element, glossary: Callable[[], dict[str, str]] | None) -> None:
    known: dict[str, str] | None = None
    for flag in list(root.iter(W_SHOWINGPLCHDR)):
        props = flag.getparent()
        if not _on(flag) or props is None or props.tag != W_SDTPR:
            continue
        sdt = props.getparent()
        content = sdt.find(W_SDTCONTENT) if sdt is not None else None
        if content is None:
            continue
        holder = props.find(W_PLACEHOLDER)
        part = holder.find(W_DOCPART) if holder is not None else None
        name = part.get(W_VAL) if part is not None else None
        if name and glossary is not None:
            if known is None:
                known = glossary()
            prompt = known.get(name)
            if prompt is not None and prompt != _words(content):
                continue  # text written over the prompt, the flag left set
        if _inline(sdt):
            del content[:]
            continue
        for p in list(content.iter(W_P)):  # block-level: its paragraphs stay, empty
            for child in list(p):
                if child.tag != W_PPR:
                    p.remove(child)


def _inline(sdt: etree._Element) -> bool:
    """Whether a content control stands in a paragraph (its content runs) rather than among
    paragraphs, rows or cells."""
    for up in sdt.iterancestors():
        if up.tag == W_P:
            return True
        if up.tag in _BLOCK_HOLDERS:
            return False
    return False


def _drop_hidden(root: etree._Element, styles: HiddenStyles) -> None:
    if not styles.any():  # only runs formatted hidden themselves: those are found directly
        for el in list(root.iter(W_VANISH)):
            rpr = el.getparent()
            run = rpr.getparent() if rpr is not None else None
            if run is not None and rpr.tag == W_RPR and run.tag == W_R and _run_hidden(rpr, False, styles):
                _empty(run)
        return
    tables: dict[etree._Element, _TableStyle] = {}
    for p in root.iter(W_P):
        ppr = p[0] if len(p) and p[0].tag == W_PPR else None
        pstyle = ppr.find(W_PSTYLE) if ppr is not None else None
        sid = pstyle.get(W_VAL) if pstyle is not None else styles.default_paragraph
        para_hidden = styles.base ^ (sid in styles.paragraph)
        if styles.table or styles.conditions:
            para_hidden ^= _table_hidden(p, styles, tables)
        for run in _own_runs(p):
            if _run_hidden(run[0] if len(run) and run[0].tag == W_RPR else None, para_hidden, styles):
                _empty(run)


def mark_hidden(p: etree._Element, styles: HiddenStyles) -> bool:
    """Whether the mark of paragraph ``p`` is hidden text: its own properties (``w:pPr/w:rPr``),
    else its style's, as a run's are found. A paragraph whose mark and text are all hidden is
    not shown: it does not part the list items around it, and still takes its number (a hidden
    numbered paragraph keeps its place in the count, as the numbers of the levels below a
    hidden heading show)."""
    ppr = p[0] if len(p) and p[0].tag == W_PPR else None
    rpr = ppr.find(W_RPR) if ppr is not None else None
    pstyle = ppr.find(W_PSTYLE) if ppr is not None else None
    sid = pstyle.get(W_VAL) if pstyle is not None else styles.default_paragraph
    para_hidden = styles.base ^ (sid in styles.paragraph)
    if styles.table or styles.conditions:
        para_hidden ^= _table_hidden(p, styles, {})
    return _run_hidden(rpr, para_hidden, styles)


def _band_sizes(props: etree._Element | None) -> tuple[int | None, int | None]:
    """The rows and the columns a band holds, as table properties set them (None where not)."""
    if props is None:
        return None, None
    return _count(props.find(W_ROWBAND)), _count(props.find(W_COLBAND))


def _count(el: etree._Element | None) -> int | None:
    try:
        return max(1, int(el.get(W_VAL) or "")) if el is not None else None
    except ValueError:
        return None


class _TableStyle(NamedTuple):
    """What a table's style says of its runs: whether it hides them, and its conditional formats
    setting ``w:vanish`` in the order they apply, with what each of the table's rows is of them
    (:func:`_rows_of`): the formats of rows, and the look that turns formats on for its cells."""

    hidden: bool
    conditions: tuple[tuple[str, bool], ...] = ()
    rows: Mapping[etree._Element, tuple[frozenset[str], frozenset[str]]] = MappingProxyType({})
    columns: int = 1  # the grid columns a band holds


def _table_hidden(p: etree._Element, styles: HiddenStyles, seen: dict[etree._Element, _TableStyle]) -> bool:
    """Whether the style of the table nearest around ``p`` (its ``w:tblStyle``, else the default
    table style) hides its runs in ``p``'s cell; False for a paragraph in no table."""
    tbl = next(p.iterancestors(W_TBL), None)
    if tbl is None:
        return False
    found = seen.get(tbl)
    if found is None:
        props = tbl.find(W_TBLPR)
        named = props.find(W_TBLSTYLE) if props is not None else None
        sid = named.get(W_VAL) if named is not None else styles.default_table
        conditions = styles.conditions.get(sid, ()) if sid is not None else ()
        found = _TableStyle(sid in styles.table)
        if conditions:
            rows_band, cols_band = _band_sizes(props)
            style_rows, style_cols = styles.bands.get(sid or "", (None, None))
            look = _look(props.find(W_TBLLOOK) if props is not None else None)
            rows = _rows_of(tbl, look, rows_band or style_rows or 1)
            found = _TableStyle(
                found.hidden, conditions, MappingProxyType(rows), cols_band or style_cols or 1
            )
        seen[tbl] = found
    if not found.conditions:
        return found.hidden
    hidden = found.hidden
    where = _cell_place(p, found)
    for kind, value in found.conditions:
        if kind in where:
            hidden = value
    return hidden


def _look(look: etree._Element | None) -> frozenset[str]:
    """What a ``w:tblLook`` turns on (:data:`_LOOK`): by its attributes, else by the bits of its
    ``w:val``; a table (or row) without a look has the mask 0, its bands on (§17.4.56)."""
    if look is None:
        return _NO_LOOK
    if any(look.get(_w(attr)) is not None for _kind, attr, _bit, _no in _LOOK):
        return frozenset(
            kind for kind, attr, _bit, no in _LOOK if (look.get(_w(attr)) not in (None, *_OFF)) is not no
        )
    try:
        bits = int(look.get(W_VAL) or "0", 16)
    except ValueError:
        bits = 0
    return frozenset(kind for kind, _attr, bit, no in _LOOK if bool(bits & bit) is not no)


def _rows_of(
    tbl: etree._Element, look: frozenset[str], band: int
) -> dict[etree._Element, tuple[frozenset[str], frozenset[str]]]:
    """Each row of ``tbl`` (not of the tables inside it): the formats of rows it takes, and its
    look, the table's unless the row's own exceptions give one (``w:tblPrEx/w:tblLook``). The
    first row is formatted as such where the look turns it on, as is a repeated header row
    (``w:tblHeader``), the last likewise; the rows neither of these count the bands, ``band``
    rows each, from an odd band (Word shades the first row under the header as the first band)."""
    rows = [row for row in tbl.iter(W_TR) if next(row.iterancestors(W_TBL)) is tbl]
    out: dict[etree._Element, tuple[frozenset[str], frozenset[str]]] = {}
    counted = 0
    for i, row in enumerate(rows):
        exceptions = row.find(W_TBLPREX)
        own = exceptions.find(W_TBLLOOK) if exceptions is not None else None
        row_look = _look(own) if own is not None else look
        trpr = row.find(W_TRPR)
        kinds = set()
        if "firstRow" in row_look and (i == 0 or _on(trpr.find(W_TBLHEADER) if trpr is not None else None)):
            kinds.add("firstRow")
        if "lastRow" in row_look and i == len(rows) - 1:
            kinds.add("lastRow")
        if not kinds:
            if "hBand" in row_look:
                kinds.add("band1Horz" if (counted // band) % 2 == 0 else "band2Horz")
            counted += 1
        out[row] = (frozenset(kinds), row_look)
    return out


def _cell_place(p: etree._Element, table: _TableStyle) -> set[str]:
    """The formats of its table's style that apply to the cell holding ``p`` (the whole table
    always): its row's (:func:`_rows_of`), first and last column where its row's look turns them
    on, a column band, counted in grid columns from the first cell's (from the second cell's when
    the first column is formatted as such, the last left out likewise), and a corner cell where
    its row's format and its column's meet."""
    where = {"wholeTable"}
    tc = next(p.iterancestors(W_TC), None)
    tr = next(tc.iterancestors(W_TR), None) if tc is not None else None
    if tr is None or tr not in table.rows:
        return where
    kinds, look = table.rows[tr]
    where |= kinds
    cells = [cell for cell in tr.iter(W_TC) if next(cell.iterancestors(W_TR)) is tr]
    first = "firstCol" in look and bool(cells) and cells[0] is tc
    last = "lastCol" in look and bool(cells) and cells[-1] is tc
    if first:
        where.add("firstCol")
    if last:
        where.add("lastCol")
    if not first and not last and "vBand" in look:
        column = 0
        for cell in cells:
            if cell is tc:
                break
            column += _span(cell)
        if "firstCol" in look and cells:
            column -= _span(cells[0])
        where.add("band1Vert" if (column // table.columns) % 2 == 0 else "band2Vert")
    for row, west, east in (("firstRow", "nwCell", "neCell"), ("lastRow", "swCell", "seCell")):
        if row in kinds:
            if first:
                where.add(west)
            if last:
                where.add(east)
    return where


def _span(tc: etree._Element) -> int:
    """The grid columns a cell spans (its ``w:gridSpan``, 1 by default)."""
    props = tc.find(W_TCPR)
    return _count(props.find(W_GRIDSPAN) if props is not None else None) or 1


def _empty(run: etree._Element) -> None:
    for child in list(run):
        if child.tag not in _KEPT_IN_HIDDEN:
            run.remove(child)


def _own_runs(p: etree._Element) -> Iterable[etree._Element]:
    """The runs of a paragraph, not those of the paragraphs of text boxes inside it (each of
    those is met as a paragraph of its own)."""
    for run in p.iter(W_R):
        if next(run.iterancestors(W_P)) is p:
            yield run


def _run_hidden(rpr: etree._Element | None, para_hidden: bool, styles: HiddenStyles) -> bool:
    hidden = para_hidden
    if rpr is not None:
        rstyle = rpr.find(W_RSTYLE)
        if rstyle is not None and rstyle.get(W_VAL) in styles.character:
            hidden = not hidden
        direct = rpr.find(W_VANISH)
        if direct is not None:  # direct formatting: absolute
            hidden = _on(direct)
    return hidden


def _join_deleted_marks(root: etree._Element) -> None:
    marked = [
        p
        for el in root.iter(W_DEL)
        if (rpr := el.getparent()) is not None
        and rpr.tag == W_RPR
        and (ppr := rpr.getparent()) is not None
        and ppr.tag == W_PPR
        and (p := ppr.getparent()) is not None
        and p.tag == W_P
    ]
    # from the last: a run of paragraphs whose marks were all deleted joins into the one after
    for p in reversed(marked):
        ppr = p[0] if len(p) and p[0].tag == W_PPR else None
        if ppr is not None and ppr.find(W_SECTPR) is not None:
            continue
        after = p.getnext()
        while after is not None and after.tag != W_P and not _holds_content(after):
            after = after.getnext()  # bookmarks, comment ranges, proofing marks
        parent = p.getparent()
        if after is None or after.tag != W_P or parent is None:
            continue
        at = 1 if len(after) and after[0].tag == W_PPR else 0
        for child in [c for c in p if c.tag != W_PPR]:
            after.insert(at, child)
            at += 1
        parent.remove(p)


def _holds_content(el: etree._Element) -> bool:
    """Whether a sibling of paragraphs is more than a marker (a bookmark, a range's start or end,
    a proofing mark): a table, a content control, an alternative format chunk …"""
    if not isinstance(el.tag, str):
        return False
    local = etree.QName(el).localname
    return not (local.endswith(("Start", "End")) or local in ("proofErr", "permStart", "permEnd"))
