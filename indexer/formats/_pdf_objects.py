"""One pass over a PDF page's objects through pdfium: images, and the ruling lines that hint at a
table. Bounded: at most MAX_OBJECTS objects per page (form XObjects included, three levels deep)."""

from __future__ import annotations

import ctypes
import io
from dataclasses import dataclass, field

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

MAX_OBJECTS = 20_000
MAX_FORM_DEPTH = 3
#: Images with more pixels than this are not decoded (recorded as skipped).
MAX_IMAGE_PIXELS = 40_000_000
#: Images smaller than this in both directions are decoration (rules, dots) and are ignored.
MIN_IMAGE_SIDE = 4


@dataclass(slots=True)
class PageObjects:
    images: list[tuple[float, object]] = field(default_factory=list)  # (top, raw FPDF_PAGEOBJECT)
    horizontal: int = 0  # thin horizontal paths (ruling lines)
    vertical: int = 0
    boxes: int = 0  # rectangles the size of a table cell or larger
    truncated: bool = False

    @property
    def has_rulings(self) -> bool:
        return self.horizontal >= 3 or (self.horizontal >= 2 and self.vertical >= 2) or self.boxes >= 4


class _Bounds:
    def __init__(self) -> None:
        self.l, self.b, self.r, self.t = (ctypes.c_float() for _ in range(4))

    def of(self, obj) -> tuple[float, float, float, float] | None:
        ok = pdfium_c.FPDFPageObj_GetBounds(
            obj, ctypes.byref(self.l), ctypes.byref(self.b), ctypes.byref(self.r), ctypes.byref(self.t)
        )
        if not ok:
            return None
        return self.l.value, self.b.value, self.r.value, self.t.value


def scan_page(page) -> PageObjects:
    out = PageObjects()
    bounds = _Bounds()
    budget = [MAX_OBJECTS]
    count = pdfium_c.FPDFPage_CountObjects(page.raw)
    _scan(out, bounds, budget, (pdfium_c.FPDFPage_GetObject(page.raw, i) for i in range(max(count, 0))), 0)
    return out


def _scan(out: PageObjects, bounds: _Bounds, budget: list[int], objects, depth: int) -> None:
    for obj in objects:
        if budget[0] <= 0:
            out.truncated = True
            return
        budget[0] -= 1
        if not obj:
            continue
        kind = pdfium_c.FPDFPageObj_GetType(obj)
        if kind == pdfium_c.FPDF_PAGEOBJ_IMAGE:
            box = bounds.of(obj)
            out.images.append((box[3] if box else 0.0, obj))
        elif kind == pdfium_c.FPDF_PAGEOBJ_PATH:
            box = bounds.of(obj)
            if box is None:
                continue
            width, height = box[2] - box[0], box[3] - box[1]
            if height < 2.5 and width > 10:
                out.horizontal += 1
            elif width < 2.5 and height > 8:
                out.vertical += 1
            elif width > 15 and height > 8:
                out.boxes += 1
        elif kind == pdfium_c.FPDF_PAGEOBJ_FORM and depth < MAX_FORM_DEPTH:
            n = pdfium_c.FPDFFormObj_CountObjects(obj)
            _scan(out, bounds, budget, (pdfium_c.FPDFFormObj_GetObject(obj, i) for i in range(max(n, 0))), depth + 1)


def image_size(obj) -> tuple[int, int]:
    w, h = ctypes.c_uint(), ctypes.c_uint()
    if not pdfium_c.FPDFImageObj_GetImagePixelSize(obj, ctypes.byref(w), ctypes.byref(h)):
        return 0, 0
    return int(w.value), int(h.value)


class ImageError(Exception):
    """An image pdfium cannot decode; the message is the reason recorded as skipped."""


def decode_png(obj, page, pdf) -> tuple[bytes, int, int]:
    """The image's pixels as a PNG (bytes, width, height); ImageError with a reason otherwise."""
    width, height = image_size(obj)
    if width * height > MAX_IMAGE_PIXELS:
        raise ImageError(f"{width}×{height} pixels is over the {MAX_IMAGE_PIXELS:,}-pixel limit")
    image = pdfium.PdfImage(obj, page=page, pdf=pdf)
    try:
        bitmap = image.get_bitmap(render=False)
    except pdfium.PdfiumError as exc:
        raise ImageError(f"pdfium cannot decode this image ({exc})") from None
    try:
        pil = bitmap.to_pil()
    except (ValueError, KeyError, OSError) as exc:
        raise ImageError(f"unsupported pixel format ({exc})") from None
    finally:
        bitmap.close()
    if pil.mode not in ("RGB", "RGBA", "L", "LA", "1", "P"):
        pil = pil.convert("RGB")
    buf = io.BytesIO()
    pil.save(buf, format="PNG", compress_level=1)
    return buf.getvalue(), pil.width, pil.height
