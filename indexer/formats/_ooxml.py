"""Shared helpers for zip-based office containers (OOXML, OpenDocument, EPUB).

Every container is opened with :func:`indexer.zipsafe.open_zip` (member table checked before any
member is inflated) and every XML member is parsed with :data:`PARSER`: no entity expansion, no
network, no huge trees. Relationship parts are read into small dicts; images are admitted through
:class:`ImageSink`, which deduplicates identical bytes and records skipped images with a reason.
"""

from __future__ import annotations

import io
import posixpath
import struct
import zipfile
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import IO, Any

from lxml import etree

from .._fast import twin
from ..errors import ParseError
from ..images import admit
from ..model import Image, Skipped
from ..zipsafe import read_member

try:  # ISA-L's inflate and checksum, some three times quicker than zlib's, where installed
    from isal import isal_zlib as _fast_zlib

    _FAST_ERRORS: tuple[type[Exception], ...] = (zlib.error, _fast_zlib.error)
except ImportError:  # pragma: no cover - the package is a dependency; zlib does the same work
    _fast_zlib = zlib  # type: ignore[assignment]
    _FAST_ERRORS = (zlib.error,)
#: what inflating damaged data raises, by either library
INFLATE_ERRORS = _FAST_ERRORS

PARSER = etree.XMLParser(
    resolve_entities=False, no_network=True, huge_tree=False, remove_comments=True, load_dtd=False
)

# OOXML "strict" uses other namespace URIs for the same vocabulary; members are rewritten to the
# transitional URIs before parsing so one walker reads both.
_STRICT = (
    (b"http://purl.oclc.org/ooxml/wordprocessingml/main", b"http://schemas.openxmlformats.org/wordprocessingml/2006/main"),
    (b"http://purl.oclc.org/ooxml/presentationml/main", b"http://schemas.openxmlformats.org/presentationml/2006/main"),
    (b"http://purl.oclc.org/ooxml/spreadsheetml/main", b"http://schemas.openxmlformats.org/spreadsheetml/2006/main"),
    (b"http://purl.oclc.org/ooxml/officeDocument/relationships", b"http://schemas.openxmlformats.org/officeDocument/2006/relationships"),
    (b"http://purl.oclc.org/ooxml/drawingml/main", b"http://schemas.openxmlformats.org/drawingml/2006/main"),
    (b"http://purl.oclc.org/ooxml/drawingml/picture", b"http://schemas.openxmlformats.org/drawingml/2006/picture"),
    (b"http://purl.oclc.org/ooxml/drawingml/wordprocessingDrawing", b"http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"),
)  # fmt: skip

RECOVER_PARSER = etree.XMLParser(
    resolve_entities=False,
    no_network=True,
    huge_tree=False,
    remove_comments=True,
    load_dtd=False,
    recover=True,
)

RELS_NS = "http://schemas.openxmlformats.org/package/2006/relationships"
MC_NS = "http://schemas.openxmlformats.org/markup-compatibility/2006"
MC_ALTERNATE, MC_CHOICE, MC_FALLBACK = (f"{{{MC_NS}}}{t}" for t in ("AlternateContent", "Choice", "Fallback"))
_REL_TAG = f"{{{RELS_NS}}}Relationship"


def parse_xml(data: bytes, what: str, name: str | None = None) -> etree._Element:
    """Parse one XML member safely; PARSE_ERROR when it is not well-formed (the message names
    ``what``, and the member ``name`` when given)."""
    data = _transitional(data)
    try:
        root = etree.fromstring(data, PARSER)
    except etree.XMLSyntaxError as exc:
        where = f"{what} {name}" if name is not None else what
        raise ParseError(f"{where}: malformed XML: {exc}"[:300]) from None
    if root is None:
        raise ParseError(f"{what} {name}: empty XML" if name is not None else f"{what}: empty XML")
    return root


def parse_main_xml(data: bytes, what: str) -> tuple[etree._Element, str | None]:
    """Parse a document's main part; when it is not well-formed (a damaged or truncated file),
    read what libxml2's recovery mode can, and say so: ``(root, warning or None)``."""
    try:
        return parse_xml(data, what), None
    except ParseError as strict:
        try:
            root = etree.fromstring(_transitional(data), RECOVER_PARSER)
        except etree.XMLSyntaxError:
            root = None
        if root is None or not len(root):
            raise strict from None
        return root, f"{strict.message}; the readable part was extracted"


def _transitional(data: bytes) -> bytes:
    if data.find(b"purl.oclc.org/ooxml", 0, 4096) >= 0:
        for strict, transitional in _STRICT:
            data = data.replace(strict, transitional)
    return data


