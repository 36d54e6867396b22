"""Blockquotes of HTML and Markdown documents: read with their depth, and get_markdown writes them
as blockquotes as deep, each block reading back as its words at that depth; chunks unchanged."""

from __future__ import annotations

import json
from dataclasses import replace

import pyromark
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from indexer import get_markdown
from indexer.api import chunk_document, extract_bytes
from indexer.formats.markdown import _Fallback, markdown_blocks
from indexer.markdown import render_markdown
from indexer.model import CODE, HEADING, LIST, PARAGRAPH, QUOTE, TABLE, Block, ListItem, assemble, render_list
from indexer.modes import registry

from .modes.helpers import table
from .test_markdown_escape import _COMMONMARK, _GFM, _MARKUP, _cell, _text_of

_CONTAINER = {"heading_open": "heading", "th_open": "cell", "td_open": "cell"}


def _markdown_it(markdown: str) -> list[tuple[int, str, list[str]]]:
    """(blockquote depth, kind, words) of each paragraph, heading, list item, table cell and code
    block markdown-it reads in ``markdown``; inline syntax other than an autolink fails."""
    out = []
    depth = items = 0
    kind = "paragraph"
    for token in _COMMONMARK.parse(markdown):
        if token.type in ("blockquote_open", "blockquote_close"):
            depth += 1 if token.type == "blockquote_open" else -1
        elif token.type in ("list_item_open", "list_item_close"):
            items += 1 if token.type == "list_item_open" else -1
        elif token.type in _CONTAINER:
            kind = _CONTAINER[token.type]
        elif token.type == "paragraph_open":
            kind = "item" if items else "paragraph"
        elif token.type == "inline":
            out.append((depth, kind, _text_of(token, markdown).split()))
        elif token.type in ("fence", "code_block"):
            out.append((depth, "code", token.content.split()))
    return out


_LEAVES = {
    "Paragraph": "paragraph",
    "Heading": "heading",
    "CodeBlock": "code",
    "TableCell": "cell",
    "Item": "item",
}


def _pulldown(markdown: str) -> list[tuple[int, str, list[str]]]:
    """The same read by pulldown-cmark (pyromark), with the GFM extensions the project reads."""
    out: list[tuple[int, str, str]] = []
    depth = items = 0
    for event in pyromark.events(markdown, options=_GFM):
        start = event.get("Start") if isinstance(event, dict) else None
        end = event.get("End") if isinstance(event, dict) else None
        name = next(iter(start)) if isinstance(start, dict) else start
        if name == "BlockQuote" or end == {"BlockQuote": None}:
            depth += 1 if start else -1
        elif name in _LEAVES:
            items += name == "Item"
            # an item's paragraph (a loose list's) is the item's text, as markdown-it has it
            if not (name == "Paragraph" and items and out and out[-1][1] == "item" and not out[-1][2]):
                kind = "item" if name == "Paragraph" and items else _LEAVES[name]
                out.append((depth, kind, ""))
        elif end == "Item":
            items -= 1
        elif event == "SoftBreak":
            out[-1] = (out[-1][0], out[-1][1], out[-1][2] + "\n")
        elif isinstance(event, dict) and "Text" in event:
            out[-1] = (out[-1][0], out[-1][1], out[-1][2] + event["Text"])
        elif name == "Link":
            assert start["Link"]["link_type"] in ("Autolink", "Email"), markdown
            out[-1] = (out[-1][0], out[-1][1], out[-1][2] + "<")
        elif end == "Link":
            out[-1] = (out[-1][0], out[-1][1], out[-1][2] + ">")
        else:  # the containers of the leaves, and their ends; no other element
            assert name in ("List", "Table", "TableHead", "TableRow") or end is not None, (event, markdown)
    return [(d, k, t.split()) for d, k, t in out]


