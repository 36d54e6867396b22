"""Running headers of books and of OCR text layers: a book sets one header on its left-hand pages
and another on its right-hand ones, and OCR reads the same header with other spacing and
punctuation from page to page. Both must still be found and dropped from the text."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image as PILImage
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen import canvas

from indexer import extract

PAGES = 12
BODY = "Body text of page {n}, which is long enough to be the page's own paragraph of prose."
# how OCR read the author line on the even pages: the same words, spaced and punctuated otherwise
AUTHORS = [
    "{n} Frances E. Allen, John Cocke",
    "{n} Frances E . Allen, John Cocke",
    "{n} Frances E. Allen , John Cocke",
    "{n} frances E . Allen, John Cocke",
    "{n} Frances E Allen, . John Cocke",
    "{n} Frances E.. Allen, John Cocke",
]


def _book() -> bytes:
    buf = io.BytesIO()
    c = canvas.Canvas(buf)  # letter: 612 × 792 pt
    for n in range(1, PAGES + 1):
        c.setFont("Helvetica", 9)
        if n % 2 == 0:
            c.drawString(72, 760, AUTHORS[n // 2 - 1].format(n=n))
        elif n <= 7:  # the title on 4 of the 6 odd pages: 33 % of all pages, 67 % of the odd ones
            c.drawRightString(540, 760, f"Optimizing Transformations {n}")
        if n in (3, 9):  # a note at the top of 2 odd pages only: not a running header
            c.drawString(72, 745, "Draft for review")
        c.setFont("Helvetica", 11)
        c.drawString(72, 600, BODY.format(n=n))
        c.showPage()
    c.save()
    return buf.getvalue()


def test_headers_of_one_side_and_ocr_variants_are_dropped():
    doc = extract(_book(), filename="book.pdf")
    assert "Optimizing Transformations" not in doc.text
    assert "Cocke" not in doc.text
    for n in range(1, PAGES + 1):
        assert BODY.format(n=n) in doc.text
    # each header is listed once, as it first appeared
    removed = doc.coverage.headers_footers_removed
    assert "2 Frances E. Allen, John Cocke" in removed
    assert "Optimizing Transformations 1" in removed
    assert sum("Allen" in label for label in removed) == 1


def test_a_line_on_a_third_of_one_side_stays():
    doc = extract(_book(), filename="book.pdf")
    assert doc.text.count("Draft for review") == 2


def test_an_ocred_papers_running_headers_are_dropped(real_world):
    # the 1971 paper scanned into 30 pages: "N Frances E. Allen, John Cocke" heads the even
    # pages and "Optimizing Transformations N" the odd ones. Before, all 29 stayed in the text
    # ("John Cocke" 16 times, the title 12): OCR spaced and punctuated the first differently
    # from page to page, and the title is on 11 pages, 37 % of them. Left: "John Cocke" on page 1
    # (the byline) and in one header OCR garbled further (page 22); the headers of pages 10 and 30
    # and the title read with its page number first (page 19) go as heads that carry the page's
    # printed number
    path = (
        real_world / "pdf" / "kreuzberg" / "a_catalogue_of_optimizing_transformations_1971_allen_catalog.pdf"
    )
    if not path.exists():
        pytest.skip("fixture missing")
    doc = extract(path, options={"ocr": "never"})
    assert doc.text.count("John Cocke") <= 2
    assert doc.text.count("Optimizing Transformations") == 0
    assert "PROCEDURE INTEGRATION" in doc.text


def _title_pages(pages: int, body_on: tuple[int, ...] = ()) -> bytes:
    """``pages`` pages whose only line is the same title near the top; the pages in ``body_on``
    also hold a paragraph."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    for n in range(1, pages + 1):
        c.setFont("Helvetica", 12)
        c.drawString(72, 760, "Quarterly safety notice")
        if n in body_on:
            c.setFont("Helvetica", 11)
            c.drawString(72, 600, BODY.format(n=n))
        c.showPage()
    c.save()
    return buf.getvalue()


def test_the_only_line_of_a_page_is_not_a_running_header():
    # the title repeats on every page, but on pages 1 and 2 it is all there is: kept there, and
    # dropped as the header of pages 3 and 4, which have a paragraph under it
    doc = extract(_title_pages(4, body_on=(3, 4)), filename="notice.pdf")
    pages = [b.page for b in doc.blocks if b.text == "Quarterly safety notice"]
    assert pages == [1, 2]
    assert BODY.format(n=3) in doc.text and BODY.format(n=4) in doc.text
    assert doc.coverage.headers_footers_removed == ("Quarterly safety notice",)


def test_a_document_of_one_repeated_line_per_page_keeps_its_text():
    doc = extract(_title_pages(4), filename="notice.pdf")
    assert [b.page for b in doc.blocks] == [1, 2, 3, 4]
    assert doc.coverage.headers_footers_removed == ()


def test_a_rotated_title_on_each_of_four_pages_is_kept(real_world):
    # habibi-rotated.pdf: four pages turned 90, 180, 270 and 0 degrees, each holding one line,
    # "habibi" and the word in Arabic. Before, three of the four were dropped as a running header
    path = real_world / "pdf" / "py-pdf-samples" / "habibi-rotated.pdf"
    doc = extract(path)
    assert [b.page for b in doc.blocks] == [1, 2, 3, 4]
    assert all("habibi" in b.text for b in doc.blocks)
    assert doc.coverage.headers_footers_removed == ()


