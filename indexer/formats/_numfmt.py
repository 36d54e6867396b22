"""Numbers as a spreadsheet's number format shows them (``$1,234.50``, ``(1,234.00)``, ``1.23E+06``).

Only the common shapes of format codes are understood: up to three sections (positive; negative;
zero; a fourth, for text, is ignored), digit placeholders ``0`` and ``#`` with a thousands
separator, fixed or optional decimals, a percent sign, scientific notation, literal text
(quoted, escaped, or one of the characters Excel shows as they are), currency symbols
(``[$€-407]``), colours and padding (``_)``, ``* ``). A colour is not text: a negative section
that marks its numbers by colour alone (``#,##0.00;[Red]#,##0.00``) keeps the minus sign, so
that -1234.5 reads ``-1,234.50`` and not as a positive amount. A condition (``[>0.5]0.0%;0%``)
picks the section as Excel does: the first section's condition, then the second's, the third
section (or the second, when it has no condition) for the rest. A comma after the last digit
placeholder of the integer or decimal part scales the number by a thousand, once per comma
(``#,##0,"K"`` shows 1234567 as ``1,235K``, ``0.0,,"M"`` as ``1.2M``); text between the integer
placeholders stays where it is written, the digits filling the placeholders from the right and
those beyond them going to the first (``000-00-0000`` shows 123456789 as ``123-45-6789``,
``(###) ###-####`` 2125551234 as ``(212) 555-1234``); a fraction (``# ?/?``, ``# ??/??``,
``?/?``) is the nearest one whose denominator has as many digits as its placeholders (1.5 is
``1 1/2``, 3.14159 ``3 1/7``), or the nearest count of parts of a fixed denominator (``# ?/8``:
2.375 is ``2 3/8``). Anything else (dates, conditions other than a comparison with a number,
text placeholders, text between decimals or among grouped digits) compiles to None, and the
cell keeps its plain number: better the stored value than a wrong display.

A text cell shows its format's text section (the fourth, or the last where it writes ``@``):
:func:`text_format` reads one that writes text around the cell's (``"Total: "@``, the fourth
section of ``0;-0;0;"Item "@``), shown by :class:`TextFormat`.

Codes are read as Excel stores them, in its invariant (en-US) form, and shown in that form, or with
the decimal point and thousands separator of a locale a document names (:class:`NumberFormat`).

A format of dates, times or elapsed time is not shown by this module: :func:`date_kind` tells
which it is, and :class:`DateFormat` turns a cell's serial number into the date, time or duration
python-calamine gives for such a cell of an .xlsx, for the readers that see only the number.
"""

from __future__ import annotations

import datetime as dt
import math
import operator
import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Context, Decimal, DecimalException
from fractions import Fraction

#: The built-in number formats (ECMA-376 18.8.30) that show a number; ids 5–8 and 41–44 are the
#: en-US forms, as Excel writes them when a workbook does not define them
BUILTIN = {
    1: "0",
    2: "0.00",
    3: "#,##0",
    4: "#,##0.00",
    5: '"$"#,##0_);("$"#,##0)',
    6: '"$"#,##0_);[Red]("$"#,##0)',
    7: '"$"#,##0.00_);("$"#,##0.00)',
    8: '"$"#,##0.00_);[Red]("$"#,##0.00)',
    9: "0%",
    10: "0.00%",
    11: "0.00E+00",
    12: "# ?/?",
    13: "# ??/??",
    37: "#,##0_);(#,##0)",
    38: "#,##0_);[Red](#,##0)",
    39: "#,##0.00_);(#,##0.00)",
    40: "#,##0.00_);[Red](#,##0.00)",
    41: '_(* #,##0_);_(* \\(#,##0\\);_(* "-"_);_(@_)',
    42: '_("$"* #,##0_);_("$"* \\(#,##0\\);_("$"* "-"_);_(@_)',
    43: '_(* #,##0.00_);_(* \\(#,##0.00\\);_(* "-"??_);_(@_)',
    44: '_("$"* #,##0.00_);_("$"* \\(#,##0.00\\);_("$"* "-"??_);_(@_)',
    48: "##0.0E+0",
}

#: the built-in formats of dates, times and elapsed time (ECMA-376 18.8.30), en-US forms
BUILTIN_DATES = {
    14: "mm-dd-yy",
    15: "d-mmm-yy",
    16: "d-mmm",
    17: "mmm-yy",
    18: "h:mm AM/PM",
    19: "h:mm:ss AM/PM",
    20: "h:mm",
    21: "h:mm:ss",
    22: "m/d/yy h:mm",
    45: "mm:ss",
    46: "[h]:mm:ss",
    # as ECMA-376 lists it; Excel's own code is mm:ss.0, which is what is shown (time_parts
    # reads the one as the other): 150.3 s read 02:30.3
    47: "mmss.0",
}

