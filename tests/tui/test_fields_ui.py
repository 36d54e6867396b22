"""The field coverage screen and the per-document fields panel, on a real index of model-reply-like
text files whose fields were extracted and stored by `chunkscope fields --folder` itself."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tui.app import ChunkscopeApp
from tui.cli import main
from tui.screens.fields import FieldsScreen
from tui.widgets.fields_panel import MALFORMED_REQUIRED_STYLE, RUN_HINT, FieldsPanel, field_value
from tui.widgets.file_tree import FileTree

from .conftest import index, settle, wait_for

SIZE = (120, 40)
PINNED = 1767225600  # 2026-01-01 00:00:00 UTC

SCHEMA = {
    "format": "JSON",
    "rootName": "review",
    "fields": [
        {"name": "verdict", "kind": "ENUM", "enumValues": ["ACCEPT", "REJECT"], "required": True},
        {"name": "score", "kind": "INT", "required": True, "min": 0, "max": 10},
        {"name": "lang", "kind": "STRING", "default": "en"},
        {"name": "tags", "kind": "STRING", "array": True},
    ],
}
# What each reply holds, read by hand:
# good.txt      fenced JSON: verdict ACCEPT, score 8, tags [style, clarity]; no lang → DEFAULTED "en"
# bad_score.txt verdict "reject" (matched case-insensitively → REJECT), score "very high" → MALFORMED
#               and required (malformedRequired), lang "fr"; no tags → LOST_OPTIONAL
# refusal.txt   no JSON at all: empty; verdict and score LOST_REQUIRED, lang DEFAULTED, tags LOST_OPTIONAL
# clamped.txt   verdict ACCEPT, score 42 clamped to max 10, tags [] (present, empty), no lang → DEFAULTED
REPLIES = {
    "good.txt": 'Here is my review:\n```json\n{"verdict": "ACCEPT", "score": 8, "tags": ["style", "clarity"]}\n```\n',
    "bad_score.txt": 'Verdict below.\n{"verdict": "reject", "score": "very high", "lang": "fr"}\n',
    "refusal.txt": "I could not decide on this paper, sorry.\n",
    "clamped.txt": '{"verdict": "ACCEPT", "score": 42, "tags": []}\n',
}
# Coverage over the 4 documents, counted from the table above:
#            extracted defaulted lost-opt lost-req malformed  n/a usable
EXPECTED = {
    "verdict": ["3", "0", "0", "1", "0", "0", "75.0%"],  # good, bad_score, clamped / refusal
    "score": ["2", "0", "0", "1", "1", "0", "50.0%"],  # good, clamped / refusal / bad_score
    "lang": ["1", "3", "0", "0", "0", "0", "100.0%"],  # bad_score / good, refusal, clamped
    "tags": ["2", "0", "2", "0", "0", "0", "50.0%"],  # good, clamped / bad_score, refusal
}


def build(root: Path) -> Path:
    (root / "replies").mkdir(parents=True)
    for name, text in REPLIES.items():
        (root / "replies" / name).write_text(text, encoding="utf-8")
    return index(root)


def run_fields(root: Path, schema: dict, name: str = "review.json") -> None:
    """The same code path as a user's `chunkscope fields --schema S.json --folder F`."""
    path = root.parent / name
    path.write_text(json.dumps(schema), encoding="utf-8")
    assert main(["fields", "--schema", str(path), "--folder", str(root), "--quiet"]) == 0


@pytest.fixture(scope="module")
def replies(tmp_path_factory) -> Path:
    root = build(tmp_path_factory.mktemp("fields") / "corpus")
    run_fields(root, SCHEMA)
    with sqlite3.connect(root / ".chunkscope" / "index.db") as db:  # fixed times for the snapshot
        db.execute("UPDATE documents SET indexed_at = ? WHERE indexed_at IS NOT NULL", [PINNED])
        db.execute("UPDATE field_schemas SET run_at = ?", [PINNED])
        db.execute("UPDATE field_results SET run_at = ?", [PINNED])
    return root


def make_app(root: Path) -> ChunkscopeApp:
    return ChunkscopeApp(root, watch=False, image_renderer="halfcell")


