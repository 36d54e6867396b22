"""Timings are written as the rest of the UI writes figures, with a thousands separator: a file
read in over four seconds showed 'in 4261 ms' in the event log, beside '1,204 chunks'."""

from __future__ import annotations

from tui import messages as msg
from tui.widgets.event_log import EventLog

from .conftest import opened, settle, wait_for


def test_the_watchers_timings_have_a_thousands_separator():
    from storage.sync import BatchApplied, SyncEvent

    m = msg.from_event(SyncEvent("notes.md", "upsert", "updated (12 chunks)", 4261.3, events=1200))
    assert m.text == "notes.md upsert → updated (12 chunks) in 4,261 ms (1,200 events)"
    m = msg.from_event(BatchApplied(events=5, changes=2, ms=12345.6))
    assert m.text == "5 events, 2 changes in 12,346 ms"


async def test_the_event_log_writes_a_long_read_with_a_thousands_separator(indexed_corpus):
    async with opened(indexed_corpus, "notes.md") as pilot:
        app = pilot.app
        log = app.main.query_one(EventLog)
        app.main.post_message(msg.FileIndexed("notes.md", 1204, 4261.0, "updated"))
        await wait_for(pilot, lambda: any("4,261" in e for e in log.entries), 10, "the line")
        await settle(pilot)
        line = next(e for e in log.entries if "4,261" in e)
        assert line == "notes.md updated → 1,204 chunks in 4,261 ms", line
