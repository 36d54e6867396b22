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
