"""Fuzzing the text, mail, notebook and spreadsheet extractors with mutated sample_corpus files.

The office extractors and PDF have their own fuzz tests; these are the rest: bit flips,
truncations, byte runs inserted and deleted; for text formats also structure broken on purpose
(unbalanced brackets and quotes, a MIME boundary cut, deep nesting, a long line); for zip
containers a damaged member re-zipped or the central directory's stated place moved, for OLE
files (.msg, .xls) a damaged stream rewritten in place. Seeded and bounded: the same mutations
run every time, each source file's batch in a forked worker with a time-out, so a hang fails the
test instead of stalling the suite. Every mutation must end in a Document (then chunked) or a
documented error code; the registered extractor is called, not the API, which would turn a
library's exception into PARSE_ERROR.
"""

from __future__ import annotations

import os
import random
import re
import struct
import tempfile
import zipfile

import pytest

from indexer import errors

from .test_office_fuzz import _damage_xml, _flip_bits, _truncate, fuzz_in_a_worker

MUTATIONS = 40

SOURCES = (
    "text/email/order_shipped.eml",
    "text/email/allotments_list.mbox",
    "outlook/q1_stock_review.msg",
    "outlook/office_notice_rtf.msg",
    "text/documents/field_guide.html",
    "text/documents/design_note.md",
    "text/data/tide_stations.json",
    "text/data/service_events.jsonl",
    "text/data/tide_readings.ndjson",
    "text/data/harvest_log.csv",
    "text/data/bus_timetable.tsv",
    "text/notebooks/tide_readings.ipynb",
    "text/documents/facilities_report_cp1252.txt",
    "text/documents/committee_minutes_utf16.txt",
    "spreadsheets/regional_sales.xlsx",
    "spreadsheets/legacy_budget.xls",
    "spreadsheets/shipments.xlsb",
    "spreadsheets/inventory.ods",
)

TEXT_SUFFIXES = (
    ".eml",
    ".mbox",
    ".html",
    ".md",
    ".json",
    ".jsonl",
    ".ndjson",
    ".csv",
    ".tsv",
    ".ipynb",
    ".txt",
)

#: syntax of the text formats, inserted at random places
TOKENS = (
    b"{", b"}", b"[", b"]", b'"', b"'", b"<", b">", b"</", b"<table><tr><td>", b"\n", b"\r", b"\x00",
    b"\n--", b"=?utf-8?B?", b"=\n", b'boundary="', b"Content-Transfer-Encoding: base64\n",
    b'charset="x-unknown"', b"\nFrom ", b",", b"\t", b"\\u", b"\\ud800", b"1e99999", b"```", b"|",
    b"&#x110000;", b"<![CDATA[", b"<!--", b"\xff\xfe", b"\xef\xbb\xbf", b"> ", b"NaN", b"\xc0\x80",
)  # fmt: skip


def _insert(rng: random.Random, data: bytes) -> bytes:
    at = rng.randrange(len(data) + 1)
    return data[:at] + rng.randbytes(rng.choice((1, 7, 100, 3000))) + data[at:]


def _delete(rng: random.Random, data: bytes) -> bytes:
    at = rng.randrange(len(data))
    return data[:at] + data[at + rng.randint(1, 2000) :]


def _tokens(rng: random.Random, data: bytes) -> bytes:
    buf = bytearray(data)
    for _ in range(rng.randint(1, 20)):
        at = rng.randrange(len(buf) + 1)
        buf[at:at] = rng.choice(TOKENS)
    return bytes(buf)


def _nest(rng: random.Random, data: bytes) -> bytes:
    """Deep nesting (brackets, objects, elements, quotes), closed or left open."""
    opening, closing = rng.choice(((b"[", b"]"), (b'{"a":', b"}"), (b"<div>", b"</div>"), (b"<b>", b"")))
    depth = rng.choice((100, 1000, 5000))
    if rng.random() < 0.3:  # a quote or a list nested one more level on each line
        unit = rng.choice((b"> ", b"  * "))
        inserted = b"".join(unit * k + b"x\n" for k in range(rng.choice((40, 200))))
    else:
        inserted = opening * depth + (closing * depth if rng.random() < 0.5 else b"")
    at = rng.randrange(len(data) + 1)
    return data[:at] + inserted + data[at:]


