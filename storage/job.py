"""The work one worker process does for one file: read, hash, extract, chunk, build the manifest.

Runs in the extraction workers (see :mod:`storage.pool`); everything it returns is plain data
(dicts, tuples, str, bytes) so it crosses the process boundary cheaply.
"""

from __future__ import annotations

import hashlib
import zlib
from dataclasses import dataclass, field
from functools import cache, partial
from pathlib import Path
from typing import Any

from indexer import api, errors
from indexer.formats import registry as formats
from indexer.limits import ExtractContext, Limits
from indexer.manifest import build_manifest
from indexer.model import Document
from indexer.modes import registry as modes
from indexer.modes.params import ModeParams

from .pool import note
from .serial import ChunkColumns, array_document_json, array_document_utf8, chunk_columns_of

ALL_MODES = "all"
DOCUMENT_ENCODING = "ajson+zlib"  # how document_data.document is stored (see storage.store.stored_document)


@dataclass(frozen=True)
class Job:
    abs_path: str
    rel: str
    known_sha256: str = ""  # skip extraction when the bytes hash to this
    limits: Limits = field(default_factory=Limits)
    modes: tuple[str, ...] = ("default",)
    params: ModeParams = field(default_factory=ModeParams)
    options: tuple[tuple[str, Any], ...] = ()  # the extractors' options (ExtractContext.options)


def chunk_rows(doc: Document, rel: str, mode: str, params: ModeParams) -> tuple[str, str, ChunkColumns]:
    """(resolved mode name, mode_key, rows) with rows ``(id, ordinal, content, content_type, metadata_json)``
    (kept as columns: see :class:`storage.serial.ChunkColumns`)."""
    spec = modes.resolve(doc.family, mode)
    key = modes.key_for(doc.family, mode, params)
    # ids as indexer.provenance.chunk_id gives them, metadata as serial.dumps: faster, a column at a time
    rows = chunk_columns_of(api.chunk_document(doc, mode, params), rel, key)
    return spec.name, key, rows


def modes_to_chunk(family: str, wanted: tuple[str, ...]) -> list[str]:
    """``default`` first, then the other wanted modes valid for the family (``all``: every one)."""
    names = list(modes.modes_for(family)) if ALL_MODES in wanted else list(wanted)
    out = ["default"]
    default_name = modes.DEFAULT_FOR.get(family, "structural")
    for name in names:
        if name in ("default", default_name) or name in out:
            continue
        out.append(name)
    return out


def _compress_document(doc: Document) -> bytes:
    """The stored form of ``doc``: its array JSON (:func:`storage.serial.array_document_json`) as a
    zlib stream (a few times smaller). Without ``orjson`` (:func:`storage.serial.array_document_utf8`)
    the JSON is encoded and compressed a slice at a time, so a large document's JSON never exists
    twice (str and bytes)."""
    packer = _packer()()
    raw = array_document_utf8(doc)
    if raw is not None:
        return packer.compress(raw) + packer.flush()
    text = array_document_json(doc)
    parts = [packer.compress(text[i : i + _SLICE].encode("utf-8")) for i in range(0, len(text), _SLICE)]
    parts.append(packer.flush())
    return b"".join(parts)


@cache
def _packer() -> Any:
    """What makes a zlib compressor: ISA-L's deflate at its level 2 where the ``isal`` package is
    installed (about four times quicker than zlib's level 1 on the stored JSON, and a little
    smaller; the stream is standard zlib, read back by ``zlib.decompress``), else zlib's level 1."""
    try:
        from isal import isal_zlib
    except ImportError:
        return partial(zlib.compressobj, 1)
    return partial(isal_zlib.compressobj, 2)


_SLICE = 1 << 20  # characters encoded at a time


class _Readers(list):
    """``ExtractContext.readers`` that says each extractor to the pool as it begins (see
    :func:`storage.pool.note`): a file that fails, by an error or by its worker being killed or
    dying, is recorded with the extractors that were reading it, the one its content named
    included, so that a new version of any of them reads it again."""

    def append(self, reader: tuple[str, str]) -> None:
        super().append(reader)
        note(formats.read_by(self))


def run(job: Job) -> dict[str, Any]:
    data, _ = api.read_source(Path(job.abs_path), job.rel, job.limits)
    sha = hashlib.sha256(data).hexdigest()
    size = len(data)
    if job.known_sha256 and sha == job.known_sha256:
        return {"kind": "same", "sha256": sha, "size": size}
    spec = formats.resolve(job.rel, data)
    readers = _Readers()
    ctx = ExtractContext(filename=job.rel, limits=job.limits, options=dict(job.options), readers=readers)
    doc = api.extract_bytes(data, job.rel, ctx)
    # Memory: the input bytes go first, then the Document's stored form is made before chunking,
    # so the bytes, the JSON and the chunks of a large file are never all alive at once.
    del data
    stored = _compress_document(doc)
    images = [
        (im.name, im.format, im.size or len(im.data), im.width, im.height, im.data) for im in doc.images
    ]
    chunk_sets = []
    for i, mode in enumerate(modes_to_chunk(doc.family, job.modes)):
        try:
            name, key, rows = chunk_rows(doc, job.rel, mode, job.params)
        except errors.InvalidArgument:
            if i == 0:
                raise  # the default mode must work
            continue
        chars = rows.chars
        chunk_sets.append({"mode": name, "mode_key": key, "is_default": i == 0, "rows": rows, "chars": chars})
    default = chunk_sets[0]
    manifest = build_manifest(
        b"",
        doc,
        filename=Path(job.rel).name,
        spec=spec,
        chunk_counts={cs["mode_key"]: len(cs["rows"]) for cs in chunk_sets},
        indexed_chars=default["chars"],
        limits=job.limits,
        params=job.params,
        sha256=sha,
        size=size,
    )
    return {
        "kind": "doc",
        "sha256": sha,
        "size": size,
        "source_type": doc.source_type,
        "family": doc.family,
        "has_warning": doc.coverage.has_warning,
        "document": stored,
        "encoding": DOCUMENT_ENCODING,
        "text_chars": len(doc.text),
        "images": images,
        "chunk_sets": chunk_sets,
        "manifest": manifest,
        "extractors": formats.read_by(readers),
    }
