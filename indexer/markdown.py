"""A Document rendered as Markdown (``get_markdown``).

Markdown and plain-text sources come back as their own (normalised) text, but for a text
document with pictures (a card's photo or logo): it renders as the other documents do, so that
its pictures are referenced by name with ``list_images``. Other documents render block by
block: ``#`` headings, paragraphs, ``-``/``1.`` lists indented two spaces per level (``*``/``1)``
for a list right after one marked alike, which would read as one list with it), pipe tables,
fenced code, images as ``[Image: alt]`` (or ``![alt](name)`` with ``list_images``), ``---``
where the page changes (PDF, slides) between blocks (never inside a block read on over a page
break: the rule follows it, as the block keeps the page where it starts), and a presentation's
speaker notes in a ``::: notes`` fenced div (pandoc's way of writing them); a slide hidden in the
show has `` (hidden)`` after its title, or a line ``(hidden slide)`` where it has none.
Spreadsheets give ``## SheetName`` (``## SheetName (hidden)`` for a sheet the workbook hides)
and a pipe table per sheet, sheets separated by ``---``, a file embedded in a sheet after it as a
document's blocks, its headings below the sheet's; a workbook attached to or embedded in a
document has a heading per sheet there, `` (hidden)`` after a hidden one's; CSV gives one pipe
table.

The text of a paragraph, an image marker, a list item, a heading or a table cell comes from a
document that is not Markdown: what Markdown would read as syntax in it is escaped
(:func:`escape_text`), so that a CommonMark or GFM reader reads back the same words as one
paragraph (heading, cell), and only there, so that the text stays as readable as it was. In an
e-mail's own text (not an attached file's), lines quoting an earlier message (``> ``, ``>> ``)
are the blockquote they mean, nested as deep as their marks (:func:`escape_mail_text`). The blocks
of a document's own blockquotes (``QUOTE`` in their meta: an HTML ``<blockquote>``, a Markdown
``>`` read by another format) are written behind as many ``> `` marks, their text escaped as a
quote's.
"""

from __future__ import annotations

import re
import string
import textwrap
import unicodedata
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from itertools import groupby, pairwise, product
from operator import itemgetter

from .model import (
    CODE,
    CSV,
    HEADING,
    HEADING_LEVEL,
    HIDDEN,
    IMAGE,
    IN_ITEM,
    ITEM_HEADINGS,
    ITEM_PARAGRAPHS,
    ITEM_QUOTE_BREAKS,
    ITEM_QUOTES,
    ITEM_TAILS,
    LIST,
    NEW_LIST,
    NOTES,
    OPENS_ITEM,
    OWN_MARKERS,
    PARAGRAPH,
    QUOTE,
    SPREADSHEET,
    TABLE,
    Block,
    Document,
    ListItem,
    render_table,
)
from .modes._common import image_label, with_markers, without_markers

AS_IS = ("md", "markdown", "txt")
#: the formats whose text is an e-mail's: its quoted lines are blockquotes
MAIL = ("eml", "mbox", "msg")


def render_markdown(doc: Document, list_images: bool = False) -> str:
    if doc.family == SPREADSHEET:
        out = _sheets(doc, list_images)
    elif doc.family == CSV:
        out = "\n\n".join(_table(b) if b.kind == TABLE else _paragraph(b, b.text) for b in doc.blocks)
    elif doc.source_type in AS_IS and doc.text and not (doc.source_type == "txt" and doc.images):
        out = doc.text.strip("\n")
    else:
        out = _document(doc, list_images)
    return out + "\n" if out else ""


def _document(doc: Document, list_images: bool) -> str:
    referenced = {n for b in doc.blocks for n in b.images}
    by_page: dict[object, list[str]] = {}
    loose: list[str] = []
    if list_images:
        for im in doc.images:
            if im.name not in referenced:
                page = im.meta.get("page") if im.meta else None
                (by_page.setdefault(page, []) if page is not None else loose).append(
                    _image_ref(im.alt, im.name)
                )
    parts: list[str] = []
    depths: list[int] = []  # the blockquote depth of each part, where the parts so far had one
    page = None
    notes = False  # inside a ::: notes div
    last_list = None  # where the list part last written stands, and its depth
    # the marker widths of the items left open by the list last written (and its quote depth), while
    # the blocks after it stand in its items (IN_ITEM): they are indented under them, and a list
    # after them goes on from them
    open_items: tuple[list[int], int] | None = None
    item_block = False  # whether the block last written stands in them
    # the text items of the list last written show after their nested lists, not yet written while
    # the blocks after the list stand in items nested deeper (a code block cut the list in one of
    # them): (the item's level, its Markdown), at the list's quote depth
    carry: list[tuple[int, str]] = []
    carry_depth = 0
    # the character of the last top-level marker (``-``, ``*``, ``.``, ``)``) of the list the part last
    # written ends, or stands in an item of; its quote depth, and the index of that part
    top: tuple[str, int, int] | None = None
    for block in doc.blocks:
        is_notes = bool(block.meta) and bool(block.meta.get(NOTES))
        new_page = block.page is not None and block.page != page
        if carry:
            # written before this block where it does not stand in an item nested deeper than the
            # carried text's, after the part last written (the list, or a block in its items)
            below = _held_level(block, open_items, item_block) if not new_page else None
            if below is None or _depth(block) != carry_depth:
                below = -1
            if block.kind != LIST or below < 0:
                while carry and carry[-1][0] >= below:
                    parts[-1] += "\n\n" + carry.pop()[1]
        if notes and (new_page or not is_notes):
            parts.append(":::")
            notes = False
        if new_page:
            if page is not None:
                parts.append("---")
            # the unanchored images of the pages passed since the last rule (pages that start
            # inside a block read on over a page break, pages without a block) come first
            passed = (
                range(page + 1, block.page)
                if isinstance(page, int) and isinstance(block.page, int) and by_page
                else ()
            )
            for earlier in passed:
                parts.extend(by_page.pop(earlier, []))
            page = block.page
            parts.extend(by_page.pop(page, []))
            hidden_slide = _hidden_slide(block)
            if hidden_slide and block.kind != HEADING:  # no title to say it: a line of its own
                parts.append(HIDDEN_SLIDE)
        else:
            hidden_slide = False
        depth = _depth(block)
        in_item = int(block.meta.get(IN_ITEM) or 0) if block.meta else 0
        new_list = bool(block.meta) and bool(block.meta.get(NEW_LIST))
        # (a list of its own goes on from no item of the list before it)
        held = open_items[0] if open_items is not None and open_items[1] == depth and not new_list else None
        # the top-level marker of the list right before at this depth, unless a "::: notes" line
        # will stand between them: a list going on from it marks its items alike, another otherwise
        right_before = top is not None and top[1:] == (depth, len(parts) - 1)
        mark = top[0] if right_before and not (is_notes and not notes) else ""
        if block.kind == LIST:
            widths = list(held) if held is not None and item_block else []
            # (a list followed by the references of its images writes its text after them at once)
            taken = None if list_images and block.images else carry
            before = list(carry)
            rendered = _block(
                doc,
                block,
                list_images,
                depth > 0,
                open_items=widths,
                carry=taken,
                avoid="" if widths else mark,
                other=bool(widths) and mark in _OTHER_MARKS,
            )
            carry_depth = depth
            open_items = (widths, depth) if block.items else None
            item_block = False
        else:
            rendered = _block(doc, block, list_images, depth > 0)
            opens = block.meta.get(OPENS_ITEM) if in_item else None
            if opens:
                # the first thing its item holds: written after the item's marker, the items that
                # hold that item still open; an empty item for each of those no list left open
                # (``- - `` then a fence), as a list opening below its first level is written
                widths = list(held[: in_item - 1]) if held is not None else []
                at_top = not widths
                empty = []
                while len(widths) < in_item - 1:
                    empty.append(" " * sum(widths) + "-")
                    widths.append(2)
                first = str(opens) if not empty else "-"
                if at_top and (mark == first[-1] if new_list else mark in _OTHER_MARKS):
                    # at the top level: a list of its own marked otherwise than the list before it,
                    # a list going on from it marked alike
                    first = first[:-1] + _OTHER_MARK[first[-1]]
                    if empty:
                        empty[0] = first
                    else:
                        opens = first
                rendered, width = _opening(rendered, str(opens), " " * sum(widths))
                rendered = "\n".join([*empty, rendered])
                open_items = (widths + [width], depth)
                item_block = True
            else:
                item_block = bool(in_item and held)
                if item_block:
                    rendered = textwrap.indent(rendered, " " * sum(held[:in_item]))
                    open_items = (held[:in_item], depth)
                else:
                    open_items = None
        if block.kind == HEADING and rendered and (hidden_slide or _hidden_sheet(block)):
            rendered += HIDDEN_MARK
        if rendered:
            if is_notes and not notes:
                parts.append("::: notes")
                notes = True
            if depth or depths:
                depths += [0] * (len(parts) - len(depths)) + [depth]
            if block.kind == LIST and last_list == (len(parts) - 1, depth) and not mark:
                widths = []
                if taken is not None:
                    taken[:] = before
                rendered = _block(
                    doc, block, list_images, depth > 0, after=parts[-1], open_items=widths, carry=taken
                )
                open_items = (widths, depth) if block.items else None
            parts.append(rendered)
            if block.kind == LIST or (in_item and item_block):
                # a list's part, or a block in the items it leaves open: the last top-level marker
                marks = _TOP_MARKER.findall(rendered)
                if marks:
                    top = (marks[-1][-1], depth, len(parts) - 1)
                elif top is not None and top[1:] == (depth, len(parts) - 2):
                    top = (top[0], depth, len(parts) - 1)
                else:
                    top = None
            # a list's part followed by its images' references ends with them, not with the list
            ends_list = block.kind == LIST and not (list_images and block.images)
            last_list = (len(parts) - 1, depth) if ends_list else None
    while carry:
        parts[-1] += "\n\n" + carry.pop()[1]
    if notes:
        parts.append(":::")
    for refs in by_page.values():
        parts.extend(refs)
    parts.extend(loose)
    if not depths:
        return "\n\n".join(parts)
    depths += [0] * (len(parts) - len(depths))
    return _quoted_parts(parts, depths)


