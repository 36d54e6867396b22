"""`chunkscope markdown FILE`: the document rendered as Markdown."""

from __future__ import annotations

import argparse
import sys


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("markdown", help="print a file rendered as Markdown")
    p.add_argument("file")
    p.add_argument("--list-images", action="store_true", help="reference extracted images by name")
    p.add_argument("--images-dir", help="with --list-images: also write the images into this folder")
    from .chunks import add_extract_options

    add_extract_options(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from indexer import get_markdown

    from .chunks import extract_options

    result = get_markdown(
        args.file, list_images=args.list_images or bool(args.images_dir), options=extract_options(args)
    )
    if isinstance(result, str):
        sys.stdout.write(result)
    else:
        sys.stdout.write(result.markdown)
        if args.images_dir:
            out = Path(args.images_dir)
            out.mkdir(parents=True, exist_ok=True)
            for name, data in result.images.items():
                (out / name).write_bytes(data)
    if not sys.stdout.isatty():
        return 0
    print()
    return 0
