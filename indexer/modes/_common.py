"""Helpers the chunking modes share: text cutting, sub-blocks, heading paths, images, keywords.

Cutting works on character offsets into a block's text so that every piece keeps exact
provenance: a piece becomes a *sub-block* (``dataclasses.replace`` of the block with the piece's
text, its own line range when the block's text maps line-for-line onto its source lines, and the
table rows / list items it holds). :func:`indexer.provenance.provenance` then works on sub-blocks
exactly as on whole blocks. Sizes are counted in characters (``len`` of ``str``), never bytes.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import chain, product
from typing import Any

from ..model import (
    CODE,
    HEADING,
    HIDDEN,
    IMAGE,
    LIST,
    NOTES,
    PAGE_BREAKS,
    PAGE_END,
    PARAGRAPH,
    TABLE,
    Block,
    Chunk,
    Document,
)
from ..provenance import FIRST_KEYS, RANGE_KEYS, SHARED_KEYS
from .params import ModeParams

Span = tuple[int, int]

# -- cutting text ----------------------------------------------------------------------------

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_WS = re.compile(r"\s")
_TABLE_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{1,}:?\s*(\|\s*:?-{1,}:?\s*)*\|?\s*$")


def line_spans(text: str, start: int = 0, end: int | None = None) -> list[Span]:
    """(start, end) of each line of ``text[start:end]`` (end exclusive, newline excluded)."""
    end = len(text) if end is None else end
    out: list[Span] = []
    pos = start
    while pos <= end:
        nl = text.find("\n", pos, end)
        if nl < 0:
            out.append((pos, end))
            break
        out.append((pos, nl))
        pos = nl + 1
    return out


def sentence_spans(text: str, start: int, end: int) -> list[Span]:
    """Split after ``.``, ``!`` or ``?`` followed by whitespace (the bounding splitter)."""
    out: list[Span] = []
    pos = start
    for m in _SENTENCE_END.finditer(text, start, end):
        out.append((pos, m.start()))
        pos = m.end()
    if pos < end:
        out.append((pos, end))
    return out


def hard_spans(text: str, start: int, end: int, limit: int) -> list[Span]:
    """Cut at the last whitespace within ``limit`` characters, else exactly at ``limit``."""
    out: list[Span] = []
    pos = start
    while end - pos > limit:
        window = text[pos : pos + limit + 1]
        cut = -1
        for m in _WS.finditer(window):
            if m.start() > 0:
                cut = m.start()
        if cut > 0:
            out.append((pos, pos + cut))
            pos += cut
            while pos < end and text[pos].isspace():
                pos += 1
        else:
            out.append((pos, pos + limit))
            pos += limit
    if pos < end:
        out.append((pos, end))
    return out


def prose_spans(text: str, limit: int, start: int = 0, end: int | None = None) -> list[Span]:
    """Atoms no longer than ``limit``: lines, then sentences of long lines, then word cuts."""
    end = len(text) if end is None else end
    out: list[Span] = []
    for ls, le in line_spans(text, start, end):
        if le - ls <= limit:
            out.append((ls, le))
            continue
        for ss, se in sentence_spans(text, ls, le):
            if se - ss <= limit:
                out.append((ss, se))
            else:
                out.extend(hard_spans(text, ss, se, limit))
    return out


def pack(text: str, spans: Sequence[Span], limit: int, overhead: int = 0) -> list[Span]:
    """Greedily join consecutive atoms (with the text between them) while the piece, plus
    ``overhead`` characters, stays within ``limit``; a single atom is never cut. Blank pieces
    are dropped and pieces are trimmed of surrounding whitespace."""
    out: list[Span] = []
    cur: Span | None = None
    for s, e in spans:
        if cur is None:
            cur = (s, e)
        elif e - cur[0] + overhead <= limit:
            cur = (cur[0], e)
        else:
            out.append(cur)
            cur = (s, e)
    if cur is not None:
        out.append(cur)
    return [t for t in (trim(text, s, e) for s, e in out) if t[1] > t[0]]


def trim(text: str, start: int, end: int) -> Span:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


# -- sub-blocks ------------------------------------------------------------------------------


class _LineMap:
    """Maps character offsets of a block's text to source lines, when they correspond: line for
    line; for a code block whose range has two lines more than its text (the fences of a fenced
    block), from the line after the opening fence; for a list whose items run over several
    lines, by the line each item starts on (``item_lines`` in its meta, one per text line: an
    item reaches to the line before the next). A part at the start or the end of the text takes
    the block's first or last line, so the parts of a block cover its range."""

    def __init__(self, block: Block) -> None:
        self.block = block
        self.newlines = [m.start() for m in re.finditer("\n", block.text)]
        lines = block.lines
        extra = lines[1] - lines[0] - len(self.newlines) if lines is not None else -1
        starts = block.meta.get("item_lines") if extra and block.kind == LIST else None
        self.starts = starts if starts and len(starts) == len(self.newlines) + 1 else None
        self.exact = extra == 0 or (extra == 2 and block.kind == CODE) or self.starts is not None
        self.first = lines[0] + (extra == 2) if lines is not None else 0

    def lines(self, start: int, end: int) -> tuple[int, int] | None:
        lines = self.block.lines
        if not self.exact or lines is None:
            return lines
        top = bisect_right(self.newlines, start - 1)  # the text lines the part spans, from 0
        bottom = bisect_right(self.newlines, max(start, end - 1) - 1)
        starts = self.starts
        if starts is not None:
            first = starts[top]
            last = starts[bottom + 1] - 1 if bottom + 1 < len(starts) else lines[1]
        else:
            first, last = self.first + top, self.first + bottom
        return (first if start > 0 else lines[0], last if end < len(self.block.text) else lines[1])


