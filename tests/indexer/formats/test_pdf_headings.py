"""Lines and heading levels: a piece of pdfium's text that runs over several baselines is split
into its lines, and the size of a line does not hang on three sampled characters. Expected
values were read off the rendered pages of the real files."""

from __future__ import annotations

import io

from pypdfium2 import PdfDocument
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas

from indexer import chunk_document, extract
from indexer.model import HEADING, PARAGRAPH, TABLE


def test_a_slide_title_pdfium_joined_to_its_list_is_a_heading_again(real_world):
    # slide 16: pdfium gives "Test Hardware o Intel(R) Xeon(R) CPU …" as one piece of text from
    # the 77 pt title's baseline down to the first item's, with no line break between them
    doc = extract(
        real_world
        / "pdf"
        / "kreuzberg"
        / "100_g_networking_technology_overview_slides_toronto_august_2016.pdf"
    )
    slide = [b for b in doc.blocks if b.page == 16]
    title = next(b for b in slide if b.kind == HEADING)
    assert title.text == "Test Hardware"
    assert not any("Test Hardware" in b.text for b in slide if b is not title)
    # the first item below it (its "o" bullet read as a list marker, or kept as text)
    body = next(b for b in slide if b is not title)
    assert body.text.removeprefix("o ").startswith("Intel(R) Xeon(R) CPU E5-2667 v3"), body.text[:60]


BODY = (
    "The agency estimates the following costs to comply with this proposed rule, for every "
    "airplane of the fleet and for the operators that fly them."
)


def _small_caps_pdf() -> bytes:
    """A bold body-size heading, body text at 9 pt, and a caption in small capitals: the first
    letter of each word at 10 pt and the others at 8.2 pt, then '—Continued' at 10 pt (as the
    Federal Register sets a table's caption on the page the table continues)."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.setFont("Helvetica-Bold", 9)
    c.drawString(72, 760, "Background")
    y = 745
    for _ in range(3):
        text = c.beginText(72, y)
        text.setFont("Helvetica", 9)
        text.textLine(BODY[:95])
        text.textLine(BODY[95:])
        c.drawText(text)
        y -= 30
    caption = c.beginText(200, y - 10)
    for part, size in (("E", 10), ("STIMATED ", 8.2), ("C", 10), ("OSTS", 8.2), ("\u2014Continued", 10)):
        caption.setFont("Helvetica", size)
        caption.textOut(part)
    c.drawText(caption)
    c.save()
    return buf.getvalue()


def test_a_caption_in_small_capitals_has_the_size_of_most_of_its_letters():
    doc = extract(_small_caps_pdf(), filename="caption.pdf")
    headings = [(b.text, b.level) for b in doc.blocks if b.kind == HEADING]
    assert headings == [("Background", 1)]
    assert any(b.text == "ESTIMATED COSTS\u2014Continued" for b in doc.blocks)


def test_the_federal_register_caption_is_no_top_heading(real_world):
    doc = extract(real_world / "pdf" / "pdfplumber" / "federal-register-2020-17221.pdf")
    level = {b.text: b.level for b in doc.blocks if b.kind == HEADING}
    assert "ESTIMATED COSTS\u2014Continued" not in level
    assert level["Authority for This Rulemaking"] == level["Background"] == level["Costs of Compliance"]


def _deck_pdf() -> bytes:
    """Four landscape slides whose titles were shrunk to fit (40, 30, 24 and 36 pt bold), each
    over two lines of 18 pt text; the third slide has a 22 pt bold subheading."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(960, 540))
    titles = [
        ("Why now", 40),
        ("A much longer title shrunk to fit", 30),
        ("Test hardware and setup", 24),
        ("Results", 36),
    ]
    for n, (title, size) in enumerate(titles, start=1):
        c.setFont("Helvetica-Bold", size)
        c.drawString(60, 460, title)
        c.setFont("Helvetica", 18)
        c.drawString(60, 380, f"The first point of slide {n} is written here in full.")
        c.drawString(60, 350, f"The second point of slide {n} follows it below.")
        if n == 3:
            c.setFont("Helvetica-Bold", 22)
            c.drawString(60, 280, "Adapters")
            c.setFont("Helvetica", 18)
            c.drawString(60, 250, "Two adapters were used for every test of this slide.")
        c.showPage()
    c.save()
    return buf.getvalue()


def test_slide_titles_shrunk_to_fit_are_one_level():
    doc = extract(_deck_pdf(), filename="deck.pdf")
    headings = [(b.text, b.level, b.page) for b in doc.blocks if b.kind == HEADING]
    assert headings == [
        ("Why now", 1, 1),
        ("A much longer title shrunk to fit", 1, 2),
        ("Test hardware and setup", 1, 3),
        ("Adapters", 2, 3),
        ("Results", 1, 4),
    ]


def test_the_keynote_deck_titles_are_level_one(real_world):
    doc = extract(
        real_world
        / "pdf"
        / "kreuzberg"
        / "100_g_networking_technology_overview_slides_toronto_august_2016.pdf"
    )
    first = {}
    for b in doc.blocks:
        if b.kind == HEADING:
            first.setdefault(b.page, b)
    # every slide opens with its title (77 pt down to 33 pt in the file), all at level 1; the
    # last one's, "Q&A", too
    assert len(first) == 25
    assert first[25].text == "Q&A"
    assert {b.level for b in first.values()} == {1}
    assert first[21].text == "RDMA vs. Posix Sockets (1000 byte Payload)"
    chunks = chunk_document(doc, "section")
    paths = [c.metadata.get("heading_path") for c in chunks if c.metadata.get("page_number") == 21]
    assert paths and all(p[0] == "RDMA vs. Posix Sockets (1000 byte Payload)" for p in paths if p)


