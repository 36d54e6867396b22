"""Tables through pdfplumber's table finder, run only on the pages that need it.

pdfplumber parses a page with pdfminer, which is far slower than pdfium, so the extractor calls it
only for pages whose objects include ruling lines (``pdf_tables=auto``), for every page
(``always``), or never. Coordinates come back top-down; :class:`FoundTable` converts them to PDF
user space (y upwards) so that text lines inside a table can be dropped from the prose.
"""

from __future__ import annotations

import ctypes
import io
import re
import unicodedata
from codecs import decode
from collections import Counter
from dataclasses import dataclass, replace
from itertools import pairwise

import pypdfium2.raw as pdfium_c

from ._pdf_capi import bounded_text, get_char_box, text_range
from ._pdf_layout import join_lines
from ._pdf_lines import Join, Words, Wrap, clean

TABLE_SETTINGS_LINES = {"vertical_strategy": "lines", "horizontal_strategy": "lines"}
TABLE_SETTINGS_RULES = {"vertical_strategy": "text", "horizontal_strategy": "lines"}
TABLE_SETTINGS_TEXT = {"vertical_strategy": "text", "horizontal_strategy": "text"}


@dataclass(frozen=True, slots=True)
class FoundTable:
    left: float
    right: float
    bottom: float
    top: float
    header: tuple[str, ...] | None
    rows: tuple[tuple[str, ...], ...]
    #: where each column starts (x, PDF user space), when the table was read from the page's own
    #: rules and characters; empty when pdfplumber read it
    columns: tuple[float, ...] = ()
    #: the words pdfium joined at a line-end hyphen in the cells, as they were read (``Join``):
    #: spelt again as the rest of the document writes them once all its words are read
    joins: tuple[Join, ...] = ()
    #: the words of the page's lines that run a cell's word and a raised mark after it together
    #: (``7501`` for ``273.879.750`` and its footnote mark ``1``), casefolded: the cells set the
    #: mark apart, as the default mode's do, and lose no word by it
    marked: frozenset[str] = frozenset()
    #: the line ends in the cells that may have cut a word without a hyphen (``Wrap``), in the
    #: cells' order: joined once all the document's words are read where they tell
    wraps: tuple[Wrap, ...] = ()

    def covers(self, x: float, y: float) -> bool:
        return self.left - 1 <= x <= self.right + 1 and self.bottom - 1 <= y <= self.top + 1

    def holds(self, left: float, right: float, bottom: float, top: float) -> bool:
        """A text line of that box is read in the table: its middle lies inside, or it runs across
        the table (its vertical middle inside, half its width over the table)."""
        cy = (bottom + top) / 2
        if not self.bottom - 1 <= cy <= self.top + 1:
            return False
        if self.left - 1 <= (left + right) / 2 <= self.right + 1:
            return True
        overlap = min(right, self.right) - max(left, self.left)
        return overlap > 0.5 * (right - left)

    def overlaps(self, other: FoundTable) -> bool:
        return min(self.right, other.right) > max(self.left, other.left) and min(self.top, other.top) > max(
            self.bottom, other.bottom
        )


def open_plumber(data: bytes, password: str | None):
    import pdfplumber

    return pdfplumber.open(io.BytesIO(data), password=password or "")


#: the parts of words pdfium joined at a line-end hyphen on a page (``Join.before``, ``.after``)
Hyphens = frozenset[tuple[str, str]] | set[tuple[str, str]]

#: a hyphen ending a line of a cell, with the parts either side (the second looked at, not taken:
#: a word split twice is rejoined at each break)
_LINE_END_HYPHEN = re.compile(r"(\S+)-\n(?=(\S+?)(?:-\n|\s|$))")


#: the supplementary private-use planes (15 and 16), where an emoji font puts glyphs it has no
#: character for: pdfium reads no text from them, pdfplumber gives their codes
_PRIVATE_PLANES = re.compile("[\U000f0000-\U0010ffff]")


def _cell(
    value: object,
    joins: list[Join] | None = None,
    hyphens: Hyphens = frozenset(),
    wraps: list[Wrap] | None = None,
) -> str:
    """A cell's text on one line. A word split at a hyphen ending one of its lines where pdfium
    marked one between the same two parts (``hyphens``: pdfplumber's text keeps the hyphen, and
    a line of subscripts may stand between the parts) is rejoined as a line's is (``clean``).
    Glyphs of the supplementary private-use planes are left out, as pdfium, which reads the
    page's lines and the cells of the default mode, leaves them: google-doc-document.pdf's flags
    after its countries' names (``Indonesia`` and U+F03D9) in ``pdf_tables=always``."""
    if value is None:
        return ""
    text = str(value)
    if not text.isascii():
        text = _PRIVATE_PLANES.sub("", text)
    if hyphens and "-\n" in text:
        text = _LINE_END_HYPHEN.sub(lambda m: m[1] + "\ufffe" if m.groups() in hyphens else m[0], text)
    if wraps is not None and "-\n" in text:
        wraps += _hyphen_wraps(text)
    return clean(" ".join(text.split()), joins)


def _hyphen_wraps(text: str) -> list[Wrap]:
    """The words of a cell's ``text`` (its lines) cut at a hyphen ending a line that pdfium did
    not mark (a letter before it, a lower-case letter opening the next line): held as
    ``well- known`` until the document's words tell, as the words a grid cell's line end cut
    (``Wrap``, ``unwrap``)."""
    out: list[Wrap] = []
    for found in _LINE_END_HYPHEN.finditer(text):
        before, after = clean(found[1]), clean(found[2])
        if before[-1:].isalpha() and after[:1].islower():
            out.append(Wrap(before, after, False, hyphen=True))
    return out


#: the last word of a cell's text when it ends in a hyphen, without it
_LAST_PART = re.compile(r"(\S+)-\s*$")


def _rejoined_across_rows(cells: list[list[str | None]], hyphens: Hyphens) -> list[list[str | None]]:
    """``cells`` (pdfplumber's rows, read by its text strategy) with each word split at a line-end
    hyphen put together in the cell of its first part. The text strategy reads each line as a
    row, so such a word stands in two rows, its first part ending a cell and the rest opening the
    cell under it; where pdfium marked a hyphen between the same two parts (``hyphens``), the
    break is marked as pdfium marks it and the cell rejoins the word as a line's is (``clean``),
    on the line of its first part as in the page's lines and in tables ruled across."""
    out = [list(row) for row in cells if any(row)]  # the text strategy's rows between lines are empty
    for upper, lower in pairwise(out):
        for col, text in enumerate(upper[: len(lower)]):
            below = lower[col]
            end = _LAST_PART.search(text) if text and below else None
            parts = below.split(None, 1) if end is not None else ()
            if parts and (end[1], parts[0]) in hyphens:
                upper[col] = text[: end.end(1)] + "\ufffe" + parts[0]
                lower[col] = parts[1] if len(parts) > 1 else ""
    return out


