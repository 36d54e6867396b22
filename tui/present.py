"""Pure helpers that turn chunks into what the screens show: labels, statistics, alignment, spans.

No Textual here, so these are tested directly. A *chunk* is anything with ``ordinal``,
``content``, ``content_type`` and ``metadata`` (the store's ``ChunkRow``).
"""

from __future__ import annotations

import datetime as dt
import re
import statistics
from array import array
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from rich.cells import cell_len, get_character_cell_size, set_cell_size
from rich.text import Text

SPARK = "▁▂▃▄▅▆▇█"

#: Control characters as visible stand-ins, one character for one (offsets into a line hold): the C0
#: ones but tab and newline as their Unicode control pictures (``␛`` for ESC), DEL as ``␡``, the C1
#: ones (U+0080–U+009F) as ``�``. Written to the terminal as they are, ESC and CSI (U+009B) begin
#: escape sequences: a log file's colour codes coloured the panes, ``ESC [2J`` cleared the screen,
#: an OSC retitled the terminal; a carriage return or form feed moved the cursor off its line.
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_PICTURES = str.maketrans(
    {
        **{c: 0x2400 + c for c in range(0x20) if c not in (0x09, 0x0A)},
        0x7F: 0x2421,
        **dict.fromkeys(range(0x80, 0xA0), 0xFFFD),
    }
)


def printable(text: str) -> str:
    """``text`` as it can be written to a terminal: its control characters (but tab and newline)
    replaced by visible stand-ins (:data:`_PICTURES`), each by one character."""
    return text.translate(_PICTURES) if _CONTROLS.search(text) else text


def printable_text(text: Text) -> Text:
    """A Rich ``Text`` with :func:`printable` characters, its styles where they were."""
    plain = text.plain
    if not _CONTROLS.search(plain):
        return text
    out = text.copy()
    out.plain = plain.translate(_PICTURES)
    return out


class ChunkLike(Protocol):
    ordinal: int
    content: str
    content_type: str
    metadata: dict[str, Any]


def counted(n: int, noun: str) -> str:
    """``1 chunk``, ``2 chunks``, ``1,204 chunks``: a count with its noun, plural unless one."""
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {noun}s"


def millis(ms: float) -> str:
    """A timing in milliseconds as the UI writes figures: ``41 ms``, ``4,261 ms``."""
    return f"{ms:,.0f} ms"


def took(seconds: float) -> str:
    """A duration as the UI writes it: in milliseconds under ten seconds (``4,261 ms``), else in
    seconds to a tenth (``12.5 s``, ``1,204.0 s``)."""
    return millis(seconds * 1000) if seconds < 10 else f"{seconds:,.1f} s"


def progress_note(done: int, total: int, elapsed: float, *, size: str = "", rate: bool = True) -> str:
    """The figures of a run of the indexer so far, as the app's progress line and the CLI's
    ``index`` bar write them: ``812/1,284 · 34 files/s · ETA 0:14`` (the rate and the time left
    from the files done in ``elapsed`` seconds; no time left before one is done). ``size`` (the
    bytes read of the bytes to read, ``53 B/1.5 KB``) comes after the files; without ``rate`` the
    files a second are left out (a line short of room), the time left still told from them."""
    speed = done / elapsed if elapsed > 0 else 0.0
    parts = [f"{done:,}/{total:,}"] + ([size] if size else []) + ([f"{speed:,.0f} files/s"] if rate else [])
    if speed > 0:
        eta = int((total - done) / speed)
        parts.append(f"ETA {eta // 60}:{eta % 60:02d}")
    return " · ".join(parts)


def fitted_progress_note(done: int, total: int, elapsed: float, *, size: str, room: int | None) -> str:
    """:func:`progress_note` in ``room`` cells where it can be: with the sizes, else without them,
    else without the files a second too (the app's progress line and the CLI's ``index`` bar leave
    out the same figures first); all of it when ``room`` is None (a line not laid out yet)."""
    for shorter in ({"size": size}, {}, {"rate": False}):
        note = progress_note(done, total, elapsed, **shorter)
        if room is None or len(note) <= room:
            break
    return note


