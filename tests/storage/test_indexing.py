"""Folder indexing against real files and a real SQLite file: statuses, change detection,
stale revisions, removal, renames, events."""

from __future__ import annotations

import json

from indexer.formats import registry as format_registry
from indexer.provenance import LOCATION_KEYS
from storage import records
from storage.indexing import FileIndexed, FileRemoved, IndexFailed, ScanProgress, index_folder
from storage.store import SNIPPET_END, SNIPPET_START, Store

from .conftest import (
    TEST_FORMATS,
    bump_mtime,
    fts_rows,
    make_indexer,
    raw,
    read_steps,
    run_index,
    write_tree,
)

NOTES = "# Pumps\n\nThe pump moves water uphill.\n\n## Valves\n\nA valve stops the flow of water.\n"
TODO = "# Todo\n\n- buy bananas\n- fix the bicycle\n"


def db_of(root):
    return root / ".chunkscope" / "index.db"


def test_index_records_every_file_with_a_status(tmp_path):
    write_tree(
        tmp_path,
        {
            "notes.md": NOTES,
            "sub/todo.md": TODO,
            "data.bin": bytes(range(256)) * 4,  # NUL bytes: binary, no extractor
            "broken.cst": "BROKEN from the start",
        },
    )
    events: list = []
    summary = run_index(tmp_path, events)
    assert summary.files == 4 and summary.added == 2 and summary.failed == 2
    with Store.open(db_of(tmp_path), readonly=True) as store:
        docs = {d.path: d for d in store.documents()}
        assert list(docs) == ["broken.cst", "data.bin", "notes.md", "sub/todo.md"]  # ordered by path
        assert docs["notes.md"].status == "indexed" and docs["notes.md"].source_type == "md"
        assert docs["notes.md"].chunk_count > 0 and docs["notes.md"].indexed_at is not None
        assert (
            docs["data.bin"].status == "unsupported" and docs["data.bin"].error_code == "UNSUPPORTED_FORMAT"
        )
        assert docs["broken.cst"].status == "failed" and docs["broken.cst"].error_code == "PARSE_ERROR"
        assert "broken on purpose" in docs["broken.cst"].error_message
        # the stored Document round-trips: the text is the file's own
        assert "The pump moves water uphill." in store.load_document("notes.md").text
        # … and whole: the stored (compact) form reads back to what the extractor gave
        from indexer import extract
        from indexer.model import Document

        fresh = extract(tmp_path / "notes.md")
        assert store.load_document("notes.md") == Document.from_json(fresh.to_json())
        assert store.load_document("notes.md").blocks == fresh.blocks
    kinds = [type(e).__name__ for e in events]
    assert kinds[0] == "ScanProgress" and events[0].done == 0 and events[0].total == 4
    assert kinds.count("FileIndexed") == 2 and kinds.count("IndexFailed") == 2
    last = [e for e in events if isinstance(e, ScanProgress)][-1]
    assert (last.done, last.total, last.failures) == (4, 4, 2)
    assert (
        last.bytes_done
        == last.bytes_total
        == sum(p.stat().st_size for p in tmp_path.rglob("*") if p.is_file() and ".chunkscope" not in p.parts)
    )


def test_unchanged_folder_is_not_re_extracted_and_an_edit_re_extracts_one_file(tmp_path):
    write_tree(tmp_path, {f"n{i}.md": f"# Note {i}\n\nBody {i}.\n" for i in range(5)})
    first = run_index(tmp_path)
    assert first.extracted == 5
    again = run_index(tmp_path)
    assert again.extracted == 0 and again.unchanged == 5 and again.added == again.updated == 0

    # a touch (new mtime, same bytes) is hashed, found identical, and not re-extracted
    bump_mtime(tmp_path / "n1.md")
    events: list = []
    touched = run_index(tmp_path, events)
    assert touched.extracted == 0 and touched.unchanged == 5
    assert [e.action for e in events if isinstance(e, FileIndexed)] == ["unchanged"]
    with Store.open(db_of(tmp_path), readonly=True) as store:
        assert store.document("n1.md").revision == 1
    # ... and the new mtime was remembered: the next pass does not even hash it
    assert run_index(tmp_path).unchanged == 5

    (tmp_path / "n3.md").write_text("# Note 3\n\nA rewritten body about kites.\n", encoding="utf-8")
    bump_mtime(tmp_path / "n3.md")
    events = []
    edited = run_index(tmp_path, events)
    assert edited.extracted == 1 and edited.updated == 1 and edited.unchanged == 4
    assert [(e.path, e.action) for e in events if isinstance(e, FileIndexed)] == [("n3.md", "updated")]
    with Store.open(db_of(tmp_path), readonly=True) as store:
        assert store.document("n3.md").revision == 2
        assert [h.path for h in store.search("kites")] == ["n3.md"]
        assert store.search("Body 3") == []  # the old revision's chunks are gone from FTS too


