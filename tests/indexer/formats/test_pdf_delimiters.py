"""TeX's big delimiters and the lines they stand on. CMEX hangs a big brace or parenthesis from its
origin and TeX centres it on the math axis, so that its box reaches below the baseline and its
origin stands above it: a line starting or ending with one keeps the baseline of its text, and
stays a line of its paragraph, at its paragraph's pitch."""

from __future__ import annotations

from indexer import extract
from indexer.model import HEADING

from ._pdf_bytes import cff_program, pdf_of

SIZE = 10
#: how far CMEX10's braces reach below their origin, in em, by their size (``\\big``, ``\\Big``);
#: each reaches 0.04 em above it
DEPTH = {"big": 1.16, "Big": 1.76}
#: TeX's math axis over the baseline, in em: a big delimiter's middle is set on it
AXIS = 0.25


def _cmex_program(big: str) -> bytes:
    """A CFF font program holding CMEX10's left and right brace of size ``big`` (a box each, of
    their height and depth) at codes 8 and 9, as a subset of CMEX10 embedded as /FontFile3 has
    them."""
    return cff_program(
        {8: "braceleft" + big, 9: "braceright" + big}, (100, round(-1000 * DEPTH[big]), 480, 40), width=583
    )


def _page(lines: list[tuple[float, float, bytes, bool]], big: str = "big") -> bytes:
    """One page of Times-Roman 10 pt ``lines`` ``(x, baseline, text, braced)``, in that order; the
    text of a braced line between CMEX10's braces of size ``big`` (codes 8 and 9), set as TeX sets
    a set: their origin raised over the baseline so that their middle is on the math axis."""
    raise_by = (AXIS + DEPTH[big] / 2 - 0.02) * SIZE  # the box spans -DEPTH to 0.04 em
    parts = []
    for x, y, text, braced in lines:
        if not braced:
            parts.append(b"BT /F1 %d Tf 1 0 0 1 %.2f %.2f Tm (%s) Tj ET" % (SIZE, x, y, text))
            continue
        width = 0.5 * SIZE * len(text)
        parts += [
            b"BT /F2 %d Tf 1 0 0 1 %.2f %.2f Tm <08> Tj ET" % (SIZE, x, y + raise_by),
            b"BT /F1 %d Tf 1 0 0 1 %.2f %.2f Tm (%s) Tj ET" % (SIZE, x + 9, y, text),
            b"BT /F2 %d Tf 1 0 0 1 %.2f %.2f Tm <09> Tj ET" % (SIZE, x + 12 + width, y + raise_by),
        ]
    content = b"\n".join(parts)
    program = _cmex_program(big)
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842]"
        b" /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+CMEX10 /FirstChar 8 /LastChar 9"
        b" /Widths [583 583] /Encoding << /Type /Encoding /Differences [8 /braceleft%s /braceright%s] >>"
        b" /FontDescriptor 7 0 R >>" % (big.encode(), big.encode()),
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Type /FontDescriptor /FontName /ABCDEF+CMEX10 /Flags 4 /FontBBox [0 -2960 1500 770]"
        b" /ItalicAngle 0 /Ascent 40 /Descent -600 /CapHeight 40 /StemV 47 /FontFile3 8 0 R >>",
        b"<< /Subtype /Type1C /Length %d >>\nstream\n" % len(program) + program + b"\nendstream",
    ]
    return pdf_of(objects)


def test_a_line_starting_with_a_big_brace_is_a_line_of_its_paragraph():
    # four lines 12 pt apart; the second starts and ends with a \Big brace, whose box reaches
    # 6.5 pt below the baseline: taken for the line's baseline, it set the line 18.5 pt under the
    # first, a paragraph's gap at this page's pitch (1.2 sizes)
    data = _page(
        [
            (72, 700, b"Genauso ist Z kompakt, weil die Menge", False),
            (72, 688, b"(x, y) in R2 | x2 + y2 <= 1", True),
            (72, 676, b"homoeomorph zu Z ist und stetige Bilder kompakter Raeume kompakt sind.", False),
            (72, 664, b"Damit ist alles gezeigt, was zu zeigen war.", False),
        ],
        big="Big",
    )
    texts = [b.text for b in extract(data, filename="braced.pdf").blocks]
    assert texts == [
        "Genauso ist Z kompakt, weil die Menge { (x, y) in R2 | x2 + y2 <= 1 } homoeomorph zu Z ist "
        "und stetige Bilder kompakter Raeume kompakt sind. Damit ist alles gezeigt, was zu zeigen war."
    ]


def test_a_paragraph_ends_before_the_run_in_heading_under_it_on_a_page_with_a_braced_set():
    # GeoTopo's 21st page, its lines as the page sets them: the end of a proof, a paragraph's gap,
    # the run-in heading 'Bemerkung 22' (pdfium reads its weight as regular) over its indented
    # text, and a display set in big braces, a line's pitch under the line before it. The brace's
    # box bottom, taken for that line's baseline, made the page's most common pitch 1.7 sizes
    # instead of 1.2, and the gap under the proof no gap: the proof's last line ran into the
    # heading, and the heading's text became a paragraph of its own
    data = _page(
        [
            (72, 700, b"Damit ist K abgeschlossen.", False),
            (72, 683, b"Bemerkung 22", False),
            (90, 671, b"Seien X, Y topologische Raeume, f : X -> Y stetig.", False),
            (90, 645, b"homoeomorph zu", False),
            (180, 633, b"(x, y) in R2 | x2 + y2 <= 1", True),
            (90, 615, b"ist.", False),
        ]
    )
    texts = [b.text for b in extract(data, filename="heading.pdf").blocks]
    assert texts[0] == "Damit ist K abgeschlossen."
    assert texts[1] == "Bemerkung 22 Seien X, Y topologische Raeume, f : X -> Y stetig."


