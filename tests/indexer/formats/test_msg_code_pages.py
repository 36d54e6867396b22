"""Outlook .msg: an ANSI message's strings (PT_STRING8) read in Windows's codec of its code page
(PR_MESSAGE_CODEPAGE), else of its Internet code page (PR_INTERNET_CPID) but US-ASCII, else in
Windows-1252; a message whose header extract-msg cannot read on opening in its own codec is
opened in that one. Messages built here; the expected texts are the strings written into them."""

from __future__ import annotations

from indexer import get_markdown

from ._outlook import _message


def _markdown(message) -> str:
    return get_markdown(message.to_bytes(), filename="message.msg")


def test_a_code_page_932_message_with_the_characters_windows_adds_is_read():
    # 髙 and ① are in Windows's code page 932, not in Shift_JIS, which extract-msg reads it in:
    # the sender's name, read as the message opened, raised and the whole message was lost
    sender = {0x3FFD: 932, 0x0C1A: "髙橋 一郎", 0x0C1F: "takahashi@example.jp"}
    message = _message("会議室①の予約", "開始～終了", ansi="cp932", properties=sender)
    assert _markdown(message) == (
        "# 会議室①の予約\n\nFrom: 髙橋 一郎 <takahashi@example.jp>\nSubject: 会議室①の予約\n\n開始～終了\n"
    )


def test_without_a_message_code_page_the_internet_one_is_read():
    # code page 1251 named by PR_INTERNET_CPID alone: extract-msg read ISO-8859-15, "Ïðèâåò"
    message = _message("Привет", "Текст письма", ansi="cp1251", code_page=1251)
    assert _markdown(message) == "# Привет\n\nSubject: Привет\n\nТекст письма\n"


def test_without_a_code_page_windows_1252_is_read():
    # the Internet code page US-ASCII (20127, the builder's), which says nothing of 8-bit text,
    # then 0 (the builder always writes one): extract-msg read ISO-8859-15, "LetŽs meet at œ past 2"
    for code_page in (20127, 0):
        message = _message("Let´s meet", "At ½ past 2, don´t be late.", ansi="cp1252", code_page=code_page)
        assert _markdown(message) == "# Let´s meet\n\nSubject: Let´s meet\n\nAt ½ past 2, don´t be late.\n"
