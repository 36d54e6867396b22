"""E-mail headers: raw 8-bit text and address lists."""

from __future__ import annotations

from indexer.formats.email import extract_eml, extract_mbox
from indexer.model import HEADING

from ._text_helpers import CTX

UTF8_HEADERS = (
    "From: José Núñez <j@example.org>\n"
    "To: Zoë <z@example.org>\n"
    "Subject: Café menü\n"
    "Content-Type: multipart/mixed; boundary=b\n"
    "\n"
    "--b\n"
    "Content-Type: text/plain; charset=utf-8\n"
    "\n"
    "un café\n"
    "--b\n"
    "Content-Type: application/pdf\n"
    'Content-Disposition: attachment; filename="Menü ¥.pdf"\n'
    "\n"
    "%PDF-1.4\n"
    "--b--\n"
).encode()


def test_raw_utf8_headers_are_decoded():
    # RFC 6532 mail: UTF-8 bytes straight in Subject, From, To and a file name
    doc = extract_eml(UTF8_HEADERS, CTX)
    assert doc.metadata["subject"] == "Café menü"
    assert doc.metadata["from"] == "José Núñez <j@example.org>"
    assert doc.metadata["to"] == ["Zoë <z@example.org>"]
    assert doc.blocks[0].kind == HEADING and doc.blocks[0].text == "Café menü"
    assert doc.blocks[1].text.splitlines()[0] == "From: José Núñez <j@example.org>"
    (skipped,) = doc.coverage.skipped_of("attachment")
    assert skipped.name == "Menü ¥.pdf"
    assert "\ufffd" not in doc.text


def test_raw_legacy_8bit_header_is_read_as_cp1252_and_next_to_encoded_words():
    raw = (
        b"From: Ren\xe9 <r@example.org>\n"
        b"Subject: Caf\xe9 =?utf-8?q?men=C3=BC?=\n"
        b"Content-Type: text/plain\n\nbody\n"
    )
    doc = extract_eml(raw, CTX)
    assert doc.metadata["from"] == "René <r@example.org>"
    assert doc.metadata["subject"] == "Café menü"


def test_eight_bit_attachment_name_in_a_real_mailbox(real_world):
    # line 643 of the file: filename="C:\xc2\xa5win95\xc2\xa5TEMP\xc2\xa5nsmailRJ.tiff" (UTF-8 ¥)
    doc = extract_mbox((real_world / "mbox" / "MimeKit_content-length.mbox").read_bytes(), CTX)
    names = [s.name for s in doc.coverage.skipped_of("image")]
    assert "C:¥win95¥TEMP¥nsmailRJ.tiff" in names
    assert not any("\ufffd" in n for n in names)


def test_comma_inside_an_encoded_display_name_does_not_split_the_address():
    # "Doe=2C_J=C3=B6hn" is "Doe, Jöhn": one recipient, not "Doe" and "Jöhn <j@x.org>"
    raw = (
        b"From: =?utf-8?Q?M=C3=BCller=2C_Hans?= <hm@example.org>\n"
        b"To: =?utf-8?Q?Doe=2C_J=C3=B6hn?= <j@x.org>, b@x.org\n"
        b'Cc: "=?utf-8?Q?Roe=2C_Ann?=" <ann@x.org>\n'
        b"Subject: Lists\n\nbody\n"
    )
    doc = extract_eml(raw, CTX)
    assert doc.metadata["from"] == "Müller, Hans <hm@example.org>"
    assert doc.metadata["to"] == ["Doe, Jöhn <j@x.org>", "b@x.org"]
    assert doc.metadata["cc"] == ["Roe, Ann <ann@x.org>"]
    assert doc.blocks[1].text.splitlines()[1] == "To: Doe, Jöhn <j@x.org>, b@x.org"


def _headers(**fields: str) -> bytes:
    return ("".join(f"{name}: {value}\n" for name, value in fields.items()) + "\nhi\n").encode()


