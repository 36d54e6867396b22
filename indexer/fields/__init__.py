"""Structured field extraction (SPEC §9): typed fields out of a model's reply, tolerantly.

>>> from indexer.fields import extract_fields, schema_from_dict
>>> schema = schema_from_dict({"format": "JSON", "rootName": "answer",
...     "fields": [{"name": "score", "kind": "INT", "required": True, "max": 10}]})
>>> result = extract_fields('Sure! {"score": "42"}', schema)
>>> result.states["score"], result.data["score"]
('EXTRACTED', 10)
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import Any

from . import jsonread, xmlread
from .classify import (
    DEFAULTED,
    EXTRACTED,
    LOST_OPTIONAL,
    LOST_REQUIRED,
    MALFORMED_STATE,
    STATES,
    FieldResult,
    RequiredFieldsMissing,
    classify,
    nest,
)
from .schema import FieldSpec, Schema, SchemaError, load_schema, parse_schema, schema_from_dict

MALFORMED = MALFORMED_STATE

__all__ = [
    "DEFAULTED",
    "EXTRACTED",
    "LOST_OPTIONAL",
    "LOST_REQUIRED",
    "MALFORMED",
    "STATES",
    "Coverage",
    "FieldResult",
    "FieldSpec",
    "RequiredFieldsMissing",
    "Schema",
    "SchemaError",
    "coverage",
    "extract_fields",
    "load_schema",
    "nest",
    "parse_schema",
    "read_raw",
    "schema_from_dict",
]


def read_raw(text: str, schema: Schema) -> tuple[bool, dict[str, Any]]:
    """(found, raw fields) as the schema's reader sees the reply; found is False when the reply
    holds no payload at all (no object, no root element)."""
    if text is None:
        text = ""
    if schema.format == "JSON":
        names = [f.name for f in schema.fields]
        sel = jsonread.select_object(text, jsonread.has_any_key(names, schema.case_insensitive))
        return sel.found, sel.obj
    if schema.rootless:
        return xmlread.read_rootless(text, schema.case_insensitive)
    return xmlread.read(text, schema.root_name, schema.case_insensitive)


def extract_fields(text: str, schema: Schema | Mapping[str, Any] | str | os.PathLike[str]) -> FieldResult:
    """Classify every declared field of ``schema`` in ``text``. Never raises for any text (a bad
    schema given as a dict or a path raises :class:`SchemaError` before any text is read)."""
    if not isinstance(schema, Schema):
        schema = schema_from_dict(schema) if isinstance(schema, Mapping) else load_schema(schema)
    found, raw = read_raw(text, schema)
    empty = not found or (not raw and not (text or "").strip())
    return classify(raw, schema, empty=empty)


Coverage = dict[str, dict[str, int]]


def coverage(results: Iterable[FieldResult], schema: Schema | None = None) -> Coverage:
    """Per field path, how many results put it in each state. Array element paths are folded
    (``tags[3]`` → ``tags[]``, ``items[1].label`` → ``items[].label``) so the table has one row
    per declared field; declared fields come first, in schema order."""
    table: dict[str, dict[str, int]] = {}
    if schema is not None:
        for path in schema.paths():
            table[path] = dict.fromkeys(STATES, 0)
    for result in results:
        seen: dict[str, str] = {}
        for path, state in result.states.items():
            folded = _fold(path)
            # An array of objects contributes each folded path once per document: the worst state
            # of its elements (MALFORMED > LOST_REQUIRED > LOST_OPTIONAL > DEFAULTED > EXTRACTED).
            prev = seen.get(folded)
            if prev is None or _RANK[state] > _RANK[prev]:
                seen[folded] = state
        for folded, state in seen.items():
            row = table.setdefault(folded, dict.fromkeys(STATES, 0))
            row[state] += 1
    return table


_RANK = {EXTRACTED: 0, DEFAULTED: 1, LOST_OPTIONAL: 2, LOST_REQUIRED: 3, MALFORMED_STATE: 4}


def _fold(path: str) -> str:
    out = []
    i = 0
    while i < len(path):
        c = path[i]
        if c == "[":
            j = path.find("]", i)
            out.append("[]")
            i = len(path) if j < 0 else j + 1
            continue
        out.append(c)
        i += 1
    return "".join(out)


def summary(result: FieldResult) -> Mapping[str, int]:
    return result.counts()
