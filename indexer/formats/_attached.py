"""Files attached to a document (an e-mail's or an Outlook message's attachments, a PDF's
embedded files, the files embedded in an Office document: :mod:`._embedded`) read with the
extractor the registry picks for them, by name then by content.

What an attachment gives is placed in its holder: an ``Attachment: name`` heading one level below
the holder's heading, the attachment's blocks under it (its headings shifted down, capped at 6),
each carrying the holder's provenance, ``attachment: name`` and, where the attachment has them,
its own page (``page_number`` in a holder without pages, ``attachment_page`` in one with pages)
and ``sheet_name``. A workbook's sheets or a CSV's table become a heading per sheet and table
blocks, as a document shows tables, so that every mode of the holder still applies. A web raster
no extractor reads (a picture attached to a PDF) is one image block under that heading, the
picture an image of the holder (a mail's pictures, whatever type they are sent as, are images of
their message, not read here). Its images are renamed
``attachment{n}_…`` (``attachment{n}_{k}_…`` when the holder has an image of that name already:
a mail's keep their sender's names), or, when named by their bytes (an
Office file's, ``%016x.ext``), given the name of the same image met in an earlier attachment of
the holder (a logo in each of a hundred attached files is one image; a PDF's images, named by
their place and without bytes when none will be listed, are not matched, so that the blocks are
the same with and without image data), and carry what the holder says of its own pictures (the
message a mail's attachment came in, ``message_index``); its skipped entries, warnings and
notes, and what its coverage lists as removed (running heads, a poem's margin line numbers),
carried over with its name in front.

An attachment that cannot be read (damaged, encrypted, needing OCR, past a limit) becomes one
skipped entry with the error's code and message: the holder is never failed nor cut by it.
Attachments of attachments are read down to :data:`MAX_DEPTH` levels; the holder's size, text
and time limits are counted for its attachments too. Its text limit is shared: the holder's own
text is reserved first (:attr:`Attacher.own`: every holder reads its attachments once all its
own text is known, a mail with :meth:`Attacher.defer`, the others after their walk), then each
attachment, in turn, has what is left, its heading and the breaks between its blocks counted,
so that the whole never passes the limit: one that does not fit is a skipped entry naming the
limit (a mail's text attachment too, read as its message's text is, :meth:`Attacher.defer_read`).
Its attachments together have :data:`TIME_SHARE` of its time-out: an extractor that
checks the time (a PDF's pages, OCR) stops there, and one that does not may overrun that share
without the holder being killed by the time-out it would then reach.
"""

from __future__ import annotations

import io
import mimetypes
import re
import time
from collections.abc import Container, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Protocol
from urllib.parse import unquote

from .. import errors
from ..images import EXTRACTED_FORMATS, admit, sniff_image_format
from ..limits import ExtractContext
from ..model import DOCUMENT, HEADING, HIDDEN, IMAGE, PARAGRAPH, Block, Document, Image, Skipped
from ..sniff import decode_labelled, decode_text, text_codec
from ._properties import PROPERTY_LINES, body_property_blocks
from .html import MARGIN_NUMBERS, decode_html, html_blocks, margin_entry
from .registry import for_extension, resolve, suffix_of
from .text import margin_numbers, text_blocks

#: Attachments of attachments read, at most: a mail attached to a mail attached to a PDF is read,
#: one more level is listed as skipped.
MAX_DEPTH = 3
#: Share of the holder's time-out its attachments may spend, all levels together; the rest is
#: left to the holder's own text and its chunking.
TIME_SHARE = 0.8
#: An image named by its bytes (FNV-1a, SPEC §2), under the prefixes of the attachments it is in.
_HASHED = re.compile(r"(?:attachment\d+_)*([0-9a-f]{16}\.\w+)")
#: Options that belong to the holder alone (its password opens it, not what it holds).
_HOLDER_OPTIONS = frozenset({"pdf_password", "password"})
#: Attachment types read as text besides text/* (json, xml, scripts …), by an e-mail and an
#: Outlook message alike.
TEXT_APPLICATION = frozenset(
    {
        "application/json",
        "application/xml",
        "application/x-yaml",
        "application/yaml",
        "application/csv",
        "application/x-sh",
        "application/javascript",
        "application/x-python",
        "application/sql",
        "message/delivery-status",
        "message/disposition-notification",
    }
)
#: Tabular attachment types: read as tables by their own extractor, not as text.
_TABLE_TYPES = frozenset({"text/csv", "application/csv", "text/tab-separated-values"})
#: A mail's text attachment of one of these types (none declared, or a generic one) and names is
#: prose, read as a .txt file's blocks are (their lines' layout indentation dropped); any other
#: (XML, JSON, YAML, a script, a configuration file) is kept as laid out (:func:`laid_out`).
_PROSE_TYPES = frozenset(
    {
        "",
        "application/octet-stream",
        "text/plain",
        "text/enriched",
        "text/richtext",
        "text/rfc822-headers",
        "message/delivery-status",
        "message/disposition-notification",
    }
)
_PROSE_EXTENSIONS = frozenset({"", ".txt", ".text", ".rst", ".log"})
#: Markup, data and configuration files no extractor reads by their name: a mail's attachment so
#: named is read as text kept as laid out whatever type it is sent as (most often
#: ``application/octet-stream``), as when its type says text (:func:`as_text`); sniffed, its
#: content would be read as a .txt file is, its indentation lost.
_LAID_OUT_EXTENSIONS = frozenset({".xml", ".yaml", ".yml", ".ini", ".cfg", ".conf"})
_WEB_PAGE_EXTENSIONS = frozenset({".html", ".htm", ".xhtml"})
#: A line break and the blank lines after it (spaces, tabs or no-break spaces only): between
#: paragraphs, the indentation of the next paragraph's first line left to it.
_BLANK_LINES = re.compile(r"\n(?:[ \t\u00a0]*\n)+")


