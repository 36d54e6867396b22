"""E-mail: the attachments a TNEF part (winmail.dat) holds are named in its skip reason."""

from __future__ import annotations

import struct
from email.message import EmailMessage

from indexer.formats.email import extract_eml, tnef_attachment_names

from ._text_helpers import CTX


def _attribute(level: int, attribute: int, value: bytes) -> bytes:
    checksum = sum(value) & 0xFFFF
    return struct.pack("<BII", level, attribute, len(value)) + value + struct.pack("<H", checksum)


def _padded(data: bytes) -> bytes:
    return data + b"\0" * (-len(data) % 4)


def _props() -> bytes:
    """A MAPI property list: a PT_LONG, a named PT_BOOLEAN, a PT_BINARY, then the long file name
    as PT_UNICODE (MS-OXTNEF 2.1.3.4)."""
    props = [
        struct.pack("<HHI", 0x0003, 0x3705, 1),  # PR_ATTACH_METHOD = 1
        struct.pack("<HH", 0x000B, 0x8001) + b"G" * 16 + struct.pack("<II", 0, 0x8501) + b"\1\0\0\0",
        struct.pack("<HHII", 0x0102, 0x3702, 1, 3) + _padded(b"abc"),  # PR_ATTACH_ENCODING
    ]
    name = "Quarterly report – final.pdf\0".encode("utf-16-le")
    props.append(struct.pack("<HHII", 0x001F, 0x3707, 1, len(name)) + _padded(name))
    return struct.pack("<I", len(props)) + b"".join(props)


def _tnef() -> bytes:
    return b"".join(
        [
            b"\x78\x9f\x3e\x22\x01\x00",
            _attribute(1, 0x00078008, b"IPM.Microsoft Mail.Note\0"),
            _attribute(2, 0x00069002, b"\0" * 14),  # first attachment
            _attribute(2, 0x00018010, b"QUARTE~1.PDF\0"),
            _attribute(2, 0x0006800F, b"%PDF-1.4 ..."),
            _attribute(2, 0x00069005, _props()),
            _attribute(2, 0x00069002, b"\0" * 14),  # second attachment: a title only
            _attribute(2, 0x00018010, b"caf\xe9.txt\0"),  # cp1252
        ]
    )


def test_attachment_names_are_read_from_the_tnef_attributes():
    assert tnef_attachment_names(_tnef()) == ["Quarterly report – final.pdf", "café.txt"]


def test_a_cut_or_foreign_stream_gives_what_it_can_and_never_raises():
    data = _tnef()
    for end in range(len(data)):
        assert isinstance(tnef_attachment_names(data[:end]), list)
    assert tnef_attachment_names(b"PK\x03\x04 not tnef") == []


def test_the_skip_reason_of_winmail_dat_names_what_it_holds():
    msg = EmailMessage()
    msg["From"] = "a@example.org"
    msg["Subject"] = "Report"
    msg.set_content("See attached.")
    msg.add_attachment(_tnef(), maintype="application", subtype="ms-tnef", filename="winmail.dat")
    (skipped,) = extract_eml(msg.as_bytes(), CTX).coverage.skipped_of("attachment")
    assert skipped.name == "winmail.dat"
    assert skipped.reason == (
        "application/ms-tnef attachments are not indexed; it holds Quarterly report – final.pdf, café.txt"
    )


def test_winmail_dat_in_a_real_message(real_world):
    # the decoded winmail.dat: a JPEG (title KITTEN~1.JPG, long name in its properties) and two
    # embedded messages, named by PR_DISPLAY_NAME
    doc = extract_eml((real_world / "eml" / "MimeKit" / "rich-text.eml").read_bytes(), CTX)
    (skipped,) = doc.coverage.skipped_of("attachment")
    assert skipped.reason.endswith(
        "; it holds kitten-playing-with-a-christmas-tree.jpg, Build a train table, Christmas Celebration!"
    )
