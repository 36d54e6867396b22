"""The Markdown reader keeps the words markdown-it shows: over a seeded set of generated documents,
the words of the blocks read (a table's cells, a list's items, code as it stands) are those of
markdown-it's reading reduced to its text, none lost and none twice. The documents hold the
constructs whose reading the specs settle; left out are raw HTML (read by the HTML extractor,
which keeps what a browser shows), images (read as their alt text or name), footnote definitions,
and e-mail autolinks (kept in their ``<>``)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from indexer.formats import markdown
from indexer.formats.markdown import extract_markdown

from ._text_helpers import CTX

markdown_it = pytest.importorskip("markdown_it")

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


def _w(r: random.Random) -> str:
    return " ".join(r.choice(_WORDS) for _ in range(r.randint(1, 3)))


def _inline(r: random.Random) -> str:
    x = _w(r)
    return r.choice(
        [x, f"*{x}*", f"**{x}**", f"`{x}`", f"[{x}](http://x.org/)", f"_{x}_", f"~~{x}~~", f"{x}\\*",
         f"\\# {x}", f"{x} \\| {x}", "<http://a.org>", f"{x}  ", f"{x}\\", f"&amp; {x}", f"{x} #", f"# {x}",
         f"{x}\t", f"[{x}]", f"[{x}][]", f"*{x}", f"{x}_", f"`{x}", f"{x}|{x}", f"\\|{x}", f"**{x}*",
         f"***{x}***", f"&copy; {x}", f"\\\\{x}", f"{x} <?x ?>", f"{x} <? {x} >", f"a<b{x}"]
    )  # fmt: skip


def _line(r: random.Random) -> str:
    return " ".join(_inline(r) for _ in range(r.randint(1, 3)))


def _block(r: random.Random, depth: int = 0) -> str:
    k = r.randint(0, 14)
    if k == 0:
        closing = r.choice(["", " #", " ##\t", "\t#", " \\#"])
        return "#" * r.randint(1, 6) + r.choice([" ", "\t"]) + _line(r) + closing
    if k == 1:
        return _line(r) + "\n" + r.choice(["===", "---"])
    if k == 2:
        return "\n".join(r.choice(["- ", "* ", "1. ", "2) "]) + _line(r) for _ in range(r.randint(1, 3)))
    if k == 3 and depth < 2:
        return "\n".join("> " + line for line in _block(r, depth + 1).split("\n"))
    if k == 4:
        return "```\n" + _w(r) + "\n```"
    if k == 5:
        n = r.randint(1, 3)
        head = (
            r.choice(["| ", "", "\\| "]) + " | ".join(_line(r) for _ in range(n)) + r.choice([" |", "", "\\"])
        )
        rows = ["| " + " | ".join(_w(r) for _ in range(n)) + " |" for _ in range(r.randint(0, 2))]
        above = [_w(r)] * r.randint(0, 1)  # a paragraph's line over the header: a paragraph of its own
        return "\n".join([*above, head, "|" + "|".join(["---"] * n) + "|", *rows])
    if k == 6:
        return "    " + _w(r)
    if k == 7:
        return "- " + _line(r) + "\n  - " + _line(r) + "\n\n  " + _line(r)
    if k == 8:
        return "***"
    if k == 9:
        return _line(r) + "\n" + _line(r)
    if k == 10:
        return "- [ ] " + _line(r) + "\n- [x] " + _line(r)
    if k == 11:
        return "1. " + _line(r) + "\n\n   > " + _line(r)
    return _line(r)


def _reference():
    from markdown_it.rules_block import heading

    md = markdown_it.MarkdownIt("commonmark").enable(["table", "strikethrough"])
    # GFM heads a table with a paragraph's line only: an ATX heading's line is a heading
    md.block.ruler.before("table", "atx_heading", heading, {"alt": ["paragraph", "reference", "blockquote"]})
    return md


def _shown(md, text: str) -> Counter:
    """The words markdown-it shows: its text, code spans and code blocks."""
    out: list[str] = []

    def walk(tokens) -> None:
        for t in tokens:
            if t.type == "inline":
                walk(t.children or [])
            elif t.type in ("text", "code_inline"):
                out.append(t.content)
            elif t.type in ("code_block", "fence"):
                out.append(" " + t.content + " ")
            elif t.type.endswith(("_open", "_close")) and t.type.split("_")[0] in (
                "em",
                "strong",
                "s",
                "link",
            ):
                pass  # inline: no break between words
            elif t.type != "html_inline":  # "<?x ?>" shows nothing
                out.append(" ")

    walk(md.parse(text))
    return Counter("".join(out).split())


def _kept(text: str) -> Counter:
    out: list[str] = []
    for b in extract_markdown(text.encode(), CTX).blocks:
        if b.kind == "table":
            out += [cell for row in [b.header or (), *b.rows] for cell in row]
        elif b.kind == "list" and b.items:
            out += [item.text for item in b.items]
        else:
            out.append(b.text)
    return Counter(" ".join(out).split())


@pytest.mark.parametrize("seed", range(4))
def test_the_words_kept_are_those_markdown_it_shows(markdown_parser, seed):
    md = _reference()
    differ = []
    for i in range(250):
        r = random.Random(seed * 1000 + i)
        text = "\n\n".join(_block(r) for _ in range(r.randint(1, 5))) + "\n"
        if not any(line.strip(" >*") for line in text.split("\n")):
            continue  # nothing but rules: the text as it stands, not what it shows
        shown, kept = _shown(md, text), _kept(text)
        if shown != kept:
            differ.append((text, dict(shown - kept), dict(kept - shown)))
    assert not differ, differ[:3]


def test_the_generated_documents_hold_the_edge_cases(markdown_parser):
    # the set above holds the cases fixed: a header row ending with a backslash, one of escaped
    # pipes, a heading's closing run beside a tab
    texts = []
    for seed in range(4):
        for i in range(250):
            r = random.Random(seed * 1000 + i)
            texts.append("\n\n".join(_block(r) for _ in range(r.randint(1, 5))) + "\n")
    assert any("\\\n|---|" in t for t in texts)
    assert any("\n\\| " in t and "\n|---|\n" in t for t in texts)
    assert any(" ##\t\n" in t for t in texts)
    assert markdown.pyromark is not None or markdown_parser == "markdown-it"
