"""Past-tense messages the workers post to the screens.

Workers run in threads and never touch a widget: they call ``post_message`` with one of these. The
messages carry ids (relative paths, cache keys), not payloads; a screen re-queries the store or
reads the cache the worker filled. :func:`from_event` wraps the plain events of
``storage.indexing`` / ``storage.sync`` into the matching message.
"""

from __future__ import annotations

import functools
import inspect
from dataclasses import fields, is_dataclass
from typing import Any

from textual.message import Message

from .present import batch_coalesced, batch_words, counted, millis


class StoreOpened(Message):
    """The store is open; the tree can be loaded."""


class DocumentsChanged(Message):
    """Rows of these documents changed (empty: reload everything)."""

    def __init__(self, paths: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.paths = paths


class FileStarted(Message):
    """A worker began reading the file."""

    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path


class FileRead(Message):
    """The worker reading the file is done with it (what became of it follows once stored)."""

    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path


class FileIndexed(Message):
    def __init__(self, path: str, chunks: int = 0, ms: float = 0.0, action: str = "updated") -> None:
        super().__init__()
        self.path, self.chunks, self.ms, self.action = path, chunks, ms, action


class IndexFailed(Message):
    def __init__(
        self, path: str, code: str = "", message: str = "", ms: float = 0.0, status: str = "failed"
    ) -> None:
        super().__init__()
        self.path, self.code, self.message, self.ms, self.status = path, code, message, ms, status


class FileRemoved(Message):
    def __init__(self, path: str, stored: bool = True) -> None:
        super().__init__()
        # stored False: a file gone before it was read, which had only its queued row
        self.path, self.stored = path, stored


class FileRenamed(Message):
    def __init__(self, old: str = "", new: str = "") -> None:
        super().__init__()
        self.old, self.new = old, new


class ScanProgress(Message):
    """Indexing progress; bursts collapse (only the newest waiting one is handled)."""

    def __init__(
        self,
        done: int = 0,
        total: int = 0,
        bytes_done: int = 0,
        bytes_total: int = 0,
        failures: int = 0,
        elapsed: float = 0.0,
    ) -> None:
        super().__init__()
        self.done, self.total, self.failures, self.elapsed = done, total, failures, elapsed
        self.bytes_done, self.bytes_total = bytes_done, bytes_total

    def can_replace(self, message: Message) -> bool:
        # a newer report supersedes this one, but not one of a run with nothing to index (a file
        # found unchanged), which would leave the line on "Indexing" after a run's last report
        return isinstance(message, ScanProgress) and message.total > 0


class ScanFinished(Message):
    def __init__(self, files: int = 0, failures: int = 0, elapsed: float = 0.0, error: str = "") -> None:
        super().__init__()
        self.files, self.failures, self.elapsed, self.error = files, failures, elapsed, error


class WatcherChanged(Message):
    """The watcher's state: "starting", "watching", "polling", "stopped", "unavailable"."""

    def __init__(self, state: str, detail: str = "") -> None:
        super().__init__()
        self.state, self.detail = state, detail


class WatchEvent(Message):
    """Anything else the watcher reported, as one line for the event log (``quiet``: a line that
    says nothing happened, left out of the log)."""

    def __init__(self, kind: str, text: str, paths: tuple[str, ...] = (), quiet: bool = False) -> None:
        super().__init__()
        self.kind, self.text, self.paths, self.quiet = kind, text, paths, quiet


class ChunksLoaded(Message):
    """Chunks of (path, mode, params) are in the cache under ``key``."""

    def __init__(self, key: tuple, error: str = "") -> None:
        super().__init__()
        self.key, self.error = key, error


class DocumentLoaded(Message):
    """The stored Document of ``path`` is in the cache (or ``error`` says why not)."""

    def __init__(self, path: str, error: str = "") -> None:
        super().__init__()
        self.path, self.error = path, error


class Exported(Message):
    def __init__(self, target: str, count: int) -> None:
        super().__init__()
        self.target, self.count = target, count


def _fields(event: object) -> dict[str, Any]:
    if is_dataclass(event):
        return {f.name: getattr(event, f.name) for f in fields(event)}
    return dict(getattr(event, "__dict__", {}))


_BY_NAME: dict[str, type[Message]] = {
    "FileStarted": FileStarted,
    "FileRead": FileRead,
    "FileIndexed": FileIndexed,
    "IndexFailed": IndexFailed,
    "FileRemoved": FileRemoved,
    "FileRenamed": FileRenamed,
    "ScanProgress": ScanProgress,
}


@functools.cache
def _accepted(cls: type[Message]) -> frozenset[str]:
    """The parameters of ``cls`` (looked up once: a message is made for every file read)."""
    return frozenset(inspect.signature(cls.__init__).parameters) - {"self"}


def from_event(event: object) -> Message:
    """The message for a storage event (matched by class name; unknown kinds become WatchEvent)."""
    name = type(event).__name__
    data = _fields(event)
    cls = _BY_NAME.get(name)
    if cls is not None:
        accepted = _accepted(cls)
        return cls(**{k: v for k, v in data.items() if k in accepted})
    if name in ("IndexSummary", "ScanSummary"):
        return ScanFinished(
            files=int(data.get("total", data.get("files", 0)) or 0),
            failures=int(data.get("failed", data.get("failures", 0)) or 0),
            elapsed=float(data.get("elapsed", 0.0) or 0.0),
        )
    if name in ("WatcherState", "WatcherStateChanged", "WatchState"):
        return WatcherChanged(str(data.get("state", "")), str(data.get("reason") or data.get("detail") or ""))
    if name == "SyncEvent":
        path = str(data.get("path", ""))
        text = f"{path or 'folder'} {data.get('action', '')} → {data.get('result', '')} in {millis(data.get('ms', 0))}"
        if data.get("events", 1) > 1:
            text += f" ({counted(data['events'], 'event')})"
        return WatchEvent(
            str(data.get("action", "")),
            text,
            (path,) if path and data.get("action") != "rename" else (),
            # a file the watcher had indexed: the indexer's own line says what came of it ("added
            # → 2 chunks", a failure), or nothing when its bytes had not changed (every file of a
            # folder whose entry changed is looked at: one new file in text/ made a line for each)
            quiet=data.get("action") == "upsert",
        )
    if name == "BatchApplied":
        events, changes = int(data.get("events", 0) or 0), int(data.get("changes", 0) or 0)
        # written to the log when the CLI's watch writes it, in its words
        said = f"{batch_words(events, changes)} in {millis(data.get('ms', 0))}"
        return WatchEvent("batch", said, quiet=not batch_coalesced(events, changes))
    paths = tuple(str(v) for k, v in data.items() if k in ("path", "src", "dest", "old", "new") and v)
    text = " ".join(f"{k}={v}" for k, v in data.items())
    return WatchEvent(name, text, paths)
