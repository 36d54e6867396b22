"""Relationship targets are resolved against the part's folder as ``posixpath.normpath`` of the
joined path; the usual plain targets skip the normalisation, which must not change any result."""

from __future__ import annotations

import posixpath

from hypothesis import given
from hypothesis import strategies as st

from indexer.formats._ooxml import resolve_target


def reference(folder: str, target: str) -> str:
    if target.startswith("/"):
        return posixpath.normpath(target.lstrip("/"))
    return posixpath.normpath(posixpath.join(folder, target))


def test_usual_targets_by_hand() -> None:
    # what a Word package holds: word/_rels/document.xml.rels points at these
    assert resolve_target("word", "styles.xml") == "word/styles.xml"
    assert resolve_target("word", "media/image1.png") == "word/media/image1.png"
    assert resolve_target("word", "../customXml/item1.xml") == "customXml/item1.xml"
    assert resolve_target("word", "./theme//theme1.xml") == "word/theme/theme1.xml"
    assert resolve_target("", "word/document.xml") == "word/document.xml"
    assert resolve_target("ppt/slides", "/ppt/media/a.png") == "ppt/media/a.png"
    assert resolve_target("word", "media/") == "word/media"


segments = st.sampled_from(["a", "b.xml", ".", "..", "", " ", ".x", "x.", "\\"])
paths = st.lists(segments, max_size=5).map("/".join)


@given(paths, paths)
def test_same_as_normpath_of_the_join(folder: str, target: str) -> None:
    assert resolve_target(folder, target) == reference(folder, target)
