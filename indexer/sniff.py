"""Sniff what bytes are: binary or text, and which encoding the text is in."""

from __future__ import annotations

import codecs
import functools
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import NamedTuple

_CONTROL = set(range(0x00, 0x09)) | set(range(0x0E, 0x20))

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


def looks_binary(data: bytes) -> bool:
    """SPEC §3: a NUL byte or ≥ 10 % control bytes in the first 8 KiB means binary.

    UTF-16/32 text (with a BOM, or the NUL pattern of UTF-16 or UTF-32 ASCII) is text, not binary.
    """
    head = data[:8192]
    if not head:
        return False
    if _bom_encoding(head) or _utf16_without_bom(head) or _utf32_without_bom(head):
        return False
    if b"\x00" in head:
        return True
    controls = sum(1 for b in head if b in _CONTROL)
    return controls * 10 >= len(head)


def _bom_encoding(head: bytes) -> str | None:
    for bom, name in _BOMS:
        if head.startswith(bom):
            return name
    return None


def _utf32_without_bom(head: bytes) -> str | None:
    """UTF-32 without a BOM (as RFC 4627 told JSON's from its first bytes): each character's
    high byte is NUL, the next one NUL (the Basic Multilingual Plane) in most characters, a
    plane's number (0x01-0x10) in the others; the lowest bytes are seldom NUL, and the characters
    read are, like any text's, seldom control characters."""
    sample = head[: min(len(head), 4096) & ~3]
    if len(sample) < 4:
        return None
    for guess, high, plane, low in (("utf-32-le", 3, 2, 0), ("utf-32-be", 0, 1, 3)):
        planes = sample[plane::4]
        if (
            sample[high::4].count(0) * 4 == len(sample)
            and max(planes) <= 0x10
            and planes.count(0) * 2 > len(planes)
        ):
            if sample[low::4].count(0) * 20 >= len(sample):  # a NUL in one character of five
                return None
            try:
                chars = sample.decode(guess)
            except UnicodeDecodeError:  # a surrogate, a code point beyond U+10FFFF
                return None
            controls = sum(1 for c in chars if ord(c) in _CONTROL)
            return None if controls * 10 >= len(chars) else guess
    return None


def _utf16_without_bom(head: bytes) -> str | None:
    sample = head[:4096]
    if len(sample) < 4:
        return None
    even_nuls = sample[0::2].count(0)
    odd_nuls = sample[1::2].count(0)
    half = len(sample) // 2
    if odd_nuls > 0.4 * half and even_nuls < 0.05 * half:
        guess = "utf-16-le"
    elif even_nuls > 0.4 * half and odd_nuls < 0.05 * half:
        guess = "utf-16-be"
    else:
        return None
    # the NUL pattern alone is met in binary data too (``\x00\x01bin``): UTF-16 text's
    # characters are, like any text's, seldom control characters
    chars = sample[: len(sample) & ~1].decode(guess, "replace")
    controls = sum(1 for c in chars if ord(c) in _CONTROL)
    return None if controls * 10 >= len(chars) else guess


def detect_encoding(data: bytes) -> str:
    """The encoding of text bytes: BOM, UTF-32 or UTF-16 without BOM, UTF-8
    (:func:`unicode_encoding`; a few damaged bytes aside), else the legacy code page whose
    reading is likeliest (:func:`_legacy_encoding`: the single-byte ones, Western, Central
    European, Cyrillic, Turkish, Hebrew, Greek, Baltic, Arabic and Persian, then charset
    detection's guess and the Korean, Chinese and Japanese ones; latin-1, which decodes
    anything, when none does).
    """
    return unicode_encoding(data) or _not_unicode(data)


def _not_unicode(data: bytes) -> str:
    """The encoding of text bytes :func:`unicode_encoding` does not name."""
    if damaged_utf8(data[:_HEAD]):
        return "utf-8"
    return _legacy_encoding(data[:_HEAD])


def unicode_encoding(data: bytes) -> str | None:
    """The Unicode encoding ``data`` is in as far as its first bytes or its validity tell, with
    no guess at a legacy code page: a BOM's, UTF-32 or UTF-16 by the NUL pattern of their ASCII
    characters, UTF-8 when the bytes are UTF-8 in full (ASCII too); None for any other bytes
    (a legacy code page, damaged UTF-8), which :func:`detect_encoding` goes on to judge."""
    return _unicode_reading(data)[0]


def _unicode_reading(data: bytes) -> tuple[str | None, str | None]:
    """:func:`unicode_encoding` and, for UTF-8, the text read in checking it (read once)."""
    bom = _bom_encoding(data[:4])
    if bom:
        return bom, None
    wide = _utf32_without_bom(data[:8192]) or _utf16_without_bom(data[:8192])
    if wide:
        return wide, None
    try:
        return "utf-8", data.decode("utf-8")
    except UnicodeDecodeError:
        return None, None


def damaged_utf8(head: bytes) -> bool:
    """UTF-8 with a few damaged bytes (they become U+FFFD) rather than a legacy encoding: legacy
    cp1252 text almost never contains valid multi-byte UTF-8 sequences, damaged UTF-8 does."""
    text = head.decode("utf-8", "replace")
    bad = text.count("\ufffd")
    # the characters read from a valid multi-byte sequence (U+FFFD itself written so among them)
    valid = len(text) - len(text.encode("ascii", "ignore")) - bad + head.count(b"\xef\xbf\xbd")
    if not valid:
        return False
    if bad < valid:
        return True
    # as much damage as UTF-8 or more: a short text in a legacy code that holds a sequence or two
    # by chance (EUC-JP's kana pair so, "北海道" in EUC-JP two of its four, "先生" in Shift_JIS
    # one of two) reads cleanly in that code, damaged UTF-8 does in none
    return (
        bad <= 2 * valid + 4 and _oddities(head.decode(_legacy_encoding(head, detect=False), "replace")) > 0
    )


#: The single-byte legacy code pages, tried first: Western (windows-1252), the common legacy case, Central
#: European (Windows' and ISO's), Cyrillic (Windows', KOI8-R and KOI8-U, which puts Ukrainian's і ї є ґ
#: where KOI8-R has box-drawing signs), Turkish and Hebrew (Windows'), Greek (Windows' and ISO's), Baltic
#: (Windows') and Arabic and Persian (Windows'; ISO's has no Persian letters); where two read a text alike,
#: the first is named (Russian in KOI8-R). Greek text whose bytes do not tell windows-1253 from ISO-8859-7
#: (they differ in Ά, two quotes and the C1 range only) is named windows-1253: a text file without a
#: declaration was most often saved by a Windows program in a Greek locale ("ANSI"), where Unix wrote
#: ISO-8859-7 under a locale or a mail header that named it
_LEGACY = ("cp1252", "cp1250", "iso8859_2", "cp1251", "koi8_r", "koi8_u", "cp1254", "cp1255")
_LEGACY += ("cp1253", "iso8859_7", "cp1257", "cp1256", "iso8859_6")
#: The East Asian ones, tried with charset detection's guess when no single-byte code page reads
#: a text cleanly: Korean, Chinese (GB18030, Big5-HKSCS) and Japanese (Shift_JIS as Windows'
#: cp932, EUC-JP); where two read a text alike, the first is named
_LEGACY_CJK = ("cp949", "gb18030", "big5hkscs", "cp932", "euc_jp")
_HEAD = 65536  # the bytes of a text looked at to tell its encoding
_ASCII_BYTES = bytes(range(128))
_ODDITY_SAMPLE = 4096  # the characters of a reading looked at: enough to tell, cheap to look over
#: signs one sees glued to letters in text as written (quotes, dashes, the ellipsis, the middle
#: dot of Catalan's l·l, the opening ¿ and ¡ of Spanish, the degree sign, a unit's ² and ³, the
#: trade mark signs, the signs of arithmetic in "x±y" or "a×b", the Greek tonos typed for the
#: keraia of a number in letters, "Β΄ Παγκόσμιος Πόλεμος"; the Arabic comma, semicolon and
#: question mark, and the zero-width non-joiner Persian writes inside a word, "می‌کنم"; Hebrew's
#: geresh and gershayim, written after a letter, "ג׳", "צה״ל", which :data:`_OUT_OF_PLACE` looks for
#: elsewhere)
_WRITTEN = frozenset("‘’“”«»–—…·¿¡°²³™®©±×÷΄،؛؟\u200c׳״")