def _mixed_weight_pdf() -> bytes:
    """10 pt Helvetica at x=72 with a 12 pt line pitch: a bold title whose last character (®) is
    regular; a regular sentence with two bold names, its first line ending on one; a bold label
    run into a regular sentence that ends its first line with bold words; a numbered title with a
    regular number; and plain sentences, so that 10 pt regular is the body."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    y = 770

    def line(*parts):
        nonlocal y
        text = c.beginText(72, y)
        for part, bold in parts:
            text.setFont("Helvetica-Bold" if bold else "Helvetica", 10)
            text.textOut(part)
        c.drawText(text)
        y -= 12

    def gap():
        nonlocal y
        y -= 12

    line(("A good example: UNIX", True), ("\u00ae", False))
    line(("The system was written in a high-level language and moved to many machines.", False))
    gap()
    line(
        ("Each entry in the length stream for a ", False),
        ("PtypMultipleString8", True),
        (" property or a ", False),
        ("PtypMultipleString", True),
    )
    line(("property has the following structure, read from the start of the stream.", False))
    gap()
    line(
        ("Index and Kind Information (4 bytes): ", True),
        ("This field contains an ", False),
        ("Index and Kind Information", True),
    )
    line(("structure, as specified in the section on property names of this document.", False))
    gap()
    line(("1. ", False), ("Introduction", True))
    for _ in range(3):
        line(("Messages are stored in files of their own and read back without changes.", False))
    c.save()
    return buf.getvalue()


def test_a_line_is_bold_when_nearly_all_its_letters_are():
    doc = extract(_mixed_weight_pdf(), filename="weights.pdf")
    headings = [b.text for b in doc.blocks if b.kind == HEADING]
    assert headings == ["A good example: UNIX\u00ae", "1. Introduction"]
    texts = [b.text for b in doc.blocks]
    assert (
        "Each entry in the length stream for a PtypMultipleString8 property or a PtypMultipleString "
        "property has the following structure, read from the start of the stream."
    ) in texts
    assert (
        "Index and Kind Information (4 bytes): This field contains an Index and Kind Information "
        "structure, as specified in the section on property names of this document."
    ) in texts


def test_bold_names_in_a_sentence_of_the_ms_oxmsg_spec_make_no_heading(real_world):
    doc = extract(real_world / "pdf" / "[MS-OXMSG].pdf", options={"ocr": "never"})
    headings = {b.text for b in doc.blocks if b.kind == HEADING}
    starts = (
        "Each entry in the length stream for a PtypMultipleString8",  # p12
        "Name Identifier/String Offset (4 bytes)",  # p16
        "Index and Kind Information (4 bytes)",  # p19
    )
    assert not [h for h in headings if h.startswith(starts)]
    paragraph = next(b.text for b in doc.blocks if b.page == 12 and b.text.startswith(starts[0]))
    assert paragraph.endswith("property ([MS-OXCDATA] section 2.11.1) has the following structure.")
    # the sections after them sit under the outline's headings
    chunks = chunk_document(doc, "section")
    path = next(
        c.metadata["heading_path"] for c in chunks if "Value Streams" in c.metadata["heading_path"][-1]
    )
    assert not [p for p in path if p.startswith(starts)]


def test_a_bold_title_ending_in_a_regular_registered_sign_is_a_heading(real_world):
    doc = extract(real_world / "pdf" / "kreuzberg" / "the_hideous_name_1985_pike85hideous.pdf")
    level = {b.text: b.level for b in doc.blocks if b.kind == HEADING}
    assert level["A good example: UNIX\u00ae"] == level["A bad example: VAX/VMS"]


def _rtl_lines():
    """Lines as pdfium gives a right-to-left page (right_to_left_01.pdf, in Hebrew here): a bold
    13.6 pt title set at the right edge (522 pt) and two justified 12 pt paragraphs whose lines
    start at the right edge and end, ragged, at the left."""
    from indexer.formats._pdf_lines import Line

    word = "\u05de\u05d9\u05dc\u05d4 "  # a Hebrew word
    rows = [
        # (text, size, bold, left, right, base)
        ("\u05db\u05d5\u05ea\u05e8\u05ea " + word * 6, 13.6, True, 257.8, 522.0, 709.3),
        (word * 16, 12.0, False, 111.7, 522.2, 681.0),
        (word * 17, 12.0, False, 94.5, 522.1, 667.2),
        (word * 16, 12.0, False, 111.9, 521.5, 653.4),
        (word * 5 + "\u05e1\u05d5\u05e3.", 12.0, False, 394.9, 522.2, 639.6),
        (word * 16, 12.0, False, 104.7, 521.2, 611.8),
        (word * 15, 12.0, False, 124.3, 521.5, 598.0),
        (word * 6 + "\u05e1\u05d5\u05e3.", 12.0, False, 375.8, 522.2, 584.2),
    ]
    return [
        Line(1, text.strip(), size, bold, left, right, base + 0.7 * size, base, base, 0.0)
        for text, size, bold, left, right, base in rows
    ]


def test_right_to_left_paragraphs_and_title():
    # each paragraph was cut where a line's ragged left end lay right of the second line's (a
    # "first-line indent"), and the title, aligned at the right edge, was no heading
    from indexer.formats._pdf_layout import group_page, to_blocks

    lines = _rtl_lines()
    groups = group_page(lines, 1)
    assert [len(g.lines) for g in groups] == [1, 4, 3]
    blocks = [b for _, b in to_blocks(groups)]
    assert [b.kind for b in blocks] == [HEADING, PARAGRAPH, PARAGRAPH]


def test_the_right_to_left_sample_has_a_title_and_four_paragraphs(real_world):
    doc = extract(real_world / "pdf" / "kreuzberg" / "right_to_left_01.pdf")
    assert [b.kind for b in doc.blocks] == [HEADING] + [PARAGRAPH] * 4
    assert doc.blocks[0].text.endswith("R وPython")
    # the first paragraph ends "بشكل كبير في تحسين نتائج العمل."
    assert doc.blocks[1].text.endswith("\u0646\u062a\u0627\u0626\u062c \u0627\u0644\u0639\u0645\u0644.")


def _quotation_page_pdf() -> bytes:
    """Two pages of 10 pt Times at x=72 under bold 12 pt headings; the second page holds, under
    its heading, one short line at the margin and a long quotation indented to x=97."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.setFont("Times-Bold", 12)
    c.drawString(72, 760, "Background")
    c.setFont("Times-Roman", 10)
    for k in range(30):
        c.drawString(
            72, 740 - 12 * k, f"Line {k} of the first page of this paper, which runs to the right margin."
        )
    c.showPage()
    c.setFont("Times-Bold", 12)
    c.drawString(72, 760, "Conclusions")
    c.setFont("Times-Roman", 10)
    c.drawString(72, 740, "A colleague has observed that")
    for k in range(30):
        c.drawString(
            97, 716 - 12 * k, f"line {k} of a long quotation, which is indented on both sides of it."
        )
    c.showPage()
    c.save()
    return buf.getvalue()


