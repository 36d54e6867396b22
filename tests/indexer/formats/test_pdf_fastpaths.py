"""The PDF extractor's fast paths give what the straightforward code they replace gives.

Each test compares a shortcut with a plain reference: pdfium read through handles and unchecked
calls against pypdfium2's own wrappers on the sample PDFs, and the layout helpers' single loops
against the Counter and min/max formulations (including how they break ties) on generated lines.
"""

from __future__ import annotations

import ctypes
import io
import re
from collections import Counter

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from indexer.formats import _pdf_capi, _pdf_layout, _pdf_lines, _pdf_objects
from indexer.formats._pdf_lines import Line, page_lines
from indexer.formats._pdf_objects import scan_page
from tests.conftest import SAMPLE_CORPUS

PDFS = sorted(p for p in (SAMPLE_CORPUS / "pdf").glob("*.pdf") if p.name != "encrypted.pdf")


def _pages():
    for path in PDFS:
        pdf = pdfium.PdfDocument(path)
        try:
            for index in range(len(pdf)):
                yield path.name, pdf, index
        finally:
            pdf.close()


def test_sample_pdfs_are_there():
    # sample_corpus/pdf: report, two_column, partly_empty, owner_only, scanned (encrypted excluded)
    assert {p.name for p in PDFS} >= {"report.pdf", "two_column.pdf", "partly_empty.pdf", "scanned.pdf"}


def test_handles_read_the_same_text_and_mediabox_as_pypdfium2():
    checked = 0
    for name, pdf, index in _pages():
        wrapped = pdf[index]
        textpage = wrapped.get_textpage()
        handles = _pdf_capi.PageHandles(pdf, index)
        try:
            raw_text = handles.open_text()
            count = _pdf_capi.count_chars(raw_text)
            assert count == textpage.count_chars(), (name, index)
            expected = textpage.get_text_range(0, count) if count else ""
            assert _pdf_capi.text_range(raw_text, count) == expected, (name, index)
            assert _pdf_capi.mediabox(handles.page) == wrapped.get_mediabox(), (name, index)
            checked += 1
        finally:
            handles.close()
            textpage.close()
            wrapped.close()
    assert checked >= 5


def test_unchecked_calls_answer_as_the_checked_bindings():
    """Boxes, sizes, weights and object types through _pdf_capi equal pypdfium2's bindings."""
    import ctypes

    compared = 0
    for _name, pdf, index in _pages():
        handles = _pdf_capi.PageHandles(pdf, index)
        try:
            raw = handles.open_text()
            n = _pdf_capi.count_chars(raw)
            a = [ctypes.c_double() for _ in range(4)]
            b = [ctypes.c_double() for _ in range(4)]
            for i in range(0, n, 7):
                ok_a = _pdf_capi.get_char_box(raw, i, *(ctypes.byref(v) for v in a))
                ok_b = pdfium_c.FPDFText_GetCharBox(raw, i, *(ctypes.byref(v) for v in b))
                assert bool(ok_a) == bool(ok_b)
                assert [v.value for v in a] == [v.value for v in b]
                assert _pdf_capi.get_font_size(raw, i) == pdfium_c.FPDFText_GetFontSize(raw, i)
                assert _pdf_capi.get_font_weight(raw, i) == pdfium_c.FPDFText_GetFontWeight(raw, i)
                assert _pdf_capi.get_char_angle(raw, i) == pdfium_c.FPDFText_GetCharAngle(raw, i)
                obj = pdfium_c.FPDFText_GetTextObject(raw, i)
                assert _pdf_capi.char_object(raw, i) == (
                    ctypes.cast(obj, ctypes.c_void_p).value if obj else None
                )
                compared += 1
            for i in range(max(pdfium_c.FPDFPage_CountObjects(handles.page), 0)):
                obj = _pdf_capi.page_object(handles.page, i)
                assert _pdf_capi.obj_type(obj) == pdfium_c.FPDFPageObj_GetType(
                    pdfium_c.FPDFPage_GetObject(handles.page, i)
                )
        finally:
            handles.close()
    assert compared > 100


