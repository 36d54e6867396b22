"""The tolerant readers rule by rule (expected values read off each input by hand)."""

from __future__ import annotations

from indexer.fields import coverage, extract_fields, jsonread, nest, schema_from_dict, xmlread
from indexer.fields.jsonread import NULL, TRUNCATED

KEYS = jsonread.has_any_key(["answer"], True)


def test_json_fenced_block_wins_over_earlier_bare_object() -> None:
    text = 'first {"answer": 1}\n```json\n{"answer": 2}\n```'
    assert jsonread.select_object(text, KEYS).obj == {"answer": "2"}


def test_json_fence_without_declared_field_falls_through_to_whole_text() -> None:
    text = '```json\n{"example": true}\n```\nthen {"Answer": 3}'
    sel = jsonread.select_object(text, KEYS)
    assert sel.obj == {"Answer": "3"} and not sel.fenced


def test_json_first_object_when_none_carries_a_field_prefers_a_closed_one() -> None:
    assert jsonread.select_object('{"a": 1} {"b": 2}', KEYS).obj == {"a": "1"}
    assert jsonread.select_object('x {"a": 1', KEYS).obj == {"a": "1"}
    assert not jsonread.select_object("no object here", KEYS).found


def test_json_prose_brace_does_not_swallow_the_answer() -> None:
    # The "{" in prose never closes; the object after it is still its own candidate.
    text = 'I think {maybe\n{"answer": "yes"}'
    assert jsonread.select_object(text, KEYS).obj == {"answer": "yes"}


def test_json_repairs() -> None:
    assert jsonread.read_object("{'a': 'x', 'b': [1, 2,], }") == {"a": "x", "b": ["1", "2"]}
    assert jsonread.read_object('{"a": [1, 2}') == {"a": ["1", "2"]}  # ] missing: } closes both
    assert jsonread.read_object('{"a": 1] , "b": 2}') == {"a": "1", "b": "2"}  # stray ] skipped
    assert jsonread.read_object('{"a": "x" "b": "y"}') == {"a": "x", "b": "y"}  # missing comma
    assert jsonread.read_object('{"a": null, "b": , "c": "cut') == {"a": NULL, "b": TRUNCATED, "c": TRUNCATED}
    assert jsonread.read_object('{"a": /* c } */ 1, // x "y"\n "b": "// not a comment"}') == {
        "a": "1",
        "b": "// not a comment",
    }
    assert jsonread.read_object('{"u": "caf\\u00e9 \\ud83d\\ude00 \\n"}') == {"u": "café 😀 \n"}
    assert jsonread.read_object('{"url": http://x.example/a}') == {"url": "http://x.example/a"}
    # Cut off inside an escape sequence: the string never closed (found by the bench's generator).
    assert jsonread.read_object('{"a": "na\\') == {"a": TRUNCATED}


def test_xml_unclosed_element_with_text_ends_at_next_element() -> None:
    found, raw = xmlread.read("<answer><text>hi<confidence>HIGH</confidence></answer>", "answer")
    assert found and raw == {"text": "hi", "confidence": "HIGH"}


def test_xml_stray_close_only_ends_an_element_that_is_never_closed() -> None:
    # <a> is closed later, so the stray </b> inside it is ignored and "x y" stays its text.
    assert xmlread.read("<r><a>x </b>y</a><c>z</c></r>", "r")[1] == {"a": "x y", "c": "z"}
    # <a> is never closed: </b> ends it.
    assert xmlread.read("<r><a>x</b><c>z</c></r>", "r")[1] == {"a": "x", "c": "z"}


def test_xml_values_attributes_and_mixed_content() -> None:
    raw = xmlread.read('<r><e k="1"/><f k="2">t</f><g/><h>a<i>b</i>c</h><j><k/></j></r>', "r")[1]
    assert raw == {
        "e": {"k": "1"},
        "f": {"k": "2", "#text": "t"},
        "g": "",
        "h": {"i": "b", "#text": "a c"},
        "j": {"k": ""},
    }


def test_xml_rootless_and_case() -> None:
    assert xmlread.read_rootless("prose <A>1</A> more <b>2</b>")[1] == {"a": "1", "b": "2"}
    assert xmlread.read_rootless("<A>1</A>", case_insensitive=False)[1] == {"A": "1"}
    assert xmlread.read("<R><x>1</x></R>", "r")[0] is True
    assert xmlread.read("<R><x>1</x></R>", "r", case_insensitive=False)[0] is False


SCHEMA = schema_from_dict(
    {
        "format": "JSON",
        "rootName": "r",
        "fields": [
            {"name": "title", "kind": "STRING", "required": True},
            {"name": "tags", "kind": "ENUM", "array": True, "enumValues": ["A", "B"]},
            {"name": "items", "kind": "OBJECT", "array": True, "fields": [{"name": "n", "kind": "INT"}]},
        ],
    }
)


def test_coverage_counts_documents_per_field_and_folds_array_paths() -> None:
    results = [
        extract_fields('{"title": "a", "tags": ["A", "x"], "items": [{"n": 1}, {"n": "?"}]}', SCHEMA),
        extract_fields('{"title": "b"}', SCHEMA),
        extract_fields("nothing", SCHEMA),
    ]
    table = coverage(results, SCHEMA)
    # title: two replies have it, the third has no object at all.
    assert table["title"]["EXTRACTED"] == 2 and table["title"]["LOST_REQUIRED"] == 1
    # tags: the first reply's array holds a bad element (MALFORMED); the other two lack it.
    assert table["tags"] == {
        "EXTRACTED": 0,
        "DEFAULTED": 0,
        "LOST_OPTIONAL": 2,
        "LOST_REQUIRED": 0,
        "MALFORMED": 1,
    }
    # Element rows fold to one per document, worst state first: tags[1] is MALFORMED.
    assert table["tags[]"]["MALFORMED"] == 1 and table["tags[]"]["EXTRACTED"] == 0
    assert table["items[].n"]["MALFORMED"] == 1 and sum(table["items[].n"].values()) == 1


def test_nest_rebuilds_structure() -> None:
    flat = {"a.b": 1, "tags[0]": "x", "tags[2]": "z", "items[0].n": 5}
    assert nest(flat) == {"a": {"b": 1}, "tags": ["x", "z"], "items": [{"n": 5}]}


def test_text_only_element_fills_an_object_through_its_text_field() -> None:
    schema = schema_from_dict(
        {
            "format": "XML",
            "rootName": "doc",
            "fields": [
                {
                    "name": "vibe",
                    "kind": "OBJECT",
                    "fields": [
                        {"name": "thread_id", "kind": "STRING"},
                        {"name": "text", "kind": "STRING", "required": True, "textContent": True},
                    ],
                },
                {"name": "meta", "kind": "OBJECT", "fields": [{"name": "id", "kind": "STRING"}]},
            ],
        }
    )
    # <vibe> has no attribute, so the reader gives its text as a plain string; the object still
    # reads it through its textContent field. <meta> holds only text and has no such field.
    result = extract_fields("<doc><vibe>calm</vibe><meta>m</meta></doc>", schema)
    assert dict(result.states) == {
        "vibe": "EXTRACTED",
        "vibe.thread_id": "LOST_OPTIONAL",
        "vibe.text": "EXTRACTED",
        "meta": "MALFORMED",
    }
    assert dict(result.data) == {"vibe.text": "calm"}
