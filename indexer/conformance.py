"""The conformance suite: every registered extractor and mode against the invariants of SPEC §5.

For every format, every mode of its family and every input of a fixed corpus:

- only documented errors (``ChunkscopeError`` subclasses) are raised;
- empty input gives no chunks;
- non-empty text-family input gives at least one non-empty chunk, and no chunk is blank;
- the output is deterministic (same bytes and parameters ⇒ same chunks and chunk ids);
- ``structural``/``default`` chunks keep the size contract: prose ≤ 1,550 characters, tables,
  lists and code ≤ 1,200 unless the chunk is a single row, item or line.

The scorecard has the shape ``{version, passed, total, all_passed, checks: [{name, category,
passed, detail}]}``; ``chunkscope conformance`` prints it and exits non-zero on a failure.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass

from . import errors
from .api import chunk_document, extract_bytes
from .formats import registry as formats
from .limits import ExtractContext
from .modes import registry as modes
from .modes.params import ModeParams
from .provenance import chunk_id

#: Extensions whose non-empty input must always give at least one non-empty chunk.
TEXT_FAMILY = frozenset(
    {
        ".txt",
        ".md",
        ".markdown",
        ".html",
        ".htm",
        ".xhtml",
        ".json",
        ".jsonl",
        ".ndjson",
        ".csv",
        ".tsv",
        ".eml",
        ".mbox",
    }
)

PROSE_TYPES = frozenset({"plain_paragraph", "long_single_paragraph", "short_disconnected_paragraph"})
ATOMIC_TYPES = frozenset({"table", "bullet_list", "code_block"})
PROSE_BOUND = 1550
ATOMIC_BOUND = 1200

#: The built-in corpus: the extractors-v1 corpus plus inputs that stress the size contract.
CORPUS: tuple[tuple[str, bytes], ...] = (
    ("empty", b""),
    ("single-line", b"single line"),
    ("blank-runs", b"a\n\n\n\nb  \n"),
    ("three-paragraphs", b"para one\n\npara two\n\n\npara three"),
    ("multibyte", "mültibyte ä ö ü 漢字 \n\n end".encode()),
    ("crlf", b"first line\r\nsecond line\r\n\r\nthird"),
    ("long-prose", (("A sentence of moderate length that keeps going. " * 80) + "\n\n").encode() * 3),
    ("one-huge-word", b"x" * 5000),
    ("cjk", ("漢字かな交じり文。" * 400).encode()),
    (
        "markdown-mix",
        (
            "# Title\n\nIntro paragraph.\n\n## Table\n\n| a | b |\n|---|---|\n"
            + "".join(f"| row {i} | value {i} |\n" for i in range(200))
            + "\n- item one\n  - nested item\n- item two\n\n```python\n"
            + "".join(f"print({i})\n" for i in range(300))
            + "```\n"
        ).encode(),
    ),
    (
        "json-records",
        json.dumps([{"id": i, "name": f"n{i}", "tags": ["a", "b"]} for i in range(50)]).encode(),
    ),
    ("csv-rows", b"name,age\n" + b"".join(b"person %d,%d\n" % (i, i) for i in range(100))),
    ("html-unclosed", b"<html><body><h1>T</h1><p>one<p>two<ul><li>a<li>b</ul><p>tail &amp; more"),
    ("binary-noise", bytes((i * 37 + 11) % 256 for i in range(2048))),
    ("control-bytes", b"\x01\x02\x03text\x04\x05" * 50),
)


@dataclass(frozen=True)
class Check:
    name: str
    category: str
    passed: bool
    detail: str = ""


def _fingerprint(chunks: list[dict]) -> list[str]:
    return [
        chunk_id("conformance", "m", c["metadata"], c["content"], i)
        + json.dumps(c, sort_keys=True, ensure_ascii=False, default=str)
        for i, c in enumerate(chunks)
    ]


def _single_unit(chunk: dict) -> bool:
    lines = chunk["content"].split("\n")
    if chunk["content_type"] == "table":
        return len(lines) <= 3  # header, separator, one row
    return len(lines) <= 1


def size_violations(chunks: Iterable[dict]) -> list[str]:
    """Chunks over the structural size contract (empty when all keep it)."""
    out = []
    for i, c in enumerate(chunks):
        size = len(c["content"])
        if (
            c["content_type"] in PROSE_TYPES
            and size > PROSE_BOUND
            and any(ch.isspace() for ch in c["content"])
        ):
            out.append(f"#{i} {c['content_type']} {size} > {PROSE_BOUND}")
        elif c["content_type"] in ATOMIC_TYPES and size > ATOMIC_BOUND and not _single_unit(c):
            out.append(f"#{i} {c['content_type']} {size} > {ATOMIC_BOUND}")
    return out


def check_one(ext: str, label: str, data: bytes, mode: str, params: ModeParams) -> Check:
    """All invariants for one (format, input, mode)."""
    name = f"{ext}:{label}:{mode}"
    filename = f"conformance{ext}"
    runs: list[list[dict]] = []
    try:
        for _ in range(2):
            doc = extract_bytes(data, filename, ExtractContext(filename=filename))
            runs.append([c.to_dict() for c in chunk_document(doc, mode, params)])
    except errors.ChunkscopeError as exc:
        if not data:
            return Check(name, "empty", False, f"empty input raised {exc.code}: {exc.message}")
        if ext in TEXT_FAMILY and label not in ("binary-noise", "control-bytes"):
            return Check(name, "non-empty", False, f"text input raised {exc.code}: {exc.message}")
        return Check(name, "errors", True, f"typed error {exc.code}")
    except Exception as exc:  # the invariant under test: anything else is a failure to report
        return Check(name, "errors", False, f"undocumented {type(exc).__name__}: {exc}"[:300])
    first, second = runs
    if _fingerprint(first) != _fingerprint(second):
        return Check(name, "deterministic", False, "two runs gave different chunks")
    if not data:
        ok = not first
        return Check(name, "empty", ok, "" if ok else f"{len(first)} chunks from empty input")
    if any(not c["content"].strip() for c in first):
        return Check(name, "no-blank", False, "a chunk is blank")
    if ext in TEXT_FAMILY and data.strip() and label not in ("binary-noise", "control-bytes") and not first:
        return Check(name, "non-empty", False, "non-empty text input gave no chunks")
    if mode in ("default", "structural"):
        bad = size_violations(first)
        if bad:
            return Check(name, "size", False, "; ".join(bad[:5]))
    return Check(name, "ok", True, f"{len(first)} chunks")


def run(
    *,
    corpus: Iterable[tuple[str, bytes]] = CORPUS,
    extensions: Iterable[str] | None = None,
    progress: Callable[[Check], None] | None = None,
) -> dict:
    """Run the suite; returns the scorecard."""
    corpus = list(corpus)
    params = ModeParams()
    checks: list[Check] = []
    wanted = set(extensions) if extensions else None
    for spec in formats.formats():
        if not spec.supported:
            continue
        ext = spec.extensions[0]
        if wanted and not (wanted & set(spec.extensions)):
            continue
        for mode in modes.modes_for(spec.family):
            for label, data in corpus:
                check = check_one(ext, label, data, mode, params)
                checks.append(check)
                if progress:
                    progress(check)
    passed = sum(c.passed for c in checks)
    return {
        "version": 1,
        "passed": passed,
        "total": len(checks),
        "all_passed": bool(checks) and passed == len(checks),
        "checks": [asdict(c) for c in checks],
    }
