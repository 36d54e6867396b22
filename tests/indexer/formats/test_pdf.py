"""PDF extractor: the generated sample PDFs (sample_corpus/pdf, made by bench/make_sample_pdfs.py) and
word2vec.pdf from the playground fixtures. Expected values were read from the generator's source
and from the PDFs themselves (pdfium text dump and a viewer), never copied from the output."""

from __future__ import annotations

import io
import re

import pypdfium2.raw as pdfium_c
import pytest
from PIL import Image as PILImage

from indexer import errors
from indexer.api import ChunksResult, chunk_document, extract, extract_bytes, get_chunks, get_markdown
from indexer.formats.pdf import extract_pdf
from indexer.limits import ExtractContext, Limits
from indexer.markdown import render_markdown
from indexer.model import HEADING, IMAGE, LIST, PARAGRAPH, TABLE
from tests.conftest import SAMPLE_CORPUS

PDFS = SAMPLE_CORPUS / "pdf"
MODES = ("default", "structural", "section", "semantic", "sliding_window", "sentence", "page_aware")
PROSE_TYPES = {
    "plain_paragraph",
    "long_single_paragraph",
    "short_disconnected_paragraph",
    "semantic",
    "sentence",
    "section",
    "page_aware",
    "sliding_window",
}

# bench/make_sample_pdfs.py: TABLE (header + 4 rows, 4 columns) as written in the generator
SAMPLE_TABLE = [
    ["Region", "Units", "Revenue", "Growth"],
    ["North", "1200", "48000", "4%"],
    ["South", "950", "38000", "-2%"],
    ["East", "1430", "57200", "7%"],
    ["West", "800", "32000", "1%"],
]


@pytest.fixture(scope="module")
def report():
    return extract(PDFS / "report.pdf")


# -- the generated report ----------------------------------------------------------------------


def test_report_blocks_carry_pages_and_structure(report):
    assert all(b.page in (1, 2, 3) for b in report.blocks)
    headings = [(b.text, b.level, b.page) for b in report.blocks if b.kind == HEADING]
    # Title and Heading1 are both 18 pt bold in reportlab's sample styles; Heading2 is 14 pt bold
    assert headings == [
        ("Maintenance Report", 1, 1),
        ("Summary", 1, 1),
        ("Quarterly figures", 2, 1),
        ("Checks", 2, 1),
        ("Site photograph", 1, 2),
        ("Conclusion", 1, 3),
    ]
    lists = [b for b in report.blocks if b.kind == LIST]
    assert len(lists) == 1
    assert [it.text for it in lists[0].items] == [
        "Inspect every valve seal.",
        "Replace worn bearings.",
        "Record the pressure readings.",
    ]
    assert report.metadata["total_pages"] == 3
    assert report.metadata["title"] == "Sample report"
    assert report.metadata["author"] == "Chunkscope tests"


def test_report_paragraph_rejoined_across_lines(report):
    # The summary paragraph is PROSE three times, wrapped over many lines by reportlab
    summary = next(b for b in report.blocks if b.kind == PARAGRAPH and b.page == 1)
    assert summary.text.count("The pump assembly regulates pressure across the manifold") == 3
    assert "\n" not in summary.text
    assert "  " not in summary.text


def test_report_table_cells(report):
    tables = [b for b in report.blocks if b.kind == TABLE]
    assert len(tables) == 1
    table = tables[0]
    assert table.page == 1
    assert list(table.header) == SAMPLE_TABLE[0]
    assert [list(r) for r in table.rows] == SAMPLE_TABLE[1:]
    # the table's text is not repeated as prose
    prose = " ".join(b.text for b in report.blocks if b.kind == PARAGRAPH)
    assert "57200" not in prose


def test_running_header_and_footer_removed(report):
    # every page carries "Chunkscope sample report" at the top and "Page N of 3" at the bottom
    assert "Chunkscope sample report" in report.coverage.headers_footers_removed
    assert any("page numbers" in s for s in report.coverage.headers_footers_removed)
    assert "Chunkscope sample report" not in report.text
    assert not re.search(r"Page \d of 3", report.text)


def test_report_table_is_one_table_chunk_matching_cell_by_cell():
    chunks = get_chunks(PDFS / "report.pdf")
    tables = [c for c in chunks if c["content_type"] == "table"]
    assert len(tables) == 1
    lines = tables[0]["content"].splitlines()
    cells = [
        [c.strip() for c in ln.strip().strip("|").split("|")] for ln in lines if not ln.startswith("|---")
    ]
    cells = [row for row in cells if set("".join(row)) != {"-", " "} and "---" not in row[0]]
    assert cells == SAMPLE_TABLE
    assert tables[0]["metadata"]["page_number"] == 1


def test_embedded_png_decodes_to_the_original_pixels():
    result = get_chunks(PDFS / "report.pdf", list_images=True)
    assert isinstance(result, ChunksResult)
    assert list(result.images) == ["image_p2_1.png"]
    image_chunks = [c for c in result.chunks if c["content_type"] == "image"]
    assert [c["content"] for c in image_chunks] == ["image_p2_1.png"]
    extracted = PILImage.open(io.BytesIO(result.images["image_p2_1.png"]))
    assert extracted.format == "PNG"
    original = PILImage.open(PDFS / "sample_image.png").convert("RGB")
    assert extracted.size == original.size == (64, 48)
    assert extracted.convert("RGB").tobytes() == original.tobytes()