def _plumbed_across(table, rows: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """``rows`` (the cells of pdfplumber's ``table``, ruled both ways) with a cell over two
    columns or more read in each of them, as a ruled grid's are (``_spans_across``):
    pdfplumber gives no cell (None) where a cell to the left reaches over the column's start,
    and ``google-doc-document.pdf``'s ``Europe`` stood under Germany alone in
    ``pdf_tables=always``. Only into a column the rows under the first fill with cells of their
    own, and not where more than one filled cell in four spans columns (``_spans_across``)."""
    groups = table.rows
    if len(groups) != len(rows) or len(rows) < 2:
        return rows
    width = len(rows[0])
    starts: list[float | None] = [None] * width
    for group in groups:
        for j, box in enumerate(group.cells[:width]):
            if box is not None and starts[j] is None:
                starts[j] = box[0]
    across = 0
    for group, row in zip(groups, rows, strict=True):
        for j, box in enumerate(group.cells[: width - 1]):
            if box is not None and row[j] and (start := starts[j + 1]) is not None and box[2] > start + SNAP:
                across += 1
    filled = sum(1 for row in rows for text in row if text)
    if not across or across * SPANNING > filled:
        return rows
    body = [any(row[j] for row in rows[1:]) for j in range(width)]
    out = []
    for group, row in zip(groups, rows, strict=True):
        cells = list(row)
        for j in range(1, width):
            start = starts[j]
            if group.cells[j] is not None or cells[j] or not body[j] or start is None:
                continue
            k = j - 1
            while k > 0 and group.cells[k] is None:
                k -= 1
            box = group.cells[k]
            if box is not None and box[2] > start + SNAP and row[k] and body[k]:
                cells[j] = row[k]
        out.append(tuple(cells))
    return out


def _plumbed_down(table, rows: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """``rows`` (as for ``_plumbed_across``) with a cell over two rows or more read in each row
    under it that it covers and holds something of its own, as a ruled grid's are
    (``_spans_filled``): pdfplumber gives no cell there. Not where more than one filled cell in
    four spans rows (a drawing's lines read as a grid)."""
    groups = table.rows
    if len(groups) != len(rows) or len(rows) < 2:
        return rows
    tops = [group.bbox[1] for group in groups]
    width = len(rows[0])
    down = [
        (i, j, box[3], row[j])
        for i, (group, row) in enumerate(zip(groups[:-1], rows, strict=False))
        for j, box in enumerate(group.cells[:width])
        if box is not None and row[j] and box[3] > tops[i + 1] + SNAP
    ]
    filled = sum(1 for row in rows for text in row if text)
    if not down or len(down) * SPANNING > filled:
        return rows
    out = [list(row) for row in rows]
    for i, j, bottom, text in down:
        for k in range(i + 1, len(rows)):
            if tops[k] >= bottom - SNAP:
                break
            if groups[k].cells[j] is None and not out[k][j] and any(rows[k]):
                out[k][j] = text
    return [tuple(row) for row in out]


def find_tables(
    plumber_pdf,
    index: int,
    origin: tuple[float, float],
    *,
    ruled_both_ways: bool,
    force_text: bool,
    text_after: bool = False,
    whole_words: bool = False,
    hyphens: Hyphens = frozenset(),
) -> list[FoundTable]:
    """Tables on page ``index`` (0-based), filtered to those that look like data tables; with
    ``text_after``, the text strategy is tried when the rules give none (``pdf_tables=always``:
    a page with a ruled header box over an unruled table); with ``whole_words``, a table whose
    columns come from the text (under ruled rows or not) keeps each of its words whole
    (``_whole_word_rows``); ``hyphens``: the parts of the words pdfium joined at a line-end
    hyphen on the page, rejoined in the cells as in its lines.

    ``origin`` is the (left, top) corner of the page's media box in PDF user space."""
    page = plumber_pdf.pages[index]
    if force_text:
        settings = TABLE_SETTINGS_TEXT
    else:
        settings = TABLE_SETTINGS_LINES if ruled_both_ways else TABLE_SETTINGS_RULES
    out = _found(page, settings, origin, hyphens, whole_words)
    if not out and text_after and settings is not TABLE_SETTINGS_TEXT:
        out = _found(page, TABLE_SETTINGS_TEXT, origin, hyphens, whole_words)
    return out


def _found(
    page, settings: dict, origin: tuple[float, float], hyphens: Hyphens, whole_words: bool
) -> list[FoundTable]:
    left0, top0 = origin
    out: list[FoundTable] = []
    words = None
    text_columns = whole_words and settings["vertical_strategy"] == "text"
    tables = page.find_tables(table_settings=settings)
    marked = _mark_raised(page.chars) if tables else frozenset()
    for table in tables:
        cells = table.extract(x_tolerance=1.5, extra_attrs=[RAISED])
        bx0, btop, bx1, bbottom = table.bbox
        if text_columns:
            if words is None:
                words = page.extract_words(x_tolerance=1.5, return_chars=True)
            kept = _whole_word_rows(table, cells, words)
            if kept is None:
                continue
            first, last = kept
            if (first, last) != (0, len(cells) - 1) and page.rotation % 360:
                # the page's lines are placed unrotated, pdfplumber's rows on the turned page: a
                # table cut short would be matched to the wrong lines, and the cut ones lost
                continue
            cells = cells[first : last + 1]
            btop, bbottom = table.rows[first].bbox[1], table.rows[last].bbox[3]
        joins: list[Join] = []
        wraps: list[Wrap] = []
        if settings is TABLE_SETTINGS_TEXT and hyphens:
            cells = _rejoined_across_rows(cells, hyphens)
        rows = [tuple(_cell(c, joins, hyphens, wraps) for c in row) for row in cells]
        read = [r for r in rows if any(r)]
        if not _plausible(read) or (text_columns and _prose(read)):
            continue
        if settings is TABLE_SETTINGS_LINES:
            # merged cells read in each column and row they cover once the table is judged on
            # the cells as read: GeoTopo's p. 23, a drawing's lines, had become a table
            rows = [r for r in _plumbed_down(table, _plumbed_across(table, rows)) if any(r)]
        else:
            rows = read
        width = max(len(r) for r in rows)
        rows = [r + ("",) * (width - len(r)) for r in rows]
        header = rows[0] if _looks_like_header(rows) else None
        body = rows[1:] if header is not None else rows
        out.append(
            FoundTable(
                left=left0 + float(bx0),
                right=left0 + float(bx1),
                bottom=top0 - float(bbottom),
                top=top0 - float(btop),
                header=header,
                rows=tuple(body),
                joins=tuple(joins),
                marked=marked,
                wraps=tuple(wraps),
            )
        )
    return out


#: the key :func:`_mark_raised` sets on pdfplumber's characters
RAISED = "raised"


def _mark_raised(chars: list[dict]) -> frozenset[str]:
    """Mark each of ``chars`` (pdfplumber's, in the content's order) that is set smaller than the
    one before it and raised off its baseline, and those after it of its size on its baseline,
    as :data:`RAISED`: a footnote mark after a number (``273.879.750`` and a raised ``1`` in
    google-doc-document.pdf). pdfplumber's words break where the mark changes, so a cell reads
    ``273.879.750 1`` as the default mode's does (pdfium sets such a mark on a line of its own),
    not ``273.879.7501``. Returns the words run together with their marks, as the page's lines
    read them (``7501``), casefolded."""
    prev = None
    word = ""  # the letters and digits of the word the last character ends, marks included
    marked: set[str] = set()
    for ch in chars:
        raised = False
        text = ch["text"]
        # the next character on the line, set right after the one before
        follows = (
            prev is not None
            and ch["upright"]
            and prev["x1"] - 1 <= ch["x0"] <= prev["x1"] + 0.5 * prev["size"]
            and ch["bottom"] > prev["top"]
        )
        if follows:
            size, drop = prev["size"], prev["bottom"] - ch["bottom"]
            if prev[RAISED]:
                raised = abs(ch["size"] - size) < 0.1 and abs(drop) < 0.1 * size
            else:
                raised = ch["size"] <= NUMBER_MARK * size and drop > MARK_RISE * size
        if not text.isalnum():
            word = ""
        else:
            word = word + text if follows else text
            if raised:
                marked.add(word.casefold())
        ch[RAISED] = raised
        prev = ch
    return frozenset(marked)


#: a raised mark is set at most this share of the text's size, its foot this share of the text's
#: size above the text's
NUMBER_MARK = 0.8
MARK_RISE = 0.2


def _whole_word_rows(table, texts: list[list[str | None]], words: list[dict]) -> tuple[int, int] | None:
    """The first and last of ``table``'s rows (``texts``: their cells' text) that hold each of
    their words whole in one cell (``words``: the page's, pdfplumber's, with their characters), or None when no such run of
    rows is left. The text strategy draws its columns' edges from where lines start and end, so
    an edge may run through a word of a line that is no row of a table (a caption or a sentence
    above the rows, prose beside them): the word is split over two cells (``STAT`` and ``ES``),
    or its end falls outside every cell and is lost, while the whole line is left out of the
    page's text. Rows holding such a word are let go at the table's top and bottom (their lines
    are read as text); one between rows that keep their words means the columns are no
    table's, and the table is refused. A character belongs to the cell holding its middle, as
    in the table's text."""
    x0, top, x1, bottom = table.bbox
    cells = table.cells
    spans = [(row.bbox[1], row.bbox[3]) for row in table.rows]
    cut: set[int] = set()
    for word in words:
        if word["x1"] <= x0 or word["x0"] >= x1 or word["bottom"] <= top or word["top"] >= bottom:
            continue
        home = None
        for ch in word["chars"]:
            h = (ch["x0"] + ch["x1"]) / 2
            v = (ch["top"] + ch["bottom"]) / 2
            cell = next((c for c in cells if c[0] <= h < c[2] and c[1] <= v < c[3]), None)
            if cell is None or (home is not None and cell != home):
                v = (word["top"] + word["bottom"]) / 2
                row = next((i for i, (t, b) in enumerate(spans) if t <= v < b), None)
                cut.add(row if row is not None else (0 if v < top else len(spans) - 1))
                break
            home = cell
    if not cut:
        return 0, len(spans) - 1
    filled = [i for i, row in enumerate(texts) if any(row)]
    whole = [i for i in filled if i not in cut]
    if not whole or any(whole[0] < i < whole[-1] for i in cut):
        return None
    return whole[0], whole[-1]


#: a word of a line or a cell, as the two are compared (``loses_words``)
_TOKEN = re.compile(r"\w+")


def _tokens(text: str) -> Counter[str]:
    return Counter(_TOKEN.findall(unicodedata.normalize("NFKC", text).casefold()))


def loses_words(table: FoundTable, lines) -> bool:
    """Whether a word of the page's lines the table takes in (``lines``: those it ``holds``,
    read by pdfium) is missing from its cells. Those lines leave the page's text for the
    table, so a word its cells do not hold is lost: a line running across the table with words
    outside its box (``Stabilizer wiring change`` and ``$766,865`` beside a table of text
    columns), or a word pdfplumber's cells read apart (the WARN report's spaced-out dates:
    ``0 3 / 2 5 / 2 0 16`` in a ruled cell pdfium reads as ``03/25/2016``). Words are compared
    as runs of letters and digits, case and compatibility forms aside, as many times as they
    occur. In a table read from the page's own rules and text (``columns``), each character is
    in the one cell its box lies in, and a word of a line made of the end of one cell and the
    start of the next is two cells' text pdfium ran together on the line, not a word lost
    (nics-background-checks-2015-11.pdf: ``Hawaii 1,248 0 00 0``, ``Guam … 12 30 0`` for the
    cells 0 | 0 and 3 | 0 of columns set close)."""
    cells = [table.header or (), *table.rows]
    have = _tokens(" ".join(c for row in cells for c in row))
    want = _tokens(" ".join(ln.text for ln in lines))
    missing = want - have
    for word in table.marked & missing.keys():
        del missing[word]
    if missing and table.columns:
        missing -= _run_together(cells)
    return bool(missing)


def _run_together(rows) -> Counter[str]:
    """The words made of the last word of a cell and the first of the next filled cells of its
    row (through cells of one word each), as pdfium's line text gives cells set close together."""
    out: Counter[str] = Counter()
    for row in rows:
        words = [_TOKEN.findall(unicodedata.normalize("NFKC", c).casefold()) for c in row if c]
        for i in range(len(words) - 1):
            if not words[i]:
                continue
            word = words[i][-1]
            for following in words[i + 1 :]:
                if not following:
                    break
                word += following[0]
                out[word] += 1
                if len(following) > 1:
                    break
    return out


#: a run of words with a word followed by sentence punctuation: a line of prose (``3,105`` is not)
_SENTENCE = re.compile(r"\w[.,;?!](?:\s|$)")


def _prose(rows: list[tuple[str, ...]]) -> bool:
    """Cells that are lines of prose: a third of the filled cells or more are four words or more
    with sentence punctuation. Columns of text (two columns of a paper, a list of references
    beside their numbers) line up as the text strategy's columns, one line a row; the cells of
    the tables it reads are labels and figures (at most one cell in six is such a line in the
    tables of the real-world files, two in five or more on their pages of prose)."""
    filled = [c for r in rows for c in r if c]
    prose = sum(1 for c in filled if len(c.split()) >= 4 and _SENTENCE.search(c))
    return 3 * prose >= len(filled)


def _plausible(rows: list[tuple[str, ...]]) -> bool:
    """A data table, not a figure's frame or a diagram's grid: two rows and two columns, half the
    cells filled, two rows with two filled cells, and words or numbers (not lone symbols) in at
    least 30 % of the filled cells."""
    if len(rows) < 2:
        return False
    width = max(len(r) for r in rows)
    if width < 2:
        return False
    filled = [c for r in rows for c in r if c]
    if len(filled) < 0.5 * width * len(rows):
        return False
    if sum(1 for r in rows if sum(1 for c in r if c) >= 2) < 2:
        return False
    wordy = sum(1 for c in filled if _alnum_at_least(c, 2))
    return wordy >= 0.3 * len(filled)


def _alnum_at_least(text: str, n: int) -> bool:
    """At least ``n`` letters or digits (``str.isalnum``) in ``text``; stops once they are found."""
    for ch in text:
        if ch.isalnum():
            n -= 1
            if n <= 0:
                return True
    return False


def _looks_like_header(rows: list[tuple[str, ...]]) -> bool:
    """The first row names the columns: most cells filled and none of them a plain number."""
    first = rows[0]
    filled = [c for c in first if c]
    if len(rows) < 2 or len(filled) * 2 < len(first):
        return False
    return not any(c.replace(".", "", 1).replace(",", "").replace("%", "").isdigit() for c in filled)


# -- the fast path: ruled grids from pdfium's path objects ---------------------------------------

#: Grids with more cells than this are left to pdfplumber (or to the text) rather than read here.
MAX_GRID_CELLS = 5000


def grid_tables(horizontal, vertical, textpage, fills=()) -> list[FoundTable]:
    """Tables of a ruled grid, found on the ruling segments pdfium reported and filled with pdfium's
    text inside each cell; ``fills``: the shading boxes among the rectangles whose edges are in
    ``horizontal`` and ``vertical`` (``_shading_in_cells_dropped``).

    Segments are snapped and joined; when every rule spans the whole grid (the common case) the
    cells follow directly, otherwise pdfplumber's edge → intersection → cell → table algorithm
    finds them. No pdfminer parse of the page is needed, which makes this many times faster than
    ``page.find_tables()``. Cells use pdfplumber's orientation: ``top``/``bottom`` grow downwards
    (the negated y values).
    """
    horizontal, vertical = _shading_in_cells_dropped(horizontal, vertical, fills)
    hs = _join(horizontal)  # (left, right, y)
    vs = _inset_sides_dropped(_join(vertical))  # (bottom, top, x)
    regular = _regular_grid(hs, vs)
    if regular is not None:
        found = [regular]
    else:
        from pdfplumber import table as plumber_table

        edges = [
            {"x0": a, "x1": b, "top": -y, "bottom": -y, "width": b - a, "height": 0.0, "orientation": "h"}
            for a, b, y in hs
        ]
        edges += [
            {"x0": x, "x1": x, "top": -b, "bottom": -a, "width": 0.0, "height": b - a, "orientation": "v"}
            for a, b, x in vs
        ]
        edges += [
            {"x0": a, "x1": b, "top": -y, "bottom": -y, "width": b - a, "height": 0.0, "orientation": "h"}
            for a, b, y in _open_ends(hs, vs)
        ]
        intersections = plumber_table.edges_to_intersections(edges, 3, 3)
        cells = plumber_table.intersections_to_cells(intersections)
        if len(cells) > MAX_GRID_CELLS:
            return []
        found = plumber_table.cells_to_tables(cells)
    reader = _BoundedText(textpage)
    out: list[FoundTable] = []
    partial: list[FoundTable] = []
    for table_cells in found:
        joins: list[Join] = []
        wraps: list[Wrap] = []
        rows, cut, starts, probe = _grid_rows(table_cells, reader, joins, wraps)
        if not _plausible(probe):
            continue
        header = rows[0] if _looks_like_header(rows) else None
        x0 = min(c[0] for c in table_cells)
        x1 = max(c[2] for c in table_cells)
        top = -min(c[1] for c in table_cells) if cut is None else -cut
        bottom = -max(c[3] for c in table_cells)
        body = tuple(rows[1:] if header else rows)
        table = FoundTable(x0, x1, bottom, top, header, body, starts, tuple(joins), wraps=tuple(wraps))
        (partial if _rules_run_past(table, hs) else out).append(table)
    if partial:
        # vertical rules between some columns only: the cells cover those columns and miss the
        # others, so the table is read from its horizontal rules and its text's columns instead;
        # when that finds nothing, its text stays prose rather than lose the other columns
        by_rules = rule_tables(horizontal, vertical, textpage)
        out += [t for t in by_rules if any(t.overlaps(p) for p in partial)]
    out.sort(key=lambda t: -t.top)
    return out


#: A shading box's edge ending this close to a rule touches it (a cell filled to its rules).
TOUCH = 1.0


def _shading_in_cells_dropped(horizontal, vertical, fills):
    """``horizontal`` and ``vertical`` without the edges of the shading boxes (``fills``: filled,
    not stroked) drawn over a cell's own shading, inside it: a box within another shading box
    whose top or bottom edge ends short of the rules either side of it (the nearest vertical
    rules crossing its height, not a shading box's sides), with no rule between or at its ends
    and none along it. Word shades a header cell and its paragraph, the paragraph line by line,
    inset from the cell's rules (the Chelsea plan's p. 60: ``Synthèse`` / ``des`` / ``résultats``
    in one cell, each on its box): the boxes' edges made each line a row. A box that spans
    several cells, reaches their rules, lines up with one or lies on no other shading (a row's
    shading, a cell's, a chart's bar) keeps its edges."""
    if not fills or len(fills) > MAX_INSET_CHECK:
        return horizontal, vertical
    nested = _nested(fills)
    if not nested:
        return horizontal, vertical
    sides = {(bottom, top, x) for left, bottom, right, top in fills for x in (left, right)}
    rules_v = [v for v in vertical if v not in sides]
    soft = {(left, right, y) for left, bottom, right, top in fills for y in (bottom, top)}
    rules_h = [h for h in horizontal if h not in soft]
    inside = [
        box
        for box in nested
        if any(_inside_a_cell((box[0], box[2], y), rules_v, rules_h) for y in (box[1], box[3]))
    ]
    if not inside:
        return horizontal, vertical
    gone_h = Counter((left, right, y) for left, bottom, right, top in inside for y in (bottom, top))
    gone_v = Counter((bottom, top, x) for left, bottom, right, top in inside for x in (left, right))
    return [h for h in horizontal if not _take(gone_h, h)], [v for v in vertical if not _take(gone_v, v)]


def _nested(fills) -> list[tuple[float, float, float, float]]:
    """The boxes of ``fills`` (left, bottom, right, top) lying within another, larger one."""
    by_area = sorted(((f[2] - f[0]) * (f[3] - f[1]), f) for f in fills)[::-1]
    out = []
    for k, (area, (left, bottom, right, top)) in enumerate(by_area):
        for outer_area, (outer_left, outer_bottom, outer_right, outer_top) in by_area[:k]:
            if (
                outer_area > area
                and outer_left - TOUCH <= left
                and right <= outer_right + TOUCH
                and outer_bottom - TOUCH <= bottom
                and top <= outer_top + TOUCH
            ):
                out.append((left, bottom, right, top))
                break
    return out


def _take(counts: Counter, key) -> bool:
    """Whether ``key`` is counted in ``counts``, then counted once less."""
    if counts[key] <= 0:
        return False
    counts[key] -= 1
    return True


def _inside_a_cell(edge, rules_v, rules_h) -> bool:
    """An edge (left, right, y) lies inside one cell: vertical rules cross its height beyond each
    of its ends, none between or at them, and no horizontal rule runs along it."""
    left, right, y = edge
    crossing = [x for bottom, top, x in rules_v if bottom - SNAP <= y <= top + SNAP]
    if any(left - TOUCH <= x <= right + TOUCH for x in crossing):
        return False
    if not any(x < left for x in crossing) or not any(x > right for x in crossing):
        return False
    return not any(abs(hy - y) <= SNAP and min(hr, right) > max(hl, left) for hl, hr, hy in rules_h)


#: A vertical rule this close to a longer one beside it is the side of a box drawn inside a cell.
INSET_GAP = 8.0


def _inset_sides_dropped(vs) -> list[tuple[float, float, float]]:
    """Vertical rules without the sides of boxes drawn inside cells (a header row's shading,
    inset a few points from the cell's rules): a rule less than INSET_GAP points beside a longer
    rule that runs over its whole height. No column of a table is that narrow; its text read in
    such a sliver is a glyph reaching over the box's side (``Value`` read as ``Value | e``)."""
    if len(vs) > MAX_INSET_CHECK:
        return vs
    return [
        (a, b, x)
        for a, b, x in vs
        if not any(
            0 < abs(x - x2) < INSET_GAP and a2 <= a + SNAP and b2 >= b - SNAP and b2 - a2 > b - a + SNAP
            for a2, b2, x2 in vs
        )
    ]


#: Pages of more vertical rules keep them all (the check compares every pair).
MAX_INSET_CHECK = 400


def _open_ends(hs, vs) -> list[tuple[float, float, float]]:
    """Rules closing the cells of a row ruled only at their sides: two or more vertical rules end
    at one height where no horizontal rule runs (sub-headers under a group label drawn on a
    coloured box: the label's row has no rule below it). The rule added there runs from the
    nearest vertical rule crossing that height left of those ends to the nearest right of them."""
    ends: dict[int, list[float]] = {}
    for a, b, x in vs:
        for y in (a, b):
            if not any(h[0] - SNAP <= x <= h[1] + SNAP and abs(h[2] - y) <= SNAP for h in hs):
                ends.setdefault(round(y / SNAP), []).append(x)
    out: list[tuple[float, float, float]] = []
    for key, xs in ends.items():
        if len(xs) < 2:
            continue
        y = key * SNAP
        crossing = [x for a, b, x in vs if a + SNAP < y < b - SNAP]
        left = max((x for x in crossing if x < min(xs)), default=min(xs))
        right = min((x for x in crossing if x > max(xs)), default=max(xs))
        out.append((left, right, y))
    return out


def _rules_run_past(table: FoundTable, hs) -> bool:
    """A horizontal rule at the table's height runs well past its left or right side."""
    return any(
        table.bottom - SNAP <= y <= table.top + SNAP
        and (a < table.left - 3 * SNAP or b > table.right + 3 * SNAP)
        and b > table.left
        and a < table.right
        for a, b, y in hs
    )


SNAP = 3.0


def _join(segments) -> list[tuple[float, float, float]]:
    """Segments ``(start, end, position)`` snapped to a common position when within SNAP points
    of each other, and joined where they touch or overlap along their axis."""
    out: list[tuple[float, float, float]] = []
    ordered = sorted(segments, key=lambda s: s[2])
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and ordered[j + 1][2] - ordered[i][2] <= SNAP:
            j += 1
        group = ordered[i : j + 1]
        pos = sum(s[2] for s in group) / len(group)
        spans = sorted((min(s[0], s[1]), max(s[0], s[1])) for s in group)
        start, end = spans[0]
        for a, b in spans[1:]:
            if a <= end + SNAP:
                end = max(end, b)
            else:
                out.append((start, end, pos))
                start, end = a, b
        out.append((start, end, pos))
        i = j + 1
    return out


def _regular_grid(hs, vs) -> list[tuple[float, float, float, float]] | None:
    """The cells of a complete grid (every rule spans the whole table), else None."""
    if len(hs) < 2 or len(vs) < 2 or len(hs) * len(vs) > MAX_GRID_CELLS:
        return None
    left, right = min(h[0] for h in hs), max(h[1] for h in hs)
    bottom, top = min(v[0] for v in vs), max(v[1] for v in vs)
    tol = SNAP
    if any(abs(h[0] - left) > tol or abs(h[1] - right) > tol for h in hs):
        return None
    if any(abs(v[0] - bottom) > tol or abs(v[1] - top) > tol for v in vs):
        return None
    ys = sorted((h[2] for h in hs), reverse=True)
    xs = sorted(v[2] for v in vs)
    if (
        abs(ys[0] - top) > tol
        or abs(ys[-1] - bottom) > tol
        or abs(xs[0] - left) > tol
        or abs(xs[-1] - right) > tol
    ):
        return None
    rows = list(zip(ys, ys[1:], strict=False))
    cols = list(zip(xs, xs[1:], strict=False))
    return [(x0, -y_hi, x1, -y_lo) for y_hi, y_lo in rows for x0, x1 in cols]


_double = ctypes.c_double


class _BoundedText:
    """pdfium's text inside a rectangle, through one reused buffer."""

    SIZE = 8192

    def __init__(self, textpage) -> None:
        self._raw = textpage  # a raw FPDF_TEXTPAGE handle
        self._fn = bounded_text  # no ctypes argument conversion: coordinates passed as c_double
        self._buf = (ctypes.c_ushort * (self.SIZE + 1))()
        self._ptr = ctypes.cast(self._buf, ctypes.POINTER(ctypes.c_ushort))
        self._units = memoryview(self._buf)
        self._doubles: dict[float, ctypes.c_double] = {}  # the grid's few coordinates, made once
        self._text: str | None = None  # the page's text, read at the first call of ``span``

    def span(self, word: str, left: float, bottom: float, right: float, top: float) -> float | None:
        """The width of ``word`` where the page's text holds it inside the rectangle (its first
        and last characters' boxes), None when it does not."""
        if self._text is None:
            count = min(pdfium_c.FPDFText_CountChars(self._raw), MAX_TABLE_CHARS)
            self._text = text_range(self._raw, count) if count > 0 else ""
            if len(self._text) != count:
                self._text = ""  # characters pdfium left out: its indexes are not the text's
        box = (ctypes.c_double * 4)()
        refs = [ctypes.byref(box, 8 * k) for k in range(4)]
        at = self._text.find(word)
        while at >= 0:
            if get_char_box(self._raw, at, *refs):
                first_left, first_bottom, first_top = box[0], box[2], box[3]
                if get_char_box(self._raw, at + len(word) - 1, *refs):
                    x, y = (first_left + box[1]) / 2, (first_bottom + first_top) / 2
                    if left <= x <= right and bottom <= y <= top:
                        return box[1] - first_left
            at = self._text.find(word, at + 1)
        return None

    def _double(self, value: float) -> ctypes.c_double:
        out = self._doubles.get(value)
        if out is None:
            out = self._doubles[value] = _double(value)
        return out

    def __call__(self, left: float, bottom: float, right: float, top: float) -> str:
        d = self._double
        n = self._fn(self._raw, d(left), d(top), d(right), d(bottom), self._ptr, self.SIZE)
        if n <= 0:
            return ""
        text = decode(self._units[: min(n, self.SIZE)], "utf-16-le", errors="ignore")
        return text.replace("\x00", "")


def _clusters(values) -> dict[float, int]:
    """Index of each value's cluster; values within SNAP points of the previous one share it."""
    out: dict[float, int] = {}
    index, last = -1, None
    for v in sorted(set(values)):
        if last is None or v - last > SNAP:
            index += 1
        out[v] = index
        last = v
    return out


#: points a cell's rectangle is narrowed by at the top and bottom when its text is read
INSET = 1.0


def _grid_rows(cells, reader, joins: list[Join] | None = None, wraps: list[Wrap] | None = None):
    """The rows of a table's cells, where the table starts when its first rows are a title
    (the top of the first row kept, pdfplumber's orientation) else None, where each of its
    columns starts, and the rows its plausibility is judged on; the words pdfium joined at a
    line-end hyphen are recorded in ``joins``, the line ends that may cut a word in ``wraps``."""
    col = _clusters(c[0] for c in cells)
    row = _clusters(c[1] for c in cells)
    xs = range(max(col.values()) + 1)
    starts = [min(x for x, i in col.items() if i == k) for k in xs]
    tops = [min(y for y, i in row.items() if i == k) for k in range(max(row.values()) + 1)]
    grid: list[list[list[str]]] = [[[] for _ in xs] for _ in tops]
    spans: list[list[str]] = [["" for _ in xs] for _ in tops]  # a label over every column it spans
    deep = list(tops)  # the lowest bottom of each row's cells
    down: list[tuple[int, int, float, str]] = []  # filled cells over two rows or more
    across = 0  # filled cells over two columns or more
    for x0, top, x1, bottom in cells:
        # a cell's text is asked for 1 pt inside its top and bottom rules: pdfium takes every
        # character whose loose box (the font's ascent and descent) touches the rectangle, and a
        # descender of the row above reaches over a rule drawn close under it
        inset = INSET if bottom - top > 4 * INSET else 0.0
        text = reader(x0, -bottom + inset, x1, -top - inset)
        # pdfium's text in a rectangle marks a hyphen it removed at a line end with U+0002 where
        # the page's text has U+FFFE: the word is rejoined as a line's is (``clean``)
        parts = text.replace("\x02", "\ufffe").splitlines()
        lines = [_cell(part, joins) for part in parts]
        if wraps is not None and len(parts) > 1:
            wraps += _wraps(parts, lines, (x0, -bottom, x1, -top), reader)
        lines = [ln for ln in lines if ln]
        r, c = row[top], col[x0]
        grid[r][c] += lines
        deep[r] = max(deep[r], bottom)
        if lines:
            label = " ".join(lines)
            if r + 1 < len(tops) and bottom > tops[r + 1] + SNAP:
                down.append((r, c, bottom, label))
            if c + 1 < len(starts) and starts[c + 1] < x1 - SNAP:
                across += 1
            for k in range(c, len(starts)):
                if starts[k] >= x1 - SNAP:
                    break
                spans[r][k] = label
    grid_tops = list(zip(grid, spans, tops, strict=True))
    grid_tops = [g for g in grid_tops if any(g[0])]
    cut = None
    # title rows: one filled cell each above rows that fill several
    while (
        len(grid_tops) > 2
        and len(xs) >= 3
        and sum(1 for c in grid_tops[0][0] if c) == 1
        and any(sum(1 for c in g[0] if c) >= 3 for g in grid_tops[1:])
    ):
        grid_tops.pop(0)
        cut = grid_tops[0][2]
    rows: list[tuple[str, ...]] = []
    sources: list[int] = []  # the grid row each of ``rows`` was read from
    header_rows = 0
    if len(grid_tops) > 2:
        merged = _group_header(grid_tops[0][0], grid_tops[0][1], grid_tops[1][0])
        if merged is not None:
            rows.append(merged)
            sources.append(row[grid_tops[1][2]])
            header_rows = 2
    bands = [g[0] for g in grid_tops[header_rows:]]
    lines = [_lines_per_row(cells_of_row) for cells_of_row in bands]
    # rows without rules between them (a grid with at least two ruled rows, e.g. a header rule):
    # every filled cell of a band holds k lines, one per row; not where a band's cells wrap
    # (one filled cell of several lines, or unlike counts: the rows are ruled one by one)
    split = len(grid) > 1 and 0 not in lines
    # whether the grid is a table at all is judged on the rows split wherever a band's filled
    # cells hold k > 1 lines each, as it always was: a figure's boxes stay a figure
    probe = list(rows)
    for (cells_of_row, _, band_top), k in zip(grid_tops[header_rows:], lines, strict=True):
        one = [tuple(" ".join(c) for c in cells_of_row)]
        counts = {len(c) for c in cells_of_row if c}
        n = counts.pop() if len(counts) == 1 else 1
        many = [tuple(c[i] if c else "" for c in cells_of_row) for i in range(n)] if n > 1 else one
        made = many if split and k > 1 else one
        rows += made
        sources += [row[band_top]] * len(made)
        probe += many if len(grid) > 1 else one
    # a first row one of whose cells reaches down past the second row's top: a header cut in
    # two where a rule runs across some of its cells only (the first two rows one header)
    cut_header = (
        header_rows == 0
        and len(grid_tops) > 2
        and (not split or lines[0] <= 1)
        and deep[row[grid_tops[0][2]]] > grid_tops[1][2] + SNAP
    )
    filled = sum(1 for g in grid for c in g if c)
    if down and len(down) * SPANNING <= filled:
        rows = _spans_filled(rows, sources, down, tops, cut_header)
    if across and across * SPANNING <= filled:
        rows = _spans_across(rows, sources, spans, header_rows, cut_header)
    # columns empty in every row come from padding or shading rectangles inside the cells
    rows, kept = _kept_columns(rows, starts, cut_header)
    return rows, cut, tuple(kept), _kept_columns(probe, starts, cut_header)[0]


#: a grid whose filled cells span rows more often than one in this many is a drawing's lines (a
#: figure's labels between them, GeoTopo's p. 71), not a table's merged cells: none is repeated
SPANNING = 4


def _spans_filled(rows, sources: list[int], down, tops: list[float], cut_header: bool):
    """``rows`` with a cell that spans rows (``down``: its row, column, bottom and text) repeated
    in each row under it that it covers and holds nothing there, as a merged cell reads in
    Word's, a workbook's and a web page's tables: the Chelsea plan's ``Synthèse des résultats``
    over its header and its row of figures (p. 62) had left that row's first cell empty. Not
    into a header's second row that ``_split_header_joined`` makes one with the first (a label
    shading cut off from the others' row)."""
    fill: dict[int, dict[int, str]] = {}
    for r, c, bottom, label in down:
        for k in range(r + 1, len(tops)):
            if tops[k] >= bottom - SNAP:
                break
            fill.setdefault(k, {}).setdefault(c, label)
    if cut_header and len(rows) > 2 and sources[1] in fill:
        plain = [r for r in rows if any(r)]
        if len(_split_header_joined(plain)) < len(plain):
            del fill[sources[1]]
    out = []
    for cells_of_row, source in zip(rows, sources, strict=True):
        labels = fill.get(source)
        if labels and any(cells_of_row):
            cells_of_row = tuple(text or labels.get(c, "") for c, text in enumerate(cells_of_row))
        out.append(cells_of_row)
    return out


def _spans_across(rows, sources: list[int], spans: list[list[str]], header_rows: int, cut_header: bool):
    """``rows`` with a cell over two columns or more (``spans``: each grid row's label over every
    column it covers) read in each of them, as a merged cell reads in Word's, a workbook's and a
    web page's tables: ``google-doc-document.pdf``'s ``Europe`` over four countries' columns
    and ``EUR (€)`` over three had stood under the first alone, and the Chelsea plan's header
    ``Actions`` over a column of groups and one of actions (p. 27) had left the second unnamed.
    Not in a header made of two rows (``_group_header``: a group's label over its columns' own,
    each named by both) or cut in two by a shading box (``_split_header_joined`` joins the
    rows whose labels stand in unlike columns), nor in rows a band's lines were split into.
    Only from a column into another that rows under the first fill with cells of their own: a
    column they leave empty is a header's cell drawn a little off the body's, or the inside of
    a box drawn in a cell (a shading), which ``_merge_offset_header`` and ``_kept_columns``
    take out (``[MS-OXMSG].pdf`` p. 22's descriptions had stood in a column of their own beside
    the header's ``Description``, their table no longer one with its part on p. 23)."""
    out = list(rows)
    body = [any(row[k] for row in rows[1:]) for k in range(len(spans[0]))] if spans else []
    skip = header_rows and 1  # the header made of two rows comes first
    if cut_header:
        skip = 2
    for i in range(skip, len(out)):
        source = sources[i]
        if (i > 0 and sources[i - 1] == source) or (i + 1 < len(out) and sources[i + 1] == source):
            continue
        labels = spans[source]
        if any(labels) and any(not text for text in out[i]):
            cells = list(out[i])
            for k in range(1, len(cells)):
                if not cells[k] and labels[k] and labels[k - 1] == labels[k] and body[k]:
                    start = k - 1
                    while start > 0 and labels[start - 1] == labels[k]:
                        start -= 1
                    if body[start] and cells[start] == labels[k]:
                        cells[k] = labels[k]
            out[i] = tuple(cells)
    return out


#: points of padding a cell may leave either side of its text (Word's default is 5.4)
CELL_PADDING = 6.0


def _wraps(parts: list[str], lines: list[str], box, reader) -> list[Wrap]:
    """The line ends of a cell (``parts``: its lines as pdfium gives them, ``lines`` cleaned;
    ``box``: left, bottom, right, top) that may cut a word without a hyphen: a line of one word of
    letters, no space after it in the page's text (a typesetter wrapping between words leaves
    its space there), the next line starting with a lower-case letter. Whether the first part
    fills the cell (``Wrap.fills``) is read off the page's words: a word cut for want of room
    leaves less than a letter's width beside it, the padding aside."""
    out: list[Wrap] = []
    for k in range(len(parts) - 1):
        word, following = lines[k], lines[k + 1]
        if not following[:1].islower():
            continue
        if word[-1:] == "-" and word[-2:-1].isalpha():
            # a hyphen pdfium did not mark as a line end's: spelt as the document writes the word
            out.append(Wrap(word.rsplit(" ", 1)[-1][:-1], following.split()[0], False, hyphen=True))
        elif word.isalpha() and not parts[k][-1:].isspace():
            out.append(Wrap(word, following.split()[0], _fills(word, box, reader)))
    return out


def _fills(word: str, box, reader) -> bool:
    """Whether ``word`` stands in the cell ``box`` (left, bottom, right, top) with less room beside
    it than two paddings and a letter of it."""
    left, bottom, right, top = box
    width = reader.span(word, left, bottom, right, top)
    return width is not None and (right - left) - width <= 2 * CELL_PADDING + width / len(word)


def _kept_columns(rows: list[tuple[str, ...]], starts: list[float], cut_header: bool = False):
    """Rows without the empty ones, without columns empty in every row, offset headers joined
    (and, with ``cut_header``, a header cut in two rows)."""
    rows = [r for r in rows if any(r)]
    if cut_header:
        rows = _split_header_joined(rows)
    keep = [i for i in range(len(starts)) if any(r[i] for r in rows)]
    return _merge_offset_header([tuple(r[i] for i in keep) for r in rows], [starts[i] for i in keep])


def _split_header_joined(rows: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """The first two rows as one header where a rule drawn across some of its cells only (the
    edge of a shading box) cut it in two: each column is named in one of them and not the other,
    every column is named, in short labels (at most 40 characters) and no plain number, and a row
    of data follows. ``[MS-OXMSG].pdf`` p. 2 read ``| Revision History | Revision Class |`` over
    ``Date | | | Comments``."""
    if len(rows) < 3:
        return rows
    first, second = rows[0], rows[1]
    if len(first) < 2 or not any(first) or not any(second):
        return rows
    for a, b in zip(first, second, strict=True):
        if bool(a) == bool(b) or len(a or b) > 40 or _number(a or b):
            return rows
    return [tuple(a or b for a, b in zip(first, second, strict=True)), *rows[2:]]


def _lines_per_row(cells: list[list[str]]) -> int:
    """The lines every filled cell of a band holds: 1 when each holds one line, k when two or more
    cells hold k lines each, 0 otherwise (cells wrapped over unlike numbers of lines, or a single
    filled cell of several lines)."""
    counts = [len(c) for c in cells if c]
    if not counts or max(counts) == 1:
        return 1
    return counts[0] if len(counts) >= 2 and min(counts) == max(counts) else 0


def _group_header(
    first: list[list[str]], labels: list[str], second: list[list[str]]
) -> tuple[str, ...] | None:
    """One header of two header rows where the first names groups of the second's columns
    (``Pre-Pawn`` over ``Handgun | Long Gun | *Other``): each column named by its group and its
    own label. None unless a label of the first row spans two or more labels of the second, the
    second names at least half the columns, in as many cells as the first or more, or names
    the columns under the first row's groups and no other (``_under_groups_only``), in short
    labels (at most 40 characters: not a row of data), and neither holds a plain number."""
    sub = [" ".join(c) for c in second]
    if any(len(c) > 40 for c in sub):
        return None
    filled = sum(1 for c in sub if c)
    many = filled * 2 >= len(sub) and sum(1 for c in first if c) <= filled
    if not many and not _under_groups_only(labels, sub):
        return None
    if not any(
        labels[k] and labels[k] == labels[k + 1] and sub[k] and sub[k + 1] for k in range(len(sub) - 1)
    ):
        return None
    if any(_number(c) for c in labels + sub if c):
        return None
    return tuple(" ".join(p for p in (a, b) if p) for a, b in zip(labels, sub, strict=True))


def _under_groups_only(labels: list[str], sub: list[str]) -> bool:
    """Whether the second header row ``sub`` names every column under a label of the first row
    spanning two or more (``labels``: each column's label above it) and no other column: the
    other labels fill the first row alone, wrapped over both rows' height (word2vec.pdf's
    ``Model | Vector Dimensionality | Training words | Accuracy [%]`` over ``Semantic |
    Syntactic | Total``, under ``Accuracy [%]`` only)."""
    n = len(sub)
    grouped = [
        bool(labels[k])
        and ((k > 0 and labels[k - 1] == labels[k]) or (k + 1 < n and labels[k + 1] == labels[k]))
        for k in range(n)
    ]
    return any(grouped) and all(bool(sub[k]) == grouped[k] for k in range(n))


def _number(cell: str) -> bool:
    return cell.replace(".", "", 1).replace(",", "").replace("%", "").isdigit()


def _merge_offset_header(
    rows: list[tuple[str, ...]], starts: list[float]
) -> tuple[list[tuple[str, ...]], list[float]]:
    """Join column pairs where one holds only the header and its neighbour only the data: header
    cells drawn with a different inset than the body cells land one grid column off. ``starts``
    are the columns' left edges, returned for the columns kept."""
    if len(rows) < 2:
        return rows, starts
    cols = [list(c) for c in zip(*rows, strict=True)]
    out: list[list[str]] = []
    kept: list[float] = []
    i = 0
    while i < len(cols):
        a = cols[i]
        b = cols[i + 1] if i + 1 < len(cols) else None
        if b is not None and ((_header_only(a) and _body_only(b)) or (_header_only(b) and _body_only(a))):
            out.append([x or y for x, y in zip(a, b, strict=True)])
            kept.append(starts[i])
            i += 2
            continue
        out.append(a)
        kept.append(starts[i])
        i += 1
    return [tuple(r) for r in zip(*out, strict=True)], kept


def _header_only(col: list[str]) -> bool:
    return bool(col[0]) and not any(col[1:])


def _body_only(col: list[str]) -> bool:
    return not col[0] and any(col[1:])


# -- tables ruled only across (booktabs), read from pdfium's characters ---------------------------

#: Rules of a table drawn only across are at least this wide; three or more of one width (top,
#: header and bottom rule) frame a table.
MIN_RULE_WIDTH = 40.0


def rule_tables(horizontal, vertical, textpage) -> list[FoundTable]:
    """The tables of :func:`framed_tables`."""
    return framed_tables(horizontal, vertical, textpage)[0]


def framed_tables(horizontal, vertical, textpage) -> tuple[list[FoundTable], bool]:
    """Tables framed by horizontal rules only (LaTeX's booktabs: a top rule, a rule under the
    header, a bottom rule; more between groups of rows), or whose vertical rules separate some
    columns only.

    Three or more rules of the same extent frame a table, unless vertical rules close it on both
    sides (a box: a figure, or a grid read by ``grid_tables``). The header is the text between the
    first two of them, at most MAX_HEADER_LINES lines in any column; below, each baseline is a row, and half the
    rows fill two cells or more (prose between rules fills one). Columns are the runs of the body's words
    separated by gaps wider than a space (the header's words, which may span several columns,
    do not count); each word goes to the column under its middle. pdfplumber's text strategy
    cuts words where its alignment edges cross them (``0.8678`` read as ``0.86`` and ``78``),
    so the page's own characters are used instead, as on ruled grids.

    Rules that underline a run of text (links: one under each, of its width) frame nothing; the
    flag returned says whether frames remain once they are left out."""
    rules = _join(horizontal)
    wide = [h for h in rules if h[1] - h[0] >= MIN_RULE_WIDTH]
    words: list[_Word] | None = None  # read once, when a frame is open at its sides
    if _frames(wide):
        words = _words(textpage)
        wide = [h for h in wide if not _underline(h, words)]
    frames = _frames(wide)
    if not frames:
        return [], False
    if words is not None:
        frames = [part for frame in frames for part in _split_at_prose(frame, words)]
    sides = _join(vertical)
    out: list[FoundTable] = []
    for frame in frames:
        left, right = min(h[0] for h in frame), max(h[1] for h in frame)
        top, header_end, bottom = frame[0][2], frame[1][2], frame[-1][2]
        if _closed(sides, left, bottom, top) and _closed(sides, right, bottom, top):
            continue
        if words is None:
            words = _words(textpage)
        inside = [w for w in words if left - 2 <= w[4] <= right + 2 and bottom < w[5] < top]
        # rules under a group label in the header, over the columns it names (LaTeX's cmidrule)
        groups = [h for h in rules if header_end < h[2] < top and h[0] >= left - 2 and h[1] <= right + 2]
        table = _rule_table(inside, left, right, bottom, top, header_end, groups)
        if table is not None:
            out.append(table)
    return out, True


def _frames(wide) -> list[list[tuple[float, float, float]]]:
    """Rules of the same extent, top to bottom, in groups of three or more."""
    groups: list[list[tuple[float, float, float]]] = []
    for rule in sorted(wide, key=lambda h: -h[2]):
        for group in groups:
            if abs(group[0][0] - rule[0]) <= SNAP and abs(group[0][1] - rule[1]) <= SNAP:
                group.append(rule)
                break
        else:
            groups.append([rule])
    return [g for g in groups if len(g) >= 3]


def _split_at_prose(frame, words: list[_Word]) -> list[list[tuple[float, float, float]]]:
    """A frame cut where a line between two of its rules is one run of words over half its width
    (a caption or a sentence: two tables of one width on a page, one above the other); the parts
    of three rules or more."""
    left, right = min(h[0] for h in frame), max(h[1] for h in frame)
    parts: list[list[tuple[float, float, float]]] = [[frame[0]]]
    for upper, lower in zip(frame, frame[1:], strict=False):
        between = [w for w in words if left - 2 <= w[4] <= right + 2 and lower[2] < w[5] < upper[2]]
        if between and any(
            phrase[-1][1] - phrase[0][0] > 0.5 * (right - left)
            for line in _header_lines(between)
            for phrase in _phrases(sorted(line), 0.8 * _median_height(between))
        ):
            parts.append([lower])
        else:
            parts[-1].append(lower)
    return [p for p in parts if len(p) >= 3]


def _median_height(words: list[_Word]) -> float:
    heights = sorted(w[3] - w[2] for w in words)
    return max(heights[len(heights) // 2], 1.0)


def _underline(rule, words: list[_Word]) -> bool:
    """A rule drawn under one run of text, from its first character to its last: the words just
    above it (their bottoms at most 4 pt over it, descenders crossing it) start and end within
    2 pt of its ends with no wider gap between them than a space. A table's rules reach past
    its text by the cells' padding, and its columns leave wide gaps."""
    left, right, y = rule
    line = sorted(w for w in words if left - 2 <= w[4] <= right + 2 and w[2] - 4 <= y <= w[5])
    if not line or abs(line[0][0] - left) > 2 or abs(line[-1][1] - right) > 2:
        return False
    return all(b[0] - a[1] < 0.8 * (a[3] - a[2]) for a, b in zip(line, line[1:], strict=False))


def _closed(sides, x: float, bottom: float, top: float) -> bool:
    """A vertical rule at ``x`` runs over most of the height from ``bottom`` to ``top``."""
    return any(
        abs(vx - x) <= SNAP and min(b, top) - max(a, bottom) > 0.8 * (top - bottom) for a, b, vx in sides
    )


#: A header between a table's first two rules is at most this many lines in each column.
MAX_HEADER_LINES = 4

#: A word: (left, right, bottom, top, x middle, y middle, text)
_Word = tuple[float, float, float, float, float, float, str]


def _words(textpage) -> list[_Word]:
    """The page's words with their boxes: runs of characters between spaces, line breaks and
    gaps wider than half a character's height. A word pdfium joined at a line-end hyphen (its
    text runs on at the next line's start after U+FFFE) is one word, as in the page's lines,
    in the box of its first part: its cell rejoins it by the document's spelling (``clean``)."""
    count = min(pdfium_c.FPDFText_CountChars(textpage), MAX_TABLE_CHARS)
    if count <= 0:
        return []
    text = text_range(textpage, count)
    if len(text) != count:
        return []
    box = (ctypes.c_double * 4)()
    refs = [ctypes.byref(box, 8 * k) for k in range(4)]
    out: list[_Word] = []
    chars: list[str] = []
    wl = wr = wb = wt = 0.0
    joined = False  # in the part of a word after pdfium's hyphen mark, on the next line
    for i, ch in enumerate(text):
        if ch == "\ufffe" and chars:
            chars.append(ch)
            joined = True
            continue
        if joined and not ch.isspace() and ch != "\x00":
            chars.append(ch)
            continue
        joined = False
        if ch.isspace() or ch in "\ufffe\x00" or not get_char_box(textpage, i, *refs):
            if chars:
                out.append((wl, wr, wb, wt, (wl + wr) / 2, (wb + wt) / 2, "".join(chars)))
                chars = []
            continue
        cl, cr, cb, ct = box
        if chars and (cl - wr > 0.5 * max(ct - cb, wt - wb) or cr < wl):
            out.append((wl, wr, wb, wt, (wl + wr) / 2, (wb + wt) / 2, "".join(chars)))
            chars = []
        if chars:
            wl, wr, wb, wt = min(wl, cl), max(wr, cr), min(wb, cb), max(wt, ct)
        else:
            wl, wr, wb, wt = cl, cr, cb, ct
        chars.append(ch)
    if chars:
        out.append((wl, wr, wb, wt, (wl + wr) / 2, (wb + wt) / 2, "".join(chars)))
    return out


#: Characters of a page read for a table framed by rules (pages of more are left to the text).
MAX_TABLE_CHARS = 50_000


def _rule_table(words: list[_Word], left, right, bottom, top, header_end, groups=()) -> FoundTable | None:
    joins: list[Join] = []  # the words pdfium joined at a line-end hyphen, in the cells' order
    head = [w for w in words if w[5] > header_end]
    body = [w for w in words if w[5] < header_end]
    if not body:
        return None
    heights = sorted(w[3] - w[2] for w in body)
    height = max(heights[len(heights) // 2], 1.0)
    # columns: the body's words merged where less than a wide space apart
    columns: list[list[float]] = []
    for w in sorted(body):
        if columns and w[0] - columns[-1][1] < 0.8 * height:
            columns[-1][1] = max(columns[-1][1], w[1])
        else:
            columns.append([w[0], w[1]])
    if len(columns) < 2 or len(columns) > 60:
        return None

    def column(w: _Word) -> int:
        x = w[4]
        return min(range(len(columns)), key=lambda c: max(columns[c][0] - x, x - columns[c][1], 0.0))

    def lines(ws: list[_Word]) -> list[list[_Word]]:
        out: list[list[_Word]] = []
        for w in sorted(ws, key=lambda w: -w[5]):
            if out and out[-1][0][5] - w[5] < 0.5 * height:
                out[-1].append(w)
            else:
                out.append([w])
        return out

    def row(ws: list[list[_Word]]) -> tuple[str, ...]:
        cells: list[list[str]] = [[] for _ in columns]
        for line in ws:
            for w in sorted(line):
                cells[column(w)].append(w[6])
        return tuple(_cell(" ".join(c), joins) for c in cells)

    def header_row(ws: list[list[_Word]]) -> tuple[str, ...]:
        """The header's lines cut into phrases (words less than a wide space apart). A phrase
        over a group rule names every column under that rule; a phrase over one column's extent,
        or over none, belongs to that column or the nearest (right-aligned numbers sit in narrow
        columns under wider labels); a phrase over two or more is read word by word."""
        cells: list[list[str]] = [[] for _ in columns]
        for line in ws:
            for phrase in _phrases(sorted(line), 0.8 * height):
                p_left, p_right = phrase[0][0], phrase[-1][1]
                text = " ".join(w[6] for w in phrase)
                rule = next(
                    (g for g in groups if g[2] < phrase[0][2] and g[0] - 2 <= p_left and p_right <= g[1] + 2),
                    None,
                )
                under = [
                    c for c, (a, b) in enumerate(columns) if rule and a >= rule[0] - 2 and b <= rule[1] + 2
                ]
                over = [c for c, (a, b) in enumerate(columns) if min(b, p_right) > max(a, p_left)]
                if len(under) >= 2:
                    for c in under:
                        cells[c].append(text)
                elif len(over) == 1:
                    cells[over[0]].append(text)
                elif not over:
                    x = (p_left + p_right) / 2
                    nearest = min(
                        range(len(columns)), key=lambda c: max(columns[c][0] - x, x - columns[c][1])
                    )
                    cells[nearest].append(text)
                else:
                    for w in phrase:
                        cells[column(w)].append(w[6])
        return tuple(_cell(" ".join(c), joins) for c in cells)

    head_lines = lines(head)
    tallest = max(
        (sum(1 for line in head_lines if any(column(w) == c for w in line)) for c in range(len(columns))),
        default=0,
    )
    if tallest > MAX_HEADER_LINES:
        return None
    rows = [row([line]) for line in lines(body)]
    if sum(1 for r in rows if sum(1 for c in r if c) >= 2) * 2 < len(rows):
        return None
    header = header_row(_header_lines(head)) if head else None
    if header is not None and not any(header):
        header = None
    if not _plausible(([header] if header else []) + rows):
        return None
    return FoundTable(
        left, right, bottom, top, header, tuple(rows), tuple(c[0] for c in columns), tuple(joins)
    )


def _header_lines(words: list[_Word]) -> list[list[_Word]]:
    """A header's words in lines, top to bottom: a word whose middle lies within the height of the
    line above it joins that line (a parenthesis or a superscript sits lower or higher than its
    neighbours, by more than the body's half line)."""
    out: list[list[_Word]] = []
    low = high = 0.0
    for w in sorted(words, key=lambda w: -w[5]):
        if out and low <= w[5] <= high:
            out[-1].append(w)
            low, high = min(low, w[2]), max(high, w[3])
        else:
            out.append([w])
            low, high = w[2], w[3]
    return out


def _phrases(line: list[_Word], gap: float) -> list[list[_Word]]:
    """A line's words (left to right) in runs less than ``gap`` apart."""
    out: list[list[_Word]] = []
    for w in line:
        if out and w[0] - out[-1][-1][1] < gap:
            out[-1].append(w)
        else:
            out.append([w])
    return out


def without_line_numbers(table: FoundTable, numbers: Counter[str], least: int) -> FoundTable | None:
    """``table`` without its first or last column when that column is the page's margin line
    numbering: a column without a label whose cells, ``least`` of them at least, are each the
    text of a line that numbers the page's lines (``numbers``, counted by text: a court
    transcript's 1 to 25). pdfplumber's text strategy reads those numbers as a column of the
    text beside them. Rows left empty (a numbered blank line) go with it; None when what is left
    is no table (``_plausible``)."""
    rows = [table.header, *table.rows] if table.header is not None else list(table.rows)
    width = max((len(r) for r in rows), default=0)
    if width == 0:
        return table
    for col in dict.fromkeys((0, width - 1)):
        if table.header is not None and col < len(table.header) and table.header[col]:
            continue
        filled = Counter(r[col] for r in rows if col < len(r) and r[col])
        if filled.total() >= least and not filled - numbers:
            break
    else:
        return table
    kept = [r[:col] + r[col + 1 :] for r in rows]
    header = kept.pop(0) if table.header is not None else None
    body = [r for r in kept if any(r)]
    if not _plausible(([header] if header else []) + body):
        return None
    columns = table.columns[:col] + table.columns[col + 1 :]
    return replace(table, header=header, rows=tuple(body), columns=columns)


def carry_headers(tables: list[list[FoundTable]]) -> list[list[FoundTable]]:
    """Tables continued from page to page, their header printed on the first page only: the
    first table of a page without a header takes the header of the last table on the page
    before when its columns are that table's (as many, each starting within SNAP points of the
    other's, read from the page's rules or characters). A first row read as its header that is
    a row like the ones under it (``_data_row``) is one of its rows again."""
    out: list[list[FoundTable]] = []
    last: FoundTable | None = None
    for page in tables:
        if page and last is not None:
            first = max(range(len(page)), key=lambda t: page[t].top)
            top = page[first]
            if top.header is not None and top.header != last.header and _data_row(top.header, top.rows):
                top = replace(top, header=None, rows=(top.header, *top.rows))  # a row taken for a header
            if top.header is None and _continues(last, top):
                page = [replace(top, header=last.header) if k == first else t for k, t in enumerate(page)]
        out.append(page)
        last = min(page, key=lambda t: t.top) if page else None
    return out


_SHAPE = str.maketrans("0123456789", "0000000000")


def _data_row(first: tuple[str, ...], rows: tuple[tuple[str, ...], ...]) -> bool:
    """Whether ``first``, read as a header, is a row like those under it: a cell of it holding
    digits has the shape of the cells under it in at least half the rows (``07/17/2015`` over
    dates, digits counted alike), which a column's label does not."""
    if not rows:
        return False
    for c, cell in enumerate(first):
        if not any(ch.isdigit() for ch in cell):
            continue
        shape = cell.translate(_SHAPE)
        same = sum(1 for row in rows if c < len(row) and row[c].translate(_SHAPE) == shape)
        if 2 * same >= len(rows):
            return True
    return False


def runs_on(before: FoundTable, after: FoundTable) -> bool:
    """Whether ``after``, the first thing on a page, is the rest of ``before``, the last thing on
    the page before: under the same header (printed again, or carried by ``carry_headers``), its
    columns as many and each starting within SNAP points of the other's, or, read by pdfplumber
    without columns, as wide as ``before`` within SNAP points."""
    if before.header is None or after.header != before.header or not after.rows:
        return False
    a, b = before.columns, after.columns
    if a or b:
        return len(a) == len(b) and all(abs(x - y) <= SNAP for x, y in zip(a, b, strict=True))
    return abs(before.left - after.left) <= SNAP and abs(before.right - after.right) <= SNAP


def runs_on_bare(before: FoundTable, after: FoundTable) -> bool:
    """Whether ``after``, the first thing on a page and at its top, without a header of its own,
    is the rest of ``before``, the last thing on the page before and at its foot: their columns
    as many (two or more) and each starting within SNAP points of the other's, or, read by
    pdfplumber without columns, as wide within SNAP points, with as many cells in every row."""
    if after.header is not None or not after.rows or not before.rows:
        return False
    width = len(before.header) if before.header is not None else len(before.rows[0])
    if width < 2 or any(len(row) != width for row in (*before.rows, *after.rows)):
        return False
    a, b = before.columns, after.columns
    if a or b:
        return len(a) == len(b) == width and all(abs(x - y) <= SNAP for x, y in zip(a, b, strict=True))
    return abs(before.left - after.left) <= SNAP and abs(before.right - after.right) <= SNAP


#: what may end a cell's sentence: a cell ending so is not read as cut by a page break
_ENDS = '.!?:;)]"\u201d'
#: the fewest words of a cell read as a sentence the page break cut: a shorter one is a value
#: (``red`` over ``green`` in rows grouped under one label) that a lower-case value may follow
CUT_WORDS = 4


def cut_row(
    last: tuple[str, ...], first: tuple[str, ...], words: Words | None = None
) -> tuple[str, ...] | None:
    """``last``, a table's last row on a page, with the rest of it read as ``first``, the first
    row of the table's part on the next page, when the page break cut it: ``first`` has the
    columns of ``last``, its first cell is empty under a filled one, it fills no cell that was
    empty in ``last``, and one of its cells goes on with a sentence: the cell above, of CUT_WORDS
    words or more, ends in no stop and it starts in lower case (``… if any attempt`` / ``is made
    to do so.``). Else None. Each cell's two parts are joined as a paragraph's lines are
    (``join_lines``): a word the break hyphenated is one word again (``at-`` / ``tempt``), a
    compound keeps its hyphen (``state-of-the-`` / ``art``, or as the document's ``words`` write
    it elsewhere)."""
    if len(last) != len(first) or len(first) < 2 or first[0] or not last[0]:
        return None
    if any(b and not a for a, b in zip(last, first, strict=True)):
        return None
    if not any(
        b and len(a.split()) >= CUT_WORDS and a[-1] not in _ENDS and b[0].islower()
        for a, b in zip(last, first, strict=True)
    ):
        return None
    return tuple(join_lines([a, b], words) if a and b else a or b for a, b in zip(last, first, strict=True))


def _continues(before: FoundTable, after: FoundTable) -> bool:
    a, b = before.columns, after.columns
    return (
        before.header is not None
        and bool(after.rows)
        and len(before.header) == len(after.rows[0]) == len(a) == len(b) >= 2
        and all(abs(x - y) <= SNAP for x, y in zip(a, b, strict=True))
    )
