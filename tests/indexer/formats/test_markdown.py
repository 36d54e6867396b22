"""Markdown: headings (ATX, setext), nested lists, tables, code, front matter, inline markup."""

from __future__ import annotations

import indexer
from indexer.formats.markdown import extract_markdown, markdown_blocks, parse_front_matter
from indexer.model import CODE, HEADING, IMAGE, LIST, PARAGRAPH, TABLE

from ._text_helpers import CTX, SAMPLES, assert_lines_valid, source_lines


def _note():
    return extract_markdown((SAMPLES / "documents" / "design_note.md").read_bytes(), CTX)


def test_design_note_front_matter_and_headings():
    doc = _note()
    assert doc.metadata["source_type"] == "md"
    # lines 2-7 of the file: title, status, authors as a two-item list, reviewed
    assert doc.metadata["front_matter"] == {
        "title": "Cache eviction for the tile server",
        "status": "draft",
        "authors": ["Mirela Ionescu", "Tom Okafor"],
        "reviewed": False,
    }
    assert_lines_valid(doc)
    headings = [(b.text, b.level, b.lines) for b in doc.blocks if b.kind == HEADING]
    assert headings[0] == ("Cache eviction for the tile server", 1, (10, 10))
    assert headings[1] == ("Background", 2, (17, 18))  # setext: text line 17, "-----" line 18
    assert ("Options considered", 2, (26, 26)) in headings
    assert all(b.lines[0] > 8 for b in doc.blocks)  # nothing from the front matter is a block


def test_design_note_inline_markup_and_quotes():
    doc = _note()
    para = doc.blocks[1]
    assert para.kind == PARAGRAPH and para.lines == (12, 15)
    # "**40 GB a week**" and "`du`" reduced to their text, line breaks kept
    assert (
        para.text.splitlines()[1]
        == "vector styles the cache grows by about 40 GB a week, and the nightly du job"
    )
    quote = next(b for b in doc.blocks if b.text.startswith("Measurements were taken"))
    assert quote.kind == PARAGRAPH and quote.lines == (23, 24)  # the block quote, "> " stripped
    mail = next(b for b in doc.blocks if b.text.startswith("Questions go to"))
    assert mail.text == "Questions go to Mirela <mirela.ionescu@example.org>."  # autolink keeps <addr>


def test_design_note_nested_list():
    doc = _note()
    block = next(b for b in doc.blocks if b.kind == LIST)
    assert block.lines == (28, 37)
    items = [(i.text, i.level, i.ordered) for i in block.items]
    assert items[:3] == [
        ("Least recently used, per zoom level", 0, True),
        ("cheap to implement with the access log we already write", 1, False),
        ("punishes low zoom levels, which are small but always requested", 1, False),
    ]
    assert ("zoom 0–8 never evicted", 1, False) in items
    assert ("they total 1.2 GB", 2, False) in items
    assert items[-1] == ("simple, but evicts hot tiles on a fixed schedule", 1, False)
    assert block.text.splitlines()[5] == "    they total 1.2 GB"  # render_list: two spaces per level
    tasks = [b for b in doc.blocks if b.kind == LIST][1]
    assert [i.text for i in tasks.items] == [
        "[x] Write the eviction job",
        "[ ] Run it in dry-run mode on tiles-02 for a week",
        "[ ] Enable on all tile servers",
    ]


def test_design_note_table_and_code():
    doc = _note()
    table = next(b for b in doc.blocks if b.kind == TABLE)
    assert table.header == ("Policy", "Cache size", "Hit rate", "Rebuild cost")
    assert table.rows[2] == ("Pinned + LRU", "300 GB", "96.3 %", "3 h/week")
    assert len(table.rows) == 4
    assert source_lines(doc, table)[0] == "| Policy | Cache size | Hit rate | Rebuild cost |"
    codes = [b for b in doc.blocks if b.kind == CODE]
    assert codes[0].meta["language"] == "python"
    assert codes[0].text.startswith("def evict(cache, budget_bytes, pinned_max_zoom=8):")
    assert source_lines(doc, codes[0])[0] == "```python" and source_lines(doc, codes[0])[-1] == "```"
    # the indented block (4 spaces) is code without a language
    assert codes[1].text == "# dry run on a copy of the index\ntilecache evict --budget 300G --dry-run"
    assert "language" not in codes[1].meta
    footnote = doc.blocks[-1]
    assert footnote.text.startswith("[^pinning]: Pinning is by zoom level only")


