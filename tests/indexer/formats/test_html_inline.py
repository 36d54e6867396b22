"""HTML: list items, table cells, headings and captions read inline text as a paragraph is read:
no space where an inline tag starts or ends, a space at ``<br>`` and at block edges."""

from __future__ import annotations

from indexer import extract
from indexer.formats.html import html_blocks
from indexer.model import HEADING, LIST, PARAGRAPH, TABLE


def _only(html: str, kind: str):
    return next(b for b in html_blocks(html)[0] if b.kind == kind)


def test_inline_tags_in_list_items_do_not_split_words():
    block = _only(
        "<ul><li>Westwood One<a href='#'>'s</a> network</li>"
        "<li>The Eiger (<i>colour</i>)</li><li>ו<a href='#'>הר הבית</a></li></ul>",
        LIST,
    )
    assert [i.text for i in block.items] == ["Westwood One's network", "The Eiger (colour)", "והר הבית"]


def test_inline_tags_in_table_cells_do_not_split_words():
    block = _only(
        "<table><tr><th>語源</th><td>永乐迁都<a href='#'>时</a>明成祖命名</td></tr>"
        "<tr><th>URL</th><td>example<b>.com</b>/<i>a</i></td></tr>"
        "<tr><td><p>a</p><p>b</p></td><td>c<br>d</td></tr></table>",
        TABLE,
    )
    assert block.rows == (("語源", "永乐迁都时明成祖命名"), ("URL", "example.com/a"), ("a b", "c d"))


def test_block_edges_and_br_separate_words_in_list_items():
    block = _only(
        "<ul><li><div><p>First para.</p><p>Second para.</p></div></li>"
        "<li><div>Line A<br>Line B</div></li></ul>",
        LIST,
    )
    assert [i.text for i in block.items] == ["First para. Second para.", "Line A Line B"]


def test_list_wrapped_deep_in_an_item_keeps_its_items():
    block = _only(
        "<ul><li>Configure<div><div><ul><li>deep a</li><li>deep b</li></ul></div></div></li></ul>", LIST
    )
    assert [(i.text, i.level) for i in block.items] == [("Configure", 0), ("deep a", 1), ("deep b", 1)]


def test_br_in_heading_and_caption_is_a_space():
    blocks = html_blocks(
        "<h1>CHAPTER I<br/>THE SUN-SEEKER</h1><table><caption>Survey<br>May</caption><tr><td>x</td></tr></table>"
    )[0]
    assert (blocks[0].kind, blocks[0].text) == (HEADING, "CHAPTER I THE SUN-SEEKER")
    assert (blocks[1].kind, blocks[1].text) == (PARAGRAPH, "Survey May")


def test_real_hebrew_and_chinese_pages(real_world):
    israel = extract(real_world / "html" / "kreuzberg" / "israel_hebrew.html")
    tables = "\n".join(b.text for b in israel.blocks if b.kind == TABLE)
    assert "הכותל המערבי והר הבית" in tables  # ו<a>הר הבית</a>
    assert "| אחוז שטח המים |" in tables  # ה<a>מים</a>
    lists = "\n".join(b.text for b in israel.blocks if b.kind == LIST)
    assert "בקרב הישראלים. מירב לוי" in lists  # הישראלים.<br/>מירב
    assert any(b.text == "מְדִינַת יִשְׂרָאֵל מדינת ישראל" for b in israel.blocks)  # caption with <br>
    beijing = extract(real_world / "html" / "kreuzberg" / "beijing_chinese.html")
    tables = "\n".join(b.text for b in beijing.blocks if b.kind == TABLE)
    assert "| 語源 | 永乐迁都时明成祖命名，意为“地居于北之京师” |" in tables


def test_q_shows_the_quotation_marks_a_browser_draws():
    # a browser's style sheet draws open-quote and close-quote around <q>: English “…”, and ‘…’
    # around a quotation inside one (the marks typed here by hand, U+201C/D and U+2018/9), in a
    # paragraph, a list item, a table cell and a heading alike
    blocks = html_blocks(
        "<h2><q>Tide</q> tables</h2><p>She said <q>the <q>spring</q> tide turns</q> at noon.</p>"
        "<ul><li><q>Neap</q> tide</li></ul>"
        "<table><tr><th>Term</th><th>Note</th></tr><tr><td><q>ebb</q></td><td>falling</td></tr></table>"
    )[0]
    assert [b.text for b in blocks[:3]] == [
        "\u201cTide\u201d tables",
        "She said \u201cthe \u2018spring\u2019 tide turns\u201d at noon.",
        "\u201cNeap\u201d tide",
    ]
    assert blocks[3].rows[0] == ("\u201cebb\u201d", "falling")