def _held_level(block: Block, open_items: tuple[list[int], int] | None, item_block: bool) -> int | None:
    """The level of the item a block stands in, among the items the list last written left open
    (``IN_ITEM`` less one: 0 in a top-level item; a list going on in them: its first item's level
    less one), or None where it stands in none of them."""
    if open_items is None or open_items[1] != _depth(block):
        return None
    if block.kind == LIST:
        return block.items[0].level - 1 if item_block and block.items else None
    in_item = int(block.meta.get(IN_ITEM) or 0) if block.meta else 0
    return in_item - 1 if in_item else None


#: what the heading of a sheet or a slide the file hides says after its name, and the line that
#: opens a hidden slide without a title: read all the same, for a search to find
HIDDEN_MARK = " (hidden)"
HIDDEN_SLIDE = "(hidden slide)"


def _opening(rendered: str, marker: str, indent: str) -> tuple[str, int]:
    """A block's Markdown as the first thing of a list item whose marker is ``marker`` (``-``,
    ``2.``; :data:`OPENS_ITEM`; ``*``, ``2)`` where it takes the other bullet or delimiter), the
    item at ``indent``: its first line after the marker, the others under it. Also the width of the
    marker, as the writer of the list's items counts it."""
    number = marker[:-1]
    if marker not in ("-", "*") and not (number.isdigit() and len(number) <= 9):
        # as for an item whose number CommonMark cannot write (_number_marker)
        marker = "1)" if marker.endswith(")") else "1."
    marker += " "
    first, _, rest = rendered.partition("\n")
    out = indent + marker + first
    if rest:
        out += "\n" + textwrap.indent(rest, indent + " " * len(marker))
    return out, len(marker)


def _hidden_sheet(block: Block) -> bool:
    """Whether ``block`` is the heading of a sheet the workbook hides, in a document that holds
    the workbook (an attachment, an embedded object: ``_attached._as_document``)."""
    return block.meta.get(HIDDEN) is True and block.meta.get("sheet_name") == block.text


def _hidden_slide(block: Block) -> bool:
    """Whether ``block``, the first of its page, opens a slide hidden in the show."""
    return bool(block.meta) and block.meta.get(HIDDEN) is True and "slide_number" in block.meta


def _depth(block: Block) -> int:
    """How many blockquotes hold ``block`` in its Markdown: its ``QUOTE``, at most
    ``MAX_QUOTE_DEPTH``."""
    return min(int(block.meta.get(QUOTE) or 0), MAX_QUOTE_DEPTH) if block.meta else 0


def _quoted_parts(parts: list[str], depths: list[int]) -> str:
    """The parts of a document, each behind the quote marks of its depth (``> > ``). Between
    two, a line quoted as deep as both (``>``; blank between parts outside any quote) keeps a
    quote's blocks in one quote and ends a deeper one, as a mail's quoted runs are written."""
    out: list[str] = []
    last = 0
    for part, depth in zip(parts, depths, strict=True):
        if out:
            out.append(("> " * min(last, depth)).rstrip())
        out.append(_behind_marks(part, depth))
        last = depth
    return "\n".join(out)


def _behind_marks(text: str, depth: int) -> str:
    """``text`` (Markdown) inside ``depth`` blockquotes: each line behind ``> `` per level, a blank
    line behind the marks alone."""
    if not depth:
        return text
    prefix = "> " * depth
    bare = prefix.rstrip()
    return "\n".join(prefix + line if line else bare for line in text.split("\n"))


#: a footnote's or endnote's label, as the notes of a document are written: Markdown's own
_NOTE_LABEL = re.compile(r"\[\^[^\]\s]+\]: ")


def _paragraph(block: Block, text: str, mail: bool = False, quoted: bool = False) -> str:
    """A paragraph's text escaped, a note's label (``[^1]: ``) left as a Markdown footnote;
    ``mail``: a mail's own text, its quoted lines blockquotes; ``quoted``: text in a blockquote
    (:func:`escape_text`)."""
    label = _NOTE_LABEL.match(text) if block.meta and block.meta.get("note") else None
    if label:
        return label.group() + _escaped(text[label.end() :], mail, quoted)
    return _escaped(text, mail, quoted)


