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
import operator
from collections import deque
from collections.abc import Mapping, Sequence
from itertools import chain, repeat
from types import MappingProxyType
from typing import Any

from indexer.gcpause import no_cycle_collection
from indexer.model import (
    _COVERAGE_TUPLES,
    DOCUMENT,
    Block,
    Chunk,
    Coverage,
    Document,
    Image,
    ListItem,
    Skipped,
    _plain,
)
from indexer.provenance import LOCATION_KEYS

try:  # optional: a quicker writer of the stored Documents (array_document_utf8)
    import orjson as _orjson
except ImportError:
    _orjson = None

_FIELDS: dict[type, tuple[str, ...]] = {}
_NO_DEFAULT = object()
_COMPACT_FIELDS: dict[type, tuple[tuple[str, Any], ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(cls) if not (cls is Image and f.name == "data"))
        _FIELDS[cls] = names
    return names


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
_TAIL = "%s,%s,%d]".__mod__  # location, quoted content, ordinal: the end of the hashed JSON


def dumps(value: Any) -> str:
    """Canonical JSON (sorted keys, compact) of model values, as ``json.dumps`` writes their
    ``to_dict()`` form with ``sort_keys=True`` and compact separators."""
    return _canonical(value)


class ChunkIds:
    """``indexer.provenance.chunk_id`` for the chunks of one (path, mode_key), byte for byte, with
    the constant head of the hashed JSON hashed once and the content quoted by the C encoder
    directly (a test holds the two equal)."""

    def __init__(self, relative_path: str, mode_key: str) -> None:
        head = "[" + _ID_PARTS.encode(relative_path) + "," + _ID_PARTS.encode(mode_key) + ","
        self._head = hashlib.sha256(head.encode("utf-8"))

    def __call__(self, metadata: Any, content: str, ordinal: int) -> str:
        location = {k: metadata[k] for k in LOCATION_KEYS if k in metadata}
        tail = _id_parts(location) + "," + _quote(content) + "," + int.__repr__(ordinal) + "]"
        digest = self._head.copy()
        digest.update(tail.encode("utf-8"))
        return digest.hexdigest()

    def all_with_locations(self, locations: list[str], contents: list[str]) -> list[str]:
        """The ids of chunks ``0 … n-1`` given the JSON of each one's location: hashed by
        C-level maps, without a Python call per chunk."""
        tails = _tails_utf8(locations, contents)
        if tails is None:
            tails = map(
                str.encode, map(_TAIL, zip(locations, _quoted(contents), range(len(contents)), strict=True))
            )
        kind = type(self._head)
        digests = list(map(kind.copy, repeat(self._head, len(contents))))
        deque(map(kind.update, digests, tails), maxlen=0)
        return list(map(kind.hexdigest, digests))

    def with_location(self, location: str | None, content: str, ordinal: int, metadata: Any) -> str:
        """The id, given the JSON of the chunk's location (None: worked out from ``metadata``)."""
        if location is None:
            return self(metadata, content, ordinal)
        digest = self._head.copy()
        digest.update((location + "," + _quote(content) + "," + int.__repr__(ordinal) + "]").encode("utf-8"))
        return digest.hexdigest()


_TAIL_UTF8 = b"%s,%s,%d]".__mod__


def _tails_utf8(locations: list[str], contents: list[str]) -> Any:
    """The UTF-8 of each ``_TAIL`` (location, quoted content, ordinal), the contents quoted by
    ``orjson``, which escapes a string exactly as ``_quote`` does (in about half the time of
    :func:`_quoted` over the corpus chunks); None without ``orjson`` or for a content it refuses
    (a lone surrogate)."""
    if _orjson is None or set(map(type, contents)) != {str}:
        return None
    try:
        quoted = list(map(_orjson.dumps, contents))
    except TypeError:
        return None
    return map(_TAIL_UTF8, zip(map(str.encode, locations), quoted, range(len(contents)), strict=True))


def _quoted(texts: list[str]) -> Any:
    """``_quote`` of each text. Texts where no character but the newline needs escaping (a
    quote, a backslash, a control character: in UTF-8 single bytes that no other character's
    bytes use), as most chunks' are, are quoted by replacing their newlines."""
    raw = "".join(texts).encode("utf-8", "surrogatepass")
    if len(raw.translate(None, _ESCAPED_BUT_NEWLINE)) != len(raw):
        return map(_quote, texts)
    return map('"%s"'.__mod__, map(str.replace, texts, repeat("\n"), repeat("\\n")))


_ESCAPED_BUT_NEWLINE = bytes([*range(10), *range(11, 32)]) + b'"\\'


# -- the chunk rows of one (path, mode_key), a column at a time --------------------------------
#
# The chunks of one document mostly share the keys of their metadata (every row chunk of a
# table has the same dozen), and many values are the very same object in every chunk (the
# header row, the document's metadata) or simple columns of integers, strings and [first, last]
# pairs. Encoding the metadata a key at a time over all chunks of one key set (each distinct
# object once, whole columns of integers and strings by C-level maps) and joining each chunk's
# texts with the fixed text between them gives exactly the JSON the encoder gives chunk by chunk
# (sorted keys, compact), for a fraction of its cost; the ids' location JSON comes from the same
# columns.
#
# What many chunks of one chunk set hold alike is stored once, with the chunk set
# (``chunk_sets.shared``, a JSON array): first the keys every chunk holds with the same value
# (the document's metadata, a sheet's settings), then one object per distinct combination of the
# keys whose values repeat over runs of chunks (a table's header row in each of its row chunks,
# a message's sender and subject in each of its chunks, a section's heading path). Each chunk
# keeps its other keys and the number of its combination (``chunks.shared``; 0: the common keys
# only; NULL: its own JSON is the whole). The location keys (what a chunk id hashes) always stay
# in the chunk's own part. Reading a chunk merges the parts back, keys sorted as the encoder
# sorted them: the same dict, in the same order, as the whole metadata JSON gives.

_LOCATION_SET = frozenset(LOCATION_KEYS)


def _column(values: tuple[Any, ...], encode: Any) -> str | list[str]:
    """The JSON text of each value (as ``encode`` writes it), or one text when it is the same
    for every value. Integers and [first, last] pairs: the whole column encoded at once and cut
    apart; strings: quoted by a C-level map; otherwise each distinct object encoded once."""
    first = values[0]
    if all(map(operator.is_, values, repeat(first))):
        return encode(first)
    kinds = set(map(type, values))
    if kinds == {int}:
        return _id_parts(values)[1:-1].split(",")
    if kinds == {str}:
        return list(map(_quote, values))
    if kinds <= {list, tuple} and set(map(len, values)) == {2}:
        pairs = _number_lists(values)
        if pairs is not None:
            # "[[1,2],[3,4]]": pairs of integers hold no "]," of their own
            return pairs[1:-1].replace("],", "]\x00").split("\x00")
    objects = dict(zip(map(id, values), values, strict=True))  # values are alive: an id is one object
    if len(objects) * 8 <= len(values):  # a few objects shared by many chunks: each encoded once
        texts = {key: encode(v) for key, v in objects.items()}
        return list(map(texts.__getitem__, map(id, values)))
    if kinds <= {list, tuple}:
        inner = set(map(type, chain.from_iterable(values)))
        if inner <= {str} and kinds == {list}:  # lists of strings, equal ones often: each text once
            by_cells = {key: encode(list(key)) for key in set(map(tuple, values))}
            if len(by_cells) == 1:
                return by_cells.popitem()[1]
            return list(map(by_cells.__getitem__, map(tuple, values)))
    texts = {key: encode(v) for key, v in objects.items()}
    return list(map(texts.__getitem__, map(id, values)))


def _number_lists(values: tuple[Any, ...]) -> str | None:
    """The JSON of a column of lists (or tuples) when they hold integers only, else None: seen
    in the text written (nothing but digits, signs, commas and brackets, see :func:`_plain_column`,
    and one opening bracket per list: none nested) instead of in each value's type, for the line
    and row ranges of every chunk."""
    try:
        text = _id_parts(values)
    except (TypeError, ValueError):  # a value only the canonical encoder writes
        return None
    if text.encode("utf-8", "surrogatepass").translate(None, _NUMBER_LIST_BYTES):
        return None
    return text if text.count("[") == len(values) + 1 else None


def _filled(keys: list[str], encoded: list[str | list[str]], n: int) -> list[str]:
    """``{"k1":v1,"k2":v2…}`` for each of ``n`` chunks: the fixed text between the columns that
    vary (keys, and the values the same for all) made once, each chunk's text one join."""
    pieces: list[Any] = []  # fixed texts and columns, alternating
    fixed = "{"
    for i, (key, texts) in enumerate(zip(keys, encoded, strict=True)):
        fixed += ("," if i else "") + _quote(key) + ":"
        if type(texts) is str:
            fixed += texts
        else:
            pieces += [repeat(fixed), texts]
            fixed = ""
    if not pieces:
        return [fixed + "}"] * n
    pieces.append(repeat(fixed + "}"))
    return list(map("".join, zip(*pieces, strict=False)))  # the columns end it


def _key_set_columns(metas: list[Any]) -> tuple[list[str], list[tuple], list[str | list[str]]] | None:
    """(sorted keys, value columns, JSON columns) of metadata mappings that all have the same keys
    in the same order, or None when a key is not a string (left to the encoder's own rules)."""
    keys = list(metas[0])
    if set(map(type, keys)) - {str}:
        return None
    keys.sort()
    if not keys:
        return [], [], []
    get = operator.itemgetter(*keys)
    columns = list(zip(*map(get, metas), strict=True)) if len(keys) > 1 else [tuple(map(get, metas))]
    return keys, columns, [_one_text(_column(c, _canonical)) for c in columns]


def _one_text(texts: str | list[str]) -> str | list[str]:
    """One text for a column whose values are equal but not the same objects (metadata read back
    from JSON), as :func:`_column` gives for one object shared by all."""
    if type(texts) is list and texts.count(texts[0]) == len(texts):
        return texts[0]
    return texts


def _key_set_json(
    keys: list[str], columns: list[tuple], encoded: list[str | list[str]], n: int, common: frozenset[str]
) -> tuple[list[str], list[str], list[str] | None]:
    """(own metadata JSON, id location JSON, JSON of the combination of repeating keys or None) of
    ``n`` chunks of one key set, the ``common`` keys (stored once for the chunk set) in neither.
    The three together hold each chunk's keys, each written as the encoder writes the whole."""
    shared = _shared_keys(keys, encoded, n, common)
    own = [i for i, k in enumerate(keys) if i not in shared and k not in common]
    meta_json = _filled([keys[i] for i in own], [encoded[i] for i in own], n)
    shared_json = _filled([keys[i] for i in shared], [encoded[i] for i in shared], n) if shared else None
    at = [i for i, k in enumerate(keys) if k in _LOCATION_SET]
    if not at:
        return meta_json, ["{}"] * n, shared_json
    # the ids' own encoder (no fallback for odd types) wherever a column was not plain data
    located = [
        encoded[i] if _plain_column(columns[i], encoded[i]) else _column(columns[i], _id_parts) for i in at
    ]
    return meta_json, _filled([keys[i] for i in at], located, n), shared_json


def _shared_keys(
    keys: list[str], encoded: list[str | list[str]], n: int, common: frozenset[str]
) -> list[int]:
    """The keys (their positions) stored in the combinations: not common to the whole chunk set,
    not a location key, and their values so few that each distinct combination of them serves
    two chunks or more on average. The same value in every chunk of the key set always
    qualifies; of the others, those with the fewest distinct values are taken first, while the
    combinations stay few enough."""
    if n < 2:
        return []
    chosen = []
    varying = []
    for i, (key, texts) in enumerate(zip(keys, encoded, strict=True)):
        if key in _LOCATION_SET or key in common:
            continue
        if type(texts) is str:
            chosen.append(i)
        else:
            distinct = len(set(texts))
            if distinct * 2 <= n:
                varying.append((distinct, i))
    combos: list[Any] = []
    for _, i in sorted(varying):
        joined = list(zip(combos, encoded[i], strict=True)) if combos else list(encoded[i])
        if len(set(joined)) * 2 <= n:
            combos = joined
            chosen.append(i)
    return sorted(chosen)


_PLAIN_TYPES = frozenset({int, str, type(None)})
_NUMBER_LIST_BYTES = b"0123456789-,[]"


def _plain_column(values: tuple[Any, ...], texts: str | list[str]) -> bool:
    """Whether the ids' encoder writes ``values`` as the canonical encoder wrote them (``texts``).
    Texts of nothing but digits, signs, commas and brackets are integers and lists of them (a
    float, boolean, null, string or mapping writes some other character), which both encoders
    write alike: the location columns of line and row ranges, told apart in a tenth of the time
    of looking at each value's type."""
    joined = texts if type(texts) is str else "".join(texts)
    if not joined.encode("utf-8", "surrogatepass").translate(None, _NUMBER_LIST_BYTES):
        return True
    kinds = set(map(type, values))
    if kinds <= _PLAIN_TYPES:
        return True
    return kinds <= {list, tuple} and set(map(type, chain.from_iterable(values))) <= _PLAIN_TYPES


class ChunkColumns:
    """The chunk rows of one (path, mode_key) kept as columns, as stored: each chunk's id, content,
    content type, own metadata JSON and the number of its shared part (None: its own JSON is the
    whole), and the JSON of each element of the shared array (see the note above
    :func:`_column`). A pickle holds lists instead of a tuple per chunk (a worker's result crosses
    to the parent in about half the CPU time). Iterating gives the rows ``(id, ordinal, content,
    content_type, metadata JSON)`` with the whole metadata JSON, as :func:`dumps` writes it."""

    __slots__ = ("content_types", "contents", "ids", "metadata", "shared", "shared_parts")

    def __init__(
        self,
        ids: list[str],
        contents: list[str],
        content_types: list[str],
        metadata: list[str],
        shared: list[int | None] | None = None,
        shared_parts: list[str] | None = None,
    ):
        self.ids = ids
        self.contents = contents
        self.content_types = content_types
        self.metadata = metadata
        self.shared = shared if shared is not None else [None] * len(ids)
        self.shared_parts = shared_parts or []

    @classmethod
    def of_rows(cls, rows: Sequence[tuple]) -> ChunkColumns:
        return cls([r[0] for r in rows], [r[2] for r in rows], [r[3] for r in rows], [r[4] for r in rows])

    def __len__(self) -> int:
        return len(self.ids)

    def __iter__(self) -> Any:
        parts = self._merged_parts()
        whole = map(_whole_json, self.metadata, self.shared, repeat(parts))
        return zip(self.ids, range(len(self.ids)), self.contents, self.content_types, whole, strict=True)

    def __getitem__(self, i: int) -> tuple:
        return (
            self.ids[i],
            range(len(self.ids))[i],
            self.contents[i],
            self.content_types[i],
            _whole_json(self.metadata[i], self.shared[i], self._merged_parts()),
        )

    def _merged_parts(self) -> list[str]:
        return _merged_parts(self.shared_parts)

    def metadata_dicts(self) -> list[dict[str, Any]]:
        """The metadata of each chunk as the store reads it back."""
        return list(map(chunk_metadata, self.metadata, self.shared, repeat(self._merged_parts())))

    @property
    def shared_json(self) -> str | None:
        """The shared array (``chunk_sets.shared``), None when nothing is shared."""
        return shared_array(self.shared_parts)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ChunkColumns):
            other = list(other)
        return isinstance(other, list) and list(self) == other

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple:
        return (
            ChunkColumns,
            (self.ids, self.contents, self.content_types, self.metadata, self.shared, self.shared_parts),
        )

    def __repr__(self) -> str:
        return f"ChunkColumns({len(self)} rows)"

    @property
    def chars(self) -> int:
        return sum(map(len, self.contents))


