"""`chunkscope fields --schema S.json PATH…`: typed fields out of each document, and their coverage.

PATHs are files or folders (walked recursively, hidden entries skipped). A reply saved as plain
text (``.txt``, ``.json``, ``.jsonl``, ``.xml``, ``.md``, ``.log``, no extension) is read as it is;
any other supported format goes through the indexer and its document text is read. ``--folder F``
reads the documents already indexed for F from its store instead, and stores the results there
so the UI can show them.

Output: one line per document (its states counted, and the strict gate), then the field coverage
table. ``--json`` prints one JSON object per document per line (exactly the conformance corpus's
``expected.json`` form plus ``path``, or ``path`` and ``error``) and the table on stderr. A file
it cannot read is said on stderr in either form (``chunkscope: skipped PATH: why``). ``--output``
writes what goes on standard output into a file instead, as ``export`` does.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tui.present import counted, took

RAW_TEXT_SUFFIXES = frozenset({"", ".txt", ".text", ".json", ".jsonl", ".xml", ".md", ".markdown", ".log"})
SHORT = {
    "EXTRACTED": "extracted",
    "DEFAULTED": "defaulted",
    "LOST_OPTIONAL": "lost opt.",
    "LOST_REQUIRED": "lost req.",
    "MALFORMED": "malformed",
}


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "fields",
        help="extract typed fields (a schema.json) from documents and report field coverage",
        description="Extract the fields a schema declares from each document (model replies in JSON or "
        "XML, tolerantly), classify each EXTRACTED / DEFAULTED / LOST_OPTIONAL / LOST_REQUIRED / "
        "MALFORMED, and print per-field coverage across the documents.",
    )
    p.add_argument("paths", nargs="*", type=Path, metavar="PATH", help="files or folders")
    p.add_argument("--schema", required=True, type=Path, metavar="FILE", help="the schema.json to extract")
    p.add_argument(
        "--folder",
        type=Path,
        metavar="FOLDER",
        help="read the indexed documents of this folder from its store and store the results",
    )
    p.add_argument(
        "--db",
        type=Path,
        metavar="PATH",
        help="with --folder: the index file (default: the index of --folder or of a folder above it)",
    )
    p.add_argument("--json", action="store_true", help="the results as JSON lines, one document a line")
    p.add_argument("-o", "--output", type=Path, metavar="FILE", help="write here instead of standard output")
    p.add_argument("--quiet", action="store_true", help="only the coverage table")
    p.add_argument(
        "--strict", action="store_true", help="exit status 1 when a required field is lost or malformed"
    )
    p.set_defaults(run=run)


# -- inputs ----------------------------------------------------------------------------------------


def iter_files(paths: list[Path]) -> Iterator[Path]:
    """Files under ``paths`` in a stable order (folders walked, hidden entries skipped)."""
    from tui.cli import UserError

    for path in paths:
        if path.is_file():
            yield path
        elif path.is_dir():
            for folder, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for name in sorted(files):
                    if not name.startswith("."):
                        yield Path(folder) / name
        else:
            raise UserError(f"no such file or folder: {path}")


def read_text(path: Path) -> str:
    """A document's text: plain-text replies as they are, other formats through the indexer."""
    from indexer import errors

    if path.suffix.lower() in RAW_TEXT_SUFFIXES:
        from indexer.sniff import decode_text, looks_binary

        try:
            data = path.read_bytes()
        except OSError as exc:
            raise errors.SourceIOError(f"cannot read {path}: {exc.strerror or exc}") from None
        if looks_binary(data[:8192]):
            raise errors.UnsupportedFormat(f"{path.name} looks binary, not a text reply")
        return decode_text(data)[0]
    from indexer import extract

    doc = extract(path)
    return doc.text or "\n\n".join(b.text for b in doc.blocks)


# -- output ----------------------------------------------------------------------------------------


def line_for(path: str, result) -> str:
    counts = result.counts()
    parts = [f"{counts[s]} {SHORT[s]}" for s in SHORT if counts[s]]
    gate = "ok  " if result.ok else "FAIL"
    tail = ""
    if not result.ok:
        bits = []
        if result.lost_required:
            bits.append("missing " + ", ".join(result.lost_required[:4]))
        if result.malformed_required:
            bits.append("malformed " + ", ".join(result.malformed_required[:4]))
        tail = "  (" + "; ".join(bits) + ")"
    empty = "  [no payload]" if result.empty else ""
    return f"{gate} {path}  " + " · ".join(parts) + empty + tail


def coverage_table(table: dict[str, dict[str, int]], documents: int) -> str:
    """The coverage table as text: one row per field path, documents per state, and the share of
    documents where the field is usable (EXTRACTED or DEFAULTED)."""
    states = list(SHORT)
    width = max([len("field"), *(len(p) for p in table)])
    head = (
        f"{'field':<{width}}  " + "  ".join(f"{SHORT[s]:>9}" for s in states) + f"  {'n/a':>5}  {'usable':>6}"
    )
    lines = [head, "─" * len(head)]
    for path, row in table.items():
        seen = sum(row.values())
        usable = row["EXTRACTED"] + row["DEFAULTED"]
        share = f"{100 * usable / documents:5.1f}%" if documents else "    –"
        cells = "  ".join(f"{row[s]:>9,}" for s in states)
        lines.append(f"{path:<{width}}  {cells}  {documents - seen:>5,}  {share:>6}")
    lines.append(counted(documents, "document"))
    return "\n".join(lines)


def result_object(path: str, result) -> dict[str, Any]:
    return {"path": path, **result.to_expected()}


# -- the command -----------------------------------------------------------------------------------


