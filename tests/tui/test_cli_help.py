"""Every command's ``--help`` at 80 columns says its arguments in one vocabulary: placeholders in
capitals from a short list (``FILE``, ``FOLDER``, ``N`` …), never one argparse made from an
option's name (``--window-size WINDOW_SIZE``), a help line for every argument, a default in the
form ``(default: X)``, and an option several commands take said the same way in each."""

from __future__ import annotations

import argparse
import re

import pytest

from tui.cli import _commands, build_parser

#: the placeholders the commands use; a new one belongs here only when none of these says it
PLACEHOLDERS = {
    "FILE",
    "FOLDER",
    "PATH",
    "QUERY",
    "N",
    "MB",
    "MS",
    "SECONDS",
    "MODE",
    "MODE,MODE,...",
    "EXT",
    "LANGS",
    "PASSWORD",
    "SOURCE_TYPE",
    "CONTENT_TYPE",
}


def commands() -> dict[str, argparse.ArgumentParser]:
    return _commands(build_parser())


def arguments(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    return [a for a in parser._actions if not isinstance(a, argparse._HelpAction)]


def help_at_80_columns(parser: argparse.ArgumentParser, monkeypatch) -> str:
    monkeypatch.setenv("COLUMNS", "80")  # what argparse's formatter reads for the width
    return parser.format_help()


def test_every_argument_has_a_placeholder_of_the_list_and_a_help_line(monkeypatch):
    found = {}
    for name, parser in commands().items():
        text = help_at_80_columns(parser, monkeypatch)
        assert all(len(line) <= 80 for line in text.splitlines()), (name, text)
        for action in arguments(parser):
            said = action.option_strings[-1] if action.option_strings else action.dest
            assert action.help, (name, said)  # --window-size, --limit, chunks' file had none
            if action.nargs == 0 or action.choices:
                continue  # a flag, or a value whose choices are listed
            # argparse's own were the option's name in capitals (WINDOW_SIZE, QUIET_MS, OUTPUT),
            # the positionals' in small letters (file, folder, query)
            found[(name, said)] = action.metavar
    assert all(metavar in PLACEHOLDERS for metavar in found.values()), {
        k: v for k, v in found.items() if v not in PLACEHOLDERS
    }
    # the usage lines say the positionals as the README does
    assert found[("chunks", "file")] == found[("markdown", "file")] == found[("manifest", "file")] == "FILE"
    assert found[("index", "folder")] == found[("ui", "folder")] == found[("report", "folder")] == "FOLDER"
    assert found[("search", "query")] == "QUERY"


def test_a_default_is_said_in_one_form(monkeypatch):
    for name, parser in commands().items():
        text = " ".join(help_at_80_columns(parser, monkeypatch).split())
        # "(default 120)" beside "(default: one per core)"
        assert not re.search(r"\(default [^:]", text), (name, text)
    chunks = " ".join(help_at_80_columns(commands()["chunks"], monkeypatch).split())
    # the mode parameters' defaults (indexer.modes.params.ModeParams; docs/output-schema.md) were
    # not said at all
    for said in (
        "--window-size N sliding_window: blocks per window (default: 3)",
        "--overlap N sliding_window: blocks a window shares with the one before (default: 1)",
        "--sentences-per-chunk N sentence: sentences per chunk (default: 3)",
        "--paragraphs-per-page N page_aware: blocks per page where the document marks none (default: 15)",
        "--rows-per-chunk N row: rows per chunk (default: 3 for CSV, 1 for spreadsheets)",
        "--timeout SECONDS the file's time budget (default: 120)",
    ):
        assert said in chunks, said
    search = " ".join(help_at_80_columns(commands()["search"], monkeypatch).split())
    assert "--limit N hits to show at most (default: 20)" in search, search


@pytest.mark.parametrize(
    ("option", "names", "said"),
    [
        # "extraction worker processes" (watch, no default) and "extraction processes (default:
        # CPUs)" (ui) for the same pool
        ("--jobs", ("index", "ui", "watch"), "N extraction worker processes (default: one per core)"),
        # "watch by polling instead of native events" beside "poll the folder instead of native file events"
        ("--poll", ("ui", "watch"), "watch by polling instead of native file events"),
        # "database file" with no default beside "the index file (default: …)"
        ("--db", ("index", "ui", "watch"), "PATH the index file (default: FOLDER/.chunkscope/index.db)"),
        (
            "--db",
            ("export", "report", "compact"),
            "PATH the index file (default: the index of FOLDER or of a folder above it)",
        ),
        # export's "--output OUTPUT, -o OUTPUT"; fields had no -o
        ("-o", ("export", "fields"), "FILE, --output FILE write here instead of standard output"),
    ],
)
def test_an_option_several_commands_take_is_said_the_same_in_each(option, names, said, monkeypatch):
    for name in names:
        text = " ".join(help_at_80_columns(commands()[name], monkeypatch).split())
        assert f" {option} {said}" in text, (name, text)


def test_password_help_names_every_kind_of_file_the_password_opens(monkeypatch):
    # OpenDocument files saved with a password open with it too (indexer/formats/_odf_encrypted.py),
    # as the README says; the help named PDF and the Office formats alone.
    taking = {name: p for name, p in commands().items() if "--password" in p.format_usage()}
    assert set(taking) == {"ui", "index", "watch", "chunks", "markdown"}
    for name, parser in taking.items():
        text = " ".join(help_at_80_columns(parser, monkeypatch).split())
        said = text.split("--password PASSWORD", 1)[1]
        for kind in ("PDF", "Word", "Excel", "PowerPoint", "OpenDocument"):
            assert kind in said.split("(not given")[0], (name, kind, said)
