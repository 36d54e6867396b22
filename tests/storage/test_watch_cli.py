"""`chunkscope watch` as a user runs it: a real process, a real folder, SIGTERM to stop."""

from __future__ import annotations

import os
import re
import signal
import sqlite3
import subprocess
import sys
import time

from tests.storage.test_watch import wait_until


def watch_until(root, log, steps) -> str:
    """Run ``chunkscope watch root`` as a user does, its output in ``log``; once it has reconciled
    the folder, ``steps()``; then SIGTERM, which must stop it cleanly (status 0). Its output."""
    with open(log, "w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "tui", "watch", str(root), "--jobs", "1"],
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
    try:
        wait_until(lambda: "reconcile" in log.read_text(), what="the start-up reconciliation line")
        steps()
    finally:
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(timeout=30)
    text = log.read_text()
    assert code == 0, text
    return text


def test_watch_command_logs_changes_and_stops_cleanly_on_sigterm(tmp_path):
    root = tmp_path / "watched"
    root.mkdir()
    (root / "start.md").write_text("# Start\n\nthere before the watcher\n")
    log = tmp_path / "watch.log"

    def steps() -> None:
        (root / "new.md").write_text("# New\n\nwritten while watching\n")
        wait_until(lambda: "new.md" in log.read_text() and "added" in log.read_text(), what="the change line")
        (root / "new.md").unlink()
        wait_until(lambda: "delete" in log.read_text(), what="the delete line")

    text = watch_until(root, log, steps)
    assert "stopped; the index is consistent" in text
    line = next(ln for ln in text.splitlines() if "upsert" in ln and "new.md" in ln)
    assert line.rstrip().endswith("ms") or "events" in line  # path, action, result, milliseconds
    db = root / ".chunkscope" / "index.db"
    con = sqlite3.connect(db)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        paths = [p for (p,) in con.execute("SELECT path FROM documents")]
    finally:
        con.close()
    assert paths == ["start.md"]


def test_watch_command_counts_the_events_of_a_change_with_thousands_separators(tmp_path):
    # 1,500 saves of one file in a burst: two events each (modified, closed), the first one's
    # created too, all coalesced into one change; its line said "(3001 events)"
    root = tmp_path / "watched"
    root.mkdir()
    log = tmp_path / "watch.log"

    def steps() -> None:
        burst = root / "burst.md"
        for i in range(1500):
            burst.write_text(f"# Burst\n\nsave {i}\n")
        wait_until(lambda: "burst.md" in log.read_text(), what="the change line")

    text = watch_until(root, log, steps)
    line = next(ln for ln in text.splitlines() if "upsert" in ln and "burst.md" in ln)
    said = re.search(r"\((\d{1,3}(?:,\d{3})*) events\)$", line)
    assert said and int(said[1].replace(",", "")) >= 1000, line  # "(3,001 events)"
    assert "," in said[1], line


def test_watch_command_on_a_missing_folder_is_one_line_and_status_2(tmp_path):
    started = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-m", "tui", "watch", str(tmp_path / "nope")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert proc.stderr.strip().count("\n") == 0 and "no such folder" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert time.monotonic() - started < 60


def test_the_batch_line_counts_in_words_as_the_app_says_them():
    from storage.sync import BatchApplied, SyncEvent
    from tui import messages as msg
    from tui.commands.watch import format_event

    assert format_event(BatchApplied(events=3, changes=1, ms=2.0)).endswith(
        "batch       3 events, 1 change  2 ms"
    )
    assert format_event(BatchApplied(events=5, changes=2, ms=12.4)).endswith("5 events, 2 changes  12 ms")
    # times as the app's log writes them, with thousands separators (it wrote "1480 ms")
    assert format_event(BatchApplied(events=5, changes=2, ms=1480.2)).endswith("2 changes  1,480 ms")
    line = format_event(SyncEvent("notes.md", "upsert", "updated → 3 chunks", 12_345.6, 4))
    assert line.endswith("notes.md  updated → 3 chunks  12,346 ms (4 events)")
    assert format_event(BatchApplied(events=2, changes=2, ms=2.0)) is None  # nothing was coalesced
    # events that asked nothing more of the index (a folder's files, read with it, reported after
    # it) say the index was up to date, not "coalesced 290 events into 0 changes" or "nothing
    # indexed", which read as if something had failed to be
    assert format_event(BatchApplied(events=290, changes=0, ms=6.0)).endswith(
        "batch       290 events, index already up to date  6 ms"
    )
    assert format_event(BatchApplied(events=1, changes=0, ms=2.0)).endswith(
        "batch       1 event, index already up to date  2 ms"
    )
    assert format_event(BatchApplied(events=1_204, changes=3, ms=2.0)).endswith(
        "1,204 events, 3 changes  2 ms"
    )
    # the app's log says the same words, its own way with the time (as its other watcher lines)
    assert msg.from_event(BatchApplied(events=290, changes=0, ms=6.0)).text == (
        "290 events, index already up to date in 6 ms"
    )
