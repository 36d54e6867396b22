"""The Hypothesis profile of a CI run (tests/conftest.py): two runs of a property test draw the
same examples; local runs draw new ones."""

from __future__ import annotations

import ast
import os
import subprocess
import sys

from tests.conftest import ROOT

# A property test run as the suite runs it (tests/conftest.py imported first), printing whether
# an example database is kept, and what the test was given. "local" loads Hypothesis's default
# profile, as a run outside CI has it.
DRAWS = """
import sys
import tests.conftest
from hypothesis import given, settings, strategies as st

if sys.argv[1:] == ["local"]:
    settings.load_profile("default")
seen = []


@settings(max_examples=40)
@given(st.text(max_size=30), st.lists(st.integers(), max_size=5))
def prop(text, numbers):
    seen.append((text, numbers))


prop()
print(repr((settings.default.database is None, seen)))
"""


def draws(tmp_path, env: dict[str, str], *args: str) -> str:
    base = {k: v for k, v in os.environ.items() if k not in ("CI", "CHUNKSCOPE_REQUIRE_SHARED")}
    proc = subprocess.run(
        [sys.executable, "-c", DRAWS, *args],
        cwd=tmp_path,  # a local run's example database goes there
        env=base | {"PYTHONPATH": str(ROOT)} | env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_ci_runs_draw_the_same_examples(tmp_path):
    # CI=true as CI services set it, and CHUNKSCOPE_REQUIRE_SHARED=1 as .ci/run sets it
    for env in ({"CI": "true"}, {"CHUNKSCOPE_REQUIRE_SHARED": "1"}):
        first = draws(tmp_path, env)
        no_database, seen = ast.literal_eval(first)
        assert no_database and len(seen) == 40
        assert draws(tmp_path, env) == first, env


def test_local_runs_draw_new_examples(tmp_path):
    first = draws(tmp_path, {}, "local")
    assert not ast.literal_eval(first)[0]  # failures found are kept, and tried first next time
    assert draws(tmp_path, {}, "local") != first
