"""The header line (folder, counts, watcher state), the selected document's title line and the
progress line under the panes.

Both are one line high and only repaint when their text changes (no layout pass), so the frequent
updates while a folder is indexed stay cheap. Their text is a :class:`~rich.text.Text`, never
markup: a folder or file name is shown as it is, brackets and all.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import ProgressBar

from ..present import counted, fit_title, fitted_progress_note, human_bytes, printable, tail

#: the watcher's state: its word and its mark (the mark alone where the line is short of room)
WATCH = {
    "native": ("watching", "●", "green"),
    "watching": ("watching", "●", "green"),
    "polling": ("polling", "●", "yellow"),
    "starting": ("starting", "○", "dim"),
    "stopped": ("not watching", "○", "red"),
    "unavailable": ("not watching", "○", "dim"),
}


class TextLine(Widget):
    """One line of text, repainted (not re-laid-out) when it changes."""

    line: reactive[Text] = reactive(Text, layout=False)

    def __init__(self, line: str | Text = "", **kwargs) -> None:
        super().__init__(**kwargs)
        self.set_reactive(TextLine.line, Text(line) if isinstance(line, str) else line)

    def render(self) -> Text:
        text = self.line.copy()
        text.no_wrap = True
        text.overflow = "ellipsis"
        return text


class HeaderLine(TextLine):
    """``chunkscope  ~/papers   1,284 docs · 48,211 chunks · 7 failed   watching ●``, shortened to
    its width: the folder first (its start cut, ``…``), then the watcher's word (its mark stays),
    then the app's name; the counts stay whole to the last."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.folder, self.counts, self.watcher = "", {}, ""

    def show(self, folder: str, counts: dict, watcher: str) -> None:
        self.folder, self.counts, self.watcher = folder, dict(counts), watcher
        self.line = self.fit(self.content_region.width)

    def on_resize(self) -> None:
        self.line = self.fit(self.content_region.width)

    def fit(self, width: int) -> Text:
        """The header in ``width`` cells (any width when 0: not laid out yet)."""
        counts = Text(" · ").join(self._counts())
        word, mark, style = WATCH.get(self.watcher, (self.watcher, "", ""))
        state = Text.assemble(word, " " if word and mark else "", (mark, style))
        folder = self.folder if cell_len(self.folder) <= 40 else "…" + tail(self.folder, 39)
        for brand, with_word in ((True, True), (True, False), (False, False)):
            head = Text("chunkscope", style="bold") if brand else Text()
            watch = state if with_word else Text(mark, style=style)
            fixed = head.cell_len + counts.cell_len + watch.cell_len + 2 * bool(head) + 3 * bool(watch)
            room = width - fixed - 3  # the folder and the three spaces after it
            if not width or room >= min(cell_len(folder), 12):
                break
        shown = folder
        if width and cell_len(folder) > room:
            shown = "…" + tail(folder, room - 1) if room > 1 else ""
        out = Text()
        if head:
            out.append_text(head)
            out.append("  ")
        if shown:
            out.append(shown)
            out.append("   ")
        out.append_text(counts)
        if watch:
            out.append("   ")
            out.append_text(watch)
        return out

    def _counts(self) -> list[Text]:
        counts = self.counts
        parts = [
            Text(counted(counts.get("documents", 0), "doc")),
            Text(counted(counts.get("chunks", 0), "chunk")),
        ]
        if counts.get("failed"):
            parts.append(Text(f"{counts['failed']:,} failed", style="red"))
        if counts.get("stale"):
            parts.append(Text(f"{counts['stale']:,} stale", style="yellow"))
        return parts


class TitleLine(TextLine):
    """The selected document: its path in bold, then details (``docx · 37 B · failed …``), fitted
    to its width by :func:`~tui.present.fit_title` again on each resize."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.title: tuple[str, tuple[str, ...], tuple[int, ...]] | None = None

    def show(self, name: str, details: Sequence[str], optional: Sequence[int] = ()) -> None:
        """``details`` at the indices ``optional`` are left out first (in that order) where the
        line is short of room."""
        self.title = (printable(name), tuple(details), tuple(optional))
        self.line = self.fit(self.content_region.width)

    def clear(self, note: str) -> None:
        self.title = None
        self.line = Text(note, style="dim")

    def on_resize(self) -> None:
        if self.title is not None:
            self.line = self.fit(self.content_region.width)

    def fit(self, width: int) -> Text:
        assert self.title is not None
        name, details, optional = self.title
        name, shown = fit_title(name, details, width, optional)
        return Text.assemble((name, "bold"), *(" · " + d for d in shown))


class ProgressNote(TextLine):
    """The figures after the progress bar while a run reads files, in the words of the CLI's
    ``index`` bar: ``812/1,284 · 12 MB/30 MB · 34 files/s · ETA 0:14 · 2 failed``. Short of room
    (at 80 columns the note has 53 cells) the sizes go first, then the files a second; the
    failures so far stay to the last. Fitted again on each resize; a note in words
    (:meth:`say`) is shown as it is."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.run: tuple[int, int, float, int, int, int] | None = None

    def figures(
        self, done: int, total: int, elapsed: float, bytes_done: int, bytes_total: int, failed: int
    ) -> None:
        self.run = (done, total, elapsed, bytes_done, bytes_total, failed)
        self.line = self.fit(self.content_region.width)

    def say(self, text: str) -> None:
        self.run = None
        self.line = Text(text)

    def on_resize(self) -> None:
        if self.run is not None:
            self.line = self.fit(self.content_region.width)

    def fit(self, width: int) -> Text:
        """The figures in ``width`` cells (all of them when 0: not laid out yet)."""
        assert self.run is not None
        done, total, elapsed, bytes_done, bytes_total, failed = self.run
        size = f"{human_bytes(bytes_done)}/{human_bytes(bytes_total)}"
        failures = Text.assemble(" · ", (f"{failed:,} failed", "red")) if failed else Text()
        room = width - failures.cell_len if width else None
        return Text(fitted_progress_note(done, total, elapsed, size=size, room=room)) + failures


class ProgressLine(Horizontal):
    def compose(self) -> ComposeResult:
        yield TextLine("Index", id="progress-label")
        yield ProgressBar(total=1, show_eta=False, show_percentage=False, id="progress-bar")
        yield ProgressNote(id="progress-note")

    def progress(
        self,
        done: int,
        total: int,
        elapsed: float,
        *,
        bytes_done: int = 0,
        bytes_total: int = 0,
        failed: int = 0,
    ) -> None:
        bar = self.query_one(ProgressBar)
        bar.update(total=max(total, 1), progress=done)
        self.query_one("#progress-label", TextLine).line = Text("Indexing")
        self.query_one(ProgressNote).figures(done, total, elapsed, bytes_done, bytes_total, failed)

    def done(self, text: str) -> None:
        bar = self.query_one(ProgressBar)
        bar.update(total=1, progress=1)
        self.query_one("#progress-label", TextLine).line = Text("Index")
        self.note(text)

    def note(self, text: str) -> None:
        self.query_one(ProgressNote).say(text)
