"""Pilot tests of the UI on a real index of a temp copy of sample_corpus/ (real SQLite, real files)."""

from __future__ import annotations

import json
import os
import re
import shutil
import zipfile
from io import BytesIO
from pathlib import Path

import pytest
from PIL import Image as PILImage

from indexer import ModeParams
from indexer.model import DOCUMENT
from indexer.modes import registry as modes
from storage.store import Store
from tui.app import ChunkscopeApp
from tui.screens.metadata import MetadataScreen
from tui.screens.report import ReportScreen
from tui.screens.search import SearchScreen
from tui.widgets.chunk_list import ChunkList
from tui.widgets.compare_view import CompareGrid
from tui.widgets.file_tree import FileTree
from tui.widgets.images_panel import ImageCard, ImagesPanel
from tui.widgets.manifest_panel import ManifestPanel
from tui.widgets.source_view import SourceView

from .conftest import NARROW, index, opened, settle, wait_for

# make_app, open_file and SIZE are imported from here by other test modules
from .conftest import SIZE as SIZE
from .conftest import make_app as make_app
from .conftest import open_file as open_file


def store_chunks(root: Path, path: str, mode: str = "default", params: ModeParams | None = None):
    with Store.open(root / ".chunkscope" / "index.db", readonly=True) as store:
        return store.chunks(path, mode, params)


async def open_search(pilot) -> None:
    await pilot.press("slash")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, SearchScreen), what="the search screen")


def shown_text(renderable, width: int = 100) -> str:
    """What a renderable reads as, printed at ``width`` columns without colour."""
    from rich.console import Console

    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def label_of(app: ChunkscopeApp, path: str) -> str:
    return str(app.main.query_one(FileTree).nodes[path].label)


async def test_tree_shows_each_file_with_its_status(indexed_corpus):
    async with opened(indexed_corpus) as pilot:
        app = pilot.app
        await wait_for(pilot, lambda: "notes.md" in app.main.rows)
        await settle(pilot)
        # notes.md: two headings and two paragraphs → indexed, 4 default chunks
        assert label_of(app, "notes.md").startswith("✔ notes.md 4")
        assert label_of(app, "extra/broken.docx") == "✖ broken.docx PARSE_ERROR"
        # the encrypted PDF of sample_corpus fails with its own code
        if "pdf/encrypted.pdf" in app.main.rows:
            assert label_of(app, "pdf/encrypted.pdf").startswith("✖ encrypted.pdf ENCRYPTED")
        # the header counts what the store counts
        header = str(app.main.query_one("#header").render())
        assert f"{len(app.main.rows):,} docs" in header
        # the filter narrows the tree to matching paths
        await pilot.click("#file-filter")
        await pilot.press(*"broken.docx")
        tree = app.main.query_one(FileTree)
        assert list(tree.nodes) == ["extra/broken.docx"]
        await pilot.press(*["backspace"] * 11)
        assert "notes.md" in tree.nodes


async def test_chunk_list_follows_selection_and_every_mode(indexed_corpus):
    async with opened(indexed_corpus, "notes.md") as pilot:
        app = pilot.app
        chunk_list = app.main.query_one(ChunkList)
        shown = chunk_list.chunks
        assert [c.content_type for c in shown][:1] == ["heading"]
        # the last default chunk is line 7, the zanzibar paragraph
        assert "zanzibar" in shown[-1].content and shown[-1].metadata["source_lines"] == [7, 7]
        available = modes.modes_for(DOCUMENT)[:7]
        await pilot.click("#chunk-list")
        for number, mode in enumerate(available, start=1):
            await pilot.press(str(number))
            await settle(pilot)
            assert app.main.mode == mode
            expected = store_chunks(indexed_corpus, "notes.md", mode)
            assert [c.id for c in chunk_list.chunks] == [c.id for c in expected], mode
            assert chunk_list.chunks, f"{mode} gave no chunks for a non-empty file"
        # a number past the family's modes changes nothing
        await pilot.press("1")
        await settle(pilot)
        assert app.main.mode == "default"


async def test_enter_opens_the_full_metadata(indexed_corpus):
    async with opened(indexed_corpus, "notes.md") as pilot:
        app = pilot.app
        await pilot.click("#chunk-list")
        await pilot.press("end", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, MetadataScreen))
        screen = app.screen
        assert "zanzibar" in screen.chunk.content
        tree = screen.query_one("#metadata-tree")
        labels = [str(n.label) for n in tree.root.children]
        assert "metadata" in labels
        meta = next(n for n in tree.root.children if str(n.label) == "metadata")
        assert any("source_lines" in str(n.label) for n in meta.children)
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, MetadataScreen))


async def test_source_view_colours_chunk_spans(indexed_corpus):
    async with opened(indexed_corpus, "notes.md", tab="s") as pilot:
        app = pilot.app
        view = app.main.query_one(SourceView)
        assert view.lines[0] == "# Field notes" and len(view.lines) == 7
        # default mode: lines 1, 3, 5, 7 each belong to one chunk; blank lines to none
        assert list(view.count) == [1, 0, 1, 0, 1, 0, 1]
        assert list(view.first) == [0, -1, 1, -1, 2, -1, 3]
        assert view.starts == {0: [0], 2: [1], 4: [2], 6: [3]}
        # sliding_window 3/1 over 4 blocks: the windows overlap on a shared block
        await pilot.press(str(modes.modes_for(DOCUMENT).index("sliding_window") + 1))
        await settle(pilot)
        assert max(view.count) > 1


async def test_source_view_colours_sentence_chunks_that_cut_a_line(indexed_corpus):
    # tenancy_renewal.rtf, line 5: "Your tenancy of Flat 3, 18 Mill Lane ends on 30 June 2024. We are
    # pleased …": the sentence mode's chunk 0 (lines 1–5) ends after "2024. " and chunk 1 starts
    # at "We" (character 59, counted by hand); before, the whole line had the overlap colour
    async with opened(indexed_corpus, "office/tenancy_renewal.rtf") as pilot:
        app = pilot.app
        await pilot.press(str(modes.modes_for(DOCUMENT).index("sentence") + 1))
        await pilot.press("s")
        await settle(pilot)
        view = app.main.query_one(SourceView)
        line = view.lines[4]
        assert line.startswith("Your tenancy of Flat 3") and line[59:].startswith("We are pleased")
        assert view.cuts == {4: [(59, 1)]}
        row = next(r for r, (index, _piece, first) in enumerate(view.rows) if index == 4 and first)
        view.scroll_to(y=0, animate=False, immediate=True)
        segments = list(view.render_line(row))
        body = [s for s in segments[1:] if s.text]
        even = view.get_component_rich_style("source-view--even")
        odd = view.get_component_rich_style("source-view--odd")
        assert body[0].text == line[:59] and body[0].style.bgcolor == even.bgcolor  # chunk 0
        assert body[1].text.startswith("We are pleased") and body[1].style.bgcolor == odd.bgcolor


