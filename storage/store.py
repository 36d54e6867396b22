"""The read side of the index, plus on-demand chunking of other modes (cached through the writer).

Every thread that reads gets its own connection (WAL readers never block the writer). Writes go
through one :class:`~storage.writer.Writer` per store, started on first need.
"""

from __future__ import annotations

import json
import re
import sqlite3
import statistics
import threading
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from indexer.model import Document
from indexer.modes import registry as modes
from indexer.modes.params import ModeParams

from . import db as dbmod
from . import migrations, records
from .db import default_db_path
from .errors import NotAnIndex, ReadOnlyStore
from .serial import chunk_metadata, document_from_array_json, shared_parts_of
from .writer import Writer

__all__ = ["ChunkRow", "DocRow", "Hit", "Store", "default_db_path"]

#: Markers around the matched terms in :attr:`Hit.snippet`.
SNIPPET_START = "\x02"
SNIPPET_END = "\x03"
SNIPPET_ELLIPSIS = "…"


@dataclass(frozen=True)
class DocRow:
    id: int
    path: str
    source_type: str
    size: int
    mtime: float
    sha256: str
    status: str
    error_code: str | None
    error_message: str | None
    chunk_count: int
    indexed_at: float | None
    has_warning: bool
    family: str = ""
    revision: int = 0


@dataclass(frozen=True)
class ChunkRow:
    id: str
    ordinal: int
    content: str
    content_type: str
    metadata: dict

    def export_line(self, path: str) -> str:
        """The chunk as one line of JSON, as ``chunkscope export`` and the UI's export key write it:
        its id, the path of its document, its content, content type and metadata."""
        record = {
            "id": self.id,
            "path": path,
            "content": self.content,
            "content_type": self.content_type,
            "metadata": self.metadata,
        }
        return json.dumps(record, ensure_ascii=False) + "\n"


@dataclass(frozen=True)
class Hit:
    path: str
    chunk_id: str
    ordinal: int
    mode_key: str
    content_type: str
    snippet: str  # matched terms between SNIPPET_START and SNIPPET_END
    metadata: dict
    source_type: str
    rank: float = 0.0


#: A stored document as the change scan sees it: (size, mtime_ns, sha256, status,
#: output_version, extractors). ``extractors``: the ``indexer.formats.registry.read_by`` text of
#: the extractors that read it, NULL (None) in a row written before migration 0015.
StoredStat = tuple[int, int, str, str, int, str | None]
_STAT_COLUMNS = "path, size, mtime_ns, sha256, status, output_version, extractors"

# paths looked up by one statement of :meth:`Store.stats_of`: under the 999 variables SQLite
# allowed a statement before 3.32 (a build may still be compiled with that limit)
_PATHS_PER_QUERY = 500

_DOC_COLUMNS = (
    "id, path, source_type, size, mtime, sha256, status, error_code, error_message, chunk_count, "
    "indexed_at, has_warning, family, revision"
)


def _docrow(row: tuple) -> DocRow:
    (id_, path, st, size, mtime, sha, status, code, msg, count, indexed_at, warn, family, rev) = row
    return DocRow(
        id_,
        path,
        st or "",
        size,
        mtime,
        sha or "",
        status,
        code,
        msg,
        count,
        indexed_at,
        bool(warn),
        family or "",
        rev,
    )


def fts_query(query: str) -> str:
    """A user's words as an FTS5 query: each word quoted (so ``-``, ``:`` and ``.`` are literal), a
    trailing ``*`` kept as a prefix search, ``OR`` kept; "quoted phrases" stay phrases."""
    tokens = re.findall(r'"[^"]*"|\S+', query)
    out = []
    for tok in tokens:
        if tok.startswith('"') and tok.endswith('"') and len(tok) > 1:
            inner = tok[1:-1].strip()
            if inner:
                out.append('"' + inner.replace('"', "") + '"')
            continue
        if tok in ("OR", "AND", "NOT"):
            out.append(tok)
            continue
        prefix = tok.endswith("*")
        word = tok.rstrip("*").replace('"', "")
        if word:
            out.append('"' + word + '"' + ("*" if prefix else ""))
    while out and out[-1] in ("OR", "AND", "NOT"):
        out.pop()
    while out and out[0] in ("OR", "AND", "NOT"):
        out.pop(0)
    return " ".join(out)


