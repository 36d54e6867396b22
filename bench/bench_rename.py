"""The time a rename of one large indexed document takes (its rows move, every chunk id is new).

    python bench/bench_rename.py [--sections 2300] [--renames 20]

A Markdown file of ``--sections`` headed paragraphs (two default chunks each) is indexed into a
fresh index; then it is renamed back and forth on disk and each rename handed to
``Indexer.rename``, which checks the bytes are the ones stored and rewrites the document's path
and every chunk id (they hash the path) in one transaction. Reported: the chunk count and the
median, minimum and maximum time of a rename.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from storage.indexing import Indexer  # noqa: E402


def markdown(sections: int) -> str:
    para = "The harbour office compared the tide readings of the northern stations with the gauge log."
    return "\n".join(f"## Station {i}\n\n{para} Reading {i}.\n" for i in range(sections))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sections", type=int, default=2300)
    ap.add_argument("--renames", type=int, default=20)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "folder"
        root.mkdir()
        (root / "a.md").write_text(markdown(args.sections), encoding="utf-8")
        indexer = Indexer(root, root / ".chunkscope" / "index.db", jobs=1)
        try:
            indexer.index_paths(["a.md"])
            chunks = indexer.store.document("a.md").chunk_count
            names = ["a.md", "b.md"]
            ms = []
            for _ in range(args.renames):
                old, new = names
                (root / old).rename(root / new)
                started = time.perf_counter()
                indexer.rename(old, new)
                ms.append((time.perf_counter() - started) * 1000)
                assert indexer.store.document(new) is not None
                names.reverse()
        finally:
            indexer.close()
    print(
        f"rename of a document of {chunks:,} chunks, n={len(ms)}: median {statistics.median(ms):.1f} ms, "
        f"min {min(ms):.1f} ms, max {max(ms):.1f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