#: The letters beyond ASCII of the languages the legacy code pages serve (small letters, and
#: Turkish İ whose small letter is ASCII's i; a Cyrillic or Hebrew alphabet whole). Japanese,
#: Chinese and Korean are in :func:`_models`.
_ALPHABETS = {
    "German": "äöüß",
    "French": "àâæçéèêëîïôœùûüÿ",
    "Spanish": "áéíñóúü",
    "Portuguese": "áàâãçéêíóôõú",
    "Italian": "àèéìíîòóùú",
    "Dutch": "áàéèëíïóöúü",
    "Danish": "æøåé",
    "Norwegian": "æøåéèêóòô",
    "Swedish": "åäöé",
    "Finnish": "äöåšž",
    "Icelandic": "áðéíóúýþæö",
    "Catalan": "àçèéíïòóúü",
    "Estonian": "äöõüšž",
    "Polish": "ąćęłńóśźż",
    "Czech": "áčďéěíňóřšťúůýž",
    "Slovak": "áäčďéíĺľňóôŕšťúýž",
    "Hungarian": "áéíóöőúüű",
    "Slovene": "čšž",
    "Croatian": "čćđšž",
    "Romanian": "ăâîșțşţ",
    "Turkish": "çğıöşüâîûİ",
    "Russian": "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
    "Ukrainian": "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя",
    "Belarusian": "абвгдеёжзійклмнопрстуўфхцчшыьэюя",
    "Bulgarian": "абвгдежзийклмнопрстуфхцчшщъьюя",
    "Serbian": "абвгдђежзијклљмнњопрстћуфхцчџш",
    "Macedonian": "абвгдѓежзѕијклљмнњопрстќуфхцчџш",
    "Hebrew": "אבגדהוזחטיךכלםמןנסעףפץצקרשת",
    "Greek": "αβγδεζηθικλμνξοπρσςτυφχψωάέήίόύώϊϋΐΰ",
    "Lithuanian": "ąčęėįšųūž",
    "Latvian": "āčēģīķļņšūž",
    # the kashida (tatweel) that stretches a word is written as a letter
    "Arabic": "ءآأؤإئابةتثجحخدذرزسشصضطظعغـفقكلمنهوىي",
    # windows-1256 has no Persian ye (ی, U+06CC): Persian so written uses Arabic's ي, ranked as ی
    "Persian": "ءآأؤئابپتثجچحخدذرزژسشصضطظعغـفقکگلمنهوي",
}
#: the name charset_normalizer's lists give a language, where it is not ours, and the letters a
#: language's text in its code page is written with in place of ones the lists rank
_FREQUENCY_NAMES = {"Persian": "Farsi"}
#: the most frequent letters of languages charset_normalizer's lists leave out, in the order of their
#: frequency in running text (Icelandic: ð 4.4 % of letters, á 1.8 %, í 1.6 %, þ 1.5 %, ó 1.0 %, æ 0.9 %;
#: ö, é, ú and ý, 0.8 % to 0.2 %, rarer than its 26th letter). Without it each of Icelandic's letters
#: beyond ASCII was as frequent as the others, ý as ð: Turkish "Kısa" read as windows-1252 "Kýsa" was
#: likelier Icelandic than Turkish
_FREQUENCIES_ADDED = {"Icelandic": "arniestulðgmkfvohádíþjbóyæ"}
#: languages whose text set in capitals drops the accents (and Greek its final sigma): ΑΘΗΝΑ for
#: Αθήνα, ΚΡΗΤΗΣ for Κρήτης; their capitals without an accent are letters of their own
#: (:func:`_small`), each as frequent as its small letter with all its accented forms and ς
_CAPITALS_UNACCENTED = ("Greek",)
#: what reading a text in a language costs beside the others its code page serves (-log of its
#: share of their text), where it is far from alike: Persian about a third of windows-1256's;
#: Icelandic, a small share of windows-1252's, as much as two fifths' (0.9) and no more: a lone ý of
#: Czech or Slovak ("který"), which windows-1250 reads alike, would else read as Turkish ı in
#: windows-1254, where at 0.9 Turkish words of several ı, ğ, ş and İ ("kullanıldığında", "İlk") no
#: longer read as Icelandic ("kullanýldýðýnda", "Ýlk")
_LANGUAGE_COST = {"Persian": 1.1, "Icelandic": 0.9}
_RANKED_AS = {"Persian": {"ي": "ی"}}
#: letters a language writes in loanwords and foreign names only (Estonian and Finnish "šokolaad",
#: "šakki"), which charset_normalizer's lists do not rank: one in 200 of its letters beyond ASCII,
#: not as frequent as its 27th letter. Else a Turkish word of ü, ö, ğ and ş alone ("yürürlüğe")
#: would read as Estonian in windows-1257, whose š and ž are Turkish's ğ and ş
_LOAN_LETTERS = {"Estonian": "šž", "Finnish": "šž"}
_LOAN_COST = 5.3
_WESTERN = ("German", "French", "Spanish", "Portuguese", "Italian", "Dutch", "Danish", "Norwegian")
_WESTERN += ("Swedish", "Finnish", "Icelandic", "Catalan", "Estonian")
_CENTRAL = ("Polish", "Czech", "Slovak", "Hungarian", "Slovene", "Croatian", "Romanian", "German")
_CYRILLIC = ("Russian", "Ukrainian", "Belarusian", "Bulgarian", "Serbian", "Macedonian")
#: the languages a code page serves: its reading of a text is judged by theirs (a code page not
#: named here by every language's)
_SERVES = {
    "cp1252": _WESTERN,
    "cp1250": _CENTRAL,
    "iso8859-2": _CENTRAL,
    "cp1251": _CYRILLIC,
    "koi8-r": _CYRILLIC,
    "koi8-u": _CYRILLIC,
    "cp1254": ("Turkish",),
    "cp1255": ("Hebrew",),
    "cp1253": ("Greek",),
    "iso8859-7": ("Greek",),
    "cp1257": ("Lithuanian", "Latvian", "Estonian"),
    "cp1256": ("Arabic", "Persian"),
    "iso8859-6": ("Arabic",),
    **dict.fromkeys(("cp949", "euc_kr", "johab"), ("Korean",)),
    **dict.fromkeys(("gb18030", "gbk", "gb2312", "hz", "big5", "big5hkscs", "cp950"), ("Chinese",)),
    **dict.fromkeys(
        ("cp932", "shift_jis", "shift_jis_2004", "shift_jisx0213", "euc_jp", "euc_jis_2004", "euc_jisx0213"),
        ("Japanese",),
    ),
}
#: how fast the frequency of a language's letters falls from one rank of charset_normalizer's
#: list of its most frequent ones to the next (Russian's о is 11 % of letters, its 26th letter
#: ц 0.5 %); a letter of the language not in the list is as frequent as the 27th
_DECAY = 0.89
#: the cost (-log p) of a letter a language is not written with (1 in a million) the first
#: time it comes; each time it comes again costs less (1 in ten thousand): a name from another
#: language comes again as any word does
_FOREIGN = 13.8
_FOREIGN_AGAIN = 9.2
_SIGN = 4.6  # what a sign (no letter) beyond ASCII costs: one in a hundred characters
#: what a sign of mojibake (:func:`_oddities`) costs beside the letters' costs: as much as a
#: letter of another alphabet and a half
_ODD_COST = 20.0
_BOUND_ODDITIES = 2  # the signs of mojibake a reading may show to bound the others' cost
#: what reading a text in a single-byte code page costs before its letters are looked at (-log
#: of a rough share of legacy text: windows-1252 60 %, windows-1250 and windows-1251 10 % each,
#: KOI8-R 5 %, windows-1254 4 %, ISO-8859-2 and windows-1255 3 % each, windows-1253 and
#: windows-1256 2 % each, ISO-8859-7, windows-1257 and KOI8-U 1 % each, ISO-8859-6 0.5 %): a word or two whose
#: letters would be as likely in either does not make Western text Central European ("São"
#: is not Romanian "Săo")
_PRIOR = {
    "cp1252": 0.5,
    "cp1250": 2.3,
    "cp1251": 2.3,
    "koi8-r": 3.0,
    "koi8-u": 4.6,
    "cp1254": 3.2,
    "iso8859-2": 3.5,
    "cp1255": 3.5,
    "cp1253": 3.9,
    "cp1256": 3.9,
    "iso8859-7": 4.6,
    "cp1257": 4.6,
    "iso8859-6": 5.3,
}


class _Model(NamedTuple):
    """What each letter of a text in one language costs (-log of its frequency among the
    letters beyond ASCII): the listed ones, then (East Asian languages) any other by ``rest``,
    None for a letter the language is not written with."""

    costs: dict[str, float]
    rest: Callable[[str], float | None] | None = None


@functools.cache
def _models() -> dict[str, _Model]:
    """The letter costs of each language: of an alphabet (:data:`_ALPHABETS`) from the rank of
    each letter in charset_normalizer's list of the language's most frequent letters; of
    Japanese, Chinese and Korean from its lists of their most frequent characters (their rough
    shares of running text: Chinese 40 %, Japanese hiragana 35 %, katakana 10 % and kanji 15 %,
    Korean 30 %), the others by :func:`_chinese`, :func:`_japanese` and :func:`_korean`."""
    from charset_normalizer.constant import FREQUENCIES

    models = {}
    for language, alphabet in _ALPHABETS.items():
        listed = FREQUENCIES.get(
            _FREQUENCY_NAMES.get(language, language), _FREQUENCIES_ADDED.get(language, ())
        )
        rank = {c: i for i, c in enumerate(listed)}
        rank.update({c: rank[listed] for c, listed in _RANKED_AS.get(language, {}).items() if listed in rank})
        # a letter ranked as its small letter (Turkish İ as i)
        weight = {c: _DECAY ** rank.get(c, rank.get(c.lower()[0], 26)) for c in alphabet}
        total = sum(weight.values())
        costs = {c: -math.log(w / total) for c, w in weight.items()}
        costs.update(dict.fromkeys(_LOAN_LETTERS.get(language, ""), _LOAN_COST))
        if language in _CAPITALS_UNACCENTED:
            capitals: Counter[str] = Counter()
            for c, w in weight.items():
                capitals[_unaccented_capital(c)] += w
            costs.update((c, -math.log(w / total)) for c, w in capitals.items())
        models[language] = _Model(costs)

    def listed(shares: dict[str, float]) -> dict[str, float]:
        costs: dict[str, float] = {}
        for name, share in shares.items():
            chars = FREQUENCIES[name]
            costs.update(dict.fromkeys(chars, -math.log(share / len(chars))))
        return costs

    models["Chinese"] = _Model(listed({"Chinese": 0.4}), _chinese)
    models["Japanese"] = _Model(listed({"Japanese": 0.15, "Japanese—": 0.1, "Japanese——": 0.35}), _japanese)
    models["Korean"] = _Model(listed({"Korean": 0.3}), _korean)
    return models


