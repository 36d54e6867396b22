"""Outlook .msg: each string property (the sender's name and address, a recipient's, an
attachment's long and short file names and display name, the plain body, the transport headers)
read from the stream that holds it, whichever kind the message says its strings are: its Unicode
string (PT_UNICODE, ``001F``) first, else its 8-bit one (PT_STRING8, ``001E``) in the message's
code page (PR_MESSAGE_CODEPAGE, else PR_INTERNET_CPID, else Windows-1252). Messages built here;
the expected texts are the strings written into them."""

from __future__ import annotations

from indexer import extract_bytes, get_markdown

from ._outlook import _message


def _unicode(text: str):
    from aspose.email_foss.msg.property_types import PropertyTypeCode as T

    return T.PTYP_STRING, text


def _eight_bit(text: str, encoding: str):
    from aspose.email_foss.msg.property_types import PropertyTypeCode as T

    return T.PTYP_STRING8, text.encode(encoding)


def _recipient(message, address: str, *names):
    """A recipient of ``address`` whose display name is written as each of ``names`` (a typed
    value each), not as the builder writes it."""
    rcpt = message.add_recipient(address, display_name=address)
    rcpt.display_name = None
    for value in names:
        rcpt.properties.add(0x3001, *value)


def _attachment(message, data: bytes, **names):
    """A text attachment of ``data`` whose names are written as ``names`` give them (long, short,
    display: a list of typed values each), not as the builder writes them."""
    att = message.add_attachment("placeholder.txt", data, mime_type="text/plain")
    att.filename = None
    for key, prop in (("long", 0x3707), ("short", 0x3704), ("display", 0x3001)):
        for value in names.get(key, ()):
            att.properties.add(prop, *value)


def test_a_unicode_messages_8_bit_strings_are_read_in_its_code_page():
    # a Unicode message (its store support mask says so) whose other strings a writer stored as
    # 8-bit ones in code page 1251: none was found, and the attachment was "attachment 1"
    message = _message("Отчёт за март", properties={0x3FFD: 1251})
    cp1251 = "cp1251"
    message.set_property(0x1000, *_eight_bit("Добрый день, отчёт во вложении.", cp1251))
    message.set_property(0x0C1A, *_eight_bit("Иван Петров", cp1251))
    message.set_property(0x0C1F, *_eight_bit("ivan@example.org", cp1251))
    _recipient(message, "olga@example.org", _eight_bit("Ольга Смирнова", cp1251))
    _attachment(message, "Итого: 42".encode(), long=[_eight_bit("отчёт-март.txt", cp1251)])
    assert get_markdown(message.to_bytes(), filename="report.msg") == (
        "# Отчёт за март\n\n"
        "From: Иван Петров <ivan@example.org>\n"
        "To: Ольга Смирнова <olga@example.org>\n"
        "Subject: Отчёт за март\n\n"
        "Добрый день, отчёт во вложении.\n\n"
        "## Attachment: отчёт-март.txt\n\n"
        "Итого: 42\n"
    )


def test_without_a_message_code_page_the_internet_one_is_taken():
    # code page 932 named by PR_INTERNET_CPID alone
    message = _message("会議", "明日です。", code_page=932)
    _recipient(message, "hanako@example.jp", _eight_bit("佐藤花子", "cp932"))
    _attachment(message, b"agenda", short=[_eight_bit("議題.txt", "cp932")])
    doc = extract_bytes(message.to_bytes(), "meeting.msg")
    assert doc.blocks[1].text.split("\n")[0] == "To: 佐藤花子 <hanako@example.jp>"
    assert doc.blocks[3].text == "Attachment: 議題.txt"


def test_an_ansi_messages_unicode_strings_win_over_its_8_bit_ones():
    # an ANSI message in code page 1252 writing names twice, the 8-bit string with "?" for each
    # character the code page lacks, or as Unicode strings alone
    message = _message("Lunch", "See you there.", ansi="cp1252", properties={0x3FFD: 1252})
    message.set_property(0x0C1A, *_eight_bit("???? ??????", "cp1252"))
    message.set_property(0x0C1A, *_unicode("Иван Петров"))
    message.set_property(0x0C1F, *_eight_bit("ivan@example.org", "cp1252"))
    _recipient(message, "hanako@example.jp", _eight_bit("?? ??", "cp1252"), _unicode("山田 花子"))
    _attachment(
        message,
        b"Soup, bread.",
        long=[_unicode("меню ☕.txt")],
        short=[_eight_bit("????.txt", "cp1252")],
    )
    _attachment(message, b"Tea.", display=[_unicode("Чай ☕")])
    doc = extract_bytes(message.to_bytes(), "lunch.msg")
    assert doc.blocks[1].text.split("\n")[:2] == [
        "From: Иван Петров <ivan@example.org>",
        "To: 山田 花子 <hanako@example.jp>",
    ]
    assert [b.text for b in doc.blocks if b.kind == "heading"][1:] == [
        "Attachment: меню ☕.txt",
        "Attachment: Чай ☕",
    ]


