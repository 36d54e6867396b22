"""The pure helpers behind the screens: labels, statistics, alignment, spans, message wrapping."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from rich.cells import cell_len
from rich.text import Text

from indexer import ModeParams
from tui import messages as msg
from tui.present import (
    align,
    chunk_stats,
    chunk_title,
    line_owners,
    position,
    preview,
    sparkline,
    where,
    wrap,
)
from tui.screens.params import parse_params


@dataclass(frozen=True)
class C:
    ordinal: int
    content: str
    content_type: str = "plain_paragraph"
    metadata: dict = field(default_factory=dict)


@pytest.mark.parametrize(
    ("meta", "expected"),
    [
        ({"page_number": 3, "source_lines": [4, 19]}, "p.3 · lines 4–19"),
        ({"page_number": 2, "page_end": 3}, "p.2–3"),
        ({"source_lines": [7, 7]}, "line 7"),
        ({"message_index": 2}, "msg 2"),
        ({"sheet_name": "Sheet1", "row_range": [2, 9]}, "Sheet1 rows 2–9"),
        ({"row_range": [5, 5]}, "row 5"),  # one row, as one line is 'line 7'
        ({"sheet_name": "Before", "row_range": [2, 2]}, "Before row 2"),
        ({"page_number": 2, "page_end": 2}, "p.2"),
        ({"slide_number": 4, "page_number": 4}, "slide 4"),  # a slide's page is the slide
        ({"slide_number": 4, "page_number": 5}, "slide 4 · p.5"),
        ({"slide_number": 4, "speaker_notes": True}, "slide 4 · speaker notes"),
        ({}, ""),
        # read from a file attached to the message: its page is the attachment's
        (
            {"message_index": 1, "attachment": "report.pdf", "page_number": 2, "source_lines": [9, 9]},
            "msg 1 · report.pdf · p.2 · line 9",
        ),
        (
            {"message_index": 1, "attachment": "costs.xlsx", "sheet_name": "Costs"},
            "msg 1 · costs.xlsx · Costs",
        ),
        ({"page_number": 1, "attachment": "inner.pdf", "attachment_page": 3}, "inner.pdf p.3 · p.1"),
    ],
)
def test_where_names_the_provenance(meta, expected):
    assert where(meta) == expected


def test_chunk_title_counts_characters_not_bytes():
    # "Überprüfung" is 11 characters (13 bytes in UTF-8)
    chunk = C(4, "Überprüfung", "heading", {"page_number": 1, "source_lines": [1, 1]})
    assert chunk_title(chunk) == "#4 heading · p.1 · line 1 · 11 ch"


def test_preview_wraps_at_spaces_and_marks_the_cut():
    lines = preview("alpha beta gamma delta epsilon zeta eta theta", 12, 2)
    assert lines == ["alpha beta", "gamma delta…"]
    assert preview("short", 20, 2) == ["short"]
    assert preview("", 20, 2) == []


def test_preview_starts_each_line_of_a_list_or_table_on_a_line_of_its_own():
    items = "Intake screens cleaned\nBearing temperature within 4 °C\nSensor B recalibrated"
    assert preview(items, 40, 2) == ["Intake screens cleaned", "Bearing temperature within 4 °C…"]
    table = "| Pump | Flow |\n| --- | :---: |\n| P-401 | 212 |"
    assert preview(table, 40, 2) == ["| Pump | Flow |", "| P-401 | 212 |"]  # no delimiter row, nothing more
    assert preview(table + "\n| P-402 | 208 |", 40, 2) == ["| Pump | Flow |", "| P-401 | 212 |…"]
    assert preview("one\n\n  two  \n\n", 40, 3) == ["one", "two"]
    assert preview("a rule\n---\nbelow", 40, 3) == ["a rule", "---", "below"]  # not a table row


def test_preview_of_a_table_gives_its_header_and_first_row_one_line_each():
    # chunks of one long table all repeat its header: a wrapped header filled both lines of
    # every card, so they all looked the same
    table = (
        "| State / Territory | Permit | Handgun | Long Gun |\n"
        "| --- | --- | --- | --- |\n"
        "| Alabama | 20,345 | 23,213 | 21,234 |\n"
        "| Alaska | 210 | 3,611 | 4,226 |"
    )
    assert preview(table, 30, 2) == ["| State / Territory | Permit …", "| Alabama | 20,345 | 23,213 |…"]
    assert preview(table, 60, 2) == [
        "| State / Territory | Permit | Handgun | Long Gun |",
        "| Alabama | 20,345 | 23,213 | 21,234 |…",
    ]


def test_preview_of_a_huge_chunk_reads_only_its_start():
    assert preview("word " * 200_000, 11, 2) == ["word word", "word word…"]


def test_wrap_keeps_every_character_of_a_long_word():
    assert wrap("", 10) == [""]
    pieces = wrap("x" * 25, 10)
    assert pieces == ["x" * 10, "x" * 10, "x" * 5]
    assert "".join(wrap("one two three four five", 9)).replace(" ", "") == "onetwothreefourfive"


def test_wrap_counts_cells_so_wide_characters_are_not_cut_off_the_pane():
    # 100 Chinese characters take 200 cells: rows of 20 characters in 40 cells (rows of 40
    # characters were 80 cells, and the pane showed their first half only)
    line = "北" * 100
    pieces = wrap(line, 40)
    assert pieces == ["北" * 20] * 5
    # a space as the row's last cell ends that row and starts no other
    assert wrap("ab " * 5, 6) == ["ab ab", "ab ab", "ab "]
    mixed = "京 a" * 20  # 4 cells a repeat
    rows = wrap(mixed, 10)
    assert all(cell_len(r) <= 10 for r in rows)
    assert "".join(rows).replace(" ", "") == mixed.replace(" ", "")


def test_a_preview_of_wide_characters_fits_its_width_in_cells():
    text = "北京是中华人民共和国的首都" * 5
    lines = preview(text, 20, 2)
    # 10 characters of two cells a line, the second cut for the '…' that says more follows
    assert lines == ["北京是中华人民共和国", "的首都北京是中华人…"]
    assert [cell_len(line) for line in lines] == [20, 19]
    row = preview("| 北京 | 上海 | 广州 | 深圳 |\n| --- | --- | --- | --- |", 16, 2)
    assert row == ["| 北京 | 上海 |…"] and cell_len(row[0]) <= 16


def test_sparkline_is_a_histogram_of_the_sizes():
    # 8 bins over 0..79: three values in the first bin, one in the last → full block first
    assert sparkline([0, 1, 2, 79]) == "█      ▃"
    assert sparkline([5, 5, 5]) == "█"
    assert sparkline([]) == ""


def test_chunk_stats_counts_over_budget_and_the_census():
    chunks = [C(0, "a" * 10, "heading"), C(1, "b" * 1300), C(2, "c" * 100), C(3, "d" * 1201)]
    stats = chunk_stats(chunks, 1200)
    assert (stats.count, stats.smallest, stats.median, stats.largest) == (4, 10, 650, 1300)
    assert stats.over_budget == 2
    assert stats.census == (("plain_paragraph", 3), ("heading", 1))
    assert chunk_stats(chunks, None).over_budget == 0


def test_align_puts_chunks_starting_on_the_same_line_in_one_row():
    left = [
        C(0, "h", metadata={"source_lines": [1, 1]}),
        C(1, "p", metadata={"source_lines": [3, 3]}),
        C(2, "q", metadata={"source_lines": [5, 5]}),
    ]
    right = [C(0, "h", metadata={"source_lines": [1, 1]}), C(1, "p q", metadata={"source_lines": [3, 5]})]
    rows = align([left, right])
    assert [r.cells for r in rows] == [(0, 0), (1, 1), (2, None)]
    # two chunks of one column starting on the same line (a split paragraph) take two rows
    split = [C(0, "a", metadata={"source_lines": [3, 3]}), C(1, "b", metadata={"source_lines": [3, 3]})]
    rows = align([split, right])
    assert [(r.cells, r.first) for r in rows] == [((None, 0), True), ((0, 1), True), ((1, None), False)]


def test_a_chunk_without_position_stays_after_its_predecessor():
    chunks = [
        C(0, "a", metadata={"source_lines": [2, 2]}),
        C(1, "b"),
        C(2, "c", metadata={"source_lines": [9, 9]}),
    ]
    assert position(chunks[1].metadata) is None
    assert [r.cells for r in align([chunks])] == [(0,), (1,), (2,)]


def test_line_owners_marks_overlaps():
    # windows over lines 1-3 and 3-5 share line 3; line 6 is outside both
    chunks = [C(0, "x", metadata={"source_lines": [1, 3]}), C(1, "y", metadata={"source_lines": [3, 5]})]
    assert line_owners(chunks, 6) == [(0,), (0,), (0, 1), (1,), (1,), ()]


def test_params_dialog_validation():
    base = ModeParams()
    values = {
        "window_size": "5",
        "overlap": "2",
        "sentences_per_chunk": "4",
        "paragraphs_per_page": "10",
        "rows_per_chunk": "",
    }
    params = parse_params(values, base)
    assert (params.window_size, params.overlap, params.sentences_per_chunk, params.rows_per_chunk) == (
        5,
        2,
        4,
        None,
    )
    with pytest.raises(ValueError, match="overlap must be less than window_size"):
        parse_params(values | {"overlap": "5"}, base)
    with pytest.raises(ValueError, match="whole number"):
        parse_params(values | {"window_size": "three"}, base)
    with pytest.raises(ValueError, match="rows_per_chunk must be greater than 0"):
        parse_params(values | {"rows_per_chunk": "0"}, base)


def test_storage_events_become_messages():
    from storage.indexing import FileIndexed, FileRead, FileStarted, IndexFailed, ScanProgress
    from storage.sync import BatchApplied, SyncEvent, WatcherState

    m = msg.from_event(FileStarted("a.md"))
    assert isinstance(m, msg.FileStarted) and m.path == "a.md"  # not a line of the event log
    m = msg.from_event(FileRead("a.md"))
    assert isinstance(m, msg.FileRead) and m.path == "a.md"
    m = msg.from_event(FileIndexed("a.md", 3, 12.5, "added"))
    assert isinstance(m, msg.FileIndexed) and (m.path, m.chunks, m.action) == ("a.md", 3, "added")
    m = msg.from_event(IndexFailed("b.docx", "PARSE_ERROR", "not a zip", 1.0))
    assert isinstance(m, msg.IndexFailed) and m.code == "PARSE_ERROR"
    first = msg.from_event(ScanProgress(1, 10, 0, 0, 0, 0.1))
    assert first.can_replace(msg.from_event(ScanProgress(2, 10, 0, 0, 0, 0.2)))
    assert not first.can_replace(msg.from_event(ScanProgress(0, 0, 0, 0, 0, 0.0)))  # nothing to do
    m = msg.from_event(WatcherState("polling", "inotify limit reached"))
    assert isinstance(m, msg.WatcherChanged) and (m.state, m.detail) == ("polling", "inotify limit reached")
    m = msg.from_event(SyncEvent("notes.md", "upsert", "updated (12 chunks)", 41.2))
    assert isinstance(m, msg.WatchEvent)
    assert m.text == "notes.md upsert → updated (12 chunks) in 41 ms" and m.paths == ("notes.md",)
    assert m.quiet  # the indexer's own event says what came of it
    assert msg.from_event(SyncEvent("notes.md", "upsert", "unchanged", 0.2)).quiet
    assert not msg.from_event(SyncEvent("old.md", "delete", "removed", 0.2)).quiet
    m = msg.from_event(BatchApplied(events=290, changes=0, ms=12.4))
    assert (m.kind, m.text) == ("batch", "290 events, index already up to date in 12 ms")
    m = msg.from_event(BatchApplied(events=5, changes=2, ms=3.0))
    assert (m.kind, m.text) == ("batch", "5 events, 2 changes in 3 ms")
    # logged for the batches the CLI's watch writes a line for: those that coalesced events
    assert not m.quiet and not msg.from_event(BatchApplied(events=290, changes=0, ms=12.4)).quiet
    assert msg.from_event(BatchApplied(events=2, changes=2, ms=3.0)).quiet


def test_search_filters_and_mode_keys():
    from tui.library import params_from_key
    from tui.screens.search import parse_query

    assert parse_query('pump "flow rate" type:pdf kind:table') == (
        'pump "flow rate"',
        {"source_type": "pdf", "content_type": "table"},
    )
    assert parse_query("mode:sentence valve") == ("valve", {"mode": "sentence"})
    assert parse_query("http://x") == ("http://x", {})
    mode, params = params_from_key("sliding_window:window_size=5,overlap=2")
    assert (mode, params.window_size, params.overlap) == ("sliding_window", 5, 2)
    mode, params = params_from_key("row:rows_per_chunk=None")
    assert (mode, params.rows_per_chunk) == ("row", None)
    assert params_from_key("structural") == ("structural", ModeParams())


def test_counted_says_one_in_the_singular():
    from tui.present import counted

    assert [counted(n, "chunk") for n in (0, 1, 2, 1204)] == [
        "0 chunks",
        "1 chunk",
        "2 chunks",
        "1,204 chunks",
    ]


def test_search_hits_name_slides_and_speaker_notes():
    from tui.present import where_parts

    meta = {"page_number": 2, "slide_number": 2, "speaker_notes": True, "source_lines": [12, 12]}
    assert where_parts(meta) == ["slide 2", "speaker notes", "line 12"]
    assert "speaker notes" not in where_parts({"slide_number": 2})


def test_a_failure_in_the_report_gives_its_message_below_the_path_wrapped_under_itself():
    from rich.console import Console

    from tui.screens.report import failure_entry

    doc = {
        "path": "pdf/password-example.pdf",
        "status": "failed",
        "error_message": "pdf/password-example.pdf: the PDF is password-protected (the empty password does not open it)",
    }
    console = Console(width=40, record=True, color_system=None)
    console.print(failure_entry(doc))
    lines = console.export_text().splitlines()
    assert lines[0].rstrip() == "  pdf/password-example.pdf  failed"
    # the path is not said twice, and every line of the message is indented under the path
    assert "".join(lines[1:]).count("pdf/password-example.pdf") == 0
    assert len(lines) > 2 and all(line.startswith("    ") for line in lines[1:])
    assert " ".join(" ".join(lines[1:]).split()) == (
        "the PDF is password-protected (the empty password does not open it)"
    )
    assert failure_entry({"path": "a.txt", "status": "stale"}).plain == "  a.txt  stale"


def test_a_file_not_read_yet_takes_its_type_and_modes_from_its_extension():
    from types import SimpleNamespace

    from indexer.modes import registry as modes
    from tui.screens.main import _waiting_format

    def row(path: str, status: str, source_type: str = "") -> SimpleNamespace:
        return SimpleNamespace(path=path, status=status, source_type=source_type)

    spec = _waiting_format(row("data/SOURCES.tsv", "queued"))
    assert (spec.source_type, spec.family) == ("csv", "csv")
    # the mode bar offers the table modes (default, which stands for row, first)
    assert modes.modes_for(spec.family)[:2] == ("default", "row")
    assert _waiting_format(row("x/report.PDF", "indexing")).family == "document"
    assert _waiting_format(row("old.doc", "queued")) is None  # listed, but no library reads it
    assert _waiting_format(row("photo.png", "queued")) is None
    assert _waiting_format(row("a.tsv", "failed")) is None  # read: its own type stands
    assert _waiting_format(row("a.tsv", "queued", "csv")) is None


def test_line_cuts_find_where_chunks_start_inside_a_line():
    from array import array

    from tui.present import line_cuts, row_offsets, wrap_lines

    lines = ["Title", "One sat. Two ran. One sat. Four.", "Tail line"]
    chunks = [
        C(0, "Title One sat.", "sentence", {"source_lines": [1, 2]}),  # runs into line 2
        C(1, "Two ran.", "sentence", {"source_lines": [2, 2]}),
        C(2, "One sat. Four.", "sentence", {"source_lines": [2, 2]}),  # its start repeats chunk 0's
        C(3, "Tail line", "sentence", {"source_lines": [3, 3]}),
    ]
    count = array("b", [1, 3, 1])
    # offsets counted by hand: "Two" at 9, the second "One sat." at 18
    assert line_cuts(chunks, lines, count) == {1: [(9, 1), (18, 2)]}
    # two windows over the same line (one more covering than starting inside): no cuts
    windows = [
        C(0, "Title One", "w", {"source_lines": [1, 2]}),
        C(1, "One sat.", "w", {"source_lines": [2, 2]}),
    ]
    assert line_cuts(windows, lines, array("b", [1, 2, 0])) == {}
    # each wrapped piece knows where it starts in its line
    rows = wrap_lines(lines, 12)
    # (wrap cuts at the space at 12, which ends the piece and does not start the next one:
    # "One sat. Two" | "ran. One" | "sat. Four.")
    assert [(r[1], o) for r, o in zip(rows, row_offsets(lines, rows), strict=True)][1:4] == [
        ("One sat. Two", 0),
        ("ran. One", 13),
        ("sat. Four.", 22),
    ]


def test_a_long_log_line_is_cut_in_its_middle_keeping_what_happened():
    from rich.text import Text

    from tui.widgets.event_log import middle_cut

    line = Text("17:08:13 ", style="dim")
    line.append(
        "pdf/kreuzberg/a_catalogue_of_optimizing_transformations_1971.pdf updated → 110 chunks in 160 ms"
    )
    cut = middle_cut(line, 60)
    # 60 cells: the first 23 ("17:08:13 pdf/kreuzberg/"), "…", the last 36 (counted by hand)
    assert cut.plain == "17:08:13 pdf/kreuzberg/…1.pdf updated → 110 chunks in 160 ms"
    assert cut.cell_len == 60
    assert middle_cut(line, 200) is line  # short enough: as it was


def test_a_long_file_name_is_shortened_in_its_middle_keeping_its_extension():
    from tui.present import shorten_name

    name = "100_g_networking_technology_overview_slides_toronto_august_2016.pdf"
    # 21 cells: "…" and 20 kept; ".pdf" and a third of the other 16 (5) at the end, 11 at the start
    assert shorten_name(name, 21) == "100_g_netwo…_2016.pdf"
    assert shorten_name("report.pdf", 21) == "report.pdf"  # it fits: as it is
    # no extension (or one too long to be one): a third of the room at the end all the same
    assert shorten_name("CHANGELOG_OF_THE_PROJECT", 10) == "CHANGE…ECT"
    # wide characters count two cells and are not split: 12 cells, ".docx" and "ト" at the end
    assert shorten_name("報告書の最終版ドラフト.docx", 12) == "報告…ト.docx"
    # a room the extension leaves nothing of keeps the start
    assert shorten_name("abcdef.pdf", 6) == "abcde…"


def test_a_skip_is_on_purpose_only_when_its_extractor_says_so():
    from indexer.model import Skipped
    from tui.present import deliberate

    # a Skipped, and the dict the manifest stores for it
    assert deliberate(Skipped("image", "flag.png", "icon (22×15)", on_purpose=True))
    assert deliberate({"what": "image", "name": "flag.png", "reason": "icon (22×15)", "on_purpose": True})
    assert not deliberate(Skipped("image", "chart.emf", "EMF is not a web raster (png, jpeg, gif, webp)"))
    # the same reason without the mark (a manifest written before there was one) is a loss
    assert not deliberate({"what": "image", "name": "flag.png", "reason": "icon (22×15)"})
    # anything but True, and shapes not expected, are losses
    assert not deliberate({"what": "image", "on_purpose": "yes"}) and not deliberate("icon (22×15)")


def test_the_report_leaves_out_what_the_other_columns_say_when_it_is_too_wide():
    from tui.screens.report import COLUMNS, fit_columns, format_row

    pdf = {
        "source_type": "pdf",
        "files": 41,
        "indexed": 38,
        "failed": 3,
        "chunks": 2330,
        "median_chunk_chars": 89,
        "with_warnings": 6,
        "coverage": {
            "pages_total": 389,
            "pages_with_text": 368,
            "images_extracted": 284,
            "images_skipped": 48,
        },
        "bytes": 24 * 1024 * 1024,
    }
    rows = [format_row(pdf)]
    assert [str(cell) for cell in rows[0]][-3:] == ["368/389", "284 (+48 skipped)", "24 MB"]
    # each column as wide as its header or widest cell, plus 2: 8 7 9 8 7 13 8 8 3 12 19 7 = 109
    assert fit_columns(rows, 117) == list(range(len(COLUMNS)))  # 120 columns: all of them
    # 100: without size (102), without unsupported (89)
    assert [COLUMNS[i] for i in fit_columns(rows, 100)] == [
        "format", "files", "indexed", "failed", "stale", "chunks", "median", "⚠", "text pages", "images"
    ]  # fmt: skip
    # 80 columns (77 for the table): size, unsupported, stale and indexed go (73)
    assert [COLUMNS[i] for i in fit_columns(rows, 77)] == [
        "format", "files", "failed", "chunks", "median", "⚠", "text pages", "images"
    ]  # fmt: skip
    # narrower still: the median goes too, and the rest stays
    assert len(fit_columns(rows, 40)) == 7


def test_a_chunk_is_not_found_inside_the_text_of_the_chunk_before_it():
    from array import array

    from tui.present import line_cuts

    # large.pdf's reference (sentence mode): the sentence that runs into line 2 ends with "2019.",
    # the next chunk is the page number "1" at its end (index 61, counted by hand); the first "1"
    # of the line, in "128", is the sentence's own (index 40)
    lines = [
        "In 2019 International Conference on Document",
        "Analysis and Recognition (ICDAR), pages 128–133. IEEE, 2019. 1",
    ]
    chunks = [
        C(
            0,
            "In 2019 International Conference on Document Analysis and Recognition (ICDAR), pages 128–133. IEEE, 2019.",
            "sentence",
            {"source_lines": [1, 2]},
        ),  # fmt: skip
        C(1, "1", "sentence", {"source_lines": [2, 2]}),
    ]
    assert line_cuts(chunks, lines, array("b", [1, 2])) == {1: [(61, 1)]}
    # a sentence repeated: the second "Yes." starts after the first, which ends the chunk before
    lines = ["He asked.", "Yes. Yes."]
    chunks = [
        C(0, "He asked. Yes.", "sentence", {"source_lines": [1, 2]}),
        C(1, "Yes.", "sentence", {"source_lines": [2, 2]}),
    ]
    assert line_cuts(chunks, lines, array("b", [1, 2])) == {1: [(5, 1)]}


def test_windows_that_both_cover_an_indented_line_leave_it_to_the_overlap_colour(real_world):
    from indexer import extract, get_chunks
    from tui.present import line_cover, line_cuts
    from tui.widgets.source_view import SourceView

    # a transcript's numbered lines, indented: window 0 (lines 4–8) ends with line 8's
    # "2   - - - … x", window 1 (lines 8–12) starts with it; the line was cut at column 13 (its
    # first character after the indent), as if window 1 started inside window 0's line
    path = real_world / "txt/pdfplumber_scotus-transcript-p1.txt"
    lines = SourceView.split(extract(path).text)
    chunks = [
        C(c["metadata"]["chunk_index"], c["content"], c["content_type"], c["metadata"])
        for c in get_chunks(path, mode="sliding_window")
    ]
    assert chunks[0].metadata["source_lines"] == [4, 8] and chunks[1].metadata["source_lines"] == [8, 12]
    assert lines[7].lstrip().startswith("2   - - -") and chunks[1].content.startswith("2   - - -")
    _, count = line_cover(chunks, len(lines))
    assert count[7] == 2
    assert line_cuts(chunks, lines, count) == {}


def test_the_manifest_lists_notes_and_skips_on_purpose_dimmed_and_losses_in_yellow():
    from types import SimpleNamespace

    from tui.widgets.manifest_panel import _manifest_lines

    row = SimpleNamespace(
        path="rota.eml", status="indexed", has_warning=False, error_code=None, error_message=None,
        source_type="eml", size=1200, sha256="ab", indexed_at=None,
    )  # fmt: skip
    manifest = {
        "coverage": {
            "skipped": [
                {"what": "attachment", "name": "smime.p7s", "reason": "not indexed", "on_purpose": True},
                {"what": "attachment", "name": "invoice.pdf", "reason": "not indexed"},
            ],
            "notes": ["signed message: the signature was not verified"],
        },
        "warnings": ["1 item(s) skipped"],
    }
    lines = [line.markup for line in _manifest_lines(row, manifest) if isinstance(line, Text)]
    assert "  [dim]skipped attachment smime.p7s: not indexed[/dim]" in lines
    assert "  [yellow]skipped attachment[/yellow] invoice.pdf: not indexed" in lines
    assert "  [dim]signed message: the signature was not verified[/dim]" in lines
    # the note is no warning: only the manifest's own warning is listed under Warnings
    assert [line for line in lines if "⚠" in line] == ["  [yellow]⚠[/yellow] 1 item(s) skipped"]


def test_the_manifest_shows_names_reasons_and_errors_as_they_are():
    """Brackets and backslashes of a path, an error, a skipped item or a warning are text: a
    Windows path's closing backslash is one backslash (console markup doubled it), '[b]' stays."""
    from types import SimpleNamespace

    from tests.tui.test_app import shown_text
    from tui.widgets.manifest_panel import manifest_text

    row = SimpleNamespace(
        path="in [b]box\\", status="failed", has_warning=False, error_code="PARSE_ERROR",
        error_message="C:\\Temp\\", source_type="eml", size=12, sha256=None, indexed_at=None,
    )  # fmt: skip
    manifest = {
        "coverage": {"skipped": [{"what": "attachment", "name": "[/]x\\", "reason": "a\\"}]},
        "warnings": ["[red]w\\"],
    }
    text = shown_text(manifest_text(row, manifest), width=100)
    lines = [line.strip() for line in text.splitlines()]
    assert "in [b]box\\" in lines
    assert "✖ PARSE_ERROR  C:\\Temp\\" in lines
    assert "skipped attachment [/]x\\: a\\" in lines
    assert "⚠ [red]w\\" in lines


