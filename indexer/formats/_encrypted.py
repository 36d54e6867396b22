"""Office files saved with a password (Word, Excel, PowerPoint 2007 and later).

Such a file is no zip: it is an OLE compound file holding an ``EncryptionInfo`` stream (how the
key is made from the password, and a value to check it by) and an ``EncryptedPackage`` stream
(the zip, encrypted). msoffcrypto-tool checks the password and decrypts the package (ECMA-376
agile encryption, Office 2010 and later, and standard encryption, Office 2007); the extractor of
the file's extension then reads the zip as it reads any other.

The password is the ``password`` option (``--password`` of the commands), which opens a PDF too
(:func:`pdf_password`: a PDF's own option, ``pdf_password``, comes first). A workbook is also
tried with Excel's default password, ``VelvetSweatshop``: a workbook encrypted with it is
protected but has no password to open, and Excel opens it without asking. The holder's password
is not given to the files attached to it (see ``_attached``).

ENCRYPTED, with a message saying which, when no password was given and the file needs one, when
the one given does not open it, or when the file is encrypted in a way not read here; PARSE_ERROR
when its encrypted package is damaged. An OLE file without those streams is returned as it is,
for the extractor to say what it is.
"""

from __future__ import annotations

import io
import struct
from contextlib import contextmanager

from ..errors import Encrypted, ParseError
from ..limits import ExtractContext

OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
#: The option key of the password that opens an encrypted file.
PASSWORD = "password"
#: What Excel encrypts a workbook with when it is protected but has no password to open it.
EXCEL_PASSWORD = "VelvetSweatshop"
#: The name of the stream, as a compound file's directory spells it: a file without it is not
#: searched with olefile (a plain .xls)
_ENCRYPTION_INFO = "EncryptionInfo".encode("utf-16-le")
#: What olefile raises on a damaged compound file.
_OLE_ERRORS = (OSError, ValueError, IndexError, TypeError, struct.error)


def decrypted(data: bytes, ctx: ExtractContext, what: str, workbook: bool = False) -> bytes:
    """The zip package of ``data`` when it is an encrypted Office file, else ``data`` itself.

    ``workbook``: try Excel's default password too (after the one given)."""
    if data[:8] != OLE_MAGIC or _ENCRYPTION_INFO not in data or not _holds_package(data):
        return data
    from msoffcrypto.exceptions import InvalidKeyError
    from msoffcrypto.format.ooxml import OOXMLFile

    with _read_errors(what, "encryption header"):
        office = OOXMLFile(io.BytesIO(data))
    given = ctx.option(PASSWORD) or None
    tries = [given] if given else []
    if workbook and given != EXCEL_PASSWORD:
        tries.append(EXCEL_PASSWORD)
    for password in tries:
        with _read_errors(what, "encryption header"):
            try:
                office.load_key(password=password, verify_password=True)
            except InvalidKeyError:
                continue
        out = io.BytesIO()
        with _read_errors(what, "encrypted package"):
            office.decrypt(out)
        return out.getvalue()
    if given:
        raise Encrypted(f"{what}: the password given does not open this file")
    raise Encrypted(f"{what}: the file is password-protected; give its password with --password")


@contextmanager
def _read_errors(what: str, part: str):
    """msoffcrypto's errors as ours: an encryption it does not read is ENCRYPTED, naming it; any
    other failure (a password that checks but a package that does not decrypt to a zip, a stream
    cut short) is a damaged ``part``."""
    from msoffcrypto.exceptions import DecryptionError, InvalidKeyError

    try:
        yield
    except InvalidKeyError as exc:
        raise ParseError(f"{what}: damaged {part} ({exc})"[:500]) from None
    except DecryptionError as exc:
        raise Encrypted(f"{what}: the file is encrypted in a way that cannot be read ({exc})") from None
    except Exception as exc:  # msoffcrypto raises many types on damaged streams
        raise ParseError(f"{what}: damaged {part} ({type(exc).__name__}: {exc})"[:500]) from None


def pdf_password(ctx: ExtractContext) -> str | None:
    """The password a PDF is opened with: its own option, ``pdf_password``, else ``password``."""
    password = ctx.option("pdf_password")
    return ctx.option(PASSWORD) if password is None else password


def _holds_package(data: bytes) -> bool:
    """Whether the compound file ``data`` holds an encrypted OOXML package."""
    import olefile

    try:
        with olefile.OleFileIO(data) as ole:
            return bool(ole.exists("EncryptionInfo") and ole.exists("EncryptedPackage"))
    except _OLE_ERRORS:  # damaged: the extractor says what it is
        return False
