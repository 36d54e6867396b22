"""The package plumbing of ``_ooxml`` (relationships, core properties) read the way the plain
definitions below read them: the relationship part's name from ``posixpath.join``, every target
through ``posixpath.normpath`` of the join, the type's last segment from ``rsplit``, and the core
properties from a loop over every child's local name."""

from __future__ import annotations

import io
import posixpath
import zipfile
from xml.sax.saxutils import quoteattr

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from indexer.errors import ParseError
from indexer.formats import _ooxml
from indexer.formats._ooxml import RELS_NS, Rel


def _package(members: dict[str, bytes]) -> zipfile.ZipFile:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return zipfile.ZipFile(io.BytesIO(buf.getvalue()))


def _reference_target(folder: str, target: str) -> str:
    if target.startswith("/"):
        return posixpath.normpath(target.lstrip("/"))
    return posixpath.normpath(posixpath.join(folder, target))


def _reference_rels(zf: zipfile.ZipFile, part: str) -> dict[str, Rel]:
    folder, base = posixpath.split(part)
    name = posixpath.join(folder, "_rels", base + ".rels")
    if name not in zf.NameToInfo:
        return {}
    root = etree.fromstring(zf.read(name))
    out: dict[str, Rel] = {}
    for rel in root.iter(f"{{{RELS_NS}}}Relationship"):
        rid = rel.get("Id")
        if not rid:
            continue
        target = rel.get("Target") or ""
        external = rel.get("TargetMode") == "External"
        out[rid] = Rel(
            (rel.get("Type") or "").rsplit("/", 1)[-1],
            target if external else _reference_target(folder, target),
            external,
        )
    return out


def _rels_xml(rels: list[tuple[str, str | None, str | None, bool]]) -> bytes:
    items = []
    for rid, type_, target, external in rels:
        attrs = f" Id={quoteattr(rid)}"
        if type_ is not None:
            attrs += f" Type={quoteattr(type_)}"
        if target is not None:
            attrs += f" Target={quoteattr(target)}"
        if external:
            attrs += ' TargetMode="External"'
        items.append(f"<Relationship{attrs}/>")
    return f'<Relationships xmlns="{RELS_NS}">{"".join(items)}</Relationships>'.encode()


def test_a_word_package_by_hand() -> None:
    # the relationships python-docx's template writes for word/document.xml, read by eye
    zf = _package(
        {
            "word/document.xml": b"<x/>",
            "word/_rels/document.xml.rels": _rels_xml(
                [
                    ("rId1", f"{RELS_NS}/customXml", "../customXml/item1.xml", False),
                    ("rId2", "http://x/numbering", "numbering.xml", False),
                    ("rId9", "http://x/image", "media/image1.png", False),
                    ("rId10", "http://x/hyperlink", "https://example.org/a?b=1&c=2", True),
                    ("", "http://x/ignored", "no-id.xml", False),
                    ("rId11", None, None, False),
                ]
            ),
        }
    )
    rels = _ooxml.rels_of(zf, "word/document.xml", "t")
    assert rels == {
        "rId1": Rel("customXml", "customXml/item1.xml", False),
        "rId2": Rel("numbering", "word/numbering.xml", False),
        "rId9": Rel("image", "word/media/image1.png", False),
        "rId10": Rel("hyperlink", "https://example.org/a?b=1&c=2", True),
        "rId11": Rel("", "word", False),  # no Target: the folder itself, as normpath gives it
    }
    assert all(type(rel) is Rel for rel in rels.values())


def test_the_package_relationships_and_main_part() -> None:
    zf = _package(
        {
            "_rels/.rels": _rels_xml(
                [
                    ("rId1", "http://x/officeDocument", "http://elsewhere/doc.xml", True),
                    ("rId2", "http://x/officeDocument", "/word/main.xml", False),
                ]
            )
        }
    )
    assert _ooxml.rels_of(zf, "", "t")["rId2"] == Rel("officeDocument", "word/main.xml", False)
    # the external one is passed over
    assert _ooxml.main_part(zf, "t", "word/document.xml") == "word/main.xml"
    assert _ooxml.main_part(_package({"a": b""}), "t", "word/document.xml") == "word/document.xml"


def test_damaged_relationships_still_raise() -> None:
    zf = _package({"word/_rels/document.xml.rels": b"<Relationships><Relationship"})
    with pytest.raises(ParseError, match="malformed XML"):
        _ooxml.rels_of(zf, "word/document.xml", "t")


segments = st.sampled_from(["word", "media", "a.png", ".", "..", "", " ", ".x", "x.", "/"])
paths = st.lists(segments, max_size=4).map("/".join)
rel_items = st.lists(
    st.tuples(
        st.sampled_from(["rId1", "rId2", "rId3", ""]),
        st.one_of(st.none(), st.sampled_from(["", "image", "a/b/header", "/", "x/"])),
        st.one_of(st.none(), paths),
        st.booleans(),
    ),
    max_size=6,
)


@settings(max_examples=150, deadline=None)
@given(paths, rel_items)
def test_relationships_as_the_plain_definition_reads_them(part: str, rels: list) -> None:
    folder, base = posixpath.split(part)
    name = posixpath.join(folder, "_rels", base + ".rels")
    zf = _package({name: _rels_xml(rels)})
    got = _ooxml.rels_of(zf, part, "t")
    assert got == _reference_rels(zf, part)
    assert list(got) == list(_reference_rels(zf, part))  # the same order, duplicates too