def _escaped(text: str, mail: bool, quoted: bool) -> str:
    return escape_mail_text(text, quoted) if mail else escape_text(text, quoted=quoted)


def _image_ref(alt: str | None, name: str) -> str:
    alt = " ".join((alt or "").split()).replace("]", "\\]")
    return f"![{alt}]({name})"


def _block(
    doc: Document,
    block: Block,
    list_images: bool,
    quoted: bool = False,
    after: str = "",
    open_items: list[int] | None = None,
    carry: list[tuple[int, str]] | None = None,
    avoid: str = "",
    other: bool = False,
) -> str:
    """A block's Markdown; ``quoted``: the block stands in a blockquote, whose marks the caller
    puts before its lines; ``after``, ``avoid`` and ``other``: a list's, the Markdown of a list right
    before it, the last top-level marker of one, or its top-level items marked with the other bullet
    and delimiter (:func:`_list`); ``open_items`` and ``carry``: a list's, as for :func:`_items`."""
    # a file attached to a mail keeps its own text: a ">" there is no quote of the mail's
    mail = doc.source_type in MAIL and not (block.meta and block.meta.get("attachment"))
    if block.kind == HEADING:
        return "#" * min(max(block.level, 1), 6) + " " + _heading(" ".join(block.text.split()))
    if block.kind == PARAGRAPH and block.meta and block.meta.get(HEADING_LEVEL) and not block.images:
        # a heading of a list item after a table or code block in it (an item's own: ITEM_HEADINGS)
        return (
            "#" * min(max(int(block.meta[HEADING_LEVEL]), 1), 6)
            + " "
            + _heading(" ".join(block.text.split()))
        )
    if block.kind == LIST:
        body = _list(block, quoted, after, open_items, carry, avoid, other)
    elif block.kind == TABLE:
        body = _table(block)
    elif block.kind == CODE:
        body = _fence(block)
    elif block.kind == IMAGE and not (list_images and block.images):
        return escape_text(with_markers(doc, block), quoted=quoted)
    elif list_images and block.images:
        body = "" if block.kind == IMAGE else _paragraph(block, without_markers(block.text), mail, quoted)
    else:
        body = _paragraph(block, with_markers(doc, block), mail, quoted)
    if list_images and block.images:
        refs = []
        own = block.alt if block.kind == IMAGE else None  # the place's own, as in the modes
        for name in block.images:
            image = doc.image(name)
            refs.append(_image_ref(own if own else (image.alt if image else None) or block.alt, name))
        body = "\n\n".join([p for p in [body] if p] + refs)
    return body


#: an ordered item of a list whose items keep their own marker (``OWN_MARKERS`` in its meta: PDF
#: items keep the one printed on the page): a number and ``.`` or ``)`` is a Markdown marker
#: already; others (``[1]``, ``(a)``, ``iv.``, ``1.Socket``) take a ``-``, so that no second
#: number is added. Items of other lists ("U.S. exports", "10. tenth") are text after ``1.``
_OWN_NUMBER = re.compile(r"\d{1,9}[.)] ")
_OWN_MARKER = re.compile(r"\(?(?:\d{1,3}|[A-Za-z]|[ivxlcdmIVXLCDM]{1,6})[.)](?: |(?=[^\W\d_]))|\[\d{1,3}\] ")


#: the marker of an item at its list's top level as :func:`_items` writes it, at a line's start
#: (an item's other lines and the items of its nested lists are indented): a bullet, or a number
#: and its delimiter
_TOP_MARKER = re.compile(r"^(?:[-*]|\d{1,9}[.)])(?= |$)", re.MULTILINE)
#: a line :func:`_items` writes for an empty item: its marker alone, at any level
_BARE_MARKER = re.compile(r" *(?:[-*]|\d{1,9}[.)])")
#: the other bullet, the other delimiter: a list marked with it is a list of its own
_OTHER_MARK = {"-": "*", "*": "-", ".": ")", ")": "."}
#: the marks of a list's top-level items written with the other bullet or delimiter
_OTHER_MARKS = ("*", ")")


def _list(
    block: Block,
    quoted: bool = False,
    after: str = "",
    open_items: list[int] | None = None,
    carry: list[tuple[int, str]] | None = None,
    avoid: str = "",
    other: bool = False,
) -> str:
    """A list's Markdown; ``after``: the Markdown of a list right before it (at the same quote
    depth), or ``avoid``: the character of the last top-level marker of the list before it
    (``-``, ``*``, ``.``, ``)``), whose items or code a blank line alone parts it from (a list of
    its own after code in an item of that list: ``NEW_LIST``). CommonMark reads two lists one
    after the other as one list when they use the same bullet or the same delimiter after their
    numbers, the blank line between them only making it loose (one list of paragraphs). Where they
    would, this list's top-level items take the other bullet (``*`` for ``-``) or delimiter (``1)``
    for ``1.``), which starts a list of its own in CommonMark and GFM alike (rather than an HTML
    comment ``<!-- -->`` between them, which a reader would show as a line of markup, and a language
    model read). ``other``: the list goes on from one whose top-level items take them, and so do its
    own. ``open_items`` and ``carry`` as for :func:`_items`."""
    start = list(open_items or ())
    widths = list(start)
    carried = list(carry) if carry is not None else None
    rendered = _items(block, quoted, other=other, widths=widths, carry=carried)
    last = [avoid] if avoid else [m[-1] for m in _TOP_MARKER.findall(after)]
    first = _TOP_MARKER.match(rendered)
    if not other and last and first and last[-1] == first.group()[-1]:
        widths = list(start)
        carried = list(carry) if carry is not None else None
        rendered = _items(block, quoted, other=True, widths=widths, carry=carried)
    if open_items is not None:
        open_items[:] = widths
    if carry is not None and carried is not None:
        carry[:] = carried
    return rendered


def _item(marker: str, text: str) -> str:
    """An item's escaped ``text`` behind its ``marker``; a bullet and a text of two or more of its
    marks ("- --", "* **") would be a thematic break, and the text's first is escaped."""
    if marker[0] in "-*" and _THEMATIC.fullmatch(marker + text.split("\n", 1)[0]):
        return marker + "\\" + text
    return marker + text