def sub_block(block: Block, text: str, lines: tuple[int, int] | None, **changes: Any) -> Block:
    return replace(block, text=text, lines=lines, **changes)


def paged(block: Block, start: int, end: int) -> dict[str, Any]:
    """The changes that make the part ``[start, end)`` of a block running over page breaks
    (PAGE_BREAKS in its meta) say the pages its own text is on: its first ``page``, and PAGE_END
    with the breaks inside it (offsets from ``start``) while it still spans pages. Nothing for
    a block on one page."""
    breaks = block.meta.get(PAGE_BREAKS) if block.meta else None
    if not breaks:
        return {}
    first = last = block.page
    inside = []
    for offset, page in breaks:
        if offset <= start:
            first = page
        elif offset < end:
            last = page
            inside.append((offset - start, page))
    if first is not None and last is not None and last < first:
        last = first
    meta = {k: v for k, v in block.meta.items() if k not in (PAGE_END, PAGE_BREAKS)}
    if inside:
        meta[PAGE_END] = last
        meta[PAGE_BREAKS] = tuple(inside)
    return {"page": first, "meta": meta}


def split_prose(block: Block, limit: int) -> list[Block]:
    """A paragraph (or heading) cut to ``limit``: at lines, then sentences, then a word."""
    if len(block.text) <= limit:
        return [block]
    text = block.text
    lm = _LineMap(block)
    return [
        sub_block(block, text[s:e], lm.lines(s, e), **paged(block, s, e))
        for s, e in pack(text, prose_spans(text, limit), limit)
    ]


