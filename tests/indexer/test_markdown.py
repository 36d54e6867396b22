"""render_markdown / get_markdown on hand-built documents and the playground files."""

from __future__ import annotations

from indexer import get_markdown
from indexer.markdown import render_markdown
from indexer.model import (
    CSV,
    OWN_MARKERS,
    SPREADSHEET,
    Block,
    Document,
    Image,
    ListItem,
    assemble,
    render_list,
)

from .modes.helpers import code, heading, image, para, table


def test_document_blocks_render():
    items = (ListItem("one", 0, True), ListItem("inner", 1), ListItem("two", 0, True))
    blocks = [
        heading("Title", 1),
        para("Hello world."),
        heading("Deep", 8),  # clamped to ######
        Block("list", render_list(items), items=items),
        table(("A", "B"), [("1", "2")]),
        code("x = 1\nprint(x)"),
        image("a chart"),
    ]
    md = render_markdown(assemble("docx", blocks))
    assert md == (
        "# Title\n\nHello world.\n\n###### Deep\n\n"
        "1. one\n   - inner\n1. two\n\n"
        "| A | B |\n| --- | --- |\n| 1 | 2 |\n\n"
        "```python\nx = 1\nprint(x)\n```\n\n"
        "[Image: a chart]\n"
    )


def test_ordered_items_that_keep_their_own_marker_get_no_second_one():
    # PDF list items keep the marker they were printed with (the block says so in its meta); a
    # number and "." or ")" is a Markdown marker already, other markers take a "-"
    items = (
        ListItem("1. Mise en contexte", 0, True),
        ListItem("(a) Oversegmented structure", 1, True),
        ListItem("12) Pourquoi une révision?", 0, True),
        ListItem("[1] Amihood Amir, Generalized LCS.", 0, True),
        ListItem("1.Socket API (Posix)", 0, True),
        ListItem("iv. the fourth", 0, True),
        ListItem("plain text", 0, True),
    )
    block = Block("list", render_list(items), items=items, meta={OWN_MARKERS: True})
    md = render_markdown(assemble("pdf", [block]))
    assert md == (
        "1. Mise en contexte\n"
        "   - (a) Oversegmented structure\n"
        "12) Pourquoi une révision?\n"
        "- [1] Amihood Amir, Generalized LCS.\n"
        "- 1.Socket API (Posix)\n"
        "- iv. the fourth\n"
        "1. plain text\n"
    )


def test_ordered_items_of_other_formats_are_numbered_whatever_their_text():
    # an <ol>'s items carry no marker in their text: one starting "U.S.", "e.g.", an initial or
    # a number is still numbered (each by its own number), and the list stays one ordered list
    page = (
        b"<html><body><ol><li>2024 was a year</li><li>U.S. exports rose</li><li>e.g. apples</li>"
        b"<li>A. Lincoln</li><li>10. tenth in text</li><li>Plain step</li></ol></body></html>"
    )
    assert get_markdown(page, filename="ol.html") == (
        "1. 2024 was a year\n"
        "2. U.S. exports rose\n"
        "3. e.g. apples\n"
        "4. A. Lincoln\n"
        "5. 10\\. tenth in text\n"  # its "10." escaped: no list inside the item
        "6. Plain step\n"
    )
    # the same items in a block without the PDF's mark
    items = tuple(ListItem(t, 0, True) for t in ("J. K. Rowling wrote", "i.e. this", "[1] cited"))
    md = render_markdown(assemble("docx", [Block("list", render_list(items), items=items)]))
    assert md == "1. J. K. Rowling wrote\n1. i.e. this\n1. [1] cited\n"


def test_code_fence_longer_than_backticks_inside():
    md = render_markdown(assemble("docx", [code("```\nnested\n```")]))
    assert md.startswith("````python\n```\nnested\n```\n````")


def test_images_inline_or_referenced():
    imgs = (Image("aa.png", "png", b"1", alt="cat"), Image("bb.png", "png", b"2", alt="dog"))
    blocks = [para("Look [Image: cat] and [Image: dog].", images=("aa.png", "bb.png"))]
    d = assemble("html", blocks, images=imgs)
    assert render_markdown(d) == "Look [Image: cat] and [Image: dog].\n"
    assert render_markdown(d, list_images=True) == "Look and .\n\n![cat](aa.png)\n\n![dog](bb.png)\n"


def test_pdf_pages_separated_by_rules_and_page_images_on_top():
    imgs = (Image("image_p2_1.png", "png", b"1", meta={"page": 2}),)
    blocks = [para("page one", page=1), para("page two", page=2)]
    d = assemble("pdf", blocks, images=imgs)
    assert render_markdown(d) == "page one\n\n---\n\npage two\n"
    assert render_markdown(d, list_images=True) == "page one\n\n---\n\n![](image_p2_1.png)\n\npage two\n"


