"""The field schema: what to extract from a reply, loaded from the corpus's ``schema.json`` form.

A schema is a tree of frozen :class:`FieldSpec` values under a :class:`Schema`. Loading validates
everything a later step relies on (known kinds, enum defaults that are members, numeric bounds
that parse, nested fields only on OBJECT), so extraction itself never meets a bad schema. Every
problem is a :class:`SchemaError` naming the offending field by its dotted path.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from indexer import errors

KINDS = ("STRING", "INT", "LONG", "DOUBLE", "BOOLEAN", "ENUM", "OBJECT")
NUMERIC_KINDS = ("INT", "LONG", "DOUBLE")
FORMATS = ("JSON", "XML")
TOLERANCES = ("STRICT", "NORMAL", "LOOSE")
NORMALIZE_MODES = ("none", "collapse", "strip")

_FIELD_KEYS = frozenset(
    {
        "name",
        "kind",
        "required",
        "array",
        "minItems",
        "maxItems",
        "min",
        "max",
        "enumValues",
        "enumAlias",
        "normalize",
        "coerceDefault",
        "default",
        "fields",
        "textContent",
    }
)
_SCHEMA_KEYS = frozenset({"format", "rootName", "fields", "tolerance", "rootless", "name", "$comment"})
MAX_SCHEMA_DEPTH = 64


class SchemaError(errors.InvalidArgument):
    """A schema that cannot be used; ``path`` names the field (dotted) or ``""`` for the top."""

    def __init__(self, message: str, *, path: str = "") -> None:
        super().__init__(f"schema: {path}: {message}" if path else f"schema: {message}")
        self.path = path


@dataclass(frozen=True)
class FieldSpec:
    name: str
    kind: str
    required: bool = False
    array: bool = False
    min_items: int | None = None
    max_items: int | None = None
    min: float | None = None
    max: float | None = None
    enum_values: tuple[str, ...] = ()
    enum_alias: tuple[tuple[str, str], ...] = ()
    normalize: str = "strip"
    coerce_default: str | None = None
    default: Any = None  # already coerced to the field's kind; None = no default
    fields: tuple[FieldSpec, ...] = ()
    text_content: bool = False

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "required": self.required}
        if self.array:
            out["array"] = True
        for key, value in (
            ("minItems", self.min_items),
            ("maxItems", self.max_items),
            ("min", self.min),
            ("max", self.max),
            ("coerceDefault", self.coerce_default),
        ):
            if value is not None:
                out[key] = value
        if self.kind == "ENUM":
            out["enumValues"] = list(self.enum_values)
            out["normalize"] = self.normalize
            if self.enum_alias:
                out["enumAlias"] = dict(self.enum_alias)
        if self.default is not None:
            out["default"] = self.default
        if self.fields:
            out["fields"] = [f.to_dict() for f in self.fields]
        if self.text_content:
            out["textContent"] = True
        return out


@dataclass(frozen=True)
class Schema:
    format: str
    root_name: str
    fields: tuple[FieldSpec, ...]
    tolerance: str = "NORMAL"
    rootless: bool = False
    name: str = ""

    @property
    def case_insensitive(self) -> bool:
        return self.tolerance != "STRICT"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": self.format, "rootName": self.root_name}
        if self.tolerance != "NORMAL":
            out["tolerance"] = self.tolerance
        if self.rootless:
            out["rootless"] = True
        out["fields"] = [f.to_dict() for f in self.fields]
        return out

    def digest(self) -> str:
        """A short stable hash of the schema's meaning (not of its file's whitespace)."""
        canon = json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(canon.encode("utf-8")).hexdigest()[:16]

    def paths(self) -> list[str]:
        """Every declared field as a dotted path (arrays of objects as ``items[].label``)."""
        out: list[str] = []

        def walk(fields: tuple[FieldSpec, ...], prefix: str) -> None:
            for f in fields:
                path = f"{prefix}{f.name}"
                out.append(path)
                if f.fields:
                    walk(f.fields, path + ("[]." if f.array else "."))

        walk(self.fields, "")
        return out


# -- loading ---------------------------------------------------------------------------------------


def load_schema(source: str | os.PathLike[str] | Path) -> Schema:
    """Read a ``schema.json`` file."""
    path = Path(source)
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise errors.SourceIOError(f"schema file not found: {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise errors.SourceIOError(f"cannot read schema {path}: {exc}") from None
    schema = parse_schema(raw)
    if not schema.name:
        schema = Schema(
            format=schema.format,
            root_name=schema.root_name,
            fields=schema.fields,
            tolerance=schema.tolerance,
            rootless=schema.rootless,
            name=path.stem if path.stem != "schema" else (path.parent.name or path.stem),
        )
    return schema


def parse_schema(text: str) -> Schema:
    """Parse schema JSON text (strict JSON: a schema is written by a person, not a model)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SchemaError(f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    return schema_from_dict(data)


def schema_from_dict(data: Any) -> Schema:
    if not isinstance(data, Mapping):
        raise SchemaError(f"the top level must be an object, not {_type_name(data)}")
    unknown = sorted(set(data) - _SCHEMA_KEYS)
    if unknown:
        raise SchemaError(f"unknown key(s) {', '.join(unknown)} (known: {', '.join(sorted(_SCHEMA_KEYS))})")
    fmt = _choice(data.get("format", "JSON"), FORMATS, "format", "", upper=True)
    root = data.get("rootName", "")
    if not isinstance(root, str):
        raise SchemaError("rootName must be a string")
    tolerance = _choice(data.get("tolerance", "NORMAL"), TOLERANCES, "tolerance", "", upper=True)
    rootless = _bool(data.get("rootless", False), "rootless", "")
    if fmt == "XML" and not rootless and not _is_xml_name(root):
        raise SchemaError(f"an XML schema needs rootName to be an element name (got {root!r})")
    name = data.get("name", "")
    if not isinstance(name, str):
        raise SchemaError("name must be a string")
    fields = _fields(data.get("fields"), "", 0)
    return Schema(
        format=fmt, root_name=root, fields=fields, tolerance=tolerance, rootless=rootless, name=name
    )


def _fields(raw: Any, prefix: str, depth: int) -> tuple[FieldSpec, ...]:
    where = prefix or "fields"
    if depth > MAX_SCHEMA_DEPTH:
        raise SchemaError(f"nested deeper than {MAX_SCHEMA_DEPTH} levels", path=prefix)
    if not isinstance(raw, list):
        raise SchemaError(f"fields must be a list, not {_type_name(raw)}", path=prefix)
    if not raw:
        raise SchemaError("fields is empty", path=prefix)
    out = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        spec = _field(item, prefix, i, depth)
        if spec.name.lower() in seen:
            raise SchemaError(f"field {spec.name!r} declared twice in {where}", path=prefix)
        seen.add(spec.name.lower())
        out.append(spec)
    return tuple(out)


def _field(raw: Any, prefix: str, index: int, depth: int) -> FieldSpec:
    if not isinstance(raw, Mapping):
        raise SchemaError(f"field #{index} must be an object, not {_type_name(raw)}", path=prefix)
    name = raw.get("name")
    if not isinstance(name, str) or not name or not _is_field_name(name):
        raise SchemaError(
            f"field #{index} needs a name of letters, digits, '_', '-' (got {name!r})", path=prefix
        )
    path = f"{prefix}.{name}" if prefix else name
    unknown = sorted(set(raw) - _FIELD_KEYS)
    if unknown:
        raise SchemaError(f"unknown key(s) {', '.join(unknown)}", path=path)
    if "kind" not in raw:
        raise SchemaError("kind is missing", path=path)
    kind = _choice(raw["kind"], KINDS, "kind", path, upper=True)
    required = _bool(raw.get("required", False), "required", path)
    array = _bool(raw.get("array", False), "array", path)
    text_content = _bool(raw.get("textContent", False), "textContent", path)
    min_items = _count(raw.get("minItems"), "minItems", path)
    max_items = _count(raw.get("maxItems"), "maxItems", path)
    if (min_items is not None or max_items is not None) and not array:
        raise SchemaError("minItems/maxItems need array: true", path=path)
    if min_items is not None and max_items is not None and min_items > max_items:
        raise SchemaError(f"minItems {min_items} is greater than maxItems {max_items}", path=path)
    lo = _number(raw.get("min"), "min", path)
    hi = _number(raw.get("max"), "max", path)
    if (lo is not None or hi is not None) and kind not in NUMERIC_KINDS:
        raise SchemaError(f"min/max apply to INT, LONG, DOUBLE, not {kind}", path=path)
    if lo is not None and hi is not None and lo > hi:
        raise SchemaError(f"min {lo} is greater than max {hi}", path=path)

    enum_values: tuple[str, ...] = ()
    enum_alias: tuple[tuple[str, str], ...] = ()
    normalize = "strip"
    coerce_default = None
    if kind == "ENUM":
        values = raw.get("enumValues")
        if not isinstance(values, list) or not values or not all(isinstance(v, str) and v for v in values):
            raise SchemaError("an ENUM needs enumValues: a non-empty list of non-empty strings", path=path)
        if len(set(values)) != len(values):
            raise SchemaError("enumValues has duplicates", path=path)
        enum_values = tuple(values)
        alias = raw.get("enumAlias", {})
        if not isinstance(alias, Mapping):
            raise SchemaError("enumAlias must be an object {synonym: MEMBER}", path=path)
        for key, target in alias.items():
            if not isinstance(target, str) or target not in enum_values:
                raise SchemaError(f"enumAlias {key!r} points to {target!r}, not a member", path=path)
        enum_alias = tuple((str(k), v) for k, v in alias.items())
        normalize = _choice(raw.get("normalize", "strip"), NORMALIZE_MODES, "normalize", path, upper=False)
        cd = raw.get("coerceDefault")
        if cd is not None:
            if cd not in enum_values:
                raise SchemaError(f"coerceDefault {cd!r} is not a member of enumValues", path=path)
            coerce_default = cd
    else:
        for key in ("enumValues", "enumAlias", "normalize", "coerceDefault"):
            if key in raw:
                raise SchemaError(f"{key} applies to ENUM fields only, not {kind}", path=path)

    nested: tuple[FieldSpec, ...] = ()
    if kind == "OBJECT":
        nested = _fields(raw.get("fields"), path, depth + 1)
    elif "fields" in raw:
        raise SchemaError(f"nested fields apply to OBJECT only, not {kind}", path=path)

    default = None
    if "default" in raw and raw["default"] is not None:
        if kind == "OBJECT" or array:
            raise SchemaError("default applies to scalar fields only (not OBJECT or arrays)", path=path)
        default = _default(raw["default"], kind, enum_values, path)

    return FieldSpec(
        name=name,
        kind=kind,
        required=required,
        array=array,
        min_items=min_items,
        max_items=max_items,
        min=lo,
        max=hi,
        enum_values=enum_values,
        enum_alias=enum_alias,
        normalize=normalize,
        coerce_default=coerce_default,
        default=default,
        fields=nested,
        text_content=text_content,
    )


def _default(raw: Any, kind: str, enum_values: tuple[str, ...], path: str) -> Any:
    from .coerce import MALFORMED, coerce_literal

    if kind == "ENUM":
        if raw not in enum_values:
            raise SchemaError(f"default {raw!r} is not a member of enumValues", path=path)
        return raw
    text = raw if isinstance(raw, str) else json.dumps(raw)
    value = coerce_literal(text, kind)
    if value is MALFORMED:
        raise SchemaError(f"default {raw!r} is not a valid {kind}", path=path)
    return value


def _choice(raw: Any, allowed: tuple[str, ...], key: str, path: str, *, upper: bool) -> str:
    if isinstance(raw, str):
        value = raw.upper() if upper else raw.lower()
        if value in allowed:
            return value
    raise SchemaError(f"{key} must be one of {', '.join(allowed)} (got {raw!r})", path=path)


def _bool(raw: Any, key: str, path: str) -> bool:
    if isinstance(raw, bool):
        return raw
    raise SchemaError(f"{key} must be true or false (got {raw!r})", path=path)


def _count(raw: Any, key: str, path: str) -> int | None:
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, int) or raw < 0:
        raise SchemaError(f"{key} must be a whole number ≥ 0 (got {raw!r})", path=path)
    return raw


def _number(raw: Any, key: str, path: str) -> float | None:
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, (int, float)) or not math.isfinite(raw):
        raise SchemaError(f"{key} must be a finite number (got {raw!r})", path=path)
    return raw


def _is_field_name(name: str) -> bool:
    return all(ch.isalnum() or ch in "_-:" for ch in name) and not name[0].isdigit()


def _is_xml_name(name: str) -> bool:
    return bool(name) and _is_field_name(name) and (name[0].isalpha() or name[0] == "_")


def _type_name(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "a string", type(None): "null"}.get(
        type(value), type(value).__name__
    )
