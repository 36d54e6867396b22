"""Zip containers (docx, xlsx, pptx, epub, odf) are checked before any member is read.

The member table gives each member's declared sizes; a container whose total or per-member
uncompressed size, member count or compression ratio exceeds the limits is refused with
DOCUMENT_LIMIT before a byte is inflated. Reads are then capped at the declared size, so a lying
header cannot inflate more than it declared.
"""

from __future__ import annotations

import io
import zipfile

from .errors import DocumentLimit, Encrypted, ParseError
from .limits import Limits


def open_zip(data: bytes, limits: Limits, what: str = "file") -> zipfile.ZipFile:
    """A checked ZipFile over ``data``; PARSE_ERROR when it is not a zip, DOCUMENT_LIMIT when it is
    too large or suspiciously compressed."""
    if data[:4] == b"\xd0\xcf\x11\xe0":
        raise Encrypted(
            f"{what} is an OLE compound file, not a zip: an encrypted (password-protected) Office file"
            " or a legacy binary saved under a new extension"
        )
    try:
        zf = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile as exc:
        raise ParseError(f"{what} is not a valid zip archive: {exc}") from None
    except (ValueError, OSError, EOFError, NotImplementedError) as exc:
        raise ParseError(f"{what} is not a valid zip archive: {exc}") from None
    check_zip(zf, limits, what)
    return zf


def check_zip(zf: zipfile.ZipFile, limits: Limits, what: str = "file") -> None:
    infos = zf.infolist()
    if len(infos) > limits.max_zip_members:
        raise DocumentLimit(
            f"{what} has {len(infos):,} zip members, over the {limits.max_zip_members:,} limit"
        )
    total = 0
    for info in infos:
        size = info.file_size
        total += size
        if size > limits.max_zip_member:
            raise DocumentLimit(
                f"{what}: member {info.filename!r} inflates to {size:,} bytes, over the "
                f"{limits.max_zip_member:,}-byte member limit"
            )
        if size > limits.zip_ratio_min_member:
            ratio = size / max(1, info.compress_size)
            if ratio > limits.max_zip_ratio:
                raise DocumentLimit(
                    f"{what}: member {info.filename!r} has a compression ratio of {ratio:,.0f}:1, over "
                    f"the {limits.max_zip_ratio:,.0f}:1 limit (a zip bomb?)"
                )
        if total > limits.max_zip_total:
            raise DocumentLimit(
                f"{what} inflates to over {limits.max_zip_total:,} bytes, over the decompressed-size limit"
            )


def read_member(zf: zipfile.ZipFile, name: str) -> bytes:
    """Read one member, never more than its declared size (+1 byte to notice a lie)."""
    info = zf.getinfo(name)
    try:
        with zf.open(info) as fh:
            data = fh.read(info.file_size + 1)
    except NotImplementedError as exc:  # an unknown compression method or zip version
        raise ParseError(f"zip member {name!r} cannot be read: {exc}") from None
    except ValueError as exc:
        # a central directory whose stated offset is past where it lies puts the members before
        # the archive's start, and zipfile seeks to a negative place: a damaged zip, said as
        # zipfile says the others, so that callers that pass over a damaged member do so here too
        raise zipfile.BadZipFile(f"zip member {name!r} lies outside the archive: {exc}") from None
    if len(data) > info.file_size:
        raise DocumentLimit(f"zip member {name!r} inflates past its declared size")
    return data
