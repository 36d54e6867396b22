"""The reading order of a slide's shapes, placed by their boxes: rows top to bottom, each row
left to right. PowerPoint's and Impress's slides both keep their shapes in the order they were
drawn, which says little of how a person reads them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

T = TypeVar("T")

#: a shape's box (top, left, height, width), its place among the shapes, the shape
_Placed = tuple[tuple[float, float, float, float], int, T]


def rows_then_columns(
    shapes: Iterable[T], box: Callable[[T], tuple[float, float, float, float]], band: float
) -> list[T]:
    """``shapes`` in rows top to bottom, each row left to right, ``box`` giving each one's top,
    left, height and width in one unit, ``band`` a quarter of an inch in it. A shape is in the row
    of the topmost shape above it when their tops are less than ``band`` and half the smaller
    height apart: boxes set side by side by hand have tops that differ by a hair, and are read
    across, while boxes stacked one under the other never are one row. A shape standing beside
    a taller one, alone there (:func:`_alone_beside`), is in its row too: a text box drawn next to
    a tall picture or box is read across with it, left to right, whichever top is higher. Ties
    keep the order given."""
    placed: list[_Placed[T]] = sorted(
        ((box(shape), n, shape) for n, shape in enumerate(shapes)), key=lambda x: (x[0][:2], x[1])
    )
    rows: list[list[_Placed[T]]] = []
    for entry in placed:
        (top, _, height, _), _, _ = entry
        if rows:
            (row_top, _, row_height, _), _, _ = rows[-1][0]
            if top - row_top <= min(band, min(height, row_height) / 2) or (
                len(rows[-1]) == 1 and _alone_beside(entry, rows[-1][0], placed)
            ):
                rows[-1].append(entry)
                continue
        rows.append([entry])
    return [shape for row in rows for _, _, shape in sorted(row, key=lambda x: (x[0][1], x[0][0], x[1]))]


def _alone_beside(entry: _Placed[T], tall: _Placed[T], placed: Sequence[_Placed[T]]) -> bool:
    """Whether ``entry`` stands beside ``tall`` and alone there: from top to bottom within
    ``tall``'s height, to its left or right (no column in common), and no other shape starting
    within that height shares a column with it. Two such shapes are read across; a column of
    several beside a tall shape is left in rows of their own, its order being a matter of
    layout more than of rows."""
    (top, left, height, width), _, _ = entry
    (tall_top, tall_left, tall_height, tall_width), _, _ = tall
    bottom, tall_bottom = top + height, tall_top + tall_height
    if height <= 0 or not (tall_top <= top and bottom <= tall_bottom):
        return False
    if left < tall_left + tall_width and tall_left < left + width:
        return False  # above or below each other, in part: not beside
    for other in placed:
        if other is entry or other is tall:
            continue
        (o_top, o_left, _, o_width), _, _ = other
        if tall_top <= o_top < tall_bottom and o_left < left + width and left < o_left + o_width:
            return False
    return True