async def test_compare_three_modes_with_statistics(indexed_corpus):
    async with opened(indexed_corpus, "extra/all_round.docx", tab="c") as pilot:
        app = pilot.app
        grid = app.main.query_one(CompareGrid)
        labels = [c.label for c in grid.columns]
        assert labels == ["default (structural)", "section", "semantic"]
        for column, mode in zip(grid.columns, ["default", "section", "semantic"], strict=True):
            expected = store_chunks(indexed_corpus, "extra/all_round.docx", mode)
            assert column.stats.count == len(expected) == len(column.chunks)
            sizes = sorted(len(c.content) for c in expected)
            assert (column.stats.smallest, column.stats.largest) == (sizes[0], sizes[-1])
        # every chunk of every column appears exactly once in the aligned rows
        for i, column in enumerate(grid.columns):
            cells = [r.cells[i] for r in grid.rows if r.cells[i] is not None]
            assert sorted(cells) == list(range(len(column.chunks)))
        # rows are ordered by source line
        starts = [
            grid.columns[0].chunks[r.cells[0]].metadata["source_lines"][0]
            for r in grid.rows
            if r.cells[0] is not None
        ]
        assert starts == sorted(starts)
        # a number key in the compare tab swaps a column in (sentence) keeping at most three
        await pilot.press(str(modes.modes_for(DOCUMENT).index("sentence") + 1))
        await settle(pilot)
        assert [c.label for c in grid.columns][-1] == "sentence 3"
        assert len(grid.columns) == 3


async def test_images_panel_on_all_round_docx(indexed_corpus):
    async with opened(indexed_corpus, "extra/all_round.docx", tab="i") as pilot:
        app = pilot.app
        panel = app.main.query_one(ImagesPanel)
        cards = list(panel.query(ImageCard))
        # the package holds word/media/image1.gif and image2.png; sizes read here with PIL
        with zipfile.ZipFile(indexed_corpus / "extra" / "all_round.docx") as z:
            media = {n.rsplit(".", 1)[-1]: z.read(n) for n in z.namelist() if n.startswith("word/media/")}
        assert sorted(c.image.format for c in cards) == ["gif", "png"]
        for card in cards:
            raw = media[card.image.format]
            assert card.image.size == len(raw)
            assert (card.image.width, card.image.height) == PILImage.open(BytesIO(raw)).size
            assert card.used == 1
            assert card.query(".image-view")  # drawn, not only described
        gif = next(c for c in cards if c.image.format == "gif")
        assert gif.image.alt == "Web Access Symbol"
        text = str(panel.query_one("#placeholders-text").render())
        assert "Placeholders (2)" in text and "[Image: Web Access Symbol]" in text


async def test_manifest_of_a_failed_file(indexed_corpus):
    async with opened(indexed_corpus, "extra/broken.docx", tab="m") as pilot:
        app = pilot.app
        text = shown_text(app.main.query_one(ManifestPanel).shown)
        assert "PARSE_ERROR" in text and "not a valid zip" in text
        assert "damaged" in text  # the hint for the code
        # an indexed file shows extractor, chunker and coverage
        await open_file(pilot, "extra/all_round.docx")
        await settle(pilot)
        text = shown_text(app.main.query_one(ManifestPanel).shown)
        assert "Extractor" in text and "docx" in text and "2 extracted" in text


async def test_search_and_jump_to_the_chunk(indexed_corpus):
    async with opened(indexed_corpus, "extra/all_round.docx") as pilot:
        app = pilot.app
        await open_search(pilot)
        await pilot.press(*"zanzibar")
        await wait_for(pilot, lambda: app.screen.hits, what="search hits")
        assert [h.path for h in app.screen.hits] == ["notes.md"]
        await pilot.press("enter", "enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, SearchScreen))
        await settle(pilot)
        assert app.main.path == "notes.md"
        current = app.main.query_one(ChunkList).current
        assert current is not None and "zanzibar" in current.content and current.ordinal == 3


async def test_report_lists_formats_and_jumps_to_a_failure(indexed_corpus):
    async with opened(indexed_corpus, "notes.md") as pilot:
        app = pilot.app
        await pilot.press("R")
        await wait_for(pilot, lambda: isinstance(app.screen, ReportScreen))
        await settle(pilot)
        table = app.screen.query_one("DataTable")
        formats = [str(table.get_row_at(i)[0]) for i in range(table.row_count)]
        assert "md" in formats and "docx" in formats
        assert "extra/broken.docx" in app.screen.paths
        failures = app.screen.query_one("#report-failures")
        failures.focus()
        failures.highlighted = app.screen.paths.index("extra/broken.docx")
        await pilot.press("enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, ReportScreen))
        await settle(pilot)
        assert app.main.path == "extra/broken.docx"
        assert app.main.tab == "manifest"


async def test_params_dialog_changes_the_window(indexed_corpus):
    async with opened(indexed_corpus, "extra/all_round.docx") as pilot:
        app = pilot.app
        await pilot.press(str(modes.modes_for(DOCUMENT).index("sliding_window") + 1))
        await settle(pilot)
        await pilot.press("p")
        await wait_for(pilot, lambda: app.screen.query("#param-window_size"))
        for name, value in (("window_size", "5"), ("overlap", "2")):
            field = app.screen.query_one(f"#param-{name}")
            field.value = value
        await pilot.click("#params-apply")
        await settle(pilot)
        assert (app.main.params.window_size, app.main.params.overlap) == (5, 2)
        expected = store_chunks(indexed_corpus, "extra/all_round.docx", "sliding_window", app.main.params)
        assert [c.id for c in app.main.query_one(ChunkList).chunks] == [c.id for c in expected]
        # a bad combination is refused in the dialog, with the reason
        await pilot.press("p")
        await wait_for(pilot, lambda: app.screen.query("#param-overlap"))
        app.screen.query_one("#param-overlap").value = "9"
        await pilot.click("#params-apply")
        error = app.screen.query_one("#params-error")
        await wait_for(
            pilot, lambda: "overlap must be less than window_size" in str(error.render()), what="the refusal"
        )


async def test_export_writes_the_chunks_as_jsonl(indexed_corpus):
    async with opened(indexed_corpus, "notes.md") as pilot:
        await pilot.press("e")
        target = indexed_corpus / ".chunkscope" / "exports" / "notes.md.default.jsonl"
        await wait_for(pilot, target.exists, what="export file")
        await settle(pilot)
        lines = [json.loads(line) for line in target.read_text(encoding="utf-8").splitlines()]
        assert len(lines) == 4
        assert set(lines[0]) == {"id", "path", "content", "content_type", "metadata"}
        assert {line["path"] for line in lines} == {"notes.md"}
        assert lines[0]["content"] == "Field notes" or lines[0]["content"].startswith("Field notes")


async def test_export_of_a_file_without_chunks_writes_nothing_and_says_why(indexed_corpus):
    # broken.docx failed: "exported 0 chunks" and an empty .jsonl were all a user got
    async with opened(indexed_corpus, "extra/broken.docx") as pilot:
        app = pilot.app
        await pilot.press("e")
        await settle(pilot)
        target = indexed_corpus / ".chunkscope" / "exports" / "extra__broken.docx.default.jsonl"
        assert not target.exists()
        notes = [(n.title, n.message) for n in app._notifications]
        assert notes and notes[-1][0] == "nothing to export", notes
        assert notes[-1][1] == "extra/broken.docx: no chunks in default mode (failed PARSE_ERROR)", notes
        assert not any("exported" in e for e in app.main.log_widget.entries)


@pytest.mark.parametrize("renderer", ["halfcell"])
async def test_command_palette_lists_the_actions(indexed_corpus, renderer):
    async with opened(indexed_corpus, "notes.md") as pilot:
        app = pilot.app
        titles = [c.title for c in app.get_system_commands(app.main)]
        for wanted in (
            "Compare modes",
            "Source view",
            "Images",
            "Manifest",
            "Search",
            "Corpus report",
            "Open file",
            "Re-index file",
            "Export chunks",
            "Mode parameters…",
            "Mode 1: default",
        ):
            assert wanted in titles


async def test_the_palette_finds_a_mode_by_its_name(indexed_corpus):
    # the palette listed "Mode 1" … "Mode 7": typing a mode's name found nothing
    from textual.command import CommandList, CommandPalette

    async with opened(indexed_corpus, "notes.md") as pilot:
        app = pilot.app
        available = modes.modes_for(app.main.family)[:7]
        titles = [c.title for c in app.get_system_commands(app.main)]
        assert [t for t in titles if t.startswith("Mode ") and ":" in t] == [
            f"Mode {n}: {m}" for n, m in enumerate(available, start=1)
        ]
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette), what="the palette")
        await pilot.press(*"sentence")
        commands = app.screen.query_one(CommandList)
        await wait_for(pilot, lambda: commands.option_count > 0, what="a match")
        first = str(commands.get_option_at_index(0).prompt)
        assert f"Mode {available.index('sentence') + 1}: sentence" in first, first
        await pilot.press("enter")
        await settle(pilot)
        assert app.main.mode == "sentence"