def shared_array(parts: Sequence[str]) -> str | None:
    """``chunk_sets.shared``: the shared parts' JSON as a JSON array, one element to a line (no
    element's JSON holds a newline: the encoder escapes it), so that reading takes each
    element's text as it was written, without parsing the array; None for no parts."""
    return "[\n" + ",\n".join(parts) + "\n]" if parts else None


def _merged_parts(elements: Sequence[str]) -> list[str]:
    """The JSON of what each number of a shared array stands for: the common keys (0), or the
    common keys followed by a combination's (its keys unsorted: a chunk's keys are sorted when
    read)."""
    if not elements:
        return []
    common = elements[0]
    merged = [common]
    for combo in elements[1:]:
        if common == "{}" or combo == "{}":
            merged.append(combo if common == "{}" else common)
        else:
            merged.append(common[:-1] + "," + combo[1:])
    return merged


def shared_parts_of(shared: str | None) -> list[str]:
    """The JSON of what each shared part number stands for in a ``chunk_sets.shared`` array
    written by :func:`shared_array`."""
    if not shared:
        return []
    return _merged_parts([line.rstrip(",") for line in shared.split("\n")[1:-1]])


def chunk_metadata(own: str, part: int | None, parts: Sequence[str]) -> dict[str, Any]:
    """A stored chunk's metadata: its own JSON with shared part ``part`` of ``parts`` (from
    :func:`shared_parts_of`) merged in, keys in sorted order as in the whole JSON the encoder
    writes. The two objects' texts are joined and parsed at once, so no two chunks share a
    mutable value."""
    if part is None:
        return _loads(own)
    shared = parts[part]
    if own == "{}" or shared == "{}":
        meta = _loads(shared if own == "{}" else own)
    else:
        meta = _loads(own[:-1] + "," + shared[1:])
    return {k: meta[k] for k in sorted(meta)}


