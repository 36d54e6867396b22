"""Classifying every declared field of a reply, and the result those classifications form.

States (the corpus's vocabulary):

- ``EXTRACTED``: present and coerced to its kind (a clamp or an enum normalisation still counts);
- ``DEFAULTED``: absent with a schema ``default``, or present but uncoercible with an ENUM's
  ``coerceDefault``; a default satisfies ``required``;
- ``LOST_OPTIONAL`` / ``LOST_REQUIRED``: absent (or the JSON ``null`` literal) with no default;
- ``MALFORMED``: present but unusable (wrong shape, uncoercible, cut off, array bounds broken).

Paths are dotted (``meta.score``) with indexed array elements (``tags[0]``, ``items[1].label``).
ENUM array elements are classified one by one; the elements of an array of objects are
classified through their fields (and an element that is not an object is itself MALFORMED);
the elements of other scalar arrays are not listed (the array's own state covers them).

``data`` holds the canonical value of every usable scalar under its flattened path. An array
keeps each usable element under its original index, also when the array as a whole is
MALFORMED (the corpus's partial-extraction rule), so ``data`` and ``states`` always agree on
what ``tags[1]`` is.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from indexer import errors

from .coerce import MALFORMED, Coerced, coerce
from .jsonread import NULL, TRUNCATED
from .schema import FieldSpec, Schema
from .xmlread import TEXT_KEY

EXTRACTED = "EXTRACTED"
DEFAULTED = "DEFAULTED"
LOST_OPTIONAL = "LOST_OPTIONAL"
LOST_REQUIRED = "LOST_REQUIRED"
MALFORMED_STATE = "MALFORMED"
STATES = (EXTRACTED, DEFAULTED, LOST_OPTIONAL, LOST_REQUIRED, MALFORMED_STATE)

_ABSENT = object()


class RequiredFieldsMissing(errors.ParseError):
    """The strict gate: a required field was lost or malformed."""

    def __init__(self, lost_required: tuple[str, ...], malformed_required: tuple[str, ...]) -> None:
        parts = []
        if lost_required:
            parts.append("missing required " + ", ".join(lost_required))
        if malformed_required:
            parts.append("malformed required " + ", ".join(malformed_required))
        super().__init__("; ".join(parts) or "required fields missing")
        self.lost_required = lost_required
        self.malformed_required = malformed_required


@dataclass(frozen=True)
class FieldResult:
    """The classification of one reply against one schema."""

    empty: bool
    states: Mapping[str, str]
    data: Mapping[str, Any]
    malformed_required: tuple[str, ...] = ()
    lost_required: tuple[str, ...] = ()
    defaulted_required: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for name in ("states", "data"):
            value = getattr(self, name)
            if not isinstance(value, MappingProxyType):
                object.__setattr__(self, name, MappingProxyType(dict(value)))

    @property
    def ok(self) -> bool:
        """True when the strict gate passes (no required field lost or malformed)."""
        return not self.lost_required and not self.malformed_required

    def or_raise(self) -> FieldResult:
        """Return self, or raise :class:`RequiredFieldsMissing` when the strict gate fails."""
        if not self.ok:
            raise RequiredFieldsMissing(self.lost_required, self.malformed_required)
        return self

    def data_or_raise(self) -> dict[str, Any]:
        return dict(self.or_raise().data)

    def counts(self) -> dict[str, int]:
        out = dict.fromkeys(STATES, 0)
        for state in self.states.values():
            out[state] += 1
        return out

    def to_expected(self) -> dict[str, Any]:
        """Exactly the corpus's ``expected.json`` form."""
        return {
            "empty": self.empty,
            "states": dict(self.states),
            "malformedRequired": list(self.malformed_required),
            "data": dict(self.data),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_expected(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_expected(cls, raw: Mapping[str, Any]) -> FieldResult:
        states = dict(raw.get("states") or {})
        return cls(
            empty=bool(raw.get("empty")),
            states=states,
            data=dict(raw.get("data") or {}),
            malformed_required=tuple(raw.get("malformedRequired") or ()),
            lost_required=tuple(raw.get("lostRequired") or ()),
        )


class _Walk:
    __slots__ = ("strict", "ci", "states", "data", "malformed_req", "lost_req", "defaulted_req")

    def __init__(self, schema: Schema) -> None:
        self.strict = schema.tolerance == "STRICT"
        self.ci = schema.case_insensitive
        self.states: dict[str, str] = {}
        self.data: dict[str, Any] = {}
        self.malformed_req: list[str] = []
        self.lost_req: list[str] = []
        self.defaulted_req: list[str] = []

    def set(self, path: str, state: str, spec: FieldSpec | None) -> None:
        self.states[path] = state
        if spec is None or not spec.required:
            return
        if state == MALFORMED_STATE:
            self.malformed_req.append(path)
        elif state == LOST_REQUIRED:
            self.lost_req.append(path)

    def lookup(self, raw: Mapping[str, Any], spec: FieldSpec, lowered: dict[str, str] | None) -> Any:
        if spec.text_content:
            return raw.get(TEXT_KEY, _ABSENT)
        if spec.name in raw:
            return raw[spec.name]
        if lowered is not None:
            key = lowered.get(spec.name.lower())
            if key is not None:
                return raw[key]
        return _ABSENT

    def fields(self, specs: tuple[FieldSpec, ...], raw: Mapping[str, Any], prefix: str) -> None:
        lowered = None
        if self.ci and raw:
            lowered = {}
            for key in raw:
                lowered.setdefault(key.lower(), key)
        for spec in specs:
            path = f"{prefix}{spec.name}"
            present = self.lookup(raw, spec, lowered)
            if present is _ABSENT or present is NULL:
                if present is _ABSENT and spec.default is not None:
                    self.data[path] = spec.default
                    self.set(path, DEFAULTED, spec)
                    if spec.required:
                        self.defaulted_req.append(path)
                else:
                    self.set(path, LOST_REQUIRED if spec.required else LOST_OPTIONAL, spec)
                continue
            if present is TRUNCATED:
                self.set(path, MALFORMED_STATE, spec)
                continue
            if spec.array:
                self.array(spec, present, path)
                continue
            if isinstance(present, list):
                self.set(path, MALFORMED_STATE, spec)
                continue
            if spec.kind == "OBJECT":
                self.states[path] = EXTRACTED  # placeholder keeps the parent before its fields
            state = self.one(spec, present, path)
            self.set(path, state, spec)

    def array(self, spec: FieldSpec, present: Any, path: str) -> None:
        elements = present if isinstance(present, list) else [present]
        self.states[path] = EXTRACTED  # placeholder keeps the parent before its elements
        broken = False
        if spec.max_items is not None and len(elements) > spec.max_items:
            if self.strict:
                broken = True
            else:
                elements = elements[: spec.max_items]
        if spec.min_items is not None and len(elements) < spec.min_items:
            broken = True
        for index, element in enumerate(elements):
            element_path = f"{path}[{index}]"
            if isinstance(element, list):
                state = MALFORMED_STATE
            else:
                state = self.one(spec, element, element_path)
            if state == MALFORMED_STATE:
                broken = True
            if spec.kind == "ENUM" or (spec.kind == "OBJECT" and state == MALFORMED_STATE):
                self.states[element_path] = state
        self.set(path, MALFORMED_STATE if broken else EXTRACTED, spec)

    def one(self, spec: FieldSpec, present: Any, path: str) -> str:
        """Classify one value (a scalar field, or one array element) and record its data."""
        if present is NULL or present is TRUNCATED:
            return MALFORMED_STATE
        if spec.kind == "OBJECT":
            if isinstance(present, str) and any(f.text_content for f in spec.fields):
                present = {TEXT_KEY: present}  # an XML element with only text, read by its text field
            if not isinstance(present, Mapping):
                return MALFORMED_STATE
            self.fields(spec.fields, present, path + ".")
            return EXTRACTED
        if isinstance(present, Mapping):
            text = present.get(TEXT_KEY)
            if not isinstance(text, str):
                return MALFORMED_STATE  # only child elements: not a scalar
            present = text
        if not isinstance(present, str):
            return MALFORMED_STATE
        result = coerce(present, spec, strict=self.strict)
        if result is MALFORMED or not isinstance(result, Coerced):
            return MALFORMED_STATE
        self.data[path] = result.value
        return DEFAULTED if result.defaulted else EXTRACTED


def classify(raw: Mapping[str, Any], schema: Schema, *, empty: bool) -> FieldResult:
    """Classify the fields ``raw`` (a reader's output) holds for ``schema``."""
    walk = _Walk(schema)
    walk.fields(schema.fields, raw, "")
    return FieldResult(
        empty=empty,
        states=walk.states,
        data=walk.data,
        malformed_required=tuple(walk.malformed_req),
        lost_required=tuple(walk.lost_req),
        defaulted_required=tuple(walk.defaulted_req),
    )


def nest(flat: Mapping[str, Any]) -> dict[str, Any]:
    """Rebuild nested data from flattened paths (``meta.score``, ``tags[0]``); array holes left by
    unusable elements are dropped, so lists hold only usable values in order."""
    root: dict[str, Any] = {}
    for path, value in flat.items():
        node: Any = root
        parts = _split(path)
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            if last:
                node[part] = value
            else:
                node = node.setdefault(part, {})
    return _lists(root)


def _split(path: str) -> list[str | int]:
    out: list[str | int] = []
    for dotted in path.split("."):
        name, _, rest = dotted.partition("[")
        if name:
            out.append(name)
        while rest:
            index, _, rest = rest.partition("]")
            out.append(int(index))
            rest = rest[1:] if rest.startswith("[") else rest
    return out


def _lists(node: Any) -> Any:
    if isinstance(node, dict):
        if node and all(isinstance(k, int) for k in node):
            return [_lists(node[k]) for k in sorted(node)]
        return {k: _lists(v) for k, v in node.items()}
    return node
