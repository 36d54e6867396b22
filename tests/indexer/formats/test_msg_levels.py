"""Outlook .msg: heading levels follow the nesting of embedded messages, and the headings of an
HTML body or attachment sit below the heading of the message (or attachment) they belong to."""

from __future__ import annotations

from indexer import extract, get_chunks
from indexer.model import HEADING

from ._outlook import outlook_message

NESTED = "msg/MsgReader/HiraokaHyperTools__msgreader__msgInMsgInMsg.msg"


def test_a_message_inside_an_embedded_message_sits_below_it(real_world):
    # msgInMsgInMsg.msg, read with extract-msg: "I have sub attachments!" holds blue.png and the
    # embedded "I have attachments!", which holds green.png and the embedded "Microsoft Outlook
    # テスト メッセージ".
    path = real_world / NESTED
    doc = extract(path)
    assert [(b.level, b.text, b.meta["message_index"]) for b in doc.blocks if b.kind == HEADING] == [
        (1, "I have sub attachments!", 1),
        (2, "I have attachments!", 2),
        (3, "Microsoft Outlook テスト メッセージ", 3),
    ]
    paths = {tuple(c["metadata"]["heading_path"]) for c in get_chunks(path, mode="section")}
    assert ("I have sub attachments!", "I have attachments!", "Microsoft Outlook テスト メッセージ") in paths
    # listed in reading order, the parent before the message it holds
    assert doc.coverage.attachments_indexed == ("I have attachments!", "Microsoft Outlook テスト メッセージ")


def _shipping_news() -> bytes:
    return outlook_message(
        "Shipping news",
        attachments=[("guide.html", b"<h1>Care guide</h1><p>Descale monthly.</p>", "text/html")],
        html=(
            "<html><body><h1>Your order is on its way</h1><p>Parcel GS-20417.</p>"
            "<h2>Returns</h2><p>Within 30 days.</p></body></html>"
        ),
        embedded=[("Re order.msg", dict(subject="Re: order", html="<h1>Thanks</h1><p>Got it.</p>"))],
    )


def test_html_headings_sit_below_their_message_and_attachment():
    data = _shipping_news()
    doc = extract(data, filename="news.msg")
    assert [(b.level, b.text) for b in doc.blocks if b.kind == HEADING] == [
        (1, "Shipping news"),
        (2, "Your order is on its way"),  # <h1> of the HTML body
        (3, "Returns"),  # <h2>
        (2, "Attachment: guide.html"),
        (3, "Care guide"),  # <h1> of the attachment
        (2, "Re: order"),  # the embedded message
        (3, "Thanks"),  # <h1> of its HTML body
    ]
    paths = {
        c["content"]: c["metadata"]["heading_path"]
        for c in get_chunks(data, filename="news.msg", mode="section")
    }
    assert paths["Within 30 days."] == ["Shipping news", "Your order is on its way", "Returns"]
    assert paths["Descale monthly."] == ["Shipping news", "Attachment: guide.html", "Care guide"]
    assert paths["Got it."] == ["Shipping news", "Re: order", "Thanks"]


def test_the_hidden_elements_of_each_html_body_are_counted_once():
    from indexer.formats.html import HIDDEN_REASON
    from indexer.model import Skipped

    msg = outlook_message(
        "Spring opening",
        html=(
            "<html><head><style>.preheader{display:none!important}</style></head><body>"
            "<div class=preheader>Doors open at nine</div><h1>We are open</h1><p>From Saturday.</p></body></html>"
        ),
        embedded=[
            (
                "Re opening.msg",
                dict(subject="Re: opening", html="<p>See you<span hidden> (tracking 5521)</span>.</p>"),
            )
        ],
    )
    doc = extract(msg, filename="opening.msg")
    assert "We are open" in doc.text and "See you." in doc.text
    assert "Doors open" not in doc.text and "tracking" not in doc.text
    assert doc.coverage.skipped_of("hidden") == (
        Skipped("hidden", "2 elements", HIDDEN_REASON, on_purpose=True),
    )


def test_an_html_only_body_keeps_its_link_targets():
    # as the HTML read in place of a plain body does (a mail links to what its plain form writes out)
    msg = outlook_message(
        "Rooms",
        html=(
            '<p>Booked through <a href="https://rooms.example.org/fri?t=91">the room system</a>; '
            'questions to <a href="mailto:li@example.org">Li</a> or see <a href="https://example.org/help/">'
            "example.org/help</a>.</p>"
        ),
    )
    doc = extract(msg, filename="rooms.msg")
    assert doc.blocks[-1].text == (
        "Booked through the room system <https://rooms.example.org/fri?t=91>; "
        "questions to Li <mailto:li@example.org> or see example.org/help."
    )