def run(args: argparse.Namespace) -> int:
    from indexer.fields import load_schema
    from tui.cli import UserError, existing_folder
    from tui.commands.index import open_store

    if not args.paths and args.folder is None:
        raise UserError("give PATHs (files or folders) or --folder FOLDER")
    if args.paths and args.folder is not None:
        raise UserError("give either PATHs or --folder, not both")
    schema = load_schema(args.schema)  # a bad schema is one INVALID_ARGUMENT line

    # the inputs are found before --output is opened: a mistake in them leaves no empty file
    files: list[Path] = []
    store = None
    if args.paths:
        files = list(iter_files(args.paths))
        if not files:
            raise UserError("no files found under " + ", ".join(str(p) for p in args.paths))
    else:
        store = open_store(args.db, existing_folder(args.folder), readonly=False)
    try:
        try:
            # (closed below)
            out = open(args.output, "w", encoding="utf-8") if args.output else sys.stdout  # noqa: SIM115
        except OSError as exc:  # said as export says it
            raise UserError(f"cannot write {args.output}: {exc.strerror or exc}") from None
        try:
            return _run(args, schema, files, store, out)
        finally:
            if out is not sys.stdout:
                out.close()
    finally:
        if store is not None:
            store.close()


def _run(args: argparse.Namespace, schema, files: list[Path], store, out) -> int:
    from indexer import errors
    from indexer.fields import coverage, extract_fields
    from tui.cli import failure_words, say_skipped

    results = []
    failures = 0
    started = time.perf_counter()
    progress = _Progress(enabled=sys.stderr.isatty() and not args.json)

    def emit(path: str, result) -> None:
        results.append(result)
        if args.json:
            out.write(json.dumps(result_object(path, result), ensure_ascii=False) + "\n")
        elif not args.quiet:
            out.write(line_for(path, result) + "\n")

    def fail(path: str, exc: errors.ChunkscopeError) -> None:
        nonlocal failures
        failures += 1
        if args.json:  # the stream keeps an object for every file, the unreadable ones too
            out.write(
                json.dumps({"path": path, "error": exc.code, "message": exc.message}, ensure_ascii=False)
                + "\n"
            )
        # and stderr says it as every command says a file it goes on without (with --json it said
        # nothing there, where export says its skipped files on stderr whatever the output)
        progress.clear()  # the note on a line of its own, not after the counter
        say_skipped(path, failure_words(exc))

    if store is not None:
        _run_folder(store, args.folder, schema, emit, fail, progress)
    else:
        for i, path in enumerate(files, 1):
            progress.update(i, len(files))
            try:
                text = read_text(path)
            except errors.ChunkscopeError as exc:
                fail(str(path), exc)
                continue
            emit(str(path), extract_fields(text, schema))
    progress.done()

    elapsed = time.perf_counter() - started
    table = coverage_table(coverage(results, schema), len(results))
    # the count and the time as the app writes them ('1 document in 41 ms'; it was '1 documents in 0.04 s')
    rate = len(results) / elapsed if elapsed else 0
    summary = f"{counted(len(results), 'document')} in {took(elapsed)} ({rate:,.0f}/s)"
    if failures:
        summary += f", {failures:,} skipped"
    if args.json:
        print(table, file=sys.stderr)
        print(summary, file=sys.stderr)
    else:
        if results and not args.quiet:
            out.write("\n")
        out.write(table + "\n")
        print(summary, file=sys.stderr)
    if args.strict and any(not r.ok for r in results):
        return 1
    return 0


def _run_folder(store, folder: Path, schema, emit, fail, progress) -> None:
    from indexer import errors
    from indexer.fields import extract_fields
    from storage.fields import FieldStore

    fields = FieldStore(store)
    rows = [d for d in store.documents() if d.status == "indexed"]
    prefix = _prefix(store, folder)
    rows = [d for d in rows if not prefix or d.path == prefix or d.path.startswith(prefix + "/")]
    run_id = fields.begin_run(schema)
    batch: list[tuple[str, str, Any]] = []
    for i, row in enumerate(rows, 1):
        progress.update(i, len(rows))
        doc = store.load_document(row.path)
        if doc is None:
            fail(row.path, errors.SourceIOError("indexed document vanished from the store"))
            continue
        result = extract_fields(doc.text or "\n\n".join(b.text for b in doc.blocks), schema)
        emit(row.path, result)
        batch.append((row.path, row.sha256, result))
        if len(batch) >= 500:
            fields.save(schema, batch, run_at=run_id)
            batch = []
    if batch:
        fields.save(schema, batch, run_at=run_id)


def _prefix(store, folder: Path) -> str:
    try:
        rel = folder.resolve().relative_to(store.root.resolve()).as_posix()
    except ValueError:
        return ""
    return "" if rel == "." else rel


class _Progress:
    """A one-line counter on stderr for long runs (only on a terminal)."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.last = 0.0

    def update(self, done: int, total: int) -> None:
        if not self.enabled or total < 50:
            return
        now = time.monotonic()
        if now - self.last < 0.1 and done != total:
            return
        self.last = now
        width = 30
        filled = int(width * done / total)
        sys.stderr.write(f"\r[{'█' * filled}{' ' * (width - filled)}] {done:,}/{total:,}")
        sys.stderr.flush()

    def clear(self) -> None:
        """Wipe the counter off its line (for a line written on stderr meanwhile, which came after
        the counter on its line); the next update draws it again at once."""
        if self.enabled and self.last:
            sys.stderr.write("\r" + " " * 60 + "\r")
            sys.stderr.flush()
            self.last = 0.0

    def done(self) -> None:
        self.clear()