def _loads(text: str) -> Any:
    """``json.loads(text)``, parsed by ``orjson`` where it reads it to the same values: about half
    the time for a chunk's metadata, which is most of the time of reading chunks back. What
    ``orjson`` refuses (NaN and the infinities, deep nesting) and a text with a run of 19 digits
    or more (``orjson`` reads an integer past 64 bits as a float; no float the encoder writes
    has so many digits but a small one's, which only costs the slower parser) the standard
    parser reads."""
    if _orjson is not None and _DIGIT_RUN not in text.encode("utf-8", "surrogatepass").translate(_DIGITS):
        try:
            return _orjson.loads(text)
        except _orjson.JSONDecodeError:
            pass
    return json.loads(text)


# each ASCII digit as "0", every other byte as a space: a run of 19 digits is found by one search,
# in a sixth of the time of a regular expression
_DIGITS = bytes(48 if 48 <= b <= 57 else 32 for b in range(256))
_DIGIT_RUN = b"0" * 19


def _whole_json(own: str, part: int | None, parts: Sequence[str]) -> str:
    return own if part is None else _canonical(chunk_metadata(own, part, parts))


def chunk_rows_of(chunks: Sequence[Chunk], relative_path: str, mode_key: str) -> list[tuple]:
    """``(id, ordinal, content, content_type, metadata JSON)`` of each chunk: the ids of
    :class:`ChunkIds` and the metadata of :func:`dumps`, byte for byte (a test holds them equal)."""
    return list(chunk_columns_of(chunks, relative_path, mode_key))


