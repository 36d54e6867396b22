"""OCR of PDF pages through the real ``tesseract`` command, on PDFs made by us.

The tests that need tesseract skip with the reason when it is not installed; ``.ci/run`` installs
it and sets CHUNKSCOPE_REQUIRE_TESSERACT=1, which turns such a skip into a failure. The rest run
everywhere (tesseract is hidden from them by an empty PATH where its absence matters).
"""

from __future__ import annotations

import io
import itertools
import json
import os
import random
import shutil
import subprocess
import sys
import time

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageDraw, ImageFont

from indexer import errors, extract, get_chunks
from indexer.formats import _pdf_ocr
from indexer.limits import Limits
from tests.conftest import ROOT, SAMPLE_CORPUS

PDFS = SAMPLE_CORPUS / "pdf"
#: the 20 lines bench/make_sample_pdfs.py draws on scanned.pdf's only page
SCANNED_LINES = [f"Scanned line {i}: the quick brown fox jumps over the dog." for i in range(1, 21)]


@pytest.fixture
def tesseract() -> str:
    found = shutil.which("tesseract")
    if found is None:
        if os.environ.get("CHUNKSCOPE_REQUIRE_TESSERACT") == "1":
            pytest.fail("CI installed tesseract, but it is not on PATH")
        pytest.skip("tesseract is not installed: OCR cannot run here")
    return found


@pytest.fixture
def no_tesseract(tmp_path, monkeypatch):
    """A PATH without tesseract on it."""
    empty = tmp_path / "empty-path"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    assert not _pdf_ocr.available()


def _scan_pdf(lines: list[str], *, turn: int = 0) -> bytes:
    """A one-page PDF that is only a picture of ``lines`` (no text layer), turned by ``turn``
    degrees counter-clockwise, as a scanner fed the sheet sideways would give it."""
    img = Image.new("L", (600, 60 + 40 * len(lines)), 255)
    draw = ImageDraw.Draw(img)
    for i, line in enumerate(lines):
        draw.text((30, 30 + 40 * i), line, fill=0)
    img = img.resize((img.width * 3, img.height * 3), Image.Resampling.NEAREST)  # a legible size
    if turn:
        img = img.rotate(turn, expand=True, fillcolor=255)
    out = io.BytesIO()
    img.save(out, format="PDF", resolution=200)
    return out.getvalue()


class _Spy:
    """Records the pages handed to the real tesseract (``_pdf_ocr.read``): how many, and when each
    started and ended."""

    def __init__(self, monkeypatch):
        self.calls = 0
        self.spans: list[tuple[float, float]] = []
        real = _pdf_ocr.read

        def spy(image, *args, **kwargs):
            self.calls += 1
            start = time.monotonic()
            try:
                return real(image, *args, **kwargs)
            finally:
                self.spans.append((start, time.monotonic()))

        monkeypatch.setattr(_pdf_ocr, "read", spy)


# -- with tesseract --------------------------------------------------------------------------------


def test_scanned_page_is_read_by_tesseract(tesseract):
    doc = extract(PDFS / "scanned.pdf")
    assert doc.coverage.ocr_pages == (1,) and doc.coverage.empty_pages == ()
    paragraphs = [b for b in doc.blocks if b.kind == "paragraph"]
    assert all(b.page == 1 and b.meta == {"ocr": True} for b in paragraphs)
    texts = [b.text for b in paragraphs]
    # the drawing is small and blurred by the page's scaling: most lines come back word for word
    # (15 of 20 with tesseract 5.3), and every one of them keeps its words
    assert sum(line in texts for line in SCANNED_LINES) >= 12, texts
    assert doc.text.count("quick brown fox") == 20
    chunks = get_chunks(PDFS / "scanned.pdf")
    assert "Scanned line 1: the quick brown fox" in chunks[0]["content"]
    assert chunks[0]["metadata"]["page_number"] == 1


def test_page_scanned_on_its_side_reads_upright(tesseract):
    lines = ["Quarterly inventory of the harbour warehouse", "Forty crates of copper wire arrived"]
    doc = extract(_scan_pdf(lines, turn=90), filename="sideways.pdf")
    assert doc.coverage.ocr_pages == (1,)
    assert "Quarterly inventory" in doc.text and "copper wire arrived" in doc.text, doc.text


