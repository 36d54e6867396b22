"""Opening, in the app, an index an earlier chunkscope wrote converts it and, when that leaves
much of the file unused, compacts it: the event log says both, as ``chunkscope index`` does.
A real index file at schema 0013, the real app driven by Pilot."""

from __future__ import annotations

from tests.storage.test_compact import big_log
from tests.storage.test_shared_metadata import _old_index
from tui.app import ChunkscopeApp
from tui.widgets.event_log import EventLog

from .conftest import wait_for


async def test_the_log_says_the_index_was_converted_and_compacted(tmp_path):
    folder = tmp_path / "corpus"
    big_log(folder)
    db = tmp_path / "index.db"
    _old_index(db, folder, [("log.csv", "row")])
    size = db.stat().st_size
    app = ChunkscopeApp(folder, db_path=db, watch=False, image_renderer="halfcell")
    async with app.run_test(size=(120, 40)) as pilot:
        log = app.main.query_one(EventLog)
        await wait_for(pilot, lambda: any("index converted" in e for e in log.entries), 30, "the log line")
        entries = [e for e in log.entries if "converted" in e or "ompacted" in e]
        assert (
            entries[0]
            == "index converted for this version of chunkscope (0014_shared_chunk_metadata, 0015_extractor_versions)"
        )
        assert entries[1].startswith(f"Compacted {db}: ")
        assert db.stat().st_size < size


async def test_a_new_index_is_not_said_to_be_converted(tmp_path):
    folder = tmp_path / "corpus"
    big_log(folder, rows=30)
    app = ChunkscopeApp(folder, db_path=tmp_path / "new.db", watch=False, image_renderer="halfcell")
    async with app.run_test(size=(120, 40)) as pilot:
        # the progress line is set after the log would have had its say
        await wait_for(pilot, lambda: "not indexing" in app.main.query_one("#progress-note").line.plain, 30)
        log = app.main.query_one(EventLog)
        assert not [e for e in log.entries if "converted" in e or "ompacted" in e]
