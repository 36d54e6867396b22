"""The mode selector: the modes of the selected file's family, numbered for the number keys."""

from __future__ import annotations

from collections.abc import Sequence

from rich.markup import escape
from textual.widgets import Static


class ModeBar(Static):
    def show(self, modes: Sequence[str], current: str, params_note: str = "") -> None:
        parts = []
        for n, name in enumerate(modes, start=1):
            label = f"{n} {escape(name)}"
            if name == current:
                parts.append(f"[reverse b]{label}[/]")
            else:
                parts.append(f"[@click=screen.mode({n})]{label}[/]")
        if params_note:
            parts.append(f"[dim]· {escape(params_note)}[/]")
        self.update(" ".join(parts) if parts else "[dim]no modes for this file[/]")
