"""Full-text search over every chunk; ``enter`` jumps to the chunk in its file."""

from __future__ import annotations

import re
from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ..present import counted, hit_place, printable, shorten_name, where_parts
from ..widgets.footer import Footer

FILTERS = {"type": "source_type", "mode": "mode", "kind": "content_type"}
#: what the status line under the search box says before there are words to search
FILTERS_HINT = Text("filters: type:pdf  mode:sentence  kind:table", style="dim")
#: the cells a hit's path keeps before its place is cut short
PATH_LEAST = 16
#: a Markdown table's delimiter row (``| --- | :---: |``), whole or cut by the snippet's ends:
#: it says nothing of the table, and in a snippet's one line read as cells of dashes
DELIMITER_ROW = re.compile(r"…?[\s|:]*-{3,}[\s|:-]*…?")


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
    """A hit as two lines of the list's width, whatever that is: its path and place, then its
    snippet (at 80 columns a place past the edge went on under the path, and a snippet took three
    lines or more)."""
    return HitPrompt(hit)


class HitPrompt:
    """A hit drawn in two lines of the width it is given (see :func:`hit_head` and
    :func:`hit_snippet`)."""

    def __init__(self, hit: Any) -> None:
        self.hit = hit

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(options.max_width, 4)
        yield hit_head(self.hit, width)
        snippet = Text("  ", no_wrap=True, overflow="ellipsis")
        snippet.append_text(hit_snippet(self.hit, width - 2))
        yield snippet


def hit_head(hit: Any, width: int) -> Text:
    """``notes.md  #1 heading · p.1 · line 3`` in ``width`` cells: the places are left out from the
    finest (the lines) while it is longer, then the path is shortened in its middle (its file name's
    end kept), and what is still too long loses its end to ``…``."""
    path = printable(hit.path)
    places = where_parts(hit.metadata)

    def place() -> str:
        return "  " + hit_place(hit.ordinal, hit.content_type, places)

    while places and cell_len(path) + cell_len(place()) > width:
        places.pop()
    room = max(width - cell_len(place()), min(cell_len(path), PATH_LEAST))
    head = Text(shorten_name(path, room), style="bold", no_wrap=True, overflow="ellipsis")
    head.append(place(), style="dim")
    head.truncate(width, overflow="ellipsis")
    return head


def hit_snippet(hit: Any, width: int) -> Text:
    """The hit's snippet, its matches reversed, in one line of ``width`` cells: a longer one is cut
    with ``…``, and starts later (``…`` before it) when its first match would be past the cut."""
    from storage.store import snippet_parts

    snippet = Text(no_wrap=True, overflow="ellipsis")
    lines = [line for line in str(hit.snippet).split("\n") if not DELIMITER_ROW.fullmatch(line)]
    for piece, matched in snippet_parts(" ".join(" ".join(lines).split())):
        snippet.append(printable(piece), style="reverse" if matched else "")
    if snippet.cell_len <= width:
        return snippet
    first = next((span for span in snippet.spans if span.style == "reverse"), None)
    if first is not None and cell_len(snippet.plain[: first.end]) > width - 1:
        # the match a third of the way in, the words before it cut at a space
        start = max(first.start - width // 3, 0)
        space = snippet.plain.find(" ", start, first.start)
        start = space + 1 if space >= 0 else start
        snippet = Text("…", no_wrap=True, overflow="ellipsis") + snippet[start:]
    snippet.truncate(width, overflow="ellipsis")
    return snippet


class SearchScreen(ModalScreen[Any]):
    BINDINGS = [Binding("escape", "dismiss(None)", "close")]

    def __init__(self, query: str = "") -> None:
        super().__init__()
        self.initial = query
        self.hits: list[Any] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="search-box", classes="dialog"):
            # the filters on a line of their own: after the words in the placeholder, they were cut
            # at 80 columns ('…prefix*; filters')
            yield Input(
                self.initial, placeholder='Search every chunk: words, "phrases", prefix*', id="search-input"
            )
            yield Static(FILTERS_HINT, id="search-status")
            yield OptionList(id="search-results")
        yield Footer()

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
                from indexer.modes.registry import unknown_mode

                from ..commands.index import known_modes

                known = known_modes()
                if mode not in known:
                    # in the words of the command line and the library
                    self.query_one("#search-status", Static).update(
                        Text(unknown_mode(mode, known), style="red")
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
            status.update(FILTERS_HINT)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.hits[event.option_index])
