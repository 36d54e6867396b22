"""HTML (.html .htm .xhtml) on selectolax's lexbor engine, an HTML5 parser.

The tree is walked once in document order. Block elements (headings, paragraphs, lists, tables,
``pre``, ``img``) become blocks; inline markup is reduced to its text (a ``<q>`` between the
quotation marks a browser draws), soft hyphens (``&shy;``) left out; text directly inside a
container (``<div>text</div>``, text after an unclosed ``<p>``) becomes a paragraph, so nothing
the reader sees is dropped, the labels an inline SVG drawing writes (its ``<text>``) too; the
blocks of a ``<blockquote>`` carry its depth (``quote`` in their meta, 2 in a quote within a
quote); a ``pre`` or a table in a list item is a block of its own, the list ending before it and
going on after it. Boilerplate (scripts, styles, navigation, the page's header and footer, asides,
language menus, the widgets of an article's header, MediaWiki's edit links and category box) and
the elements no reader is shown (``hidden``, a ``display: none`` inline or from a ``<style>``
rule) are removed first: every one of them in a mail body, a web page's short inline ones (sort
keys) only.
Images are never fetched: an ``<img>`` becomes an IMAGE block with its alt text, and only
``data:`` URIs carry bytes that can be extracted; tracking pixels and small icons, by their
declared size, are left out and listed (:func:`_junk_image`). Tables are laid out as a browser
lays them out (``colspan`` and ``rowspan`` fill every cell they cover; docs/output-schema.md);
a table that only lays the page out (one row, ``role="presentation"``, cells holding blocks) is
read as the flow of its cells (:func:`_layout`); a table in a data table's cell is a table of its
own, read right under the row holding it, the table going on after it (:meth:`_Walker.table`);
one holding no data (one text a row) is read as flow (:func:`_one_text_a_row`). A column empty
in every row of a table, its header's included, is left out (:func:`_without_empty_columns`).
The properties a page's ``<head>`` declares (title, author, language, description, keywords,
canonical address) are its metadata (:func:`html_metadata`).

:func:`html_blocks` is the reusable core (e-mail bodies, EPUB chapters); its signature is stable.
"""

from __future__ import annotations

import base64
import binascii
import functools
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from html import escape
from itertools import pairwise
from typing import Any, NamedTuple
from urllib.parse import unquote_to_bytes, urljoin, urlsplit

from selectolax.lexbor import LexborHTMLParser, LexborNode, SelectolaxError

from .._fast import mark_new_list, quote_blocks, with_meta
from ..images import admit
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
    Coverage,
    Document,
    Image,
    ListItem,
    Skipped,
    joined_header,
    labels_once,
    render_items,
)
from ..sniff import decode_labelled, decode_text, decode_unicode, web_codec
from ._numerals import roman_value
from .csvfmt import header_votes
from .registry import extractor
from .text import assemble_blocks, fast_render_table, new_block, soft_hyphens_out

#: Removed with their content before the walk.
BOILERPLATE = (
    "script",
    "style",
    "noscript",
    "template",
    "nav",
    "aside",
    "iframe",
    "object",
    "embed",
    "svg",
    "canvas",
    "head",
)
#: Page chrome, removed unless inside an <article>/<main> (where they hold the article's own title)
#: or in another part of the page that a header or footer belongs to rather than to the page
#: (HTML: its nearest sectioning content or root): a <section>'s title, a <blockquote>'s or a
#: <figure>'s attribution, the heading of a <details>, <dialog> or <fieldset>.
PAGE_CHROME = ("header", "footer")
#: the elements whose <header> and <footer> are their own, not the page's
_OWN_CHROME = frozenset(
    ("article", "main", "section", "blockquote", "figure", "details", "dialog", "fieldset")
)
#: The page chrome of MediaWiki sites (Wikipedia) that is marked up as content: the skip link, the
#: "[edit]" links after headings, the category box, "Retrieved from", the sticky title bar and the
#: language menu (its button and its "edit links" line beside the lists of hreflang links), and a
#: template's "v · t · e" bar (view, talk, edit) in a navigation box's title or a sidebar: only a
#: ``navbar`` holding those links (``nv-view`` …), not any menu a site names ``navbar``.
MEDIAWIKI_CHROME = (
    ".mw-jump-link",
    ".mw-editsection",
    "#catlinks",
    ".printfooter",
    ".vector-sticky-header",
    ".mw-portlet-lang",
    "#p-lang-btn",
    ".navbar:has(.nv-view, .nv-talk, .nv-edit)",
)

_HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
_LISTS = ("ul", "ol", "menu")
_INTEGER = re.compile(r"[ \t\n\f\r]*([-+]?[0-9]+)")


def _html_integer(value: str | None) -> int | None:
    """An attribute's integer as HTML parses one (white space, a sign and digits at its start, what
    follows ignored: ``value="3rd"`` is 3), or None."""
    match = _INTEGER.match(value) if value else None
    return int(match.group(1)) if match else None


def _first_number(ol: LexborNode) -> tuple[int, int]:
    """The number of an ``<ol>``'s first item and the step to the next: its ``start`` or 1, counting
    up; a ``reversed`` list counts down, from as many items as it has where no ``start`` says."""
    start = _html_integer(ol.attributes.get("start"))
    if "reversed" not in ol.attributes:
        return (1 if start is None else start), 1
    if start is None:
        start = sum(1 for child in ol.iter() if child.tag == "li")
    return start, -1


#: Elements that end the running paragraph and whose children are walked as blocks.
_CONTAINERS = frozenset(
    (
        "html",
        "body",
        "div",
        "section",
        "article",
        "main",
        "blockquote",
        "figure",
        "figcaption",
        "dl",
        "dt",
        "dd",
        "address",
        "details",
        "summary",
        "fieldset",
        "form",
        "center",
        "hgroup",
        "header",
        "footer",
        "li",
        "legend",
        "caption",
        "option",
        "optgroup",
        "select",
        "frameset",
        "frame",
        "noframes",
        "search",
        "dialog",
    )
)
_SKIP_INLINE = frozenset(("-comment", "input", "button", "textarea", "wbr", "area", "map", "source", "track"))
#: Elements whose edges separate words when a block is read as one text (a cell, an item).
_BLOCK_EDGES = _CONTAINERS | frozenset(
    ("p", "br", "hr", "pre", "table", "tr", "td", "th", "thead", "tbody", "tfoot", *_HEADINGS, *_LISTS)
)
_BR = "\x1e"  # stands for <br> until the paragraph text is normalised
_MAX_DEPTH = 150  # deeper subtrees are read as flat text (no recursion limit, nothing lost)
_LANG_CLASS = re.compile(r"(?:^|\s)(?:language|lang)-([\w+#.-]+)")
#: An <img> declared at most this many pixels each way is a tracking pixel (dropped whatever its alt)
PIXEL_MAX = 2
#: An <img> declared at most this many pixels each way (a flag, a logo beside a link, an edit
#: pencil) is an icon, dropped when its alt text is empty or a single word of at most
#: ICON_ALT_MAX characters: an icon with a phrase for alt text may say something, so it stays.
#: Wikipedia's flag templates draw a flag 25 px wide (zh) or 22–23 (he, en), its height following
#: its shape (11 to 23 on the pages read, 25 to 27 for a square flag or an emblem set as one, 30
#: for an upright one as Nepal's); the icons set where they stand (a "main article" pointer
#: 25×25, sister-project logos up to 20×27, a navigation box's book 30×30) are as small
ICON_MAX = 30
ICON_ALT_MAX = 20
#: A picture declared at most this many pixels each way in a table cell, a line of text's height,
#: does not cut the table: with alt text, it is that text in the cell's (:func:`_in_text`); without,
#: beside the cell's text (a flag before a name), it is read after its block of rows (:func:`_in_line`)
INLINE_PICTURE_MAX = 32
_DIMENSION = re.compile(r"(\d+)(?:\.\d*)?(?:\s*px)?", re.IGNORECASE)
_CSS_SIZE = re.compile(r"(?<![\w-])(width|height)\s*:\s*([^;]*)", re.IGNORECASE)
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_:.-]+)""", re.IGNORECASE)
#: The encoding an XML declaration at the start of an XHTML page names
_XML_ENCODING = re.compile(rb"""\s*<\?xml\s[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9_:.-]+)["']""")


def _clean(text: str) -> str:
    return " ".join(text.split())


def _inline_text(node: LexborNode, tables: bool = True, pictures: bool = False) -> str:
    """The text of a subtree as a browser shows it on one line: text nodes joined as they are
    (``ו<a>הר</a>`` is one word), a space at ``<br>`` and at the edges of block elements. Without
    ``tables``, the tables inside it are left out (a space in their place): read apart. With
    ``pictures``, a small picture with alt text in a table cell is its alt text where it stands
    (:func:`_in_text`)."""
    first = node.child
    if first is None:
        return ""
    if first.next is None and first.tag == "-text":  # the common cell: text alone
        return first.text_content or ""
    parts: list[str] = []
    stack = [(node.iter(include_text=True), False)]
    while stack:
        children, block = stack[-1]
        child = next(children, None)
        if child is None:
            stack.pop()
            if block:
                parts.append(" ")
            continue
        tag = child.tag
        if tag == "-text":
            parts.append(child.text_content or "")
        elif tag == "table" and not tables:
            parts.append(" ")
        elif tag == "img" and pictures and _in_text(child):
            if not _alt_said(child):
                parts.append(" " + (child.attributes.get("alt") or "") + " ")
        elif tag not in _SKIP_INLINE:
            block = tag in _BLOCK_EDGES
            if block:
                parts.append(" ")
            stack.append((child.iter(include_text=True), block))
    return "".join(parts)


