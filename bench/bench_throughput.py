"""Throughput of extraction + default-mode chunking, per format, against baselines in the same run.

    python bench/bench_throughput.py [--scale 1] [--rounds 3] [--engines ours,py-chunks,markitdown]

For each format of the benchmark corpus it reports files/s and MB/s of:
  read       reading the bytes only (the floor)
  ours       indexer.extract + chunk_document(doc, "default")
  py-chunks  py_chunks.get_chunks(path) (Rust engine, PyPI 0.6.4)
  markitdown MarkItDown().convert(path) (conversion to Markdown only)
and the ratios ours/py-chunks and ours/markitdown, plus each engine's peak RSS. Each engine runs in
its own child process, alternating engines round by round, and the median round is quoted, so the
figures are comparable on a shared, noisy machine. A second table gives the same ratios by CPU
time, which the load of other processes on the machine does not inflate.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _corpus import corpus, files_by_format  # noqa: E402

ENGINES = ("read", "ours", "py-chunks", "markitdown")


def _engine(name: str):
    if name == "read":
        return lambda p: p.read_bytes()
    if name == "ours":
        from indexer import chunk_document, extract
        from indexer.formats import registry as formats
        from indexer.modes import registry as modes

        # Every engine is loaded whole before the clock starts: py-chunks' one extension module
        # is imported here, untimed, so chunkscope's extractor and mode modules (imported on
        # demand, each by the first file that needs it) are imported here too.
        formats.load_all()
        modes.load_all()
        return lambda p: chunk_document(extract(p), "default")
    if name == "py-chunks":
        import py_chunks

        return lambda p: py_chunks.get_chunks(str(p))
    if name == "markitdown":
        import logging

        from markitdown import MarkItDown

        logging.disable(logging.CRITICAL)
        md = MarkItDown()
        return lambda p: md.convert(str(p)).text_content
    raise SystemExit(f"unknown engine {name}")


def child(engine: str, folder: Path) -> None:
    """Time one engine over every file, per format; print JSON."""
    run = _engine(engine)
    result: dict[str, dict] = {}
    for fmt, paths in files_by_format(folder).items():
        ok = failed = 0
        t0 = time.perf_counter()
        c0 = time.process_time()
        for p in paths:
            try:
                run(p)
                ok += 1
            except Exception:  # a baseline that cannot read a file is counted, not fatal
                failed += 1
        result[fmt] = {
            "seconds": time.perf_counter() - t0,
            "cpu": time.process_time() - c0,
            "files": len(paths),
            "bytes": sum(p.stat().st_size for p in paths),
            "failed": failed,
        }
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"engine": engine, "formats": result, "peak_rss_mb": rss_mb}))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--engines", default=",".join(ENGINES))
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--folder", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child, args.folder)
        return 0
    folder = corpus(args.scale)
    engines = [e for e in args.engines.split(",") if e]
    runs: dict[str, list[dict]] = {e: [] for e in engines}
    for _ in range(args.rounds):
        for engine in engines:
            out = subprocess.run(
                [sys.executable, __file__, "--child", engine, "--folder", str(folder)],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            runs[engine].append(json.loads(out.strip().splitlines()[-1]))
    fmts = sorted(runs[engines[0]][0]["formats"])

    def median_rate(engine: str, fmt: str) -> tuple[float, float, int]:
        secs = statistics.median(r["formats"][fmt]["seconds"] for r in runs[engine])
        info = runs[engine][0]["formats"][fmt]
        return info["files"] / secs, info["bytes"] / 1e6 / secs, info["failed"]

    print(f"corpus: {folder} ({args.rounds} rounds, median)")
    head = f"{'format':8} {'files':>5} " + " ".join(f"{e + ' f/s':>15}" for e in engines)
    if "ours" in engines:
        head += " " + " ".join(f"{'ours/' + e:>15}" for e in engines if e not in ("ours", "read"))
    print(head)
    totals = {e: [0.0, 0] for e in engines}
    for fmt in fmts:
        rates = {e: median_rate(e, fmt) for e in engines}
        n = runs[engines[0]][0]["formats"][fmt]["files"]
        row = f"{fmt:8} {n:>5} " + " ".join(
            f"{rates[e][0]:>10.1f}" + (f" ({rates[e][2]}✗)" if rates[e][2] else "     ") for e in engines
        )
        if "ours" in engines:
            row += " " + " ".join(
                f"{rates['ours'][0] / rates[e][0]:>14.2f}x" for e in engines if e not in ("ours", "read")
            )
        print(row)
        for e in engines:
            totals[e][0] += statistics.median(r["formats"][fmt]["seconds"] for r in runs[e])
            totals[e][1] += n
    row = f"{'overall':8} {totals[engines[0]][1]:>5} " + " ".join(
        f"{totals[e][1] / totals[e][0]:>10.1f}     " for e in engines
    )
    if "ours" in engines:
        row += " " + " ".join(
            f"{(totals['ours'][1] / totals['ours'][0]) / (totals[e][1] / totals[e][0]):>14.2f}x"
            for e in engines
            if e not in ("ours", "read")
        )
    print(row)
    print("peak RSS (MB): " + ", ".join(f"{e} {max(r['peak_rss_mb'] for r in runs[e]):.0f}" for e in engines))
    if "ours" in engines:
        print_cpu_ratios(runs, engines, fmts)
    return 0


def print_cpu_ratios(runs: dict[str, list[dict]], engines: list[str], fmts: list[str]) -> None:
    """The same comparison by CPU seconds (median per format): on a shared machine the wall clock
    also counts the time a process waits for a core, which the CPU time does not."""
    others = [e for e in engines if e not in ("ours", "read")]
    if not others:
        return

    def cpu(engine: str, fmt: str) -> float:
        return statistics.median(r["formats"][fmt]["cpu"] for r in runs[engine])

    print("\nby CPU time (files per CPU-second; ratios of ours to each baseline)")
    print(
        f"{'format':8} "
        + " ".join(f"{e + ' f/cpu-s':>18}" for e in ["ours", *others])
        + " "
        + " ".join(f"{'ours/' + e:>15}" for e in others)
    )
    for fmt in fmts:
        n = runs["ours"][0]["formats"][fmt]["files"]
        rate = {e: n / max(cpu(e, fmt), 1e-9) for e in ["ours", *others]}
        print(
            f"{fmt:8} "
            + " ".join(f"{rate[e]:>18.1f}" for e in ["ours", *others])
            + " "
            + " ".join(f"{rate['ours'] / rate[e]:>14.2f}x" for e in others)
        )


if __name__ == "__main__":
    sys.exit(main())
