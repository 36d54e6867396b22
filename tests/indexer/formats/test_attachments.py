"""Attached files read with their own extractor: the PDFs, workbooks and Word files attached to
e-mails and Outlook messages, and the files a PDF holds. Real messages from ../shared, and built
ones in memory; every expected text is read from the attached file itself."""

from __future__ import annotations

import io
import re
import time
from email.message import EmailMessage

import pytest

from indexer import chunk_document, extract
from indexer.errors import DOCUMENT_LIMIT, ENCRYPTED, PARSE_ERROR
from indexer.formats._attached import MAX_DEPTH
from indexer.images import fnv1a64
from indexer.limits import ExtractContext, Limits
from indexer.markdown import render_markdown
from indexer.model import HEADING, IMAGE, TABLE
from indexer.modes import registry as modes
from tests._builders import DOCX_TYPE, XLSX_TYPE, docx_file, mail, png, xlsx_file
from tests.conftest import REAL_WORLD

from ._outlook import outlook_message

MSG = REAL_WORLD / "msg" / "MsgReader"
XLSX = XLSX_TYPE
DOCX = DOCX_TYPE


def _attachment_bytes(path, name: str) -> bytes:
    """The bytes of the attachment ``name`` of an Outlook message, as extract-msg gives them."""
    import extract_msg

    msg = extract_msg.openMsg(str(path))
    try:
        return next(a.data for a in msg.attachments if a.longFilename == name)
    finally:
        msg.close()