def test_blank_page_is_not_sent_to_ocr(tesseract, monkeypatch):
    spy = _Spy(monkeypatch)
    doc = extract(PDFS / "partly_empty.pdf")  # page 2 has no objects at all
    assert spy.calls == 0
    assert doc.coverage.empty_pages == (2,) and doc.coverage.ocr_pages == ()
    extract(PDFS / "scanned.pdf")
    assert spy.calls == 1


def test_ocr_stops_at_its_share_of_the_time_out(tesseract):
    with pytest.raises(errors.OcrRequired) as info:
        extract(PDFS / "scanned.pdf", limits=Limits(timeout_seconds=1.0))
    assert (
        "1 page not read by OCR (page 1): its time share of 0.5 s "
        "(50% of the per-document time-out of 1 s) ran out" in info.value.message
    )


def _scan_paragraph(lines: list[str]) -> bytes:
    """A one-page scan of ``lines`` set as one paragraph (tight lines, a legible size)."""
    font = ImageFont.load_default(size=36)
    img = Image.new("L", (1400, 120 + 50 * len(lines)), 255)
    draw = ImageDraw.Draw(img)
    for i, line in enumerate(lines):
        draw.text((60, 60 + 50 * i), line, fill=0, font=font)
    out = io.BytesIO()
    img.save(out, format="PDF", resolution=150)
    return out.getvalue()


def test_ocr_joins_words_hyphenated_at_a_line_end(tesseract):
    lines = [
        "The harbour master counted forty ware-",
        "houses along the quay; the Heimat- und",
        "Kulturverein checked the heating of each",
    ]
    doc = extract(_scan_paragraph(lines), filename="quay.pdf")
    assert [b.text for b in doc.blocks if b.kind == "paragraph"] == [
        "The harbour master counted forty warehouses along the quay; the Heimat- und "
        "Kulturverein checked the heating of each"
    ]


def test_ocr_paragraph_lines_are_joined_as_a_text_layers_are():
    # lines as tesseract gives them on non_ascii_text.pdf and image_only_german_pdf.pdf
    said = (
        "Spatenstich fur die Hackschnitzel-\nheizung: wer-\nden 2. Heimat- und\nFamilien-\nforschung\n\n"
        "Bescheide fiir Wasser-\nund Abwassergebihren\n\nBaden-\nWurttemberg\n\f"
    )
    assert [b.text for b in _pdf_ocr.blocks(said, 3)] == [
        "Spatenstich fur die Hackschnitzelheizung: werden 2. Heimat- und Familienforschung",
        "Bescheide fiir Wasser- und Abwassergebihren",  # a suspended hyphen at a line end
        "Baden- Wurttemberg",  # a capital after the hyphen: not a word cut in two
    ]


def test_missing_language_is_named(tesseract):
    with pytest.raises(errors.OcrRequired) as info:
        extract(PDFS / "scanned.pdf", options={"ocr_lang": "xyz"})
    assert "OCR did not read them" in info.value.message and "'xyz'" in info.value.message


def test_language_option_reaches_tesseract(tesseract):
    langs = subprocess.run([tesseract, "--list-langs"], capture_output=True, text=True).stdout.split()
    assert "eng" in langs
    doc = extract(PDFS / "scanned.pdf", options={"ocr_lang": "eng"})
    assert doc.coverage.ocr_pages == (1,)


def test_unloadable_page_is_passed_over(tesseract):
    # a slice deleted from partly_empty.pdf (the pdf fuzz test's case 7) leaves a page that pdfium
    # cannot load; OCR used to load it again and let PdfiumError out
    from tests.indexer.formats.test_pdf_fuzz import _mutate, _run

    rng = random.Random("pdf-fuzz-partly_empty.pdf")
    data = (PDFS / "partly_empty.pdf").read_bytes()
    for _ in range(8):
        kind, mutated = _mutate(data, rng)
    assert kind == "delete"
    status, detail = _run(mutated)  # in a forked child: pdfium is C
    assert status == "ok" or status in errors.CODES, (status, detail)