def test_sample_md_document_and_chunks(playground):
    doc = indexer.extract(playground / "sample.md")
    assert_lines_valid(doc)
    chunks = indexer.get_chunks(playground / "sample.md")
    c0, c1, c2 = chunks[0], chunks[1], chunks[2]
    assert (c0["content"], c0["content_type"]) == ("Complex Markdown Test Document", "heading")
    assert c0["metadata"]["section_level"] == 1
    assert c0["metadata"]["document_metadata"] == {"source_type": "md"}
    assert c0["metadata"]["source_lines"] == [1, 1]
    # lines 3-8 "**Project:** temp-doc" … and line 10's links, markup reduced to text
    assert c1["content"].splitlines()[:2] == ["Project: temp-doc", "Owner: Platform Team"]
    assert (
        c1["content"].splitlines()[-1]
        == "Jump to Metrics | Jump to Architecture | Jump to Code | Jump to Tasks"
    )
    assert c1["content_type"] == "plain_paragraph"
    assert c1["metadata"]["section_heading"] == "Complex Markdown Test Document"
    assert c1["metadata"]["source_lines"] == [3, 10]
    assert (c2["content"], c2["content_type"]) == ("1. Purpose", "heading")  # "## 1. Purpose", line 14
    assert c2["metadata"]["section_level"] == 2 and c2["metadata"]["source_lines"] == [14, 14]
    table = next(c for c in chunks if c["content_type"] == "table")
    # "### 2.1 Primary KPI Table": header then "| Availability | 99.94% | 99.90% | +0.04% | On Track |"
    assert table["content"].splitlines()[0] == "| Metric | Current | Target | Delta | Status |"
    assert table["content"].splitlines()[2] == "| Availability | 99.94% | 99.90% | +0.04% | On Track |"
    assert table["metadata"]["section_heading"] == "2.1 Primary KPI Table"
    nested = next(c for c in chunks if c["content"].startswith("Platform updates"))
    assert nested["content_type"] == "bullet_list"
    assert nested["content"].splitlines()[1:4] == [
        "  Scaling policies tuned",
        "  Query optimization complete",
        "    Index rebuilt on events table",
    ]


def test_sample_md_images_and_html_blocks(playground):
    doc = indexer.extract(playground / "sample.md")
    images = [b for b in doc.blocks if b.kind == IMAGE]
    # "![Primary placeholder](https://via.placeholder…)": remote, never fetched
    assert images[0].alt == "Primary placeholder" and images[0].images == ()
    assert images[0].text == "[Image: Primary placeholder]"
    assert doc.images == ()
    warning = next(b for b in doc.blocks if b.text.startswith("Warning:"))
    assert "<div" not in warning.text  # the raw HTML block read through the HTML extractor


def test_markdown_blocks_lines_are_relative():
    blocks = markdown_blocks("intro\n\n## Part\n\n- a\n- b\n")
    assert [(b.kind, b.lines) for b in blocks] == [(PARAGRAPH, (1, 1)), (HEADING, (3, 3)), (LIST, (5, 6))]
    assert markdown_blocks("") == [] and markdown_blocks(" \n ") == []


def test_toml_front_matter_between_plus_lines():
    # Hugo and Zola pages open with TOML between "+++" lines: read as the page's metadata (a date
    # as ISO 8601, a table as a mapping), its lines not the text, which keeps its line numbers
    text = (
        '+++\ntitle = "Tide tables"\ndate = 2024-04-02T06:30:00Z\ntags = ["sea", "moon"]\n'
        '[params]\nauthor = "Ann"\n+++\n# Tides\n\nHigh water at 06:41.\n'
    )
    doc = extract_markdown(text.encode(), CTX)
    assert doc.metadata["front_matter"] == {
        "title": "Tide tables",
        "date": "2024-04-02T06:30:00+00:00",
        "tags": ["sea", "moon"],
        "params": {"author": "Ann"},
    }
    assert [(b.kind, b.text, b.lines) for b in doc.blocks] == [
        (HEADING, "Tides", (8, 8)),
        (PARAGRAPH, "High water at 06:41.", (10, 10)),
    ]
    # what is no TOML is kept as the text it is, as YAML that is more than simple is
    bad = extract_markdown(b"+++\nnot = toml = here\n+++\nBody\n", CTX)
    assert bad.metadata["front_matter"] == "not = toml = here\n"
    assert [b.text for b in bad.blocks] == ["not = toml = here", "Body"]
    # "+++" further on is text
    assert [b.text for b in markdown_blocks("a\n+++\nb = 1\n+++\n")] == ["a\n+++\nb = 1\n+++"]


def test_front_matter_that_is_not_simple_yaml_is_kept_raw():
    raw = "nested:\n  deep: 1\n"
    assert parse_front_matter(raw) == raw
    assert parse_front_matter("n: 3\nf: 1.5\nq: 'x: y'\nnone: ~") == {
        "n": 3,
        "f": 1.5,
        "q": "x: y",
        "none": None,
    }


def test_unclosed_fence_and_deep_nesting_do_not_lose_text():
    doc = extract_markdown(b"# T\n\n```\ncode never closed\n", CTX)
    assert doc.blocks[1].kind == CODE and doc.blocks[1].text == "code never closed"
    deep = extract_markdown(b"> " * 3000 + b"deep quote\n", CTX)
    assert deep.blocks[-1].text == "deep quote"


