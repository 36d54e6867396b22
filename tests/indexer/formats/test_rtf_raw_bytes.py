"""RTF: bytes above 0x7F written raw (not as ``\\'xx``), as converters, scripts and old editors
write them, read in the code page the document or the current font declares, as escaped bytes
are; a double-byte character's two bytes read together. The bytes are written here by hand."""

from __future__ import annotations

import pytest

from indexer import extract_bytes
from indexer.formats.rtf import rtf_text


@pytest.mark.parametrize(
    ("rtf", "expected"),
    [
        # σώμα in Windows-1253: σ F3, ώ FE, μ EC, α E1 (óþìá if read as Windows-1252)
        (b"{\\rtf1\\ansi\\ansicpg1253 \xf3\xfe\xec\xe1}", "σώμα"),
        # a font's character set (\fcharset161, Greek) for its text; the other font's text in the
        # document's page (E9 is é in Windows-1252, ι in Windows-1253)
        (
            b"{\\rtf1\\ansi\\ansicpg1252{\\fonttbl{\\f0\\fcharset0 Times;}{\\f1\\fcharset161 Arial;}}"
            b"\\f0 {\\f1 \xf3\xfe\xec\xe1} caf\xe9}",
            "σώμα café",
        ),
        # 93 and 94 are Windows-1252's curly quotes (Latin-1 control characters)
        (b"{\\rtf1\\ansi\\ansicpg1252 \x93Caf\xe9\x94}", "\u201cCafé\u201d"),
        # a \uN's fallback byte is skipped (\uc1), the raw byte after it read: σ then ώ
        (b"{\\rtf1\\ansi\\ansicpg1253\\uc1 \\u963\xf3\xfe}", "σώ"),
        # Shift-JIS: テスト is 83 65, 83 58, 83 67 (trail bytes e, X, g), あ 82 A0
        (b"{\\rtf1\\ansi\\ansicpg932 \x83e\x83X\x83g \x82\xa0}", "テスト あ"),
        # 表示 is 95 5C, 8E A6: a raw lead byte's trail is the next byte, a backslash too
        (b"{\\rtf1\\ansi\\ansicpg932 \x95\\\x8e\xa6\\par}", "表示"),
        # マ is 83 7D: the brace is its trail byte and does not close the group
        (b"{\\rtf1\\ansi\\ansicpg932 {\x83} end}", "マ end"),
        # an escaped lead byte and a raw ASCII trail, the RTF specification's standard form: テスト
        (b"{\\rtf1\\ansi\\ansicpg932 \\'83e\\'83X\\'83g}", "テスト"),
        # a two-byte \uN fallback (\uc2) skipped, then raw スト (83 58, 83 67)
        (b"{\\rtf1\\ansi\\ansicpg932\\uc2 \\u12486\x83e\x83X\x83g}", "テスト"),
        # 中文 in GBK (D6 D0, CE C4) and Big5 (A4 A4, A4 E5), 한국 in Korean (C7 D1, B1 B9)
        (b"{\\rtf1\\ansi\\ansicpg936 \xd6\xd0\xce\xc4}", "中文"),
        (b"{\\rtf1\\ansi\\ansicpg950 \xa4\xa4\xa4\xe5}", "中文"),
        (b"{\\rtf1\\ansi\\ansicpg949 \xc7\xd1\xb1\xb9}", "한국"),
        # a Japanese font (\fcharset128) in a Western document, its bytes paired only in it: the
        # raw é before the brace closing the Western font's group is one byte
        (
            b"{\\rtf1\\ansi\\ansicpg1252{\\fonttbl{\\f0\\fcharset0 Times;}{\\f1\\fcharset128 MS Mincho;}}"
            b"\\f0 {caf\xe9}{\\f1 \x83e\x83X\x83g}}",
            "caféテスト",
        ),
        # in the Symbol font a raw byte is the character it shows there, as \'b7 is: B7 is •
        (b"{\\rtf1\\ansi{\\fonttbl{\\f0 Times;}{\\f3\\fcharset2 Symbol;}}\\f0 a {\\f3 \xb7} b}", "a • b"),
    ],
    ids=[
        "greek-page",
        "greek-font",
        "windows-1252-quotes",
        "unicode-fallback",
        "shift-jis",
        "shift-jis-backslash-trail",
        "shift-jis-brace-trail",
        "escaped-lead-raw-trail",
        "double-byte-fallback",
        "gbk",
        "big5",
        "korean",
        "japanese-font",
        "symbol-font",
    ],
)
def test_raw_bytes_read_in_the_declared_code_page(rtf, expected):
    assert extract_bytes(rtf, "t.rtf").text == expected


