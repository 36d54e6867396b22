"""SPEC §5 invariants over every registered extractor, with hypothesis-generated inputs.

Each extractor module also tests its own format; this module makes sure no format escapes the
contract, whichever engineer wrote it: arbitrary bytes raise only documented errors, empty input
gives no chunks, non-empty text-family input gives a non-empty chunk, output is deterministic and
the structural size contract holds.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from indexer import chunk_document, errors, extract_bytes
from indexer.conformance import TEXT_FAMILY, size_violations
from indexer.formats import registry

SPECS = [s for s in registry.formats() if s.supported]
EXTS = [s.extensions[0] for s in SPECS]

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

text_strategy = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=3000
)


def _chunks(data: bytes, ext: str):
    doc = extract_bytes(data, f"input{ext}")
    return [c.to_dict() for c in chunk_document(doc, "default")]


@pytest.mark.parametrize("ext", EXTS)
@SETTINGS
@given(data=st.binary(max_size=4096))
def test_arbitrary_bytes_raise_only_documented_errors(ext, data):
    try:
        first = _chunks(data, ext)
    except errors.ChunkscopeError:
        return
    assert _chunks(data, ext) == first  # deterministic
    assert all(c["content"].strip() for c in first)


@pytest.mark.parametrize("ext", sorted(set(EXTS) & TEXT_FAMILY))
@SETTINGS
@given(text=text_strategy)
def test_text_family_non_empty_input_gives_a_chunk_within_bounds(ext, text):
    data = text.encode("utf-8")
    chunks = _chunks(data, ext)
    # A leading U+FEFF in UTF-8 bytes is the byte-order mark: the decoder drops it as the
    # encoding's signature, so it is not content.
    if not text.removeprefix("\ufeff").strip():
        assert all(c["content"].strip() for c in chunks)
        return
    assert chunks and any(c["content"].strip() for c in chunks)
    assert size_violations(chunks) == []
    assert _chunks(data, ext) == chunks


@pytest.mark.parametrize("ext", EXTS)
def test_empty_input_gives_no_chunks(ext):
    try:
        assert _chunks(b"", ext) == []
    except errors.ChunkscopeError as exc:
        pytest.fail(f"empty {ext} raised {exc.code}: {exc.message}")


@pytest.mark.parametrize("ext", EXTS)
def test_an_empty_file_says_it_is_empty(ext):
    # a zero-byte file of any format has nothing to read; the coverage says so (the manifest's
    # has_warning, the coverage view), where it used to say nothing at all
    doc = extract_bytes(b"", f"input{ext}")
    assert doc.blocks == () and doc.coverage.warnings == ("the file is empty",)
    assert doc.coverage.has_warning


def test_conformance_command_passes_and_counts_every_format():
    proc = subprocess.run(
        [sys.executable, "-m", "tui", "conformance"], capture_output=True, text=True, timeout=600
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    summary = proc.stdout.strip().splitlines()[-1]
    passed = int(summary.split()[0].replace(",", ""))  # "2,235 passed, 0 failed"
    # every supported format × every mode of its family × the whole built-in corpus
    from indexer.conformance import CORPUS
    from indexer.modes import registry as modes

    expected = sum(len(modes.modes_for(s.family)) for s in SPECS) * len(CORPUS)
    assert passed == expected and expected > 0
