"""Sentence splitting for the ``sentence`` mode, fast on clean paragraphs.

:func:`._common.split_sentences` finds each boundary in Python and collapses every sentence's
whitespace on its own. Most paragraphs need neither: when the paragraph's only whitespace is
single spaces and newlines, collapsing it is a plain newline-to-space replacement (same length,
same offsets), and the sentences are then cut by one ``re.split`` over the collapsed text. The
pattern is the boundary of :mod:`._common` (sentence punctuation, closing quotes, whitespace, a
capital or digit, with the abbreviation / numbered-marker / initials exceptions), rewritten so
that ``re`` can scan quickly: it starts with a single character class (a plain dot when the text
has no ``!``/``?``), a look-ahead rejects punctuation not followed by a boundary before any
exception is tried, and the exceptions that cannot apply are skipped (the numbered markers only
after a digit, the abbreviations only after one of their last letters). Any other paragraph goes
through :func:`._common.split_sentences` unchanged.
"""

from __future__ import annotations

import re
from itertools import chain
from operator import add, itemgetter

from ._common import ABBREVIATIONS, NUMBERED_MARKERS, hard_spans, split_sentences

#: whitespace other than the space and the newline (``str.split`` and ``\\s`` agree on it);
#: every such character, ASCII or not, is also one ``str.isprintable`` rejects
_OTHER_ASCII_WHITESPACE = ("\t", "\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x1f")


def _lookbehinds(alternatives: list[tuple[int, str]]) -> str:
    """Negative look-behinds for (width, pattern) alternatives, one per width (``re`` needs a
    fixed width inside each)."""
    by_width: dict[int, list[str]] = {}
    for width, pattern in alternatives:
        by_width.setdefault(width, []).append(pattern)
    return "".join(f"(?<!{'|'.join(alts)})" for _, alts in sorted(by_width.items()))


def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    abbreviations = _lookbehinds(
        [(len(w) + 1, r"\b(?i:" + re.escape(w) + r")\.") for w in sorted(ABBREVIATIONS)]
    )
    markers = _lookbehinds(
        [
            (len(w) + 2 + digits, r"\b(?i:" + w + r")\s" + r"\d" * digits + r"\.")
            for w in NUMBERED_MARKERS
            for digits in (1, 2, 3)
        ]
    )
    last_letters = "".join(sorted({re.escape(w[-1]) for w in ABBREVIATIONS}))
    # at the position after a dot: not a run's later dot, then the markers when a digit precedes
    # the dot, else the initials and (after one of their last letters) the abbreviations
    dot_ok = (
        rf"(?<![.!?]\.)(?:(?<=\d\.){markers}"
        rf"|(?<!\d\.)(?<!\b[A-Z]\.)(?:(?<!(?i:[{last_letters}])\.)|{abbreviations}))"
    )
    follows = r"[.!?]*[\"')\]]* [\"'(\[]?[A-Z0-9]"
    tail = r"[.!?]*[\"')\]]*) (?=[\"'(\[]?[A-Z0-9])"
    dots = re.compile(rf"(\.(?={follows}){dot_ok}{tail}")
    any_end = re.compile(rf"([.!?](?={follows})(?:(?<=[!?])|{dot_ok}){tail}")
    bang = re.compile(rf"(!(?={follows}){tail}")
    question = re.compile(rf"(\?(?={follows}){tail}")
    return dots, any_end, bang, question


#: split patterns over collapsed text (single spaces); group 1 is the sentence's end punctuation.
#: ``_DOTS``, ``_BANG`` and ``_QUESTION`` start with one literal character, which ``re`` finds
#: fastest; one after the other they find the boundaries ``_ANY_END`` finds (see
#: :func:`sentences_by_paragraph`)
_DOTS, _ANY_END, _BANG, _QUESTION = _patterns()
#: separators in the whole-document text: between paragraphs, and at the boundaries found
_PARAGRAPH = "\x01"
_CUT = "\x00"


def collapsed(text: str) -> str | None:
    """``" ".join(text.split())`` when that is ``text`` with its newlines made spaces (no other
    whitespace, no runs, nothing to trim), else ``None``."""
    flat = text.replace("\n", " ") if "\n" in text else text
    if "  " in flat or flat[:1] == " " or flat[-1:] == " ":
        return None
    if flat.isascii():
        for ch in _OTHER_ASCII_WHITESPACE:
            if ch in flat:
                return None
    elif not flat.isprintable():  # conservative: any non-printable character takes the slow path
        return None
    return flat


