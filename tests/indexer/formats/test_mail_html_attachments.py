"""A web page attached to an e-mail and to an Outlook message reads alike: in the charset its
part declares when that one decodes it, else in the one the page names itself (``<meta
charset>``, ``http-equiv`` Content-Type) as an .html file is read, else detected; its pictures
the message does not hold (on the web, a ``cid:`` of no part) stay image blocks of their alt
text in both, as in an HTML body. An e-mail's HTML body is read in its charset by the same rule,
an Outlook message's in the code page the message names (``PR_INTERNET_CPID``)."""

from __future__ import annotations

from email.message import EmailMessage

import pytest

from indexer import extract
from indexer.model import HEADING, IMAGE, PARAGRAPH, TABLE

from ._outlook import outlook_message

_STYLE = "<style>body { font-family: Arial, sans-serif; margin: 0; padding: 12px; } p { line-height: 1.4; }</style>"
# "Invoice no. 42 is paid." and "Please check it.": too short for detection to place the bytes,
# which it reads as cp1252 ("Ñ÷¸ò ¹ 42 îïëà÷åí.", "Šm”F‚­‚¾‚³‚¢")
RUSSIAN = "Счёт № 42 оплачен."
JAPANESE = "ご確認ください"


def _page(meta: str, text: str, encoding: str) -> bytes:
    return f"<html><head>{meta}{_STYLE}</head><body><p>{text}</p></body></html>".encode(encoding)


PAGES = {
    "meta charset windows-1251": (_page('<meta charset="windows-1251">', RUSSIAN, "cp1251"), RUSSIAN),
    "http-equiv windows-1251": (
        _page(
            '<meta http-equiv="Content-Type" content="text/html; charset=windows-1251">', RUSSIAN, "cp1251"
        ),
        RUSSIAN,
    ),
    "meta charset shift_jis": (_page('<meta charset="shift_jis">', JAPANESE, "shift_jis"), JAPANESE),
}


def _eml(page: bytes, charset: str | None = None) -> bytes:
    msg = EmailMessage()
    msg["Subject"] = "Report"
    msg.set_content("See attached.")
    params = {"charset": charset} if charset else {}
    msg.add_attachment(page, maintype="text", subtype="html", filename="report.html", params=params)
    return msg.as_bytes()


def _msg(page: bytes) -> bytes:
    return outlook_message("Report", "See attached.", [("report.html", page, "text/html")])


def _attachment(doc) -> list[tuple[str, str]]:
    """The kind and text of the blocks from the attachment's heading on."""
    texts = [(b.kind, b.text) for b in doc.blocks]
    return texts[texts.index((HEADING, "Attachment: report.html")) :]


@pytest.mark.parametrize("page, text", PAGES.values(), ids=PAGES.keys())
def test_a_page_sent_without_a_charset_is_read_in_the_one_it_names(page, text):
    # e-mail decoded the part by detection alone, which took the page for cp1252; an Outlook
    # message's page, whose bytes come without a charset, was read by its <meta> already
    expected = [(HEADING, "Attachment: report.html"), (PARAGRAPH, text)]
    assert _attachment(extract(_eml(page), filename="report.eml")) == expected
    assert _attachment(extract(_msg(page), filename="report.msg")) == expected


@pytest.mark.parametrize("charset", ["us-ascii", "utf-8", "x-unknown"])
def test_a_page_sent_with_a_charset_it_is_not_in_is_read_in_the_one_it_names(charset):
    # windows-1251 bytes do not decode as us-ascii or UTF-8, and x-unknown is no charset: the
    # page's own <meta> tells, not detection
    page, text = PAGES["http-equiv windows-1251"]
    doc = extract(_eml(page, charset), filename="report.eml")
    assert _attachment(doc) == [(HEADING, "Attachment: report.html"), (PARAGRAPH, text)]


PICTURES = (
    b"<html><body><h1>Quarterly figures</h1><p>Sales rose.</p>"
    b'<img src="https://example.com/chart.png" alt="Sales chart" width="400" height="300">'
    b'<p>Costs fell.</p><img src="cid:missing@example.com" alt="Cost chart">'
    b'<img src="https://example.com/team.png"></body></html>'
)


def test_a_pages_pictures_the_message_does_not_hold_stay_in_both_formats():
    # an Outlook message left them out; an e-mail kept them, as both keep those of an HTML body
    expected = [
        (HEADING, "Attachment: report.html"),
        (HEADING, "Quarterly figures"),
        (PARAGRAPH, "Sales rose."),
        (IMAGE, "[Image: Sales chart]"),
        (PARAGRAPH, "Costs fell."),
        (IMAGE, "[Image: Cost chart]"),
        (IMAGE, "[Image: team.png]"),
    ]
    eml = extract(_eml(PICTURES), filename="report.eml")
    msg = extract(_msg(PICTURES), filename="report.msg")
    assert _attachment(eml) == _attachment(msg) == expected
    for doc in (eml, msg):
        pictures = [b for b in doc.blocks if b.kind == IMAGE]
        # nothing fetched, nothing held: no image bytes behind them, their source kept
        assert [(b.images, b.meta["src"], b.meta["attachment"]) for b in pictures] == [
            ((), "https://example.com/chart.png", "report.html"),
            ((), "cid:missing@example.com", "report.html"),
            ((), "https://example.com/team.png", "report.html"),
        ]
        assert doc.images == ()


