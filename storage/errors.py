"""Errors of the storage layer, each with a user-facing message."""

from __future__ import annotations


class StoreError(Exception):
    """Root of the storage errors."""


class SchemaTooNew(StoreError):
    """The database was written by a newer chunkscope (it has migrations this version lacks)."""

    def __init__(self, db_path: str, unknown: list[str]) -> None:
        self.db_path = db_path
        self.unknown = unknown
        super().__init__(
            f"{db_path} uses a newer index schema than this chunkscope understands "
            f"(unknown migrations: {', '.join(unknown)}); upgrade chunkscope or index into a new --db"
        )


class NotAnIndex(StoreError):
    """The file is not a chunkscope index (missing, or not SQLite)."""


class ReadOnlyStore(StoreError):
    """A write was attempted on a store opened read-only."""


class IndexBusy(StoreError):
    """The index is open elsewhere (another process: the UI, a watcher, an indexing run; or a
    Store of this one not closed yet) and an operation that needs it alone cannot run."""
