"""Outlook .msg: a plain body, and an RTF-only body of paragraphs once its markup is stripped,
read as an e-mail's plain body is (headings, lists, quoted text, signatures), by the same
function; an RTF-only body laid out in its markup (tables, lists, pictures) read as an .rtf file."""

from __future__ import annotations

from email.message import EmailMessage

import pytest

from indexer import extract, extract_bytes
from indexer.model import HEADING, IMAGE, LIST, PARAGRAPH, TABLE
from tests._builders import png

from ._outlook import outlook_message, rtf_lines

#: a reply as people type one: a title in capitals, a list with a wrapped item, a quote, an
#: indented address and a signature
BODY = (
    "Dear team,\n"
    "\n"
    "AGENDA\n"
    "\n"
    "- the budget for the spring fair, which we have to settle\n"
    "  before the end of the month\n"
    "- the new rota\n"
    "\n"
    "> Can we meet on Friday?\n"
    "> Ana\n"
    "\n"
    "    Room 4, second floor\n"
    "    North building\n"
    "\n"
    "-- \n"
    "Li Wei\n"
    "Events office\n"
)

#: what the .txt reader finds in BODY, checked line by line: the line in capitals a heading below
#: the subject (level 2 + 1), the item's wrapped line joined to it, the quote kept with its marks,
#: the address without its layout indentation, the signature's "-- " line no underline
EXPECTED = [
    (PARAGRAPH, 0, "Dear team,"),
    (HEADING, 3, "AGENDA"),
    (
        LIST,
        0,
        "the budget for the spring fair, which we have to settle before the end of the month\nthe new rota",
    ),
    (PARAGRAPH, 0, "> Can we meet on Friday?\n> Ana"),
    (PARAGRAPH, 0, "Room 4, second floor\nNorth building"),
    (PARAGRAPH, 0, "--\nLi Wei\nEvents office"),
]


def _body(doc) -> list[tuple[str, int, str]]:
    """The blocks after the subject's heading and the header paragraph."""
    return [(b.kind, b.level, b.text) for b in doc.blocks[2:]]


def _eml() -> bytes:
    msg = EmailMessage()
    msg["Subject"] = "Spring fair"
    msg["From"] = "li@example.org"
    msg.set_content(BODY)
    return bytes(msg)


def test_a_plain_body_reads_as_the_same_e_mail_body():
    eml = extract_bytes(_eml(), "fair.eml")
    assert _body(eml) == EXPECTED
    doc = extract(outlook_message("Spring fair", BODY), filename="fair.msg")
    assert _body(doc) == EXPECTED
    [items] = [b.items for b in doc.blocks if b.kind == LIST]
    assert [i.text for i in items] == [
        "the budget for the spring fair, which we have to settle before the end of the month",
        "the new rota",
    ]


def test_an_rtf_only_body_reads_so_too():
    doc = extract(outlook_message("Spring fair", rtf=rtf_lines(BODY)), filename="fair.msg")
    assert _body(doc) == EXPECTED


#: an RTF body laid out in its markup: a paragraph, a table of three rows, a bulleted list as
#: Outlook writes one (``\pntext``: a bullet and a tab), a picture, and a paragraph with an é
LAID_OUT_RTF = (
    "{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0 Calibri;}}\n"
    "\\pard Order for Friday:\\par\n"
    "\\trowd\\cellx2000\\cellx4000 Item\\cell Qty\\cell\\row\n"
    "\\trowd\\cellx2000\\cellx4000 Tea\\cell 4\\cell\\row\n"
    "\\trowd\\cellx2000\\cellx4000 Milk\\cell 2\\cell\\row\n"
    "\\pard{\\pntext\\'b7\\tab}Bring cups\\par\n"
    "{\\pntext\\'b7\\tab}Lock the door\\par\n"
    "\\pard Map:\\par\n"
    "{\\pict\\pngblip\\picw40\\pich30 " + png((40, 30)).hex() + "}\\par\n"
    "\\pard Thanks, caf\\'e9 staff\\par\n}"
).encode("ascii")


