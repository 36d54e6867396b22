"""A chunk's title in the chunk list fits its width by leaving out the finest provenance first: at
80 columns a spreadsheet chunk's title (``#3 row_group · rows 11–13 · lines 11–13 · 765 ch``) was
cut at its end, its size shown as ``76…``, another number."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.cells import cell_len

from tui.present import chunk_title
from tui.widgets.chunk_list import HEIGHT, ChunkList

from .conftest import index, settle
from .test_app import make_app, open_file


@dataclass
class Chunk:
    ordinal: int
    content: str
    content_type: str
    metadata: dict = field(default_factory=dict)


ROWS = Chunk(3, "x" * 765, "row_group", {"row_range": [11, 13], "source_lines": [11, 13]})


def test_a_title_leaves_out_the_lines_then_the_rows_then_shortens_the_type():
    assert chunk_title(ROWS) == "#3 row_group · rows 11–13 · lines 11–13 · 765 ch"
    assert chunk_title(ROWS, 60) == "#3 row_group · rows 11–13 · lines 11–13 · 765 ch"
    assert chunk_title(ROWS, 47) == "#3 row_group · rows 11–13 · 765 ch"
    assert chunk_title(ROWS, 33) == "#3 row_group · 765 ch"
    # 20 cells: 6 for the size, 3 for " · ", 11 for the head: 10 of it and "…"
    assert chunk_title(ROWS, 20) == "#3 row_gro… · 765 ch"
    assert chunk_title(ROWS, 12) == "#3 · 765 ch"


async def test_at_80_columns_chunk_titles_keep_their_size_whole(tmp_path):
    root = tmp_path / "corpus"
    root.mkdir()
    header = "station,reading,note"
    rows = [f"S{n},{n * 7},{'tide gauge reading taken at dawn from the north pier ' * 4}" for n in range(40)]
    (root / "readings.csv").write_text("\n".join([header, *rows]) + "\n", encoding="utf-8")
    index(root)
    app = make_app(root)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_file(pilot, "readings.csv")
        await pilot.press("1")  # the row mode: chunks of three rows
        await settle(pilot)
        chunk_list = app.main.query_one(ChunkList)
        width = chunk_list.scrollable_content_region.width
        chunks = chunk_list.chunks
        assert len(chunks) > 5
        for start in (0, len(chunks) - 4):
            chunk_list.go_to(start)
            await settle(pilot)
            top = int(chunk_list.scroll_offset.y)
            for y in range(top % HEIGHT and HEIGHT - top % HEIGHT, chunk_list.size.height, HEIGHT):
                chunk = chunks[(top + y) // HEIGHT]
                title = chunk_list.render_line(y).text.rstrip()
                assert cell_len(title) <= width
                # each row is 210 characters or so: a chunk is three of them, its size whole
                assert title.endswith(f" · {len(chunk.content):,} ch"), title
                assert title[2:].startswith(f"#{chunk.ordinal} row_group · rows "), title
