"""Compacting an index (``chunkscope compact``, and once after migrations that leave much of the
file unused): the file shrinks, every chunk and search result reads back the same, and nothing
runs while another process has the index open."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from storage import migrations
from storage.compact import COMPACT_AFTER_MIGRATION, compact, measure
from storage.db import PAGE_SIZE, connect, database
from storage.errors import IndexBusy, NotAnIndex
from storage.store import Store
from tests.conftest import ROOT
from tui.present import human_bytes

from .conftest import run_index, write_tree
from .test_cli import cli
from .test_shared_metadata import _old_index

WORDS = ("kelp", "barnacle", "limpet", "anemone", "urchin")


#: the conversions an index written before 0014 goes through to this version
SINCE_0014 = ["0014_shared_chunk_metadata", "0015_extractor_versions"]


def survey(k: int) -> str:
    """A Markdown file of its own words: ``site{k}`` is in file ``k`` alone."""
    sections = [
        f"## Pool {i}\n\nAt site{k} pool {i} held {WORDS[i % 5]} and {WORDS[(i + k) % 5]}, "
        f"counted {i * k} times over the morning tide, with notes on the water and the rocks.\n"
        for i in range(60)
    ]
    return f"# Survey {k}\n\n" + "\n".join(sections)


def space(path: Path) -> tuple[int, int]:
    conn = sqlite3.connect(path)
    try:
        return (
            conn.execute("PRAGMA page_count").fetchone()[0] * conn.execute("PRAGMA page_size").fetchone()[0],
            conn.execute("PRAGMA freelist_count").fetchone()[0],
        )
    finally:
        conn.close()


def check_integrity(path: Path) -> None:
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        conn.execute("INSERT INTO chunks_fts (chunks_fts, rank) VALUES ('integrity-check', 1)")
    finally:
        conn.close()


def everything(path: Path, modes: dict[str, str], queries: tuple[str, ...]) -> tuple[dict, dict]:
    """Every chunk of ``modes`` (path → mode) and every hit of ``queries``, as read back."""
    with Store.open(path, readonly=True) as store:
        chunks = {
            rel: [(c.id, c.ordinal, c.content, c.content_type, c.metadata) for c in store.chunks(rel, mode)]
            for rel, mode in modes.items()
        }
        hits = {
            q: [(h.path, h.chunk_id, h.snippet, h.metadata, h.rank) for h in store.search(q, limit=500)]
            for q in queries
        }
    return chunks, hits


def indexed_then_thinned(tmp_path: Path) -> tuple[Path, Path]:
    """A folder of 40 surveys indexed, then 30 of them deleted and the folder indexed again: the
    pages their rows took are free pages of the file."""
    folder = write_tree(tmp_path / "corpus", {f"surveys/s{k:02d}.md": survey(k) for k in range(40)})
    run_index(folder)
    for k in range(10, 40):
        (folder / "surveys" / f"s{k:02d}.md").unlink()
    assert run_index(folder).removed == 30
    return folder, folder / ".chunkscope" / "index.db"


def test_compact_gives_back_the_pages_of_deleted_files_and_every_result_reads_back_the_same(tmp_path):
    folder, db = indexed_then_thinned(tmp_path)
    size, free = space(db)
    assert free > 10
    kept = {f"surveys/s{k:02d}.md": "default" for k in range(10)}
    queries = (*WORDS, "site7", "pool 12", "tide rocks")
    before = everything(db, kept, queries)

    proc = cli("compact", folder, "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    after_size, after_free = space(db)
    assert (out["bytes_before"], out["free_pages_before"]) == (size, free)
    assert out["bytes_after"] == after_size == db.stat().st_size and after_free == 0
    assert size - after_size >= free * PAGE_SIZE  # the free pages at least, and the room inside pages
    assert out["refused"] is None and out["seconds"] >= 0
    check_integrity(db)

    after = everything(db, kept, queries)
    assert after == before
    chunks, hits = after
    # site7 is written in s07.md alone, once in each of its 60 sections
    assert {h[0] for h in hits["site7"]} == {"surveys/s07.md"} and len(hits["site7"]) == 60
    assert sum(len(c) for c in chunks.values()) >= 10 * 60


def test_compact_says_how_much_it_gave_back(tmp_path):
    folder, db = indexed_then_thinned(tmp_path)
    size, _ = space(db)
    proc = cli("compact", "--db", db)
    assert proc.returncode == 0, proc.stderr
    after, _ = space(db)
    # the sizes in the app's units (tui.present.human_bytes), the time in ms under 10 s
    assert proc.stdout.startswith(f"Compacted {db}: {human_bytes(size)} -> {human_bytes(after)} (")
    assert " in " in proc.stdout and proc.stdout.rstrip().endswith((" ms", " s"))


def given_back(db: Path) -> tuple[int, int]:
    """What :func:`measure` expects ``VACUUM`` to give back, and what a compaction then gave."""
    conn = connect(db)
    try:
        expected = measure(conn).reclaimable
    finally:
        conn.close()
    done = compact(db)
    return expected, done.bytes_before - done.bytes_after


def test_the_room_measured_is_the_room_a_compaction_gives_back(tmp_path, sample_corpus):
    # the sample corpus's small tables keep their pages, however empty, when written again: a
    # measure counting their empty room (a fifth of the 1.2 MB file) called for a compaction
    # that gave nothing back
    db = tmp_path / "sample.db"
    run_index(sample_corpus, db_path=db)
    assert given_back(db) == (0, 0)
    # pages freed by deleted files, and room left inside the pages of rewritten rows (0014)
    _, thinned = indexed_then_thinned(tmp_path / "thinned")
    expected, gained = given_back(thinned)
    assert gained > 20 * PAGE_SIZE and abs(expected - gained) <= 2 * PAGE_SIZE
    folder = tmp_path / "log"
    big_log(folder)
    converted = tmp_path / "converted.db"
    _old_index(converted, folder, [("log.csv", "row")])
    conn = connect(converted)
    try:
        migrations.migrate(database(conn), str(converted))
    finally:
        conn.close()
    expected, gained = given_back(converted)
    assert gained > 3 * PAGE_SIZE and abs(expected - gained) <= 2 * PAGE_SIZE


def test_compact_refuses_while_another_process_has_the_index_open(tmp_path):
    folder, db = indexed_then_thinned(tmp_path)
    size, free = space(db)
    writer = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys\nfrom storage.store import Store\n"
            f"store = Store.open({str(db)!r})\nprint('open', flush=True)\nsys.stdin.read()\nstore.close()\n",
        ],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert writer.stdout.readline().strip() == "open"
        proc = cli("compact", folder)
        assert proc.returncode == 2
        assert f"{db} is open in another process" in proc.stderr and "Traceback" not in proc.stderr
        assert space(db) == (size, free)
        assert space(db) == (size, free)
    finally:
        writer.stdin.close()
        writer.wait(timeout=30)
    assert writer.returncode == 0
    # the refusal left no lock behind: a writer and a compaction run as usual once it is closed
    with Store.open(db) as store:
        store.writer.call(lambda d: d.execute("INSERT OR REPLACE INTO settings VALUES ('probe', '1')"))
    done = compact(db, wait=0.1)
    assert done.bytes_after < size and space(db)[1] == 0


def test_compact_refused_by_a_store_of_this_process_says_so(tmp_path):
    folder, db = indexed_then_thinned(tmp_path)
    size, free = space(db)
    for readonly in (True, False):
        with Store.open(db, readonly=readonly) as store:
            assert len(store.documents()) == 10  # its reading connection holds the file open
            with Store.open(db) as second:  # a second Store, writing, on the same file
                second.writer.call(
                    lambda d: d.execute("INSERT OR REPLACE INTO settings VALUES ('probe', '1')")
                )
                with pytest.raises(IndexBusy) as refused:
                    compact(db, wait=0.1)
            assert str(refused.value) == (
                f"{db} is open in this process (a Store not closed yet): "
                "`chunkscope compact` can run once it is closed"
            )
            # one Store left open is enough to refuse, and it is still named
            with pytest.raises(IndexBusy, match="is open in this process"):
                compact(db, wait=0.1)
        assert space(db) == (size, free)
    # once every Store is closed (and the connections the refusals opened with them) nothing holds it
    assert compact(db, wait=0.1).bytes_after < size


def test_compact_errors_clearly_on_a_missing_or_foreign_index(tmp_path):
    missing = tmp_path / "nowhere" / "index.db"
    proc = cli("compact", "--db", missing)
    assert proc.returncode == 2 and proc.stderr.startswith(f"chunkscope: error: no index at {missing}; ")
    folder = write_tree(tmp_path / "plain", {"a.md": "# A\n\ntext\n"})
    proc = cli("compact", folder)
    assert proc.returncode == 2 and f"{folder} is not indexed" in proc.stderr
    with pytest.raises(NotAnIndex, match="No index at"):
        compact(missing)
    assert not missing.exists() and not missing.parent.exists()  # nothing created
    foreign = tmp_path / "notes.db"
    foreign.write_text("not a database\n" * 100)
    proc = cli("compact", "--db", foreign)
    assert proc.returncode == 2 and f"{foreign} is not a chunkscope index" in proc.stderr
    assert foreign.read_text() == "not a database\n" * 100


#: ``chunkscope compact --db PATH`` run as a user who may not write the file or its folder: root
#: may write any file, so as root the command drops to ``nobody`` once everything it uses is
#: imported (the interpreter's own files are under root's private home)
AS_NOBODY = """
import os, sys
import rich.console, storage.compact, tui.cli, tui.commands.compact, tui.commands.index
parser = tui.cli.build_parser()
if os.geteuid() == 0:
    os.setgid(65534)
    os.setuid(65534)
