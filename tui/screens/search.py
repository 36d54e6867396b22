"""Full-text search over every chunk; ``enter`` jumps to the chunk in its file."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ..present import counted, printable, where

FILTERS = {"type": "source_type", "mode": "mode", "kind": "content_type"}


def parse_query(text: str) -> tuple[str, dict[str, str]]:
    """Words to search, and ``type:pdf`` / ``mode:sentence`` / ``kind:table`` filters."""
    words, filters = [], {}
    for token in text.split():
        name, sep, value = token.partition(":")
        if sep and name in FILTERS and value:
            filters[FILTERS[name]] = value
        else:
            words.append(token)
    return " ".join(words), filters


def hit_prompt(hit: Any) -> RenderableType:
    """The hit's path and place on one line, its snippet under it, wrapped under itself (a
    snippet's second line started at the left edge, under the path)."""
    from storage.store import snippet_parts

    loc = where(hit.metadata)
    head = Text(printable(hit.path), style="bold")
    head.append(f"  #{hit.ordinal} {hit.content_type}" + (f" · {loc}" if loc else ""), style="dim")
    snippet = Text()
    for piece, matched in snippet_parts(" ".join(str(hit.snippet).split())):
        snippet.append(printable(piece), style="reverse" if matched else "")
    return Group(head, Padding(snippet, (0, 0, 0, 2)))


class SearchScreen(ModalScreen[Any]):
    BINDINGS = [Binding("escape", "dismiss(None)", "close")]

    def __init__(self, query: str = "") -> None:
        super().__init__()
        self.initial = query
        self.hits: list[Any] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="search-box", classes="dialog"):
            yield Input(
                self.initial,
                placeholder='Search every chunk: words, "phrases", prefix*; filters type:pdf mode:sentence kind:table',
                id="search-input",
            )
            yield Static("", id="search-status")
            yield OptionList(id="search-results")

    def on_mount(self) -> None:
        if self.initial:
            self.run_search(self.initial)

    def on_input_changed(self, event: Input.Changed) -> None:
        self.run_search(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        results = self.query_one(OptionList)
        if results.option_count:
            results.focus()
            results.highlighted = 0

    @work(exclusive=True, group="search")
    async def run_search(self, query: str) -> None:
        words, filters = parse_query(query)
        hits: list[Any] = []
        if words:
            library = self.app.library
            mode = filters.get("mode")
            if mode is not None and mode != "default":
                from ..commands.index import known_modes

                if mode not in known_modes():
                    self.query_one("#search-status", Static).update(
                        Text(f"no mode named {mode}", style="red")
                    )
                    self.query_one(OptionList).clear_options()
                    return
                # the documents not chunked in that mode yet are chunked (and kept) first, so
                # that the search sees every document the mode serves
                missing = await library.call(library.store.without_mode, mode)
                if missing:
                    self.query_one("#search-status", Static).update(
                        Text(f"chunking {counted(len(missing), 'file')} in {mode} mode first …")
                    )
                    await library.call(library.store.chunk_all, mode, missing)
            hits = await library.call(library.store.search, words, limit=100, **filters)
        self.show_hits(words, hits, filters)

    def show_hits(self, query: str, hits: list[Any], filters: dict[str, str]) -> None:
        self.hits = hits
        results = self.query_one(OptionList)
        results.clear_options()
        results.add_options([Option(hit_prompt(h)) for h in hits])
        status = self.query_one("#search-status", Static)
        if query:
            note = "".join(f" · {k.replace('_', ' ')} {v}" for k, v in filters.items())
            more = " (first 100)" if len(hits) == 100 else ""
            status.update(Text(f"{counted(len(hits), 'hit')}{more}{note}"))
        else:
            status.update("")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.hits[event.option_index])
