"""HTML tables laid out as a browser lays them out: ``colspan`` and ``rowspan`` fill every cell
they cover, several header rows make one header, and a row that is one cell across the table is
a label (given once) or, at the top of the header, a title said before the table."""

from __future__ import annotations

from indexer import extract, get_chunks, get_markdown
from indexer.formats.html import html_blocks
from indexer.model import IMAGE, PARAGRAPH, TABLE


def _tables(html: str):
    blocks, _ = html_blocks(html)
    return [b for b in blocks if b.kind == TABLE], blocks


def test_spanning_header_cells_make_one_header_per_column():
    html = """<table><thead>
      <tr><th rowspan="2">Region</th><th colspan="2">Sales</th><th rowspan="2">Total</th></tr>
      <tr><th>Q1</th><th>Q2</th></tr></thead>
      <tbody>
      <tr><td colspan="4">North</td></tr>
      <tr><td>USA</td><td>1</td><td>2</td><td>3</td></tr>
      </tbody></table>"""
    (table,), _ = _tables(html)
    assert table.header == ("Region", "Sales / Q1", "Sales / Q2", "Total")
    assert table.rows == (("North", "", "", ""), ("USA", "1", "2", "3"))


def test_rowspans_carry_down_and_at_the_end_of_a_row():
    html = """<table>
      <tr><th>Plate</th><th>Title</th><th>Where</th></tr>
      <tr><td>I</td><td>Frost</td><td rowspan="3">End of chapter 1</td></tr>
      <tr><td>II</td><td>Ice</td></tr>
      <tr><td rowspan="2">III</td><td>Snow</td></tr>
      <tr><td>Hail</td><td>Facing p. 9</td></tr>
    </table>"""
    (table,), _ = _tables(html)
    assert table.header == ("Plate", "Title", "Where")
    assert table.rows == (
        ("I", "Frost", "End of chapter 1"),
        ("II", "Ice", "End of chapter 1"),
        ("III", "Snow", "End of chapter 1"),
        ("III", "Hail", "Facing p. 9"),
    )


def test_span_attributes_are_read_as_browsers_read_them():
    html = """<table>
      <tr><th>a</th><th>b</th><th>c</th><th>d</th></tr>
      <tr><td colspan="2x">w</td><td colspan="0">x</td><td colspan="">y</td></tr>
      <tr><td colspan=" 3 ">z</td><td rowspan="-1">q</td></tr>
    </table>"""
    (table,), _ = _tables(html)
    # "2x" is 2; 0, empty and negative values are 1; surrounding spaces are allowed
    assert table.rows == (("w", "w", "x", "y"), ("z", "z", "z", "q"))


def test_a_huge_colspan_is_capped():
    (table,), _ = _tables(
        '<table><tr><th>a</th><th>b</th></tr><tr><td colspan="99999999">x</td><td>y</td></tr></table>'
    )
    assert len(table.rows[0]) == 1001  # at most 1,000 columns for one cell, as browsers cap it
    assert table.rows[0][-1] == "y"


def test_many_wide_cells_cannot_make_a_row_of_millions():
    # 3,000 cells of colspan 1,000 would be 3 million columns laid out in full: past 1,000
    # columns each cell's text is given once
    cells = "".join(f'<td colspan="1000" rowspan="50">c{i}</td>' for i in range(3000))
    (table,), _ = _tables(f"<table><tr>{cells}</tr><tr><td>z</td></tr></table>")
    first, second = table.rows
    assert len(first) == 1000 + 2999 and first[999] == "c0" and first[-1] == "c2999"
    assert second[:2] == ("c0", "c0") and len(second) <= 4000  # the rowspans carried down


def test_a_title_row_over_the_header_is_said_before_the_table():
    html = """<table>
      <tr><th colspan="3">Weather in Beijing (1991-2020)</th></tr>
      <tr><th>Month</th><th>Jan</th><th>Feb</th></tr>
      <tr><th>High °C</th><td>2.3</td><td>6.1</td></tr>
    </table>"""
    (table,), blocks = _tables(html)
    assert [(b.kind, b.text) for b in blocks[:1]] == [(PARAGRAPH, "Weather in Beijing (1991-2020)")]
    assert table.header == ("Month", "Jan", "Feb")
    assert table.rows == (("High °C", "2.3", "6.1"),)


def test_real_complex_table(real_world):
    # complex_table.html, read by hand: Region and Total span the two header rows, "2024 Sales
    # (in thousands)" the four quarters; "North America" and "Europe" rows span all six columns
    doc = extract(real_world / "html" / "kreuzberg" / "complex_table.html")
    table = next(b for b in doc.blocks if b.kind == TABLE)
    sales = "2024 Sales (in thousands)"
    assert table.header == ("Region", *(f"{sales} / Q{i}" for i in range(1, 5)), "Total")
    assert table.rows[0] == ("North America", "", "", "", "", "")
    assert table.rows[1] == ("USA", "$150", "$180", "$165", "$200", "$695")
    assert table.rows[3] == ("Europe", "", "", "", "", "")
    assert table.rows[-1] == ("Grand Total", "$380", "$450", "$416", "$510", "$1,756")


