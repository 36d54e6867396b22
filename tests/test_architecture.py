"""The house rules: one-way layers, a pure indexer, lint-clean code."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT


def test_layers_contract_holds():
    """tui > storage > indexer, checked by import-linter's layers contract in pyproject.toml."""
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or shutil.which("lint-imports")
    if exe is None:
        exe_args = [sys.executable, "-m", "importlinter.cli"]
    else:
        exe_args = [exe]
    proc = subprocess.run([*exe_args, "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "1 kept, 0 broken" in proc.stdout


@pytest.mark.parametrize("package", ["indexer", "storage"])
def test_indexer_and_storage_do_not_load_textual(package):
    code = (
        f"import sys, {package}; import indexer.formats.registry as r; r.load_all();"
        "import indexer.modes.registry as m; m.load_all();"
        "bad = [n for n in sys.modules if n.split('.')[0] in ('textual', 'tui')];"
        "print(bad); raise SystemExit(1 if bad else 0)"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_indexer_does_not_load_sqlite_or_watchdog():
    code = (
        "import sys, indexer; import indexer.formats.registry as r; r.load_all();"
        "import indexer.modes.registry as m; m.load_all();"
        "bad = [n for n in sys.modules if n.split('.')[0] in ('sqlite_utils', 'watchdog', 'storage')];"
        "print(bad); raise SystemExit(1 if bad else 0)"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_ruff_is_clean():
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    if ruff is None:
        pytest.fail("ruff is part of the test extra and must be installed")
    proc = subprocess.run(
        [ruff, "check", "indexer", "storage", "tui", "tests", "bench"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout[-4000:]
