"""Header and footer text (document metadata) leaves out the results of page number fields: the
number stored there is that of whichever page Word last laid out, not text of the document."""

from __future__ import annotations

import pytest

from indexer.api import extract
from tests.indexer.formats.test_docx import W_NS, build_docx, docx, para


def _footer(inner: str) -> bytes:
    part = f'<w:ftr xmlns:w="{W_NS}">{inner}</w:ftr>'.encode()
    return build_docx(
        para("Body"), rels={"rIdFtr": ("footer", "footer1.xml")}, files={"word/footer1.xml": part}
    )


def _complex(code: str, result: str) -> str:
    return (
        '<w:r><w:fldChar w:fldCharType="begin"/></w:r>'
        f'<w:r><w:instrText xml:space="preserve">{code}</w:instrText></w:r>'
        '<w:r><w:fldChar w:fldCharType="separate"/></w:r>'
        f"<w:r><w:t>{result}</w:t></w:r>"
        '<w:r><w:fldChar w:fldCharType="end"/></w:r>'
    )


def _text(text: str) -> str:
    return f'<w:r><w:t xml:space="preserve">{text}</w:t></w:r>'


@pytest.mark.parametrize(
    ("inner", "footer"),
    [
        ("<w:p>" + _complex(" PAGE   \\* MERGEFORMAT ", "2") + "</w:p>", None),
        (
            f"<w:p>{_text('Page ')}{_complex('PAGE', '3')}{_text(' of ')}{_complex(' numpages ', '9')}</w:p>"
            f"<w:p>{_text('Draft')}</w:p>",
            "Page of\nDraft",
        ),
        # the code split over two instrText runs; SECTIONPAGES counts pages too
        (
            '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>SECTION</w:instrText></w:r>'
            '<w:r><w:instrText>PAGES</w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>'
            f'<w:r><w:t>4</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>{_text(" pages")}</w:p>',
            "pages",
        ),
        (
            f'<w:p>{_text("p. ")}<w:fldSimple w:instr=" PAGE "><w:r><w:t>7</w:t></w:r></w:fldSimple></w:p>',
            "p.",
        ),
        # other fields keep their result, a page field nested in one included
        (
            f"<w:p>{_complex(' DATE ', '1 May 2024')}{_text(' p. ')}{_complex('PAGE', '2')}</w:p>",
            "1 May 2024 p.",
        ),
        (
            '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>IF 1 = 1 "x"</w:instrText></w:r>'
            f'<w:r><w:fldChar w:fldCharType="separate"/></w:r>{_text("Sheet ")}{_complex("PAGE", "5")}'
            '<w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>',
            "Sheet",
        ),
        (
            '<w:p><w:fldSimple w:instr="AUTHOR"><w:r><w:t>Ann Lee</w:t></w:r></w:fldSimple>'
            '<w:fldSimple w:instr="NUMPAGES"><w:r><w:t>8</w:t></w:r></w:fldSimple></w:p>',
            "Ann Lee",
        ),
    ],
    ids=["page-only", "page-of-numpages", "split-code", "simple-field", "date-kept", "nested", "author-kept"],
)
def test_page_number_field_results_are_left_out(inner, footer):
    assert docx(_footer(inner)).metadata["footer_text"] == footer


def test_real_footers(real_world):
    # word_sample.docx's footer is a PAGE \* MERGEFORMAT field whose stored result is "2";
    # test07.docx's footers hold "PAGE" fields (result 3) before "RPA(1) –RES.GOV.CHECK"
    sample = extract(real_world / "docx" / "kreuzberg" / "word_sample.docx")
    assert sample.metadata["footer_text"] is None
    form = extract(real_world / "docx" / "node-word-extractor" / "test07.docx")
    assert form.metadata["footer_text"] == "RPA(1) –RES.GOV.CHECK"


def test_headers_and_notes_read_their_runs_as_the_body_does():
    # A tab, an absolute position tab (w:ptab, how Word right-aligns part of a header), a line
    # break, a hyperlink, a Symbol-font symbol (F061 is α) and a non-breaking hyphen: none of
    # them may glue two words together or be lost. A text box in alternate content is read once
    # (the mc:Choice).
    runs = (
        f"{_text('Acme Ltd')}<w:r><w:tab/></w:r>{_text('Confidential')}"
        '<w:r><w:ptab w:relativeTo="margin" w:alignment="right" w:leader="none"/></w:r>'
        f'{_text("Draft")}<w:r><w:br/></w:r>{_text("Site: ")}<w:hyperlink w:anchor="top">{_text("acme.example")}'
        '</w:hyperlink><w:r><w:t xml:space="preserve"> </w:t><w:sym w:font="Symbol" w:char="F061"/></w:r>'
        f"{_text('-test e')}<w:r><w:noBreakHyphen/></w:r>{_text('mail')}"
    )
    box = (
        '<w:r><mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">'
        "<mc:Choice><w:drawing><w:txbxContent><w:p>"
        + _text("Boxed")
        + "</w:p></w:txbxContent></w:drawing></mc:Choice>"
        "<mc:Fallback><w:pict><w:txbxContent><w:p>"
        + _text("Boxed")
        + "</w:p></w:txbxContent></w:pict></mc:Fallback></mc:AlternateContent></w:r>"
    )
    header = f'<w:hdr xmlns:w="{W_NS}"><w:p>{runs}</w:p><w:p>{_text("Top")}{box}</w:p></w:hdr>'.encode()
    notes = (
        '<w:footnote w:id="1"><w:p><w:r><w:footnoteRef/></w:r>'
        f"{_text(' See')}<w:r><w:tab/></w:r>{_text('p. 4')}<w:r><w:br/></w:r>{_text('and')}"
        f'<w:r><w:sym w:font="Symbol" w:char="F062"/></w:r></w:p><w:p>{_text("Second paragraph.")}</w:p>'
        "</w:footnote>"
    )
    body = '<w:p><w:r><w:t>Body</w:t></w:r><w:r><w:footnoteReference w:id="1"/></w:r></w:p>'
    doc = docx(
        build_docx(body, footnotes=notes, rels={"rIdH": ("header", "h.xml")}, files={"word/h.xml": header})
    )
    assert doc.metadata["header_text"] == (
        "Acme Ltd Confidential Draft\nSite: acme.example α-test e-mail\nTop\nBoxed"
    )
    assert [b.text for b in doc.blocks] == ["Body[^1]", "[^1]: See p. 4 andβ Second paragraph."]


def test_a_position_tab_in_the_body_separates_words():
    body = (
        f"<w:p>{_text('Introduction')}"
        '<w:r><w:ptab w:relativeTo="margin" w:alignment="right" w:leader="dot"/></w:r>'
        f"{_text('3')}</w:p>"
    )
    assert [b.text for b in docx(build_docx(body)).blocks] == ["Introduction 3"]
