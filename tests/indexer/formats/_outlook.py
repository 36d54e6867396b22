"""Outlook messages built for the mail tests, all by one function, so that each test says only
what its message holds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

#: a property's value, its MAPI type told by the Python type (see ``_typed``)
Value = str | bytes | int


class Attachment(NamedTuple):
    """A file attached to a message; a plain (name, data, mime) tuple does as well."""

    name: str
    data: bytes
    mime: str | None = None
    #: the Content-ID an HTML body or page shows it by (``cid:``)
    content_id: str | None = None
    #: the Content-Location an HTML body shows it by (``<img src="chart.png">``)
    content_location: str | None = None
    #: the charset MIME conversion writes apart from the MIME tag (``PR_TEXT_ATTACHMENT_CHARSET``)
    charset: str | None = None


def outlook_message(
    subject: str, body: str | None = None, attachments: Sequence[tuple] = (), **options
) -> bytes:
    """A ``.msg`` file of ``subject``, the plain ``body`` and ``attachments``, with the
    ``options`` of ``_message``."""
    from aspose.email_foss.msg import MsgWriter

    document = _message(subject, body, attachments, **options).to_msg_document()
    _embedded_headers(document.root)
    return MsgWriter.to_bytes(document)


def _embedded_headers(storage: Any) -> None:
    """Give each embedded message's property stream the 24-byte header of MS-OXMSG 2.4.1.2. The
    writer gives it the file's own 32 bytes (8 reserved more), so that a reader, taking the
    header an embedded message has, read its properties 8 bytes off: none was found."""
    for child in storage.storages:
        if child.name == "__substg1.0_3701000D":
            for stream in child.streams:
                if stream.name == "__properties_version1.0" and len(stream.data) >= 32:
                    stream.data = stream.data[:24] + stream.data[32:]
        _embedded_headers(child)


def _message(
    subject: str,
    body: str | None = None,
    attachments: Sequence[tuple] = (),
    *,
    html: str | bytes | None = None,
    rtf: bytes | None = None,
    code_page: int | None = None,
    ansi: str | None = None,
    message_class: str = "IPM.Note",
    recipients: Sequence[tuple[str, str]] = (),
    properties: Mapping[int, Value] | None = None,
    named: Sequence[tuple[str, int | str, int, Any]] = (),
    embedded: Sequence[tuple[str, Mapping[str, Any]]] = (),
):
    """The message: ``attachments`` each an ``Attachment`` or a tuple of its fields.

    ``html`` is the HTML body's stream (``PR_HTML``), a str written as UTF-8, bytes as they are
    (the stream names no charset of its own); ``rtf`` an RTF body, stored compressed
    (``PR_RTF_COMPRESSED``) as Outlook stores one; ``code_page`` the message's
    ``PR_INTERNET_CPID``; ``ansi`` writes an ANSI message (no Unicode strings: ``PT_STRING8``
    properties, the subject, the body and each str of ``properties``, in that encoding; name its
    code page in ``PR_MESSAGE_CODEPAGE``, 0x3FFD, among ``properties``). ``recipients`` are (address, display name) each; ``properties`` set
    any other property by its id, its type told by its value; ``named`` are named properties as
    (property set GUID, LID or name, property type, value) each, their types given (times,
    booleans, floats and lists of values are among them): the fields of a calendar item or a
    task, an item's categories (``Keywords`` in PS_PUBLIC_STRINGS).
    ``embedded`` are messages attached as messages, not as files: (file name, the keyword
    arguments of this function for that message) each.
    """
    from aspose.email_foss.msg import MapiMessage, MapiNamedProperty

    msg = MapiMessage.create(subject, unicode_strings=ansi is None)
    msg.message_class = message_class
    if ansi is not None:
        msg.set_property(0x0037, *_typed(subject, ansi))
    if body is not None:
        msg.set_property(0x1000, *_typed(body, ansi))
    if html is not None:
        msg.set_property(0x1013, *_typed(html.encode("utf-8") if isinstance(html, str) else html))
    if rtf is not None:
        import compressed_rtf

        msg.set_property(0x1009, *_typed(compressed_rtf.compress(rtf, compressed=True)))
    if code_page is not None:
        msg.set_property(0x3FDE, *_typed(code_page))
    for prop, value in (properties or {}).items():
        msg.set_property(prop, *_typed(value, ansi))
    for guid, lid, kind, value in named:
        key = (
            MapiNamedProperty.string(lid, guid)
            if isinstance(lid, str)
            else MapiNamedProperty.numeric(lid, guid)
        )
        msg.set_named_property(key, kind, value)
    for address, display_name in recipients:
        msg.add_recipient(address, display_name=display_name)
    for attachment in attachments:
        name, data, mime, content_id, content_location, charset = Attachment(*attachment)
        added = msg.add_attachment(name, data, mime_type=mime, content_id=content_id)
        if content_location is not None:
            added.set_property(0x3713, *_typed(content_location))  # PR_ATTACH_CONTENT_LOCATION
        if charset is not None:
            added.set_property(0x371B, *_typed(charset))  # PR_TEXT_ATTACHMENT_CHARSET
    for filename, inner in embedded:
        msg.add_embedded_message_attachment(_message(**inner), filename=filename)
    return msg


def rtf_lines(text: str, font: str = "Calibri", size: int = 11) -> bytes:
    """``text`` as an RTF body (for ``rtf``): each line a paragraph in ``font`` at ``size``
    points, its spaces kept and its tabs written as RTF's ``\\tab``."""
    escaped = [
        line.replace("\\", "\\\\").replace("{", "\\{").replace("}", "\\}").replace("\t", "\\tab ")
        for line in text.split("\n")
    ]
    body = "".join(f"{line}\\par\n" for line in escaped)
    head = f"{{\\rtf1\\ansi\\deff0{{\\fonttbl{{\\f0 {font};}}}}\\f0\\fs{size * 2}\n"
    return (head + body + "}").encode("ascii")


def _typed(value: Value, ansi: str | None = None) -> tuple[int, Value]:
    """The MAPI type of ``value`` and ``value``: a str a Unicode string (an 8-bit one in the
    encoding ``ansi`` when given), bytes binary, an int a 32-bit integer."""
    from aspose.email_foss.msg.property_types import PropertyTypeCode as T

    if isinstance(value, str):
        return (T.PTYP_STRING, value) if ansi is None else (T.PTYP_STRING8, value.encode(ansi))
    if isinstance(value, bytes):
        return T.PTYP_BINARY, value
    return T.PTYP_INTEGER32, value
