"""Small Office files, pictures and e-mails built in memory for tests: a Word file of a heading, a
paragraph and a table, a workbook of named sheets, a one-slide deck, a plain PNG, and a mail with
files attached. Each test names its own texts; what they hold is read back from the arguments."""

from __future__ import annotations

import io
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
