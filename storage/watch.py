"""Watching a folder: watchdog events → debounced, per-path hints.

Events are hints, never facts. Editors save by writing a temp file and renaming it over the
original; a burst of writes arrives as dozens of events; a folder moved out of the tree arrives as
a single delete; inotify may run out of watches at run time. So this module only records *which
paths may have changed* (and which renames were seen), per path, and hands them over once a path
has been quiet for ``quiet`` seconds — or has been busy for ``cap`` seconds, so a file written
continuously is still indexed. What actually changed is decided by :mod:`storage.sync` against the
disk.

The observer is watchdog's native one unless polling is asked for or the native one fails: at
start (``OSError`` such as ENOSPC/EMFILE from inotify) or later (its emitter thread dies, which
watchdog does not recover from by itself). :class:`Watcher` notices both and switches to
watchdog's polling observer.
"""

from __future__ import annotations

import logging
import os
import threading
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer
from watchdog.observers.polling import PollingObserver

from .ignore import IGNORE_FILE, is_hidden_or_temp

log = logging.getLogger(__name__)


def is_transient(name: str) -> bool:
    """Hidden, temporary and lock files (the walk's rule, shared so both skip the same names)."""
    return is_hidden_or_temp(name) or name == "4913"  # vim writes 4913 to test a folder


@dataclass
class _Pending:
    first: float
    last: float
    count: int = 1
    listing: bool = False  # every hint so far was this folder's listing changing


@dataclass(frozen=True)
class Batch:
    """Paths (relative, POSIX) that may have changed, and the renames seen among them."""

    paths: tuple[str, ...]
    renames: tuple[tuple[str, str], ...] = ()
    events: int = 0  # raw events coalesced into this batch
    coalesced: dict[str, int] = field(default_factory=dict)  # path → events seen for it
    # folders hinted only because an entry in them came, went or was saved (never created or
    # moved in themselves): those entries have hints of their own, so the folder's files need
    # no second look
    listings: frozenset[str] = frozenset()


class Debouncer:
    """Coalesces hints per path: a path is ready after ``quiet`` seconds without an event, or
    ``cap`` seconds after its first event, whichever comes first. Thread-safe."""

    def __init__(self, quiet: float = 0.3, cap: float = 2.0, clock: Callable[[], float] = time.monotonic):
        self.quiet = quiet
        self.cap = cap
        self.clock = clock
        self._pending: dict[str, _Pending] = {}
        self._renames: list[tuple[str, str]] = []
        self._lock = threading.Lock()
        self._wake = threading.Event()

    def touch(self, path: str, *, listing: bool = False) -> None:
        """A hint that ``path`` may have changed; ``listing`` when it is a folder whose entries
        changed (watchdog's DirModifiedEvent), not the folder itself appearing."""
        now = self.clock()
        with self._lock:
            p = self._pending.get(path)
            if p is None:
                self._pending[path] = _Pending(now, now, listing=listing)
            else:
                p.last = now
                p.count += 1
                p.listing = p.listing and listing
        self._wake.set()

    def rename(self, src: str, dest: str) -> None:
        with self._lock:
            self._renames.append((src, dest))
        self.touch(src)
        self.touch(dest)

    def next_due(self) -> float | None:
        """Seconds until the next path is ready (None when nothing is pending)."""
        with self._lock:
            if not self._pending:
                return None
            now = self.clock()
            due = min(min(p.last + self.quiet, p.first + self.cap) for p in self._pending.values())
            return max(0.0, due - now)

    def wait(self, timeout: float) -> None:
        self._wake.wait(timeout)
        self._wake.clear()

    def take_ready(self) -> Batch | None:
        now = self.clock()
        with self._lock:
            ready = [
                path
                for path, p in self._pending.items()
                if now >= p.last + self.quiet or now >= p.first + self.cap
            ]
            if not ready:
                return None
            listings = frozenset(path for path in ready if self._pending[path].listing)
            counts = {path: self._pending.pop(path).count for path in ready}
            ready_set = set(ready)
            # a rename is handed over with both ends, so sync can move rows in one step, and with
            # the other renames of an end it brought along (`mv a c; mv b c` with a ready and b
            # a moment short of it: b's move onto c came in the next batch, a move on its own)
            seen = self._renames
            taken: set[int] = set()
            while True:
                found = [
                    i
                    for i, (src, dest) in enumerate(seen)
                    if i not in taken and (src in ready_set or dest in ready_set)
                ]
                if not found:
                    break
                taken.update(found)
                for i in found:
                    for end in seen[i]:
                        if end not in ready_set and end in self._pending:
                            counts[end] = self._pending.pop(end).count
                            ready_set.add(end)
            renames = [r for i, r in enumerate(seen) if i in taken]  # in the order they were seen
            self._renames = [r for i, r in enumerate(seen) if i not in taken]
        return Batch(tuple(sorted(ready_set)), tuple(renames), sum(counts.values()), counts, listings)

    def pending(self) -> int:
        with self._lock:
            return len(self._pending)