CORE = "http://schemas.openxmlformats.org/package/2006/metadata/core-properties"
DC = "http://purl.org/dc/elements/1.1/"


def _reference_core(root: etree._Element) -> dict[str, str]:
    out: dict[str, str] = {}
    for el in root:
        if not isinstance(el.tag, str):
            continue
        local = etree.QName(el).localname
        if local in ("title", "creator"):
            value = " ".join((el.text or "").split())
            if value:
                out["title" if local == "title" else "author"] = value
    return out


def test_core_properties_by_hand() -> None:
    xml = (
        f'<cp:coreProperties xmlns:cp="{CORE}" xmlns:dc="{DC}">'
        "<dc:title>  First\n title </dc:title><?pi title?><dc:subject>no</dc:subject>"
        "<dc:creator>Kofi <!-- c --> Mensah</dc:creator><cp:title></cp:title>"
        "<dc:x><dc:title>nested, not read</dc:title></dc:x><creator>Last wins</creator>"
        "<dc:titles>other name</dc:titles></cp:coreProperties>"
    )
    zf = _package({"docProps/core.xml": xml.encode()})
    # the empty cp:title leaves the first title; the nested dc:title is not a child; the plain
    # <creator> (no namespace) replaces the dc:creator; dc:titles is another name
    assert _ooxml.core_properties(zf, "t") == {"title": "First title", "author": "Last wins"}
    assert _ooxml.core_properties(_package({"a": b""}), "t") == {}


names = st.sampled_from(["dc:title", "dc:creator", "cp:title", "title", "creator", "dc:titles", "x:creator"])
texts = st.sampled_from(["", " ", "A b", " two\twords ", "é"])


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(names, texts), max_size=6))
def test_core_properties_as_the_plain_definition_reads_them(children: list) -> None:
    body = "".join(f"<{name}>{text}</{name}>" for name, text in children)
    xml = f'<cp:coreProperties xmlns:cp="{CORE}" xmlns:dc="{DC}" xmlns:x="urn:x">{body}</cp:coreProperties>'
    zf = _package({"docProps/core.xml": xml.encode()})
    assert _ooxml.core_properties(zf, "t") == _reference_core(etree.fromstring(xml.encode()))


def _with_header_offset(data: bytes, name: bytes, offset: int) -> bytes:
    """The archive with its central directory entry for ``name`` pointing at ``offset``."""
    entry = data.rindex(b"PK\x01\x02")
    while data[entry + 46 : entry + 46 + len(name)] != name:
        entry = data.rindex(b"PK\x01\x02", 0, entry)
    return data[: entry + 42] + offset.to_bytes(4, "little") + data[entry + 46 :]


@pytest.mark.parametrize("back", [0, 1, 29, 30, 31])
def test_a_local_header_at_the_very_end_is_read_as_before(back: int) -> None:
    # the directory points the member at the last few bytes of the archive, where no whole
    # 30-byte local header fits (or exactly one does, made of directory bytes): the one-call
    # read gives up and the ordinary read refuses it, as it did
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("a.xml", b"<a/>" * 50)
    data = _with_header_offset(buf.getvalue(), b"a.xml", len(buf.getvalue()) - back)
    zf = zipfile.ZipFile(io.BytesIO(data))
    assert _ooxml._read_plain(zf, "a.xml") is None
    with pytest.raises(ParseError, match="cannot be read"):
        _ooxml.read(zf, "a.xml", "t")
    assert _ooxml.member_xml(zf, "b.xml", "t") is None


def _reference_main_part(zf: zipfile.ZipFile, default: str) -> str:
    for rel in _reference_rels(zf, "").values():
        if rel.type == "officeDocument" and not rel.external:
            return rel.target
    return default


def test_main_part_of_an_id_given_twice() -> None:
    # rId1 names the main part first and then an image: the image counts, so rId2's part is
    # the main one; rId3 comes later and is not reached
    zf = _package(
        {
            "_rels/.rels": _rels_xml(
                [
                    ("rId1", "http://x/officeDocument", "word/first.xml", False),
                    ("rId2", "http://x/officeDocument", "./word//second.xml", False),
                    ("rId1", "http://x/image", "a.png", False),
                    ("rId3", "http://x/officeDocument", "word/third.xml", False),
                ]
            )
        }
    )
    assert _ooxml.main_part(zf, "t", "word/document.xml") == "word/second.xml"


main_rels = st.lists(
    st.tuples(
        st.sampled_from(["rId1", "rId2", "rId3", ""]),
        st.sampled_from(
            [None, "officeDocument", "http://x/officeDocument", "http://x/image", "x/officeDocuments"]
        ),
        st.one_of(st.none(), paths),
        st.booleans(),
    ),
    max_size=6,
)


@settings(max_examples=150, deadline=None)
@given(main_rels)
def test_main_part_as_the_relationships_give_it(rels: list) -> None:
    zf = _package({"_rels/.rels": _rels_xml(rels)})
    assert _ooxml.main_part(zf, "t", "default.xml") == _reference_main_part(zf, "default.xml")