def _rows(c: str, codec: str) -> tuple[int, int]:
    """The two bytes of ``c`` in a double-byte ``codec`` ((0, 0) when it has no such pair)."""
    try:
        b = c.encode(codec)
    except UnicodeEncodeError:
        return 0, 0
    return (b[0], b[1]) if len(b) == 2 else (0, 0)


@functools.lru_cache(maxsize=8192)
def _chinese(c: str) -> float | None:
    """The cost of a Chinese character not listed as frequent: one of the characters in common
    use (GB2312's first level, Big5's "frequently used" ones: 58 % of running text shared by
    about 5000), one of their other characters (2 % by 8000), any other ideograph (rarer still)."""
    if _kind(c) != "HAN":
        return None
    lead, _ = _rows(c, "gb2312")
    big5 = _rows(c, "big5")
    if 0xB0 <= lead <= 0xD7 or (0xA4, 0x40) <= big5 <= (0xC6, 0x7E):
        return -math.log(0.58 / 5000)
    return -math.log(0.02 / 8000) if lead or big5[0] else _FOREIGN


@functools.lru_cache(maxsize=8192)
def _japanese(c: str) -> float | None:
    """The cost of a Japanese character not listed as frequent: a kanji of JIS X 0208's first
    level (33 % of running text shared by 2965), of its second level (2 % by 3390), any other
    kanji (rarer still), a kana (5 % by about 100)."""
    kind = _kind(c)
    if kind == "KANA":
        return -math.log(0.05 / 100)
    if kind != "HAN":
        return None
    lead, _ = _rows(c, "euc_jp")
    if 0xB0 <= lead <= 0xCF:
        return -math.log(0.33 / 2965)
    return -math.log(0.02 / 3390) if 0xD0 <= lead <= 0xF4 else _FOREIGN


@functools.lru_cache(maxsize=8192)
def _korean(c: str) -> float | None:
    """The cost of a Korean character not listed as frequent: a syllable of the 2350 of KS X
    1001 (68 % of running text; somewhat more than half of them closed by a final consonant, as
    2001 of those 2350 are: a misread text is made of closed ones), another syllable (of 11172:
    0.5 %), a hanja (1.5 % by 4888)."""
    kind = _kind(c)
    if kind == "HANGUL":
        lead, trail = _rows(c, "cp949")
        if lead < 0xB0 or trail < 0xA1:
            return -math.log(0.005 / 8822)
        if (ord(c) - 0xAC00) % 28:  # a syllable closed by a final consonant: 2001 of them
            return -math.log(0.68 * 0.55 / 2001)
        return -math.log(0.68 * 0.45 / 349)
    return -math.log(0.015 / 4888) if kind == "HAN" else None


@functools.lru_cache(maxsize=8192)
def _kind(c: str) -> str:
    """An East Asian character's kind: HAN (an ideograph, the iteration mark 々), KANA or HANGUL."""
    first = unicodedata.name(c, "").split(" ", 1)[0]
    if first in ("CJK", "IDEOGRAPHIC"):
        return "HAN"
    return "KANA" if first in ("HIRAGANA", "KATAKANA") else first


def _unaccented_capital(c: str) -> str:
    """The capital a letter of :data:`_CAPITALS_UNACCENTED` is set as in a text in capitals."""
    return unicodedata.normalize("NFD", c.replace("ς", "σ"))[0].upper()


@functools.lru_cache(maxsize=8192)
def _small(c: str) -> str:
    """A non-ASCII letter as :data:`_ALPHABETS` lists it: its small letter (İ itself, whose small
    letter is i and a dot above; "" for a letter whose small letter is ASCII, the Kelvin sign), a
    Greek capital without an accent itself (:data:`_CAPITALS_UNACCENTED`)."""
    if "\u0391" <= c <= "\u03a9":
        return c
    small = c.lower()
    if len(small) != 1:
        return c
    return "" if small.isascii() else small


def _letter_cost(counts: Mapping[str, int], codec: str, limit: float = math.inf) -> tuple[float, int]:
    """What the letters beyond ASCII of a reading cost (-log of their likelihood) in the language
    of the code page (:data:`_SERVES`) they fit best, and how many of them that language is not
    written with: a reading in the right code page is made of the language's letters, frequent
    ones often; the wrong one's letters belong to no one language (Polish "koń, wodę" read as
    windows-1252 "koñ, wodê": ñ is Spanish, ê French or Portuguese) or are the language's rare
    ones (Hebrew read as windows-1251: щ, ъ and й often). ``counts``: how often each character
    comes in the reading; a cost of ``limit`` or more is not worked out (told as infinite)."""
    letters: dict[str, int] = {}
    signs = 0.0
    for c, n in counts.items():
        small, sign = _LETTERS.get(c) or _letter_of(c)
        if small:
            letters[small] = letters.get(small, 0) + n
        else:
            signs += n * sign
    if not letters:
        return (signs, 0) if signs < limit else (math.inf, 0)
    models = _models()
    best, foreign = limit - signs, -1
    for language in _SERVES.get(codecs.lookup(codec).name, models):
        costs, rest = models[language]
        total, strange = _LANGUAGE_COST.get(language, 0.0), 0
        for c, n in letters.items():
            cost = costs.get(c)
            if cost is None and rest is not None:
                cost = rest(c)
            if cost is None:
                total += _FOREIGN + (n - 1) * _FOREIGN_AGAIN
                strange += 1
            else:
                total += n * cost
            if total >= best:
                break
        if total < best:
            best, foreign = total, strange
    if foreign < 0:  # no language's letters cost less than the limit
        return math.inf, 0
    return best + signs, foreign


#: what :func:`_letter_of` told of each character met (up to a bound)
_LETTERS: dict[str, tuple[str, float]] = {}


def _letter_of(c: str) -> tuple[str, float]:
    """The letter (as :data:`_ALPHABETS` lists it, :func:`_small`) ``c`` counts as and, for no
    such letter, what it costs as a sign (nothing for an ASCII character)."""
    if c <= "\x7f":
        kind = "", 0.0
    elif c.isalpha():
        kind = _small(c), 0.0
    else:
        kind = "", _sign_cost(c)
    if len(_LETTERS) >= _TABLE_SIZE:
        _LETTERS.clear()
    _LETTERS[c] = kind
    return kind


@functools.lru_cache(maxsize=4096)
def _sign_cost(c: str) -> float:
    """What a character beyond ASCII that is no letter costs: a sign (a quote, a dash, an
    ideographic full stop, a space) one in a hundred; a character of a private use area, a
    control or a code point no character has is not written (:data:`_FOREIGN`)."""
    return _FOREIGN if unicodedata.category(c) in ("Co", "Cn", "Cc") else _SIGN


def _legacy_encoding(head: bytes, detect: bool = True) -> str:
    """The encoding of text that is not UTF-8: the likeliest reading (:func:`_likeliest`) of the
    single-byte code pages (:data:`_LEGACY`), unless it shows a sign of mojibake or a letter its
    language is not written with; then the likeliest of charset detection's best guess (unless
    not ``detect``) and :data:`_LEGACY_CJK` if it shows fewer such signs.

    A legacy codec reads nearly any bytes, so each reading is judged by what the wrong one
    shows: Polish windows-1250 read as windows-1252 glues signs to letters ("Za¿ó³æ") and breaks
    a word's case ("jaŸñ"), or mixes the letters of several languages ("Dzieñ dobry ... wodê");
    Cyrillic read as Latin is words of accented letters only ("Ïðèâåò"); KOI8-R read as
    windows-1251 and the other way round put capitals after small letters ("рТЙЧЕФ"); Hebrew
    read as windows-1251 is made of Russian's rare letters ("щмен"); Japanese read as a
    single-byte code is signs among letters, EUC-JP read as Korean loose jamo or syllables
    seldom written, KOI8-R read as Shift_JIS half-width katakana. (charset detection alone takes
    short Western, Polish and Russian texts for other codes: Danish for Central European, KOI8-R
    for Shift_JIS.)"""
    best, fewest, read = _single_byte_likeliest(head)
    if fewest:
        codec, signs = _likeliest(head, _east_asian(head, detect), set(read))
        if signs < fewest:
            best = codec
    return codecs.lookup(best).name


#: the last text :func:`_single_byte_likeliest` judged, with its answer: a text that is not UTF-8
#: is judged twice when it holds a UTF-8 sequence or two (:func:`damaged_utf8`, then
#: :func:`detect_encoding`)
_LAST_JUDGED: tuple[bytes, tuple[str, float, frozenset[str]]] = (b"", ("latin-1", math.inf, frozenset()))


