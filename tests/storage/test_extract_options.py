"""Extraction options reach the workers of a folder index: a real encrypted PDF (user password
"secret", made by bench/make_sample_pdfs.py) is indexed with --password and fails ENCRYPTED
without it, through `chunkscope index` (the app's background indexing: tests/tui/test_extract_options_app.py);
so is a workbook saved with a password (built and encrypted here), as the same chunks as the plain one."""

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


def _sheets(tmp_path, name: str):
    from tests.indexer.formats.test_encrypted_office import _xlsx, encrypt

    root = tmp_path / name
    root.mkdir()
    plain = _xlsx()
    (root / "plain.xlsx").write_bytes(plain)
    (root / "locked.xlsx").write_bytes(encrypt(plain, "harbour"))
    return root


def test_index_without_the_password_records_an_encrypted_workbook_as_encrypted(tmp_path):
    root = _sheets(tmp_path, "sheets")
    assert main(["index", str(root), "--jobs", "1"]) in (0, 1)
    store = open_store(None, root)
    try:
        row = store.document("locked.xlsx")
    finally:
        store.close()
    assert row.status == "failed" and row.error_code == "ENCRYPTED"
    assert (
        row.error_message == "locked.xlsx: the file is password-protected; give its password with --password"
    )


def test_index_with_the_password_indexes_an_encrypted_workbook_as_the_plain_one(tmp_path):
    root = _sheets(tmp_path, "sheets")
    assert main(["index", str(root), "--jobs", "1", "--password", "harbour"]) == 0
    store = open_store(None, root)
    try:
        locked, plain = store.document("locked.xlsx"), store.document("plain.xlsx")
        assert locked.status == "indexed" and locked.error_code is None
        assert locked.chunk_count == plain.chunk_count > 0
        contents = [[c.content for c in store.chunks(path)] for path in ("locked.xlsx", "plain.xlsx")]
    finally:
        store.close()
    assert contents[0] == contents[1] and "Fenders" in contents[0][0]


def test_a_file_that_failed_for_want_of_a_password_is_read_again_when_one_is_given(tmp_path, capsys):
    # indexed first without the password: ENCRYPTED; the next index of the unchanged folder with
    # it reads the file again (it was counted unchanged, and stayed failed)
    root = _folder(tmp_path)
    (root / "plain.md").write_text("# Plain\n\nNothing locked here.\n", encoding="utf-8")
    assert main(["index", str(root), "--jobs", "1"]) in (0, 1)
    assert _row(root).error_code == "ENCRYPTED"
    capsys.readouterr()
    assert main(["index", str(root), "--jobs", "1", "--password", "secret"]) == 0
    row = _row(root)
    assert row.status == "indexed" and row.error_code is None and row.chunk_count > 0
    out = capsys.readouterr().out
    assert "1 updated, 1 unchanged" in out, out  # the Markdown file is not read again
    # without a password nothing is read again
    assert main(["index", str(root), "--jobs", "1"]) == 0
    assert "0 updated, 2 unchanged" in capsys.readouterr().out


def test_the_index_command_prints_names_and_messages_as_they_are(tmp_path, capsys):
    # a name with brackets and a backslash: console markup ate "[bold]" and doubled the "\"
    root = tmp_path / "odd"
    root.mkdir()
    name = "notes [bold] v2\\.pdf"
    shutil.copy(SAMPLE_CORPUS / "pdf" / "encrypted.pdf", root / name)
    assert main(["index", str(root), "--jobs", "1"]) in (0, 1)
    out = capsys.readouterr().out
    # the name once: the message's own leading name is left out after it
    assert f"  failed {name}: ENCRYPTED: the PDF is password-protected" in out, out
