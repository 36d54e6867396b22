"""The schema, as an ordered list of migrations (sqlite-utils' ``Migrations``).

Applying them twice is a no-op: each is recorded in ``_sqlite_migrations`` once applied. A
database that records a migration this version does not know was written by a newer chunkscope:
:func:`migrate` refuses it with :class:`~storage.errors.SchemaTooNew` instead of guessing.
"""

from __future__ import annotations

import sqlite_utils
from sqlite_utils.migrations import Migrations

from .errors import SchemaTooNew

MIGRATION_SET = "chunkscope"
INITIAL = "0001_initial"  # pending only for a new file
migrations = Migrations(MIGRATION_SET)


@migrations(name=INITIAL)
def m0001_initial(db: sqlite_utils.Database) -> None:
    db.execute(
        """
        CREATE TABLE documents (
            id INTEGER PRIMARY KEY,
            path TEXT NOT NULL UNIQUE,
            size INTEGER NOT NULL DEFAULT 0,
            mtime REAL NOT NULL DEFAULT 0,
            mtime_ns INTEGER NOT NULL DEFAULT 0,
            sha256 TEXT NOT NULL DEFAULT '',
            status TEXT NOT NULL,
            error_code TEXT,
            error_message TEXT,
            source_type TEXT NOT NULL DEFAULT '',
            family TEXT NOT NULL DEFAULT '',
            manifest TEXT,
            indexed_at REAL,
            has_warning INTEGER NOT NULL DEFAULT 0,
            chunk_count INTEGER NOT NULL DEFAULT 0,
            revision INTEGER NOT NULL DEFAULT 0,
            updated_at REAL
        )
        """
    )
    db.execute("CREATE INDEX documents_status ON documents(status)")
    db.execute(
        """
        CREATE TABLE document_data (
            document_id INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
            revision INTEGER NOT NULL,
            sha256 TEXT NOT NULL,
            text_chars INTEGER NOT NULL,
            document TEXT NOT NULL
        )
        """
    )
    db.execute(
        """
        CREATE TABLE chunks (
            pk INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            mode TEXT NOT NULL,
            mode_key TEXT NOT NULL,
            is_default INTEGER NOT NULL DEFAULT 0,
            ordinal INTEGER NOT NULL,
            content TEXT NOT NULL,
            content_type TEXT NOT NULL,
            metadata TEXT NOT NULL,
            UNIQUE (document_id, mode_key, ordinal)
        )
        """
    )
    db.execute("CREATE INDEX chunks_mode ON chunks(mode, is_default)")
    db.execute(
        """
        CREATE TABLE chunk_sets (
            document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            mode_key TEXT NOT NULL,
            mode TEXT NOT NULL,
            is_default INTEGER NOT NULL DEFAULT 0,
            chunk_count INTEGER NOT NULL,
            chars INTEGER NOT NULL,
            created_at REAL NOT NULL,
            PRIMARY KEY (document_id, mode_key)
        )
        """
    )
    db.execute(
        """
        CREATE TABLE images (
            name TEXT PRIMARY KEY,
            format TEXT NOT NULL,
            size INTEGER NOT NULL,
            width INTEGER,
            height INTEGER,
            data BLOB NOT NULL
        )
        """
    )
    db.execute(
        """
        CREATE TABLE document_images (
            document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            image_name TEXT NOT NULL REFERENCES images(name),
            PRIMARY KEY (document_id, image_name)
        )
        """
    )
    db.execute("CREATE INDEX document_images_name ON document_images(image_name)")
    db.execute(
        """
        CREATE TABLE index_runs (
            id INTEGER PRIMARY KEY,
            root TEXT NOT NULL,
            started_at REAL NOT NULL,
            finished_at REAL,
            jobs INTEGER,
            modes TEXT,
            status TEXT NOT NULL,
            files INTEGER NOT NULL DEFAULT 0,
            added INTEGER NOT NULL DEFAULT 0,
            updated INTEGER NOT NULL DEFAULT 0,
            unchanged INTEGER NOT NULL DEFAULT 0,
            removed INTEGER NOT NULL DEFAULT 0,
            failed INTEGER NOT NULL DEFAULT 0,
            bytes INTEGER NOT NULL DEFAULT 0
        )
        """
    )
    db.execute("CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT)")
    # FTS5 over chunk content, kept in sync by triggers, so `sqlite-utils search` and Datasette
    # work on the file as it is.
    db["chunks"].enable_fts(["content"], create_triggers=True, tokenize="porter unicode61")


