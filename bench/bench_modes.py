"""Time every chunking mode against ``structural`` on already-extracted documents.

    python bench/bench_modes.py [--scale 1.0] [--repeat 3]

Documents are extracted once (the store keeps them; switching modes never re-parses), then each
mode chunks all of them; the best of ``--repeat`` runs is reported as a ratio to structural
measured in the same run. A second table times all seven document modes on one ~1 MB Markdown
document (the corpus's Markdown files joined). Targets: every mode within 2× structural; the
seven modes of the 1 MB document under 0.5 s together.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _corpus import corpus, files_by_format  # noqa: E402

from indexer import ModeParams, chunk_document, extract  # noqa: E402
from indexer.modes import modes_for  # noqa: E402
from indexer.modes._lexicon import Lexicon  # noqa: E402

TEXT_FORMATS = ("md", "txt", "html", "json", "jsonl")
DOC_MODES = ("structural", "section", "semantic", "sliding_window", "sentence", "page_aware")


def time_modes(docs, modes, repeat: int) -> dict[str, tuple[float, int]]:
    """Best time and chunk count per mode; the modes take turns in each round, so that a change
    in the machine's load hits them alike."""
    params = ModeParams()
    best = {m: float("inf") for m in modes}
    counts = {m: 0 for m in modes}
    for _ in range(repeat):
        for mode in modes:
            t = time.perf_counter()
            counts[mode] = sum(len(chunk_document(d, mode, params)) for d in docs)
            best[mode] = min(best[mode], time.perf_counter() - t)
    return {m: (best[m], counts[m]) for m in modes}


def keyword_pass(docs, repeat: int) -> float:
    """Best time of the semantic mode's keyword pass alone: each block's keyword set and word
    count, as the mode takes them (a floor under the mode's time)."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        for d in docs:
            texts = [b.text for b in d.blocks]
            lexicon = Lexicon(texts)
            for text in texts:
                lexicon.of(text)
        best = min(best, time.perf_counter() - t)
    return best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    folder = corpus(args.scale)
    by_format = files_by_format(folder)

    print(f"corpus: {folder}  (best of {args.repeat})\n")
    print(f"{'format':<7} {'files':>5} {'MB':>6} " + " ".join(f"{m:>14}" for m in DOC_MODES))
    worst = 0.0
    floors: list[tuple[str, float]] = []
    for fmt in TEXT_FORMATS:
        files = by_format.get(fmt, [])
        if not files:
            continue
        docs = [extract(p) for p in files]
        mb = sum(p.stat().st_size for p in files) / 1e6
        timing = time_modes(docs, DOC_MODES, args.repeat)
        base = timing["structural"][0]
        cells = []
        for m in DOC_MODES:
            ratio = timing[m][0] / base if base else 0.0
            worst = max(worst, ratio)
            cells.append(f"{ratio:>5.2f}× {timing[m][0] * 1e3:>6.1f}ms")
        print(f"{fmt:<7} {len(files):>5} {mb:>6.2f} " + " ".join(f"{c:>14}" for c in cells))
        floors.append((fmt, keyword_pass(docs, args.repeat) / base if base else 0.0))

    for fmt in ("csv",):
        files = by_format.get(fmt, [])
        if files:
            docs = [extract(p) for p in files]
            modes = [m for m in modes_for(docs[0].family) if m != "default"]
            timing = time_modes(docs, modes, args.repeat)
            base = timing["row"][0]
            cells = " ".join(f"{m} {timing[m][0] / base:.2f}× ({timing[m][0] * 1e3:.1f}ms)" for m in modes)
            print(f"{fmt:<7} {len(files):>5}  {cells}")
    print(f"\nworst document-mode ratio to structural: {worst:.2f}×  (target ≤ 2×)")
    print(
        "semantic's keyword pass alone (every block's keyword set and word count, nothing else), "
        "× structural: " + ", ".join(f"{fmt} {r:.2f}×" for fmt, r in floors)
    )

    # one ~1 MB Markdown document
    parts, size = [], 0
    md_files = by_format.get("md", [])
    while md_files and size < 1_000_000:
        for p in md_files:
            text = p.read_text(encoding="utf-8")
            parts.append(text)
            size += len(text.encode("utf-8"))
            if size >= 1_000_000:
                break
    if parts:
        data = "\n\n".join(parts).encode("utf-8")
        doc = extract(data, filename="big.md")
        modes = ("default", *DOC_MODES)
        timing = time_modes([doc], modes, args.repeat)
        total = sum(t for t, _ in timing.values())
        print(f"\n1 MB Markdown: {len(data) / 1e6:.2f} MB, {len(doc.blocks)} blocks")
        for m in modes:
            print(f"  {m:<15} {timing[m][0] * 1e3:>7.1f} ms  {timing[m][1]:>6} chunks")
        print(f"  all seven modes: {total:.3f} s  (target < 0.5 s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