#: one token of a format code: quoted text, an escaped character, padding (``_x``) or a fill
#: (``*x``), a bracketed part, scientific notation, or any one character
_TOKEN = re.compile(r'"([^"]*)"|\\(.)|_(.)|\*(.)|\[([^\]]*)\]|([eE][+-][0#]+)|(.)', re.S)
#: characters Excel shows as they are without quotes
_LITERAL = frozenset("$-+/():!^&'~{}<>= \xa0€£¥")
#: the characters with which a negative section writes its sign
_SIGNS = frozenset("-()\u2212")
_COLOURS = frozenset(("black", "blue", "cyan", "green", "magenta", "red", "white", "yellow"))
_GROUPS = re.compile(r"\B(?=(?:\d{3})+(?!\d))")
#: where to split a code into sections: semicolons outside quotes, escapes and brackets
_SECTION = re.compile(r'"[^"]*"|\\.|\[[^\]]*\]|;', re.S)
#: Excel keeps 15 significant digits of a number before showing it (2.0049999999999999, the
#: double nearest 2.005, shows as 2.01 at "0.00")
_DIGITS = Context(prec=15)
#: room for every digit of the largest number shown (1e300 at "0" has 301)
_WIDE = Context(prec=400)
_MAX_PLACES = 30  # digit placeholders on either side of the point, at most
_QUANTA = [Decimal(1).scaleb(-n) for n in range(_MAX_PLACES + 1)]
_ZERO = Decimal(0)
#: a section's condition: a comparison with a number (``[>0.5]``, ``[<=-1e3]``)
_CONDITION = re.compile(r"\s*(<=|>=|<>|<|>|=)\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*")
_COMPARE: dict[str, Callable[[Decimal, Decimal], bool]] = {
    "<": operator.lt,
    ">": operator.gt,
    "=": operator.eq,
    "<=": operator.le,
    ">=": operator.ge,
    "<>": operator.ne,
}


@dataclass(frozen=True)
class _Section:
    prefix: str  # the literal text before the number
    suffix: str  # after it (``%``, ``)``, `` €``)
    int_zeros: int  # the least integer digits (``0`` placeholders)
    digits: int  # every integer placeholder (a scientific exponent is a multiple of it)
    min_decimals: int  # ``0`` placeholders after the point
    max_decimals: int  # and ``#`` ones after them
    grouped: bool  # a thousands separator
    percent: bool
    exponent: int | None = None  # the least exponent digits, for scientific notation
    exp_plus: bool = False  # ``E+`` (the sign always) rather than ``E-``
    placeholders: bool = True  # False for a section of text only (``"-"`` for zero)
    signed: bool = False  # its text writes a sign of its own: a minus or parentheses
    condition: tuple[str, Decimal] | None = None  # ``[>0.5]``: the comparison and its number
    scale: int = 0  # thousands the number is divided by: one per comma after the last placeholder
    #: text written between the integer placeholders (``000-00-0000``): each with the number of
    #: placeholders before it
    inner: tuple[tuple[int, str], ...] = ()
    #: a fraction's format (``# ?/?``, ``# ?/8``): the largest denominator (the denominator, for
    #: a fixed one), whether a whole number is written before it (``#``, ``0`` when a zero one
    #: is shown), and whether the denominator is fixed; None for decimals
    fraction: tuple[int, str | None, bool] | None = None

    def holds(self, number: Decimal) -> bool:
        return self.condition is not None and _COMPARE[self.condition[0]](number, self.condition[1])


@dataclass(frozen=True)
class NumberFormat:
    sections: tuple[_Section, ...]
    #: the decimal point and the thousands separator the number is written with (a format is
    #: shown in a locale's, ``1.234,50`` in German, where a document names its language)
    decimal: str = "."
    group: str = ","

    def show(self, value: str) -> str | None:
        """The text of the number ``value`` (a cell's stored value, ``"1234.5"``) in this
        format; None for what is not a finite number."""
        try:
            number = _DIGITS.plus(Decimal(value))
        except (DecimalException, ValueError):
            return None
        if not number.is_finite() or abs(number.adjusted()) > 300:
            return None
        sections = self.sections
        sign = ""
        if sections[0].condition is not None:
            found = _by_condition(sections, number)
            if found is None:
                return None
            section = found
            if number < 0 and not section.signed:
                if section.prefix.strip():
                    return None  # where Excel puts the minus among the text is not known
                sign = "-"
            number = abs(number)
        elif number < 0:
            if len(sections) > 1:
                section = sections[1]
                number = -number
                if not section.signed:  # marked by a colour only, which the text does not keep
                    sign = "-"
            else:
                section = sections[0]
                sign, number = "-", -number
        elif number == 0:
            section = sections[2] if len(sections) > 2 else sections[0]
            number = _ZERO  # not -0
        else:
            section = sections[0]
        if not section.placeholders:
            return _clean(section.prefix + section.suffix)
        # Excel writes the minus sign first ("-$1,234.50"), and keeps it on what rounds to zero
        digits = _number(number, section)
        if self.decimal == "." and self.group == ",":
            return _clean(sign + section.prefix + digits + section.suffix)
        # a locale's separator may be a space of its own (U+202F in French), which the
        # cleaning of the text around the number keeps
        text = _clean(sign + section.prefix + "\x00" + section.suffix)
        return text.replace("\x00", digits.translate({46: self.decimal, 44: self.group}))