def _items(
    block: Block,
    quoted: bool,
    other: bool = False,
    widths: list[int] | None = None,
    carry: list[tuple[int, str]] | None = None,
) -> str:
    """A list's items; ``other``: its top-level items marked with the other bullet and delimiter
    (:func:`_list`). ``widths``: the marker widths of the items of a list written before that are
    still open (the list goes on after a table or code block in one of its items), each level's;
    left holding those of the items this list leaves open. ``carry``: the text items of a list
    written before show after their nested lists, still to write ((level, Markdown), written before
    the first item here of that level or above); left holding such text of this list's and those
    not written, for the caller to write (:func:`_document`), rather than written at its end."""
    if not block.items:
        bullet = "* " if other else "- "
        lines = block.text.split("\n")
        return "\n".join(
            _item(bullet, escape_text(line, item=True, quoted=quoted)) for line in lines if line.strip()
        )
    lines: list[str] = []
    if widths is None:
        widths = []  # marker width of the latest item at each level
    own_markers = bool(block.meta) and bool(block.meta.get(OWN_MARKERS))
    quotes: dict[int, list[tuple[int, int]]] = {}  # the quotes in each item's text (ITEM_QUOTES)
    breaks: dict[int, list[int]] = {}  # where a quote's paragraphs after its first start (ITEM_QUOTE_BREAKS)
    for k, start, end in (block.meta.get(ITEM_QUOTES) or ()) if block.meta else ():
        quotes.setdefault(k, []).append((start, end))
    for k, at in (block.meta.get(ITEM_QUOTE_BREAKS) or ()) if quotes else ():
        breaks.setdefault(k, []).append(at)
    paragraphs: dict[int, list[int]] = {}  # where an item's own paragraphs after its first start
    for k, at in (block.meta.get(ITEM_PARAGRAPHS) or ()) if block.meta and not own_markers else ():
        paragraphs.setdefault(k, []).append(at)
    headings: dict[int, dict[int, int]] = {}  # where an item's headings start, and their levels
    for k, at, end, level in (block.meta.get(ITEM_HEADINGS) or ()) if block.meta and not own_markers else ():
        if at < end:
            headings.setdefault(k, {})[at] = level
    # where the text an item shows under each of its nested lists starts, and the item it stands
    # before where another of its nested lists follows it, None where none does (ITEM_TAILS)
    tails: dict[int, list[tuple[int, int | None]]] = {}
    for k, at, *before in (block.meta.get(ITEM_TAILS) or ()) if block.meta and not own_markers else ():
        tails.setdefault(k, []).append((at, before[0] if before else None))
    # the Markdown of that text: the text after all of an item's nested items with the item's level,
    # written when they end; the text before another of its nested lists by that list's first item
    pending: list[tuple[int, str]] = list(carry) if carry else []
    ahead: dict[int, list[tuple[int, str]]] = {}
    # where in ``pending`` the first text stands that comes before the first item after this list's
    # items (a table or code block cuts the list right before the next nested list's first item): it
    # and the texts after it, of items nested in the items it shows after, end this list's part
    ends_part: int | None = None
    # a list opening below its first level (an OpenDocument list whose first item holds only a
    # list a level down): an empty item for each level above, as its source shows none, so that
    # its first items stay siblings, nested where they stand
    for depth in range(len(widths), min(block.items[0].level, 8)):
        lines.append(" " * sum(widths) + ("*" if other and not depth else "-"))
        widths.append(2)
    for k, item in enumerate(block.items):
        text = item.text
        if not item.ordered:
            marker = "- "
        elif not own_markers:
            marker = _number_marker(item)
        elif own := _OWN_NUMBER.match(text):
            marker, text = own.group(), text[own.end() :]
        else:
            marker = "- " if _OWN_MARKER.match(text) else "1. "
        level = min(item.level, len(widths))
        while pending and pending[-1][0] >= level:
            lines.extend(("", pending.pop()[1]) if lines else (pending.pop()[1],))
        between = ahead.pop(k, ()) if ahead else ()
        if between:
            # the text the item holding this item's list shows before that list: after the text still
            # to write of the items nested in its list before it (deeper than the item holding both)
            owner = between[0][0]
            while pending and pending[-1][0] > owner:
                lines.extend(("", pending.pop()[1]))
            for _, shown in between:
                lines.extend(("", shown))
            # the items after that text are in its item: an item of a list nested deeper than the next
            # level under an empty item for each level between, as a list opening below its first level
            # is, after a blank line (a "-" right under the text would underline it as a heading)
            del widths[owner + 1 :]
            empty = range(len(widths), min(item.level, 8))
            if empty:
                lines.append("")
            for _ in empty:
                lines.append(" " * sum(widths) + "-")
                widths.append(2)
            level = min(item.level, len(widths))
        if other and not level:
            marker = marker[:-2] + _OTHER_MARK[marker[-2]] + " "
        # the first item of a nested list (under an item of text: an empty one has no paragraph
        # a number other than 1 could not interrupt, and a blank line would end it)
        # (or of one under the text its parent item shows between two of its nested lists)
        deeper = (
            bool(lines) and (level == len(widths) or bool(between)) and not _BARE_MARKER.fullmatch(lines[-1])
        )
        del widths[level:]
        indent = " " * sum(widths)
        widths.append(len(marker))
        pieces = tails.get(k)
        cuts = (
            sorted(((at, ahead_of) for at, ahead_of in pieces if 0 <= at < len(text)), key=itemgetter(0))
            if pieces
            else ()
        )
        if cuts:  # its text under its nested lists: each piece after the items of the list before it
            # (one from 0: the item shows no text before its first nested list, its marker alone)
            spans = quotes.get(k, [])
            after = []
            now = []
            for (start, before), (end, _) in pairwise([*cuts, (len(text), None)]):
                shown = _quoting_item(
                    text[start:end],
                    [(a - start, b - start) for a, b in spans if start <= a and b <= end],
                    quoted,
                    [at - start for at in breaks.get(k, ()) if start <= at < end],
                    [at - start for at in paragraphs.get(k, ()) if start < at < end],
                    {at - start: n for at, n in headings.get(k, {}).items() if start <= at < end},
                )
                if not shown:
                    continue
                shown = re.sub(r"^(?=.)", indent + " " * len(marker), shown, flags=re.MULTILINE)
                if before is not None and k < before < len(block.items):
                    ahead.setdefault(before, []).append((level, shown))
                elif before is not None and before == len(block.items):
                    now.append(shown)
                else:
                    after.append(shown)
            if after:
                pending.append((level, "\n\n".join(after)))
            if now:  # above the text it shows after the items after this part
                ends_part = len(pending) if ends_part is None else ends_part
                pending.append((level, "\n\n".join(now)))
            text = text[: cuts[0][0]].rstrip()
            if spans:
                quotes[k] = [(start, end) for start, end in spans if end <= len(text)]
        if quotes.get(k) or paragraphs.get(k) or headings.get(k):
            # its paragraphs, headings and quotes under its marker, the blank lines between them bare
            text = _quoting_item(
                text, quotes.get(k, []), quoted, breaks.get(k, ()), paragraphs.get(k, ()), headings.get(k)
            )
            text = re.sub(r"\n(?=.)", "\n" + indent + " " * len(marker), text)
        else:
            text = escape_text(text, item=True, quoted=quoted)
            text = text.replace("\n", "\n" + indent + " " * len(marker))
        if deeper and (not text or marker[0].isdigit() and int(marker[:-2]) != 1):
            # a list starting at another number than 1 or with an empty item may not interrupt a
            # paragraph: one nested straight under its parent item's text would be read as more of
            # that text (a "-" alone under it as the underline of a heading)
            lines.append("")
        # an empty item (a web page's <li></li>, a Markdown "2." alone) its marker alone
        lines.append(indent + _item(marker, text) if text else indent + marker.rstrip())
    if carry is not None:
        while ends_part is not None and len(pending) > ends_part:
            lines.extend(("", pending.pop()[1]))
        carry[:] = pending
        return "\n".join(lines)
    while pending:
        lines.extend(("", pending.pop()[1]))
    return "\n".join(lines)


