"""Indexing throughput: `index` of the benchmark corpus next to py-chunks chunking the same files.

    python bench/bench_index.py [--scales 1 5] [--jobs 1 2] [--unchanged 1000]

For each scale of the corpus (../shared/bench/make_corpus.py, generated into bench/out/), in the
same run:

- ``py-chunks``: ``py_chunks.get_chunks(path)`` over every file in one process (the baseline: it
  extracts and chunks, and stores nothing);
- ``index -jN``: the whole chunkscope pipeline into a fresh database (walk, hash, extract in N
  worker processes, chunk the default mode, write documents, chunks, images and FTS in one
  transaction per file).

Reported: files/s, MB/s, the ratio to py-chunks' files/s, peak RSS per worker, failures, and the
database size against the extracted text it holds. On a shared machine wall-clock ratios swing
with the load, so the CPU seconds are printed too (workers: measured in each worker per file;
parent: the walk, the result transfer and the writer thread with SQLite and FTS) with the ratio of
py-chunks' CPU time to ours. Then a re-index of an unchanged folder of
``--unchanged`` small files (the time to decide that nothing changed).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from _corpus import corpus  # noqa: E402


def files_of(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file() and ".chunkscope" not in p.parts)


def py_chunks_child(folder: Path) -> None:
    import py_chunks

    paths = files_of(folder)
    failed = 0
    t0 = time.perf_counter()
    cpu0 = time.process_time()
    for p in paths:
        try:
            py_chunks.get_chunks(str(p))
        except Exception:  # a file the baseline cannot read is counted, not fatal
            failed += 1
    seconds = time.perf_counter() - t0
    print(
        json.dumps(
            {
                "seconds": seconds,
                "cpu_s": time.process_time() - cpu0,
                "files": len(paths),
                "bytes": sum(p.stat().st_size for p in paths),
                "failed": failed,
                "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            }
        )
    )


def run_py_chunks(folder: Path) -> dict:
    proc = subprocess.run(
        [sys.executable, __file__, "--py-chunks-child", str(folder)],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _self_cpu() -> float:
    """CPU seconds of this process, every thread (the writer's included)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def run_index(folder: Path, jobs: int) -> dict:
    import sqlite3

    from storage.indexing import index_folder

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "index.db"
        t0 = time.perf_counter()
        cpu0 = _self_cpu()
        summary = index_folder(folder, db_path=db, jobs=jobs)
        seconds = time.perf_counter() - t0
        parent_cpu = _self_cpu() - cpu0
        conn = sqlite3.connect(db)
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        text_chars = conn.execute("SELECT coalesce(sum(text_chars), 0) FROM document_data").fetchone()[0]
        text_bytes = conn.execute(
            "SELECT coalesce(sum(length(CAST(document AS BLOB))), 0) FROM document_data"
        ).fetchone()[0]
        chunks = conn.execute("SELECT count(*) FROM chunks").fetchone()[0]
        conn.close()
        db_bytes = sum(p.stat().st_size for p in Path(tmp).iterdir())
    return {
        "seconds": seconds,
        "parent_cpu_s": parent_cpu,
        "worker_cpu_s": summary.worker_cpu_s,
        "files": summary.files,
        "bytes": sum(p.stat().st_size for p in files_of(folder)),
        "failed": summary.failed,
        "errors": summary.errors,
        "chunks": chunks,
        "peak_rss_mb": sorted(round(v / 1024) for v in summary.peak_rss_kb.values()),
        "db_mb": db_bytes / 1e6,
        "text_mb": text_chars / 1e6,
        "document_json_mb": text_bytes / 1e6,
    }


def unchanged_reindex(n: int) -> dict:
    from storage.indexing import index_folder

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "notes"
        for i in range(n):
            sub = folder / f"d{i % 20:02d}"
            sub.mkdir(parents=True, exist_ok=True)
            (sub / f"note{i:04d}.md").write_text(
                f"# Note {i}\n\nSome text about item {i}.\n", encoding="utf-8"
            )
        db = Path(tmp) / "index.db"
        t0 = time.perf_counter()
        first = index_folder(folder, db_path=db, jobs=2)
        first_s = time.perf_counter() - t0
        times = []
        for _ in range(3):
            t0 = time.perf_counter()
            again = index_folder(folder, db_path=db, jobs=2)
            times.append(time.perf_counter() - t0)
            assert again.extracted == 0 and again.unchanged == n, again
    return {"files": n, "first_s": first_s, "first_added": first.added, "reindex_s": min(times)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scales", type=float, nargs="+", default=[1.0])
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--unchanged", type=int, default=1000)
    ap.add_argument("--py-chunks-child", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.py_chunks_child:
        py_chunks_child(args.py_chunks_child)
        return 0

    for scale in args.scales:
        folder = corpus(scale)
        base = run_py_chunks(folder)
        base_rate = base["files"] / base["seconds"]
        mb = base["bytes"] / 1e6
        print(f"\n== corpus scale {scale:g}: {base['files']} files, {mb:.1f} MB ({folder})")
        print(
            f"{'engine':<12} {'seconds':>8} {'files/s':>9} {'MB/s':>7} {'× py-chunks':>11} {'failed':>6}  peak RSS MB"
        )
        print(
            f"{'py-chunks':<12} {base['seconds']:8.2f} {base_rate:9.1f} {mb / base['seconds']:7.2f} {1.0:11.2f} "
            f"{base['failed']:6d}  {base['peak_rss_mb']:.0f} (one process)"
        )
        for jobs in args.jobs:
            r = run_index(folder, jobs)
            rate = r["files"] / r["seconds"]
            print(
                f"{'index -j' + str(jobs):<12} {r['seconds']:8.2f} {rate:9.1f} {r['bytes'] / 1e6 / r['seconds']:7.2f} "
                f"{rate / base_rate:11.2f} {r['failed']:6d}  {r['peak_rss_mb']} per worker"
            )
            cpu = r["parent_cpu_s"] + r["worker_cpu_s"]
            print(
                f"{'':12} CPU {cpu:.2f} s = workers {r['worker_cpu_s']:.2f} + parent (walk, writer, FTS) "
                f"{r['parent_cpu_s']:.2f}; py-chunks CPU {base['cpu_s']:.2f} s: "
                f"CPU-time ratio {base['cpu_s'] / cpu:.2f} (the files/s ratio on an idle machine with one "
                f"core per process)"
            )
            print(
                f"{'':12} db {r['db_mb']:.1f} MB for {r['text_mb']:.1f} M chars of extracted text "
                f"(× {r['db_mb'] / max(r['text_mb'], 1e-9):.2f}); stored Documents {r['document_json_mb']:.1f} MB; "
                f"{r['chunks']:,} chunks; errors {r['errors'] or 'none'}"
            )
    if args.unchanged:
        u = unchanged_reindex(args.unchanged)
        print(
            f"\n== unchanged re-index: {u['files']} files, first index {u['first_s']:.2f} s, "
            f"re-index {u['reindex_s'] * 1000:.0f} ms (target < 1000 ms)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
