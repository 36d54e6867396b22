"""Two or three modes side by side, one row per chunk start, aligned by source position.

Each column is headed by its statistics (count, size min/median/max with a size sparkline, chunks
over the mode's budget, content-type census). The rows live in one Line API widget, so the columns
scroll together; the chunk under the cursor highlights the chunks of the other columns that
overlap it in the source.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ..present import (
    AlignedRow,
    ChunkLike,
    ChunkStats,
    align,
    note_line,
    overlapping,
    printable,
    shorten_name,
    span,
)

HEAD = 5  # label, sizes, budget, census, rule: drawn on top, not scrolled
LOC = 7  # the cells a chunk's place may take in any column ("p.12 L3")
#: the part of a column's width its chunks' places may take beyond LOC ("Sales r3", "p.1–2 L30")
LOC_SHARE = 3


@dataclass(frozen=True)
class Column:
    label: str  # "default (structural)", "sliding_window 5/2"
    chunks: Sequence[ChunkLike]
    stats: ChunkStats
    #: the label in fewer words, for a column too narrow for it ("default"); none: the label cut
    brief: str = ""


def short_where(meta: dict, room: int = 0) -> str:
    """A chunk's place in a few cells: ``Sales r3`` (a sheet's row), ``p.1–2 L30`` (pages and
    the line it starts on), ``L7``, ``r4``. With ``room``, the first of its forms that fits (a
    sheet name shortened, then ``…r112`` for it, before the row goes; the line before the pages),
    else cut with ``…``."""
    forms = where_forms(meta)
    if not room:
        return forms[0]
    return next((f for f in forms if cell_len(f) <= room), cut(forms[-1], room).rstrip(" "))


def where_forms(meta: dict) -> list[str]:
    """The forms of :func:`short_where`, longest first."""
    lines = span(meta)
    line = f"L{lines[0]}" if lines else ""
    rows = meta.get("row_range")
    if meta.get("sheet_name") is not None:
        sheet = printable(str(meta["sheet_name"]))
        at = f"r{rows[0]}" if rows else line
        if not at:
            return [sheet]
        # the name cut to as little as one character and "…"; then "…" alone before the row, which
        # says that a sheet is named there ("r112" alone read as a file of rows without sheets)
        cuts = (cut(sheet, n).strip(" ") for n in range(cell_len(sheet) - 1, 1, -1))
        shorter = [f"{name} {at}" for name in cuts if name != "…"]
        return [f"{sheet} {at}", *shorter, f"…{at}", at]
    if meta.get("page_number") is not None:
        page, end = meta["page_number"], meta.get("page_end")
        pages = f"p.{page}" + (f"–{end}" if end is not None and end != page else "")
        return [f"{pages} {line}", pages] if line else [pages]
    if line:
        return [line]
    return [f"r{rows[0]}"] if rows else [""]


def cut(text: str, width: int) -> str:
    """``text`` in exactly ``width`` cells: padded, or ending in ``…`` when it is longer (a content
    type or a chunk's start cut short reads as cut, not as another word: ``plain_p``); a wide
    character (two cells) is not split."""
    if text.isascii():  # a cell a character: no measuring (this runs for every cell drawn)
        if len(text) <= width:
            return text.ljust(width)
        return (text[: width - 1].rstrip(" ") + "…").ljust(width) if width > 1 else text[:width]
    if cell_len(text) <= width or width < 2:
        return set_cell_size(text, width)
    return set_cell_size(set_cell_size(text, width - 1).rstrip(" ") + "…", width)


class CompareGrid(ScrollView, can_focus=True):
    COMPONENT_CLASSES = {
        "compare-grid--cursor",
        "compare-grid--related",
        "compare-grid--rule",
        "compare-grid--type",
        "compare-grid--head",
    }
    BINDINGS = [
        Binding("up,k", "move(0, -1)", show=False),
        Binding("down,j", "move(0, 1)", show=False),
        Binding("left,h", "move(-1, 0)", show=False),
        Binding("right,l", "move(1, 0)", show=False),
        Binding("pageup", "page(-1)", show=False),
        Binding("pagedown", "page(1)", show=False),
        Binding("home", "edge(0)", show=False),
        Binding("end", "edge(1)", show=False),
        Binding("enter", "choose", "metadata"),
    ]
    row: reactive[int] = reactive(0, init=False)
    column: reactive[int] = reactive(0, init=False)

    class Chosen(Message):
        def __init__(self, column: int, index: int) -> None:
            super().__init__()
            self.column, self.index = column, index

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.columns: list[Column] = []
        self.rows: list[AlignedRow] = []
        self.empty_text = ""
        #: the widest place of each column's chunks: its room for them is that, up to
        #: :meth:`loc_width` (a text file's "L3" left 5 blank cells of a 22-cell column)
        self.loc_widths: list[int] = []
        self._widths_for: tuple[tuple[int, int], list[int]] = ((-1, 0), [])

    def set_columns(self, columns: list[Column], empty_text: str = "") -> None:
        """Show ``columns``; without any, ``empty_text`` (why: a failed file's error)."""
        self.columns = columns
        self.empty_text = empty_text
        self.rows = align([c.chunks for c in columns]) if columns else []
        self.loc_widths = [
            max((cell_len(short_where(c.metadata)) for c in col.chunks), default=0) for col in columns
        ]
        self.virtual_size = Size(self.size.width, len(self.rows) + HEAD)
        self.set_reactive(CompareGrid.row, 0)
        self.set_reactive(CompareGrid.column, 0)
        self.scroll_home(animate=False, immediate=True)
        self.refresh()

    def current(self) -> tuple[int, int] | None:
        """(column, chunk index) under the cursor, when that cell holds a chunk."""
        if not self.rows or not self.columns:
            return None
        index = self.rows[self.row].cells[self.column]
        return None if index is None else (self.column, index)

    def action_move(self, dx: int, dy: int) -> None:
        if not self.rows:
            return
        self.column = max(0, min(len(self.columns) - 1, self.column + dx))
        self.row = max(0, min(len(self.rows) - 1, self.row + dy))

    def action_page(self, direction: int) -> None:
        self.action_move(0, direction * max(1, self.size.height - HEAD - 1))

    def action_edge(self, end: int) -> None:
        if self.rows:
            self.row = len(self.rows) - 1 if end else 0

    def action_choose(self) -> None:
        cur = self.current()
        if cur is not None:
            self.post_message(self.Chosen(*cur))

    def watch_row(self, old: int, new: int) -> None:
        visible = max(1, self.size.height - HEAD)
        top = int(self.scroll_offset.y)
        if new < top:
            self.scroll_to(y=new, animate=False, immediate=True)
        elif new >= top + visible:
            self.scroll_to(y=new - visible + 1, animate=False, immediate=True)
        self.refresh()

    def watch_column(self) -> None:
        self.refresh()

    def on_resize(self) -> None:
        self.virtual_size = Size(self.size.width, len(self.rows) + HEAD)

    def loc_width(self, column: int, width: int) -> int:
        """The cells of a ``width``-cell column its chunks' places take: the widest of them, up
        to :data:`LOC` or a :data:`LOC_SHARE` of the column, whichever is more."""
        return min(self.loc_widths[column], max(LOC, width // LOC_SHARE))

    def _widths(self) -> list[int]:
        """The columns' widths: the cells the rules leave shared out evenly, and those that do
        not divide given first to a column whose sizes line they let keep its "sizes" label
        (the last column took them all, and at 120 columns only it had room for the label)."""
        n = len(self.columns)
        width = self.scrollable_content_region.width  # the scrollbar covers the last column of size
        if self._widths_for[0] == (width, id(self.columns)):
            return self._widths_for[1]
        base, spare = divmod(width - (n - 1), n)
        if base < 8:
            widths = [8] * (n - 1) + [max(0, width - 9 * (n - 1))]
        else:
            widths = [base] * n

            def labelled(c: int, w: int) -> bool:  # a space either side of the head's text
                return self.columns[c].stats.lines(w - 2)[0].startswith("sizes ")

            for c in range(n):
                more = next((k for k in range(1, spare + 1) if labelled(c, base + k)), 0)
                if more and not labelled(c, base):
                    widths[c] += more
                    spare -= more
            for c in range(spare):
                widths[c] += 1
        self._widths_for = ((width, id(self.columns)), widths)
        return widths

    def _head_line(self, y: int, widths: list[int]) -> Strip:
        rule = self.get_component_rich_style("compare-grid--rule")
        head = self.get_component_rich_style("compare-grid--head")
        segments: list[Segment] = []
        for c, (col, w) in enumerate(zip(self.columns, widths, strict=True)):
            if y == HEAD - 1:
                if c:
                    segments.append(Segment("┼", rule))
                segments.append(Segment("─" * w, rule))
                continue
            if c:
                segments.append(Segment("│", rule))
            inner = max(w - 2, 1)  # a space on either side keeps the text off the rules
            if y == 0:  # the count stays whole: a long label is said briefly, or shortened
                count = f" ({col.stats.count:,})"
                room = max(inner - len(count), 1)
                label = col.brief if col.brief and len(col.label) > room else col.label
                text = " " + shorten_name(label, room) + count
                style = head
            else:  # whole fields, never a number cut (ChunkStats.lines)
                lines = col.stats.lines(inner)
                text = " " + (lines[y - 1] if y - 1 < len(lines) else "")
                style = Style()
            segments.append(Segment(set_cell_size(text, w), style))
        return Strip(segments, sum(widths) + len(widths) - 1)

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        base = self.rich_style
        n = len(self.columns)
        if not n:  # the note wraps: a failed file's error message is read whole
            return Strip([Segment(note_line(self.empty_text, width, y), base)])
        widths = self._widths()
        if y < HEAD:
            return self._head_line(y, widths).apply_style(base)
        row_no = y - HEAD + int(self.scroll_offset.y)
        if row_no >= len(self.rows):
            return Strip.blank(width, base)
        row = self.rows[row_no]
        cur = self.current()
        cur_span = None
        if cur is not None:
            cur_span = span(self.columns[cur[0]].chunks[cur[1]].metadata)
        rule = self.get_component_rich_style("compare-grid--rule")
        type_style = self.get_component_rich_style("compare-grid--type")
        segments: list[Segment] = []
        for c, (index, w) in enumerate(zip(row.cells, widths, strict=True)):
            if c:
                segments.append(Segment("│", rule))
            if index is None:
                segments.append(Segment(" " * w))
                continue
            chunk = self.columns[c].chunks[index]
            style = Style()
            if cur is not None and (c, index) == cur and row_no == self.row:
                style = self.get_component_rich_style("compare-grid--cursor")
            elif cur is not None and c != cur[0] and overlapping(cur_span, span(chunk.metadata)):
                style = self.get_component_rich_style("compare-grid--related")
            room = self.loc_width(c, w)
            head = " " + cut(short_where(chunk.metadata, room) if row.first else "", room) + " "
            type_width = max(6, min(16, w // 3))
            ctype = cut(chunk.content_type, type_width) + " "
            text = printable(" ".join(chunk.content[: 2 * w + 64].split()))  # the start is all that shows
            # a cell's last column stays blank, a space before the next column's rule
            fit = max(w - 1, 0)
            body = cut(head + ctype + text, fit) + " " * (w - fit)
            a, b = len(head), len(head) + len(ctype)
            segments += [
                Segment(body[:a], style),
                Segment(body[a:b], type_style + style),
                Segment(body[b:], style),
            ]
        return Strip(segments, width).apply_style(base)


class CompareView(Vertical):
    """The compare tab: the grid (its first lines are the fixed column heads)."""

    def compose(self) -> ComposeResult:
        yield CompareGrid(id="compare-grid")

    async def set_columns(self, columns: list[Column], empty_text: str = "") -> None:
        self.query_one(CompareGrid).set_columns(columns, empty_text)
