"""HTML: boilerplate dropped, entities decoded, unclosed tags keep their text, structure kept."""

from __future__ import annotations

import indexer
from indexer.formats.html import extract_html, html_blocks
from indexer.model import CODE, HEADING, IMAGE, LIST, PARAGRAPH, TABLE

from ._text_helpers import CTX, SAMPLES, assert_lines_valid


def _guide():
    return extract_html((SAMPLES / "documents" / "field_guide.html").read_bytes(), CTX)


def test_field_guide_boilerplate_dropped():
    doc = _guide()
    assert dict(doc.metadata) == {
        "source_type": "html",
        "title": "Rock pools of the north shore — a field guide",  # <title>, &mdash; decoded
        "language": "en",  # <html lang="en">
    }
    for gone in (
        "All guides",  # <nav>
        "Coastal Trust",  # page <header> and <footer>
        "All rights reserved",  # <footer>
        "Seaweeds of the estuary",  # <aside>
        "Enable JavaScript",  # <noscript>
        "analytics",  # <script>
        "font-family",  # <style>
        "a field guide",  # <title> in <head>
    ):
        assert gone not in doc.text, gone
    assert_lines_valid(doc)


def test_field_guide_text_entities_and_unclosed_paragraphs():
    doc = _guide()
    assert doc.blocks[0].kind == HEADING and doc.blocks[0].text == "Rock pools of the north shore"
    assert doc.blocks[1].text.endswith("Visit at low tide & bring a hand lens.")  # &amp;
    br = next(b for b in doc.blocks if b.text.startswith("Check the tide table"))
    assert br.text.splitlines()[-1] == "the weed on the lower ledge is slippery."  # <br> is a line break
    texts = [b.text for b in doc.blocks]
    assert "Unclosed paragraphs happen in old pages" in texts
    assert "and this one is never closed either" in texts
    caption = next(b for b in doc.blocks if b.text.startswith("Survey of 14 May"))
    assert caption.text == "Survey of 14 May, 10:00–11:30"  # &ndash;


def test_field_guide_nested_list_with_unclosed_items():
    doc = _guide()
    block = next(b for b in doc.blocks if b.kind == LIST)
    assert [(i.text, i.level) for i in block.items] == [
        ("Anemones", 0),
        ("Beadlet anemone (red, common)", 1),
        ("Snakelocks anemone (green tips)", 1),
        ("Crabs", 0),
        ("Shore crab", 1),  # <li> never closed
        ("Edible crab (juveniles only)", 1),
        ("Blennies and gobies", 0),  # last <li> never closed either
    ]


def test_field_guide_table_code_and_images():
    doc = _guide()
    table = next(b for b in doc.blocks if b.kind == TABLE)
    assert table.header == ("Species", "Upper pool", "Lower pool")  # from <thead><th>
    assert table.rows == (
        ("Beadlet anemone", "34", "51"),
        ("Shore crab", "12", "7"),
        ("Common blenny", "3", "5"),
    )
    code = next(b for b in doc.blocks if b.kind == CODE)
    assert code.text == "date,pool,species,count\n2024-05-14,upper,beadlet anemone,34"
    assert code.meta["language"] == "text"
    images = [b for b in doc.blocks if b.kind == IMAGE]
    remote, inline = images
    assert remote.alt == "A beadlet anemone with its tentacles open"
    assert remote.images == () and remote.meta["src"].startswith("https://")  # never fetched
    assert inline.alt == "a red square marker" and len(inline.images) == 1
    (image,) = doc.images
    assert image.name == inline.images[0] and image.format == "png"
    assert (image.width, image.height) == (24, 24)
    assert image.name.endswith(".png") and len(image.name) == len("0123456789abcdef.png")  # FNV-1a name
    assert doc.coverage.images_extracted == 1


