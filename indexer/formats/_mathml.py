"""MathML (presentation markup) in the linear format Word shows, as :func:`._ooxml.omml_linear`
writes Office Math: ``x^2``, ``a_n``, ``(a+b)/c``, ``∑_(n=1)^∞``, ``√(b^2-4ac)``, a fraction
without a bar ``n¦k``, a table ``■(a&b@c&d)``. Read as their text, the elements of an equation run
together in no order a reader can follow (``x = − b ± b 2 − 4 a c 2 a`` for the quadratic formula).

The reader works on :class:`MathNode`, a small tree made from whatever parser holds the markup
(:func:`from_lexbor` for an HTML page's ``<math>``, :func:`from_lxml` for an OpenDocument
formula's)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lxml import etree

from ._ooxml import math_bracketed, math_operand

_MAX_DEPTH = 64  # deeper (never seen) is read as its plain text
#: elements whose children read one after another
_ROWS = frozenset(
    ("math", "mrow", "mstyle", "mpadded", "menclose", "merror", "mtd", "maction", "mlabeledtr", "mtr")
)
#: token elements: their text
_TOKENS = frozenset(("mi", "mn", "mo", "mtext", "ms"))
#: what shows nothing: a phantom takes room without showing, annotations are other forms of the
#: same equation (TeX, content MathML), the markers of a multiscript
_SILENT = frozenset(("mphantom", "annotation", "annotation-xml", "none", "mprescripts"))
#: invisible operators: function application, invisible times, separator, plus
_INVISIBLE = str.maketrans({"\u2061": " ", "\u2062": None, "\u2063": None, "\u2064": None})
#: elementary math (a long division, a column addition): numbers laid out in rows, read one after
#: another apart
_ELEMENTARY = frozenset(("mstack", "mlongdiv", "msgroup", "msrow", "mscarries", "mscarry"))
#: a brace or bar stretched over or under an expression: it goes before it, as Word writes one
_STRETCHED = frozenset("⏞⏟︷︸⎴⎵⏜⏝‾¯_")
#: the elements after which a letter or digit reads as part of their last script
_SCRIPTS = frozenset(("msup", "msub", "msubsup", "munder", "mover", "munderover", "mmultiscripts"))


@dataclass(frozen=True, slots=True)
class MathNode:
    """An element of an equation: its local name, attributes, text (of a token) and children."""

    name: str
    attrs: dict[str, str]
    text: str = ""
    children: tuple[MathNode, ...] = ()


def from_lexbor(node: Any, depth: int = 0) -> MathNode:
    """The tree of a ``<math>`` element as selectolax's Lexbor parser holds it (a prefix such as
    ``m:`` dropped from the names)."""
    name = (node.tag or "").rpartition(":")[2].lower()
    attrs = {k.rpartition(":")[2].lower(): v or "" for k, v in (node.attributes or {}).items()}
    if name in _TOKENS or depth > _MAX_DEPTH:
        return MathNode(name, attrs, node.text(deep=True) or "")
    kids = tuple(from_lexbor(c, depth + 1) for c in node.iter(include_text=False))
    return MathNode(name, attrs, "", kids)


def from_lxml(el: Any, depth: int = 0) -> MathNode:
    """The tree of a ``math`` element parsed by lxml (names without their namespace; comments and
    processing instructions passed over)."""
    name = etree.QName(el).localname.lower()
    attrs = {etree.QName(k).localname.lower(): v for k, v in el.attrib.items()}
    if name in _TOKENS or depth > _MAX_DEPTH:
        return MathNode(name, attrs, "".join(el.itertext()))
    kids = tuple(from_lxml(c, depth + 1) for c in el if isinstance(c.tag, str))
    return MathNode(name, attrs, "", kids)


def mathml_linear(node: MathNode, edges: bool = False) -> str:
    """The equation ``node`` (a ``<math>`` or any part of one) in the linear format; its
    ``alttext`` when its markup shows no text. With ``edges`` (an equation in a line of text), a
    space at its start or its end is kept, as one, as an ``<mtext>`` inside it keeps its own: an
    ``<mtext>``'s (an author writes it as a no-break space for it to show: MathML 3 §2.1.7 trims
    the spaces, tabs and line breaks at a token's ends, not the others) or an ``<mspace>``; left
    out, the word beside the equation ran into it (``A<math><mtext>&nbsp;if&nbsp;</mtext></math>B``
    read ``AifB``)."""
    linear = _linear(node)
    text = " ".join(linear.split())
    if not text:
        return " ".join(node.attrs.get("alttext", "").split())
    if edges:
        text = (" " if linear[:1].isspace() else "") + text + (" " if linear[-1:].isspace() else "")
    return text


def _linear(node: MathNode) -> str:
    name, kids = node.name, node.children
    if name in _TOKENS:
        text = node.text.translate(_INVISIBLE)
        if name in ("mtext", "ms"):  # words: a space at either end kept, as one
            inner = " ".join(text.split())
            if name == "ms":
                return f'"{inner}"'
            return (
                (" " if text[:1].isspace() else "") + inner + (" " if text[-1:].isspace() and inner else "")
            )
        if name == "mo" and "\u2061" in node.text and not text.strip():
            return " "  # a function applied to its argument: sin x
        return "".join(text.split()) if name == "mn" else " ".join(text.split())
    if name in _SILENT:
        return ""
    if name == "mspace":
        return " "
    if name == "semantics":  # the presentation, before its annotations
        return _linear(kids[0]) if kids else ""
    parts = [_linear(k) for k in kids]
    if name in _ELEMENTARY:
        return " ".join(p.strip() for p in parts if p.strip())
    if name in ("munder", "mover") and len(parts) == 2 and parts[1].strip() in _STRETCHED:
        return parts[1].strip() + _operand(parts[0].strip())
    if name in ("msup", "msub", "msubsup", "munder", "mover", "munderover") and parts:
        base = _operand(parts[0].strip())
        under = (
            parts[1].strip() if name in ("msub", "msubsup", "munder", "munderover") and len(parts) > 1 else ""
        )
        over_at = 1 if name in ("msup", "mover") else 2
        over = parts[over_at].strip() if name not in ("msub", "munder") and len(parts) > over_at else ""
        if name == "mover" and len(over) == 1 and not over.isalnum() and node.attrs.get("accent") == "true":
            return base + over  # an accent over its base (x̄ written x¯)
        return base + (f"_{_operand(under)}" if under else "") + (f"^{_operand(over)}" if over else "")
    if name == "mfrac" and len(parts) == 2:
        num, den = (p.strip() for p in parts)
        if node.attrs.get("linethickness", "").strip() in ("0", "0px", "0em", "0pt"):
            return f"{num}¦{den}"
        return f"{_operand(num)}/{_operand(den)}"
    if name == "msqrt":
        return f"√{_operand(_row(kids, parts).strip())}"
    if name == "mroot" and len(parts) == 2:
        base, index = (p.strip() for p in parts)
        if index in ("3", "4"):
            return f"{'∛' if index == '3' else '∜'}{_operand(base)}"
        return f"√({index}&{base})"
    if name == "mfenced":
        opening, closing = node.attrs.get("open", "("), node.attrs.get("close", ")")
        separators = "".join(node.attrs.get("separators", ",").split()) or ""
        inner = ""
        for i, part in enumerate(p.strip() for p in parts):
            if i:
                inner += separators[min(i - 1, len(separators) - 1)] if separators else ""
            inner += part
        return f"{opening}{inner}{closing}"
    if name == "mtable":
        rows = (
            "&".join(_linear(cell).strip() for cell in row.children if cell.name == "mtd")
            for row in kids
            if row.name in ("mtr", "mlabeledtr")
        )
        return f"■({'@'.join(rows)})"
    return _row(kids, parts)


def _operand(text: str) -> str:
    """A script, base or fraction argument (:func:`._ooxml.math_operand`); a brace stretched over
    a bracketed group (``⏞(a+b)``) is one already."""
    if text[:1] in _STRETCHED and (len(text) == 2 or math_bracketed(text[1:])):
        return text
    return math_operand(text)


def _row(kids: tuple[MathNode, ...], parts: list[str]) -> str:
    """Children one after another; a letter or digit right after a script is set apart by a
    space, as the linear format needs (``x^k a``, not ``x^ka``; ``∑_(n=1)^∞ a_n``)."""
    out: list[str] = []
    after_script = False
    for kid, text in zip(kids, parts, strict=True):
        if not text:
            continue
        if after_script and out and not out[-1][-1:].isspace() and text[:1].isalnum():
            out.append(" ")
        out.append(text)
        after_script = kid.name in _SCRIPTS
    return "".join(out)