def test_rowspan_zero_spans_the_rest_of_its_row_group():
    # HTML: rowspan="0" reaches the last row of the cell's <tbody> (here three rows), and no
    # further (the <tfoot> row keeps its own cells); colspan="0" is 1
    html = """<table>
      <thead><tr><th>Team</th><th>Member</th></tr></thead>
      <tbody>
      <tr><td rowspan="0">Design</td><td>Ana</td></tr>
      <tr><td>Ben</td></tr>
      <tr><td>Caro</td></tr>
      </tbody>
      <tfoot><tr><td colspan="0">Total</td><td>3</td></tr></tfoot>
    </table>"""
    (table,), _ = _tables(html)
    assert table.header == ("Team", "Member")
    assert table.rows == (("Design", "Ana"), ("Design", "Ben"), ("Design", "Caro"), ("Total", "3"))


def test_a_first_row_of_bold_cells_heads_the_table():
    html = """<table>
      <tr><td><b>Name</b></td><td><strong>Age</strong></td><td></td></tr>
      <tr><td>Ann</td><td>31</td><td>x</td></tr>
      <tr><td><b>Bob</b></td><td>28</td><td>y</td></tr>
    </table>"""
    (table,), _ = _tables(html)
    assert table.header == ("Name", "Age", "")
    assert table.rows == (("Ann", "31", "x"), ("Bob", "28", "y"))
    assert table.text.splitlines()[0] == "| Name | Age |  |"
    assert "has_header" not in table.meta


def test_a_table_no_row_heads_names_its_columns():
    # neither <th> nor a bold first row; a row half bold (a key column) is not a header either
    for html in (
        "<table><tr><td>Born</td><td>1900</td></tr><tr><td>Died</td><td>1980</td></tr></table>",
        "<table><tr><td><b>Born</b></td><td>1900</td></tr><tr><td><b>Died</b></td><td>1980</td></tr></table>",
        "<table><tr><td><b>Born</b></td><td><b>1900</b></td></tr><tr><td><b>Died</b></td><td><b>1980</b></td></tr></table>",
    ):
        (table,), _ = _tables(html)
        assert table.header == ("Column 1", "Column 2"), html
        assert table.meta["has_header"] is False
        assert table.text.splitlines()[:2] == ["| Column 1 | Column 2 |", "| --- | --- |"]
        assert table.rows[0] == ("Born", "1900")


def test_a_table_without_header_reads_as_valid_markdown():
    md = get_markdown(
        b"<table><tr><td>x</td><td>y</td></tr><tr><td>z</td><td>w</td></tr></table>", filename="t.html"
    )
    assert md == "| Column 1 | Column 2 |\n| --- | --- |\n| x | y |\n| z | w |\n"


def test_a_plain_first_row_heads_columns_it_stands_apart_from():
    # the room table of a real Outlook message (chinese message.msg), set without <th> or bold:
    # each room name has three characters and the first cell two, the hours column is mixed
    rooms = (
        "<table><tr><td>房型</td><td>时间段</td></tr><tr><td>迷你房</td><td>全天</td></tr>"
        "<tr><td>大床房</td><td>9:00-12:00</td></tr><tr><td>标准房</td><td>15:30-18:00</td></tr></table>"
    )
    (table,), _ = _tables(rooms)
    assert table.header == ("房型", "时间段") and "has_header" not in table.meta
    assert table.rows[0] == ("迷你房", "全天")
    # a word over a column of numbers heads it (a book's table of contents)
    contents = (
        "<table><tr><td>CHAP.</td><td></td><td>PAGE</td></tr><tr><td>I.</td><td>The Sun-seeker</td><td>1</td></tr>"
        "<tr><td>II.</td><td>Rinks and Skaters</td><td>23</td></tr></table>"
    )
    (table,), _ = _tables(contents)
    assert table.header == ("CHAP.", "", "PAGE")
    # no such evidence: a list of pairs, or two rows only, keeps every row as data
    pairs = (
        "<table><tr><td>(i)</td><td>Outside forward to outside back.</td></tr>"
        "<tr><td>(ii)</td><td>Inside forward to inside back.</td></tr>"
        "<tr><td>(iii)</td><td>Outside back to outside forward.</td></tr></table>"
    )
    (table,), _ = _tables(pairs)
    assert table.header == ("Column 1", "Column 2") and table.rows[0][0] == "(i)"
    two = "<table><tr><td>Room</td><td>Hours</td></tr><tr><td>Mini</td><td>9</td></tr></table>"
    (table,), _ = _tables(two)
    assert table.header == ("Column 1", "Column 2")


def test_a_column_of_th_cells_keeps_the_first_row_as_data():
    # the author marked the header cells: they head the rows, so no column vote makes row 1 a header
    html = (
        "<table><tr><th>Name</th><td>Ada</td></tr><tr><th>Age</th><td>36</td></tr>"
        "<tr><th>Job</th><td>Poet</td></tr></table>"
    )
    (table,), _ = _tables(html)
    assert table.header == ("Column 1", "Column 2") and table.rows[0] == ("Name", "Ada")


def test_a_table_of_one_row_is_read_as_the_flow_of_its_cells():
    # as Word, PowerPoint and OpenDocument tables of one row are: a layout table (a signature line,
    # a page's menu beside its text), not data; a cell's lists and headings stay what they are
    blocks = html_blocks(
        "<table><caption>Layout</caption><tr><td><h2>Menu</h2><ul><li>Home</li><li>News</li></ul></td>"
        "<td><p>First paragraph.</p><p>Second paragraph.</p></td><td></td></tr></table>"
    )[0]
    assert [(b.kind, b.text) for b in blocks] == [
        (PARAGRAPH, "Layout"),
        ("heading", "Menu"),
        ("list", "Home\nNews"),
        (PARAGRAPH, "First paragraph."),
        (PARAGRAPH, "Second paragraph."),
    ]
    signature = html_blocks("<table><tr><td>Signature:</td><td></td><td>Date:</td></tr></table>")[0]
    assert [(b.kind, b.text) for b in signature] == [(PARAGRAPH, "Signature:"), (PARAGRAPH, "Date:")]


