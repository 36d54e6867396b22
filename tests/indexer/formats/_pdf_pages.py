"""Pages drawn with reportlab for the PDF paragraph tests: how much of a text a line holds."""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth


def fitting(text: str, font: str, size: float, width: float) -> int:
    """How many characters of ``text`` a line ``width`` points wide holds in ``font`` at ``size``, at
    least one (a line is never empty)."""
    n = 1
    while n < len(text) and stringWidth(text[: n + 1], font, size) <= width:
        n += 1
    return n


def indented(
    text: str, font: str, size: float, first: float, left: float, right: float
) -> list[tuple[float, str]]:
    """``text`` wrapped as a paragraph whose first line starts at ``first`` and the others at
    ``left``, each running up to ``right``: (left, line) pairs."""
    out = []
    at = first
    while text:
        n = fitting(text, font, size, right - at)
        out.append((at, text[:n]))
        text, at = text[n:], left
    return out


def wrapped(
    text: str, font: str, size: float, first: float, left: float, right: float
) -> list[tuple[float, str]]:
    """``text`` wrapped between words as a paragraph whose first line starts at ``first`` and the
    others at ``left``, each running up to ``right``: (left, line) pairs; a word wider than a line
    stands alone on one."""
    out: list[tuple[float, str]] = []
    line: list[str] = []
    at = first
    for word in text.split():
        if line and stringWidth(" ".join([*line, word]), font, size) > right - at:
            out.append((at, " ".join(line)))
            line, at = [], left
        line.append(word)
    if line:
        out.append((at, " ".join(line)))
    return out
