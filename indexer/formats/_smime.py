"""How signed and encrypted messages (S/MIME, OpenPGP) are told apart and reported, the same for
e-mail (.eml, .mbox) and Outlook (.msg) files."""

from __future__ import annotations

import re

#: the note of a signed message: its text is all read, its signature is not checked
SIGNED_NOTE = "signed message: the signature was not verified"
#: the warning of an encrypted message: its body cannot be read without the recipient's key
ENCRYPTED_WARNING = "S/MIME encrypted message: the body is encrypted and was not read"
#: the media types of an S/MIME body (encrypted, or signed-data with its content inside)
ENCRYPTED_TYPES = frozenset(("application/pkcs7-mime", "application/x-pkcs7-mime"))
#: the media types of a detached signature (S/MIME, OpenPGP)
SIGNATURE_TYPES = frozenset(
    ("application/pkcs7-signature", "application/x-pkcs7-signature", "application/pgp-signature")
)
#: the file extensions of signatures, certificates and encrypted payloads
SIGNATURE_EXTENSIONS = frozenset({"p7s", "p7m", "p7c", "asc", "sig", "gpg", "pgp"})
#: of those, the ones of a detached signature (p7m, gpg, pgp may hold an encrypted message)
DETACHED_SIGNATURE_EXTENSIONS = frozenset({"p7s", "sig", "asc"})
#: the warning of a message whose plain body holds an OpenPGP encrypted block (inline PGP)
PGP_ENCRYPTED_WARNING = "OpenPGP encrypted message: its encrypted text was not read"

#: a cleartext-signed message written in a plain body (inline PGP, RFC 4880 section 7): its
#: armor line, its armor headers ("Hash: SHA256") and a blank line, its dash-escaped text, then
#: its signature
_CLEARSIGNED = re.compile(
    r"^-----BEGIN PGP SIGNED MESSAGE-----[ \t]*\n"
    r"(?:[!-9;-~]+:[^\n]*\n)*[ \t]*\n"
    r"(?P<text>.*?)"
    r"^-----BEGIN PGP SIGNATURE-----[ \t]*\n.*?^-----END PGP SIGNATURE-----[ \t]*(?:\n|\Z)",
    re.MULTILINE | re.DOTALL,
)
#: an encrypted message written in a plain body, armored (RFC 4880 section 6.2)
_ENCRYPTED_BLOCK = re.compile(
    r"^-----BEGIN PGP MESSAGE-----[ \t]*\n.*?^-----END PGP MESSAGE-----[ \t]*(?:\n|\Z)",
    re.MULTILINE | re.DOTALL,
)
#: a dash-escaped line's escape: "- " before a line of the signed text that starts with "-"
_DASH_ESCAPE = re.compile(r"^- ", re.MULTILINE)


def inline_pgp(text: str) -> tuple[str, bool, bool]:
    """A plain body ``text`` with its inline OpenPGP blocks read as a mail reader with OpenPGP
    shows them, and whether it held a signed one and an encrypted one. A cleartext-signed
    message (RFC 4880 section 7) is its text alone, its dash-escaping undone ("- -- " the
    signature separator "-- " again): its armor line was read as a heading, "Hash: SHA256" as
    a paragraph, the escape as a list item and the signature's base64 as words. An encrypted
    block is left out: its base64 is no text of the message."""
    if "-----BEGIN PGP " not in text:
        return text, False, False
    signed = encrypted = False

    def cleartext(m: re.Match[str]) -> str:
        nonlocal signed
        signed = True
        return _DASH_ESCAPE.sub("", m.group("text"))

    def left_out(m: re.Match[str]) -> str:
        nonlocal encrypted
        encrypted = True
        return ""

    text = _ENCRYPTED_BLOCK.sub(left_out, _CLEARSIGNED.sub(cleartext, text))
    return text, signed, encrypted
