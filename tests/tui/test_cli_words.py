"""The command line's human-readable output says counts, sizes and times as the UI says them
(``tui.present``): '1 file' (it wrote '1 files'), sizes in the units of ``human_bytes`` ('1.5 KB'
where it wrote '0.0 MB'), and a run under ten seconds in milliseconds with thousands separators,
as the app's progress line says it ('36 files read in 1,262 ms')."""

from __future__ import annotations

import re
from pathlib import Path

from tui.cli import main
from tui.present import human_bytes

# 1,534 bytes: a heading line of 8 bytes, a blank line, and a paragraph of 1,524 x and its newline
NOTE = "# Tides\n\n" + "x" * 1524 + "\n"


def one_file(tmp_path: Path) -> Path:
    folder = tmp_path / "corpus"
    folder.mkdir()
    (folder / "tides.md").write_text(NOTE, encoding="utf-8")
    assert len(NOTE.encode()) == 1534
    return folder


def test_index_says_one_file_its_size_and_its_time_as_the_ui_does(tmp_path, capsys):
    folder = one_file(tmp_path)
    assert main(["index", str(folder), "--jobs", "1"]) == 0
    first, *_, last = capsys.readouterr().out.splitlines()
    # 1,534 bytes read: 1.5 KB (1,534 / 1,024 = 1.498), where it said "0.0 MB"
    said = r": 1 file in [\d,]+ ms \(1 read at [\d,.]+ files/s, 1\.5 KB\) — 1 added, "
    assert re.search(said, first), first
    db = folder / ".chunkscope" / "index.db"
    assert last == f"Database: {db} ({human_bytes(db.stat().st_size)})", last
