"""Outlook messages built for the mail tests."""

from __future__ import annotations


def outlook_message(subject: str, body: str, attachments: tuple[tuple[str, bytes, str], ...]) -> bytes:
    """A plain-text ``.msg`` with ``attachments`` as (file name, bytes, MIME type) each."""
    from aspose.email_foss.msg import MapiMessage

    msg = MapiMessage.create(subject)
    msg.message_class = "IPM.Note"
    msg.body = body
    for name, data, mime in attachments:
        msg.add_attachment(name, data, mime_type=mime)
    return msg.to_bytes()
