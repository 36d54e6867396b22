"""Schema versioning: migrations applied twice are a no-op; a newer schema is refused clearly."""

from __future__ import annotations

import sqlite3

import pytest
import sqlite_utils

from storage import migrations, records
from storage.db import connect, database
from storage.errors import NotAnIndex, SchemaTooNew
from storage.store import Store

from .conftest import fts_rows


def schema(path):
    conn = sqlite3.connect(path)
    rows = conn.execute("SELECT type, name, sql FROM sqlite_master ORDER BY type, name").fetchall()
    conn.close()
    return rows


def test_migrations_applied_twice_are_a_no_op(tmp_path):
    path = tmp_path / "index.db"
    db = database(connect(path))
    assert migrations.migrate(db, str(path)) == migrations.known_names()
    first = schema(path)
    assert migrations.migrate(db, str(path)) == []  # nothing pending
    migrations.migrations.apply(db)  # sqlite-utils' own apply: also nothing to do
    assert schema(path) == first
    assert migrations.applied_names(db) == migrations.known_names()
    db.conn.close()
    Store.open(path).close()  # opening again applies nothing either
    assert schema(path) == first


def test_the_schema_has_the_documented_tables_and_fts(tmp_path):
    path = tmp_path / "index.db"
    Store.open(path).close()
    db = sqlite_utils.Database(path)
    for table in (
        "documents",
        "document_data",
        "chunks",
        "chunk_sets",
        "images",
        "document_images",
        "index_runs",
    ):
        assert db[table].exists(), table
    assert db["chunks"].detect_fts() == "chunks_fts"
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_new_indexes_get_32_kib_pages_and_older_files_keep_theirs(tmp_path):
    from storage.db import PAGE_SIZE

    new = tmp_path / "new.db"
    Store.open(new).close()
    assert sqlite3.connect(new).execute("PRAGMA page_size").fetchone()[0] == PAGE_SIZE == 32768
    # an index made with SQLite's default 4 KiB pages (as every index was before), with a row in it
    old = tmp_path / "old.db"
    conn = sqlite3.connect(old)
    conn.execute("PRAGMA page_size = 4096")
    conn.execute("PRAGMA journal_mode = WAL")
    migrations.migrate(database(conn), str(old))
    conn.execute("INSERT INTO documents (path, status) VALUES ('a.md', 'queued')")
    conn.commit()
    conn.close()
    with Store.open(old) as store:
        assert [d.path for d in store.documents()] == ["a.md"]
        store.writer.call(
            lambda d: d.execute("INSERT INTO documents (path, status) VALUES ('b.md', 'queued')")
        )
    check = sqlite3.connect(old)
    assert check.execute("PRAGMA page_size").fetchone()[0] == 4096
    assert check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert [r[0] for r in check.execute("SELECT path FROM documents ORDER BY path")] == ["a.md", "b.md"]


def test_a_newer_schema_gives_a_clear_error(tmp_path):
    path = tmp_path / "index.db"
    Store.open(path).close()
    db = sqlite_utils.Database(path)
    db["_sqlite_migrations"].insert(
        {
            "migration_set": migrations.MIGRATION_SET,
            "name": "9999_from_the_future",
            "applied_at": "2030-01-01",
        }
    )
    db.close()
    for readonly in (False, True):
        with pytest.raises(SchemaTooNew) as info:
            Store.open(path, readonly=readonly)
        assert "9999_from_the_future" in str(info.value) and "newer" in str(info.value)


def test_a_file_that_is_not_sqlite_is_refused(tmp_path):
    path = tmp_path / "index.db"
    path.write_bytes(b"this is not a database, just text " * 100)
    with pytest.raises(NotAnIndex):
        Store.open(path)
    with pytest.raises(NotAnIndex):
        Store.open(tmp_path / "missing.db", readonly=True)