@dataclass
class Attached:
    """What one attachment gives its holder."""

    blocks: list[Block] = field(default_factory=list)
    images: list[Image] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: the attachment's name when it was read, then those of the files it holds that were read
    indexed: list[str] = field(default_factory=list)
    #: its ``Coverage.headers_footers_removed``, each with its name in front
    removed: list[str] = field(default_factory=list)

    @property
    def read(self) -> bool:
        return bool(self.indexed)

    def add(self, got: Attached) -> None:
        """Take in what another attachment gives, but its blocks (which its holder places where
        the file stands): one place for every holder, so that none drops part of its coverage."""
        self.images += got.images
        self.skipped += got.skipped
        self.warnings += got.warnings
        self.notes += got.notes
        self.indexed += got.indexed
        self.removed += [r for r in got.removed if r not in self.removed]


class Holder(Protocol):
    """A holder that sets its attached files aside (:meth:`Attacher.defer`) and takes in what
    they give: a mail's messages, an Outlook item and the messages embedded in it."""

    skipped: list[Skipped]
    #: the names of the attached files read (``Coverage.attachments_indexed``)
    indexed: list[str]
    images: dict[str, Image]
    notes: list[str]
    #: what its attached files read with their own extractor removed (running heads …)
    removed: list[str]

    def warn(self, text: str) -> None: ...


