"""`chunkscope search` writes a hit's place in the words of the UI's search dialog: it wrote
'page 1 · lines 3-5' and 'sheet Staff' where the dialog writes 'p.1 · lines 3–5' and 'Staff row 2'."""

from __future__ import annotations

import shutil

import pytest

from tests.conftest import SAMPLE_CORPUS
from tui.cli import main
from tui.screens.search import SearchScreen, hit_head

from .conftest import index, opened, settle, wait_for

# the paragraph is on lines 3 to 5 of the file, after the heading (chunk #0)
POOLS = "# Tides\n\nThe tide pools fill\ntwice a day with\nwarm zanzibar water.\n"


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    root = tmp_path_factory.mktemp("search") / "corpus"
    root.mkdir()
    (root / "pools.md").write_text(POOLS, encoding="utf-8")
    # its sheet "Staff" has its header in row 1 and "Ada Lovelace" in row 2 (read with openpyxl)
    shutil.copy(SAMPLE_CORPUS / "spreadsheets" / "regional_sales.xlsx", root / "regional_sales.xlsx")
    return index(root)


def cli_heads(corpus, query: str, capsys) -> list[str]:
    """The first line of each hit ``chunkscope search`` prints (the snippet is the second)."""
    assert main(["search", query, "--folder", str(corpus)]) == 0
    lines = capsys.readouterr().out.splitlines()
    return lines[0::2]


def test_the_cli_says_a_hit_s_place_as_the_ui_does(corpus, capsys):
    assert cli_heads(corpus, "zanzibar", capsys) == ["pools.md  #1 short_disconnected_paragraph · lines 3–5"]
    [sheet] = cli_heads(corpus, "Lovelace", capsys)
    assert sheet.startswith("regional_sales.xlsx  #"), sheet
    assert " row_document · Staff row 2 · line " in sheet and "sheet Staff" not in sheet, sheet


@pytest.mark.parametrize("query", ["zanzibar", "Lovelace"])
async def test_the_cli_and_the_search_dialog_write_the_same_head(corpus, query, capsys):
    [printed] = cli_heads(corpus, query, capsys)
    async with opened(corpus, "pools.md") as pilot:
        app = pilot.app
        await pilot.press("slash")
        await wait_for(pilot, lambda: isinstance(app.screen, SearchScreen), what="the search screen")
        await pilot.press(*query)
        await wait_for(pilot, lambda: app.screen.hits, what="search hits")
        await settle(pilot)
        [hit] = app.screen.hits
        # the dialog's head where its width leaves every place in
        assert hit_head(hit, 200).plain == printed
