"""The folder walk: hidden folders, the index folder, .chunkscopeignore, symlinks."""

from __future__ import annotations

import os

from storage.ignore import IgnoreRules
from storage.walk import stat_file, walk

from .conftest import write_tree


def paths(root):
    return [f.path for f in walk(root)]


def test_hidden_entries_temp_files_and_the_index_folder_are_skipped(tmp_path):
    write_tree(
        tmp_path,
        {
            "a.md": "a",
            ".hidden/b.md": "b",
            ".chunkscope/index.db": "x",
            ".dotfile": "d",
            "~$report.docx": "lock",
            "draft.md~": "backup",
            "sub/c.md": "c",
            "sub/.git/config": "g",
        },
    )
    assert paths(tmp_path) == ["a.md", "sub/c.md"]


def test_chunkscopeignore_uses_gitignore_syntax(tmp_path):
    write_tree(
        tmp_path,
        {
            ".chunkscopeignore": "# comment\n*.log\nbuild/\n/top.txt\n!keep.log\n",
            "x.log": "1",
            "keep.log": "2",
            "deep/y.log": "3",
            "build/out.md": "4",
            "deep/build/out.md": "5",
            "top.txt": "6",
            "deep/top.txt": "7",
            "z.md": "8",
        },
    )
    # *.log anywhere except keep.log; build/ as a directory at any depth; /top.txt only at the root
    assert paths(tmp_path) == ["keep.log", "z.md", "deep/top.txt"]
    rules = IgnoreRules(tmp_path)
    assert rules.ignored("build", True) and not rules.ignored("build", False)
    assert rules.ignored("a/b/c.log", False)


def test_symlinks_are_followed_only_inside_the_root(tmp_path):
    root = tmp_path / "root"
    outside = tmp_path / "outside"
    write_tree(root, {"a.md": "a", "real/b.md": "b"})
    write_tree(outside, {"secret.md": "s"})
    os.symlink(outside / "secret.md", root / "leak.md")
    os.symlink(outside, root / "leakdir")
    os.symlink(root / "real", root / "alias")  # a directory inside: reached by its real path only
    os.symlink(root, root / "real" / "loop")  # a loop back to the root: not recursed into
    os.symlink(root / "a.md", root / "real" / "same.md")  # a file inside: indexed under the link
    found = paths(root)
    assert found == ["a.md", "real/b.md", "real/same.md"]
    assert stat_file(root, "leak.md") is None
    assert stat_file(root, "a.md").size == 1
