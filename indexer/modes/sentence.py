"""``sentence``: paragraphs regrouped into chunks of ``sentences_per_chunk`` sentences.

Sentences of consecutive paragraphs are buffered and cut into groups whenever a heading, list,
table or code block arrives (and at the end). Headings, tables and code pass through as their own
chunks (without the sentence keys); a list passes through as ``bullet_list`` with
``actual_sentence_count: 0``. Sentence boundaries: ``.``/``?``/``!`` then a capital or digit,
except after title abbreviations, numbered markers ("Figure 1.") and initials ("J.K.").
"""

from __future__ import annotations

from ..model import CODE, DOCUMENT, HEADING, LIST, TABLE, Block, Chunk, Document
from ._common import (
    Draft,
    HeadingPath,
    doc_metadata,
    finish,
    flatten,
    hard_spans,
    prepare_images,
    replaces_structure,
    split_block,
    split_sentences,
)
from .params import ModeParams
from .registry import mode

ATOMIC_MAX = 1200  # tables, lists and code passing through are cut like structural does
MAX_SENTENCE = 2000  # a longer "sentence" (no sentence punctuation) is cut at words
PASS_TYPES = {HEADING: "heading", TABLE: "table", CODE: "code_block", LIST: "bullet_list"}


@mode("sentence", families=[DOCUMENT], reads=("sentences_per_chunk",))
def sentence(doc: Document, params: ModeParams) -> list[Chunk]:
    per_chunk = params.require_positive("sentences_per_chunk")
    blocks, images = prepare_images(doc, params)
    path = HeadingPath()
    drafts: list[Draft] = list(images)
    # buffered sentences, the block and paragraph index of each
    sentences: list[str] = []
    owners: list[Block] = []
    indices: list[int] = []
    paragraph_index = -1
    place: dict = {}

    def where() -> dict:
        return {"section_heading": path.heading, "heading_path": path.path, "section_level": path.level}

    def flush() -> None:
        for i in range(0, len(sentences), per_chunk):
            group = owners[i : i + per_chunk]
            blocks_of = [group[0]]
            for b in group[1:]:
                if all(b is not o for o in blocks_of):
                    blocks_of.append(b)
            meta = {
                "sentences_per_chunk": per_chunk,
                "actual_sentence_count": len(group),
                "source_paragraph_index": indices[i],
            } | place
            drafts.append(Draft("sentence", " ".join(sentences[i : i + per_chunk]), blocks_of, meta))
        sentences.clear()
        owners.clear()
        indices.clear()

    place = where()
    for block in blocks:
        if block.kind == HEADING:
            flush()
            path.enter(block)
            place = where()
            for part in split_block(block, ATOMIC_MAX):
                drafts.append(Draft("heading", part.text, [part], where()))
            continue
        paragraph_index += 1
        if block.kind in PASS_TYPES:
            flush()
            for part in split_block(block, ATOMIC_MAX):
                meta = where()
                if block.kind == LIST:
                    meta = {
                        "sentences_per_chunk": per_chunk,
                        "actual_sentence_count": 0,
                        "source_paragraph_index": paragraph_index,
                    } | meta
                drafts.append(Draft(PASS_TYPES[block.kind], part.text, [part], meta))
            continue
        start = len(sentences)
        for s in split_sentences(block.text):
            if len(s) <= MAX_SENTENCE:
                sentences.append(s)
            else:  # text without sentence punctuation: cut at words, each piece one "sentence"
                sentences.extend(s[a:b] for a, b in hard_spans(s, 0, len(s), MAX_SENTENCE))
        added = len(sentences) - start
        owners.extend([block] * added)
        indices.extend([paragraph_index] * added)
    flush()
    if replaces_structure(doc):
        drafts = flatten(drafts, "sentence", None)
    return finish(drafts, doc_metadata(doc, derived=True))
