"""From PDF text lines to blocks: running headers/footers, paragraphs, lists and headings.

Everything here works on :class:`~indexer.formats._pdf_lines.Line` values and is pure; the pdfium
and pdfplumber calls live in the other ``_pdf_*`` modules.
"""

from __future__ import annotations

import math
import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import islice, pairwise
from operator import itemgetter
from typing import NamedTuple

from .._fast import new_block
from ..model import (
    CODE,
    HEADING,
    IMAGE,
    LIST,
    OWN_MARKERS,
    PAGE_BREAKS,
    PAGE_END,
    PARAGRAPH,
    Block,
    ListItem,
    freeze,
    render_list,
)
from ._numerals import ROMAN, roman_value
from ._pdf_lines import UPRIGHT_ABOVE, UPRIGHT_BELOW, Line, Words, hyphen_stays

#: Share of the page height at the top and at the bottom where running headers and footers live.
MARGIN_SHARE = 0.15
#: A page number set apart below the body may sit higher, within this share of the page height
#: (LaTeX's article class puts it 17.5 % up an A4 page)
NUMBER_SHARE = 0.25
#: A header/footer text must recur on at least this share of the pages with text (and on 2),
#: or on this share of the odd or of the even pages with text (and on 3).
REPEAT_SHARE = 0.4
SIDE_SHARE = 0.6
_NOT_ALNUM = re.compile(r"[^\w#]+")

_DIGITS = re.compile(r"\d+")
#: what may stand around a page number, at most NUMBER_DECOR characters on either side
#: (``- 5 -``, ``— ii —``, ``| 7``, ``5.``)
_DECOR = " -–—|."
NUMBER_DECOR = 3
_PAGE_NUMBER = re.compile(r"^(?:page|p\.|seite|pág\.?|página)?\s*#(?:\s*(?:of|/|de|von)\s*#)?$")
_BULLET = re.compile(
    r"^([\u2022\u2023\u25e6\u2043\u2219\u25aa\u25ab\u25cf\u25cb\u25a0\u25a1\u27a2\u2713\u2714*\-\u2013\uf0b7\uf0a7\uf0d8\uf0fc])\s+([^\s\-\u2013*].*)$"
)
_ORDERED = re.compile(r"^(\(?(?:\d{1,3}|[a-zA-Z]|[ivxIVX]{1,4})[.)]|\[\d{1,3}\])\s+(\S.*)$")
#: the marks that end a sentence at a line's end for the paragraph rules: a stop, a question or an
#: exclamation mark, a colon or a semicolon, half-width or full-width (。 ． ｡ ！ ？ ： ；); a short line
#: ending in a colon or a semicolon ends its paragraph as one ending in a stop does (an introduction to a
#: list, a clause of one)
_SENTENCE_END = tuple(".!?:;\u3002\uff0e\uff61\uff01\uff1f\uff1a\uff1b")
#: the closing quotes and brackets that may follow a sentence's end (。」 ？” ！） end.” end.))
_CJK_CLOSERS = "\u300d\u300f\u201d\u2019\uff09\u300b\u3009\u3011\u3015\u3017\uff3d\uff5d\"')]"
#: the marks of two characters that end a sentence of CJK text cut short: an ellipsis, a dash
_CJK_BREAKS = ("\u2026\u2026", "\u2014\u2014")
#: the meta of a list block: its items' text keeps the marker printed before each
_OWN_MARKERS = freeze({OWN_MARKERS: True})
#: The characters _BULLET accepts first (none of them can start an _ORDERED marker).
_BULLET_FIRST = frozenset(
    "\u2022\u2023\u25e6\u2043\u2219\u25aa\u25ab\u25cf\u25cb\u25a0\u25a1\u27a2\u2713\u2714*-\u2013\uf0b7\uf0a7\uf0d8\uf0fc"
)


def _marker(text: str) -> re.Match | None:
    """``_BULLET.match(text) or _ORDERED.match(text)``, skipping a regex that cannot match: an
    ordered marker starts with ``[`` or has its ``.`` or ``)`` within the first six characters."""
    if text[0] in _BULLET_FIRST:
        return _BULLET.match(text)
    head = text[:6]
    if "." in head or ")" in head or text[0] == "[":
        return _ORDERED.match(text)
    return None


class PageGeometry(NamedTuple):
    """A page's number and box (PDF user space); a tuple, made once a page at less cost than a
    frozen dataclass."""

    number: int
    bottom: float
    top: float
    left: float
    right: float

    @property
    def height(self) -> float:
        return max(self.top - self.bottom, 1.0)


def _key(text: str) -> str:
    return _DIGITS.sub("#", " ".join(text.lower().split()))


def _is_page_number(text: str) -> bool:
    return _is_page_number_key(_key(text))


def _is_page_number_key(key: str) -> bool:
    """``_is_page_number`` of a text whose ``_key`` is ``key``: a number (``#``, ``page # of #``)
    or a roman one, between a few dashes, bars or dots at most (the ``- - - … - x`` rule of a
    court transcript's caption is no page ``x``)."""
    core = key.strip(_DECOR)
    if len(key) - len(core) > NUMBER_DECOR and (
        len(key) - len(key.lstrip(_DECOR)) > NUMBER_DECOR or len(key) - len(key.rstrip(_DECOR)) > NUMBER_DECOR
    ):
        return False  # (the first test is the cheap one: most keys carry no decoration)
    return bool(_PAGE_NUMBER.match(core)) or bool(ROMAN.match(core))


def _margin_lines(lines: Sequence[Line], geo: PageGeometry) -> list[tuple[int, str, bool]]:
    """Up to five lines nearest the top and five nearest the bottom, inside the margins, each with
    its zone key (a header only matches headers, a footer only footers; its letters, ``#`` for
    numbers, so that spacing and punctuation, which OCR varies from page to page, do not count)
    and whether it is a page number (``_is_page_number_key`` of its text's key, worked out once
    here for the several passes over the candidates)."""
    zone = MARGIN_SHARE * geo.height
    high, low = geo.top - zone, geo.bottom + zone
    near_top = []
    near_bottom = []
    lowest = None
    for i, ln in enumerate(lines):
        top, angle = ln.top, ln.angle
        if angle < UPRIGHT_BELOW or angle > UPRIGHT_ABOVE:  # Line.upright, inlined
            if top >= high:
                near_top.append((top, i))
            if ln.base <= low:
                near_bottom.append((top, i))
            elif lowest is None or ln.base < lines[lowest].base:
                lowest = i
    if not near_bottom and lowest is not None:
        near_bottom = _number_below(lines, lowest, geo)
    out = []
    # the five highest and the five lowest; the line index makes every entry distinct, so a sort
    # gives what heapq.nlargest and nsmallest give, with less overhead on a handful of lines
    near_top.sort(reverse=True)
    for _, i in near_top[:5]:
        key = _key(lines[i].text)
        out.append((i, "top:" + _NOT_ALNUM.sub("", key), _is_page_number_key(key)))
    tops = {i for i, _, _ in out}
    near_bottom.sort()
    for _, i in near_bottom[:5]:
        if i not in tops:
            key = _key(lines[i].text)
            out.append((i, "bottom:" + _NOT_ALNUM.sub("", key), _is_page_number_key(key)))
    return out


def top_down(
    lines: Sequence[Line], geo: PageGeometry, gone: set[int] | frozenset[int] = frozenset()
) -> list[int]:
    """The order in which to read the lines of a file's only page (indices into ``lines``): as
    the file gives them, but for a run of lines in the head margin standing over the lines given
    before it (above them all, over some of them), read first, and a run in the foot margin
    standing under the lines given after it, read last. A running header or footer is furniture
    only where other pages repeat it: on the only page it stays, where the page sets it
    (nics-background-checks-2015-11.pdf gives its title after its table, an errata sheet its
    footer before its body). A column starting higher than the one before it stands beside it,
    over none of its lines. Only upright lines move past upright ones: on a page turned by its
    text's rotation, top and bottom are sides. ``gone``: the lines left out of the text, which
    neither move nor hold a run back."""
    order = list(range(len(lines)))
    zone = MARGIN_SHARE * geo.height
    high, low = geo.top - zone, geo.bottom + zone
    read = [i for i in order if i not in gone]
    ceiling = math.inf  # the highest top of the lines given before (none yet: no run)
    for k, i in enumerate(read):
        ln = lines[i]
        if not ln.upright:
            break
        # the first tests are the cheap ones: they fail for all but a line in the head margin
        # over all the lines before (a page whose lines come bottom-up is not asked again and again)
        if (
            ln.base >= high
            and ln.base > ceiling
            and _stands(ln, before := [lines[j] for j in read[:k]], high, up=True)
        ):
            end = k + 1
            while end < len(read) and _stands(lines[read[end]], before, high, up=True, over=False):
                end += 1
            read = read[k:end] + read[:k] + read[end:]
            break
        ceiling = ln.top if k == 0 else max(ceiling, ln.top)
    floor = -math.inf  # the lowest base of the lines given after
    for k in range(len(read) - 1, -1, -1):
        ln = lines[read[k]]
        if not ln.upright:
            break
        if (
            ln.top <= low
            and ln.top < floor
            and _stands(ln, after := [lines[j] for j in read[k + 1 :]], low, up=False)
        ):
            start = k
            while start > 0 and _stands(lines[read[start - 1]], after, low, up=False, over=False):
                start -= 1
            read = read[:start] + read[k + 1 :] + read[start : k + 1]
            break
        floor = ln.base if k == len(read) - 1 else min(floor, ln.base)
    if read == [i for i in order if i not in gone]:
        return order
    # the lines left out keep their places among the others
    moved = iter(read)
    return [i if i in gone else next(moved) for i in order]


#: a line beside another shares its row when their baselines are this share of the larger
#: size apart at most
ROW_BASE = 0.3
#: a line stands alone in the file's order when the lines given just before and after it in its
#: column are further than this many of its sizes above or below it
STRAY_REACH = 2.5


def beside_rows(
    lines: Sequence[Line], order: list[int] | None, gone: set[int] | frozenset[int]
) -> list[int] | None:
    """``order`` (indices into ``lines``; None for the lines' own order) with each line the file
    gives apart from its row, ahead of lines standing above it, moved beside the line it shares
    its row with: right after it when it stands right of it, else right before it; ``order`` as
    it is when none moves. issue-71-duplicate-chars.pdf (a CV) draws the right-hand texts of
    three rows first: ``计算机科学与技术（应用技术） 本科`` beside ``北京师范大学珠海分校``,
    ``-1 高中`` beside ``青岛理工大学`` and ``微软`` left of ``培训课程：…`` at the foot, read at the
    top of the page. A line moves only when it is alone in the file's order: the lines given
    just before and after it stand elsewhere (a column given whole before the one beside it
    keeps its order, its lines a line's pitch apart), and only past a line given after it that
    stands above it, upright lines both; and only among the lines the page opens with (a
    formula's or a figure's pieces given out of order further on stay as they are)."""
    given = list(range(len(lines))) if order is None else list(order)
    read = [i for i in given if i not in gone]
    strays = []
    for k in range(len(read)):
        ln = lines[read[k]]
        partner = _row_partner(lines, read, k) if ln.upright else None
        if partner is None:
            break
        strays.append((read[k], partner))
    if not strays or lines[read[len(strays)]].top < max(lines[i].top for i in read):
        return order  # the page's text is read from its top line on, after the strays only
    read = read[len(strays) :]
    for i, partner in strays:
        at = read.index(partner)
        read.insert(at + 1 if lines[i].left > lines[partner].right else at, i)
    rest = iter(read)
    return [i if i in gone else next(rest) for i in given]


def _row_partner(lines: Sequence[Line], read: Sequence[int], k: int) -> int | None:
    """The line given after ``read[k]`` whose row it shares, when it is a stray (see
    :func:`beside_rows`), else None."""
    ln = lines[read[k]]
    if not _has_letters(ln.text, 2):
        return None  # a figure's label or mark
    reach = STRAY_REACH * ln.size
    for j in (k - 1, k + 1):
        if 0 <= j < len(read):
            other = lines[read[j]]
            if other.left < ln.right and ln.left < other.right and abs(other.base - ln.base) <= reach:
                return None  # a line of a column given in its order
    above = False
    for j in range(k + 1, len(read)):
        other = lines[read[j]]
        if not other.upright:
            return None
        if abs(other.base - ln.base) <= ROW_BASE * max(ln.size, other.size) and (
            other.right < ln.left or ln.right < other.left
        ):
            return read[j] if above and _has_letters(other.text, 2) else None
        above = above or other.base > ln.top
    return None


def foot_top_down(
    lines: Sequence[Line], order: list[int] | None, geo: PageGeometry, gone: set[int] | frozenset[int]
) -> tuple[list[int] | None, set[int]]:
    """``order`` (indices into ``lines``; None for the lines' own order) with each run of lines in
    the foot margin that the file gives from the lowest up read top-down, as they sit on the
    page, and the lines of those runs; ``order`` as it is when none moves. Google Docs draws its
    footnotes last first (``3 2020 estimate``, ``2 …``, ``1 2021 estimate``). A run is two or
    more upright lines, one after the other but for the lines left out (``gone``), each standing
    wholly above the one before it and over some of its width. A file draws a paragraph's lines
    from the top: lines drawn one by one from the lowest up are notes, each read as a paragraph
    of its own (``group_page``'s ``alone``)."""
    low = geo.bottom + MARGIN_SHARE * geo.height
    given = range(len(lines)) if order is None else order
    read = [i for i in given if i not in gone]
    out = list(read)
    alone: set[int] = set()
    k = 0
    while k < len(read):
        end = k + 1
        first = lines[read[k]]
        if first.top <= low and first.upright:
            while end < len(read) and _rises(lines[read[end - 1]], lines[read[end]], low):
                end += 1
        if end - k > 1:
            out[k:end] = reversed(read[k:end])
            alone.update(read[k:end])
        k = end
    if not alone:
        return order, alone
    moved = iter(out)
    return [i if i in gone else next(moved) for i in given], alone


def _rises(below: Line, ln: Line, low: float) -> bool:
    """Whether ``ln``, upright and in the foot margin (its top at ``low`` or under), stands wholly
    above ``below`` and over some of its width."""
    return (
        ln.upright
        and ln.top <= low
        and ln.base > below.top
        and min(ln.right, below.right) > max(ln.left, below.left)
    )


def rejoin_rows(lines: Sequence[Line], gone: set[int]) -> tuple[Sequence[Line], set[int]]:
    """``lines`` and ``gone`` (the lines left out) with the two texts of each row whose middle was
    left out joined (a page number centred between a footer's title and its date, which pdfium
    gives as one line and ``_pdf_lines`` cut in three): ``Sharn: City of Towers Errata
    03/07/2005``, one line again, reads on into the copyright line under it as one footer, where
    the date alone had started a paragraph of its own. Of two lines read one after the other,
    the second takes the text of both and the first is left out (a row of three pieces joins
    whole). The arguments are returned as they are when no row is joined."""
    if not gone:
        return lines, gone
    left_out = [lines[i] for i in gone]
    out: list[Line] | None = None
    kept = [i for i in range(len(lines)) if i not in gone]
    for k, n in pairwise(kept):
        before, after = (out or lines)[k], lines[n]
        if (
            before.upright
            and after.upright
            and before.right < after.left
            and abs(after.size - before.size) <= 0.6
            and abs(after.base - before.base) < 0.3 * before.size
            and any(
                abs(m.base - before.base) < 0.3 * before.size
                and before.right < m.left
                and m.right < after.left
                for m in left_out
            )
        ):
            if out is None:
                out, gone = list(lines), set(gone)
            out[n] = before._replace(
                text=f"{before.text} {after.text}", right=after.right, last_base=after.last_base
            )
            gone.add(k)
    return (lines, gone) if out is None else (out, gone)


def _stands(ln: Line, others: Sequence[Line], margin: float, up: bool, over: bool = True) -> bool:
    """Whether ``ln`` is upright and, going ``up``, in the head margin (from ``margin`` up) above
    every line of ``others`` and (``over``) over one of them below the margin, else in the foot
    margin (from ``margin`` down) below every one and under one of them above the margin. Lines
    of the margin alone are left in their order (``foot_top_down`` turns the footnotes a file
    gives from the lowest up); the lines of a run after its first need not stand over the others
    (a footer's date at the right edge beyond a column's text)."""
    if not ln.upright or not all(o.upright for o in others):
        return False
    if up:
        if ln.base < margin or any(ln.base <= o.top for o in others):
            return False
        body = [o for o in others if o.base < margin]
    else:
        if ln.top > margin or any(ln.top >= o.base for o in others):
            return False
        body = [o for o in others if o.top > margin]
    return not over or any(min(ln.right, o.right) > max(ln.left, o.left) for o in body)