def chunk_columns_of(chunks: Sequence[Chunk], relative_path: str, mode_key: str) -> ChunkColumns:
    """The rows of :func:`chunk_rows_of` as :class:`ChunkColumns`, the metadata of two or more
    chunks split into their own and shared parts."""
    ids = ChunkIds(relative_path, mode_key)
    n = len(chunks)
    if n < 2:
        return ChunkColumns.of_rows(
            [
                (ids(c.metadata, c.content, i), i, c.content, c.content_type, dumps(c.metadata))
                for i, c in enumerate(chunks)
            ]
        )
    metas = [c.metadata for c in chunks]
    contents = [c.content for c in chunks]
    meta_json, location, shared, parts = _split_metadata(metas)
    if None in location:
        out_ids = list(map(ids.with_location, location, contents, range(n), metas))
    else:
        out_ids = ids.all_with_locations(location, contents)
    return ChunkColumns(out_ids, contents, [c.content_type for c in chunks], meta_json, shared, parts)


def _split_metadata(metas: list[Any]) -> tuple[list[str], list[str | None], list[int | None], list[str]]:
    """(own metadata JSON, id location JSON or None, shared part number or None) of each
    chunk's metadata, and the JSON of each element of the shared array."""
    n = len(metas)
    meta_json: list[Any] = [None] * n
    location: list[Any] = [None] * n
    shared: list[int | None] = [None] * n
    shapes = list(map(tuple, metas))
    if shapes.count(shapes[0]) == n:
        groups = [list(range(n))]
    else:
        by_shape: dict[tuple, list[int]] = {}
        for i, shape in enumerate(shapes):
            by_shape.setdefault(shape, []).append(i)
        # one group per key set whatever the order its keys were set in: the whole JSON sorts
        # them, and migration 0014 splits that JSON, so it must find the groups made here
        by_keys: dict[tuple, list[int]] = {}
        for shape, group in by_shape.items():
            by_keys.setdefault(tuple(sorted(shape, key=repr)), []).extend(group)
        groups = [sorted(group) for group in by_keys.values()]
    split = []
    for group in groups:
        cols = _key_set_columns([metas[i] for i in group])
        if cols is None:
            for i in group:
                meta_json[i] = dumps(metas[i])
        else:
            split.append((group, cols))
    common = _common_keys(split) if sum(len(g) for g, _ in split) >= 2 else {}
    names = frozenset(common)
    parts: dict[str, int] = {}  # JSON of a combination -> its number (from 1: 0 is the common keys)
    for group, (keys, columns, encoded) in split:
        own, located, combos = _key_set_json(keys, columns, encoded, len(group), names)
        if combos is not None:
            for combo in dict.fromkeys(combos):  # numbered in order of first use
                parts.setdefault(combo, len(parts) + 1)
        if len(group) == n:  # one key set (the common case): its columns are the chunk set's
            meta_json, location = own, located
            if combos is not None:
                shared = list(map(parts.__getitem__, combos))
            elif common:
                shared = [0] * n
            continue
        for i, m, loc in zip(group, own, located, strict=True):
            meta_json[i] = m
            location[i] = loc
        if combos is not None:
            for i, number in zip(group, map(parts.__getitem__, combos), strict=True):
                shared[i] = number
        elif common:
            for i in group:
                shared[i] = 0
    if not common and not parts:
        return meta_json, location, shared, []
    head = "{" + ",".join(_quote(k) + ":" + common[k] for k in sorted(common)) + "}"
    return meta_json, location, shared, [head, *parts]