def _single_byte_likeliest(head: bytes) -> tuple[str, float, frozenset[str]]:
    """The likeliest reading of ``head`` in the single-byte code pages (:func:`_likeliest`), the
    signs of mojibake and foreign letters it shows, and the readings made."""
    global _LAST_JUDGED
    last, answer = _LAST_JUDGED
    if last == head and head:
        return answer
    seen: set[str] = set()
    codec, signs = _likeliest(head, _LEGACY, seen)
    _LAST_JUDGED = head, (codec, signs, frozenset(seen))
    return codec, signs, frozenset(seen)


def _likeliest(head: bytes, group: Iterable[str], seen: set[str]) -> tuple[str, float]:
    """Of the readings of ``head`` in the codecs of ``group`` (those that fit it and read it
    unlike any in ``seen``, which gets them), the one whose letters cost least
    (:func:`_letter_cost`) with its code page's :data:`_PRIOR`, each sign of mojibake
    (:func:`_oddities`) costing :data:`_ODD_COST` more; with the signs of mojibake it shows and
    the letters its language is not written with. Readings are looked over from the cheapest
    letters on, each only until it costs more than the best so far."""
    readings = []
    byte_counts: Counter[int] | None = None
    # what the first reading (of the commonest code page) costs with its signs of mojibake, when
    # its letters are all its language's and it shows few such signs: a reading whose letters cost
    # more cannot win, and they are not looked over to the end
    bound = math.inf
    known_odd: dict[int, int] = {}
    present = _undefined_in(head)
    for order, codec in enumerate(group):
        text = _reading(head, codec, present)  # its first characters, all that is judged
        if text is None or text in seen:
            continue
        seen.add(text)
        if _undefined(codec) is None:
            counts: Mapping[str, int] = Counter(text)
        else:  # a character for each byte: the bytes beyond ASCII (ASCII reads as ASCII, costing
            # nothing) are counted once for all such codecs
            if byte_counts is None:
                byte_counts = Counter(head[:_ODDITY_SAMPLE].translate(None, _ASCII_BYTES))
            table = _table(codec)
            counts = {table[b]: n for b, n in byte_counts.items()}
        prior = _PRIOR.get(codecs.lookup(codec).name, 0.0)
        cost, foreign = _letter_cost(counts, codec, bound - prior)
        if cost + prior >= bound:
            continue
        cost += prior
        readings.append((cost, foreign, order, codec, text))
        if len(readings) == 1 and not foreign:
            odd = _oddities(text, _BOUND_ODDITIES)
            if odd <= _BOUND_ODDITIES:  # all of them counted
                bound, known_odd[order] = cost + odd * _ODD_COST, odd
    best, signs, least = "latin-1", math.inf, math.inf
    for cost, foreign, order, codec, text in sorted(readings):
        if cost >= least:
            break
        odd = known_odd.get(order)
        if odd is None:
            odd = _oddities(text, (least - cost) / _ODD_COST)
        if cost + odd * _ODD_COST < least:
            best, signs, least = codec, odd + foreign, cost + odd * _ODD_COST
    return best, signs


def _reading(head: bytes, codec: str, present: frozenset[int]) -> str | None:
    """The first :data:`_ODDITY_SAMPLE` characters of ``head`` read in ``codec`` (all that is
    judged of it), None when ``codec`` does not fit ``head`` (a character split by the cut at
    :data:`_HEAD` bytes aside). A single-byte code page fits bytes that hold none it leaves
    undefined, which are looked for without reading the rest: among ``present``, the bytes of
    ``head`` that a code page of :data:`_LEGACY` leaves undefined (:func:`_undefined_in`)."""
    undefined = _undefined(codec)
    if undefined is not None:
        if _legacy_undefined()[0].issuperset(undefined):
            fits = present.isdisjoint(undefined)
        else:  # a code page charset detection named
            fits = not any(b in head for b in undefined)
        if not fits:
            return None
        return head[:_ODDITY_SAMPLE].decode(codec)
    try:
        text = head.decode(codec)
    except UnicodeDecodeError as e:
        if len(head) < _HEAD or e.start < len(head) - 3:
            return None
        text = head[: e.start].decode(codec)
    return text[:_ODDITY_SAMPLE]


@functools.cache
def _table(codec: str) -> str:
    """The character a single-byte ``codec`` reads from each byte (U+FFFD for one it leaves
    undefined)."""
    return bytes(range(256)).decode(codec, "replace")


@functools.cache
def _undefined(codec: str) -> bytes | None:
    """The bytes a single-byte ``codec`` leaves undefined (cp1252's 0x81, 0x8D …), None for a
    codec that is not single-byte (:func:`_single_byte`)."""
    if not _single_byte(codec):
        return None
    return bytes(b for b in range(256) if bytes([b]).decode(codec, "replace") == "\ufffd")


@functools.cache
def _legacy_undefined() -> tuple[frozenset[int], bytes]:
    """The bytes some code page of :data:`_LEGACY` leaves undefined, and the other bytes."""
    undefined = frozenset(b for codec in _LEGACY for b in _undefined(codec) or b"")
    return undefined, bytes(b for b in range(256) if b not in undefined)


def _undefined_in(head: bytes) -> frozenset[int]:
    """The bytes of ``head`` that some code page of :data:`_LEGACY` leaves undefined, found in
    one pass (looked for one by one for each code page, they took as long as the rest)."""
    return frozenset(head.translate(None, _legacy_undefined()[1]))


def _east_asian(head: bytes, detect: bool) -> Iterator[str]:
    """The codecs :func:`_legacy_encoding` tries after the single-byte ones, charset detection
    run only when reached."""
    guess = _detected(head) if detect else None
    if guess is not None:
        yield guess
    yield from _LEGACY_CJK


def _detected(head: bytes) -> str | None:
    """charset_normalizer's best guess at the encoding of ``head``, None when it has none or
    guesses a Unicode one (which reads ASCII letters as other characters)."""
    try:
        from charset_normalizer import from_bytes

        best = from_bytes(head).best()
        if best is not None and best.encoding:
            name = codecs.lookup(best.encoding).name
            # UTF-16 and UTF-32 without a BOM were looked for before; "abc" so read is no text
            return None if name.startswith("utf") else name
    except Exception:  # charset detection is advisory
        pass
    return None


def _oddities(text: str, limit: float = math.inf) -> int:
    """How many signs of a text read with the wrong codec its first :data:`_ODDITY_SAMPLE`
    characters show (counted until there are more than ``limit``): a control character of the
    C1 range, a loose Korean jamo, a half-width katakana or a character of the private use area
    (seldom written, often misread); a combining mark after no letter (a Hebrew vowel point that
    is a Russian capital); a sign that is no letter, no digit and not among :data:`_WRITTEN`
    beside a letter or another such sign ("Za¿ó", "‚±"); a small letter followed by a capital
    where one is not ASCII ("jaŸñ", "рТЙ"; an ASCII "iPhone" reads the same in every codec) or
    two letters of different scripts side by side ("GrьЯe", Hangul beside an ideograph); a word
    of three letters or more all accented Latin letters ("Ïðèâåò"); a character written in one
    place only met in another (:data:`_OUT_OF_PLACE`: "Êè¿â" for Ukrainian "Київ", "Poznañ" for
    Polish "Poznań", a Greek final sigma inside a word).

    Each character is classed once (:func:`_class`, :func:`_script_code`) and the signs are
    found by regular expressions over the string of classes."""
    sample = text[:_ODDITY_SAMPLE]
    if sample.isascii():
        return 0
    chars = {c for c in set(sample) if c > "\x7f"}
    kinds = sample.translate(_classes(chars, "kinds", _class))
    odd = kinds.count("x") + kinds.count("X") + kinds.count("y")
    odd += len(_LONE_MARK.findall(kinds)) + len(_STRAY_BESIDE.findall(kinds))
    if not _OUT_OF_PLACE_CHARS.isdisjoint(chars):
        for letters, pattern in _OUT_OF_PLACE:
            if not letters.isdisjoint(chars):
                odd += len(pattern.findall(sample))
    if odd > limit:
        return odd
    scripts = sample.translate(_classes(chars, "scripts", _script_code))
    pairs = {m.start() for m in _CASE_BREAK.finditer(kinds)}
    pairs.update(m.start() for m in _SCRIPT_BREAK.finditer(scripts))
    return odd + len(pairs) + len(_ACCENTED_WORD.findall(scripts))


def _classes(chars: Iterable[str], name: str, classify: Callable[[str], str]) -> dict[int, str]:
    """The table :data:`_TABLES` names, holding the class of each of ``chars`` (by ``classify``);
    a table grown past its size is begun again (a new one: a text being classed by the old one
    in another thread reads it whole)."""
    table = _TABLES[name]
    missing = [c for c in chars if ord(c) not in table]
    if missing:
        if len(table) + len(missing) > _TABLE_SIZE:
            table = {i: kind for i, kind in table.items() if i < 0x80}
        table.update((ord(c), classify(c)) for c in missing)
        _TABLES[name] = table
    return table


