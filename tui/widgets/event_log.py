"""The live event log: what the indexer and the watcher saw and did, with timings.

Lines are collected and written when the owner flushes (a few times a second), so a burst of
events (the first scan of a large folder) costs one repaint, not one per file. A line longer than
the log is shortened in its middle (the path), so its outcome and timing stay in view.
"""

from __future__ import annotations

import time

from rich.text import Text
from textual.widgets import RichLog

from ..present import printable


class EventLog(RichLog):
    def __init__(self, **kwargs) -> None:
        super().__init__(max_lines=500, wrap=False, markup=False, highlight=False, **kwargs)
        self.entries: list[str] = []  # plain copies, newest last (what tests read)
        self._pending: list[tuple[Text, bool]] = []

    def add(self, text: str, style: str = "", *, keep_start: bool = False) -> None:
        """A line to write; too long, it loses its middle, or with ``keep_start`` its end (a
        failure's message, so that its code stays in view)."""
        self.entries.append(text)
        del self.entries[:-500]
        line = Text(time.strftime("%H:%M:%S "), style="dim")
        line.append(printable(text), style=style)
        self._pending.append((line, keep_start))

    def flush(self) -> None:
        """Write the collected lines (the owner calls this on its update tick)."""
        if not self._pending:
            return
        pending, self._pending = self._pending[-200:], []
        width = self.scrollable_content_region.width
        for line, keep_start in pending:
            if width and keep_start and line.cell_len > width:
                line.truncate(width, overflow="ellipsis")
            elif width:
                line = middle_cut(line, width)
            self.write(line, scroll_end=True)


def middle_cut(line: Text, width: int) -> Text:
    """``line`` in at most ``width`` cells, its middle replaced by ``…`` when it is longer: the
    start (time, path) and the end (what happened, how long it took) stay."""
    if line.cell_len <= width or width < 12:
        return line
    keep = width - 1
    head = keep * 2 // 5
    tail = keep - head
    plain = line.plain
    out = line[:head]
    out.append("…", style="dim")
    out.append_text(line[len(plain) - tail :])
    return out
