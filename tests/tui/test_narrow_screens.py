"""At 80×24, the narrowest terminal the UI is laid out for: every line drawn whole, or cut with
``…`` where it is cut, and a pane with nothing to show saying why."""

from __future__ import annotations

import re
from types import SimpleNamespace

from rich.cells import cell_len
from textual.geometry import Region
from textual.widgets import OptionList
from textual.widgets._footer import FooterKey

from storage.store import SNIPPET_END, SNIPPET_START
from tui.screens.search import SearchScreen
from tui.widgets.chunk_list import ChunkList
from tui.widgets.compare_view import CompareGrid
from tui.widgets.footer import Footer
from tui.widgets.manifest_panel import ManifestPanel
from tui.widgets.mode_bar import ModeBar

from .conftest import NARROW, SIZE, opened, settle, wait_for
from .test_control_characters import screen_text

# sample_corpus/pdf/report.pdf (read with pdfplumber): page 2's one-sentence paragraph, and the start
# of a sentence of page 1
CAMERA = "The picture below shows the test pattern of the inspection camera."
LEDGER = (
    "Each valve is calibrated during the quarterly inspection, and the results are written to the "
    "maintenance ledger"
)


def a_hit(
    path: str = "notes.md", snippet: str = "", ordinal: int = 0, content_type: str = "plain_paragraph", **meta
):
    return SimpleNamespace(
        path=path, snippet=snippet, ordinal=ordinal, content_type=content_type, metadata=meta
    )


def marked(text: str, word: str) -> str:
    """``text`` as the index's snippets mark a match: ``word`` between the snippet marks."""
    return text.replace(word, f"{SNIPPET_START}{word}{SNIPPET_END}", 1)


def test_a_hit_s_head_loses_its_lines_then_its_page_then_its_path_s_middle():
    from tui.screens.search import hit_head

    hit = a_hit(
        "reports/quarterly/pump_station_inspection.docx",
        ordinal=12,
        content_type="long_single_paragraph",
        page_number=3,
        source_lines=[4, 19],
    )
    full = "reports/quarterly/pump_station_inspection.docx  #12 long_single_paragraph · p.3 · lines 4–19"
    assert hit_head(hit, 100).plain == full
    assert (
        hit_head(hit, 80).plain
        == "reports/quarterly/pump_station_inspection.docx  #12 long_single_paragraph · p.3"
    )
    # 33 cells for the path: its start, "…", the end of its stem and its extension
    assert hit_head(hit, 60).plain == "reports/quarterly/…nspection.docx  #12 long_single_paragraph"
    # the path keeps 16 cells, the rest is cut at the edge
    assert hit_head(hit, 30).plain == "reports…ion.docx  #12 long_si…"


def test_a_table_hit_s_snippet_leaves_out_the_markdown_delimiter_row():
    from tui.screens.search import hit_snippet

    # office/inspection_report.docx's pump table as the index gives it for "pressure": its header,
    # the delimiter row under it, then its rows (the delimiter showed as '| --- | --- | --- |')
    table = "| Pump | Flow (L/s) | Pressure (bar) |\n| --- | --- | --- |\n| P-401 | 212 | 4.1 |\n| P-402 | 208 | 4.0…"
    shown = hit_snippet(a_hit(snippet=marked(table, "Pressure"), content_type="table"), 200).plain
    assert shown == "| Pump | Flow (L/s) | Pressure (bar) | | P-401 | 212 | 4.1 | | P-402 | 208 | 4.0…", shown
    # aligned columns' delimiters and one cut at the snippet's start go too; a '-' in a cell stays
    aligned = "|:--- | ---: |\n| South | -2% |\n| East | 7% |"
    assert hit_snippet(a_hit(snippet=marked(aligned, "South")), 100).plain == "| South | -2% | | East | 7% |"
    cut = "--- | --- |\n| North | 14 |"
    assert hit_snippet(a_hit(snippet=marked(cut, "North")), 100).plain == "| North | 14 |"


def test_a_hit_s_snippet_is_one_line_cut_with_an_ellipsis_its_match_in_view():
    from tui.screens.search import hit_snippet

    short = hit_snippet(a_hit(snippet=marked("Pump Station 4 Inspection Report", "Inspection")), 40)
    assert short.plain == "Pump Station 4 Inspection Report"
    assert [short.plain[s.start : s.end] for s in short.spans if s.style == "reverse"] == ["Inspection"]
    early = hit_snippet(a_hit(snippet=marked(LEDGER, "valve")), 40)
    assert early.plain == "Each valve is calibrated during the qua…"
    # the match past the cut: the snippet starts later, at a word, a third of the width before it
    late = hit_snippet(a_hit(snippet=marked(LEDGER, "ledger")), 40)
    assert late.plain == "…maintenance ledger"
    assert [late.plain[s.start : s.end] for s in late.spans if s.style == "reverse"] == ["ledger"]