def _pdf_text(data: bytes) -> list[str]:
    """Each page's text as pdfium gives it (to check the attachment's text by the source)."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(data)
    try:
        return [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    finally:
        pdf.close()


def _under(doc, name: str) -> list:
    return [b for b in doc.blocks if b.meta.get("attachment") == name]


def _all_modes_work(doc) -> None:
    for mode in modes.modes_for(doc.family):
        chunks = chunk_document(doc, mode)
        assert chunks and all(c.content.strip() for c in chunks), mode
    render_markdown(doc)


# -- real messages ------------------------------------------------------------------------------


def test_the_pdf_attached_to_an_outlook_message_is_read(real_world):
    path = MSG / "Sicos1977__MSGReader__RtfSampleEmailWithAttachment.msg"
    pages = _pdf_text(_attachment_bytes(path, "SampleAttachment.pdf"))
    assert pages[0].lstrip().startswith("BOOK ONE: 1805") and "Prince Vasíli" in pages[1]
    doc = extract(path)
    assert doc.coverage.attachments_indexed == ("SampleAttachment.pdf",)
    assert doc.coverage.skipped == () and not doc.coverage.has_warning
    blocks = _under(doc, "SampleAttachment.pdf")
    assert (blocks[0].kind, blocks[0].level, blocks[0].text) == (
        HEADING,
        2,
        "Attachment: SampleAttachment.pdf",
    )
    assert [b.text for b in blocks[1:3]] == ["BOOK ONE: 1805", "CHAPTER I"]
    assert all(b.meta["message_index"] == 1 for b in blocks)
    # the attached PDF's own pages: the mail has none of its own
    second = next(b for b in blocks if b.text.startswith("“Don’t tease! Well"))
    assert second.page == 2 and "“Don’t tease! Well" in pages[1]
    chunks = [c.metadata for c in chunk_document(doc, "structural") if c.metadata.get("page_number")]
    assert {m["attachment"] for m in chunks} == {"SampleAttachment.pdf"}
    assert {m["message_index"] for m in chunks} == {1}
    assert max(m.get("page_end", m["page_number"]) for m in chunks) == len(pages) == 4
    _all_modes_work(doc)


def test_the_pdf_of_a_signed_outlook_message_is_read_and_its_signature_still_listed(real_world):
    path = MSG / "bbottema__outlook-message-parser__S_MIME test message signed.msg"
    name = "03-07-2005 errata SharnErrata.pdf"
    (page,) = _pdf_text(_attachment_bytes(path, name))
    assert "Page 158: Potion Bracer" in page
    doc = extract(path)
    assert doc.coverage.attachments_indexed == (name,)
    assert [(s.name, s.on_purpose) for s in doc.coverage.skipped] == [("smime.p7s", True)]
    assert doc.coverage.notes == ("signed message: the signature was not verified",)
    headings = [(b.level, b.text) for b in _under(doc, name) if b.kind == HEADING]
    # the PDF's headings sit below its Attachment heading, itself below the message's subject
    assert headings[:3] == [
        (2, f"Attachment: {name}"),
        (3, "Sharn: City of Towers Errata"),
        (4, "Page 158: Potion Bracer"),
    ]


def test_the_workbook_attached_to_an_outlook_message_is_read_as_tables(real_world):
    import openpyxl

    path = MSG / "hrbrmstr__msgxtractr__TestMessage-ansi.msg"
    book = openpyxl.load_workbook(io.BytesIO(_attachment_bytes(path, "TestAttachment1.xlsx")))
    sheet = book.worksheets[0]
    first, second = ([c.value for c in row] for row in sheet.iter_rows(min_row=1, max_row=2))
    doc = extract(path)
    assert doc.family == "document"
    assert doc.coverage.attachments_indexed == ("TestAttachment1.xlsx",) and doc.coverage.skipped == ()
    heading, title, table = _under(doc, "TestAttachment1.xlsx")
    assert (heading.level, heading.text) == (2, "Attachment: TestAttachment1.xlsx")
    assert (title.kind, title.level, title.text) == (HEADING, 3, sheet.title)
    assert table.kind == TABLE and list(table.header) == first
    assert table.rows[0][:2] == tuple(second[:2]) == ("0x3007", "PtypTime (0x0040)")
    assert table.meta["sheet_name"] == sheet.title
    row = next(c for c in chunk_document(doc, "structural") if c.content_type == "table")
    assert row.metadata["sheet_name"] == sheet.title and row.metadata["attachment"] == "TestAttachment1.xlsx"
    _all_modes_work(doc)


def test_a_cut_pdf_attachment_is_one_parse_error_and_the_mail_is_read(real_world):
    # test.pdf is base64 cut in its fifth object (a last group of one letter, then ">"): what
    # decodes is a PDF header and a page tree with no content
    doc = extract(REAL_WORLD / "eml" / "kreuzberg" / "mailgun_pdf_attachment.eml")
    assert [b.text for b in doc.blocks][2] == "Test - body content"
    (skipped,) = doc.coverage.skipped
    assert skipped.name == "test.pdf" and skipped.reason.startswith(f"{PARSE_ERROR}: test.pdf: ")
    assert "no %PDF header" not in skipped.reason  # the whole groups before the cut are decoded
    assert doc.coverage.attachments_indexed == ()


# -- built messages -----------------------------------------------------------------------------


def _png() -> bytes:
    return png((40, 30), (20, 120, 60))


def _docx() -> bytes:
    return docx_file(
        heading="Site survey",
        paragraph="The north wall is sound; the roof needs new slates.",
        table=[("Wall", "State"), ("north", "sound")],
        pictures=[_png()],
    )


def _xlsx() -> bytes:
    return xlsx_file(
        {
            "Costs": [["Item", "Cost"], ["Slates", 420], ["Gutter", 95]],
            "Dates": [["Task", "Day"], ["Roof", "Monday"]],
        }
    )


def _mail(
    *attachments: tuple[bytes, str, str], subject: str = "Survey", body: str = "See attached."
) -> bytes:
    return mail(*attachments, subject=subject, body=body)


def test_a_word_file_and_a_workbook_attached_to_an_eml_are_read():
    data = _mail((_docx(), DOCX, "survey.docx"), (_xlsx(), XLSX, "costs.xlsx"))
    doc = extract(data, filename="survey.eml")
    assert doc.coverage.attachments_indexed == ("survey.docx", "costs.xlsx")
    assert doc.metadata["attachment_count"] == 2 and not doc.coverage.has_warning
    word = _under(doc, "survey.docx")
    assert [(b.kind, b.level, b.text) for b in word if b.kind != IMAGE] == [
        (HEADING, 2, "Attachment: survey.docx"),
        (HEADING, 3, "Site survey"),
        ("paragraph", 0, "The north wall is sound; the roof needs new slates."),
        (TABLE, 0, "| Wall | State |\n| --- | --- |\n| north | sound |"),
    ]
    # the Word file's picture: renamed so that no name of the mail's own can clash, listed
    (picture,) = [b for b in word if b.kind == IMAGE]
    (image,) = doc.images
    assert picture.images == (image.name,) and image.name.startswith("attachment1_")
    assert (image.width, image.height, image.meta["attachment"]) == (40, 30, "survey.docx")
    book = _under(doc, "costs.xlsx")
    assert [(b.kind, b.level, b.text) for b in book] == [
        (HEADING, 2, "Attachment: costs.xlsx"),
        (HEADING, 3, "Costs"),
        (TABLE, 0, "| Item | Cost |\n| --- | --- |\n| Slates | 420 |\n| Gutter | 95 |"),
        (HEADING, 3, "Dates"),
        (TABLE, 0, "| Task | Day |\n| --- | --- |\n| Roof | Monday |"),
    ]
    assert [b.meta.get("sheet_name") for b in book] == [None, "Costs", "Costs", "Dates", "Dates"]
    assert all(b.meta["message_index"] == 1 and b.meta["message_subject"] == "Survey" for b in book)
    _all_modes_work(doc)


def test_a_hidden_sheet_of_an_attached_workbook_has_its_heading_say_so():
    import openpyxl

    book = openpyxl.Workbook()
    book.active.title = "Costs"
    book.active.append(["Item", "Cost"])
    book.active.append(["Slates", 420])
    rates = book.create_sheet("Rates")
    rates.append(["Trade", "Rate"])
    rates.append(["Roofer", 38])
    rates.sheet_state = "hidden"
    buf = io.BytesIO()
    book.save(buf)
    doc = extract(_mail((buf.getvalue(), XLSX, "costs.xlsx")), filename="survey.eml")
    headings = [b for b in _under(doc, "costs.xlsx") if b.kind == HEADING]
    assert [(b.text, b.meta.get("hidden")) for b in headings] == [
        ("Attachment: costs.xlsx", None),
        ("Costs", False),
        ("Rates", True),
    ]
    text = render_markdown(doc)
    assert "\n### Costs\n" in text and "\n### Rates (hidden)\n" in text
    (chunk,) = [c for c in chunk_document(doc) if c.content == "Rates"]
    assert chunk.metadata["hidden"] is True


def test_a_csv_attachment_is_a_table():
    doc = extract(_mail((b"wall,state\nnorth,sound\n", "text/csv", "tally.csv")), filename="m.eml")
    heading, table = _under(doc, "tally.csv")
    assert (table.kind, table.header, table.rows) == (TABLE, ("wall", "state"), (("north", "sound"),))
    _all_modes_work(doc)


def test_a_corrupt_pdf_attachment_is_one_parse_error():
    cut = b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Ty"
    doc = extract(_mail((cut, "application/pdf", "minutes.pdf")), filename="m.eml")
    assert [b.text for b in doc.blocks][2] == "See attached."
    (skipped,) = doc.coverage.skipped
    assert skipped.name == "minutes.pdf" and skipped.reason.startswith(f"{PARSE_ERROR}: minutes.pdf: ")
    assert doc.coverage.has_warning and not _under(doc, "minutes.pdf")


def test_an_encrypted_pdf_attachment_is_one_encrypted_entry(real_world):
    locked = (REAL_WORLD / "pdf" / "pdfplumber" / "password-example.pdf").read_bytes()
    doc = extract(_mail((locked, "application/pdf", "locked.pdf")), filename="m.eml")
    (skipped,) = doc.coverage.skipped
    assert skipped.name == "locked.pdf" and skipped.reason.startswith(f"{ENCRYPTED}: locked.pdf: ")
    # the holder's password opens the holder only
    doc = extract(
        _mail((locked, "application/pdf", "locked.pdf")), filename="m.eml", options={"pdf_password": "x"}
    )
    assert doc.coverage.skipped[0].reason.startswith(f"{ENCRYPTED}: ")


def test_an_unsupported_attachment_stays_listed_as_before():
    doc = extract(_mail((b"\x00\x01binary\x02", "application/octet-stream", "blob.bin")), filename="m.eml")
    (skipped,) = doc.coverage.skipped
    assert (skipped.name, skipped.reason) == (
        "blob.bin",
        "application/octet-stream attachments are not indexed",
    )


def test_an_armoured_pgp_message_is_not_read_as_text():
    armour = b"-----BEGIN PGP MESSAGE-----\n\nhQEMA3xKq0bq4ZbmAQf+Kx2W\n-----END PGP MESSAGE-----\n"
    doc = extract(_mail((armour, "application/octet-stream", "encrypted.asc")), filename="m.eml")
    assert "BEGIN PGP" not in doc.text and doc.coverage.attachments_indexed == ()
    (skipped,) = doc.coverage.skipped
    assert (skipped.name, skipped.reason) == (
        "encrypted.asc",
        "application/octet-stream attachments are not indexed",
    )


def test_mails_attached_past_the_depth_bound_are_listed():
    # each mail holds the previous one as a file (not as a message/rfc822 part)
    data = _mail(subject="Level 4", body="The deepest text.")
    for level in (3, 2, 1, 0):
        data = _mail((data, "application/octet-stream", f"level{level + 1}.eml"), subject=f"Level {level}")
    doc = extract(data, filename="top.eml")
    texts = [b.text for b in doc.blocks]
    assert "Level 3" in texts and "The deepest text." not in texts
    assert doc.coverage.attachments_indexed == (
        "level1.eml",
        "level1.eml/level2.eml",
        "level1.eml/level2.eml/level3.eml",
    )
    (skipped,) = doc.coverage.skipped
    assert skipped.name == "level1.eml: level2.eml: level3.eml: level4.eml"
    assert skipped.reason.startswith(f"{DOCUMENT_LIMIT}: level4.eml: attached {MAX_DEPTH + 1} levels deep")
    deepest = next(b for b in doc.blocks if b.text == "Level 3")
    assert deepest.meta["attachment"] == "level1.eml/level2.eml/level3.eml" and deepest.level == 6


def test_an_attachment_past_the_holders_time_is_listed():
    data = _mail((_xlsx(), XLSX, "costs.xlsx"))
    from indexer.api import extract_bytes

    doc = extract_bytes(data, "m.eml", ExtractContext(filename="m.eml", deadline=time.monotonic() - 1))
    (skipped,) = doc.coverage.skipped
    assert skipped.reason == (
        f"{DOCUMENT_LIMIT}: costs.xlsx: the time its holder leaves to its attachments "
        "(80% of its 120-second limit) ran out"
    )
    assert [b.text for b in doc.blocks][2] == "See attached."


def test_an_attachment_over_the_holders_text_limit_is_listed_not_the_holder_failed():
    big = ("A line of the attached notes. " * 40 + "\n\n") * 20
    data = _mail((big.encode(), "application/octet-stream", "notes.md"))
    doc = extract(data, filename="m.eml", limits=Limits(max_text_chars=len(big) - 100))
    (skipped,) = doc.coverage.skipped
    assert skipped.name == "notes.md" and skipped.reason.startswith(f"{DOCUMENT_LIMIT}: notes.md: ")


NOTES = "A line of the attached notes. " * 40  # 1,200 characters, one paragraph


def test_the_holders_own_text_is_reserved_before_its_attachment_is_read():
    # the notes alone are under the limit; with the mail's heading, header and body they are not
    data = _mail((NOTES.encode(), "application/octet-stream", "notes.md"))
    limit = len(NOTES.strip()) + 50
    doc = extract(data, filename="m.eml", limits=Limits(max_text_chars=limit))
    assert [b.text for b in doc.blocks][0] == "Survey" and "See attached." in doc.text
    assert NOTES.strip() not in doc.text and len(doc.text) <= limit
    (skipped,) = doc.coverage.skipped
    assert skipped.name == "notes.md" and skipped.reason.startswith(f"{DOCUMENT_LIMIT}: notes.md: ")
    assert f"of its holder's {limit:,}-character limit left after the holder's own text" in skipped.reason
    assert doc.coverage.attachments_indexed == ()


def test_a_messages_own_blocks_are_made_once_for_the_room_they_leave_and_for_their_place(monkeypatch):
    from indexer.formats import email

    tidied = []
    tidy = email.tidy_image_alt

    def counted(block):
        tidied.append(block.text)
        return tidy(block)

    monkeypatch.setattr(email, "tidy_image_alt", counted)
    data = _mail(
        (b"Budget approved on Monday.", "application/octet-stream", "budget.md"), body="See attached.\n\nAna"
    )
    doc = extract(data, filename="m.eml")
    # each body block looked at once, before the attachment is read, not again to place it
    assert tidied == ["See attached.", "Ana"]
    assert [b.text for b in doc.blocks][2:] == [
        "See attached.",
        "Ana",
        "Attachment: budget.md",
        "Budget approved on Monday.",
    ]


def test_an_attachments_bytes_are_decoded_once(monkeypatch):
    from indexer.formats import email

    decoded = []
    payload = email._payload

    def counted(part):
        decoded.append(part.get_filename())
        return payload(part)

    monkeypatch.setattr(email, "_payload", counted)
    data = _mail(
        (b"Budget approved on Monday.", "application/octet-stream", "budget.md"),
        (b"item,cost\nslates,120\n", "text/csv", "costs.csv"),
    )
    doc = extract(data, filename="m.eml")
    # once each: what its bytes tell (a calendar, an SVG, a picture) and its reading share them
    assert sorted(name for name in decoded if name) == ["budget.md", "costs.csv"]
    assert doc.coverage.attachments_indexed == ("budget.md", "costs.csv")
    assert [b.text for b in _under(doc, "budget.md")][1:] == ["Budget approved on Monday."]


def test_the_attachment_that_no_longer_fits_is_listed_and_those_before_it_read():
    data = _mail(
        (b"Budget approved on Monday.", "application/octet-stream", "budget.md"),
        (NOTES.encode(), "application/octet-stream", "notes.md"),
    )
    limit = len(NOTES.strip()) + 50
    doc = extract(data, filename="m.eml", limits=Limits(max_text_chars=limit))
    assert doc.coverage.attachments_indexed == ("budget.md",)
    assert [b.text for b in _under(doc, "budget.md")] == [
        "Attachment: budget.md",
        "Budget approved on Monday.",
    ]
    (skipped,) = doc.coverage.skipped
    assert skipped.name == "notes.md"
    assert "after the holder's own text and the attachments before it" in skipped.reason
    assert len(doc.text) <= limit


def test_the_messages_after_an_attachment_in_a_mailbox_are_reserved_before_it():
    # message 1's notes fit with message 1, not with message 2's body that comes after them
    first = _mail((NOTES.encode(), "application/octet-stream", "notes.md"), subject="First")
    body = "The second message says more. " * 30
    second = _mail(subject="Second", body=body)
    data = b"From ana@example.org Mon Jan  1 00:00:00 2024\n" + first + b"\n"
    data += b"From ana@example.org Mon Jan  1 00:00:00 2024\n" + second + b"\n"
    limit = len(NOTES.strip()) + len(body.strip()) // 2
    doc = extract(data, filename="box.mbox", limits=Limits(max_text_chars=limit))
    assert doc.coverage.messages_total == 2 and body.strip() in doc.text and len(doc.text) <= limit
    (skipped,) = doc.coverage.skipped
    assert skipped.name == "notes.md" and skipped.reason.startswith(f"{DOCUMENT_LIMIT}: notes.md: ")


def _msg(*attachments: tuple[bytes, str, str]) -> bytes:
    return outlook_message(
        "Survey", "See attached.", [(name, data, ctype) for data, ctype, name in attachments]
    )


@pytest.mark.parametrize("build, filename", [(_mail, "m.eml"), (_msg, "m.msg")])
@pytest.mark.parametrize("ctype, name", [("text/plain", "notes.txt"), ("application/xml", "notes.xml")])
def test_a_text_attachment_over_the_holders_text_limit_is_listed_not_the_holder_failed(
    build, filename, ctype, name
):
    # read as the message's text is (not with its own extractor), it failed the whole message
    # ("m.eml: 1,355 characters of text, over the 1,249 limit"); the one before it still fits
    data = build((b"Budget approved on Monday.", ctype, f"budget{name[5:]}"), (NOTES.encode(), ctype, name))
    limit = len(NOTES.strip()) + 50
    doc = extract(data, filename=filename, limits=Limits(max_text_chars=limit))
    assert "See attached." in doc.text and "Budget approved on Monday." in doc.text
    assert NOTES.strip() not in doc.text and len(doc.text) <= limit
    assert doc.coverage.attachments_indexed == (f"budget{name[5:]}",)
    (skipped,) = doc.coverage.skipped
    assert skipped.name == name and skipped.reason.startswith(f"{DOCUMENT_LIMIT}: {name}: its ")
    assert "after the holder's own text and the attachments before it" in skipped.reason
    # with room for it, it is read in its place, after the other
    doc = extract(data, filename=filename, limits=Limits(max_text_chars=limit * 2))
    assert doc.coverage.attachments_indexed == (f"budget{name[5:]}", name) and doc.coverage.skipped == ()
    assert [b.text for b in doc.blocks][-2:] == [f"Attachment: {name}", NOTES.strip()]


def test_the_outlook_messages_own_text_is_reserved_before_its_pdf(real_world):
    path = MSG / "Sicos1977__MSGReader__RtfSampleEmailWithAttachment.msg"
    full = extract(path)
    own = len(full.text) - len("\n\n".join(b.text for b in _under(full, "SampleAttachment.pdf")))
    # the attached PDF's text alone is under the limit, not with the message's own
    limit = len(full.text) - own // 2
    doc = extract(path, limits=Limits(max_text_chars=limit))
    assert doc.coverage.attachments_indexed == () and len(doc.text) <= limit
    assert _under(doc, "SampleAttachment.pdf") == [] and len(doc.text) == own - 2
    (skipped,) = doc.coverage.skipped
    assert skipped.name == "SampleAttachment.pdf" and skipped.reason.startswith(f"{DOCUMENT_LIMIT}: ")


# -- files a PDF holds ----------------------------------------------------------------------------


def _pdf_with(files: dict[str, bytes], on_page: dict[str, bytes] | None = None) -> bytes:
    """A one-page PDF with ``files`` embedded and ``on_page`` attached to its page by file
    attachment annotations."""
    import ctypes

    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    pdf = pdfium.PdfDocument.new()
    page = pdf.new_page(612, 792)
    text = pdfium_c.FPDFPageObj_NewTextObj(pdf.raw, b"Helvetica", ctypes.c_float(12))
    words = ("The holder page.\0").encode("utf-16-le")
    pdfium_c.FPDFText_SetText(text, ctypes.cast(ctypes.c_char_p(words), ctypes.POINTER(pdfium_c.FPDF_WCHAR)))
    pdfium_c.FPDFPageObj_Transform(text, 1, 0, 0, 1, 72, 700)
    pdfium_c.FPDFPage_InsertObject(page.raw, text)
    pdfium_c.FPDFPage_GenerateContent(page.raw)
    for name, data in (on_page or {}).items():
        annot = pdfium_c.FPDFPage_CreateAnnot(page.raw, pdfium_c.FPDF_ANNOT_FILEATTACHMENT)
        pdfium_c.FPDFAnnot_SetRect(annot, pdfium_c.FS_RECTF(72, 650, 90, 668))
        wide = (name + "\0").encode("utf-16-le")
        handle = pdfium_c.FPDFAnnot_AddFileAttachment(
            annot, ctypes.cast(ctypes.c_char_p(wide), ctypes.POINTER(pdfium_c.FPDF_WCHAR))
        )
        assert handle and pdfium_c.FPDFAttachment_SetFile(handle, pdf.raw, data, len(data))
        pdfium_c.FPDFPage_CloseAnnot(annot)
    for name, data in files.items():
        pdf.new_attachment(name).set_data(data)
    page.close()
    out = io.BytesIO()
    pdf.save(out)
    return out.getvalue()


def test_a_text_file_and_a_mail_embedded_in_a_pdf_are_read():
    mail = _mail(subject="Minutes", body="Agreed: new slates by May.")
    data = _pdf_with({"notes.txt": b"Budget approved on Monday.\n", "minutes.eml": mail})
    doc = extract(data, filename="holder.pdf")
    assert doc.blocks[0].text == "The holder page."
    assert sorted(doc.coverage.attachments_indexed) == ["minutes.eml", "notes.txt"]  # pdfium's order
    notes = _under(doc, "notes.txt")
    assert [(b.level, b.text, b.page) for b in notes] == [
        (1, "Attachment: notes.txt", None),
        (0, "Budget approved on Monday.", None),
    ]
    minutes = [b.text for b in _under(doc, "minutes.eml")]
    assert minutes[:2] == ["Attachment: minutes.eml", "Minutes"] and "Agreed: new slates by May." in minutes
    _all_modes_work(doc)


def test_a_file_attached_to_a_page_and_embedded_is_read_once_on_its_page():
    data = _pdf_with({"notes.txt": b"Budget approved."}, on_page={"notes.txt": b"Budget approved."})
    doc = extract(data, filename="holder.pdf")
    assert doc.coverage.attachments_indexed == ("notes.txt",)
    assert [(b.text, b.page) for b in _under(doc, "notes.txt")] == [
        ("Attachment: notes.txt", 1),
        ("Budget approved.", 1),
    ]
    assert [s for s in doc.coverage.skipped if s.what == "attachment"] == []


def test_the_pdfs_own_text_is_reserved_before_the_file_it_holds():
    notes = "Budget approved on Monday. " * 20
    data = _pdf_with({"notes.txt": notes.encode()})
    limit = len(notes.strip()) + 5  # the notes alone fit; with "The holder page." they do not
    doc = extract(data, filename="holder.pdf", limits=Limits(max_text_chars=limit))
    assert doc.text == "The holder page."
    (skipped,) = doc.coverage.skipped
    assert skipped.name == "notes.txt" and skipped.reason.startswith(f"{DOCUMENT_LIMIT}: notes.txt: ")
    assert f"of its holder's {limit:,}-character limit" in skipped.reason


def test_the_files_a_pdf_read_by_pdfminer_holds_are_read():
    data = _pdf_with({"notes.txt": b"Budget approved on Monday.\n"}, on_page={"memo.txt": b"Memo on page.\n"})
    # a catalog without its page tree: pdfium refuses the file, pdfminer finds the page by its type
    broken, n = re.subn(rb"/Pages \d+ 0 R", b"", data)
    assert n == 1
    doc = extract(broken, filename="holder.pdf")
    assert any("read by pdfminer" in w for w in doc.coverage.warnings)
    assert doc.coverage.attachments_indexed == ("memo.txt", "notes.txt")
    assert [(b.text, b.page) for b in doc.blocks] == [
        ("The holder page.", 1),
        ("Attachment: memo.txt", 1),
        ("Memo on page.", 1),
        ("Attachment: notes.txt", None),
        ("Budget approved on Monday.", None),
    ]
    assert doc.coverage.skipped == ()
    _all_modes_work(doc)


def test_a_pdf_attached_to_a_pdf_keeps_its_own_pages_apart():
    inner = _pdf_with({})
    doc = extract(_pdf_with({"inner.pdf": inner}), filename="holder.pdf")
    (heading, text) = _under(doc, "inner.pdf")
    assert (text.text, text.page, text.meta["attachment_page"]) == ("The holder page.", None, 1)
    chunk = next(
        c
        for c in chunk_document(doc, "structural")
        if c.content == "The holder page." and c.metadata.get("attachment")
    )
    assert chunk.metadata["attachment_page"] == 1 and "page_number" not in chunk.metadata


def _real_picture() -> tuple[str, bytes]:
    """The picture the real ``with-attachment.pdf`` holds: its name and bytes as pdfium gives them."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(REAL_WORLD / "pdf" / "py-pdf-samples" / "with-attachment.pdf")
    try:
        attachment = pdf.get_attachment(0)
        return attachment.get_name(), bytes(attachment.get_data())
    finally:
        pdf.close()


