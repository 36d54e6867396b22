"""Plain text (.txt, and any text the registry cannot place otherwise).

The encoding is sniffed (BOM, UTF-16 without BOM, UTF-8, else the legacy code page that reads it
cleanly: windows-1252, -1250, -1251, KOI8-R, Shift_JIS, EUC-JP …; UTF-8 encoded twice, read
as windows-1252 or latin-1 and written out, is read as first written) and newlines normalised;
``Document.text`` is that text and every block's ``lines`` point into it. Structure is read from the
layout a person types: blank lines end blocks (except inside a closed ``` fence); a line
underlined with ``===``/``---`` about as long as itself (not a signature's ``--`` line), a ``#``
line or a short ALL-CAPS line is a heading (not in a program, where such lines are comments: a
text most of whose lines end in ``;`` or a bracket, or a line after ``;`` or ``//``); runs of
``- * • 1. [x]`` lines are lists (indentation gives the level; an item's wrapped lines go on with
it); runs of lines with the same number of ``|`` cells are tables; ``` fences are
code. Everything else is a paragraph that keeps its line breaks, and its lines' indentation
where it says something (a program, verse, an outline: lines indented in steps, relative to the
least indented one), not where it is layout (a first-line or a hanging indent, or the same on
every line). A poem's line numbers in the right margin (``And the sun set      5``, every few
lines, counting from a stanza's first line) are left out of its lines, and listed in
``Coverage.headers_footers_removed``. A vCard or an iCalendar text (first line ``BEGIN:VCARD`` /
``BEGIN:VCALENDAR``) is property lines: each run of them a paragraph, with no heading, list or
table, its encoded values read as :mod:`._properties` says (a base64 picture an image, never text).
"""

from __future__ import annotations

import re
import textwrap
from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import replace
from itertools import accumulate, pairwise
from typing import Any

# re-exported: the extractors' helpers
from .._fast import new_block, new_item, relined, with_meta  # noqa: F401
from ..limits import ExtractContext
from ..model import (
    CODE,
    HEADING,
    IMAGE,
    ITEM_HEADINGS,
    ITEM_PARAGRAPHS,
    ITEM_QUOTE_BREAKS,
    ITEM_QUOTES,
    ITEM_TAILS,
    LIST,
    PARAGRAPH,
    TABLE,
    Block,
    Coverage,
    Document,
    ListItem,
    assemble,
    render_list,
    render_table,
)
from ..model import _cell as table_cell
from ..sniff import damaged_utf8, decode_text
from ._properties import PROPERTY_LINES, property_blocks
from .registry import extractor

#: A line that may start a structure other than prose (checked over a whole paragraph at once).
_SPECIAL = re.compile(
    r"^(?:[ \t]*(?:[-*•+‣◦▪]|\d{1,3}[.)]|\[[ xX]\])[ \t]|.*\||[=\-]{3,}[ \t]*$|#{1,6}[ \t]|[ \t]*(?:```|~~~))",
    re.M,
)
_ITEM = re.compile(r"^([ \t]*)(?:([-*•+‣◦▪])|(\d{1,3})[.)])[ \t]+(.*)$")
_TASK = re.compile(r"^([ \t]*)(\[[ xX]\][ \t]+.*)$")
_UNDERLINE = re.compile(r"^(?:={3,}|-{3,})[ \t]*$")
_ATX = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t#]*$")
_TABLE_RULE = re.compile(r"^[ \t|:+=\-]+$")
_FENCE = re.compile(r"^[ \t]*(```|~~~)")
#: how a line that ends a sentence or introduces a list ends (closing quotes and brackets aside)
_ENDS_SENTENCE = re.compile(r"[.!?:;…][\"'”’)\]\s]*$")
_MIN_WRAPPED = 40  # a line this long that ends mid-sentence was wrapped: the next line goes on with it
_MAX_CAPS_HEADING = 80
#: how a comment of a program starts (Lisp and assembler ``;``, C ``//`` and ``/*``, a script's
#: ``#!``): a line in capitals after one is a comment, not a title
_COMMENT = (";", "//", "/*", "#!")
#: how a line of a program starts (a comment, a bracket) or ends (``;``, a bracket)
_CODE_STARTS = ("(", ")", "{", "}", *_COMMENT)
_CODE_ENDS = ";{}()"
_MIN_CODE_LINES = 5  # fewer lines tell nothing: a sentence may end in a bracket
_CODE_SAMPLE = 65536  # the characters looked at: a program shows what it is in its first lines


def decode_document(data: bytes) -> tuple[str, str]:
    """Bytes to text (newlines normalised) and the encoding used.

    Like :func:`indexer.sniff.decode_text`, except that UTF-8 text with a few damaged bytes stays
    UTF-8 (the damage becomes U+FFFD) instead of being read whole as cp1252 mojibake: legacy
    cp1252 text almost never contains valid multi-byte UTF-8 sequences, damaged UTF-8 does; and
    UTF-8 text encoded twice is read as it was first written (:func:`_encoded_twice`).
    """
    head = data[:65536]
    if head[:2] not in (b"\xff\xfe", b"\xfe\xff") and b"\x00" not in head[:4096]:
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            if damaged_utf8(head):
                return decode_text(data, "utf-8")
    text, encoding = decode_text(data)
    if encoding == "utf-8" and not text.isascii():
        text = _encoded_twice(text)
    return text, encoding


