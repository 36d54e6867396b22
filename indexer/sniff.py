"""Sniff what bytes are: binary or text, and which encoding the text is in."""

from __future__ import annotations

import codecs
import functools
import re
import unicodedata
from collections.abc import Iterator

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

    UTF-16/32 text (with a BOM, or the NUL pattern of UTF-16 ASCII) is text, not binary.
    """
    head = data[:8192]
    if not head:
        return False
    if _bom_encoding(head) or _utf16_without_bom(head):
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
    """The encoding of text bytes: BOM, UTF-16 without BOM, UTF-8 (a few damaged bytes
    aside), else the legacy code whose reading looks least like mojibake (:func:`_legacy_encoding`:
    windows-1252 first, the common case, then windows-1250, windows-1251, KOI8-R, charset
    detection's guess, Shift_JIS and EUC-JP; latin-1, which decodes anything, when none does).
    """
    bom = _bom_encoding(data[:4])
    if bom:
        return bom
    utf16 = _utf16_without_bom(data[:8192])
    if utf16:
        return utf16
    try:
        data.decode("utf-8")
        return "utf-8"
    except UnicodeDecodeError:
        if damaged_utf8(data[:_HEAD]):
            return "utf-8"
    return _legacy_encoding(data[:_HEAD])


_UTF8_SEQ = re.compile(rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}")


def damaged_utf8(head: bytes) -> bool:
    """UTF-8 with a few damaged bytes (they become U+FFFD) rather than a legacy encoding: legacy
    cp1252 text almost never contains valid multi-byte UTF-8 sequences, damaged UTF-8 does."""
    valid = len(_UTF8_SEQ.findall(head))
    if not valid:
        return False
    bad = head.decode("utf-8", "replace").count("\ufffd")
    if bad <= valid:
        return True
    # more damage than UTF-8: a short text in a legacy code that holds a sequence or two by
    # chance (EUC-JP's kana pair so) reads cleanly in that code, damaged UTF-8 does in none
    return (
        bad <= 2 * valid + 4 and _oddities(head.decode(_legacy_encoding(head, detect=False), "replace")) > 0
    )


#: The single-byte legacy encodings tried first, in this order, on text that is not UTF-8:
#: Western (windows-1252), the common legacy case, then Central European and Cyrillic (Windows'
#: and KOI8-R)
_LEGACY = ("cp1252", "cp1250", "cp1251", "koi8_r")
#: The East Asian ones, tried after charset detection's guess: Korean first (Chinese read as
#: Korean mixes Hangul with ideographs, Korean read as Chinese is clean), Chinese, then Japanese
#: (Shift_JIS as Windows' cp932, EUC-JP), whose kana in a Chinese or Korean reading are odd
_LEGACY_CJK = ("cp949", "gb18030", "big5hkscs", "cp932", "euc_jp")
#: the Chinese and Korean codes: kana in their reading are Japanese misread
_NO_KANA = frozenset(
    codecs.lookup(c).name
    for c in ("gb18030", "gbk", "gb2312", "big5", "big5hkscs", "cp950", "cp949", "euc_kr", "johab", "hz")
)
_KANA = re.compile("[\u3041-\u30ff]")
_HEAD = 65536  # the bytes of a text looked at to tell its encoding
_ODDITY_SAMPLE = 4096  # the characters of a reading looked at: enough to tell, cheap to look over
#: signs one sees glued to letters in text as written (quotes, dashes, the ellipsis, the middle
#: dot of Catalan's l·l, the opening ¿ and ¡ of Spanish, the degree sign, a unit's ² and ³, the
#: trade mark signs, the signs of arithmetic in "x±y" or "a×b")
_WRITTEN = frozenset("‘’“”«»–—…·¿¡°²³™®©±×÷")


def _legacy_encoding(head: bytes, detect: bool = True) -> str:
    """The encoding of text that is not UTF-8: the first of :data:`_LEGACY`, charset detection's
    best guess (unless not ``detect``) and :data:`_LEGACY_CJK` whose reading shows no sign of
    mojibake (:func:`_oddities`), else the one that shows the fewest.

    A legacy codec reads nearly any bytes, so each reading is judged by what the wrong one
    shows: Polish windows-1250 read as windows-1252 glues signs to letters ("Za¿ó³æ") and breaks
    a word's case ("jaŸñ"); Cyrillic read as Latin is words of accented letters only ("Ïðèâåò");
    KOI8-R read as windows-1251 and the other way round put capitals after small letters
    ("рТЙЧЕФ"); Japanese read as a single-byte code is signs among letters, EUC-JP read as
    Korean loose jamo, KOI8-R read as Shift_JIS half-width katakana. A Western text reads
    cleanly as windows-1252, tried first (charset detection alone takes short Western, Polish
    and Russian texts for other codes: Danish for Central European, KOI8-R for Shift_JIS)."""
    best, least = "latin-1", None
    for codec in _candidates(head, detect):
        try:
            text = head.decode(codec)
        except UnicodeDecodeError as e:
            if len(head) < _HEAD or e.start < len(head) - 3:
                continue
            text = head[: e.start].decode(codec)  # the cut at _HEAD bytes split a character
        odd = _oddities(text)
        if codecs.lookup(codec).name in _NO_KANA and not text.isascii():
            odd += len(_KANA.findall(text, 0, _ODDITY_SAMPLE))
        if odd == 0:
            return codecs.lookup(codec).name
        if least is None or odd < least:
            best, least = codec, odd
    return codecs.lookup(best).name


def _candidates(head: bytes, detect: bool) -> Iterator[str]:
    """The codecs :func:`_legacy_encoding` tries, charset detection run only when reached."""
    yield from _LEGACY
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


def _oddities(text: str) -> int:
    """How many signs of a text read with the wrong codec its first :data:`_ODDITY_SAMPLE`
    characters show: a small letter followed by a capital where one is not ASCII ("jaŸñ",
    "рТЙ"; an ASCII "iPhone" reads the same in every codec); two letters of different scripts
    side by side ("GrьЯe", Hangul beside an ideograph); a sign that is no letter, no digit and
    not among :data:`_WRITTEN` beside a letter or another such sign ("Za¿ó", "‚±"); a word of
    three letters or more all accented Latin letters ("Ïðèâåò"); a control character of the C1
    range, a loose Korean jamo or a half-width katakana (seldom written, often misread)."""
    sample = text[:_ODDITY_SAMPLE]
    if sample.isascii():
        return 0
    odd = 0
    for m in _NON_ASCII_RUN.finditer(sample):
        a, b = m.start(), m.end()
        odd += _word_oddities(sample[max(a - 1, 0) : b + 1], sample, a, b)
    return odd


#: a run of non-ASCII characters (what differs between the codecs' readings)
_NON_ASCII_RUN = re.compile(r"[^\x00-\x7f]+")
_LETTER_RUN = re.compile(r"[^\W\d_]+")


def _word_oddities(window: str, sample: str, a: int, b: int) -> int:
    """The oddities (:func:`_oddities`) of the non-ASCII run ``sample[a:b]``, ``window`` the run
    with a character either side."""
    odd = sum(map(_odd_pair, window, window[1:]))
    odd += sum(1 for i in range(a, b) if _odd_char(sample, i))
    # the whole word the run is in: accented Latin letters only, three or more
    start, end = a, b
    while start > 0 and sample[start - 1].isalpha():
        start -= 1
    while end < len(sample) and sample[end].isalpha():
        end += 1
    for w in _LETTER_RUN.findall(sample[start:end]):
        if len(w) >= 3 and not any(c.isascii() for c in w) and all(map(_latin, w)):
            odd += 1
    return odd


class _Misread:
    """C1 controls, Korean loose jamo and half-width katakana: seldom written, often misread."""

    def __contains__(self, c: str) -> bool:
        return "\x80" <= c <= "\x9f" or "\u3131" <= c <= "\u318e" or "\uff61" <= c <= "\uff9f"


_MISREAD = _Misread()


def _odd_char(sample: str, i: int) -> bool:
    """Whether ``sample[i]`` is seldom written but often misread (:data:`_MISREAD`) or a stray
    sign beside a letter or another stray sign (each such sign counted once)."""
    c = sample[i]
    if c in _MISREAD:
        return True
    return _stray(c) and any(
        n.isalpha() or _stray(n) for n in (sample[i - 1 : i], sample[i + 1 : i + 2]) if n
    )


def _odd_pair(x: str, y: str) -> bool:
    """Whether two neighbouring characters are a sign of the wrong codec (:func:`_oddities`)."""
    if x.isascii() and y.isascii():
        return False
    if x.islower() and y.isupper():
        return True
    return x.isalpha() and y.isalpha() and _script(x) != _script(y)


@functools.lru_cache(maxsize=4096)
def _latin(c: str) -> bool:
    """Whether the letter ``c`` is a Latin one."""
    return unicodedata.name(c, "").startswith("LATIN")


@functools.lru_cache(maxsize=4096)
def _script(c: str) -> str:
    """The script of a letter as far as a text mixes scripts within a word: Latin (ASCII too),
    Cyrillic, Greek, Hangul, Japanese and Chinese one (ideographs, kana) …"""
    if c.isascii():
        return "LATIN"
    first = unicodedata.name(c, "").split(" ", 1)[0]
    return "CJK" if first.startswith(("CJK", "HIRAGANA", "KATAKANA")) else first


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
    Raises LookupError for a label no codec has, UnicodeDecodeError for bytes it does not fit;
    newlines are left as they are."""
    name = label.strip().strip("\"'").lower()
    codec = _WEB_CODECS.get(name, name)
    if not data.isascii() and _single_byte(codec):
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            pass
    try:
        return data.decode(codec)
    except UnicodeDecodeError:
        if codec == name or not _has_codec(name):
            raise
    return data.decode(name)


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


def _has_codec(name: str) -> bool:
    try:
        codecs.lookup(name)
    except LookupError:
        return False
    return True


def decode_text(data: bytes, encoding: str | None = None) -> tuple[str, str]:
    """Decode bytes to text with newlines normalised (CRLF/CR → LF); returns (text, encoding).

    Never raises: undecodable bytes become U+FFFD.
    """
    enc = encoding or detect_encoding(data)
    text = data.decode(enc, errors="replace")
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text, enc
