"""A file whose extractor hangs or allocates without bound is killed at the limit and recorded;
the rest of the folder is indexed."""

from __future__ import annotations

import time

from indexer.limits import Limits
from storage.store import Store

from .conftest import run_index, write_tree


def test_hanging_and_memory_hungry_files_are_killed_and_recorded(tmp_path):
    write_tree(
        tmp_path,
        {
            "a.md": "# A\n\nAlpha text.\n",
            "b.hang": "anything",
            "c.hog": "anything",
            "d.md": "# D\n\nDelta text.\n",
            "e.md": "# E\n\nEcho text.\n",
        },
    )
    started = time.monotonic()
    summary = run_index(tmp_path, jobs=2, limits=Limits(timeout_seconds=6.0), memory_mb=300)
    elapsed = time.monotonic() - started
    assert elapsed < 20  # never frozen: the hang costs one time-out, not forever
    assert summary.failed == 2 and summary.added == 3
    with Store.open(tmp_path / ".chunkscope" / "index.db", readonly=True) as store:
        docs = {d.path: d for d in store.documents()}
    assert docs["b.hang"].status == "failed" and docs["b.hang"].error_code == "DOCUMENT_LIMIT"
    assert "timed out after 6 s" in docs["b.hang"].error_message
    assert docs["c.hog"].status == "failed" and docs["c.hog"].error_code == "DOCUMENT_LIMIT"
    assert "memory" in docs["c.hog"].error_message
    assert all(docs[p].status == "indexed" for p in ("a.md", "d.md", "e.md"))


def test_a_killed_worker_is_replaced_and_the_queue_goes_on(tmp_path):
    # one job: the hanging file blocks the only worker until it is killed; the files after it
    # still get a (new) worker
    write_tree(tmp_path, {"0.hang": "x", **{f"{i}.md": f"# N{i}\n\nBody {i}.\n" for i in range(1, 4)}})
    summary = run_index(tmp_path, jobs=1, limits=Limits(timeout_seconds=1.0))
    assert summary.failed == 1 and summary.added == 3


def test_a_run_abandoned_midway_does_not_leak_results_into_the_next(tmp_path):
    from storage.job import Job
    from storage.pool import Pool

    write_tree(tmp_path, {f"{i}.md": f"# Doc {i}\n\nText {i}.\n" for i in range(4)})
    jobs = [(i, Job(str(tmp_path / f"{i}.md"), f"{i}.md")) for i in range(4)]
    with Pool("storage.job:run", jobs=2, timeout=30) as pool:
        for _ in pool.run(jobs[:2]):
            break  # the other task is still running in its worker
        keys = sorted(o.key for o in pool.run(jobs[2:]))
    assert keys == [2, 3]


def test_a_worker_holding_too_much_memory_after_a_task_is_recycled(tmp_path):
    from storage.job import Job
    from storage.pool import Pool

    write_tree(tmp_path, {f"{i}.md": f"# Doc {i}\n\nText {i}.\n" for i in range(3)})
    jobs = [(i, Job(str(tmp_path / f"{i}.md"), f"{i}.md")) for i in range(3)]
    # any worker holds more than 1 MiB: each is replaced after its task, and the work still gets done
    with Pool("storage.job:run", jobs=1, timeout=30, recycle_mb=1) as pool:
        outcomes = list(pool.run(jobs))
        assert sorted(o.key for o in outcomes) == [0, 1, 2] and all(o.ok for o in outcomes)
        assert pool.recycled == 3 and pool.replaced == 0
        assert len({o.worker_pid for o in outcomes}) == 3