def test_encoded_words_are_read_by_their_charset_as_a_part_is():
    # each expected text read off the bytes of its encoded word
    doc = extract_eml(
        _headers(
            # 0x93 and 0x94 under ISO-8859-1: Windows-1252's curly quotes, as mail readers show
            # them, not the C1 controls U+0093 and U+0094; 0xE9 is é either way
            Subject="=?iso-8859-1?q?=93Plans=94_for_the_caf=E9?=",
            # UTF-8 bytes (C3 BC ü, C3 9F ß) under a single-byte label: UTF-8, not "GrÃ¼ÃŸe"
            From="=?iso-8859-1?q?Gr=C3=BC=C3=9Fe_Team?= <team@example.org>",
            # a charset no codec has: the bytes sniffed (C3 B6 ö), not the replacement character
            To="=?unknown-8bit?q?K=C3=B6ln?= <koeln@example.org>, =?x-unknown?q?Z=FCrich?= <z@example.org>",
        ),
        CTX,
    )
    assert doc.metadata["subject"] == "“Plans” for the café"
    assert doc.metadata["from"] == "Grüße Team <team@example.org>"
    assert doc.metadata["to"] == ["Köln <koeln@example.org>", "Zürich <z@example.org>"]


def test_one_undecodable_encoded_word_leaves_the_others_decoded():
    # E2 80 is a three-byte UTF-8 sequence cut short: one replacement character where it fails;
    # the stdlib gave up on the whole header, which was shown with its encoded words as written
    subject = "=?utf-8?q?R=C3=A9union_=E2=80?= =?iso-8859-1?q?_=E0_10h?="
    doc = extract_eml(_headers(Subject=subject, From="a@example.org"), CTX)
    assert doc.metadata["subject"] == "Réunion \ufffd à 10h"
    # 8-bit bytes under US-ASCII are sniffed, as a part's are: E9 read in Windows-1252
    doc = extract_eml(_headers(Subject="=?us-ascii?q?Caf=E9?=", From="a@example.org"), CTX)
    assert doc.metadata["subject"] == "Café"


def test_a_backslash_beside_an_encoded_word_in_a_raw_utf8_header_is_kept():
    # raw UTF-8 (Zoë, €) with an encoded word (=C3=A9 é): a Windows path's "\\Users" was read as
    # an escape the codec refused, and the subject shown with its encoded word undecoded; a
    # typed "\\u00e9" was made an é; the € (U+20AC) beside them is kept
    subjects = {
        "=?utf-8?q?R=C3=A9union?= C:\\Users\\Zoë €": "Réunion C:\\Users\\Zoë €",
        "=?utf-8?q?R=C3=A9union?= Zoë \\u00e9": "Réunion Zoë \\u00e9",
    }
    for subject, shown in subjects.items():
        doc = extract_eml(_headers(Subject=subject, From="a@example.org"), CTX)
        assert doc.metadata["subject"] == shown


def test_an_rfc_2231_file_name_is_read_by_its_charset_as_an_encoded_word_is():
    # the %-escaped bytes of each name read as written: C3 BC C3 9F are UTF-8 (ü, ß) under
    # ISO-8859-1 and under no charset; 93 and 94 Windows-1252's curly quotes under ISO-8859-1
    names = [
        ("filename*=iso-8859-1''Gr%C3%BC%C3%9Fe.txt", "Grüße.txt"),
        ("filename*=''Gr%C3%BC%C3%9Fe.txt", "Grüße.txt"),
        ("filename*=iso-8859-1''%93Plan%94.txt", "“Plan”.txt"),
        ("filename*=iso-8859-1''Gr%FC%DFe.txt", "Grüße.txt"),  # ISO-8859-1 bytes, as before
    ]
    for disposition, name in names:
        raw = (
            "From: a@example.org\nSubject: s\nContent-Type: multipart/mixed; boundary=b\n\n"
            "--b\nContent-Type: text/plain\n\nbody\n"
            f"--b\nContent-Type: text/plain\nContent-Disposition: attachment; {disposition}\n\n"
            "file text\n--b--\n"
        ).encode()
        doc = extract_eml(raw, CTX)
        assert doc.coverage.attachments_indexed == (name,)


