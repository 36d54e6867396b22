"""HTML: a table that lays a page out (``role="presentation"``, or cells holding tables, headings,
lists or several paragraphs, no header cell) is read as the flow of its cells, as a table of one
row is; a data table keeps its rows, links and bold text in its cells too (hand-checked markup and
real files)."""

from __future__ import annotations

from email.message import EmailMessage

from indexer import extract, extract_bytes
from indexer.formats.html import html_blocks
from indexer.model import HEADING, LIST, PARAGRAPH, TABLE

NEWSLETTER = (
    "<table width=600>"
    "<tr><td><h1>Spring news</h1></td><td><img src=logo.png alt=Logo width=120 height=60></td></tr>"
    "<tr><td><p>The shop opens on Saturday.</p><p>Bring a friend.</p></td>"
    "<td><table><tr><th>Item</th><th>Price</th></tr><tr><td>Tea</td><td>3</td></tr>"
    "<tr><td>Cake</td><td>4</td></tr></table></td></tr>"
    "</table>"
)


def _kinds(html: str) -> list[tuple[str, str]]:
    return [(b.kind, b.text) for b in html_blocks(html)[0]]


def test_a_table_with_role_presentation_is_read_as_flow():
    html = (
        '<table role="presentation"><tr><td>Dear Ana,</td><td>12 May</td></tr>'
        "<tr><td>Your order has shipped.</td><td></td></tr></table>"
    )
    assert _kinds(html) == [
        (PARAGRAPH, "Dear Ana,"),
        (PARAGRAPH, "12 May"),
        (PARAGRAPH, "Your order has shipped."),
    ]
    assert _kinds(html.replace('role="presentation"', 'role="none"')) == _kinds(html)


def test_cells_holding_blocks_make_a_layout_table():
    blocks = html_blocks(NEWSLETTER)[0]
    assert [(b.kind, b.text) for b in blocks if b.kind != TABLE] == [
        (HEADING, "Spring news"),
        ("image", "[Image: Logo]"),
        (PARAGRAPH, "The shop opens on Saturday."),
        (PARAGRAPH, "Bring a friend."),
    ]
    # the price list inside it is data: a table of its own, after the text before it
    (prices,) = [b for b in blocks if b.kind == TABLE]
    assert blocks[-1] is prices
    assert prices.header == ("Item", "Price") and prices.rows == (("Tea", "3"), ("Cake", "4"))
    # a list in a cell
    assert _kinds(
        "<table><tr><td>Opening hours</td><td><ul><li>Mon 9-5</li><li>Sat 10-2</li></ul></td></tr>"
        "<tr><td>Address</td><td>1 High St</td></tr></table>"
    ) == [
        (PARAGRAPH, "Opening hours"),
        (LIST, "Mon 9-5\nSat 10-2"),
        (PARAGRAPH, "Address"),
        (PARAGRAPH, "1 High St"),
    ]


def test_data_tables_stay_tables():
    # links and bold text are inline: data cells have them
    html = (
        "<table><tr><td><b>Name</b></td><td><b>Site</b></td></tr>"
        '<tr><td>Ana</td><td><a href="https://ana.example.org">ana.example.org</a></td></tr>'
        '<tr><td><strong>Li</strong></td><td><a href="https://li.example.org">li.example.org</a></td></tr>'
        "<tr><td><p>Bo</p></td><td><p>bo.example.org</p></td></tr></table>"
    )
    (table,) = html_blocks(html)[0]
    assert table.kind == TABLE
    assert table.header == ("Name", "Site")
    assert table.rows == (("Ana", "ana.example.org"), ("Li", "li.example.org"), ("Bo", "bo.example.org"))
    # header cells say the author meant data, a list in a cell notwithstanding
    html = (
        "<table><tr><th>Plan</th><th>Includes</th></tr>"
        "<tr><td>Basic</td><td><ul><li>Mail</li><li>Calendar</li></ul></td></tr>"
        "<tr><td>Plus</td><td>Everything</td></tr></table>"
    )
    (table,) = html_blocks(html)[0]
    assert table.kind == TABLE and table.rows == (("Basic", "Mail Calendar"), ("Plus", "Everything"))