def test_an_rtf_only_body_laid_out_in_its_markup_reads_as_an_rtf_file():
    # its table, list and picture as the .rtf reader gives them, no longer the text striprtf
    # leaves ("Item|Qty|" lines, "·\tBring cups" paragraphs, the picture dropped)
    doc = extract(outlook_message("Order", rtf=LAID_OUT_RTF), filename="order.msg")
    body = doc.blocks[2:]
    assert [b.kind for b in body] == [PARAGRAPH, TABLE, LIST, PARAGRAPH, IMAGE, PARAGRAPH]
    assert body[0].text == "Order for Friday:"
    assert (body[1].header, body[1].rows) == (("Item", "Qty"), (("Tea", "4"), ("Milk", "2")))
    assert [i.text for i in body[2].items] == ["Bring cups", "Lock the door"]
    assert body[3].text == "Map:"
    [image] = doc.images
    assert body[4].images == (image.name,)
    assert (image.width, image.height, image.meta["message_index"]) == (40, 30, 1)
    assert body[5].text == "Thanks, café staff"
    assert all(b.meta["message_index"] == 1 for b in body)
    # the same body as an .rtf file: the same blocks
    rtf = extract_bytes(LAID_OUT_RTF, "order.rtf")
    assert [b.text for b in rtf.blocks] == [b.text for b in body]


#: RTF bodies of one paragraph (no layout of their markup), the bytes of their text written by hand
#: in the code page the document or its font declares, and that text
CODE_PAGE_BODIES = [
    # Καλημέρα in Windows-1253 (Κ CA, α E1, λ EB, η E7, μ EC, έ DD, ρ F1), written raw:
    # read as Windows-1252 it was "ÊáëçìÝñá"
    (
        b"{\\rtf1\\ansi\\ansicpg1253\\deff0{\\fonttbl{\\f0\\fswiss Arial;}}\\f0 "
        b"\xca\xe1\xeb\xe7\xec\xdd\xf1\xe1\\par\n}",
        "Καλημέρα",
    ),
    # Shift_JIS written raw: テスト (83 65, 83 58, 83 67) and 表示 (95 5C, 8E A6: its trail byte
    # a backslash), read as Windows-1252 "ƒeƒXƒg" and a broken control word
    (
        b"{\\rtf1\\ansi\\ansicpg932\\deff0{\\fonttbl{\\f0\\fnil\\fcharset128 MS Gothic;}}\\f0 "
        b"\x83e\x83X\x83g \x95\\\x8e\xa6\\par\n}",
        "テスト 表示",
    ),
    # the same escaped, as the RTF specification writes a lead byte before an ASCII trail byte:
    # it read "\ufffde\ufffdX\ufffdg"
    (
        b"{\\rtf1\\ansi\\ansicpg932\\deff0{\\fonttbl{\\f0\\fnil\\fcharset128 MS Gothic;}}\\f0 "
        b"\\'83e\\'83X\\'83g\\par\n}",
        "テスト",
    ),
    # a Greek font (\fcharset161) in a Western document, its raw bytes read in Windows-1253: σώμα
    # (F3 FE EC E1); the default font's raw E9 stays é
    (
        b"{\\rtf1\\ansi\\ansicpg1252\\deff0"
        b"{\\fonttbl{\\f0\\fcharset0 Arial;}{\\f1\\fcharset161 Arial Greek;}}\\f0 "
        b"caf\xe9 {\\f1 \xf3\xfe\xec\xe1}\\par\n}",
        "café σώμα",
    ),
    # a font's code page (\cpg1251) before its character set: Привет (CF F0 E8 E2 E5 F2) escaped,
    # which read "Ïðèâåò"
    (
        b"{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0\\fcharset0\\cpg1251 Arial;}}\\f0 "
        b"\\'cf\\'f0\\'e8\\'e2\\'e5\\'f2\\par\n}",
        "Привет",
    ),
    # a Mac document (\mac): 8E is é in Mac Roman, Ž in Windows-1252
    (b"{\\rtf1\\mac\\deff0{\\fonttbl{\\f0 Geneva;}}\\f0 caf\\'8e\\par\n}", "café"),
    # a font's code page no character set stands for (866, DOS Cyrillic): Привет is 8F E0 A8 A2
    # A5 E2, which read "\ufffdà¨¢¥â"
    (
        b"{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0 Arial;}{\\f1\\cpg866 Courier;}}\\f0 "
        b"{\\f1 \\'8f\\'e0\\'a8\\'a2\\'a5\\'e2} ok\\par\n}",
        "Привет ok",
    ),
]
CODE_PAGE_IDS = [
    "greek-raw",
    "shift-jis-raw",
    "shift-jis-escaped-lead",
    "greek-font",
    "font-code-page",
    "mac",
    "dos-cyrillic",
]