def _encoded_twice(text: str) -> str:
    """The text UTF-8 text holds when it is UTF-8 read as windows-1252 or latin-1 and written out
    again (an en dash as "â€“", or as "â" and two C1 controls), else the text as it is: where the
    whole text is in the characters of one of those and its bytes there are UTF-8. A text written
    in them once has a letter such as "é" or "ß" before a space or an ASCII letter, which no UTF-8
    sequence holds; only a text read once too often makes UTF-8 again."""
    for codec in ("cp1252", "latin-1"):
        try:
            raw = text.encode(codec)
        except UnicodeEncodeError:
            continue
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            return text
    return text


def _is_caps_heading(line: str) -> bool:
    s = line.strip()
    return (
        0 < len(s) <= _MAX_CAPS_HEADING
        and s.isupper()
        and sum(c.isalpha() for c in s) >= 3
        and len({c for c in s if c.isalpha()}) > 1  # XXXXXXXX, AAAA…: a placeholder, no title
        and not s.endswith((".", ",", ";"))
        and "|" not in s
        and "   " not in s  # layout columns (transcripts, forms), not a title
        and not s.startswith(_COMMENT)
    )


def _is_code(text: str) -> bool:
    """Whether most lines of ``text`` (of its first :data:`_CODE_SAMPLE` characters) are a
    program's, starting with a comment marker or a bracket or ending with ``;`` or a bracket:
    its comments in capitals and its ``# …`` comments are no headings. Prose has a bracket or a
    semicolon at the end of a line now and then, a program at most of them."""
    lines = [line for line in map(str.strip, text[:_CODE_SAMPLE].split("\n")) if line]
    code = sum(1 for line in lines if line[-1] in _CODE_ENDS or line.startswith(_CODE_STARTS))
    return len(lines) >= _MIN_CODE_LINES and 2 * code > len(lines)


def _stripped(text: str) -> str:
    """Text without the indentation of its lines."""
    if text[:1] in (" ", "\t") or "\n " in text or "\n\t" in text:
        return "\n".join(line.strip() for line in text.split("\n"))
    return text


def _indent(line: str) -> int:
    """How far a line is indented, in columns (a tab to the next multiple of 4, as in lists)."""
    return len(line.expandtabs(4)) - len(line.lstrip().expandtabs(4))


def _tidy(text: str) -> str:
    """Paragraph text without the layout indentation of its lines, keeping what indentation says.

    The same indentation on every line, a first line indented more than the others (a
    paragraph's first-line indent) or less (a hanging indent, whose first line was wrapped) is
    layout: it goes. Lines indented in steps of their own (a program, verse, an outline, a quoted
    ASCII table) keep their indentation relative to the least indented line, as typed."""
    if not (text[:1] in (" ", "\t") or "\n " in text or "\n\t" in text):
        return text
    lines = text.split("\n")
    indents = [width if width > 1 else 0 for width in map(_indent, lines)]  # one space is a slip
    if len(set(indents[1:])) <= 1 and (indents[0] >= indents[-1] or _wrapped(lines[0])):
        return _stripped(text)
    return textwrap.dedent(text)


def _cells(line: str) -> list[str]:
    s = line.strip()
    if s.startswith("|"):
        s = s[1:]
    if s.endswith("|") and not s.endswith("\\|"):
        s = s[:-1]
    return [c.strip() for c in s.split("|")]


