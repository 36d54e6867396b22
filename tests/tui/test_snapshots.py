"""Snapshots (pytest-textual-snapshot, 120×40) of the main, compare, images, manifest and report
screens on a fixed small corpus, indexed for real. Deterministic: no indexing or watching while the
app runs (so no timings), images drawn with half-blocks, times pinned, HOME set so the folder shows
as ``~/corpus``. Update with ``pytest tests/tui/test_snapshots.py --snapshot-update`` and review
the SVGs."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import pytest

from storage.store import Store
from tui.app import ChunkscopeApp

from .conftest import build_corpus, index, settle, wait_for

SIZE = (120, 40)
PINNED = 1767225600  # 2026-01-01 00:00:00 UTC
LIBRARY_VERSION = "9.9.9"

CSV = "city,country,population\nLisbon,Portugal,545000\nPorto,Portugal,232000\nBraga,Portugal,193000\n"


@pytest.fixture(scope="module")
def snapshot_home(tmp_path_factory) -> Path:
    home = tmp_path_factory.mktemp("snapshots", numbered=False)
    root = build_corpus(home / "corpus", sample=False)
    (root / "cities.csv").write_text(CSV, encoding="utf-8")
    index(root)
    with sqlite3.connect(root / ".chunkscope" / "index.db") as db:
        db.execute("UPDATE documents SET indexed_at = ? WHERE indexed_at IS NOT NULL", [PINNED])
        # the manifests name the installed versions of their extractors' libraries, the machine's
        # as the time is: pinned too (a new lxml release, installed by a fresh set-up, failed the
        # manifest's snapshot)
        for doc_id, text in db.execute(
            "SELECT id, manifest FROM documents WHERE manifest IS NOT NULL"
        ).fetchall():
            manifest = json.loads(text)
            extractor = manifest.get("extractor") or {}
            for name in [k for k in extractor if k not in ("id", "version")]:
                extractor[name] = LIBRARY_VERSION
            db.execute("UPDATE documents SET manifest = ? WHERE id = ?", [json.dumps(manifest), doc_id])
    # the modes the compare screen shows, cached now: the manifest lists the cached modes, and
    # must not depend on whether the compare snapshot ran first (it may run in another worker)
    with Store.open(root / ".chunkscope" / "index.db") as store:
        for mode in ("section", "semantic"):
            assert store.chunks("extra/all_round.docx", mode)
    return home


@pytest.fixture
def app(snapshot_home, monkeypatch) -> ChunkscopeApp:
    monkeypatch.setenv("HOME", str(snapshot_home))
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield ChunkscopeApp(snapshot_home / "corpus", watch=False, image_renderer="halfcell")
    monkeypatch.delenv("TZ")
    time.tzset()


def steps(*keys: str, path: str = "extra/all_round.docx"):
    async def run_before(pilot) -> None:
        app = pilot.app
        await wait_for(pilot, lambda: app.main.path is not None, what="the first file")
        await settle(pilot)
        if app.main.path != path:
            app.main.query_one("FileTree").select(path)
            await wait_for(pilot, lambda: app.main.path == path)
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)

    return run_before


def test_main_screen(snap_compare, app):
    assert snap_compare(app, terminal_size=SIZE, run_before=steps())


def test_compare_screen(snap_compare, app):
    assert snap_compare(app, terminal_size=SIZE, run_before=steps("c", "down", "down"))


def test_images_screen(snap_compare, app):
    assert snap_compare(app, terminal_size=SIZE, run_before=steps("i"))


def test_manifest_screen(snap_compare, app):
    assert snap_compare(app, terminal_size=SIZE, run_before=steps("m"))


def test_manifest_of_failed_file(snap_compare, app):
    assert snap_compare(app, terminal_size=SIZE, run_before=steps("m", path="extra/broken.docx"))


def test_source_screen(snap_compare, app):
    assert snap_compare(app, terminal_size=SIZE, run_before=steps("s", path="notes.md"))


def test_report_screen(snap_compare, app):
    assert snap_compare(app, terminal_size=SIZE, run_before=steps("R"))


def test_metadata_screen(snap_compare, app):
    async def run_before(pilot) -> None:
        from tui.screens.metadata import MetadataScreen

        await steps()(pilot)
        await pilot.click("#chunk-list")
        await pilot.press("home", "enter")
        await wait_for(
            pilot, lambda: isinstance(pilot.app.screen, MetadataScreen), what="the metadata screen"
        )
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
