"""A document's manifest: identity, extractor and chunker, text sizes, chunk counts per mode,
coverage as bars, what was skipped and why, limits, and for a failed file the error and a hint."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from ..present import counted, deliberate, human_bytes, printable, printable_text, when
from .scrolling import KeyScrollColumn

HINTS = {
    "ENCRYPTED": "The file is password-protected: save an unprotected copy to index it.",
    "OCR_REQUIRED": "No page has a text layer (a scan): run OCR on it first, e.g. ocrmypdf.",
    "PARSE_ERROR": "The file is damaged or not what its extension says: open and re-save it.",
    "EMPTY_EXTRACTION": "The file holds no text that could be read.",
    "DOCUMENT_LIMIT": "The file is over a size, page or time limit: raise the limit or split the file.",
    "UNSUPPORTED_FORMAT": "This format is not read by chunkscope (see `chunkscope formats`).",
    "IO_ERROR": "The file could not be read: check that it exists and its permissions.",
    "INVALID_ARGUMENT": "The file name or an option was not accepted.",
}


#: The files whose password can be given (``--password`` of ``chunkscope index``, of ``chunkscope``
#: for the UI, and of ``chunkscope chunks``): PDFs, Word, Excel and PowerPoint files (2007 and
#: later) and OpenDocument text, sheets and slides; for other formats (EPUB, .xls) there is none.
PASSWORD_EXTENSIONS = frozenset(
    (".pdf", ".docx", ".docm", ".dotx", ".dotm", ".xlsx", ".xlsm", ".xltx", ".xltm", ".xlsb")
    + (".pptx", ".pptm", ".potx", ".potm", ".ppsx", ".ppsm")
    + (".odt", ".ott", ".ods", ".odp", ".otp")
)
#: What to do about such a file.
ENCRYPTED_WITH_PASSWORD = (
    "The file is password-protected: index it with its password (chunkscope index --password PASSWORD "
    "FOLDER, or open the UI with chunkscope FOLDER --password PASSWORD), or save an unprotected copy."
)


def hint_for(code: str | None, path: str) -> str | None:
    """What the user can do about a file that failed with ``code``."""
    if code == "ENCRYPTED" and PurePosixPath(path).suffix.lower() in PASSWORD_EXTENSIONS:
        return ENCRYPTED_WITH_PASSWORD
    return HINTS.get(code or "")


#: The cells of a coverage bar where the value's column has room, and the fewest worth drawing.
BAR_CELLS = 20
BAR_CELLS_MIN = 5


def bar(part: int, whole: int, width: int = BAR_CELLS) -> str:
    if whole <= 0:
        return "░" * width
    filled = round(width * part / whole)
    return "█" * filled + "░" * (width - filled)


class _Fitted:
    """A value said in several forms, longest first, drawn in the first that fits on one line
    at the width it is drawn at (the panel's width is known only then); when none fits, the
    shortest, wrapped under itself."""

    def __init__(self, *forms: Text) -> None:
        self.forms = forms

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        yield next((f for f in self.forms if f.cell_len <= width), self.forms[-1])

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        least = min(Measurement.get(console, options, f).minimum for f in self.forms)
        return Measurement(least, max(f.cell_len for f in self.forms))


class _Cut:
    """A value kept on one line, cut with ``…`` where the column is narrower (a sha256: its
    first digits tell files apart, and the whole is in ``chunkscope manifest``)."""

    def __init__(self, text: str) -> None:
        self.text = printable(text)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        text = Text(self.text, no_wrap=True)
        text.truncate(options.max_width, overflow="ellipsis")
        yield text

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(min(cell_len(self.text), CUT_LEAST), cell_len(self.text))


#: The fewest cells a value cut with ``…`` asks its column for.
CUT_LEAST = 9


class _Listed:
    """Items joined by commas, a line broken after a comma, never inside an item (``pypdfium2
    5.15.2`` stays whole) unless the item alone is wider than the column."""

    def __init__(self, items: list[str]) -> None:
        self.items = [printable(item) for item in items]

    def lines(self, width: int) -> list[str]:
        lines: list[str] = []
        for at, item in enumerate(self.items):
            piece = item + ("," if at < len(self.items) - 1 else "")
            if lines and cell_len(lines[-1]) + 1 + cell_len(piece) <= width:
                lines[-1] += " " + piece
            else:
                lines.append(piece)
        return lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text("\n".join(self.lines(options.max_width)), overflow="fold")

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        whole = Text(", ".join(self.items))
        return Measurement(Measurement.get(console, options, whole).minimum, whole.cell_len)


def _when_value(ts: float | None) -> _Fitted:
    """A time, its seconds left out where the column is too narrow for them."""
    return _Fitted(Text(when(ts, seconds=True)), Text(when(ts)))


def _pages_value(part: int, whole: int) -> _Fitted:
    """``part`` of ``whole`` pages as a bar and ``part/whole``: the bar as wide as the column
    leaves room for beside the count (up to :data:`BAR_CELLS`), else the count alone."""
    count = f"{part}/{whole}"
    bars = (Text(f"{bar(part, whole, cells)} {count}") for cells in range(BAR_CELLS, BAR_CELLS_MIN - 1, -1))
    return _Fitted(*bars, Text(count))


@dataclass(frozen=True)
class _Pair:
    """A label and its value, drawn in two columns: a long value wraps under itself, not under
    the label; a value given in several forms (:class:`_Fitted`) is drawn in one that fits."""

    label: str
    value: Text | _Fitted | _Cut | _Listed


#: Names of the attachments read that the panel lists (the manifest lists them all).
ATTACHMENTS_NAMED = 20


def _kv(label: str, value: Any) -> _Pair:
    return _Pair(label, Text(str(value)))


def _mode_count(key: str, count: int) -> _Pair:
    """A stored mode key's chunk count: the mode as the label, its parameters after the count
    (``sliding_window`` · ``7  window_size=3, overlap=1``); the whole key as a label was cut to
    ``sliding_window:wi…``."""
    mode, _, params = key.partition(":")
    return _Pair(mode, _mode_value(params, Text(f"{count:,}")))


def _mode_value(params: str, head: Text | None = None) -> Text:
    """``head`` (else a mode key's mode) and then the key's parameters, dimmed and spaced:
    ``row  rows_per_chunk=1`` for ``row:rows_per_chunk=1``."""
    if head is None:
        mode, _, params = params.partition(":")
        head = Text(mode)
    if params:
        head.append("  " + params.replace(",", ", "), style="dim")
    return head


def _line(*parts: str | tuple[str, str]) -> Text:
    """A line of the panel: its parts as they are (a file name, a reason, a warning: never read
    as console markup, whose brackets and backslashes they may hold), a part given with a style
    ``(text, style)`` in that style."""
    return Text.assemble(*parts)


#: The part of the panel's width its labels may take, or :data:`LABEL_LEAST` cells where that is
#: more: a longer label wraps under itself.
LABEL_SHARE = 2 / 5
#: The cells the labels may take however narrow the panel (all labels had this many, and most fit).
LABEL_LEAST = 18


class _Laid:
    """Lines (their leading spaces an indent kept by wrapped lines) and runs of pairs, each run
    one two-column grid. Every grid's labels take the cells of the longest label of the whole
    manifest (so that the values of every section start in one column), at most
    :data:`LABEL_SHARE` of the width drawn at (or :data:`LABEL_LEAST`); a longer label wraps under
    itself. The labels had 18 cells at any width, a longer one cut: 'headers footers r…'."""

    def __init__(self, items: list[Text | _Pair]) -> None:
        self.items = items
        self.longest = max((cell_len(printable(i.label)) for i in items if isinstance(i, _Pair)), default=0)

    def label_width(self, width: int) -> int:
        """The labels' cells in a panel ``width`` cells wide (its indent of 2 included)."""
        return min(self.longest, max(LABEL_LEAST, int((width - 2) * LABEL_SHARE)))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        label_width = self.label_width(options.max_width)
        parts: list[RenderableType] = []
        grid: Table | None = None
        for item in self.items:
            if isinstance(item, _Pair):
                if grid is None:
                    grid = Table.grid(padding=(0, 1))
                    grid.add_column(width=label_width, style="dim", overflow="fold")
                    grid.add_column(ratio=1, overflow="fold")
                    parts.append(Padding(grid, (0, 0, 0, 2)))
                value = printable_text(item.value) if isinstance(item.value, Text) else item.value
                grid.add_row(printable(item.label), value)
                continue
            grid = None
            indent = len(item.plain) - len(item.plain.lstrip(" "))
            parts.append(Padding(printable_text(item[indent:]), (0, 0, 0, indent)))
        yield Group(*parts)


def manifest_text(row: Any, manifest: dict[str, Any] | None) -> RenderableType:
    """What the manifest tab shows of a document row and its manifest (which may be absent)."""
    return _Laid(_manifest_lines(row, manifest))


def _heading(title: str) -> Text:
    return Text(title, style="b")


def _manifest_lines(row: Any, manifest: dict[str, Any] | None) -> list[Text | _Pair]:
    blank = Text()
    out: list[Text | _Pair] = [Text(row.path, style="b")]
    status = row.status + (" (coverage warning)" if getattr(row, "has_warning", False) else "")
    out.append(_kv("status", status))
    if row.error_code:
        out += [blank, _line((f"✖ {row.error_code}", "b red"), "  ", row.error_message or "")]
        hint = hint_for(row.error_code, row.path)
        if hint:
            out.append(_line("  ", (hint, "i")))
        if row.status == "stale":
            out.append(_line("  ", ("the last good revision is still shown (stale)", "dim")))
    out.append(_kv("source type", row.source_type or "—"))
    out.append(_kv("size", f"{human_bytes(row.size)} ({row.size:,} bytes)"))
    out.append(_Pair("sha256", _Cut(row.sha256 or "—")))
    out.append(_Pair("indexed", _when_value(row.indexed_at)))
    if not manifest:
        out += [blank, Text("no manifest: the file has not been extracted successfully", style="dim")]
        return out
    m = dict(manifest)
    ext = m.pop("extractor", None) or {}
    if ext:
        libs = [f"{k} {v}" for k, v in ext.items() if k not in ("id", "version")]
        out += [blank, _heading("Extractor"), _kv("id", f"{ext.get('id')} v{ext.get('version')}")]
        if libs:
            out.append(_Pair("libraries", _Listed(libs)))
    ch = m.pop("chunker", None) or {}
    if ch:
        out += [blank, _heading("Chunker"), _kv("id", f"{ch.get('id')} v{ch.get('version')}")]
        out.append(_Pair("mode", _mode_value(str(ch.get("mode_key") or ch.get("mode")))))
        if ch.get("size_limit"):
            out.append(_kv("size limit", counted(ch["size_limit"], "character")))
    text = m.pop("text", None) or {}
    if text:
        out += [blank, _heading("Text")]
        out.append(_kv("extracted", counted(text.get("extracted_chars", 0), "character")))
        out.append(_kv("indexed", counted(text.get("indexed_chars", 0), "character")))
    counts = m.pop("chunks", None) or {}
    if counts:
        out += [blank, _heading("Chunks per mode")] + [_mode_count(k, v) for k, v in counts.items()]
    cov = dict(m.pop("coverage", None) or {})
    out += [blank, _heading("Coverage")]
    total, with_text = cov.pop("pages_total", None), cov.pop("pages_with_text", None)
    if total and with_text is not None:
        out.append(_Pair("pages with text", _pages_value(with_text, total)))
    elif total:
        out.append(_kv("pages", f"{total}"))
    by_ocr = cov.pop("ocr_pages", None)
    if by_ocr:  # a scan's pages (or a garbled layer's) whose text OCR read
        out.append(_Pair("read by OCR", _Listed([f"p.{p}" for p in by_ocr])))
    empty = cov.pop("empty_pages", None)
    if empty:
        out.append(_Pair("empty pages", _Listed([f"p.{p}" for p in empty])))
    if cov.get("messages_total") is not None:
        out.append(_kv("messages", f"{cov.pop('messages_total')}, empty {cov.pop('messages_empty', 0) or 0}"))
    read = cov.pop("attachments_indexed", None) or []
    counts = cov.pop("attachments", None) or {}
    if read or counts:
        out.append(
            _kv("attachments", f"{counts.get('indexed', len(read))} read, {counts.get('skipped', 0)} skipped")
        )
    if read:  # a mail may carry hundreds: the first names, and how many more
        more = f" and {len(read) - ATTACHMENTS_NAMED:,} more" if len(read) > ATTACHMENTS_NAMED else ""
        names = [str(name) for name in read[:ATTACHMENTS_NAMED]]
        out.append(_Pair("read", _Listed(names[:-1] + [names[-1] + more])))
    sheets = cov.pop("sheets_read", None)
    if sheets:
        out.append(_Pair("sheets read", _Listed([str(sheet) for sheet in sheets])))
    images = cov.pop("images", None) or {}
    if images:
        placeholders, extracted = images.get("placeholders", 0), images.get("extracted", 0)
        skipped_images = len(images.get("skipped") or [])
        if placeholders or extracted or skipped_images:
            counts_said = [counted(placeholders, "placeholder"), f"{extracted:,} extracted"]
            out.append(_Pair("images", _Listed([*counts_said, f"{skipped_images:,} skipped"])))
        else:
            out.append(_kv("images", "none"))
    cov.pop("images_extracted", None)
    skipped = [s for s in cov.pop("skipped", None) or [] if isinstance(s, dict)]
    for s in skipped:
        what, name, reason = (str(s.get(key, "")) for key in ("what", "name", "reason"))
        if deliberate(s):  # left out on purpose, nothing lost: listed, but not as a warning
            out.append(_line("  ", (f"skipped {what} {name}: {reason}", "dim")))
        else:
            out.append(_line("  ", (f"skipped {what}", "yellow"), f" {name}: {reason}"))
    for t in cov.pop("truncated", None) or []:
        out.append(_line("  ", ("cut by a limit:", "red"), f" {t}"))
    for note in cov.pop("notes", None) or []:  # how text was read, nothing lost: no warning
        out.append(_line("  ", (str(note), "dim")))
    # the coverage's warnings go with the document's, under Warnings, each said once
    cov_warnings = [str(w) for w in cov.pop("warnings", None) or []]
    for key, value in cov.items():
        label = key.replace("_", " ")
        out.append(
            _Pair(label, _Listed(list(map(str, value)))) if isinstance(value, list) else _kv(label, value)
        )
    warnings = list(dict.fromkeys([*map(str, m.pop("warnings", None) or []), *cov_warnings]))
    if warnings:
        out += [blank, _heading("Warnings")] + [_line("  ", ("⚠", "yellow"), f" {w}") for w in warnings]
    inp = m.pop("input", None) or {}
    limits = m.pop("limits", None) or {}
    if limits:
        out += [blank, _heading("Limits")] + [
            _kv(k.replace("_", " "), f"{v:,}" if isinstance(v, int) else v) for k, v in limits.items()
        ]
    m.pop("has_warning", None)
    rest = {k: v for k, v in m.items() if not isinstance(v, (dict, list))}
    if inp.get("filename"):
        rest["filename"] = inp["filename"]
    if rest:
        out += [blank, _heading("Other")] + [_kv(k.replace("_", " "), v) for k, v in rest.items()]
    return out


NO_FILE = Text("no file selected", style="dim")


class ManifestPanel(KeyScrollColumn):
    shown: RenderableType = NO_FILE

    def compose(self):
        yield Static(NO_FILE, id="manifest-text")

    def show(self, row: Any | None, manifest: dict[str, Any] | None) -> None:
        shown = NO_FILE if row is None else manifest_text(row, manifest)
        self.shown = shown  # what the tab shows, for a caller to print
        self.query_one("#manifest-text", Static).update(shown)
