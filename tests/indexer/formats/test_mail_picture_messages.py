"""A picture met in several messages of a file (a logo attached to each message of a mailbox, a
picture of a message and of the one it forwards, of an Outlook message and of those embedded in
it) is one image, kept under the ``message_index`` of the first; its ``message_indexes`` lists
every message that shows it. Built files."""

from __future__ import annotations

import base64

from indexer import extract_bytes
from indexer.model import IMAGE

from ._outlook import outlook_message
from .test_email_images import _png

LOGO = _png((200, 30, 30))
OTHER = _png((30, 30, 200))


def _message(subject: str, picture: bytes, name: str) -> bytes:
    return (
        (
            f"From: a@example.org\nSubject: {subject}\n"
            'Content-Type: multipart/mixed; boundary="b"\n\n'
            "--b\nContent-Type: text/plain\n\nSee the picture.\n"
            f'--b\nContent-Type: image/png\nContent-Disposition: attachment; filename="{name}"\n'
            "Content-Transfer-Encoding: base64\n\n"
        ).encode()
        + base64.encodebytes(picture)
        + b"--b--\n"
    )


def test_a_picture_attached_to_two_messages_of_a_mailbox_lists_both():
    mbox = b"".join(
        b"From a@example.org Mon Jan  5 10:00:00 2026\n" + _message(subject, picture, name) + b"\n"
        for subject, picture, name in (
            ("One", LOGO, "logo.png"),
            ("Two", OTHER, "chart.png"),
            ("Three", LOGO, "logo-copy.png"),
        )
    )
    doc = extract_bytes(mbox, "box.mbox")
    # each message's image block points at the one image, in its own message
    shown = [(b.meta["message_index"], b.images) for b in doc.blocks if b.kind == IMAGE]
    assert shown == [(1, ("logo.png",)), (2, ("chart.png",)), (3, ("logo.png",))]
    metas = {im.name: dict(im.meta) for im in doc.images}
    # it carried message 1 only
    assert metas == {
        "logo.png": {"message_index": 1, "message_indexes": [1, 3]},
        "chart.png": {"message_index": 2},
    }


def test_a_picture_of_a_message_and_of_the_message_it_forwards_lists_both():
    inner = _message("Original", LOGO, "logo.png")
    outer = (
        b'From: b@example.org\nSubject: Fwd: Original\nContent-Type: multipart/mixed; boundary="o"\n\n'
        b"--o\nContent-Type: text/plain\n\nForwarding it.\n"
        b'--o\nContent-Type: image/png\nContent-Disposition: attachment; filename="logo.png"\n'
        b"Content-Transfer-Encoding: base64\n\n" + base64.encodebytes(LOGO) + b"--o\n"
        b"Content-Type: message/rfc822\n\n" + inner + b"--o--\n"
    )
    doc = extract_bytes(outer, "fwd.eml")
    assert [(b.meta["message_index"], b.images) for b in doc.blocks if b.kind == IMAGE] == [
        (1, ("logo.png",)),
        (2, ("logo.png",)),
    ]
    assert [dict(im.meta) for im in doc.images] == [{"message_index": 1, "message_indexes": [1, 2]}]


def test_a_picture_of_an_outlook_message_and_of_messages_embedded_in_it_lists_them():
    # message 1 embeds 2 and 3, message 3 embeds 4 (read in that order); the logo is attached to
    # 1, 2 and 4 (under another name in 4), the chart to 3 only
    deep = {"subject": "Deep", "body": "x", "attachments": [("logo-copy.png", LOGO, "image/png")]}
    second = {
        "subject": "Second",
        "body": "The chart.",
        "attachments": [("chart.png", OTHER, "image/png")],
        "embedded": [("deep.msg", deep)],
    }
    original = {
        "subject": "Original",
        "body": "See the logo.",
        "attachments": [("logo.png", LOGO, "image/png")],
    }
    data = outlook_message(
        "Fwd: Original",
        "Forwarding it.",
        [("logo.png", LOGO, "image/png")],
        embedded=[("original.msg", original), ("second.msg", second)],
    )
    doc = extract_bytes(data, "fwd.msg")
    assert [(b.meta["message_index"], b.images) for b in doc.blocks if b.kind == IMAGE] == [
        (1, ("logo.png",)),
        (2, ("logo.png",)),
        (3, ("chart.png",)),
        (4, ("logo.png",)),
    ]
    # it carried message 1 only
    assert {im.name: dict(im.meta) for im in doc.images} == {
        "logo.png": {"message_index": 1, "message_indexes": [1, 2, 4]},
        "chart.png": {"message_index": 3},
    }