def _quoting_item(
    text: str,
    spans: list[tuple[int, int]],
    quoted: bool,
    breaks: Sequence[int] = (),
    paragraphs: Sequence[int] = (),
    headings: dict[int, int] | None = None,
) -> str:
    """The Markdown of an item's ``text`` that holds quotes (``spans``, :data:`ITEM_QUOTES`) or
    paragraphs (``paragraphs``, where each after the first starts: :data:`ITEM_PARAGRAPHS`), as
    written after its marker: its text before the first quote, each quote behind ``> ``, its
    paragraphs cut where ``breaks`` say (:data:`ITEM_QUOTE_BREAKS`) a line ``>`` apart, the text
    between and after them paragraphs of the item, cut where ``paragraphs`` say, a blank line
    between them; a paragraph starting where ``headings`` say (:data:`ITEM_HEADINGS`: its start, its
    level) a heading of that level (``- ### Title``)."""
    parts: list[str] = []

    def own(a: int, b: int) -> None:
        """The item's own text from ``a`` to ``b``, its paragraphs apart."""
        cuts = [a, *sorted(p for p in paragraphs if a < p < b), b]
        for start, end in pairwise(cuts):
            piece = text[start:end]
            level = headings.get(start + len(piece) - len(piece.lstrip())) if headings else None
            piece = piece.strip()
            if not piece:
                continue
            if level:
                parts.append("#" * min(max(level, 1), 6) + " " + _heading(piece))
            else:
                parts.append(escape_text(piece, item=not parts, quoted=quoted))

    at = 0
    for start, end in sorted(spans):
        if start < at or end > len(text) or start >= end:  # no quote of this text
            continue
        own(at, start)
        cuts = [start, *sorted(b for b in breaks if start < b < end), end]
        pieces = (text[a:b].strip() for a, b in pairwise(cuts))
        said = "\n\n".join(escape_text(p, quoted=True) for p in pieces if p)
        parts.append(_behind_marks(said, 1))
        at = end
    own(at, len(text))
    if not parts:
        parts.append(escape_text("", item=True, quoted=quoted))
    return "\n\n".join(parts)


def _number_marker(item: ListItem) -> str:
    """An ordered item's marker: its own number where it has one CommonMark can write (up to nine
    digits, not negative), else ``1.`` as for an item the source gives no number."""
    number = item.number
    if number is None or not 0 <= number <= 999_999_999:
        return "1. "
    return f"{number}. "


def _table(block: Block) -> str:
    if block.rows or block.header:
        header = [_cell(c) for c in block.header] if block.header is not None else None
        return render_table(header, [[_cell(c) for c in row] for row in block.rows])
    return block.text


def _fence(block: Block) -> str:
    runs = [len(m.group()) for m in re.finditer(r"`{3,}", block.text)]
    fence = "`" * max([3] + [n + 1 for n in runs])
    language = str(block.meta.get("language") or "")
    return f"{fence}{language}\n{block.text}\n{fence}"


def _sheets(doc: Document, list_images: bool) -> str:
    order: list[str] = []
    tables: dict[str, list[str]] = {}
    shown: set[str] = set()  # images shown where an embedded file's blocks stand
    last_list = None  # the sheet and place of an embedded file's list part last written
    hidden: set[str] = set()  # the sheets the workbook hides
    for block in doc.blocks:
        name = str(block.meta.get("sheet_name") or "Sheet")
        if name not in tables:
            order.append(name)
            tables[name] = []
        if block.meta.get(HIDDEN) is True:
            hidden.add(name)
        if block.meta.get("attachment"):
            # a file embedded in the sheet, read after it (its blocks carry the sheet's name):
            # rendered as a document is, its headings (``Embedded: name`` first) below the ``##``
            if block.kind == HEADING:
                block = replace(block, level=max(block.level, 1) + 2)
            depth = _depth(block)
            rendered = _behind_marks(_block(doc, block, list_images, depth > 0), depth)
            # a list in a quote stands behind its own marks after a blank line: a quote of its own
            is_list = block.kind == LIST and not depth
            if rendered:
                if is_list and last_list == (name, len(tables[name]) - 1):
                    rendered = _block(doc, block, list_images, after=tables[name][-1])
                tables[name].append(rendered)
                ends_list = is_list and not (list_images and block.images)
                last_list = (name, len(tables[name]) - 1) if ends_list else None
            if list_images:
                shown.update(block.images)
            continue
        tables[name].append(_table(block) if block.kind == TABLE else _paragraph(block, block.text))
        if block.kind == TABLE and block.images and not list_images:
            tables[name].append(" ".join(f"[Image: {image_label(doc, n)}]" for n in block.images))
    sections = []
    for name in order:
        body = [f"## {name}{HIDDEN_MARK if name in hidden else ''}", *tables[name]]
        if list_images:
            body += [
                _image_ref(im.alt, im.name)
                for im in doc.images
                if im.meta.get("sheet_name") == name and im.name not in shown
            ]
        sections.append("\n\n".join(body))
    return "\n\n---\n\n".join(sections)


# -- text that is not Markdown ---------------------------------------------------------------