def test_image_block_and_placeholder_without_list_images(report):
    images = [b for b in report.blocks if b.kind == IMAGE]
    assert [(b.page, b.images) for b in images] == [(2, ("image_p2_1.png",))]
    # reading order: after the sentence introducing the picture, before the prose below it
    order = [b.kind for b in report.blocks if b.page == 2]
    assert order == [HEADING, PARAGRAPH, IMAGE, PARAGRAPH]
    assert report.images[0].meta["page"] == 2
    assert report.coverage.images_extracted == 1
    chunks = get_chunks(PDFS / "report.pdf")
    placeholders = [c for c in chunks if c["content_type"] == "image"]
    assert len(placeholders) == 1 and "[Image: image_p2_1.png]" in placeholders[0]["content"]


def test_images_are_not_encoded_when_nothing_lists_them(report):
    # report.pdf's one image: found, checked and counted as usual, its PNG not written
    bare = extract(PDFS / "report.pdf", image_data=False)
    assert [(i.name, i.width, i.height, i.data) for i in bare.images] == [("image_p2_1.png", 64, 48, b"")]
    assert report.images[0].data.startswith(b"\x89PNG")
    assert bare.blocks == report.blocks and bare.coverage == report.coverage
    for mode in MODES:
        assert get_chunks(PDFS / "report.pdf", mode=mode) == [
            c.to_dict() for c in chunk_document(report, mode)
        ]
    assert get_markdown(PDFS / "report.pdf") == render_markdown(report, list_images=False)


def test_markdown_headings_tables_page_rules_and_images():
    result = get_markdown(PDFS / "report.pdf", list_images=True)
    md = result.markdown
    assert md.startswith("# Maintenance Report\n")
    assert "\n## Quarterly figures\n" in md
    assert "| Region | Units | Revenue | Growth |" in md and "| West | 800 | 32000 | 1% |" in md
    assert md.count("\n---\n") == 2  # three pages
    assert "![](image_p2_1.png)" in md
    assert set(result.images) == {"image_p2_1.png"}


# -- errors and coverage -------------------------------------------------------------------------


def test_scanned_page_requires_ocr():
    with pytest.raises(errors.OcrRequired) as info:
        extract(PDFS / "scanned.pdf", options={"ocr": "never"})
    assert info.value.code == errors.OCR_REQUIRED
    assert "1 image-only" in info.value.message


def test_partly_empty_pdf_lists_its_empty_page():
    doc = extract(PDFS / "partly_empty.pdf")
    cov = doc.coverage
    assert (cov.pages_total, cov.pages_with_text, cov.empty_pages) == (3, 2, (2,))
    assert [(b.page, b.text) for b in doc.blocks] == [
        (1, "First page has text."),
        (3, "Third page has text too."),
    ]


def test_encrypted_pdf():
    with pytest.raises(errors.Encrypted) as info:
        extract(PDFS / "encrypted.pdf")
    assert info.value.code == errors.ENCRYPTED
    doc = extract(PDFS / "encrypted.pdf", options={"pdf_password": "secret"})
    assert doc.blocks[0].text == "This text is behind a password."
    with pytest.raises(errors.Encrypted):
        extract(PDFS / "encrypted.pdf", options={"pdf_password": "wrong"})


def test_owner_password_only_opens_with_the_empty_password():
    doc = extract(PDFS / "owner_only.pdf")
    assert doc.blocks[0].text == "This text is behind a password."


def test_a_damaged_pdf_opened_after_a_password_protected_one_is_read_as_itself(real_world):
    """A catalog whose page tree points at a missing object loads in pdfium with no pages; the
    error pdfium still holds from the password-protected file opened before is not its own."""
    damaged = _pdf_with_info({"Title": "Damaged"}).replace(b"/Pages 2 0 R", b"/Pages 9 0 R")
    with pytest.raises(errors.Encrypted):
        extract(real_world / "pdf" / "pdfplumber" / "password-example.pdf")
    doc = extract(damaged, filename="damaged.pdf")
    assert [block.text for block in doc.blocks] == ["Hello"]
    assert doc.coverage.warnings == (
        "pdfium could not read the file (pdfium loads the file but finds no page in it); "
        "read by pdfminer without layout analysis",
    )


