"""JSON (.json) and JSON Lines (.jsonl .ndjson) on the stdlib ``json`` module.

One block per top-level record: each element of a top-level array, each line of JSON Lines, each
key of a top-level object, or, for an envelope object (one key holding the array of records, such
as ``{"meta": …, "data": [{…}, …]}``), the other keys as record 0 and then each element of the
array. A record that is an object or an array becomes a LIST block rendered ``key: value`` one
line per item, nested values indented two spaces per level (``0:``, ``1:`` for array elements;
arrays of scalars inline as ``a, b``); a scalar record is a paragraph. Each block carries
``record_range`` (0-based, inclusive). A huge record stays one block: the modes split it between
its lines. Invalid JSON is never dropped: it is read as plain text (and JSON Lines keeps every line
that does parse).
"""

from __future__ import annotations

import json
from typing import Any

from ..limits import ExtractContext
from ..model import LIST, PARAGRAPH, Block, Coverage, Document, ListItem, render_list
from ..sniff import decode_text
from .registry import extractor
from .text import assemble_blocks, text_blocks

_ENVELOPE_META_NODES = 24  # how much may sit beside the records of an envelope
_MAX_DEPTH = 64  # deeper values are rendered as compact JSON on one line


def _scalar(value: Any) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, str):
        return value
    if isinstance(value, (dict, list)):  # empty container, or past the depth cap
        return _compact(value)
    return repr(value) if isinstance(value, float) else str(value)


