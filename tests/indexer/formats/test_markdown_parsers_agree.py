"""The Markdown reader's two parsers, pulldown-cmark (pyromark, the main path) and markdown-it-py
(the fallback when pyromark is missing, a CommonMark reference), give the same blocks over a
seeded set of generated documents, made of the constructs on which CommonMark and GFM leave them
no room to differ. Left out, where they differ on purpose or where the spec is silent:

- ``~one tilde~`` (strikethrough in GFM, which markdown-it reads only with two);
- a line right under a link reference definition: CommonMark reads the definition as the start
  of a paragraph, which an indented line or a list not starting at 1 cannot interrupt (the main
  path's reading); markdown-it ends the definition there;
- a footnote definition right under a line of text (pulldown-cmark lets it interrupt the
  paragraph, markdown-it reads it as the paragraph's next line; neither spec says).
"""

from __future__ import annotations

import random

import pytest

from indexer.formats import markdown
from indexer.formats.markdown import _build, _Fallback, _front_matter, _parse, extract_markdown

from ._text_helpers import CTX

pytest.importorskip("markdown_it")
pytestmark = pytest.mark.skipif(markdown.pyromark is None, reason="pyromark is not installed")

_WORDS = [
    "tide",
    "moon",
    "sea",
    "rock",
    "shell",
    "crab",
    "whelk",
    "limpet",
    "wave",
    "salt",
    "sand",
    "kelp",
    "gull",
]


def _w(r: random.Random, n: int = 0) -> str:
    return " ".join(r.choice(_WORDS) for _ in range(n or r.randint(1, 4)))


def _inline(r: random.Random) -> str:
    w = _w(r)
    return r.choice(
        [w, f"*{w}*", f"**{w}**", f"`{w}`", f"[{w}](http://x.org/{r.randint(1, 9)})", f"{w} &amp; &copy;",
         f"{w}\\*", f"_{w}_", "<http://a.org>", "<mail@x.org>", f"~~{w}~~", f"{w} <b>{w}</b>",
         f"![{w}](i{r.randint(1, 3)}.png)", f"{w}<br/>{w}", f"{w}[^{r.randint(1, 3)}]", f"<img src='p.png' alt='{w}'>"]
    )  # fmt: skip


def _line(r: random.Random) -> str:
    return " ".join(_inline(r) for _ in range(r.randint(1, 3)))


_SNIPPETS = (
    lambda r: _line(r),
    lambda r: f"{_line(r)}\n{_line(r)}",
    lambda r: f"{_line(r)}  \n{_line(r)}",
    lambda r: f"{_line(r)}\\\n{_line(r)}",
    lambda r: "#" * r.randint(1, 7) + f" {_line(r)}",
    lambda r: f"## {_w(r)} ##",
    lambda r: f"#{_w(r, 1)} {_w(r)}",
    lambda r: f"{_line(r)}\n{r.choice(['===', '---'])}",
    lambda r: r.choice(["---", "***", "___", "* * *"]),
    lambda r: "\n".join(f"{r.choice('-*+')} {_line(r)}" for _ in range(r.randint(1, 3))),
    lambda r: "\n".join(f"{i}{r.choice('.)')} {_line(r)}" for i in range(r.randint(1, 3), 5)),
    lambda r: f"- {_line(r)}\n  - {_line(r)}\n    1. {_line(r)}\n- {_line(r)}",
    lambda r: f"- {_line(r)}\n\n- {_line(r)}\n\n  {_line(r)}",
    lambda r: f"- {_line(r)}\n{_line(r)}",
    lambda r: f"- {_w(r)}\n-\n- {_w(r)}",
    lambda r: f"-     {_w(r)}\n- {_w(r)}",
    lambda r: f"- {_w(r)}\n  ```\n  {_w(r)}\n  ```\n- {_w(r)}",
    lambda r: f"- [ ] {_line(r)}\n- [x] {_line(r)}",
    lambda r: f"{_line(r)}\n2. {_w(r)}",
    lambda r: f"{_line(r)}\n1. {_w(r)}",
    lambda r: f"> {_line(r)}\n{_line(r)}",
    lambda r: f"> {_line(r)}\n>> {_line(r)}\n> - {_w(r)}",
    lambda r: f"```{r.choice(['', 'py', 'js x'])}\n{_w(r)}\n\n{_w(r)}\n```",
    lambda r: f"~~~\n{_w(r)}\n~~~",
    lambda r: f"    {_w(r)}\n    {_w(r)}",
    lambda r: f"{_line(r)}\n    {_w(r)}",
    lambda r: f"| a | b |\n|---|:-:|\n| {_inline(r)} | {_w(r, 1)} |\n| {_w(r, 2)} | `c\\|d` |",
    lambda r: f"a | b\n--|--\n{_w(r, 1)} | {_w(r, 1)}",
    lambda r: f"<div>\n{_w(r)}\n</div>",
    lambda r: f"<!-- {_w(r)} -->",
    lambda r: f"[{_w(r, 1)}]: http://x.org/{r.randint(1, 3)}",
    lambda r: f"---\n{_w(r, 1)}: {_w(r, 1)}\n---",
    lambda r: f"---\n{_line(r)}\n{r.choice(['---', '...'])}\n{_line(r)}",
    lambda r: f"[^{r.randint(1, 3)}]: {_line(r)}",
    lambda r: " ".join(f"![{_w(r)}](i{n}.png)" for n in range(r.randint(1, 3))),
    lambda r: f"<img src='a.png' alt='{_w(r)}'> <img src='b.png' width='1' height='1'>",
)


