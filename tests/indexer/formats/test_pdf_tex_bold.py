"""Bold fonts named as TeX and type foundries name them. pdfium reckons a font's weight from its
stem width, which cm-super's Type 1 fonts give as 50 for bold and regular alike (a weight of 250):
a font's name decides where the weight is under 600. TeX's names say bold by their Metafont codes
(CMBX10 bold extended, SFBX1095 cm-super's ecbx at 10.95 pt, SFSX sans bold); foundries abbreviate
(Frutiger-Bd, Palatino-Demi). The names' meanings are those of the fonts' own documentation (Karl
Berry's fontname scheme, the EC fonts' list of shapes, Linotype's style abbreviations)."""

from __future__ import annotations

import pytest

from indexer import extract
from indexer.formats._pdf_lines import _bold_name
from indexer.model import HEADING

from ._pdf_bytes import pdf_of


@pytest.mark.parametrize(
    "name",
    [
        b"CMBX10",  # Computer Modern bold extended
        b"CMB10",  # bold, not extended
        b"CMBXTI10",  # bold extended text italic
        b"CMSSBX10",  # sans serif bold extended
        b"CMMIB10",  # math italic bold
        b"CMBSY10",  # bold math symbols
        b"SFBX1095",  # cm-super's ecbx1095
        b"SFSX1440",  # cm-super's ecsx1440: sans serif bold extended
        b"SFBI1095",  # bold extended text italic
        b"SFXC1000",  # bold extended caps and small caps
        b"ORZDOG+SFBX1095",  # a subset's tag before the name
        b"EUFB10",  # Euler Fraktur bold
        b"Frutiger-Bd",
        b"HelveticaNeueLTStd-BdCn",  # bold condensed
        b"Palatino-Demi",
        b"AvantGarde-Demi",
        b"LMRomanDemi10-Regular",  # Latin Modern's demibold
        b"MyriadPro-Semibold",
        b"Arial,Bold",
        b"NimbusSanL-Bold",
    ],
)
def test_a_bold_font_s_name_says_bold(name):
    assert _bold_name(name)


@pytest.mark.parametrize(
    "name",
    [
        b"CMR10",
        b"CMMI10",
        b"CMSY10",  # math symbols, not bold
        b"CMBR10",  # Computer Modern Bright, its regular weight
        b"CMTT10",
        b"SFRM1095",  # cm-super's ecrm1095: roman medium
        b"SFSS1000",  # sans serif, regular
        b"SFTI1095",
        b"SFCC1000",  # caps and small caps, regular
        b"MSBM10",  # AMS blackboard bold letters, set in a regular weight
        b"EUFM10",  # Euler Fraktur medium
        b"NotoSansCJKjp-DemiLight",  # lighter than regular
        b"Bdxyz-Regular",  # a family whose name starts as an abbreviation would
        b"Futura-Medium",
        b"XYATIP-Medium",
        b"ArialMT",
    ],
)
def test_a_regular_font_s_name_does_not(name):
    assert not _bold_name(name)


def _tex_page(lines: list[tuple[float, float, list[tuple[str, bytes]]]], size: float = 10.95) -> bytes:
    """One page of ``size`` pt lines ``(x, baseline, runs)``, each run ``(font, text)`` with font
    ``R`` (SFRM1095), ``B`` (SFBX1095), ``M`` (CMMIB10, TeX's bold math italic), ``T`` (CMTT12,
    typewriter) or ``X`` (CMBX12), set as pdfTeX sets them but not embedded: each font's
    descriptor gives the stem width cm-super gives its fonts (50, which pdfium reads as a weight
    of 250), the Computer Modern fonts their own (CMMIB10 113, a weight of 565; CMBX12 109, 545)."""
    parts = []
    for x, y, runs in lines:
        ops = [b"BT 1 0 0 1 %.2f %.2f Tm" % (x, y)]
        for font, text in runs:
            ops.append(b"/F%s %.2f Tf (%s) Tj" % (font.encode(), size, text))
        parts.append(b" ".join([*ops, b"ET"]))
    content = b"\n".join(parts)
    fonts = [
        (b"R", b"SFRM1095", 50),
        (b"B", b"SFBX1095", 50),
        (b"M", b"CMMIB10", 113),
        (b"T", b"CMTT12", 65),
        (b"X", b"CMBX12", 109),
    ]
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << "
        + b" ".join(b"/F%s %d 0 R" % (key, 5 + 2 * k) for k, (key, _, _) in enumerate(fonts))
        + b" >> >> /Contents 4 0 R >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
    ]
    for k, (_, name, stem) in enumerate(fonts):
        objects.append(
            b"<< /Type /Font /Subtype /Type1 /BaseFont /%s /FontDescriptor %d 0 R >>" % (name, 6 + 2 * k)
        )
        objects.append(
            b"<< /Type /FontDescriptor /FontName /%s /Flags 32 /FontBBox [0 -250 1000 750]"
            b" /ItalicAngle 0 /Ascent 700 /Descent -200 /CapHeight 700 /StemV %d >>" % (name, stem)
        )
    return pdf_of(objects)


