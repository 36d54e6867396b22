"""The extract-fields conformance corpus (../shared/conformance/extract-fields/), read in place.

Every case folder is one test. A case is complete when it has schema.json, input.txt and
expected.json; the incomplete ones are those the PROVENANCE file lists with a MISSING file, and
they are skipped with that reason (never counted as passed).
"""

from __future__ import annotations

import json

import pytest

from indexer.fields import extract_fields, load_schema
from tests.conftest import SHARED, require_shared

from ._compare import differences

CORPUS = SHARED / "conformance" / "extract-fields"
PROVENANCE = SHARED / "conformance" / "extract-fields.PROVENANCE.tsv"
CASE_FILES = ("schema.json", "input.txt", "expected.json")


def _case_names() -> list[str]:
    if not CORPUS.is_dir():
        return ["<corpus absent>"]
    return sorted(p.name for p in CORPUS.iterdir() if p.is_dir())


def _missing_by_case() -> dict[str, list[str]]:
    """case → the PROVENANCE lines saying one of its files is MISSING."""
    out: dict[str, list[str]] = {}
    if not PROVENANCE.is_file():
        return out
    for line in PROVENANCE.read_text(encoding="utf-8").splitlines():
        cols = line.split("\t")
        if len(cols) >= 2 and "/" in cols[0] and cols[1].startswith("MISSING"):
            case, file = cols[0].split("/", 1)
            out.setdefault(case, []).append(f"{file}: {cols[1]}")
    return out


@pytest.mark.parametrize("case", _case_names())
def test_case(case: str) -> None:
    folder = require_shared(CORPUS / case)
    missing = _missing_by_case().get(case)
    if missing:
        pytest.skip(f"incomplete case {case} (PROVENANCE): " + "; ".join(missing))
    schema = load_schema(folder / "schema.json")
    text = (folder / "input.txt").read_text(encoding="utf-8")
    want = json.loads((folder / "expected.json").read_text(encoding="utf-8"))
    got = extract_fields(text, schema).to_expected()
    problems = differences(got, want)
    assert not problems, f"{case}:\n  " + "\n  ".join(problems)


def test_corpus_has_40_complete_and_8_incomplete_cases() -> None:
    require_shared(CORPUS)
    names = _case_names()
    complete = [n for n in names if all((CORPUS / n / f).is_file() for f in CASE_FILES)]
    incomplete = sorted(set(names) - set(complete))
    # The PROVENANCE file and the folders agree on which cases are incomplete.
    assert incomplete == sorted(_missing_by_case())
    assert (len(complete), len(incomplete)) == (40, 8)


def test_strict_gate_on_a_corpus_case() -> None:
    """json-required-malformed lists verdict, confidence and grades as malformed required fields
    (read in its expected.json), so its strict gate must fail naming them."""
    from indexer.fields import RequiredFieldsMissing

    folder = require_shared(CORPUS / "json-required-malformed")
    result = extract_fields((folder / "input.txt").read_text(), load_schema(folder / "schema.json"))
    with pytest.raises(RequiredFieldsMissing) as info:
        result.or_raise()
    assert set(info.value.malformed_required) == {"verdict", "confidence", "grades"}
    assert info.value.lost_required == ()
    # json-clean answers every required field: its gate passes and hands back the data.
    folder = CORPUS / "json-clean"
    ok = extract_fields((folder / "input.txt").read_text(), load_schema(folder / "schema.json"))
    assert ok.data_or_raise() == {"text": "hi", "confidence": "HIGH", "note": "n"}
