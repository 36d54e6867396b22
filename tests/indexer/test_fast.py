"""Model objects made through their twins are the objects the constructors make."""

from __future__ import annotations

import dataclasses

import pytest

from indexer._fast import new_chunk, new_items, twin
from indexer.formats.text import new_block, new_item, relined
from indexer.model import Block, Chunk, ListItem


def test_new_block_equals_the_constructor_and_stays_frozen():
    items = (ListItem("a", 0, False), ListItem("b", 1, True))
    made = new_block("list", "- a\n  1. b", 0, (3, 4), items, {"language": "x"})
    built = Block("list", "- a\n  1. b", 0, (3, 4), items=items, meta={"language": "x"})
    assert type(made) is Block
    assert made == built and repr(made) == repr(built)
    assert made.meta == {"language": "x"} and made.meta.__class__ is built.meta.__class__  # frozen meta
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.text = "changed"  # type: ignore[misc]
    assert dataclasses.replace(made, text="other").text == "other"


def test_relined_is_replace():
    b = Block("table", "| a |", page=2, rows=(("1",),), header=("a",), row_numbers=(7,), meta={"k": 1})
    assert relined(b, "| b |", (5, 6)) == dataclasses.replace(b, text="| b |", lines=(5, 6))


def test_new_item_and_new_chunk_equal_the_constructors():
    assert new_item("x", 2, True) == ListItem("x", 2, True)
    assert type(new_item("x")) is ListItem
    chunk = new_chunk("text", "plain_paragraph", {"source_lines": [1, 2]})
    assert type(chunk) is Chunk and chunk == Chunk("text", "plain_paragraph", {"source_lines": [1, 2]})
    with pytest.raises(dataclasses.FrozenInstanceError):
        chunk.content = "changed"  # type: ignore[misc]


def test_new_items_equal_the_constructor_and_stay_frozen():
    items = new_items(["a: 1", "b:", "c: x"], [0, 0, 1])
    assert items == [ListItem("a: 1", 0), ListItem("b:", 0), ListItem("c: x", 1)]
    assert all(type(i) is ListItem and i.ordered is False for i in items)
    with pytest.raises(dataclasses.FrozenInstanceError):
        items[0].text = "changed"  # type: ignore[misc]
    assert new_items([], []) == []


def test_twin_refuses_a_class_it_cannot_stand_for():
    @dataclasses.dataclass(frozen=True)  # no slots: instances keep a __dict__, no twin
    class Plain:
        a: int

    assert twin(Plain) is None
    assert twin(Block) is not None