async def test_at_80_columns_each_search_hit_is_two_lines(indexed_corpus):
    # the place of a hit went on under its path, at the left edge ("line" / "28"), and a snippet
    # took two lines or more
    async with opened(indexed_corpus, "notes.md", size=NARROW) as pilot:
        app = pilot.app
        await pilot.press("slash")
        await wait_for(pilot, lambda: isinstance(app.screen, SearchScreen), what="the search screen")
        await pilot.press(*"inspection")
        await wait_for(pilot, lambda: app.screen.hits, what="search hits")
        await settle(pilot)
        results = app.screen.query_one(OptionList)
        width = results.scrollable_content_region.width
        rows = [results.render_line(y).text.rstrip() for y in range(results.size.height)]
        hits = app.screen.hits
    assert all(cell_len(row) <= width for row in rows), rows
    shown = min(len(hits), len(rows) // 2)
    assert shown >= 4, rows
    for i, hit in enumerate(hits[:shown]):
        head, snippet = rows[2 * i].strip(), rows[2 * i + 1].strip()
        assert head.startswith(hit.path + "  #"), (head, hit.path)
        assert not snippet.startswith(hit.path) and rows[2 * i + 1].startswith("  "), rows[2 * i : 2 * i + 2]
    at = next(
        i for i, h in enumerate(hits) if h.path == "pdf/report.pdf" and h.metadata.get("page_number") == 2
    )
    assert at < shown, [h.path for h in hits]
    head, snippet = rows[2 * at].strip(), rows[2 * at + 1].strip()
    # "· line 28" has no room: the page stays
    assert head == f"pdf/report.pdf  #{hits[at].ordinal} short_disconnected_paragraph · p.2", head
    # its start cut to keep "inspection" in view, the sentence's end whole
    assert snippet.startswith("…") and CAMERA.endswith(snippet[1:]) and "inspection camera." in snippet, (
        snippet
    )


async def test_at_80_columns_the_empty_search_box_shows_its_hint_and_its_filters_whole(indexed_corpus):
    # one placeholder said both, cut after "prefix*; filters": the filters were not seen
    async with opened(indexed_corpus, "notes.md", size=NARROW) as pilot:
        app = pilot.app
        await pilot.press("slash")
        await wait_for(pilot, lambda: isinstance(app.screen, SearchScreen), what="the search screen")
        await settle(pilot)
        shown = screen_text(app)
        assert 'Search every chunk: words, "phrases", prefix*' in shown, shown
        assert "filters: type:pdf  mode:sentence  kind:table" in shown, shown
        # words typed: the line says what was found; taken away again, the filters come back
        await pilot.press(*"zanzibar")
        await wait_for(pilot, lambda: app.screen.hits, what="search hits")
        assert "filters:" not in screen_text(app)
        await pilot.press(*["backspace"] * len("zanzibar"))
        await wait_for(pilot, lambda: "filters: type:pdf" in screen_text(app), what="the filters again")


async def test_at_80_columns_the_footer_shows_whole_keys_leaving_out_the_last(indexed_corpus):
    # with the chunk list focused, the keys ran past the edge: "R rep" at the screen's end
    async with opened(indexed_corpus, "notes.md", size=NARROW) as pilot:
        app = pilot.app
        await pilot.click("#chunk-list")
        await settle(pilot)
        footer = app.main.query_one(Footer)
        keys = [k for k in footer.query(FooterKey) if k.region.width]
        assert [k.key for k in keys] == ["enter", "1", "question_mark", "c", "s", "i", "m", "slash"]
        assert all(k.region.right <= 80 for k in keys), [(k.key, k.region) for k in keys]
        bottom = screen_text(app).splitlines()[-1].rstrip()
        assert bottom == "⏎ metadata 1-7 mode ? help c compare s source i images m manifest / search", bottom
        # a wider terminal has room for every key again
        await pilot.resize_terminal(*SIZE)
        await settle(pilot)
        shown = [k.key for k in footer.query(FooterKey) if k.region.width]
        assert shown[-4:] == ["R", "o", "x", "e"], shown
        # the help's key stays, whatever the width
        await pilot.resize_terminal(30, 24)
        await settle(pilot)
        shown = [k.key for k in footer.query(FooterKey) if k.region.width]
        assert "question_mark" in shown and all(
            k.region.right <= 30 for k in footer.query(FooterKey) if k.region.width
        )


def rows_of(widget) -> list[str]:
    return [widget.render_line(y).text.rstrip() for y in range(widget.size.height)]


async def test_a_file_no_mode_chunks_says_why_in_the_mode_bar_and_the_panes(indexed_corpus):
    # the mode bar said "no modes for this file", the images tab "no document"
    async with opened(indexed_corpus, "extra/broken.docx", size=NARROW) as pilot:
        app = pilot.app
        bar = app.main.query_one(ModeBar)
        assert bar.render().plain == "no chunks: the file could not be read"
        rows = [row.strip() for row in rows_of(app.main.query_one(ChunkList))]
        # the error, then what to do about it, then where to read more, each its own paragraph
        assert rows[0].startswith("PARSE_ERROR: extra/broken.docx"), rows
        hint = rows.index("") + 1
        assert " ".join(rows[hint : rows.index("", hint)]) == (
            "The file is damaged or not what its extension says: open and re-save it."
        ), rows
        assert "(m: manifest)" in rows, rows
        await pilot.press("i")
        await settle(pilot)
        note = app.main.query_one("#placeholders-text")
        assert (
            " ".join(row.strip() for row in rows_of(note)).strip() == "no images: the file could not be read"
        )
    async with opened(indexed_corpus, "pdf/sample_image.png", size=NARROW) as pilot:
        bar = pilot.app.main.query_one(ModeBar)
        assert bar.render().plain == "no chunks: .png is not a supported format"
    # a file read without error that holds nothing: its modes, and why no chunk
    async with opened(indexed_corpus, "text/edge/empty.txt", size=NARROW) as pilot:
        assert pilot.app.main.query_one(ModeBar).render().plain.startswith("1 default")
        assert rows_of(pilot.app.main.query_one(ChunkList))[0].strip() == "no chunks: the file is empty"


async def test_at_80_columns_a_compare_cell_cut_short_ends_in_an_ellipsis(indexed_corpus):
    # "plain_p This" read as a type and a word: the type and the text were cut without a mark
    async with opened(indexed_corpus, "extra/all_round.docx", size=NARROW, tab="c") as pilot:
        grid = pilot.app.main.query_one(CompareGrid)
        width = grid.scrollable_content_region.width
        column = grid.columns[0]
        cells = [row.split("│")[0] for row in rows_of(grid)[5:]]
        starts = [grid.rows[y].cells[0] for y in range(len(grid.rows))][: len(cells)]
    col_width = (width - 1) // 2
    type_width = max(6, min(16, col_width // 3))
    at = 1 + 7 + 1  # a space, the place ("p.2 L69" the widest), a space
    seen = 0
    for cell, index in zip(cells, starts, strict=False):
        if index is None:
            continue
        chunk = column.chunks[index]
        shown_type = cell[at : at + type_width].rstrip()
        whole = chunk.content_type
        assert shown_type == whole or (shown_type.endswith("…") and whole.startswith(shown_type[:-1])), cell
        text = " ".join(chunk.content.split())
        body = cell[at + type_width + 1 :].rstrip()
        assert body == text or (body.endswith("…") and text.startswith(body[:-1])), (cell, text[:30])
        seen += 1
    assert seen >= 5, cells


async def test_at_80_columns_a_compare_column_s_places_take_the_room_they_need(indexed_corpus):
    # "L1      heading Fiel": every place had 7 cells, a text file's "L1" left 5 of them blank
    async with opened(indexed_corpus, "notes.md", size=NARROW, tab="c") as pilot:
        grid = pilot.app.main.query_one(CompareGrid)
        first = rows_of(grid)[5].split("│")[0]
    # notes.md's line 1, "# Field notes": a heading
    assert first.startswith(" L1 heading ") and "Field" in first, first


async def test_at_80_columns_the_manifest_s_page_bar_and_date_are_one_line_each(indexed_corpus):
    # sample_corpus/pdf/partly_empty.pdf: 3 pages, the second without text (read by hand: "First
    # page has text.", nothing, "Third page has text too."); the 20-cell bar and " 2/3" were
    # wider than the value's column, "2/3" wrapped onto the next line, and so did the date's "UTC"
    async with opened(indexed_corpus, "pdf/partly_empty.pdf", size=NARROW, tab="m") as pilot:
        text = pilot.app.main.query_one(ManifestPanel).query_one("#manifest-text")
        # every line the tab draws, those scrolled out of view too, at the width it draws them
        width = text.size.width
        strips = text.render_lines(Region(0, 0, *text.size))
        lines = ["".join(segment.text for segment in strip).rstrip() for strip in strips]
    assert width < 50 and max(map(cell_len, lines)) <= width, width
    at = next(i for i, line in enumerate(lines) if line.lstrip().startswith("pages with text"))
    value = lines[at].split("pages with text", 1)[1].strip()
    bar, shown = value.split(" ")
    assert shown == "2/3" and set(bar) == {"█", "░"}, lines[at : at + 2]
    assert bar.count("█") == round(len(bar) * 2 / 3), bar  # still two thirds of its cells
    # nothing goes on under it: the next line is the next label's (a value wraps at 2 + 18 + 1)
    assert not lines[at + 1].startswith(" " * 21), lines[at : at + 2]
    indexed = next(line for line in lines if line.lstrip().startswith("indexed "))
    # the date and time without seconds, on one line
    assert re.fullmatch(r"indexed +\d{4}-\d\d-\d\d \d\d:\d\d UTC", indexed.strip()), indexed
