"""The folder walk: every indexable file under the root with its size and mtime.

Symbolic links are never followed outside the root. A link to a file inside the root is indexed
under the link's path; a link to a directory is not descended into (whatever it points to inside
the root is reached by its real path, so nothing is indexed twice and a loop cannot recur). Hidden and temporary entries, the index folder and ignored patterns are
skipped. Unreadable directories are skipped, never fatal.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from .ignore import IgnoreRules


@dataclass(frozen=True, slots=True)
class FileStat:
    path: str  # relative to the root, POSIX separators
    size: int
    mtime_ns: int

    @property
    def mtime(self) -> float:
        return self.mtime_ns / 1e9


def inside(root_real: str, target: str) -> bool:
    return target == root_real or target.startswith(root_real.rstrip(os.sep) + os.sep)


def stat_file(root: Path, rel: str, rules: IgnoreRules | None = None) -> FileStat | None:
    """The stat of one file (for the watcher), or None if gone, ignored, not a regular file, or a
    link leading outside the root."""
    root = Path(root)
    if rules is not None and rules.ignored(rel, False):
        return None
    full = root / rel
    try:
        st = full.stat()
    except OSError:
        return None
    if not _regular(st.st_mode):
        return None
    root_real = os.path.realpath(root)
    if not inside(root_real, os.path.realpath(full)):
        return None
    return FileStat(rel, st.st_size, st.st_mtime_ns)


def _regular(mode: int) -> bool:
    import stat

    return stat.S_ISREG(mode)


def walk(root: Path, rules: IgnoreRules | None = None) -> Iterator[FileStat]:
    """Files under ``root`` in a stable (sorted) order."""
    root = Path(root)
    rules = rules or IgnoreRules(root)
    root_real = os.path.realpath(root)
    seen_dirs = {root_real}
    stack: list[tuple[str, str]] = [(str(root), "")]
    while stack:
        folder, prefix = stack.pop()
        try:
            with os.scandir(folder) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError:
            continue
        subdirs: list[tuple[str, str]] = []
        for entry in entries:
            rel = prefix + entry.name
            try:
                is_link = entry.is_symlink()
                is_dir = entry.is_dir(follow_symlinks=True)
            except OSError:
                continue
            if rules.ignored(rel, is_dir):
                continue
            if is_link:
                target = os.path.realpath(entry.path)
                if not inside(root_real, target):
                    continue
            if is_dir:
                if is_link:
                    continue
                real = os.path.realpath(entry.path)
                if real in seen_dirs:  # a bind mount or similar seen twice
                    continue
                seen_dirs.add(real)
                subdirs.append((entry.path, rel + "/"))
                continue
            try:
                st = entry.stat(follow_symlinks=True)
            except OSError:
                continue
            if _regular(st.st_mode):
                yield FileStat(rel, st.st_size, st.st_mtime_ns)
        stack.extend(reversed(subdirs))