sys.exit(tui.cli.main(["compact", "--db", sys.argv[1]]))
"""


@pytest.mark.parametrize("folder_mode, file_mode", [(0o777, 0o444), (0o555, 0o666)], ids=["file", "folder"])
def test_compact_refuses_an_index_it_may_not_write_and_leaves_it_as_it_was(
    tmp_path, sample_corpus, folder_mode, file_mode
):
    with tempfile.TemporaryDirectory() as tmp:  # not under tmp_path, which only root may enter
        folder = Path(tmp) / "ro"
        folder.mkdir()
        db = folder / "index.db"
        run_index(sample_corpus, db_path=db)
        for leftover in folder.glob("index.db-*"):
            leftover.unlink()
        before = db.read_bytes()
        os.chmod(tmp, 0o755)
        db.chmod(file_mode)
        folder.chmod(folder_mode)
        try:
            proc = subprocess.run(
                [sys.executable, "-c", AS_NOBODY, str(db)],
                cwd=ROOT,
                env=dict(os.environ, PYTHONPATH=str(ROOT)),
                capture_output=True,
                text=True,
            )
        finally:
            folder.chmod(0o755)
        assert (proc.returncode, proc.stderr.strip()) == (
            2,
            f"chunkscope: error: {db} cannot be written (read-only file or folder): it cannot be compacted",
        )
        assert db.read_bytes() == before and sorted(p.name for p in folder.iterdir()) == ["index.db"]


def big_log(folder: Path, rows: int = 2000) -> None:
    """A CSV whose row chunks (three rows each) repeated the header and the settings in each
    chunk's metadata until 0014 stored them once per chunk set."""
    header = (
        "station,sampled_on,water_temperature_celsius,dissolved_oxygen_mg_per_litre,turbidity_ntu,observer\n"
    )
    lines = [
        f"Station {i % 7},2024-03-{i % 28 + 1:02d},{10 + i % 9}.{i % 10},{7 + i % 3}.{i % 10},{i % 40},Observer {i % 5}\n"
        for i in range(rows)
    ]
    write_tree(folder, {"log.csv": header + "".join(lines)})