def _expected(blocks: list[Block]) -> list[tuple[int, str, list[str]]]:
    out = []
    for b in blocks:
        depth = b.meta.get(QUOTE, 0)
        if b.kind == LIST:
            out += [(depth, "item", it.text.split()) for it in b.items]
        elif b.kind == TABLE:
            out += [(depth, "cell", c.split()) for row in (b.header, *b.rows) for c in row]
        else:
            out.append((depth, {HEADING: "heading", CODE: "code"}.get(b.kind, "paragraph"), b.text.split()))
    return out


def _reads_back(markdown: str, expected: list[tuple[int, str, list[str]]]) -> None:
    for read in (_markdown_it, _pulldown):
        assert read(markdown) == expected, (read.__name__, markdown)


_HTML = (
    "<p>Intro</p>"
    "<blockquote><p>One *said*</p>"
    "<blockquote><p>Two &lt;b</p><p>Two more</p></blockquote>"
    "<h2>Head</h2><ul><li>x</li><li>y<ul><li>z</li></ul></li></ul>"
    "<pre>code\n\n  more</pre>"
    "<table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table>"
    "<p>back</p></blockquote>"
    "<p>After</p>"
)

_HTML_MARKDOWN = (
    "Intro\n\n"
    "> One \\*said\\*\n"
    ">\n"
    "> > Two \\<b\n"
    "> >\n"
    "> > Two more\n"
    ">\n"
    "> ## Head\n"
    ">\n"
    "> - x\n"
    "> - y\n"
    ">   - z\n"
    ">\n"
    "> ```\n"
    "> code\n"
    ">\n"
    ">   more\n"
    "> ```\n"
    ">\n"
    "> | A | B |\n"
    "> | --- | --- |\n"
    "> | 1 | 2 |\n"
    ">\n"
    "> back\n\n"
    "After\n"
)

_HTML_READ = [
    (0, "paragraph", ["Intro"]),
    (1, "paragraph", ["One", "*said*"]),
    (2, "paragraph", ["Two", "<b"]),
    (2, "paragraph", ["Two", "more"]),
    (1, "heading", ["Head"]),
    (1, "item", ["x"]),
    (1, "item", ["y"]),
    (1, "item", ["z"]),
    (1, "code", ["code", "more"]),
    (1, "cell", ["A"]),
    (1, "cell", ["B"]),
    (1, "cell", ["1"]),
    (1, "cell", ["2"]),
    (1, "paragraph", ["back"]),
    (0, "paragraph", ["After"]),
]


def test_an_html_blockquote_is_a_blockquote_as_deep(tmp_path):
    page = tmp_path / "quotes.html"
    page.write_text(f"<html><body>{_HTML}</body></html>")
    doc = extract_bytes(page.read_bytes(), "quotes.html")
    assert [(b.kind, b.meta.get(QUOTE)) for b in doc.blocks] == [
        (PARAGRAPH, None),
        (PARAGRAPH, 1),
        (PARAGRAPH, 2),
        (PARAGRAPH, 2),
        (HEADING, 1),
        (LIST, 1),
        (CODE, 1),
        (TABLE, 1),
        (PARAGRAPH, 1),
        (PARAGRAPH, None),
    ]
    md = get_markdown(page)
    assert md == _HTML_MARKDOWN
    _reads_back(md, _HTML_READ)


_MD = (
    "Intro\n\n"
    "> One *said*\n"
    ">\n"
    "> > Two\n"
    "> > - x\n"
    "> >\n"
    "> >   > in the item\n"
    "> > - y\n"
    ">\n"
    "> # Head\n"
    "> 1. first\n"
    ">\n"
    "> | A | B |\n"
    "> |---|---|\n"
    "> | 1 | 2 |\n"
    ">\n"
    "> <blockquote><p>raw</p></blockquote>\n\n"
    "After\n\n"
    "- item\n\n"
    "  > quoted in an item\n"
)


