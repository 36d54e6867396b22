"""Write the sample Outlook messages of sample_corpus/outlook/ (deterministic: same bytes each run).

    python bench/make_sample_msg.py [OUT_DIR]

q1_stock_review.msg: a message from Ada to Grace (Cc Alan), high importance, a plain body of four paragraphs,
a text attachment (notes.txt), a PNG (chart.png) and an embedded reply message. Written with
aspose-email-foss (pure Python; needed only to regenerate the files).
office_notice_rtf.msg: a message whose only body is compressed RTF.
"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_sample_sheets import png_bytes  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "sample_corpus" / "outlook"

PR_IMPORTANCE = 0x0017
PR_CLIENT_SUBMIT_TIME = 0x0039
PR_CONVERSATION_TOPIC = 0x0070
PR_RTF_COMPRESSED = 0x1009
CC = 2

BODY = (
    "Hello team,\n\nThe Q1 figures are attached; kettles sold best.\n\n"
    "Please check the notes before Friday.\n\nAda"
)
NOTES = "Kettles: 42 on hand.\nToasters: 17 on hand.\n\nRecount blenders.\n"


def stock_review() -> bytes:
    from aspose.email_foss.msg import MapiMessage
    from aspose.email_foss.msg.mapi_message import CommonMessagePropertyId as P
    from aspose.email_foss.msg.property_types import PropertyTypeCode as T

    sent = dt.datetime(2024, 4, 2, 9, 30, tzinfo=dt.UTC)
    reply = MapiMessage.create(
        "Re: Kettle stock", "We can ship 40 kettles on Friday.\n\nRegards,\nBrightware"
    )
    reply.message_class = "IPM.Note"
    reply.set_property(P.SENDER_NAME, T.PTYP_STRING, "Brightware Sales")
    reply.set_property(P.SENDER_EMAIL_ADDRESS, T.PTYP_STRING, "sales@brightware.example")
    reply.add_recipient("ops@hearth.example", display_name="Hearth Ops")
    # A delivery time also pins the conversation index (the writer uses "now" without one).
    reply.set_property(P.MESSAGE_DELIVERY_TIME, T.PTYP_TIME, sent - dt.timedelta(days=1))

    msg = MapiMessage.create("Q1 stock review", BODY)
    msg.message_class = "IPM.Note"
    msg.set_property(P.SENDER_NAME, T.PTYP_STRING, "Ada Lovelace")
    msg.set_property(P.SENDER_EMAIL_ADDRESS, T.PTYP_STRING, "ada@hearth.example")
    msg.set_property(P.SENDER_ADDRESS_TYPE, T.PTYP_STRING, "SMTP")
    msg.set_property(PR_CLIENT_SUBMIT_TIME, T.PTYP_TIME, sent)
    msg.set_property(P.MESSAGE_DELIVERY_TIME, T.PTYP_TIME, sent + dt.timedelta(minutes=2))
    msg.set_property(PR_IMPORTANCE, T.PTYP_INTEGER32, 2)  # high
    msg.set_property(PR_CONVERSATION_TOPIC, T.PTYP_STRING, "Q1 stock review")
    msg.add_recipient("grace@hearth.example", display_name="Grace Hopper")
    msg.add_recipient("alan@hearth.example", display_name="Alan Turing", recipient_type=CC)
    msg.add_attachment("notes.txt", NOTES.encode("utf-8"), mime_type="text/plain")
    msg.add_attachment("chart.png", png_bytes(), mime_type="image/png")
    msg.add_embedded_message_attachment(reply, filename="Re Kettle stock.msg")
    return msg.to_bytes()


NOTICE_RTF = (
    rb"{\rtf1\ansi\deff0{\fonttbl{\f0 Arial;}}\f0\fs20 Office closed on Monday.\par\par"
    rb" The \b caf\'e9\b0  reopens on Tuesday at 8:00.\par}"
)


def office_notice() -> bytes:
    """A message whose only body is compressed RTF (no plain or HTML body)."""
    import compressed_rtf
    from aspose.email_foss.msg import MapiMessage
    from aspose.email_foss.msg.mapi_message import CommonMessagePropertyId as P
    from aspose.email_foss.msg.property_types import PropertyTypeCode as T

    msg = MapiMessage.create("Office notice")
    msg.message_class = "IPM.Note"
    msg.set_property(P.SENDER_NAME, T.PTYP_STRING, "Facilities")
    msg.set_property(P.SENDER_EMAIL_ADDRESS, T.PTYP_STRING, "facilities@hearth.example")
    msg.set_property(P.MESSAGE_DELIVERY_TIME, T.PTYP_TIME, dt.datetime(2024, 4, 5, 16, 0, tzinfo=dt.UTC))
    msg.set_property(PR_RTF_COMPRESSED, T.PTYP_BINARY, compressed_rtf.compress(NOTICE_RTF, compressed=True))
    msg.add_recipient("all@hearth.example", display_name="All staff")
    return msg.to_bytes()


SAMPLES = {"q1_stock_review.msg": stock_review, "office_notice_rtf.msg": office_notice}


def main(out: Path = OUT) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, make in SAMPLES.items():
        (out / name).write_bytes(make())
        print(out / name)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