def test_index_reads_the_scan_in_a_worker(tesseract, tmp_path):
    # the worker runs under an address-space limit, which tesseract inherits
    folder = tmp_path / "scans"
    folder.mkdir()
    shutil.copy(PDFS / "scanned.pdf", folder)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    run = subprocess.run(
        [sys.executable, "-m", "tui", "index", str(folder), "--jobs", "1", "--json"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stdout)
    assert (summary["added"], summary["failed"]) == (1, 0), summary
    hits = subprocess.run(
        [sys.executable, "-m", "tui", "search", "quick brown fox", "--folder", str(folder), "--json"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert hits.returncode == 0, hits.stderr
    assert {h["path"] for h in json.loads(hits.stdout)} == {"scanned.pdf"}


# -- without tesseract, or without anything to read ------------------------------------------------


def test_without_tesseract_the_scan_says_how_to_read_it(no_tesseract):
    with pytest.raises(errors.OcrRequired) as info:
        extract(PDFS / "scanned.pdf")
    assert "1 image-only" in info.value.message and "install tesseract" in info.value.message
    doc = extract(PDFS / "partly_empty.pdf")
    assert doc.coverage.ocr_pages == () and doc.coverage.empty_pages == (2,)


def test_ocr_off_is_said():
    with pytest.raises(errors.OcrRequired) as info:
        extract(PDFS / "scanned.pdf", options={"ocr": "never"})
    assert info.value.message.endswith("OCR is off (ocr=never)")


def test_blank_pdf_says_nothing_is_drawn():
    pdf = pdfium.PdfDocument.new()
    pdf.new_page(612, 792).close()
    out = io.BytesIO()
    pdf.save(out)
    pdf.close()
    with pytest.raises(errors.OcrRequired) as info:
        extract(out.getvalue(), filename="blank.pdf")
    assert "(0 image-only, 1 blank); nothing is drawn on them" in info.value.message


@pytest.mark.parametrize("lang", ["deu eng", "eng;rm", "../eng", "", "+eng", "eng+"])
def test_language_names_are_checked(lang):
    if lang == "":  # empty means tesseract's default
        with pytest.raises(errors.OcrRequired):
            extract(PDFS / "scanned.pdf", options={"ocr_lang": lang, "ocr": "never"})
        return
    with pytest.raises(errors.InvalidArgument, match="ocr_lang"):
        extract(PDFS / "scanned.pdf", options={"ocr_lang": lang})


def test_ocr_lang_option_is_checked_on_the_command_line():
    run = subprocess.run(
        [sys.executable, "-m", "tui", "chunks", str(PDFS / "scanned.pdf"), "--ocr-lang", "eng;rm"],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )
    assert run.returncode == 2 and "--ocr-lang takes tesseract language names" in run.stderr


def test_ocr_jobs_option_on_the_command_line(tesseract):
    def run(*args):
        return subprocess.run(
            [sys.executable, "-m", "tui", "markdown", str(PDFS / "scanned.pdf"), *args],
            capture_output=True,
            text=True,
            env=dict(os.environ, PYTHONPATH=str(ROOT)),
        )

    bad = run("--ocr-jobs", "0")
    assert bad.returncode == 2 and "--ocr-jobs: a whole number greater than 0, not '0'" in bad.stderr
    good = run("--ocr-jobs", "2")
    assert good.returncode == 0, good.stderr
    assert "Scanned line 20" in good.stdout


def test_tesseract_complaint_is_reduced_to_its_point():
    said = (
        "Error opening data file /usr/share/tessdata/xyz.traineddata\n"
        "Please make sure the TESSDATA_PREFIX environment variable is set\n"
        "Failed loading language 'xyz'\nCould not initialize tesseract.\n"
    )
    assert _pdf_ocr._why(said) == "Failed loading language 'xyz'"
    assert _pdf_ocr._why("warning\n\nsomething broke\n") == "something broke"
    assert _pdf_ocr._why("") == ""


def test_formats_says_whether_ocr_is_there(tesseract):
    run = subprocess.run(
        [sys.executable, "-m", "tui", "formats"],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )
    version = subprocess.run([tesseract, "--version"], capture_output=True, text=True)
    number = (version.stdout or version.stderr).split()[1]  # "tesseract 5.3.0" → "5.3.0"
    assert f"OCR: tesseract {number} reads PDF pages without a text layer (languages: " in run.stdout
    assert "eng" in run.stdout.splitlines()[-1] and "osd" not in run.stdout.splitlines()[-1]


def test_formats_says_when_ocr_is_missing(tmp_path):
    empty = tmp_path / "empty-path"
    empty.mkdir()
    run = subprocess.run(
        [sys.executable, "-m", "tui", "formats"],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT), PATH=str(empty)),
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1] == (
        "OCR: tesseract is not on PATH; PDF pages without a text layer are reported as OCR_REQUIRED"
    )


def test_the_engine_that_read_the_pages_is_recorded(tesseract, tmp_path):
    version = subprocess.run([tesseract, "--version"], capture_output=True, text=True)
    engine = "tesseract " + (version.stdout or version.stderr).split()[1]
    doc = extract(PDFS / "scanned.pdf", options={"ocr_lang": "eng"})
    assert (doc.metadata["ocr_engine"], doc.metadata["ocr_languages"]) == (engine, "eng")
    chunks = get_chunks(PDFS / "scanned.pdf")
    assert chunks[0]["metadata"]["document_metadata"]["ocr_engine"] == engine
    assert chunks[0]["metadata"]["document_metadata"]["ocr_languages"] == "tesseract's default"
    assert "ocr_engine" not in extract(PDFS / "report.pdf").metadata  # a text layer: no OCR
    # the manifest names it next to the extractor's libraries (computed here: no index)
    shutil.copy(PDFS / "scanned.pdf", tmp_path)
    run = subprocess.run(
        [sys.executable, "-m", "tui", "manifest", str(tmp_path / "scanned.pdf")],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )
    assert run.returncode == 0, run.stderr
    extractor = json.loads(run.stdout)["extractor"]
    assert extractor["id"] == "pdf" and extractor["ocr"] == engine


#: a municipal bulletin whose body font has no usable Unicode map: its text layer gives glyph
#: numbers, each letter 29 code points below its own ("6SDWHQVWLFK" on page 1 is "Spatenstich":
#: 6→S, S→p, D→a, W→t …), and digits as control characters
GARBLED_PDF = ("pdf", "kreuzberg", "non_ascii_text.pdf")


def _one_page(path, index: int) -> bytes:
    """Page ``index`` of ``path`` as a PDF of its own (OCR then reads one page)."""
    src = pdfium.PdfDocument(path)
    out = pdfium.PdfDocument.new()
    out.import_pages(src, [index])
    buf = io.BytesIO()
    out.save(buf)
    return buf.getvalue()


def test_a_garbled_text_layer_is_read_by_ocr(tesseract, real_world):
    data = _one_page(real_world.joinpath(*GARBLED_PDF), 0)
    doc = extract(data, filename="bulletin.pdf")
    assert doc.coverage.ocr_pages == (1,) and doc.coverage.pages_with_text == 0
    # the text is read again: a note says how (no warning)
    assert doc.coverage.notes == (
        "page 1: read by OCR instead of its garbled text layer (86% of its characters have no Unicode "
        "mapping in their font)",
    )
    assert not any("garbled" in w for w in doc.coverage.warnings)
    # the headline, "Spatenstich für neue Hackschnitzelheizung" (eng OCR may drop the umlaut)
    assert "Spatenstich" in doc.text and "Hackschnitzelheizung" in doc.text
    assert "6SDWHQVWLFK" not in doc.text and "\x14" not in doc.text


def test_a_garbled_text_layer_without_ocr_is_left_out_and_said(real_world):
    # glyph numbers are no text: kept, they became headings ("9HUDQVWDOWXQJHQ…") and running
    # header labels with control characters in them, and no search could find them (page 2 has
    # no line in a font that maps its characters, page 1 has: test_pdf_garbled_lines)
    data = _one_page(real_world.joinpath(*GARBLED_PDF), 1)
    with pytest.raises(errors.OcrRequired) as info:
        extract(data, filename="bulletin.pdf", options={"ocr": "never"})
    assert info.value.message == (
        "bulletin.pdf: no readable text on any of its 1 page (1 with a garbled text layer, "
        "0 image-only, 0 blank); OCR is off (ocr=never)"
    )


def test_a_garbled_text_layer_without_tesseract_is_left_out_and_said(no_tesseract, real_world):
    with pytest.raises(errors.OcrRequired) as info:
        extract(_one_page(real_world.joinpath(*GARBLED_PDF), 1), filename="bulletin.pdf")
    assert info.value.message.endswith("; tesseract is not installed to read them by OCR")


def _pages(path, indices: list[int]) -> bytes:
    """Pages ``indices`` of ``path`` as a PDF of their own."""
    src = pdfium.PdfDocument(path)
    out = pdfium.PdfDocument.new()
    out.import_pages(src, indices)
    buf = io.BytesIO()
    out.save(buf)
    return buf.getvalue()


def test_garbled_pages_ocr_had_no_time_for_are_left_out(real_world, monkeypatch):
    # the bulletin's pages 12-15, every one garbled; tesseract (stood in for here, so the test
    # does not depend on the machine's speed) reads the first, then is stopped by the end of
    # OCR's time share while reading the second: the two pages after it are never started
    data = _pages(real_world.joinpath(*GARBLED_PDF), [11, 12, 13, 14])
    limits = []

    def tesseract(image, timeout, lang=None):
        limits.append(timeout)
        if len(limits) == 1:
            return "Hackschnitzelheizung am Schutterwald\n\nDie Gemeinde lädt ein.\n"
        raise _pdf_ocr.OcrTimedOut(timeout)

    monkeypatch.setattr(_pdf_ocr, "available", lambda: True)
    monkeypatch.setattr(_pdf_ocr, "read", tesseract)
    doc = extract(data, filename="bulletin.pdf", limits=Limits(timeout_seconds=100), options={"ocr_jobs": 1})
    assert len(limits) == 2 and limits[1] < _pdf_ocr.TIMEOUT  # the rest of a 50 s share
    assert doc.coverage.ocr_pages == (1,) and doc.coverage.empty_pages == (2, 3, 4)
    assert doc.coverage.pages_with_text == 0
    # nothing of the garbled layer is left (the pages' photos stay): no text, no running-header labels
    assert [(b.page, b.text) for b in doc.blocks if b.kind != "image"] == [
        (1, "Hackschnitzelheizung am Schutterwald"),
        (1, "Die Gemeinde lädt ein."),
    ]
    assert doc.coverage.headers_footers_removed == ()
    warnings = doc.coverage.warnings
    assert "page 2: OCR failed (tesseract took longer than 50 s)" not in warnings
    assert (
        "3 pages not read by OCR (pages 2-4): its time share of 50 s "
        "(50% of the per-document time-out of 100 s) ran out" in warnings
    )
    assert (
        "garbled text layer left out of pages 2-4: OCR's time share of 50 s ran out before they were read"
        in (warnings)
    )


def _scans(pages: list[list[str]]) -> bytes:
    """A PDF of one scanned page (no text layer) per list of lines."""
    out = pdfium.PdfDocument.new()
    for lines in pages:
        out.import_pages(pdfium.PdfDocument(_scan_pdf(lines)))
    buf = io.BytesIO()
    out.save(buf)
    return buf.getvalue()


def test_pages_are_read_at_once_and_kept_in_page_order(tesseract, monkeypatch):
    sheets = [
        ["Minutes of the harbour board, first sheet"],
        ["Copper wire delivered to the north quay"],
        ["Timber stacked behind the customs house"],
    ]
    data = _scans(sheets)
    spy = _Spy(monkeypatch)
    one = extract(data, filename="scans.pdf", options={"ocr_jobs": 1})
    serial = spy.spans[:]
    assert spy.calls == 3 and all(a[1] <= b[0] for a, b in itertools.pairwise(serial))  # one after another
    spy.spans.clear()
    three = extract(data, filename="scans.pdf", options={"ocr_jobs": 3})
    # all three tesseract processes were started before the first ended
    assert len(spy.spans) == 3 and max(a for a, _ in spy.spans) < min(b for _, b in spy.spans)
    assert three.coverage.ocr_pages == (1, 2, 3)
    assert [(b.page, b.text) for b in three.blocks] == [(b.page, b.text) for b in one.blocks]
    by_page = {b.page: b.text for b in three.blocks if b.kind != "image"}
    assert "harbour board" in by_page[1] and "Copper wire" in by_page[2] and "Timber" in by_page[3], by_page


def test_pages_read_at_once_stop_at_the_time_share_in_page_order(real_world, monkeypatch):
    # the bulletin's pages 12-15 read two at a time by a stand-in: page 1 is read, page 2 runs into
    # the end of the share while page 3 (started beside it) would have been read: the document
    # keeps page 1 only, as when the pages are read one by one, and page 4 is never started
    data = _pages(real_world.joinpath(*GARBLED_PDF), [11, 12, 13, 14])
    started = []

    def tesseract(image, timeout, lang=None):
        started.append(timeout)
        if len(started) == 2:
            raise _pdf_ocr.OcrTimedOut(timeout)
        return f"Seite {len(started)}\n"

    monkeypatch.setattr(_pdf_ocr, "available", lambda: True)
    monkeypatch.setattr(_pdf_ocr, "read", tesseract)
    doc = extract(data, filename="bulletin.pdf", limits=Limits(timeout_seconds=100), options={"ocr_jobs": 2})
    assert len(started) == 3
    assert doc.coverage.ocr_pages == (1,) and doc.coverage.empty_pages == (2, 3, 4)
    assert [b.text for b in doc.blocks if b.kind != "image"] == ["Seite 1"]
    assert (
        "3 pages not read by OCR (pages 2-4): its time share of 50 s "
        "(50% of the per-document time-out of 100 s) ran out" in doc.coverage.warnings
    )


@pytest.mark.parametrize("jobs", [0, -1, 1.5, "2", True])
def test_ocr_jobs_is_checked(jobs):
    with pytest.raises(errors.InvalidArgument, match="ocr_jobs must be a whole number greater than 0"):
        extract(PDFS / "scanned.pdf", options={"ocr_jobs": jobs})


def test_the_folder_indexer_shares_the_cpus_among_its_workers(tmp_path):
    from indexer.limits import usable_cpus
    from storage.indexing import Indexer

    cpus = usable_cpus()
    for jobs, expected in ((1, cpus), (cpus, 1), (cpus * 4, 1)):
        indexer = Indexer(tmp_path, tmp_path / f"index-{jobs}.db", jobs=jobs)
        try:
            assert dict(indexer.options)["ocr_jobs"] == expected
        finally:
            indexer.close()
    # an explicit choice is kept
    indexer = Indexer(tmp_path, tmp_path / "index-x.db", jobs=1, options={"ocr_jobs": 7})
    try:
        assert dict(indexer.options)["ocr_jobs"] == 7
    finally:
        indexer.close()


def test_a_page_over_the_per_page_limit_is_a_failure_of_that_page(monkeypatch):
    # two scanned pages; the first takes tesseract past its 60 s per page (stood in for):
    # that page failed, the share is not spent, and the second page is read
    two = _pages(PDFS / "scanned.pdf", [0, 0])
    calls = []

    def tesseract(image, timeout, lang=None):
        calls.append(timeout)
        if len(calls) == 1:
            raise _pdf_ocr.OcrTimedOut(timeout)
        return "Scanned line 1\n"

    monkeypatch.setattr(_pdf_ocr, "available", lambda: True)
    monkeypatch.setattr(_pdf_ocr, "read", tesseract)
    doc = extract(two, filename="two.pdf", limits=Limits(timeout_seconds=600), options={"ocr_jobs": 1})
    assert calls == [60.0, 60.0]
    assert "page 1: OCR failed (tesseract took longer than 60 s, its limit per page)" in doc.coverage.warnings
    assert doc.coverage.ocr_pages == (2,) and doc.coverage.empty_pages == (1,)


def test_page_lists_in_warnings_name_runs_of_pages():
    from indexer.formats.pdf import _page_list

    assert _page_list([4]) == "page 4"
    assert _page_list([2, 3]) == "pages 2, 3"
    assert _page_list([1, 2, 3, 7, 9, 10, 11]) == "pages 1-3, 7, 9-11"


def test_odd_characters_of_real_text_do_not_make_a_page_garbled(real_world):
    # GeoTopo page 15: formulas in private-use and control codes (about 5 % of its characters),
    # but pdfium maps nearly all of its characters to Unicode
    path = real_world / "pdf" / "py-pdf-samples" / "GeoTopo-komprimiert.pdf"
    doc = extract(_one_page(path, 14), filename="geo.pdf", options={"ocr": "never"})
    assert doc.coverage.pages_with_text == 1
    assert not any("garbled" in w for w in doc.coverage.warnings), doc.coverage.warnings
