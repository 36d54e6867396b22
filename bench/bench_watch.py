"""Latency from a save to the new chunks being queryable, through the real watcher.

    python bench/bench_watch.py [--saves 100] [--pdf-saves 20] [--quiet-ms 300]
                                [--folder-files 2000] [--adds 20] [--move-in 0] [--rename 0]

A folder is watched by storage.sync.SyncLoop (native watchdog observer, one extraction worker).
Each save writes a file carrying a unique token; the latency is the time until a reader connection
finds the token in the file's chunks. Reported: p50/p95/max for a 50 KB Markdown file and a
10-page PDF, next to the same update applied directly (Indexer.index_paths, no watcher) in the same
run — the difference is the debounce window plus the watcher's own overhead.
Target: Markdown p95 ≤ the debounce window + 150 ms.

Then ``--adds`` new small files are added one at a time to a subfolder already holding
``--folder-files`` indexed files (the watcher also reports that folder as modified), each named to
sort in the middle of the folder's files: the latency until each new file's token is queryable,
and the time the loop took to apply the batches of each addition.
``--saves 0 --pdf-saves 0`` or ``--adds 0`` skip either part.

``--move-in N`` then moves a folder of N new small files (written outside the watched folder) into
it: the time until the last of them is indexed, the time the loop took to apply the batches, how
many batches there were, how many times a file was handed to the indexer and in how many
``Indexer.index_paths`` calls.

With ``--reindex``, once the first of them is indexed, a 50 KB Markdown file outside that folder
is read again as the UI's re-index key asks (``Indexer.reindex_first``): how long the request
waited, and how many of the folder's files were indexed by then.

``--delete N`` then deletes a folder of N indexed small files (``rm -r``): the time until none of
them is left in the index, the time the loop took to apply the batches, how many batches there
were and how many jobs (each its own transaction, unless the writer joins them) the loop handed
to the database writer.

``--rename N`` then renames each of N indexed small files in a folder, one ``os.rename`` after
the other as a script renaming them would (``photo-00001.md`` to ``renamed-00001.md``): the time
until every new name is in the index, the time the loop took to apply the batches, how many
batches there were, and how many jobs the loop handed to the database writer and in how many
transactions the writer ran them.

``--forget N`` applies two batches straight through ``SyncLoop.apply`` (no watcher, so the
batches are the same each run), ``--rounds`` times: a folder of N indexed files walked (the loop
remembers each file it handed over), then a batch of the N + 1 paths of another folder of N files
deleted (``rm -r``). Reported: the median, minimum and maximum time of the delete batch.
"""

from __future__ import annotations

import argparse
import io
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from storage.indexing import Indexer  # noqa: E402
from storage.store import Store  # noqa: E402
from storage.sync import BatchApplied, SyncEvent, SyncLoop  # noqa: E402
from storage.watch import Batch  # noqa: E402
from storage.writer import Writer  # noqa: E402


def markdown_50kb(token: str) -> bytes:
    para = (
        "The tide tables for the northern stations were revised after the spring survey, and the "
        "harbour office asked every volunteer to check the readings against the gauge log. "
    )
    parts = [f"# Station report {token}\n\n"]
    i = 0
    while sum(len(p) for p in parts) < 50_000:
        parts.append(f"## Section {i}\n\n{para * 3}\n\n")
        i += 1
    parts.append(f"Closing note with the marker {token}.\n")
    return "".join(parts).encode()


def pdf_10_pages(token: str) -> bytes:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4, invariant=1)
    for page in range(1, 11):
        y = 800
        c.setFont("Helvetica-Bold", 16)
        c.drawString(72, y, f"Chapter {page}")
        c.setFont("Helvetica", 10)
        for line in range(45):
            y -= 15
            words = f"page {page} line {line} of the survey notes about tides and gauges"
            if page == 5 and line == 20:
                words += f" {token}"
            c.drawString(72, y, words)
        c.showPage()
    c.save()
    return buf.getvalue()


def token_visible(reader: Store, path: str, token: str) -> bool:
    return any(token in c.content for c in reader.chunks(path))


def measure(
    root: Path, name: str, make, saves: int, reader: Store, mode: str, indexer: Indexer
) -> list[float]:
    target = root / name
    out = []
    for i in range(saves):
        token = f"tok{mode}{i:04d}x"
        data = make(token)
        tmp = root / (name + ".tmp")
        tmp.write_bytes(data)
        t0 = time.perf_counter()
        tmp.replace(target)  # an editor's atomic save
        if mode == "direct":
            indexer.index_paths([name])
        deadline = t0 + 30
        while not token_visible(reader, name, token):
            if time.perf_counter() > deadline:
                raise SystemExit(f"{name}: save {i} not visible after 30 s")
            time.sleep(0.003)
        out.append((time.perf_counter() - t0) * 1000)
        time.sleep(0.05)
    return out


