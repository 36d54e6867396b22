"""Third-party libraries' log records and warnings: into the coverage of the document they are
about, never onto the terminal.

PDF, e-mail and spreadsheet libraries log and warn about the damage they work around ("CropBox
missing from /Page, defaulting to MediaBox", "Data Validation extension is not supported"),
without naming the file. A stray line on stderr only breaks a progress bar or, from a worker
process, draws over the terminal UI; dropped, it is lost to the user whose file it is about.

A process that owns its logging and warnings (the command line, an extraction worker) calls
:func:`quiet_libraries` or :func:`silence_worker`. From then on, what a library logs at WARNING
or above, or warns, while the same thread extracts a document (inside :func:`library_notes`,
which :func:`indexer.api.extract_bytes` opens around the extractor) becomes a note of that
document, deduplicated and capped, which the extraction adds to its ``Coverage.warnings``.
Notes are kept per thread, so threads extracting side by side each get their own; a thread an
extractor starts itself is not followed (what it logs is dropped, as before). Outside an
extraction, libraries' records below ERROR and all warnings are dropped as they always were.
A program that embeds ``indexer`` without calling either keeps its own logging as it is, and
its documents get no notes. Either call also sets ``RUST_BACKTRACE=0`` for the process, so that a
Rust library's panic, reported as the document's error, prints no stack trace.
"""

from __future__ import annotations

import logging
import os
import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

#: the project's own packages, whose warnings stay visible in the command-line process
OWN_PACKAGES = ("indexer", "storage", "tui")
#: distinct library messages kept per document; the rest are counted in one more note
MAX_NOTES = 5
#: characters kept of one message
MAX_NOTE_CHARS = 200
_MAX_SEEN = 1000  # distinct messages remembered for deduplication
#: warnings about the code that runs rather than the file it reads, hidden as by default
_ABOUT_CODE = (DeprecationWarning, PendingDeprecationWarning, ImportWarning, ResourceWarning)

_local = threading.local()
_install_lock = threading.Lock()
_OWN_DIRS = tuple(
    os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), name, "")
    for name in OWN_PACKAGES
)


class LibraryNotes:
    """What libraries said while one document was extracted: distinct messages in order."""

    __slots__ = ("texts", "seen", "more")

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.seen: set[str] = set()
        self.more = 0  # distinct messages past MAX_NOTES

    def add(self, library: str, message: str) -> None:
        text = " ".join(f"{library}: {message}".split())[:MAX_NOTE_CHARS]
        if text in self.seen:
            return
        if len(self.seen) < _MAX_SEEN:  # past that, a repeat counts again: a bound, not a tally
            self.seen.add(text)
        if len(self.texts) < MAX_NOTES:
            self.texts.append(text)
        else:
            self.more += 1

    def warnings(self) -> tuple[str, ...]:
        """The notes as coverage warnings (empty when no library said anything)."""
        if self.more:
            return (*self.texts, f"{self.more} more library message(s) left out")
        return tuple(self.texts)


@contextmanager
def library_notes() -> Iterator[LibraryNotes]:
    """Collect, for the calling thread, what libraries log or warn until the block ends."""
    notes = LibraryNotes()
    outer = getattr(_local, "notes", None)
    _local.notes = notes
    try:
        yield notes
    finally:
        _local.notes = outer


def _own(name: str) -> bool:
    return name.partition(".")[0] in OWN_PACKAGES


class _Router(logging.Handler):
    """On the root logger: a library's record made during an extraction goes to that thread's
    notes; any other record is printed as the interpreter would have (``echo``) or dropped."""

    def __init__(self, echo: bool) -> None:
        super().__init__(logging.WARNING)
        self.echo = echo

    def emit(self, record: logging.LogRecord) -> None:
        own = _own(record.name)
        notes = getattr(_local, "notes", None)
        if notes is not None and not own:
            try:
                message = record.getMessage()
            except Exception:  # noqa: BLE001 - a library's malformed log call is no reason to fail
                message = str(record.msg)
            notes.add(record.name.partition(".")[0], message)
            return
        if self.echo and (own or record.levelno >= logging.ERROR) and logging.lastResort is not None:
            logging.lastResort.handle(record)


def _library_of(filename: str) -> str:
    """The top-level package a warning was raised from, by the path of its file."""
    parts = filename.replace("\\", "/").split("/")
    for marker in ("site-packages", "dist-packages"):
        if marker in parts:
            at = len(parts) - 1 - parts[::-1].index(marker)
            if at + 1 < len(parts):
                return parts[at + 1].removesuffix(".py")
    return os.path.basename(filename).removesuffix(".py") or "python"


def _show_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
) -> None:
    """``warnings.showwarning`` in a process set up here: a note of the current extraction."""
    notes = getattr(_local, "notes", None)
    if notes is None:
        return
    # a library's own warning class names it (bs4.XMLParsedAsHTMLWarning); a plain UserWarning is
    # placed by its file, unless the library pointed it at its caller (``stacklevel``), our code
    library = getattr(category, "__module__", "").partition(".")[0]
    if library in ("", "builtins", "warnings"):
        library = "" if str(filename).startswith(_OWN_DIRS) else _library_of(str(filename))
    notes.add(library or "python", str(message))


def _install(echo: bool) -> None:
    """Route records and warnings as the module docstring says (once per process)."""
    with _install_lock:
        root = logging.getLogger()
        for handler in root.handlers:
            if isinstance(handler, _Router):
                handler.echo = echo
                break
        else:
            root.addHandler(_Router(echo))
        # libraries' loggers inherit WARNING, so their records are made (and routed)
        root.setLevel(logging.WARNING)
        for name in OWN_PACKAGES:
            logging.getLogger(name).setLevel(logging.WARNING)
        # "always": a warning a library gave for one document is given again for the next (the
        # default action shows it once per place in the code and process)
        warnings.simplefilter("always")
        # but what the interpreter hides by default stays hidden: a deprecation, an import or an
        # unclosed resource is about the code that runs (a resource is reported when the
        # collector runs, amid any document), not about the file
        for category in _ABOUT_CODE:
            warnings.filterwarnings("ignore", category=category)
        warnings.showwarning = _show_warning
        # a panic of a Rust library (python-calamine on a damaged workbook) is an exception the
        # extractor reports as the document's error, but Rust prints it to stderr first, with
        # a stack trace of some forty lines where RUST_BACKTRACE asks for one: at 0 it is the
        # panic's message alone (three lines, which no setting of the bindings removes)
        os.environ["RUST_BACKTRACE"] = "0"


def silence_worker() -> None:
    """In an extraction worker: no log record and no warning reaches stderr; libraries' records
    and warnings during an extraction become notes of the document."""
    _install(echo=False)


def quiet_libraries() -> None:
    """In the command-line process: libraries' records and warnings during an extraction become
    notes of the document; outside one, libraries' records below ERROR and all warnings are
    dropped; the project's own loggers keep WARNING."""
    _install(echo=True)
