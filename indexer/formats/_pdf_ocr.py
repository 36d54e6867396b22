"""Optional OCR of PDF pages without a text layer, through the ``tesseract`` command when it is
installed. Never required: without it, such pages are listed as empty (or the document raises
OCR_REQUIRED when no page has text).

A page is rendered in grey at 300 dpi and written as an uncompressed TIFF that carries its
resolution (so tesseract need not guess it, and no time goes into compressing a file read once).
Page segmentation mode 1 lets tesseract find the page's orientation first, so a page scanned on
its side reads as text instead of letter salad; a tesseract without its orientation data runs
again in its default mode.
tesseract runs with one OpenMP thread unless ``OMP_THREAD_LIMIT`` says otherwise: its threads
spin against each other and against the indexer's workers, and one thread reads a page several
times quicker on a busy two-core machine (0.6 s against 4.5 s for ``sample_corpus/pdf/scanned.pdf``).
Pages are read in parallel instead, one process per CPU: pdfium renders them one at a time in the
calling thread, and threads only wait for tesseract.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import time
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from functools import cache

import pypdfium2 as pdfium

from ..limits import usable_cpus
from ..model import PARAGRAPH, Block
from ._pdf_layout import join_lines
from ._pdf_lines import Words

#: At most this many pages of one document are sent to OCR, each for at most TIMEOUT seconds.
MAX_PAGES = 50
TIMEOUT = 60.0
DPI = 300


class OcrFailed(Exception):
    """tesseract did not produce text for a page; the message says why."""


class OcrTimedOut(OcrFailed):
    """tesseract was stopped at the time it was given (``seconds``)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"tesseract took longer than {seconds:.0f} s")
        self.seconds = seconds


def available() -> bool:
    return shutil.which("tesseract") is not None