def test_a_heading_at_the_document_margin_on_a_page_of_indented_text():
    # on page 2 the margin at x=72 carries under 10 % of the page's characters
    doc = extract(_quotation_page_pdf(), filename="paper.pdf")
    assert [(b.text, b.page) for b in doc.blocks if b.kind == HEADING] == [
        ("Background", 1),
        ("Conclusions", 2),
    ]


def test_the_pike_paper_conclusions_are_a_heading(real_world):
    doc = extract(real_world / "pdf" / "kreuzberg" / "the_hideous_name_1985_pike85hideous.pdf")
    level = {b.text: b.level for b in doc.blocks if b.kind == HEADING}
    assert level["Conclusions"] == level["Standards?"]


def _numbered_slides_pdf() -> bytes:
    """Three 1024 × 768 slides: a 40 pt title, 24 pt bullets, and the slide number (5, 6, 7) in
    14 pt at the right edge on the last bullet's baseline."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(1024, 768))
    slides = [
        ("Why now", "The connector standard is called SFP28"),
        ("Connectors", "The older connector is called QSFP28"),
        ("Cables", "The new cable is called CFP2"),
    ]
    for n, (title, last) in enumerate(slides, start=5):
        c.setFont("Helvetica-Bold", 40)
        c.drawString(40, 660, title)
        c.setFont("Helvetica", 24)
        c.drawString(40, 560, f"\u2022 A first point on the slide about {title.lower()}")
        c.drawString(40, 102, "\u2022 " + last)
        c.setFont("Helvetica", 14)
        c.drawString(995, 102, str(n))
        c.showPage()
    c.save()
    return buf.getvalue()


def test_a_slide_number_on_the_last_items_baseline_is_not_part_of_it():
    doc = extract(_numbered_slides_pdf(), filename="talk.pdf")
    items = [item.text for b in doc.blocks if b.items for item in b.items]
    assert [t for t in items if "called" in t] == [
        "The connector standard is called SFP28",
        "The older connector is called QSFP28",
        "The new cable is called CFP2",
    ]
    assert "page numbers (3 pages)" in doc.coverage.headers_footers_removed


def test_the_100g_slide_numbers_are_not_glued_to_the_last_items(real_world):
    doc = extract(
        real_world
        / "pdf"
        / "kreuzberg"
        / "100_g_networking_technology_overview_slides_toronto_august_2016.pdf"
    )
    assert "called SFP28 5" not in doc.text
    assert "may offer up surprises. 12" not in doc.text
    assert "has a new connector standard called SFP28" in doc.text


def test_a_two_letter_slide_title_set_off_the_margin_is_a_heading():
    # the deck of _deck_pdf and a last slide titled "Q&A" (two letters) whose title box stands
    # right of its list's margin and off its centre
    first = PdfDocument(_deck_pdf())
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(960, 540))
    c.setFont("Helvetica", 40)
    c.drawString(171, 460, "Q&A")
    c.setFont("Helvetica", 18)
    c.drawString(60, 380, "\u2022 Issues and questions from the audience")
    c.drawString(60, 350, "\u2022 Getting involved in the work of the group")
    c.drawString(60, 320, "\u2022 How to scale the operating system and the software stack")
    c.showPage()
    c.save()
    first.import_pages(PdfDocument(buf.getvalue()))
    out = io.BytesIO()
    first.save(out)
    doc = extract(out.getvalue(), filename="deck.pdf")
    headings = [(b.text, b.level, b.page) for b in doc.blocks if b.kind == HEADING]
    assert headings[-1] == ("Q&A", 1, 5)


def _warn_table(c, xs: list[float], top: float, pitch: float = 16, rows: int = 20) -> None:
    """A ruled table of dates, companies and workers in 10.4 pt, as the WARN report sets its body,
    and its 10.4 pt footnote below."""
    for k in range(rows + 1):
        c.line(xs[0], top - pitch * k, xs[-1], top - pitch * k)
    for x in xs:
        c.line(x, top, x, top - pitch * rows)
    c.setFont("Helvetica", 10.4)
    for k in range(rows):
        for x, text in zip(
            xs, (f"07/{k + 1:02d}/2015", f"Company {k + 1}", f"{(k + 3) * 7} workers"), strict=False
        ):
            c.drawString(x + 4, top - pitch * k - 12, text)
    c.drawString(72, top - pitch * rows - 24, "** Lay-offs have been cancelled by the Company.")


def _table_report_pdf() -> bytes:
    """A report page: a 7.6 pt bold note over a ruled 3-column table of 20 rows in 10.4 pt, and a
    10.4 pt regular footnote under it (as WARN-Report's last page)."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.setFont("Helvetica-Bold", 7.6)
    c.drawString(
        72, 770, "*Publication Note: This report is updated twice a month with the notices received in"
    )
    c.drawString(
        72, 760, "the weeks before; the figures of earlier reports may change when notices are corrected."
    )
    _warn_table(c, [72, 200, 330, 460], top=740)
    c.save()
    return buf.getvalue()


def test_a_footnote_in_the_size_of_the_table_text_is_no_heading():
    # the body size was taken from the text outside tables only: the 7.6 pt note, so that the
    # 10.4 pt footnote seemed a heading set larger than the body
    doc = extract(_table_report_pdf(), filename="report.pdf")
    assert any(b.kind == TABLE for b in doc.blocks)
    assert [b.text for b in doc.blocks if b.kind == HEADING] == []


def test_the_warn_report_footnote_is_no_heading(real_world):
    doc = extract(real_world / "pdf" / "pdfplumber" / "WARN-Report-for-7-1-2015-to-03-25-2016.pdf")
    note = next(b for b in doc.blocks if b.text == "** Lay-offs have been cancelled by the Company.")
    assert note.kind == PARAGRAPH


_PROSE = (
    "The lazy release streams the index through the verbose endpoint. Each thread rejects the "
    "schema before the deployment, and the queue replicates every record it is handed at night."
)


def _chapters_pdf() -> bytes:
    """Two pages of chapters: an 18 pt bold numbered title on one line, then one that wraps onto
    a second line at the same margin, each over a section title in 13 pt bold and 10 pt prose
    (as the generated benchmark reports)."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    chapters = (
        (["11. Sample Forecast Report"], "Coastal Yield Monastery"),
        (["12. Summary Immutable Verbose Dependency", "Pathway"], "Wild-type Species Statement"),
    )
    for title, section in chapters:
        y = 760.0
        c.setFont("Helvetica-Bold", 18)
        for line in title:
            c.drawString(62.7, y, line)
            y -= 22
        c.setFont("Helvetica-Bold", 13)
        c.drawString(62.7, y - 8, section)
        y -= 30
        c.setFont("Helvetica", 10)
        text = c.beginText(62.7, y)
        for line in _wrap_prose():
            text.textLine(line)
        c.drawText(text)
        c.showPage()
    c.save()
    return buf.getvalue()


def _wrap_prose() -> list[str]:
    lines, line = [], ""
    for word in (_PROSE + " " + _PROSE).split():
        trial = f"{line} {word}" if line else word
        if line and stringWidth(trial, "Helvetica", 10) > 470:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line]


def test_a_numbered_title_wrapped_onto_a_second_line_is_one_heading():
    # the second line at the marker's margin, which the first could not hold, ran the title on
    # as a numbered list item; its chapter was lost from the section paths
    doc = extract(_chapters_pdf(), filename="chapters.pdf")
    headings = [(b.text, b.level) for b in doc.blocks if b.kind == HEADING]
    assert headings == [
        ("11. Sample Forecast Report", 1),
        ("Coastal Yield Monastery", 2),
        ("12. Summary Immutable Verbose Dependency Pathway", 1),
        ("Wild-type Species Statement", 2),
    ]
    paths = {
        tuple(c.metadata["heading_path"])
        for c in chunk_document(doc, "section")
        if c.metadata.get("page_number") == 2
    }
    assert ("12. Summary Immutable Verbose Dependency Pathway", "Wild-type Species Statement") in paths


def test_a_bold_numbered_title_in_the_body_size_wrapped_is_one_heading():
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.setFont("Helvetica-Bold", 10)
    y = 760
    for line in (
        "3. Results of the Verbose Dependency Pathway Experiments on the Immutable Release",
        "Schedules",
    ):
        c.drawString(62.7, y, line)
        y -= 12
    c.setFont("Helvetica", 10)
    y -= 10
    for line in _wrap_prose():
        c.drawString(62.7, y, line)
        y -= 12
    c.save()
    doc = extract(buf.getvalue(), filename="results.pdf")
    assert [(b.kind, b.text) for b in doc.blocks][0] == (
        HEADING,
        "3. Results of the Verbose Dependency Pathway Experiments on the Immutable Release Schedules",
    )


def _centred_titles_pdf() -> bytes:
    """A report's first page (as WARN-Report's): a centred 14.3 pt bold title, a centred
    subtitle in 10.4 pt bold on two lines and a third bold line, a line of text across the page,
    a ruled table of 20 rows in 10.4 pt, then a 10.4 pt regular footnote."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    across = "This report lists the notices received under the Act in the period shown, by the date"
    centre = 72 + stringWidth(across, "Helvetica", 10.4) / 2
    for size, y, text in (
        (14.3, 780, "WARN Report*"),
        (10.4, 760, "Summary by Received Date"),
        (10.4, 746, "07/01/2015 - 03/25/2016"),
        (10.4, 724, "Fiscal Year"),
    ):
        c.setFont("Helvetica-Bold", size)
        c.drawCentredString(centre, y, text)
    c.setFont("Helvetica", 10.4)
    c.drawString(72, 704, across)
    _warn_table(c, [72, 200, 330, 522], top=690)
    c.save()
    return buf.getvalue()


