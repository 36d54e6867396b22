"""The corpus report: per format files, indexed, failed, stale, chunks, coverage; then the
failures grouped by code, each jumping to its file (``enter``)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.option_list import Option

from ..present import counted, human_bytes, printable
from ..widgets.footer import Footer
from ..widgets.tables import cell_width, fill_table

COLUMNS = (
    "format",
    "files",
    "indexed",
    "failed",
    "stale",
    "unsupported",
    "chunks",
    "median",  # of the default mode's chunks, in characters
    "⚠",  # files with a coverage warning, as the tree marks them
    "text pages",  # pages with text / pages
    "images",
    "size",
)
#: Left out, in this order, while the table is wider than the screen: what the other columns or
#: the failures below say (indexed = files less the others; stale and unsupported files are
#: listed with their codes), then the chunks' median size. At 80 columns the first four go.
DROPPED_FIRST = ("size", "unsupported", "stale", "indexed", "median")


def fit_columns(rows: list[tuple], width: int) -> list[int]:
    """The indices of the columns shown in ``width`` cells: all of them when they fit (each as wide
    as its widest cell, and a cell's padding on both sides), else without the
    :data:`DROPPED_FIRST` ones, one at a time, until they fit (or none of those is left)."""

    widths = [
        max([cell_width(name)] + [cell_width(row[i]) for row in rows]) + 2 for i, name in enumerate(COLUMNS)
    ]
    shown = list(range(len(COLUMNS)))
    for name in DROPPED_FIRST:
        if sum(widths[i] for i in shown) <= width:
            break
        shown.remove(COLUMNS.index(name))
    return shown


def format_row(f: dict[str, Any]) -> tuple:
    """One format's cells, in the order of :data:`COLUMNS`: every count with thousands separators
    (``1,204``), as the chunks and the median are written; a count of failed or stale files in red
    unless none, as ``chunkscope report`` writes them and the header and the progress line write
    the failures."""
    cov = f.get("coverage") or {}
    pages_total = cov.get("pages_total")
    pages = f"{cov.get('pages_with_text', 0):,}/{pages_total:,}" if pages_total else "—"
    images = cov.get("images_extracted", 0)
    skipped = cov.get("images_skipped", 0)
    failed = f.get("failed", 0)
    stale = f.get("stale", 0)
    return (
        f["source_type"],
        f"{f['files']:,}",
        f"{f.get('indexed', 0):,}",
        Text(f"{failed:,}", style="red" if failed else ""),  # it was bold, the CLI's plain
        # files whose new revision failed (the last good one kept): red unless none, as
        # `chunkscope report` writes them
        Text(f"{stale:,}", style="red" if stale else ""),
        f"{f.get('unsupported', 0):,}",
        f"{f.get('chunks', 0):,}",
        f"{f['median_chunk_chars']:,} ch" if "median_chunk_chars" in f else "—",
        f"{f.get('with_warnings', 0):,}",
        pages,
        f"{images:,}" + (f" (+{skipped:,} skipped)" if skipped else ""),
        human_bytes(f.get("bytes", 0)),
    )


def failures(report: dict[str, Any]) -> list[tuple[str, list[dict[str, Any]]]]:
    """Failed (and stale-with-error) documents grouped by error code, codes sorted."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for d in report.get("documents", []):
        if d.get("error_code"):
            groups.setdefault(d["error_code"], []).append(d)
    return sorted(groups.items())


def failure_entry(doc: dict[str, Any]) -> RenderableType:
    """The path and status on one line, the error message below it, wrapped under itself (the
    message's own leading ``path: `` left out, the line above says it)."""
    path, message = doc["path"], doc.get("error_message") or ""
    path, message = printable(path), printable(message.removeprefix(f"{path}: "))
    head = Text(f"  {path}", style="bold")
    head.append(f"  {doc['status']}", style="dim")
    return Group(head, Padding(Text(message, style="dim"), (0, 0, 0, 4))) if message else head


class ReportScreen(Screen[str | None]):
    BINDINGS = [Binding("escape,q,R", "dismiss(None)", "back"), Binding("r", "reload", "refresh")]

    def __init__(self) -> None:
        super().__init__()
        self.paths: list[str] = []
        self.report: dict[str, Any] | None = None
        self.columns: list[int] = []  # the indices into COLUMNS shown

    def compose(self) -> ComposeResult:
        with Vertical(id="report"):
            yield Static("[b]Corpus report[/b]", id="report-title")
            yield DataTable(
                id="report-formats",
                zebra_stripes=True,
                cursor_type="row",
                # a red count stays red under the cursor (the cursor's colour hid it)
                cursor_foreground_priority="renderable",
            )
            yield Static("[b]Failures[/b]", id="report-failures-title")
            yield OptionList(id="report-failures")
        yield Footer()

    def on_mount(self) -> None:
        self.action_reload()

    def on_resize(self, event: events.Resize) -> None:
        if self.report is not None:
            self.show_formats(self.report)

    @work(exclusive=True, group="report")
    async def action_reload(self) -> None:
        library = self.app.library
        report = await library.call(library.store.report)
        self.show(report)

    def show_formats(self, report: dict[str, Any]) -> None:
        """The table of formats, with the columns that fit the screen's width (:func:`fit_columns`)."""
        table = self.query_one(DataTable)
        rows = [format_row(f) for f in report.get("formats", [])]
        # the width left of a vertical scrollbar, whether it shows or not (not known before layout)
        width = (table.size.width or self.app.size.width - 2) - table.styles.scrollbar_size_vertical
        shown = fit_columns(rows, width)
        if shown == self.columns and table.row_count == len(rows):
            return
        self.columns = shown
        fill_table(table, [COLUMNS[i] for i in shown], [[row[i] for i in shown] for row in rows])

    def show(self, report: dict[str, Any]) -> None:
        self.report = report
        self.columns = []
        self.show_formats(report)
        totals = {"files": 0, "failed": 0, "chunks": 0}
        for f in report.get("formats", []):
            for k in totals:
                totals[k] += f.get(k, 0)
        failed = totals["failed"]
        self.query_one("#report-title", Static).update(
            Text.assemble(
                ("Corpus report", "bold"),
                f"  {counted(totals['files'], 'file')} · {counted(totals['chunks'], 'chunk')} · ",
                # red unless none, as the table's failed cell, the app's header and `chunkscope
                # report` write a count of failed files (it was in the title's plain colour)
                (f"{failed:,} failed", "red" if failed else ""),
            )
        )
        options: list[Option] = []
        self.paths = []
        for code, docs in failures(report):
            options.append(Option(Text(f"{code} ({len(docs)})", style="bold red"), disabled=True))
            self.paths.append("")
            for d in docs:
                options.append(Option(failure_entry(d)))
                self.paths.append(d["path"])
        failures_list = self.query_one(OptionList)
        failures_list.clear_options()
        if options:
            failures_list.add_options(options)
        else:
            failures_list.add_option(Option(Text("no failures", style="dim"), disabled=True))
            self.paths = [""]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        path = self.paths[event.option_index]
        if path:
            self.dismiss(path)
