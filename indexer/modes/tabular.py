"""Modes for spreadsheets and CSV/TSV: the rows of TABLE blocks, grouped.

A row renders as ``header: value | header: value`` (empty cells left out; a column without a
header is ``Column N``). Spreadsheets: ``row`` (= default, one row per chunk → ``row_document``),
``table`` (each table as a pipe table, cut between rows ≤ 2,000 → ``table_region``), ``sheet``
(each sheet as a pipe table → ``sheet``, cut between rows ≤ 2,000 with ``split_part``),
``sliding_window`` (``row_window``), ``page_aware`` (rows packed into ≤ 2,000-character regions →
``sheet_region``) and ``semantic`` (rows grouped by a detected category column → ``semantic_group``).
CSV: ``row`` (= default, ``rows_per_chunk`` rows, 3 by default → ``row_group``), ``sliding_window``
(``row_window``) and ``page_aware`` (``paragraphs_per_page`` rows → ``row_group``).

Windows and groups never cross a table (sheet) boundary. Blocks that are not tables (text that
could not be read as rows) are kept as one unit each, so no text is lost.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from itertools import accumulate, count, repeat
from typing import Any

from .._fast import new_chunk
from ..gcpause import no_cycle_collection
from ..model import CSV, IMAGE, PARAGRAPH, SPREADSHEET, TABLE, Block, Chunk, Document, render_table
from ..provenance import FIRST_KEYS, provenance
from ._common import Draft, add_provenance, image_drafts, image_label, split_at_paragraphs, split_atomic
from .params import ModeParams
from .registry import mode
from .sliding_window import window_starts

MAX_CHARS = 2000


# -- rows ------------------------------------------------------------------------------------


def labels(block: Block) -> list[str]:
    width = max(len(block.header or ()), max(map(len, block.rows), default=0))
    head = list(block.header or ())
    return [
        (head[i].strip() if i < len(head) and str(head[i]).strip() else f"Column {i + 1}")
        for i in range(width)
    ]


def render_row(names: list[str], row: tuple[str, ...]) -> str:
    cells = []
    for name, value in zip(names, row, strict=False):
        v = value if isinstance(value, str) else str(value)
        if not v or v.isspace():
            continue
        if "\n" in v or "\t" in v or "\r" in v or "  " in v or v[0] == " " or v[-1] == " ":
            v = " ".join(v.split())
        cells.append(f"{name}: {v}")
    return " | ".join(cells)


#: Every character ``str.isspace`` accepts but the plain space (a test checks the list).
OTHER_SPACES = "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f\x85\xa0\u1680" + "".join(map(chr, range(0x2000, 0x200B)))
OTHER_SPACES += "\u2028\u2029\u202f\u205f\u3000"
_NEEDLES = (*OTHER_SPACES[:9], "  ")
_OTHER_NEEDLES = tuple(OTHER_SPACES[9:])


def _suspect_rows(out: list[str]) -> list[int]:
    """Indices of rows, rendered from their raw cells and joined by single spaces, where a cell
    may need clean-up: any whitespace but a single inner space shows there as another space
    character or a double space (a cell's trailing space at the end of a row meets the joining
    space; a rendered row begins with its first column's name, never with a space)."""
    big = " ".join(out)
    hits = [len(big) - 1] if big.endswith(" ") else []
    for needle in _NEEDLES if big.isascii() else _NEEDLES + _OTHER_NEEDLES:
        i = big.find(needle)
        while i >= 0:
            hits.append(i)
            i = big.find(needle, i + 1)
    if not hits:
        return []
    ends = list(accumulate(map((1).__add__, map(len, out))))  # offset just past each row's space
    return sorted({bisect_right(ends, i) for i in hits})


class _RowFormats(dict):
    """The ``%`` format of a rendered row, per pattern of non-empty cells (made on first use)."""

    def __init__(self, names: list[str]) -> None:
        super().__init__()
        self.prefixes = [n.replace("%", "%%") + ": %s" for n in names]

    def __missing__(self, filled: tuple[bool, ...]) -> str:
        fmt = self[filled] = " | ".join([p for p, f in zip(self.prefixes, filled, strict=False) if f])
        return fmt


def render_rows(names: list[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """:func:`render_row` of every row: rows are rendered from their raw cells (one ``%`` format
    per row, of the non-empty cells), and only those where a cell may need clean-up are rendered
    again by :func:`render_row`."""
    try:
        "".join(map("".join, rows))
    except TypeError:  # a cell that is not a string
        return [render_row(names, r) for r in rows]
    formats = _RowFormats(names)
    width = len(names)
    full = formats[(True,) * width]
    if set(map(type, rows)) == {tuple} and set(map(len, rows)) == {width}:
        out = [
            full % r if filled else formats[tuple(map(bool, r))] % tuple(filter(None, r))
            for r, filled in zip(rows, map(all, rows), strict=True)
        ]
    else:
        out = [
            full % r
            if len(r) == width and all(r) and type(r) is tuple
            else formats[tuple(map(bool, r[:width]))] % tuple(filter(None, r[:width]))
            for r in rows
        ]
    for i in _suspect_rows(out):
        out[i] = render_row(names, rows[i])
    return out


@dataclass(frozen=True)
class Table:
    """One TABLE block seen as rows; ``text_offset`` maps a row to its line in Document.text."""

    block: Block
    names: list[str]
    rendered: list[str]
    text_offset: int | None
    #: row numbers known and non-decreasing: a run of rows spans its first to its last number
    ascending: bool = False
    #: the provenance keys every sub-block shares (copied from the block's meta)
    first_keys: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, block: Block, *, rows_are_lines: bool = False) -> Table:
        """``rows_are_lines``: the text is the source itself (CSV) and ``row_numbers`` are its
        line numbers, so a run of rows spans from its first row's line to the next row's."""
        names = labels(block)
        offset = None
        if block.lines is not None and not rows_are_lines:
            n_lines = block.lines[1] - block.lines[0] + 1
            n_rows = len(block.rows)
            if n_lines == n_rows + 2:  # a rendered pipe table: header and separator lines
                offset = 2
            elif n_lines == n_rows + (1 if block.header is not None else 0):
                offset = 1 if block.header is not None else 0
        nums = block.row_numbers
        ascending = len(nums) == len(block.rows) and list(nums) == sorted(nums)
        first_keys = {k: block.meta[k] for k in FIRST_KEYS if k in block.meta}
        return cls(block, names, render_rows(names, block.rows), offset, ascending, first_keys)

    def row_number(self, i: int) -> int:
        nums = self.block.row_numbers
        return nums[i] if len(nums) == len(self.block.rows) else i + 1

    def prov(self, indices: Sequence[int]) -> dict[str, Any]:
        """``provenance`` of a sub-block holding rows ``indices`` (ascending), worked out
        directly: its lines, the block's page and extra keys, and the rows' ``row_range``."""
        b = self.block
        if not indices:
            return provenance([b])
        lo, hi = indices[0], indices[-1]
        if hi - lo == len(indices) - 1:  # contiguous
            if self.ascending:
                first, last = b.row_numbers[lo], b.row_numbers[hi]
            elif len(b.row_numbers) == len(b.rows):
                nums = b.row_numbers[lo : hi + 1]
                first, last = min(nums), max(nums)
            else:
                first, last = lo + 1, hi + 1
        else:
            nums = [self.row_number(i) for i in indices]
            first, last = min(nums), max(nums)
        out: dict[str, Any] = {}
        if b.lines is not None:
            if self.text_offset is not None:
                base = b.lines[0] + self.text_offset
                out["source_lines"] = [base + lo, base + hi]
            elif (
                self.ascending
                and b.row_numbers
                and b.lines[0] <= b.row_numbers[0]
                and (b.row_numbers[-1] <= b.lines[1])
            ):
                # CSV: the text is the source and row numbers are its lines; a row ends where the
                # next begins (quoted fields may span lines)
                end = b.row_numbers[hi + 1] - 1 if hi + 1 < len(b.row_numbers) else b.lines[1]
                out["source_lines"] = [b.row_numbers[lo], max(b.row_numbers[hi], end)]
            elif b.lines:
                out["source_lines"] = [b.lines[0], b.lines[1]]
        if b.page is not None:
            out["page_number"] = b.page
        if self.first_keys:
            out.update(self.first_keys)
        if b.meta:
            record = b.meta.get("record_range")
            if record:
                out["record_range"] = [record[0], record[1]]
        out["row_range"] = [first, last]
        return out

    def plain_prov(self) -> bool:
        """Whether :meth:`prov` gives only ``source_lines`` and ``row_range`` beyond the sheet keys
        (no page, record range, or first-block key other than ``sheet_name``/``sheet_index``)."""
        b = self.block
        return (
            b.page is None
            and _SHEET_KEYS.issuperset(self.first_keys)
            and not (b.meta and b.meta.get("record_range"))
        )

    def group_spans(self, starts: Sequence[int], stops: Sequence[int]) -> tuple[list | None, list]:
        """``source_lines`` (None when :meth:`prov` gives none) and ``row_range`` of the
        contiguous row groups ``range(start, stop)``, as :meth:`prov` gives them, for a table
        whose :meth:`plain_prov` holds."""
        b = self.block
        nums = b.row_numbers
        his = [stop - 1 for stop in stops]
        if self.ascending:
            firsts = list(map(nums.__getitem__, starts))
            lasts = list(map(nums.__getitem__, his))
        elif len(nums) == len(b.rows):
            spans = list(map(nums.__getitem__, map(slice, starts, stops)))
            firsts, lasts = list(map(min, spans)), list(map(max, spans))
        else:
            firsts, lasts = [lo + 1 for lo in starts], [hi + 1 for hi in his]
        row_ranges = list(map(_pair, firsts, lasts))
        lines = b.lines
        if lines is None:
            return None, row_ranges
        if self.text_offset is not None:
            base = lines[0] + self.text_offset
            return [[base + lo, base + hi] for lo, hi in zip(starts, his, strict=True)], row_ranges
        if self.ascending and nums and lines[0] <= nums[0] and nums[-1] <= lines[1]:
            # CSV: a group ends on the line before the next row's (quoted fields may span lines)
            ends = [nums[stop] - 1 if stop < len(nums) else lines[1] for stop in stops]
            return [
                [nums[lo], last if last >= end else end]
                for lo, last, end in zip(starts, lasts, ends, strict=True)
            ], row_ranges
        if lines:
            return [[lines[0], lines[1]] for _ in starts], row_ranges
        return None, row_ranges

    def draft(self, content_type: str, indices: Sequence[int], text: str, meta: dict[str, Any]) -> Draft:
        return Draft(content_type, text, [], meta, self.prov(indices))


def _units(doc: Document, params: ModeParams) -> tuple[list[Table | Block], list[Draft]]:
    """Tables with rows, and every other non-blank block (a header-only table kept as its text);
    with ``list_images``, the image chunks that go first (an image block is then no unit)."""
    units: list[Table | Block] = []
    images: list[Draft] = []
    for b in doc.blocks:
        if params.list_images and b.images:
            images += image_drafts(doc, b, {})
            if b.kind == IMAGE:
                continue
        if b.kind == TABLE and b.rows:
            units.append(Table.of(b, rows_are_lines=doc.family == CSV))
        elif b.rows or b.text.strip():
            units.append(b)
        if b.kind == TABLE and b.images and not params.list_images:
            # the pictures set on the sheet: their placeholders after its table, as text
            markers = " ".join(f"[Image: {image_label(doc, n)}]" for n in b.images)
            units.append(Block(PARAGRAPH, markers, lines=b.lines, meta=_sheet_meta(b)))
    return units, images


def _pair(first: int, last: int) -> list[int]:
    return [first, last]


_SHEET_KEYS = frozenset(("sheet_name", "sheet_index"))


def _sheet_meta(block: Block) -> dict[str, Any]:
    """The sheet's name and index, and ``hidden: True`` for a sheet the workbook hides."""
    meta = {k: block.meta[k] for k in ("sheet_name", "sheet_index") if k in block.meta}
    if block.meta.get("hidden"):
        meta["hidden"] = True
    return meta


_OWN = object()  # _finish: the document metadata worked out from the document


def _finish(
    doc: Document, drafts: Sequence[Draft | Chunk], extra: dict[str, Any] | None = None, doc_meta: Any = _OWN
) -> list[Chunk]:
    """The chunks of the drafts, numbered, with ``extra``, the document metadata and provenance
    added; a Chunk among them is already complete (made by its mode with its place's index)."""
    if doc_meta is _OWN:
        doc_meta = dict(doc.metadata) or None
    out = []
    for i, d in enumerate(drafts):
        if d.__class__ is Chunk:
            out.append(d)
            continue
        meta = d.meta  # every draft here has a dict of its own: completed in place
        meta["chunk_index"] = i
        if extra:
            meta.update(extra)
        if doc_meta is not None:
            meta["document_metadata"] = doc_meta
        if d.prov is None:
            add_provenance(meta, d.blocks)
        else:
            meta.update(d.prov)
        out.append(Chunk(d.text, d.content_type, meta))
    return out


def _text_draft(content_type: str, block: Block, meta: dict[str, Any]) -> list[Draft]:
    """A non-table block in a tabular document: kept whole (cut at 2,000 like prose)."""
    from ._common import split_prose

    return [Draft(content_type, p.text, [p], dict(meta)) for p in split_prose(block, MAX_CHARS)]


def _skipped_sheets(doc: Document) -> list[str]:
    listed = doc.metadata.get("skipped_sheets")
    if listed is not None:
        return list(listed)
    return [s.name for s in doc.coverage.skipped_of("sheet")]


#: rows per chunk of the ``row`` modes when ``rows_per_chunk`` is not set
SHEET_ROWS = 1
CSV_ROWS = 3


def _rows_per_chunk(params: ModeParams, default: int) -> int:
    if params.rows_per_chunk is None:
        return default
    return params.require_positive("rows_per_chunk")


def _row_groups(table: Table, size: int) -> list[range]:
    n = len(table.block.rows)
    return [range(i, min(i + size, n)) for i in range(0, n, size)]


def _join(table: Table, indices: Sequence[int]) -> str:
    if isinstance(indices, range) and indices.step == 1:
        return "\n".join(table.rendered[indices.start : indices.stop])
    return "\n".join([table.rendered[i] for i in indices])


# -- spreadsheets ----------------------------------------------------------------------------


@mode("row", families=[SPREADSHEET], reads=("rows_per_chunk",), defaults={"rows_per_chunk": SHEET_ROWS})
def sheet_rows(doc: Document, params: ModeParams) -> list[Chunk]:
    size = _rows_per_chunk(params, SHEET_ROWS)
    units, drafts = _units(doc, params)
    parts: list[Draft | Chunk] = list(drafts)
    skipped = _skipped_sheets(doc)
    doc_meta = dict(doc.metadata) or None
    for unit in units:
        if isinstance(unit, Block):
            parts += _text_draft("row_document", unit, _sheet_meta(unit))
        elif unit.plain_prov():
            parts += _sheet_row_chunks(unit, size, len(parts), skipped, doc_meta)
        else:
            sheet = _sheet_meta(unit.block)
            for group in _row_groups(unit, size):
                meta = sheet | {
                    "row_index": group[0],
                    "header_row": list(unit.names),
                    "col_count": len(unit.names),
                    "rows_per_chunk": size,
                    "actual_row_count": len(group),
                }
                text = unit.rendered[group[0]] if size == 1 else _join(unit, group)
                parts.append(unit.draft("row_document", group, text, meta))
    return _finish(doc, parts, {"skipped_sheets": skipped}, doc_meta)


def _sheet_row_chunks(
    unit: Table, size: int, first_index: int, skipped: list[str], doc_meta: dict[str, Any] | None
) -> list[Chunk]:
    """The row chunks of one table whose provenance is plain (:meth:`Table.plain_prov`), made
    directly with what :func:`_finish` gives a draft's (same keys, same order)."""
    n = len(unit.block.rows)
    starts = range(0, n, size)
    stops = [*range(size, n, size), n]
    lines, row_ranges = unit.group_spans(starts, stops)
    sheet = _sheet_meta(unit.block)
    header_row = list(unit.names)
    col_count = len(header_row)
    metas = [
        {
            **sheet,
            "row_index": start,
            "header_row": header_row,
            "col_count": col_count,
            "rows_per_chunk": size,
            "actual_row_count": stop - start,
            "chunk_index": index,
            "skipped_sheets": skipped,
        }
        for index, start, stop in zip(count(first_index), starts, stops)
    ]
    if doc_meta is not None:
        for meta in metas:
            meta["document_metadata"] = doc_meta
    if lines is not None:
        for meta, span in zip(metas, lines, strict=True):
            meta["source_lines"] = span
    for meta, span in zip(metas, row_ranges, strict=True):
        meta["row_range"] = span
    if size == 1:
        texts = unit.rendered
    else:
        texts = list(map("\n".join, map(unit.rendered.__getitem__, map(slice, starts, stops))))
    return list(map(new_chunk, texts, repeat("row_document"), metas))


def _pipe_parts(unit: Table) -> list[tuple[list[int], str]]:
    """The table as pipe-table parts ≤ 2,000 characters, each with the row indices it holds."""
    b = unit.block
    rows = [tuple(" ".join(str(c).split()) for c in r) for r in b.rows]
    text = render_table(unit.names, rows)
    whole = replace(b, text=text, lines=None, row_numbers=tuple(range(len(rows))), meta={})
    out = []
    for part in split_atomic(whole, MAX_CHARS):
        indices = list(part.row_numbers) if part.row_numbers else list(range(len(rows)))
        out.append((indices, part.text))
    return out


@mode("table", families=[SPREADSHEET], bound=MAX_CHARS)
def sheet_tables(doc: Document, params: ModeParams) -> list[Chunk]:
    units, drafts = _units(doc, params)
    for unit in units:
        if isinstance(unit, Block):
            drafts += _text_draft("table_region", unit, _sheet_meta(unit))
            continue
        where = unit.block.meta.get("table_range")
        for indices, text in _pipe_parts(unit):
            meta = _sheet_meta(unit.block) | {"header_row": list(unit.names), "row_count": len(indices)}
            if where:
                meta["table_range"] = where
            drafts.append(unit.draft("table_region", indices, text, meta))
    return _finish(doc, drafts)


@mode("sheet", families=[SPREADSHEET], bound=MAX_CHARS)
def sheets(doc: Document, params: ModeParams) -> list[Chunk]:
    """Each sheet as pipe tables: one chunk while the sheet's tables fit in 2,000 characters
    together (a blank line between them), else cut between rows with ``split_part``."""
    units, drafts = _units(doc, params)
    i = 0
    while i < len(units):
        unit = units[i]
        if isinstance(unit, Block):
            drafts += _text_draft("sheet", unit, _sheet_meta(unit))
            i += 1
            continue
        sheet = _sheet_meta(unit.block)
        tables = [unit]
        while i + len(tables) < len(units):
            nxt = units[i + len(tables)]
            if isinstance(nxt, Block) or _sheet_meta(nxt.block) != sheet:
                break
            tables.append(nxt)
        i += len(tables)
        parts = [(table, indices, text) for table in tables for indices, text in _pipe_parts(table)]
        joined = "\n\n".join(text for _, _, text in parts)
        if len(parts) > 1 and len(parts) == len(tables) and len(joined) <= MAX_CHARS:
            meta = sheet | {
                "header_row": list(unit.names),
                "row_count": sum(len(indices) for _, indices, _ in parts),
                "table_count": len(parts),
                "split_part": None,
                "split_total": None,
            }
            provs = [table.prov(indices) for table, indices, _ in parts]
            prov = dict(provs[0])
            for key in ("source_lines", "row_range"):
                spans = [p[key] for p in provs if key in p]
                if len(spans) == len(provs):
                    prov[key] = [min(a for a, _ in spans), max(b for _, b in spans)]
            drafts.append(Draft("sheet", joined, [], meta, prov))
            continue
        for n, (table, indices, text) in enumerate(parts, 1):
            meta = sheet | {
                "header_row": list(table.names),
                "row_count": len(indices),
                "split_part": n if len(parts) > 1 else None,
                "split_total": len(parts) if len(parts) > 1 else None,
            }
            drafts.append(table.draft("sheet", indices, text, meta))
    return _finish(doc, drafts)


def _windows(
    units: list[Table | Block], drafts: list[Draft], size: int, overlap: int, csv: bool = False
) -> list[Draft]:
    for unit in units:
        if isinstance(unit, Block):
            drafts += _text_draft("row_window", unit, _sheet_meta(unit))
            continue
        n = len(unit.block.rows)
        for w, start in enumerate(window_starts(n, size, overlap)):
            indices = range(start, min(start + size, n))
            text = _join(unit, indices)
            meta = _sheet_meta(unit.block) | {
                "window_index": w,
                "window_size": size,
                "overlap": overlap,
                "row_count": len(indices),
            }
            if csv:
                meta |= {"col_count": len(unit.names), "header_row": list(unit.names)}
            drafts.append(unit.draft("row_window", indices, text, meta))
    return drafts


@mode("sliding_window", families=[SPREADSHEET], reads=("window_size", "overlap"))
def sheet_windows(doc: Document, params: ModeParams) -> list[Chunk]:
    size, overlap = params.require_window()
    units, drafts = _units(doc, params)
    return _finish(doc, _windows(units, drafts, size, overlap))


@mode("page_aware", families=[SPREADSHEET], bound=MAX_CHARS)
def sheet_regions(doc: Document, params: ModeParams) -> list[Chunk]:
    units, drafts = _units(doc, params)
    for unit in units:
        if isinstance(unit, Block):
            drafts += _text_draft("sheet_region", unit, _sheet_meta(unit))
            continue
        groups = split_at_paragraphs(unit.rendered, MAX_CHARS, sep="\n")
        for n, group in enumerate(groups):
            text = _join(unit, group)
            meta = _sheet_meta(unit.block) | {
                "region_index": n,
                "header_row": list(unit.names),
                "row_count": len(group),
            }
            drafts.append(unit.draft("sheet_region", group, text, meta))
    return _finish(doc, drafts)


def category_column(unit: Table) -> int | None:
    """A column whose values repeat (2+ distinct, at most half the rows, no number-only values),
    preferring the fewest distinct values; ``None`` when no column qualifies."""
    rows = unit.block.rows
    if len(rows) < 4:
        return None
    best: tuple[int, int] | None = None
    for col in range(len(unit.names)):
        values = [str(r[col]).strip() if col < len(r) else "" for r in rows]
        if any(not v for v in values) or all(_numeric(v) for v in values):
            continue
        distinct = len(set(values))
        if 2 <= distinct <= len(rows) // 2 and (best is None or distinct < best[0]):
            best = (distinct, col)
    return None if best is None else best[1]


def _numeric(value: str) -> bool:
    try:
        float(value.replace(",", ""))
    except ValueError:
        return False
    return True


@mode("semantic", families=[SPREADSHEET], bound=MAX_CHARS)
def sheet_groups(doc: Document, params: ModeParams) -> list[Chunk]:
    units, drafts = _units(doc, params)
    group_index = 0
    for unit in units:
        if isinstance(unit, Block):
            drafts += _text_draft("semantic_group", unit, _sheet_meta(unit))
            continue
        col = category_column(unit)
        if col is None:  # fallback: consecutive rows packed to the size cap
            groups = [(None, g) for g in split_at_paragraphs(unit.rendered, MAX_CHARS, sep="\n")]
        else:
            by_value: dict[str, list[int]] = {}
            for i, r in enumerate(unit.block.rows):
                by_value.setdefault(str(r[col]).strip(), []).append(i)
            groups = []
            for value, members in by_value.items():
                texts = [unit.rendered[i] for i in members]
                for piece in split_at_paragraphs(texts, MAX_CHARS, sep="\n"):
                    groups.append((value, [members[j] for j in piece]))
        counts = Counter(v for v, _ in groups)
        avg = round(len(unit.block.rows) / max(1, len(counts) if col is not None else len(groups)), 2)
        for value, members in groups:
            text = _join(unit, members)
            nums = [unit.row_number(i) for i in members]
            meta = _sheet_meta(unit.block) | {
                "category_column": unit.names[col] if col is not None else None,
                "category_value": value,
                "used_fallback": col is None,
                "low_grouping_quality": col is None or avg < 2,
                "avg_group_size": avg,
                "group_index": group_index,
                "start_row": min(nums),
                "end_row": max(nums),
                "row_count": len(members),
            }
            group_index += 1
            drafts.append(unit.draft("semantic_group", members, text, meta))
    return _finish(doc, drafts)


# -- CSV -------------------------------------------------------------------------------------


def _csv_meta(doc: Document, unit: Table) -> dict[str, Any]:
    def find(*keys: str) -> Any:
        for source in (unit.block.meta, doc.metadata):
            for key in keys:
                if key in source:
                    return source[key]
        return None

    has_header = find("has_header")
    return {
        "col_count": len(unit.names),
        "header_row": list(unit.names),
        "has_header": unit.block.header is not None if has_header is None else bool(has_header),
        "delimiter_detected": find("delimiter_detected", "delimiter"),
        "encoding": find("encoding"),
    }


def _csv_groups(doc: Document, params: ModeParams, size: int) -> list[Chunk]:
    with no_cycle_collection():  # rendered rows, metadata and chunks are acyclic
        return _csv_row_groups(doc, params, size)


def _csv_row_groups(doc: Document, params: ModeParams, size: int) -> list[Chunk]:
    units, drafts = _units(doc, params)
    if not drafts and len(units) == 1 and isinstance(units[0], Table):
        chunks = _csv_table_groups(doc, units[0], size)
        if chunks is not None:
            return chunks
    return _finish(doc, drafts + _csv_group_drafts(doc, units, size))


def _csv_group_drafts(doc: Document, units: list[Table | Block], size: int) -> list[Draft]:
    drafts: list[Draft] = []
    for unit in units:
        if isinstance(unit, Block):
            drafts += _text_draft("row_group", unit, {})
            continue
        common = _csv_meta(doc, unit)
        for group in _row_groups(unit, size):
            text = _join(unit, group)
            meta = {"row_start": group[0] + 1, "row_end": group[-1] + 1, "row_count": len(group)} | common
            drafts.append(unit.draft("row_group", group, text, meta))
    return drafts


def _plain_csv_table(unit: Table) -> bool:
    """Whether ``unit`` is a table whose row numbers are its source lines in order (what the CSV
    reader makes), with no page, first-block key or record range: :meth:`Table.prov` then gives
    only ``source_lines`` (a run of rows up to the line before the next row) and ``row_range``."""
    b = unit.block
    nums = b.row_numbers
    return not (
        b.lines is None
        or unit.text_offset is not None
        or not unit.ascending
        or not nums
        or not (b.lines[0] <= nums[0] and nums[-1] <= b.lines[1])
        or b.page is not None
        or unit.first_keys
        or (b.meta and b.meta.get("record_range"))
    )


def _csv_table_groups(doc: Document, unit: Table, size: int) -> list[Chunk] | None:
    """The row groups of a CSV document that is one plain table (:func:`_plain_csv_table`):
    chunks made directly, with the metadata :func:`_finish` gives them (same keys, same order).
    ``None`` for any other table."""
    if not _plain_csv_table(unit):
        return None
    b = unit.block
    nums = b.row_numbers
    n = len(b.rows)
    common = _csv_meta(doc, unit)
    col_count, header_row, has_header = common["col_count"], common["header_row"], common["has_header"]
    delimiter, encoding = common["delimiter_detected"], common["encoding"]
    doc_meta = dict(doc.metadata) or None
    rendered = unit.rendered
    starts = range(0, n, size)
    stops = [*range(size, n, size), n]
    # a group runs from its first row's line to the line before the next group's first row
    ends = [nums[stop] - 1 for stop in stops[:-1]] + [b.lines[1]]
    if size == 1:
        texts = rendered
    else:
        texts = list(map("\n".join, map(rendered.__getitem__, map(slice, starts, stops))))
    metas: list[dict[str, Any]] = []
    for index, (start, stop, end) in enumerate(zip(starts, stops, ends, strict=True)):
        first, last = nums[start], nums[stop - 1]
        meta = {
            "row_start": start + 1,
            "row_end": stop,
            "row_count": stop - start,
            "col_count": col_count,
            "header_row": header_row,
            "has_header": has_header,
            "delimiter_detected": delimiter,
            "encoding": encoding,
            "chunk_index": index,
        }
        if doc_meta is not None:
            meta["document_metadata"] = doc_meta
        meta["source_lines"] = [first, last if last >= end else end]
        meta["row_range"] = [first, last]
        metas.append(meta)
    return list(map(new_chunk, texts, repeat("row_group"), metas))


@mode("row", families=[CSV], reads=("rows_per_chunk",), defaults={"rows_per_chunk": CSV_ROWS})
def csv_rows(doc: Document, params: ModeParams) -> list[Chunk]:
    return _csv_groups(doc, params, _rows_per_chunk(params, CSV_ROWS))


@mode("page_aware", families=[CSV], reads=("paragraphs_per_page",))
def csv_pages(doc: Document, params: ModeParams) -> list[Chunk]:
    return _csv_groups(doc, params, params.require_positive("paragraphs_per_page"))


@mode("sliding_window", families=[CSV], reads=("window_size", "overlap"))
def csv_windows(doc: Document, params: ModeParams) -> list[Chunk]:
    size, overlap = params.require_window()
    with no_cycle_collection():  # rendered rows, metadata and chunks are acyclic
        units, images = _units(doc, params)
        if not images and len(units) == 1 and isinstance(units[0], Table) and _plain_csv_table(units[0]):
            return _csv_table_windows(doc, units[0], size, overlap)
        return _finish(doc, _windows(units, images, size, overlap, csv=True))


def _csv_table_windows(doc: Document, unit: Table, size: int, overlap: int) -> list[Chunk]:
    """The row windows of a CSV document that is one plain table (:func:`_plain_csv_table`),
    made directly with the metadata that :func:`_windows` and :func:`_finish` give them (same
    keys, same order)."""
    b = unit.block
    nums = b.row_numbers
    n = len(b.rows)
    last_line = b.lines[1]
    header_row = list(unit.names)
    col_count = len(header_row)
    doc_meta = dict(doc.metadata) or None
    rendered = unit.rendered
    starts = window_starts(n, size, overlap)
    stops = [start + size if start + size < n else n for start in starts]
    texts = list(map("\n".join, map(rendered.__getitem__, map(slice, starts, stops))))
    metas: list[dict[str, Any]] = []
    for index, (start, stop) in enumerate(zip(starts, stops, strict=True)):
        first, last = nums[start], nums[stop - 1]
        # a window runs from its first row's line to the line before the next row's
        end = nums[stop] - 1 if stop < n else last_line
        meta = {
            "window_index": index,
            "window_size": size,
            "overlap": overlap,
            "row_count": stop - start,
            "col_count": col_count,
            "header_row": header_row,
            "chunk_index": index,
        }
        if doc_meta is not None:
            meta["document_metadata"] = doc_meta
        meta["source_lines"] = [first, last if last >= end else end]
        meta["row_range"] = [first, last]
        metas.append(meta)
    return list(map(new_chunk, texts, repeat("row_window"), metas))
