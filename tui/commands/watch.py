"""`chunkscope watch FOLDER`: keep the folder's index current, headless, one log line per change.

Starts with a reconciliation (what changed while nothing watched), then follows watchdog events
(native observer, or polling with --poll or when the native one fails). Ctrl-C or SIGTERM stops it
cleanly: the current document finishes its transaction, the workers stop, the database is left
consistent.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
import time
from pathlib import Path

from tui.commands.chunks import add_extract_options, add_index_options, extract_options


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("watch", help="keep a folder's index current (headless), logging each change")
    p.add_argument("folder", type=Path, metavar="FOLDER", help="the folder to watch")
    add_index_options(p, poll=True)
    p.add_argument(
        "--quiet-ms",
        type=int,
        default=300,
        metavar="MS",
        help="debounce window per path, in milliseconds (default: 300)",
    )
    add_extract_options(p)
    p.set_defaults(run=run)


def format_event(event: object) -> str | None:
    """One log line for an event of the sync loop or the indexer, or None for those not logged."""
    from storage.indexing import IndexFailed
    from storage.sync import BatchApplied, SyncEvent, WatcherState
    from tui.present import batch_coalesced, batch_words, counted, millis

    stamp = time.strftime("%H:%M:%S")
    if isinstance(event, SyncEvent):
        coalesced = f" ({counted(event.events, 'event')})" if event.events > 1 else ""
        path = event.path or "(folder)"
        return f"{stamp} {event.action:<11} {path}  {event.result}  {millis(event.ms)}{coalesced}"
    if isinstance(event, IndexFailed):
        return f"{stamp} {'failed':<11} {event.path}  {event.code}: {event.message}"
    if isinstance(event, WatcherState):
        reason = f" ({event.reason})" if event.reason else ""
        return f"{stamp} {'watcher':<11} {event.state}{reason}"
    if isinstance(event, BatchApplied) and batch_coalesced(event.events, event.changes):
        return f"{stamp} {'batch':<11} {batch_words(event.events, event.changes)}  {millis(event.ms)}"
    return None


def run(args: argparse.Namespace) -> int:
    from storage.errors import StoreError
    from storage.indexing import Indexer
    from storage.sync import SyncLoop
    from tui.cli import UserError, existing_folder

    folder = existing_folder(args.folder)
    stop = threading.Event()
    lock = threading.Lock()

    def log(event: object) -> None:
        line = format_event(event)
        if line:
            with lock:
                print(line, flush=True)

    def on_signal(signum, frame) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    try:
        indexer = Indexer(folder, args.db, jobs=args.jobs, on_event=log, options=extract_options(args))
    except StoreError as exc:
        raise UserError(str(exc)) from None
    loop = SyncLoop(folder, indexer, poll=args.poll, quiet=args.quiet_ms / 1000, on_event=log)
    print(f"watching {folder.resolve()} → {indexer.store.db_path}  (Ctrl-C to stop)", flush=True)
    loop.start()
    try:
        while not stop.wait(0.5):
            pass
    finally:
        loop.stop()
        indexer.close()
        print("stopped; the index is consistent", file=sys.stderr, flush=True)
    return 0
