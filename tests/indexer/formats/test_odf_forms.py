"""OpenDocument form controls and titles: a ``draw:control`` in the text shows the control of
``office:forms`` it refers to (its value, label or state), and a paragraph in the ``Title``
style is a level-1 heading, as Word's Title is."""

from __future__ import annotations

import pytest

from indexer import extract_bytes
from indexer.api import extract
from tests.indexer.formats.test_odf import _odt

CONTENT = (
    '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
    'xmlns:form="urn:oasis:names:tc:opendocument:xmlns:form:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0">'
    "<office:automatic-styles>{styles}</office:automatic-styles>"
    "<office:body><office:text><office:forms><form:form>{forms}</form:form></office:forms>"
    "{body}</office:text></office:body></office:document-content>"
)


def _doc(forms: str, body: str, styles: str = ""):
    return extract_bytes(_odt(CONTENT.format(forms=forms, body=body, styles=styles)), "t.odt")


def _control(cid: str) -> str:
    return f'<draw:control draw:control="{cid}"/>'


@pytest.mark.parametrize(
    ("control", "shown"),
    [
        ('<form:text xml:id="c1" form:id="c1" form:current-value="Alice" form:value="Ann"/>', "Alice"),
        ('<form:text form:id="c1" form:value="Ann"/>', "Ann"),  # the older form:id alone
        ('<form:textarea xml:id="c1" form:current-value="two&#10;lines"/>', "two lines"),
        ('<form:password xml:id="c1" form:value="secret"/>', ""),
        ('<form:fixed-text xml:id="c1" form:label="First Name"/>', "First Name"),
        ('<form:checkbox xml:id="c1" form:label="Agree" form:current-state="checked"/>', "\u2612 Agree"),
        ('<form:checkbox xml:id="c1" form:label="Agree" form:state="checked"/>', "\u2612 Agree"),
        (
            '<form:checkbox xml:id="c1" form:label="Agree" form:state="checked" form:current-state="unchecked"/>',
            "\u2610 Agree",
        ),
        ('<form:radio xml:id="c1" form:label="Male"/>', "\u25cb Male"),
        ('<form:radio xml:id="c1" form:label="Female" form:current-selected="true"/>', "\u25c9 Female"),
        (
            '<form:listbox xml:id="c1"><form:option form:label="German"/>'
            '<form:option form:label="French" form:current-selected="true"/></form:listbox>',
            "French",
        ),
        (
            '<form:listbox xml:id="c1"><form:option form:label="German"/>'
            '<form:option form:value="fr"/></form:listbox>',
            "[German / fr]",  # nothing selected: the entries
        ),
    ],
)
def test_a_control_shows_in_the_text_where_it_stands(control, shown):
    doc = _doc(control, f"<text:p>Before{_control('c1')}after</text:p>")
    # the control stands apart from the words beside it, also when it shows nothing
    assert doc.text == (f"Before {shown} after" if shown else "Before after")


def test_controls_in_nested_forms_and_unknown_references():
    forms = (
        '<form:fixed-text xml:id="c1" form:label="Name"/>'
        '<form:form><form:text xml:id="c2" form:current-value="Bob"/></form:form>'
    )
    body = f"<text:p>{_control('c1')}{_control('c2')}{_control('c9')}<draw:control/></text:p>"
    assert _doc(forms, body).text == "Name Bob"


def test_a_paragraph_in_the_title_style_is_a_heading():
    styles = (
        '<style:style style:name="P1" style:family="paragraph" style:parent-style-name="Title"/>'
        '<style:style style:name="P2" style:family="paragraph" style:parent-style-name="Standard"/>'
        '<style:style style:name="T1" style:family="text" style:parent-style-name="Title"/>'
    )
    body = (
        '<text:p text:style-name="Title">Report</text:p>'
        '<text:p text:style-name="P1">Styled report</text:p>'
        '<text:p text:style-name="P2">Body</text:p>'
        '<text:p text:style-name="T1">Not a paragraph style</text:p>'
    )
    doc = _doc("", body, styles)
    assert [(b.kind, b.level, b.text) for b in doc.blocks] == [
        ("heading", 1, "Report"),
        ("heading", 1, "Styled report"),
        ("paragraph", 0, "Body"),
        ("paragraph", 0, "Not a paragraph style"),
    ]


