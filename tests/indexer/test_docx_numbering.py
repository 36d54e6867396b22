"""List levels from numbering.xml are looked up per numId, from the end of the part: the result must
be what a table of every w:num and w:abstractNum child (the last of an id winning) gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from indexer import extract_bytes
from indexer.formats.docx import _Numbering
from tests.indexer.formats.test_docx import build_docx, para

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def w(tag: str) -> str:
    return f"{{{W}}}{tag}"


def _as_int(value: str | None) -> int | None:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


def reference(root: etree._Element, num_id: str, ilvl: int) -> tuple[bool, int]:
    """Every child indexed first, the last of an id kept; then the level read from the table."""
    abstract: dict[str, etree._Element] = {}
    nums: dict[str, str] = {}
    for child in root:
        if child.tag == w("abstractNum"):
            abstract[child.get(w("abstractNumId")) or ""] = child
        elif child.tag == w("num"):
            ref = child.find(w("abstractNumId"))
            if ref is not None:
                nums[child.get(w("numId")) or ""] = ref.get(w("val")) or ""
    levels: dict[int, tuple[bool, int]] = {}
    an = abstract.get(nums.get(num_id, ""))
    if an is not None:
        for lvl in an.iter(w("lvl")):
            fmt = lvl.find(w("numFmt"))
            value = (fmt.get(w("val")) if fmt is not None else "bullet") or "bullet"
            ppr = lvl.find(w("pPr"))
            ind = ppr.find(w("ind")) if ppr is not None else None
            indent = _as_int(ind.get(w("left")) or ind.get(w("start"))) if ind is not None else None
            levels[_as_int(lvl.get(w("ilvl"))) or 0] = (value not in ("bullet", "none"), indent or 0)
    return levels.get(ilvl, (False, 0))


def parse(body: str) -> etree._Element:
    return etree.fromstring(f'<w:numbering xmlns:w="{W}">{body}</w:numbering>'.encode())


def test_levels_by_hand() -> None:
    body = (
        # abstract 0 is defined twice: the second one counts
        '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="decimal"/></w:lvl>'
        "</w:abstractNum>"
        '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/>'
        '<w:pPr><w:ind w:left="720"/></w:pPr></w:lvl>'
        '<w:lvl w:ilvl="1"><w:numFmt w:val="lowerLetter"/><w:numFmt w:val="bullet"/>'
        '<w:pPr><w:ind w:start="1440"/></w:pPr><w:pPr><w:ind w:left="9"/></w:pPr></w:lvl>'
        "</w:abstractNum>"
        # an abstract list without an id answers a numId that names nothing
        '<w:abstractNum><w:lvl w:ilvl="2"><w:numFmt w:val="upperRoman"/></w:lvl></w:abstractNum>'
        '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>'
        # numId 2 is defined twice, the second time without a reference: the first one counts
        '<w:num w:numId="2"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"/>'
        '<w:num w:numId="3"><w:lvlOverride w:ilvl="0"/><w:abstractNumId w:val="7"/></w:num>'
        # numId 4 names abstract 7 (none such) and then abstract 0: the last one counts
        '<w:num w:numId="4"><w:abstractNumId w:val="7"/></w:num>'
        '<w:num w:numId="4"><w:abstractNumId w:val="0"/></w:num>'
    )
    numbering = _Numbering(parse(body))
    assert numbering.level("1", 0) == (False, 720)  # bullet, from the second abstract 0
    assert numbering.level("1", 1) == (True, 1440)  # the first numFmt and the first pPr count
    assert numbering.level("1", 5) == (False, 0)  # no such level
    assert numbering.level("2", 1) == (True, 1440)
    assert numbering.level("3", 0) == (False, 0)  # abstract 7 does not exist
    assert numbering.level("4", 0) == (False, 720)
    assert numbering.level("9", 2) == (True, 0)  # unknown numId: the abstract list without an id
    assert _Numbering(None).level("1", 0) == (False, 0)


ids = st.sampled_from(["", "1", "2", " 1"])
lvl = st.tuples(
    st.sampled_from([None, "0", "1", "x", "+1"]),
    st.lists(st.sampled_from(["decimal", "bullet", "none", ""]), max_size=2),
    st.lists(st.sampled_from([None, "360", "720", "-5", "a"]), max_size=2),
    st.booleans(),
)


def _lvl(data: tuple) -> str:
    ilvl, fmts, indents, start = data
    attr = f' w:ilvl="{ilvl}"' if ilvl is not None else ""
    inner = "".join(f'<w:numFmt w:val="{f}"/>' for f in fmts)
    for value in indents:
        name = "start" if start else "left"
        inner += f'<w:pPr><w:ind w:{name}="{value}"/></w:pPr>' if value is not None else "<w:pPr/>"
    return f"<w:lvl{attr}>{inner}</w:lvl>"


child = st.one_of(
    st.tuples(st.just("abstract"), st.one_of(st.none(), ids), st.lists(lvl, max_size=3)),
    st.tuples(st.just("num"), st.one_of(st.none(), ids), st.one_of(st.none(), ids)),
    st.tuples(st.just("other"), st.none(), st.none()),
)


def _child(data: tuple) -> str:
    kind, ident, rest = data
    if kind == "abstract":
        attr = f' w:abstractNumId="{ident}"' if ident is not None else ""
        return f"<w:abstractNum{attr}>{''.join(_lvl(x) for x in rest)}</w:abstractNum>"
    if kind == "num":
        attr = f' w:numId="{ident}"' if ident is not None else ""
        ref = f'<w:abstractNumId w:val="{rest}"/>' if rest is not None else ""
        return f"<w:num{attr}>{ref}</w:num>"
    return '<w:numPicBullet w:numPicBulletId="1"><w:num w:numId="1"/></w:numPicBullet>'


@settings(max_examples=200, deadline=None)
@given(st.lists(child, max_size=8), st.lists(st.tuples(ids, st.integers(0, 2)), min_size=1, max_size=4))
def test_levels_as_a_full_table_gives_them(children: list, asks: list) -> None:
    root = parse("".join(_child(c) for c in children))
    numbering = _Numbering(root)
    for num_id, ilvl in asks:
        assert numbering.level(num_id, ilvl) == reference(root, num_id, ilvl)


def test_the_numbering_part_is_read_only_when_a_paragraph_is_numbered() -> None:
    # Most documents with a numbering part number none of their paragraphs; it is no longer read
    # for them (it was parsed for every document). A damaged one shows it: it is reported only
    # when a paragraph needs it.
    damaged = {"word/numbering.xml": b"<w:numbering><w:num"}
    rels = {"rIdNum": ("numbering", "numbering.xml")}
    plain = extract_bytes(build_docx(para("No lists here."), rels=rels, files=damaged), "p.docx")
    assert plain.text == "No lists here." and plain.coverage.warnings == ()
    numbered = '<w:p><w:pPr><w:numPr><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>Item</w:t></w:r></w:p>'
    listed = extract_bytes(build_docx(numbered, rels=rels, files=damaged), "l.docx")
    assert [b.kind for b in listed.blocks] == ["list"]
    assert any("numbering.xml" in w for w in listed.coverage.warnings)
