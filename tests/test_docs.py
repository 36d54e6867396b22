"""The documentation generated from the code stays current."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def test_formats_md_matches_the_registry():
    proc = subprocess.run(
        [sys.executable, "-m", "tui", "formats", "--markdown"], capture_output=True, text=True, check=True
    )
    current = (ROOT / "docs" / "formats.md").read_text()
    assert proc.stdout == current, (
        "docs/formats.md is stale: run `chunkscope formats --markdown > docs/formats.md`"
    )


def test_formats_cover_the_36_extensions_of_the_spec():
    from indexer.formats import registry

    spec_list = [
        ".txt",
        ".md",
        ".markdown",
        ".html",
        ".htm",
        ".xhtml",
        ".json",
        ".jsonl",
        ".ndjson",
        ".csv",
        ".tsv",
        ".eml",
        ".mbox",
        ".msg",
        ".pdf",
        ".xlsx",
        ".xlsm",
        ".xltx",
        ".xltm",
        ".ods",
        ".docx",
        ".docm",
        ".dotx",
        ".dotm",
        ".pptx",
        ".potx",
        ".ppsx",
        ".odt",
        ".odp",
        ".epub",
        ".ipynb",
        ".rtf",
    ]
    supported = {e for f in registry.formats() if f.supported for e in f.extensions}
    listed = {e for f in registry.formats() for e in f.extensions}
    assert set(spec_list) <= supported, sorted(set(spec_list) - supported)
    assert {".xls", ".xlsb", ".doc", ".ppt"} <= listed  # read, or listed as unsupported with a reason
    for spec in registry.formats():
        if not spec.supported:
            assert spec.note, spec.name


def test_readme_quick_start_is_two_commands():
    readme = (ROOT / "README.md").read_text()
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = [line.strip() for line in quick.splitlines() if line.startswith("    ")]
    assert commands == [
        "pip install -e . && chunkscope sample_corpus",
        "pip install -e '.[test]' && pytest",
    ]
    ci = (ROOT / ".ci" / "run").read_text()
    assert commands[1] in ci
