"""``sentence``: paragraphs regrouped into chunks of ``sentences_per_chunk`` sentences.

Sentences of consecutive paragraphs are buffered and cut into groups whenever a heading, list,
table or code block arrives (and at the end). Headings, tables and code pass through as their own
chunks (without the sentence keys); a list passes through as ``bullet_list`` with
``actual_sentence_count: 0``. Sentence boundaries: ``.``/``?``/``!`` then a capital or digit,
except after title abbreviations, numbered markers ("Figure 1.") and initials ("J.K.").
"""

from __future__ import annotations

from typing import Any

from .._fast import new_chunk
from ..gcpause import no_cycle_collection
from ..model import CODE, DOCUMENT, HEADING, LIST, NO_HEADING, NOTES, TABLE, Block, Chunk, Document
from ._common import (
    HeadingPath,
    add_provenance,
    doc_metadata,
    finish,
    flatten,
    prepare_images,
    replaces_structure,
    split_block,
)
from ._emit import Sink
from ._sentences import sentences_by_paragraph
from .params import ModeParams
from .registry import mode

ATOMIC_MAX = 1200  # tables, lists and code passing through are cut like structural does
MAX_SENTENCE = 2000  # a longer "sentence" (no sentence punctuation) is cut at words
PASS_TYPES = {HEADING: "heading", TABLE: "table", CODE: "code_block", LIST: "bullet_list"}


@mode("sentence", families=[DOCUMENT], reads=("sentences_per_chunk",))
def sentence(doc: Document, params: ModeParams) -> list[Chunk]:
    per_chunk = params.require_positive("sentences_per_chunk")
    with no_cycle_collection():
        blocks, images = prepare_images(doc, params)
        doc_meta = doc_metadata(doc, derived=True)
        if replaces_structure(doc):
            sink = Sink(doc_meta, keep_drafts=True)
            _walk(blocks, per_chunk, sink)
            return finish(flatten(images + sink.drafts, "sentence", None), doc_meta)
        sink = Sink(doc_meta, first=finish(images, doc_meta))
        _walk(blocks, per_chunk, sink)
        return sink.chunks


def _walk(blocks: list[Block], per_chunk: int, sink: Sink) -> None:
    put = sink.put
    chunks = None if sink.drafts_kept else sink.chunks  # chunks made here directly
    doc_meta = sink.doc_meta
    path = HeadingPath()
    # the sentences of every paragraph, worked out at once; per sentence its block and
    # paragraph index; the buffer is sentences[start:end]
    sentences, counts = sentences_by_paragraph(
        [b.text for b in blocks if b.kind not in PASS_TYPES], MAX_SENTENCE
    )
    owners: list[Block] = []
    indices: list[int] = []
    start = end = 0
    paragraph = 0  # paragraphs seen
    paragraph_index = -1

    def where() -> dict[str, Any]:
        """The heading context (a fresh dict and path each time, from the one in force)."""
        return {
            "section_heading": place["section_heading"],
            "heading_path": place["heading_path"][:],
            "section_level": place["section_level"],
        }

    def flush() -> None:
        nonlocal start
        heading, heading_path, level = place["section_heading"], place["heading_path"], place["section_level"]
        for i in range(start, end, per_chunk):
            j = i + per_chunk
            if j > end:
                j = end
            owner = owners[i]
            blocks_of = None  # None: the one block ``owner``
            if indices[i] != indices[j - 1]:  # more than one paragraph
                blocks_of = [owner]
                for b in owners[i + 1 : j]:
                    if all(b is not o for o in blocks_of):
                        blocks_of.append(b)
            text = " ".join(sentences[i:j])
            if chunks is None:
                meta = {
                    "sentences_per_chunk": per_chunk,
                    "actual_sentence_count": j - i,
                    "source_paragraph_index": indices[i],
                    **place,
                }
                put("sentence", text, blocks_of or [owner], meta)
                continue
            meta = {
                "sentences_per_chunk": per_chunk,
                "actual_sentence_count": j - i,
                "source_paragraph_index": indices[i],
                "section_heading": heading,
                "heading_path": heading_path,
                "section_level": level,
                "chunk_index": len(chunks),
                "document_metadata": doc_meta,
            }
            if blocks_of is None and not owner.meta:  # provenance: its lines and page
                lines = owner.lines
                if lines:
                    meta["source_lines"] = [lines[0], lines[1]]
                if owner.page is not None:
                    meta["page_number"] = owner.page
            else:
                add_provenance(meta, blocks_of or [owner])
            chunks.append(new_chunk(text, "sentence", meta))
        start = end

    place: dict[str, Any] = {"section_heading": None, "heading_path": [], "section_level": None}
    notes = None  # the last paragraph's speaker-notes flag
    for block in blocks:
        kind = block.kind
        if block.meta and NO_HEADING in block.meta and path:
            if end > start:
                flush()
            path.clear()
            place = {"section_heading": None, "heading_path": [], "section_level": None}
        if kind == HEADING:
            if end > start:
                flush()
            path.enter(block)
            place = {"section_heading": path.heading, "heading_path": path.path, "section_level": path.level}
            for part in [block] if len(block.text) <= ATOMIC_MAX else split_block(block, ATOMIC_MAX):
                put("heading", part.text, [part], where())
            continue
        paragraph_index += 1
        if kind in PASS_TYPES:
            if end > start:
                flush()
            # (split_block gives a block within the bound as it is)
            for part in [block] if len(block.text) <= ATOMIC_MAX else split_block(block, ATOMIC_MAX):
                meta = where()
                if kind == LIST:
                    meta = {
                        "sentences_per_chunk": per_chunk,
                        "actual_sentence_count": 0,
                        "source_paragraph_index": paragraph_index,
                    } | meta
                put(PASS_TYPES[kind], part.text, [part], meta)
            continue
        if block.meta or notes:
            if block.meta.get(NOTES) != notes and end > start:
                flush()  # speaker notes and the slide's text are grouped apart
            notes = block.meta.get(NOTES)
        count = counts[paragraph]
        paragraph += 1
        owners += [block] * count
        indices += [paragraph_index] * count
        end += count
    if end > start:
        flush()
