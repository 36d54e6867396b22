"""Markdown (.md .markdown) on pyromark, the Python binding of pulldown-cmark (CommonMark + GFM).

pulldown-cmark yields a flat stream of events, each with the byte range of the source it came
from, so block line ranges are exact and nesting never recurses in Python. Blocks: ATX and setext
headings, paragraphs (a block quote's blocks with its depth in meta, ``quote``), nested lists (items with their level, task
markers kept), pipe tables (ended by a line indented as code, as GFM ends them), fenced and
indented code (language from the info string), footnote definitions, raw HTML blocks (read
through the HTML extractor) and stand-alone images. Inline markup is reduced to its text (soft
hyphens left out); YAML front matter opening the file, or TOML between ``+++`` lines
(:func:`_front_matter`), is kept as ``front_matter`` metadata.

:func:`markdown_blocks` is the reusable core (notebook cells, EPUB) and keeps its signature.
"""

from __future__ import annotations

import datetime as dt
import html
import re
import tomllib
from bisect import bisect_left
from collections import deque
from functools import partial
from itertools import islice, pairwise, takewhile
from operator import itemgetter, ne
from typing import Any

try:  # pulldown-cmark through pyromark: fast; markdown-it-py is the fallback when it is missing
    import pyromark
except ImportError:  # pragma: no cover - exercised by test_markdown_it_fallback
    pyromark = None

from .._fast import _EMPTY_META, make_block, mark_new_list, quote_blocks
from ..limits import ExtractContext
from ..model import (
    CODE,
    HEADING,
    HEADING_LEVEL,
    IMAGE,
    IN_ITEM,
    ITEM_HEADINGS,
    ITEM_PARAGRAPHS,
    ITEM_QUOTE_BREAKS,
    ITEM_QUOTES,
    ITEM_TAILS,
    LIST,
    OPENS_ITEM,
    PARAGRAPH,
    TABLE,
    Block,
    Document,
    ListItem,
    render_items,
    render_table,
)
from .registry import extractor
from .text import decode_document, fast_render_table, new_block, new_item, soft_hyphens_out

#: Front matter is found by :func:`_front_matter`, not by pulldown-cmark, whose metadata blocks
#: start at any ``---`` line followed by another ``---`` (a thematic break over a setext heading's
#: underline in the middle of a text would swallow what they hold)
_OPTIONS = (
    (
        pyromark.Options.ENABLE_TABLES
        | pyromark.Options.ENABLE_FOOTNOTES
        | pyromark.Options.ENABLE_STRIKETHROUGH
        | pyromark.Options.ENABLE_TASKLISTS
    )
    if pyromark is not None
    else 0
)
_UNSEEN, _GONE = -1, -2  # an open item whose text is not yet in ``items`` / went out before a cut
_HEADING_LEVEL = {"H1": 1, "H2": 2, "H3": 3, "H4": 4, "H5": 5, "H6": 6}
#: an ATX heading's closing run of ``#`` with a tab beside it, at the line's end: CommonMark takes
#: the run off ("# foo ##\t" is "foo"), pulldown-cmark keeps it as text where the white space
#: before or after the run holds a tab (it looks for spaces only)
_TAB_CLOSED_ATX = re.compile(r"^[ \t]*#{1,6}(?:[ \t].*)?(?:\t[ \t]*#+[ \t]*|[ \t]#+[ \t]*\t[ \t]*)\r?\n?$")
_CLOSING_RUN = re.compile(r"(?:^| )#+$")
_LINE_EDGES = re.compile(r"[ \t]*\n[ \t]*")
_INLINE_TAG = re.compile(r"<[^>\n]*>")
#: an ordered item's number at its start, in the source as text or as UTF-8 bytes
_ITEM_NUMBER = re.compile(r"[ \t]*([0-9]{1,9})[.)]")
_ITEM_NUMBER_BYTES = re.compile(rb"[ \t]*([0-9]{1,9})[.)]")
_IMG_TAG = re.compile(r"<img(?=[\s/>])", re.IGNORECASE)  # not <imgx>, a custom element
_TAG_ATTR = re.compile(r"""\s([a-zA-Z][\w:.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))""")


def _img_attrs(tag: str) -> dict[str, str | None]:
    """The attributes of an inline ``<img>`` tag (names in lower case, entities decoded; the first
    of a name repeated), which stands where it is as ``![alt](src)`` does (an image inside a
    heading, an item or a sentence cannot be a block of its own)."""
    attrs: dict[str, str | None] = {}
    for m in _TAG_ATTR.finditer(tag):
        name = m.group(1).lower()
        if name not in attrs:
            attrs[name] = html.unescape(next(g for g in m.groups()[1:] if g is not None))
    return attrs


def _img_alt(tag: str) -> str:
    return _img_attrs(tag).get("alt") or ""


#: An inline quotation's start tag and end tag, written inline in Markdown
_Q_OPEN = re.compile(r"<q(?=[\s/>])", re.IGNORECASE)
_Q_CLOSE = re.compile(r"</q\s*>", re.IGNORECASE)


def _q_mark(tag: str, open_marks: list[str], default: str) -> str | None:
    """The quotation mark a browser draws for a ``<q>`` or ``</q>`` tag written inline, as the
    HTML reader writes them: the marks of the ``<q>``'s language (its ``lang``, else that of the
    ``<q>`` it is in, else the document's, ``default``: “…” ‘…’ in English, „…“ ‚…‘ in German),
    the first pair outside any other quotation, the second inside one. ``open_marks`` holds the
    marks of the ``<q>`` tags open, and is kept up to date; None for any other tag."""
    if _Q_OPEN.match(tag):
        own = None
        if "lang" in tag.lower():
            from .html import language_quotes

            attrs = _img_attrs(tag)
            language = attrs.get("lang") if "lang" in attrs else attrs.get("xml:lang")
            own = language_quotes(language) if language else None
        marks = own or (open_marks[-1] if open_marks else default)
        depth = len(open_marks)
        open_marks.append(marks)
        return marks[0] if depth == 0 else marks[2]
    if _Q_CLOSE.match(tag):
        marks = open_marks.pop() if open_marks else default
        return marks[1] if not open_marks else marks[3]
    return None


#: The quotation marks of a document that names no language (English ones, as in HTML)
#: html.ROOT_QUOTES, here without loading the HTML reader for a document that needs none
_DEFAULT_QUOTES = "\u201c\u201d\u2018\u2019"


def _quotes_of(language: str | None) -> str:
    """The quotation marks of a document in ``language`` (see :func:`_q_mark`)."""
    if not language:
        return _DEFAULT_QUOTES
    from .html import language_quotes

    return language_quotes(language) or _DEFAULT_QUOTES


def _tag_text(m: re.Match[str]) -> str:
    """A tag of raw HTML read inside a list item: an ``<img>`` as its alt text, any other as a space."""
    tag = m.group()
    return f" {_img_alt(tag)} " if _IMG_TAG.match(tag) else " "


class _Lines:
    """Byte offset → 1-based line number in the source, by counting newlines in C from the last
    position asked (blocks arrive nearly in order), never by a Python loop over every line."""

    def __init__(self, text: str) -> None:
        self.raw = text if text.isascii() else text.encode("utf-8")
        self.nl = "\n" if isinstance(self.raw, str) else b"\n"
        self.blank = " \t\n" if isinstance(self.raw, str) else b" \t\n"  # a byte is an int in bytes
        self.pos = 0  # a byte offset …
        self.line = 1  # … and the line it is on
        self.end_pos = 0  # the same for the last character of the last span
        self.end_line = 1

    def line_of(self, offset: int) -> int:
        if offset < self.pos:
            self.pos, self.line = 0, 1
        self.line += self.raw.count(self.nl, self.pos, offset)
        self.pos = offset
        return self.line

    def span(self, start: int, end: int) -> tuple[int, int]:
        raw = self.raw
        end -= 1  # the last character, moved back to the last visible line
        while end > start and raw[end] in self.blank:
            end -= 1
        # line_of(start), inlined (this runs once per block), counted from the end of the last
        # span when the block starts after it, so that a block's text is not counted twice
        pos = self.end_pos
        if pos <= start and self.pos <= pos:
            first = self.end_line + raw.count(self.nl, pos, start)
        elif start < self.pos:
            first = 1 + raw.count(self.nl, 0, start)
        else:
            first = self.line + raw.count(self.nl, self.pos, start)
        self.line, self.pos = first, start
        if end > start:
            last = self.end_line = first + raw.count(self.nl, start, end)
            self.end_pos = end
            return first, last
        self.end_pos, self.end_line = start, first
        return first, first