def _by_condition(sections: tuple[_Section, ...], number: Decimal) -> _Section | None:
    """The section Excel shows ``number`` in when the first section has a condition: the first
    whose condition holds of the first two, else the third when the second has a condition too,
    else the second; None when no section is left (Excel fills the cell with ``#``)."""
    first = sections[0]
    if first.holds(number):
        return first
    if len(sections) < 2:
        return None
    second = sections[1]
    if second.condition is None:
        return second
    if second.holds(number):
        return second
    return sections[2] if len(sections) > 2 else None


def _clean(text: str) -> str:
    return " ".join(text.split())


def _number(number: Decimal, s: _Section) -> str:
    if s.fraction is not None:
        return _fraction(number, *s.fraction)
    if s.percent:
        number = number.scaleb(2)
    if s.scale:
        number = number.scaleb(-3 * s.scale)
    exponent_text = ""
    if s.exponent is not None:
        if number == 0:
            exp = 0
        else:
            exp = number.adjusted()
            step = max(s.digits, 1)
            if step > 1:
                exp -= exp % step
        mantissa = number.scaleb(-exp)
        rounded = mantissa.quantize(_QUANTA[s.max_decimals], ROUND_HALF_UP, _WIDE)
        if number != 0 and rounded >= Decimal(10) ** max(s.digits, 1):  # 9.99 → 10.0: one more
            exp += max(s.digits, 1)
            mantissa = number.scaleb(-exp)
        number = mantissa
        sign = "-" if exp < 0 else ("+" if s.exp_plus else "")
        exponent_text = "E" + sign + str(abs(exp)).zfill(s.exponent)
    rounded = number.quantize(_QUANTA[s.max_decimals], ROUND_HALF_UP, _WIDE)
    if s.int_zeros == 1 and s.min_decimals == s.max_decimals and not s.inner:  # 0.00, #,##0
        return format(rounded, ",f" if s.grouped else "f") + exponent_text
    text = f"{rounded:f}"
    whole, _, frac = text.partition(".")
    if len(frac) > s.min_decimals:
        frac = frac.rstrip("0")
        frac = frac + "0" * (s.min_decimals - len(frac))
    if s.inner:
        whole = _laid_out("" if whole == "0" else whole, s)
    elif whole == "0" and s.int_zeros == 0:
        whole = ""
    elif len(whole) < s.int_zeros:
        whole = whole.zfill(s.int_zeros)
    if s.grouped:
        whole = _GROUPS.sub(",", whole)
    point = "." if frac or s.max_decimals else ""
    return f"{whole}{point}{frac}{exponent_text}"


def _fraction(number: Decimal, most: int, whole_mark: str | None, fixed: bool) -> str:
    """``number`` (not negative) as a fraction whose denominator is at most ``most``, the
    nearest one, as Excel writes it: after its whole number (``1 1/2``), a whole number alone
    where no fraction is left (``2``; 0.96 at ``# ?/?`` is ``1``), a zero whole number left out
    unless its mark is ``0``; without a whole number, improper (``3/2``). A ``fixed``
    denominator is kept: the nearest count of its parts (:func:`_fixed_fraction`)."""
    if fixed:
        return _fixed_fraction(number, most, whole_mark)
    if whole_mark is None:
        part = Fraction(number).limit_denominator(most)
        return f"{part.numerator}/{part.denominator}"
    whole = int(number)
    part = Fraction(number - whole).limit_denominator(most)
    if part == 1:
        whole, part = whole + 1, Fraction(0)
    if not part:
        return str(whole)
    head = str(whole) if whole or whole_mark == "0" else ""
    return f"{head} {part.numerator}/{part.denominator}".strip()


