"""One pass over a PDF page's objects through pdfium: images, and the ruling lines that hint at a
table. Bounded: at most MAX_OBJECTS objects per page (form XObjects included, three levels deep)."""

from __future__ import annotations

import ctypes
import io
from dataclasses import dataclass, field
from itertools import repeat

import pypdfium2.internal as pdfium_i
import pypdfium2.raw as pdfium_c

from ..images import fnv1a64
from ._pdf_capi import (
    form_count,
    form_object,
    obj_bounds,
    obj_fill_color,
    obj_type,
    page_object,
    path_draw_mode,
    text_render_mode,
)

MAX_OBJECTS = 20_000
MAX_FORM_DEPTH = 3
#: Images with more pixels than this are not decoded (recorded as skipped).
MAX_IMAGE_PIXELS = 40_000_000
#: Images smaller than this in both directions are decoration (rules, dots) and are ignored.
MIN_IMAGE_SIDE = 4
#: An image narrower than this either way is a strip (a rule, a gradient's band, a shadow), and one
#: at most FRAGMENT_MAX pixels each way an icon-sized fragment (a bullet, a tile of a drawing's
#: fill): left out and counted in the coverage.
STRIP_SIDE = 8
FRAGMENT_MAX = 24


def is_fragment(width: int, height: int) -> bool:
    return min(width, height) < STRIP_SIDE or max(width, height) <= FRAGMENT_MAX


def image_key(obj, width: int, height: int) -> tuple[int, int, int] | None:
    """A fingerprint of an image's stored bytes (FNV-1a over the raw stream with its size): the
    same image drawn on several pages has the same key. None when pdfium gives no data."""
    n = pdfium_c.FPDFImageObj_GetImageDataRaw(obj, None, 0)
    if n <= 0 or n > MAX_RAW_BYTES:
        return None
    buf = ctypes.create_string_buffer(n)
    if pdfium_c.FPDFImageObj_GetImageDataRaw(obj, buf, n) != n:
        return None
    return fnv1a64(buf.raw), width, height


#: Images whose stored stream is larger than this are not fingerprinted (each is its own image).
MAX_RAW_BYTES = 64_000_000


#: At most this many ruling segments per page are kept for the table test.
MAX_SEGMENTS = 4000
#: A path at most MARK_SIDE points each way and wider than MARK_SPECK is a mark: a legend's
#: swatch or line, a key's symbol, a bullet (a piece of a cell's vertical border is none); at
#: most MAX_MARKS are kept per page.
MARK_SIDE = 24.0
MARK_SPECK = 2.0
MAX_MARKS = 2000
#: A page with images is a scan under an OCR text layer when at least this many of its text
#: objects, and this share of them, are invisible.
SCAN_TEXT = 5
SCAN_SHARE = 0.9
#: a text object whose bounds are narrower than this draws no glyph (pdfium's text page skips it)
BLANK_WIDTH = 0.01
#: at most this many of them are kept per page (each is looked up among the page's characters)
MAX_BLANKS = 200