def measure_adds(
    root: Path, folder: str, adds: int, reader: Store, loop: SyncLoop, applied: list[float]
) -> tuple[list[float], list[float]]:
    """Add ``adds`` files to ``folder`` one by one: (visible-after ms, batch-applied ms) each."""
    visible, batches = [], []
    middle = len(list((root / folder).iterdir())) // 2
    for i in range(adds):
        loop.wait_idle(60)
        name = f"{folder}/note-{middle:05d}-added-{i:03d}.md"
        token = f"tokadd{i:04d}x"
        applied.clear()
        t0 = time.perf_counter()
        (root / name).write_text(f"# Added {i}\n\nA note added to the archive with {token}.\n")
        deadline = t0 + 60
        while not token_visible(reader, name, token):
            if time.perf_counter() > deadline:
                raise SystemExit(f"{name} not visible after 60 s")
            time.sleep(0.003)
        visible.append((time.perf_counter() - t0) * 1000)
        loop.wait_idle(60)
        batches.append(sum(applied))
        time.sleep(0.05)
    return visible, batches


def measure_move_in(
    root: Path,
    outside: Path,
    files: int,
    reader: Store,
    loop: SyncLoop,
    applied: list[float],
    upserts: list[str],
    calls: list[int],
    indexer: Indexer,
    reindex: str | None,
) -> tuple[float, float, float | None, int]:
    """Move a folder of ``files`` new files into ``root``: (all-indexed-after ms, batches-applied ms,
    the ms a re-index of ``reindex`` asked for meanwhile took, files indexed by then)."""
    loop.wait_idle(60)
    incoming = outside / "incoming"
    incoming.mkdir()
    names = [f"incoming/moved-{i:05d}.md" for i in range(files)]
    for i, name in enumerate(names):
        (outside / name).write_text(f"# Moved {i}\n\nA note moved in with tokmove{i:05d}x.\n")
    applied.clear()
    upserts.clear()
    calls.clear()
    t0 = time.perf_counter()
    incoming.rename(root / "incoming")
    deadline = t0 + 600
    asked, indexed_by_then = None, 0

    def indexed() -> int:
        return sum(row[3] == "indexed" for row in reader.stats_of(names).values())

    if reindex:
        while not indexed():
            if time.perf_counter() > deadline:
                raise SystemExit("no file of the folder indexed after 600 s")
            time.sleep(0.002)
        started = time.perf_counter()
        indexer.reindex_first([reindex])
        asked = (time.perf_counter() - started) * 1000
        indexed_by_then = indexed()
    for name in names:  # the loop indexes them in path order; each is waited for in turn
        while (row := reader.document(name)) is None or row.status != "indexed":
            if time.perf_counter() > deadline:
                raise SystemExit(f"{name} not indexed after 600 s")
            time.sleep(0.01)
    visible = (time.perf_counter() - t0) * 1000
    loop.wait_idle(60)
    return visible, sum(applied), asked, indexed_by_then


def measure_delete(
    root: Path, folder: str, reader: Store, loop: SyncLoop, applied: list[float], jobs: list[int]
) -> tuple[float, float, int, int]:
    """Delete ``folder`` and the files in it: (none-left-after ms, batches-applied ms, batches,
    writer jobs)."""
    loop.wait_idle(60)
    applied.clear()
    jobs.clear()
    t0 = time.perf_counter()
    shutil.rmtree(root / folder)
    deadline = t0 + 600
    while reader.paths_under(folder):
        if time.perf_counter() > deadline:
            raise SystemExit(f"{folder} still indexed after 600 s")
        time.sleep(0.01)
    gone = (time.perf_counter() - t0) * 1000
    loop.wait_idle(60)
    return gone, sum(applied), len(applied), len(jobs)


def measure_rename(
    root: Path,
    folder: str,
    reader: Store,
    loop: SyncLoop,
    applied: list[float],
    jobs: list[int],
    transactions: list[int],
) -> tuple[float, float, int, int, int]:
    """Rename each file of ``folder`` in turn: (all-moved-after ms, batches-applied ms, batches,
    writer jobs, writer transactions)."""
    loop.wait_idle(60)
    olds = sorted(p.name for p in (root / folder).iterdir())
    news = [f"{folder}/{name.replace('photo-', 'renamed-')}" for name in olds]
    applied.clear()
    jobs.clear()
    transactions.clear()
    t0 = time.perf_counter()
    for old, new in zip(olds, news, strict=True):
        (root / folder / old).rename(root / new)
    deadline = t0 + 600
    while len(reader.stats_of(news)) < len(news) or len(reader.paths_under(folder)) > len(news):
        if time.perf_counter() > deadline:
            raise SystemExit(f"{folder}: the renames are not all in the index after 600 s")
        time.sleep(0.01)
    moved = (time.perf_counter() - t0) * 1000
    loop.wait_idle(60)
    return moved, sum(applied), len(applied), len(jobs), len(transactions)