class Attacher:
    """Reads the attachments of one holder, keeping count of what they spend of its limits."""

    def __init__(self, ctx: ExtractContext) -> None:
        self.ctx = ctx
        self.deadline = (
            ctx.deadline
            if ctx.deadline is not None
            else time.monotonic() + ctx.limits.timeout_seconds * TIME_SHARE
        )
        #: the holder's own text, in characters, reserved before its attachments are read
        self.own = 0
        self.chars = 0  # text the attachments read so far add to the holder's
        self.count = 0  # attachments read so far (numbers their images)
        self.image_names: dict[str, str] = {}  # an image's name by its bytes → its name in the holder
        #: the files :meth:`defer` set aside: each one's placeholder, where its skipped entries and
        #: names go in its holder's lists, its bytes, name and how it is read
        self._deferred: list[tuple[Block, tuple[int, int], bytes, str, dict[str, Any]]] = []

    @property
    def pending(self) -> bool:
        """Whether files set aside by :meth:`defer` are waiting to be read."""
        return bool(self._deferred)

    def defer(self, holder: Holder, data: bytes, name: str, **how: Any) -> Block:
        """A placeholder block for the file ``data`` called ``name`` attached to ``holder``, to be
        read (as by :meth:`read` with ``how``) by :meth:`read_deferred` once the holder's text is
        known: for a holder whose own text may go on after its attachments (a mail's next
        message). Its skipped entries and name will stand where the holder's lists end now."""
        slot = Block(PARAGRAPH, "")
        self._deferred.append((slot, (len(holder.skipped), len(holder.indexed)), data, name, how))
        return slot

    def defer_read(self, holder: Holder, name: str, blocks: list[Block], skipped: list[Skipped]) -> Block:
        """A placeholder for the attachment ``name`` of ``holder`` already read as ``blocks`` (its
        heading first), with ``skipped`` (what its coverage lists, given to the holder with them):
        a mail's text attachment, read as its message's text is. Its text counts in the holder's
        text limit as an attached file's does (:meth:`read_deferred`): placed if it fits in what
        the holder's own text and the attachments before it leave, else a skipped entry naming
        the limit, the holder never failed by it."""
        return self.defer(holder, b"", name, ready=(blocks, skipped))

    def read_deferred(self, own: int, holder: Holder) -> dict[int, list[Block]]:
        """Read the files :meth:`defer` set aside, ``own`` characters of the holder's own text
        reserved first, and give ``holder`` what each gives in the place it was met; the blocks
        of each by the ``id`` of its placeholder, which the holder replaces with them
        (:func:`put_in_place`)."""
        self.own = own
        deferred, self._deferred = self._deferred, []
        read = [
            (slot, at, self._fitted(name, *how["ready"]) if "ready" in how else self.read(data, name, **how))
            for slot, at, data, name, how in deferred
        ]
        # the lists are filled back to front, so that each place counted earlier still holds
        for _, (skipped_at, indexed_at), got in reversed(read):
            holder.skipped[skipped_at:skipped_at] = got.skipped
            holder.indexed[indexed_at:indexed_at] = got.indexed
        for _, _, got in read:
            for image in got.images:
                holder.images.setdefault(image.name, image)
            for text in got.warnings:
                holder.warn(text)
            holder.notes.extend(n for n in got.notes if n not in holder.notes)
            holder.removed.extend(r for r in got.removed if r not in holder.removed)
        return {id(slot): got.blocks for slot, _, got in read}

    def read(
        self,
        data: bytes,
        name: str,
        *,
        level: int,
        meta: Mapping[str, Any] | None = None,
        ctype: str | None = None,
        unsupported: str | None = None,
        page: int | None = None,
        paged: bool = False,
        label: str = "Attachment",
        taken: Container[str] = (),
        image_meta: Mapping[str, Any] | None = None,
    ) -> Attached:
        """The blocks, images and coverage of the attached file ``data`` called ``name``, its
        heading at ``level`` (the holder's heading level plus one), its blocks carrying ``meta``.
        ``ctype``: its declared media type, which names the extractor when ``name`` does not.
        ``unsupported``: the skip reason of a file no extractor reads (else the error's).
        ``paged``: the holder has pages (PDF); its blocks then stand on ``page`` (the holder's
        page the file is attached to, or None) and keep their own as ``attachment_page``.
        ``label``: the heading's first word, ``Embedded`` for a file embedded in an Office
        document (whose skipped entries are then ``embedded object`` ones).
        ``taken``: the names of the holder's own images, which its attachments' images avoid.
        ``image_meta``: what its images carry of the holder, over their own (the message a
        mail's attachment came in, as the message's own pictures do)."""
        what = "attachment" if label == "Attachment" else "embedded object"
        if not data:  # a part cut or mis-written, as often as a file of no bytes: said, not hidden
            return Attached(skipped=[Skipped(what, name, f"the {what} holds no data")])
        heading = Block(HEADING, f"{label}: {name}")
        room = self.ctx.limits.max_text_chars - self.own - self.chars - text_chars([heading])
        failure = self._refused(data, name, room)
        if failure is not None:
            return Attached(skipped=[Skipped(what, name, _reason(failure))])
        from ..api import extract_bytes  # (the API imports the registry, which imports this)

        remaining = self.deadline - time.monotonic()
        limits = replace(self.ctx.limits, max_text_chars=room, timeout_seconds=max(remaining, 0.0))
        child = replace(
            self.ctx,
            filename=name,
            limits=limits,
            options={k: v for k, v in self.ctx.options.items() if k not in _HOLDER_OPTIONS},
            attachment_depth=self.ctx.attachment_depth + 1,
            deadline=self.deadline,
        )
        try:
            doc = extract_bytes(data, dispatch_name(name, ctype), child)
        except errors.UnsupportedFormat as exc:
            doc = _picture(data, name)
            if doc is None:
                return Attached(skipped=[Skipped(what, name, unsupported or _reason(exc))])
        except errors.EmptyExtraction:
            return Attached(skipped=[_empty(what, name)])
        except errors.DocumentLimit as exc:
            reason = _reason(exc)
            if self.own or self.chars:  # its text limit was what the holder left: said so
                reason += f" ({self._left(room)})"
            return Attached(skipped=[Skipped(what, name, reason)])
        except errors.ChunkscopeError as exc:
            return Attached(skipped=[Skipped(what, name, _reason(exc))])
        if not any(b.text.strip() for b in doc.blocks):
            return Attached(skipped=[_empty(what, name)])
        image_names = dict(self.image_names)  # kept only if the attachment is
        got = _place(
            doc,
            name,
            level,
            dict(meta or {}),
            page,
            paged,
            f"attachment{self.count + 1}_",
            image_names,
            label,
            taken,
            image_meta,
        )
        # its text as placed (a sheet's heading added, the breaks between blocks) may pass what
        # the holder leaves, though the file's own text does not
        placed = text_chars(got.blocks)
        if placed > room + text_chars([heading]):
            return Attached(skipped=[Skipped(what, name, _reason(self._over(name, placed)))])
        self.count += 1
        self.chars += placed
        self.image_names = image_names
        return got

    def _fitted(self, name: str, blocks: list[Block], skipped: list[Skipped]) -> Attached:
        """What an attachment read already (:meth:`defer_read`) gives, if its text fits in what is
        left of the holder's text limit."""
        chars = text_chars(blocks)
        if chars > self.ctx.limits.max_text_chars - self.own - self.chars:
            return Attached(skipped=[Skipped("attachment", name, _reason(self._over(name, chars)))])
        self.chars += chars
        return Attached(blocks=blocks, skipped=skipped, indexed=[name])

    def _left(self, left: int | None = None) -> str:
        """What the holder's text limit leaves its next attachment (``left``: past its heading),
        and why."""
        spent = [
            w
            for w, n in (("the holder's own text", self.own), ("the attachments before it", self.chars))
            if n
        ]
        if left is None:
            left = self.ctx.limits.max_text_chars - self.own - self.chars
        after = f" after {' and '.join(spent)}" if spent else ""
        return (
            f"{max(left, 0):,} of its holder's {self.ctx.limits.max_text_chars:,}-character limit left{after}"
        )

    def _over(self, name: str, chars: int | None = None) -> errors.DocumentLimit:
        """The error of the attachment ``name`` that the holder's text limit has no room for
        (``chars``: the text it would add, heading and breaks included)."""
        if chars is None:
            return errors.DocumentLimit(f"{name}: no room under the text limit ({self._left()})")
        return errors.DocumentLimit(f"{name}: its {chars:,} characters of text do not fit ({self._left()})")

    def _refused(self, data: bytes, name: str, room: int) -> errors.ChunkscopeError | None:
        """The limit an attachment would pass, before it is read."""
        limits = self.ctx.limits
        if self.ctx.attachment_depth >= MAX_DEPTH:
            return errors.DocumentLimit(
                f"{name}: attached {MAX_DEPTH + 1} levels deep, over the {MAX_DEPTH}-level limit"
            )
        if len(data) > limits.max_document_bytes:
            return errors.DocumentLimit(
                f"{name} is {len(data):,} bytes, over the {limits.max_document_bytes:,}-byte document limit"
            )
        if room <= 0:
            return self._over(name)
        if time.monotonic() >= self.deadline:
            return errors.DocumentLimit(
                f"{name}: the time its holder leaves to its attachments ({TIME_SHARE:.0%} of its "
                f"{limits.timeout_seconds:g}-second limit) ran out"
            )
        return None