def test_front_matter_that_is_prose_or_alone_is_not_lost():
    prose = extract_markdown(b"---\nSome text here\nand more\n---\nbody\n", CTX)
    assert [b.text for b in prose.blocks] == ["Some text here\nand more", "body"]
    assert prose.blocks[0].lines == (1, 4)
    alone = extract_markdown(b"---\ntitle: x\n---\n", CTX)
    assert alone.metadata["front_matter"] == {"title": "x"} and alone.blocks[0].text == "title: x"
    comment = extract_markdown(b"<!-- only a comment -->\n", CTX)
    assert comment.blocks[0].text == "<!-- only a comment -->"


def test_markdown_it_fallback_reads_the_note_the_same_way(monkeypatch):
    """Without pyromark installed the extractor falls back to markdown-it-py; on the design note
    both parsers give the same blocks, texts and line ranges."""
    from indexer.formats import markdown

    fast = _note()
    monkeypatch.setattr(markdown, "pyromark", None)
    slow = _note()
    assert [(b.kind, b.text, b.lines, b.level) for b in slow.blocks] == [
        (b.kind, b.text, b.lines, b.level) for b in fast.blocks
    ]
    assert slow.metadata == fast.metadata
    assert [b.items for b in slow.blocks] == [b.items for b in fast.blocks]


INLINE_IMAGES = (
    b'# Tide pools <img src="logo.png" alt="Rock &amp; pool"> guide\n\n'
    b"- A crab ![shore crab](crab.png) sidles\n"
    b"- A shell <IMG SRC=shell.png ALT=periwinkle> rests\n\n"
    b"Pools <img src='pool.png' alt='at low tide' width=20> fill again.\n"
)


def test_an_inline_image_stands_where_it_is_as_its_alt_text(monkeypatch):
    # an image inside a heading, an item or a sentence cannot be a block of its own: it reads as
    # its alt text in place, an <img> tag as ![alt](src) does (the tag's alt was lost)
    from indexer.formats import markdown

    expected = [
        (HEADING, "Tide pools Rock & pool guide"),
        (LIST, "A crab shore crab sidles\nA shell periwinkle rests"),
        (PARAGRAPH, "Pools at low tide fill again."),
    ]
    assert [(b.kind, b.text) for b in extract_markdown(INLINE_IMAGES, CTX).blocks] == expected
    monkeypatch.setattr(markdown, "pyromark", None)  # markdown-it-py reads them the same way
    assert [(b.kind, b.text) for b in extract_markdown(INLINE_IMAGES, CTX).blocks] == expected


def test_a_paragraph_of_images_and_img_tags_alone_gives_image_blocks():
    # a badge row mixing ![alt](src) and <img> tags is images alone: an image block each, as
    # before the tags were read (the tag was then dropped); <imgx> is not an image
    data = (
        b'[![build](ci.svg)](https://ci.example) <img alt="coverage" src="cov.svg">\n\n'
        b"<img alt=one src=a.png> <img src='b/two.png'>\n\n"
        b'A <imgx alt="X"> B\n'
    )
    blocks = extract_markdown(data, CTX).blocks
    assert [(b.kind, b.text, b.alt, b.meta.get("src")) for b in blocks] == [
        (IMAGE, "[Image: build]", "build", "ci.svg"),
        (IMAGE, "[Image: coverage]", "coverage", "cov.svg"),
        (IMAGE, "[Image: one]", "one", "a.png"),
        (IMAGE, "[Image: two.png]", None, "b/two.png"),
        (PARAGRAPH, "A  B", None, None),
    ]


def test_an_icon_in_a_paragraph_of_images_is_left_out_as_on_a_web_page():
    # declared 16×16 with a one-word alt, an <img> is an icon a web page leaves out; the picture
    # beside it is an image block, and in a sentence the icon still reads as its alt text
    data = b'<img src="pic.jpg" alt="Harbour at dawn"> <img src="i.png" alt="rss" width="16" height="16">\n'
    assert [(b.kind, b.text) for b in extract_markdown(data, CTX).blocks] == [
        (IMAGE, "[Image: Harbour at dawn]")
    ]
    data = b'Subscribe <img src="i.png" alt="rss" width="16" height="16"> today\n'
    assert [(b.kind, b.text) for b in extract_markdown(data, CTX).blocks] == [
        (PARAGRAPH, "Subscribe rss today")
    ]


def test_soft_hyphens_are_left_out():
    # &shy; (and U+00AD written as it is) shows only where a line breaks there: the words read
    # whole, as a search finds them, in a paragraph, a heading and a table's cells; the file's
    # text stays as written
    text = (
        "# Fahr\u00adplan\n\nDonau&shy;dampf&shy;schiff\n\n| Ab&shy;fahrt | Ziel |\n|---|---|\n| 9 | Linz |\n"
    )
    doc = extract_markdown(text.encode(), CTX)
    assert [b.text for b in doc.blocks[:2]] == ["Fahrplan", "Donaudampfschiff"]
    assert doc.blocks[2].header == ("Abfahrt", "Ziel") and "\xad" not in doc.blocks[2].text
    assert doc.text == text
