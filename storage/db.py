"""Opening the index database: connection settings shared by the writer and the readers."""

from __future__ import annotations

import os
import sqlite3
import threading
import weakref
from pathlib import Path

import sqlite_utils

from .errors import NotAnIndex

INDEX_DIR = ".chunkscope"
INDEX_FILE = "index.db"
BUSY_TIMEOUT_MS = 30_000
# Page size of a database file created from now on (SQLite fixes it when the file is first written;
# an existing index keeps the size it was made with). Chunk rows are most of an index, and with
# larger pages fewer of them straddle two pages, the b-trees have fewer levels and the WAL takes
# fewer, larger frames. 8 KiB took the writer's CPU over the 200 corpus files' results about 8 %
# below SQLite's default 4 KiB and the file 5 %; 32 KiB another 10 % below 8 KiB (replayed
# results 1.14-1.21 -> 1.00-1.10 s, in indexing runs 1.41-1.62 -> 1.21-1.29 s, alternated; 64 KiB
# no better), the file 125 -> 122 MB. Searches, chunk listings and Document loads over that
# index took the same CPU or less. The price: a page per table and index at least, so an empty
# index file is about 0.9 MB (0.2 MB with 8 KiB pages), and a small transaction writes larger
# WAL frames.
PAGE_SIZE = 32768


# The connections of this process open on each index file (its real path), so that an
# operation refused because the file is in use can tell whether it is this process that holds
# it: SQLite's busy error does not say who does. A connection leaves its set when closed, or
# when collected without being closed.
_OPEN: dict[str, weakref.WeakSet[sqlite3.Connection]] = {}
_OPEN_LOCK = threading.Lock()


class _Connection(sqlite3.Connection):
    """A connection counted among the open connections of its file until it is closed."""

    file = ""  # the real path of the file, the key of its set in _OPEN

    def close(self) -> None:
        with _OPEN_LOCK:
            _OPEN.get(self.file, weakref.WeakSet()).discard(self)
        super().close()


def open_in_this_process(db_path: Path, *, besides: sqlite3.Connection | None = None) -> int:
    """How many connections of this process (``besides`` left out) have the index at
    ``db_path`` open."""
    with _OPEN_LOCK:
        conns = _OPEN.get(os.path.realpath(db_path))
        return sum(1 for c in list(conns or ()) if c is not besides)


def connect(db_path: Path, *, readonly: bool = False) -> sqlite3.Connection:
    """A connection in WAL mode with foreign keys on, in autocommit mode (transactions are explicit).

    ``readonly`` opens the file with ``mode=ro`` so a reader can never write by mistake.
    """
    db_path = Path(db_path)
    if readonly:
        if not db_path.exists():
            raise NotAnIndex(f"No index at {db_path}; run `chunkscope index FOLDER` first")
        conn = sqlite3.connect(
            f"{db_path.resolve().as_uri()}?mode=ro",
            uri=True,
            isolation_level=None,
            check_same_thread=False,
            factory=_Connection,
        )
    else:
        db_path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(
            str(db_path), isolation_level=None, check_same_thread=False, factory=_Connection
        )
    conn.file = os.path.realpath(db_path)
    with _OPEN_LOCK:
        _OPEN.setdefault(conn.file, weakref.WeakSet()).add(conn)
    try:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        if not readonly:
            conn.execute(f"PRAGMA page_size = {PAGE_SIZE}")  # a no-op unless the file is new and empty
            conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA cache_size = -65536")  # 64 MiB: chunk ids and FTS pages stay hot
        conn.execute("PRAGMA temp_store = MEMORY")
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise NotAnIndex(f"{db_path} is not a chunkscope index: {exc}") from None
    return conn


def database(conn: sqlite3.Connection) -> sqlite_utils.Database:
    return sqlite_utils.Database(conn)


def default_db_path(root: Path) -> Path:
    """``<root>/.chunkscope/index.db``, or a per-folder file in the XDG data dir when the folder
    cannot be written to."""
    root = Path(root).resolve()
    local = root / INDEX_DIR / INDEX_FILE
    if local.exists() or _writable(root / INDEX_DIR) or (not (root / INDEX_DIR).exists() and _writable(root)):
        return local
    import hashlib

    data_home = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    digest = hashlib.sha256(str(root).encode("utf-8")).hexdigest()[:16]
    return data_home / "chunkscope" / f"{root.name or 'root'}-{digest}" / INDEX_FILE


def _writable(path: Path) -> bool:
    return path.is_dir() and os.access(path, os.W_OK | os.X_OK)