def test_numbered_rows_are_not_headed_by_their_first():
    # winter_sports.epub's figures to skate: "1. Forward inside three, | the length of each curve
    # being | 15 ft. at least." over rows of ditto marks; the columns vote for row 1, its number
    # says it is the first of the list
    html = (
        "<table><tr><td>1. Forward inside three,</td><td>the length of each curve being</td><td>15 ft. at least.</td></tr>"
        "<tr><td>2. Forward outside three</td><td>“ “ “</td><td>15 “</td></tr>"
        "<tr><td>3. Forward inside two threes</td><td>“ “ “</td><td>10 “</td></tr></table>"
    )
    (table,), _ = _tables(html)
    assert table.header == ("Column 1", "Column 2", "Column 3")
    assert table.rows[0][0] == "1. Forward inside three,"


# -- a table in a cell of a data table -----------------------------------------------------------
# it was read into its cell's text, its rows and columns run together ("District Population
# Dongcheng 708,829 Xicheng 1,106,214"); it is a table of its own, its rows under its own header,
# as a retriever needs them to match a row's values to its column. It is read right under the row
# holding it, the outer table going on after it: read after the whole table, nothing said which
# row it belonged to (a navigation box's groups under rows left with their label alone)


def test_a_table_in_a_cell_is_a_table_of_its_own_under_its_row():
    inner = (
        "<table><tr><th>District</th><th>Population</th></tr>"
        "<tr><td>Dongcheng</td><td>708,829</td></tr><tr><td>Xicheng</td><td>1,106,214</td></tr></table>"
    )
    blocks, _ = html_blocks(
        "<table><tr><th>City</th><th>Districts</th></tr>"
        f"<tr><td>Beijing</td><td>Core: {inner}</td></tr>"
        "<tr><td>Tianjin</td><td>16 districts</td></tr></table><p>After</p>"
    )
    outer, nested, rest, after = blocks
    assert (outer.kind, outer.header) == (TABLE, ("City", "Districts"))
    assert outer.rows == (("Beijing", "Core:"),)
    assert (nested.kind, nested.header) == (TABLE, ("District", "Population"))
    assert nested.rows == (("Dongcheng", "708,829"), ("Xicheng", "1,106,214"))
    # the outer table goes on under the same header, its rows numbered on from the first block
    assert (rest.kind, rest.header, rest.rows) == (
        TABLE,
        ("City", "Districts"),
        (("Tianjin", "16 districts"),),
    )
    assert (outer.row_numbers, rest.row_numbers) == ((1,), (2,))
    assert (after.kind, after.text) == (PARAGRAPH, "After")


def test_a_group_label_stands_right_over_its_table():
    # a navigation box: a row of a label and a cell holding only a table of the label's groups
    group = (
        "<table><tr><th>{0} north</th><td>{0}1 {0}2</td></tr><tr><th>{0} east</th><td>{0}3</td></tr></table>"
    )
    blocks, _ = html_blocks(
        "<table><tr><th>Roads</th><td>Ring 2 Ring 3</td></tr>"
        f"<tr><th>Provincial</th><td>{group.format('S')}</td></tr>"
        f"<tr><th>Expressways</th><td>{group.format('G')}</td></tr>"
        "<tr><th>Special</th><td>Cycle path</td></tr></table>"
    )
    # the label of a row whose other cell held only the table is said over it, not a row of its own
    assert [b.rows if b.kind == TABLE else b.text for b in blocks] == [
        (("Roads", "Ring 2 Ring 3"),),
        "Provincial",
        (("S north", "S1 S2"), ("S east", "S3")),
        "Expressways",
        (("G north", "G1 G2"), ("G east", "G3")),
        (("Special", "Cycle path"),),
    ]
    assert [b.row_numbers for b in (blocks[0], blocks[-1])] == [(1,), (2,)]


def test_real_road_groups_under_their_rows(real_world):
    # beijing_chinese.html's box 北京路网: the row 省道 holds a table of 南北纵线, 东西横线 and
    # 原等级已变更 (read by hand); the row 高速公路 one of 京津冀高速 … 国家高速公路
    blocks = list(extract(real_world / "html" / "kreuzberg" / "beijing_chinese.html").blocks)
    at = next(i for i, b in enumerate(blocks) if (b.kind, b.text) == (PARAGRAPH, "省道"))
    assert [row[0] for row in blocks[at + 1].rows] == ["南北纵线", "东西横线", "原等级已变更"]
    assert (blocks[at + 2].kind, blocks[at + 2].text) == (PARAGRAPH, "高速公路")
    assert [row[0] for row in blocks[at + 3].rows] == [
        "京津冀高速",
        "国道沿线高速",
        "省级高速公路",
        "国家高速公路",
    ]
    assert blocks[at + 4].rows[0][:2] == ("特殊道路", "回龙观至上地自行车专用路")