def test_failed_re_extraction_keeps_the_last_good_revision_as_stale(tmp_path):
    write_tree(tmp_path, {"a.cst": "First paragraph about otters.\n\nSecond about beavers.\n"})
    run_index(tmp_path)
    with Store.open(db_of(tmp_path), readonly=True) as store:
        good = store.document("a.cst")
        good_chunks = store.chunks("a.cst")
    assert good.status == "indexed" and good.chunk_count == len(good_chunks) >= 1

    (tmp_path / "a.cst").write_text("BROKEN now, mentions walruses\n", encoding="utf-8")
    bump_mtime(tmp_path / "a.cst")
    events: list = []
    run_index(tmp_path, events)
    failed = [e for e in events if isinstance(e, IndexFailed)]
    assert [(e.path, e.code, e.status) for e in failed] == [("a.cst", "PARSE_ERROR", "stale")]
    with Store.open(db_of(tmp_path), readonly=True) as store:
        stale = store.document("a.cst")
        assert stale.status == "stale" and stale.error_code == "PARSE_ERROR"
        assert stale.revision == good.revision and stale.chunk_count == good.chunk_count
        assert store.chunks("a.cst") == good_chunks  # still served
        assert [h.path for h in store.search("otters")] == ["a.cst"]
        assert store.search("walruses") == []
    # unchanged broken bytes are not retried; a fix brings it back to indexed
    assert run_index(tmp_path).extracted == 0
    (tmp_path / "a.cst").write_text("Fixed text about walruses.\n", encoding="utf-8")
    bump_mtime(tmp_path / "a.cst", 10)
    run_index(tmp_path)
    with Store.open(db_of(tmp_path), readonly=True) as store:
        fixed = store.document("a.cst")
        assert (fixed.status, fixed.error_code, fixed.revision) == ("indexed", None, good.revision + 1)
        assert [h.path for h in store.search("walruses")] == ["a.cst"]


def test_files_stored_by_an_earlier_output_version_are_read_again_once(tmp_path):
    from indexer import OUTPUT_VERSION

    write_tree(tmp_path, {"a.md": NOTES, "b.md": TODO, "bad.cst": "BROKEN"})
    first = run_index(tmp_path)
    assert (first.added, first.failed, first.reread) == (2, 1, 0)
    conn = raw(tmp_path)
    assert {v for (v,) in conn.execute("SELECT output_version FROM documents")} == {OUTPUT_VERSION}
    # as an earlier chunkscope would have left them: its own version, and chunks that differ
    conn.execute("UPDATE documents SET output_version = ?", [OUTPUT_VERSION - 1])
    conn.execute("UPDATE chunks SET content = 'as an earlier chunkscope cut it' WHERE ordinal = 0")
    conn.commit()
    conn.close()
    events: list = []
    again = run_index(tmp_path, events)  # the bytes, sizes and mtimes are all unchanged
    assert (again.extracted, again.updated, again.failed, again.unchanged, again.reread) == (3, 2, 1, 0, 3)
    assert sorted(e.path for e in events if isinstance(e, FileIndexed)) == ["a.md", "b.md"]
    with Store.open(db_of(tmp_path), readonly=True) as store:
        assert store.document("a.md").revision == 2  # extracted again, not only found the same
        assert store.search("earlier chunkscope") == []
        assert [c.content for c in store.chunks("a.md")][0] == "Pumps"
    conn = raw(tmp_path)
    assert {v for (v,) in conn.execute("SELECT output_version FROM documents")} == {OUTPUT_VERSION}
    conn.close()
    third = run_index(tmp_path)
    assert (third.extracted, third.unchanged, third.reread) == (0, 3, 0)


def test_files_gone_from_disk_are_removed_with_their_rows(tmp_path):
    write_tree(tmp_path, {"keep.md": NOTES, "old/gone.md": TODO, "pic.cst": "Text.\n\nIMG:shared-bytes\n"})
    write_tree(tmp_path, {"pic2.cst": "Other.\n\nIMG:shared-bytes\n"})
    run_index(tmp_path)
    conn = raw(tmp_path)
    # one image, stored once, linked from both documents
    assert conn.execute("SELECT count(*) FROM images").fetchone()[0] == 1
    assert conn.execute("SELECT count(*) FROM document_images").fetchone()[0] == 2
    (tmp_path / "old" / "gone.md").unlink()
    (tmp_path / "pic.cst").unlink()
    events: list = []
    summary = run_index(tmp_path, events)
    assert summary.removed == 2
    assert sorted(e.path for e in events if isinstance(e, FileRemoved)) == ["old/gone.md", "pic.cst"]
    paths = [r[0] for r in conn.execute("SELECT path FROM documents ORDER BY path")]
    assert paths == ["keep.md", "pic2.cst"]
    assert (
        conn.execute(
            "SELECT count(*) FROM chunks WHERE document_id NOT IN (SELECT id FROM documents)"
        ).fetchone()[0]
        == 0
    )
    assert conn.execute("SELECT count(*) FROM images").fetchone()[0] == 1  # still used by pic2
    (tmp_path / "pic2.cst").unlink()
    run_index(tmp_path)
    assert conn.execute("SELECT count(*) FROM images").fetchone()[0] == 0  # orphan dropped
    conn.close()


def test_a_file_deleted_before_it_was_read_is_no_removal_unless_it_was_stored(tmp_path):
    # new.md, seen for the first time, and kept.md, stored before, are deleted as the run begins,
    # before a worker opens either: new.md had only its queued row, so nothing was removed of it;
    # the run said "2 removed"
    write_tree(tmp_path, {"kept.md": NOTES})
    run_index(tmp_path)
    write_tree(tmp_path, {"new.md": TODO})
    bump_mtime(tmp_path / "kept.md")  # read again: same bytes, but a worker opens it

    def delete_both(event: object) -> None:
        events.append(event)
        if isinstance(event, ScanProgress) and event.done == 0 and event.total == 2:
            (tmp_path / "new.md").unlink()
            (tmp_path / "kept.md").unlink()

    events: list = []
    summary = index_folder(tmp_path, jobs=1, extra_modules=(TEST_FORMATS,), on_event=delete_both)
    assert summary.removed == 1
    said = sorted((e.path, e.stored) for e in events if isinstance(e, FileRemoved))
    assert said == [("kept.md", True), ("new.md", False)]  # the app drops both rows from its tree
    conn = raw(tmp_path)
    assert conn.execute("SELECT count(*) FROM documents").fetchone()[0] == 0
    conn.close()


