"""The record rendering of JSON/JSON Lines: items built with their slots set directly must be
ordinary ListItems, and the block text must be exactly what render_list makes of them."""

from __future__ import annotations

from indexer import extract
from indexer.model import LIST, ListItem, render_list


def test_record_items_are_plain_list_items_and_render_as_render_list():
    data = b'{"id": 7, "tags": ["a", "b"], "mixed": [1, "x"], "empty": [], "none": {}, "who": {"n": "Ann"}}\n'
    (block,) = extract(data, filename="r.jsonl").blocks
    assert block.kind == LIST
    # read from the line above: ints and strings as written, string and mixed lists inline,
    # empty containers as compact JSON, a nested object one level deeper
    assert block.items == (
        ListItem("id: 7", 0),
        ListItem("tags: a, b", 0),
        ListItem("mixed: 1, x", 0),
        ListItem("empty: []", 0),
        ListItem("none: {}", 0),
        ListItem("who:", 0),
        ListItem("n: Ann", 1),
    )
    assert all(type(it) is ListItem and it.ordered is False for it in block.items)
    assert block.text == render_list(block.items)
    assert block.meta["record_range"] in ([0, 0], (0, 0))


def test_json_lines_keeps_bad_lines_as_text_and_counts_records():
    doc = extract(b'{"a": 1}\nnot json\n  [1, 2]  \n{"b": 2} trailing\n', filename="r.jsonl")
    texts = [b.text for b in doc.blocks]
    # line 2 and line 4 are not JSON values; line 3 is one with JSON whitespace around it
    assert texts == ["a: 1", "not json", "1\n2", '{"b": 2} trailing']
    assert doc.metadata["record_count"] == 2
    assert doc.coverage.warnings == ("2 line(s) are not JSON and were read as text",)


def test_new_block_is_the_same_block_as_the_constructor_makes():
    from types import MappingProxyType

    from indexer.formats.text import new_block
    from indexer.model import PARAGRAPH, Block

    items = (ListItem("a: 1", 0), ListItem("b:", 0), ListItem("c: 2", 1))
    fast = new_block(LIST, "a: 1\nb:\n  c: 2", 0, (3, 5), items, {"record_range": [4, 4]})
    slow = Block(LIST, "a: 1\nb:\n  c: 2", lines=(3, 5), items=items, meta={"record_range": [4, 4]})
    assert fast == slow
    assert isinstance(fast.meta, MappingProxyType)
    assert (fast.page, fast.rows, fast.header, fast.row_numbers, fast.images, fast.alt) == (
        None,
        (),
        None,
        (),
        (),
        None,
    )
    plain = new_block(PARAGRAPH, "text", lines=(1, 1))
    assert plain == Block(PARAGRAPH, "text", lines=(1, 1)) and not plain.meta


def test_repeated_items_read_as_they_would_alone():
    # both lines hold "topic: biology" and a nested "city" item; items are kept once per document,
    # so each record's items must still be exactly those of the same line read on its own
    lines = [
        b'{"topic": "biology", "author": {"city": "Lima"}}',
        b'{"author": {"city": "Lima"}, "topic": "biology"}',
    ]
    doc = extract(b"\n".join(lines) + b"\n", filename="r.jsonl")
    for line, block in zip(lines, doc.blocks, strict=True):
        (alone,) = extract(line, filename="one.jsonl").blocks
        assert block.items == alone.items and block.text == alone.text
    assert doc.blocks[1].items == (
        ListItem("author:", 0),
        ListItem("city: Lima", 1),
        ListItem("topic: biology", 0),
    )
    assert doc.blocks[1].text == "author:\n  city: Lima\ntopic: biology"


def test_blocks_made_together_equal_new_block():
    from types import MappingProxyType

    from indexer.formats.jsonfmt import _make_blocks
    from indexer.formats.text import new_block
    from indexer.model import PARAGRAPH

    items = (ListItem("a: 1", 0), ListItem("b:", 0), ListItem("c: 2", 1))
    args = [
        (LIST, "a: 1\nb:\n  c: 2", (1, 3), items, MappingProxyType({"record_range": [0, 0]})),
        (PARAGRAPH, "not json", (5, 5), (), {}),
    ]
    kinds, texts, lines, its, metas = map(list, zip(*args, strict=True))
    made = _make_blocks(kinds, texts, [0, 0], lines, its, metas)
    expected = [new_block(kind, text, 0, lines, its, meta) for kind, text, lines, its, meta in args]
    assert made == expected
    assert [repr(b) for b in made] == [repr(b) for b in expected]
    assert type(made[1].meta) is MappingProxyType and dict(made[1].meta) == {}
