"""OpenDocument: a frame made a hyperlink (``draw:a`` around it) is read where it stands, and a
slide's footer and fixed date, declared in ``content.xml`` and shown by its master page's frames,
are read as the slide's text (as PowerPoint's footer placeholders are)."""

from __future__ import annotations

import io
import zipfile

from indexer import extract_bytes

_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
    'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
    'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" '
    'xmlns:xlink="http://www.w3.org/1999/xlink" '
    'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"'
)


def _package(kind: str, body: str, auto: str = "", masters: str = "") -> bytes:
    content = (
        f"<office:document-content {_NS}><office:automatic-styles>{auto}</office:automatic-styles>"
        f"<office:body><office:{kind}>{body}</office:{kind}></office:body></office:document-content>"
    )
    styles = (
        f"<office:document-styles {_NS}><office:master-styles>{masters}</office:master-styles>"
        "</office:document-styles>"
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr("mimetype", f"application/vnd.oasis.opendocument.{kind}")
        zf.writestr("META-INF/manifest.xml", "<manifest/>")
        zf.writestr("content.xml", content)
        zf.writestr("styles.xml", styles)
    return out.getvalue()


def _frame(text: str, y: str = "5cm", attrs: str = "") -> str:
    return (
        f'<draw:frame svg:y="{y}" {attrs}><draw:text-box><text:p>{text}</text:p></draw:text-box></draw:frame>'
    )


def test_a_linked_frame_anchored_to_the_page_or_on_a_slide_is_read():
    # Writer and Impress write a frame made a hyperlink as draw:a around the draw:frame; standing
    # among the blocks (anchored to the page, or on a slide) it was not a shape the reader knew,
    # and its text was lost. In a paragraph it was already read, as a line of the paragraph.
    link = '<draw:a xlink:href="https://example.org/">{}</draw:a>'
    text = link.format(_frame("Visit our site", attrs='text:anchor-type="page"')) + "<text:p>Body</text:p>"
    doc = extract_bytes(_package("text", text), "t.odt")
    assert [b.text for b in doc.blocks] == ["Visit our site", "Body"]
    slide = (
        '<draw:page draw:name="p1">'
        + _frame("Below", y="9cm")
        + link.format(_frame("Above, linked", y="2cm"))
        + "</draw:page>"
    )
    doc = extract_bytes(_package("presentation", slide), "s.odp")
    assert [b.text for b in doc.blocks] == ["Above, linked", "Below"]  # in place, by its frame's position


_MASTER = (
    '<style:master-page style:name="Default">'
    + _frame("Click to edit the title", y="1cm", attrs='presentation:class="title"')
    + _frame("<presentation:date-time/>", y="18cm", attrs='svg:x="1cm" presentation:class="date-time"')
    + _frame("<presentation:footer/>", y="18cm", attrs='svg:x="9cm" presentation:class="footer"')
    + "</style:master-page>"
)


def test_a_slide_footer_and_fixed_date_are_read_where_the_master_shows_them():
    # The footer text lives in a presentation:footer-decl the slide names; the master page's
    # footer frame shows it through a presentation:footer field. Neither was read: the footer was
    # lost. A date that is the current one when shown is no text of the file, and a slide whose
    # style turns its footer off shows none.
    body = (
        '<presentation:footer-decl presentation:name="ftr1">ACME confidential</presentation:footer-decl>'
        '<presentation:date-time-decl presentation:name="dtd1" presentation:source="fixed">'
        "1 May 2024</presentation:date-time-decl>"
        '<presentation:date-time-decl presentation:name="dtd2" presentation:source="current-date">'
        "30/11/2026</presentation:date-time-decl>"
        '<draw:page draw:name="p1" draw:master-page-name="Default" '
        'presentation:use-footer-name="ftr1" presentation:use-date-time-name="dtd1">'
        + _frame("Results", y="1cm", attrs='presentation:class="title"')
        + _frame("Up 5%")
        + "</draw:page>"
        '<draw:page draw:name="p2" draw:style-name="dp2" draw:master-page-name="Default" '
        'presentation:use-footer-name="ftr1" presentation:use-date-time-name="dtd2">'
        + _frame("Footer off")
        + "</draw:page>"
    )
    auto = (
        '<style:style style:name="dp2" style:family="drawing-page">'
        '<style:drawing-page-properties presentation:display-footer="false"/></style:style>'
    )
    doc = extract_bytes(_package("presentation", body, auto, _MASTER), "f.odp")
    assert [(b.text, b.page) for b in doc.blocks] == [
        ("Results", 1),
        ("Up 5%", 1),
        ("1 May 2024", 1),  # bottom left, then the footer beside it
        ("ACME confidential", 1),
        ("Footer off", 2),
    ]
    assert doc.blocks[3].meta["slide_number"] == 1 and doc.blocks[3].meta["slide_title"] == "Results"


def test_a_slide_with_a_footer_frame_of_its_own_is_not_given_the_masters_too():
    body = (
        '<presentation:footer-decl presentation:name="ftr1">ACME</presentation:footer-decl>'
        '<draw:page draw:name="p1" draw:master-page-name="Default" presentation:use-footer-name="ftr1">'
        + _frame("Text")
        + _frame("<presentation:footer/> 2024", y="18cm", attrs='presentation:class="footer"')
        + "</draw:page>"
    )
    doc = extract_bytes(_package("presentation", body, masters=_MASTER), "o.odp")
    assert [b.text for b in doc.blocks] == ["Text", "ACME 2024"]
