"""Word, Excel and PowerPoint files saved with a password: built here, encrypted with
msoffcrypto-tool (ECMA-376 agile encryption, what Office 2010 and later write), and read with the
``password`` option as the same blocks and chunks as the file saved without one."""

from __future__ import annotations

import io

import olefile
import pytest
from msoffcrypto.format.ooxml import OOXMLFile

from indexer import extract, get_chunks
from indexer.errors import ENCRYPTED, PARSE_ERROR, ChunkscopeError
from tests._builders import XLSX_TYPE, docx_file, mail, pptx_file, xlsx_file
from tests.conftest import SAMPLE_CORPUS

PASSWORD = "tide pool 7"


def _docx() -> bytes:
    return docx_file(
        heading="Harbour survey",
        paragraph="The east quay needs new fenders before the winter storms.",
        table=[("Berth", "State"), ("east", "worn")],
    )


def _xlsx() -> bytes:
    return xlsx_file({"Repairs": [["Item", "Cost"], ["Fenders", 1250], ["Bollard", 380]]})


def _pptx() -> bytes:
    return pptx_file("Quay repairs", "Fenders first, then the bollards.")


BUILDERS = {"docx": _docx, "xlsx": _xlsx, "pptx": _pptx}


def encrypt(data: bytes, password: str) -> bytes:
    out = io.BytesIO()
    OOXMLFile(io.BytesIO(data)).encrypt(password, out)
    return out.getvalue()


@pytest.fixture(scope="module")
def plain() -> dict[str, bytes]:
    return {ext: build() for ext, build in BUILDERS.items()}


@pytest.fixture(scope="module")
def locked(plain) -> dict[str, bytes]:
    return {ext: encrypt(data, PASSWORD) for ext, data in plain.items()}


def _error(data: bytes, name: str, **options) -> ChunkscopeError:
    with pytest.raises(ChunkscopeError) as info:
        extract(data, filename=name, options=options)
    return info.value


@pytest.mark.parametrize("ext", BUILDERS)
def test_the_password_gives_the_chunks_of_the_file_saved_without_one(ext, plain, locked):
    name = f"repairs.{ext}"
    assert locked[ext][:4] == b"\xd0\xcf\x11\xe0"  # an OLE compound file, not a zip
    opened = extract(locked[ext], filename=name, options={"password": PASSWORD})
    assert opened.blocks and opened.blocks == extract(plain[ext], filename=name).blocks
    for images in (False, True):
        with_password = get_chunks(
            locked[ext], filename=name, list_images=images, options={"password": PASSWORD}
        )
        assert with_password == get_chunks(plain[ext], filename=name, list_images=images)


@pytest.mark.parametrize("ext", BUILDERS)
def test_without_the_password_the_file_is_encrypted_and_says_a_password_is_needed(ext, locked):
    exc = _error(locked[ext], f"repairs.{ext}")
    assert exc.code == ENCRYPTED
    assert exc.message == f"repairs.{ext}: the file is password-protected; give its password with --password"


@pytest.mark.parametrize("ext", BUILDERS)
def test_a_wrong_password_is_said_to_not_open_the_file(ext, locked):
    exc = _error(locked[ext], f"repairs.{ext}", password="tide pool 8")
    assert exc.code == ENCRYPTED
    assert exc.message == f"repairs.{ext}: the password given does not open this file"


def test_a_workbook_encrypted_with_excel_s_default_password_opens_without_one(plain):
    data = encrypt(plain["xlsx"], "VelvetSweatshop")
    chunks = get_chunks(plain["xlsx"], filename="repairs.xlsx")
    assert get_chunks(data, filename="repairs.xlsx") == chunks
    # a password given for other files does not stop it opening
    assert get_chunks(data, filename="repairs.xlsx", options={"password": PASSWORD}) == chunks


def test_excel_s_default_password_is_tried_on_workbooks_only(plain):
    data = encrypt(plain["docx"], "VelvetSweatshop")
    assert _error(data, "repairs.docx").code == ENCRYPTED
    assert extract(data, filename="repairs.docx", options={"password": "VelvetSweatshop"}).blocks


