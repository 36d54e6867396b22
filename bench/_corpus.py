"""Locate or generate the benchmark corpus (../shared/bench/make_corpus.py, deterministic)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
OUT = BENCH / "out"
GENERATOR = ROOT.parent / "shared" / "bench" / "make_corpus.py"


def ensure_bytecode() -> None:
    """Compile the project's modules to bytecode before anything is timed. An installed program
    runs from cached bytecode, but where bytecode is not written on import (PYTHONDONTWRITEBYTECODE,
    a read-only checkout) every new process would compile each edited module again, and a
    benchmark's child processes would time that compilation as part of their first file."""
    import compileall

    for package in ("indexer", "storage", "tui"):
        compileall.compile_dir(ROOT / package, quiet=1)


def corpus(scale: float = 1.0, seed: int = 1234) -> Path:
    """The corpus folder for ``scale``, generated on first use into bench/out/ (the project's
    bytecode is brought up to date first: every benchmark locates its corpus before timing)."""
    ensure_bytecode()
    label = f"{scale:g}".replace(".", "_")
    target = OUT / f"corpus-s{label}"
    if target.exists() and any(target.iterdir()):
        return target
    if not GENERATOR.exists():
        sys.exit(f"the corpus generator is missing: {GENERATOR}")
    OUT.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [sys.executable, str(GENERATOR), str(target), "--scale", str(scale), "--seed", str(seed)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return target


def files_by_format(folder: Path) -> dict[str, list[Path]]:
    out: dict[str, list[Path]] = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            out.setdefault(path.suffix.lower().lstrip("."), []).append(path)
    return out