class _Builder:
    """Turns the event stream into blocks. A small state machine over nested containers."""

    def __init__(self, text: str) -> None:
        self.lines = _Lines(text)
        self.span = self.lines.span
        self.blocks: list[Block] = []
        self.front_matter: str | None = None
        self.front_matter_lines = (1, 1)
        self.text: list[str] = []  # inline text of the current leaf
        self.leaf: str | None = None  # paragraph, heading, code, cell, html
        self.leaf_start = 0
        self.heading_level = 0
        self.code_lang: str | None = None
        # lists: the open list stack (ordered flags); items collected for the outermost list
        self.list_stack: list[bool] = []
        self.items: list[ListItem] = []
        self.item_text: list[list[str]] = []  # text parts of each open item
        self.item_pos: list[int] = []  # where the text of each open item (or its rest) starts
        self.item_number: list[int | None] = []  # each open item's number (None in a bullet list)
        self.item_lists: list[bool] = []  # whether each open item holds a list (then no empty item)
        self.next_number: list[int | None] = []  # per open list, its next item's number
        # per open item: its index in ``items`` once its text is there, _UNSEEN before, _GONE
        # once it went out in an earlier list block (the list was cut by a code block or a table)
        self.item_index: list[int] = []
        self.item_offsets: list[int] = []  # where each of ``items`` starts in the source
        self.list_start = 0
        self.list_first = 0  # the first block the outermost open list may give (NEW_LIST)
        self.item_end = 0  # where the last item closed ends (a list's own range runs on over the
        # link reference definitions after it)
        self.resumed = False  # the open item goes on after a code block or a table in it
        self.opens: str | None = None  # the marker of the item the code block or table read opens
        # tables
        self.table_start = 0
        self.header: tuple[str, ...] | None = None
        self.rows: list[tuple[str, ...]] = []
        self.table_text: str | None = None  # the text of a table read from its source, when known
        self.row: list[str] = []
        self.in_table = False
        self.in_head = False
        # where the tables read so far have a delimiter row a list marker opens (- | -)
        self.bullet_rows: list[int] = []
        # stand-alone images and footnotes
        self.image_marks: list[int] = []  # where each open image's alt text starts in self.text
        self.para_images: list[tuple[str, str, bool]] = []  # (src, alt, kept) in this paragraph
        self.open_q: list[str] = []  # the marks of each <q> written inline that is open
        self.language: str | None = None  # the document's (its front matter's lang)
        self.q_marks = _DEFAULT_QUOTES  # the quotation marks of its language
        self.footnote: str | None = None  # the label of a note whose first paragraph is to come
        self.notes = 0  # how many footnote definitions hold the blocks being read
        self.links: list[bool] = []  # open links: True for e-mail autolinks (kept as <addr>)
        self.image_src = ""
        # block quotes: how many hold the blocks being read; per open one, whether it counts (one
        # in a list item is the item's text); the blocks before ``quoted`` have their depth
        self.quote = 0
        self.quotes: list[bool] = []
        self.quoted = 0
        # per open block quote, how many list items held it when it opened
        self.quote_items: list[int] = []
        # per open block quote, for one right in an item's text (the outermost of that item): where
        # its text starts in the item's text read so far, and how many items and blocks there were
        # (a list, a code block or a table in it makes its text no quote of the item's alone)
        self.quote_starts: list[tuple[int, int, int] | None] = []
        # per open block quote, where its paragraphs after its first start in the item's text so far
        self.quote_breaks: list[list[int]] = []
        # per open item, the quotes in its text read so far ((start, end) in it, for ITEM_QUOTES) and
        # where their paragraphs after the first start (for ITEM_QUOTE_BREAKS)
        self.item_spans: list[list[tuple[int, int]]] = []
        self.item_breaks: list[list[int]] = []
        self.item_quotes: list[tuple[int, int, int]] = []  # those of ``items``: (index, start, end)
        self.item_quote_breaks: list[tuple[int, int]] = []  # those of ``items``: (index, offset)
        # per open item, where its own paragraphs after its first start in its text read so far (for
        # ITEM_PARAGRAPHS); those of ``items``: (index, offset)
        self.item_paras: list[list[int]] = []
        self.item_para_pos: list[list[int]] = []  # and where each starts in the source
        self.item_paragraphs: list[tuple[int, int]] = []
        # per open item, the headings in its own text read so far ((start, end, level) in it, for
        # ITEM_HEADINGS); those of ``items``: (index, start, end, level)
        self.item_heads: list[list[tuple[int, int, int]]] = []
        self.item_headings: list[tuple[int, int, int, int]] = []
        # where the text an item shows after a nested list starts in its text, and the index of the
        # item it stands before where another nested list of it follows (ITEM_TAILS)
        self.item_tails: list[tuple[int, ...]] = []

    # -- helpers ------------------------------------------------------------------------------

    def add(self, block: Block, start: int, end: int) -> None:
        self.blocks.append(Block(**_fields(block), lines=self.lines.span(start, end)))

    def new(
        self, kind: str, text: str, start: int, end: int, level: int = 0, items: tuple = (), meta: Any = None
    ) -> None:
        lines = self.span(start, end)
        if meta is None:
            self.blocks.append(new_block(kind, text, level, lines, items))
        else:
            self.blocks.append(new_block(kind, text, level, lines, items, meta))

    def collected(self) -> str:
        out = "".join(self.text)
        self.text.clear()
        return out

    def item_read(self) -> str:
        """The text of the innermost open item read since its text last went out, as it will
        read (white space runs one space)."""
        return " ".join(("".join(self.item_text[-1]) + "".join(self.text)).split())

    def quote_break(self) -> None:
        """A paragraph starting in the block quote of the innermost open item (at any depth of
        quotes in it) after text of that quote: where it starts in the item's text read so far,
        kept for ITEM_QUOTE_BREAKS if the quote is one of the item's (:meth:`e_quote`)."""
        depth = len(self.item_text)
        for k in range(len(self.quote_starts) - 1, -1, -1):
            if self.quote_items[k] != depth:
                return
            start = self.quote_starts[k]
            if start is not None:
                so_far = len(self.item_read())
                if so_far > start[0]:
                    self.quote_breaks[k].append(so_far + 1)
                return

    def paragraph_break(self, pos: int) -> None:
        """A paragraph or a heading starting in the innermost open item, outside any block quote
        of it, after text of the item: where it starts in the item's text read so far, kept for
        ITEM_PARAGRAPHS (:meth:`close_item_text`), and ``pos``, where it starts in the source."""
        if self.quote_items and self.quote_items[-1] == len(self.item_text):
            return
        so_far = len(self.item_read())
        if so_far:
            self.item_paras[-1].append(so_far + 1)
            self.item_para_pos[-1].append(pos)

    def item_text_ends(self) -> None:
        """A tight item's own text (no paragraph of its own) ends where a paragraph or heading
        in the item starts (a block quote's: ``- x`` then ``  > q``): it is a line of the item's
        text, not glued to the next word ("x q", not "xq")."""
        self.item_text[-1].append(self.collected() + "\n")

    # -- events -------------------------------------------------------------------------------

    # Each handler takes the tag's argument (None for plain tags) and the event's byte range.
    # Tags without a handler (emphasis, strong, block quotes …) are transparent.

    def s_paragraph(self, arg: Any, rng: dict[str, int]) -> None:
        if self.item_text or self.in_table:
            if self.text and self.item_text and not self.in_table:
                self.item_text_ends()
            if self.quote_starts and self.item_text and not self.in_table:
                self.quote_break()
            if self.item_text and not self.in_table:
                self.paragraph_break(rng["start"])
            if self.resumed and self.item_pos:
                self.item_pos[-1] = rng["start"]
                self.resumed = False
            return
        self.leaf, self.leaf_start = "paragraph", rng["start"]
        self.para_images = []

    def s_heading(self, arg: Any, rng: dict[str, int]) -> None:
        if self.item_text:
            self.paragraph_break(rng["start"])
        if self.text and self.item_text:
            self.item_text_ends()
        self.leaf, self.leaf_start = "heading", rng["start"]
        self.heading_level = _HEADING_LEVEL.get(arg.get("level", "H1"), 1) if arg else 1

    def s_code(self, arg: Any, rng: dict[str, int]) -> None:
        if self.item_text:
            self.opens = self.opened_item()
            # the list before ends before the line of the item the block opens
            self.break_list(self.item_pos[-1] if self.opens else rng["start"])
        self.leaf, self.leaf_start = "code", rng["start"]
        lang = arg.get("Fenced") if isinstance(arg, dict) else None
        self.code_lang = lang.split()[0] if lang and lang.split() else None

    def s_list(self, arg: Any, rng: dict[str, int]) -> None:
        if not self.list_stack:
            self.list_start = rng["start"]
            self.list_first = len(self.blocks)
            self.items = []
            self.item_offsets = []
        elif self.item_text:
            self.close_item_text(rng["start"], before_list=True)
            self.item_lists[-1] = True
            if self.item_index[-1] == _UNSEEN:
                # an item holding no text before this list ("-" then "  - x", or "- - x"): an empty
                # item all the same, in its place before the list's items, as "2." alone is one
                level = len(self.list_stack) - 1
                number = self.item_number[-1]
                self.items.append(new_item("", level, self.list_stack[-1], number))
                self.item_offsets.append(self.item_pos[-1])
                self.item_index[-1] = len(self.items) - 1
        self.list_stack.append(arg is not None)
        self.next_number.append(arg if isinstance(arg, int) else None)

    def s_item(self, arg: Any, rng: dict[str, int]) -> None:
        self.resumed = False
        self.item_text.append([])
        self.item_pos.append(rng["start"])
        number = self.next_number[-1] if self.next_number else None
        if number is not None:
            # the number written before the item (CommonMark reads only the first item's)
            raw = self.lines.raw
            written = (_ITEM_NUMBER if raw.__class__ is str else _ITEM_NUMBER_BYTES).match(raw, rng["start"])
            number = int(written.group(1)) if written else number
            self.next_number[-1] = number + 1
        self.item_number.append(number)
        self.item_index.append(_UNSEEN)
        self.item_lists.append(False)
        self.item_spans.append([])
        self.item_breaks.append([])
        self.item_paras.append([])
        self.item_para_pos.append([])
        self.item_heads.append([])
        self.text.clear()

    def s_table(self, arg: Any, rng: dict[str, int]) -> None:
        if self.item_text:
            self.opens = self.opened_item()
            # the list before ends before the line of the item the block opens
            self.break_list(self.item_pos[-1] if self.opens else rng["start"])
        self.in_table, self.table_start = True, rng["start"]
        self.header, self.rows, self.table_text = None, [], None
        row = _bullet_delimiter_row(self.lines.raw, rng["start"])
        if row is not None:
            self.bullet_rows.append(row)

    def s_row(self, arg: Any, rng: dict[str, int]) -> None:
        self.row = []

    def s_cell(self, arg: Any, rng: dict[str, int]) -> None:
        self.text.clear()

    def s_image(self, arg: Any, rng: dict[str, int]) -> None:
        self.image_marks.append(len(self.text))
        self.image_src = arg.get("dest_url", "") if isinstance(arg, dict) else ""

    def s_link(self, arg: Any, rng: dict[str, int]) -> None:
        email = isinstance(arg, dict) and arg.get("link_type") == "Email"
        self.links.append(email)
        if email:
            self.text.append("<")

    def s_html(self, arg: Any, rng: dict[str, int]) -> None:
        if not self.item_text:
            self.leaf, self.leaf_start = "html", rng["start"]
        else:  # a block of its own in the item, as a browser shows it
            self.paragraph_break(rng["start"])

    def s_footnote(self, arg: Any, rng: dict[str, int]) -> None:
        self.footnote = str(arg)
        self.notes += 1

    def s_quote(self, arg: Any, rng: dict[str, int]) -> None:
        counts = not self.list_stack
        if counts:
            self.mark_quoted()
            self.quote += 1
        self.quotes.append(counts)
        self.quote_items.append(len(self.item_text))
        start = None
        if self.item_text and self.quote_items.count(len(self.item_text)) == 1:
            so_far = len(self.item_read())
            start = (so_far + 1 if so_far else 0, len(self.items), len(self.blocks))
        self.quote_starts.append(start)
        self.quote_breaks.append([])

    def e_paragraph(self, arg: Any, rng: dict[str, int]) -> None:
        if self.item_text:
            self.item_text[-1].append(self.collected() + "\n")
        elif not self.in_table and self.leaf == "paragraph":
            self.end_paragraph(rng)

    def e_heading(self, arg: Any, rng: dict[str, int]) -> None:
        text = " ".join(self.collected().split())
        if text.endswith("#"):
            source = self.lines.raw[self.leaf_start : rng["end"]]
            if source.__class__ is bytes:
                source = source.decode("utf-8", "replace")
            if _TAB_CLOSED_ATX.match(source):
                text = text[: _CLOSING_RUN.search(text).start()]
        if self.item_text:
            self.item_text[-1].append(text + "\n")
            if text and not (self.quote_items and self.quote_items[-1] == len(self.item_text)):
                # a heading of the item's own text, outside a block quote of it: where it stands
                end = len(self.item_read())
                self.item_heads[-1].append((end - len(text), end, self.heading_level))
        elif text:
            lines = self.span(self.leaf_start, rng["end"])
            self.blocks.append(new_block(HEADING, text, self.heading_level, lines))
        self.leaf = None

    def e_code(self, arg: Any, rng: dict[str, int]) -> None:
        text = self.collected().rstrip("\n")
        if text.strip():
            meta = {"language": self.code_lang} if self.code_lang else {}
            if self.item_text:  # in the item, as the lines holding it are
                meta[IN_ITEM] = len(self.item_text)
                if self.opens:
                    meta[OPENS_ITEM] = self.opens
            self.new(CODE, text, self.leaf_start, rng["end"], meta=meta)
        self.leaf = None
        if self.item_text:
            self.resume_list(rng["end"])

    def e_item(self, arg: Any, rng: dict[str, int]) -> None:
        self.item_end = end = rng["end"]
        if self.item_index[-1] == _UNSEEN and not self.item_text[-1] and not self.item_paras[-1]:
            # an item holding its own text alone (most items): close_item_text's new item, inline
            text = " ".join("".join(self.text).split())
            self.text.clear()
        else:
            self.close_item_text(end)
            text = ""
        if text or (self.item_index[-1] == _UNSEEN and not self.item_lists[-1]):
            # (an item holding nothing, "2." alone, is an item all the same: counted and numbered,
            # though it gives no line of the list's text)
            stack = self.list_stack
            level, ordered = max(len(stack) - 1, 0), stack[-1] if stack else False
            self.items.append(new_item(text, level, ordered, self.item_number[-1]))
            self.item_offsets.append(self.item_pos[-1])
        self.item_text.pop()
        self.item_pos.pop()
        self.item_number.pop()
        self.item_index.pop()
        self.item_lists.pop()
        self.item_spans.pop()
        self.item_breaks.pop()
        self.item_paras.pop()
        self.item_para_pos.pop()
        self.item_heads.pop()

    def e_list(self, arg: Any, rng: dict[str, int]) -> None:
        self.list_stack.pop()
        self.next_number.pop()
        if self.list_stack:
            if self.item_pos:  # the open item's text goes on after its nested list
                self.item_pos[-1] = rng["end"]
                self.resumed = True
                if (
                    self.quote_items
                    and self.quote_items[-1] == len(self.item_text)
                    and self.item_index[-1] >= 0
                ):
                    # in a block quote of the item that held the nested list too: the quote's text
                    # after the list comes after its items (a paragraph in the item), not in the
                    # item's text before them
                    self.item_index[-1] = _GONE
        else:
            if self.items:
                self.emit_list(min(rng["end"], self.item_end))
            # a list of its own, though it may follow code in an item of the list before it
            mark_new_list(self.blocks, self.list_first)

    def emit_list(self, end: int) -> None:
        items = tuple(self.items)
        if self.item_offsets and self.item_offsets[0] > self.list_start:  # the rest after a code block
            self.list_start = self.item_offsets[0]
        if self.quote or self.quotes:  # not on the blank line of the quote after the list
            end = _without_quote_blanks(self.lines.raw, self.list_start, end)
        shown = sum(1 for item in items if item.text)  # the lines of its text
        meta: dict[str, Any] = {ITEM_QUOTES: tuple(self.item_quotes)} if self.item_quotes else {}
        if self.item_quote_breaks:
            meta[ITEM_QUOTE_BREAKS] = tuple(self.item_quote_breaks)
        if self.item_tails:  # by item, as the HTML reader gives them (not an item's after its nested items')
            meta[ITEM_TAILS] = tuple(sorted(self.item_tails))
        paragraphs = _own_paragraphs(self.item_paragraphs, self.item_quotes, self.item_tails)
        if paragraphs:
            meta[ITEM_PARAGRAPHS] = paragraphs
        if self.item_headings:
            meta[ITEM_HEADINGS] = tuple(sorted(self.item_headings))
        if not shown:  # empty items alone: no text to read
            pass
        elif (lines := self.span(self.list_start, end))[1] - lines[0] == shown - 1 or len(
            self.item_offsets
        ) != len(items):
            self.blocks.append(new_block(LIST, render_items(items), 0, lines, items, meta))
        else:  # an item runs over several lines (or an empty item takes one): say where each starts
            meta = {"item_lines": self.item_lines(lines[0]), **meta}
            self.blocks.append(new_block(LIST, render_items(items), 0, lines, items, meta))
        self.items = []
        self.item_quotes = []
        self.item_quote_breaks = []
        self.item_paragraphs = []
        self.item_headings = []
        self.item_tails = []
        self.item_offsets = []
        index = self.item_index
        for i, at in enumerate(index):
            if at >= 0:
                index[i] = _GONE

    def opened_item(self) -> str | None:
        """At a code block or a table in the innermost open item: the item's marker (``-``, ``2.``)
        when the block is the first thing it holds (GFM: an item of its own), else None. The item
        then takes no text of its own: what follows the block in it is a paragraph in the item."""
        if (
            self.item_index[-1] != _UNSEEN
            or "".join(self.item_text[-1]).strip()
            or "".join(self.text).strip()
        ):
            return None
        self.item_index[-1] = _GONE
        number = self.item_number[-1]
        return "-" if number is None else f"{number}."

    def break_list(self, start: int) -> None:
        """A code block or a table inside an item: the item's text so far ends, and the items
        so far become a list block of their own, so that the code or table is a block. The list
        block ends before the line the code or table starts on (``-     code``: an item that opens
        with indented code)."""
        self.close_item_text(start)
        if self.items:
            self.emit_list(self.lines.raw.rfind(self.lines.nl, 0, start) + 1)

    def resume_list(self, end: int) -> None:
        """After a code block or a table inside an item: the list goes on after it, the item's
        own text from the line after it (or from its next paragraph)."""
        raw = self.lines.raw
        if raw[end - 1 : end] not in ("\n", b"\n"):
            after = raw.find(self.lines.nl, end)
            end = len(raw) if after < 0 else after + 1
        self.list_start = end
        if self.item_pos:
            self.item_pos[-1] = end
            self.resumed = True

    def e_cell(self, arg: Any, rng: dict[str, int]) -> None:
        parts = self.text
        cell = parts[0] if len(parts) == 1 else "".join(parts)
        parts.clear()
        if "\n" in cell or "  " in cell or "\t" in cell:
            cell = " ".join(cell.split())
        self.row.append(cell.strip())

    def e_head(self, arg: Any, rng: dict[str, int]) -> None:
        self.header = tuple(self.row)

    def e_row(self, arg: Any, rng: dict[str, int]) -> None:
        self.rows.append(tuple(self.row))

    def e_table(self, arg: Any, rng: dict[str, int]) -> None:
        self.in_table = False
        rows = tuple(self.rows)
        raw, end = self.lines.raw, rng["end"]
        code = _code_after_table(raw, self.table_start, end, bool(self.list_stack) or self.notes > 0)
        if code is not None:
            rows = rows[: code[1]]
        if rows or (self.header and any(self.header)):
            lines = self.span(self.table_start, end if code is None else code[0])
            text = self.table_text if code is None else None
            if text is None:
                text = fast_render_table(self.header, rows)
            # a table in a list item stays in it (GFM), not a table of the text between two lists
            meta = {IN_ITEM: len(self.item_text)} if self.item_text else _EMPTY_META
            if self.item_text and self.opens:
                meta[OPENS_ITEM] = self.opens
            self.blocks.append(
                make_block(TABLE, text, 0, lines, None, (), rows, self.header, (), (), None, meta)
            )
        if code is not None:  # the lines from there on read as a text of their own
            offset, _row, indent = code
            rest = raw[offset:end]
            rest = rest if rest.__class__ is str else rest.decode("utf-8")
            by = self.lines.line_of(offset) - 1
            for block in _parse(_outdented(rest, indent)).blocks:
                block = _moved(block, by)
                if self.item_text:
                    block = Block(
                        **{**_fields(block), "meta": {**block.meta, IN_ITEM: len(self.item_text)}},
                        lines=block.lines,
                    )
                self.blocks.append(block)
        if self.item_text:
            self.resume_list(rng["end"])

    def e_image(self, arg: Any, rng: dict[str, int]) -> None:
        mark = self.image_marks.pop() if self.image_marks else 0
        self.para_images.append((self.image_src, "".join(self.text[mark:]), True))

    def e_link(self, arg: Any, rng: dict[str, int]) -> None:
        if self.links and self.links.pop():
            self.text.append(">")

    def e_html(self, arg: Any, rng: dict[str, int]) -> None:
        if self.leaf == "html":
            self.end_html(rng)

    def e_footnote(self, arg: Any, rng: dict[str, int]) -> None:
        self.footnote = None
        self.notes -= 1

    def e_quote(self, arg: Any, rng: dict[str, int]) -> None:
        start = self.quote_starts.pop() if self.quote_starts else None
        breaks = self.quote_breaks.pop() if self.quote_breaks else []
        if start is not None and start[1:] == (len(self.items), len(self.blocks)):
            end = len(self.item_read())
            if end > start[0] and self.item_index[-1] != _GONE:
                self.item_spans[-1].append((start[0], end))
                self.item_breaks[-1].extend(breaks)
        if self.quote_items:
            self.quote_items.pop()
        if self.quotes and self.quotes.pop():
            self.mark_quoted()
            self.quote -= 1

    def mark_quoted(self) -> None:
        """The blocks read since the last block quote opened or closed stand in as many as are
        open: their depth (``QUOTE``)."""
        quote_blocks(self.blocks, self.quoted, self.quote)
        self.quoted = len(self.blocks)

    def handlers(self) -> tuple[dict[str, Any], dict[str, Any]]:
        starts = {
            "Paragraph": self.s_paragraph,
            "Heading": self.s_heading,
            "CodeBlock": self.s_code,
            "List": self.s_list,
            "Item": self.s_item,
            "Table": self.s_table,
            "TableHead": self.s_row,
            "TableRow": self.s_row,
            "TableCell": self.s_cell,
            "Image": self.s_image,
            "Link": self.s_link,
            "HtmlBlock": self.s_html,
            "FootnoteDefinition": self.s_footnote,
            "BlockQuote": self.s_quote,
        }
        ends = {
            "Paragraph": self.e_paragraph,
            "Heading": self.e_heading,
            "CodeBlock": self.e_code,
            "List": self.e_list,
            "Item": self.e_item,
            "Table": self.e_table,
            "TableHead": self.e_head,
            "TableRow": self.e_row,
            "TableCell": self.e_cell,
            "Image": self.e_image,
            "Link": self.e_link,
            "HtmlBlock": self.e_html,
            "FootnoteDefinition": self.e_footnote,
            "BlockQuote": self.e_quote,
        }
        return starts, ends

    def end_paragraph(self, rng: dict[str, int]) -> None:
        text = self.collected().strip()
        if "\n" in text:
            text = _LINE_EDGES.sub("\n", text)
        self.leaf = None
        images = self.para_images
        if images:
            self.para_images = []
            alts = "".join(alt for _, alt, _ in images)
            if text.replace(" ", "").replace("\n", "") == alts.replace(" ", ""):
                for src, alt, keep in images:  # a paragraph that is only images: image blocks
                    if not keep:
                        continue
                    label = alt or src.rsplit("/", 1)[-1] or "image"
                    meta = {"src": src}
                    lines = self.lines.span(self.leaf_start, rng["end"])
                    block = Block(IMAGE, f"[Image: {label}]", lines=lines, alt=alt or None, meta=meta)
                    self.blocks.append(block)
                return
        if text:
            if self.footnote is not None:
                text = f"[^{self.footnote}]: {text}"
                self.footnote = None
            self.blocks.append(new_block(PARAGRAPH, text, 0, self.span(self.leaf_start, rng["end"])))

    def end_html(self, rng: dict[str, int]) -> None:
        from .html import html_blocks

        raw = self.collected()
        self.leaf = None
        if not raw.strip() or raw.lstrip().startswith("<!--") and raw.rstrip().endswith("-->"):
            return
        blocks, _ = html_blocks(raw, language=self.language)
        for block in blocks:
            self.add(block, self.leaf_start, rng["end"])

    def item_lines(self, first: int) -> tuple[int, ...]:
        """The source line each collected item with text (each line of the list's text) starts on;
        the list starts on line ``first``."""
        raw, nl = self.lines.raw, self.lines.nl
        pos, line, out = self.list_start, first, []
        for offset, item in zip(self.item_offsets, self.items, strict=True):
            line += raw.count(nl, pos, offset)
            pos = offset
            if item.text:
                out.append(line)
        return tuple(out)

    def close_item_text(self, end: int, before_list: bool = False) -> None:
        """Emit the text gathered so far for the innermost open item, which ends at ``end`` (at
        a nested list, ``before_list``, a code block or table in it, or its end). Text that goes
        on after the item's nested list joins the item's own text, as the paragraphs of an item
        do, and the list says where it starts (``ITEM_TAILS``); after a code block or a table that
        cut the list, the item's first text is in the list block before it, and the rest is a
        paragraph (never a new item)."""
        parts = self.item_text[-1]
        parts.extend(self.text)
        self.text.clear()
        text = " ".join("".join(parts).split())
        parts.clear()
        spans = self.item_spans[-1] if self.item_spans else []
        quoted, spans[:] = list(spans), []
        breaks = self.item_breaks[-1] if self.item_breaks else []
        broken, breaks[:] = list(breaks), []
        paras = self.item_paras[-1] if self.item_paras else []
        starts, paras[:] = list(paras), []
        pos = self.item_para_pos[-1] if self.item_para_pos else []
        places, pos[:] = list(pos), []
        heads = self.item_heads[-1] if self.item_heads else []
        titles, heads[:] = list(heads), []
        if not text:
            return
        at = self.item_index[-1] if self.item_index else _UNSEEN
        if 0 <= at < len(self.items):
            item = self.items[at]
            by = len(item.text) + 1 if item.text else 0  # (an empty item's text starts here)
            joined = f"{item.text} {text}" if item.text else text
            self.items[at] = new_item(joined, item.level, item.ordered, item.number)
            # before the first item of the nested list it ends at, else after all those of the item
            self.item_tails.append((at, by, len(self.items)) if before_list else (at, by))
            self.item_quotes.extend((at, start + by, end + by) for start, end in quoted)
            self.item_quote_breaks.extend((at, offset + by) for offset in broken)
            self.item_paragraphs.extend((at, offset + by) for offset in starts)
            self.item_headings.extend((at, start + by, end + by, level) for start, end, level in titles)
        elif at == _GONE:
            start, raw = self.item_pos[-1], self.lines.raw
            if self.items:  # the items since the cut: a list block before the paragraph
                # (not on a block quote's blank lines before it: the quote may have closed)
                self.emit_list(
                    _without_quote_blanks(raw, self.item_offsets[0] if self.item_offsets else start, start)
                )
            # a paragraph block for each of its paragraphs, as the markdown-it reader gives
            cuts = [0, *starts, len(text) + 1]
            levels = {begin: level for begin, _, level in titles}  # its headings' (HEADING_LEVEL)
            for (a, b), (begin, stop) in zip(pairwise(cuts), pairwise([start, *places, end]), strict=True):
                stop = _without_quote_blanks(raw, begin, stop)
                meta = {IN_ITEM: len(self.item_text)}
                if levels.get(a):
                    meta[HEADING_LEVEL] = levels[a]
                self.new(PARAGRAPH, text[a : b - 1], begin, stop, meta=meta)
        else:
            stack = self.list_stack
            level, ordered = max(len(stack) - 1, 0), stack[-1] if stack else False
            self.items.append(
                new_item(text, level, ordered, self.item_number[-1] if self.item_number else None)
            )
            self.item_offsets.append(self.item_pos[-1] if self.item_pos else self.list_start)
            if self.item_index:
                self.item_index[-1] = len(self.items) - 1
            self.item_quotes.extend((len(self.items) - 1, start, end) for start, end in quoted)
            self.item_quote_breaks.extend((len(self.items) - 1, offset) for offset in broken)
            self.item_paragraphs.extend((len(self.items) - 1, offset) for offset in starts)
            self.item_headings.extend((len(self.items) - 1, *title) for title in titles)

    def other(self, ev: Any) -> None:
        """Events other than Text/Start/End (rare enough for a plain dispatch)."""
        if isinstance(ev, dict):
            ((kind, value),) = ev.items()
            if kind == "Code":
                self.text.append(value)
            elif kind == "Html":
                self.text.append(value if self.leaf == "html" else _INLINE_TAG.sub(_tag_text, value))
            elif kind == "InlineHtml":
                if value.lower().startswith("<br"):
                    self.text.append("\n")
                elif (mark := _q_mark(value, self.open_q, self.q_marks)) is not None:
                    self.text.append(mark)
                elif _IMG_TAG.match(value):
                    attrs = _img_attrs(value)
                    alt = attrs.get("alt") or ""
                    self.text.append(alt)
                    if self.leaf == "paragraph":  # a paragraph of images alone gives image blocks
                        # but not of the icons and tracking pixels a web page leaves out
                        from .html import _junk_image

                        keep = _junk_image(attrs, alt) is None
                        self.para_images.append((attrs.get("src") or "", alt, keep))
            elif kind == "FootnoteReference":
                self.text.append(f"[^{value}]")
            elif kind == "TaskListMarker":
                self.text.append("[x] " if value else "[ ] ")
            elif kind in ("InlineMath", "DisplayMath"):
                self.text.append(value)
        elif ev == "SoftBreak" or ev == "HardBreak":
            self.text.append("\n")


