"""Indexing the real corpora: every file ends up indexed or with a recorded error code, and search
reports where a phrase is."""

from __future__ import annotations

import pytest

from indexer import errors
from storage.indexing import index_folder
from storage.store import Store
from storage.walk import walk
from tests.conftest import SAMPLE_CORPUS, SHARED, require_shared

pytestmark = pytest.mark.slow

#: The corpora are indexed without OCR: their scanned PDFs then fail OCR_REQUIRED, an error code
#: these tests accept as they accept the text OCR would read, and the garbled pages of
#: non_ascii_text.pdf are left out (said in its coverage), so OCR changes none of their checks. It
#: took more than half the indexing time (the fixtures' three scans and non_ascii_text.pdf: about
#: 150 of 240 s of file time, sample_corpus/pdf/scanned.pdf 6 of 9 s, on a loaded machine). OCR
#: through the indexer is tested in tests/indexer/formats/test_pdf_ocr.py (a scan read in a worker,
#: a garbled page of non_ascii_text.pdf read again).
NO_OCR = {"ocr": "never"}


@pytest.fixture(scope="module")
def fixtures_index(tmp_path_factory):
    root = require_shared(SHARED / "fixtures")
    db = tmp_path_factory.mktemp("fixtures") / "index.db"  # never write into ../shared
    summary = index_folder(root, db_path=db, jobs=2, options=NO_OCR)
    store = Store.open(db, readonly=True)
    yield root, summary, store
    store.close()


def assert_all_recorded(root, store):
    on_disk = [f.path for f in walk(root)]
    docs = {d.path: d for d in store.documents()}
    assert sorted(docs) == sorted(on_disk)
    for path, doc in docs.items():
        if doc.status == "indexed":
            assert doc.error_code is None and doc.sha256, path
        else:
            assert doc.status in ("failed", "unsupported"), (path, doc.status)
            assert doc.error_code in errors.CODES and doc.error_message, path
    return docs


def test_every_shared_fixture_is_indexed_or_has_an_error_code(fixtures_index):
    root, summary, store = fixtures_index
    docs = assert_all_recorded(root, store)
    assert summary.files == len(docs) > 100
    indexed = [d for d in docs.values() if d.status == "indexed"]
    assert len(indexed) > 0.8 * len(docs)
    # a document without chunks is one whose extraction came out empty (SPEC §5: empty ⇒ no chunks)
    for d in indexed:
        if d.chunk_count == 0:
            assert store.load_document(d.path).blocks == (), d.path
    assert sum(d.chunk_count > 0 for d in indexed) > 0.9 * len(indexed)
    # a password-protected PDF is recorded with its code, not dropped
    assert docs["real-world/pdf/pdfplumber/password-example.pdf"].error_code == errors.ENCRYPTED


def test_search_reports_the_pdf_page_of_a_phrase(fixtures_index):
    _, _, store = fixtures_index
    # word2vec.pdf, page 3 (read in a PDF viewer): section 2.1 opens with "The probabilistic
    # feedforward neural network language model has been proposed in [1]."
    hits = store.search('"probabilistic feedforward neural network language model"', source_type="pdf")
    assert [(h.path, h.metadata["page_number"]) for h in hits] == [
        ("chunk-engine-playground/word2vec.pdf", 3)
    ]
    assert "\x02probabilistic feedforward neural network language model\x03" in hits[0].snippet


def test_sample_corpus_is_indexed_or_recorded(tmp_path):
    summary = index_folder(SAMPLE_CORPUS, db_path=tmp_path / "index.db", jobs=2, options=NO_OCR)
    with Store.open(tmp_path / "index.db", readonly=True) as store:
        docs = assert_all_recorded(SAMPLE_CORPUS, store)
    assert summary.files == len(docs)


def test_report_shows_page_coverage_only_where_pages_with_text_is_known(fixtures_index):
    _, _, store = fixtures_index
    formats = {f["source_type"]: f for f in store.report()["formats"]}
    # DOCX knows how many pages it has (page breaks) but not which carry text: no "0/N" pages
    assert formats["docx"]["indexed"] > 0
    assert (formats["docx"]["coverage"]["pages_total"], formats["docx"]["coverage"]["pages_with_text"]) == (
        0,
        0,
    )
    # PDF counts both; the fixtures' PDFs mostly have text on their pages
    pdf = formats["pdf"]["coverage"]
    assert 0 < pdf["pages_with_text"] <= pdf["pages_total"]
