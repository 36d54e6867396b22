"""A stored document is read again when an extractor that read it, or one of the files it holds,
has another version now: indexed into real SQLite files, the test format ``cst-test`` registered
at version 1 (tests.storage._testfmt), then at version 2 (tests.storage._testfmt_v2)."""

from __future__ import annotations

import importlib
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from indexer import OUTPUT_VERSION
from indexer.formats import registry
from indexer.limits import Limits
from storage import migrations
from storage.db import connect, database
from storage.extractors import SETTING, sources_key
from storage.store import Store
from tests._builders import mail

from . import _testfmt
from .conftest import TEST_FORMATS, make_indexer, raw, run_index, write_tree

VERSION_2 = (TEST_FORMATS, "tests.storage._testfmt_v2")
NOTES = "# Pumps\n\nThe pump moves water uphill.\n"


@pytest.fixture(autouse=True)
def _cst_test_at_version_1():
    """Importing _testfmt_v2 registers cst-test at version 2 in this process too; later tests
    expect version 1, as their workers have it, and a later import of _testfmt_v2 to register
    version 2 again."""
    yield
    sys.modules.pop(VERSION_2[1], None)
    importlib.reload(_testfmt)


def extractors_of(root: Path) -> dict[str, str | None]:
    conn = raw(root)
    try:
        return dict(conn.execute("SELECT path, extractors FROM documents ORDER BY path"))
    finally:
        conn.close()


def markdown() -> str:
    return f"markdown {registry.for_extension('.md').version}"


def test_files_of_a_format_whose_extractor_changed_are_read_again_and_no_others(tmp_path):
    write_tree(
        tmp_path,
        {
            "a.cst": "Walruses haul out on ice.",
            "sub/b.cst": "Seals dive deep.",
            "broken.cst": "BROKEN from the start",
            "notes.md": NOTES,
            "data.bin": bytes(range(256)) * 4,  # binary, no extractor claims it
        },
    )
    first = run_index(tmp_path)
    assert (first.added, first.failed) == (3, 2)
    assert extractors_of(tmp_path) == {
        "a.cst": "cst-test 1",
        "broken.cst": "cst-test 1",  # failed: the one that failed, for a newer one to try again
        "data.bin": "",  # unsupported: retried when an extractor claims .bin, as before
        "notes.md": markdown(),
        "sub/b.cst": "cst-test 1",
    }
    assert run_index(tmp_path).extracted == 0

    again = run_index(tmp_path, extra_modules=VERSION_2)  # the bytes, sizes and mtimes unchanged
    assert (again.extracted, again.updated, again.failed, again.unchanged) == (3, 2, 1, 2)
    assert again.reread == 3
    stored = extractors_of(tmp_path)
    assert stored["a.cst"] == stored["sub/b.cst"] == stored["broken.cst"] == "cst-test 2"
    assert (stored["notes.md"], stored["data.bin"]) == (markdown(), "")
    with Store.open(tmp_path / ".chunkscope" / "index.db", readonly=True) as store:
        assert store.document("a.cst").revision == 2  # extracted again, not only found the same
        assert store.document("notes.md").revision == 1

    third = run_index(tmp_path, extra_modules=VERSION_2)
    assert (third.extracted, third.unchanged, third.reread) == (0, 5, 0)


def test_a_mail_is_read_again_when_the_extractor_of_its_attachment_changed(tmp_path):
    with_file = mail(
        (b"Walruses haul out on ice.\n\nThey molt in summer.", "application/octet-stream", "field.cst"),
        subject="Field notes",
        body="The notes are attached.",
    )
    plain = mail(subject="Lunch", body="Soup at noon.")
    write_tree(tmp_path, {"inbox/field.eml": with_file, "inbox/lunch.eml": plain, "notes.md": NOTES})
    run_index(tmp_path)
    eml = f"eml {registry.for_extension('.eml').version}"
    assert extractors_of(tmp_path) == {
        "inbox/field.eml": f"{eml}; cst-test 1",
        "inbox/lunch.eml": eml,
        "notes.md": markdown(),
    }
    with Store.open(tmp_path / ".chunkscope" / "index.db", readonly=True) as store:
        (hit,) = store.search("walruses")
        assert (hit.path, hit.metadata["attachment"]) == ("inbox/field.eml", "field.cst")

    again = run_index(tmp_path, extra_modules=VERSION_2)
    assert (again.extracted, again.updated, again.unchanged, again.reread) == (1, 1, 2, 1)
    assert extractors_of(tmp_path)["inbox/field.eml"] == f"{eml}; cst-test 2"
    assert run_index(tmp_path, extra_modules=VERSION_2).extracted == 0