@migrations(name="0002_document_encoding")
def m0002_document_encoding(db: sqlite_utils.Database) -> None:
    # stored Documents may be zlib-compressed JSON ("json+zlib"); rows written before stay "json"
    db.execute("ALTER TABLE document_data ADD COLUMN encoding TEXT NOT NULL DEFAULT 'json'")


@migrations(name="0003_compact_documents")
def m0003_compact_documents(db: sqlite_utils.Database) -> None:
    """No table changes: new Documents are stored as ``cjson+zlib`` (fields holding their defaults
    left out), which a chunkscope from before this migration cannot read, so recording the
    migration makes such a version refuse the file instead of misreading it."""


@migrations(name="0004_chunk_ids_not_indexed")
def m0004_chunk_ids_not_indexed(db: sqlite_utils.Database) -> None:
    """``chunks.id`` loses its UNIQUE index. Chunk ids are sha256 digests, so every insert landed
    at a random place of that index; as the index outgrew the page cache, writing chunks slowed
    down with the size of the database (half the writer's non-FTS time at 1,000 files). Nothing
    looks chunks up by id, and ids are unique by construction: they hash the path and the
    ordinal, and (document, mode_key, ordinal) stays UNIQUE. The table is rebuilt with its rows
    (same ``pk``, so the FTS index stays valid) and its FTS triggers as they were."""
    triggers = [
        sql
        for (sql,) in db.execute(
            "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'chunks' ORDER BY name"
        ).fetchall()
    ]
    db.execute(
        """
        CREATE TABLE chunks_rebuilt (
            pk INTEGER PRIMARY KEY,
            id TEXT NOT NULL,
            document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            mode TEXT NOT NULL,
            mode_key TEXT NOT NULL,
            is_default INTEGER NOT NULL DEFAULT 0,
            ordinal INTEGER NOT NULL,
            content TEXT NOT NULL,
            content_type TEXT NOT NULL,
            metadata TEXT NOT NULL,
            UNIQUE (document_id, mode_key, ordinal)
        )
        """
    )
    db.execute(
        "INSERT INTO chunks_rebuilt (pk, id, document_id, mode, mode_key, is_default, ordinal, content, "
        "content_type, metadata) SELECT pk, id, document_id, mode, mode_key, is_default, ordinal, content, "
        "content_type, metadata FROM chunks ORDER BY pk"
    )
    db.execute("DROP TABLE chunks")  # its triggers go with it; DROP's implicit delete fires none
    db.execute("ALTER TABLE chunks_rebuilt RENAME TO chunks")
    db.execute("CREATE INDEX chunks_mode ON chunks(mode, is_default)")
    for sql in triggers:
        db.execute(sql)


@migrations(name="0005_array_documents")
def m0005_array_documents(db: sqlite_utils.Database) -> None:
    """No table changes: new Documents are stored as ``ajson+zlib`` (each object as the array of
    its fields under a header naming them; a text that is the blocks' texts joined is not stored
    twice), which a chunkscope from before this migration cannot read, so recording the migration
    makes such a version refuse the file instead of misreading it."""


