"""The index follows the folder: real watchdog events on a real temp folder, a real SQLite file.

Every test waits on a condition with a time-out (never a fixed sleep) and ends by checking that the
database equals the folder: every file on disk has a row whose digest matches its bytes, and no row
names a file that is not there.
"""

from __future__ import annotations

import errno
import hashlib
import os
import random
import shutil
import threading
import time
import warnings
from collections import Counter
from pathlib import Path

import pytest

from storage import records
from storage.indexing import (
    FileIndexed,
    FileRead,
    FileRemoved,
    FileStarted,
    Indexer,
    IndexFailed,
    ScanProgress,
)
from storage.sync import BatchApplied, SyncEvent, SyncLoop, WatcherState
from storage.walk import walk
from storage.watch import Batch, Debouncer, Watcher

from ._testfmt import gated_folder, open_gate
from .conftest import TEST_FORMATS, bump_mtime, read_steps

TIMEOUT = 30.0


def wait_until(predicate, timeout: float = TIMEOUT, what: str = "condition"):
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        last = predicate()
        if last:
            return last
        time.sleep(0.05)
    raise AssertionError(f"timed out after {timeout:.0f}s waiting for {what} (last: {last!r})")


def folder_state(root: Path) -> dict[str, str]:
    return {f.path: hashlib.sha256((root / f.path).read_bytes()).hexdigest() for f in walk(root)}


def db_state(indexer: Indexer) -> dict[str, str]:
    return {path: row[2] for path, row in indexer.store.stats().items()}


def db_equals_folder(indexer: Indexer, root: Path) -> bool:
    return db_state(indexer) == folder_state(root)


class Harness:
    """An Indexer + SyncLoop on a temp folder, recording every event."""

    def __init__(
        self,
        root: Path,
        *,
        poll: bool = False,
        observer_factory=None,
        extra_modules: tuple[str, ...] = (),
        loop: type[SyncLoop] = SyncLoop,
    ) -> None:
        self.root = root
        self.events: list[object] = []
        self.lock = threading.Lock()
        self.indexer = Indexer(
            root, root / ".chunkscope" / "index.db", jobs=1, on_event=self.record, extra_modules=extra_modules
        )
        self.loop = loop(
            root,
            self.indexer,
            poll=poll,
            quiet=0.3,
            cap=2.0,
            on_event=self.record,
            observer_factory=observer_factory,
        )

    def record(self, event: object) -> None:
        with self.lock:
            self.events.append(event)

    def of(self, kind: type) -> list:
        with self.lock:
            return [e for e in self.events if isinstance(e, kind)]

    def extractions(self, path: str) -> int:
        """How many times ``path`` went through an extractor (added or updated, or failed)."""
        indexed = [e for e in self.of(FileIndexed) if e.path == path and e.action in ("added", "updated")]
        failed = [e for e in self.of(IndexFailed) if e.path == path]
        return len(indexed) + len(failed)

    def count_handed(self) -> list[str]:
        """The paths the loop hands to ``Indexer.index_paths`` from now on, in order (a path
        handed twice is there twice); ``self.calls`` gets the paths of each call."""
        handed: list[str] = []
        self.calls: list[list[str]] = []
        index_paths = self.indexer.index_paths

        def counting(paths, *args, **kwargs):
            paths = list(paths)
            handed.extend(paths)
            self.calls.append(paths)
            return index_paths(paths, *args, **kwargs)

        self.indexer.index_paths = counting
        return handed

    def settle(self, what: str = "the database to equal the folder") -> None:
        wait_until(lambda: self.loop.wait_idle(0.2) and db_equals_folder(self.indexer, self.root), what=what)

    def chunks_text(self, path: str) -> str:
        return "\n".join(c.content for c in self.indexer.store.chunks(path))

    def close(self) -> None:
        self.loop.stop()
        self.indexer.close()


@pytest.fixture
def harness(tmp_path):
    root = tmp_path / "folder"
    root.mkdir()
    (root / "seed.md").write_text("# Seed\n\nIndexed before watching started.\n")
    h = Harness(root)
    h.loop.start()
    h.settle("the start-up reconciliation")
    yield h
    h.close()


def test_reconciliation_at_start_picks_up_what_changed_while_nothing_watched(tmp_path):
    root = tmp_path / "folder"
    root.mkdir()
    (root / "a.md").write_text("# A\n\nfirst version\n")
    (root / "b.md").write_text("# B\n\nwill be deleted\n")
    first = Harness(root)
    first.indexer.reconcile()
    first.indexer.close()
    # changes while nothing watches
    (root / "a.md").write_text("# A\n\nsecond version\n")
    (root / "b.md").unlink()
    (root / "c.md").write_text("# C\n\nnew file\n")
    h = Harness(root)
    h.loop.start()
    try:
        h.settle()
        assert "second version" in h.chunks_text("a.md")
        assert sorted(db_state(h.indexer)) == ["a.md", "c.md"]
    finally:
        h.close()


def test_create_and_modify(harness):
    root = harness.root
    (root / "notes.md").write_text("# Notes\n\nThe heron waits by the weir.\n")
    harness.settle()
    assert "heron" in harness.chunks_text("notes.md")
    (root / "notes.md").write_text("# Notes\n\nThe kingfisher dives at dawn.\n")
    wait_until(lambda: "kingfisher" in harness.chunks_text("notes.md"), what="the modified content")
    harness.settle()
    assert "heron" not in harness.chunks_text("notes.md")


def test_vim_style_save_is_one_update_of_the_same_document(harness):
    root = harness.root
    target = root / "x.md"
    target.write_text("# X\n\nversion one\n")
    harness.settle()
    doc_id = harness.indexer.store.document("x.md").id
    # vim with backup: swap file, original renamed to x.md~, new x.md written, backup removed
    (root / ".x.md.swp").write_bytes(b"\x00swap")
    os.rename(target, root / "x.md~")
    target.write_text("# X\n\nversion two\n")
    (root / "x.md~").unlink()
    (root / ".x.md.swp").unlink()
    wait_until(lambda: "version two" in harness.chunks_text("x.md"), what="the saved content")
    harness.settle()
    assert harness.indexer.store.document("x.md").id == doc_id  # updated in place, not re-created
    assert sorted(db_state(harness.indexer)) == ["seed.md", "x.md"]  # no x.md~ or swap row, ever
    assert not [e for e in harness.of(FileIndexed) if e.path in ("x.md~", ".x.md.swp")]


def test_atomic_save_by_rename_over_the_original(harness):
    root = harness.root
    (root / "y.md").write_text("# Y\n\nold text\n")
    harness.settle()
    tmp = root / "y.md.tmp"
    tmp.write_text("# Y\n\nnew text written to a temp file\n")
    os.replace(tmp, root / "y.md")
    wait_until(lambda: "temp file" in harness.chunks_text("y.md"), what="the renamed-over content")
    harness.settle()


