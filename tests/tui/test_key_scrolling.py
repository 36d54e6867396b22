"""Home, End and the page keys move a long view at once: Textual's default glides there over up
to a second (End on a 30,000-row source text answered after 1 s)."""

from __future__ import annotations

from tui.screens.help import HelpScreen
from tui.widgets.manifest_panel import ManifestPanel
from tui.widgets.source_view import SourceView

from .conftest import index, opened, settle, wait_for

# 400 sections of a heading and a paragraph of 12 numbered sentences: 1,600 source lines
SECTIONS = 400


def long_markdown() -> str:
    parts = ["# Long document\n"]
    for i in range(1, SECTIONS + 1):
        sentences = " ".join(f"Sentence {j} of section {i} reads plainly." for j in range(1, 13))
        parts.append(f"## Section {i}\n\n{sentences}\n")
    return "\n".join(parts)


async def scroll_key(pilot, view, key: str, row: float) -> None:
    """Press ``key`` as a terminal sends it (``pilot.press`` would wait out any glide) and check
    that ``view`` is at ``row`` once it has moved there, with no animation still running."""
    app = pilot.app
    app.simulate_key(key)
    await wait_for(pilot, lambda: view.scroll_target_y == row, what=f"{key} taken")
    assert not app.animator.is_being_animated(view, "scroll_y"), key
    assert view.scroll_y == row, key


async def test_end_home_and_page_keys_land_without_a_glide(tmp_path):
    (tmp_path / "long.md").write_text(long_markdown(), encoding="utf-8")
    index(tmp_path)
    async with opened(tmp_path, "long.md", tab="s") as pilot:
        app = pilot.app
        view = app.main.query_one(SourceView)
        await wait_for(pilot, lambda: view.rows, what="the source text")
        view.focus()
        await settle(pilot)
        assert view.max_scroll_y > 1000  # wrapped rows: far more than one screen
        page = view.scrollable_content_region.height

        await scroll_key(pilot, view, "end", view.max_scroll_y)
        # the last line of the text is on screen: "## Section 400" and its paragraph
        assert view.rows[-1][0] == len(view.lines) - 1
        assert view.lines[-3] == f"## Section {SECTIONS}"

        await scroll_key(pilot, view, "pageup", view.max_scroll_y - page)

        await scroll_key(pilot, view, "home", 0)

        await scroll_key(pilot, view, "pagedown", page)
        await scroll_key(pilot, view, "pagedown", 2 * page)
        await scroll_key(pilot, view, "down", 2 * page + 1)


async def test_the_manifest_and_help_scroll_at_once_too(tmp_path):
    (tmp_path / "long.md").write_text(long_markdown(), encoding="utf-8")
    index(tmp_path)
    async with opened(tmp_path, "long.md", tab="m", size=(80, 16)) as pilot:
        app = pilot.app
        panel = app.main.query_one(ManifestPanel)
        panel.focus()
        await settle(pilot)
        assert panel.max_scroll_y > 0  # the manifest is longer than 16 rows
        await scroll_key(pilot, panel, "end", panel.max_scroll_y)

        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), what="the help screen")
        box = app.screen.query_one("#help-box")
        box.focus()
        await settle(pilot)
        assert box.max_scroll_y > 0
        await scroll_key(pilot, box, "end", box.max_scroll_y)
