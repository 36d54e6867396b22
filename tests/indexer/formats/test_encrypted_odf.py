"""OpenDocument files saved with a password: built here (and the sample text, sheet and slides),
encrypted as LibreOffice encrypts them (``_odf_encrypt``: AES-256-CBC as it writes today, and
Blowfish CFB as it writes for ODF 1.1), and read with the ``password`` option as the same blocks
and chunks as the file saved without one; and the real password-protected sheet of calamine's
tests, read in place."""

from __future__ import annotations

import io
import re
import zipfile

import pytest

from indexer import extract, get_chunks
from indexer.errors import ENCRYPTED, PARSE_ERROR, ChunkscopeError
from tests.conftest import SAMPLE_CORPUS
from tests.indexer.formats._odf_encrypt import AES, BLOWFISH, encrypt_odf

PASSWORD = "tide pool 7 ü"

_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
    'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" '
    'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" '
    'xmlns:xlink="http://www.w3.org/1999/xlink"'
)
_MANIFEST = (
    '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest'
    ' xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">'
    '<manifest:file-entry manifest:full-path="/" manifest:media-type="{}"/></manifest:manifest>'
)


def _package(kind: str, body: str, extra: dict[str, bytes] | None = None) -> bytes:
    media_type = f"application/vnd.oasis.opendocument.{kind}"
    content = (
        f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {_NS} office:version="1.3">'
        f"<office:body><office:{kind}>{body}</office:{kind}></office:body></office:document-content>"
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("mimetype", media_type, zipfile.ZIP_STORED)
        zf.writestr("content.xml", content)
        for name, data in (extra or {}).items():
            zf.writestr(name, data)
        zf.writestr("META-INF/manifest.xml", _MANIFEST.format(media_type))
    return out.getvalue()


def _png() -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (40, 30), (20, 120, 200)).save(out, "PNG")
    return out.getvalue()


def _odt() -> bytes:
    body = (
        '<text:h text:outline-level="1">Harbour survey</text:h>'
        "<text:p>The east quay needs new fenders before the winter storms.</text:p>"
        "<table:table><table:table-row>"
        "<table:table-cell><text:p>Berth</text:p></table:table-cell>"
        "<table:table-cell><text:p>State</text:p></table:table-cell></table:table-row><table:table-row>"
        "<table:table-cell><text:p>east</text:p></table:table-cell>"
        "<table:table-cell><text:p>worn</text:p></table:table-cell></table:table-row></table:table>"
        '<text:p><draw:frame svg:width="4cm" svg:height="3cm"><draw:image xlink:href="Pictures/quay.png"/>'
        "<svg:title>The east quay</svg:title></draw:frame></text:p>"
        + "<text:p>Fenders are checked every spring and every autumn.</text:p>"
        * 40  # over 1 KiB deflated
    )
    return _package("text", body, {"Pictures/quay.png": _png()})


def _ods() -> bytes:
    def cell(text: str) -> str:
        return f'<table:table-cell office:value-type="string"><text:p>{text}</text:p></table:table-cell>'

    def number(value: int) -> str:
        return f'<table:table-cell office:value-type="float" office:value="{value}"><text:p>{value}</text:p></table:table-cell>'

    rows = [cell("Item") + cell("Cost"), cell("Fenders") + number(1250), cell("Bollard") + number(380)]
    body = '<table:table table:name="Repairs">' + "".join(
        f"<table:table-row>{r}</table:table-row>" for r in rows
    )
    return _package("spreadsheet", body + "</table:table>")


def _odp() -> bytes:
    body = (
        '<draw:page draw:name="page1"><draw:frame presentation:class="title" svg:x="1cm" svg:y="1cm">'
        "<draw:text-box><text:p>Quay repairs</text:p></draw:text-box></draw:frame>"
        '<draw:frame presentation:class="outline" svg:x="1cm" svg:y="5cm"><draw:text-box>'
        "<text:p>Fenders first, then the bollards.</text:p></draw:text-box></draw:frame></draw:page>"
    )
    return _package("presentation", body)


BUILT = {"repairs.odt": _odt, "repairs.ods": _ods, "repairs.odp": _odp}
SAMPLES = {
    "society_minutes.odt": SAMPLE_CORPUS / "office" / "society_minutes.odt",
    "inventory.ods": SAMPLE_CORPUS / "spreadsheets" / "inventory.ods",
    "volunteers_briefing.odp": SAMPLE_CORPUS / "office" / "volunteers_briefing.odp",
}


@pytest.fixture(scope="module")
def plain() -> dict[str, bytes]:
    return {name: build() for name, build in BUILT.items()} | {n: p.read_bytes() for n, p in SAMPLES.items()}


@pytest.fixture(scope="module")
def locked(plain) -> dict[tuple[str, str], bytes]:
    return {
        (name, cipher): encrypt_odf(data, PASSWORD, cipher)
        for name, data in plain.items()
        for cipher in (AES, BLOWFISH)
    }


def _error(data: bytes, name: str, **options) -> ChunkscopeError:
    with pytest.raises(ChunkscopeError) as info:
        extract(data, filename=name, options=options)
    return info.value


@pytest.mark.parametrize("cipher", [AES, BLOWFISH])
@pytest.mark.parametrize("name", [*BUILT, *SAMPLES])
def test_the_password_gives_the_chunks_of_the_file_saved_without_one(name, cipher, plain, locked):
    data = locked[name, cipher]
    with zipfile.ZipFile(io.BytesIO(data)) as zf:  # the parts are encrypted
        assert b"office:document-content" not in zf.read("content.xml")
    opened = extract(data, filename=name, options={"password": PASSWORD})
    expected = extract(plain[name], filename=name)
    assert opened.blocks and opened.blocks == expected.blocks
    assert [i.data for i in opened.images] == [i.data for i in expected.images]
    for images in (False, True):
        with_password = get_chunks(data, filename=name, list_images=images, options={"password": PASSWORD})
        assert with_password == get_chunks(plain[name], filename=name, list_images=images)


