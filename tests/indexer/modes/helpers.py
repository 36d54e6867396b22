"""Hand-built documents for the mode tests (no extractor needed)."""

from __future__ import annotations

from indexer.model import (
    CODE,
    HEADING,
    IMAGE,
    LIST,
    PARAGRAPH,
    TABLE,
    Block,
    Document,
    Image,
    ListItem,
    assemble,
    render_list,
    render_table,
)


def heading(text: str, level: int = 1, **kw) -> Block:
    return Block(HEADING, text, level=level, **kw)


def para(text: str, **kw) -> Block:
    return Block(PARAGRAPH, text, **kw)


def bullets(*texts: str, levels: tuple[int, ...] = (), ordered: bool = False) -> Block:
    items = tuple(ListItem(t, levels[i] if i < len(levels) else 0, ordered) for i, t in enumerate(texts))
    return Block(LIST, render_list(items), items=items)


def table(header, rows, first_row: int = 2, **kw) -> Block:
    rows = tuple(tuple(r) for r in rows)
    return Block(
        TABLE,
        render_table(header, rows),
        header=tuple(header) if header is not None else None,
        rows=rows,
        row_numbers=tuple(range(first_row, first_row + len(rows))),
        **kw,
    )


def code(text: str) -> Block:
    return Block(CODE, text, meta={"language": "python"})


def image(alt: str, name: str | None = None) -> Block:
    return Block(IMAGE, "", alt=alt, images=(name,) if name else ())


def doc(*blocks: Block, source_type: str = "md", images: tuple[Image, ...] = (), **kw) -> Document:
    return assemble(source_type, blocks, metadata={"source_type": source_type}, images=images, **kw)