def test_the_proof_on_the_21st_page_of_the_geotopo_notes_ends_before_bemerkung_22(real_world):
    doc = extract(real_world / "pdf" / "py-pdf-samples" / "GeoTopo-komprimiert.pdf", options={"ocr": "never"})
    texts = [b.text for b in doc.blocks if b.page == 21]
    # the page's set { (x, y) ∈ R² | ‖(x, y)‖ ≤ 1 } in \bigl\{ … \bigr\}, its braces read from their
    # glyph names, kept its line's baseline; the proof's last line is a paragraph of its own, and
    # the label 'Bemerkung 22' on its line (SFBX1095, read as bold by its name) a heading over its
    # text
    assert "Damit ist K abgeschlossen." in texts
    label = texts.index("Bemerkung 22")
    assert [b.kind for b in doc.blocks if b.page == 21][label] == HEADING
    assert texts[label + 1] == (
        "Seien X, Y topologische Räume, f : X → Y stetig. Ist K ⊆ X kompakt, so ist f(K) ⊆ Y kompakt."
    )


def _binomial_page() -> bytes:
    """GeoTopo's binomial theorem (p. 111) in Times-Roman 10 pt: '(x + y)n = S' over 'k=0', then
    (n over k) between CMEX10's \\biggl( and \\biggr) (codes 0x12 and 0x13, 2.4 em tall, hung from
    their origin so that their middle is on the math axis of the 199 pt baseline), 'n' raised to
    206.4 pt and 'k' lowered to 191.6 pt, 'k' ending 0.7 pt before the right parenthesis, and the
    formula's rest on the baseline."""
    program = cff_program({0x12: "parenleftbigg", 0x13: "parenrightbigg"}, (100, -2360, 480, 40), width=597)
    origin = 199 + (AXIS + 2.36 / 2 - 0.04) * SIZE
    content = b"\n".join(
        [
            b"BT /F1 10 Tf 1 0 0 1 110 228 Tm (Sei x, y in R. Dann gilt:) Tj ET",
            b"BT /F1 10 Tf 1 0 0 1 238 199 Tm ((x + y)n = S) Tj ET",
            b"BT /F1 7 Tf 1 0 0 1 291 185.6 Tm (k=0) Tj ET",
            b"BT /F2 10 Tf 1 0 0 1 311.5 %.2f Tm <12> Tj ET" % origin,
            b"BT /F1 10 Tf 1 0 0 1 317 206.4 Tm (n) Tj ET",
            b"BT /F1 10 Tf 1 0 0 1 317 191.6 Tm (k) Tj ET",
            b"BT /F2 10 Tf 1 0 0 1 321.5 %.2f Tm <13> Tj ET" % origin,
            b"BT /F1 10 Tf 1 0 0 1 331 199 Tm (x y for all n in N0) Tj ET",
        ]
    )
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842]"
        b" /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+CMEX10 /FirstChar 18 /LastChar 19"
        b" /Widths [597 597] /Encoding << /Type /Encoding /Differences [18 /parenleftbigg /parenrightbigg] >>"
        b" /FontDescriptor 7 0 R >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Type /FontDescriptor /FontName /ABCDEF+CMEX10 /Flags 4 /FontBBox [0 -2960 1500 770]"
        b" /ItalicAngle 0 /Ascent 40 /Descent -600 /CapHeight 40 /StemV 47 /FontFile3 8 0 R >>",
        b"<< /Subtype /Type1C /Length %d >>\nstream\n" % len(program) + program + b"\nendstream",
    ]
    return pdf_of(objects)


def test_a_big_parenthesis_closing_a_binomial_makes_no_list_item_of_its_lower_entry():
    # the right parenthesis, whose box reaches from the lower entry's row to above the upper's,
    # joins the lower entry 'k' it closes (as it keeps a matrix's rows together); joined without
    # a space, 'k) x y …' read as an item marked 'k)', under '(n' as a paragraph of its own
    blocks = extract(_binomial_page(), filename="binomial.pdf").blocks
    assert [(b.kind, b.text) for b in blocks][-1] == ("paragraph", "(n k ) x y for all n in N0")
    assert not [b for b in blocks if b.kind == "list"]


def test_the_binomial_theorem_in_the_geotopo_notes_is_no_list(real_world):
    # p. 111: '(x + y)^n = Σ_{k=0}^n (n over k) x^{n−k} y^k ∀n ∈ N0', its binomial between
    # CMEX10's \biggl( and \biggr); the formula's last piece read as an item marked 'k)'
    doc = extract(real_world / "pdf" / "py-pdf-samples" / "GeoTopo-komprimiert.pdf", options={"ocr": "never"})
    blocks = [b for b in doc.blocks if b.page == 111]
    assert not [b for b in blocks if b.kind == "list" and b.text.startswith("k)")]
    assert "(n k ) xn−kyk ∀n ∈ N0" in [b.text for b in blocks]
