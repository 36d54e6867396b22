"""OpenDocument text: what the document hides is not read (hidden text and paragraph fields whose
condition held when it was last shown, the Hidden character attribute of a style, a hidden
section), a template's placeholder fields are left out, and a note's label is the number it shows."""

from __future__ import annotations

from indexer import extract, extract_bytes
from tests.indexer.formats._odf_build import content_xml, odt_package


def _texts(body: str, styles: str = "", styles_xml: str | None = None) -> list[str]:
    doc = extract_bytes(odt_package(content_xml(body, styles), styles_xml), "shown.odt")
    return [b.text for b in doc.blocks]


def test_a_hidden_text_field_is_read_only_while_it_shows():
    # text:hidden-text (ODF 1.3 §7.7.5): its text is hidden while text:is-hidden is true
    body = (
        '<text:p>Room <text:hidden-text text:condition="ooow:Internal EQ 1" text:string-value="B12 " '
        'text:is-hidden="true">B12 </text:hidden-text>booked. Guests '
        '<text:hidden-text text:condition="ooow:Internal EQ 1" text:string-value="welcome" '
        'text:is-hidden="false">welcome</text:hidden-text>.</text:p>'
    )
    assert _texts(body) == ["Room booked. Guests welcome."]


def test_a_paragraph_a_hidden_paragraph_field_hides_is_left_out():
    # text:hidden-paragraph (§7.7.11) hides the paragraph it stands in, in a cell or list too
    hide = '<text:hidden-paragraph text:condition="ooow:1" text:is-hidden="true"/>'
    keep = '<text:hidden-paragraph text:condition="ooow:0" text:is-hidden="false"/>'
    body = (
        f"<text:p>{hide}Draft only</text:p><text:p>{keep}Final text</text:p>"
        "<text:list><text:list-item><text:p>first</text:p></text:list-item>"
        f"<text:list-item><text:p><text:span>{hide}</text:span>internal</text:p></text:list-item></text:list>"
        '<table:table xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"><table:table-row>'
        f"<table:table-cell><text:p>Tea</text:p><text:p>{hide}(supplier: X)</text:p></table:table-cell>"
        "<table:table-cell><text:p>2.50</text:p></table:table-cell></table:table-row></table:table>"
    )
    # the one-row table reads as a paragraph per cell
    assert _texts(body) == ["Final text", "first", "Tea", "2.50"]


#: T1 hides its text (the Hidden font effect); Note hides its paragraphs, Shown (derived from
#: it) turns them back on, Aside inherits the hiding from Note
HIDING_STYLES = (
    "<office:automatic-styles>"
    '<style:style style:name="T1" style:family="text"><style:text-properties text:display="none"/></style:style>'
    '<style:style style:name="Note" style:family="paragraph"><style:text-properties text:display="none"/></style:style>'
    '<style:style style:name="Aside" style:family="paragraph" style:parent-style-name="Note"/>'
    '<style:style style:name="Shown" style:family="paragraph" style:parent-style-name="Note">'
    '<style:text-properties text:display="true"/></style:style>'
    "</office:automatic-styles>"
)


def test_text_and_paragraphs_of_a_hiding_style_are_left_out():
    body = (
        '<text:p>Price <text:span text:style-name="T1">(cost 4) </text:span>9 euros</text:p>'
        '<text:p text:style-name="Note">editor note</text:p>'
        '<text:p text:style-name="Aside">aside</text:p>'
        '<text:p text:style-name="Shown">shown again</text:p>'
    )
    assert _texts(body, HIDING_STYLES) == ["Price 9 euros", "shown again"]


def test_a_hidden_section_is_left_out_and_a_conditional_one_read():
    # text:display (§19.819): "none" hides the section; "condition" hides it on a condition
    # the reader does not evaluate, so it is read
    body = (
        '<text:section text:name="Old" text:display="none"><text:p>Superseded clause</text:p></text:section>'
        '<text:section text:name="If" text:display="condition" text:condition="ooow:x EQ 1">'
        "<text:p>Clause on a condition</text:p></text:section>"
        '<text:section text:name="Plain"><text:p>Clause</text:p></text:section>'
    )
    assert _texts(body) == ["Clause on a condition", "Clause"]


def test_a_placeholder_field_of_a_template_is_left_out():
    # text:placeholder (ODF 1.3 §7.7.3): a prompt for text to be typed in its place, as a Word
    # content control's placeholder text is
    body = (
        '<text:p>Dear <text:placeholder text:placeholder-type="text" text:description="recipient">'
        "&lt;Name&gt;</text:placeholder>, thank you.</text:p>"
        '<text:p><text:placeholder text:placeholder-type="text">&lt;Subject&gt;</text:placeholder></text:p>'
        "<text:p>Regards</text:p>"
    )
    assert _texts(body) == ["Dear , thank you.", "Regards"]


def _notes_styles(footnote: str, endnote: str) -> str:
    return (
        '<office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
        'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"><office:styles>'
        f'<text:notes-configuration text:note-class="footnote" style:num-format="{footnote}"/>'
        f'<text:notes-configuration text:note-class="endnote" style:num-format="{endnote}"/>'
        "</office:styles></office:document-styles>"
    )


def _note(kind: str, citation: str, text: str) -> str:
    return (
        f'<text:note text:note-class="{kind}"><text:note-citation>{citation}</text:note-citation>'
        f"<text:note-body><text:p>{text}</text:p></text:note-body></text:note>"
    )


def test_an_endnote_label_is_the_number_shown_told_apart_only_from_footnotes_numbered_alike():
    body = f"<text:p>A{_note('footnote', '1', 'foot')} B{_note('endnote', 'i', 'end')}</text:p>"
    # LibreOffice's numbering (footnotes 1, 2 …, endnotes i, ii …): the endnote is [^i]
    assert _texts(body, styles_xml=_notes_styles("1", "i")) == ["A[^1] B[^i]", "[^1]: foot", "[^i]: end"]
    # and when the styles do not say
    assert _texts(body) == ["A[^1] B[^i]", "[^1]: foot", "[^i]: end"]
    # both numbered 1, 2 …: the endnote's label starts with e
    body = f"<text:p>A{_note('footnote', '1', 'foot')} B{_note('endnote', '1', 'end')}</text:p>"
    assert _texts(body, styles_xml=_notes_styles("1", "1")) == ["A[^1] B[^e1]", "[^1]: foot", "[^e1]: end"]
    # footnotes i, ii … and endnotes a, b … write the same kind of characters
    body = f"<text:p>A{_note('footnote', 'i', 'foot')} B{_note('endnote', 'a', 'end')}</text:p>"
    assert _texts(body, styles_xml=_notes_styles("i", "a")) == ["A[^i] B[^ea]", "[^i]: foot", "[^ea]: end"]


def test_real_world_endnote_label(real_world):
    # endnote.odt: content.xml cites the endnote as "i" (styles.xml: endnotes num-format="i",
    # footnotes "1")
    doc = extract(real_world / "odt" / "kreuzberg" / "endnote.odt")
    assert [b.text for b in doc.blocks] == ["Some text[^i] with an endnote.", "[^i]: Endnote text"]