def _attached_names(head: bytes) -> tuple[str, ...]:
    raw = (
        b"From: a@example.org\nSubject: s\nContent-Type: multipart/mixed; boundary=b\n\n"
        b"--b\nContent-Type: text/plain\n\nbody\n--b\n" + head + b"\nfile text\n--b--\n"
    )
    return extract_eml(raw, CTX).coverage.attachments_indexed


def test_rfc_2231_file_names_as_mail_writers_write_them():
    # € is E2 82 AC in UTF-8, ü C3 BC, ä C3 A4, – (en dash) E2 80 93; 長 E9 95 B7, 檔 E6 AA 94,
    # 名 E5 90 8D; Ä C4 and ä E4 in ISO-8859-1
    shapes = [
        # Thunderbird: one line, or continuations (RFC 2231 3) when the name is long, beside a
        # Content-Type name in an encoded word
        (
            b'Content-Type: text/plain; charset=UTF-8;\n name="=?UTF-8?B?4oKsIFJlY2hudW5nLnR4dA==?="\n'
            b"Content-Disposition: attachment;\n filename*=UTF-8''%E2%82%AC%20Rechnung.txt\n",
            "€ Rechnung.txt",
        ),
        (
            b"Content-Type: text/plain; charset=UTF-8\n"
            b"Content-Disposition: attachment;\n filename*0*=UTF-8''%E2%82%AC%20Rechnung%20f%C3%BCr%20;\n"
            b" filename*1*=J%C3%A4nner%20%E2%80%93%20M%C3%A4rz.txt\n",
            "€ Rechnung für Jänner – März.txt",
        ),
        # Apple Mail: tab-folded, lower-case charset, with x-unix-mode
        (
            b"Content-Disposition: attachment;\n\tfilename*=utf-8''%E2%82%AC%20Rechnung.txt\n"
            b"Content-Type: text/plain;\n\tx-unix-mode=0644;\n"
            b'\tname="=?utf-8?Q?=E2=82=AC_Rechnung=2Etxt?="\n',
            "€ Rechnung.txt",
        ),
        # a mailer's continuations cut a character's bytes between sections: the sections'
        # octets are joined before they are read (長檔名.txt)
        (
            b"Content-Type: text/plain\nContent-Disposition: attachment;\n"
            b" filename*0*=utf-8''%E9%95%B7%E6%AA;\n filename*1*=%94%E5%90%8D.txt\n",
            "長檔名.txt",
        ),
        # ISO-8859-1 in Content-Type's name* alone (no Content-Disposition name)
        (
            b"Content-Type: text/plain; name*=iso-8859-1''ARV%20%C4rip%E4ev.txt\n"
            b"Content-Disposition: attachment\n",
            "ARV Äripäev.txt",
        ),
        # no charset: the bytes sniffed (UTF-8)
        (
            b"Content-Type: text/plain\nContent-Disposition: attachment; filename*=''%E2%82%AC.txt\n",
            "€.txt",
        ),
    ]
    for head, name in shapes:
        assert _attached_names(head) == (name,)


def test_an_rfc_2231_file_name_written_in_raw_utf8_is_read_as_text():
    # 8-bit UTF-8 written straight into an extended value, without %-escapes: its characters
    # are text, read with the escaped bytes beside them; characters past U+00FF came out as
    # Python escapes ("\\u20ac Rechnung.txt"), ü and ß, below it, as replacement characters
    heads = [
        (
            b"Content-Type: text/plain\nContent-Disposition: attachment;\n"
            b" filename*=UTF-8''\xe2\x82\xac Rechnung.txt\n",
            "€ Rechnung.txt",
        ),
        (
            b"Content-Type: text/plain\nContent-Disposition: attachment;\n"
            b" filename*=utf-8''Gr\xc3\xbc\xc3\x9fe%20%E2%82%AC.txt\n",
            "Grüße €.txt",
        ),
        (
            b"Content-Type: text/plain\nContent-Disposition: attachment;\n"
            b" filename*0*=utf-8''\xe9\x95\xb7%E6%AA%94;\n filename*1=\"\xe5\x90\x8d.txt\"\n",
            "長檔名.txt",
        ),
    ]
    for head, name in heads:
        assert _attached_names(head) == (name,)


