"""pdfium C functions for the hot loops, called without ctypes' per-argument conversion.

pypdfium2 declares ``argtypes`` on every binding, and checking and converting the arguments costs
about twice as much as a short query such as a character's box or font size. The functions here
are the same C entry points of the same loaded library, with the result type declared and no
argument types: callers pass only ctypes objects (handles, ``byref`` pointers, buffers) and Python
ints for C ``int`` parameters, never a plain int for a pointer, a size or a float.
"""

from __future__ import annotations

import ctypes

import pypdfium2.raw as pdfium_c


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
obj_type = _unchecked(pdfium_c.FPDFPageObj_GetType)  # (pageobject) -> int
obj_bounds = _unchecked(pdfium_c.FPDFPageObj_GetBounds)  # (pageobject, 4 × float*) -> bool
page_object = _unchecked(pdfium_c.FPDFPage_GetObject)  # (page, int) -> pageobject
form_count = _unchecked(pdfium_c.FPDFFormObj_CountObjects)  # (pageobject) -> int
form_object = _unchecked(pdfium_c.FPDFFormObj_GetObject)  # (pageobject, c_ulong) -> pageobject