@dataclass(slots=True)
class PageObjects:
    images: list[tuple[float, object]] = field(default_factory=list)  # (top, raw FPDF_PAGEOBJECT)
    horizontal: list[tuple[float, float, float]] = field(default_factory=list)  # (left, right, y)
    vertical: list[tuple[float, float, float]] = field(default_factory=list)  # (bottom, top, x)
    truncated: bool = False
    count: int = 0  # objects directly on the page (0: nothing is drawn on it)
    text: int = 0  # text objects among them
    #: text objects the general pass met (inside form XObjects; every one on a page of over
    #: MAX_OBJECTS objects), kept only while the page is scanned
    visited_text: list = field(default_factory=list)
    #: on a page with images: its text objects (form XObjects' included), and how many of them
    #: draw nothing (render mode 3, the text layer OCR lays over a scan)
    all_text: int = 0
    invisible: int = 0
    #: the small paths drawn on the page (MARK_SIDE): (left, bottom, right, top)
    marks: list[tuple[float, float, float, float]] = field(default_factory=list)
    #: the boxes among the cells' rectangles that are filled and not stroked (shading), whose
    #: edges are in ``horizontal`` and ``vertical`` too: (left, bottom, right, top)
    fills: list[tuple[float, float, float, float]] = field(default_factory=list)
    #: where the page's own text objects that draw nothing stand (their bounds no wider than
    #: BLANK_WIDTH: a word space set as an object of its own), (x, baseline): pdfium's text
    #: leaves such an object out, and with it the space between the words either side
    blanks: list[tuple[float, float]] = field(default_factory=list)
    #: the page's own text objects filled white and only filled (render modes 0 and 4): (address,
    #: left, bottom, right, top), for :func:`unseen_text` to tell which stand on white
    white_text: list[tuple[int, float, float, float, float]] = field(default_factory=list)
    #: what the page draws that white text may stand on: its own images, form XObjects and paths
    #: filled in a colour but white, (left, bottom, right, top)
    backdrops: list[tuple[float, float, float, float]] = field(default_factory=list)

    @property
    def is_scan(self) -> bool:
        """Images under an invisible text layer: the page is a scan that was read by OCR, and its
        images are the scan itself (whole, or cut into strips and text regions)."""
        return (
            bool(self.images) and self.invisible >= SCAN_TEXT and self.invisible >= SCAN_SHARE * self.all_text
        )

    def add_path(self, left: float, bottom: float, right: float, top: float, obj=None) -> None:
        """A path's bounds: a ruling line, a cell's rectangle or a mark; ``obj``, the path
        object, tells a shading box from a drawn one."""
        width, height = right - left, top - bottom
        if MARK_SPECK < width <= MARK_SIDE and height <= MARK_SIDE and len(self.marks) < MAX_MARKS:
            self.marks.append((left, bottom, right, top))
        self.add_box(left, bottom, right, top, obj)

    def add_box(self, left: float, bottom: float, right: float, top: float, obj=None) -> None:
        if len(self.horizontal) + len(self.vertical) >= MAX_SEGMENTS:
            return
        width, height = right - left, top - bottom
        if height < 2.5 and width > 10:
            self.horizontal.append((left, right, (top + bottom) / 2))
        elif width < 2.5 and height > 5:
            self.vertical.append((bottom, top, (left + right) / 2))
        elif width > 15 and height > 8:  # a cell drawn as a rectangle: its four edges
            self.horizontal += [(left, right, bottom), (left, right, top)]
            self.vertical += [(bottom, top, left), (bottom, top, right)]
            if obj is not None and _filled_only(obj):
                self.fills.append((left, bottom, right, top))

    @property
    def ruled_both_ways(self) -> bool:
        """A grid: vertical rules at three or more places (two columns or more) between the rules."""
        return len(_crossing_columns(self.horizontal, self.vertical)) >= 3

    @property
    def has_rulings(self) -> bool:
        """Ruling lines that look like a table: a grid, or three or more rules of the same width and
        no vertical rules (booktabs style). Fraction bars, underlines, single separators and framed
        boxes (verticals only at their two sides) do not count."""
        columns = _crossing_columns(self.horizontal, self.vertical)
        if len(columns) >= 3:
            return True
        if columns:
            return False
        widths: dict[tuple[int, int], int] = {}
        for left, right, _ in self.horizontal:
            if right - left >= 40:
                key = (round(left / 3), round(right / 3))
                widths[key] = widths.get(key, 0) + 1
                if widths[key] >= 3:
                    return True
        return False


def _filled_only(obj) -> bool:
    """Whether path ``obj`` is painted by filling alone: a shading box, whose edges show no
    rule (asked of cell-sized rectangles only: the pages' thin rules are often filled boxes)."""
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    if not path_draw_mode(obj, ctypes.byref(fill), ctypes.byref(stroke)):
        return False
    return fill.value != pdfium_c.FPDF_FILLMODE_NONE and not stroke.value


