"""Limits and per-call options an extractor reads (SPEC §5)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

MiB = 1024 * 1024


@dataclass(frozen=True, slots=True)
class Limits:
    max_document_bytes: int = 256 * MiB
    max_pages: int = 10_000
    max_text_chars: int = 50_000_000
    max_zip_total: int = 512 * MiB  # total uncompressed size of a zip container's members
    max_zip_member: int = 256 * MiB
    max_zip_members: int = 100_000
    max_zip_ratio: float = 100.0  # compression-ratio cap …
    zip_ratio_min_member: int = 1 * MiB  # … for members larger than this
    max_messages: int = 100_000
    timeout_seconds: float = 120.0  # per document, enforced by the worker pool


@dataclass(frozen=True, slots=True)
class ExtractContext:
    """What an extractor is told besides the bytes."""

    filename: str = ""
    limits: Limits = field(default_factory=Limits)
    # format options, e.g. {"pdf_tables": "auto", "ocr": "never"}
    options: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    # False when nothing will list the images: they are found and checked as usual, but an
    # extractor may leave their bytes unencoded (PDF: no PNG is written); blocks and chunks are the same
    image_data: bool = True
    #: how many attachments deep this document sits (0: the file itself; 1: a file attached to
    #: it …): an attachment past ``indexer.formats._attached.MAX_DEPTH`` is listed, not read
    attachment_depth: int = 0
    #: ``time.monotonic()`` by which the file holding this one must be done (None: the file
    #: itself): an attachment is read within its holder's time limit
    deadline: float | None = None
    #: when a list, each extractor run for this file and for the files it holds (attachments,
    #: embedded files) adds its ``(id, version)`` to it, in the order they run: the index records
    #: them, to read the file again when one of them changes (``indexer.formats.registry.read_by``)
    readers: list[tuple[str, str]] | None = field(default=None, compare=False)

    def option(self, key: str, default: Any = None) -> Any:
        return self.options.get(key, default)


def usable_cpus() -> int:
    """The CPUs this process may run on (its affinity mask where the system has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not on Linux
        return max(1, os.cpu_count() or 1)