def test_a_centred_bold_subtitle_on_two_lines_in_the_body_size_is_a_heading():
    # with the table cells counted, the body size is the subtitle's: bold at body size made a
    # heading of one line only, so the two-line subtitle became a paragraph and the line after
    # it a heading of the same style
    doc = extract(_centred_titles_pdf(), filename="report.pdf")
    headings = [(b.text, b.level) for b in doc.blocks if b.kind == HEADING]
    assert headings == [
        ("WARN Report*", 1),
        ("Summary by Received Date 07/01/2015 - 03/25/2016", 2),
        ("Fiscal Year", 2),
    ]
    note = next(b for b in doc.blocks if b.text.startswith("** Lay-offs"))
    assert note.kind == PARAGRAPH


def test_the_warn_report_subtitle_is_a_heading(real_world):
    doc = extract(real_world / "pdf" / "pdfplumber" / "WARN-Report-for-7-1-2015-to-03-25-2016.pdf")
    first = [(b.kind, b.level, b.text) for b in doc.blocks if b.page == 1 and b.kind in (HEADING, PARAGRAPH)][
        :4
    ]
    assert first[:3] == [
        (HEADING, 1, "WARN Report*"),
        (HEADING, 2, "Summary by Received Date 07/01/2015 - 03/25/2016"),
        (HEADING, 2, "Fiscal Year"),
    ]


