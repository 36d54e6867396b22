"""Text lines of a PDF page read through pdfium: text, geometry and font style per line.

pdfium returns a page's text in content order with generated ``\\r\\n`` between visual lines, and
the text index equals the character index (one UTF-16 unit per character). We split the text at
those breaks and query fonts and boxes mostly at the first and last character of each line (a
sample of its letters only where those differ in size, or for the weight of a bold line; the
origin of the first character where its box does not start at the baseline), which keeps the
cost per page at a few hundred C calls instead of several per character.
"""

from __future__ import annotations

import ctypes
import math
import re
import struct
import unicodedata
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from typing import NamedTuple

import pypdfium2.raw as pdfium_c

from ._pdf_capi import (
    char_object,
    count_chars,
    get_char_angle,
    get_char_box,
    get_char_origin,
    get_font_info,
    get_font_size,
    get_font_weight,
    get_matrix,
    text_range,
)

#: characters whose box does not start at the baseline: letters with a descender, brackets,
#: quotes and bullets
_OFF_BASELINE = frozenset(
    "gjpqyçşţ([{\"'\u201c\u201d\u201e\u2018\u2019\u201a\u00ab\u00bb"
    "\u2022\u2023\u25e6\u2043\u2219\u25aa\u25ab\u25cf\u25cb\u25a0\u25a1\u27a2\u2713\u2714*-\u2013"
    "\uf0b7\uf0a7\uf0d8\uf0fc"
)

#: Characters pdfium uses for a hyphen it removed when it joined two lines, soft hyphens and
#: controls that never belong in text.
_CLEAN = str.maketrans(
    dict.fromkeys("\ufffe\ufeff\x02\xad\x00\x01\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f")
    | {"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl"}
)
_SPACES = re.compile(r"[ \t\u00a0\u2000-\u200a\u202f\u3000]+")

#: At most this many characters of one page are read; a page beyond it is cut with a warning.
MAX_PAGE_CHARS = 400_000


#: A line is upright when its first character's rotation (radians) is within about 0.05 of 0 or
#: of 2π: below UPRIGHT_BELOW or above UPRIGHT_ABOVE (the hot loops compare these directly).
UPRIGHT_BELOW = 0.05
UPRIGHT_ABOVE = 6.23


class Line(NamedTuple):
    """One visual line (or a run of lines pdfium joined at a hyphen). A named tuple: pages have
    thousands of lines and a tuple is several times cheaper to build than a frozen dataclass."""

    page: int
    text: str
    size: float  # font size in points of the line's first character
    bold: bool  # last letter or digit bold, and nearly all letters of a line of words (page_lines)
    left: float
    right: float
    top: float  # PDF user space: y grows upwards
    base: float  # baseline of the first character (see page_lines)
    last_base: float  # baseline of the last character
    angle: float  # rotation of the first character, radians (0 for upright text)
    mono: bool = False  # first, middle and last character in a fixed-pitch font (see _is_mono)

    @property
    def end_base(self) -> float:
        """Baseline of the last visual line: the first character's unless pdfium joined two lines
        (a raised accent or footnote mark at the end does not move it)."""
        return self.last_base if abs(self.last_base - self.base) > 0.8 * self.size else self.base

    @property
    def upright(self) -> bool:
        return self.angle < UPRIGHT_BELOW or self.angle > UPRIGHT_ABOVE


#: a word whose hyphen pdfium replaced with U+FFFE when it joined two lines (the part after it is
#: looked at, not taken: a word split twice is rejoined at each break)
_JOINED_AT_HYPHEN = re.compile(r"([^\s\ufffe]*)\ufffe(?=([^\s\ufffe]*))")
#: what may open a word before its letters, and close it after them
_OPENING = "([{\"'\u201c\u2018\u00ab"
_CLOSING = ".,;:!?)]}\"'\u201d\u2019\u00bb"
#: the marks of a link or a path
_LINK = re.compile(r"[/\\_@]|www\.")


def keeps_hyphen(before: str, after: str) -> bool:
    """Whether the words ``before`` and ``after`` split at a line-end hyphen are one hyphenated
    word (the hyphen stays) rather than one word the typesetter hyphenated (the hyphen goes): the
    hyphen stays before a digit or a capital, after a digit, where either part holds a hyphen of
    its own (``state-`` / ``of-the-art``, ``End-to-`` / ``end``), and where the first part holds a
    capital past its first letter or looks like a link or a path (``FAA-`` / ``approved``)."""
    before = before.lstrip(_OPENING)
    after = after.rstrip(_CLOSING)
    if not after:
        return True  # nothing follows on the line: the next line's start decides
    if not before:
        return False
    if after[0].isdigit() or after[0].isupper() or before[-1].isdigit():
        return True
    if "-" in before or "-" in after or _LINK.search(before) is not None:
        return True
    return any(ch.isupper() for ch in before[1:])


