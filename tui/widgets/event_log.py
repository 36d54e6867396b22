"""The live event log: what the indexer and the watcher saw and did, with timings."""

from __future__ import annotations

import time

from rich.text import Text
from textual.widgets import RichLog


class EventLog(RichLog):
    def __init__(self, **kwargs) -> None:
        super().__init__(max_lines=500, wrap=False, markup=False, highlight=False, **kwargs)
        self.entries: list[str] = []  # plain copies, newest last (what tests and the status line read)

    def add(self, text: str, style: str = "") -> None:
        stamp = time.strftime("%H:%M:%S")
        self.entries.append(text)
        del self.entries[:-500]
        line = Text(f"{stamp} ", style="dim")
        line.append(text, style=style)
        self.write(line)
