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

from .._fast import new_chunk
from ..gcpause import no_cycle_collection
from ..model import CODE, DOCUMENT, HEADING, IMAGE, LIST, TABLE, Block, Chunk, Document
from ._common import (
    Draft,
    add_provenance,
    doc_metadata,
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
    drafts: list[Draft | Chunk] = []  # chunks made at once; drafts where prose may still merge
    first: list[Draft] = []  # image extraction chunks placed before everything else
    prose: list[Block] = []
    prose_len = 0
    # the enclosing headings, (level, text) from the outermost, and what chunks repeat of them
    stack: list[tuple[int, str]] = []
    heading: str | None = None
    level: int | None = None
    names: list[str] = []

    doc_meta = doc_metadata(doc)

    def where() -> dict[str, Any]:
        return {"section_heading": heading, "section_level": level, "heading_path": names[:]}

    def done(content_type: str, part: Block, meta: dict[str, Any]) -> Chunk:
        """A chunk that no prose will merge into, made at once (as the last loop would)."""
        meta["document_metadata"] = doc_meta
        add_provenance(meta, [part])
        return new_chunk(part.text, content_type, meta)

    def flush() -> None:
        nonlocal prose, prose_len
        if not prose:
            return
        text = prose[0].text if len(prose) == 1 else "\n".join([b.text for b in prose])
        # A short prose chunk joins the prose chunk before it when the two fit (re-classified).
        prev = drafts[-1] if drafts else None
        if (
            prev is not None
            and len(text) < MIN_CHARS
            and prev.content_type in PROSE_TYPES
            and len(prev.text) + 1 + len(text) <= MERGED_MAX
            and prev.meta["heading_path"] == names
        ):
            joined = prev.text + "\n" + text
            drafts[-1] = Draft(classify_prose(joined), joined, prev.blocks + prose, prev.meta)
        else:
            drafts.append(Draft(classify_prose(text), text, prose, where()))
        prose, prose_len = [], 0

    def add_prose(block: Block) -> None:
        nonlocal prose_len
        for part in split_prose(block, MAX_CHARS) if len(block.text) > MAX_CHARS else (block,):
            if prose and prose_len + len(part.text) + 1 > MAX_CHARS:
                flush()
            prose.append(part)
            prose_len += len(part.text) + (1 if len(prose) > 1 else 0)

    for block in doc.blocks:
        kind = block.kind
        imaged = kind == IMAGE or bool(block.images)
        if not imaged and not block.text.strip():
            continue
        if kind == HEADING:
            flush()
            lvl = block.level or 1
            while stack and stack[-1][0] >= lvl:
                stack.pop()
            stack.append((lvl, block.text.strip()))
            parent = stack[-2][1] if len(stack) > 1 else None
            heading, level, names = stack[-1][1], lvl, [t for _, t in stack]
            for part in split_prose(block, MAX_CHARS) if len(block.text) > MAX_CHARS else (block,):
                meta = {"section_heading": parent, "section_level": lvl, "heading_path": names[:]}
                drafts.append(done("heading", part, meta))
        elif kind in ATOMIC_TYPES:
            flush()
            content_type = ATOMIC_TYPES[kind]
            for part in split_atomic(block, MAX_CHARS) if len(block.text) > MAX_CHARS else (block,):
                drafts.append(done(content_type, part, where()))
            if block.images:  # an image inside a table cell or list item
                _images(doc, block, params, drafts, first, where, keep_text=False)
        elif imaged:
            flush()
            _images(doc, block, params, drafts, first, where, keep_text=True)
            if params.list_images and block.images and kind != IMAGE:
                rest = without_markers(block.text)
                if rest:
                    add_prose(replace(block, text=rest, images=()))
        else:
            add_prose(block)
    flush()
    out = []
    for d in first + drafts if first else drafts:
        if d.__class__ is Chunk:
            out.append(d)
            continue
        m = d.meta  # each draft's own dict, made above
        m["document_metadata"] = doc_meta
        blocks = d.blocks
        if d.prov is not None:
            m.update(d.prov)
        else:
            add_provenance(m, blocks)
        out.append(new_chunk(d.text, d.content_type, m))
    return out


def _images(
    doc: Document,
    block: Block,
    params: ModeParams,
    drafts: list[Draft | Chunk],
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
