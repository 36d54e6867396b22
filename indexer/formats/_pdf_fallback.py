"""The slow path for files pdfium refuses: pdfminer (through pdfplumber) reads what it can.

pdfium rejects some damaged files outright ("data format error") that pdfminer's more lenient
parser still reads, e.g. a linearized file whose cross-reference streams are broken. This path has
no font-size headings, tables or images: page text is split into paragraphs at lines that end a
sentence, every block keeps its page, and the coverage says which path read the file. The files
the PDF holds (attached to its pages, in its embedded-files list) are read as on the pdfium path.

It also reads single pages whose text pdfium gives only in part (:func:`plumber_lines`): pdfium
gives nothing for a text object drawing a single character in some CID fonts that pdfminer maps,
such as a Chinese font left unembedded with a predefined CMap (``GBK-EUC-H``) and no ToUnicode
table (docs/pdf.md).
"""

from __future__ import annotations

import io
import math
import re

from .. import errors
from ..limits import ExtractContext
from ..model import PARAGRAPH, Block, Coverage, Document, assemble
from ._attached import text_chars
from ._encrypted import pdf_password
from ._pdf_layout import PageGeometry, join_lines
from ._pdf_lines import Line, clean

_ENDS = (".", "!", "?", ":", ";")


def extract_with_pdfminer(data: bytes, ctx: ExtractContext, name: str, reason: str) -> Document:
    """A Document read by pdfminer, or ParseError / Encrypted / OcrRequired / DocumentLimit."""
    import pdfplumber

    password = pdf_password(ctx) or ""
    try:
        pdf = pdfplumber.open(io.BytesIO(data), password=password)
    except Exception as exc:  # pdfminer raises many types on damaged files; all mean "unreadable"
        if "password" in type(exc).__name__.lower():
            raise errors.Encrypted(f"{name}: the PDF is password-protected") from None
        raise errors.ParseError(f"{name}: not a readable PDF ({reason})") from None
    with pdf:
        try:
            pages = pdf.pages
        except Exception:  # a page tree pdfminer cannot walk either
            raise errors.ParseError(f"{name}: not a readable PDF ({reason})") from None
        total = len(pages)
        if total == 0:
            raise errors.ParseError(f"{name}: not a readable PDF ({reason}); no pages found")
        if total > ctx.limits.max_pages:
            raise errors.DocumentLimit(
                f"{name}: {total:,} pages, over the {ctx.limits.max_pages:,}-page limit"
            )
        blocks: list[Block] = []
        empty: list[int] = []
        warnings = [f"pdfium could not read the file ({reason}); read by pdfminer without layout analysis"]
        chars = 0
        attached: list[tuple[int, str, bytes | None]] = []
        for number, page in enumerate(pages, start=1):
            attached += [(number, n, d) for n, d in _page_files(page, ctx.limits.max_document_bytes)]
            try:
                # a fake-bold line is drawn twice, a fraction of a point apart: one copy is kept
                text = page.dedupe_chars().extract_text() or ""
            except Exception as exc:  # one damaged page: keep the others
                warnings.append(f"page {number} could not be read ({type(exc).__name__})")
                text = ""
            chars += len(text)
            if chars > ctx.limits.max_text_chars:
                raise errors.DocumentLimit(f"{name}: over {ctx.limits.max_text_chars:,} characters of text")
            paragraphs = _paragraphs(text)
            if not paragraphs:
                empty.append(number)
            blocks += [Block(PARAGRAPH, p, page=number) for p in paragraphs]
        if not blocks:
            raise errors.OcrRequired(f"{name}: no text layer on any of its {total} pages")
        embedded = _embedded_files(pdf.doc, ctx.limits.max_document_bytes)
    from .pdf import read_held  # (the pdfium path imports this module)

    held = read_held(attached, embedded, ctx, text_chars(blocks))
    coverage = Coverage(
        pages_total=total,
        pages_with_text=total - len(empty),
        empty_pages=tuple(empty),
        attachments_indexed=tuple(held.indexed),
        headers_footers_removed=tuple(held.removed),
        images_extracted=len(held.images),
        skipped=tuple(held.skipped),
        warnings=tuple(warnings + held.warnings),
        notes=tuple(held.notes),
    )
    return assemble(
        "pdf",
        blocks + held.blocks,
        images=tuple(held.images),
        metadata={"source_type": "pdf", "total_pages": total},
        coverage=coverage,
    )


def _page_files(page, max_bytes: int) -> list[tuple[str, bytes | None]]:
    """The name and data of the files a pdfplumber page's file attachment annotations hold (data
    None when it cannot be read or passes ``max_bytes``)."""
    from pdfminer.pdftypes import resolve1

    from .pdf import MAX_ANNOTATIONS

    files: list[tuple[str, bytes | None]] = []
    try:
        annots = resolve1(page.page_obj.annots)
        for annot in annots[:MAX_ANNOTATIONS] if isinstance(annots, list) else ():
            annot = resolve1(annot)
            if isinstance(annot, dict) and _is_name(resolve1(annot.get("Subtype")), "FileAttachment"):
                name, data = _file_spec(annot.get("FS"), max_bytes)
                files.append((name or f"file attachment {len(files) + 1}", data))
    except Exception:  # pdfminer raises many types on damaged objects: these files are lost
        pass
    return files