def _fixed_fraction(number: Decimal, denominator: int, whole_mark: str | None) -> str:
    """``number`` (not negative) in parts of ``denominator`` (``# ?/8``), as Excel shows it and
    SheetJS's SSF writes it: the number times the denominator rounded half up (2.375 is ``2
    3/8``, 2.4, 19.2 eighths, ``2 3/8``, 2.4375, 19.5 eighths, ``2 4/8``), the fraction not
    reduced (2.5 is ``2 4/8``); a whole number alone where no part is left (3, 2.99: ``3``); a
    zero whole number left out unless its mark is ``0`` (0.375 is ``3/8``, ``0 3/8`` at ``0
    ?/8``); without a whole number, improper (``19/8``)."""
    parts = int((number * denominator).to_integral_value(ROUND_HALF_UP, _WIDE))
    if whole_mark is None:
        return f"{parts}/{denominator}"
    whole, rest = divmod(parts, denominator)
    if not rest:
        return str(whole)
    head = str(whole) if whole or whole_mark == "0" else ""
    return f"{head} {rest}/{denominator}".strip()


def _laid_out(whole: str, s: _Section) -> str:
    """The integer digits ``whole`` ("" for none) in placeholders with text between them, as
    Excel fills them: from the right, a ``0`` without a digit showing 0 and a ``#`` nothing, the
    digits beyond the placeholders all in the first, every text shown where it is written."""
    count, zeros = s.digits, s.int_zeros
    spare = max(len(whole) - count, 0)  # digits beyond the placeholders, in the first
    texts = dict(s.inner)
    out: list[str] = []
    for i in range(count):
        out.append(texts.get(i, ""))
        at = i - (count - len(whole))  # the digit in this placeholder, counted from the left
        if i == 0 and spare:
            out.append(whole[: spare + 1])
        elif at >= 0:
            out.append(whole[at])
        elif i >= count - zeros:  # a 0 placeholder without a digit
            out.append("0")
    return "".join(out)


def compile_format(code: str) -> NumberFormat | None:
    """The format of ``code``; None for General and for a code whose display is not understood."""
    parts = _split(code)
    if not parts or parts[0].strip().casefold() == "general":
        return None
    sections: list[_Section] = []
    for i, part in enumerate(parts[:3]):
        # a section chosen by a condition may be text alone, as the one for zero may
        section = _section(part, zero=i == 2 or (i > 0 and sections[0].condition is not None))
        if section is None:
            return None
        sections.append(section)
    if any(s.condition is not None for s in sections[1:]) and sections[0].condition is None:
        return None  # a condition on the second section or the third only
    if len(sections) > 2 and sections[2].condition is not None:
        return None  # Excel takes conditions on the first two sections only
    return NumberFormat(tuple(sections))


def _split(code: str) -> list[str]:
    parts, start = [], 0
    for m in _SECTION.finditer(code):
        if m.group(0) == ";":
            parts.append(code[start : m.start()])
            start = m.end()
    parts.append(code[start:])
    return parts


#: a section of a fraction: an optional colour, a whole number's placeholders and a space, the
#: numerator's, a slash and the denominator's placeholders or a fixed denominator (``# ?/8``,
#: ``# ??/16``)
_FRACTION = re.compile(
    r"(?i)(?:\[(?:black|blue|cyan|green|magenta|red|white|yellow|color\d{1,2})\])?"
    r"\s*(?:([#0?]+) +)?[#0?]+ */ *([#0?]+|[1-9][0-9]{0,5})\s*"
)