def test_an_index_converted_by_0014_is_compacted_when_opened_and_reads_back_the_same(tmp_path):
    folder = tmp_path / "corpus"
    big_log(folder)
    db = tmp_path / "index.db"
    _old_index(db, folder, [("log.csv", "row")])
    queries = ("Station", "Observer 3", "2024")
    before = everything(db, {"log.csv": "row"}, queries)  # read-only: not migrated
    size, _ = space(db)
    assert len(before[0]["log.csv"]) == 667  # 2000 rows, three to a chunk

    with Store.open(db) as store:
        assert store.writer.migrated == SINCE_0014
        done = store.writer.compaction
        assert done is not None and not done.refused
        assert done.space.share >= COMPACT_AFTER_MIGRATION
        assert done.bytes_before >= size and done.bytes_after < size
    assert space(db) == (done.bytes_after, 0) and db.stat().st_size == done.bytes_after
    check_integrity(db)
    assert everything(db, {"log.csv": "row"}, queries) == before
    # the same conversion without the compaction: the file keeps every page
    plain = tmp_path / "plain.db"
    _old_index(plain, folder, [("log.csv", "row")])
    conn = connect(plain)
    assert migrations.migrate(database(conn), str(plain)) == SINCE_0014
    conn.close()
    assert space(plain)[0] >= size > done.bytes_after


