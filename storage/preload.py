"""Imported once by the process that forks the extraction workers (the ``forkserver``, see
:mod:`storage.pool`): every worker starts with the extractors of the known extensions imported and
their libraries' versions (named in each manifest) looked up.

Each worker did that itself before, on its first file of each format: about 0.12 s of CPU per
worker over the benchmark corpus, paid again by each worker that replaces a killed or recycled
one and by the workers of every later run in a long-running process (the app, ``watch``), since
the forkserver lives as long as the process that started it."""

from __future__ import annotations

import gc

from indexer.formats import registry


def _warm() -> None:
    for ext in registry.MODULES_BY_EXTENSION:
        try:
            spec = registry.for_extension(ext)
        except ImportError:  # a library missing here: that format's files say so in the worker, as before
            continue
        for library in spec.libraries if spec is not None else ():
            registry.library_version(library)


_warm()
# what is imported now lives as long as every worker: kept out of their full collections (which
# would traverse it again each time with nothing to free) and so out of the pages those touch
gc.freeze()