def one_alternative(root: etree._Element, readable: tuple[str, ...]) -> None:
    """Put in place of each ``mc:AlternateContent`` what one of its branches holds, so that it is
    read once and where it stands, whatever holds it (a run, a paragraph, the body, a table):
    its first ``mc:Choice`` holding an element the reader reads (one of ``readable``: text, a
    picture …), else its ``mc:Fallback``, which is then all there is to read (the picture
    standing for ink or a 3D model, whose choice holds only a part the reader does not open);
    never both, never neither. An alternate content inside the branch taken is chosen in the
    same way."""
    for alternate in list(root.iter(MC_ALTERNATE)):
        parent = alternate.getparent()
        if parent is None:
            continue
        choices = [b for b in alternate if b.tag == MC_CHOICE]
        keep = next((c for c in choices if next(c.iter(*readable), None) is not None), None)
        if keep is None:
            keep = next((b for b in alternate if b.tag == MC_FALLBACK), choices[0] if choices else None)
        at = parent.index(alternate)
        parent[at : at + 1] = [] if keep is None else list(keep)


INKML, EMMA = "http://www.w3.org/2003/InkML", "http://www.w3.org/2003/04/emma"
INK_GROUP, INK_NOTE = f"{{{INKML}}}traceGroup", f"{{{INKML}}}annotationXML"
MSINK_CONTEXT = "{http://schemas.microsoft.com/ink/2010/main}context"


def ink_lines(blob: bytes, what: str) -> list[str]:
    """The handwriting an InkML part keeps as recognised text. Office nests its trace groups as
    writing regions, paragraphs, lines and words (``msink:context type``), and gives each word
    the recognizer's alternatives, best first (an ``emma:one-of`` of ``emma:interpretation`` /
    ``emma:literal``, [MS-ODRAWXML] 3.2): each line's words, their first alternatives, joined
    by spaces. Nothing where the ink was not recognised (a drawing, a stroke)."""
    root = parse_xml(blob, what)
    lines: dict[etree._Element | None, list[str]] = {}
    for group in root.iter(INK_GROUP):
        if _ink_kind(group) != "inkWord":
            continue
        one_of = group.find(f"{INK_NOTE}/{{{EMMA}}}emma/{{{EMMA}}}one-of")
        literal = None if one_of is None else one_of.find(f"{{{EMMA}}}interpretation/{{{EMMA}}}literal")
        word = " ".join((literal.text or "").split()) if literal is not None else ""
        if word:
            line = next((g for g in group.iterancestors(INK_GROUP) if _ink_kind(g) == "line"), None)
            lines.setdefault(line, []).append(word)
    return [" ".join(words) for words in lines.values()]


def _ink_kind(group: etree._Element) -> str | None:
    context = group.find(f"{INK_NOTE}/{{{EMMA}}}emma/{{{EMMA}}}interpretation/{MSINK_CONTEXT}")
    return None if context is None else context.get("type")


def has_member(zf: zipfile.ZipFile, name: str) -> bool:
    try:
        zf.getinfo(name)
    except KeyError:
        return False
    return True


def member_contains(zf: zipfile.ZipFile, name: str, needles: tuple[bytes, ...]) -> bool:
    """Whether the member's bytes hold any of ``needles`` (see :func:`member_finds`)."""
    return bool(member_finds(zf, name, needles, first=True))


def member_finds(
    zf: zipfile.ZipFile, name: str, needles: tuple[bytes, ...], *, first: bool = False
) -> set[bytes]:
    """Which of ``needles`` the member's bytes hold: inflated a megabyte at a time (by ISA-L for
    a plain member of an in-memory archive), never whole, and stopped once all are found (with
    ``first``, once one is). Only a search: the checksum is not verified (a reader that needs
    the bytes will)."""
    keep = max(map(len, needles)) - 1
    # Attribute values are nearly always written in double quotes: a needle holding a single
    # quote is only looked for in a piece that holds one, a scan several times quicker.
    gated = [(n, b"'" in n) for n in needles]
    found: set[bytes] = set()
    tail = b""
    for piece in _pieces(zf, name):
        joint = tail + piece[:keep] if tail else b""
        quote = b"'" in piece or b"'" in joint
        found.update(n for n, g in gated if (quote or not g) and (n in piece or n in joint))
        if len(found) == len(needles) or (first and found):
            break
        tail = piece[-keep:] if keep else b""
    return found


