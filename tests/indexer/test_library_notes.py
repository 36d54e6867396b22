"""What libraries log or warn while a document is extracted becomes that document's coverage
warnings (deduplicated, capped, per thread), and nothing of it reaches the terminal."""

from __future__ import annotations

import io
import logging
import threading
import warnings
import zipfile
from dataclasses import replace

import pytest

from indexer import api, quiet
from indexer.formats import registry
from indexer.formats.text import extract_text

CROPBOX = "CropBox missing from /Page, defaulting to MediaBox"  # as pdfminer.pdfpage logs it


@pytest.fixture(params=["worker", "command line"])
def routed(request):
    """A process set up as an extraction worker or as the command line is; restored after."""
    root = logging.getLogger()
    saved = (root.handlers[:], root.level, warnings.filters[:], warnings.showwarning)
    own = {name: logging.getLogger(name).level for name in quiet.OWN_PACKAGES}
    (quiet.silence_worker if request.param == "worker" else quiet.quiet_libraries)()
    yield request.param
    root.handlers[:], warnings.filters[:] = saved[0], saved[2]
    root.setLevel(saved[1])
    warnings.showwarning = saved[3]
    for name, level in own.items():
        logging.getLogger(name).setLevel(level)


def _with_extension() -> bytes:
    """An .xlsx whose sheet carries a data-validation extension, which openpyxl warns it drops."""
    import openpyxl

    book = openpyxl.Workbook()
    book.active["A1"] = "x"
    buf = io.BytesIO()
    book.save(buf)
    src = zipfile.ZipFile(buf)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for item in src.infolist():
            data = src.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml":
                ext = b'<extLst><ext uri="{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}"/></extLst>'
                data = data.replace(b"</worksheet>", ext + b"</worksheet>")
            z.writestr(item, data)
    return out.getvalue()


def _reading_with(monkeypatch, func):
    """Every file read as plain text by ``func`` (which may call libraries first)."""
    spec = replace(registry.for_extension(".txt"), func=func)
    monkeypatch.setattr(api.formats, "resolve", lambda filename, data: spec)


def test_a_librarys_log_records_and_warnings_are_the_documents_warnings(routed, monkeypatch, capsys):
    import openpyxl
    from bs4 import BeautifulSoup

    book = _with_extension()

    def extractor(data, ctx):
        page = logging.getLogger("pdfminer.pdfpage")
        page.warning(CROPBOX)
        page.warning(CROPBOX)  # said again: one note
        page.info("a record below WARNING is no note")
        openpyxl.load_workbook(io.BytesIO(book))
        # bs4 warns with its own class, pointed at its caller (here) by ``stacklevel``
        BeautifulSoup("<?xml version='1.0'?><a>x</a>", "html.parser")
        logging.getLogger("indexer.formats").warning("the project's own records are no notes")
        return extract_text(data, ctx)

    _reading_with(monkeypatch, extractor)
    expected = (
        f"pdfminer: {CROPBOX}",
        "openpyxl: Data Validation extension is not supported and will be removed",
    )
    for name in ("first.txt", "second.txt"):  # the warning again for the next document
        doc = api.extract_bytes(b"Some text.", name)
        assert doc.coverage.warnings[:2] == expected, name
        (bs4,) = doc.coverage.warnings[2:]
        assert bs4.startswith("bs4: It looks like you're using an HTML parser to parse an XML document.")
        assert len(bs4) == quiet.MAX_NOTE_CHARS  # a long message is cut
        assert [b.text for b in doc.blocks] == ["Some text."]
    # outside an extraction, libraries' records and warnings are dropped as before
    logging.getLogger("pdfminer.pdfpage").warning("not during an extraction")
    openpyxl.load_workbook(io.BytesIO(book))
    err = capsys.readouterr().err
    assert "CropBox" not in err and "Data Validation" not in err and "not during" not in err
    if routed == "command line":
        assert "the project's own records are no notes" in err  # still shown on the terminal
    else:
        assert err == ""


def test_notes_are_capped_and_kept_per_thread(routed, monkeypatch):
    both_in = threading.Barrier(2, timeout=10)

    def extractor(data, ctx):
        who = data.decode()
        log = logging.getLogger("pdfminer.converter")
        log.warning("%s before", who)
        both_in.wait()  # both threads are extracting now
        for n in range(8 if who == "A" else 1):
            log.warning("%s message %d", who, n)
        both_in.wait()
        return extract_text(data, ctx)

    _reading_with(monkeypatch, extractor)
    docs = {}

    def run(who):
        docs[who] = api.extract_bytes(who.encode(), f"{who}.txt")

    threads = [threading.Thread(target=run, args=(who,)) for who in ("A", "B")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert docs["A"].coverage.warnings == (
        "pdfminer: A before",
        "pdfminer: A message 0",
        "pdfminer: A message 1",
        "pdfminer: A message 2",
        "pdfminer: A message 3",
        "4 more library message(s) left out",  # A message 4 to 7
    )
    assert docs["B"].coverage.warnings == ("pdfminer: B before", "pdfminer: B message 0")


def test_warnings_about_code_are_no_notes_of_the_document(routed, monkeypatch):
    # a deprecation, an import or an unclosed resource is about the code that runs (a library's
    # or ours, a file the collector closes in the middle of any document), not about the file:
    # the interpreter hides them by default, and they stay hidden
    lib = "/venv/lib/python3.11/site-packages/somelib/reader.py"

    def extractor(data, ctx):
        warnings.warn_explicit("old_call() is deprecated", DeprecationWarning, lib, 10)
        warnings.warn_explicit("old_api will go", PendingDeprecationWarning, lib, 11)
        warnings.warn_explicit("unclosed file <_io.BufferedReader>", ResourceWarning, lib, 12)
        warnings.warn_explicit("can't resolve package", ImportWarning, lib, 13)
        warnings.warn_explicit("the table's header is damaged", UserWarning, lib, 14)
        return extract_text(data, ctx)

    _reading_with(monkeypatch, extractor)
    doc = api.extract_bytes(b"Some text.", "a.txt")
    assert doc.coverage.warnings == ("somelib: the table's header is damaged",)