def split_atomic(block: Block, limit: int) -> list[Block]:
    """A table, list or code block cut between rows, items or lines (never inside one row or
    code line; an over-long list item is prose and is cut at sentences). Table parts repeat the
    header and separator lines."""
    text = block.text
    if len(text) <= limit:
        return [block]
    lm = _LineMap(block)
    lines = line_spans(text)
    if block.kind == TABLE:
        head: list[Span] = []
        if len(lines) >= 2 and _TABLE_SEPARATOR.match(text[lines[1][0] : lines[1][1]]):
            head, lines = lines[:2], lines[2:]
        head_text = "\n".join(text[s:e] for s, e in head)
        overhead = len(head_text) + 1 if head else 0
        parts = pack(text, lines, limit, overhead)
        starts = [ls for ls, _ in lines]
        rows_known = bool(block.rows) and len(block.rows) == len(lines)
        nums_known = rows_known and len(block.row_numbers) == len(block.rows)
        out = []
        for i, (s, e) in enumerate(parts):
            first = bisect_right(starts, s) - 1
            last = bisect_right(starts, e - 1) - 1
            changes: dict[str, Any] = paged(block, s, e)
            if rows_known:
                changes["rows"] = block.rows[first : last + 1]
            if nums_known:
                nums = block.row_numbers[first : last + 1]
                changes["row_numbers"] = nums
                changes["meta"] = dict(changes.get("meta", block.meta)) | {
                    "row_range": [min(nums), max(nums)]
                }
            piece = text[s:e]
            src = lm.lines(head[0][0] if (head and i == 0) else s, e)
            out.append(sub_block(block, (head_text + "\n" + piece) if head else piece, src, **changes))
        return out
    if block.kind == LIST:
        atoms: list[Span] = []
        for s, e in lines:
            atoms.extend([(s, e)] if e - s <= limit else prose_spans(text, limit, s, e))
        # the item on each line: the items a line each, or those with text (the empty items of a
        # web page's or a Markdown text's list are on none: they go with the line before them)
        on_line: Sequence[int] = range(len(block.items))
        if len(on_line) != len(lines):
            on_line = [i for i, item in enumerate(block.items) if item.text]
        items_known = len(on_line) == len(lines)
        starts = [ls for ls, _ in lines]
        out = []
        for s, e in pack(text, atoms, limit):
            changes = {}
            if items_known:
                first = bisect_right(starts, s) - 1
                last = bisect_right(starts, e - 1) - 1
                end = on_line[last + 1] if last + 1 < len(on_line) else len(block.items)
                changes["items"] = block.items[on_line[first] if first else 0 : end]
            changes.update(paged(block, s, e))
            out.append(sub_block(block, text[s:e], lm.lines(s, e), **changes))
        return out
    # code: whole lines only; keep indentation (no trimming of the first line's leading spaces)
    out = []
    for s, e in pack(text, lines, limit):
        s = text.rfind("\n", 0, s) + 1  # keep the first line's indentation
        out.append(sub_block(block, text[s:e], lm.lines(s, e)))
    return out


def split_block(block: Block, limit: int) -> list[Block]:
    return split_atomic(block, limit) if block.is_atomic else split_prose(block, limit)


def split_at_paragraphs(parts: Sequence[str], limit: int, sep: str = "\n\n") -> list[list[int]]:
    """Group consecutive parts (indices) so that each group joined by ``sep`` stays ≤ ``limit``;
    a part longer than ``limit`` is a group of its own."""
    groups: list[list[int]] = []
    size = 0
    for i, part in enumerate(parts):
        if groups and size + len(sep) + len(part) <= limit:
            groups[-1].append(i)
            size += len(sep) + len(part)
        else:
            groups.append([i])
            size = len(part)
    return groups


# -- headings --------------------------------------------------------------------------------


class HeadingPath:
    """The chain of enclosing headings while walking a document."""

    def __init__(self) -> None:
        self._path: list[tuple[int, str]] = []

    def enter(self, block: Block) -> None:
        level = block.level or 1
        while self._path and self._path[-1][0] >= level:
            self._path.pop()
        self._path.append((level, block.text.strip()))

    def __bool__(self) -> bool:
        return bool(self._path)

    def clear(self) -> None:
        """Drop every heading: for a block outside them (``NO_HEADING in block.meta``), once the
        caller has closed what it had open under them."""
        self._path = []

    @property
    def heading(self) -> str | None:
        return self._path[-1][1] if self._path else None

    @property
    def level(self) -> int | None:
        return self._path[-1][0] if self._path else None

    @property
    def parent(self) -> str | None:
        return self._path[-2][1] if len(self._path) > 1 else None

    @property
    def path(self) -> list[str]:
        return [t for _, t in self._path]


