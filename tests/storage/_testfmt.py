"""Test-only formats, imported in the extraction workers through the pool's ``extra_modules``.

- ``.cst``: plain paragraphs (blank-line separated); a file starting with ``BROKEN`` raises a
  ParseError, one starting with ``HANG`` never returns, one starting with ``CRASH`` kills its
  process (a crash in a parser); a file of another type or none whose first line is ``CST`` is
  read as such (its content names the format) without that line; a line ``IMG:<text>`` adds
  an image whose bytes are ``<text>``; a line ``LOG:<text>`` is logged as a warning by the
  ``pdfminer.pdfpage`` logger, as that library logs what it works around in a file.
- ``.hang``: never returns (an infinite loop), for the time-out.
- ``.hog``: allocates without bound, for the memory limit.
- ``.gate``: its first line names a FIFO; the extractor waits until something is written to it
  (:func:`open_gate`), then reads the rest of the file as plain paragraphs: a file that is slow
  to read for as long as a test wants.
"""

from __future__ import annotations

import logging

from indexer import errors
from indexer.formats.registry import extractor
from indexer.images import image_name
from indexer.model import IMAGE, PARAGRAPH, Block, Image, assemble

CST_MAGIC = b"CST\n"


def sniff_cst(head: bytes) -> bool:
    return head.startswith(CST_MAGIC)


@extractor(".cst", name="cst-test", source_type="cst", sniff=sniff_cst)
def extract_cst(data: bytes, ctx):
    text = data.removeprefix(CST_MAGIC).decode("utf-8")
    if text.startswith("BROKEN"):
        raise errors.ParseError(f"{ctx.filename}: broken on purpose")
    if text.startswith("HANG"):
        while True:
            pass
    if text.startswith("CRASH"):
        import os
        import signal

        os.kill(os.getpid(), signal.SIGKILL)
    blocks = []
    images = []
    for part in text.split("\n\n"):
        part = part.strip()
        if not part:
            continue
        if part.startswith("LOG:"):
            logging.getLogger("pdfminer.pdfpage").warning(part[4:])
        elif part.startswith("IMG:"):
            payload = part[4:].encode()
            name = image_name(payload, "png")
            images.append(Image(name=name, format="png", data=payload, alt=part[4:]))
            blocks.append(Block(IMAGE, "", images=(name,), alt=part[4:]))
        else:
            blocks.append(Block(PARAGRAPH, part))
    return assemble("cst", blocks, images=tuple(images))


@extractor(".gate", name="gate-test", source_type="gate")
def extract_gate(data: bytes, ctx):
    fifo, _, rest = data.decode("utf-8").partition("\n")
    with open(fifo, "rb") as gate:  # opening a FIFO to read waits for a writer
        gate.read()
    return assemble("gate", [Block(PARAGRAPH, p.strip()) for p in rest.split("\n\n") if p.strip()])


def open_gate(fifo: str, *, wait: bool = True) -> None:
    """Let the ``.gate`` file on ``fifo`` be read: once its extractor has the FIFO open (call it
    when the file is being read), or, without ``wait``, now or never (a test's clean-up)."""
    import os

    try:
        # opening a FIFO to write waits for a reader; non-blocking, it fails at once without one
        fd = os.open(fifo, os.O_WRONLY | (0 if wait else os.O_NONBLOCK))
    except OSError:
        return
    os.write(fd, b"go")
    os.close(fd)


def gated_folder(base, notes: int = 20) -> tuple:
    """A folder ``base/outside/incoming`` to move into a watched folder as one batch: a ``.gate``
    file read first (the largest), ``notes`` Markdown files, and a ``.gate`` file read last (the
    smallest), each gate held until :func:`open_gate` on its FIFO. Returns the folder and the
    FIFOs of the first and the last gate."""
    import os

    incoming = base / "outside" / "incoming"
    incoming.mkdir(parents=True)
    first, last = base / "first.fifo", base / "last.fifo"
    os.mkfifo(first)
    os.mkfifo(last)
    (incoming / "a.gate").write_text(f"{first}\n\n" + "The largest file of the folder. " * 100)
    for i in range(notes):
        (incoming / f"n{i:02d}.md").write_text(f"# Note {i}\n\n" + "Moved in with its folder. " * 20)
    (incoming / "z.gate").write_text(f"{last}\n\nlast")
    return incoming, first, last


@extractor(".hang", name="hang-test", source_type="hang")
def extract_hang(data: bytes, ctx):
    while True:
        pass


@extractor(".hog", name="hog-test", source_type="hog")
def extract_hog(data: bytes, ctx):
    hoard = []
    while True:
        hoard.append(bytearray(32 * 1024 * 1024))


def worker_gc_threshold(_payload: object) -> tuple[int, int, int]:
    """A pool task: the cyclic collector's thresholds in the worker that runs it."""
    import gc

    return gc.get_threshold()


def worker_heap_after_pdf(path: str) -> tuple[tuple[int, int] | None, int]:
    """A pool task: extract the PDF at ``path``; the allocator settings of the worker after it,
    and the number of pages read."""
    from indexer import extract, heap

    doc = extract(path)
    return heap.settings(), doc.coverage.pages_total


def worker_niceness(_payload: object) -> int:
    """A pool task: the niceness of the worker that runs it."""
    import os

    return os.nice(0)


def worker_start(_payload: object) -> tuple[list[str], int]:
    """A pool task: the extractor modules already imported in the worker that runs it, and how
    many library versions it has looked up."""
    import sys

    from indexer.formats import registry

    modules = {m for ms in registry.MODULES_BY_EXTENSION.values() for m in ms}
    return sorted(
        m for m in modules if f"indexer.formats.{m}" in sys.modules
    ), registry.library_version.cache_info().currsize


def worker_frozen(_payload: object) -> int:
    """A pool task: how many objects the worker's collector leaves alone (``gc.freeze``)."""
    import gc

    return gc.get_freeze_count()
