"""The ``chunkscope`` command line.

Each subcommand is a module in ``tui.commands`` with a ``register(subparsers)`` function that adds
its parser and sets ``run=callable(args) -> int``. Heavy imports (Textual, SQLite helpers, parsers)
happen inside ``run`` so that ``chunkscope --help`` stays fast.

A user mistake (missing file, unknown mode, bad parameter) is one line on stderr and exit status 2;
a document the extractor cannot read is one line and exit status 1; never a traceback. Every such
line has the same form, ``chunkscope: error: …``: a mistake in the words that say it, a document's
failure with its error code first (``chunkscope: error: PARSE_ERROR: …``), as the report writes it.

A command that goes on without a file (``fields`` over files it cannot read, ``export`` over files
its mode does not serve) says so as it goes, in one form of its own: ``chunkscope: skipped PATH:
why``, the why in the words of the error line (a document's failure with its code first). It is
not an error (the command goes on and its exit status says how the whole run went) and not a
warning (a file read with warnings is indexed, and the report counts it under ⚠).
"""

from __future__ import annotations

import argparse
import difflib
import importlib
import os
import pkgutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from indexer import errors
from indexer.quiet import quiet_libraries

USER_MISTAKES = (errors.INVALID_ARGUMENT, errors.IO_ERROR, errors.UNSUPPORTED_FORMAT)
PROG = "chunkscope"


def say_skipped(what: str, why: str) -> None:
    """The line on stderr for a file (or files, ``what`` naming them) a command goes on without."""
    print(f"chunkscope: skipped {what}: {why}", file=sys.stderr)


def failure_words(exc: errors.ChunkscopeError) -> str:
    """A document's failure as the error line, the report and the index summary write it: its
    code, then its message."""
    return f"{exc.code}: {exc.message}"


class UserError(Exception):
    """A mistake in how a command was called; printed as one line, exit status 2."""


def existing_folder(path: Path) -> Path:
    """``path`` when it is a folder; else the mistake in the words every command uses for it."""
    if path.is_dir():
        return path
    if path.exists():
        raise UserError(f"{path} is a file, not a folder")
    raise UserError(f"no such folder: {path}")


def existing_file(path: Path) -> Path:
    """``path`` when it is a file; else the mistake in the words every command uses for it."""
    if path.is_file():
        return path
    if path.is_dir():
        raise UserError(f"{path} is a folder, not a file")
    raise UserError(f"no such file: {path}")


class Parser(argparse.ArgumentParser):
    """argparse's parser, saying a mistake in a command's arguments as every other error line is
    said: the command's usage (``usage: chunkscope chunks …``), then ``chunkscope: error: …``, exit
    status 2. A subcommand's parser said it after its own name (``chunkscope chunks: error: …``);
    ``add_subparsers`` makes the subcommands' parsers of this class too."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{PROG}: error: {message}\n")


def build_parser() -> Parser:
    parser = Parser(
        prog=PROG,
        description=(
            "A local corpus indexer with a terminal UI. `chunkscope [FOLDER]` opens the UI on a folder "
            "(default: the current one), indexing it in the background and watching it for changes; "
            "a folder named as a command opens with `chunkscope ./NAME` or `chunkscope ui NAME`."
        ),
    )
    from indexer import __version__

    parser.add_argument("--version", action="version", version=f"chunkscope {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    package = importlib.import_module("tui.commands")
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"tui.commands.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(sub)
    return parser


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """Each subcommand's parser by its name."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _mistyped_command(word: str, commands: dict[str, argparse.ArgumentParser]) -> str | None:
    """The mistake in a first word that is neither a subcommand nor a path that exists but is close
    to a subcommand's name (``chunk`` for ``chunks``): the UI took it for a folder and said ``no such
    folder: chunk``, or ``unrecognized arguments`` of the rest under its own usage. None when the
    word names something that exists (a folder called ``chunk`` opens the UI on it), holds a path
    separator (``./chunk`` is a path) or is close to no subcommand."""
    if word.startswith("-") or "/" in word or os.sep in word or Path(word).expanduser().exists():
        return None
    close = difflib.get_close_matches(word, sorted(commands), n=3)
    if not close:
        return None
    quoted = [f"'{name}'" for name in close]
    choices = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]
    return f"no such folder or command: '{word}' (did you mean {choices}?)"


def main(argv: Sequence[str] | None = None) -> int:
    if argv is None:  # run as the program: this process's logging and warnings are ours to set
        quiet_libraries()
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    commands = _commands(parser)
    # `chunkscope [FOLDER] [--db …]` opens the UI: route anything that is not a subcommand there.
    if "ui" in commands and (
        not args_list or (args_list[0] not in commands and args_list[0] not in ("-h", "--help", "--version"))
    ):
        mistyped = _mistyped_command(args_list[0], commands) if args_list else None
        if mistyped is not None:
            print(f"chunkscope: error: {mistyped}", file=sys.stderr)
            return 2
        args_list.insert(0, "ui")
    args, unknown = parser.parse_known_args(args_list)
    if unknown:
        # said by the subcommand's parser, with its usage, where argparse says it by the
        # program's (`usage: chunkscope [-h] [--version] COMMAND ...` for `chunks x --bogus`)
        commands.get(args.command, parser).error(f"unrecognized arguments: {' '.join(unknown)}")
    run = getattr(args, "run", None)
    if run is None:
        parser.print_help()
        return 0
    try:
        return int(run(args) or 0)
    except UserError as exc:
        print(f"chunkscope: error: {exc}", file=sys.stderr)
        return 2
    except errors.ChunkscopeError as exc:
        mistake = exc.code in USER_MISTAKES
        # a mistake as a UserError says it (`chunks --mode rows` wrote "INVALID_ARGUMENT: unknown
        # mode …" where `export --mode rows` wrote "error: unknown mode …"); a failure keeps its code
        said = exc.message if mistake else failure_words(exc)
        print(f"chunkscope: error: {said}", file=sys.stderr)
        return 2 if mistake else 1
    except KeyboardInterrupt:
        print("chunkscope: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
