"""The header's folder name is cut by terminal cells: a folder named in Chinese or with emoji
(two cells a character) keeps the counts and the watcher's state on the line."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len

from tui.present import tail

from .conftest import index, settle, wait_for
from .test_app import make_app

#: 33 Chinese characters, 66 cells: longer than the header has room for at 80 columns
WIDE_NAME = "北京是中华人民共和国的首都也是全国的政治文化国际交往和科技创新中心"
#: one cell a character: the folder fills the line to its last cell
ASCII_NAME = "field-notes-from-the-tide-pools-of-the-northern-coast-summer"
#: emoji (two cells each) among ASCII letters
EMOJI_NAME = "notes-📚📚📚-from-🌊🌊🌊🌊-and-🐚🐚🐚🐚🐚-summer"


def test_tail_keeps_the_end_of_a_text_in_at_most_so_many_cells():
    assert tail("abcdef", 3) == "def"
    assert tail("abcdef", 10) == "abcdef"
    assert tail("abcdef", 0) == ""
    # a wide character is two cells and is never split: 5 cells hold two of them
    assert tail("一二三四", 5) == "三四"
    assert tail("一二三四", 4) == "三四"
    assert tail("a一b", 2) == "b"
    assert tail("a一b", 3) == "一b"


def _corpus(root: Path) -> Path:
    root.mkdir(parents=True)
    (root / "notes.md").write_text("One paragraph, and no heading: one chunk.\n", encoding="utf-8")
    return index(root)


@pytest.mark.parametrize(
    ("name", "end"),
    [
        (WIDE_NAME, WIDE_NAME[-19:]),  # 38 cells: the 39th would split a character
        (ASCII_NAME, ASCII_NAME[-39:]),
        (EMOJI_NAME, "📚-from-🌊🌊🌊🌊-and-🐚🐚🐚🐚🐚-summer"),  # 2 + 6 + 8 + 5 + 10 + 7 = 38 cells
    ],
)
async def test_at_80_columns_a_wide_character_folder_name_leaves_the_counts_whole(tmp_path, name, end):
    root = _corpus(tmp_path / name)
    app = make_app(root)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.main.counts.get("documents") == 1, what="the counts")
        await settle(pilot)
        header = app.main.query_one("#header")
        width = header.content_region.width
        drawn = header.render_line(0).text.rstrip()
        # nothing was cut off the right end: the counts and the watcher's state are whole
        assert cell_len(drawn) <= width, drawn
        assert drawn.startswith("chunkscope  …"), drawn
        assert drawn.endswith("   1 doc · 1 chunk   not watching ○"), drawn
        # the folder shown is the end of its name, filling its room but for a wide character's
        # odd cell: 78 (80 less the padding) - 10 - 2 - 3 - 15 ("1 doc · 1 chunk") - 3 - 14 = 31 cells
        folder = drawn[len("chunkscope  ") : -len("   1 doc · 1 chunk   not watching ○")]
        assert folder.startswith("…") and name.endswith(folder[1:]), folder
        assert width - 47 - 1 <= cell_len(folder) <= width - 47, (width, folder)
        if name.isascii():
            assert cell_len(drawn) == width, drawn
        # with room, a long folder keeps its last 39 cells at most after the "…"
        await pilot.resize_terminal(200, 24)
        await settle(pilot)
        drawn = header.render_line(0).text.rstrip()
        assert drawn == f"chunkscope  …{end}   1 doc · 1 chunk   not watching ○", drawn
        assert cell_len(drawn) <= header.content_region.width, drawn