def test_real_translators_under_their_frequencies(real_world):
    # wkey_am.html: the row "By FM frequency" holds the table of its translators 95.3 and 103.5
    blocks = list(extract(real_world / "html" / "kreuzberg" / "wkey_am.html").blocks)
    at = next(
        i for i, b in enumerate(blocks) if b.kind == TABLE and b.rows and b.rows[-1][0] == "By FM frequency"
    )
    assert [(b.kind, b.text) for b in blocks[at + 1 : at + 3]] == [
        (PARAGRAPH, "Translators"),
        ("list", "95.3\n103.5"),
    ]
    assert blocks[at + 3].rows[0][0] == "Digital radio by frequency & subchannel"


# a table in a data table's cell that holds no data (a box of one text a row, a column kept for a
# picture) was a "Column 1 | Column 2" table with a column empty in every row; it is read as the
# flow of its cells, as a layout table is


def test_a_table_of_one_text_a_row_in_a_cell_is_read_as_flow():
    box = (
        '<table><tr><th colspan="2">North of the city</th></tr>'
        '<tr><td colspan="2">Forest park<br>Olympic park<br>Gulou street</td></tr></table>'
    )
    blocks, _ = html_blocks(f"<table><tr><th>Central axis</th></tr><tr><td>{box}</td></tr></table>")
    assert [(b.kind, b.text) for b in blocks] == [
        (PARAGRAPH, "Central axis"),
        (PARAGRAPH, "North of the city"),
        (PARAGRAPH, "Forest park\nOlympic park\nGulou street"),
    ]


def test_a_table_with_an_empty_column_in_a_cell_keeps_its_columns_of_data():
    # a label and its values in a box whose third column is empty in every row (kept for a
    # picture): a table of the two columns that hold data, not of a "Column 3" empty throughout
    box = (
        "<table><tr><th>1940s</th><td>Independence</td><td></td></tr>"
        "<tr><th>1950s</th><td>Immigration</td><td></td></tr></table>"
    )
    blocks, _ = html_blocks(f"<table><tr><th>Navigation</th></tr><tr><td>{box}</td></tr></table>")
    assert [(b.kind, b.text) for b in blocks[:1]] == [(PARAGRAPH, "Navigation")]
    (table,) = blocks[1:]
    assert table.kind == TABLE
    assert table.header == ("Column 1", "Column 2")
    assert table.rows == (("1940s", "Independence"), ("1950s", "Immigration"))


def test_real_decades_box_is_a_table_of_labels_and_values(real_world):
    # israel_hebrew.html's history box: each decade's label beside its events (read by hand:
    # שנות ה-40 over הכרזת העצמאות • מלחמת העצמאות • …), its third column empty throughout
    blocks = list(extract(real_world / "html" / "kreuzberg" / "israel_hebrew.html").blocks)
    (table,) = [b for b in blocks if b.kind == TABLE and any(r[0] == "שנות ה-40" for r in b.rows)]
    assert table.header == ("Column 1", "Column 2")
    row = next(r for r in table.rows if r[0] == "שנות ה-40")
    assert row[1].startswith("הכרזת העצמאות • מלחמת העצמאות")


def test_real_central_axis_box_is_read_as_flow(real_world):
    # beijing_chinese.html's box 北京城中轴线: its group 城池以北 is a title over one cell of
    # places set one a line (read by hand: 奥林匹克森林公园, 森林公园南门站 … 鼓楼外大街)
    blocks = list(extract(real_world / "html" / "kreuzberg" / "beijing_chinese.html").blocks)
    at = next(i for i, b in enumerate(blocks) if b.text == "城池以北")
    places = blocks[at + 1]
    assert places.kind == PARAGRAPH
    assert places.text.split("\n")[:2] == ["奥林匹克森林公园", "森林公园南门站"]
    assert places.text.split("\n")[-1] == "鼓楼外大街"
    axis = [b for b in blocks if b.kind == TABLE and b.header and b.header[0].startswith("北京城中轴线")]
    assert [b.rows[0][0] for b in axis] == ["注：划线者现已不存。 ←|→表示两侧建筑物关于城中轴对称的布局。"]
    assert not any(
        b.kind == TABLE and b.header == ("Column 1", "Column 2") and b.rows[0][0] == "内城" for b in blocks
    )


def test_a_table_in_the_opening_rows_is_read_before_the_table():
    # an infobox: its title, then a table of flag and emblem (one row: read as the flow of its
    # cells), then its data; the flag and emblem come first, as its pictures do
    pictures = (
        '<table><tr><td><img src="flag.png" alt="Flag" width="100" height="73"> Flag</td>'
        '<td><img src="emblem.png" alt="Emblem" width="64" height="80"> Emblem</td></tr></table>'
    )
    blocks, _ = html_blocks(
        f'<table><tr><th colspan="2">Israel</th></tr><tr><td colspan="2">{pictures}</td></tr>'
        "<tr><th>Capital</th><td>Jerusalem</td></tr><tr><th>Language</th><td>Hebrew</td></tr></table>"
    )
    assert [(b.kind, b.text) for b in blocks[:-1]] == [
        (PARAGRAPH, "Israel"),
        ("image", "[Image: Flag]"),
        (PARAGRAPH, "Flag"),
        ("image", "[Image: Emblem]"),
        (PARAGRAPH, "Emblem"),
    ]
    assert blocks[-1].rows == (("Capital", "Jerusalem"), ("Language", "Hebrew"))


