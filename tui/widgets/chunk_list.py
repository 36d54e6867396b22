"""A virtualised list of chunks: a Line API widget, so thousands of chunks scroll smoothly.

Each chunk takes ``HEIGHT`` lines (a title with content type, provenance and size, then a preview
of its content); only the visible lines are rendered. ``enter`` posts :class:`ChunkList.Chosen`.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.segment import Segment
from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ..present import ChunkLike, chunk_title, note_line, preview

HEIGHT = 4  # title, two preview lines, a blank line


class ChunkList(ScrollView, can_focus=True):
    COMPONENT_CLASSES = {
        "chunk-list--title",
        "chunk-list--body",
        "chunk-list--cursor",
        "chunk-list--placeholder",
    }
    BINDINGS = [
        Binding("up,k", "move(-1)", "previous", show=False),
        Binding("down,j", "move(1)", "next", show=False),
        Binding("pageup", "page(-1)", show=False),
        Binding("pagedown", "page(1)", show=False),
        Binding("home", "first", show=False),
        Binding("end", "last", show=False),
        Binding("enter", "choose", "metadata"),
    ]

    cursor: reactive[int] = reactive(0, init=False)

    class Chosen(Message):
        def __init__(self, chunk_list: ChunkList, index: int) -> None:
            super().__init__()
            self.chunk_list, self.index = chunk_list, index

    class Highlighted(Message):
        def __init__(self, chunk_list: ChunkList, index: int) -> None:
            super().__init__()
            self.chunk_list, self.index = chunk_list, index

    def __init__(self, *, empty_text: str = "no chunks", **kwargs) -> None:
        super().__init__(**kwargs)
        self.chunks: Sequence[ChunkLike] = ()
        self.empty_text = empty_text
        self.shown: object = None  # what the owner last put here (to keep the cursor on a refresh)

    # -- data ------------------------------------------------------------------------------------

    def set_chunks(
        self, chunks: Sequence[ChunkLike], *, cursor: int = 0, empty_text: str | None = None
    ) -> None:
        self.chunks = chunks
        if empty_text is not None:
            self.empty_text = empty_text
        self.virtual_size = Size(self.size.width, max(1, len(chunks) * HEIGHT))
        self.set_reactive(ChunkList.cursor, max(0, min(cursor, len(chunks) - 1)))
        self.scroll_to(y=self.cursor * HEIGHT, animate=False, immediate=True)
        self.refresh()

    @property
    def current(self) -> ChunkLike | None:
        if 0 <= self.cursor < len(self.chunks):
            return self.chunks[self.cursor]
        return None

    def go_to(self, index: int) -> None:
        if self.chunks:
            self.cursor = max(0, min(index, len(self.chunks) - 1))

    # -- keys ------------------------------------------------------------------------------------

    def action_move(self, delta: int) -> None:
        self.go_to(self.cursor + delta)

    def action_page(self, direction: int) -> None:
        self.go_to(self.cursor + direction * max(1, self.size.height // HEIGHT))

    def action_first(self) -> None:
        self.go_to(0)

    def action_last(self) -> None:
        self.go_to(len(self.chunks) - 1)

    def action_choose(self) -> None:
        if self.chunks:
            self.post_message(self.Chosen(self, self.cursor))

    def on_click(self, event: Click) -> None:
        index = (event.y + int(self.scroll_offset.y)) // HEIGHT
        if 0 <= index < len(self.chunks):
            if index == self.cursor and event.chain >= 2:
                self.action_choose()
            self.cursor = index

    def watch_cursor(self, old: int, new: int) -> None:
        self.scroll_to_region(Region(0, new * HEIGHT, 1, HEIGHT), animate=False, immediate=True)
        self.refresh()
        self.post_message(self.Highlighted(self, new))

    def on_resize(self) -> None:
        self.virtual_size = Size(self.size.width, max(1, len(self.chunks) * HEIGHT))

    # -- rendering -------------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width  # the scrollbar covers the last column of size
        line = y + int(self.scroll_offset.y)
        base = self.rich_style
        if not self.chunks:  # the note wraps: a failed file's error message is read whole
            return Strip([Segment(note_line(self.empty_text, width, line), base)])
        index, sub = divmod(line, HEIGHT)
        if index >= len(self.chunks):
            return Strip.blank(width, base)
        chunk = self.chunks[index]
        selected = index == self.cursor
        style = self.get_component_rich_style("chunk-list--cursor") if selected else base
        bar = "▌" if selected else " "
        if sub == 0:
            title_style = self.get_component_rich_style("chunk-list--title")
            text = Text(bar, style=style)
            text.append(
                f" {chunk_title(chunk, width - 3)} ", style=title_style + style if selected else title_style
            )
        elif sub < HEIGHT - 1:
            lines = preview(chunk.content, width - 4, HEIGHT - 2)
            body = lines[sub - 1] if sub - 1 < len(lines) else ""
            key = "chunk-list--placeholder" if "[Image:" in body else "chunk-list--body"
            comp = self.get_component_rich_style(key)
            text = Text(bar, style=style)
            text.append("  " + body, style=comp + style if selected else comp)
        else:
            return Strip.blank(width, base)
        text.truncate(width, overflow="ellipsis", pad=True)
        segments = list(text.render(self.app.console))
        return Strip(segments, width).apply_style(base)