def _document(seed: int) -> str:
    r = random.Random(seed)
    parts = [r.choice(_SNIPPETS)(r) for _ in range(r.randint(1, 7))]
    text = parts[0]
    for before, part in zip(parts, parts[1:], strict=False):
        # a blank line after a table and a link reference definition, before a footnote
        apart = "|--" in before or before.startswith("[") or part.startswith("[^")
        text += ("\n\n" if apart else r.choice(["\n\n", "\n\n", "\n"])) + part
    return text + r.choice(["", "\n"])


def _blocks(builder) -> list[tuple]:
    return [
        (b.kind, b.text, b.level, b.lines, b.items, b.header, b.rows, dict(b.meta)) for b in builder.blocks
    ]


def test_both_parsers_give_the_same_blocks():
    differ = []
    for seed in range(400):
        text = _document(seed)
        # the main path as a text is read (its header rows written for pulldown-cmark where it
        # would not read a table GFM reads), without front matter, which markdown-it has not
        if _blocks(_build(text, front=False)) != _blocks(_Fallback(text).run()):
            differ.append(seed)
    assert differ == [], f"{len(differ)} of 400 documents differ, the first:\n{_document(differ[0])}"


def _read(text: str) -> tuple[list[tuple], object]:
    doc = extract_markdown(text.encode(), CTX)
    return [(b.kind, b.text, b.lines) for b in doc.blocks], doc.metadata.get("front_matter")


def test_a_pair_of_rules_inside_a_text_is_no_front_matter(markdown_parser):
    # CommonMark: "---" is a thematic break, or a setext underline under a paragraph line; only
    # the document's first line opens front matter. The pair used to swallow the lines between.
    blocks, front = _read("- a\n---\n- b\n---\n\npara\n\n---\nb: c\n---\n\nmore\n")
    assert blocks == [
        ("list", "a", (1, 1)),
        ("list", "b", (3, 3)),
        ("paragraph", "para", (6, 6)),
        ("heading", "b: c", (9, 10)),
        ("paragraph", "more", (12, 12)),
    ]
    assert front is None
    blocks, front = _read("---\ntitle: T\n---\n\n# H\n\n---\nx\n---\n")
    assert blocks == [("heading", "H", (5, 5)), ("heading", "x", (8, 9))]
    assert front == {"title": "T"}
    # a notebook cell's Markdown has no front matter
    assert [b.text for b in markdown.markdown_blocks("---\ntitle: T\n---\n")] == ["title: T"]


def test_front_matter_opens_on_the_first_line_before_a_line_of_text():
    assert _front_matter("---\na: b\n...\nrest") == (13, "a: b\n")
    assert _front_matter("--- \r\na: b\r\n---") == (15, "a: b\n")
    assert _front_matter("---\n\na: b\n---\n") is None  # a blank line after it: a rule
    assert _front_matter("---\na: b\n") is None  # never closed


