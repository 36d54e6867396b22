"""`chunkscope search QUERY`: full-text search over the indexed chunks, with snippets."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("search", help="full-text search over the chunks of an indexed folder")
    p.add_argument("query", metavar="QUERY", help='words (all must match), "a phrase", prefix*, OR')
    p.add_argument(
        "--db",
        type=Path,
        metavar="PATH",
        help="the index file (default: the index of --folder or of a folder above it)",
    )
    p.add_argument(
        "--folder",
        type=Path,
        default=None,
        metavar="FOLDER",
        help="the indexed folder, or a folder inside it to search only there (default: the current folder)",
    )
    p.add_argument(
        "--format", dest="source_type", metavar="SOURCE_TYPE", help="only this source type (md, pdf, csv …)"
    )
    p.add_argument("--mode", metavar="MODE", help="search the chunks of this mode (default: default)")
    p.add_argument("--content-type", metavar="CONTENT_TYPE", help="only chunks of this content_type")
    p.add_argument("--limit", type=int, default=20, metavar="N", help="hits to show at most (default: 20)")
    p.add_argument("--json", action="store_true", help="the hits as one JSON array")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.text import Text

    from storage.store import snippet_parts
    from tui.cli import UserError
    from tui.commands.index import check_mode, folder_scope, open_store
    from tui.present import counted, hit_place, printable, where_parts

    if args.limit < 1:
        raise UserError("--limit must be at least 1")
    mode = args.mode if args.mode and args.mode != "default" else None
    if mode is not None:
        check_mode(mode)
    # a mode other than the default is searched in every document it serves: those not chunked
    # in it yet are chunked first (and kept, as the UI and `export` keep them)
    store = open_store(args.db, args.folder, readonly=mode is None)
    try:
        if mode is not None:
            missing = store.without_mode(mode)
            if missing:
                print(
                    f"chunking {counted(len(missing), 'file')} in {mode} mode first …",
                    file=sys.stderr,
                )
                store.chunk_all(mode, missing)
        prefix = folder_scope(store, args.db, args.folder)  # run in a subfolder: only there
        hits = store.search(
            args.query,
            source_type=args.source_type,
            mode=args.mode,
            content_type=args.content_type,
            limit=args.limit,
            folder=prefix,
        )
    finally:
        store.close()
    if args.json:
        out = [
            {
                "path": h.path,
                "chunk_id": h.chunk_id,
                "ordinal": h.ordinal,
                "mode_key": h.mode_key,
                "content_type": h.content_type,
                "source_type": h.source_type,
                "snippet": "".join(f"[{t}]" if m else t for t, m in snippet_parts(h.snippet)),
                "metadata": h.metadata,
            }
            for h in hits
        ]
        json.dump(out, sys.stdout, ensure_ascii=False, indent=2)
        print()
        return 0 if hits else 1
    console = Console(soft_wrap=True, highlight=False)
    for h in hits:
        # the path and the place as the search dialog writes them ('notes.md  #1 heading · p.1')
        place = hit_place(h.ordinal, h.content_type, where_parts(h.metadata))
        console.print(Text.assemble((printable(h.path), "bold cyan"), "  ", (place, "cyan")))
        snippet = Text("  ")
        for text, matched in snippet_parts(" ".join(h.snippet.split())):
            snippet.append(text, style="bold yellow" if matched else None)
        console.print(snippet)
    print(counted(len(hits), "hit"), file=sys.stderr)
    return 0 if hits else 1