def test_pdf_page_rule_follows_a_block_read_on_over_page_breaks_and_its_pages_images_after_it():
    # a paragraph joined over pp. 1-3 keeps its first page: the rule follows it, never cuts it;
    # the unanchored images of p. 2 (which starts inside it) and of p. 4 (no block of its own)
    # were left to the end of the document
    imgs = tuple(Image(f"image_p{n}_1.png", "png", b"1", meta={"page": n}) for n in (2, 3, 4))
    blocks = [
        para("from page one to page three", page=1, meta={"page_end": 3, "page_breaks": ((10, 2), (17, 3))}),
        para("page three", page=3),
        para("page five", page=5),
    ]
    d = assemble("pdf", blocks, images=imgs)
    assert render_markdown(d) == "from page one to page three\n\n---\n\npage three\n\n---\n\npage five\n"
    assert render_markdown(d, list_images=True) == (
        "from page one to page three\n\n---\n\n![](image_p2_1.png)\n\n![](image_p3_1.png)\n\npage three"
        "\n\n---\n\n![](image_p4_1.png)\n\npage five\n"
    )


def test_spreadsheet_and_csv():
    s1 = table(("k", "v"), [("a", "1")], meta={"sheet_name": "First"})
    s2 = table(("n",), [("x",)], meta={"sheet_name": "Second"})
    d = Document("xlsx", (s1, s2), family=SPREADSHEET)
    assert render_markdown(d) == (
        "## First\n\n| k | v |\n| --- | --- |\n| a | 1 |\n\n---\n\n## Second\n\n| n |\n| --- |\n| x |\n"
    )
    c = Document("csv", (table(("a", "b"), [("1", "2"), ("3", "4")]),), family=CSV)
    assert render_markdown(c) == "| a | b |\n| --- | --- |\n| 1 | 2 |\n| 3 | 4 |\n"


def test_markdown_source_comes_back_as_is(playground):
    md = get_markdown(playground / "sample.md")
    source = (playground / "sample.md").read_text(encoding="utf-8")
    assert md.strip() == source.strip().replace("\r\n", "\n")


def test_a_cards_logo_is_an_image_reference_its_lines_as_read():
    # a .vcf file is a text document, printed as its text, but its LOGO is a picture: listed, it
    # is referenced by name as the images of other documents are
    import base64
    import io

    from PIL import Image as Picture

    from indexer.images import fnv1a64

    out = io.BytesIO()
    Picture.new("RGB", (4, 4), (0, 128, 0)).save(out, "PNG")
    png = out.getvalue()
    card = (
        "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ana Lima\r\n"
        f"LOGO;ENCODING=b;TYPE=PNG:{base64.b64encode(png).decode()}\r\n"
        "ORG:Lima & Filhos\r\nEND:VCARD\r\n"
    ).encode()
    lines = "BEGIN:VCARD\nVERSION:3.0\nFN:Ana Lima\n\n{}\n\nORG:Lima & Filhos\nEND:VCARD\n"
    assert get_markdown(card, filename="ana.vcf") == lines.format("[Image: LOGO]")
    listed = get_markdown(card, filename="ana.vcf", list_images=True)
    name = f"{fnv1a64(png):016x}.png"  # named by its bytes, as every picture of a text document
    assert listed.markdown == lines.format(f"![LOGO]({name})")
    assert listed.images == {name: png}


def test_html_get_markdown(playground):
    md = get_markdown(playground / "structured_docs.html")
    # read in the file: <h1>py-chunks API Reference</h1>, <h2>Installation</h2>, a <pre> install line
    assert md.startswith("# py-chunks API Reference\n")
    assert "\n## Installation\n" in md
    assert "```\npip install py-chunks\n```" in md


def test_empty_document():
    assert render_markdown(Document("txt", ())) == ""


def test_speaker_notes_go_in_a_notes_div(sample_corpus):
    md = get_markdown(sample_corpus / "office" / "volunteers_briefing.odp")
    # slide 2: the title, two body lines, then its note (presentation:notes)
    assert md.endswith(
        "# Opening Hours\n\nOpen at 9:30, close at 13:00\n\nTwo volunteers at the desk\n\n"
        "::: notes\n\nRemind everyone about the new key safe.\n\n:::\n"
    )
    deck = get_markdown(sample_corpus / "office" / "operations_review.pptx")
    assert deck.count("::: notes") == 1
    assert (
        "::: notes\n\nMention the Quay Street closure lasted two nights.\n\n:::\n\n---\n\n# Repairs" in deck
    )