@pytest.mark.parametrize("reader", ["pulldown-cmark", "markdown-it"])
def test_a_markdown_quote_gives_its_blocks_their_depth(reader):
    blocks = markdown_blocks(_MD) if reader == "pulldown-cmark" else _Fallback(_MD).run().blocks
    assert [(b.kind, b.text.split(), b.meta.get(QUOTE)) for b in blocks] == [
        (PARAGRAPH, ["Intro"], None),
        (PARAGRAPH, ["One", "said"], 1),
        (PARAGRAPH, ["Two"], 2),
        # a quote in a list item is the item's text: the list is as deep as the list's quote
        (LIST, ["x", "in", "the", "item", "y"], 2),
        (HEADING, ["Head"], 1),
        (LIST, ["first"], 1),
        (TABLE, ["|", "A", "|", "B", "|", "|", "---", "|", "---", "|", "|", "1", "|", "2", "|"], 1),
        # raw HTML in a quote: its own blockquote one deeper
        (PARAGRAPH, ["raw"], 2),
        (PARAGRAPH, ["After"], None),
        (LIST, ["item", "quoted", "in", "an", "item"], None),
    ]


def test_a_notebooks_markdown_cell_shows_its_quotes(tmp_path):
    cell = {
        "cell_type": "markdown",
        "metadata": {},
        "source": "Said:\n\n> # Title\n> - a <b\n>\n> > deeper\n",
    }
    notebook = tmp_path / "quotes.ipynb"
    notebook.write_text(json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    md = get_markdown(notebook)
    assert md == "Said:\n\n> # Title\n>\n> - a \\<b\n>\n> > deeper\n"
    _reads_back(
        md,
        [
            (0, "paragraph", ["Said:"]),
            (1, "heading", ["Title"]),
            (1, "item", ["a", "<b"]),
            (2, "paragraph", ["deeper"]),
        ],
    )


def test_an_html_mails_blockquote_and_its_quoted_lines(tmp_path):
    mail = tmp_path / "reply.eml"
    mail.write_text(
        "From: Ana <ana@example.org>\nTo: Ben <ben@example.org>\nSubject: Re: plans\n"
        "MIME-Version: 1.0\nContent-Type: text/html; charset=utf-8\n\n"
        "<html><body><p>Fine by me.</p><p>On Monday Ben wrote:</p>"
        '<blockquote type="cite"><p>Shall we meet?<br>&gt; earlier: maybe</p></blockquote>'
        "<p>Ana</p></body></html>\n"
    )
    md = get_markdown(mail)
    # the quote's own quoted line (a ">" the mail's text keeps) one deeper still
    assert "On Monday Ben wrote:\n\n> Shall we meet?\n>\n> > earlier: maybe\n\nAna\n" in md


def test_quote_depth_leaves_the_chunks_as_they_were():
    quoted = extract_bytes(f"<html><body>{_HTML}</body></html>".encode(), "a.html")
    plain = extract_bytes(
        f"<html><body>{_HTML.replace('blockquote', 'div')}</body></html>".encode(), "a.html"
    )
    assert [b.meta.get(QUOTE) for b in plain.blocks] == [None] * len(plain.blocks)
    assert [b.text for b in quoted.blocks] == [b.text for b in plain.blocks]
    registry.load_all()
    for mode in registry.modes_for(quoted.family):
        assert [c.to_dict() for c in chunk_document(quoted, mode)] == [
            c.to_dict() for c in chunk_document(plain, mode)
        ], mode
    # and it survives the store's JSON
    assert type(quoted).from_json(quoted.to_json()) == quoted


_words = st.text(alphabet=_MARKUP.replace("\n", "") + "abxyzé€…", min_size=1, max_size=16).filter(
    lambda s: s.split()
)
_paragraph = st.lists(_words, min_size=1, max_size=3).map("\n".join)
_block = st.one_of(
    _paragraph.map(lambda t: Block(PARAGRAPH, t)),
    _cell.map(lambda t: Block(HEADING, t, level=2)),
    st.lists(st.tuples(_words, st.integers(0, 2), st.booleans()), min_size=1, max_size=3).map(
        lambda items: _items([ListItem(t, level, ordered) for t, level, ordered in items])
    ),
    st.lists(st.sampled_from("ab =-<>`\t"), min_size=1, max_size=12)
    .map("".join)
    .filter(lambda t: t.strip())
    .map(lambda t: Block(CODE, "x\n" + t)),
    st.tuples(_cell, _cell).map(lambda cells: table(("head",), [cells[:1], cells[1:]])),
)


def _items(items: list[ListItem]) -> Block:
    items = [
        ListItem(it.text, min(it.level, items[i - 1].level + 1) if i else 0, it.ordered)
        for i, it in enumerate(items)
    ]
    return Block(LIST, render_list(items), items=tuple(items))


def _quoted(block: Block, depth: int) -> Block:
    return replace(block, meta={QUOTE: depth} if depth else {})


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(_block, st.integers(0, 3)), min_size=1, max_size=5))
@example([(Block(PARAGRAPH, "0<!a"), 1), (Block(PARAGRAPH, "b"), 1)])
@example([(Block(PARAGRAPH, "a"), 2), (Block(PARAGRAPH, "> b"), 1), (Block(PARAGRAPH, "c"), 0)])
@example([(Block(PARAGRAPH, "a\n- b"), 1), (Block(LIST, "c", items=(ListItem("c"),)), 1)])
@example([(_items([ListItem("--")]), 0), (_items([ListItem("**")]), 0)])  # "- --", "* **": rules
def test_any_blocks_read_back_at_their_depth(blocks):
    blocks = [_quoted(b, depth) for b, depth in blocks]
    md = render_markdown(assemble("html", blocks))
    _reads_back(md, _expected(blocks))


