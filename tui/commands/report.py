"""`chunkscope report`: the corpus report of an indexed folder — per format files, failures, chunks,
coverage, and every document with its status and error code."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("report", help="per-format coverage of an indexed folder, and every file's status")
    p.add_argument(
        "folder",
        type=Path,
        nargs="?",
        default=None,
        metavar="FOLDER",
        help=(
            "the indexed folder, or a folder inside it to report only on its files (default: the "
            "current folder)"
        ),
    )
    p.add_argument(
        "--db",
        type=Path,
        metavar="PATH",
        help="the index file (default: the index of FOLDER or of a folder above it)",
    )
    p.add_argument("--json", action="store_true", help="the whole report as JSON")
    p.add_argument("--all", action="store_true", help="list every document, not only the ones with problems")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.measure import Measurement
    from rich.table import Table

    from tui.commands.index import folder_scope, open_store
    from tui.present import counted, human_bytes, printable

    store = open_store(args.db, args.folder)
    try:
        # run in a subfolder (or given one), its files alone, as `search` searches there
        scope = folder_scope(store, args.db, args.folder)
        report = store.report(scope)
        counts = store.counts(scope)
        root = store.root
    finally:
        store.close()
    report["root"] = str(root)
    report["folder"] = scope or ""
    report["totals"] = counts
    if args.json:
        json.dump(report, sys.stdout, ensure_ascii=False, indent=2)
        print()
        return 0
    console = Console(soft_wrap=True, highlight=False)
    if not console.is_terminal:
        console.width = max(console.width, 150)
    place = root / scope if scope else root
    title = f"{place} — {counted(counts['documents'], 'file')}, {counted(counts['chunks'], 'chunk')}"
    rows = [_format_cells(f, human_bytes) for f in report["formats"]]
    shown = list(COLUMNS)

    def table_of(columns: list[str]) -> Table:
        table = Table(title=title)
        for col in columns:
            table.add_column(col, justify="left" if col == "format" else "right", no_wrap=True)
        for row in rows:
            table.add_row(*(row[COLUMNS.index(col)] for col in columns))
        return table

    table = table_of(shown)
    # in the terminal's width, whole columns left out in the order of the app's report (at 80
    # columns every cell was cut short, and '5.1 KB' took two lines, a word each)
    for name in DROPPED_FIRST:
        if Measurement.get(console, console.options.update(width=10_000), table).maximum <= console.width:
            break
        shown.remove(name)
        table = table_of(shown)
    console.print(table)
    left_out = [name.replace("\n", " ") for name in COLUMNS if name not in shown]
    if left_out:
        console.print(
            f"(left out at this width: {', '.join(left_out)}; --json has every figure)", markup=False
        )
    shown = [d for d in report["documents"] if args.all or d["status"] != "indexed" or d["has_warning"]]
    for d in shown:
        status = d["status"] + (" (warning)" if d["has_warning"] and d["status"] == "indexed" else "")
        line = f"{status:<20} {printable(d['path'])}"
        if d["error_code"]:
            line += f"  {d['error_code']}: {failure_message(d['path'], d['error_message'])}"
        console.print(line, markup=False)
    return 0


#: The format table's columns; those of :data:`DROPPED_FIRST` are left out, in that order, while
#: the table is wider than the terminal. A figure the app's report shows has the name it has there
#: (``tui.screens.report.COLUMNS``); images and attachments are counted otherwise than there, and
#: their names say how.
COLUMNS = (
    "format",
    "files",
    "size",
    "indexed",
    "stale",
    "failed",
    "unsupported",
    "chunks",
    "median",
    "⚠",
    "text pages",
    "images\n(extr/placeh)",
    "attachments\n(read/skipped)",
)
#: The app's report leaves out size, unsupported, stale and indexed first, in this order (the
#: files they count are listed below the table, or the other columns say them), and the median
#: last; the coverage columns it does not have in this form go before the median, so that at the
#: same width both reports show it (at 80 columns the median went, and the attachments kept the
#: room it needs).
DROPPED_FIRST = (
    "size",
    "unsupported",
    "stale",
    "indexed",
    "attachments\n(read/skipped)",
    "images\n(extr/placeh)",
    "median",
)


def _format_cells(f: dict, human_bytes) -> list[str]:
    """One format's cells, in the order of :data:`COLUMNS`, as the app's report writes them
    (``tui.screens.report.format_row``): a count of none is ``0`` (``0/0`` for the two-figure
    images and attachments), a figure there is nothing to tell from is ``—`` (the median of no
    chunks, the pages with text of a format without pages). No cell is left empty (an empty
    cell could be read as either)."""
    cov = f["coverage"]
    pages = f"{cov['pages_with_text']:,}/{cov['pages_total']:,}" if cov["pages_total"] else "—"
    images = f"{cov['images_extracted']:,}/{cov['images_placeholders']:,}"
    attached = f"{cov.get('attachments_indexed', 0):,}/{cov.get('attachments_skipped', 0):,}"
    return [
        f["source_type"],
        f"{f['files']:,}",
        human_bytes(f["bytes"]),
        f"{f['indexed']:,}",
        _warn(f["stale"]),
        _warn(f["failed"]),
        f"{f['unsupported']:,}",
        f"{f['chunks']:,}",
        f"{f['median_chunk_chars']:,} ch" if "median_chunk_chars" in f else "—",
        f"{f['with_warnings']:,}",
        pages,
        images,
        attached,
    ]


def failure_message(path: str, message: str | None) -> str:
    """A file's error message after its path, as the app's report writes it: without the
    message's own leading ``path: `` (the line says the path just before), in
    :func:`tui.present.printable` characters (a name's ESC no longer starts an escape sequence)."""
    from tui.present import printable

    return printable((message or "").removeprefix(f"{path}: "))


def _warn(n: int) -> str:
    """A count of stale or failed files, in red unless none."""
    return f"[red]{n:,}[/]" if n else "0"