def put_in_place(blocks: list[Block], placed: Mapping[int, list[Block]]) -> list[Block]:
    """``blocks`` with each placeholder of :meth:`Attacher.defer` replaced by the blocks
    :meth:`Attacher.read_deferred` gave for it (``placed``)."""
    return [b for block in blocks for b in placed.get(id(block), (block,))]


def text_chars(blocks: list[Block]) -> int:
    """The characters ``blocks`` add to a document's text (see ``indexer.model.assemble``): each
    block's text (an image's placeholder for one without) and the break before it."""
    return sum(len(b.text or f"[Image: {b.alt or ''}]") + 2 for b in blocks if b.text or b.kind == IMAGE)


def dispatch_name(name: str, ctype: str | None) -> str:
    """The name an attachment is dispatched on: its own when an extractor claims its extension,
    else with the extension of its declared media type added (``report`` sent as
    ``application/pdf`` is read as a PDF); else its own (the content is sniffed). A name that
    says only that the file is text (:data:`_TEXT_NAMES`) gives way to a text type that names the
    format of its text (:data:`_FORMAT_TEXT_TYPES`): ``notes.txt`` sent as ``text/markdown`` is
    read as Markdown, as ``page.txt`` sent as ``text/html`` is read as a web page; a sender sets
    such a type on purpose, where a name's ``.txt`` is often only the one a program gives every
    text it saves. A type that says only text or nothing (``text/plain``,
    ``application/octet-stream``) never wins over a name: ``notes.md`` sent so is Markdown."""
    base = ctype.split(";", 1)[0].strip().lower() if ctype else ""
    suffix = suffix_of(name)
    if for_extension(suffix) is not None and not (suffix in _TEXT_NAMES and base in _FORMAT_TEXT_TYPES):
        return name
    guessed = _MARKUP_TEXT_TYPES.get(base) or (mimetypes.guess_extension(base) if base else None)
    if guessed and for_extension(guessed) is not None:
        return (name or "attachment") + guessed
    return name


