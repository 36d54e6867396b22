"""Outlook .msg: heading levels follow the nesting of embedded messages."""

from __future__ import annotations

from indexer import extract, get_chunks
from indexer.model import HEADING

NESTED = "msg/MsgReader/HiraokaHyperTools__msgreader__msgInMsgInMsg.msg"


def test_a_message_inside_an_embedded_message_sits_below_it(real_world):
    # msgInMsgInMsg.msg, read with extract-msg: "I have sub attachments!" holds blue.png and the
    # embedded "I have attachments!", which holds green.png and the embedded "Microsoft Outlook
    # テスト メッセージ".
    path = real_world / NESTED
    doc = extract(path)
    assert [(b.level, b.text, b.meta["message_index"]) for b in doc.blocks if b.kind == HEADING] == [
        (1, "I have sub attachments!", 0),
        (2, "I have attachments!", 1),
        (3, "Microsoft Outlook テスト メッセージ", 2),
    ]
    paths = {tuple(c["metadata"]["heading_path"]) for c in get_chunks(path, mode="section")}
    assert ("I have sub attachments!", "I have attachments!", "Microsoft Outlook テスト メッセージ") in paths
    # listed in reading order, the parent before the message it holds
    assert doc.coverage.attachments_indexed == ("I have attachments!", "Microsoft Outlook テスト メッセージ")
