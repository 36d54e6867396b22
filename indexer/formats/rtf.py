"""Rich Text Format (.rtf), converted to text with striprtf.

Before conversion, paragraph marks inside table rows (``\\trowd`` … ``\\row``) become spaces, so a
cell holding several paragraphs stays one cell; striprtf then renders each row as ``a|b|c|``.
The text is read line by line: runs of table rows become a table block, lines that start with a
list marker (``1.``/``a)`` or a bullet, then a tab) become a list, every other line a paragraph.
Document metadata ``{source_type, title, author}`` comes from the ``\\info`` group. RTF has no
reliable heading markup once styles are stripped, so no headings are reported; embedded pictures
are counted as skipped images (not extracted).
"""

from __future__ import annotations

import codecs
import re

from ..errors import EmptyExtraction, ParseError
from ..limits import ExtractContext
from ..model import (
    LIST,
    PARAGRAPH,
    TABLE,
    Block,
    Coverage,
    Document,
    ListItem,
    Skipped,
    assemble,
    render_list,
    render_table,
)
from .registry import extractor

_CODEPAGE = re.compile(rb"\\ansicpg(\d{3,5})")
_ROW = re.compile(r"\\trowd.*?\\row(?![a-z])", re.S)
_PAR = re.compile(r"\\par(?![a-z])")
_INFO_FIELD = {key: re.compile(r"\{\\" + key + r"(?![a-z])\s?([^{}]*)\}") for key in ("title", "author")}
_SPECIAL = re.compile(r"[{}\\]")
_GROUP_START = re.compile(r"\{\\(?:\*\\)?(pict|objdata)(?![a-z])")
_ITEM = re.compile(r"^\s*(?:(\d{1,3}|[a-zA-Z]|[ivxlc]{1,6})[.)]|([•·◦▪\-*o§]))\s*\t\s*(.*)$")


def _encoding(raw: bytes) -> str:
    m = _CODEPAGE.search(raw[:4096])
    if m:
        name = f"cp{int(m.group(1))}"
        try:
            codecs.lookup(name)
            return name
        except LookupError:
            pass
    return "cp1252"


def _strip_groups(rtf: str) -> tuple[str, int]:
    """Remove picture and embedded-object data groups (``{\\pict …}``, ``{\\*\\objdata …}``) with
    one linear scan; returns the rest and the number of pictures removed. Their hex payloads are
    most of a file's bytes and carry no text."""
    out: list[str] = []
    pos = 0
    pictures = 0
    while True:
        start = _GROUP_START.search(rtf, pos)
        if start is None:
            out.append(rtf[pos:])
            break
        out.append(rtf[pos : start.start()])
        if start.group(1) == "pict":
            pictures += 1
        depth = 0
        i = start.start()
        n = len(rtf)
        while i < n:
            m = _SPECIAL.search(rtf, i)  # jump over hex data to the next brace or backslash
            if m is None:
                i = n
                break
            i = m.start()
            ch = rtf[i]
            if ch == "\\":
                i += 2
                continue
            if ch == "{":
                depth += 1
            else:
                depth -= 1
                if depth == 0:
                    break
            i += 1
        pos = i + 1
    return "".join(out), pictures


def _to_text(rtf: str, encoding: str) -> str:
    from striprtf.striprtf import rtf_to_text

    try:
        return rtf_to_text(rtf, encoding=encoding, errors="replace")
    except (ValueError, IndexError, LookupError, OverflowError) as exc:
        raise ParseError(f"RTF could not be converted: {type(exc).__name__}: {exc}"[:300]) from None


def _info(rtf: str, encoding: str) -> dict[str, str]:
    head = rtf[: rtf.find("\\info") + 20_000] if "\\info" in rtf else ""
    out: dict[str, str] = {}
    for key, pattern in _INFO_FIELD.items():
        m = pattern.search(head)
        if m:
            value = " ".join(_to_text("{\\rtf1 " + m.group(1) + "}", encoding).split())
            if value:
                out[key] = value
    return out


def _blocks(text: str) -> list[Block]:
    blocks: list[Block] = []
    rows: list[list[str]] = []
    items: list[ListItem] = []

    def flush_rows() -> None:
        if rows:
            width = max(len(r) for r in rows)
            padded = [tuple(r + [""] * (width - len(r))) for r in rows]
            header = padded[0] if len(padded) > 1 else None
            data = padded[1:] if header is not None else padded
            first = 2 if header is not None else 1
            blocks.append(
                Block(
                    TABLE,
                    render_table(header, data),
                    rows=tuple(data),
                    header=header,
                    row_numbers=tuple(range(first, first + len(data))),
                )
            )
            rows.clear()

    def flush_items() -> None:
        if items:
            blocks.append(Block(LIST, render_list(items), items=tuple(items)))
            items.clear()

    for line in text.split("\n"):
        stripped = line.strip()
        if stripped.endswith("|") and stripped.count("|") >= 1 and len(stripped) > 1:
            flush_items()
            cells = [" ".join(c.split()) for c in stripped[:-1].split("|")]
            if any(cells):
                rows.append(cells)
            continue
        flush_rows()
        m = _ITEM.match(line)
        if m and m.group(3).strip():
            items.append(ListItem(" ".join(m.group(3).split()), ordered=m.group(1) is not None))
            continue
        flush_items()
        para = " ".join(line.replace("\t", " ").split())
        if para:
            blocks.append(Block(PARAGRAPH, para))
    flush_rows()
    flush_items()
    return blocks


@extractor(
    ".rtf",
    name="rtf",
    source_type="rtf",
    libraries=("striprtf",),
    sniff=lambda head: head.startswith(b"{\\rtf"),
)
def extract_rtf(data: bytes, ctx: ExtractContext) -> Document:
    what = ctx.filename or "RTF"
    encoding = _encoding(data)
    rtf = data.decode("latin-1")
    at = rtf.find("{\\rtf", 0, 64)
    if at > 0:
        rtf = rtf[at:]  # stray bytes before the header
    elif at < 0:
        if not rtf.lstrip().startswith("{\\"):
            raise ParseError(f"{what} is not RTF: it does not start with {{\\rtf")
        rtf = "{\\rtf1\n" + rtf + "\n}"  # a fragment of groups without the document header
    rtf, pictures = _strip_groups(rtf)
    prepared = _ROW.sub(lambda m: _PAR.sub(" ", m.group(0)), rtf)
    text = _to_text(prepared, encoding)
    blocks = _blocks(text)
    if not blocks:
        extra = f" (only {pictures} picture(s), which are not extracted)" if pictures else ""
        raise EmptyExtraction(f"{what}: the document holds no text{extra}")
    skipped = tuple(
        Skipped("image", f"picture {n}", "images embedded in RTF are not extracted")
        for n in range(1, pictures + 1)
    )
    return assemble(
        "rtf",
        blocks,
        metadata={"source_type": "rtf", **_info(rtf, encoding)},
        coverage=Coverage(skipped=skipped),
    )
