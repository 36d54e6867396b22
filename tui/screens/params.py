"""The mode parameters dialog: the parameters the mode on view reads (window size and overlap,
sentences, paragraphs per page, rows), and only those: one it does not read changes nothing."""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from indexer import ModeParams
from indexer.errors import ChunkscopeError

from ..widgets.footer import Footer

FIELDS = (
    ("window_size", "window size (blocks)"),
    ("overlap", "overlap (blocks)"),
    ("sentences_per_chunk", "sentences per chunk"),
    ("paragraphs_per_page", "paragraphs per page"),
    ("rows_per_chunk", "rows per chunk (blank: mode default)"),
)


def parse_params(values: dict[str, str], base: ModeParams) -> ModeParams:
    """ModeParams from the dialog's text fields (those not given keep ``base``'s values);
    ValueError with a readable message when wrong."""
    out: dict[str, int | None] = {}
    for name, label in FIELDS:
        if name not in values:
            continue
        raw = values[name].strip()
        if not raw and name == "rows_per_chunk":
            out[name] = None
            continue
        try:
            out[name] = int(raw)
        except ValueError:
            raise ValueError(f"{label} must be a whole number, got {raw!r}") from None
    params = replace(base, **out)
    try:
        params.require_window()
        for name in ("sentences_per_chunk", "paragraphs_per_page"):
            params.require_positive(name)
        if params.rows_per_chunk is not None:
            params.require_positive("rows_per_chunk")
    except ChunkscopeError as exc:
        raise ValueError(exc.message) from None
    return params


class ParamsScreen(ModalScreen[ModeParams | None]):
    BINDINGS = [Binding("escape", "cancel", "cancel")]

    def __init__(self, params: ModeParams, mode: str = "", reads: tuple[str, ...] | None = None) -> None:
        """The dialog for the parameters ``reads`` of ``mode`` (a name to show); every parameter
        when ``reads`` is None (no file on view, so no mode to ask)."""
        super().__init__()
        self.params = params
        self.mode = mode
        self.fields = tuple((n, label) for n, label in FIELDS if reads is None or n in reads)

    def compose(self) -> ComposeResult:
        with Vertical(id="params-box", classes="dialog"):
            title = f"Parameters of {self.mode} mode" if self.mode else "Mode parameters"
            yield Static(Text(title, style="b"), id="params-title")
            with Grid(id="params-grid"):
                for name, label in self.fields:
                    value = getattr(self.params, name)
                    yield Label(label)
                    yield Input("" if value is None else str(value), id=f"param-{name}", type="text")
            yield Static("", id="params-error")
            with Horizontal(id="params-buttons"):
                yield Button("Apply", variant="primary", id="params-apply")
                yield Button("Cancel", id="params-cancel")
        yield Footer()

    def values(self) -> dict[str, str]:
        return {name: self.query_one(f"#param-{name}", Input).value for name, _ in self.fields}

    def apply(self) -> None:
        try:
            params = parse_params(self.values(), self.params)
        except ValueError as exc:
            self.query_one("#params-error", Static).update(Text(str(exc), style="red"))
            return
        self.dismiss(params)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.apply()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "params-apply":
            self.apply()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