def test_raw_bytes_in_the_title_and_a_table():
    # Привет in Windows-1251 (CF F0 E8 E2 E5 F2) in the \info title and in a table's cells
    word = b"\xcf\xf0\xe8\xe2\xe5\xf2"
    rtf = (
        b"{\\rtf1\\ansi\\ansicpg1251{\\info{\\title " + word + b"}}"
        b"\\trowd\\cellx2000\\cellx4000 \\pard\\intbl " + word + b"\\cell \xc4\xe0\\cell\\row "
        b"\\trowd\\cellx2000\\cellx4000 \\pard\\intbl x\\cell y\\cell\\row }"
    )
    doc = extract_bytes(rtf, "t.rtf")
    assert doc.metadata["title"] == "Привет"
    (table,) = doc.blocks
    assert table.header == ("Привет", "Да") and table.rows == (("x", "y"),)


@pytest.mark.parametrize(
    ("fonts", "text", "expected"),
    [
        # a font's code page (\cpg1253) alone: F3 FE are σώ in Windows-1253 (óþ in Windows-1252),
        # escaped or raw; the other font's E9 stays é
        (b"{\\f0\\cpg1253 Arial;}{\\f1\\fcharset0 Times;}", b"\\'f3\\'fe {\\f1 caf\\'e9} \xf3", "σώ café σ"),
        # the code page before the character set the font also names
        (b"{\\f0\\fcharset0\\cpg1251 Arial;}", b"\\'cf\\'f0\\'e8\\'e2\\'e5\\'f2", "Привет"),
        # a double-byte code page: テスト (83 65, 83 58, 83 67) escaped with an ASCII trail, and raw
        (b"{\\f0\\fcharset0\\cpg932 MS Gothic;}", b"\\'83e\x83X\x83g", "テスト"),
    ],
    ids=["greek", "cyrillic-over-charset", "shift-jis"],
)
def test_a_fonts_code_page_reads_its_bytes(fonts, text, expected):
    rtf = b"{\\rtf1\\ansi\\ansicpg1252{\\fonttbl" + fonts + b"}\\f0 " + text + b"}"
    assert extract_bytes(rtf, "t.rtf").text == expected


@pytest.mark.parametrize(
    ("page", "fonts", "expected"),
    [
        # a font naming no character set reads in the document's page (E9 is é in Windows-1252), the
        # Greek font after it in its own (F3 FE EC E1 is σώμα in Windows-1253): the first font took
        # the Greek set and the Greek font was lost, "cafι óþìá"
        (b"1252", b"{\\f0 Times;}{\\f1\\fcharset161 Arial Greek;}", "café σώμα"),
        # in a Greek document the font naming none reads Greek too, E9 is ι in Windows-1253 (so it read
        # before, by the Greek set it took: the document's page, not Windows-1252, is the default)
        (b"1253", b"{\\f0\\froman Times;}{\\f1\\fcharset161 Arial Greek;}", "cafι σώμα"),
    ],
    ids=["western-document", "greek-document"],
)
def test_a_font_naming_no_character_set_reads_in_the_documents_code_page(page, fonts, expected):
    rtf = (
        b"{\\rtf1\\ansi\\ansicpg"
        + page
        + b"{\\fonttbl"
        + fonts
        + b"}\\f0 caf\\'e9 {\\f1 \xf3\xfe\xec\xe1}\\par}"
    )
    assert extract_bytes(rtf, "t.rtf").text == expected