def _compact(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    except (RecursionError, ValueError):
        return "…"


def _is_flat(value: list) -> bool:
    return all(type(v) is not dict and type(v) is not list for v in value)


def _items(value: Any, level: int, out: list[ListItem]) -> None:
    pairs = value.items() if type(value) is dict else enumerate(value)
    deeper = level < _MAX_DEPTH
    for key, v in pairs:
        kind = type(v)
        if kind is str:
            out.append(ListItem(f"{key}: {v}", level))
        elif kind is dict and v and deeper:
            out.append(ListItem(f"{key}:", level))
            _items(v, level + 1, out)
        elif kind is list and v and deeper:
            if _is_flat(v):
                out.append(ListItem(f"{key}: {', '.join(map(_scalar, v))}", level))
            else:
                out.append(ListItem(f"{key}:", level))
                _items(v, level + 1, out)
        else:
            out.append(ListItem(f"{key}: {_scalar(v)}", level))


def record_block(value: Any, first: int, last: int | None = None) -> Block:
    """The block of one record (``record_range`` = [first, last])."""
    meta = {"record_range": [first, first if last is None else last]}
    if isinstance(value, (dict, list)) and value:
        if isinstance(value, list) and _is_flat(value):
            return Block(PARAGRAPH, "\n".join(_scalar(v) for v in value), meta=meta)
        items: list[ListItem] = []
        _items(value, 0, items)
        return Block(LIST, render_list(items), items=tuple(items), meta=meta)
    return Block(PARAGRAPH, _scalar(value), meta=meta)


def _key_block(key: str, value: Any, index: int) -> Block:
    return (
        record_block({key: value}, index)
        if isinstance(value, (dict, list)) and value
        else Block(PARAGRAPH, f"{key}: {_scalar(value)}", meta={"record_range": [index, index]})
    )


def _envelope_key(obj: dict) -> str | None:
    """The key holding the records of an envelope object: the one list of objects, when everything
    beside it is small (metadata such as a version, a count or a paging cursor)."""
    best, size = None, 0
    for key, value in obj.items():
        if isinstance(value, list) and len(value) > size and all(isinstance(v, dict) for v in value):
            best, size = key, len(value)
    if best is None or size < 2 and len(obj) == 1:
        return None
    budget = _ENVELOPE_META_NODES
    for key, value in obj.items():
        if key != best:
            budget = _spend(value, budget)
            if budget < 0:
                return None
    return best


def _spend(value: Any, budget: int) -> int:
    """``budget`` less the number of nodes in ``value`` (stops early once negative)."""
    budget -= 1
    if budget >= 0 and isinstance(value, (dict, list)):
        for v in value.values() if isinstance(value, dict) else value:
            budget = _spend(v, budget)
            if budget < 0:
                break
    return budget


def json_value_blocks(value: Any) -> tuple[list[Block], dict[str, Any]]:
    """Blocks and (format-independent) metadata of one parsed JSON document."""
    blocks: list[Block] = []
    if isinstance(value, list):
        blocks = [record_block(v, i) for i, v in enumerate(value)]
        return blocks, {"record_count": len(value), "top_level": "array", "envelope_key": None}
    if isinstance(value, dict):
        envelope = _envelope_key(value)
        if envelope is not None:
            rest = {k: v for k, v in value.items() if k != envelope}
            offset = 0
            if rest:
                blocks.append(record_block(rest, 0))
                offset = 1
            records = value[envelope]
            blocks += [record_block(v, i + offset) for i, v in enumerate(records)]
            meta = {"record_count": len(records) + offset, "top_level": "object", "envelope_key": envelope}
            return blocks, meta
        blocks = [_key_block(str(k), v, i) for i, (k, v) in enumerate(value.items())]
        return blocks, {"record_count": len(value), "top_level": "object", "envelope_key": None}
    return [record_block(value, 0)], {"record_count": 1, "top_level": "scalar", "envelope_key": None}


_DECODER = json.JSONDecoder(parse_float=str, parse_constant=str)


def _loads(text: str) -> Any:
    """Parse keeping numbers as written (``1E400`` stays ``1E400``, ``54.0`` stays ``54.0``)."""
    return _DECODER.decode(text)


def decode_json(data: bytes) -> str:
    """JSON is UTF-8 (RFC 8259) unless a BOM or the NUL pattern says UTF-16/32."""
    text, encoding = decode_text(data)
    if (
        encoding.replace("_", "-").lower() in ("utf-8", "utf-8-sig")
        or encoding.startswith("utf-16")
        or (encoding.startswith("utf-32"))
    ):
        return text
    return decode_text(data, "utf-8")[0]


def _lines_blocks(text: str) -> tuple[list[Block], int, int]:
    """JSON Lines: one record per non-blank line. Returns blocks, records and invalid lines."""
    blocks: list[Block] = []
    index = bad = 0
    decode = _loads
    for line in text.split("\n"):
        if not line.strip():
            continue
        try:
            value = decode(line)
        except (ValueError, RecursionError):
            bad += 1
            blocks.append(Block(PARAGRAPH, line.strip()))
            continue
        blocks.append(record_block(value, index))
        index += 1
    return blocks, index, bad


def _invalid(source_type: str, text: str, reason: str) -> Document:
    blocks = text_blocks(text)
    return Document(
        source_type=source_type,
        blocks=tuple(blocks),
        text=text,
        metadata={"source_type": source_type, "record_count": 0, "top_level": None, "envelope_key": None},
        coverage=Coverage(warnings=(f"invalid JSON, read as text: {reason}",)),
    )


def _document(source_type: str, text: str, lines: bool) -> Document:
    if not text.strip():
        return Document(source_type=source_type, blocks=(), text=text, metadata={"source_type": source_type})
    if not lines:
        try:
            value = _loads(text)
        except RecursionError:
            return _invalid(source_type, text, "nested too deeply")
        except ValueError as exc:
            if text.lstrip()[:1] not in ("{", "[") or "\n" not in text.strip():
                return _invalid(source_type, text, str(exc))
            lines = True  # several documents, one per line: read as JSON Lines
        else:
            blocks, meta = json_value_blocks(value)
            metadata = {"source_type": source_type, **meta}
            return assemble_blocks(source_type, blocks, metadata=metadata)
    blocks, count, bad = _lines_blocks(text)
    if count == 0:
        return _invalid(source_type, text, "no line is a JSON value")
    metadata = {"source_type": source_type, "record_count": count, "top_level": "lines", "envelope_key": None}
    warnings = (f"{bad} line(s) are not JSON and were read as text",) if bad else ()
    return assemble_blocks(source_type, blocks, metadata=metadata, coverage=Coverage(warnings=warnings))


@extractor(".json", name="json", source_type="json")
def extract_json(data: bytes, ctx: ExtractContext) -> Document:
    return _document("json", decode_json(data), lines=False)


@extractor(".jsonl", name="jsonl", source_type="jsonl")
def extract_jsonl(data: bytes, ctx: ExtractContext) -> Document:
    return _document("jsonl", decode_json(data), lines=True)


@extractor(".ndjson", name="ndjson", source_type="ndjson")
def extract_ndjson(data: bytes, ctx: ExtractContext) -> Document:
    return _document("ndjson", decode_json(data), lines=True)
