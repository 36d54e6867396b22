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


STOCK_XML = (
    b'<?xml version="1.0" encoding="UTF-8"?>\n'
    b"<stock>\n"
    b'  <item sku="A-17">Copper wire, 40 m</item>\n'
    b"</stock>\n"
)
DOT_SVG = b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>\n'


def test_an_xml_attachment_is_text_not_a_picture():
    # an XML file starts as an SVG picture may (<?xml): only one whose root element is <svg> is
    # a picture; the others are read as text, as an e-mail's text/xml attachment is
    msg = _message("Stock", body="Today's stock.")
    msg.add_attachment("stock.xml", STOCK_XML, mime_type="text/xml")
    msg.add_attachment("dot.svg", DOT_SVG, mime_type="application/octet-stream")
    doc = extract(msg.to_bytes(), filename="stock.msg")
    assert [b.text for b in doc.blocks][-2:] == [
        "Attachment: stock.xml",
        '<?xml version="1.0" encoding="UTF-8"?>\n<stock>\n  <item sku="A-17">Copper wire, 40 m</item>\n</stock>',
    ]
    assert doc.coverage.attachments_indexed == ("stock.xml",)
    assert doc.images == ()
    assert [(s.what, s.name, s.reason) for s in doc.coverage.skipped] == [
        ("image", "dot.svg", "SVG is not a web raster (png, jpeg, gif, webp)")
    ]


def test_a_text_file_starting_as_a_bitmap_does_is_text():
    # "BM" is also the mark of a BMP picture: a text attachment is not taken for one by it
    msg = _message("Fleet", body="The list.")
    msg.add_attachment("fleet.txt", b"BMW 320d: 3 cars\r\nAudi A4: 2 cars\r\n", mime_type="text/plain")
    doc = extract(msg.to_bytes(), filename="fleet.msg")
    assert [b.text for b in doc.blocks][-2:] == ["Attachment: fleet.txt", "BMW 320d: 3 cars\nAudi A4: 2 cars"]
    assert doc.coverage.skipped == ()