def _number_below(lines: Sequence[Line], i: int, geo: PageGeometry) -> list[tuple[float, int]]:
    """``[(top, i)]`` when line ``i``, the page's lowest, is a page number in the bottom
    NUMBER_SHARE of the page, alone on its baseline and at least two of its sizes below every
    other line; else ``[]``."""
    number = lines[i]
    if number.base > geo.bottom + NUMBER_SHARE * geo.height or not _is_page_number(number.text):
        return []
    above = number.base + 2.0 * number.size
    if any(ln.base < above for n, ln in enumerate(lines) if n != i):
        return []
    return [(number.top, i)]


def find_running(
    pages: Sequence[Sequence[Line]],
    geos: Sequence[PageGeometry],
    others: Sequence[int] = (),
    page_labels: Sequence[str] = (),
) -> tuple[list[set[int]], tuple[str, ...]]:
    """Lines to drop per page (running headers/footers, page numbers, margin stamps) and their
    labels; ``others``: the number of the page's other things, not among ``pages``: lines read in
    tables and pictures; ``page_labels``: the pages' labels in the file (``/PageLabels``, empty
    where it gives none)."""
    candidates = [_margin_lines(lines, geo) for lines, geo in zip(pages, geos, strict=True)]
    seen: Counter[str] = Counter()
    # books set one header on left-hand pages and another on right-hand ones: each is also
    # counted among the pages of its parity
    by_side: tuple[Counter[str], Counter[str]] = (Counter(), Counter())
    for n, idxs in enumerate(candidates):
        keys = {key for _, key, _ in idxs}
        seen.update(keys)
        by_side[n % 2].update(keys)
    with_text = sum(1 for lines in pages if lines)
    need = max(2, math.ceil(REPEAT_SHARE * with_text))
    need_side = [
        max(3, math.ceil(SIDE_SHARE * sum(1 for lines in pages[side::2] if lines))) for side in (0, 1)
    ]
    in_runs = _runs(pages, candidates, max(RUN_PAGES, math.ceil(RUN_SHARE * with_text)))
    titles = _repeated_titles(pages, geos)
    heads = _numbered_heads(pages, candidates, with_text)
    numbers = _page_numbers(pages, candidates, geos, page_labels)
    # a number off the pages' sequence set in one place on many pages (a form's number in its
    # corner) is furniture as a repeated line is: counted by its digits, not by its key's ``#``
    same: Counter[tuple[str, str]] = Counter()
    for n, idxs in enumerate(candidates):
        same.update({(key, pages[n][i].text.strip()) for i, key, numbered in idxs if numbered})
    drop: list[set[int]] = []
    labels: dict[str, str] = {}
    numbered_pages = 0
    head_pages = 0
    for n, (lines, idxs, geo) in enumerate(zip(pages, candidates, geos, strict=True)):
        gone: set[int] = set()
        repeated: dict[int, str] = {}
        side = n % 2
        for i, key, numbered in idxs:
            if (n, i) in numbers:
                gone.add(i)
            elif numbered:
                if with_text >= 2 and same[key, lines[i].text.strip()] >= need:
                    repeated[i] = key
                # else a number off the pages' sequence: text (a table's cell, a formula's index)
            elif with_text >= 2 and (seen[key] >= need or by_side[side][key] >= need_side[side]):
                repeated[i] = key
            elif (n, i) in heads:
                repeated[i] = ""  # listed as one entry
            elif (n, i) in in_runs:
                repeated[i] = key
        for i in titles.get(n, ()):
            repeated.setdefault(i, "title:" + _title_words(lines[i].text))
        for i in [i for i in repeated if _table_row(lines, i)]:
            del repeated[i]
        numbered_pages += bool(gone)
        stamps: dict[str, str] = {}
        gone |= _margin_stamps(lines, geo, stamps)
        # a repeated line is furniture only next to other text (a table's too) or a picture: the
        # only line(s) of a page (a title repeated on each of a few short pages) are its text,
        # but a footer under a full-page advertisement is the footer of the pages around it
        # (non_ascii_text.pdf p. 16)
        if repeated and len(gone | repeated.keys()) < len(lines) + (others[n] if n < len(others) else 0):
            gone |= repeated.keys()
            for i, key in repeated.items():
                if key:
                    labels.setdefault(key, lines[i].text)
            head_pages += "" in repeated.values()
        for key, text in stamps.items():
            labels.setdefault(key, text)
        drop.append(gone)
    out = list(labels.values())
    if head_pages:
        out.append(f"running heads with page numbers ({head_pages} page{'s' if head_pages != 1 else ''})")
    if numbered_pages:
        out.append(f"page numbers ({numbered_pages} page{'s' if numbered_pages != 1 else ''})")
    return drop, tuple(out)


#: a margin line's number at its start or end (a running head's page number, ``47699 Federal …``)
_EDGE_DIGITS = re.compile(r"^(\d{1,6})\s|\s(\d{1,6})$")


def _number_value(text: str) -> int | None:
    """The value of a page number that is a number alone (``7``, ``- 7 -``, ``xiv``), -1 for one
    of more than nine digits (no page's); None for one that says what it is (``Page 7``,
    ``7 of 12``, ``3 / 37``)."""
    core = text.strip(_DECOR).strip()
    if core.isdecimal():
        return int(core) if len(core) <= 9 else -1
    return roman_value(core.lower())


def _page_numbers(
    pages: Sequence[Sequence[Line]],
    candidates: Sequence[list],
    geos: Sequence[PageGeometry] = (),
    labels: Sequence[str] = (),
) -> set[tuple[int, int]]:
    """``(page index, line index)`` of the margin lines that are page numbers. One that says so
    (``Page 7``, ``7 of 12``) is one; a number alone must fit the pages' sequence: its value less
    the page's number (from 1) is the same for a number of another page (a number alone or one
    starting or ending a margin line, as a running head's), and no number of its own page fits
    the sequence of more pages. A number alone that no other page's supports (a table's ``1`` in
    the bottom margin, a telephone number in a footer's place, a total under its label on a
    one-page file) is text, unless it is the page's number set as one (``_own_number``): the
    only page of a file, or the only numbered page after a cover, has no other to fit with."""
    offsets: dict[int, set[int]] = {}  # value less the page number → pages with such a number
    # (page index, line index, offset, zone, how it shares its baseline: "" alone, "beside" a
    # footer's text saying it is one, "between" a footer's texts)
    alone: list[tuple[int, int, int, str, str]] = []
    explicit: set[tuple[int, int]] = set()
    per_page: list[list[int]] = [[] for _ in pages]
    for n, idxs in enumerate(candidates):
        lines = pages[n]
        for i, key, numbered in idxs:
            text = lines[i].text
            if numbered:
                value = _number_value(text)
                beside = ""
                if value is None:
                    ln = lines[i]
                    if len(_row(lines, ln.base, ln.size)) == 1:
                        explicit.add((n, i))
                        continue
                    # set apart beside a footer's text on its baseline (``Company confidential
                    # … Page 3``): it must fit the pages' sequence as a number alone does, which
                    # a contents entry's ``Page 120`` in the foot does not, and be no table's cell
                    if _table_row(lines, i):
                        continue
                    value = int(_DIGITS.search(text).group())
                    beside = "beside"
                elif _between(lines, i):
                    # a footer's number set apart between its texts (``Errata 1 03/07/2005``):
                    # no table's cell
                    if _table_row(lines, i):
                        continue
                    beside = "between"
                if value < 0:
                    continue
                alone.append((n, i, value - n - 1, key[:3], beside))
            elif text[0].isdigit() or text[-1].isdigit():
                match = _EDGE_DIGITS.search(text)
                if match is None:
                    continue
                value = int(match.group(1) or match.group(2))
            else:
                continue
            offsets.setdefault(value - n - 1, set()).add(n)
            per_page[n].append(value - n - 1)
    if not alone:
        return explicit
    out = explicit
    for n, i, offset, zone, beside in alone:
        support = len(offsets[offset])
        if not all(len(offsets[o]) <= support for o in per_page[n]):
            continue
        label = labels[n] if n < len(labels) else ""
        if support >= 2 or (
            n < len(geos) and _own_number(pages[n], i, geos[n], offset + n + 1, n, label, zone, beside)
        ):
            out.add((n, i))
    return out


def _own_number(
    lines: Sequence[Line],
    i: int,
    geo: PageGeometry,
    value: int,
    index: int,
    label: str,
    zone: str,
    beside: str = "",
) -> bool:
    """Whether the number alone ``lines[i]`` (of value ``value``), which no other page's number
    supports, is its page's own: it counts the page from the first (``index`` + 1, ``index`` the
    page's index from 0) or from after a cover (``index``), or it is the page's label in the
    file; and it is set as a page number is: apart
    from the body (at least two of its sizes beyond every other line, toward the page's
    ``zone`` edge: nothing else in that margin, but for lines beyond it when it is the page's
    label), centred on the page or on the text, or at the text's left or right edge. A table's
    total or a figure's number stands among other lines. ``beside``: "beside" when it says it is
    a page number (``Page 1``) and shares its baseline with the text of a footer or header, which
    stands toward the edge no more than it does; "between" when it stands apart between a
    footer's texts on its baseline, in the foot margin, where it must be centred on the page and
    lines under it are the footer's (a copyright line)."""
    label_value = _number_value(label) if label else None
    if value < 1 or value not in (index, index + 1, label_value):
        return False
    number = lines[i]
    if beside == "between":
        middle = (number.left + number.right) / 2
        return (
            zone == "bot"
            and number.base <= geo.bottom + MARGIN_SHARE * geo.height
            and abs(middle - (geo.left + geo.right) / 2) <= 0.05 * (geo.right - geo.left)
        )
    gap = 2.0 * number.size
    others = [ln for n, ln in enumerate(lines) if n != i]
    if not others:
        return False
    row = _row(lines, number.base, number.size) if beside else []
    edge = [ln for ln in others if not any(ln is r for r in row)]
    # a line beyond it toward the edge is allowed where the file's label gives the number (a
    # reporter's name printed under a transcript's page number): nothing else proves it
    labelled = value == label_value
    if zone == "bot":
        if any(ln.base < number.base + gap and (not labelled or ln.base >= number.base) for ln in edge):
            return False
    elif any(ln.base > number.base - gap and (not labelled or ln.base <= number.base) for ln in edge):
        return False
    middle = (number.left + number.right) / 2
    left = min(ln.left for ln in others)
    right = max(ln.right for ln in others)
    return (
        abs(middle - (geo.left + geo.right) / 2) <= 0.05 * (geo.right - geo.left)
        or abs(middle - (left + right) / 2) <= 2 * number.size
        or number.left <= left + number.size
        or number.right >= right - number.size
    )


#: how far apart two lines' edges may be to stand in one column of a table, in points
COLUMN_ALIGN = 1.5


def _between(lines: Sequence[Line], i: int) -> bool:
    """Whether line ``i`` has other lines on its baseline on either side of it."""
    line = lines[i]
    row = _row(lines, line.base, line.size)
    return any(ln.right < line.left for ln in row) and any(ln.left > line.right for ln in row)


def _row(lines: Sequence[Line], base: float, size: float) -> list[Line]:
    """The upright lines on the baseline ``base`` (within 0.3 of ``size``)."""
    return [ln for ln in lines if abs(ln.base - base) < 0.3 * size and ln.upright]


def _next_row(lines: Sequence[Line], base: float, size: float, down: bool) -> list[Line]:
    """The upright lines on the nearest baseline below ``base`` (``down``) or above it, at least
    half of ``size`` away and at most 3 sizes."""
    if down:
        near = [ln.base for ln in lines if base - 3 * size <= ln.base < base - 0.5 * size and ln.upright]
        return _row(lines, max(near), size) if near else []
    near = [ln.base for ln in lines if base + 0.5 * size < ln.base <= base + 3 * size and ln.upright]
    return _row(lines, min(near), size) if near else []


def _aligned_cells(row: Sequence[Line], other: Sequence[Line]) -> int:
    """How many lines of ``row`` start or end where a line of ``other`` does (a table's column)."""
    return sum(
        1
        for a in row
        if any(abs(a.left - b.left) <= COLUMN_ALIGN or abs(a.right - b.right) <= COLUMN_ALIGN for b in other)
    )


def _table_row(lines: Sequence[Line], i: int) -> bool:
    """Whether line ``i`` is a cell of a table's row: it shares its baseline with other lines, and
    the next row above or below, at the pitch of the rows beyond it, has lines in two of the same
    columns (a running header of a title and a page number stands apart from the body by more
    than the body's line pitch). With table detection off (or where it found nothing) the WARN
    report's first and last rows, dates recurring on many pages, were taken for headers."""
    line = lines[i]
    size = line.size
    row = _row(lines, line.base, size)
    if len(row) < 2:
        return False
    for down in (True, False):
        near = _next_row(lines, line.base, size, down)
        if len(near) < 2 or _aligned_cells(row, near) < 2:
            continue
        pitch = abs(line.base - near[0].base)
        beyond = _next_row(lines, near[0].base, size, down)
        if beyond and abs(abs(near[0].base - beyond[0].base) - pitch) <= 0.2 * pitch:
            return True
    return False


#: A header or footer set on a run of pages only (a part of a long report, a chapter): the same
#: line, in the same zone and size, on RUN_PAGES pages (and RUN_SHARE of the pages with text) at
#: most two pages apart
RUN_PAGES = 5
RUN_SHARE = 0.1


def _runs(pages: Sequence[Sequence[Line]], candidates: Sequence[list], need: int) -> set[tuple[int, int]]:
    """``(page index, line index)`` of the margin lines that recur on a run of pages as the page's
    first line or its last (page numbers aside), not set larger than most of the page's lines (a
    slide title repeated over a few slides stays)."""
    at: dict[tuple[str, float], list[tuple[int, int]]] = {}
    for n, idxs in enumerate(candidates):
        lines = pages[n]
        outer: set[str] = set()  # the zones whose outermost line (page numbers aside) was seen
        for i, key, numbered in idxs:
            zone = key[:3]
            if zone in outer or numbered:
                continue
            outer.add(zone)
            spots = at.setdefault((key, round(lines[i].size)), [])
            if not spots or spots[-1][0] != n:
                spots.append((n, i))
    out: set[tuple[int, int]] = set()
    for spots in at.values():
        if len(spots) < need:
            continue
        start = 0
        for k in range(1, len(spots) + 1):
            if k == len(spots) or spots[k][0] - spots[k - 1][0] > 2:
                if k - start >= need:
                    out.update(spots[start:k])
                start = k
    return {(n, i) for n, i in out if pages[n][i].size <= _common_size(pages[n]) + 0.5}


#: a title set at the top of this many pages in a row or more, the same each time, is a running
#: head after its first time; the top of a page is this share of its height
TITLE_RUN = 3
TITLE_ZONE = 0.25


def _title_words(text: str) -> str:
    """A title's letters and digits, casefolded (digits kept: ``AXE 1`` is not ``AXE 2``)."""
    return _NOT_ALNUM.sub("", text.casefold())


def _repeated_titles(pages: Sequence[Sequence[Line]], geos: Sequence[PageGeometry]) -> dict[int, list[int]]:
    """``{page index: line indices}`` of the titles repeated at the top of pages after their first
    time: the highest line in the top TITLE_ZONE of its page set as a heading is (a size over most
    of the page's lines, or bold), the same on TITLE_RUN pages in a row or more, in one size and
    weight, with another line the same at the top of each of those pages (a legend, a subtitle:
    the head of the pages repeats, not their title alone, which a run of slides of one title
    shares, each slide a heading). chelsea_pdta.pdf's plan of action (pp. 26–30, landscape)
    repeats its 18 pt title and its legend (``= Ressource humaine $ = 0 à 50 000 $`` …) over
    each page's table, too far down for the head margin (100 pt under the top of p. 29's 612)
    and on too few pages to be a running head of the file's 54: it made a heading on each page.
    The first stays, a heading; the others are running heads, and so are the lines at their
    pages' top repeated with them (the legend after its first page)."""
    runs: dict[tuple[str, float, bool], list[tuple[int, int]]] = {}
    done: list[list[tuple[int, int]]] = []
    tops: list[list[Line]] = []  # each page's lines at its top (their words taken for runs alone)
    highs: list[float] = []  # where each page's top zone starts
    for n, (lines, geo) in enumerate(zip(pages, geos, strict=True)):
        high = geo.top - TITLE_ZONE * geo.height
        highs.append(high)
        tops.append([ln for ln in lines if ln.top >= high])
        common = None
        first = None  # the page's highest line set as a heading, in its top zone
        for i, ln in enumerate(lines):
            if ln.top < high or not ln.upright or (first is not None and ln.top <= lines[first].top):
                continue
            if common is None:
                common = _common_size(lines)
            if ln.bold or ln.size >= common + 1.0:
                first = i
        if first is None or not _has_letters(lines[first].text, 3):
            continue
        ln = lines[first]
        spots = runs.setdefault((_title_words(ln.text), round(ln.size), ln.bold), [])
        if spots and spots[-1][0] != n - 1:
            done.append(spots[:])
            spots.clear()
        spots.append((n, first))
    done += runs.values()
    out: dict[int, list[int]] = {}
    for spots in done:
        if len(spots) < TITLE_RUN:
            continue
        title = _title_words(pages[spots[0][0]][spots[0][1]].text)
        shared = set.intersection(*({_title_words(ln.text) for ln in tops[n]} for n, _ in spots)) - {title}
        if not shared:
            continue  # the title alone repeats: a slide's, over slides of their own
        for n, i in spots[1:]:
            lines, high = pages[n], highs[n]
            out.setdefault(n, []).append(i)
            out[n] += [
                k
                for k, ln in enumerate(lines)
                if k != i and ln.top >= high and _title_words(ln.text) in shared
            ]
    return out