def test_a_mail_laid_out_with_a_table_is_read_as_flow():
    msg = EmailMessage()
    msg["Subject"] = "Spring news"
    msg["From"] = "shop@example.org"
    msg.set_content(f"<html><body>{NEWSLETTER}</body></html>", subtype="html")
    doc = extract_bytes(bytes(msg), "news.eml")
    texts = [b.text for b in doc.blocks]
    assert "The shop opens on Saturday." in texts and "Bring a friend." in texts
    assert [b.rows for b in doc.blocks if b.kind == TABLE] == [(("Tea", "3"), ("Cake", "4"))]


def test_a_real_box_of_lists_is_read_as_flow(real_world):
    # beijing_chinese.html: the sister cities box is a wikitable of two rows, its title ("与北京市
    # 结为友好城市的城市", bold, one cell across) over a cell holding a list per continent; the
    # source has 22 <li> under 欧洲, the first 塞爾維亞贝尔格莱德 (1980年10月14日), the last
    # 拉脫維亞里加 (2017年9月15日)
    doc = extract(real_world / "html" / "kreuzberg" / "beijing_chinese.html")
    blocks = list(doc.blocks)
    title = next(i for i, b in enumerate(blocks) if b.text.startswith("与北京市结为友好城市的城市"))
    assert blocks[title].kind == PARAGRAPH
    assert (blocks[title + 1].kind, blocks[title + 1].text) == (PARAGRAPH, "欧洲")
    europe = blocks[title + 2]
    assert europe.kind == LIST and len(europe.items) == 22
    assert europe.items[0].text == "塞爾維亞贝尔格莱德 （1980年10月14日）"
    assert europe.items[-1].text == "拉脫維亞里加 （2017年9月15日）"


def test_rows_of_data_keep_a_table_with_a_list_in_a_cell_a_table():
    # most rows (three or more) are rows of as many short cells holding no block: a data table,
    # a list in one of its cells notwithstanding (it was read as the flow of its cells: "Mon",
    # "9-5", "Tue" … each a paragraph)
    html = (
        "<table><tr><td>Mon</td><td>9-5</td></tr><tr><td>Tue</td><td>9-5</td></tr>"
        "<tr><td>Wed</td><td><ul><li>9-12</li><li>14-18</li></ul></td></tr>"
        "<tr><td>Thu</td><td>10-4</td></tr></table>"
    )
    (table,) = html_blocks(html)[0]
    assert table.kind == TABLE and table.meta["has_header"] is False
    assert table.rows == (("Mon", "9-5"), ("Tue", "9-5"), ("Wed", "9-12 14-18"), ("Thu", "10-4"))
    # two such rows are not enough: a layout of a few boxes stays flow
    two = html.replace("<tr><td>Thu</td><td>10-4</td></tr>", "")
    assert [b.kind for b in html_blocks(two)[0]] == [
        PARAGRAPH,
        PARAGRAPH,
        PARAGRAPH,
        PARAGRAPH,
        PARAGRAPH,
        LIST,
    ]


def test_a_real_table_of_shares_under_a_chart_is_data(real_world):
    # israel_hebrew.html: the infobox's "אוכלוסייה לפי גילאים" (population by age) table holds a
    # bar chart's axis in tables of its own, then five rows of an age group and its share, read
    # by hand: גילאי 0–14 27.41%, גילאי 15–24 15.47%, גילאי 25–54 36.34%, גילאי 55–64 8.23%,
    # גילאי 65 ומעלה 12.55%; they were paragraphs, a group and its share apart
    doc = extract(real_world / "html" / "kreuzberg" / "israel_hebrew.html")
    (ages,) = [b for b in doc.blocks if b.kind == TABLE and "27.41%" in b.text]
    assert ages.rows[-5:] == (
        ("גילאי 0–14", "27.41%"),
        ("גילאי 15–24", "15.47%"),
        ("גילאי 25–54", "36.34%"),
        ("גילאי 55–64", "8.23%"),
        ("גילאי 65 ומעלה", "12.55%"),
    )
