"""``sentence``: paragraphs regrouped into chunks of ``sentences_per_chunk`` sentences.

Sentences of consecutive paragraphs are buffered and cut into groups whenever a heading, list,
table or code block arrives (and at the end). Headings, tables and code pass through as their own
chunks (without the sentence keys); a list passes through as ``bullet_list`` with
``actual_sentence_count: 0``. Sentence boundaries: ``.``/``?``/``!`` then a capital or digit,
except after title abbreviations, numbered markers ("Figure 1.") and initials ("J.K.").
"""

from __future__ import annotations

from typing import Any

from ..gcpause import no_cycle_collection
from ..model import CODE, DOCUMENT, HEADING, LIST, TABLE, Block, Chunk, Document
from ._common import (
    HeadingPath,
    doc_metadata,
    finish,
    flatten,
    prepare_images,
    replaces_structure,
    split_block,
)
from ._emit import Piece, drafts_of, emit
from ._sentences import sentences_of
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
        pieces = _pieces(blocks, per_chunk)
        doc_meta = doc_metadata(doc, derived=True)
        if replaces_structure(doc):
            return finish(flatten(images + drafts_of(pieces), "sentence", None), doc_meta)
        return emit(images, pieces, doc_meta)


def _pieces(blocks: list[Block], per_chunk: int) -> list[Piece]:
    path = HeadingPath()
    out: list[Piece] = []
    # buffered sentences, and the block and paragraph index of each
    sentences: list[str] = []
    owners: list[Block] = []
    indices: list[int] = []
    paragraph_index = -1

    def where() -> dict[str, Any]:
        return {"section_heading": path.heading, "heading_path": path.path, "section_level": path.level}

    def flush() -> None:
        count = len(sentences)
        for i in range(0, count, per_chunk):
            j = min(i + per_chunk, count)
            if indices[i] == indices[j - 1]:  # one paragraph
                blocks_of = [owners[i]]
            else:
                blocks_of = [owners[i]]
                for b in owners[i + 1 : j]:
                    if all(b is not o for o in blocks_of):
                        blocks_of.append(b)
            meta = {
                "sentences_per_chunk": per_chunk,
                "actual_sentence_count": j - i,
                "source_paragraph_index": indices[i],
                **place,
            }
            out.append(("sentence", " ".join(sentences[i:j]), blocks_of, meta))
        sentences.clear()
        owners.clear()
        indices.clear()

    place = where()
    for block in blocks:
        kind = block.kind
        if kind == HEADING:
            if sentences:
                flush()
            path.enter(block)
            place = where()
            for part in split_block(block, ATOMIC_MAX):
                out.append(("heading", part.text, [part], where()))
            continue
        paragraph_index += 1
        if kind in PASS_TYPES:
            if sentences:
                flush()
            for part in split_block(block, ATOMIC_MAX):
                meta = where()
                if kind == LIST:
                    meta = {
                        "sentences_per_chunk": per_chunk,
                        "actual_sentence_count": 0,
                        "source_paragraph_index": paragraph_index,
                    } | meta
                out.append((PASS_TYPES[kind], part.text, [part], meta))
            continue
        found = sentences_of(block.text, MAX_SENTENCE)
        sentences += found
        owners += [block] * len(found)
        indices += [paragraph_index] * len(found)
    flush()
    return out
