"""Schema loading: the corpus form becomes frozen dataclasses; bad schemas are clear typed errors."""

from __future__ import annotations

import dataclasses
import json

import pytest

from indexer import errors
from indexer.fields import SchemaError, load_schema, parse_schema, schema_from_dict

GOOD = {
    "format": "JSON",
    "rootName": "doc",
    "tolerance": "strict",
    "fields": [
        {"name": "title", "kind": "STRING", "required": True},
        {"name": "n", "kind": "INT", "min": 0, "max": 5, "default": "2"},
        {
            "name": "status",
            "kind": "ENUM",
            "enumValues": ["OPEN", "DONE"],
            "enumAlias": {"wip": "OPEN"},
            "normalize": "collapse",
            "coerceDefault": "OPEN",
        },
        {
            "name": "meta",
            "kind": "OBJECT",
            "array": True,
            "minItems": 1,
            "fields": [{"name": "id", "kind": "LONG"}],
        },
    ],
}


def test_good_schema_loads_into_frozen_dataclasses() -> None:
    schema = schema_from_dict(GOOD)
    assert (schema.format, schema.root_name, schema.tolerance) == ("JSON", "doc", "STRICT")
    title, n, status, meta = schema.fields
    assert title.required and not n.required
    assert (n.min, n.max, n.default) == (0, 5, 2)  # the default "2" is read as an INT
    assert status.enum_alias == (("wip", "OPEN"),) and status.normalize == "collapse"
    assert meta.array and meta.min_items == 1 and meta.fields[0].kind == "LONG"
    assert status.coerce_default == "OPEN" and title.normalize == "strip"
    with pytest.raises(dataclasses.FrozenInstanceError):
        title.name = "x"  # type: ignore[misc]
    assert schema.paths() == ["title", "n", "status", "meta", "meta[].id"]


def test_round_trip_and_digest_ignore_layout() -> None:
    schema = schema_from_dict(GOOD)
    again = schema_from_dict(schema.to_dict())
    assert again == schema
    assert parse_schema(json.dumps(GOOD, indent=4)).digest() == parse_schema(json.dumps(GOOD)).digest()
    changed = json.loads(json.dumps(GOOD))
    changed["fields"][0]["required"] = False
    assert schema_from_dict(changed).digest() != schema.digest()


@pytest.mark.parametrize(
    ("patch", "path", "words"),
    [
        ({"format": "YAML"}, "", "format must be one of JSON, XML"),
        ({"fields": []}, "", "fields is empty"),
        ({"fields": "title"}, "", "fields must be a list"),
        ({"colour": 1}, "", "unknown key(s) colour"),
        ({"fields": [{"kind": "STRING"}]}, "", "needs a name"),
        ({"fields": [{"name": "a"}]}, "a", "kind is missing"),
        ({"fields": [{"name": "a", "kind": "DECIMAL"}]}, "a", "kind must be one of"),
        ({"fields": [{"name": "a", "kind": "ENUM"}]}, "a", "enumValues"),
        (
            {"fields": [{"name": "a", "kind": "ENUM", "enumValues": ["X"], "default": "Y"}]},
            "a",
            "not a member",
        ),
        (
            {"fields": [{"name": "a", "kind": "ENUM", "enumValues": ["X"], "enumAlias": {"y": "Z"}}]},
            "a",
            "not a member",
        ),
        ({"fields": [{"name": "a", "kind": "INT", "default": "many"}]}, "a", "not a valid INT"),
        ({"fields": [{"name": "a", "kind": "STRING", "min": 1}]}, "a", "min/max apply to INT"),
        ({"fields": [{"name": "a", "kind": "INT", "min": 5, "max": 1}]}, "a", "greater than max"),
        ({"fields": [{"name": "a", "kind": "STRING", "maxItems": 2}]}, "a", "need array: true"),
        ({"fields": [{"name": "a", "kind": "STRING", "coerceDefault": "x"}]}, "a", "ENUM fields only"),
        ({"fields": [{"name": "a", "kind": "OBJECT"}]}, "a", "fields must be a list"),
        (
            {"fields": [{"name": "a", "kind": "OBJECT", "fields": [{"name": "b", "kind": "NOPE"}]}]},
            "a.b",
            "kind",
        ),
        ({"fields": [{"name": "a", "kind": "STRING"}, {"name": "A", "kind": "INT"}]}, "", "declared twice"),
        (
            {"fields": [{"name": "a", "kind": "STRING", "required": "yes"}]},
            "a",
            "required must be true or false",
        ),
        ({"format": "XML", "rootName": ""}, "", "rootName"),
    ],
)
def test_bad_schemas_are_typed_errors(patch: dict, path: str, words: str) -> None:
    data = {**GOOD, **patch}
    with pytest.raises(SchemaError) as info:
        schema_from_dict(data)
    assert info.value.path == path
    assert words in str(info.value)
    assert info.value.code == errors.INVALID_ARGUMENT


def test_schema_files(tmp_path) -> None:
    with pytest.raises(errors.SourceIOError):
        load_schema(tmp_path / "absent.json")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "JSON",', encoding="utf-8")
    with pytest.raises(SchemaError, match="not valid JSON"):
        load_schema(bad)
    good = tmp_path / "review.json"
    good.write_text(json.dumps(GOOD), encoding="utf-8")
    assert load_schema(good).name == "review"
