"""How signed and encrypted messages (S/MIME, OpenPGP) are told apart and reported, the same for
e-mail (.eml, .mbox) and Outlook (.msg) files."""

from __future__ import annotations

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
