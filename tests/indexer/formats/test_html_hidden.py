"""HTML: elements no reader is shown (``hidden``, inline ``display: none`` / ``visibility:
hidden``) are left out of e-mail bodies; web pages and EPUB chapters lose only the short inline
ones (sort keys) and keep the hidden blocks a click shows; what is shown on request or to the eye
stays."""

from __future__ import annotations

from indexer import extract
from indexer.formats.email import extract_eml
from indexer.formats.html import HIDDEN_REASON, extract_html, html_blocks
from indexer.model import Skipped

from ._text_helpers import CTX


def _texts(html: str, mail: bool = True) -> list[str]:
    return [b.text for b in html_blocks(html, mail=mail)[0]]


def test_hidden_attribute_and_inline_styles_are_left_out_of_a_mail():
    para, table, items = html_blocks(
        "<p>Open <span style='display:none'>SORTKEY</span>daily</p>"
        "<div hidden><p>Draft</p></div>"
        '<div style="COLOR: red; Display : None !important">Preview line</div>'
        "<table><tr><td>Fee</td><td><span style='visibility:hidden'>0007</span>7 EUR</td></tr>"
        "<tr style='display:none'><td>Old fee</td><td>5 EUR</td></tr>"
        "<tr><td>Hours</td><td>9-17</td></tr></table>"
        "<ul><li>One</li><li style='visibility: collapse'>Two</li></ul>",
        mail=True,
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
    assert _texts(html, mail=False) == [" ".join(["kept"] * 300)]  # short inline: gone from a page too


def test_web_page_counts_what_it_lost():
    # two hidden inline fragments, one inside the other (one element), one more in a paragraph,
    # one in a navigation menu (the menu goes anyway: not counted) and a hidden block (kept)
    doc = extract_html(
        b"<nav><ul><li>Home <span hidden>menu</span></li></ul></nav>"
        b"<p>Visible <span hidden>7001670000000000000<b hidden>x</b></span>text.</p>"
        b"<style>.k{display:none}</style><p>Terms<span class=k> (2024-05-23)</span> apply.</p>"
        b"<div hidden>A panel shown on a click</div>",
        CTX,
    )
    assert doc.text == "Visible text.\n\nTerms apply.\n\nA panel shown on a click"
    assert doc.coverage.skipped == (Skipped("hidden", "2 elements", HIDDEN_REASON, on_purpose=True),)
    assert doc.coverage.warnings == ()
    assert extract_html(b"<p>Nothing hidden</p>", CTX).coverage.skipped == ()


FAQ = (
    "<h1>Frequently asked questions</h1>"
    "<button>How do I reset my password?</button>"
    "<div class='a' style='display:none'>Open Settings, choose Security, then click Reset.</div>"
    "<div role='tabpanel' hidden>Pro costs 12 EUR a month and includes 1 TB.</div>"
    "<ul><li>Basic</li><li style='display:none'>Legacy plan</li></ul>"
    "<table><tr><td>Share</td><td><span style='display:none'>7001670000000000000\u2660</span>67%</td></tr>"
    "<tr style='display:none'><td>Old share</td><td>12%</td></tr></table>"
    "<p>Terms<span style='display:none'> (2024-05-23)</span> apply. <span hidden>"
    + "A long hidden inline note that a click reveals, far longer than a sort key. "
    * 2
    + "</span></p>"
    "<div><span style='display:none'><b>Bold</b> and <div>a block</div> inside a span</span></div>"
)


def test_a_web_page_keeps_hidden_blocks_and_loses_short_inline_fragments():
    # a FAQ answer, a tab panel, a list item and a table row hidden until a click stay; a sort key
    # in a cell and a short duplicate date go; a hidden inline element longer than 100 characters,
    # or holding a block, stays
    blocks = html_blocks(FAQ)[0]
    assert [b.text for b in blocks[:3]] == [
        "Frequently asked questions",
        "Open Settings, choose Security, then click Reset.",
        "Pro costs 12 EUR a month and includes 1 TB.",
    ]
    assert [i.text for i in blocks[3].items] == ["Basic", "Legacy plan"]
    assert blocks[4].rows == (("Share", "67%"), ("Old share", "12%"))
    rest = " ".join(b.text for b in blocks[5:])
    assert rest.startswith("Terms apply. A long hidden inline note that a click reveals")
    assert "2024-05-23" not in rest
    assert "a block" in rest


def test_a_mail_body_loses_every_hidden_element():
    blocks = html_blocks(FAQ, mail=True)[0]
    text = "\n".join(b.text for b in blocks)
    assert "Open Settings" not in text and "Pro costs" not in text and "Legacy plan" not in text
    assert "Old share" not in text and "long hidden" not in text and "a block" not in text
    assert blocks[0].text == "Frequently asked questions"
    # and the mail reader tells html_blocks so
    mail = (
        "From: a@example.org\nTo: b@example.org\nSubject: FAQ\n"
        "Content-Type: text/html; charset=utf-8\n\n<html><body>" + FAQ + "</body></html>\n"
    )
    doc = extract_eml(mail.encode(), CTX)
    assert "Open Settings" not in doc.text and "Frequently asked questions" in doc.text


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
    assert doc.coverage.skipped == (Skipped("hidden", "1 element", HIDDEN_REASON, on_purpose=True),)
    assert doc.coverage.warnings == ()


def test_a_mail_counts_the_hidden_elements_of_all_its_bodies_once():
    # the outer message's HTML alternative (read for its table) hides a preheader and a sort
    # key, the forwarded message's HTML-only body a tracking note: one entry for the file
    boundary, inner = "b1", "b2"
    mail = (
        "From: a@example.org\nTo: b@example.org\nSubject: Rates\nMIME-Version: 1.0\n"
        f'Content-Type: multipart/mixed; boundary="{boundary}"\n\n'
        f"--{boundary}\nContent-Type: multipart/alternative; boundary={inner}\n\n"
        f"--{inner}\nContent-Type: text/plain\n\nRates: Fee 7 EUR, Hours 9-17\n"
        f"--{inner}\nContent-Type: text/html\n\n"
        "<style>.pre{display:none}</style><div class=pre>Preview</div><p>Rates:</p>"
        "<table><tr><th>Item</th><th>Value</th></tr><tr><td>Fee</td><td><span hidden>0007</span>7 EUR</td></tr>"
        "<tr><td>Hours</td><td>9-17</td></tr></table>\n"
        f"--{inner}--\n"
        f"--{boundary}\nContent-Type: message/rfc822\n\n"
        "From: c@example.org\nSubject: Fwd\nContent-Type: text/html\n\n"
        "<p>Forwarded<span style='display:none'> via tracker</span>.</p>\n"
        f"--{boundary}--\n"
    )
    doc = extract_eml(mail.encode(), CTX)
    assert "| Fee | 7 EUR |" in doc.text and "Preview" not in doc.text and "tracker" not in doc.text
    assert doc.coverage.skipped == (Skipped("hidden", "3 elements", HIDDEN_REASON, on_purpose=True),)


def test_real_wiki_sort_keys_and_short_description(real_world):
    israel = extract(real_world / "html" / "kreuzberg" / "israel_hebrew.html").text
    # the districts table: each share cell began with a hidden sort key ("7001670000000000000♠")
    assert "| ירושלים | ירושלים | ירושלים | 67% | 32% | 1,208,800 | [א] |" in israel.splitlines()
    assert "♠" not in israel
    wkey = extract(real_world / "html" / "kreuzberg" / "wkey_am.html").text
    assert "| First air date | May 23, 1941[1] |" in wkey.splitlines()  # not "(1941-05-23)" too
    # the hidden short description is a block (a div), which a web page keeps
    assert "Radio station in Covington, Virginia" in wkey.splitlines()
    for page in ("beijing_chinese.html", "wkey_am.html"):
        assert "\u2660" not in extract(real_world / "html" / "kreuzberg" / page).text


SHEET = """<html><head><style type="text/css">
/* .note{display:none} is a comment */
@import url(print.css);
.preheader { display: none !important; max-height: 0; overflow: hidden; mso-hide: all }
.hidden, #draft { DISPLAY: none }
@media print { .screen-only { display: none } }
@media only screen and (max-width: 480px) { .desktop { display: none !important } }
.mobile { display: none }
.ghost { visibility: hidden }
.ghost .back { visibility: visible }
#main .kept { display: block }
.kept { display: none }
p::before { display: none }
a:visited, [[ { display: none }
body { display: none !important }
.inline-wins { display: none }
</style><style media="print">.not-printed { display: none }</style></head><body>
<div class="preheader">Doors open at nine, free coffee inside</div>
<p class="hidden">A hidden paragraph</p>
<p id="draft">A draft paragraph</p>
<p class="screen-only">Shown on screen</p>
<p class="desktop">Shown on a desktop</p>
<p class="mobile">Shown on a phone only</p>
<div class="ghost">A veil <span class="back">with a visible part</span></div>
<div class="ghost">A veil alone</div>
<div id="main"><p class="kept">Kept by the more specific rule</p></div>
<p class="inline-wins" style="display: block">Shown by its own style</p>
<p class="not-printed">Shown unless printed</p>
<p>Read <a href="#top">on</a> <span class="hidden">SORTKEY</span>here</p>
</body></html>"""


def test_a_mail_loses_what_its_style_element_hides():
    # class and id rules, !important, upper case, a selector list; not the rules of @media blocks
    # nor of a print sheet, nor a rule the selector engine cannot read, nor body; the cascade:
    # the more specific rule and the element's own style win, a visible descendant keeps its veil
    assert _texts(SHEET) == [
        "Shown on screen",
        "Shown on a desktop",
        "A veil with a visible part",
        "Kept by the more specific rule",
        "Shown by its own style",
        "Shown unless printed",
        "Read on here",
    ]


def test_a_web_page_loses_the_short_inline_fragments_its_style_element_hides():
    texts = _texts(SHEET, mail=False)
    assert "Read on here" in texts  # the sort key in a span goes, as an inline hidden one does
    assert "A hidden paragraph" in texts and "Shown on a phone only" in texts  # blocks stay


def test_a_huge_or_broken_stylesheet_is_applied_in_part_and_never_fails():
    from indexer.formats.html import MAX_SHEET_QUERIES

    rules = "".join(f".k{i} {{ display: none }}\n" for i in range(MAX_SHEET_QUERIES + 10))
    rules += "".join(f".absent{i} p {{ display: none }}\n" for i in range(5000))  # match nothing
    spans = "".join(f"<span class='k{i}'>w{i} </span>" for i in range(MAX_SHEET_QUERIES + 10))
    text = _texts(f"<style>{rules}</style><p>{spans}</p>")[0]
    assert text == " ".join(f"w{i}" for i in range(MAX_SHEET_QUERIES, MAX_SHEET_QUERIES + 10))
    # a selector the sheet repeats is one rule, its declarations merged in order
    rules = ".a { display: none !important }" + ".a { display: block } .b { display: none }" * 5000
    assert _texts(f"<style>{rules}</style><p class=a>A</p><p class=b>B</p><p>C</p>") == ["C"]
    rules = ".b { display: none }" * 1000 + ".b { display: block }"
    assert _texts(f"<style>{rules}</style><p class=a>A</p><p class=b>B</p>") == ["A", "B"]
    for css, shown in (
        ("}}} .x { display: none", ["seen", "too"]),  # a block never closed
        (".x { display: none } @media { .y {", ["too"]),
        ("{display:none}", ["seen", "too"]),  # no selector
        ("@", ["seen", "too"]),
        (".y { display: none }}} .x { display: none }", ["seen"]),  # a stray brace spoils what follows
    ):
        assert _texts(f"<style>{css}</style><p class='x'>seen</p><p class='y'>too</p>") == shown


def test_real_wiki_rules_of_its_template_styles(real_world):
    # the page's TemplateStyles hide the decimal copy of each coordinate (.geo-nondefault) and the
    # slash between the two (.geo-multi-punct): a reader sees the degrees alone
    beijing = extract(real_world / "html" / "kreuzberg" / "beijing_chinese.html").text
    assert "| 坐标：39°54′15″N 116°24′27″E |  |" in beijing.splitlines()
    assert "39.90403°N" not in beijing
    # and the access date of each reference (.reference-accessdate), shown to no reader
    israel = extract(real_world / "html" / "kreuzberg" / "israel_hebrew.html").text
    assert "נבדק ב-19 בספטמבר 2017" not in israel
    assert (
        '^ "Localities and Population, by Population Group, District, Sub-District and Natural Region"'
        in israel
    )


def test_a_read_more_link_a_rule_shows_again_stays():
    # an inline display:none loses to an !important rule, the hidden attribute to any display a
    # rule sets (a browser's own [hidden]{display:none}); a plain rule loses to an inline style
    page = (
        "<html><head><style>.more{display:inline !important} .tag{display:inline} .old{display:block}</style>"
        "</head><body><p>Tides turn twice a day. <a class='more' style='display:none' href='/t'>Read more</a></p>"
        "<p>Neap tides. <a class='tag' hidden href='/n'>Read on</a></p>"
        "<p>Spring tides.<a class='old' style='display:none' href='/s'> Read again</a>"
        "<a class='old' style='visibility:hidden' href='/s'> Read twice</a></p></body></html>"
    )
    doc = extract_html(page.encode(), CTX)
    assert [b.text for b in doc.blocks] == [
        "Tides turn twice a day. Read more",
        "Neap tides. Read on",
        "Spring tides.",
    ]
    assert doc.coverage.skipped_of("hidden") == (
        Skipped("hidden", "2 elements", HIDDEN_REASON, on_purpose=True),
    )


def test_hidden_elements_inside_the_page_chrome_are_not_counted():
    # the <header>, the <footer> and MediaWiki's category box go anyway, with what they hide
    page = (
        "<html><body><header><p>Site <a style='display:none' href='/x'>Read more</a></p></header>"
        "<p>Tides.<span style='display:none'>key</span></p>"
        "<div id='catlinks'><a style='display:none' href='/c'>Read more</a></div>"
        "<footer><a hidden href='/f'>Read more</a></footer></body></html>"
    )
    doc = extract_html(page.encode(), CTX)
    assert [b.text for b in doc.blocks] == ["Tides."]
    assert doc.coverage.skipped_of("hidden") == (
        Skipped("hidden", "1 element", HIDDEN_REASON, on_purpose=True),
    )
