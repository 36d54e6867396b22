"""`chunkscope export --mode M --format jsonl`: every chunk of an indexed folder, one per line."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    from tui.commands.chunks import add_mode_options

    p = sub.add_parser("export", help="write the chunks of an indexed folder in one mode as JSON lines")
    p.add_argument(
        "folder",
        type=Path,
        nargs="?",
        default=None,
        metavar="FOLDER",
        help=(
            "the indexed folder, or a folder inside it to export only its files (default: the current folder)"
        ),
    )
    p.add_argument(
        "--db",
        type=Path,
        metavar="PATH",
        help="the index file (default: the index of FOLDER or of a folder above it)",
    )
    p.add_argument("--format", choices=["jsonl"], default="jsonl", help="output format (default: jsonl)")
    p.add_argument("-o", "--output", type=Path, metavar="FILE", help="write here instead of standard output")
    add_mode_options(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from indexer import errors
    from tui.cli import UserError, say_skipped
    from tui.commands.chunks import params_from
    from tui.commands.index import check_mode, folder_scope, open_store
    from tui.present import counted

    if args.mode != "default":
        check_mode(args.mode)  # a mode no family has: every file was skipped, and the export "succeeded"
    params = params_from(args)
    store = open_store(args.db, args.folder, readonly=False)  # modes not cached yet are stored on the way
    try:
        # (closed below)
        out = open(args.output, "w", encoding="utf-8") if args.output else sys.stdout  # noqa: SIM115
    except OSError as exc:  # a folder that is not there, or not writable: a traceback it was
        store.close()
        raise UserError(f"cannot write {args.output}: {exc.strerror or exc}") from None
    written = docs = 0
    skipped: dict[str, list[str]] = {}  # why (the mode is not one of the file's family) -> the files
    try:
        # run in a subfolder (or given one), the files under it alone, as `search` searches there
        for doc in store.documents(folder_scope(store, args.db, args.folder)):
            if doc.status not in ("indexed", "stale"):
                continue
            try:
                rows = store.chunks(doc.path, args.mode, params)
            except errors.InvalidArgument as exc:
                skipped.setdefault(exc.message, []).append(doc.path)
                continue
            docs += 1
            for row in rows:
                out.write(row.export_line(doc.path))
                written += 1
    finally:
        if out is not sys.stdout:
            out.close()
        store.close()
    # one line for the files skipped for one reason (a line each repeated it for every file); one
    # file named as `fields` names a file it goes on without
    for why, paths in skipped.items():
        named = ", ".join(paths[:3]) + (f" and {len(paths) - 3:,} more" if len(paths) > 3 else "")
        say_skipped(paths[0] if len(paths) == 1 else f"{counted(len(paths), 'file')} ({named})", why)
    # the counts in the words of the app's "exported 2 chunks" and its report's files
    total = sum(len(paths) for paths in skipped.values())
    skipped_note = f", {total:,} skipped" if total else ""
    print(
        f"{counted(written, 'chunk')} from {counted(docs, 'file')} ({args.mode}){skipped_note}",
        file=sys.stderr,
    )
    return 0
