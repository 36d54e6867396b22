"""Extraction options reach the workers of a folder index: a real encrypted PDF (user password
"secret", made by bench/make_sample_pdfs.py) is indexed with --password and fails ENCRYPTED
without it, through `chunkscope index` (the app's background indexing: tests/tui/test_extract_options_app.py)."""

from __future__ import annotations

import shutil

from tests.conftest import SAMPLE_CORPUS
from tui.cli import main
from tui.commands.index import open_store


def _folder(tmp_path):
    root = tmp_path / "pdfs"
    root.mkdir()
    shutil.copy(SAMPLE_CORPUS / "pdf" / "encrypted.pdf", root / "encrypted.pdf")
    return root


def _row(root):
    store = open_store(None, root)
    try:
        return store.document("encrypted.pdf")
    finally:
        store.close()


def test_index_without_the_password_records_encrypted(tmp_path):
    root = _folder(tmp_path)
    assert main(["index", str(root), "--jobs", "1"]) in (0, 1)
    row = _row(root)
    assert row.status == "failed" and row.error_code == "ENCRYPTED"


def test_index_with_the_password_indexes_the_pdf(tmp_path):
    root = _folder(tmp_path)
    assert main(["index", str(root), "--jobs", "1", "--password", "secret"]) == 0
    row = _row(root)
    assert row.status == "indexed" and row.error_code is None and row.chunk_count > 0