async def test_search_filters_by_format_and_jumps_into_a_mode(indexed_corpus):
    async with opened(indexed_corpus, "notes.md") as pilot:
        app = pilot.app
        # cache the sentence mode of notes.md, then search only sentence chunks of md files
        sentence = str(modes.modes_for(DOCUMENT).index("sentence") + 1)
        chunk_list = app.main.query_one(ChunkList)
        await pilot.click("#chunk-list")
        await pilot.press(sentence)
        await wait_for(
            pilot,
            lambda: chunk_list.shown == ("notes.md", "sentence", app.main.params),
            what="sentence chunks",
        )
        await settle(pilot)
        await open_search(pilot)
        app.screen.query_one("#search-input").value = "zanzibar mode:sentence type:md"
        status = app.screen.query_one("#search-status")
        await wait_for(
            pilot, lambda: "source type md" in str(status.render()) and app.screen.hits, what="filtered hits"
        )
        assert {h.mode_key.split(":")[0] for h in app.screen.hits} == {"sentence"}
        await pilot.press("enter", "enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, SearchScreen))

        def on_the_hit() -> bool:
            current = chunk_list.current
            return chunk_list.shown == ("notes.md", "sentence", app.main.params) and (
                current is not None and "zanzibar" in current.content
            )

        await wait_for(pilot, on_the_hit, what="the hit's chunk shown in the sentence mode")
        await settle(pilot)
        assert app.main.mode == "sentence"
        # a format filter that matches nothing gives no hits
        await open_search(pilot)
        app.screen.query_one("#search-input").value = "zanzibar type:pdf"
        status = app.screen.query_one("#search-status")
        await wait_for(pilot, lambda: "source type pdf" in str(status.render()), what="pdf-only search")
        assert app.screen.hits == [] and str(status.render()).startswith("0 hits")


async def test_folder_counts_toggle_between_chunks_and_files(indexed_corpus):
    async with opened(indexed_corpus, "notes.md") as pilot:
        app = pilot.app
        tree = app.main.query_one(FileTree)
        extra = tree.folders["extra"]
        # extra/ holds all_round.docx (its default chunks) and broken.docx (failed: 0 chunks)
        docx_chunks = len(store_chunks(indexed_corpus, "extra/all_round.docx"))
        assert str(extra.label) == f"extra/ {docx_chunks}"
        await pilot.press("n")
        assert str(extra.label) == "extra/ 2 files"
        # a folder of one file: "1 file", not "1 files"
        await pilot.click("#file-filter")
        await pilot.press(*"all_round")
        assert str(tree.folders["extra"].label) == "extra/ 1 file"
        await pilot.press(*["backspace"] * 9)
        await pilot.press("escape")  # back to the chunk list: n is a key of the screen again
        await pilot.press("n")
        assert str(tree.folders["extra"].label) == f"extra/ {docx_chunks}"


async def test_compare_one_mode_with_two_parameter_sets(indexed_corpus):
    async with opened(indexed_corpus, "extra/all_round.docx") as pilot:
        app = pilot.app
        await pilot.click("#chunk-list")
        await pilot.press(str(modes.modes_for(DOCUMENT).index("sliding_window") + 1), "c")
        await settle(pilot)
        await pilot.press("P")
        await wait_for(pilot, lambda: app.screen.query("#param-window_size"))
        app.screen.query_one("#param-window_size").value = "5"
        app.screen.query_one("#param-overlap").value = "2"
        await pilot.click("#params-apply")
        await settle(pilot)
        grid = app.main.query_one(CompareGrid)
        assert [c.label for c in grid.columns][:2] == ["sliding_window 3/1", "sliding_window 5/2"]
        wide = store_chunks(
            indexed_corpus, "extra/all_round.docx", "sliding_window", ModeParams(window_size=5, overlap=2)
        )
        narrow = store_chunks(indexed_corpus, "extra/all_round.docx", "sliding_window")
        assert [len(c.chunks) for c in grid.columns[:2]] == [len(narrow), len(wide)]
        # windows of 5 blocks advancing by 3 make fewer chunks than windows of 3 advancing by 2
        assert len(wide) < len(narrow)


async def test_compare_with_other_parameters_adds_no_column_the_same_as_one_shown(indexed_corpus):
    # P on the default mode, which reads no parameter, added a second "default" column, the same
    # chunks; so did P on sliding_window with the parameters it had
    from tui.screens.params import ParamsScreen

    async with opened(indexed_corpus, "extra/all_round.docx") as pilot:
        app = pilot.app
        await pilot.press("c")
        await settle(pilot)
        grid = app.main.query_one(CompareGrid)
        before = [c.label for c in grid.columns]
        assert before[0] == "default (structural)", before
        await pilot.press("P")
        await settle(pilot)
        assert not isinstance(app.screen, ParamsScreen)
        assert [c.label for c in grid.columns] == before
        note = [n.message for n in app._notifications][-1]
        window = modes.modes_for(DOCUMENT).index("sliding_window") + 1
        assert note.startswith("default (structural) mode takes no parameters: compare one that does (") and (
            f"{window} sliding_window" in note
        ), note
        # sliding_window 3/1 shown, and asked for again
        await pilot.press("escape")
        await pilot.press(str(window), "c")
        await settle(pilot)
        before = [c.label for c in grid.columns]
        assert before[0] == "sliding_window 3/1", before
        await pilot.press("P")
        await wait_for(pilot, lambda: isinstance(app.screen, ParamsScreen), what="the parameters")
        await pilot.click("#params-apply")
        await settle(pilot)
        assert [c.label for c in grid.columns] == before
        assert [n.message for n in app._notifications][-1] == "sliding_window 3/1 is a column already"


# A schema of the extract-conformance form: title required, priority defaulting to 0. The reply
# below carries only the title (read by hand): title EXTRACTED "ship it", priority DEFAULTED 0.
FIELD_SCHEMA = {
    "format": "JSON",
    "rootName": "task",
    "fields": [
        {"name": "title", "kind": "STRING", "required": True},
        {"name": "priority", "kind": "INT", "required": True, "default": "0"},
    ],
}


async def test_fields_tab_shows_the_stored_result_of_the_file(tmp_path):
    from tests.tui.conftest import index
    from tui.cli import main
    from tui.widgets.fields_panel import FieldsPanel

    root = tmp_path / "corpus"
    root.mkdir()
    (root / "reply.txt").write_text('The model said:\n```json\n{"title": "ship it"}\n```\n', encoding="utf-8")
    index(root)
    schema = tmp_path / "task.json"
    schema.write_text(json.dumps(FIELD_SCHEMA), encoding="utf-8")
    assert main(["fields", "--schema", str(schema), "--folder", str(root), "--quiet"]) == 0
    async with opened(root, "reply.txt") as pilot:
        app = pilot.app
        app.main.query_one("TabbedContent").active = "fields"
        await settle(pilot)
        text = app.main.query_one(FieldsPanel).text.plain
        lines = {line.split()[0]: line.split()[1:] for line in text.splitlines() if line.split()}
        assert lines["title"][:1] == ["EXTRACTED"] and '"ship it"' in " ".join(lines["title"])
        assert lines["priority"] == ["DEFAULTED", "0"]


async def test_the_mode_bar_names_the_rows_per_chunk_the_row_mode_uses(indexed_corpus):
    """``rows_per_chunk`` left unset means 3 rows for CSV and 1 for sheets; the bar says the number."""
    from tui.widgets.mode_bar import ModeBar

    async with opened(indexed_corpus) as pilot:
        app = pilot.app
        for path, rows in (("text/data/harvest_log.csv", 3), ("spreadsheets/regional_sales.xlsx", 1)):
            await open_file(pilot, path)
            bar = str(app.main.query_one(ModeBar).render())
            assert f"rows_per_chunk={rows}" in bar and "None" not in bar, bar
            # the chunks were made with that many rows (CSV counts them, sheets name the setting)
            metas = [c.metadata for c in store_chunks(indexed_corpus, path)]
            assert metas[0].get("row_count", rows) == rows
            assert all(m.get("rows_per_chunk", rows) == rows for m in metas)


async def test_at_80_columns_the_mode_bar_fits_and_names_the_current_mode(indexed_corpus):
    from tui.widgets.mode_bar import ModeBar

    async with opened(indexed_corpus, "notes.md", size=NARROW) as pilot:
        app = pilot.app
        bar = app.main.query_one(ModeBar)
        assert app.screen.has_class("-narrow")
        available = modes.modes_for(DOCUMENT)[:7]
        await pilot.click("#chunk-list")
        for number, mode in enumerate(available, start=1):
            await pilot.press(str(number))
            await settle(pilot)
            line = bar.render().plain
            # the whole line fits, every mode keeps its number, the current one its full name
            assert len(line) <= bar.content_region.width, line
            assert f"{number} {mode}" in line, line
            assert re.findall(r"(?:^|\s)(\d)", line) == [str(n) for n in range(1, len(available) + 1)], line
        # the index line's note (as a watched folder's scan ends) is whole beside a shorter bar
        from tui.widgets.status_bar import ProgressLine

        app.main.query_one(ProgressLine).done("up to date · folder scanned in 1357 ms")
        await settle(pilot)
        note = app.main.query_one("#progress-note")
        assert len(note.render().plain) <= note.content_region.width, note.line.plain
        # with room, every mode by its full name and the parameter note
        await pilot.resize_terminal(200, 40)
        await settle(pilot)
        assert not app.screen.has_class("-narrow")
        line = bar.render().plain
        assert all(f"{n} {m}" in line for n, m in enumerate(available, start=1)), line
        assert "· paragraphs_per_page=15" in line, line


async def test_at_80_columns_compare_opens_with_two_columns_and_takes_a_third(indexed_corpus):
    async with opened(indexed_corpus, "extra/all_round.docx", size=NARROW, tab="c") as pilot:
        app = pilot.app
        grid = app.main.query_one(CompareGrid)
        assert [c.label for c in grid.columns] == ["default (structural)", "section"]
        # a column too narrow for "default (structural)" heads it "default", not "default (s…ral)"
        head = grid.render_line(0).text.split("│")[0].strip()
        assert re.fullmatch(r"default \(\d+\)", head), head
        await pilot.press(str(modes.modes_for(DOCUMENT).index("sentence") + 1))
        await settle(pilot)
        assert [c.label for c in grid.columns] == ["default (structural)", "section", "sentence 3"]


async def test_compare_columns_follow_the_mode_and_the_width_until_the_user_picks_them(indexed_corpus):
    number = {m: str(i) for i, m in enumerate(modes.modes_for(DOCUMENT), start=1)}
    async with opened(indexed_corpus, "extra/all_round.docx") as pilot:
        app = pilot.app
        grid = app.main.query_one(CompareGrid)
        await pilot.press("c")
        await settle(pilot)
        assert [c.label for c in grid.columns] == ["default (structural)", "section", "semantic"]
        # another mode in the chunks tab: the compare tab opens on it
        await pilot.press("escape", number["sliding_window"])
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        assert [c.label for c in grid.columns][0].startswith("sliding_window")
        assert [c.label for c in grid.columns][1:] == ["default (structural)", "section"]
        # narrower: two columns; wide again: three
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert len(grid.columns) == 2
        await pilot.resize_terminal(*SIZE)
        await settle(pilot)
        assert len(grid.columns) == 3
        # columns the user picked stay as picked
        await pilot.press(number["sentence"])
        await settle(pilot)
        picked = [c.label for c in grid.columns]
        assert picked[-1] == "sentence 3" and len(picked) == 3
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert [c.label for c in grid.columns] == picked


async def test_no_view_draws_text_under_its_scrollbar(indexed_corpus):
    # the vertical scrollbar covers the last column of a view's size: text drawn there was hidden
    # ("high-deman" | " period." in the source view at 80 columns)
    async with opened(indexed_corpus, "office/inspection_report.docx", size=NARROW) as pilot:
        app = pilot.app
        for tab, cls in (("s", SourceView), ("c", CompareGrid), ("escape", ChunkList)):
            await pilot.press(tab)
            await settle(pilot)
            view = app.main.query_one(cls)
            assert view.show_vertical_scrollbar, cls
            visible = view.scrollable_content_region.width
            assert visible < view.size.width, cls
            for y in range(view.size.height):
                assert view.render_line(y).cell_length <= visible, (cls, y)
        source = app.main.query_one(SourceView)
        assert max(len(piece) for _, piece, _ in source.rows) <= visible - 7  # 7: the gutter
        # the wrapped pieces of each line, put back together, hold every character of it but spaces
        lines: dict[int, str] = {}
        for index, piece, _first in source.rows:
            lines[index] = lines.get(index, "") + piece
        assert all("".join(lines[i].split()) == "".join(source.lines[i].split()) for i in lines)


async def test_at_80_columns_help_fits_and_wraps_under_its_descriptions(indexed_corpus):
    from rich.console import Console

    from tui.screens.help import HelpScreen, help_text

    async with opened(indexed_corpus, "notes.md", size=NARROW) as pilot:
        app = pilot.app
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), what="the help screen")
        box = app.screen.query_one("#help-box")
        assert box.region.x >= 0 and box.region.right <= 80, box.region
    # rendered at 60 columns, no line is longer and a long description goes on under itself
    console = Console(width=60, record=True, color_system=None)
    console.print(help_text())
    lines = console.export_text().splitlines()
    assert max(len(line) for line in lines) <= 60
    at = next(i for i, line in enumerate(lines) if line.startswith("c "))
    assert lines[at + 1].startswith(" " * 8) and "P adds" in " ".join(lines[at : at + 3]), lines[at : at + 3]
    # the compare columns' heads ("sizes ▂▅█ 7/40/191", "over 1,200: 0") are explained
    words = " ".join(" ".join(lines).split())
    assert (
        "sizes a histogram of the chunk sizes, then the smallest/median/largest chunk in characters" in words
    )
    assert "over N chunks longer than the mode's size budget of N characters" in words


