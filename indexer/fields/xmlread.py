"""A forgiving XML reader for model replies. Pure Python, never raises, linear work.

The reply is tokenised once (open tags with attributes, close tags, text, CDATA; comments,
processing instructions and doctypes skipped; a ``<`` that starts no tag is text) and built into a
tree with a stack, repairing what models get wrong:

- a close tag of an open ancestor closes everything opened since (unclosed children end there);
- a close tag whose element is not open (a *stray* close, e.g. ``<a>text</b>``) ends the innermost
  element if that element is never closed later in the reply; otherwise it is ignored;
- an element that is never closed and already holds text ends where the next element opens
  (``<text>hi<confidence>…`` reads ``text`` = ``hi`` and ``confidence`` as its sibling); one that
  is never closed and holds no text yet keeps the next elements as its children;
- whatever is still open at the end of the reply closes there.

The tree becomes plain values (:func:`element_value`): an element with only text (no attributes)
is its stripped text; one with attributes is a dict of them plus ``#text`` (its own text) unless it
was self-closing; one with child elements is a dict of attributes and children (a child wins a name
clash, repeated children become a list) plus ``#text`` holding its own text between the children,
each run stripped and joined by one space; an element with only child elements has no ``#text``.
Under case-insensitive reading (NORMAL, LOOSE) tag and attribute names are lower-cased.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from typing import Any

TEXT_KEY = "#text"
#: Elements deeper than this read as empty: no schema reaches them.
MAX_DEPTH = 200

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.:\-]*")
_TAG_STOP = re.compile(r"[>\"'<]")
_ATTR = re.compile(r"""([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>/]+)))?""")


@dataclass
class Element:
    """One element of the repaired tree (mutable while the tree is built, internal only)."""

    name: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Element] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)  # own text runs, one per gap between children
    self_closing: bool = False
    _gap: list[str] = field(default_factory=list)

    def add_text(self, text: str) -> None:
        self._gap.append(text)

    def end_gap(self) -> None:
        self.texts.append("".join(self._gap))
        self._gap = []

    def has_text(self) -> bool:
        return any(t.strip() for t in self._gap) or any(t.strip() for t in self.texts)


# -- tokens ----------------------------------------------------------------------------------------

OPEN, CLOSE, TEXT = "open", "close", "text"


def tokens(s: str, case_insensitive: bool):
    """Yield (kind, name, attrs, self_closing, text) tuples in order."""
    n = len(s)
    i = 0
    while i < n:
        lt = s.find("<", i)
        if lt < 0:
            yield TEXT, "", None, False, _decode(s[i:])
            return
        if lt > i:
            yield TEXT, "", None, False, _decode(s[i:lt])
        i = lt
        if s.startswith("<!--", i):
            end = s.find("-->", i + 4)
            i = n if end < 0 else end + 3
            continue
        if s.startswith("<![CDATA[", i):
            end = s.find("]]>", i + 9)
            body = s[i + 9 :] if end < 0 else s[i + 9 : end]
            yield TEXT, "", None, False, body
            i = n if end < 0 else end + 3
            continue
        if s.startswith("<?", i) or s.startswith("<!", i):
            end = s.find(">", i + 2)
            i = n if end < 0 else end + 1
            continue
        closing = s.startswith("</", i)
        m = _NAME.match(s, i + (2 if closing else 1))
        if m is None:
            yield TEXT, "", None, False, "<"
            i += 1
            continue
        name = m.group()
        if case_insensitive:
            name = name.lower()
        end, attr_text = _tag_end(s, m.end())
        if end < 0:
            if closing and s[m.end() :].strip() == "":
                yield CLOSE, name, None, False, ""  # a reply cut off inside its last close tag
                return
            yield TEXT, "", None, False, s[i : m.end()]
            i = m.end()
            continue
        if closing:
            yield CLOSE, name, None, False, ""
        else:
            stripped = attr_text.rstrip()
            self_closing = stripped.endswith("/")
            if self_closing:
                stripped = stripped[:-1]
            yield OPEN, name, _attrs(stripped, case_insensitive), self_closing, ""
        i = end + 1


def _tag_end(s: str, i: int) -> tuple[int, str]:
    """Index of the ``>`` ending the tag whose attributes start at ``i`` and the attribute text,
    or (-1, "") when no ``>`` comes before another ``<`` (then it was not a tag)."""
    start = i
    n = len(s)
    while i < n:
        m = _TAG_STOP.search(s, i)
        if m is None:
            return -1, ""
        c = m.group()
        j = m.start()
        if c == ">":
            return j, s[start:j]
        if c == "<":
            return -1, ""
        close = s.find(c, j + 1)
        if close < 0:
            return -1, ""
        i = close + 1
    return -1, ""


def _attrs(text: str, case_insensitive: bool) -> dict[str, str]:
    out: dict[str, str] = {}
    if not text.strip():
        return out
    for m in _ATTR.finditer(text):
        name = m.group(1)
        if case_insensitive:
            name = name.lower()
        value = m.group(2)
        if value is None:
            value = m.group(3)
        if value is None:
            value = m.group(4) or ""
        if name not in out:
            out[name] = _decode(value)
    return out


def _decode(text: str) -> str:
    return html.unescape(text) if "&" in text else text


# -- tree ------------------------------------------------------------------------------------------


def parse(s: str, case_insensitive: bool = True) -> Element:
    """The repaired tree under a nameless document element."""
    toks = list(tokens(s, case_insensitive))
    remaining: dict[str, int] = {}
    for kind, name, *_ in toks:
        if kind == CLOSE:
            remaining[name] = remaining.get(name, 0) + 1
    doc = Element(name="")
    stack: list[Element] = [doc]
    open_count: dict[str, int] = {}

    def doomed(el: Element) -> bool:  # will no close tag ever end it?
        return remaining.get(el.name, 0) < open_count.get(el.name, 0)

    def pop() -> None:
        el = stack.pop()
        el.end_gap()
        open_count[el.name] -= 1

    for kind, name, attrs, self_closing, text in toks:
        top = stack[-1]
        if kind == TEXT:
            if len(stack) > 1:
                top.add_text(text)
            continue
        if kind == OPEN:
            if len(stack) > 1 and not top.children and top.has_text() and doomed(top):
                pop()  # an unclosed element holding text ends where the next element opens
                top = stack[-1]
            el = Element(name=name, attrs=attrs or {}, self_closing=self_closing)
            top.end_gap()
            top.children.append(el)
            if self_closing or len(stack) > MAX_DEPTH:
                el.end_gap()
            else:
                stack.append(el)
                open_count[name] = open_count.get(name, 0) + 1
            continue
        # CLOSE
        remaining[name] -= 1
        if open_count.get(name, 0) > 0:
            while True:
                closed = stack[-1].name
                pop()
                if closed == name:
                    break
        elif len(stack) > 1 and doomed(top):
            pop()  # a stray close tag ends the unclosed innermost element
    while len(stack) > 1:
        pop()
    doc.end_gap()
    return doc


def find(root: Element, name: str) -> Element | None:
    """The first element named ``name`` in document order (names compared as stored)."""
    todo = list(reversed(root.children))
    while todo:
        el = todo.pop()
        if el.name == name:
            return el
        todo.extend(reversed(el.children))
    return None


# -- values ----------------------------------------------------------------------------------------


def element_value(el: Element, depth: int = 0) -> Any:
    """The plain value of an element (see the module docstring)."""
    if el.children:
        out: dict[str, Any] = dict(el.attrs)
        if depth < MAX_DEPTH:
            out.update(children_map(el, depth))
        text = " ".join(t.strip() for t in el.texts if t.strip())
        if text:
            out[TEXT_KEY] = text
        return out
    text = "".join(el.texts).strip()
    if el.attrs:
        out = dict(el.attrs)
        if not el.self_closing:
            out[TEXT_KEY] = text
        return out
    return text


def children_map(el: Element, depth: int = 0) -> dict[str, Any]:
    """An element's children by name; a repeated name becomes a list in document order."""
    out: dict[str, Any] = {}
    for child in el.children:
        value = element_value(child, depth + 1)
        if child.name in out:
            prev = out[child.name]
            if isinstance(prev, _Repeated):
                prev.append(value)
            else:
                out[child.name] = _Repeated([prev, value])
        else:
            out[child.name] = value
    return {k: (list(v) if isinstance(v, _Repeated) else v) for k, v in out.items()}


class _Repeated(list):
    """Marks a list made of repeated sibling elements (a real value is never one)."""


def read(s: str, root_name: str, case_insensitive: bool = True) -> tuple[bool, dict[str, Any]]:
    """(found, fields) for the first ``<root_name>`` element; found is False when there is none."""
    tree = parse(s, case_insensitive)
    root = find(tree, root_name.lower() if case_insensitive else root_name)
    if root is None:
        return False, {}
    value = element_value(root)
    if isinstance(value, dict):
        return True, value
    return True, {TEXT_KEY: value} if value else {}


def read_rootless(s: str, case_insensitive: bool = True) -> tuple[bool, dict[str, Any]]:
    """(found, fields) from the reply's top-level elements; found is False when there are none."""
    tree = parse(s, case_insensitive)
    if not tree.children:
        return False, {}
    return True, children_map(tree)
