"""Every document mode on real text-family files: bounds, no lost text, determinism."""

from __future__ import annotations

from pathlib import Path

import pytest

from indexer import extract
from indexer.api import chunk_document
from indexer.modes import ModeParams, registry
from tests.conftest import PLAYGROUND, REAL_WORLD

PROSE = {"plain_paragraph", "long_single_paragraph", "short_disconnected_paragraph"}
MODES = ("structural", "section", "semantic", "sliding_window", "sentence", "page_aware")
NON_OVERLAPPING = {
    "structural": ModeParams(),
    "section": ModeParams(),
    "semantic": ModeParams(),
    "sentence": ModeParams(),
    "page_aware": ModeParams(),
    "sliding_window": ModeParams(window_size=3, overlap=0),
}


def text_family_files() -> list[Path]:
    names = ["sample.md", "structured_docs.html", "structured_report.txt", "orders.json", "message.eml"]
    files = [PLAYGROUND / n for n in names]
    for sub in ("md", "txt", "html", "json", "jsonl", "eml", "ipynb"):
        folder = REAL_WORLD / sub
        if folder.exists():
            files += sorted(p for p in folder.rglob("*") if p.is_file() and p.stat().st_size < 300_000)[:4]
    return files


def squash(s: str) -> str:
    return "".join(s.split())


def single_unit(content: str, content_type: str) -> bool:
    lines = content.split("\n")
    if len(lines) > 2 and set(lines[1].replace("|", "").split()) <= {"---"}:
        lines = lines[2:]  # a table part: the repeated header and separator
    return len(lines) == 1


@pytest.mark.parametrize("path", text_family_files(), ids=lambda p: p.name)
def test_modes_on_real_file(path, shared_dir):
    doc = extract(path)
    if doc.family != "document":
        pytest.skip(f"{path.name} is {doc.family}")
    for mode in MODES:
        spec = registry.resolve("document", mode)
        chunks = chunk_document(doc, mode, NON_OVERLAPPING[mode])
        assert chunks == chunk_document(doc, mode, NON_OVERLAPPING[mode]), mode
        for c in chunks:
            limit = 1550 if mode == "structural" and c.content_type in PROSE else spec.bound
            if limit is not None and len(c.content) > limit:
                assert single_unit(c.content, c.content_type), (mode, c.content_type, len(c.content))
        covered = set()
        for c in chunks:
            first, last = c.metadata["source_lines"]
            covered.update(range(first, last + 1))
        for b in doc.blocks:  # every source line of every block is inside some chunk's range
            if b.lines:
                assert set(range(b.lines[0], b.lines[1] + 1)) <= covered, (mode, b.kind, b.lines)
        out = squash("".join(c.content for c in chunks))
        for b in doc.blocks:
            if b.kind == "table":
                for line in b.text.split("\n")[2:]:
                    assert squash(line) in out, (mode, line[:80])
            else:
                assert squash(b.text) in out, (mode, b.kind, b.text[:80])
