"""Giving back the space an index no longer uses: ``VACUUM``, with the index to itself.

SQLite keeps the pages of a file once written. Deleted rows leave free pages (a folder whose
files were deleted or read again many times), rows written shorter leave room inside their pages
(migration 0014 shortened every chunk's metadata: on the benchmark index a fifth of the file
became empty room, no page of it free), and the file keeps its size. ``VACUUM`` writes the
database again, packed.

It runs only while no other connection has the index open. In WAL mode a connection that has read
the file holds a shared lock on it for as long as it stays open, so the exclusive lock taken here
(``PRAGMA locking_mode = EXCLUSIVE``, then ``BEGIN EXCLUSIVE``) is refused while the UI, ``watch``,
``index`` or a search has the index open, and processes opening it meanwhile wait (their busy
time-out) until it is done. Nothing can therefore write while it runs, and no reader is left
holding pages of the file as it was.

The FTS5 ``optimize`` command (merging the full-text index into one segment) is not run: on the
benchmark index it took 0.35 s for 0.1 MB of 15 MB and searches took the same CPU time.
"""

from __future__ import annotations

import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from . import db as dbmod
from . import migrations
from .errors import IndexBusy, NotAnIndex, ReadOnlyStore

#: After migrations of an existing index, compact when at least this share of the file is room
#: that ``VACUUM`` gives back. An index just written by chunkscope measures about 4 % (the
#: benchmark index: 3.8 % measured, 2.0 % given back, 1.8 % measured after), so a migration that
#: rewrote nothing never sets it off; migration 0014 left about a fifth there (26.6 of 126.1 MB).
#: A tenth of the file is worth writing the whole file again for (0.6-1.5 s for those 126 MB).
COMPACT_AFTER_MIGRATION = 0.10
#: How long ``chunkscope compact`` waits for another connection to close the index (a search run
#: meanwhile); the UI or a watcher keep it open, and are named in the error instead.
COMMAND_WAIT_SECONDS = 3.0

_BUSY = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
_READONLY = sqlite3.SQLITE_READONLY


@dataclass(frozen=True)
class Space:
    """How the pages of an index file are used."""

    file_bytes: int  # the pages of the database: the file's size once its WAL is folded back
    free_pages: int  # pages no table or index uses (``PRAGMA freelist_count``)
    free_bytes: int
    unused_bytes: int  # room inside the pages of tables and indexes that packing them frees

    @property
    def reclaimable(self) -> int:
        """About what ``VACUUM`` gives back (it leaves a few percent: pages are never quite full)."""
        return self.free_bytes + self.unused_bytes

    @property
    def share(self) -> float:
        return self.reclaimable / self.file_bytes if self.file_bytes else 0.0


@dataclass(frozen=True)
class Compaction:
    """What a compaction did (or, with ``refused``, why it did not run)."""

    db_path: str
    bytes_before: int  # the pages of the database (with a WAL folded back: the file's size)
    bytes_after: int
    space: Space  # measured before
    seconds: float
    refused: str = ""


def measure(conn: sqlite3.Connection) -> Space:
    """The space of the database of ``conn``. Room inside pages comes from SQLite's ``dbstat``
    table (one pass over the file: 0.06-0.12 s for the benchmark's 126 MB); with an SQLite built
    without it only free pages are counted."""
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    free = conn.execute("PRAGMA freelist_count").fetchone()[0]
    try:
        trees = conn.execute("SELECT pageno, unused FROM dbstat WHERE aggregate = TRUE").fetchall()
    except sqlite3.OperationalError:
        trees = []
    return Space(_size(conn), free, free * page_size, sum(_packable(n, u, page_size) for n, u in trees))


