"""JSON (.json) and JSON Lines (.jsonl .ndjson) on the stdlib ``json`` module.

One block per top-level record: each element of a top-level array, each line of JSON Lines, each
key of a top-level object, or, for an envelope object (one key holding the array of records, such
as ``{"meta": …, "data": [{…}, …]}``), the other keys as record 0, then the envelope's key as a
heading (not a record), then each element of the array. A record that is an object or an array
becomes a LIST block rendered ``key: value`` one line per item, nested values indented two spaces
per level (``0:``, ``1:`` for array elements; arrays of scalars inline as ``a, b``; the later
lines of a multi-line string two spaces under its key); a scalar record is a paragraph. A key
given twice keeps both values. Each block carries ``record_range`` (0-based, inclusive). A huge
record stays one block: the modes split it between its lines. A lone surrogate (``\\ud83d``
without its pair) reads as U+FFFD. Invalid JSON is never dropped: it is read as plain text (and
JSON Lines keeps every line that does parse).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from itertools import accumulate, compress, repeat
from operator import add
from types import MappingProxyType
from typing import Any

from .._fast import new_items
from ..gcpause import no_cycle_collection
from ..limits import ExtractContext
from ..model import HEADING, LIST, PARAGRAPH, Block, Coverage, Document, ListItem
from ..sniff import decode_text
from .registry import extractor
from .text import new_block, text_blocks

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
    return all(type(v) is not dict and type(v) is not list and type(v) is not _Pairs for v in value)


class _Pairs(dict):
    """An object with a key given more than once: the dict keeps the last value (as ``json``
    does), ``pairs`` and ``items()`` every key and value in order, so that no value is lost. The
    ``json`` encoder writes a dict through its ``items()``, so a value rendered as compact JSON
    (past the depth cap) keeps the repeated key too."""

    __slots__ = ("pairs",)

    def __init__(self, pairs: list[tuple[str, Any]]) -> None:
        super().__init__(pairs)
        self.pairs = pairs

    def items(self) -> Any:
        return self.pairs


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object from its pairs: a dict, or :class:`_Pairs` when a key repeats."""
    obj = dict(pairs)
    return obj if len(obj) == len(pairs) else _Pairs(pairs)


_NO_META: dict[str, Any] = {}
_INDENTS = tuple("  " * level for level in range(_MAX_DEPTH + 2))


def _flattener(records: _Records) -> Callable[[Any, int], None]:
    """``flatten(value, level)``: the items of a container, appended to ``records.refs`` as indices
    into the document's distinct items (text and level; a repeated ``topic: biology`` is one item,
    one object). A closure over the document's lists, so that the call made for every nested
    container starts with nothing to look up."""
    caches = records.caches
    ref = records.refs.append
    texts, levels = records.item_texts, records.item_levels
    new_text, new_level = texts.append, levels.append

    def flatten(value: Any, level: int) -> None:
        if level == len(caches):
            caches.append({})
        cache = caches[level]
        known = cache.get
        deeper = level < _MAX_DEPTH
        kind = type(value)
        pairs = value.items() if kind is dict else value.pairs if kind is _Pairs else enumerate(value)
        for key, v in pairs:
            kind = type(v)
            nested = False
            if kind is str or kind is int:
                text = f"{key}: {v}"
            elif (kind is dict or kind is _Pairs) and v and deeper:
                text, nested = f"{key}:", True
            elif kind is list and v and deeper:
                head = type(v[0])
                if head is dict or head is list or head is _Pairs:  # a list of records
                    text, nested = f"{key}:", True
                else:
                    try:  # a list of strings (tags …): joined in one call
                        text = f"{key}: {', '.join(v)}"
                    except TypeError:
                        if _is_flat(v):
                            text = f"{key}: {', '.join(map(_scalar, v))}"
                        else:
                            text, nested = f"{key}:", True
            elif not v and (kind is list or kind is dict):
                text = f"{key}: []" if kind is list else f"{key}: {{}}"
            else:
                text = f"{key}: {_scalar(v)}"
            index = known(text)
            if index is None:
                index = cache[text] = len(texts)
                new_text(text)
                new_level(level)
            ref(index)
            if nested:
                flatten(v, level + 1)

    return flatten