class _Reader:
    def __init__(self, text: str = "") -> None:
        self.blocks: list[Block] = []
        self.text = text
        self._code: bool | None = None
        # a vCard's or an iCalendar's lines are properties: ``BEGIN:VCARD`` is no title in
        # capitals, a value holding ``|`` or starting with ``- `` no table or list
        self.properties = bool(PROPERTY_LINES.match(text))

    @property
    def code(self) -> bool:
        """Whether the text is a program (:func:`_is_code`), found out when a line could be a
        heading: most texts never ask."""
        if self._code is None:
            self._code = _is_code(self.text)
        return self._code

    def add(self, kind: str, text: str, first: int, last: int, level: int = 0, **kw) -> None:
        if kw:  # tables, lists, code
            self.blocks.append(Block(kind, text, level, (first, last), **kw))
        else:  # paragraphs and headings, most blocks
            self.blocks.append(new_block(kind, text, level, (first, last)))

    # -- one paragraph group (consecutive non-blank lines starting at line `first`) -------------

    def group(self, lines: list[str], first: int) -> None:
        text = "\n".join(lines)
        if self.properties:  # a folded property line goes on after a space: no indentation
            self.add(PARAGRAPH, _stripped(text), first, first + len(lines) - 1)
            return
        if len(lines) == 1 or not _SPECIAL.search(text):
            if _is_caps_heading(lines[0]) and not self.code:
                self.add(HEADING, lines[0].strip(), first, first, level=2)
                lines, first = lines[1:], first + 1
                if not lines:
                    return
                text = "\n".join(lines)
                if _SPECIAL.search(text):
                    self.mixed(lines, first)
                    return
            atx = _ATX.match(lines[0]) if len(lines) == 1 else None
            if atx and not self.code:
                self.add(HEADING, atx.group(2), first, first, level=len(atx.group(1)))
            else:
                self.add(PARAGRAPH, _tidy(text), first, first + len(lines) - 1)
            return
        self.mixed(lines, first)

    def mixed(self, lines: list[str], first: int) -> None:
        """A group with headings, lists or tables in it: read line by line."""
        i, n = 0, len(lines)
        prose: list[str] = []
        prose_start = first

        def flush(upto: int) -> None:
            nonlocal prose
            if prose:
                self.add(PARAGRAPH, _tidy("\n".join(prose)), prose_start, prose_start + len(prose) - 1)
                prose = []

        while i < n:
            line = lines[i]
            lineno = first + i
            nxt = lines[i + 1] if i + 1 < n else None
            if nxt is not None and _UNDERLINE.match(nxt) and _underlined(line, nxt):
                flush(lineno)
                level = 1 if nxt.lstrip().startswith("=") else 2
                self.add(HEADING, line.strip(), lineno, lineno + 1, level=level)
                i += 2
                prose_start = first + i
                continue
            atx = _ATX.match(line)
            if atx and not self.code:
                flush(lineno)
                self.add(HEADING, atx.group(2), lineno, lineno, level=len(atx.group(1)))
                i += 1
                prose_start = first + i
                continue
            if _FENCE.match(line):
                flush(lineno)
                i = self.fence(lines, i, first)
                prose_start = first + i
                continue
            if "|" in line:
                end = self.table(lines, i, first)
                if end > i:
                    flush(lineno)
                    i = end
                    prose_start = first + i
                    continue
            if (_ITEM.match(line) or _TASK.match(line)) and not (prose and _goes_on(prose[-1], line, 1)):
                flush(lineno)
                i = self.list(lines, i, first)
                prose_start = first + i
                continue
            if not prose and _is_caps_heading(line) and i + 1 < n and not self.code:
                self.add(HEADING, line.strip(), lineno, lineno, level=2)
                i += 1
                prose_start = first + i
                continue
            if not prose:
                prose_start = lineno
            prose.append(line)
            i += 1
        flush(first + n)

    def fence(self, lines: list[str], i: int, first: int) -> int:
        marker = _FENCE.match(lines[i]).group(1)
        lang = lines[i].strip()[3:].strip().split(" ")[0] or None
        j = i + 1
        while j < len(lines) and not lines[j].lstrip().startswith(marker):
            j += 1
        indent = len(lines[i]) - len(lines[i].lstrip())  # the fence's own indentation is not code
        body = "\n".join(
            ln[indent:] if not indent or not ln[:indent].strip() else ln.lstrip() for ln in lines[i + 1 : j]
        )
        last = min(j, len(lines) - 1)
        if body.strip():
            self.add(CODE, body, first + i, first + last, meta={"language": lang} if lang else {})
        else:  # an empty fence is still text someone typed
            self.add(PARAGRAPH, "\n".join(lines[i : last + 1]).strip(), first + i, first + last)
        return last + 1

    def table(self, lines: list[str], i: int, first: int) -> int:
        """Consume a pipe table starting at line i; returns the index after it (i if none)."""
        width = len(_cells(lines[i]))
        if width < 2:
            return i
        j = i
        while j < len(lines) and "|" in lines[j]:
            if not _TABLE_RULE.match(lines[j]) and len(_cells(lines[j])) != width:
                break
            j += 1
        rows = [_cells(ln) for ln in lines[i:j] if not _TABLE_RULE.match(ln)]
        if j - i < 2 or len(rows) < 2:
            return i
        has_rule = any(_TABLE_RULE.match(ln) for ln in lines[i + 1 : i + 2])
        header = (
            tuple(rows[0]) if has_rule or not any(c.replace(".", "").isdigit() for c in rows[0]) else None
        )
        data = tuple(tuple(r) for r in (rows[1:] if header is not None else rows))
        self.add(TABLE, render_table(header, data), first + i, first + j - 1, header=header, rows=data)
        return j

    def list(self, lines: list[str], i: int, first: int) -> int:
        items: list[ListItem] = []
        indents: list[int] = []
        number = 0  # the number of the last numbered item
        j = i
        while j < len(lines):
            line = lines[j]
            m = _ITEM.match(line)
            goes_on = m is not None and j > i and _goes_on(lines[j - 1], line, number + 1)
            if goes_on:
                m = None  # "0) from …" wrapped out of the line above: not an item
            own: int | None = None  # an ordered item's number as written ("5." is 5)
            if m:
                if m.group(3) is not None:
                    number = own = int(m.group(3))
                indent, text, ordered = len(m.group(1).expandtabs(4)), m.group(4), m.group(3) is not None
            else:
                t = _TASK.match(line)
                if t is None and _FENCE.match(line):
                    break  # a fence after an item: code of its own
                if t:
                    indent, text, ordered = len(t.group(1).expandtabs(4)), t.group(2), False
                elif (
                    items
                    and line.strip()
                    and (
                        goes_on or line[:1] in (" ", "\t") or (_wrapped(lines[j - 1]) and not _capitals(line))
                    )
                ):
                    # a continuation line: indented, or after a line that was wrapped
                    last = items[-1]
                    items[-1] = ListItem(
                        last.text + " " + line.strip(), last.level, last.ordered, last.number
                    )
                    j += 1
                    continue
                else:
                    break
            while indents and indent < indents[-1]:
                indents.pop()
            if not indents or indent > indents[-1]:
                indents.append(indent)
            items.append(ListItem(text.strip(), len(indents) - 1, ordered, own))
            j += 1
        self.add(LIST, render_list(items), first + i, first + j - 1, items=tuple(items))
        return j