#: white space at a line's ends: spaces and tabs, and form feeds and vertical tabs, which
#: pulldown-cmark takes for white space there too (two at a line's end make a line break)
_BLANK = " \t\f\v"
_ASCII_PUNCT = frozenset(string.punctuation)
_ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
#: the marks that start a block, followed by white space as ``_BLANK`` has it
_ATX = re.compile(r"#{1,6}(?:[ \t\f\v]|$)")
_ORDERED = re.compile(r"(\d{1,9})[.)](?:[ \t\f\v]|$)")
_THEMATIC = re.compile(r"([-*_])(?:[ \t\f\v]*\1){2,}[ \t\f\v]*")
_SETEXT = re.compile(r"(?:=+|-+)[ \t\f\v]*")
_DELIMITER_ROW = re.compile(r"\|?[ \t\f\v]*:?-+:?[ \t\f\v]*(?:\|[ \t\f\v]*:?-+:?[ \t\f\v]*)*\|?[ \t\f\v]*")
#: CommonMark's autolinks: a URL (a scheme, ``:``, no space) or an e-mail address in ``<>``
_AUTOLINK = re.compile(
    r"<(?:[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\x00-\x20\x7f<>]*|[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@"
    r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)>"
)
#: a ``<`` that may start inline HTML that a ``>`` ends (a tag or a declaration), in a quote,
#: where the next line's quote mark may be that ``>``: "x <y", "<<5>>", "<!5" and
#: "<http://example.org" do not (a tag's name ends in white space, ``/`` or ``>``). An
#: instruction, comment or CDATA section ends at ``?>``, ``-->`` or ``]]>``, which a quote
#: mark, at a line's start, never completes: in a quote as elsewhere, its end must follow
_HTML_TAG = re.compile(r"<(?:![A-Za-z]|/?[A-Za-z][A-Za-z0-9-]*(?:[\s/>]|$))")
#: inline HTML as a reader takes it, where a ``>`` follows: a whole open or closing tag (as
#: CommonMark writes them; white space as either reader has it: Unicode's between attributes, only
#: ASCII's ending an unquoted value), or the start of a comment, declaration, CDATA or
#: instruction. "<h it's >" and "a <b, c> d" hold no tag. An attribute's ``=`` at a line's end
#: before a line's ``>`` is one: that ``>`` gets a backslash, which a value may be ("a=\\>")
_ATTRIBUTE = (
    r"""\s+[A-Za-z_:][A-Za-z0-9_.:-]*(?:\s*=(?:\s*(?:[^ \t\n\r\f\v"'=<>`]+|'[^']*'|"[^"]*")"""
    r"|\s*\n[ \t\f\v]*(?=>)))?"
)
_INLINE_HTML = re.compile(
    r"<(?:\?|!(?:--|\[CDATA\[|[A-Za-z])|[A-Za-z][A-Za-z0-9-]*(?:" + _ATTRIBUTE + r")*\s*/?>"
    r"|/[A-Za-z][A-Za-z0-9-]*\s*>)"
)
#: the tags that start an HTML block at a line's start whatever follows on the line (CommonMark
#: 0.31's, and ``source`` of the versions before it)
_BLOCK_TAGS = (
    "address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|"
    "dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|"
    "hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|"
    "search|section|source|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul"
)
#: a line's start that starts an HTML block (CommonMark's conditions 1 to 6): a ``<pre``,
#: ``<script``, ``<style`` or ``<textarea`` tag, a comment, an instruction, a declaration, CDATA,
#: or one of the block tags ending there. The seventh, a whole tag alone on the line ("<b>"),
#: has its ``>``, and :func:`_inline` escapes it as a tag. So "<h it", "<hx", "<!5" stay text
_HTML_BLOCK = re.compile(
    r"<(?:\?|!(?:--|\[CDATA\[|[A-Za-z])|(?ai:pre|script|style|textarea)(?:[\s>]|$)"
    r"|/?(?ai:" + _BLOCK_TAGS + r")(?:[\s>]|/>|$))"
)
#: what may be inline syntax: a run of one mark, or a character that starts some where it
#: stands: a backslash before ASCII punctuation or a line's end, a link's ``](``, an entity, and
#: a ``<`` that may start a tag or an autolink (:func:`_inline` tells which; not "<<5>>"). Not
#: a run of ``_`` between letters or digits ("snake_case"): it can neither open nor close. The
#: lookahead first lets the search pass over other characters at once
_INLINE_MARK = re.compile(
    r"(?=[`*_~\\\]&<])(?:([`*~])\1*|_(?<!\w_)_*|_+(?!\w)|\\(?=[!-/:-@\[-`{-~\n])|\](?=\()"
    r"|&(?=" + _ENTITY.pattern[1:] + r")|<(?=[!?/A-Za-z]|[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@))"
)
_TASK = re.compile(r"\[[ xX]\](?:[ \t\f\v]|$)")
#: the characters a line's text may start a block with (:func:`_line_start`): a line that starts
#: with none of them starts none
_BLOCK_START = "`~-_*+>#<:=|[0123456789"


def escape_text(text: str, item: bool = False, quoted: bool = False) -> str:
    """``text`` as Markdown that reads back as its words: a backslash before each character that
    would otherwise be read as syntax, and before no other. Lines separated by a blank line are
    paragraphs of their own, as they would be in Markdown anyway. ``item``: the text of a list
    item, whose first line may not start with a task box (``[ ]``) either. ``quoted``: the text
    of a blockquote, each line after the first behind a ``>`` that pulldown-cmark may take for
    the end of an HTML tag begun on a line before ("0<!a" then "> 0" is a declaration to it), so
    a ``<`` that may start a tag or a declaration is escaped whether or not a ``>`` follows in
    the text (an instruction's, a comment's or CDATA's only where its end does, as elsewhere)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    paragraphs: list[list[str]] = [[]]
    for line in text.split("\n"):
        if line.strip(_BLANK):
            paragraphs[-1].append(line.rstrip(_BLANK))
        elif paragraphs[-1]:
            paragraphs.append([])
    return "\n\n".join(_escape_paragraph(lines, item, quoted) for lines in paragraphs if lines)


#: a mail's quote marks at a line's start (RFC 3676: ``>`` per level of quoting, written ``>>``
#: or ``> >``), and the space after them. Not after a space: RFC 3676 stuffs one before a line
#: that starts with ``>`` but quotes nothing, and mail clients show an indented ``>`` as text.
#: Marks set apart by a space are a deeper quote when a space or the line's end follows them
#: ("> > 50 mg" quotes "50 mg" twice); those against a word are settled by :func:`quote_ends`
_QUOTE = re.compile(r">+(?:[ \t]+>+(?=[ \t]|$))*")
#: the marks as far as a mark set apart by a space and against a word may go on with them
_QUOTE_LOOSE = re.compile(r">(?:[ \t]*>)*")


def quote_ends(lines: list[str], strict: re.Pattern[str], loose: re.Pattern[str]) -> list[int]:
    """Where each of a mail's ``lines`` ends its quote marks. A mark after a space with a word
    against it (the second ``>`` of "> >50 mg") is read as text ("50 mg" and more, quoted once;
    ``strict`` finds the marks without it), unless the line next to it (or to the lines written
    with the same marks around it) starts with the same marks written the same way and a space
    or its end after them: a writer's quote of a quote whose own text came right after its mark
    (">> >2: your text" above ">> >   wrapped on"). ``loose`` finds the marks with it."""
    ends = [m.end() if (m := strict.match(line)) else 0 for line in lines]
    # the lines whose marks go on after a space (few; a line ``strict`` finds no mark on has none)
    wider = {}
    for i in [i for i, end in enumerate(ends) if end]:
        further = loose.match(lines[i]).end()
        if further > ends[i]:
            wider[i] = further
    n = len(lines)
    starts = list(wider)  # in the order of the lines
    at = 0
    while at < len(starts):
        i = j = starts[at]
        marks = lines[i][: wider[i]]
        while j + 1 in wider and lines[j + 1][: wider[j + 1]] == marks:
            j += 1
        for k in (i - 1, j + 1):
            if 0 <= k < n and lines[k].startswith(marks) and ends[k] >= len(marks):
                ends[i : j + 1] = [wider[x] for x in range(i, j + 1)]
                break
        at += j - i + 1  # the run's lines are the next ones of ``starts``
    return ends


#: the deepest blockquote written: a quote quoted deeper is shown this deep, since readers stop
#: reading nested blocks somewhere past it (markdown-it's CommonMark preset drops the text of a
#: quote 20 deep), and its words count more than its depth
MAX_QUOTE_DEPTH = 10


def escape_mail_text(text: str, quoted: bool = False) -> str:
    """An e-mail's ``text`` as :func:`escape_text` writes it, but for its quoted lines: each run
    of lines quoted as deep is a blockquote as deep (``> > ``), its text escaped as a paragraph's
    is, so that it reads back as its words at the depth the mail shows them. A run of quoted
    lines among unquoted ones is a blockquote of its own after them and before the rest (a
    Markdown quote would otherwise take the lines after it for its own, and the lines before it
    could not hold it): "wrote:\\n> a\\nb" is "wrote:", the quote "a", then "b", as a mail client
    shows them, in the same words since only line breaks are where it is split. Quoted lines
    that hold no words (a bare ``>`` closing a link wrapped onto its own line) quote nothing and
    stay text. ``quoted``: the text stands in a blockquote of its own (an HTML mail's
    ``<blockquote>``), its unquoted lines escaped as a quote's too."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    parsed: list[tuple[int, str]] = []  # each line's depth, and its text without the marks
    for line, end in zip(lines, quote_ends(lines, _QUOTE, _QUOTE_LOOSE), strict=True):
        depth = min(line.count(">", 0, end), MAX_QUOTE_DEPTH)
        if end and line[end : end + 1] in (" ", "\t"):
            end += 1  # the space after the marks
        parsed.append((depth, line[end:]))
    # consecutive quoted lines without a word among them are text as they stand
    quoted_at = [depth > 0 for depth, _ in parsed]
    for quoted, group in groupby(range(len(lines)), key=quoted_at.__getitem__):
        at = list(group)
        if quoted and not any(parsed[i][1].strip(_BLANK) for i in at):
            parsed[at[0] : at[-1] + 1] = [(0, lines[i]) for i in at]
    runs = [(depth, [c for _, c in run]) for depth, run in groupby(parsed, key=itemgetter(0))]
    out: list[str] = []
    last = 0  # the depth of the run last written
    for depth, run in runs:
        escaped = escape_text("\n".join(run), quoted=quoted or depth > 0)
        if not escaped:  # blank lines of a quote: the blank line between its runs stands for them
            continue
        if out:
            # a line quoted only as deep as both runs ends the deeper one (else a quote's lines
            # would run on into the deeper quote's paragraph) and parts the paragraphs
            out.append(("> " * min(last, depth)).rstrip())
        prefix = "> " * depth
        out.extend(prefix + line if line else prefix.rstrip() for line in escaped.split("\n"))
        last = depth
    return "\n".join(out)