@migrations(name="0006_fts_automerge_8")
def m0006_fts_automerge_8(db: sqlite_utils.Database) -> None:
    """FTS5 merges its index segments once 8 of a level exist instead of 4 (its ``automerge``
    setting, kept in ``chunks_fts_config``). As the index grows, merging rather than tokenising
    becomes most of the writer's full-text work; at 1,000 files (465,000 chunks) this took 4-9 %
    off the writer's CPU in interleaved runs, and a search reads at most twice as many segments
    per level."""
    db.execute("INSERT INTO chunks_fts (chunks_fts, rank) VALUES ('automerge', 8)")


@migrations(name="0007_fts_automerge_16")
def m0007_fts_automerge_16(db: sqlite_utils.Database) -> None:
    """FTS5 merges its segments once 16 of a level exist (was 8 since 0006). Replaying the same
    results into fresh indexes, alternated: 200 corpus files (91,525 chunks) 1.66 -> 1.51 s of
    writer CPU, five times as many 10.2/9.5 -> 9.3/8.7 s; searching that larger index took about
    3 % more CPU (a search reads up to twice as many segments per level). Existing segments are
    left as they are; the setting applies to what is written from now on."""
    db.execute("INSERT INTO chunks_fts (chunks_fts, rank) VALUES ('automerge', 16)")


@migrations(name="0008_fts_hashsize_16m")
def m0008_fts_hashsize_16m(db: sqlite_utils.Database) -> None:
    """FTS5 keeps up to 16 MiB of pending terms in memory before writing a segment (its
    ``hashsize``, 1 MiB by default). The writer now inserts the chunk rows of a whole transaction
    with one statement (:func:`storage.records.flush_chunks`), so this makes a few large segments
    instead of one or more per document: replaying the 200 corpus files' results into fresh
    indexes, alternated, 1.47-1.56 -> 1.24-1.35 s of writer CPU, at five times as many files
    8.9-9.2 -> 7.9-8.1 s; searches read fewer segments."""
    db.execute("INSERT INTO chunks_fts (chunks_fts, rank) VALUES ('hashsize', 16777216)")


@migrations(name="0009_images_stored_by_content")
def m0009_images_stored_by_content(db: sqlite_utils.Database) -> None:
    """Images are stored under the FNV-1a name of their bytes (``document_images.stored_as``),
    and a document's own name for each image maps to it. Before, ``images`` was keyed by the
    document's name for the image, and names that are positions or source names (a PDF's
    ``image_p2_1.png``, an e-mail's ``msg1_image_1.png``) are shared by different images of
    different documents: the first stored won, and the others showed its bytes. Rows written before
    keep their key (``stored_as = image_name``); documents holding an image under a name that is not
    its bytes' FNV-1a name are re-extracted by the next index (their recorded mtime and hash are
    cleared: with the hash kept, the same bytes would only have their mtime refreshed)."""
    db.execute(
        """
        CREATE TABLE document_images_0009 (
            document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            image_name TEXT NOT NULL,
            stored_as TEXT NOT NULL REFERENCES images(name),
            PRIMARY KEY (document_id, image_name)
        )
        """
    )
    db.execute(
        "INSERT INTO document_images_0009 (document_id, image_name, stored_as) "
        "SELECT document_id, image_name, image_name FROM document_images"
    )
    db.execute("DROP TABLE document_images")
    db.execute("ALTER TABLE document_images_0009 RENAME TO document_images")
    db.execute("CREATE INDEX document_images_stored_as ON document_images(stored_as)")
    hex16 = "[0-9a-f]" * 16
    db.execute(
        "UPDATE documents SET mtime_ns = -1, sha256 = '' WHERE id IN "
        f"(SELECT document_id FROM document_images WHERE image_name NOT GLOB '{hex16}.*')"
    )


@migrations(name="0010_output_version")
def m0010_output_version(db: sqlite_utils.Database) -> None:
    """``documents.output_version``: the ``indexer.OUTPUT_VERSION`` that read the file. Rows
    written before hold 0, so the next index re-reads them even when their bytes are unchanged:
    what a newer chunkscope extracts or chunks differently reaches the index."""
    db.execute("ALTER TABLE documents ADD COLUMN output_version INTEGER NOT NULL DEFAULT 0")