def test_a_failed_task_s_note_is_its_own(tmp_path):
    # a task says which extractor reads its file; the pool gives that with a failure, whether
    # the task raised, was killed at the time-out or its worker died, and never a note of the
    # task before it (the one worker runs them in turn)
    from storage.job import Job
    from storage.pool import Pool

    from .conftest import TEST_FORMATS

    write_tree(
        tmp_path,
        {"broken": "CST\nBROKEN", "good": "CST\nWalruses.", "stuck": "CST\nHANG", "crashing": "CST\nCRASH"},
    )
    names = ["broken", "good", "missing", "stuck", "missing", "crashing", "missing"]
    jobs = [(i, Job(str(tmp_path / name), name)) for i, name in enumerate(names)]
    with Pool("storage.job:run", jobs=1, timeout=1.0, extra_modules=(TEST_FORMATS,)) as pool:
        outcomes = sorted(pool.run(jobs), key=lambda o: o.key)
    said = [(names[o.key], o.ok, o.value.code if not o.ok else "", o.note) for o in outcomes]
    assert said == [
        ("broken", False, "PARSE_ERROR", "cst-test 1"),
        ("good", True, "", ""),
        ("missing", False, "IO_ERROR", ""),  # failed before any extractor began
        ("stuck", False, "DOCUMENT_LIMIT", "cst-test 1"),
        ("missing", False, "IO_ERROR", ""),
        ("crashing", False, "DOCUMENT_LIMIT", "cst-test 1"),
        ("missing", False, "IO_ERROR", ""),
    ]


def test_the_extra_modules_variable_reaches_the_workers_of_a_pool_made_after_it_changed(
    tmp_path, monkeypatch
):
    # the forkserver keeps the environment it started with, the variable unset here; .cst files
    # are read by the test format only where its module is imported, else as plain text
    from storage.job import Job
    from storage.pool import EXTRA_MODULES_ENV, Pool

    from .conftest import TEST_FORMATS

    write_tree(tmp_path, {"a.cst": "Walruses haul out on ice."})
    job = ("a", Job(str(tmp_path / "a.cst"), "a.cst"))

    def read_as() -> str:
        with Pool("storage.job:run", jobs=1, timeout=30) as pool:
            [outcome] = list(pool.run([job]))
        assert outcome.ok, outcome
        return outcome.value["source_type"]

    monkeypatch.delenv(EXTRA_MODULES_ENV, raising=False)
    assert read_as() == "txt"
    monkeypatch.setenv(EXTRA_MODULES_ENV, TEST_FORMATS)
    assert read_as() == "cst"
    monkeypatch.delenv(EXTRA_MODULES_ENV)
    assert read_as() == "txt"


def test_workers_collect_young_objects_less_often_and_the_parent_is_left_alone():
    import gc

    from storage.pool import WORKER_GC_THRESHOLD, Pool

    parent = gc.get_threshold()
    with Pool("tests.storage._testfmt:worker_gc_threshold", jobs=1, timeout=30) as pool:
        [outcome] = list(pool.run([("t", None)]))
    assert outcome.ok
    # only the youngest generation's threshold moves (Python's default is 700); older ones as they were
    assert outcome.value == (WORKER_GC_THRESHOLD, parent[1], parent[2]) == (5000, parent[1], parent[2])
    assert gc.get_threshold() == parent


def test_workers_start_with_the_extractors_imported_and_their_library_versions_known():
    from indexer.formats import registry
    from storage.pool import Pool

    with Pool("tests.storage._testfmt:worker_start", jobs=1, timeout=30) as pool:
        [outcome] = list(pool.run([("t", None)]))
    assert outcome.ok
    imported, versions = outcome.value
    assert imported == sorted({m for ms in registry.MODULES_BY_EXTENSION.values() for m in ms})
    assert "pdf" in imported and "spreadsheet" in imported
    assert versions >= 5  # pypdfium2, lxml, python-calamine …: each looked up once, before any file
    # and what was imported before the fork is left out of the workers' full collections
    with Pool("tests.storage._testfmt:worker_frozen", jobs=1, timeout=30) as pool:
        [outcome] = list(pool.run([("t", None)]))
    assert outcome.ok and outcome.value > 10_000