#: Привет in DOS Cyrillic, code page 866 (П 8F, р E0, и A8, в A2, е A5, т E2), a page no RTF
#: character set stands for: read as Windows-1252 it was "\ufffdà¨¢¥â" (8F is no character there)
PRIVET_866 = b"\\'8f\\'e0\\'a8\\'a2\\'a5\\'e2"


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (b"{\\f1 " + PRIVET_866 + b"} ok", "Привет ok"),
        # raw, not escaped
        (b"{\\f1 \x8f\xe0\xa8\xa2\xa5\xe2} ok", "Привет ok"),
        # the space after \f0 ends that word: the text runs on
        (b"\\f1 " + PRIVET_866 + b"\\f0 ok", "Приветok"),
        # a \uN's fallback byte in that font is skipped (\uc1), the byte after it read: П then р
        (b"{\\f1\\uc1 \\u1055\\'8f\\'e0} ok", "Пр ok"),
        # back in the document's page outside the font's group: E9 is é in Windows-1252
        (b"{\\f1 \\'e0} caf\\'e9", "р café"),
    ],
    ids=["escaped", "raw", "font-word-after", "unicode-fallback", "other-font"],
)
def test_a_fonts_code_page_without_a_character_set_reads_its_bytes(body, expected):
    rtf = b"{\\rtf1\\ansi\\ansicpg1252{\\fonttbl{\\f0 Arial;}{\\f1\\cpg866 Courier;}}\\f0 " + body + b"}"
    assert extract_bytes(rtf, "t.rtf").text == expected
    assert rtf_text(rtf) == expected


@pytest.mark.parametrize(
    ("rtf", "expected"),
    [
        # five bytes of data (a } \ { FF) after \bin5 and its space: text neither they nor their
        # braces; " world" follows them
        (b"{\\rtf1\\ansi Hello\\bin5 a}\\{\xff world}", "Hello world"),
        # the data end a word with no space of its own (\b): "world" does not run into it
        (b"{\\rtf1\\ansi Hello {\\b\\bin3 xyzworld}}", "Hello world"),
        # an escaped backslash before "bin5" is text, not the word; the \bin2 after it is
        (b"{\\rtf1\\ansi a\\\\bin5 b\\bin2 xy c}", "a\\bin5 b c"),
    ],
    ids=["data", "word-before", "escaped-backslash"],
)
def test_binary_data_outside_a_picture_are_no_text(rtf, expected):
    assert extract_bytes(rtf, "t.rtf").text == expected
    assert " ".join(rtf_text(rtf).split()) == expected


def test_the_space_ending_the_code_page_word_after_a_brace_is_no_text():
    # the space ends \ansicpg1252: after a group's end there is no word before it to end
    rtf = b"{\\rtf1\\ansi{\\fonttbl{\\f0 Arial;}}\\ansicpg1252 Hello}"
    assert rtf_text(rtf) == "Hello"
    assert extract_bytes(b"{\\rtf1\\ansi x{\\b y}\\ansicpg1252 z}", "t.rtf").text == "xyz"
    # after another word it does end that word (\ansi Hello), as before
    assert rtf_text(b"{\\rtf1\\ansi\\ansicpg1252 Hello}") == "Hello"


def test_text_right_after_the_code_page_word_without_a_space_is_kept():
    # the digits end \ansicpg1252 and "Hello" follows: taken out, the word left "\ansiHello", one
    # unknown control word, and the text was lost
    assert rtf_text(b"{\\rtf1\\ansi\\ansicpg1252Hello}") == "Hello"
    assert extract_bytes(b"{\\rtf1\\ansi\\ansicpg1252Hello {\\b world}}", "t.rtf").text == "Hello world"