@pytest.mark.parametrize("mode", ["structural", "page_aware", "section"])
def test_the_real_pdf_with_an_embedded_picture_keeps_it_as_an_image(real_world, mode):
    name, png = _real_picture()
    assert name == "image.png" and png.startswith(b"\x89PNG") and len(png) == 6669
    doc = extract(REAL_WORLD / "pdf" / "py-pdf-samples" / "with-attachment.pdf")
    assert doc.coverage.skipped == () and doc.coverage.attachments_indexed == ("image.png",)
    assert [(b.kind, b.level, b.text, b.images, b.page) for b in _under(doc, "image.png")] == [
        (HEADING, 1, "Attachment: image.png", (), None),
        (IMAGE, 0, "[Image: image.png]", ("attachment1_image.png",), None),
    ]
    (image,) = doc.images
    assert (image.name, image.format, image.data, image.width, image.height) == (
        "attachment1_image.png",
        "png",
        png,
        320,  # the IHDR of the file: 320 x 223
        223,
    )
    assert chunk_document(doc, mode)


def test_a_picture_attached_to_a_mail_as_octet_stream_is_an_image_of_the_message(real_world):
    # presented as the same picture sent as image/png is (and as an Outlook message presents a
    # picture attached under any type): its own name, no heading, not an attached file read
    _, png = _real_picture()
    table = (b"x,y\n1,2\n", "text/csv", "t.csv")
    doc = extract(_mail((png, "application/octet-stream", "photo"), table), filename="m.eml")
    as_image = extract(_mail((png, "image/png", "photo"), table), filename="m.eml")
    assert doc.coverage.skipped == ()
    assert doc.coverage.attachments_indexed == ("t.csv",)
    assert "Attachment: photo" not in [b.text for b in doc.blocks] and _under(doc, "photo") == []
    (block,) = [b for b in doc.blocks if b.kind == IMAGE]
    assert (block.text, block.images, block.meta["message_index"]) == ("[Image: photo]", ("photo",), 1)
    (image,) = doc.images
    assert (image.name, image.data, dict(image.meta)) == ("photo", png, {"message_index": 1})
    assert [(b.kind, b.text, b.images, dict(b.meta)) for b in doc.blocks] == [
        (b.kind, b.text, b.images, dict(b.meta)) for b in as_image.blocks
    ]
    assert [(im.name, im.data, dict(im.meta)) for im in doc.images] == [
        (im.name, im.data, dict(im.meta)) for im in as_image.images
    ]
    assert doc.metadata["attachment_count"] == as_image.metadata["attachment_count"] == 2
    _all_modes_work(doc)


