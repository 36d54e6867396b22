"""Outlook .msg files (extract-msg).

A message becomes: its subject as a heading, a header paragraph (From/To/Cc/Date/Subject, with
the ``<address>`` text kept; a contact card's fields or a contact group's members, a calendar
item's place, time and attendees, a meeting request's header then its place and time, a journal
entry's header then what it logged and when, a task's header then its dates, status and owner),
the body (the plain body, read as an
e-mail's plain body is: headings, lists and paragraphs, by the same function; or the HTML body when
it holds a data table or an inline image the plain one cannot show, as for e-mail; else the HTML
body read as HTML, its stream in the code page the message names; else the RTF body, read as
an .rtf file is where its markup lays out a table, a list, a heading or a picture, else with its
markup stripped, read as the plain one), the image attachments as image blocks (in their place when the HTML body or an attached web page shows them
by ``cid:``, or the body by their Content-Location), then the
text-like attachments, each under an ``Attachment: name`` heading. Embedded messages are read the
same way, after their parent, with ``message_index`` 2, 3 … in their blocks' meta (the file's
message is 1, as in e-mail; a picture shown in several of them is one image, its
``message_indexes`` listing them); recipients are joined with commas and the Date line is marked UTC. Other attachments (PDF, Office files, CSV …) are read with their own extractor under the same
heading (:mod:`._attached`); those no extractor reads are listed in ``Coverage.skipped`` with a
reason. Signed and encrypted
(S/MIME, PGP) messages give what is readable, with a coverage warning.
"""

from __future__ import annotations

import codecs
import datetime as dt
import functools
import logging
import posixpath
import re
import struct
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import unquote

from ..errors import DocumentLimit, EmptyExtraction, ParseError
from ..images import EXTRACTED_FORMATS, admit, met_before, sniff_image_format
from ..limits import ExtractContext
from ..model import (
    HEADING,
    IMAGE,
    LIST,
    PARAGRAPH,
    TABLE,
    Block,
    Coverage,
    Document,
    Image,
    Skipped,
    assemble,
)
from ..sniff import decode_labelled, decode_text, looks_binary
from ._attached import (
    Attacher,
    as_text,
    attached_text,
    cid_key,
    in_declared_charset,
    page_text,
    plain_body,
    put_in_place,
    svg_picture,
    text_chars,
)
from ._properties import PROPERTY_LINES
from ._smime import (
    DETACHED_SIGNATURE_EXTENSIONS,
    ENCRYPTED_TYPES,
    ENCRYPTED_WARNING,
    PGP_ENCRYPTED_WARNING,
    SIGNATURE_EXTENSIONS,
    SIGNED_NOTE,
    inline_pgp,
)
from .registry import extractor

for _name in ("extract_msg", "olefile", "RTFDE"):
    logging.getLogger(_name).setLevel(logging.CRITICAL)

#: Nesting depth of embedded messages read before the rest is listed as skipped.
MAX_DEPTH = 12
#: Compressed RTF bodies up to this size are decompressed to look for an HTML body with a table
#: or an inline image beside a plain body (about 0.25 ms per KB).
MAX_SCANNED_RTF = 128 * 1024

_C1 = re.compile("[\x80-\x9f]")
_WS = re.compile(r"\s+")
_IMPORTANCE = {0: "Low", 1: "Normal", 2: "High"}


def _library_errors() -> tuple[type[BaseException], ...]:
    from extract_msg.exceptions import ExMsgBaseException

    # What extract-msg and olefile raise on damaged or unusual files.
    return (
        ExMsgBaseException,
        OSError,
        ValueError,
        KeyError,
        IndexError,
        TypeError,
        AttributeError,
        LookupError,
        struct.error,
        EOFError,
        NotImplementedError,
        ZeroDivisionError,
        OverflowError,
        AssertionError,
    )


def clean(text: str | None) -> str:
    """Strip NUL terminators, normalise newlines and repair cp1252 text decoded as latin-1."""
    if not text:
        return ""
    text = text.replace("\x00", "")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if _C1.search(text):
        try:
            text = text.encode("latin-1").decode("cp1252")
        except UnicodeError:
            pass
    return text


#: The prefix of the codecs :func:`_ansi_strings` names: ``mail_ansi_`` and the code page's codec.
_ANSI_PREFIX = "mail_ansi_"


def _ansi_codec(name: str) -> codecs.CodecInfo | None:
    """The codec ``mail_ansi_<codec>`` (a codec search function): the string properties of an
    ANSI message (PT_STRING8), read in its code page ``<codec>`` as mail readers read a part
    under its charset label (:func:`~indexer.sniff.decode_labelled`): bytes that are UTF-8 in
    full, and not ASCII, as UTF-8 under a single-byte code page. Writers that store UTF-8 in
    such a message leave its code page at 1252, which reads any bytes: "CafÃ©" for "Café"."""
    if not name.startswith(_ANSI_PREFIX):
        return None
    try:
        base = codecs.lookup(name[len(_ANSI_PREFIX) :])
    except LookupError:
        return None

    def decode(data: bytes, errors: str = "strict") -> tuple[str, int]:
        raw = bytes(data)
        try:
            return decode_labelled(raw, base.name), len(raw)
        except (LookupError, UnicodeDecodeError):
            return base.decode(raw, errors)

    return codecs.CodecInfo(base.encode, decode, name=name)


@functools.cache
def _ansi_codecs() -> None:
    codecs.register(_ansi_codec)


def _ansi_strings(st: _State, msg: Any) -> str | None:
    """The encoding an ANSI message (no Unicode string properties, MS-OXMSG's PT_STRING8
    streams) is read in, so that extract-msg reads each of its strings (subject, body, names,
    addresses, fields) by :func:`_ansi_codec` in Windows's codec of its code page
    (:func:`_string8_codec`); None for a Unicode message. extract-msg reads them in
    ISO-8859-15 where the message names no code page of its own ("LetŽs" for "Let´s" written
    in Windows-1252), whatever its Internet code page."""
    if st.safe(lambda: msg.areStringsUnicode, True):
        return None
    codec = st.safe(lambda: _string8_codec(msg))
    if codec is None:
        return None
    _ansi_codecs()
    return _ANSI_PREFIX + codec


def _open_ansi(st: _State, data: bytes, **options: Any) -> Any:
    """The message of ``data`` opened in its ANSI encoding (:func:`_ansi_strings`), for one
    whose header extract-msg could not read on opening in its own codec of the code page: a
    sender named 髙橋 in code page 932, Shift_JIS to extract-msg, which lacks the characters
    Windows adds to it (髙 and ① among them), lost the whole message."""
    import extract_msg
    from extract_msg.msg_classes import MSGFile

    props = MSGFile(data, **options)  # its properties, none of its strings read
    try:
        encoding = _ansi_strings(st, props)
    finally:
        props.close()
    if encoding is None:
        raise ParseError("a string of the message cannot be read in its code page")
    return extract_msg.openMsg(data, delayAttachments=True, overrideEncoding=encoding, **options)


#: the private fields where extract-msg (0.52 to 0.57 at least) keeps an open message's string
#: encoding and the encoding it was told to use instead of its own
_ENCODING_FIELDS = ("_MSGFile__stringEncoding", "_MSGFile__overrideEncoding")
#: and where a mail (extract-msg's MessageBase) keeps whether its header was read: until it is,
#: its sender and recipients are read without it (the header, when the message has no transport
#: headers, is made of them; read with it set, each asks the other, endlessly)
_HEADER_READ = "_MessageBase__headerInit"


def _read_in(msg: Any, encoding: str | None, either: bool = False) -> bool:
    """Whether the open ``msg`` now reads its strings in ``encoding`` (when given), as it would
    opened with ``overrideEncoding=encoding``, and, with ``either``, each from the stream of
    either kind that holds it (:func:`_either_kind`): the encoding is set where extract-msg
    keeps it, the values it has read so far (its header and body, read as it opens, in the code
    page it found) are dropped to be read again, and the messages embedded in it are opened with
    it too. An ANSI message was opened a second time for this, a third of its extraction time.
    False, and ``msg`` untouched, where this extract-msg keeps them elsewhere: the caller opens
    it again."""
    state = vars(msg)
    if (
        not all(name in state for name in _ENCODING_FIELDS)
        or (hasattr(type(msg), "headerInit") and _HEADER_READ not in state)
        or msg.attachmentsReady
    ):
        return False
    if encoding is not None:
        for name in _ENCODING_FIELDS:
            state[name] = encoding
        msg.kwargs["overrideEncoding"] = encoding
    if either:
        _either_kind(msg)
    _read_again(msg)
    return True


#: the suffixes of a string property's stream: a Unicode string (PT_UNICODE) and an 8-bit one
#: in the message's code page (PT_STRING8)
_WIDE, _NARROW = "001F", "001E"


#: the types of a string stream: one Unicode or 8-bit string, several
_STRING_TYPES = frozenset({"001F", "001E", "101F", "101E"})


def _mixes_kinds(msg: Any) -> bool:
    """Whether ``msg`` holds a string stream (its own, a named property's, a recipient's, an
    attachment's or an embedded message's) of the kind its strings are not said to be (its
    store support mask, PR_STORE_SUPPORT_MASK)."""
    other = _NARROW if msg.areStringsUnicode else _WIDE
    kinds = {other, "1" + other[1:]}  # a string, several (each value's stream named after them)
    return any(entry[-1][16:20].upper() in kinds for entry in msg.listDir())


def _either_kind(msg: Any) -> None:
    """Have ``msg`` (and its recipients and attachments, which ask it) read each string property
    from the stream that holds it, its Unicode string first, else its 8-bit one in the message's
    code page, and a named one in its own kind: extract-msg reads the kind the message says all
    its strings are, and found no sender, recipient name or attachment name written the other
    way, or read an 8-bit one whose characters its code page lacks are ``?`` beside the Unicode
    one ("???? ??????" for "Иван Петров" in an ANSI message of code page 1252)."""
    # a Unicode message's 8-bit strings are in its code page; an ANSI message's in the encoding
    # it reads its own in (the one it is told, _ansi_strings), asked when one is read
    narrow = _ANSI_PREFIX + _string8_codec(msg) if msg.areStringsUnicode else None
    _ansi_codecs()

    def read(filename: Any, prefix: bool = True) -> str | None:
        path = msg.fixPath(filename, prefix)
        raw = msg.getStream(path + _WIDE, prefix=False)
        if raw is not None:
            return raw.decode("utf-16-le")
        raw = msg.getStream(path + _NARROW, prefix=False)
        return None if raw is None else raw.decode(narrow or msg.stringEncoding)

    typed = msg._getTypedStream

    def read_typed(filename: Any, prefix: bool = True, _type: str | None = None) -> tuple[bool, Any]:
        # a named property (an item's location, its categories …): extract-msg reads its first
        # stream of that id, a string of either kind (one or several values) in the message's
        # encoding, UTF-16LE for a Unicode message
        path = msg.fixPath(filename, prefix)
        name = (
            path + _type
            if _type
            else next((x for x in msg.slistDir() if x.startswith(path) and "-" not in x), "")
        )
        kind = name[-4:].upper()
        raw = msg.getStream(name, prefix=False) if kind in _STRING_TYPES else None
        if raw is None:
            return typed(filename, prefix, _type)
        codec = "utf-16-le" if kind.endswith("F") else narrow or msg.stringEncoding
        if not kind.startswith("1"):
            return True, raw.decode(codec) if raw else None
        values = []
        while (part := msg.getStream(f"{name}-{len(values):08X}", prefix=False)) is not None:
            values.append(part.decode(codec).rstrip("\0"))
        return True, values

    vars(msg)["getStringStream"] = read
    vars(msg)["_getTypedStream"] = read_typed


def _string8_codec(msg: Any) -> str:
    """The codec of a message's 8-bit strings (PT_STRING8): Windows's codec (:func:`code_page_codec`)
    of its code page (PR_MESSAGE_CODEPAGE), else of its Internet code page (PR_INTERNET_CPID);
    an embedded message naming neither, its holder's; else Windows-1252, the code page Outlook
    writes Western text in. US-ASCII (20127, often the Internet code page of a message in
    English) names none: it says that the text is ASCII, and an 8-bit string is not."""
    from extract_msg.msg_classes import MSGFile

    for ref in reversed(msg.treePath):  # the message, then the messages holding it
        held = ref()
        if not isinstance(held, MSGFile):
            continue
        for prop in ("3FFD0003", "3FDE0003"):
            try:
                codec = code_page_codec(held.getPropertyVal(prop))
            except _library_errors():
                continue
            if codec is not None and codec != "ascii":
                return codec
    return "cp1252"