def member_counts(zf: zipfile.ZipFile, name: str, needles: tuple[bytes, ...]) -> dict[bytes, int]:
    """How often each of ``needles`` occurs in the member's bytes, inflated a piece at a time
    like :func:`member_finds`. An occurrence across two pieces is counted once: the bytes around
    a boundary (one short of a needle on each side) cannot hold a whole one on either side."""
    counts = dict.fromkeys(needles, 0)
    keep = max(map(len, needles)) - 1
    tail = b""
    for piece in _pieces(zf, name):
        for n in needles:
            counts[n] += piece.count(n)
            k = len(n) - 1
            if k and tail:
                counts[n] += (tail[-k:] + piece[:k]).count(n)
        if keep:
            tail = piece[-keep:] if len(piece) >= keep else (tail + piece)[-keep:]
    return counts


_PIECE = 1 << 20


def _pieces(zf: zipfile.ZipFile, name: str) -> Iterator[bytes]:
    info = zf.getinfo(name)
    span = _plain_span(zf, info)
    if span is None:
        with zf.open(name) as fh:
            while piece := fh.read(_PIECE):
                yield piece
        return
    fp, start, end = span
    with fp.getbuffer() as buf:
        data = bytes(buf[start:end])
    if info.compress_type == zipfile.ZIP_STORED:
        for at in range(0, len(data), _PIECE):
            yield data[at : at + _PIECE]
        return
    inflater = _fast_zlib.decompressobj(-15)
    while not inflater.eof:  # (output held back by the cap comes with the next call)
        piece = inflater.decompress(data, _PIECE)
        if not piece and len(inflater.unconsumed_tail) == len(data):
            return  # no progress: the data ended early (the reader of the bytes will say so)
        data = inflater.unconsumed_tail
        if piece:
            yield piece


def comments_skipped(zf: zipfile.ZipFile, members: list[str], element: str, what: str) -> Skipped | None:
    """One ``Coverage.skipped`` entry for a package's review comments, which annotate the text and
    are not extracted: the ``element`` elements (any namespace) of the XML ``members``; None when
    there are none. A member that is missing, or cannot be read or parsed, is passed over."""
    members = [m for m in members if has_member(zf, m)]
    count = 0
    for name in members:
        try:
            root = parse_xml(read(zf, name, what), what, name)
        except ParseError:
            continue
        count += sum(1 for _ in root.iter(f"{{*}}{element}"))
    return comments_entry(count, members[0] if len(members) == 1 else f"{len(members)} comment parts")


#: why a VBA project is not read: macro code acts on the document and is not its text
VBA_REASON = "a VBA project (not read)"


def macros_skipped(zf: zipfile.ZipFile, folder: str) -> Skipped | None:
    """The ``Coverage.skipped`` entry of the VBA project a macro-enabled package keeps beside its
    main part (``<folder>/vbaProject.bin``: xl/ of a workbook, word/ of a document, ppt/ of a
    presentation), macro code that is not read; None when the package has none. Only the zip's
    listing is looked at, in any case of the name. Left out on purpose, as review comments are:
    macros act on the document and are not part of its text, so a macro-enabled file is not
    flagged as read in part."""
    wanted = f"{folder}/vbaproject.bin".lower()
    # one search of the whole listing, lowered at once, tells the package without one (most)
    # before the names are lowered one by one: a line break between two names bounds a word as
    # a name's end does, so each lowers as it does alone
    listing = "\n".join(zf.NameToInfo).lower()
    if f"\n{wanted}\n" not in f"\n{listing}\n":
        return None
    name = next((n for n in zf.NameToInfo if n.lower() == wanted), None)
    if name is None:
        return None
    return Skipped("macros", name, VBA_REASON, on_purpose=True)


def comments_entry(count: int, where: str) -> Skipped | None:
    """The ``Coverage.skipped`` entry saying that ``count`` review comments (in ``where``) were
    not extracted; None for none."""
    if not count:
        return None
    return Skipped(
        "comments",
        where,
        f"{count} review comment{'s' if count != 1 else ''} not extracted (they annotate the text "
        "and are not part of it)",
        on_purpose=True,
    )


def read(zf: zipfile.ZipFile, name: str, what: str) -> bytes:
    """One member's bytes (capped at its declared size); PARSE_ERROR when its data is damaged."""
    plain = _read_plain(zf, name)
    if plain is not None:
        return plain
    try:
        return read_member(zf, name)
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError) as exc:
        raise ParseError(f"{what}: member {name!r} cannot be read: {exc}"[:300]) from None


_PLAIN_FLAGS = 0x2 | 0x4 | 0x8 | 0x800  # deflate options, data descriptor, UTF-8 name