#: the classes of characters :func:`_oddities` looks at: ASCII small letter, capital, other;
#: beyond ASCII: small letter, capital, other letter, seldom written but often misread letter,
#: sign and other character (:data:`_MISREAD`), combining mark, stray sign (:func:`_stray`),
#: anything else
_ASCII_CLASSES = {i: ("a" if chr(i).islower() else "A" if chr(i).isupper() else ".") for i in range(128)}
_ASCII_SCRIPTS = {i: ("L" if chr(i).isalpha() else " ") for i in range(128)}
#: the tables str.translate classes a text by, one for all texts rather than one built for
#: each: ASCII's classes, then each character's met, up to :data:`_TABLE_SIZE` of them
_TABLES = {"kinds": dict(_ASCII_CLASSES), "scripts": dict(_ASCII_SCRIPTS)}
_TABLE_SIZE = 65536
_LONE_MARK = re.compile(r"(?<![aAluoxm])m")
_STRAY_BESIDE = re.compile(r"(?<=[aAluoxsX])s|s(?=[aAluoxsX])")


class _HebrewFinals:
    """Hebrew letters out of their place (as :data:`_OUT_OF_PLACE`'s patterns find them): a final
    letter (ך ם ן ף ץ) before a letter, a כ, מ, נ, פ or צ closing a word after a letter (Hebrew
    writes the final forms there and only there, and the others before a geresh, "וצ׳יפס"): "щодо"
    in windows-1251 reads "שמהמ" in windows-1255. Text stored in visual order, each line's letters
    as a screen shows them from the left (old ISO-8859-8 mail and pages, translations made for
    terminals), has its words reversed, "ןתינ" for "ניתן": when two words or more open with a
    final letter (one may be a misread Cyrillic н, п, к, у or х, "ןנאבכולאי" for "праблемай") and
    the reversed reading shows fewer letters out of place, those are counted."""

    _LOGICAL = re.compile(r"[ךםןףץ](?=[\u05d0-\u05ea])|[כמנפצ](?<=[\u05d0-\u05ea][כמנפצ])(?![^\W\d_]|[׳״])")
    _VISUAL = re.compile(r"(?<=[\u05d0-\u05ea])[ךםןףץ]|(?<![^\W\d_]|[׳״])[כמנפצ](?=[\u05d0-\u05ea])")
    _OPENING_FINAL = re.compile(r"(?<![^\W\d_])[ךםןףץ](?=[\u05d0-\u05ea])")

    def findall(self, text: str) -> list[str]:
        logical = self._LOGICAL.findall(text)
        if logical and len(self._OPENING_FINAL.findall(text)) > 1:
            visual = self._VISUAL.findall(text)
            if len(visual) < len(logical):
                return visual
        return logical


#: characters written in one place only, each with a pattern of one met elsewhere: Spanish's ¿
#: and ¡, which open a sentence, after a letter (Ukrainian "Київ" read as windows-1252 "Êè¿â",
#: Polish "może" as "mo¿e"); a sign written after a word (a unit's ² or ³, ™, ®, the Greek keraia
#: ΄) between two letters (Polish "miłość" as "mi³oœæ"); a ñ before no vowel (Spanish, Galician
#: and Basque write it before a vowel only: "Poznañ" and "Gdañsk" are Polish ń misread); an eth
#: ð or a Turkish ğ opening a word (Icelandic and Faroese write ð, Turkish ğ, inside and at the
#: end of words only: "Ðeðtadienis" and "Ğeştadienis" are Lithuanian "Šeštadienis" in
#: windows-1257 misread); an ì or ù before a letter (Italian writes them on a word's last vowel,
#: French its ù in "où" alone: "Budìjovice" and "mùžeme" are Czech "Budějovice" and "můžeme" in
#: windows-1250 misread); a þ after a vowel before no letter or a consonant but r, j, v, or after a
#: vowel in a word with no é, í, ó, ú nor an á or æ before a letter, this counted once a word (Icelandic
#: writes þ where a word or a compound's part starts, before a vowel, r, j or v, after a consonant,
#: "Alþingi", or after a vowel, "óþekkt", "íþrótt", "milliþjóns", "Táknmyndaþema", mostly in a word with
#: such an acute or æ, which Turkish does not write and Lithuanian read as windows-1252 writes as its į
#: and ę, "grįžti", "užduotį" read "gráþti", "uþduotá": "Beþiktaþ" and "kiþi" are Turkish "Beşiktaş"
#: and "kişi" in windows-1252 misread); a Croatian đ opening a word before a letter but a, e, o, u
#: ("Đakovo", "đak": "Điauliai" and "Đvietimas" are Lithuanian "Šiauliai" and "Švietimas" in
#: windows-1257 misread); a Romanian ţ before a consonant (Romanian writes it before a vowel or at a
#: word's end, "naţional", "preţ": "Ţiţli" and "Kuţlar" are Turkish "Şişli" and "Kuşlar" in
#: windows-1254 misread); an ò after a, e or o closing a word (Italian writes it after a
#: consonant or the i, u of "ciò", "può", Catalan inside a word too, "teòric": "Plzeò" is Czech
#: "Plzeň" in windows-1250 misread); an œ closing a word, after a vowel, or before w, r, m, z, æ,
#: or a c but the one of "œcuménique" (French writes it after a consonant or opening a word before
#: u and i, "cœur", "œil", and in a few learned words before s, t, d, n, l, "œsophage", "fœtus":
#: "Wyœwietla", "wartoœci", "coœ" and "Jeœli" are Polish "Wyświetla", "wartości", "coś" and
#: "Jeśli" in windows-1250 misread); a Polish ś, ź or ń before a vowel (Polish writes si, zi, ni
#: there: "cśur" and "mśurs" are French "cœur" and "mœurs" in windows-1252 misread); a Slovak ť or
#: Ť opening a word before no vowel, a ť closing one after a consonant but s, r, h (Slovak writes ť
#: at a word's start before a vowel only, "ťava", "ťažký", at its end after a vowel, "robiť", or
#: in "radosť", "smrť", Czech "nechť": "ťset uc=200Ť" and "Ťmejorť" are German "»set uc=200«" and
#: Spanish "«mejor»" in ISO-8859-2 misread, whose Ť and ť are windows-1252's « and »); a č alone,
#: or after a letter closing a word in s or in the endings of French è ("-ème", "-ère", "-èque",
#: "-èdes", "-ègent"; Czech, Slovak, Croatian and Slovene write č before a vowel, or before n, k,
#: t, l in such endings, "začne", "mačke", "čte": "systčme", "bibliothčque", "accčs" and "č" are
#: French "système", "bibliothèque", "accès" and Italian "è" in windows-1250 misread); an è before
#: a vowel, a k, or an n and a vowel but e, after á, í, ó, ú, or opening a word before a consonant but
#: r, s, p, x, t, m, g (French writes è opening a word in "ère", "ès" only, Catalan in "època",
#: "èxit", "ètnic", "èmfasi", "ègida"; no language of windows-1252 writes it after an accented vowel
#: but French é, "créèrent": "úèty", "KLÍÈ" and "èlen" are Czech "účty", "KLÍČ" and "člen" in
#: windows-1252 misread), an æ before a, e, u or after a vowel (French, Italian
#: and Catalan write è before a consonant, "-ène", "tècnic", or at a word's end, Danish, Norwegian
#: and Icelandic æ after a consonant or opening a word, before a consonant or i: "naèin", "Èeka",
#: "zajednièka", "utiènica", "æe", "kuæa" and "moæi" are Croatian "način", "Čeka", "zajednička",
#: "utičnica", "će", "kuća" and "moći" in windows-1252 misread, "byæ" Polish "być"); an ê before d,
#: z, p, k, g, b, æ, œ or a c but the one of "-êche", or closing a word after i (French and
#: Portuguese write ê before t, m, n, s, x, i, "-êche", or at a word's end after a consonant,
#: "você": "narzêdzia", "jêzyk", "wiêcej", "pamiêæ" and "siê" are Polish "narzędzia", "język",
#: "więcej", "pamięć" and "się" in windows-1252 misread); an ã before a letter but o, e, i and
#: the s closing a word, or closing a word after c, z, p, b, g, j, u or a vowel and t
#: (Portuguese writes ã before o, e, i, "mão", "mãe", "cãibra", or at a word's end after other
#: letters, "irmã", "lã", "cristã", "irmãs": "urmãtorul", "douã", "insereazã", "dacã" and
#: "limitatã" are Romanian "următorul", "două", "inserează", "dacă" and "limitată" in
#: windows-1252 misread); an õ closing a word, or before a letter but e in a word with an acute accent
#: (Portuguese writes õ before e only, "põe", "ações", Estonian, which writes no acute, inside a word,
#: "sõna": "mezõ" and "képernyõn" are Hungarian "mező" and "képernyőn" in windows-1252 misread); an û
#: before a vowel, j, s, v, z, k, g, b or p, or closing a word after a letter but d, r, m (French writes
#: û before t, r, l, c, n, m, "goût", "sûr", "brûler", or closing "dû", "crû", "mû": "betûi" and "nevû"
#: are Hungarian "betűi" and "nevű" in windows-1252 misread); an ø before a vowel but e, y (Danish and
#: Norwegian write ø before a consonant, e or y, or closing a word, "søen", "øya": "pøi" and "pøíkaz"
#: are Czech "při" and "příkaz" in windows-1252 misread); an ì closing a word after an n that follows
#: no vowel (Italian writes a last ì after a vowel and n, "finì": "volitelnì" and "chybnì" are Czech
#: "volitelně" and "chybně" in windows-1252 misread); a Greek
#: capital with an accent after a letter (a word's first letter alone carries it as a capital),
#: a final sigma ς before a letter; a Hebrew final letter (ך ם ן ף ץ) before a letter
#: (:class:`_HebrewFinals`, which also reads text stored in visual order), a Hebrew geresh or gershayim
#: after no Hebrew letter and beside a letter (Russian Ч and Ш in windows-1251 read as windows-1255);
#: an Arabic ta marbuta ة or alif maqsura ى (a word's last letters) before a letter, a tanwin (ً ٌ ٍ, a
#: word's last vowel) before a letter but the alif it may be written before, a vowel sign twice on a
#: letter; Russian small letters where Greek capitals read as KOI8-R put them and Russian, Ukrainian,
#: Belarusian and Bulgarian do not: й before а, и, у, ы, э (they write я, ю …; й
#: before о in loanwords, "район"), я after a letter before а, и, о, у, ы, э (Greek Ρ before a
#: vowel: "ΠΡΟΣΟΧΗ" reads "пяосовг"), г closing a word after a consonant but л, з, р, н ("долг",
#: "мозг", "митинг"; Greek -ΧΗ, -ΤΗ) or after it с (Greek -ΗΣ, "ΤΗΣ" reads "тгс"), оу closing a
#: word of four letters or more (Greek -ΟΥ; "шоу"); six Cyrillic consonants in a row in a word with another
#: letter (Russian, Ukrainian and Bulgarian write four at most, "взгляд", "чувств", five in the -нтств- of
#: "агентство"; р is left out, the vowel of Serbian and Macedonian "врх", "извршна", and ь, ъ end a run; a
#: word of consonants alone is an abbreviation, "ФССТНД", "МммДД"), where KOI8-R and windows-1251 read each
#: other's small letters as other capitals: "программой" in KOI8-R reads "РТПЗТБННПК" in windows-1251; ы or
#: ь opening a word or after a vowel, й, ь or ъ (Russian and Belarusian write them after a consonant,
#: Bulgarian ь before о only), a й after a consonant, ь or ъ (they write it after a vowel, or opening a
#: word: "йод", Ukrainian "йти"), a ъ closing a word (Russian writes it before е, ё, ю, я, Bulgarian inside
#: a word): "это", "кэш", "уйти" and "без" in KOI8-R read "ЬФП", "ЛЬЫ", "ХКФЙ" and "ВЕЪ" in windows-1251,
#: "для" and "поля" in windows-1251 read "дкъ" and "онкъ" in KOI8-R; a small э, щ or ч closing a word after
#: two capitals (Russian closes an abbreviation it inflects with another letter, "ВУЗы", and writes such a
#: small э inside a word, "КГБэшник"), where Greek ά, έ and ή read as KOI8-R put them: "μετά" reads "ЛЕТэ";
#: a word of small consonants alone (:class:`_Vowelless`): Greek "Ρόλος" in windows-1251 reads "Сьлпт"; a
#: Greek ϊ, ϋ, ΐ or ΰ after no vowel (the diaeresis parts a vowel from the one before it, "προϊόν"), a ψ or
#: ρ closing a word after a consonant (Greek closes a word in a vowel, ς, ν, or in ρ, ψ after a vowel,
#: "νέκταρ", "Πέλοψ"): Russian з, -ть, -ся in KOI8-R read as windows-1253 "ΪΑΠΥΣΛΑΤΨΣΡ" ("запускаться"); a
#: Hebrew כ, מ, נ, פ or צ closing a word after a letter (Hebrew writes ך ם ן ף ץ there): "щодо" in
#: windows-1251 reads "שמהמ" in windows-1255; a × or ÷ beside a letter beyond ASCII (a product or a
#: quotient joins ASCII letters and digits, "a×b"): Cyrillic ч and Ч in windows-1251 read as windows-1252
#: "òà÷íî" ("тачно")
#: the Cyrillic consonants but р (ь and ъ, no consonants, end a run of them)
_CYRILLIC_CONSONANT = "бвгджзйклмнпстфхцчшщђјљњћџѓќѕґўБВГДЖЗЙКЛМНПСТФХЦЧШЩЂЈЉЊЋЏЃЌЅҐЎ"