async def test_at_80_columns_manifest_values_stay_in_their_column(indexed_corpus):
    import hashlib

    def value_rows(lines: list[str], label: str) -> list[str]:
        # a value's rows: its label's line and the lines under it up to the next label, each
        # seen from the value's column (2 + 18 + 1)
        at = next(i for i, line in enumerate(lines) if line[2:].startswith(label + " "))
        rows = [lines[at][21:].rstrip()]
        for line in lines[at + 1 :]:
            if line[:21].strip() or not line.strip():
                break
            rows.append(line[21:].rstrip())
        return rows

    async def manifest_lines(path: str) -> tuple[list[str], int]:
        async with opened(indexed_corpus, path, size=NARROW, tab="m") as pilot:
            panel = pilot.app.main.query_one(ManifestPanel)
            width = panel.query_one("#manifest-text").content_region.width
            return shown_text(panel.shown, width).splitlines(), width

    # sample_corpus/pdf/report.pdf: one image (on page 2), read with pdfplumber and pypdfium2
    lines, width = await manifest_lines("pdf/report.pdf")
    digest = hashlib.sha256((indexed_corpus / "pdf" / "report.pdf").read_bytes()).hexdigest()
    sha = value_rows(lines, "sha256")
    # the 64 hex digits cut with '…' on one line, not wrapped over four under the column
    assert len(sha) == 1 and sha[0].endswith("…") and 21 + len(sha[0]) <= width, sha
    assert digest.startswith(sha[0][:-1]) and len(sha[0]) >= 12, sha
    # the libraries break after a comma, each name with its version
    libraries = value_rows(lines, "libraries")
    assert len(libraries) == 2 and libraries[0].endswith(","), libraries
    assert [row.split()[0] for row in libraries] == ["pdfplumber", "pypdfium2"], libraries
    assert all(re.fullmatch(r"[a-z0-9]+ [0-9.]+,?", row) for row in libraries), libraries
    # one placeholder is said in the singular, and the counts break after their commas
    images = value_rows(lines, "images")
    assert " ".join(images) == "1 placeholder, 1 extracted, 0 skipped", images
    assert all(row.endswith(",") for row in images[:-1]), images
    # notes.md (written by the fixture) has no image at all
    lines, _ = await manifest_lines("notes.md")
    assert value_rows(lines, "images") == ["none"]