def test_q_marks_left_out_where_the_page_takes_them_away():
    # a CSS reset's "q { quotes: none }" or "q:before, q:after { content: '' }" shows none
    for sheet in ("blockquote, q { quotes: none; }", "q:before, q:after { content: ''; }"):
        blocks = html_blocks(f"<style>{sheet}</style><p>She said <q>hello</q>.</p>")[0]
        assert [b.text for b in blocks] == ["She said hello."]


def test_q_marks_are_those_of_its_language():
    # the HTML standard's rendering rules (15.3.6) give each language its marks, picked by the
    # <q>'s language (its lang, else an ancestor's, else <html lang>): German „…“ (U+201E,
    # U+201C) and ‚…‘ (U+201A, U+2018) inside; French «…» (U+00AB, U+00BB) at both depths, with
    # no space inside; Swiss French ‹…› (U+2039, U+203A) inside, the longer tag winning over fr
    page = (
        "<html lang='{}'><body><p>A <q>b <q>c</q></q> d.</p>"
        "<p lang='en'>E <q>f</q>, <q lang='de-AT'>g</q>, <span lang='ja'><q>h</q></span>.</p></body></html>"
    )
    cases = {
        "de-DE": "A \u201eb \u201ac\u2018\u201c d.",
        "FR": "A \u00abb \u00abc\u00bb\u00bb d.",
        "fr-CH": "A \u00abb \u2039c\u203a\u00bb d.",
        "pl": "A \u201eb \u00abc\u00bb\u201d d.",
        "sv": "A \u201db \u2019c\u2019\u201d d.",
        "en-GB": "A \u201cb \u2018c\u2019\u201d d.",
    }
    for lang, first in cases.items():
        blocks = html_blocks(page.format(lang))[0]
        # lang='en' on the paragraph: English marks; a <q> of its own language (de-AT: German)
        # and one inside a Japanese span (「…」, U+300C/D)
        assert [b.text for b in blocks] == [
            first,
            "E \u201cf\u201d, \u201eg\u201c, \u300ch\u300d.",
        ], lang


def test_q_marks_of_a_language_the_table_lacks_are_the_parents():
    # lang="x-private" and lang="" name no language of the table: the marks of the element
    # around (German here); a page with no lang takes its <meta http-equiv> language, else
    # English marks
    blocks = html_blocks(
        "<html lang='de'><body><p lang='x-private'>A <q>b</q> <span lang=''><q>c</q></span></p></body></html>"
    )[0]
    assert [b.text for b in blocks] == ["A \u201eb\u201c \u201ec\u201c"]
    meta = (
        "<html><head><meta http-equiv='Content-Language' content='{}'></head>"
        "<body><p><q>x</q></p></body></html>"
    )
    assert html_blocks(meta.format("fr"))[0][0].text == "\u00abx\u00bb"
    assert html_blocks(meta.format("fr, en"))[0][0].text == "\u201cx\u201d"  # a list: none


def test_inline_svg_labels_read_as_a_paragraph():
    # a diagram drawn inline: its three <text> labels are drawn on the page (one a line here),
    # two <tspan>s placed a line apart are words apart, "Pro<tspan>cess</tspan>" one word; the
    # <title> (a tooltip), a <symbol>'s text (drawn only where used) and a draw.io label's HTML
    # in <foreignObject> (repeated by the <text> after it) are not drawn where they stand
    svg = (
        "<svg viewBox='0 0 90 90'><title>Flow chart</title><defs><symbol id='s'><text>unused</text>"
        "</symbol></defs><g><text x='1'>Start &amp; fill</text><text>Pro<tspan>cess</tspan></text>"
        "<text><tspan x='1' dy='1'>high</tspan><tspan x='1' dy='2'>water</tspan></text></g>"
        "<switch><foreignObject><div>Drain</div></foreignObject><text>Drain</text></switch></svg>"
    )
    blocks = html_blocks(f"<p>The cycle:</p>{svg}<p>Then it repeats.</p>")[0]
    assert [(b.kind, b.text) for b in blocks] == [
        (PARAGRAPH, "The cycle:"),
        (PARAGRAPH, "Start & fill\nProcess\nhigh water\nDrain"),
        (PARAGRAPH, "Then it repeats."),
    ]
    # an icon drawn without text adds nothing; a drawing with a label in a line of text (a key
    # drawn as a button) is a word of the line, not a paragraph cutting it
    assert [b.text for b in html_blocks("<p>Call <svg><path d='M0 0h9'/></svg> us</p>")[0]] == ["Call us"]
    line = "<p>Press <svg><rect/><text>OK</text></svg> to go</p>"
    assert [b.text for b in html_blocks(line)[0]] == ["Press OK to go"]