def test_the_manifest_names_each_mode_and_its_parameters_whole():
    # a mode key as the label was cut to its column: "sliding_window:wi… 7"
    from types import SimpleNamespace

    from tests.tui.test_app import shown_text
    from tui.widgets.manifest_panel import manifest_text

    row = SimpleNamespace(
        path="a.docx", status="indexed", error_code=None, source_type="docx", size=10, sha256="ab",
        indexed_at=None,
    )  # fmt: skip
    chunks = {
        "structural": 15,
        "sliding_window:window_size=3,overlap=1": 7,
        "sentence:sentences_per_chunk=3": 9,
    }
    chunker = {"id": "chunkscope", "version": "0.1.0", "mode_key": "row:rows_per_chunk=1"}
    text = shown_text(manifest_text(row, {"chunks": chunks, "chunker": chunker}), width=84)
    lines = [" ".join(line.split()) for line in text.splitlines()]
    assert "mode row rows_per_chunk=1" in lines, lines  # the chunker's mode, as the counts say it
    start = lines.index("Chunks per mode")
    assert lines[start + 1 : start + 4] == [
        "structural 15",
        "sliding_window 7 window_size=3, overlap=1",
        "sentence 9 sentences_per_chunk=3",
    ], lines[start:]


def test_the_manifest_panel_counts_the_attachments_and_names_the_first_ones():
    from types import SimpleNamespace

    from tests.tui.test_app import shown_text
    from tui.widgets.manifest_panel import manifest_text

    row = SimpleNamespace(
        path="inbox/many.eml",
        status="indexed",
        error_code=None,
        source_type="eml",
        size=10,
        sha256="ab",
        indexed_at=None,
    )
    names = [f"t{i}.csv" for i in range(300)]
    manifest = {"coverage": {"attachments_indexed": names, "attachments": {"indexed": 300, "skipped": 2}}}
    text = shown_text(manifest_text(row, manifest), width=100)
    # the labels as wide as the longest ('attachments', 'source type': 11 cells) and a space
    assert "  attachments 300 read, 2 skipped" in text
    assert "t19.csv and 280 more" in text and "t20.csv" not in text and "{'indexed'" not in text