def _heading(text: str) -> str:
    """A heading's text (one line) escaped: its inline syntax, and a closing run of ``#``, which
    Markdown takes off a heading ("Issue #" would read "Issue")."""
    escaped = set(_inline(text, set()))
    if closing := re.search(r"(?:^|[ \t])(#+)$", text):
        escaped.add(closing.start(1))
    return _backslashed(text, escaped)


def _cell(value: object) -> str:
    """A table cell's text on one line, as ``render_table`` writes it, its inline syntax escaped
    (a cell holds no blocks)."""
    text = " ".join(str(value).split())
    return _backslashed(text, set(_inline(text, set())))


def _backslashed(text: str, escaped: set[int]) -> str:
    if not escaped:
        return text
    # sliced between the escaped places rather than rebuilt a character at a time
    parts = []
    last = 0
    for i in sorted(escaped):
        parts += text[last:i], "\\"
        last = i
    return "".join(parts) + text[last:]


def _escape_paragraph(lines: list[str], item: bool, quoted: bool = False) -> str:
    # Markdown cannot indent a paragraph: four spaces or a tab before its first line make it a
    # code block, shown verbatim in a fixed font and, to a reader or a language model, code. So
    # the indentation the paragraph shares is taken off, and the first line starts flush; the
    # lines after it keep what is left of theirs (a mail's "Name:\tvalue" lines below a label),
    # which a Markdown reader skips there and a person reading the Markdown still sees
    text = "\n".join(lines)
    if all(line[0] in " \t" for line in lines):  # else they share none (no line is blank)
        text = textwrap.dedent(text)
    text = text.lstrip(_BLANK)
    escaped: set[int] = set()
    start = 0
    for line in text.split("\n"):
        content = line.lstrip(_BLANK)
        if content[0] in _BLOCK_START:  # else the line starts no block
            escaped.update(_line_start(text, start + len(line) - len(content), content, start == 0, item))
        start += len(line) + 1
    escaped.update(_inline(text, escaped, quoted))
    return _backslashed(text, escaped)


#: a footnote definition's start to pulldown-cmark ("[^1]:"), which, unlike a link reference
#: definition, ends the paragraph before it
_FOOTNOTE_DEFINITION = re.compile(r"\[\^[^\]\s]+\]:")


def _line_start(text: str, at: int, content: str, first: bool, item: bool) -> list[int]:
    """Where a backslash goes so that a line whose text after its indentation is ``content`` (at
    ``at`` in ``text``) starts no block: a heading, list item, quote, fence, thematic break, HTML
    block, setext underline, table delimiter row, fenced div (pandoc's ``:::``, as the notes are
    written), a footnote definition, and on the first line a link reference definition or, in a
    list item, a task box. Only an item numbered 1 can break into a paragraph, so "in\\n2019. Then" keeps its line as
    it is."""
    c = content[0]
    starts = (
        (c in "`~" and content.startswith(c * 3))  # a fence
        or _THEMATIC.fullmatch(content)
        or c == ">"  # a quote
        or (c in "-+*" and (content[1:2] or " ") in _BLANK)  # a list item
        or (c == "#" and _ATX.match(content))
        or (c == "<" and _HTML_BLOCK.match(content))
        or content.startswith(":::")
        or (not first and _SETEXT.fullmatch(content))
        or (not first and _DELIMITER_ROW.fullmatch(content))  # "|"-less under a one-column head
        or (first and c == "[" and ("]:" in text or (item and _TASK.match(content))))
        or (c == "[" and _FOOTNOTE_DEFINITION.match(content))  # breaks a paragraph in pulldown-cmark
    )
    if starts:
        return [at]
    if (m := _ORDERED.match(content)) and (first or int(m.group(1)) == 1):
        return [at + m.end(1)]
    return []


