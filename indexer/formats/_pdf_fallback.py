"""The slow path for files pdfium refuses: pdfminer (through pdfplumber) reads what it can.

pdfium rejects some damaged files outright ("data format error") that pdfminer's more lenient
parser still reads, e.g. a linearized file whose cross-reference streams are broken. This path has
no font-size headings, tables or images: page text is split into paragraphs at lines that end a
sentence, every block keeps its page, and the coverage says which path read the file.

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
from ._pdf_layout import PageGeometry, join_lines
from ._pdf_lines import Line, clean

_ENDS = (".", "!", "?", ":", ";")


def extract_with_pdfminer(data: bytes, ctx: ExtractContext, name: str, reason: str) -> Document:
    """A Document read by pdfminer, or ParseError / Encrypted / OcrRequired / DocumentLimit."""
    import pdfplumber

    password = ctx.option("pdf_password") or ""
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
        for number, page in enumerate(pages, start=1):
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
    coverage = Coverage(
        pages_total=total,
        pages_with_text=total - len(empty),
        empty_pages=tuple(empty),
        warnings=tuple(warnings),
    )
    return assemble("pdf", blocks, metadata={"source_type": "pdf", "total_pages": total}, coverage=coverage)


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
