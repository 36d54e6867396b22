"""Image naming and admission (SPEC §2).

Names are FNV-1a 64-bit over the raw bytes, ``"%016x.%s"``, so identical bytes get one name and are
stored once. Only web rasters are extracted; every other image is counted as skipped with a reason.
"""

from __future__ import annotations

import io
import zlib
from collections.abc import Mapping
from typing import Any

from .model import Image, Skipped

FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3
_MASK = 0xFFFFFFFFFFFFFFFF

EXTRACTED_FORMATS = ("png", "jpg", "jpeg", "gif", "webp")

_MAGIC = (
    (b"\x89PNG\r\n\x1a\n", "png"),
    (b"\xff\xd8\xff", "jpeg"),
    (b"GIF87a", "gif"),
    (b"GIF89a", "gif"),
    (b"BM", "bmp"),
    (b"II*\x00", "tiff"),
    (b"MM\x00*", "tiff"),
    (b"\x01\x00\x00\x00", "emf"),
    (b"\xd7\xcd\xc6\x9a", "wmf"),
)


def fnv1a64_python(data: bytes) -> int:
    """FNV-1a 64-bit in pure Python (about 0.1 s per MB): the reference and the fallback."""
    h = FNV_OFFSET
    for byte in data:
        h = ((h ^ byte) * FNV_PRIME) & _MASK
    return h


try:  # the same function in C, about 100x faster on image-heavy documents
    from fnv_c import fnv1a_64 as _fnv1a64_c
except ImportError:  # pragma: no cover - the dependency is declared; keep working without it
    _fnv1a64_c = None


def fnv1a64(data: bytes) -> int:
    if _fnv1a64_c is not None:
        return _fnv1a64_c(bytes(data))
    return fnv1a64_python(data)


def image_name(data: bytes, ext: str) -> str:
    return "%016x.%s" % (fnv1a64(data), ext.lower().lstrip("."))


def met_before(seen: dict[tuple[int, int], Image], image: Image) -> Image:
    """The image of ``image``'s bytes met before in a document (``seen``, keyed by their length
    and FNV-1a hash, filled here), else ``image`` itself: a picture sent twice under two names
    (inline and attached, or attached twice) is one image, each of its places pointing at it."""
    if not image.data:  # bytes not kept: nothing to match on
        return image
    first = seen.setdefault((len(image.data), fnv1a64(image.data)), image)
    return first if first.data == image.data else image


def sniff_image_format(data: bytes) -> str | None:
    """The image format from its magic bytes (``jpeg`` for JPEG), or None."""
    for magic, fmt in _MAGIC:
        if data.startswith(magic):
            return fmt
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    if data.lstrip()[:5].lower() in (b"<svg ", b"<?xml"):
        return "svg"
    return None


_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# (bit depth, colour type) pairs Pillow opens (PngImagePlugin._MODES)
_PNG_MODES = frozenset(
    ((1, 0), (2, 0), (4, 0), (8, 0), (16, 0), (8, 2), (16, 2), (1, 3), (2, 3), (4, 3), (8, 3))
    + ((8, 4), (16, 4), (8, 6), (16, 6))
)
# chunks Pillow reads before the image data without failing, with the least length it accepts
_PNG_PLAIN_CHUNKS = {b"PLTE": 0, b"sRGB": 1, b"gAMA": 4, b"pHYs": 9}
_PILLOW_QUIET_PIXELS = 178_956_970  # Pillow's default MAX_IMAGE_PIXELS: below it, no warning or refusal


def _plain_png_size(data: bytes) -> tuple[int, int] | None:
    """The size Pillow reports for a plain PNG, read from its header without importing Pillow
    (a cost paid by the first image of a process): IHDR first, then only PLTE/sRGB/gAMA/pHYs
    chunks before the first IDAT, every checksum right. None for anything else, which is then
    left to Pillow, so the answer never differs from Pillow's."""
    if not data.startswith(_PNG_SIGNATURE):
        return None
    size = len(data)
    pos = 8
    width = height = 0
    while True:
        if pos + 8 > size:
            return None
        length = int.from_bytes(data[pos : pos + 4], "big")
        cid = data[pos + 4 : pos + 8]
        if pos > 8 and cid == b"IDAT":
            break
        end = pos + 8 + length
        if end + 4 > size or zlib.crc32(data[pos + 4 : end]) != int.from_bytes(data[end : end + 4], "big"):
            return None
        if pos == 8:
            if cid != b"IHDR" or length != 13:
                return None
            width = int.from_bytes(data[16:20], "big")
            height = int.from_bytes(data[20:24], "big")
            if (data[24], data[25]) not in _PNG_MODES or data[27]:
                return None
        elif length < _PNG_PLAIN_CHUNKS.get(cid, size + 1):
            return None
        pos = end + 4
    if width <= 0 or height <= 0 or width * height > _PILLOW_QUIET_PIXELS:
        return None
    return width, height


def dimensions(data: bytes) -> tuple[int | None, int | None]:
    """Pixel size via Pillow, reading the header only; (None, None) when it cannot tell.
    Plain PNGs are measured without Pillow, with the same answer."""
    plain = _plain_png_size(data)
    if plain is not None:
        return plain
    try:
        from PIL import Image as PILImage

        with PILImage.open(io.BytesIO(data)) as im:
            return im.size
    except Exception:  # Pillow raises many types for odd headers; size is optional information
        return None, None


def admit(
    data: bytes,
    ext_hint: str | None,
    *,
    source_name: str | None = None,
    alt: str | None = None,
    meta: Mapping[str, Any] | None = None,
    keep_source_name: bool = False,
) -> Image | Skipped:
    """An :class:`Image` for a web raster, else a :class:`Skipped` record saying why.

    ``ext_hint`` is the extension the container gave (``.jpg`` stays ``jpg``); the magic bytes win
    when they disagree with a non-raster hint. With ``keep_source_name`` the name is the source's own
    (EPUB, notebooks, e-mail); otherwise the FNV-1a name.
    """
    label = source_name or (ext_hint or "image")
    ext = (ext_hint or "").lower().lstrip(".")
    sniffed = sniff_image_format(data)
    if ext not in EXTRACTED_FORMATS:
        if sniffed in ("png", "gif", "webp", "jpeg"):
            ext = "jpg" if sniffed == "jpeg" and ext == "jpg" else sniffed
        else:
            kind = (sniffed or ext or "unknown").upper()
            return Skipped("image", label, f"{kind} is not a web raster (png, jpeg, gif, webp)")
    if not data:
        return Skipped("image", label, "image part is empty")
    fmt = "jpeg" if ext in ("jpg", "jpeg") else ext
    width, height = dimensions(data)
    name = source_name if keep_source_name and source_name else image_name(data, ext)
    return Image(name=name, format=fmt, data=data, width=width, height=height, alt=alt, meta=meta or {})
