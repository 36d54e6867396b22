"""Pilot tests of the Images tab on documents written here and indexed for real."""

from __future__ import annotations

import base64

from textual.geometry import Region

from indexer.model import DOCUMENT
from indexer.modes import registry as modes
from tests._builders import png as png_bytes
from tui.widgets.images_panel import ImageCard, ImagesPanel

from .conftest import NARROW, index, opened, settle


def png(size: tuple[int, int], colour: tuple[int, int, int]) -> str:
    """A ``data:`` URI of a plain PNG picture."""
    return "data:image/png;base64," + base64.b64encode(png_bytes(size, colour)).decode()


def shown(widget) -> str:
    return str(widget.render())


async def test_names_alt_text_and_skips_that_look_like_markup_are_shown_as_written(tmp_path):
    root = tmp_path / "corpus"
    root.mkdir()
    # pictures (data: URIs, extracted) and an icon (skipped), their texts full of square brackets;
    # three pictures in a row, so that in section mode the text shown around the first marker ends
    # inside the third one, an open bracket, before the next section's placeholder
    # (the second and third are the same picture, one card)
    tide, pier, weir = png((30, 40), (30, 30, 200)), png((20, 20), (0, 0, 0)), png((40, 30), (200, 30, 30))
    (root / "gauges.html").write_text(
        "<html><body><h1>Gauges [b]old[/b]</h1><h2>Tides</h2>"
        f"<p>Tide gauges: <img src='{tide}' alt='north gauge [i]'> <img src='{pier}' alt='south [/]'>"
        f" <img src='{pier}' alt='the pier [bold from the sea'> [/]</p>"
        "<h2>Weir</h2><p>The reading [/] at the weir, shown below.</p>"
        f"<p><img src='{weir}' alt='Weir gauge [/] at [bold low water'></p>"
        "<p><img src='[bold]flag.png' width='22' height='15'> Tide readings of the stations.</p>"
        "</body></html>",
        encoding="utf-8",
    )
    index(root)
    async with opened(root, "gauges.html", tab="i") as pilot:
        app = pilot.app
        panel = app.main.query_one(ImagesPanel)
        for number, mode in enumerate(modes.modes_for(DOCUMENT), 1):
            await pilot.press(str(number))
            await settle(pilot)
            assert app.main.mode == mode
            placeholders = shown(panel.query_one("#placeholders-text"))
            assert "[Image: Weir gauge [/] at [bold low water]" in placeholders, (mode, placeholders)
            assert "[Image: north gauge [i]]" in placeholders, (mode, placeholders)
            if mode == "section":  # the Tides section: its text shown ends inside its third marker
                assert '[Image: south [/]] [Image: the pier [bold from the s…"' in placeholders
            cards = list(panel.query(ImageCard))
            alts = [c.image.alt for c in cards]
            assert alts == ["north gauge [i]", "south [/]", "Weir gauge [/] at [bold low water"]
            meta = shown(cards[2].query_one(".image-meta"))
            assert meta.startswith(cards[2].image.name + "  PNG 40×30")
            assert "alt: Weir gauge [/] at [bold low water · used by " in meta, (mode, meta)
            assert all(c.query(".image-view") for c in cards)
            skipped = shown(panel.query_one(".images-skipped"))
            assert skipped == "Skipped (1)\n  [bold]flag.png: icon (22×15)", (mode, skipped)


