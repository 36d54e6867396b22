"""A text file attached to an Outlook .msg is read as text by the same rule as e-mail's: by its
type (text/*, application/json, application/xml, scripts …) whatever its name, so that the same
file attached to a .eml and to a .msg gives the same text."""

from __future__ import annotations

from indexer import extract

WIDGET_JSON = b'{\n  "name": "Widget",\n  "tags": ["a", "b"]\n}\n'


def _msg(*attachments: tuple[str, bytes, str]) -> bytes:
    from aspose.email_foss.msg import MapiMessage

    msg = MapiMessage.create("Export")
    msg.message_class = "IPM.Note"
    msg.body = "The export."
    for name, data, mime in attachments:
        msg.add_attachment(name, data, mime_type=mime)
    return msg.to_bytes()


def test_a_json_attachment_without_a_json_name_is_read_as_text():
    # sent as application/json under a name no extractor claims, it was read as a JSON file
    # ("name: Widget", "tags: a, b"), where e-mail reads the file's own text
    doc = extract(_msg(("data", WIDGET_JSON, "application/json")), filename="export.msg")
    assert [b.text for b in doc.blocks][-2:] == [
        "Attachment: data",
        '{\n  "name": "Widget",\n  "tags": ["a", "b"]\n}',
    ]
    assert doc.coverage.attachments_indexed == ("data",)
