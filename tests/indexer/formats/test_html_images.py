"""HTML: tracking pixels and small icons declared by their size are left out, listed in the
coverage; an image of undeclared or larger size stays an IMAGE block."""

from __future__ import annotations

from indexer import extract
from indexer.formats.html import extract_html, html_blocks
from indexer.model import IMAGE, PARAGRAPH, TABLE, Skipped

from ._text_helpers import CTX


def _images(html: str) -> list[str]:
    return [b.text for b in html_blocks(html)[0] if b.kind == IMAGE]


def test_tracking_pixel_is_dropped_and_listed():
    html = (
        "<p>Before.</p><img src='https://x.org/wiki/Special:CentralAutoLogin/start?type=1x1' "
        "alt='' width='1' height='1' /><p>After.</p>"
    )
    blocks, dropped = html_blocks(html)
    assert [(b.kind, b.text) for b in blocks] == [(PARAGRAPH, "Before."), (PARAGRAPH, "After.")]
    assert dropped == [Skipped("image", "start", "tracking pixel (1×1)", on_purpose=True)]
    doc = extract_html(html.encode(), CTX)
    assert "[Image:" not in doc.text
    assert doc.coverage.skipped_of("image") == (
        Skipped("image", "start", "tracking pixel (1×1)", on_purpose=True),
    )


def test_icon_inside_a_paragraph_no_longer_cuts_it():
    blocks, dropped = html_blocks(
        '<p>Sister city: <img src="//u/40px-Flag_of_France.svg.png" alt="" width="22" height="15"> Paris</p>'
        '<p>Mayor <img src="pencil.svg" alt="edit" width="10" height="10"> Hidalgo</p>'
    )
    assert [(b.kind, b.text) for b in blocks] == [
        (PARAGRAPH, "Sister city: Paris"),
        (PARAGRAPH, "Mayor Hidalgo"),
    ]
    assert dropped == [
        Skipped("image", "40px-Flag_of_France.svg.png", "icon (22×15)", on_purpose=True),
        Skipped("image", "edit", "icon (10×10)", on_purpose=True),
    ]


def test_css_pixel_sizes_count_and_other_units_do_not():
    assert _images('<img src="a.gif" style="width:1px; height:1px">') == []
    assert _images('<img src="b.png" alt="" style="height: 16px;width: 16px">') == []
    # the style wins over the attributes, as in a browser: 20em × 10em is not a small image
    assert _images('<img src="c.png" width="10" height="10" style="width: 20em; height: 10em">') == [
        "[Image: c.png]"
    ]
    # max-width and border-width are not the width
    assert _images('<img src="d.png" width="300" height="200" style="max-width:1px;border-width:1px">') == [
        "[Image: d.png]"
    ]


def test_only_small_declared_images_go():
    kept = (
        '<img src="icon.png" width="30" height="30">'  # at the icon bound: dropped
        '<img src="photo.jpg" alt="">'  # no size declared
        '<img src="wide.png" width="1">'  # one side only
        '<img src="pct.png" width="1%" height="1%">'  # not pixels
        '<img src="portal.png" width="31" height="31">'  # past the icon bound
        '<img src="banner.png" width="300" height="2">'  # a rule, not a pixel
        '<img src="ga.svg" alt="This is a good article" width="19" height="20">'  # the alt says something
        '<img src="long.svg" alt="Internationalisation-support" width="20" height="20">'  # not a short word
    )
    assert _images(kept) == [
        "[Image: photo.jpg]",
        "[Image: wide.png]",
        "[Image: pct.png]",
        "[Image: portal.png]",
        "[Image: banner.png]",
        "[Image: This is a good article]",
        "[Image: Internationalisation-support]",
    ]


def test_beijing_flag_icons_are_listed_not_placed(real_world):
    doc = extract(real_world / "html" / "kreuzberg" / "beijing_chinese.html")
    skipped = doc.coverage.skipped_of("image")
    # 147 images of the article declared at most 30×30 with no alt or a one-word alt (flags of
    # the sister-city and history tables, the 10×10 Wikidata pencil, the regimes' flags of 25 px
    # of the box 中国大陆直辖市, the emblems of 25×25 to 25×27 over the table of the city's four
    # leaders); none is a tracking pixel.
    assert len(skipped) == 147
    assert Skipped("image", "中华人民共和国", "icon (22×15)", on_purpose=True) in skipped
    assert Skipped("image", "中华人民共和国国徽", "icon (25×27)", on_purpose=True) in skipped
    assert Skipped("image", "40px-Flag_of_the_Mengjiang.svg.png", "icon (25×17)", on_purpose=True) in skipped
    assert all(s.reason.startswith("icon (") for s in skipped)
    images = [b for b in doc.blocks if b.kind == IMAGE]
    assert len(images) == 63
    assert not any("Flag_of_Serbia" in b.text for b in images)


