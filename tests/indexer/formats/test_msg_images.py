"""Outlook .msg: an attachment that starts as a picture may (``<?xml``, ``BM``) is one only when it
is (a picture sent twice, as for e-mail: test_mail_pictures)."""

from __future__ import annotations

from indexer import extract

from ._outlook import outlook_message

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
    msg = outlook_message(
        "Stock",
        "Today's stock.",
        [("stock.xml", STOCK_XML, "text/xml"), ("dot.svg", DOT_SVG, "application/octet-stream")],
    )
    doc = extract(msg, filename="stock.msg")
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
    msg = outlook_message(
        "Fleet", "The list.", [("fleet.txt", b"BMW 320d: 3 cars\r\nAudi A4: 2 cars\r\n", "text/plain")]
    )
    doc = extract(msg, filename="fleet.msg")
    assert [b.text for b in doc.blocks][-2:] == ["Attachment: fleet.txt", "BMW 320d: 3 cars\nAudi A4: 2 cars"]
    assert doc.coverage.skipped == ()
