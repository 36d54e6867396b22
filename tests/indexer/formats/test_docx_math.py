"""Equations (OMML) in Word's linear format: scripts, fractions, n-ary operators with their
character, brackets with their default parentheses, functions, radicals, matrices."""

from __future__ import annotations

import pytest

from indexer.api import extract
from tests.indexer.formats.test_docx import build_docx, docx

M = 'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"'


def r(text: str) -> str:
    return f"<m:r><m:t>{text}</m:t></m:r>"


def e(inner: str, tag: str = "e") -> str:
    return f"<m:{tag}>{inner}</m:{tag}>"


def ssup(base: str, sup: str) -> str:
    return f"<m:sSup><m:sSupPr><m:ctrlPr/></m:sSupPr>{e(base)}{e(sup, 'sup')}</m:sSup>"


def ssub(base: str, sub: str) -> str:
    return f"<m:sSub>{e(base)}{e(sub, 'sub')}</m:sSub>"


def frac(num: str, den: str, kind: str = "") -> str:
    props = f'<m:fPr><m:type m:val="{kind}"/></m:fPr>' if kind else "<m:fPr/>"
    return f"<m:f>{props}{e(num, 'num')}{e(den, 'den')}</m:f>"


def d(*items: str, props: str = "") -> str:
    return f"<m:d><m:dPr>{props}</m:dPr>{''.join(e(i) for i in items)}</m:d>"


def math(inner: str) -> str:
    return f"<w:p><m:oMath {M}>{inner}</m:oMath></w:p>"


@pytest.mark.parametrize(
    ("omml", "linear"),
    [
        (r("A=π") + ssup(r("r"), r("2")), "A=πr^2"),
        (ssub(r("x"), r("n")) + r("+") + ssup(r("x"), r("n+1")), "x_n+x^(n+1)"),
        (f"<m:sSubSup>{e(r('a'))}{e(r('i'), 'sub')}{e(r('2'), 'sup')}</m:sSubSup>", "a_i^2"),
        (frac(r("a+b"), r("c")), "(a+b)/c"),
        (frac(r("1"), r("2"), "lin"), "1/2"),
        (d(frac(r("n"), r("k"), "noBar")), "(n¦k)"),
        (d(r("x")), "(x)"),  # no begChr/endChr: parentheses
        (d(r("a"), r("b"), props='<m:begChr m:val="["/><m:endChr m:val="]"/>'), "[a|b]"),
        (d(r("x"), props='<m:begChr m:val="|"/><m:endChr m:val="|"/>'), "|x|"),
        (d(r("x"), props='<m:begChr m:val=""/><m:endChr m:val="}"/>'), "x}"),
        # the operator is m:chr; without one it is an integral
        (
            '<m:nary><m:naryPr><m:chr m:val="∑"/></m:naryPr>'
            f"{e(r('n=1'), 'sub')}{e(r('∞'), 'sup')}{e(ssub(r('a'), r('n')))}</m:nary>",
            "∑_(n=1)^∞ a_n",
        ),
        (f"<m:nary><m:naryPr/>{e(r('0'), 'sub')}{e(r('1'), 'sup')}{e(r('f(x)dx'))}</m:nary>", "∫_0^1 f(x)dx"),
        (
            '<m:nary><m:naryPr><m:chr m:val="∏"/><m:subHide/><m:supHide m:val="1"/></m:naryPr>'
            f"{e('', 'sub')}{e('', 'sup')}{e(r('x'))}</m:nary>",
            "∏ x",
        ),
        (f"<m:func>{e(r('cos'), 'fName')}{e(frac(r('nπx'), r('L')))}</m:func>", "cos(nπx/L)"),
        (f"<m:func>{e(r('sin'), 'fName')}{e(r('x'))}</m:func>", "sin x"),
        (f"<m:rad><m:radPr><m:degHide/></m:radPr>{e('', 'deg')}{e(r('x+1'))}</m:rad>", "√(x+1)"),
        (f"<m:rad>{e(r('3'), 'deg')}{e(r('x'))}</m:rad>", "∛x"),
        (f"<m:limLow>{e(r('lim'))}{e(r('n→∞'), 'lim')}</m:limLow>", "lim_(n→∞)"),
        (
            f"<m:m><m:mr>{e(r('a'))}{e(r('b'))}</m:mr><m:mr>{e(r('c'))}{e(r('d'))}</m:mr></m:m>",
            "■(a&b@c&d)",
        ),
        (f"<m:eqArr>{e(r('x=1'))}{e(r('y=2'))}</m:eqArr>", "█(x=1@y=2)"),
        # a letter after a script is set apart, or it would read as part of the script
        (ssup(r("x"), r("k")) + ssup(r("a"), r("n-k")), "x^k a^(n-k)"),
        (ssup(d(r("x+a")), r("n")), "(x+a)^n"),
    ],
)
def test_equations_in_linear_format(omml, linear):
    doc = docx(build_docx(math(omml)))
    assert doc.text == linear


def test_equations_of_a_math_paragraph_are_lines_and_inline_ones_part_of_the_text():
    body = (
        f'<w:p><w:r><w:t xml:space="preserve">Area </w:t></w:r><m:oMath {M}>{ssup(r("r"), r("2"))}</m:oMath>'
        '<w:r><w:t xml:space="preserve"> here</w:t></w:r></w:p>'
        f"<w:p><m:oMathPara {M}><m:oMathParaPr/><m:oMath>{r('a=1')}</m:oMath>"
        f"<m:oMath>{frac(r('1'), r('2'))}</m:oMath></m:oMathPara></w:p>"
    )
    doc = docx(build_docx(body))
    assert [b.text for b in doc.blocks] == ["Area r^2 here", "a=1\n1/2"]


def test_real_equations(real_world):
    # equations.docx read by hand: r with superscript 2, an eqArr of one row, f(x) with a
    # subscript, a ∑ (its m:chr) from n=1 to ∞ over brackets holding cos and sin of nπx over L,
    # and the binomial theorem with a fraction without a bar in default parentheses
    doc = extract(real_world / "docx" / "kreuzberg" / "equations.docx")
    texts = [b.text for b in doc.blocks]
    assert "this is an inline equation: A=πr^2 ." in texts[0]
    assert "a^2+b^2=c^2 × 23" in texts
    assert "f(x)=a_0+∑_(n=1)^∞ (a_n cos(nπx/L)+b_n sin(nπx/L))" in texts
    assert "(x+a)^n=∑_(k=0)^n (n¦k)x^k a^(n-k)" in texts
