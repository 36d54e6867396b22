"""A plain member read through ``MemberStream`` must give what ``ZipFile.open(info).read(n)``
gives, read for read: the same bytes, and the same error at the same read when the member is
damaged (flipped bytes, a truncated archive, a wrong checksum or size in the directory)."""

from __future__ import annotations

import io
import random
import struct
import zipfile
import zlib

from hypothesis import given, settings
from hypothesis import strategies as st

from indexer.formats._ooxml import MemberStream, plain_data_start

ERRORS = (zipfile.BadZipFile, zlib.error, EOFError)


def archive(payload: bytes, method: int) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", method) as zf:
        zf.writestr("word/styles.xml", payload)
        zf.writestr("word/after.xml", b"<x/>" * 50)
    return buf.getvalue()


def patch_directory(data: bytes, offset: int, value: int) -> bytes:
    """Overwrite one 4-byte field of the first central-directory entry (16 CRC, 20 compressed
    size, 24 size)."""
    at = data.index(b"PK\x01\x02") + offset
    return data[:at] + struct.pack("<I", value & 0xFFFFFFFF) + data[at + 4 :]


def trace(reader, sizes: list[int]) -> list[object]:
    out: list[object] = []
    for n in sizes:
        try:
            out.append(reader.read(n))
        except ERRORS as exc:
            out.append((type(exc).__name__, str(exc)))
            break
    return out


def both(data: bytes, sizes: list[int]) -> tuple[list[object], list[object]] | None:
    try:
        zf = zipfile.ZipFile(io.BytesIO(data))
        info = zf.getinfo("word/styles.xml")
    except (zipfile.BadZipFile, KeyError, OSError, ValueError):
        return None
    start = plain_data_start(zf, info)
    if start is None:
        return None
    try:
        ordinary = zf.open(info)
    except (zipfile.BadZipFile, NotImplementedError, RuntimeError):
        return None
    return trace(ordinary, sizes), trace(MemberStream(zf, info, start), sizes)


def test_a_healthy_member_read_in_chunks_by_hand() -> None:
    payload = b"<w:style/>" * 10_000  # 100,000 bytes, read in 32 KiB chunks: 3 full and 1,696 left
    data = archive(payload, zipfile.ZIP_DEFLATED)
    result = both(data, [32768] * 5)
    assert result is not None
    ordinary, ours = result
    assert ours == ordinary
    assert [len(b) for b in ours] == [32768, 32768, 32768, 1696, 0]
    assert b"".join(ours) == payload


def test_a_wrong_checksum_fails_on_the_last_read_as_before() -> None:
    data = archive(b"<w:style/>" * 5000, zipfile.ZIP_DEFLATED)
    crc = zlib.crc32(b"<w:style/>" * 5000)
    result = both(patch_directory(data, 16, crc ^ 1), [32768, 32768])
    assert result is not None
    ordinary, ours = result
    assert ours == ordinary
    assert ours[1] == ("BadZipFile", "Bad CRC-32 for file 'word/styles.xml'")


payloads = st.one_of(
    st.binary(max_size=20_000),
    st.integers(0, 40_000).map(lambda n: b"<w:style w:styleId='x'/>" * (n // 24)),
    st.integers(0, 2**32).map(lambda seed: random.Random(seed).randbytes(30_000)),
)


@settings(max_examples=150, deadline=None)
@given(
    payload=payloads,
    method=st.sampled_from([zipfile.ZIP_DEFLATED, zipfile.ZIP_STORED]),
    damage=st.sampled_from(["none", "flip", "truncate", "crc", "size", "csize"]),
    where=st.floats(0, 1),
    amount=st.integers(-5000, 5000),
    sizes=st.lists(st.sampled_from([1, 100, 4095, 4096, 5000, 32768]), min_size=1, max_size=12),
)
def test_same_reads_as_the_zipfile_module(
    payload: bytes, method: int, damage: str, where: float, amount: int, sizes: list[int]
) -> None:
    data = archive(payload, method)
    info = zipfile.ZipFile(io.BytesIO(data)).getinfo("word/styles.xml")
    start = info.header_offset + 30 + len(info.filename)  # writestr adds no extra field
    at = start + int(where * max(0, info.compress_size - 1))
    if damage == "flip" and info.compress_size:
        data = data[:at] + bytes([data[at] ^ 0x5A]) + data[at + 1 :]
    elif damage == "truncate":
        data = data[:at]
    elif damage == "crc":
        data = patch_directory(data, 16, info.CRC + 1 + abs(amount))
    elif damage == "size":
        data = patch_directory(data, 24, max(0, info.file_size + amount))
    elif damage == "csize":
        data = patch_directory(data, 20, max(0, info.compress_size + amount))
    result = both(data, sizes)
    if result is not None:
        ordinary, ours = result
        assert ours == ordinary


def test_member_names_are_checked_as_the_zip_module_checks_them() -> None:
    # "médias/é.xml" is written with the UTF-8 flag; "word/plain.xml" is ASCII (no flag)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("médias/é.xml", b"<x/>")
        zf.writestr("word/plain.xml", b"<y/>")
    data = buf.getvalue()
    zf = zipfile.ZipFile(io.BytesIO(data))
    for name in ("médias/é.xml", "word/plain.xml"):
        info = zf.getinfo(name)
        start = plain_data_start(zf, info)
        assert start == info.header_offset + 30 + len(name.encode())
    # a local header whose name differs from the directory's (one byte changed) is not plain
    at = data.index(b"word/plain.xml")
    bad = data[:at] + b"W" + data[at + 1 :]
    zf = zipfile.ZipFile(io.BytesIO(bad))
    assert plain_data_start(zf, zf.getinfo("word/plain.xml")) is None