class _Records:
    """The records of a document as they are read: a scalar record or a flat array is a paragraph
    (its text); a container is a list whose items are kept once per distinct text and level for
    the whole document, so that the items are made and their lines rendered all at once."""

    __slots__ = (
        "kinds",
        "texts",
        "spans",
        "metas",
        "caches",
        "refs",
        "item_texts",
        "item_levels",
        "flatten",
        "titled",
    )

    def __init__(self) -> None:
        self.kinds: list[str] = []
        self.texts: list[str | None] = []
        self.spans: list[tuple[int, int]] = []
        self.metas: list[Any] = []
        self.caches: list[dict[str, int]] = []  # per level: item text -> its index
        self.refs: list[int] = []  # the items of every list record, in order
        self.item_texts: list[str] = []
        self.item_levels: list[int] = []
        self.flatten = _flattener(self)
        self.titled = False  # whether a heading (an envelope's key) is among the records

    def add(self, value: Any, first: int, last: int | None = None) -> None:
        meta = MappingProxyType({"record_range": [first, first if last is None else last]})
        if isinstance(value, (dict, list)) and value:
            if isinstance(value, list) and _is_flat(value):
                self.paragraph("\n".join(_scalar(v) for v in value), meta)
                return
            start = len(self.refs)
            self.flatten(value, 0)
            self.kinds.append(LIST)
            self.texts.append(None)
            self.spans.append((start, len(self.refs)))
            self.metas.append(meta)
            return
        self.paragraph(_scalar(value), meta)

    def mend_surrogates(self) -> None:
        """Each lone surrogate (a ``\\ud83d`` escape whose pair was cut off) in the texts as
        U+FFFD: a text holding one is no Unicode, which no UTF-8 writer takes."""
        self.item_texts = list(map(mended, self.item_texts))
        self.texts = [t if t is None else mended(t) for t in self.texts]

    def heading(self, text: str) -> None:
        """A level-1 heading before the records it names (an envelope's key); not a record."""
        self.kinds.append(HEADING)
        self.texts.append(text)
        self.spans.append((0, 0))
        self.metas.append(_NO_META)
        self.titled = True

    def paragraph(self, text: str, meta: Any) -> None:
        self.kinds.append(PARAGRAPH)
        self.texts.append(text)
        self.spans.append((0, 0))
        self.metas.append(meta)

    def blocks(self, numbered: bool = True) -> list[Block]:
        """The blocks, in order, numbered as their texts are joined by blank lines (1-based);
        records with an empty or blank text are left out. ``numbered=False``: every record's block, made
        by the constructor, without lines."""
        texts, levels = self.item_texts, self.item_levels
        distinct = new_items(texts, levels)
        lines = list(map(add, map(_INDENTS.__getitem__, levels), texts)) if any(levels) else texts
        if "\n" in "".join(texts):  # a string over several lines: its lines under its key
            lines = list(lines)
            for i, text in enumerate(texts):
                if "\n" in text:
                    indent = _INDENTS[levels[i] + 1]
                    lines[i] = lines[i].replace("\n", "\n" + indent)
        items = list(map(distinct.__getitem__, self.refs))
        lines = list(map(lines.__getitem__, self.refs))
        # per record: its items and lines (a paragraph's span is empty), its text
        spans = list(map(slice, *zip(*self.spans, strict=True))) if self.spans else []
        record_items = list(map(tuple, map(items.__getitem__, spans)))
        joined = map("\n".join, map(lines.__getitem__, spans))
        record_texts = [j if t is None else t for t, j in zip(self.texts, joined, strict=True)]
        kinds, metas = self.kinds, self.metas
        if not numbered:
            return [
                Block(kind, text, int(kind is HEADING), items=its, meta=meta)
                for kind, text, its, meta in zip(kinds, record_texts, record_items, metas, strict=True)
            ]
        levels: Any = [int(kind is HEADING) for kind in kinds] if self.titled else repeat(0)
        keep = list(map(bool, map(str.strip, record_texts)))  # a blank string record is no block
        if not all(keep):
            kinds, record_texts, record_items, metas = (
                list(compress(kinds, keep)),
                list(compress(record_texts, keep)),
                list(compress(record_items, keep)),
                list(compress(metas, keep)),
            )
            if self.titled:
                levels = list(compress(levels, keep))
        newlines = list(map(str.count, record_texts, repeat("\n")))
        firsts = list(accumulate(map(add, newlines, repeat(2)), initial=1))
        numbers = list(zip(firsts, map(add, firsts, newlines), strict=False))  # firsts has one more
        return _make_blocks(kinds, record_texts, levels, numbers, record_items, metas)