def test_a_list_ends_at_its_last_item(markdown_parser):
    # not at the link reference definition after it, nor on the line of an item that opens with
    # indented code (the code is a block of its own)
    blocks, _ = _read("- a\n- b\n\n[x]: http://x.org\nwave\n")
    assert blocks == [("list", "a\nb", (1, 2)), ("paragraph", "wave", (5, 5))]
    blocks, _ = _read("- a\n- b\n-     code\n- d\n")
    assert blocks == [("list", "a\nb", (1, 2)), ("code", "code", (3, 3)), ("list", "d", (4, 4))]


def test_raw_html_in_an_item_reads_an_img_as_its_alt_text(markdown_parser):
    # an <img> tag alone on an item's line is an HTML block inside the item: its alt text is the
    # item's, as an inline <img> is (it was dropped, with the tag)
    blocks, _ = _read("- <img src='kelp.png' alt='Kelp forest'>\n- Sand\n")
    assert blocks == [("list", "Kelp forest\nSand", (1, 2))]


def test_the_fallback_reads_notes_images_and_breaks_as_the_main_path():
    # markdown-it moved footnote definitions to the end and dropped those never referenced; read
    # a paragraph of images alone as a paragraph; and an inline <br> as nothing
    text = "Tides[^a] turn.\n\n[^a]: Twice a day.\n\n[^b]: Unused.\n\n![Neap](n.png) ![Spring](s.png)\n\nHigh<br>low\n"
    expected = [
        ("paragraph", "Tides[^a] turn.", (1, 1)),
        ("paragraph", "[^a]: Twice a day.", (3, 3)),
        ("paragraph", "[^b]: Unused.", (5, 5)),
        ("image", "[Image: Neap]", (7, 7)),
        ("image", "[Image: Spring]", (7, 7)),
        ("paragraph", "High\nlow", (9, 9)),
    ]
    assert [(b.kind, b.text, b.lines) for b in _parse(text).blocks] == expected
    assert [(b.kind, b.text, b.lines) for b in _Fallback(text).run().blocks] == expected


def test_a_line_indented_4_columns_after_a_table_is_code(markdown_parser):
    # GFM (cmark-gfm) ends a table at a line indented 4 columns past what holds it: indented code
    # may interrupt a table, not a paragraph. pulldown-cmark read it as one more row, the code
    # in its first cell, its indentation gone. A line indented less is still a row.
    text = "| a | b |\n|---|---|\n| 1 | 2 |\n  3 | 4\n    x = 1\n        y = 2\n| 5 | 6 |\n\nwave\n"
    blocks, _ = _read(text)
    assert blocks == [
        ("table", "| a | b |\n| --- | --- |\n| 1 | 2 |\n| 3 | 4 |", (1, 4)),
        ("code", "x = 1\n    y = 2", (5, 6)),
        ("paragraph", "| 5 | 6 |", (7, 7)),
        ("paragraph", "wave", (9, 9)),
    ]
    # in a list item, 4 columns past where the item's table starts; in a block quote, past the ">"
    blocks, _ = _read("- tide\n\n  | a | b |\n  |---|---|\n  | 1 | 2 |\n      ebb\n- moon\n")
    assert blocks == [
        ("list", "tide", (1, 1)),
        ("table", "| a | b |\n| --- | --- |\n| 1 | 2 |", (3, 5)),
        ("code", "ebb", (6, 6)),
        ("list", "moon", (7, 7)),
    ]
    blocks, _ = _read("> | a | b |\n> |---|---|\n> | 1 | 2 |\n>     ebb\n")
    assert blocks == [("table", "| a | b |\n| --- | --- |\n| 1 | 2 |", (1, 3)), ("code", "ebb", (4, 4))]


def test_a_code_line_after_an_items_table_keeps_the_columns_its_tabs_reach(markdown_parser):
    # the item's content starts at column 2; "\t\tcode" reaches column 8, 6 past it: indented
    # code (4 columns) holding 2 more, as markdown-it reads it. The two tabs were taken off as
    # if each were a column, and the line read as a paragraph "code" (pulldown-cmark's path)
    blocks, _ = _read("- tide\n  | a | b |\n  |---|---|\n  | 1 | 2 |\n\t\tebb = 1\n  \t\t  flow\n")
    assert blocks == [
        ("list", "tide", (1, 1)),
        ("table", "| a | b |\n| --- | --- |\n| 1 | 2 |", (2, 4)),
        ("code", "  ebb = 1\n    flow", (5, 6)),
    ]
