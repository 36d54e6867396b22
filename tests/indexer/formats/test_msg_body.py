"""Outlook .msg: the HTML body (in its own stream or encapsulated in the RTF body) is read instead
of the plain body when it holds a data table or an inline image, as for e-mail alternatives."""

from __future__ import annotations

import pytest

from indexer import extract
from indexer.formats.email import tidy_image_alt
from indexer.formats.msg import decompress_rtf, deencapsulate_html
from indexer.model import IMAGE, PARAGRAPH, TABLE, Block
from tests._builders import png

from ._outlook import Attachment, outlook_message

MSGREADER = "msg/MsgReader"


def test_compressed_rtf_is_decompressed():
    import compressed_rtf

    # runs longer than their distance (aaaa…), repeats of the preset dictionary (\\pard\\plain)
    # and more than 4 KB, so references wrap around the dictionary
    text = (
        b"{\\rtf1\\ansi \\pard\\plain "
        + b"a" * 40
        + b"".join(b"line %d\\par " % i for i in range(900))
        + b"}"
    )
    packed = compressed_rtf.compress(text)
    assert decompress_rtf(packed) == text
    assert decompress_rtf(compressed_rtf.compress(text, compressed=False)) == text
    assert decompress_rtf(b"short") is None and decompress_rtf(packed[:8] + b"XXXX" + packed[12:]) is None
    assert text.startswith(decompress_rtf(packed[:200]))  # a cut stream gives what it holds


def test_the_html_an_rtf_body_encapsulates_is_recovered():
    rtf = (
        rb"{\rtf1\ansi\ansicpg1252\fromhtml1 \deff0{\fonttbl{\f0\fswiss Arial;}{\f1\fnil\fcharset134 SimSun;}}"
        rb"{\colortbl\red0\green0\blue0;}"
        rb"{\*\htmltag19 <p class=x>}\htmlrtf {\f0\fs20 \htmlrtf0 caf\'e9 \{1\}\htmlrtf\par}\htmlrtf0 "
        rb"{\*\mhtmltag84 <img src=file:///a.png>}{\*\htmltag84 <img src=cid:a@b>}"
        rb"\uc1\u8364?\htmlrtf {\b hidden}\htmlrtf0 {\f1 \'b7\'bf}{\*\htmltag27 </p>}}"
    )
    # the tags and the text outside \htmlrtf … \htmlrtf0: the font table, the colour table, the
    # \mhtmltag, the \u fallback "?" and the RTF-only "hidden" are left out; \'e9 is cp1252 é,
    # \'b7\'bf in the GBK font is 房
    assert deencapsulate_html(rtf) == "<p class=x>café {1}<img src=cid:a@b>€房</p>"
    assert deencapsulate_html(rb"{\rtf1\ansi plain}") is None


def test_a_data_table_is_read_from_the_html_but_not_a_page_laid_out_with_tables(real_world):
    # the plain body gives the table's cells one a line (房型 / 时间段 / 迷你房 / 全天 …); the HTML
    # encapsulated in the RTF body has them as a two-column table (read with extract-msg)
    doc = extract(real_world / MSGREADER / "bbottema__outlook-message-parser__chinese message.msg")
    tables = [b for b in doc.blocks if b.kind == TABLE]
    assert len(tables) == 1
    # its first row heads it: a two-character word over three-character room names
    assert tables[0].header == ("房型", "时间段")
    assert tables[0].rows[:2] == (("迷你房", "全天"), ("大床房", "9:00-12:00"))
    assert not any(b.text.startswith("房型\n时间段") for b in doc.blocks)
    # GMX's newsletter: 30 tables, nested; the HTML would give one row of everything and 80 images
    doc = extract(real_world / MSGREADER / "lolo101__MsgViewer__Ab auf die Piste!.msg")
    assert not any(b.kind in (TABLE, IMAGE) for b in doc.blocks)


