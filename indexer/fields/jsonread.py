"""A tolerant JSON reader for model replies. Pure Python, never raises, bounded work.

What it reads past: prose before, between and after objects; Markdown code fences; ``//`` and
``/* */`` comments outside string literals; trailing and missing commas; single-quoted strings and
bare (unquoted) keys and values; mismatched closers; and truncation (a reply cut off mid-object is
closed where it stops, and a value cut off mid-string is :data:`TRUNCATED`).

Values come back as plain Python: ``dict`` (insertion-ordered, a repeated key keeps the last
value), ``list``, ``str`` for every scalar (numbers and ``true``/``false`` as their literal text, so
coercion works on the text the model wrote), :data:`NULL` for the ``null`` literal and
:data:`TRUNCATED` for a value that is present but cut off or empty.

Selection (:func:`select_object`): fenced blocks first, then the whole reply; in each, every
top-level ``{…}`` in order (and, for a ``{`` that never closes, the text from it to the end); the
first object carrying at least one declared field wins; if none does, the first object.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Final


class _Marker:
    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        self._name = name

    def __repr__(self) -> str:
        return self._name


NULL: Final = _Marker("NULL")
TRUNCATED: Final = _Marker("TRUNCATED")

#: Nesting deeper than this is skipped (read as an empty object/list): no schema reaches it, and it
#: keeps the recursive reader far from Python's recursion limit.
MAX_DEPTH = 200
#: Total characters the candidate scan may look at, as a multiple of the text's length (restarts
#: after an unclosed ``{`` rescan the rest; this caps the sum).
SCAN_BUDGET_FACTOR = 4

_WS = re.compile(r"[ \t\r\n\f\v\ufeff\u00a0]*")
_DQ_BODY = re.compile(r'[^"\\]*(?:\\.[^"\\]*)*', re.DOTALL)
_SQ_BODY = re.compile(r"[^'\\]*(?:\\.[^'\\]*)*", re.DOTALL)
_SCAN_STOP = re.compile(r"[{}\"'/]")
_BARE_VALUE = re.compile(r"[^,}\]\n]*")
_BARE_KEY = re.compile(r"[^\s:,{}\[\]\"'=]+")
_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})[ \t]*([A-Za-z0-9_+.-]*)[^\n]*$", re.MULTILINE)
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "/": "/", "\\": "\\", '"': '"', "'": "'"}


@dataclass(frozen=True)
class Selection:
    """What :func:`select_object` chose: ``found`` is False when the reply holds no object at all."""

    found: bool
    obj: dict[str, Any]
    span: tuple[int, int] | None = None  # in the region it came from
    fenced: bool = False


# -- fences -----------------------------------------------------------------------------------------


def fenced_bodies(text: str) -> list[str]:
    """Bodies of Markdown code fences, in order (an unclosed fence runs to the end)."""
    out: list[str] = []
    opening: tuple[str, int] | None = None
    for m in _FENCE.finditer(text):
        marker = m.group(1)
        if opening is None:
            opening = (marker, m.end() + 1)
        elif marker[0] == opening[0][0] and len(marker) >= len(opening[0]) and not m.group(2):
            out.append(text[opening[1] : m.start()])
            opening = None
    if opening is not None and opening[1] <= len(text):
        out.append(text[opening[1] :])
    # A one-line fence (```json {"a":1}```) is common too.
    if not out and "```" in text:
        parts = text.split("```")
        for body in parts[1::2]:
            out.append(re.sub(r"^[A-Za-z0-9_+.-]*", "", body, count=1))
    return out


# -- candidate objects ---------------------------------------------------------------------------------


def _prev_significant(s: str, i: int) -> str:
    j = i - 1
    stop = max(-1, i - 256)
    while j > stop and s[j] in " \t\r\n":
        j -= 1
    return s[j] if j > stop else ""


def _comment_end(s: str, i: int, n: int | None = None) -> int:
    """If a comment starts at ``i`` (outside a string), the index just after it; else -1."""
    if s.startswith("//", i):
        if i > 0 and s[i - 1] == ":":  # http://… written bare, not a comment
            return -1
        n = len(s) if n is None else n
        nl = s.find("\n", i, n)
        return n if nl < 0 else nl + 1
    if s.startswith("/*", i):
        n = len(s) if n is None else n
        end = s.find("*/", i + 2, n)
        return n if end < 0 else end + 2
    return -1


def _scan_balanced(s: str, start: int, n: int | None = None) -> tuple[int, int]:
    """From the ``{`` at ``start``: (index of its matching ``}`` or -1, characters looked at).
    String-aware (double quotes; single quotes where a value or key may start) and comment-aware."""
    depth = 0
    i = start
    n = len(s) if n is None else n
    while i < n:
        m = _SCAN_STOP.search(s, i, n)
        if m is None:
            return -1, n - start
        i = m.start()
        c = s[i]
        if c == "{":
            depth += 1
            i += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i, i + 1 - start
            i += 1
        elif c == '"':
            end = _DQ_BODY.match(s, i + 1, n).end()
            if end >= n:
                return -1, n - start
            i = end + 1
        elif c == "'":
            if _prev_significant(s, i) in ("{", "[", ",", ":"):
                end = _SQ_BODY.match(s, i + 1, n).end()
                if end >= n:
                    return -1, n - start
                i = end + 1
            else:
                i += 1
        else:  # '/'
            end = _comment_end(s, i, n)
            i = end if end > 0 else i + 1
    return -1, n - start


def object_spans(s: str) -> list[tuple[int, int, bool]]:
    """Every top-level object span in order as (start, end, closed): each balanced ``{…}`` (its
    nested objects belong to it), and for the first ``{`` that never closes, the text from it to
    the end (``closed`` False)."""
    out: list[tuple[int, int, bool]] = []
    budget = SCAN_BUDGET_FACTOR * len(s) + 100_000
    tail_added = False
    i = s.find("{")
    while i >= 0 and budget > 0:
        end, looked = _scan_balanced(s, i)
        budget -= looked
        if end >= 0:
            out.append((i, end + 1, True))
            i = s.find("{", end + 1)
        else:
            if not tail_added:
                out.append((i, len(s), False))
                tail_added = True
            i = s.find("{", i + 1)
    return out


# -- the forgiving value reader ------------------------------------------------------------------------


class _Reader:
    __slots__ = ("s", "n")

    def __init__(self, s: str, end: int | None = None) -> None:
        self.s = s
        self.n = len(s) if end is None else end

    def skip(self, i: int) -> int:
        """Skip whitespace and comments."""
        s = self.s
        while True:
            i = _WS.match(s, i, self.n).end()
            if i < self.n and s[i] == "/":
                end = _comment_end(s, i, self.n)
                if end > 0:
                    i = end
                    continue
            return i

    def string(self, i: int) -> tuple[str, int, bool]:
        """The string literal at ``i`` (a quote): (text, next index, closed?)."""
        s = self.s
        quote = s[i]
        body = (_DQ_BODY if quote == '"' else _SQ_BODY).match(s, i + 1, self.n)
        raw = body.group()
        end = body.end()
        # The body stops at its closing quote, or at a lone backslash with nothing after it (a
        # reply cut off inside an escape), or at the end: only the first is a closed string.
        closed = end < self.n and s[end] == quote
        if closed:
            end += 1
        else:
            end = self.n
        return (_unescape(raw) if "\\" in raw else raw), end, closed

    def value(self, i: int, depth: int, arrays: int, objects: int) -> tuple[Any, int]:
        s = self.s
        c = s[i]
        if c == "{":
            if depth >= MAX_DEPTH:
                return {}, self._skip_container(i)
            return self.obj(i, depth + 1, arrays, objects + 1)
        if c == "[":
            if depth >= MAX_DEPTH:
                return [], self._skip_container(i)
            return self.arr(i, depth + 1, arrays + 1, objects)
        if c == '"' or c == "'":
            text, end, closed = self.string(i)
            return (text if closed else TRUNCATED), end
        m = _BARE_VALUE.match(s, i, self.n)
        end = m.end()
        raw = m.group()
        cut = _comment_cut(raw)
        if cut >= 0:
            raw = raw[:cut]
            end = i + cut
        word = raw.strip()
        if not word:
            return TRUNCATED, max(end, i + 1)
        if word == "null":
            return NULL, end
        return word, end

    def _skip_container(self, i: int) -> int:
        if self.s[i] == "{":
            end, _ = _scan_balanced(self.s, i, self.n)
            return self.n if end < 0 else end + 1
        depth = 0
        s = self.s
        j = i
        while j < self.n:
            c = s[j]
            if c == "[":
                depth += 1
            elif c == "]":
                depth -= 1
                if depth == 0:
                    return j + 1
            elif c == '"':
                j = _DQ_BODY.match(s, j + 1, self.n).end()
            j += 1
        return self.n

    def obj(self, i: int, depth: int, arrays: int, objects: int) -> tuple[dict[str, Any], int]:
        s = self.s
        out: dict[str, Any] = {}
        i += 1
        while True:
            i = self.skip(i)
            if i >= self.n:
                return out, i
            c = s[i]
            if c == "}":
                return out, i + 1
            if c == "]":
                if arrays:
                    return out, i  # closes an enclosing array; the object ends here
                i += 1
                continue
            if c == "," or c == ";":
                i += 1
                continue
            if c == '"' or c == "'":
                key, i, closed = self.string(i)
                if not closed:
                    return out, i
            else:
                m = _BARE_KEY.match(s, i, self.n)
                if m is None or m.end() == i:
                    i += 1  # a stray character where a key belongs
                    continue
                key = m.group()
                i = m.end()
            i = self.skip(i)
            if i >= self.n:
                return out, i
            c = s[i]
            if c == ":" or c == "=":
                i = self.skip(i + 1)
                if i >= self.n:
                    out[key] = TRUNCATED
                    return out, i
                c = s[i]
            if c in ",}]":
                out[key] = TRUNCATED
                continue
            out[key], i = self.value(i, depth, arrays, objects)

    def arr(self, i: int, depth: int, arrays: int, objects: int) -> tuple[list[Any], int]:
        s = self.s
        out: list[Any] = []
        i += 1
        while True:
            i = self.skip(i)
            if i >= self.n:
                return out, i
            c = s[i]
            if c == "]":
                return out, i + 1
            if c == "}":
                if objects:
                    return out, i
                i += 1
                continue
            if c == ",":
                i += 1
                continue
            item, i = self.value(i, depth, arrays, objects)
            out.append(item)


def _comment_cut(raw: str) -> int:
    """Where a comment starts inside a bare value, or -1."""
    for marker in ("//", "/*"):
        at = raw.find(marker)
        while at >= 0:
            if at == 0 or raw[at - 1] in " \t":
                return at
            at = raw.find(marker, at + 1)
    return -1


def _unescape(raw: str) -> str:
    out: list[str] = []
    i = 0
    n = len(raw)
    while i < n:
        j = raw.find("\\", i)
        if j < 0:
            out.append(raw[i:])
            break
        out.append(raw[i:j])
        if j + 1 >= n:
            break
        c = raw[j + 1]
        if c == "u":
            code = raw[j + 2 : j + 6]
            if len(code) == 4 and all(ch in "0123456789abcdefABCDEF" for ch in code):
                cp = int(code, 16)
                i = j + 6
                if 0xD800 <= cp < 0xDC00 and raw.startswith("\\u", i):
                    low = raw[i + 2 : i + 6]
                    if len(low) == 4 and all(ch in "0123456789abcdefABCDEF" for ch in low):
                        lo = int(low, 16)
                        if 0xDC00 <= lo < 0xE000:
                            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00)
                            i += 6
                out.append(chr(cp) if not 0xD800 <= cp < 0xE000 else "\ufffd")
                continue
            out.append("u")
            i = j + 2
            continue
        out.append(_ESCAPES.get(c, c))
        i = j + 2
    return "".join(out)


def read_object(text: str, start: int = 0) -> dict[str, Any]:
    """Read the object whose ``{`` is at ``start`` (or the first ``{`` after it); ``{}`` if none."""
    i = text.find("{", start)
    if i < 0:
        return {}
    obj, _ = _Reader(text).obj(i, 1, 0, 1)
    return obj


def read_value(text: str) -> Any:
    """Read the first JSON value in ``text`` (object, array or scalar); ``TRUNCATED`` if none."""
    reader = _Reader(text)
    i = reader.skip(0)
    if i >= len(text):
        return TRUNCATED
    value, _ = reader.value(i, 0, 0, 0)
    return value


# -- selection ------------------------------------------------------------------------------------------


def select_object(text: str, carries: Callable[[dict[str, Any]], bool]) -> Selection:
    """Choose the object that answers the schema (see the module docstring)."""
    regions: list[tuple[str, bool]] = [(body, True) for body in fenced_bodies(text)]
    regions.append((text, False))
    first_closed: Selection | None = None
    first_open: Selection | None = None
    for region, fenced in regions:
        for a, b, closed in object_spans(region):
            obj, _ = _Reader(region, b).obj(a, 1, 0, 1)
            if carries(obj):
                return Selection(True, obj, (a, b), fenced)
            if fenced:
                continue
            if closed and first_closed is None:
                first_closed = Selection(True, obj, (a, b), False)
            elif not closed and first_open is None:
                first_open = Selection(True, obj, (a, b), False)
    # None carries a declared field: the first object that closes, else the first dangling one.
    return first_closed or first_open or Selection(False, {})


def has_any_key(names: Iterable[str], case_insensitive: bool) -> Callable[[dict[str, Any]], bool]:
    wanted = {n.lower() if case_insensitive else n for n in names}

    def carries(obj: dict[str, Any]) -> bool:
        return any((key.lower() if case_insensitive else key) in wanted for key in obj)

    return carries
