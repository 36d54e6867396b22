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
from operator import add

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
    return dots, any_end


#: split patterns over collapsed text (single spaces); group 1 is the sentence's end punctuation
_DOTS, _ANY_END = _patterns()


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
    if max(map(len, out), default=0) <= max_sentence:
        return out
    cut: list[str] = []
    for s in out:
        if len(s) <= max_sentence:
            cut.append(s)
        else:  # text without sentence punctuation: cut at words, each piece one "sentence"
            cut.extend(s[a:b] for a, b in hard_spans(s, 0, len(s), max_sentence))
    return cut
