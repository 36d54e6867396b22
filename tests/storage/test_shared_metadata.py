"""What the chunks of one chunk set hold alike in their metadata (the document's metadata, a table's
header row …) is stored once, and every chunk reads back exactly as the extractor made it: the
same values, keys in the order the whole JSON gave them, the same ids, in fresh indexes and in
indexes converted by migration 0014."""

from __future__ import annotations

import functools
import json
import sqlite3
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from indexer import chunk_document, extract
from indexer.model import Chunk, Document
from indexer.modes.params import ModeParams
from indexer.provenance import chunk_id
from storage import migrations, records
from storage.db import connect, database
from storage.indexing import index_folder
from storage.job import chunk_rows
from storage.serial import chunk_columns_of, dumps
from storage.store import Store

REAL_WORLD_PICKS = ("csv", "xlsx", "xlsm", "ods", "mbox", "eml", "md", "json")


def as_read(meta: dict) -> str:
    """A metadata dict as JSON in its own key order, at every level (no sorting)."""
    return json.dumps(meta, ensure_ascii=False, separators=(",", ":"))


def files_of(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file() and ".chunkscope" not in p.parts)


@functools.cache
def extracted(root: Path, rel: str) -> Document:
    return extract((root / rel).read_bytes(), filename=rel)


def expected_chunks(root: Path, rel: str, mode: str) -> list[Chunk]:
    return chunk_document(extracted(root, rel), mode)


def check_store_against_extractor(db_path: Path, root: Path, readonly: bool = True) -> int:
    """Every chunk set the index holds reads back as the extractor's chunks: ids, contents, types
    and metadata with its keys in sorted order at every level (as the whole stored JSON read
    back); search hits carry the same metadata as the chunk they point at. The chunks checked."""
    checked = 0
    with Store.open(db_path, readonly=readonly) as store:
        for doc in store.documents():
            if doc.status != records.INDEXED:
                continue
            sets = (
                store._conn()
                .execute("SELECT mode, mode_key FROM chunk_sets WHERE document_id = ?", [doc.id])
                .fetchall()
            )
            assert sets, doc.path
            for mode, key in sets:
                assert key == store.mode_key(doc.path, mode)
                rows = store.chunks(doc.path, mode)
                chunks = expected_chunks(root, doc.path, mode)
                assert len(rows) == len(chunks), (doc.path, mode)
                for i, (row, chunk) in enumerate(zip(rows, chunks, strict=True)):
                    assert row.ordinal == i
                    assert row.id == chunk_id(doc.path, key, chunk.metadata, chunk.content, i)
                    assert (row.content, row.content_type) == (chunk.content, chunk.content_type)
                    assert as_read(row.metadata) == dumps(chunk.metadata), (doc.path, mode, i)
                    checked += 1
        for query in ("the", "total", "date", "from"):
            for mode in (None, "row", "sentence"):
                for hit in store.search(query, mode=mode, limit=100):
                    row = store._chunk_rows(store.document(hit.path).id, hit.mode_key)[hit.ordinal]
                    assert hit.chunk_id == row.id
                    assert as_read(hit.metadata) == as_read(row.metadata)
    return checked


def stored_metadata(db_path: Path) -> tuple[list[tuple], list[tuple]]:
    conn = sqlite3.connect(db_path)
    chunks = conn.execute(
        "SELECT c.document_id, c.mode_key, c.metadata, c.shared, cs.chunk_count FROM chunks c "
        "JOIN chunk_sets cs ON cs.document_id = c.document_id AND cs.mode_key = c.mode_key"
    ).fetchall()
    sets = conn.execute("SELECT document_id, mode_key, shared FROM chunk_sets").fetchall()
    conn.close()
    return chunks, sets


def assert_document_metadata_stored_once(db_path: Path) -> int:
    """No chunk of a set of two or more repeats ``document_metadata``: each set holds it once.
    How many chunks such sets hold."""
    chunks, sets = stored_metadata(db_path)
    many = [c for c in chunks if c[4] >= 2]
    assert not [c for c in many if '"document_metadata"' in c[2]]
    assert all(s is None or s.count('"document_metadata"') == 1 for _, _, s in sets)
    return len(many)


