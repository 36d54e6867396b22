"""The footer of every screen: Textual's, with the command palette's key shown only where the
other keys leave it room, and no key offered that the focused widget takes as text.

The palette's key is docked at the right edge, over whatever reaches it: with the chunk list
focused its ``⏎ metadata`` made the keys of the main screen 110 cells long, and at 120 columns the
palette's key covered the end of ``e export``. The palette stays a ``ctrl+p`` away (the help says
so) when its key is left out.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

#: the cells the palette's key takes at the footer's right edge, compact or not (measured: its left
#: border, ``^p palette`` and its padding)
PALETTE = 12
#: keys that type a character Textual does not name (``key_to_character`` gives None for them)
TYPED = {"slash": "/"}


class Footer(TextualFooter):
    def keys_width(self) -> int:
        """Where the keys other than the palette's end, as :class:`TextualFooter` lays them out (one
        key per action, in the compact style or not)."""
        actions: set[str] = set()
        width = 0
        for _node, binding, _enabled, _tooltip in self.screen.active_bindings.values():
            if not binding.show or binding.action in actions:
                continue
            actions.add(binding.action)
            key = cell_len(self.app.get_key_display(binding))
            text = cell_len(binding.description)
            # compact: "key desc" and a margin after it (but the last); else " key " and "desc "
            width += key + 1 + text + 1 + (0 if self.compact else 1)
        return width - 1 if self.compact and width else width

    def palette_fits(self) -> bool:
        width = self.size.width
        return not width or self.keys_width() + PALETTE <= width

    def compose(self):
        if self._bindings_ready:
            self.set_reactive(TextualFooter.show_command_palette, self.palette_fits())
        focused = self.screen.focused if self._bindings_ready else None
        for widget in super().compose():
            # Textual knows no character for "slash", so the filter box, which takes "/" as text,
            # does not hide "/ search" as it hides the other keys it takes
            typed = isinstance(widget, FooterKey) and TYPED.get(widget.key)
            if typed and focused is not None and focused.check_consume_key(widget.key, typed):
                continue
            yield widget

    def on_resize(self) -> None:
        if self._bindings_ready and self.palette_fits() != self.show_command_palette:
            self.refresh(recompose=True)
