"""Encrypt an OpenDocument package as LibreOffice does when it saves one with a password: each
part but the mimetype and the manifest deflated, then encrypted, each with its own salt and
vector, and described in META-INF/manifest.xml.

``AES``: what LibreOffice writes since 3.5 (AES-256-CBC with XML Encryption's padding, the key
PBKDF2-SHA1 over the SHA-256 of the password, 100,000 iterations in 7.x, a SHA256/1K checksum).
``BLOWFISH``: what it writes for ODF 1.1 and the older versions wrote (Blowfish in CFB mode, the
key PBKDF2-SHA1 over the SHA-1 of the password, 16 bytes, a SHA1/1K checksum).
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import zipfile
import zlib
from xml.sax.saxutils import quoteattr

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from indexer.formats._odf_encrypted import _blowfish

AES = "aes"
BLOWFISH = "blowfish"
M = "urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _encrypt_part(data: bytes, password: str, cipher: str, iterations: int) -> tuple[bytes, str]:
    """The part encrypted, and its manifest:encryption-data element."""
    deflater = zlib.compressobj(6, zlib.DEFLATED, -15)
    deflated = deflater.compress(data) + deflater.flush()
    salt = os.urandom(16)
    if cipher == AES:
        key = hashlib.pbkdf2_hmac("sha1", hashlib.sha256(password.encode()).digest(), salt, iterations, 32)
        iv = os.urandom(16)
        pad = 16 - len(deflated) % 16  # 1 to 16 bytes, the last one their count
        encryptor = Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor()
        encrypted = encryptor.update(deflated + os.urandom(pad - 1) + bytes([pad])) + encryptor.finalize()
        checksum = ("urn:oasis:names:tc:opendocument:xmlns:manifest:1.0#sha256-1k", hashlib.sha256)
        algorithm = "http://www.w3.org/2001/04/xmlenc#aes256-cbc"
        start = '<manifest:start-key-generation manifest:start-key-generation-name="http://www.w3.org/2000/09/xmldsig#sha256" manifest:key-size="32"/>'
        size = ' manifest:key-size="32"'
    else:
        key = hashlib.pbkdf2_hmac("sha1", hashlib.sha1(password.encode()).digest(), salt, iterations, 16)
        iv = os.urandom(8)
        blowfish, cfb = _blowfish()
        encryptor = Cipher(blowfish(key), cfb(iv)).encryptor()
        encrypted = encryptor.update(deflated) + encryptor.finalize()
        checksum = ("SHA1/1K", hashlib.sha1)
        algorithm = "Blowfish CFB"
        start = ""  # SHA-1 by default
        size = ""  # 16 by default
    element = (
        f'<manifest:encryption-data manifest:checksum-type="{checksum[0]}"'
        f' manifest:checksum="{_b64(checksum[1](deflated[:1024]).digest())}">'
        f'<manifest:algorithm manifest:algorithm-name="{algorithm}" manifest:initialisation-vector="{_b64(iv)}"/>'
        f"{start}"
        f'<manifest:key-derivation manifest:key-derivation-name="PBKDF2"{size}'
        f' manifest:iteration-count="{iterations}" manifest:salt="{_b64(salt)}"/>'
        "</manifest:encryption-data>"
    )
    return encrypted, element


def encrypt_odf(package: bytes, password: str, cipher: str = AES, iterations: int = 100_000) -> bytes:
    """``package`` saved with ``password``: its parts encrypted, its manifest listing them."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(package)) as zf, zipfile.ZipFile(out, "w") as locked:
        media_type = zf.read("mimetype").decode("ascii")
        locked.writestr("mimetype", media_type)
        entries = [f'<manifest:file-entry manifest:full-path="/" manifest:media-type="{media_type}"/>']
        for info in zf.infolist():
            if info.filename in ("mimetype", "META-INF/manifest.xml") or info.is_dir():
                continue
            data = zf.read(info)
            encrypted, element = _encrypt_part(data, password, cipher, iterations)
            locked.writestr(info.filename, encrypted)  # stored: deflated before it was encrypted
            entries.append(
                f"<manifest:file-entry manifest:full-path={quoteattr(info.filename)}"
                f' manifest:media-type="" manifest:size="{len(data)}">{element}</manifest:file-entry>'
            )
        manifest = (
            f'<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="{M}" manifest:version="1.3">'
            + "".join(entries)
            + "</manifest:manifest>"
        )
        locked.writestr("META-INF/manifest.xml", manifest, zipfile.ZIP_DEFLATED)
    return out.getvalue()