def test_an_ansi_messages_own_strings_still_read_in_its_code_page():
    # an ANSI message in code page 1251 with one Unicode string (its body) among its 8-bit ones
    message = _message("Привет", ansi="cp1251", properties={0x3FFD: 1251, 0x0C1A: "Мария"})
    message.set_property(0x0C1F, *_eight_bit("maria@example.org", "cp1251"))
    message.set_property(0x1000, *_unicode("Текст ✓"))
    _recipient(message, "ivan@example.org", _eight_bit("Иван", "cp1251"))
    assert get_markdown(message.to_bytes(), filename="hello.msg") == (
        "# Привет\n\n"
        "From: Мария <maria@example.org>\n"
        "To: Иван <ivan@example.org>\n"
        "Subject: Привет\n\n"
        "Текст ✓\n"
    )


def test_an_embedded_message_mixing_kinds_reads_each_string_too():
    # the embedded message names no code page of its own: its holder's is taken
    inner = _message("Вложенное", "Текст")
    _recipient(inner, "olga@example.org", _eight_bit("Ольга", "cp1251"))
    outer = _message("Outer", "Forwarded.", properties={0x3FFD: 1251})
    outer.add_embedded_message_attachment(inner, filename="inner.msg")
    md = get_markdown(outer.to_bytes(), filename="outer.msg")
    assert md.endswith("## Вложенное\n\nTo: Ольга <olga@example.org>\nSubject: Вложенное\n\nТекст\n")


def test_a_unicode_messages_8_bit_transport_headers_are_read_in_its_code_page():
    # no sender properties: the sender is read from the transport headers, stored as 8-bit text
    message = _message("Hi", "Body.", properties={0x3FFD: 1251})
    headers = "From: Пётр Иванов <petr@example.org>\r\nTo: olga@example.org\r\nSubject: Hi\r\n\r\n"
    message.set_property(0x007D, *_eight_bit(headers, "cp1251"))
    doc = extract_bytes(message.to_bytes(), "hi.msg")
    assert doc.blocks[1].text.split("\n")[:2] == [
        "From: Пётр Иванов <petr@example.org>",
        "To: olga@example.org",
    ]


def test_an_html_body_stored_as_a_string_property_is_read():
    # PR_HTML is binary, but some writers store it as a string: a Unicode one (1013001F) in a
    # Unicode message, an 8-bit one (1013001E) in an ANSI message of code page 1251; with no plain
    # or RTF body beside it, the message was read as having no body
    page = "<html><body><h1>Меню</h1><p>Суп и хлеб.</p></body></html>"
    unicode = _message("Lunch")
    unicode.set_property(0x1013, *_unicode(page))
    ansi = _message("Lunch", ansi="cp1251", properties={0x3FFD: 1251})
    ansi.set_property(0x1013, *_eight_bit(page, "cp1251"))
    for message in (unicode, ansi):
        doc = extract_bytes(message.to_bytes(), "lunch.msg")
        assert [b.text for b in doc.blocks[2:]] == ["Меню", "Суп и хлеб."]


def test_a_string_html_body_with_a_table_is_read_beside_the_plain_one():
    # a data table in the HTML body is read instead of the plain body, as from a binary PR_HTML
    page = (
        "<html><body><p>Prices:</p><table><tr><th>Item</th><th>Price</th></tr>"
        "<tr><td>Soup</td><td>4</td></tr><tr><td>Bread</td><td>2</td></tr></table></body></html>"
    )
    message = _message("Prices", "Prices:\nItem Price\nSoup 4\nBread 2")
    message.set_property(0x1013, *_unicode(page))
    md = get_markdown(message.to_bytes(), filename="prices.msg")
    assert md.endswith("Prices:\n\n| Item | Price |\n| --- | --- |\n| Soup | 4 |\n| Bread | 2 |\n")


PUBLIC_STRINGS = "00020329-0000-0000-C000-000000000046"  # PS_PUBLIC_STRINGS
APPOINTMENT = "00062002-0000-0000-C000-000000000046"  # PSETID_Appointment


def test_named_string_properties_of_the_other_kind_are_read():
    # an appointment's location (PidLidLocation) and categories (Keywords, several values), 8-bit
    # in a Unicode message of code page 1251, Unicode in an ANSI one: extract-msg decoded them in
    # the message's own kind (UTF-16LE, or the ANSI code page), and both lines were lost
    from aspose.email_foss.msg.property_types import PropertyTypeCode as T

    def appointment(kind, multiple, encode, **options):
        named = [
            (APPOINTMENT, 0x8208, kind, encode("Переговорная 4")),
            (PUBLIC_STRINGS, "Keywords", multiple, [encode("Работа"), encode("Срочно")]),
        ]
        return _message("Встреча", "Обсудим план.", message_class="IPM.Appointment", named=named, **options)

    eight_bit = appointment(
        T.PTYP_STRING8, T.PTYP_MULTIPLE_STRING8, lambda text: text.encode("cp1251"), properties={0x3FFD: 1251}
    )
    unicode = appointment(
        T.PTYP_STRING, T.PTYP_MULTIPLE_STRING, str, ansi="cp1251", properties={0x3FFD: 1251}
    )
    for message in (eight_bit, unicode):
        doc = extract_bytes(message.to_bytes(), "meeting.msg")
        assert doc.blocks[1].text == "Location: Переговорная 4\nCategories: Работа, Срочно"