class _OpenDocuments:
    """Counts the documents pdfium loads and closes, calling through to pdfium."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.open = 0
        load, close = pdfium_c.FPDF_LoadMemDocument64, pdfium_c.FPDF_CloseDocument

        def counted_load(*args):
            raw = load(*args)
            self.open += bool(raw)
            return raw

        def counted_close(raw):
            self.open -= 1
            return close(raw)

        monkeypatch.setattr(pdfium_c, "FPDF_LoadMemDocument64", counted_load)
        monkeypatch.setattr(pdfium_c, "FPDF_CloseDocument", counted_close)


def test_every_document_pdfium_loads_is_closed_when_the_file_is_refused(real_world, monkeypatch):
    """A real file whose catalog points its page tree at a missing object loads in pdfium with
    no pages: it is read by pdfminer, and the document pdfium loaded is closed, as it is when
    the file is over the page limit (a watcher indexes such files for as long as it runs)."""
    data = (real_world / "pdf" / "py-pdf-samples" / "google-doc-document.pdf").read_bytes()
    found = re.search(rb"/Pages (\d+) 0 R", data)
    pageless = data[: found.start(1)] + b"9" * len(found.group(1)) + data[found.end(1) :]
    documents = _OpenDocuments(monkeypatch)
    doc = extract(pageless, filename="pageless.pdf")
    assert doc.coverage.warnings[0].startswith(
        "pdfium could not read the file (pdfium loads the file but finds no page"
    )
    assert documents.open == 0
    with pytest.raises(errors.DocumentLimit):
        extract(data, filename="long.pdf", limits=Limits(max_pages=0))
    assert documents.open == 0


def test_truncated_at_half_is_parse_error_or_partial_with_warning():
    data = (PDFS / "report.pdf").read_bytes()
    half = data[: len(data) // 2]
    try:
        doc = extract_pdf(half, ExtractContext(filename="half.pdf"))
    except errors.ChunkscopeError as exc:
        assert exc.code in (errors.PARSE_ERROR, errors.OCR_REQUIRED)
    else:
        assert any("truncated" in w for w in doc.coverage.warnings)


def test_not_a_pdf_and_empty_file():
    with pytest.raises(errors.ParseError):
        extract_pdf(b"hello, this is not a PDF at all", ExtractContext(filename="x.pdf"))
    doc = extract_pdf(b"", ExtractContext(filename="empty.pdf"))
    assert doc.blocks == () and doc.coverage.pages_total == 0


def test_page_limit():
    with pytest.raises(errors.DocumentLimit):
        extract(PDFS / "report.pdf", limits=Limits(max_pages=2))


def test_options_are_checked_and_tables_can_be_turned_off():
    with pytest.raises(errors.InvalidArgument):
        extract(PDFS / "report.pdf", options={"pdf_tables": "sometimes"})
    with pytest.raises(errors.InvalidArgument):
        extract(PDFS / "report.pdf", options={"ocr": "always"})
    doc = extract(PDFS / "report.pdf", options={"pdf_tables": "never"})
    assert not [b for b in doc.blocks if b.kind == TABLE]
    assert "57200" in doc.text  # the cells are still read, as text


def test_pdf_tables_always_uses_the_table_finder_everywhere():
    doc = extract(PDFS / "report.pdf", options={"pdf_tables": "always"})
    tables = [b for b in doc.blocks if b.kind == TABLE]
    assert tables and [list(r) for r in tables[0].rows][-1] == SAMPLE_TABLE[-1]


def test_two_column_reading_order():
    doc = extract(PDFS / "two_column.pdf")
    texts = [b.text for b in doc.blocks]
    assert texts[0] == "Two columns"
    left_end = texts.index("Left column ends here.")
    right_start = next(i for i, t in enumerate(texts) if t.startswith("Right column text"))
    assert left_end < right_start
    assert all("Right column" not in t for t in texts[:left_end])


def test_sniffed_without_extension():
    doc = extract_bytes((PDFS / "partly_empty.pdf").read_bytes(), "no-extension")
    assert doc.source_type == "pdf"


def test_deterministic():
    a = extract(PDFS / "report.pdf")
    b = extract(PDFS / "report.pdf")
    assert a.to_json() == b.to_json()
    assert [im.data for im in a.images] == [im.data for im in b.images]


# -- word2vec.pdf (12 pages, arXiv 1301.3781) ---------------------------------------------------


@pytest.fixture(scope="module")
def word2vec():
    from tests.conftest import PLAYGROUND, require_shared

    return require_shared(PLAYGROUND / "word2vec.pdf")


def test_word2vec_headings_and_levels(word2vec):
    doc = extract(word2vec)
    headings = {b.text: (b.level, b.page) for b in doc.blocks if b.kind == HEADING}
    # read in the PDF: title 17 pt, section titles 12 pt bold, subsections 10 pt bold
    assert headings["Efficient Estimation of Word Representations in Vector Space"] == (1, 1)
    assert headings["Abstract"] == (2, 1)
    assert headings["1 Introduction"] == (2, 1)
    assert headings["1.1 Goals of the Paper"] == (3, 1)
    assert headings["1.2 Previous Work"] == (3, 2)
    assert headings["2 Model Architectures"] == (2, 2)
    assert headings["6 Conclusion"] == (2, 10)
    assert headings["References"] == (2, 11)
    # author names (bold, centred under the title) and figure labels are not headings
    assert "Tomas Mikolov" not in headings
    assert "w(t)" not in headings
    assert doc.metadata["total_pages"] == 12


def test_word2vec_paragraphs_dehyphenated_and_joined(word2vec):
    doc = extract(word2vec)
    abstract = next(b for b in doc.blocks if b.text.startswith("We propose two novel"))
    # "repre-" / "sentations" is hyphenated across lines 1-2 of the abstract
    assert "continuous vector representations of words from very large data sets" in abstract.text
    # the first paragraph of page 2 continues page 1's last paragraph ("… trained on more" /
    # "than a few hundred of millions of words"): one paragraph, on page 1
    assert [
        b.page for b in doc.blocks if "trained on more than a few hundred of millions of words" in b.text
    ] == [1]
    refs = [b for b in doc.blocks if b.kind == LIST]
    assert refs and refs[0].items[0].text.startswith("[1] Y. Bengio, R. Ducharme, P. Vincent.")


def test_word2vec_table_rows(word2vec):
    doc = extract(word2vec)
    table8 = next(b for b in doc.blocks if b.kind == TABLE and b.header and b.header[0] == "Relationship")
    assert table8.page == 10
    assert list(table8.header) == ["Relationship", "Example 1", "Example 2", "Example 3"]
    assert list(table8.rows[0]) == ["France - Paris", "Italy: Rome", "Japan: Tokyo", "Florida: Tallahassee"]
    assert list(table8.rows[-1]) == ["Japan - sushi", "Germany: bratwurst", "France: tapas", "USA: pizza"]


def test_word2vec_page_numbers_are_not_text(word2vec):
    doc = extract(word2vec)
    assert "page numbers (12 pages)" in doc.coverage.headers_footers_removed
    assert "arXiv:1301.3781v3 [cs.CL] 7 Sep 2013" in doc.coverage.headers_footers_removed
    for page in range(1, 13):
        blocks = [b for b in doc.blocks if b.page == page]
        assert blocks, page
        # each page ends with its number centred at the bottom; it must not end the page's text
        assert not blocks[-1].text.endswith(f" {page}"), blocks[-1].text[-80:]
        assert all(b.text.strip() != str(page) for b in blocks)


@pytest.mark.parametrize("mode", MODES)
def test_word2vec_every_chunk_has_a_page_and_no_running_text(word2vec, mode):
    chunks = get_chunks(word2vec, mode=mode)
    assert chunks
    for chunk in chunks:
        page = chunk["metadata"].get("page_number")
        assert isinstance(page, int) and 1 <= page <= 12, chunk
        content = chunk["content"]
        # the page numbers 1-12 centred at the bottom, and the rotated arXiv stamp on page 1
        assert "arXiv:1301.3781" not in content
        if chunk["content_type"] in PROSE_TYPES:
            for line in content.splitlines():
                assert not re.fullmatch(r"\s*\d{1,2}\s*", line), (mode, content)
    headings = [c for c in chunks if c["content_type"] == "heading"]
    if mode in ("default", "structural", "section", "semantic", "page_aware"):
        texts = {c["content"] for c in headings}
        assert {"Abstract", "1 Introduction", "2 Model Architectures", "References"} <= texts


def test_ocr_output_becomes_paragraphs_on_its_page():
    from indexer.formats import _pdf_ocr

    blocks = _pdf_ocr.blocks("First line of a\nscanned paragraph.\n\nSecond   paragraph.\f", 4)
    assert [(b.kind, b.text, b.page) for b in blocks] == [
        (PARAGRAPH, "First line of a scanned paragraph.", 4),
        (PARAGRAPH, "Second paragraph.", 4),
    ]


def test_undecodable_image_is_skipped_with_a_reason():
    # report.pdf's image XObject with an unknown colour space (same byte length, offsets intact)
    data = (PDFS / "report.pdf").read_bytes()
    bad = data.replace(b"/ColorSpace /DeviceRGB /Filter", b"/ColorSpace /DeviceXYZ /Filter")
    assert bad != data
    doc = extract_pdf(bad, ExtractContext(filename="bad-image.pdf"))
    assert doc.images == () and doc.coverage.images_extracted == 0
    (skip,) = doc.coverage.skipped
    assert (skip.what, skip.name) == ("image", "image_p2_1.png")
    assert "cannot decode" in skip.reason and "64×48" in skip.reason
    assert not [b for b in doc.blocks if b.kind == IMAGE]
    assert any(b.text == "Site photograph" for b in doc.blocks)


def test_image_in_a_pixel_format_pdfium_does_not_name_is_skipped_not_fatal(monkeypatch):
    # pdfium may hand back a bitmap of a format it calls "unknown" (0): that image is skipped with
    # the reason, and the document keeps its text and its other images (report.pdf has one image)
    from indexer.formats import _pdf_objects

    real = _pdf_objects.pdfium_c.FPDFBitmap_GetFormat
    monkeypatch.setattr(_pdf_objects.pdfium_c, "FPDFBitmap_GetFormat", lambda bitmap: 0)
    doc = extract_pdf((PDFS / "report.pdf").read_bytes(), ExtractContext(filename="report.pdf"))
    monkeypatch.setattr(_pdf_objects.pdfium_c, "FPDFBitmap_GetFormat", real)
    assert doc.images == ()
    (skip,) = doc.coverage.skipped
    assert (skip.what, skip.name) == ("image", "image_p2_1.png")
    assert skip.reason == "unsupported pixel format (pdfium bitmap format 0)"
    assert any(b.text == "Site photograph" for b in doc.blocks)


def test_line_joining_rules():
    from indexer.formats._pdf_layout import join_lines

    assert join_lines(["vector repre-", "sentations of words"]) == "vector representations of words"
    assert join_lines(["state-of-the-", "Art"]) == "state-of-the- Art"  # capital: not a split word
    assert join_lines(["a plain", "wrap"]) == "a plain wrap"
    # Chinese wraps without spaces (a line from issue-71-duplicate-chars.pdf)
    assert join_lines(["爆破震动监测工", "作。"]) == "爆破震动监测工作。"
    assert join_lines(["한국어 문장", "계속"]) == "한국어 문장 계속"
    # the word before a line-end hyphen read back over the lines joined before it ("compre" alone
    # on its line); an empty line still adds its space; a long paragraph is its lines spaced
    assert join_lines(["the", "compre-", "hensive list"]) == "the comprehensive list"
    assert join_lines(["", "first", "", "second"]) == "first  second"
    lines = [f"line {n} of a long paragraph" for n in range(3000)]
    assert join_lines(lines) == " ".join(lines)


def _pdf_with_info(info: dict[str, str]) -> bytes:
    """A one-page PDF saying "Hello" whose info dictionary holds ``info`` (literal strings)."""
    content = b"BT /F1 12 Tf 72 700 Td (Hello) Tj ET"
    entries = " ".join(f"/{key} ({value})" for key, value in info.items())
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R"
        b" /Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        f"<< {entries} >>".encode("latin-1"),
    ]
    out = b"%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R /Info 6 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    return out


def test_dates_of_the_info_dictionary_are_iso_8601():
    # scotus-transcript-p1.pdf's dates; pdfplumber's metadata shows the same raw strings
    doc = extract(
        _pdf_with_info({"CreationDate": "D:20090113152305-05'00'", "ModDate": "D:20090113161034Z00'00'"}),
        filename="dated.pdf",
    )
    assert doc.text == "Hello"
    assert doc.metadata["creation_date"] == "2009-01-13T15:23:05-05:00"
    assert doc.metadata["modification_date"] == "2009-01-13T16:10:34Z"


@pytest.mark.parametrize(
    ("raw", "iso"),
    [
        ("D:20011213112200", "2001-12-13T11:22:00"),  # no offset: local time, none invented
        ("D:20241008114040+02'00", "2024-10-08T11:40:40+02:00"),  # closing quote left out
        ("D:20211122014807Z", "2021-11-22T01:48:07Z"),
        ("D:20000101000000+00'00'", "2000-01-01T00:00:00Z"),
        ("D:20230530+05'30'", "2023-05-30"),  # the offset of a time not given is no use
        ("D:200901", "2009-01"),
        ("D:20091301", None),  # month 13
        ("Tuesday", None),
        ("", None),
    ],
)
def test_pdf_dates_are_read_as_the_standard_writes_them(raw, iso):
    from indexer.formats.pdf import pdf_date

    assert pdf_date(raw) == iso


@pytest.mark.parametrize(
    ("title", "kept"),
    [
        ("10811.exe", False),  # scotus-transcript-p1.pdf: the program that printed it
        ("100G Networking Toronto.key", False),  # a Keynote file's name
        ("S25C-0i25080113320", False),  # image_only_german_pdf.pdf: the scanner's job
        ("IMG_20250801_133210", False),
        ("untitled", False),
        ("Annual Report 2023", True),
        ("1984", True),
        ("Node.js", True),
        ("Protokoll vom 20.06.2023", True),
    ],
)
def test_file_and_job_names_are_not_titles(title, kept):
    doc = extract(_pdf_with_info({"Title": title}), filename="t.pdf")
    assert doc.metadata.get("title") == (title if kept else None)


def test_a_zero_byte_pdf_is_reported_empty(real_world):
    doc = extract(real_world / "pdf" / "pdfplumber" / "empty.pdf")
    assert doc.blocks == () and doc.coverage.warnings == ("the file is empty",)


def _annotated(
    notes: list[tuple[int, str]], attachment: str | None = None, on_page: tuple[str, ...] = ()
) -> bytes:
    """The report's first page with annotations (subtype, /Contents) added, a file embedded, and
    files attached to the page by file attachment annotations (``on_page``: their names)."""
    import ctypes

    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    src = pdfium.PdfDocument(PDFS / "report.pdf")
    pdf = pdfium.PdfDocument.new()
    pdf.import_pages(src, [0])
    page = pdf[0]
    for subtype, contents in notes:
        annot = pdfium_c.FPDFPage_CreateAnnot(page.raw, subtype)
        assert annot
        value = (contents + "\0").encode("utf-16-le")
        text = ctypes.cast(
            ctypes.create_string_buffer(value, len(value)), ctypes.POINTER(pdfium_c.FPDF_WCHAR)
        )
        assert pdfium_c.FPDFAnnot_SetStringValue(annot, b"Contents", text)
        pdfium_c.FPDFPage_CloseAnnot(annot)
    for attached in on_page:
        annot = pdfium_c.FPDFPage_CreateAnnot(page.raw, pdfium_c.FPDF_ANNOT_FILEATTACHMENT)
        assert annot
        pdfium_c.FPDFAnnot_SetRect(annot, pdfium_c.FS_RECTF(72, 650, 90, 668))
        name = (attached + "\0").encode("utf-16-le")
        wide = ctypes.cast(ctypes.create_string_buffer(name, len(name)), ctypes.POINTER(pdfium_c.FPDF_WCHAR))
        handle = pdfium_c.FPDFAnnot_AddFileAttachment(annot, wide)
        assert handle and pdfium_c.FPDFAttachment_SetFile(handle, pdf.raw, b"minutes", 7)
        pdfium_c.FPDFPage_CloseAnnot(annot)
    if attachment:
        name = (attachment + "\0").encode("utf-16-le")
        wide = ctypes.cast(ctypes.create_string_buffer(name, len(name)), ctypes.POINTER(pdfium_c.FPDF_WCHAR))
        handle = pdfium_c.FPDFDoc_AddAttachment(pdf.raw, wide)
        body = b"a,b\n1,2\n"
        assert pdfium_c.FPDFAttachment_SetFile(handle, pdf.raw, body, len(body))
    page.close()
    out = io.BytesIO()
    pdf.save(out)
    return out.getvalue()


def test_annotation_comments_are_listed_as_skipped_and_embedded_files_read():
    import pypdfium2.raw as pdfium_c

    data = _annotated(
        [
            (pdfium_c.FPDF_ANNOT_TEXT, "Check these figures"),
            (pdfium_c.FPDF_ANNOT_HIGHLIGHT, "Source?"),
            (pdfium_c.FPDF_ANNOT_HIGHLIGHT, ""),  # a highlight without a comment
            (pdfium_c.FPDF_ANNOT_LINK, "a link says nothing"),
        ],
        attachment="figures.csv",
    )
    doc = extract(data, filename="annotated.pdf")
    plain = extract(_annotated([]), filename="plain.pdf").text
    assert doc.text.startswith(plain + "\n\n")  # the comments are not text
    assert [(s.what, s.name, s.reason) for s in doc.coverage.skipped if s.what != "image"] == [
        (
            "comments",
            "page 1",
            "2 annotation comments not extracted (they annotate the text and are not part of it)",
        ),
    ]
    # the embedded file "a,b\n1,2\n" read after the pages, as a table
    assert doc.text[len(plain) :] == "\n\nAttachment: figures.csv\n\n| a | b |\n| --- | --- |\n| 1 | 2 |"
    assert doc.coverage.attachments_indexed == ("figures.csv",)


def test_files_attached_to_a_page_are_read_on_that_page():
    # a file attachment annotation (the paper-clip icon on the page) holds a file of its own,
    # which is not in the document's list of embedded files
    doc = extract(_annotated([], attachment="figures.csv", on_page=("minutes.txt",)), filename="a.pdf")
    assert [s for s in doc.coverage.skipped if s.what != "image"] == []
    assert doc.coverage.attachments_indexed == ("minutes.txt", "figures.csv")
    plain = extract(_annotated([]), filename="plain.pdf").text
    heading = next(b for b in doc.blocks if b.text == "Attachment: minutes.txt")
    minutes = doc.blocks[doc.blocks.index(heading) + 1]
    # the annotation's file holds b"minutes"; its blocks stand on the page it is attached to
    assert (heading.level, heading.page, minutes.text, minutes.page) == (1, 1, "minutes", 1)
    assert minutes.meta["attachment"] == "minutes.txt" and "attachment_page" not in minutes.meta
    table = next(b for b in doc.blocks if b.meta.get("attachment") == "figures.csv" and b.rows)
    assert (table.header, table.rows, table.page) == (("a", "b"), (("1", "2"),), None)
    assert doc.text.startswith(plain + "\n\n")


def test_the_real_annotated_and_attaching_pdfs_say_what_they_hold(real_world):
    samples = real_world / "pdf" / "py-pdf-samples"
    # a note, a highlight and an ink drawing, each with a comment ("This is a text annotation.",
    # "Highlight comment", "Hello world!")
    skipped = extract(samples / "annotated_pdf.pdf").coverage.skipped
    assert [(s.what, s.name, s.reason[:26]) for s in skipped] == [
        ("comments", "page 1", "3 annotation comments not ")
    ]
    doc = extract(samples / "with-attachment.pdf")  # the picture image.png (320 x 223) it holds
    assert doc.coverage.skipped == () and doc.coverage.attachments_indexed == ("image.png",)
    assert [(im.name, im.width, im.height) for im in doc.images] == [("attachment1_image.png", 320, 223)]


@pytest.mark.parametrize(
    ("lines", "joined"),
    [
        (["an existing FAA-", "approved manual"], "an existing FAA-approved manual"),  # a capital inside
        (["a state-", "of-the-art method"], "a state-of-the-art method"),  # a hyphen after
        (["End-to-", "end detection"], "End-to-end detection"),  # a hyphen before
        (
            ["see https://example.org/open-to-all---keynote-", "presentations/download"],
            "see https://example.org/open-to-all---keynote-presentations/download",
        ),
        (["(a_long-", "name)"], "(a_long-name)"),  # a path
        (["Docket No. FAA\u2013", "2020\u20130686."], "Docket No. FAA\u20132020\u20130686."),
        (["démolition 2023-", "0379;"], "démolition 2023-0379;"),
        (["pages 128\u2013", "133."], "pages 128\u2013133."),
        (["a dash \u2013", "2 more"], "a dash \u2013 2 more"),  # a dash after a space is not a range
        (["(Compu-", "ter"], "(Computer"),  # a capital at the start only: one word split
        (["Ré-", "sumé"], "Résumé"),
    ],
)
def test_line_end_hyphens_of_compounds_and_numbers_stay(lines, joined):
    from indexer.formats._pdf_layout import join_lines

    assert join_lines(lines) == joined


def _typeset(lines: list[str]) -> bytes:
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.setFont("Helvetica", 11)
    for n, text in enumerate(lines):
        c.drawString(72, 700 - 14 * n, text)
    c.showPage()
    c.save()
    return buf.getvalue()


def test_hyphens_pdfium_joined_lines_at_are_kept_in_compounds():
    # pdfium joins a line ending in a hyphen with the next when that starts in lower case, and
    # marks the hyphen with U+FFFE; before a digit it keeps the line break
    pdf = _typeset(
        [
            "The operator keeps an existing FAA-",
            "approved manual and a state-",
            "of-the-art method for vector repre-",
            "sentations, under Docket No. FAA-2020-",
            "0686 for PubTables-",
            "1M.",
        ]
    )
    doc = extract(pdf, filename="hyphens.pdf")
    assert doc.text == (
        "The operator keeps an existing FAA-approved manual and a state-of-the-art method for "
        "vector representations, under Docket No. FAA-2020-0686 for PubTables-1M."
    )


@pytest.mark.parametrize(
    ("lines", "elsewhere", "joined"),
    [
        # the document writes the word with its hyphen, or as one word, elsewhere
        (["a multiple-", "valued property"], ["multiple-valued"], "a multiple-valued property"),
        (["a non-stand-", "ard linkage"], ["standard", "nonstandard"], "a non-standard linkage"),
        # it writes neither: keeps_hyphen decides
        (["vector repre-", "sentations"], ["vector"], "vector representations"),
    ],
)
def test_a_line_end_hyphen_follows_the_documents_own_spelling(lines, elsewhere, joined):
    from indexer.formats._pdf_layout import join_lines
    from indexer.formats._pdf_lines import Words

    assert join_lines(lines, Words(elsewhere)) == joined


def test_hyphens_pdfium_joined_lines_at_follow_the_documents_spelling():
    # pdfium joins "well-" / "known", "non-stand-" / "ard" and "Deep-" / "DeSRT" (U+FFFE): each
    # is now spelt as the page spells it elsewhere. Before: "wellknown", "non-stand-ard" and
    # "Deep-DeSRT"
    pdf = _typeset(
        [
            "A well-known method keeps its well-",
            "known name; the standard",
            "linkage is a non-stand-",
            "ard one, and the Deep-",
            "DeSRT model beats DeepDeSRT.",
        ]
    )
    doc = extract(pdf, filename="hyphens.pdf")
    assert doc.text == (
        "A well-known method keeps its well-known name; the standard linkage is a "
        "non-standard one, and the DeepDeSRT model beats DeepDeSRT."
    )


def test_compounds_split_at_line_ends_of_real_papers(real_world):
    # the 1971 catalogue's OCR layer "non-stand-" / "ard" (it writes "standard" elsewhere);
    # [MS-OXMSG].pdf "multiple-" / "valued" twice (and "multiple-valued" on one line). Before:
    # "non-stand-ard", "multiplevalued"
    pdf = real_world / "pdf"
    catalogue = pdf / "kreuzberg" / "a_catalogue_of_optimizing_transformations_1971_allen_catalog.pdf"
    doc = extract(catalogue, options={"ocr": "never"})
    assert "is a non-standard linkage" in doc.text
    assert "non-stand-ard" not in doc.text
    doc = extract(pdf / "[MS-OXMSG].pdf")
    assert "multiplevalued" not in doc.text.lower()


def _typeset_pages(lines: list[str], per_page: int = 45) -> bytes:
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    for start in range(0, len(lines), per_page):
        c.setFont("Helvetica", 11)
        for n, text in enumerate(lines[start : start + per_page]):
            c.drawString(72, 760 - 15 * n, text)
        c.showPage()
    c.save()
    return buf.getvalue()


def _plan(filler: int, whole: str = "") -> bytes:
    """A plan whose text breaks two compounds at a line end: ``centre-`` / ``village``, which it
    writes with its hyphen elsewhere, and ``vélo-`` / ``boulot``, which it writes nowhere else;
    ``filler`` lines of prose before them, and ``whole`` as a line of its own."""
    prose = [f"Item {n} of the plan sets out a street to mend in the spring." for n in range(filler)]
    return _typeset_pages(
        [
            *prose,
            *([whole] if whole else []),
            "The centre-village road is wide.",
            "Cyclists reach the centre-",
            "village by the bridge on the",
            "day of the vélo-",
            "boulot challenge in June.",
        ]
    )


def test_a_document_that_hyphenates_no_word_keeps_its_line_end_hyphens():
    # a word processor's document that hyphenates nothing: its two line-end hyphens in 300
    # lines are compounds', one of them written with its hyphen elsewhere. Before: "véloboulot"
    doc = extract(_plan(300), filename="plan.pdf")
    assert "day of the vélo-boulot challenge" in doc.text
    assert "reach the centre-village by" in doc.text
    # in 10 lines, two line-end hyphens are a hyphenating typesetter's rate: the hyphen goes
    doc = extract(_plan(10), filename="plan.pdf")
    assert "day of the véloboulot challenge" in doc.text
    # one of its words split at a line end is written whole elsewhere: it hyphenates words
    text = extract(_plan(300, "The centrevillage road is wide."), filename="plan.pdf").text
    assert "day of the véloboulot challenge" in text


def test_the_chelsea_plan_keeps_its_compounds_hyphenated(real_world):
    # a Word document without hyphenation: its four line-end hyphens are compounds' (pp. 26-27,
    # 30: "vélo-" / "boulot", "main-" / "d’œuvre", and "centre-" / "village", which it writes
    # seven times elsewhere; "ci-" / "dessus"). Before: "véloboulot", "maind’œuvre", "cidessus"
    doc = extract(real_world / "pdf" / "pdfplumber" / "chelsea_pdta.pdf", options={"ocr": "never"})
    for word in ("vélo-boulot", "main-d\u2019œuvre", "ci-dessus"):
        assert word in doc.text
        assert word.replace("-", "") not in doc.text
    assert "centrevillage" not in doc.text


def test_federal_register_keeps_its_docket_numbers_and_compounds(real_world):
    # the rule spells FAA-approved 9 times on one line and twice across a line end; its docket
    # number FAA–2020–0686 is split after a dash 4 times of 6. Before: "FAAapproved" twice and
    # "FAA–2020– 0686" (about 20 numbers with a space after a dash)
    doc = extract(real_world / "pdf" / "pdfplumber" / "federal-register-2020-17221.pdf")
    assert doc.text.count("FAA-approved") == 11
    assert "FAAapproved" not in doc.text
    assert doc.text.count("FAA\u20132020\u20130686") == 6
    assert re.search(r"\d[\u2013-] \d", doc.text) is None


def test_a_line_starting_with_a_descender_continues_its_paragraph():
    # 8 pt lines 9 pt apart, one 9.9 pt below the line above (as at the top of a Federal Register
    # column): by the box of its first letter, "p", it sat 11.6 pt lower, past the 11.4 pt that
    # starts a paragraph, and the sentence was cut in two
    from reportlab.pdfgen import canvas

    lines = [
        "The operator must revise the existing manual by",
        "inserting a copy of figures 1 through 9 to",
        "paragraphs (h)(2) through (10) of this AD into",
        "the existing manual and keep it on board at all",
        "times, and must show it to the inspector when",
        "asked for it during a check of the airplane.",
    ]
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.setFont("Helvetica", 8)
    y = 700.0
    for n, text in enumerate(lines):
        y -= 9.9 if n == 2 else 9.0
        c.drawString(72, y, text)
    c.showPage()
    c.save()
    doc = extract(buf.getvalue(), filename="rule.pdf")
    assert [b.text for b in doc.blocks] == [" ".join(lines)]


def test_real_paragraphs_are_not_cut_before_a_descender(real_world):
    # federal-register page 7 and scanned.pdf's OCR layer: a sentence was cut before a line
    # starting with "p" or "y"
    rule = extract(real_world / "pdf" / "pdfplumber" / "federal-register-2020-17221.pdf")
    assert any(
        "inserting a copy of figures 1 through 9 to paragraphs (h)(2) through (10)" in b.text
        for b in rule.blocks
    )
    scanned = extract(real_world / "pdf" / "kreuzberg" / "scanned.pdf", options={"ocr": "never"})
    assert any("structural deficit problem." in b.text for b in scanned.blocks)
    assert any("system of funding your pensions" in b.text for b in scanned.blocks)


def test_a_line_starting_with_a_quote_continues_its_paragraph():
    # 9 pt lines 11 pt apart; the box of a '"' is raised about 5 pt above the baseline, so by the
    # box of its first character the quoted line sat 5 pt too close to the line above and 5 pt
    # too far from the one below, and the sentence was cut after it
    from ._text_helpers import prose_pdf

    lines = [
        "The stream name is created by prefixing a string to the hexadecimal",
        '"__substg1.0_" to the tag, where "0037001F" is the hexadecimal representation',
        "of the property tag for the subject of the message, and the same rule names the",
        "streams of every other property of the message.",
    ]
    doc = extract(prose_pdf(lines, pitch=11, size=9), filename="spec.pdf")
    assert [b.text for b in doc.blocks] == [" ".join(lines)]


def test_ms_oxmsg_sentences_are_not_cut_after_a_quoted_line(real_world):
    doc = extract(real_world / "pdf" / "[MS-OXMSG].pdf", options={"ocr": "never"})
    texts = [b.text for b in doc.blocks]
    for start in ("for PidTagSubject.", "index of the first value.", "storage name for the eleventh"):
        assert not [t for t in texts if t.startswith(start)], start
    assert any("hexadecimal representation of the property tag for PidTagSubject." in t for t in texts)


def _two_column_pdf() -> tuple[bytes, list[str], list[str]]:
    """A page of two columns of 10 pt Helvetica, 12 pt apart: the first column's paragraph runs
    on into the second column in mid-sentence; a second paragraph, after a short line that ends
    a sentence, follows in the second column."""
    from reportlab.pdfgen import canvas

    first = [
        "Nulla malesuada porttitor diam. Donec felis",
        "erat, congue non, volutpat at, tincidunt",
        "tristique, libero. Vivamus viverra fermentum",
        "felis. Donec nonummy and the sentence goes",
    ]
    second = [
        "pellentesque ante. Phasellus adipiscing semper",
        "elit. Proin fermentum massa ac quam. Sed diam",
        "turpis, molestie vitae, placerat a, molestie.",
        "Quisque ullamcorper placerat ipsum. Cras nibh.",
        "Morbi vel justo vitae lacus tincidunt ultrices.",
    ]
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.setFont("Helvetica", 10)
    for n, text in enumerate(first):
        c.drawString(72, 700 - 12 * n, text)
    for n, text in enumerate(second):
        c.drawString(310, 736 - 12 * n - (12 if n >= 3 else 0), text)
    c.showPage()
    c.save()
    return buf.getvalue(), first, second


def test_a_sentence_runs_on_into_the_next_column():
    # it was cut at the column break: "… Donec nonummy and the sentence goes" ‖ "pellentesque ante."
    data, first, second = _two_column_pdf()
    doc = extract(data, filename="columns.pdf")
    assert [b.text for b in doc.blocks] == [" ".join(first + second[:3]), " ".join(second[3:])]


def test_the_latex_two_column_article_runs_its_sentences_on(real_world):
    doc = extract(real_world / "pdf" / "py-pdf-samples" / "multicolumn.pdf")
    assert any("Donec nonummy pellentesque ante. Phasellus" in b.text for b in doc.blocks)
    assert not [b for b in doc.blocks if b.text.startswith("pellentesque ante.")]