def _own_paragraphs(
    paragraphs: list[tuple[int, int]], quotes: list[tuple[int, int, int]], tails: list[tuple[int, ...]]
) -> tuple[tuple[int, int], ...]:
    """Where the paragraphs of the items' own text after their first start ((index, offset), sorted),
    but for the starts of their quotes' text and of their text after them (``quotes``: ITEM_QUOTES)
    and of their pieces after their nested lists (``tails``: ITEM_TAILS), paragraphs already."""
    said = {(k, at) for k, start, end in quotes for at in (start, end + 1)}
    said.update((k, at) for k, at, *_ in tails)
    return tuple(sorted(set(paragraphs) - said))


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


def _parse(text: str, language: str | None = None) -> _Builder:
    """The blocks of ``text`` read by pulldown-cmark, but for a table whose delimiter row a list
    marker opens (``- | -``), a list item in GFM (:func:`_bullet_delimiter_row`): the text is read
    again, each such row told to pulldown-cmark as an item (:func:`_rows_as_items`)."""
    builder = _read(text, language)
    written: dict[int, int] = {}  # offset → the byte a row held there before it was told
    while builder.bullet_rows:  # a row read as an item no longer matches: each pass has fewer
        text = _rows_as_items(builder.lines.raw, builder.bullet_rows, written)
        builder = _read(text, language, written)
    return builder


