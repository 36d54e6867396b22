"""E-mail edge cases around this round's rules: a mail store's postmark splits a mailbox after
a non-blank line; the HTML body is not read when the plain one has a line it lacks; a small
cid: image stays where the HTML body shows it."""

from __future__ import annotations

import base64

from indexer import extract
from indexer.formats.email import split_mbox

_PNG = base64.b64encode(
    bytes.fromhex(
        "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
        "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082"
    )
).decode()


def test_a_postmark_after_a_closing_boundary_starts_a_message():
    # Python's mailbox writes "From <sender> <date>" straight after a message's closing boundary
    parts = []
    for n in range(3):
        parts.append(
            f"From a@b.example Mon Jan  1 00:00:0{n} 2024\n"
            'Content-Type: multipart/mixed; boundary="b"\nMIME-Version: 1.0\n'
            f"Subject: Report {n}\nFrom: a@b.example\n\n--b\nContent-Type: text/plain\n\n"
            f"Body of report {n}\n\n--b--\n"
        )
    data = "".join(parts).encode()
    assert len(split_mbox(data)) == 3
    doc = extract(data, filename="reports.mbox")
    assert all(f"Body of report {n}" in doc.text for n in range(3))
    # a body line that is no postmark still does not split
    assert (
        len(split_mbox(b"From a@b Mon Jan  1 00:00:00 2024\nSubject: s\n\nhi\nFrom Russia with love\n")) == 1
    )


def _alternative(plain: str, html: str) -> bytes:
    return (
        "From: a@b.example\nTo: c@d.example\nSubject: s\nMIME-Version: 1.0\n"
        'Content-Type: multipart/alternative; boundary="b"\n\n'
        f"--b\nContent-Type: text/plain; charset=utf-8\n\n{plain}\n"
        f"--b\nContent-Type: text/html; charset=utf-8\n\n{html}\n--b--\n"
    ).encode()


TABLE = "<table><tr><th>Item</th><th>Qty</th></tr><tr><td>Apples</td><td>4</td></tr></table>"


def test_a_line_only_the_plain_body_has_keeps_the_plain_body():
    words = " ".join(f"word{i}" for i in range(80))
    html = f"<p>Hello team, {words}</p>{TABLE}"
    with_table = extract(_alternative(f"Hello team, {words}\nItem Qty\nApples 4", html), filename="a.eml")
    assert any(b.kind == "table" for b in with_table.blocks)  # the HTML is read: it has the table
    notice = f"Hello team, {words}\nItem Qty\nApples 4\nCONFIDENTIAL: internal use zebra"
    doc = extract(_alternative(notice, html), filename="b.eml")
    assert "CONFIDENTIAL: internal use zebra" in doc.text
    assert not any(b.kind == "table" for b in doc.blocks)


def test_a_small_cid_image_stays_where_the_html_body_shows_it():
    data = (
        "From: a@b.example\nSubject: icons\nMIME-Version: 1.0\n"
        'Content-Type: multipart/related; boundary="r"\n\n'
        "--r\nContent-Type: text/html\n\n"
        '<p>Hi</p><p>Follow us <img src="cid:li@x" width="16" height="16" alt="LinkedIn"></p><p>Bye</p>\n'
        '--r\nContent-Type: image/png; name="linkedin.png"\nContent-ID: <li@x>\n'
        f"Content-Transfer-Encoding: base64\n\n{_PNG}\n--r--\n"
    ).encode()
    doc = extract(data, filename="icons.eml")
    texts = [b.text for b in doc.blocks]
    assert texts.index("[Image: LinkedIn]") < texts.index("Bye")
    assert not doc.coverage.skipped
