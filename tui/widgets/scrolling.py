"""Keyboard scrolling that lands at once.

Textual glides a widget to its new place when a key scrolls it: a second for Home and End, and
50 rows a second for the page and arrow keys, so End on a long text read as a key that took a
second to answer, and Page Down as one that took most of one. The chunk list and the compare grid
move their cursor and jump; the views here (the source text, the manifest, the fields, the images
and the dialogs) now jump too. Mouse-wheel scrolling is left as Textual does it.
"""

from __future__ import annotations

from textual.actions import SkipAction
from textual.containers import VerticalScroll


class KeyScroll:
    """Mix into a scrolling widget (before the widget class) for keys that scroll without a glide."""

    def action_scroll_home(self) -> None:
        if not self._allow_scroll:
            raise SkipAction()
        self.scroll_home(animate=False, x_axis=self.scroll_y == 0)

    def action_scroll_end(self) -> None:
        if not self._allow_scroll:
            raise SkipAction()
        self.scroll_end(animate=False, x_axis=self.is_vertical_scroll_end)

    def action_page_up(self) -> None:
        if not self.allow_vertical_scroll:
            raise SkipAction()
        self.scroll_page_up(animate=False)

    def action_page_down(self) -> None:
        if not self.allow_vertical_scroll:
            raise SkipAction()
        self.scroll_page_down(animate=False)

    def action_scroll_up(self) -> None:
        if not self.allow_vertical_scroll:
            raise SkipAction()
        self.scroll_up(animate=False)

    def action_scroll_down(self) -> None:
        if not self.allow_vertical_scroll:
            raise SkipAction()
        self.scroll_down(animate=False)


class KeyScrollColumn(KeyScroll, VerticalScroll):
    """A :class:`VerticalScroll` whose keys scroll without a glide."""