def test_an_older_database_is_upgraded_and_its_rows_still_read(tmp_path):
    from indexer.model import PARAGRAPH, Block, assemble

    path = tmp_path / "index.db"
    db = database(connect(path))
    migrations.migrations.apply(db, stop_before="0002_document_encoding")  # a database from before 0002
    doc = assemble("md", [Block(PARAGRAPH, "Stored before the upgrade.")])
    db.execute(
        "INSERT INTO documents (id, path, status, family, revision) VALUES (1, 'old.md', 'indexed', 'document', 1)"
    )
    db.execute(
        "INSERT INTO document_data (document_id, revision, sha256, text_chars, document) VALUES (1, 1, 'x', 26, ?)",
        [doc.to_json()],
    )
    db.conn.close()
    with Store.open(path) as store:
        assert migrations.applied_names(database(connect(path))) == migrations.known_names()
        assert store.load_document("old.md").text == "Stored before the upgrade."


def test_writer_jobs_sharing_a_transaction_fail_alone(tmp_path):
    """Queued jobs may share a transaction; one that raises is undone alone, the others commit."""
    import threading

    from storage.writer import Writer

    writer = Writer(tmp_path / "index.db")
    gate = threading.Event()
    try:
        blocker = writer.submit(lambda d: gate.wait(5))  # holds the writer while the next jobs queue up
        ok1 = writer.submit(lambda d: d.execute("INSERT INTO settings VALUES ('a', '1')").rowcount)

        def bad(d):
            d.execute("INSERT INTO settings VALUES ('b', '2')")
            raise RuntimeError("job fails after writing")

        failing = writer.submit(bad)
        ok2 = writer.submit(lambda d: d.execute("INSERT INTO settings VALUES ('c', '3')").rowcount)
        gate.set()
        assert blocker.result() is True and ok1.result() == 1 and ok2.result() == 1
        with pytest.raises(RuntimeError, match="job fails"):
            failing.result()
    finally:
        writer.close()
    conn = sqlite3.connect(tmp_path / "index.db")
    assert conn.execute("SELECT key FROM settings ORDER BY key").fetchall() == [("a",), ("c",)]
    conn.close()


def test_chunks_rebuilt_without_the_id_index_keep_rows_fts_and_triggers(tmp_path):
    from storage import records

    path = tmp_path / "index.db"
    db = database(connect(path))
    migrations.migrations.apply(db, stop_before="0004_chunk_ids_not_indexed")
    rows = [
        ("id-a", 0, "the pump moves water uphill", "text", "{}"),
        ("id-b", 1, "a valve stops the flow", "text", "{}"),
    ]
    result = {
        "sha256": "s",
        "source_type": "md",
        "family": "document",
        "manifest": {},
        "has_warning": False,
        "document": "{}",
        "text_chars": 0,
        "images": [],
        "chunk_sets": [{"mode": "structural", "mode_key": "structural", "is_default": True, "rows": rows}],
    }
    # the rows as a chunkscope of that schema wrote them
    db.execute(
        "INSERT INTO documents (id, path, size, mtime_ns, sha256, status, family, revision, chunk_count) "
        "VALUES (1, 'a.md', 1, 1, 's', 'indexed', 'document', 1, 2)"
    )
    db.execute(
        "INSERT INTO document_data (document_id, revision, sha256, text_chars, document) VALUES (1, 1, 's', 0, '{}')"
    )
    db.execute(
        "INSERT INTO chunk_sets (document_id, mode_key, mode, is_default, chunk_count, chars, created_at) "
        "VALUES (1, 'structural', 'structural', 1, 2, 49, 0)"
    )
    for chunk_id, ordinal, content, content_type, metadata in rows:
        db.execute(
            "INSERT INTO chunks (id, document_id, mode, mode_key, is_default, ordinal, content, content_type, "
            "metadata) VALUES (?, 1, 'structural', 'structural', 1, ?, ?, ?, ?)",
            [chunk_id, ordinal, content, content_type, metadata],
        )
    db.conn.commit()
    before = db.execute("SELECT pk, id, content FROM chunks ORDER BY pk").fetchall()
    assert (
        db.execute("SELECT count(*) FROM pragma_index_list('chunks') WHERE \"unique\" = 1").fetchone()[0] == 2
    )
    db.conn.close()
    with Store.open(path) as store:
        conn = connect(path)
        assert migrations.applied_names(database(conn)) == migrations.known_names()
        assert conn.execute("SELECT pk, id, content FROM chunks ORDER BY pk").fetchall() == before
        # only (document_id, mode_key, ordinal) is unique now
        assert (
            conn.execute("SELECT count(*) FROM pragma_index_list('chunks') WHERE \"unique\" = 1").fetchone()[
                0
            ]
            == 1
        )
        triggers = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")}
        assert triggers == {"chunks_ad", "chunks_au"}  # rows are indexed by the writer since 0013
        conn.close()
        assert [h.chunk_id for h in store.search("valve")] == ["id-b"]
        # the triggers still keep FTS in step: a new chunk set is searchable, the old one is gone
        rows2 = [("id-c", 0, "the valve was replaced", "text", "{}")]
        result2 = dict(result, chunk_sets=[dict(result["chunk_sets"][0], rows=rows2)])
        store.writer.call(lambda d: records.replace_document(d, "a.md", 2, 2, result2))
        assert [h.chunk_id for h in store.search("valve")] == ["id-c"]
        assert store.search("pump") == []
        store.writer.call(
            lambda d: d.execute("INSERT INTO chunks_fts(chunks_fts) VALUES ('integrity-check')")
        )


