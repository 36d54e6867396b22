"""The characters of the Symbol and Zapf Dingbats fonts, and the boxes and marks of the Wingdings
fonts, as Unicode.

Word writes a character inserted from the Symbol font as ``w:sym w:font="Symbol"
w:char="F061"``: the font's own code (0x61) in the private-use area, which shows as α only in that
font. Read as it is, the text holds U+F061 and a search for α misses it. This is the Symbol
encoding (Adobe's, which the Windows font follows). The pieces that large brackets, braces and
integrals are built of, one above the other (0xBD, 0xE6–0xEF, 0xF3–0xF5, 0xF6–0xFE), are the
bracket pieces Unicode has for them (⎛ ⎜ ⎝ …, U+239B–U+23AE, U+23D0), so that a bracket drawn
with them keeps its pieces rather than losing them. The extender of the radical sign (0x60), a
bar at the height of the top of √ (0xD6) that carries it on over what the root is taken of, has
no piece of its own in Unicode (⎷ U+23B7 is the foot of a tall radical, not its top): it is ‾
(U+203E OVERLINE), a line at that height, kept as the brackets' pieces are.
"""

from __future__ import annotations

# the ASCII codes whose Symbol character differs from ASCII: code → character
_PUNCTUATION = {
    0x22: "\u2200",  # ∀
    0x24: "\u2203",  # ∃
    0x27: "\u220b",  # ∋
    0x2A: "\u2217",  # ∗
    0x2D: "\u2212",  # −
    0x40: "\u2245",  # ≅
    0x5C: "\u2234",  # ∴
    0x5E: "\u22a5",  # ⊥
    0x7E: "\u223c",  # ∼
}
# 0x41-0x5A and 0x61-0x7A: the Greek letter set on each Latin key
_UPPER = "ΑΒΧΔΕΦΓΗΙϑΚΛΜΝΟΠΘΡΣΤΥςΩΞΨΖ"
_LOWER = "αβχδεφγηιϕκλμνοπθρστυϖωξψζ"
# 0xA0-0xFF, with "\u0000" where the code has no character
_HIGH = (
    "€ϒ′≤⁄∞ƒ♣♦♥♠↔←↑→↓"  # A0-AF
    "°±″≥×∝∂•÷≠≡≈…⏐⎯↵"  # B0-BF (BD, BE: the extenders of arrows)
    "ℵℑℜ℘⊗⊕∅∩∪⊃⊇⊄⊂⊆∈∉"  # C0-CF
    "∠∇®©™∏√⋅¬∧∨⇔⇐⇑⇒⇓"  # D0-DF
    "◊〈®©™∑⎛⎜⎝⎡⎢⎣⎧⎨⎩⎪"  # E0-EF (E6-EF: the left pieces of parentheses, brackets and braces)
    "\u0000〉∫⌠⎮⌡⎞⎟⎠⎤⎥⎦⎫⎬⎭\u0000"  # F0-FF (F3-F5: an integral's, F6-FE: the right pieces)
)


def _table() -> dict[int, str]:
    table = {code: chr(code) for code in range(0x20, 0x7F)}
    table.update(_PUNCTUATION)
    table.update({0x41 + i: c for i, c in enumerate(_UPPER)})
    table.update({0x61 + i: c for i, c in enumerate(_LOWER)})
    table.update({0xA0 + i: c for i, c in enumerate(_HIGH) if c != "\u0000"})
    table[0x60] = "\u203e"  # ‾: the extender of the radical sign
    return table


SYMBOL = _table()


#: the check boxes, ticks, crosses and bullets of the Wingdings fonts that forms and lists use;
#: the rest of those fonts (pictures, hands, clocks …) has no character to search for
WINGDINGS = {
    0x6E: "\u25a0",  # ■
    0x6F: "\u25a1",  # □
    0x71: "\u2751",  # ❑
    0x76: "\u2756",  # ❖
    0xA7: "\u25aa",  # ▪
    0xA8: "\u2610",  # ☐
    0xD8: "\u27a2",  # ➢
    0xFB: "\u2717",  # ✗
    0xFC: "\u2713",  # ✓
    0xFD: "\u2612",  # ☒
    0xFE: "\u2611",  # ☑
}
WINGDINGS_2 = {
    0x4F: "\u2717",  # ✗
    0x50: "\u2713",  # ✓
    0x52: "\u2611",  # ☑
    0x54: "\u2612",  # ☒
    0xA3: "\u2610",  # ☐
}


def _dingbats() -> dict[int, str]:
    """Zapf Dingbats, as Adobe maps it to Unicode (whose Dingbats block was laid out after it):
    0x21-0x7E are U+2701-U+275E, 0x80-0x8D the ornamental brackets U+2768-U+2775, 0xA1-0xA7
    U+2761-U+2767 and 0xB6-0xFE U+2776-U+27BE (circled digits, arrows), but for the characters
    Unicode had elsewhere when the block was made: a telephone, pointing hands, a star, the
    shapes, the card suits, ① to ⑩ and three arrows (0xF0 has none)."""
    table = {0x20: " "}
    table.update({code: chr(0x26E0 + code) for code in range(0x21, 0x7F)})
    table.update({code: chr(0x26E8 + code) for code in range(0x80, 0x8E)})
    table.update({code: chr(0x26C0 + code) for code in (*range(0xA1, 0xA8), *range(0xB6, 0xFF))})
    table.update({0xAC + i: chr(0x2460 + i) for i in range(10)})  # ① … ⑩
    table.update(
        {
            0x25: "\u260e",  # ☎
            0x2A: "\u261b",  # ☛
            0x2B: "\u261e",  # ☞
            0x48: "\u2605",  # ★
            0x6C: "\u25cf",  # ●
            0x6E: "\u25a0",  # ■
            0x73: "\u25b2",  # ▲
            0x74: "\u25bc",  # ▼
            0x75: "\u25c6",  # ◆
            0x77: "\u25d7",  # ◗
            0xA8: "\u2663",  # ♣
            0xA9: "\u2666",  # ♦
            0xAA: "\u2665",  # ♥
            0xAB: "\u2660",  # ♠
            0xD5: "\u2192",  # →
            0xD6: "\u2194",  # ↔
            0xD7: "\u2195",  # ↕
        }
    )
    del table[0xF0]
    return table


ZAPF_DINGBATS = _dingbats()
_FONTS = {
    "symbol": SYMBOL,
    "wingdings": WINGDINGS,
    "wingdings 2": WINGDINGS_2,
    # the PostScript font, its names on the Mac and in PDF, and the clones of its layout (Windows'
    # Monotype Sorts, URW's Dingbats)
    "zapf dingbats": ZAPF_DINGBATS,
    "zapfdingbats": ZAPF_DINGBATS,
    "itc zapf dingbats": ZAPF_DINGBATS,
    "monotype sorts": ZAPF_DINGBATS,
    "dingbats": ZAPF_DINGBATS,
}


def symbol_char(font: str | None, code: int) -> str | None:
    """The Unicode character of ``code`` (0x20-0xFF, or the same in the private-use area
    U+F020-U+F0FF, as Word writes it) in ``font``, for the Symbol font and the marks of the
    Wingdings fonts; "" for another code of those fonts or of any other font in that private-use
    range (a picture with no character); None for a code outside it in a font not listed. Zapf
    Dingbats (``ZAPF_DINGBATS``) has a character for each of its codes but 0xF0."""
    table = _FONTS.get(" ".join((font or "").split()).casefold())
    if 0xF020 <= code <= 0xF0FF:
        code -= 0xF000
    elif table is None:
        return None
    return (table or {}).get(code, "")