def test_a_theorem_s_bold_label_in_sfbx1095_is_a_heading_over_its_text():
    # as GeoTopo sets 'Bemerkung 22' (p. 21): the end of a proof, the label in SFBX1095 on a line
    # of its own 17.5 pt under it, its statement in SFRM1095 indented under the label at the
    # line pitch (13.8 pt); pdfium reads both fonts' weight as 250, and the label ran into the
    # statement: 'Bemerkung 22 Seien X, Y …'
    data = _tex_page(
        [
            (110.4, 682.6, [("R", b"Damit ist K abgeschlossen.")]),
            (90.6, 665.1, [("B", b"Bemerkung 22")]),
            (110.6, 651.3, [("R", b"Seien X, Y topologische Raeume, f : X -> Y stetig.")]),
            (110.4, 638.0, [("R", b"Ist K in X kompakt, so ist f(K) in Y kompakt.")]),
            (90.6, 617.5, [("R", b"Beweis: Sei (Vi) eine offene Ueberdeckung von f(K), dann ist")]),
            (90.6, 604.0, [("R", b"(f-1(Vi)) eine offene Ueberdeckung von K.")]),
        ]
    )
    blocks = extract(data, filename="theorem.pdf").blocks
    assert [(b.kind, b.text) for b in blocks] == [
        ("paragraph", "Damit ist K abgeschlossen."),
        (HEADING, "Bemerkung 22"),
        (
            "paragraph",
            "Seien X, Y topologische Raeume, f : X -> Y stetig. Ist K in X kompakt, so ist f(K) in Y kompakt.",
        ),
        (
            "paragraph",
            "Beweis: Sei (Vi) eine offene Ueberdeckung von f(K), dann ist (f-1(Vi)) eine offene Ueberdeckung von K.",
        ),
    ]


def test_a_proof_back_at_the_label_s_margin_starts_a_paragraph_under_a_one_line_statement():
    # GeoTopo p. 18: 'Bemerkung 17' (SFBX1095), its one-line statement 13.8 pt under it and 20 pt
    # right, then 'Beweis: …' at the label's margin 22.2 pt under the statement, and a display
    # formula 20.6 pt under that, right of the proof's text; four lines of display formulas set
    # the page's pitch at 20 pt (1.9 sizes), so that neither gap is a paragraph's gap by it
    data = _tex_page(
        [
            (252.0, 760.0, [("R", b"A = (A n A1) u (A n A2)")]),
            (252.0, 739.6, [("R", b"ist unerlaubte Zerlegung.")]),
            (252.0, 719.2, [("R", b"Z(x) u Z(y) in Z(x)")]),
            (252.0, 698.8, [("R", b"Z(y) in Z(x)")]),
            (90.6, 577.3, [("B", b"Bemerkung 17")]),
            (
                110.6,
                563.5,
                [("R", b"Sei f : X -> Y stetig. Ist A in X zusammenhaengend, so ist f(A) zusammenhaengend.")],
            ),
            (90.6, 541.3, [("R", b"Beweis: Sei f(A) = U1 u U2, Ui offen, disjunkt.")]),
            (110.6, 520.7, [("R", b"=> A = (A n f-1(U1)) u (A n f-1(U2))")]),
        ]
    )
    texts = [(b.kind, b.text) for b in extract(data, filename="proof.pdf").blocks]
    assert texts[-3:] == [
        (HEADING, "Bemerkung 17"),
        ("paragraph", "Sei f : X -> Y stetig. Ist A in X zusammenhaengend, so ist f(A) zusammenhaengend."),
        ("paragraph", "Beweis: Sei f(A) = U1 u U2, Ui offen, disjunkt. => A = (A n f-1(U1)) u (A n f-1(U2))"),
    ]