class Store:
    def __init__(self, db_path: Path, root: Path | None, readonly: bool) -> None:
        self.db_path = Path(db_path)
        self.root = Path(root).resolve() if root is not None else self.db_path.resolve().parent.parent
        self.readonly = readonly
        self._local = threading.local()
        self._conns: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self._writer: Writer | None = None
        self._closed = False
        self._split_metadata = False

    @classmethod
    def open(cls, db_path: Path, *, root: Path | None = None, readonly: bool = False) -> Store:
        """Open (creating and migrating unless ``readonly``) the index at ``db_path``.

        Raises :class:`~storage.errors.SchemaTooNew` for a database of a newer chunkscope and
        :class:`~storage.errors.NotAnIndex` for a missing (read-only) or non-SQLite file.
        """
        store = cls(db_path, root, readonly)
        if readonly:
            conn = store._conn()
            migrations.check_version(dbmod.database(conn), str(db_path))
            if not dbmod.database(conn)["documents"].exists():
                store.close()
                raise NotAnIndex(f"{db_path} is not a chunkscope index (no documents table)")
        else:
            store.writer  # noqa: B018 - creates the file and applies the migrations
        if root is None:
            saved = store._setting("root")
            if saved:
                store.root = Path(saved)
        elif not readonly:
            store.writer.call(
                lambda d: d.execute("INSERT OR REPLACE INTO settings VALUES ('root', ?)", [str(store.root)])
            )
        return store

    # -- connections ---------------------------------------------------------------------------

    def _conn(self) -> sqlite3.Connection:
        if self._closed:
            raise RuntimeError("store is closed")
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = dbmod.connect(self.db_path, readonly=True)
            self._local.conn = conn
            with self._lock:
                self._conns.append(conn)
        return conn

    @property
    def writer(self) -> Writer:
        if self.readonly:
            raise ReadOnlyStore(f"{self.db_path} was opened read-only")
        with self._lock:
            if self._writer is None:
                self._writer = Writer(self.db_path)
            return self._writer

    def close(self) -> None:
        if self._closed:
            return
        # readers first: the writer's connection, closing last, folds the WAL back into the
        # database file (a read-only connection cannot), so the file is whole on its own
        with self._lock:
            for conn in self._conns:
                conn.close()
            self._conns.clear()
        if self._writer is not None:
            self._writer.close()
        self._closed = True

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _shared_column(self, column: str) -> str:
        """``column`` (a shared metadata part's number or the shared array), or NULL in an index
        opened read-only before migration 0014 gave it one: there every chunk's metadata is whole.

        Until the column is found, another process may migrate the file, so each query asks
        again, but only for the schema's version (a number in the file's header): the columns
        are looked up once per connection and again only when that number changes."""
        if not self._split_metadata:
            conn = self._conn()
            version = conn.execute("PRAGMA schema_version").fetchone()[0]
            if version != getattr(self._local, "schema_version", None):
                names = [r[1] for r in conn.execute("PRAGMA table_info(chunks)")]
                self._split_metadata = "shared" in names
                self._local.schema_version = version
        return column if self._split_metadata else "NULL"

    def _setting(self, key: str) -> str | None:
        try:
            row = self._conn().execute("SELECT value FROM settings WHERE key = ?", [key]).fetchone()
        except sqlite3.OperationalError:
            return None
        return row[0] if row else None

    # -- documents -----------------------------------------------------------------------------

    def documents(self, folder: str | None = None) -> list[DocRow]:
        """Every document, by path; those under the folder ``folder`` alone when given."""
        where, args = _under(folder, "path")
        rows = self._conn().execute(f"SELECT {_DOC_COLUMNS} FROM documents{where} ORDER BY path", args)
        return [_docrow(r) for r in rows.fetchall()]

    def document(self, path: str) -> DocRow | None:
        row = self._conn().execute(f"SELECT {_DOC_COLUMNS} FROM documents WHERE path = ?", [path]).fetchone()
        return _docrow(row) if row else None

    def stats(self) -> dict[str, StoredStat]:
        """path → (size, mtime_ns, sha256, status, output_version, extractors), for the change scan."""
        rows = self._conn().execute(f"SELECT {_STAT_COLUMNS} FROM documents")
        return {row[0]: row[1:] for row in rows}

    def stats_of(self, paths: Iterable[str]) -> dict[str, StoredStat]:
        """:meth:`stats` for ``paths`` alone (those the store has a row for): the watcher hands
        over a few files at a time, and reading every row for each batch cost files × documents.
        Looked up through the index on ``path``, a slice of the paths per statement, all in one
        read transaction so the answer is one state of the store as :meth:`stats` gives."""
        wanted = list(dict.fromkeys(paths))
        if not wanted:
            return {}
        conn = self._conn()
        out: dict[str, StoredStat] = {}
        conn.execute("BEGIN")
        try:
            for start in range(0, len(wanted), _PATHS_PER_QUERY):
                part = wanted[start : start + _PATHS_PER_QUERY]
                rows = conn.execute(
                    f"SELECT {_STAT_COLUMNS} FROM documents WHERE path IN ({', '.join('?' * len(part))})",
                    part,
                )
                out.update((row[0], row[1:]) for row in rows)
        finally:
            conn.execute("COMMIT")
        return out

    def paths_under(self, rel_dir: str) -> list[str]:
        """The stored paths under the folder ``rel_dir``, sorted: the rows of that folder alone,
        looked up through the index on ``path`` (a folder renamed in an index of thousands)."""
        bounds = records.folder_range(rel_dir)
        if bounds is None:
            return sorted(self.stats())
        return [row[0] for row in self._conn().execute(records.PATHS_UNDER_SQL, bounds)]

    def setting(self, key: str) -> str | None:
        """The ``settings`` value of ``key`` (None when absent)."""
        return self._setting(key)

    def failed_with(self, code: str) -> set[str]:
        """The paths whose last extraction failed with ``code`` (failed, or stale: an earlier
        revision still shown)."""
        rows = self._conn().execute(
            "SELECT path FROM documents WHERE error_code = ? AND status IN (?, ?)",
            [code, records.FAILED, records.STALE],
        )
        return {row[0] for row in rows}

    def load_document(self, path: str) -> Document | None:
        sql = (
            "SELECT d.id, dd.document, dd.encoding FROM documents d "
            "JOIN document_data dd ON dd.document_id = d.id WHERE d.path = ?"
        )
        row = self._conn().execute(sql, [path]).fetchone()
        if row is None:
            return None
        return stored_document(row[1], row[2], self._images_of(row[0]))

    def _images_of(self, doc_id: int) -> dict[str, bytes]:
        rows = self._conn().execute(
            "SELECT di.image_name, i.data FROM document_images di JOIN images i ON i.name = di.stored_as "
            "WHERE di.document_id = ? ORDER BY di.image_name",
            [doc_id],
        )
        return {name: bytes(data) for name, data in rows}

    def images(self, path: str) -> dict[str, bytes]:
        doc = self.document(path)
        return self._images_of(doc.id) if doc else {}

    def manifest(self, path: str) -> dict | None:
        row = self._conn().execute("SELECT id, manifest FROM documents WHERE path = ?", [path]).fetchone()
        if row is None or row[1] is None:
            return None
        manifest = json.loads(row[1])
        # chunk counts of every mode cached so far, not only those chunked at index time
        for key, count in self._conn().execute(
            "SELECT mode_key, chunk_count FROM chunk_sets WHERE document_id = ? ORDER BY mode_key", [row[0]]
        ):
            manifest.setdefault("chunks", {})[key] = count
        return manifest

    # -- chunks --------------------------------------------------------------------------------

    def mode_key(self, path: str, mode: str = "default", params: ModeParams | None = None) -> str | None:
        doc = self.document(path)
        if doc is None or not doc.family:
            return None
        return modes.key_for(doc.family, mode, params or ModeParams())

    def chunks(self, path: str, mode: str = "default", params: ModeParams | None = None) -> list[ChunkRow]:
        """The chunks of ``path`` in ``mode``: cached rows, or chunked now from the stored Document
        and cached. Empty for a document without a good revision. A bad mode for the document's
        family raises ``indexer.errors.InvalidArgument``."""
        params = params or ModeParams()
        doc = self.document(path)
        if doc is None or not doc.family:
            return []
        key = modes.key_for(doc.family, mode, params)
        cached = self._chunk_rows(doc.id, key)
        if cached is not None:
            return cached
        stored = self.load_document(path)
        if stored is None:
            return []
        from .job import chunk_rows

        name, key, rows = chunk_rows(stored, path, mode, params)
        if not self.readonly:
            revision = doc.revision

            def cache(d):
                current = d.execute("SELECT revision FROM documents WHERE id = ?", [doc.id]).fetchone()
                if current is None or current[0] != revision:
                    return False  # re-indexed meanwhile: these chunks belong to an old revision
                records.insert_chunk_set(d, doc.id, name, key, False, rows)
                return True

            self.writer.call(cache)
        return list(
            map(
                ChunkRow, rows.ids, range(len(rows)), rows.contents, rows.content_types, rows.metadata_dicts()
            )
        )

    def _chunk_rows(self, doc_id: int, key: str) -> list[ChunkRow] | None:
        conn = self._conn()
        # one read transaction: the chunk rows and the shared parts they number are of one chunk set
        conn.execute("BEGIN")
        try:
            chunk_set = conn.execute(
                f"SELECT {self._shared_column('shared')} FROM chunk_sets WHERE document_id = ? AND mode_key = ?",
                [doc_id, key],
            ).fetchone()
            if chunk_set is None:
                return None
            rows = conn.execute(
                f"SELECT id, ordinal, content, content_type, metadata, {self._shared_column('shared')} FROM chunks "
                "WHERE document_id = ? AND mode_key = ? ORDER BY ordinal",
                [doc_id, key],
            ).fetchall()
        finally:
            conn.execute("COMMIT")
        parts = shared_parts_of(chunk_set[0])
        return [ChunkRow(i, o, c, t, chunk_metadata(m, p, parts)) for i, o, c, t, m, p in rows]

    def cached_modes(self, path: str) -> dict[str, int]:
        """mode_key → chunk count of the chunk sets stored for ``path``."""
        rows = self._conn().execute(
            "SELECT cs.mode_key, cs.chunk_count FROM chunk_sets cs JOIN documents d ON d.id = cs.document_id "
            "WHERE d.path = ? ORDER BY cs.is_default DESC, cs.mode_key",
            [path],
        )
        return dict(rows.fetchall())

    def without_mode(self, mode: str) -> list[str]:
        """The documents ``mode`` serves that have no chunks in it stored yet (with any
        parameters): what a search in that mode does not see until they are chunked."""
        if mode == "default":
            return []  # every indexed document has its default chunks
        rows = self._conn().execute(
            "SELECT d.path, d.family FROM documents d WHERE d.status IN (?, ?) AND d.family != '' "
            "AND NOT EXISTS (SELECT 1 FROM chunk_sets cs WHERE cs.document_id = d.id AND cs.mode = ?) "
            "ORDER BY d.path",
            [records.INDEXED, records.STALE, mode],
        )
        serves: dict[str, bool] = {}
        out = []
        for path, family in rows:
            if family not in serves:
                serves[family] = mode in modes.modes_for(family)
            if serves[family]:
                out.append(path)
        return out

    def chunk_all(self, mode: str, paths: list[str] | None = None) -> int:
        """Chunk and store ``mode`` (default parameters) for ``paths`` (default: every document
        :meth:`without_mode` names), so that a search in that mode sees every document it serves;
        how many were chunked. A writable store only."""
        if self.readonly:
            raise ReadOnlyStore(f"{self.db_path} was opened read-only: chunks cannot be stored")
        done = 0
        for path in self.without_mode(mode) if paths is None else paths:
            if self.chunks(path, mode):
                done += 1
        return done

    # -- search --------------------------------------------------------------------------------

    def search(
        self,
        query: str,
        *,
        source_type: str | None = None,
        mode: str | None = None,
        content_type: str | None = None,
        limit: int = 50,
        folder: str | None = None,
    ) -> list[Hit]:
        """Full-text search over chunk content (FTS5, best matches first).

        Without ``mode`` only the default-mode chunks are searched (one hit per place in a file);
        ``mode`` is a mode name (``sentence``, ``row``, ``default`` …) matching any parameters.
        """
        match = fts_query(query)
        if not match:
            return []
        where = ["chunks_fts MATCH ?"]
        args: list[Any] = [match]
        if mode is None or mode == "default":
            where.append("c.is_default = 1")
        else:
            where.append("c.mode = ?")
            args.append(mode)
        if source_type:
            where.append("d.source_type = ?")
            args.append(source_type)
        if content_type:
            where.append("c.content_type = ?")
            args.append(content_type)
        if folder:
            prefix = folder.strip("/") + "/"
            where.append("substr(d.path, 1, ?) = ?")
            args += [len(prefix), prefix]
        conn = self._conn()
        # one read transaction: the columns looked up and the rows read are of one schema (another
        # process may migrate an index opened read-only before 0014 meanwhile)
        conn.execute("BEGIN")
        try:
            rows = self._search_rows(conn, where, args, limit)
        except sqlite3.OperationalError as exc:
            if "fts5" in str(exc).lower() or "syntax" in str(exc).lower():
                return []
            raise
        finally:
            conn.execute("COMMIT")
        parts: dict[tuple[int, str], list[str]] = {}  # the shared metadata parts of a chunk set, parsed once
        hits = []
        for p, i, o, k, t, s, m, st, r, part, doc_id, shared in rows:
            if part is not None and (doc_id, k) not in parts:
                parts[doc_id, k] = shared_parts_of(shared)
            hits.append(
                Hit(p, i, o, k, t, s, chunk_metadata(m, part, parts.get((doc_id, k), ())), st or "", r)
            )
        return hits

    def _search_rows(
        self, conn: sqlite3.Connection, where: list[str], args: list[Any], limit: int
    ) -> list[tuple[Any, ...]]:
        part = self._shared_column("c.shared")
        parts = self._shared_column(
            "CASE WHEN c.shared IS NOT NULL THEN (SELECT cs.shared FROM chunk_sets cs "
            "WHERE cs.document_id = c.document_id AND cs.mode_key = c.mode_key) END"
        )
        sql = (
            "SELECT d.path, c.id, c.ordinal, c.mode_key, c.content_type, "
            f"snippet(chunks_fts, 0, '{SNIPPET_START}', '{SNIPPET_END}', '{SNIPPET_ELLIPSIS}', 16), "
            f"c.metadata, d.source_type, chunks_fts.rank, {part}, c.document_id, {parts} "
            "FROM chunks_fts JOIN chunks c ON c.pk = chunks_fts.rowid JOIN documents d ON d.id = c.document_id "
            f"WHERE {' AND '.join(where)} ORDER BY chunks_fts.rank, d.path, c.ordinal LIMIT ?"
        )
        return conn.execute(sql, [*args, limit]).fetchall()

    # -- aggregates ----------------------------------------------------------------------------

    def counts(self, folder: str | None = None) -> dict[str, int]:
        """The documents by status, and the default mode's chunks; of those under the folder
        ``folder`` alone when given."""
        conn = self._conn()
        out = {"documents": 0, "chunks": 0}
        out |= {s: 0 for s in records.STATUSES}
        where, args = _under(folder, "path")
        for status, n in conn.execute(f"SELECT status, count(*) FROM documents{where} GROUP BY status", args):
            out[status] = n
            out["documents"] += n
        where, args = _under(folder, "d.path")
        if where:
            joined = "SELECT count(*) FROM chunks c JOIN documents d ON d.id = c.document_id"
            sql = f"{joined}{where} AND c.is_default = 1"
        else:
            sql = "SELECT count(*) FROM chunks WHERE is_default = 1"
        out["chunks"] = conn.execute(sql, args).fetchone()[0]
        return out

    def report(self, folder: str | None = None) -> dict:
        """Per format: files, indexed, failed, stale, unsupported, chunks, the median size of the
        default mode's chunks, warnings and coverage sums; every document with its path, status and
        error code. Of the documents under the folder ``folder`` alone when given."""
        formats: dict[str, dict[str, Any]] = {}
        documents = []
        where, args = _under(folder, "path")
        for row in self._conn().execute(
            "SELECT path, source_type, status, error_code, error_message, chunk_count, has_warning, size, manifest "
            f"FROM documents{where} ORDER BY path",
            args,
        ):
            path, st, status, code, message, chunks, warn, size, manifest = row
            key = st or _extension(path) or "(none)"
            f = formats.setdefault(
                key,
                {
                    "source_type": key,
                    "files": 0,
                    "bytes": 0,
                    "indexed": 0,
                    "failed": 0,
                    "stale": 0,
                    "unsupported": 0,
                    "queued": 0,
                    "chunks": 0,
                    "with_warnings": 0,
                    "error_codes": {},
                    "coverage": {
                        "extracted_chars": 0,
                        "pages_total": 0,
                        "pages_with_text": 0,
                        "empty_pages": 0,
                        "images_placeholders": 0,
                        "images_extracted": 0,
                        "images_skipped": 0,
                        "attachments_indexed": 0,
                        "attachments_skipped": 0,
                        "skipped": 0,
                        "truncated": 0,
                    },
                },
            )
            f["files"] += 1
            f["bytes"] += size or 0
            if status in f:
                f[status] += 1
            f["chunks"] += chunks or 0
            f["with_warnings"] += int(bool(warn))
            if code:
                f["error_codes"][code] = f["error_codes"].get(code, 0) + 1
            if manifest:
                _add_coverage(f["coverage"], json.loads(manifest))
            documents.append(
                {
                    "path": path,
                    "source_type": st or "",
                    "status": status,
                    "error_code": code,
                    "error_message": message,
                    "chunks": chunks or 0,
                    "has_warning": bool(warn),
                }
            )
        for key, median in self._median_chunks(folder).items():
            if key in formats:
                formats[key]["median_chunk_chars"] = median
        return {"formats": sorted(formats.values(), key=lambda f: f["source_type"]), "documents": documents}

    def _median_chunks(self, folder: str | None = None) -> dict[str, int]:
        """Per format, the median size in characters of the default mode's chunks (the lower
        median, a real chunk's size): of the chunks the index serves, a stale file's last good
        revision's too, as the format's count of chunks counts them (under ``folder`` alone when
        given)."""
        sizes: dict[str, list[int]] = {}
        where, args = _under(folder, "d.path")
        for key, n in self._conn().execute(
            "SELECT d.source_type, length(c.content) FROM chunks c JOIN documents d ON d.id = c.document_id"
            f"{where or ' WHERE 1'} AND c.is_default = 1 AND d.status IN ('indexed', 'stale')",
            args,
        ):
            sizes.setdefault(key, []).append(n)
        return {key: statistics.median_low(values) for key, values in sizes.items()}


