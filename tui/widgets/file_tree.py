"""The folder tree of indexed files with a status glyph per file and a filter box.

``✔`` indexed, ``⚠`` indexed with something lost (the store's ``has_warning``: skips an extractor
marks ``on_purpose`` raise none), ``◌`` queued or stale, ``⟳`` indexing (a worker is reading the
file: the screen says which, :meth:`FileTree.mark_reading`), ``✖`` failed (its code shown; the
last good revision stays browsable), ``·`` unsupported. Folders show the sum of their files'
chunk counts. Moving the cursor onto a file posts :class:`FileTree.FileHighlighted` so the right
pane follows the selection immediately.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Input, Tree
from textual.widgets.tree import TreeNode

from ..present import counted, name_cut, printable

GLYPHS = {
    "indexed": "✔",
    "warning": "⚠",
    "queued": "◌",
    "stale": "◌",
    "indexing": "⟳",
    "failed": "✖",
    "unsupported": "·",
}

#: a file shows ⟳ once a worker has been reading it this long (seconds): the many files read in a
#: few milliseconds go from ◌ to ✔ without a mark flashing on and off in between
READING_SHOWN_AFTER = 0.2

#: The fewest cells a shortened name keeps before the end of a label is cut instead.
MIN_NAME = 8


def glyph(row: Any) -> str:
    status = row.status
    if status == "indexed" and row.has_warning:
        return GLYPHS["warning"]
    if status == "stale" and row.error_code:
        return GLYPHS["failed"]
    return GLYPHS.get(status, "?")


def file_label(row: Any, name: str, *, reading: bool = False) -> Text:
    """``reading``: a worker is reading the file now, whatever its stored status says."""
    mark = GLYPHS["indexing"] if reading else glyph(row)
    if reading:
        tail = "indexing"
    elif row.status in ("failed", "stale") and row.error_code:
        tail = row.error_code + (" (stale)" if row.status == "stale" else "")
    elif row.status in ("queued", "indexing", "stale", "unsupported"):
        tail = row.status
    else:
        tail = f"{row.chunk_count:,}"
    style = {"✖": "bold red", "⚠": "yellow", "·": "dim", "◌": "dim", "⟳": "cyan"}.get(mark, "green")
    text = Text()
    text.append(mark, style=style)
    text.append(f" {printable(name)} ")
    text.append(tail, style="dim")
    return text


class FilesTree(Tree[str | None]):
    """The tree proper (data: the file's relative path, None for a folder).

    A label longer than the room its line leaves is drawn with its name shortened in the middle
    (:func:`fit_label`), so the tree never scrolls sideways; the node keeps its whole label."""

    def render_label(self, node: TreeNode[str | None], base_style: Style, style: Style) -> Text:
        label = super().render_label(node, base_style, style)
        room = self.scrollable_content_region.width - self.guide_depth * _depth(node)
        if room <= 0 or label.cell_len <= room:
            return label
        prefix = len(label.plain) - len(node.label.plain)  # the folder's toggle icon
        if node.data:
            return fit_label(label, prefix + 2, len(node.data.rsplit("/", 1)[-1]), room)
        return fit_label(label, prefix, len(getattr(node, "_folder_path", "").rsplit("/", 1)[-1]), room)


def _depth(node: TreeNode) -> int:
    """How many folders above ``node`` are drawn (the hidden root not counted)."""
    depth = 0
    while node.parent is not None and node.parent.parent is not None:
        node, depth = node.parent, depth + 1
    return depth


def fit_label(label: Text, start: int, length: int, room: int) -> Text:
    """``label`` in ``room`` cells, its name (``length`` characters from ``start``) shortened in the
    middle (:func:`~tui.present.shorten_name`), so the status mark before it and the count or
    error code after it stay; when that leaves the name under ``MIN_NAME`` cells, the name keeps
    those and the end of the label is cut instead. Styles (the cursor's) stay where they were."""
    name = label.plain[start : start + length]
    others = label.cell_len - cell_len(name)
    cut = name_cut(name, max(room - others, min(cell_len(name), MIN_NAME)))
    if cut is not None:
        head, end = cut
        mark = label[start + head : start + head + 1]
        mark.plain = "…"  # the spans over the character it replaces stay
        out = label[: start + head]
        out.append_text(mark)
        out.append_text(label[start + length - end :])
        label = out
    if label.cell_len > room:
        label.truncate(room, overflow="ellipsis")
    return label


class FileTree(Vertical):
    class FileHighlighted(Message):
        def __init__(self, path: str) -> None:
            super().__init__()
            self.path = path

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.rows: dict[str, Any] = {}
        self.nodes: dict[str, TreeNode] = {}
        self.folders: dict[str, TreeNode] = {}
        self.filter = ""
        self.selected: str | None = None
        self.count_files = False  # folders show chunk counts, or (toggled) file counts
        self.reading: set[str] = set()  # files drawn ⟳: a worker is reading them

    def compose(self) -> ComposeResult:
        yield Input(placeholder="Filter files…", id="file-filter")
        tree = FilesTree("folder", id="files")
        tree.show_root = False
        tree.guide_depth = 2
        yield tree

    @property
    def tree(self) -> FilesTree:
        return self.query_one(FilesTree)

    def visible(self, path: str) -> bool:
        return not self.filter or self.filter.lower() in path.lower()

    # -- data ------------------------------------------------------------------------------------

    def set_rows(self, rows: Iterable[Any]) -> None:
        """Replace everything (the first load, a filter change)."""
        self.rows = {r.path: r for r in rows}
        self.rebuild()

    def update_rows(self, rows: Iterable[Any], removed: Iterable[str] = (), read: Iterable[str] = ()) -> None:
        """Apply changed rows in place: relabel known files, insert new ones at their sorted place,
        drop removed ones (no rebuild, so a scan of a large folder stays cheap). ``read``: files
        no longer being read, drawn from their row again (the new one when it is among ``rows``)."""
        removed = list(removed)
        read = set(read) & self.reading
        self.reading -= read
        self.reading.difference_update(removed)
        for path in removed:
            self.rows.pop(path, None)
            node = self.nodes.pop(path, None)
            if node is not None:
                node.remove()
        relabel = set(read)
        for row in rows:
            self.rows[row.path] = row
            if row.path in self.nodes:
                relabel.add(row.path)
            elif self.visible(row.path):
                self._insert(row.path, self._label(row.path))
        self._relabel(relabel)
        self._label_folders()

    def mark_reading(self, paths: Iterable[str]) -> None:
        """Draw ⟳ on these files (a worker has been reading them a while); a file not in the tree
        yet gets it when it comes."""
        paths = set(paths) - self.reading
        self.reading |= paths
        self._relabel(paths)

    def _relabel(self, paths: Iterable[str]) -> None:
        for path in paths:
            node = self.nodes.get(path)
            if node is not None and path in self.rows:
                node.set_label(self._label(path))

    def _label(self, path: str) -> Text:
        return file_label(self.rows[path], path.rsplit("/", 1)[-1], reading=path in self.reading)

    @staticmethod
    def _key(node: TreeNode) -> str:
        return node.data if node.data else getattr(node, "_folder_path", "") + "/"

    def _insert(self, path: str, label: Text) -> None:
        parent = self._folder(path.rpartition("/")[0])
        before = next((child for child in parent.children if self._key(child) > path), None)
        if before is None:
            self.nodes[path] = parent.add_leaf(label, data=path)
        else:
            self.nodes[path] = parent.add_leaf(label, data=path, before=before)

    def rebuild(self) -> None:
        tree = self.tree
        keep = self.selected
        tree.clear()
        self.nodes, self.folders = {}, {"": tree.root}
        for path in sorted(p for p in self.rows if self.visible(p)):
            parent = self._folder(path.rpartition("/")[0])
            self.nodes[path] = parent.add_leaf(self._label(path), data=path)
        self._label_folders()
        if keep in self.nodes:
            self.select(keep)

    def _folder(self, folder: str) -> TreeNode:
        node = self.folders.get(folder)
        if node is None:
            parent_path, _, name = folder.rpartition("/")
            parent = self._folder(parent_path)
            key = folder + "/"
            before = next((child for child in parent.children if self._key(child) > key), None)
            if before is None:
                node = parent.add(Text(printable(name) + "/"), data=None, expand=True)
            else:
                node = parent.add(Text(printable(name) + "/"), data=None, expand=True, before=before)
            node._folder_path = folder
            self.folders[folder] = node
        return node

    def _label_folders(self) -> None:
        totals: dict[str, int] = {}
        for path in self.nodes:
            folder = path.rpartition("/")[0]
            count = 1 if self.count_files else (self.rows[path].chunk_count or 0)
            while folder:
                totals[folder] = totals.get(folder, 0) + count
                folder = folder.rpartition("/")[0]
        for folder, node in self.folders.items():
            if folder:
                text = Text(printable(folder.rsplit("/", 1)[-1]) + "/ ")
                total = totals.get(folder, 0)
                text.append(counted(total, "file") if self.count_files else f"{total:,}", style="dim")
                node.set_label(text)

    def select(self, path: str) -> None:
        node = self.nodes.get(path)
        if node is None:
            return
        tree = self.tree
        if node.line >= 0:
            tree.move_cursor(node)
        else:
            self.call_after_refresh(tree.move_cursor, node)

    # -- events ----------------------------------------------------------------------------------

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.filter = event.value.strip()
        self.rebuild()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """``enter`` in the filter: to the tree, on the first matching file."""
        event.stop()
        tree = self.tree
        tree.focus()
        if self.nodes:
            first = next(iter(sorted(self.nodes)))
            self.select(first)
            # the filtered tree may have put the match on the line the cursor was on: the cursor
            # does not move, and the tree says nothing of the node now under it
            if first != self.selected:
                self.selected = first
                self.post_message(self.FileHighlighted(first))

    def on_tree_node_highlighted(self, event: Tree.NodeHighlighted) -> None:
        event.stop()
        path = event.node.data
        if path and path != self.selected:
            self.selected = path
            self.post_message(self.FileHighlighted(path))

    def on_tree_node_selected(self, event: Tree.NodeSelected) -> None:
        event.stop()
        path = event.node.data
        if path:
            self.selected = path
            self.post_message(self.FileHighlighted(path))