def _read_again(msg: Any, keep: tuple[str, ...] = ()) -> None:
    """Drop the values the open ``msg`` has read (those extract-msg keeps once read, but
    ``keep``), and read its header and body again as it reads them on opening."""
    state = vars(msg)
    for cls in type(msg).__mro__:
        for name, attr in vars(cls).items():
            if isinstance(attr, functools.cached_property) and name not in keep:
                state.pop(name, None)
    if hasattr(type(msg), "headerInit") and _HEADER_READ in state:
        # read again as a mail reads them on opening: its header first, then its body
        state[_HEADER_READ] = False
        _ = msg.header
        msg._crlf = "\n"
        try:
            _ = msg.body
        except Exception:  # noqa: BLE001 - extract-msg opens a mail whatever its body raises
            pass


#: an embedded message's storage in its attachment's, and its message class stream, which every
#: message has: ``001F`` for a Unicode string (PT_UNICODE), ``001E`` for an 8-bit one (PT_STRING8)
_EMBEDDED = "__substg1.0_3701000D"
_CLASS_STREAM = {True: "__substg1.0_001A001F", False: "__substg1.0_001A001E"}


def _attachment(msg: Any, folder: str) -> Any:
    """extract-msg's attachment of ``msg`` in its storage ``folder`` (its ``initAttachment``), an
    embedded message whose strings are not of the kind of its holder's (Unicode in an ANSI
    message, or ANSI in a Unicode one) opened as what its own streams are. extract-msg takes an
    embedded message's kind from its holder, an embedded message seldom naming it (in its store
    support mask), and an ANSI holder's encoding with it: a Unicode message attached to an ANSI
    one was read from string streams it does not have, its subject, body and class lost, and it
    was counted as an empty message."""
    from extract_msg.attachments import initStandardAttachment

    # the storages under the message, listed (and kept) by extract-msg to find its attachments:
    # its streams are looked at only where one of them holds an embedded message
    if (folder, _EMBEDDED) not in msg.listDir(False, True, False):
        return initStandardAttachment(msg, folder)
    unicode = msg.areStringsUnicode
    inner = [folder, _EMBEDDED]
    if not (
        msg.exists([*inner, _CLASS_STREAM[not unicode]]) and not msg.exists([*inner, _CLASS_STREAM[unicode]])
    ):
        # an ANSI message in an ANSI one was opened in its holder's encoding: it is read in its
        # own code page when it names another
        return _embedded_either_kind(initStandardAttachment(msg, folder), ansi=not unicode)
    # its holder's kind and encoding, which it reads on opening, are its own while it is opened
    state, options = vars(msg), msg.kwargs
    encoding = options.pop("overrideEncoding", None)
    state["areStringsUnicode"] = not unicode
    try:
        att = initStandardAttachment(msg, folder)
    finally:
        state["areStringsUnicode"] = unicode
        if encoding is not None:
            options["overrideEncoding"] = encoding
    embedded = getattr(att, "data", None)
    if embedded is not None and hasattr(type(embedded), "areStringsUnicode"):
        vars(embedded)["areStringsUnicode"] = not unicode  # else asked of its holder once read
    # an ANSI message in a Unicode one is read in its code page as the file's message is
    return _embedded_either_kind(att, ansi=unicode)


def _embedded_either_kind(att: Any, ansi: bool = False) -> Any:
    """The attachment ``att``; the message embedded in it, if it is one, read again from string
    streams of either kind (:func:`_either_kind`) where it holds both, and, with ``ansi`` (an
    ANSI message opened in its own encoding, not its holder's), in Windows's codec of its code
    page (:func:`_ansi_strings`), where extract-msg read ISO-8859-15 when it names none."""
    from extract_msg.msg_classes import MSGFile

    embedded = getattr(att, "data", None)
    if not isinstance(embedded, MSGFile):
        return att
    either = _mixes_kinds(embedded)
    state = vars(embedded)
    ansi = ansi and all(name in state for name in _ENCODING_FIELDS)
    if ansi:
        encoding = _ANSI_PREFIX + _string8_codec(embedded)
        ansi = any(state[name] != encoding for name in _ENCODING_FIELDS)  # else read as it is already
    if ansi:
        _ansi_codecs()
        for name in _ENCODING_FIELDS:
            state[name] = encoding
    if either:
        _either_kind(embedded)
    if ansi or either:
        # its attachments are read as it opens, and its kind of strings may be its own
        _read_again(embedded, keep=("attachments", "areStringsUnicode"))
    return att


def _date(value: Any) -> str | None:
    if not isinstance(value, dt.datetime):
        return None
    if value.tzinfo is not None:
        value = value.astimezone(dt.UTC).replace(tzinfo=None)
    return value.strftime("%Y-%m-%d %H:%M:%S")


def _address(name: str, addr: str) -> str:
    name, addr = clean(name).strip(), clean(addr).strip()
    if addr and "@" not in addr:
        addr = ""  # an Exchange distinguished name (/O=…/CN=…) says nothing to a reader
    if name and addr and name.strip("'\"").lower() != addr.lower():
        return f"{name} <{addr}>"
    return addr or name


@dataclass
class _State:
    ctx: ExtractContext
    errors: tuple[type[BaseException], ...]
    blocks: list[Block] = field(default_factory=list)
    images: dict[str, Image] = field(default_factory=dict)
    by_bytes: dict[tuple[int, int], Image] = field(default_factory=dict)  # the item's own (met_before)
    skipped: list[Skipped] = field(default_factory=list)
    indexed: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)  # what attached files read on their own removed
    messages: int = 0
    empty: int = 0
    attacher: Attacher = field(init=False)  # sets the attached files aside (read_attachments)
    #: for each message with pictures its body does not show and attachments set aside: its
    #: pictures by the keys of :func:`picture_key`, the placeholders of its attachments, and the
    #: image blocks listed after its body, each with its keys; an attached web page may show them
    unshown: list[tuple[dict[str, str], list[Block], list[tuple[tuple[str, ...], Block]]]] = field(
        default_factory=list
    )

    def __post_init__(self) -> None:
        self.attacher = Attacher(self.ctx)

    def read_attachments(self) -> None:
        """Read the attached files set aside while the item was walked, its own text (and that
        of the messages embedded after them) reserved first in the text limit, each in the
        place it was met."""
        if not self.attacher.pending:
            return
        placed = self.attacher.read_deferred(text_chars(self.blocks), self)
        listed_apart: set[int] = set()  # the ids of the image blocks an attached page shows
        for cids, slots, listed in self.unshown:
            # an attached web page's <img src="cid:…"> shows a picture of its message as the
            # body's does (_place_cid_images), which is then not listed apart
            shown: set[str] = set()
            for slot in slots:
                placed[id(slot)], got = _place_cid_images(placed[id(slot)], cids)
                shown |= got
            listed_apart |= {id(b) for keys, b in listed if not shown.isdisjoint(keys)}
        self.blocks = [b for b in put_in_place(self.blocks, placed) if id(b) not in listed_apart]

    def safe(self, fn: Any, default: Any = None) -> Any:
        try:
            value = fn()
        except self.errors:
            return default
        return default if value is None else value

    def body(self, fn: Any) -> Any:
        """A body property: compressed-RTF decoding raises a bare ``Exception`` on a bad CRC, so
        here (and only here) any exception of the library means "this body is unreadable"."""
        try:
            return fn()
        except Exception:  # noqa: BLE001 - see the docstring
            return None

    def warn(self, text: str) -> None:
        if text not in self.warnings:
            self.warnings.append(text)


def _string(st: _State, msg: Any, prop: str) -> str:
    return clean(st.safe(lambda: msg.getStringStream(f"__substg1.0_{prop}"), ""))


def transport_addresses(text: str) -> dict[str, list[str]]:
    """The From, To and Cc addresses of the transport headers (``PR_TRANSPORT_MESSAGE_HEADERS``)
    as ``Name <address>``, read as an e-mail's are (:func:`~.email.addresses`): a group (``Team:
    a@x.org, b@y.org;``, ``undisclosed-recipients:;``) one entry, its name then its members. A
    field is left out unless each of its entries has an address or is a group; the sender is
    taken only with an address."""
    if not text.strip():
        return {}
    from email.errors import MessageError
    from email.parser import HeaderParser

    from .email import addresses

    out: dict[str, list[str]] = {}
    try:
        head = HeaderParser().parsestr(text.lstrip(), headersonly=True)
        for label in ("from", "to", "cc"):
            found = [_named(clean(a).strip()) for a in addresses(head, label)]
            grouped = label != "from"
            if found and all("@" in a or (grouped and _GROUP.fullmatch(a)) for a in found):
                out[label] = found
    except (MessageError, ValueError, LookupError, TypeError, AttributeError):
        return out  # a malformed header gives what was read before it
    return out


#: an address group as :func:`~.email.addresses` writes it: its name, a colon, its members, ";"
_GROUP = re.compile(r"[^:<>@]+:.*;", re.DOTALL)
#: an address with a name, as :func:`~.email.addresses` writes it
_NAMED = re.compile(r"(.*) <([^<>]*)>", re.DOTALL)


def _named(entry: str) -> str:
    """An entry of :func:`~.email.addresses` as :func:`_address` writes it: a name that only
    repeats its address (``'joe@x.org' <joe@x.org>``) left out."""
    m = _NAMED.fullmatch(entry)
    return _address(m[1], m[2]) if m else entry


#: the stream of the transport headers as a Unicode string (PT_UNICODE)
_TRANSPORT_HEADERS = "__substg1.0_007D001F"


def transport_text(st: _State, msg: Any) -> str:
    """The message's transport headers (``PR_TRANSPORT_MESSAGE_HEADERS``), the header block it
    was received with. The 8-bit text of a header line (raw UTF-8 or a code page's, not
    RFC 2047 words) is read as an e-mail's is: a Unicode-typed stream holding 8-bit bytes in the
    message's code page (or as UTF-8, :func:`eight_bit_text`), and a line stored a byte to a
    character (each of its characters U+0000 to U+00FF) as those bytes read by their label
    ISO-8859-1 (:func:`~indexer.sniff.decode_labelled`: as UTF-8 when they are UTF-8 in full,
    else as Windows-1252). "JÃ¶rg" was shown for "Jörg"."""
    raw = st.safe(lambda: msg.getStream(_TRANSPORT_HEADERS))
    if isinstance(raw, bytes) and eight_bit_text(raw):
        return clean(_in_code_page(st, msg, raw.rstrip(b"\0")))
    text = st.safe(lambda: msg.getStringStream("__substg1.0_007D"), "")
    if not isinstance(text, str):
        return ""
    return clean("".join(map(_byte_line, text.splitlines(keepends=True))))


def _byte_line(line: str) -> str:
    """A header line stored a byte to a character read as the bytes it holds (:func:`transport_text`)."""
    if line.isascii() or max(line) > "\xff":
        return line
    return decode_labelled(line.encode("latin-1"), "iso-8859-1")


def headers(st: _State, msg: Any) -> dict[str, Any]:
    """The message's header fields, as plain values."""
    name = _string(st, msg, "0C1A") or _string(st, msg, "0042")
    addr = ""
    for prop in ("5D01", "0C1F", "5D02", "0065"):
        candidate = _string(st, msg, prop)
        if "@" in candidate:
            addr = candidate
            break
    sender = _address(name, addr)
    transport: dict[str, list[str]] | None = None
    if not sender:  # the transport headers' sender, read here rather than by extract-msg
        transport = transport_addresses(transport_text(st, msg))
        found = transport.get("from") or [clean(st.safe(lambda: msg.sender, "")).replace(" <None>", "")]
        sender = found[0]
    kinds: dict[int, list[str]] = {1: [], 2: [], 3: []}
    for rcpt in st.safe(lambda: list(msg.recipients), []):
        kind = int(st.safe(lambda r=rcpt: r.type, 1))
        smtp = st.safe(lambda r=rcpt: r.smtpAddress, "") or st.safe(lambda r=rcpt: r.email, "")
        text = _address(st.safe(lambda r=rcpt: r.name, ""), smtp)
        if text:
            kinds.setdefault(kind, []).append(text)
    lacking = {k for k in (1, 2) if not any("@" in a for a in kinds[k])}
    if "@" not in sender or 1 in lacking or (2 in lacking and kinds[2]):
        # Exchange names only (or nothing): the transport headers of a received message say more
        if transport is None:
            transport = transport_addresses(transport_text(st, msg))
        if "@" not in sender and transport.get("from"):
            sender = transport["from"][0]
        for kind, label in ((1, "to"), (2, "cc")):
            if kind in lacking and transport.get(label):
                kinds[kind] = transport[label]
    importance = st.safe(lambda: msg.importance)
    attachments = st.safe(lambda: list(msg.attachments), [])
    return {
        "message_class": clean(st.safe(lambda: msg.classType, "")).strip(),
        "subject": _subject(st, msg),
        "from": sender.strip(),
        "to": kinds[1],
        "cc": kinds[2],
        "bcc": kinds[3],
        "sent_date": _date(st.safe(lambda: msg.date)),
        "received_date": _date(st.safe(lambda: msg.receivedTime)),
        "importance": _IMPORTANCE.get(int(importance), "Normal") if importance is not None else None,
        "conversation_topic": _string(st, msg, "0070").strip() or None,
        "has_attachments": bool(attachments),
        "attachment_count": len(attachments),
    }


