"""A charset label means what browsers and mail readers take it to mean (the WHATWG Encoding
Standard's labels): a page or a mail part labelled ISO-8859-1 is read as windows-1252, so its
curly quotes and dashes are not control codes; Shift_JIS as Windows' cp932 (circled numbers);
Korean mail's ks_c_5601-1987 as cp949. Built files; every expected text is the one encoded."""

from __future__ import annotations

from email.message import EmailMessage

import pytest

from indexer import extract_bytes
from indexer.sniff import decode_labelled

QUOTED = "“Quoted” – it costs €5 … ‘or so’"


@pytest.mark.parametrize(
    ("label", "text", "codec"),
    [
        ("ISO-8859-1", QUOTED, "cp1252"),
        ("latin1", QUOTED, "cp1252"),
        ("Shift_JIS", "①の資料をご確認ください", "cp932"),
        ("windows-31j", "①の資料をご確認ください", "cp932"),
        ("ks_c_5601-1987", "회의 자료 ㉠ 참고", "cp949"),
        ("GB2312", "请查收附件中的报告", "gb18030"),
    ],
)
def test_a_label_reads_its_text_as_a_browser_does(label, text, codec):
    assert decode_labelled(text.encode(codec), label) == text


def test_a_byte_windows_1252_leaves_undefined_is_read_as_the_label_says():
    # 0x81 has no character in windows-1252; under ISO-8859-1 it is U+0081, as before
    assert decode_labelled(b"a\x81\x93b\x94", "iso-8859-1") == "a\x81\x93b\x94"


def test_us_ascii_stays_strict_and_an_unknown_label_is_no_codec():
    with pytest.raises(UnicodeDecodeError):
        decode_labelled("Café".encode("cp1252"), "us-ascii")
    with pytest.raises(LookupError):
        decode_labelled(b"text", "x-no-such-charset")


def _page(label: str, text: str, codec: str) -> bytes:
    return f'<html><head><meta charset="{label}"></head><body><p>{text}</p></body></html>'.encode(codec)


@pytest.mark.parametrize(
    ("label", "text", "codec"),
    [("iso-8859-1", QUOTED, "cp1252"), ("shift_jis", "①の資料をご確認ください", "cp932")],
)
def test_a_web_page_is_read_in_what_its_meta_charset_means(label, text, codec):
    doc = extract_bytes(_page(label, text, codec), "page.html")
    assert [b.text for b in doc.blocks] == [text]


def test_a_mail_part_is_read_in_what_its_charset_means():
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = "a@example.org", "b@example.org", "Prices"
    msg.set_content(QUOTED.encode("cp1252"), maintype="text", subtype="plain", cte="8bit")
    msg.replace_header("Content-Type", 'text/plain; charset="iso-8859-1"')
    korean = EmailMessage()
    korean.set_content("회의 자료 ㉠ 참고".encode("cp949"), maintype="text", subtype="plain", cte="base64")
    korean.replace_header("Content-Type", 'text/plain; charset="ks_c_5601-1987"')
    korean["Content-Disposition"] = 'attachment; filename="notes.txt"'
    msg.make_mixed()
    msg.attach(korean)
    doc = extract_bytes(msg.as_bytes(), "prices.eml")
    texts = [b.text for b in doc.blocks]
    assert QUOTED in texts
    assert "회의 자료 ㉠ 참고" in texts
