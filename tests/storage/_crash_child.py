"""Child process of the crash test: rewrites files and re-indexes them in a loop until killed.

Before a file is replaced (atomically, by rename) its path, version and sha256 are appended to
the log with fsync, so the test knows every revision that may legitimately be in the index.
"""

from __future__ import annotations

import hashlib
import os
import random
import sys
import time
from pathlib import Path


def content(i: int, version: int) -> str:
    paras = [f"# File {i} version {version}"]
    for p in range(6):
        words = " ".join(f"v{version}marker word{p}x{j}" for j in range(60))
        paras.append(f"Paragraph {p} of file {i}. {words}.")
    return "\n\n".join(paras) + "\n"


def write_version(root: Path, log, i: int, version: int) -> None:
    data = content(i, version).encode()
    rel = f"f{i:02d}.md"
    log.write(f"{rel}\t{version}\t{hashlib.sha256(data).hexdigest()}\n")
    log.flush()
    os.fsync(log.fileno())
    tmp = root / f".tmp-{rel}"
    tmp.write_bytes(data)
    os.replace(tmp, root / rel)


def main() -> None:
    root = Path(sys.argv[1])
    files = int(sys.argv[2])
    from storage.indexing import Indexer

    rng = random.Random()
    with (
        open(root.parent / "versions.log", "a", encoding="utf-8") as log,
        Indexer(root, root.parent / "index.db", jobs=1) as engine,
    ):
        for i in range(files):
            if not (root / f"f{i:02d}.md").exists():
                write_version(root, log, i, 0)
        # one pass before the kills may start: the worker pool is up and the folder indexed, so on
        # a loaded machine the kills still land among writes rather than all in the start-up
        engine.reconcile()
        print("ready", flush=True)
        while True:
            version = time.monotonic_ns()
            for i in rng.sample(range(files), 3):
                write_version(root, log, i, version)
            if rng.random() < 0.2:  # a removal, re-created later with a new version
                victim = root / f"f{rng.randrange(files):02d}.md"
                victim.unlink(missing_ok=True)
                engine.reconcile()
                for i in range(files):
                    if not (root / f"f{i:02d}.md").exists():
                        write_version(root, log, i, version + 1)
            engine.reconcile()


if __name__ == "__main__":
    main()
