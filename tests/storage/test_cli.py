"""The index commands end to end, through the real console entry point in a subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from storage.store import Store
from tests.conftest import ROOT

from .conftest import TEST_FORMATS, write_tree

NOTES = "# Garden\n\nTomatoes need sun and water.\n\n## Pests\n\nAphids eat the leaves of young plants.\n"


def cli(*args, cwd=None, **env_extra):
    env = dict(os.environ, PYTHONPATH=str(ROOT), CHUNKSCOPE_EXTRA_MODULES=TEST_FORMATS, **env_extra)
    return subprocess.run(
        [sys.executable, "-m", "tui", *map(str, args)],
        cwd=cwd or ROOT,
        env=env,
        capture_output=True,
        text=True,
    )


def test_index_search_manifest_report_export(tmp_path):
    folder = tmp_path / "corpus"
    write_tree(
        folder, {"garden.md": NOTES, "notes/list.md": "# List\n\n- spade\n- rake\n", "bad.cst": "BROKEN"}
    )
    proc = cli("index", folder, "--jobs", "1")
    assert proc.returncode == 0, proc.stderr
    assert "3 files" in proc.stdout and "2 added" in proc.stdout and "1 failed" in proc.stdout
    assert "(3 read at " in proc.stdout  # (the failed file was read too)
    assert "bad.cst: PARSE_ERROR" in proc.stdout
    assert (folder / ".chunkscope" / "index.db").is_file()

    again = cli("index", folder, "--json")
    summary = json.loads(again.stdout)
    assert (summary["unchanged"], summary["added"], summary["failed"]) == (3, 0, 0)
    # said plainly when every file is unchanged (not "0.0 files/s, 0.0 MB read")
    assert "3 files in " in (plain := cli("index", folder).stdout) and "(no file needed reading)" in plain

    hits = cli("search", "aphids", "--folder", folder, "--json")
    assert hits.returncode == 0, hits.stderr
    found = json.loads(hits.stdout)
    # "Aphids eat the leaves…" is on line 7 of garden.md
    assert [(h["path"], h["metadata"]["source_lines"]) for h in found] == [("garden.md", [7, 7])]
    assert "[Aphids]" in found[0]["snippet"]
    text = cli("search", "aphids", cwd=folder / "notes")  # the index is found from a subfolder …
    assert text.returncode == 1 and "0 hits" in text.stderr  # … and the search stays inside it
    text = cli("search", "aphids", cwd=folder)
    assert "garden.md  #" in text.stdout and " · line 7" in text.stdout
    assert cli("search", "tomatoes", "--folder", folder, "--format", "csv").returncode == 1

    manifest = json.loads(cli("manifest", folder / "garden.md").stdout)
    assert manifest["status"] == "indexed" and manifest["input"]["bytes"] == len(NOTES)
    failed = cli("manifest", folder / "bad.cst")
    assert failed.returncode == 1 and json.loads(failed.stdout)["error"]["code"] == "PARSE_ERROR"

    report = json.loads(cli("report", folder, "--json").stdout)
    by_type = {f["source_type"]: f for f in report["formats"]}
    assert by_type["md"]["files"] == 2 and by_type["md"]["indexed"] == 2
    assert {d["path"]: d["status"] for d in report["documents"]} == {
        "bad.cst": "failed",
        "garden.md": "indexed",
        "notes/list.md": "indexed",
    }

    out = cli("export", folder, "--mode", "sentence", "--format", "jsonl")
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert lines and {line["path"] for line in lines} == {"garden.md", "notes/list.md"}
    assert all(set(line) == {"id", "path", "content", "content_type", "metadata"} for line in lines)
    assert len({line["id"] for line in lines}) == len(lines)


def test_user_mistakes_are_one_line_errors(tmp_path):
    missing = cli("index", tmp_path / "nope")
    assert (
        missing.returncode == 2 and "no such folder" in missing.stderr and "Traceback" not in missing.stderr
    )
    not_indexed = cli("search", "x", "--folder", tmp_path)
    assert not_indexed.returncode == 2 and "is not indexed" in not_indexed.stderr
    bad_mode = cli("index", tmp_path, "--modes", "bogus")
    assert bad_mode.returncode == 2 and "unknown mode" in bad_mode.stderr


def test_index_shows_a_progress_bar_on_a_terminal(tmp_path):
    write_tree(tmp_path, {f"n{i}.md": f"# N{i}\n\nBody {i}.\n" for i in range(6)})
    proc = cli("index", tmp_path, "--jobs", "1", TTY_COMPATIBLE="1")  # rich: treat stderr as a terminal
    assert proc.returncode == 0, proc.stderr[-2000:]
    # in the words of the app's progress line: "Indexing ━━━ 6/6 · 84 B/84 B · 9 files/s · ETA 0:00"
    # (six files of 14 bytes: "# N0", an empty line, "Body 0.", each with its newline)
    assert (
        "Indexing" in proc.stderr and " 6/6 · 84 B/84 B · " in proc.stderr and "Traceback" not in proc.stderr
    )
    assert " files/s · ETA 0:00" in proc.stderr
    assert "6 added" in proc.stdout


def test_the_summary_says_which_failures_are_unsupported_files(tmp_path):
    folder = tmp_path / "corpus"
    write_tree(folder, {"garden.md": NOTES, "bad.cst": "BROKEN"})
    (folder / "photo.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)  # no extractor reads it
    proc = cli("index", folder, "--jobs", "1")
    assert proc.returncode == 0, proc.stderr
    assert "1 added" in proc.stdout and "2 failed (1 of them unsupported)" in proc.stdout
    assert "photo.png: UNSUPPORTED_FORMAT" in proc.stdout and "bad.cst: PARSE_ERROR" in proc.stdout


def test_a_second_run_still_names_the_files_that_failed_before(tmp_path):
    folder = tmp_path / "corpus"
    write_tree(folder, {"garden.md": NOTES, "bad.cst": "BROKEN"})
    (folder / "photo.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)
    first = json.loads(cli("index", folder, "--jobs", "1", "--json").stdout)
    assert (first["failed"], first["unsupported"], first["still_failing"]) == (2, 1, 0)
    again = cli("index", folder, "--jobs", "1")
    # nothing was read, so nothing failed in this run, but two files are still not indexed
    assert "3 unchanged" in again.stdout and "0 failed" in again.stdout
    assert "2 unchanged files still failing from an earlier run" in again.stdout
    summary = json.loads(cli("index", folder, "--json").stdout)
    assert (summary["failed"], summary["unsupported"], summary["still_failing"]) == (0, 0, 2)
    (folder / "bad.cst").write_text("a,b\n1,2\n", encoding="utf-8")  # mended: read again, indexed
    mended = json.loads(cli("index", folder, "--json").stdout)
    assert (mended["updated"], mended["failed"], mended["still_failing"]) == (1, 0, 1)
    # a file indexed before that now fails keeps its old revision (stale) and counts as failing
    (folder / "bad.cst").write_bytes(b"\xff\xfe\x00broken\x00" * 3)
    broke = json.loads(cli("index", folder, "--json").stdout)
    assert (broke["failed"], broke["still_failing"]) == (1, 1), broke
    assert json.loads(cli("index", folder, "--json").stdout)["still_failing"] == 2


def test_a_search_in_a_mode_chunks_the_documents_missing_it_first(tmp_path):
    folder = tmp_path / "corpus"
    write_tree(
        folder, {"garden.md": NOTES, "notes/list.md": "# List\n\n- spade\n- rake\n", "t.csv": "a,b\n1,2\n"}
    )
    assert cli("index", folder, "--jobs", "1").returncode == 0
    with Store.open(folder / ".chunkscope" / "index.db", readonly=True) as store:
        # the two Markdown files; CSV has no sentence mode
        assert store.without_mode("sentence") == ["garden.md", "notes/list.md"]
    proc = cli("search", "aphids", "--folder", folder, "--mode", "sentence", "--json")
    assert proc.returncode == 0, proc.stderr
    assert "chunking 2 files in sentence mode first" in proc.stderr  # as the search dialog says it
    hits = json.loads(proc.stdout)
    assert [(h["path"], h["mode_key"].split(":")[0]) for h in hits] == [("garden.md", "sentence")]
    with Store.open(folder / ".chunkscope" / "index.db", readonly=True) as store:
        assert store.without_mode("sentence") == []
    again = cli("search", "aphids", "--folder", folder, "--mode", "sentence")
    assert again.returncode == 0 and "chunking" not in again.stderr
    wrong = cli("search", "aphids", "--folder", folder, "--mode", "sentences")
    assert wrong.returncode != 0 and "unknown mode 'sentences'" in wrong.stderr


def test_libraries_complaints_stay_off_the_terminal(tmp_path, sample_corpus):
    # our partly_empty.pdf with two bytes changed: an object header broken (pdfium refuses the
    # file, pdfminer reads it) and a byte of a compressed stream, which pdfminer recovers from
    # while logging "Data-loss while decompressing corrupted data" (without naming the file)
    data = bytearray((sample_corpus / "pdf" / "partly_empty.pdf").read_bytes())
    assert data[1147:1149] == b"<<" and data[1710:1711] == b"e"
    data[1147], data[1710] = ord("4"), ord("u")
    folder = tmp_path / "corpus"
    folder.mkdir()
    (folder / "damaged.pdf").write_bytes(bytes(data))
    indexed = cli("index", folder, "--jobs", "1")  # extracted in a worker process
    assert indexed.returncode == 0 and "1 added" in indexed.stdout, indexed.stdout + indexed.stderr
    assert indexed.stderr == ""
    shown = cli("chunks", folder / "damaged.pdf")  # extracted in this process
    assert shown.returncode == 0 and "Third page has text too." in shown.stdout
    assert shown.stderr.strip() == "── 1 chunk (default)"


def test_files_an_earlier_version_indexed_are_read_again_and_said_so(tmp_path):
    import sqlite3

    folder = tmp_path / "corpus"
    write_tree(folder, {"garden.md": NOTES, "todo.md": "# Todo\n\n- water the beans\n"})
    assert json.loads(cli("index", folder, "--json").stdout)["reread"] == 0
    conn = sqlite3.connect(folder / ".chunkscope" / "index.db")
    conn.execute("UPDATE documents SET output_version = 0")  # as an index from before output versions
    conn.commit()
    conn.close()
    again = cli("index", folder)
    assert "2 updated, 0 unchanged" in again.stdout
    assert "2 unchanged files read again: an earlier version of chunkscope had indexed them" in again.stdout
    last = json.loads(cli("index", folder, "--json").stdout)
    assert (last["unchanged"], last["reread"]) == (2, 0)


def test_export_and_report_in_a_subfolder_cover_it_alone_as_search_does(tmp_path):
    # run in notes/, `search` searched notes/ alone while `export` and `report` covered the whole
    # index: a user in a subfolder got every file of the folder above
    folder = tmp_path / "corpus"
    write_tree(
        folder,
        {
            "garden.md": NOTES,
            "notes.md": "# Notes at the top\n\nnot in the folder notes/ despite its name\n",
            "bad.cst": "BROKEN",
            "notes/list.md": "# List\n\n- spade\n- rake\n",
        },
    )
    assert cli("index", folder, "--jobs", "1").returncode == 0
    notes = folder / "notes"

    def exported(*args, cwd):
        out = cli("export", *args, cwd=cwd)
        assert out.returncode == 0, out.stderr
        return [json.loads(line) for line in out.stdout.splitlines()], out.stderr

    # notes/list.md: a heading, then one list, its items' text a line each, without their markers
    # (docs/output-schema.md)
    expected = [("notes/list.md", "heading", "List"), ("notes/list.md", "bullet_list", "spade\nrake")]
    for args, cwd in (((), notes), ((notes,), folder), (("--mode", "default"), notes)):
        records, said = exported(*args, cwd=cwd)
        assert [(r["path"], r["content_type"], r["content"]) for r in records] == expected, (args, cwd)
        assert "2 chunks from 1 file (default)" in said, said
    # at the top, and with --db (the index file, no place in the folder), the whole index
    for args, cwd in (((), folder), (("--db", folder / ".chunkscope" / "index.db"), notes)):
        records, _ = exported(*args, cwd=cwd)
        assert {r["path"] for r in records} == {"garden.md", "notes.md", "notes/list.md"}, (args, cwd)

    report = json.loads(cli("report", "--json", cwd=notes).stdout)
    assert report["folder"] == "notes"
    assert [(d["path"], d["status"]) for d in report["documents"]] == [("notes/list.md", "indexed")]
    assert [(f["source_type"], f["files"], f["chunks"]) for f in report["formats"]] == [("md", 1, 2)]
    assert (report["totals"]["documents"], report["totals"]["chunks"], report["totals"]["failed"]) == (
        1,
        2,
        0,
    )
    text = cli("report", cwd=notes).stdout
    assert f"{notes.resolve()} — 1 file, 2 chunks" in text, text
    assert "bad.cst" not in text
    whole = json.loads(cli("report", folder, "--json", cwd=notes).stdout)
    assert whole["folder"] == "" and whole["totals"]["documents"] == 4
    assert [d["path"] for d in whole["documents"] if d["status"] == "failed"] == ["bad.cst"]