def test_sample_corpus_reads_back_as_extracted_in_every_mode_with_shared_metadata_stored_once(
    tmp_path, sample_corpus
):
    db = tmp_path / "index.db"
    index_folder(sample_corpus, db_path=db, jobs=1, modes=("all",))
    assert check_store_against_extractor(db, sample_corpus) > 900
    assert assert_document_metadata_stored_once(db) > 800
    # the stored chunk metadata, shared parts included, is well under two thirds of the whole
    # metadata of every chunk
    chunks, sets = stored_metadata(db)
    stored = sum(len(c[2]) for c in chunks) + sum(len(s or "") for _, _, s in sets)
    with Store.open(db, readonly=True) as store:
        whole = sum(
            len(dumps(row.metadata))
            for doc in store.documents()
            for key in store.cached_modes(doc.path)
            for row in store._chunk_rows(doc.id, key)
        )
    assert stored < whole * 2 / 3
    # harvest_log.csv: its header line "date,plot,crop,weight_kg,notes" is stored once for its
    # two row chunks (rows 2-4 and 5-6 of the file), each keeping its own row range
    with Store.open(db, readonly=True) as store:
        rows = store.chunks("text/data/harvest_log.csv", "row")
        doc_id = store.document("text/data/harvest_log.csv").id
    assert [r.metadata["header_row"] for r in rows] == [["date", "plot", "crop", "weight_kg", "notes"]] * 2
    assert [r.metadata["col_count"] for r in rows] == [5, 5]
    conn = sqlite3.connect(db)
    (shared,) = conn.execute(
        "SELECT shared FROM chunk_sets WHERE document_id = ? AND mode = 'row'", [doc_id]
    ).fetchone()
    own = conn.execute(
        "SELECT metadata, shared FROM chunks WHERE document_id = ? AND mode = 'row' ORDER BY ordinal",
        [doc_id],
    ).fetchall()
    assert shared.count('"header_row":["date","plot","crop","weight_kg","notes"]') == 1
    assert [json.loads(m)["row_range"] for m, _ in own] == [[2, 4], [6, 7]]
    assert all("header_row" not in m and part is not None for m, part in own)


def test_shared_fixtures_read_back_as_extracted(tmp_path, playground, real_world):
    """The playground's documents in every mode, and real-world tables, mailboxes, messages and
    Markdown in the default mode."""
    db = tmp_path / "playground.db"
    index_folder(playground, db_path=db, jobs=1, modes=("all",))
    assert check_store_against_extractor(db, playground) > 200
    assert assert_document_metadata_stored_once(db) > 200
    checked = shared = 0
    for kind in REAL_WORLD_PICKS:
        db = tmp_path / f"{kind}.db"
        index_folder(real_world / kind, db_path=db, jobs=2)
        checked += check_store_against_extractor(db, real_world / kind)
        shared += assert_document_metadata_stored_once(db)
    assert checked > 1000 and shared > 1000


def _old_index(path: Path, root: Path, picks: list[tuple[str, str]]) -> None:
    """An index as chunkscope wrote it before 0014: each chunk's whole metadata JSON in its row."""
    db = database(connect(path))
    migrations.migrations.apply(db, stop_before="0014_shared_chunk_metadata")
    for doc_id, (rel, mode) in enumerate(picks, 1):
        doc = extract((root / rel).read_bytes(), filename=rel)
        name, key, rows = chunk_rows(doc, rel, mode, ModeParams())
        whole = list(rows)  # (id, ordinal, content, content_type, whole metadata JSON)
        assert not [r for r in whole if json.loads(r[4]) and dumps(json.loads(r[4])) != r[4]]
        db.execute(
            "INSERT OR IGNORE INTO documents (id, path, status, source_type, family, revision, chunk_count) "
            "VALUES (?, ?, 'indexed', ?, ?, 1, ?)",
            [doc_id, rel, doc.source_type, doc.family, len(whole)],
        )
        db.conn.executemany(
            "INSERT INTO chunks (id, document_id, mode, mode_key, is_default, ordinal, content, content_type, "
            "metadata) VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?)",
            [(r[0], doc_id, name, key, r[1], r[2], r[3], r[4]) for r in whole],
        )
        db.execute(
            "INSERT INTO chunk_sets (document_id, mode_key, mode, is_default, chunk_count, chars, created_at) "
            "VALUES (?, ?, ?, 1, ?, ?, 0)",
            [doc_id, key, name, len(whole), rows.chars],
        )
    db.execute("INSERT INTO chunks_fts (rowid, content) SELECT pk, content FROM chunks")  # as its writer did
    db.conn.close()