def test_images_are_stored_and_loaded_back_with_the_document(tmp_path):
    write_tree(tmp_path, {"p.cst": "Intro.\n\nIMG:pixels-here\n"})
    run_index(tmp_path)
    with Store.open(db_of(tmp_path), readonly=True) as store:
        images = store.images("p.cst")
        assert list(images.values()) == [b"pixels-here"]
        doc = store.load_document("p.cst")
        assert [im.data for im in doc.images] == [b"pixels-here"]
        manifest = store.manifest("p.cst")
    # one IMAGE block → one placeholder; one image extracted
    assert manifest["coverage"]["images"]["placeholders"] == 1
    assert manifest["coverage"]["images"]["extracted"] == 1


def test_other_modes_are_chunked_on_demand_and_cached(tmp_path):
    write_tree(tmp_path, {"notes.md": NOTES})
    run_index(tmp_path)
    conn = raw(tmp_path)
    assert [r[0] for r in conn.execute("SELECT mode_key FROM chunk_sets")] == ["structural"]
    with Store.open(db_of(tmp_path)) as store:
        first = store.chunks("notes.md", "sentence")
        assert first and all(c.id for c in first)
        keys = sorted(r[0] for r in conn.execute("SELECT mode_key FROM chunk_sets"))
        assert keys == ["sentence:sentences_per_chunk=3", "structural"]
        assert store.chunks("notes.md", "sentence") == first  # served from the cache
        assert store.manifest("notes.md")["chunks"]["sentence:sentences_per_chunk=3"] == len(first)
    conn.close()


def test_modes_all_chunks_every_mode_up_front(tmp_path):
    from indexer.modes import registry

    write_tree(tmp_path, {"notes.md": NOTES})
    run_index(tmp_path, modes=("all",))
    conn = raw(tmp_path)
    stored = {r[0] for r in conn.execute("SELECT mode FROM chunk_sets")}
    expected = {registry.resolve("document", m).name for m in registry.modes_for("document")}
    assert stored == expected
    assert conn.execute("SELECT count(*) FROM chunk_sets WHERE is_default = 1").fetchone()[0] == 1
    conn.close()


def test_rename_moves_rows_without_re_extraction(tmp_path):
    write_tree(tmp_path, {"a.md": NOTES})
    events: list = []
    with make_indexer(tmp_path, events) as engine:
        engine.reconcile()
        before = engine.store.chunks("a.md")
        (tmp_path / "a.md").rename(tmp_path / "b.md")
        events.clear()
        engine.rename("a.md", "b.md")
        assert [type(e).__name__ for e in events] == ["FileRemoved", "FileIndexed"]
        assert events[1].action == "renamed"
        assert engine.store.document("a.md") is None
        moved = engine.store.document("b.md")
        assert moved.revision == 1  # not re-extracted
        after = engine.store.chunks("b.md")
        assert [c.content for c in after] == [c.content for c in before]
        assert {c.id for c in after}.isdisjoint({c.id for c in before})  # ids include the path
        # each id is the one the new path gives, and the full-text index still finds the chunks
        from indexer.provenance import chunk_id

        key = engine.store.mode_key("b.md")
        assert [c.id for c in after] == [
            chunk_id("b.md", key, c.metadata, c.content, c.ordinal) for c in after
        ]
        assert [h.path for h in engine.store.search("pump uphill")] == ["b.md"]
        engine.store.writer.call(
            lambda d: d.execute("INSERT INTO chunks_fts(chunks_fts) VALUES ('integrity-check')")
        )
        assert engine.known_paths() == ["b.md"]


def test_a_file_renamed_to_another_type_is_read_again_by_its_new_extractor(tmp_path):
    # the same bytes as notes.md and as notes.txt are two documents: Markdown's heading and
    # paragraph, and plain text's. The rows moved with the sha256 alone, and notes.txt kept the
    # Markdown reading (source type md). A rename between extensions of one extractor (.htm and
    # .html) still moves them.
    write_tree(tmp_path, {"notes.md": NOTES, "page.htm": "<h1>Pumps</h1><p>The pump moves water uphill.</p>"})
    events: list = []
    with make_indexer(tmp_path, events) as engine:
        engine.reconcile()
        assert engine.store.document("notes.md").source_type == "md"
        for old, new in (("notes.md", "notes.txt"), ("page.htm", "page.html")):
            (tmp_path / old).rename(tmp_path / new)
        events.clear()
        moved = engine.rename_all([("notes.md", "notes.txt"), ("page.htm", "page.html")])
        assert moved == ["page.html"]
        assert engine.store.document("notes.md") is None
        text = engine.store.document("notes.txt")
        assert text.source_type == "txt"
        assert engine.store.document("page.html").revision == 1  # moved, not read again
        assert {(type(e).__name__, getattr(e, "path", None), getattr(e, "action", None)) for e in events} >= {
            ("FileIndexed", "page.html", "renamed"),
            ("FileRemoved", "notes.md", None),
        }
        assert engine.known_paths() == ["notes.txt", "page.html"]


