"""The write transactions. Each function runs inside one writer transaction (see
:class:`storage.writer.Writer`), so a document's rows change all together or not at all."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Iterable, Sequence
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
# Chunk rows reach `chunks` (and through its trigger the FTS index) by one INSERT … SELECT from
# temporary tables. Inserted one statement per row, FTS5 would flush its pending terms at every
# trigger's savepoint, writing a segment per chunk and merging them again. The rows of all the
# documents a writer transaction stores go in together, just before the COMMIT: with FTS5's
# `hashsize` raised (migration 0008) they then make a few large segments instead of one or more
# per document, about an eighth less writer CPU. Jobs that may read or change chunk rows see
# them all in place: the writer flushes before every job not marked with :func:`staging`.

_BATCH_ROWS = (
    "CREATE TEMP TABLE IF NOT EXISTS chunk_batch "
    "(set_no INTEGER, id TEXT, ordinal INTEGER, content TEXT, content_type TEXT, metadata TEXT)"
)
_BATCH_SETS = (
    "CREATE TEMP TABLE IF NOT EXISTS chunk_batch_sets "
    "(set_no INTEGER PRIMARY KEY, document_id INTEGER, mode TEXT, mode_key TEXT, is_default INTEGER)"
)
# staged chunk text (characters) past which the rows go in at once, so a transaction of large
# documents does not hold all their chunks in memory twice
FLUSH_CHARS = 16_000_000
_STAGING = "_chunkscope_staging"


class _Batch:
    __slots__ = ("chars", "documents", "sets")

    def __init__(self) -> None:
        self.sets = 0
        self.chars = 0
        self.documents: set[int] = set()


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
    conn.execute(_BATCH_ROWS)
    conn.execute(_BATCH_SETS)
    set_no = batch.sets + 1
    conn.execute(
        "INSERT INTO temp.chunk_batch_sets (set_no, document_id, mode, mode_key, is_default) VALUES (?, ?, ?, ?, ?)",
        [set_no, doc_id, mode, mode_key, int(is_default)],
    )
    conn.executemany(
        f"INSERT INTO temp.chunk_batch (set_no, id, ordinal, content, content_type, metadata) "
        f"VALUES ({int(set_no)}, ?, ?, ?, ?, ?)",
        rows,
    )
    chars = rows.chars if isinstance(rows, ChunkColumns) else sum([len(r[2]) for r in rows])
    batch.sets = set_no
    batch.chars += chars
    batch.documents.add(doc_id)
    db.execute(
        "INSERT INTO chunk_sets (document_id, mode_key, mode, is_default, chunk_count, chars, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        [doc_id, mode_key, mode, int(is_default), len(rows), chars, time.time()],
    )


def flush_chunks(db: sqlite_utils.Database) -> None:
    """Insert the chunk rows staged in this transaction into ``chunks``, in the order staged."""
    batch = _batch(db)
    if not batch.sets:
        return
    conn = db.conn
    conn.execute(
        "INSERT INTO chunks (id, document_id, mode, mode_key, is_default, ordinal, content, content_type, metadata) "
        "SELECT r.id, s.document_id, s.mode, s.mode_key, s.is_default, r.ordinal, r.content, r.content_type, "
        "r.metadata FROM temp.chunk_batch AS r JOIN temp.chunk_batch_sets AS s ON s.set_no = r.set_no "
        "ORDER BY r.rowid"
    )
    conn.execute("DELETE FROM temp.chunk_batch")
    conn.execute("DELETE FROM temp.chunk_batch_sets")
    forget_staged_chunks(db)


def forget_staged_chunks(db: sqlite_utils.Database) -> None:
    """The transaction that staged rows was rolled back (and the staged rows with it)."""
    batch = _batch(db)
    batch.sets = 0
    batch.chars = 0
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
    db: sqlite_utils.Database, path: str, size: int, mtime_ns: int, code: str, message: str, sha256: str = ""
) -> str:
    """Record a failed extraction: the last good revision stays, flagged stale; otherwise the file is
    failed (or unsupported when no extractor claims it). Returns the status."""
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


def paths_under(db: sqlite_utils.Database, rel_dir: str) -> list[str]:
    prefix = rel_dir.strip("/") + "/"
    if prefix == "/":
        return [r[0] for r in db.execute("SELECT path FROM documents")]
    return [
        r[0]
        for r in db.execute("SELECT path FROM documents WHERE substr(path, 1, ?) = ?", [len(prefix), prefix])
    ]


# The new id of every chunk of a renamed document (indexer.provenance.chunk_id) in one UPDATE,
# without reading each chunk's metadata back into Python: SQLite writes the JSON the id hashes,
# ``[path, mode_key, location, content, ordinal]``, from the stored row, and Python only hashes it
# (SQLite has no SHA-256). The location is the stored metadata, canonical JSON written as the id's
# own (sorted keys, compact, ensure_ascii=False), less its other keys: json_patch drops the keys a
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
