"""`chunkscope compact [FOLDER]`: give back the space the index no longer uses (SQLite ``VACUUM``),
with the sizes before and after and the time it took."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "compact", help="give back the space the index of a folder no longer uses (needs it closed elsewhere)"
    )
    p.add_argument(
        "folder",
        type=Path,
        nargs="?",
        default=None,
        metavar="FOLDER",
        help="the indexed folder (default: the current one)",
    )
    p.add_argument(
        "--db",
        type=Path,
        metavar="PATH",
        help="the index file (default: the index of FOLDER or of a folder above it)",
    )
    p.add_argument("--json", action="store_true", help="the figures as JSON")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from storage.compact import compact
    from storage.errors import StoreError
    from tui.cli import UserError
    from tui.commands.index import locate

    path = locate(args.db, args.folder)
    try:
        done = compact(path)
    except StoreError as exc:
        raise UserError(str(exc)) from None
    if args.json:
        out = as_json(done)
        json.dump(out, sys.stdout, indent=2)
        print()
        return 0
    Console(soft_wrap=True, highlight=False).print(describe(done))
    return 0


def as_json(done) -> dict:
    """A :class:`storage.compact.Compaction` as JSON (``refused``: why it did not run, or null)."""
    return {
        "db": done.db_path,
        "bytes_before": done.bytes_before,
        "bytes_after": done.bytes_after,
        "free_pages_before": done.space.free_pages,
        "reclaimable_before": done.space.reclaimable,
        "seconds": round(done.seconds, 3),
        "refused": done.refused or None,
    }


def describe(done) -> str:
    """One line on a :class:`storage.compact.Compaction`. What was measured before is named as
    what it is, free pages and the room that packing the pages of tables and indexes frees:
    ``VACUUM`` leaves pages a little short of full, so it gives back a little less (on the
    benchmark index 2.0 % of the file where 3.8 % was measured)."""
    from tui.present import counted, human_bytes, took

    # sizes and the time as the app writes them (an index of the sample corpus is "1.2 MB", a
    # compaction of it "12 ms": in MB to a tenth and in seconds, both were "0.0")
    space = done.space
    found = (
        f"before: {counted(space.free_pages, 'free page')}, {human_bytes(space.reclaimable)} of "
        f"{human_bytes(space.file_bytes)} free or room inside pages"
    )
    if done.refused:
        return f"Not compacted ({found}): {done.refused}"
    given = done.bytes_before - done.bytes_after
    if given > 0:
        saving = f"{human_bytes(given)} given back"
    elif given < 0:  # written again, the file can come out larger: said so, not as "-4096 B given back"
        saving = f"nothing given back, {human_bytes(-given)} larger"
    else:
        saving = "nothing given back"
    return (
        f"Compacted {done.db_path}: {human_bytes(done.bytes_before)} -> {human_bytes(done.bytes_after)} "
        f"({saving}; {found}) in {took(done.seconds)}"
    )