def _section(part: str, *, zero: bool) -> _Section | None:
    fraction = _FRACTION.fullmatch(part)
    if fraction is not None:
        whole, denominator = fraction.groups()
        mark = None if whole is None else ("0" if "0" in whole else "#")
        fixed = denominator[0] in "123456789"  # 0 is a placeholder, not a denominator
        most = int(denominator) if fixed else 10 ** min(len(denominator), 6) - 1
        return _Section("", "", 0, 0, 0, 0, False, False, fraction=(most, mark, fixed))
    prefix: list[str] = []
    suffix: list[str] = []
    digits = ""  # the placeholders, point and separators, in order
    exponent: str | None = None
    percent = False
    condition: tuple[str, Decimal] | None = None
    inner: list[tuple[int, str]] = []  # text between integer placeholders (see _Section.inner)
    done = False  # past the number: literals go to the suffix
    for m in _TOKEN.finditer(part):
        quoted, escaped, pad, fill, bracket, sci, char = m.groups()
        literal = None
        if quoted is not None:
            literal = quoted
        elif escaped is not None:
            literal = escaped
        elif pad is not None:
            literal = " "
        elif fill is not None:
            literal = " "  # a fill spreads the text over the cell: a space between its parts
        elif bracket is not None:
            if bracket.startswith("$"):
                literal = bracket[1:].split("-", 1)[0]
            elif bracket.casefold() in _COLOURS or re.fullmatch(r"(?i)color\d{1,2}", bracket):
                continue
            elif bracket[:1] in ("<", ">", "=") and condition is None and not (prefix or digits):
                found = _CONDITION.fullmatch(bracket)
                if found is None:
                    return None  # a condition Excel would refuse
                condition = (found.group(1), Decimal(found.group(2)))
                continue
            else:
                return None  # a condition after text or a second one, elapsed time, a locale code …
        elif sci is not None:
            if not digits or exponent is not None:
                return None
            exponent = sci
            done = True
            continue
        elif char in "0#?":
            if done:
                # text between integer placeholders (a phone number's format …); after a
                # point, an exponent or a percent sign the digits are not laid out so
                text = "".join(suffix)
                if exponent is not None or percent or "." in digits or not text or "/" in text:
                    return None  # a slash between placeholders makes a fraction (# ?/?)
                inner.append((len(digits.replace(",", "")), text))
                suffix.clear()
                done = False
            digits += "#" if char == "?" else char
            continue
        elif char in ".,":
            if done or (char == "." and "." in digits):
                return None
            if not digits and char == ",":
                literal = char
            else:
                digits += char
                continue
        elif char == "%":
            percent = True
            literal = "%"
        elif char in _LITERAL:
            literal = char
        else:
            return None  # a date or time part, a text placeholder, General among literals …
        if literal is not None:
            if digits:
                done = True
                suffix.append(literal)
            else:
                prefix.append(literal)
    if not digits:
        if not (zero or condition) or exponent is not None or percent:
            return None
        return _Section(
            "".join(prefix),
            "".join(suffix),
            0,
            0,
            0,
            0,
            False,
            False,
            placeholders=False,
            condition=condition,
        )
    whole, point, frac = digits.partition(".")
    # commas after the last placeholder of the integer part or of the decimals scale the number
    # by a thousand each; others between integer placeholders group its digits
    scale = len(whole) - len(whole.rstrip(",")) + len(frac) - len(frac.rstrip(","))
    whole, frac = whole.rstrip(","), frac.rstrip(",")
    if "," in frac or (inner and "," in whole) or (scale and not whole and not frac):
        return None
    grouped = "," in whole
    whole = whole.replace(",", "")
    if not re.fullmatch(r"0*", frac.rstrip("#")) or not re.fullmatch(r"#*0*", whole):
        return None
    if len(frac) > _MAX_PLACES or len(whole) > _MAX_PLACES:
        return None  # more places than Excel shows
    if exponent is not None and (grouped or not whole or inner):
        return None
    plus = exponent is not None and exponent[1] == "+"
    prefix_text, suffix_text = "".join(prefix), "".join(suffix)
    return _Section(
        prefix_text,
        suffix_text,
        int_zeros=whole.count("0"),
        digits=len(whole),
        min_decimals=len(frac.rstrip("#")),
        max_decimals=len(frac),
        grouped=grouped,
        percent=percent,
        exponent=len(exponent) - 2 if exponent is not None else None,
        exp_plus=plus,
        signed=bool(_SIGNS.intersection(prefix_text + suffix_text)),
        condition=condition,
        scale=scale,
        inner=tuple(inner),
    )


# -- text --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TextFormat:
    """A format's text section that writes text around a text cell's own (``"Total: "@``):
    ``parts`` are its literal texts, None where ``@`` puts the cell's."""

    parts: tuple[str | None, ...]

    def show(self, text: str) -> str:
        """The cell's ``text`` as the section shows it (``Total: paper``), the literal text's
        spaces at either end left out, as a number's are."""
        return "".join(text if p is None else p for p in self.parts).strip(_SPACES)


_SPACES = " \xa0"


def text_format(code: str) -> TextFormat | None:
    """The text section of ``code`` that shows a text cell with text of its own around it
    (``"Total: "@``; the fourth section of ``0;-0;0;"Item "@``): Excel shows a text cell in the
    fourth section, or in the last of fewer where it holds an ``@``. None where there is no
    such section, where it shows the text alone (``@``, ``_(@_)``: nothing to change), where
    it holds no ``@`` (the cell would read as the section's text alone, its own lost: the
    stored text is kept) and for what is not understood."""
    parts = _split(code)
    section = parts[3] if len(parts) > 3 else parts[-1]
    shown: list[str | None] = []
    for m in _TOKEN.finditer(section):
        quoted, escaped, pad, fill, bracket, sci, char = m.groups()
        if quoted is not None or escaped is not None:
            shown.append(quoted if quoted is not None else escaped)
        elif pad is not None:
            shown.append(" ")
        elif fill is not None:
            continue  # spreads the text over the cell: no character of its own
        elif bracket is not None:
            if bracket.startswith("$"):
                shown.append(bracket[1:].split("-", 1)[0])
            elif not (bracket.casefold() in _COLOURS or re.fullmatch(r"(?i)color\d{1,2}", bracket)):
                return None  # a condition or a locale of its own: not a text section read here
        elif char == "@":
            shown.append(None)
        elif char is not None and char in _LITERAL:
            shown.append(char)
        else:
            return None  # a digit placeholder, a date part …: a number's section, not text
    if None not in shown or not "".join(p for p in shown if p is not None).strip(_SPACES):
        return None
    return TextFormat(tuple(shown))