@pytest.mark.parametrize("page, text", PAGES.values(), ids=PAGES.keys())
def test_an_html_body_sent_without_a_charset_is_read_in_the_one_it_names(page, text):
    # an Outlook message's HTML body, whose bytes come without a charset, and an .html file were
    # read by their <meta>; an e-mail's by detection alone
    msg = EmailMessage()
    msg["Subject"] = "Report"
    msg.set_content(page, maintype="text", subtype="html")
    assert "charset" not in msg["Content-Type"]
    doc = extract(msg.as_bytes(), filename="report.eml")
    assert [b.text for b in doc.blocks][-1] == text
    assert [b.text for b in extract(page, filename="report.html").blocks] == [text]


#: "Please look at the papers of item ①." in Windows's Japanese code page (932): ① is one of the
#: characters it adds to Shift JIS, which Python's shift_jis codec does not decode
JAPANESE_932 = "①の資料をご確認ください"


def _body(data: bytes) -> list[str]:
    """The texts after the subject's heading and the header paragraph."""
    return [b.text for b in extract(data, filename="report.msg").blocks][2:]


#: An HTML body an RTF body encapsulates, "Café crème" in cp1252 escapes.
CAFE_RTF = (
    rb"{\rtf1\ansi\ansicpg1252\fromhtml1 \deff0{\fonttbl{\f0\fswiss Arial;}}"
    rb"{\*\htmltag19 <p>}\htmlrtf {\htmlrtf0 Caf\'e9 cr\'e8me\htmlrtf\par}\htmlrtf0 {\*\htmltag27 </p>}}"
)


@pytest.mark.parametrize(
    "cpid, text, encoding",
    [
        (1251, RUSSIAN, "cp1251"),
        (932, JAPANESE_932, "cp932"),
        (20866, "Счёт 42 оплачен.", "koi8-r"),  # no "№" in KOI8-R
    ],
)
def test_an_outlook_html_body_is_read_in_the_code_page_the_message_names(cpid, text, encoding):
    # its stream's bytes were left to detection, which took them for cp1252: "Ñ÷¸ò ¹ 42
    # îïëà÷åí.", "‡@‚ÌŽ‘—¿‚ð‚²Šm”F‚\xad‚¾‚³‚¢", "óÞ£Ô 42 ÏÐÌÁÞÅÎ."
    assert _body(outlook_message("Report", html=_page("", text, encoding), code_page=cpid)) == [text]
    # the HTML made from an RTF body (UTF-8) is not in the message's code page
    assert _body(outlook_message("Report", rtf=CAFE_RTF, code_page=cpid)) == ["Café crème"]


def test_an_outlook_html_table_in_the_code_page_the_message_names_is_read_instead_of_the_plain_body():
    # read by detection, its words were not the plain body's, so the plain body was read instead,
    # the table lost
    table = (
        "<table><tr><th>Счёт</th><th>Сумма</th></tr>"
        "<tr><td>42</td><td>1500</td></tr><tr><td>43</td><td>2700</td></tr></table>"
    )
    plain = "Счёт Сумма\n42 1500\n43 2700\n"
    expected = [(TABLE, "| Счёт | Сумма |\n| --- | --- |\n| 42 | 1500 |\n| 43 | 2700 |")]
    html = f"<html><body>{table}</body></html>".encode("cp1251")
    doc = extract(outlook_message("Report", plain, html=html, code_page=1251), filename="report.msg")
    assert [(b.kind, b.text) for b in doc.blocks[2:]] == expected
    # a code page the bytes do not decode in (US-ASCII), one not reading ASCII as ASCII
    # (UTF-16, in which these bytes decode too), a number no code page has: the page's own
    # <meta> is read
    named = f'<html><head><meta charset="windows-1251"></head><body>{table}\n</body></html>'.encode("cp1251")
    assert named.decode("utf-16-le").startswith("格浴")
    for other in (20127, 1200, 12345):
        doc = extract(outlook_message("Report", plain, html=named, code_page=other), filename="report.msg")
        assert [(b.kind, b.text) for b in doc.blocks[2:]] == expected, other


#: A page showing a picture the message holds (by its Content-ID, in other capitals), then one it
#: does not hold, then one on the web.
SHOWN = (
    b'<html><body><p>Sales rose.</p><img src="cid:Chart@Example.com" alt="Sales chart">'
    b'<p>Costs fell.</p><img src="cid:missing@example.com" alt="Cost chart">'
    b'<img src="https://example.com/team.png" alt="Team"></body></html>'
)


