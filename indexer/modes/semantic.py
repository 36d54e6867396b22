"""``semantic``: paragraphs and lists merged while they read as one thought, chunks ≤ 1,500.

Headings are emitted alone (they reset the context); tables and code pass through untouched as
``table``/``code_block`` with ``primary_merge_reason: structural_boundary``. Each paragraph or list
is tested against the open chunk by a ladder of rules; the first that fires decides: the size cap
(new chunk), speaker notes meeting a slide's own text or the reverse (new chunk), a transition
phrase (new chunk), then reasons to merge — reference continuity, elaboration, example,
cause/effect, contrast, question/answer, definition expansion, a short paragraph, a list sharing a
keyword, any shared keyword — and otherwise a new chunk.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..gcpause import no_cycle_collection
from ..model import CODE, DOCUMENT, HEADING, LIST, NO_HEADING, NOTES, PARAGRAPH, TABLE, Block, Chunk, Document
from ._common import (
    HeadingPath,
    doc_metadata,
    finish,
    flatten,
    prepare_images,
    replaces_structure,
    split_block,
)
from ._emit import Sink
from ._lexicon import Lexicon
from .params import ModeParams
from .registry import mode

MAX_CHARS = 1500
SHORT_PARAGRAPH = 80

TRANSITIONS = (
    "however", "nevertheless", "in contrast", "on the other hand", "meanwhile", "conversely",
    "that said", "in summary", "to summarize", "to conclude", "in conclusion", "to wrap up",
    "overall", "in closing",
)  # fmt: skip
#: (reason, prefixes of the left-trimmed, lower-cased block), tried in order.
PREFIX_RULES = (
    ("reference_continuity", ("this ", "it ", "they ", "these ", "that ", "those ", "its ", "their ",
                              "such ", "the above", "the following", "the latter", "the former")),
    ("elaboration", ("additionally", "furthermore", "moreover", "in addition", "what is more",
                     "on top of that", "notably", "importantly", "it is worth", "it should be noted",
                     "equally", "similarly", "likewise")),
    ("example", ("for example", "for instance", "such as", "e.g.", "i.e.", "as an example",
                 "to illustrate", "consider ", "as shown", "as seen", "as demonstrated", "take ",
                 "imagine ")),
    ("cause_effect", ("because", "therefore", "thus", "hence", "as a result", "consequently",
                      "this means", "this leads", "this causes", "this results", "this implies",
                      "this suggests", "so ")),
    ("contrast_continuation", ("although", "even though", "despite", "whereas", "even if",
                               "regardless", "notwithstanding", "while it", "while this")),
)  # fmt: skip
#: characters of a block's start compared with the phrases above
HEAD_CHARS = max(len(p) for p in TRANSITIONS + tuple(p for _, ps in PREFIX_RULES for p in ps)) + 1
PROSE_KINDS = (PARAGRAPH, LIST)


class _Open:
    """The chunk being built: its parts, their merge reasons, keywords and word count."""

    __slots__ = ("parts", "reasons", "words", "size", "word_count")

    def __init__(self, block: Block, words: set[bytes], word_count: int) -> None:
        self.parts = [block]
        self.reasons = ["initial"]
        self.words = words  # owned: the caller hands over a fresh set
        self.size = len(block.text)
        self.word_count = word_count

    def add(self, block: Block, reason: str, words: set[bytes], word_count: int) -> None:
        self.parts.append(block)
        self.reasons.append(reason)
        self.words |= words
        self.size += 2 + len(block.text)
        self.word_count += word_count


def _head(text: str) -> str:
    """The lower-cased start of the left-trimmed text, long enough for every phrase tested (a
    prefix of ``text.lstrip().lower()``: lower-casing works character by character)."""
    start = 0
    if text[:1].isspace():
        start = len(text) - len(text.lstrip())
    return text[start : start + HEAD_CHARS].lower()


def merge_reason(current: _Open, block: Block, words: set[bytes]) -> str | None:
    """Why ``block`` joins ``current``, or ``None`` when it starts a new chunk."""
    text = block.text
    if current.size + len(text) + 2 > MAX_CHARS:
        return None
    last = current.parts[-1]
    if (block.meta or last.meta) and block.meta.get(NOTES) != last.meta.get(NOTES):
        return None  # speaker notes and the slide's text
    head = _head(text)
    if head.startswith(TRANSITIONS):
        return None
    for reason, prefixes in PREFIX_RULES:
        if head.startswith(prefixes):
            return reason
    prev = last.text
    if prev[-1:].isspace():
        prev = prev.rstrip()
    if prev.endswith("?"):
        return "question_answer"
    if len(prev) <= SHORT_PARAGRAPH and prev.endswith(":") and len(text) > 60:
        return "definition_expansion"
    if len(text) <= SHORT_PARAGRAPH:
        return "short_paragraph"
    if words.isdisjoint(current.words):
        return None
    return "list_continuation" if block.kind == LIST else "keyword_overlap"


def primary(reasons: list[str]) -> str:
    if len(reasons) == 1:
        return "initial"
    if len(reasons) == 2:
        return reasons[1]
    counts: dict[str, int] = {}
    for r in reasons[1:]:
        counts[r] = counts.get(r, 0) + 1
    if len(counts) == 1:
        return reasons[1]
    top = max(counts.values())
    return min([r for r, n in counts.items() if n == top])  # most frequent, then by name


@mode("semantic", families=[DOCUMENT], bound=MAX_CHARS)
def semantic(doc: Document, params: ModeParams) -> list[Chunk]:
    with no_cycle_collection():
        blocks, images = prepare_images(doc, params)
        doc_meta = doc_metadata(doc, derived=True)
        if replaces_structure(doc):
            sink = Sink(doc_meta, keep_drafts=True)
            _walk(blocks, sink.put)
            return finish(flatten(images + sink.drafts, "semantic", MAX_CHARS), doc_meta)
        sink = Sink(doc_meta, first=finish(images, doc_meta))
        _walk(blocks, sink.put)
        return sink.chunks


def _walk(blocks: list[Block], put: Callable[[str, str, list[Block], dict[str, Any]], None]) -> None:
    lexicon = Lexicon([b.text for b in blocks])
    path = HeadingPath()
    current: _Open | None = None
    heading: str | None = None
    heading_path: list[str] = []
    level: int | None = None

    def flush() -> None:
        nonlocal current
        assert current is not None
        parts = current.parts
        density = round(len(current.words) / max(1, current.word_count), 3)
        if len(parts) == 1:
            part = parts[0]
            text = part.text
            kind = part.kind
            meta = {
                "section_heading": heading,
                "heading_path": heading_path[:],
                "section_level": level,
                "paragraph_count": 1 if kind in PROSE_KINDS else 0,
                "block_types": [kind],
                "has_list": kind == LIST,
                "keyword_density": density,
                "avg_block_length": len(text),
                "merge_reasons": [],
                "primary_merge_reason": "initial",
            }
        else:
            text = "\n\n".join([b.text for b in parts])
            kinds = [b.kind for b in parts]
            reasons = current.reasons
            meta = {
                "section_heading": heading,
                "heading_path": heading_path[:],
                "section_level": level,
                "paragraph_count": kinds.count(PARAGRAPH) + kinds.count(LIST),
                "block_types": list(dict.fromkeys(kinds)),
                "has_list": LIST in kinds,
                "keyword_density": density,
                "avg_block_length": sum([len(b.text) for b in parts]) // len(parts),
                "merge_reasons": list(dict.fromkeys(reasons[1:])),  # only the first is "initial"
                "primary_merge_reason": primary(reasons),
            }
        put("semantic", text, parts, meta)
        current = None

    def alone(content_type: str, part: Block, reason: str, section_heading: str | None) -> None:
        text = part.text
        kind = part.kind
        words, word_count = lexicon.of(text)
        meta = {
            "section_heading": section_heading,
            "heading_path": heading_path[:],
            "section_level": level,
            "paragraph_count": 1 if kind in PROSE_KINDS else 0,
            "block_types": [kind],
            "has_list": kind == LIST,
            "keyword_density": round(len(words) / max(1, word_count), 3),
            "avg_block_length": len(text),
            "merge_reasons": [],
            "primary_merge_reason": reason,
        }
        put(content_type, text, [part], meta)

    for block in blocks:
        kind = block.kind
        if block.meta and NO_HEADING in block.meta and path:
            if current is not None:
                flush()
            path.clear()
            heading, heading_path, level = None, [], None
        if kind == HEADING:
            if current is not None:
                flush()
            path.enter(block)
            heading, heading_path, level = path.heading, path.path, path.level
            parent = path.parent
            for part in [block] if len(block.text) <= MAX_CHARS else split_block(block, MAX_CHARS):
                alone("heading", part, "initial", parent)
        elif kind in (TABLE, CODE):
            if current is not None:
                flush()
            content_type = "table" if kind == TABLE else "code_block"
            for part in [block] if len(block.text) <= MAX_CHARS else split_block(block, MAX_CHARS):
                alone(content_type, part, "structural_boundary", heading)
        else:
            parts = [block] if len(block.text) <= MAX_CHARS else split_block(block, MAX_CHARS)
            for part in parts:
                words, word_count = lexicon.of(part.text)
                reason = merge_reason(current, part, words) if current is not None else None
                if reason is None:
                    if current is not None:
                        flush()
                    current = _Open(part, words, word_count)
                else:
                    assert current is not None
                    current.add(part, reason, words, word_count)
    if current is not None:
        flush()