def test_a_burst_of_200_writes_is_one_or_two_extractions(harness):
    target = harness.root / "burst.md"
    started = time.monotonic()
    for i in range(200):
        target.write_text(f"# Burst\n\nwrite number {i}\n")
        time.sleep(0.004)  # pace the writes over about one second
    elapsed = time.monotonic() - started
    wait_until(lambda: "write number 199" in harness.chunks_text("burst.md"), what="the last write")
    harness.settle()
    assert elapsed < 3.0
    assert 1 <= harness.extractions("burst.md") <= 2, harness.extractions("burst.md")
    coalesced = [e for e in harness.of(SyncEvent) if e.path == "burst.md"]
    assert sum(e.events for e in coalesced) >= 100  # the log shows the coalescing


def test_folder_renamed_moves_rows_without_re_extraction(harness):
    root = harness.root
    (root / "docs").mkdir()
    for name in ("one.md", "two.md"):
        (root / "docs" / name).write_text(f"# {name}\n\ncontent of {name}\n")
    harness.settle()
    before = Counter(e.path for e in harness.of(FileIndexed) if e.action in ("added", "updated"))
    os.rename(root / "docs", root / "papers")
    harness.settle()
    assert {"papers/one.md", "papers/two.md"} <= set(db_state(harness.indexer))
    after = Counter(e.path for e in harness.of(FileIndexed) if e.action in ("added", "updated"))
    assert after["papers/one.md"] == 0 and after["papers/two.md"] == 0, after - before
    assert {e.path for e in harness.of(FileIndexed) if e.action == "renamed"} >= {
        "papers/one.md",
        "papers/two.md",
    }


def test_folder_moved_out_of_the_tree_drops_its_documents(harness, tmp_path):
    root = harness.root
    (root / "outgoing").mkdir()
    (root / "outgoing" / "a.md").write_text("# A\n\nleaving\n")
    (root / "outgoing" / "sub").mkdir()
    (root / "outgoing" / "sub" / "b.md").write_text("# B\n\nleaving too\n")
    harness.settle()
    assert "outgoing/sub/b.md" in db_state(harness.indexer)
    shutil.move(str(root / "outgoing"), str(tmp_path / "elsewhere"))
    harness.settle()
    assert not [p for p in db_state(harness.indexer) if p.startswith("outgoing/")]


def test_folder_moved_into_the_tree_is_indexed(harness, tmp_path):
    outside = tmp_path / "incoming"
    (outside / "deep").mkdir(parents=True)
    (outside / "deep" / "c.md").write_text("# C\n\narriving\n")
    shutil.move(str(outside), str(harness.root / "incoming"))
    harness.settle()
    assert "incoming/deep/c.md" in db_state(harness.indexer)


def test_delete(harness):
    (harness.root / "gone.md").write_text("# Gone\n\nsoon\n")
    harness.settle()
    (harness.root / "gone.md").unlink()
    harness.settle()
    assert "gone.md" not in db_state(harness.indexer)


def test_a_file_replaced_by_a_directory_of_the_same_name(harness):
    root = harness.root
    (root / "thing").write_text("plain text file called thing\n")
    harness.settle()
    assert "thing" in db_state(harness.indexer)
    (root / "thing").unlink()
    (root / "thing").mkdir()
    (root / "thing" / "inside.md").write_text("# Inside\n\nnow a folder\n")
    harness.settle()
    assert "thing" not in db_state(harness.indexer)
    assert "thing/inside.md" in db_state(harness.indexer)


def test_a_file_that_fails_to_parse_and_is_then_fixed(harness):
    docx = pytest.importorskip("docx")
    root = harness.root
    (root / "report.docx").write_bytes(b"PK\x03\x04 this is not really a word document")
    wait_until(
        lambda: (
            harness.indexer.store.document("report.docx") is not None
            and harness.indexer.store.document("report.docx").status == "failed"
        ),
        what="the failure",
    )
    row = harness.indexer.store.document("report.docx")
    assert row.error_code == "PARSE_ERROR" and row.error_message
    fixed = docx.Document()
    fixed.add_heading("Quarterly report", 1)
    fixed.add_paragraph("The repaired document now parses.")
    tmp = root / "report.docx.tmp"
    fixed.save(tmp)
    os.replace(tmp, root / "report.docx")
    wait_until(lambda: harness.indexer.store.document("report.docx").status == "indexed", what="the fix")
    harness.settle()
    assert "repaired document" in harness.chunks_text("report.docx")
    assert harness.indexer.store.document("report.docx").error_code is None


def test_ignore_rules_apply_to_events(harness):
    root = harness.root
    (root / ".chunkscopeignore").write_text("drafts/\n*.log\n")
    wait_until(lambda: harness.loop.rules.ignored("drafts/x.md", False), what="the ignore rules reload")
    (root / "drafts").mkdir()
    (root / "drafts" / "x.md").write_text("# draft\n")
    (root / "run.log").write_text("noise\n")
    (root / "kept.md").write_text("# kept\n")
    harness.settle()
    assert set(db_state(harness.indexer)) == {"seed.md", "kept.md"}


@pytest.mark.slow
def test_storm_of_2000_operations_across_200_files(tmp_path):
    root = tmp_path / "storm"
    root.mkdir()
    h = Harness(root)
    h.loop.start()
    try:
        h.settle("the empty start")
        rng = random.Random(20261129)
        names = [f"d{i % 10}/f{i:03d}.md" for i in range(200)]
        for d in range(10):
            (root / f"d{d}").mkdir()
        started = time.monotonic()
        for op in range(2000):
            name = rng.choice(names)
            path = root / name
            roll = rng.random()
            if roll < 0.6 or not path.exists():
                path.write_text(f"# {name}\n\noperation {op} wrote this paragraph about {name}.\n")
            elif roll < 0.8:
                path.unlink()
            else:
                other = root / rng.choice(names)
                if not other.exists():
                    os.rename(path, other)
                else:
                    path.write_text(f"# {name}\n\nrewritten at {op}\n")
            # ~10 s in all: pace by wall clock so a slow machine does not stretch it
            behind = started + (op + 1) * 0.005 - time.monotonic()
            if behind > 0:
                time.sleep(behind)
        wait_until(
            lambda: h.loop.wait_idle(0.5) and db_equals_folder(h.indexer, root),
            timeout=90,
            what="the database to equal the folder after the storm",
        )
        batches = h.of(BatchApplied)
        raw = sum(b.events for b in batches)
        changes = sum(b.changes for b in batches)
        print(f"storm: {raw} file-system events became {changes} changes in {len(batches)} batches")
        assert raw > changes  # bursts were coalesced
        assert len(folder_state(root)) == len(db_state(h.indexer))
    finally:
        h.close()


def test_forced_polling_follows_the_folder(tmp_path):
    root = tmp_path / "polled"
    root.mkdir()
    h = Harness(root, poll=True)
    h.loop.start()
    try:
        assert h.loop.state == "polling"
        (root / "p.md").write_text("# P\n\npolled content\n")
        h.settle()
        (root / "p.md").write_text("# P\n\nchanged while polling\n")
        wait_until(lambda: "changed while polling" in h.chunks_text("p.md"), what="the polled change")
        (root / "p.md").unlink()
        h.settle()
        assert db_state(h.indexer) == {}
    finally:
        h.close()


