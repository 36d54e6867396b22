"""Spreadsheet throughput: files/s and rows/s of chunkscope next to py-chunks, raw openpyxl and raw
calamine, over the benchmark corpus's .xlsx files, in one process and the same run.

    python bench/bench_xlsx.py [--scale 1] [--rounds 3] [--folder DIR]

Engines:
  calamine   python-calamine: open the workbook, every sheet's rows as Python values (the floor)
  openpyxl   openpyxl read-only: every sheet's rows as Python values (values_only)
  extract    indexer.extract: the Document (one table block per sheet, strings, header detected)
  ours       indexer.extract + chunk_document(doc, "default") (the row mode: one chunk per row)
  py-chunks  py_chunks.get_chunks(path) (default = row mode; Rust engine)

Each round runs every engine over every file, engines in a rotating order; the median round is
quoted. rows/s counts the non-empty rows of all sheets (headers included), counted once with
calamine. The ratio column is each engine's files/s over py-chunks' files/s.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _corpus import corpus, files_by_format  # noqa: E402


def _calamine(path: Path) -> int:
    from python_calamine import CalamineWorkbook

    n = 0
    with CalamineWorkbook.from_path(str(path)) as wb:
        for name in wb.sheet_names:
            for _row in wb.get_sheet_by_name(name).iter_rows():
                n += 1
    return n


def _openpyxl(path: Path) -> int:
    import openpyxl

    wb = openpyxl.load_workbook(path, read_only=True, data_only=True)
    n = 0
    try:
        for ws in wb.worksheets:
            for _row in ws.iter_rows(values_only=True):
                n += 1
    finally:
        wb.close()
    return n


def _extract(path: Path) -> int:
    from indexer import extract

    return len(extract(path).blocks)


def _ours(path: Path) -> int:
    from indexer import chunk_document, extract

    return len(chunk_document(extract(path), "default"))


def _py_chunks(path: Path) -> int:
    import py_chunks

    return len(py_chunks.get_chunks(str(path)))


ENGINES = {
    "calamine": _calamine,
    "openpyxl": _openpyxl,
    "extract": _extract,
    "ours": _ours,
    "py-chunks": _py_chunks,
}


def count_rows(paths: list[Path]) -> int:
    from python_calamine import CalamineWorkbook

    total = 0
    for path in paths:
        with CalamineWorkbook.from_path(str(path)) as wb:
            for name in wb.sheet_names:
                for row in wb.get_sheet_by_name(name).iter_rows():
                    if any(v != "" for v in row):
                        total += 1
    return total


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--folder", type=Path, help="a folder of .xlsx files instead of the corpus")
    args = ap.parse_args()
    folder = args.folder or corpus(args.scale)
    paths = files_by_format(folder).get("xlsx", [])
    if not paths:
        sys.exit(f"no .xlsx files under {folder}")
    rows = count_rows(paths)
    size = sum(p.stat().st_size for p in paths)
    for run in ENGINES.values():  # warm-up: imports, first-call costs
        run(paths[0])
    times: dict[str, list[float]] = {name: [] for name in ENGINES}
    names = list(ENGINES)
    for r in range(args.rounds):
        order = names[r % len(names) :] + names[: r % len(names)]
        for name in order:
            run = ENGINES[name]
            gc.collect()
            t0 = time.perf_counter()
            for path in paths:
                run(path)
            times[name].append(time.perf_counter() - t0)
    print(
        f"{len(paths)} xlsx files, {size / 1e6:.2f} MB, {rows:,} non-empty rows; median of {args.rounds} rounds"
    )
    base = statistics.median(times["py-chunks"])
    print(f"{'engine':<10} {'seconds':>8} {'files/s':>9} {'rows/s':>11} {'× py-chunks':>12}")
    for name in names:
        t = statistics.median(times[name])
        print(f"{name:<10} {t:8.3f} {len(paths) / t:9.1f} {rows / t:11,.0f} {base / t:12.2f}")


if __name__ == "__main__":
    main()