async def test_a_document_of_many_images_mounts_its_cards_as_they_come_into_view(tmp_path):
    root = tmp_path / "corpus"
    root.mkdir()
    count = 30
    pictures = "".join(
        f"<h2>Gauge {i}</h2><p><img src='{png((40, 30), (i * 8, 100, 200 - i * 6))}' alt='gauge {i}'></p>"
        for i in range(count)
    )
    (root / "gauges.html").write_text(
        f"<html><body><h1>Gauges</h1>{pictures}"
        "<p><img src='flag.png' width='22' height='15'> Tide readings of the stations.</p></body></html>",
        encoding="utf-8",
    )
    index(root)
    async with opened(root, "gauges.html", tab="i") as pilot:
        app = pilot.app
        panel = app.main.query_one(ImagesPanel)
        right = panel.query_one("#extracted")
        cards = list(panel.query(ImageCard))
        # the first batch, then a line standing for the rest; the skipped icon comes after the last
        assert [c.image.alt for c in cards] == [f"gauge {i}" for i in range(ImagesPanel.BATCH)]
        assert shown(panel.query_one(".images-more")) == f"… {count - ImagesPanel.BATCH} more images"
        assert not panel.query(".images-skipped")
        # pictures are drawn on screen and a screen ahead of it, not further
        assert cards[0].query(".image-view") and not cards[0].query(".image-pending")
        assert cards[-1].query(".image-pending") and not cards[-1].query(".image-view")
        assert cards[-1].region.y > right.region.bottom + right.region.height
        # scrolling down brings the rest, a batch at a time, each drawn once near the view
        for _ in range(10):
            right.scroll_end(animate=False)
            await settle(pilot)
            if not panel.query(".images-more"):
                break
        right.scroll_end(animate=False)  # down to the last card, mounted a batch ago
        await settle(pilot)
        cards = list(panel.query(ImageCard))
        assert [c.image.alt for c in cards] == [f"gauge {i}" for i in range(count)]
        assert not panel.query(".images-more")
        assert shown(panel.query_one(".images-skipped")) == "Skipped (1)\n  flag.png: icon (22×15)"
        assert cards[-1].query(".image-view") and cards[-1].used == 1
        # another mode of the same document keeps the cards (and their pictures), its counts its own
        await pilot.press(str(modes.modes_for(DOCUMENT).index("sliding_window") + 1))
        await settle(pilot)
        assert list(panel.query(ImageCard)) == cards and cards[-1].query(".image-view")
        assert cards[-1].used == 2 and "used by 2 chunks" in shown(cards[-1].query_one(".image-meta"))


async def test_linked_images_are_told_apart_from_a_document_without_any(tmp_path):
    root = tmp_path / "corpus"
    root.mkdir()
    # a Markdown page linking one picture (its file keeps no image: nothing to extract or skip),
    # and one that names none
    (root / "linked.md").write_text(
        "# Tides\n\n![Tide chart](https://example.org/chart.png)\n\nReadings of the week.\n", encoding="utf-8"
    )
    (root / "plain.md").write_text("# Tides\n\nReadings of the week.\n", encoding="utf-8")
    index(root)
    async with opened(root, "linked.md", tab="i") as pilot:
        panel = pilot.app.main.query_one(ImagesPanel)
        assert "[Image: Tide chart]" in shown(panel.query_one("#placeholders-text"))
        right = [shown(w) for w in panel.query("#extracted Static")]
        assert right == [
            "Extracted (0)",
            "no image stored in this file: its placeholders stand for images it links to",
        ], right
    async with opened(root, "plain.md", tab="i") as pilot:
        panel = pilot.app.main.query_one(ImagesPanel)
        assert [shown(w) for w in panel.query("#extracted Static")] == [
            "Extracted (0)",
            "no images in this document",
        ]


async def test_at_80_columns_a_card_s_name_reads_as_one_piece(tmp_path):
    # at 80 columns a card's column is 19 cells; a name of 20 ("ffc34d0a24ceb154.png") was broken
    # over two lines ("ffc34d0a24ceb154.pn" / "g"): it is shortened in its middle instead
    root = tmp_path / "corpus"
    root.mkdir()
    (root / "gauge.html").write_text(
        f"<html><body><h1>Gauge</h1><p><img src='{png((40, 30), (30, 30, 200))}' alt='gauge'></p></body></html>",
        encoding="utf-8",
    )
    index(root)
    async with opened(root, "gauge.html", size=NARROW, tab="i") as pilot:
        card = pilot.app.main.query_one(ImagesPanel).query_one(ImageCard)
        name = card.image.name
        meta = card.query_one(".image-meta")
        width = meta.content_region.width
        assert len(name) > width, (name, width)  # the case in point: the name is wider than the column
        drawn = [line.text.rstrip() for line in meta.render_lines(Region(0, 0, width, meta.size.height))]
        # the start and the end (the extension) of the name on its first line, "…" between them;
        # the format and size follow on the next line, whole
        head = drawn[0]
        assert head.startswith(name[:6]) and head.endswith(name[-8:]) and "…" in head, drawn
        assert len(head) <= width, drawn
        assert drawn[1].startswith("PNG 40×30  "), drawn
        # with room, the whole name
        await pilot.resize_terminal(160, 40)
        await settle(pilot)
        assert meta.render_lines(Region(0, 0, meta.content_region.width, 1))[0].text.startswith(
            name + "  PNG 40×30"
        )