def test_an_index_from_before_0015_reads_its_documents_once(tmp_path):
    folder = tmp_path / "folder"
    write_tree(
        folder,
        {"notes.md": NOTES, "a.cst": "Walruses.", "broken.cst": "BROKEN", "data.bin": bytes(range(256)) * 4},
    )
    db_path = folder / ".chunkscope" / "index.db"
    run_index(folder)
    # the same file as the chunkscope before 0015 left it: its rows (written alike, but for the
    # new column), the column and the migration's record gone
    conn = sqlite3.connect(db_path)
    conn.execute("ALTER TABLE documents DROP COLUMN extractors")
    conn.execute("DELETE FROM _sqlite_migrations WHERE name = '0015_extractor_versions'")
    conn.execute("DELETE FROM settings WHERE key = ?", [SETTING])
    conn.commit()
    conn.close()
    old = database(connect(tmp_path / "old.db"))
    migrations.migrations.apply(old, stop_before="0015_extractor_versions")
    columns = "SELECT name, type, \"notnull\", dflt_value FROM pragma_table_info('documents')"
    assert old.execute(columns).fetchall() == raw(folder).execute(columns).fetchall()
    old.conn.close()

    upgraded = run_index(folder)
    assert upgraded.migrated == ["0015_extractor_versions"]
    # read once, bytes unchanged: the failed file too (a newer extractor may read it); not the
    # unsupported one (no extractor claims it)
    assert (upgraded.extracted, upgraded.updated, upgraded.failed, upgraded.unchanged) == (3, 2, 1, 1)
    assert upgraded.reread == 3
    assert extractors_of(folder) == {
        "a.cst": "cst-test 1",
        "broken.cst": "cst-test 1",
        "data.bin": None,  # left as it was
        "notes.md": markdown(),
    }
    conn = raw(folder)
    assert {v for (v,) in conn.execute("SELECT output_version FROM documents")} == {OUTPUT_VERSION}
    conn.close()
    assert run_index(folder).extracted == 0


def test_the_versions_are_read_from_the_index_while_the_extractor_modules_are_the_same(tmp_path):
    write_tree(tmp_path, {"a.cst": "Walruses.", "notes.md": NOTES})
    run_index(tmp_path)
    conn = raw(tmp_path)
    (text,) = conn.execute("SELECT value FROM settings WHERE key = ?", [SETTING]).fetchone()
    table = json.loads(text)
    assert table["sources"] == sources_key((TEST_FORMATS,))
    assert table["versions"]["cst-test"] == "1" and table["extensions"][".cst"] == "cst-test"
    # a table that says otherwise, for the same modules, is believed: the modules are not
    # imported to ask them again
    table["versions"]["cst-test"] = "0"
    conn.execute("UPDATE settings SET value = ? WHERE key = ?", [json.dumps(table), SETTING])
    conn.commit()
    conn.close()
    assert run_index(tmp_path).extracted == 1


def test_a_scan_of_an_unchanged_folder_imports_no_extractor(tmp_path):
    write_tree(tmp_path, {f"n{i}.md": NOTES for i in range(3)} | {"a.cst": "Walruses."})
    script = (
        "import sys; from pathlib import Path; from storage.indexing import index_folder\n"
        f"s = index_folder(Path({str(tmp_path)!r}), jobs=1, extra_modules=({TEST_FORMATS!r},))\n"
        "print(s.extracted, sorted(m for m in sys.modules if m.startswith('indexer.formats.')))\n"
    )

    def run() -> str:
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
        return done.stdout.strip()

    run()
    assert run() == "0 ['indexer.formats.registry']"


