"""Files embedded in an Office document (a workbook in a Word file, a Word file on a slide, a PDF
in either) read with the attachment reader of :mod:`._attached`, at the place their object stands.

An OOXML object (``o:OLEObject`` in a Word paragraph, ``p:oleObj`` on a slide) points by its
relationship to a part of the package: a file we read as it is (``word/embeddings/*.xlsx``,
``*.docx``, ``*.pptx``, ``*.pdf``, ``*.csv`` …), or an OLE compound file (``oleObject1.bin``)
whose payload may be one:

- a packaged file (``\\x01Ole10Native``: the file Windows' Object Packager wrapped, with its
  name), read under that name;
- ``CONTENTS`` holding a PDF (Acrobat's object), read as a PDF;
- ``Package`` holding an OOXML file (an Office 2007+ object stored the older way), read as the
  type its ProgID names;
- ``Workbook`` / ``WordDocument`` / ``PowerPoint Document`` (an Excel, Word or PowerPoint
  97-2003 object): the compound file itself is that file, read as ``.xls``, ``.doc``, ``.ppt``.

Anything else (an equation, a Visio drawing, a linked object) stays one ``Coverage.skipped`` entry
with a reason. The object's preview picture is not read a second time: its text is read instead.
"""

from __future__ import annotations

import io
import posixpath
import struct
import zipfile
from collections.abc import Mapping
from typing import Any

from ..errors import ParseError
from ..model import Skipped
from . import _ooxml
from ._attached import Attached, Attacher
from ._ooxml import Rel

#: Relationship types of an embedded object's part (the last segment of the type URI).
OBJECT_RELS = frozenset({"package", "oleObject"})
#: ProgIDs of Office 2007+ objects, and the extension of the file their ``Package`` stream holds.
_PACKAGE_EXTENSIONS = {"excel": ".xlsx", "word": ".docx", "powerpoint": ".pptx"}
#: Streams of a 97-2003 object whose compound file is the document itself.
_BINARY_STREAMS = (
    ("Workbook", ".xls"),
    ("Book", ".xls"),
    ("WordDocument", ".doc"),
    ("PowerPoint Document", ".ppt"),
)


def read_object(
    zf: zipfile.ZipFile,
    rel: Rel | None,
    rid: str,
    prog_id: str | None,
    attacher: Attacher,
    what: str,
    *,
    level: int,
    page: int | None = None,
    meta: Mapping[str, Any] | None = None,
) -> Attached:
    """What the object whose relationship is ``rel`` (id ``rid``) gives, its heading at ``level``,
    its blocks on the holder's ``page``."""
    kind = f"an embedded object ({prog_id})" if prog_id else "an embedded object"
    if rel is None or rel.type not in OBJECT_RELS:
        return _skip(rid, f"{kind} whose relationship {rid} names no embedded part")
    if rel.external:
        return _skip(rel.target, f"{kind} linked to a file outside the document (not fetched)")
    name = posixpath.basename(rel.target)
    if not _ooxml.has_member(zf, rel.target):
        return _skip(name, f"{kind}: its part {rel.target} is missing from the container")
    try:
        data = _ooxml.read(zf, rel.target, what)
    except ParseError as exc:
        return _skip(name, f"{exc.code}: {exc.message}")
    return read_file(data, name, prog_id, attacher, level=level, page=page, meta=meta)


def read_file(
    data: bytes,
    name: str,
    prog_id: str | None,
    attacher: Attacher,
    *,
    level: int,
    page: int | None = None,
    meta: Mapping[str, Any] | None = None,
) -> Attached:
    """What the embedded part ``data`` called ``name`` gives: the file itself, or the file its OLE
    compound file holds."""
    kind = f"an embedded object ({prog_id})" if prog_id else "an embedded object"
    if _is_ole(data):
        payload = ole_payload(data, prog_id)
        if isinstance(payload, str):
            return _skip(name, f"{kind}: {payload}")
        name, data = payload
    return attacher.read(
        data,
        name,
        level=level,
        meta=meta,
        unsupported=f"{kind}; its type is not indexed",
        page=page,
        paged=True,
        label="Embedded",
    )


def _skip(name: str, reason: str) -> Attached:
    return Attached(skipped=[Skipped("embedded object", name, reason)])


def _is_ole(data: bytes) -> bool:
    return data[:8] == b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


def ole_payload(data: bytes, prog_id: str | None) -> tuple[str, bytes] | str:
    """The file an OLE object holds, as (name, bytes), else why none is read."""
    import olefile

    try:
        ole = olefile.OleFileIO(io.BytesIO(data))
    except (OSError, ValueError, struct.error, IndexError) as exc:  # olefile's damaged-file errors
        return f"a damaged OLE compound file ({type(exc).__name__})"
    try:
        streams = {"/".join(path) for path in ole.listdir()}
        if "\x01Ole10Native" in streams:
            return _native(ole.openstream("\x01Ole10Native").read())
        if "CONTENTS" in streams:
            contents = ole.openstream("CONTENTS").read()
            if contents.startswith(b"%PDF-"):
                return "object.pdf", contents
        if "Package" in streams:
            family = (prog_id or "").split(".", 1)[0].lower()
            ext = _PACKAGE_EXTENSIONS.get(family)
            package = ole.openstream("Package").read()
            if ext and package[:2] == b"PK":
                return f"object{ext}", package
        for stream, ext in _BINARY_STREAMS:
            if stream in streams:
                return f"object{ext}", data
    except (OSError, ValueError, struct.error, IndexError) as exc:
        return f"a damaged OLE compound file ({type(exc).__name__})"
    finally:
        ole.close()
    return (
        "its contents are not a file that is read ("
        + (", ".join(sorted(streams))[:120] or "no streams")
        + ")"
    )


def _native(stream: bytes) -> tuple[str, bytes] | str:
    """The file of an ``\\x01Ole10Native`` stream (Object Packager): the stream's size, a flag,
    the label and the source path as NUL-ended strings, a type and the length of the temporary
    path, that path, then the data's size and the data."""
    try:
        at = 4 + 2  # the stream's size, a flag
        label, at = _asciiz(stream, at)
        _, at = _asciiz(stream, at)  # the path it was packaged from
        (length,) = struct.unpack_from("<I", stream, at + 4)
        at += 8
        temp = stream[at : at + length].split(b"\x00", 1)[0].decode("cp1252", "replace")
        at += length
        (size,) = struct.unpack_from("<I", stream, at)
        at += 4
    except (struct.error, ValueError):
        return "a packaged file whose header is damaged"
    if size > len(stream) - at:
        return f"a packaged file cut short ({len(stream) - at:,} of its {size:,} bytes)"
    name = posixpath.basename((label or temp).replace("\\", "/")) or "packaged file"
    return name, stream[at : at + size]


def _asciiz(data: bytes, at: int) -> tuple[str, int]:
    end = data.index(b"\x00", at)
    return data[at:end].decode("cp1252", "replace"), end + 1