def _dated(lines: list[tuple[str, str, float]]) -> bytes:
    """One page of ``(text, font, size)`` lines from the top, each 2 sizes below the last."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    y = 740.0
    for text, font, size in lines:
        y -= 2 * size
        c.setFont(font, size)
        c.drawString(72, y, text)
    c.save()
    return buf.getvalue()


BODY_LINE = ("The body of the document runs on in its own size, as prose does.", "Helvetica", 10)


def test_the_date_under_a_title_is_no_heading():
    # "The Crazy Ones" / "October 14, 1998" (crazyones-pdfa.pdf): the date set large under the
    # title was a heading, and every section sat under it in the heading path
    doc = extract(
        _dated(
            [
                ("The Crazy Ones", "Helvetica-Bold", 18),
                ("October 14, 1998", "Helvetica", 14),
                BODY_LINE,
                ("1 The misfits", "Helvetica-Bold", 14),
                BODY_LINE,
            ]
        ),
        filename="dated.pdf",
    )
    kinds = [(b.kind, b.text) for b in doc.blocks if b.text != BODY_LINE[0]]
    assert kinds == [(HEADING, "The Crazy Ones"), (PARAGRAPH, "October 14, 1998"), (HEADING, "1 The misfits")]
    # minutes whose dates head their meetings keep them all as headings, the first too
    doc = extract(
        _dated(
            [
                ("Minutes of the board", "Helvetica-Bold", 18),
                ("January 3, 2024", "Helvetica", 14),
                BODY_LINE,
                ("February 7, 2024", "Helvetica", 14),
                BODY_LINE,
            ]
        ),
        filename="minutes.pdf",
    )
    assert [b.text for b in doc.blocks if b.kind == HEADING] == [
        "Minutes of the board",
        "January 3, 2024",
        "February 7, 2024",
    ]


def test_the_dates_of_real_title_pages_are_no_headings(real_world):
    # crazyones-pdfa.pdf, multicolumn.pdf (LaTeX's \maketitle: title, author, date) and the
    # cover of chelsea_pdta.pdf ("Rapport final" / "Janvier 2021")
    for name, date in (
        ("py-pdf-samples/crazyones-pdfa.pdf", "October 14, 1998"),
        ("py-pdf-samples/multicolumn.pdf", "January 3, 2024"),
        ("pdfplumber/chelsea_pdta.pdf", "Janvier 2021"),
    ):
        doc = extract(real_world / "pdf" / name)
        assert [b.kind for b in doc.blocks if b.text == date] == [PARAGRAPH], name


def _paper_pdf(byline: list[str]) -> bytes:
    """A paper's first page: an 18 pt bold title, the lines ``byline`` in 12 pt under it (a
    paragraph's gap apart), then sections with 14 pt bold titles over 10 pt text."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)  # letter: 612 × 792 pt
    c.setFont("Helvetica-Bold", 18)
    c.drawString(72, 720, "Tables Read From Scanned Reports")
    y = 690.0
    for line in byline:
        c.setFont("Helvetica", 12)
        c.drawString(72, y, line)
        y -= 26
    for title in ("1 Introduction", "2 Method"):
        y -= 20
        c.setFont("Helvetica-Bold", 14)
        c.drawString(72, y, title)
        c.setFont("Helvetica", 10)
        for k in range(6):
            y -= 13
            c.drawString(
                72, y, f"Line {k} of the section {title}, set as the body text of the page across it."
            )
    c.showPage()
    c.save()
    return buf.getvalue()