def test_structured_docs_chunks(playground):
    chunks = indexer.get_chunks(playground / "structured_docs.html")
    c0, c3, c7 = chunks[0], chunks[3], chunks[7]
    # <h1>py-chunks API Reference</h1>
    assert (c0["content"], c0["content_type"]) == ("py-chunks API Reference", "heading")
    assert c0["metadata"]["document_metadata"] == {
        "source_type": "html",
        "title": "API Reference: py-chunks",
        "language": "en",
    }
    assert c0["metadata"]["section_level"] == 1
    # <pre><code>pip install py-chunks</code></pre> under <h2>Installation</h2>
    assert (c3["content"], c3["content_type"]) == ("pip install py-chunks", "code_block")
    assert c3["metadata"]["section_heading"] == "Installation"
    # the <p> under <h3>get_chunks</h3>: 83 characters, a short paragraph
    assert (
        c7["content"] == "Unified entry point that accepts any source type and returns a list of chunk dicts."
    )
    assert c7["content_type"] == "short_disconnected_paragraph"
    assert c7["metadata"]["section_heading"] == "get_chunks"
    code = next(c for c in chunks if c["content"].startswith("get_chunks(\n"))
    assert code["content"].endswith(") -> list[dict]")  # "-&gt;" decoded
    listing = next(c for c in chunks if c["content"].startswith("str or Path"))
    assert listing["content_type"] == "bullet_list"
    assert (
        listing["content"].splitlines()[2]
        == "bytes, bytearray, or memoryview — raw document bytes (filename required)"
    )
    table = next(c for c in chunks if c["content_type"] == "table")
    assert table["content"].splitlines()[0] == "| Format | Block types detected |"
    assert "| HTML | h1-h6, p, pre, table, ul/ol |" in table["content"]


def test_html_blocks_helper_contract():
    blocks, dropped = html_blocks('<h2>T</h2><p>x <img src="cid:a1" alt="chart"> y</p><img src="b.png">')
    assert [b.kind for b in blocks] == [HEADING, PARAGRAPH, IMAGE, PARAGRAPH, IMAGE]
    assert all(b.lines is None for b in blocks)
    assert dropped == []
    assert (blocks[2].meta["src"], blocks[2].alt) == ("cid:a1", "chart")
    assert (blocks[4].meta["src"], blocks[4].alt) == ("b.png", None) and blocks[4].text == "[Image: b.png]"
    assert html_blocks("") == ([], [])


def test_headings_table_without_thead_and_first_row_of_th():
    blocks, _ = html_blocks(
        "<table><tr><th>k</th><th>v</th></tr><tr><td>a</td><td>1</td></tr><tr><td>b</td><td>2</td></tr></table>"
        "<table><tr><td>x</td><td>y</td></tr><tr><td>z</td><td>w</td></tr></table>"
    )
    assert blocks[0].header == ("k", "v") and blocks[0].rows == (("a", "1"), ("b", "2"))
    assert blocks[1].header == ("Column 1", "Column 2") and blocks[1].rows == (("x", "y"), ("z", "w"))
    assert blocks[1].meta == {"has_header": False}


def test_deeply_nested_markup_is_read_flat_without_losing_text():
    # deeper than the recursion limit, below MAX_NESTING (past it the page is refused unparsed)
    html = "<div>" * 1500 + "deep text" + "</div>" * 1500 + "<p>after</p>"
    doc = extract_html(html.encode(), CTX)
    assert "deep text" in doc.text and doc.blocks[-1].text == "after"


def test_page_of_only_boilerplate_still_gives_text():
    doc = extract_html(
        b"<html><head><title>Only a title</title></head><body><nav>Home</nav></body></html>", CTX
    )
    assert doc.blocks and "Only a title" in doc.text
    assert doc.coverage.warnings


def test_a_page_for_scripts_alone_is_read_from_its_noscript():
    app = (
        b"<html><head><title>Tide app</title><script>var x = 1;</script><style>p{color:red}</style>"
        b"<noscript><style>.warn{}</style></noscript></head><body><div id='root'></div>"
        b"<noscript><h1>Tide tables</h1><p>This page needs JavaScript.</p></noscript>"
        b"<script>boot()</script></body></html>"
    )
    doc = extract_html(app, CTX)  # what a browser without scripts shows, with its structure
    assert [(b.kind, b.text) for b in doc.blocks] == [
        (HEADING, "Tide tables"),
        (PARAGRAPH, "This page needs JavaScript."),
    ]
    # the page's own content is drawn by its scripts: the text read is not the page, and says so
    assert doc.coverage.warnings == (
        "the page's content needs scripts to show; only its <noscript> text was read",
    )
    # a page with a body of its own leaves its <noscript> out, and warns of nothing
    page = app.replace(b"<div id='root'></div>", b"<p>High tide at 06:12.</p>")
    doc = extract_html(page, CTX)
    assert doc.text == "High tide at 06:12." and doc.coverage.warnings == ()