def _report(pages: int, head) -> bytes:
    """``pages`` pages with a paragraph each and ``head(n)`` (if any) at the top of page ``n``."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    for n in range(1, pages + 1):
        text = head(n)
        if text:
            c.setFont("Helvetica", 9)
            c.drawString(72, 760, text)
        c.setFont("Helvetica", 11)
        c.drawString(72, 600, BODY.format(n=n))
        c.showPage()
    c.save()
    return buf.getvalue()


SECTIONS = ["1.1. TOPOLOGISCHE RÄUME", "1.2. METRISCHE RÄUME", "1.3. STETIGKEIT", "1.4. ZUSAMMENHANG"]


def test_running_heads_with_the_page_number_and_the_section_title_are_dropped():
    # the printed number is the page's less 2 (a title and a contents page come first); the title
    # is the section's, each on 3 pages: 25 % of them, under the share a repeated line needs
    doc = extract(
        _report(14, lambda n: f"{n - 2} {SECTIONS[(n - 3) // 3]}" if 3 <= n <= 14 else None),
        filename="script.pdf",
    )
    assert "RÄUME" not in doc.text and "STETIGKEIT" not in doc.text
    for n in range(1, 15):
        assert BODY.format(n=n) in doc.text
    assert doc.coverage.headers_footers_removed == ("running heads with page numbers (12 pages)",)


def test_a_header_on_a_run_of_pages_is_dropped():
    # 30 pages: a header on pages 2 to 12 (37 % of them, under the share a repeated line needs),
    # then an appendix with its own furniture; a line on top of pages 20 to 23, a run of 4, stays
    def head(n: int) -> str | None:
        if 2 <= n <= 12:
            return "Plan directeur de transport actif, rapport final"
        if 20 <= n <= 23:
            return "Legend: $ = under 50 000, $$ = over 50 000"
        return None

    doc = extract(_report(30, head), filename="plan.pdf")
    assert "Plan directeur" not in doc.text
    assert doc.text.count("Legend: $ = under 50 000") == 4
    assert doc.coverage.headers_footers_removed == ("Plan directeur de transport actif, rapport final",)


def test_running_heads_of_a_script_and_a_report_part(real_world):
    # GeoTopo: 92 heads such as "7 1.2. METRISCHE RÄUME" stayed in the text; chelsea_pdta: its
    # header on pages 2 to 25 of 65 (and its footer on 22 of them) stayed
    geotopo = extract(real_world / "pdf" / "py-pdf-samples" / "GeoTopo-komprimiert.pdf")
    assert "7 1.2. METRISCHE RÄUME" not in geotopo.text
    assert "1.2 Metrische Räume" in geotopo.text  # the section's own heading
    chelsea = extract(real_world / "pdf" / "pdfplumber" / "chelsea_pdta.pdf")
    # once left: the cover's title, set large
    assert chelsea.text.count("Plan directeur de transport actif de la municipalité de Chelsea") == 1


def test_numbered_titles_set_large_are_not_running_heads():
    # a deck whose slide n is titled "n <topic>" at the top: the number follows the page order
    # as a running head's does, but the title is set larger than the slide's text
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    topics = ["Overview", "Goals", "Design", "Results", "Costs", "Plans"]
    for n, topic in enumerate(topics, start=1):
        c.setFont("Helvetica-Bold", 24)
        c.drawString(72, 740, f"{n} {topic}")
        c.setFont("Helvetica", 12)
        c.drawString(72, 600, BODY.format(n=n))
        c.drawString(72, 580, "A second line of the slide's own text, as slides have.")
        c.showPage()
    c.save()
    doc = extract(buf.getvalue(), filename="deck.pdf")
    for n, topic in enumerate(topics, start=1):
        assert f"{n} {topic}" in doc.text
    assert doc.coverage.headers_footers_removed == ()


TOPICS = "abcdefghijklmnopqrstuvwxyzABCD"


def test_a_title_set_large_on_a_run_of_slides_stays():
    # slides 10 to 15 of 30 share their title: a run of pages, but a title, set larger than the
    # slides' text, not a header
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    for n in range(1, 31):
        c.setFont("Helvetica-Bold", 24)
        c.drawString(72, 740, "Results (continued)" if 10 <= n <= 15 else f"Topic {TOPICS[n - 1]}")
        c.setFont("Helvetica", 12)
        c.drawString(72, 600, BODY.format(n=n))
        c.drawString(72, 580, "A second line of the slide's own text, as slides have.")
        c.showPage()
    c.save()
    doc = extract(buf.getvalue(), filename="deck.pdf")
    assert doc.text.count("Results (continued)") == 6
    assert doc.coverage.headers_footers_removed == ()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("12", True),
        ("- 5 -", True),
        ("\u2014 ii \u2014", True),
        ("Page 3 of 10", True),
        ("xiv", True),
        ("III.", True),
        ("x", True),
        # a caption's rule of dashes ending in x, words and abbreviations of roman letters
        ("- - - - - - - - - - - - - - - - - x", False),
        ("did", False),
        ("mix", False),
        ("civil", False),
        ("DC", False),
        ("MD", False),
    ],
)
def test_what_reads_as_a_page_number(text, expected):
    from indexer.formats._pdf_layout import _is_page_number

    assert _is_page_number(text) is expected


def test_the_caption_rule_of_a_court_transcript_is_kept(real_world):
    # scotus-transcript-p1.pdf line 2: "- - - - - - - - - - - - - - - - - x" closes the caption's
    # first box; it was taken for the roman page number "x" and dropped
    doc = extract(real_world / "pdf" / "pdfplumber" / "scotus-transcript-p1.pdf")
    assert doc.text.count("- - - - - - - - - - - - - - - - - x") == 2


def _numbered_a4(number_gap: float) -> bytes:
    """Two A4 pages of 10 pt text ending 169 pt up, with the page number centred ``number_gap``
    points below the last line (the zone of running footers ends 126 pt up)."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(595.3, 841.9))
    for n in (1, 2):
        c.setFont("Helvetica", 10)
        for k in range(20):
            c.drawString(
                72, 169 + 12 * (19 - k), f"Line {k} of page {n}, set in the body of the page as prose."
            )
        c.drawCentredString(297.6, 169 - number_gap, str(n))
        c.showPage()
    c.save()
    return buf.getvalue()


