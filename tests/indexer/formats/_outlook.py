"""Outlook messages built for the mail tests."""

from __future__ import annotations


def outlook_message(
    subject: str,
    body: str,
    attachments: tuple[tuple[str, bytes, str], ...],
    message_class: str = "IPM.Note",
    named: tuple[tuple[str, int, int, object], ...] = (),
) -> bytes:
    """A plain-text ``.msg`` with ``attachments`` as (file name, bytes, MIME type) each, of class
    ``message_class``, with ``named`` properties as (property set GUID, numeric id, property type,
    value) each: the fields of a task or a calendar item."""
    from aspose.email_foss.msg import MapiMessage, MapiNamedProperty

    msg = MapiMessage.create(subject)
    msg.message_class = message_class
    msg.body = body
    for name, data, mime in attachments:
        msg.add_attachment(name, data, mime_type=mime)
    for guid, lid, kind, value in named:
        msg.set_named_property(MapiNamedProperty.numeric(lid, guid), kind, value)
    return msg.to_bytes()