def test_a_pdf_read_in_a_worker_keeps_the_worker_s_allocator_settings(sample_corpus):
    # a worker sets its own thresholds (1 MiB mappings, 32 MiB kept); the PDF reader's defaults
    # (16 MB, 32 MB) are for processes that chose none, and must not replace the worker's
    from indexer import heap
    from storage.pool import MMAP_THRESHOLD, TRIM_THRESHOLD, Pool

    pdf = sample_corpus / "pdf" / "report.pdf"
    with Pool("tests.storage._testfmt:worker_heap_after_pdf", jobs=1, timeout=60) as pool:
        [outcome] = list(pool.run([("r", str(pdf))]))
    assert outcome.ok, outcome
    settings, pages = outcome.value
    assert pages >= 1
    assert settings == (MMAP_THRESHOLD, TRIM_THRESHOLD) == (1 << 20, 32 << 20)
    assert settings != (heap.OWN_MAPPING_FROM, heap.KEEP_TOP)


def test_workers_run_nicer_than_the_parent():
    import os

    from storage.pool import WORKER_NICENESS, Pool

    parent = os.nice(0)
    with Pool("tests.storage._testfmt:worker_niceness", jobs=1, timeout=30) as pool:
        [outcome] = list(pool.run([("n", None)]))
    assert outcome.ok
    assert outcome.value == min(parent + WORKER_NICENESS, 19) and WORKER_NICENESS == 5
    assert os.nice(0) == parent


def test_a_task_s_start_is_reported_while_its_worker_works_on_it_and_not_before(tmp_path):
    import os

    from storage.job import Job
    from storage.pool import Pool

    from ._testfmt import open_gate
    from .conftest import TEST_FORMATS

    fifo = tmp_path / "gate.fifo"
    os.mkfifo(fifo)
    folder = write_tree(
        tmp_path / "folder", {"slow.gate": f"{fifo}\n\nSlow text.\n", "quick.md": "# Q\n\nQuick.\n"}
    )
    tasks = [(name, Job(str(folder / name), name)) for name in ("slow.gate", "quick.md")]
    seen: list[tuple[str, str]] = []

    def started(key: str) -> None:
        seen.append(("start", key))
        if key == "slow.gate":
            # the worker is in the extractor, waiting on the FIFO: nothing else has happened yet
            assert seen == [("start", "slow.gate")]
            open_gate(str(fifo))

    try:
        # one worker: quick.md waits for it, and is not reported started while it waits
        with Pool("storage.job:run", jobs=1, timeout=30, extra_modules=(TEST_FORMATS,)) as pool:
            for outcome in pool.run(tasks, on_start=started):
                assert outcome.ok, outcome
                seen.append(("done", outcome.key))
    finally:
        open_gate(str(fifo), wait=False)
    assert seen == [
        ("start", "slow.gate"),
        ("done", "slow.gate"),
        ("start", "quick.md"),
        ("done", "quick.md"),
    ]


def test_a_task_handed_to_a_worker_still_starting_up_is_begun_once_it_is_ready(tmp_path, monkeypatch):
    import os
    import threading

    from storage.pool import Pool

    from ._testfmt import open_gate

    # a module the new worker imports first, which waits on a FIFO: its start-up takes as long as
    # the test wants (the worker is given the parent's sys.path)
    fifo = tmp_path / "start.fifo"
    os.mkfifo(fifo)
    (tmp_path / "start_gate.py").write_text(f"with open({str(fifo)!r}, 'rb') as gate:\n    gate.read()\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    seen: list[str] = []

    def let_it_start() -> None:
        with open(fifo, "wb") as gate:  # waits for the worker to be at the gate
            seen.append("gate opened")
            gate.write(b"go")

    opener = threading.Thread(target=let_it_start, daemon=True)
    opener.start()
    try:
        with Pool(
            "tests.storage._testfmt:worker_niceness", jobs=1, timeout=30, extra_modules=("start_gate",)
        ) as pool:
            outcomes = list(pool.run([("t", None)], on_start=lambda key: seen.append(f"start {key}")))
    finally:
        open_gate(str(fifo), wait=False)
        opener.join(10)
    assert [o.key for o in outcomes] == ["t"] and outcomes[0].ok
    assert seen == ["gate opened", "start t"]  # not when it was handed to the worker, before
