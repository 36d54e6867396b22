"""The corpus report: per format files, indexed, failed, stale, chunks, coverage; then the
failures grouped by code, each jumping to its file (``enter``)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, OptionList, Static
from textual.widgets.option_list import Option

from ..present import counted, human_bytes

COLUMNS = (
    "format",
    "files",
    "indexed",
    "failed",
    "stale",
    "unsupported",
    "chunks",
    "median chunk",
    "warnings",
    "pages w/ text",
    "images",
    "size",
)


def format_row(f: dict[str, Any]) -> tuple:
    cov = f.get("coverage") or {}
    pages = f"{cov.get('pages_with_text', 0)}/{cov['pages_total']}" if cov.get("pages_total") else "—"
    images = cov.get("images_extracted", 0)
    skipped = cov.get("images_skipped", 0)
    return (
        f["source_type"],
        f["files"],
        f.get("indexed", 0),
        Text(str(f.get("failed", 0)), style="bold red" if f.get("failed") else ""),
        f.get("stale", 0),
        f.get("unsupported", 0),
        f"{f.get('chunks', 0):,}",
        f"{f['median_chunk_chars']:,} ch" if "median_chunk_chars" in f else "—",
        f.get("with_warnings", 0),
        pages,
        f"{images}" + (f" (+{skipped} skipped)" if skipped else ""),
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
    message = message.removeprefix(f"{path}: ")
    head = Text(f"  {path}", style="bold")
    head.append(f"  {doc['status']}", style="dim")
    return Group(head, Padding(Text(message, style="dim"), (0, 0, 0, 4))) if message else head


class ReportScreen(Screen[str | None]):
    BINDINGS = [Binding("escape,q,R", "dismiss(None)", "back"), Binding("r", "reload", "refresh")]

    def __init__(self) -> None:
        super().__init__()
        self.paths: list[str] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="report"):
            yield Static("[b]Corpus report[/b]", id="report-title")
            yield DataTable(id="report-formats", zebra_stripes=True, cursor_type="row")
            yield Static("[b]Failures[/b]", id="report-failures-title")
            yield OptionList(id="report-failures")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(DataTable).add_columns(*COLUMNS)
        self.action_reload()

    @work(exclusive=True, group="report")
    async def action_reload(self) -> None:
        library = self.app.library
        report = await library.call(library.report)
        self.show(report)

    def show(self, report: dict[str, Any]) -> None:
        table = self.query_one(DataTable)
        table.clear()
        totals = {"files": 0, "failed": 0, "chunks": 0}
        for f in report.get("formats", []):
            table.add_row(*format_row(f))
            for k in totals:
                totals[k] += f.get(k, 0)
        self.query_one("#report-title", Static).update(
            f"[b]Corpus report[/b]  {counted(totals['files'], 'file')} · {counted(totals['chunks'], 'chunk')} · "
            f"{totals['failed']:,} failed"
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