class _Walker:
    """One pass over the tree, collecting blocks and the (src, alt) of every <img>."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.skipped: list[Skipped] = []  # the tracking pixels and icons left out
        self.buf: list[str] = []
        self.nested = 0  # how many tables read apart from a data table's cell hold the one being read
        # the quotes in the text of the items read (by the item's id), for their list's ITEM_QUOTES, and
        # where a quote's paragraphs after its first start there (ITEM_QUOTE_BREAKS), where the text
        # an item shows after each of its nested lists starts, and the item the next list opens with
        # where one follows it (ITEM_TAILS)
        self.item_quotes: dict[int, list[tuple[int, int]]] = {}
        self.item_breaks: dict[int, list[int]] = {}
        self.item_tails: dict[int, list[tuple[int, ...]]] = {}
        # where the paragraphs of the items' own text after the first start (ITEM_PARAGRAPHS)
        self.item_paragraphs: dict[int, list[int]] = {}
        # the headings in the items' own text: (start, end, level) (ITEM_HEADINGS)
        self.item_headings: dict[int, list[tuple[int, int, int]]] = {}
        # the elements of the list being read holding a block or a <br> (_break_holders)
        self.holders: set[int] = set()

    # -- paragraphs ---------------------------------------------------------------------------

    def flush(self) -> None:
        if not self.buf:
            return
        raw = "".join(self.buf)
        self.buf.clear()
        # a line left blank (two <br> in a row) is shown as a gap between paragraphs: each run of
        # lines between such gaps is a paragraph of its own
        lines: list[str] = []
        for seg in raw.split(_BR):
            line = _clean(seg)
            if line:
                lines.append(line)
            elif lines:
                self.blocks.append(new_block(PARAGRAPH, "\n".join(lines)))
                lines = []
        if lines:
            self.blocks.append(new_block(PARAGRAPH, "\n".join(lines)))

    # -- the walk -----------------------------------------------------------------------------

    def walk(self, node: LexborNode, depth: int = 0) -> None:
        for child in node.iter(include_text=True):
            tag = child.tag
            if tag == "-text":
                self.buf.append(child.text_content or "")
            elif tag in _SKIP_INLINE:
                continue
            elif depth >= _MAX_DEPTH:
                self.buf.append(" " + (child.text(deep=True) or "") + " ")
            elif tag == "br":
                self.buf.append(_BR)
            elif tag in _HEADINGS:
                self.flush()
                self.heading(child, _HEADINGS[tag])
            elif tag == "p":
                self.flush()
                self.walk(child, depth + 1)
                self.flush()
            elif tag in _LISTS:
                self.flush()
                self.list(child)
            elif tag == "table":
                self.flush()
                self.table(child, depth)
            elif tag in _PRE_TAGS:
                self.flush()
                self.pre(child)
            elif tag == "img":
                self.image(child)
            elif tag == "hr":
                self.flush()
            elif tag == "blockquote":  # its blocks a quote deeper, those of a quote inside it too
                self.flush()
                start = len(self.blocks)
                self.walk(child, depth + 1)
                self.flush()
                quote_blocks(self.blocks, start)
            elif tag in _CONTAINERS:
                self.flush()
                self.walk(child, depth + 1)
                self.flush()
            else:  # inline element (a, span, b, code …): its text joins the running paragraph
                self.buf.append(" " if tag in ("td", "th") else "")
                self.walk(child, depth + 1)

    def heading(self, node: LexborNode, level: int) -> None:
        text = _clean(_inline_text(node))
        if text:
            self.blocks.append(new_block(HEADING, text, level))
        self.images_within(node)

    def pre(self, node: LexborNode, images: bool = True) -> None:
        text = _pre_text(node).strip("\n").rstrip()
        if text.strip() and not (text[0].isdecimal() and _gutter(node, text)):
            meta = {}
            language = _language(node)
            if language:
                meta["language"] = language
            self.blocks.append(new_block(CODE, text, meta=meta))
        if images:
            self.images_within(node)

    def image(self, node: LexborNode) -> None:
        attrs = node.attributes
        src = (attrs.get("src") or attrs.get("data-src") or "").strip()
        alt = attrs.get("alt")
        alt = _clean(alt) if alt is not None else None
        label = alt or _src_label(src) or "image"
        junk = _junk_image(attrs, alt)
        if junk:
            self.skipped.append(Skipped("image", label, junk, on_purpose=True))
            return
        self.flush()
        self.blocks.append(Block(IMAGE, f"[Image: {label}]", alt=alt, meta={"src": src}))

    def images_within(self, node: LexborNode) -> None:
        """IMAGE blocks for the <img>s inside a block read as a whole (heading, list, table)."""
        for img in node.css("img"):
            self.image(img)

    # -- lists --------------------------------------------------------------------------------

    def list(self, node: LexborNode) -> None:
        items: list[ListItem] = []
        start = len(self.blocks)
        outer, self.holders = self.holders, _break_holders(node)  # (a list in a table in an item)
        self.list_items(node, 0, items)
        self.holders = outer
        self.list_block(items)
        # a list of its own, though it may follow code in an item of the list before it (NEW_LIST)
        mark_new_list(self.blocks, start)
        self.images_within(node)

    def list_block(self, items: list[ListItem]) -> None:
        """The list of ``items``, unless none has text (``<li></li>`` alone shows no word); its text
        a line per item with text, an empty item counted all the same (:func:`render_items`); the
        quotes in its items' text said in its meta (``ITEM_QUOTES``), where the paragraphs of a quote
        after its first start too (``ITEM_QUOTE_BREAKS``), where the text an item shows after its
        nested lists starts (``ITEM_TAILS``), where its own paragraphs after its first start
        (``ITEM_PARAGRAPHS``) and the headings among them (``ITEM_HEADINGS``)."""
        quotes = self.item_quotes
        spans = tuple((k, *span) for k, item in enumerate(items) for span in quotes.pop(id(item), ()))
        breaks = tuple((k, at) for k, item in enumerate(items) for at in self.item_breaks.pop(id(item), ()))
        tails = self.item_tails
        after = tuple((k, *tail) for k, item in enumerate(items) for tail in tails.pop(id(item), ()))
        own = self.item_paragraphs
        paragraphs = tuple((k, at) for k, item in enumerate(items) for at in own.pop(id(item), ()))
        titled = self.item_headings
        headings = tuple((k, *span) for k, item in enumerate(items) for span in titled.pop(id(item), ()))
        if any(item.text for item in items):
            meta: dict[str, Any] = {ITEM_QUOTES: spans} if spans else {}
            if breaks:
                meta[ITEM_QUOTE_BREAKS] = breaks
            if paragraphs:
                meta[ITEM_PARAGRAPHS] = paragraphs
            if headings:
                meta[ITEM_HEADINGS] = headings
            if after:
                meta[ITEM_TAILS] = after
            self.blocks.append(new_block(LIST, render_items(items), items=tuple(items), meta=meta))

    def list_items(self, node: LexborNode, level: int, items: list[ListItem]) -> None:
        ordered = node.tag == "ol"
        number, step = _first_number(node) if ordered else (None, 1)
        loose: list[str] = []  # text directly in the list, outside any <li> (malformed markup)
        for child in node.iter(include_text=True):
            tag = child.tag
            if tag == "li":
                self.flush_loose(loose, level, items)
                if number is not None:
                    own = _html_integer(child.attributes.get("value"))
                    number = own if own is not None else number
                self.item(child, level, ordered, items, number)
                if number is not None:
                    number += step
            elif tag in _LISTS:
                self.flush_loose(loose, level, items)
                self.list_items(child, level + 1, items)
            elif tag == "-text":
                loose.append(child.text_content or "")
            elif tag not in _SKIP_INLINE:
                loose.append(_inline_text(child))
        self.flush_loose(loose, level, items)

    @staticmethod
    def flush_loose(loose: list[str], level: int, items: list[ListItem]) -> None:
        """Text written in a list outside any ``<li>``: a browser shows it without a marker and
        counts no item for it, so it is an unordered item (as an OpenDocument list header), and
        an ``<ol>``'s items after it keep their numbers rather than read as a list from 1."""
        text = _clean("".join(loose))
        loose.clear()
        if text:
            items.append(ListItem(text, level))

    def item(
        self, node: LexborNode, level: int, ordered: bool, items: list[ListItem], number: int | None = None
    ) -> None:
        parts: list[str] = []
        nested: list[LexborNode] = []
        code: list[tuple[int, LexborNode]] = []
        quotes: list[tuple[int, tuple[str, ...]]] = []
        lists: list[int] = []
        edges: list[int] = []
        headings: list[tuple[int, int]] = []
        _item_parts(
            node,
            parts,
            nested,
            code=code,
            quotes=quotes,
            lists=lists,
            edges=edges,
            headings=headings,
            holders=self.holders,
        )
        ends = [at for at, _ in code]
        end = ends[0] if code else len(parts)
        text = _clean("".join(parts[:end]))
        # its nested lists before its first <pre> or table, read before it, and their places; where
        # one of them holds a <pre> or a table too, whose block would come before the text the item
        # shows after them, that text is left on the item's line (as an item's before its <pre>
        # was), not said to stand after them
        early = sum(1 for at in lists if at < end)
        lists = lists[:early]
        if code and any(sub.css_first(_CODE_BLOCKS) is not None for sub in nested[:early]):
            lists = []
        # of an item with text after one of two or more nested lists: (the list, where it starts)
        tails: list[tuple[int, int]] = []
        if text or not code or early:
            # (an item showing no text before its nested list is an empty item all the same, which
            # a browser shows as a bullet alone with the list under it)
            item = ListItem(text, level, ordered, number)
            items.append(item)
            spans, breaks = _quote_spans(parts, quotes, end)
            if spans:
                self.item_quotes[id(item)] = spans
            if breaks:
                self.item_breaks[id(item)] = breaks
            said = {at for start, stop in spans for at in (start, stop + 1)}
            if len(lists) == 1:
                # text after its nested list, which a browser shows under that list: where it starts
                # (at 0 where the item shows none before it)
                before = len(_clean("".join(parts[: lists[0]])))
                start = before + 1 if before else 0
                if start < len(text):
                    self.item_tails[id(item)] = [(start,)]
                    said.add(start)
            elif lists:
                # the text after each nested list: where it starts; said to stand after all the
                # nested items until the lists are read
                starts = _tail_starts(parts[:end], lists)
                tails = [(n, start) for n, start in enumerate(starts) if start is not None]
                if tails:
                    self.item_tails[id(item)] = [(start,) for _, start in tails]
                    said.update(start for _, start in tails)
            if edges:  # its own paragraphs: where each after the first starts
                paragraphs = _paragraph_starts(parts, edges, end, said)
                if paragraphs:
                    self.item_paragraphs[id(item)] = paragraphs
            if headings:
                titles = _heading_spans(parts, headings, end)
                if titles:
                    self.item_headings[id(item)] = titles
        if not tails:
            for sub in nested[:early]:
                self.list_items(sub, level + 1, items)
        else:
            k = len(items) - 1
            firsts = []  # per nested list, the index in ``items`` of the first item after its own
            for sub in nested[:early]:
                if firsts and k < len(items) and items[k] is item:
                    # the text after the lists so far stands before this one's first item: said so before
                    # it is read, since a table or <pre> in it may write this item's list (its first
                    # item opened by it, the text then stands before the items after that list's part)
                    self.item_tails[id(item)] = [
                        (start, firsts[n]) if n < len(firsts) else (start,) for n, start in tails
                    ]
                self.list_items(sub, level + 1, items)
                firsts.append(len(items))
            if k < len(items) and items[k] is item:
                # the lists read, this item's list not yet written (a table or <pre> in a nested item
                # writes it): the text between two lists goes before the first item of the next one
                # that has any, the rest after all the nested items
                last = firsts[-1]
                self.item_tails[id(item)] = [
                    (start, firsts[n]) if firsts[n] < last else (start,) for n, start in tails
                ]
        if not code:
            return
        # a program's lines, a table's rows kept: the list ends before them, goes on after in this
        # item when it has text or a nested list to write before them (a list of empty items alone is
        # not written); an item holding nothing before them is opened by the first, its marker
        # written before it, as a browser shows it
        held = bool(text) or (early > 0 and any(other.text for other in items))
        opens = None if held else f"{number}." if ordered and number is not None else "1." if ordered else "-"
        self.code_apart(parts, code, items, level + 1, edges, opens, dict(headings))
        for sub in nested[early:]:
            self.list_items(sub, level + 1, items)

    def code_apart(
        self,
        parts: list[str],
        code: list[tuple[int, LexborNode]],
        items: list[ListItem],
        in_item: int,
        edges: list[int],
        opens: str | None = None,
        titled: dict[int, int] | None = None,
    ) -> None:
        """The ``<pre>`` blocks and tables of a list item as blocks of their own, as a Markdown
        list item's fenced code and tables are: the items read so far a list before the first,
        the item's text between and after them paragraphs, the items after it another list.
        Those blocks say that ``in_item`` items hold them (``IN_ITEM``; an item without text before
        them is none of those, as no item of its own is written for it), so that the Markdown
        writes them in the item and the list goes on after them, as a browser shows it. The text
        after each is parted into paragraphs where ``edges`` say (:func:`_item_parts`), as a browser
        shows them (``<pre>x</pre><p>b</p><p>c</p>``: "b" and "c", each a paragraph block). With
        ``opens`` (``-``, ``3.``), the item holds nothing before them: the first, a code block or a
        table, opens it (``OPENS_ITEM``); when it is neither (an empty ``<pre>`` gives none), no item
        is written for it, the blocks a level up, as a Markdown item cannot open with a paragraph
        that stays one. ``titled``: the level of each heading of the item, by its part in ``parts``."""
        titled = titled or {}
        self.list_block(items)
        items.clear()
        start = len(self.blocks)
        ends = [at for at, _ in code] + [len(parts)]
        for (at, part), end in zip(code, ends[1:], strict=True):
            if part.tag == "table":
                self.table(part)
                part.decompose()  # its images read with it: the list's are looked for after
            else:
                self.pre(part, images=False)  # the list's images follow it
            cuts = [at, *sorted({e for e in edges if at < e < end}), end]
            # a line left blank between two paragraphs: each a paragraph block (flush); a heading's
            # (its own part, between two edges) says its level (HEADING_LEVEL)
            for a, b in pairwise(cuts):
                first = len(self.blocks)
                self.buf.append("".join(parts[a:b]))
                self.flush()
                level = titled.get(a) if b == a + 1 else None
                if level and len(self.blocks) == first + 1:
                    block = self.blocks[first]
                    self.blocks[first] = with_meta(block, {**block.meta, HEADING_LEVEL: level})
        blocks = self.blocks
        if opens is not None:
            if start < len(blocks) and blocks[start].kind in (CODE, TABLE):
                blocks[start] = with_meta(blocks[start], {**blocks[start].meta, OPENS_ITEM: opens})
            else:
                in_item -= 1
        if not in_item:  # in no item written: at the margin
            return
        for i in range(start, len(blocks)):
            block = blocks[i]
            if block.kind != LIST and not (block.meta and IN_ITEM in block.meta):
                blocks[i] = with_meta(block, {**block.meta, IN_ITEM: in_item})

    # -- tables -------------------------------------------------------------------------------

    def table(self, node: LexborNode, depth: int = 0) -> None:
        captioned: LexborNode | None = None
        trs: list[tuple[LexborNode, bool]] = []  # (row, in <thead>)
        ends: list[int] = []  # per row, where its row group ends (for rowspan="0")
        feet: list[LexborNode] = []  # <tfoot>s: their rows come last, wherever they stand
        for part in node.iter():
            tag = part.tag
            if tag == "caption":
                captioned = part
            elif tag == "tfoot":
                feet.append(part)
            elif tag in ("thead", "tbody"):
                trs.extend((tr, tag == "thead") for tr in part.iter() if tr.tag == "tr")
                ends.extend([len(trs)] * (len(trs) - len(ends)))
            elif tag == "tr":
                trs.append((part, False))
                ends.append(len(trs))  # rows outside a group: each its own (parsers add a tbody)
        for part in feet:  # HTML's table model: a footer written before the body (as HTML 4 had
            # it written) is the table's last rows, as browsers draw it
            trs.extend((tr, False) for tr in part.iter() if tr.tag == "tr")
            ends.extend([len(trs)] * (len(trs) - len(ends)))
        if _layout(node, trs):
            self.flow([tr for tr, _ in trs], _caption(captioned), depth)
            return
        # a table in a cell (a navigation box's groups, an infobox's sub-box, a ranking under a
        # title) is a table of its own, read right under the row holding it: its rows stay rows
        # under its own header, instead of all its cells run together into one cell of this table
        parts = _own_parts(node) if depth < _MAX_DEPTH and _holds_below(node, "table") else []
        nested = any(part.tag == "table" for part in parts)
        caption = _caption(captioned, not nested)
        # most tables span no cell: their cells' attributes need not be read one by one
        spans = node.css_first("[colspan], [rowspan]") is not None
        beside = _beside_rows(trs, ends) if spans else {}
        grid, apart = _grid([tr for tr, _ in trs], ends, not nested, beside, spans)
        if (self.nested or not nested) and len(grid) > 1 and _one_text_a_row(grid):
            # a table that holds no data, each row one text at most: read as the flow of its
            # cells, as a layout is (a box of a title over a cell of links, a note under a title,
            # a column of numbered steps, a legend beside colours). One holding tables of its
            # own is so read only in a data table's cell: on its own, its rows are labels over
            # those tables, read as a table's (a navigation box's groups)
            self.flow([tr for tr, _ in trs], _caption(captioned), depth)
            return
        if len(grid) > 1:
            # a column empty in every row, its header's included (kept for a picture, a marker,
            # a spacer) is no column of the table's data: a label and its values stay a table of
            # two columns, not of a "Column 3" empty throughout
            grid = _without_empty_columns(grid)
        # the header: the rows of <thead>, else the leading rows made of <th> cells alone when
        # data rows follow them (one such row, after any title rows, when the whole table is
        # made of them)
        heads = [i for i, (_, in_head) in enumerate(trs) if in_head]
        if not heads:
            while len(heads) < len(grid) and grid[len(heads)][1]:
                heads.append(len(heads))
            if len(heads) == len(grid):
                over = next((i for i in heads if not grid[i][2]), len(heads))
                heads = heads[: over + 1] if len(grid) > 1 else []
            elif not heads and len(grid) > 1 and _bold_row(trs[0][0]) and not _bold_row(trs[1][0]):
                heads = [0]  # a first row of bold cells over rows that are not: a header set by its look
            elif (
                not heads
                and len(grid) > 2
                and not any(cell.tag == "th" for tr, _ in trs for cell in tr.iter())
                and _first_row_votes(grid) > 0
                and not _numbered_rows(grid)
            ):
                # a first row whose cells stand apart from the columns below them (a word over
                # numbers, over values of one length), as a CSV file's header does; not where
                # the author marked header cells elsewhere (a column of <th> heads the rows)
                heads = [0]
        # a header row that is one cell across the table is a title over it: said before it
        titled = []
        while heads and grid[heads[0]][2]:
            titled.append(heads.pop(0))
        header = joined_header([grid[i][0] for i in heads]) if heads else None
        if header is None and len(grid) == 1:
            # one row and no header: a layout table (a signature line, a bar of links), read
            # as Word, PowerPoint and OpenDocument tables of one row are: a paragraph per cell
            self.flow([trs[0][0]], _caption(captioned), depth)
            return
        gone = set(heads + titled)
        data = [i for i, (cells, _, _) in enumerate(grid) if i not in gone and any(cells)]
        # the pictures in the rows that open the table before its first row of two or more
        # values (an infobox's title, photo montage, flag and emblem) are read before it, the
        # others right under the row holding them, as a table in a cell is (with the pictures of
        # that row, in their order): the table is cut there, and its rows below go on as another
        # block of it, under the same header, their numbers going on
        lead = next((i for i, (cells, _, _) in enumerate(grid) if len({c for c in cells if c}) >= 2), None)
        placed = _rows_of(parts if nested else node.css("img"), trs, captioned)
        if apart:  # their pictures are read with their captions, after the table
            placed = [(part, row) for part, row in placed if not any(_inside(part, cell) for cell in apart)]
        body = set(data)
        under: dict[int, list[LexborNode]] = {row: [] for part, row in placed if part.tag == "table"}
        opening: list[tuple[LexborNode, int]] = []
        closing: list[LexborNode] = []
        # a small picture beside a cell's text: read after the block of rows holding its row, not
        # after the whole table (with its other blocks and the tables in its cells between)
        in_line: dict[int, list[LexborNode]] = {}
        for part, row in placed:
            if 0 <= row < len(trs) and part.tag == "img" and _in_text(part):
                if _alt_said(part):  # a flag beside the name its alt text gives: said once
                    alt = _clean(part.attributes.get("alt") or "")
                    self.skipped.append(Skipped("image", alt, "alt text as its cell's text", on_purpose=True))
                continue  # else its alt text is in its cell's
            if part.tag == "table" or (lead and 0 <= row < lead and row in under):
                under[row].append(part)
            elif lead and 0 <= row < lead:
                opening.append((part, row))
            elif row in body and not _icon(part) and not _across_rows(part):
                (in_line if _in_line(part) else under).setdefault(row, []).append(part)
            else:  # in the caption or a header, an icon left out, beside several rows
                closing.append(part)
        # a row whose only text is its label, its other cells holding only tables (a navigation
        # box's group), is that label said over them, not a row of empty cells
        labels = {
            i: next(c for c in grid[i][0] if c)
            for i in data
            if any(part.tag == "table" for part in under.get(i, ())) and len(set(grid[i][0]) - {""}) == 1
        }
        data = [i for i in data if i not in labels]
        meta = {}
        if header is None and data:
            # no row heads the table: its columns are named as a spreadsheet's without a header
            # row are, so that the Markdown table has a header line that invents no values, on
            # each block of a table cut in blocks: a chunk holding a later block is read alone,
            # and a blank head line there reads as an empty first row
            header = tuple(f"Column {i + 1}" for i in range(max(len(grid[i][0]) for i in data)))
            meta["has_header"] = False
        if caption:
            self.blocks.append(new_block(PARAGRAPH, caption))
        for part in under.pop(-1, []):  # the tables in the caption: read with it
            self.table_part(part, depth)
        cuts = sorted({*under, len(grid)})
        runs = [[i for i in data if lo < i <= hi] for lo, hi in pairwise([-1, *cuts])]
        # in a table cut in blocks, a block of rows of one text each under no header of the
        # author's (a note, a label over a group's table) is said as paragraphs, not as a table
        # of empty cells under a "Column N" header invented anew for it
        said = [bool(meta) and len(runs) > 1 and _one_text_a_row([grid[i] for i in run]) for run in runs]
        counted = sum(len(run) for run, text in zip(runs, said, strict=True) if not text)
        tables = sum(1 for run, text in zip(runs, said, strict=True) if run and not text)
        numbers = iter(range(1, counted + 1)) if tables > 1 else None
        for at, run, text in zip(cuts, runs, said, strict=True):
            while titled and titled[0] <= at:  # a title row: said before the rows below it
                self.blocks.append(new_block(PARAGRAPH, grid[titled.pop(0)][0][0]))
            while opening and opening[0][1] <= at:
                self.image(opening.pop(0)[0])
            if text:
                self.blocks.extend(new_block(PARAGRAPH, next(c for c in grid[i][0] if c)) for i in run)
            elif run or (at == cuts[0] and not meta):  # the author's header, before any table in it
                self.table_block(header, [grid[i][0] for i in run], meta, numbers, nested)
            for i in run:
                for part in in_line.pop(i, []):
                    self.image(part)
            if at in labels:
                self.blocks.append(new_block(PARAGRAPH, labels[at]))
            for part in in_line.pop(at, []):  # beside a label said over the tables of its row
                self.image(part)
            for part in under.get(at, []):
                self.table_part(part, depth)
        for part in closing:
            self.image(part)
        for cell in apart:
            self.walk(cell, depth + 1)
            self.flush()

    def table_block(
        self,
        header: tuple[str, ...] | None,
        rows: list[tuple[str, ...]],
        meta: dict[str, Any],
        numbers: Iterator[int] | None,
        titled: bool,
    ) -> None:
        """A TABLE block of ``rows`` (with their ``numbers`` in a table cut in blocks). A header
        without rows is a table of its own; a header of one text over rows that held only tables
        (``titled``; read apart) is said as their title."""
        if not rows and titled and header is not None and len(set(header) - {""}) == 1:
            self.blocks.append(new_block(PARAGRAPH, next(c for c in header if c)))
        elif rows or (header and any(header)):
            rows_t = tuple(rows)
            nums = tuple(next(numbers) for _ in rows) if numbers is not None else ()
            self.blocks.append(
                Block(
                    TABLE,
                    fast_render_table(header, rows_t),
                    header=header,
                    rows=rows_t,
                    row_numbers=nums,
                    meta=dict(meta),
                )
            )

    def flow(self, trs: list[LexborNode], caption: str, depth: int) -> None:
        """A layout table (of one row, or :func:`_layout`) read as the flow of its cells, row by
        row, one after another (a cell's paragraphs, lists, headings, tables and pictures as
        anywhere else), its caption first."""
        if caption:
            self.blocks.append(new_block(PARAGRAPH, caption))
        for tr in trs:
            for cell in tr.iter():
                if cell.tag in ("td", "th"):
                    self.walk(cell, depth + 1)
                    self.flush()

    def table_part(self, part: LexborNode, depth: int) -> None:
        """A picture or a table in a data table's cell, read apart from its row."""
        if part.tag == "img":
            self.image(part)
        else:
            self.nested += 1
            self.table(part, depth + 1)
            self.nested -= 1


_BOLD = frozenset(("b", "strong"))
#: ARIA roles that say a table only lays its content out
_LAYOUT_ROLES = frozenset(("presentation", "none"))
#: what a cell of a layout table holds and a data table's cell does not: a table, a heading, a list
_BLOCKS = "table, h1, h2, h3, h4, h5, h6, ul, ol, menu"


def _layout(node: LexborNode, trs: list[tuple[LexborNode, bool]]) -> bool:
    """Whether a table lays a page out rather than holding data: its role says so
    (``role="presentation"``), or, where no cell is a header cell (``<th>``, ``<thead>``), a
    cell holds blocks: a table, a heading, a list or several paragraphs (a newsletter's columns,
    a page's sidebar), unless most of its rows are rows of data all the same (:func:`_data_rows`).
    Links and bold text are inline: a data table's cells have them too."""
    if (node.attributes.get("role") or "").strip().lower() in _LAYOUT_ROLES:
        return True
    if any(head for _, head in trs) or not _holds_below(node, _BLOCKS + ", p"):
        return False  # the common data table: nothing but text and inline markup in its cells
    cells = [cell for tr, _ in trs for cell in tr.iter() if cell.tag in ("td", "th")]
    if any(cell.tag == "th" for cell in cells):
        return False
    return any(_holds_blocks(cell) for cell in cells) and not _data_rows(trs)


def _holds_blocks(cell: LexborNode) -> bool:
    return cell.css_first(_BLOCKS) is not None or len(cell.css("p")) > 1


#: a cell of at most this many characters is short, as a data table's values are
SHORT_CELL = 100


def _data_rows(trs: list[tuple[LexborNode, bool]]) -> bool:
    """Whether most rows of a table (and at least three) are rows of as many short cells (two or
    more) holding no blocks, as a data table's rows are and a layout's are not: the age groups
    and their shares under a chart in a cell, the regions and their provinces above a list of
    notes. A layout's boxes (a title over a cell of lists) and columns have no such rows."""
    shapes: Counter[int] = Counter()
    for tr, _ in trs:
        cells = [cell for cell in tr.iter() if cell.tag in ("td", "th")]
        if len(cells) > 1 and not any(
            _holds_blocks(cell) or len(_clean(_inline_text(cell))) > SHORT_CELL for cell in cells
        ):
            shapes[len(cells)] += 1
    most = max(shapes.values(), default=0)
    return most >= 3 and 2 * most > len(trs)