def _ask(*args: str) -> str | None:
    """What ``tesseract ARGS`` prints (some versions print to stderr), or None when it cannot be
    run or does not answer within 10 s."""
    binary = shutil.which("tesseract")
    if binary is None:
        return None
    try:
        said = subprocess.run([binary, *args], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return said.stdout or said.stderr


@cache
def engine() -> str:
    """``tesseract 5.3.0`` (the version it reports), for the provenance of the text it read."""
    words = (_ask("--version") or "").split()
    return f"tesseract {words[1]}" if len(words) > 1 and words[0] == "tesseract" else "tesseract"


def describe() -> str:
    """One line on OCR as this machine has it: tesseract's version and languages, or its absence."""
    if not available():
        return "OCR: tesseract is not on PATH; PDF pages without a text layer are reported as OCR_REQUIRED"
    langs = _ask("--list-langs")
    if langs is None:
        return "OCR: tesseract is on PATH but does not answer"
    number = engine().removeprefix("tesseract").strip() or "of unknown version"
    listed = [line.strip() for line in langs.splitlines()[1:]]  # under a line saying where they are
    names = [name for name in listed if valid_lang(name) and name != "osd"][:20]
    return (
        f"OCR: tesseract {number} reads PDF pages without a text layer "
        f"(languages: {', '.join(names) or 'none'}; choose with --ocr-lang)"
    )


#: tesseract language names (``eng``, ``deu+eng``, ``chi_sim``): nothing else reaches its command line
_LANG = re.compile(r"[A-Za-z0-9_]+(\+[A-Za-z0-9_]+)*")


def valid_lang(lang: str) -> bool:
    return _LANG.fullmatch(lang) is not None


def workers() -> int:
    """How many pages are read at once by default: one tesseract process per CPU this process may
    use (each runs one thread), so a long scan read on its own takes a fraction of the time; the
    folder indexer divides the CPUs among its workers instead (option ``ocr_jobs``)."""
    return usable_cpus()


def render(page):
    """The page in grey at DPI dots per inch, as a Pillow image that owns its pixels (the page and
    its bitmap may be closed once this returns; pdfium is called from one thread only)."""
    bitmap = page.render(scale=DPI / 72, grayscale=True)
    try:
        return bitmap.to_pil()  # a copy: pdfium's rows are padded, so Pillow decodes them
    finally:
        bitmap.close()


def read(image, timeout: float = TIMEOUT, lang: str | None = None) -> str:
    """The text tesseract reads on a rendered page, in ``lang`` (tesseract's default language
    when None); OcrFailed when it cannot, OcrTimedOut when it takes longer than ``timeout``
    seconds. Safe to call from several threads at once: each call has its own file and process."""
    binary = shutil.which("tesseract")
    if binary is None:
        raise OcrFailed("tesseract is not installed")
    env = dict(os.environ)
    env.setdefault("OMP_THREAD_LIMIT", "1")
    with tempfile.TemporaryDirectory(prefix="chunkscope-ocr-") as tmp:
        path = os.path.join(tmp, "page.tif")
        image.save(path, format="TIFF", dpi=(DPI, DPI))
        command = [binary, path, "stdout"] + (["-l", lang] if lang else [])
        deadline = time.monotonic() + timeout
        try:
            done = subprocess.run(
                [*command, "--psm", "1"], capture_output=True, timeout=timeout, check=False, env=env
            )
            if done.returncode != 0:  # e.g. no orientation data: the default mode reads upright pages
                left = deadline - time.monotonic()
                if left <= 0:
                    raise subprocess.TimeoutExpired(command, timeout)
                done = subprocess.run(command, capture_output=True, timeout=left, check=False, env=env)
        except subprocess.TimeoutExpired:
            raise OcrTimedOut(timeout) from None
        except OSError as exc:
            raise OcrFailed(str(exc)) from None
    if done.returncode != 0:
        raise OcrFailed(_why(done.stderr.decode("utf-8", "replace")) or f"exit {done.returncode}")
    return done.stdout.decode("utf-8", "replace")


def ocr_page(page, timeout: float = TIMEOUT, lang: str | None = None) -> str:
    """:func:`read` of the page :func:`render` draws."""
    return read(render(page), timeout, lang)


class PageNotLoaded(OcrFailed):
    """pdfium could not load or draw the page."""


def read_pages(
    pdf, numbers: list[int], deadline: float, lang: str | None = None, jobs: int = 1
) -> Iterator[tuple[int, float, str | OcrFailed | None]]:
    """OCR of the pages ``numbers`` of ``pdf``, ``jobs`` at a time: yields ``(number, limit,
    outcome)`` in the order of ``numbers``, where ``limit`` is the time tesseract was given and
    ``outcome`` the text it read or the :class:`OcrFailed` that stopped it. A page whose turn
    comes with a second or less left before ``deadline`` (``time.monotonic``) is yielded with
    limit 0 and outcome None, and no page after it is started. Pages are loaded and drawn here,
    in the calling thread, only when a reader is free, so at most ``jobs`` drawn pages are held."""
    jobs = max(1, jobs)
    queue: deque[tuple[int, float, Future | None]] = deque()
    todo = iter(numbers)
    more = True
    with ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="chunkscope-ocr") as pool:
        while True:
            while more and len(queue) < jobs:
                number = next(todo, None)
                if number is None:
                    more = False
                    break
                left = deadline - time.monotonic()
                if left <= 1.0:
                    queue.append((number, 0.0, None))
                    more = False
                    break
                limit = min(TIMEOUT, left)
                try:
                    page = pdf[number - 1]
                    try:
                        image = render(page)
                    finally:
                        page.close()
                except pdfium.PdfiumError as exc:
                    failed: Future = Future()
                    failed.set_exception(PageNotLoaded(f"the page could not be loaded: {exc}"))
                    queue.append((number, limit, failed))
                    continue
                queue.append((number, limit, pool.submit(read, image, limit, lang)))
                del image
            if not queue:
                return
            number, limit, future = queue.popleft()
            if future is None:
                yield number, 0.0, None
                return
            try:
                outcome: str | OcrFailed = future.result()
            except OcrFailed as exc:
                outcome = exc
            yield number, limit, outcome


def _why(stderr: str) -> str:
    """The line of tesseract's complaint that says what failed ("Failed loading language 'xyz'"),
    else one saying error, else its last."""
    said = [line.strip() for line in stderr.splitlines() if line.strip()]
    for word in ("failed", "error"):
        for line in said:
            if word in line.lower():
                return line[:200]
    return said[-1][:200] if said else ""


#: words after which a hyphen at a line end is a suspended one (``Wasser-`` / ``und Abwasser``)
_CONJUNCTION = re.compile(r"(?:und|oder|bzw|sowie|bis|u|and|or|nor|to)\b", re.IGNORECASE)


def blocks(text: str, page: int, words: Words | None = None) -> list[Block]:
    """Paragraph blocks of OCR output: paragraphs are separated by blank lines, and their lines
    are joined as a text layer's are (``_pdf_layout.join_lines``: a word hyphenated at a line end
    is joined again, ``Hackschnitzel-`` / ``heizung``, unless a conjunction follows; ``words``:
    the document's)."""
    out = []
    for para in text.replace("\f", "\n").split("\n\n"):
        lines: list[str] = []
        for line in para.splitlines():
            line = " ".join(line.split())
            if lines and lines[-1].endswith("-") and _CONJUNCTION.match(line):
                lines[-1] += " " + line  # "Wasser-" / "und Abwasser": a suspended hyphen stays
            elif line:
                lines.append(line)
        joined = join_lines(lines, words)
        if joined:
            out.append(Block(PARAGRAPH, joined, page=page, meta={"ocr": True}))
    return out
