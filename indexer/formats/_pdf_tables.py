"""Tables through pdfplumber's table finder, run only on the pages that need it.

pdfplumber parses a page with pdfminer, which is far slower than pdfium, so the extractor calls it
only for pages whose objects include ruling lines (``pdf_tables=auto``), for every page
(``always``), or never. Coordinates come back top-down; :class:`FoundTable` converts them to PDF
user space (y upwards) so that text lines inside a table can be dropped from the prose.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from ._pdf_lines import clean

TABLE_SETTINGS_LINES = {"vertical_strategy": "lines", "horizontal_strategy": "lines"}
TABLE_SETTINGS_RULES = {"vertical_strategy": "text", "horizontal_strategy": "lines"}
TABLE_SETTINGS_TEXT = {"vertical_strategy": "text", "horizontal_strategy": "text"}


@dataclass(frozen=True, slots=True)
class FoundTable:
    left: float
    right: float
    bottom: float
    top: float
    header: tuple[str, ...] | None
    rows: tuple[tuple[str, ...], ...]

    def covers(self, x: float, y: float) -> bool:
        return self.left - 1 <= x <= self.right + 1 and self.bottom - 1 <= y <= self.top + 1


def open_plumber(data: bytes, password: str | None):
    import pdfplumber

    return pdfplumber.open(io.BytesIO(data), password=password or "")


def _cell(value: object) -> str:
    return clean(" ".join(str(value).split())) if value is not None else ""


def find_tables(
    plumber_pdf, index: int, origin: tuple[float, float], *, ruled_both_ways: bool, force_text: bool
) -> list[FoundTable]:
    """Tables on page ``index`` (0-based), filtered to those that look like data tables.

    ``origin`` is the (left, top) corner of the page's media box in PDF user space."""
    page = plumber_pdf.pages[index]
    if force_text:
        settings = TABLE_SETTINGS_TEXT
    else:
        settings = TABLE_SETTINGS_LINES if ruled_both_ways else TABLE_SETTINGS_RULES
    left0, top0 = origin
    out: list[FoundTable] = []
    for table in page.find_tables(table_settings=settings):
        rows = [tuple(_cell(c) for c in row) for row in table.extract(x_tolerance=1.5)]
        rows = [r for r in rows if any(r)]
        if not _plausible(rows):
            continue
        width = max(len(r) for r in rows)
        rows = [r + ("",) * (width - len(r)) for r in rows]
        header = rows[0] if _looks_like_header(rows) else None
        body = rows[1:] if header is not None else rows
        bx0, btop, bx1, bbottom = table.bbox
        out.append(
            FoundTable(
                left=left0 + float(bx0),
                right=left0 + float(bx1),
                bottom=top0 - float(bbottom),
                top=top0 - float(btop),
                header=header,
                rows=tuple(body),
            )
        )
    return out


def _plausible(rows: list[tuple[str, ...]]) -> bool:
    """A data table, not a figure's frame or a diagram's grid: two rows and two columns, half the
    cells filled, two rows with two filled cells, and words or numbers (not lone symbols) in at
    least 30 % of the filled cells."""
    if len(rows) < 2:
        return False
    width = max(len(r) for r in rows)
    if width < 2:
        return False
    filled = [c for r in rows for c in r if c]
    if len(filled) < 0.5 * width * len(rows):
        return False
    if sum(1 for r in rows if sum(1 for c in r if c) >= 2) < 2:
        return False
    wordy = sum(1 for c in filled if sum(ch.isalnum() for ch in c) >= 2)
    return wordy >= 0.3 * len(filled)


def _looks_like_header(rows: list[tuple[str, ...]]) -> bool:
    """The first row names the columns: most cells filled and none of them a plain number."""
    first = rows[0]
    filled = [c for c in first if c]
    if len(rows) < 2 or len(filled) * 2 < len(first):
        return False
    return not any(c.replace(".", "", 1).replace(",", "").replace("%", "").isdigit() for c in filled)


# -- the fast path: ruled grids from pdfium's path objects ---------------------------------------

#: Grids with more cells than this are left to pdfplumber (or to the text) rather than read here.
MAX_GRID_CELLS = 5000