@pytest.mark.parametrize(
    "eml_type, msg_type",
    [(("text", "html"), "text/html"), (("application", "octet-stream"), None)],
    ids=["sent as text/html", "sent as a file (read by the HTML extractor)"],
)
def test_a_pages_pictures_the_message_holds_point_at_them_in_both_formats(eml_type, msg_type):
    # the page's <img> pointed at nothing and the picture stood apart, after the body, as if
    # nothing showed it; an HTML body's pictures were placed so already
    from .test_email_images import _png

    chart, other = _png((255, 0, 0)), _png((0, 0, 255))
    eml = EmailMessage()
    eml["Subject"] = "Report"
    eml.set_content("See attached.")
    eml.add_attachment(SHOWN, *eml_type, filename="report.html")
    eml.add_attachment(chart, "image", "png", filename="chart.png", cid="<chart@example.com>")
    eml.add_attachment(other, "image", "png", filename="other.png")
    msg = outlook_message(
        "Report",
        "See attached.",
        [
            ("report.html", SHOWN, msg_type),
            ("chart.png", chart, "image/png", "chart@example.com"),
            ("other.png", other, "image/png"),
        ],
    )
    expected = [
        (HEADING, "Report", ()),
        (PARAGRAPH, "See attached.", ()),
        (IMAGE, "[Image: other.png]", ("other.png",)),  # shown nowhere: listed after the body
        (HEADING, "Attachment: report.html", ()),
        (PARAGRAPH, "Sales rose.", ()),
        (IMAGE, "[Image: Sales chart]", ("chart.png",)),
        (PARAGRAPH, "Costs fell.", ()),
        (IMAGE, "[Image: Cost chart]", ()),
        (IMAGE, "[Image: Team]", ()),
    ]
    for doc in (
        extract(eml.as_bytes(), filename="report.eml"),
        extract(msg, filename="report.msg"),
    ):
        blocks = [
            (b.kind, b.text, b.images) for b in doc.blocks if not b.text.startswith(("From", "Subject"))
        ]
        assert blocks == expected, doc.source_type
        assert [(im.name, im.data, im.alt) for im in doc.images] == [
            ("chart.png", chart, "Sales chart"),  # the alt text written where it is shown
            ("other.png", other, "other.png"),
        ]
        assert doc.coverage.images_extracted == 2


def test_a_pages_picture_shown_by_a_percent_escaped_cid_url_points_at_it_in_both_formats():
    # an Outlook message matched the URL as written (cid:chart%40example.com), so the page's
    # <img> pointed at nothing and the picture stood apart after the body; an e-mail undid the %40
    from .test_email_images import _png

    chart = _png((255, 0, 0))
    page = (
        b'<html><body><p>Sales rose.</p><img src="cid:Chart%40Example.com" alt="Sales chart"></body></html>'
    )
    eml = EmailMessage()
    eml["Subject"] = "Report"
    eml.set_content("See attached.")
    eml.add_attachment(page, "text", "html", filename="report.html")
    eml.add_attachment(chart, "image", "png", filename="chart.png", cid="<chart@example.com>")
    msg = outlook_message(
        "Report",
        "See attached.",
        [("report.html", page, "text/html"), ("chart.png", chart, "image/png", "chart@example.com")],
    )
    for doc in (
        extract(eml.as_bytes(), filename="report.eml"),
        extract(msg, filename="report.msg"),
    ):
        assert [(b.kind, b.text, b.images) for b in doc.blocks[2:]] == [
            (PARAGRAPH, "See attached.", ()),
            (HEADING, "Attachment: report.html", ()),
            (PARAGRAPH, "Sales rose.", ()),
            (IMAGE, "[Image: Sales chart]", ("chart.png",)),
        ], doc.source_type
        assert [(im.name, im.data, im.alt) for im in doc.images] == [("chart.png", chart, "Sales chart")]


def test_an_attached_messages_pictures_stay_its_own_in_both_formats():
    # a message attached as a file, read with its own extractor, shows its own logo by the same
    # Content-ID as the logo of the message it is attached to: each points at its own picture
    from .test_email_images import _png

    red, blue = _png((255, 0, 0)), _png((0, 0, 255))
    inner = EmailMessage()
    inner["Subject"] = "Inner"
    inner.set_content('<p>Inner text.</p><img src="cid:logo@example.com" alt="Inner logo">', subtype="html")
    inner.add_related(blue, "image", "png", filename="logo.png", cid="<logo@example.com>")
    eml = EmailMessage()
    eml["Subject"] = "Outer"
    eml.set_content("See attached.")
    eml.add_attachment(inner.as_bytes(), "application", "octet-stream", filename="inner.eml")
    eml.add_attachment(red, "image", "png", filename="logo.png", cid="<logo@example.com>")
    msg = outlook_message(
        "Outer",
        "See attached.",
        [
            ("inner.eml", inner.as_bytes(), "application/octet-stream"),
            ("logo.png", red, "image/png", "logo@example.com"),
        ],
    )
    for doc in (extract(eml.as_bytes(), filename="outer.eml"), extract(msg, filename="outer.msg")):
        shown = {b.text: doc.image(b.images[0]).data for b in doc.blocks if b.kind == IMAGE}
        assert shown == {"[Image: logo.png]": red, "[Image: Inner logo]": blue}, doc.source_type