def sentences_of(text: str, max_sentence: int) -> list[str]:
    """The paragraph's sentences as :func:`._common.split_sentences` gives them, a sentence
    over ``max_sentence`` characters cut at words into several."""
    flat = collapsed(text)
    if flat is None:
        out = split_sentences(text)
    elif not flat:
        return []
    else:
        parts = (_ANY_END if ("!" in flat or "?" in flat) else _DOTS).split(flat)
        if len(parts) == 1:
            out = parts
        else:
            out = list(map(add, parts[0:-1:2], parts[1::2]))
            out.append(parts[-1])
        if len(flat) <= max_sentence:
            return out
    return _cut_long(out, max_sentence)


def _cut_long(out: list[str], max_sentence: int) -> list[str]:
    if max(map(len, out), default=0) <= max_sentence:
        return out
    cut: list[str] = []
    for s in out:
        if len(s) <= max_sentence:
            cut.append(s)
        else:  # text without sentence punctuation: cut at words, each piece one "sentence"
            cut.extend(s[a:b] for a, b in hard_spans(s, 0, len(s), max_sentence))
    return cut


def _cut_at(pattern: re.Pattern[str], text: str) -> str:
    """``text`` with the space of every boundary ``pattern`` finds replaced by ``_CUT``."""
    parts = pattern.split(text)
    if len(parts) == 1:
        return text
    ends = list(map(add, parts[0:-1:2], parts[1::2]))
    ends.append(parts[-1])
    return _CUT.join(ends)


def sentences_by_paragraph(texts: list[str], max_sentence: int) -> tuple[list[str], list[int]]:
    """The sentences of all the paragraphs, in order, and how many each paragraph has: what
    ``[sentences_of(t, max_sentence) for t in texts]`` gives, flattened. Worked out for all the
    paragraphs at once when every one of them is clean (see :func:`collapsed`).

    The paragraphs are joined by ``_PARAGRAPH``, which no pattern reads as a space, a word
    character or punctuation: to the patterns each paragraph then starts and ends as if it stood
    alone. Three passes cut the text: at boundaries that start with a dot, then with ``!``, then
    with ``?`` (a boundary's space, once cut, is no longer a space, so a later pass does not cut
    it again). A boundary is the space after a run of punctuation and closing quotes; the full
    pattern matches in that run when the run's first dot may end a sentence or the run holds a
    ``!`` or ``?`` (a later dot follows punctuation and never starts a match), and so do the
    passes together."""
    if len(texts) > 1 and _all_clean(texts):
        flat = _PARAGRAPH.join(texts).replace("\n", " ")
        if "  " not in flat:
            if "." in flat:
                flat = _cut_at(_DOTS, flat)
            if "!" in flat:
                flat = _cut_at(_BANG, flat)
            if "?" in flat:
                flat = _cut_at(_QUESTION, flat)
            if max(map(len, texts)) <= max_sentence:  # no sentence can be too long
                paragraphs = flat.split(_PARAGRAPH)
                return flat.replace(_PARAGRAPH, _CUT).split(_CUT), [p.count(_CUT) + 1 for p in paragraphs]
            found = [_cut_long(p.split(_CUT), max_sentence) for p in flat.split(_PARAGRAPH)]
            return list(chain.from_iterable(found)), list(map(len, found))
    found = [sentences_of(t, max_sentence) for t in texts]
    return list(chain.from_iterable(found)), list(map(len, found))


def _all_clean(texts: list[str]) -> bool:
    """Whether every text is non-empty, holds neither separator, has no whitespace but spaces
    and newlines, and neither starts nor ends with whitespace (the runs are checked later)."""
    if not all(texts):
        return False
    raw = "".join(texts)
    if _PARAGRAPH in raw or _CUT in raw:
        return False
    if raw.isascii():
        if any(ch in raw for ch in _OTHER_ASCII_WHITESPACE):
            return False
    elif not raw.replace("\n", " ").isprintable():
        return False
    ends = "".join(map(itemgetter(0), texts)) + "".join(map(itemgetter(-1), texts))
    return " " not in ends and "\n" not in ends