@pytest.mark.parametrize(
    ("source", "items"),
    [
        # a tight item's own text, then a quote or a heading in the item: two words, not one
        ("- x\n  > q\n- y\n", ["x q", "y"]),
        ("- x\n  # h\n- y\n", ["x h", "y"]),
        ("* a\n  > b\n  c\n", ["a b c"]),
        ("1. a **b**\n   > c _d_\n", ["a b c d"]),
        # a loose item's paragraphs were apart already
        ("- x\n\n  > q\n\n- y\n", ["x q", "y"]),
    ],
)
@pytest.mark.parametrize("reader", ["pulldown-cmark", "markdown-it"])
def test_a_tight_items_text_and_a_quote_in_it_stay_two_words(
    source: str, items: list[str], reader: str
) -> None:
    blocks = markdown_blocks(source) if reader == "pulldown-cmark" else _Fallback(source).run().blocks
    assert [(b.kind, [it.text for it in b.items]) for b in blocks] == [(LIST, items)]


def test_in_a_quote_an_instruction_comment_or_cdata_without_its_end_is_text():
    # "?>", "-->" and "]]>" end these, and a line's quote mark (a ">" after a line break) never
    # completes one: without its end in the text, the "<" is left as it is, as outside a quote
    texts = ["run <?php echo 1;\nthen", "a <!-- note\nb", "x <![CDATA[ y ]\nz"]
    blocks = [Block(PARAGRAPH, t, meta={QUOTE: 1}) for t in texts]
    md = render_markdown(assemble("html", blocks))
    assert md == "> run <?php echo 1;\n> then\n>\n> a <!-- note\n> b\n>\n> x <![CDATA[ y ]\n> z\n"
    _reads_back(md, _expected(blocks))
    # with its end, escaped; and a declaration or a tag, which the next line's mark may end
    texts = ["a <?x ?> b", "a <!x\nb", "a <b\nc"]
    blocks = [Block(PARAGRAPH, t, meta={QUOTE: 1}) for t in texts]
    md = render_markdown(assemble("html", blocks))
    assert md == "> a \\<?x ?> b\n>\n> a \\<!x\n> b\n>\n> a \\<b\n> c\n"
    _reads_back(md, _expected(blocks))
    # a mail's quoted lines alike
    md = render_markdown(assemble("eml", [Block(PARAGRAPH, "wrote:\n> see <?xml version\n> more")]))
    assert md == "wrote:\n\n> see <?xml version\n> more\n"
    _reads_back(md, [(0, "paragraph", ["wrote:"]), (1, "paragraph", ["see", "<?xml", "version", "more"])])