#: watchdog's inotify observer keeps the watches of a folder moved out of the watched tree (a
#: watch follows its folder, and watchdog does not drop the ones of a move it cannot pair). When
#: the folder is moved back in, watchdog adds a watch for it and each folder under it again;
#: inotify hands back the watch the folder still has, which already holds the observer's
#: callback, and watchdog warns ``Callback with id '…' already exists for watch …. It will be
#: Overwritten.`` (a RuntimeWarning, which a process that logs warnings logs). It is harmless:
#: the callback overwritten is the same one, the watch the same, and watchdog reports the folder
#: and its files as created as usual. Its cause is inside watchdog: dropping those watches
#: ourselves when a folder leaves would race with a quick move back (the watches dropped after
#: they were added again, and the folder's events lost), so this one warning is filtered.
_REWATCH = r"Callback with id '\d+' already exists for watch "


def _ignore_rewatch_warning() -> None:
    """Filter watchdog's warning of a watch added again (:data:`_REWATCH`), that one alone: its
    message, its category and watchdog's modules. Added at every start, in front of the filters
    set before (a process's "always" too); the same filter added twice is kept once."""
    warnings.filterwarnings("ignore", message=_REWATCH, category=RuntimeWarning, module=r"watchdog\.")


class _Handler(FileSystemEventHandler):
    def __init__(self, watcher: Watcher) -> None:
        self.watcher = watcher

    def on_any_event(self, event: FileSystemEvent) -> None:
        self.watcher.hint(event)