def _under(folder: str | None, column: str) -> tuple[str, list[str]]:
    """A ``WHERE`` clause (with its leading space) keeping the rows whose ``column`` is a path under
    the folder ``folder``, as a range of the index on ``path`` (:func:`storage.records.folder_range`),
    and its arguments; none for no folder or the root."""
    bounds = records.folder_range(folder or "")
    if bounds is None:
        return "", []
    return f" WHERE {column} >= ? AND {column} < ?", list(bounds)


def _extension(path: str) -> str:
    suffix = Path(path).suffix.lower()
    return suffix[1:] if suffix else ""


def _add_coverage(acc: dict[str, int], manifest: dict) -> None:
    cov = manifest.get("coverage") or {}
    acc["extracted_chars"] += (manifest.get("text") or {}).get("extracted_chars", 0)
    if cov.get("pages_with_text") is not None:
        # page coverage only where the extractor counted the pages with text (PDF); a DOCX
        # knows its page count from its properties but not which pages have text
        acc["pages_total"] += cov.get("pages_total") or 0
        acc["pages_with_text"] += cov["pages_with_text"]
    acc["empty_pages"] += len(cov.get("empty_pages") or ())
    images = cov.get("images") or {}
    acc["images_placeholders"] += images.get("placeholders", 0)
    acc["images_extracted"] += images.get("extracted", 0)
    acc["images_skipped"] += len(images.get("skipped") or ())
    attachments = cov.get("attachments") or {}
    acc["attachments_indexed"] += attachments.get("indexed", 0)
    acc["attachments_skipped"] += attachments.get("skipped", 0)
    acc["skipped"] += len(cov.get("skipped") or ())
    acc["truncated"] += len(cov.get("truncated") or ())


