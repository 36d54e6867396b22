"""Sniff what bytes are: binary or text, and which encoding the text is in."""

from __future__ import annotations

import codecs
import functools
import re

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
    """The encoding of text bytes: BOM, UTF-16 without BOM, UTF-8, else charset detection.

    Falls back to cp1252 (then latin-1, which decodes anything) as the common case for Western
    legacy files that charset detection cannot place.
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
        if _damaged_utf8(data[:65536]):
            return "utf-8"
    western = _western(data)
    if western:
        return western
    try:
        from charset_normalizer import from_bytes

        best = from_bytes(data[:65536]).best()
        if best is not None and best.encoding:
            return codecs.lookup(best.encoding).name
    except Exception:  # charset detection is advisory; fall through to latin-1
        pass
    return "latin-1"


_UTF8_SEQ = re.compile(rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}")


def _damaged_utf8(head: bytes) -> bool:
    """UTF-8 with a few damaged bytes (they become U+FFFD) rather than a legacy encoding: legacy
    cp1252 text almost never contains valid multi-byte UTF-8 sequences, damaged UTF-8 does."""
    valid = len(_UTF8_SEQ.findall(head))
    bad = head.decode("utf-8", "replace").count("\ufffd")
    return bool(valid) and bad <= 2 * valid + 4


def _western(data: bytes) -> str | None:
    """cp1252 when the bytes decode as cp1252 and read like Western text: accented letters are a
    minority of the letters (Cyrillic or Greek decoded as cp1252 is almost all accented letters).
    Charset detection is unreliable on short Western texts, which are the common legacy case."""
    try:
        text = data[:65536].decode("cp1252")
    except UnicodeDecodeError:
        return None
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return "cp1252"
    high = sum(1 for c in letters if ord(c) > 0x7F)
    return "cp1252" if high / len(letters) < 0.3 else None


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
