"""The allocator settings: the PDF reader's defaults apply once, in a process that chose none."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PDF = ROOT / "sample_corpus" / "pdf" / "report.pdf"


def run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    return done.stdout.strip()


def test_a_pdf_sets_the_defaults_in_a_process_that_set_none():
    out = run(
        "from indexer import extract, heap\n"
        "print(heap.settings())\n"
        f"extract({str(PDF)!r})\n"
        "print(heap.settings())\n"
    )
    assert out.splitlines() == ["None", f"({16 << 20}, {32 << 20})"]


def test_a_process_s_own_settings_stay_when_a_pdf_is_read():
    out = run(
        "from indexer import extract, heap\n"
        "heap.tune(own_mapping_from=1 << 20, keep_top=8 << 20)\n"
        f"extract({str(PDF)!r})\n"
        "print(heap.settings())\n"
    )
    assert out == f"({1 << 20}, {8 << 20})"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt: Linux only")
def test_mallopt_is_found_on_this_linux():
    from indexer import heap

    assert heap._mallopt() is not None