def _first_row_votes(grid: list[tuple[tuple[str, ...], bool, bool]]) -> int:
    """The votes of a table's columns that its first row heads them (csvfmt's
    ``header_votes``), from the columns holding two values or more below it: one value of
    another length than the first cell's is no column of one length (a file name and its bytes
    over two more such pairs, the last without bytes, is data throughout)."""
    rows = [list(cells) for cells, _, _ in grid]
    first = rows[0]
    for col in range(len(first)):
        if sum(1 for row in rows[1:] if col < len(row) and row[col].strip()) < 2:
            first[col] = ""  # a column the votes leave out
    return sum(header_votes(rows))


#: a row's first cell that numbers it: "1.", "2)", "(3)"
_ROW_NUMBER = re.compile(r"\(?\d{1,3}[.)]")


def _numbered_rows(grid: list[tuple[tuple[str, ...], bool, bool]]) -> bool:
    """Whether the first row's first cell is numbered as the next row's is (``1. …`` over
    ``2. …``): the first of a numbered list of rows, not a header over them."""
    firsts = [cells[0] if cells else "" for cells, _, _ in grid[:2]]
    return all(_ROW_NUMBER.match(cell) for cell in firsts)


def _bold_row(tr: LexborNode) -> bool:
    """Whether a table row is set in bold as a header is: each of its cells that holds text holds
    it all inside ``<b>`` or ``<strong>`` (``<th>`` cells count as bold), and one cell does."""
    seen = False
    for cell in tr.iter():
        if cell.tag == "th":
            seen = seen or bool(_clean(_inline_text(cell)))
        elif cell.tag == "td":
            for node in cell.traverse(include_text=True):
                if node.tag != "-text" or not (node.text_content or "").strip():
                    continue
                up = node.parent
                while up is not None and up.tag not in _BOLD and up.mem_id != cell.mem_id:
                    up = up.parent
                if up is None or up.tag not in _BOLD:
                    return False
                seen = True
    return seen


def _icon(img: LexborNode) -> bool:
    """Whether an <img> is left out as a tracking pixel or an icon (:func:`_junk_image`)."""
    alt = img.attributes.get("alt")
    return _junk_image(img.attributes, _clean(alt) if alt is not None else None) is not None


def _beside_rows(trs: list[tuple[LexborNode, bool]], ends: list[int]) -> dict[int, LexborNode]:
    """The cells (by ``mem_id``) that may stand beside a table's rows rather than be data of
    them: a ``<td>`` spanning rows down to the table's end that holds a picture, not an icon,
    and text (a ranking's photos of its first cities with their names, beside its ten rows).
    Those :func:`_grid` finds under no text in their columns are their columns' only text: no
    row says anything there another does not. A cell below another in its column (a category
    over its rows, the last of several) is data of each row it spans and stays repeated."""
    return {
        cell.mem_id: cell
        for r, (tr, _) in enumerate(trs)
        for cell in tr.iter()
        if cell.tag == "td"
        and r + (_span(cell, "rowspan", MAX_ROWSPAN) or max(ends[r] - r, 1)) >= len(trs) > r + 1
        and cell.css_first("table") is None
        and any(not _icon(img) for img in cell.css("img"))
        and _clean(_inline_text(cell))  # a picture alone is no text repeated: it stays where it is read
    }


def _in_line(img: LexborNode) -> bool:
    """Whether an <img> is a small picture (:data:`INLINE_PICTURE_MAX`) without alt text in a
    cell that holds text too: the flags before the regimes' names heading a navigation box's
    rows. It says nothing of its row a reader is given (its only name its file's), so it is
    read after the block of rows holding it rather than cutting the table at each row holding
    one; a picture with alt text is that text in its cell (:func:`_in_text`), and one alone in
    its cell is read under its row."""
    if (img.attributes.get("alt") or "").strip():
        return False
    size = _declared_size(img.attributes)
    if size is None or max(size) > INLINE_PICTURE_MAX:
        return False
    cell = _cell_of(img)
    return cell is not None and bool(_clean(_inline_text(cell)))


def _in_text(img: LexborNode) -> bool:
    """Whether an <img> in a table cell is read as its alt text in the cell's text: a picture
    with alt text, no icon left out, declared at most :data:`INLINE_PICTURE_MAX` pixels each
    way, a line of text's height (a president's standard of 22×22 before his name, a flag of
    22×15 before a capital's): it stands in the line as a word does, and cutting the table
    under its row to read it apart would part the row from the rows around it. A larger
    picture (the next in the pages' cells are of 60×45 and more: a photo, a map, a coat of
    arms) is a figure of its own, read apart; so is one whose bytes the document holds (a
    ``data:`` URI, an e-mail's ``cid:`` part), an image to extract."""
    alt = _clean(img.attributes.get("alt") or "")
    if not alt or _junk_image(img.attributes, alt) is not None:
        return False
    if (img.attributes.get("src") or "").strip().lower().startswith(("data:", "cid:")):
        return False
    size = _declared_size(img.attributes)
    return size is not None and max(size) <= INLINE_PICTURE_MAX and _cell_of(img) is not None


def _alt_said(img: LexborNode) -> bool:
    """Whether the alt text of a picture read in its cell's text (:func:`_in_text`) is already
    in that text: a flag whose alt names the country beside it (המנדט הבריטי before המנדט
    הבריטי על פלשתינה) would say it twice."""
    cell = _cell_of(img)
    alt = _clean(img.attributes.get("alt") or "")
    return cell is not None and alt in _clean(_inline_text(cell))


def _across_rows(img: LexborNode) -> bool:
    """Whether an <img> is in a cell spanning several rows (a ranking's pictures beside its
    rows): it belongs to none of them."""
    cell = _cell_of(img)
    return cell is not None and _span(cell, "rowspan", MAX_ROWSPAN) != 1


def _cell_of(node: LexborNode) -> LexborNode | None:
    """The table cell (``<td>``, ``<th>``) holding a node, if any within :data:`_MAX_DEPTH` levels."""
    up = node.parent
    for _ in range(_MAX_DEPTH):
        if up is None or up.tag in ("td", "th"):
            break
        up = up.parent
    return up if up is not None and up.tag in ("td", "th") else None


def _item_parts(
    node: LexborNode,
    parts: list[str],
    nested: list[LexborNode],
    depth: int = 0,
    code: list[tuple[int, LexborNode]] | None = None,
    quotes: list[tuple[int, tuple[str, ...]]] | None = None,
    lists: list[int] | None = None,
    edges: list[int] | None = None,
    headings: list[tuple[int, int]] | None = None,
    holders: set[int] | None = None,
) -> None:
    """The text of a list item into ``parts`` and its nested lists into ``nested``, also lists
    wrapped in block elements (``<li>a<div><div><ul>…``) at any depth. With ``code``, the item's
    ``<pre>`` blocks and tables go there instead of into its text, each with the count of
    ``parts`` before it (a highlighter's ``<div class="highlight"><pre>`` too). With ``quotes``,
    the index in ``parts`` of the text of each ``<blockquote>`` holding none of those (nor a list),
    and its paragraphs (:func:`_quote_paragraphs`), whose text, a space between each, is that part's.
    With ``lists``, the count of ``parts`` before each nested list. With ``edges``, the count of
    ``parts`` where a paragraph of the item may start, as a browser shows it: at each edge of a
    block element in it (``<p>``, ``<div>``, a heading) and after a ``<br>`` that follows another,
    nothing but white space between them (a line left blank). With ``headings``, the index in ``parts``
    of the text of each heading and its level. With ``edges`` and ``holders`` (the ``mem_id`` of the
    elements holding a block or a ``<br>``, :func:`_break_holders`), such an element is read as the
    item is, its paragraphs apart."""
    last_br = -1  # the count of ``parts`` after the last <br> read at this depth
    for child in node.iter(include_text=True):
        tag = child.tag
        if tag == "br" and edges is not None:
            if last_br >= 0 and not "".join(parts[last_br:]).strip():
                edges.append(len(parts))
            parts.append(" ")
            last_br = len(parts)
        elif tag in _LISTS:
            nested.append(child)
            if lists is not None:
                lists.append(len(parts))
            parts.append(" ")  # a browser shows the text after it on a line of its own
        elif tag == "-text":
            parts.append(child.text_content or "")
        elif tag in _SKIP_INLINE:
            continue
        elif tag not in _BLOCK_EDGES:
            if holders and depth < _MAX_DEPTH and child.mem_id in holders:
                # an inline element holding a block or a <br> (<span>a<br><br>b</span>, <a><p>x</p></a>):
                # its content read as it is outside one, as a browser shows it
                _item_parts(child, parts, nested, depth + 1, code, quotes, lists, edges, headings, holders)
            else:
                parts.append(_inline_text(child))
        elif code is not None and (tag in _PRE_TAGS or tag == "table"):
            code.append((len(parts), child))
            parts.append(" ")
        elif (
            depth < _MAX_DEPTH
            and child.css_first(_ITEM_BLOCKS if code is not None else "ul, ol, menu") is not None
        ):
            if edges is not None:
                edges.append(len(parts))
            parts.append(" ")
            _item_parts(child, parts, nested, depth + 1, code, quotes, lists, edges, headings, holders)
            parts.append(" ")
            if edges is not None:
                edges.append(len(parts))
        elif tag == "blockquote" and quotes is not None:
            paragraphs = _quote_paragraphs(child)
            quotes.append((len(parts), paragraphs))
            parts.append(" " + " ".join(paragraphs) + " ")
        elif (
            edges is not None
            and holders
            and depth < _MAX_DEPTH
            and tag not in _HEADINGS
            and child.mem_id in holders
        ):
            # a block holding blocks (<div><p>a</p><p>b</p></div>) or a <br>: its paragraphs apart, as
            # those of the item
            edges.append(len(parts))
            parts.append(" ")
            _item_parts(child, parts, nested, depth + 1, code, quotes, lists, edges, headings, holders)
            parts.append(" ")
            edges.append(len(parts))
        else:
            if edges is not None:
                edges.append(len(parts))
            if headings is not None and tag in _HEADINGS:
                headings.append((len(parts), _HEADINGS[tag]))
            parts.append(" " + _inline_text(child) + " ")
            if edges is not None:
                edges.append(len(parts))


def _break_holders(node: LexborNode) -> set[int]:
    """The ``mem_id`` of each element below ``node`` (a list) that holds a block element or a
    ``<br>`` (:data:`_ITEM_BREAKS`), found in one walk over the whole list rather than a query for
    each element of its items (a query of that many selectors takes about five times as long)."""
    holders: set[int] = set()
    top = node.mem_id
    for found in node.traverse():
        if found.tag not in _ITEM_BREAKS or found.mem_id == top:
            continue
        up = found.parent
        while up is not None and up.mem_id != top and up.mem_id not in holders:
            holders.add(up.mem_id)
            up = up.parent
    return holders


def _tail_starts(parts: list[str], lists: list[int]) -> list[int | None]:
    """Where the text a list item shows after each of its nested lists (``lists``: the count of
    ``parts`` before each, :func:`_item_parts`) starts in the item's text, ``_clean("".join(parts))``;
    None after a list with no text after it before the next one, 0 for the first text after a list
    where the item shows none before it (an empty item, its text all under its lists)."""
    starts: list[int | None] = []
    length = len(_clean("".join(parts[: lists[0]])))
    for at, end in zip(lists, [*lists[1:], len(parts)], strict=True):
        # a list's part is a space: the text of each run between two lists is a word apart
        piece = len(_clean("".join(parts[at:end])))
        starts.append((length + 1 if length else 0) if piece else None)
        if piece:
            length += piece + 1 if length else piece
    return starts


def _paragraph_starts(parts: list[str], edges: list[int], end: int, said: set[int]) -> list[int]:
    """Where the paragraphs of a list item's text, ``_clean("".join(parts[:end]))``, start after its
    first: at each of ``edges`` (counts of ``parts``, :func:`_item_parts`) with text before and after
    it, a space after the text before; the offsets in ``said`` (its quotes' starts and the text's
    after them, its pieces' after its nested lists) left out, paragraphs of their own already."""
    wanted = sorted({e for e in edges if 0 < e < end})
    if not wanted:
        return []
    # the length of the text of ``parts`` up to each edge, white space runs one space, counted as
    # they are read (a word may run across parts: ``a<b>b</b>`` is one)
    lengths: dict[int, int] = {}
    chars = words = 0
    in_word = False
    k = 0
    for n in range(end + 1):
        while k < len(wanted) and wanted[k] == n:
            lengths[n] = chars + max(words - 1, 0)
            k += 1
        if n == end:
            break
        part = parts[n]
        if not part:
            continue
        tokens = part.split()
        if tokens:
            words += len(tokens) - (1 if in_word and not part[0].isspace() else 0)
            chars += sum(map(len, tokens))
        in_word = bool(tokens) and not part[-1].isspace()
    total = chars + max(words - 1, 0)
    starts = {length + 1 for length in lengths.values() if 0 < length < total}
    return sorted(starts - said)


def _heading_spans(parts: list[str], headings: list[tuple[int, int]], end: int) -> list[tuple[int, int, int]]:
    """Where the text of each heading of an item (``parts[at]`` for each ``at`` of ``headings``, a
    block's text between spaces) starts and ends in the item's text, ``_clean("".join(parts[:end]))``,
    and its level; none for a heading without text."""
    spans = []
    for at, level in headings:
        if at >= end:
            break
        title = _clean(parts[at])
        if title:
            before = len(_clean("".join(parts[:at])))
            start = before + 1 if before else 0
            spans.append((start, start + len(title), level))
    return spans


def _quote_paragraphs(node: LexborNode, depth: int = 0) -> tuple[str, ...]:
    """The paragraphs of a block quote as a browser shows them, each on one line: a block element's
    text (those of a ``<div>`` holding blocks, each), the text and inline elements between two. Joined
    by spaces they are the text of the whole (:func:`_inline_text`), a ``<br>`` a space in it."""
    out: list[str] = []
    run: list[str] = []
    for child in node.iter(include_text=True):
        tag = child.tag
        if tag == "-text":
            run.append(child.text_content or "")
        elif tag == "br":
            run.append(" ")
        elif tag in _SKIP_INLINE:
            continue
        elif tag not in _BLOCK_EDGES:
            run.append(_inline_text(child))
        else:
            out.append(_clean("".join(run)))
            run.clear()
            if tag in _CONTAINERS and depth < _MAX_DEPTH:
                out.extend(_quote_paragraphs(child, depth + 1))
            else:
                out.append(_clean(_inline_text(child)))
    out.append(_clean("".join(run)))
    return tuple(p for p in out if p)


def _quote_spans(
    parts: list[str], quotes: list[tuple[int, tuple[str, ...]]], end: int
) -> tuple[list[tuple[int, int]], list[int]]:
    """Where the text of each quote of an item (``parts[at]`` for each ``at`` of ``quotes``) starts
    and ends in the item's text, ``_clean("".join(parts[:end]))``: the words before it, a space,
    its words (each part of a block's text stands between spaces); and where each of its paragraphs
    after the first starts (a space after the one before)."""
    spans = []
    breaks = []
    for at, paragraphs in quotes:
        if at >= end:
            break
        quoted = _clean(parts[at])
        if quoted:
            before = len(_clean("".join(parts[:at])))
            start = before + 1 if before else 0
            spans.append((start, start + len(quoted)))
            for paragraph in paragraphs[:-1]:
                start += len(paragraph) + 1
                breaks.append(start)
    return spans, breaks


def _pre_text(node: LexborNode) -> str:
    """The text of preformatted text as shown: its own line breaks, and one at each ``<br>``
    (some highlighters and web mails break a program's lines so)."""
    if node.css_first("br") is None:
        return node.text(deep=True) or ""
    return "".join(
        "\n" if part.tag == "br" else part.text_content or ""
        for part in node.traverse(include_text=True)
        if part.tag in ("-text", "br")
    )


#: the elements holding preformatted text (a program, a console session)
_PRE_TAGS = frozenset(("pre", "xmp", "listing", "plaintext"))
#: what a block element in a list item may hold that is read apart from the item's text
_ITEM_BLOCKS = "ul, ol, menu, pre, xmp, listing, plaintext, table"
#: what a list item's nested list may hold that is read apart from the list (:meth:`_Walker.code_apart`)
_CODE_BLOCKS = "pre, xmp, listing, plaintext, table"
#: what an element of a list item may hold that parts the item's text into paragraphs: a block element,
#: a ``<br>`` (two in a row leave a line blank)
_ITEM_BREAKS = _BLOCK_EDGES - {"tr", "td", "th", "thead", "tbody", "tfoot"}


#: spans past these are read as these (HTML's own limits are 1,000 columns and 65,534 rows)
MAX_COLSPAN = 1000
MAX_ROWSPAN = 65534
#: a colspan repeats its text only up to this width of the row; past it the text is given once,
#: so that thousands of wide cells cannot make a row of millions
MAX_ROW_WIDTH = 1000


def _span(cell: LexborNode, name: str, cap: int) -> int:
    """A cell's ``colspan`` or ``rowspan``: its leading digits, as browsers read it; 1 without any.
    A ``rowspan`` of 0 gives 0 (the rest of the row group); a ``colspan`` of 0 is 1."""
    value = (cell.attributes.get(name) or "").strip()
    digits = value[: len(value) - len(value.lstrip("0123456789"))]
    if not digits:
        return 1
    span = int(digits[:6])
    if span == 0 and name == "rowspan":
        return 0
    return min(max(span, 1), cap)


def _caption(node: LexborNode | None, tables: bool = True) -> str:
    """A table's caption (empty without one); without ``tables``, the tables in it left out."""
    return _clean(_inline_text(node, tables)) if node is not None else ""


def _holds_below(node: LexborNode, selector: str) -> bool:
    """Whether an element holds one matching ``selector`` (lexbor's selectors match the node
    they start from too: ``table.css_first("table")`` finds that table itself; from each child,
    what they find is below the element)."""
    return any(child.css_first(selector) is not None for child in node.iter())


def _own_parts(node: LexborNode) -> list[LexborNode]:
    """The tables inside a table's own cells and caption and its <img>s outside them, in order
    (not what those tables hold: the walk stops at each, so that tables nested deep are not
    searched once per level)."""
    found = []
    stack = [node.iter()]
    while stack:
        child = next(stack[-1], None)
        if child is None:
            stack.pop()
        elif child.tag in ("table", "img"):
            found.append(child)
        else:
            stack.append(child.iter())
    return found


