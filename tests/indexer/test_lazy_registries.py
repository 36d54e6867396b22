"""The registries' static tables (which module registers which extension / mode) against what the
modules really register, and the lazy loading they allow, seen in a fresh interpreter."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

from indexer.formats import registry as formats
from indexer.modes import registry as modes

ROOT = Path(__file__).resolve().parents[2]


def test_extension_table_matches_the_registered_extractors():
    formats.load_all()
    registered: dict[str, set[str]] = defaultdict(set)
    for spec in formats.formats():
        assert spec.func is not None
        module = spec.func.__module__
        if module.startswith("tests."):
            continue  # a test's own format (tests.storage._testfmt), registered in this process
        assert module.startswith("indexer.formats."), module
        for ext in spec.extensions:
            registered[ext].add(module.rsplit(".", 1)[1])
    table = {ext: set(mods) for ext, mods in formats.MODULES_BY_EXTENSION.items()}
    assert table == dict(registered)


def test_mode_table_matches_the_registered_modes():
    modes.load_all()
    registered = {key: spec.func.__module__.rsplit(".", 1)[1] for key, spec in modes._MODES.items()}
    assert registered == modes.MODULE_OF


def _fresh(code: str) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True, timeout=60
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def test_one_markdown_file_imports_only_what_it_needs(tmp_path):
    md = tmp_path / "notes.md"
    md.write_text("# Title\n\nSome text.\n\n- a\n- b\n", encoding="utf-8")
    code = f"""
import json, sys
from indexer import chunk_document, extract
chunks = chunk_document(extract({str(md)!r}), "default")
loaded = sorted(m for m in sys.modules if m.startswith(("indexer.formats.", "indexer.modes.")))
print(json.dumps({{"types": [c.content_type for c in chunks], "loaded": loaded,
                   "pdfium": "pypdfium2" in sys.modules, "lxml": "lxml" in sys.modules}}))
"""
    got = _fresh(code)
    assert got["types"] == ["heading", "short_disconnected_paragraph", "bullet_list"]
    loaded = set(got["loaded"])
    assert {"indexer.formats.markdown", "indexer.modes.structural"} <= loaded
    for absent in ("indexer.formats.pdf", "indexer.formats.docx", "indexer.formats.html",
                   "indexer.modes.sentence", "indexer.modes.semantic", "indexer.modes.tabular"):  # fmt: skip
        assert absent not in loaded
    assert not got["pdfium"] and not got["lxml"]


def test_unknown_extension_still_sniffs_every_format(tmp_path):
    # a PDF saved without its extension is found by content, which needs every extractor loaded
    pdf = tmp_path / "report.bin"
    pdf.write_bytes(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    code = f"""
import json
from indexer.formats import registry
spec = registry.resolve("report.bin", open({str(pdf)!r}, "rb").read())
txt = registry.resolve("notes.weird", b"plain words")
print(json.dumps({{"pdf": spec.name, "txt": txt.name, "all": registry._LOADED}}))
"""
    got = _fresh(code)
    assert got == {"pdf": "pdf", "txt": "text", "all": True}


def test_other_modes_load_on_demand_and_list_every_mode():
    code = """
import json
from indexer.modes import registry
first = registry.resolve("csv", "sliding_window").name
listed = registry.modes_for("document")
print(json.dumps({"first": first, "listed": list(listed)}))
"""
    got = _fresh(code)
    assert got["first"] == "sliding_window"
    assert got["listed"] == [
        "default", "structural", "section", "semantic", "sliding_window", "sentence", "page_aware"
    ]  # fmt: skip