def _read_plain(zf: zipfile.ZipFile, name: str) -> bytes | None:
    """A healthy stored or deflated member of an in-memory archive, inflated in one call (a
    ``ZipFile.open`` costs more than inflating a small part), by ISA-L where installed. The
    result is exactly what ``read_member`` returns (its size and checksum are checked); None for
    anything unusual (encryption, other methods or flags, a local header that disagrees, a
    stream that does not inflate, a size or checksum that does not match), which is then read
    the ordinary way and so fails, if it must, as it always did."""
    info = zf.NameToInfo.get(name)
    fp = zf.fp
    if info is None or info.flag_bits & ~_PLAIN_FLAGS or not isinstance(fp, io.BytesIO):
        return None
    method = info.compress_type
    if method != zipfile.ZIP_DEFLATED and method != zipfile.ZIP_STORED:
        return None
    with fp.getbuffer() as buf:
        at = info.header_offset
        if at < 0 or at + 30 > len(buf):  # what _plain_span makes of it, the long way
            span = _plain_span(zf, info)
            if span is None:
                return None
            start, end = span[1], span[2]
        else:
            sig, local_flags, name_len, extra_len = _LOCAL_HEADER.unpack_from(buf, at)
            if sig != b"PK\x03\x04":
                return None
            name_at = at + 30
            start = name_at + name_len + extra_len
            end = start + info.compress_size
            if end > len(buf) or not _same_name(
                bytes(buf[name_at : name_at + name_len]), local_flags, info.orig_filename
            ):
                return None
        if method == zipfile.ZIP_STORED:
            data = bytes(buf[start:end])
        else:
            inflater = _fast_zlib.decompressobj(-15)
            try:
                data = inflater.decompress(buf[start:end], info.file_size + 1)
            except _FAST_ERRORS:
                return None
            if not inflater.eof or inflater.unused_data:
                return None
    if len(data) != info.file_size or _fast_zlib.crc32(data) != info.CRC:
        return None
    return data


# a local file header: signature, (version), flags, (method, time, date, crc, sizes), name and
# extra field lengths
_LOCAL_HEADER = struct.Struct("<4s2xH18xHH")


def _plain_span(zf: zipfile.ZipFile, info: zipfile.ZipInfo | None) -> tuple[io.BytesIO, int, int] | None:
    """(buffer, start, end) of the stored or deflated data of a plain member of an in-memory
    archive whose local header agrees with the directory; None for anything else."""
    fp = zf.fp
    if info is None or info.flag_bits & ~_PLAIN_FLAGS or not isinstance(fp, io.BytesIO):
        return None
    method = info.compress_type
    if method != zipfile.ZIP_DEFLATED and method != zipfile.ZIP_STORED:
        return None
    with fp.getbuffer() as buf:
        at = info.header_offset
        header = bytes(buf[at : at + 30])
        if len(header) < 30 or header[:4] != b"PK\x03\x04":
            return None
        name_len, extra_len = struct.unpack_from("<HH", header, 26)
        local_flags = struct.unpack_from("<H", header, 6)[0]
        local_name = bytes(buf[at + 30 : at + 30 + name_len])
        start = at + 30 + name_len + extra_len
        end = start + info.compress_size
        if end > len(buf):
            return None
    if not _same_name(local_name, local_flags, info.orig_filename):
        return None
    return fp, start, end


class Inflating:
    """A plain member of an in-memory archive, inflated a step at a time: what ``ZipFile.open``
    gives (the same bytes, never past the declared size, the same errors for damage: a
    ``zlib.error`` for a bad stream, ``BadZipFile`` when the checksum is wrong at its end), at a
    fraction of its cost per step, for parts of which only the beginning is usually needed.

    The checksum is only worth computing when the end is reached, so the chunks read are kept
    (the caller holds them anyway) and summed then, in one pass."""

    _FEED = 4096  # compressed bytes handed to zlib at a time

    def __init__(self, name: str, data: bytes, method: int, size: int, crc: int) -> None:
        self.name = name
        self._data = data
        self._inflater = zlib.decompressobj(-15) if method == zipfile.ZIP_DEFLATED else None
        self._at = 0  # next compressed byte to feed
        self._tail = b""  # fed but not yet inflated
        self._left = size
        self._read: list[bytes] = []  # every chunk returned, checksummed at the end
        self._expected = crc
        self._eof = size == 0

    def read(self, n: int) -> bytes:
        n = min(n, self._left)
        if n <= 0 or self._eof:
            return b""
        if self._inflater is None:
            out = self._data[self._at : self._at + n]
            self._at += len(out)
            done = False
        else:
            out, done = self._inflate(n)
        self._left -= len(out)
        self._read.append(out)
        if self._left == 0 or done:
            self._eof = True
            crc = 0
            for chunk in self._read:
                crc = _fast_zlib.crc32(chunk, crc)
            self._read = []
            if crc != self._expected:
                raise zipfile.BadZipFile(f"Bad CRC-32 for file {self.name!r}")
        return out

    def _inflate(self, n: int) -> tuple[bytes, bool]:
        """Up to ``n`` bytes, and whether the stream has ended (its end marker read, or its
        compressed data used up, which ``ZipFile.open`` takes as the end too)."""
        inflater = self._inflater
        assert inflater is not None
        parts: list[bytes] = []
        want = n
        done = False
        while want > 0:
            if inflater.eof:
                done = True
                break
            if not self._tail:
                if self._at >= len(self._data):
                    parts.append(inflater.flush()[:want])
                    done = True
                    break
                self._tail = self._data[self._at : self._at + self._FEED]
                self._at += self._FEED
            got = inflater.decompress(self._tail, want)
            self._tail = inflater.unconsumed_tail
            if got:
                parts.append(got)
                want -= len(got)
        return (parts[0] if len(parts) == 1 else b"".join(parts)), done

    def close(self) -> None:
        self._data = b""
        self._tail = b""
        self._read = []