class _Vowelless:
    """Words of Cyrillic consonants, four small ones or more after a capital or none, with no р (Serbian's
    vowel in "смрт") and no ъ (Bulgarian's in "дълъг"): Russian, Ukrainian, Bulgarian and Serbian write
    none ("млрд" has р; an abbreviation of capitals, "ФССТНД", or of letters in two cases, "ММДДччмм", is
    no word). Found as runs of small consonants, each then checked for what stands before it (about three
    times as fast as a pattern looking behind at every character)."""

    _SMALL_RUN = re.compile(r"[бвгджзйклмнпстфхцчшщђјљњћџѓќѕґўь]{4,}(?![^\W\d_])")
    _CAPITAL = frozenset("БВГДЖЗЙКЛМНПСТФХЦЧШЩЂЈЉЊЋЏЃЌЅҐЎЬ")

    def findall(self, text: str) -> list[str]:
        found = []
        for match in self._SMALL_RUN.finditer(text):
            start = match.start()
            before = text[start - 1 : start]
            if before.isalpha() and (
                before not in self._CAPITAL or text[max(start - 2, 0) : start - 1].isalpha()
            ):
                continue  # the end of a longer word, or a capital after a letter
            found.append(match.group())
        return found


_GREEK_CONSONANT = "βγδζθκλμνξπρσςτφχψΒΓΔΖΘΚΛΜΝΞΠΡΣΤΦΧΨ"
_GREEK_LETTER = "\u0386\u0388-\u038a\u038c\u038e-\u03a1\u03a3-\u03ce"
_OUT_OF_PLACE = (
    (frozenset("¿¡"), re.compile(r"(?<=[^\W\d_])[¿¡]")),
    (frozenset("²³™®΄"), re.compile(r"(?<=[^\W\d_])[²³™®΄](?=[^\W\d_])")),
    (frozenset("ñÑ"), re.compile(r"[ñÑ](?![aeiouáéíóúüAEIOUÁÉÍÓÚÜ])")),
    (frozenset("ðÐğĞ"), re.compile(r"(?<![^\W\d_])[ðÐğĞ]")),
    (frozenset("ìùÌÙ"), re.compile(r"[ìùÌÙ](?=[^\W\d_])")),
    (
        frozenset("þ"),
        re.compile(
            r"(?<=[aeiouyáéíóúýæöAEIOUYÁÉÍÓÚÝÆÖ])þ(?![aeiouyáéíóúýæörjvAEIOUYÁÉÍÓÚÝÆÖRJV])"
            r"|(?<![^\W\d_])(?![^\W\d_]*(?:[éíóúÉÍÓÚ]|[áæÁÆ][^\W\d_]))[^\W\d_]*?[aeiouyýöAEIOUYÝÖ]þ"
        ),
    ),
    (frozenset("ΆΈΉΊΌΎΏ"), re.compile(f"(?<=[{_GREEK_LETTER}])[ΆΈΉΊΌΎΏ]")),
    (frozenset("ς"), re.compile(f"ς(?=[{_GREEK_LETTER}])")),
    (frozenset("ךםןףץכמנפצ"), _HebrewFinals()),
    (frozenset("׳״"), re.compile("[׳״](?<![\u05d0-\u05ea][׳״])(?:(?<=[^\\W\\d_][׳״])|(?=[^\\W\\d_]))")),
    (frozenset("ةى"), re.compile("[ةى](?=[\u0621-\u064a])")),
    (frozenset("\u064b\u064c\u064d"), re.compile("[\u064b-\u064d](?=[\u0621-\u0626\u0628-\u0648\u064a])")),
    (frozenset(chr(c) for c in range(0x064B, 0x0653)), re.compile("([\u064b-\u0652])\\1")),
    (frozenset("đĐ"), re.compile(r"[đĐ](?<![^\W\d_][đĐ])(?=[^\W\d_])(?![aeouAEOU])")),
    (frozenset("ţŢ"), re.compile(r"[ţŢ](?=[^\W\d_])(?![aeiouăâîAEIOUĂÂÎ])")),
    (frozenset("ò"), re.compile(r"ò(?<=[aeo]ò)(?![^\W\d_])")),
    (
        frozenset("œŒ"),
        re.compile(r"[œŒ](?:(?![^\W\d_])|(?=[wrmzæWRMZÆ]|[cC](?![uU])))|(?<=[aeiouyAEIOUY])[œŒ]"),
    ),
    (frozenset("śźńŚŹŃ"), re.compile("[śźńŚŹŃ](?=[aeiouyąęóAEIOUYĄĘÓ])")),
    (
        frozenset("ťŤ"),
        re.compile(
            r"(?<![^\W\d_])[ťŤ](?![aeiouyáäéíóôúýAEIOUYÁÄÉÍÓÔÚÝ])"
            r"|(?<=[bcdfgjklmnpqtvwxzBCDFGJKLMNPQTVWXZ])ť(?![^\W\d_])"
        ),
    ),
    (
        frozenset("čČ"),
        re.compile(
            r"(?<![^\W\d_])[čČ](?![^\W\d_])"
            r"|(?<=[^\W\d_])[čČ](?i:s|(?:qu|[bcdfgpt][rl]|ch|[bdghmpqrsvz])e(?:s|nt)?)(?![^\W\d_])"
        ),
    ),
    (
        frozenset("èÈæÆ"),
        re.compile(
            "[èÈ](?=[aeiouáéíóúkAEIOUK]|[nN][aiouAIOU])|(?<=[áíóúÁÍÓÚ])[èÈ]"
            "|(?<![^\\W\\d_])[èÈ](?=[^\\W\\d_])(?![rspxtmgRSPXTMG])"
            "|[æÆ](?=[aeuAEU])|(?<=[aeiouyAEIOUY])[æÆ]"
        ),
    ),
    (
        frozenset("êÊ"),
        re.compile(
            r"[êÊ](?=[dzpkgbœæDZPKGBŒÆ]|[cC](?![hH]))|(?<=[iI])[êÊ](?![^\W\d_])"
            r"|(?<=[jkwJKW])[êÊ]|(?<=[iI])[êÊ](?=[tT][^\W\d_])"  # Polish ę, noted below
        ),
    ),
    (
        frozenset("ãÃ"),
        re.compile(
            r"[ãÃ](?:(?=[^\W\d_])(?![oeisOEIS])|[sS](?=[^\W\d_]))"
            r"|(?:(?<=[czpbgju])|(?<=[aeiu]t))ã(?![^\W\d_])"
        ),
    ),
    (
        frozenset("õÕ"),
        re.compile(
            r"(?<=[^\W\d_])[õÕ](?![^\W\d_])"
            r"|(?<![^\W\d_])(?=[^\W\d_]*[áéíóúÁÉÍÓÚ])[^\W\d_]*?[õÕ](?=[^\W\d_])(?![eE])"
        ),
    ),
    (
        frozenset("ûÛ"),
        re.compile(
            r"[ûÛ](?=[aeiouáéíóújsvzkgbpAEIOUÁÉÍÓÚJSVZKGBP])|(?<=[^\W\d_])(?<![drmDRM])[ûÛ](?![^\W\d_])"
        ),
    ),
    (frozenset("øØ"), re.compile(r"[øØ](?=[aiouáéíóúýAIOUÁÉÍÓÚÝ])")),
    # Turkish, Romanian, Polish and Latvian letters met where the languages whose letters a wrong code page
    # reads them as do not write them: a ý after c, j or y, or before y after two letters or more (Czech and
    # Slovak write no ý after c, j or beside y, Icelandic and Faroese have no c and write ý beside y only in
    # the ný- of "nýyrði": "kullanýcý", "dosyayý" and "yapýyor" are Turkish "kullanıcı", "dosyayı" and
    # "yapıyor" in windows-1252 misread; a ý after ð is left alone, Icelandic's "jarðýta"); a þ after c or
    # before i and a vowel (Icelandic has no c and writes no i before a vowel: "acþiune" and "opþiune" are
    # Romanian "acţiune" and "opţiune" in windows-1252 misread); an ê after j, k or w, or after i before t and
    # a letter (Portuguese and French write no j, k or w before ê and ê after i before n only, "ciência";
    # Vietnamese names, "Viêt Nam", end after the t: "opcjê", "rêkê", "pamiêtaj" are Polish "opcję", "rękę",
    # "pamiętaj" in windows-1252 misread); a Romanian ţ closing a word after an i that opens it or follows a
    # vowel and a letter (Romanian closes words in ţ after e, o, u or a consonant, "preţ", "hoţ", "drăguţ",
    # "lanţ", and after i in the loan "bliţ": "geniţ" and "iţ" are Turkish "geniş" and "iş" in windows-1250
    # misread); a Latvian ē before a vowel (Latvian writes a j between them, "abonēja": "seēenek" is Turkish
    # "seçenek" in windows-1257 misread); an ã closing a word after nt, nd, ns, ct, ps, pt, bl, pl or gl
    # (Portuguese closes words in ã after a vowel, a consonant alone or st, rt, rm, nh, cl, "irmã", "cristã",
    # "manhã": "curentã", "exactã", "lipsã" and "simplã" are Romanian "curentă", "exactă", "lipsă" and
    # "simplă" in windows-1252 misread); an î before b, g, j, k, p, v, z or a d but before j (a capital Î
    # not before J: Romanian's alphabet is written "HIÎJ"), an â before a d and a vowel but e (French writes î
    # before t, m, n, l, c, s, "île", "gîte", "dîner", "abîme", "maître", "fraîche", â before t, g, c, m, n,
    # l, p, b, s, "âge", "pâte", "grâce", "âme", "câble", Portuguese before m, n, "câmera"; Turkish writes
    # "vâde", Romanian "kârgâz", names "Nouâdhibou", "Andjazîdja": "darbîbu", "derîgs" and "kâdu" are
    # Latvian "darbību", "derīgs" and "kādu" in windows-1252 misread, whose ī and ā are windows-1257's); a
    # Hebrew point, accent or punctuation mark after a Latin letter
    # ("despuֳ" is the Spanish "despuÃ" of a page whose UTF-8 was read as windows-1252, in windows-1255
    # misread)
    (frozenset("ý"), re.compile(r"(?<=[cjyCJY])ý|(?<=[^\W\d_]{2})ý(?=[yY])")),
    (frozenset("þÞ"), re.compile(r"(?<=[cC])[þÞ]|[þÞ](?=[iI][aeiouAEIOU])")),
    (frozenset("ţ"), re.compile(r"(?:(?<=[aeiouAEIOU][^\W\d_])|(?<![^\W\d_]))[iI]ţ(?![^\W\d_])")),
    (frozenset("ēĒ"), re.compile("[ēĒ](?=[aeiouāēīūAEIOUĀĒĪŪ])")),
    (frozenset("ã"), re.compile(r"(?:(?<=[ncpNCP][tdsTDS])|(?<=[bpgBPG][lL]))ã(?![^\W\d_])")),
    (frozenset("îÎ"), re.compile("î(?=[bgjkpvz]|d(?!j))|Î(?=[BDGKPVZ])")),
    (frozenset("âÂ"), re.compile("[âÂ](?=[dD][aiouAIOU])")),
    (frozenset(map(chr, range(0x0591, 0x05C8))), re.compile("(?<=[A-Za-z\u00c0-\u024f])[\u0591-\u05c7]")),
    (frozenset("ìÌ"), re.compile(r"(?<=[^\W\d_])(?<![aeiouAEIOU])[nN][ìÌ](?![^\W\d_])")),
    (frozenset("й"), re.compile("й(?=[аиуыэ])")),
    (frozenset("я"), re.compile(r"я(?<=[^\W\d_]я)(?=[аиоуыэ])")),
    (frozenset("г"), re.compile(r"г(?:(?<=[^\W\d_][бвгджйкмпстфхцчшщ]г)|с)(?![^\W\d_])")),
    (frozenset("у"), re.compile(r"оу(?<=[^\W\d_]{2}оу)(?![^\W\d_])")),
    (
        frozenset(_CYRILLIC_CONSONANT),
        re.compile(
            f"[{_CYRILLIC_CONSONANT}](?:[{_CYRILLIC_CONSONANT}]{{5,}}+(?=[^\\W\\d_])"
            f"|(?<=[^\\W\\d_][{_CYRILLIC_CONSONANT}])(?<![{_CYRILLIC_CONSONANT}]{{2}})"
            f"[{_CYRILLIC_CONSONANT}]{{5,}})"
        ),
    ),
    (
        frozenset("ьыЬЫ"),
        re.compile(r"[ьыЬЫ](?:(?<![^\W\d_][ьыЬЫ])|(?<=[аеёиоуыэюяіїєьъйАЕЁИОУЫЭЮЯІЇЄЬЪЙ][ьыЬЫ]))"),
    ),
    (frozenset("йЙ"), re.compile(f"[йЙ](?<=[{_CYRILLIC_CONSONANT}рРьЬъЪ][йЙ])")),
    (frozenset("ъЪ"), re.compile(r"[ъЪ](?<=[^\W\d_][ъЪ])(?![^\W\d_])")),
    (frozenset("эщч"), re.compile(r"[эщч](?<=[А-ЯЁ]{2}[эщч])(?![^\W\d_])")),
    (frozenset(_CYRILLIC_CONSONANT), _Vowelless()),
    (frozenset("ϊϋΪΫΐΰ"), re.compile("[ϊϋΪΫΐΰ](?<![αεηιουωάέήίόύώΑΕΗΙΟΥΩ][ϊϋΪΫΐΰ])")),
    (frozenset("ψΨρΡ"), re.compile(f"[ψΨρΡ](?<=[{_GREEK_CONSONANT}][ψΨρΡ])(?![^\\W\\d_])")),
    (frozenset("×÷"), re.compile(r"[×÷](?:(?<=[^\W\d_][×÷])(?<![a-zA-Z][×÷])|(?=[^\W\d_])(?![a-zA-Z]))")),
)
_OUT_OF_PLACE_CHARS = frozenset().union(*(chars for chars, _ in _OUT_OF_PLACE))
_CASE_BREAK = re.compile(r"(?=au|l[Au])")
#: two letters of different scripts side by side (L an ASCII letter, E another Latin one)
_SCRIPT_BREAK = re.compile(r"(?=([^ LE])(?!\1)[^ ]|[LE][^ LE])")
_ACCENTED_WORD = re.compile(r"(?<![^ ])E{3,}(?![^ ])")


