"""Field coverage: the stored results of `chunkscope fields --folder`, per schema.

A schema picker (every schema run on this index, latest first), the corpus coverage table (per
field path, how many documents in each state, and the share where the field is usable), the
documents whose required fields were lost or came out malformed (``enter`` jumps to the file on the
main screen), and the fields panel of one document: the file selected in the tree, or the document
highlighted in that list.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, OptionList, Select, Static
from textual.widgets.option_list import Option

from ..present import counted, when
from ..widgets.fields_panel import STATE_STYLES, FieldsPanel
from ..widgets.footer import Footer
from ..widgets.tables import fill_table

COLUMNS = ("field", "extracted", "defaulted", "lost opt.", "lost req.", "malformed", "n/a", "usable")


def coverage_rows(table: dict[str, dict[str, int]], documents: int) -> list[tuple]:
    """DataTable rows of a coverage table: counts per state (coloured when not zero), documents
    where the field does not occur at all (n/a), and the usable share (EXTRACTED or DEFAULTED)."""
    rows = []
    for path, counts in table.items():
        cells: list[Any] = [Text(path)]  # a path such as authors[0].name: not markup
        for state, (_label, style) in STATE_STYLES.items():
            n = counts.get(state, 0)
            cells.append(Text(f"{n:,}", style=style if n else "dim", justify="right"))
        seen = sum(counts.values())
        cells.append(Text(f"{documents - seen:,}", style="dim", justify="right"))
        usable = counts.get("EXTRACTED", 0) + counts.get("DEFAULTED", 0)
        share = f"{100 * usable / documents:.1f}%" if documents else "–"
        cells.append(Text(share, justify="right"))
        rows.append(tuple(cells))
    return rows


def problem_line(stored: Any) -> Text:
    result = stored.result
    line = Text(stored.path, style="bold")
    bits = []
    if result.lost_required:
        bits.append("missing " + ", ".join(result.lost_required[:4]))
    if result.malformed_required:
        bits.append("malformed " + ", ".join(result.malformed_required[:4]))
    line.append("  " + "; ".join(bits), style="red")
    if result.empty:
        line.append("  [no payload]", style="dim")
    if not stored.current:
        line.append("  stale", style="yellow")
    return line


class FieldsScreen(Screen[str | None]):
    """Dismissed with a document path (jump to it) or None."""

    BINDINGS = [
        Binding("escape,q,F", "dismiss(None)", "back"),
        Binding("r", "reload", "refresh"),
        Binding("t", "tree_file", "tree's file"),
    ]
    AUTO_FOCUS = "#fields-coverage"
    DEFAULT_CSS = """
    FieldsScreen #fields-top {
        height: auto;
        max-height: 50%;
    }
    FieldsScreen #fields-title {
        padding: 0 1;
    }
    FieldsScreen #fields-schema {
        width: 80;
    }
    FieldsScreen #fields-coverage {
        height: auto;
        max-height: 14;
    }
    FieldsScreen #fields-bottom {
        height: 1fr;
    }
    FieldsScreen #fields-problems-box {
        width: 2fr;
    }
    FieldsScreen #fields-problems-title {
        padding: 0 1;
    }
    FieldsScreen #fields-problems {
        height: 1fr;
    }
    FieldsScreen #fields-panel {
        width: 3fr;
        border-left: solid $primary-darken-2;
    }
    """

    def __init__(self, path: str | None = None) -> None:
        super().__init__()
        self.tree_path = path  # the file selected in the tree when the screen opened
        self.path = path  # the document the panel shows
        self.runs: dict[str, Any] = {}
        self.schema_hash: str | None = None
        self.problem_paths: list[str] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="fields-top"):
            yield Static("[b]Field coverage[/b]", id="fields-title")
            yield Select[str]([], id="fields-schema", prompt="schema", allow_blank=True)
            yield DataTable(id="fields-coverage", zebra_stripes=True, cursor_type="row")
        with Horizontal(id="fields-bottom"):
            with Vertical(id="fields-problems-box"):
                yield Static("[b]Lost or malformed required fields[/b]", id="fields-problems-title")
                yield OptionList(id="fields-problems")
            yield FieldsPanel(id="fields-panel")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#fields-coverage", DataTable).add_columns(*COLUMNS)
        self.action_reload()

    # -- loading ---------------------------------------------------------------------------------

    @property
    def library(self) -> Any:
        return self.app.library

    def field_store(self) -> Any:
        from storage.fields import FieldStore

        return FieldStore(self.library.store)

    @work(exclusive=True, group="fields")
    async def action_reload(self) -> None:
        if self.library.store is None:
            self.show_runs([])
            self.query_one("#fields-title", Static).update(
                "[b]Field coverage[/b]  [dim]the index is still opening: press r in a moment[/dim]"
            )
            return
        runs = await self.library.call(lambda: self.field_store().schemas())
        self.show_runs(runs)

    def show_runs(self, runs: list[Any]) -> None:
        self.runs = {r.schema_hash: r for r in runs}
        picker = self.query_one(Select)
        title = self.query_one("#fields-title", Static)
        if not runs:
            self.schema_hash = None
            picker.display = False
            self.query_one("#fields-coverage", DataTable).display = False
            self.query_one("#fields-bottom").display = True
            # the panel says what is missing and how to run it, once: no list of failing documents
            self.query_one("#fields-problems-box").display = False
            title.update("[b]Field coverage[/b]")
            self.show_problems([])
            panel = self.query_one(FieldsPanel)
            panel.show(self.path, None, None)
            panel.focus()
            return
        picker.display = True
        self.query_one("#fields-coverage", DataTable).display = True
        self.query_one("#fields-problems-box").display = True
        keep = self.schema_hash if self.schema_hash in self.runs else runs[0].schema_hash
        with picker.prevent(Select.Changed):
            picker.set_options(
                (
                    Text(
                        f"{r.name}  ·  {counted(r.documents, 'document')}  ·  run {when(r.run_at)}  ·  {r.schema_hash}"
                    ),
                    h,
                )
                for h, r in self.runs.items()
            )
            picker.value = keep
        self.choose(keep)

    @on(Select.Changed, "#fields-schema")
    def schema_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.schema_hash:
            self.choose(event.value)

    def choose(self, schema_hash: str) -> None:
        self.schema_hash = schema_hash
        self.load_schema(schema_hash)

    @work(exclusive=True, group="fields-schema")
    async def load_schema(self, schema_hash: str) -> None:
        def read() -> tuple[dict[str, dict[str, int]], int, list[Any], Any]:
            fields = self.field_store()
            table, documents = fields.coverage(schema_hash)
            problems = [s for s in fields.results(schema_hash) if not s.result.ok]
            stored = fields.result(self.path, schema_hash) if self.path else None
            return table, documents, problems, stored

        table, documents, problems, stored = await self.library.call(read)
        if schema_hash != self.schema_hash:
            return
        run = self.runs.get(schema_hash)
        self.query_one("#fields-title", Static).update(
            Text.assemble(
                ("Field coverage", "bold"),
                f"  {run.name if run else schema_hash} · {counted(documents, 'document')} · "
                f"{len(problems):,} failing the strict gate",
            )
        )
        fill_table(self.query_one("#fields-coverage", DataTable), COLUMNS, coverage_rows(table, documents))
        self.show_problems(problems)
        self.query_one(FieldsPanel).show(self.path, run, stored)

    def show_problems(self, problems: list[Any]) -> None:
        box = self.query_one("#fields-problems", OptionList)
        box.clear_options()
        self.problem_paths = [s.path for s in problems]
        self.query_one("#fields-problems-title", Static).update(
            f"[b]Lost or malformed required fields[/b] ({len(problems):,})"
            + ("  [dim]enter: open the file[/]" if problems else "")
        )
        if problems:
            box.add_options([Option(problem_line(s)) for s in problems])
        else:
            text = "every document passes" if self.schema_hash else "nothing stored"
            box.add_option(Option(Text(text, style="dim"), disabled=True))

    # -- the panel -------------------------------------------------------------------------------

    def show_document(self, path: str | None) -> None:
        if path == self.path:
            return
        self.path = path
        if self.schema_hash is not None:
            self.load_panel(path, self.schema_hash)

    @work(exclusive=True, group="fields-panel")
    async def load_panel(self, path: str | None, schema_hash: str) -> None:
        stored = (
            await self.library.call(lambda: self.field_store().result(path, schema_hash)) if path else None
        )
        if path == self.path and schema_hash == self.schema_hash:
            self.query_one(FieldsPanel).show(path, self.runs.get(schema_hash), stored)

    @on(OptionList.OptionHighlighted, "#fields-problems")
    def problem_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        # Only follow the list while the reader is in it (it highlights its first row by itself).
        if event.option_list.has_focus and 0 <= event.option_index < len(self.problem_paths):
            self.show_document(self.problem_paths[event.option_index])

    @on(OptionList.OptionSelected, "#fields-problems")
    def problem_selected(self, event: OptionList.OptionSelected) -> None:
        if 0 <= event.option_index < len(self.problem_paths):
            self.dismiss(self.problem_paths[event.option_index])

    def action_tree_file(self) -> None:
        """Show the panel of the file selected in the tree again."""
        self.show_document(self.tree_path)


def open_fields(main: Any) -> None:
    """Open the fields screen for the main screen's selected file; a chosen document is selected
    in the tree and shown on the main screen."""
    from ..widgets.file_tree import FileTree

    if isinstance(main.app.screen, FieldsScreen):
        return

    def jump(path: str | None) -> None:
        if path:
            main.query_one(FileTree).select(path)
            main.select(path)

    main.app.push_screen(FieldsScreen(main.path), jump)