def open_member(zf: zipfile.ZipFile, name: str) -> IO[bytes] | Inflating:
    """The member for reading step by step: inflated directly when it is a plain member of an
    in-memory archive, otherwise through ``ZipFile.open``. KeyError when there is no such member."""
    info = zf.getinfo(name)
    span = _plain_span(zf, info)
    if span is None:
        return zf.open(info)
    fp, start, end = span
    with fp.getbuffer() as buf:
        data = bytes(buf[start:end])
    return Inflating(info.filename, data, info.compress_type, info.file_size, info.CRC)


class StoredKey:
    """What tells a plain member of an in-memory archive by its content: its compression method,
    declared size, CRC-32 and stored bytes. Two members with equal keys are read alike (the same
    bytes, or the same failure). The hash leaves the bytes out, which are compared only with
    those of a key that agrees on the rest: telling a large part costs no pass over it."""

    __slots__ = ("head", "stored")

    def __init__(self, head: tuple[int, int, int], stored: bytes) -> None:
        self.head = head
        self.stored = stored

    def __hash__(self) -> int:
        return hash(self.head)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, StoredKey) and self.head == other.head and self.stored == other.stored


def stored_key(zf: zipfile.ZipFile, name: str) -> StoredKey | None:
    """The :class:`StoredKey` of member ``name``; None for a member that is missing or not plain."""
    info = zf.NameToInfo.get(name)
    span = _plain_span(zf, info)
    if info is None or span is None:
        return None
    fp, start, end = span
    with fp.getbuffer() as buf:
        stored = bytes(buf[start:end])
    return StoredKey((info.compress_type, info.file_size, info.CRC), stored)


def _same_name(local_name: bytes, local_flags: int, name: str) -> bool:
    """The check ``ZipFile.open`` makes: the local header's name, decoded as UTF-8 when its flag
    says so and as cp437 otherwise, is the directory's. Both read ASCII as ASCII, which is
    decoded without the cp437 codec's Python-level call."""
    if local_name.isascii():
        return local_name.decode("ascii") == name
    try:
        return local_name.decode("utf-8" if local_flags & 0x800 else "cp437") == name
    except UnicodeDecodeError:
        return False


def member_xml(zf: zipfile.ZipFile, name: str, what: str) -> etree._Element | None:
    """The parsed member, or None when the container has no such member."""
    if name not in zf.NameToInfo:  # what has_member asks
        return None
    return parse_xml(read(zf, name, what), what, name)


def optional_xml(zf: zipfile.ZipFile, name: str, what: str, warnings: list[str]) -> etree._Element | None:
    """A secondary part (styles, notes, headers …): None, with a warning, when it is damaged, so
    one bad part does not cost the whole document."""
    try:
        return member_xml(zf, name, what)
    except ParseError as exc:
        warnings.append(f"{exc.message}; the part was skipped")
        return None


@dataclass(frozen=True, slots=True)
class Rel:
    type: str  # the last path segment of the relationship type, e.g. "image", "header"
    target: str  # the resolved member name, or the external URL
    external: bool


