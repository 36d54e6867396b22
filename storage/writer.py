"""The single writer: one thread owns the write connection and runs queued jobs, one transaction each.

Readers open their own connections (WAL lets them read while the writer writes). A job is a
function of the writer's ``sqlite_utils.Database``; it runs between ``BEGIN IMMEDIATE`` and
``COMMIT``, so a job is all-or-nothing: a crash or an exception mid-job leaves nothing of it.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any, TypeVar

import sqlite_utils

from . import db as dbmod
from . import migrations

T = TypeVar("T")
_STOP = object()


class Writer:
    def __init__(self, db_path: Path) -> None:
        self.db_path = Path(db_path)
        self._queue: queue.Queue[Any] = queue.Queue()
        self._ready: Future[None] = Future()
        self._thread = threading.Thread(
            target=self._run, name=f"chunkscope-writer:{self.db_path.name}", daemon=True
        )
        self._closed = False
        self._thread.start()
        self._ready.result()  # re-raises a migration/open error in the caller

    def _run(self) -> None:
        try:
            conn = dbmod.connect(self.db_path)
            database = dbmod.database(conn)
            migrations.migrate(database, str(self.db_path))
        except BaseException as exc:  # noqa: BLE001 - handed to the thread that started us
            self._ready.set_exception(exc)
            return
        self._ready.set_result(None)
        try:
            while True:
                item = self._queue.get()
                if item is _STOP:
                    return
                func, future = item
                if not future.set_running_or_notify_cancel():
                    continue
                try:
                    result = self._transaction(database, func)
                except BaseException as exc:  # noqa: BLE001 - the caller receives it through the future
                    future.set_exception(exc)
                else:
                    future.set_result(result)
        finally:
            conn.close()

    @staticmethod
    def _transaction(database: sqlite_utils.Database, func: Callable[[sqlite_utils.Database], T]) -> T:
        conn = database.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            result = func(database)
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
        return result

    def submit(self, func: Callable[[sqlite_utils.Database], T]) -> Future[T]:
        if self._closed:
            raise RuntimeError("writer is closed")
        future: Future[T] = Future()
        self._queue.put((func, future))
        return future

    def call(self, func: Callable[[sqlite_utils.Database], T]) -> T:
        """Run ``func`` in one transaction on the writer thread and wait for its result."""
        return self.submit(func).result()

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._queue.put(_STOP)
        self._thread.join()