def chunk_ids(store, path: str) -> dict[tuple[str, int], str]:
    """Every stored chunk of ``path``, in every mode chunked so far: (mode_key, ordinal) → id."""
    rows = store.writer.call(
        lambda d: d.execute(
            "SELECT c.mode_key, c.ordinal, c.id FROM chunks AS c JOIN documents AS d ON d.id = c.document_id "
            "WHERE d.path = ?",
            [path],
        ).fetchall()
    )
    return {(key, ordinal): cid for key, ordinal, cid in rows}


def test_renamed_files_have_the_chunk_ids_of_a_fresh_index_of_them(tmp_path, playground, real_world):
    """After a rename each chunk id, in the default mode and in the modes chunked on demand, is the
    one an index of the file under its new name gives, for each kind of location a chunk has. The
    new names hold a space, a double quote and letters outside ASCII, which the id's JSON quotes."""
    from indexer.modes import registry

    sources = {
        "sample.md": playground / "sample.md",  # source_lines
        "word2vec.pdf": playground / "word2vec.pdf",  # page_number
        "sample.xlsx": playground / "sample.xlsx",  # sheet_name, row_range
        "iris.csv": playground / "iris.csv",  # row_range
        "mixed_content.pptx": playground / "mixed_content.pptx",  # slide_number
        "simple.mbox": real_world / "mbox" / "MimeKit_simple.mbox",  # message_index
        "gsm8k.jsonl": real_world / "jsonl" / "gsm8k_test.jsonl",  # record_range
    }
    moved = {name: f'archiv/Büro "{name[:3]}" {name}' for name in sources}
    renamed_root, fresh_root = tmp_path / "renamed", tmp_path / "fresh"
    write_tree(renamed_root, {name: src.read_bytes() for name, src in sources.items()})
    write_tree(fresh_root, {moved[name]: src.read_bytes() for name, src in sources.items()})

    def chunk_every_mode(store, path: str) -> None:
        for mode in registry.modes_for(store.document(path).family):
            store.chunks(path, mode)

    events: list = []
    with make_indexer(renamed_root, events) as engine, make_indexer(fresh_root) as fresh:
        engine.reconcile()
        fresh.reconcile()
        for name in sources:
            chunk_every_mode(engine.store, name)
            chunk_every_mode(fresh.store, moved[name])
        events.clear()
        for name in sources:
            (renamed_root / moved[name]).parent.mkdir(exist_ok=True)
            (renamed_root / name).rename(renamed_root / moved[name])
            engine.rename(name, moved[name])
        assert sorted(e.path for e in events if getattr(e, "action", "") == "renamed") == sorted(
            moved.values()
        )
        locations = set()
        for name, path in moved.items():
            ids = chunk_ids(engine.store, path)
            assert ids == chunk_ids(fresh.store, path), name
            for chunk in engine.store.chunks(path):
                locations |= chunk.metadata.keys() & set(LOCATION_KEYS)
        assert locations == set(LOCATION_KEYS)  # every kind of location was renamed


def test_renamed_ids_follow_the_id_formula_for_any_text_and_any_location(tmp_path):
    """The ids of a rename, written by SQLite, are ``chunk_id``'s for texts holding every ASCII
    control character, quotes, backslashes, a NUL, line and paragraph separators and characters
    outside the BMP, and for location values of every JSON kind (the extractors write integers,
    [first, last] pairs and sheet names; the stored text of any other value is kept as written)."""
    from indexer.provenance import chunk_id
    from storage.serial import dumps

    write_tree(tmp_path, {"a.md": NOTES})
    texts = [
        "".join(map(chr, range(0x80))),
        'a "quoted" \\ back\\slash \u2028 \u2029 \U0001f600 é',
        "\x00 NUL first",
        "",
    ]
    metadatas = [
        {"source_lines": [1, 2], "heading_path": ["Pumps"], "zeta": None},
        {"sheet_name": 'Büro "Q1" \\ \t', "row_range": [3, 9], "page_number": 2, "note": "x"},
        {
            "page_number": 1.5,
            "slide_number": True,
            "message_index": None,
            "record_range": [[1], {"b": 2, "a": 1}],
        },
        {"alpha": 1, "page_number": 12345678901234567890, "sheet_name": "\U0001f600"},
    ]
    with make_indexer(tmp_path) as engine:
        engine.reconcile()
        pks = [pk for (pk,) in raw(tmp_path).execute("SELECT pk FROM chunks ORDER BY pk")]
        assert len(pks) >= len(texts)
        engine.store.writer.call(
            lambda d: d.conn.executemany(
                "UPDATE chunks SET content = ?, metadata = ? WHERE pk = ?",
                [(t, dumps(m), pk) for t, m, pk in zip(texts, metadatas, pks, strict=False)],
            )
        )
        (tmp_path / "a.md").rename(tmp_path / "b.md")
        engine.rename("a.md", "b.md")
        rows = raw(tmp_path).execute("SELECT mode_key, metadata, content, ordinal, id FROM chunks").fetchall()
        assert {content for _, _, content, _, _ in rows} >= set(texts)
        for key, meta, content, ordinal, cid in rows:
            assert cid == chunk_id("b.md", key, json.loads(meta), content, ordinal), (content, meta)


