"""Where a chunk came from (SPEC §4): provenance keys merged from the blocks a chunk covers."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from typing import Any

from .model import HIDDEN, NOTES, PAGE_END, Block

#: Block.meta keys copied from the chunk's first block.
FIRST_KEYS = (
    "message_index",
    "message_id",
    "message_subject",
    "message_from",
    "message_date",
    "sheet_name",
    "sheet_index",
    "slide_number",
    "slide_title",
    "spine_index",
    "href",
    "cell_index",
    "cell_type",
    "attachment",  # the file attached to an e-mail or a PDF the chunk was read from
    "attachment_page",  # its page, in a holder with pages of its own (PDF)
)
#: Block.meta keys copied when every block of the chunk holds the same value: a chart's blocks
#: (its titles and its data) say so, a chunk that only begins with a chart does not.
SHARED_KEYS = ("chart_type", "chart_title")
#: Block.meta keys holding an inclusive [first, last] range, merged as the union.
RANGE_KEYS = ("record_range", "row_range")


def provenance(blocks: Iterable[Block]) -> dict[str, Any]:
    """``source_lines``, ``page_number`` (and ``page_end`` when it spans pages) and the first
    block's e-mail/sheet/slide keys, ``hidden: True`` when it is of a hidden sheet or slide; ranges
    merged; ``speaker_notes`` when every block is a speaker note, ``chart_type`` and
    ``chart_title`` when every block is of one chart. Keys absent when no block knows them."""
    blocks = list(blocks)
    out: dict[str, Any] = {}
    lines = [b.lines for b in blocks if b.lines]
    if lines:
        out["source_lines"] = [min(a for a, _ in lines), max(b for _, b in lines)]
    pages = [b.page for b in blocks if b.page is not None]
    if pages:
        out["page_number"] = pages[0]
        last = max(
            [*pages, *(b.meta[PAGE_END] for b in blocks if b.page is not None and b.meta.get(PAGE_END))]
        )
        if last != pages[0]:
            out["page_end"] = last
    for key in FIRST_KEYS:
        for b in blocks:
            if key in b.meta:
                out[key] = b.meta[key]
                break
    for key in RANGE_KEYS:
        spans = [b.meta[key] for b in blocks if b.meta.get(key)]
        if spans:
            out[key] = [min(s[0] for s in spans), max(s[1] for s in spans)]
    if blocks and blocks[0].meta.get(HIDDEN) is True:  # of a sheet or a slide the file hides
        out[HIDDEN] = True
    if blocks and all(b.meta.get(NOTES) for b in blocks):
        out["speaker_notes"] = True
    for key in SHARED_KEYS:
        values = {b.meta.get(key) for b in blocks}
        if len(values) == 1 and None not in values:
            out[key] = values.pop()
    return out


#: The metadata keys that place a chunk in its source: the ``location`` part of a chunk id.
LOCATION_KEYS = (
    "source_lines",
    "page_number",
    "message_index",
    "sheet_name",
    "row_range",
    "slide_number",
    "record_range",
)


def chunk_id(
    relative_path: str, mode_key: str, metadata: Mapping[str, Any], content: str, ordinal: int
) -> str:
    """Deterministic chunk id: sha256 of ``json([path, mode_key, location, content, ordinal])``."""
    location = {k: metadata[k] for k in LOCATION_KEYS if k in metadata}
    raw = json.dumps(
        [relative_path, mode_key, location, content, ordinal],
        ensure_ascii=False,
        sort_keys=True,
        separators=(",", ":"),
    )
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()
