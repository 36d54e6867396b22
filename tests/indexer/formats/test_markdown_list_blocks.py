"""Markdown: a code block or a table inside a list item is a block of its own between the parts
of the list (the item's text after it a paragraph), with both parsers (pulldown-cmark and the
markdown-it fallback); each says how many items hold it (``IN_ITEM``), and get_markdown writes it
inside its item, as GFM reads the source."""

from __future__ import annotations

import json

from indexer import extract, get_markdown
from indexer.formats.markdown import markdown_blocks
from indexer.model import CODE, IN_ITEM, LIST, OPENS_ITEM, PARAGRAPH, TABLE

from ._text_helpers import gfm_structure, item_summary

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
    assert blocks[2].meta == {"language": "bash", IN_ITEM: 1}
    # each in its top-level item: the two code blocks, the "tight" item's text after its code
    # and the "last" item's table; the paragraph before the list in none
    assert [b.meta.get(IN_ITEM) for b in blocks] == [None, None, 1, None, None, 1, 1, None, 1]


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


#: Typed by hand: GFM reads one bullet list of two items; the first holds a table and a paragraph
#: after it, the second an ordered list whose first item holds a table, two items deep
TABLES_IN_ITEMS = """- Tide gauges

  | Station | Datum |
  |---|---|
  | Leith | 2.9 m |

  Read hourly.
- Buoys
  1. Wave buoy

     | Height | Period |
     |---|---|
     | 1.2 m | 6 s |
  2. Current meter
"""