# -- drafts → chunks -------------------------------------------------------------------------


@dataclass
class Draft:
    """A chunk under construction: its content type, text, the (sub-)blocks it covers and any
    mode-specific metadata. :meth:`chunk` adds provenance and the document metadata."""

    content_type: str
    text: str
    blocks: list[Block]
    meta: dict[str, Any] = field(default_factory=dict)
    #: provenance already worked out by the mode (then ``blocks`` is not read)
    prov: dict[str, Any] | None = None

    def chunk(self, document_metadata: dict[str, Any] | None) -> Chunk:
        meta = dict(self.meta)
        if document_metadata is not None:
            meta["document_metadata"] = document_metadata
        if self.prov is None:
            add_provenance(meta, self.blocks)
        else:
            meta.update(self.prov)
        return Chunk(self.text, self.content_type, meta)


_PROVENANCE_KEYS = frozenset((*FIRST_KEYS, *RANGE_KEYS, *SHARED_KEYS, NOTES, PAGE_END, HIDDEN))


def add_provenance(meta: dict[str, Any], blocks: list[Block]) -> None:
    """``meta.update(_provenance(blocks))``, written straight into ``meta``: the lines and pages
    in one pass, and the extra keys (e-mail, sheet, slide, record ranges …) looked for only
    among the keys the blocks have."""
    if len(blocks) == 1:  # most chunks: what the loop below gives for one block
        b = blocks[0]
        lines = b.lines
        if lines:
            meta["source_lines"] = [lines[0], lines[1]]
        if b.page is not None:
            meta["page_number"] = b.page
        extra = b.meta
        if not extra or _PROVENANCE_KEYS.isdisjoint(extra):
            return
        if extra.get(PAGE_END) is not None:
            meta["page_end"] = extra[PAGE_END]
        for key in FIRST_KEYS:
            if key in extra:
                meta[key] = extra[key]
        for key in RANGE_KEYS:
            span = extra.get(key)
            if span:
                meta[key] = [span[0], span[1]]
        if extra.get(HIDDEN) is True:
            meta[HIDDEN] = True
        if extra.get(NOTES):
            meta["speaker_notes"] = True
        for key in SHARED_KEYS:
            if extra.get(key) is not None:
                meta[key] = extra[key]
        return
    first_line = last_line = first_page = last_page = None
    metas = []
    for b in blocks:
        span = b.lines
        if span:
            if first_line is None:
                first_line, last_line = span
            else:
                if span[0] < first_line:
                    first_line = span[0]
                if span[1] > last_line:
                    last_line = span[1]
        page = b.page
        if page is not None:
            if first_page is None:
                first_page = last_page = page
            elif page > last_page:
                last_page = page
            if b.meta and (end := b.meta.get(PAGE_END)) is not None and end > last_page:
                last_page = end
        if b.meta:
            metas.append(b.meta)
    if first_line is not None:
        meta["source_lines"] = [first_line, last_line]
    if first_page is not None:
        meta["page_number"] = first_page
        if last_page != first_page:
            meta["page_end"] = last_page
    if not metas:
        return
    keys = _PROVENANCE_KEYS.intersection(chain.from_iterable(metas))
    if not keys:
        return
    for key in FIRST_KEYS:
        if key in keys:
            for m in metas:
                if key in m:
                    meta[key] = m[key]
                    break
    for key in RANGE_KEYS:
        if key in keys:
            spans = [m[key] for m in metas if m.get(key)]
            if spans:
                meta[key] = [min(s[0] for s in spans), max(s[1] for s in spans)]
    if HIDDEN in keys and blocks[0].meta and blocks[0].meta.get(HIDDEN) is True:
        meta[HIDDEN] = True
    if NOTES in keys and len(metas) == len(blocks) and all(m.get(NOTES) for m in metas):
        meta["speaker_notes"] = True
    for key in SHARED_KEYS:
        if key in keys and len(metas) == len(blocks):
            values = {m.get(key) for m in metas}
            if len(values) == 1 and None not in values:
                meta[key] = values.pop()