@migrations(name="0011_field_results")
def m0011_field_results(db: sqlite_utils.Database) -> None:
    """The tables of stored field-extraction results (:mod:`storage.fields`): ``field_schemas``,
    one row per schema run, and ``field_results``, one row per (document path, schema). They
    were created on the first ``chunkscope fields --folder`` run, outside the migrations, so an
    index that has them already keeps them and their rows as they are (``IF NOT EXISTS``)."""
    db.execute(
        """
        CREATE TABLE IF NOT EXISTS field_schemas (
            schema_hash TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            schema TEXT NOT NULL,
            run_at REAL NOT NULL
        )
        """
    )
    db.execute(
        """
        CREATE TABLE IF NOT EXISTS field_results (
            path TEXT NOT NULL,
            schema_hash TEXT NOT NULL,
            schema_name TEXT NOT NULL,
            sha256 TEXT NOT NULL DEFAULT '',
            result TEXT NOT NULL,
            ok INTEGER NOT NULL,
            run_at REAL NOT NULL,
            PRIMARY KEY (path, schema_hash)
        )
        """
    )
    db.execute("CREATE INDEX IF NOT EXISTS field_results_schema ON field_results(schema_hash)")


# sqlite-utils' update trigger with a WHEN clause: the FTS rows of a chunk are keyed by its rowid
# (``pk``) and hold its ``content``, so only a change of either is work for FTS5. ``UPDATE OF pk,
# content`` would miss a rowid changed by ``SET rowid = …``; the WHEN clause costs nothing measurable
CHUNKS_AU = """
CREATE TRIGGER "chunks_au" AFTER UPDATE ON "chunks"
WHEN old.rowid IS NOT new.rowid OR old."content" IS NOT new."content" BEGIN
  INSERT INTO "chunks_fts" ("chunks_fts", rowid, "content") VALUES('delete', old.rowid, old."content");
  INSERT INTO "chunks_fts" (rowid, "content") VALUES (new.rowid, new."content");
END
"""


@migrations(name="0012_fts_update_trigger_on_text")
def m0012_fts_update_trigger_on_text(db: sqlite_utils.Database) -> None:
    """The FTS update trigger ``chunks_au`` fires only when a chunk's ``content`` or rowid changes.
    It fired on any update of a chunk row: a rename, which rewrites only the chunk ids (they hash
    the path), deleted and re-tokenised the text of every chunk of the file, and wrote it all into
    new FTS segments. A search after a rename finds the same rows either way: the FTS rows follow
    ``pk``, which a rename keeps. An index without the full-text table gets no trigger."""
    db.execute('DROP TRIGGER IF EXISTS "chunks_au"')
    if db["chunks_fts"].exists():
        db.execute(CHUNKS_AU)


@migrations(name="0013_fts_rows_added_by_the_writer")
def m0013_fts_rows_added_by_the_writer(db: sqlite_utils.Database) -> None:
    """The FTS insert trigger ``chunks_ai`` is dropped: the writer adds the chunk rows of a
    transaction to the full-text index itself, in one statement (:func:`storage.records.flush_chunks`),
    so the rows no longer wait in a temporary table for one INSERT … SELECT to fire the trigger.
    Replaying the 200 benchmark files' results into fresh indexes, alternated: 1.18-1.21 ->
    1.06-1.10 s of writer CPU, the same rows, pks and FTS contents. The update and delete triggers
    stay. A chunkscope from before this migration refuses the file, as it would no longer keep
    the full-text index in step."""
    db.execute('DROP TRIGGER IF EXISTS "chunks_ai"')