def test_a_page_number_set_apart_just_above_the_footer_zone_is_dropped():
    doc = extract(_numbered_a4(30), filename="article.pdf")
    assert [b.text for b in doc.blocks if b.text in ("1", "2")] == []
    assert "page numbers (2 pages)" in doc.coverage.headers_footers_removed
    # a number one line below the text is the text's own
    doc = extract(_numbered_a4(12), filename="article.pdf")
    for n in (1, 2):
        page = [b.text for b in doc.blocks if b.page == n]
        assert any(t == str(n) or t.endswith(f"prose. {n}") for t in page), page[-1:]
    assert "page numbers (2 pages)" not in doc.coverage.headers_footers_removed


def test_the_latex_article_page_numbers_are_dropped(real_world):
    # multicolumn.pdf: the numbers 1, 2, 3 sit 17.5 % up the A4 page, 30 pt below the text
    doc = extract(real_world / "pdf" / "py-pdf-samples" / "multicolumn.pdf")
    assert [b for b in doc.blocks if b.text in ("1", "2", "3")] == []
    assert doc.coverage.headers_footers_removed == ("page numbers (3 pages)",)


def _footers(pages: int, footers) -> bytes:
    """``pages`` pages with a paragraph each and the lines ``footers(n)`` (text, x, y) at the foot
    of page ``n`` (the zone of running footers ends 119 pt up a letter page)."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)  # letter: 612 × 792 pt
    for n in range(1, pages + 1):
        c.setFont("Helvetica", 11)
        c.drawString(72, 600, BODY.format(n=n))
        c.setFont("Helvetica", 9)
        for text, x, y in footers(n):
            c.drawString(x, y, text)
        c.showPage()
    c.save()
    return buf.getvalue()


def test_a_number_off_the_pages_sequence_is_text():
    # pages 2 to 8 print their number less 1 (a cover comes first); page 1's footer holds a
    # telephone number alone, and page 5 a "1" above its page number: neither fits the sequence,
    # both are text. Before, every number alone in the margins went as a page number
    def footers(n: int) -> list[tuple[str, float, float]]:
        out = [] if n == 1 else [(str(n - 1), 300, 40)]
        if n == 1:
            out.append(("51178", 300, 40))
        if n == 5:
            out.append(("1", 72, 70))
        return out

    doc = extract(_footers(8, footers), filename="report.pdf")
    texts = [(b.page, b.text) for b in doc.blocks]
    assert (1, "51178") in texts
    assert (5, "1") in texts
    assert not any(t in {str(n - 1) for n in range(2, 9)} - {"1"} for _, t in texts)
    assert [p for p, t in texts if t == "1"] == [5]  # page 2's number 1 went
    assert doc.coverage.headers_footers_removed == ("page numbers (7 pages)",)


def test_a_number_set_alone_in_one_place_on_every_page_is_furniture():
    # a form's number, 1040, alone in the top right corner of its six pages, over page numbers
    # 1 to 6 at the foot: it fits no sequence (1039, 1038 ... above the page's number) but is
    # set on every page as a running header is, so it goes; it stayed once on each page
    def corner(n: int) -> list[tuple[str, float, float]]:
        return [("1040", 500, 770), (str(n), 300, 40)]

    doc = extract(_footers(6, corner), filename="form.pdf")
    assert [b.text for b in doc.blocks] == [BODY.format(n=n) for n in range(1, 7)]
    assert doc.coverage.headers_footers_removed == ("1040", "page numbers (6 pages)")


def test_the_number_alone_on_a_single_page():
    # one page: its own number (1, i) fits; another number alone is text, unless it says it is
    # a page number (a run of 5,000 digits is no page's, and its value is not read)
    for footer, dropped in [
        ("1", True),
        ("7", False),
        ("Page 7", True),
        ("- 1 -", True),
        ("i", True),
        ("iv", False),
        ("1" * 5000, False),
    ]:
        doc = extract(_footers(1, lambda n, footer=footer: [(footer, 10, 40)]), filename="page.pdf")
        assert (footer in [b.text for b in doc.blocks]) is not dropped, footer[:10]
        assert ("page numbers (1 page)" in doc.coverage.headers_footers_removed) is dropped, footer[:10]


def test_stray_numbers_in_the_margins_of_real_documents_are_text(real_world):
    # non_ascii_text.pdf p. 17: a classified advert's telephone number, 51178, on a line of its
    # own low on the page; pr-136-example.pdf p. 6: two "1"s of a stamp at the foot of the last
    # page. Both were dropped as page numbers. What goes are the footers' own numbers, 16 to 18,
    # centred between "Schutterwald aktuell" and the date on pages 16-18
    doc = extract(real_world / "pdf" / "kreuzberg" / "non_ascii_text.pdf", options={"ocr": "never"})
    assert [b.page for b in doc.blocks if b.text == "51178"] == [17]
    assert "page numbers (3 pages)" in doc.coverage.headers_footers_removed
    doc = extract(real_world / "pdf" / "pdfplumber" / "pr-136-example.pdf", options={"ocr": "never"})
    assert "@l1 1 1 @" in [b.text for b in doc.blocks if b.page == 6]
    # federal-register-2020-17221.pdf: page 1 prints 47698 alone at its foot, pages 2 to 15 print
    # 47699 to 47712 in their running heads: the number fits their sequence and goes
    doc = extract(real_world / "pdf" / "pdfplumber" / "federal-register-2020-17221.pdf")
    assert "47698" not in doc.text
    assert "page numbers (1 page)" in doc.coverage.headers_footers_removed


def _rows_at_the_top() -> bytes:
    """Six pages of a report whose table (no rules) starts at the top of each page, under a
    running header of two pieces set in the table's first and last columns."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)  # letter: 612 × 792 pt
    for n in range(1, 7):
        c.setFont("Helvetica", 10)
        c.drawString(72, 760, "Notices received")
        c.drawString(400, 760, "State of California")
        # drawn column by column, as the WARN report is: each cell is a line of its own
        for row in range(30):
            c.drawString(72, 730 - 13.2 * row, f"{7 + row % 3:02d}/{n + row % 20 + 1:02d}/2015")
        for row in range(30):
            c.drawString(160, 730 - 13.2 * row, f"Company {n}-{row} Incorporated")
        for row in range(30):
            c.drawString(400, 730 - 13.2 * row, f"{10 * n + row} Layoff Permanent")
        c.showPage()
    c.save()
    return buf.getvalue()