def _common_keys(split: list[tuple[list[int], tuple]]) -> dict[str, str]:
    """key -> value JSON of the keys (not location keys) every chunk of ``split`` holds with the
    same value."""
    common: dict[str, str] | None = None
    for _, (keys, _columns, encoded) in split:
        constant = {
            k: t for k, t in zip(keys, encoded, strict=True) if type(t) is str and k not in _LOCATION_SET
        }
        if common is None:
            common = constant
        else:
            common = {k: t for k, t in common.items() if constant.get(k) == t}
        if not common:
            return {}
    return common or {}


def split_stored_metadata(metas: list[dict[str, Any]]) -> tuple[list[str], list[int | None], list[str]]:
    """The metadata of a chunk set's chunks (read back from whole JSON) as the store keeps it
    now: each chunk's own JSON and shared part number, and the shared array's elements' JSON."""
    if len(metas) < 2:
        return list(map(dumps, metas)), [None] * len(metas), []
    meta_json, _, shared, parts = _split_metadata(metas)
    return meta_json, shared, parts


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


# -- the stored Document as arrays ("ajson") ----------------------------------------------------
#
# Each model object is written as the array of its field values in field order (``Image.data``
# left out), under a header naming those fields, so that reading maps values back by name and a
# field added to the model later reads as its default. A Document whose ``text`` is exactly its
# blocks' texts joined by ``TEXT_JOIN`` (what ``assemble`` builds for PDF, Office, HTML, e-mail …)
# stores ``null`` there instead of that text a second time. Building the arrays takes one C call
# per object (``operator.attrgetter``) instead of a dict per object, and the whole is about a fifth
# smaller, so compressing it is quicker too.