@migrations(name="0014_shared_chunk_metadata")
def m0014_shared_chunk_metadata(db: sqlite_utils.Database) -> None:
    """What many chunks of one chunk set hold alike in their metadata is stored once, in
    ``chunk_sets.shared`` (a JSON array of the distinct shared parts), each chunk keeping its other
    keys and the number of its part (``chunks.shared``; NULL: its metadata is whole). Every
    chunk repeated its document's metadata, and each row chunk its table's header row and
    settings (see :mod:`storage.serial` for what is shared): on the benchmark corpus 31.0 MB of
    chunk metadata become 8.1 MB and 1.0 MB of shared parts, the index 125.0 -> 102.8 MB, for
    the same writer CPU.

    Stored chunks are converted here, a chunk set at a time, to the rows a fresh index writes. A
    chunk whose stored metadata is not exactly the JSON the store writes (sorted keys, compact)
    stays whole, so what is read back, its key order included, and the chunk ids a rename
    recomputes from the location keys (never shared) are the same as before. The converted rows
    take less of their pages, and the file would keep its size: the writer compacts it afterwards
    (:func:`storage.compact.after_migration`). A chunkscope from before this migration refuses the file, as it would read the
    chunks' metadata without their shared parts."""
    import json

    from .serial import dumps, shared_array, split_stored_metadata

    db.execute("ALTER TABLE chunks ADD COLUMN shared INTEGER")
    db.execute("ALTER TABLE chunk_sets ADD COLUMN shared TEXT")
    conn = db.conn
    sets = conn.execute(
        "SELECT document_id, mode_key FROM chunk_sets ORDER BY document_id, mode_key"
    ).fetchall()
    for doc_id, mode_key in sets:
        rows = conn.execute(
            "SELECT pk, metadata FROM chunks WHERE document_id = ? AND mode_key = ? ORDER BY ordinal",
            [doc_id, mode_key],
        ).fetchall()
        pks, metas = [], []
        for pk, text in rows:
            try:
                meta = json.loads(text)
            except ValueError:
                continue
            if type(meta) is dict and dumps(meta) == text:
                pks.append(pk)
                metas.append(meta)
        own, shared, parts = split_stored_metadata(metas)
        if not parts:
            continue
        conn.executemany(
            "UPDATE chunks SET metadata = ?, shared = ? WHERE pk = ?",
            [(m, part, pk) for m, part, pk in zip(own, shared, pks, strict=True) if part is not None],
        )
        conn.execute(
            "UPDATE chunk_sets SET shared = ? WHERE document_id = ? AND mode_key = ?",
            [shared_array(parts), doc_id, mode_key],
        )


@migrations(name="0015_extractor_versions")
def m0015_extractor_versions(db: sqlite_utils.Database) -> None:
    """``documents.extractors``: the extractors (id and version) that read the file and the files
    it holds, as ``indexer.formats.registry.read_by`` writes them (``"eml 53; pdf 35"``). The next
    index reads a file again when one of them has another version now, so a change to one
    extractor reaches the files it read without raising ``indexer.OUTPUT_VERSION`` for all.
    Rows written before hold NULL: those files are read again once (an unsupported one only when
    an extractor claims it, as before)."""
    db.execute("ALTER TABLE documents ADD COLUMN extractors TEXT")


def known_names() -> list[str]:
    return [m.name for m in migrations._migrations]


def applied_names(db: sqlite_utils.Database) -> list[str]:
    return [m.name for m in migrations.applied(db)]


def check_version(db: sqlite_utils.Database, db_path: str) -> list[str]:
    """The pending migrations; :class:`SchemaTooNew` if the database knows migrations we do not."""
    applied = applied_names(db)
    unknown = [n for n in applied if n not in known_names()]
    if unknown:
        raise SchemaTooNew(db_path, unknown)
    return [n for n in known_names() if n not in applied]


def migrate(db: sqlite_utils.Database, db_path: str = "") -> list[str]:
    """Apply the pending migrations; returns their names (empty when up to date)."""
    pending = check_version(db, db_path or "the database")
    if pending:
        migrations.apply(db)
    return pending


SCHEMA_VERSION = len(known_names())
