"""Characters and values Word keeps outside ``w:t``: symbols written as ``w:sym`` or as Word's
``w16se:symEx`` (emoji, in an ``mc:AlternateContent`` whose Fallback is dropped), and the shown
values of legacy form fields (``w:ffData``: check boxes and drop-down lists)."""

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


def test_symbol_font_characters_are_read_as_unicode():
    # Insert > Symbol in the Symbol font writes the font's code in the private-use area: F061 is
    # α, F0B1 ±, F0AE →, F0E5 ∑ in that font (the Symbol encoding); F0E6 is the upper piece of a
    # large left parenthesis, Unicode's ⎛ (it was left out); a Wingdings picture (F04A, a smiling
    # face) and a private-use code of another font have no character and are left out
    syms = "".join(
        f'<w:sym w:font="{font}" w:char="{code}"/>'
        for font, code in [
            ("Symbol", "F061"),
            ("Symbol", "F0B1"),
            ("symbol", "F0AE"),
            ("Symbol", "F0E5"),
            ("Symbol", "F0E6"),
            ("Wingdings", "F04A"),
            ("Webdings", "F061"),
        ]
    )
    body = f'<w:p><w:r><w:t xml:space="preserve">x </w:t>{syms}</w:r></w:p>'
    assert docx(build_docx(body)).text == "x α±→∑⎛"


def test_zapf_dingbats_characters_are_read_as_unicode():
    # a w:sym in Zapf Dingbats (the Mac's) or Monotype Sorts (Windows' clone): F034 is ✔ (a20,
    # U+2714), F048 ★ (a35, U+2605), F0AC ① (a120), as Adobe's zdingbat.txt maps them; they were
    # left out as pictures
    syms = "".join(
        f'<w:sym w:font="{font}" w:char="{code}"/>'
        for font, code in [("Zapf Dingbats", "F034"), ("Monotype Sorts", "F048"), ("ZapfDingbats", "F0AC")]
    )
    body = f'<w:p><w:r><w:t xml:space="preserve">x </w:t>{syms}</w:r></w:p>'
    assert docx(build_docx(body)).text == "x ✔★①"


def test_wingdings_boxes_and_ticks_are_read_as_unicode():
    # a form written with Wingdings boxes: A8 an empty box, FE a ticked one, FC a tick; Wingdings
    # 2 writes its ticked box as R (52)
    cells = "".join(
        f'<w:r><w:t xml:space="preserve"> {label} </w:t><w:sym w:font="{font}" w:char="{code}"/></w:r>'
        for label, font, code in [
            ("Yes", "Wingdings", "F0A8"),
            ("No", "Wingdings", "F0FE"),
            ("Done", "Wingdings", "F0FC"),
            ("Seen", "Wingdings 2", "F052"),
        ]
    )
    assert docx(build_docx(f"<w:p>{cells}</w:p>")).text == "Yes ☐ No ☑ Done ✓ Seen ☑"


def test_the_symbol_table_holds_the_greek_alphabet():
    from indexer.formats._symbol_font import SYMBOL

    assert "".join(SYMBOL[c] for c in range(0x61, 0x7B)) == "αβχδεφγηιϕκλμνοπθρστυϖωξψζ"
    assert "".join(SYMBOL[c] for c in range(0x41, 0x5B)) == "ΑΒΧΔΕΦΓΗΙϑΚΛΜΝΟΠΘΡΣΤΥςΩΞΨΖ"
    assert all(0x20 <= c <= 0xFF for c in SYMBOL) and len(set(SYMBOL.values())) == len(SYMBOL) - 3
    # the pieces of large brackets, braces and integrals (Adobe's parenlefttp … bracerightbt,
    # integralex, arrowvertex): Unicode's bracket pieces; the radical's extender (radicalex, a
    # bar at the top of √, dropped before) the overline, a line at that height
    pieces = "".join(SYMBOL[c] for c in (*range(0xE6, 0xF0), 0xF4, *range(0xF6, 0xFF), 0xBD, 0x60))
    assert pieces == "⎛⎜⎝⎡⎢⎣⎧⎨⎩⎪⎮⎞⎟⎠⎤⎥⎦⎫⎬⎭⏐\u203e"
    assert [c for c in (0xF0, 0xFF) if c in SYMBOL] == []


def _field(ffdata: str, result: str = "") -> str:
    """A legacy form field in runs: begin (with its ffData), code, [separate, result], end."""
    sep = f'<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>{result}</w:t></w:r>' if result else ""
    return (
        f'<w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:name w:val="F"/>{ffdata}</w:ffData></w:fldChar></w:r>'
        '<w:r><w:instrText xml:space="preserve"> FORMFIELD </w:instrText></w:r>'
        f'{sep}<w:r><w:fldChar w:fldCharType="end"/></w:r>'
    )


