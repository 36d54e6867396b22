"""``structural`` (= ``default`` for documents): the document's own structure, sized for retrieval.

Headings become ``heading`` chunks; consecutive paragraphs are packed into prose chunks of at most
1,200 characters and classified by length; tables, lists and code stay standalone and are split
only between rows, items and lines; a short prose chunk (< 350) is merged into the prose chunk
before it when the two fit in 1,550. Images: a placeholder ``image`` chunk carrying ``[Image: alt]``,
or with ``list_images`` one extraction chunk per image (first in the list, except for documents
whose images stay at their anchor paragraph). A presentation's speaker notes are never packed with
the slide's own text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from .._fast import new_chunk, relined
from ..gcpause import no_cycle_collection
from ..model import (
    CODE,
    DOCUMENT,
    HEADING,
    IMAGE,
    LIST,
    NO_HEADING,
    NOTES,
    PARAGRAPH,
    TABLE,
    Block,
    Chunk,
    Document,
)
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
_SPECIAL = frozenset((HEADING, *ATOMIC_TYPES))  # the block kinds that are not prose


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
    # Chunks are made as soon as their blocks are read. Only the last prose chunk stays open (at
    # ``open_at`` in ``out``): a short prose chunk that follows it may still be merged into it.
    out: list[Draft | Chunk] = []  # Drafts only for the image extraction chunks of list_images
    first: list[Draft] = []  # image extraction chunks placed before everything else
    prose: list[Block] = []
    prose_len = 0  # len("\n".join(the prose blocks' texts))
    open_at: int | None = None
    open_text = ""
    open_blocks: list[Block] = []
    # the enclosing headings, (level, text) from the outermost, and what chunks repeat of them
    stack: list[tuple[int, str]] = []
    heading: str | None = None
    level: int | None = None
    names: list[str] = []

    doc_meta = doc_metadata(doc)

    def where() -> dict[str, Any]:
        return {"section_heading": heading, "section_level": level, "heading_path": names[:]}

    def emit(
        text: str,
        content_type: str,
        section_heading: str | None,
        section_level: int | None,
        heading_path: list[str],
        blocks: list[Block],
    ) -> Chunk:
        """The chunk of ``blocks``: its section, the document metadata and its provenance."""
        b = blocks[0]
        lines = b.lines
        if len(blocks) == 1 and lines and b.page is not None and not b.meta:
            # what add_provenance writes for the common single block, in one dict display
            meta = {
                "section_heading": section_heading,
                "section_level": section_level,
                "heading_path": heading_path,
                "document_metadata": doc_meta,
                "source_lines": [lines[0], lines[1]],
                "page_number": b.page,
            }
        else:
            meta = {
                "section_heading": section_heading,
                "section_level": section_level,
                "heading_path": heading_path,
                "document_metadata": doc_meta,
            }
            add_provenance(meta, blocks)
        return new_chunk(text, content_type, meta)

    def flush() -> None:
        nonlocal prose, prose_len, open_at, open_text, open_blocks
        text = prose[0].text if len(prose) == 1 else "\n".join([b.text for b in prose])
        size = prose_len  # (= len(text))
        # A short prose chunk joins the prose chunk before it when the two fit (re-classified).
        if (
            open_at == len(out) - 1
            and size < MIN_CHARS
            and len(open_text) + 1 + size <= MERGED_MAX
            and out[open_at].metadata["heading_path"] == names
            and open_blocks[-1].meta.get(NOTES) == prose[0].meta.get(NOTES)
        ):
            prev = out[open_at].metadata
            open_text = open_text + "\n" + text
            open_blocks = open_blocks + prose
            out[open_at] = emit(
                open_text,
                classify_prose(open_text),
                prev["section_heading"],
                prev["section_level"],
                prev["heading_path"],
                open_blocks,
            )
        else:
            if size > LONG_PARAGRAPH:
                content_type = "long_single_paragraph"
            elif size < SHORT_PARAGRAPH:
                content_type = "short_disconnected_paragraph"
            else:
                content_type = "plain_paragraph"
            out.append(emit(text, content_type, heading, level, names[:], prose))
            open_at, open_text, open_blocks = len(out) - 1, text, prose
        prose, prose_len = [], 0

    def add_prose(block: Block) -> None:
        nonlocal prose_len
        for part in split_prose(block, MAX_CHARS):
            if prose and prose_len + len(part.text) + 1 > MAX_CHARS:
                flush()
            prose.append(part)
            prose_len += len(part.text) + (1 if len(prose) > 1 else 0)

    for block in doc.blocks:
        kind = block.kind
        text = block.text
        meta = block.meta
        if meta and stack and NO_HEADING in meta:  # outside the headings in force
            if prose:
                flush()
            stack, heading, level, names = [], None, None, []
        if kind == IMAGE or block.images:
            if prose:
                flush()
            if kind in ATOMIC_TYPES:  # an image inside a table cell or list item
                content_type = ATOMIC_TYPES[kind]
                for part in split_atomic(block, MAX_CHARS) if len(text) > MAX_CHARS else (block,):
                    out.append(emit(part.text, content_type, heading, level, names[:], [part]))
                _images(doc, block, params, out, first, where, emit, keep_text=False)
                continue
            if kind != HEADING:  # (an imaged heading is a heading, below)
                _images(doc, block, params, out, first, where, emit, keep_text=True)
                if params.list_images and block.images and kind != IMAGE:
                    rest = without_markers(text)
                    if rest:
                        add_prose(replace(block, text=rest, images=()))
                continue
        elif not text.strip():
            continue
        elif kind == PARAGRAPH or kind not in _SPECIAL:  # prose (add_prose, inline for one part)
            if prose and (meta or prose[-1].meta) and meta.get(NOTES) != prose[-1].meta.get(NOTES):
                flush()  # speaker notes and the slide's text are never packed together
            size = len(text)
            if size > MAX_CHARS:
                add_prose(block)
            elif not prose:
                prose.append(block)
                prose_len = size
            elif prose_len + size + 1 > MAX_CHARS:
                flush()
                prose.append(block)
                prose_len = size
            else:
                prose.append(block)
                prose_len += size + 1
            continue
        if prose:
            flush()
        if kind == HEADING:
            lvl = block.level or 1
            while stack and stack[-1][0] >= lvl:
                stack.pop()
            parent = stack[-1][1] if stack else None
            heading, level = text.strip(), lvl
            stack.append((lvl, heading))
            names = names[: len(stack) - 1]  # (a new list: chunks made so far keep theirs)
            names.append(heading)
            if len(text) > MAX_CHARS:
                for part in split_prose(block, MAX_CHARS):
                    out.append(emit(part.text, "heading", parent, lvl, names[:], [part]))
                continue
            # (the heading's chunk may hold ``names`` itself: the next heading makes a new list)
            content_type, section_heading, section_level, heading_path = "heading", parent, lvl, names
        else:  # table, list, code
            content_type = ATOMIC_TYPES[kind]
            if len(text) > MAX_CHARS:
                for part in split_atomic(block, MAX_CHARS):
                    out.append(emit(part.text, content_type, heading, level, names[:], [part]))
                continue
            section_heading, section_level, heading_path = heading, level, names[:]
        out.append(emit(text, content_type, section_heading, section_level, heading_path, [block]))
    if prose:
        flush()
    if not first and not params.list_images:
        return out  # type: ignore[return-value]  (no drafts: every entry is a Chunk)
    chunks = []
    for d in first + out if first else out:
        if d.__class__ is Chunk:
            chunks.append(d)
            continue
        m = d.meta  # each draft's own dict, made above
        m["document_metadata"] = doc_meta
        if d.prov is not None:
            m.update(d.prov)
        else:
            add_provenance(m, d.blocks)
        chunks.append(new_chunk(d.text, d.content_type, m))
    return chunks


def _images(
    doc: Document,
    block: Block,
    params: ModeParams,
    out: list[Draft | Chunk],
    first: list[Draft],
    where: Callable[[], dict[str, Any]],
    emit: Callable[..., Chunk],
    keep_text: bool,
) -> None:
    """Placeholder or extraction chunks for the images of ``block``."""
    if params.list_images and block.images:
        target = out if doc.images_at_anchor else first
        target.extend(image_drafts(doc, block, where()))
        return
    if not keep_text:
        return
    text = with_markers(doc, block)
    whole = relined(block, text, block.lines)  # replace(block, text=text), made cheaply
    for part in split_prose(whole, MAX_CHARS):
        info = where()
        out.append(
            emit(
                part.text,
                "image",
                info["section_heading"],
                info["section_level"],
                info["heading_path"],
                [part],
            )
        )
