"""Properties: the readers never raise on any text, classification is total and deterministic, and
the tolerant JSON reader agrees with the strict one on valid JSON."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from indexer.fields import STATES, extract_fields, jsonread, schema_from_dict, xmlread
from indexer.fields.classify import MALFORMED_STATE

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Text made of the characters the readers branch on, mixed with arbitrary Unicode.
STRUCTURE = st.sampled_from(
    list("{}[]<>/\"'\\:,=*!?-`\n \t")
    + ["//", "/*", "*/", "<!--", "-->", "<![CDATA[", "]]>", "```json\n", "```"]
)
WORDS = st.sampled_from(
    [
        "text",
        "score",
        "meta",
        "tags",
        "reply",
        "null",
        "true",
        "1e9",
        "-3.5",
        "Infinity",
        "&amp;",
        "&#x",
        "\\u12",
    ]
)
TEXT = st.one_of(
    st.text(max_size=300),
    st.lists(st.one_of(STRUCTURE, WORDS, st.text(max_size=5)), max_size=120).map("".join),
)

JSON_SCHEMA = schema_from_dict(
    {
        "format": "JSON",
        "rootName": "reply",
        "fields": [
            {"name": "text", "kind": "STRING", "required": True},
            {"name": "score", "kind": "INT", "min": 0, "max": 10, "default": "0"},
            {"name": "ratio", "kind": "DOUBLE"},
            {"name": "ok", "kind": "BOOLEAN", "required": True},
            {"name": "level", "kind": "ENUM", "enumValues": ["LOW", "HIGH"], "coerceDefault": "LOW"},
            {"name": "tags", "kind": "ENUM", "array": True, "maxItems": 2, "enumValues": ["A", "B"]},
            {
                "name": "meta",
                "kind": "OBJECT",
                "required": True,
                "fields": [{"name": "id", "kind": "LONG", "required": True}],
            },
            {
                "name": "items",
                "kind": "OBJECT",
                "array": True,
                "fields": [{"name": "label", "kind": "STRING", "required": True}],
            },
        ],
    }
)
XML_SCHEMA = schema_from_dict({**JSON_SCHEMA.to_dict(), "format": "XML"})
ROOTLESS_SCHEMA = schema_from_dict({**JSON_SCHEMA.to_dict(), "format": "XML", "rootless": True})
STRICT_SCHEMA = schema_from_dict({**JSON_SCHEMA.to_dict(), "tolerance": "STRICT"})
SCHEMAS = (JSON_SCHEMA, XML_SCHEMA, ROOTLESS_SCHEMA, STRICT_SCHEMA)


@SETTINGS
@given(TEXT)
def test_readers_never_raise(text: str) -> None:
    jsonread.select_object(text, jsonread.has_any_key(["text"], True))
    jsonread.read_value(text)
    jsonread.read_object(text)
    jsonread.fenced_bodies(text)
    xmlread.read(text, "reply", True)
    xmlread.read(text, "Reply", False)
    xmlread.read_rootless(text, True)


@SETTINGS
@given(TEXT)
def test_classification_is_total_and_deterministic(text: str) -> None:
    for schema in SCHEMAS:
        first = extract_fields(text, schema)
        again = extract_fields(text, schema)
        assert first.to_expected() == again.to_expected()
        assert list(first.states) == list(again.states)  # same order too
        # Every declared top-level field has a state; every state is one of the five.
        for spec in schema.fields:
            assert spec.name in first.states
        assert set(first.states.values()) <= set(STATES)
        # malformedRequired lists MALFORMED paths only; data only under usable paths.
        for path in first.malformed_required:
            assert first.states[path] == MALFORMED_STATE
        for path in first.data:
            assert first.states.get(path, "EXTRACTED") in ("EXTRACTED", "DEFAULTED") or "[" in path
        if first.empty:
            assert not first.data or set(first.states.values()) <= {
                "DEFAULTED",
                "LOST_REQUIRED",
                "LOST_OPTIONAL",
            }


def _as_read(value: Any) -> Any:
    """What the tolerant reader returns for a value json.dumps wrote: scalars as their text."""
    if value is None:
        return jsonread.NULL
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return json.dumps(value)
    if isinstance(value, list):
        return [_as_read(v) for v in value]
    if isinstance(value, dict):
        return {k: _as_read(v) for k, v in value.items()}
    return value


JSON_VALUES = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=20),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


@SETTINGS
@given(st.dictionaries(st.text(max_size=8), JSON_VALUES, max_size=6), st.booleans(), st.text(max_size=40))
def test_tolerant_reader_agrees_with_json_on_valid_json(obj: dict, ascii_only: bool, prose: str) -> None:
    text = json.dumps(obj, ensure_ascii=ascii_only)
    assert jsonread.read_object(text) == _as_read(obj)
    # Prose without braces before the object changes nothing.
    prose = prose.replace("{", "(").replace("}", ")")
    assert jsonread.read_object(prose + " " + text, len(prose)) == _as_read(obj)