def _underlined(line: str, rule: str) -> bool:
    """Whether ``rule`` (a line of ``===`` or ``---``) underlines ``line`` as a heading. A title's
    underline is about as long as the title; a rule far longer than the line above it is a
    separator (the box around a mail signature), and a line starting with ``--`` is a signature
    delimiter or an attribution (``-- Homer Simpson``), never a title."""
    title = line.strip()
    return (
        bool(title)
        and len(rule.strip()) <= 2 * len(title) + 8
        and not title.startswith("--")
        and not _ITEM.match(line)
    )


def _capitals(line: str) -> bool:
    """Whether a line is written in capitals (a heading such as WEATHER, not a wrapped line)."""
    letters = [c for c in line if c.isalpha()]
    return len(letters) >= 2 and all(c.isupper() for c in letters)


def _wrapped(line: str) -> bool:
    """Whether a line was cut mid-sentence by wrapping: long, and not ending a sentence."""
    return len(line.strip()) >= _MIN_WRAPPED and _ENDS_SENTENCE.search(line) is None


def _goes_on(before: str, line: str, expected: int) -> bool:
    """Whether a line starting with a number and ``.``/``)`` goes on with the line before rather
    than starting an item: the line before ends mid-sentence, and the number is not the one a
    list would have next (1, or ``expected``). In doubt a line stays text: an item would lose
    its number."""
    m = _ITEM.match(line)
    if m is None or m.group(3) is None or m.group(1):
        return False
    return int(m.group(3)) not in (1, expected) and _ENDS_SENTENCE.search(before.rstrip()) is None


_BLANK = re.compile(r"\n[ \t]*\n(?:[ \t]*\n)*")


#: every character ``str.isspace`` accepts but the plain space
_OTHER_SPACES = "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f\x85\xa0\u1680" + "".join(map(chr, range(0x2000, 0x200B)))
_OTHER_SPACES += "\u2028\u2029\u202f\u205f\u3000"


def _suspect_lines(lines: list[str], width: int) -> set[int]:
    """Indices of pipe-table lines, rendered from raw cells, where a cell may not be clean for
    ``table_cell``: a pipe inside a cell (more pipes than the line's own), any whitespace but
    the plain space, or a double space other than an empty cell's ``|  |``."""
    big = "\x00".join(lines)
    hits: list[int] = []
    for needle in _OTHER_SPACES[:9] if big.isascii() else _OTHER_SPACES:
        i = big.find(needle)
        while i >= 0:
            hits.append(i)
            i = big.find(needle, i + 1)
    spaced = big.replace("|  |", "|\x00\x00|").replace("|  |", "|\x00\x00|")  # same length
    i = spaced.find("  ")
    while i >= 0:
        hits.append(i)
        i = spaced.find("  ", i + 1)
    ends = list(accumulate(len(line) + 1 for line in lines))
    out = {bisect_right(ends, i) for i in hits}
    if big.count("|") != (width + 1) * len(lines):
        out.update(i for i, line in enumerate(lines) if line.count("|") != width + 1)
    return out


def fast_render_table(header: tuple[str, ...] | None, rows: tuple[tuple[str, ...], ...]) -> str:
    """Exactly :func:`indexer.model.render_table`, without cleaning cells that need no cleaning
    (most cells): every line is rendered from its raw cells, and only lines where a cell may
    need cleaning (found by a few C-level scans of the whole table) are rendered again."""
    width = max([len(header or ())] + [len(r) for r in rows] or [0])
    if width == 0:
        return ""
    pad = ("",) * width
    table = [
        r if len(r) == width else (*r, *pad[: width - len(r)])
        for r in (header if header is not None else pad, *rows)
    ]
    try:
        lines = ["| " + " | ".join(cells) + " |" for cells in table]
    except TypeError:  # a cell that is not a string
        lines = ["| " + " | ".join(table_cell(c) for c in cells) + " |" for cells in table]
    else:
        for i in _suspect_lines(lines, width):
            lines[i] = "| " + " | ".join(table_cell(c) for c in table[i]) + " |"
    lines.insert(1, "|" + " --- |" * width)
    return "\n".join(lines)


def assemble_blocks(source_type: str, blocks: Iterable[Block], **kwargs: Any) -> Document:
    """:func:`indexer.model.assemble` with the blocks rebuilt directly rather than through
    ``dataclasses.replace`` (a third of the HTML extractor's time); same result, tested."""
    parts: list[str] = []
    out: list[Block] = []
    line = 1
    for b in blocks:
        if not b.text and b.kind != IMAGE:
            continue
        if "item_lines" in b.meta:  # lines of the text it was read from (model.assemble)
            b = with_meta(b, {k: v for k, v in b.meta.items() if k != "item_lines"})
        text = b.text or f"[Image: {b.alt or ''}]"
        last = line + text.count("\n")
        out.append(relined(b, text, (line, last)))
        parts.append(text)
        line = last + 2
    return Document(source_type=source_type, blocks=tuple(out), text="\n\n".join(parts), **kwargs)


