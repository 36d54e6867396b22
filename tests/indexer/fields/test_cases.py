"""The repository's own field-extraction cases (tests/indexer/fields/cases/, see its README)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from indexer.fields import extract_fields, load_schema

from ._compare import differences

CASES = Path(__file__).parent / "cases"
NAMES = sorted(p.name for p in CASES.iterdir() if p.is_dir())


def test_there_are_own_cases() -> None:
    assert len(NAMES) >= 16


@pytest.mark.parametrize("case", NAMES)
def test_own_case(case: str) -> None:
    folder = CASES / case
    schema = load_schema(folder / "schema.json")
    text = (folder / "input.txt").read_text(encoding="utf-8")
    want = json.loads((folder / "expected.json").read_text(encoding="utf-8"))
    got = extract_fields(text, schema).to_expected()
    problems = differences(got, want)
    assert not problems, f"{case}:\n  " + "\n  ".join(problems)
