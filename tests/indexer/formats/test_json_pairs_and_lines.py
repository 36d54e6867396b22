"""JSON family: a key given twice keeps both values; a string over several lines has its later
lines indented under its key, so that they cannot be read as keys of their own."""

from __future__ import annotations

from indexer import extract
from indexer.formats.jsonfmt import extract_json, extract_jsonl
from indexer.model import LIST, PARAGRAPH

from ._text_helpers import CTX, assert_lines_valid


def test_duplicate_keys_keep_every_value():
    doc = extract_json(b'{"a": "b", "a": "c"}', CTX)
    assert [(b.kind, b.text) for b in doc.blocks] == [(PARAGRAPH, "a: b"), (PARAGRAPH, "a: c")]
    assert doc.metadata["record_count"] == 2
    nested = extract_json(b'[{"x": 1, "x": 2, "y": {"k": "v", "k": "w"}}, {"z": [{"q": 1, "q": 2}]}]', CTX)
    assert [b.text for b in nested.blocks] == [
        "x: 1\nx: 2\ny:\n  k: v\n  k: w",
        "z:\n  0:\n    q: 1\n    q: 2",
    ]
    lines = extract_jsonl(b'{"a": 1, "a": 2}\n', CTX)
    assert lines.blocks[0].text == "a: 1\na: 2"
    assert_lines_valid(nested)


def test_multi_line_string_lines_sit_under_their_key():
    doc = extract_json(b'{"run": {"solution": "eats 3\\nsells 13\\nA: 26", "ok": false}, "next": 1}', CTX)
    block = doc.blocks[0]
    assert block.kind == LIST
    assert block.text == "run:\n  solution: eats 3\n    sells 13\n    A: 26\n  ok: false"
    assert block.items[1].text == "solution: eats 3\nsells 13\nA: 26"  # the value itself unchanged
    assert_lines_valid(doc)


def test_real_duplicate_key_and_gsm8k(real_world):
    dup = extract(real_world / "json" / "JSONTestSuite" / "y_object_duplicated_key.json")
    assert dup.text == "a: b\n\na: c"
    doc = extract(real_world / "jsonl" / "gsm8k_example_model_solutions.jsonl")
    first = doc.blocks[0].text.split("\n")
    # record 0: 6b_finetuning.solution runs over three lines, the last "A: 26"
    at = first.index("6b_finetuning:")
    assert first[at + 2].startswith("  solution: Janet eats 3 ducks eggs")
    assert first[at + 3].startswith("    She has 13 ducks eggs")
    assert first[at + 4] == "    A: 26"
    assert not [line for line in first if line.startswith("A: ")]  # no answer line reads as a top-level key


def test_a_key_repeated_past_the_depth_cap_keeps_both_values():
    # 66 objects nested: k65 … k0, the innermost giving "a" twice. Levels 0-64 are list items
    # (k65 at level 0, k1 at level 64); what is deeper is k1's value, on its line as compact JSON.
    inner = '{"a": 1, "a": 2}'
    for i in range(66):
        inner = f'{{"k{i}": {inner}}}'
    doc = extract_json(inner.encode(), CTX)
    assert doc.blocks[0].text.split("\n")[-1] == "  " * 64 + 'k1: {"k0": {"a": 1, "a": 2}}'
    # inside an array past the cap, in JSON Lines too
    inner = '[{"q": 1, "q": 2}, "x"]'
    for i in range(65):
        inner = f'{{"k{i}": {inner}}}'
    lines = extract_jsonl(inner.encode() + b"\n", CTX)
    assert lines.blocks[0].text.split("\n")[-1] == "  " * 64 + 'k0: [{"q": 1, "q": 2}, "x"]'
