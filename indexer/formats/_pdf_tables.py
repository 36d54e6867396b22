"""Tables through pdfplumber's table finder, run only on the pages that need it.

pdfplumber parses a page with pdfminer, which is far slower than pdfium, so the extractor calls it
only for pages whose objects include ruling lines (``pdf_tables=auto``), for every page
(``always``), or never. Coordinates come back top-down; :class:`FoundTable` converts them to PDF
user space (y upwards) so that text lines inside a table can be dropped from the prose.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

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
    return " ".join(str(value).split()) if value is not None else ""


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
    """At least two rows and two columns, and most cells filled (not a figure's frame)."""
    if len(rows) < 2:
        return False
    width = max(len(r) for r in rows)
    if width < 2:
        return False
    filled = sum(1 for r in rows for c in r if c)
    return filled >= 0.4 * width * len(rows)


def _looks_like_header(rows: list[tuple[str, ...]]) -> bool:
    """The first row names the columns: most cells filled and none of them a plain number."""
    first = rows[0]
    filled = [c for c in first if c]
    if len(rows) < 2 or len(filled) * 2 < len(first):
        return False
    return not any(c.replace(".", "", 1).replace(",", "").replace("%", "").isdigit() for c in filled)
