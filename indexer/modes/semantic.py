"""``semantic``: paragraphs and lists merged while they read as one thought, chunks ≤ 1,500.

Headings are emitted alone (they reset the context); tables and code pass through untouched as
``table``/``code_block`` with ``primary_merge_reason: structural_boundary``. Each paragraph or list
is tested against the open chunk by a ladder of rules; the first that fires decides: the size cap
(new chunk), a transition phrase (new chunk), then reasons to merge — reference continuity,
elaboration, example, cause/effect, contrast, question/answer, definition expansion, a short
paragraph, a list sharing a keyword, any shared keyword — and otherwise a new chunk.
"""

from __future__ import annotations

from ..model import CODE, DOCUMENT, HEADING, LIST, PARAGRAPH, TABLE, Block, Chunk, Document
from ._common import (
    Draft,
    HeadingPath,
    doc_metadata,
    finish,
    flatten,
    keyword_bytes,
    prepare_images,
    replaces_structure,
    split_block,
)
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


class _Open:
    """The chunk being built: its parts, their merge reasons and keywords."""

    def __init__(self, block: Block, words: set[bytes]) -> None:
        self.parts = [block]
        self.reasons = ["initial"]
        self.words = words  # owned: the caller hands over a fresh set
        self.size = len(block.text)

    def add(self, block: Block, reason: str, words: set[bytes]) -> None:
        self.parts.append(block)
        self.reasons.append(reason)
        self.words |= words
        self.size += 2 + len(block.text)


def _head(text: str) -> str:
    """The lower-cased start of the left-trimmed text, long enough for every phrase tested (a
    prefix of ``text.lstrip().lower()``: lower-casing works character by character)."""
    start = 0
    if text[:1].isspace():
        start = len(text) - len(text.lstrip())
    return text[start : start + HEAD_CHARS].lower()


def merge_reason(current: _Open, block: Block, words: set[bytes]) -> str | None:
    """Why ``block`` joins ``current``, or ``None`` when it starts a new chunk."""
    if current.size + len(block.text) + 2 > MAX_CHARS:
        return None
    head = _head(block.text)
    if head.startswith(TRANSITIONS):
        return None
    for reason, prefixes in PREFIX_RULES:
        if head.startswith(prefixes):
            return reason
    prev = current.parts[-1].text
    if prev[-1:].isspace():
        prev = prev.rstrip()
    if prev.endswith("?"):
        return "question_answer"
    if len(prev) <= SHORT_PARAGRAPH and prev.endswith(":") and len(block.text) > 60:
        return "definition_expansion"
    if len(block.text) <= SHORT_PARAGRAPH:
        return "short_paragraph"
    shared = bool(words & current.words)
    if block.kind == LIST and shared:
        return "list_continuation"
    if shared:
        return "keyword_overlap"
    return None


def primary(reasons: list[str]) -> str:
    if len(reasons) == 1:
        return "initial"
    if len(reasons) == 2:
        return reasons[1]
    counts: dict[str, int] = {}
    for r in reasons[1:]:
        counts[r] = counts.get(r, 0) + 1
    return min(counts.items(), key=lambda kv: (-kv[1], kv[0]))[0]  # most frequent, then by name


def _stats(parts: list[Block], text: str, words: set[bytes] | None = None) -> dict:
    if words is None:
        words = keyword_bytes(text)
    density = round(len(words) / max(1, len(text.split())), 3)
    if len(parts) == 1:  # the same keys, without the passes over a one-part list
        kind = parts[0].kind
        return {
            "paragraph_count": 1 if kind in (PARAGRAPH, LIST) else 0,
            "block_types": [kind],
            "has_list": kind == LIST,
            "keyword_density": density,
            "avg_block_length": len(parts[0].text),
        }
    return {
        "paragraph_count": sum(1 for b in parts if b.kind in (PARAGRAPH, LIST)),
        "block_types": list(dict.fromkeys(b.kind for b in parts)),
        "has_list": any(b.kind == LIST for b in parts),
        "keyword_density": density,
        "avg_block_length": sum(len(b.text) for b in parts) // len(parts),
    }


@mode("semantic", families=[DOCUMENT], bound=MAX_CHARS)
def semantic(doc: Document, params: ModeParams) -> list[Chunk]:
    blocks, images = prepare_images(doc, params)
    path = HeadingPath()
    drafts: list[Draft] = list(images)
    current: _Open | None = None

    def where() -> dict:
        return {"section_heading": path.heading, "heading_path": path.path, "section_level": path.level}

    def flush() -> None:
        nonlocal current
        if current is None:
            return
        text = "\n\n".join(b.text for b in current.parts)
        reasons = list(dict.fromkeys(r for r in current.reasons if r != "initial"))
        meta = where() | _stats(current.parts, text, current.words)
        meta |= {"merge_reasons": reasons, "primary_merge_reason": primary(current.reasons)}
        drafts.append(Draft("semantic", text, current.parts, meta))
        current = None

    def alone(content_type: str, part: Block, reason: str, heading_meta: dict | None = None) -> None:
        meta = (heading_meta or where()) | _stats([part], part.text)
        meta |= {"merge_reasons": [], "primary_merge_reason": reason}
        drafts.append(Draft(content_type, part.text, [part], meta))

    for block in blocks:
        if block.kind == HEADING:
            flush()
            path.enter(block)
            meta = where() | {"section_heading": path.parent}
            for part in split_block(block, MAX_CHARS):
                alone("heading", part, "initial", meta)
        elif block.kind in (TABLE, CODE):
            flush()
            content_type = "table" if block.kind == TABLE else "code_block"
            for part in split_block(block, MAX_CHARS):
                alone(content_type, part, "structural_boundary")
        else:
            for part in split_block(block, MAX_CHARS):
                words = keyword_bytes(part.text)
                reason = merge_reason(current, part, words) if current else None
                if reason is None:
                    flush()
                    current = _Open(part, words)
                else:
                    assert current is not None
                    current.add(part, reason, words)
    flush()
    if replaces_structure(doc):
        drafts = flatten(drafts, "semantic", MAX_CHARS)
    return finish(drafts, doc_metadata(doc, derived=True))