#: text types that are markup an extractor reads, with its extension: RTF (``text/rtf`` is as
#: registered a type of .rtf files as ``application/rtf``), read as text its control words and
#: braces were shown as they stand ("{\\rtf1\\ansi Hello {\\b bold}"); Markdown (RFC 7763's
#: ``text/markdown``, the older ``text/x-markdown``), read as text its headings, lists and code
#: blocks were lost, as the Markdown reader reads a .md file
_MARKUP_TEXT_TYPES = {"text/rtf": ".rtf", "text/markdown": ".md", "text/x-markdown": ".md"}
MARKDOWN_TYPES = frozenset({"text/markdown", "text/x-markdown"})
#: the text types that name the format of their text, which wins over a name of plain text
#: (:data:`_TEXT_NAMES`) to say which extractor reads the file (:func:`dispatch_name`)
_FORMAT_TEXT_TYPES = frozenset({*_MARKUP_TEXT_TYPES, "text/csv", "text/tab-separated-values"})
#: the extensions that say only that a file is text, read by the text extractor
_TEXT_NAMES = frozenset({".txt"})
#: the names of such markup files, read by their extractor whatever text type they are sent as
_MARKUP_EXTENSIONS = frozenset({*_MARKUP_TEXT_TYPES.values(), ".markdown"})


def textual(ctype: str) -> bool:
    """Whether a mail's attachment of the declared media type ``ctype`` (lower case) is text, read
    as the message's plain text is, whatever its name: one place for an e-mail and an Outlook
    message, so that a file attached to either reads the same. RTF and Markdown are not: they are
    read with their own extractor (:data:`_MARKUP_TEXT_TYPES`)."""
    return (ctype.startswith("text/") and ctype not in _MARKUP_TEXT_TYPES) or ctype in TEXT_APPLICATION


def as_text(name: str, ctype: str) -> bool:
    """Whether a mail's attachment called ``name`` of type ``ctype`` (lower case) is read as text,
    as the message's own text is, by an e-mail and an Outlook message alike: its type says text
    (:func:`textual`), or its name says markup or data no extractor reads, whatever type it is
    sent as (``report.xml`` sent as ``application/octet-stream`` keeps its lines' indentation as
    when sent as ``application/xml``); a table (:func:`tabular`) is read by its own extractor, and
    so is any other file (by its name, else by its type, else by its content; a ``.txt`` name
    gives way to a type naming its text's format, :func:`dispatch_name`), an RTF file (``.rtf``,
    ``text/rtf``) and a Markdown one (``.md``, ``text/markdown``) among them."""
    return (
        (textual(ctype) or suffix_of(name) in _LAID_OUT_EXTENSIONS)
        and not tabular(name, ctype)
        and suffix_of(name) not in _MARKUP_EXTENSIONS
    )


def in_declared_charset(data: bytes, name: str, ctype: str | None, charset: str | None) -> bytes:
    """The bytes of a mail's attachment called ``name`` of type ``ctype`` as its extractor is to
    read them, by an e-mail and an Outlook message alike: where its type declares the ``charset``
    they are in, that charset decodes them and the extractor it is dispatched to
    (:func:`dispatch_name`, else by its content) reads text (:data:`_TEXT_READERS`: a CSV or TSV
    table, JSON, Markdown, a web page, a notebook, plain text, a contact card or a calendar), its
    text in UTF-8, as a text attachment is read by it (:func:`declared_text`), which the extractor,
    from the bytes alone, would have to guess (a short Greek table in windows-1253 is read as
    KOI8-R); any other's as they are (a PDF, a spreadsheet, an RTF file, which says its own code
    page, a mail, whose parts say theirs). A BOM (UTF-8, UTF-16, UTF-32) wins over the charset, as
    a text attachment's does (:func:`~indexer.sniff.decode_labelled`), and so does a charset that does
    not decode the bytes or that no codec of text has: the bytes are then given as they are, to
    be sniffed, the mail never failed by its label."""
    text = labelled_text(data, charset)
    if text is None:
        return data
    utf8 = text.encode("utf-8", "replace")  # (a lone surrogate, which UTF-7 may give, replaced)
    try:
        reader = resolve(dispatch_name(name, ctype), utf8).name
    except errors.UnsupportedFormat:
        return data
    return utf8 if reader in _TEXT_READERS else data