def test_a_rename_leaves_the_full_text_rows_as_they_were(tmp_path):
    """A rename rewrites only the chunk ids: FTS5 is not asked to delete and re-tokenise the text.
    A change of a chunk's text or rowid still reaches the full-text index."""
    write_tree(tmp_path, {"a.md": NOTES})
    with make_indexer(tmp_path) as engine:
        engine.reconcile()
        store = engine.store
        conn = raw(tmp_path)
        before = fts_rows(conn)
        (tmp_path / "a.md").rename(tmp_path / "b.md")
        engine.rename("a.md", "b.md")
        assert fts_rows(conn) == before
        assert {h.path for h in store.search("valve")} == {"b.md"}
        store.writer.call(
            lambda d: d.execute(
                "UPDATE chunks SET content = 'A gate stops the flow of water.' WHERE content = ?",
                ["A valve stops the flow of water."],
            )
        )
        assert [h.snippet for h in store.search("gate")] == [
            "A [[gate]] stops the flow of water.".replace("[[", SNIPPET_START).replace("]]", SNIPPET_END)
        ]
        assert [h.content_type for h in store.search("valve")] == ["heading"]  # "## Valves" stays
        # the full-text rows follow the rowid: renumbered chunks are found, none is lost
        hits = sorted((h.ordinal, h.chunk_id) for h in store.search("water"))
        store.writer.call(lambda d: d.execute("UPDATE chunks SET pk = pk + 1000"))
        assert sorted((h.ordinal, h.chunk_id) for h in store.search("water")) == hits
        store.writer.call(lambda d: d.execute("UPDATE chunks SET rowid = rowid + 1000"))
        assert sorted((h.ordinal, h.chunk_id) for h in store.search("water")) == hits
        assert len(hits) == 2
        conn.execute("INSERT INTO chunks_fts(chunks_fts) VALUES ('integrity-check')")
        conn.close()


def test_a_real_file_renamed_is_found_under_its_new_path_with_its_full_text_rows_kept(tmp_path, real_world):
    source = real_world / "md" / "pdfplumber_CHANGELOG.md"
    (tmp_path / "pdfplumber_CHANGELOG.md").write_bytes(source.read_bytes())
    with make_indexer(tmp_path) as engine:
        engine.reconcile()
        conn = raw(tmp_path)
        # chunks of the default mode whose text holds the word, counted without FTS
        (expected,) = conn.execute(
            "SELECT count(*) FROM chunks WHERE is_default = 1 AND content LIKE '%pdfminer%'"
        ).fetchone()
        assert expected == 18  # 19 lines of the file mention pdfminer; lines 282-283 are one list chunk
        before = fts_rows(conn)
        (tmp_path / "moved").mkdir()
        (tmp_path / "pdfplumber_CHANGELOG.md").rename(tmp_path / "moved" / "CHANGELOG.md")
        engine.rename("pdfplumber_CHANGELOG.md", "moved/CHANGELOG.md")
        assert fts_rows(conn) == before
        hits = engine.store.search("pdfminer", limit=1000)
        assert len(hits) == expected and {h.path for h in hits} == {"moved/CHANGELOG.md"}
        conn.execute("INSERT INTO chunks_fts(chunks_fts) VALUES ('integrity-check')")
        conn.close()


def test_index_paths_and_remove_gone(tmp_path):
    write_tree(tmp_path, {"x/1.md": NOTES, "x/2.md": TODO, "y.md": TODO})
    with make_indexer(tmp_path) as engine:
        engine.reconcile()
        (tmp_path / "y.md").unlink()
        write_tree(tmp_path, {"z.md": "# Zebra\n\nStripes.\n"})
        summary = engine.index_paths(["y.md", "z.md", "x/1.md"])
        assert (summary.removed, summary.added, summary.unchanged) == (1, 1, 1)
        (tmp_path / "x" / "1.md").unlink()
        (tmp_path / "x" / "2.md").unlink()
        (tmp_path / "x").rmdir()
        assert engine.remove_gone(["x"]) == {"x": ["x/1.md", "x/2.md"]}
        assert engine.known_paths() == ["z.md"]


def test_index_paths_says_what_became_of_each_path_once(tmp_path):
    write_tree(tmp_path, {"kept.md": NOTES, "gone.md": TODO, "dir/inside.md": TODO})
    with make_indexer(tmp_path) as engine:
        engine.reconcile()
        (tmp_path / "gone.md").unlink()
        write_tree(tmp_path, {"new.md": "# Zebra\n\nStripes.\n", "broken.cst": "BROKEN on purpose"})
        said: list[tuple[str, str]] = []
        handed = ["kept.md", "gone.md", "new.md", "broken.cst", "never.md", "dir"]
        summary = engine.index_paths(handed, on_path=lambda path, result, ms: said.append((path, result)))
        assert (summary.unchanged, summary.removed, summary.added, summary.failed) == (1, 1, 1, 1)
        assert sorted(said) == [
            ("broken.cst", "failed: PARSE_ERROR"),
            ("dir", "nothing to index"),  # a folder: neither a file nor a document
            ("gone.md", "removed"),
            ("kept.md", "unchanged"),
            ("never.md", "nothing to index"),
            ("new.md", "added"),
        ]


