"""E-mail and Outlook .msg alike: a picture attached twice, or shown in the HTML body and attached
again, is one image, each of its places pointing at it; a picture the body shows takes the alt
text written there, not the name of the file it came as."""

from __future__ import annotations

import pytest

from indexer import extract, extract_bytes
from indexer.model import IMAGE, PARAGRAPH

from ._outlook import outlook_message
from .test_email_images import _png, _related

#: a picture of the message: its file name, its bytes, and its Content-ID when the body shows it
Picture = tuple[str, bytes, str | None]


def _eml(html: str, *pictures: Picture):
    """A multipart/related e-mail: the HTML body, then a part for each picture, inline when the
    body shows it, else attached."""
    parts = []
    for name, data, cid in pictures:
        shown = (
            f"Content-ID: <{cid}>\nContent-Disposition: inline" if cid else "Content-Disposition: attachment"
        )
        parts.append((f'Content-Type: image/png\n{shown}; filename="{name}"\n', data))
    return extract_bytes(_related(html, *parts), "pictures.eml")


def _msg(html: str, *pictures: Picture):
    """An Outlook message of the HTML body, each picture attached (with its Content-ID when the
    body shows it)."""
    attachments = [(name, data, "image/png", cid) for name, data, cid in pictures]
    return extract(outlook_message("Pictures", attachments=attachments, html=html), filename="pictures.msg")


READERS = pytest.mark.parametrize("read", [_eml, _msg], ids=["eml", "msg"])
RED, BLUE = _png((255, 0, 0)), _png((0, 0, 255))


@READERS
def test_a_picture_attached_twice_under_two_names_is_one_image(read):
    doc = read("<p>The chart.</p>", ("chart.png", RED, None), ("chart copy.png", RED, None))
    assert [(im.name, im.data, im.alt) for im in doc.images] == [("chart.png", RED, "chart.png")]
    assert doc.coverage.images_extracted == 1
    # each place keeps the name it was sent under, both pointing at the one image
    assert [(b.text, b.images) for b in doc.blocks if b.kind == IMAGE] == [
        ("[Image: chart.png]", ("chart.png",)),
        ("[Image: chart copy.png]", ("chart.png",)),
    ]


@READERS
def test_a_picture_shown_in_the_body_and_attached_again_is_one_image(read):
    doc = read(
        '<p>Our logo:</p><img src="cid:logo@x" alt="Logo">',
        ("logo.png", RED, "logo@x"),
        ("logo-print.png", RED, None),
        ("other.png", BLUE, None),
    )
    assert [(im.name, im.data) for im in doc.images] == [("logo.png", RED), ("other.png", BLUE)]
    assert doc.coverage.images_extracted == 2
    # the body shows the inline picture where its <img> stands; the copy attached again keeps its
    # place after the body
    assert [(b.text, b.images) for b in doc.blocks if b.kind == IMAGE] == [
        ("[Image: Logo]", ("logo.png",)),
        ("[Image: logo-print.png]", ("logo.png",)),
        ("[Image: other.png]", ("other.png",)),
    ]
    assert doc.image("logo.png").alt == "Logo"  # the body's, where the picture is first shown


@READERS
def test_a_picture_shown_in_the_body_takes_the_alt_text_written_there(read):
    doc = read(
        '<p>Our logo:</p><img src="cid:logo@x" alt="Logo">',
        ("logo.png", RED, "logo@x"),
        ("other.png", BLUE, None),
    )
    assert [(im.name, im.alt) for im in doc.images] == [("logo.png", "Logo"), ("other.png", "other.png")]


@READERS
def test_a_picture_shown_by_a_percent_escaped_cid_url_is_placed_there(read):
    # RFC 2392 writes a Content-ID's "@" as %40 in a cid: URL; an Outlook message matched the URL
    # as written, so its <img> pointed at nothing and the picture was listed after the body
    doc = read(
        '<p>Our logo:</p><img src="cid:Logo%40X" alt="Logo"><p>Regards.</p>',
        ("logo.png", RED, "logo@x"),
    )
    assert [(b.kind, b.text, b.images) for b in doc.blocks[-3:]] == [
        (PARAGRAPH, "Our logo:", ()),
        (IMAGE, "[Image: Logo]", ("logo.png",)),
        (PARAGRAPH, "Regards.", ()),
    ]
    assert [(im.name, im.data, im.alt) for im in doc.images] == [("logo.png", RED, "Logo")]
