"""The extracted, mode-free form of a document, and the chunk.

An extractor turns bytes into a :class:`Document`: an ordered tuple of :class:`Block` s (headings,
paragraphs, lists, tables, code, images), the images it found, the document metadata and a
:class:`Coverage` record saying what was read and what was not. Every chunking mode is a pure
function of ``(Document, ModeParams)``; the store keeps the ``Document`` (as JSON, images apart) so
that any mode can be chunked later without re-parsing the file.

``Document.text`` is the extracted text a person reads in the source view. Every block carries
``lines``: its 1-based, inclusive line range in that text. Text formats keep their own (normalised)
source as ``text``; the other formats let :func:`assemble` render the blocks into a text and number
the lines.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any

# Block kinds. A list block keeps its items, a table block its rows; ``text`` is always a faithful
# plain rendering of the block (list markup stripped with two spaces of indentation per level,
# tables as pipe tables).
HEADING = "heading"
PARAGRAPH = "paragraph"
LIST = "list"
TABLE = "table"
CODE = "code"
IMAGE = "image"
BLOCK_KINDS = (HEADING, PARAGRAPH, LIST, TABLE, CODE, IMAGE)

# Families decide which modes apply (SPEC §2).
DOCUMENT = "document"
SPREADSHEET = "spreadsheet"
CSV = "csv"
FAMILIES = (DOCUMENT, SPREADSHEET, CSV)

# Block.meta keys that change how the modes group blocks.
#: a presentation's speaker notes: they never share a prose chunk with the slide's own text, and a
#: chunk of notes alone says ``speaker_notes: true``
NOTES = "notes"
#: the block stands outside every heading (the blocks of a slide without a title): the heading
#: path in force ends before it
NO_HEADING = "no_heading"
#: a block that runs over a page break (a PDF paragraph or list read on as one across it): the
#: last page it reaches, ``Block.page`` being its first; a chunk holding it says ``page_end``
PAGE_END = "page_end"
#: with PAGE_END: ``((offset, page), …)``, where each later page starts in the block's text, so a
#: part cut from the block says only the pages its text is on
PAGE_BREAKS = "page_breaks"
#: a block of a sheet or a slide the file hides (``True``; a sheet's blocks say ``False`` too): read
#: all the same, for a search to find, its Markdown heading says ``(hidden)``, its chunks
#: ``hidden: true`` and the coverage lists it (:func:`hidden_read`)
HIDDEN = "hidden"
# A Block.meta key that changes how a block renders as Markdown.
#: a list whose items' text starts with the marker printed before them (PDF): its Markdown adds no
#: second marker before an ordered item that has one
OWN_MARKERS = "own_markers"
#: how many blockquotes hold the block (an HTML ``<blockquote>``, a Markdown ``>``), 1 for a quote
#: of the text, 2 for a quote within it …; absent outside any. Its Markdown is behind as many
#: ``>`` marks; the modes and the chunks' texts do not change with it
QUOTE = "quote"
#: how many list items hold a block that is not a list (a table, a code block, an item's text after
#: them, of a Markdown list: ``- item`` then the block indented under it), 1 for a top-level item's,
#: 2 for an item's of a list nested in it …; absent outside any. Its Markdown is indented under the
#: last item that deep of the list written before it, and a list right after it goes on from there;
#: the modes and the chunks' texts do not change with it
IN_ITEM = "in_item"
#: of a block with ``IN_ITEM``: it is the first thing its innermost item holds (a Markdown item
#: written ``2. `` then a fenced code block or a table), an item of its own whose marker this gives,
#: ``-`` in a bullet list, the item's number and ``.`` in an ordered one (``2.``). Its Markdown
#: opens that item, the block written after the marker; absent on a block after the item's text
OPENS_ITEM = "opens_item"
#: of a list, or of a block opening an item (``OPENS_ITEM``), that a writer would read as going on with the
#: list before it: a list right after a block in an item of that list (``IN_ITEM``), a block opening an item
#: right after that list or such a block. ``True`` where it starts a list of its own (an HTML
#: ``<ul><li>a<pre>x</pre></li></ul><ul><li>b</li></ul>``, not ``<ul><li>a<pre>x</pre></li><li>b</li></ul>``);
#: absent otherwise. Its Markdown marks its top-level items otherwise than that list's (``*`` for ``-``,
#: ``1)`` for ``1.``); the modes and the chunks' texts do not change with it
NEW_LIST = "new_list"
#: of a list: the block quotes its items hold in their text (an HTML ``<blockquote>`` in an ``<li>``,
#: a Markdown item's ``> `` lines), each (the item's index in ``items``, where the quote's text
#: starts in the item's text, where it ends); absent where none does. The item's text holds the
#: quote's, as it reads; its Markdown writes that text behind ``> `` in the item, and the item's text
#: after it as a paragraph of the item; the modes and the chunks' texts do not change with it
ITEM_QUOTES = "item_quotes"
#: of a list with ``ITEM_QUOTES``: where the paragraphs of a quote after its first start, each (the
#: item's index in ``items``, the offset in the item's text); absent where no quote has several (an HTML
#: ``<blockquote>`` holding ``<p>one</p><p>two</p>``). Its Markdown writes them as paragraphs of the quote
ITEM_QUOTE_BREAKS = "item_quote_breaks"
#: of a list: where the paragraphs of an item's own text after its first start, each (the item's index
#: in ``items``, the offset in its text); absent where no item has several (an HTML ``<li>`` holding
#: ``<p>one</p><p>two</p>``, text then a ``<div>``, text on both sides of two ``<br>``; a Markdown item
#: of two paragraphs, a blank line between them). The item's text holds them, a space between each, as
#: it reads; its Markdown writes them as paragraphs of the item, a blank line between them. The starts
#: of its quotes (``ITEM_QUOTES``), of the text after them and of its pieces after its nested lists
#: (``ITEM_TAILS``), paragraphs of the item already, are not said again
ITEM_PARAGRAPHS = "item_paragraphs"
#: of a list: the headings an item's own text holds (an HTML ``<li>`` holding ``<h3>Title</h3><p>text</p>``,
#: common in generated documentation and e-books), each (the item's index in ``items``, where the heading's
#: text starts in the item's text, where it ends, its level); absent where no item holds one. A heading is a
#: paragraph of the item: its start is 0 or a paragraph's start (``ITEM_PARAGRAPHS``, ``ITEM_QUOTES``,
#: ``ITEM_TAILS``). The item's text holds its words, as it reads; its Markdown writes it as a heading in the
#: item (``- ### Title``); the modes and the chunks' texts do not change with it
ITEM_HEADINGS = "item_headings"
#: of a paragraph block in a list item (``IN_ITEM``, after a table or a code block in it): it is a heading of
#: the item, of this level (an HTML ``<li>a<pre>x</pre><h3>Title</h3>text</li>``: 3; a Markdown ``### Title``
#: in the item after its fenced code), as ``ITEM_HEADINGS`` says of a heading in an item's own text; absent
#: otherwise. Its Markdown writes it as a heading in the item (``  ### Title``); the modes and the chunks'
#: texts do not change with it
HEADING_LEVEL = "heading_level"
#: of a list: where the text an item shows after each of its nested lists starts, each (the item's index in
#: ``items``, the offset in its text) where no nested list of the item follows that text, else (the item's
#: index, the offset, the index in ``items`` of the first item after that text: the next list's; the number of
#: items where a table or code block opens that list's first item, cutting the list there: the text then ends
#: the list's Markdown); absent where no item has any (an HTML ``<li>a<ul>…</ul>b<ol>…</ol>c</li>``: "b" from
#: 2 before the ``<ol>``'s first item, "c" from 4). A piece runs to the next one of its item or to the end of
#: its text. The item's text holds them, as it reads; its Markdown writes each under the nested list before
#: it, the item's own line ending where the first starts (at 0 for an item showing no text before its first
#: nested list: its marker alone). A list read before the third value was given has pairs alone: its text
#: after its nested lists is written after all of them
ITEM_TAILS = "item_tails"

_EMPTY: Mapping[str, Any] = MappingProxyType({})


def freeze(mapping: Mapping[str, Any] | None) -> Mapping[str, Any]:
    """A read-only view of ``mapping`` (a copy), for the mapping fields of frozen dataclasses."""
    if not mapping:
        return _EMPTY
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True, slots=True)
class ListItem:
    text: str
    level: int = 0  # nesting depth, 0 for top-level items
    ordered: bool = False
    #: an ordered item's number where the source gives it (a list started at 7, an HTML
    #: ``value``, a Word list continued): the counter's value, whatever style the source shows
    #: it in ("c." is 3); None where the source says nothing beyond the order of the items
    number: int | None = None


@dataclass(frozen=True, slots=True)
class Block:
    """One structural unit of a document, in reading order.

    ``meta`` holds provenance beyond lines and page, with the chunk-metadata key names the modes
    copy through: ``message_index``, ``message_id``, ``sheet_name``, ``sheet_index``,
    ``slide_number``, ``record_range``, ``spine_index``, ``href``, ``language`` (code) …
    """

    kind: str
    text: str
    level: int = 0  # heading level 1-6; 0 otherwise
    lines: tuple[int, int] | None = None  # 1-based inclusive range in Document.text
    page: int | None = None  # 1-based page (PDF, DOCX where known)
    items: tuple[ListItem, ...] = ()  # LIST only
    rows: tuple[tuple[str, ...], ...] = ()  # TABLE only: data rows (header excluded)
    header: tuple[str, ...] | None = None  # TABLE only: header row when there is one
    row_numbers: tuple[int, ...] = ()  # TABLE only: source row/line number of each data row
    images: tuple[str, ...] = ()  # names of Document.images anchored in this block
    alt: str | None = None  # IMAGE only: alt text or a description
    meta: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)

    def __post_init__(self) -> None:
        if not isinstance(self.meta, MappingProxyType):
            object.__setattr__(self, "meta", freeze(self.meta))

    @property
    def is_atomic(self) -> bool:
        """Tables, lists and code are split only between rows, items and lines."""
        return self.kind in (TABLE, LIST, CODE)


@dataclass(frozen=True, slots=True)
class Image:
    """An image found in the document. ``data`` is absent once loaded from the store."""

    name: str
    format: str  # png, jpeg, gif, webp (lower case; jpg kept as jpg)
    data: bytes = b""
    size: int = 0  # bytes
    width: int | None = None
    height: int | None = None
    alt: str | None = None
    meta: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)  # page, sheet_name, slide_number, href …

    def __post_init__(self) -> None:
        if not isinstance(self.meta, MappingProxyType):
            object.__setattr__(self, "meta", freeze(self.meta))
        if not self.size and self.data:
            object.__setattr__(self, "size", len(self.data))


@dataclass(frozen=True, slots=True)
class Skipped:
    """Something the extractor saw and did not read (an EMF image, a chart sheet, a page …).

    ``on_purpose`` marks what the extractor leaves out by its own rule with nothing a reader of
    the document would miss (an icon, a scanned page's picture whose text OCR read, a comment
    on the text, an element the page hides): listed, but no coverage warning."""

    what: str  # e.g. "image", "sheet", "attachment", "page"
    name: str
    reason: str
    on_purpose: bool = False


@dataclass(frozen=True, slots=True)
class Coverage:
    """What was read and what was not; the manifest and the corpus report show it."""

    pages_total: int | None = None
    pages_with_text: int | None = None
    empty_pages: tuple[int, ...] = ()
    ocr_pages: tuple[int, ...] = ()
    messages_total: int | None = None
    messages_empty: int | None = None
    attachments_indexed: tuple[str, ...] = ()
    sheets_read: tuple[str, ...] = ()
    slides_total: int | None = None
    #: the sheets (by name) and slides (``slide 3``) the file hides, read all the same: a search
    #: finds their text, and the manifest says it is not what a reader of the file sees
    hidden_read: tuple[str, ...] = ()
    headers_footers_removed: tuple[str, ...] = ()
    images_extracted: int = 0
    skipped: tuple[Skipped, ...] = ()  # images, sheets, attachments … with reasons
    truncated: tuple[str, ...] = ()  # what a limit cut, in words
    warnings: tuple[str, ...] = ()
    #: how text was read where the usual way failed, with nothing lost (a page read by OCR
    #: instead of its garbled text layer, by pdfminer where pdfium gave no text, a signature
    #: not verified): shown with the coverage, no warning
    notes: tuple[str, ...] = ()

    def skipped_of(self, what: str) -> tuple[Skipped, ...]:
        return tuple(s for s in self.skipped if s.what == what)

    @property
    def has_warning(self) -> bool:
        return bool(
            self.empty_pages or self.truncated or self.warnings or any(not s.on_purpose for s in self.skipped)
        )


@dataclass(frozen=True, slots=True)
class Document:
    source_type: str  # short format name: md, pdf, docx, xlsx, csv, eml …
    blocks: tuple[Block, ...]
    text: str = ""
    family: str = DOCUMENT
    images: tuple[Image, ...] = ()
    metadata: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)  # document_metadata of the chunks
    coverage: Coverage = field(default_factory=Coverage)
    images_at_anchor: bool = False  # DOCX: image chunks stay at their paragraph

    def __post_init__(self) -> None:
        if not isinstance(self.metadata, MappingProxyType):
            object.__setattr__(self, "metadata", freeze(self.metadata))

    def image(self, name: str) -> Image | None:
        for image in self.images:
            if image.name == name:
                return image
        return None

    # -- serialisation (the store keeps documents as JSON; image bytes are stored apart) ---------

    def to_json(self) -> str:
        return json.dumps(_plain(self), ensure_ascii=False, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, raw: str | bytes, images: Mapping[str, bytes] | None = None) -> Document:
        data = json.loads(raw)
        blocks = tuple(_block_from(b) for b in data["blocks"])
        imgs = []
        for im in data.get("images", ()):
            im = dict(im)
            im.pop("data", None)
            payload = (images or {}).get(im["name"], b"")
            imgs.append(Image(data=payload, **im))
        cov = dict(data.get("coverage") or {})
        cov["skipped"] = tuple(Skipped(**s) for s in cov.get("skipped", ()))
        for key in _COVERAGE_TUPLES:
            if key in cov:
                cov[key] = tuple(cov[key])
        return cls(
            source_type=data["source_type"],
            blocks=blocks,
            text=data.get("text", ""),
            family=data.get("family", DOCUMENT),
            images=tuple(imgs),
            metadata=data.get("metadata") or {},
            coverage=Coverage(**cov),
            images_at_anchor=data.get("images_at_anchor", False),
        )


_COVERAGE_TUPLES = tuple(
    f.name for f in fields(Coverage) if f.name not in ("skipped",) and "tuple" in str(f.type)
)


_PLAIN_AS_IS = frozenset((str, int, float, bool, type(None)))


def _plain(obj: Any) -> Any:
    # exact types first (what chunk metadata holds): the same results as the checks below,
    # without an abstract-class isinstance per value
    kind = type(obj)
    if kind in _PLAIN_AS_IS:
        return obj
    if kind is dict or kind is MappingProxyType:
        return {str(k): _plain(v) for k, v in obj.items()}
    if kind is list or kind is tuple:
        return [_plain(v) for v in obj]
    if isinstance(obj, Image):
        out = {f.name: _plain(getattr(obj, f.name)) for f in fields(Image) if f.name != "data"}
        return out
    if hasattr(obj, "__dataclass_fields__"):
        return {f.name: _plain(getattr(obj, f.name)) for f in fields(obj)}
    if isinstance(obj, Mapping):
        return {str(k): _plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_plain(v) for v in obj]
    if isinstance(obj, bytes):
        return None
    return obj


def _block_from(data: Mapping[str, Any]) -> Block:
    d = dict(data)
    d["items"] = tuple(ListItem(**i) for i in d.get("items", ()))
    d["rows"] = tuple(tuple(r) for r in d.get("rows", ()))
    if d.get("header") is not None:
        d["header"] = tuple(d["header"])
    if d.get("lines") is not None:
        d["lines"] = tuple(d["lines"])
    d["row_numbers"] = tuple(d.get("row_numbers", ()))
    d["images"] = tuple(d.get("images", ()))
    return Block(**d)


# -- helpers for extractors --------------------------------------------------------------------


def hidden_read(blocks: Iterable[Block]) -> tuple[str, ...]:
    """The sheets (by name) and the slides (``slide 3``) of ``blocks`` that the file hides, in
    order, each once: :attr:`Coverage.hidden_read`."""
    out: dict[str, None] = {}
    for block in blocks:
        if block.meta.get(HIDDEN) is True:
            if "slide_number" in block.meta:
                out[f"slide {block.meta['slide_number']}"] = None
            elif "sheet_name" in block.meta:
                out[str(block.meta["sheet_name"])] = None
    return tuple(out)


def render_list(items: Sequence[ListItem]) -> str:
    """Plain text of a list: one line per item, markup stripped, two spaces per nesting level."""
    return "\n".join("  " * it.level + it.text for it in items)


def render_items(items: Sequence[ListItem]) -> str:
    """Plain text of a list of a web page or a Markdown text, whose empty items (a marker without
    text: ``2.`` alone, ``<li></li>``) are items all the same, counted and numbered, but give no
    line (no blank line in the text between two items)."""
    return "\n".join("  " * it.level + it.text for it in items if it.text)


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def labels_once(rows: list[list[str]], labels: Iterable[int]) -> list[int]:
    """Give once, in the first column, the text of each row of ``labels`` (a row made of one cell
    merged across the table: a label over the rows below it, which readers of merged cells would
    otherwise repeat in every column). Only rows as wide as the widest are labels. In place;
    returns the rows changed."""
    width = max((len(r) for r in rows), default=0)
    done = []
    for i in labels:
        row = rows[i]
        if width > 1 and len(row) >= width:
            rows[i] = [row[0]] + [""] * (len(row) - 1)
            done.append(i)
    return done


def joined_header(rows: Sequence[Sequence[str]]) -> tuple[str, ...]:
    """One header from several header rows: each column's texts top-down, a text repeated from
    the row above (a spanning cell) given once, joined with " / "."""
    width = max(len(r) for r in rows)
    out = []
    for col in range(width):
        parts: list[str] = []
        for r in rows:
            text = r[col] if col < len(r) else ""
            if text and (not parts or parts[-1] != text):
                parts.append(text)
        out.append(" / ".join(parts))
    return tuple(out)


def marked_header(
    rows: list[list[str]], heads: int, labels: Iterable[int]
) -> tuple[list[str], tuple[str, ...] | None, list[tuple[str, ...]], int]:
    """(titles, header, data rows, number of the first data row) of a word processor's table
    whose ``heads`` leading rows are marked as header rows (repeated on each page): those rows
    joined into one header (:func:`joined_header`); without any, its first row when others follow.
    Where every row is marked (as some documents mark them all) only the first heads the others,
    as a table made of HTML ``<th>`` rows alone. A leading header row that is one cell merged
    across the table (a title row, one of ``labels``: "Budget 2024" over the columns) is a title
    over the table, its text said once before it rather than naming every column, as an HTML
    table's; the row after it heads the table. Over a single row the title is said all the same
    and that row is data, as an HTML table's is (a table left to be filled in has blank rows, so
    a lone row is content: "Contact" over a name and a number), unless it is marked as a header
    row itself: then it heads a table without data. ``labels`` below the header are given once
    (:func:`labels_once`); a header's other merged cells name every column they span. Rows are
    padded to the widest; without a header (a title over one unmarked row) the header is None."""
    labels = set(labels)
    width = max(len(r) for r in rows)
    titles = 0  # leading title rows: within the header rows, some other row after them
    while (
        titles in labels
        and titles < max(heads, 1)
        and titles + 1 < len(rows)
        and len(rows[titles]) >= width > 1
    ):
        titles += 1
    said = [rows[i][0] for i in range(titles) if rows[i][0]]
    rows = rows[titles:]
    heads = max(heads - titles, 0)
    labels = {i - titles for i in labels if i >= titles}
    if heads >= len(rows) > 1:
        heads = 1
    labels_once(rows, [i for i in labels if i >= max(heads, 1)])
    rows = [r + [""] * (width - len(r)) for r in rows]
    if heads:
        header: tuple[str, ...] | None = joined_header(rows[:heads])
    else:
        header, heads = (tuple(rows[0]), 1) if len(rows) > 1 else (None, 0)
    return said, header, [tuple(r) for r in rows[heads:]], titles + heads + 1


def render_table(header: Sequence[str] | None, rows: Sequence[Sequence[str]]) -> str:
    """A pipe table. Without a header row the first line is a row of blanks (Markdown needs one)."""
    width = max([len(header or ())] + [len(r) for r in rows] or [0])
    if width == 0:
        return ""
    head = list(header) if header is not None else [""] * width
    head += [""] * (width - len(head))
    lines = ["| " + " | ".join(_cell(c) for c in head) + " |", "|" + " --- |" * width]
    for row in rows:
        cells = list(row) + [""] * (width - len(row))
        lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    return "\n".join(lines)


def assemble(
    source_type: str,
    blocks: Iterable[Block],
    *,
    separator: str = "\n\n",
    **kwargs: Any,
) -> Document:
    """Build a Document whose ``text`` is the blocks' texts joined, numbering each block's lines.

    For formats without a text source of their own (PDF, Office, e-mail bodies …): the source view
    shows this text and ``source_lines`` refer to it. A block's existing ``lines`` are replaced, and
    a list's ``item_lines`` (the line each item starts on in the text it was read from: a notebook
    cell's Markdown) left out: in this text each item's line is the list's own next line, where the
    Markdown reader says none either.
    """
    from ._fast import relined  # (it builds on this module)

    parts: list[str] = []
    out: list[Block] = []
    line = 1
    sep_lines = separator.count("\n")
    if sep_lines == 0:
        raise ValueError("separator must contain a newline")
    for block in blocks:
        if not block.text and block.kind != IMAGE:
            continue
        text = block.text if block.text else f"[Image: {block.alt or ''}]"
        last = line + text.count("\n")
        if "item_lines" in block.meta:
            block = replace(block, meta={k: v for k, v in block.meta.items() if k != "item_lines"})
        out.append(relined(block, text, (line, last)))  # dataclasses.replace, made cheaply
        parts.append(text)
        line = last + sep_lines
    return Document(source_type=source_type, blocks=tuple(out), text=separator.join(parts), **kwargs)


# -- the chunk ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Chunk:
    """A chunk: exactly content, content_type and metadata (SPEC §2)."""

    content: str
    content_type: str
    metadata: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)

    def to_dict(self) -> dict[str, Any]:
        return {
            "content": self.content,
            "content_type": self.content_type,
            "metadata": _plain(self.metadata),
        }


def chunk_dicts(chunks: Iterable[Chunk]) -> list[dict[str, Any]]:
    """``[c.to_dict() for c in chunks]``, made faster for what a mode emits: each chunk's
    metadata is copied whole and only its values that need converting are replaced; and every
    chunk of a document carries the same ``document_metadata`` mapping, which is converted once
    here and then copied for each chunk (a copy each, so changing one chunk's dict changes no
    other)."""
    shared: dict[int, tuple[Any, dict[str, Any] | None]] = {}  # id → (the mapping, flat plain form)
    last: Any = None  # the shared mapping met last, and its flat plain form (None if not flat)
    last_flat: dict[str, Any] | None = None
    as_is = _PLAIN_AS_IS
    out = []
    keep = out.append
    for chunk in chunks:
        meta = chunk.metadata
        kind = type(meta)
        if kind is not dict and kind is not MappingProxyType:
            keep(chunk.to_dict())
            continue
        plain: dict[str, Any] = dict(meta)  # (the values that are plain already stay)
        for key, value in meta.items():
            if type(key) is not str:  # keys become strs: the general conversion, in order
                plain = _plain(meta)
                break
            kind = type(value)
            if kind in as_is:
                continue
            if kind is list:
                plain[key] = value[:] if as_is.issuperset(map(type, value)) else _plain(value)
            elif value is last:
                plain[key] = last_flat.copy() if last_flat is not None else _plain(value)
            elif kind is dict or kind is MappingProxyType:
                seen = shared.get(id(value))
                if seen is None:
                    converted = _plain(value)
                    flat = all(type(v) in as_is for v in converted.values())
                    seen = shared[id(value)] = (value, converted if flat else None)
                last, last_flat = value, seen[1]
                plain[key] = seen[1].copy() if seen[1] is not None else _plain(value)
            elif kind is tuple and as_is.issuperset(map(type, value)):
                plain[key] = list(value)
            else:
                plain[key] = _plain(value)
        keep({"content": chunk.content, "content_type": chunk.content_type, "metadata": plain})
    return out