def _labelled(label: str, field: str) -> str:
    return f'<w:p><w:r><w:t xml:space="preserve">{label} </w:t></w:r>{field}</w:p>'


@pytest.mark.parametrize(
    ("checkbox", "shown"),
    [
        ('<w:checkBox><w:sizeAuto/><w:default w:val="0"/><w:checked/></w:checkBox>', "\u2612"),
        ('<w:checkBox><w:sizeAuto/><w:default w:val="0"/><w:checked w:val="0"/></w:checkBox>', "\u2610"),
        ('<w:checkBox><w:sizeAuto/><w:default w:val="0"/></w:checkBox>', "\u2610"),
        # no w:checked: the default state is shown
        ('<w:checkBox><w:sizeAuto/><w:default w:val="1"/></w:checkBox>', "\u2612"),
        ("<w:checkBox><w:sizeAuto/><w:default/></w:checkBox>", "\u2612"),
        ('<w:checkBox><w:default w:val="1"/><w:checked w:val="false"/></w:checkBox>', "\u2610"),
    ],
)
def test_check_box_shows_its_state(checkbox, shown):
    doc = docx(build_docx(_labelled("Agree", _field(checkbox))))
    assert doc.text == f"Agree {shown}"


DDLIST = '<w:listEntry w:val="Choose"/><w:listEntry w:val="Co-applicant"/><w:listEntry w:val="Other"/>'


@pytest.mark.parametrize(
    ("choice", "shown"),
    [
        ('<w:result w:val="1"/>', "Co-applicant"),
        ('<w:result w:val="2"/><w:default w:val="1"/>', "Other"),
        ('<w:default w:val="1"/>', "Co-applicant"),  # no result: the default entry
        ("", "Choose"),  # neither: the first entry
        ('<w:result w:val="7"/><w:default w:val="1"/>', "Co-applicant"),  # out of range: the default
        ('<w:result w:val="-1"/>', "Choose"),
    ],
)
def test_drop_down_shows_its_selected_entry(choice, shown):
    doc = docx(build_docx(_labelled("Role:", _field(f"<w:ddList>{choice}{DDLIST}</w:ddList>"))))
    assert doc.text == f"Role: {shown}"


def test_a_field_result_written_as_text_is_not_doubled():
    field = _field(f'<w:ddList><w:result w:val="1"/>{DDLIST}</w:ddList>', result="Co-applicant")
    bare = _field(f'<w:ddList><w:result w:val="2"/>{DDLIST}</w:ddList>')
    doc = docx(build_docx(_labelled("Role:", field) + _labelled("Then:", bare)))
    # the first field's value is its result text; the second has none, so its entry is shown
    assert doc.text == "Role: Co-applicant\n\nThen: Other"


def test_form_values_in_table_cells():
    box = _field('<w:checkBox><w:default w:val="0"/><w:checked/></w:checkBox>')
    cell = "<w:tc><w:p>{}</w:p></w:tc>"
    body = (
        "<w:tbl><w:tr>" + cell.format('<w:r><w:t>Q</w:t></w:r>') + cell.format('<w:r><w:t>Yes</w:t></w:r>')
        + "</w:tr><w:tr>" + cell.format('<w:r><w:t>Done?</w:t></w:r>') + cell.format(box)
        + "</w:tr></w:tbl>"
    )  # fmt: skip
    doc = docx(build_docx(body))
    assert doc.blocks[0].rows == (("Done?", "\u2612"),)


def test_real_emoji_and_filled_in_form(real_world):
    # bad-xml.docx: the emoji is a w16se:symEx 1F600 between "broken. " and " ∀"
    doc = extract(real_world / "docx" / "node-word-extractor" / "bad-xml.docx")
    assert "to see if character offsets get broken. \U0001f600 \u2200" in doc.text
    # test07.docx: FORMDROPDOWN result 1 of "Choose from list, Co-applicant, …" beside Dr S Watt,
    # result 2 of "Choose from list, Sole Applicant, Co-ordinator, …" for RGU Status; the
    # "literature-based?" row's second box (the "No" column) and "Copy of the proposal" ticked
    form = extract(real_world / "docx" / "node-word-extractor" / "test07.docx")
    rows = [
        row for b in form.blocks if b.kind == "table" for row in ((b.header,) if b.header else ()) + b.rows
    ]
    assert ("2.Dr S Watt", "School of Computing", "Co-applicant") in rows
    assert ("3.", "", "Choose from list") in rows
    assert any(r[:2] == ("RGU Status:", "Co-ordinator") for r in rows)
    literature = next(r for r in rows if r[0] == "1. Is the research solely literature-based?")
    assert literature[3:] == ("\u2610", "\u2612")
    assert next(r for r in rows if r[0] == "Copy of the proposal")[:2] == ("Copy of the proposal", "\u2612")
