"""HTML: page chrome inside the content is dropped (an article header's menus, language lists,
skip links, MediaWiki's edit links and category box) and the article text stays whole."""

from __future__ import annotations

import re

from selectolax.lexbor import LexborHTMLParser

from indexer import extract
from indexer.formats.html import html_blocks
from indexer.model import HEADING, IMAGE, LIST, PARAGRAPH

WIKI_PAGE = """<html><body><a class="mw-jump-link" href="#bodyContent">Jump to content</a>
<main id="content"><header class="mw-body-header">
  <nav aria-label="Contents"><label>Toggle the table of contents</label></nav>
  <h1 id="firstHeading">Beijing</h1>
  <div id="p-lang-btn"><label><span>3 languages</span></label>
    <ul><li><a href="https://de.x/B" hreflang="de" lang="de">Deutsch</a></li>
        <li><a href="https://fr.x/B" hreflang="fr" lang="fr">Français</a></li></ul>
    <span><a href="#add">Add links</a></span></div>
</header>
<div id="bodyContent"><div class="mw-parser-output">
  <p>Beijing is the capital.</p>
  <h2>History<span class="mw-editsection">[<a href="?edit">edit</a>]</span></h2>
  <p>Old city.</p>
  <ul><li><a href="/a">Walls</a></li><li><a href="/b">Gates</a></li></ul>
  <div class="printfooter">Retrieved from "https://x/Beijing"</div>
</div>
<div id="catlinks"><a href="/Help:Category">Categories</a>: <ul><li><a href="/c">Capitals</a></li></ul></div>
</div></main></body></html>"""


def test_wiki_page_chrome_dropped_and_article_kept():
    blocks = html_blocks(WIKI_PAGE)[0]
    text = "\n".join(b.text for b in blocks)
    for gone in (
        "Jump to content",
        "Toggle",
        "3 languages",
        "Deutsch",
        "Add links",
        "[edit]",
        "Retrieved from",
    ):
        assert gone not in text, gone
    assert "Categories" not in text and "Capitals" not in text
    assert [(b.kind, b.text) for b in blocks] == [
        (HEADING, "Beijing"),
        ("paragraph", "Beijing is the capital."),
        (HEADING, "History"),
        ("paragraph", "Old city."),
        (LIST, "Walls\nGates"),  # links without hreflang: content
    ]


def test_an_article_header_keeps_all_it_shows():
    # a news page's header: title, byline, lead image with its caption, key points. All of it is
    # the article's; only the button's label is no text (buttons never are)
    blocks = html_blocks(
        "<main><article><header><h1>Tide tables</h1><p>By Ann Lee, <time>3 May</time></p>"
        "<figure><img src='lead.jpg' alt='Low tide at the pier'><figcaption>The pier at dawn</figcaption></figure>"
        "<ul><li>Tides peak at noon</li><li>Two surges a month</li></ul><button>Share</button>"
        "</header><p>Body.</p><footer><p>Filed under shore.</p></footer></article></main>"
    )[0]
    assert [b.text for b in blocks] == [
        "Tide tables",
        "By Ann Lee, 3 May",
        "[Image: Low tide at the pier]",
        "The pier at dawn",
        "Tides peak at noon\nTwo surges a month",
        "Body.",
        "Filed under shore.",
    ]


def test_language_list_needs_every_item_a_lone_hreflang_link():
    blocks = html_blocks(
        "<ul><li><a hreflang='de' href='/de'>Deutsch</a></li><li><a hreflang='fr' href='/fr'>Français</a></li></ul>"
        "<ul><li><a hreflang='de' href='/de'>Deutsch</a> edition, 2001</li><li><a href='/en'>English</a></li></ul>"
    )[0]
    assert [b.kind for b in blocks] == [LIST]
    assert [i.text for i in blocks[0].items] == ["Deutsch edition, 2001", "English"]


def test_real_wiki_pages_lose_chrome_not_article_text(real_world):
    for name, jump in (("beijing_chinese.html", "跳转到内容"), ("israel_hebrew.html", "לדלג לתוכן")):
        path = real_world / "html" / "kreuzberg" / name
        doc = extract(path)
        assert doc.blocks[0].kind == HEADING  # the page title, not the skip link or the language menu
        assert jump not in doc.text
        assert "Српски / srpski" not in doc.text and "https://" not in doc.blocks[-1].text
        ours = re.sub(r"\s+", "", doc.text)
        tree = LexborHTMLParser(path.read_text(encoding="utf-8"))
        tree.strip_tags(["style", "script"])
        for hidden in tree.css('[style="display: none"]'):  # an image toggle's "click to enlarge"
            hidden.decompose()
        paragraphs = tree.css(".mw-parser-output p")
        assert len(paragraphs) > 100
        for p in paragraphs:
            assert re.sub(r"\s+", "", p.text(deep=True) or "") in ours
    beijing = extract(real_world / "html" / "kreuzberg" / "beijing_chinese.html")
    assert "[编辑]" not in beijing.text and "检索自" not in beijing.text and "254种语言" not in beijing.text