#: A contact card's fields, in the order Outlook prints them: (label, extract-msg property).
_CONTACT_FIELDS = (
    ("Full Name", "displayName"),
    ("Nickname", "nickname"),
    ("Job Title", "jobTitle"),
    ("Department", "departmentName"),
    ("Company", "companyName"),
    ("Office", "officeLocation"),
    ("Profession", "profession"),
    ("Manager", "managerName"),
    ("Assistant", "assistant"),
    ("Business Address", "workAddress"),
    ("Home Address", "homeAddress"),
    ("Other Address", "otherAddress"),
    ("Business Phone", "businessTelephoneNumber"),
    ("Business Phone 2", "businessTelephone2Number"),
    ("Assistant Phone", "assistantTelephoneNumber"),
    ("Company Main Phone", "companyMainTelephoneNumber"),
    ("Home Phone", "homeTelephoneNumber"),
    ("Home Phone 2", "homeTelephone2Number"),
    ("Mobile Phone", "mobileTelephoneNumber"),
    ("Car Phone", "carTelephoneNumber"),
    ("Radio Phone", "radioTelephoneNumber"),
    ("Pager", "pagerTelephoneNumber"),
    ("Callback Phone", "callbackTelephoneNumber"),
    ("Other Phone", "otherTelephoneNumber"),
    ("Primary Phone", "primaryTelephoneNumber"),
    ("Telex", "telexNumber"),
    ("TTY/TDD Phone", "tddTelephoneNumber"),
    ("ISDN", "isdnNumber"),
    ("Business Fax", "businessFaxNumber"),
    ("Home Fax", "homeFaxNumber"),
    ("Other Fax", "primaryFaxNumber"),
    ("E-mail", "email1"),
    ("E-mail 2", "email2"),
    ("E-mail 3", "email3"),
    ("IM Address", "instantMessagingAddress"),
    ("Web Page", "webpageUrl"),
    ("Birthday", "birthday"),
    ("Anniversary", "weddingAnniversary"),
    ("Spouse/Partner", "spouseName"),
    ("Children", "childrensNames"),
    ("Hobbies", "hobbies"),
)


def _field_value(value: Any) -> str:
    """A property as one line: lines of an address joined with commas, lists with commas."""
    if isinstance(value, (list, tuple)):
        return ", ".join(filter(None, (_field_value(v) for v in value)))
    if not isinstance(value, str):
        return ""
    return ", ".join(" ".join(line.split()) for line in clean(value).split("\n") if line.strip())


def _contact_email(st: _State, msg: Any, n: str) -> str:
    addr = _field_value(st.safe(lambda: getattr(msg, f"email{n}EmailAddress"), "")) or _field_value(
        st.safe(lambda: getattr(msg, f"email{n}OriginalDisplayName"), "")
    )
    shown = _field_value(st.safe(lambda: getattr(msg, f"email{n}DisplayName"), ""))
    if shown and addr and shown.lower() != addr.lower():
        return f"{shown} <{addr}>"
    return addr or shown


def list_members(st: _State, msg: Any) -> str:
    """The members of a contact group (IPM.DistList) as ``Name <address>``, joined as recipients
    are: each is kept, as Outlook keeps it, as a one-off entry ID (PidLidDistributionListOneOffMembers)
    that holds its name and address, whether it was typed in or picked from the contacts. An
    entry not flagged Unicode holds 8-bit strings, read in the code page of the message's
    strings (:func:`_string8_codec`), no longer always in Windows-1252."""
    from extract_msg.constants import ps
    from extract_msg.structures.entry_id import EntryID, OneOffRecipient

    _ansi_codecs()
    codec = _ANSI_PREFIX + (st.safe(lambda: _string8_codec(msg)) or "cp1252")
    members = []
    for raw in st.safe(lambda: msg.getNamedProp("8054", ps.PSETID_ADDRESS), []):
        entry = st.safe(lambda r=raw: EntryID.autoCreate(r))
        if isinstance(entry, OneOffRecipient):
            name, addr = (
                v.decode(codec, "replace") if isinstance(v, bytes) else v
                for v in (entry.displayName, entry.emailAddress)
            )
            members.append(_address(name, addr))
    return recipients([m for m in members if m])


def contact_fields(st: _State, msg: Any) -> list[tuple[str, str]]:
    """The fields of a contact card (IPM.Contact) that hold a value; a contact group's members."""
    out = []
    for label, prop in _CONTACT_FIELDS:
        if prop.startswith("email"):
            value = _contact_email(st, msg, prop[-1])
        elif prop in ("birthday", "weddingAnniversary"):
            day = st.safe(lambda p=prop: getattr(msg, f"{p}Local")) or st.safe(lambda p=prop: getattr(msg, p))
            value = day.strftime("%Y-%m-%d") if isinstance(day, dt.datetime) else ""
        else:
            value = _field_value(st.safe(lambda p=prop: getattr(msg, p), ""))
        if prop.endswith("Address") and value:  # the country is kept apart from the address text
            country = _field_value(st.safe(lambda p=prop: getattr(msg, f"{p}Country"), ""))
            if country and country.lower() not in value.lower():
                value = f"{value}, {country}"
        if value:
            out.append((label, value))
    members = list_members(st, msg)
    if members:
        out.append(("Members", members))
    return out


def _when(st: _State, msg: Any, *props: str) -> str:
    """The first of ``props`` that holds a time, in UTC as the Date line is."""
    for prop in props:
        value = _date(st.safe(lambda p=prop: getattr(msg, p)))
        if value:
            return f"{value} UTC"
    return ""


def _duration(minutes: Any) -> str:
    """A length of time in minutes as Outlook writes it (``1 hour 30 minutes``); none for a
    property that is not there or holds nothing."""
    from extract_msg.utils import minutesToDurationStr

    return minutesToDurationStr(minutes) if isinstance(minutes, int) and minutes > 0 else ""


def calendar_fields(
    st: _State, msg: Any, h: dict[str, Any], attendees: bool, given: str = ""
) -> list[tuple[str, str]]:
    """Where and when of an appointment or meeting item; with ``attendees``, who (for a calendar
    item, whose recipients are its attendees rather than the addressees of a message). The
    location, text a person wrote, is left out when ``given`` (the subject and the body, their
    whitespace collapsed) holds it already, as an invitation's "Where: Room 4" does: the same
    rule as for an e-mail invitation's calendar."""
    location = _field_value(st.safe(lambda: msg.location, ""))
    out = [
        ("Location", "" if location and location in given else location),
        ("Start", _when(st, msg, "appointmentStartWhole", "startDate")),
        ("End", _when(st, msg, "appointmentEndWhole", "endDate")),
    ]
    if st.safe(lambda: msg.appointmentCounterProposal, False):
        # a response proposing a new time (a counter proposal) gives it after the time asked
        out += [
            ("Proposed Start", _when(st, msg, "appointmentProposedStartWhole")),
            ("Proposed End", _when(st, msg, "appointmentProposedEndWhole")),
        ]
    out += [
        ("Time Zone", _field_value(st.safe(lambda: msg.timeZoneDescription, ""))),
        ("Recurrence", _field_value(st.safe(lambda: msg.recurrencePattern, ""))),
    ]
    if attendees:
        organizer = h["from"] or _field_value(st.safe(lambda: msg.organizer, ""))
        out += [
            ("Organizer", organizer),
            ("Required Attendees", recipients(h["to"])),
            ("Optional Attendees", recipients(h["cc"])),
            ("Resources", recipients(h["bcc"])),
        ]
    return [(label, value) for label, value in out if value]


def journal_fields(st: _State, msg: Any) -> list[tuple[str, str]]:
    """What a journal entry (IPM.Activity) logs: the kind of activity (a phone call, a meeting, a
    document worked on), the companies it concerns, when it began and ended and how long it took,
    as Outlook's journal form shows them."""
    out = [
        (
            "Entry Type",
            _field_value(st.safe(lambda: msg.logTypeDesc, ""))
            or _field_value(st.safe(lambda: msg.logType, "")),
        ),
        ("Company", _field_value(st.safe(lambda: msg.companies, []))),
        ("Start", _when(st, msg, "logStart")),
        ("End", _when(st, msg, "logEnd")),
        ("Duration", _duration(st.safe(lambda: msg.logDuration))),
    ]
    return [(label, value) for label, value in out if value]


#: A task's status (PidLidTaskStatus) as Outlook's task form names it.
_TASK_STATUS = {
    0: "Not Started",
    1: "In Progress",
    2: "Completed",
    3: "Waiting on someone else",
    4: "Deferred",
}


def _day(value: Any) -> str:
    """A task's date: stored as midnight of the day in the owner's time zone, not converted to
    UTC, so its day is read as it stands."""
    return value.strftime("%Y-%m-%d") if isinstance(value, dt.datetime) else ""


def task_fields(st: _State, msg: Any) -> list[tuple[str, str]]:
    """A task's (IPM.Task) dates, status, progress, work and owner, as Outlook's task form shows
    them; the share done only when the task records one."""
    from extract_msg.constants import ps

    status = st.safe(lambda: msg.taskStatus)
    done = st.safe(lambda: msg.getNamedProp("8102", ps.PSETID_TASK))  # PidLidPercentComplete, 0 to 1
    out = [
        ("Start Date", _day(st.safe(lambda: msg.taskStartDate))),
        ("Due Date", _day(st.safe(lambda: msg.taskDueDate))),
        ("Status", _TASK_STATUS.get(int(status), "") if status is not None else ""),
        ("% Complete", f"{done * 100:.0f}%" if isinstance(done, float) else ""),
        ("Date Completed", _day(st.safe(lambda: msg.taskDateCompleted))),
        ("Total Work", _duration(st.safe(lambda: msg.taskEstimatedEffort))),
        ("Actual Work", _duration(st.safe(lambda: msg.taskActualEffort))),
        ("Owner", _field_value(st.safe(lambda: msg.taskOwner, ""))),
    ]
    return [(label, value) for label, value in out if value]


def item_kind(msg: Any) -> str:
    """``contact``, ``appointment`` (a calendar item), ``meeting`` (a meeting request, response
    or cancellation: a message about a calendar item), ``journal`` (a journal entry), ``task``,
    ``sticky`` (a sticky note, read as an e-mail but for its subject) or ``note`` (anything read
    as an e-mail)."""
    from extract_msg.msg_classes import Calendar, CalendarBase, Contact, Journal, StickyNote, Task

    if isinstance(msg, Contact):
        return "contact"
    if isinstance(msg, Journal):
        return "journal"
    if isinstance(msg, Task):
        return "task"
    if isinstance(msg, Calendar):
        return "appointment"
    if isinstance(msg, CalendarBase):
        return "meeting"
    if isinstance(msg, StickyNote):
        return "sticky"
    return "note"


def item_text(st: _State, msg: Any, h: dict[str, Any], kind: str, given: str = "") -> str:
    """The paragraph after the heading: the header lines of a message, the fields of a contact
    card, the fields and attendees of a calendar item (in place of From/To/Cc/Date, which there
    name its creator, attendees and save time), the header lines then the fields of a meeting, a
    journal entry or a task; then the item's categories, whatever it is; ``given`` is the
    item's subject and body (see :func:`calendar_fields`)."""
    if kind == "contact":
        fields = contact_fields(st, msg)
    elif kind == "appointment":
        fields = calendar_fields(st, msg, h, True, given)
    elif kind == "meeting":
        fields = [("", header_text(h)), *calendar_fields(st, msg, h, False, given)]
    elif kind == "journal":
        fields = [("", header_text(h)), *journal_fields(st, msg)]
    elif kind == "task":
        fields = [("", header_text(h)), *task_fields(st, msg)]
    else:
        fields = [("", header_text(h))]
    fields.append(("Categories", categories(st, msg)))
    return "\n".join(f"{label}: {value}" if label else value for label, value in fields if value)