def _make_blocks(
    kinds: list[str],
    texts: list[str],
    levels: Any,
    numbers: list[tuple[int, int]],
    items: list[tuple[ListItem, ...]],
    metas: list[Any],
) -> list[Block]:
    """``[new_block(kind, text, level, lines, items, meta) …]``."""
    return list(map(new_block, kinds, texts, levels, numbers, items, metas))


def _key_record(records: _Records, key: str, value: Any, index: int) -> None:
    if isinstance(value, (dict, list)) and value:
        records.add({key: value}, index)
    else:
        records.paragraph(f"{key}: {_scalar(value)}", MappingProxyType({"record_range": [index, index]}))


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
    records, meta = _value_records(value)
    return records.blocks(numbered=False), meta


def _value_records(value: Any) -> tuple[_Records, dict[str, Any]]:
    records = _Records()
    if isinstance(value, list):
        for i, v in enumerate(value):
            records.add(v, i)
        return records, {"record_count": len(value), "top_level": "array", "envelope_key": None}
    if isinstance(value, dict):
        envelope = _envelope_key(value) if type(value) is dict else None
        if envelope is not None:
            rest = {k: v for k, v in value.items() if k != envelope}
            offset = 0
            if rest:
                records.add(rest, 0)
                offset = 1
            records.heading(envelope)  # the key names the records: "Statement" is searchable
            inner = value[envelope]
            for i, v in enumerate(inner):
                records.add(v, i + offset)
            meta = {"record_count": len(inner) + offset, "top_level": "object", "envelope_key": envelope}
            return records, meta
        pairs = list(value.items())
        for i, (k, v) in enumerate(pairs):
            _key_record(records, str(k), v, i)
        return records, {"record_count": len(pairs), "top_level": "object", "envelope_key": None}
    records.add(value, 0)
    return records, {"record_count": 1, "top_level": "scalar", "envelope_key": None}


def _assemble(source_type: str, records: _Records, source: str, **kwargs: Any) -> Document:
    """:func:`.text.assemble_blocks` for records: each block is made once, with its lines. When no
    record holds any text (``{}``, ``[]``, ``""``), the JSON as written is the one paragraph."""
    blocks = records.blocks()
    if not blocks:
        written = source.strip()
        blocks = [new_block(PARAGRAPH, written, 0, (1, 1 + written.count("\n")))]
    text = "\n\n".join([b.text for b in blocks])
    return Document(source_type=source_type, blocks=tuple(blocks), text=text, **kwargs)


#: numbers kept as written; a key given twice keeps both values (RFC 8259 leaves it open)
_DECODER = json.JSONDecoder(parse_float=str, parse_constant=str, object_pairs_hook=_object)


_SCAN = _DECODER.scan_once
_SPACE = json.decoder.WHITESPACE.match
#: a character of a UTF-16 surrogate pair: alone in a string (as a \u escape gives it, its pair
#: cut off), no Unicode; ``json`` joins the pairs it reads
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


#: a surrogate's escape in a JSON text (a pattern opening with a literal is searched fast)
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def escapes_surrogate(text: str) -> bool:
    """Whether a JSON text may escape a surrogate (``\\ud83d``): the cheap test before the values
    read from it are looked at for a lone one."""
    return _SURROGATE_ESCAPE.search(text) is not None


def mended(text: str) -> str:
    """The text with each lone surrogate U+FFFD (:data:`_LONE_SURROGATE`)."""
    return _LONE_SURROGATE.sub("\ufffd", text)


def _loads(text: str) -> Any:
    """Parse keeping numbers as written (``1E400`` stays ``1E400``, ``54.0`` stays ``54.0``)."""
    return _DECODER.decode(text)


def decode_json(data: bytes) -> str:
    """JSON is UTF-8 (RFC 8259) unless a BOM or the NUL pattern says UTF-16/32
    (:func:`~indexer.sniff.unicode_encoding`, which looks at nothing more). Bytes that are not
    UTF-8 are judged as a text file's are (:func:`~indexer.sniff.detect_encoding`): UTF-8 with a
    few damaged bytes (each U+FFFD), else the legacy code page that reads them (a file a Windows
    program saved as "ANSI": "Besançon" in windows-1252 was read "Besan\ufffdon")."""
    return decode_text(data)[0]