def test_the_last_resort_leaves_scripts_and_styles_out():
    doc = extract_html(
        b"<html><head><title>Only a title</title><style>p{color:red}</style></head>"
        b"<body><nav>Home</nav><script>track()</script></body></html>",
        CTX,
    )
    assert doc.text == "Only a title\nHome"


def test_legacy_charset_from_meta():
    data = '<html><head><meta charset="windows-1252"></head><body><p>Café – 5 €</p></body></html>'.encode(
        "cp1252"
    )
    doc = extract_html(data, CTX)
    assert doc.blocks[0].text == "Café – 5 €"


def test_code_in_a_list_item_keeps_its_lines():
    # A step list whose items hold programs (a highlighter's <div><pre>): each <pre> is a code
    # block of its own, as a Markdown item's fenced code is, its lines and indentation as written;
    # the list ends before it and goes on after it, item 2 and 3 keeping their numbers.
    html = (
        "<ol><li>Install:<div class='highlight'><pre><code class='language-sh'>pip install x\n"
        "  --user</code></pre></div>then run it</li><li>Second</li>"
        "<li>Third<pre>a = 1\n    b = 2</pre></li></ol><p>After</p>"
    )
    blocks, _ = html_blocks(html)
    shown = [(b.kind, b.text, b.meta.get("language")) for b in blocks]
    assert shown == [
        (LIST, "Install:", None),
        (CODE, "pip install x\n  --user", "sh"),
        (PARAGRAPH, "then run it", None),
        (LIST, "Second\nThird", None),
        (CODE, "a = 1\n    b = 2", None),
        (PARAGRAPH, "After", None),
    ]
    assert [(i.text, i.number) for i in blocks[0].items] == [("Install:", 1)]
    assert [(i.text, i.number) for i in blocks[3].items] == [("Second", 2), ("Third", 3)]


def test_line_breaks_in_preformatted_text():
    # a <br> in a <pre> breaks the line as a browser shows it (some highlighters break a
    # program's lines so); the text's own line breaks and indentation stay as written
    html = "<pre><code>def f():<br>    return 1<span><br>  # x</span>\nf()</code></pre>"
    (block,) = html_blocks(html)[0]
    assert (block.kind, block.text) == (CODE, "def f():\n    return 1\n  # x\nf()")


def test_soft_hyphens_are_left_out():
    # German text hyphenated for the browser with &shy; (U+00AD, also written &#173; and &#xAD;):
    # shown whole unless a line breaks there, so the words are read whole, as a search finds them
    html = (
        "<p>Donau&shy;dampf<b>schiff&#173;fahrt</b> und Ver&#xAD;kehr</p>"
        "<table><tr><th>Fahr\u00adplan</th><th>Ab</th></tr><tr><td>Linz</td><td>9</td></tr></table>"
        '<p><img src="s.png" alt="Schiffs&shy;an&shy;leger"></p>'
    )
    blocks, _ = html_blocks(html)
    assert [b.text for b in blocks if b.kind == PARAGRAPH] == ["Donaudampfschifffahrt und Verkehr"]
    (table,) = [b for b in blocks if b.kind == TABLE]
    assert table.header == ("Fahrplan", "Ab")
    assert [b.alt for b in blocks if b.kind == IMAGE] == ["Schiffsanleger"]
    # a character reference that only starts like one is read as it is: &#1730; is U+06C2
    assert html_blocks("<p>a&#1730;b</p>")[0][0].text == "a\u06c2b"