def rels_of(zf: zipfile.ZipFile, part: str, what: str) -> dict[str, Rel]:
    """The relationships of ``part`` (``word/document.xml`` → ``word/_rels/document.xml.rels``)."""
    folder, base = posixpath.split(part)
    if not folder:
        name = f"_rels/{base}.rels"
    elif folder[-1] != "/":
        name = f"{folder}/_rels/{base}.rels"
    else:  # a folder of slashes only, which join treats as absolute
        name = posixpath.join(folder, "_rels", base + ".rels")
    root = member_xml(zf, name, what)
    out: dict[str, Rel] = {}
    if root is None:
        return out
    # the usual target (``media/image1.png``) is joined to a plain folder as it is; anything else
    # goes through resolve_target
    plain_folder = not folder or _normal(folder)
    make = _RelTwin
    for rel in root.iter(_REL_TAG):
        rid = rel.get("Id")
        if not rid:
            continue
        target = rel.get("Target") or ""
        type_ = rel.get("Type") or ""
        type_ = type_[type_.rfind("/") + 1 :]  # the last path segment
        if rel.get("TargetMode") == "External":
            external = True
        else:
            external = False
            if (
                plain_folder
                and target
                and target[0] not in "./"
                and "/." not in target
                and "//" not in target
                and target[-1] != "/"
            ):
                target = f"{folder}/{target}" if folder else target
            else:
                target = resolve_target(folder, target)
        if make is None:
            out[rid] = Rel(type_, target, external)
        else:
            made = make()
            made.type = type_
            made.target = target
            made.external = external
            made.__class__ = Rel
            out[rid] = made
    return out


_RelTwin = twin(Rel)


def resolve_target(folder: str, target: str) -> str:
    """A relationship target relative to the part's folder, as a zip member name."""
    if target.startswith("/"):
        return posixpath.normpath(target.lstrip("/"))
    if _normal(target) and (not folder or _normal(folder)):
        return f"{folder}/{target}" if folder else target  # what normpath(join(…)) gives
    return posixpath.normpath(posixpath.join(folder, target))


def _normal(path: str) -> bool:
    """True when ``posixpath.normpath`` leaves this relative path as it is: not empty, and no
    empty, ``.`` or ``..`` segment (the usual ``media/image1.png``)."""
    return bool(path) and path[0] not in "./" and "/." not in path and "//" not in path and path[-1] != "/"


def main_part(zf: zipfile.ZipFile, what: str, default: str) -> str:
    """The package's main part from ``_rels/.rels`` (officeDocument), else ``default``: the first
    internal officeDocument relationship of ``rels_of(zf, "", what)``, read without making the
    others (of an Id given twice, the last one counts, in the place of the first)."""
    root = member_xml(zf, "_rels/.rels", what)
    if root is None:
        return default
    targets: dict[str, str | None] = {}  # Id → the target of a main-part relationship, else None
    for rel in root.iter(_REL_TAG):
        rid = rel.get("Id")
        if not rid:
            continue
        type_ = rel.get("Type") or ""
        if type_[type_.rfind("/") + 1 :] == "officeDocument" and rel.get("TargetMode") != "External":
            targets[rid] = rel.get("Target") or ""
        else:
            targets[rid] = None
    for target in targets.values():
        if target is not None:
            return resolve_target("", target)
    return default


def core_properties(zf: zipfile.ZipFile, what: str) -> dict[str, str]:
    """Title and author from ``docProps/core.xml`` when present (Dublin Core)."""
    root = member_xml(zf, "docProps/core.xml", what)
    out: dict[str, str] = {}
    if root is None:
        return out
    # the children named title or creator in any namespace, or none, in document order
    for el in root.iterchildren(_ANY_TITLE, _ANY_CREATOR):
        value = " ".join((el.text or "").split())
        if value:
            out["title" if el.tag.endswith("title") else "author"] = value
    return out


_ANY_TITLE, _ANY_CREATOR = "{*}title", "{*}creator"


class ImageSink:
    """Collects the images of one document: admitted once per distinct bytes, or skipped."""

    def __init__(self, zf: zipfile.ZipFile | None = None) -> None:
        self._zf = zf
        self._by_name: dict[str, Image] = {}
        self._by_member: dict[str, Image | Skipped] = {}
        self.skipped: list[Skipped] = []

    def from_member(
        self,
        member: str,
        *,
        alt: str | None = None,
        meta: Mapping[str, Any] | None = None,
        keep_source_name: bool = False,
        source_name: str | None = None,
    ) -> Image | Skipped:
        """Admit the image stored at ``member`` of the container."""
        if member in self._by_member:
            return self._by_member[member]
        assert self._zf is not None
        data = None
        if not has_member(self._zf, member):
            result: Image | Skipped = Skipped("image", member, "image part is missing from the container")
            self.skipped.append(result)
        else:
            try:
                data = read(self._zf, member, "image")
            except ParseError as exc:
                result = Skipped("image", member, f"damaged image part: {exc.message}"[:200])
                self.skipped.append(result)
        if data is not None:
            result = self.from_bytes(
                data,
                posixpath.splitext(member)[1],
                source_name=source_name or member,
                alt=alt,
                meta=meta,
                keep_source_name=keep_source_name,
            )
        self._by_member[member] = result
        return result

    def from_bytes(
        self,
        data: bytes,
        ext: str | None,
        *,
        source_name: str | None = None,
        alt: str | None = None,
        meta: Mapping[str, Any] | None = None,
        keep_source_name: bool = False,
    ) -> Image | Skipped:
        result = admit(
            data, ext, source_name=source_name, alt=alt, meta=meta, keep_source_name=keep_source_name
        )
        if isinstance(result, Skipped):
            self.skipped.append(result)
            return result
        known = self._by_name.get(result.name)
        if known is not None:
            return known
        self._by_name[result.name] = result
        return result

    @property
    def images(self) -> tuple[Image, ...]:
        return tuple(self._by_name.values())


