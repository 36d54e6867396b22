"""Folder indexing: walk, skip what is unchanged, extract in worker processes, store each document
in one transaction, drop what is gone. :class:`Indexer` is the engine (the watcher reuses it);
:func:`index_folder` is one full pass.

Events (plain frozen dataclasses) go to ``on_event`` from the thread that drives the indexer, always
after the transaction they report has committed. :class:`FileStarted` and :class:`FileRead`
report no transaction: a worker began reading a file, and was done with it (its result follows
once stored).
"""

from __future__ import annotations

import hashlib
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

from indexer import OUTPUT_VERSION, errors
from indexer.formats import registry as formats
from indexer.limits import Limits, usable_cpus
from indexer.modes.params import ModeParams

from . import records
from .compact import Compaction
from .db import default_db_path
from .extractors import ExtractorVersions
from .ignore import IgnoreRules
from .job import Job
from .pool import DEFAULT_MEMORY_MB, Failure, Outcome, Pool
from .store import Store, StoredStat
from .walk import FileStat, stat_file, walk

# while more results of a run are coming, the writer waits this long for them to share one
# transaction (fewer commits and FTS segment merges); the last result of a run does not wait
WRITE_LINGER_S = 0.1
# results handed to the writer and not committed yet, at most: a count and a size (the chunk text
# and the stored Document they hold). Within these the workers are never left idle while the
# writer catches up; past them the indexer waits for the writer, so memory stays bounded.
MAX_PENDING_WRITES = 64
MAX_PENDING_BYTES = 256 * 1024 * 1024


@dataclass(frozen=True)
class ScanProgress:
    done: int
    total: int
    bytes_done: int
    bytes_total: int
    failures: int
    elapsed: float

    def can_replace(self, other: object) -> bool:
        """A newer progress report makes an undelivered older one pointless."""
        return isinstance(other, ScanProgress)


@dataclass(frozen=True)
class FileStarted:
    """A worker began reading ``path`` (its answer comes as :class:`FileRead`)."""

    path: str


@dataclass(frozen=True)
class FileRead:
    """The worker that read ``path`` is done with it; what became of it follows once stored
    (:class:`FileIndexed`, :class:`IndexFailed` or :class:`FileRemoved`)."""

    path: str


@dataclass(frozen=True)
class FileIndexed:
    path: str
    chunks: int
    ms: float
    action: str  # "added" | "updated" | "unchanged" | "renamed"


@dataclass(frozen=True)
class IndexFailed:
    path: str
    code: str
    message: str
    ms: float
    status: str = records.FAILED  # "failed" | "stale" | "unsupported"


@dataclass(frozen=True)
class FileRemoved:
    path: str
    # False for a file gone before it was read whose only row was the ``queued`` one its run
    # made: nothing of it had been stored, so the index lost nothing
    stored: bool = True


@dataclass(frozen=True)
class IndexSummary:
    files: int = 0  # files found by the walk (or named to index_paths)
    added: int = 0
    updated: int = 0
    unchanged: int = 0
    removed: int = 0
    renamed: int = 0
    failed: int = 0
    extracted: int = 0  # files that went through an extractor
    bytes: int = 0  # bytes read by the extractors
    elapsed: float = 0.0
    run_id: int | None = None
    db_path: str = ""
    errors: dict[str, int] = field(default_factory=dict)  # error code → files
    peak_rss_kb: dict[int, int] = field(default_factory=dict)  # worker pid → peak RSS
    worker_cpu_s: float = 0.0  # CPU time the workers spent on this pass's files
    # of the files read, those unchanged but stored by an earlier OUTPUT_VERSION or version of an
    # extractor that read them
    reread: int = 0
    migrated: list[str] = field(default_factory=list)  # the migrations applied to the index on opening
    compaction: Compaction | None = None  # what followed them (see storage.compact.after_migration)


@dataclass
class _Tally:
    added: int = 0
    updated: int = 0
    unchanged: int = 0
    removed: int = 0
    renamed: int = 0
    failed: int = 0
    extracted: int = 0
    bytes: int = 0
    cpu: float = 0.0
    reread: int = 0
    errors: dict[str, int] = field(default_factory=dict)


#: ``on_path(path, result, ms)`` of :meth:`Indexer.index_paths`
PathDone = Callable[[str, str, float], None]


