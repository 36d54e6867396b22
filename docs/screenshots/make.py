"""Regenerate the UI screenshots (SVG) in this folder from a real index of sample_corpus/.

    python docs/screenshots/make.py

The corpus is copied to a temp folder (plus the playground's all_round.docx when ../shared is
there, or under $CHUNKSCOPE_SHARED as for the tests), indexed, and the app is driven with Pilot at 120×40 with half-block images.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))

from storage.indexing import index_folder  # noqa: E402
from tui.app import ChunkscopeApp  # noqa: E402

SHARED = Path(os.environ.get("CHUNKSCOPE_SHARED", ROOT.parent / "shared"))
PLAYGROUND = SHARED / "fixtures" / "chunk-engine-playground"

# (file name, file to select, keys to press)
SHOTS = [
    ("main", "office/inspection_report.docx", []),
    ("source", "text/design_note.md", ["5", "s"]),
    ("compare", "office/inspection_report.docx", ["c", "down", "down", "down"]),
    ("images", "all_round.docx", ["i"]),
    ("manifest", "pdf/partly_empty.pdf", ["m"]),
    ("manifest-failed", "pdf/encrypted.pdf", ["m"]),
    ("metadata", "office/inspection_report.docx", ["down", "down", "down", "down", "enter"]),
    ("report", "office/inspection_report.docx", ["R"]),
    ("search", "office/inspection_report.docx", ["slash", *"pump", "wait"]),
    ("help", "office/inspection_report.docx", ["question_mark"]),
]


async def settle(pilot) -> None:
    app = pilot.app
    for _ in range(400):
        await pilot.pause(0.03)
        if not app.main.workers_busy():
            await pilot.pause(0.1)
            return


async def shoot(root: Path, name: str, path: str, keys: list[str]) -> None:
    app = ChunkscopeApp(root, watch=False, image_renderer="halfcell")
    async with app.run_test(size=(120, 40)) as pilot:
        while not app.main.rows or app.main.path is None:
            await pilot.pause(0.05)
        await settle(pilot)
        if path in app.main.rows and app.main.path != path:
            app.main.query_one("FileTree").select(path)
            while app.main.path != path:
                await pilot.pause(0.05)
        await settle(pilot)
        app.main.query_one("ChunkList").focus()
        for key in keys:
            if key == "wait":
                await pilot.pause(1.0)
            else:
                await pilot.press(key)
            await settle(pilot)
        app.save_screenshot(filename=f"{name}.svg", path=str(HERE))
        print("wrote", HERE / f"{name}.svg")


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="chunkscope-shots-") as tmp:
        home = Path(tmp)
        root = home / "sample_corpus"
        shutil.copytree(ROOT / "sample_corpus", root, ignore=shutil.ignore_patterns(".chunkscope"))
        if (PLAYGROUND / "all_round.docx").exists():
            shutil.copy(PLAYGROUND / "all_round.docx", root / "all_round.docx")
        index_folder(root, jobs=2)
        with sqlite3.connect(root / ".chunkscope" / "index.db") as db:
            db.execute("UPDATE documents SET indexed_at = 1767225600 WHERE indexed_at IS NOT NULL")
        os.environ["HOME"] = str(home)
        os.environ["TZ"] = "UTC"
        time.tzset()
        for name, path, keys in SHOTS:
            asyncio.run(shoot(root, name, path, keys))


if __name__ == "__main__":
    main()
