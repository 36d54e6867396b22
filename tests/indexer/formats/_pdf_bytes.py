"""Small PDF files for tests, written object by object: a file of numbered objects (the first the
catalog), its cross-reference table and trailer, as a writer lays them out."""

from __future__ import annotations


def pdf_of(objects: list[bytes]) -> bytes:
    """A PDF 1.4 file of ``objects`` (the bodies of objects 1, 2, …; object 1 the catalog)."""
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for n, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % n + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % off for off in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)
