"""What an extractor leaves out by its own rule (``Skipped.on_purpose``) is listed in coverage but
raises no warning; anything else it could not read does."""

from __future__ import annotations

import io
from email.message import EmailMessage

import openpyxl
import pytest

from indexer import extract_bytes
from indexer.formats import registry
from indexer.manifest import build_manifest


def manifest_of(data: bytes, filename: str) -> tuple:
    doc = extract_bytes(data, filename)
    spec = registry.for_extension("." + filename.rsplit(".", 1)[1])
    m = build_manifest(data, doc, filename=filename, spec=spec, chunk_counts={}, indexed_chars=0)
    return doc, m


def test_a_web_pages_icon_and_hidden_note_are_left_out_on_purpose():
    page = (
        b"<html><head><style>.sortkey{display:none}</style></head><body><h1>Stations</h1>"
        b"<p><img src='flag.png' width='22' height='15'> Tide readings of the northern stations"
        b"<span class='sortkey'>0042</span>.</p></body></html>"
    )
    doc, m = manifest_of(page, "stations.html")
    assert "0042" not in doc.text and "Tide readings of the northern stations." in doc.text
    assert [(s.what, s.on_purpose) for s in doc.coverage.skipped] == [("image", True), ("hidden", True)]
    assert doc.coverage.has_warning is False
    assert m["has_warning"] is False and m["warnings"] == []
    # the manifest still lists them, marked
    assert m["coverage"]["skipped"] == [
        {"what": "image", "name": "flag.png", "reason": "icon (22×15)", "on_purpose": True},
        {
            "what": "hidden",
            "name": "1 element",
            "reason": doc.coverage.skipped[1].reason,
            "on_purpose": True,
        },
    ]


def test_an_attachment_not_read_is_a_loss_and_an_empty_one_is_not():
    mail = EmailMessage()
    mail["From"], mail["To"], mail["Subject"] = "a@example.org", "b@example.org", "Invoice"
    mail.set_content("The invoice is attached.")
    mail.add_attachment("   \n", subtype="plain", filename="blank.txt")
    mail.add_attachment(b"%PDF-1.4 not read", maintype="application", subtype="pdf", filename="invoice.pdf")
    doc, m = manifest_of(mail.as_bytes(), "order.eml")
    assert [(s.name, s.on_purpose) for s in doc.coverage.skipped] == [
        ("blank.txt", True),
        ("invoice.pdf", False),
    ]
    assert doc.coverage.has_warning is True
    # the warning counts the loss only
    assert m["warnings"] == ["1 item(s) skipped"]
    assert "on_purpose" not in m["coverage"]["skipped"][1]


def test_an_empty_sheet_is_left_out_on_purpose():
    book = openpyxl.Workbook()
    book.active.title = "Readings"
    book.active.append(["station", "level"])
    book.active.append(["North", 3.2])
    book.create_sheet("Unused")
    out = io.BytesIO()
    book.save(out)
    doc, m = manifest_of(out.getvalue(), "levels.xlsx")
    (skipped,) = doc.coverage.skipped
    assert (skipped.what, skipped.name, skipped.reason, skipped.on_purpose) == (
        "sheet",
        "Unused",
        "empty: no cells",
        True,
    )
    assert m["has_warning"] is False and m["warnings"] == []


def test_a_sheet_of_formulas_saved_without_results_is_a_loss():
    # openpyxl saves a formula with no result: Excel shows 6.4 and 3.2 in "Totals", the readers
    # see no cell there; that sheet is not empty but unread, while "Unused" is empty
    book = openpyxl.Workbook()
    book.active.title = "Readings"
    book.active.append(["station", "level"])
    book.active.append(["North", 3.2])
    totals = book.create_sheet("Totals")
    totals["A1"] = "=Readings!B2*2"
    totals["B1"] = "=SUM(Readings!B2:B9)"
    book.create_sheet("Unused")
    out = io.BytesIO()
    book.save(out)
    doc, m = manifest_of(out.getvalue(), "levels.xlsx")
    assert [(s.name, s.reason, s.on_purpose) for s in doc.coverage.skipped] == [
        ("Totals", "formulas without saved results: not read", False),
        ("Unused", "empty: no cells", True),
    ]
    assert doc.coverage.has_warning is True
    assert m["warnings"] == ["1 item(s) skipped"]


def test_review_comments_are_left_out_on_purpose():
    from docx import Document as WordDocument

    word = WordDocument()
    first = word.add_paragraph("The pump moves water uphill.")
    word.add_comment(first.runs, text="Check this figure", author="Ann")
    out = io.BytesIO()
    word.save(out)
    doc, m = manifest_of(out.getvalue(), "reviewed.docx")
    (skipped,) = doc.coverage.skipped
    assert skipped.what == "comments" and skipped.on_purpose is True
    assert m["has_warning"] is False


@pytest.mark.usefixtures("real_world")
def test_a_pdfs_annotation_comments_are_left_out_on_purpose(real_world):
    data = (real_world / "pdf/py-pdf-samples/annotated_pdf.pdf").read_bytes()
    doc, m = manifest_of(data, "annotated_pdf.pdf")
    assert [(s.what, s.on_purpose) for s in doc.coverage.skipped] == [("comments", True)]
    assert doc.coverage.skipped[0].reason.startswith("3 annotation comments not extracted")
    assert m["has_warning"] is False


def test_the_mark_survives_the_store(tmp_path):
    from storage.serial import array_document_json, document_from_array_json

    mail = EmailMessage()
    mail["From"], mail["To"], mail["Subject"] = "a@example.org", "b@example.org", "Notes"
    mail.set_content("See the notes.")
    mail.add_attachment("   \n", subtype="plain", filename="blank.txt")
    mail.add_attachment(b"%PDF-1.4 not read", maintype="application", subtype="pdf", filename="notes.pdf")
    doc = extract_bytes(mail.as_bytes(), "notes.eml")
    back = document_from_array_json(array_document_json(doc), {})
    assert back.coverage.skipped == doc.coverage.skipped
    assert [s.on_purpose for s in back.coverage.skipped] == [True, False]


def test_a_signed_message_is_read_whole_its_signature_no_loss():
    data = (
        b"From: a@example.org\nTo: b@example.org\nSubject: Rota\nMIME-Version: 1.0\n"
        b'Content-Type: multipart/signed; protocol="application/pkcs7-signature"; boundary="b"\n\n'
        b"--b\nContent-Type: text/plain\n\nThe rota is attached.\n"
        b'--b\nContent-Type: application/pkcs7-signature; name="smime.p7s"\n'
        b"Content-Transfer-Encoding: base64\n\nMIAGCSqGSIb3DQEHAqCAMIACAQEx\n--b--\n"
    )
    doc, m = manifest_of(data, "rota.eml")
    assert "The rota is attached." in doc.text
    # the signature part is listed, on purpose; that it was not checked is a note, not a warning
    assert [(s.name, s.on_purpose) for s in doc.coverage.skipped] == [("smime.p7s", True)]
    assert doc.coverage.notes == ("signed message: the signature was not verified",)
    assert doc.coverage.warnings == () and m["has_warning"] is False and m["warnings"] == []
    assert m["coverage"]["notes"] == ["signed message: the signature was not verified"]
