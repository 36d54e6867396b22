"""One document's stored field-extraction result: every field path with its state (coloured), its
value, required fields that came out malformed highlighted, and a note when the file changed
since the run. With no stored run it says how to make one."""

from __future__ import annotations

import json
from typing import Any

from rich.text import Text
from textual.widgets import Static

from indexer.fields import nest

from ..present import when
from .scrolling import KeyScrollColumn

RUN_HINT = "chunkscope fields --schema S.json --folder F"

#: state → (label, style); the order is the order of the coverage table's columns.
STATE_STYLES = {
    "EXTRACTED": ("EXTRACTED", "green"),
    "DEFAULTED": ("DEFAULTED", "cyan"),
    "LOST_OPTIONAL": ("LOST_OPTIONAL", "yellow"),
    "LOST_REQUIRED": ("LOST_REQUIRED", "bold red"),
    "MALFORMED": ("MALFORMED", "magenta"),
}
MALFORMED_REQUIRED_STYLE = "bold white on red"
VALUE_WIDTH = 60


def field_value(path: str, data: Any) -> Any:
    """The canonical value of ``path`` in a result's flat data: the value itself for a scalar, the
    rebuilt list or object for a container (``tags`` from ``tags[0]``, ``tags[1]``), or None."""
    if path in data:
        return data[path]
    below = {k: v for k, v in data.items() if k.startswith(path + ".") or k.startswith(path + "[")}
    if not below:
        return None
    node: Any = nest(below)
    # ``below`` holds only keys under ``path``, so the way down to it is a single chain.
    for _ in range(path.count(".") + path.count("[") + 1):
        if isinstance(node, dict) and len(node) == 1:
            node = next(iter(node.values()))
        elif isinstance(node, list) and len(node) == 1:
            node = node[0]
        else:
            break
    return node


def spec_of(schema: Any, path: str) -> Any:
    """The FieldSpec a result path names (``items[1].label`` → the ``label`` of ``items``)."""
    specs, spec = getattr(schema, "fields", ()), None
    for part in path.split("."):
        name = part.partition("[")[0]
        spec = next((f for f in specs if f.name == name), None)
        if spec is None:
            return None
        specs = spec.fields
    return spec


def show_value(value: Any, width: int = VALUE_WIDTH) -> str:
    if value is None:
        return "—"
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= width else text[: width - 1] + "…"


def empty_text(message: str = "") -> Text:
    """The panel when no field-extraction run is stored for this index."""
    out = Text()
    out.append("No field extraction stored for this index.\n", style="bold")
    if message:
        out.append(message + "\n", style="dim")
    out.append("Run ", style="dim")
    out.append(RUN_HINT, style="bold")
    out.append(" to extract the fields of a schema from every indexed document of folder F.", style="dim")
    return out


def panel_text(path: str | None, run: Any | None, stored: Any | None) -> Text:
    """The panel's text for ``path`` under schema ``run`` (a SchemaRun) with its StoredResult."""
    if run is None:
        return empty_text()
    out = Text()
    if path is None:
        out.append("no file selected", style="dim")
        return out
    out.append(path, style="bold")
    out.append(f"  ·  schema {run.name}", style="dim")
    if stored is None:
        out.append("\n\n")
        out.append(f"No result of schema {run.name} for this file", style="bold")
        out.append(
            " (it was not indexed, or not under the folder, when the schema last ran "
            f"{when(run.run_at)}).\nRun {RUN_HINT} again to include it.",
            style="dim",
        )
        return out
    result = stored.result
    out.append(f"  ·  run {when(stored.run_at)}\n", style="dim")
    if not stored.current:
        out.append("⚠ stale: file changed since the run", style="bold yellow")
        out.append(f" (the values below are of the earlier revision; run {RUN_HINT} again)\n", style="yellow")
    if result.ok:
        out.append("✔ strict gate passes", style="green")
    else:
        out.append("✖ strict gate fails", style="bold red")
        bits = []
        if result.lost_required:
            bits.append("missing " + ", ".join(result.lost_required))
        if result.malformed_required:
            bits.append("malformed " + ", ".join(result.malformed_required))
        out.append(": " + "; ".join(bits), style="red")
    if result.empty:
        out.append("  [no payload: no object or root element in the text]", style="dim")
    out.append("\n")
    counts = result.counts()
    for state, (label, style) in STATE_STYLES.items():
        if counts.get(state):
            out.append(f"{counts[state]} ", style="bold")
            out.append(label.lower().replace("_", " "), style=style)
            out.append("  ")
    out.append("\n\n")
    if not result.states:
        out.append("the schema declares no fields", style="dim")
        return out
    width = max(len("field"), *(len(p) for p in result.states))
    out.append(f"{'field':<{width}}  {'state':<13}  value\n", style="bold dim")
    malformed_required = set(result.malformed_required)
    for field, state in result.states.items():
        label, style = STATE_STYLES.get(state, (state, ""))
        if field in malformed_required:
            out.append(f"{field:<{width}}", style=MALFORMED_REQUIRED_STYLE)
            out.append("  ")
            out.append(f"{label:<13}", style=MALFORMED_REQUIRED_STYLE)
        else:
            out.append(f"{field:<{width}}  ")
            out.append(f"{label:<13}", style=style)
        out.append("  ")
        value = field_value(field, result.data)
        if value is None and state == "EXTRACTED":
            spec = spec_of(run.schema, field)
            # an array given empty, or an object with nothing usable under it
            value = [] if spec is not None and spec.array and "[" not in field.rpartition(".")[2] else value
            value = {} if value is None and spec is not None and spec.kind == "OBJECT" else value
        out.append(show_value(value), style="" if state != "MALFORMED" else "dim")
        if field in malformed_required:
            out.append("  ← required, malformed", style="bold red")
        out.append("\n")
    return out


class FieldsPanel(KeyScrollColumn):
    """Shows :func:`panel_text`; :attr:`text` keeps the last one shown."""

    DEFAULT_CSS = """
    FieldsPanel {
        height: 1fr;
        padding: 0 1;
    }
    FieldsPanel #fields-panel-text {
        width: 1fr;  /* a long line wraps at the pane's edge (the panel scrolls only up and down) */
    }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.text = empty_text()
        self.schema_hash: str | None = None  # the schema shown; None: the latest run

    async def load(self, library: Any, path: str | None) -> None:
        """Read ``path``'s stored result on one of the library's read threads and show it, for the
        chosen schema (:attr:`schema_hash`) or else the schema run last."""
        from storage.fields import FieldStore

        def read() -> tuple[Any, Any]:
            if library.store is None:
                return None, None
            fields = FieldStore(library.store)
            runs = {r.schema_hash: r for r in fields.schemas()}
            if not runs:
                return None, None
            run = runs.get(self.schema_hash or "") or next(iter(runs.values()))
            return run, fields.result(path, run.schema_hash) if path else None

        run, stored = await library.call(read)
        self.show(path, run, stored)

    def compose(self):
        yield Static(self.text, id="fields-panel-text")

    def show(self, path: str | None, run: Any | None, stored: Any | None) -> None:
        self.text = panel_text(path, run, stored)
        self.query_one("#fields-panel-text", Static).update(self.text)