@pytest.mark.parametrize(
    ("charset", "text", "expected"),
    [
        # the RTF specification's Mac character sets, by the code page each stands for; each read
        # before as the document's page or the wrong Mac set:
        # 89, Mac Russian (10007): М 8C, и E8, р F0
        (b"89", b"\\'8c\\'e8\\'f0", "Мир"),
        # 88, Mac East European (10029): č 8B, then as, and ó 97, raw
        (b"88", b"\\'8bas \x97", "čas ó"),
        # 86, Mac Turkish (10081): ş DF, ı DD
        (b"86", b"I\\'df\\'ddk", "Işık"),
        # 85, Mac Greek (10006): α E1, β E2, γ E7 (it read as simplified Chinese)
        (b"85", b"\\'e1\\'e2\\'e7", "αβγ"),
        # 79, Mac Hangul (10003, EUC-KR): 한 C7 D1, 국 B1 B9 (it read as Big5)
        (b"79", b"\\'c7\\'d1\xb1\xb9", "한국"),
        # 80, Mac GB2312 (10008): 中 D6 D0, 文 CE C4 (it read as Korean)
        (b"80", b"\\'d6\\'d0\xce\xc4", "中文"),
        # 81, Mac Big5 (10002): 中 A4 A4, 文 A4 E5 (it read as Mac Arabic)
        (b"81", b"\\'a4\\'a4\xa4\xe5", "中文"),
    ],
    ids=["russian", "east-european", "turkish", "greek", "hangul", "gb2312", "big5"],
)
def test_a_mac_character_set_reads_in_its_code_page(charset, text, expected):
    rtf = (
        b"{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0\\fcharset0 Times;}{\\f1\\fcharset"
        + charset
        + b" Mac Font;}}\\f0 {\\f1 "
        + text
        + b"} caf\\'e9}"
    )
    assert extract_bytes(rtf, "t.rtf").text == expected + " café"
    assert rtf_text(rtf) == expected + " café"


def test_an_ebcdic_code_page_of_two_digits_is_read():
    # \cpg37 is EBCDIC (US, Canada), which Python names cp037: H C8, e 85, l 93, o 96; it was looked up
    # as cp37, not found, and read in Windows-1252 ("È…““–")
    rtf = (
        b"{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Arial;}{\\f1\\cpg37 Host;}}\\f0 "
        b"{\\f1 \\'c8\\'85\\'93\\'93\\'96} ok}"
    )
    assert extract_bytes(rtf, "t.rtf").text == "Hello ok"


@pytest.mark.parametrize(
    ("font", "text", "expected"),
    [
        # a Japanese font (\fcharset128) in a Western document: テ is 83 65, raw, in the paragraph
        # after \par too, where the font still holds; the raw 83 was read alone there ("\ufffde")
        (b"{\\f1\\fcharset128 MS Mincho;}", b"\x83e\\par \x83e", "テ\n\nテ"),
        # a font of code page 866: Пр is 8F E0 after \par too, where it read as Windows-1252 ("\ufffdà")
        (b"{\\f1\\cpg866 Courier;}", b"\\'8f\\'e0\\par \\'8f\\'e0\\sect \xe0", "Пр\n\nПр\n\nр"),
    ],
    ids=["shift-jis", "dos-cyrillic"],
)
def test_a_font_holds_across_paragraph_ends(font, text, expected):
    rtf = (
        b"{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0\\fcharset0 Times;}"
        + font
        + b"}\\f1 "
        + text
        + b"}"
    )
    assert extract_bytes(rtf, "t.rtf").text == expected