def test_tracking_pixel_in_markdown_raw_html(real_world):
    # wkey_am.md line 264: <img src='…/Special:CentralAutoLogin/start?type=1x1…' width='1' height='1' />
    doc = extract(real_world / "md" / "kreuzberg" / "wkey_am.md")
    at_264 = [b for b in doc.blocks if b.lines and b.lines[0] <= 264 <= b.lines[1]]
    assert [b.kind for b in at_264] == [PARAGRAPH]
    assert at_264[0].text.startswith('Retrieved from "')


INFOBOX = """<table class="infobox">
<tr><th colspan="2">Beijing</th></tr>
<tr><td colspan="2"><img src="skyline.jpg" alt="Skyline"><br>Skyline of Beijing</td></tr>
<tr><td colspan="2"><img src="map.png" alt="Location map"></td></tr>
<tr><th>Country</th><td>China</td></tr>
<tr><th>Flag</th><td><img src="flag.png" alt="Flag of Beijing" width="100" height="60"></td></tr>
</table>"""


def test_images_opening_a_table_come_before_it():
    blocks = html_blocks(INFOBOX)[0]
    assert [(b.kind, b.text.splitlines()[0]) for b in blocks] == [
        (PARAGRAPH, "Beijing"),  # the title row
        (IMAGE, "[Image: Skyline]"),  # the rows before "Country | China"
        (IMAGE, "[Image: Location map]"),
        (TABLE, "| Column 1 | Column 2 |"),
        (IMAGE, "[Image: Flag of Beijing]"),  # in the last row: under it, after the table
    ]
    assert blocks[3].rows == (
        ("Skyline of Beijing", ""),
        ("Country", "China"),
        ("Flag", ""),
    )
    # in a table whose first row already holds two values, its pictures are read under that row
    gallery = html_blocks(
        '<table><tr><td><img src="a.jpg" alt="A"> Gate</td><td><img src="b.jpg" alt="B"> Wall</td></tr>'
        "<tr><td>1901</td><td>1902</td></tr></table>"
    )[0]
    assert [(b.kind, b.rows) for b in gallery] == [
        (TABLE, (("Gate", "Wall"),)),
        (IMAGE, ()),
        (IMAGE, ()),
        (TABLE, (("1901", "1902"),)),
    ]
    # a gallery of one row is read cell by cell, each picture before its caption
    one_row = html_blocks(
        '<table><tr><td><img src="a.jpg" alt="A"> Gate</td><td><img src="b.jpg" alt="B"> Wall</td></tr></table>'
    )[0]
    assert [(b.kind, b.text) for b in one_row] == [
        (IMAGE, "[Image: A]"),
        (PARAGRAPH, "Gate"),
        (IMAGE, "[Image: B]"),
        (PARAGRAPH, "Wall"),
    ]


def test_wkey_logo_before_its_infobox(real_world):
    # wkey_am.html: the infobox opens with <td colspan="2" class="infobox-image"><img …WKEY-AM_2012.jpg>,
    # then a header row and "Broadcast area | Covington, Virginia …"
    doc = extract(real_world / "html" / "kreuzberg" / "wkey_am.html")
    at = next(i for i, b in enumerate(doc.blocks) if b.kind == TABLE)
    assert [(b.kind, b.text) for b in doc.blocks[at - 2 : at]] == [
        (PARAGRAPH, "WKEY"),
        (IMAGE, "[Image: 250px-WKEY-AM_2012.jpg]"),
    ]
    assert doc.blocks[at].rows[1][0] == "Broadcast area"


# a picture in a row past an infobox's opening rows (a president's standard beside his name) was
# read after the whole table; it is read under its row, as a table in a cell is, the table going
# on after it. A picture beside several rows (a cell spanning them), in the header or an icon left
# out cuts nothing