def test_documents_stored_before_the_array_form_still_read(tmp_path):
    """A Document written as ``cjson+zlib`` (before 0005) reads back after the upgrade; documents
    indexed since are stored as ``ajson+zlib`` and read back the same."""
    import zlib

    from indexer.model import PARAGRAPH, Block, assemble
    from storage.indexing import index_folder
    from storage.serial import compact_document_json

    path = tmp_path / "index.db"
    db = database(connect(path))
    migrations.migrations.apply(db, stop_before="0005_array_documents")
    db.conn.close()
    doc = assemble("md", [Block(PARAGRAPH, "Stored before the array form.", lines=(1, 1))])
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "new.md").write_text("# New\n\nIndexed after the upgrade.\n", encoding="utf-8")
    index_folder(folder, db_path=path, jobs=1)  # applies 0005
    conn = connect(path)
    assert conn.execute("SELECT encoding FROM document_data").fetchall() == [("ajson+zlib",)]
    conn.close()
    db = database(connect(path))  # a row as a chunkscope before 0005 wrote it
    db.execute(
        "INSERT INTO documents (id, path, status, family, revision) VALUES (9, 'old.md', 'indexed', 'document', 1)"
    )
    db.execute(
        "INSERT INTO document_data (document_id, revision, sha256, text_chars, document, encoding) "
        "VALUES (9, 1, 'x', 29, ?, 'cjson+zlib')",
        [zlib.compress(compact_document_json(doc).encode("utf-8"))],
    )
    db.conn.close()
    with Store.open(path, readonly=True) as store:
        assert store.load_document("old.md") == doc
        new = store.load_document("new.md")
        assert [b.text for b in new.blocks] == ["New", "Indexed after the upgrade."]
        assert new.text == "# New\n\nIndexed after the upgrade.\n"  # markdown keeps its source text


def test_the_full_text_index_merges_sixteen_segments_a_level(tmp_path):
    path = tmp_path / "index.db"
    db = database(connect(path))
    migrations.migrate(db, str(path))
    # FTS5 keeps the settings in its config table; 4 and 1 MiB are its defaults
    assert db.execute("SELECT v FROM chunks_fts_config WHERE k = 'automerge'").fetchone() == (16,)
    assert db.execute("SELECT v FROM chunks_fts_config WHERE k = 'hashsize'").fetchone() == (
        16 * 1024 * 1024,
    )
    db.execute("INSERT INTO chunks_fts (chunks_fts) VALUES ('integrity-check')")