def _mostly_bold_reference(raw, text: str, first: int, last: int) -> bool:
    """Every sampled letter of ``text[first:last + 1]`` asked for its weight (and, when not bold,
    whether its font is a typewriter face), the share taken last: regular typewriter letters
    count only where they are as many as the bold ones."""
    name = ctypes.create_string_buffer(128)
    flags = ctypes.byref(ctypes.c_int())
    step = max(1, (last - first + 1) // _pdf_lines.BOLD_SAMPLE)
    bold = plain = mono = 0
    for i in range(first, last + 1, step):
        if not text[i].isalpha():
            continue
        if _pdf_lines._cached_bold(raw, i, name, flags, {}):
            bold += 1
        elif _pdf_lines._mono_font(name.value, 0):
            mono += 1
        else:
            plain += 1
    if mono >= bold:
        plain += mono
    return bold >= _pdf_lines.BOLD_SHARE * (bold + plain)


def _share_edge_pdf() -> bytes:
    """Lines of 20 letters (Helvetica 10 pt), 17 bold and 3 regular (exactly BOLD_SHARE bold, in
    either order) and 16 bold and 4 regular: the count stops right at the share's edge."""
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    rows = [
        [("bbb ", False), ("aaaaaaaaaaaaaaaaa", True)],
        [("aaaaaaaaaaaaaaaaa", True), (" bbb", False)],
        [("bbbb ", False), ("aaaaaaaaaaaaaaaa", True)],
        [("aaaaaaaaaaaaaaaa", True), (" bbbb", False)],
    ]
    for k, parts in enumerate(rows):
        text = c.beginText(72, 770 - 14 * k)
        for part, bold in parts:
            text.setFont("Helvetica-Bold" if bold else "Helvetica", 10)
            text.textOut(part)
        c.drawText(text)
    c.save()
    return buf.getvalue()


def test_mostly_bold_asks_each_text_object_once_and_stops_early_with_the_same_answer(real_world):
    # _mostly_bold asks pdfium for each text object's weight once and stops counting where the
    # letters left cannot change the answer; it must answer as the plain count of every sampled
    # letter, on every piece of pdfium's text between its line breaks and on each piece's start
    # to the end of each of its words (the mixed-weight page sets bold and regular runs in one
    # line; [MS-OXMSG].pdf pages 12, 16 and 19 bold names and labels inside regular sentences;
    # the share page's lines are bold by exactly the share, or one letter short of it)
    from tests.indexer.formats.test_pdf_headings import _mixed_weight_pdf

    sources = [(p.name, pdfium.PdfDocument(p), None) for p in PDFS]
    sources.append(("weights.pdf", pdfium.PdfDocument(_mixed_weight_pdf()), None))
    sources.append(("share.pdf", pdfium.PdfDocument(_share_edge_pdf()), None))
    sources.append(
        ("[MS-OXMSG].pdf", pdfium.PdfDocument(real_world / "pdf" / "[MS-OXMSG].pdf"), (11, 15, 18))
    )
    compared = answers = 0
    for name, pdf, indices in sources:
        try:
            for index in indices or range(len(pdf)):
                handles = _pdf_capi.PageHandles(pdf, index)
                try:
                    raw = handles.open_text()
                    text = _pdf_capi.text_range(raw, _pdf_capi.count_chars(raw))
                    buffer = ctypes.create_string_buffer(128)
                    flags = ctypes.byref(ctypes.c_int())
                    start = 0
                    for piece in text.split("\r\n"):
                        first = start + len(piece) - len(piece.lstrip())
                        ends = [start + m.end() - 1 for m in re.finditer(r"\S+", piece)]
                        for last in ends:
                            got = _pdf_lines._mostly_bold(raw, text, first, last, buffer, flags, {})
                            assert got == _mostly_bold_reference(raw, text, first, last), (
                                name,
                                index,
                                first,
                                last,
                            )
                            compared += 1
                            answers |= 1 << got
                        start += len(piece) + 2
                finally:
                    handles.close()
        finally:
            pdf.close()
    assert compared > 1000 and answers == 3  # both answers given


def test_page_lines_and_scan_run_on_every_sample_page():
    # bench/make_sample_pdfs.py draws "Chunkscope sample report" at the top of every report.pdf page
    # and starts page 1 with the title "Maintenance Report"
    seen_lines = 0
    for name, pdf, index in _pages():
        handles = _pdf_capi.PageHandles(pdf, index)
        try:
            objects = scan_page(handles.page)
            lines, cut, count = page_lines(handles.open_text(), index + 1)
        finally:
            handles.close()
        assert not cut and not objects.truncated
        assert all(isinstance(ln, Line) and ln.text == ln.text.strip() and ln.text for ln in lines)
        if name == "report.pdf" and index == 0:
            texts = [ln.text for ln in lines]
            assert "Chunkscope sample report" in texts and "Maintenance Report" in texts
        if name == "scanned.pdf":
            assert lines == [] and count == 0 and objects.images  # an image, no text layer
        seen_lines += len(lines)
    assert seen_lines > 20


# -- layout helpers against their reference formulations ---------------------------------------

_BULLETS = "\u2022\u2023\u25e6\u2043\u2219\u25aa\u25ab\u25cf\u25cb\u25a0\u25a1\u27a2\u2713\u2714*-\u2013\uf0b7\uf0a7\uf0d8\uf0fc"


def test_bullet_first_characters_are_those_of_the_regex():
    pattern = _pdf_layout._BULLET.pattern
    klass = re.match(r"\^\(\[(.*?)\]\)", pattern).group(1)
    assert set(_BULLETS) == set(_pdf_layout._BULLET_FIRST)
    for ch in _BULLETS:
        assert re.fullmatch(f"[{klass}]", ch)


@settings(max_examples=400, deadline=None)
@given(
    st.text(st.sampled_from(list("ab Z1.)[]( ivxIVX-*\u2022\u2013\u00b2\u0663\tq")), min_size=1, max_size=9)
)
def test_marker_equals_the_two_regexes(text):
    expected = _pdf_layout._BULLET.match(text) or _pdf_layout._ORDERED.match(text)
    got = _pdf_layout._marker(text)
    assert (got is None) == (expected is None)
    if expected is not None:
        assert got.re is expected.re and got.groups() == expected.groups()


_coord = st.floats(min_value=0, max_value=600, allow_nan=False).map(lambda v: round(v, 1))
_size = st.sampled_from([8.0, 9.0, 10.0, 10.4, 12.0, 14.0, 18.0])


@st.composite
def _lines(draw, page=1):
    n = draw(st.integers(min_value=1, max_value=25))
    out = []
    for _ in range(n):
        left = draw(_coord)
        base = draw(_coord)
        size = draw(_size)
        out.append(
            Line(
                page=page,
                text=draw(st.text("ab c.", min_size=1, max_size=40)).strip() or "x",
                size=size,
                bold=draw(st.booleans()),
                left=left,
                right=left + draw(_coord),
                top=base + size,
                base=base,
                last_base=base - draw(st.sampled_from([0.0, 0.0, 12.0, 0.5])),
                angle=0.0,
            )
        )
    return out


def _reference_pitch(lines):
    pitches = Counter()
    for a, b in zip(lines, lines[1:], strict=False):
        pitch = a.end_base - b.base
        if abs(a.size - b.size) <= 0.6 and 0 < pitch < 3 * a.size:
            pitches[round(pitch / max(a.size, 1.0), 1)] += 1
    if sum(pitches.values()) < 3:
        return None
    return pitches.most_common(1)[0][0]


@settings(max_examples=300, deadline=None)
@given(_lines())
def test_common_pitch_equals_the_counter_formulation(lines):
    assert _pdf_layout._common_pitch(lines) == _reference_pitch(lines)


def test_common_pitch_ties_go_to_the_first_seen():
    # baselines 100, 88, 76 (pitch 12 = 1.2 at size 10), then 62, 48 (pitch 14 = 1.4): 2 against 2
    lines = [
        Line(1, "t", 10.0, False, 0.0, 100.0, base + 10, base, base, 0.0) for base in (100, 88, 76, 62, 48)
    ]
    assert _reference_pitch(lines) == 1.2
    assert _pdf_layout._common_pitch(lines) == 1.2


def _reference_shape(lines):
    weight = Counter()
    for ln in lines:
        weight[round(ln.left / 3) * 3] += len(ln.text)
    total = sum(weight.values()) or 1
    lefts = tuple(x for x, w in weight.most_common(4) if w >= 0.1 * total)
    long = [ln for ln in lines if len(ln.text) > 30] or lines
    return lefts, (min(ln.left for ln in long) + max(ln.right for ln in long)) / 2


@settings(max_examples=300, deadline=None)
@given(_lines())
def test_page_shape_and_body_size_equal_the_counter_formulation(lines):
    groups = []
    for ln in lines:
        g = _pdf_layout.Group(page=1)
        g.add(ln)
        groups.append(g)
    shape = _pdf_layout._shapes(groups)[1]
    assert (shape.lefts, shape.center) == _reference_shape(lines)
    weight = Counter()
    for ln in lines:
        weight[round(ln.size * 2) / 2] += len(ln.text)
    assert _pdf_layout.body_size(groups) == weight.most_common(1)[0][0]


def test_group_positions_follow_the_body_lines():
    """group_page puts every line in exactly one group, in order (pdf._blocks relies on it)."""
    path = SAMPLE_CORPUS / "pdf" / "report.pdf"
    pdf = pdfium.PdfDocument(path)
    try:
        handles = _pdf_capi.PageHandles(pdf, 0)
        try:
            lines, _, _ = page_lines(handles.open_text(), 1)
        finally:
            handles.close()
    finally:
        pdf.close()
    groups = _pdf_layout.group_page(lines, 1)
    assert [ln for g in groups for ln in g.lines] == lines
    assert len(groups) >= 3


if __name__ == "__main__":  # pragma: no cover
    pytest.main([__file__])


def _walk_every_object(page) -> _pdf_objects.PageObjects:
    """The general walk: every object of the page in turn, form XObjects entered where they are."""
    out = _pdf_objects.PageObjects()
    values = tuple(ctypes.c_float() for _ in range(4))
    refs = tuple(ctypes.byref(v) for v in values)
    count = max(pdfium_c.FPDFPage_CountObjects(page), 0)
    _pdf_objects._scan(out, values, refs, [_pdf_objects.MAX_OBJECTS], page, count, 0)
    return out


def _found(objects: _pdf_objects.PageObjects):
    images = [(top, ctypes.cast(obj, ctypes.c_void_p).value) for top, obj in objects.images]
    return images, objects.horizontal, objects.vertical, objects.truncated


SLIDES = "kreuzberg/100_g_networking_technology_overview_slides_toronto_august_2016.pdf"


@pytest.mark.parametrize("limit", [_pdf_objects.MAX_OBJECTS, 100, 58, 57, 7, 1])
def test_scan_page_skips_text_objects_but_finds_and_budgets_the_same(
    limit, monkeypatch, playground, real_world
):
    # scan_page reads all object types first and visits only the others; the objects it reaches
    # (and whether it says "truncated") must match the plain walk for every budget. The sample
    # report draws its table's rules as 11 paths on page 1 and an image on page 2. word2vec.pdf
    # page 5 has 86 objects, the first a form XObject holding 50: a budget of 100 runs out inside
    # the page only because of the form. The slides' page 17 has 55 objects with five one-object
    # forms at 31-35 followed by paths and images, so budgets of 57 and 58 end among those.
    monkeypatch.setattr(_pdf_objects, "MAX_OBJECTS", limit)
    paths = [*PDFS, playground / "word2vec.pdf", real_world / "pdf" / SLIDES]
    compared = truncated = 0
    for path in paths:
        pdf = pdfium.PdfDocument(path)
        try:
            for index in range(len(pdf)):
                page = pdfium_c.FPDF_LoadPage(pdf.raw, index)
                try:
                    expected = _found(_walk_every_object(page))
                    assert _found(scan_page(page)) == expected, (path.name, index, limit)
                    truncated += expected[3]
                    compared += 1
                finally:
                    pdfium_c.FPDF_ClosePage(page)
        finally:
            pdf.close()
    assert compared > 40
    if limit < _pdf_objects.MAX_OBJECTS:
        assert truncated > 0  # the small budgets really cut pages
