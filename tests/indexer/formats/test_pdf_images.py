"""Which images of a PDF are extracted: strips and icon-sized fragments are left out and counted,
an image drawn on many pages (a template's banner) is kept once, and a page of many small images
(a chart drawn as tiles) gives none. The PDFs are drawn here with reportlab and Pillow, so every
image's size and every page it is on are known."""

from __future__ import annotations

import io

from PIL import Image as PILImage
from PIL import ImageDraw
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen import canvas

from indexer import extract
from indexer.formats.pdf import FRAGMENT_REASON, TILES_REASON
from indexer.model import IMAGE


def _png(width: int, height: int, seed: int) -> ImageReader:
    image = PILImage.new("RGB", (width, height), (seed * 37 % 256, 90, 160))
    draw = ImageDraw.Draw(image)
    draw.line((0, 0, width - 1, height - 1), fill=(seed % 256, 20, 20))
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    return ImageReader(io.BytesIO(buf.getvalue()))


def _pdf(pages) -> bytes:
    """``pages``: for each page, a list of (image, x, y, width, height) drawn under a line of text."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    for n, drawn in enumerate(pages, start=1):
        c.setFont("Helvetica", 11)
        c.drawString(72, 780, f"Page {n} of the sample deck, with its text.")
        for image, x, y, w, h in drawn:
            c.drawImage(image, x, y, width=w, height=h)
        c.showPage()
    c.save()
    return buf.getvalue()


def test_strips_and_icon_sized_fragments_are_left_out_and_counted():
    photo = _png(200, 120, 1)
    pdf = _pdf(
        [
            [
                (photo, 72, 500, 200, 120),
                (_png(7, 1, 2), 72, 480, 70, 2),  # a 7×1 strip (a gradient's band)
                (_png(300, 4, 3), 72, 470, 300, 4),  # a rule drawn as an image
                (_png(16, 16, 4), 300, 480, 16, 16),  # an icon-sized fragment
            ]
        ]
    )
    doc = extract(pdf, filename="strips.pdf", image_data=True)
    assert [(i.name, i.width, i.height) for i in doc.images] == [("image_p1_1.png", 200, 120)]
    assert [b.images for b in doc.blocks if b.kind == IMAGE] == [("image_p1_1.png",)]
    assert [(s.name, s.reason) for s in doc.coverage.skipped] == [("page 1 (3 images)", FRAGMENT_REASON)]


def test_an_image_on_many_pages_is_kept_once_and_one_on_two_pages_is_one_image():
    banner, logo = _png(400, 40, 5), _png(120, 90, 6)
    pdf = _pdf(
        [
            [(banner, 72, 700, 400, 40), (logo, 72, 500, 120, 90)],
            [(banner, 72, 700, 400, 40)],
            [(banner, 72, 700, 400, 40), (logo, 72, 500, 120, 90)],
            [(banner, 72, 700, 400, 40)],
        ]
    )
    doc = extract(pdf, filename="deck.pdf", image_data=True)
    # the banner (on 4 pages) once, at its first use; the logo (on 2 pages) one image, two blocks
    assert [i.name for i in doc.images] == ["image_p1_1.png", "image_p1_2.png"]
    assert [(b.page, b.images) for b in doc.blocks if b.kind == IMAGE] == [
        (1, ("image_p1_1.png",)),
        (1, ("image_p1_2.png",)),
        (3, ("image_p1_2.png",)),
    ]
    assert [(s.name, s.reason) for s in doc.coverage.skipped] == [
        ("image_p1_1.png (3 more uses)", "the same image on 4 pages (page decoration): kept at its first use")
    ]
    assert doc.coverage.images_extracted == 2


def test_a_page_of_many_small_images_gives_none():
    tiles = [(_png(40, 40, k), 40 + 45 * (k % 12), 100 + 45 * (k // 12), 40, 40) for k in range(60)]
    doc = extract(_pdf([tiles]), filename="chart.pdf", image_data=True)
    assert doc.images == ()
    assert not [b for b in doc.blocks if b.kind == IMAGE]
    assert [(s.name, s.reason) for s in doc.coverage.skipped] == [("page 1 (60 images)", TILES_REASON)]


def test_the_real_deck_and_chart_pages(real_world):
    deck = extract(
        real_world
        / "pdf"
        / "kreuzberg"
        / "100_g_networking_technology_overview_slides_toronto_august_2016.pdf"
    )
    # the template's wave banner (958×69) is drawn on 23 slides: one image, one block
    banners = [i for i in deck.images if (i.width, i.height) == (958, 69)]
    assert len(banners) == 1
    assert sum(1 for b in deck.blocks if b.kind == IMAGE and b.images == (banners[0].name,)) == 1
    chelsea = extract(real_world / "pdf" / "pdfplumber" / "chelsea_pdta.pdf")
    # p. 21: three charts drawn as hundreds of small images
    assert not [b for b in chelsea.blocks if b.kind == IMAGE and b.page == 21]
    assert any(s.name.startswith("page 21 (") and s.reason == TILES_REASON for s in chelsea.coverage.skipped)
