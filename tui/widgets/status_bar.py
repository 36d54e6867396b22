"""The header line (folder, counts, watcher state) and the progress line under the panes."""

from __future__ import annotations

from rich.markup import escape
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import ProgressBar, Static

WATCH = {
    "native": "watching [green]●[/]",
    "watching": "watching [green]●[/]",
    "polling": "polling [yellow]●[/]",
    "starting": "starting [dim]○[/]",
    "stopped": "not watching [red]○[/]",
    "unavailable": "not watching [dim]○[/]",
}


class HeaderLine(Static):
    def show(self, folder: str, counts: dict, watcher: str) -> None:
        docs = counts.get("documents", 0)
        parts = [f"{docs:,} docs", f"{counts.get('chunks', 0):,} chunks"]
        if counts.get("failed"):
            parts.append(f"[red]{counts['failed']:,} failed[/]")
        if counts.get("stale"):
            parts.append(f"[yellow]{counts['stale']:,} stale[/]")
        state = WATCH.get(watcher, escape(watcher))
        if len(folder) > 40:
            folder = "…" + folder[-39:]
        self.update(f"[b]chunkscope[/b]  {escape(folder)}   " + " · ".join(parts) + f"   {state}")


class ProgressLine(Horizontal):
    def compose(self) -> ComposeResult:
        yield Static("", id="progress-label")
        yield ProgressBar(total=None, show_eta=False, id="progress-bar")
        yield Static("", id="progress-note")

    def progress(self, done: int, total: int, rate: float, eta: float | None) -> None:
        bar = self.query_one(ProgressBar)
        bar.update(total=max(total, 1), progress=done)
        note = f"{done:,}/{total:,} · {rate:.0f} files/s"
        if eta is not None:
            note += f" · ETA {int(eta) // 60}:{int(eta) % 60:02d}"
        self.query_one("#progress-label", Static).update("Indexing")
        self.query_one("#progress-note", Static).update(note)

    def done(self, text: str) -> None:
        bar = self.query_one(ProgressBar)
        bar.update(total=1, progress=1)
        self.query_one("#progress-label", Static).update("Index")
        self.note(text)

    def note(self, text: str) -> None:
        self.query_one("#progress-note", Static).update(escape(text))
