"""UI responsiveness, measured with Textual's Pilot on a real index.

    python bench/bench_ui.py [--chunks 5000] [--repeat 15] [--scale 1] [--skip-indexing]

1. A Markdown document of about 5,000 default chunks (generated, indexed for real): the time from a
   key press to the updated screen for switching between cached modes and for scrolling the chunk
   list to its end and back (UI time: the chunks come from the cache, so what is measured is the
   event loop's own work), next to a key press that changes nothing, as the baseline. The longest
   stall of the event loop during each phase is also reported (a probe task sleeping 5 ms).
2. While the scale-1 benchmark corpus (bench/out/corpus-s1, generated on first use) is indexed
   in the background: the latency of arrow keys in the file tree, p50/p95/max, and the longest
   event-loop stall.
3. The Images tab of a PDF of 168 images (chelsea_pdta.pdf of ../shared, or $CHUNKSCOPE_SHARED): the time from the key
   press to the tab painted, and to the pictures on screen drawn (decoded in workers), against
   the time to open the Chunks tab of the same file as the baseline.
Target: each under 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("CHUNKSCOPE_SHARED", ROOT.parent / "shared"))
MANY_IMAGES = SHARED / "fixtures" / "real-world" / "pdf" / "pdfplumber" / "chelsea_pdta.pdf"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from storage.indexing import index_folder  # noqa: E402
from tui.app import ChunkscopeApp, prepare_processes  # noqa: E402
from tui.widgets.chunk_list import ChunkList  # noqa: E402
from tui.widgets.file_tree import FileTree  # noqa: E402
from tui.widgets.images_panel import ImageCard, ImagesPanel  # noqa: E402
from tui.widgets.source_view import SourceView  # noqa: E402

WORDS = [
    "tide",
    "harbour",
    "pump",
    "station",
    "inspection",
    "flow",
    "pressure",
    "seal",
    "valve",
    "reading",
    "sensor",
    "survey",
    "basin",
    "channel",
    "outlet",
    "gauge",
    "drift",
    "sample",
    "record",
    "estuary",
    "marsh",
]


def big_markdown(sections: int) -> str:
    """``sections`` × (a heading + a ~700-character paragraph): two default chunks each."""
    parts = []
    for i in range(sections):
        words = [WORDS[(i * 7 + j * 3) % len(WORDS)] for j in range(110)]
        sentence = " ".join(words)
        parts.append(
            f"## Section {i + 1}\n\n{sentence[:350].capitalize()}. {sentence[350:700].capitalize()}.\n"
        )
    return "# Benchmark document\n\n" + "\n".join(parts)


class StallProbe:
    """Measures how late a 5 ms sleep wakes up: the longest time the event loop was busy."""

    def __init__(self) -> None:
        self.worst = 0.0
        self._task: asyncio.Task | None = None

    async def _run(self) -> None:
        while True:
            t0 = time.perf_counter()
            await asyncio.sleep(0.005)
            self.worst = max(self.worst, time.perf_counter() - t0 - 0.005)

    def start(self) -> None:
        self.worst = 0.0
        self._task = asyncio.get_running_loop().create_task(self._run())

    def stop(self) -> float:
        if self._task:
            self._task.cancel()
        return self.worst * 1000


def summary(samples: list[float]) -> str:
    s = sorted(samples)
    p95 = s[min(len(s) - 1, round(0.95 * (len(s) - 1)))]
    return f"median {statistics.median(s):6.1f} ms · p95 {p95:6.1f} ms · max {s[-1]:6.1f} ms"


async def timed_press(pilot, key: str, done=lambda: True, widget=None) -> float:
    """Milliseconds from posting the key to the widget holding the new state and its visible lines
    rendered (the Line API work the compositor does on the next refresh)."""
    app = pilot.app
    t0 = time.perf_counter()
    app.simulate_key(key)
    while not done():
        await asyncio.sleep(0)
        if time.perf_counter() - t0 > 10:
            raise SystemExit(f"{key}: no effect after 10 s")
    if widget is not None:
        for y in range(widget.size.height):
            widget.render_line(y)
    elapsed = (time.perf_counter() - t0) * 1000
    await asyncio.sleep(0.01)  # let the refresh happen before the next press
    return elapsed


async def wait_until(pilot, predicate, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise SystemExit("timed out")
        await pilot.pause(0.02)


async def big_document(folder: Path, repeat: int) -> None:
    app = ChunkscopeApp(folder, watch=False, image_renderer="halfcell")
    probe = StallProbe()
    async with app.run_test(size=(120, 40)) as pilot:
        main = app.main
        await wait_until(pilot, lambda: "big.md" in main.rows)
        main.query_one(FileTree).select("big.md")
        chunk_list = main.query_one(ChunkList)
        await wait_until(pilot, lambda: main.path == "big.md" and len(chunk_list.chunks) > 100)
        print(f"big.md: {len(chunk_list.chunks):,} chunks in the default mode")
        chunk_list.focus()
        # first visits chunk the stored Document in a worker (not UI time); they fill the cache
        for key, mode in (("3", "section"), ("6", "sentence"), ("1", "default")):
            t0 = time.perf_counter()
            await pilot.press(key)
            await wait_until(pilot, lambda m=mode: main.mode == m and not main.workers_busy())
            print(
                f"  first visit of {mode:<8} (chunked in a worker): {(time.perf_counter() - t0) * 1000:7.1f} ms, "
                f"{len(chunk_list.chunks):,} chunks"
            )
        baseline = [await timed_press(pilot, "z", widget=chunk_list) for _ in range(repeat)]
        probe.start()
        switches = []
        for i in range(repeat):
            key, mode = (("6", "sentence"), ("1", "default"))[i % 2]
            before = chunk_list.chunks
            switches.append(
                await timed_press(pilot, key, lambda b=before: chunk_list.chunks is not b, chunk_list)
            )
        stall_switch = probe.stop()
        probe.start()
        scrolls = []
        for i in range(repeat):
            key = ("end", "home")[i % 2]
            target = len(chunk_list.chunks) - 1 if key == "end" else 0
            scrolls.append(
                await timed_press(
                    pilot,
                    key,
                    lambda t=target: (
                        chunk_list.cursor == t and chunk_list.scroll_y == chunk_list.scroll_target_y
                    ),
                    chunk_list,
                )
            )
        stall_scroll = probe.stop()
        # the source view: the stored text (wrapped once, on the event loop), then recoloured per mode
        source = main.query_one(SourceView)
        t0 = time.perf_counter()
        await pilot.press("s")
        await wait_until(pilot, lambda: source.rows and not main.workers_busy())
        first_source = (time.perf_counter() - t0) * 1000
        recolours = []
        for i in range(repeat):
            key = ("6", "1")[i % 2]
            before = source.first
            recolours.append(await timed_press(pilot, key, lambda b=before: source.first is not b, source))
        source.focus()
        await pilot.pause()
        source_scrolls = []
        for i in range(repeat):
            key = ("end", "home")[i % 2]
            source_scrolls.append(
                await timed_press(
                    pilot,
                    key,
                    lambda k=key: source.scroll_y == (source.max_scroll_y if k == "end" else 0),
                    source,
                )
            )
        print(
            f"  source view: {len(source.lines):,} lines ({len(source.rows):,} wrapped rows) shown in "
            f"{first_source:.0f} ms (document loaded in a worker)"
        )
        print(f"  recolour the source view on a mode switch: {summary(recolours)}")
        print(f"  scroll the source view to the end / start: {summary(source_scrolls)}")
        base = statistics.median(baseline)
        print(f"  key press that changes nothing (baseline): {summary(baseline)}")
        print(
            f"  switch mode (cached, {len(chunk_list.chunks):,} chunks): {summary(switches)} "
            f"= {statistics.median(switches) / base:.1f}× baseline; longest loop stall {stall_switch:.1f} ms"
        )
        print(
            f"  scroll to the end / start:            {summary(scrolls)} "
            f"= {statistics.median(scrolls) / base:.1f}× baseline; longest loop stall {stall_scroll:.1f} ms"
        )
        verdict = max(
            statistics.median(switches),
            statistics.median(scrolls),
            statistics.median(recolours),
            statistics.median(source_scrolls),
        )
        print(f"  target < 100 ms: {'met' if verdict < 100 else 'NOT met'}")


async def while_indexing(folder: Path, interval: float) -> None:
    app = ChunkscopeApp(folder, image_renderer="halfcell")
    probe = StallProbe()
    async with app.run_test(size=(120, 40)) as pilot:
        main = app.main
        await wait_until(pilot, lambda: main.rows)
        tree = main.query_one(FileTree).tree
        tree.focus()
        probe.start()
        samples: list[float] = []
        t_start = time.perf_counter()
        direction = "down"
        while main.indexing or time.perf_counter() - t_start < 3:
            line = tree.cursor_line
            if tree.last_line < 2:
                await asyncio.sleep(interval)
                continue
            if line <= 0:
                direction = "down"
            elif line >= tree.last_line:
                direction = "up"
            samples.append(
                await timed_press(pilot, direction, lambda line=line: tree.cursor_line != line, tree)
            )
            await asyncio.sleep(interval)
            if time.perf_counter() - t_start > 600:
                break
        stall = probe.stop()
        elapsed = time.perf_counter() - t_start
        print(f"indexing {len(main.rows)} files took {elapsed:.1f} s while pressing keys")
        print(
            f"  arrow key in the tree: {summary(samples)} over {len(samples)} presses; "
            f"longest loop stall {stall:.1f} ms"
        )
        s = sorted(samples)
        p95 = s[min(len(s) - 1, round(0.95 * (len(s) - 1)))]
        print(f"  target p95 < 100 ms: {'met' if p95 < 100 else 'NOT met'}")


async def until_settled(pilot, tab: str, groups: set[str] | None = None) -> None:
    """Until ``tab`` is shown and no worker (of ``groups``, else none but the sync thread) is left
    in three rounds of the event loop in a row, then one more refresh: the screen painted."""
    app = pilot.app
    quiet = 0
    t0 = time.perf_counter()
    while quiet < 3:
        await pilot.pause(0)
        busy = any(
            not w.is_finished and w.group != "sync" and (groups is None or w.group in groups)
            for w in app.workers
        )
        quiet = 0 if busy or app.main.tab != tab else quiet + 1
        if time.perf_counter() - t0 > 60:
            raise SystemExit(f"{tab}: not settled after 60 s")
    await pilot.pause(0)


async def images_tab(folder: Path, name: str, repeat: int) -> None:
    app = ChunkscopeApp(folder, watch=False, image_renderer="halfcell")
    async with app.run_test(size=(120, 40)) as pilot:
        main = app.main
        tree = main.query_one(FileTree)
        await wait_until(pilot, lambda: name in main.rows and "other.md" in main.rows)

        async def select(path: str, tab: str) -> None:
            for _ in range(10):  # a selection made while the tree is busy may be lost: made again
                tree.select(path)
                t0 = time.perf_counter()
                while main.path != path and time.perf_counter() - t0 < 10:
                    await pilot.pause(0.02)
                if main.path == path:
                    break
            else:
                raise SystemExit(f"{path} not selected")
            await until_settled(pilot, tab)

        async def press(key: str, tab: str) -> tuple[float, float]:
            """Milliseconds to the tab painted, and to every worker done (pictures drawn)."""
            t0 = time.perf_counter()
            app.simulate_key(key)
            await until_settled(pilot, tab, {"view"})
            painted = (time.perf_counter() - t0) * 1000
            await until_settled(pilot, tab)
            return painted, (time.perf_counter() - t0) * 1000

        chunks, opened, drawn, again, modes = [], [], [], [], []
        for _ in range(repeat):
            # the Images tab shows another document: the file's cards are built anew
            await select("other.md", "chunks")
            await press("i", "images")
            await press("escape", "chunks")
            await select(name, "chunks")
            await press("s", "source")
            chunks.append((await press("escape", "chunks"))[1])
            first = await press("i", "images")
            opened.append(first[0])
            drawn.append(first[1])
            await press("escape", "chunks")
            again.append((await press("i", "images"))[1])  # the same document: cards kept
            modes.append((await press("3", "images"))[1])  # section mode, in the tab
            await press("1", "images")
            await press("escape", "chunks")
        panel = main.query_one(ImagesPanel)
        shown = len(panel.query(ImageCard))
        base = statistics.median(chunks)
        print(f"{name}: {len(main.current_chunks):,} default chunks, {shown} image cards mounted")
        print(f"  open the Chunks tab (baseline):          {summary(chunks)}")
        for label, samples in (
            ("open the Images tab, painted", opened),
            ("  … and the pictures on screen drawn", drawn),
            ("open it again (same document)", again),
            ("switch to section mode in the tab", modes),
        ):
            print(
                f"  {label + ':':<41}{summary(samples)} · best {min(samples):6.1f} ms "
                f"= {statistics.median(samples) / base:.2f}× baseline"
            )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--chunks", type=int, default=5000)
    ap.add_argument("--repeat", type=int, default=15)
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--interval", type=float, default=0.1, help="seconds between key presses while indexing")
    ap.add_argument("--skip-indexing", action="store_true")
    ap.add_argument("--images", type=Path, default=MANY_IMAGES, help="a document of many images")
    ap.add_argument("--only-images", action="store_true", help="only the Images tab figures")
    args = ap.parse_args()
    prepare_processes()
    with tempfile.TemporaryDirectory(prefix="chunkscope-bench-ui-") as tmp:
        if args.images.exists():
            images = Path(tmp) / "images"
            images.mkdir()
            shutil.copy(args.images, images / args.images.name)
            (images / "other.md").write_text("# Other\n\nA document without images.\n", encoding="utf-8")
            index_folder(images, jobs=1)
            asyncio.run(images_tab(images, args.images.name, args.repeat))
        else:
            print(f"{args.images} is absent: no Images tab figures")
        if args.only_images:
            return
        folder = Path(tmp) / "big"
        folder.mkdir()
        (folder / "big.md").write_text(big_markdown(args.chunks // 2), encoding="utf-8")
        t0 = time.perf_counter()
        index_folder(folder, jobs=1)
        print(f"indexed the {args.chunks:,}-chunk document in {time.perf_counter() - t0:.1f} s")
        asyncio.run(big_document(folder, args.repeat))
        if not args.skip_indexing:
            from _corpus import corpus

            source = corpus(args.scale)
            copy = Path(tmp) / "corpus"
            shutil.copytree(source, copy, ignore=shutil.ignore_patterns(".chunkscope"))
            asyncio.run(while_indexing(copy, args.interval))


if __name__ == "__main__":
    main()