@pytest.mark.parametrize("size", [SIZE, NARROW])
async def test_a_manifest_label_longer_than_18_cells_is_shown_whole(indexed_corpus, size):
    # sample_corpus/pdf/report.pdf repeats "Chunkscope sample report" and a page number on each of
    # its 3 pages: the coverage's headers_footers_removed, a label of 23 cells, was cut to 18
    # ('headers footers r…') by the labels' column
    async with opened(indexed_corpus, "pdf/report.pdf", size=size, tab="m") as pilot:
        shown = pilot.app.main.query_one(ManifestPanel).query_one("#manifest-text")
        lines = [shown.render_line(y).text.rstrip() for y in range(shown.size.height)]
    at = next(i for i, line in enumerate(lines) if line.startswith("  headers footers"))
    column = lines[at].index("Chunkscope sample")  # where the value starts
    label = " ".join(line[:column] for line in lines[at : at + 2] if line[:column].strip())
    assert " ".join(label.split()).startswith("headers footers removed"), lines[at : at + 2]
    assert "…" not in label, label
    # the value starts in the column of the other values (the status, 'indexed')
    status = next(line for line in lines if line.startswith("  status "))
    assert status.index("indexed") == column, (status, lines[at])
    words = " ".join(line[column:].strip() for line in lines[at : at + 5] if line[column:].strip())
    assert words.startswith("Chunkscope sample report, page numbers (3 pages)"), words
    if size == SIZE:  # room enough: the label on one line, beside its value
        assert lines[at].startswith("  headers footers removed Chunkscope sample report,"), lines[at]


async def test_a_warning_is_listed_once_in_the_manifest(indexed_corpus):
    # sample_corpus/spreadsheets/damaged_sheet.xlsx: its sheet 'Broken' is cut short, a warning
    # the extractor puts in the coverage and in the document's warnings alike; the panel listed it
    # under Coverage ('warnings') and again under Warnings
    async with opened(indexed_corpus, "spreadsheets/damaged_sheet.xlsx", tab="m") as pilot:
        panel = pilot.app.main.query_one(ManifestPanel)
        text = " ".join(shown_text(panel.shown, 200).split())
    assert text.count("sheet 'Broken' is damaged after row 9") == 1, text
    assert "Warnings ⚠ sheet 'Broken' is damaged after row 9" in text, text