#: The extractors that read a file as text, from its bytes alone (a BOM, UTF-8, else detection):
#: an attachment they read is given to them in its declared charset (:func:`in_declared_charset`)
_TEXT_READERS = frozenset({"text", "csv", "tsv", "json", "jsonl", "ndjson", "markdown", "html", "ipynb"})


def labelled_text(data: bytes, charset: str | None) -> str | None:
    """``data`` decoded by the ``charset`` a mail's part declares, as a mail reader decodes it
    (:func:`~indexer.sniff.decode_labelled`), its newlines as they are; None where none is
    declared, where no codec of that name reads text (``unknown-8bit``; Python's ``base64``,
    ``rot13`` or ``idna``, which a part may name but no mail reader decodes text with) or where
    the bytes do not fit it: the part is then read from its bytes alone, never failed by its label."""
    if not charset or not text_codec(charset):
        return None
    try:
        return decode_labelled(data, charset)
    except (LookupError, UnicodeError):
        return None


def web_page(name: str, ctype: str) -> bool:
    """Whether a mail's text attachment (:func:`as_text`) is a web page, read as HTML: by its type
    or by its name."""
    return ctype == "text/html" or suffix_of(name) in _WEB_PAGE_EXTENSIONS


def tabular(name: str, ctype: str) -> bool:
    """Whether a mail's attachment called ``name`` of type ``ctype`` is a table (CSV, TSV), read
    with its own extractor as tables rather than as text."""
    return ctype in _TABLE_TYPES or suffix_of(name) in (".csv", ".tsv")


def keeps_layout(name: str, ctype: str) -> bool:
    """Whether a mail's text attachment called ``name`` of type ``ctype`` (lower case) is a
    program's, markup or data (not prose by both its type and its name), whose indentation is
    part of what it says: its lines are kept as laid out (:func:`laid_out`), as the file read on
    its own shows them, by an e-mail and an Outlook message alike."""
    return not (ctype in _PROSE_TYPES and suffix_of(name) in _PROSE_EXTENSIONS)


def laid_out(text: str) -> list[str]:
    """The paragraphs (between blank lines) of a program's, markup or data text, each line keeping
    its indentation (``  <item>`` stays nested under its parent), trailing spaces dropped."""
    out = []
    for para in _BLANK_LINES.split(text):
        kept = "\n".join(line.rstrip() for line in para.split("\n")).strip("\n")
        if kept.strip():
            out.append(kept)
    return out


def prose(text: str, skipped: list[Skipped]) -> list[Block]:
    """The blocks of a mail's prose text (a plain body, a .txt or .md attachment), read as a .txt
    file's are: headings, lists and paragraphs found, each line's layout indentation dropped, a
    poem's line numbers in the right margin left out of its lines and counted in ``skipped`` (the
    message's coverage) as an HTML part's are; so that the same text reads the same in an e-mail
    and in an Outlook message."""
    margin = margin_numbers(text)
    entry = margin_entry(len(margin))
    if entry is not None:
        skipped.append(entry)
    return text_blocks(text, margin)


def page_text(data: bytes, charset: str | None = None) -> str:
    """The text of a mail's HTML (its body, an attached web page) from its bytes, by an e-mail
    and an Outlook message alike: by the ``charset`` its part declares, which wins over the
    page's own word as a mail reader takes it (and a browser an HTTP header's), when a codec of
    text has that name and decodes the bytes (:func:`labelled_text`); else as an .html file is read
    (:func:`~.html.decode_html`: a BOM, UTF-32 or UTF-16 by the NUL bytes of their ASCII
    characters, or UTF-8, else its ``<meta charset>`` or ``http-equiv`` Content-Type, else
    detection). A page sent with no charset, or with one it is not in
    (``us-ascii`` over windows-1251 bytes), is so read in the charset it names, where detection
    alone takes a short Russian page for cp1252."""
    text = labelled_text(data, charset)
    if text is not None:
        return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    return decode_html(data)


def cid_key(src: str) -> str | None:
    """The Content-ID a ``cid:`` URL names, as a picture's is matched with it by an e-mail and an
    Outlook message alike: %-escapes undone (RFC 2392: ``cid:logo%40example.com`` names
    ``<logo@example.com>``), angle brackets some writers keep left out, in lower case; None for
    another URL."""
    src = src.strip()
    if src[:4].lower() != "cid:":
        return None
    return unquote(src[4:]).strip().strip("<>").lower()