def test_the_key_of_the_extractor_modules_follows_their_files(tmp_path, monkeypatch):
    module = tmp_path / "extra_formats_g.py"
    module.write_text("VERSION = '1'\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    key = sources_key(["extra_formats_g"])
    assert key == sources_key(["extra_formats_g"]) != sources_key()
    module.write_text("VERSION = '12'\n", encoding="utf-8")
    assert sources_key(["extra_formats_g"]) != key


def test_index_paths_reads_again_a_file_whose_extractor_changed(tmp_path):
    write_tree(tmp_path, {"a.cst": "Walruses.", "notes.md": NOTES})
    with make_indexer(tmp_path) as engine:
        engine.index_paths(["a.cst", "notes.md"])
    with make_indexer(tmp_path, extra_modules=VERSION_2) as engine:
        summary = engine.index_paths(["a.cst", "notes.md"])
        assert (summary.extracted, summary.unchanged, summary.reread) == (1, 1, 1)
        assert engine.index_paths(["a.cst", "notes.md"]).extracted == 0
    assert extractors_of(tmp_path)["a.cst"] == "cst-test 2"


def test_the_first_index_of_a_folder_leaves_the_extractors_out_of_the_indexing_process(tmp_path):
    # the table of versions is made by a child process: the indexing one (the UI's) imports no
    # extractor's module or library, its workers read the files; the table is stored all the same
    write_tree(tmp_path, {"notes.md": NOTES, "a.cst": "Walruses."})
    script = (
        "import sys; from pathlib import Path; from storage.indexing import index_folder\n"
        f"s = index_folder(Path({str(tmp_path)!r}), jobs=2, extra_modules=({TEST_FORMATS!r},))\n"
        "print(s.extracted, sorted(m for m in sys.modules if m.startswith('indexer.formats.')),"
        " 'pdfplumber' in sys.modules, 'openpyxl' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "2 ['indexer.formats.registry'] False False", done.stdout
    conn = raw(tmp_path)
    (text,) = conn.execute("SELECT value FROM settings WHERE key = ?", [SETTING]).fetchone()
    conn.close()
    table = json.loads(text)
    assert table["sources"] == sources_key((TEST_FORMATS,))
    assert table["versions"]["cst-test"] == "1" and table["versions"]["markdown"] == markdown().split()[1]
    assert table["extensions"][".pdf"] == "pdf" and table["extensions"][".cst"] == "cst-test"


def test_a_table_made_after_the_modules_changed_on_disk_is_not_stored(tmp_path, monkeypatch):
    from storage import extractors

    # this process has every extractor imported: it makes the table itself, from what it imported
    registry.load_all()
    monkeypatch.setattr(extractors, "_STARTED_WITH", "the modules as they were when this process started")
    write_tree(tmp_path, {"a.cst": "Walruses."})
    assert run_index(tmp_path).added == 1
    conn = raw(tmp_path)
    assert conn.execute("SELECT value FROM settings WHERE key = ?", [SETTING]).fetchone() is None
    conn.close()
    assert run_index(tmp_path).extracted == 0  # this process's own table still says what is current


def test_a_file_read_by_its_content_that_failed_is_read_again_by_a_new_version_of_its_extractor(tmp_path):
    # no extension or one no extractor claims: the first line, CST, names the format; each fails
    # in its own way: an error, the time-out (its worker killed), its worker dying
    write_tree(
        tmp_path,
        {
            "field.notes": "CST\nBROKEN on purpose",
            "stuck": "CST\nHANG for ever",
            "crashing": "CST\nCRASH in a parser",
            "walruses": "CST\nWalruses haul out on ice.",
        },
    )
    limits = Limits(timeout_seconds=1.0)
    first = run_index(tmp_path, limits=limits)
    assert (first.added, first.failed) == (1, 3)
    # the extractor the content named, which failed (or was killed, or died): none of these names
    # it by extension
    assert extractors_of(tmp_path) == {
        "crashing": "cst-test 1",
        "field.notes": "cst-test 1",
        "stuck": "cst-test 1",
        "walruses": "cst-test 1",
    }
    with Store.open(tmp_path / ".chunkscope" / "index.db", readonly=True) as store:
        codes = {d.path: (d.status, d.error_code) for d in store.documents()}
    assert codes == {
        "crashing": ("failed", "DOCUMENT_LIMIT"),
        "field.notes": ("failed", "PARSE_ERROR"),
        "stuck": ("failed", "DOCUMENT_LIMIT"),
        "walruses": ("indexed", None),
    }
    assert run_index(tmp_path, limits=limits).extracted == 0

    again = run_index(tmp_path, limits=limits, extra_modules=VERSION_2)  # the files as they were
    assert (again.extracted, again.updated, again.failed, again.reread) == (4, 1, 3, 4)
    assert set(extractors_of(tmp_path).values()) == {"cst-test 2"}
    assert run_index(tmp_path, limits=limits, extra_modules=VERSION_2).extracted == 0
