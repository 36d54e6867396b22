"""OpenDocument files saved with a password (.odt, .ods, .odp and their templates).

Such a file is a zip as any other, but the parts META-INF/manifest.xml gives a
``manifest:encryption-data`` (content.xml, styles.xml, the pictures …) are deflated and then
encrypted, each with its own salt and initialisation vector (the OpenDocument package format,
"Encryption": ODF 1.2 part 3, ODF 1.3 part 2). Each part's key is PBKDF2 with HMAC-SHA1 over the
SHA-1 or SHA-256 digest of the UTF-8 password (``manifest:start-key-generation``, SHA-1 when
absent), with the part's salt, iteration count and key size; the part is encrypted with AES-CBC
(``xmlenc#aes256-cbc``, what LibreOffice writes since 3.5: a 16-byte vector, padded as XML
Encryption pads, the last byte the padding's length) or Blowfish in CFB mode (what the older
versions wrote: an 8-byte vector, no padding). The digest of the first 1024 bytes of the part
decrypted, still deflated and without its padding (``manifest:checksum``, SHA1/1K or SHA256/1K)
tells the right password from a wrong one.

:func:`odf_decrypted` gives the package with those parts decrypted and inflated and the
manifest without its encryption data, for the extractor to read as a package saved without a
password. The password is the ``password`` option, as for Office files (see ``_encrypted``);
ENCRYPTED when none was given, when the one given does not open the file, or when the file is
encrypted in a way not read here (named); PARSE_ERROR when an encrypted part is damaged.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import io
import zipfile
import zlib
from dataclasses import dataclass

from lxml import etree

from ..errors import DocumentLimit, Encrypted, ParseError
from ..limits import ExtractContext
from . import _ooxml
from ._encrypted import PASSWORD

MANIFEST = "META-INF/manifest.xml"
_NS = "urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"
_ENTRY, _DATA, _ALGORITHM, _START_KEY, _DERIVATION = (
    f"{{{_NS}}}{t}"
    for t in ("file-entry", "encryption-data", "algorithm", "start-key-generation", "key-derivation")
)
#: The digests a start key or a checksum is made with, by the names the manifest gives them.
_START_KEYS = {
    "SHA1": "sha1",
    "http://www.w3.org/2000/09/xmldsig#sha1": "sha1",
    "http://www.w3.org/2000/09/xmldsig#sha256": "sha256",
    "http://www.w3.org/2001/04/xmlenc#sha256": "sha256",
    "SHA256": "sha256",
}
_CHECKSUMS = {
    "SHA1/1K": "sha1",
    f"{_NS}#sha1-1k": "sha1",
    "SHA256/1K": "sha256",
    f"{_NS}#sha256-1k": "sha256",
}
_BLOWFISH = ("Blowfish CFB", f"{_NS}#blowfish")
_AES_CBC = tuple(f"http://www.w3.org/2001/04/xmlenc#aes{n}-cbc" for n in (128, 192, 256))
#: How much of a part, decrypted, its checksum covers.
_CHECKED = 1024


@dataclass(frozen=True)
class _Part:
    """How one part of the package is encrypted, as its manifest entry says."""

    algorithm: str
    iv: bytes
    start_key: str  # hashlib's name of the digest of the password
    salt: bytes
    iterations: int
    key_size: int
    checksum: str | None  # hashlib's name, None when the manifest gives no checksum
    digest: bytes


def odf_decrypted(zf: zipfile.ZipFile, ctx: ExtractContext, what: str) -> bytes | None:
    """The package of ``zf`` with its encrypted parts decrypted when its manifest gives any (see
    the module's text), else None: the package is read as it is."""
    if MANIFEST not in zf.NameToInfo:
        return None
    try:
        manifest = _ooxml.read(zf, MANIFEST, what)
    except ParseError:  # damaged: the parts it lists tell
        return None
    if b"encryption-data" not in manifest:
        return None
    root = _ooxml.parse_xml(manifest, what, MANIFEST)
    parts = _parts(root, what)
    if not parts:
        return None
    password = ctx.option(PASSWORD) or None
    if not password:
        raise Encrypted(f"{what}: the file is password-protected; give its password with --password")
    # content.xml first: a wrong password is told from it alone, one key derived
    names = sorted(parts, key=lambda n: n != "content.xml")
    plain: dict[str, bytes] = {}
    total = 0
    for name in names:
        if name not in zf.NameToInfo:
            continue  # listed but not packaged: the extractor reads the package without it
        raw = _ooxml.read(zf, name, what)
        data = _decrypt(
            parts[name], password, raw, what, name, first=not plain, cap=ctx.limits.max_zip_member
        )
        _check_size(ctx, raw, data, what, name)
        total += len(data)
        if total > ctx.limits.max_zip_total:
            raise DocumentLimit(
                f"{what}: its encrypted parts inflate past the {ctx.limits.max_zip_total:,}-byte limit"
            )
        plain[name] = data
    return _package(zf, plain, root, what)


def _parts(root: etree._Element, what: str) -> dict[str, _Part]:
    """The encrypted parts the manifest lists, by name; ENCRYPTED naming what is not read here,
    PARSE_ERROR for a value that cannot be one (a salt not in base64, a count not a number)."""
    out: dict[str, _Part] = {}
    for entry in root.iter(_ENTRY):
        data = entry.find(_DATA)
        path = entry.get(f"{{{_NS}}}full-path")
        if data is None or not path:
            continue
        algorithm = data.find(_ALGORITHM)
        derivation = data.find(_DERIVATION)
        start = data.find(_START_KEY)
        if derivation is None:  # manifest:keyinfo: its key is encrypted to an OpenPGP key
            raise Encrypted(f"{what}: the file is encrypted to a key, not with a password; it cannot be read")
        if algorithm is None:
            raise ParseError(f"{what}: {MANIFEST} gives {path!r} no algorithm")
        name = algorithm.get(f"{{{_NS}}}algorithm-name", "")
        if name not in _BLOWFISH + _AES_CBC:
            raise Encrypted(
                f"{what}: the file is encrypted in a way that cannot be read (algorithm {name!r})"
            )
        kdf = derivation.get(f"{{{_NS}}}key-derivation-name", "")
        if kdf != "PBKDF2":
            raise Encrypted(
                f"{what}: the file is encrypted in a way that cannot be read (key derivation {kdf!r})"
            )
        start_name = "SHA1" if start is None else start.get(f"{{{_NS}}}start-key-generation-name", "SHA1")
        if start_name not in _START_KEYS:
            raise Encrypted(
                f"{what}: the file is encrypted in a way that cannot be read (start key {start_name!r})"
            )
        checksum_name = data.get(f"{{{_NS}}}checksum-type")
        if checksum_name is not None and checksum_name not in _CHECKSUMS:
            raise Encrypted(
                f"{what}: the file is encrypted in a way that cannot be read (checksum {checksum_name!r})"
            )
        digest = data.get(f"{{{_NS}}}checksum")
        try:
            part = _Part(
                algorithm=name,
                iv=_b64(algorithm.get(f"{{{_NS}}}initialisation-vector")),
                start_key=_START_KEYS[start_name],
                salt=_b64(derivation.get(f"{{{_NS}}}salt")),
                iterations=int(derivation.get(f"{{{_NS}}}iteration-count", "")),
                key_size=int(derivation.get(f"{{{_NS}}}key-size", "16")),
                checksum=_CHECKSUMS[checksum_name or "SHA1/1K"] if digest else None,
                digest=_b64(digest) if digest else b"",
            )
        except (ValueError, binascii.Error) as exc:
            raise ParseError(f"{what}: {MANIFEST}: bad encryption data for {path!r} ({exc})"[:500]) from None
        if not 0 < part.iterations <= 10_000_000 or part.key_size not in (16, 24, 32):
            raise ParseError(f"{what}: {MANIFEST}: bad key derivation for {path!r}")
        out[path.lstrip("/")] = part
    return out


def _check_size(ctx: ExtractContext, raw: bytes, data: bytes, what: str, name: str) -> None:
    """The limits a zip member is held to (``check_zip``), held to a part decrypted."""
    limits = ctx.limits
    if len(data) > limits.max_zip_member:
        raise DocumentLimit(
            f"{what}: member {name!r} inflates to over the {limits.max_zip_member:,}-byte member limit"
        )
    ratio = len(data) / max(1, len(raw))
    if len(data) > limits.zip_ratio_min_member and ratio > limits.max_zip_ratio:
        raise DocumentLimit(
            f"{what}: member {name!r} has a compression ratio of {ratio:,.0f}:1, over "
            f"the {limits.max_zip_ratio:,.0f}:1 limit (a zip bomb?)"
        )


def _b64(value: str | None) -> bytes:
    if not value:
        raise ValueError("a value is missing")
    return base64.b64decode(value, validate=True)


def _decrypt(part: _Part, password: str, data: bytes, what: str, name: str, first: bool, cap: int) -> bytes:
    """The part ``data``, decrypted and inflated (past ``cap`` bytes, cut after ``cap + 1``). A checksum that does not match on the first part
    tried is a wrong password; on a later one (the password opened the first), a damaged part."""
    start = hashlib.new(part.start_key, password.encode("utf-8")).digest()
    key = hashlib.pbkdf2_hmac("sha1", start, part.salt, part.iterations, part.key_size)
    deflated = _cipher(part, key, data, what)
    if part.algorithm in _AES_CBC:
        pad = deflated[-1] if deflated else 0
        deflated = deflated[:-pad] if 0 < pad <= 16 else None
    unchecked = deflated is None or part.checksum is None
    if not unchecked and hashlib.new(part.checksum, deflated[:_CHECKED]).digest() != part.digest:
        deflated = None
    out = None if deflated is None else _inflate(deflated, cap)
    if out is None:
        if first:
            raise Encrypted(f"{what}: the password given does not open this file")
        raise ParseError(f"{what}: damaged encrypted part {name!r}: it does not decrypt with the password")
    return out


def _cipher(part: _Part, key: bytes, data: bytes, what: str) -> bytes:
    from cryptography.exceptions import UnsupportedAlgorithm
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

    try:
        if part.algorithm in _AES_CBC:
            if len(part.iv) != 16 or len(data) % 16:
                raise ParseError(f"{what}: damaged encrypted part: not whole AES blocks")
            decryptor = Cipher(algorithms.AES(key), modes.CBC(part.iv)).decryptor()
        else:
            # LibreOffice's "Blowfish CFB" feeds back the whole 64-bit block (though the name
            # says 8-bit CFB): what OpenSSL's Blowfish CFB is
            if len(part.iv) != 8:
                raise ParseError(f"{what}: damaged encrypted part: the vector is not 8 bytes")
            blowfish, cfb = _blowfish()
            decryptor = Cipher(blowfish(key), cfb(part.iv)).decryptor()
        return decryptor.update(data) + decryptor.finalize()
    except UnsupportedAlgorithm as exc:  # an OpenSSL built without Blowfish (its legacy provider)
        raise Encrypted(f"{what}: the file is encrypted in a way that cannot be read ({exc})") from None


def _blowfish():
    """Blowfish and CFB where this version of cryptography keeps them (hazmat.decrepit since 43)."""
    try:
        from cryptography.hazmat.decrepit.ciphers.algorithms import Blowfish
    except ImportError:  # pragma: no cover - cryptography before 43
        from cryptography.hazmat.primitives.ciphers.algorithms import Blowfish
    try:
        from cryptography.hazmat.decrepit.ciphers.modes import CFB
    except ImportError:  # pragma: no cover - cryptography before 47
        from cryptography.hazmat.primitives.ciphers.modes import CFB
    return Blowfish, CFB


def _inflate(data: bytes, cap: int) -> bytes | None:
    """The raw deflate stream ``data`` inflated, None when it is not one whole; when it inflates
    past ``cap`` bytes, the first ``cap + 1`` of them."""
    inflater = zlib.decompressobj(-15)
    try:
        out = inflater.decompress(data, cap + 1)
        if len(out) > cap:
            return out
        out += inflater.flush()
    except zlib.error:
        return None
    return out if inflater.eof else None


def _package(zf: zipfile.ZipFile, plain: dict[str, bytes], manifest: etree._Element, what: str) -> bytes:
    """The package of ``zf`` with the parts in ``plain`` in place of their encrypted bytes and a
    manifest without encryption data; the mimetype first, as a package begins."""
    for data in manifest.iter(_DATA):
        data.getparent().remove(data)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as package:
        names = [i.filename for i in zf.infolist()]
        for name in sorted(names, key=lambda n: n != "mimetype"):
            if name == MANIFEST:
                data = etree.tostring(manifest, xml_declaration=True, encoding="UTF-8")
            elif name in plain:
                data = plain[name]
            else:
                data = _ooxml.read(zf, name, what)
            package.writestr(zipfile.ZipInfo(name), data)
    return out.getvalue()
