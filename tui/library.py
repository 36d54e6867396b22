"""The UI's side of the store: one Store, read on a small fixed pool of threads, and caches.

The store gives every thread its own SQLite connection, so reads run on two long-lived threads
(not a fresh thread per request, which would leave a connection behind each time). Workers await
:meth:`Library.call`; the event loop never waits on SQLite. Chunk sets and loaded documents are
cached by (path, revision, mode, parameters): a re-indexed file gets a new revision.
"""

from __future__ import annotations

import asyncio
import functools
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from indexer import Document, ModeParams

T = TypeVar("T")


class LRU:
    """A small thread-safe LRU cache."""

    def __init__(self, size: int = 64) -> None:
        self._data: OrderedDict[Any, Any] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def get(self, key: Any) -> Any:
        with self._lock:
            if key not in self._data:
                return None
            self._data.move_to_end(key)
            return self._data[key]

    def put(self, key: Any, value: Any) -> None:
        with self._lock:
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self._size:
                self._data.popitem(last=False)

    def drop(self, predicate: Callable[[Any], bool]) -> None:
        with self._lock:
            for key in [k for k in self._data if predicate(k)]:
                del self._data[key]


def params_key(params: ModeParams) -> tuple:
    return (
        params.window_size,
        params.overlap,
        params.sentences_per_chunk,
        params.paragraphs_per_page,
        params.rows_per_chunk,
        params.list_images,
    )


def params_from_key(mode_key: str) -> tuple[str, ModeParams]:
    """The mode and parameters of a store mode key (``sliding_window:window_size=5,overlap=2``)."""
    mode, _, rest = mode_key.partition(":")
    values: dict[str, Any] = {}
    for part in filter(None, rest.split(",")):
        name, _, raw = part.partition("=")
        if name == "list_images":
            values[name] = raw not in ("0", "False", "")
        elif name in ModeParams.__dataclass_fields__:
            values[name] = None if raw == "None" else int(raw)
    return mode, ModeParams(**values)


class Library:
    def __init__(self, root: Path, db_path: Path) -> None:
        self.root = root
        self.db_path = db_path
        self.store: Any = None
        self.executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="chunkscope-read")
        self.chunks_cache = LRU(96)
        self.documents_cache = LRU(16)
        self.running = 0  # calls running on the read threads (close waits for them)
        self.idle = threading.Condition()

    async def call(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run ``fn`` on a read thread and await its result."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self.executor, functools.partial(self._counted, fn, *args, **kwargs)
        )

    def _counted(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        with self.idle:
            self.running += 1
        try:
            return fn(*args, **kwargs)
        finally:
            with self.idle:
                self.running -= 1
                self.idle.notify_all()

    def open(self) -> None:
        """Open (create, migrate) the store; blocking, so call it through :meth:`call`."""
        from storage.store import Store

        self.db_path.parent.mkdir(parents=True, exist_ok=True)
        self.store = Store.open(self.db_path, root=self.root)

    def close(self) -> None:
        """Close the store once the reads running have ended (those waiting are cancelled): a
        connection closed under a query on another thread crashes SQLite. A read still running
        after 10 s keeps the store open: the process ends with it."""
        store, self.store = self.store, None
        self.executor.shutdown(wait=False, cancel_futures=True)
        with self.idle:
            ended = self.idle.wait_for(lambda: self.running == 0, timeout=10)
        if store is not None and ended:
            store.close()

    # -- blocking helpers, run through call() --------------------------------------------------

    @staticmethod
    def chunk_key(path: str, revision: Any, mode: str, params: ModeParams) -> tuple:
        return (path, revision, mode, params_key(params))

    def load_chunks(self, key: tuple, params: ModeParams) -> list:
        rows = self.chunks_cache.get(key)
        if rows is None:
            path, _revision, mode, _ = key
            rows = self.store.chunks(path, mode, params)
            self.chunks_cache.put(key, rows)
        return rows

    def load_document(self, path: str, revision: Any) -> Document | None:
        key = (path, revision)
        doc = self.documents_cache.get(key)
        if doc is None:
            doc = self.store.load_document(path)
            if doc is not None:
                self.documents_cache.put(key, doc)
        return doc

    def forget(self, path: str) -> None:
        self.chunks_cache.drop(lambda k: k[0] == path)
        self.documents_cache.drop(lambda k: k[0] == path)
