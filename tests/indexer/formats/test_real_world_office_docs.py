"""Every Word, PowerPoint, OpenDocument, RTF and EPUB file under ../shared/fixtures/real-world/
gives chunks or a documented error code, each in its own forked process with a time-out.

The outcome per file is printed (``pytest -s`` shows the table). Files whose outcome is an error
are listed below with the code they must give and why (read by hand); any other file must give at
least one non-empty chunk in every document mode.
"""

from __future__ import annotations

import multiprocessing
import time
from pathlib import Path

import pytest

from indexer import errors

SUFFIXES = (
    ".docx",
    ".docm",
    ".dotx",
    ".dotm",
    ".pptx",
    ".potx",
    ".ppsx",
    ".odt",
    ".odp",
    ".rtf",
    ".epub",
    ".doc",
    ".ppt",
)
TIMEOUT = 30.0
MODES = ("structural", "section", "semantic", "sliding_window", "sentence", "page_aware")

#: Files that hold no text, by design of the file (checked by opening them). (PictureObjectEmbed.rtf,
#: an embedded Paintbrush object and no text, is its picture: a WMF of one bitmap, made a PNG.)
EXPECTED_ERRORS: dict[str, str] = {}


def _work(path: str, conn) -> None:
    from indexer import chunk_document, extract

    try:
        doc = extract(path)
        counts = {}
        for mode in MODES:
            chunks = chunk_document(doc, mode)
            counts[mode] = sum(1 for c in chunks if c.content.strip())
        conn.send(("chunks", counts, len(doc.images)))
    except errors.ChunkscopeError as exc:
        conn.send(("error", exc.code, exc.message[:120]))
    except BaseException as exc:  # reported as a failure of the test, with the type
        conn.send(("crash", type(exc).__name__, str(exc)[:200]))


def _files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES)


def _run(path: Path) -> tuple:
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_work, args=(str(path), child))
    start = time.perf_counter()
    proc.start()
    child.close()
    outcome = None
    if parent.poll(TIMEOUT):
        try:
            outcome = parent.recv()
        except EOFError:
            outcome = ("crash", "EOFError", "worker died without an answer")
    proc.join(1.0)
    if proc.is_alive():
        proc.kill()
        proc.join()
        outcome = outcome or ("timeout", f"over {TIMEOUT:.0f} s", "")
    if outcome is None:
        outcome = ("crash", f"exit {proc.exitcode}", "")
    return outcome + (time.perf_counter() - start,)


def test_every_real_world_office_file(real_world):
    import indexer.formats.registry as registry

    registry.load_all()  # imported once here, inherited by every forked worker
    files = _files(real_world)
    assert len(files) >= 40, "the real-world fixtures have more office files than this"
    failures = []
    print()
    for path in files:
        rel = path.relative_to(real_world).as_posix()
        kind, *rest, seconds = _run(path)
        print(f"{rel:60} {kind:7} {rest} {seconds:.2f}s")
        if kind == "chunks":
            counts = rest[0]
            if rel in EXPECTED_ERRORS:
                failures.append(f"{rel}: expected {EXPECTED_ERRORS[rel]}, got chunks")
            elif min(counts.values()) < 1:
                failures.append(f"{rel}: a mode gave no non-empty chunk: {counts}")
        elif kind == "error":
            code = rest[0]
            if code not in errors.CODES:
                failures.append(f"{rel}: undocumented code {code}")
            elif EXPECTED_ERRORS.get(rel) != code:
                failures.append(f"{rel}: unexpected {code}: {rest[1]}")
        else:
            failures.append(f"{rel}: {kind} {rest}")
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("name", ["test_emf_docx.docx", "word_image_anchors.docx"])
def test_images_of_real_world_documents(real_world, name):
    """EMF pictures are skipped with a reason; raster pictures are extracted at their anchors."""
    from indexer.api import extract

    doc = extract(real_world / "docx" / "kreuzberg" / name)
    for block in doc.blocks:
        for image_name in block.images:
            assert doc.image(image_name) is not None
    if name == "test_emf_docx.docx":
        assert any("EMF" in s.reason for s in doc.coverage.skipped_of("image"))
    else:
        assert doc.images and all(b.kind == "image" for b in doc.blocks if b.images)


SAMPLES = (
    "inspection_report.docx",
    "operations_review.pptx",
    "society_minutes.odt",
    "volunteers_briefing.odp",
    "tenancy_renewal.rtf",
    "tide_pools.epub",
)


@pytest.mark.parametrize("name", SAMPLES)
def test_sample_documents_round_trip_and_are_deterministic(sample_corpus, name):
    """The store keeps Documents as JSON: nothing an office extractor produces may be lost there;
    and the same bytes give the same chunks twice."""
    from indexer import get_chunks
    from indexer.api import extract
    from indexer.model import Document

    path = sample_corpus / "office" / name
    doc = extract(path)
    assert Document.from_json(doc.to_json(), images={i.name: i.data for i in doc.images}) == doc
    first = get_chunks(path, list_images=True)
    second = get_chunks(path, list_images=True)
    assert first.chunks == second.chunks and first.images == second.images
    assert first.chunks and all(c["content"].strip() for c in first.chunks)