def _crossing_columns(horizontal, vertical) -> set[int]:
    """Distinct x positions (3 pt buckets) of vertical rules lying between two wide horizontal rules."""
    wide = [h for h in horizontal if h[1] - h[0] >= 30]
    if len(wide) < 2:
        return set()
    low, high = min(h[2] for h in wide), max(h[2] for h in wide)
    xs: set[int] = set()
    for bottom, top, x in vertical:
        if top >= low - 2 and bottom <= high + 2 and any(h[0] - 2 <= x <= h[1] + 2 for h in wide):
            xs.add(round(x / 3))
            if len(xs) >= 3:
                break
    return xs


def scan_page(page) -> PageObjects:
    """The images and ruling lines of ``page`` (a raw FPDF_PAGE handle)."""
    out = PageObjects()
    values = (ctypes.c_float(), ctypes.c_float(), ctypes.c_float(), ctypes.c_float())
    refs = tuple(ctypes.byref(v) for v in values)
    budget = [MAX_OBJECTS]
    count = max(pdfium_c.FPDFPage_CountObjects(page), 0)
    out.count = count
    if count > MAX_OBJECTS:
        _scan(out, values, refs, budget, page, count, 0)
        if out.images:
            _count_invisible(out, [])
        out.visited_text = []
        return out
    # Most objects of a page are text: their handles and types are read in C-level passes (map)
    # and only the others are visited. Same order and budget as _scan: object ``i`` is reached
    # while ``i < MAX_OBJECTS - nested`` (``nested``: objects spent inside form XObjects so far).
    objects = list(map(page_object, repeat(page, count), range(count)))
    kinds = list(map(obj_type, objects))
    out.text = kinds.count(_TEXT)
    left, bottom, right, top = values
    nested = 0
    limit = count
    blanks = out.blanks
    fill = (ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint())
    fill_refs = tuple(ctypes.byref(v) for v in fill)
    red, green, blue, alpha = fill
    for i, kind in enumerate(kinds):
        if i >= limit:
            break
        obj = objects[i]
        if not obj:
            continue
        if kind == _TEXT:
            if len(blanks) < MAX_BLANKS and obj_bounds(obj, *refs) and right.value - left.value < BLANK_WIDTH:
                blanks.append((left.value, bottom.value))
            if (
                obj_fill_color(obj, *fill_refs)
                and red.value >= WHITE
                and green.value >= WHITE
                and blue.value >= WHITE
                and alpha.value
                and len(out.white_text) < MAX_WHITE
                and text_render_mode(obj) in _FILL_ONLY
                and obj_bounds(obj, *refs)
                and right.value - left.value >= BLANK_WIDTH
            ):
                address = ctypes.cast(obj, ctypes.c_void_p).value
                out.white_text.append((address, left.value, bottom.value, right.value, top.value))
        elif kind == _IMAGE:
            bounded = obj_bounds(obj, *refs)
            out.images.append((top.value if bounded else 0.0, obj))
            if bounded:
                out.backdrops.append((left.value, bottom.value, right.value, top.value))
        elif kind == _PATH:
            if obj_bounds(obj, *refs):
                out.add_path(left.value, bottom.value, right.value, top.value, obj)
                if _painted(obj, fill, fill_refs):
                    out.backdrops.append((left.value, bottom.value, right.value, top.value))
        elif kind == _FORM:
            if obj_bounds(obj, *refs):  # what it draws is not looked into: it may be a backdrop
                out.backdrops.append((left.value, bottom.value, right.value, top.value))
            budget[0] = MAX_OBJECTS - (i + 1) - nested
            _scan(out, values, refs, budget, obj, max(form_count(obj), 0), 1)
            nested = MAX_OBJECTS - (i + 1) - budget[0]
            limit = min(count, MAX_OBJECTS - nested)
    if limit < count:
        out.truncated = True
    if out.images:
        _count_invisible(out, [o for o, kind in zip(objects, kinds, strict=True) if kind == _TEXT and o])
    out.visited_text = []
    return out


