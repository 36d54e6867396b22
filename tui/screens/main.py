"""The main screen: the file tree on the left, the selected file in the selected mode on the right.

Data flow: the sync thread (indexer + watcher, in storage) reports through ``on_event``; the
events become messages (:mod:`tui.messages`) carrying paths. Changed paths are collected and, a
few times a second, their rows are re-read from the store in a worker and applied to the tree and
the open view. Views load what they need (chunks per mode, the stored Document, the manifest)
through :class:`~tui.library.Library` on its read threads; the event loop never waits.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import TabbedContent, TabPane

from indexer import ModeParams
from indexer.errors import ChunkscopeError
from indexer.formats import registry as formats
from indexer.formats.registry import FormatSpec
from indexer.modes import registry as modes

from .. import messages as msg
from ..library import Library, params_from_key
from ..present import chunk_stats, counted, human_bytes, millis, row_offsets, took, wrap_lines
from ..widgets.chunk_list import ChunkList
from ..widgets.compare_view import Column, CompareGrid, CompareView
from ..widgets.event_log import EventLog
from ..widgets.fields_panel import FieldsPanel
from ..widgets.file_tree import READING_SHOWN_AFTER, FileTree
from ..widgets.footer import Footer
from ..widgets.images_panel import ImagesPanel, PlaceholderList
from ..widgets.manifest_panel import ManifestPanel, hint_for
from ..widgets.mode_bar import ModeBar
from ..widgets.source_view import SourceView
from ..widgets.status_bar import HeaderLine, ProgressLine, TitleLine
from .help import HelpScreen
from .metadata import MetadataScreen
from .params import ParamsScreen
from .report import ReportScreen
from .search import SearchScreen

TABS = ("chunks", "source", "compare", "images", "manifest")
#: the details of the title left out, in this order, where the line is short of room: the time,
#: the page count (the coverage says it), the size, the chunk count, last the page coverage
TITLE_DROPS = ("time", "pages", "size", "chunks", "coverage")
TEXT_TYPES = {"md", "txt", "csv", "tsv", "json", "jsonl", "html", "xml", "ipynb", "eml", "rtf"}


def mode_name(mode: str, family: str) -> str:
    """A mode as the UI names it: ``default`` with the mode it stands for in the file's family,
    ``default (structural)``, as the manifest's chunker names it ``structural``; any other mode
    as it is."""
    if mode != "default" or family not in modes.DEFAULT_FOR:
        return mode
    return f"default ({modes.DEFAULT_FOR[family]})"


def mode_label(mode: str, params: ModeParams, family: str, *, bare: bool = False) -> str:
    """``sliding_window 5/2``: the mode (:func:`mode_name`, or with ``bare`` its name alone) and the
    parameters it reads."""
    try:
        spec = modes.resolve(family, mode)
    except ChunkscopeError:
        return mode
    values = [str(v) for v in (spec.value(params, r) for r in spec.reads) if v is not None]
    return (mode if bare else mode_name(mode, family)) + (" " + "/".join(values) if values else "")


def _waiting_format(row: Any) -> FormatSpec | None:
    """The format a file not read yet (queued, being indexed) will be read as, by its extension:
    so its title and modes are there before it is."""
    if row.source_type or row.status not in ("queued", "indexing"):
        return None
    spec = formats.for_extension(formats.suffix_of(row.path))
    return spec if spec is not None and spec.supported else None


class MainScreen(Screen[None]):
    BINDINGS = [
        *[Binding(str(n), f"mode({n})", "mode", show=n == 1, key_display="1-7") for n in range(1, 8)],
        Binding("question_mark", "help", "help"),  # second, so a narrow footer still shows it
        Binding("c", "tab('compare')", "compare"),
        Binding("s", "tab('source')", "source"),
        Binding("i", "tab('images')", "images"),
        Binding("m", "tab('manifest')", "manifest"),
        Binding("escape", "tab('chunks')", "chunks", show=False),
        Binding("slash", "search", "search"),
        Binding("R", "report", "report"),
        Binding("o", "open_file", "open"),
        Binding("x", "reindex", "reindex"),
        Binding("e", "export", "export"),
        Binding("p", "params", "params", show=False),
        Binding("P", "compare_params", "compare with other params", show=False),
        Binding("f", "focus_filter", "filter", show=False),
        Binding("n", "toggle_counts", "chunks/files", show=False),
    ]

    def __init__(
        self,
        library: Library,
        *,
        jobs: int | None = None,
        poll: bool = False,
        watch: bool = True,
        options: dict[str, Any] | None = None,
    ) -> None:
        super().__init__()
        self.library = library
        self.jobs, self.poll, self.watch = jobs, poll, watch
        self.options = dict(options or {})  # extraction options for the files indexed from here
        self.rows: dict[str, Any] = {}
        self.counts: dict[str, int] = {}
        self.path: str | None = None
        self.mode = "default"
        self.params = ModeParams()
        self.compare: list[tuple[str, ModeParams]] = []
        self.watcher_state = "starting"
        self.dirty: set[str] = set()
        self.removed: set[str] = set()
        self.flush_pending = False
        # files a worker is reading now → when it began (monotonic): those read long enough are
        # drawn ⟳ (``reading_shown``); those whose read ended lose the mark at the next flush
        # (``read_done``), with their new row when it has come, so ⟳ does not go back to ◌ first
        self.reading: dict[str, float] = {}
        self.reading_shown: set[str] = set()
        self.read_done: set[str] = set()
        self.reading_check_pending = False
        self.pending_ordinal: int | None = None
        self.indexing = True
        self.indexer: Any = None  # set by the sync worker once built
        self.sync_loop: Any = None
        self.current_chunks: list[Any] = []
        # the manifest of the file on view, by (path, revision): its page coverage in the title
        self.title_manifest: tuple[tuple, dict[str, Any] | None] | None = None
        self.latest_progress: msg.ScanProgress | None = None

    # -- layout ----------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield HeaderLine(id="header")
        with Horizontal(id="body"):
            yield FileTree(id="file-pane")
            with Vertical(id="right"):
                yield TitleLine(id="doc-title")
                yield ModeBar(id="mode-bar")
                with TabbedContent(id="tabs", initial="chunks"):
                    with TabPane("Chunks", id="chunks"):
                        yield ChunkList(id="chunk-list", empty_text="select a file")
                    with TabPane("Source", id="source"):
                        yield SourceView(id="source-view")
                    with TabPane("Compare", id="compare"):
                        yield CompareView(id="compare-view")
                    with TabPane("Images", id="images"):
                        yield ImagesPanel(id="images-panel")
                    with TabPane("Manifest", id="manifest"):
                        yield ManifestPanel(id="manifest-panel")
                    with TabPane("Fields", id="fields"):
                        yield FieldsPanel(id="fields-tab")
        yield ProgressLine(id="progress")
        yield EventLog(id="event-log")
        yield Footer(compact=True)

    def on_resize(self, event: events.Resize) -> None:
        if not self.compare and self.path is not None and self.tab == "compare":
            # columns not picked follow the width (once the breakpoint classes are set)
            self.call_after_refresh(self.follow_width)

    def follow_width(self) -> None:
        shown = self.query_one(CompareGrid).columns
        if not self.compare and shown and len(shown) != len(self.compare_columns()):
            self.refresh_view()

    def on_mount(self) -> None:
        self.query_one("#file-pane").border_title = "Files"
        self.query_one(HeaderLine).show(self.folder_label, {}, self.watcher_state)
        self.query_one(ModeBar).show([], "")
        self.query_one("#files").focus()
        self.open_store()

    @property
    def folder_label(self) -> str:
        home = str(Path.home())
        root = str(self.library.root)
        return "~" + root[len(home) :] if root.startswith(home + os.sep) else root

    @property
    def quitting(self) -> bool:
        """The app is shutting down: a worker that resumes after awaiting a read thread must leave
        the widgets alone, as they are being taken down (querying them raises NoMatches, which
        Textual reports as a crash on the way out)."""
        return not self.app.is_running or not self.is_attached

    @property
    def log_widget(self) -> EventLog:
        return self.query_one(EventLog)

    # -- store and sync --------------------------------------------------------------------------

    @work(exclusive=True, group="open")
    async def open_store(self) -> None:
        await self.library.call(self.library.open)
        self.post_message(msg.StoreOpened())

    async def on_store_opened(self, message: msg.StoreOpened) -> None:
        await self.reload_rows()
        self.note_conversion()
        progress = self.query_one(ProgressLine)
        if self.watch:
            progress.note(f"scanning the folder · index {self.db_label}")
            self.run_sync()
        else:
            self.indexing = False
            self.watcher_state = "stopped"
            self.update_header()
            progress.done(f"not indexing or watching · index {self.db_label}")

    def note_conversion(self) -> None:
        """Say in the log that opening converted an index an earlier chunkscope wrote, and what
        the compaction that may follow gave back, as ``chunkscope index`` prints them."""
        from storage.migrations import INITIAL
        from tui.commands.compact import describe

        store = self.library.store
        if store is None or store.readonly:
            return
        writer = store.writer
        if not writer.migrated or INITIAL in writer.migrated:  # a new index: nothing was converted
            return
        self.note(f"index converted for this version of chunkscope ({', '.join(writer.migrated)})")
        if writer.compaction is not None:
            self.note(describe(writer.compaction), "yellow" if writer.compaction.refused else "")

    @property
    def db_label(self) -> str:
        try:
            return self.library.db_path.relative_to(self.library.root).as_posix()
        except ValueError:
            return str(self.library.db_path)

    async def reload_rows(self) -> None:
        store = self.library.store
        rows = await self.library.call(store.documents)
        self.counts = await self.library.call(store.counts)
        if self.quitting:  # the app quit while the rows were read
            return
        shown = self.row
        self.rows = {r.path: r for r in rows}
        tree = self.query_one(FileTree)
        tree.set_rows(rows)
        self.update_header()
        if self.path is None and rows:
            first = next((r.path for r in rows if r.status in ("indexed", "stale")), rows[0].path)
            tree.select(first)
            self.select(first)
        elif self.path is not None and _revision(self.row) != _revision(shown):
            # the file on view changed meanwhile (indexed since it was shown queued): show it anew
            self.library.forget(self.path)
            self.refresh_view()

    @work(thread=True, exclusive=True, group="sync", exit_on_error=False)
    def run_sync(self) -> None:
        """Build the indexer and start the sync loop (reconcile, then follow the folder).

        The loop runs on its own thread; this worker only starts it, so quitting never waits on a
        worker. Events come back through ``on_event`` → ``post_message``."""
        post = self.post_message

        def on_event(event: object) -> None:
            post(msg.from_event(event))

        try:
            from storage.indexing import Indexer
            from storage.sync import SyncLoop
        except ImportError as exc:
            post(msg.WatchEvent("error", f"indexing unavailable: {exc}"))
            post(msg.WatcherChanged("unavailable"))
            return
        indexer = Indexer(
            self.library.root, self.library.store, jobs=self.jobs, on_event=on_event, options=self.options
        )
        loop = SyncLoop(self.library.root, indexer, poll=self.poll, on_event=on_event)
        post(msg.WatcherChanged("starting"))
        self.indexer, self.sync_loop = indexer, loop
        loop.start()

    def shutdown(self, wait: float = 2.0) -> bool:
        """Stop watching; True when the indexer stopped within ``wait`` seconds (then the store
        may be closed). A reconciliation still running is left to end with the process: every
        document is written in one transaction, so nothing is left half-written."""
        loop, indexer = self.sync_loop, self.indexer
        if loop is None:
            return True
        stopper = threading.Thread(target=loop.stop, name="chunkscope-stop", daemon=True)
        stopper.start()
        stopper.join(wait)
        if stopper.is_alive():
            return False
        indexer.close()
        return True

    # -- events from the sync thread -------------------------------------------------------------

    def mark_dirty(self, *paths: str, removed: bool = False) -> None:
        (self.removed if removed else self.dirty).update(p for p in paths if p)
        self.schedule_flush()

    def schedule_flush(self) -> None:
        """Apply what arrived (rows, progress, log lines) at most four times a second: one repaint
        per batch, however many files were indexed meanwhile."""
        if not self.flush_pending:
            self.flush_pending = True
            self.set_timer(0.25, self.flush)

    def note(self, text: str, style: str = "", *, keep_start: bool = False) -> None:
        self.log_widget.add(text, style, keep_start=keep_start)
        self.schedule_flush()

    def on_file_started(self, message: msg.FileStarted) -> None:
        self.reading[message.path] = time.monotonic()
        if not self.reading_check_pending:
            self.reading_check_pending = True
            self.set_timer(READING_SHOWN_AFTER, self.show_reading)

    def on_file_read(self, message: msg.FileRead) -> None:
        self.end_reading(message.path)

    def end_reading(self, path: str) -> None:
        self.reading.pop(path, None)
        if path in self.reading_shown:
            self.reading_shown.discard(path)
            self.read_done.add(path)
            self.schedule_flush()

    def end_all_reading(self) -> None:
        """A run starts or ends: no file of an earlier run is being read (runs come one at a time;
        one cut short by an error reported no end for the files it was reading)."""
        for path in list(self.reading):
            self.end_reading(path)

    def show_reading(self) -> None:
        """Draw ⟳ on the files read for ``READING_SHOWN_AFTER`` seconds now; look again when the
        next file being read comes to that age."""
        self.reading_check_pending = False
        now = time.monotonic()
        due = [p for p, t in self.reading.items() if now - t >= READING_SHOWN_AFTER]
        if due:
            self.reading_shown.update(due)
            self.query_one(FileTree).mark_reading(due)
        waiting = [t for p, t in self.reading.items() if p not in self.reading_shown]
        if waiting:
            self.reading_check_pending = True
            self.set_timer(max(0.02, min(waiting) + READING_SHOWN_AFTER - now), self.show_reading)

    def on_file_indexed(self, message: msg.FileIndexed) -> None:
        self.end_reading(message.path)
        if message.action != "unchanged":
            self.note(
                f"{message.path} {message.action} → {counted(message.chunks, 'chunk')} in {millis(message.ms)}"
            )
        self.mark_dirty(message.path)

    def on_index_failed(self, message: msg.IndexFailed) -> None:
        self.end_reading(message.path)
        if message.status == "unsupported":
            self.note(f"{message.path} not indexed: {message.message}", "dim")
        else:
            # the code and what became of the file first: a line too long loses the message's end
            stale = " (the last good revision stays, marked stale)" if message.status == "stale" else ""
            self.note(
                f"{message.path} failed: {message.code}{stale}: {message.message}", "red", keep_start=True
            )
        self.mark_dirty(message.path)

    def on_file_removed(self, message: msg.FileRemoved) -> None:
        self.end_reading(message.path)
        if message.stored:  # (not a file gone before it was read: it had only its queued row)
            self.note(f"{message.path} removed")
        self.mark_dirty(message.path, removed=True)

    def on_file_renamed(self, message: msg.FileRenamed) -> None:
        self.mark_dirty(message.old, removed=True)
        self.mark_dirty(message.new)

    def on_scan_progress(self, message: msg.ScanProgress) -> None:
        if not message.total:
            return  # nothing to index (a file found unchanged): the line keeps what it says
        self.indexing = message.done < message.total
        self.latest_progress = message
        if message.done == 0 or message.done >= message.total:
            self.end_all_reading()
        if message.done == 0 and message.total:
            self.full_reload()  # the scan queued the new files: show them at once, as queued
        self.schedule_flush()

    def show_progress(self) -> None:
        message, self.latest_progress = self.latest_progress, None
        if message is None:
            return
        if message.done >= message.total:
            # a run after the folder's scan (a re-index, a file the watcher saw change) ends here;
            # the scan's own end is said once its reconcile event arrives
            failed = f" · {message.failures:,} failed" if message.failures else ""
            self.query_one(ProgressLine).done(
                f"up to date · {counted(message.total, 'file')} read in {took(message.elapsed)}{failed}"
            )
            return
        self.query_one(ProgressLine).progress(
            message.done,
            message.total,
            message.elapsed,
            bytes_done=message.bytes_done,
            bytes_total=message.bytes_total,
            failed=message.failures,
        )

    def on_scan_finished(self, message: msg.ScanFinished) -> None:
        self.indexing = False

    def on_watcher_changed(self, message: msg.WatcherChanged) -> None:
        self.watcher_state = message.state
        note = f" ({message.detail})" if message.detail else ""
        self.note(f"watcher: {message.state}{note}", "yellow" if message.state == "polling" else "")
        self.update_header()

    def on_watch_event(self, message: msg.WatchEvent) -> None:
        if message.kind == "reconcile":
            self.indexing = False
            # a progress report still waiting for the next flush is older than this: drop it, or it
            # would overwrite the "up to date" line
            self.latest_progress = None
            self.query_one(ProgressLine).done(
                f"up to date · folder scanned in {message.text.rsplit(' in ', 1)[-1]}"
            )
            self.set_timer(0.05, self.full_reload)
        if not message.quiet:
            self.note(message.text, "red" if message.kind == "error" else "")
        if message.paths:
            self.mark_dirty(*message.paths)

    @work(exclusive=True, group="reload")
    async def full_reload(self) -> None:
        await self.reload_rows()

    @work(group="flush")
    async def flush(self) -> None:
        self.flush_pending = False
        self.show_progress()
        self.log_widget.flush()
        dirty, removed, read_done = self.dirty, self.removed, self.read_done
        self.dirty, self.removed, self.read_done = set(), set(), set()
        store = self.library.store
        if store is None or not (dirty or removed):
            if read_done:
                self.query_one(FileTree).update_rows([], read=read_done)
            return

        def read() -> tuple[list[Any], list[str], dict[str, int]]:
            found, gone = [], list(removed)
            for path in sorted(dirty | removed):
                row = store.document(path)
                if row is None:
                    gone.append(path)
                else:
                    found.append(row)
            return found, gone, store.counts()

        found, gone, self.counts = await self.library.call(read)
        if self.quitting:  # the app quit while the changes were read
            return
        changed_view = False
        for row in found:
            old = self.rows.get(row.path)
            self.rows[row.path] = row
            if row.path == self.path and _revision(old) != _revision(row):
                changed_view = True
        for path in gone:
            self.rows.pop(path, None)
            self.library.forget(path)
            if path == self.path:
                changed_view = True
        self.query_one(FileTree).update_rows(found, removed=gone, read=read_done)
        self.update_header()
        if self.path is None and found:
            self.query_one(FileTree).select(found[0].path)
            self.select(found[0].path)
        elif changed_view and self.path is not None:
            self.library.forget(self.path)
            self.refresh_view()

    def update_header(self) -> None:
        self.query_one(HeaderLine).show(self.folder_label, self.counts, self.watcher_state)

    # -- selection and views ---------------------------------------------------------------------

    @property
    def row(self) -> Any | None:
        return self.rows.get(self.path) if self.path else None

    @property
    def family(self) -> str:
        row = self.row
        if row is None:
            return ""
        spec = _waiting_format(row)
        return row.family or (spec.family if spec else "")

    def modes(self) -> tuple[str, ...]:
        family = self.family
        if not family:
            return ()
        return modes.modes_for(family)[:7]

    def on_file_tree_file_highlighted(self, message: FileTree.FileHighlighted) -> None:
        self.select(message.path)

    def select(self, path: str) -> None:
        if path == self.path:
            return
        self.path = path
        available = self.modes()
        if self.mode not in available:
            self.mode = available[0] if available else "default"
        self.compare = []
        self.refresh_view()

    def workers_busy(self) -> bool:
        """True while a view, flush or export worker runs (not counting the long-lived sync thread)."""
        return any(w.is_running and w.group != "sync" for w in self.workers)

    @property
    def tab(self) -> str:
        return self.query_one(TabbedContent).active or "chunks"

    def show_title(self) -> None:
        row = self.row
        title = self.query_one("#doc-title", TitleLine)
        if row is None:
            title.clear("no file selected")
            return
        pages, with_text, by_ocr = self.page_coverage(row)
        # each detail with what it is; short of room they go in the order of TITLE_DROPS
        parts = [(_format_name(row), "")]
        if pages:
            parts.append((counted(pages, "page"), "pages"))
        parts.append((human_bytes(row.size), "size"))
        if row.indexed_at:
            parts.append(("indexed " + time.strftime("%H:%M", time.localtime(row.indexed_at)), "time"))
        if row.status != "indexed" or not row.indexed_at:  # "indexed HH:MM" says it already
            # an unsupported file's code says it again ("unsupported UNSUPPORTED_FORMAT")
            code = row.error_code if row.error_code and row.status != "unsupported" else ""
            parts.append((row.status + (f" {code}" if code else ""), ""))
        parts.append((counted(row.chunk_count, "chunk"), "chunks"))
        if pages and with_text is not None:
            # the text layer's pages; a scan's pages OCR read are named apart (pages_with_text counts
            # only the layer, and a garbled layer's page may be both)
            ocr = f", OCR on {by_ocr:,}" if by_ocr else ""
            parts.append((f"text on {with_text:,}/{pages:,} pages{ocr}", "coverage"))
        details = [text for text, _ in parts]
        optional = [i for kind in TITLE_DROPS for i, (_, k) in enumerate(parts) if k == kind]
        title.show(row.path, details, optional)
        reads_note = ""
        if self.family:
            try:
                spec = modes.resolve(self.family, self.mode)
                reads_note = ", ".join(f"{r}={spec.value(self.params, r)}" for r in spec.reads)
            except ChunkscopeError:
                reads_note = ""
        # the bar lists the modes, the one the default stands for beside it: the current one is named
        # as listed
        reason = self.unread_reason(row)
        self.query_one(ModeBar).show(self.modes(), self.mode, reads_note, f"no chunks: {reason}")

    def page_coverage(self, row: Any) -> tuple[int, int | None, int]:
        """The pages of the file on view, how many of them have a text layer and how many OCR
        read, from its manifest (0, None, 0: not known, not loaded yet, or a format without pages)."""
        if self.title_manifest is None or self.title_manifest[0] != (row.path, _revision(row)):
            return 0, None, 0
        coverage = (self.title_manifest[1] or {}).get("coverage") or {}
        pages, with_text = coverage.get("pages_total"), coverage.get("pages_with_text")
        if not isinstance(pages, int) or pages <= 0:
            return 0, None, 0
        by_ocr = len(coverage.get("ocr_pages") or ())
        return pages, with_text if isinstance(with_text, int) else None, by_ocr

    async def load_title_manifest(self, path: str) -> None:
        """Read the manifest of the file on view once per revision, then show its title again."""
        row = self.rows.get(path)
        key = (path, _revision(row))
        if row is None or self.library.store is None or (self.title_manifest or ((),))[0] == key:
            return
        manifest = await self.library.call(self.library.store.manifest, path)
        if self.quitting:
            return
        self.title_manifest = (key, manifest)
        if self.path == path:
            self.show_title()

    def refresh_view(self) -> None:
        self.show_title()
        if self.path is None or self.library.store is None:
            return
        self.load_view(self.path, self.tab, self.mode, self.params)

    def chunk_key(self, path: str, mode: str, params: ModeParams) -> tuple:
        row = self.rows.get(path)
        revision = (row.revision, row.sha256) if row is not None else None
        return self.library.chunk_key(path, revision, mode, params)

    async def fetch_chunks(self, path: str, mode: str, params: ModeParams) -> tuple[list[Any], str]:
        key = self.chunk_key(path, mode, params)
        cached = self.library.chunks_cache.get(key)
        if cached is not None:
            return cached, ""
        try:
            return await self.library.call(self.library.load_chunks, key, params), ""
        except ChunkscopeError as exc:
            return [], f"{exc.code}: {exc.message}"

    async def fetch_document(self, path: str) -> Any:
        row = self.rows.get(path)
        revision = (row.revision, row.sha256) if row is not None else None
        cached = self.library.documents_cache.get((path, revision))
        if cached is not None:
            return cached
        return await self.library.call(self.library.load_document, path, revision)

    @work(exclusive=True, group="view")
    async def load_view(self, path: str, tab: str, mode: str, params: ModeParams) -> None:
        await self.load_title_manifest(path)
        if self.quitting:
            return
        row = self.rows.get(path)
        if tab == "fields":
            # the stored result of `chunkscope fields --folder` for this file (latest schema run)
            await self.query_one(FieldsPanel).load(self.library, path)
            return
        if tab == "manifest":
            manifest = await self.library.call(self.library.store.manifest, path)
            fresh = await self.library.call(self.library.store.document, path)
            if not self.quitting:
                self.query_one(ManifestPanel).show(fresh or row, manifest)
            return
        if row is None or not self.family:
            note = self.empty_note(row)
            self.query_one(ChunkList).set_chunks([], empty_text=note)
            self.query_one(SourceView).set_text([], empty_text=note)
            await self.query_one(CompareView).set_columns([], note)
            unread = f"no images: {self.unread_reason(row)}" if row is not None else note
            await self.query_one(ImagesPanel).show(None, [], self.app_renderer, unread)
            return
        if tab == "compare":
            await self.show_compare(path)
            return
        chunks, error = await self.fetch_chunks(path, mode, params)
        if self.quitting:  # the app quit while the chunks were made
            return
        self.current_chunks = chunks
        note = error or self.empty_note(row)
        if tab == "chunks":
            chunk_list = self.query_one(ChunkList)
            shown = (path, mode, params)
            # the same file and mode again (re-indexed, tab switch): keep the reader's place
            cursor = chunk_list.cursor if chunk_list.shown == shown else 0
            if self.pending_ordinal is not None:
                cursor, self.pending_ordinal = self.pending_ordinal, None
            chunk_list.set_chunks(chunks, cursor=cursor, empty_text=note)
            chunk_list.shown = shown
        elif tab == "source":
            doc = await self.fetch_document(path)
            if self.quitting:
                return
            view = self.query_one(SourceView)
            if doc is None:
                view.set_text([], empty_text=note)
                return
            headings = [b.lines for b in doc.blocks if b.kind == "heading" and b.lines]
            if view.document_key != (path, id(doc)):
                # splitting and wrapping a long text happen on a read thread, not the event loop
                lines = await self.library.call(view.split, doc.text)
                rows = await self.library.call(wrap_lines, lines, view.wrap_width)
                offsets = await self.library.call(row_offsets, lines, rows)
                if self.quitting:
                    return
                view.set_text(lines, headings, rows=rows, offsets=offsets)
                view.document_key = (path, id(doc))
            view.set_chunks(chunks)
        elif tab == "images":
            doc = await self.fetch_document(path)
            if not self.quitting:
                await self.query_one(ImagesPanel).show(doc, chunks, self.app_renderer)

    @property
    def app_renderer(self) -> str:
        return getattr(self.app, "image_renderer", "auto")

    def empty_note(self, row: Any | None) -> str:
        """Why a pane has nothing to show: a failed file's error and what to do about it, or why a
        file that was read gave no chunk."""
        if row is None:
            return "select a file"
        if row.error_code:
            hint = hint_for(row.error_code, row.path)
            note = f"{row.error_code}: {row.error_message or ''}"
            return note + (f"\n\n{hint}" if hint else "") + "\n\n(m: manifest)"
        if row.status in ("queued", "indexing"):
            return f"{row.status}…"
        if row.status == "unsupported":
            return "not a supported format"
        if not row.chunk_count:  # read without error, and nothing came of it
            return (
                "no chunks: the file is empty"
                if not row.size
                else "no chunks: no text was read from the file"
            )
        return "no chunks in this mode"

    def unread_reason(self, row: Any | None) -> str:
        """Why a file no mode chunks has no chunks, in a few words for the mode bar and the images
        tab (the title shows its status and code, the panes their error in full)."""
        if row is None:
            return ""
        if row.status in ("queued", "indexing"):
            return f"not read yet ({row.status})"
        if row.status == "unsupported":
            suffix = Path(row.path).suffix
            return f"{suffix or 'this file type'} is not a supported format"
        if row.error_code:
            return "the file could not be read"
        return "no mode reads this file"

    def compare_columns(self) -> list[tuple[str, ModeParams]]:
        """The columns the user picked (``self.compare``); until then the mode shown and the next
        ones, as many as the width holds, so that they follow a change of mode or of width."""
        if self.compare:
            return self.compare
        # not the mode ``default`` stands for (structural, row) beside it: the same chunks twice
        names = [m for m in self.modes() if m != modes.DEFAULT_FOR.get(self.family)]
        if self.mode in names:
            names.remove(self.mode)
        shown = 2 if self.has_class("-narrow") else 3  # a third column of 15 characters says little
        return [(m, self.params) for m in [self.mode, *names][:shown]]

    async def show_compare(self, path: str) -> None:
        columns: list[Column] = []
        for mode, params in self.compare_columns():
            chunks, error = await self.fetch_chunks(path, mode, params)
            try:
                budget = modes.resolve(self.family, mode).bound
            except ChunkscopeError:
                budget = None
            label = mode_label(mode, params, self.family) + (f" ({error})" if error else "")
            brief = mode_label(mode, params, self.family, bare=True) + (f" ({error})" if error else "")
            columns.append(
                Column(label, chunks, chunk_stats(chunks, budget), brief if brief != label else "")
            )
        if not self.quitting:
            await self.query_one(CompareView).set_columns(columns)

    @on(TabbedContent.TabActivated)
    def tab_changed(self, event: TabbedContent.TabActivated) -> None:
        self.refresh_view()

    def on_chunk_list_chosen(self, message: ChunkList.Chosen) -> None:
        chunk = message.chunk_list.chunks[message.index]
        self.app.push_screen(
            MetadataScreen(chunk, self.path or "", mode_label(self.mode, self.params, self.family))
        )

    def on_compare_grid_chosen(self, message: CompareGrid.Chosen) -> None:
        column = self.query_one(CompareGrid).columns[message.column]
        self.app.push_screen(MetadataScreen(column.chunks[message.index], self.path or "", column.label))

    # -- actions ---------------------------------------------------------------------------------

    def action_mode(self, number: int) -> None:
        available = self.modes()
        if not 1 <= number <= len(available):
            self.app.bell()
            return
        mode = available[number - 1]
        if self.tab == "compare":
            entry = (mode, self.params)
            columns = self.compare_columns()
            if entry not in columns:
                self.compare = [*columns, entry][-3:]
            elif len(columns) > 1:
                self.compare = [c for c in columns if c != entry]
            self.refresh_view()
            return
        self.mode = mode
        self.refresh_view()

    def action_tab(self, tab: str) -> None:
        tabs = self.query_one(TabbedContent)
        if tabs.active == tab and tab != "chunks":
            tab = "chunks"
        tabs.active = tab
        # the tab's view takes the keys: the chunk list, focused before, is hidden with its tab
        views = {"chunks": ChunkList, "source": SourceView, "compare": CompareGrid}
        views |= {"images": PlaceholderList, "manifest": ManifestPanel, "fields": FieldsPanel}
        focus = views.get(tab)
        if focus is not None:
            self.query_one(focus).focus()

    def action_toggle_counts(self) -> None:
        tree = self.query_one(FileTree)
        tree.count_files = not tree.count_files
        tree.update_rows([])

    def action_focus_filter(self) -> None:
        self.query_one("#file-filter").focus()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())

    def action_search(self) -> None:
        def jump(hit: Any) -> None:
            if hit is None:
                return
            self.go_to_chunk(hit.path, hit.ordinal, hit.mode_key)

        self.app.push_screen(SearchScreen(), jump)

    def go_to_chunk(self, path: str, ordinal: int, mode_key: str = "") -> None:
        """Show chunk ``ordinal`` of ``path`` in the mode (and parameters) of ``mode_key``."""
        self.pending_ordinal = ordinal
        self.query_one(TabbedContent).active = "chunks"
        self.query_one(FileTree).select(path)
        if path != self.path:
            self.path = path
            self.compare = []
        available = self.modes()
        mode, params = params_from_key(mode_key) if mode_key else ("", self.params)
        if mode in available and mode != "structural":
            self.mode, self.params = mode, params
        else:
            self.mode = available[0] if available else "default"
        self.refresh_view()
        self.query_one(ChunkList).focus()

    def action_report(self) -> None:
        def jump(path: str | None) -> None:
            if path:
                self.query_one(FileTree).select(path)
                self.select(path)
                self.query_one(TabbedContent).active = "manifest"

        self.app.push_screen(ReportScreen(), jump)

    def action_params(self) -> None:
        def apply(params: ModeParams | None) -> None:
            if params is not None:
                self.params = params
                self.compare = []
                self.refresh_view()

        # a parameter the mode does not read would change nothing, and the dialog would not say so
        if self.takes_no_params("switch to one that does"):
            return
        self.app.push_screen(self.params_screen(), apply)

    def takes_no_params(self, advice: str) -> bool:
        """Say so and return True when the mode on view reads no parameter, naming the modes
        that do (``advice`` before them)."""
        if not self.family or self.mode_reads(self.mode):
            return False
        takers = [f"{n} {m}" for n, m in enumerate(self.modes(), start=1) if self.mode_reads(m)]
        self.app.notify(
            f"{mode_name(self.mode, self.family)} mode takes no parameters"
            + (f": {advice} ({', '.join(takers)})" if takers else ""),
            severity="warning",
            markup=False,
        )
        return True

    def params_screen(self) -> ParamsScreen:
        """The parameters dialog with the fields the mode on view reads (every one, no file on view)."""
        reads = self.mode_reads(self.mode) if self.family else None
        return ParamsScreen(self.params, mode_name(self.mode, self.family), reads)

    def action_compare_params(self) -> None:
        """Add a compare column: the current mode with other parameters."""
        # a mode without parameters: its column with other parameters would be the same again
        if self.takes_no_params("compare one that does"):
            return

        def add(params: ModeParams | None) -> None:
            if params is None:
                return
            label = mode_label(self.mode, params, self.family)
            if label in {mode_label(m, p, self.family) for m, p in self.compare_columns()}:
                self.app.notify(f"{label} is a column already", severity="warning", markup=False)
            else:
                first, *rest = self.compare_columns()
                entry = (self.mode, params)
                self.compare = [first, entry, *[c for c in rest if c != entry]][:3]
                self.query_one(TabbedContent).active = "compare"
                self.refresh_view()

        self.app.push_screen(self.params_screen(), add)

    def mode_reads(self, mode: str) -> tuple[str, ...]:
        """The parameters ``mode`` reads for the file on view (none: a mode that takes none)."""
        try:
            return tuple(modes.resolve(self.family, mode).reads)
        except ChunkscopeError:
            return ()

    def action_open_file(self) -> None:
        row = self.row
        if row is None:
            return
        target = self.library.root / row.path
        editor = os.environ.get("VISUAL") or os.environ.get("EDITOR")
        if editor and row.source_type in TEXT_TYPES:
            with self.app.suspend():
                subprocess.run([*shlex.split(editor), str(target)], check=False)
            return
        opener = "open" if sys.platform == "darwin" else "xdg-open"
        if shutil.which(opener) is None:
            self.app.notify(f"no viewer: set $EDITOR or install {opener}", severity="warning")
            return
        subprocess.Popen(
            [opener, str(target)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        self.note(f"opened {row.path} with {opener}")

    def action_reindex(self) -> None:
        if self.path is None:
            return
        if self.indexer is None:
            self.app.notify("indexing is not running", severity="warning")
            return
        self.note(f"re-indexing {self.path}")
        self.reindex(self.path)

    @work(thread=True, group="reindex", exit_on_error=False)
    def reindex(self, path: str) -> None:
        """Extract the file again, even when its bytes are the ones stored, ahead of the files of
        a run in progress (a watch batch, the folder's scan) not yet begun."""
        self.indexer.reindex_first([path])
        self.post_message(msg.DocumentsChanged((path,)))

    def on_documents_changed(self, message: msg.DocumentsChanged) -> None:
        for path in message.paths:
            self.library.forget(path)
        self.mark_dirty(*message.paths)
        if self.path in message.paths:
            self.refresh_view()

    def action_export(self) -> None:
        if self.path is None:
            return
        self.export(self.path, self.mode, self.params)

    @work(group="export")
    async def export(self, path: str, mode: str, params: ModeParams) -> None:
        chunks, error = await self.fetch_chunks(path, mode, params)
        if error:
            self.app.notify(error, severity="error", markup=False)
            return
        if not chunks:
            # a failed, unsupported, queued or empty file: no empty file written, and why
            row = self.rows.get(path)
            state = "" if row is None or row.status == "indexed" else row.status
            if row is not None and row.error_code:
                state += f" {row.error_code}"
            self.app.notify(
                f"{path}: no chunks in {mode_name(mode, self.family)} mode"
                + (f" ({state})" if state else ""),
                title="nothing to export",
                severity="warning",
                markup=False,
            )
            return
        name = path.replace("/", "__") + f".{mode}.jsonl"
        target = self.library.db_path.parent / "exports" / name

        def write() -> None:
            target.parent.mkdir(parents=True, exist_ok=True)
            with target.open("w", encoding="utf-8") as out:
                # the records `chunkscope export` writes for this file
                for c in chunks:
                    out.write(c.export_line(path))

        await self.library.call(write)
        self.post_message(msg.Exported(str(target), len(chunks)))

    def on_exported(self, message: msg.Exported) -> None:
        self.note(f"exported {counted(message.count, 'chunk')} to {message.target}")
        self.app.notify(
            f"{counted(message.count, 'chunk')} → {message.target}", title="exported", markup=False
        )


def _format_name(row: Any) -> str:
    """The format a document was read as, or else the one its extension names (a failed file's,
    a file not read yet), else its extension; ``?`` for a name without one."""
    if row.source_type:
        return row.source_type
    suffix = formats.suffix_of(row.path)
    spec = formats.for_extension(suffix)
    return spec.source_type if spec is not None else suffix.lstrip(".").lower() or "?"


def _revision(row: Any | None) -> tuple[Any, ...] | None:
    """What tells two states of a document row apart for the views."""
    return None if row is None else (row.revision, row.status, row.sha256)