async def select_file(pilot, path: str) -> None:
    app = pilot.app
    await wait_for(pilot, lambda: path in app.main.rows, what=f"{path} in the tree")
    await wait_for(pilot, lambda: app.main.path is not None, what="the first file selected")
    await settle(pilot)
    app.main.query_one(FileTree).select(path)
    await wait_for(pilot, lambda: app.main.path == path, what=f"{path} selected")
    await settle(pilot)


async def open_fields(pilot) -> FieldsScreen:
    await pilot.press("F")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, FieldsScreen), what="the fields screen")
    await settle(pilot)
    return pilot.app.screen


def coverage_of(screen: FieldsScreen) -> dict[str, list[str]]:
    table = screen.query_one("#fields-coverage")
    rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
    return {row[0]: row[1:] for row in rows}


def panel_of(screen: FieldsScreen) -> str:
    return screen.query_one(FieldsPanel).text.plain


def line_of(text: str, field: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(field + " "))


async def test_coverage_table_failing_documents_and_the_panel(replies):
    app = make_app(replies)
    async with app.run_test(size=SIZE) as pilot:
        await select_file(pilot, "replies/bad_score.txt")
        screen = await open_fields(pilot)
        assert "review · 4 documents · 2 failing the strict gate" in str(
            screen.query_one("#fields-title").render()
        )
        assert coverage_of(screen) == EXPECTED
        # The documents failing the strict gate, by path, with what is wrong.
        problems = screen.query_one("#fields-problems")
        shown = [str(problems.get_option_at_index(i).prompt) for i in range(problems.option_count)]
        assert shown == [
            "replies/bad_score.txt  malformed score",
            "replies/refusal.txt  missing verdict, score  [no payload]",
        ]
        # The panel shows the tree's file: each field with its state and its value.
        text = panel_of(screen)
        assert text.startswith("replies/bad_score.txt  ·  schema review  ·  run 2026-01-01 00:00 UTC")
        assert "✖ strict gate fails: malformed score" in text
        assert line_of(text, "verdict").split() == ["verdict", "EXTRACTED", '"REJECT"']
        assert line_of(text, "score").split() == ["score", "MALFORMED", "—", "←", "required,", "malformed"]
        assert line_of(text, "lang").split() == ["lang", "EXTRACTED", '"fr"']
        assert line_of(text, "tags").split() == ["tags", "LOST_OPTIONAL", "—"]
        assert "stale" not in text
        # malformedRequired is highlighted; other states carry their colour.
        rich = screen.query_one(FieldsPanel).text
        styled = {rich.plain[s.start : s.end].strip(): str(s.style) for s in rich.spans}
        assert styled["score"] == MALFORMED_REQUIRED_STYLE
        assert styled["LOST_OPTIONAL"] == "yellow"
        # Moving through the failing documents shows each one's panel.
        problems.focus()
        await pilot.press("home", "down")
        await settle(pilot)
        text = panel_of(screen)
        assert text.startswith("replies/refusal.txt")
        assert "[no payload" in text and "missing verdict, score" in text
        assert line_of(text, "verdict").split() == ["verdict", "LOST_REQUIRED", "—"]
        assert line_of(text, "lang").split() == ["lang", "DEFAULTED", '"en"']
        # t brings back the tree's file.
        await pilot.press("t")
        await settle(pilot)
        assert panel_of(screen).startswith("replies/bad_score.txt")
        # enter on a failing document jumps back to the main screen on that file.
        problems.focus()
        await pilot.press("home", "down", "enter")
        await wait_for(pilot, lambda: app.screen is app.main, what="back on the main screen")
        await settle(pilot)
        assert app.main.path == "replies/refusal.txt"
        assert app.main.query_one(FileTree).tree.cursor_node.data == "replies/refusal.txt"


async def test_panel_of_a_passing_document_and_the_palette(replies):
    app = make_app(replies)
    async with app.run_test(size=SIZE) as pilot:
        await select_file(pilot, "replies/good.txt")
        assert any(c.title == "Field coverage" for c in app.get_system_commands(app.screen))
        screen = await open_fields(pilot)
        text = panel_of(screen)
        assert "✔ strict gate passes" in text
        # The array is rebuilt from its elements' flat paths (tags[0], tags[1]).
        assert line_of(text, "tags").split() == ["tags", "EXTRACTED", '["style",', '"clarity"]']
        assert line_of(text, "score").split() == ["score", "EXTRACTED", "8"]
        assert line_of(text, "lang").split() == ["lang", "DEFAULTED", '"en"']
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is app.main, what="back on the main screen")
        assert app.main.path == "replies/good.txt"


