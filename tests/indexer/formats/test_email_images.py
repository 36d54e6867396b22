"""E-mail: images a body refers to by Content-Location (MHTML) or by cid (a picture sent twice, as
for an Outlook message: test_mail_pictures)."""

from __future__ import annotations

import base64
import io

from indexer.formats.email import extract_eml
from indexer.model import IMAGE

from ._text_helpers import CTX


def _png(colour: tuple[int, int, int]) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (8, 4), colour).save(out, "PNG")
    return out.getvalue()


def _related(html: str, *images: tuple[str, bytes]) -> bytes:
    """A multipart/related message: the HTML first, then image parts with the given headers."""
    parts = [b'Content-Type: text/html; charset="utf-8"\n\n' + html.encode()]
    for headers, data in images:
        parts.append(headers.encode() + b"Content-Transfer-Encoding: base64\n\n" + base64.encodebytes(data))
    body = b"".join(b"--rel\n" + p + b"\n" for p in parts) + b"--rel--\n"
    return b'From: a@example.org\nSubject: Page\nContent-Type: multipart/related; boundary="rel"\n\n' + body


def test_images_referenced_by_content_location_are_placed_in_the_body():
    red, blue = _png((255, 0, 0)), _png((0, 0, 255))
    raw = _related(
        '<p>abc</p><img src="image1"><p>def</p><img src="http://example.org/b.png" alt="Blue">',
        ("Content-Type: image/png\nContent-Location: image1\n", red),
        ("Content-Type: image/png\nContent-Location: http://example.org/b.png\n", blue),
    )
    doc = extract_eml(raw, CTX)
    body = [(b.kind, b.text, b.images) for b in doc.blocks[2:]]
    assert body == [
        ("paragraph", "abc", ()),
        (IMAGE, "[Image: msg1_image_1.png]", ("msg1_image_1.png",)),
        ("paragraph", "def", ()),
        (IMAGE, "[Image: Blue]", ("msg1_image_2.png",)),
    ]
    assert {im.name: im.data for im in doc.images} == {"msg1_image_1.png": red, "msg1_image_2.png": blue}
    assert doc.metadata["attachment_count"] == 0  # parts of the page, not attachments


def test_an_image_shown_by_cid_without_alt_text_is_labelled_with_its_name():
    raw = _related(
        '<p>signed</p><img src="cid:sig@example.org">',
        ('Content-Type: image/png; name="SIG.PNG"\nContent-ID: <sig@example.org>\n', _png((0, 0, 0))),
    )
    doc = extract_eml(raw, CTX)
    (image,) = [b for b in doc.blocks if b.kind == IMAGE]
    assert (image.text, image.images) == ("[Image: SIG.PNG]", ("SIG.PNG",))


def test_mhtml_image_in_a_real_message(real_world):
    # the HTML: <img src="image1" alt=""> then <p>def</p>; the only image part has
    # Content-Location: image1 and no Content-ID (it was a bare placeholder plus the image again)
    doc = extract_eml((real_world / "eml" / "MimeKit" / "multipart-related-mhtml.eml").read_bytes(), CTX)
    assert [(b.kind, b.text, b.images) for b in doc.blocks[1:]] == [
        (IMAGE, "[Image: msg1_image_1.png]", ("msg1_image_1.png",)),
        ("paragraph", "def", ()),
    ]
    assert [(im.name, im.width, im.height) for im in doc.images] == [("msg1_image_1.png", 400, 78)]
    assert doc.metadata["attachment_count"] == 0


def test_content_locations_and_cids_are_matched_as_urls():
    # RFC 2557: a relative src is resolved against the page's own Content-Location; scheme and
    # host are matched in any case, %-escapes decoded, a #fragment ignored, quotes around the
    # header dropped; RFC 2392: a cid: URL is %-escaped, and mailers differ in its case
    red, green, blue = _png((255, 0, 0)), _png((0, 255, 0)), _png((0, 0, 255))
    raw = _related(
        '<p>abc</p><img src="images/logo big.png"><p>def</p><img src="CID:Sig%40Example.org" alt="Sig">'
        '<p>ghi</p><img src="HTTP://Example.ORG/b.png#top" alt="Blue">',
        ("Content-Type: image/png\nContent-Location: http://example.org/images/logo%20big.png\n", red),
        ("Content-Type: image/png\nContent-ID: <sig@example.org>\n", green),
        ('Content-Type: image/png\nContent-Location: "http://example.org/b.png"\n', blue),
    ).replace(b'charset="utf-8"\n', b'charset="utf-8"\nContent-Location: http://example.org/page.html\n')
    doc = extract_eml(raw, CTX)
    assert [(b.kind, b.text, b.images) for b in doc.blocks[2:]] == [
        ("paragraph", "abc", ()),
        (IMAGE, "[Image: msg1_image_1.png]", ("msg1_image_1.png",)),
        ("paragraph", "def", ()),
        (IMAGE, "[Image: Sig]", ("msg1_image_2.png",)),
        ("paragraph", "ghi", ()),
        (IMAGE, "[Image: Blue]", ("msg1_image_3.png",)),
    ]
    # a base given by the multipart/related's Content-Base (RFC 2110) serves as well
    raw = _related(
        '<p>abc</p><img src="logo.png">',
        ("Content-Type: image/png\nContent-Location: http://example.org/a/logo.png\n", red),
    ).replace(
        b"Content-Type: multipart/related;",
        b"Content-Base: http://example.org/a/\nContent-Type: multipart/related;",
    )
    assert [b.images for b in extract_eml(raw, CTX).blocks[2:]] == [(), ("msg1_image_1.png",)]