@functools.lru_cache(maxsize=8192)
def _class(c: str) -> str:
    """The class of a character beyond ASCII (:data:`_ASCII_CLASSES`)."""
    if c in _MISREAD:
        return "x" if c.isalpha() else "X" if _stray(c) else "y"
    if c.isalpha():
        return "l" if c.islower() else "u" if c.isupper() else "o"
    if _mark(c):
        return "m"
    return "s" if _stray(c) else " "


_SCRIPT_CODES: dict[str, str] = {"LATIN": "E"}


@functools.lru_cache(maxsize=8192)
def _script_code(c: str) -> str:
    """One character naming the script of a letter beyond ASCII (E for Latin), a space for
    anything else."""
    if not c.isalpha():
        return " "
    return _SCRIPT_CODES.setdefault(_script(c), chr(0x4E00 + len(_SCRIPT_CODES)))


class _Misread:
    """C1 controls, Korean loose jamo, half-width katakana, the private use area (a code page's
    user-defined characters) and Greek's dialytika with tonos standing alone (΅; its letters
    ΐ and ΰ carry it): seldom written, often misread."""

    def __contains__(self, c: str) -> bool:
        return (
            "\x80" <= c <= "\x9f"
            or "\u3131" <= c <= "\u318e"
            or "\uff61" <= c <= "\uff9f"
            or "\ue000" <= c <= "\uf8ff"
            or c == "\u0385"
        )


