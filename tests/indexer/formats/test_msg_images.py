"""Outlook .msg: a picture attached twice, or shown in the HTML body and attached again, is one
image, each of its places pointing at it (as for e-mail)."""

from __future__ import annotations

import io

from indexer import extract
from indexer.model import IMAGE


def _png(colour: tuple[int, int, int]) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (8, 4), colour).save(out, "PNG")
    return out.getvalue()


def _message(subject: str, **body: str):
    from aspose.email_foss.msg import MapiMessage

    msg = MapiMessage.create(subject)
    msg.message_class = "IPM.Note"
    for key, value in body.items():
        setattr(msg, key, value)
    return msg


def test_a_picture_attached_twice_under_two_names_is_one_image():
    red = _png((255, 0, 0))
    msg = _message("Charts", body="The chart.")
    msg.add_attachment("chart.png", red, mime_type="image/png")
    msg.add_attachment("chart copy.png", red, mime_type="image/png")
    doc = extract(msg.to_bytes(), filename="charts.msg")
    assert [(im.name, im.data, im.alt) for im in doc.images] == [("chart.png", red, "chart.png")]
    assert doc.coverage.images_extracted == 1
    # each place keeps the name it was attached under, both pointing at the one image
    assert [(b.text, b.images) for b in doc.blocks if b.kind == IMAGE] == [
        ("[Image: chart.png]", ("chart.png",)),
        ("[Image: chart copy.png]", ("chart.png",)),
    ]


def test_a_picture_shown_in_the_body_and_attached_again_is_one_image():
    red, blue = _png((255, 0, 0)), _png((0, 0, 255))
    msg = _message("Logo", body_html='<p>Our logo:</p><img src="cid:logo@x" alt="Logo">')
    msg.add_attachment("logo.png", red, mime_type="image/png", content_id="logo@x")
    msg.add_attachment("logo-print.png", red, mime_type="image/png")
    msg.add_attachment("other.png", blue, mime_type="image/png")
    doc = extract(msg.to_bytes(), filename="logo.msg")
    assert [(im.name, im.data) for im in doc.images] == [("logo.png", red), ("other.png", blue)]
    assert doc.coverage.images_extracted == 2
    # the body shows the inline attachment where its <img> stands; the copy attached again keeps
    # its place after the body
    assert [(b.text, b.images) for b in doc.blocks if b.kind == IMAGE] == [
        ("[Image: Logo]", ("logo.png",)),
        ("[Image: logo-print.png]", ("logo.png",)),
        ("[Image: other.png]", ("other.png",)),
    ]


def test_a_picture_shown_in_the_body_takes_the_alt_text_written_there():
    # as for e-mail: the body's <img alt="Logo"> names the picture, not the file it was attached as
    red, blue = _png((255, 0, 0)), _png((0, 0, 255))
    msg = _message("Logo", body_html='<p>Our logo:</p><img src="cid:logo@x" alt="Logo">')
    msg.add_attachment("logo.png", red, mime_type="image/png", content_id="logo@x")
    msg.add_attachment("other.png", blue, mime_type="image/png")
    doc = extract(msg.to_bytes(), filename="logo.msg")
    assert [(im.name, im.alt) for im in doc.images] == [("logo.png", "Logo"), ("other.png", "other.png")]
