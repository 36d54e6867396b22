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
        "folder", type=Path, nargs="?", default=None, help="indexed folder (default: the current one)"
    )
    p.add_argument("--db", type=Path, help="database file")
    p.add_argument("--json", action="store_true", help="the whole report as JSON")
    p.add_argument("--all", action="store_true", help="list every document, not only the ones with problems")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from tui.commands.index import open_store
    from tui.present import counted, human_bytes, printable

    store = open_store(args.db, args.folder)
    try:
        report = store.report()
        counts = store.counts()
        root = store.root
    finally:
        store.close()
    report["root"] = str(root)
    report["totals"] = counts
    if args.json:
        json.dump(report, sys.stdout, ensure_ascii=False, indent=2)
        print()
        return 0
    console = Console(soft_wrap=True, highlight=False)
    if not console.is_terminal:
        console.width = max(console.width, 150)
    table = Table(
        title=f"{root} — {counted(counts['documents'], 'file')}, {counted(counts['chunks'], 'chunk')}"
    )
    for col in (
        "format",
        "files",
        "size",
        "indexed",
        "stale",
        "failed",
        "unsupp.",
        "chunks",
        "median ch",
        "warn",
        "pages (text/total)",
        "images (extr/placeh)",
        "attachments (read/skipped)",
    ):
        table.add_column(col, justify="left" if col == "format" else "right")
    for f in report["formats"]:
        cov = f["coverage"]
        pages = f"{cov['pages_with_text']}/{cov['pages_total']}" if cov["pages_total"] else ""
        images = (
            f"{cov['images_extracted']}/{cov['images_placeholders']}"
            if cov["images_placeholders"] or cov["images_extracted"]
            else ""
        )
        attached = (
            f"{cov['attachments_indexed']}/{cov['attachments_skipped']}"
            if cov.get("attachments_indexed") or cov.get("attachments_skipped")
            else ""
        )
        table.add_row(
            f["source_type"],
            f"{f['files']:,}",
            human_bytes(f["bytes"]),
            f"{f['indexed']:,}",
            _warn(f["stale"]),
            _warn(f["failed"]),
            f"{f['unsupported']:,}" if f["unsupported"] else "",
            f"{f['chunks']:,}",
            f"{f['median_chunk_chars']:,}" if "median_chunk_chars" in f else "",
            f"{f['with_warnings']:,}" if f["with_warnings"] else "",
            pages,
            images,
            attached,
        )
    console.print(table)
    shown = [d for d in report["documents"] if args.all or d["status"] != "indexed" or d["has_warning"]]
    for d in shown:
        status = d["status"] + (" (warning)" if d["has_warning"] and d["status"] == "indexed" else "")
        line = f"{status:<20} {printable(d['path'])}"
        if d["error_code"]:
            line += f"  {d['error_code']}: {failure_message(d['path'], d['error_message'])}"
        console.print(line, markup=False)
    return 0


def failure_message(path: str, message: str | None) -> str:
    """A file's error message after its path, as the app's report writes it: without the
    message's own leading ``path: `` (the line says the path just before), in
    :func:`tui.present.printable` characters (a name's ESC no longer starts an escape sequence)."""
    from tui.present import printable

    return printable((message or "").removeprefix(f"{path}: "))


def _warn(n: int) -> str:
    return f"[red]{n:,}[/]" if n else ""
