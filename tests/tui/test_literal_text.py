"""What documents hold is shown as it is, and what the panes say fits them: file names, chunk text
and error messages with square brackets (never read as console markup), a failed file's long error
wrapped in each pane, and at 80 columns a title, header and compare statistics that fit without
cutting a name's end, a count or a number."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from rich.cells import cell_len

from tui.screens.metadata import MetadataScreen
from tui.widgets.chunk_list import ChunkList
from tui.widgets.compare_view import CompareGrid
from tui.widgets.manifest_panel import manifest_text
from tui.widgets.source_view import SourceView

from .conftest import BROKEN_DOCX, NARROW, build_corpus, index, opened, settle, wait_for
from .test_app import open_search, shown_text

BRACKETED = "draft [ v2 ].md"
# a TeX fragment like those of a real Markdown file (kreuzberg's comprehensive.md), whose escaped
# text raised MarkupError in the metadata screen; here its backslash came out doubled, and the
# name's "[ v2 ]" and the text's "[$accent]" were eaten
TEX = r"\begin{tikzpicture}[level distance=24pt] \node\[yshift=+-.5ex]{root};"
BRACKETED_MD = (
    "# Plan [ x ] [/]\n\nTicked [x], [$accent] and [link=https://example.org]here[/link].\n\n"
    f"```tex\n{TEX}\n```\n"
)
#: a line of Chinese (two cells a character) longer than the source pane at 80 columns
WIDE_TXT = "wide.txt"
WIDE_LINE = "北京是中华人民共和国的首都，也是全国的政治、文化、国际交往和科技创新中心。" * 3
LONG_FAILED = "extra/quarterly-financial-report-for-the-board-of-directors-2024-final-v3.docx"


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    root = build_corpus(tmp_path_factory.mktemp("literal") / "corpus", sample=False)
    (root / BRACKETED).write_text(BRACKETED_MD, encoding="utf-8")
    (root / LONG_FAILED).write_bytes(BROKEN_DOCX)
    (root / WIDE_TXT).write_text(WIDE_LINE + "\n", encoding="utf-8")
    return index(root)


def screen_lines(widget) -> list[str]:
    return [widget.render_line(y).text for y in range(widget.size.height)]


async def test_chunk_text_with_brackets_shows_as_it_is_in_the_metadata_screen(corpus):
    async with opened(corpus, BRACKETED) as pilot:
        app = pilot.app
        await pilot.click("#chunk-list")
        await pilot.press("end", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, MetadataScreen), what="the metadata screen")
        await settle(pilot)
        screen = app.screen
        assert TEX in screen.chunk.content
        shown = [str(static.render()) for static in screen.query("Static")]
        assert screen.chunk.content in shown
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, MetadataScreen), what="the main screen")
        await pilot.press("up", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, MetadataScreen), what="the metadata screen")
        await settle(pilot)
        shown = [str(static.render()) for static in app.screen.query("Static")]
        assert any("[link=https://example.org]here[/link]" in text for text in shown), shown
        assert shown[0].endswith(f"  {BRACKETED} · default (structural)"), shown
        # the heading, in the metadata tree: its brackets kept
        tree = app.screen.query_one("#metadata-tree")
        labels, nodes = [], [tree.root]
        while nodes:
            node = nodes.pop()
            labels.append(str(node.label))
            nodes += node.children
        assert "section_heading='Plan [ x ] [/]'" in labels, labels


async def test_a_bracketed_file_name_shows_whole_in_the_title(corpus):
    async with opened(corpus, BRACKETED) as pilot:
        app = pilot.app
        title = str(app.main.query_one("#doc-title").render())
        assert title.startswith(f"{BRACKETED} · md · "), title


async def test_a_search_filter_with_brackets_is_shown_as_typed(corpus):
    async with opened(corpus, "notes.md") as pilot:
        app = pilot.app
        await open_search(pilot)
        await pilot.press(*"zanzibar type:[/]")
        status = app.screen.query_one("#search-status")
        await wait_for(pilot, lambda: "[/]" in str(status.render()), what="the filter in the status")
        assert str(status.render()) == "0 hits · source type [/]"


async def test_a_failed_file_s_long_error_wraps_in_the_chunks_source_and_compare_panes(corpus):
    async with opened(corpus, LONG_FAILED, size=NARROW) as pilot:
        app = pilot.app
        message = app.main.row.error_message
        assert len(message) > 100
        for key, cls in (("escape", ChunkList), ("s", SourceView), ("c", CompareGrid)):
            await pilot.press(key)
            await settle(pilot)
            view = app.main.query_one(cls)
            lines = screen_lines(view)
            assert all(cell_len(line) <= view.size.width for line in lines), cls
            # every character of the message is on the pane (wrapped lines joined, spaces aside)
            shown = "".join("".join(lines).split())
            assert "".join(f"PARSE_ERROR: {message}".split()) in shown, (cls, lines)


async def test_at_80_columns_a_long_title_is_shortened_in_its_middle_and_names_the_format(corpus):
    async with opened(corpus, LONG_FAILED, size=NARROW) as pilot:
        app = pilot.app
        title = app.main.query_one("#doc-title")
        text = str(title.render())
        assert cell_len(text) <= title.content_region.width, text
        name, *details = text.split(" · ")
        assert name.startswith("extra/") and "…" in name and name.endswith("-v3.docx"), text
        # the format by the extension (a failed file has no source type), and why it failed
        assert details[0] == "docx" and "failed PARSE_ERROR" in details, text


async def test_at_80_columns_the_header_keeps_the_counts(corpus):
    async with opened(corpus, "notes.md", size=NARROW) as pilot:
        app = pilot.app
        header = app.main.query_one("#header")
        text = str(header.render())
        counts = app.main.counts
        assert cell_len(text) <= header.content_region.width, text
        for part in (
            f"{counts['documents']:,} docs",
            f"{counts['chunks']:,} chunks",
            f"{counts['failed']:,} failed",
        ):
            assert part in text, text
        # with room the whole folder and the watcher's word are there
        await pilot.resize_terminal(200, 24)
        await settle(pilot)
        wide = str(header.render())
        assert wide.startswith("chunkscope  ") and wide.endswith("not watching ○"), wide


async def test_at_80_columns_compare_statistics_keep_their_numbers_whole(corpus):
    async with opened(corpus, "extra/all_round.docx", size=NARROW, tab="c") as pilot:
        app = pilot.app
        grid = app.main.query_one(CompareGrid)
        assert grid.columns
        for y in range(1, 4):  # sizes, budget, content types
            cells = grid.render_line(y).text.split("│")
            for column, cell in zip(grid.columns, cells, strict=True):
                whole = set(re.findall(r"\d[\d,]*", " ".join(column.stats.lines())))
                for number in re.findall(r"\d[\d,]*", cell):
                    assert number in whole, (y, cell, whole)


def test_the_manifest_of_an_encrypted_pdf_says_how_to_give_its_password(tmp_path, real_world):
    from storage.store import Store

    root = tmp_path / "corpus"
    root.mkdir()
    shutil.copy(real_world / "pdf" / "pdfplumber" / "password-example.pdf", root / "locked.pdf")
    index(root)
    with Store.open(root / ".chunkscope" / "index.db", readonly=True) as store:
        row = store.document("locked.pdf")
    assert row.error_code == "ENCRYPTED"
    text = " ".join(shown_text(manifest_text(row, None)).split())
    assert "chunkscope index --password PASSWORD FOLDER" in text


def test_the_manifest_of_an_encrypted_word_file_says_how_to_give_its_password(tmp_path):
    from storage.store import Store
    from tests.indexer.formats.test_encrypted_office import _docx, encrypt

    root = tmp_path / "corpus"
    root.mkdir()
    (root / "locked.docx").write_bytes(encrypt(_docx(), "harbour"))
    index(root)
    with Store.open(root / ".chunkscope" / "index.db", readonly=True) as store:
        row = store.document("locked.docx")
    assert row.error_code == "ENCRYPTED"
    text = " ".join(shown_text(manifest_text(row, None)).split())
    assert "give its password with --password" in text  # the error
    assert "chunkscope FOLDER --password PASSWORD" in text  # the hint


def test_the_hint_offers_a_password_only_for_the_formats_it_opens():
    from tui.widgets.manifest_panel import ENCRYPTED_WITH_PASSWORD, HINTS, hint_for

    for path in ("a.pdf", "b/c.DOCX", "d.xlsm", "e.xlsb", "f.pptx", "g.ppsx", "h.ods", "i.ODT", "j.odp"):
        assert hint_for("ENCRYPTED", path) == ENCRYPTED_WITH_PASSWORD, path
    for path in ("c.epub", "d.xls", "e.msg", "docx"):
        assert hint_for("ENCRYPTED", path) == HINTS["ENCRYPTED"], path
    assert hint_for("PARSE_ERROR", "a.docx") == HINTS["PARSE_ERROR"]


async def test_at_80_columns_every_tab_name_shows_whole_whichever_tab_is_open(corpus):
    from textual.widgets import Tab, Tabs

    async with opened(corpus, "notes.md", size=NARROW) as pilot:
        app = pilot.app
        tabs = app.main.query_one("#tabs").query_one(Tabs)
        for key in ("s", "c", "i", "m"):
            await pilot.press(key)
            await settle(pilot)
            scroll = tabs.query_one("#tabs-scroll")
            # the strip fits: nothing scrolled off its left (the first name cut) or right
            assert scroll.scroll_x == 0 and scroll.virtual_size.width <= scroll.size.width, (
                key,
                scroll.scroll_x,
                scroll.virtual_size.width,
                scroll.size.width,
            )
            names = [str(tab.label) for tab in tabs.query(Tab)]
            assert names == ["Chunks", "Source", "Compare", "Images", "Manifest", "Fields"]


async def test_the_source_view_wraps_wide_characters_by_their_cells_and_shows_them_all(corpus):
    async with opened(corpus, WIDE_TXT, size=NARROW, tab="s") as pilot:
        app = pilot.app
        view = app.main.query_one(SourceView)
        lines = screen_lines(view)
        visible = view.scrollable_content_region.width
        assert all(cell_len(line.rstrip()) <= visible for line in lines)
        # every character of the line is on the pane, in order (the gutter's bar aside)
        shown = "".join(line.split("│", 1)[1].strip() for line in lines if "│" in line)
        assert shown == WIDE_LINE, lines


async def test_compare_columns_stay_aligned_beside_wide_characters(corpus):
    async with opened(corpus, WIDE_TXT, size=(120, 40), tab="c") as pilot:
        app = pilot.app
        grid = app.main.query_one(CompareGrid)
        assert len(grid.columns) == 3
        rows = [line for line in screen_lines(grid) if line.strip()]
        visible = grid.scrollable_content_region.width
        assert any("北京" in line for line in rows)

        def rules(line: str) -> list[int]:  # the cells where a column's rule is drawn
            return [cell_len(line[:i]) for i, ch in enumerate(line) if ch == "│"]

        assert all(cell_len(line.rstrip()) <= visible for line in rows)
        assert {tuple(rules(line)) for line in rows if "北" in line} == {tuple(rules(rows[0]))}
