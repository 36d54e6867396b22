"""Markdown: the text of a list item that goes on after its nested list, or after a code block
in it, stays with the item instead of reading as a new item, with both parsers (pulldown-cmark
and the markdown-it fallback)."""

from __future__ import annotations

from indexer import extract
from indexer.formats.markdown import markdown_blocks
from indexer.model import CODE, IN_ITEM, LIST, PARAGRAPH

from ._text_helpers import item_summary

AFTER_NESTED = """- Fixed a memory issue.

  The fix adds:

  - a cap on columns
  - a cap on rows

  These limits match XLSX.

- Fixed tables.
"""

AFTER_CODE = """1. Build:

   ```sh
   make
   ```

   - then test

   Then install it.

2. Run
"""


def test_paragraph_after_a_nested_list_stays_with_its_item(markdown_parser):
    blocks = markdown_blocks(AFTER_NESTED)
    assert item_summary(blocks) == [
        (
            LIST,
            (1, 10),
            [
                ("Fixed a memory issue. The fix adds: These limits match XLSX.", 0),
                ("a cap on columns", 1),
                ("a cap on rows", 1),
                ("Fixed tables.", 0),
            ],
        )
    ]
    assert blocks[0].meta["item_lines"] == (1, 5, 6, 10)


def test_text_after_a_code_block_in_an_item_is_a_paragraph(markdown_parser):
    # line 1 "1. Build:", 3-5 the fence, 7 the nested item, 9 the item's last paragraph, 11 "2. Run"
    assert item_summary(markdown_blocks(AFTER_CODE)) == [
        (LIST, (1, 1), [("Build:", 0)]),
        (CODE, (3, 5), "make"),
        (LIST, (7, 7), [("then test", 1)]),
        (PARAGRAPH, (9, 9), "Then install it."),
        (LIST, (11, 11), [("Run", 0)]),
    ]


def test_real_changelog_entry_keeps_its_last_paragraph(real_world, markdown_parser):
    # calamine's Changelog, the 0.30.x ODS fix: the item (line 273), three sub-items (282-284),
    # then the item's paragraphs "These limits match XLSX's …" (286) and "When MAX_CELLS …"
    doc = extract(real_world / "md" / "calamine_Changelog.md")
    block = next(b for b in doc.blocks if b.kind == LIST and b.lines[0] == 273)
    first = block.items[0]
    assert first.level == 0 and first.text.startswith("Fixed potential memory exhaustion issue in ODS")
    assert "protection layers: These limits match XLSX's existing row/column limits" in first.text
    assert first.text.endswith("rather than receiving silent data loss. Issue #594, PR #596.")
    assert [i.level for i in block.items] == [0, 1, 1, 1, 0, 0]
    assert not any(i.text.startswith("These limits") for i in block.items)


#: Typed by hand: GFM (markdown-it, pulldown-cmark) reads the first item as "a", then a block
#: quote holding a list of one item "x" and, after it, the paragraph "y"; "b" is the second item
QUOTE_IN_ITEM = """- a
  > - x
  >
  > y
- b
"""


def test_a_quote_s_text_after_its_list_in_an_item_stays_after_it(markdown_parser):
    # "y" follows "x" in the quote: it is the item's text after the nested list, a paragraph in
    # the item, not joined to "a" before "x" ("a y" then "x")
    blocks = markdown_blocks(QUOTE_IN_ITEM)
    assert item_summary(blocks) == [
        (LIST, (1, 2), [("a", 0), ("x", 1)]),
        (PARAGRAPH, (4, 4), "y"),
        (LIST, (5, 5), [("b", 0)]),
    ]
    assert blocks[1].meta.get(IN_ITEM) == 1
    assert [b.text for b in blocks if b.kind == PARAGRAPH] == ["y"]
