"""The public API (SPEC §2): extract, get_chunks, get_markdown."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from stat import S_ISDIR
from typing import Any

from . import errors
from .formats import registry as formats
from .limits import ExtractContext, Limits
from .model import Chunk, Coverage, Document, chunk_dicts
from .modes import registry as modes
from .modes.params import ModeParams
from .quiet import library_notes

Source = str | os.PathLike[str] | bytes | bytearray | memoryview
#: the coverage of a zero-byte file, whatever its format (its extractor is not called)
EMPTY_FILE = Coverage(warnings=("the file is empty",))


@dataclass(frozen=True)
class ChunksResult:
    chunks: list[dict[str, Any]]
    images: dict[str, bytes] = field(default_factory=dict)


@dataclass(frozen=True)
class MarkdownResult:
    markdown: str
    images: dict[str, bytes] = field(default_factory=dict)


def read_source(source: Source, filename: str | None, limits: Limits) -> tuple[bytes, str]:
    """The bytes and the name to dispatch on; typed errors for a bad source."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        if not filename:
            raise errors.InvalidArgument("filename is required when source is bytes")
        data = bytes(source)
        name = filename
    elif isinstance(source, (str, os.PathLike)):
        path = Path(source)
        name = filename or path.name
        try:
            info = os.stat(path)
        except FileNotFoundError:
            raise errors.SourceIOError(f"File not found: {path}") from None
        except OSError as exc:
            raise errors.SourceIOError(f"Cannot read {path}: {exc.strerror or exc}") from None
        if S_ISDIR(info.st_mode):
            raise errors.SourceIOError(f"Is a directory, not a file: {path}")
        if info.st_size > limits.max_document_bytes:
            raise errors.DocumentLimit(
                f"{path.name} is {info.st_size:,} bytes, over the {limits.max_document_bytes:,}-byte document limit"
            )
        try:
            with open(path, "rb", buffering=0) as fh:  # one stat above; no buffer to copy through
                data = fh.readall()
        except OSError as exc:
            raise errors.SourceIOError(f"Cannot read {path}: {exc.strerror or exc}") from None
    else:
        raise errors.InvalidArgument(f"source must be a path or bytes, not {type(source).__name__}")
    if len(data) > limits.max_document_bytes:
        raise errors.DocumentLimit(
            f"{name} is {len(data):,} bytes, over the {limits.max_document_bytes:,}-byte document limit"
        )
    return data, name


def extract_bytes(data: bytes, filename: str, ctx: ExtractContext | None = None) -> Document:
    """Bytes → Document through the registry. Only documented errors escape."""
    ctx = ctx or ExtractContext(filename=filename)
    if ctx.filename != filename:
        ctx = replace(ctx, filename=filename)
    spec = formats.resolve(filename, data)
    if not spec.supported or spec.func is None:
        raise errors.UnsupportedFormat(spec.note or f"{spec.source_type} files are not supported")
    if ctx.readers is not None:  # before it runs: a file it fails on is read again by a newer one
        ctx.readers.append((spec.name, spec.version))
    if not data:  # SPEC §5: empty input gives no chunks, whatever the format; the coverage says why
        return Document(
            source_type=spec.source_type,
            blocks=(),
            family=spec.family,
            metadata={"source_type": spec.source_type},
            coverage=EMPTY_FILE,
        )
    try:
        with library_notes() as notes:
            doc = spec.func(data, ctx)
    except errors.ChunkscopeError:
        raise
    except RecursionError:
        raise errors.ParseError(f"{filename}: structure nested too deeply to read") from None
    except MemoryError:
        raise errors.DocumentLimit(f"{filename}: ran out of memory while extracting") from None
    except Exception as exc:  # a third-party parser failing on bad input is a parse error of the file
        raise errors.ParseError(f"{filename}: {type(exc).__name__}: {exc}"[:500]) from exc
    said = notes.warnings()
    if said:  # what libraries logged or warned about this file (see indexer.quiet)
        doc = replace(doc, coverage=replace(doc.coverage, warnings=doc.coverage.warnings + said))
    if len(doc.text) > ctx.limits.max_text_chars:
        raise errors.DocumentLimit(
            f"{filename}: {len(doc.text):,} characters of text, over the {ctx.limits.max_text_chars:,} limit"
        )
    return doc


def extract(
    source: Source,
    *,
    filename: str | None = None,
    limits: Limits | None = None,
    options: dict[str, Any] | None = None,
    image_data: bool = True,
) -> Document:
    """The mode-free extracted form of a document. With ``image_data=False`` (nothing will list
    the images) an extractor may leave the images' bytes empty where encoding them is costly
    (PDF); the blocks, and so every chunk made without ``list_images``, are the same."""
    limits = limits or Limits()
    data, name = read_source(source, filename, limits)
    ctx = ExtractContext(filename=name, limits=limits, options=options or {}, image_data=image_data)
    return extract_bytes(data, name, ctx)


def chunk_document(doc: Document, mode: str = "default", params: ModeParams | None = None) -> list[Chunk]:
    """Chunk an extracted document in ``mode`` (pure; the store calls this on stored documents)."""
    params = params or ModeParams()
    if not doc.blocks:
        modes.resolve(doc.family, mode)  # still reject a bad mode
        return []
    return modes.run(doc, mode, params)


def get_chunks(
    source: Source,
    *,
    filename: str | None = None,
    mode: str = "default",
    window_size: int = 3,
    overlap: int = 1,
    sentences_per_chunk: int = 3,
    paragraphs_per_page: int = 15,
    rows_per_chunk: int | None = None,
    list_images: bool = False,
    options: dict[str, Any] | None = None,
) -> list[dict[str, Any]] | ChunksResult:
    params = ModeParams(
        window_size=window_size,
        overlap=overlap,
        sentences_per_chunk=sentences_per_chunk,
        paragraphs_per_page=paragraphs_per_page,
        rows_per_chunk=rows_per_chunk,
        list_images=list_images,
    )
    doc = extract(source, filename=filename, options=options, image_data=list_images)
    chunks = chunk_dicts(chunk_document(doc, mode, params))
    if not list_images:
        return chunks
    return ChunksResult(chunks=chunks, images={im.name: im.data for im in doc.images})


def get_markdown(
    source: Source,
    *,
    filename: str | None = None,
    list_images: bool = False,
    options: dict[str, Any] | None = None,
) -> str | MarkdownResult:
    from .markdown import render_markdown

    doc = extract(source, filename=filename, options=options, image_data=list_images)
    text = render_markdown(doc, list_images=list_images)
    if not list_images:
        return text
    return MarkdownResult(markdown=text, images={im.name: im.data for im in doc.images})