def declared_text(data: bytes, charset: str | None = None) -> str:
    """The text of a mail's text part (a plain body, a text attachment) from its bytes, by an
    e-mail and an Outlook message alike: by the ``charset`` it declares when a codec of text has
    that name and decodes them (:func:`labelled_text`), else by detection; a BOM, which wins over
    the charset (UTF-16 text under windows-1252 is UTF-16), left out, as detection leaves it."""
    text = labelled_text(data, charset)
    if text is not None:
        return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    return decode_text(data)[0]


def attached_text(
    name: str, ctype: str, data: bytes | str, skipped: list[Skipped], charset: str | None = None
) -> list[Block]:
    """The blocks of a mail's text attachment (:func:`as_text`) called ``name`` of type ``ctype``
    (lower case, without its parameters), by an e-mail and an Outlook message alike, from its
    text (``data``, or its bytes decoded here by the ``charset`` its type names, if any: a web
    page's by :func:`page_text`, any other's by :func:`declared_text`): a web page's read as
    HTML, a program's, markup or data as laid out (:func:`laid_out`), prose as a plain body is
    (:func:`prose`); the margin line numbers it lost counted in ``skipped`` (the message's
    coverage), as its body's are."""
    page = web_page(name, ctype)
    if isinstance(data, bytes):
        text = page_text(data, charset) if page else declared_text(data, charset)
    else:
        text = data
    if page:
        blocks, dropped = html_blocks(text)
        skipped.extend(e for e in dropped if e.what == MARGIN_NUMBERS)
        return blocks
    if keeps_layout(name, ctype):
        return [Block(PARAGRAPH, p) for p in laid_out(text)]
    return prose(text, skipped)


def plain_body(
    text: str,
    skipped: list[Skipped],
    images: dict[str, Image],
    seen: dict[tuple[int, int], Image],
    image_meta: Mapping[str, Any],
) -> list[Block]:
    """The blocks of a message's plain-text body, by an e-mail and an Outlook message alike (the
    Outlook one's RTF body too, once its markup is stripped): a contact card or a calendar sent as
    the body is read as a .vcf or .ics file is (its pictures images of the message, put in
    ``images``, each one met before in it, ``seen``, pointed at, and carrying ``image_meta``; its
    other binary values skipped entries, never text); any other text as :func:`prose`."""
    if PROPERTY_LINES.match(text):
        blocks, dropped = body_property_blocks(text, images, seen, image_meta)
        skipped.extend(dropped)
        return blocks
    return _indented_marks(text, prose(text, skipped))


#: a body line whose first character after its indentation is a ``>``: text, not a quote. Only a
#: ``>`` in column one quotes a line, as mail clients read it (RFC 3676 stuffs a space before a
#: line that starts with one and quotes nothing, :func:`~.email.flowed_text` keeps it there)
_INDENTED_MARK = re.compile(r"[ \t]+>")


def _indented_marks(text: str, blocks: list[Block]) -> list[Block]:
    """``blocks`` of the body ``text`` with one space kept before each paragraph line that was
    an indented ``>`` line (:data:`_INDENTED_MARK`). Reading the paragraph takes its lines'
    indentation off, and the line would then start with the ``>`` that marks a quote: get_markdown
    wrote " >not a quote" as a blockquote of "not a quote"; a space before it keeps it text."""
    if text[:1] not in (" ", "\t") and "\n " not in text and "\n\t" not in text:
        return blocks
    literal = {n for n, line in enumerate(text.split("\n"), 1) if _INDENTED_MARK.match(line)}
    if not literal:
        return blocks
    out = []
    for block in blocks:
        if block.kind == PARAGRAPH and block.lines and ">" in block.text:
            first, last = block.lines
            lines = block.text.split("\n")
            if len(lines) == last - first + 1 and not literal.isdisjoint(range(first, last + 1)):
                marked = [
                    " " + ln if n in literal and ln[:1] == ">" else ln for n, ln in enumerate(lines, first)
                ]
                block = replace(block, text="\n".join(marked))
        out.append(block)
    return out


def svg_picture(data: bytes) -> bool:
    """Whether ``data`` is an SVG picture, whatever type it is sent as: it starts as one
    (``<svg`` or ``<?xml``) and its root element is ``svg``, not another XML file's."""
    return sniff_image_format(data) == "svg" and _root_tag(data) == "svg"


def _root_tag(data: bytes) -> str | None:
    """The local name of the root element of the XML ``data`` (entities and DTDs left unread), or
    None when it is not well-formed up to there."""
    from lxml import etree

    events = etree.iterparse(
        io.BytesIO(data), events=("start",), resolve_entities=False, load_dtd=False, no_network=True
    )
    try:
        _, element = next(events)
    except (etree.XMLSyntaxError, StopIteration):
        return None
    return etree.QName(element).localname