def test_native_observer_failing_at_start_falls_back_to_polling(tmp_path):
    class Exhausted:
        def schedule(self, *args, **kwargs):
            raise OSError(errno.ENOSPC, "inotify watch limit reached")

    root = tmp_path / "exhausted"
    root.mkdir()
    h = Harness(root, observer_factory=Exhausted)
    h.loop.start()
    try:
        assert h.loop.state == "polling"
        assert "inotify watch limit" in h.loop.watcher.fallback_reason
        assert [e.state for e in h.of(WatcherState)][-1] == "polling"
        (root / "q.md").write_text("# Q\n\nseen by the polling observer\n")
        h.settle()
    finally:
        h.close()


def test_native_observer_dying_at_run_time_falls_back_to_polling(tmp_path):
    root = tmp_path / "dying"
    root.mkdir()
    h = Harness(root)
    h.loop.start()
    try:
        h.settle("the empty start")
        assert h.loop.state == "native"
        # what watchdog does on ENOSPC while adding a watch for a new folder: its emitter thread ends
        for emitter in list(h.loop.watcher.observer.emitters):
            emitter.stop()
            emitter.join(timeout=5)
        (root / "after.md").write_text("# After\n\nwritten after the native observer died\n")
        wait_until(lambda: h.loop.state == "polling", what="the switch to polling")
        h.settle()
        assert "after.md" in db_state(h.indexer)
    finally:
        h.close()


@pytest.mark.parametrize("poll", [False, True], ids=["native", "polling"])
def test_a_file_added_to_a_big_folder_does_not_re_check_the_folder(tmp_path, poll):
    # adding or saving one file also reports its folder as modified; that must not send every
    # file of the folder through the indexer again
    root = tmp_path / "big-folder"
    (root / "archive").mkdir(parents=True)
    for i in range(300):
        (root / "archive" / f"note{i:03d}.txt").write_text(f"note number {i}\n")
    h = Harness(root, poll=poll)
    checked = h.count_handed()
    h.loop.start()
    try:
        h.settle("the start-up reconciliation")
        assert len(db_state(h.indexer)) == 300
        checked.clear()
        seen = len(h.of(SyncEvent))
        (root / "archive" / "added.txt").write_text("the one new note\n")
        h.settle("the added file")
        (root / "archive" / "note007.txt").write_text("note number 7, revised\n")
        wait_until(lambda: "revised" in h.chunks_text("archive/note007.txt"), what="the saved file")
        h.settle()
        assert set(checked) == {"archive/added.txt", "archive/note007.txt"}, len(checked)
        assert len(checked) <= 4  # each file once, or twice when its events straddle two batches
        events = h.of(SyncEvent)[seen:]
        assert {e.path for e in events} == {"archive/added.txt", "archive/note007.txt"}
        assert {e.action for e in events} == {"upsert"}
    finally:
        h.close()


def test_a_folder_copied_into_a_watched_folder_is_indexed_whole_and_deleting_it_drops_it(harness, tmp_path):
    root = harness.root
    (root / "archive").mkdir()
    (root / "archive" / "old.md").write_text("# Old\n\nalready here\n")
    harness.settle()
    source = tmp_path / "batch"
    (source / "inner").mkdir(parents=True)
    for i in range(20):
        (source / "inner" / f"n{i:02d}.md").write_text(f"# N{i}\n\ncopied note {i}\n")
    shutil.copytree(source, root / "archive" / "batch")
    harness.settle()
    assert sum(p.startswith("archive/batch/inner/") for p in db_state(harness.indexer)) == 20
    shutil.rmtree(root / "archive" / "batch")
    harness.settle()
    assert sorted(db_state(harness.indexer)) == ["archive/old.md", "seed.md"]


def test_a_folder_and_its_files_in_one_batch_check_each_file_once(tmp_path):
    # watchdog reports a folder moved in as the folder created plus one event per file inside it
    root = tmp_path / "folder"
    (root / "incoming" / "deep").mkdir(parents=True)
    names = ["incoming/a.md", "incoming/deep/b.md", "incoming/deep/c.md"]
    for name in names:
        (root / name).write_text(f"# {name}\n\narrived with its folder\n")
    h = Harness(root)
    try:
        h.loop.apply(Batch(("incoming", *names), events=4))
        upserts = [e.path for e in h.of(SyncEvent) if e.action == "upsert"]
        assert sorted(upserts) == names  # once each, not once for the walk and once for the hint
        assert [e.changes for e in h.of(BatchApplied)] == [4]  # the tree and its three files
        assert db_equals_folder(h.indexer, root)
    finally:
        h.close()


def test_a_folder_renamed_moves_its_own_rows_reading_no_others(tmp_path):
    # '%' and '_' in the folder's name, and neighbours that share its first characters
    files = ["a_b/one.md", "a_b/deep/two.md", "a%b/three.md", "aXb/four.md", "a_b2/five.md", "ab/six.md"]

    def rename_in(stored: int) -> int:
        root = tmp_path / f"stored-{stored}"
        for name in files:
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_text(f"# {name}\n\nthe note {name}\n")
        h = Harness(root)
        try:
            h.indexer.reconcile()
            others = [(f"archive/note-{i:05d}.md", 10, 0) for i in range(stored - len(files))]
            h.indexer.store.writer.call(lambda d: records.queue_documents(d, others))
            before = db_state(h.indexer)
            assert len(before) == stored
            os.rename(root / "a_b", root / "moved")
            steps = read_steps(
                h.indexer, lambda: h.loop.apply(Batch(("a_b", "moved"), (("a_b", "moved"),), events=1))
            )
            moved = {"a_b/one.md": "moved/one.md", "a_b/deep/two.md": "moved/deep/two.md"}
            assert db_state(h.indexer) == {moved.get(path, path): row for path, row in before.items()}
            assert {(e.path, e.action) for e in h.of(FileIndexed) if e.path.startswith("moved/")} == {
                ("moved/one.md", "renamed"),
                ("moved/deep/two.md", "renamed"),
            }
        finally:
            h.close()
        return steps

    few, many = rename_in(20), rename_in(2000)
    # every stored path read to find the folder's took (297, 18117) steps with 20 and 2,000
    # stored; the folder's rows looked up in the index on path, 133 with either
    assert many == few, (few, many)