class Words:
    """The words of a document, counted case folded, and what they say of a hyphen at a line end:
    a compound split there is written elsewhere in the document as one word (``nonstandard``)
    or with its hyphen (``multiple-valued``). ``joined``: the words pdfium's line-end hyphens
    made (``Join`` records), which are not counted: a word is not its own evidence; nor are the
    first parts of the words a cell's line end cut (``wraps``, ``Wrap`` records)."""

    __slots__ = ("_compounds_only", "_counts", "_joined", "_texts", "_tight", "_wraps")

    def __init__(self, texts: Sequence[str], joined: Sequence[Join] = (), wraps: Sequence[Wrap] = ()) -> None:
        self._texts, self._joined, self._wraps = texts, joined, wraps
        # counted at the first question only: most documents have no line-end hyphen to ask about
        self._counts: dict[str, int] | None = None
        self._compounds_only: bool | None = None
        self._tight: dict[tuple[bool, bool], bool] | None = None

    def _count(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for token, n in Counter(" ".join(self._texts).casefold().split()).items():
            word = token.strip(_EDGES)
            if word:
                counts[word] = counts.get(word, 0) + n
        cut = [wrap.before for wrap in self._wraps if not wrap.hyphen]
        for word in [join.today() for join in self._joined] + cut:
            word = word.casefold().strip(_EDGES)
            if counts.get(word, 0) > 0:
                counts[word] -= 1
        return counts

    def one_word(self, wrap: Wrap) -> bool:
        """Whether the parts of ``wrap`` (a word a cell's line end cut without a hyphen, or two
        words) are one word: the document writes the whole more often than the first part alone
        (``complètement``, never ``complèteme``), or the first part fills its line to the cell's
        sides and the document never writes it alone. Two words stay apart: ``every`` / ``one``
        in a document writing ``every`` more often than ``everyone``."""
        if self._counts is None:
            self._counts = self._count()
        before = wrap.before.casefold()
        alone = self._counts.get(before, 0)
        whole = self._counts.get(before + wrap.after.rstrip(_CLOSING).casefold(), 0)
        return whole > alone or (wrap.fills and alone == 0)

    def hyphen(self, before: str, after: str) -> bool | None:
        """Whether the hyphen between ``before`` and ``after`` (the words either side of a line
        end) stays, by the form the document writes more often elsewhere: the whole (``multiple``
        / ``valued``), else the part after the first part's last hyphen (``non-stand`` / ``ard``
        against ``standard``). Where the document writes neither, the hyphen stays in a
        document that hyphenates no word at a line end (``hyphenates_no_word``: ``vélo-`` /
        ``boulot`` in the Chelsea plan); else None (``one`` / ``line`` in a paper that has no
        ``one-line`` or ``oneline`` elsewhere)."""
        stays = self._spelt(before, after)
        if stays is None and self.hyphenates_no_word():
            return True
        return stays

    def hyphenates_no_word(self) -> bool:
        """Whether the document's line-end hyphens are all compounds' own: a typesetter that
        hyphenates words does so often, and some of the words it splits the document writes
        whole elsewhere. So: none of the words pdfium joined at a line-end hyphen is written
        whole elsewhere, one at least is written with its hyphen (``centre-village``), and they
        end fewer than one line in 100 (the Chelsea plan, a Word document, has 4 in 1,431 lines,
        the hyphenated papers and books among the real-world PDFs one line in 4 to 107)."""
        if self._compounds_only is None:
            spelt = [self._spelt(join.before, join.after) for join in self._joined]
            lines = sum(text.count("\n") + 1 for text in self._texts if text)
            self._compounds_only = False not in spelt and True in spelt and len(spelt) * 100 < lines
        return self._compounds_only

    def cjk_tight(self, end: str, first: str) -> bool:
        """Whether a line ending in ``end`` runs on in the next, starting with ``first``, without a
        space where one of them is a CJK character and the other an ASCII character or a mark Chinese
        text shares with Latin text (“ ” — … ·): where the document's lines write characters of the
        two kinds in that order side by side (the other a letter or a digit, else a mark) at least
        CJK_TIGHT times as often as a space apart, and CJK_TIGHT_PAIRS times at least. Chinese text
        sets digits and Latin words either way; where the lines do not tell, the space stays. A
        scan's text layer of Chinese, pr-136-example.pdf, holds a CJK character before a digit or a
        letter tight 127 times and a space apart 8 times (合计14,220), but a digit or a letter
        before a CJK character tight 74 times and a space apart 67 times (2015年12月, 2015 年11 月)."""
        if _CJK_ONE.match(end) is not None:
            cjk_first, other = True, first
        elif _CJK_ONE.match(first) is not None:
            cjk_first, other = False, end
        else:
            return False
        if _OTHER_ONE.match(other) is None:
            return False
        if self._tight is None:
            counts: Counter[tuple[bool, bool, bool]] = Counter()
            text = "\n".join(self._texts)
            for before, pairs in ((True, _CJK_THEN_OTHER), (False, _OTHER_THEN_CJK)):
                for m in pairs.finditer(text):
                    ch = m.group(3) if before else m.group(1)
                    counts[before, ch.isascii() and ch.isalnum(), m.group(2) == " "] += 1
            self._tight = {
                (a, b): counts[a, b, False] >= max(CJK_TIGHT_PAIRS, CJK_TIGHT * counts[a, b, True])
                for a in (True, False)
                for b in (True, False)
            }
        return self._tight[cjk_first, other.isascii() and other.isalnum()]

    def _spelt(self, before: str, after: str) -> bool | None:
        """``hyphen``'s answer from the document's spelling alone."""
        before = before.lstrip(_OPENING).casefold()
        after = after.rstrip(_CLOSING).casefold()
        if not before or not after:
            return None
        if self._counts is None:
            self._counts = self._count()
        get = self._counts.get
        for head in (before, before.rpartition("-")[2] if "-" in before else ""):
            if head:
                joined, hyphenated = get(head + after, 0), get(f"{head}-{after}", 0)
                if joined != hyphenated:
                    return hyphenated > joined
        return None


#: what a word is stripped of before it is counted
_EDGES = _OPENING + _CLOSING
#: a CJK character (ideographs, kana, CJK and full-width punctuation) and, next to it, a space or
#: none, and an ASCII character or a mark Chinese text shares with Latin text (“ ” — … ·)
_CJK_CHAR = "[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]"
_OTHER_CHAR = "[!-~\u00b7\u2010-\u2027\u2030-\u205e]"
_CJK_THEN_OTHER = re.compile(f"({_CJK_CHAR})( ?)({_OTHER_CHAR})")
_OTHER_THEN_CJK = re.compile(f"({_OTHER_CHAR})( ?)({_CJK_CHAR})")
_CJK_ONE = re.compile(_CJK_CHAR)
_OTHER_ONE = re.compile(_OTHER_CHAR)
#: a document writes CJK and other characters side by side (``Words.cjk_tight``) where its lines hold
#: them so at least this many times as often as a space apart, and CJK_TIGHT_PAIRS times at least
CJK_TIGHT = 4
CJK_TIGHT_PAIRS = 5


class Join(NamedTuple):
    """A word pdfium joined at a line-end hyphen (marked U+FFFE in its text): the parts either
    side, and whether the hyphen stayed by ``keeps_hyphen``."""

    before: str
    after: str
    kept: bool

    def today(self) -> str:
        """The word as the line's text holds it."""
        return f"{self.before}-{self.after}" if self.kept else self.before + self.after


class Wrap(NamedTuple):
    """A line end inside a table's cell where a word may have been cut without a hyphen, the
    column narrower than the word (``Complèteme`` / ``nt en accord``): the first part alone on its
    line, no space after it in the page's text, the next line starting in lower case. The cell
    holds the parts a space apart until the document's words tell (``Words.one_word``)."""

    before: str  # the first part, the whole of its line
    after: str  # the next line's first word
    fills: bool  # the first part reaches across the cell's width, its padding aside
    #: the first part, the last word of its line, ends in a hyphen pdfium did not mark as a
    #: line end's (the cell's lines not in a row in the page's text): the cell holds ``before-
    #: after`` until the document's words tell (``Words.hyphen``)
    hyphen: bool = False


def hyphen_stays(before: str, after: str, words: Words | None = None) -> bool:
    """Whether a hyphen at a line end between ``before`` and ``after`` stays: as the document
    writes the word elsewhere (``words``), else by ``keeps_hyphen``."""
    stays = words.hyphen(before, after) if words is not None else None
    return keeps_hyphen(before, after) if stays is None else stays


def rejoin_words(lines: list[Line], joins: Sequence[Join], words: Words) -> list[Line]:
    """``lines`` (a page's, in order) with each word pdfium joined at a hyphen (``joins``, in the
    page's order) written as the document writes it elsewhere (``respell``)."""
    texts = respell([ln.text for ln in lines], joins, words)
    return [ln if ln.text == text else ln._replace(text=text) for ln, text in zip(lines, texts, strict=True)]


def respell(texts: Sequence[str], joins: Sequence[Join], words: Words) -> list[str]:
    """``texts`` (in reading order) with each word pdfium joined at a hyphen (``joins``, in the
    same order) written as the document writes it elsewhere (``Words.hyphen``), where that
    differs from ``keeps_hyphen``'s choice."""
    out = list(texts)
    at = 0
    for join in joins:
        stays = words.hyphen(join.before, join.after)
        if stays is None or stays == join.kept:
            continue
        old = join.today()
        new = join._replace(kept=stays).today()
        pattern = re.compile(rf"(?<![\w-]){re.escape(old)}(?![\w-])")
        # from the text of the last word on (lines on one baseline were merged, out of order)
        for k in [*range(at, len(out)), *range(at)]:
            text = out[k]
            found = pattern.search(text)
            if found is not None:
                out[k] = text[: found.start()] + new + text[found.end() :]
                at = k
                break
    return out


def unwrap(texts: Sequence[str], wraps: Sequence[Wrap], words: Words) -> list[str]:
    """``texts`` (a table's cells, in reading order) with the parts of each word a cell's line end
    cut (``wraps``, in the same order) written as one word where the document's words say they
    are one (``Words.one_word``): ``Complèteme nt en accord`` read ``Complètement en accord``."""
    out = list(texts)
    at = 0
    for wrap in wraps:
        joined = _unwrapped(wrap, words)
        if joined is None:
            continue
        cut = f"{wrap.before}- " if wrap.hyphen else f"{wrap.before} "
        pattern = re.compile(rf"(?<![\w-]){re.escape(cut + wrap.after)}(?![\w-])")
        for k in [*range(at, len(out)), *range(at)]:
            found = pattern.search(out[k])
            if found is not None:
                out[k] = out[k][: found.start()] + joined + out[k][found.end() :]
                at = k
                break
    return out


def _unwrapped(wrap: Wrap, words: Words) -> str | None:
    """The word ``wrap``'s parts make, or None where they stay as the cell holds them. A part
    ending in a hyphen (``well-`` / ``known``) is spelt as the document writes the word elsewhere,
    the hyphen kept or not (``Words.hyphen``); a word it writes in neither form stays cut, as a
    cell's line of subscripts under ``ap-`` in ``large.pdf``."""
    if not wrap.hyphen:
        return wrap.before + wrap.after if words.one_word(wrap) else None
    stays = words.hyphen(wrap.before, wrap.after)
    if stays is None:
        return None
    return f"{wrap.before}-{wrap.after}" if stays else wrap.before + wrap.after


def _rejoin(match: re.Match, joins: list[Join] | None = None) -> str:
    before = match.group(1)
    kept = keeps_hyphen(before, match.group(2))
    if joins is not None:
        joins.append(Join(before.translate(_CLEAN), match.group(2).translate(_CLEAN), kept))
    return before + "-" if kept else before


def clean(text: str, joins: list[Join] | None = None) -> str:
    """A line's text without pdfium's markers, soft hyphens and controls, ligatures expanded and
    runs of spaces made one; a word pdfium joined at a hyphen is rejoined by ``keeps_hyphen``,
    and recorded in ``joins`` when given."""
    if text.isascii() and text.isprintable() and "  " not in text:
        return text.strip()
    if "\ufffe" in text:
        text = _JOINED_AT_HYPHEN.sub(lambda m: _rejoin(m, joins), text)
    text = text.translate(_CLEAN)
    return _SPACES.sub(" ", text).strip()


def _scaled(raw, i: int, size: float, matrix, matrix_ref) -> float:
    """The rendered font size of a character whose Tf size is ``size``: scaled by the character's
    matrix when it is under 4 pt (many producers write ``1 Tf`` and scale with the text matrix)."""
    if size < 4.0 and get_matrix(raw, i, matrix_ref):
        scale = math.hypot(matrix.c, matrix.d)
        if scale > 0:
            size *= scale
    return size


#: a subset font's tag before its name (PDF 32000 9.6.4: six capital letters and a plus sign)
_SUBSET_TAG = re.compile(rb"[A-Z]{6}\+")
#: TeX's bold fonts, named by their Metafont codes and a design size: Computer Modern (and its
#: Cyrillic cmc…) cmb, cmbx, cmbxsl, cmbxti, cmssbx, cmssdc (demibold), cmmib (math), cmbsy
#: (symbols), cmexb; Euler eufb, eurb, eusb; the EC fonts and their Type 1 versions (cm-super's
#: SFBX1095 …): bx bold extended, bi and bl its italic and slanted, rb bold, xc and oc bold caps,
#: sx and so sans bold ('SFRM1095', 'CMR10', 'CMBR10' (CM Bright) and 'MSBM10' are regular)
_TEX_BOLD = re.compile(
    rb"(?:CMC?(?:B|BX|BXSL|BXTI|SSBX|SSDC|MIB|BSY|EXB)|EU[FRS]B|(?:SF|EC)(?:BX|BI|BL|RB|XC|OC|SX|SO))\d+",
    re.IGNORECASE,
)
#: a font name's words: capitalised ('HelveticaNeueLTStd-BdCn': Helvetica, Neue, LT, Std, Bd, Cn)
_NAME_WORDS = re.compile(rb"[A-Z]+(?![a-z])|[A-Z]?[a-z]+")
#: words of a name that abbreviate a bold weight: Bd (Frutiger-Bd, HelveticaNeueLTStd-BdIt), Demi
#: (Palatino-Demi, AvantGarde-Demi, LMRomanDemi10-Regular), Sb and SmBd (semibold), Hv (heavy),
#: Blk (black)
_BOLD_WORDS = frozenset((b"bd", b"demi", b"sb", b"smbd", b"hv", b"blk"))


def _bold_name(font: bytes) -> bool:
    """Whether a font's name says it is bold: 'bold', 'black' or 'heavy' anywhere in it, a bold
    TeX font's code ('CMBX10', 'SFBX1095'), or a word abbreviating a bold weight ('Frutiger-Bd',
    'Palatino-Demi'; not 'NotoSansCJKjp-DemiLight', nor a word only starting so, nor the family's
    first word: 'Bdxyz', 'Sb-Regular')."""
    value = font.lower()
    if b"bold" in value or b"black" in value or b"heavy" in value:
        return True
    if (tag := _SUBSET_TAG.match(font)) is not None:
        font = font[tag.end() :]
    if _TEX_BOLD.fullmatch(font) is not None:
        return True
    words = [word.lower() for word in _NAME_WORDS.findall(font)]
    return any(
        word in _BOLD_WORDS and not (word == b"demi" and words[k + 1 : k + 2] in ([b"light"], [b"lt"]))
        for k, word in enumerate(words[1:], 1)
    )


def _cached_bold(raw, i: int, name, flags_ref, by_name: dict[bytes, bool]) -> bool:
    """Whether character ``i`` is bold: by its font's weight, or, where that is under 600 or not
    given, by its name (``by_name`` keeps the answer per name: a page's fonts recur on many lines).
    pdfium reckons the weight from the font's stem width, which TeX's Type 1 fonts often give
    wrongly: cm-super's bold SFBX1095 says 50 (a weight of 250) as its regular SFRM1095 does, and
    CMBX10 reads 570."""
    if get_font_weight(raw, i) >= 600:
        return True
    get_font_info(raw, i, name, _NAME_SIZE, flags_ref)
    font = name.value
    bold = by_name.get(font)
    if bold is None:
        bold = by_name[font] = _bold_name(font)
    return bold


#: how far from a line's ends its first and last letter or digit are looked for
_ALNUM_REACH = 3


def _last_alnum(text: str, first: int, last: int) -> int:
    """The last letter or digit of ``text[first:last + 1]`` within _ALNUM_REACH of its end, else
    ``last``."""
    for i in range(last, max(first, last - _ALNUM_REACH) - 1, -1):
        if text[i].isalnum():
            return i
    return last


#: letters of a bold line read to find its weight, at most (evenly spread), and the share of them
#: that must be bold
BOLD_SAMPLE = 48
BOLD_SHARE = 0.85
#: a sampled letter's face in _mostly_bold
_BOLD, _MONO, _PLAIN = 1, 2, 0


def _mostly_bold(raw, text: str, first: int, last: int, name, flags_ref, by_name: dict[bytes, bool]) -> bool:
    """Whether nearly all (BOLD_SHARE) letters of ``text[first:last + 1]`` are bold (digits aside:
    '1. Introduction' with a regular number and a bold title is); 'Each entry … for a
    PtypMultipleString8 property or a PtypMultipleString' (bold names in a regular sentence) and
    'Index and Kind Information (4 bytes): This field contains …' (a bold label run into a
    regular sentence) are not. Regular letters in a typewriter face count only where they
    outnumber the bold ones: a bold title may name code in one ('LayoutParser: A Unified Toolkit
    for Deep', CMTT12 then CMBX12: Computer Modern has no bold typewriter)."""
    step = max(1, (last - first + 1) // BOLD_SAMPLE)
    letters = sum(map(str.isalpha, text[first : last + 1 : step]))  # (the sample's characters)
    need = BOLD_SHARE * letters
    # a character's font is its text object's, and a line's letters share a few objects: each
    # object is asked once (_BOLD, _MONO or _PLAIN); the count stops where the letters left
    # cannot change the answer
    by_object: dict[int, int] = {}
    bold = plain = mono = 0
    for i in range(first, last + 1, step):
        if text[i].isalpha():
            obj = char_object(raw, i)
            face = by_object.get(obj) if obj else None
            if face is None:
                if _cached_bold(raw, i, name, flags_ref, by_name):
                    face = _BOLD
                else:  # _cached_bold has read the character's font name
                    face = _MONO if _mono_font(name.value, 0) else _PLAIN
                if obj:
                    by_object[obj] = face
            if face == _BOLD:
                bold += 1
                if bold >= need:  # then mono < bold, and bold + plain <= letters
                    return True
            elif face == _MONO:
                mono += 1
            else:
                plain += 1
                most = letters - plain - mono  # bold letters at most, were all the rest bold
                if most < BOLD_SHARE * (most + plain):
                    return False
    if mono >= bold:
        plain += mono
    return bold >= BOLD_SHARE * (bold + plain)


#: the font flag FPDFText_GetFontInfo sets for a fixed-pitch font (PDF 32000 table 121)
FIXED_PITCH = 1
#: names of monospace fonts whose descriptor does not set that flag (Courier, one of the standard
#: 14 fonts, usually comes without a descriptor and with flags 32)
_MONO_NAMES = (b"mono", b"courier", b"code", b"consolas", b"menlo", b"inconsolata", b"cmtt")


def _mono_font(font: bytes, flags: int) -> bool:
    if flags & FIXED_PITCH:
        return True
    value = font.lower()
    return any(name in value for name in _MONO_NAMES)


def _cached_mono(raw, i: int, name, flags, by_font: dict[tuple[bytes, int], bool]) -> bool:
    """Whether character ``i`` is set in a fixed-pitch font (``flags``: a c_int and a pointer to it;
    ``by_font`` keeps the answer per font name and flags: a page's fonts recur on many lines)."""
    get_font_info(raw, i, name, _NAME_SIZE, flags[1])
    key = (name.value, flags[0].value)
    mono = by_font.get(key)
    if mono is None:
        mono = by_font[key] = _mono_font(*key)
    return mono


def _is_mono(
    raw, first: int, mid: int, last: int, name, flags, by_font: dict[tuple[bytes, int], bool]
) -> bool:
    """Whether a line is set in a fixed-pitch font: its middle character first (one call on most
    lines), then its first and last (a command in Courier inside a sentence in Times is not)."""
    return (
        _cached_mono(raw, mid, name, flags, by_font)
        and _cached_mono(raw, first, name, flags, by_font)
        and _cached_mono(raw, last, name, flags, by_font)
    )


#: a tab or a space of another width: one plain space in a code line (runs of spaces are kept)
_MONO_SPACES = re.compile(r"[\t\u00a0\u2000-\u200a\u202f\u3000]")


def _mono_text(segment: str) -> str:
    """A fixed-pitch line's text: clean() but for runs of spaces, which keep their width."""
    if "\ufffe" in segment:
        segment = _JOINED_AT_HYPHEN.sub(_rejoin, segment)
    return _MONO_SPACES.sub(" ", segment.translate(_CLEAN)).strip()


_NAME_SIZE = ctypes.c_ulong(128)
_BOX = struct.Struct("4d")  # left, right, bottom, top as FPDFText_GetCharBox writes them
_new_line = tuple.__new__


#: a character pdfium gives for a glyph its font maps wrongly: U+21B5 (↵), or U+FFFE in the text
#: for a glyph with no Unicode value (also pdfium's mark of a hyphen it removed), or a control
#: character of _pdf_glyph_names.CONTROLS (the code of a glyph whose name pdfium does not know)
_WRONG_GLYPH = re.compile("[\u21b5\ufffe\x00\x01\x03-\x09\x0b\x0c\x0e-\x1f\x7f]")


def _named_glyphs(raw, text: str, glyphs, name) -> str:
    """``text`` with the characters ``glyphs`` (a :class:`~._pdf_glyph_names.GlyphNames`) reads
    from the glyph names for those of _WRONG_GLYPH: a ligature next to a letter as Unicode's
    ligature character, a control as what its glyph's name says (one character each, so that
    text and character indices stay equal; clean() expands the ligatures and treats the controls
    left as any others)."""
    chars = None
    flags = ctypes.c_int()
    for match in _WRONG_GLYPH.finditer(text):
        i = match.start()
        char = text[i]
        if char in "\u21b5\ufffe":
            if not ((i > 0 and text[i - 1].isalpha()) or (i + 1 < len(text) and text[i + 1].isalpha())):
                continue
            code_point = pdfium_c.FPDFText_GetUnicode(raw, i)
            if code_point not in (0, 0x21B5):
                continue  # a hyphen pdfium removed
        else:
            code_point = ord(char)
        get_font_info(raw, i, name, _NAME_SIZE, ctypes.byref(flags))
        found = glyphs.get(name.value, code_point)
        if found is not None:
            if chars is None:
                chars = list(text)
            chars[i] = found
    return text if chars is None else "".join(chars)


#: spacing accents (TeX draws them as glyphs of their own over or under a letter) and the
#: combining marks they stand for; those under the letter are in _UNDER
_ACCENTS = {
    "\u00b4": "\u0301",  # acute
    "\u0060": "\u0300",  # grave
    "\u02c6": "\u0302",  # circumflex
    "\u02dc": "\u0303",  # tilde
    "\u00af": "\u0304",  # macron
    "\u02d8": "\u0306",  # breve
    "\u02d9": "\u0307",  # dot above
    "\u00a8": "\u0308",  # diaeresis
    "\u02da": "\u030a",  # ring above
    "\u02dd": "\u030b",  # double acute
    "\u02c7": "\u030c",  # caron
    "\u00b8": "\u0327",  # cedilla
    "\u02db": "\u0328",  # ogonek
}
_UNDER = frozenset("\u00b8\u02db")
_ACCENT_CHARS = re.compile("[" + "".join(_ACCENTS) + "]")
#: how many characters either side of an accent its letter is looked for (pdfium may give the
#: accent after the rest of its line, or at the end of the line)
ACCENT_REACH = 80
#: an accent's glyph removed from the text: whitespace to strip() and removed by clean()
_DROPPED = "\x0b"


def _char_box(raw, i: int, box, refs) -> tuple[float, float, float, float] | None:
    if not get_char_box(raw, i, *refs):
        return None
    return _BOX.unpack_from(box)


def _font_name(raw, i: int, name) -> bytes:
    length = get_font_info(raw, i, name, _NAME_SIZE, None)
    return name.raw[: max(0, length - 1)] if 0 < length <= _NAME_SIZE.value else b""


def place_accents(raw, text: str) -> str:
    """``text`` with each spacing accent drawn over (or under) a letter of the page put on that
    letter: the letter becomes its accented form where Unicode has one, and the accent's glyph,
    with the space pdfium generated after it (and the one before it, where its letter's word
    goes on without a gap), becomes _DROPPED. pdfium gives such an accent where the content
    draws it, often after its word or line (``J. ´ Cernock ˇ y`` for ``J. Černocký``).
    Indices stay those of pdfium's characters."""
    if _ACCENT_CHARS.search(text) is None:
        return text
    chars = list(text)
    name = ctypes.create_string_buffer(_NAME_SIZE.value)
    box = (ctypes.c_double * 4)()
    refs = tuple(ctypes.byref(box, 8 * k) for k in range(4))
    taken: set[int] = set()
    generated = pdfium_c.FPDFText_IsGenerated
    for match in _ACCENT_CHARS.finditer(text):
        i = match.start()
        if generated(raw, i) == 1:
            continue
        accent = _char_box(raw, i, box, refs)
        if accent is None:
            continue
        al, ar, ab, at = accent
        font = _font_name(raw, i, name)
        middle = (al + ar) / 2
        best, best_gap = -1, math.inf
        for j in range(max(0, i - ACCENT_REACH), min(len(text), i + ACCENT_REACH + 1)):
            if j == i or j in taken or not chars[j].isalpha() or generated(raw, j) == 1:
                continue
            if _font_name(raw, j, name) != font:
                continue  # TeX sets a text accent in its letter's font (a formula's are not)
            letter = _char_box(raw, j, box, refs)
            if letter is None:
                continue
            ll, lr, lb, lt = letter
            height = lt - lb
            if height <= 0 or not ll - 0.2 * height <= middle <= lr + 0.2 * height:
                continue
            if match.group() in _UNDER:
                # under the letter: from below its baseline up to its lower half
                placed = at <= lb + 0.5 * height and at >= lb - 0.6 * height
            else:
                # over the letter: from its upper half up to just above its top
                placed = ab >= lb + 0.4 * height and ab <= lt + 0.6 * height
            gap = abs(middle - (ll + lr) / 2)
            if placed and gap < best_gap:
                best, best_gap = j, gap
        if best < 0:
            continue
        composed = unicodedata.normalize("NFC", chars[best] + _ACCENTS[match.group()])
        if len(composed) != 1:
            continue  # no accented form of its own (a mathematician's f with a tilde)
        chars[best] = composed
        taken.add(best)
        chars[i] = _DROPPED
        before, after = i - 1, i + 1
        if not (before > 0 and after < len(chars) - 1 and chars[before] == chars[after] == " "):
            continue  # the accent touches a character: the spaces around it are the text's
        if generated(raw, after) == 1:
            chars[after] = _DROPPED
        next_ = after + 1
        if (
            chars[after] == _DROPPED
            and generated(raw, before) == 1
            and chars[before - 1].isalpha()
            and chars[next_].isalpha()
        ):
            # the space before the accent splits a word when the letters either side of the
            # accent touch on the page (``Cernock ˇ y``)
            left, right = _char_box(raw, before - 1, box, refs), _char_box(raw, next_, box, refs)
            if left is not None and right is not None:
                height = max(left[3] - left[2], right[3] - right[2], 1.0)
                if abs(right[0] - left[1]) < 0.15 * height:
                    chars[before] = _DROPPED
    return "".join(chars)


def _without_unseen(raw, text: str, unseen: Collection[int]) -> str:
    """``text`` with the characters drawn by the text objects ``unseen`` (their addresses) made
    spaces, so that indices stay pdfium's and a line of them alone is empty. Where pdfium joined
    a visible line's last word at its hyphen to such text (``Soekarno-`` / ``VerDate …``, the
    hyphen marked U+FFFE), the hyphen is given back: the word reads on on the next line."""
    chars = list(text)
    for i in range(len(chars)):
        if char_object(raw, i) in unseen:
            chars[i] = " "
            if i > 0 and chars[i - 1] == "\ufffe":
                chars[i - 1] = "-"
    return "".join(chars)


def page_lines(
    textpage,
    page_number: int,
    glyphs=None,
    joins: list[Join] | None = None,
    margins: tuple[float, float] = (-math.inf, math.inf),
    blanks: Sequence[tuple[float, float]] = (),
    unseen: Collection[int] = (),
) -> tuple[list[Line], bool, int]:
    """The lines of one page (``textpage``: a raw FPDF_TEXTPAGE handle), whether the page was cut
    at MAX_PAGE_CHARS, and its character count; ``glyphs``: a
    :class:`~._pdf_glyph_names.GlyphNames` for the glyphs pdfium gets wrong, read from their names;
    ``joins``: where to record the words pdfium joined at a hyphen, in the page's order;
    ``margins``: the heights below and above which a line is in the page's foot or head, where
    a page number that says so is set apart from the text beside it (a contents page's entries
    in the body stay whole); ``blanks``: where the page's text objects that draw nothing stand
    (``PageObjects.blanks``), the word spaces pdfium left out (:func:`_dropped_spaces`);
    ``unseen``: the addresses of the text objects no reader sees (``unseen_text``), whose
    characters are left out (:func:`_without_unseen`)."""
    count = count_chars(textpage)
    if count <= 0:
        return [], False, 0
    cut = count > MAX_PAGE_CHARS
    count = min(count, MAX_PAGE_CHARS)
    text = text_range(textpage, count)
    raw = textpage
    if len(text) != count:
        # characters outside the BMP make text and character indices differ; read per character
        text = "".join(chr(pdfium_c.FPDFText_GetUnicode(raw, i) or 0x20) for i in range(count))
    name = ctypes.create_string_buffer(_NAME_SIZE.value)
    if glyphs is not None and _WRONG_GLYPH.search(text) is not None:
        # before the accents are placed: their mark for a dropped character is a control too
        text = _named_glyphs(raw, text, glyphs, name)
    text = place_accents(raw, text)
    if unseen:
        text = _without_unseen(raw, text, unseen)
    # the loop calls the C functions directly and without argument checks (_pdf_capi): a Python
    # call per query costs more than the query itself
    # a character's box lands in four consecutive doubles, read back with one unpack
    box = (ctypes.c_double * 4)()
    refs = tuple(ctypes.byref(box, 8 * k) for k in range(4))  # (also lent to _apart and _gap)
    ref_l, ref_r, ref_b, ref_t = refs
    unpack_box = _BOX.unpack_from
    rounded: dict[float, float] = {}  # round(size, 1) of the sizes seen on the page
    flags_ref = ctypes.byref(ctypes.c_int())
    matrix = pdfium_c.FS_MATRIX()
    matrix_ref = ctypes.byref(matrix)
    get_box, get_size = get_char_box, get_font_size
    bold_by_name: dict[bytes, bool] = {}
    mono_by_font: dict[tuple[bytes, int], bool] = {}
    font_flags = ctypes.c_int()
    font_flags = (font_flags, ctypes.byref(font_flags))
    origin = (ctypes.c_double * 2)()
    ref_x, ref_y = ctypes.byref(origin, 0), ctypes.byref(origin, 8)
    get_origin = get_char_origin
    lines: list[Line] = []
    append = lines.append
    segments = _segments(text)
    spaced = _dropped_spaces(raw, text, blanks, box, refs) if blanks else []
    middle = (margins[0] + margins[1]) / 2 if math.isfinite(margins[0] + margins[1]) else 0.0
    marks, notes = _footnote_marks(raw, text, segments, middle, box, refs, matrix, matrix_ref)
    if marks:
        spaced = sorted(set(spaced) | marks)
    k = 0
    while k < len(segments):
        start, segment, whole = segments[k]
        k += 1
        if spaced and (inside := [j for j in spaced if start <= j < start + len(segment) - 1]):
            # a word space pdfium left out after ``text[j]``: put back in the line's text
            joined = []
            cleaned = clean(_with_spaces(segment, [j - start for j in inside]), joined)
            if not cleaned:
                continue
            first = start + (len(segment) - len(segment.lstrip()))
            last = start + len(segment.rstrip()) - 1
        elif segment.isascii() and segment.isprintable() and "  " not in segment:
            # clean() of plain ASCII only strips: at most one space at either end
            cleaned = segment.strip()
            if not cleaned:
                continue
            first = start + 1 if segment[0] == " " else start
            last = first + len(cleaned) - 1
        else:
            joined: list[Join] = []  # recorded once the piece is a line (not split again)
            cleaned = clean(segment, joined)
            if not cleaned:
                continue
            first = start + (len(segment) - len(segment.lstrip()))
            last = start + len(segment.rstrip()) - 1
        if get_box(raw, first, ref_l, ref_r, ref_b, ref_t):
            l1, r1, b1, t1 = unpack_box(box)
        else:
            l1 = r1 = b1 = t1 = 0.0
        if get_box(raw, last, ref_l, ref_r, ref_b, ref_t):
            l2, r2, b2, t2 = unpack_box(box)
        else:
            l2 = r2 = b2 = t2 = 0.0
        # style of the line: first, middle and last character; when they differ (small capitals,
        # a raised mark, a change of face), the size carrying most of the line's characters
        mid = (first + last) // 2
        if text[mid].isspace():  # (most lines have a character in their middle)
            mid = _middle(text, first, last)
        size_first, size_mid, size_last = get_size(raw, first), get_size(raw, mid), get_size(raw, last)
        if size_first < 4.0 or size_last < 4.0 or size_mid < 4.0:
            size_first = _scaled(raw, first, size_first, matrix, matrix_ref)
            size_mid = _scaled(raw, mid, size_mid, matrix, matrix_ref)
            size_last = _scaled(raw, last, size_last, matrix, matrix_ref)
        if abs(size_first - size_last) < 0.05 and abs(size_first - size_mid) < 0.05:
            size = size_first
        else:
            size = _most_common_size(raw, text, first, last, matrix, matrix_ref)
        if size <= 1.5:  # no usable size: the glyph box is the better measure
            size = max(t1 - b1, t2 - b2, 1.0) * 1.4
        if whole and abs(b2 - b1) > size and "\ufffe" not in segment and _upright(get_char_angle(raw, first)):
            # pdfium left out the break between lines (a slide's title and its list): one line per
            # baseline (a line joined at a hyphen, marked U+FFFE, stays one)
            runs = _baseline_runs(raw, text, first, last, size)
            if len(runs) > 1:
                segments[k:k] = [(a, text[a : b + 1], False) for a, b in runs]
                continue
        if cleaned[-1].isdigit() and _END_NUMBER.search(cleaned) is not None:
            # a slide or page number on the line's baseline far to its right (pdfium joins them)
            piece = _number_apart(raw, text, first, last, size, box, refs)
            if piece is None and (b1 <= margins[0] or t1 >= margins[1]):
                piece = _page_number_apart(raw, text, first, last, size, box, refs)
            if piece is not None:
                segments[k:k] = [
                    (first, text[first : piece[0] + 1], False),
                    (piece[1], text[piece[1] : last + 1], False),
                ]
                continue
        if (
            b1 <= margins[0]
            and (parts := _number_between(raw, text, first, last, size, box, refs)) is not None
        ):
            # a footer's page number centred between its texts (``Errata 1 03/07/2005``)
            segments[k:k] = [(a, text[a : b + 1], False) for a, b in parts]
            continue
        # bold: the line's last letter or digit is (a regular ® or full stop after a bold title
        # does not count), and, in a line of words, nearly all its letters are (a number before
        # a bold title may not be; bold names inside a regular sentence or a bold label run into
        # one are not enough)
        end = last if text[last].isalnum() else _last_alnum(text, first, last)
        bold = _cached_bold(raw, end, name, flags_ref, bold_by_name)
        if bold and " " in text[first:end]:
            bold = _mostly_bold(raw, text, first, end, name, flags_ref, bold_by_name)
        # text running left to right on one baseline is upright; ask pdfium only otherwise
        angle = 0.0 if (l2 >= l1 and abs(b2 - b1) < 0.5 * size) else get_char_angle(raw, first)
        # the baseline: the first character's box bottom, or, where that character does not
        # sit on the baseline (a quote's or a bullet's box is raised, a p's or a bracket's
        # reaches below), its origin, when within 0.8 of the font size (a formula's pieces stay
        # as they were): the line seemed a paragraph gap away from its neighbours; at a big
        # delimiter first or last, the baseline its middle tells (_axis_base)
        upright = angle < UPRIGHT_BELOW or angle > UPRIGHT_ABOVE
        if (
            text[first] in _OFF_BASELINE
            and upright
            and get_origin(raw, first, ref_x, ref_y)
            and abs(origin[1] - b1) <= 0.8 * size
        ):
            b1 = origin[1]
        elif text[first] in _OPENERS and upright and _hung(raw, first, b1, t1, size, origin):
            b1 = _axis_base(b1, t1, size)
        if text[last] in _BRACKETS and upright and _hung(raw, last, b2, t2, size, origin):
            b2 = _axis_base(b2, t2, size)
        # fixed pitch: a code listing's line (CJK fonts are often fixed-pitch too: not code)
        mono = text[mid] < "\u2e80" and _is_mono(raw, first, mid, last, name, font_flags, mono_by_font)
        if mono and "  " in segment:
            cleaned = _mono_text(segment) or cleaned  # (its joins were recorded by clean())
        size_1 = rounded.get(size)
        if size_1 is None:
            size_1 = rounded[size] = round(size, 1)
        if joins is not None and "\ufffe" in segment:
            joins += joined
        append(
            _new_line(
                Line,
                (
                    page_number,
                    cleaned,
                    size_1,
                    bold,
                    l1 if l1 < l2 else l2,
                    r1 if r1 > r2 else r2,
                    t1 if t1 > t2 else t2,
                    b1,
                    b2,
                    angle if angle > 0 else 0.0,
                    mono,
                ),
            )
        )
    return _merge_same_baseline(lines, notes), cut, count


#: opening brackets, as text and as TeX's big delimiters read (_pdf_glyph_names); a piece pdfium
#: starts with a closing one keeps its box's bottom for its baseline, which keeps the rows of a
#: matrix or a binomial it closes within its reach (_merge_same_baseline joins it to them)
_OPENERS = frozenset("([{\u27e8\u230a\u2308")
#: opening and closing brackets
_BRACKETS = _OPENERS | frozenset(")]}\u27e9\u230b\u2309")
#: the height of the math axis over the baseline, in font sizes: TeX's axis_height (cmsy10,
#: 2.5 pt at 10 pt), where a minus sign's bar and the fraction rule are set
MATH_AXIS = 0.25


def _hung(raw, i: int, bottom: float, top: float, size: float, origin) -> bool:
    """Whether character ``i``, a bracket whose box is ``bottom`` to ``top``, is a big delimiter
    hung from its origin: taller than the font size ``size``, its origin more than 0.8 of it above
    its box's bottom (``origin``: two doubles the origin is read into)."""
    return (
        top - bottom > size
        and get_char_origin(raw, i, ctypes.byref(origin, 0), ctypes.byref(origin, 8))
        and abs(origin[1] - bottom) > 0.8 * size
    )


def _axis_base(bottom: float, top: float, size: float) -> float:
    """The baseline of a line at a big delimiter from the bottom and top of its box: TeX centres
    a delimiter taller than the text (``\\big(``, ``\\left\\{``) on the math axis and hangs it from
    its origin, above the baseline, so that neither its box's bottom, which reaches below the
    baseline, nor its origin tells the line's baseline (a set's brace gave its line a baseline
    3.8 pt low, which made that line a paragraph's gap from the one above it)."""
    return (bottom + top) / 2 - MATH_AXIS * size


#: a word space left out is put back where the ink either side of it stands this share of the
#: taller of the two characters' heights apart: a glyph's own side bearings leave less (a
#: digit's, the widest, about a fifth: ``1.`` in chelsea_pdta.pdf's 24 pt headings)
DROPPED_SPACE_GAP = 0.25
#: two characters of a dot leader
_LEADER = re.compile("[.\u2026\u00b7]{2}")


def _dropped_spaces(raw, text: str, blanks: Sequence[tuple[float, float]], box, refs) -> list[int]:
    """The indices of the characters after which a word space was left out, sorted: pdfium's text
    page skips a text object that draws nothing, and so the space Word sets as an object of its own
    where a heading's number and its words are in different fonts (chelsea_pdta.pdf's
    ``1.Mise en contexte``, drawn ``1.``, a space in Arial Bold, ``Mise en contexte`` in Arial
    Narrow Bold). Such an object's place (``blanks``: x and baseline) between two characters of
    one baseline, with no space between them in the text and a gap of DROPPED_SPACE_GAP between
    their ink, stands for a space."""
    out: set[int] = set()
    count = len(text)
    ref_l, ref_r, ref_b, ref_t = refs
    for x, y in blanks:
        near = pdfium_c.FPDFText_GetCharIndexAtPos(raw, x, y + 1.0, 10.0, 4.0)
        for a in (near - 1, near):
            if a < 0 or a + 1 >= count or text[a].isspace() or text[a + 1].isspace():
                continue
            if _LEADER.match(text, a + 1) or _LEADER.match(text, max(a - 1, 0), a + 1):
                continue  # a contents entry's tab before or after its dot leader: read as before
            if not get_char_box(raw, a, ref_l, ref_r, ref_b, ref_t):
                continue
            left_a, right_a, bottom_a, top_a = _BOX.unpack_from(box)
            if not get_char_box(raw, a + 1, ref_l, ref_r, ref_b, ref_t):
                continue
            left_b, right_b, bottom_b, top_b = _BOX.unpack_from(box)
            height = max(top_a - bottom_a, top_b - bottom_b)
            if (
                right_a <= x + 0.5
                and left_b >= x - 0.5
                and left_b - right_a >= DROPPED_SPACE_GAP * height
                and abs(bottom_a - bottom_b) < 0.3 * height
                and left_a < left_b
            ):
                out.add(a)
                break
    return sorted(out)


#: a footnote's text: a number of up to three digits run into its first word
_NOTE_START = re.compile(r"([1-9]\d{0,2})(?=[^\W\d_])")
#: ... and going on in words: two of two letters or more after a space (an exponent's piece
#: pdfium gives apart, ``2x`` or ``1P0R0``, has none)
_NOTE_WORDS = re.compile(r"[^\W\d_]{2,}")
#: a footnote's number is set at most this share of its first letter's size, its foot raised
#: over that letter's by at least MARK_RISE of the letter's size (TeX: 6 pt over 9 pt, 3.6 pt
#: up); a mark in the text at most MARK_SMALLER of the character before it, as much raised
NOTE_SMALLER = 0.8
MARK_SMALLER = 0.85
MARK_RISE = 0.2
#: a run of digits run into the text before it: a word of two letters or more (after a lone
#: letter it is an exponent, R²), a closing mark, or a number (one digit then)
_RUN_IN_DIGITS = re.compile(
    r"(?<=[^\W\d_]{2})\d{1,3}(?!\d)|(?<=[.,;:)\]\u2019\u201d\"'])\d{1,3}(?!\d)|(?<=\d)\d(?!\d)"
)


def _footnote_marks(
    raw, text: str, segments, middle: float, box, refs, matrix, matrix_ref
) -> tuple[set[int], dict[str, float]]:
    """The indices of the characters after which a footnote's mark is set apart by a space, in
    pdfium's text that runs it into the words either side: the number opening a footnote
    (``3Dies gilt nicht …``, the number set smaller and raised), and, in the page's lines, each
    mark of one of those numbers run into the word or number before it, set as small and as
    raised (GeoTopo-komprimiert.pdf: ``SNCF-Metrik1``, ``Bemerkung 72`` for Bemerkung 7 and its
    mark 2, ``unendlich viele3``). A raised number no footnote of the page carries (an exponent,
    ``R2`` for R²) is left as it is, and so is one above no footnote: a footnote is in the
    page's lower half (under ``middle``), under its mark. Also the page's footnote numbers, each
    with the foot of its footnote's first letter (for a mark pdfium gives as a piece of its own,
    which :func:`_merge_same_baseline` sets apart)."""
    out: set[int] = set()
    numbers: dict[str, float] = {}  # a footnote's number: the foot of its first letter
    ref_l, ref_r, ref_b, ref_t = refs
    for start, segment, _ in segments:
        if not segment[:1].isdigit() or (match := _NOTE_START.match(segment)) is None:
            continue
        digits = match.group(1)
        mark, letter = start, start + len(digits)
        if " " not in segment or len(_NOTE_WORDS.findall(segment, len(digits))) < 2:
            continue
        if not get_char_box(raw, letter, ref_l, ref_r, ref_b, ref_t):
            continue
        foot = _BOX.unpack_from(box)[2]
        if foot < middle and _raised(raw, mark, letter, NOTE_SMALLER, box, refs, matrix, matrix_ref):
            out.add(letter - 1)
            numbers.setdefault(digits, foot)
    if not numbers:
        return out, numbers
    for match in _RUN_IN_DIGITS.finditer(text):
        foot = numbers.get(match.group())
        if foot is None or match.start() - 1 in out:
            continue
        mark = match.start()
        if (
            get_char_box(raw, mark, ref_l, ref_r, ref_b, ref_t)
            and _BOX.unpack_from(box)[2] > foot
            and _raised(raw, mark, mark - 1, MARK_SMALLER, box, refs, matrix, matrix_ref)
        ):
            out.add(mark - 1)
    return out, numbers


def _raised(raw, mark: int, other: int, smaller: float, box, refs, matrix, matrix_ref) -> bool:
    """Whether character ``mark`` is set at most ``smaller`` of the size of character
    ``other`` beside it, its box's foot raised over the other's by MARK_RISE of that size."""
    size = _scaled(raw, other, get_font_size(raw, other), matrix, matrix_ref)
    mark_size = _scaled(raw, mark, get_font_size(raw, mark), matrix, matrix_ref)
    if size <= 1.5 or mark_size > smaller * size:
        return False
    ref_l, ref_r, ref_b, ref_t = refs
    if not get_char_box(raw, mark, ref_l, ref_r, ref_b, ref_t):
        return False
    mark_bottom = _BOX.unpack_from(box)[2]
    if not get_char_box(raw, other, ref_l, ref_r, ref_b, ref_t):
        return False
    return mark_bottom - _BOX.unpack_from(box)[2] >= MARK_RISE * size


def _with_spaces(segment: str, after: Sequence[int]) -> str:
    """``segment`` with a space after each of its characters at ``after`` (ascending)."""
    pieces = []
    pos = 0
    for j in after:
        pieces.append(segment[pos : j + 1])
        pos = j + 1
    pieces.append(segment[pos:])
    return " ".join(pieces)


def _segments(text: str) -> list[tuple[int, str, bool]]:
    """pdfium's lines: (start index, text, True) for the pieces between its generated breaks."""
    out = []
    pos = 0
    for segment in text.split("\r\n"):
        out.append((pos, segment, True))
        pos += len(segment) + 2
    return out


def _upright(angle: float) -> bool:
    return angle < UPRIGHT_BELOW or angle > UPRIGHT_ABOVE


def _baseline_runs(raw, text: str, first: int, last: int, size: float) -> list[tuple[int, int]]:
    """(first, last) character indices of the runs of ``text[first:last + 1]`` on one baseline:
    a run ends at a space before a character whose box bottom is more than 0.8 of the font size
    away from the run's first one (descenders, raised marks and subscripts stay within it). A
    formula's pieces (a large operator and its limits, a tall bracket) are not lines: when a run
    would have fewer than 3 characters, the text stays one run."""
    box = (ctypes.c_double * 4)()
    refs = [ctypes.byref(box, 8 * k) for k in range(4)]
    runs: list[tuple[int, int]] = []
    start, base, end = first, None, first
    for i in range(first, last + 1):
        if text[i].isspace() or not get_char_box(raw, i, *refs):
            continue
        bottom = box[2]
        if base is None:
            base = bottom
        elif abs(bottom - base) > 0.8 * size and text[i - 1].isspace():
            runs.append((start, end))
            start, base = i, bottom
        end = i
    runs.append((start, end))
    if any(len("".join(text[a : b + 1].split())) < 3 for a, b in runs):
        return [(first, last)]
    return runs


#: a number of up to four digits ending a line, after a space
_END_NUMBER = re.compile(r"\s\d{1,4}$")
#: how far right of the text before it a line's last number stands, in font sizes, to be set
#: apart from it (twice the distance at which _merge_same_baseline no longer joins pieces: a
#: formula's terms stand closer)
NUMBER_APART = 6.0
#: ... and set at most this share of the line's font size
NUMBER_SMALLER = 0.8


def _number_apart(raw, text: str, first: int, last: int, size: float, box, refs) -> tuple[int, int] | None:
    """``(end of the text, start of the number)`` when the number ending ``text[first:last + 1]``
    stands more than NUMBER_APART font sizes right of the text before it and is set smaller (the
    slide number 5 on the last item's baseline: ``… called SFP28 5``); else None."""
    start = last
    while start > first and text[start - 1].isdigit():
        start -= 1
    end = _apart(raw, text, first, start, size, box, refs)
    if end is None:
        return None
    matrix = pdfium_c.FS_MATRIX()
    if _scaled(raw, start, get_font_size(raw, start), matrix, ctypes.byref(matrix)) > NUMBER_SMALLER * size:
        return None  # a number of the text's own size: a contents page's, a chart's scale
    return end, start


#: a page number that says so ending a line, after a space (``Page 3``, ``Page 3 of 12``)
_END_PAGE_NUMBER = re.compile(
    r"\s((?:page|seite|página)\s*\d{1,4}(?:\s*(?:of|/|de|von)\s*\d{1,5})?)$", re.IGNORECASE
)


def _page_number_apart(
    raw, text: str, first: int, last: int, size: float, box, refs
) -> tuple[int, int] | None:
    """``(end of the text, start of the page number)`` when ``text[first:last + 1]`` ends in a
    page number that says so standing more than NUMBER_APART font sizes right of the text before
    it, at any size: a footer's page number at the right margin beside its text at the left
    (``Company confidential … Page 1``), which on a one-page file no other page's footer shows
    to be furniture; else None. A bare number of the text's size stays (a total's row)."""
    match = _END_PAGE_NUMBER.search(text, first, last + 1)
    if match is None:
        return None
    start = match.start(1)
    end = _apart(raw, text, first, start, size, box, refs)
    return None if end is None else (end, start)


#: a bare number between words, after and before a space
_MID_NUMBER = re.compile(r"(?<=\s)\d{1,4}(?=\s)")


def _number_between(
    raw, text: str, first: int, last: int, size: float, box, refs
) -> list[tuple[int, int]] | None:
    """The ``(first, last)`` characters of the text before, the number and the text after, when a
    bare number inside ``text[first:last + 1]`` stands more than NUMBER_APART font sizes from the
    text on either side: a footer of three parts, its title at the left margin, its page number
    in the middle and a date at the right, which pdfium reads as one line; else None."""
    for match in _MID_NUMBER.finditer(text, first, last + 1):
        start, end = match.start(), match.end() - 1
        before = _apart(raw, text, first, start, size, box, refs)
        if before is None:
            continue
        after = end + 1
        while after < last and text[after].isspace():
            after += 1
        if _gap(raw, end, after, box, refs) > NUMBER_APART * size:
            return [(first, before), (start, end), (after, last)]
    return None


def _gap(raw, left: int, right: int, box, refs) -> float:
    """How far the character at ``right`` starts right of the end of the one at ``left`` (0 when
    either has no box); ``box``: four doubles the boxes are read into, ``refs`` their addresses
    (the page's, lent)."""
    if not get_char_box(raw, left, *refs):
        return 0.0
    end = box[1]
    return box[0] - end if get_char_box(raw, right, *refs) else 0.0


def _apart(raw, text: str, first: int, start: int, size: float, box, refs) -> int | None:
    """The last character of ``text[first:start]`` but for spaces, when the character at
    ``start`` stands more than NUMBER_APART font sizes right of it; else None (``box`` and
    ``refs`` as for ``_gap``)."""
    end = start - 1
    while end > first and text[end].isspace():
        end -= 1
    if end <= first:
        return None
    if not get_char_box(raw, end, *refs):
        return None
    right = box[1]
    if not get_char_box(raw, start, *refs) or box[0] - right <= NUMBER_APART * size:
        return None
    return end


#: characters of a line whose sizes differ that are read to find its size, at most
SIZE_SAMPLE = 64


def _most_common_size(raw, text: str, first: int, last: int, matrix, matrix_ref) -> float:
    """The font size carrying most of the non-space characters of ``text[first:last + 1]`` (at
    most SIZE_SAMPLE of them, evenly spread; the smaller size among equals). In small capitals
    the first letter of each word is full size and the others smaller: 'ESTIMATED COSTS' in the
    Federal Register is 8.2 pt, not the 10 pt of its first and last characters."""
    step = max(1, (last - first + 1) // SIZE_SAMPLE)
    counts: dict[float, int] = {}
    for i in range(first, last + 1, step):
        if text[i].isspace():
            continue
        size = round(_scaled(raw, i, get_font_size(raw, i), matrix, matrix_ref), 2)
        counts[size] = counts.get(size, 0) + 1
    if not counts:
        return _scaled(raw, first, get_font_size(raw, first), matrix, matrix_ref)
    return max(counts.items(), key=lambda kv: (kv[1], -kv[0]))[0]


def _middle(text: str, first: int, last: int) -> int:
    """A non-space character near the middle of ``text[first:last + 1]``."""
    mid = (first + last) // 2
    for i in range(mid, last + 1):
        if not text[i].isspace():
            return i
    return first


def _merge_same_baseline(lines: list[Line], notes: Mapping[str, float] | None = None) -> list[Line]:
    """Join pieces pdfium split on one visual line (a superscript, a footnote mark); ``notes``:
    the page's footnote numbers, each with the foot of its footnote's first letter
    (:func:`_footnote_marks`): a piece that is one of them, set smaller than the line before it
    and raised, above that footnote, is its mark, set apart (``N. 4``, not ``N.4``)."""
    out: list[Line] = []
    prev = None
    for line in lines:
        # the cheap test first: most lines start left of the previous line's end
        if (
            prev is not None
            and line.left >= prev.right - 1.0
            and line.left - prev.right < 3.0 * max(prev.size, 1.0)
            and prev.upright
            and line.upright
            and _overlaps(prev, line)
        ):
            gap = line.left - prev.right
            joiner = (
                " "
                if gap >= 0.15 * prev.size
                or _closes_rows(prev, line)
                or (notes and _mark_of(prev, line, notes))
                else ""
            )
            out[-1] = Line(
                page=prev.page,
                text=prev.text + joiner + line.text,
                size=prev.size,
                bold=prev.bold and line.bold,
                left=prev.left,
                right=line.right,
                top=max(prev.top, line.top),
                base=prev.base,
                last_base=prev.last_base if abs(line.size - prev.size) > 1 else line.last_base,
                angle=prev.angle,
                mono=prev.mono and line.mono,
            )
            prev = out[-1]
            continue
        out.append(line)
        prev = line
    return out


def _mark_of(prev: Line, line: Line, notes: Mapping[str, float]) -> bool:
    """Whether ``line`` is the mark of one of the page's footnotes (``notes``) after ``prev``."""
    foot = notes.get(line.text)
    return (
        foot is not None
        and _RUN_IN_DIGITS.search(prev.text[-2:] + line.text) is not None
        and line.base > foot
        and line.size <= MARK_SMALLER * prev.size
        and line.base - prev.end_base >= MARK_RISE * prev.size
    )


#: closing brackets, as text and as TeX's big delimiters read
_CLOSERS = _BRACKETS - _OPENERS


#: a list marker's number or letter, all of a piece's text
_MARKER_BODY = re.compile(r"\d{1,3}|[a-zA-Z]|[ivxIVX]{1,4}")


def _closes_rows(prev: Line, line: Line) -> bool:
    """Whether ``line`` is a lone big closing delimiter whose middle stands off the row of
    ``prev``, a number or a letter alone, by more than half the font size: it closes rows set
    above and below each other (a binomial's), ``prev`` the last of them, and is joined to it
    after a space. Joined without one, GeoTopo's (n over k) (p. 111) read '(n' over
    'k) xn−kyk ∀n ∈ N0', an item marked 'k)'."""
    return (
        len(line.text) == 1
        and line.text in _CLOSERS
        and _MARKER_BODY.fullmatch(prev.text) is not None
        and line.top - line.base > line.size
        and abs(line.last_base - prev.end_base) > 0.5 * line.size
    )


def _overlaps(a: Line, b: Line) -> bool:
    """The last visual line of ``a`` and the first of ``b`` overlap vertically by 40 % of the smaller
    height (a raised footnote mark on ``a`` still counts)."""
    if abs(a.base - a.last_base) < 0.8 * a.size:
        a_bottom, a_top = min(a.base, a.last_base), max(a.top, a.last_base + 0.7 * a.size)
    else:
        a_bottom, a_top = a.last_base, a.last_base + 0.7 * a.size
    b_bottom, b_top = b.base, b.base + 0.7 * b.size
    overlap = min(a_top, b_top) - max(a_bottom, b_bottom)
    return overlap > 0.4 * min(a.size, b.size) * 0.7