def clean_alt(value: str | None) -> str | None:
    """Alt text as a person reads it: entities are already decoded by the parser; whitespace is
    kept but trimmed, and an empty value is None."""
    if value is None:
        return None
    value = value.strip()
    return value or None


def one_line(text: str) -> str:
    return " ".join(text.split())


def image_marker(alt: str | None, fallback: str) -> str:
    """The inline placeholder of an image: ``[Image: alt]`` on one line."""
    return f"[Image: {one_line(alt) if alt else fallback}]"


# ----------------------------------------------------------------------------------------------
# Office Math (OMML) as Word's linear format

M_NS = "http://schemas.openxmlformats.org/officeDocument/2006/math"


def _m(tag: str) -> str:
    return f"{{{M_NS}}}{tag}"


M_OMATH, M_OMATHPARA, M_T, M_E, M_VAL = _m("oMath"), _m("oMathPara"), _m("t"), _m("e"), _m("val")
_M_SUB, _M_SUP, _M_NUM, _M_DEN, _M_DEG, _M_LIM, _M_FNAME = (
    _m(t) for t in ("sub", "sup", "num", "den", "deg", "lim", "fName")
)
_M_CHR, _M_BEGCHR, _M_ENDCHR, _M_SEPCHR, _M_TYPE, _M_MR = (
    _m(t) for t in ("chr", "begChr", "endChr", "sepChr", "type", "mr")
)
_M_SUBHIDE, _M_SUPHIDE = _m("subHide"), _m("supHide")
#: elements after which a letter or digit would read as part of their last script
_M_SCRIPTS = frozenset(_m(t) for t in ("sSup", "sSub", "sSubSup", "limLow", "limUpp"))
_CLOSING = {"(": ")", "[": "]", "{": "}", "⟨": "⟩", "⌊": "⌋", "⌈": "⌉", "|": "|", "‖": "‖"}
_MAX_MATH_DEPTH = 64  # deeper (never seen) is read as its plain text


def omml_linear(el: etree._Element) -> str:
    """An Office Math element (``m:oMath``, ``m:oMathPara`` or any part) in the linear format Word
    shows and accepts: ``a^2``, ``x_n``, ``(a+b)/c``, ``∑_(n=1)^∞ x_n``, ``√(x+1)``, brackets with
    their default ``(`` ``)``, ``n¦k`` for a fraction without a bar, ``■(a&b@c&d)`` for a matrix.
    A script or fraction argument of more than one letter or number is put in parentheses unless it
    is bracketed already; an n-ary operator is followed by a space rather than Word's ``▒``."""
    if el.tag == M_OMATHPARA:
        return "\n".join(filter(None, (_math(o, 0) for o in el.iterchildren(M_OMATH))))
    return _math(el, 0)