def test_a_picture_in_a_row_of_values_is_read_under_its_row():
    blocks = html_blocks(
        '<table><tr><th colspan="2">Israel</th></tr>'
        "<tr><th>Capital</th><td>Jerusalem</td></tr>"
        '<tr><th>President</th><td><img src="standard.png" alt="Standard of the President"> Isaac Herzog</td></tr>'
        "<tr><th>Language</th><td>Hebrew</td></tr></table>"
    )[0]
    assert [(b.kind, b.rows or b.text) for b in blocks] == [
        (PARAGRAPH, "Israel"),
        (TABLE, (("Capital", "Jerusalem"), ("President", "Isaac Herzog"))),
        (IMAGE, "[Image: Standard of the President]"),
        (TABLE, (("Language", "Hebrew"),)),
    ]


def test_a_picture_beside_several_rows_or_in_the_header_cuts_nothing():
    blocks = html_blocks(
        '<table><tr><th>Rank</th><th>City <img src="c.png" alt="Cities"></th><th></th></tr>'
        '<tr><td>1</td><td>Shanghai</td><td rowspan="2"><img src="s.jpg" alt="Shanghai skyline"></td></tr>'
        '<tr><td>2</td><td>Beijing <img src="i.png" alt="" width="16" height="16"></td></tr>'
        "<tr><td>3</td><td>Shenzhen</td><td></td></tr></table>"
    )[0]
    assert [b.kind for b in blocks] == [TABLE, IMAGE, IMAGE]
    assert [row[1] for row in blocks[0].rows] == ["Shanghai", "Beijing", "Shenzhen"]


def test_real_presidents_standard_in_his_row(real_world):
    # israel_hebrew.html's infobox: the row נשיא המדינה holds the standard נס הנשיא (22×22) before
    # יצחק הרצוג, the row ראש הממשלה the flag ראש ממשלת ישראל (22×15) before בנימין נתניהו, the row
    # ישות קודמת the flag המנדט הבריטי (22×13) before המנדט הבריטי על פלשתינה (א"י) (read by hand):
    # their alt text in the row, the infobox one table, no longer cut under each of them
    doc = extract(real_world / "html" / "kreuzberg" / "israel_hebrew.html")
    blocks = list(doc.blocks)
    at = next(
        i
        for i, b in enumerate(blocks)
        if b.kind == TABLE and ("נשיא המדינה", "נס הנשיא יצחק הרצוג") in b.rows
    )
    rows = blocks[at].rows
    assert ("ראש הממשלה", "ראש ממשלת ישראל בנימין נתניהו") in rows
    assert ("ישות קודמת", 'המנדט הבריטי על פלשתינה (א"י)') in rows  # the flag's alt said once
    assert not any(
        b.kind == IMAGE and b.alt in ("נס הנשיא", "ראש ממשלת ישראל", "המנדט הבריטי") for b in blocks
    )
    assert Skipped("image", "המנדט הבריטי", "alt text as its cell's text", on_purpose=True) in (
        doc.coverage.skipped_of("image")
    )


def test_a_flag_without_alt_text_beside_a_rows_label_cuts_nothing():
    # a navigation box's rows headed by regimes, each name after its flag (32×21, no alt text: it
    # says nothing but its file's name): one table, the flags after it, not a table cut at each
    flag = '<img src="//x/40px-Flag_of_{0}.svg.png" width="32" height="21">'
    blocks = html_blocks(
        "<table>"
        f'<tr><th scope="row">{flag.format("Manchukuo")} Manchukuo (1932–1945)</th><td>Hsinking Harbin</td></tr>'
        f'<tr><th scope="row">{flag.format("Mengjiang")} Mengjiang (1939–1945)</th><td>Kalgan</td></tr>'
        '<tr><th scope="row">Republic (1945–1949)</th><td>Nanking Shanghai</td></tr></table>'
    )[0]
    assert [(b.kind, b.rows or b.text) for b in blocks] == [
        (
            TABLE,
            (
                ("Manchukuo (1932–1945)", "Hsinking Harbin"),
                ("Mengjiang (1939–1945)", "Kalgan"),
                ("Republic (1945–1949)", "Nanking Shanghai"),
            ),
        ),
        (IMAGE, "[Image: 40px-Flag_of_Manchukuo.svg.png]"),
        (IMAGE, "[Image: 40px-Flag_of_Mengjiang.svg.png]"),
    ]


