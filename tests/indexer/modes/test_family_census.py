"""Family A (structure survives the mode): content-type census per mode on the playground files.

Expected rows from the Output Schema seed's Family A table (Markdown column). ``image`` is allowed
in default/structural: a paragraph or image block becomes a placeholder ``image`` chunk (SPEC §2).
"""

from __future__ import annotations

import pytest

from indexer import extract
from indexer.api import chunk_document

PROSE = {"plain_paragraph", "long_single_paragraph", "short_disconnected_paragraph"}
FAMILY_A = {
    "default": {"heading", "code_block", "bullet_list", "table", "image"} | PROSE,
    "structural": {"heading", "code_block", "bullet_list", "table", "image"} | PROSE,
    "section": {"heading", "section"},
    "semantic": {"heading", "code_block", "table", "semantic"},
    "sentence": {"heading", "code_block", "table", "bullet_list", "sentence"},
    "page_aware": {"heading", "page_aware"},
    "sliding_window": {"sliding_window"},
}
#: both files have headings, tables, code and lists, so these must all show up
REQUIRED = {
    "default": {"heading", "table", "code_block", "bullet_list", "plain_paragraph"},
    "structural": {"heading", "table", "code_block", "bullet_list", "plain_paragraph"},
    "section": {"heading", "section"},
    "semantic": {"heading", "code_block", "table", "semantic"},
    "sentence": {"heading", "code_block", "table", "bullet_list", "sentence"},
    "page_aware": {"heading", "page_aware"},
    "sliding_window": {"sliding_window"},
}


@pytest.mark.parametrize("name", ["sample.md", "structured_docs.html"])
@pytest.mark.parametrize("mode", list(FAMILY_A))
def test_family_a_census(playground, name, mode):
    doc = extract(playground / name)
    census = {c.content_type for c in chunk_document(doc, mode)}
    assert REQUIRED[mode] <= census <= FAMILY_A[mode], census


def test_headings_survive_in_structure_keeping_modes(playground):
    # sample.md has 39 headings (counted with grep '^#' outside code fences): every mode but
    # sliding_window keeps each one as its own chunk.
    doc = extract(playground / "sample.md")
    n_headings = sum(1 for b in doc.blocks if b.kind == "heading")
    assert n_headings == 39
    for mode in ("default", "section", "semantic", "sentence", "page_aware"):
        assert sum(c.content_type == "heading" for c in chunk_document(doc, mode)) == n_headings, mode
