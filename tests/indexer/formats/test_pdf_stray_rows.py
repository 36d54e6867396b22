"""Lines a page draws before the rest of its text, each apart from the row it stands in (a CV's
right-hand details drawn first, then the page from its top): read beside the line of their row,
not at the top of the page. Expected values were read off the rendered pages."""

from __future__ import annotations

import io

from reportlab.pdfgen import canvas

from indexer import extract

BODY = "Responsible for the survey of the tunnel and for the report on its blasting tests, item {k}."


def _cv() -> bytes:
    """An A4 page drawing, in this order: ``Computer science, bachelor`` right of the 200 pt row,
    ``Training`` left of the 60 pt row, then from the top a title, six body lines, the dates and
    the school on the 200 pt row and ``Course: project management`` right on the 60 pt row; a
    second page of skills (the only page of a file is read top-down first: its head moves up)."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(595, 842))
    c.setFont("Helvetica", 11)
    c.drawString(380, 200, "Computer science, bachelor")
    c.setFont("Helvetica-Bold", 13)
    c.drawString(72, 60, "Training")
    c.setFont("Helvetica-Bold", 16)
    c.drawString(72, 780, "Project experience")
    c.setFont("Helvetica", 11)
    for k in range(6):
        c.drawString(72, 750 - 15 * k, BODY.format(k=k + 1))
    c.drawString(72, 230, "2018.05 - 2020.05")
    c.setFont("Helvetica-Bold", 13)
    c.drawString(72, 200, "Zhuhai University")
    c.setFont("Helvetica", 11)
    c.drawString(380, 60, "Course: project management")
    c.showPage()
    c.setFont("Helvetica-Bold", 16)
    c.drawString(72, 780, "Skills")
    c.setFont("Helvetica", 11)
    c.drawString(72, 750, "English: reading and writing, listening and speaking.")
    c.save()
    return buf.getvalue()


def _order(texts: list[str], *wanted: str) -> list[int]:
    return [next(n for n, t in enumerate(texts) if w in t) for w in wanted]


def test_lines_drawn_before_the_page_are_read_beside_their_rows():
    doc = extract(_cv(), filename="cv.pdf")
    texts = [b.text for b in doc.blocks if b.page == 1]
    assert texts[0] == "Project experience"
    first, school, major, training, course = _order(
        texts, BODY.format(k=1), "Zhuhai University", "Computer science", "Training", "Course:"
    )
    assert first < school < major < training < course


def test_issue_71_cv_details_read_in_their_rows(real_world):
    # p. 1: the file draws 计算机科学与技术（应用技术） 本科 (right of 北京师范大学珠海分校),
    # -1 高中 (right of 青岛理工大学) and 微软 (left of 培训课程：…) before the page's text
    doc = extract(
        real_world / "pdf" / "pdfplumber" / "issue-71-duplicate-chars.pdf", options={"ocr": "never"}
    )
    texts = [b.text for b in doc.blocks if b.page == 1]
    assert texts[0].startswith("项目描述：负责四川省甘孜州丹巴磨子电站")
    order = _order(
        texts,
        "教育经历",
        "北京师范大学珠海分校",
        "计算机科学与技术（应用技术） 本科",
        "2006.01 - 2007.01",
        "青岛理工大学",
        "-1 高中",
        "培训经历",
        "微软",
        "培训课程：",
    )
    assert order == sorted(order)
