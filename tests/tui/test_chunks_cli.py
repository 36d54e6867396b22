"""`chunkscope chunks FILE --compare …` and mode options, through the real command line."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.indexer.formats.test_pdf_ocr import tesseract  # noqa: F401 (a fixture the OCR test uses)
from tui.cli import main


def test_compare_prints_one_row_per_mode(tmp_path, capsys):
    # 3 headings, 2 short paragraphs and a fenced code block, read by hand:
    src = tmp_path / "note.md"
    src.write_text("# A\n\nFirst para.\n\n## B\n\nSecond para.\n\n```\ncode\n```\n\n## C\n", encoding="utf-8")
    assert main(["chunks", str(src), "--compare", "default,section,sliding_window"]) == 0
    out = capsys.readouterr().out.splitlines()
    rows = {line.split()[0]: line for line in out[2:]}
    assert set(rows) == {"default", "section", "sliding_window"}
    # default: heading A, paragraph, heading B, paragraph, code, heading C = 6 chunks
    assert rows["default"].split()[1] == "6"
    assert "heading 3" in rows["default"] and "code_block 1" in rows["default"]
    # sliding_window over 6 blocks, size 3, overlap 1: windows [0,2], [2,4], [4,5]
    assert rows["sliding_window"].split()[1] == "3"
    assert rows["section"].split()[6] == "0"  # nothing over budget


def test_compare_marks_a_mode_without_a_size_bound_as_the_compare_view_does(tmp_path, capsys):
    from indexer import ModeParams, chunk_document, extract
    from tui.present import chunk_stats

    src = tmp_path / "note.md"
    src.write_text("# A\n\nFirst para. Second sentence.\n", encoding="utf-8")
    assert main(["chunks", str(src), "--compare", "default,sentence"]) == 0
    out = capsys.readouterr().out.splitlines()
    rows = {line.split()[0]: line.split() for line in out[2:]}
    # default's prose is bound at 1,200 characters; sentence mode has no bound, which the compare
    # view's head says, where it is narrowest, as "—" (it printed "-")
    assert rows["default"][5] == "1,200", rows
    assert rows["sentence"][5] == "—", rows
    chunks = chunk_document(extract(src), "sentence", ModeParams())
    assert chunk_stats(chunks, None).lines(width=6)[1] == "—"  # the view's head, six cells wide


def test_compare_rejects_unknown_mode(tmp_path, capsys):
    src = tmp_path / "note.txt"
    src.write_text("hello", encoding="utf-8")
    assert main(["chunks", str(src), "--compare", "default,nope"]) == 2
    err = capsys.readouterr().err
    assert "nope" in err and "sliding_window" in err and len(err.strip().splitlines()) == 1


def test_bad_parameter_is_one_line(tmp_path, capsys):
    src = tmp_path / "note.txt"
    src.write_text("hello", encoding="utf-8")
    assert main(["chunks", str(src), "--mode", "sliding_window", "--overlap", "3"]) == 2
    assert "overlap must be less than window_size" in capsys.readouterr().err


def test_missing_file_is_one_line_and_status_2(tmp_path, capsys):
    assert main(["chunks", str(tmp_path / "nope.md")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("chunkscope: error: no such file: ") and len(err.strip().splitlines()) == 1


def test_pdf_password_option_reaches_the_extractor(sample_corpus, capsys):
    # sample_corpus/pdf/encrypted.pdf has the user password "secret" (bench/make_sample_pdfs.py)
    pdf = sample_corpus / "pdf" / "encrypted.pdf"
    assert main(["chunks", str(pdf), "--jsonl"]) == 1
    assert "ENCRYPTED" in capsys.readouterr().err
    assert main(["chunks", str(pdf), "--jsonl", "--password", "secret"]) == 0
    out = capsys.readouterr().out
    assert "This text is behind a password." in out


def test_markdown_command_writes_images(sample_corpus, tmp_path, capsys):
    report = sample_corpus / "pdf" / "report.pdf"
    assert main(["markdown", str(report), "--images-dir", str(tmp_path / "img")]) == 0
    md = capsys.readouterr().out
    names = sorted(p.name for p in (tmp_path / "img").iterdir())
    assert names and all(f"![]({n})" in md for n in names)


def test_the_plain_listing_counts_in_words(tmp_path, capsys):
    src = tmp_path / "note.md"
    src.write_text("One line only.\n", encoding="utf-8")
    assert main(["chunks", str(src)]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[0].startswith("── #0 short_disconnected_paragraph · line 1 · 14 ch ")
    assert out.splitlines()[1] == "One line only."
    assert err.strip() == "── 1 chunk (default)"
    src.write_text("# A\n\nFirst para.\nstill first.\n", encoding="utf-8")
    assert main(["chunks", str(src)]) == 0
    out, err = capsys.readouterr()
    assert " · lines 3–4 · " in out and err.strip() == "── 2 chunks (default)"


def test_the_plain_listing_names_slides_and_speaker_notes(sample_corpus, capsys):
    assert main(["chunks", str(sample_corpus / "office" / "operations_review.pptx")]) == 0
    heads = [line for line in capsys.readouterr().out.splitlines() if line.startswith("── #")]
    # slide 2's note, "Mention the Quay Street closure lasted two nights." (50 characters)
    assert any(" · slide 2 · speaker notes · line 12 · 50 ch " in h for h in heads)
    assert sum("speaker notes" in h for h in heads) == 1
    assert " · slide 1 · " in heads[0]


def test_the_plain_listing_says_places_in_the_uis_words(sample_corpus, capsys):
    # The sheet and its row, the message and its attachment, as the UI's titles and search say
    # them; the listing said "line 5" alone, the sheet and row, the message and attachment left out.
    assert main(["chunks", str(sample_corpus / "spreadsheets" / "regional_sales.xlsx")]) == 0
    heads = [line for line in capsys.readouterr().out.splitlines() if line.startswith("── #")]
    # Sales row 3: North, 2024-01-15, Kettle, 12 at 24.5 (the sheet's row 2 is its header)
    assert heads[1].startswith("── #1 row_document · Sales row 3 · line 5 · ")
    assert main(["chunks", str(sample_corpus / "outlook" / "q1_stock_review.msg")]) == 0
    heads = [line for line in capsys.readouterr().out.splitlines() if line.startswith("── #")]
    assert heads[0].startswith("── #0 heading · msg 1 · line 1 · ")
    assert any(" · msg 1 · notes.txt · " in h for h in heads)  # the message's attached notes.txt


@pytest.mark.usefixtures("tesseract")  # the budget is seen through OCR's share of it
def test_timeout_sets_the_time_budget_of_the_one_file_read(sample_corpus, capsys):
    # sample_corpus/pdf/scanned.pdf is one page of image, read by OCR in about a second: a budget
    # of 0.01 s leaves OCR a share of 0.005 s, and the file has no text without it
    pdf = sample_corpus / "pdf" / "scanned.pdf"
    for command in ("markdown", "chunks"):
        assert main([command, str(pdf), "--timeout", "0.01"]) == 1
        err = capsys.readouterr().err
        assert "OCR_REQUIRED" in err and "time share of 0.005 s" in err and "time-out of 0.01 s" in err
    assert main(["markdown", str(pdf), "--timeout", "60"]) == 0
    assert "Scanned line 1: the quick brown fox" in capsys.readouterr().out
    assert main(["chunks", str(pdf), "--timeout", "0"]) == 2
    assert "--timeout must be greater than 0" in capsys.readouterr().err


def test_a_panic_of_calamine_prints_no_stack_trace(sample_corpus, tmp_path):
    # the first sheet's relationship id in xl/workbook.bin said to be 62,468 characters long
    # instead of 4: python-calamine panics opening the workbook. With RUST_BACKTRACE=1 in the
    # user's environment Rust printed a stack trace of some forty lines before our error line;
    # now the panic's message alone (three lines) comes before it
    from tests.indexer.formats.test_spreadsheet_errors import _patched_shipments

    path = tmp_path / "shipments.xlsb"
    path.write_bytes(_patched_shipments(sample_corpus, "xl/workbook.bin", 362, 0, 0xF4))
    env = {**os.environ, "RUST_BACKTRACE": "1", "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run(
        [sys.executable, "-m", "tui.cli", "chunks", str(path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 1
    lines = [line for line in done.stderr.splitlines() if line]
    assert "stack backtrace:" not in lines
    assert lines[-1] == (
        "chunkscope: error: PARSE_ERROR: the workbook could not be read: python-calamine failed on it:"
        " range end index 124948 out of range for slice of length 36"
    )
    assert len(lines) <= 4