def _common_size(lines: Sequence[Line]) -> float:
    """The font size most of ``lines`` are set in (the first seen among equals)."""
    return Counter(ln.size for ln in lines).most_common(1)[0][0]


#: a margin line that starts or ends with a number set apart from its words
_EDGE_NUMBER = re.compile(r"^(\d{1,4})\s|\s(\d{1,4})$")
#: Running heads that carry the page number and a changing title (``7 1.2. METRISCHE RÄUME``):
#: the number must follow the page order on this share of the pages with text (and on 3)
HEAD_SHARE = 0.2


def _numbered_heads(
    pages: Sequence[Sequence[Line]], candidates: Sequence[list], with_text: int
) -> set[tuple[int, int]]:
    """``(page index, line index)`` of the margin lines that start or end with the page's printed
    number: in one zone, the number less the page's index is the same on many pages. A line set
    larger than most of its page's lines (a numbered slide title) is not one."""
    found: dict[tuple[str, int], list[tuple[int, int]]] = {}
    for n, idxs in enumerate(candidates):
        lines = pages[n]
        common = None
        for i, key, _ in idxs:
            text = lines[i].text
            if not (text[0].isdigit() or text[-1].isdigit()):
                continue
            match = _EDGE_NUMBER.search(text)
            if match is None or not _has_letters(text, 2):
                continue
            if common is None:
                common = _common_size(lines)
            if lines[i].size > common + 0.5:
                continue
            number = int(match.group(1) or match.group(2))
            found.setdefault((key[:3], number - n), []).append((n, i))
    need = max(3, math.ceil(HEAD_SHARE * with_text))
    return {spot for spots in found.values() if len(spots) >= need for spot in spots}


_NUMBERS_ONLY = re.compile(r"^[\d\s]+$")


def _margin_stamps(lines: Sequence[Line], geo: PageGeometry, labels: dict[str, str]) -> set[int]:
    """Side-margin text that is not part of the body: rotated text (an archive stamp) when most of
    the page is upright, and columns of line numbers (court transcripts, legal drafts)."""
    gone = _line_numbers(lines, labels)
    return gone | _rotated_stamps(lines, labels)


#: numbers beside the text that make a column of line numbers (a court transcript numbers 25 lines)
MIN_LINE_NUMBERS = 3


def margin_line_numbers(lines: Sequence[Line]) -> set[int]:
    """Indexes of ``lines`` that make a column of line numbers beside the text (see
    ``_margin_stamps``)."""
    return _line_numbers(lines, {})


def _line_numbers(lines: Sequence[Line], labels: dict[str, str]) -> set[int]:
    numeric = [i for i, ln in enumerate(lines) if ln.text[0].isdigit() and _NUMBERS_ONLY.match(ln.text)]
    if not numeric:
        return set()
    body = [ln for ln in lines if ln.upright and len(ln.text) >= 20]
    if not body:
        return set()
    body_left = min(ln.left for ln in body)
    body_right = max(ln.right for ln in body)
    gone = set()
    for i in numeric:
        ln = lines[i]
        if ln.right < body_left - 2 or ln.left > body_right + 2:
            gone.add(i)
    if len(gone) < MIN_LINE_NUMBERS:
        return set()  # a lone number beside the text (a page number beside one column) is no column
    if not _counting([lines[i] for i in gone], body_left, lines):
        return set()  # page numbers right of a table of contents' titles (3, 5, 6, 9)
    labels.setdefault("margin line numbers", "margin line numbers")
    return gone


def _counting(numbers: Sequence[Line], body_left: float, lines: Sequence[Line] = ()) -> bool:
    """Whether ``numbers``, lines of digits beside the text, count its lines: from the top down,
    most are one more than the number above them on their side of the text; or, as legal texts
    and poems number every fifth line (``5``, ``10``, ``15``), most go up by one step of at most
    LINE_NUMBER_STEP and each stands on the baseline of one of ``lines`` (the page's other lines):
    the axis of a chart beside the text counts down, and off its lines."""
    steps = ones = 0
    by_step: Counter[int] = Counter()
    for side in (True, False):
        column = sorted((ln for ln in numbers if (ln.right < body_left) is side), key=lambda ln: -ln.base)
        for a, b in zip(column, column[1:], strict=False):
            first, last = b.text.split(), a.text.split()
            if len(first[0]) > 6 or len(last[-1]) > 6:
                continue
            steps += 1
            ones += int(first[0]) == int(last[-1]) + 1
            by_step[int(first[0]) - int(last[-1])] += 1
    if 2 * ones > steps:
        return True
    step, count = by_step.most_common(1)[0] if by_step else (0, 0)
    if not (1 < step <= LINE_NUMBER_STEP and 2 * count > steps):
        return False
    text = [ln for ln in lines if not _NUMBERS_ONLY.match(ln.text)]
    return all(any(abs(ln.base - number.base) < 0.3 * number.size for ln in text) for number in numbers)


#: the widest step between margin line numbers that number every so many lines (every tenth)
LINE_NUMBER_STEP = 10


def _rotated_stamps(lines: Sequence[Line], labels: dict[str, str]) -> set[int]:
    if not any(ln.angle for ln in lines):
        return set()
    upright = [ln for ln in lines if ln.upright]
    if not upright or len(upright) == len(lines):
        return set()
    rotated_chars = sum(len(ln.text) for ln in lines if not ln.upright)
    if rotated_chars * 5 > sum(len(ln.text) for ln in lines):
        return set()
    body_left = min(ln.left for ln in upright)
    body_right = max(ln.right for ln in upright)
    gone = set()
    for i, ln in enumerate(lines):
        if not ln.upright and (ln.right <= body_left + 1 or ln.left >= body_right - 1):
            gone.add(i)
            labels.setdefault(_key(ln.text), ln.text)
    return gone


# -- grouping lines into paragraphs and lists -------------------------------------------------


#: a line of underscores alone: a rule typed as text (troff sets the one above a page's footnotes
#: so), no text of the page's: left out of a paragraph it opens, and standing alone, of the blocks
_TYPED_RULE = re.compile(r"\s*_{5,}\s*")


@dataclass(slots=True)
class Group:
    """A run of lines that becomes one block (paragraph, list or heading)."""

    page: int
    lines: list[Line] = field(default_factory=list)
    items: list[list] = field(default_factory=list)  # LIST: [level, ordered, text, marker_left]
    right: float = 0.0  # the rightmost line end so far (the column's right edge)
    item_line: int = 0  # the index in lines of the last item's first line
    column: int = 0  # the index in lines of the first line in the current column
    joined: str | None = None  # text(), once asked for
    code: bool = False  # lines of a code listing (fixed pitch): kept as they are set
    numbered_rows: bool = False  # holds a page number set apart on its title's row
    words: Words | None = None  # the document's words, for the hyphens at its lines' ends
    label_pitch: float = 0.0  # the pitch from a bold label's line left above the first (_under_label)
    column_right: float = 0.0  # a bold first line's column's right edge (_sized_right)

    def add(self, line: Line) -> None:
        self.lines.append(line)
        if line.right > self.right:
            self.right = line.right

    @property
    def is_list(self) -> bool:
        return bool(self.items)

    @property
    def first(self) -> Line:
        return self.lines[0]

    @property
    def size(self) -> float:
        return self.lines[0].size

    @property
    def bold(self) -> bool:
        return all(ln.bold for ln in self.lines)

    @property
    def top(self) -> float:
        return max(ln.top for ln in self.lines)

    def text(self) -> str:
        """The joined text of the lines; kept after the first call (groups are complete by then:
        headings are ranked after every page was grouped). The entries of a table of contents
        keep a line each. A first line of underscores alone over further lines is the rule typed
        above a page's footnotes, no text of theirs, and is left out."""
        if self.joined is None and self.code:
            self.joined = _code_text(self.lines)
        if self.joined is None:
            texts = [ln.text for ln in self.lines]
            if len(texts) > 1 and _TYPED_RULE.fullmatch(texts[0]) is not None:
                texts = texts[1:]
            if len(texts) > 1 and 2 * sum(1 for t in texts if _is_entry(t)) >= len(texts):
                self.joined = _join_entries(texts, self.words)
            else:
                self.joined = _plain_entries(self.lines, self.words) or join_lines(texts, self.words)
        return self.joined


#: the end of a line of a table of contents or an index: a dot leader (. . . or …) and a page number
_CONTENTS_ENTRY = re.compile(r"(?:[.\u2026\u00b7]\s?){3}\s*(?:\d{1,4}|[ivxlcdm]{1,7})$", re.IGNORECASE)


def _is_entry(text: str) -> bool:
    """Whether ``text`` ends in a dot leader and a page number; the regular expression looks only
    at the end of the lines that hold a leader's characters (most lines of prose hold none)."""
    if ".." not in text and ". ." not in text and "\u2026" not in text and "\u00b7" not in text:
        return False
    return _CONTENTS_ENTRY.search(text, max(0, len(text) - 40)) is not None


_PAGE_NUMBER_END = re.compile(r"\s\d{1,4}$")


def _join_entries(texts: Sequence[str], words: Words | None = None) -> str:
    """Lines of which most are entries of a table of contents: an entry per line (a title wrapped
    over lines is joined up to its page number; a chapter's entry may have no leader)."""
    out: list[str] = []
    pending: list[str] = []
    for text in texts:
        pending.append(text)
        if _is_entry(text) or _PAGE_NUMBER_END.search(text):
            out.append(join_lines(pending, words))
            pending = []
    if pending:
        out.append(join_lines(pending, words))
    return "\n".join(out)


#: a table of contents or an index without dot leaders: this many entries at least, each
#: ending in a page number
PLAIN_ENTRIES = 3
_ENTRY_NUMBER = re.compile(r"\D\s(\d{1,4})$")


def _plain_entries(lines: Sequence[Line], words: Words | None = None) -> str | None:
    """The entries of a table of contents or an index without dot leaders, one a line, or None:
    the lines on one baseline (a title and its page number set apart) joined, then a title
    wrapped over lines up to its page number; PLAIN_ENTRIES entries or more, every one ending in
    a number after its words (lines of prose rarely all end so)."""
    if len(lines) < PLAIN_ENTRIES or 2 * sum(1 for ln in lines if ln.text[-1].isdigit()) < len(lines):
        return None  # (the cheap test first: most paragraphs' lines end in no digit)
    rows: list[list[Line]] = []
    for ln in lines:
        if rows and abs(rows[-1][-1].base - ln.base) < 0.3 * ln.size and ln.left > rows[-1][-1].right:
            rows[-1].append(ln)
        else:
            rows.append([ln])
    entries = _join_entries([" ".join(ln.text for ln in row) for row in rows], words).split("\n")
    numbers = [_ENTRY_NUMBER.search(e) for e in entries]
    if len(entries) < PLAIN_ENTRIES or any(m is None for m in numbers):
        return None
    return "\n".join(entries)


def join_lines(parts: Sequence[str], words: Words | None = None) -> str:
    """Re-join hard line breaks; a word hyphenated at a line end is joined again, without its
    hyphen where the typesetter split one word (``hyphen_stays``: as the document's ``words``
    write it elsewhere, else by ``keeps_hyphen``); a line ending in a hyphen or an
    en dash after a word joins the next without a space where it starts with a digit
    (``2023-`` / ``0379``). CJK lines join without a space; a CJK character and a digit, a Latin
    word or a mark on the other side of the break join as the document's lines set such characters
    (``Words.cjk_tight``: ``合计`` / ``14,220`` without a space where they write ``合计14,220``)."""
    pieces: list[str] = []  # the text joined so far, in pieces none of them empty: one join at
    # the end (adding to one string copies it whole each line, on a long paragraph many times)
    for part in parts:
        if not pieces:
            if part:
                pieces.append(part)
            continue
        last = pieces[-1]
        end = last[-1]
        before = last[-2] if len(last) > 1 else pieces[-2][-1] if len(pieces) > 1 else ""
        if end in _ADDRESS_CUTS and part and _address_runs_on(pieces, part):
            pieces.append(part)  # a web or e-mail address the line end cut: no space inside it
        elif end in "-\u2013" and before and not before.isspace() and part[:1].isdigit():
            pieces.append(part)
        elif end == "-" and before.isalpha() and part[:1].islower():
            if not hyphen_stays(_last_word(pieces), part.split(" ", 1)[0], words):
                pieces[-1] = last[:-1]
                if not pieces[-1]:
                    pieces.pop()
            pieces.append(part)
        elif end >= "\u2e80" and _is_cjk(end) and _is_cjk(part[0]):
            pieces.append(part)  # Chinese and Japanese lines wrap without a space between words
        elif (
            words is not None
            and (end >= "\u2e80") != (part[:1] >= "\u2e80")
            and words.cjk_tight(end, part[:1])
        ):
            pieces.append(part)  # CJK text by a digit, a Latin word or a mark: as the document sets them
        else:
            pieces.append(" ")
            if part:
                pieces.append(part)
    return "".join(pieces)


#: the characters a line may end on inside a web or e-mail address
_ADDRESS_CUTS = frozenset("/:.@?=&#_%~-")
#: a web address's opening alone: ``https://``, ``(http://``, ``www.``
_ADDRESS_OPEN = re.compile(r"[(<\[\"'\u201c\u2018]?(?:[a-z][a-z0-9+.-]*://|www\.)", re.IGNORECASE)
#: a web address: a scheme's ``://`` or an opening ``www.``, after an opening quote or bracket
_WEB_ADDRESS = re.compile(r"[(<\[\"'\u201c\u2018]?(?:[a-z][a-z0-9+.-]*://|www\.)\S", re.IGNORECASE)
#: an e-mail address's local part and its ``@``, the domain on the next line
_MAIL_LOCAL = re.compile(r"[(<\[\"'\u201c\u2018]?[\w.+-]+@$")
#: a domain: two labels at least, the last of two letters or more, then what may close a sentence
_DOMAIN = re.compile(r"[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}[.,;:)\]>\"'\u201d\u2019]*$", re.IGNORECASE)
#: what only an address's path or query holds: ``aircraft/draft_docs``, ``doctype=MMEL``
_PATH_MARKS = re.compile(r"[/?=&#_%~]|[a-z0-9]\.[a-z0-9]{2}", re.IGNORECASE)


def _address_runs_on(pieces: list[str], part: str) -> bool:
    """Whether the line ``part`` carries on the web or e-mail address the text joined from
    ``pieces`` ends in, cut at its line's end after one of _ADDRESS_CUTS: its last word ends in a
    scheme's ``://`` or is ``www.`` (``https://`` / ``www.regulations.gov``); it is an e-mail
    address's local part and ``@`` and ``part`` opens with a domain (``AD-Inquiry@`` /
    ``faa.gov.``); or it is a web address and ``part``'s first word holds what only an address
    holds, a slash, a query's marks or a dot between letters (``https://www.faa.gov/`` /
    ``aircraft/draft_docs/fsb/``). A sentence going on after an address (``see http://a.org/`` /
    ``Then …``) keeps its space, as does a line opening with an address of its own."""
    if not (part[0].isalnum() or part[0] == "%"):  # ``%20`` escapes a character in a path
        return False
    word = _tail_word(pieces)
    if _ADDRESS_OPEN.fullmatch(word) is not None:
        return True
    first = part.split(" ", 1)[0]
    if _ADDRESS_OPEN.match(first) is not None:
        return False  # an address of its own: a list of them, one a line
    if word[-1] == "@":
        return _MAIL_LOCAL.match(word) is not None and _DOMAIN.match(first) is not None
    return _WEB_ADDRESS.match(word) is not None and _PATH_MARKS.search(first) is not None