def test_a_binary_attachment_with_the_nul_pattern_of_utf16_is_not_read_as_text():
    doc = extract(_mail((b"\x00\x01bin", "application/octet-stream", "blob")), filename="m.eml")
    assert _under(doc, "blob") == [] and doc.coverage.attachments_indexed == ()
    (skipped,) = doc.coverage.skipped
    assert (skipped.name, skipped.reason) == ("blob", "application/octet-stream attachments are not indexed")


def test_an_attachments_image_never_takes_the_name_of_the_holders_own(real_world):
    # the mail's inline image keeps its sender's name, here the one the picture of the message
    # attached to it (a file read with its own extractor) would be given: each keeps its own
    # bytes under its own name
    _, png = _real_picture()
    inner = EmailMessage()
    inner["Subject"] = "Inner"
    inner.set_content("The photo.")
    inner.add_attachment(png, maintype="image", subtype="png", filename="x.png")
    msg = EmailMessage()
    msg["Subject"] = "Photos"
    msg.set_content("Two pictures.")
    msg.add_attachment(
        _png(), maintype="image", subtype="png", filename="attachment1_x.png", disposition="inline"
    )
    msg.add_attachment(inner.as_bytes(), maintype="application", subtype="octet-stream", filename="x.eml")
    doc = extract(msg.as_bytes(), filename="m.eml")
    by_name = {im.name: im.data for im in doc.images}
    assert len(by_name) == 2 and by_name["attachment1_x.png"] == _png()
    (placed,) = [b for b in _under(doc, "x.eml") if b.kind == IMAGE]
    (name,) = placed.images
    assert name != "attachment1_x.png" and by_name[name] == png
    _all_modes_work(doc)