def _lines_records(text: str) -> tuple[_Records, int, int]:
    """JSON Lines: one record per non-blank line. Returns records, their count and invalid lines."""
    records = _Records()
    index = bad = 0
    scan, space, add_record, flatten = _SCAN, _SPACE, records.add, records.flatten
    refs = records.refs
    new_kind, new_text, new_span, new_meta = (
        records.kinds.append,
        records.texts.append,
        records.spans.append,
        records.metas.append,
    )
    for line in text.split("\n"):
        if not line.strip():
            continue
        try:  # what JSONDecoder.decode does, without its two wrapper layers per line
            value, end = scan(line, space(line, 0).end() if line[0] in " \t\r" else 0)
            if end != len(line) and space(line, end).end() != len(line):
                raise ValueError("extra data")
        except (StopIteration, ValueError, RecursionError):
            bad += 1
            records.paragraph(line.strip(), _NO_META)
            continue
        if type(value) is dict and value:  # records.add(value, index) for the usual record
            start = len(refs)
            flatten(value, 0)
            new_kind(LIST)
            new_text(None)
            new_span((start, len(refs)))
            new_meta(MappingProxyType({"record_range": [index, index]}))
        else:
            add_record(value, index)
        index += 1
    return records, index, bad


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
    with no_cycle_collection():
        return _read_document(source_type, text, lines)


def _read_document(source_type: str, text: str, lines: bool) -> Document:
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
            records, meta = _value_records(value)
            if escapes_surrogate(text):
                records.mend_surrogates()
            metadata = {"source_type": source_type, **meta}
            return _assemble(source_type, records, text, metadata=metadata)
    records, count, bad = _lines_records(text)
    if escapes_surrogate(text):
        records.mend_surrogates()
    if count == 0:
        return _invalid(source_type, text, "no line is a JSON value")
    metadata = {"source_type": source_type, "record_count": count, "top_level": "lines", "envelope_key": None}
    warnings = (f"{bad} line(s) are not JSON and were read as text",) if bad else ()
    return _assemble(source_type, records, text, metadata=metadata, coverage=Coverage(warnings=warnings))