def test_an_index_from_before_0014_is_converted_and_reads_back_the_same(tmp_path, sample_corpus):
    picks = [
        ("spreadsheets/regional_sales.xlsx", "row"),
        ("text/data/harvest_log.csv", "row"),
        ("text/email/allotments_list.mbox", "structural"),
        ("office/inspection_report.docx", "sentence"),
        ("pdf/report.pdf", "page_aware"),
    ]
    path = tmp_path / "index.db"
    _old_index(path, sample_corpus, picks)
    # a chunk whose stored JSON is not the store's own (keys unsorted) stays whole and reads back
    # in its own order; the other chunks of its set are converted
    conn = sqlite3.connect(path)
    pk, text = conn.execute(
        "SELECT pk, metadata FROM chunks WHERE document_id = 1 AND ordinal = 1"
    ).fetchone()
    unsorted = json.dumps(dict(reversed(json.loads(text).items())), ensure_ascii=False, separators=(",", ":"))
    conn.execute("UPDATE chunks SET metadata = ? WHERE pk = ?", [unsorted, pk])
    conn.commit()
    ids_before = conn.execute("SELECT pk, id FROM chunks ORDER BY pk").fetchall()
    conn.close()

    with Store.open(path, readonly=True) as store:  # read-only: not migrated, every chunk whole
        before = {
            rel: [(r.id, r.content, as_read(r.metadata)) for r in store.chunks(rel, mode)]
            for rel, mode in picks
        }
        hits_before = [(h.chunk_id, as_read(h.metadata)) for h in store.search("the", limit=200)]
    assert migrations.applied_names(database(connect(path)))[-1] == "0013_fts_rows_added_by_the_writer"
    assert list(json.loads(before[picks[0][0]][1][2])) == list(json.loads(unsorted))

    with Store.open(path) as store:  # migrated
        after = {
            rel: [(r.id, r.content, as_read(r.metadata)) for r in store.chunks(rel, mode)]
            for rel, mode in picks
        }
        hits_after = [(h.chunk_id, as_read(h.metadata)) for h in store.search("the", limit=200)]
    assert after == before and hits_after == hits_before and len(hits_after) > 10
    for rel, mode in picks:
        chunks = expected_chunks(sample_corpus, rel, mode)
        assert len(after[rel]) == len(chunks)
        for i, ((_, content, meta), chunk) in enumerate(zip(after[rel], chunks, strict=True)):
            assert content == chunk.content
            assert meta == (unsorted if (rel, i) == (picks[0][0], 1) else dumps(chunk.metadata))

    conn = sqlite3.connect(path)
    assert conn.execute("SELECT pk, id FROM chunks ORDER BY pk").fetchall() == ids_before
    assert conn.execute("SELECT metadata, shared FROM chunks WHERE pk = ?", [pk]).fetchone() == (
        unsorted,
        None,
    )
    assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    conn.close()
    assert_document_metadata_stored_once_but(path, pk)

    # a rename recomputes the ids from the converted rows: the ids of the chunks under the new path
    with Store.open(path) as store:
        assert store.writer.call(lambda d: records.rename_document(d, picks[1][0], "moved/harvest.csv", 1, 2))
        rows = store.chunks("moved/harvest.csv", "row")
    chunks = expected_chunks(sample_corpus, picks[1][0], "row")
    key = sqlite3.connect(path).execute("SELECT mode_key FROM chunk_sets WHERE document_id = 2").fetchone()[0]
    assert [r.id for r in rows] == [
        chunk_id("moved/harvest.csv", key, c.metadata, c.content, i) for i, c in enumerate(chunks)
    ]


def assert_document_metadata_stored_once_but(path: Path, whole_pk: int) -> None:
    conn = sqlite3.connect(path)
    repeated = conn.execute(
        "SELECT pk FROM chunks WHERE metadata LIKE '%\"document_metadata\"%' ORDER BY pk"
    ).fetchall()
    conn.close()
    assert repeated == [(whole_pk,)]


# -- the split itself ------------------------------------------------------------------------

