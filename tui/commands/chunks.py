"""`chunkscope chunks FILE`: chunk one file in one mode and print the chunks."""

from __future__ import annotations

import argparse
import json
import sys


def add_mode_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--mode", default="default", help="chunking mode (see `chunkscope formats`)")
    p.add_argument("--window-size", type=int, default=3)
    p.add_argument("--overlap", type=int, default=1)
    p.add_argument("--sentences-per-chunk", type=int, default=3)
    p.add_argument("--paragraphs-per-page", type=int, default=15)
    p.add_argument("--rows-per-chunk", type=int, default=None)
    p.add_argument("--list-images", action="store_true", help="extract images instead of placeholders")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("chunks", help="chunk one file and print its chunks")
    p.add_argument("file")
    add_mode_options(p)
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="one JSON array of chunks")
    out.add_argument("--jsonl", action="store_true", help="one chunk per line")
    p.set_defaults(run=run)


def params_from(args: argparse.Namespace):
    from indexer import ModeParams

    return ModeParams(
        window_size=args.window_size,
        overlap=args.overlap,
        sentences_per_chunk=args.sentences_per_chunk,
        paragraphs_per_page=args.paragraphs_per_page,
        rows_per_chunk=args.rows_per_chunk,
        list_images=args.list_images,
    )


def run(args: argparse.Namespace) -> int:
    from indexer import chunk_document, extract

    doc = extract(args.file)
    chunks = [c.to_dict() for c in chunk_document(doc, args.mode, params_from(args))]
    if args.json:
        json.dump(chunks, sys.stdout, ensure_ascii=False, indent=2)
        print()
    elif args.jsonl:
        for c in chunks:
            print(json.dumps(c, ensure_ascii=False))
    else:
        for i, c in enumerate(chunks):
            meta = c["metadata"]
            where = []
            if meta.get("page_number") is not None:
                where.append(f"p.{meta['page_number']}")
            if meta.get("source_lines"):
                a, b = meta["source_lines"]
                where.append(f"lines {a}-{b}")
            head = " · ".join([f"#{i}", c["content_type"], *where, f"{len(c['content']):,} ch"])
            print(f"── {head} " + "─" * max(0, 60 - len(head)))
            print(c["content"])
        print(f"── {len(chunks)} chunks ({args.mode})", file=sys.stderr)
    return 0