@pytest.mark.parametrize("reader", ["pulldown-cmark", "markdown-it"])
def test_an_inline_q_shows_its_quotation_marks(reader):
    # <q> written inline in Markdown reads as a page's does: “…” around it, ‘…’ around one inside
    # it (U+201C/D, U+2018/9, typed by hand), in a paragraph and a list item
    source = "He said <q>the <q>spring</q> tide turns</q> at noon.\n\n- <q>Neap</q> tide\n"
    blocks = markdown_blocks(source) if reader == "pulldown-cmark" else _Fallback(source).run().blocks
    assert [b.text for b in blocks] == [
        "He said \u201cthe \u2018spring\u2019 tide turns\u201d at noon.",
        "\u201cNeap\u201d tide",
    ]


@pytest.mark.parametrize("reader", ["pulldown-cmark", "markdown-it"])
def test_an_inline_q_shows_the_marks_of_the_documents_language(reader, monkeypatch):
    # the front matter's lang (pandoc's document language, put on <html lang>) gives a <q> its
    # marks as a page's <html lang> does (the HTML standard's table): German „…“ and ‚…‘ inside;
    # a <q>'s own lang goes first (French «…», English “…”), and a raw HTML block is read in the
    # document's language too. U+201E/201C, U+201A/2018, U+00AB/BB typed by hand.
    import indexer.formats.markdown as markdown_module

    if reader == "markdown-it":
        monkeypatch.setattr(markdown_module, "pyromark", None)
    source = (
        "---\ntitle: Gezeiten\nlang: de\n---\n\n"
        "Er sagte <q>die <q>Springflut</q> kommt</q>.\n\n"
        '<q lang="fr">mar\u00e9e</q> und <q lang=en>tide</q>\n\n'
        "<p>Roh <q>Ebbe</q></p>\n"
    )
    doc = extract_bytes(source.encode(), "gezeiten.md")
    assert [b.text for b in doc.blocks] == [
        "Er sagte \u201edie \u201aSpringflut\u2018 kommt\u201c.",
        "\u00abmar\u00e9e\u00bb und \u201ctide\u201d",
        "Roh \u201eEbbe\u201c",
    ]
    # TOML front matter alike (French: «…» at every depth); none: English marks
    doc = extract_bytes(b'+++\nlang = "fr"\n+++\n\n<q>a <q>b</q> c</q>\n', "a.md")
    assert [b.text for b in doc.blocks] == ["\u00aba \u00abb\u00bb c\u00bb"]
    doc = extract_bytes(b"---\ntitle: Tides\n---\n\n<q>a</q>\n", "a.md")
    assert [b.text for b in doc.blocks] == ["\u201ca\u201d"]


@pytest.mark.parametrize(
    ("source", "lines", "item_lines"),
    [
        # counted by hand: the list on lines 3-4, the blank quoted line 5 after it no line of it
        ("> intro\n>\n> - a\n> - b\n>\n> after\n", (3, 4), None),
        # a loose item's second paragraph on line 3 is its last line; line 4 is the quote's blank
        ("> - a\n>\n>   more\n>\n> after\n", (1, 3), (1,)),
        # two quotes deep, the blank "> >" line 2 after the item
        ("> > - a\n> >\n> > after\n", (1, 1), None),
        # a nested list's last item on line 2, then the blank quoted line and the end of the quote
        ("> 1. a\n>    - b\n>\n\nnext\n", (1, 2), None),
    ],
)
@pytest.mark.parametrize("reader", ["pulldown-cmark", "markdown-it"])
def test_a_list_in_a_quote_ends_on_its_last_line_of_text(reader, source, lines, item_lines):
    blocks = markdown_blocks(source) if reader == "pulldown-cmark" else _Fallback(source).run().blocks
    (listed,) = [b for b in blocks if b.kind == LIST]
    assert listed.lines == lines
    assert listed.meta.get("item_lines") == item_lines
    assert listed.meta[QUOTE] >= 1