def test_a_header_over_tables_alone_is_their_title():
    # a navigation box: a header cell over rows holding only tables; with them read apart, the
    # header is said as a paragraph before them, not left as a table without rows
    group = "<table><tr><th>Group {0}</th><td>{0}1 · {0}2</td></tr><tr><th>More {0}</th><td>{0}3</td></tr></table>"
    blocks, _ = html_blocks(
        f"<table><tr><th>Navigation</th></tr><tr><td>{group.format('A')}</td></tr>"
        f"<tr><td>{group.format('B')}</td></tr></table>"
    )
    assert [(b.kind, b.text) for b in blocks[:1]] == [(PARAGRAPH, "Navigation")]
    assert [b.rows for b in blocks[1:]] == [
        (("Group A", "A1 · A2"), ("More A", "A3")),
        (("Group B", "B1 · B2"), ("More B", "B3")),
    ]


def test_real_ranking_table_in_a_navigation_box(real_world):
    # beijing_chinese.html: the box "中华人民共和国最大城市排名" holds, in its one cell, a table
    # of the 20 largest cities in two halves side by side (read by hand: 1 上海 上海市 24,758,900
    # beside 11 西安 陕西省 7,700,000; 10 杭州 浙江省 10,021,000 beside 20 苏州 江苏省 5,000,800)
    doc = extract(real_world / "html" / "kreuzberg" / "beijing_chinese.html")
    blocks = list(doc.blocks)
    at = next(i for i, b in enumerate(blocks) if "中华人民共和国最大城市排名" in b.text)
    assert blocks[at].kind == PARAGRAPH
    ranking = blocks[at + 1]
    assert ranking.kind == TABLE
    # the photos of the first four cities with their names, each in a cell spanning the ten rows
    # on either side of them under an empty header cell, are said once after the table rather
    # than in each row
    assert ranking.header == ("排名", "名称", "所属省级行政区", "人口") * 2
    assert len(ranking.rows) == 10
    assert ranking.rows[0] == ("1", "上海", "上海市", "24,758,900", "11", "西安", "陕西省", "7,700,000")
    assert ranking.rows[-1] == (
        "10",
        "杭州",
        "浙江省",
        "10,021,000",
        "20",
        "苏州",
        "江苏省",
        "5,000,800",
    )
    assert [b.text for b in blocks[at + 2 : at + 10]] == [
        "[Image: 上海]",
        "上海",
        "[Image: 北京]",
        "北京",
        "[Image: 深圳]",
        "深圳",
        "[Image: 广州]",
        "广州",
    ]


def test_tables_nested_deep_keep_all_their_text():
    # 3,000 data tables each in the cell of the one before: read apart down to the depth limit,
    # past it as the text of their cell; every header and the innermost text kept
    depth = 3000
    html = "<table><tr><th>h</th></tr><tr><td>" * depth + "x" + "</td></tr></table>" * depth
    blocks, _ = html_blocks(html)
    text = " ".join(b.text for b in blocks)
    assert text.count("h") == depth and text.count("x") == 1


def test_one_value_below_a_first_cell_is_no_vote_for_a_header():
    # a column with a single value under the first row (the other empty) has no length of its
    # own for the first cell to differ from: it was a vote that made "a.json | [0C]" the header
    html = (
        "<table><tr><td>a.json</td><td>[0C]</td></tr><tr><td>bb.json</td><td>[E281A0]</td></tr>"
        "<tr><td>c.json</td><td></td></tr></table>"
    )
    (table,), _ = _tables(html)
    assert table.header == ("Column 1", "Column 2")
    assert table.rows == (("a.json", "[0C]"), ("bb.json", "[E281A0]"), ("c.json", ""))
    # two values of one length below a first cell of another still vote for it
    (table,), _ = _tables(html.replace("<td></td>", "<td>[FF00]</td>").replace("[E281A0]", "[EF00]"))
    assert table.header == ("a.json", "[0C]")


def test_real_table_of_files_and_bytes_has_no_header(real_world):
    # JSONTestSuite_parsing_json.md, an HTML table in Markdown, read by hand: three rows of a test
    # file's name and its bytes, the last empty (n_structure_no_data.json)
    doc = extract(real_world / "md" / "JSONTestSuite_parsing_json.md")
    (table,) = [b for b in doc.blocks if b.kind == TABLE and "formfeed" in b.text]
    assert table.meta["has_header"] is False
    assert table.rows == (
        ("n_structure_whitespace_formfeed.json", "[0C]"),
        ("n_structure_whitespace_U+2060_word_joiner.json", "[E281A0]"),
        ("n_structure_no_data.json", ""),
    )


# a navigation box without a header cut at its groups' tables: a row left with its label alone was
# a one-row table ("| 先秦 |  |") under an invented "Column 1 | Column 2" header, repeated on every
# block, and so was a note of one text; the label is said over its group's table, the note as a
# paragraph, while rows of data stay table rows and an author's header heads every block


def test_labels_over_their_groups_and_notes_are_paragraphs():
    group = "<table><tr><th>Xia</th><td>Yangcheng · Zhenxun</td></tr><tr><th>Shang</th><td>Bo · Yin</td></tr></table>"
    blocks, _ = html_blocks(
        "<table><tr><td>Capitals of China</td><td></td></tr>"
        f"<tr><th>Ancient</th><td>{group}</td></tr>"
        "<tr><th>Modern</th><td>Beijing</td></tr>"
        "<tr><td>See also: history</td><td></td></tr></table>"
    )
    assert [(b.kind, b.rows or b.text) for b in blocks] == [
        (PARAGRAPH, "Capitals of China"),
        (PARAGRAPH, "Ancient"),
        (TABLE, (("Xia", "Yangcheng · Zhenxun"), ("Shang", "Bo · Yin"))),
        (TABLE, (("Modern", "Beijing"), ("See also: history", ""))),
    ]
    assert blocks[2].header == blocks[-1].header == ("Column 1", "Column 2")


