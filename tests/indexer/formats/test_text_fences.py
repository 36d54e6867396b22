"""Plain text: a fenced code block runs to its closing fence across blank lines (hand-checked
texts)."""

from __future__ import annotations

from indexer.formats.text import text_blocks
from indexer.model import CODE, LIST, PARAGRAPH

FENCED = """Intro:

```python
def f():
    return 1

def g():
    return 2
```

After.
"""


def test_fence_with_a_blank_line_is_one_code_block():
    blocks = text_blocks(FENCED)
    assert [(b.kind, b.lines, b.text) for b in blocks] == [
        (PARAGRAPH, (1, 1), "Intro:"),
        (CODE, (3, 9), "def f():\n    return 1\n\ndef g():\n    return 2"),
        (PARAGRAPH, (11, 11), "After."),
    ]
    assert blocks[1].meta == {"language": "python"}
    # a fence never closed ends at the next blank line, as before
    blocks = text_blocks("```\nnever closed\n\nprose after\n")
    assert [(b.kind, b.lines, b.text) for b in blocks] == [
        (CODE, (1, 2), "never closed"),
        (PARAGRAPH, (4, 4), "prose after"),
    ]


def test_fence_under_a_list_item_is_code_of_its_own():
    # the fence's own indentation (3 spaces) is not part of the code; deeper indentation is
    text = "1. Install:\n   ```\n   pip install foo\n\n     --user\n   ```\n2. Run it\n"
    blocks = text_blocks(text)
    assert [(b.kind, b.lines) for b in blocks] == [(LIST, (1, 1)), (CODE, (2, 6)), (LIST, (7, 7))]
    assert blocks[1].text == "pip install foo\n\n  --user"
    assert [i.text for i in blocks[0].items + blocks[2].items] == ["Install:", "Run it"]
