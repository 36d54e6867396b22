"""Roman numerals read as the numbers they stand for: a PDF page numbered ``xiv`` in its front
matter, a list item an RTF file labels ``iv.``. Kept apart from the PDF layout so that a light
extractor can read them without loading it."""

from __future__ import annotations

import re

#: a roman numeral, i to cccxcix, well formed: no d or m, which spell words and abbreviations
#: (did, mix, DC, MD) as often
ROMAN = re.compile(r"^(?=[ivxlc])c{0,3}(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})$")
_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100}


def roman_value(core: str) -> int | None:
    """The value of a well-formed lower-case roman numeral (``xiv``: 14), else None."""
    if not ROMAN.match(core):
        return None
    values = [_ROMAN_VALUES[c] for c in core]
    return sum(-v if k + 1 < len(values) and v < values[k + 1] else v for k, v in enumerate(values))