def test_files_a_batch_indexed_are_not_handed_over_again_in_the_next_unless_changed(tmp_path):
    # a folder moved in: its own event walks it; its files' events come a batch later
    root = tmp_path / "folder"
    names = ["incoming/a.md", "incoming/b.md", "incoming/c.md"]
    for name in names:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(f"# {name}\n\narrived with its folder\n")
    h = Harness(root)
    checked = h.count_handed()
    try:
        h.loop.apply(Batch(("incoming",), events=1))
        assert checked == ["incoming", *names]  # the folder (no document of that name), its files
        checked.clear()
        # b.md saved after it was read: as long as before, a later mtime
        b = root / "incoming/b.md"
        b.write_text("# incoming/b.md\n\nsaved again, reread\n")
        bump_mtime(b)
        h.loop.apply(Batch(tuple(names), events=3))
        assert checked == ["incoming/b.md"]
        assert "saved again, reread" in h.chunks_text("incoming/b.md")
        # c.md gone in one batch and back, bytes and mtime as they were, in the next: stored again
        c = root / "incoming/c.md"
        data, st = c.read_bytes(), c.stat()
        c.unlink()
        h.loop.apply(Batch(("incoming/c.md",), events=1))
        assert "incoming/c.md" not in db_state(h.indexer)
        c.write_bytes(data)
        os.utime(c, ns=(st.st_atime_ns, st.st_mtime_ns))
        checked.clear()
        h.loop.apply(Batch(("incoming/c.md",), events=1))
        assert checked == ["incoming/c.md"]
        assert db_equals_folder(h.indexer, root)
    finally:
        h.close()


def test_a_folder_moved_in_has_each_file_checked_once_and_one_edited_after_its_read_read_again(tmp_path):
    root = tmp_path / "folder"
    root.mkdir()
    outside = tmp_path / "outside"
    names = [f"incoming/n{i:03d}.md" for i in range(200)]
    for i, name in enumerate(names):
        (outside / name).parent.mkdir(parents=True, exist_ok=True)
        (outside / name).write_text(f"# Note {i}\n\nmoved in with its folder\n")
    edited = "incoming/n100.md"
    h = Harness(root)
    checked = h.count_handed()

    def edit_once_stored(event: object) -> None:
        h.record(event)
        if isinstance(event, FileIndexed) and event.path == edited and event.action == "added":
            (root / edited).write_text("# Note 100\n\nedited once it was stored\n")

    h.indexer.on_event = edit_once_stored
    h.loop.start()
    try:
        h.settle("the start-up reconciliation")
        os.rename(outside / "incoming", root / "incoming")
        wait_until(lambda: "edited once" in h.chunks_text(edited), what="the edited file")
        h.settle()
        handed = Counter(path for path in checked if path in names)
        assert {path for path in names if handed[path] != 1} == {edited}, handed.most_common(3)
        assert handed[edited] == 2
        assert [path for path in names if h.extractions(path) != 1] == [edited]
        assert h.extractions(edited) == 2
        assert len(h.of(BatchApplied)) >= 2  # the folder's event, then (some of) its files'
    finally:
        h.close()


def test_a_folder_moved_in_hands_its_files_to_the_indexer_in_one_call(tmp_path):
    root = tmp_path / "folder"
    root.mkdir()
    outside = tmp_path / "outside"
    names = [f"incoming/n{i:02d}.md" for i in range(30)]
    for i, name in enumerate(names):
        (outside / name).parent.mkdir(parents=True, exist_ok=True)
        (outside / name).write_text(f"# Note {i}\n\nmoved in with its folder\n")
    h = Harness(root)
    h.loop.start()
    try:
        h.settle("the start-up reconciliation")
        checked = h.count_handed()
        os.rename(outside / "incoming", root / "incoming")
        h.settle()
        # the folder's own path (a document of that name would be gone) and its files at once:
        # one call for the batch, where the folder's path had a call of its own before; their own
        # events, in that batch or the next, hand nothing more over
        assert h.calls == [["incoming", *names]], h.calls
        assert sorted(checked) == ["incoming", *names]
        # each file still said as read, stored and changed, one by one
        assert [h.extractions(name) for name in names] == [1] * 30
        assert sorted(e.path for e in h.of(FileStarted) if e.path in names) == names
        assert sorted(e.path for e in h.of(FileRead) if e.path in names) == names
        upserts = {e.path: e.result for e in h.of(SyncEvent) if e.action == "upsert"}
        assert upserts == dict.fromkeys(names, "added")
        progress = [e for e in h.of(ScanProgress) if e.total]
        assert [(e.done, e.total) for e in progress] == [(i, 30) for i in range(31)]
    finally:
        h.close()


def test_a_file_replaced_by_a_folder_is_dropped_in_the_call_that_indexes_the_folder_s_files(tmp_path):
    root = tmp_path / "folder"
    root.mkdir()
    (root / "thing").write_text("plain text file called thing\n")
    fifo = tmp_path / "slow.fifo"
    os.mkfifo(fifo)
    h = Harness(root, extra_modules=(TEST_FORMATS,))
    h.loop.start()
    try:
        h.settle("the start-up reconciliation")
        checked = h.count_handed()
        # a batch held on a slow file while the file becomes a folder, so that the folder's
        # paths come in the next batch together (the folder's files may be due before it)
        (root / "slow.gate").write_text(f"{fifo}\n\nslow to read")
        wait_until(lambda: "slow.gate" in [e.path for e in h.of(FileStarted)], what="the slow file read")
        (root / "thing").unlink()
        (root / "thing").mkdir()
        (root / "thing" / "inside.md").write_text("# Inside\n\nnow a folder\n")
        (root / "thing" / "other.md").write_text("# Other\n\nnext to it\n")
        replaced = {"thing", "thing/inside.md", "thing/other.md"}
        wait_until(lambda: replaced <= quiet_paths(h.loop), what="the folder's paths due")
        open_gate(str(fifo))
        h.settle()
        assert sorted(db_state(h.indexer)) == ["slow.gate", "thing/inside.md", "thing/other.md"]
        # one call: the file's row dropped (the indexer finds a folder at its path), then the
        # folder's files read; before, the folder's path went to the indexer in a call of its own
        assert h.calls == [["slow.gate"], ["thing", "thing/inside.md", "thing/other.md"]], h.calls
        assert checked == ["slow.gate", "thing", "thing/inside.md", "thing/other.md"]
        assert [e.path for e in h.of(FileRemoved)] == ["thing"]
        said = [(e.path, e.action, e.result) for e in h.of(SyncEvent) if e.path.startswith("thing")]
        assert sorted(said) == [
            ("thing/", "upsert_tree", "2 files"),
            ("thing/inside.md", "upsert", "added"),
            ("thing/other.md", "upsert", "added"),
        ]
    finally:
        open_gate(str(fifo), wait=False)
        h.close()


class _Passes(dict):
    """A dict that counts the passes made over its keys."""

    passes = 0

    def __iter__(self):
        self.passes += 1
        return super().__iter__()


class PassCountingLoop(SyncLoop):
    """A SyncLoop whose memory of the files the last batch handed over (a new dict each batch)
    counts the passes made over it; ``memories`` holds each."""

    def __init__(self, *args, **kwargs) -> None:
        self.memories: list[_Passes] = []
        super().__init__(*args, **kwargs)

    @property
    def _indexed(self) -> _Passes:
        return self._memory

    @_indexed.setter
    def _indexed(self, value: dict[str, tuple[int, int]]) -> None:
        self._memory = _Passes(value)
        self.memories.append(self._memory)


