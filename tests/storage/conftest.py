"""Helpers for the storage tests: folders written into tmp_path, an indexer loading the test formats."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from indexer.limits import Limits
from storage.indexing import Indexer, index_folder

TEST_FORMATS = "tests.storage._testfmt"


def write_tree(root: Path, files: dict[str, str | bytes]) -> Path:
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return root


def bump_mtime(path: Path, seconds: float = 5.0) -> None:
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + int(seconds * 1e9)))


def run_index(root: Path, events: list | None = None, **kwargs):
    kwargs.setdefault("jobs", 1)
    kwargs.setdefault("extra_modules", (TEST_FORMATS,))
    return index_folder(root, on_event=events.append if events is not None else None, **kwargs)


def make_indexer(root: Path, events: list | None = None, **kwargs) -> Indexer:
    kwargs.setdefault("jobs", 1)
    kwargs.setdefault("extra_modules", (TEST_FORMATS,))
    kwargs.setdefault("limits", Limits(timeout_seconds=30))
    return Indexer(root, None, on_event=events.append if events is not None else None, **kwargs)


def raw(root: Path) -> sqlite3.Connection:
    return sqlite3.connect(root / ".chunkscope" / "index.db")


def fts_rows(conn: sqlite3.Connection) -> tuple[list, list]:
    """What FTS5 holds for the chunks: its segments and each row's token counts."""
    return (
        conn.execute("SELECT id, block FROM chunks_fts_data ORDER BY id").fetchall(),
        conn.execute("SELECT id, sz FROM chunks_fts_docsize ORDER BY id").fetchall(),
    )


def read_steps(engine: Indexer, call) -> int:
    """The steps SQLite's engine runs on the indexer's read connection during ``call()``: they
    grow with the rows a statement reads, which a count of statements would not show."""
    steps = 0

    def step() -> int:
        nonlocal steps
        steps += 1
        return 0  # go on

    conn = engine.store._conn()
    conn.set_progress_handler(step, 1)
    try:
        call()
    finally:
        conn.set_progress_handler(None, 1)
    return steps