def _provenance(blocks: list[Block]) -> dict[str, Any]:
    """:func:`indexer.provenance.provenance`, by :func:`add_provenance` (the same result, tested)."""
    out: dict[str, Any] = {}
    add_provenance(out, blocks)
    return out


def doc_metadata(doc: Document, derived: bool = False) -> dict[str, Any]:
    meta = dict(doc.metadata)
    if derived:
        meta["total_input_blocks"] = len(doc.blocks)
    return meta


def finish(drafts: Iterable[Draft], doc_meta: dict[str, Any] | None, index: bool = True) -> list[Chunk]:
    out = []
    for i, d in enumerate(drafts):
        if index:
            d.meta["chunk_index"] = i
        out.append(d.chunk(doc_meta))
    return out


# -- family B: the mode replaces everything (SPEC §2) ------------------------------------------

#: Word-processor and slide formats: every derived mode emits only its own content type.
FAMILY_B_SOURCES = frozenset({"docx", "doc", "pptx", "ppt"})


def replaces_structure(doc: Document) -> bool:
    return doc.source_type in FAMILY_B_SOURCES


def flatten(drafts: list[Draft], name: str, bound: int | None) -> list[Draft]:
    """Family B: a heading goes on top of the chunk that follows it (when the two fit in
    ``bound``), and every chunk takes the mode's own content type. Extracted image chunks stay
    ``image``."""
    out: list[Draft] = []
    pending: Draft | None = None

    def fits(a: Draft, b: Draft) -> bool:
        return bound is None or len(a.text) + 2 + len(b.text) <= bound

    for d in drafts:
        if "image_name" in d.meta:
            out.append(d)
            continue
        if d.content_type == "heading":
            if pending is not None and fits(pending, d):
                pending = Draft(name, pending.text + "\n\n" + d.text, pending.blocks + d.blocks, d.meta)
            else:
                if pending is not None:
                    out.append(Draft(name, pending.text, pending.blocks, pending.meta))
                pending = d
            continue
        if pending is not None and fits(pending, d):
            meta = dict(d.meta)
            if "char_count" in meta:
                meta["char_count"] = len(pending.text) + 2 + len(d.text)
            if "block_types" in meta:
                meta["block_types"] = list(dict.fromkeys(["heading", *meta["block_types"]]))
            if "merge_reasons" in meta:
                meta["merge_reasons"] = list(dict.fromkeys(["heading_merge", *meta["merge_reasons"]]))
                if meta.get("primary_merge_reason") == "initial":
                    meta["primary_merge_reason"] = "heading_merge"
            d = Draft(name, pending.text + "\n\n" + d.text, pending.blocks + d.blocks, meta)
        elif pending is not None:
            out.append(Draft(name, pending.text, pending.blocks, pending.meta))
        pending = None
        out.append(Draft(name, d.text, d.blocks, d.meta))
    if pending is not None:
        out.append(Draft(name, pending.text, pending.blocks, pending.meta))
    return out


# -- images ----------------------------------------------------------------------------------

IMAGE_MARKER = re.compile(r"\[Image:[^\]\n]*\]")


def image_label(doc: Document, name: str) -> str:
    image = doc.image(name)
    return (image.alt if image and image.alt else None) or name


def with_markers(doc: Document, block: Block) -> str:
    """The block's text carrying an ``[Image: alt]`` marker for each of its images."""
    if block.kind == IMAGE:
        if block.text:
            return block.text
        return f"[Image: {block.alt or (image_label(doc, block.images[0]) if block.images else '')}]"
    text = block.text
    if block.images and not IMAGE_MARKER.search(text):
        markers = " ".join(f"[Image: {image_label(doc, n)}]" for n in block.images)
        text = f"{text} {markers}" if text else markers
    return text