def categories(st: _State, msg: Any) -> str:
    """The categories an item is filed under (PidNameKeywords: the named, coloured labels Outlook
    shows beside any item, e-mail, contact, appointment or task), joined with commas; they are
    what a user sorts and finds items by."""
    from extract_msg.constants import ps

    return _field_value(st.safe(lambda: msg.getNamedProp("Keywords", ps.PS_PUBLIC_STRINGS), ""))


def recipients(names: list[str]) -> str:
    """Recipients joined with commas, as in e-mail headers; a name without an address that holds a
    comma itself (``Wilson, Chris``) is quoted; a group of the transport headers (``Team: a@x.org,
    b@y.org;``) is written as it is."""
    return ", ".join(
        f'"{n}"' if "," in n and not n.endswith(">") and not _GROUP.fullmatch(n) else n for n in names
    )


def header_text(h: dict[str, Any]) -> str:
    date = h["sent_date"] or h["received_date"]  # UTC
    lines = []
    for label, value in (
        ("From", h["from"]),
        ("To", recipients(h["to"])),
        ("Cc", recipients(h["cc"])),
        ("Bcc", recipients(h["bcc"])),
        ("Date", f"{date} UTC" if date else ""),
        ("Subject", h["subject"]),
    ):
        if value:
            lines.append(f"{label}: {value}")
    return "\n".join(lines)


def _html_to_blocks(html: str, links: bool = False, mail: bool = False) -> tuple[list[Block], list[Skipped]]:
    """The blocks of an HTML body and the entries counting the hidden elements and the margin line
    numbers it lost, if any."""
    from .html import body_entries, html_blocks

    blocks, dropped = html_blocks(html, links=links, mail=mail)
    return list(blocks), body_entries(dropped)


#: The stream of ``PR_HTML``, the HTML body as bytes in the message's code page.
HTML_STREAM = "__substg1.0_10130102"
#: and as some writers store it, a string property: Unicode (UTF-16LE) or 8-bit
_HTML_WIDE, _HTML_NARROW = "__substg1.0_1013001F", "__substg1.0_1013001E"