@extractor(
    ".json",
    name="json",
    version="14",  # 2: repeated keys keep every value; lines of a multi-line string under its key;
    # invalid JSON read as text keeps wrapped list lines with their item; envelope key a heading
    # 3: a key repeated deeper than the depth cap keeps every value in its compact JSON; a
    # document whose records hold no text ({}, [], "") is its JSON as written
    # 4: invalid JSON read as text has no heading in capitals or after "#" where most lines are code
    # 5: invalid JSON read as text keeps its lines' indentation in steps (text 8)
    # 6: a lone surrogate (a \ud83d escape whose pair was cut off) read as U+FFFD
    # 7: legacy text without a BOM or charset read in the code page that reads it cleanly
    # (windows-1250, windows-1251, KOI8-R, Shift_JIS, EUC-JP …), not always as windows-1252
    source_type="json",
    # 8: a plain text's ordered items keep the numbers typed before them (text 11)
    # 9: invalid JSON read as text: soft hyphens (U+00AD) left out (text 12)
    # 10: legacy text without a BOM or charset: Polish with only ę and ń, Hungarian, Turkish
    # (windows-1254), Hebrew (windows-1255), ISO-8859-2 and kanji-only EUC-JP read in their code page
    # 11: bytes that are not UTF-8 read in the legacy code page that reads them (were damaged UTF-8, each
    # letter beyond ASCII U+FFFD), UTF-8 with a few damaged bytes still UTF-8; UTF-32 without a BOM
    # read as UTF-32 (was UTF-8, three NULs after each character)
    # legacy text without a BOM or charset: Ukrainian in KOI8-U, Persian in windows-1256 (پ چ ژ گ, the
    # Arabic question mark and comma, the zero-width non-joiner), Greek in capitals without accents read
    # in their code page
    # legacy text: a word opened by ð or ğ, an ì or ù before a letter, a þ after a vowel:
    # signs of a wrong reading ("Šeštadienį", "České Budějovice", "Kadıköy, Beşiktaş" in
    # windows-1257, -1250, -1254 no longer windows-1252)
    # 12: legacy text without a BOM or charset: Greek capitals no longer read as KOI8-R, whose small Russian
    # letters then show я or й before a vowel, г or гс closing a word after a consonant, оу closing a word:
    # signs of a wrong reading, as are a Croatian đ opening a word before no vowel, a Romanian ţ before a
    # consonant and an ò closing a word after a vowel ("ΠΡΟΣΟΧΗ", "Šiauliai", "Şişli", "Plzeň" in
    # windows-1253, -1257, -1254, -1250 no longer KOI8-R, windows-1250, -1250, -1252);
    # legacy text: an œ closing a word or before w, r, m, z, a Polish ś, ź or ń before a vowel: signs of a
    # wrong reading (Polish "Wyświetla informację", "wartości" in windows-1250 no longer windows-1252, French
    # "cœur", "mœurs" in windows-1252 no longer windows-1250);
    # legacy text: a Slovak ť or Ť, a č, an è, an æ, an ê, an œ after a vowel and an ã met where their
    # languages do not write them: signs of a wrong reading (French "système" and German and French « » in
    # windows-1252 no longer windows-1250 or ISO-8859-2; Croatian "način", "će", Polish "narzędzia", "być",
    # Romanian "următorul", "dacă" in windows-1250 no longer windows-1252); Icelandic letters costed by their
    # frequency (Turkish "Ayrıntılı" in windows-1254 no longer windows-1252);
    # legacy text: an õ, an û, an ø, an ì and an è met where their languages do not write them: signs of a
    # wrong reading (Hungarian "mező", "betűi", Czech "při", "volitelně", "účty", "členové" in windows-1250 no
    # longer windows-1252); Icelandic costing more than the other languages of windows-1252 (Turkish
    # "kullanıldığında" in windows-1254 no longer windows-1252)
    # 13: legacy text: six Cyrillic consonants in a row, an ы or ь opening a word or after a vowel, a й after
    # a consonant, a ъ closing a word, a Greek ϊ or ϋ after no vowel, a Greek ψ or ρ closing a word after a
    # consonant, a Hebrew כ, מ, נ, פ or צ closing a word and a × or ÷ beside a letter beyond ASCII: signs of a
    # wrong reading (Russian "программой", "это", "без" in KOI8-R no longer windows-1251, "запускаться" no
    # longer windows-1253, "все" no longer windows-1252; Ukrainian "майбутня", "щодо" and Serbian "опште",
    # "тачно" in windows-1251 no longer KOI8-R, windows-1255, KOI8-R, windows-1252);
    # legacy text without a BOM or charset: a ý after c, j or y, a þ after c or before i and a vowel, an ê
    # after j, k or w, a ţ closing a word after an i that opens it or follows a vowel and a letter, a ē before
    # a vowel, an ã closing a word after nt, ct, ps or pl and a Hebrew point on a Latin letter: signs of a
    # wrong reading (Turkish "dosyayı", "geniş", "seçeneği" in windows-1254 no longer windows-1252, -1250,
    # -1257; Romanian "acţiune", "curentă" and Polish "opcję" in windows-1250 no longer windows-1252; Spanish
    # "despuÃ" in windows-1252 no longer windows-1255)
    # legacy text without a BOM or charset: a þ after a vowel and before a vowel, r, j or v is no longer a
    # sign of a wrong reading in a word with an é, í, ó, ú or an á or æ before a letter (Icelandic "óþekkt",
    # "íþrótt", "milliþjóns", "Táknmyndaþema" in windows-1252 no longer windows-1250, -1257 or -1254); an î
    # before b, g, j, k, p, v, z or a d not before j, and an â before a d and a vowel but e are signs of a
    # wrong reading (Latvian "darbību", "derīgs", "kādu" in windows-1257 no longer windows-1252)
    # text that is no JSON: a list item of soft hyphens alone an empty item, no blank line in the list's
    # text (text 17)
    # 14: legacy text without a BOM or charset: Hebrew stored in visual order (each word reversed, opening
    # with its final letter) read in windows-1255, its final letters no longer signs of a wrong reading there;
    # a geresh or gershayim after a Hebrew letter no longer a stray sign ("ארה״ב", "ראה דו״ח מס׳ 12", "ג׳ירפה
    # וצ׳יפס" and visual "ץבוקה תא חותפל ןתינ אל" in windows-1255 no longer windows-1256, windows-1251,
    # GB18030 or KOI8-R)
    # legacy text without a BOM or charset: a small э, щ or ч closing a word after two capitals and a word of
    # four small Cyrillic consonants or more (no р, no ъ) are signs of a wrong reading (Greek "μετά",
    # "περιοχή", "Ρόλος" in windows-1253 no longer KOI8-R or windows-1251)
)
def extract_json(data: bytes, ctx: ExtractContext) -> Document:
    return _document("json", decode_json(data), lines=False)