def _report_with_a_table_page() -> bytes:
    """Four pages with the same footer; the third holds only a ruled table of 3 columns and 6
    rows (a table continued from the page before, as the generated benchmark reports)."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)  # letter: 612 × 792 pt
    for n in range(1, 5):
        c.setFont("Helvetica", 10)
        if n == 3:
            xs, top, pitch = [72, 220, 370, 520], 600, 18
            for k in range(7):
                c.line(xs[0], top - pitch * k, xs[-1], top - pitch * k)
            for x in xs:
                c.line(x, top, x, top - pitch * 6)
            for k in range(6):
                for x, text in zip(
                    xs, (f"Sample {k + 1}", f"{k * 7 + 3} cells", f"Tissue {k % 3}"), strict=False
                ):
                    c.drawString(x + 4, top - pitch * k - 13, text)
        else:
            c.drawString(72, 600, BODY.format(n=n))
        c.setFont("Helvetica", 8)
        c.drawString(72, 40, f"Cell Result Population Section Tissue - page {n}")
        c.showPage()
    c.save()
    return buf.getvalue()


def test_rows_of_a_table_at_the_top_of_pages_are_no_running_header():
    doc = extract(_rows_at_the_top(), filename="rows.pdf", options={"pdf_tables": "never", "ocr": "never"})
    # every row's date is kept: the first rows of each page recur ("##/##/2015", "Layoff Permanent")
    for n in range(1, 7):
        assert f"07/{n + 1:02d}/2015" in doc.text
        assert f"Company {n}-0 Incorporated" in doc.text
        assert f"{10 * n} Layoff Permanent" in doc.text
    # the header above the table, a line's pitch and more away, is still one
    assert "Notices received" not in doc.text
    assert "State of California" not in doc.text
    assert not any("/2015" in label or "Layoff" in label for label in doc.coverage.headers_footers_removed)


def test_the_warn_report_without_tables_keeps_its_dates(real_world):
    path = real_world / "pdf" / "pdfplumber" / "WARN-Report-for-7-1-2015-to-03-25-2016.pdf"
    doc = extract(path, options={"pdf_tables": "never", "ocr": "never"})
    # pdfium reads 1901 dates on its 16 pages; 55 of them, first and last rows, were removed
    assert len(re.findall(r"\d\d/\d\d/\d{4}", doc.text)) == 1901
    assert not any("/20" in label for label in doc.coverage.headers_footers_removed)


def test_a_footer_on_a_page_holding_only_a_table_is_dropped():
    # the table's rows are not looked at for running heads, but they are text of the page: the
    # footer was kept there as the page's only line
    doc = extract(_report_with_a_table_page(), filename="report.pdf")
    assert any(b.kind == "table" and b.page == 3 for b in doc.blocks)
    assert not any("Cell Result Population" in b.text for b in doc.blocks)
    assert any(
        r.startswith("Cell Result Population Section Tissue") for r in doc.coverage.headers_footers_removed
    )


def _centred_footers(pages: int, footers, labels_from: int | None = None) -> bytes:
    """``pages`` pages of five body lines (72 to about 510 pt across, 544 to 600 pt up) and the
    lines ``footers(n)`` (text, x, y) centred at ``x`` at the foot of page ``n``; the file labels
    its pages from ``labels_from`` on when given (``/PageLabels``)."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)  # letter: 612 × 792 pt
    if labels_from is not None:
        c.addPageLabel(0, style="D", start=labels_from)  # decimal, from labels_from
    for n in range(1, pages + 1):
        c.setFont("Helvetica", 11)
        for k in range(5):
            c.drawString(72, 600 - 14 * k, BODY.format(n=n))
        c.setFont("Helvetica", 9)
        for text, x, y in footers(n):
            c.drawCentredString(x, y, text)
        c.showPage()
    c.save()
    return buf.getvalue()