def test_a_byline_under_the_title_is_no_heading():
    # authors and their affiliation in 12 pt under the title, above 14 pt section titles: they
    # ranked as level-3 headings, each opening a section that held the next one
    doc = extract(_paper_pdf(["Ada Lovelace Charles Babbage", "University of London, UK"]), filename="p.pdf")
    assert [(b.kind, b.text) for b in doc.blocks[:5]] == [
        (HEADING, "Tables Read From Scanned Reports"),
        (PARAGRAPH, "Ada Lovelace Charles Babbage"),
        (PARAGRAPH, "University of London, UK"),
        (HEADING, "1 Introduction"),
        (PARAGRAPH, doc.blocks[4].text),
    ]
    # a heading that opens the body, or a line that is no list of names, stays a heading
    for line in ("Abstract", "Tables read from scans"):
        doc = extract(_paper_pdf([line]), filename="p.pdf")
        assert (HEADING, line) in [(b.kind, b.text) for b in doc.blocks], line


def test_the_bylines_of_real_papers_are_paragraphs(real_world):
    # PubTables-1M (large.pdf): "Brandon Smock Rohith Pesala Robin Abraham Microsoft" and
    # "Redmond, WA" were level-3 headings over its abstract; multicolumn.pdf: "Your Name"
    doc = extract(real_world / "pdf" / "kreuzberg" / "large.pdf", options={"ocr": "never"})
    kinds = {b.text: b.kind for b in doc.blocks[:4]}
    assert kinds["Brandon Smock Rohith Pesala Robin Abraham Microsoft"] == PARAGRAPH
    assert kinds["Redmond, WA"] == PARAGRAPH
    assert doc.blocks[0].kind == HEADING
    doc = extract(real_world / "pdf" / "py-pdf-samples" / "multicolumn.pdf")
    assert [(b.kind, b.text) for b in doc.blocks[:2]] == [
        (HEADING, "Two-Column Document with Lorem Ipsum"),
        (PARAGRAPH, "Your Name"),
    ]


def _two_line_labels_pdf() -> bytes:
    """A page of 10 pt Helvetica prose at x = 72 wrapped at x = 452: "Definition 59" in
    bold on a line of its own over a paragraph; "Definition 60" in bold over "§3) Axioms of
    order" in bold, indented, over a paragraph; then a bold sentence of two lines, its first
    filling the column, without a stop."""
    prose = (
        "The plane satisfies the axioms stated so far, and the terms defined here are used in all "
        "of the sections that follow, where each of them is needed for the proofs of the theorems."
    )
    bold = "Every line that meets one side of a triangle and none of its corners meets one other side too"
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    y = 740.0

    def wrapped(font: str, text: str, x: float = 72) -> None:
        nonlocal y
        words, line = text.split(), ""
        for word in words:
            if line and stringWidth(f"{line} {word}", font, 10) > 380:
                c.drawString(x, y, line)
                y -= 13
                line = word
            else:
                line = f"{line} {word}".strip()
        c.drawString(x, y, line)
        y -= 13

    for label in (["Definition 59"], ["Definition 60", "§3) Axioms of order"]):
        y -= 10
        c.setFont("Helvetica-Bold", 10)
        for k, text in enumerate(label):
            c.drawString(72 + 18 * k, y, text)
            y -= 13
        c.setFont("Helvetica", 10)
        wrapped("Helvetica", prose)
    y -= 10
    c.setFont("Helvetica-Bold", 10)
    wrapped("Helvetica-Bold", bold)
    c.setFont("Helvetica", 10)
    y -= 10
    wrapped("Helvetica", prose)
    c.save()
    return buf.getvalue()


def test_a_bold_label_on_two_lines_in_the_body_size_is_a_heading():
    # the first line of "Definition 60" / "§3) Axioms of order" ends where "§3)" would have
    # fitted after it: a label broken on purpose, a heading like "Definition 59"; the bold
    # sentence's first line is full (its next word would not have fitted): a paragraph
    doc = extract(_two_line_labels_pdf(), filename="axioms.pdf")
    assert [(b.kind, b.text[:24]) for b in doc.blocks if b.kind == HEADING or b.text.startswith("Every")] == [
        (HEADING, "Definition 59"),
        (HEADING, "Definition 60 §3) Axioms"),
        (PARAGRAPH, "Every line that meets on"),
    ]


