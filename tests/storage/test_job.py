"""What a worker stores for a file: the Document as a standard zlib stream of its array JSON."""

from __future__ import annotations

import sys
import zlib

import pytest

from indexer import extract
from storage import job
from storage.serial import array_document_json
from storage.store import stored_document


def run(path, rel: str) -> dict:
    return job.run(job.Job(str(path), rel))


@pytest.mark.parametrize(
    "rel",
    [
        "spreadsheets/regional_sales.xlsx",
        "spreadsheets/inventory.ods",
        "text/data/harvest_log.csv",
        "text/edge/semicolon.csv",
    ],
)
def test_stored_document_reads_back_with_plain_zlib(sample_corpus, rel):
    path = sample_corpus / rel
    result = run(path, rel)
    doc = extract(path)
    assert result["encoding"] == "ajson+zlib"
    # whichever deflate made it, the stream is one the standard library inflates
    assert zlib.decompress(result["document"]).decode("utf-8") == array_document_json(doc)
    images = {name: data for name, _fmt, _size, _w, _h, data in result["images"]}
    assert stored_document(result["document"], result["encoding"], images) == doc


def test_the_same_document_without_the_faster_deflate(sample_corpus, monkeypatch):
    rel = "spreadsheets/regional_sales.xlsx"
    with_default = run(sample_corpus / rel, rel)
    monkeypatch.setitem(sys.modules, "isal", None)  # as if the package were not installed
    job._packer.cache_clear()
    try:
        assert job._packer().func is zlib.compressobj
        without = run(sample_corpus / rel, rel)
    finally:
        job._packer.cache_clear()
    assert zlib.decompress(without["document"]) == zlib.decompress(with_default["document"])
    assert without["chunk_sets"] == with_default["chunk_sets"]
