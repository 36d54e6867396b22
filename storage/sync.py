"""Keeping the index equal to the folder: reconcile at start, then follow the watcher.

:class:`SyncLoop` owns a :class:`~storage.watch.Watcher` and a thread that takes debounced batches
of hints and turns them into actions against the disk as it is *now*:

- a path that is a regular file → upsert (the indexer re-stats and hashes; unchanged content is not
  re-extracted);
- a path that is a folder → whatever document had that path is dropped, and every file under the
  folder is upserted (a folder created or moved in, or a file replaced by a folder of the same
  name), unless the folder was only reported as modified: a file added, removed or saved in it
  changes its listing, and that file has hints of its own;
- a path that is gone → the document and every document under it as a folder are deleted (a folder
  moved out of the tree arrives as one delete), those of every path of the batch gone in one
  transaction; a path that had nothing stored (its folder's removal took its row) is no change;
- a rename whose source is gone and whose destination exists → the rows move without
  re-extraction when the content is unchanged (editors' atomic saves become plain upserts, since
  the temporary source was never indexed); of two moves onto one name in a batch only the last
  is a rename, the source of the other is a path gone.

A file the previous batch handed to the indexer is not handed over again while its size and mtime
are the ones it had then: a folder moved in is walked in the batch of its own event, and the
events of its files, a few milliseconds later each, mostly come in the next batch; a folder
renamed is followed by a move of each file in it, which its rename has moved already.

It is importable and observable without Textual: ``on_event`` receives :class:`SyncEvent` s (one per
change, with the action, the result and the milliseconds it took) and :class:`WatcherState`.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from .ignore import IgnoreRules
from .indexing import NOTHING_TO_INDEX
from .watch import Batch, Debouncer, Watcher

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SyncEvent:
    """One change the loop acted on: ``action`` upsert | delete | delete_tree | rename;
    ``result`` what the indexer did (indexed, unchanged, failed: CODE, removed, moved …)."""

    path: str
    action: str
    result: str
    ms: float
    events: int = 1  # raw file-system events coalesced into this change


@dataclass(frozen=True)
class WatcherState:
    state: str  # "native" | "polling" | "stopped"
    reason: str | None = None


@dataclass(frozen=True)
class BatchApplied:
    """A debounced batch was applied: how many raw events became how many changes."""

    events: int
    changes: int
    ms: float


class SyncLoop:
    """Reconcile, then watch ``root`` and apply changes through ``indexer``.

    ``indexer`` is a :class:`storage.indexing.Indexer` (or anything with ``reconcile``,
    ``index_paths`` taking ``on_path``, ``remove_gone``, ``rename_all`` and ``paths_under``).
    """

    def __init__(
        self,
        root: Path,
        indexer,
        *,
        poll: bool = False,
        quiet: float = 0.3,
        cap: float = 2.0,
        on_event: Callable[[object], None] | None = None,
        observer_factory: Callable[[], object] | None = None,
        reconcile: bool = True,
    ) -> None:
        self.root = Path(root).resolve()
        self.indexer = indexer
        self.rules = IgnoreRules(self.root)
        self.debouncer = Debouncer(quiet=quiet, cap=cap)
        self.on_event = on_event or (lambda event: None)
        self.do_reconcile = reconcile
        self.watcher = Watcher(
            self.root,
            self.debouncer,
            poll=poll,
            ignored=self.rules.ignored,
            on_state=lambda state: self._emit(WatcherState(state, self.watcher.fallback_reason)),
            on_ignore_changed=self._ignore_changed,
            observer_factory=observer_factory,
        )
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._idle = threading.Event()
        self._idle.set()
        self._rescan = threading.Event()
        # path → (size, mtime_ns) of each file the last batch handed to the indexer and found
        # stored, as stat-ed before: the next batch need not hand it over while it is the same
        self._indexed: dict[str, tuple[int, int]] = {}
        self.batches = 0
        self.changes = 0

    # -- lifecycle ---------------------------------------------------------------------------

    def start(self) -> None:
        """Start watching first (so nothing is missed), then reconcile in the loop's thread."""
        self.watcher.start()
        self._thread = threading.Thread(target=self._run, name="chunkscope-sync", daemon=True)
        self._idle.clear()
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self.debouncer._wake.set()
        self.watcher.stop()
        if self._thread is not None:
            self._thread.join(timeout=30)

    @property
    def state(self) -> str:
        return self.watcher.state

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Block until nothing is pending and the last batch is applied (for tests and the CLI)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._idle.is_set() and self.debouncer.pending() == 0:
                return True
            time.sleep(0.02)
        return False

    # -- the loop ----------------------------------------------------------------------------

    def _run(self) -> None:
        if self.do_reconcile:
            self._reconcile()
        self._idle.set()
        while not self._stop.is_set():
            due = self.debouncer.next_due()
            self.debouncer.wait(0.5 if due is None else min(due, 0.5))
            if self._stop.is_set():
                break
            if self.watcher.check_health():
                self._reconcile()  # events may have been lost while the native observer was dead
            if self._rescan.is_set():
                self._rescan.clear()
                self._reconcile()
            batch = self.debouncer.take_ready()
            if batch is None:
                self._idle.set()
                continue
            self._idle.clear()
            try:
                self.apply(batch)
            except Exception:  # one failing batch must not end watching; the next reconcile heals
                log.exception("applying a batch of changes failed")
                self._rescan.set()
            if self.debouncer.pending() == 0:
                self._idle.set()

    def _reconcile(self) -> None:
        self._indexed = {}  # the rows may change under it (rules changed, a batch failed)
        t0 = time.perf_counter()
        try:
            self.indexer.reconcile()
        except Exception:  # reported, and retried on the next change
            log.exception("reconciliation failed")
            return
        self._emit(SyncEvent("", "reconcile", "done", (time.perf_counter() - t0) * 1000))

    def _ignore_changed(self) -> None:
        self.rules.reload()
        self._rescan.set()
        self.debouncer._wake.set()

    def _emit(self, event: object) -> None:
        try:
            self.on_event(event)
        except Exception:  # a listener's bug must not stop the loop
            log.exception("sync listener failed")

    # -- applying a batch --------------------------------------------------------------------

    def apply(self, batch: Batch) -> None:
        t0 = time.perf_counter()
        # what the previous batch indexed; forgotten if this one fails part-way
        indexed, self._indexed = self._indexed, {}
        # what this batch indexes, for the rest of it and the next
        fresh: dict[str, tuple[int, int]] = {}
        handled: set[str] = set()
        changes = 0
        # plain moves of files, handed to the indexer together (one transaction for a script's
        # 300 renames); those seen so far are applied before a folder's move or a look at what is
        # remembered of a path, which then find the moves before them done
        moves: list[tuple[str, str]] = []
        overwritten = _overwritten(batch.renames)
        for i, (src, dest) in enumerate(batch.renames):
            if i in overwritten:
                continue  # another file moved onto dest after it: src is gone, said as a delete
            if self._exists(src) or not self._exists(dest):
                continue  # not a plain move (src came back, or dest is gone again): upserts decide
            handled |= {src, dest}
            if (self.root / dest).is_dir():
                changes += self._move_files(moves, indexed, fresh, batch)
                started = time.perf_counter()
                _forget(indexed, src, dest)  # their rows move
                _forget(fresh, src, dest)
                moved = self._move_tree(src, dest, fresh)
                changes += 1
                result = f"moved {_counted(moved, 'document')}"
                self._emit(
                    SyncEvent(f"{src} → {dest}", "rename", result, _ms(started), _count(batch, src, dest))
                )
                continue
            if fresh.get(dest) or indexed.get(dest):
                changes += self._move_files(moves, indexed, fresh, batch)
                known = fresh.get(dest) or indexed.get(dest)
                if known is not None and self._moved_with_folder(src, dest, known):
                    # watchdog follows a folder's move with one for each file in it: the folder's
                    # rename moved this file's row already
                    fresh[dest] = known
                    continue
            moves.append((src, dest))
        changes += self._move_files(moves, indexed, fresh, batch)
        # the paths gone, in one call: a folder of 300 files deleted comes as 301 paths
        started = time.perf_counter()
        gone = [p for p in batch.paths if p not in handled and self._kind(p) is None]
        _forget(indexed, *gone)  # back as it was later in this batch, it is stored again
        removed = self.indexer.remove_gone(gone) if gone else {}
        for path in gone:
            dropped = removed.get(path) or []
            if not dropped:
                continue  # nothing of it was stored (a file's folder went first, a scratch file)
            under = len(dropped) - (dropped[0] == path)
            result = f"removed {_counted(under, 'document')} under it" if under else "removed"
            changes += 1
            self._emit(SyncEvent(path, "delete", result, _ms(started), _count(batch, path)))
        upserts: list[str] = []
        trees: list[str] = []  # folders walked: a document that had the path of one is gone
        for path in batch.paths:
            if path in handled:
                continue
            started = time.perf_counter()
            kind = self._kind(path)
            if kind == "folder":
                if path in batch.listings:
                    continue  # its entries' own hints say what changed; its tree is not walked
                trees.append(path)
                files = list(self._files_under(path))
                upserts.extend(files)
                self._emit(
                    SyncEvent(
                        path + "/",
                        "upsert_tree",
                        _counted(len(files), "file"),
                        _ms(started),
                        _count(batch, path),
                    )
                )
            elif kind == "file":
                upserts.append(path)
        # a folder moved in comes with an event for each file in it too: each file is checked once
        # in this batch, and not again in the next while it is as it was indexed
        todo: dict[str, tuple[int, int] | None] = {}
        for path in dict.fromkeys(upserts):
            seen = self._stat(path)
            if seen is not None and (fresh.get(path) or indexed.get(path)) == seen:
                fresh[path] = seen  # still the same in the batch after this one
                continue
            todo[path] = seen
        if todo or trees:
            changes += self._upsert(todo, fresh, batch, trees)
        self._indexed = fresh
        self.batches += 1
        self.changes += changes
        self._emit(BatchApplied(batch.events, changes, _ms(t0)))

    def _upsert(
        self,
        seen: dict[str, tuple[int, int] | None],
        fresh: dict[str, tuple[int, int]],
        batch: Batch,
        trees: list[str],
    ) -> int:
        """Hand the files of ``seen`` (their stats taken before the indexer's) to the indexer in
        one call, each said as a change once what became of it is known, and note in ``fresh``
        those stored as they are. One call, not one a file (a folder of 300 files moved in was
        300): their rows are looked up together, the workers read them side by side, each handed
        its next file while the writer stores the last, and the indexer's progress counts the
        files of the batch.

        Returns how many changes the index took: the files added, updated, removed or failed, and
        each folder of ``trees`` under which one of them is or whose own path had a document. A
        file found as it was stored (``unchanged``: a folder walked again, its files back as they
        were) or neither here nor stored is none.

        The folders of ``trees`` go in the same call: the indexer finds no file at such a path
        and drops the document stored under it (a file replaced by a folder of the same name),
        before it reads any file. Their ``upsert_tree`` events said them already; what the
        indexer says of them (``removed``, ``nothing to index``) is not said again."""
        walked = set(trees)
        changed: set[str] = set()

        def done(path: str, result: str, ms: float) -> None:
            if result not in NO_CHANGE:
                changed.add(path)
            if path not in walked:
                self._emit(SyncEvent(path, "upsert", result, ms, _count(batch, path)))

        self.indexer.index_paths([*trees, *seen], on_path=done)
        self._note_stored(seen, fresh)
        files = changed - walked
        return len(files) + sum(1 for tree in trees if tree in changed or _any_under(files, tree))

    def _stat(self, rel: str) -> tuple[int, int] | None:
        """(size, mtime_ns) of a file, taken before the indexer takes its own: a change after this
        one makes the two differ, and the file is looked at again."""
        try:
            st = os.stat(self.root / rel)
        except OSError:
            return None
        return st.st_size, st.st_mtime_ns

    def _kind(self, rel: str) -> str | None:
        """``folder`` (a real one, not a link to one), ``file`` (a regular file, or a link to
        one), or None: gone, or nothing the index holds (a broken link, a socket)."""
        full = self.root / rel
        if full.is_dir() and not full.is_symlink():
            return "folder"
        return "file" if full.is_file() else None

    def _exists(self, rel: str) -> bool:
        return os.path.lexists(self.root / rel)

    def _files_under(self, rel_dir: str) -> Iterable[str]:
        base = self.root / rel_dir
        for folder, dirs, files in os.walk(base):
            rel_folder = Path(folder).relative_to(self.root).as_posix()
            dirs[:] = sorted(d for d in dirs if not self.rules.ignored(f"{rel_folder}/{d}", True))
            for name in sorted(files):
                rel = f"{rel_folder}/{name}"
                if not self.rules.ignored(rel, False):
                    yield rel

    def _move_files(
        self,
        moves: list[tuple[str, str]],
        indexed: dict[str, tuple[int, int]],
        fresh: dict[str, tuple[int, int]],
        batch: Batch,
    ) -> int:
        """Apply the plain moves of files of ``moves`` in one indexer call, note in ``fresh`` the
        destinations stored as they are, and empty ``moves``. Returns how many changes they were.

        A move whose rows moved is said as a ``rename`` (taking the time of the call). One whose
        rows could not move (its source had none: a file created and moved before it was stored;
        or other bytes: a file saved after its move) is said as what the store took: its source's
        rows removed (``delete``; nothing when it had none, as for any path gone with nothing
        stored), and its destination read (``upsert``), as an atomic save's destination is."""
        if not moves:
            return 0
        started = time.perf_counter()
        ends = [path for move in moves for path in move]
        _forget(indexed, *ends)  # their rows move: one pass over each map for them all
        _forget(fresh, *ends)
        seen = {dest: self._stat(dest) for _, dest in moves}
        became: dict[str, tuple[str, float]] = {}  # path -> (result, ms) of the paths read or dropped

        def done(path: str, result: str, ms: float) -> None:
            became[path] = (result, ms)

        moved = set(self.indexer.rename_all(moves, on_path=done))
        self._note_stored(seen, fresh)
        ms = _ms(started)
        changes = 0
        for src, dest in moves:
            if dest in moved:
                changes += 1
                self._emit(SyncEvent(f"{src} → {dest}", "rename", "moved", ms, _count(batch, src, dest)))
                continue
            gone, gone_ms = became.pop(src, (NOTHING_TO_INDEX, 0.0))
            read, read_ms = became.pop(dest, (NOTHING_TO_INDEX, 0.0))
            events = _count(batch, src, dest)  # the move's, said on the destination's line …
            if gone not in NO_CHANGE:
                changes += 1
                events = _count(batch, dest)  # … unless its source has a line of its own
                self._emit(SyncEvent(src, "delete", gone, gone_ms, _count(batch, src)))
            changes += read not in NO_CHANGE
            self._emit(SyncEvent(dest, "upsert", read, read_ms, events))
        moves.clear()
        return changes

    def _move_tree(self, src: str, dest: str, fresh: dict[str, tuple[int, int]]) -> int:
        """Move the rows of the folder ``src`` to ``dest``, check every file under ``dest``, and
        note in ``fresh`` those stored as they are."""
        prefix = src.rstrip("/") + "/"
        # the folder's own rows, not every stored path filtered (a rename in a large index), moved
        # in one transaction
        olds = self.indexer.paths_under(src)
        self.indexer.rename_all([(old, dest.rstrip("/") + "/" + old[len(prefix) :]) for old in olds])
        moved = len(olds)
        rest = [p for p in self._files_under(dest)]
        if rest:
            seen = {path: self._stat(path) for path in rest}
            self.indexer.index_paths(rest)  # anything not indexed before (or changed meanwhile)
            self._note_stored(seen, fresh)
        return moved

    def _note_stored(
        self, seen: dict[str, tuple[int, int] | None], fresh: dict[str, tuple[int, int]]
    ) -> None:
        """Note in ``fresh`` the files of ``seen`` (their stats taken before the indexer's) whose
        stored row has that size and mtime."""
        stored = self.indexer.store.stats_of(seen)
        for path, stat in seen.items():
            row = stored.get(path)
            if stat is not None and row is not None and (row[0], row[1]) == stat:
                fresh[path] = stat

    def _moved_with_folder(self, src: str, dest: str, known: tuple[int, int]) -> bool:
        """Whether the file ``dest`` is as it was stored (``known``) and ``src`` has no row:
        ``Indexer.rename`` would find it so, and do nothing."""
        return self._stat(dest) == known and self.indexer.store.document(src) is None


