"""Pausing Python's cyclic garbage collector while many small acyclic objects are built."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def no_cycle_collection() -> Iterator[None]:
    """Pause the cyclic collector while an extractor or a mode builds its blocks, drafts and
    chunks: they are acyclic, and each collection would rescan the whole document still held in
    memory (a JSON Lines document holds hundreds of thousands of objects) with nothing to free.
    Resumed afterwards; left alone when it was already off."""
    was_on = gc.isenabled()
    if was_on:
        gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
