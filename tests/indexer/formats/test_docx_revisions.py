"""Tracked changes read as accepted: what a reviewer deleted (``w:del``) or moved away
(``w:moveFrom``) is not text, whatever it holds, and a row marked deleted is no row. Each
document is built here, so the expected text is the XML's own, read as Word shows it once the
changes are accepted."""

from __future__ import annotations

from indexer.api import extract
from tests.indexer.formats.test_docx import PNG, W_NS, build_docx, docx, drawing, para

WHO = 'w:author="Reviewer" w:date="2024-05-02T10:00:00Z"'


def _text(text: str) -> str:
    return f'<w:r><w:t xml:space="preserve">{text}</w:t></w:r>'


def test_text_moved_away_is_read_once_where_it_went():
    # Word writes the moved text twice: in w:moveFrom (in w:t, not w:delText) where it was, and
    # in w:moveTo where it went; only the second is the document's text
    body = (
        f'<w:p>{_text("Alpha. ")}<w:moveFrom w:id="1" {WHO}>{_text("Moved text.")}</w:moveFrom></w:p>'
        f'<w:p>{_text("Beta. ")}<w:moveTo w:id="2" {WHO}>{_text("Moved text.")}</w:moveTo></w:p>'
        # a whole paragraph moved away: its mark moved too (an empty w:moveFrom in its w:rPr)
        f'<w:p><w:pPr><w:rPr><w:moveFrom w:id="3" {WHO}/></w:rPr></w:pPr>'
        f'<w:moveFrom w:id="4" {WHO}>{_text("Whole paragraph.")}</w:moveFrom></w:p>'
        # moved away inside a hyperlink
        f'<w:p><w:hyperlink w:anchor="x">{_text("Link")}<w:moveFrom w:id="5" {WHO}>{_text(" old")}'
        "</w:moveFrom></w:hyperlink></w:p>"
    )
    assert [b.text for b in docx(build_docx(body)).blocks] == ["Alpha.", "Beta. Moved text.", "Link"]


def test_deleted_symbols_tabs_pictures_and_note_references_are_not_read():
    # a deleted run's text is w:delText, which was never read; what else it holds was: the
    # Symbol font's F061 (α), a tab, a picture and a footnote's reference
    deleted = (
        f'<w:del w:id="1" {WHO}><w:r><w:sym w:font="Symbol" w:char="F061"/><w:tab/>'
        "<w:delText>gone</w:delText></w:r>"
        + drawing("rIdImg", "A deleted picture")
        + '<w:r><w:footnoteReference w:id="2"/></w:r></w:del>'
    )
    body = f"<w:p>{_text('Kept')}{deleted}{_text(' text')}</w:p>"
    notes = '<w:footnote w:id="2"><w:p><w:r><w:t>A deleted note.</w:t></w:r></w:p></w:footnote>'
    doc = docx(
        build_docx(
            body,
            footnotes=notes,
            rels={"rIdImg": ("image", "media/image1.png")},
            files={"word/media/image1.png": PNG},
        )
    )
    assert [b.text for b in doc.blocks] == ["Kept text"]
    assert doc.images == ()
    assert doc.metadata["footnote_count"] == 0


def test_a_deleted_text_box_is_not_read():
    box = (
        "<w:r><w:pict><v:shape><v:textbox><w:txbxContent><w:p><w:r><w:t>Boxed</w:t></w:r></w:p>"
        "</w:txbxContent></v:textbox></v:shape></w:pict></w:r>"
    )
    body = f'<w:p>{_text("Before")}<w:del w:id="1" {WHO}>{box}</w:del></w:p>'
    assert [b.text for b in docx(build_docx(body)).blocks] == ["Before"]


def test_a_row_marked_deleted_is_no_row():
    def row(*texts: str, deleted: bool = False) -> str:
        mark = f'<w:trPr><w:del w:id="9" {WHO}/></w:trPr>' if deleted else ""
        cells = "".join(
            f'<w:tc><w:p><w:del w:id="10" {WHO}><w:r><w:delText>{t}</w:delText></w:r></w:del></w:p></w:tc>'
            if deleted
            else f"<w:tc><w:p>{_text(t)}</w:p></w:tc>"
            for t in texts
        )
        return f"<w:tr>{mark}{cells}</w:tr>"

    body = (
        "<w:tbl>"
        + row("Item", "Qty")
        + row("Pens", "4")
        + row("Ink", "2", deleted=True)
        + row("Pads", "7")
        + "</w:tbl>"
    )
    (table,) = docx(build_docx(body)).blocks
    assert table.header == ("Item", "Qty")
    # the row was read as a row of empty cells, between Pens and Pads
    assert table.rows == (("Pens", "4"), ("Pads", "7"))
    assert table.row_numbers == (2, 3)


def test_a_paragraph_mark_marked_deleted_keeps_its_text_joined_to_the_next():
    # the empty w:del in the run properties of the paragraph mark deletes the mark, not the
    # text: accepted, the paragraph's text runs on into the next paragraph (ECMA-376 17.13.5.15)
    body = f'<w:p><w:pPr><w:rPr><w:del w:id="1" {WHO}/></w:rPr></w:pPr>{_text("Part one,")}</w:p>' + para(
        " part two."
    )
    assert [b.text for b in docx(build_docx(body)).blocks] == ["Part one, part two."]


def test_changes_in_headers_footers_and_notes():
    header = (
        f'<w:hdr xmlns:w="{W_NS}"><w:p>{_text("Acme")}<w:moveFrom w:id="1" {WHO}>{_text(" Ltd")}'
        f'</w:moveFrom><w:del w:id="2" {WHO}><w:r><w:sym w:font="Symbol" w:char="F062"/></w:r></w:del>'
        "</w:p></w:hdr>"
    ).encode()
    notes = (
        f'<w:footnote w:id="1"><w:p><w:r><w:footnoteRef/></w:r>{_text(" See p. 4")}'
        f'<w:moveFrom w:id="3" {WHO}>{_text(" and p. 9")}</w:moveFrom></w:p></w:footnote>'
    )
    body = '<w:p><w:r><w:t>Body</w:t></w:r><w:r><w:footnoteReference w:id="1"/></w:r></w:p>'
    doc = docx(
        build_docx(body, footnotes=notes, rels={"rIdH": ("header", "h.xml")}, files={"word/h.xml": header})
    )
    assert doc.metadata["header_text"] == "Acme"
    assert [b.text for b in doc.blocks] == ["Body[^1]", "[^1]: See p. 4"]


def test_real_world_review_keeps_inserted_text_and_drops_deleted(real_world):
    # bad-xml.docx: a paragraph inside w:ins ("This text has been inserted, ✻and should be
    # included") and one inside w:del (its w:delText "This text has been deleted, ✻and should
    # not be included")
    doc = extract(real_world / "docx" / "node-word-extractor" / "bad-xml.docx")
    texts = [b.text for b in doc.blocks]
    assert "This text has been inserted, ✻and should be included" in texts
    assert not any("deleted" in t for t in texts)