def test_a_listed_value_breaks_after_its_commas_only():
    from tui.widgets.manifest_panel import _Listed

    sheets = _Listed(["North", "South East", "West"])
    # wrapped at its spaces it read "North, South" / "East, West": a name cut in two
    assert shown_text(sheets, 12).splitlines() == ["North,", "South East,", "West"]
    assert shown_text(sheets, 40).splitlines() == ["North, South East, West"]
    # an item wider than the column alone wraps inside itself
    assert [
        line.rstrip() for line in shown_text(_Listed(["p.1", "page numbers (3 pages)"]), 14).splitlines()
    ] == [
        "p.1,",
        "page numbers",
        "(3 pages)",
    ]


async def test_a_narrow_footer_shows_help_and_leaves_out_the_palette_key(indexed_corpus):
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    def shown(footer: Footer) -> dict[str, int]:
        # each key drawn, with the column where it ends on the screen
        return {k.key: k.region.right for k in footer.query(FooterKey) if k.region.width}

    async with opened(indexed_corpus, "notes.md", size=NARROW) as pilot:
        app = pilot.app
        footer = app.main.query_one(Footer)
        keys = shown(footer)
        assert not footer.show_command_palette and "ctrl+p" not in keys, keys
        assert keys["question_mark"] <= 80, keys  # help is on the screen, second after the modes
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        keys = shown(footer)
        assert footer.show_command_palette and "ctrl+p" in keys, keys
        # the palette key is drawn right of every other key, over none of them
        palette = footer.query_one(".-command-palette").region
        assert all(right <= palette.x for key, right in keys.items() if key != "ctrl+p"), keys


async def test_the_title_says_how_many_pages_gave_text(indexed_corpus):
    # sample_corpus/pdf/partly_empty.pdf: 3 pages, the second without text (read by hand: "First
    # page has text.", nothing, "Third page has text too.")
    async with opened(indexed_corpus, "pdf/partly_empty.pdf") as pilot:
        app = pilot.app
        title = app.main.query_one("#doc-title")
        line = title.line.plain
        assert line.startswith("pdf/partly_empty.pdf · pdf · 3 pages · "), line
        assert line.endswith(" · text on 2/3 pages"), line
        # at 80 columns the coverage stays when the time, page count and size make room
        await pilot.resize_terminal(*NARROW)
        await settle(pilot)
        line = title.line.plain
        assert line.endswith(" · text on 2/3 pages") and len(line) <= title.content_region.width, line
        # a file without pages says none
        app.main.query_one(FileTree).select("notes.md")
        await wait_for(pilot, lambda: app.main.path == "notes.md")
        await settle(pilot)
        assert "page" not in title.line.plain, title.line.plain


async def test_the_title_and_manifest_name_the_pages_ocr_read(indexed_corpus):
    # sample_corpus/pdf/scanned.pdf: one page that is only a picture of text, no text layer (its
    # page has no text object: pdfplumber finds no characters on it); OCR reads it where
    # tesseract is installed, and the title said "text on 0/1 pages" of a file with chunks
    if shutil.which("tesseract") is None:
        if os.environ.get("CHUNKSCOPE_REQUIRE_TESSERACT") == "1":
            pytest.fail("CI installed tesseract, but it is not on PATH")
        pytest.skip("tesseract is not installed: the scan is not read")
    async with opened(indexed_corpus, "pdf/scanned.pdf", tab="m") as pilot:
        app = pilot.app
        title = app.main.query_one("#doc-title")
        await wait_for(pilot, lambda: "text on" in title.line.plain, what="the page coverage in the title")
        assert title.line.plain.endswith(" · text on 0/1 pages, OCR on 1"), title.line.plain
        text = shown_text(app.main.query_one(ManifestPanel).shown)
        assert re.search(r"read by OCR +p\.1 *\n", text), text
        assert "ocr pages" not in text, text
        # an unsupported file is said to be so once (its code said it again)
        await pilot.resize_terminal(120, 40)
        app.main.query_one(FileTree).select("pdf/sample_image.png")
        await wait_for(pilot, lambda: app.main.path == "pdf/sample_image.png")
        await settle(pilot)
        assert title.line.plain.endswith(" · unsupported · 0 chunks"), title.line.plain


async def test_the_palette_key_is_drawn_over_no_other_key_whatever_has_the_focus(indexed_corpus):
    # the chunk list and the compare grid add "⏎ metadata" to the footer: at 120 columns the
    # palette's key, docked at the right, was drawn over the end of "e export" ("e expor▏^p")
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    async with opened(indexed_corpus, "notes.md") as pilot:
        app = pilot.app
        for key, focused in (("escape", ChunkList), ("c", CompareGrid)):
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.focused, focused), app.focused
            footer = app.main.query_one(Footer)
            keys = [k for k in footer.query(FooterKey) if not k.has_class("-command-palette")]
            assert "enter" in [k.key for k in keys]
            ends = {k.key: k.region.right for k in keys}
            palette = footer.query(".-command-palette")
            edge = palette.first().region.x if palette else footer.region.right
            assert all(right <= edge for right in ends.values()), (edge, ends)
            assert ends["e"] <= 120, ends  # export, the last key, whole on the screen
        # with the file tree focused the keys leave the palette's key its room
        app.main.query_one("#files").focus()
        await settle(pilot)
        footer = app.main.query_one(Footer)
        assert footer.query(".-command-palette"), "the palette's key"
        # the filter box takes "/" as text: the footer does not offer "/ search" there
        await pilot.press("f")
        await settle(pilot)
        keys = [k.key for k in app.main.query_one(Footer).query(FooterKey)]
        assert "slash" not in keys and "ctrl+p" in keys, keys
        await pilot.press("slash")
        assert app.main.query_one("#file-filter").value == "/" and app.screen is app.main


async def test_a_search_in_a_mode_sees_every_document_that_mode_serves(indexed_corpus):
    # no document was chunked in the section mode at indexing: the search chunks them first
    async with opened(indexed_corpus, "notes.md") as pilot:
        app = pilot.app
        await open_search(pilot)
        app.screen.query_one("#search-input").value = "zanzibar mode:section"
        await wait_for(pilot, lambda: app.screen.hits, what="hits in the section mode")
        assert [(h.path, h.mode_key.split(":")[0]) for h in app.screen.hits] == [("notes.md", "section")]
        with Store.open(indexed_corpus / ".chunkscope" / "index.db", readonly=True) as store:
            assert store.without_mode("section") == []  # kept for the next search
            assert "section" in {k.split(":")[0] for k in store.cached_modes("notes.md")}
        app.screen.query_one("#search-input").value = "zanzibar mode:sektion"
        status = app.screen.query_one("#search-status")
        # in the words of the command line (it said "no mode named sektion")
        refusal = "unknown mode 'sektion'; choose from default, page_aware, row, section, "
        await wait_for(pilot, lambda: refusal in str(status.render()), what="the refusal")
        assert app.screen.query_one("#search-results").option_count == 0


