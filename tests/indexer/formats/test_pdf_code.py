"""Code listings in PDFs: runs of lines set in a fixed-pitch font, apart from the body, are CODE
blocks that keep their line breaks and indentation; a fixed-pitch word inside a sentence is not."""

from __future__ import annotations

import io

from reportlab.pdfgen import canvas

from indexer import extract
from indexer.model import CODE, PARAGRAPH

INTRO = "The program below prints a greeting and returns zero to the shell that started it."
AFTER = "Compile it with any C compiler and run the result from a terminal window."
#: the listing, as drawn: (indent in characters, text); one blank line after the include
LISTING = [
    (0, "#include <stdio.h>"),
    None,
    (0, "int main(void) {"),
    (4, 'printf("hello\\n");'),
    (4, "return 0;"),
    (0, "}"),
]
COURIER_ADVANCE = 0.6  # Courier's advance, in font sizes


ADDRESS = "ada.lovelace@example.org"


def _listing_pdf(font: str = "Courier") -> bytes:
    buf = io.BytesIO()
    c = canvas.Canvas(buf)  # letter: 612 × 792 pt
    c.setFont("Times-Roman", 11)
    c.drawCentredString(306, 750, "Ada Lovelace")
    c.setFont("Courier", 9)  # an author's address in a typewriter face, as papers set it
    c.drawCentredString(306, 738, ADDRESS)
    c.setFont("Times-Roman", 11)
    c.drawString(72, 700, INTRO)
    y = 680.0
    for entry in LISTING:
        if entry is not None:
            indent, text = entry
            c.setFont(font, 9)
            c.drawString(90 + indent * COURIER_ADVANCE * 9, y, text)
        y -= 11
    c.setFont("Times-Roman", 11)
    c.drawString(72, y - 8, AFTER)
    # a command in Courier inside a sentence in Times: prose, not code
    y -= 40
    c.drawString(72, y, "To list the files, type")
    c.setFont("Courier", 11)
    c.drawString(72 + c.stringWidth("To list the files, type ", "Times-Roman", 11), y, "ls")
    c.setFont("Times-Roman", 11)
    c.drawString(
        72
        + c.stringWidth("To list the files, type ", "Times-Roman", 11)
        + c.stringWidth("ls ", "Courier", 11),
        y,
        "and press the return key.",
    )
    c.showPage()
    c.save()
    return buf.getvalue()


def test_a_listing_in_courier_is_one_code_block_with_its_indentation():
    doc = extract(_listing_pdf(), filename="listing.pdf", options={"ocr": "never"})
    kinds = [(b.kind, b.text) for b in doc.blocks]
    expected = '#include <stdio.h>\n\nint main(void) {\n    printf("hello\\n");\n    return 0;\n}'
    assert (CODE, expected) in kinds
    assert (PARAGRAPH, INTRO) in kinds
    assert (PARAGRAPH, AFTER) in kinds
    # an address alone on its line is no listing
    assert [kind for kind, text in kinds if ADDRESS in text] == [PARAGRAPH]
    # a command in Courier inside a sentence in Times stays in its paragraph
    sentence = [b for b in doc.blocks if "list the files" in b.text]
    assert [b.kind for b in sentence] == [PARAGRAPH]
    assert sentence[0].text == "To list the files, type ls and press the return key."


def test_a_document_set_in_courier_throughout_has_no_code():
    listing = extract(_listing_pdf(), filename="listing.pdf", options={"ocr": "never"})
    assert any(b.kind == CODE for b in listing.blocks)
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.setFont("Courier", 10)
    for n in range(12):
        c.drawString(72, 700 - 12 * n, f"Line {n} of a letter typed on a typewriter, set in Courier.")
    c.showPage()
    c.save()
    doc = extract(buf.getvalue(), filename="letter.pdf", options={"ocr": "never"})
    assert doc.blocks and all(b.kind != CODE for b in doc.blocks)


def test_commands_of_the_unix_paper_are_code(real_world):
    path = real_world / "pdf" / "kreuzberg" / "program_design_in_the_unix_environment.pdf"
    doc = extract(path, options={"ocr": "never"})
    code = [b.text for b in doc.blocks if b.kind == CODE]
    # p. 3 sets these commands on lines of their own in Courier, indented under the prose
    assert "cat file1 file2 >file3" in code
    assert "cat file file2 ... | other-program" in code
    assert not any("cat file1 file2 >file3" in b.text for b in doc.blocks if b.kind == PARAGRAPH)
    # a command named in a sentence stays in its paragraph
    assert any(
        "makes cat a fine general-purpose file concatenator" in b.text
        for b in doc.blocks
        if b.kind == PARAGRAPH
    )
    # the authors' addresses of the LayoutParser paper, in a typewriter face, are not code
    paper = extract(real_world / "pdf" / "kreuzberg" / "copy_protected.pdf", options={"ocr": "never"})
    assert any("bcgl@cs.washington.edu" in b.text for b in paper.blocks if b.kind == PARAGRAPH)