def test_the_only_numbered_page_after_a_cover_loses_its_number():
    # a cover, then one page printing "1" centred at its foot (and a third page without a
    # number): no other page's number makes a sequence for it, but it counts the pages after
    # the cover and stands apart, centred under the text. Before, it stayed as a block "1"
    for pages in (2, 3):
        doc = extract(_centred_footers(pages, lambda n: [("1", 306, 40)] if n == 2 else []), filename="a.pdf")
        assert [b.text for b in doc.blocks] == [" ".join([BODY.format(n=n)] * 5) for n in range(1, pages + 1)]
        assert doc.coverage.headers_footers_removed == ("page numbers (1 page)",)
    # the same "1" on page 2 under a label at the foot (a total under its column), or at the
    # foot off centre and off the text's edges, is no page number
    total = [("Units shipped", 306, 64), ("1", 306, 52)]
    doc = extract(_centred_footers(2, lambda n: total if n == 2 else []), filename="a.pdf")
    assert (2, "1") in [(b.page, b.text.split()[-1]) for b in doc.blocks]
    doc = extract(_centred_footers(2, lambda n: [("1", 200, 40)] if n == 2 else []), filename="a.pdf")
    assert (2, "1") in [(b.page, b.text) for b in doc.blocks]


def test_a_number_of_a_one_page_file_stays_unless_it_is_set_as_its_page_number():
    # a file of one page: a "1" in its foot or head is its page number only when it is set as
    # one, apart from the text toward the page's edge, centred or at the text's edge. A total
    # under its label, the last of a column of figures, or a chapter's number under its title
    # is text; before, any "1" alone among the lowest or highest lines went
    for lines, text in [
        ([("Units shipped", 306, 64), ("1", 306, 52)], "Units shipped 1"),
        ([("Units", 400, 100), ("12", 400, 88), ("7", 400, 76), ("1", 400, 64)], "Units 12 7 1"),
        ([("1", 200, 40)], "1"),
    ]:
        doc = extract(_centred_footers(1, lambda n, lines=lines: lines), filename="p.pdf")
        assert doc.blocks[-1].text == text
        assert doc.coverage.headers_footers_removed == ()
    doc = extract(_centred_footers(1, lambda n: [("Chapter", 306, 760), ("1", 306, 740)]), filename="p.pdf")
    assert {"Chapter", "1"} <= {b.text for b in doc.blocks}
    assert doc.coverage.headers_footers_removed == ()
    for lines in ([("1", 306, 40)], [("1", 306, 760)], [("- 1 -", 306, 40)]):
        doc = extract(_centred_footers(1, lambda n, lines=lines: lines), filename="p.pdf")
        assert [b.text for b in doc.blocks] == [" ".join([BODY.format(n=1)] * 5)]
        assert doc.coverage.headers_footers_removed == ("page numbers (1 page)",)


def test_a_number_the_pages_label_gives_may_stand_over_a_footer(real_world):
    # scotus-transcript-p1.pdf, one page the file labels 1: its number 1 is centred 20 pt over
    # the reporter's name at the foot ("Alderson Reporting Company"), far below the text
    doc = extract(real_world / "pdf" / "pdfplumber" / "scotus-transcript-p1.pdf")
    assert [b.text for b in doc.blocks][-2:] == [
        "CHARLES M. SEVILLA, ESQ., San Diego, Cal.; on behalf of the Respondent.",
        "Alderson Reporting Company",
    ]
    assert "page numbers (1 page)" in doc.coverage.headers_footers_removed
    # the same over a footer on a page the file labels 7 goes; unlabelled, nothing proves it
    footed = [("7", 306, 64), ("Printed by the court reporter", 306, 40)]
    doc = extract(_centred_footers(1, lambda n: footed, labels_from=7), filename="p.pdf")
    assert doc.blocks[-1].text == "Printed by the court reporter"
    assert doc.coverage.headers_footers_removed == ("page numbers (1 page)",)
    doc = extract(_centred_footers(1, lambda n: footed), filename="p.pdf")
    assert [b.text for b in doc.blocks][-2:] == ["7", "Printed by the court reporter"]
    assert doc.coverage.headers_footers_removed == ()


def test_a_lone_number_equal_to_the_pages_label_is_its_number():
    # one page the file labels 7 (an excerpt), printing 7 at its foot: the page's number. The
    # same 7 without the label, or a 7 set among other lines, stays
    seven = [("7", 306, 40)]
    doc = extract(_centred_footers(1, lambda n: seven, labels_from=7), filename="p.pdf")
    assert "7" not in [b.text for b in doc.blocks]
    assert doc.coverage.headers_footers_removed == ("page numbers (1 page)",)
    doc = extract(_centred_footers(1, lambda n: seven), filename="p.pdf")
    assert "7" in [b.text for b in doc.blocks]
    crowded = [("7", 306, 40), ("Printed on recycled paper", 306, 52)]
    doc = extract(_centred_footers(1, lambda n: crowded, labels_from=7), filename="p.pdf")
    assert "7" in [b.text for b in doc.blocks]


