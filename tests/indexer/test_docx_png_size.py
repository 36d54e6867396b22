"""Image sizes of plain PNGs (the pictures Word documents carry most) are read from the PNG header
without Pillow; the answer must be Pillow's, for good files and for damaged ones alike."""

from __future__ import annotations

import io
import struct
import zlib

from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image as PILImage

from indexer.images import _plain_png_size, dimensions


def pillow_size(data: bytes) -> tuple[int, int] | None:
    try:
        with PILImage.open(io.BytesIO(data)) as im:
            return im.size
    except Exception:  # whatever Pillow refuses, dimensions() reports as unknown
        return None


def png(mode: str, size: tuple[int, int], **save: object) -> bytes:
    buf = io.BytesIO()
    PILImage.new(mode, size).save(buf, "PNG", **save)
    return buf.getvalue()


def chunk(cid: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + cid + body + struct.pack(">I", zlib.crc32(cid + body))


def with_chunk_after_ihdr(data: bytes, extra: bytes) -> bytes:
    return data[:33] + extra + data[33:]  # signature (8) + IHDR chunk (25)


SAMPLES = [
    png("RGB", (360, 220)),
    png("RGBA", (7, 3)),
    png("L", (1, 1)),
    png("1", (17, 9)),
    png("P", (40, 30)),
    png("LA", (5, 6)),
    png("I;16", (12, 4)),
    png("RGB", (64, 48), dpi=(300, 300)),
    png("RGB", (64, 48), optimize=True),
]


def test_plain_pngs_are_measured_without_pillow_and_agree_with_it() -> None:
    for data in SAMPLES:
        assert _plain_png_size(data) == pillow_size(data)
        assert dimensions(data) == pillow_size(data)
    # the sizes themselves, as written above
    assert _plain_png_size(SAMPLES[0]) == (360, 220)
    assert _plain_png_size(SAMPLES[1]) == (7, 3)


def test_chunks_pillow_reads_itself_are_left_to_pillow() -> None:
    base = png("RGB", (10, 10))
    text = with_chunk_after_ihdr(base, chunk(b"tEXt", b"Title\x00hello"))
    assert _plain_png_size(text) is None
    assert dimensions(text) == (10, 10)  # Pillow's answer
    gamma = with_chunk_after_ihdr(base, chunk(b"gAMA", struct.pack(">I", 45455)))
    assert _plain_png_size(gamma) == (10, 10) == pillow_size(gamma)


def test_damaged_headers_give_pillows_answer() -> None:
    base = png("RGB", (10, 10))
    bad_crc = base[:29] + bytes([base[29] ^ 0xFF]) + base[30:]  # IHDR checksum broken
    assert _plain_png_size(bad_crc) is None
    assert pillow_size(bad_crc) is None  # Pillow: "broken PNG file"
    assert dimensions(bad_crc) == (None, None)
    short_gamma = with_chunk_after_ihdr(base, chunk(b"gAMA", b"\x00\x01"))  # Pillow: truncated gAMA
    assert _plain_png_size(short_gamma) is None
    assert pillow_size(short_gamma) is None
    assert dimensions(short_gamma) == (None, None)
    # 100,000 x 100,000 RGB, 8 bits: over Pillow's pixel limit, so Pillow decides (it refuses)
    ihdr = chunk(b"IHDR", struct.pack(">IIBBBBB", 100_000, 100_000, 8, 2, 0, 0, 0))
    bomb = base[:8] + ihdr + base[33:]
    assert _plain_png_size(bomb) is None
    assert dimensions(bomb) == (None, None)


@settings(max_examples=300, deadline=None)
@given(
    sample=st.sampled_from(SAMPLES),
    at=st.integers(min_value=0, max_value=80),
    value=st.integers(min_value=0, max_value=255),
    cut=st.one_of(st.none(), st.integers(min_value=0, max_value=120)),
)
def test_mutated_pngs_never_get_a_size_pillow_would_not_give(
    sample: bytes, at: int, value: int, cut: int | None
) -> None:
    data = bytearray(sample)
    if at < len(data):
        data[at] = value
    mutated = bytes(data if cut is None else data[:cut])
    fast = _plain_png_size(mutated)
    if fast is not None:
        assert fast == pillow_size(mutated)