def _rows_of(
    parts: list[LexborNode], trs: list[tuple[LexborNode, bool]], captioned: LexborNode | None
) -> list[tuple[LexborNode, int]]:
    """Each of the ``parts`` of a table with the index of the row of ``trs`` holding it: -1 for
    one in its caption, ``len(trs)`` for one found in neither (deeper than the walk goes up)."""
    index = {tr.mem_id: i for i, (tr, _) in enumerate(trs)}
    caption = captioned.mem_id if captioned is not None else None
    placed = []
    for part in parts:
        up, steps = part.parent, 0
        while up is not None and up.mem_id not in index and up.mem_id != caption and steps < _MAX_DEPTH:
            up, steps = up.parent, steps + 1
        if up is not None and up.mem_id in index:
            placed.append((part, index[up.mem_id]))
        else:
            placed.append((part, -1 if up is not None and up.mem_id == caption else len(trs)))
    return placed


def _one_text_a_row(grid: list[tuple[tuple[str, ...], bool, bool]]) -> bool:
    """Whether a table's rows hold one text at most each (a box of a title over a cell of
    links): no data to read as a table."""
    return all(len({c for c in cells if c}) <= 1 for cells, _, _ in grid)


def _without_empty_columns(
    grid: list[tuple[tuple[str, ...], bool, bool]],
) -> list[tuple[tuple[str, ...], bool, bool]]:
    """``grid`` without the columns empty in every row but its titles (a row of one cell across
    the table, its text in the first column: kept there, in the first column left)."""
    width = max((len(cells) for cells, _, _ in grid), default=0)
    kept = [
        col
        for col in range(width)
        if any(col < len(cells) and cells[col] for cells, _, title in grid if not title)
    ]
    if len(kept) == width or not kept:
        return grid
    return [
        (
            (cells[0], *[""] * (len(kept) - 1)) if title else tuple(cells[c] for c in kept if c < len(cells)),
            th,
            title,
        )
        for cells, th, title in grid
    ]


def _grid(
    trs: list[LexborNode],
    ends: list[int],
    tables: bool = True,
    beside: dict[int, LexborNode] | None = None,
    spans: bool = True,
) -> tuple[list[tuple[tuple[str, ...], bool, bool]], list[LexborNode]]:
    """Each row's cells laid out as a browser lays out ``colspan`` and ``rowspan``, a cell's text
    repeated in every column and row it spans (as Word's merged cells are read), except a row
    that is one cell across the whole table, whose text is given once (:func:`labels_once`).
    Without ``tables``, a cell's text leaves out the tables inside it (read apart).
    ``rowspan="0"`` spans the rest of the row's group (``ends[i]``: where row ``i``'s group
    ends). With each row, whether all the cells that start in it are ``<th>``, and whether it is
    such a label. Also the cells of ``beside`` (:func:`_beside_rows`) left empty in the grid, to
    be read once apart from it: those under no header text but a title's (a header naming their
    column makes them a value of each row). Without ``spans``, no cell has a ``colspan`` or
    ``rowspan`` to read."""
    beside = beside or {}
    apart: list[LexborNode] = []
    rows: list[list[str]] = []
    th: list[bool] = []
    below: dict[int, tuple[str, int]] = {}  # column → (text, rows it still fills) of a rowspan
    labels: list[int] = []  # rows made of one cell spanning columns, nothing carried into them
    for r, tr in enumerate(trs):
        row: list[str] = []
        all_th = True
        started = 0
        for cell in tr.iter():
            if cell.tag not in ("td", "th"):
                continue
            while len(row) in below:
                row.append(_carry(below, len(row)))
            text = _clean(_inline_text(cell, tables, pictures=True))
            started += 1
            all_th = all_th and cell.tag == "th"
            if not spans:
                row.append(text)
                continue
            across = min(_span(cell, "colspan", MAX_COLSPAN), max(1, MAX_ROW_WIDTH - len(row)))
            if cell.mem_id in beside and not any(
                col < len(above) and above[col]
                for i, above in enumerate(rows)
                if i not in labels  # a title over the table names no column
                for col in range(len(row), len(row) + across)
            ):
                text = ""
                apart.append(cell)
            down = _span(cell, "rowspan", MAX_ROWSPAN) or max(ends[r] - r, 1)
            for _ in range(across):
                if down > 1:
                    below[len(row)] = (text, down - 1)
                row.append(text)
        if started == 1 and len(row) > 1 and len(set(row)) == 1 and not any(c >= len(row) for c in below):
            labels.append(len(rows))
        for col in sorted(c for c in below if c >= len(row)):  # spans from above at the row's end
            row.extend([""] * (col - len(row)))
            row.append(_carry(below, col))
        rows.append(row)
        th.append(all_th and started > 0)
    done = set(labels_once(rows, labels))
    return [(tuple(row), th[i], i in done) for i, row in enumerate(rows)], apart


def _carry(below: dict[int, tuple[str, int]], col: int) -> str:
    text, left = below[col]
    if left > 1:
        below[col] = (text, left - 1)
    else:
        del below[col]
    return text


def _language(node: LexborNode) -> str | None:
    for n in (node, node.css_first("code")):
        if n is None:
            continue
        cls = n.attributes.get("class") or ""
        m = _LANG_CLASS.search(cls)
        if m:
            return m.group(1).lower()
    return None


def _junk_image(attrs: dict[str, str | None], alt: str | None) -> str | None:
    """Why an <img> is left out, from the size it declares (``width``/``height`` attributes, or
    ``width``/``height`` in px in its ``style``, which wins as in a browser): "tracking pixel
    (1×1)" or "icon (22×15)"; None to keep it (also whenever a size is not declared in pixels,
    and for a ``cid:`` image: a part of the e-mail that holds the page, which reads it where it
    stands; left out, it would only move to the end of the message)."""
    if (attrs.get("src") or "").strip()[:4].lower() == "cid:":
        return None
    size = _declared_size(attrs)
    if size is None:
        return None
    w_px, h_px = size
    if w_px <= PIXEL_MAX and h_px <= PIXEL_MAX:
        return f"tracking pixel ({w_px}×{h_px})"
    if w_px <= ICON_MAX and h_px <= ICON_MAX and (not alt or (" " not in alt and len(alt) <= ICON_ALT_MAX)):
        return f"icon ({w_px}×{h_px})"
    return None


def _declared_size(attrs: dict[str, str | None]) -> tuple[int, int] | None:
    """The width and height in pixels an <img> declares (``width``/``height`` attributes, or
    ``width``/``height`` in px in its ``style``, which wins as in a browser); None unless both are."""
    width, height = attrs.get("width"), attrs.get("height")
    style = attrs.get("style")
    if style and ("width" in style or "height" in style):
        for name, value in _CSS_SIZE.findall(style):
            if name.lower() == "width":
                width = value
            else:
                height = value
    if not width or not height:
        return None
    w, h = _DIMENSION.fullmatch(width.strip()), _DIMENSION.fullmatch(height.strip())
    if w is None or h is None:
        return None
    return int(w.group(1)), int(h.group(1))


def _src_label(src: str) -> str:
    if not src or src.startswith("data:"):
        return ""
    tail = src.split("?", 1)[0].split("#", 1)[0].rstrip("/").rsplit("/", 1)[-1]
    return unquote_to_bytes(tail).decode("utf-8", "replace")


def _remove_boilerplate(tree: LexborHTMLParser, mail: bool = False) -> int:
    """Remove the page's chrome and what it hides; how many hidden elements went (:func:`_remove_hidden`)."""
    hidden = _remove_hidden(tree, mail)
    for node in _chrome(tree):
        node.decompose()
    body = tree.body
    first = body.child if body is not None else None
    while first is not None and first.tag == "-text" and not (first.text_content or "").strip():
        first = first.next
    if first is not None and first.tag == "a" and (first.attributes.get("href") or "").startswith("#"):
        first.decompose()  # a skip link ("Jump to content") opening the page
    if tree.css_first("a[hreflang]") is not None:
        for node in tree.css("ul, ol, menu"):
            if _language_list(node):
                node.decompose()
    for svg in tree.css("svg"):
        _svg_labels(svg)
    tree.strip_tags(list(BOILERPLATE), recursive=True)
    return hidden


#: The SVG elements whose content is not drawn where it stands: definitions drawn only where
#: used (a symbol, a gradient, a clip path), a tooltip or description, HTML inside a drawing
_SVG_UNDRAWN = frozenset(
    ("defs", "symbol", "clippath", "mask", "pattern", "marker", "title", "desc", "metadata", "foreignobject")
)
#: The attributes that place a ``<tspan>`` apart from the text before it (a line of a label)
_SVG_PLACED = ("x", "y", "dx", "dy")


def _svg_labels(svg: LexborNode) -> None:
    """Put a ``<div>`` holding the labels an inline SVG drawing writes (its ``<text>`` elements,
    one a line, a ``<tspan>`` placed by ``x``/``y``/``dx``/``dy`` a word apart) in the place of
    the drawing, or the labels as words where text is written beside it
    (:func:`_in_running_text`); the drawing is removed as boilerplate otherwise: a diagram's
    labels are text a search should find. Text in definitions (``<defs>``, ``<symbol>``: drawn
    only where used), a ``<title>`` or ``<desc>`` (not drawn) and a ``<foreignObject>`` (HTML,
    which a draw.io drawing repeats as a ``<text>`` fallback) is not read; nor a drawing inside
    another one, read with it."""
    up = svg.parent
    while up is not None:
        if up.tag == "svg":
            return
        up = up.parent
    labels = []
    stack = [svg.iter(include_text=False)]
    while stack:
        child = next(stack[-1], None)
        if child is None:
            stack.pop()
            continue
        tag = (child.tag or "").lower()
        if tag == "text":
            label = _clean(_svg_text(child))
            if label:
                labels.append(label)
        elif tag not in _SVG_UNDRAWN:
            stack.append(child.iter(include_text=False))
    if not labels:
        return
    if _in_running_text(svg):  # a drawing in a line of text (a button's, a badge's): words of it
        svg.replace_with(" " + " ".join(labels) + " ")
        return
    body = "<br>".join(escape(label) for label in labels)
    div = LexborHTMLParser(f"<div>{body}</div>").css_first("div")
    if div is not None:
        svg.replace_with(div)


def _in_running_text(node: LexborNode) -> bool:
    """Whether text is written beside a node, in the element holding it (``<p>Press <svg>…</svg>
    to go</p>``)."""
    for step in ("prev", "next"):
        near = getattr(node, step)
        while near is not None:
            if near.tag == "-text" and (near.text_content or "").strip():
                return True
            near = getattr(near, step)
    return False


def _svg_text(node: LexborNode) -> str:
    """The text an SVG ``<text>`` draws: its text nodes as they are, a space before a ``<tspan>``
    placed apart (:data:`_SVG_PLACED`)."""
    parts = []
    for child in node.iter(include_text=True):
        tag = (child.tag or "").lower()
        if tag == "-text":
            parts.append(child.text_content or "")
        elif tag not in _SVG_UNDRAWN and tag != "-comment":
            placed = any(child.attributes.get(a) is not None for a in _SVG_PLACED)
            parts.append((" " if placed else "") + _svg_text(child))
    return "".join(parts)


def _remove_hidden(tree: LexborHTMLParser, mail: bool = False) -> int:
    """Remove the elements no reader is shown: the ``hidden`` attribute (not ``until-found``,
    which find-in-page reveals), a ``display: none`` or ``visibility: hidden`` (unless a
    descendant sets ``visibility: visible`` again) set inline or by a rule of a ``<style>``
    element (:func:`_sheet_hidden`). ``aria-hidden`` (hidden from screen readers, shown on
    screen) stays. Returns how many elements went, counting neither one inside another (a child
    goes with its parent) nor one inside the boilerplate that goes anyway (a menu's hidden list).

    In a mail body (``mail``) every such element goes: a mail hides nothing its reader can open
    (its preheader, the inbox preview line, is hidden for good). A web page shows its hidden
    blocks on a click (a FAQ's answers, tab panels, "show more"): only its short inline fragments
    go, an element neither a block nor holding one, with at most :data:`HIDDEN_INLINE_MAX`
    characters (a sort key in a table cell, a duplicate date or coordinates)."""
    found = {n.mem_id: n for n in tree.css(_MAYBE_HIDDEN) if _is_hidden(n)}
    styles = tree.css("style")
    if styles:
        hidden, shown = _sheet_hidden(tree, styles, found)
        for mem_id in shown:  # an `!important` rule shows it (a "Read more" link's `display: inline`)
            del found[mem_id]
        found.update((n.mem_id, n) for n in hidden)
    nodes = [n for n in found.values() if mail or _inline_fragment(n)]
    if not nodes:
        return 0
    # only the outermost are removed (a child goes with its parent), all found before any is:
    # whether an ancestor is removed is remembered along each path walked up, so each node is
    # walked through once however deep the nesting
    gone = {n.mem_id: True for n in nodes}  # node → removed, or inside a removed one
    outermost = []
    for node in nodes:
        path, up = [], node.parent
        while up is not None and up.mem_id not in gone:
            path.append(up.mem_id)
            up = up.parent
        inside = up is not None and gone[up.mem_id]
        gone.update(dict.fromkeys(path, inside))
        if not inside:
            outermost.append(node)
    chrome = {n.mem_id for n in _chrome(tree)}
    shown = sum(1 for node in outermost if not _in_boilerplate(node, chrome))
    for node in outermost:
        node.decompose()
    return shown


_BOILERPLATE_TAGS = frozenset(BOILERPLATE)


def _chrome(tree: LexborHTMLParser) -> list[LexborNode]:
    """The page chrome :func:`_remove_boilerplate` removes with its content: a ``<header>`` or
    ``<footer>`` outside any ``<article>``/``<main>``, ``<section>``, ``<blockquote>`` … (which
    it belongs to, :data:`_OWN_CHROME`), and MediaWiki's (:data:`MEDIAWIKI_CHROME`)."""
    out = []
    for node in tree.css(", ".join(PAGE_CHROME)):
        parent = node.parent
        while parent is not None and parent.tag not in _OWN_CHROME:
            parent = parent.parent
        if parent is None:
            out.append(node)
    return out + tree.css(", ".join(MEDIAWIKI_CHROME))


def _in_boilerplate(node: LexborNode, chrome: set[int]) -> bool:
    """Whether a node is inside what goes anyway: the boilerplate or the page's ``chrome``."""
    up, steps = node.parent, 0
    while up is not None and steps < _MAX_DEPTH:
        if up.tag in _BOILERPLATE_TAGS or up.mem_id in chrome:
            return True
        up, steps = up.parent, steps + 1
    return False


_MAYBE_HIDDEN = '[hidden], [style*="none" i], [style*="hidden" i], [style*="collapse" i]'
#: the longest text of a hidden inline element a web page loses (Wikipedia's sort keys are 20)
HIDDEN_INLINE_MAX = 100
#: the elements that make a block of a page (a hidden one is content shown on request)
_BLOCK_TAGS = frozenset(
    [
        "address",
        "article",
        "blockquote",
        "caption",
        "dd",
        "details",
        "dialog",
        "div",
        "dl",
        "dt",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "hgroup",
        "li",
        "main",
        "ol",
        "p",
        "pre",
        "section",
        "summary",
        "table",
        "tbody",
        "td",
        "tfoot",
        "th",
        "thead",
        "tr",
        "ul",
    ]
)
_BLOCK_QUERY = ", ".join(sorted(_BLOCK_TAGS))


def _inline_fragment(node: LexborNode) -> bool:
    """Whether a hidden element of a web page is a short inline fragment, left out with it."""
    if node.tag in _BLOCK_TAGS or node.css_first(_BLOCK_QUERY) is not None:
        return False
    return len(_clean(node.text(deep=True) or "")) <= HIDDEN_INLINE_MAX


_STYLE_HIDES = re.compile(r"(?:^|;)\s*(display|visibility)\s*:\s*([^;]*)", re.IGNORECASE)


def _declared(style: str) -> dict[str, tuple[str, bool]]:
    """The ``display`` and ``visibility`` a declaration list sets: property → (value in lower
    case, ``!important``); the last declaration wins, unless one before it is ``!important``."""
    declared: dict[str, tuple[str, bool]] = {}
    for prop, value in _STYLE_HIDES.findall(style):
        value = value.strip().lower()
        important = value.endswith("important") and "!" in value
        if important:
            value = value[: value.rindex("!")].strip()
        prop = prop.lower()
        if important or not declared.get(prop, ("", False))[1]:
            declared[prop] = (value, important)
    return declared


def _is_hidden(node: LexborNode) -> bool:
    attrs = node.attributes
    if "hidden" in attrs and (attrs["hidden"] or "").strip().lower() != "until-found":
        return True
    declared = _declared(attrs.get("style") or "")
    if declared.get("display", ("",))[0] == "none":
        return True
    if declared.get("visibility", ("",))[0] in ("hidden", "collapse"):
        return all(n.mem_id == node.mem_id for n in node.css('[style*="visible" i]'))
    return False


#: A stylesheet that may hide something (the cheap test before it is parsed)
_SHEET_HIDES = re.compile(r"(?:display|visibility)\s*:\s*(?:none|hidden|collapse)", re.IGNORECASE)
_SHEET_SETS = re.compile(r"(?:display|visibility)\s*:", re.IGNORECASE)
_CSS_COMMENT = re.compile(r"/\*.*?(?:\*/|$)", re.DOTALL)
#: A declaration block setting ``display`` or ``visibility``
_DISPLAY_BLOCK = re.compile(r"\{([^{}]*?(?:display|visibility)\s*:[^{}]*)\}", re.IGNORECASE)
_CSS_SPECIFICITY = (
    re.compile(r"#[\w-]+"),
    re.compile(r"\.[\w-]+|\[[^\]]*\]|:(?!not\b|is\b|where\b)[\w-]+"),
    re.compile(r"(?:^|[\s>+~(,])([a-zA-Z][\w-]*)"),
)
#: The most selectors of ``<style>`` rules looked up in a page (each is one query over the tree,
#: a few milliseconds on a long page), counted once those that cannot match (a class or id the
#: page does not hold) are passed over; the rest of a huge stylesheet is not applied
MAX_SHEET_QUERIES = 64
#: The most selectors of rules setting ``display`` or ``visibility`` read from a page's sheets
MAX_SHEET_RULES = 2000
#: Elements a stylesheet never hides here (an anti-framing script's ``body{display:none}``)
_NEVER_HIDDEN = frozenset(("html", "head", "body"))
_NEGATED = re.compile(r":not\([^)]*\)|\[[^\]]*\]", re.IGNORECASE)  # names no element needs
_NAMES = re.compile(r"([.#])(-?[_a-zA-Z][\w-]*)")
_NAMES_ASKED = 64  # the most class and id names looked up in one query
_SUBJECT = re.compile(r"[^\s>+~]+$")  # the last compound of a selector: the element it selects
_TAG = re.compile(r"[a-zA-Z][\w-]*")

