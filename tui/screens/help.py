"""The keys, and what the glyphs and colours mean.

Every text here is a :class:`~rich.text.Text` with its style given, never markup: a key such as
``[`` or a description with brackets would be shown as it is written."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Static

from ..widgets import file_tree
from ..widgets.footer import Footer
from ..widgets.scrolling import KeyScrollColumn

KEYS = [
    ("1-7", "switch the chunking mode (the modes of the file's family, in order)"),
    ("p", "the parameters the current mode reads (window size, overlap, sentences, paragraphs, rows)"),
    ("tab", "move between the file tree, the filter and the chunk list"),
    ("enter", "a chunk's full metadata"),
    (
        "c",
        "compare modes side by side (there 1-7 add or remove a mode column; P adds the current mode with other parameters)",
    ),
    ("s", "source view: the extracted text coloured by chunk"),
    ("i", "images: placeholders next to the extracted images"),
    ("m", "manifest: extractor, chunker, coverage, error"),
    ("F", "field coverage of `chunkscope fields --folder` runs (the Fields tab: this file's)"),
    ("escape", "back to the chunk list (or press the tab's key again)"),
    ("/", "search every chunk (filters: type:pdf mode:sentence kind:table)"),
    ("R", "corpus report"),
    ("o", "open the file in $EDITOR or the system viewer"),
    ("x", "re-index the selected file"),
    ("e", "export the file's chunks in the current mode as JSONL"),
    ("f", "filter the files"),
    ("n", "folder counts: chunks or files"),
    ("ctrl+p", "command palette (every action)"),
    ("q", "quit"),
]

STATUS = [
    ("✔", "indexed"),
    ("⚠", "indexed, with something not read or a warning (m: the manifest says what)"),
    ("◌", "queued or stale"),
    (
        "⟳",
        "indexing: a worker has been reading the file for {reading} or more (the many files read "
        "faster go from ◌ to ✔ without it)",
    ),
    ("✖", "failed (code shown; the last good revision stays browsable)"),
    ("·", "unsupported"),
]

SOURCE = (
    "Chunks alternate between two backgrounds; a third marks lines covered by more than one chunk "
    "(sliding windows); the gutter shows the number of the chunk starting on a line."
)


COMPARE = [
    ("sizes", "a histogram of the chunk sizes, then the smallest/median/largest chunk in characters"),
    ("over N", "chunks longer than the mode's size budget of N characters"),
    ("types", "the commonest content types and their counts"),
    ("rows", "chunks side by side by where they start in the file; the chunk under the cursor "
     "lights up the chunks of the other columns that cover the same lines"),
]  # fmt: skip


def _rows(rows: list[tuple[str, str]]) -> Table:
    """Two columns, the second wrapped under itself at any width (a hanging indent)."""
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True, style="bold")
    table.add_column(ratio=1)
    for key, text in rows:
        table.add_row(Text(key), Text(text))
    return table


def status_rows() -> list[tuple[str, str]]:
    """:data:`STATUS` with the delay before ⟳ shows filled in from the tree's constant."""
    reading = f"{round(file_tree.READING_SHOWN_AFTER * 1000):,} ms"
    return [(mark, text.format(reading=reading)) for mark, text in STATUS]


def help_text() -> RenderableType:
    def title(text: str) -> Text:
        return Text.assemble("\n", (text, "bold"))

    return Group(
        Text.assemble(("chunkscope", "bold"), " — what each chunking mode does to the files of a folder"),
        title("Keys"),
        _rows(KEYS),
        title("Status of a file"),
        _rows(status_rows()),
        title("Source view"),
        Text(SOURCE),
        title("Compare view: each column's head"),
        _rows(COMPARE),
    )


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,question_mark", "dismiss", "close")]

    def compose(self) -> ComposeResult:
        with KeyScrollColumn(id="help-box", classes="dialog"):
            yield Static(help_text())
        yield Footer()