# a box no row heads, cut into blocks at its groups' tables: the blocks after its first had a
# blank head line ("|  |  |"), a chunk holding one read alone as a table opening with an empty
# row; each block is headed by the box's invented "Column 1 | Column 2" as its first is,
# has_header false on each


def test_invented_column_names_head_every_block_of_a_box():
    group = "<table><tr><td>Xia</td><td>Yangcheng</td></tr><tr><td>Shang</td><td>Yin</td></tr></table>"
    box = (
        "<table><tr><th>Qin</th><td>Xianyang</td></tr>"
        f"<tr><th>Ancient</th><td>{group}</td></tr>"
        "<tr><th>Modern</th><td>Beijing</td></tr></table>"
    )
    blocks, _ = html_blocks(
        box + "<p>Next</p><table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>"
    )
    assert [(b.kind, b.rows or b.text) for b in blocks] == [
        (TABLE, (("Qin", "Xianyang"),)),
        (PARAGRAPH, "Ancient"),
        (TABLE, (("Xia", "Yangcheng"), ("Shang", "Yin"))),
        (TABLE, (("Modern", "Beijing"),)),
        (PARAGRAPH, "Next"),
        (TABLE, (("a", "b"), ("c", "d"))),
    ]
    tables = [b for b in blocks if b.kind == TABLE]
    assert [b.header for b in tables] == [("Column 1", "Column 2")] * 4
    assert all(b.meta["has_header"] is False for b in tables)
    assert tables[1].text.splitlines()[:3] == [
        "| Column 1 | Column 2 |",
        "| --- | --- |",
        "| Xia | Yangcheng |",
    ]
    assert get_markdown(box.encode(), filename="box.html").count("Column 1") == 3


def test_real_capitals_box_names_the_columns_of_each_group(real_world):
    # beijing_chinese.html's box 中國历代都城: 两都 … 十大 open it, the groups 先秦 (五帝, 夏, 商,
    # 周), 秦 汉 … follow (read by hand), none with a header row
    blocks = list(extract(real_world / "html" / "kreuzberg" / "beijing_chinese.html").blocks)
    at = next(i for i, b in enumerate(blocks) if b.text == "中国首都")
    first = next(b for b in blocks[at:] if b.kind == TABLE)
    assert first.rows[0][0] == "两都" and first.header == ("Column 1", "Column 2")
    group = blocks[at + 4]
    assert group.rows[0][0] == "五帝" and group.header == ("Column 1", "Column 2")
    assert group.meta["has_header"] is False
    assert group.text.startswith("| Column 1 | Column 2 |\n| --- | --- |\n| 五帝 |")
    # and a chunk of it reads so, not under a blank head line
    chunks = get_chunks(real_world / "html" / "kreuzberg" / "beijing_chinese.html")
    (chunk,) = [c["content"] for c in chunks if "| 五帝 |" in c["content"]]
    assert chunk.startswith("| Column 1 | Column 2 |\n| --- | --- |\n")


def test_a_label_under_the_authors_header_keeps_the_header_on_each_block():
    group = "<table><tr><th>Xia</th><td>Yangcheng</td></tr><tr><th>Shang</th><td>Yin</td></tr></table>"
    blocks, _ = html_blocks(
        "<table><tr><th>Era</th><th>Capitals</th></tr>"
        "<tr><td>Qin</td><td>Xianyang</td></tr>"
        f"<tr><td>Ancient</td><td>{group}</td></tr>"
        "<tr><td>Modern</td><td>Beijing</td></tr></table>"
    )
    assert [(b.kind, b.rows or b.text) for b in blocks] == [
        (TABLE, (("Qin", "Xianyang"),)),
        (PARAGRAPH, "Ancient"),
        (TABLE, (("Xia", "Yangcheng"), ("Shang", "Yin"))),
        (TABLE, (("Modern", "Beijing"),)),
    ]
    assert blocks[0].header == blocks[-1].header == ("Era", "Capitals")
    assert (blocks[0].row_numbers, blocks[-1].row_numbers) == ((1,), (2,))


def test_real_capitals_box_labels_over_their_groups(real_world):
    # beijing_chinese.html's box 中國历代都城: the row 先秦 holds only the table of 五帝, 夏, 商 and
    # 周 (read by hand), the box opening with 中国首都 and the label 古都 并称 over 两都 … 十大
    blocks = list(extract(real_world / "html" / "kreuzberg" / "beijing_chinese.html").blocks)
    at = next(i for i, b in enumerate(blocks) if b.text == "中国首都")
    assert [(b.kind, b.text) for b in blocks[at : at + 2]] == [
        (PARAGRAPH, "中国首都"),
        (PARAGRAPH, "古都 并称"),
    ]
    assert [row[0] for row in blocks[at + 2].rows] == ["两都", "四大", "五大", "七大", "十大"]
    assert (blocks[at + 3].kind, blocks[at + 3].text) == (PARAGRAPH, "先秦")
    assert [row[0] for row in blocks[at + 4].rows] == ["五帝", "夏", "商", "周"]
    assert not any(b.kind == TABLE and b.rows == (("先秦", ""),) for b in blocks)


