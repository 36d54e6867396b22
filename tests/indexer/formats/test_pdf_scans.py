"""A scanned page that was read by OCR before it reached us: the scan is drawn as images (whole,
or cut into strips and text regions) and the OCR text is laid over it invisibly (text render
mode 3). The text is the content; the images are the page itself, so they are not extracted as
images of the document but listed as skipped, with the reason, one entry per page."""

from __future__ import annotations

import io

import pytest
from PIL import Image as PILImage
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen import canvas

from indexer import extract
from indexer.formats.pdf import SCAN_REASON
from indexer.model import IMAGE

LINES = [f"Line {n} of the scanned letter, read by OCR." for n in range(1, 7)]


def _page(render_mode: int, invisible_lines: int = len(LINES)) -> bytes:
    """A page with a greyscale image over most of it and the text lines on top; the first
    ``invisible_lines`` lines are drawn with ``render_mode``, the rest visibly."""
    scan = PILImage.new("L", (400, 500), 235)
    for x in range(40, 360):
        for y in range(60, 440, 40):
            scan.putpixel((x, y), 20)
    png = io.BytesIO()
    scan.save(png, format="PNG")
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.drawImage(ImageReader(io.BytesIO(png.getvalue())), 50, 80, width=500, height=680)
    y = 720
    for n, line in enumerate(LINES):
        c.saveState()  # the render mode is graphics state: each line sets its own and restores
        text = c.beginText(80, y)
        text.setFont("Helvetica", 11)
        text.setTextRenderMode(render_mode if n < invisible_lines else 0)
        text.textLine(line)
        c.drawText(text)
        c.restoreState()
        y -= 40
    c.save()
    return buf.getvalue()


def test_the_images_of_a_scan_under_invisible_ocr_text_are_skipped():
    doc = extract(_page(render_mode=3), filename="scan.pdf", image_data=True)
    assert doc.images == ()
    assert not [b for b in doc.blocks if b.kind == IMAGE]
    assert [(s.what, s.name, s.reason) for s in doc.coverage.skipped] == [
        ("image", "page 1 (1 image)", SCAN_REASON)
    ]
    assert doc.coverage.images_extracted == 0
    for line in LINES:  # the invisible text is the page's text
        assert line in doc.text


def test_the_same_page_with_visible_text_keeps_its_image():
    doc = extract(_page(render_mode=0), filename="page.pdf", image_data=True)
    assert [im.name for im in doc.images] == ["image_p1_1.png"]
    assert doc.coverage.skipped == ()


def test_a_few_invisible_objects_over_a_picture_do_not_make_a_scan():
    # two hidden lines (a search keyword stamp, say) among four visible ones
    doc = extract(_page(render_mode=3, invisible_lines=2), filename="mixed.pdf", image_data=True)
    assert [im.name for im in doc.images] == ["image_p1_1.png"]


def test_an_ocred_paper_keeps_its_text_and_skips_its_strips(real_world):
    # a 1971 paper scanned into 30 pages, each drawn as 5 to 30 image strips (one per text
    # region) under an invisible text layer; before, every strip was an image block between the
    # paragraphs (478 of them)
    path = (
        real_world / "pdf" / "kreuzberg" / "a_catalogue_of_optimizing_transformations_1971_allen_catalog.pdf"
    )
    if not path.exists():
        pytest.skip("fixture missing")
    doc = extract(path, options={"ocr": "never"})
    assert doc.images == () and doc.coverage.images_extracted == 0
    skipped = doc.coverage.skipped
    assert [s.name.split(" (")[0] for s in skipped] == [f"page {n}" for n in range(1, 31)]
    assert sum(int(s.name.split("(")[1].split()[0]) for s in skipped) == 478
    assert "A catalogue of optimizing transformations" in doc.text
    assert "PROCEDURE INTEGRATION" in doc.text


def _sized_page(scan: bool) -> bytes:
    """A title at 16 pt over lines at 10 pt, two of them at 11.5 pt: an OCR engine fits each
    line's size to the line it read, so a text layer over a scan varies so. With ``scan``, the
    lines are invisible over an image; otherwise visible, and no image. The larger lines open
    with a label ('Section') the body does not use, since a label the body sets more often in
    its own size is text wherever it is set (``_label_key`` in _pdf_layout.py)."""
    sizes = [16, 10, 11.5, 10, 10, 11.5, 10]
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    if scan:
        png = io.BytesIO()
        PILImage.new("L", (200, 260), 240).save(png, format="PNG")
        c.drawImage(ImageReader(io.BytesIO(png.getvalue())), 50, 80, width=500, height=680)
    y = 720
    for n, size in enumerate(sizes):
        c.saveState()
        text = c.beginText(80, y)
        text.setFont("Helvetica", size)
        text.setTextRenderMode(3 if scan else 0)
        if n == 0:
            line = "Annual Report"
        elif size > 10:
            line = f"Section {n} of the letter"
        else:
            line = f"Paragraph {n} of the letter"
        text.textLine(line)
        c.drawText(text)
        c.restoreState()
        y -= 40
    c.save()
    return buf.getvalue()