_FENCE_LINE = re.compile(r"^[ \t]*(```|~~~)", re.M)


def _fenced_spans(text: str) -> list[tuple[int, int]]:
    """Where each closed ``` or ~~~ fence runs, from its opening line to the start of its
    closing line: blank lines in there are part of the code, not breaks between blocks. A
    fence that is never closed is left out (it ends at the next blank line)."""
    fences = [(m.start(), m.group(1)) for m in _FENCE_LINE.finditer(text)]
    spans: list[tuple[int, int]] = []
    i = 0
    while i < len(fences):
        start, marker = fences[i]
        j = next((j for j in range(i + 1, len(fences)) if fences[j][1] == marker), None)
        if j is None:  # never closed: the fences after it open their own
            i += 1
            continue
        spans.append((start, fences[j][0]))
        i = j + 1
    return spans


#: a number set off by two spaces or a tab at the end of a line: a line number in the right margin
#: (two patterns, each starting with a literal, which the regex engine looks for quickly)
_MARGIN_NUMBER = (
    re.compile(r"  [ \t]*(\d{1,4})[ \t]*$", re.M),
    re.compile(r"\t[ \t]*(\d{1,4})[ \t]*$", re.M),
)
_MIN_STEP = 3  # verse is numbered every 5 lines, or 10, 4 or 3: not every line or every other


def margin_numbers(text: str) -> dict[int, str]:
    """The lines of ``text`` (1-based) that end in a line number in the right margin, each without
    its number: a poem numbered every few lines (``And the sun set      5``). A number counts only
    where another agrees with it: their numbers differ by the count of lines between them (blank
    lines not counted), every number is a multiple of the smallest such difference, at least 3
    (5, 10, 15), and counting back reaches line 1 at the first line of a stanza. A price list or
    a table of contents (a number on every line) gives nothing."""
    found = [(m.start(), int(m.group(1))) for pattern in _MARGIN_NUMBER for m in pattern.finditer(text)]
    if len(found) < 2 or len(found) * 2 > text.count("\n") + 1:
        return {}  # a number on more than every other line: no poem's numbering
    found.sort()
    lines = text.split("\n")
    ends = list(accumulate(len(line) + 1 for line in lines))  # past each line's newline
    written = list(map(bool, map(str.strip, lines)))
    before = list(accumulate(written, initial=0))  # the non-blank lines before each line
    poems: dict[int, list[tuple[int, int, int]]] = {}  # by the verse line numbered 1
    last = -1
    for pos, number in found:  # the leftmost match of a line: ``mill.  \t5`` matches twice
        i = bisect_right(ends, pos)
        if i != last and text[ends[i] - len(lines[i]) - 1 : pos].strip():  # after text on its line
            poems.setdefault(before[i] - number + 1, []).append((i, number, pos))
            last = i
    stanzas = {before[i] for i, w in enumerate(written) if w and (i == 0 or not written[i - 1])}
    out: dict[int, str] = {}
    for one, numbered in poems.items():
        if len(numbered) < 2 or one not in stanzas:
            continue
        step = min(b[1] - a[1] for a, b in pairwise(numbered))
        if step < _MIN_STEP or any(n % step for _i, n, _pos in numbered):
            continue  # a number on every line, or numbers off the step (5, 10, 15): figures
        for i, _number, pos in numbered:
            out[i + 1] = text[ends[i] - len(lines[i]) - 1 : pos]
    return out


def unnumbered(text: str) -> tuple[str, int]:
    """``text`` with a poem's line numbers in the right margin left out (:func:`margin_numbers`),
    and how many there were: for a reader that splits text in its own way."""
    margin = margin_numbers(text)
    if not margin:
        return text, 0
    lines = text.split("\n")
    for n, line in margin.items():
        lines[n - 1] = line
    return "\n".join(lines), len(margin)


#: a run of soft hyphens and the spaces or tabs around them (:func:`_shy_out`)
_SHY_RUN = re.compile(r"[ \t]*\xad[ \t\xad]*")


def _shy_out(text: str, collapse: bool) -> tuple[str, list[tuple[int, int, int]]]:
    """``text`` without its soft hyphens, and the runs it changed as (start, end, length kept).
    ``collapse``: white space read as a browser shows it, collapsed: a run of soft hyphens with
    spaces around it is one space between words (``a &shy; b`` is ``a b``, not ``a  b``) and none
    at the start or end of a line (``a &shy;`` is ``a``), where the reader had collapsed the text's
    own spaces already but the soft hyphen kept two apart."""
    runs: list[tuple[int, int, int]] = []
    parts: list[str] = []
    pos = 0
    for m in _SHY_RUN.finditer(text) if collapse else re.finditer("\xad+", text):
        start, end = m.span()
        kept = ""
        if collapse and m.group().strip("\xad"):  # a space in the run
            edge = start == 0 or end == len(text) or text[start - 1] == "\n" or text[end] == "\n"
            kept = "" if edge else " "
        parts += (text[pos:start], kept)
        runs.append((start, end, len(kept)))
        pos = end
    parts.append(text[pos:])
    return "".join(parts), runs


