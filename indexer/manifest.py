"""The manifest of an indexed document (SPEC §4): what went in, what read it, what came out, and
what was not read. Pure: bytes, the Document and the chunk counts in, a JSON-ready dict out."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from . import __version__
from .formats.registry import FormatSpec
from .limits import Limits
from .model import IMAGE, Document, Skipped
from .modes import registry as modes
from .modes.params import ModeParams

CHUNKER_ID = "chunkscope"


def image_placeholders(doc: Document) -> int:
    """Image positions in the text: image blocks plus images anchored in other blocks."""
    count = 0
    for block in doc.blocks:
        if block.kind == IMAGE:
            count += max(1, len(block.images))
        else:
            count += len(block.images)
    return count


def _skipped_dict(s: Skipped) -> dict[str, Any]:
    out: dict[str, Any] = {"what": s.what, "name": s.name, "reason": s.reason}
    if s.on_purpose:
        out["on_purpose"] = True
    return out


def coverage_dict(doc: Document) -> dict[str, Any]:
    cov = doc.coverage
    out: dict[str, Any] = {}
    for key, value in asdict(cov).items():
        if key == "skipped":
            continue
        if value is None or value == () or value == []:
            continue
        out[key] = list(value) if isinstance(value, tuple) else value
    skipped = [_skipped_dict(s) for s in cov.skipped]
    if skipped:
        out["skipped"] = skipped
    out["images"] = {
        "placeholders": image_placeholders(doc),
        "extracted": max(cov.images_extracted, len(doc.images)),
        "skipped": [s for s in skipped if s["what"] == "image"],
    }
    not_read = sum(1 for s in cov.skipped if s.what in ("attachment", "embedded object"))
    if cov.attachments_indexed or not_read:  # the counts the corpus report adds up
        out["attachments"] = {"indexed": len(cov.attachments_indexed), "skipped": not_read}
    return out


def chunker_dict(family: str, mode: str = "default", params: ModeParams | None = None) -> dict[str, Any]:
    """The chunker that produced the indexed chunks: id, resolved mode, parameters, size bound."""
    params = params or ModeParams()
    out: dict[str, Any] = {"id": CHUNKER_ID, "version": __version__, "mode": mode}
    try:
        spec = modes.resolve(family, mode)
    except ValueError:
        return out | {"params": asdict(params)}
    out["resolved_mode"] = spec.name
    out["mode_key"] = modes.key_for(family, mode, params)
    out["params"] = {name: getattr(params, name) for name in spec.reads}
    if params.list_images:
        out["params"]["list_images"] = True
    out["size_limit"] = spec.bound
    return out


def _extractor(spec: FormatSpec | None, doc: Document) -> dict[str, str] | None:
    """The extractor's identity, and the OCR engine that read some of its pages, if one did."""
    if spec is None:
        return None
    identity = spec.identity
    engine = doc.metadata.get("ocr_engine")
    if isinstance(engine, str):
        identity = {**identity, "ocr": engine}
    return identity


def build_manifest(
    data: bytes,
    doc: Document,
    *,
    filename: str,
    spec: FormatSpec | None,
    chunk_counts: Mapping[str, int],
    indexed_chars: int,
    limits: Limits | None = None,
    mode: str = "default",
    params: ModeParams | None = None,
    sha256: str | None = None,
    size: int | None = None,
) -> dict[str, Any]:
    """The manifest dict. ``chunk_counts`` maps mode_key → chunks; ``indexed_chars`` is the size of
    the indexed (default-mode) chunk contents. With ``sha256`` and ``size`` given, ``data`` is not
    read (a caller that has let the bytes go passes ``b""``)."""
    limits = limits or Limits()
    coverage = coverage_dict(doc)
    warnings = list(doc.coverage.warnings)
    if doc.coverage.empty_pages:
        warnings.append(f"{len(doc.coverage.empty_pages)} page(s) without text")
    lost = sum(1 for s in doc.coverage.skipped if not s.on_purpose)
    if lost:  # what was left out on purpose is listed in coverage, not warned of
        warnings.append(f"{lost} item(s) skipped")
    if doc.coverage.truncated:
        warnings.extend(f"truncated: {t}" for t in doc.coverage.truncated)
    return {
        "input": {
            "filename": filename,
            "sha256": sha256 or hashlib.sha256(data).hexdigest(),
            "bytes": len(data) if size is None else size,
        },
        "source_type": doc.source_type,
        "family": doc.family,
        "extractor": _extractor(spec, doc),
        "chunker": chunker_dict(doc.family, mode, params),
        "limits": {
            "max_document_bytes": limits.max_document_bytes,
            "max_text_chars": limits.max_text_chars,
            "timeout_seconds": limits.timeout_seconds,
        },
        "text": {"extracted_chars": len(doc.text), "indexed_chars": indexed_chars},
        "blocks": len(doc.blocks),
        "chunks": dict(chunk_counts),
        "coverage": coverage,
        "warnings": warnings,
        "has_warning": doc.coverage.has_warning,
    }
