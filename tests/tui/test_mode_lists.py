"""Every list of a format's modes names ``default``, which every format accepts: spreadsheets and
CSV/TSV as documents do (SPEC §2: spreadsheets `row` (= default), CSV/TSV `row` (= default)).
The lists left it out for the tabular formats, in the unknown mode's error, `chunkscope formats`
(and so docs/formats.md) and the app's mode bar."""

from __future__ import annotations

import json
from pathlib import Path

from tui.cli import main

from .conftest import index, opened, settle

# a header and two rows: one chunk of the row mode (3 rows to a chunk for CSV)
TIDES = "city,tide\nZanzibar,high\nLisbon,low\n"
CSV_MODES = ["default", "row", "sliding_window", "page_aware"]
SHEET_MODES = ["default", "row", "table", "sheet", "sliding_window", "page_aware", "semantic"]
DOCUMENT_MODES = ["default", "structural", "section", "semantic", "sliding_window", "sentence", "page_aware"]


def test_formats_lists_default_first_for_every_format_as_for_documents(capsys):
    assert main(["formats", "--json"]) == 0
    modes = {ext: row["modes"] for row in json.loads(capsys.readouterr().out) for ext in row["extensions"]}
    assert modes[".md"] == DOCUMENT_MODES
    assert modes[".docx"] == DOCUMENT_MODES
    # it said "row, sliding_window, page_aware" and "row, table, sheet, …"
    assert modes[".csv"] == modes[".tsv"] == CSV_MODES
    for ext in (".xlsx", ".xls", ".xlsb", ".ods"):
        assert modes[ext] == SHEET_MODES, ext
    assert main(["formats", "--markdown"]) == 0
    table = capsys.readouterr().out
    assert "| .csv | csv | " in table and " | default, row, sliding_window, page_aware | no |" in table


def test_an_unknown_mode_of_a_table_names_default_among_the_choices(tmp_path, capsys):
    from openpyxl import Workbook

    table = tmp_path / "tides.csv"
    table.write_text(TIDES, encoding="utf-8")
    book = Workbook()
    book.active.append(["city", "tide"])
    book.active.append(["Zanzibar", "high"])
    book.save(tmp_path / "tides.xlsx")
    assert main(["chunks", str(table), "--mode", "rows"]) == 2
    # sorted, as every command writes the choices; "default" was not among them, yet it is taken
    assert capsys.readouterr().err == (
        "chunkscope: error: unknown mode 'rows' for csv files; "
        "choose from default, page_aware, row, sliding_window\n"
    )
    assert main(["chunks", str(tmp_path / "tides.xlsx"), "--mode", "rows"]) == 2
    assert capsys.readouterr().err == (
        "chunkscope: error: unknown mode 'rows' for spreadsheet files; "
        "choose from default, page_aware, row, semantic, sheet, sliding_window, table\n"
    )
    assert main(["chunks", str(table), "--mode", "default", "--json"]) == 0
    [chunk] = json.loads(capsys.readouterr().out)
    assert chunk["content"] == "city: Zanzibar | tide: high\ncity: Lisbon | tide: low"


async def test_the_mode_bar_of_a_csv_file_offers_default_first(tmp_path: Path):
    from tui.widgets.mode_bar import ModeBar

    root = tmp_path / "corpus"
    root.mkdir()
    (root / "tides.csv").write_text(TIDES, encoding="utf-8")
    index(root)
    async with opened(root, "tides.csv") as pilot:
        app = pilot.app
        # the app starts in the default mode, and a CSV file keeps it (it switched to row, the
        # first mode the bar offered)
        assert app.main.modes() == tuple(CSV_MODES)
        assert app.main.mode == "default"
        bar = str(app.main.query_one(ModeBar).render())
        assert bar.startswith("1 default 2 row 3 sliding_window 4 page_aware"), bar
        # the compare tab's columns: default, then the next modes, not row (the same chunks again)
        assert [mode for mode, _ in app.main.compare_columns()] == ["default", "sliding_window", "page_aware"]
        await pilot.press("2")
        await settle(pilot)
        assert app.main.mode == "row"
        await pilot.press("1")
        await settle(pilot)
        assert app.main.mode == "default"
