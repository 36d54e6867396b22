"""The extracted text with every chunk's span coloured: where a mode cuts.

Chunks alternate between two backgrounds, lines covered by more than one chunk (sliding windows)
get a third, a line that chunks cut (sentences) changes colour where each starts, and the gutter
shows the number of each chunk on its first line. Long lines are
soft-wrapped; only visible lines are rendered (Line API). Switching the mode recolours in place.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

from rich.cells import set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ..present import (
    ChunkLike,
    line_cover,
    line_cuts,
    note_line,
    printable,
    row_offsets,
    span,
    wrap_lines,
)
from .scrolling import KeyScroll

GUTTER = 7


class SourceView(KeyScroll, ScrollView, can_focus=True):
    COMPONENT_CLASSES = {
        "source-view--gutter",
        "source-view--even",
        "source-view--odd",
        "source-view--overlap",
    }
    BINDINGS = [
        ("up,k", "scroll_up", ""),
        ("down,j", "scroll_down", ""),
        ("pageup", "page_up", ""),
        ("pagedown", "page_down", ""),
        ("home", "scroll_home", ""),
        ("end", "scroll_end", ""),
    ]

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lines: list[str] = []
        self.headings: set[int] = set()
        self.first: array = array("i")  # per line: the first chunk covering it (-1: none)
        self.count: array = array("b")  # per line: how many chunks cover it
        self.starts: dict[int, list[int]] = {}  # 0-based line → ordinals starting there
        self.rows: list[tuple[int, str, bool]] = []  # (line index, piece, first piece of the line)
        self.offsets: array = array("i")  # per row: where its piece starts in its line
        self.cuts: dict[
            int, list[tuple[int, int]]
        ] = {}  # line → (offset, ordinal) of chunks starting inside it
        self._wrapped_at = -1
        self.empty_text = "no document"
        self.document_key: tuple | None = None  # what the owner last loaded

    @staticmethod
    def split(text: str) -> list[str]:
        """The lines of ``text`` as they are drawn (:func:`printable`: a control character would
        reach the terminal as it is)."""
        if text.endswith("\n"):
            text = text[:-1]
        return printable(text).split("\n") if text else []

    @property
    def wrap_width(self) -> int:
        return max(8, self.scrollable_content_region.width - GUTTER)

    def set_text(
        self,
        lines: list[str],
        headings: Sequence[tuple[int, int]] = (),
        empty_text: str = "",
        rows: list[tuple[int, str, bool]] | None = None,
        offsets: array | None = None,
    ) -> None:
        """Show ``lines`` (``rows``: already wrapped at :attr:`wrap_width`, e.g. in a worker, with
        their ``offsets`` in their lines when known)."""
        self.lines = lines
        self.headings = {i - 1 for a, b in headings for i in range(a, b + 1)}
        self.empty_text = empty_text or "no extracted text"
        self.document_key = None
        self.first, self.count = array("i"), array("b")
        self.cuts = {}
        if rows is not None:
            self._wrapped_at = self.wrap_width
            self.rows = rows
            self.offsets = offsets if offsets is not None else row_offsets(lines, rows)
            self.virtual_size = Size(self.size.width, max(1, len(rows)))
            self.refresh()
        else:
            self._wrapped_at = -1
            self._rewrap()
        self.scroll_home(animate=False, immediate=True)

    def set_chunks(self, chunks: Sequence[ChunkLike]) -> None:
        self.first, self.count = line_cover(chunks, len(self.lines))
        self.cuts = line_cuts(chunks, self.lines, self.count)
        self.starts = {}
        for chunk in chunks:
            s = span(chunk.metadata)
            if s:
                self.starts.setdefault(s[0] - 1, []).append(chunk.ordinal)
        self.refresh()

    def _rewrap(self) -> None:
        width = self.wrap_width
        if width == self._wrapped_at:
            return
        self._wrapped_at = width
        self.rows = wrap_lines(self.lines, width)
        self.offsets = row_offsets(self.lines, self.rows)
        self.virtual_size = Size(self.size.width, max(1, len(self.rows)))
        self.refresh()

    def on_resize(self) -> None:
        self._rewrap()

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width  # the scrollbar covers the last column of size
        base = self.rich_style
        row = y + int(self.scroll_offset.y)
        if not self.rows:  # the note wraps: a failed file's error message is read whole
            return Strip([Segment(note_line(self.empty_text, width, y), base)])
        if row >= len(self.rows):
            return Strip.blank(width, base)
        index, piece, first = self.rows[row]
        covered = self.count[index] if index < len(self.count) else 0
        gutter = ""
        if first and index in self.starts:
            numbers = self.starts[index]
            gutter = str(numbers[0]) + ("+" if len(numbers) > 1 else "")
        bold = Style(bold=True) if index in self.headings else Style()
        gutter_text = f"{gutter:>{GUTTER - 2}} │"[:GUTTER]
        body_width = max(0, width - GUTTER)
        body = piece[:body_width].ljust(body_width) if piece.isascii() else set_cell_size(piece, body_width)
        segments = [Segment(gutter_text, self.get_component_rich_style("source-view--gutter"))]
        cuts = self.cuts.get(index)
        if cuts:  # chunks that start inside the line: each part in the colour of its chunk
            start = self.offsets[row] if row < len(self.offsets) else 0
            owner, at = self.first[index], 0
            for offset, ordinal in cuts:
                if offset - start >= body_width:
                    break
                if offset > start:
                    segments.append(Segment(body[at : offset - start], self._chunk_style(owner) + bold))
                    at = offset - start
                owner = ordinal
            segments.append(Segment(body[at:], self._chunk_style(owner) + bold))
        else:
            if covered > 1:
                body_style = self.get_component_rich_style("source-view--overlap")
            elif covered:
                body_style = self._chunk_style(self.first[index])
            else:
                body_style = Style()
            segments.append(Segment(body, body_style + bold))
        return Strip(segments, width).apply_style(base)

    def _chunk_style(self, ordinal: int) -> Style:
        return self.get_component_rich_style("source-view--odd" if ordinal % 2 else "source-view--even")
