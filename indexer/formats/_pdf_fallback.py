"""The slow path for files pdfium refuses: pdfminer (through pdfplumber) reads what it can.

pdfium rejects some damaged files outright ("data format error") that pdfminer's more lenient
parser still reads, e.g. a linearized file whose cross-reference streams are broken. This path has
no font-size headings, tables or images: page text is split into paragraphs at lines that end a
sentence, every block keeps its page, and the coverage says which path read the file.
"""

from __future__ import annotations

import io

from .. import errors
from ..limits import ExtractContext
from ..model import PARAGRAPH, Block, Coverage, Document, assemble
from ._pdf_layout import join_lines
from ._pdf_lines import clean

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
                text = page.extract_text() or ""
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
