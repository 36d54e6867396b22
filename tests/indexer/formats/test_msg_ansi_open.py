"""An ANSI Outlook message (PT_STRING8 strings in its code page) is opened once: its encoding,
learnt on opening, is set on the open message, whose header and body are read again in it and
whose attachments and embedded messages are read with it. Built messages in code page 1251,
their expected texts the ones written into them; and a real ANSI message."""

from __future__ import annotations

from typing import Any

import pytest

from indexer import extract, get_markdown
from tests.conftest import REAL_WORLD

from ._outlook import outlook_message

CP1251 = {0x3FFD: 1251}  # PR_MESSAGE_CODEPAGE


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The options of each call opening a whole .msg file (embedded messages are opened by
    extract-msg's attachments, not by this name)."""
    import extract_msg

    calls: list[dict[str, Any]] = []
    real = extract_msg.openMsg

    def counted(path: Any, **kwargs: Any) -> Any:
        calls.append(kwargs)
        return real(path, **kwargs)

    monkeypatch.setattr(extract_msg, "openMsg", counted)
    return calls


def _ansi_message() -> bytes:
    sender = {**CP1251, 0x0C1A: "Иван Петров", 0x0C1F: "ivan@example.org"}
    inner = {"subject": "Вложенное письмо", "body": "Текст внутри", "ansi": "cp1251", "properties": CP1251}
    return outlook_message(
        "Внешнее письмо", "Текст снаружи", ansi="cp1251", properties=sender, embedded=[("inner.msg", inner)]
    )


def test_an_ansi_message_is_opened_once_and_read_in_its_code_page(opened):
    md = get_markdown(_ansi_message(), filename="ansi.msg")
    assert len(opened) == 1
    # the sender comes from its properties (no transport headers): the header made of them is
    # read again in the code page as the subject and the body are, the embedded message in it too
    assert md == (
        "# Внешнее письмо\n\n"
        "From: Иван Петров <ivan@example.org>\nSubject: Внешнее письмо\n\n"
        "Текст снаружи\n\n"
        "## Вложенное письмо\n\n"
        "Subject: Вложенное письмо\n\n"
        "Текст внутри\n"
    )


def test_a_unicode_message_is_opened_once_too(opened):
    doc = extract(outlook_message("Письмо", "Текст"), filename="unicode.msg")
    assert len(opened) == 1
    assert [b.text for b in doc.blocks] == ["Письмо", "Subject: Письмо", "Текст"]


def test_a_real_ansi_message_is_opened_once(real_world, opened):
    path = REAL_WORLD / "msg" / "MsgReader" / "hrbrmstr__msgxtractr__TestMessage-ansi.msg"
    doc = extract(path)
    assert len(opened) == 1
    assert doc.metadata["subject"] == "New Message!"
    assert doc.blocks[1].text.split("\n")[:2] == [
        "From: Sender <sender@example.com>",
        "To: Recipient 1 <recipient1@example.com>, Recipient 2 <recipient2@example.com>",
    ]


def test_where_extract_msg_keeps_its_encoding_elsewhere_it_is_opened_again(opened, monkeypatch):
    from indexer.formats import msg

    monkeypatch.setattr(msg, "_ENCODING_FIELDS", ("_MSGFile__notThere",))
    once = get_markdown(_ansi_message(), filename="ansi.msg")
    assert len(opened) == 2
    assert opened[1]["overrideEncoding"] == "mail_ansi_cp1251"
    monkeypatch.undo()
    assert once == get_markdown(_ansi_message(), filename="ansi.msg")
