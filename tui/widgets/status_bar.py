"""The header line (folder, counts, watcher state) and the progress line under the panes.

Both are one line high and only repaint when their text changes (no layout pass), so the frequent
updates while a folder is indexed stay cheap.
"""

from __future__ import annotations

from rich.markup import escape
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import ProgressBar

from ..present import counted

WATCH = {
    "native": "watching [green]●[/]",
    "watching": "watching [green]●[/]",
    "polling": "polling [yellow]●[/]",
    "starting": "starting [dim]○[/]",
    "stopped": "not watching [red]○[/]",
    "unavailable": "not watching [dim]○[/]",
}


class MarkupLine(Widget):
    """One line of console markup, repainted (not re-laid-out) when it changes."""

    markup: reactive[str] = reactive("", layout=False)

    def __init__(self, markup: str = "", **kwargs) -> None:
        super().__init__(**kwargs)
        self.set_reactive(MarkupLine.markup, markup)

    def render(self) -> Text:
        text = Text.from_markup(self.markup)
        text.no_wrap = True
        text.overflow = "ellipsis"
        return text


class HeaderLine(MarkupLine):
    def show(self, folder: str, counts: dict, watcher: str) -> None:
        docs = counts.get("documents", 0)
        parts = [counted(docs, "doc"), counted(counts.get("chunks", 0), "chunk")]
        if counts.get("failed"):
            parts.append(f"[red]{counts['failed']:,} failed[/]")
        if counts.get("stale"):
            parts.append(f"[yellow]{counts['stale']:,} stale[/]")
        state = WATCH.get(watcher, escape(watcher))
        if len(folder) > 40:
            folder = "…" + folder[-39:]
        self.markup = f"[b]chunkscope[/b]  {escape(folder)}   " + " · ".join(parts) + f"   {state}"


class ProgressLine(Horizontal):
    def compose(self) -> ComposeResult:
        yield MarkupLine("Index", id="progress-label")
        yield ProgressBar(total=1, show_eta=False, show_percentage=False, id="progress-bar")
        yield MarkupLine("", id="progress-note")

    def progress(self, done: int, total: int, rate: float, eta: float | None) -> None:
        bar = self.query_one(ProgressBar)
        bar.update(total=max(total, 1), progress=done)
        note = f"{done:,}/{total:,} · {rate:.0f} files/s"
        if eta is not None:
            note += f" · ETA {int(eta) // 60}:{int(eta) % 60:02d}"
        self.query_one("#progress-label", MarkupLine).markup = "Indexing"
        self.query_one("#progress-note", MarkupLine).markup = note

    def done(self, text: str) -> None:
        bar = self.query_one(ProgressBar)
        bar.update(total=1, progress=1)
        self.query_one("#progress-label", MarkupLine).markup = "Index"
        self.note(text)

    def note(self, text: str) -> None:
        self.query_one("#progress-note", MarkupLine).markup = escape(text)