def _long_line(rng: random.Random, data: bytes) -> bytes:
    unit = rng.choice((b"a", b"a,", b"a\t", b'"', b"<", b"&amp;", b"=", b"\r", b"|", b"\n"))
    at = rng.randrange(len(data) + 1)
    return data[:at] + unit * (200_000 // len(unit)) + data[at:]


def _cut_boundary(rng: random.Random, data: bytes) -> bytes:
    """A MIME boundary line removed, cut short, or the closing one left out."""
    found = re.findall(rb'boundary="?([^";\r\n]+)', data)
    marks = [m.start() for b in found for m in re.finditer(re.escape(b"--" + b), data)]
    if not marks:
        return _truncate(rng, data)
    at = rng.choice(marks)
    line_end = data.find(b"\n", at)
    line_end = len(data) if line_end < 0 else line_end
    how = rng.randrange(3)
    if how == 0:
        return data[:at] + data[line_end:]
    if how == 1:
        return data[: at + rng.randrange(2, max(3, line_end - at))] + data[line_end:]
    return data[:at] + data[at:].replace(data[at:line_end].rstrip(b"\r-") + b"--", b"", 1)


def _move_directory(rng: random.Random, data: bytes) -> bytes:
    """A zip whose end record states its central directory further on than it lies, so that every
    member seems to start before the archive does."""
    end = data.rfind(b"PK\x05\x06")
    if end < 0:
        return _truncate(rng, data)
    (offset,) = struct.unpack_from("<I", data, end + 16)
    moved = offset + rng.choice((30, 100_000))
    return data[: end + 16] + struct.pack("<I", moved & 0xFFFFFFFF) + data[end + 20 :]


def _damage_ole(rng: random.Random, data: bytes) -> bytes:
    """Rewrite one to three streams of the compound file with bytes flipped, randomised or zeroed
    (olefile writes a stream in place, at its size)."""
    import olefile

    fd, name = tempfile.mkstemp(suffix=".ole")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        ole = olefile.OleFileIO(name, write_mode=True)
        try:
            streams = ole.listdir(streams=True, storages=False)
            for _ in range(rng.randint(1, 3)):
                path = rng.choice(streams)
                payload = ole.openstream(path).read()
                if not payload:
                    continue
                how = rng.randrange(3)
                if how == 0:
                    payload = _flip_bits(rng, payload)
                elif how == 1:
                    payload = rng.randbytes(len(payload))
                else:
                    payload = bytes(min(8, len(payload))) + payload[8:]
                ole.write_stream(path, payload)
        finally:
            ole.close()
        with open(name, "rb") as fh:
            return fh.read()
    finally:
        os.unlink(name)


def _mutators(filename: str, data: bytes) -> tuple:
    mutators = [_flip_bits, _truncate, _insert, _delete]
    if data[:2] == b"PK":
        mutators += [_damage_xml] * 4 + [_move_directory]
    elif data[:8] == b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1":
        mutators += [_damage_ole] * 4
    if filename.endswith(TEXT_SUFFIXES):
        mutators += [_tokens, _tokens, _nest, _long_line]
    if filename.endswith((".eml", ".mbox")):
        mutators += [_cut_boundary] * 2
    return tuple(mutators)


def _batch(data: bytes, filename: str, seed: int, conn) -> None:
    from indexer import chunk_document
    from indexer.formats import registry
    from indexer.limits import ExtractContext

    rng = random.Random(seed)
    outcomes: dict[str, int] = {}
    mutators = _mutators(filename, data)
    for _ in range(MUTATIONS):
        mutate = rng.choice(mutators)
        try:
            mutated = mutate(rng, data)
        except (zipfile.BadZipFile, OSError):
            continue
        try:
            spec = registry.resolve(filename, mutated)
            doc = spec.func(mutated, ExtractContext(filename=filename, options={"ocr": "never"}))
            chunk_document(doc, "default")
            key = "ok"
        except errors.ChunkscopeError as exc:
            key = exc.code if exc.code in errors.CODES else f"undocumented {exc.code}"
        except BaseException as exc:  # the failure this test exists to catch
            key = f"crash {mutate.__name__} {type(exc).__name__}: {exc}"[:200]
        outcomes[key] = outcomes.get(key, 0) + 1
    conn.send(outcomes)


#: real-world files under ../shared, fuzzed when it is present
SHARED_SOURCES = (
    "eml/MimeKit/multipart-related-mhtml.eml",
    "mbox/MimeKit_simple.mbox",
    "msg/MsgReader/HiraokaHyperTools__msgreader__msgInMsgInMsg.msg",
    "html/kreuzberg/complex_table.html",
    "ipynb/kreuzberg/mime.ipynb",
    "ods/calamine/merged_cells.ods",
    "xlsx/calamine/merge_cells.xlsx",
)


def _fuzz(path, seed: int) -> None:
    fuzz_in_a_worker(_batch, path, seed, MUTATIONS)


@pytest.mark.parametrize("relative", SOURCES)
def test_mutated_text_mail_and_sheet_files_fail_only_with_documented_codes(sample_corpus, relative):
    _fuzz(sample_corpus / relative, 2000 + SOURCES.index(relative))


@pytest.mark.parametrize("relative", SHARED_SOURCES)
def test_mutated_real_world_files_fail_only_with_documented_codes(real_world, relative):
    _fuzz(real_world / relative, 3000 + SHARED_SOURCES.index(relative))
