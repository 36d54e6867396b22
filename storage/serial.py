"""Fast plain-data conversion of Documents and chunks for storage.

The same output as ``Document.to_json()`` and ``Chunk.to_dict()`` (a test holds them equal), with
the common cases (strings, numbers, tuples, dicts) tested by exact type first: indexing a corpus
converts millions of values, and the generic path's abstract-class checks dominated the workers'
time.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import json.encoder
from types import MappingProxyType
from typing import Any

from indexer.model import Chunk, Document, Image, _plain

_SCALARS = (str, int, float, bool, type(None))
_FIELDS: dict[type, tuple[str, ...]] = {}
_NO_DEFAULT = object()
_COMPACT_FIELDS: dict[type, tuple[tuple[str, Any], ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(cls) if not (cls is Image and f.name == "data"))
        _FIELDS[cls] = names
    return names


def plain(obj: Any) -> Any:
    t = type(obj)
    if t in _SCALARS:
        return obj
    if t is tuple or t is list:
        return [plain(v) for v in obj]
    if t is dict or t is MappingProxyType:
        return {str(k): plain(v) for k, v in obj.items()}
    if t is bytes:
        return None
    if hasattr(t, "__dataclass_fields__"):
        return {name: plain(getattr(obj, name)) for name in _field_names(t)}
    return _plain(obj)  # anything unusual: the model's own rules


def _default(obj: Any) -> Any:
    """What the JSON encoder cannot write itself: read-only mappings, dataclasses, bytes."""
    t = type(obj)
    if t is MappingProxyType:
        return dict(obj)
    if t is bytes:
        return None
    if hasattr(t, "__dataclass_fields__"):
        return {name: getattr(obj, name) for name in _field_names(t)}
    converted = _plain(obj)
    if converted is obj:
        raise TypeError(f"cannot store a {t.__name__} as JSON")
    return converted


_CANONICAL = json.JSONEncoder(
    default=_default, ensure_ascii=False, sort_keys=True, separators=(",", ":"), check_circular=False
)
_ID_PARTS = json.JSONEncoder(ensure_ascii=False, sort_keys=True, separators=(",", ":"))
_quote = json.encoder.encode_basestring  # the C string encoder json.dumps uses (ensure_ascii=False)


def _one_shot(encoder: json.JSONEncoder, default: Any = None) -> Any:
    """``encoder.encode`` for non-string values, with the C encoder made once instead of at every
    call (``JSONEncoder.encode`` builds it, and a closure, each time: a third of the cost of a
    chunk's small metadata dict). The same arguments as ``iterencode(_one_shot=True)`` passes it;
    falls back to ``encoder.encode`` where the C accelerator is absent."""
    make = json.encoder.c_make_encoder
    if make is None:
        return encoder.encode
    c_encode = make(
        None,  # no circular-reference markers (check_circular=False)
        default,
        _quote,
        None,
        encoder.key_separator,
        encoder.item_separator,
        encoder.sort_keys,
        encoder.skipkeys,
        encoder.allow_nan,
    )
    join = "".join

    def encode(value: Any) -> str:
        if type(value) is str:
            return _quote(value)
        return join(c_encode(value, 0))

    return encode


_canonical = _one_shot(_CANONICAL, _default)
_id_parts = _one_shot(_ID_PARTS)
_LOCATION_KEYS = (
    "source_lines",
    "page_number",
    "message_index",
    "sheet_name",
    "row_range",
    "slide_number",
    "record_range",
)


def dumps(value: Any) -> str:
    """Canonical JSON (sorted keys, compact) of model values, as ``json.dumps(plain(value))``."""
    return _canonical(value)


class ChunkIds:
    """``indexer.provenance.chunk_id`` for the chunks of one (path, mode_key), byte for byte, with
    the constant head of the hashed JSON hashed once and the content quoted by the C encoder
    directly (a test holds the two equal)."""

    def __init__(self, relative_path: str, mode_key: str) -> None:
        head = "[" + _ID_PARTS.encode(relative_path) + "," + _ID_PARTS.encode(mode_key) + ","
        self._head = hashlib.sha256(head.encode("utf-8"))

    def __call__(self, metadata: Any, content: str, ordinal: int) -> str:
        location = {k: metadata[k] for k in _LOCATION_KEYS if k in metadata}
        tail = _id_parts(location) + "," + _quote(content) + "," + int.__repr__(ordinal) + "]"
        digest = self._head.copy()
        digest.update(tail.encode("utf-8"))
        return digest.hexdigest()


def document_json(doc: Document) -> str:
    """Exactly ``doc.to_json()``."""
    return dumps(doc)


def _compact_fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """(name, default) of the fields of a model dataclass that are stored (not ``Image.data``)."""
    spec = _COMPACT_FIELDS.get(cls)
    if spec is None:
        out = []
        for f in dataclasses.fields(cls):
            if cls is Image and f.name == "data":
                continue
            if f.default is not dataclasses.MISSING:
                default = f.default
            elif f.default_factory is not dataclasses.MISSING:
                default = f.default_factory()
            else:
                default = _NO_DEFAULT
            out.append((f.name, default))
        spec = _COMPACT_FIELDS[cls] = tuple(out)
    return spec


def _compact_default(obj: Any) -> Any:
    """Like :func:`_default`, leaving out every dataclass field that holds its default value."""
    t = type(obj)
    if t is MappingProxyType:
        return dict(obj)
    if t is bytes:
        return None
    if hasattr(t, "__dataclass_fields__"):
        out = {}
        for name, default in _compact_fields(t):
            value = getattr(obj, name)
            # same type and equal: 0 stays apart from False, () from None
            if value is default or (type(value) is type(default) and value == default):
                continue
            out[name] = value
        return out
    converted = _plain(obj)
    if converted is obj:
        raise TypeError(f"cannot store a {t.__name__} as JSON")
    return converted


_COMPACT_ENCODER = json.JSONEncoder(
    default=_compact_default, ensure_ascii=False, separators=(",", ":"), check_circular=False
)


def compact_document_json(doc: Document) -> str:
    """``doc`` as JSON without the fields that hold their defaults (most of a Block's), keys in
    field order: what the store keeps. ``Document.from_json`` reads it back to an equal Document
    (it fills the defaults in), and it is about half the work of :func:`document_json`."""
    return _COMPACT_ENCODER.encode(doc)


def chunk_dict(chunk: Chunk) -> dict[str, Any]:
    """Exactly ``chunk.to_dict()``."""
    return {"content": chunk.content, "content_type": chunk.content_type, "metadata": plain(chunk.metadata)}
