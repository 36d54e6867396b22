"""Phonetic guides (ruby: furigana set over kanji) in Word and OpenDocument text. Word writes
the reading before its base (``w:rt`` before ``w:rubyBase``), OpenDocument after it
(``text:ruby-text`` after ``text:ruby-base``), and both were read as inline text, so the reading
ran into the words around it: 東京のかんじ漢字です, 東京の漢字かんじです for 東京の漢字です. The base is now
read where it stands, the reading after it in parentheses (the way plain Japanese text gives a
reading). An HTML page's or EPUB chapter's ``<ruby>`` ran its ``<rt>`` into its base the same way
(漢字かんじ) unless the page wrote ``<rp>`` parentheses; it now reads alike. The documents are built
here; the expected text is the markup's own."""

from __future__ import annotations

from indexer import extract_bytes
from tests.indexer.formats._odf_build import content_xml, odt_package
from tests.indexer.formats.test_docx import build_docx, docx
from tests.indexer.formats.test_epub import _epub3


def _word_ruby(base: str, reading: str) -> str:
    # as Word writes a phonetic guide: its properties, then the reading, then the base
    return (
        '<w:r><w:ruby><w:rubyPr><w:rubyAlign w:val="distributeSpace"/><w:hps w:val="10"/>'
        '<w:hpsRaise w:val="18"/><w:hpsBaseText w:val="21"/><w:lid w:val="ja-JP"/></w:rubyPr>'
        f'<w:rt><w:r><w:rPr><w:sz w:val="10"/></w:rPr><w:t>{reading}</w:t></w:r></w:rt>'
        f"<w:rubyBase><w:r><w:t>{base}</w:t></w:r></w:rubyBase></w:ruby></w:r>"
    )


def test_a_word_phonetic_guide_reads_its_base_then_its_reading():
    body = (
        f"<w:p><w:r><w:t>東京の</w:t></w:r>{_word_ruby('漢字', 'かんじ')}<w:r><w:t>です</w:t></w:r></w:p>"
        # in a table cell too, where a paragraph is read the same way
        f"<w:tbl><w:tr><w:tc><w:p>{_word_ruby('日本', 'にほん')}</w:p></w:tc>"
        "<w:tc><w:p><w:r><w:t>語</w:t></w:r></w:p></w:tc></w:tr></w:tbl>"
    )
    # a table of one row: a paragraph per cell
    assert [b.text for b in docx(build_docx(body)).blocks] == ["東京の漢字(かんじ)です", "日本(にほん)", "語"]


def _odt(body: str) -> bytes:
    return odt_package(content_xml(body))


def test_an_opendocument_ruby_reads_its_base_then_its_reading():
    body = (
        "<text:p>東京の<text:ruby><text:ruby-base>漢字</text:ruby-base>"
        "<text:ruby-text>かんじ</text:ruby-text></text:ruby>です</text:p>"
    )
    doc = extract_bytes(_odt(body), "t.odt")
    assert [b.text for b in doc.blocks] == ["東京の漢字(かんじ)です"]


#: a reading per base character (東 とう, 京 きょう), a word's reading over its <rb>, and a ruby
#: that writes its own fallback parentheses (<rp>), which reads so already
RUBIES = (
    "<p>今日は<ruby>東<rt>とう</rt>京<rt>きょう</rt></ruby>へ行く</p>"
    "<p><ruby><rb>明日</rb><rt>あした</rt></ruby>は<ruby>雨<rp>(</rp><rt>あめ</rt><rp>)</rp></ruby>です</p>"
)


def test_an_html_ruby_reads_its_base_then_its_reading():
    page = f"<!DOCTYPE html><html><body>{RUBIES}</body></html>".encode()
    assert [b.text for b in extract_bytes(page, "t.html").blocks] == [
        "今日は東(とう)京(きょう)へ行く",
        "明日(あした)は雨(あめ)です",
    ]


def test_an_epub_chapter_ruby_reads_its_base_then_its_reading():
    doc = extract_bytes(_epub3(chapter=f"<h1>天気</h1>{RUBIES}"), "t.epub")
    chapter = [b.text for b in doc.blocks if b.meta["spine_index"] == 1]
    assert chapter == ["天気", "今日は東(とう)京(きょう)へ行く", "明日(あした)は雨(あめ)です"]