Rule = tuple[str, dict[str, tuple[str, bool]]]


def _sheet_rules(styles: list[LexborNode], showing: bool = False) -> list[Rule]:
    """The rules of a page's ``<style>`` elements that set ``display`` or ``visibility``, as
    (selector, declarations), in document order; none when no rule hides anything, unless
    ``showing`` (rules that show an element hidden otherwise count too). Rules inside an at-rule
    (``@media print``, ``@supports`` …) and ``<style>`` elements for another medium
    (``media="print"``) are not applied: only what a screen shows by default."""
    sheets = []
    for style in styles:
        media = (style.attributes.get("media") or "all").strip().lower()
        if media in ("", "all", "screen"):
            sheets.append(style.text(deep=True) or "")
    css = "\n".join(sheets)
    if not (_SHEET_SETS if showing else _SHEET_HIDES).search(css):
        return []
    css = _CSS_COMMENT.sub(" ", css).replace("<!--", " ").replace("-->", " ")
    rules: list[Rule] = []
    depth, at = 0, 0  # the depth of braces at ``at``: 0 outside any at-rule's block
    for m in _DISPLAY_BLOCK.finditer(css):
        start = m.start()
        seg = css[at:start]
        depth, at = depth + seg.count("{") - seg.count("}"), start
        if depth:
            continue  # inside an at-rule's block (@media, @supports …): not applied
        prelude = css[max(css.rfind("}", 0, start), css.rfind(";", 0, start)) + 1 : start].strip()
        declared = _declared(m.group(1))
        if prelude and not prelude.startswith("@") and declared:
            rules.extend((selector, declared) for selector in _selectors(prelude))
            if len(rules) >= MAX_SHEET_RULES:
                break
    return rules


def _selectors(prelude: str) -> list[str]:
    """The selectors of a selector list, split at its top-level commas."""
    if "(" not in prelude and "[" not in prelude:
        return [s.strip() for s in prelude.split(",") if s.strip()]
    out, depth, start = [], 0, 0
    for m in re.finditer(r"[(\[)\],]", prelude):
        c = m.group()
        if c in "([":
            depth += 1
        elif c in ")]":
            depth = max(depth - 1, 0)
        elif depth == 0:
            out.append(prelude[start : m.start()].strip())
            start = m.end()
    out.append(prelude[start:].strip())
    return [s for s in out if s]


def _specificity(selector: str) -> tuple[int, int, int]:
    """A selector's specificity (ids, classes / attributes / pseudo-classes, element names),
    counted from its text as browsers count it, near enough to order the rules of a sheet."""
    bare = re.sub(r"\[[^\]]*\]", "[]", selector)  # attribute values hold no ids or classes
    ids, classes, names = (len(p.findall(bare)) for p in _CSS_SPECIFICITY)
    return ids, classes, names


def _hides(declared: dict[str, tuple[str, bool]]) -> bool:
    return declared.get("display", ("",))[0] == "none" or declared.get("visibility", ("",))[0] in (
        "hidden",
        "collapse",
    )


def _sheet_hidden(
    tree: LexborHTMLParser, styles: list[LexborNode], seeded: dict[int, LexborNode]
) -> tuple[list[LexborNode], set[int]]:
    """The elements a ``<style>`` rule hides (:func:`_sheet_rules`): the cascade decides each
    element's ``display`` and ``visibility`` among the rules that match it (``!important`` first,
    then the most specific, then the last) and its inline ``style``, which beats them unless it
    loses to an ``!important`` rule. ``visibility: hidden`` keeps an element whose descendant is
    made visible again. A selector the selector engine cannot read (``::before``, ``:visited``)
    is passed over; at most :data:`MAX_SHEET_QUERIES` are looked up. With them, those of the
    ``seeded`` elements (hidden by their own attributes) that a rule shows again: an ``!important``
    ``display`` beats an inline ``display: none``, any ``display`` the ``hidden`` attribute."""
    rules = _sheet_rules(styles, showing=bool(seeded))
    if not rules or not (seeded or any(_hides(declared) for _, declared in rules)):
        return [], set()
    # a selector naming a class or an id the page does not hold matches nothing: the names the
    # rules use are looked up in one query (a few of them; else the page's names are read)
    named = [
        (order, _NAMES.findall(_NEGATED.sub(" ", selector))) for order, (selector, _) in enumerate(rules)
    ]
    asked = {f"{sign}{name}" for _, names in named for sign, name in names}
    present: set[tuple[str, str]] = set()
    if len(asked) > _NAMES_ASKED:
        present = _held(tree.css("[class], [id]"))[1]
    elif asked:
        try:
            present = _held(tree.css(", ".join(sorted(asked))))[1]
        except (SelectolaxError, ValueError):
            present = {(n[0], n[1:].lower()) for n in asked}  # not ruled out, each selector is tried
    # a selector the sheet repeats is one rule: its declarations merged in order, at its last place
    merged: dict[str, tuple[int, dict[str, tuple[str, bool]]]] = {}
    for order, names in named:
        if all((sign, name.lower()) in present for sign, name in names):
            selector, declared = rules[order]
            before = merged.get(selector, (0, {}))[1]
            now = {p: v for p, v in declared.items() if v[1] or not before.get(p, ("", False))[1]}
            merged[selector] = (order, {**before, **now})
    # (showing, order, selector, declarations): the rules that may match, hiding ones first
    wanted = [
        (not _hides(declared), order, selector, declared) for selector, (order, declared) in merged.items()
    ]
    won: dict[int, dict[str, tuple[tuple[bool, tuple[int, int, int], int], str]]] = {}
    nodes: dict[int, LexborNode] = dict(seeded)
    held: tuple[set[str], set[tuple[str, str]]] | None = None  # tags and names of the hidden
    queries = 0
    looked_up: dict[str, list[LexborNode]] = {}
    for showing, order, selector, declared in sorted(wanted):
        if queries >= MAX_SHEET_QUERIES:
            break
        if showing:
            if not nodes:
                break  # nothing hidden: the rules that show things again change nothing
            held = held or _held(nodes.values())
            if "visibility" not in declared and not _may_select(selector, *held):
                continue  # it selects none of the elements hidden
        matched = looked_up.get(selector)
        if matched is None:  # a selector the sheet repeats is looked up once
            queries += 1
            try:
                matched = looked_up[selector] = tree.css(selector)
            except (SelectolaxError, ValueError):
                looked_up[selector] = []
                continue
        spec = _specificity(selector)
        for node in matched:
            if node.tag in _NEVER_HIDDEN or (
                showing and node.mem_id not in nodes and "visibility" not in declared
            ):
                continue
            nodes[node.mem_id] = node
            props = won.setdefault(node.mem_id, {})
            for prop, (value, important) in declared.items():
                rank = (important, spec, order)
                if prop not in props or props[prop][0] <= rank:
                    props[prop] = (rank, value)
    hidden: list[tuple[LexborNode, bool]] = []
    visible = []  # elements a rule makes visible again, maybe inside a hidden one
    again: set[int] = set()  # seeded elements a rule shows
    for mem_id, props in won.items():
        node = nodes[mem_id]
        inline = _declared(node.attributes.get("style") or "") if "style" in node.attributes else {}
        shown = {}
        for prop, (rank, value) in props.items():
            own = inline.get(prop)
            shown[prop] = own[0] if own is not None and (own[1] or not rank[0]) else value
        for prop, (value, _) in inline.items():
            shown.setdefault(prop, value)
        if "display" not in shown and "hidden" in node.attributes:
            shown["display"] = "none"  # the hidden attribute: a display no rule set
        if mem_id in seeded and not _hides({prop: (value, False) for prop, value in shown.items()}):
            again.add(mem_id)
        if shown.get("display") == "none":
            hidden.append((node, False))
        elif shown.get("visibility") in ("hidden", "collapse"):
            hidden.append((node, True))
        elif shown.get("visibility") == "visible":
            visible.append(node)
    out = []
    for node, by_visibility in hidden:
        if by_visibility and (
            any(n.mem_id != node.mem_id for n in node.css('[style*="visible" i]'))
            or any(_inside(v, node) for v in visible)
        ):
            continue
        out.append(node)
    return out, again


def _held(nodes: Iterable[LexborNode]) -> tuple[set[str], set[tuple[str, str]]]:
    """The tags and the (``.`` class / ``#`` id, lower-case name) pairs some of ``nodes`` hold."""
    tags: set[str] = set()
    names: set[tuple[str, str]] = set()
    for node in nodes:
        attrs = node.attributes
        tags.add(node.tag or "")
        names.update((".", c) for c in (attrs.get("class") or "").lower().split())
        names.add(("#", (attrs.get("id") or "").strip().lower()))
    return tags, names


def _may_select(selector: str, tags: set[str], names: set[tuple[str, str]]) -> bool:
    """Whether a selector's subject (its last compound) may select an element of those ``tags``
    and ``names`` (:func:`_held`): its element name and its classes and ids are among them."""
    subject = _SUBJECT.search(_NEGATED.sub("", selector).rstrip())
    if subject is None:
        return True
    compound = subject.group()
    tag = _TAG.match(compound)
    if tag is not None and tag.group().lower() not in tags:
        return False
    return all((sign, name.lower()) in names for sign, name in _NAMES.findall(compound))


def _inside(node: LexborNode, ancestor: LexborNode) -> bool:
    up, steps = node.parent, 0
    while up is not None and steps < _MAX_DEPTH:
        if up.mem_id == ancestor.mem_id:
            return True
        up, steps = up.parent, steps + 1
    return False


def _language_list(node: LexborNode) -> bool:
    """Whether a list is a language menu: every item one link to the page in another language
    (``hreflang``) and nothing else."""
    items = 0
    for li in node.iter():
        if li.tag != "li":
            return False
        links = [c for c in li.iter() if c.tag not in _SKIP_INLINE]
        if len(links) != 1 or links[0].tag != "a" or "hreflang" not in links[0].attributes:
            return False
        if _clean(li.text(deep=True) or "") != _clean(links[0].text(deep=True) or ""):
            return False
        items += 1
    return items > 0


#: The longest value kept for a metadata field (a description is a summary, not the page)
META_MAX = 2000
#: ``<meta name>`` → metadata key
_META_NAMES = {"author": "author", "description": "description", "keywords": "keywords"}
#: Open Graph ``<meta property>`` → metadata key, read where the page's own tag is missing
_META_OG = {"og:title": "title", "og:description": "description", "og:url": "url", "og:locale": "language"}


def html_metadata(tree: LexborHTMLParser) -> dict[str, Any]:
    """The document properties a page declares in its ``<head>``: ``title`` (``<title>``, else
    ``og:title``), ``author``, ``language`` (``<html lang>``, else ``Content-Language``, else
    ``og:locale``), ``description`` (else ``og:description``), ``keywords`` (the comma-separated
    list of ``<meta name=keywords>``) and ``url`` (``<link rel=canonical>``, else ``og:url``,
    resolved against ``<base href>``; kept only when absolute). Only those present, whitespace
    collapsed; each value at most :data:`META_MAX` characters."""
    own: dict[str, Any] = {}
    og: dict[str, Any] = {}
    root, head = tree.root, tree.head
    if head is None:
        return {}
    if root is not None and (lang := root.attributes.get("lang") or root.attributes.get("xml:lang")):
        own["language"] = lang
    title = head.css_first("title")
    if title is not None:
        own["title"] = title.text(deep=True)
    base = ""
    for node in head.css("meta, link, base"):
        attrs = node.attributes
        if node.tag == "base":
            base = base or (attrs.get("href") or "").strip()
        elif node.tag == "link":
            if "canonical" in (attrs.get("rel") or "").lower().split():
                own.setdefault("url", attrs.get("href"))
        elif (name := (attrs.get("name") or "").strip().lower()) in _META_NAMES:
            own.setdefault(_META_NAMES[name], attrs.get("content"))
        elif (prop := (attrs.get("property") or "").strip().lower()) in _META_OG:
            og.setdefault(_META_OG[prop], attrs.get("content"))
        elif (attrs.get("http-equiv") or "").strip().lower() == "content-language":
            own.setdefault("language", (attrs.get("content") or "").split(",", 1)[0])
    out: dict[str, Any] = {}
    for key in ("title", "author", "language", "description", "keywords", "url"):
        value = _clean(own.get(key) or "") or _clean(og.get(key) or "")
        if not value:
            continue
        value = value[:META_MAX]
        if key == "language":
            value = value.replace("_", "-")  # og:locale writes en_US
        elif key == "keywords":
            value = [k for k in (_clean(k) for k in value.split(",")) if k]
        elif key == "url":
            try:
                value = urljoin(base, value) if base else value
                parts = urlsplit(value)
            except ValueError:  # a malformed address ("http://[x")
                continue
            if not (parts.scheme and parts.netloc):
                continue
        if value:
            out[key] = value
    return out


