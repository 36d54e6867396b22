"""Helpers shared by the text-family format tests."""

from __future__ import annotations

from pathlib import Path

from markdown_it import MarkdownIt

from indexer import model
from indexer.limits import ExtractContext

SAMPLES = Path(__file__).resolve().parents[3] / "sample_corpus" / "text"
CTX = ExtractContext()


def source_lines(doc: model.Document, block: model.Block) -> list[str]:
    """The lines of ``doc.text`` a block says it came from."""
    first, last = block.lines
    return doc.text.split("\n")[first - 1 : last]


def assert_lines_valid(doc: model.Document) -> None:
    """Every block has a 1-based, inclusive, in-range line span."""
    count = doc.text.count("\n") + 1
    for block in doc.blocks:
        assert block.lines is not None, block
        first, last = block.lines
        assert 1 <= first <= last <= count, (block.kind, block.lines, count)


def kinds(doc: model.Document) -> list[str]:
    return [b.kind for b in doc.blocks]


def item_summary(blocks) -> list[tuple]:
    """Each block's kind, lines, and text, or for a list its items' texts and levels."""
    return [
        (b.kind, b.lines, [(i.text, i.level) for i in b.items] if b.kind == model.LIST else b.text)
        for b in blocks
    ]


def prose_pdf(lines: list[str], *, top: float = 700, pitch: float = 12, size: float = 10) -> bytes:
    """A one-page PDF of ``lines`` in Helvetica ``size`` at x = 72, the first baseline at ``top``,
    each next one ``pitch`` lower."""
    import io

    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.setFont("Helvetica", size)
    for n, text in enumerate(lines):
        c.drawString(72, top - pitch * n, text)
    c.showPage()
    c.save()
    return buf.getvalue()


#: the CommonMark reader with GFM's tables
_GFM = MarkdownIt("commonmark").enable("table")


def gfm_structure(markdown: str) -> list[tuple[int, str]]:
    """(how many list items hold it, what) of each list item opened, table, code block and
    paragraph's text GFM (markdown-it with tables) reads in ``markdown``."""
    out: list[tuple[int, str]] = []
    depth = 0
    tokens = _GFM.parse(markdown)
    for i, token in enumerate(tokens):
        if token.type == "list_item_open":
            out.append((depth, "item"))
            depth += 1
        elif token.type == "list_item_close":
            depth -= 1
        elif token.type == "table_open":
            out.append((depth, "table"))
        elif token.type in ("fence", "code_block"):
            out.append((depth, "code"))
        elif token.type == "inline" and tokens[i - 1].type == "paragraph_open":
            out.append((depth, token.content))
    return out