def test_a_column_empty_in_every_row_and_its_header_is_left_out():
    # a spacer column (a coloured cell, a picture's place) holds no text in any row, its header's
    # included: the table is the two columns that hold text; a column with a header and no values
    # stays
    table = (
        "<table><tr><th>File</th><th></th><th>Input</th><th>Note</th></tr>"
        "<tr><td>a.json</td><td></td><td>[1]</td><td></td></tr>"
        "<tr><td>b.json</td><td></td><td>[2]</td><td></td></tr></table>"
    )
    (block,) = html_blocks(table)[0]
    assert block.header == ("File", "Input", "Note")
    assert block.rows == (("a.json", "[1]", ""), ("b.json", "[2]", ""))


# a table whose every row holds one text was read as flow only in a data table's cell: on its own
# (a navigation box of a title over a cell of names and a note, a legend of one column, a title
# over one cell) it was a table under an invented "Column 1" header


def test_a_table_of_one_text_a_row_is_read_as_flow():
    box = (
        '<table><tr><th colspan="2">Megacities</th></tr>'
        '<tr><td colspan="2">Shanghai · Beijing · Shenzhen</td></tr>'
        '<tr><td colspan="2">Note: by urban population.</td></tr></table>'
    )
    assert [(b.kind, b.text) for b in html_blocks(box)[0]] == [
        (PARAGRAPH, "Megacities"),
        (PARAGRAPH, "Shanghai · Beijing · Shenzhen"),
        (PARAGRAPH, "Note: by urban population."),
    ]
    # a legend whose other column is a colour, empty in every row
    legend = (
        "<table><tr><td>expected result</td><td></td></tr><tr><td>parser crashed</td><td></td></tr></table>"
    )
    assert [(b.kind, b.text) for b in html_blocks(legend)[0]] == [
        (PARAGRAPH, "expected result"),
        (PARAGRAPH, "parser crashed"),
    ]
    # a row of two texts is data: the table stays
    (table,), _ = _tables(box.replace('colspan="2">Note: by', ">Note</td><td>by"))
    assert table.rows[-1] == ("Note", "by urban population.")


def test_a_title_over_one_cell_is_two_paragraphs():
    html = (
        '<table><tr><th colspan="2">History of the Land of Israel</th></tr>'
        '<tr><td colspan="2">Timeline of the periods</td></tr></table>'
    )
    assert [(b.kind, b.text) for b in html_blocks(html)[0]] == [
        (PARAGRAPH, "History of the Land of Israel"),
        (PARAGRAPH, "Timeline of the periods"),
    ]


def test_real_boxes_of_one_text_a_row_are_paragraphs(real_world):
    # beijing_chinese.html's box 中华人民共和国超大城市: a title over the cities and a note (read by
    # hand); JSONTestSuite_parsing.html's colour scheme, one result a row; israel_hebrew.html's
    # title היסטוריה של ארץ ישראל over one cell, לוח התקופות בארץ ישראל
    blocks = list(extract(real_world / "html" / "kreuzberg" / "beijing_chinese.html").blocks)
    at = next(i for i, b in enumerate(blocks) if b.text == "中华人民共和国超大城市")
    assert [(b.kind, b.text) for b in blocks[at + 1 : at + 3]] == [
        (PARAGRAPH, "上海 · 北京 · 深圳 · 重庆 · 广州 · 成都 · 天津 · 东莞 · 武汉 · 杭州"),
        (PARAGRAPH, "注：1.超大城市为城区常住人口超过1000万的城市。2.按人口排序。"),
    ]
    blocks = list(extract(real_world / "html" / "JSONTestSuite_parsing.html").blocks)
    at = next(i for i, b in enumerate(blocks) if b.text == "expected result")
    assert [(b.kind, b.text) for b in blocks[at + 1 : at + 3]] == [
        (PARAGRAPH, "parsing should have succeeded but failed"),
        (PARAGRAPH, "parsing should have failed but succeeded"),
    ]
    blocks = list(extract(real_world / "html" / "kreuzberg" / "israel_hebrew.html").blocks)
    assert (PARAGRAPH, "היסטוריה של ארץ ישראל") in [(b.kind, b.text) for b in blocks]
    assert (PARAGRAPH, "לוח התקופות בארץ ישראל") in [(b.kind, b.text) for b in blocks]
    assert not any(b.kind == TABLE and b.header == ("היסטוריה של ארץ ישראל",) for b in blocks)


PHOTO = '<img src="pudong.jpg" alt="Pudong" width="120" height="80">'


