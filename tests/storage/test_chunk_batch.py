"""Chunk rows of the documents one writer transaction stores go into the FTS index together
before the COMMIT; every other job sees them in place, and a rolled-back transaction leaves none."""

from __future__ import annotations

import sqlite3

import pytest

from storage import records
from storage.job import Job, run
from storage.store import Store
from storage.writer import Writer


def result_of(tmp_path, rel: str, text: str) -> dict:
    path = tmp_path / "src" / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return run(Job(str(path), rel))


def store_job(rel: str, result: dict):
    return records.staging(lambda d: records.replace_document(d, rel, 1, 1, result, defer_chunks=True))


def one_transaction(writer: Writer, jobs: list) -> list:
    """Submit ``jobs`` so that they share one transaction (all but the last linger)."""
    futures = [writer.submit(job, linger=10.0) for job in jobs[:-1]]
    futures.append(writer.submit(jobs[-1]))
    return [f.result(timeout=10) for f in futures]


def chunk_texts(db_path, rel: str) -> list[str]:
    conn = sqlite3.connect(db_path)
    rows = conn.execute(
        "SELECT c.content FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.path = ? ORDER BY c.ordinal",
        [rel],
    ).fetchall()
    conn.close()
    return [r[0] for r in rows]


def fts_paths(db_path, word: str) -> list[str]:
    conn = sqlite3.connect(db_path)
    rows = conn.execute(
        "SELECT d.path FROM chunks_fts JOIN chunks c ON c.pk = chunks_fts.rowid "
        "JOIN documents d ON d.id = c.document_id WHERE chunks_fts MATCH ? ORDER BY d.path",
        [word],
    ).fetchall()
    conn.close()
    return [r[0] for r in rows]


def whole(db_path) -> None:
    conn = sqlite3.connect(db_path)
    conn.execute("INSERT INTO chunks_fts (chunks_fts) VALUES ('integrity-check')")
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()


def test_documents_sharing_a_transaction_are_stored_whole_and_other_jobs_see_their_chunks(tmp_path):
    db_path = tmp_path / "index.db"
    a = result_of(tmp_path, "a.md", "# Alpha\n\nAardvark paragraph.\n\nSecond aardvark paragraph.\n")
    b = result_of(tmp_path, "b.md", "# Beta\n\nBadger paragraph.\n")
    writer = Writer(db_path)
    try:

        def count_a(d):  # an ordinary job after a document in the same transaction
            return d.execute(
                "SELECT count(*) FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.path = 'a.md'"
            ).fetchone()[0]

        stored_a, seen, stored_b = one_transaction(
            writer, [store_job("a.md", a), count_a, store_job("b.md", b)]
        )
    finally:
        writer.close()
    # structural mode: a heading is a chunk of its own (without its "#"), the short paragraphs
    # under it are joined into one chunk by a newline
    assert stored_a[1:] == ("added", 2) and stored_b[1:] == ("added", 2)
    assert seen == 2  # the job after a.md saw its rows although the transaction was still open
    assert chunk_texts(db_path, "a.md") == ["Alpha", "Aardvark paragraph.\nSecond aardvark paragraph."]
    assert chunk_texts(db_path, "b.md") == ["Beta", "Badger paragraph."]
    assert fts_paths(db_path, "aardvark") == ["a.md"] and fts_paths(db_path, "badger") == ["b.md"]
    whole(db_path)


def test_a_document_stored_twice_in_one_transaction_keeps_its_later_revision(tmp_path):
    db_path = tmp_path / "index.db"
    first = result_of(tmp_path, "a.md", "# Old\n\nWalrus text.\n")
    second = result_of(tmp_path, "a.md", "# New\n\nOtter text.\n")
    writer = Writer(db_path)
    try:
        one_transaction(writer, [store_job("a.md", first), store_job("a.md", second)])
    finally:
        writer.close()
    assert chunk_texts(db_path, "a.md") == ["New", "Otter text."]
    assert fts_paths(db_path, "walrus") == [] and fts_paths(db_path, "otter") == ["a.md"]
    conn = sqlite3.connect(db_path)
    assert conn.execute("SELECT revision FROM documents WHERE path = 'a.md'").fetchone() == (2,)
    assert conn.execute("SELECT chunk_count FROM chunk_sets").fetchall() == [(2,)]
    conn.close()
    whole(db_path)


