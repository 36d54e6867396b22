#!/usr/bin/env python3
"""PDF throughput: chunkscope (extract + default chunking) next to pdfplumber's extract_text, raw
pypdfium2 text and py-chunks, on the benchmark corpus's PDFs, in one run.

    python bench/bench_pdf.py [--scale 1] [--repeat 2] [--files DIR]

Each tool runs in its own child process (so peak RSS is per tool) over the same files, the tools
taking turns for --repeat rounds; the figures are pages/s and files/s of the best round and the
children's peak RSS; files per CPU-second are printed too, being less sensitive to other load on
the machine (and showing whether a tool uses more than one core). Ratios are printed
against the same run's baselines, never as absolute targets.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

TOOLS = ("chunkscope", "pypdfium2_text", "pdfplumber_text", "py_chunks")


def _run_chunkscope(paths: list[Path]) -> int:
    from indexer.api import chunk_document, extract

    pages = 0
    for path in paths:
        doc = extract(path)
        chunk_document(doc, "default")
        pages += doc.metadata["total_pages"]
    return pages


def _run_pypdfium2_text(paths: list[Path]) -> int:
    import pypdfium2 as pdfium

    pages = 0
    for path in paths:
        pdf = pdfium.PdfDocument(path)
        for page in pdf:
            textpage = page.get_textpage()
            textpage.get_text_range()
            textpage.close()
            page.close()
            pages += 1
        pdf.close()
    return pages


def _run_pdfplumber_text(paths: list[Path]) -> int:
    import pdfplumber

    pages = 0
    for path in paths:
        with pdfplumber.open(path) as pdf:
            for page in pdf.pages:
                page.extract_text()
                pages += 1
    return pages


def _run_py_chunks(paths: list[Path]) -> int:
    import py_chunks

    for path in paths:
        py_chunks.get_chunks(str(path))
    return -1  # py-chunks does not report pages; the caller uses the chunkscope page count


def child(tool: str, paths: list[Path], repeat: int) -> dict:
    func = globals()[f"_run_{tool}"]
    best = cpu_best = float("inf")
    pages = 0
    for _ in range(repeat):
        start, cpu_start = time.perf_counter(), time.process_time()
        pages = func(paths)
        best = min(best, time.perf_counter() - start)
        cpu_best = min(cpu_best, time.process_time() - cpu_start)
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {
        "tool": tool,
        "seconds": best,
        "cpu_seconds": cpu_best,
        "pages": pages,
        "files": len(paths),
        "peak_rss_mb": rss_mb,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--repeat", type=int, default=3, help="rounds over all tools (best counts)")
    parser.add_argument("--files", type=Path, help="a folder of PDFs instead of the benchmark corpus")
    parser.add_argument("--child", choices=TOOLS, help=argparse.SUPPRESS)
    parser.add_argument("--list", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.child:
        paths = [Path(p) for p in args.list.read_text().splitlines() if p]
        print(json.dumps(child(args.child, paths, args.repeat)))
        return

    if args.files:
        folder = args.files
    else:
        from _corpus import corpus

        folder = corpus(args.scale)
    paths = sorted(p for p in folder.rglob("*") if p.suffix.lower() == ".pdf")
    if not paths:
        sys.exit(f"no PDFs under {folder}")
    listing = BENCH / "out" / "bench_pdf_files.txt"
    listing.parent.mkdir(parents=True, exist_ok=True)
    listing.write_text("\n".join(str(p) for p in paths))
    size = sum(p.stat().st_size for p in paths)
    print(f"{len(paths)} PDFs, {size / 1e6:.1f} MB, from {folder}")

    results = {}
    for tool in TOOLS:
        cmd = [
            sys.executable,
            __file__,
            "--child",
            tool,
            "--list",
            str(listing),
            "--repeat",
            str(args.repeat),
        ]
        done = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            print(f"{tool}: failed\n{done.stderr[-2000:]}")
            continue
        results[tool] = json.loads(done.stdout.strip().splitlines()[-1])

    pages = results.get("chunkscope", {}).get("pages") or results.get("pypdfium2_text", {}).get("pages", 0)
    print(f"{'tool':18} {'files/s':>9} {'pages/s':>9} {'files/cpu-s':>12} {'peak RSS':>9}")
    for tool, r in results.items():
        files_s = r["files"] / r["seconds"]
        pages_s = pages / r["seconds"]
        files_cpu = r["files"] / max(r["cpu_seconds"], 1e-9)
        print(f"{tool:18} {files_s:9.1f} {pages_s:9.1f} {files_cpu:12.1f} {r['peak_rss_mb']:7.0f}MB")
    ours = results.get("chunkscope")
    if ours:
        for base in ("py_chunks", "pdfplumber_text", "pypdfium2_text"):
            if base in results:
                ratio = results[base]["seconds"] / ours["seconds"]
                cpu_ratio = results[base]["cpu_seconds"] / ours["cpu_seconds"]
                print(f"chunkscope speed / {base}: {ratio:.2f}x wall, {cpu_ratio:.2f}x CPU time")


if __name__ == "__main__":
    main()