def counted(n: int, noun: str) -> str:
    """``1 batch``, ``3 batches``: as the app counts."""
    plural = noun + ("es" if noun.endswith(("s", "ch")) else "s")
    return f"{n:,} {noun if n == 1 else plural}"


def measure_forget(files: int, rounds: int) -> list[float]:
    """The ms of a batch of ``files`` + 1 paths gone applied after one that handed ``files`` other
    files to the indexer, ``rounds`` times."""
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "folder"
        for i in range(files):
            (root / "kept").mkdir(parents=True, exist_ok=True)
            (root / "kept" / f"kept-{i:05d}.md").write_text(f"# Kept {i}\n\nA note that stays {i}.\n")
        indexer = Indexer(root, root / ".chunkscope" / "index.db", jobs=1)
        applied: list[float] = []
        loop = SyncLoop(
            root,
            indexer,
            reconcile=False,
            on_event=lambda e: applied.append(e.ms) if isinstance(e, BatchApplied) else None,
        )
        try:
            for _ in range(rounds):
                names = [f"outgoing/old-{i:05d}.md" for i in range(files)]
                for i, name in enumerate(names):
                    (root / "outgoing").mkdir(exist_ok=True)
                    (root / name).write_text(f"# Old {i}\n\nA note to delete {i}.\n")
                indexer.reconcile()
                loop.apply(Batch(("kept",), events=1))  # remembers the folder's files
                shutil.rmtree(root / "outgoing")
                applied.clear()
                loop.apply(Batch(("outgoing", *names), events=files + 1))
                assert not indexer.paths_under("outgoing")
                out.append(applied[-1])
        finally:
            indexer.close()
    return out