def test_xml_declaration_names_the_encoding():
    # an XHTML page (an EPUB chapter) may name its encoding in its XML declaration alone; the
    # bytes below are Pushkin's line in windows-1251 and KOI8-R, and Soseki's title in Shift_JIS,
    # which were sniffed as Western text ("Ìîðîç è ñîëíöå")
    page = '<?xml version="1.0" encoding="{}"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><body><p>{}</p></body></html>'
    for label, codec, text in (
        ("windows-1251", "cp1251", "Мороз и солнце; день чудесный!"),
        ("KOI8-R", "koi8_r", "Мороз и солнце; день чудесный!"),
        ("Shift_JIS", "shift_jis", "吾輩は猫である。"),
    ):
        doc = extract_html(page.format(label, text).encode(codec), CTX)
        assert [b.text for b in doc.blocks] == [text], label
    # a <meta charset> still wins over it; a label no codec has is passed over
    both = '<?xml version="1.0" encoding="koi8-r"?><html><head><meta charset="windows-1251"></head><body><p>Мороз</p></body></html>'
    assert [b.text for b in extract_html(both.encode("cp1251"), CTX).blocks] == ["Мороз"]
    assert (
        extract_html('<?xml version="1.0" encoding="bogus"?><p>caf\xe9</p>'.encode("latin-1"), CTX)
        .blocks[0]
        .text
        == "café"
    )


def test_table_in_a_list_item_keeps_its_rows():
    # a table in a step (in a block of the item, too) is a table of its own, as a Markdown item's
    # table is, its picture read with it once; its rows were run into the item's text on one line
    html = (
        "<ol><li>Options:<div><table><tr><th>Flag</th><th>Meaning</th></tr>"
        "<tr><td>-v</td><td>verbose</td></tr><tr><td>-q</td><td>quiet</td></tr></table></div>"
        'Then run it.</li><li>Check <img src="ok.png" alt="a green tick" width="80" height="80"></li></ol>'
    )
    blocks, _ = html_blocks(html)
    assert [(b.kind, b.text) for b in blocks if b.kind != TABLE] == [
        (LIST, "Options:"),
        (PARAGRAPH, "Then run it."),
        (LIST, "Check"),
        (IMAGE, "[Image: a green tick]"),
    ]
    (table,) = [b for b in blocks if b.kind == TABLE]
    assert blocks[1] is table
    assert table.header == ("Flag", "Meaning") and table.rows == (("-v", "verbose"), ("-q", "quiet"))
    assert [i.number for i in blocks[3].items] == [2]


def test_line_number_column_beside_a_program_is_left_out():
    # Pygments (Sphinx, MkDocs) and Rouge (Jekyll) lay a numbered program out in a table: a cell
    # of line numbers 1 2 3 beside the program's cell; the numbers were a code block of their own
    html = (
        '<p>Example:</p><div class="highlight"><table class="highlighttable"><tr>'
        '<td class="linenos"><div class="linenodiv"><pre><span>1</span>\n<span>2</span>\n'
        '<span>3</span></pre></div></td><td class="code"><div><pre><span class="k">def</span> f():\n'
        '    <span class="k">return</span> 1\n# end\n</pre></div></td></tr></table></div><p>After</p>'
    )
    blocks, _ = html_blocks(html)
    assert [(b.kind, b.text) for b in blocks] == [
        (PARAGRAPH, "Example:"),
        (CODE, "def f():\n    return 1\n# end"),
        (PARAGRAPH, "After"),
    ]
    # numbers that do not count on by one, or not beside a program, are the page's own
    kept = "<table><tr><td><pre>10\n20</pre></td><td><pre>x\ny</pre></td></tr></table>"
    assert [b.text for b in html_blocks(kept)[0]] == ["10\n20", "x\ny"]
    alone = "<table><tr><td><pre>1\n2\n3</pre></td><td>not code</td></tr></table>"
    assert [b.text for b in html_blocks(alone)[0]] == ["1\n2\n3", "not code"]


def test_a_line_left_blank_by_two_breaks_ends_a_paragraph():
    # A browser shows "<br><br>" as an empty line between two texts: read as a paragraph break,
    # as mail written in HTML and older pages separate their paragraphs. One <br> stays a line
    # break inside the paragraph; breaks at a paragraph's edges or several in a row (spaces
    # between them) leave no empty paragraph.
    html = (
        "<div>Dear members,<br><br>The pool closes on Monday.<br>It opens again on Friday."
        "<br> <br><br>Regards,<br>The committee<br><br></div>"
        "<p><br>Alone.</p>"
    )
    doc = extract_html(html.encode(), CTX)
    assert [(b.kind, b.text) for b in doc.blocks] == [
        (PARAGRAPH, "Dear members,"),
        (PARAGRAPH, "The pool closes on Monday.\nIt opens again on Friday."),
        (PARAGRAPH, "Regards,\nThe committee"),
        (PARAGRAPH, "Alone."),
    ]