@extractor(
    ".jsonl",
    name="jsonl",
    version="14",  # 2: repeated keys keep every value; lines of a multi-line string under its key;
    # invalid JSON read as text keeps wrapped list lines with their item
    # 3: a key repeated deeper than the depth cap keeps every value in its compact JSON; a
    # document whose records hold no text ({}, [], "") is its JSON as written
    # 4: invalid JSON read as text has no heading in capitals or after "#" where most lines are code
    # 5: invalid JSON read as text keeps its lines' indentation in steps (text 8)
    # 6: a lone surrogate (a \ud83d escape whose pair was cut off) read as U+FFFD
    # 7: legacy text without a BOM or charset read in the code page that reads it cleanly
    # (windows-1250, windows-1251, KOI8-R, Shift_JIS, EUC-JP …), not always as windows-1252
    source_type="jsonl",
    # 8: a plain text's ordered items keep the numbers typed before them (text 11)
    # 9: invalid JSON read as text: soft hyphens (U+00AD) left out (text 12)
    # 10: legacy text without a BOM or charset: Polish with only ę and ń, Hungarian, Turkish
    # (windows-1254), Hebrew (windows-1255), ISO-8859-2 and kanji-only EUC-JP read in their code page
    # 11: bytes that are not UTF-8 read in the legacy code page that reads them (were damaged UTF-8, each
    # letter beyond ASCII U+FFFD), UTF-8 with a few damaged bytes still UTF-8; UTF-32 without a BOM
    # read as UTF-32 (was UTF-8, three NULs after each character)
    # legacy text without a BOM or charset: Ukrainian in KOI8-U, Persian in windows-1256 (پ چ ژ گ, the
    # Arabic question mark and comma, the zero-width non-joiner), Greek in capitals without accents read
    # in their code page
    # legacy text: a word opened by ð or ğ, an ì or ù before a letter, a þ after a vowel:
    # signs of a wrong reading ("Šeštadienį", "České Budějovice", "Kadıköy, Beşiktaş" in
    # windows-1257, -1250, -1254 no longer windows-1252)
    # 12: legacy text without a BOM or charset: Greek capitals no longer read as KOI8-R, whose small Russian
    # letters then show я or й before a vowel, г or гс closing a word after a consonant, оу closing a word:
    # signs of a wrong reading, as are a Croatian đ opening a word before no vowel, a Romanian ţ before a
    # consonant and an ò closing a word after a vowel ("ΠΡΟΣΟΧΗ", "Šiauliai", "Şişli", "Plzeň" in
    # windows-1253, -1257, -1254, -1250 no longer KOI8-R, windows-1250, -1250, -1252);
    # legacy text: an œ closing a word or before w, r, m, z, a Polish ś, ź or ń before a vowel: signs of a
    # wrong reading (Polish "Wyświetla informację", "wartości" in windows-1250 no longer windows-1252, French
    # "cœur", "mœurs" in windows-1252 no longer windows-1250);
    # legacy text: a Slovak ť or Ť, a č, an è, an æ, an ê, an œ after a vowel and an ã met where their
    # languages do not write them: signs of a wrong reading (French "système" and German and French « » in
    # windows-1252 no longer windows-1250 or ISO-8859-2; Croatian "način", "će", Polish "narzędzia", "być",
    # Romanian "următorul", "dacă" in windows-1250 no longer windows-1252); Icelandic letters costed by their
    # frequency (Turkish "Ayrıntılı" in windows-1254 no longer windows-1252);
    # legacy text: an õ, an û, an ø, an ì and an è met where their languages do not write them: signs of a
    # wrong reading (Hungarian "mező", "betűi", Czech "při", "volitelně", "účty", "členové" in windows-1250 no
    # longer windows-1252); Icelandic costing more than the other languages of windows-1252 (Turkish
    # "kullanıldığında" in windows-1254 no longer windows-1252)
    # 13: legacy text: six Cyrillic consonants in a row, an ы or ь opening a word or after a vowel, a й after
    # a consonant, a ъ closing a word, a Greek ϊ or ϋ after no vowel, a Greek ψ or ρ closing a word after a
    # consonant, a Hebrew כ, מ, נ, פ or צ closing a word and a × or ÷ beside a letter beyond ASCII: signs of a
    # wrong reading (Russian "программой", "это", "без" in KOI8-R no longer windows-1251, "запускаться" no
    # longer windows-1253, "все" no longer windows-1252; Ukrainian "майбутня", "щодо" and Serbian "опште",
    # "тачно" in windows-1251 no longer KOI8-R, windows-1255, KOI8-R, windows-1252);
    # legacy text without a BOM or charset: a ý after c, j or y, a þ after c or before i and a vowel, an ê
    # after j, k or w, a ţ closing a word after an i that opens it or follows a vowel and a letter, a ē before
    # a vowel, an ã closing a word after nt, ct, ps or pl and a Hebrew point on a Latin letter: signs of a
    # wrong reading (Turkish "dosyayı", "geniş", "seçeneği" in windows-1254 no longer windows-1252, -1250,
    # -1257; Romanian "acţiune", "curentă" and Polish "opcję" in windows-1250 no longer windows-1252; Spanish
    # "despuÃ" in windows-1252 no longer windows-1255)
    # legacy text without a BOM or charset: a þ after a vowel and before a vowel, r, j or v is no longer a
    # sign of a wrong reading in a word with an é, í, ó, ú or an á or æ before a letter (Icelandic "óþekkt",
    # "íþrótt", "milliþjóns", "Táknmyndaþema" in windows-1252 no longer windows-1250, -1257 or -1254); an î
    # before b, g, j, k, p, v, z or a d not before j, and an â before a d and a vowel but e are signs of a
    # wrong reading (Latvian "darbību", "derīgs", "kādu" in windows-1257 no longer windows-1252)
    # text that is no JSON: a list item of soft hyphens alone an empty item, no blank line in the list's
    # text (text 17)
    # 14: legacy text without a BOM or charset: Hebrew stored in visual order (each word reversed, opening
    # with its final letter) read in windows-1255, its final letters no longer signs of a wrong reading there;
    # a geresh or gershayim after a Hebrew letter no longer a stray sign ("ארה״ב", "ראה דו״ח מס׳ 12", "ג׳ירפה
    # וצ׳יפס" and visual "ץבוקה תא חותפל ןתינ אל" in windows-1255 no longer windows-1256, windows-1251,
    # GB18030 or KOI8-R)
    # legacy text without a BOM or charset: a small э, щ or ч closing a word after two capitals and a word of
    # four small Cyrillic consonants or more (no р, no ъ) are signs of a wrong reading (Greek "μετά",
    # "περιοχή", "Ρόλος" in windows-1253 no longer KOI8-R or windows-1251)
)
def extract_jsonl(data: bytes, ctx: ExtractContext) -> Document:
    return _document("jsonl", decode_json(data), lines=True)


