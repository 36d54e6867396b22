#!/usr/bin/env python3
"""Write the small office documents of ``sample_corpus/office/``, deterministically.

    python bench/make_sample_office.py [OUT_DIR]     (default: sample_corpus/office)

One file per format: a Word report (headings, nested lists, a table with merged cells, a page
break, a header, a paragraph holding two images with alt text), a PowerPoint deck (title slide,
bullets, a table, a picture, speaker notes), an OpenDocument text and presentation, an RTF letter
and an EPUB with two chapters and an image. Zip members get a fixed date and the packages' own
timestamps are pinned, so the same library versions write the same bytes.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import sys
import zipfile
from pathlib import Path

from PIL import Image as PILImage

FIXED = dt.datetime(2024, 3, 1, 9, 30, 0)
ZIP_DATE = (2024, 3, 1, 9, 30, 0)


def png(color: tuple[int, int, int], size: tuple[int, int] = (48, 32)) -> bytes:
    """A small gradient PNG (deterministic bytes)."""
    im = PILImage.new("RGB", size, color)
    for x in range(size[0]):
        for y in range(0, size[1], 4):
            im.putpixel((x, y), (x * 5 % 256, color[1], y * 7 % 256))
    out = io.BytesIO()
    im.save(out, format="PNG", optimize=False)
    return out.getvalue()


def gif() -> bytes:
    im = PILImage.new("P", (24, 24), 3)
    for i in range(24):
        im.putpixel((i, i), 9)
    out = io.BytesIO()
    im.save(out, format="GIF")
    return out.getvalue()


def pin_zip(data: bytes, first: str | None = None) -> bytes:
    """Rewrite a zip with fixed member dates (``first`` stored uncompressed in front: mimetype)."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    names = [i.filename for i in src.infolist()]
    if first in names:
        names.remove(first)
        names.insert(0, first)
    with zipfile.ZipFile(out, "w") as dst:
        for name in names:
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_STORED if name == first else zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            payload = src.read(name)
            if name.endswith(".opf"):  # ebooklib stamps the write time; pin it
                payload = re.sub(rb"(dcterms:modified\">)[^<]*", rb"\g<1>2024-03-01T09:30:00Z", payload)
            dst.writestr(info, payload)
    return out.getvalue()


# -- Word ---------------------------------------------------------------------------------------


def make_docx() -> bytes:
    from docx import Document
    from docx.enum.text import WD_BREAK
    from docx.shared import Cm

    doc = Document()
    core = doc.core_properties
    core.title = "Pump Station 4 Inspection Report"
    core.author = "R. Okafor"
    core.created = core.modified = core.last_printed = FIXED
    core.revision = 1
    doc.sections[0].header.paragraphs[0].text = "Harbour Water Authority — Field Services"
    doc.sections[0].footer.paragraphs[0].text = "Internal use only"

    doc.add_heading("Pump Station 4 Inspection Report", level=0)
    doc.add_paragraph(
        "This report records the quarterly inspection of Pump Station 4 on 12 February 2024. "
        "The station ran within its nominal envelope; two items need follow-up before the spring "
        "high-demand period."
    )
    doc.add_heading("Findings", level=1)
    doc.add_paragraph("Items checked on site:")
    doc.add_paragraph("Intake screens cleaned & inspected", style="List Bullet")
    doc.add_paragraph("Bearing temperature within 4 °C of baseline", style="List Bullet")
    doc.add_paragraph("Vibration sensor B recalibrated", style="List Bullet 2")
    doc.add_paragraph("Standby generator started under load", style="List Bullet")
    doc.add_heading("Readings", level=2)
    table = doc.add_table(rows=4, cols=3)
    cells = [
        ["Pump", "Flow (L/s)", "Pressure (bar)"],
        ["P-401", "212", "4.1"],
        ["P-402", "208", "4.0"],
        ["P-403", "offline", ""],
    ]
    for r, row in enumerate(cells):
        for c, text in enumerate(row):
            table.cell(r, c).text = text
    merged = table.cell(3, 1).merge(table.cell(3, 2))
    merged.text = "offline for seal replacement"

    p = doc.add_paragraph("Photographs of the intake and the seal are attached below. ")
    p.add_run().add_break(WD_BREAK.PAGE)
    doc.add_heading("Photographs", level=1)
    pics = doc.add_paragraph("Intake screen before and after cleaning: ")
    run = pics.add_run()
    run.add_picture(io.BytesIO(png((30, 120, 200))), width=Cm(3))
    run.add_text(" ")
    run.add_picture(io.BytesIO(gif()), width=Cm(2))
    descr = ["Intake screen & trash rack,\nbefore cleaning", "Intake screen after cleaning"]
    for inline, text in zip(pics._p.xpath(".//wp:docPr"), descr, strict=True):
        inline.set("descr", text)
    doc.add_heading("Actions", level=1)
    doc.add_paragraph("Replace the P-403 mechanical seal", style="List Number")
    doc.add_paragraph("Order a spare vibration sensor", style="List Number")
    doc.add_paragraph("Prepared by R. Okafor, reviewed by the duty engineer.")
    out = io.BytesIO()
    doc.save(out)
    return pin_zip(out.getvalue())