async def test_at_80_columns_a_long_file_name_is_shortened_and_the_tree_does_not_scroll_sideways(tmp_path):
    from .conftest import BROKEN_DOCX, index

    root = tmp_path / "corpus"
    (root / "reports").mkdir(parents=True)
    long_md = "reports/nics-background-checks-2015-11-rotated-and-annotated.md"
    long_docx = "reports/quarterly_inspection_report_of_the_pump_station_draft.docx"
    (root / long_md).write_text("# Checks\n\nOne paragraph.\n", encoding="utf-8")
    (root / long_docx).write_bytes(BROKEN_DOCX)
    index(root)
    async with opened(root, long_md, size=NARROW) as pilot:
        app = pilot.app
        tree = app.main.query_one(FileTree).tree
        await settle(pilot)
        assert not tree.show_horizontal_scrollbar
        width = tree.scrollable_content_region.width  # 32 - 2 (border) - 1 (scrollbar's gutter)
        assert width == 29
        lines = [tree.render_line(y).text.rstrip() for y in range(tree.size.height)]
        # a file in a folder has 27 cells: "✔ ", the name in 23, " 2" (a heading, a paragraph)
        assert "├ ✔ nics-backgrou…otated.md 2" in lines, lines
        # a failure keeps its code: "✖ ", the name in 13 (".docx" and "ft" at its end), " PARSE_ERROR"
        assert "└ ✖ quart…ft.docx PARSE_ERROR" in lines, lines
        assert all(len(line) <= width for line in lines), lines
        # the node keeps the whole name (what the filter and the tests read)
        assert label_of(app, long_md) == "✔ nics-background-checks-2015-11-rotated-and-annotated.md 2"


async def test_a_skip_made_on_purpose_raises_no_coverage_warning(tmp_path, real_world):
    from email.message import EmailMessage

    from .conftest import index

    root = tmp_path / "corpus"
    root.mkdir()
    # three annotation comments, not extracted: counted as skipped, nothing of the text lost
    (root / "annotated_pdf.pdf").write_bytes(
        (real_world / "pdf/py-pdf-samples/annotated_pdf.pdf").read_bytes()
    )
    # a page whose only skipped image is an icon (22×15, by the size it declares)
    (root / "page.html").write_text(
        "<html><body><h1>Stations</h1><p><img src='flag.png' width='22' height='15'> "
        "Tide readings of the northern stations.</p></body></html>",
        encoding="utf-8",
    )
    # a message whose PDF attachment is not read: a loss
    mail = EmailMessage()
    mail["From"], mail["To"], mail["Subject"] = "a@example.org", "b@example.org", "Invoice"
    mail.set_content("The invoice is attached.")
    mail.add_attachment(b"%PDF-1.4 not read", maintype="application", subtype="pdf", filename="invoice.pdf")
    (root / "order.eml").write_bytes(mail.as_bytes())
    index(root)
    with Store.open(root / ".chunkscope" / "index.db", readonly=True) as store:
        flagged = {Path(row.path).name: row.has_warning for row in store.documents()}
    assert flagged == {"annotated_pdf.pdf": False, "page.html": False, "order.eml": True}
    async with opened(root, "page.html") as pilot:
        app = pilot.app
        assert label_of(app, "annotated_pdf.pdf").startswith("✔ ")
        assert label_of(app, "page.html").startswith("✔ ")
        assert label_of(app, "order.eml").startswith("⚠ ")
        await pilot.press("m")
        await settle(pilot)
        shown = shown_text(app.main.query_one(ManifestPanel).shown)
        assert "  status             indexed  " in shown, shown  # no "(coverage warning)"
        assert "skipped image flag.png: icon (22×15)" in shown and "item(s) skipped" not in shown, shown
        app.main.query_one(FileTree).select("order.eml")
        await wait_for(pilot, lambda: app.main.path == "order.eml")
        await settle(pilot)
        shown = shown_text(app.main.query_one(ManifestPanel).shown)
        assert "status             indexed (coverage warning)" in shown, shown
        assert "⚠ 1 item(s) skipped" in shown, shown
        # the report counts the files with a warning the same way
        await pilot.press("R")
        await wait_for(pilot, lambda: isinstance(app.screen, ReportScreen), what="the report")
        await settle(pilot)
        table = app.screen.query_one("#report-formats")
        await wait_for(pilot, lambda: table.row_count == 3, what="three formats")
        column = [str(c.label) for c in table.ordered_columns].index("⚠")
        warned = {str(table.get_row_at(i)[0]): int(str(table.get_row_at(i)[column])) for i in range(3)}
        assert warned == {"eml": 1, "html": 0, "pdf": 0}


async def test_at_80_columns_the_report_fits_without_scrolling_sideways(indexed_corpus):
    from tui.screens.report import COLUMNS

    async with opened(indexed_corpus, "notes.md", size=NARROW) as pilot:
        app = pilot.app
        await pilot.press("R")
        await wait_for(pilot, lambda: isinstance(app.screen, ReportScreen), what="the report")
        table = app.screen.query_one("#report-formats")
        await wait_for(pilot, lambda: table.row_count > 0, what="the formats")
        await settle(pilot)

        def headers() -> list[str]:
            return [str(c.label) for c in table.ordered_columns]

        # the columns need 8 7 9 8 7 13 8 8 3 12 8 8 = 99 cells, the table has 77: size,
        # unsupported and stale go (71)
        assert headers() == [
            "format",
            "files",
            "indexed",
            "failed",
            "chunks",
            "median",
            "⚠",
            "text pages",
            "images",
        ]
        assert not table.show_horizontal_scrollbar
        assert table.virtual_size.width <= table.scrollable_content_region.width
        # with room, every column comes back
        await pilot.resize_terminal(120, 40)
        await wait_for(pilot, lambda: headers() == list(COLUMNS), what="every column at 120")
        assert not table.show_horizontal_scrollbar


