"""A Document rendered as Markdown (``get_markdown``).

Markdown and plain-text sources come back as their own (normalised) text, but for a text
document with pictures (a card's photo or logo): it renders as the other documents do, so that
its pictures are referenced by name with ``list_images``. Other documents render block by
block: ``#`` headings, paragraphs, ``-``/``1.`` lists indented two spaces per level, pipe
tables, fenced code, images as ``[Image: alt]`` (or ``![alt](name)`` with ``list_images``),
``---`` where the page changes (PDF, slides), and a presentation's speaker notes in a
``::: notes`` fenced div (pandoc's way of writing them). Spreadsheets give ``## SheetName`` and a pipe table per
sheet, sheets separated by ``---``, a file embedded in a sheet after it as a document's blocks,
its headings below the sheet's; CSV gives one pipe table.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .model import (
    CODE,
    CSV,
    HEADING,
    IMAGE,
    LIST,
    NOTES,
    OWN_MARKERS,
    SPREADSHEET,
    TABLE,
    Block,
    Document,
    render_table,
)
from .modes._common import image_label, with_markers, without_markers

AS_IS = ("md", "markdown", "txt")


def render_markdown(doc: Document, list_images: bool = False) -> str:
    if doc.family == SPREADSHEET:
        out = _sheets(doc, list_images)
    elif doc.family == CSV:
        out = "\n\n".join(_table(b) if b.kind == TABLE else b.text for b in doc.blocks)
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
    page = None
    notes = False  # inside a ::: notes div
    for block in doc.blocks:
        is_notes = bool(block.meta) and bool(block.meta.get(NOTES))
        new_page = block.page is not None and block.page != page
        if notes and (new_page or not is_notes):
            parts.append(":::")
            notes = False
        if new_page:
            if page is not None:
                parts.append("---")
            page = block.page
            parts.extend(by_page.pop(page, []))
        rendered = _block(doc, block, list_images)
        if rendered:
            if is_notes and not notes:
                parts.append("::: notes")
                notes = True
            parts.append(rendered)
    if notes:
        parts.append(":::")
    for refs in by_page.values():
        parts.extend(refs)
    parts.extend(loose)
    return "\n\n".join(parts)


def _image_ref(alt: str | None, name: str) -> str:
    alt = " ".join((alt or "").split()).replace("]", "\\]")
    return f"![{alt}]({name})"


def _block(doc: Document, block: Block, list_images: bool) -> str:
    if block.kind == HEADING:
        return "#" * min(max(block.level, 1), 6) + " " + " ".join(block.text.split())
    if block.kind == LIST:
        body = _list(block)
    elif block.kind == TABLE:
        body = _table(block)
    elif block.kind == CODE:
        body = _fence(block)
    elif block.kind == IMAGE and not (list_images and block.images):
        return with_markers(doc, block)
    elif list_images and block.images:
        body = "" if block.kind == IMAGE else without_markers(block.text)
    else:
        body = with_markers(doc, block)
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


def _list(block: Block) -> str:
    if not block.items:
        return "\n".join("- " + line.strip() for line in block.text.split("\n") if line.strip())
    lines = []
    widths: list[int] = []  # marker width of the latest item at each level
    own_markers = bool(block.meta) and bool(block.meta.get(OWN_MARKERS))
    for item in block.items:
        text = item.text
        if not item.ordered:
            marker = "- "
        elif not own_markers:
            marker = "1. "
        elif own := _OWN_NUMBER.match(text):
            marker, text = own.group(), text[own.end() :]
        else:
            marker = "- " if _OWN_MARKER.match(text) else "1. "
        level = min(item.level, len(widths))
        del widths[level:]
        indent = " " * sum(widths)
        widths.append(len(marker))
        text = text.replace("\n", "\n" + indent + " " * len(marker))
        lines.append(indent + marker + text)
    return "\n".join(lines)


def _table(block: Block) -> str:
    if block.rows or block.header:
        return render_table(block.header, block.rows)
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
    for block in doc.blocks:
        name = str(block.meta.get("sheet_name") or "Sheet")
        if name not in tables:
            order.append(name)
            tables[name] = []
        if block.meta.get("attachment"):
            # a file embedded in the sheet, read after it (its blocks carry the sheet's name):
            # rendered as a document is, its headings (``Embedded: name`` first) below the ``##``
            if block.kind == HEADING:
                block = replace(block, level=max(block.level, 1) + 2)
            rendered = _block(doc, block, list_images)
            if rendered:
                tables[name].append(rendered)
            if list_images:
                shown.update(block.images)
            continue
        tables[name].append(_table(block) if block.kind == TABLE else block.text)
        if block.kind == TABLE and block.images and not list_images:
            tables[name].append(" ".join(f"[Image: {image_label(doc, n)}]" for n in block.images))
    sections = []
    for name in order:
        body = [f"## {name}", *tables[name]]
        if list_images:
            body += [
                _image_ref(im.alt, im.name)
                for im in doc.images
                if im.meta.get("sheet_name") == name and im.name not in shown
            ]
        sections.append("\n\n".join(body))
    return "\n\n---\n\n".join(sections)