# -- PowerPoint ---------------------------------------------------------------------------------


def make_pptx() -> bytes:
    from pptx import Presentation
    from pptx.util import Inches

    prs = Presentation()
    prs.core_properties.title = "Quarterly Operations Review"
    prs.core_properties.author = "Operations Office"
    prs.core_properties.created = prs.core_properties.modified = prs.core_properties.last_printed = FIXED
    prs.core_properties.revision = 1

    s1 = prs.slides.add_slide(prs.slide_layouts[0])
    s1.shapes.title.text = "Quarterly Operations Review"
    s1.placeholders[1].text = "Q1 2024 — Harbour Water Authority"

    s2 = prs.slides.add_slide(prs.slide_layouts[1])
    s2.shapes.title.text = "Highlights"
    body = s2.placeholders[1].text_frame
    body.text = "Water loss down to 11.2 %"
    for text, level in (
        ("Two main repairs completed", 0),
        ("Main 7 at Quay Street", 1),
        ("Customer calls down 8 %", 0),
    ):
        para = body.add_paragraph()
        para.text = text
        para.level = level
    s2.notes_slide.notes_text_frame.text = "Mention the Quay Street closure lasted two nights."

    s3 = prs.slides.add_slide(prs.slide_layouts[5])
    s3.shapes.title.text = "Repairs by District"
    rows = [
        ["District", "Repairs", "Hours"],
        ["North", "14", "52"],
        ["Harbour", "9", "40"],
        ["South", "6", "18"],
    ]
    shape = s3.shapes.add_table(len(rows), 3, Inches(1), Inches(1.8), Inches(7), Inches(2))
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            shape.table.cell(r, c).text = text

    s4 = prs.slides.add_slide(prs.slide_layouts[5])
    s4.shapes.title.text = "Pump Station 4"
    pic = s4.shapes.add_picture(io.BytesIO(png((200, 80, 40))), Inches(5), Inches(2), Inches(2))
    pic._element.nvPicPr.cNvPr.set("descr", "Pump hall after the refit")
    caption = s4.shapes.add_textbox(Inches(1), Inches(2), Inches(3.5), Inches(1))
    caption.text_frame.text = "The refit finished two weeks early."
    out = io.BytesIO()
    prs.save(out)
    return pin_zip(out.getvalue())


# -- OpenDocument -------------------------------------------------------------------------------


def _odf_meta(doc, title: str) -> None:
    from odf import dc, meta

    for el in list(doc.meta.childNodes):
        doc.meta.removeChild(el)
    doc.meta.addElement(dc.Title(text=title))
    doc.meta.addElement(dc.Creator(text="M. Lindqvist"))
    doc.meta.addElement(meta.Generator(text="chunkscope sample generator"))
    doc.meta.addElement(dc.Date(text=FIXED.isoformat()))