def test_a_forwarded_message_sent_in_base64_is_read_as_a_message_with_its_attachments():
    # Python's add_attachment (like some mailers) sends a message/rfc822 part in base64
    inner = _mail((_docx(), DOCX, "inner.docx"), subject="Inner", body="The inner words.")
    data = _mail((inner, "message/rfc822", "fwd.eml"))
    assert b"Content-Type: message/rfc822\nContent-Transfer-Encoding: base64" in data
    doc = extract(data, filename="n.eml")
    texts = [b.text for b in doc.blocks]
    assert "Inner" in texts and "The inner words." in texts
    assert not any(t.startswith("RnJvbTog") for t in texts)  # "From: " in base64
    assert doc.coverage.messages_total == 2
    assert doc.coverage.attachments_indexed == ("inner.docx",)
    survey = next(b for b in doc.blocks if b.text == "Site survey")
    assert (survey.level, survey.meta["message_index"], survey.meta["attachment"]) == (4, 2, "inner.docx")


def test_the_same_picture_in_many_attached_files_is_one_image():
    # a hundred Word files, each with the same picture: one image, named for the first of them
    data = _mail(*[(_docx(), DOCX, f"survey{i}.docx") for i in range(100)])
    doc = extract(data, filename="m.eml")
    assert len(doc.coverage.attachments_indexed) == 100
    (image,) = doc.images
    assert (
        image.name == f"attachment1_{fnv1a64(_png()):016x}.png" and image.meta["attachment"] == "survey0.docx"
    )
    pictures = [b for b in doc.blocks if b.kind == IMAGE]
    assert len(pictures) == 100 and {b.images for b in pictures} == {(image.name,)}
    assert {b.meta["attachment"] for b in pictures} == {f"survey{i}.docx" for i in range(100)}
    _all_modes_work(doc)


