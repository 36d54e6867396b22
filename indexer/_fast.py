"""Making many frozen model objects quickly.

A frozen dataclass's ``__init__`` sets every field through ``object.__setattr__``, which for a
paragraph block costs more than everything else the extractor does for it. :func:`twin` gives a
plain class with exactly the same slots: an instance filled through it with ordinary attribute
stores and then given the model class (``obj.__class__ = cls``, allowed between classes of the
same layout) is an ordinary instance of that class, as immutable as one from its constructor.
Only the constructor's ``__post_init__`` is skipped, so the functions here do its work (freezing
``meta``) themselves.

Each twin is tried once at import; if a model's layout ever stops matching, :func:`twin` returns
None and the functions fall back to the constructor.
"""

from __future__ import annotations

from dataclasses import fields
from types import MappingProxyType
from typing import Any

from .model import IN_ITEM, LIST, NEW_LIST, OPENS_ITEM, QUOTE, Block, Chunk, ListItem, freeze

_EMPTY_META = Block("x", "").meta


def twin(cls: type) -> type | None:
    """A mutable class whose instances can become ``cls`` instances, or None."""
    names = tuple(f.name for f in fields(cls))
    if getattr(cls, "__slots__", None) != names:
        return None
    mutable = type(f"_{cls.__name__}Twin", (), {"__slots__": names, "__module__": __name__})
    probe = mutable()
    for name in names:
        setattr(probe, name, None)
    try:
        probe.__class__ = cls
    except TypeError:
        return None
    return mutable


BLOCK_FIELDS = (
    "kind",
    "text",
    "level",
    "lines",
    "page",
    "items",
    "rows",
    "header",
    "row_numbers",
    "images",
    "alt",
    "meta",
)
_BlockTwin = twin(Block) if tuple(f.name for f in fields(Block)) == BLOCK_FIELDS else None
_ItemTwin = twin(ListItem)
_ChunkTwin = twin(Chunk)


def new_block(
    kind: str,
    text: str,
    level: int = 0,
    lines: tuple[int, int] | None = None,
    items: tuple[ListItem, ...] = (),
    meta: Any = _EMPTY_META,
    page: int | None = None,
) -> Block:
    """``Block(kind, text, level=…, lines=…, items=…, meta=…, page=…)``, the other fields at
    their defaults: an extractor makes thousands of these. Same object, same meta freezing."""
    if _BlockTwin is None:
        return Block(kind, text, level, lines, page, items, meta=meta)
    if meta.__class__ is not MappingProxyType:
        meta = freeze(meta)
    block = _BlockTwin()
    block.kind = kind
    block.text = text
    block.level = level
    block.lines = lines
    block.page = page
    block.items = items
    block.rows = ()
    block.header = None
    block.row_numbers = ()
    block.images = ()
    block.alt = None
    block.meta = meta
    block.__class__ = Block
    return block


def make_block(
    kind: str,
    text: str,
    level: int,
    lines: tuple[int, int] | None,
    page: int | None,
    items: tuple[ListItem, ...],
    rows: tuple[tuple[str, ...], ...],
    header: tuple[str, ...] | None,
    row_numbers: tuple[int, ...],
    images: tuple[str, ...],
    alt: str | None,
    meta: Any,
) -> Block:
    """``Block(…)`` with every field given, in the model's order."""
    if _BlockTwin is None:
        return Block(kind, text, level, lines, page, items, rows, header, row_numbers, images, alt, meta)
    if meta.__class__ is not MappingProxyType:
        meta = freeze(meta)
    block = _BlockTwin()
    block.kind = kind
    block.text = text
    block.level = level
    block.lines = lines
    block.page = page
    block.items = items
    block.rows = rows
    block.header = header
    block.row_numbers = row_numbers
    block.images = images
    block.alt = alt
    block.meta = meta
    block.__class__ = Block
    return block


def relined(b: Block, text: str, lines: tuple[int, int] | None) -> Block:
    """``dataclasses.replace(b, text=text, lines=lines)``."""
    return make_block(
        b.kind,
        text,
        b.level,
        lines,
        b.page,
        b.items,
        b.rows,
        b.header,
        b.row_numbers,
        b.images,
        b.alt,
        b.meta,
    )


def with_meta(b: Block, meta: Any) -> Block:
    """``dataclasses.replace(b, meta=meta)``."""
    return make_block(
        b.kind,
        b.text,
        b.level,
        b.lines,
        b.page,
        b.items,
        b.rows,
        b.header,
        b.row_numbers,
        b.images,
        b.alt,
        meta,
    )


def quote_blocks(blocks: list[Block], start: int = 0, by: int = 1) -> None:
    """Put ``blocks[start:]`` ``by`` blockquotes deeper (their ``QUOTE`` in meta), in place: the
    blocks read from a quote's content, those of a quote inside it already one deep."""
    if by <= 0:
        return
    for i in range(start, len(blocks)):
        block = blocks[i]
        meta = block.meta
        blocks[i] = with_meta(block, {**meta, QUOTE: (meta.get(QUOTE) or 0) + by})


def mark_new_list(blocks: list[Block], start: int) -> None:
    """Say that ``blocks[start]``, the first block read from a list of its own, starts that list
    (``NEW_LIST``) where a writer would read it as going on with the list before it: a list after a
    block in an item (``IN_ITEM``), a block opening an item (``OPENS_ITEM``) after such a block or a
    list. In place."""
    if not 0 < start < len(blocks):
        return
    first, before = blocks[start], blocks[start - 1]
    if first.kind == LIST:
        goes_on = IN_ITEM in before.meta
    else:
        goes_on = OPENS_ITEM in first.meta and (before.kind == LIST or IN_ITEM in before.meta)
    if goes_on:
        blocks[start] = with_meta(first, {**first.meta, NEW_LIST: True})


def new_item(text: str, level: int = 0, ordered: bool = False, number: int | None = None) -> ListItem:
    """``ListItem(text, level, ordered, number)``."""
    if _ItemTwin is None:
        return ListItem(text, level, ordered, number)
    item = _ItemTwin()
    item.text = text
    item.level = level
    item.ordered = ordered
    item.number = number
    item.__class__ = ListItem
    return item


def new_chunk(content: str, content_type: str, metadata: Any) -> Chunk:
    """``Chunk(content, content_type, metadata)``."""
    if _ChunkTwin is None:
        return Chunk(content, content_type, metadata)
    chunk = _ChunkTwin()
    chunk.content = content
    chunk.content_type = content_type
    chunk.metadata = metadata
    chunk.__class__ = Chunk
    return chunk


def new_items(texts: list[str], levels: list[int]) -> list[ListItem]:
    """``[ListItem(text, level) for text, level in zip(texts, levels)]`` (unordered items), made
    in one loop of attribute stores: quicker per item than a setter mapped over each field."""
    if _ItemTwin is None:
        return list(map(ListItem, texts, levels))
    twin = _ItemTwin
    out: list[ListItem] = []
    keep = out.append
    for text, level in zip(texts, levels, strict=True):
        item = twin()
        item.text = text
        item.level = level
        item.ordered = False
        item.number = None
        item.__class__ = ListItem
        keep(item)
    return out
