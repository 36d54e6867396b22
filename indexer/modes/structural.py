"""``structural`` (= ``default`` for documents): the document's own structure, sized for retrieval.

Headings become ``heading`` chunks; consecutive paragraphs are packed into prose chunks of at most
1,200 characters and classified by length; tables, lists and code stay standalone and are split
only between rows, items and lines; a short prose chunk (< 350) is merged into the prose chunk
before it when the two fit in 1,550. Images: a placeholder ``image`` chunk carrying ``[Image: alt]``,
or with ``list_images`` one extraction chunk per image (first in the list, except for documents
whose images stay at their anchor paragraph).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..gcpause import no_cycle_collection
from ..model import CODE, DOCUMENT, HEADING, IMAGE, LIST, TABLE, Block, Chunk, Document
from ._common import (
    Draft,
    HeadingPath,
    doc_metadata,
    has_images,
    image_drafts,
    split_atomic,
    split_prose,
    with_markers,
    without_markers,
)
from .params import ModeParams
from .registry import mode

MAX_CHARS = 1200
MIN_CHARS = 350
MERGED_MAX = MAX_CHARS + MIN_CHARS  # 1,550
LONG_PARAGRAPH = 900
SHORT_PARAGRAPH = 90

ATOMIC_TYPES = {TABLE: "table", LIST: "bullet_list", CODE: "code_block"}
PROSE_TYPES = ("plain_paragraph", "long_single_paragraph", "short_disconnected_paragraph")


def classify_prose(text: str) -> str:
    if len(text) > LONG_PARAGRAPH:
        return "long_single_paragraph"
    if len(text) < SHORT_PARAGRAPH:
        return "short_disconnected_paragraph"
    return "plain_paragraph"


@mode("structural", families=[DOCUMENT], bound=MAX_CHARS)
def structural(doc: Document, params: ModeParams) -> list[Chunk]:
    with no_cycle_collection():
        return _structural(doc, params)


def _structural(doc: Document, params: ModeParams) -> list[Chunk]:
    path = HeadingPath()
    drafts: list[Draft] = []
    first: list[Draft] = []  # image extraction chunks placed before everything else
    prose: list[Block] = []
    prose_len = 0

    def where() -> dict[str, Any]:
        return {"section_heading": path.heading, "section_level": path.level, "heading_path": path.path}

    def flush() -> None:
        nonlocal prose, prose_len
        if prose:
            text = "\n".join(b.text for b in prose)
            drafts.append(Draft(classify_prose(text), text, prose, where()))
        prose, prose_len = [], 0

    def add_prose(block: Block) -> None:
        nonlocal prose_len
        for part in split_prose(block, MAX_CHARS):
            if prose and prose_len + len(part.text) + 1 > MAX_CHARS:
                flush()
            prose.append(part)
            prose_len += len(part.text) + (1 if len(prose) > 1 else 0)

    for block in doc.blocks:
        if not block.text.strip() and not has_images(block):
            continue
        if block.kind == HEADING:
            flush()
            path.enter(block)
            for part in split_prose(block, MAX_CHARS):
                meta = {
                    "section_heading": path.parent,
                    "section_level": path.level,
                    "heading_path": path.path,
                }
                drafts.append(Draft("heading", part.text, [part], meta))
        elif block.kind in ATOMIC_TYPES:
            flush()
            for part in split_atomic(block, MAX_CHARS):
                drafts.append(Draft(ATOMIC_TYPES[block.kind], part.text, [part], where()))
            if block.images:  # an image inside a table cell or list item
                _images(doc, block, params, drafts, first, where, keep_text=False)
        elif has_images(block):
            flush()
            _images(doc, block, params, drafts, first, where, keep_text=True)
            if params.list_images and block.images and block.kind != IMAGE:
                rest = without_markers(block.text)
                if rest:
                    add_prose(replace(block, text=rest, images=()))
        elif block.text.strip():
            add_prose(block)
    flush()
    merged = merge_short_prose(drafts)
    meta = doc_metadata(doc)
    return [d.chunk(meta) for d in first + merged]


def _images(
    doc: Document,
    block: Block,
    params: ModeParams,
    drafts: list[Draft],
    first: list[Draft],
    where: Callable[[], dict[str, Any]],
    keep_text: bool,
) -> None:
    """Placeholder or extraction chunks for the images of ``block``."""
    if params.list_images and block.images:
        target = drafts if doc.images_at_anchor else first
        target.extend(image_drafts(doc, block, where()))
        return
    if not keep_text:
        return
    text = with_markers(doc, block)
    for part in split_prose(replace(block, text=text), MAX_CHARS):
        drafts.append(Draft("image", part.text, [part], where()))


def merge_short_prose(drafts: list[Draft]) -> list[Draft]:
    """Append a prose chunk shorter than 350 characters to the prose chunk before it when the
    two joined by a newline stay within 1,550 characters; the result is re-classified."""
    out: list[Draft] = []
    for d in drafts:
        prev = out[-1] if out else None
        if (
            prev is not None
            and d.content_type in PROSE_TYPES
            and prev.content_type in PROSE_TYPES
            and len(d.text) < MIN_CHARS
            and len(prev.text) + 1 + len(d.text) <= MERGED_MAX
            and prev.meta.get("heading_path") == d.meta.get("heading_path")
        ):
            text = prev.text + "\n" + d.text
            out[-1] = Draft(classify_prose(text), text, prev.blocks + d.blocks, prev.meta)
        else:
            out.append(d)
    return out