def test_an_attached_pdf_stops_at_the_time_its_holder_leaves_it(real_world):
    # 65 pages that take about a second to read, attached to a mail with a quarter of a second:
    # the PDF stops (or is not started) within the 80% its holder leaves it, the mail is read
    pdf = REAL_WORLD / "pdf" / "pdfplumber" / "chelsea_pdta.pdf"
    data = _mail((pdf.read_bytes(), "application/pdf", "chelsea.pdf"))
    started = time.monotonic()
    doc = extract(data, filename="m.eml", limits=Limits(timeout_seconds=0.25))
    assert time.monotonic() - started < 0.7
    (skipped,) = doc.coverage.skipped
    assert skipped.name == "chelsea.pdf" and skipped.reason.startswith(
        f"{DOCUMENT_LIMIT}: chelsea.pdf: the time"
    )
    assert doc.coverage.attachments_indexed == () and [b.text for b in doc.blocks][2] == "See attached."


def test_a_holder_leaves_its_attachments_a_share_of_its_time():
    from indexer.formats._attached import TIME_SHARE, Attacher

    before = time.monotonic()
    attacher = Attacher(ExtractContext(filename="m.eml", limits=Limits(timeout_seconds=100)))
    assert TIME_SHARE == 0.8 and before + 80 <= attacher.deadline <= time.monotonic() + 80
    # a holder that is itself attached passes on the time it was left
    nested = Attacher(ExtractContext(filename="a.eml", deadline=before + 5))
    assert nested.deadline == before + 5


