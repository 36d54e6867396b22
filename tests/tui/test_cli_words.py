"""The command line's human-readable output says counts, sizes and times as the UI says them
(``tui.present``): '1 file' (it wrote '1 files'), sizes in the units of ``human_bytes`` ('1.5 KB'
where it wrote '0.0 MB'), and a run under ten seconds in milliseconds with thousands separators,
as the app's progress line says it ('36 files read in 1,262 ms')."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tests.conftest import SAMPLE_CORPUS
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


# a heading and a paragraph (two chunks of the default mode): 8 + 1 + 44 = 53 bytes
POOLS = "# Tides\n\nThe tide pools fill twice a day with brine.\n"


def pools(tmp_path: Path, capsys) -> Path:
    folder = tmp_path / "corpus"
    folder.mkdir()
    (folder / "pools.md").write_text(POOLS, encoding="utf-8")
    assert main(["index", str(folder), "--jobs", "1"]) == 0
    capsys.readouterr()
    return folder


def test_report_says_one_file_and_each_format_s_size_as_the_ui_does(tmp_path, capsys):
    folder = pools(tmp_path, capsys)
    assert main(["report", str(folder)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"{folder} — 1 file, 2 chunks", lines[0]
    # the size column in the report screen's units: 53 bytes is "53 B" (it was an "MB" of "0.0")
    head = next(line for line in lines if "format" in line)
    assert [cell.strip() for cell in head.strip("┃").split("┃")][:3] == ["format", "files", "size"], head
    [md] = [line for line in lines if "│ md " in line]
    assert [cell.strip() for cell in md.strip("│").split("│")][:3] == ["md", "1", "53 B"], md


def test_export_says_one_file_as_the_app_does(tmp_path, capsys):
    folder = pools(tmp_path, capsys)
    assert main(["export", str(folder), "-o", str(tmp_path / "out.jsonl")]) == 0
    # it wrote "2 chunks from 1 documents (default)"
    assert capsys.readouterr().err == "2 chunks from 1 file (default)\n"


def test_search_in_another_mode_says_files_as_the_search_dialog_does(tmp_path, capsys):
    folder = pools(tmp_path, capsys)
    assert main(["search", "brine", "--folder", str(folder), "--mode", "sentence"]) == 0
    # it wrote "chunking 1 document in sentence mode first …"; the dialog says files
    assert capsys.readouterr().err.splitlines() == ["chunking 1 file in sentence mode first …", "1 hit"]


def test_chunks_compare_writes_figures_with_thousands_separators(tmp_path, capsys):
    # one paragraph of 1,100 characters: one chunk of the default mode (bound 1,200)
    path = tmp_path / "long.md"
    path.write_text("x" * 1100 + "\n", encoding="utf-8")
    assert main(["chunks", str(path), "--compare", "default"]) == 0
    head, rule, row = capsys.readouterr().out.splitlines()
    # it wrote "1100" and a bound of "1200" where the compare view writes "1,100" and "over 1,200"
    assert row.split()[:7] == ["default", "1", "1,100", "1,100", "1,100", "1,200", "0"], row


def test_conformance_takes_an_extension_with_or_without_its_dot(capsys):
    # Markdown is .md and .markdown: its modes over the built-in corpus, every check passing
    assert main(["conformance", "--ext", "md"]) == 0
    assert main(["conformance", "--ext", ".md"]) == 0
    without, with_dot = capsys.readouterr().out.splitlines()
    assert without == with_dot and without.endswith(" passed, 0 failed") and not without.startswith("0 "), (
        without
    )


def test_conformance_says_an_extension_no_format_has_instead_of_passing_nothing(capsys):
    # it ran no check, wrote "0 passed, 0 failed" and exited with 1 as if a check had failed
    assert main(["conformance", "--ext", "zz"]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err == (
        "chunkscope: error: no supported format has the extension .zz; `chunkscope formats` lists them\n"
    )


def test_export_in_a_mode_no_format_has_is_an_error_before_anything_is_written(tmp_path, capsys):
    folder = pools(tmp_path, capsys)
    target = tmp_path / "out.jsonl"
    # it skipped every file, one line each, wrote an empty file and exited with 0
    assert main(["export", str(folder), "--mode", "bogus", "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("chunkscope: error: unknown mode 'bogus'; choose from default, "), err
    assert not target.exists()


def test_export_says_the_files_a_mode_skips_in_one_line(tmp_path, capsys):
    folder = tmp_path / "corpus"
    folder.mkdir()
    for name in ("a.md", "b.md", "c.md", "d.md"):
        (folder / name).write_text(POOLS, encoding="utf-8")
    (folder / "t.csv").write_text("city,tide\nZanzibar,high\n", encoding="utf-8")
    assert main(["index", str(folder), "--jobs", "1"]) == 0
    capsys.readouterr()
    assert main(["export", str(folder), "--mode", "row", "-o", str(tmp_path / "out.jsonl")]) == 0
    # the four Markdown files have no row mode: one line for them, where each had a line of its own
    skips, counts = capsys.readouterr().err.splitlines()
    # the modes of documents (SPEC §2), sorted
    assert skips == (
        "chunkscope: skipped 4 files (a.md, b.md, c.md and 1 more): unknown mode 'row' for document files; "
        "choose from default, page_aware, section, semantic, sentence, sliding_window, structural"
    ), skips
    # the CSV file's one row under its header: one chunk
    assert counts == "1 chunk from 1 file (row), 4 skipped", counts


def test_every_command_says_a_file_it_goes_on_without_in_one_form(tmp_path, capsys):
    from tests.tui.conftest import BROKEN_DOCX

    schema = tmp_path / "schema.json"
    schema.write_text('{"format": "JSON", "fields": [{"name": "text", "kind": "STRING"}]}', encoding="utf-8")
    replies = tmp_path / "replies"
    replies.mkdir()
    (replies / "a.txt").write_text('{"text": "hi"}', encoding="utf-8")
    broken = replies / "broken.docx"
    broken.write_bytes(BROKEN_DOCX)  # not a zip archive: PARSE_ERROR
    assert main(["fields", "--schema", str(schema), str(replies), "--quiet"]) == 0
    # it said "chunkscope: …/broken.docx: PARSE_ERROR: …", where export said "chunkscope: skipped …"
    skipped, summary = capsys.readouterr().err.splitlines()
    assert skipped == (
        f"chunkscope: skipped {broken}: PARSE_ERROR: broken.docx is not a valid zip archive: "
        "File is not a zip file"
    ), skipped
    # the count in the note's word, as export counts the files it skips (it said "1 unreadable")
    assert summary.startswith("1 document in ") and summary.endswith(", 1 skipped"), summary

    # one file export goes on without: named as fields names it (it said "skipped 1 file (a.md): …")
    folder = tmp_path / "corpus"
    folder.mkdir()
    (folder / "a.md").write_text(POOLS, encoding="utf-8")
    (folder / "t.csv").write_text("city,tide\nZanzibar,high\n", encoding="utf-8")
    assert main(["index", str(folder), "--jobs", "1"]) == 0
    capsys.readouterr()
    assert main(["export", str(folder), "--mode", "row", "-o", str(tmp_path / "out.jsonl")]) == 0
    skipped, counts = capsys.readouterr().err.splitlines()
    assert skipped == (
        "chunkscope: skipped a.md: unknown mode 'row' for document files; "
        "choose from default, page_aware, section, semantic, sentence, sliding_window, structural"
    ), skipped
    assert counts == "1 chunk from 1 file (row), 1 skipped", counts


def test_every_command_says_an_unknown_mode_in_the_same_words(tmp_path, capsys):
    folder = pools(tmp_path, capsys)
    table = tmp_path / "tides.csv"
    table.write_text("city,tide\nZanzibar,high\n", encoding="utf-8")
    # a CSV file's modes (SPEC §2: row (= default), sliding_window, page_aware), sorted; it said
    # "mode must be one of [page_aware, row, sliding_window] for csv sources, got: 'rows'"
    for_csv = "unknown mode 'rows' for csv files; choose from default, page_aware, row, sliding_window"
    assert main(["chunks", str(table), "--mode", "rows"]) == 2
    assert capsys.readouterr().err == f"chunkscope: error: {for_csv}\n"
    assert main(["chunks", str(table), "--compare", "row,rows"]) == 2
    assert capsys.readouterr().err == f"chunkscope: error: {for_csv}\n"
    # a folder's commands name every family's modes; `index --modes` takes `all` too (it said
    # "unknown mode(s) rows; choose from …")
    every = "default, page_aware, row, section, semantic, sentence, sheet, sliding_window, structural, table"
    assert main(["export", str(folder), "--mode", "rows", "-o", str(tmp_path / "out.jsonl")]) == 2
    assert capsys.readouterr().err == f"chunkscope: error: unknown mode 'rows'; choose from {every}\n"
    assert main(["search", "brine", "--folder", str(folder), "--mode", "rows"]) == 2
    assert capsys.readouterr().err == f"chunkscope: error: unknown mode 'rows'; choose from {every}\n"
    assert main(["index", str(folder), "--modes", "rows", "sektion"]) == 2
    assert capsys.readouterr().err == (
        f"chunkscope: error: unknown modes 'rows', 'sektion'; choose from all, {every}\n"
    )


def test_every_command_says_an_error_in_one_form(tmp_path, capsys):
    from tests.tui.conftest import BROKEN_DOCX

    folder = pools(tmp_path, capsys)
    note = folder / "pools.md"
    table = tmp_path / "tides.csv"
    table.write_text("city,tide\nZanzibar,high\n", encoding="utf-8")
    # not a zip archive: the docx extractor cannot read it (PARSE_ERROR, exit status 1)
    broken = tmp_path / "broken.docx"
    broken.write_bytes(BROKEN_DOCX)
    # NUMBER is no kind of field (STRING, INT, LONG, DOUBLE, BOOLEAN, ENUM, OBJECT: docs/fields.md)
    schema = tmp_path / "schema.json"
    schema.write_text('{"format": "JSON", "fields": [{"name": "a", "kind": "NUMBER"}]}', encoding="utf-8")
    nowhere = tmp_path / "nowhere" / "out.jsonl"
    unreadable = "PARSE_ERROR: broken.docx is not a valid zip archive: File is not a zip file"
    said = {
        # the library's mistakes were "chunkscope: INVALID_ARGUMENT: …", where every command's
        # own mistakes are "chunkscope: error: …"
        ("chunks", str(table), "--mode", "rows"): (
            2,
            "unknown mode 'rows' for csv files; choose from default, page_aware, row, sliding_window",
        ),
        ("chunks", str(note), "--mode", "sliding_window", "--window-size", "0"): (
            2,
            "window_size must be greater than 0",
        ),
        ("fields", "--schema", str(schema), str(note)): (
            2,
            "schema: a: kind must be one of STRING, INT, LONG, DOUBLE, BOOLEAN, ENUM, OBJECT (got 'NUMBER')",
        ),
        # a document the extractor cannot read: its code first, as the report writes a failure
        # (it was "chunkscope: PARSE_ERROR: …")
        ("chunks", str(broken)): (1, unreadable),
        ("markdown", str(broken)): (1, unreadable),
        # an output that cannot be written was a traceback
        ("export", str(folder), "-o", str(nowhere)): (
            2,
            f"cannot write {nowhere}: No such file or directory",
        ),
        ("markdown", str(note), "--images-dir", str(note)): (
            2,
            f"cannot write the images into {note}: File exists",
        ),
        # and the commands that said it so already
        ("report", str(tmp_path)): (
            2,
            f"{tmp_path} is not indexed; run `chunkscope index {tmp_path}` first (or pass --db)",
        ),
        ("compact", str(tmp_path)): (
            2,
            f"{tmp_path} is not indexed; run `chunkscope index {tmp_path}` first (or pass --db)",
        ),
        ("search", "tide", "--folder", str(folder), "--limit", "0"): (2, "--limit must be at least 1"),
        ("index", str(folder), "--jobs", "0"): (2, "--jobs must be at least 1"),
    }
    for argv, (status, words) in said.items():
        assert main(list(argv)) == status, argv
        assert capsys.readouterr().err == f"chunkscope: error: {words}\n", argv
    assert not nowhere.parent.exists()


def usage_mistake(argv: list[str], capsys) -> tuple[str, str]:
    """The first and the last line ``main(argv)`` writes on stderr for a mistake argparse finds
    in the arguments (it exits with status 2, writing nothing on stdout)."""
    with pytest.raises(SystemExit) as ended:
        main(argv)
    assert ended.value.code == 2, argv
    out, err = capsys.readouterr()
    assert out == "", argv
    lines = err.splitlines()
    return lines[0], lines[-1]


def test_every_command_says_a_mistake_in_its_arguments_in_the_one_form(tmp_path, capsys):
    from tui.cli import _commands, build_parser

    # argparse said them after the subcommand's name ("chunkscope chunks: error: …"), where every
    # other error line reads "chunkscope: error: …"; the usage line still names the subcommand
    said = {
        ("chunks",): "the following arguments are required: FILE",  # as the usage line names it
        ("index", str(tmp_path), "--jobs", "x"): "argument --jobs: invalid int value: 'x'",
        (
            "chunks",
            "a.md",
            "--ocr",
            "maybe",
        ): "argument --ocr: invalid choice: 'maybe' (choose from 'auto', 'never')",
        ("export", "--format", "xml"): "argument --format: invalid choice: 'xml' (choose from 'jsonl')",
        # an argument no parser took was said with the usage of the program, not of the command
        # ("usage: chunkscope [-h] [--version] COMMAND ...")
        ("chunks", "a.md", "--bogus"): "unrecognized arguments: --bogus",
    }
    for argv, words in said.items():
        usage, error = usage_mistake(list(argv), capsys)
        assert usage.startswith(f"usage: chunkscope {argv[0]} [-h]"), (argv, usage)
        assert error == f"chunkscope: error: {words}", argv
    commands = sorted(_commands(build_parser()))
    assert len(commands) == 13 and "ui" in commands, commands
    for name in commands:
        usage, error = usage_mistake([name, "--no-such-option"], capsys)
        assert usage.startswith(f"usage: chunkscope {name} [-h]"), (name, usage)
        assert error.startswith("chunkscope: error: "), (name, error)


def test_every_command_says_a_missing_or_wrong_path_in_the_same_words(tmp_path, capsys):
    note = tmp_path / "note.md"
    note.write_text(POOLS, encoding="utf-8")
    missing = tmp_path / "nope"
    said = {
        # index said "not a folder" of a folder that is not there, where watch said "no such folder"
        ("index", str(missing)): f"no such folder: {missing}",
        ("watch", str(missing)): f"no such folder: {missing}",
        ("index", str(note)): f"{note} is a file, not a folder",
        # chunks and markdown said "IO_ERROR: File not found", where manifest said "no such file"
        ("chunks", str(missing)): f"no such file: {missing}",
        ("markdown", str(missing)): f"no such file: {missing}",
        ("manifest", str(missing)): f"no such file: {missing}",
        ("chunks", str(tmp_path)): f"{tmp_path} is a folder, not a file",
    }
    for argv, words in said.items():
        assert main(list(argv)) == 2, argv
        assert capsys.readouterr().err == f"chunkscope: error: {words}\n", argv


def test_a_db_that_is_not_there_says_what_db_takes(tmp_path, capsys):
    missing = tmp_path / "index.db"
    for argv in (["report", "--db", str(missing)], ["search", "tide", "--db", str(missing)]):
        assert main(argv) == 2
        # it said "no index at …" and no more: not what --db wants, nor that it may be left out
        assert capsys.readouterr().err == (
            f"chunkscope: error: no index at {missing}; --db takes the index file of an indexed folder "
            "(FOLDER/.chunkscope/index.db), or leave it out to use the folder's own\n"
        )


def test_compact_says_sizes_and_its_time_as_the_app_does(tmp_path, capsys):
    folder = pools(tmp_path, capsys)
    assert main(["compact", str(folder)]) == 0
    out = capsys.readouterr().out
    db = folder / ".chunkscope" / "index.db"
    # an index of one small file is some KB, compacted in well under a second: it said
    # "0.1 -> 0.1 MB (0.0 MB given back; …) in 0.0 s"
    # (nothing given back when every page was full: it said "0 B given back")
    said = (
        rf"Compacted {re.escape(str(db))}: [\d.]+ KB -> [\d.]+ KB \(([\d.]+ (B|KB)|nothing) given back; "
        r"before: [\d,]+ free pages?, "
    )
    assert re.match(said, out), out
    assert re.search(r" in [\d,]+ ms\n$", out), out
    assert f"-> {human_bytes(db.stat().st_size)} (" in out, out


def test_compact_says_a_file_that_came_out_larger_as_larger_not_as_given_back():
    from storage.compact import Compaction, Space
    from tui.commands.compact import describe

    # 10 pages of 4,096 bytes before, 11 after, nothing measured free
    grew = Compaction("index.db", 40_960, 45_056, Space(40_960, 0, 0, 0), 0.012)
    # it said "(-4096 B given back; …)"
    assert describe(grew) == (
        "Compacted index.db: 40 KB -> 44 KB (nothing given back, 4.0 KB larger; before: 0 free pages, "
        "0 B of 40 KB free or room inside pages) in 12 ms"
    )
    same = Compaction("index.db", 40_960, 40_960, Space(40_960, 0, 0, 0), 0.012)
    assert describe(same).startswith("Compacted index.db: 40 KB -> 40 KB (nothing given back; before: ")


def test_a_failure_is_said_once_with_its_path_in_printable_characters(tmp_path, capsys):
    folder = tmp_path / "corpus"
    folder.mkdir()
    # sample_corpus/pdf/encrypted.pdf opens only with its password (bench/make_sample_pdfs.py)
    shutil.copy(SAMPLE_CORPUS / "pdf" / "encrypted.pdf", folder / "locked\x1b[2J.pdf")
    assert main(["index", str(folder), "--jobs", "1"]) == 0
    summary = capsys.readouterr().out.splitlines()
    assert main(["report", str(folder)]) == 0
    report = capsys.readouterr().out.splitlines()
    # the name's ESC as the app shows it (␛, U+241B), where the terminal got an ESC that cleared
    # the screen; the message without its own leading "locked␛[2J.pdf: " (the path was said twice)
    why = "ENCRYPTED: the PDF is password-protected (the empty password does not open it)"
    assert f"  failed locked␛[2J.pdf: {why}" in summary, summary
    assert f"failed               locked␛[2J.pdf  {why}" in report, report


def test_fields_says_one_document_and_its_time_as_the_app_does(tmp_path, capsys):
    schema = tmp_path / "answer.json"
    schema.write_text(
        '{"format": "JSON", "rootName": "answer", "fields": [{"name": "text", "kind": "STRING"}]}',
        encoding="utf-8",
    )
    reply = tmp_path / "reply.txt"
    reply.write_text('{"text": "hi"}', encoding="utf-8")
    assert main(["fields", "--schema", str(schema), str(reply)]) == 0
    out, err = capsys.readouterr()
    # the table's last line and the summary said "1 documents", the time in seconds ("0.01 s")
    assert out.splitlines()[-1] == "1 document", out
    assert re.fullmatch(r"1 document in [\d,]+ ms \([\d,]+/s\)\n", err), err


def test_report_in_an_80_column_terminal_leaves_out_columns_as_the_app_does(tmp_path, capsys, monkeypatch):
    folder = pools(tmp_path, capsys)
    monkeypatch.setenv("TTY_COMPATIBLE", "1")  # a terminal, as Rich tells one
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["report", str(folder)]) == 0
    lines = re.sub(r"\x1b\[[0-9;]*m", "", capsys.readouterr().out).splitlines()  # its styles left out
    # every line of the table in 80 cells, one line a format, each figure whole: the 13 columns
    # were squeezed into 80 cells, each cut short ("fo…", "si…") and "53 B" on two lines
    table = [line for line in lines if line[:1] in "┏┃┡│└"]
    assert table and all(len(line) <= 80 for line in table), table
    [md] = [line for line in table if line.startswith("│ md ")]
    cells = [cell.strip() for cell in md.strip("│").split("│")]
    heads = [line.strip("┃").split("┃") for line in table if line.startswith("┃")]
    names = [" ".join(part.strip() for part in parts if part.strip()) for parts in zip(*heads, strict=True)]
    # the app's report leaves out size, unsupported, stale and indexed first, and keeps the median
    # at this width; the attachments (a column the app does not have) go before it (the median
    # went, and the attachments stayed)
    assert names == [
        "format", "files", "failed", "chunks", "median", "⚠", "text pages", "images (extr/placeh)"
    ], names  # fmt: skip
    # pools.md: 1 file, none failed, its 2 chunks "Tides" (5 characters) and the sentence (43):
    # the lower median is 5; no pages, no images
    assert cells == ["md", "1", "0", "2", "5 ch", "0", "—", "0/0"], cells
    assert "(left out at this width: size, indexed, stale, unsupported, attachments (read/skipped);" in (
        "\n".join(lines)
    ), lines
    # the app's report at 80 columns (a table of 77 cells) keeps the median of the same figures
    from tui.screens.report import COLUMNS as APP
    from tui.screens.report import fit_columns, format_row

    assert main(["report", str(folder), "--json"]) == 0
    formats = json.loads(capsys.readouterr().out)["formats"]
    assert "median" in [APP[i] for i in fit_columns([format_row(f) for f in formats], 77)]


def test_report_names_each_figure_of_the_app_s_report_as_the_app_does(tmp_path, capsys):
    from tui.screens.report import COLUMNS as APP

    folder = pools(tmp_path, capsys)
    assert main(["report", str(folder)]) == 0  # piped: every column
    lines = capsys.readouterr().out.splitlines()
    heads = [line.strip("┃").split("┃") for line in lines if line.startswith("┃")]
    names = [" ".join(part.strip() for part in parts if part.strip()) for parts in zip(*heads, strict=True)]
    # it said "unsupp.", "median ch", "warn" and "pages (text/total)" for the app's unsupported,
    # median, ⚠ and text pages; the images and attachments it counts otherwise than the app
    assert names == [
        "format", "files", "size", "indexed", "stale", "failed", "unsupported", "chunks", "median", "⚠",
        "text pages", "images (extr/placeh)", "attachments (read/skipped)",
    ], names  # fmt: skip
    assert set(APP) - {"images"} <= set(names)
    # the two chunks of pools.md: "Tides" (5 characters) and its sentence (43): the lower median
    # (a real chunk's size) is 5, with the unit the app writes after it
    [md] = [line for line in lines if line.startswith("│ md ")]
    cells = [cell.strip() for cell in md.strip("│").split("│")]
    assert cells[names.index("median")] == "5 ch", cells


def test_report_says_a_count_of_none_and_a_figure_of_nothing_as_the_app_s_report_does(tmp_path, capsys):
    from tests.tui.conftest import BROKEN_DOCX
    from tui.screens.report import COLUMNS as APP
    from tui.screens.report import format_row

    folder = tmp_path / "corpus"
    folder.mkdir()
    (folder / "pools.md").write_text(POOLS, encoding="utf-8")
    # not a zip archive: the .docx fails (PARSE_ERROR), and so has no chunks
    (folder / "broken.docx").write_bytes(BROKEN_DOCX)
    assert main(["index", str(folder), "--jobs", "1"]) == 0
    capsys.readouterr()
    assert main(["report", str(folder)]) == 0  # piped: every column
    lines = capsys.readouterr().out.splitlines()
    heads = [line.strip("┃").split("┃") for line in lines if line.startswith("┃")]
    names = [" ".join(part.strip() for part in parts if part.strip()) for parts in zip(*heads, strict=True)]
    rows = {}
    for line in lines:
        if line.startswith("│ "):
            cells = [cell.strip() for cell in line.strip("│").split("│")]
            rows[cells[0]] = dict(zip(names, cells, strict=True))
    # pools.md: nothing stale, failed, unsupported or warned of, no images nor attachments: each a
    # 0 (the cells were empty); a Markdown file has no pages: "—", as the app writes it
    assert rows["md"] == {
        "format": "md", "files": "1", "size": "53 B", "indexed": "1", "stale": "0", "failed": "0",
        "unsupported": "0", "chunks": "2", "median": "5 ch", "⚠": "0", "text pages": "—",
        "images (extr/placeh)": "0/0", "attachments (read/skipped)": "0/0",
    }, rows["md"]  # fmt: skip
    # broken.docx: 37 bytes (a zip entry's 4-byte signature, " this is not really a zip archive"), failed, no
    # chunks: no median to tell ("—", the cell was empty)
    assert len(BROKEN_DOCX) == 37
    assert rows["docx"] == {
        "format": "docx", "files": "1", "size": "37 B", "indexed": "0", "stale": "0", "failed": "1",
        "unsupported": "0", "chunks": "0", "median": "—", "⚠": "0", "text pages": "—",
        "images (extr/placeh)": "0/0", "attachments (read/skipped)": "0/0",
    }, rows["docx"]  # fmt: skip
    # and every figure the two reports name alike is written alike (the images are counted otherwise)
    assert main(["report", str(folder), "--json"]) == 0
    for f in json.loads(capsys.readouterr().out)["formats"]:
        app = {name: str(cell) for name, cell in zip(APP, format_row(f), strict=True)}
        assert {name: rows[f["source_type"]][name] for name in set(APP) - {"images"}} == {
            name: cell for name, cell in app.items() if name != "images"
        }


def _drawn_index_bar(tmp_path, capsys, monkeypatch, columns: int = 120) -> str:
    """What `chunkscope index` draws on a terminal ``columns`` wide indexing pools.md, its escapes
    left out."""
    folder = tmp_path / "corpus"
    folder.mkdir()
    (folder / "pools.md").write_text(POOLS, encoding="utf-8")
    monkeypatch.setenv("TTY_COMPATIBLE", "1")  # a terminal, as Rich tells one: the bar is drawn
    monkeypatch.setenv("COLUMNS", str(columns))
    assert main(["index", str(folder), "--jobs", "1"]) == 0
    return re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", capsys.readouterr().err)


def test_index_progress_says_sizes_as_the_summary_does(tmp_path, capsys, monkeypatch):
    drawn = _drawn_index_bar(tmp_path, capsys, monkeypatch)
    # the bar's last state: the one file of 53 bytes read, where it said "0.0/0.0 MB"
    assert " 1/1 · 53 B/53 B · " in drawn, drawn[-400:]


def test_index_progress_says_its_figures_as_the_app_s_progress_line_does(tmp_path, capsys, monkeypatch):
    drawn = _drawn_index_bar(tmp_path, capsys, monkeypatch)
    # the app's line: "Indexing ━━━ 812/1,284 · 12 MB/30 MB · 34 files/s · ETA 0:14 · 2 failed"
    # (docs/ui.md); it drew "indexing ━━━ 100% 1/1 files 53 B/53 B 1.0 files/s ETA 0:00:00 0:00:00"
    last = drawn.strip().splitlines()[-1]
    assert re.fullmatch(r"Indexing ━+ 1/1 · 53 B/53 B · [\d,]+ files/s · ETA 0:00 *", last), last


@pytest.mark.parametrize(
    ("columns", "figures"),
    [
        # "Indexing", a bar of 10 and "1/1 · 53 B/53 B · N files/s · ETA 0:00" need 60 columns and more
        (50, r"1/1 · [\d,]+ files/s · ETA 0:00"),
        # the files a second go next, the time left stays
        (38, r"1/1 · ETA 0:00"),
    ],
)
def test_index_progress_leaves_out_figures_where_the_terminal_is_narrow(
    tmp_path, capsys, monkeypatch, columns, figures
):
    drawn = _drawn_index_bar(tmp_path, capsys, monkeypatch, columns)
    last = drawn.strip().splitlines()[-1]
    # whole figures, as the app's line leaves them out; Rich cut each short ("ETA 0… · 9 fail…")
    assert re.fullmatch(rf"Indexing ━{{10,}} {figures} *", last), last
    assert len(last.rstrip()) <= columns


def test_the_progress_figures_are_written_once_for_the_app_and_the_command_line():
    from tui.present import progress_note

    # 800 of 1,280 files in 25 s: 32 files a second, 480 left, 15 s
    assert progress_note(800, 1280, 25.0) == "800/1,280 · 32 files/s · ETA 0:15"
    assert (
        progress_note(800, 1280, 25.0, size="1.5 MB/2.4 MB")
        == "800/1,280 · 1.5 MB/2.4 MB · 32 files/s · ETA 0:15"
    )
    # nothing read yet: no rate to tell the time left from
    assert progress_note(0, 1280, 0.0) == "0/1,280 · 0 files/s"
    # a line short of room (the app's at 80 columns) leaves out the files a second, not the time left
    assert progress_note(800, 1280, 25.0, rate=False) == "800/1,280 · ETA 0:15"


def test_both_reports_write_every_count_with_thousands_separators():
    from tui.commands.report import _format_cells
    from tui.present import human_bytes
    from tui.screens.report import COLUMNS as APP
    from tui.screens.report import format_row

    # a folder of 1,204 PDFs (made-up figures): the files, pages and images cells said "1204",
    # "11873/12040" and "3310" where the chunks cell said "48,112"
    f = {
        "source_type": "pdf", "files": 1204, "bytes": 3 * 1024**3, "indexed": 1190, "stale": 1001,
        "failed": 14, "unsupported": 1000, "chunks": 48112, "median_chunk_chars": 1312,
        "with_warnings": 2210,
        "coverage": {
            "pages_total": 12040, "pages_with_text": 11873, "images_extracted": 3310,
            "images_placeholders": 1002, "images_skipped": 1500, "attachments_indexed": 0,
            "attachments_skipped": 0,
        },
    }  # fmt: skip
    app = {name: str(cell) for name, cell in zip(APP, format_row(f), strict=True)}
    assert app == {
        "format": "pdf", "files": "1,204", "indexed": "1,190", "failed": "14", "stale": "1,001",
        "unsupported": "1,000", "chunks": "48,112", "median": "1,312 ch", "⚠": "2,210",
        "text pages": "11,873/12,040", "images": "3,310 (+1,500 skipped)", "size": "3.0 GB",
    }, app  # fmt: skip
    cells = _format_cells(f, human_bytes)
    assert cells[1:4] == ["1,204", "3.0 GB", "1,190"]
    assert cells[-3:] == ["11,873/12,040", "3,310/1,002", "0/0"]


def test_index_refuses_a_time_out_or_memory_limit_below_one_as_chunks_does(tmp_path, capsys):
    folder = one_file(tmp_path)
    said = {
        # it indexed with the default 120 s, as if --timeout had not been given
        ("--timeout", "0"): "--timeout must be greater than 0, not 0",
        # it read every file and failed it: "DOCUMENT_LIMIT: extraction timed out after -5 s"
        ("--timeout", "-5"): "--timeout must be greater than 0, not -5",
        # it went without a limit, as if --memory-mb had not been given
        ("--memory-mb", "0"): "--memory-mb must be at least 1",
    }
    for option, words in said.items():
        assert main(["index", str(folder), "--jobs", "1", *option]) == 2, option
        assert capsys.readouterr().err == f"chunkscope: error: {words}\n", option
        assert not (folder / ".chunkscope").exists(), option
    # as chunks says it of the one file it reads
    assert main(["chunks", str(folder / "tides.md"), "--timeout", "-5"]) == 2
    assert capsys.readouterr().err == "chunkscope: error: --timeout must be greater than 0, not -5\n"