def _flush_footers(footers, labels_from: int | None = None) -> bytes:
    """One page as ``_centred_footers`` sets it, with the lines ``footers`` (text, x, y, flush)
    starting at ``x``, or ending at it when ``flush`` is "right", or centred on it ("centre")."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)  # letter: 612 × 792 pt
    if labels_from is not None:
        c.addPageLabel(0, style="D", start=labels_from)
    c.setFont("Helvetica", 11)
    for k in range(5):
        c.drawString(72, 600 - 14 * k, BODY.format(n=1))
    c.setFont("Helvetica", 9)
    for text, x, y, flush in footers:
        draw = {"right": c.drawRightString, "centre": c.drawCentredString}.get(flush, c.drawString)
        draw(x, y, text)
    c.showPage()
    c.save()
    return buf.getvalue()


def test_a_page_number_beside_a_one_page_files_footer_is_dropped():
    # one page whose foot (or head) sets its text at the left margin and "Page 1" flush right on
    # the same baseline: pdfium reads them as one line, "Company confidential Page 1", which no
    # other page shows to be a footer, and the page number stayed in the text. It says it is a
    # page number, it is the page's, and it stands apart: it goes, the footer's text stays
    body = " ".join([BODY.format(n=1)] * 5)
    for text, y in [("Company confidential", 40), ("Quarterly report", 760)]:
        for number in ("Page 1", "Page 1 of 1", "PAGE 1"):
            doc = extract(
                _flush_footers([(text, 72, y, "left"), (number, 540, y, "right")]), filename="p.pdf"
            )
            assert sorted(b.text for b in doc.blocks) == [body, text], number
            assert doc.coverage.headers_footers_removed == ("page numbers (1 page)",)
    # the same on a page the file labels 7, with "Page 7"
    seven = [("Company confidential", 72, 40, "left"), ("Page 7", 540, 40, "right")]
    doc = extract(_flush_footers(seven, labels_from=7), filename="p.pdf")
    assert [b.text for b in doc.blocks] == [body, "Company confidential"]
    # what stays: a bare number beside the footer's text is no different from a total beside
    # its label ("Total 1"), and a table's last row ends in 1 near the foot; "Page 7" on a page
    # no label numbers 7 is not its number; a contents entry "Summary … Page 1" under others
    # stands among lines; a contents entry in the body is not split from its page number
    for lines, kept in [
        ([("Company confidential", 72, 40, "left"), ("1", 540, 40, "right")], "Company confidential 1"),
        ([("Total", 72, 40, "left"), ("1", 540, 40, "right")], "Total 1"),
        (
            [("Item", 72, 64, "left"), ("Qty", 540, 64, "right"), ("Widgets", 72, 52, "left")]
            + [("4", 540, 52, "right"), ("Spare parts", 72, 40, "left"), ("1", 540, 40, "right")],
            "Item Qty Widgets 4 Spare parts 1",
        ),
        (seven, "Company confidential Page 7"),
        (
            [("Introduction", 72, 64, "left"), ("Page 1", 540, 64, "right"), ("Summary", 72, 52, "left")]
            + [("Page 1", 540, 52, "right")],
            "Introduction Page 1 Summary Page 1",
        ),
        ([("Introduction", 72, 300, "left"), ("Page 1", 540, 300, "right")], "Introduction Page 1"),
    ]:
        doc = extract(_flush_footers(lines), filename="p.pdf")
        assert " ".join(b.text for b in doc.blocks[1:]).replace("\n", " ") == kept
        assert doc.coverage.headers_footers_removed == ()


def test_a_number_centred_between_a_one_page_files_footer_texts_is_dropped():
    # a footer of three parts on one baseline, its title at the left margin, the page's number
    # centred and a date at the right, over a copyright line: pdfium reads the three as one line,
    # "Annual report 1 March 2026", and the bare 1 stayed in the text. Set apart between the
    # footer's texts, centred on the page, in the foot margin, it is the page's number: it goes,
    # and the texts either side of it are one row again, read on into the line under them (the
    # date had opened a paragraph of its own, or one with that line)
    body = " ".join([BODY.format(n=1)] * 5)
    row = [("Annual report", 72, 52, "left"), ("1", 306, 52, "centre"), ("March 2026", 540, 52, "right")]
    under = [("Printed by the board", 306, 40, "centre")]
    for lines, texts in [
        (row, [body, "Annual report March 2026"]),
        (row + under, [body, "Annual report March 2026 Printed by the board"]),
    ]:
        doc = extract(_flush_footers(lines), filename="p.pdf")
        assert [b.text for b in doc.blocks] == texts
        assert doc.coverage.headers_footers_removed == ("page numbers (1 page)",)
    # what stays: a number off the page's centre, one the page is not (7, unlabelled), a row of a
    # table at the foot (the rows over it in the same columns), a number between texts in the body
    table = [("Widgets", 72, 76, "left"), ("4", 306, 76, "centre"), ("12.00", 540, 76, "right")]
    table += [("Gears", 72, 64, "left"), ("2", 306, 64, "centre"), ("3.50", 540, 64, "right")]
    table += [("Bolts", 72, 52, "left"), ("1", 306, 52, "centre"), ("0.20", 540, 52, "right")]
    mid = [("Annual report", 72, 300, "left"), ("1", 306, 300, "centre"), ("March 2026", 540, 300, "right")]
    for lines in (
        [row[0], ("1", 250, 52, "centre"), row[2]],
        [row[0], ("7", 306, 52, "centre"), row[2]],
        table,
        mid,
    ):
        doc = extract(_flush_footers(lines), filename="p.pdf")
        words = " ".join(b.text for b in doc.blocks[1:]).split()
        assert sorted(words) == sorted(" ".join(text for text, *_ in lines).split()), lines
        assert doc.coverage.headers_footers_removed == ()


VERSE = "Line {k} of the text, numbered in the margin every fifth line"


def _numbered_every_fifth(x: float, axis: bool = False) -> bytes:
    """Two pages of 30 lines each, numbered 5, 10 … 30 and 35 … 60 in a column of their own at
    ``x`` (left or right of the text at 100 to about 370 pt), on the lines they count. ``axis``:
    the numbers count down instead, as a chart's axis beside the text does."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)  # letter: 612 × 792 pt
    for page in range(2):
        c.setFont("Times-Roman", 11)
        for k in range(30):
            c.drawString(100, 700 - 14 * k, VERSE.format(k=30 * page + k + 1))
        for k in range(4, 30, 5):
            number = 30 * page + k + 1
            c.drawRightString(x, 700 - 14 * k, str(90 - number if axis else number))
        c.showPage()
    c.save()
    return buf.getvalue()


