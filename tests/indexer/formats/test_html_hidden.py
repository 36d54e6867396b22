"""HTML: elements no reader is shown (``hidden``, inline ``display: none`` / ``visibility:
hidden``) are left out of web pages, e-mail bodies and EPUB chapters; what is shown on request
or to the eye stays."""

from __future__ import annotations

from indexer import extract
from indexer.formats.email import extract_eml
from indexer.formats.html import extract_html, html_blocks

from ._text_helpers import CTX


def _texts(html: str) -> list[str]:
    return [b.text for b in html_blocks(html)[0]]


def test_hidden_attribute_and_inline_styles_are_left_out():
    para, table, items = html_blocks(
        "<p>Open <span style='display:none'>SORTKEY</span>daily</p>"
        "<div hidden><p>Draft</p></div>"
        '<div style="COLOR: red; Display : None !important">Preview line</div>'
        "<table><tr><td>Fee</td><td><span style='visibility:hidden'>0007</span>7 EUR</td></tr>"
        "<tr style='display:none'><td>Old fee</td><td>5 EUR</td></tr>"
        "<tr><td>Hours</td><td>9-17</td></tr></table>"
        "<ul><li>One</li><li style='visibility: collapse'>Two</li></ul>"
    )[0]
    assert para.text == "Open daily"
    assert table.rows == (("Fee", "7 EUR"), ("Hours", "9-17"))
    assert [i.text for i in items.items] == ["One"]


def test_the_last_declaration_wins_unless_an_earlier_one_is_important():
    assert _texts(
        "<p style='display:none; display:block'>shown again</p>"
        "<p style='display:none !important; display:block'>stays hidden</p>"
        "<p style='visibility:visible;visibility:hidden'>hidden last</p>"
    ) == ["shown again"]


def test_what_a_reader_can_see_stays():
    assert _texts(
        "<div hidden='until-found'>Found by searching the page</div>"  # revealed by find-in-page
        "<p aria-hidden='true'>Shown, only not read aloud</p>"
        "<details><summary>More</summary><p>Shown on request</p></details>"
        "<p style='border:none;overflow:hidden'>Bordered</p>"
        "<p style='mso-display:none'>An Outlook-only property</p>"
        "<div style='visibility:hidden'>hidden <span style='visibility:visible'>but this shows</span></div>"
        "<div style='display:none'>x</div>"
    ) == [
        "Found by searching the page",
        "Shown, only not read aloud",
        "More",
        "Shown on request",
        "Bordered",
        "An Outlook-only property",
        "hidden but this shows",  # read whole, as before: a part of it shows
    ]


def test_nested_hidden_elements_go_with_the_outermost():
    html = "<div style='display:none'>" * 300 + "deep" + "<span hidden>x</span>" * 50 + "</div>" * 300
    assert _texts(html + "<p>after</p>") == ["after"]
    html = "<div>" * 300 + "<span hidden>gone</span>kept " * 300 + "</div>" * 300
    assert _texts(html) == [" ".join(["kept"] * 300)]


def test_web_page_records_nothing_lost():
    doc = extract_html(b"<p>Visible text.</p><p hidden>Hidden text.</p>", CTX)
    assert doc.text == "Visible text."
    assert doc.coverage.skipped == () and doc.coverage.warnings == ()


PREHEADER_MAIL = (
    "From: news@example.org\nTo: ana@example.org\nSubject: Spring opening\n"
    "Content-Type: text/html; charset=utf-8\n\n"
    '<html><body><div style="display:none;max-height:0;overflow:hidden;mso-hide:all">'
    "Doors open at nine, free coffee inside &#8199;&#847; &#8199;&#847;</div>"
    "<h1>We are open again</h1><p>The garden centre opens on Saturday.</p></body></html>\n"
)


def test_mail_preheader_is_not_body_text():
    doc = extract_eml(PREHEADER_MAIL.encode(), CTX)
    assert [b.text for b in doc.blocks[2:]] == ["We are open again", "The garden centre opens on Saturday."]
    assert "Doors open" not in doc.text
    assert doc.coverage.skipped == () and doc.coverage.warnings == ()


def test_real_wiki_sort_keys_and_short_description(real_world):
    israel = extract(real_world / "html" / "kreuzberg" / "israel_hebrew.html").text
    # the districts table: each share cell began with a hidden sort key ("7001670000000000000♠")
    assert "| ירושלים | ירושלים | ירושלים | 67% | 32% | 1,208,800 | [א] |" in israel.splitlines()
    assert "♠" not in israel
    wkey = extract(real_world / "html" / "kreuzberg" / "wkey_am.html").text
    assert "| First air date | May 23, 1941[1] |" in wkey.splitlines()  # not "(1941-05-23)" too
    assert "Radio station in Covington, Virginia" not in wkey  # the hidden short description
