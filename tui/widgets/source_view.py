"""The extracted text with every chunk's span coloured: where a mode cuts.

Chunks alternate between two backgrounds, lines covered by more than one chunk (sliding windows)
get a third, and the gutter shows the number of each chunk on its first line. Long lines are
soft-wrapped; only visible lines are rendered (Line API). Switching the mode recolours in place.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ..present import ChunkLike, line_owners, span, wrap

GUTTER = 7


class SourceView(ScrollView, can_focus=True):
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
        self.owners: list[tuple[int, ...]] = []
        self.starts: dict[int, list[int]] = {}  # 0-based line → ordinals starting there
        self.rows: list[tuple[int, str, bool]] = []  # (line index, piece, first piece of the line)
        self._wrapped_at = -1
        self.empty_text = "no document"
        self.document_key: tuple | None = None  # what the owner last loaded

    def set_text(self, text: str, headings: Sequence[tuple[int, int]] = (), empty_text: str = "") -> None:
        if text.endswith("\n"):
            text = text[:-1]
        self.lines = text.split("\n") if text else []
        self.headings = {i - 1 for a, b in headings for i in range(a, b + 1)}
        self.empty_text = empty_text or "no extracted text"
        self.document_key = None
        self._wrapped_at = -1
        self._rewrap()
        self.scroll_home(animate=False, immediate=True)

    def set_chunks(self, chunks: Sequence[ChunkLike]) -> None:
        self.owners = line_owners(chunks, len(self.lines))
        self.starts = {}
        for chunk in chunks:
            s = span(chunk.metadata)
            if s:
                self.starts.setdefault(s[0] - 1, []).append(chunk.ordinal)
        self.refresh()

    def show_chunk(self, ordinal: int) -> None:
        for line, ordinals in self.starts.items():
            if ordinal in ordinals:
                for row, (index, _piece, first) in enumerate(self.rows):
                    if index == line and first:
                        self.scroll_to(y=row, animate=False, immediate=True)
                        return

    def _rewrap(self) -> None:
        width = max(8, self.size.width - GUTTER)
        if width == self._wrapped_at:
            return
        self._wrapped_at = width
        rows: list[tuple[int, str, bool]] = []
        for index, line in enumerate(self.lines):
            for n, piece in enumerate(wrap(line.expandtabs(4), width)):
                rows.append((index, piece, n == 0))
        self.rows = rows
        self.virtual_size = Size(self.size.width, max(1, len(rows)))
        self.refresh()

    def on_resize(self) -> None:
        self._rewrap()

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        base = self.rich_style
        row = y + int(self.scroll_offset.y)
        if not self.rows:
            if y == 0:
                return Strip([Segment(f" {self.empty_text}".ljust(width)[:width], base)])
            return Strip.blank(width, base)
        if row >= len(self.rows):
            return Strip.blank(width, base)
        index, piece, first = self.rows[row]
        owners = self.owners[index] if index < len(self.owners) else ()
        gutter = ""
        if first and index in self.starts:
            numbers = self.starts[index]
            gutter = str(numbers[0]) + ("+" if len(numbers) > 1 else "")
        if len(owners) > 1:
            body_style = self.get_component_rich_style("source-view--overlap")
        elif owners:
            key = "source-view--odd" if owners[0] % 2 else "source-view--even"
            body_style = self.get_component_rich_style(key)
        else:
            body_style = Style()
        if index in self.headings:
            body_style += Style(bold=True)
        gutter_text = f"{gutter:>{GUTTER - 2}} │"[:GUTTER]
        body_width = max(0, width - GUTTER)
        body = piece[:body_width].ljust(body_width)
        segments = [
            Segment(gutter_text, self.get_component_rich_style("source-view--gutter")),
            Segment(body, body_style),
        ]
        return Strip(segments, width).apply_style(base)
