"""Making many frozen model objects quickly.

A frozen dataclass's ``__init__`` sets every field through ``object.__setattr__``, which for a
paragraph block costs more than everything else the extractor does for it. :func:`twin` gives a
plain class with exactly the same slots: an instance filled through it with ordinary attribute
stores and then given the model class (``obj.__class__ = cls``, allowed between classes of the
same layout) is an ordinary instance of that class, as immutable as one from its constructor.
Only the constructor's ``__post_init__`` is skipped, so callers do its work themselves.

The twin is tried once at import; if the model's layout ever stops matching, :func:`twin`
returns None and the callers use the constructor.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from .model import Chunk


def twin(cls: type) -> type | None:
    """A mutable class whose instances can become ``cls`` instances, or None."""
    names = tuple(f.name for f in fields(cls))
    if getattr(cls, "__slots__", None) != names:
        return None
    mutable = type(f"_{cls.__name__}Twin", (), {"__slots__": names, "__module__": __name__})
    probe = mutable()
    for name in names:
        setattr(probe, name, None)
    try:
        probe.__class__ = cls
    except TypeError:
        return None
    return mutable


_ChunkTwin = twin(Chunk)


def new_chunk(content: str, content_type: str, metadata: Any) -> Chunk:
    """``Chunk(content, content_type, metadata)``, made through its twin."""
    if _ChunkTwin is None:
        return Chunk(content, content_type, metadata)
    chunk = _ChunkTwin()
    chunk.content = content
    chunk.content_type = content_type
    chunk.metadata = metadata
    chunk.__class__ = Chunk
    return chunk
