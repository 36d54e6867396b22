"""Mode parameters, their validation, and the canonical ``mode_key`` the store keys chunks by."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import InvalidArgument


@dataclass(frozen=True, slots=True)
class ModeParams:
    window_size: int = 3
    overlap: int = 1
    sentences_per_chunk: int = 3
    paragraphs_per_page: int = 15
    rows_per_chunk: int | None = None  # None: the mode's default (CSV 3, spreadsheets 1)
    list_images: bool = False

    def require_positive(self, name: str) -> int:
        value = getattr(self, name)
        if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
            raise InvalidArgument(f"{name} must be greater than 0")
        return value

    def require_window(self) -> tuple[int, int]:
        size = self.require_positive("window_size")
        if not isinstance(self.overlap, int) or self.overlap < 0:
            raise InvalidArgument("overlap must not be negative")
        if self.overlap >= size:
            raise InvalidArgument("overlap must be less than window_size")
        return size, self.overlap


def mode_key(mode: str, params: ModeParams, reads: tuple[str, ...] = ()) -> str:
    """``mode`` plus the parameters it reads, e.g. ``sliding_window:window_size=3,overlap=1``.

    ``list_images`` is part of the key when set, since it changes the chunks.
    """
    parts = [f"{name}={getattr(params, name)}" for name in reads]
    if params.list_images:
        parts.append("list_images=1")
    return mode + (":" + ",".join(parts) if parts else "")