async def test_a_mail_with_attached_files_shows_their_chunks_pages_and_pictures(tmp_path, sample_corpus):
    from tests._builders import DOCX_TYPE, docx_file, mail, png

    from .conftest import index

    root = tmp_path / "corpus"
    root.mkdir()
    survey = docx_file(paragraph="The survey of the north wall.", pictures=[png((40, 30), (20, 120, 60))])
    pdf = (sample_corpus / "pdf" / "report.pdf").read_bytes()
    message = mail(
        (pdf, "application/pdf", "report.pdf"),
        (survey, DOCX_TYPE, "survey.docx"),
        subject="Report",
        body="The report and the survey are attached.",
        sender="a@example.org",
        to="b@example.org",
    )
    (root / "report.eml").write_bytes(message)
    index(root)
    async with opened(root, "report.eml") as pilot:
        app = pilot.app
        chunk_list = app.main.query_one(ChunkList)
        paged = [c for c in chunk_list.chunks if c.metadata.get("page_number")]
        assert "report.pdf" in {c.metadata["attachment"] for c in paged}  # the PDF's pages, not the mail's
        assert all(c.metadata.get("attachment") for c in paged)
        await pilot.click("#chunk-list")
        for number in range(1, len(modes.modes_for(DOCUMENT)) + 1):  # every mode, the source view open
            await pilot.press(str(number))
            await settle(pilot)
            assert chunk_list.chunks, app.main.mode
        await pilot.press("s")
        await settle(pilot)
        view = app.main.query_one(SourceView)
        assert any("Attachment: report.pdf" in line for line in view.lines)
        await pilot.press("i")
        await settle(pilot)
        cards = list(app.main.query_one(ImagesPanel).query(ImageCard))
        assert all(
            c.image.name.startswith(("attachment1_", "attachment2_")) for c in cards
        )  # the PDF's, the Word file's
        (card,) = [c for c in cards if c.image.name.startswith("attachment2_")]
        assert (card.image.width, card.image.height) == (40, 30) and card.query(".image-view")


async def test_enter_in_the_filter_shows_the_first_match_on_the_cursor_s_line(tmp_path):
    # two files; the first is shown, on the tree's first line. Filtering to the second puts it on
    # that same line: the cursor does not move, and the tree highlighted nothing new, so the
    # right side kept showing the first file under the second one's name in the tree
    root = tmp_path / "corpus"
    root.mkdir()
    (root / "alpha.md").write_text("# Alpha\n\nThe first file.\n", encoding="utf-8")
    (root / "beta.md").write_text("# Beta\n\nThe second file.\n", encoding="utf-8")
    index(root)
    async with opened(root, "alpha.md") as pilot:
        app = pilot.app
        tree = app.main.query_one(FileTree)
        assert tree.tree.cursor_node.data == "alpha.md"
        await pilot.click("#file-filter")
        await pilot.press(*"beta", "enter")
        await settle(pilot)
        assert list(tree.nodes) == ["beta.md"]
        assert tree.tree.cursor_node.data == "beta.md"
        assert app.main.path == "beta.md"
        assert str(app.main.query_one("#doc-title").render()).startswith("beta.md · md")
        assert [c.content for c in app.main.query_one(ChunkList).chunks][:1] == ["Beta"]


async def test_the_params_dialog_shows_only_the_parameters_the_mode_reads(indexed_corpus):
    # p offered every parameter in every mode: window_size set in the default mode was taken and
    # changed nothing, without a word
    from tui.screens.params import ParamsScreen

    async with opened(indexed_corpus, "extra/all_round.docx") as pilot:
        app = pilot.app
        await pilot.press("p")
        await settle(pilot)
        assert not isinstance(app.screen, ParamsScreen)
        note = [n.message for n in app._notifications][-1]
        sentence = modes.modes_for(DOCUMENT).index("sentence") + 1
        assert note.startswith("default (structural) mode takes no parameters: switch to one that does (")
        assert f"{sentence} sentence" in note and "section" not in note, note
        # sentence mode reads sentences_per_chunk, and the dialog asks for it alone
        await pilot.click("#chunk-list")
        await pilot.press(str(sentence), "p")
        await wait_for(pilot, lambda: isinstance(app.screen, ParamsScreen), what="the parameters")
        inputs = [i.id for i in app.screen.query("Input")]
        assert inputs == ["param-sentences_per_chunk"], inputs
        assert "sentence" in str(app.screen.query_one("#params-title").render())
        app.screen.query_one("#param-sentences_per_chunk").value = "2"
        await pilot.click("#params-apply")
        await settle(pilot)
        assert app.main.params == ModeParams(sentences_per_chunk=2)
    async with opened(indexed_corpus, "text/data/harvest_log.csv") as pilot:
        app = pilot.app
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, ParamsScreen), what="the parameters")
        assert [i.id for i in app.screen.query("Input")] == ["param-rows_per_chunk"]


async def test_the_progress_line_says_the_failures_so_far_and_the_sizes_where_they_fit(indexed_corpus):
    from tui import messages as msg

    # A run of 1,280 files, 800 read in 25 s: 32 files a second, 480 left, 15 s; 12 MB of 30 MB
    # read, 2 failed. The line said "800/1,280 · 32 files/s · ETA 0:15" and no more, where the
    # CLI's bar says the sizes and the failures.
    mb = 1024 * 1024
    async with opened(indexed_corpus) as pilot:
        app = pilot.app
        await wait_for(pilot, lambda: app.main.path is not None, what="the first file")
        await settle(pilot)
        note = app.main.query_one("#progress-note")
        app.main.post_message(msg.ScanProgress(800, 1280, 12 * mb, 30 * mb, 2, 25.0))
        await wait_for(pilot, lambda: app.main.query_one("#progress-label").line.plain == "Indexing")
        await settle(pilot)
        # at 120 columns the note has 118 - 10 (label) - 30 (bar) - 1 = 77 cells: every figure
        assert note.line.plain == "800/1,280 · 12 MB/30 MB · 32 files/s · ETA 0:15 · 2 failed"
        assert [note.line.plain[s.start : s.end] for s in note.line.spans if "red" in str(s.style)] == [
            "2 failed"
        ]
        # at 80: 78 - 10 - 14 (the narrow bar) - 1 = 53 cells; the 58 of the sizes' line do not fit,
        # the sizes go and the failures stay
        await pilot.resize_terminal(*NARROW)
        await settle(pilot)
        assert note.content_region.width == 53
        assert note.line.plain == "800/1,280 · 32 files/s · ETA 0:15 · 2 failed"
        # a big folder: 20,000 of 100,000 files in 16 s, 1,250 a second, 80,000 left: 64 s; 1,234
        # failed. Without the sizes still 56 cells: the files a second go too
        app.main.post_message(msg.ScanProgress(20_000, 100_000, 3 * mb, 9 * mb, 1234, 16.0))
        await wait_for(pilot, lambda: "20,000/100,000" in note.line.plain)
        assert note.line.plain == "20,000/100,000 · ETA 1:04 · 1,234 failed"
        # back at 120 columns, every figure again
        await pilot.resize_terminal(*SIZE)
        await settle(pilot)
        assert note.line.plain == "20,000/100,000 · 3.0 MB/9.0 MB · 1,250 files/s · ETA 1:04 · 1,234 failed"
        # the run's end: its words, which a resize leaves as they are
        app.main.post_message(msg.ScanProgress(100_000, 100_000, 9 * mb, 9 * mb, 1234, 80.0))
        await wait_for(pilot, lambda: app.main.query_one("#progress-label").line.plain == "Index")
        assert note.line.plain == "up to date · 100,000 files read in 80.0 s · 1,234 failed"
        await pilot.resize_terminal(*NARROW)
        await settle(pilot)
        assert note.line.plain == "up to date · 100,000 files read in 80.0 s · 1,234 failed"
