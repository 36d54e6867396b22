"""pdfium C functions for the hot loops, called without ctypes' per-argument conversion.

pypdfium2 declares ``argtypes`` on every binding, and checking and converting the arguments costs
about twice as much as a short query such as a character's box or font size. The functions here
are the same C entry points of the same loaded library, with the result type declared and no
argument types: callers pass only ctypes objects (handles, ``byref`` pointers, buffers) and Python
ints for C ``int`` parameters, never a plain int for a pointer, a size or a float.
"""

from __future__ import annotations

import ctypes
from codecs import decode

import pypdfium2.raw as pdfium_c
from pypdfium2 import PdfiumError

from .. import heap


def _unchecked(func):
    """``func`` (a pypdfium2 binding) at the same address, with its result type and no argtypes."""
    out = type(func)(ctypes.cast(func, ctypes.c_void_p).value)
    out.restype = func.restype
    return out


get_char_box = _unchecked(pdfium_c.FPDFText_GetCharBox)  # (textpage, int, 4 × double*) -> bool
get_font_size = _unchecked(pdfium_c.FPDFText_GetFontSize)  # (textpage, int) -> double
get_font_weight = _unchecked(pdfium_c.FPDFText_GetFontWeight)  # (textpage, int) -> int
get_font_info = _unchecked(pdfium_c.FPDFText_GetFontInfo)  # (textpage, int, char*, c_ulong, int*)
get_char_angle = _unchecked(pdfium_c.FPDFText_GetCharAngle)  # (textpage, int) -> float
get_matrix = _unchecked(pdfium_c.FPDFText_GetMatrix)  # (textpage, int, FS_MATRIX*) -> bool
get_char_origin = _unchecked(pdfium_c.FPDFText_GetCharOrigin)  # (textpage, int, 2 × double*) -> bool
char_object = _unchecked(pdfium_c.FPDFText_GetTextObject)  # (textpage, int) -> pageobject
char_object.restype = ctypes.c_void_p  # its address as an int (None for none): a cheap dict key
obj_type = _unchecked(pdfium_c.FPDFPageObj_GetType)  # (pageobject) -> int
obj_bounds = _unchecked(pdfium_c.FPDFPageObj_GetBounds)  # (pageobject, 4 × float*) -> bool
page_object = _unchecked(pdfium_c.FPDFPage_GetObject)  # (page, int) -> pageobject
form_count = _unchecked(pdfium_c.FPDFFormObj_CountObjects)  # (pageobject) -> int
form_object = _unchecked(pdfium_c.FPDFFormObj_GetObject)  # (pageobject, c_ulong) -> pageobject
text_render_mode = _unchecked(pdfium_c.FPDFTextObj_GetTextRenderMode)  # (pageobject) -> int
obj_fill_color = _unchecked(pdfium_c.FPDFPageObj_GetFillColor)  # (pageobject, 4 × c_uint*) -> bool
path_draw_mode = _unchecked(pdfium_c.FPDFPath_GetDrawMode)  # (pageobject, int*, FPDF_BOOL*) -> bool
# (textpage, left, top, right, bottom as c_double, c_ushort*, int) -> int
bounded_text = _unchecked(pdfium_c.FPDFText_GetBoundedText)


# -- pages and text pages as plain handles ---------------------------------------------------------
# pypdfium2's PdfPage and PdfTextPage wrappers install a finalizer and register with their parent
# on every page; the extractor opens each page once and closes it itself, so it uses the handles.