def summary(label: str, ms: list[float]) -> str:
    qs = statistics.quantiles(ms, n=20, method="inclusive")
    return f"{label:<34} n={len(ms):>3}  p50 {statistics.median(ms):7.1f} ms  p95 {qs[18]:7.1f} ms  max {max(ms):7.1f} ms"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--saves", type=int, default=100)
    ap.add_argument("--pdf-saves", type=int, default=20)
    ap.add_argument("--quiet-ms", type=int, default=300)
    ap.add_argument("--folder-files", type=int, default=2000, help="files already in the folder added to")
    ap.add_argument("--adds", type=int, default=20, help="files added to that folder (0: skip)")
    ap.add_argument("--move-in", type=int, default=0, help="files of a folder moved in (0: skip)")
    ap.add_argument("--reindex", action="store_true", help="re-index a file while the folder moves in")
    ap.add_argument("--delete", type=int, default=0, help="files of a folder deleted (0: skip)")
    ap.add_argument("--rename", type=int, default=0, help="files of a folder renamed one by one (0: skip)")
    ap.add_argument(
        "--forget", type=int, default=0, help="files of a batch gone after one of as many (0: skip)"
    )
    ap.add_argument("--rounds", type=int, default=5, help="the rounds of --forget")
    args = ap.parse_args()
    saved = [
        (name, make, n)
        for name, make, n in (
            ("report.md", markdown_50kb, args.saves),
            ("survey.pdf", pdf_10_pages, args.pdf_saves),
        )
        if n > 0
    ]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "watched"
        root.mkdir()
        indexer = Indexer(root, root / ".chunkscope" / "index.db", jobs=1)
        reader = Store.open(root / ".chunkscope" / "index.db", root=root, readonly=True)
        results = {}
        if args.adds or args.move_in:
            (root / "archive").mkdir()
            for i in range(args.folder_files):
                (root / "archive" / f"note-{i:05d}.md").write_text(f"# Note {i}\n\nArchived note {i}.\n")
        if args.reindex:
            (root / "asked.md").write_bytes(markdown_50kb("asked"))
        if args.delete:
            (root / "outgoing").mkdir()
            for i in range(args.delete):
                (root / "outgoing" / f"old-{i:05d}.md").write_text(f"# Old {i}\n\nA note to delete {i}.\n")
        if args.rename:
            (root / "photos").mkdir()
            for i in range(args.rename):
                (root / "photos" / f"photo-{i:05d}.md").write_text(f"# Photo {i}\n\nA photo's caption {i}.\n")
        if args.adds or args.move_in or args.delete or args.reindex or args.rename:
            indexer.reconcile()
        for name, make, n in saved:
            (root / name).write_bytes(make("initial"))
            indexer.index_paths([name])
            results[(name, "direct")] = measure(root, name, make, max(10, n // 5), reader, "direct", indexer)
        applied: list[float] = []
        upserts: list[str] = []  # the files handed to the indexer one at a time

        def on_event(event: object) -> None:
            if isinstance(event, BatchApplied):
                applied.append(event.ms)
            elif isinstance(event, SyncEvent) and event.action == "upsert":
                upserts.append(event.path)

        calls: list[int] = []  # the paths handed over by each of the loop's index_paths calls
        index_paths = indexer.index_paths

        def counting(paths, *more, **options):
            paths = list(paths)
            calls.append(len(paths))
            return index_paths(paths, *more, **options)

        indexer.index_paths = counting
        jobs: list[int] = []  # one for each job handed to the database writer
        submit = indexer.store.writer.submit

        def submitted(func, *more, **options):
            jobs.append(1)
            return submit(func, *more, **options)

        indexer.store.writer.submit = submitted
        transactions: list[int] = []  # one for each transaction the writer ran
        transaction = Writer._transaction

        def counted_transaction(database, funcs):
            transactions.append(1)
            return transaction(database, funcs)

        Writer._transaction = staticmethod(counted_transaction)
        loop = SyncLoop(root, indexer, quiet=args.quiet_ms / 1000, reconcile=False, on_event=on_event)
        loop.start()
        try:
            for name, make, n in saved:
                loop.wait_idle(10)
                results[(name, "watched")] = measure(root, name, make, n, reader, "watched", indexer)
            if args.adds:
                visible, batches = measure_adds(root, "archive", args.adds, reader, loop, applied)
                results[(f"new file in {args.folder_files}-file folder", "watched")] = visible
                results[(f"new file in {args.folder_files}-file folder", "batches applied in")] = batches
            if args.move_in:
                moved = measure_move_in(
                    root,
                    Path(tmp),
                    args.move_in,
                    reader,
                    loop,
                    applied,
                    upserts,
                    calls,
                    indexer,
                    "asked.md" if args.reindex else None,
                )
                moved_batches = list(applied)  # --delete and --rename clear the list
            if args.delete:
                deleted = measure_delete(root, "outgoing", reader, loop, applied, jobs)
            if args.rename:
                renamed = measure_rename(root, "photos", reader, loop, applied, jobs, transactions)
        finally:
            loop.stop()
            reader.close()
            indexer.close()
    print(f"debounce window {args.quiet_ms} ms; state after run: native observer")
    for (name, mode), ms in results.items():
        print(summary(f"{name} {mode}", ms))
    if args.move_in:
        print(
            f"folder of {args.move_in} files moved in next to {args.folder_files} indexed: "
            f"all indexed after {moved[0]:.0f} ms, batches applied in {moved[1]:.0f} ms "
            f"({' + '.join(f'{ms:.0f}' for ms in moved_batches)} ms; {len(upserts)} files checked, "
            f"{counted(len(calls), 'index_paths call')})"
        )
        if moved[2] is not None:
            print(
                f"re-index asked for once the first was indexed: done after {moved[2]:.0f} ms, "
                f"{moved[3]} of the {args.move_in} files indexed by then"
            )
    if args.delete:
        print(
            f"folder of {args.delete} files deleted: none left in the index after {deleted[0]:.0f} ms, "
            f"{counted(deleted[2], 'batch')} applied in {deleted[1]:.0f} ms, {counted(deleted[3], 'writer job')}"
        )
    if args.rename:
        print(
            f"{counted(args.rename, 'file')} of a folder renamed one by one: all renamed in the index after "
            f"{renamed[0]:.0f} ms, {counted(renamed[2], 'batch')} applied in {renamed[1]:.0f} ms, "
            f"{counted(renamed[3], 'writer job')} in {counted(renamed[4], 'transaction')}"
        )
    if args.forget:
        ms = measure_forget(args.forget, args.rounds)
        print(
            f"batch of a folder of {args.forget} files deleted after one of {args.forget} others indexed, "
            f"n={len(ms)}: median {statistics.median(ms):.1f} ms, min {min(ms):.1f} ms, max {max(ms):.1f} ms"
        )
    md = results.get(("report.md", "watched"))
    if md:
        p95 = statistics.quantiles(md, n=20, method="inclusive")[18]
        print(
            f"Markdown p95 {p95:.0f} ms vs target {args.quiet_ms + 150} ms (window + 150): "
            f"{'met' if p95 <= args.quiet_ms + 150 else 'missed'}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