def test_an_xlsm_name_and_the_extension_s_case_change_nothing(plain, locked):
    doc = extract(locked["xlsx"], filename="REPAIRS.XLSM", options={"password": PASSWORD})
    assert doc.blocks == extract(plain["xlsx"], filename="REPAIRS.XLSM").blocks


def _rewritten(tmp_path, data: bytes, stream: str, change) -> bytes:
    """``data`` with ``stream`` replaced by ``change(stream bytes)`` (of the same size)."""
    path = tmp_path / "rewritten.bin"
    path.write_bytes(data)
    with olefile.OleFileIO(str(path), write_mode=True) as ole:
        old = ole.openstream(stream).read()
        new = change(old)
        assert len(new) == len(old)
        ole.write_stream(stream, new)
    return path.read_bytes()


def test_an_encryption_not_read_here_is_named(tmp_path, locked):
    # version 3.3 of EncryptionInfo is ECMA-376's extensible encryption (a third-party provider)
    data = _rewritten(tmp_path, locked["docx"], "EncryptionInfo", lambda b: b"\x03\x00\x03\x00" + b[4:])
    exc = _error(data, "repairs.docx", password=PASSWORD)
    assert exc.code == ENCRYPTED
    assert exc.message.startswith("repairs.docx: the file is encrypted in a way that cannot be read (")
    assert "Extensible" in exc.message


def test_a_damaged_encrypted_package_is_a_parse_error_never_part_of_a_document(tmp_path, locked):
    # the password checks (EncryptionInfo is whole), the package does not decrypt to a zip
    data = _rewritten(tmp_path, locked["xlsx"], "EncryptedPackage", lambda b: b[:8] + bytes(len(b) - 8))
    exc = _error(data, "repairs.xlsx", password=PASSWORD)
    assert exc.code == PARSE_ERROR
    assert exc.message.startswith("repairs.xlsx: damaged encrypted package (")


def test_a_damaged_encryption_header_is_a_parse_error(tmp_path, locked):
    data = _rewritten(tmp_path, locked["pptx"], "EncryptionInfo", lambda b: b[:8] + b"\xff" * (len(b) - 8))
    exc = _error(data, "repairs.pptx", password=PASSWORD)
    assert exc.code == PARSE_ERROR
    assert exc.message.startswith("repairs.pptx: damaged encryption header (")


def test_the_password_option_opens_a_pdf_too_and_pdf_password_comes_first():
    # sample_corpus/pdf/encrypted.pdf has the user password "secret" (bench/make_sample_pdfs.py)
    pdf = SAMPLE_CORPUS / "pdf" / "encrypted.pdf"
    assert extract(pdf, options={"password": "secret"}).blocks[0].text == "This text is behind a password."
    with pytest.raises(ChunkscopeError, match="the password given does not open this PDF"):
        extract(pdf, options={"password": "secret", "pdf_password": "wrong"})


def _mail(data: bytes, name: str) -> bytes:
    return mail((data, XLSX_TYPE, name), subject="Repairs", body="The costs are attached.", to=None)


def test_the_holder_s_password_is_not_given_to_what_it_holds(locked, plain):
    doc = extract(_mail(locked["xlsx"], "costs.xlsx"), filename="m.eml", options={"password": PASSWORD})
    (skipped,) = doc.coverage.skipped
    assert skipped.name == "costs.xlsx"
    assert skipped.reason == (
        f"{ENCRYPTED}: costs.xlsx: the file is password-protected; give its password with --password"
    )
    # one encrypted with Excel's default password needs none, and is read
    opened = extract(_mail(encrypt(plain["xlsx"], "VelvetSweatshop"), "costs.xlsx"), filename="m.eml")
    assert opened.coverage.attachments_indexed == ("costs.xlsx",)


def test_the_real_password_protected_workbook_needs_its_password(real_world):
    path = real_world / "xlsx" / "calamine" / "pass_protected.xlsx"
    exc = _error(path.read_bytes(), path.name)
    assert exc.code == ENCRYPTED and "give its password with --password" in exc.message
    assert _error(path.read_bytes(), path.name, password="password").code == ENCRYPTED
    # "123" opens it (found by trying a few common passwords): one empty sheet
    doc = extract(path, options={"password": "123"})
    assert not doc.blocks and [s.name for s in doc.coverage.skipped] == ["Sheet1"]
