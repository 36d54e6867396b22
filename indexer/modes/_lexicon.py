"""Keywords and word counts of the semantic mode's blocks, from one lower-cased byte string each.

:func:`._common.keyword_bytes` lower-cases a text and encodes it to ASCII (``?`` for anything
else) before splitting off the keyword runs. The same bytes also give the text's word count
(``len(text.split())``) without making a string per word: with every whitespace byte a space and
every other byte an ``x``, the words are the ``x`` runs, counted as the occurrences of ``" x"``
(plus one when the text starts with a word). That holds as long as the text has no whitespace
beyond the six that ``bytes.split`` knows (space, tab, newline, CR, VT, FF); :class:`Lexicon`
checks that once for the whole document and otherwise counts with ``str.split``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ._common import _KEEP_ALNUM, not_keywords

#: whitespace for ``str.split`` that ``bytes.split`` does not split at (ASCII separators and
#: every non-ASCII space; the ASCII ones first)
ASCII_ONLY_STR_SPACES = "\x1c\x1d\x1e\x1f"
_OTHER_SPACES = re.compile("[\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]")
#: ``_KEEP_ALNUM`` for bytes not yet lower-cased: ASCII capitals become their lower case
_KEEP_LOWERED = bytes(c + 32 if 65 <= c <= 90 else _KEEP_ALNUM[c] for c in range(256))
#: bytes.translate table: the bytes-whitespace a space, everything else an "x"
_SPACE_OR_X = bytes(32 if c in b" \t\n\r\x0b\x0c" else 120 for c in range(256))


def bytes_whitespace_only(text: str) -> bool:
    """Whether every whitespace character of ``text`` (as ``str.split`` sees it) is one that
    ``bytes.split`` also splits at."""
    if text.isascii():
        return not any(ch in text for ch in ASCII_ONLY_STR_SPACES)
    return _OTHER_SPACES.search(text) is None


class Lexicon:
    """:meth:`of` gives ``(keyword_bytes(text), len(text.split()))`` for texts made of the
    characters of the texts given here (a block's parts are)."""

    __slots__ = ("_count_bytes", "_not_keywords")

    def __init__(self, texts: Iterable[str]) -> None:
        self._count_bytes = bytes_whitespace_only("".join(texts))
        self._not_keywords = not_keywords()

    def of(self, text: str) -> tuple[set[bytes], int]:
        if text.isascii():  # lower-cased by the table, the same for ASCII
            low = text.encode("ascii")
            words = set(low.translate(_KEEP_LOWERED).split()).difference(self._not_keywords)
        else:
            low = text.lower().encode("ascii", "replace")
            words = set(low.translate(_KEEP_ALNUM).split()).difference(self._not_keywords)
        if self._count_bytes:
            marks = low.translate(_SPACE_OR_X)
            return words, marks.count(b" x") + (marks[:1] == b"x")
        return words, len(text.split())