def test_line_numbers_printed_every_fifth_line_are_dropped():
    # legal texts and poems number every fifth line: 5, 10, 15 … go up by 5, not by 1, and
    # each stands on the line it counts. Before, they stayed, each a paragraph of its own
    for x in (60, 420):
        doc = extract(_numbered_every_fifth(x), filename="act.pdf")
        assert [b.text for b in doc.blocks] == [
            " ".join(VERSE.format(k=30 * page + k + 1) for k in range(30)) for page in range(2)
        ]
        assert doc.coverage.headers_footers_removed == ("margin line numbers",)
    # numbers counting down beside the text (a chart's axis) are no line numbers
    doc = extract(_numbered_every_fifth(60, axis=True), filename="act.pdf")
    assert "85" in [b.text for b in doc.blocks]


def _drawn_in_order(pages: int, lines) -> bytes:
    """``pages`` pages, each drawing ``lines`` (text, y) in the given order (the content stream's),
    ``{n}`` in a text standing for the page's number and ``{w}`` for a word naming it."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)  # letter: 612 × 792 pt
    for n in range(1, pages + 1):
        for text, y in lines:
            c.setFont("Helvetica", 9 if y > 700 or y < 100 else 11)
            c.drawString(72, y, text.format(n=n, w=("one", "two", "three")[n - 1]))
        c.showPage()
    c.save()
    return buf.getvalue()


def test_the_only_pages_header_and_footer_are_read_where_the_page_sets_them():
    # a header drawn after the body and a footer drawn before it: on a file of one page nothing
    # shows them to be furniture, so they stay, read top-down (before, the header came last and
    # the footer first, as the content stream gives them)
    body = [(BODY.format(n=1), 600 - 14 * k) for k in range(3)]
    footer, header = ("Printed for the board, 3 March", 40), ("Quarterly report of the board", 760)
    doc = extract(_drawn_in_order(1, [footer, *body, header]), filename="p.pdf")
    assert [b.text for b in doc.blocks] == [header[0], " ".join([BODY.format(n=1)] * 3), footer[0]]
    # a line drawn after the body but set beside it, or a body line under the head margin's
    # edge, keeps the stream's order
    doc = extract(_drawn_in_order(1, [*body, ("Set beside the body", 620)]), filename="p.pdf")
    assert doc.blocks[-1].text.endswith("Set beside the body")
    # on a file of several pages the order is the stream's: repetition tells furniture there
    lines = [("Note for the reader of part {w}", 40), *body, ("Quarterly report, part {w}", 760)]
    doc = extract(_drawn_in_order(2, lines), filename="p.pdf")
    assert [b.text for b in doc.blocks if b.page == 1] == [
        "Note for the reader of part one",
        " ".join([BODY.format(n=1)] * 3),
        "Quarterly report, part one",
    ]


def test_the_nics_reports_title_heads_its_only_page(real_world):
    # nics-background-checks-2015-11.pdf, one page cut from a report of 205: its title,
    # "NICS Firearm Background Checks / November - 2015", is drawn after the table under it and
    # was read after the table's 57 rows; the same in the copy turned by /Rotate 90
    for name in ("nics-background-checks-2015-11.pdf", "nics-background-checks-2015-11-rotated.pdf"):
        doc = extract(real_world / "pdf" / "pdfplumber" / name)
        assert doc.blocks[0].text == "NICS Firearm Background Checks November - 2015", name
        assert doc.blocks[1].kind == "table"


def test_a_rotated_pages_side_number_stays_where_it_is_read(real_world):
    # senate-expenditures.pdf: the page is turned by /Rotate 90 and its rows run up the page; its
    # number "B-1191" upright in the page's space stands at the turned page's side, no header
    doc = extract(real_world / "pdf" / "pdfplumber" / "senate-expenditures.pdf")
    assert doc.blocks[0].text.startswith("DOCUMENT NO. DATE PAYEE NAME")
    assert doc.blocks[-1].text.endswith("B-1191")


def test_an_errata_sheets_footer_is_read_under_its_body(real_world):
    # the one-page errata sheet held by an S/MIME message draws its footer ("Sharn: City of
    # Towers Errata 1 03/07/2005" over a copyright line) before its body: it was the first block,
    # before the sheet's title
    path = (
        real_world / "msg" / "MsgReader" / "bbottema__outlook-message-parser__S_MIME test message signed.msg"
    )
    texts = [b.text for b in extract(path).blocks if b.page is not None]
    assert texts[0] == "Sharn: City of Towers Errata"
    assert texts[-1].endswith(
        "©2005 Wizards of the Coast, Inc., a subsidiary of Hasbro, Inc. All rights reserved."
    )
    assert "Sharn: City of Towers Errata" not in texts[1:-2]


def test_an_errata_sheets_page_number_between_its_footers_texts_is_dropped(real_world):
    # the errata sheet's footer sets "1" centred between its title and its date, over the
    # copyright line; pdfium read "Sharn: City of Towers Errata 1 03/07/2005" and the 1 stayed.
    # Without the 1, the title and the date are one row again, and the footer one paragraph (the
    # date had opened a paragraph with the copyright line, the title one of its own)
    path = (
        real_world / "msg" / "MsgReader" / "bbottema__outlook-message-parser__S_MIME test message signed.msg"
    )
    doc = extract(path)
    texts = [b.text for b in doc.blocks if b.page is not None]
    assert texts[-1] == (
        "Sharn: City of Towers Errata 03/07/2005 ©2005 Wizards of the Coast, Inc., a subsidiary of"
        " Hasbro, Inc. All rights reserved."
    )
    assert texts[-2] == "In addition, the Citadel elite does not get any bonus feats."
    assert doc.coverage.headers_footers_removed == (
        "03-07-2005 errata SharnErrata.pdf: page numbers (1 page)",
    )


def test_a_footer_under_a_full_page_picture_goes_as_on_the_pages_around_it(real_world):
    # non_ascii_text.pdf pp. 16-18 share a footer, "Schutterwald aktuell", the page's number and
    # the date; p. 16 is a full-page advertisement, a picture, and its footer is its only text.
    # Pages 17 and 18 lost the footer as furniture; p. 16 kept it, as if it were the page's text
    doc = extract(real_world / "pdf" / "kreuzberg" / "non_ascii_text.pdf", options={"ocr": "never"})
    assert [b.text for b in doc.blocks if b.page in (16, 17, 18) and "Schutterwald aktuell" in b.text] == []
    assert [b.text for b in doc.blocks if b.page == 16] == ["[Image: image_p16_1.png]"]
    assert {"Schutterwald aktuell", "Freitag 31. Januar 25 , 20"} <= set(doc.coverage.headers_footers_removed)


def _pictured_pages() -> bytes:
    """Three pages with one footer; the second holds a picture and no other text."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)  # letter: 612 × 792 pt
    picture = ImageReader(PILImage.new("RGB", (60, 80), (200, 40, 40)))
    for n in range(1, 4):
        c.setFont("Helvetica", 11)
        if n == 2:
            c.drawImage(picture, 72, 150, width=468, height=600)
        else:
            c.drawString(72, 600, BODY.format(n=n))
        c.setFont("Helvetica", 9)
        c.drawString(72, 40, "Parish newsletter of the town")
        c.showPage()
    c.save()
    return buf.getvalue()


