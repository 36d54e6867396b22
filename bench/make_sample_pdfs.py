#!/usr/bin/env python3
"""Generate the sample PDFs under sample_corpus/pdf/ (deterministic: reportlab's invariant mode).

    python bench/make_sample_pdfs.py [OUT_DIR]

Files:
  report.pdf             three pages: title, headings, paragraphs, a bulleted list, a 4-column x
                         5-row ruled table (header + 4 rows), an embedded PNG, and a running header
                         and footer ("Chunkscope sample report" / "Page N of 3") on every page
  sample_image.png       the PNG embedded in report.pdf (the tests compare decoded pixels with it)
  scanned.pdf            one page that is only a picture of text (no text layer)
  two_column.pdf         one page of two text columns
  encrypted.pdf          user password "secret"
  owner_only.pdf         encrypted with an owner password only (opens with the empty password)
  partly_empty.pdf       three pages, the second blank
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image as PILImage
from PIL import ImageDraw
from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import cm
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen import canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Frame,
    Image,
    ListFlowable,
    ListItem,
    PageBreak,
    PageTemplate,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

rl_config.invariant = 1  # fixed dates and ids: same bytes on every run

ROOT = Path(__file__).resolve().parent.parent
STYLES = getSampleStyleSheet()

TABLE = [
    ["Region", "Units", "Revenue", "Growth"],
    ["North", "1200", "48000", "4%"],
    ["South", "950", "38000", "-2%"],
    ["East", "1430", "57200", "7%"],
    ["West", "800", "32000", "1%"],
]

PROSE = (
    "The pump assembly regulates pressure across the manifold while the controller monitors the "
    "flow. Each valve is calibrated during the quarterly inspection, and the results are written "
    "to the maintenance ledger so that trends become visible over the year. "
)


def sample_image() -> PILImage.Image:
    """A 64 x 48 RGB picture with a gradient and a few shapes (no alpha)."""
    img = PILImage.new("RGB", (64, 48))
    px = img.load()
    for y in range(48):
        for x in range(64):
            px[x, y] = (x * 4 % 256, y * 5 % 256, (x * y) % 256)
    draw = ImageDraw.Draw(img)
    draw.rectangle((8, 8, 24, 20), fill=(255, 0, 0))
    draw.ellipse((36, 20, 56, 40), fill=(0, 0, 255))
    return img


def _header_footer(c: canvas.Canvas, doc) -> None:
    c.saveState()
    c.setFont("Helvetica", 9)
    c.drawString(2 * cm, A4[1] - 1.2 * cm, "Chunkscope sample report")
    c.drawRightString(A4[0] - 2 * cm, 1.2 * cm, f"Page {doc.page} of 3")
    c.restoreState()


def report(out: Path, image_path: Path) -> None:
    doc = SimpleDocTemplate(str(out), pagesize=A4, title="Sample report", author="Chunkscope tests")
    story = [
        Paragraph("Maintenance Report", STYLES["Title"]),
        Paragraph("Summary", STYLES["Heading1"]),
        Paragraph(PROSE * 3, STYLES["BodyText"]),
        Paragraph("This report covers the pump hall and the compressor room.", STYLES["BodyText"]),
        Paragraph("Quarterly figures", STYLES["Heading2"]),
        Paragraph("The table lists units and revenue per region.", STYLES["BodyText"]),
        Spacer(1, 0.3 * cm),
        Table(
            TABLE,
            style=TableStyle(
                [
                    ("GRID", (0, 0), (-1, -1), 0.5, colors.black),
                    ("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold"),
                ]
            ),
        ),
        Spacer(1, 0.3 * cm),
        Paragraph("Checks", STYLES["Heading2"]),
        ListFlowable(
            [
                ListItem(Paragraph("Inspect every valve seal.", STYLES["BodyText"])),
                ListItem(Paragraph("Replace worn bearings.", STYLES["BodyText"])),
                ListItem(Paragraph("Record the pressure readings.", STYLES["BodyText"])),
            ],
            bulletType="bullet",
        ),
        PageBreak(),
        Paragraph("Site photograph", STYLES["Heading1"]),
        Paragraph("The picture below shows the test pattern of the inspection camera.", STYLES["BodyText"]),
        Image(str(image_path), width=64 * 2, height=48 * 2),
        Paragraph(PROSE * 2, STYLES["BodyText"]),
        PageBreak(),
        Paragraph("Conclusion", STYLES["Heading1"]),
        Paragraph(PROSE * 4, STYLES["BodyText"]),
    ]
    doc.build(story, onFirstPage=_header_footer, onLaterPages=_header_footer)


def scanned(out: Path) -> None:
    """A page that is only an image of text, as a scanner would produce."""
    img = PILImage.new("L", (850, 1100), 255)
    draw = ImageDraw.Draw(img)
    for i in range(20):
        draw.text((60, 60 + i * 45), f"Scanned line {i + 1}: the quick brown fox jumps over the dog.", fill=0)
    c = canvas.Canvas(str(out), pagesize=A4)
    c.drawImage(ImageReader(img), 0, 0, width=A4[0], height=A4[1])
    c.showPage()
    c.save()


def two_column(out: Path) -> None:
    width, height = A4
    margin, gap = 2 * cm, 1 * cm
    col = (width - 2 * margin - gap) / 2
    frames = [
        Frame(margin, margin, col, height - 2 * margin, id="left"),
        Frame(margin + col + gap, margin, col, height - 2 * margin, id="right"),
    ]
    doc = BaseDocTemplate(str(out), pagesize=A4, pageTemplates=[PageTemplate(frames=frames)])
    left = "Left column text about pumps and valves. " * 30
    right = "Right column text about ledgers and audits. " * 30
    doc.build(
        [
            Paragraph("Two columns", STYLES["Heading1"]),
            Paragraph(left, STYLES["BodyText"]),
            Paragraph("Left column ends here.", STYLES["BodyText"]),
            # a frame break: the rest flows into the right column
            _FrameBreak(),
            Paragraph(right, STYLES["BodyText"]),
            Paragraph("Right column ends here.", STYLES["BodyText"]),
        ]
    )


def _FrameBreak():  # noqa: N802 - reads like the flowable it returns
    from reportlab.platypus.doctemplate import FrameBreak

    return FrameBreak()


def encrypted(out: Path, user: str, owner: str) -> None:
    from reportlab.lib import pdfencrypt

    enc = pdfencrypt.StandardEncryption(user, ownerPassword=owner, canPrint=1, canCopy=0, strength=128)
    c = canvas.Canvas(str(out), pagesize=A4, encrypt=enc)
    c.setFont("Helvetica", 12)
    c.drawString(2 * cm, A4[1] - 3 * cm, "This text is behind a password.")
    c.showPage()
    c.save()


def partly_empty(out: Path) -> None:
    c = canvas.Canvas(str(out), pagesize=A4)
    c.setFont("Helvetica", 12)
    c.drawString(2 * cm, A4[1] - 3 * cm, "First page has text.")
    c.showPage()
    c.showPage()  # page 2: nothing on it
    c.setFont("Helvetica", 12)
    c.drawString(2 * cm, A4[1] - 3 * cm, "Third page has text too.")
    c.showPage()
    c.save()


def main(out_dir: Path) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    image_path = out_dir / "sample_image.png"
    sample_image().save(image_path, format="PNG")
    report(out_dir / "report.pdf", image_path)
    scanned(out_dir / "scanned.pdf")
    two_column(out_dir / "two_column.pdf")
    encrypted(out_dir / "encrypted.pdf", "secret", "owner")
    encrypted(out_dir / "owner_only.pdf", "", "owner")
    partly_empty(out_dir / "partly_empty.pdf")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "sample_corpus" / "pdf")
