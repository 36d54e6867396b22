"""`chunkscope [FOLDER]` routes to the UI command; user mistakes are one line and exit status 2."""

from __future__ import annotations

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