def without_markers(text: str) -> str:
    lines = [" ".join(IMAGE_MARKER.sub(" ", line).split()) for line in text.split("\n")]
    return "\n".join(line for line in lines if line)


def has_images(block: Block) -> bool:
    return block.kind == IMAGE or bool(block.images)


def image_drafts(doc: Document, block: Block, extra: dict[str, Any]) -> list[Draft]:
    """With ``list_images``: one extraction chunk per image of the block. An image block's own
    alt text comes first: identical pictures are stored once, with the alt text of the first
    place that shows them, and each place keeps its own."""
    out = []
    own = block.alt if block.kind == IMAGE else None
    for name in block.images:
        image = doc.image(name)
        stored = image.alt if image else None
        alt = own if own else stored or own
        meta = {"image_name": name, "alt_text": alt} | extra
        out.append(Draft("image", name, [block], meta))
    return out


def prepare_images(doc: Document, params: ModeParams) -> tuple[list[Block], list[Draft]]:
    """Blocks for a derived mode, and (with ``list_images``) the image chunks that go first.

    Without ``list_images`` image blocks become paragraphs carrying ``[Image: alt]`` markers.
    With it, each image becomes an extraction chunk; an image block whose image was not
    extracted keeps its marker, and a paragraph keeps its own text with the markers removed."""
    blocks: list[Block] = []
    images: list[Draft] = []
    for block in doc.blocks:
        if not has_images(block):
            blocks.append(block)
            continue
        if params.list_images and block.images:
            images.extend(image_drafts(doc, block, {}))
            if block.kind != IMAGE:
                rest = without_markers(block.text)
                if rest:
                    blocks.append(replace(block, text=rest, images=()))
            continue
        kind = PARAGRAPH if block.kind == IMAGE else block.kind
        blocks.append(replace(block, kind=kind, text=with_markers(doc, block)))
    return [b for b in blocks if b.text.strip()], images


# -- keywords (semantic) ---------------------------------------------------------------------

_STOPWORD_TEXT = """the and for are was were this that with from have been will they their which about into
more also when than those these each such some can all any but not its has had you your our use used
using may must should would could both over after then there here only just even very well now new way
get set let run see per via etc one two three four five first last next same other while where how what
who them does done being because through between under within without upon onto most many much like"""
STOPWORDS = frozenset(_STOPWORD_TEXT.split())
_KEYWORD = re.compile(r"[a-z0-9]{4,}")


def keywords(text: str) -> set[str]:
    """Lower-cased runs of four or more ASCII letters/digits, minus stopwords."""
    return set(_KEYWORD.findall(text.lower())) - STOPWORDS


#: bytes.translate table: ASCII letters and digits kept, every other byte a space
_KEEP_ALNUM = bytes(c if (97 <= c <= 122 or 48 <= c <= 57) else 32 for c in range(256))


@cache
def not_keywords() -> frozenset[bytes]:
    """Every run of one to three ASCII letters/digits, and the stopwords: what is not a keyword.
    About 48,000 entries, so made on first use rather than when the modes are imported."""
    alnum = b"abcdefghijklmnopqrstuvwxyz0123456789"
    short = chain.from_iterable(product(alnum, repeat=n) for n in (1, 2, 3))
    return frozenset(map(bytes, short)) | frozenset(w.encode() for w in STOPWORDS)


def keyword_bytes(text: str) -> set[bytes]:
    """:func:`keywords` as ASCII bytes, done without a regular expression: after lower-casing
    every character but an ASCII letter or digit becomes a space (a non-ASCII one via ``?``),
    the runs are split off and those shorter than four or stopwords dropped, all in C."""
    runs = text.lower().encode("ascii", "replace").translate(_KEEP_ALNUM).split()
    return set(runs).difference(not_keywords())


# -- sentences (sentence mode) ---------------------------------------------------------------

