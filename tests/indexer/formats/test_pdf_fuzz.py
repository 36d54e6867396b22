"""Mutated PDFs never crash, hang or raise anything but a documented error.

Each case runs in a forked child with a time limit, so a hang or a crash inside pdfium (C code)
fails the case instead of taking the test run down. The mutations are seeded, so a failure
reproduces: bit flips, truncation, garbage after %%EOF, a deleted slice, and a duplicated slice.
The extractor is called directly (not through the API, which would turn an unexpected exception
into PARSE_ERROR and hide a bug).
"""

from __future__ import annotations

import multiprocessing as mp
import random

import pytest

from indexer import chunk_document, errors
from indexer.formats.pdf import extract_pdf
from indexer.limits import ExtractContext
from tests.conftest import SAMPLE_CORPUS

CASES_PER_FILE = 20
TIME_LIMIT = 10.0
SOURCES = ("report.pdf", "partly_empty.pdf", "two_column.pdf")


def _mutate(data: bytes, rng: random.Random) -> tuple[str, bytes]:
    kind = rng.choice(("flip", "truncate", "garbage", "delete", "duplicate"))
    buf = bytearray(data)
    if kind == "flip":
        for _ in range(rng.randint(1, 40)):
            i = rng.randrange(len(buf))
            buf[i] ^= 1 << rng.randrange(8)
    elif kind == "truncate":
        del buf[rng.randrange(8, len(buf)) :]
    elif kind == "garbage":
        buf += bytes(rng.randrange(256) for _ in range(rng.randint(1, 2000)))
    elif kind == "delete":
        i = rng.randrange(len(buf))
        del buf[i : i + rng.randint(1, 500)]
    else:
        i = rng.randrange(len(buf))
        buf[i:i] = buf[i : i + rng.randint(1, 500)]
    return kind, bytes(buf)


def _child(conn, data: bytes) -> None:
    try:
        doc = extract_pdf(data, ExtractContext(filename="fuzz.pdf"))
        for mode in ("default", "section"):
            chunk_document(doc, mode)
        missing = [b.kind for b in doc.blocks if b.page is None]
        conn.send(
            ("ok", f"{len(doc.blocks)} blocks" + (f", blocks without page: {missing}" if missing else ""))
        )
    except errors.ChunkscopeError as exc:
        conn.send((exc.code, exc.message[:200]))
    except BaseException as exc:  # noqa: BLE001 - reported as a failure of the test
        conn.send(("UNDOCUMENTED", f"{type(exc).__name__}: {exc}"[:300]))


def _run(data: bytes) -> tuple[str, str]:
    ctx = mp.get_context("fork")
    parent, child = ctx.Pipe()
    proc = ctx.Process(target=_child, args=(child, data), daemon=True)
    proc.start()
    try:
        if not parent.poll(TIME_LIMIT):
            proc.kill()
            return ("TIMEOUT", f"no answer within {TIME_LIMIT:g} s")
        try:
            return parent.recv()
        except EOFError:
            proc.join()
            return ("CRASH", f"exit code {proc.exitcode}")
    finally:
        proc.join(timeout=5)
        if proc.is_alive():
            proc.kill()
            proc.join()


@pytest.mark.parametrize("source", SOURCES)
def test_mutated_pdfs_raise_only_documented_errors(source):
    data = (SAMPLE_CORPUS / "pdf" / source).read_bytes()
    rng = random.Random(f"pdf-fuzz-{source}")
    failures = []
    outcomes: dict[str, int] = {}
    for n in range(CASES_PER_FILE):
        kind, mutated = _mutate(data, rng)
        status, detail = _run(mutated)
        outcomes[status] = outcomes.get(status, 0) + 1
        undocumented = status not in errors.CODES and status != "ok"
        if undocumented or "without page" in detail:
            failures.append((n, kind, status, detail))
    print(f"{source}: {outcomes}")
    assert not failures, failures


def test_garbage_after_eof_still_reads():
    data = (SAMPLE_CORPUS / "pdf" / "partly_empty.pdf").read_bytes() + b"\x00garbage\xff" * 300
    doc = extract_pdf(data, ExtractContext(filename="garbage.pdf"))
    assert [b.text for b in doc.blocks] == ["First page has text.", "Third page has text too."]