def test_a_repeated_footer_beside_a_picture_only_is_furniture():
    # the page of a picture and its footer: the footer goes, as on the pages of text around it
    doc = extract(_pictured_pages(), filename="p.pdf")
    assert [b.text for b in doc.blocks if b.page == 2] == ["[Image: image_p2_1.png]"]
    assert "Parish newsletter of the town" not in [b.text for b in doc.blocks]
    assert doc.coverage.headers_footers_removed == ("Parish newsletter of the town",)


def test_footnotes_drawn_from_the_lowest_up_are_read_top_down(real_world):
    # google-doc-document.pdf sets three footnotes under its table, "1 2021 estimate" at the top
    # and "3 2020 estimate" at the bottom, and draws them last first: they were read 3, 2, 1
    doc = extract(real_world / "pdf" / "py-pdf-samples" / "google-doc-document.pdf")
    assert [b.text for b in doc.blocks[-3:]] == ["1 2021 estimate", "2 2020 estimate", "3 2020 estimate"]


def test_notes_drawn_upwards_at_a_pages_foot_read_top_down_each_its_own_paragraph():
    # on every page of a file of two, notes drawn from the lowest up (the stream's order) are
    # read as the page sets them, one paragraph each; a note drawn downwards stays a paragraph
    # of two lines
    body = [(BODY.format(n=1), 600 - 14 * k) for k in range(3)]
    notes = [("2 The second note of part {w}", 50), ("1 The first note of part {w}", 62)]
    doc = extract(_drawn_in_order(2, [*body, *notes]), filename="p.pdf")
    for n, word in ((1, "one"), (2, "two")):
        assert [b.text for b in doc.blocks if b.page == n][-2:] == [
            f"1 The first note of part {word}",
            f"2 The second note of part {word}",
        ]
    wrapped = [("1 The first note of part {w}, which runs on", 62), ("over a second line of note {w}", 50)]
    doc = extract(_drawn_in_order(2, [*body, *wrapped]), filename="p.pdf")
    assert doc.blocks[-1].text == "1 The first note of part two, which runs on over a second line of note two"