def _moved(runs: list[tuple[int, int, int]], offset: int, ends: bool = False) -> int:
    """Where ``offset`` in a text is once the runs of :func:`_shy_out` are changed: less the
    characters left out before it. An offset in a run (or at its edge) that starts some text (a
    quote, a paragraph of it) is after the space the run keeps, at the next word; one that ends
    some text (``ends``) is before it (a quote of ``s &shy;`` then `` z`` ends after the ``s``)."""
    out = offset
    for start, end, kept in runs:
        if start > offset or (ends and start == offset):
            break
        if offset > end or (offset == end and not ends):
            out -= end - start - kept
        else:
            out -= offset - start - (0 if ends else kept)
    return out


def without_soft_hyphens(block: Block, collapse: bool = False) -> Block:
    """The block without its soft hyphens (U+00AD, ``&shy;``): a browser or an editor shows one
    only where it breaks a word at the end of a line, and left in it cuts the word in two for a
    search (``Donau&shy;dampf&shy;schiff`` would not be found as Donaudampfschiff). ``collapse``:
    the spaces around them collapsed as a browser shows them (:func:`_shy_out`), for a reader that
    collapses white space (HTML, Markdown), except in a code block, which keeps its spaces."""
    collapse = collapse and block.kind != CODE

    def bare(text: str) -> str:
        return _shy_out(text, collapse)[0] if "\xad" in text else text

    meta = block.meta
    items = block.items
    keys = (ITEM_QUOTE_BREAKS, ITEM_TAILS, ITEM_PARAGRAPHS)  # offsets in the items' text, but the quotes'
    offsets = meta and any(meta.get(key) for key in (ITEM_QUOTES, ITEM_HEADINGS, *keys))
    moves = [_shy_out(i.text, collapse)[1] for i in items] if offsets else []  # only where read

    def at(k: int, offset: int, ends: bool = False) -> int:
        """An offset in item ``k``'s text, once its soft hyphens are out."""
        return _moved(moves[k], offset, ends)

    if meta.get(ITEM_QUOTES):  # the quotes in its items' text where that text is without them too
        quotes = tuple((k, at(k, start), at(k, end, ends=True)) for k, start, end in meta[ITEM_QUOTES])
        meta = {**meta, ITEM_QUOTES: quotes}
    if meta.get(ITEM_HEADINGS):  # so its headings, one of soft hyphens alone no heading
        moved = (
            (k, at(k, start), at(k, end, ends=True), level) for k, start, end, level in meta[ITEM_HEADINGS]
        )
        headings = tuple(heading for heading in moved if heading[1] < heading[2])
        meta = {**meta, ITEM_HEADINGS: headings}
        if not headings:
            meta = {key: value for key, value in meta.items() if key != ITEM_HEADINGS}
    for key in keys:  # so the other offsets in its items' text (a tail's item index after it as it is)
        if meta.get(key):
            meta = {**meta, key: tuple((k, at(k, offset), *rest) for k, offset, *rest in meta[key])}
    if meta.get(ITEM_PARAGRAPHS):  # a paragraph of soft hyphens alone shows none: no start of its own
        lengths = [len(bare(i.text).strip()) for i in items]
        starts = sorted({(k, at) for k, at in meta[ITEM_PARAGRAPHS] if 0 < at < lengths[k]})
        meta = {**meta, ITEM_PARAGRAPHS: tuple(starts)}
        if not starts:
            meta = {key: value for key, value in meta.items() if key != ITEM_PARAGRAPHS}
    text = bare(block.text)
    if block.kind == LIST and block.items:
        # an item of soft hyphens alone shows no word: an empty item, its line in the list's text
        # left out as an empty item's is (render_items), the lines left saying where they start
        lines = block.text.split("\n")
        kept = [n for n, line in enumerate(lines) if bare(line).strip() or not line.strip()]
        if len(kept) < len(lines):
            text = "\n".join(bare(lines[n]) for n in kept)
            if block.lines is not None:
                starts = meta.get("item_lines")
                if not starts or len(starts) != len(lines):
                    starts = range(block.lines[0], block.lines[0] + len(lines))
                meta = {**meta, "item_lines": tuple(starts[n] for n in kept)}
    rows = tuple(tuple(map(bare, row)) for row in block.rows)
    header = None if block.header is None else tuple(map(bare, block.header))
    if collapse and block.kind == TABLE and text != block.text:
        text = fast_render_table(header, rows)  # its cells' text (an empty cell's ``|  |``) as cells
    return replace(
        block,
        text=text,
        items=tuple(replace(i, text=t if (t := bare(i.text)).strip() else "") for i in block.items),
        rows=rows,
        header=header,
        alt=None if block.alt is None else bare(block.alt),
        meta=meta,
    )


def soft_hyphens_out(blocks: list[Block], collapse: bool = False) -> list[Block]:
    """The blocks without their soft hyphens (:func:`without_soft_hyphens`, ``collapse`` passed
    on), looked for in the blocks read (every HTML, Markdown and plain text reader's, the same
    text reading the same in each); a block of soft hyphens alone (and white space) is left out,
    as it shows nothing, unless every block is one: such a text is not empty, and gives a chunk
    that is not (SPEC §5), so it reads as written."""
    if not any("\xad" in b.text for b in blocks):
        return blocks
    bare = [without_soft_hyphens(b, collapse) if "\xad" in b.text else b for b in blocks]
    shown = [b for b, was in zip(bare, blocks, strict=True) if b.text.strip() or not was.text.strip()]
    return shown if any(b.text.strip() for b in shown) else blocks