def test_deeply_nested_header_and_item_are_read_without_recursion_error():
    deep = 1500  # past the recursion limit, below MAX_NESTING (past it the page is refused unparsed)
    html = (
        "<main><header>" + "<div>" * deep + "<h1>Title</h1>" + "</div>" * deep + "</header>"
        "<ul><li>item" + "<div>" * deep + "<ul><li>inner</li></ul>" + "</div>" * deep + "</li></ul></main>"
    )
    text = "\n".join(b.text for b in html_blocks(html)[0])
    assert "Title" in text and "item" in text and "inner" in text


NAVBAR_MINI = (
    '<div class="navbar plainlinks hlist navbar-mini"><ul>'
    '<li class="nv-view"><a href="/wiki/Template:Rivers"><abbr title="View this template">v</abbr></a></li>'
    '<li class="nv-talk"><a href="/wiki/Template_talk:Rivers"><abbr title="Discuss this template">t</abbr></a></li>'
    '<li class="nv-edit"><a href="/wiki/Special:EditPage/Template:Rivers"><abbr title="Edit this template">e</abbr></a>'
    "</li></ul></div>"
)


def test_template_view_talk_edit_bar_dropped_and_a_site_navbar_kept():
    # a navigation box's title holds the template's "v · t · e" bar, floated beside it; a
    # sidebar's last cell holds only the bar; the full bar says "This box:" before the links.
    # A site's own menu named "navbar" is content, not the template's bar
    blocks = html_blocks(
        '<table class="navbox"><tr><th class="navbox-title" colspan="2">'
        + NAVBAR_MINI
        + "<div>Rivers of Spain</div>"
        '</th></tr><tr><th class="navbox-group">North</th><td>Ebro · Duero</td></tr>'
        '<tr><th class="navbox-group">South</th><td>Guadalquivir</td></tr></table>'
        '<table class="sidebar"><tr><th>Lakes</th></tr><tr><td>Sanabria</td></tr>'
        '<tr><td class="sidebar-navbar">' + NAVBAR_MINI + "</td></tr></table>"
        '<div class="navbar plainlinks hlist"><span>This box:</span><ul>'
        '<li class="nv-view"><a href="/wiki/Template:X">view</a></li>'
        '<li class="nv-talk"><a href="/wiki/Template_talk:X">talk</a></li>'
        '<li class="nv-edit"><a href="/w/index.php?title=Template:X&amp;action=edit">edit</a></li></ul></div>'
        '<div class="navbar navbar-expand"><a href="/">Home</a> <a href="/pricing">Pricing</a></div>'
    )[0]
    text = "\n".join(b.text for b in blocks)
    assert blocks[0].text == "Rivers of Spain"
    assert "Ebro · Duero" in text and "Guadalquivir" in text and "Sanabria" in text
    for gone in ("This box", "view", "talk", "edit"):
        assert gone not in text, gone
    assert re.findall(r"\b[vte]\b", text) == []
    assert blocks[-1].text == "Home Pricing"


def test_real_navigation_boxes_lose_their_template_bar(real_world):
    pages = real_world / "html" / "kreuzberg"
    beijing = extract(pages / "beijing_chinese.html")
    # 19 bars on the page, each 查 (view) 论 (talk) 编 (edit); the boxes' titles stay
    assert re.findall(r"查\s+论\s+编", beijing.text) == []
    texts = [b.text for b in beijing.blocks]
    for title in ("中华人民共和国一级行政区", "北京市行政区划", "亚洲首都", "萬億俱樂部"):
        assert title in texts, title
    wkey = extract(pages / "wkey_am.html")
    assert "Radio stations in the Virginia Highlands" in [b.text for b in wkey.blocks]
    assert "v t e" not in wkey.text


def test_a_header_or_footer_of_a_section_or_a_quote_is_its_own_not_the_pages():
    # HTML: a <header> or <footer> belongs to its nearest section or sectioning root. The page's
    # own go (its banner and menu, its copyright line); a section's title and byline, a quote's
    # attribution and a figure's footer were dropped with them, as if they were the page's
    page = """<html><body><header><nav>Home | Shop</nav><p>Harbour Books</p></header>
      <section><header><h2>Opening hours</h2><p>Updated in May</p></header>
        <p>Open daily from nine.</p><footer>Closed on public holidays.</footer></section>
      <blockquote><p>A port in every storm.</p><footer>— <cite>The harbour master</cite></footer></blockquote>
      <figure><img src="quay.png" alt="The quay"><footer>Photo: A. Pilot</footer></figure>
      <fieldset><header>Contact form</header><p>Name</p></fieldset>
      <footer><p>© 2024 Harbour Books</p></footer></body></html>"""
    blocks = html_blocks(page)[0]
    assert [(b.kind, b.text, b.meta.get("quote")) for b in blocks] == [
        (HEADING, "Opening hours", None),
        (PARAGRAPH, "Updated in May", None),
        (PARAGRAPH, "Open daily from nine.", None),
        (PARAGRAPH, "Closed on public holidays.", None),
        (PARAGRAPH, "A port in every storm.", 1),
        (PARAGRAPH, "— The harbour master", 1),
        (IMAGE, "[Image: The quay]", None),
        (PARAGRAPH, "Photo: A. Pilot", None),
        (PARAGRAPH, "Contact form", None),
        (PARAGRAPH, "Name", None),
    ]
