"""A page or a card whose declared charset names one of Python's codecs that read no text (its
codecs of bytes, ``base64``, ``rot13``, ``hex``, ``zlib``; ``idna`` and ``punycode``, which read a
domain name's labels; ``undefined``, which reads nothing; its string escapes) is read as one that
declares none, as a browser reads a label it does not know: such a label failed the whole file
with the codec's own error (``AssertionError``, ``TypeError``, ``UnicodeError``)."""

from __future__ import annotations

import pytest

from indexer import extract
from indexer.markdown import render_markdown
from indexer.sniff import decode_labelled, text_codec

NOT_TEXT = ["rot13", "base64", "hex", "uu", "zlib", "idna", "punycode", "undefined", "unicode_escape"]
#: "café" in windows-1252, which a page without a charset is read in here (its é is 0xE9)
BODY = b"<p>Hello caf\xe9 world</p>"


@pytest.mark.parametrize("label", NOT_TEXT)
def test_a_page_labelled_with_no_codec_of_text_reads_as_one_labelled_with_none(tmp_path, label):
    labelled = tmp_path / "labelled.html"
    labelled.write_bytes(
        b'<html><head><meta charset="' + label.encode() + b'"></head><body>' + BODY + b"</body></html>"
    )
    bare = tmp_path / "bare.html"
    bare.write_bytes(b"<html><head></head><body>" + BODY + b"</body></html>")
    assert render_markdown(extract(labelled)) == render_markdown(extract(bare)) == "Hello café world\n"


@pytest.mark.parametrize("label", ["rot13", "base64", "idna"])
def test_an_xhtml_page_whose_xml_declaration_names_no_codec_of_text_is_read(tmp_path, label):
    page = tmp_path / "page.xhtml"
    page.write_bytes(
        b'<?xml version="1.0" encoding="' + label.encode() + b'"?>\n'
        b'<html xmlns="http://www.w3.org/1999/xhtml"><body>' + BODY + b"</body></html>"
    )
    assert render_markdown(extract(page)) == "Hello café world\n"


def test_a_cards_quoted_printable_value_under_no_codec_of_text_is_read_as_under_an_unknown_one(tmp_path):
    # "Caf=E9 Ren=E9": é in windows-1252, which an unknown charset's value is read in
    card = (
        "BEGIN:VCARD\r\nVERSION:2.1\r\nFN;CHARSET={};ENCODING=QUOTED-PRINTABLE:Caf=E9 Ren=E9\r\nEND:VCARD\r\n"
    )
    for label in ("undefined", "idna", "x-unknown"):
        path = tmp_path / f"{label}.vcf"
        path.write_text(card.format(label), encoding="ascii")
        assert render_markdown(extract(path)) == "BEGIN:VCARD\nVERSION:2.1\nFN:Café René\nEND:VCARD\n", label


def test_a_label_names_a_codec_of_text_or_none():
    assert all(text_codec(label) for label in ("utf-8", "ISO-8859-1", "windows-1253", "koi8-r", "shift_jis"))
    assert not any(text_codec(label) for label in [*NOT_TEXT, "x-unknown", "unknown-8bit"])
    with pytest.raises(LookupError):
        decode_labelled(b"caf\xe9", "base64")
    # the label a browser reads ISO-8859-1 text with: windows-1252, whose 0x80 is the euro sign
    assert decode_labelled(b"\x80 caf\xe9", '"iso-8859-1"') == "€ café"