#: A table's delimiter row whose first cell's ``-`` is followed by a space (``- | -``,
#: ``  - | :-:``, in a list item or a block quote): a bullet list item's marker. GFM (cmark-gfm,
#: and markdown-it) reads a list item there, a list marker going before a table's delimiter row,
#: so ``a | b`` over ``- | -`` is a paragraph and an item ``| -``; pulldown-cmark made a table of
#: them, and in a list item, ``- Fruit | Colour`` over ``  - | -`` and ``  - Apple | red`` (an
#: item over its sub-items) a table of one header row and a list after it.
_BULLET_DELIMITER = re.compile(r"[ >]*- [ :|-]*\|[ :|-]*\r?")
_BULLET_DELIMITER_BYTES = re.compile(_BULLET_DELIMITER.pattern.encode())


def _bullet_delimiter_row(raw: str | bytes, start: int) -> int | None:
    """Where the delimiter row of the table starting at ``raw[start]`` starts, when a list
    marker opens it (:data:`_BULLET_DELIMITER`); None for any other (most tables)."""
    nl = "\n" if raw.__class__ is str else b"\n"
    first = raw.find(nl, start) + 1
    if not first:
        return None
    end = raw.find(nl, first)
    pattern = _BULLET_DELIMITER if raw.__class__ is str else _BULLET_DELIMITER_BYTES
    return first if pattern.fullmatch(raw, first, len(raw) if end < 0 else end) else None


def _rows_as_items(raw: str | bytes, rows: list[int], written: dict[int, int]) -> str:
    """``raw`` with each delimiter row starting at an offset of ``rows`` written so that
    pulldown-cmark reads a list item there, as GFM does. A space between two cells' characters
    becomes a tab (``- |<tab>-``), which its delimiter rows do not hold and an item's text reads
    as a space: the item's text and the column its content starts at stay as they were. A row
    without such a space (``- |-``) has the first character after its marker made a letter
    instead, the byte it held kept in ``written`` for :func:`_read` to put back in the item's
    text: a tab after the marker would start its content at the next tab stop, which a line
    under it indented 2 columns as a sub-item no longer reaches. Offsets and line numbers stay
    as they were, a byte for a byte."""
    text = bytearray(raw.encode("utf-8") if raw.__class__ is str else raw)
    for first in rows:
        end = text.find(b"\n", first)
        line = text[first : len(text) if end < 0 else end]
        marker = line.index(b"- ")
        inner = re.search(rb" (?=[^ \r])", line[marker + 2 :])
        if inner:
            text[first + marker + 2 + inner.start()] = 0x09
            continue
        at = first + marker + 2 + len(line[marker + 2 :]) - len(line[marker + 2 :].lstrip(b" "))
        written.setdefault(at, text[at])
        text[at] = 0x78  # "x"
    return text.decode("utf-8")


def _put_back(events: Any, raw: bytes, written: dict[int, int]) -> Any:
    """The events of a text some of whose rows :func:`_rows_as_items` wrote over, a text event
    holding one of them given the characters the row holds (its text is its source: a delimiter
    row holds no markup)."""
    for ev, rng in events:
        if ev.__class__ is dict and "Text" in ev:
            start, end = rng["start"], rng["end"]
            held = [at for at in written if start <= at < end]
            if held:
                source = bytearray(raw[start:end])
                if source.decode("utf-8", "replace") == ev["Text"]:
                    for at in held:
                        source[at - start] = written[at]
                    ev = {"Text": source.decode("utf-8", "replace")}
        yield ev, rng


def _read(text: str, language: str | None = None, written: dict[int, int] | None = None) -> _Builder:
    builder = _Builder(text)
    builder.language, builder.q_marks = language, _quotes_of(language)
    append, other = builder.text.append, builder.other
    starts, ends = builder.handlers()
    # The hot loop: most events are text, then block starts and ends; a tag is a plain string
    # ("Paragraph") or a one-key dict ({"Heading": {...}}) carrying its argument.
    events = iter(pyromark.events_with_range(text, options=_OPTIONS, merge_text=True))
    if written:
        events = _put_back(events, text.encode("utf-8"), written)
    for ev, rng in events:
        if ev.__class__ is dict:
            value = ev.get("Text")
            if value is not None:
                append(value)
                continue
            value = ev.get("Start")
            table = starts
            if value is None:
                value = ev.get("End")
                table = ends
                if value is None:
                    other(ev)
                    continue
            if value.__class__ is str:
                handler = table.get(value)
                if handler is not None:
                    handler(None, rng)
            else:
                for name in value:  # the one key
                    handler = table.get(name)
                    if handler is not None:
                        handler(value[name], rng)
                if builder.in_table:
                    plain = _plain_table(builder.lines.raw, rng) if not builder.item_text else None
                    if plain is None:
                        _table_events(builder, events, starts, ends)
                    else:
                        rows, builder.table_text = plain
                        _pass_marks(events, rows)
                        _skip_table(events)
                        builder.header, builder.rows = rows[0], rows[1:]
                        builder.e_table(None, rng)
        else:
            other(ev)
    return builder


#: Characters that may start inline markup, an escape or an entity in a table cell. A table
#: without any of them has cells whose text is exactly their source, trimmed.
_CELL_MARKUP = "!$&*<>[\\]^_`~"
_ODD_SPACE = re.compile(r"[^\S \n]")  # white space other than spaces and newlines
_ODD_ASCII_SPACE = "\t\x0b\x0c\r\x1c\x1d\x1e\x1f"  # what _ODD_SPACE matches in ASCII text


def _has_any(text: str, chars: str) -> bool:
    """Whether ``text`` holds one of ``chars``: a C-level search per character, many times
    quicker than a regex character class stepping through the text."""
    return any([ch in text for ch in chars])


def _odd_space(text: str) -> bool:
    return _has_any(text, _ODD_ASCII_SPACE) if text.isascii() else _ODD_SPACE.search(text) is not None


_END_TABLE = {"End": "Table"}


def _plain_table(raw: str | bytes, rng: dict[str, int]) -> tuple[list[tuple[str, ...]], str | None] | None:
    """The header and body rows of a pipe table read straight from its source, when no cell
    holds anything but plain text (most tables), and the table's text when its source is
    already that text but for the delimiter row; None when the events must be read instead.
    Rows are padded or cut to the header's width, as the parser does."""
    source = raw[rng["start"] : rng["end"]]
    if source.__class__ is bytes:
        source = source.decode("utf-8")
    if _has_any(source, _CELL_MARKUP):
        return None
    lines = source.split("\n")
    if lines[-1].strip() == "":
        lines.pop()
    if len(lines) < 2:
        return None
    del lines[1]  # the delimiter row
    # "| a | b |" with single spaces and nothing but spaces for white space (the usual table)
    # splits on " | " directly; any other line is cut at its pipes and each cell cleaned.
    simple = "  " not in source and not _odd_space(source)
    # Whether every line is "| " + " | ".join(cells) + " |" with clean cells and the header's
    # width, as fast_render_table renders it: then the table's text is its own lines.
    rendered = simple
    out: list[tuple[str, ...]] = []
    width = -1
    for line in lines:
        if simple and line[:2] == "| " and line[-2:] == " |" and len(line) > 3:  # not "| |"
            cells = line[2:-2].split(" | ")
            if len(cells) + 1 != line.count("|"):
                cells = _cells(line)
                rendered = False
        else:
            cells = _cells(line)
            rendered = False
        if width < 0:
            width = len(cells)
        elif len(cells) != width:
            cells = (cells + [""] * width)[:width]
            rendered = False
        out.append(tuple(cells))
    if not rendered:
        return out, None
    lines.insert(1, "|" + " --- |" * width)
    return out, "\n".join(lines)


def _cells(line: str) -> list[str]:
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|"):
        line = line[:-1]
    return [
        " ".join(c.split()) if ("\n" in c or "  " in c or "\t" in c) else c.strip() for c in line.split("|")
    ]


#: the block quote markers opening a line (``> > ``), each with the one space it may take
_QUOTES = re.compile(r"(?: {0,3}> ?)*")
_QUOTES_BYTES = re.compile(rb"(?: {0,3}> ?)*")


def _column(prefix: str | bytes) -> int:
    """The column the text after ``prefix`` starts at, inside its block quotes (a tab to the next
    multiple of 4, as in CommonMark)."""
    quotes = _QUOTES if prefix.__class__ is str else _QUOTES_BYTES
    return len(prefix[quotes.match(prefix).end() :].expandtabs(4))


def _indent(line: str | bytes) -> int:
    """How far a line is indented inside its block quotes, in columns."""
    quotes = _QUOTES if line.__class__ is str else _QUOTES_BYTES
    body = line[quotes.match(line).end() :]
    return len(body[: len(body) - len(body.lstrip())].expandtabs(4))


#: a line (after the first) opening with what :func:`_indent` may count: white space or a ``>``
_INDENTED_LINE = re.compile(r"\n[\s>]")
_INDENTED_LINE_BYTES = re.compile(rb"\n[\s>]")


def _code_after_table(raw: str | bytes, start: int, end: int, in_item: bool) -> tuple[int, int, int] | None:
    """Where the first row of the pipe table at ``raw[start:end]`` indented 4 columns or more
    past what holds the table (the text's margin, or in a list item or a footnote definition,
    ``in_item``, where the table starts) starts: its offset, its index among the body rows, and
    that indent. A note's lines are indented 4 columns: its table's rows were each taken for code.
    GFM (cmark-gfm, and markdown-it) ends the table there and reads the line as indented code,
    which may not interrupt a paragraph but may a table; pulldown-cmark reads it as one more
    row, its code in the first cell and its indentation gone."""
    nl = "\n" if raw.__class__ is str else b"\n"
    first = raw.rfind(nl, 0, start) + 1
    if start == first:  # at the margin (not after an item's marker): no row indented at all?
        indented = _INDENTED_LINE if raw.__class__ is str else _INDENTED_LINE_BYTES
        if indented.search(raw, start, end) is None:
            return None  # most tables
    lines = raw[first:end].split(nl)
    if len(lines) < 3:
        return None
    # in an item, where its first line starts (after the item's marker) or its rule does
    indent = min(_column(raw[first:start]), _indent(lines[1])) if in_item else 0
    offset = first + len(lines[0]) + len(lines[1]) + 2
    for row, line in enumerate(lines[2:]):
        if line.strip() and _indent(line) >= indent + 4:
            return offset, row, indent
        offset += len(line) + 1
    return None