def test_a_failing_job_rolls_back_the_staged_rows_and_the_others_are_stored_once(tmp_path):
    db_path = tmp_path / "index.db"
    a = result_of(tmp_path, "a.md", "# A\n\nHeron text.\n")
    b = result_of(tmp_path, "b.md", "# B\n\nIbis text.\n")

    def broken(d):
        d.execute("INSERT INTO settings VALUES ('x', 'y')")
        raise RuntimeError("this job fails")

    writer = Writer(db_path)
    try:
        futures = [
            writer.submit(store_job("a.md", a), linger=10.0),
            writer.submit(broken, linger=10.0),
            writer.submit(store_job("b.md", b)),
        ]
        assert futures[0].result(timeout=10)[1] == "added" and futures[2].result(timeout=10)[1] == "added"
        with pytest.raises(RuntimeError):
            futures[1].result(timeout=10)
        # the rows of the rolled-back transaction are not indexed by a later flush: the full-text
        # index holds the four rows stored (a heading and a paragraph each), once
        c = writer.call(lambda d: store_job("c.md", result_of(tmp_path, "c.md", "# C\n\nCrane text.\n"))(d))
        assert c[1] == "added"
        assert writer.call(lambda d: d.execute("SELECT count(*) FROM chunks_fts_docsize").fetchone()[0]) == 6
    finally:
        writer.close()
    assert fts_paths(db_path, "heron") == ["a.md"] and fts_paths(db_path, "ibis") == ["b.md"]
    assert fts_paths(db_path, "crane") == ["c.md"]
    conn = sqlite3.connect(db_path)
    assert conn.execute("SELECT count(*) FROM chunks").fetchone() == (6,)  # a heading and a paragraph each
    assert conn.execute("SELECT count(*) FROM settings WHERE key = 'x'").fetchone() == (0,)
    conn.close()
    whole(db_path)


def test_rows_past_the_size_limit_go_in_early_and_end_up_the_same(tmp_path, monkeypatch):
    texts = {f"d{i}.md": f"# Doc {i}\n\nPenguin {i} first.\n\nPenguin {i} second.\n" for i in range(4)}
    results = {rel: result_of(tmp_path, rel, text) for rel, text in texts.items()}

    def stored(limit: int, name: str) -> list:
        monkeypatch.setattr(records, "FLUSH_CHARS", limit)
        db_path = tmp_path / name
        writer = Writer(db_path)
        try:
            one_transaction(writer, [store_job(rel, r) for rel, r in results.items()])
        finally:
            writer.close()
        whole(db_path)
        conn = sqlite3.connect(db_path)
        rows = conn.execute(
            "SELECT c.pk, d.path, c.id, c.ordinal, c.content, c.metadata FROM chunks c "
            "JOIN documents d ON d.id = c.document_id ORDER BY c.pk"
        ).fetchall()
        conn.close()
        return rows

    at_commit = stored(records.FLUSH_CHARS, "a.db")
    every_document = stored(1, "b.db")  # each document's rows go in as soon as it is staged
    assert at_commit == every_document
    assert [(r[1], r[3]) for r in at_commit] == [(f"d{i}.md", o) for i in range(4) for o in (0, 1)]


def test_an_indexed_folder_is_searchable_through_the_store(tmp_path):
    # the whole path: the indexer marks its jobs as staging, the writer flushes before COMMIT
    from .conftest import run_index, write_tree

    write_tree(tmp_path, {f"n{i}.md": f"# Note {i}\n\nPelican number {i}.\n" for i in range(6)})
    summary = run_index(tmp_path, jobs=2)
    assert summary.added == 6
    with Store.open(tmp_path / ".chunkscope" / "index.db", readonly=True) as store:
        assert sorted(h.path for h in store.search("pelican")) == [f"n{i}.md" for i in range(6)]
        assert [c.content for c in store.chunks("n3.md")] == ["Note 3", "Pelican number 3."]


def test_rows_stored_where_a_replaced_document_freed_the_highest_pks_are_all_searchable(tmp_path):
    # b.md holds the highest chunk pks; storing it again deletes them, and its new rows, and
    # c.md's after them, take pks from there on: every one of them must reach the full-text index
    db_path = tmp_path / "index.db"
    a = result_of(tmp_path, "a.md", "# A\n\nAlbatross text.\n")
    b_old = result_of(tmp_path, "b.md", "# B\n\nBittern text.\n\nMore bittern.\n\n## Two\n\nBittern again.\n")
    b_new = result_of(tmp_path, "b.md", "# B\n\nBustard text.\n")
    c = result_of(tmp_path, "c.md", "# C\n\nCormorant text.\n")
    writer = Writer(db_path)
    try:
        one_transaction(writer, [store_job("a.md", a), store_job("b.md", b_old)])
        one_transaction(writer, [store_job("b.md", b_new), store_job("c.md", c)])
    finally:
        writer.close()
    assert fts_paths(db_path, "bittern") == []
    assert fts_paths(db_path, "bustard") == ["b.md"] and fts_paths(db_path, "cormorant") == ["c.md"]
    assert fts_paths(db_path, "albatross") == ["a.md"]
    conn = sqlite3.connect(db_path)
    assert conn.execute("SELECT count(*) FROM chunks_fts_docsize").fetchone() == (6,)
    conn.close()
    whole(db_path)
