"""Outlook .msg: when the sender and recipient properties hold only Exchange names
(/O=…/CN=…), the addresses come from the transport headers the message was received with."""

from __future__ import annotations

import pytest

from indexer import extract
from indexer.formats.msg import transport_addresses

from ._outlook import outlook_message

EXCHANGE = "/O=EXCHANGELABS/OU=EXCHANGE ADMINISTRATIVE GROUP/CN=RECIPIENTS/CN=JQBLOGGS"


def test_exchange_names_give_way_to_the_transport_headers(real_world):
    # perl-msg_charset.msg: PR_SENDER_NAME "Joseph Q Bloggs", PR_SENDER_EMAIL_ADDRESS (0x0C1F) and
    # the one recipient's address are Exchange names (the recipient is named "Embedded File
    # Email"); PR_TRANSPORT_MESSAGE_HEADERS (0x007D) say "From: Joseph Q Bloggs
    # <joebloggs@example.org>" and "To: Joseph Q Bloggs <joebloggs@example.org>", as does the
    # .eml written from the same message (eml/perl-msg_charset.eml).
    doc = extract(real_world / "msg" / "perl-msg_charset.msg")
    assert doc.metadata["from"] == "Joseph Q Bloggs <joebloggs@example.org>"
    assert doc.metadata["to"] == ["Joseph Q Bloggs <joebloggs@example.org>"]
    assert doc.blocks[1].text.startswith(
        "From: Joseph Q Bloggs <joebloggs@example.org>\nTo: Joseph Q Bloggs <joebloggs@example.org>\n"
    )


def _message(headers: str | None) -> bytes:
    properties = {
        0x0C1A: "Joe Bloggs",  # PR_SENDER_NAME
        0x0C1F: EXCHANGE,  # PR_SENDER_EMAIL_ADDRESS
        0x0C1E: "EX",  # PR_SENDER_ADDRTYPE
    }
    if headers is not None:
        properties[0x007D] = headers  # PR_TRANSPORT_MESSAGE_HEADERS
    return outlook_message(
        "Rota", "See you at nine.", properties=properties, recipients=[("ann@x.org", "Ann Lee")]
    )


def test_a_built_message_takes_the_missing_addresses_from_its_headers():
    headers = (
        "Received: from mx.x.org by mail.x.org; Tue, 2 Apr 2024 09:30:00 +0000\r\n"
        "From: Joe Bloggs <joe@x.org>\r\n"
        "To: Ann Lee <ann@x.org>\r\n"
        "Cc: =?utf-8?Q?Doe=2C_J=C3=B6hn?= <j@x.org>, b@x.org\r\n"
        "Subject: Rota\r\n\r\n"
    )
    meta = extract(_message(headers), filename="rota.msg").metadata
    assert meta["from"] == "Joe Bloggs <joe@x.org>"
    assert meta["to"] == ["Ann Lee <ann@x.org>"]  # the recipient table had the address
    assert meta["cc"] == ["Doe, Jöhn <j@x.org>", "b@x.org"]  # no Cc recipient: the headers say
    # without transport headers the Exchange name is still left out
    meta = extract(_message(None), filename="rota.msg").metadata
    assert (meta["from"], meta["to"], meta["cc"]) == ("Joe Bloggs", ["Ann Lee <ann@x.org>"], [])


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", {}),
        (
            "From: a@x.org\nTo: B <b@x.org>, c@x.org\n",
            {"from": ["a@x.org"], "to": ["B <b@x.org>", "c@x.org"]},
        ),
        # a group without members is what the header says of the recipients; a sender without
        # an address is nothing to take
        ("From: Joe Bloggs\nTo: undisclosed-recipients:;\n", {"to": ["undisclosed-recipients:;"]}),
        (
            "From: a@x.org\nTo: Team: Ann <a@x.org>, b@y.org;, d@z.org\nCc: /O=EX/CN=B\n",
            {"from": ["a@x.org"], "to": ["Team: Ann <a@x.org>, b@y.org;", "d@z.org"]},
        ),
        ("From: <<<@@@>>>\n\x00\x01 garbage\n", {}),
    ],
)
def test_transport_addresses(text, expected):
    assert transport_addresses(text) == expected


def test_groups_of_the_transport_headers_are_kept_in_to_and_cc():
    # no recipient in the table (a message sent to a list, or Bcc only): the headers say who
    headers = (
        "From: Joe Bloggs <joe@x.org>\r\n"
        "To: Team: Ann Lee <ann@x.org>, bob@x.org;, carol@y.org\r\n"
        "Cc: undisclosed-recipients:;\r\n"
        "Subject: Rota\r\n\r\n"
    )
    properties = {0x0C1A: "Joe Bloggs", 0x0C1F: EXCHANGE, 0x0C1E: "EX", 0x007D: headers}
    doc = extract(outlook_message("Rota", "See you at nine.", properties=properties), filename="rota.msg")
    assert doc.metadata["to"] == ["Team: Ann Lee <ann@x.org>, bob@x.org;", "carol@y.org"]
    assert doc.metadata["cc"] == ["undisclosed-recipients:;"]
    assert doc.blocks[1].text == (
        "From: Joe Bloggs <joe@x.org>\n"
        "To: Team: Ann Lee <ann@x.org>, bob@x.org;, carol@y.org\n"
        "Cc: undisclosed-recipients:;\n"
        "Subject: Rota"
    )


def _received(headers: str) -> bytes:
    """A message whose sender and recipients are known only from the transport ``headers``."""
    properties = {0x0C1A: "", 0x0C1F: EXCHANGE, 0x0C1E: "EX", 0x007D: headers}
    return outlook_message("Rota", "See you at nine.", properties=properties)


HEADERS = "From: Jörg Müller <joerg@x.org>\r\nTo: Zoë – Ünal <zoe@x.org>\r\nSubject: Rota\r\n\r\n"


def test_header_lines_stored_a_byte_to_a_character_are_read_as_their_bytes():
    # the raw header bytes, not RFC 2047 words, each stored as the character of that number:
    # UTF-8 bytes ("Ã¶" for "ö") and Windows-1252 bytes ("\x96" for the dash) alike
    for encoding in ("utf-8", "cp1252"):
        stored = HEADERS.encode(encoding).decode("latin-1")
        meta = extract(_received(stored), filename="rota.msg").metadata
        assert meta["from"] == "Jörg Müller <joerg@x.org>", encoding
        assert meta["to"] == ["Zoë – Ünal <zoe@x.org>"], encoding
    # a header of Unicode text is read as it is
    meta = extract(_received(HEADERS), filename="rota.msg").metadata
    assert (meta["from"], meta["to"]) == ("Jörg Müller <joerg@x.org>", ["Zoë – Ünal <zoe@x.org>"])


def test_transport_headers_whose_unicode_stream_holds_8_bit_text():
    # the stream of a Unicode string holding the header's UTF-8 bytes as they are (written here
    # as the text those bytes are in UTF-16LE): read as UTF-16LE it was a run of CJK characters
    raw = HEADERS.encode("utf-8")
    meta = extract(_received(raw.decode("utf-16-le")), filename="rota.msg").metadata
    assert meta["from"] == "Jörg Müller <joerg@x.org>"
    assert meta["to"] == ["Zoë – Ünal <zoe@x.org>"]
