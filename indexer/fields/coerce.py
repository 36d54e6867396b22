"""Turning one raw scalar (the text a reader found) into a canonical value of a field's kind.

Every function returns the value, or :data:`MALFORMED` when the text is present but unusable.
Numbers accept only plain ASCII decimal literals (``42``, ``-3.9``, ``1e3``): no radix prefixes,
no digit grouping, no Unicode digits, nothing non-finite. INT and LONG truncate toward zero; a
value outside the field's ``min``/``max`` is clamped (NORMAL, LOOSE) or MALFORMED (STRICT); a
value outside the kind's width (32-bit INT, 64-bit LONG) is MALFORMED, since clamping it would
invent a number the reply never meant.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, Final

from .schema import FieldSpec


class _Malformed:
    __slots__ = ()

    def __repr__(self) -> str:
        return "MALFORMED"


MALFORMED: Final = _Malformed()

_NUMBER = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_INTEGER = re.compile(r"[+-]?[0-9]+")
_WIDTH = {"INT": (-(2**31), 2**31 - 1), "LONG": (-(2**63), 2**63 - 1)}
_TRUE = ("true", "yes", "1")
_FALSE = ("false", "no", "0")
_ASCII_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
_COLLAPSE = re.compile(r"[\s_-]+")
_NOT_ALNUM = re.compile(r"[^A-Z0-9]+")
# Numeric literals longer than this are not numbers a reply means (and int() of a huge digit
# string is slow); they are MALFORMED.
MAX_NUMBER_CHARS = 400


@dataclass(frozen=True)
class Coerced:
    """A successful coercion; ``defaulted`` when the value came from ``coerceDefault``."""

    value: Any
    defaulted: bool = False


def coerce_literal(text: str, kind: str) -> Any:
    """A schema ``default`` to the field's kind (no clamping, no tolerance): value or MALFORMED."""
    if kind in ("INT", "LONG"):
        return _integer(text.strip(), kind)
    if kind == "DOUBLE":
        return _double(text.strip())
    if kind == "BOOLEAN":
        return _boolean(text, case_insensitive=True)
    return text


def coerce(text: str, spec: FieldSpec, *, strict: bool) -> Coerced | _Malformed:
    """Coerce the reply's text for one scalar (or one array element) of ``spec``."""
    kind = spec.kind
    if kind == "STRING":
        return Coerced(text)
    if kind == "BOOLEAN":
        value = _boolean(text, case_insensitive=not strict)
        return MALFORMED if value is MALFORMED else Coerced(value)
    if kind == "ENUM":
        return _enum(text, spec, strict=strict)
    if kind in ("INT", "LONG"):
        number = _integer_or_float(text.strip())
        if number is MALFORMED:
            return MALFORMED
        return _clamp(number, spec, strict=strict, integral=True)
    if kind == "DOUBLE":
        number = _double(text.strip())
        if number is MALFORMED:
            return MALFORMED
        return _clamp(number, spec, strict=strict, integral=False)
    return MALFORMED  # OBJECT never reaches here with a scalar


def _boolean(text: str, *, case_insensitive: bool) -> Any:
    t = text.strip()
    if case_insensitive:
        t = t.lower()
    if t in _TRUE:
        return True
    if t in _FALSE:
        return False
    return MALFORMED


def _integer(text: str, kind: str) -> Any:
    number = _integer_or_float(text)
    if number is MALFORMED:
        return MALFORMED
    value = math.trunc(number) if isinstance(number, float) else number
    lo, hi = _WIDTH[kind]
    return value if lo <= value <= hi else MALFORMED


def _integer_or_float(text: str) -> Any:
    """An exact int for an integer literal, a finite float for any other number, or MALFORMED."""
    if len(text) > MAX_NUMBER_CHARS or not _NUMBER.fullmatch(text):
        return MALFORMED
    if _INTEGER.fullmatch(text):
        return int(text)
    value = float(text)
    return value if math.isfinite(value) else MALFORMED


def _double(text: str) -> Any:
    if len(text) > MAX_NUMBER_CHARS or not _NUMBER.fullmatch(text):
        return MALFORMED
    value = float(text)
    return value if math.isfinite(value) else MALFORMED


def _clamp(number: int | float, spec: FieldSpec, *, strict: bool, integral: bool) -> Coerced | _Malformed:
    value = number
    if spec.min is not None and value < spec.min:
        value = spec.min
    if spec.max is not None and value > spec.max:
        value = spec.max
    if value != number and strict:
        return MALFORMED
    if not integral:
        return Coerced(float(value))
    whole = math.trunc(value) if isinstance(value, float) else value
    lo, hi = _WIDTH[spec.kind]
    if not lo <= whole <= hi:
        return MALFORMED
    return Coerced(whole)


# -- enums ------------------------------------------------------------------------------------------


def normalize_enum(text: str, mode: str) -> str:
    """``strip``: ASCII upper-case, keep only A-Z and 0-9. ``collapse``: ASCII upper-case, runs
    of whitespace, ``_`` and ``-`` become one ``_``, trimmed of ``_`` at both ends. ``none``: as is."""
    if mode == "none":
        return text
    upper = text.translate(_ASCII_UPPER)
    if mode == "strip":
        return _NOT_ALNUM.sub("", upper)
    return _COLLAPSE.sub("_", upper.strip()).strip("_")


def _enum(text: str, spec: FieldSpec, *, strict: bool) -> Coerced | _Malformed:
    # Pipeline: exact member → normalised member → alias (exact key, then normalised key) →
    # coerceDefault → MALFORMED. STRICT forces normalisation off (exact only).
    mode = "none" if strict else spec.normalize
    if text in spec.enum_values:
        return Coerced(text)
    if mode != "none":
        wanted = normalize_enum(text, mode)
        if wanted:
            for member in spec.enum_values:
                if normalize_enum(member, mode) == wanted:
                    return Coerced(member)
    for key, target in spec.enum_alias:
        if key == text:
            return Coerced(target)
    if mode != "none":
        wanted = normalize_enum(text, mode)
        if wanted:
            for key, target in spec.enum_alias:
                if normalize_enum(key, mode) == wanted:
                    return Coerced(target)
    if spec.coerce_default is not None:
        return Coerced(spec.coerce_default, defaulted=True)
    return MALFORMED