def test_a_table_in_an_item_stays_in_it(markdown_parser, tmp_path):
    assert gfm_structure(TABLES_IN_ITEMS) == [
        (0, "item"),
        (1, "Tide gauges"),
        (1, "table"),
        (1, "Read hourly."),
        (0, "item"),
        (1, "Buoys"),
        (1, "item"),
        (2, "Wave buoy"),
        (2, "table"),
        (1, "item"),
        (2, "Current meter"),
    ]
    blocks = markdown_blocks(TABLES_IN_ITEMS)
    assert [(b.kind, b.lines, b.meta.get(IN_ITEM)) for b in blocks] == [
        (LIST, (1, 1), None),
        (TABLE, (3, 5), 1),
        (PARAGRAPH, (7, 7), 1),
        (LIST, (8, 9), None),
        (TABLE, (11, 13), 2),
        (LIST, (14, 14), None),
    ]
    # a notebook's Markdown cell is written block by block: each table in its item, the list one
    # list whose second item's ordered list goes on after the table, as GFM reads the source
    cell = {"cell_type": "markdown", "metadata": {}, "source": TABLES_IN_ITEMS}
    notebook = tmp_path / "buoys.ipynb"
    notebook.write_text(json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    assert gfm_structure(get_markdown(notebook)) == gfm_structure(TABLES_IN_ITEMS)


#: Typed by hand: GFM reads one ordered list of three items whose second opens with a fenced code
#: block (its text after it in the item), then a bullet list whose second item holds a list whose
#: second item opens with a table on the line after its marker
OPENING_BLOCKS = """1. one
2. ```sh
   make
   ```
   then run it.
3. three

- Gauges
  1. Leith
  2.
     | Datum | Height |
     |---|---|
     | CD | 2.9 m |
  3. Dover
"""


def test_a_block_that_opens_an_item_is_an_item_of_its_own(markdown_parser, tmp_path):
    assert gfm_structure(OPENING_BLOCKS) == [
        (0, "item"),
        (1, "one"),
        (0, "item"),
        (1, "code"),
        (1, "then run it."),
        (0, "item"),
        (1, "three"),
        (0, "item"),
        (1, "Gauges"),
        (1, "item"),
        (2, "Leith"),
        (1, "item"),
        (2, "table"),
        (1, "item"),
        (2, "Dover"),
    ]
    blocks = markdown_blocks(OPENING_BLOCKS)
    # the code block opens item 2 (the text after it a paragraph in that item, not the item's
    # text), the table the nested list's item 2; the lists before them end before those items
    assert [(b.kind, b.lines, b.meta.get(IN_ITEM), b.meta.get(OPENS_ITEM)) for b in blocks] == [
        (LIST, (1, 1), None, None),
        (CODE, (2, 4), 1, "2."),
        (PARAGRAPH, (5, 5), 1, None),
        (LIST, (6, 6), None, None),
        (LIST, (8, 9), None, None),
        (TABLE, (11, 13), 2, "2."),
        (LIST, (14, 14), None, None),
    ]
    assert [[(i.text, i.level, i.number) for i in b.items] for b in blocks if b.kind == LIST] == [
        [("one", 0, 1)],
        [("three", 0, 3)],
        [("Gauges", 0, None), ("Leith", 1, 1)],
        [("Dover", 1, 3)],
    ]
    # a notebook's Markdown cell, written block by block, reads back as the source does
    cell = {"cell_type": "markdown", "metadata": {}, "source": OPENING_BLOCKS}
    notebook = tmp_path / "steps.ipynb"
    notebook.write_text(json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    assert gfm_structure(get_markdown(notebook)) == gfm_structure(OPENING_BLOCKS)


def test_a_block_opening_a_list_opens_its_first_item(markdown_parser, tmp_path):
    text = "- ```\n  x = 1\n  ```\n- next\n"
    blocks = markdown_blocks(text)
    assert [(b.kind, b.lines, b.meta.get(IN_ITEM), b.meta.get(OPENS_ITEM)) for b in blocks] == [
        (CODE, (1, 3), 1, "-"),
        (LIST, (4, 4), None, None),
    ]
    cell = {"cell_type": "markdown", "metadata": {}, "source": text}
    notebook = tmp_path / "first.ipynb"
    notebook.write_text(json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    assert (
        gfm_structure(get_markdown(notebook))
        == gfm_structure(text)
        == [
            (0, "item"),
            (1, "code"),
            (0, "item"),
            (1, "next"),
        ]
    )


def test_a_block_opening_an_item_of_an_empty_item(markdown_parser, tmp_path):
    # the top-level item holds nothing but a list whose first item opens with a fence: GFM reads
    # two items, the second holding "b"
    text = "- 1. ```\n     x\n     ```\n  2. b\n- c\n"
    assert gfm_structure(text) == [
        (0, "item"),
        (1, "item"),
        (2, "code"),
        (1, "item"),
        (2, "b"),
        (0, "item"),
        (1, "c"),
    ]
    blocks = markdown_blocks(text)
    assert [(b.kind, b.lines, b.meta.get(IN_ITEM), b.meta.get(OPENS_ITEM)) for b in blocks] == [
        (CODE, (1, 3), 2, "1."),
        (LIST, (4, 5), None, None),
    ]
    assert [(i.text, i.level, i.number) for i in blocks[1].items] == [("b", 1, 2), ("c", 0, None)]
    cell = {"cell_type": "markdown", "metadata": {}, "source": text}
    notebook = tmp_path / "empty.ipynb"
    notebook.write_text(json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    assert gfm_structure(get_markdown(notebook)) == gfm_structure(text)


def test_a_block_in_an_item_after_its_nested_list(monkeypatch):
    # line 1 an item ("-"), line 2 its nested item "n", lines 3 to 5 a fence in the first item
    # after that list: the list before the code block (the empty item, then "n") runs from line 1 to
    # line 2, with both parsers, and the code block is in the item without opening it (its marker
    # is the list's)
    from indexer.formats import markdown

    text = "-\n  - n\n  ```\n  c\n  ```\n"
    expected = [(LIST, (1, 2), None, None), (CODE, (3, 5), 1, None)]
    read = [markdown_blocks(text)]
    monkeypatch.setattr(markdown, "pyromark", None)  # the markdown-it fallback
    read.append(markdown_blocks(text))
    for blocks in read:
        assert [(b.kind, b.lines, b.meta.get(IN_ITEM), b.meta.get(OPENS_ITEM)) for b in blocks] == expected
        assert [(i.text, i.level) for i in blocks[0].items] == [("", 0), ("n", 1)]