def html_stream(st: _State, msg: Any) -> tuple[bytes | str | None, str | None]:
    """The HTML body's stream, and the charset of its bytes: ``PR_HTML`` as binary, its bytes
    in the message's Internet code page (:func:`html_charset`); else as some writers store it,
    a string property, which extract-msg does not look for (an HTML-only body was lost, the
    message read as having none): a Unicode one as text (8-bit bytes in it, by
    :func:`eight_bit_text`, in the Internet code page), an 8-bit one in the code page of the
    message's strings (:func:`_string8_codec`)."""
    raw = st.safe(lambda: msg.getStream(HTML_STREAM))
    if raw:
        return raw, html_charset(st, msg)
    raw = st.safe(lambda: msg.getStream(_HTML_WIDE))
    if isinstance(raw, bytes) and raw.strip(b"\0"):
        if eight_bit_text(raw):
            return raw.rstrip(b"\0"), html_charset(st, msg)
        return raw[: len(raw) // 2 * 2].decode("utf-16-le", "replace").rstrip("\0"), None
    raw = st.safe(lambda: msg.getStream(_HTML_NARROW))
    if isinstance(raw, bytes) and raw.strip(b"\0"):
        return raw.rstrip(b"\0"), st.safe(lambda: _string8_codec(msg))
    return None, None


def _decode_html(data: bytes | str, charset: str | None = None) -> str:
    """The text of an HTML body: its stream's bytes are read as an e-mail's HTML part is, by the
    same function (:func:`~._attached.page_text`), the ``charset`` of the message's code page
    (:func:`html_charset`) as its part's Content-Type; the HTML an RTF body encapsulates is
    text already."""
    return data if isinstance(data, str) else page_text(data, charset)


def html_charset(st: _State, msg: Any) -> str | None:
    """The codec of the code page an HTML body's stream is in, which the message names in
    ``PR_INTERNET_CPID`` (MS-OXCMSG: the code page of its HTML body), a Windows code page
    number: Python's codec of that Windows code page when it has one (932 is cp932, with the
    characters Windows adds to Shift JIS; 65001 UTF-8), else the one extract-msg names for it
    (20866 KOI8-R, 28591 Latin-1 …). None when the message names none, or one Python cannot
    decode, or one that does not read ASCII as ASCII (UTF-16, EBCDIC): no HTML markup is
    written so, and the page's own word (a BOM, its ``<meta charset>``) is read instead."""
    return code_page_codec(st.safe(lambda: msg.getPropertyVal("3FDE0003")))


def code_page_codec(cpid: Any) -> str | None:
    """The codec of the Windows code page ``cpid`` (:func:`html_charset`), None for no code page
    or one whose codec does not read ASCII as ASCII."""
    from extract_msg.encoding import lookupCodePage
    from extract_msg.exceptions import ExMsgBaseException

    if type(cpid) is not int or cpid <= 0:
        return None
    names = [f"cp{cpid}"]
    try:
        names.append(lookupCodePage(cpid))
    except ExMsgBaseException:  # a number no code page has, or one extract-msg has no codec of
        pass
    for name in names:
        try:
            codec = codecs.lookup(name)
        except LookupError:
            continue
        return codec.name if codec.decode(b"<html>")[0] == "<html>" else None
    return None


#: the stream of a Unicode plain body (PidTagBody as PT_UNICODE, UTF-16LE)
_UNICODE_BODY = "__substg1.0_1000001F"
#: the categories of a code unit that UTF-16LE text seldom holds and 8-bit text read as UTF-16LE
#: often does: unassigned (a line break, "\r\n", is U+0A0D), private use (U+E966: "é" and an
#: "f" before it), surrogates, format characters (U+2061 to U+206F: a letter "a" to "o" then a
#: space) and controls
_UNLIKELY_IN_UTF16 = frozenset({"Cn", "Co", "Cs", "Cf", "Cc"})


def eight_bit_text(raw: bytes) -> bool:
    """Whether the stream ``raw`` of a Unicode-typed string holds 8-bit text (ASCII, a code
    page's, or UTF-8), as some writers store a plain body, rather than UTF-16LE: extract-msg
    reads it as UTF-16LE, every two bytes one character ("Café at noon" read "慃\ue966愠⁴潮湯").
    UTF-16LE text with an ASCII character in it (a space, a line break, a digit) holds a NUL
    byte, 8-bit text none; 8-bit text holds a space or a line break, and read as UTF-16LE it
    gives characters UTF-16LE text seldom holds (:data:`_UNLIKELY_IN_UTF16`), where text of CJK
    characters alone (no NUL byte either) gives ideographs. Such CJK text is UTF-16LE where its
    bytes hold a control no code page writes in text (:data:`_NOT_IN_8_BIT`: "。" is 02 30, "記"
    18 8A), and it is not taken for 8-bit text by its printable bytes where a fifth of its
    characters are kana, whose bytes are printable ASCII ("に" is 6B 30) as 8-bit text seldom
    reads as kana (a character before the digit 0): "上手にできました", its "上" 0A 4E a line
    break, was read "NKbk0g0M0~0W0_0"."""
    import unicodedata

    raw = raw.rstrip(b"\0")
    if len(raw) < 8 or b"\0" in raw or raw.startswith(b"\xff\xfe") or not (b" " in raw or b"\n" in raw):
        return False
    if len(raw.translate(None, _NOT_IN_8_BIT)) < len(raw):
        return False
    printable = len(raw) - len(raw.translate(None, _PRINTABLE_ASCII))
    wide = raw[: len(raw) // 2 * 2].decode("utf-16-le", "surrogatepass")
    if len(raw) >= 16 and printable * 20 >= len(raw) * 17 and len(_KANA.findall(wide)) * 5 < len(wide):
        return True  # CJK text's bytes in UTF-16LE are about half printable ASCII, but for kana
    return any(unicodedata.category(ch) in _UNLIKELY_IN_UTF16 for ch in wide if ch not in "\t\r\n")


#: the bytes of ASCII text: printable characters, tabs and line breaks
_PRINTABLE_ASCII = bytes([9, 10, 13, *range(32, 127)])
#: the control bytes no code page writes in text: all below 0x20 but tab, line breaks, vertical
#: tab and form feed (Word's line and page breaks), shift out and in and escape (ISO-2022)
_NOT_IN_8_BIT = bytes([*range(1, 9), *range(0x10, 0x1B), *range(0x1C, 0x20)])
#: hiragana and katakana (U+3040 to U+30FF)
_KANA = re.compile("[\u3040-\u30ff]")


#: PR_SUBJECT_W and PR_SUBJECT_A: a message's subject as a Unicode string (PT_UNICODE, True) and
#: as an 8-bit one in its code page (PT_STRING8, False)
_SUBJECT_STREAMS = {True: "__substg1.0_0037001F", False: "__substg1.0_0037001E"}


def _subject(st: _State, msg: Any) -> str:
    """The subject of ``msg``, its Unicode string (PR_SUBJECT_W) first wherever it holds one.
    extract-msg reads the kind of string the message says all its strings are (its store support
    mask): an ANSI message writing its subject both ways was read by the 8-bit one, whose
    characters its code page lacks are written ``?`` ("Caf? ?" for "Café ☕"). A Unicode message
    writing it as an 8-bit string alone, where extract-msg finds none, reads that one in its
    code page (:func:`_in_code_page`)."""
    unicode = st.safe(lambda: msg.areStringsUnicode, True)
    if not unicode:
        raw = st.safe(lambda: msg.getStream(_SUBJECT_STREAMS[True]))
        if isinstance(raw, bytes) and raw:
            return clean(raw.decode("utf-16-le", "replace").rstrip("\0")).strip()
    subject = clean(st.safe(lambda: msg.subject, "") or "").strip()
    if not subject and unicode:
        raw = st.safe(lambda: msg.getStream(_SUBJECT_STREAMS[False]))
        if isinstance(raw, bytes) and raw.strip(b"\0"):
            return clean(_in_code_page(st, msg, raw.rstrip(b"\0"))).strip()
    return subject


def _in_code_page(st: _State, msg: Any, raw: bytes) -> str:
    """8-bit text of ``msg`` read as a mail reader reads a part under a charset label
    (:func:`~indexer.sniff.decode_labelled`: UTF-8 when it is UTF-8 in full), the label its code
    page (:func:`html_charset`, else Windows-1252)."""
    try:
        return decode_labelled(raw, html_charset(st, msg) or "windows-1252")
    except (LookupError, UnicodeDecodeError):
        return decode_text(raw)[0]


def body_blocks(st: _State, msg: Any, index: int) -> list[Block]:
    """The body of the file's message ``index``: plain text, else HTML, else RTF (a poem's
    margin line numbers left out of the plain and the RTF text as of a .txt file). Empty when
    none is readable."""
    cls = clean(st.safe(lambda: msg.classType, "")).lower()
    if cls.endswith(".smime") or cls.endswith(".smime.encrypted"):
        st.warn(ENCRYPTED_WARNING)
        return []
    plain = clean(st.body(lambda: msg.body) or "")
    raw = st.safe(lambda: msg.getStream(_UNICODE_BODY)) if plain else None
    if isinstance(raw, bytes) and eight_bit_text(raw):
        plain = clean(_in_code_page(st, msg, raw.rstrip(b"\0")))
    if plain.strip():
        if looks_binary(plain[:8192].encode("utf-8", "replace")):
            st.warn("the plain body is binary (encrypted or damaged) and was not read")
        else:
            # a card or a calendar sent as the body has no HTML form to read instead
            html = None if PROPERTY_LINES.match(plain) else _structured_html(st, msg, plain)
            return _plain(st, plain, index) if html is None else html
    # the HTML stream's bytes are in the message's code page; HTML made from the RTF body is not
    html, charset = html_stream(st, msg)
    html = html or st.body(lambda: msg.htmlBody)
    if html:
        body, hidden = _html_to_blocks(_decode_html(html, charset), links=True, mail=True)
        blocks = [b for b in body if b.text.strip() or b.kind == IMAGE]
        if any(b.kind != IMAGE for b in blocks):
            st.skipped.extend(hidden)
            return blocks
    rtf = st.body(lambda: msg.rtfBody)
    if rtf:
        if not isinstance(rtf, bytes):
            rtf = str(rtf).encode("latin-1", "replace")
        laid_out = _rtf_body(st, rtf, index)
        if laid_out is not None:
            return laid_out
        from .rtf import rtf_text

        try:
            text = rtf_text(rtf)
        except (ParseError, ValueError, IndexError, LookupError, RecursionError):
            st.warn("the RTF body could not be read")
            return []
        return _plain(st, clean(text), index)
    return []


#: the blocks of an RTF body that only its markup tells: a plain reading of its text has none
_RTF_LAID_OUT = frozenset({TABLE, LIST, HEADING, IMAGE})


def _rtf_body(st: _State, rtf: bytes, index: int) -> list[Block] | None:
    """An RTF body (no plain or HTML one, and none encapsulated) read as an .rtf file is, by its
    extractor, when its markup lays out what a plain reading of its text would not find: a
    table, a list (Word's list numbers or bullets), a heading (an outline level) or a picture;
    its PNG and JPEG pictures images of the message ``index``, in their place, the others listed
    as skipped. None for a body of paragraphs alone (a line typed to a paragraph, as Outlook
    writes a plain message in RTF), read then as a plain body is (headings, lists and quotes of
    its text, a poem's margin numbers left out), and for one the extractor cannot read."""
    from .rtf import extract_rtf

    try:
        doc = extract_rtf(rtf, replace(st.ctx, filename="the RTF body"))
    except (EmptyExtraction, ParseError, ValueError, IndexError, LookupError, RecursionError):
        return None
    if not any(b.kind in _RTF_LAID_OUT for b in doc.blocks):
        return None
    names: dict[str, str] = {}  # each picture's name in the RTF → its image of the item
    for image in doc.images:
        img = met_before(
            st.by_bytes,
            replace(
                image,
                name=_unique_name(st.images, image.name, image.data),
                meta={**image.meta, "message_index": index},
            ),
        )
        st.images.setdefault(img.name, img)
        names[image.name] = img.name
    st.skipped.extend(replace(s, name=f"RTF body: {s.name}") for s in doc.coverage.skipped)
    return [
        replace(b, images=tuple(names.get(n, n) for n in b.images)) if b.images else b for b in doc.blocks
    ]


def _plain(st: _State, text: str, index: int) -> list[Block]:
    """A plain (or RTF, its markup stripped) body of the file's message ``index``, read as an
    e-mail's plain body is, by the same function: headings, lists, paragraphs, a poem's margin
    line numbers left out, a card or a calendar read as a .vcf or .ics file is."""
    text, signed, encrypted = inline_pgp(text)
    if signed and SIGNED_NOTE not in st.notes:
        st.notes.append(SIGNED_NOTE)
    if encrypted:
        st.warn(PGP_ENCRYPTED_WARNING)
    return plain_body(text, st.skipped, st.images, st.by_bytes, {"message_index": index})


_RTF_TOKEN = re.compile(
    r"\\([a-zA-Z]{1,32})(-?\d{1,10})? ?|\\'([0-9a-fA-F]{2})|\\([^a-zA-Z'])|([{}])|[\r\n]+|([^\\{}\r\n]+)"
)
#: Destinations whose text is not part of the encapsulated HTML (besides every ``\*`` group but
#: ``\*\htmltag``).
_RTF_SKIPPED = frozenset({"fonttbl", "colortbl", "stylesheet", "info", "pict", "object", "header", "footer"})
_SURROGATE = re.compile("[\ud800-\udfff]")
_RTF_FONT = re.compile(r"\\f(\d+)[^;{}]*?\\fcharset(\d+)")
#: what finding a group's end counts: a brace, or an escaped brace or backslash (passed over)
_RTF_BRACE = re.compile(r"\\[\\{}]|[{}]")


def _group_end(text: str, start: int) -> int:
    """Where the group opened at ``start`` closes (the index of its closing brace), its depth
    counted: a font table holds groups of its own (``{\\*\\panose …}``, ``{\\*\\falt …}``) that end
    in ``}}`` before it does; ``len(text)`` when it is never closed."""
    depth = 0
    for m in _RTF_BRACE.finditer(text, start):
        brace = m.group(0)
        if brace == "{":
            depth += 1
        elif brace == "}":
            depth -= 1
            if depth == 0:
                return m.start()
    return len(text)


@functools.cache
def _rtf_charsets() -> dict[int, str]:
    """The codec of each RTF ``\\fcharset``: striprtf's map, less the names Python has no codec
    for, which fall back to the document's code page. The font tables :func:`.rtf.readable` gives
    name the Mac character sets by the sets this map reads as their code pages (or read their
    bytes already), so that the map's own Mac entries, which differ from the RTF specification's,
    are not met."""
    from striprtf.striprtf import charset_map

    out = {}
    for number, name in charset_map.items():
        try:
            codecs.lookup(name)
        except LookupError:
            continue
        out[number] = name
    return out


_RTF_SYMBOLS = {
    "par": "\n",
    "line": "\n",
    "tab": "\t",
    "lquote": "\u2018",
    "rquote": "\u2019",
    "ldblquote": "\u201c",
    "rdblquote": "\u201d",
    "bullet": "\u2022",
    "endash": "\u2013",
    "emdash": "\u2014",
}


_LZFU_DICT = (
    b"{\\rtf1\\ansi\\mac\\deff0\\deftab720{\\fonttbl;}{\\f0\\fnil \\froman \\fswiss \\fmodern \\fscript "
    b"\\fdecor MS Sans SerifSymbolArialTimes New RomanCourier{\\colortbl\\red0\\green0\\blue0\r\n\\par "
    b"\\pard\\plain\\f0\\fs20\\b\\i\\u\\tab\\tx"
)


def decompress_rtf(data: bytes) -> bytes | None:
    """A compressed RTF body (MS-OXRTFCP, ``LZFu`` or stored ``MELA``) decompressed; None when it is
    neither. The 4 KB dictionary is the tail of the output itself (primed with the format's
    preset text), so a reference is a slice of what was written, not a byte-by-byte copy."""
    if len(data) < 16:
        return None
    size, raw_size = struct.unpack_from("<II", data, 0)
    kind = data[8:12]
    body = data[16 : 4 + size]
    if kind == b"MELA":
        return body[:raw_size]
    if kind != b"LZFu":
        return None
    preset = _LZFU_DICT + b" " * (4096 - len(_LZFU_DICT))
    # out[i] holds dictionary position (i + len(_LZFU_DICT)) % 4096: the preset rotated so the
    # first byte written lands at its write position
    start = 4096
    out = bytearray(preset[len(_LZFU_DICT) :] + preset[: len(_LZFU_DICT)])
    pos, end = 0, len(body)
    while pos < end:
        control = body[pos]
        pos += 1
        for bit in range(8):
            if pos >= end:
                break
            if not control >> bit & 1:
                out.append(body[pos])
                pos += 1
                continue
            if pos + 1 >= end:
                return bytes(out[start:])
            token = body[pos] << 8 | body[pos + 1]
            pos += 2
            offset, length = token >> 4, (token & 15) + 2
            here = (len(out) - start + len(_LZFU_DICT)) % 4096
            if offset == here:  # the end marker
                return bytes(out[start:])
            source = len(out) - ((here - offset) % 4096 or 4096)
            if source + length <= len(out):
                out += out[source : source + length]
            else:  # the run reads bytes it writes
                for k in range(length):
                    out.append(out[source + k])
    return bytes(out[start:])


def deencapsulate_html(rtf: bytes) -> str | None:
    """The HTML an RTF body encapsulates (``\\fromhtml1``, MS-OXRTFEX): the ``\\*\\htmltag`` groups
    and the text outside ``\\htmlrtf`` … ``\\htmlrtf0``, in one scan; None for other RTF. Its bytes
    are read as the RTF reader reads an RTF document's (:func:`.rtf.readable`: a font's code page,
    raw bytes, a double-byte character's lead and trail bytes together, ``\\binN`` data)."""
    if b"\\fromhtml" not in rtf[:4096]:
        return None
    from .rtf import readable

    text, default = readable(rtf)
    fonts: dict[str, str] = {}
    start = text.find("{\\fonttbl")
    end = _group_end(text, start) if start >= 0 else -1
    for fm in _RTF_FONT.finditer(text[start:end] if end > start else ""):
        codec = _rtf_charsets().get(int(fm.group(2)))
        if codec:
            fonts[fm.group(1)] = codec
    out: list[str] = []
    pending = bytearray()  # \'hh bytes, decoded together (a double-byte character spans two)
    # per group: (skipped, suppressed by \htmlrtf, codec, \uc count); a new group starts with
    # its parent's state
    skipped, suppressed, codec, uc = False, False, default, 1
    stack: list[tuple[bool, bool, str, int]] = []
    fallback = 0  # characters after a \uN still to drop
    first = False  # the token opens a group (a destination word may follow)
    star = False

    def flush() -> None:
        if pending:
            try:
                out.append(pending.decode(codec))
            except (UnicodeDecodeError, LookupError):
                out.append(pending.decode("cp1252", "replace"))
            pending.clear()

    for tok in _RTF_TOKEN.finditer(text):
        word, param, hexbyte, symbol, brace, run = tok.groups()
        opening = first
        first = False
        if brace is not None:
            flush()
            fallback = 0
            if brace == "{":
                stack.append((skipped, suppressed, codec, uc))
                first = True
                star = False
            elif stack:
                skipped, suppressed, codec, uc = stack.pop()
            continue
        if word is not None:
            if opening or star:
                if (star and word != "htmltag") or word in _RTF_SKIPPED:
                    skipped = True
                if word == "htmltag":
                    suppressed = False  # a tag group is HTML wherever it stands
                star = False
            if skipped:
                continue
            if word == "htmlrtf":
                flush()
                suppressed = param != "0"
            elif word == "f" and param is not None:
                flush()
                codec = fonts.get(param, default)
            elif word == "uc" and param is not None:
                uc = max(int(param), 0)
            elif suppressed:
                continue
            elif word == "u" and param is not None:
                flush()
                n = int(param)
                out.append(chr(n + 65536 if n < 0 else n) if -65536 < n < 0x110000 else "\ufffd")
                fallback = uc
            elif word in _RTF_SYMBOLS:
                flush()
                out.append(_RTF_SYMBOLS[word])
            continue
        if symbol is not None:
            if symbol == "*":
                star = opening or star
                first = opening
                continue
            if skipped or suppressed:
                continue
            flush()
            if symbol in ("\\", "{", "}"):
                out.append(symbol)
            elif symbol == "~":
                out.append("\u00a0")
            elif symbol == "_":
                out.append("-")
            continue
        if skipped or suppressed:
            continue
        if hexbyte is not None:
            if fallback:
                fallback -= 1
            else:
                pending.append(int(hexbyte, 16))
            continue
        if run is not None:  # ASCII, and characters read in a font's code page of its own
            flush()
            if fallback:
                drop = min(fallback, len(run))
                run, fallback = run[drop:], fallback - drop
            out.append(run)
    flush()
    html = "".join(out)
    if _SURROGATE.search(html):  # \uN pairs written for a character beyond the BMP
        html = html.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    return html


def _shows_location(markup: str | bytes, locations: list[str]) -> bool:
    """Whether ``markup`` may show a picture by one of its Content-``locations`` (lower case): a
    quick look for their text, before the markup is parsed."""
    if not locations:
        return False
    lower = markup.lower()
    if isinstance(lower, bytes):
        return any(loc.encode("utf-8", "replace") in lower for loc in locations)
    return any(loc in lower for loc in locations)


def _structured_html(st: _State, msg: Any, plain: str) -> list[Block] | None:
    """The HTML body's blocks when they are read instead of the plain body (the rule of
    ``email.prefers_html``: a data table or a placed ``cid:`` image, nothing lost), else None.
    The markup is scanned first, in the HTML stream or in the RTF that encapsulates it, and only
    read when it may have something to give."""
    from .email import html_structure, prefers_html

    keys = set()  # the keys of the web images it holds (those extracted), picture_key
    for n, att in enumerate(st.safe(lambda: list(msg.attachments), []), start=1):
        ext = posixpath.splitext(_attachment_name(st, att, n))[1].lower().lstrip(".")
        mime = clean(st.safe(lambda a=att: a.mimetype, "")).lower()
        if ext in EXTRACTED_FORMATS or mime.split("/")[-1] in EXTRACTED_FORMATS:
            keys.update(_attachment_keys(st, att))
    locations = [k[len(_LOCATION) :] for k in keys if k.startswith(_LOCATION)]
    markup, charset = html_stream(st, msg)
    if not markup:
        packed = st.safe(lambda: msg.getStream("__substg1.0_10090102"), b"")
        if not isinstance(packed, bytes) or len(packed) > MAX_SCANNED_RTF:
            return None
        rtf = decompress_rtf(packed)
        if not rtf or not (html_structure(rtf) or _shows_location(rtf, locations)):
            return None
        markup = deencapsulate_html(rtf)
        if not markup:
            return None
    elif not (html_structure(markup) or _shows_location(markup, locations)):
        return None
    # with the link targets the plain body writes out (``text <https://…>``)
    body, hidden = _html_to_blocks(_decode_html(markup, charset), links=True, mail=True)
    blocks = [b for b in body if b.text.strip() or b.kind == IMAGE]
    if not prefers_html(plain, blocks, keys, key=picture_key):
        return None
    st.skipped.extend(hidden)
    return blocks


def _attachment_name(st: _State, att: Any, n: int) -> str:
    for getter in (
        lambda: att.longFilename,
        lambda: att.shortFilename,
        lambda: att.displayName,
        lambda: att.name,
    ):
        name = clean(st.safe(getter, "")).strip()
        if name:
            return name
    return f"attachment {n}"


def _is_embedded_message(att: Any, data: Any) -> bool:
    from extract_msg.msg_classes import MSGFile

    return isinstance(data, MSGFile)


def _unique_name(images: dict[str, Image], name: str, data: bytes) -> str:
    existing = images.get(name)
    if existing is None or existing.data == data:
        return name
    stem, ext = posixpath.splitext(name)
    k = 2
    while f"{stem}_{k}{ext}" in images and images[f"{stem}_{k}{ext}"].data != data:
        k += 1
    return f"{stem}_{k}{ext}"


def _after_first_line(body: list[Block], subject: str) -> list[Block]:
    """A sticky note's body without its first line where that line is its subject (Outlook
    copies it there), which the note's heading says: the first paragraph's other lines, or none
    where it is that line alone. A body starting otherwise (a subject cut short, changed, or a
    list or table first) is kept whole."""
    first = next((k for k, b in enumerate(body) if b.kind != IMAGE), None)
    if first is None or body[first].kind != PARAGRAPH:
        return body
    line, _, rest = body[first].text.lstrip().partition("\n")
    if _WS.sub(" ", line).strip() != _WS.sub(" ", subject).strip():
        return body
    rest = rest.strip()
    kept = [replace(body[first], text=rest)] if rest else []
    return body[:first] + kept + body[first + 1 :]


def read_message(st: _State, msg: Any, index: int, depth: int) -> dict[str, Any]:
    """Append the blocks of ``msg`` (and, after them, of its embedded messages); its headers."""
    from .email import tidy_image_alt

    st.messages += 1
    if st.messages > st.ctx.limits.max_messages:
        raise DocumentLimit(f"over {st.ctx.limits.max_messages:,} embedded messages")
    h = headers(st, msg)
    kind = item_kind(msg)
    if kind == "contact":
        h["from"] = ""  # the sender properties of a contact card name whoever saved it
    meta: dict[str, Any] = {"message_index": index}
    if depth:
        meta |= {"message_subject": h["subject"], "message_from": h["from"], "message_date": h["sent_date"]}
    level = min(depth + 1, 6)  # the file's message 1, an embedded one 2, a message inside it 3 …
    if h["subject"]:
        st.blocks.append(Block(HEADING, h["subject"], level=level, meta=meta))
    body = [tidy_image_alt(_below(_with_meta(b, meta), level)) for b in body_blocks(st, msg, index)]
    shown = h
    said = _WS.sub(" ", " ".join(b.text for b in body)).strip()
    if kind == "sticky" and said.startswith(_WS.sub(" ", h["subject"])):
        # a sticky note's subject is the first line of its text, which Outlook copies there to
        # list it by: the heading shows it, no Subject: line a second time
        shown = {**h, "subject": ""}
    head = item_text(st, msg, shown, kind, _WS.sub(" ", " ".join([h["subject"], *(b.text for b in body)])))
    if head:
        st.blocks.append(Block(PARAGRAPH, head, meta=meta))
    cls = h["message_class"].lower()
    if ("multipartsigned" in cls or cls.endswith(".smime.signed")) and SIGNED_NOTE not in st.notes:
        st.notes.append(SIGNED_NOTE)
    if not any(b.kind != IMAGE for b in body):
        st.empty += 1
    if kind == "sticky" and h["subject"]:
        body = _after_first_line(body, h["subject"])
    text_blocks: list[Block] = []
    image_blocks: list[tuple[tuple[str, ...], Block]] = []  # each with its keys (picture_key)
    nested: list[Any] = []
    cid_images: dict[str, str] = {}
    for n, att in enumerate(st.safe(lambda: list(msg.attachments), []), start=1):
        name = _attachment_name(st, att, n)
        data = st.safe(lambda a=att: a.data)
        if data is None:
            st.skipped.append(Skipped("attachment", name, "no readable data (broken, web or unsupported)"))
            continue
        if _is_embedded_message(att, data):
            nested.append((name, data))
            continue
        if isinstance(data, str):
            data = data.encode("utf-8")
        if not isinstance(data, bytes):
            st.skipped.append(
                Skipped("attachment", name, f"unexpected attachment type {type(data).__name__}")
            )
            continue
        ext = posixpath.splitext(name)[1].lower().lstrip(".")
        mime, charset = _media_type(clean(st.safe(lambda a=att: a.mimetype, "")))
        charset = charset or _text_attachment_charset(st, att)
        if ext in SIGNATURE_EXTENSIONS or "signature" in mime or mime in ENCRYPTED_TYPES:
            # a detached signature holds no text of the message; an encrypted payload does
            signature = "signature" in mime or ext in DETACHED_SIGNATURE_EXTENSIONS
            st.skipped.append(
                Skipped("attachment", name, "signature or encrypted payload (not text)", on_purpose=signature)
            )
            continue
        # by its name or by its type, as for e-mail (application/json, report.xml …)
        text = as_text(name, mime)
        if _is_picture(data, ext, mime, text):
            img = admit(
                data,
                ext or (mime.split("/", 1)[1] if mime.startswith("image/") else None),
                source_name=_unique_name(st.images, name, data),
                alt=name,
                meta={"message_index": index},
                keep_source_name=True,
            )
            if isinstance(img, Skipped):
                st.skipped.append(img)
                continue
            img = met_before(st.by_bytes, img)
            st.images.setdefault(img.name, img)
            keys = _attachment_keys(st, att)
            for key in keys:
                cid_images.setdefault(key, img.name)
            image_blocks.append((keys, Block(IMAGE, "", alt=name, images=(img.name,), meta=meta)))
            continue
        # a contact card or a calendar is read as a .vcf or .ics file is (its pictures images, its
        # other binary values skipped entries, never text), by the attachment reader below
        if text and not PROPERTY_LINES.match(decode_text(data)[0]):
            lost: list[Skipped] = []  # its margin line numbers, listed if it is placed
            read = _text_attachment(name, mime, data, meta, min(level + 1, 6), skipped=lost, charset=charset)
            if read:
                # placed once the whole item is walked, if the text limit leaves it room
                text_blocks.append(st.attacher.defer_read(st, name, read, lost))
            else:  # blank: no heading over nothing, listed as e-mail lists it
                st.skipped.append(Skipped("attachment", name, "attachment holds no text", on_purpose=True))
            continue
        kind = ext or mime or "unknown type"
        # read once the whole item is walked (read_attachments), its own text reserved first (a
        # file its extractor reads as text, a table, JSON, Markdown, in the charset its MIME tag names)
        slot = st.attacher.defer(
            st,
            in_declared_charset(data, name, mime or None, charset),
            name,
            level=min(level + 1, 6),
            meta=meta,
            ctype=mime or None,
            unsupported=f"{kind} attachments are not indexed",
            taken=st.images,
            image_meta={"message_index": index},  # as the message's own pictures
        )
        text_blocks.append(slot)
    body, placed = _place_cid_images(body, cid_images)
    # an attachment the body shows is there; another attachment of the same picture (attached
    # again under its own name) keeps its place, pointing at the same image
    listed = [(keys, b) for keys, b in image_blocks if placed.isdisjoint(keys)]
    st.blocks.extend(body + [b for _, b in listed] + text_blocks)
    if text_blocks and any(keys for keys, _ in listed):  # shown by an attached page, perhaps
        st.unshown.append((cid_images, text_blocks, listed))
    for name, sub in nested:
        if depth + 1 > MAX_DEPTH:
            st.skipped.append(Skipped("attachment", name, f"embedded message nested over {MAX_DEPTH} levels"))
            continue
        if name.startswith("attachment "):  # no name of its own: the embedded message's subject
            name = _subject(st, sub) or name
        st.indexed.append(name)
        try:
            read_message(st, sub, st.messages + 1, depth + 1)
        finally:
            st.safe(sub.close)
    return h


def _text_attachment_charset(st: _State, att: Any) -> str | None:
    """The charset of the attachment ``att`` that its MIME tag does not name: MIME conversion
    writes a ``text/*`` part's charset parameter apart, in ``PR_TEXT_ATTACHMENT_CHARSET`` (0x371B,
    MS-OXCMAIL 2.2.3.4.1.2), and its type alone in the MIME tag. None where it has none."""
    charset = clean(st.safe(lambda: att.getStringStream("__substg1.0_371B"), "")).strip().strip("\"'")
    return charset.lower() or None


def _media_type(tag: str) -> tuple[str, str | None]:
    """An attachment's MIME tag (``PR_ATTACH_MIME_TAG``) parsed as an e-mail's Content-Type is,
    since it may carry parameters (``text/html; charset=windows-1251``): its type in lower case
    without them, and the charset one names (lower case), if any."""
    from email.message import Message

    header = Message()
    header["Content-Type"] = " ".join(tag.split())  # no line breaks in a header's value
    params = header.get_params() or [("", "")]
    return str(params[0][0]).strip().lower(), header.get_content_charset()


def _is_picture(data: bytes, ext: str, mime: str, textual: bool) -> bool:
    """Whether an attachment is a picture (an image of its message, skipped with its reason when
    not a web raster): by its name or type, else by its bytes. Those of an XML file start as an
    SVG picture's may (``<?xml``): it is one only when its root element is ``svg``; a text file
    starting with ``BM`` (a BMP's mark) is text."""
    if ext in EXTRACTED_FORMATS or mime.startswith("image/"):
        return True
    sniffed = sniff_image_format(data)
    if sniffed == "svg":
        return svg_picture(data)
    return sniffed is not None and (sniffed in ("png", "jpeg", "gif", "webp") or not textual)


def _below(block: Block, level: int) -> Block:
    """A heading of a body or attachment moved under the heading (at ``level``) it belongs to."""
    if block.kind != HEADING:
        return block

    return replace(block, level=min(max(block.level, 1) + level, 6))


def _with_meta(block: Block, meta: dict[str, Any]) -> Block:
    from dataclasses import replace

    return replace(block, meta={**block.meta, **meta})


#: what starts the key of a picture by its Content-Location (:func:`picture_key`)
_LOCATION = "\0"


def picture_key(src: str) -> str | None:
    """The key an ``<img src>`` of an HTML body finds an attached picture by: the Content-ID of
    a ``cid:`` URL (:func:`~._attached.cid_key`), else the URL itself, %-escapes undone and in
    lower case, as the Content-Location (``PR_ATTACH_CONTENT_LOCATION``) an attachment is shown
    by (Outlook 2003 wrote ``<img src="1.jpg">`` for an attachment located at ``1.jpg``)."""
    cid = cid_key(src)
    if cid is not None:
        return cid
    location = unquote(src).strip().lower()
    return _LOCATION + location if location else None


def _attachment_keys(st: _State, att: Any) -> tuple[str, ...]:
    """The keys (:func:`picture_key`) the attachment ``att`` is shown by: its Content-ID, and its
    Content-Location."""
    cid = clean(st.safe(lambda: att.cid, "")).strip("<> ").lower()
    location = clean(st.safe(lambda: att.getStringStream("__substg1.0_3713"), "")).strip()
    keys = (cid, picture_key(location) if location and cid_key(location) is None else None)
    return tuple(k for k in keys if k)


def _place_cid_images(body: list[Block], cid_images: dict[str, str]) -> tuple[list[Block], set[str]]:
    """Attach inline image bytes (``cid:``, or the Content-Location of an attachment) to the
    image blocks of an HTML body, or of an attached page, that reference them (not to those of a
    file read with its own extractor, which point at its own pictures); the keys
    (:func:`picture_key`) they show."""
    if not cid_images:
        return body, set()
    from dataclasses import replace

    out, placed = [], set()
    for block in body:
        cid = (
            picture_key(str(block.meta.get("src", ""))) if block.kind == IMAGE and not block.images else None
        )
        if cid is not None and cid in cid_images:
            placed.add(cid)
            block = replace(block, images=(cid_images[cid],))
        out.append(block)
    return out, placed


def _text_attachment(
    name: str,
    mime: str,
    data: bytes,
    meta: dict[str, Any],
    level: int = 2,
    *,
    skipped: list[Skipped],
    charset: str | None = None,
) -> list[Block]:
    """The blocks of a text or HTML attachment under its heading, none when it holds no text,
    decoded by the ``charset`` its MIME tag names, if any; the margin line numbers it lost are
    counted in ``skipped`` (the message's coverage), as its body's are. An HTML file's pictures,
    which the message does not hold (on the web, or a ``cid:`` of no part), stay image blocks of
    their alt text, as in its HTML body and in an e-mail's HTML attachment: what the page shows
    there is said."""
    att_meta = {**meta, "attachment": name}
    blocks = [
        _below(_with_meta(b, att_meta), level)
        for b in attached_text(name, mime, data, skipped, charset)
        if b.kind == IMAGE or b.text.strip()
    ]
    return [Block(HEADING, f"Attachment: {name}", level=level, meta=att_meta), *blocks] if blocks else []


@extractor(
    ".msg",
    name="msg",
    # 2: HTML tables with colspan and rowspan laid out; 3: rowspan="0"; 4: contact cards and
    # calendar items give their own fields, addresses from the transport headers where the
    # properties hold only Exchange names, heading levels follow the nesting of messages, HTML
    # headings sit below their message or attachment; 8: a picture met in two attached files is
    # one image; 9: a picture attached under another type an image under its heading; a binary
    # attachment with the NUL pattern of UTF-16 not read as text; attachments' images never take
    # the name of one of the message's own; 10: an HTML body's margin line numbers listed in
    # coverage.headers_footers_removed; an HTML table laying the body out read as flow;
    # 11: the item's own text reserved in the text limit before its attached files are read; 12: the
    # plain body and a text attachment lose a poem's margin line numbers as a .txt file does, those
    # of an HTML attachment listed too; what an attached file read with its own extractor removed
    # listed with its name; 13: a picture attached twice under two names (or shown in the body and
    # attached again) one image, each place pointing at it; 14: a vCard or iCalendar attachment
    # read as a .vcf file is: a base64 picture an image, any other base64 value a skipped entry,
    # never text; 15: a picture shown in the HTML body takes the alt text written there, as for
    # e-mail, not its attachment's file name; a vCard or iCalendar sent as the plain body read as
    # a .vcf file is; 16: the pictures of a card sent as the plain body carry the message_index
    # of their message, as its attached pictures do; 17: so do the pictures of a file attached to
    # it read with its own extractor (a Word document's, a vCard's); an RTF-only body loses a
    # poem's margin line numbers as the plain body does; an XML or text attachment a picture only
    # when it is one (an SVG's root element svg), else read as text; an HTML body's tables as
    # html 10 reads them (a nested table its own, rows of short cells data, a title row over a
    # single row); an attachment sent as application/json, application/xml, a script … read as
    # text whatever its name, by e-mail's rule; an XML, JSON, YAML or program attachment keeps
    # the indentation of each paragraph's first line too, its margin numbers never taken out; a
    # prose text attachment (.txt, .md, text/plain …) read as e-mail reads it, by the same function:
    # headings, lists and paragraphs found, its lines' indentation dropped; a blank text
    # attachment listed as holding no text, as e-mail lists it, no heading over nothing;
    # 18: the plain body, and the RTF-only one once its markup is stripped, read as an e-mail's
    # plain body is, by the same function: headings, lists, quoted text and signatures found, its
    # lines' layout indentation dropped; an attachment read as text by its type, or by a name of
    # markup or data no extractor reads (.xml, .yaml, .ini …), by e-mail's rule, any other (notes.md
    # sent as application/octet-stream) by its own extractor; a text attachment over what the text
    # limit leaves it a skipped entry, as a file read with its own extractor is, not the whole
    # message failed; indentation in steps kept (text 8), HTML tables as html 11 reads them; an HTML
    # attachment's pictures the message does not hold (on the web, a cid: of no part) image blocks
    # of their alt text, as in its HTML body and an e-mail's HTML attachment, no longer left out;
    # its cid: pictures the message holds point at them, as the body's do, and are no longer
    # listed apart, as in an e-mail; an attachment's MIME tag read as an e-mail's Content-Type is,
    # its type apart from its parameters ("text/html; charset=koi8-r" a web page), its text
    # decoded by the charset one names, as an e-mail's attachment is; the HTML body's stream read
    # in the code page the message names (PR_INTERNET_CPID), as an e-mail's HTML part is in the
    # charset its Content-Type names, no longer left to detection; a cid: URL matched with its
    # %-escapes undone (cid:logo%40x shows <logo@x>) by e-mail's rule, in the body and an
    # attached page, no longer the picture listed apart and its <img> pointing at nothing; a
    # charset label read as mail readers read it (iso-8859-1 as windows-1252, ks_c_5601-1987 as cp949 …)
    # 19: an HTML body or a text attachment in UTF-8 under a single-byte code page or charset
    # (1252, iso-8859-1 …) read as UTF-8, as an e-mail's part is, no longer "CafÃ©"
    # 20: a journal entry (IPM.Activity) gives its entry type, companies, start, end and duration
    # after its header lines, as a meeting request gives its place and time; a task (IPM.Task) its
    # start and due dates, status, share done, work and owner; a meeting response proposing a new
    # time (a counter proposal) gives it after the time asked; a calendar item's or meeting's
    # location left out when its subject or body gives it, as an e-mail invitation's LOCATION is;
    # a contact group (IPM.DistList) gives its members' names and addresses
    # 21: an ANSI message's string properties (PT_STRING8: subject, plain body, names, fields)
    # in UTF-8 under a single-byte code page read as UTF-8, as its HTML body is, no longer "CafÃ©";
    # a sticky note (IPM.StickyNote) no Subject: line when its text starts with it (its first line);
    # a picture shown in more than one message (embedded ones) lists them all in message_indexes;
    # an item's categories (PidNameKeywords) a Categories: line after its header lines and fields
    # 22: an HTML body's or attached page's <blockquote> blocks carry their quote depth (HTML 13)
    # 23: a sticky note's first line (its subject) its heading only, its body the lines after it
    # 24: a plain body's line starting with ">" after a space keeps one space before it: text, no
    # longer a quote in Markdown, as an e-mail's
    # 25: a Unicode message embedded in an ANSI one (or an ANSI one in a Unicode one) read in its
    # own kind of strings, no longer an empty message without subject or body
    # 26: an HTML body's or attached page's ordered items carry their numbers (HTML 14)
    # 27: an HTML body's or attached page's text in a list outside any <li> an unordered item (HTML 15)
    # 39: an attached workbook's times as Excel shows them (xlsx 27, xls 16, xlsb 20)
    # 55: legacy text: six Cyrillic consonants in a row, an ы or ь opening a word or after a vowel, a й after
    # a consonant, a ъ closing a word, a Greek ϊ or ϋ after no vowel, a Greek ψ or ρ closing a word after a
    # consonant, a Hebrew כ, מ, נ, פ or צ closing a word and a × or ÷ beside a letter beyond ASCII: signs of a
    # wrong reading (Russian "программой", "это", "без" in KOI8-R no longer windows-1251, "запускаться" no
    # longer windows-1253, "все" no longer windows-1252; Ukrainian "майбутня", "щодо" and Serbian "опште",
    # "тачно" in windows-1251 no longer KOI8-R, windows-1255, KOI8-R, windows-1252)
    # an HTML body's or attached page's empty list item gives the list's text no blank line (HTML 34)
    # an HTML body's or attached page's <blockquote> in a list item written as a quote in the item (HTML 34)
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
    # 56: legacy text without a BOM or charset: Hebrew stored in visual order (each word reversed, opening
    # with its final letter) read in windows-1255, its final letters no longer signs of a wrong reading there;
    # a geresh or gershayim after a Hebrew letter no longer a stray sign ("ארה״ב", "ראה דו״ח מס׳ 12", "ג׳ירפה
    # וצ׳יפס" and visual "ץבוקה תא חותפל ןתינ אל" in windows-1255 no longer windows-1256, windows-1251,
    # GB18030 or KOI8-R)
    # an HTML body's or attached page's text and quotes a list item shows between two of its nested
    # lists written between them (HTML 35)
    # an HTML body's or attached page's list item showing no text before its nested list an empty item
    # before that list's items, no longer dropped (HTML 35)
    # a Markdown attachment (text/markdown, text/x-markdown, or named .md or .markdown sent as text) read by
    # the Markdown reader, as one sent as application/octet-stream is: its headings, lists, code blocks and
    # tables, its emphasis marks left out, in the charset its MIME tag declares; it was read as plain text
    # legacy text without a BOM or charset: a small э, щ or ч closing a word after two capitals and a word of
    # four small Cyrillic consonants or more (no р, no ъ) are signs of a wrong reading (Greek "μετά",
    # "περιοχή", "Ρόλος" in windows-1253 no longer KOI8-R or windows-1251)
    # an HTML body's or attached page's, a Markdown attachment's list item of several paragraphs written as
    # paragraphs of the item, no longer run together on its line (HTML 35, markdown 39)
    # a file attached for its own extractor to read as text (a CSV or TSV table, JSON, NDJSON, a contact card,
    # a calendar, a web page or a text file read by its name, a file its content shows to be text) read in the
    # charset its MIME tag declares, which detection alone misread ("σώμα;ΠΟΥ" in windows-1253 read as KOI8-R
    # "СЧЛА;поу"); the charset MIME conversion writes apart from the MIME tag, in PR_TEXT_ATTACHMENT_CHARSET
    # (0x371B), read for it and for a text attachment as the MIME tag's is, no longer left to detection; an
    # attachment under a charset naming no codec of text (base64, rot13, idna) read as one under none, no
    # longer failing the whole message; a text attachment's UTF-8 BOM under a declared charset left out, no
    # longer kept as its first character
    # HTML bodies, attached pages and cards: a charset label naming one of Python's codecs that read no text
    # (base64, rot13, hex, zlib, idna, undefined) read as no charset (a page's meta charset or XML encoding, a
    # card's CHARSET), no longer failing the file
    # an RTF-only body laid out in its markup and an RTF attachment: bytes above 0x7F written raw, not as
    # \'xx, read in the code page its font or header declares, as escaped bytes are, no longer as Latin-1; a
    # double-byte character's two bytes read together (rtf 26)
    # an RTF-only body of paragraphs alone (as Outlook writes a plain message in RTF) read in the code page
    # its header (\ansicpgN, \mac) or current font (\cpgN, \fcharsetN) declares, raw or escaped bytes, a
    # double-byte character's two bytes together, as the RTF reader reads them, no longer always as
    # Windows-1252 ("Καλημέρα" in windows-1253 no longer "ÊáëçìÝñá", Shift_JIS no longer "ƒeƒXƒg"); an
    # RTF body or attachment's text right after the code page word kept (rtf 26); an RTF body or attachment's
    # font naming no character set read in the document's code page (rtf 26)
    # 57: an RTF body's or attachment's font of a code page that no character set stands for (\cpg866, DOS
    # Cyrillic) read in that page, no longer the document's (rtf 27)
    # an RTF body's or attachment's \binN data outside a picture no text (rtf 27)
    # the space ending an RTF body's or attachment's code page word after a brace no text (rtf 27)
    # an RTF-only body of paragraphs alone: its Symbol, Wingdings and Zapf Dingbats text as the characters it
    # shows (π, α, ✓), as the RTF reader reads it, no longer the letters or private-use codes written
    # the HTML an RTF body encapsulates (\fromhtml1) read in the code pages the RTF reader reads an RTF
    # document's bytes in: a font's code page (\cpgN) before its character set, raw bytes in the current
    # font's page (no longer always the document's), an escaped lead byte and the raw ASCII trail byte after
    # it one character (テ for \'83e in Shift_JIS, no longer "\ufffde"); \binN data no text
    # an attachment named .txt sent as a text type naming its format (text/markdown, text/x-markdown,
    # text/rtf, text/csv, text/tab-separated-values) read by that type's extractor, as one sent as text/html
    # is, no longer as text by its name (its marks, control words or commas kept)
    # an attachment or a string in the message's code page opening with a byte order mark read in the BOM's
    # encoding whatever charset its MIME tag or the message declares, the mark left out: UTF-16 text under
    # windows-1252 or ISO-8859-1 no longer read a byte to a character ("ÿþG\x00r\x00" for "Gr")
    # an attached .md file's list keeps no item_lines (where each item starts in the file's own text, which
    # the message's text, an item to a line, does not follow); Markdown and chunks unchanged
    # an HTML body's or attached page's, a Markdown attachment's heading in a list item written as a
    # heading in the item, no longer as a plain paragraph of it (HTML 36, markdown 40)
    # an HTML body's or attached page's, a Markdown attachment's list item's paragraphs after a code block or
    # a table in it a paragraph block each, no longer one block run together (HTML 36, markdown 40)
    # an HTML body's or attached page's list item's element holding a block or a <br> read as the item is,
    # its paragraphs apart, no longer on the item's line (HTML 36)
    # an HTML body's or attached page's list item's nested lists before its first <pre> or table read before
    # it, no longer after it; an item holding nothing before its <pre> or table opened by it (HTML 36)
    # an HTML body's or attached page's list item's text after a nested list that a <pre> or table cuts
    # written after that block, no longer before it (HTML 36)
    # HTML nesting its elements more than 2,000 deep outside a table cell refused before it is parsed, as
    # structure nested too deeply (HTML 36)
    # an RTF body's or attachment's Mac font character set read in the code page the RTF specification gives
    # it, a font's code page of two digits (\cpg37) read, a font kept across \par for raw bytes, text before
    # any \fN or after \plain read in the default font's code page (rtf 27); the HTML an RTF body
    # encapsulates as well, and its fonts after a font table entry ending in "}}" (an embedded font's file)
    # read in their code pages, no longer the document's
    # an HTML body's or attached page's, a Markdown attachment's list right after one whose last item holds a
    # code block or a table a list of its own (new_list), written with the other bullet or delimiter, no
    # longer as that list going on (HTML 36, markdown 40)
    # an HTML body's or attached page's, a Markdown attachment's heading in a list item after a code block or
    # a table in it written as a heading in the item, no longer as a plain paragraph of it (HTML 36, markdown
    # 40)
    # an HTML body's or attached page's, a Markdown attachment's list item's text between two nested lists,
    # where a code block or a table cuts the second, written before that list, no longer after the code (HTML
    # 36)
    version="57",
    # 4 also: HTML items, cells and headings read inline text as paragraphs do; page chrome dropped
    # 4 also: the HTML body read when it holds a data table or an inline image; message_index from 1
    # 5: hidden HTML elements (a preheader) left out; the HTML body read instead of the plain
    # one keeps the link targets the plain one writes out
    # 6: HTML elements hidden by a <style> rule left out, all those left out counted in coverage.skipped;
    # an HTML-only body keeps its link targets as the HTML read instead of the plain one does
    # 7: attached files read with their own extractor (PDF, Word, workbooks, CSV as tables …), a
    # failing one listed with its error; blocks of text attachments carry ``attachment`` in chunks
    # 20 also: HTML 12 (alt-text pictures in cells, 30 px icons, flags after their rows, boxes headed)
    # 28: a plain body whose Unicode-typed property holds 8-bit text read in the message's code
    # page (or as UTF-8), no longer as UTF-16LE ("慃\ue966愠⁴潮湯" for "Café at noon")
    # 29: an RTF attachment sent as text (text/rtf, or text/plain named .rtf) read as RTF, as
    # e-mail's, no longer its control words and braces as text
    # 30: an inline OpenPGP plain body read as its text, as e-mail's (a cleartext-signed block its
    # text, dash-escaping undone; an encrypted block left out)
    # 37: legacy text without a BOM or charset read in the code page that reads it cleanly
    # (windows-1250, windows-1251, KOI8-R, Shift_JIS, EUC-JP …), not always as windows-1252
    source_type="msg",
    libraries=("extract-msg",),
    images=True,
    # 31: an HTML body's or attached page's <pre> in a list item a code block of its own (HTML 16)
    # 32: an HTML body's or attached page's <br> in a <pre> breaks its line (HTML 17)
    # 33: an HTML body's or attached page's soft hyphens left out (HTML 18)
    # 34: an attached XHTML page read in the encoding its XML declaration names (HTML 19)
    # 35: an HTML body's or attached page's table in a list item a table of its own (HTML 20)
    # 36: an HTML body's or attached page's line-number column beside a program left out (HTML 21)
    # 38: a plain text's ordered items keep the numbers typed before them (text 11)
    # 40: a plain body's or attached text's soft hyphens (U+00AD) left out, as an HTML body's are (text 12)
    # 41: an HTML body's or attached page's <q> shows its quotation marks (HTML 23)
    # 42: an HTML body's or attached page's inline SVG drawing's labels read (HTML 24)
    # 43: a group of the transport headers' To or Cc (Team: a@x.org, b@y.org;,
    # undisclosed-recipients:;) one entry, as e-mail's, no longer dropped
    # 44: the transport headers' 8-bit text (UTF-8 or Windows-1252 bytes, stored a byte to a
    # character or as they are in a Unicode stream) read as e-mail's, no longer "JÃ¶rg"
    # 45: an RTF-only body laid out in its markup (a table, a list, a heading, a picture) read as
    # an .rtf file is (rtf 18), no longer its text with the markup stripped
    # 46: pictures an HTML body shows by their Content-Location (<img src="1.jpg">, Outlook 2003)
    # in their place, the HTML body read for them as for cid: pictures, no longer listed after it
    # 47: an HTML body's line left blank by two <br> ends a paragraph (HTML 25)
    # 48: legacy text without a BOM or charset: Polish with only ę and ń, Hungarian, Turkish
    # (windows-1254), Hebrew (windows-1255), ISO-8859-2 and kanji-only EUC-JP read in their code page
    # 49: an HTML body's or attached page's <q> shows the quotation marks of its language (HTML 27)
    # 50: a transport header's backslash beside an encoded word kept, as e-mail's (eml 52)
    # 51: an HTML body's or attached page's ruby readings and MathML equations, as the HTML reader's (HTML 28 to 30)
    # 52: legacy text without a BOM or charset: Greek (windows-1253, ISO-8859-7), Baltic (windows-1257) and
    # Arabic (windows-1256, ISO-8859-6) read in their code page; a word or short line whose bytes tell
    # ("Poznań", "Київ", "北海道") no longer misread
    # 53: the Unicode subject (PR_SUBJECT_W) read where the message holds one, an ANSI message's too (its
    # 8-bit one wrote "?" for characters its code page lacks); a Unicode message's 8-bit subject alone read;
    # a Unicode plain body of Japanese alone (no ASCII character) kept as it is written, no longer read
    # again as 8-bit text ("上手にできました" was "NKbk0g0M0~0W0_0"); a message holding string streams of
    # both kinds reads each string (names and addresses of sender and recipients, attachments' file and
    # display names, plain body, transport headers) from its Unicode stream first, else its 8-bit one in
    # the message's code page: a Unicode message's 8-bit names were lost, an ANSI one's read "????";
    # an ANSI message's strings read in Windows's codec of its code page, else of its Internet code page
    # (not US-ASCII), else Windows-1252, no longer ISO-8859-15 ("LetŽs"); one of code page 932 whose
    # sender is 髙橋 (not in Shift_JIS) read, no longer lost whole; an HTML body stored as a string
    # property (1013001F, 1013001E) read as the binary one is, no longer left out; an ANSI message
    # embedded in a Unicode one read in its code page, else its holder's, else Windows-1252, as the
    # file's message is, no longer ISO-8859-15 where it names none ("Ïèñüìî" for "Письмо"); a contact
    # group's 8-bit one-off members read in that code page, no longer in Windows-1252 ("Àäà"); in a
    # message mixing kinds, named string properties (location, categories …) read in their own kind;
    # legacy text without a BOM or charset: Ukrainian in KOI8-U, Persian in windows-1256 (پ چ ژ گ, the
    # Arabic question mark and comma, the zero-width non-joiner), Greek in capitals without accents read
    # in their code page
    # legacy text: a word opened by ð or ğ, an ì or ù before a letter, a þ after a vowel:
    # signs of a wrong reading ("Šeštadienį", "České Budějovice", "Kadıköy, Beşiktaş" in
    # windows-1257, -1250, -1254 no longer windows-1252);
    # an HTML body's table footer written before its body read last, the header and footer of its
    # sections and quotes read, Outlook's list paragraphs (mso-list) a list (HTML 32)
    # 54: an ANSI message embedded in an ANSI one read in its own code page where it names another
    # than its holder's, no longer in its holder's (a Greek message in a Russian one read "ЕрйуфплЮ");
    # legacy text without a BOM or charset: Greek capitals no longer read as KOI8-R, whose small Russian
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
    # an HTML body or attached page without a code page in UTF-16 or UTF-32 without a BOM, its characters all
    # ASCII, read in it (HTML 33);
    # an HTML body's or attached page's table or <pre> in a list item written in the item, the list going
    # on after it (HTML 33)
)
def extract_msg_document(data: bytes, ctx: ExtractContext) -> Document:
    if not data:
        return Document(source_type="msg", blocks=(), metadata={"source_type": "msg"})
    import extract_msg
    from extract_msg.enums import ErrorBehavior

    st = _State(ctx, _library_errors())
    behaviour = (
        ErrorBehavior.ATTACH_SUPPRESS_ALL
        | ErrorBehavior.RTFDE
        | ErrorBehavior.STANDARDS_VIOLATION
        | ErrorBehavior.NAMED_NAME_STREAM
    )
    try:
        # its attachments (and the messages embedded in it) are read once its encoding is known
        options = {"strict": False, "errorBehavior": behaviour, "initAttachment": _attachment}
        try:
            msg = extract_msg.openMsg(data, delayAttachments=True, **options)
        except UnicodeDecodeError:
            msg = _open_ansi(st, data, **options)
        msg.kwargs["delayAttachments"] = False
        encoding = _ansi_strings(st, msg)
        if encoding == st.safe(lambda: msg.stringEncoding):
            encoding = None  # opened in it already
        either = _mixes_kinds(msg)
        if (encoding is not None or either) and not _read_in(msg, encoding, either):
            msg.close()
            msg = extract_msg.openMsg(data, overrideEncoding=encoding, **options)
            if either:
                _either_kind(msg)
        _ = msg.attachments
    except st.errors as exc:
        raise ParseError(f"not a readable Outlook message: {type(exc).__name__}: {exc}"[:500]) from None
    try:
        h = read_message(st, msg, 1, 0)
    finally:
        st.safe(msg.close)
    st.read_attachments()
    if not st.blocks:
        what = ctx.filename or "MSG"
        if not h["message_class"]:  # every Outlook item names its class (IPM.Note …)
            raise ParseError(
                f"{what}: not an Outlook message: a compound file without a message class, "
                "subject, addresses or body"
            )
        raise EmptyExtraction(f"{what}: the message holds no text (no subject, addresses or body)")
    from .email import in_messages, shown_alts
    from .html import margin_removed, merge_hidden

    skipped, removed = margin_removed(merge_hidden(st.skipped))
    coverage = Coverage(
        messages_total=st.messages,
        messages_empty=st.empty,
        attachments_indexed=tuple(st.indexed),
        images_extracted=len(st.images),
        skipped=tuple(skipped),
        headers_footers_removed=removed + tuple(st.removed),
        warnings=tuple(st.warnings),
        notes=tuple(st.notes),
    )
    return assemble(
        "msg",
        st.blocks,
        images=in_messages(shown_alts(st.blocks, st.images.values()), st.blocks),
        metadata={"source_type": "msg", **h},
        coverage=coverage,
    )