def test_paths_under_a_folder_are_its_own_rows_whatever_its_name(tmp_path):
    # neighbours of each folder on both sides of its rows in path order: '-' and '.' sort before
    # '/', '0' and letters after it; '%' and '_' would be wildcards to LIKE
    paths = [
        "a-b/5.md",
        "a.md",
        "a/b/y.md",
        "a/x.md",
        "a0/z.md",
        "a%b/2.md",
        "a%bc/6.md",
        "aXb/3.md",
        "a_b/1.md",
        "a_b/sub/7.md",
        "a_b2/4.md",
        "ab/x.md",
    ]
    with make_indexer(tmp_path) as engine:
        _add_rows(engine, paths)
        store = engine.store
        assert store.paths_under("a") == ["a/b/y.md", "a/x.md"]
        assert store.paths_under("a_b") == ["a_b/1.md", "a_b/sub/7.md"]
        assert store.paths_under("a%b/") == ["a%b/2.md"]
        assert store.paths_under("a_b/sub") == ["a_b/sub/7.md"]
        assert store.paths_under("a_") == [] and store.paths_under("a%") == []
        assert engine.paths_under("") == sorted(paths)
        # the writer's side, which removes a folder's rows, reads the same rows
        assert store.writer.call(lambda d: records.paths_under(d, "a_b")) == ["a_b/1.md", "a_b/sub/7.md"]
        assert engine.remove_gone(["a%b"]) == {"a%b": ["a%b/2.md"]}
        assert engine.known_paths() == sorted(set(paths) - {"a%b/2.md"})


def _add_rows(engine, paths: list[str]) -> None:
    """Rows of documents not on disk (queued, as a scan leaves them): the stored documents that
    the paths handed to index_paths are looked up among."""
    engine.store.writer.call(lambda d: records.queue_documents(d, [(p, 10, 0) for p in paths]))


def test_index_paths_reads_the_rows_of_its_paths_not_every_stored_document(tmp_path):
    def steps_with(stored: int) -> tuple[int, int]:
        root = tmp_path / f"stored-{stored}"
        write_tree(root, {"a.md": NOTES})
        with make_indexer(root) as engine:
            engine.index_paths(["a.md"])
            _add_rows(engine, [f"archive/note-{i:05d}.md" for i in range(stored - 1)])
            assert engine.store.counts()["documents"] == stored
            unchanged = read_steps(engine, lambda: engine.index_paths(["a.md"]))
            write_tree(root, {"b.md": TODO})
            added = read_steps(engine, lambda: engine.index_paths(["b.md"]))
            assert engine.store.document("b.md").status == "indexed"
        return unchanged, added

    few, many = steps_with(20), steps_with(2000)
    # reading every row took 8 steps a document: (166, 166) steps with 20 stored, (16006, 16006)
    # with 2,000; looked up by path, (24, 16) with either
    assert many == few, (few, many)


def test_index_paths_decides_as_a_whole_index_read_did_over_many_paths(tmp_path):
    from indexer import OUTPUT_VERSION

    files = {"keep.md": NOTES, "edit.md": NOTES, "touch.md": TODO, "old.md": TODO, "gone.md": TODO}
    write_tree(tmp_path, files)
    events: list = []
    with make_indexer(tmp_path, events) as engine:
        engine.index_paths(list(files))
        (tmp_path / "edit.md").write_text("# Edited\n\nA longer body about kites.\n", encoding="utf-8")
        bump_mtime(tmp_path / "touch.md")  # same bytes: hashed, found the same
        engine.store.writer.call(
            lambda d: d.execute(
                "UPDATE documents SET output_version = ? WHERE path = 'old.md'", [OUTPUT_VERSION - 1]
            )
        )
        (tmp_path / "gone.md").unlink()
        write_tree(tmp_path, {"new.md": "# New\n\nFresh.\n"})
        (tmp_path / "folder").mkdir()
        # the files of interest among 1,200 paths that are neither on disk nor stored, on both
        # sides of each 500 paths the store looks up at a time; a duplicate and a directory too
        handed = [f"nothing/{i:04d}.md" for i in range(1200)]
        for at, rel in zip((0, 499, 500, 999, 1000, 1199), [*files, "new.md"], strict=True):
            handed[at] = rel
        handed += ["/keep.md", "folder/"]
        events.clear()
        summary = engine.index_paths(handed)
        assert summary.files == 1201  # "/keep.md" is keep.md again
        assert (summary.unchanged, summary.updated, summary.added, summary.removed) == (2, 2, 1, 1)
        assert (summary.extracted, summary.reread) == (3, 1)
        indexed = sorted((e.path, e.action) for e in events if isinstance(e, FileIndexed))
        assert indexed == [
            ("edit.md", "updated"),
            ("new.md", "added"),
            ("old.md", "updated"),
            ("touch.md", "unchanged"),
        ]
        assert [e.path for e in events if isinstance(e, FileRemoved)] == ["gone.md"]
        assert engine.known_paths() == ["edit.md", "keep.md", "new.md", "old.md", "touch.md"]


def test_stats_of_is_stats_for_the_paths_asked(tmp_path):
    write_tree(tmp_path, {"a.md": NOTES, "b.md": TODO})
    with make_indexer(tmp_path) as engine:
        engine.reconcile()
        _add_rows(engine, [f"q/{i:04d}.md" for i in range(1100)])
        everything = engine.store.stats()
        # rows found on both sides of the 500 paths looked up by one statement; duplicates and
        # paths without a row
        others = [f"other/{i}.md" for i in range(600)]
        asked = [*others[:499], "b.md", "q/0000.md", *others[499:], "q/0500.md", "q/1099.md", "b.md", "x.md"]
        found = engine.store.stats_of(asked)
        assert sorted(found) == ["b.md", "q/0000.md", "q/0500.md", "q/1099.md"]
        assert found == {p: everything[p] for p in found}
        size, _mtime_ns, sha, status, _version, extractors = found["b.md"]
        assert (size, status) == (len(TODO.encode()), "indexed") and len(sha) == 64
        assert extractors == f"markdown {format_registry.for_extension('.md').version}"
        assert engine.store.stats_of([]) == {}
        assert engine.store.stats_of(iter(["a.md"])) == {"a.md": everything["a.md"]}