@pytest.mark.parametrize(
    ("font", "text", "expected"),
    [
        # the default font (\deff1) is Greek: E1 is α there, escaped or raw, before any \fN, and á
        # in the Western font after \f0; both read á before
        (b"{\\f1\\fcharset161 Arial Greek;}", b"\\'e1 \xe1\\par \\f0 \\'e1", "α α\n\ná"),
        # a Japanese default font: テ (83 65) raw before any \fN; it read "\ufffde"
        (b"{\\f1\\fcharset128 MS Mincho;}", b"\x83e\\par \\f0 caf\\'e9", "テ\n\ncafé"),
    ],
    ids=["greek", "shift-jis"],
)
def test_text_before_any_font_reads_in_the_default_font(font, text, expected):
    rtf = b"{\\rtf1\\ansi\\ansicpg1252\\deff1{\\fonttbl{\\f0\\fcharset0 Times;}" + font + b"}" + text + b"}"
    assert extract_bytes(rtf, "t.rtf").text == expected


def test_a_font_after_an_embedded_fonts_entry_reads_its_character_set():
    # the first font holds a group of groups (its embedded file); the Cyrillic font after it reads
    # Мир (CC E8 F0 in Windows-1251), which read "Ìèð": the first font's entry was not found, and
    # the conversion gave it the next font's character set and lost that font
    rtf = (
        b"{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0\\fcharset0 Times;}"
        b"{\\f1\\fnil{\\*\\fontemb\\fttruetype{\\*\\fontfile font.ttf}}Embedded;}"
        b"{\\f2\\fcharset204 Arial Cyr;}}"
        b"\\f0 caf\\'e9 {\\f2 \\'cc\\'e8\\'f0}}"
    )
    assert extract_bytes(rtf, "t.rtf").text == "café Мир"


def test_the_title_and_author_read_in_the_font_they_name():
    # Мир (CC E8 F0) and Иван (C8 E2 E0 ED) in Windows-1251, in a Cyrillic font the \info fields
    # name: they were read without the font table, in Windows-1252 ("Ìèð", "Èâàí"); a title naming
    # no font stays in the document's page (E9 é)
    fonts = b"{\\fonttbl{\\f0\\fcharset0 Times;}{\\f1\\fcharset204 Arial Cyr;}}"
    info = b"{\\info{\\title \\f1 \\'cc\\'e8\\'f0}{\\author \\f1 \\'c8\\'e2\\'e0\\'ed}}"
    doc = extract_bytes(b"{\\rtf1\\ansi\\ansicpg1252\\deff0" + fonts + info + b"\\f0 text}", "t.rtf")
    assert (doc.metadata["title"], doc.metadata["author"]) == ("Мир", "Иван")
    plain = b"{\\rtf1\\ansi\\ansicpg1252\\deff0" + fonts + b"{\\info{\\title caf\\'e9}}\\f0 text}"
    assert extract_bytes(plain, "t.rtf").metadata["title"] == "café"


@pytest.mark.parametrize(
    ("font", "text", "expected"),
    [
        # \plain sets the font back to the default one (\deff0, Greek), as Word writes a paragraph
        # in the default font: \pard\plain and no \fN; E1 is α there, it read á in the Western font
        # before; an escaped backslash before "plain" is text, and the font stays
        (
            b"{\\f0\\fcharset161 Arial Greek;}",
            b"\\f1 caf\\'e9\\par \\pard\\plain \\'e1 a\\\\plain \\'e1",
            "café\n\nα a\\plain α",
        ),
        # a Japanese default font: テ (83 65) raw after \plain; the 83 was read alone ("ƒe")
        (b"{\\f0\\fcharset128 MS Mincho;}", b"\\f1 caf\\'e9\\par\\plain \x83e", "café\n\nテ"),
    ],
    ids=["greek", "shift-jis"],
)
def test_plain_sets_the_default_font_again(font, text, expected):
    rtf = b"{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl" + font + b"{\\f1\\fcharset0 Times;}}" + text + b"}"
    assert extract_bytes(rtf, "t.rtf").text == expected