ARRAY_FORMAT = 1
TEXT_JOIN = "\n\n"
_ARRAY_CLASSES = (Document, Block, ListItem, Image, Skipped, Coverage)


def _stored_field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls) if not (cls is Image and f.name == "data"))


_ARRAY_NAMES = {cls: _stored_field_names(cls) for cls in _ARRAY_CLASSES}
_ARRAY_GET = {cls: operator.attrgetter(*names) for cls, names in _ARRAY_NAMES.items()}
_ARRAY_HEADER = {
    "format": ARRAY_FORMAT,
    "text_join": TEXT_JOIN,
    "fields": {cls.__name__: list(names) for cls, names in _ARRAY_NAMES.items()},
}
_TEXT_AT = _ARRAY_NAMES[Document].index("text")


_BLOCK_GET = _ARRAY_GET[Block]
_ITEM_GET = _ARRAY_GET[ListItem]
_BLOCK_ITEMS = _ARRAY_NAMES[Block].index("items")
_BLOCK_META = _ARRAY_NAMES[Block].index("meta")
_NO_META: dict[str, Any] = {}  # written as {} like an empty read-only mapping; never changed


def _array_default(obj: Any) -> Any:
    if type(obj) is Block:
        # a block's list items as arrays by one C-level map, and an empty meta as {}: the encoder
        # would otherwise call back here for each item and for the meta (over 250,000 calls for
        # the corpus, whose Markdown and JSON documents hold long lists)
        values = _BLOCK_GET(obj)
        items = values[_BLOCK_ITEMS]
        if items or not values[_BLOCK_META]:
            values = list(values)
            if items:
                values[_BLOCK_ITEMS] = list(map(_ITEM_GET, items))
            if not values[_BLOCK_META]:
                values[_BLOCK_META] = _NO_META
        return values
    get = _ARRAY_GET.get(type(obj))
    if get is not None:
        return get(obj)
    t = type(obj)
    if t is MappingProxyType:
        return dict(obj)
    if t is bytes:
        return None
    converted = _plain(obj)
    if converted is obj:
        raise TypeError(f"cannot store a {t.__name__} as JSON")
    return converted


