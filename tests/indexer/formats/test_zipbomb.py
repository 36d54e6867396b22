"""Zip bombs shaped like office files are refused from the member table, fast and in bounded memory.

Each bomb is built here: a tiny .docx whose main part *declares* gigabytes (the central directory
and local header patched after writing, as a crafted bomb does), and an honest one whose 24 MB
document part compresses about 1000:1. Extraction runs in a fresh subprocess that reports its
peak-RSS growth (resource.getrusage) and the time taken, so nothing the test itself allocates is
counted.
"""

from __future__ import annotations

import io
import json
import struct
import subprocess
import sys
import textwrap
import zipfile

import pytest

GIB = 1024**3

PROBE = textwrap.dedent(
    """
    import json, resource, sys, time
    from indexer import errors, extract_bytes
    from indexer.formats import registry
    registry.load_all()
    data = open(sys.argv[1], "rb").read()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    try:
        extract_bytes(data, sys.argv[2])
        code = None
    except errors.ChunkscopeError as exc:
        code = exc.code
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"code": code, "seconds": elapsed, "rss_growth_kib": after - before}))
    """
)

CONTENT_TYPES = (
    b'<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'
)
RELS = (
    b'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    b'<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
    b'officeDocument" Target="word/document.xml"/></Relationships>'
)


def _package(document: bytes, main: str = "word/document.xml") -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        zf.writestr("[Content_Types].xml", CONTENT_TYPES)
        zf.writestr("_rels/.rels", RELS)
        zf.writestr(main, document)
    return out.getvalue()


def _declare_size(data: bytes, member: str, size: int) -> bytes:
    """Patch the uncompressed size of ``member`` in its local header and central-directory entry."""
    buf = bytearray(data)
    name = member.encode()
    local = buf.find(b"PK\x03\x04")
    while local != -1:
        name_len = struct.unpack_from("<H", buf, local + 26)[0]
        if bytes(buf[local + 30 : local + 30 + name_len]) == name:
            struct.pack_into("<I", buf, local + 22, size)
            break
        local = buf.find(b"PK\x03\x04", local + 4)
    central = buf.find(b"PK\x01\x02")
    while central != -1:
        name_len = struct.unpack_from("<H", buf, central + 28)[0]
        if bytes(buf[central + 46 : central + 46 + name_len]) == name:
            struct.pack_into("<I", buf, central + 24, size)
            break
        central = buf.find(b"PK\x01\x02", central + 4)
    return bytes(buf)


def declared_bomb() -> bytes:
    """About 1 KB on disk; its document part claims almost 4 GiB (deflated zeros really)."""
    body = b"<w:document>" + b"\x00" * 200_000 + b"</w:document>"
    return _declare_size(_package(body), "word/document.xml", 0xFFFF_FFF0)


def honest_bomb() -> bytes:
    """A real 24 MB document part of blanks, deflated about 1000:1."""
    body = b'<w:document xmlns:w="x"><w:body>' + b" " * (24 * 1024 * 1024) + b"</w:body></w:document>"
    return _package(body)


def _probe(tmp_path, data: bytes, filename: str) -> dict:
    path = tmp_path / filename
    path.write_bytes(data)
    out = subprocess.run(
        [sys.executable, "-c", PROBE, str(path), filename], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_declared_gigabytes_are_refused_quickly_in_bounded_memory(tmp_path):
    data = declared_bomb()
    assert len(data) < 1500  # about 1 KB on disk
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        assert sum(i.file_size for i in zf.infolist()) > 3.9 * GIB
    result = _probe(tmp_path, data, "report.docx")
    assert result["code"] == "DOCUMENT_LIMIT"
    assert result["seconds"] < 1.0
    assert result["rss_growth_kib"] < 50 * 1024


@pytest.mark.parametrize("filename", ["report.docx", "deck.pptx", "book.epub", "minutes.odt"])
def test_high_compression_ratio_is_refused(tmp_path, filename):
    data = honest_bomb()
    assert len(data) < 64 * 1024
    result = _probe(tmp_path, data, filename)
    assert result["code"] == "DOCUMENT_LIMIT"
    assert result["seconds"] < 1.0
    assert result["rss_growth_kib"] < 50 * 1024
