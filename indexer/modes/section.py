"""``section``: one chunk per heading plus the section body beneath it, bodies ≤ 2,000 characters.

Each heading is its own ``heading`` chunk; the paragraphs, lists, tables and code up to the next
heading (of any level) form the body, joined by blank lines. A body over 2,000 characters is cut
between its blocks (a single block over the cap is first cut like structural does), the pieces
numbered by ``split_part``/``split_total`` (both ``null`` for an unsplit body). Text before the
first heading is a preamble section whose ``section_heading`` is ``null``.
"""

from __future__ import annotations

from ..gcpause import no_cycle_collection
from ..model import DOCUMENT, HEADING, LIST, NO_HEADING, PARAGRAPH, Block, Chunk, Document
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


@mode("section", families=[DOCUMENT], bound=MAX_CHARS)
def section(doc: Document, params: ModeParams) -> list[Chunk]:
    with no_cycle_collection():
        blocks, images = prepare_images(doc, params)
        pieces = _pieces(blocks)
        doc_meta = doc_metadata(doc, derived=True)
        if replaces_structure(doc):
            return finish(flatten(images + drafts_of(pieces), "section", MAX_CHARS), doc_meta)
        return emit(images, pieces, doc_meta)


def _pieces(blocks: list[Block]) -> list[Piece]:
    path = HeadingPath()
    drafts: list[Piece] = []
    body: list[Block] = []

    def flush() -> None:
        if len(body) == 1:  # one block (a heading's one paragraph): one part, no grouping
            block = body.pop()
            kind = block.kind
            meta = {
                "section_heading": path.heading,
                "section_level": path.level,
                "heading_path": path.path,
                "paragraph_count": 1 if kind in (PARAGRAPH, LIST) else 0,
                "block_types": [kind],
                "char_count": len(block.text),
                "split_part": None,
                "split_total": None,
            }
            drafts.append(("section", block.text, [block], meta))
            return
        if not body:
            return
        groups = split_at_paragraphs([b.text for b in body], MAX_CHARS)
        total = len(groups)
        for n, group in enumerate(groups, 1):
            parts = [body[i] for i in group] if total > 1 else body[:]
            kinds = [b.kind for b in parts]
            text = "\n\n".join([b.text for b in parts])
            meta = {
                "section_heading": path.heading,
                "section_level": path.level,
                "heading_path": path.path,
                "paragraph_count": kinds.count(PARAGRAPH) + kinds.count(LIST),
                "block_types": list(dict.fromkeys(kinds)),
                "char_count": len(text),
                "split_part": n if total > 1 else None,
                "split_total": total if total > 1 else None,
            }
            drafts.append(("section", text, parts, meta))
        body.clear()

    for block in blocks:
        if block.meta and NO_HEADING in block.meta and path:
            flush()
            path.clear()
        if block.kind == HEADING:
            flush()
            path.enter(block)
            for part in [block] if len(block.text) <= MAX_CHARS else split_block(block, MAX_CHARS):
                meta = {
                    "section_heading": path.heading,
                    "section_level": path.level,
                    "heading_path": path.path,
                    "paragraph_count": 0,
                    "block_types": [HEADING],
                    "char_count": len(part.text),
                }
                drafts.append(("heading", part.text, [part], meta))
        elif len(block.text) <= MAX_CHARS:  # what split_block gives for it
            body.append(block)
        else:
            body.extend(split_block(block, MAX_CHARS))
    flush()
    return drafts