def test_an_index_made_before_the_fts_settings_is_upgraded_with_its_chunks_still_searchable(tmp_path):
    path = tmp_path / "index.db"
    db = database(connect(path))
    migrations.migrations.apply(db, stop_before="0007_fts_automerge_16")
    assert db.execute("SELECT v FROM chunks_fts_config WHERE k = 'automerge'").fetchone() == (8,)
    assert db.execute("SELECT v FROM chunks_fts_config WHERE k = 'hashsize'").fetchone() is None
    db.execute("INSERT INTO documents (id, path, status, revision) VALUES (1, 'a.md', 'indexed', 1)")
    db.conn.executemany(
        "INSERT INTO chunks (id, document_id, mode, mode_key, is_default, ordinal, content, content_type, "
        "metadata) VALUES (?, 1, 'structural', 'structural', 1, ?, ?, 'paragraph', '{}')",
        [(f"id{i}", i, f"written before the upgrade, chunk {i}") for i in range(3)],
    )
    db.conn.close()
    with Store.open(path) as store:
        assert migrations.applied_names(database(connect(path))) == migrations.known_names()
        # a chunk written after the upgrade lands in the same full-text index
        store.writer.call(
            lambda d: records.insert_chunk_set(
                d,
                1,
                "structural",
                "structural:later",
                True,
                [("id3", 3, "written after the upgrade", "paragraph", "{}")],
            )
        )
        assert sorted(h.ordinal for h in store.search("upgrade")) == [0, 1, 2, 3]
    check = sqlite3.connect(path)
    assert check.execute("SELECT v FROM chunks_fts_config WHERE k = 'automerge'").fetchone() == (16,)
    assert check.execute("SELECT v FROM chunks_fts_config WHERE k = 'hashsize'").fetchone() == (16777216,)
    check.execute("INSERT INTO chunks_fts (chunks_fts) VALUES ('integrity-check')")
    assert check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


