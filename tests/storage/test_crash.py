"""Crash consistency: SIGKILL the indexer at random points while it writes, reopen, and find every
document complete in one revision that was on disk, never partial; the database is intact."""

from __future__ import annotations

import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from storage.store import decode_document
from tests.conftest import ROOT

KILLS = 20
FILES = 8


def versions(log: Path) -> dict[str, dict[str, str]]:
    """path → sha256 → version, for every revision ever written."""
    out: dict[str, dict[str, str]] = {}
    for line in log.read_text(encoding="utf-8").splitlines():
        rel, version, sha = line.split("\t")
        out.setdefault(rel, {})[sha] = version
    return out


def check_consistent(db: Path, known: dict[str, dict[str, str]]) -> int:
    """Asserts the invariants; returns the number of complete documents."""
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        conn.execute("INSERT INTO chunks_fts(chunks_fts) VALUES ('integrity-check')")  # raises if out of sync
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        complete = 0
        for doc_id, path, status, revision, chunk_count in conn.execute(
            "SELECT id, path, status, revision, chunk_count FROM documents"
        ).fetchall():
            data = conn.execute(
                "SELECT revision, sha256, document, encoding FROM document_data WHERE document_id = ?",
                [doc_id],
            ).fetchone()
            if status == "queued":
                assert data is None
                assert (
                    conn.execute("SELECT count(*) FROM chunks WHERE document_id = ?", [doc_id]).fetchone()[0]
                    == 0
                )
                continue
            assert status == "indexed", (path, status)  # nothing here fails to extract
            assert data is not None and data[0] == revision
            version = known[path].get(data[1])
            assert version is not None, f"{path}: stored bytes match no revision that was written"
            # the stored Document, every chunk and the chunk set all belong to that one revision
            assert set(re.findall(r"v(\d+)marker", decode_document(data[2], data[3]))) == {version}
            chunks = conn.execute(
                "SELECT content FROM chunks WHERE document_id = ? AND is_default = 1 ORDER BY ordinal",
                [doc_id],
            ).fetchall()
            assert len(chunks) == chunk_count > 0
            assert set(re.findall(r"v(\d+)marker", " ".join(c[0] for c in chunks))) == {version}
            sets = conn.execute(
                "SELECT chunk_count FROM chunk_sets WHERE document_id = ? AND is_default = 1", [doc_id]
            ).fetchall()
            assert sets == [(chunk_count,)]
            complete += 1
        return complete
    finally:
        conn.close()


def test_sigkill_while_writing_never_leaves_a_partial_document(tmp_path):
    root = tmp_path / "folder"
    root.mkdir()
    db = tmp_path / "index.db"
    rng = random.Random(20261129)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    complete_seen = 0
    # forks an indexing child on each "fork" (see _crash_child), which says "ready PID"
    server = subprocess.Popen(
        [sys.executable, "-m", "tests.storage._crash_child", str(root), str(FILES)],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        start_new_session=True,
    )

    def ask(command: bytes) -> bytes:
        server.stdin.write(command + b"\n")
        server.stdin.flush()
        return server.stdout.readline().strip()

    try:
        for _ in range(KILLS):
            said = ask(b"fork")
            assert said.startswith(b"ready "), said
            pid = int(said.split()[1])
            try:
                time.sleep(rng.uniform(0.05, 0.45))
            finally:
                os.kill(pid, signal.SIGKILL)
                assert ask(b"reap") == b"reaped"  # the child has ended
                try:  # its extraction workers and fork server (same session) exit on EOF; make sure
                    os.killpg(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            complete_seen += check_consistent(db, versions(tmp_path / "versions.log"))
    finally:
        server.stdin.close()
        server.wait(10)
        server.stdout.close()
    assert complete_seen > 0  # the runs got far enough to store documents