def _without_quote_blanks(raw: str | bytes, start: int, end: int) -> int:
    """``end`` moved back before the blank lines of a block quote (``>`` alone, or ``> >``) that
    close ``raw[start:end]``: the last item of a list in a block quote runs on over the blank
    quoted line after it, which holds none of its text."""
    nl = "\n" if raw.__class__ is str else b"\n"
    quotes = _QUOTES if raw.__class__ is str else _QUOTES_BYTES
    while end > start:
        body = raw[start:end].rstrip()
        first = body.rfind(nl) + 1
        if not first or not quotes.fullmatch(body, first):
            break
        end = start + first
    return end


def _outdented(text: str, indent: int) -> str:
    """``text`` without its lines' block quote markers and their first ``indent`` columns (the
    indentation of the list item holding them), a tab counted to the next multiple of 4 (as
    :func:`_indent` counts it) and what is left of a line's indentation written as spaces: a
    tab is as wide as the column it stands at makes it, which taking columns off changes."""
    out = []
    for line in text.split("\n"):
        line = line[_QUOTES.match(line).end() :]
        body = line.lstrip(" \t")
        if "\t" in line[: len(line) - len(body)]:
            out.append(" " * max(0, _indent(line) - indent) + body)
        else:
            out.append(line[indent:] if not line[:indent].strip() else line.lstrip())
    return "\n".join(out)


def _moved(block: Block, by: int) -> Block:
    """``block`` read from a part of the text starting after line ``by``, in the text's lines."""
    if block.lines is None or not by:
        return block
    meta = block.meta
    if meta and "item_lines" in meta:
        meta = {**meta, "item_lines": tuple(n + by for n in meta["item_lines"])}
    return Block(**{**_fields(block), "meta": meta}, lines=(block.lines[0] + by, block.lines[1] + by))


def _pass_marks(events: Any, rows: list[tuple[str, ...]]) -> None:
    """Consume the events every plain table (:func:`_plain_table` read its ``rows``, the header's
    first) opens with, by their count: the parser gives every row as wide as the header, and
    each row and each cell a start and an end, which come before the table's end whatever the
    cells hold; counted, they are passed over in a fraction of the time comparing each takes.
    Some of them come after texts of the table (a cell's), which :func:`_skip_table` passes
    over then, with the table's end."""
    deque(islice(events, 2 * len(rows) * (1 + len(rows[0]))), maxlen=0)


def _skip_table(events: Any) -> None:
    """Consume the events up to and including the table's end without a Python-level loop.
    ``ne`` rather than ``dict.__ne__``: a bare-string event (``"SoftBreak"``) gives the dict method
    NotImplemented, which is true only by a deprecated rule (a TypeError from Python 3.14)."""
    deque(takewhile(partial(ne, _END_TABLE), map(itemgetter(0), events)), maxlen=0)


def _table_events(builder: _Builder, events: Any, starts: dict[str, Any], ends: dict[str, Any]) -> None:
    """The events of a pipe table, up to and including its end: cells, rows and the text in
    them are most of a table-heavy document's events, so they are handled here inline, and
    anything else (links, images, inline code …) goes to the general handlers."""
    text = builder.text
    append, other = text.append, builder.other
    row: list[str] = builder.row
    rows = builder.rows
    for ev, rng in events:
        if ev.__class__ is not dict:
            other(ev)
            continue
        value = ev.get("Text")
        if value is not None:
            append(value)
            continue
        value = ev.get("Start")
        if value is not None:
            if value == "TableCell":
                text.clear()
            elif value == "TableRow" or value == "TableHead":
                row = builder.row = []
            elif value.__class__ is str:
                handler = starts.get(value)
                if handler is not None:
                    handler(None, rng)
            else:
                for name, arg in value.items():
                    handler = starts.get(name)
                    if handler is not None:
                        handler(arg, rng)
            continue
        value = ev.get("End")
        if value is None:
            other(ev)
        elif value == "TableCell":
            cell = text[0] if len(text) == 1 else "".join(text)
            text.clear()
            if "\n" in cell or "  " in cell or "\t" in cell:
                cell = " ".join(cell.split())
            row.append(cell.strip())
        elif value == "TableRow":
            rows.append(tuple(row))
        elif value == "TableHead":
            builder.header = tuple(row)
        elif value == "Table":
            builder.e_table(None, rng)
            return
        elif value.__class__ is str:
            handler = ends.get(value)
            if handler is not None:
                handler(None, rng)
        else:
            for name, arg in value.items():
                handler = ends.get(name)
                if handler is not None:
                    handler(arg, rng)