# -- dates and times ---------------------------------------------------------------------------

#: what a code's first section says of dates: quoted text, an escaped character, padding or a
#: fill, a bracketed part, AM/PM, a date or time letter, the end of the section
_DATE_TOKEN = re.compile(r'"[^"]*"|\\.|_.|\*.|\[([^\]]*)\]|(am/pm|a/p)|([ydmhs])|;', re.I | re.S)
_ELAPSED = re.compile(r"(?i)h+|m+|s+")
#: the last serial number Excel shows as a date (9999-12-31)
_LAST_DAY = 2958465


def date_kind(code: str) -> str | None:
    """What the first section of ``code`` shows of a serial number, as python-calamine reads it:
    ``"date"`` (a date without a time: ``dd/mm/yyyy``, ``mmm yyyy``), ``"time"`` (``h:mm``),
    ``"datetime"`` (both), ``"duration"`` (elapsed time: ``[h]:mm``); None for a code without
    a date or time part. ``m`` is a month, unless the section has hours or seconds."""
    date = month = time = False
    for m in _DATE_TOKEN.finditer(code):
        bracket, am_pm, letter = m.groups()
        if m.group(0) == ";":
            break
        if bracket is not None:
            if _ELAPSED.fullmatch(bracket):
                return "duration"
        elif am_pm is not None:
            time = True
        elif letter is not None:
            letter = letter.lower()
            if letter in "hs":
                time = True
            elif letter == "m":
                month = True
            else:
                date = True
    date = date or (month and not time)
    if date:
        return "datetime" if time else "date"
    return "time" if time else None


#: the decimals of a second in a format's first section (``ss.00``, ``[ss].00``), quoted text
#: left out
_SECOND_DECIMALS = re.compile(r"(?i)s\]?\.(0+)")
_QUOTED = re.compile(r'"[^"]*"|\\.')
_MAX_SECOND_DECIMALS = 3  # Excel shows a second to the thousandth at most


def second_decimals(code: str) -> int:
    """How many decimals of a second the first section of ``code`` shows: 2 for
    ``h:mm:ss.00``, none for ``h:mm:ss`` or ``h:mm``."""
    first = _QUOTED.sub("", _split(code)[0])
    found = _SECOND_DECIMALS.search(first)
    return min(len(found.group(1)), _MAX_SECOND_DECIMALS) if found else 0


#: the parts of a format's first section that show a time: quoted text, an escaped character,
#: padding, a fill, an elapsed part (``[h]``), AM/PM or A/P, a run of hours, minutes (or months)
#: or seconds, a letter of a date; what lies between them is literal text (``:``, ``.``, ``'``)
_TIME_TOKEN = re.compile(
    r'"([^"]*)"|\\(.)|_(.)|\*.|\[([^\]]*)\]|(am/pm|a/p)|(h+|m+|s+)|([ydegb])|;', re.I | re.S
)
#: the built-in 47 as ECMA-376 and openpyxl write it, and as Excel shows it
_LISTED_47, _EXCEL_47 = "mmss.0", "mm:ss.0"


