"""Locate or generate the benchmark corpus (../shared/bench/make_corpus.py, deterministic)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
OUT = BENCH / "out"
GENERATOR = ROOT.parent / "shared" / "bench" / "make_corpus.py"


def corpus(scale: float = 1.0, seed: int = 1234) -> Path:
    """The corpus folder for ``scale``, generated on first use into bench/out/."""
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
