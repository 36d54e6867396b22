"""The two settings of glibc's malloc that chunkscope tunes, in one place.

Fixing either of ``M_MMAP_THRESHOLD`` (the size from which a block gets its own mapping) and
``M_TRIM_THRESHOLD`` (the free memory kept at the top of the heap) turns off glibc's own
adjustment of both, so they are always set together. They are settings of the process's allocator,
never of any result. A process that sets them for its own reasons (an indexing worker, see
:mod:`storage.pool`) calls :func:`tune` first; an extractor that only wants the heap kept between
pages (PDF) calls :func:`tune_default`, which leaves those choices alone. Nothing happens where
the C library is not glibc.
"""

from __future__ import annotations

import ctypes
import sys
from functools import cache

_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3  # mallopt parameter numbers in glibc's malloc.h

#: The defaults of :func:`tune_default`: the middle of the range glibc's own adjustment moves in
#: (up to 32 and 64 MB). On the largest real-world PDFs they give fewer page faults than glibc's
#: defaults for a few MB more peak memory.
KEEP_TOP = 32 << 20
OWN_MAPPING_FROM = 16 << 20

_settings: tuple[int, int] | None = None  # (own_mapping_from, keep_top) last asked for


@cache
def _mallopt():
    if not sys.platform.startswith("linux"):
        return None
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):  # not glibc (or no symbol table to look it up in)
        return None
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    return mallopt


def tune(*, own_mapping_from: int, keep_top: int) -> None:
    """Blocks of ``own_mapping_from`` bytes and more get their own mapping; up to ``keep_top``
    bytes of freed memory stay at the top of the heap."""
    global _settings
    _settings = (own_mapping_from, keep_top)
    mallopt = _mallopt()
    if mallopt is not None:
        mallopt(_M_MMAP_THRESHOLD, own_mapping_from)
        mallopt(_M_TRIM_THRESHOLD, keep_top)


def tune_default() -> None:
    """:func:`tune` with :data:`OWN_MAPPING_FROM` and :data:`KEEP_TOP`, unless this process has
    tuned the allocator already (once per process)."""
    if _settings is None:
        tune(own_mapping_from=OWN_MAPPING_FROM, keep_top=KEEP_TOP)


def settings() -> tuple[int, int] | None:
    """``(own_mapping_from, keep_top)`` as this process last set them, or None (glibc's own)."""
    return _settings