_INVISIBLE = pdfium_c.FPDF_TEXTRENDERMODE_INVISIBLE
#: text render modes that fill the glyphs and do nothing else (fill; fill and add to the clip);
#: the OCR layer over a scan is drawn in mode 3, invisible, and is never white text here
_FILL_ONLY = frozenset((pdfium_c.FPDF_TEXTRENDERMODE_FILL, pdfium_c.FPDF_TEXTRENDERMODE_FILL_CLIP))
#: a colour channel at least this bright (of 255) is white's, in text's and paths' fill colours
WHITE = 250
#: at most this many white text objects are kept per page
MAX_WHITE = 2000


def _painted(path, fill, fill_refs) -> bool:
    """Whether ``path`` is filled in a colour other than white, or stroked (a backdrop, a rule)."""
    mode, stroke = ctypes.c_int(), ctypes.c_int()
    if not path_draw_mode(path, ctypes.byref(mode), ctypes.byref(stroke)):
        return True
    if stroke.value:
        return True
    if mode.value == pdfium_c.FPDF_FILLMODE_NONE:
        return False
    if not obj_fill_color(path, *fill_refs):
        return True
    return min(fill[0].value, fill[1].value, fill[2].value) < WHITE and fill[3].value > 0


def unseen_text(objects: PageObjects) -> set[int]:
    """The addresses of the text objects of ``objects.white_text`` that stand on nothing the page
    draws (``objects.backdrops``: no image, form XObject or path filled in a colour but white
    meets their bounds): text filled white on the white page, which no reader sees, as
    typesetters mark a page for their own use (the Federal Register's white ``VerDate
    Sep<11>2014 …`` at the foot and the turned ``… on DSK… with PROPOSALS`` in the margin). White
    text on a coloured box, a bar or a picture (a table's header, a chart's figures) stays."""
    out = set()
    backdrops = objects.backdrops
    for address, left, bottom, right, top in objects.white_text:
        if not any(
            b_left < right and b_right > left and b_bottom < top and b_top > bottom
            for b_left, b_bottom, b_right, b_top in backdrops
        ):
            out.add(address)
    return out


def _count_invisible(out: PageObjects, top_text: list) -> None:
    """Count the page's text objects and the invisible ones among them (``scan_page`` then lets
    go of the handles: they are only valid while the page is open)."""
    texts = top_text + out.visited_text
    out.all_text = len(texts)
    out.invisible = list(map(text_render_mode, texts)).count(_INVISIBLE)


_IMAGE, _PATH, _FORM = pdfium_c.FPDF_PAGEOBJ_IMAGE, pdfium_c.FPDF_PAGEOBJ_PATH, pdfium_c.FPDF_PAGEOBJ_FORM
_TEXT = pdfium_c.FPDF_PAGEOBJ_TEXT


def _scan(out: PageObjects, values, refs, budget: list[int], parent, count: int, depth: int) -> None:
    """The ``count`` objects of ``parent`` (the page at depth 0, else a form XObject)."""
    get = page_object if depth == 0 else form_object
    left, bottom, right, top = values
    for i in range(count):
        if budget[0] <= 0:
            out.truncated = True
            return
        budget[0] -= 1
        obj = get(parent, i if depth == 0 else ctypes.c_ulong(i))
        if not obj:
            continue
        kind = obj_type(obj)
        if kind == _TEXT:
            out.text += depth == 0
            out.visited_text.append(obj)
        elif kind == _IMAGE:
            out.images.append((top.value if obj_bounds(obj, *refs) else 0.0, obj))
        elif kind == _PATH and depth == 0:
            # paths inside form XObjects report bounds in the form's own space: not used as rulings
            if obj_bounds(obj, *refs):
                out.add_path(left.value, bottom.value, right.value, top.value, obj)
        elif kind == _FORM and depth < MAX_FORM_DEPTH:
            _scan(out, values, refs, budget, obj, max(form_count(obj), 0), depth + 1)