def text_blocks(text: str, margin: dict[int, str] | None = None) -> list[Block]:
    """Blocks of plain text with ``lines`` relative to ``text``. ``margin``: lines (1-based) to
    read as the given text instead (a line without its margin number)."""
    reader = _Reader(text)
    line = 1
    pos = 0
    spans = _fenced_spans(text) if "```" in text or "~~~" in text else []
    k = 0  # the first fenced span that may hold a blank line still to come
    for m in _BLANK.finditer(text):
        if spans:
            while k < len(spans) and spans[k][1] <= m.start():
                k += 1
            if k < len(spans) and spans[k][0] < m.start():
                continue  # a blank line inside a fence
        chunk = text[pos : m.start()]
        _read_chunk(reader, chunk, line, margin)
        line += chunk.count("\n") + m.group().count("\n")
        pos = m.end()
    _read_chunk(reader, text[pos:], line, margin)
    return soft_hyphens_out(reader.blocks)


def _read_chunk(reader: _Reader, chunk: str, line: int, margin: dict[int, str] | None = None) -> None:
    if not chunk.strip():
        return
    lines = chunk.split("\n")
    if margin:
        lines = [margin.get(n, ln) for n, ln in enumerate(lines, line)]
    # a group may start with whitespace-only lines (text starting with blank lines)
    while lines and not lines[0].strip():
        lines.pop(0)
        line += 1
    while lines and not lines[-1].strip():
        lines.pop()
    reader.group([ln.rstrip() for ln in lines], line)