def test_forced_index_paths_re_extracts_unchanged_bytes(tmp_path):
    write_tree(tmp_path, {"a.md": NOTES})
    events: list = []
    with make_indexer(tmp_path, events) as engine:
        engine.reconcile()
        first = engine.store.document("a.md")
        plain = engine.index_paths(["a.md"])
        assert (plain.unchanged, plain.extracted) == (1, 0)
        forced = engine.index_paths(["a.md"], force=True)
        assert (forced.updated, forced.extracted) == (1, 1)
        again = engine.store.document("a.md")
        assert again.revision == first.revision + 1 and again.sha256 == first.sha256
    actions = [e.action for e in events if isinstance(e, FileIndexed) and e.path == "a.md"]
    assert actions == ["added", "updated"]


def test_manifest_has_input_extractor_chunker_and_counts(tmp_path):
    write_tree(tmp_path, {"notes.md": NOTES})
    run_index(tmp_path)
    with Store.open(db_of(tmp_path), readonly=True) as store:
        m = store.manifest("notes.md")
        doc = store.document("notes.md")
    import hashlib

    assert m["input"]["sha256"] == hashlib.sha256(NOTES.encode()).hexdigest() == doc.sha256
    assert m["input"]["bytes"] == len(NOTES.encode())
    assert m["source_type"] == "md" and m["extractor"]["id"] == "markdown"
    assert m["chunker"]["resolved_mode"] == "structural" and m["chunker"]["size_limit"] == 1200
    assert m["chunks"] == {"structural": doc.chunk_count}
    assert m["text"]["extracted_chars"] == len(NOTES)
    assert 0 < m["text"]["indexed_chars"] <= len(NOTES)
    json.dumps(m)  # JSON-ready


def test_index_run_log(tmp_path):
    write_tree(tmp_path, {"a.md": NOTES})
    run_index(tmp_path)
    run_index(tmp_path)
    conn = raw(tmp_path)
    rows = conn.execute("SELECT status, files, added, unchanged FROM index_runs ORDER BY id").fetchall()
    assert rows == [("done", 1, 1, 0), ("done", 1, 0, 1)]
    conn.close()


def test_statuses_are_the_documented_ones():
    assert set(records.STATUSES) == {"indexed", "stale", "failed", "unsupported", "queued", "indexing"}


def test_after_a_run_the_database_file_stands_alone(tmp_path):
    # the write-ahead log is folded back on close: copying index.db alone copies the whole index
    write_tree(tmp_path, {"notes.md": NOTES})
    run_index(tmp_path)
    wal = db_of(tmp_path).with_name("index.db-wal")
    assert not wal.exists() or wal.stat().st_size == 0
    copy = tmp_path / "copy.db"
    copy.write_bytes(db_of(tmp_path).read_bytes())
    with Store.open(copy, readonly=True) as store:
        assert store.document("notes.md").status == "indexed"


def test_a_file_deleted_between_the_walk_and_the_read_is_dropped_not_failed(tmp_path):
    write_tree(tmp_path, {"a.md": NOTES, "b.md": TODO})
    events: list = []

    def delete_b_on_start(event):
        events.append(event)
        if isinstance(event, ScanProgress) and event.done == 0:
            (tmp_path / "b.md").unlink()  # the walk has seen it; no worker has read it yet

    from storage.indexing import index_folder

    from .conftest import TEST_FORMATS

    index_folder(tmp_path, jobs=1, on_event=delete_b_on_start, extra_modules=(TEST_FORMATS,))
    with Store.open(db_of(tmp_path), readonly=True) as store:
        assert [d.path for d in store.documents()] == ["a.md"]
    assert not [e for e in events if isinstance(e, IndexFailed)]


def test_files_go_to_the_workers_largest_first(tmp_path):
    # one worker: results come back in the order the files were handed out
    write_tree(
        tmp_path,
        {"a.md": "# A\n\nshort\n", "b.md": "# B\n\n" + "long text " * 300, "c.md": "# C\n\n" + "mid " * 40},
    )
    events: list = []
    run_index(tmp_path, events, jobs=1)
    assert [e.path for e in events if isinstance(e, FileIndexed)] == ["b.md", "c.md", "a.md"]
    # the documents' rows are still numbered in path order (queued before extraction)
    with raw(tmp_path) as conn:
        assert conn.execute("SELECT path FROM documents ORDER BY id").fetchall() == [
            ("a.md",),
            ("b.md",),
            ("c.md",),
        ]


def test_the_report_gives_each_format_the_median_size_of_its_default_chunks(tmp_path):
    from indexer import ModeParams

    # structural chunks, sizes counted by hand: a.md "Alpha" 5, "One two three." 14;
    # b.md "Be" 2, "Four." 5; c.txt one paragraph of 40 (three sentences of 12, 15 and 11)
    write_tree(
        tmp_path,
        {
            "a.md": "# Alpha\n\nOne two three.\n",
            "b.md": "# Be\n\nFour.\n",
            "c.txt": "Hello there. General Kenobi. Again here.",
        },
    )
    run_index(tmp_path)
    with Store.open(db_of(tmp_path)) as store:
        assert [len(c.content) for c in store.chunks("a.md", "default")] == [5, 14]
        assert [len(c.content) for c in store.chunks("b.md", "default")] == [2, 5]
        assert [len(c.content) for c in store.chunks("c.txt", "default")] == [40]
        # a mode cached besides the default does not count
        one = store.chunks("c.txt", "sentence", ModeParams(sentences_per_chunk=1))
        assert [len(c.content) for c in one] == [12, 15, 11]
        formats = {f["source_type"]: f for f in store.report()["formats"]}
    assert formats["md"]["median_chunk_chars"] == 5  # of 2, 5, 5, 14 (the lower median)
    assert formats["txt"]["median_chunk_chars"] == 40


