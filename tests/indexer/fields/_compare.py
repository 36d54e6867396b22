"""Comparing a result with an ``expected.json``: ints exact, doubles within 1e-9, the rest exact."""

from __future__ import annotations

import math
from typing import Any

DOUBLE_TOLERANCE = 1e-9


def same_value(got: Any, want: Any) -> bool:
    if isinstance(want, bool) or isinstance(got, bool):
        return type(got) is type(want) and got == want
    if isinstance(want, int) and isinstance(got, int):
        return got == want
    if isinstance(want, float) or isinstance(got, float):
        if not isinstance(got, (int, float)) or not isinstance(want, (int, float)):
            return False
        return math.isclose(got, want, rel_tol=0.0, abs_tol=DOUBLE_TOLERANCE)
    return type(got) is type(want) and got == want


def differences(got: dict[str, Any], want: dict[str, Any]) -> list[str]:
    """Every way ``got`` (a FieldResult.to_expected()) differs from ``want`` (an expected.json)."""
    out = []
    if got["empty"] != want["empty"]:
        out.append(f"empty: got {got['empty']}, want {want['empty']}")
    if got["states"] != want["states"]:
        for path in sorted(set(got["states"]) | set(want["states"])):
            g, w = got["states"].get(path), want["states"].get(path)
            if g != w:
                out.append(f"states[{path}]: got {g}, want {w}")
    g_mr = sorted(got["malformedRequired"])
    w_mr = sorted(want.get("malformedRequired", []))  # absent means the empty list
    if g_mr != w_mr:
        out.append(f"malformedRequired: got {g_mr}, want {w_mr}")
    for path in sorted(set(got["data"]) | set(want["data"])):
        if path not in got["data"] or path not in want["data"]:
            out.append(
                f"data[{path}]: got {got['data'].get(path, '<absent>')!r}, want {want['data'].get(path, '<absent>')!r}"
            )
        elif not same_value(got["data"][path], want["data"][path]):
            out.append(f"data[{path}]: got {got['data'][path]!r}, want {want['data'][path]!r}")
    return out