def test_an_rfc_2231_file_name_is_read_before_a_plain_one_beside_it():
    # filename="EUR rates.txt" is the fallback for readers without RFC 2231; the stdlib gave the
    # first of the two
    head = (
        b'Content-Type: text/plain\nContent-Disposition: attachment; filename="EUR rates.txt";\n'
        b" filename*=utf-8''%E2%82%AC%20rates.txt\n"
    )
    assert _attached_names(head) == ("€ rates.txt",)


def test_a_group_of_addresses_keeps_its_name_with_its_members():
    # RFC 5322 3.4: a group is its name, a colon, its members and a semicolon; a mail reader
    # shows the name with the members ("Team: a@x.org, Café <b@y.org>;"), and the empty group
    # of a message sent to Bcc alone as written ("undisclosed-recipients:;"), a comment after it
    # left out as with any address. A list of two groups
    # without a comma between them (malformed) keeps its addresses.
    raw = (
        b"From: r@example.org\n"
        b"To: Team: a@x.org, =?utf-8?q?Caf=C3=A9?= <b@y.org>;, c@z.org\n"
        b"Cc: undisclosed-recipients:;\n"
        b"Bcc: A: k@x.org; Other: l@x.org;\n"
        b"Subject: Groups\n"
        b"Content-Type: text/plain\n\nbody\n"
    )
    doc = extract_eml(raw, CTX)
    assert doc.metadata["to"] == ["Team: a@x.org, Café <b@y.org>;", "c@z.org"]
    assert doc.metadata["cc"] == ["undisclosed-recipients:;"]
    assert doc.metadata["bcc"] == ["k@x.org", "l@x.org"]
    head = doc.blocks[1].text.splitlines()
    assert "To: Team: a@x.org, Café <b@y.org>;, c@z.org" in head
    assert "Cc: undisclosed-recipients:;" in head
    # as sendmail writes an empty group, a comment after it (which the registry alone misreads)
    raw = b"To: unlisted-recipients:; (no To-header on input)\nSubject: Sent\n\nbody\n"
    assert extract_eml(raw, CTX).metadata["to"] == ["unlisted-recipients:;"]


def test_text_against_an_encoded_word_stays_against_it():
    # RFC 2047 6.2: only whitespace between two encoded words is dropped; text written against
    # one (no space) stays so: "Caf" + "é" + "s" reads "Cafés", "th" + "é" "thé". Whitespace
    # between text and an encoded word is kept, a folded line's too ("du" + fold + "café "),
    # and the spaces between the encoded words "café " (its own space written "_"), "men" and
    # "ü" are dropped ("café menü").
    raw = (
        b"From: r@example.org\n"
        b"Subject: =?utf-8?q?Caf=C3=A9?=s et th=?utf-8?q?=C3=A9?= du\n"
        b" =?utf-8?q?caf=C3=A9_?= =?utf-8?q?men?= =?iso-8859-1?q?=FC?=\n"
        b"Content-Type: text/plain\n\nbody\n"
    )
    doc = extract_eml(raw, CTX)
    assert doc.metadata["subject"] == "Cafés et thé du café menü"


def test_an_encoded_word_under_a_codec_of_bytes_is_sniffed_as_under_no_charset():
    # "base64", "rot13" and "hex" name Python codecs of bytes, not charsets: their decoders raised
    # AssertionError or TypeError on the word's 8-bit bytes, and the whole mail failed; E9 is read
    # in Windows-1252, as under "x-unknown"
    for label in ("base64", "rot13", "hex"):
        doc = extract_eml(_headers(Subject=f"=?{label}?q?Caf=E9?=", From="a@example.org"), CTX)
        assert doc.metadata["subject"] == "Café"
