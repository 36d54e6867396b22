"""Chunks made straight from a mode's pieces, without the :class:`._common.Draft` round trip.

A piece is ``(content_type, text, blocks, meta)`` with ``meta`` a fresh dict holding the mode's
own keys. :func:`emit` gives exactly what ``finish([Draft(*piece) …], doc_meta)`` gives — the
metadata keys in the same order: the mode's, ``chunk_index``, ``document_metadata``, then the
provenance — but writes the keys into the piece's dict instead of copying it, and writes the
provenance straight into it too.
"""

from __future__ import annotations

from typing import Any

from .._fast import new_chunk
from ..model import Block, Chunk
from ._common import Draft, add_provenance, finish

Piece = tuple[str, str, list[Block], dict[str, Any]]


def emit(first: list[Draft], pieces: list[Piece], doc_meta: dict[str, Any] | None) -> list[Chunk]:
    """``finish(first + [Draft(*p) for p in pieces], doc_meta)``."""
    out = finish(first, doc_meta)
    index = len(out)
    append = out.append
    for content_type, text, blocks, meta in pieces:
        meta["chunk_index"] = index
        index += 1
        if doc_meta is not None:
            meta["document_metadata"] = doc_meta
        add_provenance(meta, blocks)
        append(new_chunk(text, content_type, meta))
    return out


def drafts_of(pieces: list[Piece]) -> list[Draft]:
    return [Draft(content_type, text, blocks, meta) for content_type, text, blocks, meta in pieces]


class Sink:
    """Takes a mode's pieces one at a time: makes each chunk at once (as :func:`emit` does,
    after the chunks given as ``first``), or with ``keep_drafts`` keeps them as drafts for a
    later pass (family B)."""

    __slots__ = ("doc_meta", "chunks", "drafts", "drafts_kept", "put")

    def __init__(
        self, doc_meta: dict[str, Any] | None, first: list[Chunk] | None = None, keep_drafts: bool = False
    ) -> None:
        self.doc_meta = doc_meta
        self.chunks: list[Chunk] = first if first is not None else []
        self.drafts: list[Draft] = []
        self.drafts_kept = keep_drafts
        self.put = self._keep if keep_drafts else self._make

    def _make(self, content_type: str, text: str, blocks: list[Block], meta: dict[str, Any]) -> None:
        chunks = self.chunks
        meta["chunk_index"] = len(chunks)
        if self.doc_meta is not None:
            meta["document_metadata"] = self.doc_meta
        add_provenance(meta, blocks)
        chunks.append(new_chunk(text, content_type, meta))

    def _keep(self, content_type: str, text: str, blocks: list[Block], meta: dict[str, Any]) -> None:
        self.drafts.append(Draft(content_type, text, blocks, meta))