class _Fallback:
    """The same blocks from markdown-it-py's token stream (token ``map`` gives the lines)."""

    def __init__(self, text: str, language: str | None = None) -> None:
        from markdown_it import MarkdownIt
        from markdown_it.rules_block import heading, list_block
        from mdit_py_plugins.footnote import footnote_plugin

        md = MarkdownIt("commonmark").enable(["table", "strikethrough"]).use(footnote_plugin)
        md.disable("footnote_tail")  # which moves the notes to the end and drops those never referenced
        # an ATX heading's line is a heading even over a table's delimiter row ("# a | b" over
        # "|-|-|"): GFM makes a table's header of a paragraph's line, but markdown-it tries its
        # table before its headings
        md.block.ruler.before(
            "table", "atx_heading", heading, {"alt": ["paragraph", "reference", "blockquote"]}
        )
        # so is a list item's line ("- a | b" over "--- | ---"), GFM trying list markers before
        # tables: markdown-it made a table headed "- a", "b" (pulldown-cmark reads an item)
        md.block.ruler.before(
            "table", "list_item", list_block, {"alt": ["paragraph", "reference", "blockquote"]}
        )
        self.tokens = md.parse(text)
        self.source = text.split("\n")
        self.blocks: list[Block] = []
        self.front_matter: str | None = None
        self.front_matter_lines = (1, 1)
        self.quote = 0  # how many block quotes hold the blocks being read (one in a list is its item's)
        self.quoted = 0  # the blocks before it have their depth
        self.language = language  # the document's (its front matter's lang)
        self.q_marks = _quotes_of(language)

    def span(self, token_map: list[int] | None) -> tuple[int, int]:
        if not token_map:
            return (1, 1)
        first, end = token_map[0] + 1, token_map[1]
        while end > first and not self.source[end - 1].strip():
            end -= 1
        return first, max(first, end)

    def inline(self, token: Any) -> str:
        out: list[str] = []
        quotes: list[str] = []  # the marks of each <q> written inline that is open
        for child in token.children or ():
            kind = child.type
            if kind in ("text", "code_inline"):
                out.append(child.content)
            elif kind in ("softbreak", "hardbreak"):
                out.append("\n")
            elif kind == "image":
                out.append("".join(c.content for c in child.children or ()))
            elif kind == "html_inline" and _IMG_TAG.match(child.content):
                out.append(_img_alt(child.content))
            elif kind == "html_inline" and child.content.lower().startswith("<br"):
                out.append("\n")
            elif kind == "html_inline" and (mark := _q_mark(child.content, quotes, self.q_marks)) is not None:
                out.append(mark)
            elif (
                kind == "link_open"
                and child.markup == "autolink"
                and child.attrs.get("href", "").startswith("mailto:")
            ):
                out.append("<")
            elif kind == "link_close" and child.markup == "autolink" and out and "@" in out[-1]:
                out.append(">")
            elif kind == "footnote_ref":
                out.append(f"[^{child.meta.get('label', child.meta.get('id', ''))}]")
        return "".join(out)

    def run(self) -> _Fallback:
        tokens, i = self.tokens, 0
        footnote = None
        while i < len(tokens):
            tok = tokens[i]
            kind = tok.type
            if kind == "heading_open":
                text = " ".join(self.inline(tokens[i + 1]).split())
                if text:
                    self.blocks.append(Block(HEADING, text, level=int(tok.tag[1]), lines=self.span(tok.map)))
                i += 2
            elif kind == "paragraph_open":
                text = _LINE_EDGES.sub("\n", self.inline(tokens[i + 1]).strip())
                if self.images_alone(tokens[i + 1], text, tok.map):
                    i += 2
                    continue
                if text and footnote is not None:
                    text, footnote = f"[^{footnote}]: {text}", None
                if text:
                    self.blocks.append(Block(PARAGRAPH, text, lines=self.span(tok.map)))
                i += 2
            elif kind == "footnote_reference_open":
                footnote = tok.meta.get("label", "")
            elif kind == "footnote_reference_close":
                footnote = None
            elif kind in ("fence", "code_block"):
                text = tok.content.rstrip("\n")
                lang = tok.info.split()[0] if tok.info.split() else None
                if text.strip():
                    meta = {"language": lang} if lang else {}
                    self.blocks.append(Block(CODE, text, lines=self.span(tok.map), meta=meta))
            elif kind in ("bullet_list_open", "ordered_list_open"):
                first = len(self.blocks)
                i = self.list(i)
                # a list of its own, though it may follow code in an item of the list before it
                mark_new_list(self.blocks, first)
                continue
            elif kind == "table_open":
                i = self.table(i)
                continue
            elif kind == "html_block":
                from .html import html_blocks

                for block in html_blocks(tok.content, language=self.language)[0]:
                    self.blocks.append(Block(**{**_fields(block), "lines": self.span(tok.map)}))
            elif kind in ("blockquote_open", "blockquote_close"):
                quote_blocks(self.blocks, self.quoted, self.quote)
                self.quoted = len(self.blocks)
                self.quote += 1 if kind == "blockquote_open" else -1
            i += 1
        return self

    def images_alone(self, inline: Any, text: str, token_map: list[int] | None) -> bool:
        """IMAGE blocks for a paragraph of images alone, as the main reader gives them (but for
        the icons and tracking pixels of ``<img>`` tags); whether the paragraph was one."""
        from .html import _junk_image

        images: list[tuple[str, str, bool]] = []  # (src, alt, kept)
        for child in inline.children or ():
            if child.type == "image":
                alt = "".join(c.content for c in child.children or ())
                images.append((str(child.attrs.get("src") or ""), alt, True))
            elif child.type == "html_inline" and _IMG_TAG.match(child.content):
                attrs = _img_attrs(child.content)
                alt = attrs.get("alt") or ""
                images.append((attrs.get("src") or "", alt, _junk_image(attrs, alt) is None))
        alts = "".join(alt for _, alt, _ in images)
        if not images or text.replace(" ", "").replace("\n", "") != alts.replace(" ", ""):
            return False
        for src, alt, keep in images:
            if keep:
                label = alt or src.rsplit("/", 1)[-1] or "image"
                self.blocks.append(
                    Block(
                        IMAGE,
                        f"[Image: {label}]",
                        lines=self.span(token_map),
                        alt=alt or None,
                        meta={"src": src},
                    )
                )
        return True

    def list(self, i: int) -> int:
        tokens, start = self.tokens, self.tokens[i]
        items: list[ListItem] = []
        starts: list[int] = []  # the source line each item starts on
        ordered: list[bool] = []
        index: list[int] = []  # per open item, as the pulldown-cmark reader's ``item_index``
        numbers: list[int | None] = []  # per open item, its number as written (None in a bullet list)
        quotes: list[int] = []  # per open block quote in the list, how many items held it when it opened
        # per open item, the source line it starts on; whether a nested list, a code block or a table
        # in it ended (its text from then on starts where it is written, as the pulldown-cmark
        # reader's item_pos); and whether it holds a list (then it is no empty item)
        item_starts: list[int] = []
        resumed: list[bool] = []
        lists: list[bool] = []
        # per open block quote, for one right in an item's text (the outermost of that item): the
        # item's index in ``items`` (or _UNSEEN), the length of its text, how many items and blocks
        # there were; and the quotes in the text of ``items`` ((index, start, end), ITEM_QUOTES)
        quote_starts: list[tuple[int, int, int, int] | None] = []
        spans: list[tuple[int, int, int]] = []
        # per open block quote, where its paragraphs after its first start in its item's text; and
        # those of the quotes in ``spans`` ((index, offset), ITEM_QUOTE_BREAKS)
        pending: list[list[int]] = []
        breaks: list[tuple[int, int]] = []
        # per open item, whether a nested list ended in it since its text last went on, and which of
        # ``tails`` says where the text after its latest nested list starts, while no other has opened
        # after it; those of the items in ``items`` ((index, offset[, item before]), ITEM_TAILS)
        due: list[bool] = []
        last_tail: list[int | None] = []
        tails: list[tuple[int, ...]] = []
        # where the paragraphs of the text of ``items`` after their first start ((index, offset),
        # ITEM_PARAGRAPHS): each text going on outside a block quote of its item
        paragraphs: list[tuple[int, int]] = []
        # the headings in the text of ``items`` ((index, start, end, level), ITEM_HEADINGS), and the level
        # of the one open in an item's own text (0 for none)
        headings: list[tuple[int, int, int, int]] = []
        title = 0
        while i < len(tokens):
            tok = tokens[i]
            if tok.type in ("bullet_list_open", "ordered_list_open"):
                if index and index[-1] == _UNSEEN:
                    # an item holding no text before this list: an empty item all the same, as the
                    # pulldown-cmark reader's s_list gives
                    items.append(ListItem("", len(ordered) - 1, ordered[-1], numbers[-1]))
                    starts.append(item_starts[-1])
                    index[-1] = len(items) - 1
                ordered.append(tok.type == "ordered_list_open")
                if lists:
                    lists[-1] = True
                if last_tail and (n := last_tail[-1]) is not None:  # that text stands before this list
                    tails[n] = (*tails[n], len(items))
                    last_tail[-1] = None
            elif tok.type in ("bullet_list_close", "ordered_list_close"):
                ordered.pop()
                if not ordered:
                    break
                if resumed:
                    resumed[-1] = True
                if due and index and index[-1] >= 0:  # (an item without text before it: its text to come)
                    due[-1] = True
                if quotes and quotes[-1] == len(index) and index and index[-1] >= 0:
                    index[-1] = _GONE  # as the pulldown-cmark reader's e_list: a quote's text after its list
            elif tok.type == "blockquote_open":
                quotes.append(len(index))
                opened = None
                if index and quotes.count(len(index)) == 1:
                    at = index[-1]
                    before = len(items[at].text) if 0 <= at < len(items) else 0
                    opened = (at, before, len(items), len(self.blocks))
                quote_starts.append(opened)
                pending.append([])
            elif tok.type == "blockquote_close":
                if quotes:
                    quotes.pop()
                opened = quote_starts.pop() if quote_starts else None
                offsets = pending.pop() if pending else []
                if opened is not None and len(self.blocks) == opened[3] and index and index[-1] >= 0:
                    at, before, count = opened[0], opened[1], opened[2]
                    if at == _UNSEEN:  # its words the item's first
                        at, count = count, count + 1
                    begin = before + 1 if before else 0
                    if index[-1] == at and len(items) == count and len(items[at].text) > begin:
                        spans.append((at, begin, len(items[at].text)))
                        breaks.extend((at, offset) for offset in offsets)
            elif tok.type == "heading_open":
                # one of an item's own text, outside a block quote of it, as the pulldown-cmark reader's
                in_quote = bool(quotes) and quotes[-1] == len(index)
                title = _HEADING_LEVEL.get(tok.tag.upper(), 1) if index and not in_quote else 0
            elif tok.type == "heading_close":
                title = 0
            elif tok.type == "list_item_open":
                index.append(_UNSEEN)
                item_starts.append(self.span(tok.map)[0])
                resumed.append(False)
                lists.append(False)
                due.append(False)
                last_tail.append(None)
                numbers.append(int(tok.info) if tok.info.isdigit() and ordered and ordered[-1] else None)
            elif tok.type == "list_item_close":
                if index and index[-1] == _UNSEEN and not lists[-1] and not resumed[-1]:
                    # an item holding nothing ("2." alone): an item all the same, though no line
                    items.append(ListItem("", len(ordered) - 1, ordered[-1], numbers[-1]))
                    starts.append(item_starts[-1])
                if lists:
                    lists.pop()
                if resumed:
                    resumed.pop()
                if due:
                    due.pop()
                    last_tail.pop()
                if index:
                    index.pop()
                if numbers:
                    numbers.pop()
                if item_starts:
                    item_starts.pop()
            elif tok.type in ("inline", "html_block"):
                raw = self.inline(tok) if tok.type == "inline" else _INLINE_TAG.sub(_tag_text, tok.content)
                text = " ".join(raw.split())
                at = index[-1] if index else _UNSEEN
                if not text:
                    pass
                elif 0 <= at < len(items):  # the item's text goes on (a paragraph after its nested list)
                    item = items[at]
                    # a paragraph of the item's block quote after text of it (at any depth of quotes
                    # in it): where it starts, as the pulldown-cmark reader's quote_break
                    for k in range(len(quote_starts) - 1, -1, -1):
                        if quotes[k] != len(index):
                            break
                        if (opened := quote_starts[k]) is not None:
                            if len(item.text) > (opened[1] + 1 if opened[1] else 0):
                                pending[k].append(len(item.text) + 1)
                            break
                    if due and due[-1]:  # the first text after a nested list: where it starts
                        last_tail[-1] = len(tails)
                        tails.append((at, len(item.text) + 1 if item.text else 0))
                        due[-1] = False
                    elif item.text and not (quotes and quotes[-1] == len(index)):
                        paragraphs.append((at, len(item.text) + 1))  # a paragraph of its own
                    if title:
                        begin = len(item.text) + 1 if item.text else 0
                        headings.append((at, begin, begin + len(text), title))
                    joined = f"{item.text} {text}" if item.text else text  # (an empty item's first)
                    items[at] = ListItem(joined, item.level, item.ordered, item.number)
                elif at == _GONE:  # its first text is in a list block before a code block or table
                    lines = self.span(tok.map)
                    self.list_block(items, starts, lines[0] - 1, spans, breaks, tails, paragraphs, headings)
                    items, starts, spans, breaks, tails, paragraphs, headings = [], [], [], [], [], [], []
                    last_tail[:] = [None] * len(last_tail)
                    index[:] = [_GONE if a >= 0 else a for a in index]
                    meta = {IN_ITEM: len(index), HEADING_LEVEL: title} if title else {IN_ITEM: len(index)}
                    self.blocks.append(Block(PARAGRAPH, text, lines=lines, meta=meta))
                else:
                    items.append(
                        ListItem(text, len(ordered) - 1, ordered[-1], numbers[-1] if numbers else None)
                    )
                    # the item's line, its marker's (CommonMark: "-" then its text on the next line
                    # is one item from the marker on), while nothing before its text ended in it
                    fresh = bool(item_starts) and not resumed[-1]
                    starts.append(item_starts[-1] if fresh else self.span(tok.map)[0])
                    if index:
                        index[-1] = len(items) - 1
                    if title:
                        headings.append((len(items) - 1, 0, len(text), title))
            elif tok.type in ("fence", "code_block", "table_open"):
                # a code block or a table inside an item: the items so far, then the block
                # the first thing its item holds (as the pulldown-cmark reader's opened_item)
                opens = None
                if index and index[-1] == _UNSEEN:
                    opens = "-" if numbers[-1] is None else f"{numbers[-1]}."
                # the list before ends before the line of the block, or of the item it opens
                # (the block's own, after a nested list of the item, as the pulldown-cmark reader's
                # item_pos is after it)
                first = item_starts[-1] if opens and not resumed[-1] else self.span(tok.map)[0]
                self.list_block(items, starts, first - 1, spans, breaks, tails, paragraphs, headings)
                items, starts, spans, breaks, tails, paragraphs, headings = [], [], [], [], [], [], []
                last_tail[:] = [None] * len(last_tail)
                index[:] = [_GONE if a >= 0 else a for a in index]
                if resumed:
                    resumed[-1] = True
                if opens:  # what follows the block in the item is a paragraph in it
                    index[-1] = _GONE
                if tok.type == "table_open":
                    i = self.table(i, len(index), opens)
                    continue
                text = tok.content.rstrip("\n")
                lang = tok.info.split()[0] if tok.info.split() else None
                if text.strip():
                    meta = {"language": lang} if lang else {}
                    if index:  # in the item, as the lines holding it are
                        meta[IN_ITEM] = len(index)
                        if opens:
                            meta[OPENS_ITEM] = opens
                    self.blocks.append(Block(CODE, text, lines=self.span(tok.map), meta=meta))
            i += 1
        self.list_block(items, starts, self.span(start.map)[1], spans, breaks, tails, paragraphs, headings)
        return i + 1

    def list_block(
        self,
        items: list[ListItem],
        starts: list[int],
        last: int,
        spans: list[tuple[int, int, int]],
        breaks: list[tuple[int, int]],
        tails: list[tuple[int, ...]],
        paragraphs: list[tuple[int, int]],
        headings: list[tuple[int, int, int, int]],
    ) -> None:
        if not any(item.text for item in items):  # none, or empty items alone: no text to read
            return
        # not on the blank lines after it, nor on a block quote's (``>`` alone) after its last item
        while last > starts[0] and _QUOTES.fullmatch(self.source[last - 1].rstrip()):
            last -= 1
        lines = (starts[0], last)
        shown = tuple(at for at, item in zip(starts, items, strict=True) if item.text)  # its text's lines
        meta: dict[str, Any] = {"item_lines": shown} if lines[1] - lines[0] != len(shown) - 1 else {}
        if spans:
            meta[ITEM_QUOTES] = tuple(spans)
        if breaks:
            meta[ITEM_QUOTE_BREAKS] = tuple(breaks)
        if tails:
            meta[ITEM_TAILS] = tuple(sorted(tails))
        own = _own_paragraphs(paragraphs, spans, tails)
        if own:
            meta[ITEM_PARAGRAPHS] = own
        if headings:
            meta[ITEM_HEADINGS] = tuple(sorted(headings))
        self.blocks.append(Block(LIST, render_items(items), items=tuple(items), lines=lines, meta=meta))

    def table(self, i: int, in_item: int = 0, opens: str | None = None) -> int:
        """The table opening at token ``i``; ``in_item``: how many list items hold it; ``opens``:
        the marker of the item it opens (``OPENS_ITEM``), if it is the first thing that holds."""
        tokens, start = self.tokens, self.tokens[i]
        header: tuple[str, ...] | None = None
        rows: list[tuple[str, ...]] = []
        row: list[str] = []
        in_head = False
        while i < len(tokens) and tokens[i].type != "table_close":
            tok = tokens[i]
            if tok.type == "thead_open":
                in_head = True
            elif tok.type == "tr_open":
                row = []
            elif tok.type == "inline":
                row.append(" ".join(self.inline(tok).split()))
            elif tok.type == "tr_close":
                if in_head:
                    header, in_head = tuple(row), False
                else:
                    rows.append(tuple(row))
            i += 1
        rows_t = tuple(rows)
        if rows_t or (header and any(header)):
            text = render_table(header, rows_t)
            meta = {IN_ITEM: in_item} if in_item else None
            if meta and opens:
                meta[OPENS_ITEM] = opens
            self.blocks.append(
                Block(TABLE, text, header=header, rows=rows_t, lines=self.span(start.map), meta=meta)
            )
        return i + 1


def _front_matter(text: str) -> tuple[int, str] | None:
    """The front matter opening ``text``: its length (its closing line's newline included) and
    what it holds; None without one. YAML front matter opens on the first line, a ``---`` (white
    space after it allowed) followed by a line that is not blank, and closes at the next ``---``
    or ``...`` line, as pulldown-cmark reads a metadata block; TOML front matter (Hugo's, Zola's)
    the same between two ``+++`` lines. Anywhere else ``---`` is what CommonMark makes it, a
    thematic break or a setext heading's underline, and ``+++`` text."""
    first = text.find("\n")
    fence = text[:first].rstrip(" \t\r") if first >= 0 else ""
    if fence not in ("---", "+++") or not text[first + 1 :].split("\n", 1)[0].strip():
        return None
    ends = ("---", "...") if fence == "---" else ("+++",)
    pos = first + 1
    while pos < len(text):
        end = text.find("\n", pos)
        end = len(text) if end < 0 else end
        if pos > first + 1 and text[pos:end].rstrip(" \t\r") in ends:
            return min(end + 1, len(text)), text[first + 1 : pos].replace("\r\n", "\n")
        pos = end + 1
    return None