def batch_coalesced(events: int, changes: int) -> bool:
    """Whether the CLI's ``watch`` and the app's log write a line for a batch of the watcher's
    events: when it coalesced some (more events than changes); a batch of as many changes as
    events says nothing the lines of its changes do not."""
    return events > changes


def batch_words(events: int, changes: int) -> str:
    """What a batch of the watcher's events came to, as the CLI's ``watch`` and the app's log say
    it: ``5 events, 2 changes``; ``290 events, index already up to date`` when none of them asked
    anything more of the index (a folder's files indexed with the folder and reported after it,
    moves its rename had made, a folder's listing)."""
    if not changes:
        return f"{counted(events, 'event')}, index already up to date"
    return f"{counted(events, 'event')}, {counted(changes, 'change')}"


def when(ts: float | None, *, seconds: bool = False) -> str:
    """A stored time in UTC, to the minute (``2026-01-01 00:01 UTC``) or the second; ``never``
    for none."""
    if not ts:
        return "never"
    shape = "%Y-%m-%d %H:%M:%S UTC" if seconds else "%Y-%m-%d %H:%M UTC"
    return dt.datetime.fromtimestamp(ts, tz=dt.UTC).strftime(shape)


def human_bytes(n: int | None) -> str:
    if n is None:
        return "?"
    if n < 1024:
        return f"{n} B"
    for unit in ("KB", "MB", "GB"):
        n /= 1024
        if n < 1024 or unit == "GB":
            return f"{n:.1f} {unit}" if n < 10 else f"{n:,.0f} {unit}"
    return f"{n} B"  # pragma: no cover


def where(meta: dict[str, Any]) -> str:
    """Provenance in a few words (:func:`where_parts` joined): ``p.3 · lines 4–19``, ``msg 2``,
    ``Sheet1 rows 2–9``, ``slide 4``, ``slide 4 · speaker notes`` (a slide's page number, the
    slide's, is not said twice), ``msg 1 · report.pdf · p.2`` (a page of the PDF attached to the
    message, not of the message)."""
    return " · ".join(where_parts(meta))


def where_parts(meta: dict[str, Any]) -> list[str]:
    """The parts of :func:`where`, the coarsest first (message, attachment, sheet, slide, page,
    then the lines)."""
    parts: list[str] = []
    if meta.get("message_index") is not None:
        parts.append(f"msg {meta['message_index']}")
    if meta.get("attachment"):
        page = meta.get("attachment_page")
        parts.append(printable(str(meta["attachment"])) + (f" p.{page}" if page is not None else ""))
    rows = _span_words(meta.get("row_range"), "row")
    if meta.get("sheet_name") is not None:
        sheet = printable(str(meta["sheet_name"]))
        parts.append(f"{sheet} {rows}" if rows else sheet)
    elif rows:
        parts.append(rows)
    if meta.get("slide_number") is not None:
        parts.append(f"slide {meta['slide_number']}")
    if meta.get("speaker_notes"):
        parts.append("speaker notes")
    if meta.get("page_number") is not None and meta["page_number"] != meta.get("slide_number"):
        end = meta.get("page_end")
        parts.append(f"p.{meta['page_number']}" + (f"–{end}" if end and end != meta["page_number"] else ""))
    lines = _span_words(meta.get("source_lines"), "line")
    if lines:
        parts.append(lines)
    return parts


def hit_place(ordinal: int, content_type: str, places: Sequence[str]) -> str:
    """A search hit's chunk and its place, as the search dialog and ``chunkscope search`` write it
    after the hit's path: ``#1 heading · p.1 · lines 3–5``, ``places`` being :func:`where_parts`
    of its metadata (or the first of them, where the width leaves no room for the rest)."""
    return " · ".join([f"#{ordinal} {content_type}", *places])


def _span_words(span: Any, noun: str) -> str:
    """``lines 4–19``, ``line 7`` for a span of one (``rows 5–5`` read as a count); none: ''."""
    if not span:
        return ""
    a, b = span
    return f"{noun} {a}" if a == b else f"{noun}s {a}–{b}"


