"""A chunk's full metadata as a tree, with its content under it."""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static, Tree

from ..present import chunk_title


class MetadataScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,enter", "dismiss", "close")]

    def __init__(self, chunk: Any, path: str, mode: str) -> None:
        super().__init__()
        self.chunk, self.path, self.mode = chunk, path, mode

    def compose(self) -> ComposeResult:
        c = self.chunk
        with Vertical(id="metadata-box", classes="dialog"):
            yield Static(
                f"[b]{escape(chunk_title(c))}[/b]  [dim]{escape(self.path)} · {escape(self.mode)}[/]"
            )
            tree: Tree[Any] = Tree("chunk", id="metadata-tree")
            tree.root.add_leaf(f"content_type: {c.content_type}")
            if getattr(c, "id", None):
                tree.root.add_leaf(f"id: {c.id}")
            meta = tree.root.add("metadata", expand=True)
            tree.add_json(c.metadata, meta)
            meta.set_label("metadata")
            meta.expand_all()
            tree.root.expand()
            yield tree
            with VerticalScroll(id="metadata-content"):
                yield Static(escape(c.content), markup=True)
            yield Static("[dim]escape: close[/]")
