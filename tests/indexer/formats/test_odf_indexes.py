"""OpenDocument text: the indexes a document holds, as last generated, and soft hyphens. A
bibliography (its references), a user-defined index and an index of tables were not read, nor
any index's title (``text:index-title``: "Contents" over a table of contents), and a soft
hyphen (U+00AD, where LibreOffice may break a word) stayed inside the word, so that a search for
it missed. Each document is built here; the expected text is the XML's own."""

from __future__ import annotations

from indexer import extract_bytes
from tests.indexer.formats._odf_build import content_xml, odt_package


def _texts(body: str) -> list[str]:
    return [b.text for b in extract_bytes(odt_package(content_xml(body)), "t.odt").blocks]


def _index(kind: str, title: str, *entries: str) -> str:
    # as LibreOffice writes an index: its source (the template, not text) and its body
    return (
        f'<text:{kind} text:name="{kind}1"><text:{kind}-source>'
        f"<text:index-title-template>{title}</text:index-title-template></text:{kind}-source>"
        f'<text:index-body><text:index-title text:name="{kind}1_Head"><text:p>{title}</text:p>'
        "</text:index-title>"
        + "".join(f"<text:p>{e}</text:p>" for e in entries)
        + f"</text:index-body></text:{kind}>"
    )


def test_a_bibliography_user_index_and_table_index_are_read_with_their_titles():
    body = (
        "<text:p>The wall was built in 1890.</text:p>"
        + _index("bibliography", "Bibliography", "[1] Harbour Board, Annual Report, 1891.")
        + _index("user-index", "Moorings", "North quay<text:tab/>4")
        + _index("table-index", "Index of Tables", "Table 1: Tides<text:tab/>2")
    )
    assert _texts(body) == [
        "The wall was built in 1890.",
        "Bibliography",
        "[1] Harbour Board, Annual Report, 1891.",
        "Moorings",
        "North quay 4",
        "Index of Tables",
        "Table 1: Tides 2",
    ]


def test_a_table_of_contents_keeps_its_title():
    body = (
        _index("table-of-content", "Contents", "Tides<text:tab/>1")
        + '<text:h text:outline-level="1">Tides</text:h>'
    )
    assert _texts(body) == ["Contents", "Tides 1", "Tides"]


def test_a_soft_hyphen_is_not_part_of_the_word():
    body = "<text:p>Die Hafen\u00admauer wurde 1890 ge\u00adbaut.</text:p>"
    assert _texts(body) == ["Die Hafenmauer wurde 1890 gebaut."]