def test_an_inline_logo_stays_where_the_html_shows_it(real_world):
    # the signature's logo (cid:image001.png@01CDC1CA.B3005370) stands between the signature and
    # "Click here …"; its alt text is Outlook's "Description: Description: … Q:\…\mdlz_rgb_logo_full_e-mail.png"
    doc = extract(real_world / MSGREADER / "TheConfusedCat__msgparser__embedded image.msg")
    texts = [(b.kind, b.text) for b in doc.blocks]
    logo = texts.index((IMAGE, "[Image: mdlz_rgb_logo_full_e-mail.png]"))
    # the link's target, as the plain body writes it ("Click here\r\n<mailto:…>  to\r\nprovide …")
    assert texts[logo + 1] == (
        PARAGRAPH,
        "Click here <mailto:EBSC-Feedback@mdlz.com?subject=Your%20Opinion%20Counts!> to provide a "
        "feedback in English about our services",
    )
    assert doc.blocks[logo].images == ("image001.png",)
    assert not any("Description:" in text for _, text in texts)


def test_outlook_description_alt_text_is_tidied():
    block = Block(IMAGE, "[Image: x]", alt="Description: Description: C:\\Pics\\logo.png")
    assert (tidy_image_alt(block).text, tidy_image_alt(block).alt) == ("[Image: logo.png]", "logo.png")
    block = Block(IMAGE, "[Image: x]", alt="Description: Company logo")
    assert tidy_image_alt(block).text == "[Image: Company logo]"
    kept = Block(IMAGE, "[Image: Logo]", alt="Logo")
    assert tidy_image_alt(kept) is kept


def _located(body: str | None) -> bytes:
    """A message whose HTML body shows its two pictures by their Content-Location, as Outlook
    2003 wrote one (``<img src="map.png">``, no ``cid:``), the second before the first."""
    html = (
        "<html><body><p>Directions to the office.</p><img src='route%20map.png'>"
        "<p>Park behind the building.</p><img src='door.png'><p>Ring twice.</p></body></html>"
    )
    pictures = [
        Attachment("door.png", png((20, 10)), "image/png", content_location="door.png"),
        Attachment("route map.png", png((30, 10)), "image/png", content_location="route map.png"),
    ]
    return outlook_message("Visit", body, pictures, html=html)


def test_pictures_shown_by_their_content_location_stand_where_the_html_shows_them():
    plain = "Directions to the office.\n\nPark behind the building.\n\nRing twice.\n"
    for body in (plain, None):  # a plain body the HTML one is read instead of, and none
        doc = extract(_located(body), filename="visit.msg")
        assert [(b.kind, b.images or b.text) for b in doc.blocks[2:]] == [
            (PARAGRAPH, "Directions to the office."),
            (IMAGE, ("route map.png",)),
            (PARAGRAPH, "Park behind the building."),
            (IMAGE, ("door.png",)),
            (PARAGRAPH, "Ring twice."),
        ], body
        assert sorted(im.name for im in doc.images) == ["door.png", "route map.png"]


def _encapsulating(fonts: bytes, body: bytes, page: bytes = b"1252") -> bytes:
    """An RTF body encapsulating ``<p>`` ``body`` ``</p>``, its font table Arial and ``fonts``."""
    head = b"{\\rtf1\\ansi\\ansicpg%s\\fromhtml1 \\deff0{\\fonttbl{\\f0\\fswiss Arial;}%s}" % (page, fonts)
    return head + b"{\\*\\htmltag19 <p>}" + body + b"{\\*\\htmltag27 </p>}}"


