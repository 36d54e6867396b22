"""What the folder walk and the watcher skip: hidden entries, temporary files, the index folder, and
the patterns of ``<root>/.chunkscopeignore`` (gitignore syntax, read with pathspec)."""

from __future__ import annotations

from pathlib import Path

import pathspec

from .db import INDEX_DIR

IGNORE_FILE = ".chunkscopeignore"
# Editors' and office suites' scratch files.
_TEMP_SUFFIXES = (".swp", ".swx", ".swo", ".tmp", ".part", ".crdownload")


def is_hidden_or_temp(name: str) -> bool:
    """A dot-name (``.git``, ``.chunkscope``, ``.#draft``), an Office lock file (``~$x.docx``) or an
    editor's scratch file (``x~``, ``x.swp``)."""
    return (
        name.startswith(".")
        or name.startswith("~$")
        or name.endswith("~")
        or name.lower().endswith(_TEMP_SUFFIXES)
        or name == INDEX_DIR
    )


class IgnoreRules:
    """``ignored(rel_path, is_dir)`` for a path relative to ``root`` in POSIX form."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self.spec: pathspec.PathSpec | None = None
        self.reload()

    def reload(self) -> None:
        path = self.root / IGNORE_FILE
        try:
            lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            lines = []
        self.spec = pathspec.GitIgnoreSpec.from_lines(lines) if lines else None

    def ignored(self, rel_path: str, is_dir: bool) -> bool:
        rel_path = rel_path.strip("/")
        if not rel_path:
            return False
        parts = rel_path.split("/")
        if any(is_hidden_or_temp(p) for p in parts):
            return True
        if self.spec is None:
            return False
        return self.spec.match_file(rel_path + "/" if is_dir else rel_path)
