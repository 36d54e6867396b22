#!/usr/bin/env python3
"""OCR of a scan: pages read one at a time against pages read at once (one tesseract per CPU).

    python bench/bench_ocr.py [--pages 6] [--repeat 2] [--file SCAN.pdf]

The scan is ``sample_corpus/pdf/scanned.pdf``'s page repeated ``--pages`` times (or the pages of
``--file``). Each setting extracts it in turns for ``--repeat`` rounds; the best wall time of each
is printed with its ratio to one page at a time, measured in the same run. Needs tesseract.
"""

from __future__ import annotations

import argparse
import io
import shutil
import sys
import time
from pathlib import Path

import pypdfium2 as pdfium

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from indexer import extract  # noqa: E402
from indexer.limits import Limits, usable_cpus  # noqa: E402


def repeated_scan(pages: int) -> bytes:
    src = pdfium.PdfDocument(ROOT / "sample_corpus" / "pdf" / "scanned.pdf")
    out = pdfium.PdfDocument.new()
    for _ in range(pages):
        out.import_pages(src, [0])
    buf = io.BytesIO()
    out.save(buf)
    return buf.getvalue()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", type=int, default=6)
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--file", type=Path)
    args = ap.parse_args()
    if shutil.which("tesseract") is None:
        print("tesseract is not installed: nothing to measure", file=sys.stderr)
        return 1
    data = args.file.read_bytes() if args.file else repeated_scan(args.pages)
    settings = sorted({1, usable_cpus()})
    best = {jobs: float("inf") for jobs in settings}
    read = {}
    limits = Limits(timeout_seconds=3600)  # the whole scan, whatever the machine's load
    for _ in range(args.repeat):
        for jobs in settings:
            t = time.perf_counter()
            doc = extract(data, filename="scan.pdf", limits=limits, options={"ocr_jobs": jobs})
            best[jobs] = min(best[jobs], time.perf_counter() - t)
            read[jobs] = len(doc.coverage.ocr_pages)
    print(f"{'ocr_jobs':>8}  {'pages read':>10}  {'best s':>8}  {'× one at a time':>15}")
    for jobs in settings:
        print(f"{jobs:>8}  {read[jobs]:>10}  {best[jobs]:>8.2f}  {best[jobs] / best[1]:>15.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