def _reason(exc: errors.ChunkscopeError) -> str:
    return f"{exc.code}: {exc.message}"


def _empty(what: str, name: str) -> Skipped:
    return Skipped(what, name, f"{what} holds no text", on_purpose=True)


def _picture(data: bytes, name: str) -> Document | None:
    """A web raster (by its bytes) no extractor reads, as a document of one image block: the
    picture attached to a PDF is kept as an image of its holder, as a mail's attached picture is.
    None for anything else."""
    fmt = sniff_image_format(data)
    ext = "jpg" if fmt == "jpeg" else fmt
    if ext not in EXTRACTED_FORMATS:
        return None
    own = suffix_of(name).lstrip(".").lower()
    same = own == ext or (fmt == "jpeg" and own in ("jpg", "jpeg"))
    image = admit(
        data,
        own if same else ext,
        source_name=name if same else f"{name}.{ext}",
        alt=name,
        keep_source_name=True,
    )
    if not isinstance(image, Image):
        return None
    block = Block(IMAGE, f"[Image: {name}]", alt=name, images=(image.name,))
    return Document("image", (block,), text=block.text, images=(image,))


def _as_document(doc: Document) -> list[Block]:
    """A document's blocks as a document shows them: a workbook's or a CSV's tables as they are,
    each sheet under a heading of its name (blocks of a spreadsheet carry ``sheet_name``); a
    sheet the workbook hides has its heading say so (``HIDDEN``), as its blocks do."""
    if doc.family == DOCUMENT:
        return list(doc.blocks)
    out: list[Block] = []
    sheet: object = None
    for block in doc.blocks:
        name = block.meta.get("sheet_name")
        if name is not None and name != sheet:
            keys = {k: block.meta[k] for k in ("sheet_name", "sheet_index", HIDDEN) if k in block.meta}
            out.append(Block(HEADING, str(name), level=1, meta=keys))
            sheet = name
        out.append(block)
    return out


def _place(
    doc: Document,
    name: str,
    level: int,
    meta: dict[str, Any],
    page: int | None,
    paged: bool,
    prefix: str,
    image_names: dict[str, str],
    label: str = "Attachment",
    taken: Container[str] = (),
    image_meta: Mapping[str, Any] | None = None,
) -> Attached:
    level = min(max(level, 1), 6)
    renamed: dict[str, str] = {}
    images = []
    given: set[str] = set()
    for im in doc.images:
        hashed = _HASHED.fullmatch(im.name)
        known = image_names.get(hashed[1]) if hashed else None
        if known is None:
            # a holder's own image may bear any name (a mail's keeps its sender's, even
            # ``attachment1_x.png``): numbered further until no image of the holder has it
            known, n = prefix + im.name, 1
            while known in taken or known in given:
                n += 1
                known = f"{prefix}{n}_{im.name}"
            given.add(known)
            if hashed:
                image_names[hashed[1]] = known
            images.append(replace(im, name=known, meta={**im.meta, **(image_meta or {}), "attachment": name}))
        renamed[im.name] = known
    blocks = [Block(HEADING, f"{label}: {name}", level=level, page=page, meta={**meta, "attachment": name})]
    for block in _as_document(doc):
        own = dict(block.meta)
        inner = own.get("attachment")
        own.update(meta)  # the holder's provenance wins over an attached message's own
        own["attachment"] = f"{name}/{inner}" if inner else name
        at = block.page
        if paged:
            if block.page is not None:
                own["attachment_page"] = block.page
            at = page
        blocks.append(
            replace(
                block,
                level=min(max(block.level, 1) + level, 6) if block.kind == HEADING else block.level,
                page=at,
                images=tuple(renamed.get(n, n) for n in block.images),
                meta=own,
            )
        )
    cov = doc.coverage
    skipped = [replace(s, name=f"{name}: {s.name}") for s in cov.skipped]
    warnings = [f"{name}: {w}" for w in cov.warnings]
    warnings += [f"{name}: {t}" for t in cov.truncated]
    if cov.empty_pages:
        shown = ", ".join(map(str, cov.empty_pages))
        warnings.append(f"{name}: no text on page{'s' if len(cov.empty_pages) > 1 else ''} {shown}")
    notes = [f"{name}: {n}" for n in cov.notes]
    if cov.ocr_pages:
        notes.append(f"{name}: {len(cov.ocr_pages)} page(s) read by OCR")
    indexed = [name] + [f"{name}/{inner}" for inner in cov.attachments_indexed]
    removed = [f"{name}: {r}" for r in cov.headers_footers_removed]
    return Attached(blocks, images, skipped, warnings, notes, indexed, removed)
