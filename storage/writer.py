"""The single writer: one thread owns the write connection and runs queued jobs in transactions.

Readers open their own connections (WAL lets them read while the writer writes). A job is a
function of the writer's ``sqlite_utils.Database``; it runs inside ``BEGIN IMMEDIATE`` …
``COMMIT`` (several queued jobs may share one transaction; if one of them raises, the whole
transaction is rolled back and the jobs are replayed one per transaction, so jobs must be
functions of the database state alone), so a job is all-or-nothing: a crash or an exception
mid-job leaves nothing of it. A job's future is resolved
only after the COMMIT, so nobody hears of a write that could still vanish. Chunk rows stored by
jobs marked :func:`storage.records.staging` go into the full-text index before the next unmarked
job and before the COMMIT, in the same transaction.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any, TypeVar

import sqlite_utils

from . import compact, migrations, records
from . import db as dbmod

T = TypeVar("T")
_STOP = object()
_HURRY = object()  # ends the current linger: someone is waiting on a result
MAX_BATCH = 32  # queued jobs sharing one transaction, at most


class Writer:
    def __init__(self, db_path: Path) -> None:
        self.db_path = Path(db_path)
        self._queue: queue.Queue[Any] = queue.Queue()
        self._ready: Future[None] = Future()
        self._thread = threading.Thread(
            target=self._run, name=f"chunkscope-writer:{self.db_path.name}", daemon=True
        )
        self._closed = False
        self.migrated: list[str] = []  # the migrations applied on opening
        # the compaction that followed them, when they left much of the file unused
        self.compaction: compact.Compaction | None = None
        self._thread.start()
        self._ready.result()  # re-raises a migration/open error in the caller

    def _run(self) -> None:
        try:
            conn = dbmod.connect(self.db_path)
            database = dbmod.database(conn)
            self.migrated = migrations.migrate(database, str(self.db_path))
            if self.migrated and migrations.INITIAL not in self.migrated:
                # an existing index whose rows were written again keeps its size until compacted
                space = compact.measure(conn)
                if compact.worth_compacting(space):
                    conn.close()  # VACUUM needs the index to itself
                    self.compaction = compact.after_migration(self.db_path, space)
                    conn = dbmod.connect(self.db_path)
                    database = dbmod.database(conn)
        except BaseException as exc:  # noqa: BLE001 - handed to the thread that started us
            self._ready.set_exception(exc)
            return
        self._ready.set_result(None)
        try:
            while True:
                item = self._queue.get()
                if item is _STOP:
                    return
                if item is _HURRY:
                    continue
                batch = [item[:2]]
                # jobs that queued up meanwhile share the transaction: far fewer commits, WAL
                # checkpoints and FTS segment flushes. A job submitted with ``linger`` (more are
                # coming, e.g. the rest of an indexing run) waits that long for company; a job
                # without it ends the wait.
                deadline = time.monotonic() + item[2] if item[2] > 0 else 0.0
                stop = False
                while len(batch) < MAX_BATCH:
                    try:
                        wait = deadline - time.monotonic()
                        more = self._queue.get(timeout=wait) if wait > 0 else self._queue.get_nowait()
                    except queue.Empty:
                        break
                    if more is _STOP:
                        stop = True
                        break
                    if more is _HURRY:
                        deadline = 0.0
                        continue
                    batch.append(more[:2])
                    if more[2] <= 0:
                        deadline = 0.0
                self._run_batch(database, batch)
                if stop:
                    return
        finally:
            conn.close()

    @classmethod
    def _run_batch(cls, database: sqlite_utils.Database, batch: list) -> None:
        live = [(func, future) for func, future in batch if future.set_running_or_notify_cancel()]
        if len(live) > 1:
            try:
                results = cls._transaction(database, [func for func, _ in live])
            except Exception:  # noqa: BLE001 - rolled back whole; replayed one job at a time below
                pass
            else:
                for (_, future), result in zip(live, results, strict=True):
                    future.set_result(result)
                return
        for func, future in live:
            try:
                result = cls._transaction(database, [func])[0]
            except BaseException as exc:  # noqa: BLE001 - the caller receives it through the future
                future.set_exception(exc)
            else:
                future.set_result(result)

    @staticmethod
    def _transaction(
        database: sqlite_utils.Database, funcs: list[Callable[[sqlite_utils.Database], Any]]
    ) -> list:
        conn = database.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            results = []
            for func in funcs:
                if not records.is_staging(func):
                    records.flush_chunks(database)  # the job sees every chunk row stored before it indexed
                results.append(func(database))
            records.flush_chunks(database)
        except BaseException:
            conn.execute("ROLLBACK")
            records.forget_staged_chunks(database)
            raise
        conn.execute("COMMIT")
        return results

    def submit(self, func: Callable[[sqlite_utils.Database], T], *, linger: float = 0.0) -> Future[T]:
        """Queue ``func``; ``linger`` (seconds) lets the writer wait that long for more jobs to share
        its transaction, for a caller that knows more are coming (the future resolves that much
        later at most)."""
        if self._closed:
            raise RuntimeError("writer is closed")
        future: Future[T] = Future()
        self._queue.put((func, future, linger))
        return future

    def hurry(self) -> None:
        """End the current linger now (a caller is about to wait on a lingering job's future)."""
        if not self._closed:
            self._queue.put(_HURRY)

    def call(self, func: Callable[[sqlite_utils.Database], T]) -> T:
        """Run ``func`` in a transaction on the writer thread and wait for its result."""
        return self.submit(func).result()

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._queue.put(_STOP)
        self._thread.join()