_array_encode = _one_shot(
    json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False), _array_default
)


def _array_values(doc: Document) -> list[Any]:
    values = list(_ARRAY_GET[Document](doc))
    if doc.text == TEXT_JOIN.join([b.text for b in doc.blocks]):
        values[_TEXT_AT] = None  # rebuilt from the blocks when read
    return [_ARRAY_HEADER, values]


def array_document_json(doc: Document) -> str:
    """``doc`` in the stored array form; :func:`document_from_array_json` reads it back to the
    Document that ``Document.from_json`` makes of :func:`compact_document_json`."""
    return _array_encode(_array_values(doc))


def array_document_utf8(doc: Document) -> bytes | None:
    """:func:`array_document_json` encoded as UTF-8, byte for byte, written by ``orjson`` (about a
    quarter of the standard encoder's CPU time on the corpus Documents, and no str of the whole
    JSON beside the bytes); None where ``orjson`` is not installed or may not write ``doc`` as the
    standard encoder does. ``orjson`` writes strings, integers, lists and mappings of string keys
    alike; it writes some floats differently (NaN as ``null``, ``1e-05`` as ``0.00001``) and
    accepts some types the standard encoder refuses (dates, enums). The model's typed fields hold
    neither; its free-form mappings (document, block and image metadata) could, so a Document
    whose mappings hold anything but strings, integers, booleans, None, lists, tuples and
    mappings of string keys is left to the standard encoder, as is one ``orjson`` refuses (an
    integer past 64 bits, a lone surrogate)."""
    if _orjson is None:
        return None
    try:
        return _orjson.dumps(
            _array_values(doc), default=_orjson_default, option=_orjson.OPT_PASSTHROUGH_DATACLASS
        )
    except TypeError:  # orjson's own refusals (JSONEncodeError) and a mapping not known plain
        return None


_PLAIN_LEAVES = frozenset({str, int, bool, type(None)})
_PLAIN_CONTAINERS = frozenset({dict, MappingProxyType, list, tuple})


class _NotPlain(TypeError):
    """A free-form mapping holds a value that ``orjson`` might write unlike the standard encoder."""


def _plain_mapping(mapping: Mapping[Any, Any]) -> bool:
    """Every key of ``mapping`` a str and every value, nested, a str, int, bool, None, list,
    tuple or such a mapping (exact types)."""
    if set(map(type, mapping)) - {str}:
        return False
    kinds = set(map(type, mapping.values()))
    if kinds <= _PLAIN_LEAVES:
        return True
    if kinds - _PLAIN_LEAVES - _PLAIN_CONTAINERS:
        return False
    return all(map(_plain_value, mapping.values()))


def _plain_value(value: Any) -> bool:
    t = type(value)
    if t in _PLAIN_LEAVES:
        return True
    if t is list or t is tuple:
        kinds = set(map(type, value))
        if kinds <= _PLAIN_LEAVES:
            return True
        return not (kinds - _PLAIN_LEAVES - _PLAIN_CONTAINERS) and all(map(_plain_value, value))
    if t is dict or t is MappingProxyType:
        return _plain_mapping(value)
    return False


