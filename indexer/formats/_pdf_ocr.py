"""Optional OCR of PDF pages without a text layer, through the ``tesseract`` command when it is
installed. Never required: without it, such pages are listed as empty (or the document raises
OCR_REQUIRED when no page has text)."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile

from ..model import PARAGRAPH, Block

#: At most this many pages of one document are sent to OCR, each for at most TIMEOUT seconds.
MAX_PAGES = 50
TIMEOUT = 60.0
DPI = 300


class OcrFailed(Exception):
    """tesseract did not produce text for a page; the message says why."""


def available() -> bool:
    return shutil.which("tesseract") is not None


def ocr_page(page) -> str:
    """The text tesseract reads on a page rendered at DPI dots per inch."""
    binary = shutil.which("tesseract")
    if binary is None:
        raise OcrFailed("tesseract is not installed")
    bitmap = page.render(scale=DPI / 72)
    try:
        image = bitmap.to_pil()
    finally:
        bitmap.close()
    with tempfile.TemporaryDirectory(prefix="chunkscope-ocr-") as tmp:
        path = os.path.join(tmp, "page.png")
        image.save(path)
        try:
            done = subprocess.run([binary, path, "stdout"], capture_output=True, timeout=TIMEOUT, check=False)
        except subprocess.TimeoutExpired:
            raise OcrFailed(f"tesseract took longer than {TIMEOUT:.0f} s") from None
        except OSError as exc:
            raise OcrFailed(str(exc)) from None
    if done.returncode != 0:
        raise OcrFailed(done.stderr.decode("utf-8", "replace").strip()[:200] or f"exit {done.returncode}")
    return done.stdout.decode("utf-8", "replace")


def blocks(text: str, page: int) -> list[Block]:
    """Paragraph blocks of OCR output (paragraphs are separated by blank lines)."""
    out = []
    for para in text.replace("\f", "\n").split("\n\n"):
        joined = " ".join(para.split())
        if joined:
            out.append(Block(PARAGRAPH, joined, page=page, meta={"ocr": True}))
    return out