def test_real_libreoffice_form(real_world):
    # read by hand in content.xml: control3/1/4/2 are "First Name", Alice, "Last Name", an empty
    # field; control5 "Birthday" and an empty date; two unselected radio buttons; a drop-down
    # list box with no selection; an unticked check box; a text area holding Bob and a check box
    doc = extract(real_world / "odt" / "py-pdf-samples_libreoffice-form.odt")
    assert [(b.kind, b.level, b.text) for b in doc.blocks] == [
        ("heading", 1, "Example for a Form"),
        ("paragraph", 0, "First Name Alice Last Name"),
        ("paragraph", 0, "Birthday"),
        ("paragraph", 0, "Gender:"),
        ("paragraph", 0, "\u25cb Female \u25cb Male"),
        ("paragraph", 0, "Nationality:"),
        ("paragraph", 0, "[Unknown / German / Indonesian / US-American / French / Spanish / Italian]"),
        ("paragraph", 0, "\u2610 Agree to privacy policy"),
        ("paragraph", 0, "Bob \u2610 Other"),
    ]


SLIDES = (
    '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
    'xmlns:form="urn:oasis:names:tc:opendocument:xmlns:form:1.0" '
    'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" '
    'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0">'
    "<office:body><office:presentation>{}</office:presentation></office:body></office:document-content>"
)


def _slide(title: str, forms: str, shapes: str) -> str:
    return (
        f'<draw:page draw:name="{title}"><office:forms><form:form>{forms}</form:form></office:forms>'
        f'<draw:frame presentation:class="title" svg:x="1cm" svg:y="0cm"><draw:text-box><text:p>{title}'
        f"</text:p></draw:text-box></draw:frame>{shapes}</draw:page>"
    )


def test_form_controls_on_slides_show_where_they_stand():
    # A slide's controls stand on the page beside its frames, in the order of their places (by
    # svg:y, then svg:x), each referring to the control of that slide's own office:forms.
    first = _slide(
        "Sign-up",
        '<form:fixed-text xml:id="c1" form:label="Name:"/>'
        '<form:text xml:id="c2" form:current-value="Alice"/>'
        '<form:checkbox xml:id="c3" form:label="Newsletter" form:current-state="checked"/>'
        '<form:password xml:id="c4" form:value="secret"/>',
        '<draw:control draw:control="c3" svg:x="1cm" svg:y="6cm"/>'
        '<draw:control draw:control="c2" svg:x="5cm" svg:y="3cm"/>'
        '<draw:control draw:control="c1" svg:x="1cm" svg:y="3cm"/>'
        '<draw:control draw:control="c4" svg:x="1cm" svg:y="8cm"/>'
        '<draw:frame svg:x="1cm" svg:y="2cm"><draw:text-box><text:p>Fill in:</text:p></draw:text-box></draw:frame>',
    )
    # the second slide's forms name their controls alike: its own are shown
    second = _slide(
        "Choice",
        '<form:radio xml:id="c1" form:label="Yes" form:current-selected="true"/>',
        '<draw:g><draw:control draw:control="c1" svg:x="1cm" svg:y="2cm"/></draw:g>',
    )
    doc = extract_bytes(_odt(SLIDES.format(first + second)), "t.odp")
    assert [(b.meta["slide_number"], b.kind, b.text) for b in doc.blocks] == [
        (1, "heading", "Sign-up"),
        (1, "paragraph", "Fill in:"),
        (1, "paragraph", "Name:"),
        (1, "paragraph", "Alice"),
        (1, "paragraph", "\u2612 Newsletter"),
        (2, "heading", "Choice"),
        (2, "paragraph", "\u25c9 Yes"),
    ]
