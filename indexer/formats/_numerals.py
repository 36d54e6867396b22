"""Roman numerals read as the numbers they stand for: a PDF page numbered ``xiv`` in its front
matter, a list item an RTF file labels ``iv.``; and numbers written as Word writes them in its
formats of list and note numbers (``iv``, ``bb``, ``†``). Kept apart from the PDF layout so that
a light extractor can read them without loading it."""

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


_ROMAN_PARTS = ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"),
                (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"))  # fmt: skip


def number_text(value: int, fmt: str) -> str:
    """A list number as Word writes it in the format ``fmt`` (Word's names, as in a .docx):
    decimal, decimalZero, roman and letter numbers (``aa`` after ``z``), ordinals; formats
    without a number (bullet, none) give "", and any other format (words, other scripts)
    decimal digits."""
    if fmt in ("bullet", "none"):
        return ""
    if fmt in ("lowerRoman", "upperRoman") and 0 < value < 4000:
        out = []
        for size, letters in _ROMAN_PARTS:
            count, value = divmod(value, size)
            out.append(letters * count)
        roman = "".join(out)
        return roman.upper() if fmt == "upperRoman" else roman
    if fmt in ("lowerLetter", "upperLetter") and 0 < value <= 780:
        letter = chr(ord("a" if fmt == "lowerLetter" else "A") + (value - 1) % 26)
        return letter * ((value - 1) // 26 + 1)
    if fmt == "decimalZero" and 0 <= value < 10:
        return f"0{value}"
    if fmt == "ordinal" and value >= 0:
        suffix = "th" if 10 <= value % 100 < 20 else {1: "st", 2: "nd", 3: "rd"}.get(value % 10, "th")
        return f"{value}{suffix}"
    return str(value)


#: the marks of Word's ``chicago`` format of footnote numbers, doubled after the fourth note
_CHICAGO = ("*", "\u2020", "\u2021", "\u00a7")


def note_number_text(value: int, fmt: str) -> str:
    """A footnote's number as Word shows it in the format ``fmt`` (:func:`number_text`, and
    ``chicago``'s marks: \\*, †, ‡, §, then \\*\\* …); decimal where the format shows no number."""
    if fmt == "chicago" and value > 0:
        return _CHICAGO[(value - 1) % 4] * ((value - 1) // 4 + 1)
    return number_text(value, fmt) or str(value)


#: the kinds of characters a number format writes (Roman numbers and letters share theirs)
_FORMAT_CHARS = {"lowerRoman": "a", "lowerLetter": "a", "upperRoman": "A", "upperLetter": "A", "chicago": "*"}


def number_chars(fmt: str) -> str:
    """The kind of characters the number format ``fmt`` writes: ``a`` (lower-case letters or
    Roman numbers), ``A``, ``*`` (Chicago's marks), ``1`` (digits, for the others). An
    endnote's label is told from a footnote's by an ``e`` before it where the two share one."""
    return _FORMAT_CHARS.get(fmt, "1")