def grid_tables(horizontal, vertical, textpage) -> list[FoundTable]:
    """Tables of a ruled grid, found with pdfplumber's edge → intersection → cell → table algorithm
    on the ruling segments pdfium reported, and filled with pdfium's text inside each cell.

    No pdfminer parse of the page is needed, which makes this many times faster than
    ``page.find_tables()``. Coordinates stay in PDF user space; pdfplumber's ``top``/``bottom``
    (growing downwards) are the negated y values.
    """
    from pdfplumber import table as plumber_table

    edges = [
        {
            "x0": left,
            "x1": right,
            "top": -y,
            "bottom": -y,
            "width": right - left,
            "height": 0.0,
            "orientation": "h",
        }
        for left, right, y in horizontal
    ]
    edges += [
        {
            "x0": x,
            "x1": x,
            "top": -top,
            "bottom": -bottom,
            "width": 0.0,
            "height": top - bottom,
            "orientation": "v",
        }
        for bottom, top, x in vertical
    ]
    edges = plumber_table.merge_edges(edges, 3, 3, 3, 3)
    regular = _regular_grid(edges)
    if regular is not None:
        found = [regular]
    else:
        intersections = plumber_table.edges_to_intersections(edges, 3, 3)
        cells = plumber_table.intersections_to_cells(intersections)
        if len(cells) > MAX_GRID_CELLS:
            return []
        found = plumber_table.cells_to_tables(cells)
    reader = _BoundedText(textpage)
    out: list[FoundTable] = []
    for table_cells in found:
        rows = _grid_rows(table_cells, reader)
        if not _plausible(rows):
            continue
        header = rows[0] if _looks_like_header(rows) else None
        x0 = min(c[0] for c in table_cells)
        x1 = max(c[2] for c in table_cells)
        top = -min(c[1] for c in table_cells)
        bottom = -max(c[3] for c in table_cells)
        out.append(FoundTable(x0, x1, bottom, top, header, tuple(rows[1:] if header else rows)))
    out.sort(key=lambda t: -t.top)
    return out


def _regular_grid(edges) -> list[tuple[float, float, float, float]] | None:
    """The cells of a complete grid (every rule spans the whole table), else None.

    The common case (a ruled table and nothing else on the page) needs no intersection search."""
    hs = [e for e in edges if e["orientation"] == "h"]
    vs = [e for e in edges if e["orientation"] == "v"]
    if len(hs) < 2 or len(vs) < 2 or len(hs) * len(vs) > MAX_GRID_CELLS:
        return None
    left, right = min(e["x0"] for e in hs), max(e["x1"] for e in hs)
    top, bottom = min(e["top"] for e in vs), max(e["bottom"] for e in vs)
    tol = 3
    for e in hs:
        if abs(e["x0"] - left) > tol or abs(e["x1"] - right) > tol:
            return None
    for e in vs:
        if abs(e["top"] - top) > tol or abs(e["bottom"] - bottom) > tol:
            return None
    ys = sorted(e["top"] for e in hs)
    xs = sorted(e["x0"] for e in vs)
    if (
        abs(ys[0] - top) > tol
        or abs(ys[-1] - bottom) > tol
        or abs(xs[0] - left) > tol
        or abs(xs[-1] - right) > tol
    ):
        return None
    rows = list(zip(ys, ys[1:], strict=False))
    cols = list(zip(xs, xs[1:], strict=False))
    return [(x0, y0, x1, y1) for y0, y1 in rows for x0, x1 in cols]


class _BoundedText:
    """pdfium's text inside a rectangle, through one reused buffer."""

    SIZE = 8192

    def __init__(self, textpage) -> None:
        import ctypes

        import pypdfium2.raw as pdfium_c

        self._raw = textpage.raw
        self._fn = pdfium_c.FPDFText_GetBoundedText
        self._buf = (ctypes.c_ushort * (self.SIZE + 1))()
        self._ptr = ctypes.cast(self._buf, ctypes.POINTER(ctypes.c_ushort))
        self._bytes = ctypes.cast(self._buf, ctypes.POINTER(ctypes.c_char * (2 * self.SIZE)))

    def __call__(self, left: float, bottom: float, right: float, top: float) -> str:
        n = self._fn(self._raw, left, top, right, bottom, self._ptr, self.SIZE)
        if n <= 0:
            return ""
        text = self._bytes.contents.raw[: 2 * min(n, self.SIZE)].decode("utf-16-le", errors="ignore")
        return text.replace("\x00", "")


def _grid_rows(cells, reader) -> list[tuple[str, ...]]:
    xs = sorted({round(c[0], 1) for c in cells})
    tops = sorted({round(c[1], 1) for c in cells})
    col = {x: i for i, x in enumerate(xs)}
    row = {t: i for i, t in enumerate(tops)}
    grid: list[list[list[str]]] = [[[] for _ in xs] for _ in tops]
    for x0, top, x1, bottom in cells:
        text = reader(x0, -bottom, x1, -top)
        lines = [_cell(part) for part in text.replace("\ufffe", "").splitlines()]
        grid[row[round(top, 1)]][col[round(x0, 1)]] = [ln for ln in lines if ln]
    rows: list[tuple[str, ...]] = []
    for cells_of_row in grid:
        counts = {len(c) for c in cells_of_row if c}
        if len(counts) == 1 and (k := counts.pop()) > 1:
            # rows without rules between them: every filled cell holds k lines, one per row
            rows += [tuple(c[i] if c else "" for c in cells_of_row) for i in range(k)]
        else:
            rows.append(tuple(" ".join(c) for c in cells_of_row))
    rows = [r for r in rows if any(r)]
    # columns empty in every row come from padding or shading rectangles inside the cells
    keep = [i for i in range(len(xs)) if any(r[i] for r in rows)]
    return [tuple(r[i] for i in keep) for r in rows]
