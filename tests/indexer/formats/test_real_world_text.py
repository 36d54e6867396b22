"""Every text-family file of ../shared/fixtures/real-world extracts without an undocumented error.

The files are read in place. Each one is extracted and chunked in the default mode; the outcome
per file (chunks, or the documented error code) is printed as a table in the test output, and the
test fails on any undocumented exception or any blank chunk. A documented error is allowed only
with a code a user can act on (none of these files is expected to need one).
"""

from __future__ import annotations

from pathlib import Path

import indexer
from indexer import errors

TEXT_FAMILY = ("txt", "md", "html", "json", "jsonl", "ndjson", "csv", "eml", "mbox", "ipynb")


def _files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file() and p.suffix.lower().lstrip(".") in TEXT_FAMILY)


def test_every_real_world_text_file_extracts(real_world, capsys):
    files = _files(real_world)
    # the folders hold 3 txt, 7 md, 5 html, 15 json, 2 jsonl, 1 ndjson, 2 csv, 14 eml, 4 mbox, 2 ipynb
    assert len(files) == 55
    rows, failures = [], []
    for path in files:
        rel = path.relative_to(real_world).as_posix()
        try:
            doc = indexer.extract(path)
            chunks = indexer.chunk_document(doc, "default")
        except errors.ChunkscopeError as exc:
            rows.append((rel, f"{exc.code}: {exc.message[:60]}"))
            continue
        except Exception as exc:  # the invariant under test: record, then fail below
            failures.append(f"{rel}: undocumented {type(exc).__name__}: {exc}")
            rows.append((rel, f"UNDOCUMENTED {type(exc).__name__}"))
            continue
        blank = [i for i, c in enumerate(chunks) if not c.content.strip()]
        if blank:
            failures.append(f"{rel}: blank chunks {blank[:5]}")
        note = f"{len(chunks)} chunks, {len(doc.blocks)} blocks"
        if doc.images:
            note += f", {len(doc.images)} images"
        if doc.coverage.skipped:
            note += f", {len(doc.coverage.skipped)} skipped"
        if doc.coverage.warnings:
            note += f", warning: {doc.coverage.warnings[0][:50]}"
        rows.append((rel, note))
        # every non-empty text-family file gives a chunk (whitespace-only JSON test files may not)
        if path.read_bytes().strip(b" \t\r\n\xef\xbb\xbf") and not chunks:
            failures.append(f"{rel}: no chunks from non-empty input")
    width = max(len(r[0]) for r in rows)
    with capsys.disabled():
        print("\nreal-world text-family outcomes:")
        for rel, outcome in rows:
            print(f"  {rel:<{width}}  {outcome}")
    assert not failures, failures


def test_known_real_world_contents(real_world):
    """A few facts read from the files themselves."""
    eml = indexer.extract(real_world / "eml" / "kreuzberg" / "thunderbird_png_attachment.eml")
    # "Subject: Test email with PNG attachment"; the PNG is attached as test_image.png
    assert eml.metadata["subject"] == "Test email with PNG attachment"
    assert [im.name for im in eml.images] == ["test_image.png"]
    assert "This is a test email with a PNG image attachment." in eml.text
    pdf_mail = indexer.extract(real_world / "eml" / "kreuzberg" / "mailgun_pdf_attachment.eml")
    assert [s.name for s in pdf_mail.coverage.skipped_of("attachment")] == ["test.pdf"]
    nested = indexer.extract(real_world / "json" / "JSONTestSuite" / "i_structure_500_nested_arrays.json")
    assert nested.metadata["top_level"] == "array"
    too_deep = indexer.extract(
        real_world / "json" / "JSONTestSuite" / "n_structure_100000_opening_arrays.json"
    )
    assert too_deep.coverage.warnings and too_deep.text.startswith("[[[[")
    mbox = indexer.extract(real_world / "mbox" / "MimeKit_simple.mbox")
    # three "From - " separators; the first subject line of the file
    assert mbox.metadata["message_count"] == 3
    assert mbox.blocks[0].text == "this'll probably break a lot of mime parsers"