def test_the_images_of_a_pdf_attached_twice_are_named_alike_with_and_without_image_data(real_world):
    # a PDF's images are named by their place and have no bytes when none will be listed: they are
    # not matched between attachments, so the blocks do not depend on image_data
    pdf = (REAL_WORLD / "pdf" / "kreuzberg" / "large.pdf").read_bytes()
    data = _mail((pdf, "application/pdf", "a.pdf"), (pdf, "application/pdf", "b.pdf"))
    with_data = extract(data, filename="m.eml")
    without = extract(data, filename="m.eml", image_data=False)
    assert with_data.blocks == without.blocks
    assert [im.name for im in with_data.images] == [im.name for im in without.images]
    assert [b.images for b in with_data.blocks if b.meta.get("attachment") == "b.pdf" and b.images][0] == (
        "attachment2_image_p1_1.png",
    )


def test_the_extractors_that_read_a_mail_and_its_attachments_are_told_in_order():
    """``ExtractContext.readers`` collects each extractor run for the file and the files it holds,
    the one that fails on an attachment too (a newer one may read it): the index records them."""
    from indexer.api import extract_bytes
    from indexer.formats import registry

    cut = b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Ty"
    inner = mail((b"a,b\n1,2\n", "text/csv", "inner.csv"), subject="Inner", body="Inner body.")
    data = mail(
        (xlsx_file({"Costs": [["Item", "Cost"], ["Slates", 420]]}), XLSX, "costs.xlsx"),
        (cut, "application/pdf", "cut.pdf"),
        (inner, "message/rfc822", "inner.eml"),
        subject="Roof costs",
        body="The costs are attached.",
    )
    readers: list[tuple[str, str]] = []
    doc = extract_bytes(data, "roof.eml", ExtractContext(filename="roof.eml", readers=readers))
    assert [s.name for s in doc.coverage.skipped if s.what == "attachment"] == ["cut.pdf"]
    extensions = {"eml": ".eml", "xlsx": ".xlsx", "pdf": ".pdf", "csv": ".csv"}
    version = {name: registry.for_extension(ext).version for name, ext in extensions.items()}
    assert [name for name, _ in readers][:1] == ["eml"]
    assert set(readers) == {(name, v) for name, v in version.items()}
    assert registry.read_by(readers) == "; ".join(
        f"{name} {version[name]}" for name in ("eml", "csv", "pdf", "xlsx")
    )
    assert registry.readers_of(registry.read_by(readers)) == [
        (name, version[name]) for name in ("eml", "csv", "pdf", "xlsx")
    ]
    assert registry.read_by([]) == "" and registry.readers_of("") == []