def test_a_stale_files_chunks_count_in_its_formats_median_as_in_its_chunks(tmp_path):
    write_tree(tmp_path, {"a.cst": "First paragraph about otters.\n\nSecond about beavers.\n"})
    run_index(tmp_path)
    (tmp_path / "a.cst").write_text("BROKEN now\n", encoding="utf-8")
    bump_mtime(tmp_path / "a.cst")
    run_index(tmp_path)
    with Store.open(db_of(tmp_path), readonly=True) as store:
        assert store.document("a.cst").status == "stale"
        # the last good revision's one chunk, both paragraphs on their lines: 29 + 1 + 21 characters
        assert [c.content for c in store.chunks("a.cst", "default")] == [
            "First paragraph about otters.\nSecond about beavers."
        ]
        (cst,) = store.report()["formats"]
    assert (cst["stale"], cst["chunks"], cst["median_chunk_chars"]) == (1, 1, 51)


def test_what_a_library_logs_in_the_worker_is_a_warning_of_that_document(tmp_path):
    # the .cst test format logs each LOG: paragraph through pdfminer's logger, in the worker
    write_tree(
        tmp_path,
        {
            "logged.cst": "Otters swim.\n\nLOG:CropBox missing from /Page, defaulting to MediaBox\n",
            "quiet.cst": "Beavers build.\n",
        },
    )
    run_index(tmp_path)
    with Store.open(db_of(tmp_path), readonly=True) as store:
        logged, quiet = store.load_document("logged.cst"), store.load_document("quiet.cst")
        assert logged.coverage.warnings == ("pdfminer: CropBox missing from /Page, defaulting to MediaBox",)
        assert [b.text for b in logged.blocks] == ["Otters swim."]
        assert store.document("logged.cst").has_warning
        assert quiet.coverage.warnings == () and not store.document("quiet.cst").has_warning


def test_a_file_is_reported_started_while_a_worker_reads_it_then_read_then_stored(tmp_path):
    import os

    from storage.indexing import FileRead, FileStarted, index_folder

    from ._testfmt import open_gate
    from .conftest import TEST_FORMATS

    fifo = tmp_path / "gate.fifo"
    os.mkfifo(fifo)
    root = write_tree(
        tmp_path / "folder",
        {"notes.md": NOTES, "slow.gate": f"{fifo}\n\nRead at last.\n", "broken.cst": "BROKEN on purpose"},
    )
    events: list = []
    seen_while_reading: list = []

    def on_event(event: object) -> None:
        events.append(event)
        if event == FileStarted("slow.gate"):
            # the worker waits on the FIFO inside the extractor: the file is being read now
            seen_while_reading.extend(events)
            open_gate(str(fifo))

    try:
        index_folder(root, jobs=1, on_event=on_event, extra_modules=(TEST_FORMATS,))
    finally:
        open_gate(str(fifo), wait=False)
    assert FileRead("slow.gate") not in seen_while_reading
    per_file = {
        path: [type(e).__name__ for e in events if getattr(e, "path", None) == path]
        for path in ("notes.md", "slow.gate", "broken.cst")
    }
    assert per_file == {
        "notes.md": ["FileStarted", "FileRead", "FileIndexed"],
        "slow.gate": ["FileStarted", "FileRead", "FileIndexed"],
        "broken.cst": ["FileStarted", "FileRead", "IndexFailed"],
    }
    # a second run finds every file unchanged (broken.cst failed, is unchanged too): no worker reads one
    again: list = []
    run_index(root, again, jobs=1)
    assert not [e for e in again if isinstance(e, (FileStarted, FileRead))]


def test_a_slow_file_holds_back_no_other_file_s_event(tmp_path):
    # notes.md is stored while slow.gate is still read by the other worker: its FileIndexed comes
    # then, not once the slow file's result reaches the indexer (the gate opens on that event; a
    # timer opens it after 20 s so that the test ends, and fails, where the event waits for it)
    import os
    import threading

    from storage.indexing import FileRead, index_folder

    from ._testfmt import open_gate
    from .conftest import TEST_FORMATS

    fifo = tmp_path / "gate.fifo"
    os.mkfifo(fifo)
    root = write_tree(tmp_path / "folder", {"notes.md": NOTES, "slow.gate": f"{fifo}\n\nRead at last.\n"})
    events: list = []

    def on_event(event: object) -> None:
        events.append(event)
        if isinstance(event, FileIndexed) and event.path == "notes.md":
            threading.Thread(target=open_gate, args=(str(fifo),), daemon=True).start()

    timer = threading.Timer(20.0, open_gate, args=(str(fifo),), kwargs={"wait": False})
    timer.start()
    try:
        index_folder(root, jobs=2, on_event=on_event, extra_modules=(TEST_FORMATS,))
    finally:
        timer.cancel()
        open_gate(str(fifo), wait=False)
    order = [(type(e).__name__, e.path) for e in events if isinstance(e, (FileIndexed, FileRead)) and e.path]
    assert order.index(("FileIndexed", "notes.md")) < order.index(("FileRead", "slow.gate")), order
    assert ("FileIndexed", "slow.gate") in order