# the field tables as `storage.fields` created them on first use, before migration 0011
_OLD_FIELD_TABLES = (
    """
    CREATE TABLE IF NOT EXISTS field_schemas (
        schema_hash TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        schema TEXT NOT NULL,
        run_at REAL NOT NULL
    )
    """,
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
    """,
    "CREATE INDEX IF NOT EXISTS field_results_schema ON field_results(schema_hash)",
)


def _index_before_0011(path, *, fields_run: bool) -> None:
    db = database(connect(path))
    migrations.migrations.apply(db, stop_before="0011_field_results")
    assert "0011_field_results" not in migrations.applied_names(db)
    db.execute(
        "INSERT INTO documents (id, path, status, family, revision, sha256) "
        "VALUES (1, 'a.txt', 'indexed', 'document', 1, 'sha-a'), (2, 'b.txt', 'failed', '', 0, '')"
    )
    if fields_run:
        for sql in _OLD_FIELD_TABLES:
            db.execute(sql)
        db.execute(
            "INSERT INTO field_schemas VALUES ('h1', 'answer', ?, 5.0)",
            ['{"format": "JSON", "rootName": "answer", "fields": [{"name": "text", "kind": "STRING"}]}'],
        )
        db.execute(
            "INSERT INTO field_results VALUES ('a.txt', 'h1', 'answer', 'sha-a', ?, 1, 5.0)",
            ['{"empty": false, "states": {"text": "EXTRACTED"}, "data": {"text": "alpha"}}'],
        )
    db.conn.commit()
    db.conn.close()


def test_an_index_made_before_the_field_tables_gets_them_when_opened(tmp_path):
    """The field tables belong to the schema: opening an older index creates them, with no field
    command run, and its documents stay."""
    from indexer.fields import extract_fields, schema_from_dict
    from storage.fields import FieldStore

    path = tmp_path / "index.db"
    _index_before_0011(path, fields_run=False)
    with Store.open(path) as store:
        assert migrations.applied_names(database(store._conn())) == migrations.known_names()
        tables = {r[0] for r in store._conn().execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {"field_schemas", "field_results"} <= tables
        assert [(d.path, d.status) for d in store.documents()] == [("a.txt", "indexed"), ("b.txt", "failed")]
        schema = schema_from_dict({"format": "JSON", "fields": [{"name": "text", "kind": "STRING"}]})
        fields = FieldStore(store)
        run_at = fields.begin_run(schema)
        fields.save(schema, [("a.txt", "sha-a", extract_fields('{"text": "x"}', schema))], run_at=run_at)
        assert [dict(r.result.data) for r in fields.results(schema.digest())] == [{"text": "x"}]


def test_an_index_whose_field_tables_were_made_on_first_use_keeps_their_rows(tmp_path):
    from storage.fields import FieldStore

    path = tmp_path / "index.db"
    _index_before_0011(path, fields_run=True)
    with Store.open(path) as store:
        applied = migrations.applied_names(database(store._conn()))
        assert "0011_field_results" in applied and applied == migrations.known_names()
        assert [d.path for d in store.documents()] == ["a.txt", "b.txt"]
        fields = FieldStore(store)
        (run,) = fields.schemas()
        assert (run.schema_hash, run.name, run.documents) == ("h1", "answer", 1)
        stored = fields.result("a.txt", "h1")
        assert stored is not None and stored.current and dict(stored.result.data) == {"text": "alpha"}
    check = sqlite3.connect(path)
    assert check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    check.close()


def test_an_index_from_before_0012_leaves_the_full_text_rows_alone_on_a_rename(tmp_path):
    """0012 replaces the update trigger of an existing index: a rename (which rewrites every chunk
    id) no longer deletes and re-tokenises the chunks' text, and a search finds them under the new
    path only."""
    from storage import records

    path = tmp_path / "index.db"
    db = database(connect(path))
    migrations.migrations.apply(db, stop_before="0012_fts_update_trigger_on_text")
    trigger = "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'chunks_au'"
    assert "WHEN" not in db.execute(trigger).fetchone()[0]
    # the rows as the writer of that schema stored them (its insert trigger fills the FTS index)
    db.execute(
        "INSERT INTO documents (id, path, status, source_type, family, revision, chunk_count) "
        "VALUES (1, 'old/a.md', 'indexed', 'md', 'document', 1, 2)"
    )
    db.conn.executemany(
        "INSERT INTO chunks (id, document_id, mode, mode_key, is_default, ordinal, content, content_type, "
        "metadata) VALUES (?, 1, 'structural', 'structural', 1, ?, ?, 'paragraph', '{}')",
        [("id-a", 0, "the pump moves water uphill"), ("id-b", 1, "a valve stops the flow of water")],
    )
    db.execute(
        "INSERT INTO chunk_sets (document_id, mode_key, mode, is_default, chunk_count, chars, created_at) "
        "VALUES (1, 'structural', 'structural', 1, 2, 57, 0)"
    )
    db.conn.commit()
    db.conn.close()
    with Store.open(path) as store:
        conn = connect(path)
        assert migrations.applied_names(database(conn)) == migrations.known_names()
        (sql,) = conn.execute(trigger).fetchone()
        assert 'WHEN old.rowid IS NOT new.rowid OR old."content" IS NOT new."content"' in sql
        assert {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")} == {
            "chunks_ad",
            "chunks_au",
        }
        before = fts_rows(conn)
        assert store.writer.call(lambda d: records.rename_document(d, "old/a.md", "new/a.md", 1, 2))
        assert fts_rows(conn) == before  # before 0012: a 'delete' and an insert of both texts
        assert sorted((h.path, h.ordinal) for h in store.search("water")) == [
            ("new/a.md", 0),
            ("new/a.md", 1),
        ]
        assert store.search("water", folder="old") == []
        # the chunk ids moved with the path; the full-text rows still match the chunks' text
        assert "id-a" not in {c.id for c in store.chunks("new/a.md")}
        conn.execute("INSERT INTO chunks_fts (chunks_fts) VALUES ('integrity-check')")
        conn.close()


def test_0012_gives_an_index_without_its_full_text_table_no_update_trigger(tmp_path):
    """An index whose FTS table was dropped (``sqlite-utils disable-fts``) keeps working: a trigger
    writing to the missing table would make every update of a chunk fail."""
    path = tmp_path / "index.db"
    db = database(connect(path))
    migrations.migrations.apply(db, stop_before="0012_fts_update_trigger_on_text")
    db.execute("INSERT INTO documents (id, path, status, revision) VALUES (1, 'a.md', 'indexed', 1)")
    db.execute(
        "INSERT INTO chunks (id, document_id, mode, mode_key, is_default, ordinal, content, content_type, "
        "metadata) VALUES ('id0', 1, 'structural', 'structural', 1, 0, 'text', 'paragraph', '{}')"
    )
    db["chunks"].disable_fts()
    assert migrations.migrate(db, str(path)) == [
        "0012_fts_update_trigger_on_text",
        "0013_fts_rows_added_by_the_writer",
        "0014_shared_chunk_metadata",
        "0015_extractor_versions",
    ]
    assert db.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall() == []
    db.execute("UPDATE chunks SET content = 'new text', id = 'id1'")
    assert db.execute("SELECT id, content FROM chunks").fetchall() == [("id1", "new text")]
