"""`chunkscope index FOLDER`: index a folder into its SQLite file, with a progress bar and a summary.

Also the helpers the other index commands (search, manifest, report, export) use to find the
database of a folder.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rich.text import Text

from tui.commands.chunks import add_extract_options, add_index_options, extract_options


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("index", help="index a folder into its SQLite file (.chunkscope/index.db)")
    p.add_argument("folder", type=Path, metavar="FOLDER", help="the folder to index")
    add_index_options(p)
    p.add_argument(
        "--modes",
        nargs="+",
        default=["default"],
        metavar="MODE",
        help="modes to chunk at index time besides the default one, space- or comma-separated, or `all` "
        "(others are chunked on demand)",
    )
    p.add_argument(
        "--timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help="each file's time budget (default: 120); OCR of a long scan may use half of it",
    )
    p.add_argument(
        "--memory-mb",
        type=int,
        default=None,
        metavar="MB",
        help="address-space limit of each worker process, in MiB (default: 3072)",
    )
    p.add_argument("--json", action="store_true", help="the summary as JSON")
    add_extract_options(p)
    p.set_defaults(run=run)


# -- finding a folder's database -----------------------------------------------------------------


def find_db(start: Path) -> Path | None:
    """The nearest ``.chunkscope/index.db`` at or above ``start``."""
    from storage.db import INDEX_DIR, INDEX_FILE

    here = start.resolve()
    if here.is_file():
        here = here.parent
    for folder in (here, *here.parents):
        candidate = folder / INDEX_DIR / INDEX_FILE
        if candidate.is_file():
            return candidate
    return None


def locate(db: Path | None, folder: Path | None) -> Path:
    """``--db`` if given, else the index of ``folder`` (default: the current folder) or of a parent."""
    from tui.cli import UserError

    if db is not None:
        if not db.is_file():
            raise UserError(
                f"no index at {db}; --db takes the index file of an indexed folder "
                "(FOLDER/.chunkscope/index.db), or leave it out to use the folder's own"
            )
        return db
    start = folder or Path.cwd()
    if not start.exists():
        raise UserError(f"no such folder: {start}")
    found = find_db(start)
    if found is None:
        from storage.db import default_db_path

        fallback = default_db_path(start if start.is_dir() else start.parent)
        if fallback.is_file():
            return fallback
        raise UserError(f"{start} is not indexed; run `chunkscope index {start}` first (or pass --db)")
    return found


def open_store(db: Path | None, folder: Path | None, *, readonly: bool = True):
    from storage.errors import StoreError
    from storage.store import Store
    from tui.cli import UserError

    path = locate(db, folder)
    try:
        return Store.open(path, readonly=readonly)
    except StoreError as exc:
        raise UserError(str(exc)) from None


def folder_scope(store, db: Path | None, folder: Path | None) -> str | None:
    """The folder inside the index that ``search``, ``report`` and ``export`` cover: ``folder``
    (default: the current one; a file's folder for a file) as a path relative to the index's root,
    or None for the whole index: at the root, outside it, or with ``--db``, which names the index
    file and no place in the folder (the current folder may be anywhere then)."""
    if db is not None:
        return None
    full = (folder or Path.cwd()).resolve()
    if full.is_file():
        full = full.parent
    root = store.root.resolve()
    if full == root:
        return None
    try:
        return full.relative_to(root).as_posix()
    except ValueError:
        return None


def relative_to_root(store, path: Path) -> str:
    from tui.cli import UserError

    full = path.resolve()
    try:
        return full.relative_to(store.root.resolve()).as_posix()
    except ValueError:
        raise UserError(f"{path} is not inside the indexed folder {store.root}") from None


# -- the command -----------------------------------------------------------------------------


#: the bar's width where the line has room, and the least it is drawn at
BAR_WIDTH = 40
LEAST_BAR = 10


def _progress_columns():
    """The bar in the words of the app's progress line (``Indexing ━━━ 812/1,284 · 12 MB/30 MB ·
    34 files/s · ETA 0:14 · 2 failed``, :func:`tui.present.progress_note`): the sizes read after
    the files, the failures so far last."""
    from rich.progress import BarColumn, TextColumn

    return (
        TextColumn("[bold]Indexing[/]"),
        BarColumn(bar_width=BAR_WIDTH),
        TextColumn("{task.fields[note]}", markup=False),
        TextColumn("{task.fields[failures]}"),
    )


def _fit_bar(bar, width: int, done: int, total: int, elapsed: float, size: str, failures: str) -> str:
    """The figures that fit a terminal ``width`` columns wide beside the word and a bar of
    :data:`LEAST_BAR` cells (the sizes left out first, then the files a second, as the app's line
    leaves them out), the bar then as wide as the rest allows, up to :data:`BAR_WIDTH`. Rich's
    columns, given too little room, cut each figure short instead (``ETA 0… · 9 fail…``)."""
    from tui.present import fitted_progress_note

    failed = len(failures) + 1 if failures else 0  # the columns part by a space
    fixed = len("Indexing") + 1 + 1 + failed
    note = fitted_progress_note(done, total, elapsed, size=size, room=width - fixed - LEAST_BAR)
    bar.bar_width = max(LEAST_BAR, min(BAR_WIDTH, width - fixed - len(note)))
    return note


def run(args: argparse.Namespace) -> int:
    import json

    from rich.console import Console
    from rich.progress import Progress

    from storage.errors import StoreError
    from storage.indexing import FileRemoved, IndexFailed, ScanProgress, index_folder
    from storage.migrations import INITIAL
    from tui.cli import UserError, existing_folder
    from tui.commands.chunks import limits_from
    from tui.commands.compact import as_json, describe
    from tui.commands.report import failure_message
    from tui.present import counted, human_bytes, printable, took

    folder: Path = existing_folder(args.folder)
    if args.jobs is not None and args.jobs < 1:
        raise UserError("--jobs must be at least 1")
    if args.memory_mb is not None and args.memory_mb < 1:
        raise UserError("--memory-mb must be at least 1")
    # --timeout checked as chunks and markdown check it: a time-out of 0 was the default's
    # 120 s, and one below 0 failed every file read ('extraction timed out after -5 s')
    limits = limits_from(args)
    modes = tuple(m for part in args.modes for m in part.split(",") if m)
    _check_modes(modes)

    console = Console(stderr=True)
    failures: list[IndexFailed] = []
    removed: list[str] = []
    columns = _progress_columns()
    progress = Progress(*columns, console=console, transient=True, disable=not console.is_terminal)
    task = progress.add_task("index", total=None, note="scanning…", failures="")

    def on_event(event: object) -> None:
        if isinstance(event, ScanProgress):
            size = f"{human_bytes(event.bytes_done)}/{human_bytes(event.bytes_total)}"
            failed = f"· {event.failures:,} failed" if event.failures else ""
            note = _fit_bar(columns[1], console.width, event.done, event.total, event.elapsed, size, failed)
            progress.update(
                task,
                total=event.total or None,
                completed=event.done,
                note=note,
                failures=f"· [red]{event.failures:,} failed[/]" if event.failures else "",
            )
        elif isinstance(event, IndexFailed):
            failures.append(event)
        elif isinstance(event, FileRemoved):
            removed.append(event.path)

    kwargs = {}
    if args.memory_mb:
        kwargs["memory_mb"] = args.memory_mb
    try:
        with progress:
            summary = index_folder(
                folder,
                db_path=args.db,
                jobs=args.jobs,
                modes=modes,
                options=extract_options(args),
                on_event=on_event,
                limits=limits,
                **kwargs,
            )
    except StoreError as exc:
        raise UserError(str(exc)) from None
    # files that failed in an earlier run and were not read again (unchanged since): this run's
    # counts leave them out, but they are still not indexed
    earlier = max(0, _failing(Path(summary.db_path)) - summary.failed)
    # the migrations an existing index was brought through (a new file goes through all of them)
    upgraded = [] if INITIAL in summary.migrated else summary.migrated

    if args.json:
        out = {
            "folder": str(folder.resolve()),
            "db": summary.db_path,
            "files": summary.files,
            "added": summary.added,
            "updated": summary.updated,
            "unchanged": summary.unchanged,
            "removed": summary.removed,
            "failed": summary.failed,
            "unsupported": summary.errors.get("UNSUPPORTED_FORMAT", 0),
            "still_failing": earlier,
            "reread": summary.reread,
            "errors": summary.errors,
            "bytes": summary.bytes,
            "seconds": round(summary.elapsed, 3),
            "migrated": upgraded,
            "compaction": as_json(summary.compaction) if summary.compaction else None,
            "failures": [
                {"path": f.path, "code": f.code, "message": f.message, "status": f.status} for f in failures
            ],
        }
        json.dump(out, sys.stdout, indent=2)
        print()
        return 0
    out_console = Console(soft_wrap=True)
    if summary.extracted:
        rate = summary.extracted / summary.elapsed if summary.elapsed > 0 else 0.0
        work = f"{summary.extracted:,} read at {rate:,.1f} files/s, {human_bytes(summary.bytes)}"
    else:
        work = "no file needed reading"
    db_size = Path(summary.db_path).stat().st_size if Path(summary.db_path).exists() else 0
    unsupported = summary.errors.get("UNSUPPORTED_FORMAT", 0)
    of_which = f" ({unsupported:,} of them unsupported)" if unsupported else ""
    # names and messages as they are (Text, not console markup: a message's trailing backslash
    # came out doubled, escaped)
    out_console.print(
        Text.assemble(
            "Indexed ",
            (str(folder), "bold"),
            f": {counted(summary.files, 'file')} in {took(summary.elapsed)} ({work}) — "
            f"{summary.added:,} added, {summary.updated:,} updated, {summary.unchanged:,} unchanged, "
            f"{summary.removed:,} removed, {summary.failed:,} failed{of_which}",
        ),
        highlight=False,
    )
    for f in failures[:20]:
        message = failure_message(f.path, f.message)
        out_console.print(
            Text.assemble("  ", (f.status, "red"), f" {printable(f.path)}: {f.code}: {message}"),
            highlight=False,
        )
    if len(failures) > 20:
        out_console.print(f"  … and {len(failures) - 20:,} more (`chunkscope report` lists them all)")
    if earlier > 0:
        out_console.print(
            f"  {counted(earlier, 'unchanged file')} still failing from an earlier run "
            "(`chunkscope report` lists them)",
            highlight=False,
        )
    if summary.reread:
        out_console.print(
            f"  {counted(summary.reread, 'unchanged file')} read again: an earlier version of "
            "chunkscope had indexed them",
            highlight=False,
        )
    if upgraded:
        out_console.print(
            f"  the index was converted for this version of chunkscope ({', '.join(upgraded)})",
            highlight=False,
        )
    if summary.compaction is not None:
        out_console.print(f"  {describe(summary.compaction)}", highlight=False)
    out_console.print(f"Database: {summary.db_path} ({human_bytes(db_size)})", highlight=False)
    return 0


def _failing(db_path: Path) -> int:
    """How many files the index at ``db_path`` holds whose last reading failed: failed,
    unsupported, or stale (an older revision kept)."""
    from storage.errors import StoreError
    from storage.records import FAILED, STALE, UNSUPPORTED
    from storage.store import Store

    try:
        with Store.open(db_path, readonly=True) as store:
            counts = store.counts()
    except StoreError:
        return 0
    return counts[FAILED] + counts[UNSUPPORTED] + counts[STALE]


def known_modes() -> set[str]:
    """Every mode name some family serves (``default`` among them)."""
    from indexer.modes import registry

    return {m for family in registry.ORDER for m in registry.modes_for(family)}


def check_mode(mode: str) -> None:
    """A mode some family serves; any other is a mistake naming those there are, in the words
    of the library's error for one family (``indexer.modes.registry.unknown_mode``)."""
    from indexer.modes.registry import unknown_mode
    from tui.cli import UserError

    known = known_modes()
    if mode not in known:
        raise UserError(unknown_mode(mode, known))


def _check_modes(modes: tuple[str, ...]) -> None:
    from indexer.modes.registry import unknown_mode
    from tui.cli import UserError

    known = known_modes() | {"all"}
    unknown = [m for m in modes if m not in known]
    if unknown:
        raise UserError(unknown_mode(unknown, known))
