"""The mode selector: the modes of the selected file's family, numbered for the number keys.

On a narrow screen the line is shortened until it fits, in this order: the other modes by a short
name (``4 sem``), then the parameter note left out, then the short names closed up (``4sem``), then
the other modes by their number alone. The current mode keeps its full name.

The line is built as :class:`~textual.content.Content`, never markup: a mode's name or a
parameter's value is shown as it is, brackets and backslashes included.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual import events
from textual.content import Content
from textual.style import Style
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
        self._none = ""

    def show(self, modes: Sequence[str], current: str, params_note: str = "", none: str = "") -> None:
        """The file's ``modes``, ``current`` the one on view; ``none``: why there are none (a
        failed or unsupported file's), said instead."""
        self._modes, self._current, self._note = tuple(modes), current, params_note
        self._none = none
        self._draw()

    def on_resize(self, event: events.Resize) -> None:
        self._draw()

    def _draw(self) -> None:
        width = self.content_region.width or self.size.width
        if not self._modes:
            none = Content.styled(self._none or "no chunking modes for this file", "dim")
            self.update(none.truncate(width, ellipsis=True) if width else none)
            return
        tries = [("full", True), ("short", True), ("short", False), ("tight", False), ("number", False)]
        for labels, with_note in tries:
            line = self._line(labels, with_note)
            if not width or line.cell_length <= width:
                break
        self.update(line)

    def _line(self, labels: str, with_note: bool) -> Content:
        parts = []
        for n, name in enumerate(self._modes, start=1):
            if name == self._current:
                parts.append(Content.styled(f"{n} {name}", "reverse b"))
                continue
            if labels == "full":
                label = f"{n} {name}"
            elif labels in ("short", "tight"):
                gap = " " if labels == "short" else ""
                label = f"{n}{gap}{SHORT.get(name, name[:3])}"
            else:
                label = str(n)
            parts.append(Content.styled(label, Style.from_meta({"@click": f"screen.mode({n})"})))
        if with_note and self._note:
            parts.append(Content.styled(f"· {self._note}", "dim"))
        return Content(" ").join(parts)
