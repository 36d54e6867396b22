"""Markdown (.md .markdown) on pyromark, the Python binding of pulldown-cmark (CommonMark + GFM).

pulldown-cmark yields a flat stream of events, each with the byte range of the source it came
from, so block line ranges are exact and nesting never recurses in Python. Blocks: ATX and setext
headings, paragraphs (block quotes read as paragraphs), nested lists (items with their level, task
markers kept), pipe tables, fenced and indented code (language from the info string), footnote
definitions, raw HTML blocks (read through the HTML extractor) and stand-alone images. Inline
markup is reduced to its text; YAML front matter is kept as ``front_matter`` metadata.

:func:`markdown_blocks` is the reusable core (notebook cells, EPUB) and keeps its signature.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import Any

import pyromark

from ..limits import ExtractContext
from ..model import (
    CODE,
    HEADING,
    IMAGE,
    LIST,
    PARAGRAPH,
    TABLE,
    Block,
    Document,
    ListItem,
    render_list,
    render_table,
)
from .registry import extractor
from .text import decode_document

_OPTIONS = (
    pyromark.Options.ENABLE_TABLES
    | pyromark.Options.ENABLE_FOOTNOTES
    | pyromark.Options.ENABLE_STRIKETHROUGH
    | pyromark.Options.ENABLE_TASKLISTS
    | pyromark.Options.ENABLE_YAML_STYLE_METADATA_BLOCKS
)
_HEADING_LEVEL = {"H1": 1, "H2": 2, "H3": 3, "H4": 4, "H5": 5, "H6": 6}
_TRANSPARENT = frozenset(("Emphasis", "Strong", "Strikethrough", "BlockQuote", "Superscript", "Subscript"))
_TRAILING = ("\n", " ", "\t", b"\n", b" ", b"\t")
_INLINE_TAG = re.compile(r"<[^>\n]*>")


class _Lines:
    """Byte offset → 1-based line number in the source."""

    def __init__(self, text: str) -> None:
        raw = text if text.isascii() else text.encode("utf-8")
        sep = "\n" if isinstance(raw, str) else b"\n"
        starts = [0]
        pos = raw.find(sep)
        while pos != -1:
            starts.append(pos + 1)
            pos = raw.find(sep, pos + 1)
        self.starts = starts
        self.raw = raw

    def span(self, start: int, end: int) -> tuple[int, int]:
        raw = self.raw
        while end > start + 1 and raw[end - 1 : end] in _TRAILING:  # ranges end at the last visible line
            end -= 1
        first = bisect_right(self.starts, start)
        last = bisect_right(self.starts, max(start, end - 1))
        return first, max(first, last)


class _Builder:
    """Turns the event stream into blocks. A small state machine over nested containers."""

    def __init__(self, text: str) -> None:
        self.lines = _Lines(text)
        self.blocks: list[Block] = []
        self.front_matter: str | None = None
        self.text: list[str] = []  # inline text of the current leaf
        self.leaf: str | None = None  # paragraph, heading, code, cell, meta, html
        self.leaf_start = 0
        self.heading_level = 0
        self.code_lang: str | None = None
        # lists: the open list stack (ordered flags); items collected for the outermost list
        self.list_stack: list[bool] = []
        self.items: list[ListItem] = []
        self.item_text: list[list[str]] = []  # text parts of each open item
        self.list_start = 0
        # tables
        self.table_start = 0
        self.header: tuple[str, ...] | None = None
        self.rows: list[tuple[str, ...]] = []
        self.row: list[str] = []
        self.in_table = False
        self.in_head = False
        # stand-alone images and footnotes
        self.image_marks: list[int] = []  # where each open image's alt text starts in self.text
        self.para_images: list[tuple[str, str]] = []  # (src, alt) in the current paragraph
        self.footnote: str | None = None
        self.links: list[bool] = []  # open links: True for e-mail autolinks (kept as <addr>)
        self.image_src = ""

    # -- helpers ------------------------------------------------------------------------------

    def add(self, block: Block, start: int, end: int) -> None:
        self.blocks.append(Block(**_fields(block), lines=self.lines.span(start, end)))

    def inline(self, value: str) -> None:
        self.text.append(value)

    def collected(self) -> str:
        out = "".join(self.text)
        self.text.clear()
        return out

    # -- events -------------------------------------------------------------------------------

    def start(self, tag: Any, rng: dict[str, int]) -> None:
        if tag.__class__ is str:
            if tag in _TRANSPARENT:
                return
            name, arg = tag, None
        else:
            name, arg = _tag(tag)
        if name == "Paragraph":
            if self.item_text or self.in_table:
                return
            self.leaf, self.leaf_start = "paragraph", rng["start"]
            self.para_images = []
        elif name == "Heading":
            self.leaf, self.leaf_start = "heading", rng["start"]
            self.heading_level = _HEADING_LEVEL.get(arg.get("level", "H1"), 1) if arg else 1
        elif name == "CodeBlock":
            if self.item_text:
                self.item_text[-1].append("\n")
                return
            self.leaf, self.leaf_start = "code", rng["start"]
            lang = arg.get("Fenced") if isinstance(arg, dict) else None
            self.code_lang = lang.split()[0] if lang and lang.split() else None
        elif name == "List":
            if not self.list_stack:
                self.list_start = rng["start"]
                self.items = []
            elif self.item_text:
                self.close_item_text()
            self.list_stack.append(arg is not None)
        elif name == "Item":
            self.flush_pending_leaf()
            self.item_text.append([])
            self.text.clear()
        elif name == "Table":
            if self.item_text:
                self.item_text[-1].append(self.collected() + "\n")
            self.in_table, self.table_start = True, rng["start"]
            self.header, self.rows = None, []
        elif name == "TableHead":
            self.in_head, self.row = True, []
        elif name == "TableRow":
            self.row = []
        elif name == "TableCell":
            self.text.clear()
        elif name == "Image":
            self.image_marks.append(len(self.text))
            self.image_src = arg.get("dest_url", "") if isinstance(arg, dict) else ""
        elif name == "Link":
            email = isinstance(arg, dict) and arg.get("link_type") == "Email"
            self.links.append(email)
            if email:
                self.inline("<")
        elif name == "MetadataBlock":
            self.leaf, self.leaf_start = "meta", rng["start"]
        elif name == "HtmlBlock":
            if not self.item_text:
                self.leaf, self.leaf_start = "html", rng["start"]
        elif name == "FootnoteDefinition":
            self.footnote = str(arg)
        elif name in ("DefinitionListTitle", "DefinitionListDefinition") and not self.item_text:
            self.leaf, self.leaf_start = "paragraph", rng["start"]

    def end(self, tag: Any, rng: dict[str, int]) -> None:
        if tag.__class__ is str:
            if tag in _TRANSPARENT:
                return
            name, arg = tag, None
        else:
            name, arg = _tag(tag)
        if name in ("Paragraph", "DefinitionListTitle", "DefinitionListDefinition"):
            if self.item_text:
                self.item_text[-1].append(self.collected() + "\n")
            elif self.in_table:
                return
            elif self.leaf == "paragraph":
                self.end_paragraph(rng)
        elif name == "Heading":
            text = " ".join(self.collected().split())
            if self.item_text:
                self.item_text[-1].append(text + "\n")
            elif text:
                self.add(Block(HEADING, text, level=self.heading_level), self.leaf_start, rng["end"])
            self.leaf = None
        elif name == "CodeBlock":
            if self.item_text:
                self.item_text[-1].append(self.collected())
                return
            text = self.collected().rstrip("\n")
            if text.strip():
                meta = {"language": self.code_lang} if self.code_lang else {}
                self.add(Block(CODE, text, meta=meta), self.leaf_start, rng["end"])
            self.leaf = None
        elif name == "Item":
            self.close_item_text()
            self.item_text.pop()
        elif name == "List":
            self.list_stack.pop()
            if not self.list_stack and self.items:
                items = tuple(self.items)
                self.add(Block(LIST, render_list(items), items=items), self.list_start, rng["end"])
                self.items = []
        elif name == "TableCell":
            cell = " ".join(self.collected().split())
            self.row.append(cell)
        elif name == "TableHead":
            self.header, self.in_head = tuple(self.row), False
        elif name == "TableRow":
            self.rows.append(tuple(self.row))
        elif name == "Table":
            self.in_table = False
            rows = tuple(self.rows)
            if self.item_text:
                rendered = render_table(self.header, rows)
                self.item_text[-1].append(rendered + "\n")
            elif rows or (self.header and any(self.header)):
                block = Block(TABLE, render_table(self.header, rows), header=self.header, rows=rows)
                self.add(block, self.table_start, rng["end"])
        elif name == "Image":
            mark = self.image_marks.pop() if self.image_marks else 0
            alt = "".join(self.text[mark:])
            self.para_images.append((self.image_src, alt))
        elif name == "Link":
            if self.links and self.links.pop():
                self.inline(">")
        elif name == "MetadataBlock":
            self.front_matter = self.collected()
            self.leaf = None
        elif name == "HtmlBlock":
            if self.leaf == "html":
                self.end_html(rng)
        elif name == "FootnoteDefinition":
            self.footnote = None

    def end_paragraph(self, rng: dict[str, int]) -> None:
        raw = self.collected()
        text = "\n".join(line.strip() for line in raw.strip().split("\n"))
        images = self.para_images
        self.para_images = []
        alts = "".join(alt for _, alt in images)
        if images and text.replace(" ", "").replace("\n", "") == alts.replace(" ", ""):
            for src, alt in images:  # a paragraph that is only images: image blocks
                label = alt or src.rsplit("/", 1)[-1] or "image"
                block = Block(IMAGE, f"[Image: {label}]", alt=alt or None, meta={"src": src})
                self.add(block, self.leaf_start, rng["end"])
        elif text:
            if self.footnote is not None:
                text = f"[^{self.footnote}]: {text}"
                self.footnote = None
            self.add(Block(PARAGRAPH, text), self.leaf_start, rng["end"])
        self.leaf = None

    def end_html(self, rng: dict[str, int]) -> None:
        from .html import html_blocks

        raw = self.collected()
        self.leaf = None
        if not raw.strip() or raw.lstrip().startswith("<!--") and raw.rstrip().endswith("-->"):
            return
        blocks, _ = html_blocks(raw)
        for block in blocks:
            self.add(block, self.leaf_start, rng["end"])

    def close_item_text(self) -> None:
        """Emit the text gathered so far for the innermost open item (before a nested list)."""
        parts = self.item_text[-1]
        parts.append(self.collected())
        text = " ".join("".join(parts).split())
        parts.clear()
        if text:
            level = len(self.list_stack) - 1
            self.items.append(
                ListItem(text, max(level, 0), self.list_stack[-1] if self.list_stack else False)
            )

    def flush_pending_leaf(self) -> None:
        self.text.clear()

    def other(self, ev: Any) -> None:
        """Events other than Text/Start/End (rare enough for a plain dispatch)."""
        if isinstance(ev, dict):
            ((kind, value),) = ev.items()
            if kind == "Code":
                self.text.append(value)
            elif kind == "Html":
                self.text.append(value if self.leaf == "html" else _INLINE_TAG.sub(" ", value))
            elif kind == "InlineHtml":
                if value.lower().startswith("<br"):
                    self.text.append("\n")
            elif kind == "FootnoteReference":
                self.text.append(f"[^{value}]")
            elif kind == "TaskListMarker":
                self.text.append("[x] " if value else "[ ] ")
            elif kind in ("InlineMath", "DisplayMath"):
                self.text.append(value)
        elif ev == "SoftBreak" or ev == "HardBreak":
            self.text.append("\n")


def _tag(tag: Any) -> tuple[str, Any]:
    if isinstance(tag, dict):
        ((name, arg),) = tag.items()
        return name, arg
    return tag, None


def _fields(block: Block) -> dict[str, Any]:
    return {
        "kind": block.kind,
        "text": block.text,
        "level": block.level,
        "items": block.items,
        "rows": block.rows,
        "header": block.header,
        "images": block.images,
        "alt": block.alt,
        "meta": block.meta,
    }


def _parse(text: str) -> _Builder:
    builder = _Builder(text)
    append, start, end, other = builder.text.append, builder.start, builder.end, builder.other
    # The hot loop: most events are text, then block starts and ends.
    for ev, rng in pyromark.events_with_range(text, options=_OPTIONS, merge_text=True):
        if ev.__class__ is dict:
            value = ev.get("Text")
            if value is not None:
                append(value)
                continue
            value = ev.get("Start")
            if value is not None:
                start(value, rng)
                continue
            value = ev.get("End")
            if value is not None:
                end(value, rng)
                continue
        other(ev)
    return builder


def markdown_blocks(text: str) -> list[Block]:
    """Blocks of a Markdown text, each with ``lines`` relative to ``text`` (1-based, inclusive)."""
    if not text.strip():
        return []
    return _parse(text).blocks


def parse_front_matter(raw: str) -> dict[str, Any] | str:
    """The simple YAML of front matter (``key: value`` and ``- item`` lists); the raw text when it
    is more than that."""
    out: dict[str, Any] = {}
    key: str | None = None
    for line in raw.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        stripped = line.strip()
        if stripped.startswith("- ") and key is not None and line[:1] in (" ", "-"):
            value = out.get(key)
            if not isinstance(value, list):
                if value not in (None, ""):
                    return raw
                value = []
            value.append(_scalar(stripped[2:]))
            out[key] = value
            continue
        if line[:1] in (" ", "\t") or ":" not in line:
            return raw
        key, _, value = line.partition(":")
        key = key.strip().strip("\"'")
        out[key] = _scalar(value.strip())
    return out


def _scalar(value: str) -> Any:
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    if value.startswith("[") and value.endswith("]"):
        return [_scalar(v.strip()) for v in value[1:-1].split(",") if v.strip()]
    low = value.lower()
    if low in ("true", "false"):
        return low == "true"
    if low in ("null", "~"):
        return None
    if re.fullmatch(r"-?\d+", value):
        return int(value)
    if re.fullmatch(r"-?\d+\.\d+", value):
        return float(value)
    return value


@extractor(".md", ".markdown", name="markdown", source_type="md", libraries=("pyromark",))
def extract_markdown(data: bytes, ctx: ExtractContext) -> Document:
    text, _ = decode_document(data)
    if not text.strip():
        return Document(source_type="md", blocks=(), text=text, metadata={"source_type": "md"})
    builder = _parse(text)
    metadata: dict[str, Any] = {"source_type": "md"}
    if builder.front_matter is not None:
        metadata["front_matter"] = parse_front_matter(builder.front_matter)
    blocks = builder.blocks
    if not blocks and builder.front_matter is None:  # nothing structural: read the text as-is
        blocks = [Block(PARAGRAPH, text.strip(), lines=_Lines(text).span(0, len(text.encode())))]
    return Document(source_type="md", blocks=tuple(blocks), text=text, metadata=metadata)
