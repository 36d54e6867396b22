"""Child process of the crash test: rewrites files and re-indexes them in a loop until killed.

Before a file is replaced (atomically, by rename) its path, version and sha256 are appended to
the log with fsync, so the test knows every revision that may legitimately be in the index.

Started once by the test, this process imports the indexer and then, for each ``fork`` line on
its standard input, forks the child that indexes (in a session of its own, so that the test can
kill it with its workers and their fork server) and passes on its ``ready PID`` (or, if it ended
before, ``ended STATUS``); for each ``reap`` line it waits for that child to end and says
``reaped``. A round then costs no interpreter start-up and no import of the indexer, which
took most of the test's time.
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


def run(root: Path, files: int, ready: int) -> None:
    """Index ``root`` in a loop, rewriting its files; write "ready PID" to the file descriptor
    ``ready`` (and close it) once the first pass is done."""
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
        os.write(ready, f"ready {os.getpid()}\n".encode())
        os.close(ready)
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


def main() -> None:
    root = Path(sys.argv[1])
    files = int(sys.argv[2])
    import storage.indexing  # noqa: F401 (imported once: each child is forked with it)

    child = None
    for line in sys.stdin:
        command = line.strip()
        if command == "fork":
            ready_r, ready_w = os.pipe()
            child = os.fork()
            if child == 0:
                try:
                    os.close(ready_r)
                    os.setsid()
                    run(root, files, ready_w)
                finally:
                    os._exit(1)
            os.close(ready_w)
            # what the child says once ready, or (the pipe closed without a word) how it ended
            with os.fdopen(ready_r, "rb") as ready:
                said = ready.readline().strip()
            if not said:
                _, status = os.waitpid(child, 0)
                child = None
                said = f"ended {status}".encode()
            sys.stdout.buffer.write(said + b"\n")
            sys.stdout.flush()
        elif command == "reap" and child is not None:
            os.waitpid(child, 0)
            child = None
            print("reaped", flush=True)


if __name__ == "__main__":
    main()