def quiet_paths(loop: SyncLoop) -> set[str]:
    """The paths the debouncer holds that the loop's next look takes (quiet long enough)."""
    debouncer = loop.debouncer
    now = debouncer.clock()
    with debouncer._lock:
        return {path for path, p in debouncer._pending.items() if now >= p.last + debouncer.quiet}


def test_a_batch_of_paths_gone_looks_once_at_the_files_the_batch_before_indexed(tmp_path):
    # A folder deleted while a folder moved in is being read: the next batch holds every path
    # gone, and the loop remembers each file the batch before handed to the indexer. Each path gone
    # made a pass over those files of its own: 201 passes here; for a folder of 1,000 files
    # deleted after 1,000 others were read, a million prefix checks.
    root = tmp_path / "folder"
    gone = [f"outgoing/o{i:03d}.md" for i in range(200)]
    for i, name in enumerate(gone):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(f"# Old {i}\n\nto be deleted with its folder\n")
    (root / "kept.md").write_text("# Kept\n\nstays\n")
    incoming, first, last = gated_folder(tmp_path, notes=100)
    moved = ["incoming/a.gate", *(f"incoming/n{i:02d}.md" for i in range(100)), "incoming/z.gate"]
    h = Harness(root, extra_modules=(TEST_FORMATS,), loop=PassCountingLoop)
    h.loop.start()
    try:
        h.settle("the start-up reconciliation")
        os.rename(incoming, root / "incoming")
        wait_until(
            lambda: "incoming/a.gate" in [e.path for e in h.of(FileStarted)], what="the first gate read"
        )
        shutil.rmtree(root / "outgoing")
        # every path gone is due before the batch reading the folder ends: they come in one batch
        wait_until(lambda: {"outgoing", *gone} <= quiet_paths(h.loop), what="the paths gone due")
        open_gate(str(first))
        open_gate(str(last))
        h.settle()
        assert sorted(db_state(h.indexer)) == sorted(["kept.md", *moved])
        said = [(e.path, e.result) for e in h.of(SyncEvent) if e.action == "delete"]
        assert said == [("outgoing", "removed 200 documents under it")]
        # the memory of the folder's files, taken by the batch of the paths gone, was looked
        # through once for all of them
        passes = [(m.passes, sorted(m.keys())) for m in h.loop.memories]  # keys(): not a pass
        assert [n for n, paths in passes if paths == sorted(moved)][:1] == [1], passes
        assert max(n for n, _ in passes) == 1, passes
    finally:
        open_gate(str(first), wait=False)
        open_gate(str(last), wait=False)
        h.close()


def test_a_folder_gone_and_back_within_one_batch_has_its_files_stored_again(tmp_path):
    # the folder is found gone and its rows removed; it is back (bytes and mtimes as they were)
    # when its files are looked at in the same batch: as they were indexed, but no longer stored
    root = tmp_path / "folder"
    names = ["incoming/a.md", "incoming/b.md"]
    for name in names:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(f"# {name}\n\narrived with its folder\n")
    h = Harness(root)
    try:
        h.loop.apply(Batch(("incoming",), events=1))
        assert sorted(db_state(h.indexer)) == names
        away = tmp_path / "away"
        os.rename(root / "incoming", away)
        remove_gone = h.indexer.remove_gone

        def and_back(paths) -> dict[str, list[str]]:
            removed = remove_gone(paths)
            os.rename(away, root / "incoming")
            return removed

        h.indexer.remove_gone = and_back
        h.loop.apply(Batch(("incoming", *names), events=3))
        assert db_equals_folder(h.indexer, root)
    finally:
        h.close()


def test_a_folder_renamed_has_each_file_checked_once_and_one_edited_after_the_move_read_again(tmp_path):
    # watchdog follows the folder's move with one move for each file in it, mostly a batch later
    root = tmp_path / "folder"
    names = [f"n{i:02d}.md" for i in range(40)]
    for name in names:
        (root / "docs" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "docs" / name).write_text(f"# {name}\n\nfiled under docs\n")
    edited = "papers/n05.md"
    h = Harness(root)
    checked = h.count_handed()

    def edit_once_moved(event: object) -> None:
        h.record(event)
        if isinstance(event, SyncEvent) and event.action == "rename" and event.path == "docs → papers":
            (root / edited).write_text("# n05.md\n\nedited once it had moved\n")

    h.loop.on_event = edit_once_moved
    h.loop.start()
    try:
        h.settle("the start-up reconciliation")
        checked.clear()
        before = len(h.of(FileIndexed))
        os.rename(root / "docs", root / "papers")
        wait_until(lambda: "edited once" in h.chunks_text(edited), what="the edited file")
        h.settle()
        handed = Counter(checked)
        assert set(handed) == {f"papers/{name}" for name in names} | {"docs/n05.md"}, handed
        assert {path for path, n in handed.items() if n != 1} == {edited}
        assert handed[edited] == 2  # with the folder, and again for its own move, changed since
        read = [e.path for e in h.of(FileIndexed)[before:] if e.action in ("added", "updated")]
        assert read == [edited]
    finally:
        h.close()


def count_writer_jobs(indexer: Indexer) -> list[int]:
    """One entry for each job handed to the database writer from now on (each its own transaction
    unless the writer joins it to others queued with it)."""
    jobs: list[int] = []
    submit = indexer.store.writer.submit

    def counting(func, *args, **kwargs):
        jobs.append(1)
        return submit(func, *args, **kwargs)

    indexer.store.writer.submit = counting
    return jobs


def test_a_folder_deleted_is_removed_in_one_writer_job_a_batch(tmp_path):
    root = tmp_path / "folder"
    names = [f"outgoing/n{i:02d}.md" for i in range(40)]
    for i, name in enumerate(names):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(f"# Note {i}\n\nto be deleted with its folder\n")
    (root / "kept.md").write_text("# Kept\n\nstays\n")
    (root / "alone.md").write_text("# Alone\n\ndeleted on its own, in the same moment\n")
    h = Harness(root)
    h.loop.start()
    try:
        h.settle("the start-up reconciliation")
        jobs = count_writer_jobs(h.indexer)
        batches = len(h.of(BatchApplied))
        shutil.rmtree(root / "outgoing")
        (root / "alone.md").unlink()
        h.settle()
        assert sorted(db_state(h.indexer)) == ["kept.md"]
        applied = len(h.of(BatchApplied)) - batches
        # 41 paths gone (a file's row removed, then nothing under it as a folder: two jobs each
        # before), each batch's in one job
        assert 1 <= len(jobs) <= applied, (len(jobs), applied)
        removed = Counter(e.path for e in h.of(FileRemoved))
        assert removed == Counter([*names, "alone.md"])
        said = {e.path: e.result for e in h.of(SyncEvent) if e.action == "delete"}
        # a path whose rows went with its folder's in the same batch is no change of its own
        assert sum(int(r.split()[1]) if " under it" in r else 1 for r in said.values()) == 41, said
    finally:
        h.close()