def _tail_word(pieces: list[str]) -> str:
    """The last word of the text joined from ``pieces``: from after its last space."""
    found = []
    for k in range(len(pieces) - 1, -1, -1):
        at = pieces[k].rfind(" ")
        if at >= 0:
            found.append(pieces[k][at + 1 :])
            break
        found.append(pieces[k])
    return "".join(reversed(found))


def _last_word(pieces: list[str]) -> str:
    """The word before the hyphen ending the text joined from ``pieces``: from after its last
    space to the hyphen."""
    found = []
    for k in range(len(pieces) - 1, -1, -1):
        piece = pieces[k] if found else pieces[k][:-1]
        at = piece.rfind(" ")
        if at >= 0:
            found.append(piece[at + 1 :])
            break
        found.append(piece)
    return "".join(reversed(found))


def _is_cjk(ch: str) -> bool:
    """CJK ideographs, kana and full-width punctuation (Korean keeps spaces between words)."""
    code = ord(ch)
    return 0x2E80 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF or 0xFF00 <= code <= 0xFFEF


def _ends_sentence(text: str) -> bool:
    """Whether the line ``text`` ends a sentence for the paragraph rules: in a mark of _SENTENCE_END,
    also followed by closing quotes or brackets (``。」``, ``？”``, ``end.”``, ``(… end.)``,
    ``end."``), or, in CJK text, in an ellipsis or a dash of two (``……``, ``——``), which end a
    sentence cut short or a speech broken off. A short last line ending so ends its paragraph as
    one ending in a bare stop does."""
    if text.endswith(_SENTENCE_END):
        return True
    if not text:
        return False
    body = text.rstrip(_CJK_CLOSERS) if text[-1] in _CJK_CLOSERS else text
    if body.endswith(_SENTENCE_END):
        return True
    return body.endswith(_CJK_BREAKS) and _CJK.search(body) is not None


_CJK = re.compile("[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]")
#: a line holding CJK text is a row of a layout when it is this many times wider than its
#: characters (a CJK character is one font size wide, another about SPARSE_OTHER of one)
SPARSE_ROW = 1.4
SPARSE_OTHER = 0.55


def _cjk_row(line: Line) -> bool:
    """Whether ``line`` holds CJK text and is far wider than its characters: two cells of a row
    that pdfium read as one line (a certificate's name at the left edge and its date at the right:
    ``微软公司的 2019年11月``). Lines of CJK prose are as wide as their characters, and wrap
    without a space; joined, such rows ran a date into the next row's name."""
    text = line.text
    cjk = len(_CJK.findall(text))
    if not cjk:
        return False
    natural = line.size * (cjk + SPARSE_OTHER * (len(text) - cjk))
    return line.right - line.left > SPARSE_ROW * natural


#: a line of CJK prose wraps at its column's right edge: a line reaches it when at least this many
#: lines of CJK text (itself among them) end less than CJK_FULL font sizes before or after its end,
#: and no more lines below or above it end together further right
CJK_EDGE_LINES = 3
CJK_FULL = 1.0
#: how much further apart, and how much larger or smaller, a line may be under a line of CJK prose
#: that runs to its column's edge than under another line (a scan's text layer sets each line's size
#: and baseline as read from the image)
CJK_PITCH = 1.3
CJK_SIZES = 1.25


def _cjk_lines(lines: Sequence[Line]) -> list[Line]:
    """The page's lines holding CJK text."""
    return [ln for ln in lines if _CJK.search(ln.text) is not None]


def _at_edge(prev: Line, cjk: Sequence[Line]) -> bool:
    """Whether ``prev`` ends at the right edge of its column of CJK text (``cjk``: the page's
    ``_cjk_lines``): where the most of the lines above and below it in about its size end, at
    least CJK_EDGE_LINES of them. A short line centred over the text (a heading, a reference
    number) ends where only a few lines happen to, and the lines of prose under it end further
    right; a large character of a stamp stands among lines of other sizes."""
    left, right, size = prev.left, prev.right, prev.size
    reach = CJK_FULL * size
    low, high = size / CJK_SIZES, size * CJK_SIZES
    ends = sorted(ln.right for ln in cjk if ln.left < right and ln.right > left and low <= ln.size <= high)
    here = bisect_right(ends, right + reach) - bisect_left(ends, right - reach)
    if here < CJK_EDGE_LINES:
        return False
    further = bisect_right(ends, right + reach)
    return all(
        bisect_right(ends, end + 2 * reach) - i <= here for i, end in enumerate(ends[further:], further)
    )


def _cjk_wrap(prev: Line, line: Line, cjk: Sequence[Line]) -> bool:
    """Whether ``prev``, a line of CJK prose, runs to the right edge of its column (``cjk``: the
    page's ``_cjk_lines``) and does not end a sentence, and ``line`` below it holds CJK text too
    and is not indented from it: CJK text wraps between any two characters, so such a line runs
    on in the next line."""
    size = prev.size
    if _ends_sentence(prev.text) or line.right > prev.right + CJK_FULL * size:
        return False
    if line.left > prev.left + 0.8 * size:
        return False
    if _CJK.search(prev.text) is None or _CJK.search(line.text) is None:
        return False
    return _at_edge(prev, cjk)


#: a number opening a Chinese heading or clause: a Chinese numeral in brackets or before an
#: enumeration comma ('(三) 有关部门…', '四、 针对…'), or a digit in full-width brackets or before one
_CJK_ORDINAL = re.compile(
    r"[(（][一二三四五六七八九十]{1,3}[)）]|[一二三四五六七八九十]{1,3}、|（\d{1,2}）|\d{1,2}、"
)
#: the characters a _CJK_ORDINAL match opens with
_CJK_ORDINAL_FIRST = frozenset("(（一二三四五六七八九十0123456789")
#: a paragraph's first line is indented by at most this many font sizes (two characters in
#: Chinese, one to three ems in a Latin script)
INDENT_MOST = 4.0


def _opens_indented(line: Line, after: Line | None, limit: float, ends: dict[int, float]) -> bool:
    """Whether ``line`` is the indented first line of a paragraph: ``after``, the line given next,
    stands under it at the page's line pitch (``limit`` font sizes; as far apart as a scan's text
    layer sets lines of CJK prose, ``_continues``) in about its size and weight, starts 0.8 to
    INDENT_MOST font sizes left of it and is no list item; ``line``, one visual line, runs to
    within 2.5 font sizes of the right edge of their column (``ends``: the page's ``_line_ends``;
    the lines starting where either starts set it), and ``after`` does too or ends a sentence, as
    a paragraph's second line does (an index's entries under a heading's end short of it)."""
    if after is None or after.bold != line.bold or not after.upright:
        return False
    size = line.size
    indent = line.left - after.left
    if indent <= 0.8 * size or indent > INDENT_MOST * size or abs(line.last_base - line.base) > 0.8 * size:
        return False
    larger = max(size, after.size)
    if larger > CJK_SIZES * min(size, after.size):
        return False
    pitch = line.base - after.base
    if pitch <= 0.3 * size or pitch > CJK_PITCH * limit * larger:
        return False
    if pitch > limit * larger and (_CJK.search(line.text) is None or _CJK.search(after.text) is None):
        return False
    right = max(after.right, _column_right(ends, after.left), _column_right(ends, line.left))
    if line.right < right - 2.5 * size:
        return False
    if after.right < right - 2.5 * after.size and not _ends_sentence(after.text):
        return False
    return _marker(after.text) is None


def _common_pitch(lines: Sequence[Line]) -> float | None:
    """The most common baseline distance between consecutive lines of one size, in font sizes
    (the first seen among equals)."""
    pitches: dict[float, int] = {}
    rounded: dict[float, float] = {}  # round(ratio, 1) per ratio: a page repeats its line pitch
    a = None
    for b in lines:
        if a is not None:
            size = a.size
            if abs(size - b.size) <= 0.6:
                base, last_base = a.base, a.last_base
                # Line.end_base, inlined
                pitch = (last_base if abs(last_base - base) > 0.8 * size else base) - b.base
                if 0 < pitch < 3 * size:
                    ratio = pitch / max(size, 1.0)
                    key = rounded.get(ratio)
                    if key is None:
                        key = rounded[ratio] = round(ratio, 1)
                    pitches[key] = pitches.get(key, 0) + 1
        a = b
    if sum(pitches.values()) < 3:
        return None
    return max(pitches.items(), key=itemgetter(1))[0]


#: markers a page uses for a list of its own: the letter ``o`` as a bullet (Word's second level in
#: a Symbol font read as text) and a number run into its item (``1.Socket API``)
_LETTER_BULLET = re.compile(r"^(o)\s+(\S.*)$")
_RUN_IN_NUMBER = re.compile(r"^(\d{1,2}\.)(\S.*)$")
_RUN_IN_START = re.compile(r"\d{1,2}\.[^\W\d_]")
#: the rest of a line after "(217)" that makes it a telephone number, not an item
_PHONE_REST = re.compile(r"\d{3}[-.\u2013]\d{4}\b")
_ROMAN_LETTERS = frozenset("ivxlcdmIVXLCDM")


def _page_markers(lines: Sequence[Line]) -> dict[int, re.Match]:
    """The lines of a page that start with a marker the page itself shows to be one: ``o`` before
    a capital on two lines or more, a number run into its text (``1.Socket``) where the number
    next to it (one less or one more) is run in on another line of the page."""
    bullets: dict[int, re.Match] = {}
    numbers: dict[int, re.Match] = {}
    for n, ln in enumerate(lines):
        text = ln.text
        if text[:2] == "o " and len(text) > 2 and text[2].isupper():
            match = _LETTER_BULLET.match(text)
            if match is not None:
                bullets[n] = match
        elif text[:1].isdigit() and _RUN_IN_START.match(text):
            match = _RUN_IN_NUMBER.match(text)
            if match is not None:
                numbers[n] = match
    out = bullets if len(bullets) >= 2 else {}
    if len(numbers) >= 2:
        values = {int(m.group(1)[:-1]) for m in numbers.values()}
        for n, m in numbers.items():
            value = int(m.group(1)[:-1])
            if value - 1 in values or value + 1 in values:
                out[n] = m
    return out


def _ordinal(match: re.Match, last: str | None) -> bool:
    """Whether an ordered marker is one: a capital and a dot (``M.``, ``O.``: an honorific or an
    initial as often as an item) only as ``A.``, ``I.`` or the letter after the page's last one
    (roman numerals after roman ones); ``v.`` only after ``u`` or ``iv``; a number in brackets not
    when a telephone number follows (``(217) 345-5320``)."""
    marker = match.group(1)
    if marker == "v.":  # versus in a case's name (Knowles v. Mirzayance) as often as an item
        return last in ("u", "iv")
    if len(marker) == 2 and marker[1] == "." and marker[0].isupper():
        letter = marker[0]
        if letter in "AI":
            return True
        if last is None:
            return False
        if len(last) == 1 and ord(letter) == ord(last) + 1:
            return True
        return letter in _ROMAN_LETTERS and all(ch in _ROMAN_LETTERS for ch in last)
    if marker[0] == "(" and marker[1:2].isdigit():
        return _PHONE_REST.match(match.group(2)) is None
    return True


def _wrapped_marker(group: Group, line: Line, match: re.Match, limit: float, ends: dict[int, float]) -> bool:
    """Whether a line starting like an ordered item continues the group's text instead, after a
    line its first word would not have fitted on: a number after a range's dash (``pages 128–`` /
    ``133.``), or a citation or a number before a word in lower case where the previous line ends
    no sentence (``(DETR)`` / ``[2] for the first``)."""
    prev = group.lines[-1]
    text = prev.text
    if not (
        (text.endswith(("-", "\u2013")) and line.text[0].isdigit())
        or (match.group(2)[0].islower() and not _ends_sentence(text))
    ):
        return False
    right = max(group.right, line.right, _column_right(ends, line.left))
    return _wraps(prev, line, right) and _continues(group, line, limit, ends, run_in=False)


def _line_ends(lines: Sequence[Line]) -> dict[int, float]:
    """The rightmost end of the page's lines per left edge (in steps of 3 pt)."""
    ends: dict[int, float] = {}
    for ln in lines:
        key = round(ln.left / 3)
        if ln.right > ends.get(key, 0.0):
            ends[key] = ln.right
    return ends


def _sized_ends(lines: Sequence[Line]) -> dict[tuple[int, int], float]:
    """The rightmost end of the page's lines per left edge (in steps of 3 pt) and size (in half
    points): a column's edge as its text sets it, a head in a smaller size across the page
    aside."""
    ends: dict[tuple[int, int], float] = {}
    for ln in lines:
        key = (round(ln.left / 3), round(ln.size * 2))
        if ln.right > ends.get(key, 0.0):
            ends[key] = ln.right
    return ends


def _sized_right(ends: dict[tuple[int, int], float], line: Line) -> float:
    """The right edge of the column of lines in ``line``'s size (within half a point) starting
    where it does."""
    key, size = round(line.left / 3), round(line.size * 2)
    return max(ends.get((k, z), 0.0) for k in (key - 1, key, key + 1) for z in (size - 1, size, size + 1))


def _column_right(ends: dict[int, float], left: float) -> float:
    """The right edge of the column whose lines start at ``left``: the rightmost end of the page's
    lines that start there."""
    key = round(left / 3)
    return max(ends.get(key - 1, 0.0), ends.get(key, 0.0), ends.get(key + 1, 0.0))


def _wraps(prev: Line, line: Line, column_right: float) -> bool:
    """Whether the first word of ``line`` would not have fitted at the end of ``prev``: the line
    was wrapped there (the word's width taken at ``line``'s mean character width)."""
    word = line.text.split(" ", 1)[0]
    width = (line.right - line.left) / max(len(line.text), 1) * (len(word) + 1)
    return prev.right + width > column_right


#: blank lines kept between two lines of a code listing, at most
CODE_BLANKS = 2


