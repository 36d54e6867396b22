"""Fuzzing the office extractors with mutated real files: bit flips and truncations of the
container, and byte-level damage inside its XML members (re-zipped, so the parsers see it).

Seeded and bounded: the same mutations run every time. Each source file's batch runs in a forked
worker with a time-out, so a hang fails the test instead of stalling the suite. Every mutation must
end in a Document (then chunked) or a documented error code.
"""

from __future__ import annotations

import io
import multiprocessing
import random
import zipfile

import pytest

from indexer import errors

MUTATIONS = 24
TIMEOUT = 60.0


def _flip_bits(rng: random.Random, data: bytes) -> bytes:
    buf = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        i = rng.randrange(len(buf))
        buf[i] ^= 1 << rng.randrange(8)
    return bytes(buf)


def _truncate(rng: random.Random, data: bytes) -> bytes:
    return data[: rng.randrange(1, len(data))]


def _damage_xml(rng: random.Random, data: bytes) -> bytes:
    """Rewrite the zip with one XML member damaged: bytes flipped, a tail cut, or tags duplicated."""
    src = zipfile.ZipFile(io.BytesIO(data))
    names = [n for n in src.namelist() if n.endswith((".xml", ".rels", ".html", ".xhtml", ".opf", ".ncx"))]
    target = rng.choice(names) if names else None
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            payload = src.read(info.filename)
            if info.filename == target and payload:
                how = rng.randrange(3)
                if how == 0:
                    payload = _flip_bits(rng, payload)
                elif how == 1:
                    payload = payload[: rng.randrange(len(payload))]
                else:
                    i = rng.randrange(len(payload))
                    payload = payload[:i] + payload[i : i + 200] * 20 + payload[i:]
            dst.writestr(info.filename, payload)
    return out.getvalue()


def _rtf_noise(rng: random.Random, data: bytes) -> bytes:
    """Insert RTF syntax at random places: braces, control words, escapes, picture groups."""
    buf = bytearray(data)
    tokens = (
        b"{",
        b"}",
        b"\\",
        b"\\'",
        b"\\u-3000?",
        b"\\bin999999 ",
        b"{\\pict ",
        b"\\par",
        b"\\trowd",
        b"\\row",
    )
    for _ in range(rng.randint(1, 12)):
        at = rng.randrange(len(buf) + 1)
        buf[at:at] = rng.choice(tokens)
    return bytes(buf)


MUTATORS = (_flip_bits, _truncate, _damage_xml, _damage_xml)
RTF_MUTATORS = (_flip_bits, _truncate, _rtf_noise, _rtf_noise)


def _error_key(exc: errors.ChunkscopeError) -> str:
    """The outcome a documented error counts as: its code, whatever its cause, unless the API
    boundary raised it for an exception the extractor let through (then the cause is named, and
    the outcome counts as a failure)."""
    from indexer import api

    key = exc.code if exc.code in errors.CODES else f"undocumented {exc.code}"
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    at_boundary = tb is not None and tb.tb_frame.f_code is api.extract_bytes.__code__
    if at_boundary and exc.__cause__ is not None:  # a library error the extractor let through
        key += f" (from {type(exc.__cause__).__name__})"
    return key


def _batch(data: bytes, filename: str, seed: int, conn) -> None:
    from indexer import chunk_document, extract_bytes

    rng = random.Random(seed)
    outcomes: dict[str, int] = {}
    mutators = RTF_MUTATORS if filename.endswith(".rtf") else MUTATORS
    for _ in range(MUTATIONS):
        mutate = rng.choice(mutators)
        try:
            mutated = mutate(rng, data)
        except zipfile.BadZipFile:
            continue
        try:
            doc = extract_bytes(mutated, filename)
            chunk_document(doc, "structural")
            key = "ok"
        except errors.ChunkscopeError as exc:
            key = _error_key(exc)
        except BaseException as exc:  # the failure this test exists to catch
            key = f"crash {type(exc).__name__}: {exc}"[:200]
        outcomes[key] = outcomes.get(key, 0) + 1
    conn.send(outcomes)


def _sources(playground, sample_corpus):
    office = sample_corpus / "office"
    return [
        playground / "all_round.docx",
        playground / "mixed_content.pptx",
        playground / "book.epub",
        office / "inspection_report.docx",
        office / "society_minutes.odt",
        office / "volunteers_briefing.odp",
        office / "tide_pools.epub",
        office / "operations_review.pptx",
        office / "tenancy_renewal.rtf",
    ]


def fuzz_in_a_worker(batch, path, seed: int, mutations: int = MUTATIONS) -> None:
    """Run ``batch`` (the mutations of one source file, sending their outcomes down a pipe) in a
    forked worker with a time-out, so a hang fails the test instead of stalling the suite, and
    check that every outcome is a Document or a documented error code."""
    import indexer.formats.registry as registry

    registry.load_all()
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=batch, args=(path.read_bytes(), path.name, seed, child))
    proc.start()
    child.close()
    finished = parent.poll(TIMEOUT)
    outcomes = parent.recv() if finished else None
    proc.join(1.0)
    if proc.is_alive():
        proc.kill()
        proc.join()
    assert outcomes is not None, f"{path.name}: the mutations did not finish within {TIMEOUT:.0f} s"
    print(path.name, outcomes)
    bad = [k for k in outcomes if k != "ok" and k not in errors.CODES]
    assert not bad, bad  # undocumented codes, crashes, or library errors the extractor let through
    assert sum(outcomes.values()) >= mutations // 2


@pytest.mark.parametrize("index", range(9))
def test_mutated_office_files_fail_only_with_documented_codes(playground, sample_corpus, index):
    fuzz_in_a_worker(_batch, _sources(playground, sample_corpus)[index], 1000 + index)


def _parse_error_from(cause: Exception) -> errors.ChunkscopeError:
    try:
        raise errors.ParseError("part 3 of the package cannot be read") from cause
    except errors.ChunkscopeError as exc:
        return exc


def test_a_documented_error_an_extractor_raises_from_another_counts_by_its_code():
    assert _error_key(_parse_error_from(KeyError("word/document.xml"))) == "PARSE_ERROR"


def test_an_exception_an_extractor_lets_through_counts_as_a_failure(sample_corpus):
    from indexer import extract_bytes
    from indexer.limits import ExtractContext

    # an attachment depth that is no number: comparing it raises TypeError inside the mail reader,
    # which the API boundary turns into a PARSE_ERROR from it
    path = sample_corpus / "text" / "email" / "order_shipped.eml"
    with pytest.raises(errors.ChunkscopeError) as caught:
        extract_bytes(path.read_bytes(), path.name, ExtractContext(filename=path.name, attachment_depth="x"))
    assert _error_key(caught.value) == "PARSE_ERROR (from TypeError)"
