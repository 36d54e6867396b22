"""E-mail: single messages (.eml) and mailboxes (.mbox) on the stdlib ``email`` package.

Messages are parsed with the ``compat32`` policy (several times faster than ``policy.default``,
whose header objects dominate the cost) and decoded explicitly: RFC 2047 headers, raw 8-bit header
text (RFC 6532 UTF-8, else cp1252), addresses with ``getaddresses``, dates to ISO 8601, bodies by
their declared charset (sniffed when it lies), a ``format=flowed`` plain part's wrapped paragraphs
joined again (RFC 3676), a ``text/enriched`` part's formatting commands left out (RFC 1896).

Per message: the subject as a heading, a paragraph of the salient headers (From, To, Cc, Date,
Subject; ``<addr@host>`` kept), then the body: text/plain preferred (a text/markdown alternative
over it, read by the Markdown reader), the HTML alternative when it holds a data table or an inline
image the text one cannot show and loses none of its words (``prefers_html``), an HTML part
converted with the HTML extractor, headings of a body below the subject; a contact card or a
calendar sent as the whole message (``text/vcard``, ``text/calendar``) its body, read as a .vcf or
.ics file is; a meeting invitation's calendar (a ``text/calendar``
alternative) read so after the body, less the text properties (SUMMARY, DESCRIPTION …) whose value
the subject or the body gives, unless it is attached as a file too; nested
message/rfc822 parts are read as messages of their own, their headings a level below their
parent's (capped at 6); text attachments are indexed after the body (each under an
``Attachment: name`` heading); images (inline or attached, ``image/*`` parts and the web
pictures sent under another type such as ``application/octet-stream``) are extracted under their
own names, ``cid:`` and Content-Location (MHTML) references in HTML bodies pointing at them
(``cid:`` ones in attached web pages too); other
attachments are listed as skipped with the reason. A TNEF part (``winmail.dat``) is read with
tnefparse as what it holds: its body when the message has none of its own, an appointment's,
meeting's or task's fields (place, time, recurrence; dates, status, owner), its attachments as the
message's, its embedded messages below it; a stream tnefparse cannot read safely is listed with
the names of the attachments it holds. Every block carries ``message_index`` (1-based),
``message_id``, ``message_subject``, ``message_from`` and ``message_date``; every image the
``message_index`` of the first message it is met in, and, when more than one shows it (a logo in
each message of a mailbox), ``message_indexes`` listing them all.

A mailbox is split at its ``From `` separator lines, read from bytes without a temporary file;
unlike the stdlib ``mailbox.mbox``, a ``From `` line counts as a separator only when message
headers follow it, so an unescaped ``From `` line in a body stays text.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import logging
import mimetypes
import quopri
import re
import struct
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from email.errors import HeaderParseError, InvalidBase64LengthDefect
from email.header import decode_header
from email.headerregistry import HeaderRegistry
from email.message import Message
from email.parser import BytesHeaderParser, HeaderParser
from email.policy import compat32
from email.utils import (
    collapse_rfc2231_value,
    format_datetime,
    formataddr,
    getaddresses,
    parsedate_to_datetime,
)
from typing import Any
from urllib.parse import unquote, urljoin, urlsplit, urlunsplit

from .._fast import with_meta
from ..errors import ParseError
from ..images import EXTRACTED_FORMATS, admit, met_before, sniff_image_format
from ..limits import ExtractContext
from ..markdown import quote_ends
from ..model import HEADING, IMAGE, PARAGRAPH, TABLE, Block, Coverage, Document, Image, Skipped
from ..sniff import decode_labelled, decode_text, text_codec
from ._attached import (
    MARKDOWN_TYPES,
    Attacher,
    as_text,
    attached_text,
    cid_key,
    declared_text,
    in_declared_charset,
    page_text,
    plain_body,
    put_in_place,
    svg_picture,
    text_chars,
    textual,
    web_page,
)
from ._properties import PROPERTY_LINES
from ._smime import (
    ENCRYPTED_TYPES,
    ENCRYPTED_WARNING,
    PGP_ENCRYPTED_WARNING,
    SIGNATURE_EXTENSIONS,
    SIGNATURE_TYPES,
    SIGNED_NOTE,
    inline_pgp,
)
from .html import MARGIN_NUMBERS, body_entries, html_blocks, margin_removed, merge_hidden
from .markdown import markdown_blocks
from .registry import extractor, suffix_of
from .text import assemble_blocks, margin_numbers, text_blocks

#: A contact card's or a calendar's types: a part of the message, not its text, unless it is the
#: whole message.
_CARD_TYPES = frozenset({"text/calendar", "text/x-vcard", "text/vcard"})
_NOT_BODY_TEXT = _CARD_TYPES | {"text/rfc822-headers"}
_MBOX_FROM = re.compile(rb"^From [^\n]*(?:\n|\Z)", re.MULTILINE)
#: The header lines (with their continuation lines) that follow an mbox separator.
_HEADER_BLOCK = re.compile(rb"(?:[!-9;-~]+[ \t]*:[^\n]*(?:\n|\Z)(?:[ \t][^\n]*(?:\n|\Z))*)+")
#: A message's header block holds one of these (a body line "Year: 1963" is no message).
_MAIL_FIELD = re.compile(
    rb"^(?:from|sender|to|cc|subject|date|message-id|received|return-path|delivered-to"
    rb"|mime-version|content-type|x-mozilla-status)[ \t]*:",
    re.IGNORECASE | re.MULTILINE,
)
#: Fields mail stores write first; a separator right after a body line must be followed by one.
#: The separator line a mail store writes: ``From <sender> <asctime date>``.
_POSTMARK = re.compile(
    rb"From \S+[ \t]+(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[ \t]+(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)"
    rb"[ \t]+\d{1,2}[ \t]+\d{1,2}:\d{2}"
)
_STORE_FIELD = re.compile(
    rb"(?:return-path|received|message-id|delivered-to|envelope-to|x-mozilla-status|x-gm-thrid"
    rb"|x-uidl|x-account-key|from)[ \t]*:",
    re.IGNORECASE,
)
_BOM = b"\xef\xbb\xbf"
_WS = re.compile(r"\s+")
_WEB_IMAGE_TYPES = frozenset(
    {"image/png", "image/jpeg", "image/jpg", "image/pjpeg", "image/gif", "image/webp"}
)


# -- headers -----------------------------------------------------------------------------------


def header_text(value: Any) -> str:
    """A header's text with RFC 2047 words decoded and folding whitespace collapsed. Each word is
    read by its charset as a part's text is (:func:`_word_text`). Only the whitespace between
    two encoded words is dropped (RFC 2047, 6.2): text written against an encoded word stays
    against it (``=?utf-8?q?Caf=C3=A9?=s`` reads "Cafés", as mail readers and the standard
    library's header registry show it), where ``make_header`` put a space."""
    if value is None:
        return ""
    raw = str(value)
    if "=?" in raw:
        # unfolded first: decode_header reads a header line by line, each line's leading
        # whitespace dropped, which joined text to an encoded word folded onto the next line
        raw = _FOLD.sub("", raw)
        try:
            words = decode_header(raw)
            ascii_only = raw.isascii()  # then nothing was escaped
            raw = "".join(
                word
                if isinstance(word, str)
                else _word_text(word, charset)
                if charset
                else word.decode("ascii")
                if ascii_only
                else _between_words(word)
                for word, charset in words
            )
        except (HeaderParseError, LookupError, UnicodeError, ValueError):
            pass
    return _WS.sub(" ", raw).strip()


#: a character past U+00FF as the stdlib's ``decode_header`` writes it in the text between
#: encoded words (raw-unicode-escape)
_RAW_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})|\\U([0-9a-fA-F]{8})")


def _between_words(word: bytes) -> str:
    """The text between encoded words, which ``decode_header`` gives as bytes: a character to a
    byte up to U+00FF, one past it as its escape (``\\u20ac``). Only such escapes are undone: a
    backslash the header writes is kept (``C:\\users``, which the codec refused, leaving the whole
    header undecoded), and so is an escape of a character up to U+00FF, which the stdlib never
    writes (a typed ``\\u00e9`` is no é); one past it typed in such a header reads as its
    character, as the two cannot be told apart."""

    def char(m: re.Match[str]) -> str:
        code = int(m[1] or m[2], 16)
        return chr(code) if 0xFF < code <= 0x10FFFF else m[0]

    return _RAW_ESCAPE.sub(char, word.decode("latin-1"))


#: a line break in a folded header, before the whitespace that goes on with it
_FOLD = re.compile(r"\r?\n(?=[ \t])")


def _word_text(data: bytes, charset: str) -> str:
    """An encoded word's bytes read by its charset as mail readers read a part's text under its
    label (:func:`~indexer.sniff.decode_labelled`): ISO-8859-1 as Windows-1252 (its curly quotes
    and dashes, not C1 controls), bytes that are UTF-8 in full under a single-byte label as
    UTF-8, not "CafÃ©"; an RFC 2231 language after the charset (``utf-8*en``) left out. Under a
    charset no codec of text has (``unknown-8bit``, ``x-unknown``; ``base64``, :func:`text_codec`)
    or US-ASCII over 8-bit bytes, the bytes are sniffed, as a part's are; bytes any other codec
    does not fit (UTF-8 cut short) are read with a replacement character where they fail. The
    stdlib gave up on the whole header for any of these, and its encoded words were shown as
    written."""
    label = charset.split("*", 1)[0]
    try:
        if not text_codec(label):  # (its codec raised errors of its own, failing the whole mail)
            raise LookupError(label)
        return decode_labelled(data, label)
    except LookupError:
        return decode_text(data)[0]
    except UnicodeDecodeError:
        if codecs.lookup(label).name == "ascii":
            return decode_text(data)[0]
        return data.decode(label, "replace")


def addresses(msg: Message, name: str) -> list[str]:
    """``Name <addr>`` for each address of the header(s) ``name``; a group (RFC 5322 3.4: ``Team:
    a@x.org, b@y.org;``, ``undisclosed-recipients:;``) as one entry written as a mail reader
    shows it, its name then its members. The list is split before display names are decoded:
    an encoded word may hide a comma (``=?utf-8?Q?Doe=2C_J?=``)."""
    values = msg.get_all(name) or []
    if not values:
        return []
    texts = [str(v) for v in values]
    try:
        pairs = getaddresses(texts)
    except RecursionError:  # a pathological header (thousands of nested groups): keep it as written
        return [header_text(t) for text in texts for t in text.split(",") if t.strip()]
    out = []
    for raw_display, addr in pairs:
        display = header_text(raw_display) if raw_display else ""
        if display and addr:
            out.append(f"{display} <{addr}>")
        elif addr or display:
            out.append(addr or display)
    if any(":" in text for text in texts):
        return _grouped(texts, pairs, out) or out
    return out


_REGISTRY = HeaderRegistry()
#: a group's end and the whitespace and comments after it, which the registry does not read
#: after an empty group ("unlisted-recipients:; (no To-header on input)", as sendmail writes it)
_AFTER_GROUP = re.compile(r";\s*(?:\([^()\\]*\)\s*)*(?=,|$)")


def _grouped(texts: list[str], pairs: list[tuple[str, str]], shown: list[str]) -> list[str] | None:
    """The entries ``shown`` (one per address of ``pairs``, as :func:`getaddresses` read
    ``texts``) with the members of each group gathered under its name (``Team: a, b;``), the
    groups as the standard library's header registry reads them; None where the header has no
    group, or the two readings do not agree address for address (a malformed header)."""
    groups: list[tuple[str | None, int]] = []  # (name, members) in order
    addrs: list[str] = []
    try:
        for text in texts:
            for group in _REGISTRY("To", _AFTER_GROUP.sub(";", text)).groups:
                groups.append((group.display_name, len(group.addresses)))
                addrs.extend(a.addr_spec for a in group.addresses)
    except (AttributeError, IndexError, TypeError, ValueError, RecursionError):
        # the registry fails on some malformed lists (two groups without a comma between)
        return None
    if all(group_name is None for group_name, _ in groups):
        return None
    if any(not addr and display for display, addr in pairs) or [a for _, a in pairs if a] != addrs:
        return None
    out: list[str] = []
    members = iter(shown)
    for group_name, count in groups:
        these = [next(members) for _ in range(count)]
        if group_name is None:
            out.extend(these)
        else:
            out.append(f"{header_text(group_name)}:{' ' if these else ''}{', '.join(these)};")
    return out


def iso_date(value: str) -> str | None:
    if not value:
        return None
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return value
    text = when.isoformat()
    return text[:-6] + "Z" if text.endswith("+00:00") else text


def _ids(value: str) -> list[str]:
    return [v.strip("<>") for v in value.split() if v.strip("<>")]


@dataclass
class _Headers:
    subject: str
    sender: str
    to: list[str]
    cc: list[str]
    bcc: list[str]
    date_raw: str
    date: str | None
    message_id: str | None
    in_reply_to: list[str]
    references: list[str]

    @classmethod
    def of(cls, msg: Message) -> _Headers:
        date_raw = header_text(msg.get("Date"))
        mid = header_text(msg.get("Message-ID")).strip().strip("<>") or None
        senders = addresses(msg, "From")
        return cls(
            subject=header_text(msg.get("Subject")),
            sender=", ".join(senders) if senders else header_text(msg.get("From")),
            to=addresses(msg, "To"),
            cc=addresses(msg, "Cc"),
            bcc=addresses(msg, "Bcc"),
            date_raw=date_raw,
            date=iso_date(date_raw),
            message_id=mid,
            in_reply_to=_ids(header_text(msg.get("In-Reply-To"))),
            references=_ids(header_text(msg.get("References"))),
        )

    def paragraph(self) -> str:
        lines = []
        if self.sender:
            lines.append(f"From: {self.sender}")
        if self.to:
            lines.append(f"To: {', '.join(self.to)}")
        if self.cc:
            lines.append(f"Cc: {', '.join(self.cc)}")
        if self.date_raw:
            lines.append(f"Date: {self.date_raw}")
        if self.subject:
            lines.append(f"Subject: {self.subject}")
        return "\n".join(lines)


# -- parts -------------------------------------------------------------------------------------


def _payload(part: Message) -> bytes:
    try:
        data = part.get_payload(decode=True)
    except (ValueError, TypeError, AssertionError):
        data = None
    if isinstance(data, bytes):
        if any(isinstance(d, InvalidBase64LengthDefect) for d in part.defects):
            return _cut_base64(part.get_payload())
        return data
    raw = part.get_payload()
    return raw.encode("utf-8", "replace") if isinstance(raw, str) else b""


_NOT_BASE64 = re.compile(r"[^A-Za-z0-9+/]")


def _cut_base64(raw: Any) -> bytes:
    """A base64 payload cut short (a stray character or a last group of one letter): the stdlib
    gives back the encoded text; the whole groups before the cut are decoded instead, as mail
    readers do, so a damaged attachment is read as far as it goes. A last group of two or three
    letters holds one or two bytes, its ``=`` padding (left out here with the stray characters)
    or not: they are decoded too. The last bytes of a base64 payload whose length is no multiple
    of three were lost ("See you on Friday" read "See you on Frid")."""
    text = _NOT_BASE64.sub("", raw) if isinstance(raw, str) else ""
    whole = len(text) // 4 * 4
    last = text[whole:] if len(text) - whole > 1 else ""
    return base64.b64decode(text[:whole] + last + "=" * (-len(last) % 4))


def part_text(part: Message, data: bytes | None = None) -> str:
    """The text of a part (``data``: its bytes, when decoded already), decoded by its declared
    charset (sniffed when absent or wrong), as an Outlook message's text attachment is
    (:func:`~._attached.declared_text`); a flowed ``text/plain`` part's paragraphs rejoined as
    mail readers show them (:func:`flowed_text`)."""
    text = declared_text(_payload(part) if data is None else data, part.get_content_charset())
    ctype = part.get_content_type()
    if ctype == "text/plain" and _param(part, "format") == "flowed":
        return flowed_text(text, delsp=_param(part, "delsp") == "yes")
    if ctype == "text/enriched":
        return enriched_text(text)
    return text


#: a text/enriched text's tokens: an escaped "<", a formatting command, a run of line breaks
_ENRICHED_TOKEN = re.compile(r"<<|<(/?)([A-Za-z0-9-]{1,60})>|\n+")


def enriched_text(text: str) -> str:
    """A ``text/enriched`` text (RFC 1896) as a mail reader shows it: its formatting commands
    (``<bold>``, ``</italic>`` …) left out with the parameters they take (``<param>red</param>``),
    ``<<`` a ``<``, and its line breaks as the RFC reads them: one a space (the writer's wrap),
    a run of n of them n - 1 line breaks, inside ``<nofill>`` each one kept. Read as plain text,
    every command was a word of it."""
    out: list[str] = []
    param = nofill = 0
    pos = 0
    for m in _ENRICHED_TOKEN.finditer(text):
        if not param:
            out.append(text[pos : m.start()])
        pos = m.end()
        token, closing, command = m.group(), m.group(1), (m.group(2) or "").lower()
        if command == "param":
            param = max(param - 1, 0) if closing else param + 1
        elif command == "nofill":
            nofill = max(nofill - 1, 0) if closing else nofill + 1
        elif param or command:
            continue
        elif token == "<<":
            out.append("<")
        else:  # line breaks
            out.append(token if nofill else " " if len(token) == 1 else token[1:])
    if not param:
        out.append(text[pos:])
    return "".join(out)


