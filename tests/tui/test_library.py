"""The app's reads on its threads and the closing of the store they read (a real SQLite index)."""

from __future__ import annotations

import asyncio
import threading
import time

from tui.library import Library


def test_close_waits_for_a_running_read_before_it_closes_the_store(tmp_path):
    # a read still running when the app quits: the store was closed on the other read thread
    # under it, and SQLite crashed the process (a query on a connection closed meanwhile)
    (tmp_path / "notes.md").write_text("# Notes\n\nOne line.\n", encoding="utf-8")
    library = Library(tmp_path, tmp_path / ".chunkscope" / "index.db")
    library.open()
    store = library.store
    started, release = threading.Event(), threading.Event()
    seen: list[bool] = []

    def read() -> int:
        started.set()
        release.wait(5)
        seen.append(store._closed)  # open still, at the end of the read
        return store._conn().execute("SELECT count(*) FROM documents").fetchone()[0]

    async def main() -> int:
        running = asyncio.ensure_future(library.call(read))
        await asyncio.get_running_loop().run_in_executor(None, started.wait, 5)
        closer = threading.Thread(target=library.close)
        closer.start()
        time.sleep(0.2)
        closed_early = store._closed
        release.set()
        count = await running
        await asyncio.get_running_loop().run_in_executor(None, closer.join, 5)
        assert not closed_early
        return count

    assert asyncio.run(main()) == 0
    assert seen == [False]
    assert store._closed  # closed once the read ended
