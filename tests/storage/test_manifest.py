"""indexer.manifest.build_manifest on a document whose coverage we wrote by hand."""

from __future__ import annotations

import hashlib

from indexer.formats import registry
from indexer.manifest import build_manifest
from indexer.model import IMAGE, PARAGRAPH, Block, Coverage, Image, Skipped, assemble


def test_manifest_reports_input_extractor_chunker_text_and_coverage():
    data = b"%PDF-1.7 pretend bytes"
    doc = assemble(
        "pdf",
        [
            Block(PARAGRAPH, "Page one text.", page=1),
            Block(IMAGE, "", page=1, images=("image_p1_1.png",), alt="chart"),
            Block(PARAGRAPH, "Page three text.", page=3, images=("image_p3_1.png",)),
        ],
        images=(Image("image_p1_1.png", "png", b"\x89PNG1"),),
        coverage=Coverage(
            pages_total=3,
            pages_with_text=2,
            empty_pages=(2,),
            images_extracted=1,
            skipped=(Skipped("image", "image_p3_1.emf", "EMF is not extracted"),),
            truncated=("page 4 onwards (max_pages)",),
        ),
    )
    spec = registry.for_extension(".pdf")
    m = build_manifest(
        data,
        doc,
        filename="report.pdf",
        spec=spec,
        chunk_counts={"structural": 2, "sentence:sentences_per_chunk=3": 3},
        indexed_chars=30,
    )
    assert m["input"] == {
        "filename": "report.pdf",
        "sha256": hashlib.sha256(data).hexdigest(),
        "bytes": len(data),
    }
    assert m["source_type"] == "pdf" and m["family"] == "document"
    if spec is not None:
        assert m["extractor"]["id"] == spec.name and "version" in m["extractor"]
    assert m["chunker"]["resolved_mode"] == "structural" and m["chunker"]["mode_key"] == "structural"
    assert m["chunks"] == {"structural": 2, "sentence:sentences_per_chunk=3": 3}
    assert m["text"] == {"extracted_chars": len(doc.text), "indexed_chars": 30}
    cov = m["coverage"]
    assert (cov["pages_total"], cov["pages_with_text"], cov["empty_pages"]) == (3, 2, [2])
    # two image positions: the image block and the image anchored in the page-3 paragraph
    assert cov["images"]["placeholders"] == 2 and cov["images"]["extracted"] == 1
    assert cov["images"]["skipped"] == [
        {"what": "image", "name": "image_p3_1.emf", "reason": "EMF is not extracted"}
    ]
    assert cov["truncated"] == ["page 4 onwards (max_pages)"]
    assert m["has_warning"] is True
    assert (
        "1 page(s) without text" in m["warnings"] and "truncated: page 4 onwards (max_pages)" in m["warnings"]
    )


def test_a_clean_document_has_no_warnings():
    doc = assemble("md", [Block(PARAGRAPH, "Just text.")])
    m = build_manifest(
        b"Just text.", doc, filename="a.md", spec=None, chunk_counts={"structural": 1}, indexed_chars=10
    )
    assert m["has_warning"] is False and m["warnings"] == [] and m["extractor"] is None
    assert m["coverage"]["images"] == {"placeholders": 0, "extracted": 0, "skipped": []}