_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.integers(2**63 - 2, 2**70),
    st.integers(-(2**70), -(2**63) + 2),
    st.floats(allow_nan=True),
    st.text(max_size=4),
    st.lists(st.integers(0, 3), min_size=2, max_size=2),
    st.lists(st.sampled_from(["a", "b", "ü"]), max_size=3),
    st.dictionaries(st.sampled_from(["x", "é", "a b"]), st.integers(0, 2), max_size=2),
)
_keys = st.sampled_from(["source_lines", "row_range", "page_number", "header_row", "k", "z", "ü", 'q"'])


@settings(max_examples=400, deadline=None)
@example(  # one key set written in two orders: one group of two chunks, as the sorted JSON splits
    shapes=[
        {},
        {"source_lines": None, "page_number": None, "header_row": None, "z": None},
        {"source_lines": None, "header_row": None, "page_number": None, "z": None},
    ],
    picks=[(0, False), (1, False), (2, False)],
)
@given(
    shapes=st.lists(st.dictionaries(_keys, _values, max_size=5), min_size=1, max_size=3),
    picks=st.lists(st.tuples(st.integers(0, 2), st.booleans()), min_size=2, max_size=20),
)
def test_split_metadata_reads_back_whole_and_equals_the_split_of_the_stored_json(shapes, picks):
    """Chunks drawn from a few metadata templates, sharing values (the same objects) or copies:
    each reads back as its whole JSON, keys in its order; the location keys stay in each chunk's
    own part; the metadata read back from whole JSON (what migration 0014 converts) splits
    exactly as the chunks' own did."""
    import copy

    from storage.serial import split_stored_metadata

    chunks = []
    for i, (which, same) in enumerate(picks):
        meta = shapes[which % len(shapes)]
        chunks.append(Chunk(str(i), "row_group", dict(meta) if same else copy.deepcopy(meta)))
    columns = chunk_columns_of(chunks, "p.csv", "row")
    wholes = [dumps(c.metadata) for c in chunks]
    assert [as_read(m) for m in columns.metadata_dicts()] == wholes
    assert [r[4] for r in columns] == wholes
    for own, whole in zip(columns.metadata, wholes, strict=True):
        located = {
            k: v for k, v in json.loads(whole).items() if k in ("source_lines", "row_range", "page_number")
        }
        assert {k: v for k, v in json.loads(own).items() if k in located} == located
    parsed = [json.loads(w) for w in wholes]
    assert split_stored_metadata(parsed) == (columns.metadata, columns.shared, columns.shared_parts)


def test_a_value_every_chunk_shares_is_stored_once():
    header = ["date", "plot", "crop"]
    doc_meta = {"encoding": "utf-8", "has_header": True}
    chunks = [
        Chunk(
            f"row {i}",
            "row_group",
            {"document_metadata": doc_meta, "header_row": header, "row_range": [i, i]},
        )
        for i in range(2, 12)
    ]
    columns = chunk_columns_of(chunks, "a.csv", "row")
    assert columns.metadata == [f'{{"row_range":[{i},{i}]}}' for i in range(2, 12)]
    assert columns.shared == [0] * 10
    assert columns.shared_json == (
        '[\n{"document_metadata":{"encoding":"utf-8","has_header":true},"header_row":["date","plot","crop"]}\n]'
    )


def test_a_read_only_store_on_an_index_before_0014_looks_its_columns_up_again_only_when_the_schema_changes(
    tmp_path, sample_corpus
):
    picks = [("spreadsheets/regional_sales.xlsx", "row"), ("text/data/harvest_log.csv", "row")]
    path = tmp_path / "index.db"
    _old_index(path, sample_corpus, picks)
    with Store.open(path, readonly=True) as store:
        statements: list[str] = []
        store._conn().set_trace_callback(statements.append)

        def read() -> tuple:
            chunks = {
                rel: [(r.id, as_read(r.metadata)) for r in store.chunks(rel, mode)] for rel, mode in picks
            }
            return chunks, [(h.chunk_id, as_read(h.metadata)) for h in store.search("the", limit=50)]

        before = [read() for _ in range(3)]
        assert before[0] == before[1] == before[2]
        assert sum("table_info" in s for s in statements) == 1

        with Store.open(path):  # another connection migrates the file meanwhile
            pass
        conn = sqlite3.connect(path)
        assert conn.execute("SELECT count(*) FROM chunks WHERE shared IS NOT NULL").fetchone()[0] > 0
        conn.close()

        after = [read() for _ in range(2)]
        assert after[0] == after[1] == before[0]
        assert sum("table_info" in s for s in statements) == 2
