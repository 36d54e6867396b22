"""A message embedded in an Outlook message is read in the kind of strings its own streams hold:
a Unicode message attached to an ANSI one, and an ANSI one attached to a Unicode one, which were
both read as their holder's kind, from string streams they do not have (their subject, body and
class lost, each counted as an empty message). Built messages, each expected text the one
written into it."""

from __future__ import annotations

import pytest

from indexer import extract, get_markdown

from ._outlook import outlook_message


def test_a_unicode_message_embedded_in_an_ansi_one():
    inner = {"subject": "Innere Nachricht 日本", "body": "Innerer Text: Grüße 日本語"}
    data = outlook_message(
        "Внешнее письмо",
        "Текст снаружи",
        ansi="cp1251",
        properties={0x3FFD: 1251},
        embedded=[("inner.msg", inner)],
    )
    assert get_markdown(data, filename="outer.msg") == (
        "# Внешнее письмо\n\n"
        "Subject: Внешнее письмо\n\n"
        "Текст снаружи\n\n"
        "## Innere Nachricht 日本\n\n"
        "Subject: Innere Nachricht 日本\n\n"
        "Innerer Text: Grüße 日本語\n"
    )
    coverage = extract(data, filename="outer.msg").coverage
    assert (coverage.messages_total, coverage.messages_empty) == (2, 0)


def test_an_ansi_message_embedded_in_a_unicode_one_and_a_unicode_one_in_it():
    deepest = {"subject": "Tiefer", "body": "Noch ein Text"}
    inner = {
        "subject": "Grüße aus Köln",
        "body": "Schöne Grüße",
        "ansi": "cp1252",
        "properties": {0x3FFD: 1252},
        "embedded": [("deepest.msg", deepest)],
    }
    data = outlook_message("Outer", "Outer text", embedded=[("inner.msg", inner)])
    assert get_markdown(data, filename="outer.msg") == (
        "# Outer\n\nSubject: Outer\n\nOuter text\n\n"
        "## Grüße aus Köln\n\nSubject: Grüße aus Köln\n\nSchöne Grüße\n\n"
        "### Tiefer\n\nSubject: Tiefer\n\nNoch ein Text\n"
    )
    coverage = extract(data, filename="outer.msg").coverage
    assert (coverage.messages_total, coverage.messages_empty) == (3, 0)


def test_an_ansi_message_embedded_in_a_unicode_one_is_read_in_its_code_page():
    # the embedded message names no code page of its own: its holder's, 1251, is taken, where
    # extract-msg read ISO-8859-15 ("Ïèñüìî")
    inner = {"subject": "Письмо", "body": "Текст письма", "ansi": "cp1251"}
    data = outlook_message("Outer", "Outer text", properties={0x3FFD: 1251}, embedded=[("inner.msg", inner)])
    assert get_markdown(data, filename="outer.msg").endswith("## Письмо\n\nSubject: Письмо\n\nТекст письма\n")


def test_an_ansi_message_embedded_in_an_ansi_one_is_read_in_its_own_code_page():
    # A Greek message (code page 1253) attached to a Russian one (1251): extract-msg opens an
    # embedded message in its holder's encoding, which read the Greek as Cyrillic ("ЕрйуфплЮ").
    inner = {
        "subject": "Επιστολή",
        "body": "Κείμενο της επιστολής",
        "ansi": "cp1253",
        "properties": {0x3FFD: 1253},
    }
    data = outlook_message(
        "Письмо", "Текст письма", ansi="cp1251", properties={0x3FFD: 1251}, embedded=[("inner.msg", inner)]
    )
    assert get_markdown(data, filename="outer.msg") == (
        "# Письмо\n\nSubject: Письмо\n\nТекст письма\n\n"
        "## Επιστολή\n\nSubject: Επιστολή\n\nΚείμενο της επιστολής\n"
    )
    # one that names no code page, or its holder's, is read in its holder's
    for properties in ({}, {0x3FFD: 1251}):
        inner = {"subject": "Ответ", "body": "Текст ответа", "ansi": "cp1251", "properties": properties}
        data = outlook_message(
            "Письмо",
            "Текст письма",
            ansi="cp1251",
            properties={0x3FFD: 1251},
            embedded=[("inner.msg", inner)],
        )
        assert get_markdown(data, filename="outer.msg").endswith(
            "## Ответ\n\nSubject: Ответ\n\nТекст ответа\n"
        )


@pytest.mark.parametrize(
    "holder", [{}, {"ansi": "cp1252", "properties": {0x3FFD: 1252}}], ids=["unicode", "ansi"]
)
def test_a_code_page_932_message_embedded_with_characters_beyond_shift_jis(holder):
    # 髙 and ① are in Windows's code page 932, not in Shift_JIS: the message is read whole, in
    # a Unicode holder (a guard) and in a Western ANSI one (read in Windows-1252 before)
    inner = {
        "subject": "髙橋さんへ",
        "body": "髙橋の報告書です。①番",
        "ansi": "cp932",
        "properties": {0x3FFD: 932},
    }
    data = outlook_message("Outer", "Outer text", embedded=[("inner.msg", inner)], **holder)
    assert get_markdown(data, filename="outer.msg").endswith(
        "## 髙橋さんへ\n\nSubject: 髙橋さんへ\n\n髙橋の報告書です。①番\n"
    )
