"""Office parts are inflated in one zlib call when the member is plain; the bytes must be those of
the ordinary zip read, and anything unusual must take the ordinary read (and fail as it did)."""

from __future__ import annotations

import io
import zipfile
import zlib

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


def _read_in_steps(fh, step: int) -> bytes:
    parts = []
    while chunk := fh.read(step):
        parts.append(chunk)
    fh.close()
    return b"".join(parts)


@pytest.mark.parametrize("method", [zipfile.ZIP_DEFLATED, zipfile.ZIP_STORED])
@pytest.mark.parametrize("step", [1, 7, 4096, 5000, 1 << 20])
def test_a_member_read_in_steps_gives_the_ordinary_bytes(method: int, step: int) -> None:
    big = PART * 40  # 200 KB: many feeds of compressed data
    zf = open_zip(archive({"word/styles.xml": big, "empty.xml": b""}, method), Limits(), "t.docx")
    fh = _ooxml.open_member(zf, "word/styles.xml")
    assert isinstance(fh, _ooxml.Inflating)  # the direct reader, not ZipFile.open
    assert _read_in_steps(fh, step) == big
    assert _read_in_steps(_ooxml.open_member(zf, "empty.xml"), step) == b""
    with pytest.raises(KeyError):
        _ooxml.open_member(zf, "missing.xml")


def test_other_compression_methods_are_read_through_zipfile() -> None:
    zf = open_zip(archive({"word/styles.xml": PART}, zipfile.ZIP_BZIP2), Limits(), "t.docx")
    fh = _ooxml.open_member(zf, "word/styles.xml")
    assert not isinstance(fh, _ooxml.Inflating)
    assert _read_in_steps(fh, 1000) == PART


def _failure(fh, step: int) -> tuple[bytes, str]:
    """The bytes read before the error, and the error as type and message."""
    got = []
    try:
        while chunk := fh.read(step):
            got.append(chunk)
    except (zlib.error, EOFError, zipfile.BadZipFile) as exc:
        return b"".join(got), f"{type(exc).__name__}: {exc}"
    return b"".join(got), "no error"


@pytest.mark.parametrize("fill", [b"\xff", b"\x00", b"\x55", b"\x13"])
def test_damage_is_raised_as_the_ordinary_read_raises_it(fill: bytes) -> None:
    # a deflate stream garbled half-way: both readers raise the same error, of a damaged member
    data = bytearray(archive({"word/styles.xml": PART * 40}))
    info = zipfile.ZipFile(io.BytesIO(bytes(data))).getinfo("word/styles.xml")
    middle = info.header_offset + 30 + len(info.filename) + info.compress_size // 2
    data[middle : middle + 64] = fill * 64
    zf = zipfile.ZipFile(io.BytesIO(bytes(data)))
    direct = _ooxml.open_member(zf, "word/styles.xml")
    assert isinstance(direct, _ooxml.Inflating)
    ours, theirs = _failure(direct, 32768), _failure(zf.open("word/styles.xml"), 32768)
    assert ours[1] == theirs[1] != "no error"
    assert ours[0] == theirs[0]  # (at the same step size, the same bytes before the error)
    # a changed stored byte: the checksum is refused at the end (the ordinary reader reads ahead
    # and so refuses it at an earlier step)
    data = bytearray(archive({"word/styles.xml": PART}, zipfile.ZIP_STORED))
    data[data.find(b"caf")] = ord("K")
    zf = zipfile.ZipFile(io.BytesIO(bytes(data)))
    ours = _failure(_ooxml.open_member(zf, "word/styles.xml"), 100)
    theirs = _failure(zf.open("word/styles.xml"), 100)
    assert ours[1] == theirs[1] == "BadZipFile: Bad CRC-32 for file 'word/styles.xml'"


def test_compressed_data_ending_early_is_refused_as_the_ordinary_read_refuses_it() -> None:
    data = archive({"word/styles.xml": PART * 40})
    zf = zipfile.ZipFile(io.BytesIO(data))
    zf.getinfo("word/styles.xml").compress_size //= 2  # the directory says the data stops half-way
    direct = _ooxml.open_member(zf, "word/styles.xml")
    assert isinstance(direct, _ooxml.Inflating)
    ours, theirs = _failure(direct, 4096), _failure(zf.open("word/styles.xml"), 4096)
    assert ours == theirs  # the data used up is taken as the end, whose checksum is wrong
    assert ours[1] == "BadZipFile: Bad CRC-32 for file 'word/styles.xml'" and len(ours[0]) > 4096
