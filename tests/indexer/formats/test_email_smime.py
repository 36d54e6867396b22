"""S/MIME in .eml files: a signed message and an encrypted one are said to be so in the
coverage warnings, as .msg files are; a certificate bundle (.p7c) is neither."""

from __future__ import annotations

from indexer import extract

_HEAD = "From: a@example.org\nTo: b@example.org\nSubject: s\nMIME-Version: 1.0\n"


def _mail(body: str) -> bytes:
    return (_HEAD + body).encode()


def test_a_signed_message_notes_that_its_signature_was_not_verified():
    data = _mail(
        'Content-Type: multipart/signed; protocol="application/pkcs7-signature"; boundary="b"\n\n'
        "--b\nContent-Type: text/plain\n\nHello.\n"
        '--b\nContent-Type: application/pkcs7-signature; name="smime.p7s"\n'
        "Content-Transfer-Encoding: base64\n\nMIAGCSqGSIb3DQEHAqCAMIACAQEx\n--b--\n"
    )
    doc = extract(data, filename="signed.eml")
    # all of its text is read: a note, not a warning
    assert doc.coverage.notes == ("signed message: the signature was not verified",)
    assert doc.coverage.warnings == () and not doc.coverage.has_warning
    assert "Hello." in doc.text


def test_an_encrypted_message_warns_that_its_body_was_not_read():
    data = _mail(
        'Content-Type: application/pkcs7-mime; smime-type=enveloped-data; name="smime.p7m"\n'
        "Content-Transfer-Encoding: base64\n\nMIAGCSqGSIb3DQEHA6CAMIACAQAx\n"
    )
    doc = extract(data, filename="encrypted.eml")
    assert doc.coverage.warnings == ("S/MIME encrypted message: the body is encrypted and was not read",)


def test_a_certificate_bundle_is_no_encrypted_body():
    data = _mail(
        'Content-Type: multipart/mixed; boundary="b"\n\n'
        "--b\nContent-Type: text/plain\n\nMy certificate is attached.\n"
        '--b\nContent-Type: application/x-pkcs7-mime; name="eric.p7c"\n'
        "Content-Transfer-Encoding: base64\n\nMIAGCSqGSIb3DQEHAqCAMIACAQEx\n--b--\n"
    )
    assert extract(data, filename="cert.eml").coverage.warnings == ()


def test_real_signed_message(real_world):
    doc = extract(real_world / "eml" / "MimeKit" / "thunderbird-signed.eml")
    assert doc.coverage.notes == ("signed message: the signature was not verified",)


#: a plain body holding a cleartext-signed message (inline PGP, RFC 4880 section 7): the armor
#: headers, the dash-escaped text ("- -- " is the signature separator "-- ", "- - Bring" the
#: line "- Bring"), the signature; then an encrypted block and a line after it
INLINE_PGP = (
    "Hi,\n"
    "\n"
    "-----BEGIN PGP SIGNED MESSAGE-----\n"
    "Hash: SHA256\n"
    "\n"
    "The meeting is at ten.\n"
    "- - Bring the plans.\n"
    "- -- \n"
    "Ann\n"
    "-----BEGIN PGP SIGNATURE-----\n"
    "\n"
    "iQEzBAEBCAAdFiEEq2ZxVmSxWlFd9qZk3xF0uN8cXf0FAmXnRzEACgkQ3xF0uN8c\n"
    "=Jd4x\n"
    "-----END PGP SIGNATURE-----\n"
    "\n"
    "-----BEGIN PGP MESSAGE-----\n"
    "\n"
    "hQEMA9VxXoVZ1cL8AQf/Ra7m0x4UO0gq3Vq2mF1eYw\n"
    "=k9Qe\n"
    "-----END PGP MESSAGE-----\n"
    "Bye\n"
)


def test_an_inline_pgp_body_is_read_as_its_text():
    from tests.indexer.formats._outlook import outlook_message

    eml = extract(_mail(f"Content-Type: text/plain; charset=utf-8\n\n{INLINE_PGP}"), filename="pgp.eml")
    msg = extract(outlook_message("s", INLINE_PGP), filename="pgp.msg")
    for doc in (eml, msg):
        # the armor line was a heading, "Hash: SHA256" a paragraph, "- -- " a list item and
        # the signature's and the encrypted block's base64 words of the body
        assert [(b.kind, b.text) for b in doc.blocks[2:]] == [
            ("paragraph", "Hi,"),
            ("paragraph", "The meeting is at ten."),
            ("list", "Bring the plans."),
            ("paragraph", "--\nAnn"),
            ("paragraph", "Bye"),
        ]
        assert doc.coverage.notes == ("signed message: the signature was not verified",)
        assert doc.coverage.warnings == ("OpenPGP encrypted message: its encrypted text was not read",)
