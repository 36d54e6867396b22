"""`chunkscope fields` on files and folders: per-document results, --json, the coverage table."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tui.cli import main

SCHEMA = {
    "format": "JSON",
    "rootName": "answer",
    "fields": [
        {"name": "text", "kind": "STRING", "required": True},
        {"name": "score", "kind": "INT", "required": False, "min": 0, "max": 10},
    ],
}


def _bench_module():
    spec = importlib.util.spec_from_file_location("bench_fields", ROOT / "bench" / "bench_fields.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def schema_file(tmp_path: Path) -> Path:
    path = tmp_path / "answer.json"
    path.write_text(json.dumps(SCHEMA), encoding="utf-8")
    return path


def test_json_output_is_the_expected_form_plus_path(tmp_path, schema_file, capsys) -> None:
    (tmp_path / "r").mkdir()
    (tmp_path / "r" / "a.txt").write_text('Sure: {"text": "hi", "score": "42"}', encoding="utf-8")
    (tmp_path / "r" / "b.json").write_text('{"score": "high"}', encoding="utf-8")
    (tmp_path / "r" / ".hidden.txt").write_text('{"text": "skip me"}', encoding="utf-8")
    status = main(["fields", "--schema", str(schema_file), str(tmp_path / "r"), "--json"])
    out, err = capsys.readouterr()
    assert status == 0
    lines = [json.loads(line) for line in out.splitlines()]
    assert [Path(o["path"]).name for o in lines] == ["a.txt", "b.json"]  # hidden file skipped
    assert lines[0] == {
        "path": str(tmp_path / "r" / "a.txt"),
        "empty": False,
        "states": {"text": "EXTRACTED", "score": "EXTRACTED"},
        "malformedRequired": [],
        "data": {"text": "hi", "score": 10},  # 42 clamped to max 10
    }
    assert lines[1]["states"] == {"text": "LOST_REQUIRED", "score": "MALFORMED"}
    # The coverage table goes to stderr in --json mode: text extracted once, lost once.
    row = next(line for line in err.splitlines() if line.startswith("text "))
    assert row.split()[1:6] == ["1", "0", "0", "1", "0"]


def test_a_thousand_replies_report_coverage(tmp_path, capsys) -> None:
    bench = _bench_module()
    plan = bench.generate(tmp_path, 1000, seed=11)
    status = main(["fields", "--schema", str(tmp_path / "schema.json"), str(tmp_path / "replies"), "--json"])
    out, err = capsys.readouterr()
    assert status == 0
    got = {Path(o["path"]).name: o["states"] for o in map(json.loads, out.splitlines())}
    assert len(got) == 1000
    # Every reply is classified as the generator planned it (clean, fenced, prose, JSONC, single
    # quotes, truncated and refusal replies alike).
    assert got == plan
    # The coverage table counts documents per state for each field, as the plan does.
    expected = {
        f: Counter(states[f] for states in plan.values() if f in states) for f in ("verdict", "summary")
    }
    for field, counts in expected.items():
        row = next(line for line in err.splitlines() if line.startswith(field + " ")).split()
        columns = ["EXTRACTED", "DEFAULTED", "LOST_OPTIONAL", "LOST_REQUIRED", "MALFORMED"]
        assert [int(c.replace(",", "")) for c in row[1:6]] == [counts[c] for c in columns]
    assert "1,000 documents" in err


def test_human_output_and_strict_exit(tmp_path, schema_file, capsys) -> None:
    good = tmp_path / "good.txt"
    good.write_text('{"text": "ok"}', encoding="utf-8")
    bad = tmp_path / "bad.txt"
    bad.write_text("no json at all", encoding="utf-8")
    assert main(["fields", "--schema", str(schema_file), str(good), str(bad)]) == 0
    out = capsys.readouterr().out
    assert f"ok   {good}  1 extracted · 1 lost opt." in out
    assert f"FAIL {bad}  1 lost opt. · 1 lost req.  [no payload]  (missing text)" in out
    assert main(["fields", "--schema", str(schema_file), str(good), str(bad), "--strict"]) == 1
    assert main(["fields", "--schema", str(schema_file), str(good), "--strict"]) == 0


def test_user_mistakes_are_one_line(tmp_path, schema_file, capsys) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "JSON", "fields": [{"name": "a", "kind": "NUMBER"}]}', encoding="utf-8")
    assert main(["fields", "--schema", str(broken), str(schema_file)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and err.startswith("chunkscope: error: ") and "kind must be one of" in err
    assert main(["fields", "--schema", str(schema_file), str(tmp_path / "absent")]) == 2
    assert "no such file or folder" in capsys.readouterr().err
    assert main(["fields", "--schema", str(schema_file)]) == 2
    assert "PATHs" in capsys.readouterr().err


def test_other_formats_are_read_through_the_indexer(tmp_path, schema_file, capsys) -> None:
    page = tmp_path / "reply.html"
    page.write_text('<html><body><p>{"text": "from html", "score": 3}</p></body></html>', encoding="utf-8")
    assert main(["fields", "--schema", str(schema_file), str(page), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["data"] == {"text": "from html", "score": 3}


def on_screen(raw: str) -> list[str]:
    """The lines a terminal shows for ``raw``: a carriage return takes the cursor back to the start
    of its line, where what follows is written over what is there."""
    shown = []
    for line in raw.replace("\r\n", "\n").split("\n"):
        cells: list[str] = []
        for part in line.split("\r"):
            cells[: len(part)] = list(part)  # a shorter part leaves the rest of what was there
        shown.append("".join(cells).rstrip())
    return shown


def test_a_file_skipped_is_said_on_a_line_of_its_own_under_the_counter(tmp_path, schema_file) -> None:
    import os
    import pty
    import subprocess
    import sys
    import threading

    from tests.tui.conftest import BROKEN_DOCX

    replies = tmp_path / "replies"
    replies.mkdir()
    # the counter is drawn on a terminal for 50 files and more; the broken file is read first
    (replies / "a-broken.docx").write_bytes(BROKEN_DOCX)
    for i in range(59):
        (replies / f"r{i:02d}.txt").write_text('{"text": "hi"}', encoding="utf-8")
    leader, follower = pty.openpty()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    argv = [sys.executable, "-m", "tui.cli", "fields", "--schema", str(schema_file), str(replies), "--quiet"]
    run = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=follower, env=env)
    os.close(follower)
    read: list[bytes] = []

    def drain() -> None:
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the terminal closed with the process (EIO)
                return
            if not chunk:
                return
            read.append(chunk)

    reader = threading.Thread(target=drain)
    reader.start()
    run.communicate(timeout=120)
    reader.join(timeout=10)
    os.close(leader)
    assert run.returncode == 0
    shown = on_screen(b"".join(read).decode())
    note = (
        f"chunkscope: skipped {replies / 'a-broken.docx'}: PARSE_ERROR: a-broken.docx is not a valid zip "
        "archive: File is not a zip file"
    )
    # it came after the counter, on the counter's line: "[                              ] 1/60chunkscope: …"
    assert shown[0] == note, shown
    # then the counter, drawn again and wiped at the end, and the summary
    assert shown[1].startswith("59 documents in ") and shown[1].endswith(", 1 skipped"), shown
    assert shown[2:] == [""], shown


def test_json_and_output_as_export_has_them(tmp_path, schema_file, capsys) -> None:
    from tests.tui.conftest import BROKEN_DOCX

    replies = tmp_path / "r"
    replies.mkdir()
    (replies / "a.txt").write_text('{"text": "hi", "score": 3}', encoding="utf-8")
    broken = replies / "b.docx"
    broken.write_bytes(BROKEN_DOCX)  # not a zip archive: PARSE_ERROR
    why = "PARSE_ERROR: b.docx is not a valid zip archive: File is not a zip file"
    assert main(["fields", "--schema", str(schema_file), str(replies), "--json"]) == 0
    out, err = capsys.readouterr()
    # the stream keeps its object for the unreadable file ...
    assert [json.loads(line)["path"] for line in out.splitlines()] == [str(replies / "a.txt"), str(broken)]
    assert json.loads(out.splitlines()[1]) == {
        "path": str(broken),
        "error": "PARSE_ERROR",
        "message": "b.docx is not a valid zip archive: File is not a zip file",
    }
    # ... and stderr says it, as without --json and as export says the files it skips (it said nothing)
    assert err.splitlines()[0] == f"chunkscope: skipped {broken}: {why}", err
    assert err.splitlines()[-1].endswith(", 1 skipped"), err

    # -o writes what went on standard output into a file, as export's -o does (fields had no -o)
    target = tmp_path / "fields.jsonl"
    assert main(["fields", "--schema", str(schema_file), str(replies), "--json", "-o", str(target)]) == 0
    out, err = capsys.readouterr()
    assert out == ""
    assert target.read_text(encoding="utf-8").splitlines() == [
        json.dumps(
            {
                "path": str(replies / "a.txt"),
                "empty": False,
                "states": {"text": "EXTRACTED", "score": "EXTRACTED"},
                "malformedRequired": [],
                "data": {"text": "hi", "score": 3},
            }
        ),
        json.dumps({"path": str(broken), "error": "PARSE_ERROR", "message": why.split(": ", 1)[1]}),
    ]
    assert err.splitlines()[0] == f"chunkscope: skipped {broken}: {why}", err
    # without --json: the lines and the table go into the file, the notes stay on stderr
    assert main(["fields", "--schema", str(schema_file), str(replies), "--output", str(target)]) == 0
    out, err = capsys.readouterr()
    lines = target.read_text(encoding="utf-8").splitlines()
    assert out == "" and lines[0].startswith(f"ok   {replies / 'a.txt'}  ") and lines[-1] == "1 document"
    assert err.splitlines()[0] == f"chunkscope: skipped {broken}: {why}", err
    # an output that cannot be written: in export's words (tests/tui/test_cli_words.py)
    nowhere = tmp_path / "nowhere" / "out.jsonl"
    assert main(["fields", "--schema", str(schema_file), str(replies), "-o", str(nowhere)]) == 2
    assert (
        capsys.readouterr().err == f"chunkscope: error: cannot write {nowhere}: No such file or directory\n"
    )
    # a path that is not there is said before the output is opened: no empty file is left
    fresh = tmp_path / "fresh.jsonl"
    assert main(["fields", "--schema", str(schema_file), str(tmp_path / "nope"), "-o", str(fresh)]) == 2
    assert capsys.readouterr().err == f"chunkscope: error: no such file or folder: {tmp_path / 'nope'}\n"
    assert not fresh.exists()