@extractor(
    ".ndjson",
    name="ndjson",
    version="14",  # 2: repeated keys keep every value; lines of a multi-line string under its key;
    # invalid JSON read as text keeps wrapped list lines with their item
    # 3: a key repeated deeper than the depth cap keeps every value in its compact JSON; a
    # document whose records hold no text ({}, [], "") is its JSON as written
    # 4: invalid JSON read as text has no heading in capitals or after "#" where most lines are code
    # 5: invalid JSON read as text keeps its lines' indentation in steps (text 8)
    # 6: a lone surrogate (a \ud83d escape whose pair was cut off) read as U+FFFD
    # 7: legacy text without a BOM or charset read in the code page that reads it cleanly
    # (windows-1250, windows-1251, KOI8-R, Shift_JIS, EUC-JP …), not always as windows-1252
    source_type="ndjson",
    # 8: a plain text's ordered items keep the numbers typed before them (text 11)
    # 9: invalid JSON read as text: soft hyphens (U+00AD) left out (text 12)
    # 10: legacy text without a BOM or charset: Polish with only ę and ń, Hungarian, Turkish
    # (windows-1254), Hebrew (windows-1255), ISO-8859-2 and kanji-only EUC-JP read in their code page
    # 11: bytes that are not UTF-8 read in the legacy code page that reads them (were damaged UTF-8, each
    # letter beyond ASCII U+FFFD), UTF-8 with a few damaged bytes still UTF-8; UTF-32 without a BOM
    # read as UTF-32 (was UTF-8, three NULs after each character)
    # legacy text without a BOM or charset: Ukrainian in KOI8-U, Persian in windows-1256 (پ چ ژ گ, the
    # Arabic question mark and comma, the zero-width non-joiner), Greek in capitals without accents read
    # in their code page
    # legacy text: a word opened by ð or ğ, an ì or ù before a letter, a þ after a vowel:
    # signs of a wrong reading ("Šeštadienį", "České Budějovice", "Kadıköy, Beşiktaş" in
    # windows-1257, -1250, -1254 no longer windows-1252)
    # 12: legacy text without a BOM or charset: Greek capitals no longer read as KOI8-R, whose small Russian
    # letters then show я or й before a vowel, г or гс closing a word after a consonant, оу closing a word:
    # signs of a wrong reading, as are a Croatian đ opening a word before no vowel, a Romanian ţ before a
    # consonant and an ò closing a word after a vowel ("ΠΡΟΣΟΧΗ", "Šiauliai", "Şişli", "Plzeň" in
    # windows-1253, -1257, -1254, -1250 no longer KOI8-R, windows-1250, -1250, -1252);
    # legacy text: an œ closing a word or before w, r, m, z, a Polish ś, ź or ń before a vowel: signs of a
    # wrong reading (Polish "Wyświetla informację", "wartości" in windows-1250 no longer windows-1252, French
    # "cœur", "mœurs" in windows-1252 no longer windows-1250);
    # legacy text: a Slovak ť or Ť, a č, an è, an æ, an ê, an œ after a vowel and an ã met where their
    # languages do not write them: signs of a wrong reading (French "système" and German and French « » in
    # windows-1252 no longer windows-1250 or ISO-8859-2; Croatian "način", "će", Polish "narzędzia", "być",
    # Romanian "următorul", "dacă" in windows-1250 no longer windows-1252); Icelandic letters costed by their
    # frequency (Turkish "Ayrıntılı" in windows-1254 no longer windows-1252);
    # legacy text: an õ, an û, an ø, an ì and an è met where their languages do not write them: signs of a
    # wrong reading (Hungarian "mező", "betűi", Czech "při", "volitelně", "účty", "členové" in windows-1250 no
    # longer windows-1252); Icelandic costing more than the other languages of windows-1252 (Turkish
    # "kullanıldığında" in windows-1254 no longer windows-1252)
    # 13: legacy text: six Cyrillic consonants in a row, an ы or ь opening a word or after a vowel, a й after
    # a consonant, a ъ closing a word, a Greek ϊ or ϋ after no vowel, a Greek ψ or ρ closing a word after a
    # consonant, a Hebrew כ, מ, נ, פ or צ closing a word and a × or ÷ beside a letter beyond ASCII: signs of a
    # wrong reading (Russian "программой", "это", "без" in KOI8-R no longer windows-1251, "запускаться" no
    # longer windows-1253, "все" no longer windows-1252; Ukrainian "майбутня", "щодо" and Serbian "опште",
    # "тачно" in windows-1251 no longer KOI8-R, windows-1255, KOI8-R, windows-1252);
    # legacy text without a BOM or charset: a ý after c, j or y, a þ after c or before i and a vowel, an ê
    # after j, k or w, a ţ closing a word after an i that opens it or follows a vowel and a letter, a ē before
    # a vowel, an ã closing a word after nt, ct, ps or pl and a Hebrew point on a Latin letter: signs of a
    # wrong reading (Turkish "dosyayı", "geniş", "seçeneği" in windows-1254 no longer windows-1252, -1250,
    # -1257; Romanian "acţiune", "curentă" and Polish "opcję" in windows-1250 no longer windows-1252; Spanish
    # "despuÃ" in windows-1252 no longer windows-1255)
    # legacy text without a BOM or charset: a þ after a vowel and before a vowel, r, j or v is no longer a
    # sign of a wrong reading in a word with an é, í, ó, ú or an á or æ before a letter (Icelandic "óþekkt",
    # "íþrótt", "milliþjóns", "Táknmyndaþema" in windows-1252 no longer windows-1250, -1257 or -1254); an î
    # before b, g, j, k, p, v, z or a d not before j, and an â before a d and a vowel but e are signs of a
    # wrong reading (Latvian "darbību", "derīgs", "kādu" in windows-1257 no longer windows-1252)
    # text that is no JSON: a list item of soft hyphens alone an empty item, no blank line in the list's
    # text (text 17)
    # 14: legacy text without a BOM or charset: Hebrew stored in visual order (each word reversed, opening
    # with its final letter) read in windows-1255, its final letters no longer signs of a wrong reading there;
    # a geresh or gershayim after a Hebrew letter no longer a stray sign ("ארה״ב", "ראה דו״ח מס׳ 12", "ג׳ירפה
    # וצ׳יפס" and visual "ץבוקה תא חותפל ןתינ אל" in windows-1255 no longer windows-1256, windows-1251,
    # GB18030 or KOI8-R)
    # legacy text without a BOM or charset: a small э, щ or ч closing a word after two capitals and a word of
    # four small Cyrillic consonants or more (no р, no ъ) are signs of a wrong reading (Greek "μετά",
    # "περιοχή", "Ρόλος" in windows-1253 no longer KOI8-R or windows-1251)
)
def extract_ndjson(data: bytes, ctx: ExtractContext) -> Document:
    return _document("ndjson", decode_json(data), lines=True)
