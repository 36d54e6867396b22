"""`chunkscope markdown FILE`: the document rendered as Markdown."""

from __future__ import annotations

import argparse
import sys


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("markdown", help="print a file rendered as Markdown")
    p.add_argument("file", metavar="FILE", help="the file to render")
    p.add_argument("--list-images", action="store_true", help="reference extracted images by name")
    p.add_argument(
        "--images-dir", metavar="FOLDER", help="with --list-images: also write the images into this folder"
    )
    from .chunks import add_extract_options, add_timeout_option

    add_extract_options(p)
    add_timeout_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from indexer import extract
    from indexer.markdown import render_markdown
    from tui.cli import UserError, existing_file

    from .chunks import extract_options, limits_from

    existing_file(Path(args.file))
    list_images = args.list_images or bool(args.images_dir)
    doc = extract(args.file, options=extract_options(args), limits=limits_from(args), image_data=list_images)
    sys.stdout.write(render_markdown(doc, list_images=list_images))
    if args.images_dir:
        out = Path(args.images_dir)
        try:
            out.mkdir(parents=True, exist_ok=True)
            for image in doc.images:
                (out / image.name).write_bytes(image.data)
        except OSError as exc:  # a file of that name, or a folder not writable: a traceback it was
            raise UserError(f"cannot write the images into {out}: {exc.strerror or exc}") from None
    if not sys.stdout.isatty():
        return 0
    print()
    return 0