def _orjson_default(obj: Any) -> Any:
    if type(obj) is MappingProxyType:
        if not _plain_mapping(obj):
            raise _NotPlain
        return dict(obj)
    return _array_default(obj)


def _named(cls: type, names: list[str], values: list[Any]) -> dict[str, Any]:
    known = _ARRAY_NAMES[cls]
    return {n: v for n, v in zip(names, values, strict=True) if n in known}


_B = {name: i for i, name in enumerate(_ARRAY_NAMES[Block])}


def _block_values(v: list[Any]) -> list[Any]:
    """A stored block's values (in the current field order) made into what ``Block`` holds."""
    items = v[_B["items"]]
    v[_B["items"]] = tuple([ListItem(*i) for i in items]) if items else ()
    rows = v[_B["rows"]]
    v[_B["rows"]] = tuple(map(tuple, rows)) if rows else ()
    for name in ("header", "lines"):
        if v[_B[name]] is not None:
            v[_B[name]] = tuple(v[_B[name]])
    v[_B["row_numbers"]] = tuple(v[_B["row_numbers"]])
    v[_B["images"]] = tuple(v[_B["images"]])
    if v[_B["meta"]] is None:
        v[_B["meta"]] = {}
    return v


def _blocks_from(fields: dict[str, list[str]], raw_blocks: list[list[Any]]) -> list[Block]:
    if tuple(fields["Block"]) == _ARRAY_NAMES[Block] and tuple(fields["ListItem"]) == _ARRAY_NAMES[ListItem]:
        # written with the model's current fields (the common case): positional
        return [Block(*_block_values(b)) for b in raw_blocks]
    # written with other fields: by name, a field unknown now left out, one missing left to its default
    blocks = []
    for raw_block in raw_blocks:
        b = _named(Block, fields["Block"], raw_block)
        b["items"] = tuple(ListItem(**_named(ListItem, fields["ListItem"], i)) for i in b.get("items") or ())
        b["rows"] = tuple(tuple(r) for r in b.get("rows") or ())
        for name in ("header", "lines"):
            if b.get(name) is not None:
                b[name] = tuple(b[name])
        for name in ("row_numbers", "images"):
            b[name] = tuple(b.get(name) or ())
        if b.get("meta") is None:
            b.pop("meta", None)
        blocks.append(Block(**b))
    return blocks


def document_from_array_json(raw: str | bytes, images: Mapping[str, bytes] | None = None) -> Document:
    """The Document stored by :func:`array_document_json` (``images``: name → bytes, from the store)."""
    with no_cycle_collection():  # many small acyclic lists and blocks: nothing for it to free
        return _document_from_arrays(raw, images)


def _document_from_arrays(raw: str | bytes, images: Mapping[str, bytes] | None) -> Document:
    header, values = json.loads(raw)
    if header.get("format") != ARRAY_FORMAT:
        raise ValueError(f"unknown stored document format {header.get('format')!r}")
    fields = header["fields"]
    d = _named(Document, fields["Document"], values)
    blocks = _blocks_from(fields, d["blocks"])
    imgs = []
    for raw_image in d.get("images", ()):
        im = _named(Image, fields["Image"], raw_image)
        if im.get("meta") is None:
            im.pop("meta", None)
        imgs.append(Image(data=(images or {}).get(im["name"], b""), **im))
    cov = _named(Coverage, fields["Coverage"], d["coverage"]) if d.get("coverage") is not None else {}
    cov["skipped"] = tuple(Skipped(**_named(Skipped, fields["Skipped"], s)) for s in cov.get("skipped", ()))
    for name in _COVERAGE_TUPLES:
        if cov.get(name) is not None:
            cov[name] = tuple(cov[name])
    text = d.get("text")
    if text is None:
        text = header["text_join"].join(b.text for b in blocks)
    return Document(
        source_type=d["source_type"],
        blocks=tuple(blocks),
        text=text,
        family=d.get("family", DOCUMENT),
        images=tuple(imgs),
        metadata=d.get("metadata") or {},
        coverage=Coverage(**cov),
        images_at_anchor=d.get("images_at_anchor", False),
    )
