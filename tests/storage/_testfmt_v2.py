"""The test format ``cst-test`` at version 2, as a later chunkscope would register it: imported
after :mod:`tests.storage._testfmt` (both in the pool's ``extra_modules``), it takes its place."""

from __future__ import annotations

from indexer.formats.registry import extractor
from tests.storage._testfmt import extract_cst, sniff_cst

extractor(".cst", name="cst-test", source_type="cst", version="2", sniff=sniff_cst)(extract_cst)
