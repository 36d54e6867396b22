"""`chunkscope chunks FILE`: chunk one file in one mode and print the chunks."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tui.cli import UserError
from tui.present import counted, where_parts


def add_mode_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--mode",
        default="default",
        metavar="MODE",
        help="chunking mode (default: default; `chunkscope formats` lists each format's)",
    )
    # the defaults of indexer.modes.params.ModeParams, said in docs/output-schema.md
    p.add_argument(
        "--window-size",
        type=int,
        default=3,
        metavar="N",
        help="sliding_window: blocks per window (default: 3)",
    )
    p.add_argument(
        "--overlap",
        type=int,
        default=1,
        metavar="N",
        help="sliding_window: blocks a window shares with the one before (default: 1)",
    )
    p.add_argument(
        "--sentences-per-chunk",
        type=int,
        default=3,
        metavar="N",
        help="sentence: sentences per chunk (default: 3)",
    )
    p.add_argument(
        "--paragraphs-per-page",
        type=int,
        default=15,
        metavar="N",
        help="page_aware: blocks per page where the document marks none (default: 15)",
    )
    p.add_argument(
        "--rows-per-chunk",
        type=int,
        default=None,
        metavar="N",
        help="row: rows per chunk (default: 3 for CSV, 1 for spreadsheets)",
    )
    p.add_argument("--list-images", action="store_true", help="extract images instead of placeholders")


def add_index_options(p: argparse.ArgumentParser, *, poll: bool = False) -> None:
    """The options of the commands that index a folder (``ui``, ``index``, ``watch``), worded alike:
    the index file, the worker processes and, for those that watch, polling."""
    p.add_argument(
        "--db", type=Path, metavar="PATH", help="the index file (default: FOLDER/.chunkscope/index.db)"
    )
    p.add_argument(
        "--jobs",
        type=int,
        default=None,
        metavar="N",
        help="extraction worker processes (default: one per core)",
    )
    if poll:
        p.add_argument("--poll", action="store_true", help="watch by polling instead of native file events")


def add_extract_options(p: argparse.ArgumentParser) -> None:
    """Format options an extractor reads (``ExtractContext.options``)."""
    g = p.add_argument_group("extraction options")
    g.add_argument(
        "--pdf-tables",
        choices=("auto", "always", "never"),
        default="auto",
        help=(
            "PDF table detection: on pages with ruling lines (auto, the default), every page (always) "
            "or never"
        ),
    )
    g.add_argument(
        "--ocr",
        choices=("auto", "never"),
        default="auto",
        help="OCR pages without text when tesseract is installed (auto, the default) or never",
    )
    g.add_argument(
        "--ocr-lang",
        metavar="LANGS",
        help="tesseract languages for OCR, joined by '+' (e.g. deu+eng; default: tesseract's own, eng)",
    )
    g.add_argument(
        "--ocr-jobs",
        type=_positive_int,
        metavar="N",
        help="pages OCR reads at once (default: one per CPU, shared among the indexer's workers)",
    )
    g.add_argument(
        "--password",
        metavar="PASSWORD",
        help=(
            "password of an encrypted PDF, Word, Excel, PowerPoint or OpenDocument file "
            "(not given to attached files)"
        ),
    )


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"a whole number greater than 0, not {text!r}")
    return value


def add_timeout_option(p: argparse.ArgumentParser) -> None:
    """``--timeout`` for a command that reads one file (``index`` has its own, per file)."""
    p.add_argument(
        "--timeout",
        type=float,
        metavar="SECONDS",
        help="the file's time budget (default: 120); OCR of a long scan may use half of it",
    )


def extract_options(args: argparse.Namespace) -> dict:
    options = {"pdf_tables": args.pdf_tables, "ocr": args.ocr}
    if args.ocr_lang:
        from indexer.formats._pdf_ocr import valid_lang

        if not valid_lang(args.ocr_lang):
            raise UserError(f"--ocr-lang takes tesseract language names joined by '+', not {args.ocr_lang!r}")
        options["ocr_lang"] = args.ocr_lang
    if args.ocr_jobs:
        options["ocr_jobs"] = args.ocr_jobs
    if args.password:
        options["password"] = args.password
    return options


def limits_from(args: argparse.Namespace):
    """The extraction limits the options ask for (``--timeout``), else the defaults."""
    from indexer.limits import Limits

    if args.timeout is None:
        return Limits()
    if args.timeout <= 0:
        raise UserError(f"--timeout must be greater than 0, not {args.timeout:g}")
    return Limits(timeout_seconds=args.timeout)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("chunks", help="chunk one file and print its chunks")
    p.add_argument("file", metavar="FILE", help="the file to chunk")
    add_mode_options(p)
    add_extract_options(p)
    add_timeout_option(p)
    p.add_argument(
        "--compare",
        metavar="MODE,MODE,...",
        help="instead of the chunks, a summary per mode: count, size min/median/max, over budget, content types",
    )
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="the chunks as one JSON array")
    out.add_argument("--jsonl", action="store_true", help="the chunks as JSON lines, one chunk a line")
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
    from tui.cli import existing_file

    doc = extract(
        existing_file(Path(args.file)),
        options=extract_options(args),
        limits=limits_from(args),
        image_data=args.list_images,
    )
    if args.compare:
        return compare(doc, [m.strip() for m in args.compare.split(",") if m.strip()], params_from(args))
    chunks = [c.to_dict() for c in chunk_document(doc, args.mode, params_from(args))]
    if args.json:
        json.dump(chunks, sys.stdout, ensure_ascii=False, indent=2)
        print()
    elif args.jsonl:
        for c in chunks:
            print(json.dumps(c, ensure_ascii=False))
    else:
        for i, c in enumerate(chunks):
            # the place in the UI's words: message, attachment, sheet and rows, slide, page, lines
            places = where_parts(c["metadata"])
            head = " · ".join([f"#{i} {c['content_type']}", *places, f"{len(c['content']):,} ch"])
            print(f"── {head} " + "─" * max(0, 60 - len(head)))
            print(c["content"])
        print(f"── {counted(len(chunks), 'chunk')} ({args.mode})", file=sys.stderr)
    return 0


#: structural's prose may widen to 1,550 when a short tail is merged (SPEC §2)
WIDENED = {"plain_paragraph", "long_single_paragraph", "short_disconnected_paragraph"}


def over_budget(mode_name: str, bound: int | None, content_type: str, size: int) -> bool:
    if bound is None:
        return False
    if mode_name == "structural" and content_type in WIDENED:
        return size > 1550
    return size > bound


def summarize(doc, modes: list[str], params) -> list[dict]:
    """Per mode: chunk count, size min/median/max (characters), over-budget count, content types."""
    from collections import Counter
    from statistics import median

    from indexer import chunk_document
    from indexer.modes import registry

    if not modes:
        raise UserError("--compare needs at least one mode, e.g. --compare default,section")
    rows = []
    for name in modes:
        spec = registry.resolve(doc.family, name)
        chunks = chunk_document(doc, name, params)
        sizes = [len(c.content) for c in chunks]
        rows.append(
            {
                "mode": name,
                "chunks": len(chunks),
                "min": min(sizes, default=0),
                "median": int(median(sizes)) if sizes else 0,
                "max": max(sizes, default=0),
                "bound": spec.bound,
                "over_budget": sum(
                    over_budget(spec.name, spec.bound, c.content_type, len(c.content)) for c in chunks
                ),
                "content_types": dict(Counter(c.content_type for c in chunks).most_common()),
            }
        )
    return rows


#: A mode without a size bound in the bound column (``tui.present.ChunkStats.lines``' last form)
NO_BOUND = "—"


def compare(doc, modes: list[str], params) -> int:
    rows = summarize(doc, modes, params)
    head = f"{'mode':<15} {'chunks':>6} {'min':>6} {'median':>6} {'max':>6} {'bound':>6} {'over':>5}  content types"
    print(head)
    print("-" * len(head))
    for r in rows:
        # figures with thousands separators, as the compare view's heads write them
        census = ", ".join(f"{k} {v:,}" for k, v in r["content_types"].items())
        # no size bound: the mark the compare view's head writes where it is narrowest
        bound = NO_BOUND if r["bound"] is None else f"{r['bound']:,}"
        print(
            f"{r['mode']:<15} {r['chunks']:>6,} {r['min']:>6,} {r['median']:>6,} {r['max']:>6,} {bound:>6} "
            f"{r['over_budget']:>5,}  {census}"
        )
    return 0
