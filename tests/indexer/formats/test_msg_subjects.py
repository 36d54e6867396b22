"""Outlook .msg: a message's subject read from its Unicode string (PR_SUBJECT_W,
``__substg1.0_0037001F``) where it holds one, whatever kind of strings the message says it holds,
and from its 8-bit string (PR_SUBJECT_A, ``0037001E``) where it holds that one alone. Messages
built here; the expected subjects are the strings written into them."""

from __future__ import annotations

from indexer import extract_bytes

from ._outlook import _message

CP1252 = {0x3FFD: 1252}  # PR_MESSAGE_CODEPAGE


def _read(message) -> list[str]:
    return [b.text for b in extract_bytes(message.to_bytes(), "subject.msg").blocks]


def test_an_ansi_messages_unicode_subject_wins():
    # an ANSI message (PT_STRING8 strings in code page 1252) writing its subject twice: the 8-bit
    # string as its code page writes it, "?" for the é and the cup it lacks, and the Unicode one
    from aspose.email_foss.msg.property_types import PropertyTypeCode as T

    message = _message("Caf? ? at noon", "See you there.", ansi="cp1252", properties=CP1252)
    message.set_property(0x0037, T.PTYP_STRING, "Café ☕ at noon")
    assert _read(message) == ["Café ☕ at noon", "Subject: Café ☕ at noon", "See you there."]


def test_a_unicode_message_with_an_eight_bit_subject_alone_reads_it():
    # a Unicode message whose subject is written as an 8-bit string only, in its code page
    from aspose.email_foss.msg.property_types import PropertyTypeCode as T

    message = _message("placeholder", "See you there.", properties=CP1252)
    message.properties.remove(0x0037, T.PTYP_STRING)
    message.set_property(0x0037, T.PTYP_STRING8, "Café au lait".encode("cp1252"))
    assert _read(message) == ["Café au lait", "Subject: Café au lait", "See you there."]


def test_an_ansi_message_without_a_unicode_subject_reads_its_own():
    message = _message("Crème brûlée", "Dessert.", ansi="cp1252", properties=CP1252)
    assert _read(message) == ["Crème brûlée", "Subject: Crème brûlée", "Dessert."]
