"""MathML equations in HTML pages and EPUB chapters read in the linear format Word shows (as a
Word document's equations are: test_docx_math.py), not as their tokens one after another
(``x = − b ± b 2 − 4 a c 2 a``). An equation set apart (``display="block"``) is a paragraph of
its own. Each expected value is worked out from the markup by the linear format's rules: ``^``
and ``_`` for scripts, ``/`` for a fraction, ``√`` for a root, an argument of more than one
letter or number in parentheses."""

from __future__ import annotations

import pytest

from indexer import extract_bytes
from indexer.api import extract

M = 'xmlns="http://www.w3.org/1998/Math/MathML"'


def _texts(body: str) -> list[str]:
    page = f"<!DOCTYPE html><html><body>{body}</body></html>".encode()
    return [b.text for b in extract_bytes(page, "t.html").blocks]


QUADRATIC = (
    "<mi>x</mi><mo>=</mo><mfrac><mrow><mo>−</mo><mi>b</mi><mo>±</mo><msqrt><msup><mi>b</mi><mn>2</mn>"
    "</msup><mo>−</mo><mn>4</mn><mi>a</mi><mi>c</mi></msqrt></mrow><mrow><mn>2</mn><mi>a</mi></mrow></mfrac>"
)


@pytest.mark.parametrize(
    ("markup", "linear"),
    [
        (QUADRATIC, "x=(−b±√(b^2−4ac))/2a"),
        # a sum from n=1 to infinity (munderover), its term set apart by a space
        (
            "<munderover><mo>∑</mo><mrow><mi>n</mi><mo>=</mo><mn>1</mn></mrow><mi>∞</mi></munderover>"
            "<mfrac><mn>1</mn><msup><mi>n</mi><mn>2</mn></msup></mfrac>",
            "∑_(n=1)^∞ 1/(n^2)",
        ),
        # scripts on both sides of a base, a cube root, a root of another index
        ("<msubsup><mi>x</mi><mi>i</mi><mn>2</mn></msubsup>", "x_i^2"),
        ("<mroot><mi>y</mi><mn>3</mn></mroot><mo>+</mo><mroot><mi>z</mi><mi>n</mi></mroot>", "∛y+√(n&z)"),
        # a binomial coefficient: a fraction without a bar in parentheses (mfenced)
        ('<mfenced><mfrac linethickness="0"><mi>n</mi><mi>k</mi></mfrac></mfenced>', "(n¦k)"),
        # a function applied to its argument (U+2061) reads apart from it
        ("<mi>sin</mi><mo>\u2061</mo><mi>θ</mi>", "sin θ"),
        # a matrix: cells joined by &, rows by @
        (
            "<mfenced open='[' close=']'><mtable><mtr><mtd><mn>1</mn></mtd><mtd><mn>0</mn></mtd></mtr>"
            "<mtr><mtd><mn>0</mn></mtd><mtd><mn>1</mn></mtd></mtr></mtable></mfenced>",
            "[■(1&0@0&1)]",
        ),
        # the TeX a converter keeps beside the markup is another form of the same equation
        (
            "<semantics><mrow><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></mrow>"
            '<annotation encoding="application/x-tex">E=mc^2</annotation></semantics>',
            "E=mc^2",
        ),
    ],
)
def test_an_equation_reads_in_the_linear_format(markup, linear):
    assert _texts(f"<p>Then <math {M}>{markup}</math> holds.</p>") == [f"Then {linear} holds."]


def test_an_equation_set_apart_is_a_paragraph_of_its_own():
    body = f'<p>Solve <math {M} display="block">{QUADRATIC}</math> for each root.</p><p>Next.</p>'
    assert _texts(body) == ["Solve", "x=(−b±√(b^2−4ac))/2a", "for each root.", "Next."]


def test_an_equation_showing_nothing_reads_its_alt_text():
    assert _texts(f'<p>Energy: <math {M} alttext="E = m c^2"><mrow/></math>.</p>') == ["Energy: E = m c^2."]


def test_real_equations_of_an_epub(real_world):
    # features.epub, mathml-010: three equations set apart, read by hand from its XHTML: the
    # Gaussian integral (msubsup over ∫, e with a superscript, a thin space, dx, √π), the Basel
    # sum (munderover over ∑, fractions), the quadratic formula; mathml-027's long division
    # (mlongdiv) its numbers in the order written
    doc = extract(real_world / "epub" / "kreuzberg" / "features.epub")
    texts = [b.text for b in doc.blocks]
    start = texts.index("Tests whether MathML equation rendering is supported.")
    assert texts[start + 1 : start + 4] == [
        "∫_(−∞)^∞ e^(−x^2) dx=√π",
        "∑_(n=1)^∞ 1/(n^2)=(π^2)/6",
        "x=(−b±√(b^2−4ac))/2a",
    ]
    assert "3 435.3 1306 12 10 9 16 15 1.0 9 1" in texts


def test_the_spaces_at_an_equations_edges_stay_between_it_and_the_words_beside_it():
    # a no-break space at an <mtext>'s ends shows (MathML 3 §2.1.7 trims only spaces, tabs and
    # line breaks there): the page shows "Write", a space, "where", a space, x>0, a space,
    # "holds."; the equation's text glued to the words beside it read "Writewhere x>0holds."
    body = f"<p>Write<math {M}><mtext>&#xA0;where&#xA0;</mtext><mi>x</mi><mo>&gt;</mo><mn>0</mn><mtext>&#xA0;</mtext></math>holds.</p>"
    assert _texts(body) == ["Write where x>0 holds."]
