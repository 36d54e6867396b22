"""Entries of a table of contents (a title, a dot leader and a page number) stay one a line:
a numbered chapter's entry is no list item the entries under it run on in, and an entry set in
the bold of the heading it names is no heading."""

from __future__ import annotations

from indexer import extract

from ._pdf_bytes import pdf_of

ENTRIES = [
    (72, b"1. Background", b"4"),
    (115, b"1.1. Why a review", b"5"),
    (115, b"1.2. What changed", b"5"),
    (72, b"2. Method", b"6"),
    (115, b"2.1. Meetings", b"6"),
    (115, b"2.2. Survey", b"7"),
]
BODY = b"The plan covers the whole territory and each of its parts in turn, line %d."


def _pdf(font: bytes, pitch: int) -> bytes:
    """A contents page: the entries above in ``font`` (F1 Helvetica, F2 Helvetica-Bold), 11 pt,
    ``pitch`` points apart, each entry's leader and number set right of its title, under a
    24 pt bold title and over a regular paragraph of the same size."""
    content = b"BT /F2 24 Tf 200 700 Td (Contents) Tj ET\n"
    y = 650
    for x, title, page in ENTRIES:
        content += b"BT /%s 11 Tf %d %d Td (%s ) Tj ET\n" % (font, x, y, title)
        content += b"BT /%s 11 Tf %d %d Td (%s %s) Tj ET\n" % (font, x + 130, y, b"." * 40, page)
        y -= pitch
    for k in range(8):
        content += b"BT /F1 11 Tf 72 %d Td (" % (440 - 14 * k) + BODY % k + b") Tj ET\n"
    fonts = b"/F1 4 0 R /F2 6 0 R"
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << "
        + fonts
        + b" >> >> /Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    ]
    return pdf_of(objects)


def _entry_lines(doc) -> list[str]:
    """The lines of the document's blocks that hold a leader, in order."""
    return [line for b in doc.blocks for line in b.text.split("\n") if "....." in line]


def _expected() -> list[str]:
    return [f"{title.decode()} {'.' * 40} {page.decode()}" for _, title, page in ENTRIES]


def test_a_chapters_entry_is_no_list_item_its_sections_run_on_in():
    doc = extract(_pdf(b"F1", 16), filename="contents.pdf", options={"ocr": "never"})
    assert _entry_lines(doc) == _expected()


def test_entries_in_the_bold_of_their_headings_are_no_headings():
    doc = extract(_pdf(b"F2", 22), filename="contents.pdf", options={"ocr": "never"})
    assert [b.text for b in doc.blocks if b.kind == "heading"] == ["Contents"]
    assert _entry_lines(doc) == _expected()


def test_the_contents_of_the_chelsea_plan(real_world):
    doc = extract(real_world / "pdf" / "pdfplumber" / "chelsea_pdta.pdf", options={"ocr": "never"})
    page = [b for b in doc.blocks if b.page == 3]
    assert [b.text for b in page if b.kind == "heading"] == ["Table des matières"]
    lines = [line for b in page for line in b.text.split("\n")]
    # 18 entries, one a line: chapters, their sections and two entries in a smaller size
    assert len(lines) == 1 + 18
    starts = [line.split(" ", 1)[0] for line in lines[1:]]
    assert starts == [
        "1.",
        "1.1.",
        "1.2.",
        "2.",
        "2.1.",
        "2.2.",
        "2.3.",
        "2.4.",
        "2.5.",
        "3.",
        "3.1.",
        "3.2.",
        "3.1.1",
        "3.3.",
        "4.",
        "4.1.",
        "4.2.",
        "Structuration",
    ]