def test_geotopo_definition_60_is_a_heading_and_federal_register_heads_stay_text(real_world):
    # GeoTopo-komprimiert.pdf p. 70: "Definition 60" (SFBX1095, x 90.6 to 160.2) over "§3)
    # Anordnungsaxiome" (bold, from x 118.1) in a column whose lines reach x 539: a heading as
    # "Definition 59" on p. 69 is. The Federal Register's bold heads wrapped in its columns
    # ("Explanation of Change to the" / "Applicability", the column ending near x 372;
    # "Airworthiness Directives; The Boeing" / "Company Airplanes", near x 212, under the
    # page's 8 pt head across the page from x 46) stay paragraphs
    doc = extract(real_world / "pdf" / "py-pdf-samples" / "GeoTopo-komprimiert.pdf")
    (block,) = [b for b in doc.blocks if b.text.startswith("Definition 60")]
    assert (block.kind, block.text, block.page) == (HEADING, "Definition 60 §3) Anordnungsaxiome", 70)
    doc = extract(real_world / "pdf" / "pdfplumber" / "federal-register-2020-17221.pdf")
    kinds = {b.text: b.kind for b in doc.blocks}
    assert kinds["Explanation of Change to the Applicability"] == PARAGRAPH
    assert kinds["Airworthiness Directives; The Boeing Company Airplanes"] == PARAGRAPH


def _chart_legend_pdf(swatches: bool = True) -> bytes:
    """A 16 pt title, two paragraphs at 10 pt from x 72, a bar chart drawn in paths and its
    legend under it: labels at 12 pt from x 72 (the body's margin), each after a coloured square
    (8 pt, 4 pt left of it) or, for a line chart's series further down, a short line 2 pt thick
    (``swatches`` False: the labels alone)."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.setFont("Helvetica-Bold", 16)
    c.drawString(72, 760, "Quarterly results")
    c.setFont("Helvetica", 10)
    for y in (735, 723, 703, 691):
        c.drawString(72, y, _PROSE[:90] if y % 2 else _PROSE[90:170])
    for k, (height, colour) in enumerate(
        [(120, "#5b9bd5"), (60, "#ed7d31"), (150, "#5b9bd5"), (40, "#ed7d31")]
    ):
        c.setFillColor(colour)
        c.rect(100 + 40 * k, 480, 30, height, stroke=0, fill=1)
    c.setStrokeColor("#000000")
    c.line(90, 480, 280, 480)
    for y, label, colour, square in (
        (455, "Revenue", "#5b9bd5", True),
        (439, "Operating costs", "#ed7d31", True),
        (395, "Forecast", "#70ad47", False),  # a line chart's series, its own group
    ):
        if swatches and square:
            c.setFillColor(colour)
            c.rect(60, y, 8, 8, stroke=0, fill=1)
        elif swatches:
            c.setStrokeColor(colour)
            c.setLineWidth(2)
            c.line(54, y + 4, 68, y + 4)
        c.setFillColor("#000000")
        c.setFont("Helvetica", 12)
        c.drawString(72, y, label)
    c.save()
    return buf.getvalue()


def test_a_chart_legends_labels_beside_their_swatches_are_no_headings():
    # set larger than the body at its margin, the labels alone read as headings; beside a small
    # drawn square or line each is a legend's label, text
    doc = extract(_chart_legend_pdf(swatches=False), filename="chart.pdf")
    assert [b.text for b in doc.blocks if b.kind == HEADING] == [
        "Quarterly results",
        "Revenue Operating costs",
        "Forecast",
    ]
    doc = extract(_chart_legend_pdf(), filename="chart.pdf")
    assert [b.text for b in doc.blocks if b.kind == HEADING] == ["Quarterly results"]
    assert [b.text for b in doc.blocks if b.kind == PARAGRAPH][-2:] == ["Revenue Operating costs", "Forecast"]


def test_the_chelsea_plans_key_of_symbols_is_no_heading(real_world):
    # pp. 26-30: "= Ressource humaine  $ = 0 à 50 000 $" / "$$ = …" / "$$$ = 100 000 $ et plus"
    # in Calibri 12 pt, larger than the body, the first line after a smiley drawn in paths
    # (x 622-636 on p. 26, the text from x 643); the bold axis titles over the tables (in white on
    # a black band whose left border is a rule beside them) stay headings
    doc = extract(real_world / "pdf" / "pdfplumber" / "chelsea_pdta.pdf", options={"ocr": "never"})
    keys = [b for b in doc.blocks if b.text.startswith("= Ressource humaine")]
    assert [b.page for b in keys] == [26]  # repeated with the title, a running head after p. 26
    assert {b.kind for b in keys} == {PARAGRAPH}
    headings = [b.text for b in doc.blocks if b.kind == HEADING and 26 <= b.page <= 30]
    assert [h for h in headings if h.startswith("AXE")] == [
        "AXE 1 – RESSOURCES",
        "AXE 2 – MARKETING",
        "AXE 3 – OUTILS",
        "AXE 3 – OUTILS (suite)",
        "AXE 4 – SÉCURITÉ ET CONFORT",
    ]


#: body text for the pages below, 10 pt at the margin, in lines of the column's width
PLAN_BODY = [
    "The town reviewed its plan for walking and cycling with its residents over the winter and",
    "the spring, and the results of every consultation are set out on the pages of this report.",
]


def _plan_pdf(
    sizes: list[tuple[float, float]], sentence: float | None = None, bookmark: int | None = None
) -> bytes:
    """A page per ``sizes`` entry: a 16 pt title, two paragraphs of 10 pt body text, then the
    label ``Results`` and a question ``Question n: …`` in the sizes given, each apart. With
    ``sentence``, the first page sets a full sentence over two lines in that size after its
    body, then the title ``Cycling routes`` in that size. With ``bookmark``, an outline names
    each page's title and the ``Results`` of that page (1-based)."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    titles = ["Road safety", "Snow clearing", "New sidewalks", "Age of the residents"]
    for n, (label, question) in enumerate(sizes, 1):
        c.bookmarkPage(f"p{n}")
        c.setFont("Helvetica", 16)
        c.drawString(72, 760, titles[n - 1])
        c.setFont("Helvetica", 10)
        y = 730
        for _ in range(2):
            for line in PLAN_BODY:
                c.drawString(72, y, line)
                y -= 12
            y -= 12
        if sentence is not None and n == 1:
            c.setFont("Helvetica", sentence)
            c.drawString(72, y, "The plan covers the whole territory of the town. Here is the map shown in")
            c.drawString(72, y - 13, "the first version of the plan.")
            c.drawString(72, y - 50, "Cycling routes")
            c.setFont("Helvetica", 10)
            for k, line in enumerate(PLAN_BODY):
                c.drawString(72, y - 70 - 12 * k, line)
            y -= 110
        c.bookmarkHorizontal(f"r{n}", 0, y + 12)
        c.setFont("Helvetica", label)
        c.drawString(72, y - 30, "Results")
        c.setFont("Helvetica", 10)
        c.drawString(72, y - 60, f"Agree {40 + n} Disagree {10 + n} Total {50 + 2 * n}")
        c.setFont("Helvetica", question)
        c.drawString(72, y - 100, f"Question {n}: how often do you walk to school?")
        c.setFont("Helvetica", 10)
        c.drawString(72, y - 130, f"Every day {20 + n} Never {5 + n}")
        if bookmark is not None:
            c.addOutlineEntry(titles[n - 1], f"p{n}", level=0)
            if n == bookmark:
                c.addOutlineEntry("Results", f"r{n}", level=1)
        c.showPage()
    c.save()
    return buf.getvalue()


