"""The write transactions. Each function runs inside one writer transaction (see
:class:`storage.writer.Writer`), so a document's rows change all together or not at all."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Iterable, Sequence
from itertools import repeat
from typing import Any

import sqlite_utils

from indexer import OUTPUT_VERSION, errors
from indexer.images import image_name
from indexer.provenance import LOCATION_KEYS

from .serial import ChunkColumns

INDEXED = "indexed"
STALE = "stale"
FAILED = "failed"
UNSUPPORTED = "unsupported"
QUEUED = "queued"
INDEXING = "indexing"
STATUSES = (INDEXED, STALE, FAILED, UNSUPPORTED, QUEUED, INDEXING)


def _doc(db: sqlite_utils.Database, path: str) -> dict[str, Any] | None:
    cur = db.execute("SELECT * FROM documents WHERE path = ?", [path])
    row = cur.fetchone()
    if row is None:
        return None
    return dict(zip([c[0] for c in cur.description], row, strict=True))


def _has_data(db: sqlite_utils.Database, doc_id: int) -> bool:
    return db.execute("SELECT 1 FROM document_data WHERE document_id = ?", [doc_id]).fetchone() is not None


def _drop_orphan_images(db: sqlite_utils.Database, keys: Iterable[str]) -> None:
    for key in set(keys):
        db.execute(
            "DELETE FROM images WHERE name = ? AND NOT EXISTS "
            "(SELECT 1 FROM document_images WHERE stored_as = ?)",
            [key, key],
        )


def _image_names(db: sqlite_utils.Database, doc_id: int) -> list[str]:
    """The keys (``images.name``) of the stored images a document links to."""
    return [r[0] for r in db.execute("SELECT stored_as FROM document_images WHERE document_id = ?", [doc_id])]


def stored_image_name(name: str, data: bytes) -> str:
    """The key an image is stored under: the FNV-1a name of its bytes, with the extension of the
    document's own name for it. The same bytes are stored once whichever documents hold them;
    two images that share a name in different documents (a PDF's ``image_p2_1.png``, an
    e-mail's attachment name) are stored apart. An image named by its bytes already (Word,
    PowerPoint, …) is stored under its own name."""
    ext = name.rpartition(".")[2] if "." in name else "bin"
    return image_name(data, ext)


def insert_chunk_set(
    db: sqlite_utils.Database, doc_id: int, mode: str, mode_key: str, is_default: bool, rows: Sequence[tuple]
) -> None:
    """Replace the ``mode_key`` chunks of ``doc_id`` with ``rows`` now (one statement, see
    :func:`flush_chunks` for why)."""
    db.execute("DELETE FROM chunks WHERE document_id = ? AND mode_key = ?", [doc_id, mode_key])
    db.execute("DELETE FROM chunk_sets WHERE document_id = ? AND mode_key = ?", [doc_id, mode_key])
    _stage_chunk_set(db, doc_id, mode, mode_key, is_default, rows)
    flush_chunks(db)


# -- chunk rows gathered over a transaction ------------------------------------------------------
#
# Chunk rows go into `chunks` as each document is stored, and into the FTS index all together, by
# one INSERT … SELECT of the rows added since the last flush, just before the COMMIT. Inserted
# one statement per row (or per document), FTS5 would flush its pending terms at every
# statement's end, writing a segment each time and merging them again; in one statement for the
# documents of a whole transaction, with FTS5's `hashsize` raised (migration 0008), they make a
# few large segments. (The rows used to wait in a temporary table and reach FTS through the
# insert trigger, which migration 0013 drops: the copy through that table took about a tenth of
# the writer's CPU.) Until the flush, the rows are in `chunks` but not yet in FTS; jobs that may
# search, change or delete them see them all indexed: the writer flushes before every job not
# marked with :func:`staging`, and a document stored again in the same transaction flushes first.

# chunk text (characters) added since the last flush past which the FTS rows go in at once, so
# a transaction of large documents does not gather all their terms in memory
FLUSH_CHARS = 16_000_000
_STAGING = "_chunkscope_staging"
_INSERT_CHUNKS = (
    "INSERT INTO chunks (id, document_id, mode, mode_key, is_default, ordinal, content, content_type, metadata, "
    "shared) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


class _Batch:
    __slots__ = ("after", "chars", "documents", "fts", "sets")

    def __init__(self) -> None:
        self.sets = 0
        self.chars = 0
        self.documents: set[int] = set()
        # the largest chunk pk before the first row of this batch: the batch's rows are the ones
        # above it (a new row's pk is one above the largest; rows of the batch are deleted only
        # after a flush, so none of them leaves a gap that an older pk could fill)
        self.after: int | None = None
        self.fts: bool | None = None  # whether the index has its full-text table (looked up once)


def _batch(db: sqlite_utils.Database) -> _Batch:
    batch = getattr(db, "_chunkscope_batch", None)
    if batch is None:
        batch = _Batch()
        db._chunkscope_batch = batch  # type: ignore[attr-defined]
    return batch


def _stage_chunk_set(
    db: sqlite_utils.Database, doc_id: int, mode: str, mode_key: str, is_default: bool, rows: Sequence[tuple]
) -> None:
    batch = _batch(db)
    conn = db.conn
    n = len(rows)
    if isinstance(rows, ChunkColumns):
        ids, ordinals, contents, types, metadata, shared = (
            rows.ids,
            range(n),
            rows.contents,
            rows.content_types,
            rows.metadata,
            rows.shared,
        )
        shared_json = rows.shared_json
    else:  # (id, ordinal, content, content_type, metadata) tuples: each metadata whole
        ids, ordinals, contents, types, metadata = ([r[i] for r in rows] for i in range(5))
        shared, shared_json = repeat(None, n), None
    chars = sum(map(len, contents))
    if n:
        if batch.after is None:
            batch.after = conn.execute("SELECT coalesce(max(pk), 0) FROM chunks").fetchone()[0]
        conn.executemany(
            _INSERT_CHUNKS,
            zip(
                ids,
                repeat(doc_id, n),
                repeat(mode, n),
                repeat(mode_key, n),
                repeat(int(is_default), n),
                ordinals,
                contents,
                types,
                metadata,
                shared,
                strict=False,
            ),
        )
    batch.sets += 1
    batch.chars += chars
    batch.documents.add(doc_id)
    db.execute(
        "INSERT INTO chunk_sets (document_id, mode_key, mode, is_default, chunk_count, chars, created_at, shared) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [doc_id, mode_key, mode, int(is_default), n, chars, time.time(), shared_json],
    )


def flush_chunks(db: sqlite_utils.Database) -> None:
    """Index the chunk rows stored in this transaction since the last flush for full-text search."""
    batch = _batch(db)
    if not batch.sets:
        return
    if batch.after is not None:
        if batch.fts is None:
            batch.fts = db["chunks_fts"].exists()
        if batch.fts:
            db.conn.execute(
                "INSERT INTO chunks_fts (rowid, content) SELECT pk, content FROM chunks WHERE pk > ? ORDER BY pk",
                [batch.after],
            )
    forget_staged_chunks(db)


def forget_staged_chunks(db: sqlite_utils.Database) -> None:
    """The rows since the last flush are indexed, or were rolled back with their transaction."""
    batch = _batch(db)
    batch.sets = 0
    batch.chars = 0
    batch.after = None
    batch.documents.clear()


def staging(job: Callable[[sqlite_utils.Database], Any]) -> Callable[[sqlite_utils.Database], Any]:
    """Mark a writer job that may leave chunk rows staged (:func:`replace_document` with
    ``defer_chunks``) and touches no other document's chunk rows, so the writer need not flush
    before it."""
    setattr(job, _STAGING, True)
    return job


def is_staging(job: Callable[..., Any]) -> bool:
    return getattr(job, _STAGING, False)


def replace_document(
    db: sqlite_utils.Database,
    path: str,
    size: int,
    mtime_ns: int,
    result: dict[str, Any],
    *,
    defer_chunks: bool = False,
) -> tuple[int, str, int]:
    """Store a new revision of ``path`` (the worker's ``job.run`` result): (id, action, chunks).
    With ``defer_chunks`` its chunk rows may stay staged until :func:`flush_chunks` (the writer
    calls it before the COMMIT for a job marked :func:`staging`)."""
    now = time.time()
    old = _doc(db, path)
    default = result["chunk_sets"][0]
    fields = {
        "size": size,
        "mtime": mtime_ns / 1e9,
        "mtime_ns": mtime_ns,
        "sha256": result["sha256"],
        "status": INDEXED,
        "error_code": None,
        "error_message": None,
        "source_type": result["source_type"],
        "family": result["family"],
        "manifest": json.dumps(result["manifest"], ensure_ascii=False, sort_keys=True),
        "indexed_at": now,
        "has_warning": int(bool(result["has_warning"])),
        "chunk_count": len(default["rows"]),
        "updated_at": now,
        "output_version": OUTPUT_VERSION,
        "extractors": result.get("extractors"),  # (a result without them: read again next time)
    }
    if old is None or old["status"] == QUEUED and not _has_data(db, old["id"]):
        action = "added"
    else:
        action = "updated"
    old_images: list[str] = []
    if old is None:
        fields["path"] = path
        fields["revision"] = 1
        cols = ", ".join(fields)
        marks = ", ".join("?" for _ in fields)
        doc_id = db.execute(
            f"INSERT INTO documents ({cols}) VALUES ({marks})", list(fields.values())
        ).lastrowid
        revision = 1
    else:
        doc_id = old["id"]
        revision = old["revision"] + 1
        fields["revision"] = revision
        old_images = _image_names(db, doc_id)
        if doc_id in _batch(db).documents:
            flush_chunks(db)  # this document's previous revision was stored earlier in this transaction
        db.execute("DELETE FROM chunks WHERE document_id = ?", [doc_id])
        db.execute("DELETE FROM chunk_sets WHERE document_id = ?", [doc_id])
        db.execute("DELETE FROM document_images WHERE document_id = ?", [doc_id])
        sets = ", ".join(f"{k} = ?" for k in fields)
        db.execute(f"UPDATE documents SET {sets} WHERE id = ?", [*fields.values(), doc_id])
    db.execute(
        "INSERT OR REPLACE INTO document_data (document_id, revision, sha256, text_chars, document, encoding) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [
            doc_id,
            revision,
            result["sha256"],
            result["text_chars"],
            result["document"],
            result.get("encoding", "json"),
        ],
    )
    for name, fmt, isize, width, height, data in result["images"]:
        key = stored_image_name(name, data)
        db.execute(
            "INSERT OR IGNORE INTO images (name, format, size, width, height, data) VALUES (?, ?, ?, ?, ?, ?)",
            [key, fmt, isize, width, height, data],
        )
        db.execute(
            "INSERT OR IGNORE INTO document_images (document_id, image_name, stored_as) VALUES (?, ?, ?)",
            [doc_id, name, key],
        )
    for cs in result["chunk_sets"]:
        _stage_chunk_set(db, doc_id, cs["mode"], cs["mode_key"], cs["is_default"], cs["rows"])
    if not defer_chunks or _batch(db).chars > FLUSH_CHARS:
        flush_chunks(db)
    _drop_orphan_images(db, old_images)
    return doc_id, action, len(default["rows"])


def record_failure(
    db: sqlite_utils.Database,
    path: str,
    size: int,
    mtime_ns: int,
    code: str,
    message: str,
    sha256: str = "",
    extractors: str = "",
) -> str:
    """Record a failed extraction: the last good revision stays, flagged stale; otherwise the file is
    failed (or unsupported when no extractor claims it). Returns the status. ``extractors``: the
    ones that were reading it (``"pdf 35"``), so that a newer version of them tries the file
    again; empty when not known."""
    now = time.time()
    old = _doc(db, path)
    if old is not None and _has_data(db, old["id"]):
        status = STALE
    elif code == errors.UNSUPPORTED_FORMAT:
        status = UNSUPPORTED
    else:
        status = FAILED
    fields = {
        "size": size,
        "mtime": mtime_ns / 1e9,
        "mtime_ns": mtime_ns,
        "sha256": sha256,
        "status": status,
        "error_code": code,
        "error_message": message,
        "updated_at": now,
        "output_version": OUTPUT_VERSION,
        "extractors": extractors,
    }
    if old is None:
        fields |= {"path": path, "revision": 0, "chunk_count": 0}
        cols = ", ".join(fields)
        db.execute(
            f"INSERT INTO documents ({cols}) VALUES ({', '.join('?' for _ in fields)})", list(fields.values())
        )
    else:
        sets = ", ".join(f"{k} = ?" for k in fields)
        db.execute(f"UPDATE documents SET {sets} WHERE id = ?", [*fields.values(), old["id"]])
    return status


def touch_document(db: sqlite_utils.Database, path: str, size: int, mtime_ns: int) -> None:
    """Same bytes, new mtime: remember the new stat so the next scan skips the file."""
    db.execute(
        "UPDATE documents SET size = ?, mtime = ?, mtime_ns = ? WHERE path = ?",
        [size, mtime_ns / 1e9, mtime_ns, path],
    )


def queue_documents(db: sqlite_utils.Database, files: Iterable[tuple[str, int, int]]) -> int:
    """Rows with status ``queued`` for files seen for the first time (the UI shows them at once)."""
    now = time.time()
    cur = db.conn.executemany(
        "INSERT OR IGNORE INTO documents (path, size, mtime, mtime_ns, status, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
        [(p, s, 0.0, 0, QUEUED, now) for p, s, _ in files],
    )
    return cur.rowcount


def remove_documents(db: sqlite_utils.Database, paths: Iterable[str]) -> list[str]:
    removed = []
    for path in paths:
        old = _doc(db, path)
        if old is None:
            continue
        images = _image_names(db, old["id"])
        db.execute("DELETE FROM documents WHERE id = ?", [old["id"]])
        _drop_orphan_images(db, images)
        removed.append(path)
    return removed


# The paths under a folder, as a range of the index on ``path``: every path starting 'a/' sorts
# from 'a/' up to (not including) 'a0', '0' being the character after '/', and nothing else does
# ('ab/x' and 'a.md' fall outside it). A substr() or LIKE test read every row; LIKE would also
# take a folder's own '%' and '_' for wildcards.
PATHS_UNDER_SQL = "SELECT path FROM documents WHERE path >= ? AND path < ? ORDER BY path"


def folder_range(rel_dir: str) -> tuple[str, str] | None:
    """The bounds of :data:`PATHS_UNDER_SQL` for the folder ``rel_dir``; None for the root."""
    folder = rel_dir.strip("/")
    if not folder:
        return None
    return folder + "/", folder + chr(ord("/") + 1)


def paths_under(db: sqlite_utils.Database, rel_dir: str) -> list[str]:
    """The stored paths under the folder ``rel_dir`` (every one for the root), sorted."""
    bounds = folder_range(rel_dir)
    if bounds is None:
        return [r[0] for r in db.execute("SELECT path FROM documents ORDER BY path")]
    return [r[0] for r in db.execute(PATHS_UNDER_SQL, list(bounds))]


# The new id of every chunk of a renamed document (indexer.provenance.chunk_id) in one UPDATE,
# without reading each chunk's metadata back into Python: SQLite writes the JSON the id hashes,
# ``[path, mode_key, location, content, ordinal]``, from the stored row, and Python only hashes it
# (SQLite has no SHA-256). The location is the chunk's own stored metadata (the location keys are
# never in a shared part, see storage.serial), canonical JSON written as the id's own (sorted keys,
# compact, ensure_ascii=False), less its other keys: json_patch drops the keys a
# patch sets to null and keeps the others as they are written, in their order; json_array quotes
# a text as json.dumps(ensure_ascii=False) does. Tests hold the ids equal to a fresh index's and to
# chunk_id's for every control character and every kind of JSON value.
_RENAMED_IDS = """
UPDATE chunks SET id = chunkscope_sha256(CAST(json_array(
    :path,
    mode_key,
    json_patch(metadata, (
        SELECT json_group_object(key, NULL) FROM json_each(chunks.metadata) WHERE key NOT IN ({keys})
    )),
    content,
    ordinal
) AS BLOB))
WHERE document_id = :document
""".format(keys=", ".join(f"'{k}'" for k in LOCATION_KEYS))


def _sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def rename_document(db: sqlite_utils.Database, old: str, new: str, size: int, mtime_ns: int) -> bool:
    """Move ``old``'s rows to ``new`` (replacing whatever ``new`` had); chunk ids are recomputed since
    they include the path. False when ``old`` is not stored."""
    row = _doc(db, old)
    if row is None:
        return False
    if old == new:
        return True
    remove_documents(db, [new])
    db.execute(
        "UPDATE documents SET path = ?, size = ?, mtime = ?, mtime_ns = ?, updated_at = ? WHERE id = ?",
        [new, size, mtime_ns / 1e9, mtime_ns, time.time(), row["id"]],
    )
    # only the ids change, not the rowid or the text, so the FTS update trigger does nothing (its
    # WHEN clause, migration 0012): the full-text rows stay as they are
    db.conn.create_function("chunkscope_sha256", 1, _sha256_hex, deterministic=True)
    db.execute(_RENAMED_IDS, {"path": new, "document": row["id"]})
    return True


def rename_documents(
    db: sqlite_utils.Database, moves: Sequence[tuple[str, str, str, int, int]]
) -> list[int | None]:
    """Each ``(old, new, sha256, size, mtime_ns)`` of ``moves`` in turn: ``old``'s rows moved to
    ``new`` as :func:`rename_document` moves them, when ``old`` is stored, indexed and has that
    sha256 (each looked at after the moves before it). The chunk count of each document moved, in
    the order of ``moves``; None for each not moved."""
    out: list[int | None] = []
    for old, new, sha256, size, mtime_ns in moves:
        row = _doc(db, old)
        if row is None or row["status"] != INDEXED or not row["sha256"] or row["sha256"] != sha256:
            out.append(None)
            continue
        rename_document(db, old, new, size, mtime_ns)
        out.append(row["chunk_count"])
    return out


def start_run(db: sqlite_utils.Database, root: str, jobs: int, modes: Sequence[str]) -> int:
    return db.execute(
        "INSERT INTO index_runs (root, started_at, jobs, modes, status) VALUES (?, ?, ?, ?, 'running')",
        [root, time.time(), jobs, ",".join(modes)],
    ).lastrowid


def finish_run(db: sqlite_utils.Database, run_id: int, status: str, counts: dict[str, int]) -> None:
    sets = ", ".join(f"{k} = ?" for k in counts)
    db.execute(
        f"UPDATE index_runs SET finished_at = ?, status = ?, {sets} WHERE id = ?",
        [time.time(), status, *counts.values(), run_id],
    )
