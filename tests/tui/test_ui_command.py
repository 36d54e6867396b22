"""`chunkscope [FOLDER]` routes to the UI command; user mistakes are one line and exit status 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.cli import main


def test_a_missing_folder_is_a_user_error(tmp_path, capsys):
    assert main([str(tmp_path / "nope")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("chunkscope: error: no such folder:") and "Traceback" not in err


def test_a_file_that_is_not_an_index_is_refused_before_the_ui_starts(tmp_path, capsys):
    bad = tmp_path / "bad.db"
    bad.write_bytes(b"this is not an SQLite database")
    assert main([str(tmp_path), "--db", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "cannot open the index" in err and "Traceback" not in err


def test_jobs_must_be_positive(tmp_path, capsys):
    assert main(["ui", str(tmp_path), "--jobs", "0"]) == 2
    assert "--jobs must be at least 1" in capsys.readouterr().err


def test_a_mistyped_command_is_said_as_one_and_a_folder_of_that_name_opens_the_ui(
    tmp_path, monkeypatch, capsys
):
    monkeypatch.chdir(tmp_path)  # a folder with nothing called chunk, repot or exprot in it
    said = {
        # it said "no such folder: chunk"
        ("chunk",): "no such folder or command: 'chunk' (did you mean 'chunks'?)",
        # it said "unrecognized arguments: a.md" under the UI's usage line
        ("chunk", "a.md", "--mode", "section"): "no such folder or command: 'chunk' (did you mean 'chunks'?)",
        # "repot" is one letter from report and two from export (difflib ratios 0.91 and 0.73)
        ("repot",): "no such folder or command: 'repot' (did you mean 'report' or 'export'?)",
        ("exprot", "-o", "out.jsonl"): "no such folder or command: 'exprot' (did you mean 'export'?)",
    }
    for argv, words in said.items():
        assert main(list(argv)) == 2, argv
        out, err = capsys.readouterr()
        assert (out, err) == ("", f"chunkscope: error: {words}\n"), argv
    # a word close to no command, or written as a path, is a folder that is not there, as it was
    for word in ("notes", "./chunk", "corpus/chunk"):
        assert main([word]) == 2, word
        assert capsys.readouterr().err == f"chunkscope: error: no such folder: {Path(word)}\n", word
    # a folder that exists opens the UI on it, though its name is close to a command's or is one.
    # a file that is not an index stops the UI command before the terminal is taken over, after it
    # has taken the folder: its error says the folder was routed to the UI
    bad = tmp_path / "bad.db"
    bad.write_bytes(b"this is not an SQLite database")
    (tmp_path / "chunk").mkdir()
    (tmp_path / "chunks").mkdir()
    for argv in (["chunk"], ["./chunks"], ["ui", "chunks"]):
        assert main([*argv, "--db", str(bad)]) == 2, argv
        assert capsys.readouterr().err.startswith(f"chunkscope: error: cannot open the index {bad}: "), argv
    # a word that is a command's name is the command, though a folder has that name
    with pytest.raises(SystemExit) as ended:
        main(["chunks"])
    assert ended.value.code == 2
    assert capsys.readouterr().err.endswith("chunkscope: error: the following arguments are required: FILE\n")
