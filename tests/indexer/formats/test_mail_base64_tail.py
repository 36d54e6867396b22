"""A forwarded message sent in base64 (message/rfc822 encoded, as some mailers send it) is read
to its last byte: a last group of two or three letters, with its ``=`` padding or without it,
holds one or two bytes, which were left out ("See you on Friday" read "See you on Frid").
Built messages, each expected text the one encoded."""

from __future__ import annotations

import base64

import pytest

from indexer import extract_bytes


def _forwarded(inner: bytes, padded: bool = True) -> bytes:
    encoded = base64.encodebytes(inner).decode()
    if not padded:
        encoded = encoded.replace("=", "")
    return (
        'From: ben@example.org\nSubject: Fwd\nContent-Type: multipart/mixed; boundary="b"\n\n'
        "--b\nContent-Type: text/plain\n\nForwarded below.\n"
        "--b\nContent-Type: message/rfc822\nContent-Transfer-Encoding: base64\n\n"
        f"{encoded}--b--\n"
    ).encode()


@pytest.mark.parametrize("padded", [True, False])
@pytest.mark.parametrize("last", ["See you on Friday", "See you on Friday!", "See you on Friday!!"])
def test_a_base64_forwarded_message_is_read_to_its_last_byte(last, padded):
    inner = f"From: ana@example.org\nSubject: Plans\n\n{last}".encode()
    texts = [b.text for b in extract_bytes(_forwarded(inner, padded), "fwd.eml").blocks]
    assert texts[-3:] == ["Plans", "From: ana@example.org\nSubject: Plans", last]