def make_odt() -> bytes:
    from odf import draw, table, text
    from odf.opendocument import OpenDocumentText
    from odf.style import ListLevelProperties, Style, TableColumnProperties
    from odf.text import ListLevelStyleBullet, ListLevelStyleNumber, ListStyle

    doc = OpenDocumentText()
    _odf_meta(doc, "Allotment Society Minutes")
    numbered = ListStyle(name="Numbered")
    numbered.addElement(ListLevelStyleNumber(level=1, numformat="1", numsuffix="."))
    numbered.addElement(ListLevelStyleBullet(level=2, bulletchar="•"))
    for lvl in numbered.childNodes:
        lvl.addElement(ListLevelProperties())
    doc.automaticstyles.addElement(numbered)
    col = Style(name="col", family="table-column")
    col.addElement(TableColumnProperties(columnwidth="4cm"))
    doc.automaticstyles.addElement(col)

    body = doc.text
    body.addElement(text.H(outlinelevel=1, text="Allotment Society Minutes"))
    body.addElement(text.P(text="Meeting of 4 March 2024 in the community hall. Twelve members attended."))
    body.addElement(text.H(outlinelevel=2, text="Decisions"))
    lst = text.List(stylename=numbered)
    for item_text, sub in (
        ("Water butts for plots 1–12", ["Funded from the spring fair"]),
        ("Compost rota", []),
    ):
        item = text.ListItem()
        item.addElement(text.P(text=item_text))
        if sub:
            inner = text.List()
            for s in sub:
                li = text.ListItem()
                li.addElement(text.P(text=s))
                inner.addElement(li)
            item.addElement(inner)
        lst.addElement(item)
    body.addElement(lst)
    body.addElement(text.H(outlinelevel=2, text="Plot fees"))
    tbl = table.Table(name="Fees")
    tbl.addElement(table.TableColumn(numbercolumnsrepeated=3, stylename=col))
    for row in (("Plot size", "Fee", "Water"), ("Half", "£24", "included"), ("Full", "£40", "included")):
        tr = table.TableRow()
        for cell in row:
            tc = table.TableCell()
            tc.addElement(text.P(text=cell))
            tr.addElement(tc)
        tbl.addElement(tr)
    body.addElement(tbl)
    para = text.P(text="The new water butt layout & hose points: ")
    href = doc.addPicture("Pictures/layout.png", "image/png", png((60, 160, 60)))
    frame = draw.Frame(width="4cm", height="3cm", anchortype="as-char", name="layout")
    frame.addElement(draw.Image(href=href))
    frame.addElement(_svg_title("Plan of the water butts & hose points"))
    para.addElement(frame)
    body.addElement(para)
    note_para = text.P(text="Next meeting in April")
    note = text.Note(id="ftn1", noteclass="footnote")
    note.addElement(text.NoteCitation(text="1"))
    nb = text.NoteBody()
    nb.addElement(text.P(text="Date to be confirmed by the secretary."))
    note.addElement(nb)
    note_para.addElement(note)
    note_para.addText(".")
    body.addElement(note_para)
    out = io.BytesIO()
    doc.write(out)
    return pin_zip(out.getvalue(), first="mimetype")


def _svg_title(value: str):
    from odf.svg import Title

    return Title(text=value)


def make_odp() -> bytes:
    from odf import draw, presentation, text
    from odf.namespaces import PRESENTATIONNS as PRESNS
    from odf.opendocument import OpenDocumentPresentation
    from odf.style import MasterPage, PageLayout, PageLayoutProperties

    doc = OpenDocumentPresentation()
    _odf_meta(doc, "Library Volunteers Briefing")
    layout = PageLayout(name="PL")
    layout.addElement(PageLayoutProperties(pagewidth="28cm", pageheight="21cm", printorientation="landscape"))
    doc.automaticstyles.addElement(layout)
    master = MasterPage(name="Default", pagelayoutname=layout)
    doc.masterstyles.addElement(master)

    def frame(page, cls, y, x, paras):
        fr = draw.Frame(width="24cm", height="3cm", x=x, y=y)
        fr.setAttrNS(PRESNS, "class", cls)
        box = draw.TextBox()
        for p in paras:
            box.addElement(text.P(text=p))
        fr.addElement(box)
        page.addElement(fr)

    p1 = draw.Page(name="page1", masterpagename=master)
    frame(p1, "title", "1cm", "2cm", ["Library Volunteers Briefing"])
    frame(p1, "subtitle", "8cm", "2cm", ["Saturday rota, spring term"])
    doc.presentation.addElement(p1)
    p2 = draw.Page(name="page2", masterpagename=master)
    # the body frame is written before the title frame: the reader orders by position
    frame(p2, "outline", "5cm", "2cm", ["Open at 9:30, close at 13:00", "Two volunteers at the desk"])
    frame(p2, "title", "1cm", "2cm", ["Opening Hours"])
    notes = presentation.Notes()
    nf = draw.Frame(width="20cm", height="10cm", x="1cm", y="1cm")
    nf.setAttrNS(PRESNS, "class", "notes")
    nb = draw.TextBox()
    nb.addElement(text.P(text="Remind everyone about the new key safe."))
    nf.addElement(nb)
    notes.addElement(nf)
    p2.addElement(notes)
    doc.presentation.addElement(p2)
    out = io.BytesIO()
    doc.write(out)
    return pin_zip(out.getvalue(), first="mimetype")


