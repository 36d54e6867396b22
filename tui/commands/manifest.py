"""`chunkscope manifest FILE`: what went in, what read it, what came out, and what was not read."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("manifest", help="print the manifest of a file (from its folder's index, or computed)")
    p.add_argument("file", type=Path, metavar="FILE", help="the file, indexed or not")
    p.add_argument(
        "--db",
        type=Path,
        metavar="PATH",
        help="the index file (default: the index of the file's folder or of a folder above it)",
    )
    p.set_defaults(run=run)


def stored(args: argparse.Namespace) -> dict | None:
    from indexer import errors
    from tui.commands.index import find_db, open_store, relative_to_root

    if args.db is None and find_db(args.file) is None:
        return None
    store = open_store(args.db, args.file)
    try:
        rel = relative_to_root(store, args.file)
        doc = store.document(rel)
        if doc is None:
            return None
        out: dict = {"path": rel, "status": doc.status}
        if doc.error_code:
            out["error"] = {
                "code": doc.error_code,
                "message": doc.error_message,
                "advice": errors.ADVICE.get(doc.error_code, ""),
            }
        manifest = store.manifest(rel)
        if manifest:
            out |= manifest
        return out
    finally:
        store.close()


def computed(path: Path) -> dict:
    """The manifest of a file that is not in an index: extracted and chunked now."""
    from indexer import api
    from indexer.formats import registry
    from indexer.limits import Limits
    from indexer.manifest import build_manifest
    from indexer.modes import registry as modes
    from indexer.modes.params import ModeParams

    limits = Limits()
    data, name = api.read_source(path, None, limits)
    spec = registry.resolve(name, data)
    doc = api.extract_bytes(data, name)
    chunks = api.chunk_document(doc, "default")
    key = modes.key_for(doc.family, "default", ModeParams())
    manifest = build_manifest(
        data,
        doc,
        filename=name,
        spec=spec,
        chunk_counts={key: len(chunks)},
        indexed_chars=sum(len(c.content) for c in chunks),
        limits=limits,
    )
    return {"path": str(path), "status": "not indexed"} | manifest


def run(args: argparse.Namespace) -> int:
    from tui.cli import existing_file

    existing_file(args.file)
    out = stored(args) or computed(args.file)
    json.dump(out, sys.stdout, ensure_ascii=False, indent=2)
    print()
    return 1 if out.get("status") == "failed" else 0