#: a pipe table's delimiter row with a pipe, behind its quote marks and its indentation (a list
#: item's or a note's; pulldown-cmark tells whether what holds it holds a table): its own quotes
#: and cells. White space goes to the indentation alone, so that a line of spaces is passed over
#: in one try, not one per way of sharing it out. Matched from the line break before the row
#: (none is on the first line, under no header): a search for a pattern opening with a literal
#: goes from one such character to the next, where one opening with ``^`` is tried at every one.
#: The quote marks are taken possessively: "> > " also parts as ">", " >", " ", and a line of n
#: quote marks that is no delimiter row was otherwise tried in 2^n ways (40 took hours); the
#: spaces given back could only go to the indentation, so no match is lost
_DELIMITER_LINE = re.compile(
    r"\n((?: {0,3}> ?)*+)[ \t]*((?:\|[ \t]*)?:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?)[ \t]*\r?$", re.M
)
#: a list item's marker and the white space after it, which its first line starts with
_ITEM_MARKER = re.compile(r"(?:[-+*]|\d{1,9}[.)])[ \t]+")
_QUOTE_MARKS = re.compile(r"(?: {0,3}> ?)*")
_DELIMITER_CELL = re.compile(r":?-+:?")
#: the blocks that hold others in pulldown-cmark's events, but for block quotes
_HOLDERS = frozenset(("List", "Item", "FootnoteDefinition"))


def _header_cells(line: str) -> tuple[int, list[int], bool]:
    """A pipe table row's cells as GFM counts them (a backslash takes the character after it, so
    that ``\\|`` parts no cells), the places of the pipes that part them, and whether the row
    ends with a backslash that escapes nothing (pulldown-cmark's hard line break). ``line`` has
    no white space at its ends."""
    pipes: list[int] = []
    i, n = 0, len(line)
    while i < n:
        c = line[i]
        if c == "\\":
            if i + 1 == n:
                break
            i += 2
            continue
        if c == "|":
            pipes.append(i)
        i += 1
    cells = len(pipes) + 1 - (bool(pipes) and pipes[0] == 0) - (n > 1 and bool(pipes) and pipes[-1] == n - 1)
    return cells, pipes, i == n - 1


def _piped_headers(text: str) -> str | None:
    """``text`` with each header row pulldown-cmark reads as a paragraph's line where GFM reads a
    pipe table, written so that pulldown-cmark reads the table too; None when there is none.
    GFM counts a header row's cells against its delimiter row's: a row whose pipes are all
    escaped ("\\|a" over "|-|") has one cell, and a row ending with a backslash ("a | b\\") ends
    with the cell "b\\". pulldown-cmark wants an unescaped pipe in the header and takes the
    backslash for a line break, and reads a paragraph. GFM (cmark-gfm, and markdown-it) takes a
    paragraph's last line over a delimiter row for a table's header, the lines before it a
    paragraph of their own; pulldown-cmark lets only a row starting with a pipe interrupt a
    paragraph so ("text" then "a | b" over "--|--" was one paragraph of three lines). Such a line
    of a paragraph (a quote's, a list item's or a footnote's too) is written between pipes
    ("| \\|a |", "| a | b\\ |", "| a | b |"), the same cells, after the item's marker or the
    note's label on the first line of one; the lines keep their numbers. A line is kept so only where pulldown-cmark then reads a table's header
    there, as it does for a header with an unescaped pipe (not over a delimiter row that a list
    item or a note does not hold, or indented 4 columns past a paragraph at the margin)."""
    # (line start after its quote marks, line end, the delimiter row's cells and indentation)
    candidates = []
    for m in _DELIMITER_LINE.finditer(text):
        if "|" not in m.group(2):
            continue
        row = m.start() + 1  # where the delimiter row starts, after the line break
        start = text.rfind("\n", 0, row - 1) + 1
        end = start + len(text[start : row - 1].rstrip("\r"))
        quotes = _QUOTE_MARKS.match(text, start, end).end()
        if text.count(">", start, quotes) != m.group(1).count(">"):
            continue
        header = text[quotes:end].strip(" \t")
        if "|" not in header:  # a line without a pipe heads no table, to either reader
            continue
        if "\\" not in header and (header.startswith("|") or not _line_above(text, start)):
            continue  # most tables: pulldown-cmark reads them as they stand
        cells = len(_DELIMITER_CELL.findall(m.group(2)))
        candidates.append((quotes, end, cells, m.start(2) - m.end(1)))
    if not candidates:
        return None
    data = None if text.isascii() else text.encode("utf-8")
    # where a paragraph starts and ends, or a tight list item (whose text pulldown-cmark gives no
    # paragraph, the item starting at its marker), whether a list or a note holds it, whether an item
    texts: list[tuple[int, int, bool, bool]] = []
    depth = 0
    for ev, rng in pyromark.events_with_range(text, options=_OPTIONS):
        if ev.__class__ is not dict:
            continue
        tag = ev.get("Start") or ev.get("End")
        name = tag if tag.__class__ is str else next(iter(tag), None) if tag.__class__ is dict else None
        if name in _HOLDERS:
            depth += 1 if "Start" in ev else -1
            if name == "Item" and "Start" in ev:
                texts.append((rng["start"], rng["end"], True, True))
        elif name == "Paragraph" and "Start" in ev:
            texts.append((rng["start"], rng["end"], depth > 0, False))
    starts = [t[0] for t in texts]
    found = []
    for line, end, cells, below in candidates:
        margin = line
        at = line if data is None else len(text[:line].encode("utf-8"))
        stop = at + (end - line if data is None else len(text[line:end].encode("utf-8")))
        # the innermost text holding the line: the last to start before its end that ends after
        # its start (the texts come in the order they start)
        k = bisect_left(starts, stop)
        holder = next((texts[j] for j in range(k - 1, -1, -1) if at < texts[j][1]), None)
        if holder is None:
            continue
        first, _, held, item = holder
        if at < first:  # the first line of a paragraph after an item's marker or a note's label
            line += first - at if data is None else len(data[at:first].decode("utf-8"))
        content = text[line:end]
        indent = len(content) - len(content.lstrip(" "))
        if indent > 3 and not held:
            continue
        content = content.strip(" \t")
        if item and at <= first and (marker := _ITEM_MARKER.match(content)):
            line += indent + marker.end()  # a tight item's first line: its text after the marker
            indent, content = 0, content[marker.end() :]
        if "|" not in content:  # a line without a pipe heads no table, to either reader
            continue
        count, pipes, broken = _header_cells(content)
        # an unescaped pipe heads a table to pulldown-cmark where the paragraph starts, or always
        # in a row starting with a pipe
        under = at > first and not content.startswith("|")
        if (pipes and not broken and not under) or count != cells:
            continue
        begin = line + indent
        if below - (begin - margin) > 3:  # a delimiter row indented 4 past its header is none
            continue
        closed = len(content) > 1 and bool(pipes) and pipes[-1] == len(content) - 1
        found.append((begin, begin + len(content), content, closed))
    piped = _piped(text, found)
    if piped is None:
        return None
    heads = {
        rng["start"]
        for ev, rng in pyromark.events_with_range(piped, options=_OPTIONS)
        if ev.__class__ is dict and ev.get("Start") == "TableHead"
    }
    kept, shift = [], 0
    for begin, end, content, closed in found:
        at = begin + shift
        if (at if piped.isascii() else len(piped[:at].encode("utf-8"))) in heads:
            kept.append((begin, end, content, closed))
        shift += (not content.startswith("|")) * 2 + (not closed) * 2
    return piped if len(kept) == len(found) else _piped(text, kept)


def _line_above(text: str, start: int) -> bool:
    """Whether the line before the one at ``start`` holds something but quote marks."""
    if not start:
        return False
    above = text[text.rfind("\n", 0, start - 1) + 1 : start - 1]
    return bool(above[_QUOTE_MARKS.match(above).end() :].strip())


def _piped(text: str, found: list[tuple[int, int, str, bool]]) -> str | None:
    """``text`` with the header rows ``found`` (start, end, text, whether a pipe ends it) written
    between pipes; None without any."""
    if not found:
        return None
    out, last = [], 0
    for begin, end, content, closed in found:
        out += text[last:begin], "" if content.startswith("|") else "| ", content, "" if closed else " |"
        last = end
    return "".join(out) + text[last:]


#: A link's destination and the quote or parenthesis that opens its title (``[a](url "title``)
_TITLE_OPENER = re.compile(
    r"\]\([ \t]*(?:<[^<>\n]*>|(?:[^\s()<]|\([^\s()]*\))+)(?:[ \t]+|[ \t]*\n[ \t]*)([\"'(])"
)
_BLANK_LINE = re.compile(r"\n[ \t]*(?:\n|\Z)")
#: pulldown-cmark reads a paragraph holding a link title left open in time quadratic in the lines
#: after it (20,000 lines 0.9 s, 40,000 lines 3.5 s); markdown-it reads it in linear time
OPEN_TITLE_LINES = 2_000


def _open_title(text: str) -> bool:
    """Whether ``text`` holds a run of more than :data:`OPEN_TITLE_LINES` lines without a blank
    line in which a link's title is opened and never closed: one pass over the text, paid only by a
    text of more lines than that run holding a link's title (most files are told by a count or a
    search)."""
    if "](" not in text or text.count("\n") <= OPEN_TITLE_LINES or not _TITLE_OPENER.search(text):
        return False
    start = 0
    while start < len(text):
        blank = _BLANK_LINE.search(text, start)
        end = len(text) if blank is None else blank.end()
        if text.count("\n", start, end) > OPEN_TITLE_LINES and "](" in text[start:end]:
            last = {q: text.rfind(q, start, end) for q in "\"')"}
            for m in _TITLE_OPENER.finditer(text, start, end):
                if last[")" if m.group(1) == "(" else m.group(1)] < m.end():
                    return True
        start = end
    return False


def _build(text: str, front: bool = True) -> _Builder | _Fallback:
    """The blocks of ``text`` and, with ``front``, its front matter (:func:`_front_matter`): its
    lines are read as blank lines, so that the lines of the blocks after it keep their numbers."""
    found = _front_matter(text) if front and text.startswith(("---", "+++")) else None
    body = text if found is None else "\n" * text.count("\n", 0, found[0]) + text[found[0] :]
    language = _front_language(found[1], text.startswith("+++")) if found is not None else None
    if pyromark is None or _open_title(body):
        builder = _Fallback(body, language).run()
    else:  # the header rows pulldown-cmark would not read as GFM does written for it first
        piped = _piped_headers(body) if "|" in body else None
        builder = _parse(body if piped is None else piped, language)
    if found is not None:
        builder.front_matter = found[1]
        builder.front_matter_lines = (1, text[: found[0]].rstrip("\n").count("\n") + 1)
    return builder


def _front_language(raw: str, toml: bool) -> str | None:
    """The language front matter names the document in: its ``lang``, a string (pandoc's
    metadata variable for the document's language, which its HTML writer puts on ``<html
    lang>``; Jekyll's themes read a page's ``lang`` so)."""
    if "lang" not in raw:
        return None
    front = parse_front_matter(raw, toml)
    language = front.get("lang") if isinstance(front, dict) else None
    return language.strip() or None if isinstance(language, str) else None


def markdown_blocks(text: str) -> list[Block]:
    """Blocks of a Markdown text, each with ``lines`` relative to ``text`` (1-based, inclusive).
    A text that is part of a document (a notebook cell) has no front matter: a ``---`` on its
    first line is a thematic break."""
    if not text.strip():
        return []
    return soft_hyphens_out(_build(text, front=False).blocks, collapse=True)


def parse_front_matter(raw: str, toml: bool = False) -> dict[str, Any] | str:
    """The simple YAML of front matter (``key: value`` and ``- item`` lists); the raw text when it
    is more than that. With ``toml``, the front matter is TOML (between ``+++`` lines), read by
    :mod:`tomllib`, its dates and times written as ISO 8601; the raw text when it is no TOML."""
    if toml:
        try:
            return _plain(tomllib.loads(raw))
        except tomllib.TOMLDecodeError:
            return raw
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