@pytest.mark.parametrize(
    ("rtf", "expected"),
    [
        # a font's code page (\cpg1251): Привет is CF F0 E8 E2 E5 F2, which read "Ïðèâåò"
        (_encapsulating(b"{\\f1\\cpg1251 Arial;}", b"{\\f1 \\'cf\\'f0\\'e8\\'e2\\'e5\\'f2}"), "Привет"),
        # a page no character set stands for, before the set named: Привет in DOS Cyrillic (866)
        # is 8F E0 A8 A2 A5 E2 (in Windows-1251, the set's page, "ЏаЁўҐв")
        (
            _encapsulating(b"{\\f1\\fcharset204\\cpg866 Courier;}", b"{\\f1 \\'8f\\'e0\\'a8\\'a2\\'a5\\'e2}"),
            "Привет",
        ),
        # raw bytes in a font of code page 1253: σώμα is F3 FE EC E1 ("óþìá" in Windows-1252)
        (_encapsulating(b"{\\f1\\cpg1253 Arial;}", b"{\\f1 \xf3\xfe\xec\xe1}"), "σώμα"),
        # Shift_JIS: テスト is 83 65, 83 58, 83 67, each escaped lead byte before its ASCII trail
        # byte (the RTF specification's form), which read "\ufffde\ufffdX\ufffdg"
        (_encapsulating(b"", b"\\'83e\\'83X\\'83g", b"932"), "テスト"),
        # \bin3 and its three bytes of data (a brace among them) are no text
        (_encapsulating(b"", b"a\\bin3 {x\xffb"), "ab"),
        # a font holds across \par: テ (83 65) raw in a Japanese font, in the paragraph after too,
        # where its 83 was read alone ("\ufffde", the reading of bytes going back to the default font)
        (_encapsulating(b"{\\f1\\fcharset128 MS Mincho;}", b"{\\f1 \x83e\\par \x83e}"), "テ\nテ"),
        # the font table holds a group of groups (an embedded font's file) closing in "}}" before
        # the table does: the Cyrillic font after it (Мир, CC E8 F0) was not read, "Ìèð"
        (
            _encapsulating(
                b"{\\f1\\fnil{\\*\\fontemb\\fttruetype{\\*\\fontfile font.ttf}}Embedded;}"
                b"{\\f2\\fcharset204 Arial Cyr;}",
                b"{\\f2 \\'cc\\'e8\\'f0}",
            ),
            "Мир",
        ),
        # a Mac character set as the RTF specification numbers it: 89 is Mac Russian, Мир 8C E8 F0
        # ("åË\uf8ff" before, in the document's Mac Roman)
        (_encapsulating(b"{\\f1\\fcharset89 Geneva CY;}", b"{\\f1 \\'8c\\'e8\\'f0}", b"10000"), "Мир"),
        # \plain sets the default font again (\deff0, Arial, in the document's Greek page): E1 is α
        # there; it read á in the Western font before
        (_encapsulating(b"{\\f1\\fcharset0 Times;}", b"\\f1 caf\\'e9\\plain \\'e1", b"1253"), "caféα"),
    ],
    ids=[
        "font-code-page",
        "dos-cyrillic",
        "raw-greek",
        "shift-jis-ascii-trail",
        "binary-data",
        "font-across-par",
        "font-table-inner-groups",
        "mac-russian",
        "plain",
    ],
)
def test_the_encapsulated_html_reads_bytes_as_an_rtf_file_does(rtf, expected):
    assert deencapsulate_html(rtf) == f"<p>{expected}</p>"


def test_a_table_encapsulated_in_an_rtf_body_reads_its_fonts_code_pages():
    # a plain body beside an RTF body encapsulating the table (no HTML stream): the table is read
    # from the RTF, its Russian cells in a font of code page 1251 (Имя C8 EC FF, Город C3 EE F0 EE E4,
    # Рим D0 E8 EC, Тула D2 F3 EB E0), which read as Windows-1252 ("Èìÿ")
    cells = [
        [b"\\'c8\\'ec\\'ff", b"\\'c3\\'ee\\'f0\\'ee\\'e4"],
        [b"Anna", b"\\'d0\\'e8\\'ec"],
        [b"Ivan", b"\\'d2\\'f3\\'eb\\'e0"],
    ]
    rows = b"".join(
        b"{\\*\\htmltag <tr>}"
        + b"".join(b"{\\*\\htmltag <td>}{\\f1 " + cell + b"}{\\*\\htmltag </td>}" for cell in row)
        + b"{\\*\\htmltag </tr>}"
        for row in cells
    )
    rtf = (
        b"{\\rtf1\\ansi\\ansicpg1252\\fromhtml1 \\deff0{\\fonttbl{\\f0\\fswiss Arial;}{\\f1\\cpg1251 Arial;}}"
        b"{\\*\\htmltag <html><body><table>}" + rows + b"{\\*\\htmltag </table></body></html>}}"
    )
    plain = "Имя Город\nAnna Рим\nIvan Тула\n"
    doc = extract(outlook_message("Cities", plain, rtf=rtf), filename="cities.msg")
    assert [(b.kind, b.text) for b in doc.blocks[2:]] == [
        (TABLE, "| Имя | Город |\n| --- | --- |\n| Anna | Рим |\n| Ivan | Тула |")
    ]