def chunk_title(chunk: ChunkLike, width: int = 0) -> str:
    """``#4 heading · p.1 · lines 4–19 · 1,104 ch`` (sizes in characters, as the contract counts).

    In ``width`` cells (any when 0): the provenance's parts are left out from the finest (the
    lines) while the title is longer, then the content type is shortened (``…``); the ordinal and
    the size stay whole, never cut short into another number."""
    head = f"#{chunk.ordinal} {chunk.content_type}"
    places = where_parts(chunk.metadata)
    size = f"{len(chunk.content):,} ch"

    def title() -> str:
        return " · ".join([head, *places, size])

    while width and places and cell_len(title()) > width:
        places.pop()
    if width and cell_len(title()) > width:
        room = width - cell_len(size) - 3  # the head, then " · " and the size
        ordinal = f"#{chunk.ordinal}"
        head = _head(head, room - 1) + "…" if room - 1 > len(ordinal) else ordinal
    return title()


def shorten_name(name: str, room: int) -> str:
    """A file name in at most ``room`` cells: ``…`` in its middle when it is longer, keeping its
    start, its extension and a third of the rest of the room for the end of its stem (where dates
    and versions tell sibling files apart); too little room for that keeps only the start."""
    cut = name_cut(name, room)
    if cut is None:
        return name
    head, end = cut
    return name[:head] + "…" + name[len(name) - end :]


