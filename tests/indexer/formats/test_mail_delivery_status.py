"""A delivery report (``message/delivery-status``) whose recipient fields were sent encoded, a
``Content-Transfer-Encoding`` field closing its first group, is read decoded: the failed address
and the reason, not base64. Built reports, each expected text the fields written into them; and
MimeKit's bounce.eml, which is such a report."""

from __future__ import annotations

import base64
import quopri

from indexer import extract_bytes
from tests.conftest import REAL_WORLD

PER_MESSAGE = "Reporting-MTA: dns; mx.example.org\nArrival-Date: Wed, 26 Jan 2022 04:06:46 -0500"
RECIPIENT = (
    "Final-Recipient: rfc822; ana@example.com\n"
    "Action: failed\n"
    "Status: 5.1.1\n"
    "Diagnostic-Code: smtp; 550 5.1.1 User unknown, Grüße\n"
)


def _report(status: str) -> bytes:
    return (
        "From: MAILER-DAEMON@mx.example.org\nTo: li@example.org\nSubject: Undelivered Mail\n"
        'Content-Type: multipart/report; report-type=delivery-status; boundary="b"\n\n'
        "--b\nContent-Type: text/plain\n\nYour message could not be delivered.\n"
        f"--b\nContent-Type: message/delivery-status\n\n{status}\n--b--\n"
    ).encode()


def _report_texts(data: bytes) -> list[str]:
    """The texts of the delivery report's blocks (its heading and its groups)."""
    doc = extract_bytes(data, "bounce.eml")
    return [b.text for b in doc.blocks if b.meta.get("attachment") == "message/delivery-status"]


EXPECTED = [
    "Attachment: message/delivery-status",
    PER_MESSAGE,
    RECIPIENT.rstrip("\n"),
]


def test_recipient_fields_sent_in_base64_are_decoded():
    encoded = base64.encodebytes(RECIPIENT.encode()).decode()
    status = f"{PER_MESSAGE}\nContent-Transfer-Encoding: base64\nContent-Length: 712\n\n{encoded}"
    assert _report_texts(_report(status)) == EXPECTED


def test_recipient_fields_sent_quoted_printable_are_decoded():
    encoded = quopri.encodestring(RECIPIENT.encode()).decode()
    assert "=C3=BC" in encoded  # the "ü" of Grüße is encoded
    status = f"{PER_MESSAGE}\ncontent-transfer-encoding:  Quoted-Printable\n\n{encoded}"
    assert _report_texts(_report(status)) == EXPECTED


def test_a_report_sent_as_it_is_reads_as_it_is():
    status = f"{PER_MESSAGE}\n\n{RECIPIENT}"
    assert _report_texts(_report(status)) == EXPECTED


def test_mimekit_bounce_says_which_address_failed_and_why(real_world):
    data = (REAL_WORLD / "eml" / "MimeKit" / "bounce.eml").read_bytes()
    texts = _report_texts(data)
    assert texts[1].split("\n") == [
        "Reporting-MTA: dns; hmail.jitbit.com",
        "X-Postfix-Queue-ID: 630A242E63",
        "X-Postfix-Sender: rfc822; helpdesk@netecgc.com",
        "Arrival-Date: Wed, 26 Jan 2022 04:06:46 -0500 (EST)",
    ]
    recipient = "\n".join(texts[2:])
    for line in (
        "Final-Recipient: rfc822; netec.test@netecgc.com",
        "Original-Recipient: rfc822;netec.test@netecgc.com",
        "Action: failed",
        "Status: 5.1.1",
    ):
        assert line in recipient.split("\n")
    assert "Diagnostic-Code: smtp; 550 5.1.1 <netec.test@netecgc.com>: Recipient address" in recipient
    assert "RmluYWwt" not in recipient  # "Final-" in base64