def test_a_batch_of_deletes_removes_each_path_and_what_was_under_it_and_says_so(tmp_path):
    root = tmp_path / "folder"
    for name in ("a/x.md", "a/y.md", "a/sub/z.md", "ab.md", "b.md", "c.md", "d/only.md"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(f"# {name}\n\nstored before the batch\n")
    h = Harness(root)
    try:
        h.indexer.reconcile()
        shutil.rmtree(root / "a")
        shutil.rmtree(root / "d")
        (root / "b.md").unlink()
        jobs = count_writer_jobs(h.indexer)
        h.loop.apply(Batch(("a", "a/sub/z.md", "a/x.md", "b.md", "d", "never.md"), events=7))
        assert len(jobs) == 1
        assert sorted(db_state(h.indexer)) == ["ab.md", "c.md"]  # 'ab.md' is not under 'a'
        said = [(e.path, e.result) for e in h.of(SyncEvent)]
        assert said == [
            ("a", "removed 3 documents under it"),
            ("b.md", "removed"),
            ("d", "removed 1 document under it"),
        ]
        assert h.of(BatchApplied)[-1].changes == 3
    finally:
        h.close()


def test_a_re_index_asked_for_during_a_long_batch_goes_ahead_of_its_files(tmp_path):
    # A folder moved in is one batch, its files read in one run; the request to read kept.md again
    # (the UI's re-index key) came while the run's first file was being read. It waited for the
    # whole run; its file now goes to the worker next, before the folder's files not yet begun.
    root = tmp_path / "folder"
    root.mkdir()
    (root / "kept.md").write_text("# Kept\n\nRead again when asked.\n")
    # read largest first: the first gate, the notes, the last gate (the smallest)
    incoming, first, last = gated_folder(tmp_path)
    names = [f"incoming/n{i:02d}.md" for i in range(20)]
    h = Harness(root, extra_modules=(TEST_FORMATS,))
    h.loop.start()
    asked: dict[str, object] = {}

    def ask() -> None:
        started = time.monotonic()
        asked["summary"] = h.indexer.reindex_first(["kept.md"])
        asked["waited"] = time.monotonic() - started
        asked["read by then"] = [e.path for e in h.of(FileRead)]

    try:
        h.settle("the start-up reconciliation")
        os.rename(incoming, root / "incoming")
        wait_until(
            lambda: "incoming/a.gate" in [e.path for e in h.of(FileStarted)], what="the first gate read"
        )
        request = threading.Thread(target=ask)
        request.start()
        wait_until(lambda: h.indexer._requests, what="the request made")
        open_gate(str(first))
        request.join(TIMEOUT)
        assert not request.is_alive(), "the re-index waited for the batch's end"
        assert "incoming/z.gate" not in asked["read by then"]  # the batch had not ended
        started = [e.path for e in h.of(FileStarted)]
        assert started[started.index("incoming/a.gate") + 1] == "kept.md", started
        summary = asked["summary"]
        assert (summary.files, summary.updated, summary.unchanged) == (1, 1, 0)
        open_gate(str(last))
        h.settle()
        upserts = {e.path: e.result for e in h.of(SyncEvent) if e.action == "upsert"}
        assert upserts == dict.fromkeys(["incoming/a.gate", *names, "incoming/z.gate"], "added")
        assert [e.action for e in h.of(FileIndexed) if e.path == "kept.md"] == ["added", "updated"]
        progress = [(e.done, e.total) for e in h.of(ScanProgress) if e.total]
        assert progress[-1] == (23, 23)  # the batch's 22 files and the one asked for
    finally:
        open_gate(str(first), wait=False)
        open_gate(str(last), wait=False)
        h.close()


def test_a_re_index_asked_for_when_nothing_runs_or_of_a_path_gone(tmp_path):
    root = tmp_path / "folder"
    root.mkdir()
    (root / "kept.md").write_text("# Kept\n\nRead again when asked.\n")
    (root / "gone.md").write_text("# Gone\n\nDeleted before it is asked for.\n")
    h = Harness(root)
    try:
        h.indexer.reconcile()
        (root / "gone.md").unlink()
        summary = h.indexer.reindex_first(["kept.md"])
        assert (summary.files, summary.updated) == (1, 1)
        summary = h.indexer.reindex_first(["gone.md"])
        assert (summary.files, summary.removed) == (1, 1)
        assert sorted(db_state(h.indexer)) == ["kept.md"]
    finally:
        h.close()


def doc_ids(indexer: Indexer) -> dict[str, int]:
    return {row.path: row.id for row in indexer.store.documents()}


def test_files_renamed_one_by_one_move_their_rows_in_one_writer_job_a_batch(tmp_path):
    # a script renaming each file of a folder (for f in *.md; do mv ...; done), through the watcher
    root = tmp_path / "folder"
    olds = [f"photos/photo-{i:02d}.md" for i in range(40)]
    for i, name in enumerate(olds):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(f"# Photo {i}\n\nthe caption of photo {i}\n")
    news = [name.replace("photo-", "holiday-") for name in olds]
    h = Harness(root)
    h.loop.start()
    try:
        h.settle("the start-up reconciliation")
        ids = doc_ids(h.indexer)
        chunks = {name: h.chunks_text(name) for name in olds}
        jobs = count_writer_jobs(h.indexer)
        batches, before = len(h.of(BatchApplied)), len(h.of(FileIndexed))
        for old, new in zip(olds, news, strict=True):
            os.rename(root / old, root / new)
        h.settle()
        applied = len(h.of(BatchApplied)) - batches
        # one job for each rename before; the renames of a batch now share one
        assert 1 <= len(jobs) <= applied, (len(jobs), applied)
        assert doc_ids(h.indexer) == {new: ids[old] for old, new in zip(olds, news, strict=True)}
        assert {new: h.chunks_text(new) for new in news} == {
            new: chunks[old] for old, new in zip(olds, news, strict=True)
        }
        said = [(e.path, e.action) for e in h.of(FileIndexed)[before:]]
        assert sorted(said) == sorted((new, "renamed") for new in news)
        renames = [e.path for e in h.of(SyncEvent) if e.action == "rename"]
        assert sorted(renames) == sorted(f"{old} → {new}" for old, new in zip(olds, news, strict=True))
    finally:
        h.close()


def test_a_batch_of_renames_moves_each_as_before_in_one_writer_job(tmp_path):
    root = tmp_path / "folder"
    stored = {
        "a.md": "# A\n\nmoved to a name no document had\n",
        "b.md": "# B\n\nmoved over c.md, which was stored\n",
        "c.md": "# C\n\nreplaced by b.md\n",
        "d.md": "# D\n\nmoved, then saved with other words\n",
        "docs/one.md": "# One\n\nmoved with its folder\n",
        "docs/deep/two.md": "# Two\n\nmoved with its folder, two levels down\n",
        "kept.md": "# Kept\n\nnot moved\n",
    }
    for name, text in stored.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    h = Harness(root)
    try:
        h.indexer.reconcile()
        ids = doc_ids(h.indexer)
        os.rename(root / "a.md", root / "a2.md")
        os.rename(root / "b.md", root / "c.md")
        os.rename(root / "d.md", root / "d2.md")
        (root / "d2.md").write_text("# D\n\nsaved after its move with other words\n")
        bump_mtime(root / "d2.md")
        (root / "new.md").write_text("# New\n\nnever stored before its move\n")
        os.rename(root / "new.md", root / "new2.md")
        os.rename(root / "docs", root / "papers")
        renames = (
            ("a.md", "a2.md"),
            ("b.md", "c.md"),
            ("d.md", "d2.md"),
            ("new.md", "new2.md"),
            ("docs", "papers"),
            ("docs/one.md", "papers/one.md"),
            ("docs/deep/two.md", "papers/deep/two.md"),
        )
        before = len(h.of(FileIndexed))
        jobs = count_writer_jobs(h.indexer)
        h.loop.apply(Batch(tuple(sorted({p for pair in renames for p in pair})), renames, events=7))
        assert db_equals_folder(h.indexer, root)
        assert sorted(db_state(h.indexer)) == [
            "a2.md",
            "c.md",
            "d2.md",
            "kept.md",
            "new2.md",
            "papers/deep/two.md",
            "papers/one.md",
        ]
        now = doc_ids(h.indexer)
        # the rows of those whose bytes are the ones stored moved (c.md's own row dropped)
        for old, new in [("a.md", "a2.md"), ("b.md", "c.md"), ("docs/one.md", "papers/one.md")]:
            assert now[new] == ids[old], new
        assert now["papers/deep/two.md"] == ids["docs/deep/two.md"]
        assert "saved after its move" in h.chunks_text("d2.md")
        said = sorted((e.path, e.action) for e in h.of(FileIndexed)[before:])
        assert said == [
            ("a2.md", "renamed"),
            ("c.md", "renamed"),
            ("d2.md", "added"),
            ("new2.md", "added"),
            ("papers/deep/two.md", "renamed"),
            ("papers/one.md", "renamed"),
        ]
        # the moves whose rows could not move are said as what the store took: d.md's rows
        # removed and d2.md read; new.md had none (nothing said), new2.md read. Each was said
        # "moved", for rows that never moved
        assert [(e.action, e.path, e.result) for e in h.of(SyncEvent)] == [
            ("rename", "a.md → a2.md", "moved"),
            ("rename", "b.md → c.md", "moved"),
            ("delete", "d.md", "removed"),
            ("upsert", "d2.md", "added"),
            ("upsert", "new2.md", "added"),
            ("rename", "docs → papers", "moved 2 documents"),
        ]
        # one job moves the rows of the four files (two of them move), one the folder's two; the
        # two files read (d2.md, new2.md) are one index_paths call of four jobs: d.md's row
        # removed, the two queued, each stored. Before, a job for each row moved (2 + 2) and a
        # call for each file read (3 jobs, 2)
        assert len(jobs) == 2 + 4, len(jobs)
    finally:
        h.close()


class MovingHarness(Harness):
    """A Harness that moves ``src`` to ``dest`` the moment the indexer begins a run that reads
    ``src``, before any worker is handed it: the move a user makes while the file waits for a
    worker (one starting cold takes a second or more)."""

    src = dest = ""

    def record(self, event: object) -> None:
        super().record(event)
        begun = isinstance(event, ScanProgress) and event.done == 0 and event.total
        if begun and self.src and (self.root / self.src).exists():
            os.rename(self.root / self.src, self.root / self.dest)
            self.src = ""


def test_a_new_file_moved_before_it_was_read_is_no_removal_and_no_rename(tmp_path):
    # create, append, then move while the first extraction waits: the log said
    # "upsert  text/new.md  removed" for a file never stored, then
    # "rename  text/new.md → text/new2.md  moved" for rows that did not exist
    from tui.commands.watch import format_event

    root = tmp_path / "folder"
    (root / "text").mkdir(parents=True)
    (root / "seed.md").write_text("# Seed\n\nIndexed before watching started.\n")
    h = MovingHarness(root)
    h.loop.start()
    try:
        h.settle("the start-up reconciliation")
        with h.lock:
            start = len(h.events)
        h.src, h.dest = "text/new.md", "text/new2.md"
        new = root / "text" / "new.md"
        new.write_text("# New\n\n")
        for i in range(5):
            with new.open("a") as out:
                out.write(f"appended line {i}\n\n")
        wait_until(lambda: (root / "text" / "new2.md").exists(), what="the move, as the run began")
        h.settle("text/new2.md stored, text/new.md not")
        assert sorted(db_state(h.indexer)) == ["seed.md", "text/new2.md"]
        assert "appended line 4" in h.chunks_text("text/new2.md")
        said = [(e.action, e.path, e.result) for e in events_after(h, start, SyncEvent)]
        assert said == [
            ("upsert", "text/new.md", "nothing to index"),
            ("upsert", "text/new2.md", "added"),
        ], said
        lines = [format_event(e) for e in events_after(h, start, SyncEvent)]
        assert lines[0].split()[1:5] == ["upsert", "text/new.md", "nothing", "to"], lines
        assert lines[1].split()[1:4] == ["upsert", "text/new2.md", "added"], lines
        # the index took one change: text/new2.md added
        assert sum(b.changes for b in events_after(h, start, BatchApplied)) == 1
    finally:
        h.close()


def events_after(h: Harness, start: int, kind: type) -> list:
    with h.lock:
        return [e for e in h.events[start:] if isinstance(e, kind)]


def test_two_files_moved_onto_one_name_in_one_batch_are_one_rename_and_a_delete(harness):
    # `mv a.md c.md; mv b.md c.md`: c.md holds b.md's bytes, and a.md's are nowhere any more
    root = harness.root
    (root / "a.md").write_text("# A\n\nmoved onto c.md first, then overwritten there\n")
    (root / "b.md").write_text("# B\n\nmoved onto c.md last, and kept there\n")
    harness.settle("a.md and b.md indexed")
    ids = doc_ids(harness.indexer)
    with harness.lock:
        start = len(harness.events)
    os.rename(root / "a.md", root / "c.md")
    os.rename(root / "b.md", root / "c.md")
    harness.settle("c.md stored, a.md and b.md gone")
    assert sorted(db_state(harness.indexer)) == ["c.md", "seed.md"]
    assert doc_ids(harness.indexer)["c.md"] == ids["b.md"]  # b.md's rows moved, not read again
    said = [(e.action, e.path, e.result) for e in events_after(harness, start, SyncEvent)]
    # it said two renames, "a.md → c.md  moved" among them, and a.md's rows were dropped unsaid
    assert sorted(said) == [("delete", "a.md", "removed"), ("rename", "b.md → c.md", "moved")], said
    assert len(events_after(harness, start, BatchApplied)) == 1  # the two moves in one batch


def test_a_subfolder_moved_out_and_back_in_one_batch_is_no_change_in_the_batch_line(harness, tmp_path):
    # its three files come back with the bytes and mtimes they were indexed with: the folder is
    # walked again and each file found unchanged
    root = harness.root
    names = ["notes/sub/one.md", "notes/sub/two.md", "notes/sub/three.md"]
    for name in names:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(f"# {name}\n\nin the subfolder from the start\n")
    harness.settle("the subfolder's files indexed")
    harness.loop._reconcile()  # what the batches before remembered is forgotten, as after a restart
    ids = doc_ids(harness.indexer)
    with harness.lock:
        start = len(harness.events)
    os.rename(root / "notes" / "sub", tmp_path / "sub")
    os.rename(tmp_path / "sub", root / "notes" / "sub")
    wait_until(lambda: events_after(harness, start, BatchApplied), what="the batch of the two moves")
    harness.settle()
    assert doc_ids(harness.indexer) == ids  # nothing read again, nothing dropped
    assert ("upsert_tree", "notes/sub/") in [
        (e.action, e.path) for e in events_after(harness, start, SyncEvent)
    ]
    # the walk's batch said "N events, 4 changes": the walk and its three files, each found
    # unchanged (their own events, when they come a batch later, find them as that batch left them)
    batches = events_after(harness, start, BatchApplied)
    assert [b.changes for b in batches] == [0] * len(batches), batches


def test_a_folder_moved_out_and_back_in_is_watched_again_without_watchdog_s_warning(tmp_path):
    # watchdog's inotify observer keeps the watches of a folder moved out of the tree and, when it
    # comes back, adds them again: it warned "Callback with id '…' already exists for watch …. It
    # will be Overwritten." (a RuntimeWarning, which a process that logs its warnings logs) for the
    # folder and each folder under it, every time it came back
    root = tmp_path / "folder"
    outside = tmp_path / "outside"
    outside.mkdir()
    names = ["notes/sub/one.md", "notes/sub/deep/two.md"]
    for name in names:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(f"# {name}\n\nin the folder that moves\n")
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        h = Harness(root)
        try:
            h.loop.start()
            h.settle("the start-up reconciliation")
            assert set(db_state(h.indexer)) == set(names)
            for _ in range(2):
                os.rename(root / "notes" / "sub", outside / "sub")
                h.settle("the folder's files dropped")
                assert db_state(h.indexer) == {}
                os.rename(outside / "sub", root / "notes" / "sub")
                h.settle("the folder's files back")
                assert set(db_state(h.indexer)) == set(names)
            # still watched after the moves: a file written in its inner folder is indexed
            (root / "notes" / "sub" / "deep" / "three.md").write_text("# three\n\nwritten after the moves\n")
            h.settle("the file written after the moves")
            assert set(db_state(h.indexer)) == {*names, "notes/sub/deep/three.md"}
            assert "written after the moves" in h.chunks_text("notes/sub/deep/three.md")
        finally:
            h.close()
    said = [str(w.message) for w in seen if "already exists for watch" in str(w.message)]
    assert said == [], said[:1]


def hinted_until(debouncer: Debouncer, path: str, seen: list[str]) -> list[str]:
    """The paths of the batches ``debouncer`` hands over until one holds ``path``, added to
    ``seen``. A path hinted before ``path`` is handed over with it or before it."""

    def taken() -> bool:
        batch = debouncer.take_ready()
        if batch is not None:
            seen.extend(batch.paths)
        return path in seen

    wait_until(taken, what=f"a batch holding {path}")
    return seen


def test_the_events_of_a_folder_moved_out_of_the_tree_are_dropped_and_its_own_when_back(tmp_path):
    # watchdog's inotify observer keeps the watches of a folder moved out and names what changes
    # in it by its old place in the tree: the loop looked at "notes/sub/new.md" and the other paths
    # below on the disk, found nothing there, and took nothing from them
    root = tmp_path / "folder"
    outside = tmp_path / "outside"
    (root / "notes" / "sub" / "deep").mkdir(parents=True)
    (root / "notes" / "sub" / "a.md").write_text("# a\n")
    outside.mkdir()
    debouncer = Debouncer(quiet=0.05, cap=0.5)
    watcher = Watcher(root, debouncer)
    watcher.start()
    try:
        assert watcher.state == "native"
        os.rename(root / "notes" / "sub", outside / "sub")
        # its leaving is said: the loop drops what the index holds under it
        assert "notes/sub" in hinted_until(debouncer, "notes/sub", [])
        away = outside / "sub"
        (away / "new.md").write_text("# new\n")
        (away / "a.md").write_text("# a, edited away\n")
        (away / "deep" / "x.md").write_text("# x\n")
        os.rename(away / "a.md", away / "b.md")
        (root / "sentinel.md").write_text("# after the edits away\n")
        seen = hinted_until(debouncer, "sentinel.md", [])
        assert seen == ["sentinel.md"], seen
        # moved back at once and written in: the folder and the file written are handed over
        os.rename(away, root / "notes" / "sub")
        (root / "notes" / "sub" / "deep" / "y.md").write_text("# y\n")
        seen = hinted_until(debouncer, "notes/sub/deep/y.md", [])
        assert "notes/sub" in seen, seen
        # out and back within a few milliseconds, then written in: still followed
        os.rename(root / "notes" / "sub", away)
        os.rename(away, root / "notes" / "sub")
        (root / "notes" / "sub" / "deep" / "z.md").write_text("# z\n")
        hinted_until(debouncer, "notes/sub/deep/z.md", [])
    finally:
        watcher.stop()


def test_only_the_root_s_ignore_file_reloads_the_rules(tmp_path):
    # the rules are read from the root's .chunkscopeignore alone; one of that name in a subfolder,
    # or in a folder moved out of the tree, reloaded them and reconciled the whole tree
    root = tmp_path / "folder"
    outside = tmp_path / "outside"
    (root / "notes" / "sub").mkdir(parents=True)
    outside.mkdir()
    debouncer = Debouncer(quiet=0.05, cap=0.5)
    reloads: list[float] = []
    watcher = Watcher(root, debouncer, on_ignore_changed=lambda: reloads.append(time.monotonic()))
    watcher.start()
    try:
        assert watcher.state == "native"
        os.rename(root / "notes" / "sub", outside / "sub")
        hinted_until(debouncer, "notes/sub", [])
        (root / "notes" / ".chunkscopeignore").write_text("*.log\n")
        (outside / "sub" / ".chunkscopeignore").write_text("*.log\n")
        (root / "sentinel.md").write_text("# after the two files\n")
        hinted_until(debouncer, "sentinel.md", [])
        assert reloads == [], len(reloads)
        (root / ".chunkscopeignore").write_text("*.log\n")
        wait_until(lambda: reloads, what="the rules reloaded")
    finally:
        watcher.stop()
