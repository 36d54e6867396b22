"""``sliding_window``: flat windows of ``window_size`` blocks, consecutive windows sharing
``overlap`` blocks. Every block (headings too) is one unit; the last window may be short. The
chunk is ``sliding_window`` in every document format (tabular formats have their own, ``row_window``).
"""

from __future__ import annotations

from ..gcpause import no_cycle_collection
from ..model import DOCUMENT, HEADING, NO_HEADING, Chunk, Document
from ._common import HeadingPath, doc_metadata, prepare_images
from ._emit import Piece, emit
from .params import ModeParams
from .registry import mode


def window_starts(count: int, size: int, overlap: int) -> list[int]:
    """Start indices of the windows over ``count`` units (one short window when count ≤ size)."""
    if count == 0:
        return []
    step = size - overlap
    starts = [0]
    while starts[-1] + size < count:
        starts.append(starts[-1] + step)
    return starts


@mode("sliding_window", families=[DOCUMENT], reads=("window_size", "overlap"))
def sliding_window(doc: Document, params: ModeParams) -> list[Chunk]:
    size, overlap = params.require_window()
    with no_cycle_collection():
        return _windows(doc, params, size, overlap)


def _windows(doc: Document, params: ModeParams, size: int, overlap: int) -> list[Chunk]:
    units, images = prepare_images(doc, params)
    # the heading context in force at each unit (a heading unit is its own context)
    # (one context shared by the units up to the next heading; each window copies its path)
    path = HeadingPath()
    context = []
    current: tuple[str | None, list[str]] = (None, [])
    for block in units:
        if block.meta and NO_HEADING in block.meta and path:
            path.clear()
            current = (None, [])
        if block.kind == HEADING:
            path.enter(block)
            current = (path.heading, path.path)
        context.append(current)
    pieces: list[Piece] = []
    for n, start in enumerate(window_starts(len(units), size, overlap)):
        window = units[start : start + size]
        heading, heading_path = context[start]
        meta = {
            "window_index": n,
            "window_size": size,
            "overlap": overlap,
            "paragraph_range": [start, start + len(window) - 1],
            "block_count": len(window),
            "section_heading": heading,
            "heading_path": heading_path[:],
        }
        pieces.append(("sliding_window", "\n\n".join([b.text for b in window]), window, meta))
    return emit(images, pieces, doc_metadata(doc, derived=True))
