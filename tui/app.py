"""The chunkscope terminal UI: an App that opens the store of a folder and shows the main screen.

Everything else lives in screens/ and widgets/; the one stylesheet is app.tcss.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from .library import Library
from .screens.main import MainScreen

#: (title, help, action on the main screen) for the command palette.
COMMANDS = (
    ("Mode parameters…", "Change window size, overlap, sentences, paragraphs per page, rows", "params"),
    ("Chunks", "The chunk list of the selected file", "tab('chunks')"),
    ("Source view", "The extracted text coloured by chunk", "tab('source')"),
    ("Compare modes", "Two or three modes side by side", "tab('compare')"),
    (
        "Compare with other parameters",
        "Add the current mode with other parameters as a column",
        "compare_params",
    ),
    ("Images", "Placeholders next to the extracted images", "tab('images')"),
    ("Manifest", "Extractor, chunker, coverage and error of the file", "tab('manifest')"),
    (
        "Fields of the file",
        "The file's stored field extraction (chunkscope fields --folder)",
        "tab('fields')",
    ),
    ("Search", "Full-text search over every chunk", "search"),
    ("Corpus report", "Per format: files, failures, chunks, coverage", "report"),
    ("Open file", "Open the file in $EDITOR or the system viewer", "open_file"),
    ("Re-index file", "Extract and chunk the selected file again", "reindex"),
    ("Export chunks", "Write the file's chunks in the current mode as JSONL", "export"),
    ("Filter files", "Focus the filter box of the file tree", "focus_filter"),
    ("Folder counts: chunks or files", "Toggle what the numbers next to folders count", "toggle_counts"),
    ("Help", "Keys, glyphs and colours", "help"),
)


def prepare_processes() -> None:
    """Start multiprocessing's resource tracker while stderr is still the real one.

    The indexer extracts in worker processes; the first worker start launches the tracker, passing
    it ``sys.stderr.fileno()``. Inside a running Textual app stderr is captured and reports -1,
    which makes that launch fail, so it is launched here, before the app takes the terminal.
    """
    import sys

    if sys.platform.startswith("win"):
        return
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()


class ChunkscopeApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "chunkscope"
    # the screens' classes by width: app.tcss tightens the layout of narrow terminals (80 columns)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    BINDINGS = [Binding("q", "quit", "quit", show=False), Binding("F", "fields", "fields", show=False)]

    def __init__(
        self,
        root: Path,
        *,
        db_path: Path | None = None,
        jobs: int | None = None,
        poll: bool = False,
        watch: bool = True,
        image_renderer: str = "auto",
        options: dict[str, Any] | None = None,
    ) -> None:
        super().__init__()
        from storage.store import default_db_path

        root = Path(root).resolve()
        self.library = Library(root, Path(db_path) if db_path else default_db_path(root))
        self.jobs, self.poll, self.watch = jobs, poll, watch
        self.image_renderer = image_renderer
        self.main = MainScreen(self.library, jobs=jobs, poll=poll, watch=watch, options=options)
        if watch:
            prepare_processes()

    def on_mount(self) -> None:
        self.push_screen(self.main)

    async def on_unmount(self) -> None:
        await self.workers.wait_for_complete()
        if self.main.shutdown():
            self.library.close()

    def action_fields(self) -> None:
        from .screens.fields import open_fields

        open_fields(self.main)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        # the selected file's modes by name, so that typing "sentence" finds its mode
        for n, mode in enumerate(self.main.modes(), start=1):
            yield SystemCommand(
                f"Mode {n}: {mode}",
                f"Show the file's chunks in {mode} mode",
                lambda n=n: self.main.action_mode(n),
            )
        for title, help_text, action in COMMANDS:
            yield SystemCommand(title, help_text, lambda a=action: self.main.run_action(a))
        yield SystemCommand(
            "Field coverage",
            "Stored field extraction: coverage per field, the file's fields",
            self.action_fields,
        )