def test_bold_math_and_a_bold_term_inside_sentences_make_no_heading_and_split_nothing():
    # GeoTopo sets the terms it defines in SFBX1095 inside its sentences ('Die Elemente von T
    # heissen offene Teilmengen von X.'), and bold math (CMMIB10) at a line's end: such a line
    # ends in a bold letter, but most of its letters are regular; it is neither bold nor a heading
    data = _tex_page(
        [
            (90.6, 700.0, [("R", b"Die Elemente von T heissen "), ("B", b"offene Teilmengen")]),
            (90.6, 686.4, [("R", b"von X, und fuer jede Bahn gilt mit dem Vektor "), ("M", b"v")]),
            (90.6, 672.8, [("R", b"dass sie offen ist.")]),
        ]
    )
    blocks = extract(data, filename="terms.pdf").blocks
    assert [(b.kind, b.text) for b in blocks] == [
        (
            "paragraph",
            "Die Elemente von T heissen offene Teilmengen von X, und fuer jede Bahn gilt mit dem Vektor v "
            "dass sie offen ist.",
        )
    ]


def test_a_bold_title_naming_code_in_a_typewriter_face_is_one_heading():
    # copy_protected.pdf (LayoutParser's paper), its title as \\texttt{LayoutParser} in a bold
    # title: 'LayoutParser' in CMTT12 (Computer Modern has no bold typewriter), the rest of the
    # line and the next in CMBX12, 14.35 pt; with CMBX12 read as bold, the first line's 12 regular
    # letters out of 34 made it regular and the title two headings of two levels
    data = _tex_page(
        [
            (163.6, 666.2, [("T", b"LayoutParser"), ("X", b": A Unified Toolkit for Deep")]),
            (158.2, 648.3, [("X", b"Learning Based Document Image Analysis")]),
        ],
        size=14.35,
    )
    blocks = extract(data, filename="title.pdf").blocks
    assert [(b.kind, b.text) for b in blocks] == [
        (HEADING, "LayoutParser: A Unified Toolkit for Deep Learning Based Document Image Analysis")
    ]


def test_a_paragraph_indented_under_a_bold_heading_runs_on_at_the_margin_after_a_sentence():
    # the_hideous_name (p. 7): 'What happens in practice?' in bold, a paragraph under it with its
    # first line indented, which ends a sentence, and its second line back at the heading's
    # margin at the paragraph's pitch: one paragraph, as a first line's indent makes it
    data = _tex_page(
        [
            (72.2, 373.1, [("B", b"What happens in practice?")]),
            (
                97.2,
                357.6,
                [("R", b"As long as software continues to deliver mail, people are unwilling to improve.")],
            ),
            (
                72.1,
                345.6,
                [("R", b"Mailers just butt together names with their own rewriting rules, producing names.")],
            ),
        ]
    )
    texts = [(b.kind, b.text) for b in extract(data, filename="indent.pdf").blocks]
    assert texts[1:] == [
        (
            "paragraph",
            "As long as software continues to deliver mail, people are unwilling to improve. "
            "Mailers just butt together names with their own rewriting rules, producing names.",
        )
    ]


def test_geotopo_s_theorem_labels_on_its_18th_page_are_headings(real_world):
    # read off the page: 'Bemerkung 17', '1.5 Kompaktheit', 'Definition 15', 'Definition 16' and
    # 'Bemerkung 18' each on a line of its own, the labels in SFBX1095 at the body's 10.95 pt;
    # 'besitzt.' ends Definition 16's text, and 'Bemerkung 18' was run into it ('besitzt.
    # Bemerkung 18'), the other labels into their statements
    doc = extract(real_world / "pdf" / "py-pdf-samples" / "GeoTopo-komprimiert.pdf", options={"ocr": "never"})
    blocks = [b for b in doc.blocks if b.page == 18]
    headings = [b.text for b in blocks if b.kind == HEADING]
    assert headings == ["Bemerkung 17", "1.5 Kompaktheit", "Definition 15", "Definition 16", "Bemerkung 18"]
    texts = [b.text for b in blocks]
    assert texts[texts.index("Bemerkung 17") + 1] == (
        "Sei f : X → Y stetig. Ist A ⊆ X zusammenhängend, so ist f(A) ⊆ Y zusammenhängend."
    )
    # the proof starts back at the label's margin 22 pt under the statement's one line
    assert texts[texts.index("Bemerkung 17") + 2].startswith("Beweis: Sei f(A) = U1 ∪ U2")
    assert texts[texts.index("Bemerkung 18") - 1] == "besitzt."
    assert texts[texts.index("Bemerkung 18") + 1] == (
        "Das Einheitsintervall I := [0, 1] ist kompakt bezüglich der euklidischen Topologie."
    )
    # Definition 16's first line, then its display formula 24.8 pt under it and right of it
    assert texts[texts.index("Definition 16") + 1] == (
        "Ein topologischer Raum X heißt kompakt, wenn jede offene Überdeckung von X"
    )