#: The most elements a page may open one within another above the nearest table, cell, caption,
#: object or template holding them (the elements where the HTML parser's searches of its stack of
#: open elements stop): it searches that stack on most tags, in time that grows with the square of
#: the depth (20,000 levels of ``<ul><li>``: 2 s; a 400 KB page of them: past 30 s). Browsers stop
#: nesting at 512 levels (Chromium's parser).
MAX_NESTING = 2_000
_TAG = re.compile(r"<!--.*?(?:-->|\Z)|<(/?)([a-zA-Z][^\s/>]*)", re.S)
_VOID = frozenset(
    ("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr")
    + ("param", "keygen", "basefont", "bgsound", "frame", "image", "isindex", "menuitem")
)
#: elements whose text holds no tags, read to their end tag
_RAW = frozenset(
    ("script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "plaintext")
)
#: a start tag of a key closes the nearest open element of its value's names above the nearest of the
#: names after them (an <li> the <li> open in the same list …), as the HTML parser does
_CLOSES: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
for _names, _within in (
    (("li",), ("ul", "ol", "menu", "table")),
    (("dt", "dd"), ("dl", "table")),
    (("tr",), ("table",)),
    (("td", "th"), ("tr", "table")),
    (("thead", "tbody", "tfoot"), ("table",)),
    (("option", "optgroup"), ("select",)),
    (("a",), ("table", "td", "th")),
    (("h1", "h2", "h3", "h4", "h5", "h6"), ("table", "td", "th")),
    (("button",), ("table", "td", "th")),
    (("nobr",), ("table", "td", "th")),
    (("form",), ("table", "td", "th")),
    (("select",), ("table", "td", "th")),
):
    for _name in _names:
        _CLOSES[_name] = (frozenset(_names), frozenset(_within))
#: the elements where the HTML parser's searches of its stack of open elements stop (its scope)
_SCOPE = frozenset(("table", "td", "th", "caption", "object", "template", "applet", "marquee", "html"))
#: block elements, whose start tag closes an open <p> as the HTML parser does
_CLOSE_P = frozenset(
    ("address", "article", "aside", "blockquote", "center", "details", "dialog", "dir", "div", "dl")
    + ("fieldset", "figcaption", "figure", "footer", "header", "hgroup", "main", "menu", "nav", "ol")
    + ("search", "section", "summary", "ul", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "listing")
    + ("form", "li", "dd", "dt", "table", "hr", "p")
)


@functools.cache
def _raw_end(name: str) -> re.Pattern[str]:
    return re.compile(f"</{name}", re.I)


_KIND_VOID, _KIND_CLOSES_P, _KIND_CLOSES, _KIND_RAW, _KIND_SCOPE = 1, 2, 4, 8, 16
#: what each element's start tag does to the estimate of :func:`nesting_depth`
_KINDS = {
    name: (name in _VOID) * _KIND_VOID
    | (name in _CLOSE_P) * _KIND_CLOSES_P
    | (name in _CLOSES) * _KIND_CLOSES
    | (name in _RAW) * _KIND_RAW
    | (name in _SCOPE) * _KIND_SCOPE
    for name in (*_VOID, *_CLOSE_P, *_CLOSES, *_RAW, *_SCOPE)
}


class NestedTooDeeply(RecursionError):
    """An HTML text nests its elements deeper than :data:`MAX_NESTING`: read as any structure too
    deep to read (a RecursionError), without parsing it."""


def nesting_depth(html: str, limit: int = MAX_NESTING) -> int:
    """An estimate of how many elements the HTML parser opens one within another above the nearest
    of :data:`_SCOPE` holding them, the most anywhere in ``html``: found in one pass over its tags,
    stopping past ``limit``. It follows the end tags and the start tags that close an open element
    (a list item the one before it, a block an open paragraph, a cell the one before it …), not the
    parser's other repairs (formatting elements opened again in a new paragraph, misnested tags):
    close enough to tell a page of thousands of levels from a real one."""
    stack: list[str] = []
    where: dict[str, list[int]] = {}  # a name → the places in ``stack`` of its open elements
    scopes: list[int] = [-1]  # the places in ``stack`` of its elements of _SCOPE, over a floor

    def close_to(index: int) -> None:  # pop the element at ``index`` and those above it
        while len(stack) > index:
            name = stack.pop()
            where[name].pop()
            if name in _SCOPE:
                scopes.pop()

    def nearest(names: Iterable[str]) -> int:  # the place of the last open element of these names
        best = -1
        for n in names:
            places = where.get(n)
            if places and places[-1] > best:
                best = places[-1]
        return best

    deepest = skip = 0
    for m in _TAG.finditer(html):
        end_tag, name = m.groups()
        if name is None or m.start() < skip:  # a comment, or a tag in the text of a <script> …
            continue
        name = name.lower()
        if end_tag:  # close the element it names, if one is open
            if where.get(name):
                close_to(where[name][-1])
            continue
        kind = _KINDS.get(name, 0)
        if kind:
            if kind & _KIND_VOID:
                continue
            if kind & _KIND_CLOSES_P and where.get("p"):
                at, button = where["p"][-1], where.get("button")
                if at > scopes[-1] and not (button and button[-1] > at):
                    close_to(at)
            if kind & _KIND_CLOSES:
                names, within = _CLOSES[name]
                at = nearest(names)
                if at > nearest(within):
                    close_to(at)
            if kind & _KIND_RAW:
                found = _raw_end(name).search(html, m.end()) if name != "plaintext" else None
                if found is None:
                    return max(deepest, len(stack) - scopes[-1])
                skip = found.start()
                continue
            if kind & _KIND_SCOPE:
                scopes.append(len(stack))
        stack.append(name)
        where.setdefault(name, []).append(len(stack) - 1)
        if len(stack) > deepest and len(stack) - 1 - scopes[-1] > deepest:  # the run above the scope
            deepest = len(stack) - 1 - scopes[-1]
            if deepest > limit:
                break
    return deepest


def _may_nest_too_deeply(html: str) -> bool:
    """Whether ``html`` holds more than :data:`MAX_NESTING` start tags beyond its end tags (comments
    and void elements count as start tags, so the count runs high): only then is the pass of
    :func:`nesting_depth` (about a microsecond a tag) paid. Two counts of ``str.count`` tell it,
    about 3 % of an ordinary page's extraction where the counting pass cost a third; real pages
    fall far short (the deepest HTML fixture, 36,437 tags, holds 1,002 more start than end tags).
    A page nested deep and closed again, or whose end tags close nothing, passes this count; the
    per-file time limit then bounds its parse, as it did before the nesting was measured."""
    tags = html.count("<")
    return tags > MAX_NESTING and tags - 2 * html.count("</") > MAX_NESTING


def parse_html(html: str) -> LexborHTMLParser:
    """The parsed tree of ``html``; :class:`NestedTooDeeply` when it nests past :data:`MAX_NESTING`."""
    if _may_nest_too_deeply(html) and nesting_depth(html) > MAX_NESTING:
        raise NestedTooDeeply(f"HTML nested more than {MAX_NESTING:,} elements deep")
    return LexborHTMLParser(html)


def html_blocks(
    html: str,
    *,
    links: bool = False,
    mail: bool = False,
    notes: NoteLabels | None = None,
    language: str | None = None,
) -> tuple[list[Block], list[Skipped]]:
    """Blocks (without ``lines``) of an HTML text, and what was left out, for a caller's coverage:
    the images left out as tracking pixels or icons (``Skipped("image", alt or file name, "icon
    (22×15)")``) and the number of hidden elements (:func:`hidden_entry`).

    Every IMAGE block carries its ``src`` in ``meta["src"]`` and its ``alt`` so a container format
    (e-mail ``cid:`` parts, EPUB manifest items) can attach the bytes it holds. With ``links``,
    the target of a web or mail link follows its text as a plain-text mail writes it
    (``the figures <https://…>``), unless the text is the address itself (:func:`_show_links`).
    With ``mail``, the HTML is a mail's body, which loses every element it hides, not only the
    short inline ones a web page loses (:func:`_remove_hidden`). With ``notes`` (an EPUB
    chapter, the labels of its book's notes), a note reference reads ``[^12]``, as Word's do, not
    glued to its word (:func:`_mark_note_references`). ``language`` is the language the page is
    said to be in from outside it (an EPUB package's ``dc:language``), as HTTP's
    ``Content-Language`` says it: that of its elements no ``lang`` and no
    ``<meta http-equiv="content-language">`` gives one.
    """
    if not html.strip():
        return [], []
    tree = parse_html(html)
    if notes is not None and _NOTE_HINT.search(html):
        _mark_note_references(tree, notes)
    return _tree_blocks(tree, _passes(html), links, mail, language)


#: A roman numeral, in lower case (iii, xiv)
_ROMAN = r"(?=[ivxlcdm])m{0,3}(?:cm|cd|d?c{0,3})(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})"
#: The marker of a note reference (brackets aside): a number, a letter, a roman numeral in one
#: case, or a symbol of the traditional sequence (``*``, ``†``, ``‡``, ``§``, ``¶``, ``‖``, up to
#: three of them: ``**``, ``††``); not an ordinal's suffix (1<sup>st</sup>)
_NOTE_MARKER = re.compile(rf"\[?\s*([0-9]{{1,6}}|[A-Za-z]|{_ROMAN}|{_ROMAN.upper()}|[*†‡§¶‖]{{1,3}})\s*\]?")
#: The most digits of a note number told by its superscript alone: a longer one (<sup>1984</sup>)
#: is a year unless the link is typed as a note reference, points at a note, or names the number
#: in its fragment (``#fn1024``, ``#note-1024``)
_SUPERSCRIPT_DIGITS = 3
#: Letters set in superscript after a number as an ordinal's indicator (Spanish and Portuguese
#: 1<sup>a</sup> and 2<sup>o</sup>, French 2<sup>e</sup>), told by the superscript alone
_ORDINAL_LETTERS = frozenset("aoe")
#: The kinds of note a reference points at (EPUB 3 ``epub:type``, DPUB-ARIA ``role``)
_NOTE_KINDS = frozenset(("footnote", "endnote", "rearnote", "note", "doc-footnote", "doc-endnote"))
#: What a page with note references holds (the cheap test before they are looked for): "note"
#: stands in noteref, footnote, endnote and rearnote, and in a plain note (``epub:type="note"``)
_NOTE_HINT = re.compile(r"note|<sup|aside", re.IGNORECASE)


class NoteLabels:
    """The labels of a book's note references, kept across its chapters: the marker for the first
    note it marks, ``marker-2``, ``marker-3`` … for the next ones, a reference to a note met before
    taking that one's label. A book numbering its notes again in each chapter gave each chapter's
    first note ``[^1]``, one label in the book's Markdown for as many notes as it has chapters;
    the second chapter's now reads ``[^1-2]``, as a Word document's notes numbered again at each
    section do. A note is known by its marker and its address resolved against the chapter's
    path (``#n1`` in ``c1.xhtml`` and in ``c2.xhtml`` are two notes).

    The book's documents (:meth:`holds`) tell which of their elements are notes, so that a link
    to another document's note (``notes.xhtml#n3``, a book's endnotes in a file of their own) is
    known as a note reference as a link to one of its own chapter's is."""

    def __init__(self) -> None:
        self.labels: dict[tuple[str, str], str] = {}
        self.marked: Counter[str] = Counter()
        self.document = ""
        # a document's path → its HTML, or what reads it when it is first needed
        self.pages: dict[str, str | Callable[[], str]] = {}
        self.notes: dict[str, frozenset[str]] = {}  # a document's path → the ids of its notes

    def reading(self, document: str) -> NoteLabels:
        """These labels, the links met next resolved against ``document`` (a chapter's path)."""
        self.document = document
        return self

    def holds(self, document: str, html: str | Callable[[], str]) -> None:
        """The book has ``document`` (its path), whose HTML is ``html`` (or what ``html()`` gives,
        called when a link first points there)."""
        self.pages[document] = html

    def notes_elsewhere(self, path: str) -> frozenset[str] | None:
        """The ids of the notes of the document a link's ``path`` (its part before ``#``) names,
        resolved against the chapter being read; None when it names that chapter itself, and no
        id for a document the book does not hold."""
        document = unquote_to_bytes(urljoin(self.document, path)).decode("utf-8", "replace")
        if document == self.document:
            return None
        found = self.notes.get(document)
        if found is None:
            html = self.pages.get(document, "")
            if not isinstance(html, str):
                html = html()
            found = frozenset(_note_ids(parse_html(html))) if _NOTE_HINT.search(html) else frozenset()
            self.notes[document] = found
        return found

    def label(self, marker: str, href: str) -> str:
        """The label of a reference of ``marker`` linking to ``href``."""
        key = (marker, urljoin(self.document, href))
        label = self.labels.get(key)
        if label is None:
            self.marked[marker] += 1
            label = marker if self.marked[marker] == 1 else f"{marker}-{self.marked[marker]}"
            self.labels[key] = label
        return label


def _mark_note_references(tree: LexborHTMLParser, labels: NoteLabels) -> None:
    """Write each note reference as ``[^marker]``: a link marked as one (``epub:type="noteref"``,
    ``role="doc-noteref"``), or a link to a ``#fragment`` set in superscript or pointing at a note
    of the document (an ``<aside>``, which an EPUB chapter reads as a ``<div data-aside>``, an
    element typed note, footnote, endnote or rearnote), whose text is a marker (``12``, ``a``,
    ``iv``, ``[3]``, ``*``, ``†``). Read as it is, ``Limpet<sup>1</sup>`` gives the word ``Limpet1``, and a
    symbol gives ``man,*`` where the book has a note. Told by its superscript alone, a number of
    more than :data:`_SUPERSCRIPT_DIGITS` digits is a year and a letter after a number an
    ordinal's indicator (:func:`_superscript_marker`). A marker that points at another note than
    the one it was met with before, in this chapter or an earlier one, takes ``-2``, ``-3`` …
    (:class:`NoteLabels`), as a Word note's mark used again does: The Waste Land marks each of its
    20 notes ``*``, and 20 references ``[^*]`` named one note for all."""
    notes = _note_ids(tree)
    for link in tree.css("a[href]"):
        attrs = link.attributes
        marker = _NOTE_MARKER.fullmatch((link.text(deep=True) or "").strip())
        if marker is None:
            continue
        kinds = f"{attrs.get('epub:type') or ''} {attrs.get('role') or ''}".split()
        path, hash_, fragment = (attrs.get("href") or "").partition("#")
        # a link to another document of the book points at a note of that document
        targets = labels.notes_elsewhere(path) if path and hash_ and fragment else None
        if not (
            "noteref" in kinds
            or "doc-noteref" in kinds
            or (hash_ and fragment and fragment in (notes if targets is None else targets))
            or (hash_ and fragment and _superscript(link) and _superscript_marker(link, marker[1], fragment))
        ):
            continue
        link.replace_with(f"[^{labels.label(marker.group(1), attrs.get('href') or '')}]")


def _note_ids(tree: LexborHTMLParser) -> set[str]:
    """The ids of the notes of a page: its ``<aside>`` elements (an EPUB chapter's read as ``<div
    data-aside>``) and the elements typed as notes (:data:`_NOTE_KINDS`)."""
    notes = set()
    for node in tree.css("aside[id], [data-aside][id], [epub\\:type][id], [role][id]"):
        kinds = f"{node.attributes.get('epub:type') or ''} {node.attributes.get('role') or ''}".split()
        if node.tag == "aside" or "data-aside" in node.attributes or _NOTE_KINDS.intersection(kinds):
            notes.add(node.attributes.get("id"))
    return notes


def _superscript_marker(link: LexborNode, marker: str, fragment: str) -> bool:
    """Whether the marker of a superscript link, known for a note reference by its superscript
    alone, is one: a number of more than :data:`_SUPERSCRIPT_DIGITS` digits only when the link's
    fragment names it (``#fn1024``); a letter of :data:`_ORDINAL_LETTERS` after a digit only when
    the link's fragment names it too (a table's note ``12<sup><a href="#tfn-a">a</a></sup>``,
    which would read ``12a``)."""
    if marker.isdigit() and len(marker) > _SUPERSCRIPT_DIGITS:
        return re.search(rf"(?<!\d){marker}$", fragment) is not None
    if marker in _ORDINAL_LETTERS and _after_digit(link):
        return re.search(rf"(?<![^\W\d_]){marker}$", fragment) is not None
    return True


def _after_digit(link: LexborNode) -> bool:
    """Whether the text just before a link (or before the ``<sup>`` it opens) ends with a digit."""
    node = link
    if node.prev is None and node.parent is not None and node.parent.tag == "sup":
        node = node.parent
    before = node.prev
    if before is None:
        return False
    text = before.text_content if before.tag == "-text" else before.text(deep=True)
    return (text or "")[-1:].isdigit()


def _superscript(link: LexborNode) -> bool:
    """Whether a link is set in superscript: inside a ``<sup>`` (up to two levels) or holding one."""
    up = link.parent
    for _ in range(2):
        if up is None:
            break
        if up.tag == "sup":
            return True
        up = up.parent
    return link.css_first("sup") is not None


_LINK_SCHEMES = ("http://", "https://", "mailto:")
_LINK_PREFIX = re.compile(r"^(?:https?://|mailto:)?(?:www\.)?", re.IGNORECASE)


def _show_links(tree: LexborHTMLParser) -> None:
    """Put ``<target>`` after each link to the web (``http``, ``https``) or to a mailbox
    (``mailto:``) whose text does not already hold the target (``example.org``, ``Example.org/``
    and ``ana@example.org`` say theirs)."""
    for node in tree.css("a[href]"):
        href = (node.attributes.get("href") or "").strip()
        if not href.lower().startswith(_LINK_SCHEMES) or any(c.isspace() for c in href):
            continue
        text = _clean(node.text(deep=True) or "")
        target = _LINK_PREFIX.sub("", href).rstrip("/").casefold()
        if text and target and target not in _LINK_PREFIX.sub("", text).casefold():
            node.insert_after(f" <{href}>")


def _tree_blocks(
    tree: LexborHTMLParser,
    passes: _Passes,
    links: bool = False,
    mail: bool = False,
    outside: str | None = None,
) -> tuple[list[Block], list[Skipped]]:
    quoted = passes.quotes and _quotes_shown(tree)  # before <style> goes
    language = (_page_language(tree) or outside) if quoted else None  # before <meta> goes
    hidden = _remove_boilerplate(tree, mail)
    if passes.word_lists:
        _word_lists(tree)
    if quoted:
        _quote_marks(tree, language)
    if passes.ruby:
        _ruby_readings(tree)
    if passes.math:
        _linear_equations(tree)
    kinds = passes.number_kinds
    numbers = _remove_margin_numbers(tree, kinds) if kinds else 0
    if links:
        _show_links(tree)
    root = tree.body or tree.root
    walker = _Walker()
    if root is not None:
        walker.walk(root)
        walker.flush()
    blocks = walker.blocks
    blocks = soft_hyphens_out(blocks, collapse=True)
    entries = [hidden_entry(hidden), margin_entry(numbers)]
    return blocks, walker.skipped + [e for e in entries if e is not None]


class _Passes(NamedTuple):
    """The passes over the tree a page's source calls for (:func:`_passes`)."""

    quotes: bool  # a <q>: its quotation marks (:func:`_quote_marks`)
    ruby: bool  # an <rt>: a ruby's reading (:func:`_ruby_readings`)
    math: bool  # a MathML <math>: its linear format (:func:`_linear_equations`)
    number_kinds: list[str]  # where verse line numbers may be (:func:`_remove_margin_numbers`)
    word_lists: bool = False  # Word's list paragraphs (``mso-list``): made lists (:func:`_word_lists`)


#: The start tags that call for a pass over the tree, told apart by their group: a ``<span>``
#: holding a number alone (groups 1 and 2, its attributes: a verse line number's class), looked
#: for apart from the others at the same ``<`` (``<span:math>`` is both); then a ``<q>`` (3), an
#: ``<rt>`` (4), an equation (5: ``<math>``, with a prefix or without). The first look, at the
#: letter after the ``<``, passes over the other tags at once (twice as fast)
_PASS_TAGS = re.compile(
    r"<(?=[qrsm]|[a-z][\w.-]*+:)(?=(span\b([^>]*)>\s*\d{1,4}\s*</span>))?"
    r"(?:(q)[\s>]|(rt)[\s>]|(?:[a-z][\w.-]*+:)?(math)[\s>]|(?(1)|(?!)))",
    re.IGNORECASE,
)
#: How far into a page's source number spans are counted
_NUMBER_SPANS_WITHIN = 4_000_000


def _passes(source: str) -> _Passes:
    """Which passes over the tree a page's source calls for, in one scan of it: a page's source
    is searched before it is parsed, and each tag searched for apart cost a scan of it (about
    twice the time of this one over a corpus of pages). The spans holding a number alone are
    counted by their class (:func:`_span_kind`), each after the end of the one before, within
    :data:`_NUMBER_SPANS_WITHIN` characters: :data:`_MIN_LINE_NUMBERS` or more of a class, and
    line numbers may be there."""
    quotes = ruby = math = False
    counts: dict[str, int] = {}
    spans_end = 0
    for m in _PASS_TAGS.finditer(source):
        if m.group(1) is not None and m.start() >= spans_end and m.end(1) <= _NUMBER_SPANS_WITHIN:
            kind = _span_kind(m.group(2))
            counts[kind] = counts.get(kind, 0) + 1
            spans_end = m.end(1)
        quotes = quotes or m.group(3) is not None
        ruby = ruby or m.group(4) is not None
        math = math or m.group(5) is not None
    kinds = [kind for kind, n in counts.items() if n >= _MIN_LINE_NUMBERS]
    return _Passes(quotes, ruby, math, kinds, "mso-list" in source)


#: A rule of a stylesheet (its prelude, its declarations), nesting left aside
_CSS_RULE = re.compile(r"([^{}]*)\{([^{}]*)\}")
#: A selector of ``<q>`` itself or of the marks around it
_Q_SELECTOR = re.compile(r"q(?:::?(?:before|after))?", re.IGNORECASE)
#: A declaration taking a ``<q>``'s quotation marks away
_NO_QUOTES = re.compile(r"\bquotes\s*:\s*none|\bcontent\s*:\s*(?:none|''|\"\")", re.IGNORECASE)


def _quotes_shown(tree: LexborHTMLParser) -> bool:
    """Whether a page shows the quotation marks around its ``<q>`` elements: unless a rule of its
    ``<style>`` elements takes them away, as a CSS reset does (``blockquote, q { quotes: none }``,
    ``q:before, q:after { content: '' }``)."""
    for style in tree.css("style"):
        css = _CSS_COMMENT.sub(" ", style.text(deep=True) or "")
        for prelude, declared in _CSS_RULE.findall(css):
            if _NO_QUOTES.search(declared) and any(
                _Q_SELECTOR.fullmatch(s.strip()) for s in prelude.split(",")
            ):
                return False
    return True


#: The quotation marks a browser draws around a ``<q>`` in each language its style sheet names
#: (the HTML standard's rendering rules, section 15.3.6, from CLDR: ``:lang(de) { quotes: …
#: }``): the opening and closing marks of a quotation, then of one quoted inside it. Languages
#: are listed under their marks; a browser picks the entry of the longest tag matching the
#: element's language (``fr-CH`` before ``fr``)
_QUOTES_BY_MARKS = {
    "\u201c\u201d\u2018\u2019": "af ak asa az bem bez bn brx cgg chr cy da dav dje dz ebu ee en fil"
    " fo ga gd gl gu guz ha hi id ig jmc kam kde kea khq ki kln km kn ko ksb lg ln lo lrc lu luo"
    " lv mas mer mfe mgo ml mn mr ms mt my naq nd ne nus nyn pa pt rof rwk saq sbp seh ses si so"
    " sw ta te teo th to tr twq tzm uz-cyrl vai vai-latn vi vun xog yo yue-hans zh zu",  # “ ” ‘ ’
    "\u201e\u201d\u201a\u2019": "agq ff",  # „ ” ‚ ’
    "\u00ab\u00bb\u2039\u203a": "am az-cyrl fa fr-ch gsw jgo kkj mzn",  # « » ‹ ›
    "\u201d\u201c\u2019\u2018": "ar ur",  # ” “ ’ ‘
    "\u00ab\u00bb\u201c\u201d": "ast bm br ca dyo el es ewo it kab kk mg mua nnh pt-pt sg sq",  # « » “ ”
    "\u00ab\u00bb\u201e\u201c": "bas be ky ru sah uk",  # « » „ “
    "\u201e\u201c\u201e\u201c": "bg lt",  # „ “ „ “
    "\u201e\u201d\u2018\u2019": "bs",  # „ ” ‘ ’
    "\u201e\u201c\u201a\u2018": "bs-cyrl cs de dsb et hr hsb is lb luy mk sk sl",  # „ “ ‚ ‘
    "\u00ab\u00bb\u2018\u2019": "dua ksf nb nn rw",  # « » ‘ ’
    "\u201c\u201d\u201c\u201d": "eu tk",  # “ ” “ ”
    "\u201d\u201d\u2019\u2019": "fi he lag rn sn sv",  # ” ” ’ ’
    "\u00ab\u00bb\u00ab\u00bb": "fr hy yav",  # « » « »
    "\u201e\u201d\u00bb\u00ab": "hu",  # „ ” » «
    "\u300c\u300d\u300e\u300f": "ja yue zh-hant",  # 「 」 『 』
    "\u201e\u201c\u00ab\u00bb": "ka",  # „ “ « »
    "\u2018\u2019\u201c\u201d": "nl ti-er",  # ‘ ’ “ ”
    "\u201e\u201d\u00ab\u00bb": "nmg pl ro",  # „ ” « »
    "\u00ab\u00bb\u201e\u201d": "shi shi-latn zgh",  # « » „ ”
    "\u201e\u201c\u2018\u2018": "sr sr-latn",  # „ “ ‘ ‘
    "\u201c\u201d\u2019\u2018": "uz",  # “ ” ’ ‘
}
_QUOTES = {tag: marks for marks, tags in _QUOTES_BY_MARKS.items() for tag in tags.split()}
#: The marks of a page that names no language (the style sheet's ``:root``), English ones
ROOT_QUOTES = "\u201c\u201d\u2018\u2019"


def language_quotes(language: str) -> str | None:
    """The quotation marks of the language tag ``language`` (:data:`_QUOTES`): those of its
    longest prefix of whole subtags listed (``de-AT`` German's, ``zh-Hant-TW`` those of
    ``zh-Hant``), matched whatever the case, as CSS ``:lang()`` does; None for a language
    the table lacks or none (``lang=""``)."""
    subtags = language.strip().lower().replace("_", "-").split("-")
    for n in range(len(subtags), 0, -1):
        marks = _QUOTES.get("-".join(subtags[:n]))
        if marks is not None:
            return marks
    return None


def _page_language(tree: LexborHTMLParser) -> str | None:
    """The one language a page's ``<meta http-equiv="content-language">`` names (none for a
    list of them): HTML's pragma-set default language, that of an element no ``lang`` of its
    own or of an ancestor's gives one."""
    for meta in tree.css("meta[http-equiv]"):
        if (meta.attributes.get("http-equiv") or "").strip().lower() == "content-language":
            content = (meta.attributes.get("content") or "").strip()
            if content and "," not in content:
                return content
    return None


#: A paragraph of a Word list, as Word and Outlook write one in HTML: its list, level and override
#: in its style (``mso-list:l0 level2 lfo1``)
_MSO_LIST = re.compile(r"mso-list\s*:\s*l\d+\s+level(\d+)", re.IGNORECASE)
#: The marker of a numbered item as Word writes it: a number (the last of ``1.2.``), or a letter
#: or a roman numeral with a stop or a bracket after it (a letter alone is a bullet: Courier New's
#: "o")
_MSO_NUMBER = re.compile(r"\(?(?:\d+\.)*(?:(\d+)[.)]?|([a-z]|[ivxlcdm]+)[.)])", re.IGNORECASE)


def _word_lists(tree: LexborHTMLParser) -> None:
    """Make the list paragraphs Word and Outlook write in HTML lists. Word writes each item of a
    list as a ``<p>`` (``class=MsoListParagraph``) whose style names its list and level
    (``mso-list:l0 level2 lfo1``), its bullet or number written as text before it between the
    comments ``[if !supportLists]`` and ``[endif]`` (or in a span styled ``mso-list:Ignore``):
    read as they are, they were paragraphs opening with "·", "o" or "§" (the glyphs of the Symbol,
    Courier New and Wingdings bullets), one after another. Each run of such paragraphs side by
    side becomes a list, nested by their levels, its items numbered where their markers say a
    number (``<li value>``: 3 for ``3.``, ``c)`` or ``iii.``), the marker taken out."""
    items: list[tuple[LexborNode, int, str]] = []
    for p in tree.css("p[style]"):
        found = _MSO_LIST.search(p.attributes.get("style") or "")
        if found is None:
            continue
        marker = _word_marker(p)
        if marker is not None:
            items.append((p, max(1, min(int(found.group(1)), 9)), marker))
    run: list[tuple[LexborNode, int, str]] = []
    for item in items:
        if run and not _next_to(run[-1][0], item[0]):
            _make_list(run)
            run = []
        run.append(item)
    if run:
        _make_list(run)


def _word_marker(p: LexborNode) -> str | None:
    """The bullet or number Word wrote before a list paragraph's text, taken out of it (None where
    it wrote none: a paragraph going on in an item)."""
    start = end = None
    for child in p.iter(include_text=True):
        if child.tag == "-comment":
            said = child.html or ""
            if start is None and "supportLists" in said:
                start = child
            elif start is not None and "endif" in said:
                end = child
                break
    nodes: list[LexborNode] = []
    if start is not None and end is not None:
        at = start.next
        while at is not None and at.mem_id != end.mem_id:
            nodes.append(at)
            at = at.next
        nodes = [start, *nodes, end]
    else:
        ignored = p.css_first('span[style*="mso-list" i]')
        if ignored is None or "ignore" not in (ignored.attributes.get("style") or "").lower():
            return None
        nodes = [ignored]
    marker = " ".join("".join(n.text(deep=True) or "" for n in nodes if n.tag != "-comment").split())
    for node in nodes:
        node.decompose()
    return marker


def _next_to(before: LexborNode, after: LexborNode) -> bool:
    """Whether ``after`` is the element right after ``before``, only white space and comments between."""
    at = before.next
    while at is not None and (
        at.tag == "-comment" or (at.tag == "-text" and not (at.text_content or "").strip())
    ):
        at = at.next
    return at is not None and at.mem_id == after.mem_id


def _make_list(run: list[tuple[LexborNode, int, str]]) -> None:
    """Put a list made of the Word list paragraphs ``run`` (paragraph, level, marker) in their place."""
    out: list[str] = []
    open_lists: list[str] = []  # the tag of each list open, outermost first
    first_of: dict[int, str] = {}  # the first marker of the list open at each level
    for p, level, marker in run:
        number = _MSO_NUMBER.fullmatch(marker)
        kind = "ol" if number is not None else "ul"
        while len(open_lists) > level:
            out.append(f"</li></{open_lists.pop()}>")
        if len(open_lists) == level and open_lists[-1] != kind:  # a list of the other kind
            out.append(f"</li></{open_lists.pop()}>")
        if len(open_lists) == level:
            out.append("</li>")
        while len(open_lists) < level:
            open_lists.append(kind)
            out.append(f"<{kind}>")
            first_of[len(open_lists)] = marker
        value = (
            _marker_value(number.group(1) or number.group(2), first_of.get(level, ""))
            if number is not None
            else None
        )
        out.append(f'<li value="{value}">' if value is not None else "<li>")
        out.append(p.inner_html or "")
    while open_lists:
        out.append(f"</li></{open_lists.pop()}>")
    made = LexborHTMLParser("".join(out)).body
    first = run[0][0]
    for part in made.iter() if made is not None else ():  # the lists made, one after the other
        first.insert_before(part)
    for p, _, _ in run:
        p.decompose()


def _marker_value(core: str, first: str) -> int | None:
    """The number a Word list marker's ``core`` says: a number, a letter (a list of letters, one
    whose first marker is no ``i``), else a roman numeral."""
    if core.isdigit():
        return int(core)
    low = core.lower()
    if len(low) == 1 and (low not in "ivxlcdm" or not first.lower().lstrip("(").startswith("i")):
        return ord(low) - ord("a") + 1
    return roman_value(low)


def _ruby_readings(tree: LexborHTMLParser) -> None:
    """Write the reading of each ``<ruby>`` (its ``<rt>``: furigana over kanji) in parentheses
    after its base, ``漢字(かんじ)``, as the readings of an OpenDocument or Word document's ruby
    are; read as it is, the reading runs into its base (``漢字かんじ``). A ruby with ``<rp>``
    fallback parentheses is left as it is: they already read so."""
    for ruby in tree.css("ruby"):
        if ruby.css_first("rp") is not None:
            continue
        for rt in ruby.css("rt"):
            reading = " ".join((rt.text(deep=True) or "").split())
            rt.replace_with(f"({reading})" if reading else "")


def _linear_equations(tree: LexborHTMLParser) -> None:
    """Write each MathML equation (``<math>``) in the linear format Word shows (:mod:`._mathml`):
    ``x=(-b±√(b^2-4ac))/(2a)``, not its tokens one after another. An equation set apart
    (``display="block"``) is a paragraph of its own, one in a line of text part of it."""
    from ._mathml import from_lexbor, mathml_linear  # only for a page with equations (it loads lxml)

    root = tree.body or tree.root
    if root is None:
        return
    equations = [n for n in root.traverse() if (n.tag or "").rpartition(":")[2] == "math"]
    for node in equations:
        up, nested = node.parent, False
        while up is not None and not nested:
            nested = (up.tag or "").rpartition(":")[2] == "math"
            up = up.parent
        if nested:  # read with the equation around it
            continue
        math = from_lexbor(node)
        apart = math.attrs.get("display") == "block"
        text = mathml_linear(math, edges=not apart)  # in a line of text, its edge spaces kept
        if apart and text:
            block = LexborHTMLParser(f"<div>{escape(text, quote=False)}</div>").css_first("div")
            node.replace_with(block if block is not None else text)
        else:
            node.replace_with(text)


def _quote_marks(tree: LexborHTMLParser, page: str | None = None) -> None:
    """Write the quotation marks a browser shows around each ``<q>`` (its style sheet's
    ``q::before { content: open-quote }``), those of the ``<q>``'s language (:data:`_QUOTES`):
    its own ``lang`` (or ``xml:lang``), or its nearest ancestor's that names a language listed,
    else the page's (``page``, the language its ``<meta http-equiv="content-language">``
    names, or one said from outside it), else English ones: „…“ in German, «…» in French, “…” in English; around a
    quotation inside one the second pair (‚…‘, ‘…’), at any depth past the first (CSS repeats
    the last pair of ``quotes``)."""
    default = (language_quotes(page) if page else None) or ROOT_QUOTES
    for q in tree.css("q"):
        depth, marks, node = 0, None, q
        while node is not None:
            if node is not q:
                depth += node.tag == "q"
            if marks is None:
                attrs = node.attributes
                language = attrs.get("lang") if "lang" in attrs else attrs.get("xml:lang")
                marks = language_quotes(language) if language else None
            node = node.parent
        marks = marks or default
        q.insert_before(marks[0] if depth == 0 else marks[2])
        q.insert_after(marks[1] if depth == 0 else marks[3])


def _gutter(pre: LexborNode, text: str) -> bool:
    """Whether a ``<pre>`` is the column of line numbers beside a program laid out in a table
    (Pygments' and Rouge's, ``<td class="linenos"><pre>1 2 3</pre></td><td><pre>code</pre></td>``):
    numbers alone, each one more than the one before it, in a cell followed by a cell holding a
    ``<pre>``. Read, it is a code block of numbers over the program's."""
    numbers = text.split()
    if len(numbers) < 2 or not all(n.isdecimal() for n in numbers):
        return False
    if any(int(b) != int(a) + 1 for a, b in pairwise(numbers)):
        return False
    cell = pre.parent
    while cell is not None and cell.tag != "td":
        cell = cell.parent
    beside = cell.next if cell is not None else None
    while beside is not None and beside.tag not in ("td", "th"):
        beside = beside.next
    return beside is not None and beside.css_first("pre") is not None


_CLASS_ATTR = re.compile(r"""\bclass\s*=\s*(?:"([^"]*)"|'([^'"]*)'|([^\s"'>]+))""", re.IGNORECASE)
_LINE_NUMBER = re.compile(r"\d{1,4}")
#: The ``Coverage.skipped`` kind of the verse line numbers left out (:func:`margin_entry`)
MARGIN_NUMBERS = "margin line numbers"
#: The fewest numbers of one kind of ``<span>`` that make a poem's line numbering
_MIN_LINE_NUMBERS = 3


def _span_kind(attrs: str) -> str:
    """The ``class`` value (``""`` for none) of a ``<span>`` holding a number alone, from its
    start tag's attributes: the kind it is counted under (:func:`_passes`)."""
    m = _CLASS_ATTR.search(attrs)
    return next((g for g in m.groups() if g is not None), "") if m else ""


def _remove_margin_numbers(tree: LexborHTMLParser, kinds: list[str]) -> int:
    """Remove a poem's line numbers, set in ``<span>`` elements at an end of their lines (The
    Waste Land's ``Hofgarten,<span class="lnum">10</span>``, which a stylesheet floats into the
    margin); read in the line, they glue to its last word (``Hofgarten,10``). As the plain-text
    rule has it (:func:`~indexer.formats.text.margin_numbers`), a number counts only with the
    others of its kind (the same ``class``): at least :data:`_MIN_LINE_NUMBERS` of them, each
    alone in its ``<span>`` at the start or the end of a line of text (an element, or a line of
    it between ``<br>``), rising in document order on one step of 3 or more, all of them multiples
    of that step (10, 20, 30), and two numbers in a row differing by the count of lines between
    them (:func:`_line_of`). Figures that number no verse stay: years or prices at the ends of
    the items of a list (``founded in <span class="year">1990</span>``, 2000, 2010 on the next
    items) rise on a step too. ``kinds``: the classes to look at (:func:`_passes`).
    Returns how many went."""
    by_kind: dict[str, list[tuple[LexborNode, int]]] = {}
    for kind in kinds:
        selector = f'span[class="{kind}"]' if kind else "span:not([class])"
        try:
            spans = tree.css(selector)
        except (SelectolaxError, ValueError):  # a class the selector engine cannot read
            continue
        for span in spans:
            child = span.child  # a number alone: one text node
            if child is None or child.next is not None or child.tag != "-text":
                continue
            text = (child.text_content or "").strip()
            if _LINE_NUMBER.fullmatch(text) and _at_line_edge(span):
                by_kind.setdefault(kind, []).append((span, int(text)))
    gone = 0
    for numbered in by_kind.values():
        numbers = [n for _, n in numbered]
        if len(numbers) < _MIN_LINE_NUMBERS or any(b <= a for a, b in pairwise(numbers)):
            continue
        step = min(b - a for a, b in pairwise(numbers))
        if step < 3 or any(n % step for n in numbers):
            continue
        lines = _line_of(tree.body or tree.root, {span.mem_id for span, _ in numbered})
        at = [lines.get(span.mem_id) for span, _ in numbered]
        if None in at or any(
            b - a != m - n for (a, b), (n, m) in zip(pairwise(at), pairwise(numbers), strict=True)
        ):
            continue
        for span, _ in numbered:
            span.decompose()
            gone += 1
    return gone


#: what ends a line of text: a block's edge or a ``<br>``
_LINE_BREAKS = _BLOCK_TAGS | {"br", "body"}


def _line_of(root: LexborNode | None, spans: set[int]) -> dict[int, int]:
    """The line each of the ``spans`` (their ``mem_id``) stands on, as the count of lines of
    text before it: a line ends at a block's edge or a ``<br>``, and one without text (a blank
    line between stanzas) is not counted, as in :func:`~indexer.formats.text.margin_numbers`,
    nor a heading (a part's title between its numbered lines: The Waste Land's "II. A GAME OF
    CHESS" between lines 76 and 77)."""
    out: dict[int, int] = {}
    if root is None:
        return out
    line, block, broke = -1, None, False
    for node in root.traverse(include_text=True):
        if node.tag == "br":
            broke = True
        elif node.tag == "-text" and (node.text_content or "").strip():
            up = node.parent
            while up is not None and up.tag not in _LINE_BREAKS:
                up = up.parent
            here = up.mem_id if up is not None else None
            if up is not None and up.tag in _HEADINGS:
                block, broke = here, False
                continue
            if broke or here != block:  # a text in another block than the last one: a new line
                line += 1
            block, broke = here, False
            if node.parent is not None and node.parent.mem_id in spans:
                out[node.parent.mem_id] = line
                if len(out) == len(spans):
                    break
    return out


def _at_line_edge(span: LexborNode) -> bool:
    """Whether a ``<span>`` opens or ends a line of text: nothing but white space (or a ``<br>``)
    between it and its parent's edge on one side, text of the line on the other."""

    def blank(node: LexborNode | None, step: str) -> bool:
        while node is not None and node.tag != "br":
            if node.tag != "-text" or (node.text_content or "").strip():
                return False
            node = getattr(node, step)
        return True

    if not blank(span.next, "next") and not blank(span.prev, "prev"):
        return False
    parent = span.parent
    line = (parent.text(deep=True) or "") if parent is not None else ""
    return any(c.isalpha() for c in line)


def margin_entry(count: int) -> Skipped | None:
    """The entry of what :func:`html_blocks` left out saying that ``count`` verse line numbers
    were; a document's coverage lists it in ``headers_footers_removed``, as plain text's and a
    PDF's margin line numbers are (:func:`margin_removed`)."""
    if count <= 0:
        return None
    return Skipped(
        MARGIN_NUMBERS,
        f"{count} number{'s' if count != 1 else ''}",
        "a poem's line numbers in the margin, left out of its lines",
        on_purpose=True,
    )


#: The reason of the ``Coverage.skipped`` entry of the hidden elements left out
HIDDEN_REASON = (
    "hidden from the reader (the hidden attribute, display: none or visibility: hidden) and left out"
)


def hidden_entry(count: int) -> Skipped | None:
    """The ``Coverage.skipped`` entry saying that ``count`` hidden elements were left out
    (``Skipped("hidden", "3 elements", …)``); None for none."""
    if count <= 0:
        return None
    return Skipped("hidden", f"{count} element{'s' if count != 1 else ''}", HIDDEN_REASON, on_purpose=True)


def merge_hidden(entries: list[Skipped]) -> list[Skipped]:
    """``entries`` with their ``hidden`` entries (one per chapter or message body) summed into
    one, where the first of them stood."""
    hidden = [e for e in entries if e.what == "hidden"]
    if len(hidden) < 2:
        return list(entries)
    total = sum(int(e.name.split(" ", 1)[0]) for e in hidden if e.name.split(" ", 1)[0].isdigit())
    first = entries.index(hidden[0])
    rest = [e for e in entries if e.what != "hidden"]
    entry = hidden_entry(total)
    return rest[:first] + ([entry] if entry else []) + rest[first:]


def body_entries(dropped: list[Skipped]) -> list[Skipped]:
    """The entries of what :func:`html_blocks` left out of a message's HTML body that the message's
    coverage lists: its hidden elements and its margin line numbers (it finds its images itself)."""
    return [e for e in dropped if e.what in ("hidden", MARGIN_NUMBERS)]


def margin_removed(entries: list[Skipped]) -> tuple[list[Skipped], tuple[str, ...]]:
    """``entries`` without their :func:`margin_entry` ones, and ``Coverage.headers_footers_removed``
    for them: ``("margin line numbers",)`` when there was one."""
    kept = [e for e in entries if e.what != MARGIN_NUMBERS]
    return kept, (MARGIN_NUMBERS,) if len(kept) < len(entries) else ()


def decode_html(data: bytes) -> str:
    """HTML bytes to text: a BOM's encoding, UTF-32 or UTF-16 by the NUL pattern of their ASCII
    characters (a page in ASCII alone is valid UTF-8 as well, NULs and all), UTF-8 first
    (:func:`~indexer.sniff.decode_unicode`), else the <meta charset>, else the encoding an XHTML
    page's XML declaration names (``<?xml version="1.0" encoding="windows-1251"?>``, all that an
    EPUB chapter may say), else sniffed."""
    text = decode_unicode(data)
    if text is not None:
        return text
    m = _META_CHARSET.search(data[:4096]) or _XML_ENCODING.match(data[:1024])
    if m:
        try:
            text = decode_labelled(data, m.group(1).decode("ascii"))
        except LookupError:
            pass
        except UnicodeDecodeError:  # not in the charset it names: undecodable bytes replaced
            return decode_text(data, web_codec(m.group(1).decode("ascii")))[0]
        else:
            return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    return decode_text(data)[0]


def data_uri_bytes(src: str) -> tuple[bytes, str | None] | None:
    """The bytes and the subtype (``png`` …) of a ``data:image/...`` URI, or None."""
    if not src.startswith("data:"):
        return None
    head, sep, payload = src[5:].partition(",")
    if not sep:
        return None
    mime = head.split(";", 1)[0].strip().lower()
    subtype = mime.split("/", 1)[1] if mime.startswith("image/") else None
    try:
        if ";base64" in head.lower():
            return base64.b64decode("".join(payload.split()), validate=False), subtype
        return unquote_to_bytes(payload), subtype
    except (binascii.Error, ValueError):
        return None


def attach_data_images(blocks: list[Block]) -> tuple[list[Block], list[Image], list[Skipped]]:
    """Extract the bytes of ``data:`` URI images into Images referenced by their IMAGE blocks."""
    out: list[Block] = []
    images: dict[str, Image] = {}
    skipped: list[Skipped] = []
    for block in blocks:
        src = block.meta.get("src", "") if block.kind == IMAGE else ""
        decoded = data_uri_bytes(src) if src else None
        if decoded is None:
            out.append(block)
            continue
        data, subtype = decoded
        admitted = admit(data, subtype, source_name=block.alt or "inline image", alt=block.alt)
        if isinstance(admitted, Skipped):
            skipped.append(admitted)
            out.append(block)
            continue
        images.setdefault(admitted.name, admitted)
        meta = dict(block.meta)
        meta["src"] = "data:"  # the payload lives in Document.images, not in every block
        out.append(Block(IMAGE, block.text, alt=block.alt, images=(admitted.name,), meta=meta))
    return out, list(images.values()), skipped


#: the warning of a page whose only text outside its scripts is what its <noscript> holds
NOSCRIPT_ONLY = "the page's content needs scripts to show; only its <noscript> text was read"


def fallback_blocks(text: str) -> list[Block]:
    """Paragraph blocks of plain text (blank-line separated), for input with no readable markup."""
    out = []
    for para in re.split(r"\n\s*\n", text):
        para = para.strip()
        if para:
            out.append(new_block(PARAGRAPH, para))
    return out


@extractor(
    ".html",
    ".htm",
    ".xhtml",
    name="html",
    version="36",  # 2: HTML tables with colspan and rowspan laid out; 3: rowspan="0";
    # 4: HTML items, cells and headings read inline text as paragraphs do; page chrome, icons dropped; infobox images first
    # 5: the <head>'s title, author, language, description, keywords and canonical address in the metadata;
    # elements hidden by the hidden attribute or an inline display:none / visibility:hidden left out;
    # a page with nothing outside <noscript> read from it, the last resort without scripts and styles
    # 6: short inline elements hidden by a rule of a <style> element left out as inline-hidden ones are;
    # the hidden elements left out counted in one coverage.skipped entry
    # 7: a table's first row of bold cells, or one its columns vote for, is its header; a table
    # without a header names its columns Column N
    # a poem's line numbers in <span>s at the ends of its lines left out
    # an element an !important rule shows again kept; hidden ones inside the page chrome not counted
    # 8: figures at line ends (years, prices) kept unless they count the lines between them as a poem's numbers do
    # a table of one row read as the flow of its cells
    # 9: a layout table (role="presentation", or cells holding tables, headings, lists or several
    # paragraphs and no header cell) read as the flow of its cells
    # 10: a title row over <th> rows alone: the first of them heads the others, or a table without data;
    # a table in a data table's cell a table of its own right under its row, the table going on after it
    # as another block under the same header, its row_numbers going on, or read as flow when it holds no
    # data (one text a row); a column empty in every row of any table, its header's included, left out;
    # a table most of whose rows (three or more) are rows of as many short cells a data table, blocks in
    # its other cells notwithstanding; a column of one value below the first row no vote for a header;
    # a row left with its label alone by the tables in its cells said as a paragraph over them, a block
    # of a cut table of one text a row under no header cell as paragraphs, not under "Column N";
    # a picture in a row of data past an infobox's opening rows read under its row, the table cut there
    # 11: a table of one text a row read as the flow of its cells, not only in a data table's cell
    # the Column N names of a table no row heads on its first block alone, not on each block of a box
    # a MediaWiki template's "v · t · e" bar (view, talk, edit) left out as page chrome
    # a cell spanning a table's rows to its end, holding a picture and text under no header text (a
    # ranking's photos and their captions), read once after the table, not repeated in each row; a
    # column empty but for a title row across the table left out
    # a small picture without alt text beside a cell's text (a flag before a name) read after the
    # table, not cutting it; a <meta charset> label read as browsers read it (iso-8859-1 as
    # windows-1252, shift_jis as cp932 …)
    # 12: a small picture beside a cell's text read right after the block of rows holding it, not
    # after the whole table; a picture with alt text in a cell, at most 32 px each way, its alt text
    # in the cell's (once), not cutting the table under its row; icons up to 30 px each way, not 24
    # (flags 25 px wide, emblems 25×27); the Column N names of a table no row heads on each of its
    # blocks again, not a blank head line on the blocks after its first
    # 13: a <blockquote>'s blocks carry their quote depth (quote: 1, 2 in a quote within it …)
    # 14: an <ol>'s items carry their numbers (start, value, reversed)
    # 15: text in a list outside any <li> an unordered item, no longer an ordered one written 1.
    # 16: a <pre> in a list item a code block of its own keeping its lines, the list going on after it
    # 17: a <br> in a <pre> breaks its line
    # 18: soft hyphens (&shy;) left out of the text and the alt texts
    # 19: an XHTML page without a <meta charset> read in the encoding its XML declaration names
    # 20: a table in a list item a table of its own, the list going on after it
    # 21: the line-number column beside a program laid out in a table (Pygments, Rouge) left out
    # 22: legacy text without a BOM or charset read in the code page that reads it cleanly
    # (windows-1250, windows-1251, KOI8-R, Shift_JIS, EUC-JP …), not always as windows-1252
    # soft hyphens left out with spaces around them leave the white space a browser shows: one space
    # between words ('a &shy; b' was 'a  b'), none at the edge of a line ('a &shy;' was 'a '), in list items,
    # paragraphs, headings and table cells; a <pre> keeps its spaces
    # a list right after one whose last item holds a <pre> or a table, or whose first item a <pre> or a table
    # opens right after another list, says it starts a list of its own (new_list): its Markdown marks its
    # top-level items with the other bullet or delimiter ("* b", "1) b"), no longer as the list before it
    # going on; a list going on after a <pre> or a table in an item keeps the marks of its part before it
    # a heading in a list item after a <pre> or a table in it says its level (heading_level on its paragraph
    # block): its Markdown writes it as a heading in the item ("  ### Title"), no longer as a plain paragraph
    # of it
    # the text a list item shows between two nested lists, where a <pre> or a table in the second list's items
    # cuts it, said to stand before that list's first item (item_tails' third value, the list's item count
    # where the code opens that item), no longer after all the nested lists: written before that list, no
    # longer after the code
    source_type="html",
    libraries=("selectolax",),
    images=True,
    sniff=lambda head: head.lstrip()[:15].lower().startswith((b"<!doctype html", b"<html")),
    # 23: a <q>'s quotation marks, as a browser draws them (“…”, ‘…’ inside one), unless a <style> rule takes
    # them away
    # 24: an inline SVG drawing's labels (its <text> elements, not in <defs>, <symbol>, <title>) a paragraph,
    # one a line, not dropped with the drawing; words of a line of text written beside the drawing
    # a page of soft hyphens alone read as written, not as no text
    # 25: a line left blank by two <br> in a row ends a paragraph, the text after it another one
    # 26: legacy text without a BOM or charset: Polish with only ę and ń, Hungarian, Turkish
    # (windows-1254), Hebrew (windows-1255), ISO-8859-2 and kanji-only EUC-JP read in their code page
    # 27: a <q>'s quotation marks those of its language (lang, an ancestor's, <html lang>, a
    # <meta http-equiv="content-language">), from the HTML standard's table: „…“ in German, «…» in French
    # 28: a <ruby>'s reading (<rt>) in parentheses after its base, 漢字(かんじ), not run into it
    # 29: a MathML equation in Word's linear format (x=(-b±√(b^2-4ac))/(2a)), not its tokens one after
    # another; one set apart (display="block") a paragraph of its own
    # 30: a space at an inline equation's start or end (an <mtext>'s no-break space, an <mspace>) kept
    # between it and the words beside it
    # 31: legacy text without a BOM or charset: Greek (windows-1253, ISO-8859-7), Baltic (windows-1257) and
    # Arabic (windows-1256, ISO-8859-6) read in their code page; a word or short line whose bytes tell
    # ("Poznań", "Київ", "北海道") no longer misread
    # 32: a page in UTF-32 without a BOM and with no charset read as UTF-32 where a character beyond
    # ASCII makes it no UTF-8
    # legacy text without a BOM or charset: Ukrainian in KOI8-U, Persian in windows-1256 (پ چ ژ گ, the
    # Arabic question mark and comma, the zero-width non-joiner), Greek in capitals without accents read
    # in their code page
    # legacy text: a word opened by ð or ğ, an ì or ù before a letter, a þ after a vowel:
    # signs of a wrong reading ("Šeštadienį", "České Budějovice", "Kadıköy, Beşiktaş" in
    # windows-1257, -1250, -1254 no longer windows-1252);
    # a table's footer (<tfoot>) written before its body read as its last rows, as browsers draw it;
    # the <header> and <footer> of a <section>, <blockquote>, <figure>, <details>, <dialog> or
    # <fieldset> read (a section's title, a quote's attribution), no longer dropped as the page's; Word's
    # and Outlook's list paragraphs (mso-list) a list, nested and numbered as their markers say
    # 33: legacy text without a BOM or charset: Greek capitals no longer read as KOI8-R, whose small Russian
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
    # a page in UTF-16 or UTF-32 without a BOM, its characters all ASCII, read in it, no longer as UTF-8 with
    # NULs between its characters (its tags were read as text);
    # a table or a <pre> in a list item, and the item's text after it, say how many items hold them (in_item):
    # their Markdown written in the item, the list going on after them, as a browser shows it
    # 34: legacy text: six Cyrillic consonants in a row, an ы or ь opening a word or after a vowel, a й after
    # a consonant, a ъ closing a word, a Greek ϊ or ϋ after no vowel, a Greek ψ or ρ closing a word after a
    # consonant, a Hebrew כ, מ, נ, פ or צ closing a word and a × or ÷ beside a letter beyond ASCII: signs of a
    # wrong reading (Russian "программой", "это", "без" in KOI8-R no longer windows-1251, "запускаться" no
    # longer windows-1253, "все" no longer windows-1252; Ukrainian "майбутня", "щодо" and Serbian "опште",
    # "тачно" in windows-1251 no longer KOI8-R, windows-1255, KOI8-R, windows-1252)
    # an empty list item (<li></li>) an item all the same, counted and numbered, but no blank line in the
    # list's text; a list of empty items alone no list
    # a <blockquote> in a list item (holding no list, table or <pre>) says where its text stands in the item's
    # (item_quotes), the item's text as it was: its Markdown a quote in the item, no longer words of the item;
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
    # a list item of soft hyphens alone (<li>&shy;</li>) an empty item: no blank line in the list's text
    # a <blockquote> of several paragraphs in a list item says where they start (item_quote_breaks): its
    # Markdown writes them as paragraphs of the quote, no longer as one
    # the text and quotes a list item shows after its nested list say where they start (item_tails): its
    # Markdown writes them under that list, no longer before it; the text after it a word of its own in
    # the item's text ('n n2', it was 'nn2')
    # 35: legacy text without a BOM or charset: Hebrew stored in visual order (each word reversed, opening
    # with its final letter) read in windows-1255, its final letters no longer signs of a wrong reading there;
    # a geresh or gershayim after a Hebrew letter no longer a stray sign ("ארה״ב", "ראה דו״ח מס׳ 12", "ג׳ירפה
    # וצ׳יפס" and visual "ץבוקה תא חותפל ןתינ אל" in windows-1255 no longer windows-1256, windows-1251,
    # GB18030 or KOI8-R)
    # the text and quotes a list item shows between two of its nested lists say where they start and
    # the item they stand before (item_tails, a third value: the next list's first item): its Markdown
    # writes them between those lists, as a browser shows them, no longer after both
    # a list item showing no text before its nested list an empty item before that list's items, no longer
    # dropped (its list was read into the item before it); the text it shows after the list written under it
    # legacy text without a BOM or charset: a small э, щ or ч closing a word after two capitals and a word of
    # four small Cyrillic consonants or more (no р, no ъ) are signs of a wrong reading (Greek "μετά",
    # "περιοχή", "Ρόλος" in windows-1253 no longer KOI8-R or windows-1251)
    # a list item of several paragraphs (its <p>s, text and a <div> after it, text on both sides of two <br>
    # in a row) says where each after the first starts (item_paragraphs): its Markdown writes them as
    # paragraphs of the item, a blank line between them, no longer run together on the item's line
    # a charset label naming one of Python's codecs that read no text (base64, rot13, hex, zlib, idna,
    # undefined) read as no charset (a page's meta charset or XML encoding, a card's CHARSET), no longer
    # failing the file
    # 36: a heading in a list item (<li><h3>Title</h3><p>text</p></li>) says where it stands in the item's
    # text and its level (item_headings): its Markdown writes it as a heading in the item ("- ### Title"),
    # no longer as a plain paragraph of it
    # a list item's text after a <pre> or a table in it a paragraph block for each of its paragraphs (its
    # <p>s, text on both sides of two <br> in a row), no longer one block run together
    # a list item's element holding a block or a <br> read as the item is, its paragraphs apart: two <br> in a
    # row in a <span>, a <p> in a link, the <p>s of a <div>, two <br> in a row in a <p> (said in
    # item_paragraphs, written as paragraphs of the item), a list in an inline element a nested list, a <pre>
    # or a table in one a block in the item, no longer all read on the item's line
    # a list item's nested lists before its first <pre> or table read before it, no longer after it, the
    # item's text after them said to stand under them (item_tails); an item holding nothing before its <pre>
    # or table opened by it (opens_item: its marker), no longer written at the margin with no item, and one
    # holding a nested list before it an empty item before that list's items, no longer dropped
    # the text a list item shows after its nested list, where a <pre> or a table in an item of that list cuts
    # it, written after that block and the list's items after it, no longer before them
    # a page nesting its elements more than 2,000 deep ("<ul><li>" repeated) above the nearest table, cell,
    # caption, object or template refused on a count of its tags, before it is parsed: a parse error, nested
    # too deeply, at once; it took the parser minutes
)
def extract_html(data: bytes, ctx: ExtractContext) -> Document:
    text = decode_html(data)
    metadata: dict[str, Any] = {"source_type": "html"}
    blocks: list[Block] = []
    dropped: list[Skipped] = []
    if text.strip():
        tree = parse_html(text)
        metadata.update(html_metadata(tree))
        passes = _passes(text)
        blocks, dropped = _tree_blocks(tree, passes)
    warnings: tuple[str, ...] = ()
    if not any(b.kind != IMAGE for b in blocks) and text.strip():
        # Nothing readable outside the boilerplate. A page written for scripts alone shows a
        # reader without them what its <noscript> holds: that is read, with its structure.
        tree = LexborHTMLParser(text)
        if tree.css_first("noscript") is not None:
            tree.unwrap_tags(["noscript"])
            shown, hidden = _tree_blocks(tree, passes)
            if any(b.kind != IMAGE for b in shown):
                blocks, dropped = shown, hidden
                warnings = (NOSCRIPT_ONLY,)
    if not any(b.kind != IMAGE for b in blocks) and text.strip():
        # Else the whole tree's text but its scripts and styles, then the raw source.
        tree = LexborHTMLParser(text)
        tree.strip_tags(["script", "style"])
        flat = tree.root.text(deep=True, separator="\n") if tree.root is not None else ""
        extra = fallback_blocks(flat) or fallback_blocks(text)
        blocks = blocks + extra
        warnings = ("no readable HTML body; the text was read without structure",)
    blocks, images, skipped = attach_data_images(blocks)
    dropped, removed = margin_removed(dropped)
    coverage = Coverage(
        images_extracted=len(images),
        skipped=(*dropped, *skipped),
        warnings=warnings,
        headers_footers_removed=removed,
    )
    return assemble_blocks("html", blocks, images=tuple(images), metadata=metadata, coverage=coverage)