def _code_text(lines: Sequence[Line]) -> str:
    """The lines of a code listing, one per line, indented by their distance from the listing's
    left edge in the font's advance (a fixed-pitch line's width over its characters), with the
    blank lines their gaps leave (in the listing's closest line pitch)."""
    left = min(ln.left for ln in lines)
    widths = sorted((ln.right - ln.left) / (len(ln.text) - 0.5) for ln in lines if len(ln.text) >= 4)
    advance = widths[len(widths) // 2] if widths else 0.6 * lines[0].size
    advance = max(advance, 0.3 * lines[0].size)
    pitches = [a.end_base - b.base for a, b in zip(lines, lines[1:], strict=False)]
    size = lines[0].size
    pitch = min((p for p in pitches if p > 0.5 * size), default=0.0)
    out: list[str] = []
    for n, ln in enumerate(lines):
        if n and pitch > 0:
            out.extend([""] * min(CODE_BLANKS, max(0, round(pitches[n - 1] / pitch) - 1)))
        out.append(" " * round((ln.left - left) / advance) + ln.text)
    return "\n".join(out)


#: a fixed-pitch line holding only an e-mail address or a web address: papers set them in a
#: typewriter face (an author's address under the title), and they are no listing
_ADDRESS = re.compile(r"^(?:[{]?[\w.+,\s-]+[}]?@[\w.-]+\.\w+|(?:https?://|www\.)\S+)$")

#: a line of a code listing follows the previous one within this many font sizes
CODE_PITCH = 3.5


def _code_continues(group: Group, line: Line) -> bool:
    """Whether the fixed-pitch ``line`` carries on ``group``'s code listing: the next line down
    (a blank line or two between), in the same size, not left of the listing by more than a
    character (a new column) and upright."""
    prev = group.lines[-1]
    pitch = prev.end_base - line.base
    return (
        0.3 * line.size < pitch <= CODE_PITCH * line.size
        and abs(prev.size - line.size) <= 0.6
        and line.left >= min(ln.left for ln in group.lines) - line.size
        and line.upright
        and prev.upright
    )


def group_page(
    lines: Sequence[Line],
    page: int,
    code: bool = True,
    words: Words | None = None,
    alone: frozenset[int] | set[int] = frozenset(),
) -> list[Group]:
    """Paragraphs, lists and code listings (``code``: runs of fixed-pitch lines) of one page, in
    content order; ``words``: the document's, for the hyphens at the lines' ends; ``alone``: the
    indices of lines that each start a paragraph (notes drawn one by one, ``foot_top_down``)."""
    if not lines:
        return []
    pitch_ratio = _common_pitch(lines) or 1.2
    limit = max(pitch_ratio * 1.3, pitch_ratio + 0.25)
    own = _page_markers(lines)
    ends = _line_ends(lines)
    cjk = _cjk_lines(lines) if any(not ln.text.isascii() for ln in lines) else []
    last_letter: str | None = None  # the page's last letter or roman ordinal
    sized: dict[tuple[int, int], float] | None = None  # _sized_ends, once a bold line needs it
    groups: list[Group] = []
    cur: Group | None = None
    for n, line in enumerate(lines):
        if n in alone:
            cur = None
        if code and line.mono and _ADDRESS.match(line.text) is None:
            if cur is None or not cur.code or not _code_continues(cur, line):
                cur = Group(page=page, code=True, words=words)
                groups.append(cur)
            cur.add(line)
            continue
        bullet = _marker(line.text) or own.get(n)
        if bullet is not None and bullet.re is _ORDERED:
            if not _ordinal(bullet, last_letter) or (
                cur is not None and _wrapped_marker(cur, line, bullet, limit, ends)
            ):
                bullet = None
            else:
                marker = bullet.group(1).strip("().")
                if marker.isalpha():
                    last_letter = marker
        if cur is not None and cur.code:
            cur = None  # prose after a listing starts a block of its own
        if cur is not None and not bullet:
            if _row_number(cur.lines[-1], line):
                cur.add(line)  # a page number set apart on its title's row (a table of contents)
                cur.numbered_rows = True
                continue
            after = lines[n + 1] if n + 1 < len(lines) else None
            if _continues(cur, line, limit, ends, cjk=cjk, after=after) or (
                cur.numbered_rows and _continues(_with_row(cur), line, limit, ends, cjk=cjk, after=after)
            ):
                cur.lines.append(line)  # Group.add, inlined
                if line.right > cur.right:
                    cur.right = line.right
                if cur.items:
                    cur.items[-1][2] = join_lines([cur.items[-1][2], line.text], words)
                continue
            if _next_column(cur, line):
                cur.column = len(cur.lines)  # the paragraph runs on at the top of the next column
                cur.add(line)
                continue
        if cur is not None and bullet and cur.is_list and _same_list(cur, line, bullet):
            cur.add(line)
            cur.items.append(_item(cur, line, bullet))
            cur.item_line = len(cur.lines) - 1
            continue
        above = cur
        cur = Group(page=page, words=words)
        cur.add(line)
        if line.bold:  # a label's column (_label): the lines in its size starting where it does
            if sized is None:
                sized = _sized_ends(lines)
            cur.column_right = _sized_right(sized, line)
        groups.append(cur)
        if bullet:
            cur.items.append(_item(cur, line, bullet))
        elif above is not None and not above.items:
            cur.label_pitch = _under_label(above.lines[-1], line, limit)
    return groups


def _under_label(label: Line, line: Line, limit: float) -> float:
    """The baseline distance from ``label`` down to ``line`` where ``line``, a regular line, starts
    a paragraph under ``label``, a bold line of its own in its size within the page's line pitch
    (``limit`` font sizes) above it, right of the label's start ('Sei f : X → Y stetig. …' under
    'Bemerkung 17' in GeoTopo), else 0: the label is a heading, and the paragraph's lines hang at
    its first line's left edge at about that pitch (``_continues``)."""
    size = line.size
    if not label.bold or line.bold or abs(label.size - size) > 0.6 or not (label.upright and line.upright):
        return 0.0
    pitch = label.end_base - line.base
    if 0.3 * size < pitch <= limit * size and label.left < line.left - 0.8 * size and line.left < label.right:
        return pitch
    return 0.0


def _row_number(prev: Line, line: Line) -> bool:
    """Whether ``line`` is a number of up to four digits right of ``prev`` on its baseline."""
    text = line.text
    return (
        len(text) <= 4
        and text.isdigit()
        and abs(line.base - prev.base) < 0.3 * line.size
        and line.left > prev.right
        and not prev.text[-1].isdigit()
    )


def _with_row(group: Group) -> Group:
    """``group`` with each page number on the row of a title (``_row_number``) joined to that
    line, as pdfium gives such a row when the gap is narrower."""
    lines: list[Line] = []
    for ln in group.lines:
        if lines and _row_number(lines[-1], ln):
            lines[-1] = lines[-1]._replace(text=f"{lines[-1].text} {ln.text}", right=ln.right)
        else:
            lines.append(ln)
    return Group(group.page, lines, group.items, group.right, group.item_line, group.column)


#: characters of the lines a sentence runs on between, at least, at a column break (labels of a
#: figure and the entries of an index are shorter or end in a number)
COLUMN_LINE = 20


def _next_column(group: Group, line: Line) -> bool:
    """Whether ``line`` carries ``group``'s sentence on at the top of the next column: the
    paragraph's last line ends no sentence, and ``line``, in the same size and weight, starts in
    lower case higher up and right of the column (``… Donec nonummy`` / ``pellentesque ante.``)."""
    if group.items or not line.text[0].islower():
        return False
    prev = group.lines[-1]
    return (
        len(prev.text) >= COLUMN_LINE
        and len(line.text) >= COLUMN_LINE
        and not prev.text[-1].isdigit()
        and line.base > prev.base + line.size
        and line.left >= group.right - 0.5 * line.size
        and abs(prev.size - line.size) <= 0.6
        and prev.bold == line.bold
        and prev.upright
        and line.upright
        and not _ends_sentence(prev.text)
    )


def _item(group: Group, line: Line, match: re.Match) -> list:
    ordered = match.re is _ORDERED or match.re is _RUN_IN_NUMBER
    text = line.text if ordered else match.group(2)
    return [_level(group.items, line), ordered, text, line.left]


def _level(items: Sequence[list], line: Line) -> int:
    """The nesting level of an item whose marker starts ``line``: one deeper than the item above it
    where indented further than that item's marker, else the level of the nearest item above at its
    indent, or one deeper than the nearest left of it; 0 left of them all. Counted from the items,
    not in steps of the font size from the first one: a slide's sub-bullets 1.7 sizes in are the
    second level, not the third."""
    left, step = line.left, 0.8 * line.size
    for level, _, _, marker_left in reversed(items):
        if left > marker_left + step:
            return min(5, level + 1)
        if left >= marker_left - step:
            return level
    return 0


#: items set apart by a paragraph's gap are one list up to this many font sizes from baseline to
#: baseline, when they show the same marker at the same indent
SPACED_ITEMS = 5.0


def _same_list(group: Group, line: Line, bullet: re.Match | None = None) -> bool:
    """Whether ``line``, an item's first line (its marker ``bullet``), goes on ``group``'s list:
    under its last line, in its size (or nested under its last item in another, ``_nested_under``);
    further apart than three sizes only when it shows the same marker as the list's last item, at
    its indent (``chelsea_pdta.pdf`` p. 23 sets its check-marked items a paragraph's gap apart)."""
    prev = group.lines[-1]
    pitch = prev.end_base - line.base
    if pitch <= 0:
        return False
    if abs(prev.size - line.size) > 0.6:
        return _nested_under(group, line, pitch) or _back_out(group, line, bullet, pitch)
    if pitch < 3.0 * line.size:
        return True
    if bullet is None or pitch >= SPACED_ITEMS * line.size:
        return False
    last = group.items[-1]
    if abs(last[3] - line.left) > 1.0:
        return False
    if bullet.re is _ORDERED or bullet.re is _RUN_IN_NUMBER:
        return bool(last[1]) and _next_marker(group.items, bullet.group(1))
    return not last[1] and group.lines[group.item_line].text[:1] == line.text[:1]


def _nested_under(group: Group, line: Line, pitch: float) -> bool:
    """Whether ``line``, an item's first line in another size than the list's last line, is an item
    nested under the list's last item: indented further than that item's marker, a line's pitch
    under it (less than twice the larger size). A slide sets its sub-bullets smaller than the bold
    bullet they belong to (``100_g_networking…`` p. 10: 19 pt over 15.7 pt)."""
    return line.left > group.items[-1][3] + 0.8 * line.size and pitch < 2.0 * max(
        group.lines[-1].size, line.size
    )


def _back_out(group: Group, line: Line, bullet: re.Match | None, pitch: float) -> bool:
    """Whether ``line``, an item's first line in another size than the list's last line, is the
    next item at the list's top level after items nested under its first: it shows the first
    item's bullet at its marker's indent, in about its size (a slide program shrinks a bullet's
    text to fit its box: ``100_g_networking…`` p. 10 sets its two bold bullets in 19 and 20.2 pt,
    each over 15.7 pt sub-bullets), less than SPACED_ITEMS of its sizes under the list."""
    items = group.items
    first = group.lines[0]
    size = line.size
    return (
        bullet is not None
        and bullet.re is not _ORDERED
        and bullet.re is not _RUN_IN_NUMBER
        and not items[0][1]
        and items[0][0] == 0
        and items[-1][0] > 0
        and abs(items[0][3] - line.left) <= 1.0
        and first.text[:1] == line.text[:1]
        and abs(first.size - size) <= 0.1 * max(first.size, size)
        and first.bold == line.bold
        and pitch < SPACED_ITEMS * size
    )


def _next_marker(items: Sequence[list], marker: str) -> bool:
    """Whether ``marker`` counts on from the marker of the list's last item (``items``, as
    ``_item`` makes them) in the same kind and punctuation (``_counting_on``: ``3)`` after ``2)``,
    not ``2.`` after ``a.`` where ``b`` would be 2, nor ``(b)`` after ``a.``); the last marker is read
    as the item before it at its level reads it (``i.`` after ``h.`` a letter, so ``j.`` goes on):
    a list numbered anew (``1.`` after ``3.``) is another list."""
    last = _marker_readings(items[-1][2])
    if len(items) > 1 and items[-2][1] and items[-2][0] == items[-1][0]:
        last = _counting_on(_marker_readings(items[-2][2]), last) or last
    return bool(_counting_on(last, _marker_readings(marker)))


#: how far left of an item's marker, in font sizes, a line may run on under it (a typewritten
#: paper indents its items' markers by five or six characters)
RUN_IN_REACH = 4.0


def _continues(
    group: Group,
    line: Line,
    limit: float,
    ends: dict[int, float],
    run_in: bool = True,
    cjk: Sequence[Line] = (),
    after: Line | None = None,
) -> bool:
    """Whether ``line`` (not a list marker) continues ``group``'s paragraph or list item (also
    below the item's marker unless not ``run_in``); ``ends``: the page's ``_line_ends``;
    ``cjk``: its ``_cjk_lines``; ``after``: the line given after ``line``, if any."""
    lines = group.lines
    prev = lines[-1]
    angle = line.angle  # Line.upright, inlined for both lines
    if not (angle < UPRIGHT_BELOW or angle > UPRIGHT_ABOVE):
        return False
    angle = prev.angle
    if not (angle < UPRIGHT_BELOW or angle > UPRIGHT_ABOVE):
        return False
    size, prev_size = line.size, prev.size
    if prev.bold != line.bold and not _term_item(group, line):
        return False
    base, last_base = prev.base, prev.last_base
    if abs(last_base - base) > 0.8 * prev_size:
        pitch = last_base - line.base  # Line.end_base, inlined: pdfium joined two lines
    else:
        pitch = base - line.base
    if pitch <= 0.3 * size:
        return False  # a new column
    wrap = None  # _cjk_wrap(prev, line, cjk), once asked for
    if abs(prev_size - size) > 0.6 or pitch > limit * size:
        # another size, or a paragraph gap; but under a line of CJK prose that runs to its
        # column's edge, a line in a size a little apart, a little further down (a scan's text
        # layer, each line's size and baseline as read: pr-136-example.pdf's '…提供的担保情' in
        # 16 pt, then '况' in 14.6 pt 30 pt below, the page's pitch 23 pt) runs on
        larger = max(size, prev_size)
        if larger > CJK_SIZES * min(size, prev_size) or pitch > CJK_PITCH * limit * larger:
            return False
        wrap = bool(cjk) and _cjk_wrap(prev, line, cjk)
        if not wrap:
            return False
    left = line.left
    right, prev_right = line.right, prev.right
    if group.items:
        if prev.text[-1:].isalnum() and _is_entry(prev.text):
            return False  # an entry of a table of contents ends at its leader and page number
        # continuation lines of an item hang to the right of its marker, or, where items are set
        # as paragraphs with a first-line indent (the Federal Register's), run on at the margin
        # below the marker after a line the next word would not have fitted on
        marker_left = group.items[-1][3]
        if left > marker_left + 0.3 * size:
            return True
        if not run_in or left < marker_left - RUN_IN_REACH * size:
            return False
        column_right = max(group.right, right, _column_right(ends, left))
        if group.item_line < len(lines) - 1:  # a line of the item under its first
            if abs(left - prev.left) > 0.8 * size:
                return False
            return not (prev_right < column_right - 2.5 * size and _ends_sentence(prev.text))
        return not _ends_sentence(prev.text) and _wraps(prev, line, column_right)
    if _right_to_left(line.text) and _right_to_left(prev.text):
        return _continues_rtl(lines, line, size)
    if not (line.text.isascii() and prev.text.isascii()) and (_cjk_row(prev) or _cjk_row(line)):
        return False  # rows of a layout (a name and a date at either edge), not lines of prose
    column_right = group.right if group.right > right else right
    if prev_right < column_right - 2.5 * size:
        if _ends_sentence(prev.text):
            return False  # the previous line was the short last line of a paragraph
        if _same_start(prev.text, line.text) and not _wraps(prev, line, column_right):
            return False  # entries of a roster, one a line, set without markers
    if _starts_paragraph(group, line, after, limit, ends):
        return False
    if group.label_pitch and len(lines) == 1 and pitch > group.label_pitch + 0.25 * size:
        # the paragraph's lines hang at its first line's left edge, right of its label above, at
        # the pitch from the label: a line further apart and right of that edge is a display
        # formula or an indented paragraph, one back at the label's margin after a sentence's
        # end the next block (GeoTopo p. 18: 'Beweis: …' 22 pt under 'Sei f : X → Y stetig. …',
        # which is 14 pt under 'Bemerkung 17'; the page's pitch is 20 pt, its formulas')
        if left > prev.left + 0.8 * size:
            return False
        if left < prev.left - 0.8 * size and _ends_sentence(prev.text):
            return False
    second = group.column + 1  # the paragraph's second line, or the second in this column
    if len(lines) > second:
        body_left = lines[second].left
        if prev.left < body_left - 0.8 * size:
            body_left = prev.left  # the margin under a heading read with an indented first line
        if left > body_left + 0.8 * size:
            return False  # first-line indent of the next paragraph
        if left < body_left - 0.8 * size:
            # outdented: a new hanging paragraph, unless it runs on a line of CJK prose that
            # reaches its column's edge (a heading as wide as the text and opening with no number,
            # read with the indented first line of the paragraph under it: _starts_paragraph)
            if wrap is None:
                wrap = bool(cjk) and _cjk_wrap(prev, line, cjk)
            if not wrap:
                return False
    if left > prev_right or right < prev.left:
        # side by side, not stacked; but a line of a character or two at the margin under the
        # indented first line of a paragraph of CJK prose runs it on ('况' under '一、 截至…担保情')
        if wrap is None:
            wrap = bool(cjk) and _cjk_wrap(prev, line, cjk)
        return wrap
    return True


def _starts_paragraph(
    group: Group, line: Line, after: Line | None, limit: float, ends: dict[int, float]
) -> bool:
    """Whether ``line`` starts a paragraph after ``group``'s where no first-line indent tells
    (``_continues`` compares a line with the paragraph's second): ``line`` is a paragraph's indented
    first line (``_opens_indented``; ``after``: the line given after it) or opens with a Chinese
    number ('(一)', '四、'), and the paragraph's last line ends more than 2.5 font sizes short of
    the right edge of the column (as far as the paragraph's lines and those starting where that
    line starts reach: ``ends``), a heading's or a paragraph's end. CJK text wraps at any
    character and a Latin line ends short only before a word that would not fit, so a short line
    ends its paragraph where the next line starts one. A paragraph's only line (in its column)
    opening with a Chinese number is a numbered heading also where it runs to the edge, over an
    indented first line (pr-136-example.pdf p. 3: '(三) 有关部门…有关政策' over '浙江省人民政府…');
    otherwise a full line under full lines at its indent goes on their paragraph (a block quote)."""
    size, text = line.size, line.text
    numbered = text[0] in _CJK_ORDINAL_FIRST and _CJK_ORDINAL.match(text) is not None
    if not numbered and (after is None or line.left <= after.left + 0.8 * size):
        return False  # cheap tests first: no number, and no line under this one further left
    prev = group.lines[-1]
    right = max(group.right, line.right, _column_right(ends, prev.left))
    if prev.right < right - 2.5 * size:
        return numbered or _opens_indented(line, after, limit, ends)
    return (
        len(group.lines) == group.column + 1
        and _CJK_ORDINAL.match(prev.text) is not None
        and _opens_indented(line, after, limit, ends)
    )


def _term_item(group: Group, line: Line) -> bool:
    """Whether ``line``, a regular line right of the last item's marker, runs on that item where
    the item's only line is bold after a regular item of the list: the item names a term in bold
    (``d) Halbgeraden:`` after ``a)`` to ``c)`` in GeoTopo, its display formulas under it), where a
    bold item opening a list is a numbered title."""
    items, lines = group.items, group.lines
    return (
        len(items) > 1
        and group.item_line == len(lines) - 1
        and lines[-1].bold
        and not line.bold
        and not lines[group.item_line - 1].bold
        and line.left > items[-1][3] + 0.3 * line.size
    )


def _same_start(a: str, b: str) -> bool:
    """Whether two lines start with the same word of two characters or more, a letter first
    (``M. Gaëtan Gagné, conseiller municipal`` / ``M. David Huggins-Daines, conseiller
    municipal``; not a symbol or a variable of a formula set over lines)."""
    end = a.find(" ")
    return end > 1 and a[0].isalpha() and b[: end + 1] == a[: end + 1]


def _right_to_left(text: str) -> bool:
    """Whether the first letter among the first eight characters of ``text`` is Hebrew or
    Arabic: the line's start is at its right."""
    for ch in text[:8]:
        if ch.isalpha():
            return "\u0590" <= ch <= "\u08ff" or "\ufb1d" <= ch <= "\ufefc"
    return False


def _continues_rtl(lines: Sequence[Line], line: Line, size: float) -> bool:
    """The paragraph tests of ``_continues`` mirrored for right-to-left lines: they start at the
    right edge, and a paragraph's short last line ends short of the left one."""
    prev = lines[-1]
    column_left = min(min(ln.left for ln in lines), line.left)
    if prev.left > column_left + 2.5 * size and _ends_sentence(prev.text):
        return False  # the previous line was the short last line of a paragraph
    if len(lines) > 1:
        body_right = lines[1].right
        if line.right < body_right - 0.8 * size:
            return False  # first-line indent of the next paragraph
        if line.right > body_right + 0.8 * size:
            return False  # outdented: a new hanging paragraph
    return not (line.left > prev.right or line.right < prev.left)  # stacked, not side by side


# -- headings ------------------------------------------------------------------------------------

#: On a scan's OCR text layer, a heading's size must be this many times the body size: OCR sets
#: each line's size to fit the line it read, so sizes there vary by a tenth from line to line.
SCAN_LARGER = 1.25


def body_size(groups: Sequence[Group]) -> float:
    """The font size carrying most characters in the document (the first seen among equals)."""
    # characters per exact size first, then per half-point: a document has few distinct sizes,
    # and both dicts keep the order in which sizes first occur
    by_size: dict[float, int] = {}
    get = by_size.get
    for g in groups:
        for ln in g.lines:
            size = ln.size
            by_size[size] = get(size, 0) + len(ln.text)
    weight: dict[float, int] = {}
    for size, n in by_size.items():
        key = round(size * 2) / 2
        weight[key] = weight.get(key, 0) + n
    return max(weight.items(), key=itemgetter(1))[0] if weight else 10.0


@dataclass(frozen=True, slots=True)
class _PageShape:
    lefts: tuple[float, ...]  # the most used left edges (column margins)
    center: float  # middle of the text area
    right: float  # right edge of the text area (where right-to-left lines start)
    margins: tuple[float, ...] = ()  # the document's most used left edges


def _shapes(groups: Sequence[Group]) -> dict[int, _PageShape]:
    by_page: dict[int, list[Line]] = {}
    for g in groups:
        by_page.setdefault(g.page, []).extend(g.lines)
    out = {}
    document: dict[float, int] = {}  # the weights of all pages
    for page, lines in by_page.items():
        weight: dict[float, int] = {}
        get = weight.get
        # the text area: leftmost start and rightmost end of the lines over 30 characters (of all
        # lines when there is none), first seen among equals as min() and max() keep them
        first = lines[0]
        low, high = first.left, first.right
        long_low = long_high = None
        for ln in lines:
            n, left, right = len(ln.text), ln.left, ln.right
            key = round(left / 3) * 3
            weight[key] = get(key, 0) + n
            if left < low:
                low = left
            if right > high:
                high = right
            if n > 30:
                if long_low is None:
                    long_low, long_high = left, right
                else:
                    if left < long_low:
                        long_low = left
                    if right > long_high:
                        long_high = right
        for key, w in weight.items():
            document[key] = document.get(key, 0) + w
        if long_low is not None:
            low, high = long_low, long_high
        out[page] = _PageShape(_margins(weight), (low + high) / 2, high)
    # a page's margins and the document's: a heading keeps the document's margin on a page of
    # mostly indented text (a long quotation)
    margins = _margins(document)
    return {page: replace(shape, margins=margins) for page, shape in out.items()}


def _margins(weight: dict[float, int]) -> tuple[float, ...]:
    """The left edges (of ``weight``: characters per edge) carrying at least 10 % of the
    characters, four at most, heaviest first, equals in first-seen order (as
    Counter.most_common)."""
    total = sum(weight.values()) or 1
    heaviest = sorted(weight.items(), key=itemgetter(1), reverse=True)[:4]
    return tuple(x for x, w in heaviest if w >= 0.1 * total)


def _aligned(group: Group, shape: _PageShape) -> bool:
    """A heading starts at a column margin (the right edge of the text area for a right-to-left
    heading) or is centred on the text area (figure labels are not)."""
    first = group.first
    tolerance = 1.5 * max(first.size, 6.0)
    if any(abs(first.left - x) <= tolerance for x in shape.lefts):
        return True
    if any(abs(first.left - x) <= tolerance for x in shape.margins):
        return True
    if abs(first.right - shape.right) <= tolerance and _right_to_left(first.text):
        return True
    return _centred(group, shape)


def _heading_key(
    group: Group, body: float, shape: _PageShape | None, scan: bool = False
) -> tuple[float, bool] | None:
    """The style key (size, bold) ranking ``group`` as a heading, or None when it is none;
    ``shape`` None: wherever the group starts (a slide's title)."""
    if group.code:
        return None
    size = round(group.size * 2) / 2
    if group.is_list and not (_numbered_title(group) or _large_numbered_title(group, size, body)):
        return None  # a list, except one numbered line: "1. Introduction" is a heading when styled so
    if not (size >= body + 1.0 or group.bold) or (shape is not None and not _aligned(group, shape)):
        return None
    text = group.text()
    if len(text) > 200 or len(group.lines) > 3 or not (_has_letters(text, 3) or _INITIALS.match(text)):
        return None
    if any(_sparse(ln) for ln in group.lines):
        return None  # sparse: labels spread over a figure, not a heading
    if scan and _ocr_noise(group):
        return None  # a stamp's or a signature's strokes read as text
    if any(_is_entry(ln.text) for ln in group.lines):
        return None  # an entry of a table of contents, set in the style of the heading it names
    if size >= body + 1.0 and size >= body * (SCAN_LARGER if scan else 1.1):
        if _weak(group, size, body) and _sentence(text):
            return None  # a paragraph set a size up (Word's 11 pt among 10): a sentence, no title
        return (size, group.bold)
    if scan:
        return None  # an OCR layer's bold is the engine's guess
    if (
        group.bold
        and abs(size - body) < 1.0
        and (len(group.lines) == 1 or (len(group.lines) == 2 and (group.is_list or _label(group, shape))))
        and len(text) <= 100
        and not text.endswith((".", ",", ";"))
        and (text[0].isupper() or text[0].isdigit() or _cjk_label(text))
        and _CAPTION.match(text) is None
    ):
        return (size, True)
    return None


#: a bold line of CJK text at the body's size holds at most this many characters to be a heading
CJK_LABEL = 40


def _cjk_label(text: str) -> bool:
    """Whether ``text``, a bold line at the body's size, is shaped as a CJK heading, where a Latin one
    opens with a capital or a digit (CJK text has no case): it opens with a CJK ideograph or kana,
    holds at most CJK_LABEL characters and ends neither a sentence nor a clause (``，``, ``、``)."""
    first = text[0]
    return (
        _is_cjk(first)
        and first.isalpha()
        and len(text) <= CJK_LABEL
        and not _ends_sentence(text)
        and not text.endswith(_CLAUSE_MARKS)
    )


#: a heading's line is no wider than SPARSE_HEADING font sizes per character, SPARSE_CJK per CJK
#: character: a CJK character is one font size wide, a Latin letter about half of one and a bold
#: capital under 0.75; a CJK title letter-spaced by up to a fifth of a character passes
SPARSE_HEADING = 0.85
SPARSE_CJK = 1.2


def _sparse(line: Line) -> bool:
    """Whether ``line`` is far wider than its characters: labels spread over a figure (or the
    cells of a row) that pdfium read as one line. A CJK character counts SPARSE_CJK: counted at
    SPARSE_HEADING as the others are, a CJK title, each character one font size wide, was taken
    for such labels."""
    text = line.text
    cjk = len(_CJK.findall(text))
    width = SPARSE_HEADING * (len(text) - cjk) + SPARSE_CJK * cjk if cjk else SPARSE_HEADING * len(text)
    return line.right - line.left > width * line.size


#: on a scan's text layer, a line narrower than this share of its characters' width at its size (a
#: CJK character one font size wide, another SPARSE_OTHER of one) is no text set in that size
NOISE_WIDTH = 0.5


def _ocr_noise(group: Group) -> bool:
    """Whether ``group``, read by OCR from a scan, is noise rather than a heading: under half of its
    characters (spaces aside) letters or digits (a seal's ring read as quotes and commas around a
    few characters), or a line narrower than NOISE_WIDTH of its characters' width at its size: the
    size OCR gave is the height of a stamp's or a signature's strokes (``w镰曹潞脚``, 93 pt wide in
    49.8 pt), where a line of text OCR read measures 0.69 to 0.87 of that width (the text layers of
    pr-136-example.pdf and sample_corpus/pdf/scanned.pdf)."""
    text = group.text()
    marks = sum(1 for ch in text if not ch.isspace())
    if 2 * sum(1 for ch in text if ch.isalnum()) < marks:
        return True
    for ln in group.lines:
        t = ln.text
        cjk = len(_CJK.findall(t))
        if ln.right - ln.left < NOISE_WIDTH * ln.size * (cjk + SPARSE_OTHER * (len(t) - cjk)):
            return True
    return False


#: A heading by size alone, not bold, under this many times the body size is weak evidence: a
#: paragraph set a size up (11 pt among 10) passes the size test as a title does.
WEAK_LARGER = 1.25
#: a sentence of this many words or more, ending in a stop, is no title set a size up; in CJK text,
#: which sets no space between words, of this many CJK characters or more, ending in '。'
SENTENCE_WORDS = 8
SENTENCE_CJK = 16


def _weak(group: Group, size: float, body: float) -> bool:
    """Whether ``group`` is a heading by its size alone, a little over the body's."""
    return not group.bold and size < body * WEAK_LARGER


def _sentence(text: str) -> bool:
    """A full sentence: ends in a stop (not an ellipsis) and runs to SENTENCE_WORDS words, or, in
    CJK text, ends in an ideographic stop (``。``, also before closing quotes or brackets) and runs
    to SENTENCE_CJK CJK characters."""
    end = text.rstrip(_CLOSERS)
    if end.endswith(".") and not end.endswith("..") and len(text.split()) >= SENTENCE_WORDS:
        return True
    if not text.rstrip(_CJK_CLOSERS).endswith(("\u3002", "\uff61")):
        return False
    return len(_CJK.findall(text)) >= SENTENCE_CJK


#: a figure's or a table's caption (``Figure 1: A sample message``), set in the body's bold as
#: often as a heading is: no heading at the body's size
_CAPTION = re.compile(
    r"(?:Figure|Fig\.|Table|Exhibit|Chart|Abbildung|Abb\.|Tabelle|Tableau)\s+[0-9IVX]+(?:[.-]\d+)*[a-z]?\s*[:.–—-]\s"
)


def _label(group: Group, shape: _PageShape | None) -> bool:
    """Whether two bold lines are a label set over two lines: centred, or the first ending where
    the second's first word would have fitted after it in their column (``Definition 60`` over
    ``§3) Anordnungsaxiome`` in GeoTopo), where a bold paragraph's first line is full (the
    Federal Register's bold heads wrapped in its narrow columns stay text)."""
    if _centred(group, shape):
        return True
    first, second = group.lines
    return shape is not None and not _wraps(first, second, max(group.column_right, group.right))


def _centred(group: Group, shape: _PageShape | None) -> bool:
    """Every line of ``group`` centred on the page's text area."""
    return shape is not None and all(
        abs((ln.left + ln.right) / 2 - shape.center) <= 2 * ln.size for ln in group.lines
    )


def _numbered_title(group: Group) -> bool:
    """Whether a list group is shaped as a numbered title: one numbered item, on one line or
    wrapped with its lines under the marker (``12. Summary Immutable Verbose Dependency`` /
    ``Pathway``), where a list item's lines hang right of it."""
    items = group.items
    if len(items) != 1 or not items[0][1]:
        return False
    lines = group.lines
    if len(lines) == 1:
        return True
    marker_left = items[0][3]
    return len(lines) <= 3 and all(ln.left <= marker_left + 0.3 * ln.size for ln in lines[1:])


def _large_numbered_title(group: Group, size: float, body: float) -> bool:
    """Whether a list group is one numbered item of up to three lines set as a heading is set
    (``size``, a size over the body's ``body``, as :func:`_heading_key` asks), its lines
    hanging right of the marker: a list's items are set in the body's size (chelsea_pdta.pdf
    p. 24, ``4. Une stratégie pour l’avenir du Plan directeur de`` / ``transport actif de
    Chelsea`` in 24 pt bold)."""
    items = group.items
    return (
        len(items) == 1
        and bool(items[0][1])
        and len(group.lines) <= 3
        and size >= body + 1.0
        and size >= body * 1.1
    )


#: two capitals joined by & or / (Q&A, R&D, I/O): a title of two letters
_INITIALS = re.compile(r"^[A-Z]\s?[&/]\s?[A-Z]$")


#: Slides whose first text is their largest heading, at least this share of the pages, make their
#: titles one level.
SLIDE_TITLES = 0.6


def _place_slide_titles(
    groups: Sequence[Group], keys: list, body: float, tops: Mapping[int, float], scans: frozenset[int]
) -> None:
    """Give a key to each slide's first group where it starts above ``tops[page]`` and is a
    heading but for its place: a slide's title is where its box was put (``Q&A`` on the 100G
    deck's last slide stands right of its list's margin and off its centre)."""
    seen: set[int] = set()
    for i, g in enumerate(groups):
        if g.page in seen:
            continue
        seen.add(g.page)
        if keys[i] is None and g.first.base >= tops.get(g.page, math.inf):
            keys[i] = _heading_key(g, body, None, g.page in scans)


def _slide_titles(groups: Sequence[Group], keys: Sequence, tops: Mapping[int, float]) -> set[int]:
    """The groups that are slide titles: on each page, the first group, when it is a heading
    starting above ``tops[page]`` (the top of the slide) and none on the page is larger.
    Presentation programs shrink a long title to fit its box (the 100G Keynote deck sets one
    title style from 33 to 77 pt), so ranking titles by size nests unrelated slides; when most slides open with such a title, all of them are level 1 and the
    other headings rank below them. Empty when fewer than SLIDE_TITLES of the pages (all of
    them, those holding only a table or a picture too) do."""
    first: dict[int, int] = {}
    largest: dict[int, float] = {}
    for i, (g, key) in enumerate(zip(groups, keys, strict=True)):
        first.setdefault(g.page, i)
        if key is not None:
            largest[g.page] = max(largest.get(g.page, 0.0), key[0])
    titles = {
        i
        for page, i in first.items()
        if keys[i] is not None and keys[i][0] >= largest[page] and groups[i].first.base >= tops.get(page, 0.0)
    }
    return titles if len(titles) >= SLIDE_TITLES * len(tops) else set()


#: the words of a text, for ``_label_key``
_WORDS = re.compile(r"\w+")
#: a weak heading is text when the document sets at least this many of its twins as body text
TWINS = 2


def _label_key(text: str) -> str:
    """What a short block is known by among its twins: its words up to a number among its first
    three (``question #`` for ``Question 15 : Groupe d'âge`` and ``Question 16: Distribution
    …``), else all its words; case folded, digits as ``#``."""
    words = _WORDS.findall(text.casefold())
    for k, word in enumerate(words[:3]):
        if any(ch.isdigit() for ch in word):
            words = words[: k + 1]
            break
    return " ".join(_DIGITS.sub("#", w) for w in words)


def _label_twins_demoted(groups: Sequence[Group], keys: list, body: float) -> None:
    """Set to None the keys of the weak headings (``_weak``) whose label (``_label_key``) the
    document sets more often as short text in the body's size: one block of a repeated label
    set a size up (Word's 11 pt: the Chelsea plan's ``Résutats`` over one page's table among
    thirteen, ``Question 15`` among seventeen others) reads as its twins do."""
    weak: dict[str, list[int]] = {}
    for i, (g, key) in enumerate(zip(groups, keys, strict=True)):
        if key is not None and _weak(g, key[0], body):
            weak.setdefault(_label_key(g.text()), []).append(i)
    if not weak:
        return
    # the twins open with a weak heading's first word: only those texts are read whole
    firsts = {label.split(" ", 1)[0] for label in weak}
    as_text: dict[str, int] = {}
    for g, key in zip(groups, keys, strict=True):
        if key is not None or len(g.lines) > 3 or g.is_list or g.bold or round(g.size * 2) / 2 != body:
            continue
        first = _WORDS.search(g.lines[0].text)
        if first is not None and _DIGITS.sub("#", first[0].casefold()) in firsts:
            label = _label_key(g.text())
            as_text[label] = as_text.get(label, 0) + 1
    for label, found in weak.items():
        twins = as_text.get(label, 0)
        if label and twins >= TWINS and twins > len(found):
            for i in found:
                keys[i] = None


def _has_letters(text: str, n: int) -> bool:
    """At least ``n`` letters in ``text``."""
    for ch in text:
        if ch.isalpha():
            n -= 1
            if n <= 0:
                return True
    return False


#: a mark (a legend's swatch, a key's symbol) stands beside a line when it ends at most this many
#: of the line's sizes left of it, at most this many sizes high, its middle on the line's height
MARK_GAP = 1.5
MARK_HEIGHT = 1.5


def beside_mark(line: Line, marks: Sequence[tuple[float, float, float, float]]) -> bool:
    """Whether a small drawn mark (``marks``: (left, bottom, right, top) of a page's small
    paths) stands just left of ``line``, about its height: the line is a legend's or a key's
    label (a chart's coloured swatch, a symbol drawn before ``= Ressource humaine``)."""
    if not line.upright:
        return False
    size = line.size
    low, high = line.base - 0.3 * size, line.base + size
    for _, bottom, right, top in marks:
        if (
            right <= line.left + 0.2 * size
            and line.left - right <= MARK_GAP * size
            and top - bottom <= MARK_HEIGHT * size
            and low <= (top + bottom) / 2 <= high
        ):
            return True
    return False


def to_blocks(
    groups: Sequence[Group],
    outline: Sequence[OutlineEntry] = (),
    scans: frozenset[int] = frozenset(),
    slides: Mapping[int, float] | None = None,
    tabled: Sequence[Line] = (),
    labels: Collection[int] = (),
) -> list[tuple[Group, Block]]:
    """Blocks for the groups of the whole document, headings ranked by font size across it, or
    by the outline where it names them; ``scans``: the pages that are scans under an OCR text
    layer; ``slides``: when the pages are slides (landscape), the height on each above which a
    slide's title starts, for titles of one level whatever their size (see ``_slide_titles``); ``tabled``: the lines read
    as table cells, which count for the body size; ``labels``: the ids of the groups that are a
    legend's labels (``beside_mark``), never headings. Each block comes with the group it was made of;
    a group holding several bookmarked titles gives a block for each."""
    owners: Sequence[Group] = groups
    if outline:
        owners, groups = _split_titles(groups, outline)
    body = body_size([*groups, Group(0, list(tabled))] if tabled else groups)
    shapes = _shapes(groups)
    keys = [
        None if labels and id(o) in labels else _heading_key(g, body, shapes[g.page], g.page in scans)
        for o, g in zip(owners, groups, strict=True)
    ]
    _label_twins_demoted(groups, keys, body)
    owners, groups, keys = _one_titles(owners, groups, keys, body, shapes, scans)
    if slides:
        _place_slide_titles(groups, keys, body, slides, scans)
    titles = _slide_titles(groups, keys, slides) if slides else set()
    ranks = sorted(
        {k for i, k in enumerate(keys) if k is not None and i not in titles}, key=lambda k: (-k[0], not k[1])
    )
    first = 2 if titles else 1
    level_of = {k: min(i + first, 6) for i, k in enumerate(ranks)}
    levels = _outline_levels(groups, keys, level_of, outline) if outline else {}
    levels = {i: 1 for i in titles} | levels
    numbered = _cjk_numbered_heads(groups, keys)
    depth_of = {kind: d for d, kind in enumerate(sorted(set(numbered.values())), 1)}
    above = 0  # the level of the last heading ranked by style or outline
    out: list[tuple[Group, Block]] = []
    for i, (owner, g, key) in enumerate(zip(owners, groups, keys, strict=True)):
        if i in levels:
            above = levels[i]
            block = new_block(HEADING, g.text(), above, page=g.page)
        elif key is not None:
            above = level_of[key]
            block = new_block(HEADING, g.text(), above, page=g.page)
        elif i in numbered:
            block = new_block(HEADING, g.text(), min(above + depth_of[numbered[i]], 6), page=g.page)
        elif g.code:
            block = new_block(CODE, g.text(), page=g.page)
        elif g.is_list:
            items = tuple(ListItem(text=t, level=lv, ordered=o) for lv, o, t, _ in g.items)
            block = new_block(LIST, render_list(items), items=items, meta=_OWN_MARKERS, page=g.page)
        elif len(g.lines) == 1 and _TYPED_RULE.fullmatch(g.text()) is not None:
            continue  # a rule typed as text (its own line above a page's footnotes): no text
        else:
            block = new_block(PARAGRAPH, g.text(), page=g.page)
        out.append((owner, block))
    return out


#: two heading lines whose sizes differ by less than this many points are one title when they
#: stand one under the other, centred together: a scan's text layer sets each line's size as read
#: from the image (pr-136-example.pdf's title lines measure 24.8 and 25.7 pt)
TITLE_SIZES = 1.0
#: the lines of one title stand at most this many font sizes apart, baseline to baseline
TITLE_PITCH = 1.6


def _one_titles(
    owners: Sequence[Group],
    groups: Sequence[Group],
    keys: Sequence,
    body: float,
    shapes: Mapping[int, _PageShape],
    scans: frozenset[int],
) -> tuple[list[Group], list[Group], list]:
    """Join two headings of different keys that are one title set over two lines in a size a
    little apart (``_title_lines``) into one group, its key as ``_heading_key`` gives it; without
    the join each line took a level of its own, the second nested under the first. ``owners``,
    ``groups`` and ``keys`` in step, as ``to_blocks`` holds them; the joined group's owner is the
    first line's."""
    if sum(1 for k in keys if k is not None) < 2:
        return list(owners), list(groups), list(keys)
    out_owners: list[Group] = []
    out_groups: list[Group] = []
    out_keys: list = []
    i, n = 0, len(groups)
    while i < n:
        g, key = groups[i], keys[i]
        if i + 1 < n and key is not None and keys[i + 1] is not None and keys[i + 1] != key:
            after = groups[i + 1]
            if owners[i + 1] is not owners[i] and _title_lines(g, after, shapes.get(g.page)):
                joined = Group(g.page, words=g.words)
                for line in (*g.lines, *after.lines):
                    joined.add(line)
                joined_key = _heading_key(joined, body, shapes.get(g.page), g.page in scans)
                if joined_key is not None:
                    out_owners.append(owners[i])
                    out_groups.append(joined)
                    out_keys.append(joined_key)
                    i += 2
                    continue
        out_owners.append(owners[i])
        out_groups.append(g)
        out_keys.append(key)
        i += 1
    return out_owners, out_groups, out_keys


def _title_lines(first: Group, second: Group, shape: _PageShape | None) -> bool:
    """Whether ``second`` goes on with the title ``first`` opens: one line each, on one page, in
    one weight, sizes under TITLE_SIZES apart, ``second`` right under ``first`` (at most
    TITLE_PITCH font sizes between their baselines), both centred on the page's text area and on
    one another (their middles within a font size), ``first`` ending no sentence nor clause."""
    if len(first.lines) != 1 or len(second.lines) != 1 or first.page != second.page:
        return False
    a, b = first.lines[0], second.lines[0]
    size = max(a.size, b.size)
    if a.bold != b.bold or abs(a.size - b.size) >= TITLE_SIZES or not (a.upright and b.upright):
        return False
    pitch = a.base - b.base
    if pitch <= 0 or pitch > TITLE_PITCH * size:
        return False
    if abs((a.left + a.right) / 2 - (b.left + b.right) / 2) > size:
        return False
    text = a.text.rstrip()
    if _ends_sentence(text) or text.endswith((*_CLAUSE_MARKS, ".")):
        return False
    return _centred(first, shape) and _centred(second, shape)


#: the rank of each kind of Chinese number opening a heading: '一、' over '(一)' over '1、' over '（1）'
_ORDINAL_RANKS = {"、": 1, ")": 2, "）": 2}
#: what a line ending a clause, not a heading, ends in
_CLAUSE_MARKS = ("\uff0c", ",", "\u3001")


def _ordinal_rank(text: str) -> int | None:
    """The rank of the Chinese number opening ``text`` (``_ORDINAL_RANKS``; a digit's one two
    further down), or None when none does."""
    match = _CJK_ORDINAL.match(text) if text[0] in _CJK_ORDINAL_FIRST else None
    if match is None:
        return None
    number = match.group()
    return _ORDINAL_RANKS[number[-1]] + (2 if any(ch.isdigit() for ch in number) else 0)


def _cjk_numbered_heads(groups: Sequence[Group], keys: Sequence) -> dict[int, int]:
    """The groups that are numbered headings of a Chinese document, ``{group index: rank}``
    (``_ordinal_rank``): a paragraph that opens with a Chinese number followed by CJK text, ends
    neither a sentence nor a clause and is one line, or two where the second is at most half as
    wide as the first (a heading wrapped by a few characters: ``一、 截至20I5年末，…担保情`` /
    ``况``), with more text on its page after it (a paragraph cut by the page's end goes on on the
    next). pr-136-example.pdf, a scan's text layer that sets each line's size as read, so that
    style cannot tell its headings, numbers them so: ``一、`` over ``(一) 神鹰集团2015 年末的财务状况``.
    Such lines next to one another, each opening with a number of one kind, are a list's items
    (``1、 合同`` / ``2、 发票``), not headings."""
    found: dict[int, int] = {}
    last = len(groups) - 1
    for i, (g, key) in enumerate(zip(groups, keys, strict=True)):
        lines = g.lines
        if (
            key is not None
            or g.code
            or g.is_list
            or len(lines) > 2
            or lines[0].text[:1] not in _CJK_ORDINAL_FIRST
        ):
            continue
        if len(lines) == 2 and lines[1].right - lines[1].left > (lines[0].right - lines[0].left) / 2:
            continue
        if i == last or groups[i + 1].page != g.page:
            continue
        text = g.text()
        rank = _ordinal_rank(text)
        if rank is None or _ends_sentence(text) or text.endswith(_CLAUSE_MARKS):
            continue
        if _CJK.search(text, _CJK_ORDINAL.match(text).end()) is not None:
            found[i] = rank
    return {i: rank for i, rank in found.items() if found.get(i - 1) != rank and found.get(i + 1) != rank}


# -- the outline (bookmarks) ---------------------------------------------------------------------

#: The outline sets the heading levels when it names at least this many of the document's blocks,
#: and this share of its entries; otherwise it is taken to describe something else and is unused.
OUTLINE_MATCHES = 3
OUTLINE_SHARE = 0.5
_NOT_WORD = re.compile(r"\W+")
#: a bookmarked block ending so is a sentence, not made a heading by the bookmark alone
_CLAUSE_END = (".", ",", ";", ":")


@dataclass(frozen=True, slots=True)
class OutlineEntry:
    """One bookmark: its depth in the outline (0 at the top), its title and the page it opens."""

    depth: int
    title: str
    page: int


def _title_key(text: str) -> str:
    """What a bookmark title and a heading's text are compared by: letters and digits only."""
    return _NOT_WORD.sub("", unicodedata.normalize("NFKC", text).casefold())


def _heading_shaped(group: Group) -> bool:
    if len(group.lines) > 3 or group.code:
        return False
    return not group.is_list or _numbered_title(group)


def _split_titles(
    groups: Sequence[Group], outline: Sequence[OutlineEntry]
) -> tuple[list[Group], list[Group]]:
    """Split the groups of 2 or 3 lines whose lines, taken in turn, make up bookmarked titles of
    their page (two headings of one style on consecutive lines are grouped as one): the owning
    groups and the groups to make blocks of, in step."""
    titles: dict[int, set[str]] = {}
    for entry in outline:
        for page in (entry.page, entry.page + 1):
            titles.setdefault(page, set()).add(_title_key(entry.title))
    owners: list[Group] = []
    pieces: list[Group] = []
    for g in groups:
        named = titles.get(g.page)
        parts = (
            _title_parts(g, named)
            if named and 1 < len(g.lines) <= 3 and not g.is_list and not g.code
            else None
        )
        for part in parts or (g,):
            owners.append(g)
            pieces.append(part)
    return owners, pieces


def _title_parts(group: Group, titles: set[str]) -> list[Group] | None:
    parts: list[Group] = []
    start = 0
    for end in range(1, len(group.lines) + 1):
        if _title_key(join_lines([ln.text for ln in group.lines[start:end]])) in titles:
            part = Group(group.page, words=group.words)
            for line in group.lines[start:end]:
                part.add(line)
            parts.append(part)
            start = end
    return parts if start == len(group.lines) and len(parts) > 1 else None


def _outline_levels(
    groups: Sequence[Group], keys: Sequence, level_of: dict, outline: Sequence[OutlineEntry]
) -> dict[int, int]:
    """Heading levels ``{group index: level}`` taken from the outline, or ``{}`` when it does not fit.

    A bookmark names the first heading on the page it opens, or on the next page, whose text is
    its title (letters and digits compared, case aside). It can also name a block the style rules
    did not make a heading, of at most 3 lines and 150 characters that does not end a clause
    (``.`` ``,`` ``;`` ``:``); that block becomes a heading. Named headings take their depth in
    the outline, its top depth at the level the style ranking gave those headings. A heading the
    outline does not name takes the level of the last named heading of its style, else (before
    any) its style's rank.
    """
    pages = {e.page for e in outline}
    pages |= {p + 1 for p in pages}
    candidates: dict[tuple[int, str], list[int]] = {}
    as_text: dict[str, int] = {}  # the short texts of the blocks left as text, by _title_key
    for i, (g, key) in enumerate(zip(groups, keys, strict=True)):
        if not _heading_shaped(g):
            continue
        text = g.text()
        short = len(text) <= 150 and not text.endswith(_CLAUSE_END)
        title = _title_key(text) if key is not None or short else ""
        if key is None and short:
            as_text[title] = as_text.get(title, 0) + 1
        if g.page in pages and (key is not None or short):
            candidates.setdefault((g.page, title), []).append(i)
    # a bookmark on one of a label's repeats (the Chelsea plan's "Résutats" over each page's
    # table, bookmarked on one page of thirteen) does not make that one a heading
    candidates = {
        (page, title): [i for i in found if keys[i] is not None or as_text[title] == 1]
        for (page, title), found in candidates.items()
    }
    depth_of: dict[int, int] = {}
    for entry in outline:
        title = _title_key(entry.title)
        if not title:
            continue
        for page in (entry.page, entry.page + 1):
            found = next((i for i in candidates.get((page, title), ()) if i not in depth_of), None)
            if found is not None:
                depth_of[found] = entry.depth
                break
    if len(depth_of) < max(OUTLINE_MATCHES, OUTLINE_SHARE * len(outline)):
        return {}
    top = min(depth_of.values())
    first = min(
        (level_of[keys[i]] for i, d in depth_of.items() if d == top and keys[i] is not None),
        default=1,
    )
    levels = {i: min(first + d - top, 6) for i, d in depth_of.items()}
    last_of: dict = {}
    for i, key in enumerate(keys):
        if key is None:
            continue
        if i in depth_of:
            last_of[key] = levels[i]
        else:
            levels[i] = last_of.get(key, level_of[key])
    return levels


#: what may close a sentence after its stop (``… end.”``, ``(… end.)``)
_CLOSERS = "\"'\u201d\u2019\u00bb)] "
#: a page's column is known from this many of its lines beside a line, that one included
COLUMN_LINES = 3


def join_page_breaks(
    blocks: Sequence[Block],
    owners: Sequence[Group | None],
    body: Mapping[int, Sequence[Line]],
    words: Words | None = None,
) -> list[Block]:
    """A paragraph that ends a page without a stop, its last line running to the right edge of
    its column (the next word would not have fitted), followed by one that starts the next page
    in lower case, is one sentence cut by the page break: the two become one paragraph (joined
    as a page's lines are, ``join_lines``), on the page where it starts. A list ending a page so
    reads on likewise in its last item. In CJK text, which has
    no case, the next page's paragraph carries it on where it opens with CJK text at the column's
    left margin, no first-line indent and no number (``_cjk_runs_on``). A few characters standing
    alone under the paragraph at the page's foot (a page number OCR read as ``一``) do not part
    the two, nor do footnotes set under it in a smaller size (``_foot_note``): they stay after the
    joined paragraph. ``owners[k]`` is the group block ``k`` alone was made of (else None);
    ``body``: each page's lines in groups; ``words``: the document's, for a hyphen at the page's
    end."""
    out: list[Block] = []
    tail: Group | None = None  # the group of the last block read, the page's foot left out
    cut = -1  # the index in out of that block
    for b, g in zip(blocks, owners, strict=True):
        if (
            tail is not None
            and g is not None
            and cut >= 0
            and (_foot_mark(b, g, tail) or (out[cut].kind == PARAGRAPH and _foot_note(b, g, tail)))
        ):
            out.append(b)
            continue
        prev = out[cut] if cut >= 0 else None
        if (
            prev is not None
            and g is not None
            and tail is not None
            and b.kind == PARAGRAPH
            and (prev.kind == PARAGRAPH or (prev.kind == LIST and prev.items))
            and b.page == tail.page + 1
            and not prev.text.rstrip(_CLOSERS).endswith(_SENTENCE_END)
            and (
                (b.text[:1].islower() and _runs_on(tail.lines[-1], g.lines[0], body.get(tail.page, ())))
                or _cjk_runs_on(tail.lines[-1], g.lines[0], body.get(tail.page, ()), body.get(b.page, ()))
            )
        ):
            if prev.kind == LIST:  # the list's last item reads on: the paragraph joins that item
                item = prev.items[-1]
                items = (*prev.items[:-1], replace(item, text=join_lines([item.text, b.text], words)))
                text = render_list(items)
            else:
                items, text = prev.items, join_lines([prev.text, b.text], words)
            at = max(0, len(text) - len(b.text))  # where the next page's text starts,
            if at and not text[at - 1].isspace() and not _is_cjk(text[at - 1]) and not _is_cjk(text[at]):
                at = text.rfind(" ", 0, at) + 1  # its first word joined at a hyphen
            out[cut] = replace(prev, text=text, items=items, meta=onto_page(prev, at, b.page))
        else:
            out.append(b)
            cut = len(out) - 1
        tail = g
    return out


#: a block of at most this many characters (spaces aside), one line under the page's last
#: paragraph, is a mark at the page's foot (a page number, a dash), not text the paragraph ends on
FOOT_MARK = 3


def _foot_mark(block: Block, group: Group, tail: Group) -> bool:
    """Whether ``block`` (made of ``group``) is a mark of FOOT_MARK characters at most standing
    alone under ``tail``'s last line on its page."""
    return (
        block.kind == PARAGRAPH
        and group.page == tail.page
        and len(group.lines) == 1
        and len(block.text.replace(" ", "")) <= FOOT_MARK
        and group.lines[0].top <= tail.lines[-1].base
    )


#: a block whose lines are all set at most this share of the paragraph's size above it is small
#: print under the text (a footnote), no part of its flow
FOOT_NOTE_SIZE = 0.9


def _foot_note(block: Block, group: Group, tail: Group) -> bool:
    """Whether ``block`` (made of ``group``) is small print under ``tail``'s last line on its page
    (``tail``, a paragraph's group): a paragraph or list whose lines are all set in FOOT_NOTE_SIZE
    of that line's size at most, as footnotes at a page's foot are (``† An earlier version of this
    appeared in …`` in 8 pt under text in 10 pt)."""
    last = tail.lines[-1]
    return (
        block.kind in (PARAGRAPH, LIST)
        and group.page == tail.page
        and group.lines[0].top <= last.base
        and max(ln.size for ln in group.lines) <= FOOT_NOTE_SIZE * last.size
    )


def onto_page(block: Block, offset: int, page: int) -> dict:
    """``block``'s meta once text from ``page`` is joined to it from ``offset`` on: PAGE_END
    ``page``, and the break in PAGE_BREAKS, so the parts cut from it say their own pages."""
    breaks = block.meta.get(PAGE_BREAKS, ())
    return {**block.meta, PAGE_END: page, PAGE_BREAKS: (*breaks, (offset, page))}


def _runs_on(last: Line, first: Line, lines: Sequence[Line]) -> bool:
    """Whether ``first`` carries the sentence of ``last`` on, as at the top of a column
    (``_continues``: both of at least COLUMN_LINE characters, upright, in one size and weight,
    ``last`` not ending in a number) and its first word would not have fitted after ``last`` in
    its column: the right edge of the page's lines beside ``last`` (at least COLUMN_LINES)."""
    if not (
        len(last.text) >= COLUMN_LINE
        and len(first.text) >= COLUMN_LINE
        and not last.text[-1].isdigit()
        and abs(last.size - first.size) <= 0.6
        and last.bold == first.bold
        and last.upright
        and first.upright
    ):
        return False
    column = [ln for ln in lines if ln.left < last.right and ln.right > last.left and ln.upright]
    if len(column) < COLUMN_LINES:
        return False
    return _wraps(last, first, max(ln.right for ln in column))


def _cjk_runs_on(last: Line, first: Line, lines: Sequence[Line], next_lines: Sequence[Line]) -> bool:
    """Whether ``first``, the first line of a page, carries on the CJK paragraph ``last`` ends the
    page before on: ``last`` runs to the right edge of its column of CJK text (``_at_edge`` among
    ``lines``, its page's) and ends no sentence; ``first`` opens with a CJK character, not a number
    or a list's marker, in about ``last``'s size (as ``_cjk_wrap`` allows a scan's text layer) and
    weight, and starts at the left margin of its column (``next_lines``, its page's lines), where
    a paragraph's first line is indented."""
    text = first.text
    size = first.size
    if (
        not text
        or not _is_cjk(text[0])
        or _CJK_ORDINAL.match(text) is not None
        or _marker(text) is not None
        or last.bold != first.bold
        or not (last.upright and first.upright)
        or max(size, last.size) > CJK_SIZES * min(size, last.size)
        or _ends_sentence(last.text)
        or _CJK.search(last.text) is None
    ):
        return False
    column = [
        ln.left
        for ln in _cjk_lines(next_lines)
        if ln.upright
        and ln.left < first.right
        and ln.right > first.left
        and size / CJK_SIZES <= ln.size <= size * CJK_SIZES
    ]
    if len(column) < COLUMN_LINES:
        return False
    most = Counter(round(left / 3) for left in column).most_common(1)[0][0]
    margin = min(left for left in column if round(left / 3) == most)
    return first.left <= margin + 0.8 * size and _at_edge(last, _cjk_lines(lines))


#: the marker an ordered item's text opens with, as the list reader took it (``_ORDERED``,
#: ``_RUN_IN_NUMBER``): what stands before it, the number, letter or roman numeral, what closes it
_OWN_ORDINAL = re.compile(r"^([(\[]?)(\d{1,3}|[a-zA-Z]|[ivxIVX]{1,4})([.)\]])")
#: what an item's marker counts as: its punctuation (``()``, ``.``, ``)``, ``[]``), its kind of
#: numbering (``1`` digits, ``a`` / ``A`` letters, ``i`` / ``I`` roman numerals) and its value
Reading = tuple[str, str, int]


def _readings(item: ListItem) -> set[Reading]:
    """What the printed marker of ``item`` counts as (``_marker_readings``); nothing for a bulleted
    item."""
    return _marker_readings(item.text) if item.ordered else set()


def _marker_readings(text: str) -> set[Reading]:
    """What the marker ``text`` opens with counts as: ``b.`` the second lower-case letter, ``(iv)``
    roman 4, ``[3]`` and ``3)`` the number 3 in two styles; ``i.`` is both the ninth letter and
    roman 1 (also ``v``, ``x``, ``l``, ``c``)."""
    match = _OWN_ORDINAL.match(text)
    if match is None:
        return set()
    opens, mark, closes = match.groups()
    style = opens + closes
    if mark.isdigit():
        return {(style, "1", int(mark))}
    out: set[Reading] = set()
    if len(mark) == 1:
        out.add((style, "a" if mark.islower() else "A", ord(mark.lower()) - ord("a") + 1))
    if mark.islower() or mark.isupper():  # a roman numeral is written in one case
        value = roman_value(mark.lower())
        if value is not None:
            out.add((style, "i" if mark.islower() else "I", value))
    return out


def _counting_on(before: set[Reading], after: set[Reading]) -> set[Reading]:
    """The readings of ``after`` that follow one of ``before``: same punctuation and kind, the
    next value (``(b)`` after ``(a)``, ``2)`` after ``1)``, ``i.`` after ``h.`` as a letter)."""
    return {(style, kind, value) for style, kind, value in after if (style, kind, value - 1) in before}


def _two_tops(items: Iterable[ListItem]) -> list[ListItem]:
    """The first two top-level items of ``items`` (fewer where it holds fewer)."""
    return list(islice((it for it in items if it.level == 0), 2))


def _last_readings(items: Sequence[ListItem]) -> set[Reading]:
    """The readings of a list's last top-level marker, as the one before it reads it: ``i.`` after
    ``h.`` is a letter, not roman 1. (Looked for from the end: a list joined item by item grows.)"""
    tops = _two_tops(reversed(items))
    last = _readings(tops[0]) if tops else set()
    if len(tops) > 1:
        return _counting_on(_readings(tops[1]), last) or last
    return last


def _first_readings(items: Sequence[ListItem]) -> set[Reading]:
    """The readings of a list's first top-level marker, as the one after it reads it: ``i.``
    before ``ii.`` is roman 1, not a letter."""
    tops = _two_tops(items)
    first = _readings(tops[0]) if tops else set()
    if len(tops) > 1:
        after = _readings(tops[1])
        return {(s, k, v) for s, k, v in first if (s, k, v + 1) in after} or first
    return first


def join_lists(blocks: Sequence[Block]) -> list[Block]:
    """A list whose items ``group_page`` did not keep together reaches the blocks as several
    lists, an item or a run of items each (items further than SPACED_ITEMS sizes apart, set in
    another size, as an OCR layer gives lines of 12 and 11 pt, or over a page break); Markdown
    then writes them as lists of their own. Two lists with no other block between them (on one
    page, or the first ending its page and the second opening the next) are one where the
    second's first top-level marker counts on from the first's last (``_counting_on``: ``b.``
    after ``a.``, not ``a.`` after ``c.`` nor ``1.`` after ``a.``): one list on the first's
    page, its text rendered anew. Each marker is read as its neighbour in its own list reads it,
    and a letter that could be a roman numeral counts on as either (``i.`` after ``h.``)."""
    out: list[Block] = []
    for b in blocks:
        prev = out[-1] if out else None
        if (
            prev is not None
            and b.kind == LIST
            and prev.kind == LIST
            and prev.meta.get(OWN_MARKERS)
            and b.meta.get(OWN_MARKERS)
            and prev.page is not None
            and b.page in (prev.page, prev.page + 1)
            and _counting_on(_last_readings(prev.items), _first_readings(b.items))
        ):
            items = prev.items + b.items
            text = render_list(items)
            last = prev.meta.get(PAGE_END, prev.page)
            meta = prev.meta if b.page == last else onto_page(prev, len(render_list(prev.items)) + 1, b.page)
            out[-1] = replace(prev, text=text, items=items, meta=meta)
        else:
            out.append(b)
    return out


_MONTH = (
    r"(?:jan(?:uary|vier|uar)?|feb(?:ruary|ruar)?|f[ée]v(?:rier)?|mar(?:ch|s)?|m[äa]rz|apr(?:il)?|"
    r"avr(?:il)?|may|mai|june?|juin|juni|july?|juil(?:let)?|juli|aug(?:ust)?|ao[ûu]t|"
    r"sep(?:t(?:ember|embre)?)?|oct(?:ober|obre)?|okt(?:ober)?|nov(?:ember|embre)?|"
    r"d[ée]c(?:ember|embre)?|dez(?:ember)?)\.?"
)
_WEEKDAY = (
    r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|lundi|mardi|mercredi|jeudi|vendredi|samedi|"
    r"dimanche|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag),?\s+"
)
_YEAR = r"(?:1[89]|20)\d\d"
#: a line that is a date and nothing else: ``October 14, 1998``, ``Janvier 2021``, ``31. Januar
#: 2025``, ``2024-01-03``, ``03/01/2024``
_DATE_LINE = re.compile(
    rf"^(?:{_WEEKDAY})?(?:{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+{_YEAR}|"
    rf"\d{{1,2}}(?:\.|er|st|nd|rd|th)?\s+{_MONTH}\s+{_YEAR}|{_MONTH}\s+{_YEAR}|"
    rf"{_YEAR}-\d\d-\d\d|\d{{1,2}}[./]\d{{1,2}}[./]{_YEAR})$",
    re.IGNORECASE,
)


def title_dates(blocks: list[Block]) -> list[Block]:
    """A date alone among the headings that open the document on its first page, under its
    title (``The Crazy Ones`` / ``October 14, 1998``; a report's cover, ``Janvier 2021``), is the
    document's date, set like its title but no section of it: a paragraph. Not when another
    heading of the document is a date: then dates head its parts (minutes of several meetings)."""
    # every date here has its year, 18xx to 20xx: a heading without a 1 or a 2 is none (most)
    dated = [
        k
        for k, b in enumerate(blocks)
        if b.kind == HEADING and ("1" in b.text or "2" in b.text) and _DATE_LINE.match(b.text)
    ]
    if len(dated) != 1 or dated[0] == 0:
        return blocks
    k = dated[0]
    first = blocks[0].page
    if any(b.kind != HEADING or b.page != first for b in blocks[:k]):
        return blocks
    return [*blocks[:k], replace(blocks[k], kind=PARAGRAPH, level=0), *blocks[k + 1 :]]


#: headings that open a document's body under its title, never its byline
_BODY_OPENERS = frozenset(
    [
        "abstract",
        "introduction",
        "summary",
        "contents",
        "tableofcontents",
        "preface",
        "foreword",
        "overview",
        "background",
        "executivesummary",
        "résumé",
        "zusammenfassung",
        "einleitung",
        "inhalt",
        "vorwort",
        "sommaire",
        "avantpropos",
    ]
)
#: the words of a byline that may start in lower case: particles of names, "and", and the
#: small words of an affiliation
_NAME_PARTICLES = frozenset(
    ["and", "&", "und", "et", "y", "e", "de", "da", "di", "du", "del", "der", "den", "van", "von", "la", "le"]
    + ["of", "for", "at", "the"]  # an affiliation's: University of London, Institute for AI
)
#: a byline holds this many words at most (three authors with two names each and an affiliation)
BYLINE_WORDS = 12


def title_authors(blocks: list[Block]) -> list[Block]:
    """The headings right under the document's title on its first page (``Brandon Smock Rohith
    Pesala Robin Abraham Microsoft`` / ``Redmond, WA`` in PubTables-1M, ``Your Name``) that
    are a byline, not sections: ranked below the title and below the first heading after them
    (the body's first section, itself below the title: a chapter's title is followed by its
    sections, then by the next chapter's title), each short, its words capitalised names (``_byline``).
    They become paragraphs: a byline set larger than the body had opened sections of its own,
    each holding the next names and the abstract. One ranked with the sections (``Key
    Findings`` under a report's title) stays a heading."""
    first = next((k for k, b in enumerate(blocks) if b.kind == HEADING), None)
    if first is None or any(b.kind != IMAGE for b in blocks[:first]):
        return blocks
    title = blocks[first]
    end = first + 1
    while end < len(blocks) and blocks[end].kind == HEADING and blocks[end].page == title.page:
        end += 1
    after = next((b for b in blocks[end:] if b.kind == HEADING), None)
    if after is None or after.level <= title.level:
        return blocks  # a chapter's title, the next chapter's its peer: its subsections follow
    out = list(blocks)
    for k in range(first + 1, end):
        b = blocks[k]
        if b.level <= title.level or b.level <= after.level or not _byline(b.text):
            break
        out[k] = replace(b, kind=PARAGRAPH, level=0)
    return out


def _byline(text: str) -> bool:
    """Whether ``text`` reads as a line of names or an affiliation: at most BYLINE_WORDS words,
    the first a capitalised word, every other capitalised, a particle of a name (``van``,
    ``and``), a small word of an affiliation (``of``) or no word at all (a mark, a number: ``Shen1``, ``†``, a postcode); no heading
    that opens a body (``Abstract``) and no clause's end (``:``)."""
    words = text.replace(",", " ").split()
    if not words or len(words) > BYLINE_WORDS or text.endswith((":", ";", "?", "!")):
        return False
    if not words[0][0].isupper() or _title_key(text) in _BODY_OPENERS:
        return False
    return all(w[0].isupper() or w.casefold() in _NAME_PARTICLES or not _has_letters(w, 1) for w in words[1:])
