"""Characters Word keeps outside ``w:t``: symbols written as ``w:sym`` or as Word's ``w16se:symEx``
(emoji, in an ``mc:AlternateContent`` whose Fallback is dropped)."""

from __future__ import annotations

import pytest

from indexer.api import extract
from tests.indexer.formats.test_docx import build_docx, docx

SYMEX_NS = 'xmlns:w16se="http://schemas.microsoft.com/office/word/2015/wordml/symex"'


def _emoji_paragraph(char: str) -> str:
    # what Word writes for an emoji: the character as an attribute of w16se:symEx in the Choice,
    # the same character as text in the Fallback
    return (
        '<w:p><w:r><w:t xml:space="preserve">smile </w:t></w:r><w:r><mc:AlternateContent>'
        f'<mc:Choice Requires="w16se"><w16se:symEx {SYMEX_NS} w16se:font="Segoe UI Emoji" w16se:char="{char}"/>'
        "</mc:Choice><mc:Fallback><w:t>X</w:t></mc:Fallback></mc:AlternateContent></w:r>"
        '<w:r><w:t xml:space="preserve"> done</w:t></w:r></w:p>'
    )


def test_symex_character_in_the_chosen_branch_is_read():
    doc = docx(build_docx(_emoji_paragraph("1F600")))
    # 1F600 is GRINNING FACE; the Fallback's "X" is not read (the Choice is)
    assert doc.text == "smile \U0001f600 done"


@pytest.mark.parametrize("char", ["", "ZZ", "110000", "D800"])
def test_a_symex_that_is_not_a_character_adds_nothing(char):
    doc = docx(build_docx(_emoji_paragraph(char) + _emoji_paragraph("2764")))
    # the bad one leaves "smile  done" (read as one line), the good one U+2764 HEAVY BLACK HEART
    assert [b.text for b in doc.blocks] == ["smile done", "smile \u2764 done"]


def test_w_sym_character_is_read():
    body = '<w:p><w:r><w:t xml:space="preserve">see </w:t><w:sym w:font="Arial" w:char="2192"/></w:r></w:p>'
    assert docx(build_docx(body)).text == "see \u2192"


def test_real_emoji(real_world):
    # bad-xml.docx: the emoji is a w16se:symEx 1F600 between "broken. " and " ∀"
    doc = extract(real_world / "docx" / "node-word-extractor" / "bad-xml.docx")
    assert "to see if character offsets get broken. \U0001f600 \u2200" in doc.text