def test_field_value_rebuilds_containers() -> None:
    data = {"title": "x", "tags[0]": "a", "tags[1]": "b", "meta.score": 3, "items[0].label": "q"}
    assert field_value("title", data) == "x"
    assert field_value("tags", data) == ["a", "b"]
    assert field_value("meta", data) == {"score": 3}
    assert field_value("items", data) == [{"label": "q"}]
    assert field_value("items[0].label", data) == "q"
    assert field_value("absent", data) is None
    assert field_value("tag", data) is None  # a prefix of a name is not a parent


async def test_empty_state_then_two_schemas_and_a_stale_result(tmp_path):
    root = build(tmp_path / "corpus")
    app = make_app(root)
    async with app.run_test(size=SIZE) as pilot:
        await select_file(pilot, "replies/good.txt")
        screen = await open_fields(pilot)
        text = panel_of(screen)
        assert text.startswith("No field extraction stored for this index.")
        assert RUN_HINT in text
        # said once: the title repeated it over the panel, and a list of failing documents
        # said "(0)" and "nothing stored" beside it
        assert RUN_HINT not in str(screen.query_one("#fields-title").render())
        assert not screen.query_one("#fields-coverage").display
        assert not screen.query_one("#fields-problems-box").display
        # the keys scroll the hint's panel: nothing else is there to take them
        assert app.focused is screen.query_one(FieldsPanel)

    run_fields(root, SCHEMA)
    # A second schema, run later: only the language, required this time.
    lang_only = {
        "format": "JSON",
        "rootName": "review",
        "fields": [{"name": "lang", "kind": "STRING", "required": True}],
    }
    run_fields(root, lang_only, "lang.json")
    # good.txt changes after the runs and is indexed again: its stored results are stale.
    (root / "replies" / "good.txt").write_text('{"verdict": "REJECT", "score": 1}', encoding="utf-8")
    index(root)

    app = make_app(root)
    async with app.run_test(size=SIZE) as pilot:
        await select_file(pilot, "replies/good.txt")
        screen = await open_fields(pilot)
        runs = list(screen.runs.values())
        assert [r.name for r in runs] == ["lang", "review"]  # latest run first, and shown first
        # lang is in bad_score.txt only: 1 extracted, 3 lost required, all three fail the gate.
        assert coverage_of(screen) == {"lang": ["1", "0", "0", "3", "0", "0", "25.0%"]}
        assert screen.query_one("#fields-problems").option_count == 3
        text = panel_of(screen)
        assert "⚠ stale: file changed since the run" in text
        assert line_of(text, "lang").split() == ["lang", "LOST_REQUIRED", "—"]
        # Picking the other schema in the picker shows its table and the panel under it.
        screen.query_one("#fields-schema").value = runs[1].schema_hash
        await settle(pilot)
        assert coverage_of(screen) == EXPECTED  # the stored run, not the changed file
        text = panel_of(screen)
        assert "schema review" in text and "⚠ stale" in text
        assert line_of(text, "score").split() == ["score", "EXTRACTED", "8"]  # the value at run time


def test_fields_screen_snapshot(snap_compare, replies, monkeypatch):
    monkeypatch.setenv("HOME", str(replies.parent))

    async def run_before(pilot) -> None:
        await select_file(pilot, "replies/bad_score.txt")
        screen = await open_fields(pilot)
        # what the picture shows: the table of the latest run filled in, the panel of the tree's file
        await wait_for(
            pilot,
            lambda: coverage_of(screen) == EXPECTED and panel_of(screen).startswith("replies/bad_score.txt"),
            what="the coverage table and the panel",
        )
        await settle(pilot)  # the table sizes its columns to the rows once it has nothing else to do

    assert snap_compare(make_app(replies), terminal_size=SIZE, run_before=run_before)