def _math(el: etree._Element, depth: int) -> str:
    tag = el.tag
    if not isinstance(tag, str):
        return ""
    if tag == M_T:
        return el.text or ""
    if depth > _MAX_MATH_DEPTH:
        return "".join(t.text or "" for t in el.iter(M_T))
    depth += 1
    if not tag.startswith("{" + M_NS):
        return _row(el, depth)
    local = tag[len(M_NS) + 2 :]
    if local in ("sSup", "sSub", "sSubSup", "limLow", "limUpp", "sPre"):
        base = math_operand(_part(el, M_E, depth) if local != "sPre" else "")
        sub = _part(el, _M_LIM if local == "limLow" else _M_SUB, depth)
        sup = _part(el, _M_LIM if local == "limUpp" else _M_SUP, depth)
        scripts = (f"_{math_operand(sub)}" if sub else "") + (f"^{math_operand(sup)}" if sup else "")
        if local == "sPre":
            return f"{scripts} {_part(el, M_E, depth)}" if scripts else _part(el, M_E, depth)
        return base + scripts
    if local == "f":
        num, den = _part(el, _M_NUM, depth), _part(el, _M_DEN, depth)
        if _prop(el, _M_TYPE) == "noBar":
            return f"{num}¦{den}"
        return f"{math_operand(num)}/{math_operand(den)}"
    if local == "d":
        beg, end, sep = _prop(el, _M_BEGCHR), _prop(el, _M_ENDCHR), _prop(el, _M_SEPCHR)
        items = [_math(e, depth) for e in el.iterchildren(M_E)]
        inner = ("|" if sep is None else sep).join(items)
        return f"{'(' if beg is None else beg}{inner}{')' if end is None else end}"
    if local == "nary":
        op = _prop(el, _M_CHR)
        sub = "" if _on(el, _M_SUBHIDE) else _part(el, _M_SUB, depth)
        sup = "" if _on(el, _M_SUPHIDE) else _part(el, _M_SUP, depth)
        head = ("∫" if op is None else op) + (f"_{math_operand(sub)}" if sub else "")
        head += f"^{math_operand(sup)}" if sup else ""
        body = _part(el, M_E, depth)
        return f"{head} {body}" if body else head
    if local == "func":
        name, arg = _part(el, _M_FNAME, depth), _part(el, M_E, depth)
        if not arg or math_bracketed(arg):
            return name + arg
        return f"{name} {arg}" if len(arg) == 1 or arg.isalnum() else f"{name}({arg})"
    if local == "rad":
        deg, arg = _part(el, _M_DEG, depth), _part(el, M_E, depth)
        if not deg:
            return f"√{math_operand(arg)}"
        if deg in ("3", "4"):
            return f"{'∛' if deg == '3' else '∜'}{math_operand(arg)}"
        return f"√({deg}&{arg})"
    if local == "acc":
        mark = _prop(el, _M_CHR)
        return _part(el, M_E, depth) + ("\u0302" if mark is None else mark)
    if local == "m":
        rows = ("&".join(_math(e, depth) for e in mr.iterchildren(M_E)) for mr in el.iterchildren(_M_MR))
        return f"■({'@'.join(rows)})"
    if local == "eqArr":
        rows = [_math(e, depth) for e in el.iterchildren(M_E)]
        return rows[0] if len(rows) == 1 else f"█({'@'.join(rows)})"
    return _row(el, depth)  # runs, arguments, boxes, bars, group characters, phantoms: in order


def _row(el: etree._Element, depth: int) -> str:
    """The children in order (properties skipped); a letter or digit right after a script is set
    apart by a space, as the linear format needs (``x^k a``, not ``x^ka``)."""
    out: list[str] = []
    after_script = False
    for child in el:
        tag = child.tag
        if not isinstance(tag, str) or tag.endswith("Pr"):
            continue
        text = _math(child, depth)
        if not text:
            continue
        if after_script and out[-1][-1:].isalnum() and text[:1].isalnum():
            out.append(" ")
        out.append(text)
        after_script = tag in _M_SCRIPTS
    return "".join(out)


def _part(el: etree._Element, tag: str, depth: int) -> str:
    """The linear text of the first child ``tag`` of ``el`` ("" without one)."""
    for child in el.iterchildren(tag):
        return _math(child, depth)
    return ""


def _prop(el: etree._Element, tag: str) -> str | None:
    """``m:val`` of the property ``tag`` in the element's properties (``m:dPr`` …); None when it
    is not given."""
    for props in el:
        ptag = props.tag
        if isinstance(ptag, str) and ptag.endswith("Pr"):
            for prop in props.iterchildren(tag):
                return prop.get(M_VAL, "")
            return None
    return None


def _on(el: etree._Element, tag: str) -> bool:
    value = _prop(el, tag)
    return value is not None and value not in ("0", "off", "false")


def math_operand(text: str) -> str:
    """A script or fraction argument: as it is when it is one character, letters and digits
    only, or bracketed as a whole; else in parentheses."""
    if len(text) <= 1 or text.isalnum() or math_bracketed(text):
        return text
    return f"({text})"


def math_bracketed(text: str) -> bool:
    """Whether ``text`` is one bracketed group: its first character opens a bracket that closes
    at its last."""
    close = _CLOSING.get(text[:1])
    if close is None or len(text) < 2 or text[-1] != close:
        return False
    opening = text[0]
    if opening == close:
        return text.count(opening) == 2
    depth = 0
    for i, ch in enumerate(text):
        if ch == opening:
            depth += 1
        elif ch == close:
            depth -= 1
            if depth == 0:
                return i == len(text) - 1
    return False