ABBREVIATIONS = frozenset(
    [
        "mr",
        "mrs",
        "ms",
        "dr",
        "prof",
        "sr",
        "jr",
        "vs",
        "etc",
        "approx",
        "est",
        "st",
        "no",
        "fig",
        "e.g",
        "i.e",
    ]
)
NUMBERED_MARKERS = (
    "figure",
    "fig",
    "table",
    "section",
    "chapter",
    "step",
    "page",
    "item",
    "no",
    "eq",
    "equation",
)


def _boundary_pattern() -> re.Pattern[str]:
    """One regular expression for a sentence boundary, its exceptions as fixed-width
    look-behinds (grouped by width, as ``re`` requires): a title abbreviation, a numbered marker
    ("Figure 12") or a single capital (initials) right before the dot."""
    by_width: dict[int, list[str]] = {}
    for word in ABBREVIATIONS:
        by_width.setdefault(len(word) + 1, []).append(r"\b(?i:" + re.escape(word) + r")\.")
    for word in NUMBERED_MARKERS:
        for digits in (1, 2, 3):
            by_width.setdefault(len(word) + 2 + digits, []).append(
                r"\b(?i:" + word + r")\s" + r"\d" * digits + r"\."
            )
    exceptions = "".join(f"(?<!{'|'.join(alts)})" for _, alts in sorted(by_width.items()))
    # the dot is matched first, so the look-behinds run only at dots
    dot = rf"\.(?<![.!?]\.)(?<!\b[A-Z]\.){exceptions}"
    return re.compile(rf"(?:[!?]|{dot})[.!?]*[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])")


def _dot_pattern() -> re.Pattern[str]:
    """The dot branch of :data:`_BOUNDARY` alone: matched at a dot, it tells whether that dot
    may end a sentence (its look-behinds see the text before the position)."""
    pattern = _BOUNDARY.pattern
    return re.compile(pattern[pattern.index("\\.(?<!") : pattern.index(")[.!?]*[")])


_BOUNDARY = _boundary_pattern()
_DOT_ENDS = _dot_pattern()
#: where a sentence boundary may be: sentence punctuation, closing quotes, whitespace, a capital
_CANDIDATE = re.compile(r"[.!?]+[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])")


def boundary_ends(text: str) -> list[int]:
    """``[m.end() for m in _BOUNDARY.finditer(text)]``, faster: a simple pattern finds the
    candidates (a run of punctuation, quotes, whitespace, a capital) and the exceptions are
    tested only at a candidate whose run starts with a dot. A run whose first dot is an
    exception still ends a sentence when a ``!`` or ``?`` follows in it, as in the full pattern
    (a later dot is preceded by punctuation and never starts a boundary)."""
    out: list[int] = []
    search = _CANDIDATE.search
    dot_ends = _DOT_ENDS.match
    m = search(text)
    while m is not None:
        start, end = m.span()
        if text[start] != "." or dot_ends(text, start) is not None:
            out.append(end)
        else:
            run = text[start:end]
            if "!" in run or "?" in run:
                out.append(end)
        m = search(text, end)
    return out


def split_sentences(text: str) -> list[str]:
    """Sentences of a paragraph: a boundary is ``.``/``?``/``!`` then whitespace then a capital
    (or digit), except after a title abbreviation (Dr., Mr., vs., etc. …), a numbered marker
    ("Figure 1.") or initials ("J.K."). Whitespace inside a sentence is collapsed."""
    out: list[str] = []
    pos = 0
    for end in boundary_ends(text):
        sentence = " ".join(text[pos:end].split())
        if sentence:
            out.append(sentence)
        pos = end
    rest = " ".join(text[pos:].split())
    if rest:
        out.append(rest)
    return out


__all__ = [
    "CODE",
    "HEADING",
    "IMAGE",
    "LIST",
    "PARAGRAPH",
    "TABLE",
    "Draft",
    "HeadingPath",
    "doc_metadata",
    "finish",
    "keywords",
    "prepare_images",
    "split_block",
    "split_sentences",
]
