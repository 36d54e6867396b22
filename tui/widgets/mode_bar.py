"""The mode selector: the modes of the selected file's family, numbered for the number keys.

On a narrow screen the line is shortened until it fits, in this order: the other modes by a short
name (``4 sem``), then the parameter note left out, then the short names closed up (``4sem``), then
the other modes by their number alone. The current mode keeps its full name.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.markup import escape
from rich.text import Text
from textual import events
from textual.widgets import Static

#: short names of the modes for a narrow bar (any other mode: its first three letters)
SHORT = {
    "default": "def",
    "structural": "str",
    "section": "sec",
    "semantic": "sem",
    "sliding_window": "win",
    "sentence": "snt",
    "page_aware": "pg",
    "table": "tbl",
    "sheet": "sht",
}


class ModeBar(Static):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._modes: tuple[str, ...] = ()
        self._current = ""
        self._note = ""

    def show(self, modes: Sequence[str], current: str, params_note: str = "") -> None:
        self._modes, self._current, self._note = tuple(modes), current, params_note
        self._draw()

    def on_resize(self, event: events.Resize) -> None:
        self._draw()

    def _draw(self) -> None:
        if not self._modes:
            self.update("[dim]no modes for this file[/]")
            return
        width = self.content_region.width or self.size.width
        tries = [("full", True), ("short", True), ("short", False), ("tight", False), ("number", False)]
        for labels, with_note in tries:
            markup = self._line(labels, with_note)
            if not width or Text.from_markup(markup).cell_len <= width:
                break
        self.update(markup)

    def _line(self, labels: str, with_note: bool) -> str:
        parts = []
        for n, name in enumerate(self._modes, start=1):
            if name == self._current:
                parts.append(f"[reverse b]{n} {escape(name)}[/]")
                continue
            if labels == "full":
                label = f"{n} {escape(name)}"
            elif labels in ("short", "tight"):
                gap = " " if labels == "short" else ""
                label = f"{n}{gap}{escape(SHORT.get(name, name[:3]))}"
            else:
                label = str(n)
            parts.append(f"[@click=screen.mode({n})]{label}[/]")
        if with_note and self._note:
            parts.append(f"[dim]· {escape(self._note)}[/]")
        return " ".join(parts)