def test_a_small_picture_with_alt_text_in_a_cell_is_its_alt_text_there():
    # a picture a line of text high (at most 32 px each way) with alt text says something of its
    # row: its alt text in the cell where it stands, the table not cut under its row
    standard = '<img src="s.png" alt="Standard of the President" width="22" height="22">'
    blocks = html_blocks(
        f"<table><tr><th>President</th><td>{standard} Isaac Herzog</td></tr>"
        "<tr><th>Language</th><td>Hebrew</td></tr></table>"
    )[0]
    assert [(b.kind, b.rows) for b in blocks] == [
        (TABLE, (("President", "Standard of the President Isaac Herzog"), ("Language", "Hebrew")))
    ]
    # a larger one is a figure, read under its row; so is one whose bytes the document holds
    for img in (
        '<img src="s.png" alt="Standard of the President" width="60" height="45">',
        '<img src="cid:standard" alt="Standard of the President" width="22" height="22">',
    ):
        blocks = html_blocks(
            f"<table><tr><th>President</th><td>{img} Isaac Herzog</td></tr>"
            "<tr><th>Language</th><td>Hebrew</td></tr></table>"
        )[0]
        assert [(b.kind, b.rows or b.text) for b in blocks] == [
            (TABLE, (("President", "Isaac Herzog"),)),
            (IMAGE, "[Image: Standard of the President]"),
            (TABLE, (("Language", "Hebrew"),)),
        ]


def test_a_flag_beside_a_rows_label_is_read_after_its_block_not_the_whole_table():
    # a box of regimes cut by the table in a later row's cell: the flag of the first group's row
    # comes right after that group's block, not after the table's last block
    flag = '<img src="//x/40px-Flag_of_Manchukuo.svg.png" width="32" height="21">'
    blocks = html_blocks(
        "<table>"
        f'<tr><th scope="row">{flag} Manchukuo</th><td>Hsinking</td></tr>'
        '<tr><th scope="row">Mengjiang</th><td>Kalgan</td></tr>'
        '<tr><th scope="row">People\'s Republic</th><td><table><tr><th>Central</th><td>Beijing</td></tr>'
        "<tr><th>Regional</th><td>Nanjing</td></tr></table></td></tr>"
        '<tr><th scope="row">Since 1954</th><td>Beijing Tianjin</td></tr></table>'
    )[0]
    assert [(b.kind, b.rows or b.text) for b in blocks] == [
        (TABLE, (("Manchukuo", "Hsinking"), ("Mengjiang", "Kalgan"))),
        (IMAGE, "[Image: 40px-Flag_of_Manchukuo.svg.png]"),
        (PARAGRAPH, "People's Republic"),
        (TABLE, (("Central", "Beijing"), ("Regional", "Nanjing"))),
        (TABLE, (("Since 1954", "Beijing Tianjin"),)),
    ]


def test_real_navigation_box_not_cut_at_its_flags(real_world):
    # beijing_chinese.html's box 中国大陆直辖市: ten rows from 附： 中華民國特別市 (1921–1928) to
    # 汪精卫国民政府特别市 (1940–1945), five of them headed by a flag of 25 px without alt text
    # (read by hand); the table was cut at each
    blocks = list(extract(real_world / "html" / "kreuzberg" / "beijing_chinese.html").blocks)
    at = next(i for i, b in enumerate(blocks) if b.kind == TABLE and "中華民國院辖市" in b.text)
    labels = [row[0] for row in blocks[at].rows]
    assert len(labels) == 10
    assert labels[0].startswith("附： 中華民國特別市") and labels[-1].startswith("汪精卫国民政府特别市")
    # the five flags (25×15 to 25×23, as zh-wiki's flag templates draw them) are icons, listed:
    # the box's groups of 1949 onward (华北政务委员会直属 …) follow its first ten rows
    assert blocks[at + 1].text == "华北政务委员会直属"
    regimes = ("Fujian", "Mongol_United", "Mengjiang", "China_(1912", "Republic_of_China-Nanjing")
    assert not any(b.kind == IMAGE and any(r in b.text for r in regimes) for b in blocks)


def test_real_pointer_icons_of_25_px_are_listed_not_placed(real_world):
    # israel_hebrew.html: 31 "main article" pointers (40px-Postscript-viewer-blue.svg.png, drawn
    # 25×25, no alt text; counted by hand in the page) were as many image chunks
    doc = extract(real_world / "html" / "kreuzberg" / "israel_hebrew.html")
    pointer = Skipped("image", "40px-Postscript-viewer-blue.svg.png", "icon (25×25)", on_purpose=True)
    assert doc.coverage.skipped_of("image").count(pointer) == 31
    assert not any(b.kind == IMAGE and "Postscript-viewer" in b.text for b in doc.blocks)
