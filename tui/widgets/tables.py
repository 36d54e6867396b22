"""Filling a DataTable whose columns are as wide as their widest cell from the first frame drawn."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import DataTable


def cell_width(value: Any) -> int:
    """The cells a DataTable gives ``value`` by its default formatter: a Text as it is, a string
    read as markup, a float with two decimals, anything else as its ``str``."""
    if isinstance(value, Text):
        return value.cell_len
    if isinstance(value, str):
        return Text.from_markup(value).cell_len
    if isinstance(value, float):
        return cell_len(f"{value:.2f}")
    return cell_len(str(value))


def fill_table(table: DataTable, labels: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    """Replace the columns and rows of ``table``, each column as wide as its widest cell, label
    included.

    A DataTable left to size its columns measures the rows added only once it has no message left
    to handle; a frame drawn before that caches the header at the narrower widths until the table
    changes again, so on a busy machine the header could stay out of line with the rows under it."""
    table.clear(columns=True)
    for i, label in enumerate(labels):
        table.add_column(label, width=max([cell_width(label), *(cell_width(row[i]) for row in rows)]))
    table.add_rows(rows)