@extractor(
    ".txt",
    name="text",
    version="18",  # 2: wrapped list lines go on with their item; "0) …" after a wrapped line is text
    # fences run across blank lines; a rule far longer than the line above or under "--" is no underline
    # 3: a poem's line numbers in the right margin are left out of its lines
    # 4: no heading in capitals or after "#" in a program's text, none after a comment marker
    # 5: a vCard's or an iCalendar's lines paragraphs, "BEGIN:VCARD" no heading
    # 6: a vCard's or an iCalendar's folded lines unfolded, quoted-printable values decoded, a
    # base64 picture an image, any other base64 value a skipped entry, never text
    # 7: a vCard's or an iCalendar's text is its properties as read (no base64 value, lines
    # unfolded, quoted-printable values decoded), the lines of its blocks counted in it
    # 8: a paragraph's lines indented in steps (a program, verse, an outline) keep that indentation
    # a line of one letter repeated (XXXXXXXX) no heading in capitals
    # 9: UTF-8 text encoded twice (read as windows-1252 or latin-1 and written out) read as written
    # 10: legacy text without a BOM or charset read in the code page that reads it cleanly
    # (windows-1250, windows-1251, KOI8-R, Shift_JIS, EUC-JP …), not always as windows-1252
    # 11: an ordered item keeps the number typed before it ("5." is 5): a list started at 5 renders from 5
    source_type="txt",
    libraries=("charset-normalizer",),
    images=True,
    # 12: soft hyphens (U+00AD) left out of the blocks, as an HTML page's and a Markdown file's are
    # (a block of them alone left out, a text of them alone read as written)
    # 13: legacy text without a BOM or charset: Polish with only ę and ń, Hungarian, Turkish
    # (windows-1254), Hebrew (windows-1255), ISO-8859-2 and kanji-only EUC-JP read in their code page
    # 14: legacy text without a BOM or charset: Greek (windows-1253, ISO-8859-7), Baltic (windows-1257) and
    # Arabic (windows-1256, ISO-8859-6) read in their code page; a word or short line whose bytes tell
    # ("Poznań", "Київ", "北海道") no longer misread
    # 15: UTF-32 without a BOM read as UTF-32 (was UTF-8, three NULs after each character)
    # legacy text without a BOM or charset: Ukrainian in KOI8-U, Persian in windows-1256 (پ چ ژ گ, the
    # Arabic question mark and comma, the zero-width non-joiner), Greek in capitals without accents read
    # in their code page
    # legacy text: a word opened by ð or ğ, an ì or ù before a letter, a þ after a vowel:
    # signs of a wrong reading ("Šeštadienį", "České Budějovice", "Kadıköy, Beşiktaş" in
    # windows-1257, -1250, -1254 no longer windows-1252)
    # 16: legacy text without a BOM or charset: Greek capitals no longer read as KOI8-R, whose small Russian
    # letters then show я or й before a vowel, г or гс closing a word after a consonant, оу closing a word:
    # signs of a wrong reading, as are a Croatian đ opening a word before no vowel, a Romanian ţ before a
    # consonant and an ò closing a word after a vowel ("ΠΡΟΣΟΧΗ", "Šiauliai", "Şişli", "Plzeň" in
    # windows-1253, -1257, -1254, -1250 no longer KOI8-R, windows-1250, -1250, -1252);
    # legacy text: an œ closing a word or before w, r, m, z, a Polish ś, ź or ń before a vowel: signs of a
    # wrong reading (Polish "Wyświetla informację", "wartości" in windows-1250 no longer windows-1252, French
    # "cœur", "mœurs" in windows-1252 no longer windows-1250);
    # legacy text: a Slovak ť or Ť, a č, an è, an æ, an ê, an œ after a vowel and an ã met where their
    # languages do not write them: signs of a wrong reading (French "système" and German and French « » in
    # windows-1252 no longer windows-1250 or ISO-8859-2; Croatian "način", "će", Polish "narzędzia", "być",
    # Romanian "următorul", "dacă" in windows-1250 no longer windows-1252); Icelandic letters costed by their
    # frequency (Turkish "Ayrıntılı" in windows-1254 no longer windows-1252);
    # legacy text: an õ, an û, an ø, an ì and an è met where their languages do not write them: signs of a
    # wrong reading (Hungarian "mező", "betűi", Czech "při", "volitelně", "účty", "členové" in windows-1250 no
    # longer windows-1252); Icelandic costing more than the other languages of windows-1252 (Turkish
    # "kullanıldığında" in windows-1254 no longer windows-1252)
    # 17: legacy text: six Cyrillic consonants in a row, an ы or ь opening a word or after a vowel, a й after
    # a consonant, a ъ closing a word, a Greek ϊ or ϋ after no vowel, a Greek ψ or ρ closing a word after a
    # consonant, a Hebrew כ, מ, נ, פ or צ closing a word and a × or ÷ beside a letter beyond ASCII: signs of a
    # wrong reading (Russian "программой", "это", "без" in KOI8-R no longer windows-1251, "запускаться" no
    # longer windows-1253, "все" no longer windows-1252; Ukrainian "майбутня", "щодо" and Serbian "опште",
    # "тачно" in windows-1251 no longer KOI8-R, windows-1255, KOI8-R, windows-1252)
    # legacy text without a BOM or charset: a ý after c, j or y, a þ after c or before i and a vowel, an ê
    # after j, k or w, a ţ closing a word after an i that opens it or follows a vowel and a letter, a ē before
    # a vowel, an ã closing a word after nt, ct, ps or pl and a Hebrew point on a Latin letter: signs of a
    # wrong reading (Turkish "dosyayı", "geniş", "seçeneği" in windows-1254 no longer windows-1252, -1250,
    # -1257; Romanian "acţiune", "curentă" and Polish "opcję" in windows-1250 no longer windows-1252; Spanish
    # "despuÃ" in windows-1252 no longer windows-1255)
    # legacy text without a BOM or charset: a þ after a vowel and before a vowel, r, j or v is no longer a
    # sign of a wrong reading in a word with an é, í, ó, ú or an á or æ before a letter (Icelandic "óþekkt",
    # "íþrótt", "milliþjóns", "Táknmyndaþema" in windows-1252 no longer windows-1250, -1257 or -1254); an î
    # before b, g, j, k, p, v, z or a d not before j, and an â before a d and a vowel but e are signs of a
    # wrong reading (Latvian "darbību", "derīgs", "kādu" in windows-1257 no longer windows-1252)
    # a list item of soft hyphens alone an empty item: no blank line in the list's text, the lines left
    # saying where they start (item_lines)
    # 18: legacy text without a BOM or charset: Hebrew stored in visual order (each word reversed, opening
    # with its final letter) read in windows-1255, its final letters no longer signs of a wrong reading there;
    # a geresh or gershayim after a Hebrew letter no longer a stray sign ("ארה״ב", "ראה דו״ח מס׳ 12", "ג׳ירפה
    # וצ׳יפס" and visual "ץבוקה תא חותפל ןתינ אל" in windows-1255 no longer windows-1256, windows-1251,
    # GB18030 or KOI8-R)
    # legacy text without a BOM or charset: a small э, щ or ч closing a word after two capitals and a word of
    # four small Cyrillic consonants or more (no р, no ъ) are signs of a wrong reading (Greek "μετά",
    # "περιοχή", "Ρόλος" in windows-1253 no longer KOI8-R or windows-1251)
    # cards (.vcf): a charset label naming one of Python's codecs that read no text (base64, rot13, hex, zlib,
    # idna, undefined) read as no charset (a page's meta charset or XML encoding, a card's CHARSET), no longer
    # failing the file
)
def extract_text(data: bytes, ctx: ExtractContext) -> Document:
    text, _ = decode_document(data)
    if PROPERTY_LINES.match(text):
        # a card or a calendar (a .vcf or .ics file, or one attached to a mail) is its properties
        # as they are read: its text theirs, not the file's, whose base64 values (a photo, a
        # logo) are no text and whose folded and quoted-printable lines are not yet the values
        blocks, images, skipped = property_blocks(text)
        return assemble(
            "txt",
            blocks,
            images=tuple(images),
            metadata={"source_type": "txt"},
            coverage=Coverage(images_extracted=len(images), skipped=tuple(skipped)),
        )
    margin = margin_numbers(text)
    blocks = text_blocks(text, margin) if text.strip() else []
    return Document(
        source_type="txt",
        blocks=tuple(blocks),
        text=text,
        metadata={"source_type": "txt"},
        coverage=Coverage(headers_footers_removed=("margin line numbers",) if margin else ()),
    )
