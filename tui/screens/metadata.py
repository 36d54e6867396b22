"""A chunk's full metadata as a tree, with its content under it."""

from __future__ import annotations

from typing import Any

from rich.highlighter import ReprHighlighter
from rich.style import Style
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
        yield Footer()


class MetadataTree(Tree[Any]):
    """A tree whose labels end in ``…`` at its right edge (a chunk id, a long value): it never
    scrolls sideways, where a label cut by the edge read as whole."""

    def room(self, node: TreeNode[Any]) -> int:
        """The cells left for ``node``'s label beside its guides (one a level below the root)."""
        depth, parent = 0, node.parent
        while parent is not None:
            depth, parent = depth + 1, parent.parent
        return max(1, self.scrollable_content_region.width - depth * self.guide_depth)

    def render_label(self, node: TreeNode[Any], base_style: Style, style: Style) -> Text:
        label = super().render_label(node, base_style, style)
        if label.cell_len > self.room(node):
            label.truncate(self.room(node), overflow="ellipsis")
        return label

    def get_label_width(self, node: TreeNode[Any]) -> int:
        return min(super().get_label_width(node), self.room(node))


def metadata_tree(chunk: Any) -> Tree[Any]:
    """The chunk's type, id and metadata as a tree; every label a Text, never markup, since keys
    and values come from documents (a heading ``[x]`` or ``[/]`` is shown as it is)."""
    tree = MetadataTree("chunk", id="metadata-tree")
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
