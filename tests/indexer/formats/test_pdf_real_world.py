"""Every PDF under ../shared/fixtures/real-world/pdf/ gives chunks or a documented error code within
a time-out. Each file runs in a forked child (two at a time), so one file cannot hang or crash the
run; the outcome per file is printed (pytest -s shows it).

Expected outcomes were checked by hand against the files (SOURCES.tsv describes each, and the
pages were looked at in a viewer): the scans without a text layer need OCR, one file is
password-protected and one is zero bytes. pdfium refuses unreadablemetadata.pdf (broken
cross-reference streams); pdfminer still reads its first page, so it is indexed with a warning.
"""

from __future__ import annotations

import multiprocessing as mp
import time
from pathlib import Path

import pytest

from indexer import chunk_document, errors
from indexer.api import extract

TIME_LIMIT = 45.0
WORKERS = 2
OPTIONS = {"ocr": "never"}  # the outcome must not depend on whether tesseract is installed

EXPECTED = {
    "kreuzberg/image_only_german_pdf.pdf": errors.OCR_REQUIRED,
    "kreuzberg/non_searchable.pdf": errors.OCR_REQUIRED,
    "kreuzberg/ocr_test_rotated_90.pdf": errors.OCR_REQUIRED,
    "py-pdf-samples/imagemagick-CCITTFaxDecode.pdf": errors.OCR_REQUIRED,
    "py-pdf-samples/imagemagick-lzw.pdf": errors.OCR_REQUIRED,
    "pdfplumber/password-example.pdf": errors.ENCRYPTED,  # user password "test"
    "pdfplumber/empty.pdf": "empty",  # zero bytes: no pages, no chunks
}


def _child(conn, path: str) -> None:
    try:
        doc = extract(path, options=OPTIONS)
        chunks = chunk_document(doc, "default") if doc.blocks else []
        # a file in the PDF's embedded-files list stands on no page: its chunks name the file
        no_page = sum(1 for c in chunks if "page_number" not in c.metadata and "attachment" not in c.metadata)
        cov = doc.coverage
        conn.send(
            (
                "ok" if doc.blocks else "empty",
                {
                    "pages": cov.pages_total,
                    "empty_pages": len(cov.empty_pages),
                    "blocks": len(doc.blocks),
                    "chunks": len(chunks),
                    "chunks_without_page": no_page,
                    "tables": sum(1 for b in doc.blocks if b.kind == "table"),
                    "headings": sum(1 for b in doc.blocks if b.kind == "heading"),
                    "images": cov.images_extracted,
                    "removed": list(cov.headers_footers_removed)[:3],
                },
            )
        )
    except errors.ChunkscopeError as exc:
        conn.send((exc.code, {"message": exc.message[:160]}))
    except BaseException as exc:  # noqa: BLE001 - reported as a failure
        conn.send(("UNDOCUMENTED", {"message": f"{type(exc).__name__}: {exc}"[:300]}))


def _run_all(paths: list[Path]) -> dict[Path, tuple[str, dict, float]]:
    ctx = mp.get_context("fork")
    pending = list(paths)
    running: dict[Path, tuple] = {}
    results: dict[Path, tuple[str, dict, float]] = {}
    while pending or running:
        while pending and len(running) < WORKERS:
            path = pending.pop(0)
            parent, child = ctx.Pipe()
            proc = ctx.Process(target=_child, args=(child, str(path)), daemon=True)
            proc.start()
            running[path] = (proc, parent, time.monotonic())
        for path, (proc, parent, started) in list(running.items()):
            elapsed = time.monotonic() - started
            if parent.poll(0.02):
                try:
                    status, info = parent.recv()
                except EOFError:
                    status, info = "CRASH", {"exit": proc.exitcode}
            elif not proc.is_alive() and not parent.poll():
                status, info = "CRASH", {"exit": proc.exitcode}
            elif elapsed > TIME_LIMIT:
                proc.kill()
                status, info = "TIMEOUT", {"limit": TIME_LIMIT}
            else:
                continue
            proc.join(timeout=5)
            results[path] = (status, info, elapsed)
            del running[path]
    return results


def test_every_real_world_pdf_gives_chunks_or_a_documented_error(real_world):
    folder = real_world / "pdf"
    paths = sorted(folder.rglob("*.pdf"))
    assert len(paths) >= 40
    results = _run_all(paths)
    problems = []
    for path in paths:
        status, info, elapsed = results[path]
        name = path.relative_to(folder).as_posix()
        print(f"{elapsed:6.2f}s {name:60.60} {status:14} {info}")
        expected = EXPECTED.get(name, "ok")
        if status != expected:
            problems.append((name, status, expected, info))
        elif status == "ok" and (info["chunks"] == 0 or info["chunks_without_page"]):
            problems.append((name, "chunks without page_number or no chunks", info))
    assert not problems, problems


def test_file_pdfium_refuses_is_read_by_pdfminer_with_a_warning(real_world):
    path = real_world / "pdf" / "py-pdf-samples" / "unreadablemetadata.pdf"
    if not path.exists():
        pytest.skip("fixture missing")
    doc = extract(path)
    assert any("read by pdfminer" in w for w in doc.coverage.warnings)
    assert all(b.page == 1 for b in doc.blocks)
    # a data sheet: "Rotary Potentiometer", "5 Watt" are printed on its first page
    assert "Rotary Potentiometer" in doc.text and "5 Watt" in doc.text
    # its title is set in fake bold, each character drawn twice: before, "DDaattaa SShheeeett"
    assert "Series 026 Data Sheet" in doc.text


def test_pdfminer_reads_fake_bold_text_once():
    import io

    from reportlab.pdfgen import canvas

    from indexer.formats._pdf_fallback import extract_with_pdfminer
    from indexer.limits import ExtractContext

    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.setFont("Helvetica", 14)
    c.drawString(72, 700, "Series 026 Data Sheet")
    c.drawString(72.4, 700, "Series 026 Data Sheet")  # the same line again, 0.4 pt to the right
    c.setFont("Helvetica", 11)
    c.drawString(72, 660, "Rotary potentiometer, 5 Watt.")
    c.showPage()
    c.save()
    doc = extract_with_pdfminer(buf.getvalue(), ExtractContext(filename="sheet.pdf"), "sheet.pdf", "test")
    assert [b.text for b in doc.blocks] == ["Series 026 Data Sheet Rotary potentiometer, 5 Watt."]


def test_password_protected_pdf_opens_with_its_known_password(real_world):
    path = real_world / "pdf" / "pdfplumber" / "password-example.pdf"
    if not path.exists():
        pytest.skip("fixture missing")
    doc = extract(path, options={"pdf_password": "test"})
    assert doc.coverage.pages_total == 4
    assert all(b.page for b in doc.blocks)
    assert "Backup4all" in doc.text  # the manual's product name, read on page 1
