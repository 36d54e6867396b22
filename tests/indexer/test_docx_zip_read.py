"""Office parts are inflated in one zlib call when the member is plain; the bytes must be those of
the ordinary zip read, and anything unusual must take the ordinary read (and fail as it did)."""

from __future__ import annotations

import io
import zipfile

import pytest

from indexer import errors
from indexer.formats import _ooxml
from indexer.formats._ooxml import _read_plain
from indexer.limits import Limits
from indexer.zipsafe import open_zip, read_member

PART = (
    b'<?xml version="1.0"?><w:document xmlns:w="urn:x">' + b"<w:p>caf\xc3\xa9</w:p>" * 200 + b"</w:document>"
)


def archive(members: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", method) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return buf.getvalue()


@pytest.mark.parametrize("method", [zipfile.ZIP_DEFLATED, zipfile.ZIP_STORED])
def test_plain_members_read_in_one_call_equal_the_ordinary_read(method: int) -> None:
    data = archive({"word/document.xml": PART, "empty.xml": b"", "dir/é.xml": b"<a/>"}, method)
    zf = open_zip(data, Limits(), "t.docx")
    for name in ("word/document.xml", "empty.xml", "dir/é.xml"):
        fast = _read_plain(zf, name)
        assert fast is not None
        assert fast == read_member(zf, name)
    assert _read_plain(zf, "missing.xml") is None


def test_a_damaged_member_takes_the_ordinary_read_and_fails_as_before() -> None:
    data = bytearray(archive({"word/document.xml": PART}, zipfile.ZIP_STORED))
    at = data.find(b"caf")
    data[at] = ord("K")  # stored bytes changed: the CRC no longer matches
    zf = open_zip(bytes(data), Limits(), "t.docx")
    assert _read_plain(zf, "word/document.xml") is None
    with pytest.raises(errors.ParseError, match="Bad CRC-32"):
        _ooxml.read(zf, "word/document.xml", "t.docx")


def test_a_member_lying_about_its_size_is_not_read_plainly() -> None:
    data = bytearray(archive({"word/document.xml": PART}))
    zf = zipfile.ZipFile(io.BytesIO(bytes(data)))
    info = zf.getinfo("word/document.xml")
    info.file_size -= 10  # the table says less than the stream inflates to
    assert _read_plain(zf, "word/document.xml") is None
    with pytest.raises(errors.ParseError, match="cannot be read"):  # the ordinary read's refusal
        _ooxml.read(zf, "word/document.xml", "t.docx")
