"""The parts of an Office or OpenDocument package as a dict, and back: for tests that build a
file by editing the parts a writer library made."""

from __future__ import annotations

import io
import zipfile


def unzipped(data: bytes) -> dict[str, bytes]:
    """Each part of the package ``data`` by its name, in the package's order."""
    with zipfile.ZipFile(io.BytesIO(data)) as src:
        return {name: src.read(name) for name in src.namelist()}


def zipped(parts: dict[str, bytes]) -> bytes:
    """A package of ``parts`` (name → bytes), in their order, deflated."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for name, payload in parts.items():
            dst.writestr(name, payload)
    return out.getvalue()