#: What ``Indexer.index_paths`` says of a path whose rows it left as they were
NO_CHANGE = ("unchanged", NOTHING_TO_INDEX)


def _any_under(paths: set[str], folder: str) -> bool:
    prefix = folder.rstrip("/") + "/"
    return any(path.startswith(prefix) for path in paths)


def _overwritten(renames: tuple[tuple[str, str], ...]) -> set[int]:
    """The indices of the moves of ``renames`` whose destination another move of the batch then
    took before anything moved away from it (``mv a c; mv b c``): the file moved there first is
    no longer anywhere, so its move is no rename, and its source is a path gone like any other."""
    later: set[int] = set()
    taken: dict[str, int] = {}  # destination -> the index of the last move onto it so far
    for i, (src, dest) in enumerate(renames):
        taken.pop(src, None)  # what was moved onto src moves on: it is not overwritten
        if dest in taken:
            later.add(taken[dest])
        taken[dest] = i
    return later


def _counted(n: int, noun: str) -> str:
    """``1 document``, ``3 documents``: the words of the loop's results (as the app counts)."""
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {noun}s"


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000


def _forget(indexed: dict[str, tuple[int, int]], *paths: str) -> None:
    """Drop what ``indexed`` holds of ``paths`` and of the files under them as folders: their
    rows were moved or removed, so the same size and mtime no longer say they are stored.

    One pass over ``indexed``, each path of it and each of its folders looked up in a set: a batch
    of 1,001 paths gone (a folder of 1,000 files deleted) after one that indexed 1,000 others was
    a pass for each gone path, a million prefix checks."""
    if not indexed or not paths:
        return
    wanted = set(paths)
    for known in [k for k in indexed if k in wanted or _in_folder_of(k, wanted)]:
        del indexed[known]


def _in_folder_of(path: str, folders: set[str]) -> bool:
    """Whether a folder of ``path`` (``a`` or ``a/b`` for ``a/b/c.md``) is one of ``folders``."""
    cut = path.find("/")
    while cut != -1:
        if path[:cut] in folders:
            return True
        cut = path.find("/", cut + 1)
    return False


def _count(batch: Batch, *paths: str) -> int:
    return sum(batch.coalesced.get(p, 0) for p in paths) or 1