def silent_text(page, textpage) -> int:
    """How many of the text objects of ``page`` (a raw FPDF_PAGE handle, its objects at the top
    level, as ``PageObjects.text`` counts them) pdfium gives no text for on ``textpage``."""
    count = max(pdfium_c.FPDFPage_CountObjects(page), 0)
    silent = 0
    for i in range(count):
        obj = page_object(page, i)
        # the length asked with no buffer is in bytes, the terminating NUL's two included
        if obj and obj_type(obj) == _TEXT and pdfium_c.FPDFTextObj_GetText(obj, textpage, None, 0) <= 2:
            silent += 1
    return silent


def image_size(obj) -> tuple[int, int]:
    w, h = ctypes.c_uint(), ctypes.c_uint()
    if not pdfium_c.FPDFImageObj_GetImagePixelSize(obj, ctypes.byref(w), ctypes.byref(h)):
        return 0, 0
    return int(w.value), int(h.value)


class ImageError(Exception):
    """An image pdfium cannot decode; the message is the reason recorded as skipped."""


def decode_png(obj, encode: bool = True) -> tuple[bytes, int, int]:
    """The pixels of image object ``obj`` (unrendered: no mask or transform applied) as a PNG
    (bytes, width, height); ImageError with a reason otherwise. Without ``encode`` the pixels
    are decoded and checked the same way but no PNG is written (the bytes are b"")."""
    width, height = image_size(obj)
    if width * height > MAX_IMAGE_PIXELS:
        raise ImageError(f"{width}×{height} pixels is over the {MAX_IMAGE_PIXELS:,}-pixel limit")
    raw_bitmap = pdfium_c.FPDFImageObj_GetBitmap(obj)
    if not raw_bitmap:
        raise ImageError(
            f"pdfium cannot decode this {width}×{height} image (colour space, bit depth or filter)"
        )
    # the pixels are read in place and the bitmap freed once the PNG is written (the Pillow image
    # copies them, or shares them only until then); same checks and pixel modes as PdfBitmap.to_pil
    try:
        pil = _bitmap_image(raw_bitmap)
        if pil.mode not in ("RGB", "RGBA", "L", "LA", "1", "P"):
            pil = pil.convert("RGB")
        if not encode:
            return b"", pil.width, pil.height
        buf = io.BytesIO()
        pil.save(buf, format="PNG", compress_level=1)
    finally:
        pdfium_c.FPDFBitmap_Destroy(raw_bitmap)
    return buf.getvalue(), pil.width, pil.height


def _bitmap_image(raw_bitmap):
    """A Pillow image of a pdfium bitmap's pixels (the channel order turned from pdfium's BGR)."""
    from PIL import Image

    width = pdfium_c.FPDFBitmap_GetWidth(raw_bitmap)
    height = pdfium_c.FPDFBitmap_GetHeight(raw_bitmap)
    stride = pdfium_c.FPDFBitmap_GetStride(raw_bitmap)
    kind = pdfium_c.FPDFBitmap_GetFormat(raw_bitmap)
    address = pdfium_c.FPDFBitmap_GetBuffer(raw_bitmap)
    if not address:
        raise ImageError("pdfium gave the decoded image no pixel buffer")
    if kind not in pdfium_i.BitmapTypeToNChannels:
        raise ImageError(f"unsupported pixel format (pdfium bitmap format {kind})")
    pixels = (ctypes.c_ubyte * (stride * height)).from_address(address)
    try:
        mode, raw_mode = pdfium_i.BitmapTypeToStrReverse[kind], pdfium_i.BitmapTypeToStr[kind]
        image = Image.frombuffer(mode, (width, height), pixels, "raw", raw_mode, stride, 1)
    except (ValueError, KeyError, OSError) as exc:
        raise ImageError(f"unsupported pixel format ({exc})") from None
    image.readonly = False  # as to_pil: a shared buffer is not copied again before saving
    return image
