"""The app's report draws a count of stale or failed files in red unless none, as `chunkscope report`
writes them (the app drew the stale count unstyled, and the failed one in bold red)."""

from __future__ import annotations

import os
from pathlib import Path

from tui.screens.report import ReportScreen

from .conftest import BROKEN_DOCX, index, opened, settle, wait_for


def stale_folder(tmp_path: Path) -> Path:
    """A folder of a CSV file and a Word file indexed, the Word file then made unreadable and
    indexed again: its last good revision stays, stale. (The report's rows go by format, csv
    first: the row under the cursor, drawn in the cursor's colours, is not the Word file's.)"""
    from storage.store import Store
    from tests._builders import docx_file

    root = tmp_path / "corpus"
    root.mkdir()
    (root / "tides.csv").write_text("city,tide\nZanzibar,high\n", encoding="utf-8")
    survey = root / "survey.docx"
    survey.write_bytes(docx_file(paragraph="The survey of the north wall."))
    index(root)
    survey.write_bytes(BROKEN_DOCX)  # not a zip archive: PARSE_ERROR
    os.utime(survey, ns=(survey.stat().st_atime_ns, survey.stat().st_mtime_ns + 10**9))
    index(root)
    store = Store.open(root / ".chunkscope" / "index.db")
    try:
        assert store.document("survey.docx").status == "stale"
        assert store.document("tides.csv").status == "indexed"
    finally:
        store.close()
    return root


def drawn_cells(table, row: int) -> list:
    """The segments the table draws data row ``row`` in (the header is line 0), a cell each."""
    return [segment for segment in table.render_line(row + 1) if segment.text.strip()]


async def report_table(pilot):
    """The report's table of formats, opened with R and holding the folder's two formats."""
    app = pilot.app
    await pilot.press("R")
    await wait_for(pilot, lambda: isinstance(app.screen, ReportScreen), what="the report")
    table = app.screen.query_one("#report-formats")
    await wait_for(pilot, lambda: table.row_count == 2, what="the two formats")
    await settle(pilot)
    return table


async def test_the_report_draws_a_count_of_stale_files_red_as_the_command_line_does(tmp_path):
    root = stale_folder(tmp_path)
    async with opened(root, "tides.csv") as pilot:
        table = await report_table(pilot)
        names = [str(c.label) for c in table.ordered_columns]
        assert names[:5] == ["format", "files", "indexed", "failed", "stale"], names
        assert [str(table.get_row_at(1)[i]) for i in range(5)] == ["docx", "1", "0", "0", "1"]
        assert table.cursor_row == 0
        # the Word file's stale count, drawn in red ("[red]1[/]" in `chunkscope report`), where the
        # counts beside it are drawn in the table's own colour
        docx = drawn_cells(table, 1)
        assert [segment.text.strip() for segment in docx[:5]] == ["docx", "1", "0", "0", "1"]
        assert docx[4].style.color.name == "red", docx[4]
        assert docx[1].style.color.name != "red" and docx[3].style.color.name != "red", docx
        # no stale CSV file: its 0 drawn as any other count of none
        csv = drawn_cells(table, 0)
        assert csv[4].text.strip() == "0" and csv[4].style.color == csv[1].style.color, csv


async def test_a_red_count_stays_red_under_the_cursor(tmp_path):
    root = stale_folder(tmp_path)
    async with opened(root, "tides.csv") as pilot:
        table = await report_table(pilot)
        table.focus()
        await pilot.press("down")  # the cursor onto the Word file's row
        await settle(pilot)
        assert table.cursor_row == 1
        docx = drawn_cells(table, 1)
        assert [segment.text.strip() for segment in docx[:5]] == ["docx", "1", "0", "0", "1"]
        # its stale count red as off the cursor, its other counts in the cursor's colour
        assert docx[4].style.color.name == "red", docx[4]
        assert docx[1].style.color.name != "red", docx


async def test_the_report_draws_a_count_of_failed_files_red_not_bold_as_the_command_line_does(
    tmp_path, monkeypatch, capsys
):
    from tests.tui.conftest import BROKEN_DOCX
    from tui.cli import main

    root = tmp_path / "corpus"
    root.mkdir()
    (root / "tides.csv").write_text("city,tide\nZanzibar,high\n", encoding="utf-8")
    (root / "broken.docx").write_bytes(BROKEN_DOCX)  # not a zip archive: failed at its first reading
    index(root)
    async with opened(root, "tides.csv") as pilot:
        table = await report_table(pilot)
        names = [str(c.label) for c in table.ordered_columns]
        assert names[:5] == ["format", "files", "indexed", "failed", "stale"], names
        docx = drawn_cells(table, 1)
        assert [segment.text.strip() for segment in docx[:5]] == ["docx", "1", "0", "1", "0"]
        # red, as the stale count is drawn; it was bold red
        assert docx[3].style.color.name == "red" and not docx[3].style.bold, docx[3]
    # `chunkscope report` in a terminal: the count in red (SGR 31), not bold red (SGR 1;31)
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert main(["report", str(root)]) == 0
    out = capsys.readouterr().out
    assert "\x1b[31m1\x1b[0m" in out and "\x1b[1;31m" not in out, out


def red(style) -> bool:
    """Whether a drawn segment's colour is red (the standard colour 1, as Rich's "red" is drawn)."""
    return style.color is not None and (style.color.name == "red" or style.color.number == 1)


def title_segments(screen) -> dict[str, object]:
    """The report title's drawn segments by their text (stripped), as the screen draws them."""
    title = screen.query_one("#report-title")
    return {segment.text.strip(): segment.style for segment in title.render_line(0) if segment.text.strip()}


async def test_the_report_title_writes_a_count_of_failed_files_red_as_the_header_does(tmp_path):
    root = tmp_path / "corpus"
    root.mkdir()
    (root / "tides.csv").write_text("city,tide\nZanzibar,high\n", encoding="utf-8")
    (root / "broken.docx").write_bytes(BROKEN_DOCX)  # not a zip archive: failed at its first reading
    index(root)
    async with opened(root, "tides.csv") as pilot:
        await report_table(pilot)
        # two files, the CSV file's header and its one row a chunk, the Word file failed
        drawn = title_segments(pilot.app.screen)
        assert [text for text in drawn if "failed" in text] == ["1 failed"], drawn
        # it was drawn in the title's own colour, where the header's count is red
        assert red(drawn["1 failed"]) and not drawn["1 failed"].bold, drawn
        assert [text for text, style in drawn.items() if red(style)] == ["1 failed"], drawn
    # no failure: "0 failed" in the title's colour, as the table's 0
    (root / "broken.docx").unlink()
    index(root)
    async with opened(root, "tides.csv") as pilot:
        await pilot.press("R")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, ReportScreen), what="the report")
        table = pilot.app.screen.query_one("#report-formats")
        await wait_for(pilot, lambda: table.row_count == 1, what="the one format")
        await settle(pilot)
        drawn = title_segments(pilot.app.screen)
        text = " ".join(drawn)
        assert "0 failed" in text, drawn
        assert not any(red(style) for style in drawn.values()), drawn