def _inline(text: str, escaped: set[int], quoted: bool = False) -> list[int]:
    """Where a backslash goes so that nothing in ``text`` is read as inline syntax (a mark
    ``escaped`` at a line's start is text): a backslash before punctuation or a line's end,
    a code span (two runs of backticks as long), emphasis or strikethrough (a run of ``*``,
    ``_`` or ``~`` that can open before one that can close), a link's ``](``, an HTML tag (a
    ``<`` that starts one, and a ``>`` after it), an entity (``&amp;``). So "snake_case",
    "2 * 3", "a footnote*" and "C:\\Users" stay as they are.

    An autolink (``<ana@example.org>``, ``<https://example.org/a_b>``) is left as it is, the
    characters in it too: a Markdown reader shows its address as a link, and a mail's "From: Ana
    <ana@example.org>" reads as it did, a backtick in it too. Not one with an entity in it, which
    a reader would show as its character; its ``<`` is escaped."""
    out: list[int] = []
    runs: list[tuple[str, int, int]] = []
    last_gt = len(text) if quoted else text.rfind(">")
    n = len(text)
    after = 0  # the end of the autolink last passed over
    links: list[tuple[int, int]] = []  # the autolinks left as they are
    for m in _INLINE_MARK.finditer(text):
        i, j = m.span()
        if i < after:
            continue
        c = text[i]
        if c in "`*_~":
            if i in escaped:  # escaped at a line's start ("\\___"): the rest is a run of its own
                i += 1
            if i < j:
                runs.append((c, i, j))
        elif c != "<":
            out.append(i)
        elif i not in escaped and (end := _autolink(text, i)):
            after = end
            links.append((i, end))
        elif i < last_gt and (
            (quoted and _HTML_TAG.match(text, i)) or _inline_html(text, i) or _AUTOLINK.match(text, i)
        ):
            # a tag, or an autolink not left as it is (passed over above): escaped. In a quote,
            # a tag's or a declaration's start: the ">" of a line's quote marks may end it
            out.append(i)
    if not runs:
        return out
    # a backslash does not work inside a code span: an escaped backtick still closes a span that
    # an earlier one opens. So when two runs are as long (or a fence was escaped), every backtick
    # of the paragraph is escaped; else none is ("don`t" stays). A run in an autolink counts too,
    # since one as long before the link would open a span it closes ("`a <http://b`c>"), but it is
    # not escaped: a backslash there is part of the address
    ticks = [j - i for c, i, j in runs if c == "`"]
    linked = {len(m.group()) for i, j in links for m in re.finditer("`+", text[i:j])}
    if len(set(ticks)) < len(ticks) or linked.intersection(ticks) or "`" in (text[i] for i in escaped):
        linking = {k for i, j in links for k in range(i, j)}
        out.extend(i for i, c in enumerate(text) if c == "`" and i not in linking)
    for mark in "*_~":
        flanking = []
        opened = closed = False
        for c, i, j in runs:
            if c == mark:
                opens, closes = _delimiter(mark, text[i - 1] if i else "", text[j] if j < n else "")
                if opens or closes:
                    flanking.append((i, j))
                closed = closed or closes and opened
                opened = opened or opens
        if closed:
            for i, j in flanking:
                out.extend(range(i, j))
    return out


#: where the inline HTML that starts with ``<?``, ``<!--``, ``<![CDATA[`` or ``<!`` and a letter
#: ends, the search for it beginning past the start: a processing instruction's ``?>``, a
#: comment's ``-->`` (CommonMark 0.31 takes "<!-->" and "<!--->" for whole comments, so the
#: search starts at the second dash), a CDATA section's ``]]>`` (pulldown-cmark ends one at
#: ``]>`` already: "<![CDATA[ a ]> b" is HTML to it), a declaration's ``>``
_HTML_ENDS = (("<?", "?>", 2), ("<!--", "-->", 2), ("<![CDATA[", "]>", 9), ("<!", ">", 3))


def _inline_html(text: str, i: int) -> bool:
    """Whether the ``<`` at ``text[i]`` starts inline HTML as a reader takes it: a whole tag, or
    an instruction, comment, CDATA section or declaration whose end follows in the paragraph.
    Without its end each is text ("<?php", "a <!-- b > c"), and its ``<`` stays as it is."""
    if text[i + 1 : i + 2] not in ("!", "?"):
        return _INLINE_HTML.match(text, i) is not None
    for start, end, skip in _HTML_ENDS:
        if text.startswith(start, i):
            if start == "<!" and not (text[i + 2 : i + 3].isascii() and text[i + 2 : i + 3].isalpha()):
                return False  # "<!5 x>", "<!- x>": no declaration
            return text.find(end, i + skip) >= 0
    return False


def _autolink(text: str, i: int) -> int:
    """Where the autolink at ``text[i]`` ends, or 0: none there, or one with an entity in it,
    which a reader would show as the character, or one that markdown-it shows otherwise than
    written (:func:`_shown_as_written`)."""
    if not text[i + 1 : i + 2].isascii() or not text[i + 1 : i + 2].isalnum():
        return 0  # "<!--a@b.c>" is an HTML comment to a reader, "<?a@b.c>" an instruction
    link = _AUTOLINK.match(text, i)
    if link and not _ENTITY.search(link.group()) and _shown_as_written(link.group()[1:-1]):
        return link.end()
    return 0


@lru_cache(maxsize=1024)
def _shown_as_written(address: str) -> bool:
    """Whether markdown-it reads ``<address>`` as a link showing ``address`` as it stands. It
    refuses a link to a script or a file ("<javascript:*a*>", whose ``*a*`` it then reads as
    emphasis) and shows an address decoded ("<http://a%41>" as "http://aA", a host's punycode
    as its letters). Such an autolink is escaped as text is, which both readers show as written."""
    from markdown_it.common.normalize_url import normalizeLink, normalizeLinkText, validateLink

    url = address if ":" in address else "mailto:" + address  # an e-mail address has no ":"
    return validateLink(normalizeLink(url)) and normalizeLinkText(address) == address


#: white space to readers though not to CommonMark: a vertical tab (to markdown-it and
#: pulldown-cmark), and NEL and the line and paragraph separators (to pulldown-cmark)
_WIDE_SPACE = "\x0b\x85\u2028\u2029"


def _is_space(c: str, wide: bool) -> bool:
    """Unicode whitespace as CommonMark has it, ``wide`` as readers have it too; a line's start
    or end counts as one."""
    return not c or c in " \t\n\r\f" or wide and c in _WIDE_SPACE or unicodedata.category(c) == "Zs"


def _is_punct(c: str, symbols: bool) -> bool:
    category = unicodedata.category(c) if c else ""
    return c in _ASCII_PUNCT or category.startswith("P") or symbols and category.startswith("S")


@lru_cache(maxsize=4096)  # a text's runs stand between few distinct characters
def _delimiter(mark: str, before: str, after: str) -> tuple[bool, bool]:
    """Whether a run of ``mark`` between ``before`` and ``after`` can open and close emphasis
    (CommonMark's flanking rules), under either of the spec's readings of punctuation (0.31
    counts symbols such as ``€`` too, readers of earlier versions do not) and of white space
    (``_WIDE_SPACE``): escaped when any would read it as emphasis. ``~`` (strikethrough) as
    ``*``, and less strictly still."""
    opens = closes = False
    for symbols, wide in product((False, True), repeat=2):
        space_before, space_after = _is_space(before, wide), _is_space(after, wide)
        punct_before, punct_after = _is_punct(before, symbols), _is_punct(after, symbols)
        left = not space_after and (not punct_after or space_before or punct_before)
        right = not space_before and (not punct_before or space_after or punct_after)
        if mark == "_":
            opens = opens or left and (not right or punct_before)
            closes = closes or right and (not left or punct_after)
        elif mark == "*":
            opens, closes = opens or left, closes or right
        else:  # strikethrough is GFM's: pulldown-cmark opens and closes it with any flanking run
            opens = closes = opens or left or right
    return opens, closes
