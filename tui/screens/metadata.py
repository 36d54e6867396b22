"""A chunk's full metadata as a tree, with its content under it."""

from __future__ import annotations

from typing import Any

from rich.highlighter import ReprHighlighter
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static, Tree
from textual.widgets.tree import TreeNode

from ..present import chunk_title, printable
from ..widgets.footer import Footer
from ..widgets.scrolling import KeyScrollColumn


class MetadataScreen(ModalScreen[None]):
    # below 30 rows the dialog takes the whole height and the chunk's text a few rows (app.tcss),
    # so the tree keeps most of them: at 80×24 it had 5
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]
    BINDINGS = [Binding("escape,q,enter", "dismiss", "close")]

    def __init__(self, chunk: Any, path: str, mode: str) -> None:
        super().__init__()
        self.chunk, self.path, self.mode = chunk, path, mode

    def compose(self) -> ComposeResult:
        c = self.chunk
        with Vertical(id="metadata-box", classes="dialog"):
            yield Static(
                Text.assemble(
                    (chunk_title(c), "bold"), "  ", (f"{printable(self.path)} · {self.mode}", "dim")
                )
            )
            yield metadata_tree(c)
            with KeyScrollColumn(id="metadata-content"):
                yield Static(Text(printable(c.content)))
            yield Static("[dim]escape: close[/]")
        yield Footer()


def metadata_tree(chunk: Any) -> Tree[Any]:
    """The chunk's type, id and metadata as a tree; every label a Text, never markup, since keys
    and values come from documents (a heading ``[x]`` or ``[/]`` is shown as it is)."""
    tree: Tree[Any] = Tree("chunk", id="metadata-tree")
    tree.root.add_leaf(Text(f"content_type: {chunk.content_type}"))
    if getattr(chunk, "id", None):
        tree.root.add_leaf(Text(f"id: {chunk.id}"))
    meta = tree.root.add("metadata", expand=True)
    _add_json(meta, chunk.metadata)
    meta.set_label("metadata")
    meta.expand_all()
    tree.root.expand()
    return tree


def _add_json(node: TreeNode[Any], data: Any, name: str = "") -> None:
    """What ``Tree.add_json`` adds, with each key taken as text (it reads keys as markup)."""
    if isinstance(data, dict):
        node.set_label(Text(f"{{}} {name}"))
        for key, value in data.items():
            _add_json(node.add(""), value, printable(str(key)))
    elif isinstance(data, list):
        node.set_label(Text(f"[] {name}"))
        for index, value in enumerate(data):
            _add_json(node.add(""), value, str(index))
    else:
        node.allow_expand = False
        value = _HIGHLIGHT(repr(data))
        node.set_label(Text.assemble((name, "bold"), "=", value) if name else value)


_HIGHLIGHT = ReprHighlighter()
