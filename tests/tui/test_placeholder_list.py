"""The Images tab's list of placeholders draws only the rows in view: a document of hundreds of
image placeholders had every one of its lines wrapped and drawn each time the tab opened."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len
from textual.content import Content

from tui.widgets.images_panel import ImagesPanel

from .conftest import index, settle
from .test_app import make_app, open_file

FIGURES = 400
#: a caption with Chinese (two cells a character), so that rows are cut by cells
CAPTION = "Tide pool at station {n}, 北京潮池 north side"


def gallery() -> str:
    parts = ["# Gallery\n"]
    for n in range(FIGURES):
        parts.append(
            f"Figure {n} shows the pool of station {n} from the north.\n\n![{CAPTION.format(n=n)}](p{n}.png)\n"
        )
    return "\n".join(parts)


@pytest.fixture
def corpus(tmp_path):
    root = tmp_path / "corpus"
    root.mkdir()
    (root / "gallery.md").write_text(gallery(), encoding="utf-8")
    return index(root)


def stations(texts) -> set[int]:
    return {int(n) for text in texts for n in re.findall(r"station (\d+),", text)}


def hanging(text: str, width: int) -> list[str]:
    """``text`` wrapped at ``width`` cells, a line's leading spaces indenting each of its rows."""
    rows = []
    for line in text.split("\n"):
        indent = len(line) - len(line.lstrip(" "))
        if cell_len(line) <= width:
            rows.append(line.rstrip())
            continue
        parts = Content(line[indent:]).wrap(width - indent)
        rows += [" " * indent + part.plain.rstrip() for part in parts]
    return rows


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_the_placeholder_list_draws_the_rows_in_view_as_the_whole_text_wraps(corpus, size, monkeypatch):
    drawn: list[str] = []
    render = Content.render

    def spy(self, *args, **kwargs):
        drawn.append(self.plain)
        return render(self, *args, **kwargs)

    monkeypatch.setattr(Content, "render", spy)
    app = make_app(corpus)
    async with app.run_test(size=size) as pilot:
        await open_file(pilot, "gallery.md")
        drawn.clear()
        await pilot.press("i")
        await settle(pilot)
        panel = app.main.query_one(ImagesPanel)
        shown = panel.query_one("#placeholders-text")
        height = shown.scrollable_content_region.height
        # every placeholder is in the list, in order: the text the list holds and shows
        text = shown.render().plain
        assert text.startswith(f"Placeholders ({FIGURES})\n"), text[:40]
        assert sorted(stations([text])) == list(range(FIGURES))
        # each entry takes three lines or more (where, excerpt, blank): a screen holds few of
        # them, and only those were drawn (the panel is the screen's height at most), not the 400
        # (the rows joined: at 80 columns "station 0," is cut between two rows)
        seen = stations([" ".join(drawn)])
        assert seen and max(seen) < panel.size.height, sorted(seen)

        def screen_rows() -> list[str]:
            return [shown.render_line(y).text.rstrip() for y in range(height)]

        # the rows shown are the text wrapped at the list's width, from where it is scrolled to
        width = shown.scrollable_content_region.width
        wrapped = hanging(text, width)
        assert len(wrapped) == shown.virtual_size.height
        for y in (0, 5, len(wrapped) // 2 + 1, len(wrapped) - height):
            shown.scroll_to(y=y, animate=False, immediate=True)
            await settle(pilot)
            assert shown.scroll_y == y
            rows = screen_rows()
            assert rows == wrapped[y : y + height], y
            assert all(cell_len(row) <= width for row in rows)
        # the last placeholder is reached by scrolling
        assert f"station {FIGURES - 1}," in " ".join(" ".join(screen_rows()).split())


async def test_the_placeholder_list_takes_the_focus_and_scrolls_by_keys(corpus):
    # as the scrolling container it replaces did: a click or tab focuses it, page keys scroll it
    app = make_app(corpus)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_file(pilot, "gallery.md")
        await pilot.press("i")
        await settle(pilot)
        shown = app.main.query_one(ImagesPanel).query_one("#placeholders-text")
        await pilot.click(shown)
        await settle(pilot)
        assert app.focused is shown
        await pilot.press("pagedown")
        await settle(pilot)
        assert shown.scroll_y == shown.scrollable_content_region.height
        await pilot.press("end")
        await settle(pilot)
        assert shown.scroll_y == shown.max_scroll_y > 0


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_an_excerpt_wrapped_over_several_rows_keeps_its_indent(corpus, size):
    # each placeholder: its place, then its excerpt indented by two spaces; the rows the excerpt
    # wrapped onto began at the list's edge, under the place, as if they were a place of their own
    app = make_app(corpus)
    async with app.run_test(size=size) as pilot:
        await open_file(pilot, "gallery.md")
        await pilot.press("i")
        await settle(pilot)
        shown = app.main.query_one(ImagesPanel).query_one("#placeholders-text")
        rows = [shown.render_line(y).text.rstrip() for y in range(shown.scrollable_content_region.height)]
    # the first entry: "line 5 image" (the picture of figure 0 is on line 5 of gallery.md), then
    # its excerpt, the image's marker with the caption, wrapped at both sizes
    assert rows[2] == "line 5 image", rows
    excerpt = rows[3 : rows.index("", 3)]
    assert len(excerpt) > 1, excerpt
    assert all(row.startswith("  ") and row[2] != " " for row in excerpt), excerpt
    words = " ".join(row.strip() for row in excerpt)
    assert words == '"[Image: Tide pool at station 0, 北京潮池 north side]"', excerpt
