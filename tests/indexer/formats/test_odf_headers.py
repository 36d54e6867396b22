"""OpenDocument text: the page headers and footers of ``styles.xml`` in the document metadata."""

from __future__ import annotations

from indexer import extract_bytes
from tests.indexer.formats._odf_build import NAMESPACES, content_xml, odt_package

CONTENT = content_xml(
    "<text:h text:outline-level='1'>Harbour minutes</text:h><text:p>The board met at noon.</text:p>"
)
STYLES = f"<office:document-styles {NAMESPACES}><office:master-styles>{{}}</office:master-styles></office:document-styles>"


def _odt(styles: str | None) -> bytes:
    return odt_package(CONTENT, styles)


def test_headers_and_footers_are_read_into_the_metadata():
    # Nothing of styles.xml's master pages was read: the header and footer texts were lost. They
    # now come as Word's do: distinct texts joined by a newline, one line per paragraph, a tab a
    # space, page number and page count fields (whatever page was last laid out) left out, a
    # header switched off (style:display="false") skipped, the first-page header kept.
    standard = (
        '<style:master-page style:name="Standard">'
        "<style:header><text:p>Harbour Authority<text:tab/>Minutes</text:p></style:header>"
        '<style:header-left style:display="false"><text:p>Left unused</text:p></style:header-left>'
        "<style:header-first><text:p>Draft, first page</text:p></style:header-first>"
        "<style:footer><text:p>Page <text:page-number text:select-page='current'>3</text:page-number>"
        " of <text:page-count>9</text:page-count></text:p><text:p>Internal use only</text:p></style:footer>"
        "</style:master-page>"
    )
    landscape = (  # a second page style with the same header: listed once
        '<style:master-page style:name="Landscape">'
        "<style:header><text:p>Harbour Authority<text:tab/>Minutes</text:p></style:header>"
        "</style:master-page>"
    )
    doc = extract_bytes(_odt(STYLES.format(standard + landscape)), "t.odt")
    assert doc.metadata["header_text"] == "Harbour Authority Minutes\nDraft, first page"
    assert doc.metadata["footer_text"] == "Page of\nInternal use only"
    assert [b.text for b in doc.blocks] == ["Harbour minutes", "The board met at noon."]
    assert doc.coverage.warnings == ()


def test_a_document_without_headers_or_footers_has_none():
    plain = STYLES.format('<style:master-page style:name="Standard"/>')
    empty = STYLES.format(
        '<style:master-page style:name="Standard"><style:header><text:p/></style:header>'
        "<style:footer><text:p><text:page-number>1</text:page-number></text:p></style:footer>"
        "</style:master-page>"
    )
    for styles in (plain, empty, None):
        doc = extract_bytes(_odt(styles), "t.odt")
        assert (doc.metadata["header_text"], doc.metadata["footer_text"]) == (None, None)


def test_a_damaged_styles_part_costs_the_headers_not_the_document():
    damaged = STYLES.format('<style:master-page style:name="Standard"><style:header><text:p>Cut')
    doc = extract_bytes(_odt(damaged), "t.odt")
    assert (doc.metadata["header_text"], doc.metadata["footer_text"]) == (None, None)
    assert [b.text for b in doc.blocks] == ["Harbour minutes", "The board met at noon."]
    (warning,) = doc.coverage.warnings
    assert "styles.xml" in warning and "skipped" in warning


def test_real_world_documents_without_headers(real_world):
    # None of these has a header or footer in its styles.xml (checked by hand: their master pages
    # are empty); the form document's body still reads.
    for name in ("kreuzberg/footnote.odt", "py-pdf-samples_libreoffice-form.odt"):
        data = (real_world / "odt" / name).read_bytes()
        doc = extract_bytes(data, name.rsplit("/", 1)[-1])
        assert (doc.metadata["header_text"], doc.metadata["footer_text"]) == (None, None)
