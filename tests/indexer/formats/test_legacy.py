"""Legacy binary .doc and .ppt: listed as formats, refused with UNSUPPORTED_FORMAT naming them."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from indexer import errors, extract_bytes, get_chunks
from indexer.formats import registry

OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 1016


@pytest.mark.parametrize(("ext", "name"), [(".doc", "Word 97-2003"), (".ppt", "PowerPoint 97-2003")])
def test_legacy_files_are_refused_naming_the_format(ext, name, tmp_path):
    spec = registry.for_extension(ext)
    assert spec is not None and not spec.supported and name in spec.note
    with pytest.raises(errors.UnsupportedFormat) as info:
        extract_bytes(OLE, "old" + ext)
    assert info.value.code == errors.UNSUPPORTED_FORMAT
    assert name in info.value.message and ext in info.value.message
    path = tmp_path / ("Old Minutes" + ext.upper())
    path.write_bytes(OLE)
    with pytest.raises(errors.UnsupportedFormat):
        get_chunks(path)


def test_formats_command_lists_them():
    env = {**os.environ, "COLUMNS": "240", "NO_COLOR": "1"}
    out = subprocess.run(
        [sys.executable, "-m", "tui", "formats"], capture_output=True, text=True, timeout=60, env=env
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    for ext in (".doc", ".ppt"):
        (row,) = [line for line in lines if line.strip("│┃| ").startswith(ext + " ")]
        assert "UNSUPPORTED" in row