def test_one_time_format_for_the_manifest_and_the_fields():
    from types import SimpleNamespace

    from rich.console import Console

    from tui.present import when
    from tui.widgets import fields_panel, manifest_panel

    # 1767225600 is 2026-01-01 00:00:00 UTC; a second and a minute past it
    assert when(1767225661) == "2026-01-01 00:01 UTC"
    assert when(1767225661, seconds=True) == "2026-01-01 00:01:01 UTC"
    assert when(None) == when(0) == "never"
    # the manifest's indexed time and a field run's time are written by it, not by one of their own
    assert fields_panel.when is manifest_panel.when is when
    shown = manifest_panel.manifest_text(
        SimpleNamespace(
            path="a.md",
            status="indexed",
            error_code=None,
            source_type="md",
            size=1,
            sha256="",
            indexed_at=1767225661,
        ),
        None,
    )
    console = Console(width=80, record=True, color_system=None)
    console.print(shown)
    # the labels as wide as the longest ('source type', 11 cells) and a space
    assert "  indexed     2026-01-01 00:01:01 UTC" in console.export_text()
    run = SimpleNamespace(name="invoice", run_at=1767225661)
    assert (
        "when the schema last ran 2026-01-01 00:01 UTC)" in fields_panel.panel_text("a.md", run, None).plain
    )


def test_the_manifest_counts_characters_in_words():
    # a document of one character said "1 characters"; thousands keep their separator
    from types import SimpleNamespace

    from tests.tui.test_app import shown_text
    from tui.widgets.manifest_panel import manifest_text

    row = SimpleNamespace(
        path="a.txt",
        status="indexed",
        error_code=None,
        source_type="txt",
        size=1,
        sha256="ab",
        indexed_at=None,
    )
    text = {"extracted_chars": 1, "indexed_chars": 12_345}
    chunker = {"id": "chunkscope", "version": "0.1.0", "mode_key": "structural", "size_limit": 1200}
    shown = shown_text(manifest_text(row, {"text": text, "chunker": chunker}), width=84)
    lines = [" ".join(line.split()) for line in shown.splitlines()]
    assert "extracted 1 character" in lines
    assert "indexed 12,345 characters" in lines
    assert "size limit 1,200 characters" in lines