@dataclass(eq=False)
class _Request:
    """Files to read again ahead of the run in progress (:meth:`Indexer.reindex_first`)."""

    paths: list[str]
    started: float = field(default_factory=time.monotonic)
    done: threading.Event = field(default_factory=threading.Event)
    summary: IndexSummary | None = None
    error: BaseException | None = None
    # taken into a run: the stats of its files, what came of them, how many are still to store
    files: list[FileStat] = field(default_factory=list)
    tally: _Tally = field(default_factory=_Tally)
    left: int = 0


class Indexer:
    """The engine behind ``chunkscope index`` and the watcher. Not re-entrant: calls are serialised."""

    def __init__(
        self,
        root: Path,
        store_or_db_path: Store | Path | str | None = None,
        *,
        jobs: int | None = None,
        limits: Limits | None = None,
        on_event: Callable[[object], None] | None = None,
        modes: Sequence[str] = ("default",),
        params: ModeParams | None = None,
        memory_mb: int | None = DEFAULT_MEMORY_MB,
        extra_modules: Iterable[str] = (),
        options: Mapping[str, Any] | None = None,
    ) -> None:
        self.root = Path(root).resolve()
        if isinstance(store_or_db_path, Store):
            self.store = store_or_db_path
            self._own_store = False
        else:
            db_path = Path(store_or_db_path) if store_or_db_path else default_db_path(self.root)
            self.store = Store.open(db_path, root=self.root)
            self._own_store = True
        self.jobs = max(1, jobs or os.cpu_count() or 1)
        self.limits = limits or Limits()
        self.on_event = on_event
        self.modes = tuple(modes) or ("default",)
        self.params = params or ModeParams()
        self.memory_mb = memory_mb
        self.extra_modules = tuple(extra_modules)
        # extraction options (PDF tables, OCR, password): they apply to the files extracted from
        # now on; files already indexed are not read again for them, but for the files that
        # failed for want of a password when one is given. OCR reads a scan's pages in parallel:
        # the workers share the CPUs between them
        chosen = dict(options or {})
        self.password_given = bool(chosen.get("password") or chosen.get("pdf_password"))
        chosen.setdefault("ocr_jobs", max(1, usable_cpus() // self.jobs))
        self.options = tuple(sorted(chosen.items()))
        self.rules = IgnoreRules(self.root)
        self.versions = ExtractorVersions(self.store, self.extra_modules)
        self._pool: Pool | None = None
        self._lock = threading.RLock()
        # reindex_first's requests not yet taken: the run holding _lock hands their files to the
        # workers next, or the caller runs them itself once _lock is free
        self._requests: deque[_Request] = deque()
        self._requests_lock = threading.Lock()

    # -- plumbing -------------------------------------------------------------------------------

    @property
    def pool(self) -> Pool:
        if self._pool is None:
            self._pool = Pool(
                "storage.job:run",
                jobs=self.jobs,
                timeout=self.limits.timeout_seconds,
                memory_mb=self.memory_mb,
                extra_modules=self.extra_modules,
            )
        return self._pool

    def _emit(self, event: object) -> None:
        if self.on_event is not None:
            self.on_event(event)

    def close(self) -> None:
        with self._lock:
            if self._pool is not None:
                self._pool.close()
                self._pool = None
            if self._own_store:
                self.store.close()

    def __enter__(self) -> Indexer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _needs_work(self, f: FileStat, stored: StoredStat | None) -> bool:
        if stored is None:
            return True
        size, mtime_ns, _sha, status, output_version, extractors = stored
        if size != f.size or mtime_ns != f.mtime_ns:
            return True
        if output_version != OUTPUT_VERSION:
            return True  # stored by a chunkscope that extracts or chunks differently
        if status in (records.QUEUED, records.INDEXING):
            return True  # an interrupted run
        if status == records.UNSUPPORTED:
            # an extractor for this type may have been installed since
            return formats.for_extension(formats.suffix_of(f.path)) is not None
        # read (or failed) by an extractor that has another version now
        return not self.versions.current(extractors)

    # -- full scan ------------------------------------------------------------------------------

    def reconcile(self) -> IndexSummary:
        """Bring the store in line with the folder: add new files, re-extract changed ones, drop gone ones."""
        with self._lock:
            started = time.monotonic()
            self.rules.reload()
            self.versions.refresh()
            files = list(walk(self.root, self.rules))
            stored = self.store.stats()
            # a password given: the files it may open are read again, unchanged as they are
            locked = self.store.failed_with(errors.ENCRYPTED) if self.password_given else set()
            todo = [f for f in files if f.path in locked or self._needs_work(f, stored.get(f.path))]
            tally = _Tally(unchanged=len(files) - len(todo), reread=self._rereads(todo, stored))
            on_disk = {f.path for f in files}
            gone = sorted(p for p in stored if p not in on_disk)
            writer = self.store.writer
            run_id = writer.call(lambda d: records.start_run(d, str(self.root), self.jobs, self.modes))
            status = "interrupted"
            try:
                new = [(f.path, f.size, f.mtime_ns) for f in todo if f.path not in stored]
                if new:
                    writer.call(lambda d: records.queue_documents(d, new))
                if gone:
                    removed = writer.call(lambda d: records.remove_documents(d, gone))
                    tally.removed += len(removed)
                    for path in removed:
                        self._emit(FileRemoved(path))
                self._process(todo, stored, tally, started)
                if todo:
                    self.versions.load()
                status = "done"
            finally:
                counts = {
                    "files": len(files),
                    "added": tally.added,
                    "updated": tally.updated,
                    "unchanged": tally.unchanged,
                    "removed": tally.removed,
                    "failed": tally.failed,
                    "bytes": tally.bytes,
                }
                writer.call(lambda d: records.finish_run(d, run_id, status, counts))
            return self._summary(tally, len(files), started, run_id)

    def _summary(self, tally: _Tally, files: int, started: float, run_id: int | None) -> IndexSummary:
        return IndexSummary(
            files=files,
            added=tally.added,
            updated=tally.updated,
            unchanged=tally.unchanged,
            removed=tally.removed,
            renamed=tally.renamed,
            failed=tally.failed,
            extracted=tally.extracted,
            bytes=tally.bytes,
            elapsed=time.monotonic() - started,
            run_id=run_id,
            db_path=str(self.store.db_path),
            errors=dict(tally.errors),
            peak_rss_kb=dict(self._pool.peak_rss_kb) if self._pool else {},
            worker_cpu_s=tally.cpu,
            reread=tally.reread,
        )

    def _process(
        self,
        todo: list[FileStat],
        stored: dict[str, StoredStat],
        tally: _Tally,
        started: float,
        *,
        force: bool = False,
        on_path: PathDone | None = None,
    ) -> None:
        total = len(todo)
        bytes_total = sum(f.size for f in todo)
        bytes_done = 0
        taken: dict[int, _Request] = {}  # id of a FileStat handed over for a request → the request
        self._emit(ScanProgress(0, total, 0, bytes_total, 0, time.monotonic() - started))
        if not todo:
            return
        tasks = []
        # Largest files first: the run then ends with small ones, so the writer's last transaction
        # (stored after the last result, with the workers idle) is small. In path order the
        # corpus's large tables came last and the writer stored them alone for 0.15-0.3 s
        # after the workers had finished (scale 1, -j2); largest first, 0.04-0.08 s.
        for f in sorted(todo, key=_larger_first):
            prev = stored.get(f.path)
            # (the stored hash, for a worker to skip a file whose bytes it holds, unless the file is
            # to be read again anyway)
            current = (
                prev is not None
                and prev[3] == records.INDEXED
                and prev[4] == OUTPUT_VERSION
                and self.versions.current(prev[5])
            )
            known = prev[2] if current and not force else ""
            tasks.append((f, self._job(f, known)))

        def first() -> Iterable[tuple[FileStat, Job]]:
            """The files of the requests made meanwhile (reindex_first), for the next free worker."""
            nonlocal total, bytes_total
            for request in self._take_requests():
                for f in request.files:
                    taken[id(f)] = request
                    total += 1
                    bytes_total += f.size
                    yield f, self._job(f, "")

        def feed() -> Iterable[tuple[FileStat, Job]]:
            for task in tasks:
                yield from first()
                yield task

        writer = self.store.writer
        # Writes are queued to the writer thread while the workers go on extracting; events are
        # emitted in order once each write has committed. A bounded queue keeps memory flat when
        # the writer falls behind.
        pending: deque[tuple[Future, Callable[[object], object | None], FileStat, int, _Request | None]] = (
            deque()
        )
        pending_bytes = 0
        done = 0

        def finish(block: bool) -> None:
            nonlocal done, bytes_done, pending_bytes
            while pending and (
                block
                or pending[0][0].done()
                or len(pending) > MAX_PENDING_WRITES
                or pending_bytes > MAX_PENDING_BYTES
            ):
                if not pending[0][0].done():
                    writer.hurry()  # about to wait: the writer must not linger for more results
                future, make_event, f, weight, request = pending.popleft()
                pending_bytes -= weight
                event = make_event(future.result())
                done += 1
                bytes_done += f.size
                if event is not None:
                    self._emit(event)
                if request is not None:
                    request.left -= 1
                    if not request.left:
                        request.summary = self._summary(
                            request.tally, len(request.paths), request.started, None
                        )
                        request.done.set()
                elif on_path is not None:
                    on_path(f.path, *_what_became(event))
                self._emit(
                    ScanProgress(
                        done, total, bytes_done, bytes_total, tally.failed, time.monotonic() - started
                    )
                )

        try:
            # a slow file holds no other file's event back: while no worker answers, the results
            # the writer has committed since are said (in order, as ever)
            idle = partial(finish, block=False)
            for received, outcome in enumerate(self.pool.run(feed(), self._started, idle), 1):
                f: FileStat = outcome.key
                self._emit(FileRead(f.path))
                request = taken.pop(id(f), None)
                counts = tally if request is None else request.tally
                counts.cpu += outcome.cpu_seconds
                # a request's result is stored at once, not held for the run's next ones
                linger = WRITE_LINGER_S if received < total and request is None else 0.0
                # (a file not stored before this run had only its queued row: a request's was stored)
                had_row = request is not None or f.path in stored
                future, make_event = self._submit_outcome(f, outcome, writer, counts, linger, had_row)
                weight = _weight(outcome)
                pending.append((future, make_event, f, weight, request))
                pending_bytes += weight
                finish(block=False)
        finally:
            try:
                finish(block=True)
            finally:
                # the run ended early (an error): its caller's requests are made again
                left = [*taken.values(), *(entry[4] for entry in pending if entry[4] is not None)]
                self._requeue(left)

    def _job(self, f: FileStat, known: str) -> Job:
        return Job(str(self.root / f.path), f.path, known, self.limits, self.modes, self.params, self.options)

    def _take_requests(self) -> list[_Request]:
        """The requests waiting whose paths are all files here, taken for the run in progress
        (a path gone or ignored waits for index_paths to say so)."""
        if not self._requests:
            return []
        taken: list[_Request] = []
        with self._requests_lock:
            waiting: deque[_Request] = deque()
            for request in self._requests:
                files = [stat_file(self.root, path, self.rules) for path in request.paths]
                if request.paths and all(files):
                    request.files = [f for f in files if f is not None]
                    request.left = len(files)
                    taken.append(request)
                else:
                    waiting.append(request)
            self._requests = waiting
        return taken

    def _requeue(self, requests: Iterable[_Request]) -> None:
        """Requests taken into a run that ended before storing their files: made again."""
        left = list({id(r): r for r in requests if not r.done.is_set()}.values())
        if not left:
            return
        with self._requests_lock:
            for request in reversed(left):
                request.files, request.tally, request.left = [], _Tally(), 0
                self._requests.appendleft(request)

    def _serve_requests(self) -> None:
        """Run the requests waiting, one ``index_paths`` each (``_lock`` held)."""
        while True:
            with self._requests_lock:
                if not self._requests:
                    return
                request = self._requests.popleft()
            try:
                request.summary = self.index_paths(request.paths, force=True)
            except BaseException as exc:  # noqa: BLE001 - raised in the thread that asked
                request.error = exc
            request.done.set()

    def reindex_first(self, paths: Iterable[str]) -> IndexSummary:
        """Read ``paths`` again, even when their bytes are the ones stored (the UI's re-index key),
        without waiting for the run that holds the indexer to end (a watch batch of 300 files
        moved in, the folder's scan): their files go to the next free worker, ahead of that run's
        files not yet begun, and are stored with its results, said by the same events. When
        nothing runs, or a path is no file here (gone, ignored), it is ``index_paths(paths,
        force=True)`` once the indexer is free. Returns what came of ``paths`` alone."""
        request = _Request(list(dict.fromkeys(p.strip("/") for p in paths)))
        with self._requests_lock:
            self._requests.append(request)
        while not request.done.is_set():
            if self._lock.acquire(timeout=0.02):
                try:
                    self._serve_requests()
                finally:
                    self._lock.release()
        if request.error is not None:
            raise request.error
        assert request.summary is not None
        return request.summary

    def _started(self, f: FileStat) -> None:
        self._emit(FileStarted(f.path))

    def _submit_outcome(
        self,
        f: FileStat,
        outcome: Outcome,
        writer,
        tally: _Tally,
        linger: float = 0.0,
        had_row: bool = True,
    ) -> tuple[Future, Callable[[object], object | None]]:
        """Queue the write of what came of ``f``; returns its future and the function making the
        event said once it is stored. ``had_row``: the file had a row before its run (not only
        the ``queued`` one the run made for a file seen for the first time)."""
        ms = outcome.seconds * 1000
        if outcome.ok and outcome.value["kind"] == "same":
            tally.unchanged += 1
            future = writer.submit(
                lambda d: records.touch_document(d, f.path, f.size, f.mtime_ns), linger=linger
            )
            return future, lambda _: FileIndexed(f.path, self._chunk_count(f.path), ms, "unchanged")
        if outcome.ok:
            result = outcome.value
            tally.extracted += 1
            tally.bytes += result["size"]

            def written(value) -> FileIndexed:
                _, action, chunks = value
                if action == "added":
                    tally.added += 1
                else:
                    tally.updated += 1
                return FileIndexed(f.path, chunks, ms, action)

            future = writer.submit(
                records.staging(
                    lambda d: records.replace_document(
                        d, f.path, f.size, f.mtime_ns, result, defer_chunks=True
                    )
                ),
                linger=linger,
            )
            return future, written
        failure = outcome.value
        if failure.code == errors.IO_ERROR and stat_file(self.root, f.path, self.rules) is None:
            # deleted between the walk and the read: gone, not failed; a file seen for the first
            # time loses only its queued row (it was created and moved or deleted at once), which
            # is no removal: nothing of it had been stored
            tally.removed += had_row
            future = writer.submit(lambda d: records.remove_documents(d, [f.path]), linger=linger)
            return future, lambda removed: FileRemoved(f.path, had_row) if removed else None
        tally.extracted += 1
        tally.failed += 1
        tally.errors[failure.code] = tally.errors.get(failure.code, 0) + 1
        extractors = self._failed_by(f, failure, outcome.note)
        future = writer.submit(
            lambda d: records.record_failure(
                d, f.path, f.size, f.mtime_ns, failure.code, failure.message, extractors=extractors
            ),
            linger=linger,
        )
        return future, lambda status: IndexFailed(f.path, failure.code, failure.message, ms, status)

    def _failed_by(self, f: FileStat, failure: Failure, said: str) -> str:
        """The extractors that were reading ``f`` when it failed, for a newer version of any of
        them to try again: as the worker said them (the one the file's content named, those of
        the files it holds begun so far), even when it was killed or died; the one its extension
        names when it failed before any began (too large, unreadable). None for a file that no
        extractor reads: it is retried when one claims its type (see _needs_work)."""
        if failure.code == errors.UNSUPPORTED_FORMAT:
            return ""
        return said or self.versions.of_file(f.path)

    def _rereads(self, todo: list[FileStat], stored: dict[str, StoredStat]) -> int:
        """How many of ``todo`` are read again only because an earlier chunkscope, or an earlier
        version of an extractor that read them, stored them."""
        n = 0
        for f in todo:
            prev = stored.get(f.path)
            if (
                prev is not None
                and (prev[0], prev[1]) == (f.size, f.mtime_ns)
                and (
                    prev[4] != OUTPUT_VERSION
                    or (prev[3] != records.UNSUPPORTED and not self.versions.current(prev[5]))
                )
            ):
                n += 1
        return n

    def known_paths(self) -> list[str]:
        """Every path the store holds a row for, sorted."""
        return sorted(self.store.stats())

    def paths_under(self, rel_dir: str) -> list[str]:
        """The paths the store holds under the folder ``rel_dir``, sorted (its rows alone)."""
        return self.store.paths_under(rel_dir)

    def _chunk_count(self, path: str) -> int:
        doc = self.store.document(path)
        return doc.chunk_count if doc else 0

    # -- targeted updates (the watcher) ---------------------------------------------------------

    def index_paths(
        self, paths: Iterable[str], *, force: bool = False, on_path: PathDone | None = None
    ) -> IndexSummary:
        """Re-stat the given files; re-extract those whose size/mtime (then hash) changed, drop the
        ones that are gone or now ignored. ``force`` re-extracts existing files even when their
        bytes are the ones stored (the UI's re-index key). ``on_path(path, result, ms)`` is called
        once for each path as what became of it is known (stored, for those read): ``result`` is
        added, updated, unchanged, removed, ``failed: CODE`` or ``nothing to index`` (neither a
        file here nor stored), ``ms`` the time its stat or its reading took."""
        with self._lock:
            started = time.monotonic()
            wanted = list(dict.fromkeys(p.strip("/") for p in paths))
            self.versions.refresh()
            # the rows of these paths only: the watcher calls this for every few files, and the
            # whole index read each time made a folder moved in cost its files × the documents
            stored = self.store.stats_of(wanted)
            todo: list[FileStat] = []
            gone: list[str] = []
            tally = _Tally()
            seen = 0
            for rel in wanted:
                seen += 1
                looked = time.perf_counter()
                st = stat_file(self.root, rel, self.rules)
                if st is None:
                    if rel in stored:
                        gone.append(rel)
                    elif on_path is not None:
                        on_path(rel, NOTHING_TO_INDEX, _ms_since(looked))
                elif force or self._needs_work(st, stored.get(rel)):
                    todo.append(st)
                else:
                    tally.unchanged += 1
                    if on_path is not None:
                        on_path(rel, "unchanged", _ms_since(looked))
            writer = self.store.writer
            if gone:
                looked = time.perf_counter()
                removed = writer.call(lambda d: records.remove_documents(d, gone))
                tally.removed += len(removed)
                for path in removed:
                    self._emit(FileRemoved(path))
                if on_path is not None:
                    ms = _ms_since(looked)
                    for path in gone:
                        on_path(path, "removed" if path in removed else NOTHING_TO_INDEX, ms)
            if not force:
                tally.reread = self._rereads(todo, stored)
            new = [(f.path, f.size, f.mtime_ns) for f in todo if f.path not in stored]
            if new:
                writer.call(lambda d: records.queue_documents(d, new))
            self._process(todo, stored, tally, started, force=force, on_path=on_path)
            if todo:
                self.versions.load()
            return self._summary(tally, seen, started, None)

    def remove_gone(self, paths: Iterable[str]) -> dict[str, list[str]]:
        """Drop the documents of ``paths``, gone from the folder, and every document under each
        as a folder (a file deleted, a folder deleted or moved out), in one transaction: a folder
        of 300 files deleted comes as 301 paths, which were two transactions each. Each path →
        the stored paths it dropped (its own first), none for one that had nothing stored."""
        wanted = [p for p in dict.fromkeys(p.strip("/") for p in paths) if p]  # never the root

        def drop(d) -> dict[str, list[str]]:
            return {p: records.remove_documents(d, [p, *records.paths_under(d, p)]) for p in wanted}

        with self._lock:
            removed = self.store.writer.call(drop) if wanted else {}
            for dropped in removed.values():
                for path in dropped:
                    self._emit(FileRemoved(path))
            return removed

    def rename(self, old: str, new: str) -> None:
        """``old`` moved to ``new``: move the rows without re-extraction when the content is the one
        stored; otherwise drop ``old`` and index ``new``."""
        self.rename_all([(old, new)])

    def rename_all(self, pairs: Iterable[tuple[str, str]], *, on_path: PathDone | None = None) -> list[str]:
        """Each ``(old, new)`` of ``pairs`` moved on disk, in that order, as :meth:`rename` each:
        the rows of those whose content is the one stored move in one writer transaction (a script
        renaming 300 files was 300), each looked at in it after the moves before it; the others
        go to one ``index_paths`` call, which drops ``old`` and indexes ``new``, and says what
        became of each of their paths to ``on_path`` (as :meth:`index_paths` says it). Returns the
        new paths whose rows moved."""
        with self._lock:
            wanted = [(old.strip("/"), new.strip("/")) for old, new in pairs]
            stored = self.store.stats_of(old for old, _ in wanted)
            # (old, new, sha256, size, mtime_ns) of each pair whose rows may move, and the ms its look took
            moves: list[tuple[str, str, str, int, int]] = []
            looks: list[float] = []
            rest: list[str] = []
            for old, new in wanted:
                started = time.perf_counter()
                st = stat_file(self.root, new, self.rules)
                row = stored.get(old)
                same = st is not None and row is not None and row[3] == records.INDEXED and bool(row[2])
                if same and _same_reader(old, new) and _sha256_file(self.root / new) == row[2]:
                    moves.append((old, new, row[2], st.size, st.mtime_ns))
                    looks.append(_ms_since(started))
                    continue
                rest += [old, new]
            moved: list[str] = []
            if moves:
                started = time.perf_counter()
                chunks = self.store.writer.call(lambda d: records.rename_documents(d, moves))
                written = _ms_since(started)
                for (old, new, *_), count, ms in zip(moves, chunks, looks, strict=True):
                    if count is None:
                        rest += [old, new]  # changed meanwhile: read as it is
                        continue
                    moved.append(new)
                    self._emit(FileRemoved(old))
                    self._emit(FileIndexed(new, count, ms + written, "renamed"))
            if rest:
                self.index_paths(rest, on_path=on_path)
            return moved


#: what ``Indexer.index_paths`` says of a path neither a file in the folder nor stored (gone before
#: it was read, ignored, a folder): nothing failed, there was nothing to read
NOTHING_TO_INDEX = "nothing to index"


def _what_became(event: object | None) -> tuple[str, float]:
    """(result, ms) for ``on_path``, from the event a file's stored result made."""
    if isinstance(event, FileIndexed):
        return event.action, event.ms
    if isinstance(event, IndexFailed):
        return f"failed: {event.code}", event.ms
    if isinstance(event, FileRemoved) and event.stored:
        return "removed", 0.0
    return NOTHING_TO_INDEX, 0.0  # deleted before it was read, and had no row but its queued one


def _same_reader(old: str, new: str) -> bool:
    """Whether a file named ``new`` is read by the extractor that read it as ``old``: the same
    bytes renamed from ``notes.md`` to ``notes.txt`` (or ``.csv`` to ``.tsv``) are another
    document, read as text, not as Markdown, and their rows cannot move."""
    ext_old, ext_new = formats.suffix_of(old), formats.suffix_of(new)
    if ext_old == ext_new:
        return True
    a, b = formats.for_extension(ext_old), formats.for_extension(ext_new)
    return a is not None and b is not None and a.name == b.name


def _ms_since(started: float) -> float:
    return (time.perf_counter() - started) * 1000


def _larger_first(f: FileStat) -> int:
    return -f.size


def _weight(outcome: Outcome) -> int:
    """Roughly the memory a result holds until it is written: its chunk text twice (contents and
    metadata; four bytes a character at worst) and its stored Document."""
    value = outcome.value
    if not outcome.ok or value["kind"] != "doc":
        return 1024
    chars = sum(cs.get("chars", 0) for cs in value["chunk_sets"])
    return 8 * chars + len(value["document"]) + sum(len(im[5]) for im in value["images"])


def _sha256_file(path: Path) -> str | None:
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                digest.update(block)
    except OSError:
        return None
    return digest.hexdigest()


def index_folder(
    root: Path,
    *,
    db_path: Path | None = None,
    jobs: int | None = None,
    modes: Sequence[str] = ("default",),
    on_event: Callable[[object], None] | None = None,
    limits: Limits | None = None,
    params: ModeParams | None = None,
    memory_mb: int | None = DEFAULT_MEMORY_MB,
    extra_modules: Iterable[str] = (),
    options: Mapping[str, Any] | None = None,
) -> IndexSummary:
    """One full indexing pass over ``root`` into ``db_path`` (default: ``<root>/.chunkscope/index.db``)."""
    with Indexer(
        root,
        db_path,
        jobs=jobs,
        limits=limits,
        on_event=on_event,
        modes=modes,
        params=params,
        memory_mb=memory_mb,
        extra_modules=extra_modules,
        options=options,
    ) as engine:
        writer = engine.store.writer
        return replace(engine.reconcile(), migrated=writer.migrated, compaction=writer.compaction)
