"""``page_aware``: pages of ``paragraphs_per_page`` units, each cut to ≤ 2,000 characters.

A heading closes the open page, is emitted as a ``heading`` chunk and opens a page tagged
``heading_boundary``; content with no heading before it opens one tagged ``estimated``. Each
paragraph, list, table or code block is one unit; a page holding ``paragraphs_per_page`` units
closes and the next is ``estimated``. Where blocks know their real page (PDF, DOCX) or slide
(presentations), a change of page closes the open page too and the next is tagged ``page`` or
``slide_boundary``; ``page_number``/``slide_number`` come from the blocks. On closing, the page
text (units joined by blank lines) is cut between units to at most 2,000 characters.
"""

from __future__ import annotations

from ..gcpause import no_cycle_collection
from ..model import DOCUMENT, HEADING, NO_HEADING, Block, Chunk, Document
from ._common import (
    HeadingPath,
    doc_metadata,
    finish,
    flatten,
    prepare_images,
    replaces_structure,
    split_at_paragraphs,
    split_block,
)
from ._emit import Piece, drafts_of, emit
from .params import ModeParams
from .registry import mode

MAX_CHARS = 2000


def _where(block: Block) -> tuple[str, object] | None:
    if "slide_number" in block.meta:
        return ("slide_boundary", block.meta["slide_number"])
    if block.page is not None:
        return ("page", block.page)
    return None


@mode("page_aware", families=[DOCUMENT], reads=("paragraphs_per_page",), bound=MAX_CHARS)
def page_aware(doc: Document, params: ModeParams) -> list[Chunk]:
    per_page = params.require_positive("paragraphs_per_page")
    with no_cycle_collection():
        blocks, images = prepare_images(doc, params)
        pieces = _pieces(blocks, per_page)
        doc_meta = doc_metadata(doc, derived=True)
        if replaces_structure(doc):
            return finish(flatten(images + drafts_of(pieces), "page_aware", MAX_CHARS), doc_meta)
        return emit(images, pieces, doc_meta)


def _pieces(blocks: list[Block], per_page: int) -> list[Piece]:
    path = HeadingPath()
    drafts: list[Piece] = []
    units: list[Block] = []  # the open page's units (each possibly pre-cut into parts)
    parts_of: list[list[Block]] = []
    tag = "estimated"
    at: object = None  # the real page / slide in force

    def flush(next_tag: str) -> None:
        nonlocal tag
        if len(units) == 1 and len(parts_of[0]) == 1:  # one unit, not cut (a heading's paragraph)
            unit = units[0]
            meta = {
                "page_break_type": tag,
                "paragraph_count": 1,
                "section_heading": path.heading,
                "section_level": path.level,
                "heading_path": path.path,
            }
            drafts.append(("page_aware", unit.text, [unit], meta))
        elif units:
            if all(len(parts) == 1 for parts in parts_of):  # no unit was cut: each part is a unit
                flat = units[:]
                unit_of = None
            else:
                flat = [p for parts in parts_of for p in parts]
                unit_of = [i for i, parts in enumerate(parts_of) for _ in parts]
            for group in split_at_paragraphs([p.text for p in flat], MAX_CHARS):
                pieces = [flat[i] for i in group]
                meta = {
                    "page_break_type": tag,
                    "paragraph_count": len(group) if unit_of is None else len({unit_of[i] for i in group}),
                    "section_heading": path.heading,
                    "section_level": path.level,
                    "heading_path": path.path,
                }
                drafts.append(("page_aware", "\n\n".join([p.text for p in pieces]), pieces, meta))
        units.clear()
        parts_of.clear()
        tag = next_tag

    for block in blocks:
        real = _where(block)
        if real is not None and real[1] != at:
            if units:
                flush(real[0])
            elif tag == "estimated":
                tag = real[0]
            at = real[1]
        if block.meta and NO_HEADING in block.meta and path:
            if units:
                flush(tag)
            path.clear()
        if block.kind == HEADING:
            flush("heading_boundary")
            path.enter(block)
            for part in [block] if len(block.text) <= MAX_CHARS else split_block(block, MAX_CHARS):
                meta = {
                    "page_break_type": "heading_boundary",
                    "paragraph_count": 0,
                    "section_heading": path.heading,
                    "section_level": path.level,
                    "heading_path": path.path,
                }
                drafts.append(("heading", part.text, [part], meta))
            continue
        units.append(block)
        # what split_block gives for a block within the bound
        parts_of.append([block] if len(block.text) <= MAX_CHARS else split_block(block, MAX_CHARS))
        if len(units) >= per_page:
            flush("estimated")
    flush("estimated")
    return drafts