def test_the_built_text_s_picture_is_decrypted_too(locked):
    doc = extract(locked["repairs.odt", AES], filename="repairs.odt", options={"password": PASSWORD})
    assert [i.data for i in doc.images] == [_png()]


@pytest.mark.parametrize("cipher", [AES, BLOWFISH])
@pytest.mark.parametrize("name", list(BUILT))
def test_without_the_password_the_file_is_encrypted_and_says_a_password_is_needed(name, cipher, locked):
    exc = _error(locked[name, cipher], name)
    assert exc.code == ENCRYPTED
    assert exc.message == f"{name}: the file is password-protected; give its password with --password"


@pytest.mark.parametrize("cipher", [AES, BLOWFISH])
@pytest.mark.parametrize("name", list(BUILT))
def test_a_wrong_password_is_said_to_not_open_the_file(name, cipher, locked):
    exc = _error(locked[name, cipher], name, password="tide pool 8 ü")
    assert exc.code == ENCRYPTED
    assert exc.message == f"{name}: the password given does not open this file"


def _rewritten(data: bytes, change: dict[str, object]) -> bytes:
    """``data`` with the members in ``change`` replaced (a function of their bytes)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as zf, zipfile.ZipFile(out, "w") as new:
        for info in zf.infolist():
            member = zf.read(info)
            new.writestr(info, change[info.filename](member) if info.filename in change else member)
    return out.getvalue()


def test_an_encryption_not_read_here_is_named(locked):
    gcm = "http://www.w3.org/2009/xmlenc11#aes256-gcm"
    manifest = {
        "META-INF/manifest.xml": lambda b: b.replace(
            b"http://www.w3.org/2001/04/xmlenc#aes256-cbc", gcm.encode()
        )
    }
    exc = _error(_rewritten(locked["repairs.odt", AES], manifest), "repairs.odt", password=PASSWORD)
    assert exc.code == ENCRYPTED
    assert (
        exc.message == f"repairs.odt: the file is encrypted in a way that cannot be read (algorithm '{gcm}')"
    )
    argon = {"META-INF/manifest.xml": lambda b: b.replace(b'"PBKDF2"', b'"Argon2id"')}
    exc = _error(_rewritten(locked["repairs.ods", AES], argon), "repairs.ods")
    assert exc.code == ENCRYPTED and exc.message.endswith("(key derivation 'Argon2id')")


@pytest.mark.parametrize("cipher", [AES, BLOWFISH])
def test_a_damaged_encrypted_part_is_a_parse_error_never_part_of_a_document(cipher, locked):
    # the password opens content.xml; the picture's bytes are overwritten
    picture = {"Pictures/quay.png": lambda b: b[:16] + bytes(len(b) - 16)}
    exc = _error(_rewritten(locked["repairs.odt", cipher], picture), "repairs.odt", password=PASSWORD)
    assert exc.code == PARSE_ERROR
    assert exc.message == (
        "repairs.odt: damaged encrypted part 'Pictures/quay.png': it does not decrypt with the password"
    )
    # a manifest whose salt is not base64
    salt = {
        "META-INF/manifest.xml": lambda b: re.sub(
            rb'manifest:salt="[^"]+"', b'manifest:salt="@@"', b, count=1
        )
    }
    exc = _error(_rewritten(locked["repairs.odt", cipher], salt), "repairs.odt", password=PASSWORD)
    assert exc.code == PARSE_ERROR and "bad encryption data for" in exc.message


def test_the_real_password_protected_sheet_needs_its_password(real_world):
    # calamine's tests/pass_protected.ods, saved by LibreOffice: AES-256-CBC, the key PBKDF2-SHA1
    # (100,000 iterations) over the SHA-256 of the password, SHA256/1K checksums
    path = real_world / "ods" / "calamine" / "pass_protected.ods"
    exc = _error(path.read_bytes(), path.name)
    assert exc.code == ENCRYPTED
    assert (
        exc.message == "pass_protected.ods: the file is password-protected; give its password with --password"
    )
    # "123" opens its sibling pass_protected.xlsx, not this one
    exc = _error(path.read_bytes(), path.name, password="123")
    assert (
        exc.code == ENCRYPTED
        and exc.message == "pass_protected.ods: the password given does not open this file"
    )
    # "1234" opens it (found by trying a few common passwords): a row of values of each type on
    # Sheet1 under an empty first row, Sheet2 empty; the booleans are shown in Russian
    # (ИСТИНА, ЛОЖЬ) in content.xml, the values read are office:boolean-value's
    doc = extract(path, options={"password": "1234"})
    (table,) = doc.blocks
    assert table.meta["sheet_name"] == "Sheet1" and not table.meta["has_header"]
    assert table.rows == (
        (
            "String",
            "1",
            "1.1",
            "TRUE",
            "FALSE",
            "2010-10-10",
            "2010-10-10 10:10:10",
            "10:10:10",
            "10:10:10.100000",
            "255:10:10",  # a duration: office:time-value PT255H10M10S, 255 h 10 min 10 s
        ),
    )
    assert [(s.name, s.reason) for s in doc.coverage.skipped] == [("Sheet2", "empty: no cells")]