# -- RTF ----------------------------------------------------------------------------------------

RTF = r"""{\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0\fswiss Helvetica;}}
{\info{\title Tenancy Renewal Notice}{\author Caf\'e9 Property Lettings}}
\f0\fs24
{\pard\b Tenancy Renewal Notice\par}
{\pard Dear Ms Brennan,\par}
{\pard Your tenancy of Flat 3, 18 Mill Lane ends on 30 June 2024. We are pleased to offer a renewal on the terms below.\par}
{\pard 1.\tab Term of twelve months from 1 July 2024\par}
{\pard 2.\tab Rent of \'a3950 per month, payable on the 1st\par}
{\pard 3.\tab Deposit unchanged\par}
\trowd\cellx3000\cellx6000
\intbl Item\cell Amount\cell\row
\trowd\cellx3000\cellx6000
\intbl Monthly rent\cell \'a3950\cell\row
\trowd\cellx3000\cellx6000
\intbl Deposit\par held by the scheme\cell \'a31,100\cell\row
{\pard Please reply by 31 May 2024.\par}
{\pard Yours sincerely,\par}
{\pard Caf\'e9 Property Lettings\par}
}
"""


# -- EPUB ---------------------------------------------------------------------------------------


def make_epub() -> bytes:
    from ebooklib import epub

    book = epub.EpubBook()
    book.set_identifier("urn:uuid:4f1c2d3e-0000-4000-8000-000000000001")
    book.set_title("A Short Guide to Tide Pools")
    book.set_language("en")
    book.add_author("Ines Marlowe")
    book.add_metadata("DC", "date", "2024-03-01")
    cover = epub.EpubItem(
        uid="img1", file_name="images/anemone.png", media_type="image/png", content=png((220, 60, 120))
    )
    book.add_item(cover)
    ch1 = epub.EpubHtml(title="Reading the Tide", file_name="text/ch1.xhtml", lang="en")
    ch1.content = (
        "<h1>Reading the Tide</h1><p>Tide pools are best explored an hour before low water.</p>"
        "<p>Check the tide table &amp; the weather before you go.</p>"
        '<p><img src="../images/anemone.png" alt="A beadlet anemone"/></p>'
    )
    ch2 = epub.EpubHtml(title="What Lives There", file_name="text/ch2.xhtml", lang="en")
    ch2.content = (
        "<section><header><h1>What Lives There</h1></header>"
        "<ul><li>Beadlet anemones</li><li>Shore crabs<ul><li>green</li></ul></li>"
        "<li>Periwinkles</li></ul><table><tr><th>Creature</th><th>Zone</th></tr>"
        '<tr><td>Limpet<a href="#n1">1</a></td><td>upper shore</td></tr></table>'
        '<aside id="n1"><p>Limpets cling hardest when the tide is out.</p></aside></section>'
    )
    book.add_item(ch1)
    book.add_item(ch2)
    book.toc = (
        epub.Link("text/ch1.xhtml", "Reading the Tide", "ch1"),
        epub.Link("text/ch2.xhtml", "What Lives There", "ch2"),
    )
    book.add_item(epub.EpubNcx())
    book.add_item(epub.EpubNav())
    book.spine = ["nav", ch1, ch2]
    out = io.BytesIO()
    epub.write_epub(out, book, {})
    return pin_zip(out.getvalue(), first="mimetype")


MAKERS = {
    "inspection_report.docx": make_docx,
    "operations_review.pptx": make_pptx,
    "society_minutes.odt": make_odt,
    "volunteers_briefing.odp": make_odp,
    "tenancy_renewal.rtf": lambda: RTF.encode("ascii"),
    "tide_pools.epub": make_epub,
}


def main(argv: list[str]) -> int:
    out = (
        Path(argv[1])
        if len(argv) > 1
        else Path(__file__).resolve().parent.parent / "sample_corpus" / "office"
    )
    out.mkdir(parents=True, exist_ok=True)
    for name, make in MAKERS.items():
        data = make()
        (out / name).write_bytes(data)
        print(f"{name}: {len(data):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
