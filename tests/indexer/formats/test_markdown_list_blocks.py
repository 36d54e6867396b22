"""Markdown: a code block or a table inside a list item is a block of its own between the parts
of the list (the item's text after it a paragraph), with both parsers (pulldown-cmark and the
markdown-it fallback)."""

from __future__ import annotations

from indexer import extract
from indexer.formats.markdown import markdown_blocks
from indexer.model import CODE, LIST, PARAGRAPH, TABLE

from ._text_helpers import item_summary

STEPS = """Install:

1. Step one:

   ```bash
   pip install foo
   foo --bar
   ```

2. Step two
   - nested a
   - nested b

- tight
  ```
  x = 1
  ```
  after
- last
  | k | v |
  |---|---|
  | a | 1 |
"""


EXPECTED = [
    ("paragraph", (1, 1), "Install:"),
    (LIST, (3, 3), [("Step one:", 0)]),
    (CODE, (5, 8), "pip install foo\nfoo --bar"),
    (LIST, (10, 12), [("Step two", 0), ("nested a", 1), ("nested b", 1)]),
    (LIST, (14, 14), [("tight", 0)]),
    (CODE, (15, 17), "x = 1"),
    (PARAGRAPH, (18, 18), "after"),  # the rest of the "tight" item, not an item of its own
    (LIST, (19, 19), [("last", 0)]),
    (TABLE, (20, 22), "| k | v |\n| --- | --- |\n| a | 1 |"),
]


def test_code_and_tables_in_items_are_blocks(markdown_parser):
    blocks = markdown_blocks(STEPS)
    assert item_summary(blocks) == EXPECTED
    assert blocks[2].meta == {"language": "bash"}


def test_real_indented_code_in_list_items(real_world):
    doc = extract(real_world / "md" / "kreuzberg" / "comprehensive.md")
    # section "Indented code at beginning of list", source lines 87-99: four code blocks
    codes = [b for b in doc.blocks if b.kind == CODE and 87 <= b.lines[0] <= 99]
    assert [(b.lines, b.text) for b in codes] == [
        ((87, 88), "code\ncode"),
        ((90, 91), "code\ncode"),
        ((93, 94), "code\ncode"),
        ((96, 97), "code\ncode"),
    ]
    lists = [b for b in doc.blocks if b.kind == LIST and 87 <= b.lines[0] <= 99]
    assert [[(i.text, i.level) for i in b.items] for b in lists] == [[("no code", 1)]]
