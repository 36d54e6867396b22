"""`chunkscope formats`: the capability table of the format registry."""

from __future__ import annotations

import argparse
import json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("formats", help="print the supported formats, their extractors and modes")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="the table as JSON")
    out.add_argument("--markdown", action="store_true", help="the table as Markdown (docs/formats.md)")
    p.set_defaults(run=run)


def capability_rows() -> list[dict]:
    from indexer.formats import registry
    from indexer.modes import registry as modes

    rows = []
    for spec in registry.formats():
        ident = spec.identity
        libs = ", ".join(f"{k} {v}" for k, v in ident.items() if k not in ("id", "version"))
        rows.append(
            {
                "extensions": list(spec.extensions),
                "source_type": spec.source_type,
                "extractor": f"{spec.name}/{spec.version}",
                "libraries": libs,
                "library_names": list(spec.libraries),
                "modes": list(modes.modes_for(spec.family)) if spec.supported else [],
                "images": spec.images,
                "supported": spec.supported,
                "note": spec.note,
            }
        )
    return rows


def markdown_table(rows: list[dict]) -> str:
    n = sum(len(r["extensions"]) for r in rows)
    out = [
        "# Formats",
        "",
        "Generated from the format registry by `chunkscope formats --markdown`; a test keeps this file",
        "current. `chunkscope formats` prints the same table with the installed library versions.",
        "",
        f"{n} extensions.",
        "",
        "| extensions | source_type | extractor | libraries | modes | images |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        modes = ", ".join(r["modes"]) if r["supported"] else f"UNSUPPORTED_FORMAT: {r['note']}"
        libs = ", ".join(r["library_names"]) or "standard library"
        out.append(
            f"| {' '.join(r['extensions'])} | {r['source_type']} | {r['extractor']} | {libs} | {modes} "
            f"| {'yes' if r['images'] else 'no'} |"
        )
    return "\n".join(out) + "\n"


def run(args: argparse.Namespace) -> int:
    rows = capability_rows()
    if args.markdown:
        print(markdown_table(rows), end="")
        return 0
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"chunkscope formats ({sum(len(r['extensions']) for r in rows)} extensions)")
    for col in ("extensions", "source_type", "extractor", "libraries", "modes", "images"):
        table.add_column(col)
    for r in rows:
        modes = ", ".join(r["modes"]) if r["supported"] else f"UNSUPPORTED_FORMAT: {r['note']}"
        table.add_row(
            " ".join(r["extensions"]),
            r["source_type"],
            r["extractor"],
            r["libraries"],
            modes,
            "yes" if r["images"] else "no",
        )
    console = Console()
    console.print(table)
    from indexer.formats._pdf_ocr import describe

    console.print(describe(), highlight=False, soft_wrap=True)
    return 0