#: a file uuencoded in a plain body, as mail and news programs attached files before MIME:
#: "begin", its mode and name, its lines, "end"; the encoded lines are of printable ASCII
_UUENCODED = re.compile(r"^begin [0-7]{3,4} ([^\n]+)\n((?:[ -`]{1,62}\n)*?)^end[ \t]*$\n?", re.MULTILINE)


def uuencoded_files(text: str) -> tuple[str, list[tuple[str, bytes]]]:
    """A plain body ``text`` without the files uuencoded in it, and those files (name, bytes), as
    mail readers show them: as attachments of the message. Read as text, each was lines of
    punctuation ("M4&%R=\'D@870@=&5N") in the body and no attachment."""
    if "begin " not in text:
        return text, []
    files: list[tuple[str, bytes]] = []

    def taken(m: re.Match[str]) -> str:
        data = bytearray()
        for line in m.group(2).splitlines():
            raw = line.encode("ascii")
            size = ((raw[0] - 32) & 63) if raw else 0
            if not size:
                continue
            try:  # a line some encoders pad or cut: its declared length decides, as uu's decoder does
                data += binascii.a2b_uu(raw[: (size * 4 + 5) // 3])
            except binascii.Error:
                return m.group()
        files.append((m.group(1).strip(), bytes(data)))
        return ""

    return _UUENCODED.sub(taken, text), files


def _file_part(name: str, data: bytes) -> Message:
    """A file as an attached MIME part: its type guessed from its name."""
    part = Message()
    part["Content-Type"] = mimetypes.guess_type(name)[0] or "application/octet-stream"
    part.add_header("Content-Disposition", "attachment", filename=name)
    part.set_payload(data)
    return part


def _param(part: Message, name: str) -> str:
    """A Content-Type parameter's value in lower case ("" when absent), an RFC 2231 one decoded."""
    value = part.get_param(name)
    if isinstance(value, tuple):
        value = value[2]
    return str(value or "").strip().lower()


#: RFC 3676's signature separator: it ends in a space, yet never flows into the line after it
_SIGNATURE_SEPARATOR = "-- "
#: a flowed line's quote marks: the ``>`` at its start and those following it, each after one
#: space at most, as many mail writers quote a quoted line ("> > text", depth 2); marks after a
#: space followed by a word are settled by :func:`~indexer.markdown.quote_ends` ("> >50 mg" is
#: ">50 mg" quoted once, unless the lines beside it quote at ">> " too)
_QUOTE_MARKS = re.compile(r">+(?: >+(?= |$))*")
_QUOTE_MARKS_LOOSE = re.compile(r">(?: ?>)*")


def flowed_text(text: str, delsp: bool = False) -> str:
    """A ``format=flowed`` text (RFC 3676) as mail readers show it. Its writer wraps each
    paragraph at a space it leaves at the end of a line (a soft break); read as it stands, every
    paragraph was cut into lines of 72 characters or so, wrapped again as the lines they are.
    Here a line ending in a space is joined with the next one of the same quote depth (with
    ``delsp``, DelSp=yes, that space is deleted first: it was added to break a word-less run,
    as in Japanese); the signature separator ``-- `` is never joined; a line's quote marks
    (``>`` each, a space between two of them left out: "> > text" is depth 2, as mail readers
    show it; "> >50 mg" is the text ">50 mg" at depth 1, :data:`_QUOTE_MARKS`) are read as its depth and written back as ``>>`` and a space before the
    paragraph, so that a quoted paragraph stays quoted; the space a writer stuffs before a line
    starting with a space or ``From `` is taken off. Before a line starting with ``>`` it stays:
    the depth is the count of marks at the very start of the line, before any stuffed space, so
    " >x" is the text ">x", and a ``>`` after a space is text to the Markdown written of it and to
    a plain body's reader (:func:`~._attached.plain_body`)."""
    out: list[str] = []
    pending: tuple[int, str] | None = None  # the depth and text of a paragraph flowing on
    lines = text.split("\n")
    for line, end in zip(lines, quote_ends(lines, _QUOTE_MARKS, _QUOTE_MARKS_LOOSE), strict=True):
        content = line[end:]
        depth = line.count(">", 0, end)
        if content.startswith(" ") and (depth or content[1:2] != ">"):
            # a stuffed line that starts with ">" keeps its space, the mark of a line quoting
            # nothing (as a line typed indented is): its ">" is text, its depth the marks before
            content = content[1:]
        signature = content == _SIGNATURE_SEPARATOR
        if pending is not None:
            if pending[0] == depth and not signature:
                content = pending[1] + content
            else:  # a paragraph flowing into another depth (or the separator) ends where it is
                out.append(_quoted(*pending))
            pending = None
        if content.endswith(" ") and not signature:
            pending = (depth, content[:-1] if delsp else content)
        else:
            out.append(_quoted(depth, content))
    if pending is not None:
        out.append(_quoted(*pending))
    return "\n".join(out)


def _quoted(depth: int, content: str) -> str:
    """A flowed paragraph's text after its quote marks, ``>`` per level and a space."""
    if not depth:
        return content
    return f"{'>' * depth} {content}" if content else ">" * depth


#: a delivery report's fields (RFC 3464, RFC 6533)
_DELIVERY_STATUS = frozenset({"message/delivery-status", "message/global-delivery-status"})
_GROUP_ENCODING = re.compile(
    r"^content-transfer-encoding[ \t]*:[ \t]*(base64|quoted-printable)[ \t]*$", re.IGNORECASE | re.MULTILINE
)
_ENCODING_FIELD = re.compile(
    r"^content-(?:transfer-encoding|length)[ \t]*:[^\n]*\n?", re.IGNORECASE | re.MULTILINE
)
_GROUP_BREAK = re.compile(r"\n[ \t]*\n")


def delivery_status_text(text: str) -> str:
    """The text of a delivery report's fields (``message/delivery-status``: a group of fields on
    the message, then one group per recipient, a blank line between). Some mail systems encode
    the recipients' groups, ending the first group with a ``Content-Transfer-Encoding`` field as
    if it were a part's header: the text after it is decoded (base64 or quoted-printable), and
    that field and the ``Content-Length`` beside it, which tell how the groups were sent and
    nothing of the delivery, are left out. The report said which address failed and why in
    base64 ("RmluYWwtUmVjaXBpZW50…" for "Final-Recipient: …")."""
    parts = _GROUP_BREAK.split(text, 1)
    encoding = _GROUP_ENCODING.search(parts[0]) if len(parts) == 2 else None
    if encoding is None:
        return text
    head, rest = parts
    if encoding.group(1).lower() == "base64":
        data = _cut_base64(rest)
    else:
        data = quopri.decodestring(rest.encode("utf-8", "surrogateescape"))
    return f"{_ENCODING_FIELD.sub('', head).rstrip()}\n\n{declared_text(data, None)}"


def html_text(part: Message) -> str:
    """The text of an HTML part, a body or an attached page: by its declared charset when that
    one decodes it, else by the charset the page names (its ``<meta>``), else sniffed, as an
    Outlook message's HTML and an .html file are read (:func:`~._attached.page_text`)."""
    return page_text(_payload(part), part.get_content_charset())


def _filename(part: Message) -> str | None:
    """A part's file name (Content-Disposition's ``filename``, else Content-Type's ``name``),
    encoded words decoded; an RFC 2231 value's bytes read by its charset as an encoded word's
    are (:func:`_word_text`: UTF-8 under ISO-8859-1 as UTF-8, not "GrÃ¼ÃŸe.txt", ISO-8859-1 as
    Windows-1252, none named sniffed), where the stdlib read them strictly by it. Of a plain
    value and an RFC 2231 one given together (``filename="EUR.pdf"; filename*=utf-8''%E2%82%AC.pdf``)
    the RFC 2231 one is read (the rule RFC 6266 4.3 gives for HTTP); the stdlib took the first."""
    try:
        value = _name_param(part, "filename", "content-disposition")
        if value is None:
            value = _name_param(part, "name", "content-type")
        if isinstance(value, tuple):
            charset, data = value
            name = _word_text(data, charset or "us-ascii")
        else:
            name = collapse_rfc2231_value(value) if value is not None else None
    except (HeaderParseError, LookupError, UnicodeError, ValueError, TypeError):
        return None
    name = name.strip() if name else None
    return header_text(name) if name else None


#: stand-ins for the characters of Latin-1's range (U+0080 to U+00FF) a header writes as they are,
#: while the stdlib reads its parameters, where they would be taken for the octets of %-escapes:
#: U+F780 to U+F7FF, in the Private Use Area
_STAND_IN = 0xF700
_STOOD_IN = re.compile("[\uf780-\uf7ff]")


def _name_param(part: Message, name: str, header: str) -> str | tuple[str, bytes] | None:
    """The parameter ``name`` of the header ``header``: its RFC 2231 value where it has one
    (its charset and its bytes), else its plain value. The stdlib gives an extended value as the
    octets of its %-escapes, one character each, among the characters written as they are (raw
    UTF-8 in ``filename*=UTF-8''€.pdf``, decoded with the header); those are read as their
    UTF-8 bytes (€ read "\\u20ac", an ü the one byte FC, not UTF-8, before)."""
    raw = str(part.get(header, ""))
    if not raw.isascii():
        part = Message()
        part[header] = "".join(chr(_STAND_IN + ord(c)) if 0x80 <= ord(c) <= 0xFF else c for c in raw)
    params = part.get_params(None, header) or []
    values = [v for key, v in params if key.lower() == name]
    value = next((v for v in values if isinstance(v, tuple)), values[0] if values else None)
    if isinstance(value, tuple):
        charset, _, text = value
        octets = b"".join(
            bytes((ord(c),)) if ord(c) <= 0xFF else _stood_in(c).encode("utf-8", "surrogatepass")
            for c in text
        )
        return charset or "", octets
    return _STOOD_IN.sub(lambda m: _stood_in(m.group()), value) if value is not None else None


def _stood_in(c: str) -> str:
    """The character the stand-in ``c`` (:data:`_STAND_IN`) stands for; any other itself."""
    return chr(ord(c) - _STAND_IN) if _STOOD_IN.fullmatch(c) else c


def _is_attachment(part: Message) -> bool:
    disposition = str(part.get("Content-Disposition", "")).split(";", 1)[0].strip().lower()
    return disposition == "attachment" or (disposition != "inline" and _filename(part) is not None)


def _content_id(part: Message) -> str | None:
    cid = part.get("Content-ID")
    return header_text(cid).strip().strip("<>") or None if cid else None


def _content_location(part: Message, name: str = "Content-Location") -> str | None:
    """The URL an MHTML part is known by (``Content-Location``, RFC 2557; folded, so without
    its spaces; quotes some writers put around it left out), or the ``Content-Base`` it names."""
    location = part.get(name)
    return header_text(location).replace(" ", "").strip("\"'") or None if location else None


def _url_key(url: str, base: str | None) -> str:
    """A URL as an ``<img src>`` and a ``Content-Location`` are matched (RFC 2557 section 5):
    resolved against the base of the page (its ``Content-Base`` or ``Content-Location``), the
    scheme and host in lower case, %-escapes decoded, without a ``#fragment``."""
    url = url.strip().strip("\"'")
    try:
        if base:
            url = urljoin(base, url)
        parts = urlsplit(url)
    except ValueError:  # a malformed address ("http://[x")
        return url
    return urlunsplit((parts.scheme.lower(), parts.netloc.lower(), unquote(parts.path), parts.query, ""))


def _page_base(msg: Message) -> str | None:
    """The base URL of a message's HTML body (RFC 2557): the ``Content-Base`` or absolute
    ``Content-Location`` of its first HTML part, else of the multipart/related around it."""
    stack, related = [msg], []
    while stack:
        part = stack.pop(0)
        ctype = part.get_content_type()
        if part.is_multipart():
            if ctype == "multipart/related":
                related.append(part)
            if part.get_content_maintype() != "message" or part is msg:
                stack.extend(c for c in part.get_payload() or [] if isinstance(c, Message))
        elif ctype == "text/html":
            for holder in (part, *reversed(related)):
                for name in ("Content-Base", "Content-Location"):
                    base = _content_location(holder, name)
                    if base and _ABSOLUTE.match(base):
                        return base
            return None
    return None


_ABSOLUTE = re.compile(r"[A-Za-z][A-Za-z0-9+.-]+:")  # a scheme (two letters at least: not C:)


@dataclass
class _Message:
    """What one message contributes: its blocks (before message metadata is added)."""

    index: int
    headers: _Headers
    depth: int = 0  # 0 for the file's messages, 1 for a message attached to one …
    body: list[Block] = field(default_factory=list)
    attachments: list[Block] = field(default_factory=list)
    images: list[Block] = field(default_factory=list)  # image blocks not referenced by the body
    #: for each of ``images``, the keys its part is shown by: ``cid:`` its Content-ID (lower
    #: case), ``loc:`` its Content-Location (_url_key); a part the body shows is not listed again
    image_keys: list[frozenset[str]] = field(default_factory=list)
    cids: dict[str, str] = field(default_factory=dict)  # content-id (lower case) → image name
    locations: dict[str, str] = field(default_factory=dict)  # content-location (_url_key) → image name
    base: str | None = None  # the base URL of its HTML body (_page_base)
    image_cids: frozenset[str] = frozenset()  # lower-case Content-IDs of its image parts
    attachment_count: int = 0
    image_count: int = 0
    #: the invitations sent as an alternative of its body (text/calendar): where in ``body``
    #: each goes, and its text, read once the whole message is walked (:meth:`_Reader.invitations`)
    calendars: list[tuple[int, str]] = field(default_factory=list)
    #: the texts of the calendars attached to it as files (an ``invite.ics``), normalised
    attached_calendars: set[str] = field(default_factory=set)

    @property
    def level(self) -> int:
        """The level of the message's heading: a nested message sits below its parent."""
        return min(self.depth + 1, 6)


class _Reader:
    """Walks messages and parts, collecting blocks, images and coverage for one file."""

    def __init__(self, ctx: ExtractContext) -> None:
        self.ctx = ctx
        self.messages: list[_Message] = []
        self.images: dict[str, Image] = {}
        self.by_bytes: dict[tuple[int, int], Image] = {}  # the message's own images (met_before)
        self.skipped: list[Skipped] = []
        self.indexed: list[str] = []  # the attachments read (Coverage.attachments_indexed)
        self.truncated: list[str] = []
        self.warnings: list[str] = []
        self.notes: list[str] = []
        self.removed: list[str] = []  # what attached files read with their own extractor removed
        self.attacher = Attacher(ctx)  # sets the attached files aside (see :meth:`attached`)
        # the HTML part of a multipart/related alternative read to choose it, and its blocks
        self.html_read: tuple[Message, tuple[list[Block], list[Skipped]]] | None = None

    def warn(self, text: str) -> None:
        if text not in self.warnings:
            self.warnings.append(text)

    def plain(self, text: str, record: _Message) -> list[Block]:
        """The blocks of a plain-text part of ``record``, read as an Outlook message's plain body
        is (:func:`~._attached.plain_body`), its inline OpenPGP blocks as their text
        (:func:`~._smime.inline_pgp`)."""
        text, signed, encrypted = inline_pgp(text)
        if signed and SIGNED_NOTE not in self.notes:
            self.notes.append(SIGNED_NOTE)
        if encrypted:
            self.warn(PGP_ENCRYPTED_WARNING)
        return plain_body(text, self.skipped, self.images, self.by_bytes, {"message_index": record.index})

    # -- messages -----------------------------------------------------------------------------

    def message(self, msg: Message, depth: int = 0) -> _Message:
        record = _Message(
            len(self.messages) + 1, _Headers.of(msg), depth, image_cids=_image_cids(msg), base=_page_base(msg)
        )
        self.messages.append(record)
        if msg.get_content_type() in _CARD_TYPES and not _is_attachment(msg):
            # a card or a calendar sent as the whole message is its body: read as the same text
            # sent as text/plain is, as a .vcf or .ics file is, not as a file attached to nothing
            record.body.extend(_below(self.plain(part_text(msg), record), record.level))
        else:
            self.part(msg, record)
            self.invitations(record)
        return record

    def invitations(self, record: _Message) -> None:
        """The calendars sent as an alternative of ``record``'s body (a meeting invitation's
        text/calendar beside its text/plain and text/html) put in its body where they were met,
        read as a .ics file is, less the text properties (SUMMARY, DESCRIPTION, LOCATION …) whose
        value its subject or body already gives: the date, the place and the people a mail reader
        shows in its invitation panel are in no other part, the agenda mostly is. One attached to
        the message as a file too (Gmail's ``invite.ics``) is read there only."""
        for at, text in reversed(record.calendars):
            if _calendar_key(text) in record.attached_calendars:
                continue
            given = _WS.sub(" ", " ".join([record.headers.subject, *(b.text for b in record.body)]))
            blocks = []
            for block in _below(self.plain(text, record), record.level):
                if block.kind == PARAGRAPH:
                    kept = [line for line in block.text.split("\n") if not _given_property(line, given)]
                    block = replace(block, text="\n".join(kept))
                if block.text.strip() or block.kind == IMAGE:
                    blocks.append(block)
            record.body[at:at] = blocks

    def part(self, part: Message, record: _Message) -> None:
        ctype = part.get_content_type()
        if part.is_multipart():
            children = [c for c in (part.get_payload() or []) if isinstance(c, Message)]
            if ctype == "message/rfc822" or ctype == "message/global":
                for child in children:
                    self.message(child, record.depth + 1)
                return
            if ctype == "multipart/signed" and SIGNED_NOTE not in self.notes:
                self.notes.append(SIGNED_NOTE)
            if ctype == "multipart/alternative" and children:
                chosen, read = _choose_alternative(children, record.image_cids)
                if read is not None and read[0] is chosen:  # the HTML part, already read
                    blocks, dropped = read[1]
                    record.body.extend(_below(blocks, record.level))
                    self.skipped.extend(body_entries(dropped))
                else:
                    # a multipart/related read with its HTML part's blocks, read once
                    self.html_read = read
                    self.part(chosen, record)
                    self.html_read = None
                for other in children:
                    if other is chosen:
                        continue
                    if other.get_content_type() == "text/calendar" and not _is_attachment(other):
                        record.calendars.append((len(record.body), part_text(other)))
                    else:
                        self.images_only(other, record)
                return
            for child in children:
                self.part(child, record)
            return
        maintype = ctype.split("/", 1)[0]
        if maintype == "multipart":  # a multipart without parts
            return
        if ctype in ENCRYPTED_TYPES and _enveloped(part):
            self.warn(ENCRYPTED_WARNING)
        name = _filename(part)
        if maintype == "image":
            self.image(part, record, name)
        elif _is_attachment(part):
            record.attachment_count += 1
            self.attachment(part, record, name or ctype, ctype)
        elif ctype == "text/html":
            # with the link targets a plain body writes out, as when the HTML replaces the plain one
            if self.html_read is not None and self.html_read[0] is part:
                (blocks, dropped), self.html_read = self.html_read[1], None
            else:
                blocks, dropped = html_blocks(html_text(part), links=True, mail=True)
            record.body.extend(_below(blocks, record.level))
            self.skipped.extend(body_entries(dropped))
        elif ctype in MARKDOWN_TYPES:
            # Markdown sent as the message's text: its headings, lists and code blocks read by the
            # Markdown reader, as a .md file attached is (the message's text: it has no front matter)
            record.body.extend(_below(markdown_blocks(part_text(part)), record.level))
        elif textual(ctype) and maintype == "text" and ctype not in _NOT_BODY_TEXT:
            text, files = uuencoded_files(part_text(part)) if ctype == "text/plain" else (part_text(part), [])
            record.body.extend(_below(self.plain(text, record), record.level))
            for file_name, data in files:  # attachments written into the text (uuencode)
                self.part(_file_part(file_name, data), record)
        else:
            record.attachment_count += 1
            self.attachment(part, record, name or ctype, ctype)

    def images_only(self, part: Message, record: _Message) -> None:
        if part.is_multipart():
            for child in part.get_payload() or []:
                if isinstance(child, Message):
                    self.images_only(child, record)
        elif part.get_content_maintype() == "image":
            self.image(part, record, _filename(part))

    # -- attachments and images ---------------------------------------------------------------

    def attachment(self, part: Message, record: _Message, name: str, ctype: str) -> None:
        data = _payload(part)  # decoded once for what is told from its bytes and for its reading
        if _CALENDAR.match(data[:64]):  # as text/calendar, application/ics or octet-stream
            record.attached_calendars.add(_calendar_key(part_text(part, data)))
        if svg_picture(data):
            # an SVG sent as another type (application/octet-stream, text/xml) is a picture of
            # the message, as an image/svg+xml part is and as an Outlook message's is, not XML text
            record.attachment_count -= 1
            self.image(part, record, _filename(part))
            return
        if as_text(name, ctype):
            text = part_text(part, data)
            if ctype in _DELIVERY_STATUS:
                text = delivery_status_text(text)
            if PROPERTY_LINES.match(text):
                # a contact card or a calendar is read as a .vcf or .ics file is: its pictures
                # images, its other binary values skipped entries, never text; in the charset its
                # type declares, as its text was matched
                data = in_declared_charset(data, name, ctype, part.get_content_charset())
                self.attached(data, record, name, ctype, f"{ctype} attachments are not indexed")
                return
            lost: list[Skipped] = []  # its margin line numbers, listed if it is placed
            blocks = attached_text(name, ctype, html_text(part) if web_page(name, ctype) else text, lost)
            if blocks:
                # its blocks say the file they come from, as those of a file read with its own
                # extractor and of an Outlook message's text attachment do
                level = min(record.level + 1, 6)
                heading = Block(HEADING, f"Attachment: {name}", level=level, meta={"attachment": name})
                blocks = [heading] + [
                    replace(b, meta={**b.meta, "attachment": name}) for b in _below(blocks, level)
                ]
                # placed once every message is walked, if the text limit leaves it room
                record.attachments.append(self.attacher.defer_read(self, name, blocks, lost))
                return
            self.skipped.append(Skipped("attachment", name, "attachment holds no text", on_purpose=True))
            return
        if _web_picture(data) is not None:
            # a picture sent under another type (application/octet-stream) is an image of the
            # message, shown as its image/* parts are, not an attached file under its heading
            record.attachment_count -= 1
            self.image(part, record, _filename(part))
            return
        reason = f"{ctype} attachments are not indexed"
        if ctype == "application/ms-tnef" or name.lower() == "winmail.dat":
            if self.tnef(data, record, name):
                return
            held = tnef_attachment_names(data)
            if held:
                more = f" and {len(held) - _TNEF_LISTED} more" if len(held) > _TNEF_LISTED else ""
                reason += f"; it holds {', '.join(held[:_TNEF_LISTED])}{more}"
        elif not _sealed(name, ctype):
            # (a file its extractor reads as text, a table, JSON, Markdown, in the charset its type declares)
            data = in_declared_charset(data, name, ctype, part.get_content_charset())
            self.attached(data, record, name, ctype, reason)
            return
        # a detached signature holds no text of the message: nothing a reader would miss
        self.skipped.append(Skipped("attachment", name, reason, on_purpose=ctype in SIGNATURE_TYPES))

    def attached(self, data: bytes, record: _Message, name: str, ctype: str, reason: str) -> None:
        """A file attached to the message read with the extractor of its type, placed after the
        body under its ``Attachment: name`` heading (see :mod:`._attached`). It is read once
        every message has been walked (:meth:`read_attachments`): the text of the messages after
        it is reserved in the text limit before it."""
        slot = self.attacher.defer(
            self,
            data,
            name,
            level=min(record.level + 1, 6),
            meta=_message_meta(record),
            ctype=ctype,
            unsupported=reason,
            taken=self.images,
            image_meta={"message_index": record.index},  # as the message's own pictures
        )
        record.attachments.append(slot)

    def read_attachments(self, owns: list[_Own]) -> None:
        """Read the attached files :meth:`attached` set aside, the messages' own text (``owns``,
        one per message) reserved first, each in the place it was met."""
        if not self.attacher.pending:
            return
        own = sum(_own_chars(record, own) for record, own in zip(self.messages, owns, strict=True))
        placed = self.attacher.read_deferred(own, self)
        for record in self.messages:
            record.attachments = put_in_place(record.attachments, placed)

    def tnef(self, data: bytes, record: _Message, name: str) -> bool:
        """Read a TNEF part (``winmail.dat``, Outlook's rich-text form of the message) as what it
        holds: its body when the message has none of its own, an appointment's, a meeting's or a
        task's fields (:func:`_tnef_fields`), its attachments as the message's,
        counted in its place (embedded messages nested below it). False when the part cannot be
        read as TNEF."""
        tnef = read_tnef(data)
        if tnef is None:
            return False
        body = None
        if not any(b.kind != IMAGE and b.text.strip() for b in record.body):
            body = _tnef_body(tnef)
        given = " ".join([record.headers.subject, *(b.text for b in record.body)])
        fields = _tnef_fields(tnef, _WS.sub(" ", given) + _fields_given("", body))
        if body is None and not tnef.attachments and not fields:
            self.skipped.append(
                Skipped(
                    "attachment",
                    name,
                    "the TNEF part holds no attachment; the body is read from the message's other parts",
                    on_purpose=True,
                )
            )
            return True
        self.indexed.append(name)  # before the attachments it holds
        record.attachment_count -= 1
        if fields:  # an appointment's, a meeting's or a task's (read by no other part)
            self.part(_text_part("text/plain", fields), record)
        if body is not None:
            self.part(body, record)
        for att in tnef.attachments:
            self.part(_tnef_attachment(att, record.depth + 1), record)
        return True

    def image(self, part: Message, record: _Message, name: str | None) -> None:
        """An image/* part of ``record``, or a part its bytes show to be a web picture."""
        data = _payload(part)
        subtype = part.get_content_subtype() if part.get_content_maintype() == "image" else None
        ext = "jpg" if subtype in ("jpeg", "jpg", "pjpeg") else subtype or _web_picture(data)
        record.image_count += 1
        label = name or f"msg{record.index}_image_{record.image_count}.{ext}"
        admitted = admit(
            data,
            ext,
            source_name=label,
            alt=name,
            meta={"message_index": record.index},
            keep_source_name=True,
        )
        if isinstance(admitted, Skipped):
            self.skipped.append(admitted)
            return
        existing = self.images.get(admitted.name)
        if existing is not None and existing.data != admitted.data:  # same file name, other bytes
            admitted = replace(admitted, name=f"msg{record.index}_{admitted.name}")
        admitted = met_before(self.by_bytes, admitted)
        self.images.setdefault(admitted.name, admitted)
        keys = set()
        cid = _content_id(part)
        if cid:
            record.cids[cid.lower()] = admitted.name
            keys.add(f"cid:{cid.lower()}")
        location = _content_location(part)
        if location:
            record.locations[_url_key(location, record.base)] = admitted.name
            keys.add(f"loc:{_url_key(location, record.base)}")
        block = Block(IMAGE, f"[Image: {name or admitted.name}]", alt=name, images=(admitted.name,))
        record.images.append(block if not cid else replace(block, meta={"cid": cid}))
        record.image_keys.append(frozenset(keys))


def _web_picture(data: bytes) -> str | None:
    """The extension of the web picture (PNG, JPEG, GIF, WebP) ``data`` is, by its bytes, or None."""
    fmt = sniff_image_format(data)
    ext = "jpg" if fmt == "jpeg" else fmt
    return ext if ext in EXTRACTED_FORMATS else None


def _below(blocks: list[Block], level: int) -> list[Block]:
    """``blocks`` with their headings moved below a heading of ``level`` (capped at 6): a body's
    ``<h1>`` must not take the place of the message's subject."""
    return [replace(b, level=min(b.level + level, 6)) if b.kind == HEADING else b for b in blocks]


#: The iCalendar properties whose value is text a person wrote (RFC 5545 §3.8.1), which a
#: meeting invitation's body gives too; Outlook's X-ALT-DESC is its DESCRIPTION in HTML.
_TEXT_PROPERTIES = frozenset({"SUMMARY", "DESCRIPTION", "LOCATION", "COMMENT", "X-ALT-DESC"})
_CALENDAR = re.compile(rb"\s*BEGIN:VCALENDAR\s", re.I)
#: a property line: its name, its parameters (a quoted one may hold a colon), its value
_PROPERTY = re.compile(r'([A-Za-z0-9-]+)((?:;(?:"[^"]*"|[^":;])*)*):(.*)', re.S)
_ICAL_ESCAPE = re.compile(r"\\([\\;,nN])")


def _calendar_key(text: str) -> str:
    """A calendar's text as compared with another's: the same invitation sent as an alternative
    and attached as a file differs at most in its line ends and its trailing blank lines."""
    return text.replace("\r\n", "\n").strip()


def _given_property(line: str, given: str) -> bool:
    """Whether the property ``line`` (``NAME;PARAM=…:value``, as :mod:`._properties` reads it)
    is a text property whose value, unescaped (``\\,`` a comma, ``\\n`` a line break), is in
    ``given`` (whitespace collapsed); an HTML value (X-ALT-DESC) by its text."""
    m = _PROPERTY.match(line)
    if m is None or m.group(1).upper() not in _TEXT_PROPERTIES:
        return False
    value = _ICAL_ESCAPE.sub(lambda e: " " if e.group(1) in "nN" else e.group(1), m.group(3))
    if "FMTTYPE=TEXT/HTML" in m.group(2).upper():
        value = " ".join(b.text for b in html_blocks(value)[0])
    value = _WS.sub(" ", value).strip()
    return bool(value) and value in given


def _choose_alternative(
    children: list[Message], cids: Collection[str]
) -> tuple[Message, tuple[Message, tuple[list[Block], list[Skipped]]] | None]:
    """The alternative read as the body: the text one, unless it is empty or the HTML one carries
    structure it cannot (``prefers_html``); with the HTML part (the alternative or the HTML of its
    multipart/related) and its blocks and what it left out
    (:func:`~indexer.formats.html.html_blocks`) when they were read to decide.

    The text one is a Markdown alternative (``text/markdown``, ``text/x-markdown``) where there is
    one with text, else the plain one. RFC 2046 puts the sender's preferred form last, nearly
    always the HTML one, which is read only where it shows what the text cannot (a data table, an
    inline picture), as over a plain one. A Markdown alternative is the plain text with its
    headings, lists and code blocks marked, the source the HTML one is mostly made from: it loses
    no word of the plain one, so it is read in its place wherever it stands among them, and the
    HTML one is weighed against its text."""
    plain = next(
        (c for c in children if c.get_content_type() == "text/plain" and not _is_attachment(c)), None
    )
    marked = next(
        (
            c
            for c in children
            if c.get_content_type() in MARKDOWN_TYPES and not _is_attachment(c) and _payload(c).strip()
        ),
        None,
    )
    text = marked or plain
    rich = next((c for c in children if _html_part(c) is not None), None)
    if text is None or (rich is not None and not _payload(text).strip()):
        # a plain alternative of nothing (some writers send an empty one beside the HTML) is
        # not the body: it showed none, the HTML holding all the message says
        return rich or children[-1], None
    html_part = _html_part(rich) if rich is not None else None
    if html_part is not None:
        html = html_text(html_part)
        if html_structure(html):
            read = html_blocks(html, links=True, mail=True)  # the targets the plain text writes out
            words = part_text(text)
            if text is marked:  # its words, not its marks and link targets
                words = "\n".join(b.text for b in markdown_blocks(words))
            if prefers_html(words, read[0], cids):
                return rich, (html_part, read)
    return text, None


def _image_cids(msg: Message) -> frozenset[str]:
    """The Content-IDs (lower case) of a message's web images (the image parts that are
    extracted: png, jpeg, gif, webp), not those of attached messages."""
    out: set[str] = set()
    stack = [msg]
    while stack:
        part = stack.pop()
        if part.is_multipart():
            if part.get_content_maintype() != "message" or part is msg:
                stack.extend(c for c in part.get_payload() or [] if isinstance(c, Message))
        elif part.get_content_type() in _WEB_IMAGE_TYPES:
            cid = _content_id(part)
            if cid:
                out.add(cid.lower())
    return frozenset(out)


def _html_part(part: Message) -> Message | None:
    """The HTML body of an alternative: a text/html part, or the first one of a multipart/related."""
    ctype = part.get_content_type()
    if ctype == "text/html" and not _is_attachment(part):
        return part
    if ctype == "multipart/related" and part.is_multipart():
        for child in part.get_payload() or []:
            if isinstance(child, Message) and child.get_content_type() == "text/html":
                return child
    return None


# -- plain or HTML -----------------------------------------------------------------------------

_TABLE_TAG = re.compile(r"<(/?)table\b", re.IGNORECASE)
_TABLE_TAG_BYTES = re.compile(rb"<(/?)table\b", re.IGNORECASE)
#: The ``=`` of a ``src=cid:`` image source and what follows it, ``cid`` ignoring case (the
#: letters each matches ignoring case written out: the pattern starts with a plain ``=``, which
#: the search skips ahead to); what comes before it is :func:`_src_before`'s to tell
_CID_VALUE = re.compile("=\\s*[\"']?\\s*[cC][iI\u0130\u0131][dD]:")
_CID_SRC_BYTES = re.compile(rb"\bsrc\s*=\s*[\"']?\s*cid:", re.IGNORECASE)
#: How a plain body renders what HTML keeps in attributes: ``<http://…>`` links, ``[cid:…]`` images.
_PLAIN_REFERENCE = re.compile(r"<(?:https?|mailto|ftp|file|cid):[^>\s]*>|\[cid:[^\]\s]*\]", re.IGNORECASE)
_WORD = re.compile(r"\w+")
#: The bytes of an ASCII text, each character ``\w`` does not match made a space (:func:`_words`).
_ASCII_NOT_WORD = bytes(c if c < 128 and _WORD.fullmatch(chr(c)) else 32 for c in range(256))
#: A table cell longer than this holds prose: the table lays out the page.
DATA_CELL_CHARS = 200
#: Share of the plain body's words the HTML body must hold to replace it.
HTML_WORD_RECALL = 0.95
#: A line of the plain body with this many words, none in the HTML body, keeps the plain body.
PLAIN_LINE_WORDS = 3


def html_structure(markup: str | bytes) -> bool:
    """Whether an HTML body (or the RTF that encapsulates it) may carry structure a plain body
    cannot: a ``<table>`` or a ``cid:`` image, and no table inside a table (a page laid out with
    tables, as newsletters are). A quick scan of the markup, before it is parsed."""
    tags = _TABLE_TAG_BYTES if isinstance(markup, bytes) else _TABLE_TAG
    depth = tables = 0
    for m in tags.finditer(markup):  # type: ignore[arg-type]
        if m.group(1):
            depth = max(depth - 1, 0)
            continue
        depth += 1
        tables += 1
        if depth > 1:
            return False
    if tables:
        return True
    if isinstance(markup, bytes):
        return _CID_SRC_BYTES.search(markup) is not None
    return _cid_source(markup)


def _cid_source(markup: str) -> bool:
    """Whether ``markup`` holds a ``cid:`` image source: ``\\bsrc\\s*=\\s*["']?\\s*cid:`` ignoring
    case, found from the ``=`` (:data:`_CID_VALUE`) back, where that pattern's search tested
    every ``s`` of the page (in a page, the source is mostly near the end)."""
    return any(_src_before(markup, m.start()) for m in _CID_VALUE.finditer(markup))


def _src_before(markup: str, end: int) -> bool:
    """Whether ``markup[:end]`` ends in ``\\bsrc\\s*`` ignoring case: blanks (``\\s``, as
    :meth:`str.isspace` tells), before them ``src`` in the letters each matches ignoring case
    (s, S and the long s; r, R; c, C), and before that no word character (``\\w``: a letter or
    digit as :meth:`str.isalnum` tells, or ``_``)."""
    at = end
    while at and markup[at - 1].isspace():
        at -= 1
    if at < 3 or markup[at - 3] not in "sS\u017f" or markup[at - 2] not in "rR" or markup[at - 1] not in "cC":
        return False
    before = markup[at - 4] if at > 3 else ""
    return not (before.isalnum() or before == "_")


def _words(text: str) -> set[str]:
    """The words of ``text`` (``\\w+``). An ASCII text (nearly every mail's) has its other
    characters made spaces and is split at them: the same words, found about three times faster
    than by the pattern."""
    if text.isascii():
        return set(text.encode("ascii").translate(_ASCII_NOT_WORD).decode("ascii").split())
    return set(_WORD.findall(text))


def _data_table(block: Block) -> bool:
    """A table of data: two rows or more with two cells of text or more, no cell of prose."""
    rows = [block.header, *block.rows] if block.header else block.rows
    if any(len(cell) > DATA_CELL_CHARS for row in rows for cell in row):
        return False
    return sum(1 for row in rows if sum(1 for cell in row if cell.strip()) >= 2) >= 2


def prefers_html(
    plain: str, blocks: list[Block], cids: Collection[str] = (), key: Callable[[str], str | None] = cid_key
) -> bool:
    """Whether the HTML alternative of a body (read as ``blocks``) is read instead of the plain
    one: it holds a data table or places in the text a ``cid:`` image the message holds (one of
    ``cids``, lower-case Content-IDs; or the keys ``key`` gives an image's source, an Outlook
    message's pictures by their Content-Location too), every table of it is a data table (not
    one laying out prose), and it keeps the plain text's words (at least ``HTML_WORD_RECALL`` of
    them, links aside, and a word of every line of ``PLAIN_LINE_WORDS`` words or more), so
    nothing is lost by the switch."""
    tables = [b for b in blocks if b.kind == TABLE]
    if any(not _data_table(b) for b in tables):
        return False
    cid = any(b.kind == IMAGE and key(str(b.meta.get("src", ""))) in cids for b in blocks)
    if not tables and not cid:
        return False
    if "<" in plain or "[" in plain:  # where a reference may start (the pattern's search is slow)
        plain = _PLAIN_REFERENCE.sub(" ", plain)
    plain = plain.casefold()
    wanted = _words(plain)
    if not wanted:
        return True
    found = _words("\n".join(b.text for b in blocks).casefold())
    if len(wanted & found) < HTML_WORD_RECALL * len(wanted):
        return False
    if wanted <= found:  # every line keeps all its words (the usual case): no need to look at lines
        return True
    # a line of the plain body of which the HTML holds no word (a footer, a notice only the plain
    # part carries) would be lost by the switch, however few words it has among the others
    return not any(
        len(words) >= PLAIN_LINE_WORDS and found.isdisjoint(words)
        for words in map(_words, plain.splitlines())
    )


# -- TNEF (winmail.dat) -----------------------------------------------------------------------

_TNEF_SIGNATURE = b"\x78\x9f\x3e\x22"
_TNEF_LISTED = 20  # names given in a skip reason
_ATT_ATTACH_RENDDATA = 0x00069002  # starts each attachment
_ATT_ATTACH_TITLE = 0x00018010  # its (often 8.3) file name
_ATT_ATTACHMENT = 0x00069005  # its MAPI properties
_PR_DISPLAY_NAME = 0x3001
_PR_ATTACH_LONG_FILENAME = 0x3707
#: Bytes of a single fixed-size MAPI value as TNEF writes it (2-byte values padded to 4).
_MAPI_FIXED = {
    0x0002: 4,
    0x0003: 4,
    0x0004: 4,
    0x0005: 8,
    0x0006: 8,
    0x0007: 8,
    0x000A: 4,
    0x000B: 4,
    0x0014: 8,
    0x0040: 8,
    0x0048: 16,
}
_MAPI_VARIABLE = frozenset({0x000D, 0x001E, 0x001F, 0x0102})


#: A TNEF stream of more attributes than this is not handed to tnefparse (which copies the rest
#: of the stream for each attribute): an Outlook message writes a dozen, and about six per
#: attachment. Its attachments are then only named.
TNEF_MAX_ATTRIBUTES = 5000
#: Embedded messages inside embedded messages of a TNEF part read before the rest is left out
TNEF_MAX_DEPTH = 12
_TNEF_ERRORS = (
    ValueError,
    TypeError,
    IndexError,
    KeyError,
    LookupError,
    AttributeError,
    AssertionError,
    OverflowError,
    RecursionError,
    UnboundLocalError,  # an attachment attribute before any attachment starts
    struct.error,
)


def read_tnef(data: bytes) -> Any | None:
    """A TNEF stream read by tnefparse (``tnefparse.TNEF``: body, HTML and RTF bodies,
    attachments, embedded messages); None when it is not one, is damaged or cut, fails
    :func:`_tnef_bounded`, or tnefparse is not installed."""
    if not _tnef_bounded(data, 0):
        return None
    try:
        from tnefparse import TNEF
    except ImportError:
        return None
    logging.getLogger("tnefparse").setLevel(logging.CRITICAL)
    try:
        return TNEF(data, do_checksum=False)
    except _TNEF_ERRORS:
        return None


_ATT_MSG_PROPS, _ATT_RECIP_TABLE, _ATT_ATTACHMENT_PROPS = 0x9003, 0x9004, 0x9005  # low 16 bits
_IID_IMESSAGE = b"\x07\x03\x02\x00\x00\x00\x00\x00\xc0\x00\x00\x00\x00\x00\x00\x46"
#: Bytes of one value of each fixed-size MAPI type, as tnefparse reads them.
_MAPI_SIZES = {0x0002: 2, 0x000B: 2, 0x0003: 4, 0x0004: 4, 0x000A: 4}
_MAPI_SIZES |= dict.fromkeys((0x0005, 0x0007, 0x0006, 0x0014, 0x0040), 8) | {0x0048: 16}
_MAPI_COUNTED = frozenset({0x0000, 0x000D, 0x001E, 0x001F, 0x0102})  # values with a byte count


def _tnef_bounded(data: bytes, depth: int) -> bool:
    """Whether tnefparse can be handed a TNEF stream without running away. It trusts the counts
    a stream declares (4 billion properties are looped over one by one past the end of the
    data) and copies the rest of the stream for each attribute, so a stream is handed to it
    only when: at most :data:`TNEF_MAX_ATTRIBUTES` attributes, copies of at most 1 GiB, every
    property list (message properties, attachment properties, recipient rows) read to its
    declared count within its attribute, and embedded messages the same, at most
    :data:`TNEF_MAX_DEPTH` deep."""
    if not data.startswith(_TNEF_SIGNATURE) or depth > TNEF_MAX_DEPTH:
        return False
    copied = 0
    for count, (_, attribute, start, length) in enumerate(_tnef_attributes(data), 1):
        copied += len(data) - start
        if count > TNEF_MAX_ATTRIBUTES or copied > 1 << 30:
            return False
        name = attribute & 0xFFFF
        if name not in (_ATT_MSG_PROPS, _ATT_RECIP_TABLE, _ATT_ATTACHMENT_PROPS):
            continue
        value = data[start : start + length]
        if name != _ATT_RECIP_TABLE:
            if _mapi_end(value, 0, depth) is None:
                return False
            continue
        if len(value) < 4 or (rows := struct.unpack_from("<I", value)[0]) > len(value) // 4:
            return False
        pos: int | None = 4
        for _ in range(rows):
            pos = _mapi_end(value, pos, depth)
            if pos is None:
                return False
    return True


def _mapi_end(data: bytes, pos: int, depth: int) -> int | None:
    """Where the MAPI property list at ``pos`` ends, read as tnefparse reads it; None when a
    count runs past the data or a type is unknown. Embedded messages are checked too."""
    size = len(data)
    try:
        (count,) = struct.unpack_from("<I", data, pos)
        pos += 4
        if count > (size - pos) // 4:
            return None
        for _ in range(count):
            ptype, pid = struct.unpack_from("<HH", data, pos)
            pos += 4
            if pid >= 0x8000:
                pos = _past_property_name(data, pos)
            multi, base = ptype & 0x1000, ptype & ~0x1000
            values = 1
            if multi:
                (values,) = struct.unpack_from("<I", data, pos)
                pos += 4
            if base in _MAPI_SIZES:
                pos += values * _MAPI_SIZES[base] + (2 if values % 2 and _MAPI_SIZES[base] == 2 else 0)
            elif base in _MAPI_COUNTED:
                if not multi:
                    (values,) = struct.unpack_from("<I", data, pos)
                    pos += 4
                if values > (size - pos) // 4:
                    return None
                for _ in range(values):
                    (length,) = struct.unpack_from("<I", data, pos)
                    pos += 4
                    value = data[pos : pos + length]
                    pos += length + (-length % 4)
                    if (
                        base == 0x000D
                        and value.startswith(_IID_IMESSAGE)
                        and not _tnef_bounded(value.rstrip(b"\0")[len(_IID_IMESSAGE) :], depth + 1)
                    ):
                        return None
            else:
                return None
            if pos > size:
                return None
    except struct.error:
        return None
    return pos


def _tnef_attributes(data: bytes) -> Iterator[tuple[int, int, int, int]]:
    """(level, attribute id, start, length) of each attribute of a TNEF stream (MS-OXTNEF), up to
    where it is cut."""
    pos = 6  # signature, key
    while pos + 9 <= len(data):
        level = data[pos]
        attribute, length = struct.unpack_from("<II", data, pos + 1)
        yield level, attribute, pos + 9, length
        pos += 9 + length + 2  # checksum


def _tnef_text(value: Any, codepage: str | None) -> str:
    """A TNEF string as tnefparse gives it (text, or bytes in the stream's code page), without
    the NUL terminators."""
    if isinstance(value, bytes):
        try:
            value = value.decode(codepage or "cp1252")
        except (LookupError, UnicodeDecodeError):
            value = decode_text(value)[0]
    return str(value or "").replace("\0", "").replace("\r\n", "\n").replace("\r", "\n")


def _text_part(ctype: str, text: str) -> Message:
    part = Message()
    part["Content-Type"] = f'{ctype}; charset="utf-8"'
    part.set_payload(text.encode("utf-8", "surrogatepass"))
    return part


def _tnef_body(tnef: Any) -> Message | None:
    """The body of a TNEF message as a text part: the plain body, else the HTML one, else the
    RTF one (the HTML it encapsulates, else its text); None when there is none."""
    try:
        plain = _tnef_text(tnef.body, tnef.codepage)
        if plain.strip():
            return _text_part("text/plain", plain)
        html = tnef.htmlbody
        if html:
            from .html import decode_html

            html = decode_html(html) if isinstance(html, bytes) else str(html)
            if html.strip():
                return _text_part("text/html", html)
    except _TNEF_ERRORS:
        return None
    try:
        rtf = tnef.rtfbody  # decompressed by compressed_rtf, which raises a bare Exception when cut
    except Exception:  # noqa: BLE001
        return None
    if not isinstance(rtf, bytes) or not rtf.lstrip().startswith(b"{\\rtf"):
        return None  # compressed RTF that could not be decompressed
    from .msg import deencapsulate_html

    html = deencapsulate_html(rtf)
    if html is not None:
        return _text_part("text/html", html)
    from .rtf import rtf_text

    try:
        text = rtf_text(rtf)
    except (ParseError, ValueError, IndexError, LookupError, RecursionError):
        return None
    return _text_part("text/plain", text) if text.strip() else None


#: the property sets of an appointment's and a task's named properties (MS-OXPROPS)
_PSETID_APPOINTMENT = "00062002-0000-0000-c000-000000000046"
_PSETID_TASK = "00062003-0000-0000-c000-000000000046"
#: an appointment's or meeting's place and time, as Outlook's form names them (in the order
#: and with the labels of :func:`~.msg.calendar_fields`): PidLidLocation, PidLidAppointment-
#: StartWhole and EndWhole (UTC), PidLidTimeZoneDescription, PidLidRecurrencePattern
_TNEF_CALENDAR = (
    ("Location", 0x8208),
    ("Start", 0x820D),
    ("End", 0x820E),
    ("Time Zone", 0x8234),
    ("Recurrence", 0x8232),
)
#: a task's fields (those of :func:`~.msg.task_fields`): PidLidTaskStartDate, TaskDueDate,
#: TaskStatus, PercentComplete, TaskDateCompleted, TaskEstimatedEffort, TaskActualEffort,
#: TaskOwner
_TNEF_TASK = (
    ("Start Date", 0x8104),
    ("Due Date", 0x8105),
    ("Status", 0x8101),
    ("% Complete", 0x8102),
    ("Date Completed", 0x810F),
    ("Total Work", 0x8111),
    ("Actual Work", 0x8110),
    ("Owner", 0x811F),
)


def _tnef_fields(tnef: Any, given: str) -> str:
    """The fields of an Outlook item sent in TNEF that its header and body do not give, one
    ``Label: value`` line each, as an Outlook message's (:func:`~.msg.item_text`): a calendar
    item's or meeting's place, time, time zone and recurrence, a task's dates, status, progress,
    work and owner; "" for a message of any other class. Outlook keeps them in named
    properties, which its TNEF carries with their property set and id; they were left unread, an
    appointment in a winmail.dat giving its subject and body only. The location is left out when
    ``given`` (the subject and body) holds it already, as for an Outlook message."""
    from .msg import _TASK_STATUS, _duration, _field_value

    props = {obj.name: obj.data for obj in tnef.msgprops}
    kind = _tnef_text(props.get(0x8008), tnef.codepage).strip().lower()  # attMessageClass
    if kind.startswith(("ipm.appointment", "ipm.schedule.meeting")):
        wanted, pset = _TNEF_CALENDAR, _PSETID_APPOINTMENT
    elif kind.startswith("ipm.task") and not kind.startswith("ipm.taskrequest"):
        wanted, pset = _TNEF_TASK, _PSETID_TASK
    else:
        return ""
    named = {}
    for prop in getattr(tnef, "mapiprops", ()):
        if str(getattr(prop, "guid", "")).lower() == pset and isinstance(
            getattr(prop, "guid_prop", None), int
        ):
            named.setdefault(prop.guid_prop, prop.data)
    lines = []
    for label, lid in wanted:
        value = named.get(lid)
        if isinstance(value, datetime):
            # a calendar time is UTC; a task's date is midnight of its day, read as it stands
            text = value.strftime("%Y-%m-%d") if pset == _PSETID_TASK else f"{value:%Y-%m-%d %H:%M:%S} UTC"
            text = text if 1601 < value.year < 4500 else ""  # 4501-01-01: none (MS-OXPROPS)
        elif label == "Status":
            text = _TASK_STATUS.get(value, "") if isinstance(value, int) else ""
        elif label == "% Complete":
            text = f"{value * 100:.0f}%" if isinstance(value, float) else ""
        elif label.endswith("Work"):
            text = _duration(value)
        else:
            text = _field_value(_tnef_text(value, tnef.codepage) if isinstance(value, (str, bytes)) else None)
            if label == "Location" and text and text in given:
                text = ""
        if text:
            lines.append(f"{label}: {text}")
    return "\n".join(lines)


def _tnef_attachment(att: Any, depth: int) -> Message:
    """An attachment of a TNEF stream as a MIME part: a file under its long name (its type
    guessed from the name), or an embedded message as a message/rfc822 part."""
    embed = getattr(att, "embed", None)
    if embed is not None and depth <= TNEF_MAX_DEPTH:
        part = Message()
        part["Content-Type"] = "message/rfc822"
        part.set_payload([_tnef_message(embed, depth)])
        return part
    name = _tnef_name(att)
    ctype = "message/rfc822" if embed is not None else mimetypes.guess_type(name)[0]
    part = Message()
    part["Content-Type"] = ctype or "application/octet-stream"
    part.add_header("Content-Disposition", "attachment", filename=name)
    part.set_payload(att.data if isinstance(att.data, bytes) else b"")
    return part


def _tnef_name(att: Any) -> str:
    """An attachment's long file name, else its title; tnefparse decodes a title as UTF-8, where
    Outlook writes it in the stream's code page (cp1252 mostly)."""
    try:
        name = att.long_filename()
    except UnicodeDecodeError as exc:  # the title's bytes
        name = _eight_bit(bytes(exc.object).split(b"\0", 1)[0])
    return _tnef_text(name, att.codepage).strip() or "attachment"


def _fields_given(subject: Any, body: Message | None) -> str:
    """The subject and the plain body of a TNEF message, whitespace collapsed: what its fields
    need not say again (:func:`_tnef_fields`)."""
    text = subject if isinstance(subject, str) else ""
    if body is not None and body.get_content_type() == "text/plain":
        text += " " + _payload(body).decode("utf-8", "replace")
    return _WS.sub(" ", text)


def _tnef_message(tnef: Any, depth: int) -> Message:
    """A message embedded in a TNEF stream as a MIME message: its subject, sender and date, its
    body and its attachments."""
    msg = Message()
    props = {obj.name: obj.data for obj in tnef.msgprops}
    subject = props.get(0x8004)  # attSubject
    if isinstance(subject, str) and subject.strip():
        msg["Subject"] = " ".join(subject.split())
    sender = props.get(0x8000)  # attFrom: (display name, address type, address)
    if isinstance(sender, tuple) and len(sender) == 3:
        shown, address = (_tnef_text(v, tnef.codepage).strip() for v in (sender[0], sender[2]))
        if "@" in address:
            msg["From"] = formataddr((shown, address))
        elif shown:
            msg["From"] = shown
    sent = _tnef_sent(tnef, props.get(0x8005))  # attDateSent
    if sent is not None:
        msg["Date"] = format_datetime(sent)
    msg["Content-Type"] = "multipart/mixed"
    parts = [] if (body := _tnef_body(tnef)) is None else [body]
    if fields := _tnef_fields(tnef, _fields_given(subject, body)):
        parts.insert(0, _text_part("text/plain", fields))
    parts += [_tnef_attachment(att, depth + 1) for att in tnef.attachments]
    msg.set_payload(parts)
    return msg


#: PidTagClientSubmitTime, else PidTagMessageDeliveryTime: MAPI times, in UTC (MS-OXPROPS)
_TNEF_UTC_TIMES = (0x0039, 0x0E06)


def _tnef_sent(tnef: Any, date_sent: Any) -> datetime | None:
    """When a TNEF message was sent: its submit (else delivery) time from its MAPI properties,
    which is UTC; else ``attDateSent``, whose zone is not stated (Outlook writes the sender's
    local time there: 09:37 for a submit time of 14:37 UTC in New York), so it stays without
    one (``-0000`` in the Date line, no offset in ``message_date``)."""
    times = {p.name: p.data for p in getattr(tnef, "mapiprops", ()) if p.name in _TNEF_UTC_TIMES}
    for name in _TNEF_UTC_TIMES:
        when = times.get(name)
        if isinstance(when, datetime) and when.year > 1601:
            return (when.replace(tzinfo=UTC) if when.tzinfo is None else when).replace(microsecond=0)
    return date_sent if isinstance(date_sent, datetime) else None


def tnef_attachment_names(data: bytes) -> list[str]:
    """The names of the attachments a TNEF stream (``winmail.dat``) holds, read from its
    attribute list (MS-OXTNEF) without decoding any content; [] when it is not one or is cut.
    They name what a stream that is not read holds, in its skip reason."""
    if not data.startswith(_TNEF_SIGNATURE):
        return []
    names: list[str] = []
    current: str | None = None
    for level, attribute, start, length in _tnef_attributes(data):
        value = data[start : start + length]
        if level != 2 or len(value) < length:
            continue
        if attribute == _ATT_ATTACH_RENDDATA:
            if current:
                names.append(current)
            current = None
        elif attribute == _ATT_ATTACH_TITLE and current is None:
            current = _eight_bit(value.split(b"\0", 1)[0]).strip() or None
        elif attribute == _ATT_ATTACHMENT:
            props = _mapi_strings(value)
            current = props.get(_PR_ATTACH_LONG_FILENAME) or props.get(_PR_DISPLAY_NAME) or current
    if current:
        names.append(current)
    return names


def _past_property_name(data: bytes, pos: int) -> int:
    """Past the name of a named MAPI property at ``pos``: a GUID, a kind, then a 4-byte id (kind
    0) or a counted, padded name (as tnefparse reads it, any other kind)."""
    (kind,) = struct.unpack_from("<I", data, pos + 16)
    pos += 20
    if kind == 0:
        return pos + 4
    (size,) = struct.unpack_from("<I", data, pos)
    return pos + 4 + size + (-size % 4)


def _mapi_strings(data: bytes) -> dict[int, str]:
    """The single-valued string properties of a TNEF MAPI property list; the walk stops at a
    type it does not know or at the end of the data."""
    out: dict[int, str] = {}
    try:
        (count,) = struct.unpack_from("<I", data, 0)
        pos = 4
        for _ in range(min(count, 4096)):
            ptype, pid = struct.unpack_from("<HH", data, pos)
            pos += 4
            if pid >= 0x8000:
                pos = _past_property_name(data, pos)
            multi, base = ptype & 0x1000, ptype & 0x0FFF
            if base in _MAPI_FIXED:
                values = struct.unpack_from("<I", data, pos)[0] if multi else 1
                pos += (4 if multi else 0) + values * _MAPI_FIXED[base]
            elif base in _MAPI_VARIABLE:
                (values,) = struct.unpack_from("<I", data, pos)
                pos += 4
                for _ in range(min(values, 4096)):
                    (size,) = struct.unpack_from("<I", data, pos)
                    raw = data[pos + 4 : pos + 4 + size]
                    pos += 4 + size + (-size % 4)
                    if not multi and values == 1 and base in (0x001E, 0x001F):
                        text = raw.decode("utf-16-le", "replace") if base == 0x001F else _eight_bit(raw)
                        out[pid] = text.split("\0", 1)[0].strip()
            else:
                break
            if pos > len(data):
                break
    except struct.error:
        pass
    return out


# -- assembling --------------------------------------------------------------------------------


def _message_meta(record: _Message) -> dict[str, Any]:
    """The provenance every block of a message carries."""
    h = record.headers
    return {
        "message_index": record.index,
        "message_id": h.message_id,
        "message_subject": h.subject or None,
        "message_from": h.sender or None,
        "message_date": h.date,
    }


@dataclass(frozen=True)
class _Own:
    """What one message gives before its attachments: its heading and header paragraph, its
    body (each image block pointing at the part it shows), and the keys of the parts the body
    shows. Made once, before the attachments are read, for the text they reserve and the blocks
    placed after them alike (its attachments change none of it)."""

    head: list[Block]
    body: list[Block]
    referenced: frozenset[str]


def _own(record: _Message) -> _Own:
    """``record``'s blocks before its attachments (see :class:`_Own`)."""
    h = record.headers
    referenced: set[str] = set()
    body = [_shown(record, tidy_image_alt(block), referenced) for block in record.body]
    head = [Block(HEADING, h.subject or f"Message {record.index}", level=record.level)]
    header = h.paragraph()
    if header:
        head.append(Block(PARAGRAPH, header))
    return _Own(head, body, frozenset(referenced))


def _unshown(record: _Message, referenced: Collection[str]) -> list[Block]:
    """The image blocks of ``record`` for the parts neither the body nor an attached page shows
    (by the keys in ``referenced``): another part of the same picture (attached again under its
    own name) keeps its place, pointing at the same image."""
    return [b for b, keys in zip(record.images, record.image_keys, strict=True) if not keys & referenced]


def _own_chars(record: _Message, own: _Own) -> int:
    """The characters of ``record``'s own text, reserved before its attachments are read: its
    blocks with the attachments still placeholders (which add none, and show no part)."""
    return text_chars(own.head) + text_chars(own.body) + text_chars(_unshown(record, own.referenced))


def _message_blocks(record: _Message, own: _Own) -> tuple[list[Block], bool]:
    """All blocks of one message with its metadata; and whether the message had any body."""
    meta = _message_meta(record)
    referenced = set(own.referenced)  # the keys of the parts the body and its attached pages show
    # an attached web page's <img src="cid:…"> shows a picture of the message as the body's
    # does; a Content-Location names a part only within the page it comes with (RFC 2557)
    attachments = [_shown(record, block, referenced, by_location=False) for block in record.attachments]
    out = [*own.head, *own.body, *_unshown(record, referenced), *attachments]
    has_body = any(b.text.strip() for b in own.body if b.kind != IMAGE)
    return [with_meta(b, {**meta, **b.meta}) for b in out], has_body


_DESCRIPTION = re.compile(r"(?:Description:\s*)+", re.IGNORECASE)
_IMAGE_PATH = re.compile(
    r".*[\\/]([^\\/]+\.(?:png|jpe?g|gif|webp|bmp|tiff?|emf|wmf))", re.IGNORECASE | re.DOTALL
)


def tidy_image_alt(block: Block) -> Block:
    """An image block without the alt text Outlook makes up for a picture of a signature: one
    ``Description:`` more each time it is copied, then the path the picture was inserted from
    (``Description: Description: Q:\\Logos\\logo.png`` → ``logo.png``)."""
    alt = block.alt
    if block.kind != IMAGE or not alt or not _DESCRIPTION.match(alt):
        return block
    rest = _DESCRIPTION.sub("", alt, count=1).strip()
    path = _IMAGE_PATH.fullmatch(rest)
    alt = path.group(1) if path else rest
    return replace(block, text=f"[Image: {alt or 'image'}]", alt=alt or None)


def _shown(record: _Message, block: Block, referenced: set[str], by_location: bool = True) -> Block:
    """``block`` pointing at the image part of ``record`` it shows, if it is the image block of an
    ``<img>`` (:func:`_referenced_image`) that points at no picture of its own (one of a file
    read with its own extractor is that file's); the key it is shown by added to ``referenced``."""
    shown = (
        _referenced_image(record, block, by_location) if block.kind == IMAGE and not block.images else None
    )
    if shown is None:
        return block
    name, key = shown
    referenced.add(key)
    text = block.text if block.alt else f"[Image: {name}]"  # not the cid: URL
    return replace(block, text=text, images=(name,))


def _referenced_image(record: _Message, block: Block, by_location: bool = True) -> tuple[str, str] | None:
    """The image part an ``<img>`` shows, by ``cid:`` URL or (``by_location``) by
    Content-Location: its name and the key it is shown by (see ``_Message.image_keys``)."""
    src = str(block.meta.get("src", "")).strip()
    if not src:
        return None
    cid = cid_key(src)
    if cid is not None:
        name, key = record.cids.get(cid), f"cid:{cid}"
    elif by_location:
        url = _url_key(src, record.base)
        name, key = record.locations.get(url), f"loc:{url}"
    else:
        return None
    return (name, key) if name else None


def shown_alts(blocks: list[Block], images: Collection[Image]) -> tuple[Image, ...]:
    """The images, each referenced from an HTML body with the alt text written there (the first
    place's, for a picture sent twice under two names) rather than its file's name."""
    alts: dict[str, str] = {}
    for b in blocks:
        if b.kind == IMAGE and b.images and b.alt:
            alts.setdefault(b.images[0], b.alt)
    return tuple(
        replace(im, alt=alts[im.name]) if alts.get(im.name, im.alt) != im.alt else im for im in images
    )


def _document(source_type: str, reader: _Reader, metadata: dict[str, Any]) -> Document:
    owns = [_own(record) for record in reader.messages]
    reader.read_attachments(owns)
    blocks: list[Block] = []
    empty = 0
    for record, own in zip(reader.messages, owns, strict=True):
        mblocks, has_body = _message_blocks(record, own)
        blocks += mblocks
        empty += not has_body
    images = in_messages(shown_alts(blocks, reader.images.values()), blocks)
    skipped, removed = margin_removed(merge_hidden(reader.skipped))
    coverage = Coverage(
        messages_total=len(reader.messages),
        messages_empty=empty,
        attachments_indexed=tuple(reader.indexed),
        images_extracted=len(images),
        skipped=tuple(skipped),
        truncated=tuple(reader.truncated),
        headers_footers_removed=removed + tuple(reader.removed),
        warnings=tuple(reader.warnings),
        notes=tuple(reader.notes),
    )
    return assemble_blocks(source_type, blocks, images=images, metadata=metadata, coverage=coverage)


def in_messages(images: tuple[Image, ...], blocks: list[Block]) -> tuple[Image, ...]:
    """``images``, one shown in more than one message (a logo in each message of a mailbox, in a
    message and the one it forwards or embeds, e-mail or Outlook's) listing them all in
    ``message_indexes``: a picture is kept
    once by its bytes (:func:`~indexer.images.met_before`), under the ``message_index`` of the
    first message it is met in."""
    shown: dict[str, set[int]] = {}
    for block in blocks:
        index = block.meta.get("message_index")
        for name in block.images:
            if index is not None:
                shown.setdefault(name, set()).add(index)
    return tuple(
        replace(im, meta={**im.meta, "message_indexes": sorted(shown[im.name])})
        if len(shown.get(im.name, ())) > 1
        else im
        for im in images
    )


def _sealed(name: str, ctype: str) -> bool:
    """Whether an attachment is a signature, a key or an encrypted payload (S/MIME, OpenPGP): no
    text of the message, however readable its armour looks."""
    return (
        ctype in SIGNATURE_TYPES
        or ctype in ENCRYPTED_TYPES
        or ctype.startswith("application/pgp")
        or suffix_of(name).lstrip(".") in SIGNATURE_EXTENSIONS
    )


def _enveloped(part: Message) -> bool:
    """Whether a pkcs7-mime part is an encrypted body: its smime-type says enveloped-data, or,
    without one, it is named smime.p7m or not named (a .p7c holds certificates, signed-data a
    signature)."""
    smime = str(part.get_param("smime-type") or "").lower()
    if smime:
        return "enveloped" in smime
    name = (_filename(part) or "").lower()
    return not name or name.endswith(".p7m")


def _looks_like_mail(msg: Message) -> bool:
    return any(
        msg.get(h) is not None for h in ("From", "To", "Subject", "Date", "Message-ID", "Content-Type")
    )


def _as_text(source_type: str, data: bytes, metadata: dict[str, Any]) -> Document:
    text, _ = decode_text(data)
    margin = margin_numbers(text)
    return Document(
        source_type=source_type,
        blocks=tuple(text_blocks(text, margin)),
        text=text,
        metadata=metadata,
        coverage=Coverage(
            headers_footers_removed=(MARGIN_NUMBERS,) if margin else (),
            warnings=("no e-mail headers found; read as plain text",),
        ),
    )


def eml_metadata(record: _Message | None, attachments: int) -> dict[str, Any]:
    if record is None:
        return {"source_type": "eml"}
    h = record.headers
    return {
        "source_type": "eml",
        "subject": h.subject or None,
        "from": h.sender or None,
        "to": h.to,
        "cc": h.cc,
        "bcc": h.bcc,
        "date": h.date,
        "message_id": h.message_id,
        "in_reply_to": h.in_reply_to,
        "references": h.references,
        "has_attachments": attachments > 0,
        "attachment_count": attachments,
    }


_HEADER_PARSER = BytesHeaderParser(policy=compat32)
_TEXT_HEADER_PARSER = HeaderParser(policy=compat32)
_HEADER_LINE = re.compile(rb"[^\s:]+:")
#: the lines of a header section: fields (``Name: value``) and the lines continuing them
_HEADER_SECTION = re.compile(rb"(?:(?:[^\s:]+[ \t]*:|[ \t])[^\n]*(?:\n|\Z))*")
_MAX_NESTING = 40  # deeper MIME trees are read as text


def _split_head(raw: bytes) -> tuple[bytes, bytes]:
    """Header section and body of a message or part (LF newlines)."""
    if raw.startswith(b"From "):  # an mbox envelope line before the headers
        nl = raw.find(b"\n")
        raw = raw[nl + 1 :] if nl >= 0 else b""
    if raw[:1] == b"\n":
        return b"", raw[1:]
    if not _HEADER_LINE.match(raw):
        return b"", raw
    # the header section ends at a blank line, or at a line that is neither a field nor the
    # continuation of one, as the stdlib's parser and mail readers take it: a writer that leaves
    # out the blank line puts the body (an attachment's base64) right below the last field, and
    # the part was read as all header, its data lost
    end = _HEADER_SECTION.match(raw).end()
    return raw[:end], raw[end + 1 :] if raw[end : end + 1] == b"\n" else raw[end:]


def _split_multipart(body: bytes, boundary: str) -> list[bytes] | None:
    """The parts of a multipart body between its ``--boundary`` lines (None when there are none)."""
    delimiter = b"--" + boundary.encode("latin-1", "replace")
    marks: list[tuple[int, int, bool]] = []  # (line start, next line start, closing)
    pos = 0
    while True:
        i = body.find(delimiter, pos)
        if i < 0:
            break
        pos = i + len(delimiter)
        if i and body[i - 1] != 10:  # not at the start of a line
            continue
        end = body.find(b"\n", pos)
        end = len(body) if end < 0 else end
        rest = body[pos:end].rstrip(b" \t\r")
        if rest in (b"", b"--"):
            marks.append((i, end + 1, rest == b"--"))
            if rest == b"--":
                break  # the epilogue after the closing delimiter is not content
            pos = end
    if not marks:
        return None
    parts = []
    for (_, start, closing), nxt in zip(marks, [*marks[1:], None], strict=True):
        if closing:
            break
        chunk = body[start : nxt[0] if nxt is not None else len(body)]
        if nxt is not None and chunk.endswith(b"\n"):
            chunk = chunk[:-1]  # the newline before a delimiter belongs to the delimiter
        parts.append(chunk)
    return parts


def _eight_bit(line: bytes) -> str:
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        return line.decode("cp1252", "replace")


def _parse_head(head: bytes) -> Message:
    """The headers of a message or part. Raw 8-bit header text (RFC 6532 UTF-8, or a legacy
    charset) is decoded here, line by line when the block is not all UTF-8 (cp1252 then); the
    bytes parser would keep it as surrogate escapes that print as replacement characters."""
    if head.isascii():
        return _HEADER_PARSER.parsebytes(head)
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError:
        text = "".join(_eight_bit(line) for line in head.splitlines(keepends=True))
    return _TEXT_HEADER_PARSER.parsestr(text)


def _parse(raw: bytes, depth: int = 0) -> Message:
    """A compat32 Message tree. Headers are parsed by the stdlib; bodies are split at MIME
    boundaries with one regular-expression scan instead of the feed parser's line-by-line loop
    (several times faster on messages with large attachments)."""
    head, body = _split_head(raw)
    msg = _parse_head(head) if head else Message()
    ctype = msg.get_content_type()
    if ctype.startswith("multipart/"):
        boundary = msg.get_boundary()
        parts = _split_multipart(body, boundary) if boundary is not None and depth < _MAX_NESTING else None
        if parts is not None:
            msg.set_payload([_parse(part, depth + 1) for part in parts])
            return msg
        del msg["Content-Type"]  # no parts (or nested too deeply to follow): the body is text
        msg["Content-Type"] = "text/plain"
    elif ctype in ("message/rfc822", "message/global") and depth < _MAX_NESTING:
        msg.set_payload([_parse(_message_body(msg, body), depth + 1)])
        return msg
    msg.set_payload(body.decode("ascii", "surrogateescape"))
    return msg


def _message_body(msg: Message, body: bytes) -> bytes:
    """The bytes of a message/rfc822 part's message. RFC 2046 allows no encoding there, yet
    mailers (Python's own ``add_attachment`` among them) send forwarded messages in base64 or
    quoted-printable: read undecoded, its headers and attachments were lost, its body shown as
    base64."""
    encoding = str(msg.get("Content-Transfer-Encoding", "")).strip().lower()
    if encoding == "base64":
        return _cut_base64(body.decode("ascii", "replace"))
    if encoding == "quoted-printable":
        return quopri.decodestring(body)
    return body


def _sniff_eml(head: bytes) -> bool:
    """Files without a known extension whose first lines are message headers with a sender and a
    subject or date."""
    header = b"\n" + head.replace(b"\r\n", b"\n").split(b"\n\n", 1)[0]
    return (
        _HEADER_LINE.match(head) is not None
        and b"\nFrom:" in header
        and (b"\nSubject:" in header or b"\nDate:" in header)
    )


def _sniff_mbox(head: bytes) -> bool:
    head = head[len(_BOM) :] if head.startswith(_BOM) else head
    return head.startswith(b"From ") and b"\nFrom:" in head and b"\nSubject:" in head


@extractor(
    ".eml",
    name="eml",
    source_type="eml",
    libraries=("tnefparse",),
    images=True,
    sniff=_sniff_eml,
    version="59",  # 2: HTML tables with colspan and rowspan laid out; 3: rowspan="0";
    # 4: a leading UTF-8 BOM skipped, raw 8-bit headers decoded (UTF-8, else cp1252), address
    # lists split before display names are decoded, nested messages a level below their parent,
    # body headings below the subject, images found by Content-Location, the attachments a
    # winmail.dat holds named
    # 4 also: HTML items, cells and headings read inline text as paragraphs do; page chrome dropped; wrapped plain-text list lines go on with their item
    # 4 also: the HTML alternative read when it holds a data table or an inline image; S/MIME warnings
    # 5: hidden HTML elements (a preheader) left out; winmail.dat read (its body when the
    # message has none, its attachments and embedded messages); the HTML alternative read with
    # the link targets the plain one writes out
    # 6: HTML elements hidden by a <style> rule left out, all those left out counted in coverage.skipped;
    # an HTML-only body keeps its link targets as the HTML alternative does; a message in a
    # winmail.dat dated by its submit time in UTC; images matched to Content-Location and cid: as URLs
    # 7: attached files read with their own extractor (PDF, Word, workbooks, CSV as tables …),
    # a failing one listed with its error; base64 cut short decoded up to the cut
    # 8: a message/rfc822 part sent in base64 or quoted-printable decoded and read as a message;
    # a picture met in two attached files is one image; 9: a picture attached as octet-stream
    # an image under its heading; a binary attachment with the NUL pattern of UTF-16 not read
    # as text; attachments' images never take the name of one of the message's own
    # 10: no heading in capitals or after "#" in a plain part holding a program; the margin line
    # numbers of an HTML body or attachment listed in coverage.headers_footers_removed; an HTML
    # table laying the body out (role="presentation", cells holding blocks) read as flow;
    # 11: the text of the messages reserved in the text limit before their attached files are read;
    # a picture sent twice under two names one image, each place pointing at it; 12: a plain-text
    # body or attachment loses a poem's margin line numbers as a .txt file does; what an attached
    # file read with its own extractor removed listed with its name; a vCard or iCalendar attachment
    # its property lines, "BEGIN:VCARD" no heading; 13: a vCard or iCalendar attachment read as a
    # .vcf file is: a base64 picture an image, any other base64 value a skipped entry, never
    # text; quoted-printable values decoded; 14: a vCard or iCalendar sent as the plain-text
    # body read so too; 15: every picture of a message (shown in its HTML body, attached, or
    # of a card sent as its body) carries its message_index, as an Outlook message's do;
    # 16: so do the pictures of a file attached to it read with its own extractor; a picture
    # sent as application/octet-stream an image of the message as an image/* part is, no heading;
    # an HTML body's tables as html 10 reads them (a nested table its own, rows of short cells
    # data, a title row over a single row); an XML, JSON, YAML or program attachment keeps its
    # lines' indentation (read as laid out, as an Outlook message reads it), no list read into it;
    # an SVG sent as another type (octet-stream, text/xml) a picture of the message, not XML text
    # 17: a vCard or iCalendar sent as the whole message (text/vcard, text/calendar) its body, read
    # as a .vcf file is, not an attachment; an attachment named as markup or data no extractor
    # reads (.xml, .yaml, .ini …) read as text kept as laid out whatever its type (octet-stream),
    # as an Outlook message reads it, by the same rule; the blocks of a text attachment (text/*,
    # application/xml …) carry its name in ``attachment``, as an Outlook message's do; one over
    # what the text limit leaves it a skipped entry, as a file read with its own extractor is,
    # not the whole message failed; plain bodies keep indentation in steps (text 8), HTML tables as html 11;
    # an HTML attachment sent without a charset, or with one its bytes are not in, read in the one its
    # <meta> names, as an .html file's and an Outlook message's are; an HTML body so too;
    # an attached web page's cid: pictures point at the message's parts, as the body's do, and
    # are no longer listed apart, as in an Outlook message; a charset label read as mail readers
    # read it (iso-8859-1 as windows-1252, ks_c_5601-1987 as cp949 …)
    # 18: a text or HTML part in UTF-8 under a single-byte charset label (iso-8859-1,
    # windows-1252 …) read as UTF-8, as mail readers read it, no longer "CafÃ©"; a meeting
    # invitation's calendar (a text/calendar alternative) read after the body as a .ics file
    # is, less the text properties the subject or the body gives, no longer left unread; a
    # picture shown in more than one message lists them all in ``message_indexes``
    # 18 also: HTML 12 (alt-text pictures in cells, 30 px icons, flags after their rows, boxes headed)
    # 19: a format=flowed text/plain part (RFC 3676) read as mail readers show it: its soft line
    # breaks joined (DelSp=yes spaces deleted), space-stuffing off, quoted paragraphs at their depth
    # 20: an HTML body's or attached page's <blockquote> blocks carry their quote depth (HTML 13)
    # 21: a plain body's line starting with ">" after a space (format=flowed stuffing, or typed
    # indented) keeps one space before it: text, no longer a quote in Markdown; a forwarded
    # message sent in base64 read to its last byte; a delivery report's recipient fields sent
    # in base64 or quoted-printable decoded; a part's body right below its fields (no blank
    # line) read as its body, no longer as header
    # 22: an HTML body's or attached page's ordered items carry their numbers (HTML 14)
    # 23: an HTML body's or attached page's text in a list outside any <li> an unordered item (HTML 15)
    # 24: a format=flowed line's quote marks a space apart ("> > text") all counted: depth 2
    # 25: an appointment's, a meeting's or a task's fields in a winmail.dat (place, time, recurrence;
    # dates, status, owner) read from its named properties
    # 26: an encoded word in a header read by its charset as a part's text is (ISO-8859-1 as
    # Windows-1252, UTF-8 under a single-byte label as UTF-8, an unknown charset sniffed), one that
    # fails no longer leaving the whole header undecoded
    # 27: an empty text/plain alternative gives way to the HTML one, no longer an empty body
    # 28: an RTF attachment or part sent as text (text/rtf, or text/plain named .rtf) read as RTF,
    # no longer its control words and braces as text
    # 29: a text/enriched part (RFC 1896) read without its formatting commands and their
    # parameters, its line breaks as the RFC reads them
    # 30: an inline OpenPGP plain body read as its text: a cleartext-signed block its text, its
    # dash-escaping undone (signed note), an encrypted block left out (warning)
    # 31: a file uuencoded in a plain body an attachment of the message, no longer lines of the body
    # 32: an RFC 2231 file name's bytes read by its charset as an encoded word's are
    # 33: an HTML body's or attached page's <pre> in a list item a code block of its own (HTML 16)
    # 34: an HTML body's or attached page's <br> in a <pre> breaks its line (HTML 17)
    # 35: an HTML body's or attached page's soft hyphens left out (HTML 18)
    # 36: an attached XHTML page read in the encoding its XML declaration names (HTML 19)
    # 37: an HTML body's or attached page's table in a list item a table of its own (HTML 20)
    # 38: an HTML body's or attached page's line-number column beside a program left out (HTML 21)
    # 39: legacy text without a BOM or charset read in the code page that reads it cleanly
    # (windows-1250, windows-1251, KOI8-R, Shift_JIS, EUC-JP …), not always as windows-1252
    # 40: a plain text's ordered items keep the numbers typed before them (text 11)
    # 41: an attached workbook's times as Excel shows them (xlsx 27, xls 16, xlsb 20)
    # 42: text written against an encoded word in a header stays against it (RFC 2047: only
    # whitespace between two encoded words is dropped), no longer a space put between them
    # 43: a group of addresses (Team: a@x.org, b@y.org;, undisclosed-recipients:;) one entry of
    # its name and members, as mail readers show it, no longer its members alone or nothing
    # 44: a plain body's or attached text's soft hyphens (U+00AD) left out, as an HTML body's are (text 12)
    # 45: an HTML body's or attached page's <q> shows its quotation marks (HTML 23)
    # 46: an HTML body's or attached page's inline SVG drawing's labels read (HTML 24)
    # 47: a flowed body's "> >50 mg" the text ">50 mg" quoted once, a spaced mark against a word
    # a deeper quote only where a line beside it has those marks before a space
    # 48: an HTML body's or attached page's line left blank by two <br> ends a paragraph (HTML 25)
    # 49: legacy text without a BOM or charset: Polish with only ę and ń, Hungarian, Turkish
    # (windows-1254), Hebrew (windows-1255), ISO-8859-2 and kanji-only EUC-JP read in their code page
    # 50: an RFC 2231 file name's characters written unescaped (raw UTF-8) read as text, no longer
    # "\\u20ac.pdf"; of filename and filename* given together, filename* read
    # 51: an HTML body's or attached page's <q> shows the quotation marks of its language (HTML 27)
    # 52: a raw 8-bit header's backslash beside an encoded word kept ("C:\\Users"), no longer the
    # whole header left undecoded, nor a typed "\\u00e9" made an é
    # 53: an HTML body's or attached page's ruby readings and MathML equations, as the HTML reader's (HTML 28 to 30)
    # 54: legacy text without a BOM or charset: Greek (windows-1253, ISO-8859-7), Baltic (windows-1257) and
    # Arabic (windows-1256, ISO-8859-6) read in their code page; a word or short line whose bytes tell
    # ("Poznań", "Київ", "北海道") no longer misread
    # 55: an HTML body's or attached page's table footer written before its body read last, and the
    # header and footer of its sections and quotes read, Outlook's list paragraphs a list (HTML 32);
    # 55: legacy text without a BOM or charset: Ukrainian in KOI8-U, Persian in windows-1256 (پ چ ژ گ, the
    # Arabic question mark and comma, the zero-width non-joiner), Greek in capitals without accents read
    # in their code page
    # legacy text: a word opened by ð or ğ, an ì or ù before a letter, a þ after a vowel:
    # signs of a wrong reading ("Šeštadienį", "České Budějovice", "Kadıköy, Beşiktaş" in
    # windows-1257, -1250, -1254 no longer windows-1252);
    # an HTML body's or attached page's table footer written before its body read last, and the
    # header and footer of its sections and quotes read (HTML 32)
    # 56: legacy text without a BOM or charset: Greek capitals no longer read as KOI8-R, whose small Russian
    # letters then show я or й before a vowel, г or гс closing a word after a consonant, оу closing a word:
    # signs of a wrong reading, as are a Croatian đ opening a word before no vowel, a Romanian ţ before a
    # consonant and an ò closing a word after a vowel ("ΠΡΟΣΟΧΗ", "Šiauliai", "Şişli", "Plzeň" in
    # windows-1253, -1257, -1254, -1250 no longer KOI8-R, windows-1250, -1250, -1252);
    # legacy text: an œ closing a word or before w, r, m, z, a Polish ś, ź or ń before a vowel: signs of a
    # wrong reading (Polish "Wyświetla informację", "wartości" in windows-1250 no longer windows-1252, French
    # "cœur", "mœurs" in windows-1252 no longer windows-1250);
    # legacy text: a Slovak ť or Ť, a č, an è, an æ, an ê, an œ after a vowel and an ã met where their
    # languages do not write them: signs of a wrong reading (French "système" and German and French « » in
    # windows-1252 no longer windows-1250 or ISO-8859-2; Croatian "način", "će", Polish "narzędzia", "być",
    # Romanian "următorul", "dacă" in windows-1250 no longer windows-1252); Icelandic letters costed by their
    # frequency (Turkish "Ayrıntılı" in windows-1254 no longer windows-1252);
    # legacy text: an õ, an û, an ø, an ì and an è met where their languages do not write them: signs of a
    # wrong reading (Hungarian "mező", "betűi", Czech "při", "volitelně", "účty", "členové" in windows-1250 no
    # longer windows-1252); Icelandic costing more than the other languages of windows-1252 (Turkish
    # "kullanıldığında" in windows-1254 no longer windows-1252);
    # an HTML body or attached page without a charset in UTF-16 or UTF-32 without a BOM, its characters all
    # ASCII, read in it (HTML 33);
    # an HTML body's or attached page's table or <pre> in a list item written in the item, the list going
    # on after it (HTML 33)
    # 57: legacy text: six Cyrillic consonants in a row, an ы or ь opening a word or after a vowel, a й after
    # a consonant, a ъ closing a word, a Greek ϊ or ϋ after no vowel, a Greek ψ or ρ closing a word after a
    # consonant, a Hebrew כ, מ, נ, פ or צ closing a word and a × or ÷ beside a letter beyond ASCII: signs of a
    # wrong reading (Russian "программой", "это", "без" in KOI8-R no longer windows-1251, "запускаться" no
    # longer windows-1253, "все" no longer windows-1252; Ukrainian "майбутня", "щодо" and Serbian "опште",
    # "тачно" in windows-1251 no longer KOI8-R, windows-1255, KOI8-R, windows-1252)
    # an HTML body's or attached page's empty list item gives the list's text no blank line (HTML 34)
    # an HTML body's or attached page's <blockquote> in a list item written as a quote in the item (HTML 34);
    # legacy text without a BOM or charset: a ý after c, j or y, a þ after c or before i and a vowel, an ê
    # after j, k or w, a ţ closing a word after an i that opens it or follows a vowel and a letter, a ē before
    # a vowel, an ã closing a word after nt, ct, ps or pl and a Hebrew point on a Latin letter: signs of a
    # wrong reading (Turkish "dosyayı", "geniş", "seçeneği" in windows-1254 no longer windows-1252, -1250,
    # -1257; Romanian "acţiune", "curentă" and Polish "opcję" in windows-1250 no longer windows-1252; Spanish
    # "despuÃ" in windows-1252 no longer windows-1255)
    # legacy text without a BOM or charset: a þ after a vowel and before a vowel, r, j or v is no longer a
    # sign of a wrong reading in a word with an é, í, ó, ú or an á or æ before a letter (Icelandic "óþekkt",
    # "íþrótt", "milliþjóns", "Táknmyndaþema" in windows-1252 no longer windows-1250, -1257 or -1254); an î
    # before b, g, j, k, p, v, z or a d not before j, and an â before a d and a vowel but e are signs of a
    # wrong reading (Latvian "darbību", "derīgs", "kādu" in windows-1257 no longer windows-1252)
    # a list item of soft hyphens alone (an HTML body's, an attached page's or text's) an empty item: no
    # blank line in the list's text (HTML 34, text 17)
    # an HTML body's or attached page's <blockquote> of several paragraphs in a list item written as
    # paragraphs of the quote (HTML 34)
    # an HTML body's or attached page's text and quotes an item shows after its nested list written
    # under it, that text a word of its own (HTML 34)
    # an HTML body's or attached page's soft hyphens with spaces around them leave one space between
    # words, none at a line's edge (HTML 34)
    # 58: legacy text without a BOM or charset: Hebrew stored in visual order (each word reversed, opening
    # with its final letter) read in windows-1255, its final letters no longer signs of a wrong reading there;
    # a geresh or gershayim after a Hebrew letter no longer a stray sign ("ארה״ב", "ראה דו״ח מס׳ 12", "ג׳ירפה
    # וצ׳יפס" and visual "ץבוקה תא חותפל ןתינ אל" in windows-1255 no longer windows-1256, windows-1251,
    # GB18030 or KOI8-R)
    # an HTML body's or attached page's text and quotes a list item shows between two of its nested
    # lists written between them (HTML 35)
    # an HTML body's or attached page's list item showing no text before its nested list an empty item
    # before that list's items, no longer dropped (HTML 35)
    # a Markdown part or attachment (text/markdown, text/x-markdown, or named .md or .markdown sent as
    # text) read by the Markdown reader, as a .md file sent as application/octet-stream is: its headings,
    # lists, code blocks and tables, its emphasis marks left out, an attachment in the charset its type
    # declares; it was read as plain text
    # legacy text without a BOM or charset: a small э, щ or ч closing a word after two capitals and a word of
    # four small Cyrillic consonants or more (no р, no ъ) are signs of a wrong reading (Greek "μετά",
    # "περιοχή", "Ρόλος" in windows-1253 no longer KOI8-R or windows-1251)
    # an HTML body's or attached page's, a Markdown part's or attachment's list item of several paragraphs
    # written as paragraphs of the item, no longer run together on its line (HTML 35, markdown 39)
    # a file attached for its own extractor to read as text (a CSV or TSV table, JSON, NDJSON, a contact card,
    # a calendar, a web page or a text file read by its name, a file its content shows to be text) read in
    # the charset its type declares, which detection alone misread ("σώμα;ΠΟΥ" in windows-1253 read as KOI8-R
    # "СЧЛА;поу"); a part, an attachment or a header's encoded word under a charset naming no codec of text
    # (base64, rot13, idna) read as one under none, no longer failing the whole mail; a text part's UTF-8 BOM
    # under a declared charset left out, no longer kept as its first character
    # HTML bodies, attached pages and cards: a charset label naming one of Python's codecs that read no text
    # (base64, rot13, hex, zlib, idna, undefined) read as no charset (a page's meta charset or XML encoding, a
    # card's CHARSET), no longer failing the file
    # an RTF part or attachment: bytes above 0x7F written raw, not as \'xx, read in the code page its font or
    # header declares, as escaped bytes are, no longer as Latin-1; a double-byte character's two bytes read
    # together (rtf 26)
    # an RTF body of a TNEF part (winmail.dat) holding no HTML read in the code page its header (\ansicpgN,
    # \mac) or current font (\cpgN, \fcharsetN) declares, raw or escaped bytes, a double-byte character's two
    # bytes together, as the RTF reader reads them, no longer always as Windows-1252 ("Καλημέρα" in
    # windows-1253 no longer "ÊáëçìÝñá"); an RTF part or attachment's text right after the code page word
    # kept (rtf 26); an RTF part's font naming no character set read in the document's code page (rtf 26)
    # 59: an RTF part's, attachment's or TNEF body's font of a code page that no character set stands for
    # (\cpg866, DOS Cyrillic) read in that page, no longer the document's (rtf 27)
    # an RTF part's, attachment's or TNEF body's \binN data outside a picture no text (rtf 27)
    # the space ending an RTF part's, attachment's or TNEF body's code page word after a brace no text
    # (rtf 27)
    # an RTF body of a TNEF part holding no HTML: its Symbol, Wingdings and Zapf Dingbats text as the
    # characters it shows (π, α, ✓), as the RTF reader reads it
    # the HTML a TNEF part's RTF body encapsulates (\fromhtml1) read in the code pages the RTF reader reads
    # an RTF document's bytes in: a font's code page (\cpgN) before its character set, raw bytes in the
    # current font's page, an escaped lead byte and the raw ASCII trail byte after it one character (テ for
    # \'83e in Shift_JIS, no longer "\ufffde"); \binN data no text
    # a Markdown alternative of the body (text/markdown, text/x-markdown beside text/plain and text/html)
    # read as the body by the Markdown reader, wherever it stands among them, its headings, lists and code
    # blocks kept; the HTML one read over it only where it shows a data table or an inline picture and keeps
    # its words, as over a plain one (the plain one, or the HTML one when no plain one stood beside it, was
    # read)
    # an attachment named .txt sent as a text type naming its format (text/markdown, text/x-markdown,
    # text/rtf, text/csv, text/tab-separated-values) read by that type's extractor, as one sent as text/html
    # is, no longer as text by its name (its marks, control words or commas kept)
    # a part, an attachment or a header's encoded word opening with a byte order mark read in the BOM's
    # encoding whatever charset it declares, the mark left out: UTF-16 text under windows-1252 or ISO-8859-1
    # no longer read a byte to a character ("ÿþG\x00r\x00" for "Gr"), UTF-8 under Shift_JIS no longer
    # misread
    # a Markdown part's or attached .md file's list keeps no item_lines (where each item starts in the part's
    # own text, which the mail's text, an item to a line, does not follow); Markdown and chunks unchanged
    # an HTML body's or attached page's, a Markdown part's or attachment's heading in a list item written
    # as a heading in the item, no longer as a plain paragraph of it (HTML 36, markdown 40)
    # an HTML body's or attached page's, a Markdown part's or attachment's list item's paragraphs after a
    # code block or a table in it a paragraph block each, no longer one block run together (HTML 36,
    # markdown 40)
    # an HTML body's or attached page's list item's element holding a block or a <br> read as the item is,
    # its paragraphs apart, no longer on the item's line (HTML 36)
    # an HTML body's or attached page's list item's nested lists before its first <pre> or table read before
    # it, no longer after it; an item holding nothing before its <pre> or table opened by it (HTML 36)
    # an HTML body's or attached page's list item's text after a nested list that a <pre> or table cuts
    # written after that block, no longer before it (HTML 36)
    # an RTF part's, attachment's or TNEF body's Mac font character set read in the code page the RTF
    # specification gives it, a font's code page of two digits (\cpg37) read, a font kept across \par for raw
    # bytes, text before any \fN or after \plain read in the default font's code page (rtf 27); the HTML a
    # TNEF part's RTF body encapsulates as well, and its fonts after a font table entry ending in "}}" read in
    # their code pages
    # an HTML body's or attached page's, a Markdown part's or attachment's list right after one whose last
    # item holds a code block or a table a list of its own (new_list), written with the other bullet or
    # delimiter, no longer as that list going on (HTML 36, markdown 40)
    # an HTML body's or attached page's, a Markdown part's or attachment's heading in a list item after a code
    # block or a table in it written as a heading in the item, no longer as a plain paragraph of it (HTML 36,
    # markdown 40)
    # an HTML body's or attached page's, a Markdown part's or attachment's list item's text between two nested
    # lists, where a code block or a table cuts the second, written before that list, no longer after the code
    # (HTML 36)
    # HTML nesting its elements more than 2,000 deep outside a table cell refused before it is parsed, as
    # structure nested too deeply (HTML 36)
    # a Markdown body holding more than 2,000 lines without a blank line after a link title left open read
    # by the markdown-it fallback, in time linear in its size (Markdown 40)
)
def extract_eml(data: bytes, ctx: ExtractContext) -> Document:
    if data.startswith(_BOM):
        data = data[len(_BOM) :]
    msg = _parse(data.replace(b"\r\n", b"\n"))
    if not _looks_like_mail(msg):
        return _as_text("eml", data, {"source_type": "eml"})
    reader = _Reader(ctx)
    top = reader.message(msg)
    # attachments: non-image attachments plus images that are not inline parts of the body
    attachments = top.attachment_count + sum(1 for keys in top.image_keys if not keys)
    return _document("eml", reader, eml_metadata(top, attachments))


def _is_separator(data: bytes, start: int, end: int) -> bool:
    """Whether the ``From `` line at ``start:end`` begins a message: a header block with a mail
    field follows it, and it opens the file or follows a blank line, or else the block starts with
    a field a mail store writes first, or the line is a mail store's postmark (``From sender
    weekday month day hh:mm:ss year``): messages that end without a blank line, as in
    Content-Length mailboxes."""
    block = _HEADER_BLOCK.match(data, end)
    if block is None or not _MAIL_FIELD.search(block.group()):
        return False
    if start == 0:
        return True
    line = data.rfind(b"\n", 0, start - 1) + 1
    return (
        not data[line : start - 1].strip()
        or _STORE_FIELD.match(data, end) is not None
        or _POSTMARK.match(data, start, end) is not None
    )


def split_mbox(data: bytes) -> list[bytes]:
    """The messages of an mbox. A message starts at a ``From `` line followed by its header lines;
    a ``From `` line in a body that was not escaped as ``>From `` is text, not a separator."""
    if data.startswith(_BOM):
        data = data[len(_BOM) :]
    seps = [m.span() for m in _MBOX_FROM.finditer(data) if _is_separator(data, *m.span())]
    if not seps:
        return [data] if data.strip() else []
    out = []
    lead = data[: seps[0][0]]
    if lead.strip():
        out.append(lead)
    for (_, start), end in zip(seps, [s for s, _ in seps[1:]] + [len(data)], strict=True):
        chunk = data[start:end]
        if chunk.strip():
            out.append(chunk.replace(b"\n>From ", b"\nFrom "))
    return out


@extractor(
    ".mbox",
    name="mbox",
    source_type="mbox",
    libraries=("tnefparse",),
    images=True,
    sniff=_sniff_mbox,
    priority=1,
    version="59",  # 2: HTML tables with colspan and rowspan laid out; 3: rowspan="0";
    # 4: split only at "From " lines followed by message headers, a leading UTF-8 BOM skipped,
    # raw 8-bit headers decoded (UTF-8, else cp1252), address lists split before display names
    # are decoded, nested messages a level below their parent, body headings below the subject,
    # images found by Content-Location, the attachments a winmail.dat holds named
    # 4 also: HTML items, cells and headings read inline text as paragraphs do; page chrome dropped; wrapped plain-text list lines go on with their item
    # 4 also: the HTML alternative read when it holds a data table or an inline image; S/MIME warnings
    # 5: hidden HTML elements (a preheader) left out; winmail.dat read (its body when the
    # message has none, its attachments and embedded messages); the HTML alternative read with
    # the link targets the plain one writes out
    # 6: HTML elements hidden by a <style> rule left out, all those left out counted in coverage.skipped;
    # an HTML-only body keeps its link targets as the HTML alternative does; a message in a
    # winmail.dat dated by its submit time in UTC; images matched to Content-Location and cid: as URLs
    # 7: attached files read with their own extractor (PDF, Word, workbooks, CSV as tables …),
    # a failing one listed with its error; base64 cut short decoded up to the cut
    # 8: a message/rfc822 part sent in base64 or quoted-printable decoded and read as a message;
    # a picture met in two attached files is one image; 9: a picture attached as octet-stream
    # an image under its heading; a binary attachment with the NUL pattern of UTF-16 not read
    # as text; attachments' images never take the name of one of the message's own
    # 10: no heading in capitals or after "#" in a plain part holding a program; the margin line
    # numbers of an HTML body or attachment listed in coverage.headers_footers_removed; an HTML
    # table laying the body out (role="presentation", cells holding blocks) read as flow;
    # 11: the text of the messages reserved in the text limit before their attached files are read;
    # a picture sent twice under two names one image, each place pointing at it; 12: a plain-text
    # body or attachment loses a poem's margin line numbers as a .txt file does; what an attached
    # file read with its own extractor removed listed with its name; a vCard or iCalendar attachment
    # its property lines, "BEGIN:VCARD" no heading; 13: a vCard or iCalendar attachment read as a
    # .vcf file is: a base64 picture an image, any other base64 value a skipped entry, never
    # text; quoted-printable values decoded; 14: a vCard or iCalendar sent as the plain-text
    # body read so too; 15: every picture of a message (shown in its HTML body, attached, or
    # of a card sent as its body) carries its message_index, as an Outlook message's do;
    # 16: so do the pictures of a file attached to it read with its own extractor; a picture
    # sent as application/octet-stream an image of the message as an image/* part is, no heading;
    # an HTML body's tables as html 10 reads them (a nested table its own, rows of short cells
    # data, a title row over a single row); an XML, JSON, YAML or program attachment keeps its
    # lines' indentation (read as laid out, as an Outlook message reads it), no list read into it;
    # an SVG sent as another type (octet-stream, text/xml) a picture of the message, not XML text
    # 17: a vCard or iCalendar sent as the whole message (text/vcard, text/calendar) its body, read
    # as a .vcf file is, not an attachment; an attachment named as markup or data no extractor
    # reads (.xml, .yaml, .ini …) read as text kept as laid out whatever its type (octet-stream),
    # as an Outlook message reads it, by the same rule; the blocks of a text attachment (text/*,
    # application/xml …) carry its name in ``attachment``, as an Outlook message's do; one over
    # what the text limit leaves it a skipped entry, as a file read with its own extractor is,
    # not the whole message failed; plain bodies keep indentation in steps (text 8), HTML tables as html 11;
    # an HTML attachment sent without a charset, or with one its bytes are not in, read in the one its
    # <meta> names, as an .html file's and an Outlook message's are; an HTML body so too;
    # an attached web page's cid: pictures point at the message's parts, as the body's do, and
    # are no longer listed apart, as in an Outlook message; a charset label read as mail readers
    # read it (iso-8859-1 as windows-1252, ks_c_5601-1987 as cp949 …)
    # 18: a text or HTML part in UTF-8 under a single-byte charset label (iso-8859-1,
    # windows-1252 …) read as UTF-8, as mail readers read it, no longer "CafÃ©"; a meeting
    # invitation's calendar (a text/calendar alternative) read after the body as a .ics file
    # is, less the text properties the subject or the body gives, no longer left unread; a
    # picture shown in more than one message lists them all in ``message_indexes``
    # 18 also: HTML 12 (alt-text pictures in cells, 30 px icons, flags after their rows, boxes headed)
    # 19: a format=flowed text/plain part (RFC 3676) read as mail readers show it: its soft line
    # breaks joined (DelSp=yes spaces deleted), space-stuffing off, quoted paragraphs at their depth
    # 20: an HTML body's or attached page's <blockquote> blocks carry their quote depth (HTML 13)
    # 21: a plain body's line starting with ">" after a space (format=flowed stuffing, or typed
    # indented) keeps one space before it: text, no longer a quote in Markdown; a forwarded
    # message sent in base64 read to its last byte; a delivery report's recipient fields sent
    # in base64 or quoted-printable decoded; a part's body right below its fields (no blank
    # line) read as its body, no longer as header
    # 22: an HTML body's or attached page's ordered items carry their numbers (HTML 14)
    # 23: an HTML body's or attached page's text in a list outside any <li> an unordered item (HTML 15)
    # 24: a format=flowed line's quote marks a space apart ("> > text") all counted: depth 2
    # 25: an appointment's, a meeting's or a task's fields in a winmail.dat (place, time, recurrence;
    # dates, status, owner) read from its named properties
    # 26: an encoded word in a header read by its charset as a part's text is (ISO-8859-1 as
    # Windows-1252, UTF-8 under a single-byte label as UTF-8, an unknown charset sniffed), one that
    # fails no longer leaving the whole header undecoded
    # 27: an empty text/plain alternative gives way to the HTML one, no longer an empty body
    # 28: an RTF attachment or part sent as text (text/rtf, or text/plain named .rtf) read as RTF,
    # no longer its control words and braces as text
    # 29: a text/enriched part (RFC 1896) read without its formatting commands and their
    # parameters, its line breaks as the RFC reads them
    # 30: an inline OpenPGP plain body read as its text: a cleartext-signed block its text, its
    # dash-escaping undone (signed note), an encrypted block left out (warning)
    # 31: a file uuencoded in a plain body an attachment of the message, no longer lines of the body
    # 32: an RFC 2231 file name's bytes read by its charset as an encoded word's are
    # 33: an HTML body's or attached page's <pre> in a list item a code block of its own (HTML 16)
    # 34: an HTML body's or attached page's <br> in a <pre> breaks its line (HTML 17)
    # 35: an HTML body's or attached page's soft hyphens left out (HTML 18)
    # 36: an attached XHTML page read in the encoding its XML declaration names (HTML 19)
    # 37: an HTML body's or attached page's table in a list item a table of its own (HTML 20)
    # 38: an HTML body's or attached page's line-number column beside a program left out (HTML 21)
    # 39: legacy text without a BOM or charset read in the code page that reads it cleanly
    # (windows-1250, windows-1251, KOI8-R, Shift_JIS, EUC-JP …), not always as windows-1252
    # 40: a plain text's ordered items keep the numbers typed before them (text 11)
    # 41: an attached workbook's times as Excel shows them (xlsx 27, xls 16, xlsb 20)
    # 42: text written against an encoded word in a header stays against it (RFC 2047: only
    # whitespace between two encoded words is dropped), no longer a space put between them
    # 43: a group of addresses (Team: a@x.org, b@y.org;, undisclosed-recipients:;) one entry of
    # its name and members, as mail readers show it, no longer its members alone or nothing
    # 44: a plain body's or attached text's soft hyphens (U+00AD) left out, as an HTML body's are (text 12)
    # 45: an HTML body's or attached page's <q> shows its quotation marks (HTML 23)
    # 46: an HTML body's or attached page's inline SVG drawing's labels read (HTML 24)
    # 47: a flowed body's "> >50 mg" the text ">50 mg" quoted once, a spaced mark against a word
    # a deeper quote only where a line beside it has those marks before a space
    # 48: an HTML body's or attached page's line left blank by two <br> ends a paragraph (HTML 25)
    # 49: legacy text without a BOM or charset: Polish with only ę and ń, Hungarian, Turkish
    # (windows-1254), Hebrew (windows-1255), ISO-8859-2 and kanji-only EUC-JP read in their code page
    # 50: an RFC 2231 file name's characters written unescaped (raw UTF-8) read as text, no longer
    # "\\u20ac.pdf"; of filename and filename* given together, filename* read
    # 51: an HTML body's or attached page's <q> shows the quotation marks of its language (HTML 27)
    # 52: a raw 8-bit header's backslash beside an encoded word kept ("C:\\Users"), no longer the
    # whole header left undecoded, nor a typed "\\u00e9" made an é
    # 53: an HTML body's or attached page's ruby readings and MathML equations, as the HTML reader's (HTML 28 to 30)
    # 54: legacy text without a BOM or charset: Greek (windows-1253, ISO-8859-7), Baltic (windows-1257) and
    # Arabic (windows-1256, ISO-8859-6) read in their code page; a word or short line whose bytes tell
    # ("Poznań", "Київ", "北海道") no longer misread
    # 55: an HTML body's or attached page's table footer written before its body read last, and the
    # header and footer of its sections and quotes read, Outlook's list paragraphs a list (HTML 32);
    # 55: legacy text without a BOM or charset: Ukrainian in KOI8-U, Persian in windows-1256 (پ چ ژ گ, the
    # Arabic question mark and comma, the zero-width non-joiner), Greek in capitals without accents read
    # in their code page
    # legacy text: a word opened by ð or ğ, an ì or ù before a letter, a þ after a vowel:
    # signs of a wrong reading ("Šeštadienį", "České Budějovice", "Kadıköy, Beşiktaş" in
    # windows-1257, -1250, -1254 no longer windows-1252);
    # an HTML body's or attached page's table footer written before its body read last, and the
    # header and footer of its sections and quotes read (HTML 32)
    # 56: legacy text without a BOM or charset: Greek capitals no longer read as KOI8-R, whose small Russian
    # letters then show я or й before a vowel, г or гс closing a word after a consonant, оу closing a word:
    # signs of a wrong reading, as are a Croatian đ opening a word before no vowel, a Romanian ţ before a
    # consonant and an ò closing a word after a vowel ("ΠΡΟΣΟΧΗ", "Šiauliai", "Şişli", "Plzeň" in
    # windows-1253, -1257, -1254, -1250 no longer KOI8-R, windows-1250, -1250, -1252);
    # legacy text: an œ closing a word or before w, r, m, z, a Polish ś, ź or ń before a vowel: signs of a
    # wrong reading (Polish "Wyświetla informację", "wartości" in windows-1250 no longer windows-1252, French
    # "cœur", "mœurs" in windows-1252 no longer windows-1250);
    # legacy text: a Slovak ť or Ť, a č, an è, an æ, an ê, an œ after a vowel and an ã met where their
    # languages do not write them: signs of a wrong reading (French "système" and German and French « » in
    # windows-1252 no longer windows-1250 or ISO-8859-2; Croatian "način", "će", Polish "narzędzia", "być",
    # Romanian "următorul", "dacă" in windows-1250 no longer windows-1252); Icelandic letters costed by their
    # frequency (Turkish "Ayrıntılı" in windows-1254 no longer windows-1252);
    # legacy text: an õ, an û, an ø, an ì and an è met where their languages do not write them: signs of a
    # wrong reading (Hungarian "mező", "betűi", Czech "při", "volitelně", "účty", "členové" in windows-1250 no
    # longer windows-1252); Icelandic costing more than the other languages of windows-1252 (Turkish
    # "kullanıldığında" in windows-1254 no longer windows-1252);
    # an HTML body or attached page without a charset in UTF-16 or UTF-32 without a BOM, its characters all
    # ASCII, read in it (HTML 33);
    # an HTML body's or attached page's table or <pre> in a list item written in the item, the list going
    # on after it (HTML 33)
    # 57: legacy text: six Cyrillic consonants in a row, an ы or ь opening a word or after a vowel, a й after
    # a consonant, a ъ closing a word, a Greek ϊ or ϋ after no vowel, a Greek ψ or ρ closing a word after a
    # consonant, a Hebrew כ, מ, נ, פ or צ closing a word and a × or ÷ beside a letter beyond ASCII: signs of a
    # wrong reading (Russian "программой", "это", "без" in KOI8-R no longer windows-1251, "запускаться" no
    # longer windows-1253, "все" no longer windows-1252; Ukrainian "майбутня", "щодо" and Serbian "опште",
    # "тачно" in windows-1251 no longer KOI8-R, windows-1255, KOI8-R, windows-1252)
    # an HTML body's or attached page's empty list item gives the list's text no blank line (HTML 34)
    # an HTML body's or attached page's <blockquote> in a list item written as a quote in the item (HTML 34);
    # legacy text without a BOM or charset: a ý after c, j or y, a þ after c or before i and a vowel, an ê
    # after j, k or w, a ţ closing a word after an i that opens it or follows a vowel and a letter, a ē before
    # a vowel, an ã closing a word after nt, ct, ps or pl and a Hebrew point on a Latin letter: signs of a
    # wrong reading (Turkish "dosyayı", "geniş", "seçeneği" in windows-1254 no longer windows-1252, -1250,
    # -1257; Romanian "acţiune", "curentă" and Polish "opcję" in windows-1250 no longer windows-1252; Spanish
    # "despuÃ" in windows-1252 no longer windows-1255)
    # legacy text without a BOM or charset: a þ after a vowel and before a vowel, r, j or v is no longer a
    # sign of a wrong reading in a word with an é, í, ó, ú or an á or æ before a letter (Icelandic "óþekkt",
    # "íþrótt", "milliþjóns", "Táknmyndaþema" in windows-1252 no longer windows-1250, -1257 or -1254); an î
    # before b, g, j, k, p, v, z or a d not before j, and an â before a d and a vowel but e are signs of a
    # wrong reading (Latvian "darbību", "derīgs", "kādu" in windows-1257 no longer windows-1252)
    # a list item of soft hyphens alone (an HTML body's, an attached page's or text's) an empty item: no
    # blank line in the list's text (HTML 34, text 17)
    # an HTML body's or attached page's <blockquote> of several paragraphs in a list item written as
    # paragraphs of the quote (HTML 34)
    # an HTML body's or attached page's text and quotes an item shows after its nested list written
    # under it, that text a word of its own (HTML 34)
    # an HTML body's or attached page's soft hyphens with spaces around them leave one space between
    # words, none at a line's edge (HTML 34)
    # 58: legacy text without a BOM or charset: Hebrew stored in visual order (each word reversed, opening
    # with its final letter) read in windows-1255, its final letters no longer signs of a wrong reading there;
    # a geresh or gershayim after a Hebrew letter no longer a stray sign ("ארה״ב", "ראה דו״ח מס׳ 12", "ג׳ירפה
    # וצ׳יפס" and visual "ץבוקה תא חותפל ןתינ אל" in windows-1255 no longer windows-1256, windows-1251,
    # GB18030 or KOI8-R)
    # an HTML body's or attached page's text and quotes a list item shows between two of its nested
    # lists written between them (HTML 35)
    # an HTML body's or attached page's list item showing no text before its nested list an empty item
    # before that list's items, no longer dropped (HTML 35)
    # a Markdown part or attachment (text/markdown, text/x-markdown, or named .md or .markdown sent as
    # text) read by the Markdown reader, as a .md file sent as application/octet-stream is: its headings,
    # lists, code blocks and tables, its emphasis marks left out, an attachment in the charset its type
    # declares; it was read as plain text
    # legacy text without a BOM or charset: a small э, щ or ч closing a word after two capitals and a word of
    # four small Cyrillic consonants or more (no р, no ъ) are signs of a wrong reading (Greek "μετά",
    # "περιοχή", "Ρόλος" in windows-1253 no longer KOI8-R or windows-1251)
    # an HTML body's or attached page's, a Markdown part's or attachment's list item of several paragraphs
    # written as paragraphs of the item, no longer run together on its line (HTML 35, markdown 39)
    # a file attached for its own extractor to read as text (a CSV or TSV table, JSON, NDJSON, a contact card,
    # a calendar, a web page or a text file read by its name, a file its content shows to be text) read in
    # the charset its type declares, which detection alone misread ("σώμα;ΠΟΥ" in windows-1253 read as KOI8-R
    # "СЧЛА;поу"); a part, an attachment or a header's encoded word under a charset naming no codec of text
    # (base64, rot13, idna) read as one under none, no longer failing the whole mail; a text part's UTF-8 BOM
    # under a declared charset left out, no longer kept as its first character
    # HTML bodies, attached pages and cards: a charset label naming one of Python's codecs that read no text
    # (base64, rot13, hex, zlib, idna, undefined) read as no charset (a page's meta charset or XML encoding, a
    # card's CHARSET), no longer failing the file
    # an RTF part or attachment: bytes above 0x7F written raw, not as \'xx, read in the code page its font or
    # header declares, as escaped bytes are, no longer as Latin-1; a double-byte character's two bytes read
    # together (rtf 26)
    # an RTF body of a TNEF part (winmail.dat) holding no HTML read in the code page its header (\ansicpgN,
    # \mac) or current font (\cpgN, \fcharsetN) declares, raw or escaped bytes, a double-byte character's two
    # bytes together, as the RTF reader reads them, no longer always as Windows-1252 ("Καλημέρα" in
    # windows-1253 no longer "ÊáëçìÝñá"); an RTF part or attachment's text right after the code page word
    # kept (rtf 26); an RTF part's font naming no character set read in the document's code page (rtf 26)
    # 59: an RTF part's, attachment's or TNEF body's font of a code page that no character set stands for
    # (\cpg866, DOS Cyrillic) read in that page, no longer the document's (rtf 27)
    # an RTF part's, attachment's or TNEF body's \binN data outside a picture no text (rtf 27)
    # the space ending an RTF part's, attachment's or TNEF body's code page word after a brace no text
    # (rtf 27)
    # an RTF body of a TNEF part holding no HTML: its Symbol, Wingdings and Zapf Dingbats text as the
    # characters it shows (π, α, ✓), as the RTF reader reads it
    # the HTML a TNEF part's RTF body encapsulates (\fromhtml1) read in the code pages the RTF reader reads
    # an RTF document's bytes in: a font's code page (\cpgN) before its character set, raw bytes in the
    # current font's page, an escaped lead byte and the raw ASCII trail byte after it one character (テ for
    # \'83e in Shift_JIS, no longer "\ufffde"); \binN data no text
    # a Markdown alternative of the body (text/markdown, text/x-markdown beside text/plain and text/html)
    # read as the body by the Markdown reader, wherever it stands among them, its headings, lists and code
    # blocks kept; the HTML one read over it only where it shows a data table or an inline picture and keeps
    # its words, as over a plain one (the plain one, or the HTML one when no plain one stood beside it, was
    # read)
    # an attachment named .txt sent as a text type naming its format (text/markdown, text/x-markdown,
    # text/rtf, text/csv, text/tab-separated-values) read by that type's extractor, as one sent as text/html
    # is, no longer as text by its name (its marks, control words or commas kept)
    # a part, an attachment or a header's encoded word opening with a byte order mark read in the BOM's
    # encoding whatever charset it declares, the mark left out: UTF-16 text under windows-1252 or ISO-8859-1
    # no longer read a byte to a character ("ÿþG\x00r\x00" for "Gr"), UTF-8 under Shift_JIS no longer
    # misread
    # a Markdown part's or attached .md file's list keeps no item_lines (where each item starts in the part's
    # own text, which the mail's text, an item to a line, does not follow); Markdown and chunks unchanged
    # an HTML body's or attached page's, a Markdown part's or attachment's heading in a list item written
    # as a heading in the item, no longer as a plain paragraph of it (HTML 36, markdown 40)
    # an HTML body's or attached page's, a Markdown part's or attachment's list item's paragraphs after a
    # code block or a table in it a paragraph block each, no longer one block run together (HTML 36,
    # markdown 40)
    # an HTML body's or attached page's list item's element holding a block or a <br> read as the item is,
    # its paragraphs apart, no longer on the item's line (HTML 36)
    # an HTML body's or attached page's list item's nested lists before its first <pre> or table read before
    # it, no longer after it; an item holding nothing before its <pre> or table opened by it (HTML 36)
    # an HTML body's or attached page's list item's text after a nested list that a <pre> or table cuts
    # written after that block, no longer before it (HTML 36)
    # an RTF part's, attachment's or TNEF body's Mac font character set read in the code page the RTF
    # specification gives it, a font's code page of two digits (\cpg37) read, a font kept across \par for raw
    # bytes, text before any \fN or after \plain read in the default font's code page (rtf 27); the HTML a
    # TNEF part's RTF body encapsulates as well, and its fonts after a font table entry ending in "}}" read in
    # their code pages
    # an HTML body's or attached page's, a Markdown part's or attachment's list right after one whose last
    # item holds a code block or a table a list of its own (new_list), written with the other bullet or
    # delimiter, no longer as that list going on (HTML 36, markdown 40)
    # an HTML body's or attached page's, a Markdown part's or attachment's heading in a list item after a code
    # block or a table in it written as a heading in the item, no longer as a plain paragraph of it (HTML 36,
    # markdown 40)
    # an HTML body's or attached page's, a Markdown part's or attachment's list item's text between two nested
    # lists, where a code block or a table cuts the second, written before that list, no longer after the code
    # (HTML 36)
    # HTML nesting its elements more than 2,000 deep outside a table cell refused before it is parsed, as
    # structure nested too deeply (HTML 36)
    # a Markdown body holding more than 2,000 lines without a blank line after a link title left open read
    # by the markdown-it fallback, in time linear in its size (Markdown 40)
)
def extract_mbox(data: bytes, ctx: ExtractContext) -> Document:
    raw_messages = split_mbox(data.replace(b"\r\n", b"\n"))
    reader = _Reader(ctx)
    limit = ctx.limits.max_messages
    if len(raw_messages) > limit:
        reader.truncated.append(f"{len(raw_messages) - limit} messages over the {limit:,}-message limit")
        raw_messages = raw_messages[:limit]
    for raw in raw_messages:
        reader.message(_parse(raw))
    if not reader.messages:
        return _as_text("mbox", data, {"source_type": "mbox", "message_count": 0})
    metadata = {"source_type": "mbox", "message_count": len(raw_messages)}
    return _document("mbox", reader, metadata)