class PageHandles:
    """A page and its text page, opened together and closed in reverse order."""

    __slots__ = ("page", "text")

    def __init__(self, pdf, index: int) -> None:
        self.text = None
        self.page = pdfium_c.FPDF_LoadPage(pdf.raw, index)
        if not self.page:
            raise PdfiumError("Failed to load page.")

    def open_text(self):
        """The page's text page. pdfium orders the text objects it finds on one line as the page
        is shown, turned by its /Rotate: text upright in the page's own space on a turned page
        runs across those lines, and pdfium sorted the starts of lines stacked at one indent
        (``*Refers …`` over ``**Multiple …`` on nics-background-checks-2015-11-rotated.pdf,
        turned 90°) by their height, bottom up. Such a page's text is read unturned."""
        self.text = self._load_text()
        turned = pdfium_c.FPDFPage_GetRotation(self.page)
        if turned > 0 and _upright_text(self.text):
            pdfium_c.FPDFText_ClosePage(self.text)
            self.text = None
            pdfium_c.FPDFPage_SetRotation(self.page, 0)
            try:
                self.text = self._load_text()  # parsed here: the turn given back does not reach it
            finally:
                pdfium_c.FPDFPage_SetRotation(self.page, turned)
        return self.text

    def _load_text(self):
        text = pdfium_c.FPDFText_LoadPage(self.page)
        if not text:
            raise PdfiumError("Failed to load text page.")
        return text

    def close_text(self) -> None:
        if self.text is not None:
            pdfium_c.FPDFText_ClosePage(self.text)
            self.text = None

    def close(self) -> None:
        self.close_text()
        if self.page is not None:
            pdfium_c.FPDF_ClosePage(self.page)
            self.page = None


#: characters of a turned page looked at to tell whether its text is upright in the page's space
_ANGLE_SAMPLE = 64


def _upright_text(textpage) -> bool:
    """Whether most of a text page's characters (a sample spread over it, spaces left out) are
    upright in the page's own space, their angle within about 0.05 radians of 0 or 2π."""
    count = pdfium_c.FPDFText_CountChars(textpage)
    if count <= 0:
        return False
    upright = seen = 0
    for i in range(0, count, max(count // _ANGLE_SAMPLE, 1)):
        if chr(pdfium_c.FPDFText_GetUnicode(textpage, i)).isspace():
            continue
        angle = get_char_angle(textpage, i)
        if angle < 0:  # pdfium could not tell
            continue
        seen += 1
        upright += angle < 0.05 or angle > 6.23
    return seen > 0 and upright * 5 >= seen * 4


def mediabox(page) -> tuple[float, float, float, float]:
    """(left, bottom, right, top) of the page's MediaBox; US Letter when the page has none."""
    left, bottom, right, top = ctypes.c_float(), ctypes.c_float(), ctypes.c_float(), ctypes.c_float()
    if not pdfium_c.FPDFPage_GetMediaBox(page, left, bottom, right, top):
        return (0, 0, 612, 792)
    return (left.value, bottom.value, right.value, top.value)


def count_chars(textpage) -> int:
    count = pdfium_c.FPDFText_CountChars(textpage)
    if count == -1:
        raise PdfiumError("Failed to get character count.")
    return count


def text_range(textpage, count: int) -> str:
    """The text of characters ``0 .. count - 1``. Characters pdfium leaves out of its text at
    either end of the range are skipped first, so that pdfium never reads past the range."""
    start, end, skipped_left, skipped_right = 0, count - 1, 0, 0
    while True:
        if start > end:
            return ""
        text_start = pdfium_c.FPDFText_GetTextIndexFromCharIndex(textpage, start)
        if text_start == -1:
            start, skipped_left = start + 1, skipped_left + 1
            continue
        text_end = pdfium_c.FPDFText_GetTextIndexFromCharIndex(textpage, end)
        if text_end == -1:
            end, skipped_right = end - 1, skipped_right + 1
            continue
        break
    size = text_end + 2 - text_start  # with the NUL terminator
    # rounded up: ctypes makes (and keeps) one array type per length, a few microseconds each
    buffer = (ctypes.c_ushort * (-(-size // 1024) * 1024 if size > 0 else size))()
    written = pdfium_c.FPDFText_GetText(textpage, skipped_left, count - skipped_left - skipped_right, buffer)
    if written > size:
        raise PdfiumError(f"text buffer too small: {size} for {written}")
    return decode(memoryview(buffer)[: written - 1], "utf-16-le", errors="ignore")


def keep_heap_top() -> None:
    """Let glibc's malloc keep freed memory at the top of the heap between pages.

    pdfium allocates a page's objects and its text page on the C heap and frees them when the page
    is closed; with glibc's default trim threshold the freed top of the heap goes back to the
    system after every page and the next page touches it afresh, one page fault per 4 KiB (about
    40 faults per page, some 10 % of the CPU time of the corpus PDFs). The settings are
    :func:`indexer.heap.tune_default`'s (left as they are where the process chose its own)."""
    heap.tune_default()