def test_pictures_beside_all_rows_said_once_and_categories_kept_in_each_row():
    # a cell of a photo and its caption spanning every row below the header, under an empty
    # header cell, stands beside the rows: said once after the table, not as a column of each row
    blocks, _ = html_blocks(
        "<table><tr><th></th><th>Rank</th><th>City</th><th>Population</th></tr>"
        f'<tr><td rowspan="3">{PHOTO}<br><a href="/sh">Shanghai skyline</a></td>'
        "<td>1</td><td>Shanghai</td><td>24,758,900</td></tr>"
        "<tr><td>2</td><td>Beijing</td><td>19,128,000</td></tr>"
        "<tr><td>3</td><td>Shenzhen</td><td>17,661,800</td></tr></table>"
    )
    assert [b.kind for b in blocks] == [TABLE, IMAGE, PARAGRAPH]
    assert blocks[0].header == ("Rank", "City", "Population")
    assert blocks[0].rows == (
        ("1", "Shanghai", "24,758,900"),
        ("2", "Beijing", "19,128,000"),
        ("3", "Shenzhen", "17,661,800"),
    )
    assert blocks[2].text == "Shanghai skyline"
    # a category spanning its rows is data of each: with a picture under a header naming its
    # column, a picture among other categories, or text alone, it is repeated in each row
    for cells in (
        (
            "<th>Family</th>",
            f'<td rowspan="3">{PHOTO} Felidae</td>',
            "<td>Lion</td>",
            "<td>Tiger</td>",
            "<td>Puma</td>",
        ),
        (
            "<th></th>",
            f'<td rowspan="2">{PHOTO} Felidae</td>',
            "<td>Lion</td>",
            "<td>Tiger</td>",
            "<td>Cats</td><td>Puma</td>",
        ),
        ("<th></th>", '<td rowspan="3">Felidae</td>', "<td>Lion</td>", "<td>Tiger</td>", "<td>Puma</td>"),
    ):
        head, span, first, second, third = cells
        table = next(
            b
            for b in html_blocks(
                f"<table><tr>{head}<th>Species</th></tr><tr>{span}{first}</tr><tr>{second}</tr><tr>{third}</tr></table>"
            )[0]
            if b.kind == TABLE
        )
        assert [row[0] for row in table.rows][:2] == ["Felidae", "Felidae"], cells
        assert [row[-1] for row in table.rows] == ["Lion", "Tiger", "Puma"], cells


def test_pictures_beside_rows_under_a_title_row_said_once(real_world):
    # the layout of a "largest cities" box: a title row across the table, a header with an empty
    # cell at each end, a row holding only the left cell of photos (spanning all the rows below),
    # and the right one starting in the first row of data; both said once after the table, and
    # their columns, empty then but for the title, gone from the table
    photo = '<img src="{0}.jpg" alt="{0}" width="120" height="80"><br><a href="/{0}">{0}</a>'
    blocks, _ = html_blocks(
        '<table><tr><th colspan="4">Largest cities</th></tr>'
        "<tr><th></th><th>Rank</th><th>City</th><th></th></tr>"
        f'<tr><td rowspan="4">{photo.format("Haifa")}</td></tr>'
        f'<tr><td>1</td><td>Jerusalem</td><td rowspan="4">{photo.format("Holon")}</td></tr>'
        "<tr><td>2</td><td>Tel Aviv</td></tr><tr><td>3</td><td>Haifa</td></tr></table>"
    )
    assert [b.text for b in blocks] == [
        "Largest cities",
        "| Rank | City |\n| --- | --- |\n| 1 | Jerusalem |\n| 2 | Tel Aviv |\n| 3 | Haifa |",
        "[Image: Haifa]",
        "Haifa",
        "[Image: Holon]",
        "Holon",
    ]
    # israel_hebrew.html's box of the 20 largest cities, so laid out (read by hand: 1 ירושלים
    # ירושלים 1,051,558 beside 11 בית שמש ירושלים 181,194; photos of ירושלים and תל אביב-יפו on
    # the right, of חיפה and פתח תקווה on the left)
    doc = extract(real_world / "html" / "kreuzberg" / "israel_hebrew.html")
    blocks = list(doc.blocks)
    at = next(i for i, b in enumerate(blocks) if b.kind == TABLE and "1,051,558" in b.text)
    ranking = blocks[at]
    assert ranking.header == ("דירוג", "שם", "מחוז", "אוכלוסייה") * 2
    assert len(ranking.rows) == 10
    assert ranking.rows[0] == ("1", "ירושלים", "ירושלים", "1,051,558", "11", "בית שמש", "ירושלים", "181,194")
    assert [b.text for b in blocks[at + 1 : at + 9]] == [
        "[Image: ירושלים]",
        "ירושלים",
        "[Image: תל אביב-יפו]",
        "תל אביב-יפו",
        "[Image: חיפה]",
        "חיפה",
        "[Image: פתח תקווה]",
        "פתח תקווה",
    ]


def test_a_footer_written_before_the_body_is_the_tables_last_rows():
    # HTML 4 had <tfoot> written before <tbody>, and pages still write it so: browsers draw its
    # rows last (HTML's table model takes them after every other row group). They were read
    # where written, the total over the items it sums
    html = """<table><thead><tr><th>Item</th><th>Cost</th></tr></thead>
      <tfoot><tr><td>Total</td><td>30</td></tr></tfoot>
      <tbody><tr><td>Rope</td><td>10</td></tr><tr><td>Oars</td><td>20</td></tr></tbody>
      <tbody><tr><td rowspan="0">Spare</td><td>0</td></tr></tbody></table>"""
    (table,), _ = _tables(html)
    assert table.header == ("Item", "Cost")
    assert table.rows == (("Rope", "10"), ("Oars", "20"), ("Spare", "0"), ("Total", "30"))
    # two footers, in the order written, after the rows written between them
    html = """<table><tr><th>Leg</th><th>Miles</th></tr><tfoot><tr><td>Sum</td><td>9</td></tr></tfoot>
      <tr><td>Out</td><td>4</td></tr><tfoot><tr><td>Mean</td><td>4.5</td></tr></tfoot>
      <tr><td>Back</td><td>5</td></tr></table>"""
    (table,), _ = _tables(html)
    assert table.header == ("Leg", "Miles")
    assert table.rows == (("Out", "4"), ("Back", "5"), ("Sum", "9"), ("Mean", "4.5"))