@pytest.mark.parametrize(("rtf", "expected"), CODE_PAGE_BODIES, ids=CODE_PAGE_IDS)
def test_an_rtf_only_body_is_read_in_its_code_page_as_an_rtf_file_is(rtf, expected):
    doc = extract(outlook_message("Note", rtf=rtf), filename="note.msg")
    assert [b.text for b in doc.blocks[2:]] == [expected]
    assert extract_bytes(rtf, "note.rtf").text == expected


#: an RTF body of Symbol-font text, as Word writes it (the font's code in the private-use area,
#: U+F070, p: π, its byte the fallback) and as older writers did (the byte \'61, a; the letter b)
SYMBOL_BODY = (
    b"{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Times New Roman;}{\\f1\\ftech\\fcharset2 Symbol;}}\\f0 "
    b"Area {\\f1 \\u-3984\\'70}r, angles {\\f1\\'61} and {\\f1 b}\\par\n}"
)


def test_the_symbol_font_text_of_an_rtf_only_body_is_read_as_in_an_rtf_file():
    # Symbol's p, a and b are π, α and β; the body read "Area \uf070r, angles a and b"
    doc = extract(outlook_message("Note", rtf=SYMBOL_BODY), filename="note.msg")
    assert [b.text for b in doc.blocks[2:]] == ["Area πr, angles α and β"]
    assert extract_bytes(SYMBOL_BODY, "note.rtf").text == "Area πr, angles α and β"


def _stored_as_unicode(data: bytes) -> str:
    """A str whose UTF-16LE bytes, the builder's PT_UNICODE stream, are ``data`` (even length)."""
    return data.decode("utf-16-le")


def test_an_8_bit_body_in_a_unicode_property_is_read_in_its_code_page():
    # some writers store the plain body's 8-bit bytes in its Unicode-typed property (PT_UNICODE,
    # 1000001F): read as UTF-16LE, "Café at noon" was "慃\ue966愠⁴潮湯". The stream written here
    # holds the cp1252 bytes of the first text, the UTF-8 bytes of the second
    cp1252 = "Café at noon, see you there.\r\n".encode("cp1252")  # 30 bytes, é 0xE9
    utf8 = "Grüße aus München, bis bald!\n".encode()  # 32 bytes: ü and ß two each
    for data, text in [(cp1252, "Café at noon, see you there."), (utf8, "Grüße aus München, bis bald!")]:
        doc = extract_bytes(outlook_message("Lunch", _stored_as_unicode(data)), "lunch.msg")
        assert [b.text for b in doc.blocks[2:]] == [text]
    # a body in UTF-16LE of CJK characters alone (no NUL byte either) stays as it is written
    chinese = "经过汇总大家提前合理安排进房间入住吧。"
    doc = extract_bytes(outlook_message("Rooms", chinese), "rooms.msg")
    assert [b.text for b in doc.blocks[2:]] == [chinese]


def test_a_unicode_body_of_japanese_alone_is_not_read_again_as_8_bit_text():
    # UTF-16LE Japanese holds no NUL byte where it has no ASCII character, and its kana's bytes
    # are printable ASCII ("に" is 6B 30); "上" is 0A 4E, a line break among them. Read as 8-bit
    # text, the first was "NKbk0g0M0~0W0_0"; the second holds "記" (18 8A) and "。" (02 30),
    # bytes no code page writes in text
    for text in ["上手にできました", "上記のとおりです。よろしくおねがいします", "上海の天気について"]:
        doc = extract_bytes(outlook_message("件名", text, code_page=932), "reply.msg")
        assert [b.text for b in doc.blocks[2:]] == [text]