def decode_document(raw: str | bytes, encoding: str) -> str:
    """The JSON text of a stored Document (``document_data.document``): ``json`` (as
    ``Document.to_json()``), ``json+zlib`` (the same, compressed), ``cjson+zlib`` (compressed,
    fields holding their defaults left out; ``Document.from_json`` reads these three) or
    ``ajson+zlib`` (compressed, objects as arrays of their fields under a header naming them; read
    by :func:`storage.serial.document_from_array_json`)."""
    if encoding in ("json+zlib", "cjson+zlib", "ajson+zlib"):
        return zlib.decompress(raw).decode("utf-8")
    return raw.decode("utf-8") if isinstance(raw, bytes) else raw


def stored_document(raw: str | bytes, encoding: str, images: dict[str, bytes] | None = None) -> Document:
    """The Document of a ``document_data`` row, whatever its encoding."""
    text = decode_document(raw, encoding)
    if encoding == "ajson+zlib":
        return document_from_array_json(text, images)
    return Document.from_json(text, images)


def snippet_parts(snippet: str) -> list[tuple[str, bool]]:
    """Split a :attr:`Hit.snippet` into ``(text, matched)`` pieces for display."""
    parts: list[tuple[str, bool]] = []
    for i, piece in enumerate(re.split(f"[{SNIPPET_START}{SNIPPET_END}]", snippet)):
        if piece:
            parts.append((piece, i % 2 == 1))
    return parts