_MISREAD = _Misread()


@functools.lru_cache(maxsize=4096)
def _script(c: str) -> str:
    """The script of a letter as far as a text mixes scripts within a word: Latin (ASCII too),
    Cyrillic, Greek, Hangul, Japanese and Chinese one (ideographs, kana) …"""
    if c.isascii():
        return "LATIN"
    first = unicodedata.name(c, "").split(" ", 1)[0]
    return "CJK" if first.startswith(("CJK", "HIRAGANA", "KATAKANA")) else first


@functools.lru_cache(maxsize=4096)
def _mark(c: str) -> bool:
    """Whether ``c`` is a combining mark (an accent, a vowel point), written after a letter."""
    return unicodedata.category(c)[0] == "M"


@functools.lru_cache(maxsize=4096)
def _stray(c: str) -> bool:
    """Whether ``c`` is a non-ASCII sign (a symbol, a punctuation mark, a control, a fraction, a
    superscript) not among :data:`_WRITTEN` nor East Asian punctuation (from U+3000 on: the
    ideographic full stop ends a word)."""
    return (
        "\x7f" < c < "\u3000"
        and c not in _WRITTEN
        and (unicodedata.category(c)[0] in "SPC" or unicodedata.category(c) == "No")
        and not c.isspace()
    )


#: Charset labels whose text browsers and mail readers read with another codec than Python's
#: codec of that name (the WHATWG Encoding Standard's labels): ISO-8859-1 is windows-1252
#: (0x80-0x9F are curly quotes and dashes, not control codes; US-ASCII, which the standard
#: reads so too, stays strict: a part so labelled that is not ASCII is mislabelled and read by
#: what else says its charset), Shift_JIS is
#: Windows' cp932 (circled numbers, the NEC and IBM extensions), GB2312 and GBK are GB18030,
#: EUC-KR (Korean mail's ks_c_5601-1987) is cp949, ISO-8859-9 is cp1254, TIS-620 is cp874,
#: Big5 is Big5-HKSCS, and the names Python does not know (windows-31j, iso-8859-8-i) theirs.
_WEB_CODECS = {
    **dict.fromkeys(
        ("iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "l1", "cp819", "ibm819", "x-cp1252"),
        "cp1252",
    ),
    **dict.fromkeys(
        ("shift_jis", "shift-jis", "sjis", "x-sjis", "csshiftjis", "windows-31j", "ms932"), "cp932"
    ),
    **dict.fromkeys(("gb2312", "gb_2312", "gb_2312-80", "csgb2312", "gbk", "x-gbk", "chinese"), "gb18030"),
    **dict.fromkeys(
        ("euc-kr", "euc_kr", "cseuckr", "ks_c_5601-1987", "ks_c_5601-1989", "windows-949"), "cp949"
    ),
    **dict.fromkeys(("iso-8859-9", "iso8859-9", "latin5", "l5"), "cp1254"),
    **dict.fromkeys(("tis-620", "iso-8859-11", "windows-874"), "cp874"),
    **dict.fromkeys(("big5", "cn-big5", "x-x-big5", "csbig5"), "big5hkscs"),
    "iso-8859-8-i": "iso-8859-8",
    "x-mac-roman": "mac-roman",
}


def web_codec(label: str) -> str:
    """The codec a browser or a mail reader reads text labelled ``label`` with (:data:`_WEB_CODECS`)."""
    name = label.strip().strip("\"'").lower()
    return _WEB_CODECS.get(name, name)


def decode_labelled(data: bytes, label: str) -> str:
    """``data`` decoded as text labelled ``label`` (a MIME part's or a page's charset) is read
    by a browser or a mail reader (:data:`_WEB_CODECS`), by Python's codec of that name when the
    reader's leaves a byte undefined (cp1252's 0x81, 0x8D, 0x8F, 0x90, 0x9D under ISO-8859-1).
    Bytes that are UTF-8 (not ASCII, and UTF-8 in full) are read as UTF-8 under a single-byte
    label (ISO-8859-x, windows-125x, KOI8-R …), as mail readers read them: such a label decodes
    any bytes, so UTF-8 text sent under it would read "CafÃ©", while Latin text is almost never
    valid UTF-8; a multi-byte label (Shift_JIS, GB18030 …) is taken at its word, strictly.
    A byte order mark wins over any label, as a browser's decoder lets it (the WHATWG Encoding
    Standard's BOM sniffing): bytes that open with one are read in its encoding, UTF-8, UTF-16
    or UTF-32, the mark left out (by a legacy label, UTF-16 text reads a byte to a character,
    "ÿþ" and a NUL after each ASCII letter). Raises LookupError for a label no codec of text has
    (:func:`text_codec`), UnicodeDecodeError for bytes it does not fit (those after a BOM, its
    encoding); newlines are left as they are."""
    name = label.strip().strip("\"'").lower()
    codec = _WEB_CODECS.get(name, name)
    if not text_codec(codec):
        raise LookupError(f"no codec of text is labelled {label!r}")
    bom = _bom_encoding(data[:4])
    if bom:
        return data.decode(bom).removeprefix("\ufeff")
    if not data.isascii() and _single_byte(codec):
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            pass
    try:
        return data.decode(codec)
    except UnicodeDecodeError:
        if codec == name or not text_codec(name):
            raise
    return data.decode(name)


#: Python's codecs of text that read no page or mail: of a domain name's labels, of Python's own
#: string escapes, and the one that reads nothing
_NOT_CHARSETS = frozenset({"idna", "punycode", "unicode-escape", "raw-unicode-escape", "undefined"})


@functools.cache
def text_codec(label: str) -> bool:
    """Whether a codec of text reads what is labelled ``label`` (a page's or a mail part's
    charset, by :func:`web_codec`): not where no codec has that name, nor where the codec is one
    of Python's codecs of bytes (``base64``, ``rot13``, ``hex``, ``zlib``), which decode no text
    and raise errors of their own (AssertionError, TypeError), nor one of :data:`_NOT_CHARSETS`
    (``idna`` cannot replace a byte it does not read). A browser reads a page so labelled as one
    labelled with no charset."""
    try:
        info = codecs.lookup(web_codec(label))
    except LookupError:
        return False
    # (``_is_text_encoding`` is how Python's own bytes.decode tells the codecs of bytes apart)
    return info._is_text_encoding and info.name not in _NOT_CHARSETS


@functools.cache
def _single_byte(codec: str) -> bool:
    """Whether ``codec`` reads one character from each byte (ISO-8859-x, windows-125x, KOI8-R,
    Mac Roman …): some byte above 0x7F reads alone, and the bytes 0x80-0xFF read together as
    each alone; a multi-byte charset (Shift_JIS, GB18030, EUC-KR, Big5, UTF-16) joins a lead
    byte with the next, UTF-8 reads none alone. False for a name no codec has."""
    try:
        decode = codecs.lookup(codec).decode
    except LookupError:
        return False
    alone = [decode(bytes([b]), "replace")[0] for b in range(0x80, 0x100)]
    return any(c != "\ufffd" for c in alone) and decode(bytes(range(0x80, 0x100)), "replace")[0] == "".join(
        alone
    )


def decode_text(data: bytes, encoding: str | None = None) -> tuple[str, str]:
    """Decode bytes to text with newlines normalised (CRLF/CR → LF); returns (text, encoding).

    Never raises: undecodable bytes become U+FFFD.
    """
    text = None
    if not encoding:
        encoding, text = _unicode_reading(data)
    enc = encoding or _not_unicode(data)
    if text is None:
        text = data.decode(enc, errors="replace")
    return _normalised(text), enc


def decode_unicode(data: bytes) -> str | None:
    """``data`` decoded as :func:`decode_text` decodes it when :func:`unicode_encoding` names its
    encoding (a BOM's, UTF-32 or UTF-16 by the NUL pattern of their ASCII characters, UTF-8);
    None for bytes in a legacy code page or damaged UTF-8, whose encoding a declaration may name
    (an HTML page's ``<meta charset>``) before a guess is made."""
    encoding, text = _unicode_reading(data)
    if encoding is None:
        return None
    if text is None:
        text = data.decode(encoding, errors="replace")
    return _normalised(text)


def _normalised(text: str) -> str:
    """``text`` without a leading BOM, its newlines LF (CRLF and CR read as LF)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text