@dataclass(frozen=True)
class TimeParts:
    """What a format shows of a time: the hour (with at least ``hours`` digits on a clock of 12
    hours, two on one of 24 unless minutes or seconds have one; 0: no hour), the minutes, the seconds and their ``decimals``, each
    of two digits, or of as few as it takes where the format writes it with one letter (``m``,
    ``s``: Excel shows 9:05:03 at ``h:m:s`` as 9:5:3, and ``minute_digits``, ``second_digits``
    are 1); the marks of the morning and the afternoon of a clock of 12 hours (``AM``,
    ``PM`` for ``AM/PM``, as Excel writes them whatever their case; ``a``, ``p`` for ``a/p``,
    as written); ``elapsed``, the part of elapsed time counted whole, as bracketed (``h`` for
    ``[h]:mm:ss``, ``mm`` for ``[mm]:ss``: at least that many digits); ``separators``, the
    literal text the format writes between its parts, in order (``.`` for ``hh.mm``, ``'`` for
    ``mm'ss``, nothing for ``hhmm``; none where every one is a colon). The default is the time of
    :meth:`datetime.time.isoformat` (``hh:mm:ss``)."""

    hours: int = 2
    minutes: bool = True
    seconds: bool = True
    decimals: int = 0
    am_pm: tuple[str, str] | None = None
    elapsed: str = ""
    minute_digits: int = 2
    second_digits: int = 2
    separators: tuple[str, ...] = ()

    @property
    def iso(self) -> bool:
        """Whether the time reads as Python writes a time (02:02:59) or, for elapsed hours, a
        duration (26:02:59): hours of 24, minutes and whole seconds."""
        return (
            bool(self.hours or self.elapsed == "h")
            and self.minutes
            and self.seconds
            and not self.decimals
            and self.am_pm is None
            and self.elapsed in ("", "h")
            and self.minute_digits == self.second_digits == 2
            and not self.separators
        )

    def text(self, units: int) -> str:
        """The time of ``units`` (a count of the smallest part shown: a second, or a tenth …
        of one with decimals) since the start of its day, or elapsed, as this shows it."""
        scale = 10**self.decimals
        whole, part = divmod(units, scale)
        unit, width = self.elapsed[:1], len(self.elapsed)
        texts = []
        hour = whole // 3600 % 24
        if self.hours or unit == "h":
            if unit == "h":
                texts.append(str(whole // 3600).zfill(width))
            elif self.am_pm is not None:
                texts.append(str(hour % 12 or 12).zfill(self.hours))
            elif self.minute_digits == self.second_digits == 2:
                texts.append(f"{hour:02d}")
            else:  # minutes or seconds of one digit: the hour as Excel shows it too (9:5, not 09:5)
                texts.append(str(hour).zfill(self.hours))
        if self.minutes or unit == "m":
            minute = whole // 60 % 60
            texts.append(
                str(whole // 60).zfill(width) if unit == "m" else str(minute).zfill(self.minute_digits)
            )
        if self.seconds or unit == "s":
            second = str(whole).zfill(width) if unit == "s" else str(whole % 60).zfill(self.second_digits)
            texts.append(f"{second}.{part:0{self.decimals}d}" if self.decimals else second)
        separators = self.separators
        if len(separators) != len(texts) - 1:  # parts out of the usual order: colons
            separators = (":",) * max(len(texts) - 1, 0)
        text = "".join(s + t for s, t in zip(("", *separators), texts, strict=False))
        if self.am_pm is not None:
            text = f"{text} {self.am_pm[hour >= 12]}".strip()
        return text


def time_parts(code: str) -> TimeParts:
    """What the first section of ``code`` shows of a time (:class:`TimeParts`): ``m`` is a
    minute after an hour or before a second (``h:mm``, ``mm:ss``), else a month. The literal
    text between two parts of a time (``hh.mm``, ``h"h"mm``, ``mm\\'ss``) is kept as it is
    written; the built-in 47, listed as ``mmss.0``, is Excel's ``mm:ss.0``."""
    if code == _LISTED_47:
        code = _EXCEL_47
    # (h, m, s, an elapsed part's unit or d for a date; the text; the literal text before it
    # since the part before, None after AM/PM or where nothing comes before)
    letters: list[tuple[str, str, str | None]] = []
    am_pm = None
    between: str | None = None  # the literal text since the last part
    end = 0
    for m in _TIME_TOKEN.finditer(code):
        quoted, escaped, pad, bracket, mark, run, date = m.groups()
        if between is not None:
            between += code[end : m.start()]  # characters shown as they are (: . ' - space)
        end = m.end()
        if m.group(0) == ";":
            break
        if quoted is not None or escaped is not None or pad is not None:
            if between is not None:
                between += " " if pad is not None else quoted if quoted is not None else escaped
        elif bracket is not None:
            if _ELAPSED.fullmatch(bracket):
                letters.append(("[" + bracket[0].lower(), bracket.lower(), between))
                between = ""
        elif mark is not None:
            between = None
            if am_pm is None:
                am_pm = ("AM", "PM") if len(mark) == 5 else (mark[0], mark[2])
        elif run is not None:
            letters.append((run[0].lower(), run, between))
            between = ""
        elif date is not None:
            letters.append(("d", date, between))
            between = ""
    hours = 0
    minutes = seconds = False
    minute_digits = second_digits = 0  # the longest run of each (1: m or s alone)
    elapsed = ""
    separators: list[str] = []
    shown_before = False  # whether the part before is one of the time's
    for i, (letter, text, before_text) in enumerate(letters):
        shown = True
        if letter.startswith("["):
            elapsed = elapsed or text
        elif letter == "h":
            hours = max(hours, min(len(text), 2))
        elif letter == "s":
            seconds = True
            second_digits = max(second_digits, min(len(text), 2))
        elif letter == "m":
            before = letters[i - 1][0] if i else ""
            after = letters[i + 1][0] if i + 1 < len(letters) else ""
            shown = before in ("h", "[h") or after in ("s", "[s")
            if shown:
                minutes = True
                minute_digits = max(minute_digits, min(len(text), 2))
        else:
            shown = False
        if shown and shown_before:
            separators.append(":" if before_text is None else before_text)
        shown_before = shown
    decimals = second_decimals(code) if seconds or elapsed[:1] == "s" else 0
    return TimeParts(
        hours,
        minutes,
        seconds,
        decimals,
        am_pm,
        elapsed,
        minute_digits or 2,
        second_digits or 2,
        tuple(separators) if any(s != ":" for s in separators) else (),
    )


@dataclass(frozen=True)
class DateFormat:
    """A format of ``kind`` (see :func:`date_kind`), in a workbook of the 1900 or the 1904 date
    system."""

    kind: str
    base_1904: bool = False
    #: what the format shows of a time (:func:`time_parts`), for a time, a date and time or
    #: elapsed time shown as Excel shows it; None: as python-calamine reads it, to the microsecond
    time: TimeParts | None = None

    def value(self, serial: float) -> dt.date | dt.datetime | dt.time | dt.timedelta | str | None:
        """The cell's value as python-calamine gives a cell of this format in an .xlsx: a whole
        number a date, one below 1 a time of day, others a date and time, elapsed time a
        duration; but a format without a time the date alone (Excel shows ``2023-03-15`` for
        45000.25 at ``yyyy-mm-dd``). With :attr:`time`, a time as Excel shows it, a whole day
        in a format of a date and time with its midnight (:meth:`_shown`). None for what Excel shows as no date (negative, past 9999-12-31, not
        finite)."""
        from openpyxl.utils.datetime import MAC_EPOCH, WINDOWS_EPOCH, from_excel

        serial = float(serial)
        if not math.isfinite(serial) or not -_LAST_DAY <= serial <= _LAST_DAY:
            return None
        if self.kind == "duration":
            if self.time is not None:
                return self._elapsed(serial, self.time)
            return from_excel(serial, timedelta=True)
        if serial < 0:
            return None
        if self.time is not None and self.kind != "date":
            return self._shown(serial, self.time)
        try:
            value = from_excel(serial, MAC_EPOCH if self.base_1904 else WINDOWS_EPOCH)
        except OverflowError:  # past 9999-12-31 counted from 1904
            return None
        if type(value) is not dt.datetime:
            return value  # a time of day
        if self.kind == "date" or serial.is_integer():
            return value.date()
        return value

    @staticmethod
    def _elapsed(serial: float, parts: TimeParts) -> dt.timedelta | str:
        """Elapsed time as Excel shows it, rounded to the nearest second (or to the decimals of
        a second the format shows), the minus sign kept: 1.0854 at ``[h]:mm:ss`` is 26:02:59,
        at ``[mm]:ss`` 1562:59. A duration where it reads as one (``[h]:mm:ss``), else text."""
        units = math.floor(abs(serial) * 86400 * 10**parts.decimals + 0.5)
        if parts.iso:
            return dt.timedelta(seconds=-units if serial < 0 else units)
        return ("-" if serial < 0 and units else "") + parts.text(units)

    def _shown(self, serial: float, parts: TimeParts) -> dt.time | dt.datetime | dt.date | str | None:
        """A time or a date and time as Excel shows it: rounded to the nearest second (or to the
        decimals of a second the format shows: 10:10:10.1 at ``h:mm:ss.0``), then the parts the
        format shows (06:00 at ``h:mm``, 1:05 PM at ``h:mm AM/PM``: no part rounded further), a
        time of a format of times the time of day, whatever the days before it (1.0854 at
        ``h:mm:ss`` is 02:02:59, Excel's 2:02:59), a whole day in a format of a date and time its
        midnight, as Excel shows it (45001 at ``m/d/yy h:mm`` is 2023-03-16 00:00, Excel's
        3/16/23 0:00). A time (a date and time) where it reads as Python writes one
        (:attr:`TimeParts.iso`), else text."""
        from openpyxl.utils.datetime import MAC_EPOCH, WINDOWS_EPOCH, from_excel

        scale = 10**parts.decimals
        days, rest = divmod(math.floor(serial * 86400 * scale + 0.5), 86400 * scale)
        whole = rest // scale
        time = dt.time(whole // 3600, whole // 60 % 60, whole % 60)
        text = "" if parts.iso else parts.text(rest)
        if self.kind == "time":
            return text or time
        try:
            day = from_excel(days, MAC_EPOCH if self.base_1904 else WINDOWS_EPOCH)
        except OverflowError:  # past 9999-12-31 counted from 1904
            return None
        if type(day) is not dt.datetime:
            return text or time  # day 0 of the 1900 system: a time of day, as read
        return f"{day.date().isoformat()} {text}" if text else dt.datetime.combine(day.date(), time)