def name_cut(name: str, room: int) -> tuple[int, int] | None:
    """How :func:`shorten_name` cuts ``name``: the characters kept at its start and at its end
    (``…`` between them); None when it fits."""
    if cell_len(name) <= room:
        return None
    if room < 2:
        return 0, 0
    _, dot, ext = name.rpartition(".")
    ext = dot + ext if dot and 0 < len(ext) <= 8 and len(ext) < len(name) - 1 else ""
    stem = name[: len(name) - len(ext)]
    keep = room - 1
    rest = keep - cell_len(ext)
    if rest < 3:
        return len(_head(name, keep)), 0
    end = len(_head(stem[::-1], rest // 3)) + len(ext)
    return len(_head(name, keep - cell_len(name[len(name) - end :]))), end


def fit_title(
    name: str, details: Sequence[str], width: int, optional: Sequence[int] = (), least: int = 16
) -> tuple[str, list[str]]:
    """A title ``name · detail · …`` in ``width`` cells (any width when 0): the details at the
    indices ``optional`` are left out, in that order, while the name would get fewer than
    ``least`` cells; then the name is shortened in its middle (:func:`shorten_name`, its extension
    kept). The name and the details shown."""
    shown = list(range(len(details)))

    def room() -> int:
        return width - sum(cell_len(details[i]) + 3 for i in shown)

    if not width:
        return name, list(details)
    for index in optional:
        if room() >= min(cell_len(name), least):
            break
        shown.remove(index)
    return shorten_name(name, max(room(), 1)), [details[i] for i in shown]


def _head(text: str, width: int) -> str:
    """The start of ``text`` in at most ``width`` cells (a wide character is not split)."""
    if width <= 0:
        return ""
    end = _fitting(text, width)  # at least one character, which may not fit alone
    return text[:end] if end > 1 or _cells(text[:end]) <= width else ""


def tail(text: str, width: int) -> str:
    """The end of ``text`` in at most ``width`` cells (a wide character is not split)."""
    return _head(text[::-1], width)[::-1]


#: A Markdown table's delimiter row (``| --- | :-: |``): it says nothing in a two-line preview.
_TABLE_RULE = re.compile(r"\|?(?:\s*:?-{3,}:?\s*\|)+\s*(?::?-{3,}:?\s*)?")


def _source_lines(content: str, room: int):
    """The lines of ``content``, whitespace collapsed, blank ones and a table's delimiter row left
    out; each read only as far as ``room`` characters (a chunk can be one 80,000-character line),
    with whether it went on."""
    start = 0
    while start < len(content):
        end = content.find("\n", start)
        if end < 0:
            end = len(content)
        piece = content[start : min(end, start + room)]
        text = printable(" ".join(piece.split()))  # the controls that are not whitespace
        if text and not _TABLE_RULE.fullmatch(text):
            yield text, end - start > room
        start = end + 1


def preview(content: str, width: int, lines: int) -> list[str]:
    """The start of ``content`` in ``lines`` lines of ``width``, each of its own lines starting a
    new one (so list items read as such), whitespace collapsed; a table row takes one line, cut
    rather than wrapped (the header, then the first row: chunks of one table repeat the header),
    and a table's delimiter row is left out; ``…`` marks that more follows."""
    width = max(width, 8)
    out: list[str] = []
    more = False
    for text, cut_short in _source_lines(content, (width + 1) * lines + 8):
        if len(out) == lines:
            more = True
            break
        if text.startswith("|") and _cells(text) > width:
            out.append(_head(text, width - 1) + "…")
            continue
        while text:
            if len(out) == lines:
                more = True
                break
            end = _fitting(text, width)  # characters, in cells (a wide character takes two)
            if end >= len(text):
                out.append(text)
                text = ""
                break
            cut = text.rfind(" ", 0, end + 1)
            if cut <= end // 2:
                cut = end
            out.append(text[:cut].rstrip())
            text = text[cut:].lstrip()
        more = more or cut_short
    if more and out and not out[-1].endswith("…"):
        last = out[-1]
        out[-1] = (_head(last, width - 1) if _cells(last) >= width else last) + "…"
    return out


def _cells(text: str) -> int:
    return len(text) if text.isascii() else cell_len(text)


# -- coverage ---------------------------------------------------------------------------------


def deliberate(skip: Any) -> bool:
    """Whether a coverage ``skipped`` entry (a dict of the manifest, or a ``Skipped``) was left
    out on purpose by its extractor, with nothing a reader would miss (``on_purpose``)."""
    value = skip.get("on_purpose") if isinstance(skip, dict) else getattr(skip, "on_purpose", False)
    return value is True


# -- statistics -------------------------------------------------------------------------------


@dataclass(frozen=True)
class ChunkStats:
    count: int
    smallest: int
    median: int
    largest: int
    over_budget: int
    budget: int | None
    census: tuple[tuple[str, int], ...]  # content types by frequency
    spark: str

    def lines(self, width: int = 0) -> list[str]:
        """Three lines: sizes (sparkline, smallest/median/largest), chunks over the budget, the
        content types. With a ``width``, each line in that many cells: a shorter form of it, or
        whole fields left out (``…`` says so), never a number cut; the commonest content type's
        name is shortened rather than left out."""
        if not self.count:
            return ["no chunks", "", ""]
        sizes = f"{self.smallest:,}/{self.median:,}/{self.largest:,}"
        over = f"{self.over_budget:,}"
        if self.budget:
            budget = [f"over {self.budget:,}: {over}", f">{self.budget:,}: {over}", f"over: {over}"]
        else:
            budget = ["no size bound", "no bound", "—"]
        fields = [f"{name} {n:,}" for name, n in self.census[:4]]
        if len(self.census) > 4:
            fields.append(f"+{len(self.census) - 4}")
        census = [
            ", ".join(fields[:k]) + (", …" if k < len(fields) else "") for k in range(len(fields), 0, -1)
        ]
        if width:  # the commonest type's name shortened, its count whole, before "…" alone
            name, n = self.census[0]
            rest = f" {n:,}" + (", …" if len(fields) > 1 else "")
            room = width - cell_len(rest) - 1
            if room >= 3:
                census.append(_head(name, room) + "…" + rest)
        return [
            _first_fit(
                [
                    f"sizes {self.spark}  {sizes}",
                    f"sizes {self.spark} {sizes}",
                    f"{self.spark} {sizes}",
                    sizes,
                    f"max {self.largest:,}",
                ],
                width,
            ),
            _first_fit(budget, width),
            _first_fit([*census, "…"], width),
        ]


def _first_fit(forms: Sequence[str], width: int) -> str:
    """The first of ``forms`` that fits ``width`` cells (any, when 0); else nothing."""
    return next((form for form in forms if not width or cell_len(form) <= width), "")


def sparkline(values: Sequence[int], bins: int = 8) -> str:
    """A histogram of ``values`` in ``bins`` buckets from min to max, one block character each."""
    if not values:
        return ""
    lo, hi = min(values), max(values)
    if lo == hi:
        return SPARK[-1]
    counts = [0] * bins
    for v in values:
        counts[min(bins - 1, (v - lo) * bins // (hi - lo + 1))] += 1
    top = max(counts)
    return "".join(" " if c == 0 else SPARK[min(7, (c * 8 - 1) // top)] for c in counts)


def chunk_stats(chunks: Sequence[ChunkLike], budget: int | None) -> ChunkStats:
    sizes = [len(c.content) for c in chunks]
    census = Counter(c.content_type for c in chunks)
    return ChunkStats(
        count=len(sizes),
        smallest=min(sizes, default=0),
        median=int(statistics.median(sizes)) if sizes else 0,
        largest=max(sizes, default=0),
        over_budget=sum(1 for s in sizes if budget and s > budget),
        budget=budget,
        census=tuple(sorted(census.items(), key=lambda kv: (-kv[1], kv[0]))),
        spark=sparkline(sizes),
    )


# -- source position --------------------------------------------------------------------------


def span(meta: dict[str, Any]) -> tuple[int, int] | None:
    """The chunk's inclusive line range in the extracted text, when it has one."""
    lines = meta.get("source_lines")
    if lines and len(lines) == 2 and lines[0] is not None:
        return int(lines[0]), int(lines[1])
    return None


def position(meta: dict[str, Any]) -> tuple[int, ...] | None:
    """A sort key of where a chunk starts, comparable across modes of one document."""
    lines = span(meta)
    if lines:
        return (lines[0],)
    rows = meta.get("row_range")
    for key in ("page_number", "slide_number", "message_index", "sheet_index"):
        if meta.get(key) is not None:
            return (-1, int(meta[key]), int(rows[0]) if rows else 0)
    return None


@dataclass(frozen=True)
class AlignedRow:
    cells: tuple[int | None, ...]  # index into each column's chunk list, or None
    first: bool  # True on the first row of a chunk (later rows of a group are continuations)


def align(columns: Sequence[Sequence[ChunkLike]]) -> list[AlignedRow]:
    """Rows of chunk indices, one row per chunk start, aligned across columns by source position.

    Chunks that start at the same place share a row; a column without a chunk there gets a blank
    cell. A chunk without a position inherits the previous chunk's (it stays in document order).
    """
    starts: list[dict[tuple, list[int]]] = []
    for chunks in columns:
        groups: dict[tuple, list[int]] = {}
        last: tuple = (-2,)
        for i, chunk in enumerate(chunks):
            pos = position(chunk.metadata) or last
            last = pos
            groups.setdefault(pos, []).append(i)
        starts.append(groups)
    keys = sorted({k for groups in starts for k in groups})
    rows: list[AlignedRow] = []
    for key in keys:
        lists = [groups.get(key, []) for groups in starts]
        for j in range(max(len(x) for x in lists)):
            rows.append(AlignedRow(tuple(x[j] if j < len(x) else None for x in lists), j == 0))
    return rows


def overlapping(a: tuple[int, int] | None, b: tuple[int, int] | None) -> bool:
    return bool(a and b and a[0] <= b[1] and b[0] <= a[1])


@dataclass(frozen=True)
class LineOwner:
    """Which chunks cover one line of the extracted text."""

    chunks: tuple[int, ...]  # ordinals (sorted)

    @property
    def overlap(self) -> bool:
        return len(self.chunks) > 1


def line_owners(chunks: Sequence[ChunkLike], line_count: int) -> list[tuple[int, ...]]:
    """For each line (0-based index) the ordinals of the chunks whose ``source_lines`` cover it."""
    owners: list[list[int]] = [[] for _ in range(line_count)]
    for chunk in chunks:
        s = span(chunk.metadata)
        if not s:
            continue
        a, b = max(1, s[0]), min(line_count, s[1])
        for line in range(a - 1, b):
            owners[line].append(chunk.ordinal)
    return [tuple(o) for o in owners]


def line_cover(chunks: Sequence[ChunkLike], line_count: int) -> tuple[array, array]:
    """Compact :func:`line_owners`: per line the first covering ordinal (-1: none) and how many
    chunks cover it (capped at 127). Few allocations, so recolouring a long text stays fast."""
    first = array("i", [-1]) * line_count
    count = array("b", [0]) * line_count
    for chunk in chunks:
        s = span(chunk.metadata)
        if not s:
            continue
        for line in range(max(1, s[0]) - 1, min(line_count, s[1])):
            if count[line] == 0:
                first[line] = chunk.ordinal
            if count[line] < 127:
                count[line] += 1
    return first, count


def line_cuts(
    chunks: Sequence[ChunkLike], lines: Sequence[str], count: array
) -> dict[int, list[tuple[int, int]]]:
    """Where chunks start inside a line (a sentence mode cuts a paragraph's line): per 0-based
    line, the (character offset in the line with tabs expanded, ordinal) of each chunk starting
    there after its first character. A chunk is found by the start of its text, searched after
    the chunk before it on that line; where that start is also the end of the text of a chunk
    that runs into the line (or ends on it), the one found inside it is taken for the chunk only
    when the chunk's text goes on past that chunk's end (sliding windows overlap), else it is
    looked for after that end. Only for lines that one chunk starts or runs into and the others
    start in, so that each character has one owner; lines that windows cover twice are left to
    the overlap colour."""
    starts: dict[int, list[tuple[int, int]]] = {}
    cursor: dict[int, int] = {}  # per line: where the next chunk's text can begin
    ends: dict[int, int] = {}  # per line: where the text of the chunks found on it so far ends
    expanded: dict[int, str] = {}  # lines with tabs expanded, as the rows are

    def line_at(index: int) -> str:
        if index not in expanded:
            expanded[index] = lines[index].expandtabs(4)
        return expanded[index]

    for chunk in chunks:
        s = span(chunk.metadata)
        if not s or not 0 < s[0] <= len(lines):
            continue
        first, last = s[0] - 1, min(s[1], len(lines)) - 1
        if count[first] < 2 and (last == first or count[last] < 2):
            continue
        text = printable(chunk.content.strip())  # as the lines are shown (SourceView.split)
        at = -1
        if count[first] >= 2:
            head = text[:24].split("\n", 1)[0].rstrip()  # modes may join a chunk's lines with spaces
            line = line_at(first)
            if head:
                at = line.find(head, cursor.get(first, 0))
            end = ends.get(first, 0)
            if 0 <= at < end and not _runs_past(line, text, at, end):
                at = line.find(head, end)  # the same words at the end of the chunk before
            if at >= 0:
                starts.setdefault(first, []).append((at, chunk.ordinal))
                # a chunk within the line ends about its length on (whitespace may be collapsed)
                cursor[first] = max(at + 1, at + len(text) - 8) if last == first else at + 1
        if last > first or at >= 0:
            found = _end_in(line_at(last), text, at if last == first else -1)
            if found is not None:
                ends[last] = max(ends.get(last, 0), found)
    cuts: dict[int, list[tuple[int, int]]] = {}
    for index, found in starts.items():
        inside = [(offset, ordinal) for offset, ordinal in found if offset > 0]
        if inside and count[index] - len(inside) == 1:
            cuts[index] = inside
    return cuts


def _runs_past(line: str, text: str, at: int, end: int) -> bool:
    """Whether ``text`` read from ``at`` in ``line`` agrees with the line and goes on past ``end``:
    a chunk overlapping the one before it, not the same words found inside that one."""
    part = text.split("\n", 1)[0]
    return at + len(part) > end and part.startswith(line[at : at + len(part)])


#: A line's first word (its first 24 characters, for a line of one long word).
_FIRST_WORD = re.compile(r"\s*(\S{1,24})")


def _end_in(line: str, text: str, at: int) -> int | None:
    """Where ``text`` (a chunk's content) ends in ``line``, its last line; ``at`` is where it starts
    in the line, -1 when it runs into the line from above. A chunk running in ends where the
    longest end of its text that the line starts with does (a mode may have joined the lines
    before with spaces); one within the line is found by its last words (up to 24 characters),
    fewer of them while they are not there, each at the start of a word, looked for from about
    where its length puts its end (its spaces may be collapsed, never added). None when the end
    is not found."""
    if at < 0:
        first = _FIRST_WORD.match(line)
        if first is None:
            return None
        start, word = first.start(1), first.group(1)
        part = text[text.rfind("\n") + 1 :]
        found = part.find(word, max(0, len(part) - (len(line) - start)))
        for _ in range(16):  # a few places the line's first word is at (a long line may repeat it)
            if found < 0 or line.startswith(part[found:], start):
                break
            found = part.find(word, found + 1)
        else:
            return None
        return None if found < 0 else start + len(part) - found
    if line.startswith(text, at):
        return at + len(text)
    words = text[-24:].split()
    if len(text) > 24 and len(words) > 1:
        words = words[1:]  # the first may be cut
    for n in range(len(words)):
        tail = " ".join(words[n:])
        found = line.find(tail, max(at, at + len(text) - len(tail) - 8))
        while found > at and not line[found - 1].isspace():
            found = line.find(tail, found + 1)
        if found >= 0:
            return found + len(tail)
    return None


def row_offsets(lines: Sequence[str], rows: Sequence[tuple[int, str, bool]]) -> array:
    """Per visual row of :func:`wrap_lines`, the offset of its piece in its line (tabs expanded)."""
    out = array("i", [0]) * len(rows)
    text, pos = "", 0
    for r, (index, piece, first) in enumerate(rows):
        if first:
            text, pos = lines[index].expandtabs(4), 0
        at = text.find(piece, pos) if piece else pos
        out[r] = at if at >= 0 else pos
        pos = out[r] + len(piece)
    return out


def wrap_lines(lines: Sequence[str], width: int) -> list[tuple[int, str, bool]]:
    """Visual rows of ``lines`` soft-wrapped at ``width``: (line index, piece, first piece)."""
    rows: list[tuple[int, str, bool]] = []
    for index, line in enumerate(lines):
        for n, piece in enumerate(wrap(line.expandtabs(4), width)):
            rows.append((index, piece, n == 0))
    return rows


def note_line(text: str, width: int, y: int) -> str:
    """Row ``y`` of a note (an empty pane's "select a file", a failed file's error) in ``width``
    cells: the note wrapped after a one-cell margin, so a long error message is read whole, each of
    its lines (``\n``) on rows of its own."""
    rows = [row for line in text.split("\n") for row in wrap(line, width - 1)]
    return set_cell_size(" " + rows[y] if y < len(rows) else "", width)


def is_placeholder(chunk: ChunkLike) -> bool:
    return "[Image:" in chunk.content or chunk.content_type == "image"


def wrap(line: str, width: int) -> list[str]:
    """Soft-wrap one line at ``width`` terminal cells (a wide character, as in Chinese or
    Japanese, takes two), preferring spaces, which end a row and are not carried to the next
    one; an empty line stays one line."""
    width = max(width, 4)
    if len(line) <= width and (line.isascii() or cell_len(line) <= width):
        return [line]
    out: list[str] = []
    ascii = line.isascii()
    while True:
        end = min(len(line), width) if ascii else _fitting(line, width)
        if end >= len(line):
            break
        cut = line.rfind(" ", end // 2, end + 1)
        if cut > 0:
            out.append(line[:cut])
            line = line[cut:].lstrip(" ")
        else:
            out.append(line[:end])
            line = line[end:]
    if line:
        out.append(line)
    return out


def _fitting(line: str, width: int) -> int:
    """How many characters of ``line``, from its start, fit in ``width`` cells (at least one)."""
    if line.isascii():
        return min(len(line), width)
    cells = 0
    for i, ch in enumerate(line):
        cells += get_character_cell_size(ch)
        if cells > width:
            return max(i, 1)
    return len(line)