class Watcher:
    """A watchdog observer feeding a :class:`Debouncer` with relative paths.

    ``ignored(rel_path, is_dir)`` filters paths (the folder's ignore rules); the index folder,
    hidden and transient files are always ignored. ``on_state(state)`` is told "native",
    "polling" or "stopped" whenever that changes.
    """

    def __init__(
        self,
        root: Path,
        debouncer: Debouncer,
        *,
        poll: bool = False,
        poll_interval: float = 0.5,
        ignored: Callable[[str, bool], bool] | None = None,
        on_state: Callable[[str], None] | None = None,
        on_ignore_changed: Callable[[], None] | None = None,
        observer_factory: Callable[[], object] | None = None,
    ) -> None:
        self.root = Path(root).resolve()
        self.debouncer = debouncer
        self.poll = poll
        self.poll_interval = poll_interval
        self.ignored = ignored or (lambda rel, is_dir: False)
        self.on_state = on_state or (lambda state: None)
        self.on_ignore_changed = on_ignore_changed or (lambda: None)
        self.observer_factory = observer_factory or Observer
        self.observer = None
        self.state = "stopped"
        self.fallback_reason: str | None = None
        self._lock = threading.Lock()

    # -- lifecycle ---------------------------------------------------------------------------

    def start(self) -> None:
        if self.poll:
            self._start_polling("polling was asked for")
            return
        _ignore_rewatch_warning()
        try:
            observer = self.observer_factory()
            observer.schedule(_Handler(self), str(self.root), recursive=True)
            observer.start()
        except OSError as exc:  # inotify: ENOSPC (watches exhausted), EMFILE (instances)
            log.warning("native watcher failed (%s); falling back to polling", exc)
            self._start_polling(f"native watcher failed: {exc}")
            return
        self.observer = observer
        self._set_state("native")

    def _start_polling(self, reason: str) -> None:
        observer = PollingObserver(timeout=self.poll_interval)
        observer.schedule(_Handler(self), str(self.root), recursive=True)
        observer.start()
        self.observer = observer
        self.fallback_reason = reason
        self._set_state("polling")

    def check_health(self) -> bool:
        """Switch to polling when the native observer's threads died; True when a switch happened.

        watchdog's inotify emitter raises (and its thread ends) when adding a watch for a new
        folder fails with ENOSPC; the observer then silently stops reporting.
        """
        with self._lock:
            observer = self.observer
            if observer is None or self.state != "native":
                return False
            emitters = list(getattr(observer, "emitters", ()))
            alive = observer.is_alive() and all(e.is_alive() for e in emitters)
            if alive:
                return False
            log.warning("native watcher stopped reporting; falling back to polling")
            try:
                observer.stop()
            except Exception:  # it is already broken; stopping is best effort
                pass
            self._start_polling("native watcher stopped at run time (inotify watch limit?)")
            return True

    def stop(self) -> None:
        with self._lock:
            observer, self.observer = self.observer, None
        if observer is not None:
            observer.stop()
            observer.join(timeout=5)
        self._set_state("stopped")

    def _set_state(self, state: str) -> None:
        self.state = state
        self.on_state(state)

    # -- events ------------------------------------------------------------------------------

    def relative(self, path: str | bytes) -> str | None:
        """The POSIX path relative to the root, or None when outside it or always ignored."""
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        p = Path(path)
        try:
            rel = p.relative_to(self.root)
        except ValueError:
            try:
                rel = p.resolve().relative_to(self.root)
            except (ValueError, OSError):
                return None
        parts = rel.parts
        if not parts:
            return None
        if any(is_transient(p) for p in parts):
            return None
        return rel.as_posix()

    def hint(self, event: FileSystemEvent) -> None:
        if event.event_type in ("opened", "closed_no_write"):
            return
        for raw in (event.src_path, getattr(event, "dest_path", "")):
            if raw and os.path.basename(os.fsdecode(raw)) == IGNORE_FILE and self._is_rules(raw):
                self.on_ignore_changed()
        src = self.relative(event.src_path)
        dest = self.relative(event.dest_path) if getattr(event, "dest_path", "") else None
        listing = event.is_directory and event.event_type == "modified"
        if (
            event.event_type != "deleted"
            and (src is None or self._moved_out(src, listing))
            and (dest is None or self._moved_out(dest, False))
        ):
            return
        if event.event_type == "moved":
            both = src and dest
            if (
                both
                and not self._ignored(src, event.is_directory)
                and not self._ignored(dest, event.is_directory)
            ):
                self.debouncer.rename(src, dest)
                return
            for end in (src, dest):
                if end and not self._ignored(end, event.is_directory):
                    self.debouncer.touch(end)
            return
        if src and not self._ignored(src, event.is_directory):
            self.debouncer.touch(src, listing=listing)

    def _is_rules(self, raw: str | bytes) -> bool:
        """Whether ``raw``, a file named as the ignore rules' file, is the root's, the one the
        rules are read from (``storage.ignore.IgnoreRules``): one of that name in a subfolder, or
        in a folder moved out of the tree, reloaded the rules and reconciled the whole tree."""
        folder = Path(os.fsdecode(raw)).parent
        return folder == self.root or folder.resolve() == self.root

    def _moved_out(self, rel: str, listing: bool) -> bool:
        """Whether ``rel`` lies in a folder that is no folder under the root now (for a folder's
        listing, the folder itself): an event of a folder moved out of the tree.

        watchdog's inotify observer keeps the watches of a folder moved out (see
        :data:`_REWATCH`) and names what comes or changes in it by the folder's old place in the
        tree (``notes/sub/new.md``, the folder in another tree). The folder leaving was reported
        (a delete, which drops what the index held under it) and its coming back will be (the
        folder created, walked whole), so :meth:`hint` drops those events rather than have the
        loop look each path up on the disk, a batch each, to find nothing there. One ``stat`` of
        the folder as the event comes: a folder back has its events kept at once, nothing being
        remembered of it that a quick move back would have to undo. A file's creation or change
        in a folder deleted or renamed before its event came is dropped as well, the folder's own
        delete or move covering it; a delete is always handed over, as it was (the loop removes
        the paths gone of a batch together)."""
        folder = rel if listing else rel.rpartition("/")[0]
        return bool(folder) and not os.path.isdir(f"{self.root}/{folder}")

    def _ignored(self, rel: str, is_dir: bool) -> bool:
        try:
            return self.ignored(rel, is_dir)
        except Exception:  # a broken ignore rule must not stop watching
            return False