def test_a_sentence_set_a_size_up_is_no_heading():
    # 11 pt among 10 pt passes the size test (1 pt and 10 % larger): a two-line sentence of 20
    # words ending in a stop is a paragraph, a short title in that size stays a heading
    doc = extract(_plan_pdf([(10, 10)], sentence=11), filename="plan.pdf")
    assert [b.text for b in doc.blocks if b.kind == HEADING] == ["Road safety", "Cycling routes"]
    assert (
        "The plan covers the whole territory of the town. Here is the map shown in the first "
        "version of the plan."
    ) in [b.text for b in doc.blocks if b.kind == PARAGRAPH]


def test_a_sentence_set_well_larger_stays_a_heading():
    # 14 pt among 10 pt is no paragraph set a size up
    doc = extract(_plan_pdf([(10, 10)], sentence=14), filename="plan.pdf")
    headings = [b.text for b in doc.blocks if b.kind == HEADING]
    assert headings[1].startswith("The plan covers the whole territory")


def test_a_label_set_a_size_up_once_reads_as_its_twins_do():
    # "Results" and "Question n: …" in the body's 10 pt on three pages, in 11 pt on the fourth:
    # all are text, where the 11 pt ones were headings
    doc = extract(_plan_pdf([(10, 10), (10, 10), (10, 10), (11, 11)]), filename="plan.pdf")
    assert [b.text for b in doc.blocks if b.kind == HEADING] == [
        "Road safety",
        "Snow clearing",
        "New sidewalks",
        "Age of the residents",
    ]
    paragraphs = [b.text for b in doc.blocks if b.kind == PARAGRAPH and b.page == 4]
    assert "Results" in paragraphs
    assert "Question 4: how often do you walk to school?" in paragraphs


def test_a_label_set_a_size_up_on_most_pages_stays_a_heading():
    # in 11 pt on three pages of four, the label is a heading there
    doc = extract(_plan_pdf([(11, 10), (11, 10), (11, 10), (10, 10)]), filename="plan.pdf")
    assert [b.page for b in doc.blocks if b.kind == HEADING and b.text == "Results"] == [1, 2, 3]


def test_a_bookmark_on_one_of_a_labels_repeats_makes_no_heading():
    # the outline names the four titles and the "Results" of p. 2 only: set in the body's size
    # on every page, that one stays text as the other three do
    doc = extract(_plan_pdf([(10, 10)] * 4, bookmark=2), filename="plan.pdf")
    assert [b.text for b in doc.blocks if b.kind == HEADING] == [
        "Road safety",
        "Snow clearing",
        "New sidewalks",
        "Age of the residents",
    ]


def test_the_chelsea_plans_sentence_and_repeated_labels_are_no_headings(real_world):
    # p. 8: "Le Plan directeur couvre … Voici la carte présentée lors de la première version du
    # PDTA 2014." in ArialMT 11 pt, the body 9.96 pt; "Résutats" in 11.04 pt on p. 42, in
    # 9.96 pt on pp. 43-55 (bookmarked on p. 48); "Question 15 : Groupe d'âge" in 11.04 pt on
    # p. 64, the other questions in 9.96 pt
    doc = extract(real_world / "pdf" / "pdfplumber" / "chelsea_pdta.pdf", options={"ocr": "never"})
    headings = [b.text for b in doc.blocks if b.kind == HEADING]
    assert not any(h.startswith(("Le Plan directeur couvre", "Résutats", "Question")) for h in headings)
    results = [b for b in doc.blocks if b.text == "Résutats"]
    assert len(results) == 14 and {b.kind for b in results} == {PARAGRAPH}
    assert "Opinion sur le transport actif" in headings
