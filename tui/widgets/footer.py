"""The footer of every screen: Textual's, with only the keys that fit its width, and no key offered
that the focused widget takes as text.

Textual lays the keys out on one line that scrolls: at 80 columns the keys past the edge were lost,
a label cut in its middle (``R rep`` with the chunk list focused). Here keys are left out, from the
last (the keys are listed most useful first), until the rest fit whole; the help's key stays, as the
help lists every key. The command palette's key is docked at the right edge, over whatever reaches
it: it is shown only where every other key leaves it room (the palette stays a ``ctrl+p`` away, the
help says so).
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.binding import Binding
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

#: the cells the palette's key takes at the footer's right edge, compact or not (measured: its left
#: border, ``^p palette`` and its padding)
PALETTE = 12
#: keys that type a character Textual does not name (``key_to_character`` gives None for them)
TYPED = {"slash": "/"}
#: the action kept when keys are left out for want of room: the help lists the others
HELP = "help"


class Footer(TextualFooter):
    #: what the footer was composed with: the keys shown, and whether the palette's key was
    _shown: tuple[tuple[str, ...], bool] = ((), False)

    def offered(self) -> list[tuple[str, str, int]]:
        """The keys :class:`TextualFooter` shows (one per action, the first key bound to it), each
        with its action and the cells it takes, its margin included, but the keys the focused widget takes as
        text."""
        focused = self.screen.focused
        actions: set[str] = set()
        keys: list[tuple[str, str, int]] = []
        for _node, binding, _enabled, _tooltip in self.screen.active_bindings.values():
            if not binding.show or binding.action in actions:
                continue
            actions.add(binding.action)
            # Textual knows no character for "slash", so the filter box, which takes "/" as text,
            # does not hide "/ search" as it hides the other keys it takes
            typed = TYPED.get(binding.key)
            if typed and focused is not None and focused.check_consume_key(binding.key, typed):
                continue
            keys.append((binding.key, binding.action, self.key_width(binding)))
        return keys

    def key_width(self, binding: Binding) -> int:
        """The cells :class:`FooterKey` takes for ``binding``, its margin included."""
        key = cell_len(self.app.get_key_display(binding))
        text = cell_len(binding.description)
        if self.compact:  # "key desc" and a margin after it
            return key + (1 + text if text else 0) + 1
        return key + 2 + (text + 1 if text else 0)  # " key " and "desc "

    def fitting(self) -> tuple[tuple[str, ...], bool]:
        """The keys shown in the footer's width, and whether the palette's key fits beside them."""
        keys = self.offered()
        width = self.size.width
        # the compact style's last margin may go past the edge
        total = sum(cells for *_, cells in keys) - (1 if self.compact and keys else 0)
        palette = not width or total + PALETTE <= width
        while not palette and total > width:
            drop = next((i for i in reversed(range(len(keys))) if keys[i][1] != HELP), None)
            if drop is None:
                break
            total -= keys.pop(drop)[2]
        return tuple(key for key, *_ in keys), palette

    def compose(self):
        if not self._bindings_ready:
            return
        self._shown = self.fitting()
        shown, palette = self._shown
        self.set_reactive(TextualFooter.show_command_palette, palette)
        for widget in super().compose():
            key = isinstance(widget, FooterKey) and not widget.has_class("-command-palette")
            if not key or widget.key in shown:
                yield widget

    def on_resize(self) -> None:
        if self._bindings_ready and self._shown != self.fitting():
            self.refresh(recompose=True)