def test_index_says_the_index_was_converted_and_compacted(tmp_path):
    folder = tmp_path / "corpus"
    big_log(folder)
    db = tmp_path / "index.db"
    _old_index(db, folder, [("log.csv", "row")])
    proc = cli("index", folder, "--db", db, "--jobs", "1")
    assert proc.returncode == 0, proc.stderr
    assert f"the index was converted for this version of chunkscope ({', '.join(SINCE_0014)})" in proc.stdout
    assert f"Compacted {db}: " in proc.stdout
    # a new index is not said to be converted, nor compacted
    proc = cli("index", folder, "--db", tmp_path / "new.db", "--jobs", "1", "--json")
    out = json.loads(proc.stdout)
    assert (out["migrated"], out["compaction"]) == ([], None)


def test_a_conversion_that_leaves_little_unused_is_not_followed_by_a_compaction(tmp_path, sample_corpus):
    db = tmp_path / "index.db"
    _old_index(db, sample_corpus, [("text/data/harvest_log.csv", "row"), ("pdf/report.pdf", "page_aware")])
    size = space(db)
    with Store.open(db) as store:
        assert store.writer.migrated == SINCE_0014
        assert store.writer.compaction is None  # every table in its one page: nothing to give back
    assert space(db) == size


def test_a_conversion_while_another_connection_has_the_index_open_is_not_compacted_until_asked(tmp_path):
    folder = tmp_path / "corpus"
    big_log(folder)
    db = tmp_path / "index.db"
    _old_index(db, folder, [("log.csv", "row")])
    before = everything(db, {"log.csv": "row"}, ("Station",))
    with Store.open(db, readonly=True) as reader:
        assert len(reader.documents()) == 1  # this connection holds the file open
        with Store.open(db) as store:
            done = store.writer.compaction
            # the reader is this process's: the reason says so
            assert (
                done is not None and f"{db} is open in this process (a Store not closed yet)" in done.refused
            )
            assert done.bytes_after == done.bytes_before
            assert store.writer.migrated == SINCE_0014
        assert reader.chunks("log.csv", "row")  # the reader reads on, the converted rows
    size, _ = space(db)
    assert size == done.bytes_before
    assert everything(db, {"log.csv": "row"}, ("Station",)) == before
    assert compact(db).bytes_after < size
    assert everything(db, {"log.csv": "row"}, ("Station",)) == before