async def test_panel_loads_on_its_own_for_a_tab(replies):
    """FieldsPanel.load reads through the UI's Library, as a Fields tab next to Manifest would."""
    from textual.app import App

    from tui.library import Library

    library = Library(replies, replies / ".chunkscope" / "index.db")
    library.open()

    class PanelApp(App[None]):
        def compose(self):
            yield FieldsPanel()

    try:
        app = PanelApp()
        async with app.run_test(size=SIZE) as pilot:
            panel = app.query_one(FieldsPanel)
            await panel.load(library, "replies/clamped.txt")
            await pilot.pause()
            text = panel.text.plain
            # clamped.txt: score 42 clamped to the schema's max 10; tags [] present but empty.
            assert line_of(text, "score").split() == ["score", "EXTRACTED", "10"]
            assert line_of(text, "tags").split() == ["tags", "EXTRACTED", "[]"]
            assert "✔ strict gate passes" in text
            await panel.load(library, "replies/not-indexed.txt")
            assert "No result of schema review for this file" in panel.text.plain
    finally:
        library.close()


async def test_a_coverage_header_drawn_before_the_table_measured_its_rows_lines_up_with_them(replies):
    """A frame may be drawn between the rows going into the table and the table measuring them (on
    a busy machine it was); the header drawn then is the one the table keeps, so it must already be
    as wide as the rows. The widths, counted by hand: "verdict" (7) is the widest field name."""
    from textual.app import App
    from textual.widgets import DataTable

    from storage.fields import FieldStore
    from storage.store import Store
    from tui.screens.fields import COLUMNS, coverage_rows
    from tui.widgets.tables import fill_table

    with Store.open(replies / ".chunkscope" / "index.db", readonly=True) as store:
        fields = FieldStore(store)
        (run,) = fields.schemas()
        table, documents = fields.coverage(run.schema_hash)

    class TableApp(App[None]):
        def compose(self):
            yield DataTable()

    app = TableApp()
    async with app.run_test(size=SIZE) as pilot:
        grid = app.query_one(DataTable)
        grid.add_columns(*COLUMNS)  # as the fields screen mounts it, before a run is read
        await settle(pilot)
        fill_table(grid, COLUMNS, coverage_rows(table, documents))
        drawn_at_once = grid.render_line(0).text.rstrip()
        await settle(pilot)
        header = " field    extracted  defaulted  lost opt.  lost req.  malformed  n/a  usable"
        assert drawn_at_once == grid.render_line(0).text.rstrip() == header
        assert grid.render_line(1).text.rstrip() == (
            " verdict          3          0          0          1          0    0   75.0%"
        )


async def test_the_empty_fields_panel_wraps_its_hint_at_the_pane_s_edge(indexed_corpus):
    # no schema run stored: the hint's line ran past the pane's edge, cut after "of a schema f"
    from textual.widgets import TabbedContent

    from .conftest import opened

    for size in ((120, 40), (80, 24)):
        async with opened(indexed_corpus, "notes.md", size=size) as pilot:
            app = pilot.app
            app.main.query_one(TabbedContent).active = "fields"
            await settle(pilot)
            panel = app.main.query_one(FieldsPanel)
            text = panel.query_one("#fields-panel-text")
            assert text.region.right <= panel.scrollable_content_region.right, (text.region, panel.region)
            shown = " ".join(text.render_line(y).text.strip() for y in range(text.size.height))
            assert shown.endswith("from every indexed document of folder F."), shown
            assert RUN_HINT in shown, shown


async def test_a_run_over_one_document_says_document(tmp_path):
    # the title and the schema picker read '1 documents' for a folder of one reply
    root = tmp_path / "corpus"
    (root / "replies").mkdir(parents=True)
    (root / "replies" / "good.txt").write_text(REPLIES["good.txt"], encoding="utf-8")
    index(root)
    run_fields(root, SCHEMA)
    app = make_app(root)
    async with app.run_test(size=SIZE) as pilot:
        await select_file(pilot, "replies/good.txt")
        screen = await open_fields(pilot)
        title = str(screen.query_one("#fields-title").render())
        assert "review · 1 document · 0 failing the strict gate" in title, title
        picker = screen.query_one("#fields-schema")
        options = [str(prompt) for prompt, _value in picker._options if _value is not picker.BLANK]
        assert any("  ·  1 document  ·  " in option for option in options), options
