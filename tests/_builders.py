"""Small Office files, pictures, books and e-mails built in memory for tests: a Word file of a
heading, a paragraph and a table, a workbook of named sheets, a one-slide deck, a plain PNG, an
EPUB 3 book of chapters, and a mail with files attached. Each test names its own texts; what they hold is read back from the arguments."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterable, Sequence
from email.message import EmailMessage

#: the MIME types of the Office files built here, as mailers name them
DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def png(size: tuple[int, int] = (40, 30), colour: tuple[int, int, int] = (20, 120, 60)) -> bytes:
    """A PNG picture of one colour (the same bytes for the same arguments)."""
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, format="PNG")
    return out.getvalue()


def docx_file(
    *,
    heading: str | None = None,
    paragraph: str | None = None,
    table: Sequence[Sequence[str]] = (),
    pictures: Iterable[bytes] = (),
) -> bytes:
    """A Word file of, in this order: a level-1 heading, a paragraph, a table of ``table``'s rows
    and one picture for each of ``pictures``; each part left out when not given."""
    import docx

    document = docx.Document()
    if heading is not None:
        document.add_heading(heading, level=1)
    if paragraph is not None:
        document.add_paragraph(paragraph)
    if table:
        grid = document.add_table(rows=len(table), cols=len(table[0]))
        cells = [text for row in table for text in row]
        for cell, text in zip(grid._cells, cells, strict=True):
            cell.text = text
    for picture in pictures:
        document.add_picture(io.BytesIO(picture))
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def xlsx_file(sheets: dict[str, Sequence[Sequence[object]]]) -> bytes:
    """A workbook with a sheet for each name of ``sheets`` (in order), holding its rows from A1."""
    import openpyxl

    book = openpyxl.Workbook()
    for i, (title, rows) in enumerate(sheets.items()):
        if i == 0:
            sheet = book.active
            sheet.title = title
        else:
            sheet = book.create_sheet(title)
        for row in rows:
            sheet.append(list(row))
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def pptx_file(title: str, body: str) -> bytes:
    """A deck of one "Title and Content" slide: ``title`` and ``body`` in its two placeholders."""
    import pptx

    deck = pptx.Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[1])
    slide.shapes.title.text = title
    slide.placeholders[1].text = body
    out = io.BytesIO()
    deck.save(out)
    return out.getvalue()


def epub_file(
    chapters: dict[str, str],
    *,
    title: str = "Tide tables",
    language: str = "en",
    out_of_spine: tuple[str, ...] = (),
) -> bytes:
    """An EPUB 3 book whose spine reads ``chapters`` in order, each a file of the package (its name,
    as ``c1.xhtml`` or ``text/c2.xhtml``) whose ``<body>`` holds the given XHTML (``epub:`` names
    bound), but for those named in ``out_of_spine``, which the manifest lists and the spine does
    not; the navigation document lists them, out of the spine."""
    xhtml = (
        '<?xml version="1.0" encoding="utf-8"?><!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml" '
        'xmlns:epub="http://www.idpf.org/2007/ops"><head><title>{}</title></head><body>{}</body></html>'
    )
    names = list(chapters)
    items = "".join(
        f'<item id="c{i}" href="{name}" media-type="application/xhtml+xml"/>' for i, name in enumerate(names)
    )
    spine = "".join(f'<itemref idref="c{i}"/>' for i, name in enumerate(names) if name not in out_of_spine)
    links = "".join(f'<li><a href="{name}">{name}</a></li>' for name in names)
    opf = (
        '<?xml version="1.0" encoding="utf-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"'
        ' unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">'
        f'<dc:identifier id="id">urn:x:1</dc:identifier><dc:title>{title}</dc:title>'
        f"<dc:language>{language}</dc:language></metadata><manifest>"
        f'<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>{items}'
        f"</manifest><spine>{spine}</spine></package>"
    )
    container = (
        '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">'
        '<rootfiles><rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/>'
        "</rootfiles></container>"
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip")
        zf.writestr("META-INF/container.xml", container)
        zf.writestr("EPUB/package.opf", opf)
        zf.writestr(
            "EPUB/nav.xhtml", xhtml.format("Contents", f'<nav epub:type="toc"><ol>{links}</ol></nav>')
        )
        for name, body in chapters.items():
            zf.writestr(f"EPUB/{name}", xhtml.format(name, body))
    return out.getvalue()


def mail(
    *attachments: tuple[bytes, str, str],
    subject: str,
    body: str,
    sender: str = "ana@example.org",
    to: str | None = "bo@example.org",
) -> bytes:
    """A plain-text message with ``attachments`` (data, MIME type, file name) attached in order;
    no To header when ``to`` is None."""
    msg = EmailMessage()
    msg["From"] = sender
    if to is not None:
        msg["To"] = to
    msg["Subject"] = subject
    msg.set_content(body)
    for data, ctype, name in attachments:
        maintype, subtype = ctype.split("/")
        msg.add_attachment(data, maintype=maintype, subtype=subtype, filename=name)
    return msg.as_bytes()


def alternative_mail(*parts: tuple[str, str], subject: str = "Plan") -> bytes:
    """A message whose body is a multipart/alternative of ``parts`` (subtype of text, its text)
    in order: the sender's preferred last (RFC 2046)."""
    msg = EmailMessage()
    msg["From"] = "a@example.org"
    msg["To"] = "b@example.org"
    msg["Subject"] = subject
    (subtype, text), *others = parts
    msg.set_content(text, subtype=subtype)
    for subtype, text in others:
        msg.add_alternative(text, subtype=subtype)
    return msg.as_bytes()


def html_mail(page: str, subject: str = "Lists") -> bytes:
    """A message whose only body is the HTML ``page`` (set in ``<html><body>``)."""
    msg = EmailMessage()
    msg["From"] = "a@example.org"
    msg["To"] = "b@example.org"
    msg["Subject"] = subject
    msg.set_content(f"<html><body>{page}</body></html>", subtype="html")
    return msg.as_bytes()