def _embedded_files(doc, max_bytes: int) -> list[tuple[str, bytes | None]]:
    """The name and data of the files in a pdfminer document's embedded-files name tree."""
    from pdfminer.pdftypes import resolve1

    from .pdf import MAX_ANNOTATIONS

    specs: list[object] = []
    try:
        names = resolve1(doc.catalog.get("Names"))
        todo = [(resolve1(names.get("EmbeddedFiles")), 0)] if isinstance(names, dict) else []
        while todo and len(specs) < MAX_ANNOTATIONS:
            node, depth = todo.pop()
            if not isinstance(node, dict) or depth > _TREE_DEPTH:
                continue
            pairs = resolve1(node.get("Names"))
            if isinstance(pairs, list):
                specs += pairs[1::2]
            kids = resolve1(node.get("Kids"))
            if isinstance(kids, list):
                todo += [(resolve1(kid), depth + 1) for kid in reversed(kids)]
    except Exception:  # a damaged name tree costs only the files not reached
        pass
    files = []
    for i, spec in enumerate(specs[:MAX_ANNOTATIONS]):
        try:
            name, data = _file_spec(spec, max_bytes)
        except Exception:  # a damaged file specification: named as pdfium names it
            name, data = "", None
        files.append((name or f"attachment {i + 1}", data))
    return files


#: Levels of a name tree walked, at most (a loop in a damaged file ends there).
_TREE_DEPTH = 32


def _file_spec(spec, max_bytes: int) -> tuple[str, bytes | None]:
    """A file specification's name and its embedded file's bytes (None when it embeds none, or
    more than ``max_bytes`` by its declared size or once decoded)."""
    from pdfminer.pdftypes import PDFStream, resolve1
    from pdfminer.utils import decode_text

    spec = resolve1(spec)
    if isinstance(spec, bytes):  # only the name of a file outside the PDF
        return clean(decode_text(spec)), None
    if not isinstance(spec, dict):
        return "", None
    raw = resolve1(spec.get("UF")) or resolve1(spec.get("F"))
    name = " ".join(clean(decode_text(raw)).split()) if isinstance(raw, bytes) else ""
    files = resolve1(spec.get("EF"))
    stream = resolve1(files.get("UF") or files.get("F")) if isinstance(files, dict) else None
    if not isinstance(stream, PDFStream):
        return name, None
    params = resolve1(stream.get("Params"))
    size = resolve1(params.get("Size")) if isinstance(params, dict) else resolve1(stream.get("DL"))
    if isinstance(size, int) and size > max_bytes:
        return name, None
    data = stream.get_data()
    return name, data if len(data) <= max_bytes else None


def _is_name(value: object, name: str) -> bool:
    return getattr(value, "name", None) == name


def _paragraphs(text: str) -> list[str]:
    out: list[str] = []
    current: list[str] = []
    for raw in text.splitlines():
        line = clean(raw)
        if not line:
            if current:
                out.append(join_lines(current))
                current = []
            continue
        current.append(line)
        if line.endswith(_ENDS) and len(line) < 60:
            out.append(join_lines(current))
            current = []
    if current:
        out.append(join_lines(current))
    return out


#: what pdfminer writes for a character code its font gives no Unicode for
_CID = re.compile(r"\(cid:\d+\)")


def plumber_lines(page, number: int, geo: PageGeometry) -> list[Line]:
    """The text lines of a pdfplumber page (duplicate overlapping characters dropped, as pdfium
    drops them) as pdfium's lines are given: PDF user space, y growing upwards from the media
    box's ``geo``. Unmapped ``(cid:N)`` codes are left out."""
    out: list[Line] = []
    for found in page.dedupe_chars().extract_text_lines(return_chars=True, strip=True):
        text = clean(_CID.sub("", found["text"]))
        chars = found["chars"]
        if not text or not chars:
            continue
        first, last = chars[0], chars[-1]
        fonts = (str(first.get("fontname", "")).lower(), str(last.get("fontname", "")).lower())
        out.append(
            Line(
                page=number,
                text=text,
                size=float(first.get("size") or 0.0),
                bold=all("bold" in f for f in fonts),
                left=geo.left + float(found["x0"]),
                right=geo.left + float(found["x1"]),
                top=geo.top - float(found["top"]),
                base=geo.top - float(first["bottom"]),
                last_base=geo.top - float(last["bottom"]),
                angle=0.0 if first.get("upright", True) else math.pi / 2,
            )
        )
    return out


def visible(lines: list[Line]) -> int:
    """Characters of the lines other than whitespace."""
    return sum(len("".join(ln.text.split())) for ln in lines)