def test_headings_on_a_scans_text_layer_need_a_clearly_larger_size():
    plain = extract(_sized_page(scan=False), filename="plain.pdf")
    assert [b.text for b in plain.blocks if b.kind == "heading"] == [
        "Annual Report",
        "Section 2 of the letter",
        "Section 5 of the letter",
    ]
    scan = extract(_sized_page(scan=True), filename="scan.pdf")
    assert [b.text for b in scan.blocks if b.kind == "heading"] == ["Annual Report"]


def test_an_ocred_chinese_report_keeps_its_title_and_loses_its_false_headings(real_world):
    # pr-136-example.pdf: six scanned pages under an invisible OCR layer, most of whose lines
    # measure 14.5 to 16.5 pt; before, 28 body lines of pages 1-5 were headings besides the
    # title. The title's two lines (as OCR read them, typos included) measure 24.8 and 25.7 pt.
    path = real_world / "pdf" / "pdfplumber" / "pr-136-example.pdf"
    if not path.exists():
        pytest.skip("fixture missing")
    doc = extract(path, options={"ocr": "never"})
    heads = [b.text for b in doc.blocks if b.kind == "heading" and b.page <= 5]
    # besides the letter's numbered headings, nine on these pages ('一、 …' to '四、 …', '(一) …'),
    # headings by their numbers (test_pdf_cjk_headings.py)
    numbered = [t for t in heads if t.startswith(("一、", "二、", "三、", "四、", "(一)", "(二)", "(三)"))]
    assert len(numbered) == 9
    # the title's two lines are one heading
    assert [t for t in heads if t not in numbered] == [
        "关于浙江菲达环保科技股份有限公司ZOq5年年度报告中有关财务事项的说阴"
    ]
    # page 6: the last numbered point, then what OCR read from the firm's seal and a signature
    # (a seal's ring read as quotes and commas in 42 and 33 pt, 'w镰曹潞脚' in 50 pt): text
    last = [b.text for b in doc.blocks if b.kind == "heading" and b.page == 6]
    assert last == ["(三) 了解有关部门就处置不良贷款， 解诀连环担保问题的有关政策"]
    assert "w镰曹潞脚" in doc.text


#: a Chinese letter's text layer: its title, its text, and what OCR read from the seal and the
#: signature at its foot
SCAN_TITLE = "年度财务报告说明"
SCAN_TEXT = "二零一三年五月公司与集团签约各为对方提供总额不超过贰亿元人民币的担保互保期自二零一三年五月起"
SEAL = '。"""，"": 裹劣杉叫'
SIGNATURE = "w镰曹潞脚"


def _sealed_letter(signature_scale: float) -> bytes:
    """A scanned page (an image under invisible text): SCAN_TITLE in 20 pt, eight lines of
    SCAN_TEXT in 10 pt, then SEAL in 40 pt and SIGNATURE in 48 pt at the margin, the signature's
    characters drawn at ``signature_scale`` per cent of their width."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont

    pdfmetrics.registerFont(UnicodeCIDFont("STSong-Light"))
    png = io.BytesIO()
    PILImage.new("L", (200, 260), 240).save(png, format="PNG")
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.drawImage(ImageReader(io.BytesIO(png.getvalue())), 50, 80, width=500, height=680)
    lines = [(SCAN_TITLE, 20.0, 100.0), *[(SCAN_TEXT[: 40 - n], 10.0, 100.0) for n in range(8)]]
    lines += [(SEAL, 40.0, 100.0), (SIGNATURE, 48.0, signature_scale)]
    y = 720.0
    for line, size, scale in lines:
        c.saveState()
        text = c.beginText(80, y)
        text.setFont("STSong-Light", size)
        text.setHorizScale(scale)
        text.setTextRenderMode(3)
        text.textLine(line)
        c.drawText(text)
        c.restoreState()
        y -= 1.6 * size
    c.save()
    return buf.getvalue()


def test_a_seal_and_a_signature_read_by_ocr_are_no_headings():
    # the seal's line holds 4 letters among 15 characters; the signature's five characters, drawn
    # at 40 % of their width, are 89 pt wide in 48 pt, where 48 pt text would take about 218 pt
    doc = extract(_sealed_letter(40.0), filename="letter.pdf")
    assert [b.text for b in doc.blocks if b.kind == "heading"] == [SCAN_TITLE]
    assert SEAL in doc.text and SIGNATURE in doc.text
    # drawn at their full width, the signature's characters are as wide as a heading's
    doc = extract(_sealed_letter(100.0), filename="letter.pdf")
    assert [b.text for b in doc.blocks if b.kind == "heading"] == [SCAN_TITLE, SIGNATURE]