def _plain(value: Any) -> Any:
    """A TOML value as JSON holds it: dates and times as ISO 8601 text."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, (dt.date, dt.time)):  # datetime is a date
        return value.isoformat()
    return value


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


@extractor(
    ".md",
    ".markdown",
    name="markdown",
    version="40",  # 2: HTML tables with colspan and rowspan laid out; 3: rowspan="0";
    # 4: HTML items, cells and headings read inline text as paragraphs do; page chrome dropped;
    # code blocks and tables inside list items are blocks of their own, the item's rest a paragraph;
    # an item's paragraph after its nested list joins the item
    # 5: hidden elements of raw HTML left out
    # 6: an inline <img> reads as its alt text in place, as ![alt](src) does; raw HTML loses the
    # short inline elements a <style> rule hides
    # 7: front matter on the first line only, a pair of --- lines further on read as CommonMark reads them;
    # a list's lines end at its last item; HTML tables: a bold first row heads, no header names Column N;
    # an <img> in an item's raw HTML reads as its alt text
    # 8: a raw HTML table laying text out (role="presentation", cells holding blocks) read as flow
    # 9: raw HTML tables as HTML 10 reads them: a title over <th> rows, a table in a data table's cell
    # a table of its own under its row (flow without data), rows of data not flow, a column of one value no vote for a header
    # (a row left with its label alone by those tables said over them, not under "Column N")
    # 10: a line indented 4 columns after a pipe table's rows ends the table, indented code (GFM)
    # raw HTML tables as HTML 11 reads them: one text a row as flow, Column N on a first block alone
    # 11: HTML 12 (alt-text pictures in cells, 30 px icons, flags after their rows, boxes headed)
    # 12: a block quote's blocks carry their quote depth (quote: 1, 2 …), raw HTML's <blockquote> as HTML 13
    # a tight item's own text and a quote or heading in the item two words ("x q", was "xq")
    # 13: an ATX heading's closing run of # beside a tab is taken off, as CommonMark does ("# a #\t" is "a")
    # 14: a one-column pipe table whose header row's pipes are all escaped ("\|a" over "|-|") is a table, as in GFM
    # 15: so is a header row ending with a backslash ("a | b\\", its last cell "b\\"), and either in a block quote
    # 16: (the markdown-it fallback) an ATX heading's line over a delimiter row is a heading, not a table's header
    # 17: an ordered item carries the number written before it (ListItem.number)
    # 18: a pipe table in a footnote definition keeps its rows (its lines' 4 columns of the note's were taken for code)
    # 19: a header row of escaped pipes or ending with a backslash heads a table in a list item or a note too
    # 20: a paragraph's last line over a delimiter row heads a table, as in GFM ("text" then "a | b" over "-|-")
    # 21: UTF-8 text encoded twice (read as windows-1252 or latin-1 and written out) read as written (text 9)
    # 22: raw HTML: a <pre> in a list item a code block of its own (HTML 16)
    # 23: raw HTML: a <br> in a <pre> breaks its line (HTML 17)
    # 24: raw HTML: soft hyphens left out (HTML 18)
    # 25: raw HTML: a table in a list item a table of its own (HTML 20)
    # 26: TOML front matter between +++ lines read as front_matter metadata, no longer a paragraph
    # 27: raw HTML: a program's line-number column left out (HTML 21)
    # 28: soft hyphens (&shy;, U+00AD) left out of the blocks, as HTML's are
    # 29: legacy text without a BOM or charset read in the code page that reads it cleanly
    # (windows-1250, windows-1251, KOI8-R, Shift_JIS, EUC-JP …), not always as windows-1252
    # soft hyphens left out with spaces around them leave the white space a browser shows: one space
    # between words ('a &shy; b' was 'a  b'), none at the edge of a line ('a &shy;' was 'a '), in list
    # items, paragraphs, headings and table cells, as HTML's (HTML 34); a code block keeps its spaces
    # a block quote of several paragraphs in a list item ('>' alone between them) says where they start
    # (item_quote_breaks), with both parsers: its Markdown writes them as paragraphs of the quote, no longer
    # as one
    # a list right after one whose last item holds a code block or a table ("- a", a fence under it, then "*
    # b") says it starts a list of its own (new_list), with both parsers: a notebook's Markdown, a mail's with
    # the file attached, writes it with the other bullet or delimiter, no longer as the list before it going
    # on; raw HTML's so too (HTML 36)
    # a heading in a list item after a code block or a table in it ("  ### Title", a setext heading) says its
    # level (heading_level on its paragraph block), with both parsers: a notebook's Markdown, a mail's with
    # the file attached, writes it as a heading in the item, no longer as a plain paragraph of it; raw HTML's
    # so too (HTML 36)
    # raw HTML: a list item's text between two nested lists, where a <pre> or a table cuts the second, said to
    # stand before it and written so (HTML 36)
    source_type="md",
    libraries=("pyromark",) if pyromark is not None else ("markdown-it-py", "mdit-py-plugins"),
    # 30: a <q>'s quotation marks, in raw HTML (HTML 23) and written inline in a paragraph
    # 31: raw HTML: an inline SVG drawing's labels read (HTML 24)
    # a block of soft hyphens alone left out, not an empty block; a text of them alone read as written
    # 32: legacy text without a BOM or charset: Polish with only ę and ń, Hungarian, Turkish
    # (windows-1254), Hebrew (windows-1255), ISO-8859-2 and kanji-only EUC-JP read in their code page
    # 33: a <q>'s quotation marks those of its lang, else the front matter's lang (German „…“, French «…»)
    # 34: raw HTML: the HTML reader's ruby readings in parentheses and MathML equations in the linear
    # format (HTML 28, 29, 30)
    # 35: legacy text without a BOM or charset: Greek (windows-1253, ISO-8859-7), Baltic (windows-1257) and
    # Arabic (windows-1256, ISO-8859-6) read in their code page; a word or short line whose bytes tell
    # ("Poznań", "Київ", "北海道") no longer misread
    # 36: a delimiter row a list marker opens ("- | -") a list item, as GFM reads it, not a table under
    # the line above; a list item's line over a delimiter row no table's header (markdown-it fallback);
    # such an item without a space between its cells ("- |-") keeps the lines indented under it
    # (sub-items) as its own; a raw HTML table's footer written before its body read last, the header
    # and footer of a section or a quote in raw HTML read, Word's list paragraphs a list (HTML 32); a
    # line indented as code after a list item's table keeps the columns its tabs reach (its tabs were
    # taken off as single columns);
    # UTF-32 without a BOM read as UTF-32 (was UTF-8, three NULs after each character) (text 15)
    # legacy text without a BOM or charset: Ukrainian in KOI8-U, Persian in windows-1256 (پ چ ژ گ, the
    # Arabic question mark and comma, the zero-width non-joiner), Greek in capitals without accents read
    # in their code page
    # legacy text: a word opened by ð or ğ, an ì or ù before a letter, a þ after a vowel:
    # signs of a wrong reading ("Šeštadienį", "České Budějovice", "Kadıköy, Beşiktaş" in
    # windows-1257, -1250, -1254 no longer windows-1252)
    # 37: a list in a block quote ends on its last line of text, not on the blank quoted line (">") after it;
    # a table, a code block and an item's text after them in a list item say how many items hold them
    # (in_item), their Markdown indented in the item, the list going on after them (GFM);
    # legacy text without a BOM or charset: Greek capitals no longer read as KOI8-R, whose small Russian
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
    # "kullanıldığında" in windows-1254 no longer windows-1252);
    # a block quote in a list item holding a list then text: the text after the list, a paragraph in the item
    # (in_item), no longer joined to the item's text before the list's items; raw HTML: a table or a <pre>
    # in a list item written in the item, the list going on after it (HTML 33); a code block or a table
    # that opens a list item (2. then a fence) opens an item of its own (opens_item, the item's marker),
    # written after its marker, no longer in the item before; the item's text after it a paragraph in it
    # 38: legacy text: six Cyrillic consonants in a row, an ы or ь opening a word or after a vowel, a й after
    # a consonant, a ъ closing a word, a Greek ϊ or ϋ after no vowel, a Greek ψ or ρ closing a word after a
    # consonant, a Hebrew כ, מ, נ, פ or צ closing a word and a × or ÷ beside a letter beyond ASCII: signs of a
    # wrong reading (Russian "программой", "это", "без" in KOI8-R no longer windows-1251, "запускаться" no
    # longer windows-1253, "все" no longer windows-1252; Ukrainian "майбутня", "щодо" and Serbian "опште",
    # "тачно" in windows-1251 no longer KOI8-R, windows-1255, KOI8-R, windows-1252)
    # an empty list item ("2." alone) an item all the same, counted and numbered, though the list's text
    # gives it no line (it was left out); an item whose text comes on the line after its marker starts on the
    # marker's line, as CommonMark reads it (the markdown-it fallback took its text's line)
    # a block quote in a list item (its "> " lines) says where its text stands in the item's (item_quotes),
    # the item's text as it was; a notebook's Markdown writes it as a quote in the item;
    # the markdown-it fallback: the list before a code block or a table opening an item after the item's
    # nested list ends on that list's last line (it ended before the item's marker: lines (2, 0));
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
    # a list item of soft hyphens alone an empty item: no blank line in the list's text, the lines
    # left saying where they start (item_lines)
    # 39: legacy text without a BOM or charset: Hebrew stored in visual order (each word reversed, opening
    # with its final letter) read in windows-1255, its final letters no longer signs of a wrong reading there;
    # a geresh or gershayim after a Hebrew letter no longer a stray sign ("ארה״ב", "ראה דו״ח מס׳ 12", "ג׳ירפה
    # וצ׳יפס" and visual "ץבוקה תא חותפל ןתינ אל" in windows-1255 no longer windows-1256, windows-1251,
    # GB18030 or KOI8-R)
    # raw HTML: the text a list item shows between two of its nested lists says the item it stands
    # before, the next list's first (item_tails, a third value; HTML 35)
    # an item's text after its nested list says where it starts (item_tails), and where another nested list
    # of the item follows it, the item it stands before, with both parsers: a notebook's Markdown, a mail's
    # with the file attached, writes it under that list, no longer on the item's line before it
    # an item holding no text before its nested list ("-" then "  - x", "- - x") an empty item before that
    # list's items, with both parsers, no longer dropped (its list was read into the item before it); its
    # text after the list its own (it was an item after that list's), and a code block or table after the
    # list in the item, no longer opening an item of its own; raw HTML's so too (HTML 35)
    # legacy text without a BOM or charset: a small э, щ or ч closing a word after two capitals and a word of
    # four small Cyrillic consonants or more (no р, no ъ) are signs of a wrong reading (Greek "μετά",
    # "περιοχή", "Ρόλος" in windows-1253 no longer KOI8-R or windows-1251)
    # an item of several paragraphs (a blank line between them; a heading or an HTML block after its text)
    # says where each after the first starts (item_paragraphs), with both parsers: a notebook's Markdown, a
    # mail's with the file attached, writes them as paragraphs of the item, no longer run together on its
    # line; raw HTML's so too (HTML 35)
    # 40: a heading in a list item ("- ### Title", a setext heading under an item's text) says where it
    # stands in the item's text and its level (item_headings), with both parsers: a notebook's Markdown, a
    # mail's with the file attached, writes it as a heading in the item, no longer as a plain paragraph of
    # it; raw HTML's so too (HTML 36)
    # (pulldown-cmark) an item's paragraphs after a code block or a table in it a paragraph block each, as
    # the markdown-it fallback reads them, no longer one block run together; raw HTML's so too (HTML 36)
    # raw HTML: a list item's element holding a block or a <br> read as the item is, its paragraphs apart;
    # its nested lists before its first <pre> or table read before it; an item holding nothing before its
    # <pre> or table opened by it; its text after a nested list that a <pre> or table cuts written after
    # that block (HTML 36)
    # raw HTML nesting its elements more than 2,000 deep outside a table cell refused before it is parsed,
    # as structure nested too deeply (HTML 36)
    # a text holding more than 2,000 lines without a blank line after a link title left open ('[a](u "t')
    # read by the markdown-it fallback, in time linear in its size: pulldown-cmark took minutes on it
)
def extract_markdown(data: bytes, ctx: ExtractContext) -> Document:
    text, _ = decode_document(data)
    if not text.strip():
        return Document(source_type="md", blocks=(), text=text, metadata={"source_type": "md"})
    builder = _build(text)
    metadata: dict[str, Any] = {"source_type": "md"}
    blocks = builder.blocks
    if builder.front_matter is not None:
        front = parse_front_matter(builder.front_matter, toml=text.startswith("+++"))
        metadata["front_matter"] = front
        # Front matter that is not a simple mapping, or that is all the file holds, is also text.
        if (not isinstance(front, dict) or not blocks) and builder.front_matter.strip():
            blocks = [
                Block(PARAGRAPH, builder.front_matter.strip(), lines=builder.front_matter_lines),
                *blocks,
            ]
    if not blocks:  # nothing structural (only comments, rules, link definitions): the text as-is
        blocks = [Block(PARAGRAPH, text.strip(), lines=_Lines(text).span(0, len(text.encode())))]
    blocks = soft_hyphens_out(blocks, collapse=True)  # soft hyphens (&shy;) left out, as a page's are
    return Document(source_type="md", blocks=tuple(blocks), text=text, metadata=metadata)