def _packable(pages: int, unused: int, page_size: int) -> int:
    """The room ``VACUUM`` can give back in a table or index of ``pages`` pages with ``unused``
    bytes free inside them: written packed, its bytes fill whole pages, and a tree of more than
    one page keeps a root page above its leaves. A small table keeps its pages however empty they
    are (the sample corpus's ``documents``: 3 pages of 32 KiB, 63 % of them unused, as before
    after ``VACUUM``)."""
    needed = -(-(pages * page_size - unused) // page_size)
    if needed > 1:
        needed += 1
    return max(0, pages - needed) * page_size


def compact(db_path: Path, *, wait: float = COMMAND_WAIT_SECONDS) -> Compaction:
    """``VACUUM`` the index at ``db_path`` (what ``chunkscope compact`` runs). Raises
    :class:`NotAnIndex` for a missing or foreign file, :class:`ReadOnlyStore` when the file or its
    folder cannot be written, :class:`IndexBusy` when another connection keeps it open longer than
    ``wait`` seconds, :class:`~storage.errors.SchemaTooNew` for a newer chunkscope's index."""
    db_path = Path(db_path)
    if not db_path.is_file():
        raise NotAnIndex(f"No index at {db_path}; run `chunkscope index FOLDER` first")
    if not (os.access(db_path, os.W_OK) and os.access(db_path.parent, os.W_OK | os.X_OK)):
        raise ReadOnlyStore(f"{db_path} cannot be written (read-only file or folder): it cannot be compacted")
    conn = dbmod.connect(db_path)
    try:
        database = dbmod.database(conn)
        if not database["documents"].exists():
            raise NotAnIndex(f"{db_path} is not a chunkscope index (no documents table)")
        migrations.check_version(database, str(db_path))
        return _vacuum(conn, db_path, wait=wait)
    finally:
        conn.close()  # lets the lock go


def worth_compacting(space: Space) -> bool:
    """After migrations: whether at least :data:`COMPACT_AFTER_MIGRATION` of the file is room."""
    return space.share >= COMPACT_AFTER_MIGRATION


def after_migration(db_path: Path, space: Space) -> Compaction:
    """Compact the index at ``db_path``, just migrated and measured (``space``), on a connection
    of its own: the writer closes its connection first, as VACUUM needs the index to itself.
    Another connection holding it open is not waited for, and a failed ``VACUUM`` (a full disk)
    changes nothing: the result says why (``refused``), and the index opens all the same."""
    conn = dbmod.connect(db_path)
    try:
        return _vacuum(conn, Path(db_path), wait=0.0, space=space)
    except (IndexBusy, sqlite3.OperationalError) as exc:  # busy, or no room for the copy: left as is
        size = space.file_bytes
        return Compaction(str(db_path), size, size, space, 0.0, refused=str(exc))
    finally:
        conn.close()


def _vacuum(
    conn: sqlite3.Connection, db_path: Path, *, wait: float, space: Space | None = None
) -> Compaction:
    """``VACUUM`` on ``conn`` with the exclusive lock, and the WAL folded back into the file and
    emptied. The caller closes ``conn``: that lets the lock go, also the part of it a refused
    attempt keeps (SQLite holds on to its pending lock, which stops new readers)."""
    conn.execute(f"PRAGMA busy_timeout = {int(wait * 1000)}")
    conn.execute("PRAGMA locking_mode = EXCLUSIVE")
    try:
        conn.execute("BEGIN EXCLUSIVE")
    except sqlite3.OperationalError as exc:
        code = getattr(exc, "sqlite_errorcode", None)
        if code in _BUSY:
            raise IndexBusy(
                f"{db_path} {_held_by(db_path, conn)}: `chunkscope compact` can run once it is closed"
            ) from None
        if code == _READONLY:
            raise ReadOnlyStore(f"{db_path} cannot be written: it cannot be compacted") from None
        raise
    conn.execute("COMMIT")  # in exclusive locking mode the lock outlives the transaction
    space = space or measure(conn)
    start = time.perf_counter()
    conn.execute("VACUUM")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the file shrinks once its WAL is folded back
    seconds = time.perf_counter() - start
    return Compaction(str(db_path), space.file_bytes, _size(conn), space, seconds)


def _held_by(db_path: Path, conn: sqlite3.Connection) -> str:
    """Who has the index open, as far as can be known: a connection of this process (a
    :class:`~storage.store.Store` not closed yet) or, when none, another process."""
    if dbmod.open_in_this_process(db_path, besides=conn):
        return "is open in this process (a Store not closed yet)"
    return "is open in another process (the UI, `chunkscope watch` or `index`)"


def _size(conn: sqlite3.Connection) -> int:
    return conn.execute("PRAGMA page_count").fetchone()[0] * conn.execute("PRAGMA page_size").fetchone()[0]
