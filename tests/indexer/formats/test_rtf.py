"""RTF: the sample letter (written by bench/make_sample_office.py) and real-world files read by
hand."""

from __future__ import annotations

import io
import re
import struct

import pytest

from indexer import errors, extract_bytes, get_chunks
from indexer.api import extract


def test_sample_letter(sample_corpus):
    doc = extract(sample_corpus / "office" / "tenancy_renewal.rtf")
    # {\info{\title Tenancy Renewal Notice}{\author Caf\'e9 Property Lettings}}, cp1252.
    assert doc.metadata == {
        "source_type": "rtf",
        "title": "Tenancy Renewal Notice",
        "author": "Café Property Lettings",
    }
    kinds = [b.kind for b in doc.blocks]
    assert kinds == ["paragraph"] * 3 + ["list", "table"] + ["paragraph"] * 3
    assert [(i.text, i.ordered) for i in doc.blocks[3].items] == [
        ("Term of twelve months from 1 July 2024", True),
        ("Rent of £950 per month, payable on the 1st", True),
        ("Deposit unchanged", True),
    ]
    table = doc.blocks[4]
    # The last row's first cell holds two paragraphs ("Deposit\par held by the scheme"): one cell.
    assert table.header == ("Item", "Amount")
    assert table.rows == (("Monthly rent", "£950"), ("Deposit held by the scheme", "£1,100"))
    chunks = get_chunks(sample_corpus / "office" / "tenancy_renewal.rtf")
    assert chunks[0]["metadata"]["document_metadata"]["author"] == "Café Property Lettings"


def test_real_world_tables_fragment_and_pictures(real_world):
    rtf = real_world / "rtf"
    # tables.rtf is a fragment of groups without the {\rtf1 header; its first table is
    # Right | Left | Center | Default, then rows 12 / 123 / 1.
    tables = extract(rtf / "kreuzberg" / "tables.rtf")
    first = next(b for b in tables.blocks if b.kind == "table")
    assert first.header == ("Right", "Left", "Center", "Default")
    assert first.rows[:2] == (("12", "12", "12", "12"), ("123", "123", "123", "123"))
    # word_sample.rtf: one embedded PNG (a duckling, {\pict\pngblip\picw397\pich397 …}) between
    # the paragraph "Duck" and its caption.
    sample = extract(rtf / "kreuzberg" / "word_sample.rtf")
    assert sample.metadata["author"] == "Christoph Auer"
    assert sample.coverage.skipped == () and sample.coverage.images_extracted == 1
    (duck,) = sample.images
    assert (duck.format, duck.width, duck.height) == ("png", 397, 397)
    assert duck.data.startswith(b"\x89PNG\r\n\x1a\n") and duck.data.endswith(b"IEND\xaeB`\x82")
    texts = [b.text for b in sample.blocks]
    at = texts.index(f"[Image: {duck.name}]")
    assert texts[at - 1 : at + 2] == ["Duck", f"[Image: {duck.name}]", "Figure 1: This is a cute duckling"]
    assert sample.blocks[at].images == (duck.name,)
    food = next(b for b in sample.blocks if b.kind == "table")
    assert food.rows[0] == ("Leaves", "Ash, Elm, Maple", "50")
    # japanese.rtf: Unicode escapes decode to Japanese text.
    assert "オープンソース" in extract(rtf / "RtfPipe" / "japanese.rtf").text


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"Just some words, not RTF at all", errors.PARSE_ERROR),
        (b"{\\rtf1\\ansi {\\fonttbl{\\f0 Arial;}} }", errors.EMPTY_EXTRACTION),
        (b"{\\rtf1 {\\pict\\pngblip 89504e47}}", errors.EMPTY_EXTRACTION),
        (b"{\\rtf1 {\\pict\\wmetafile8 0100090000}}", errors.EMPTY_EXTRACTION),
    ],
    ids=["not-rtf", "no-text", "damaged-picture-only", "metafile-only"],
)
def test_unreadable_documents_raise_documented_codes(data, code):
    with pytest.raises(errors.ChunkscopeError) as info:
        extract_bytes(data, "t.rtf")
    assert info.value.code == code


def test_unbalanced_groups_do_not_hang():
    doc = extract_bytes(b"{\\rtf1 Hello {\\b world" + b"{" * 5000, "t.rtf")
    assert "Hello" in doc.text


def _png(colour: tuple[int, int, int], size: int = 6) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (size, size), colour).save(out, "PNG")
    return out.getvalue()


def _jpeg_with_a_brace() -> bytes:
    """A small JPEG whose bytes hold a ``}`` (so that raw ``\\bin`` data must be skipped by count)."""
    from PIL import Image

    for seed in range(64):
        out = io.BytesIO()
        Image.new("RGB", (8, 8), (seed * 4, 125, 7)).save(out, "JPEG", quality=90)
        if b"}" in out.getvalue():
            return out.getvalue()
    raise AssertionError("no JPEG with a brace byte")


def test_word_style_pictures_alt_text_raw_bytes_and_placement():
    red, blue = _png((200, 0, 0)), _png((0, 0, 200))
    jpeg = _jpeg_with_a_brace()
    rtf = (
        b"{\\rtf1\\ansi\\uc0 {\\pard Pump hall before the refit:\\par}"
        # Word: the picture in \\shppict with its description, a metafile copy for old readers
        b"{\\pard {\\*\\shppict{\\pict{\\*\\picprop{\\sp{\\sn wzDescription}{\\sv Red pump housing}}}"
        b"\\pngblip\\picw6\\pich6 " + red.hex().encode() + b"}}"
        b"{\\nonshppict{\\pict\\wmetafile8\\picw6\\pich6 0100090000}}\\par}"
        b"\\trowd\\cellx2000\\cellx4000 Valve\\cell {\\pict\\pngblip " + blue.hex().encode() + b"}\\cell\\row"
        b"\\trowd\\cellx2000\\cellx4000 Seal\\cell ok\\cell\\row"
        b"{\\pard After the table {\\pict\\jpegblip\\bin"
        + str(len(jpeg)).encode()
        + b" "
        + jpeg
        + b"} the end.\\par}"
        b"{\\pard {\\pict\\emfblip 0100}\\par}}"
    )
    doc = extract_bytes(rtf, "pumps.rtf")
    kinds = [(b.kind, b.text) for b in doc.blocks]
    names = [im.name for im in doc.images]
    assert [im.format for im in doc.images] == ["png", "png", "jpeg"]
    assert [im.data for im in doc.images] == [red, blue, jpeg]
    assert kinds == [
        ("paragraph", "Pump hall before the refit:"),
        ("image", "[Image: Red pump housing]"),
        ("table", "| Valve |  |\n| --- | --- |\n| Seal | ok |"),
        ("image", f"[Image: {names[1]}]"),  # after the table whose cell holds it
        ("paragraph", "After the table the end."),
        ("image", f"[Image: {names[2]}]"),
        ("image", "[Image: EMF picture]"),  # not extracted: its place, its format named
    ]
    assert doc.images[0].alt == "Red pump housing"
    # the metafile copy of the first picture is not a picture of its own; the EMF one is listed
    assert [(s.name, s.reason) for s in doc.coverage.skipped] == [
        ("picture 4", "EMF is not a web raster (png, jpeg, gif, webp)")
    ]
    listed = get_chunks(rtf, filename="pumps.rtf", list_images=True)
    # the EMF's place is kept as its placeholder, having no image to name
    assert [c["content"] for c in listed.chunks if c["content_type"] == "image"] == names + [
        "[Image: EMF picture]"
    ]
    assert listed.images[names[2]] == jpeg


def test_a_real_file_of_one_picture_indexes_as_that_picture(real_world):
    # image.rtf (pandoc): one {\pict\jpegblip\picw250\pich250 \bin <hex>} in a paragraph, no text
    # ("\bin" with no count, followed by hex: read as hex)
    path = real_world / "rtf" / "kreuzberg" / "image.rtf"
    doc = extract(path)
    (jpeg,) = doc.images
    assert (jpeg.format, jpeg.width, jpeg.height) == ("jpeg", 250, 250)
    assert jpeg.data.startswith(b"\xff\xd8\xff\xe0\x00\x10JFIF") and jpeg.data.endswith(b"\xff\xd9")
    assert [c["content"] for c in get_chunks(path)] == [f"[Image: {jpeg.name}]"]
    listed = get_chunks(path, list_images=True)
    assert [(c["content_type"], c["content"]) for c in listed.chunks] == [("image", jpeg.name)]


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        # \'8e \'8f \'a5 are é è • in Mac Roman (Ž, undefined, ¥ in Windows-1252)
        (b"\\mac\\ansicpg10000", "Café crème • Ä"),
        (b"\\mac", "Café crème • Ä"),
        # the same bytes in Mac Cyrillic
        (b"\\mac\\ansicpg10007", "CafО crПme • А"),
        # a Windows page is still read as itself
        (b"\\ansi\\ansicpg1252", "CafŽ cr\ufffdme ¥ €"),
    ],
    ids=["mac-roman-page", "bare-mac", "mac-cyrillic", "windows-1252"],
)
def test_mac_code_pages(header, expected):
    rtf = b"{\\rtf1" + header + b"\\uc1 {\\info{\\title Caf\\'8e}}{\\fonttbl{\\f0\\fnil Times;}}"
    rtf += b"\\f0 Caf\\'8e cr\\'8fme \\'a5 \\'80\\par}"
    doc = extract_bytes(rtf, "t.rtf")
    assert doc.text == expected
    assert doc.metadata["title"] == expected.split()[0]


def test_text_right_after_the_code_page_word_is_kept():
    # the space after \ansicpg1252 ends it, and "Hello" is text: the word taken out with its space
    # made "\ansiHello" one unknown control word, and the text began at "world"
    doc = extract_bytes(b"{\\rtf1\\ansi\\ansicpg1252 Hello {\\b world}.\\par Caf\\'e9 at ten.}", "t.rtf")
    assert doc.text == "Hello world.\n\nCafé at ten."
    # a Mac page likewise (8E is é in Mac Roman)
    assert extract_bytes(b"{\\rtf1\\mac\\ansicpg10000 Caf\\'8e}", "t.rtf").text == "Café"


def test_real_mac_roman_file(real_world):
    # char_upper_ranges_hex.rtf (\mac\ansicpg10000): each line is a Mac Roman byte and the code
    # point it stands for, "\'80:00C4" first.
    doc = extract(real_world / "rtf" / "RtfPipe" / "char_upper_ranges_hex.rtf")
    assert doc.metadata["title"] == "Ä"
    assert [b.text for b in doc.blocks[:5]] == ["Ä:00C4", "Å:00C5", "Ç:00C7", "É:00C9", "Ñ:00D1"]
    assert "\ufffd" not in doc.text


def test_footnotes_and_endnotes_are_kept_as_notes():
    rtf = (
        b"{\\rtf1\\ansi\\ansicpg1252\\uc1 {\\fonttbl{\\f0 Times;}}\\f0 "
        b"{\\pard Tide tables\\chftn {\\footnote \\pard\\plain {\\up6\\chftn } Admiralty, 2024, p.\\~3.}"
        b" are read at dawn.\\par}"
        b"{\\pard Caf\\'e9 hours\\chftn {\\footnote\\ftnalt \\pard {\\up6\\chftn } Closed on "
        b"\\u8212\\'97 Sundays.\\par More on the\\par board.} vary.\\par}"
        b"\\trowd\\cellx2000\\cellx4000 Rent\\chftn {\\footnote \\pard {\\up6\\chftn } Per month.}\\cell 950\\cell\\row"
        b"\\trowd\\cellx2000\\cellx4000 Deposit\\cell 1100\\cell\\row}"
    )
    doc = extract_bytes(rtf, "notes.rtf")
    # no \aftnn… word: Word numbers endnotes in lower-case Roman numerals (i), footnotes 1, 2
    assert [(b.kind, b.text, dict(b.meta)) for b in doc.blocks] == [
        ("paragraph", "Tide tables[^1] are read at dawn.", {}),
        ("paragraph", "Café hours[^i] vary.", {}),
        ("table", "| Rent[^2] | 950 |\n| --- | --- |\n| Deposit | 1100 |", {}),
        ("paragraph", "[^1]: Admiralty, 2024, p. 3.", {"note": "footnote"}),
        ("paragraph", "[^i]: Closed on — Sundays. More on the board.", {"note": "endnote"}),
        ("paragraph", "[^2]: Per month.", {"note": "footnote"}),
    ]


_NOTED = (
    b"{\\rtf1\\ansi%s {\\pard A\\chftn {\\footnote \\pard {\\up6\\chftn } Foot one.}"
    b" B\\chftn {\\footnote\\ftnalt \\pard {\\up6\\chftn } End one.}"
    b" C\\chftn {\\footnote\\ftnalt \\pard {\\up6\\chftn } End two.}\\par}}"
)


@pytest.mark.parametrize(
    ("words", "labels"),
    [
        # RTF 1.9.1, document formatting: \aftnnar endnotes in Arabic numerals, as footnotes are by
        # default (\ftnnar): the endnotes' labels take an e to stay apart (as for a .docx)
        (b"\\aftnnar", ["1", "e1", "e2"]),
        (b"\\aftnnrlc", ["1", "i", "ii"]),
        # both in lower-case Roman numerals, endnotes from 4 (\aftnstart4): iv, v
        (b"\\ftnnrlc\\aftnnrlc\\aftnstart4", ["i", "eiv", "ev"]),
        # footnotes in Chicago's marks (*), endnotes in capitals (\aftnnauc: A, B)
        (b"\\ftnnchi\\aftnnauc", ["*", "A", "B"]),
        # footnotes from 3 (\ftnstart3), endnotes in lower-case letters (\aftnnalc)
        (b"\\ftnstart3\\aftnnalc", ["3", "a", "b"]),
    ],
)
def test_note_labels_are_the_numbers_the_document_shows(words, labels):
    doc = extract_bytes(_NOTED % words, "notes.rtf")
    a, b, c = labels
    assert [x.text for x in doc.blocks] == [
        f"A[^{a}] B[^{b}] C[^{c}]",
        f"[^{a}]: Foot one.",
        f"[^{b}]: End one.",
        f"[^{c}]: End two.",
    ]


_SECTIONS = (
    b"{\\rtf1\\ansi%s\\sectd {\\pard A\\chftn {\\footnote \\pard F1.} B\\chftn {\\footnote \\pard F2.}\\par}"
    b"\\sect %s{\\pard C\\chftn {\\footnote \\pard F3.} D\\chftn {\\footnote \\pard F4.}\\par}"
    b"\\sect %s{\\pard E\\chftn {\\footnote \\pard F5.}\\par}}"
)


@pytest.mark.parametrize(
    ("words", "labels"),
    [
        # RTF 1.9.1, section formatting: the second section numbers its footnotes in lower-case
        # letters (\sftnnalc) from its first number again (\sftnrestart); the third sets its
        # properties back to the document's (\sectd): decimal, counted on from b (2): 3
        ((b"", b"\\sectd\\sftnnalc\\sftnrestart ", b"\\sectd "), ["1", "2", "a", "b", "3"]),
        # the document starts footnotes again at each section (\ftnrestart), the second
        # section's 1 and 2 labelled apart from the first's (1-2, 2-2); the third section
        # counts on (\sftnrstcont): 3
        ((b"\\ftnrestart", b"\\sectd ", b"\\sectd\\sftnrstcont "), ["1", "2", "1-2", "2-2", "3"]),
        # a section's Roman numerals (\sftnnrlc), counted on: iii, iv; the third section does not
        # set its properties back (no \sectd): v
        ((b"", b"\\sectd\\sftnnrlc ", b""), ["1", "2", "iii", "iv", "v"]),
        # a section starting again from 5 (\sftnstart5\sftnrestart); the third counts on: 7
        ((b"", b"\\sftnstart5\\sftnrestart ", b"\\sectd "), ["1", "2", "5", "6", "7"]),
    ],
)
def test_a_sections_note_numbering_is_its_own(words, labels):
    doc = extract_bytes(_SECTIONS % words, "sections.rtf")
    a, b, c, d, e = labels
    assert [x.text for x in doc.blocks] == [
        f"A[^{a}] B[^{b}]",
        f"C[^{c}] D[^{d}]",
        f"E[^{e}]",
        f"[^{a}]: F1.",
        f"[^{b}]: F2.",
        f"[^{c}]: F3.",
        f"[^{d}]: F4.",
        f"[^{e}]: F5.",
    ]


def test_a_section_numbers_its_endnotes_as_it_says():
    # endnotes (\ftnalt): the second section's in capitals (\saftnnauc) from their first number
    # again (\saftnrestart): i, A
    rtf = (
        b"{\\rtf1\\ansi\\sectd {\\pard A\\chftn {\\footnote\\ftnalt \\pard E1.}\\par}"
        b"\\sect\\sectd\\saftnnauc\\saftnrestart {\\pard B\\chftn {\\footnote\\ftnalt \\pard E2.}\\par}}"
    )
    doc = extract_bytes(rtf, "endnotes.rtf")
    assert [x.text for x in doc.blocks] == ["A[^i]", "B[^A]", "[^i]: E1.", "[^A]: E2."]


def test_a_document_of_endnotes_only_reads_its_notes_as_endnotes():
    # \fet1: the document holds endnotes only (RTF 1.9.1, document formatting), so a note not
    # marked \ftnalt is an endnote too: numbered i, ii (Word's default for endnotes)
    rtf = (
        b"{\\rtf1\\ansi\\fet1 {\\pard A\\chftn {\\footnote \\pard One.} B\\chftn "
        b"{\\footnote\\ftnalt \\pard Two.}\\par}}"
    )
    doc = extract_bytes(rtf, "endnotes.rtf")
    assert [(x.text, dict(x.meta)) for x in doc.blocks] == [
        ("A[^i] B[^ii]", {}),
        ("[^i]: One.", {"note": "endnote"}),
        ("[^ii]: Two.", {"note": "endnote"}),
    ]


def test_real_footnotes(real_world):
    # footnote.rtf: two {\footnote …} groups after "annotated." and "As others have noted,"
    doc = extract(real_world / "rtf" / "kreuzberg" / "footnote.rtf")
    body, first, second = doc.blocks
    assert "amply annotated.[^1] It was" in body.text
    assert "As others have noted,[^2]this period" in body.text  # no space in the file
    assert first.text == "[^1]: See Sahlins, Bateson, and Geertz for a complete bibliography."
    assert second.text == "[^2]: A complete bibliography will be found at the end of this chapter."


def _items(doc):
    return [[(i.text, i.level, i.ordered) for i in b.items] for b in doc.blocks if b.kind == "list"]


def test_list_markers_and_levels():
    # Word: the number in {\listtext …}, the level in \ilvlN of the paragraph, written before the
    # group (by a \pard that stays in force) or after it; Google Docs' bullets ● ○ ■ as \uN.
    rtf = (
        b"{\\rtf1\\ansi\\uc1 {\\pard Steps:\\par}"
        b"\\pard\\ls1\\ilvl0 {\\listtext\\pard\\plain I.\\tab}Survey\\par"
        b"{\\listtext\\pard\\plain II.\\tab}Repair\\par"
        b"{\\listtext\\pard\\plain a.\\tab}\\pard\\ls1\\ilvl1 Seals\\par"
        b"{\\listtext\\pard\\plain b.\\tab}Valves\\par"
        b"{\\listtext\\pard\\plain III.\\tab}\\pard\\ls1\\ilvl0 Test\\par"
        b"\\pard {\\pard Kit:\\par}"
        b"\\pard\\ilvl0\\ls2 {\\listtext\\pard\\plain \\u9679 \\tab}Gloves\\par"
        b"\\pard\\ilvl1\\ls2 {\\listtext\\pard\\plain \\u9675 \\tab}Nitrile\\par"
        b"\\pard\\ilvl2\\ls2 {\\listtext\\pard\\plain \\u9632 \\tab}Size 9\\par}"
    )
    doc = extract_bytes(rtf, "steps.rtf")
    assert [b.kind for b in doc.blocks] == ["paragraph", "list", "paragraph", "list"]
    assert _items(doc) == [
        [
            ("Survey", 0, True),
            ("Repair", 0, True),
            ("Seals", 1, True),
            ("Valves", 1, True),
            ("Test", 0, True),
        ],
        [("Gloves", 0, False), ("Nitrile", 1, False), ("Size 9", 2, False)],
    ]


def test_older_word_list_numbers_in_pntext():
    # {\pntext …} (Word's older list syntax) is a destination the conversion skips: kept here
    rtf = (
        b"{\\rtf1\\ansi {\\fonttbl{\\f3\\fcharset2 Symbol;}}"
        b"{\\pard Intro\\par}"
        b"{\\pntext\\f3 \\'b7\\tab}\\pard{\\*\\pn\\pnlvlblt\\pnf3{\\pntxtb \\'b7}}\\ls1 First\\par"
        b"{\\pntext\\f3 \\'b7\\tab}Second\\par"
        b"\\pard{\\pard Between\\par}"
        b"{\\pntext 1.\\tab}\\pard{\\*\\pn\\pnlvlbody\\pndec{\\pntxta .}}\\ls2 One\\par"
        b"{\\pntext 2.\\tab}\\pard{\\*\\pn\\pnlvl2\\pndec{\\pntxta .}}\\ls2 Two\\par}"
    )
    doc = extract_bytes(rtf, "old.rtf")
    assert [b.kind for b in doc.blocks] == ["paragraph", "list", "paragraph", "list"]
    assert _items(doc) == [[("First", 0, False), ("Second", 0, False)], [("One", 0, True), ("Two", 1, True)]]


def test_real_lists(real_world):
    rtf = real_world / "rtf"
    # ListWord.rtf: "Paragraph", two \'b7 (Symbol) bullets in {\pntext}, "Paragraph 2", 1. 2.
    word = extract(rtf / "RtfPipe" / "ListWord.rtf")
    assert [b.kind for b in word.blocks] == ["paragraph", "list", "paragraph", "list"]
    assert _items(word) == [
        [("Bullet", 0, False), ("Bullet 2", 0, False)],
        [("List 1", 0, True), ("List 2", 0, True)],
    ]
    # ListGoogle.rtf: the same document from Google Docs, bullets \u9679 (●)
    google = extract(rtf / "RtfPipe" / "ListGoogle.rtf")
    assert _items(google)[0] == [("Bullet", 0, False), ("Bullet 2", 0, False)]
    # list_complex.rtf: one list of levels \ilvl0 (1.) to \ilvl5 (o), two items each
    complex_ = extract(rtf / "kreuzberg" / "list_complex.rtf")
    first = _items(complex_)[0]
    assert [(t, lv) for t, lv, _ in first] == [
        ("One", 0),
        ("Two", 0),
        ("Three", 1),
        ("Four", 1),
        ("Five", 2),
        ("Six", 2),
        ("Seven", 3),
        ("Eight", 3),
        ("Nine", 4),
        ("Ten", 4),
        ("Eleven", 5),
        ("Twelve", 5),
    ]


def test_a_list_indented_further_than_the_list_before_it_is_nested_in_it():
    # Word nests a list by indenting it: \\ls2 (at \\li1170) follows \\ls1's items (at \\li720), and
    # \\ls3's bullets (\\li2520) follow it, none with an \\ilvl; back at \\li720 \\ls1 goes on. After
    # a paragraph, a list at \\li1170 starts afresh at the first level
    def item(label: str, text: str, ls: int, li: int) -> bytes:
        return (
            f"{{\\listtext\\pard\\plain {label}\\tab}}\\pard\\fi-360\\li{li}\\ls{ls} {text}\\par\n".encode()
        )

    rtf = (
        b"{\\rtf1\\ansi "
        + item("1.", "One", 1, 720)
        + item("2.", "Two", 1, 720)
        + item("1.", "Inner one", 2, 1170)
        + item("\\'b7", "Bullet", 3, 2520)
        + item("2.", "Inner two", 2, 1170)
        + item("3.", "Three", 1, 720)
        + b"\\pard Between\\par\n"
        + item("1.", "Alone", 2, 1170)
        + b"}"
    )
    doc = extract_bytes(rtf, "nested.rtf")
    assert _items(doc) == [
        [
            ("One", 0, True),
            ("Two", 0, True),
            ("Inner one", 1, True),
            ("Bullet", 2, False),
            ("Inner two", 1, True),
            ("Three", 0, True),
        ],
        [("Alone", 0, True)],
    ]


def test_real_list_nested_by_indent(real_world):
    # nested_lists_indents_word.rtf: 1. (\\ls1, \\li720), two paragraphs, 2. and 3. Third point;
    # then "1. This list should start new, but should be part of big list", 2. (\\ls2, \\li1170)
    # and two \\'b7 bullets "bulleted list should belong to above" (\\ls3, \\li2520)
    doc = extract(real_world / "rtf" / "RtfPipe" / "nested_lists_indents_word.rtf")
    assert [[(t[:12], lv, o) for t, lv, o in items] for items in _items(doc)] == [
        [("this is a li", 0, True)],
        [
            ("This is a co", 0, True),
            ("Third point", 0, True),
            ("This list sh", 1, True),
            ("like wise fo", 1, True),
            ("bulleted lis", 2, False),
            ("like wise wi", 2, False),
        ],
    ]


def test_a_nested_table_is_flattened_into_its_cell():
    # Word's nested table: cells ended by \nestcell, rows by \nestrow (in \nesttableprops), \itap2
    rtf = (
        b"{\\rtf1\\ansi \\trowd\\cellx3000\\cellx6000 \\pard\\intbl Checks\\cell "
        b"\\pard\\intbl Due\\cell\\row"
        b"\\trowd\\cellx3000\\cellx6000 \\pard\\intbl Pumps\\cell "
        b"\\pard\\intbl\\itap2 {\\b Date}{\\nestcell}\\pard\\intbl\\itap2 {\\b By\\nestcell}"
        b"{\\*\\nesttableprops\\trowd\\cellx1000\\cellx2000\\nestrow}{\\nonesttables\\par}"
        b"\\pard\\intbl\\itap2 07/13\\nestcell Ann\\nestcell"
        b"{\\*\\nesttableprops\\trowd\\cellx1000\\cellx2000\\nestrow}{\\nonesttables\\par}"
        b"\\pard\\intbl\\cell\\row}"
    )
    table = extract_bytes(rtf, "t.rtf").blocks[0]
    assert table.header == ("Checks", "Due")
    assert table.rows == (("Pumps", "Date By 07/13 Ann"),)


def test_real_nested_table(real_world):
    # nested_table_report.rtf: a one-column table; its last cell holds a 3x2 nested table
    doc = extract(real_world / "rtf" / "RtfPipe" / "nested_table_report.rtf")
    (table,) = doc.blocks
    assert table.header == ("Approval",)
    assert table.rows[-2:] == (
        ("Notes:",),
        ("Comment Date Comment By Approval Workflow Comments 07/13/2018 John Doe",),
    )


@pytest.mark.parametrize(
    ("charset", "data", "expected"),
    [
        # the RTF specification's numbers (1.9.1, \fcharsetN): 78 Mac Shift-JIS, 79 Mac Hangul
        # (EUC-KR: 한 is C7 D1), 87 Mac Thai and 82 Mac Johab, which Python has no codec for and
        # the specification no code page: the document's page (Mac Roman: 80 Ä, 8E é)
        (b"78", b"\\'82\\'a0", "あ"),
        (b"79", b"\\'c7\\'d1", "한"),
        (b"87", b"\\'80", "Ä"),
        (b"82", b"\\'8e", "é"),
    ],
    ids=["japanese", "korean", "thai", "johab"],
)
def test_mac_font_charsets_do_not_fail_the_document(charset, data, expected):
    rtf = b"{\\rtf1\\mac\\ansicpg10000{\\fonttbl{\\f1\\fcharset" + charset + b" Osaka;}}\\f1 Mark " + data
    doc = extract_bytes(rtf + b" end\\par}", "t.rtf")
    assert doc.text == f"Mark {expected} end"


def test_a_vertically_merged_cell_repeats_the_first_cells_text():
    # Word writes the row definitions before the cells (and again before \row): \clvmgf starts a
    # vertical merge, \clvmrg continues it; the continuing cells are empty in the file. The third
    # row's merge covers the right two columns (one cell ending at 6000), so it is matched by its
    # right edge, not by its position in the row.
    defs = b"\\trowd\\clvmgf\\cellx2000\\cellx4000\\clvmgf\\cellx6000 "
    cont = b"\\trowd\\clvmrg\\cellx2000\\cellx4000\\clvmrg\\cellx6000 "
    rtf = (
        b"{\\rtf1\\ansi "
        b"\\trowd\\cellx2000\\cellx4000\\cellx6000 \\pard\\intbl Site\\cell Check\\cell Note\\cell"
        b"{\\trowd\\cellx2000\\cellx4000\\cellx6000\\row}"
        + defs
        + b"\\pard\\intbl North pier\\cell Ropes\\cell Rusty\\cell{"
        + defs
        + b"\\row}"
        + cont
        + b"\\pard\\intbl \\cell Lights\\cell \\cell{"
        + cont
        + b"\\row}"
        b"\\trowd\\cellx2000\\clvmgf\\cellx6000 \\pard\\intbl South pier\\cell See log\\cell\\row"
        b"\\trowd\\cellx2000\\clvmrg\\cellx6000 \\pard\\intbl Slipway\\cell\\cell\\row"
        b"\\pard After\\par}"
    )
    doc = extract_bytes(rtf, "t.rtf")
    table = doc.blocks[0]
    assert table.header == ("Site", "Check", "Note")
    # (the cell ending at 6000 spans two columns of the grid: its text is in both, as for Word)
    assert table.rows == (
        ("North pier", "Ropes", "Rusty"),
        ("North pier", "Lights", "Rusty"),
        ("South pier", "See log", "See log"),
        ("Slipway", "See log", "See log"),
    )
    assert "\ue005" not in doc.text and "\ue007" not in doc.text
    assert doc.blocks[1].text == "After"


def test_real_vertically_merged_cells(real_world):
    # RtfTestDocument.rtf: the second table's "2,1" cell is \clvmgf and the cell below it \clvmrg
    # (empty); in the third, "2,2" (\clvmgf, \cellx9355, two grid columns wide) is continued below.
    doc = extract(real_world / "rtf" / "RtfPipe" / "RtfTestDocument.rtf")
    tables = [b for b in doc.blocks if b.kind == "table"]
    assert tables[1].rows[-1] == ("2,1", "3,2", "3,3")
    assert tables[2].rows[-1] == ("3,1", "2,2", "2,2")
    # the second table's first row is "1,1" and one cell to the right edge (9355): two columns
    assert tables[1].header == ("1,1", "1,2", "1,2")


def test_list_levels_leave_no_mark_in_table_cells_or_notes():
    # a level-1 bullet list inside a table cell and inside a footnote: their level marks belong
    # to list lines only, and must not reach the cell or the note
    rtf = (
        rb"{\rtf1\ansi\deff0{\fonttbl{\f0 Arial;}{\f1\fcharset2 Symbol;}}"
        rb"\trowd\cellx3000\cellx6000\pard\intbl Name\cell"
        rb"\pard\intbl\ls1\ilvl1{\listtext\f1 \'b7\tab}First point\par"
        rb"\pard\intbl\ls1\ilvl1{\listtext\f1 \'b7\tab}Second point\cell\row"
        rb"\pard Body.{\super\chftn}{\footnote\pard\plain{\super\chftn} Note intro.\par"
        rb"\pard\ls1\ilvl1{\listtext\f1 \'b7\tab}Note point\par}\par}"
    )
    doc = extract(rtf, filename="levels.rtf")
    assert "\ue004" not in doc.text
    # a table of one row: its cells are paragraphs (the bullet is B7 in the Symbol font: •)
    assert [b.text for b in doc.blocks[:2]] == ["Name", "\u2022 First point \u2022 Second point"]
    assert doc.blocks[-1].text == "[^1]: Note intro. \u2022 Note point"


SYMBOLS_RTF = (
    r"{\rtf1\ansi\deff0{\fonttbl{\f0\froman Times New Roman;}{\f1\ftech\fcharset2 Symbol;}"
    r"{\f2\fnil\fcharset2{\*\panose 05000000000000000000}Wingdings;}}"
    "\n"
    # Word's way: the font's code in the private-use area (U+F070, p: pi), the byte as fallback
    r"\pard Area {\f1 \u-3984\'70}r\par "
    # older writers: the byte, or the letter itself, in the Symbol font
    r"\pard Angles {\f1\'61} and {\f1 b}, {\f1 Sum}\par "
    # Wingdings: a tick (FC) and a ticked box (FD); a smiley (4A) has no character and is left out
    r"\pard Done {\f2 \u-3844\'fc} {\f2\'fd} {\f2 \u-4022\'4a}x\par "
    # a Unicode character written in the Symbol font is itself; another font in a group inside,
    # and the end of the font's own group, end the Symbol text
    r"\pard Mu {\f1 \u956?{\f0  and mu}} mu\par "
    # a square root (D6, Word's way) and two radical extenders (60, an older writer's) after it
    r"\pard Root {\f1 \u-3882\'d6\u-4000\'60\'60}x\par }"
)


def test_symbol_and_wingdings_characters_are_their_unicode_characters():
    doc = extract_bytes(SYMBOLS_RTF.encode("ascii"), "symbols.rtf")
    assert [b.text for b in doc.blocks] == [
        "Area πr",
        "Angles α and β, Συμ",
        "Done ✓ ☒ x",
        "Mu μ and mu mu",
        "Root √\u203e\u203ex",
    ]


def test_real_symbol_font_table(real_world):
    # symbol.rtf lists the Symbol font's characters, one a line: the character in the Symbol font
    # ({\f3 \u-4031\'41}: U+F041), the key in Times, its name and its Unicode code.
    doc = extract(real_world / "rtf" / "RtfPipe" / "symbol.rtf")
    texts = [b.text for b in doc.blocks]
    for line in (
        "Α:A:GREEK CAPITAL LETTER ALPHA:0391",
        "Δ:D:GREEK CAPITAL LETTER DELTA:0394",
        "α:a:GREEK SMALL LETTER ALPHA:03B1",
        "π:p:GREEK SMALL LETTER PI:03C0",
        "∃:$:THERE EXISTS:2203",
        # pieces of large brackets ({\f3 \u-3866\'e6}: U+F0E6, the upper hook of a left
        # parenthesis; U+F0F8 the lower hook of a right one): they were left out
        "⎛:æ:UNDEFINED",
        "⎠:ø:UNDEFINED:0000",
    ):
        assert line in texts
    assert not [c for c in doc.text if "\ue000" <= c <= "\uf8ff"]


def test_zapf_dingbats_characters_are_their_unicode_characters():
    # the Mac's Zapf Dingbats (and Windows' Monotype Sorts, its clone): ✓ is 0x34, ★ 0x48 (one
    # of the characters Unicode had outside its Dingbats block), ① 0xAC, → 0xD5 (Adobe's
    # zdingbat.txt: a20 U+2714, a35 U+2605, a120 U+2460, a161 U+2192); 0xF0 has none
    rtf = (
        r"{\rtf1\mac\deff0{\fonttbl{\f0 Times;}{\f18\fnil\fcharset2 Zapf Dingbats{\*\falt Monotype Sorts};}"
        r"{\f19\fnil\fcharset2 Monotype Sorts;}}"
        "\n"
        r"\pard Done {\f18 \u-4044\'34} best {\f18\'48}\par "
        r"\pard Steps {\f19 \'ac\'d5} end{\f19\'f0}\par }"
    )
    doc = extract_bytes(rtf.encode("ascii"), "dingbats.rtf")
    assert [b.text for b in doc.blocks] == ["Done ✔ best ★", "Steps ①→ end"]


def test_the_zapf_dingbats_table_is_adobes():
    # reportlab's zapfdingbats codec is Adobe's table (zdingbat.txt), kept apart from this one
    rl_codecs = pytest.importorskip("reportlab.pdfbase.rl_codecs")
    from indexer.formats._symbol_font import ZAPF_DINGBATS

    rl_codecs.RL_Codecs.register()
    adobe = {code: bytes([code]).decode("zapfdingbats", errors="replace") for code in range(0x20, 0x100)}
    expected = {code: char for code, char in adobe.items() if char != "\ufffd"}
    assert expected == ZAPF_DINGBATS


def test_real_zapf_dingbats_table(real_world):
    # zapf_dingbats.rtf lists the font's characters, one a line, as symbol.rtf does the Symbol
    # font's: {\f18 \u-4031\'41} (U+F041 in Zapf Dingbats), then the key, name and Unicode code;
    # they were all left out. (Where the file's code is wrong, H's 2705 for BLACK STAR, the name
    # was checked: U+2605.)
    doc = extract(real_world / "rtf" / "RtfPipe" / "zapf_dingbats.rtf")
    texts = [b.text for b in doc.blocks]
    for line in (
        "✡:A:STAR OF DAVID:2721",
        "★:H:BLACK STAR:2705",
        "✪:J:CIRCLED WHITE STAR:272A",
        "❄:d:SNOWFLAKE:2744",
        "●:l:BLACK CIRCLE:25CF",
        "▲:s:BLACK UP-POINTING TRIANGLE:25B2",
    ):
        assert line in texts
    assert not [c for c in doc.text if "\ue000" <= c <= "\uf8ff"]


def test_a_cell_spanning_columns_repeats_its_text_in_each():
    # The grid's column lines are the cells' right edges (2000, 4000, 6000; 6005 is the same line
    # drawn by hand). A cell spanning two columns repeats its text in both, as Word's gridSpan
    # does; so does an older writer's horizontal merge (\clmgf, then \clmrg cells, empty in the
    # file). A row of one cell across the table is a label: its text once, in the first column.
    rtf = (
        b"{\\rtf1\\ansi "
        b"\\trowd\\cellx2000\\cellx4000\\cellx6000 \\pard\\intbl Item\\cell Q1\\cell Q2\\cell\\row "
        b"\\trowd\\cellx6000 \\pard\\intbl Pumps\\cell\\row "
        b"\\trowd\\cellx2000\\cellx6005 \\pard\\intbl Inlet\\cell closed all year\\cell\\row "
        b"\\trowd\\cellx2000\\clmgf\\cellx4000\\clmrg\\cellx6000 \\pard\\intbl Outlet\\cell open\\cell \\cell\\row "
        b"\\trowd\\clmgf\\cellx2000\\clmrg\\cellx4000\\clmrg\\cellx6000 \\pard\\intbl Valves\\cell\\cell\\cell\\row "
        b"\\trowd\\cellx2000\\cellx4000\\cellx6000 \\pard\\intbl Meter\\cell 3\\cell 4\\cell\\row "
        b"\\pard After\\par}"
    )
    table = extract_bytes(rtf, "spans.rtf").blocks[0]
    assert table.header == ("Item", "Q1", "Q2")
    assert table.rows == (
        ("Pumps", "", ""),
        ("Inlet", "closed all year", "closed all year"),
        ("Outlet", "open", "open"),
        ("Valves", "", ""),
        ("Meter", "3", "4"),
    )


def test_rows_of_other_cell_counts_line_up_though_their_edges_differ():
    # A hand-made table: the second row's two cells end 100 twips right of the first row's edges
    # (2100, 6100 for 2000, 6000), the third row's 50 left or right (1950, 4050, 5950). The grid
    # took every edge more than 30 twips from the one before as a column line of its own: eight
    # columns, "Inlet" under "Item" and "Q1", "3" under "Q1" and "Q2", "4" after them. An edge
    # less than half the narrowest cell (1900 twips here) past a line's first edge is that line.
    rtf = (
        b"{\\rtf1\\ansi "
        b"\\trowd\\cellx2000\\cellx4000\\cellx6000 \\pard\\intbl Item\\cell Q1\\cell Q2\\cell\\row "
        b"\\trowd\\cellx2100\\cellx6100 \\pard\\intbl Inlet\\cell closed all year\\cell\\row "
        b"\\trowd\\cellx1950\\cellx4050\\cellx5950 \\pard\\intbl Meter\\cell 3\\cell 4\\cell\\row "
        b"\\pard After\\par}"
    )
    table, after = extract_bytes(rtf, "drift.rtf").blocks
    assert table.header == ("Item", "Q1", "Q2")
    assert table.rows == (("Inlet", "closed all year", "closed all year"), ("Meter", "3", "4"))
    assert after.text == "After"


def test_a_pipe_in_the_text_is_text():
    # The conversion ends each cell with "|" and the rows were split there: a "|" of a cell's
    # text made two cells of one, and a paragraph ending with "|" was read as a table row. The
    # text's pipes are kept apart from the cell ends; the table escapes them as the other
    # formats' tables do. A control symbol \| (a formula character) is no text.
    rtf = (
        b"{\\rtf1\\ansi "
        b"\\trowd\\cellx3000\\cellx6000 \\pard\\intbl Range\\cell Unit\\cell\\row "
        b"\\trowd\\cellx3000\\cellx6000 \\pard\\intbl 1 | 2\\cell mm\\cell\\row "
        b"\\pard Options: a | b |\\par "
        b"\\pard x\\|y \\\\|z\\par}"
    )
    doc = extract_bytes(rtf, "pipes.rtf")
    table, options, escaped = doc.blocks
    assert table.header == ("Range", "Unit") and table.rows == (("1 | 2", "mm"),)
    assert "| 1 \\| 2 | mm |" in table.text
    assert (options.kind, options.text) == ("paragraph", "Options: a | b |")
    assert escaped.text == "xy \\|z"


def test_rows_of_as_many_cells_stay_as_they_are_when_their_edges_differ():
    # A hand-made table's rows seldom line their edges up (3000, 3100, 2950 twips). With a merged
    # cell elsewhere in the document, every table's cells were laid on a grid of all its rows'
    # edges: six columns for two, each row's cells spread over different ones. A table whose rows
    # have as many cells, none continuing a horizontal merge, keeps its rows as they are.
    rtf = (
        b"{\\rtf1\\ansi "
        b"\\trowd\\clvmgf\\cellx2000\\cellx4000 \\pard\\intbl Merged\\cell x\\cell\\row "
        b"\\trowd\\clvmrg\\cellx2000\\cellx4000 \\pard\\intbl \\cell y\\cell\\row "
        b"\\pard Between\\par "
        b"\\trowd\\cellx3000\\cellx6000 \\pard\\intbl Name\\cell Value\\cell\\row "
        b"\\trowd\\cellx3100\\cellx6100 \\pard\\intbl Alpha\\cell 1\\cell\\row "
        b"\\trowd\\cellx2950\\cellx6050 \\pard\\intbl Beta\\cell 2\\cell\\row "
        b"\\pard After\\par}"
    )
    merged, _, table, _ = extract_bytes(rtf, "edges.rtf").blocks
    assert merged.rows == (("Merged", "y"),)  # the vertical merge still read
    assert table.header == ("Name", "Value")
    assert table.rows == (("Alpha", "1"), ("Beta", "2"))


def test_row_numbers_count_a_row_of_empty_cells():
    # ``row_numbers`` name each data row's place in the table, as a sheet's row numbers do: the
    # third row holds only empty cells and is left out; the fourth, "Ink", keeps its number 4
    # (it was numbered 3, as if it were the row after "Pens"). A second table counts afresh.
    rtf = (
        b"{\\rtf1\\ansi "
        b"\\trowd\\cellx3000\\cellx6000 \\pard\\intbl Item\\cell Qty\\cell\\row "
        b"\\trowd\\cellx3000\\cellx6000 \\pard\\intbl Pens\\cell 4\\cell\\row "
        b"\\trowd\\cellx3000\\cellx6000 \\pard\\intbl \\cell \\cell\\row "
        b"\\trowd\\cellx3000\\cellx6000 \\pard\\intbl Ink\\cell 2\\cell\\row "
        b"\\pard Then:\\par "
        b"\\trowd\\cellx3000\\cellx6000 \\pard\\intbl Day\\cell Task\\cell\\row "
        b"\\trowd\\cellx3000\\cellx6000 \\pard\\intbl Monday\\cell Roof\\cell\\row "
        b"\\pard After\\par}"
    )
    first, then, second, after = extract_bytes(rtf, "stock.rtf").blocks
    assert first.header == ("Item", "Qty")
    assert first.rows == (("Pens", "4"), ("Ink", "2"))
    assert first.row_numbers == (2, 4)
    assert (then.text, after.text) == ("Then:", "After")
    assert second.rows == (("Monday", "Roof"),) and second.row_numbers == (2,)


def test_an_empty_row_of_one_cell_stays_in_its_table():
    # in a table of one column, a row of one empty cell ("|" once converted) is a row of empty
    # cells: left out, counted in the row numbers, the table going on past it (it split the table
    # in two, "|" a paragraph and the row after it, "Friday", another)
    rtf = (
        b"{\\rtf1\\ansi \\pard Rota:\\par "
        b"\\trowd\\cellx3000 \\pard\\intbl Day\\cell\\row "
        b"\\trowd\\cellx3000 \\pard\\intbl Monday\\cell\\row "
        b"\\trowd\\cellx3000 \\pard\\intbl \\cell\\row "
        b"\\trowd\\cellx3000 \\pard\\intbl Friday\\cell\\row "
        b"\\pard After\\par}"
    )
    before, table, after = extract_bytes(rtf, "rota.rtf").blocks
    assert (before.text, after.text) == ("Rota:", "After")
    assert table.header == ("Day",)
    assert table.rows == (("Monday",), ("Friday",)) and table.row_numbers == (2, 4)


def test_cells_past_a_rows_last_edge_have_columns_of_their_own():
    # Some writers end a row with more \cell than it has \cellx. Word and LibreOffice show each
    # extra cell past the row's last one, as wide (2000 twips: edges 6000, 8000 here). Those
    # cells had no place on the grid, so the row was left as it stood, its cells shifted left
    # under the others' columns ("North" under "Item" only, "12" under "Q1", "4" under "Q2").
    rtf = (
        b"{\\rtf1\\ansi "
        b"\\trowd\\cellx1000\\cellx2000\\cellx4000 \\pard\\intbl Item\\cell Code\\cell Q1\\cell\\row "
        b"\\trowd\\cellx2000\\cellx4000 \\pard\\intbl North\\cell 12\\cell 4\\cell 9\\cell\\row "
        b"\\trowd\\cellx1000\\cellx2000\\cellx4000 \\pard\\intbl South\\cell S\\cell 7\\cell\\row "
        b"\\pard After\\par}"
    )
    table, after = extract_bytes(rtf, "extra.rtf").blocks
    assert table.header == ("Item", "Code", "Q1", "", "")
    assert table.rows == (("North", "North", "12", "4", "9"), ("South", "S", "7", "", ""))
    assert after.text == "After"


def test_a_merge_in_a_row_of_more_cells_than_edges_is_read():
    # The row's horizontal merge (\clmgf, \clmrg) was not spread either, its continuation empty.
    rtf = (
        b"{\\rtf1\\ansi "
        b"\\trowd\\cellx2000\\cellx4000\\cellx6000 \\pard\\intbl Item\\cell Q1\\cell Q2\\cell\\row "
        b"\\trowd\\clmgf\\cellx2000\\clmrg\\cellx4000\\cellx6000 \\pard\\intbl Total\\cell\\cell 19\\cell"
        b" see note\\cell\\row "
        b"\\pard After\\par}"
    )
    table = extract_bytes(rtf, "merge.rtf").blocks[0]
    assert table.header == ("Item", "Q1", "Q2", "")
    assert table.rows == (("Total", "Total", "19", "see note"),)


# -- embedded objects: what their result shows -------------------------------------------------


def _dib_2x2() -> bytes:
    """A bitmap of 2 × 2 pixels, 24 bits each (BITMAPINFOHEADER, rows from the bottom, each padded
    to 4 bytes, pixels blue-green-red): bottom row red, green; top row blue, white."""
    header = struct.pack("<IiiHHIIiiII", 40, 2, 2, 1, 24, 0, 16, 0, 0, 0, 0)
    bottom = b"\x00\x00\xff" + b"\x00\xff\x00" + b"\x00\x00"
    top = b"\xff\x00\x00" + b"\xff\xff\xff" + b"\x00\x00"
    return header + bottom + top


def _wmf(*records: bytes) -> bytes:
    """A Windows metafile (its 18-byte header: type 1, header of 9 words, version 0x300) of the
    records given, then its end record."""
    body = b"".join(records) + struct.pack("<IH", 3, 0)
    return struct.pack("<HHHIHIH", 1, 9, 0x300, (18 + len(body)) // 2, 0, 0, 0) + body


def _record(kind: int, params: bytes) -> bytes:
    return struct.pack("<IH", (6 + len(params)) // 2, kind) + params


def test_a_metafile_of_one_bitmap_is_extracted_as_that_bitmap():
    # META_SETMAPMODE (0x0103) MM_ANISOTROPIC, then META_DIBSTRETCHBLT (0x0B41): SRCCOPY
    # (0x00CC0020), source and destination sizes and origins (8 words), the bitmap
    dib = _dib_2x2()
    stretch = _record(0x0B41, struct.pack("<I8h", 0x00CC0020, 2, 2, 0, 0, 2, 2, 0, 0) + dib)
    wmf = _wmf(_record(0x0103, struct.pack("<h", 8)), stretch)
    rtf = b"{\\rtf1\\ansi \\pard Chart:{\\pict\\wmetafile8\\picw53\\pich53 " + wmf.hex().encode() + b"}\\par}"
    doc = extract_bytes(rtf, "pict.rtf")
    (image,) = doc.images
    assert (image.format, image.width, image.height) == ("png", 2, 2)
    from PIL import Image

    with Image.open(io.BytesIO(image.data)) as png:
        pixels = png.convert("RGB")
        assert [pixels.getpixel(xy) for xy in ((0, 0), (1, 0), (0, 1), (1, 1))] == [
            (0, 0, 255),  # top left: blue
            (255, 255, 255),
            (255, 0, 0),  # bottom left: red
            (0, 255, 0),
        ]
    assert [b.kind for b in doc.blocks] == ["paragraph", "image"]
    # a metafile that also draws a line (META_LINETO, 0x0213) is more than its bitmap: skipped
    line = _record(0x0213, struct.pack("<hh", 1, 1))
    drawn = _wmf(stretch, line)
    rtf = (
        b"{\\rtf1\\ansi \\pard Chart:{\\pict\\wmetafile8\\picw53\\pich53 " + drawn.hex().encode() + b"}\\par}"
    )
    doc = extract_bytes(rtf, "drawn.rtf")
    assert doc.images == () and [s.reason for s in doc.coverage.skipped] == [
        "WMF is not a web raster (png, jpeg, gif, webp)"
    ]
    # alone in the document, it leaves no text: an empty extraction that says why
    with pytest.raises(errors.ChunkscopeError) as info:
        extract_bytes(b"{\\rtf1\\ansi {\\pict\\wmetafile8 " + drawn.hex().encode() + b"}}", "only.rtf")
    assert info.value.code == errors.EMPTY_EXTRACTION
    assert "1 picture, none extracted: picture 1: WMF is not a web raster" in info.value.message


def test_an_embedded_object_shows_its_result():
    # {\object …{\*\objdata …}{\result …}}: the conversion skipped the whole object, the text
    # of its result with it (a spreadsheet's table shown as text, here two paragraphs)
    rtf = (
        b"{\\rtf1\\ansi \\pard Before\\par "
        b"{\\object\\objemb{\\*\\objclass Excel.Sheet.8}\\objw2000\\objh400{\\*\\objdata 01050000}"
        b"{\\result \\pard Quarterly totals\\par North 12\\par}}"
        b"\\pard After\\par}"
    )
    assert [b.text for b in extract_bytes(rtf, "object.rtf").blocks] == [
        "Before",
        "Quarterly totals",
        "North 12",
        "After",
    ]


def test_real_paint_object_shows_its_picture(real_world):
    # PictureObjectEmbed.rtf (WordPad): one paragraph holding {\object\objemb{\*\objclass PBrush}
    # …{\result{\pict\wmetafile8 …}}}, a metafile of one META_DIBSTRETCHBLT of a 378 × 378
    # bitmap of 24 bits (a red stroke drawn in Paint on white); there is no text
    doc = extract(real_world / "rtf" / "RtfPipe" / "PictureObjectEmbed.rtf")
    (image,) = doc.images
    assert (image.format, image.width, image.height) == ("png", 378, 378)
    assert [b.kind for b in doc.blocks] == ["image"] and doc.coverage.skipped == ()
    from PIL import Image

    with Image.open(io.BytesIO(image.data)) as png:
        colours = {c for _, c in png.convert("RGB").getcolors(1 << 20)}
    assert (255, 255, 255) in colours and any(r > 180 and g < 80 and b < 80 for r, g, b in colours)


# -- list paragraphs without a number of their own ----------------------------------------------

_LISTED = (
    b"{\\rtf1\\ansi "
    b"{\\*\\listtable{\\list\\listtemplateid1"
    b"{\\listlevel\\levelnfc0\\levelstartat3{\\leveltext\\'02\\'00.;}{\\levelnumbers\\'01;}\\fi-360\\li720}"
    b"{\\listlevel\\levelnfc4\\levelstartat1{\\leveltext\\'02\\'01);}{\\levelnumbers\\'01;}\\fi-360\\li1440}"
    b"\\listid100}"
    b"{\\list\\listtemplateid2{\\listlevel\\levelnfc23{\\leveltext\\'01\\u8226 ?;}{\\levelnumbers;}}\\listid200}}"
    b"{\\*\\listoverridetable{\\listoverride\\listid100\\listoverridecount0\\ls1}"
    b"{\\listoverride\\listid200\\listoverridecount0\\ls2}"
    b"{\\listoverride\\listid100\\listoverridecount1{\\lfolevel\\listoverridestartat\\levelstartat7}\\ls3}}\n"
    b"\\pard Steps\\par\n"
    b"\\pard\\ls1\\ilvl0 Mix the flour\\par\n"
    b"\\pard\\ls1\\ilvl1 sift it\\par\n"
    b"\\pard\\ls1\\ilvl1 weigh it\\par\n"
    b"\\pard\\ls1\\ilvl0 Add water\\par\n"
    b"\\pard\\ls1\\ilvl1 slowly\\par\n"
    b"\\pard Notes\\par\n"
    b"\\pard\\ls2 salt\\par\n"
    b"\\pard\\ls2 yeast\\par\n"
    b"\\pard Later\\par\n"
    b"\\pard\\ls3 Bake\\par\n"
    b"\\pard\\ls3 Cool\\par}"
)


def test_list_paragraphs_without_list_text_are_numbered_from_the_list_table():
    # No {\listtext} group: the numbers are the list table's. List 100 counts its first level
    # in decimal from 3 ("%1.", \levelstartat3), its second in lower-case letters from 1 ("%2)"),
    # the second starting again after each item of the first: 3., a), b), 4., a). \ls2 is a
    # bullet list. \ls3 names list 100 again but starts its first level at 7
    # (\listoverridestartat): 7., 8., its own count.
    blocks = extract_bytes(_LISTED, "listed.rtf").blocks
    assert [(b.kind, b.text) for b in blocks if b.kind == "paragraph"] == [
        ("paragraph", "Steps"),
        ("paragraph", "Notes"),
        ("paragraph", "Later"),
    ]
    lists = [[(i.text, i.level, i.ordered, i.number) for i in b.items] for b in blocks if b.kind == "list"]
    assert lists == [
        [
            ("Mix the flour", 0, True, 3),
            ("sift it", 1, True, 1),
            ("weigh it", 1, True, 2),
            ("Add water", 0, True, 4),
            ("slowly", 1, True, 1),
        ],
        [("salt", 0, False, None), ("yeast", 0, False, None)],
        [("Bake", 0, True, 7), ("Cool", 0, True, 8)],
    ]


@pytest.mark.parametrize(
    "name",
    [
        "RtfPipe/nested_lists_indents_word.rtf",
        "RtfPipe/RtfTestDocument.rtf",
        "RtfPipe/ListGoogle.rtf",
        "kreuzberg/list_complex.rtf",
    ],
)
def test_real_lists_read_alike_without_their_list_text(real_world, name):
    # Word and Google Docs write each list paragraph's number in a {\listtext} group: without
    # those groups, the numbers the list tables give are the same (list_complex.rtf: 1., 2.,
    # a., b., i., ii., A., B., I., II., bullets, then 7., 8. of a list started at 7)
    from indexer.formats.rtf import _group_end

    data = (real_world / "rtf" / name).read_bytes()
    text = data.decode("latin-1")
    parts, pos = [], 0
    for m in re.finditer(r"\{\\listtext(?![a-z])", text):
        if (at := m.start()) >= pos:
            parts.append(text[pos:at])
            pos = _group_end(text, at) + 1
    parts.append(text[pos:])
    bare = "".join(parts).encode("latin-1")
    assert b"\\listtext" not in bare
    expected = extract_bytes(data, "a.rtf").blocks
    assert any(b.kind == "list" for b in expected)
    assert extract_bytes(bare, "a.rtf").blocks == expected


def test_list_paragraphs_without_list_text_beside_ones_with_it_are_numbered_in_turn():
    # list 100 counts from 3 at its first level: the paragraphs that write their number keep it
    # and count, those that do not take the next: 3. (written), 4., 5. (written), 6.
    head = _LISTED.split(b"\\pard Steps")[0]
    body = (
        b"{\\listtext\\pard\\plain 3.\\tab}\\pard\\ls1\\ilvl0 Mix the flour\\par\n"
        b"\\pard\\ls1\\ilvl0 Add water\\par\n"
        b"{\\listtext\\pard\\plain 5.\\tab}\\pard\\ls1\\ilvl0 Knead\\par\n"
        b"\\pard\\ls1\\ilvl0 Rest\\par}"
    )
    blocks = extract_bytes(head + body, "mixed.rtf").blocks
    lists = [[(i.text, i.level, i.ordered, i.number) for i in b.items] for b in blocks if b.kind == "list"]
    assert lists == [
        [
            ("Mix the flour", 0, True, 3),
            ("Add water", 0, True, 4),
            ("Knead", 0, True, 5),
            ("Rest", 0, True, 6),
        ]
    ]


@pytest.mark.parametrize(
    "name",
    ["RtfPipe/nested_lists_indents_word.rtf", "RtfPipe/RtfTestDocument.rtf", "kreuzberg/list_complex.rtf"],
)
def test_real_lists_read_alike_with_every_other_list_text_left_out(real_world, name):
    from indexer.formats.rtf import _group_end

    data = (real_world / "rtf" / name).read_bytes()
    text = data.decode("latin-1")
    parts, pos, n = [], 0, 0
    for m in re.finditer(r"\{\\listtext(?![a-z])", text):
        if (at := m.start()) >= pos:
            n += 1
            if n % 2:
                continue
            parts.append(text[pos:at])
            pos = _group_end(text, at) + 1
    parts.append(text[pos:])
    half = "".join(parts).encode("latin-1")
    assert n > 2 and half.count(b"{\\listtext") == (n + 1) // 2
    expected = extract_bytes(data, "a.rtf").blocks
    assert extract_bytes(half, "a.rtf").blocks == expected


# -- legal numbering, what follows a number, notes restarting, pictures in empty cells ------------

_LEGAL = (
    b"{\\rtf1\\ansi "
    b"{\\*\\listtable{\\list\\listtemplateid1"
    b"{\\listlevel\\levelnfc1\\levelfollow0{\\leveltext\\'02\\'00.;}{\\levelnumbers\\'01;}\\li720}"
    b"{\\listlevel\\levelnfc3\\levelfollow0{\\leveltext\\'04\\'00.\\'01.;}{\\levelnumbers\\'01\\'03;}\\li1440}"
    b"{\\listlevel\\levelnfc0\\levellegal1\\levelfollow0{\\leveltext\\'06\\'00.\\'01.\\'02.;}"
    b"{\\levelnumbers\\'01\\'03\\'05;}\\li2160}"
    b"\\listid100}}"
    b"{\\*\\listoverridetable{\\listoverride\\listid100\\listoverridecount0\\ls1}}\n"
    b"\\pard\\ls1\\ilvl0 Scope\\par\n"
    b"\\pard\\ls1\\ilvl1 Terms\\par\n"
    b"\\pard\\ls1\\ilvl2 Buyer\\par\n"
    b"\\pard\\ls1\\ilvl2 Seller\\par}"
)


def test_a_legal_level_writes_the_numbers_above_it_in_digits():
    # RTF 1.9.1, list table: \levellegal1 converts the numbers of the levels before it to Arabic
    # numbers. Level 0 counts in upper-case Roman numerals (\levelnfc1: I), level 1 in capitals
    # (\levelnfc3, "%1.%2.": I.A.), level 2 in decimal, legal ("%1.%2.%3."): 1.1.1., 1.1.2., where
    # the level's own formats would write I.A.1.
    # Their labels of several parts make them items of the list under I. (they were paragraphs
    # "I.A. Terms", "1.1.1. Buyer", "1.1.2. Seller"): the A of I.A. is 1, the level counting in
    # letters; the legal level's last part is its own number
    blocks = extract_bytes(_LEGAL, "legal.rtf").blocks
    assert [b.kind for b in blocks] == ["list"]
    assert [(i.text, i.level, i.number) for i in blocks[0].items] == [
        ("Scope", 0, 1),
        ("Terms", 1, 1),
        ("Buyer", 2, 1),
        ("Seller", 2, 2),
    ]


@pytest.mark.parametrize(("follow", "after"), [(b"1", b" "), (b"2", b"")])
def test_a_number_followed_by_a_space_or_nothing_is_a_list_number(follow, after):
    # \levelfollow1: a space after the number, \levelfollow2: nothing; Word writes the
    # {\listtext} so (no \tab): the paragraphs are still list items II., III.
    rtf = (
        b"{\\rtf1\\ansi {\\*\\listtable{\\list\\listtemplateid1{\\listlevel\\levelnfc1\\levelfollow"
        + follow
        + b"{\\leveltext\\'02\\'00.;}{\\levelnumbers\\'01;}\\li720}\\listid100}}"
        b"{\\*\\listoverridetable{\\listoverride\\listid100\\listoverridecount0\\ls1}}\n"
        b"\\pard Clauses\\par\n"
        b"{\\listtext\\pard\\plain II." + after + b"}\\pard\\ls1 Scope\\par\n"
        b"{\\listtext\\pard\\plain III." + after + b"}\\pard\\ls1 Terms\\par}"
    )
    blocks = extract_bytes(rtf, "follow.rtf").blocks
    assert [(b.kind, b.text) for b in blocks][0] == ("paragraph", "Clauses")
    assert [[(i.text, i.ordered, i.number) for i in b.items] for b in blocks if b.kind == "list"] == [
        [("Scope", True, 2), ("Terms", True, 3)]
    ]


def test_notes_numbered_again_keep_labels_of_their_own():
    # \ftnrestart: each section numbers its footnotes from 1 again, so the second section's
    # are 1 and 2 too; a marker links to the first note of its label, so theirs are 1-2, 2-2
    doc = extract_bytes(_SECTIONS % (b"\\ftnrestart", b"\\sectd ", b"\\sectd "), "restart.rtf")
    assert [x.text for x in doc.blocks] == [
        "A[^1] B[^2]",
        "C[^1-2] D[^2-2]",
        "E[^1-3]",
        "[^1]: F1.",
        "[^2]: F2.",
        "[^1-2]: F3.",
        "[^2-2]: F4.",
        "[^1-3]: F5.",
    ]


@pytest.mark.parametrize("words", [(b"\\ftnrstpg", b"\\sectd ", b"\\sectd "), (b"", b"\\sftnrstpg ", b"")])
def test_notes_numbered_again_at_each_page_are_counted_on(words):
    # \ftnrstpg, \sftnrstpg: footnotes start again at each page; the pages are not known, so
    # the count goes on: 1 to 5, each label once
    doc = extract_bytes(_SECTIONS % words, "pages.rtf")
    assert [x.text for x in doc.blocks][:3] == ["A[^1] B[^2]", "C[^3] D[^4]", "E[^5]"]


def test_a_picture_in_a_row_of_empty_cells_stands_there():
    # a layout table whose only text is a picture (a letterhead): no table is read, and the
    # picture is placed where the table stands, not after the document's last paragraph
    png = _png((200, 0, 0))
    rtf = (
        b"{\\rtf1\\ansi {\\pard Letterhead:\\par}"
        b"\\trowd\\cellx2000\\cellx4000 {\\pict\\pngblip " + png.hex().encode() + b"}\\cell \\cell\\row"
        b"{\\pard Dear Sir,\\par}{\\pard Yours.\\par}}"
    )
    doc = extract_bytes(rtf, "letter.rtf")
    assert [(b.kind, b.text) for b in doc.blocks] == [
        ("paragraph", "Letterhead:"),
        ("image", f"[Image: {doc.images[0].name}]"),
        ("paragraph", "Dear Sir,"),
        ("paragraph", "Yours."),
    ]
    assert doc.images[0].data == png


def test_a_picture_not_extracted_leaves_a_placeholder_naming_its_format():
    # an EMF (\emfblip) and a metafile that draws a line (\wmetafile8, META_LINETO 0x0213) are no
    # web rasters: each is listed as skipped and leaves [Image: EMF picture] / [Image: WMF
    # picture] where it stands, as a Word document's do; one with a description shows that
    line = _wmf(_record(0x0213, struct.pack("<hh", 1, 1)))
    rtf = (
        b"{\\rtf1\\ansi \\pard Logo:{\\pict\\emfblip\\picw10\\pich10 0100000058000000}\\par"
        b"\\pard Plan:{\\pict\\wmetafile8\\picw10\\pich10 " + line.hex().encode() + b"}\\par"
        b"\\pard {\\*\\shppict{\\pict{\\*\\picprop{\\sp{\\sn wzDescription}{\\sv Site map}}}"
        b"\\emfblip 0100000058000000}}\\par"
        b"\\pard End\\par}"
    )
    doc = extract_bytes(rtf, "meta.rtf")
    assert [(b.kind, b.text) for b in doc.blocks] == [
        ("paragraph", "Logo:"),
        ("image", "[Image: EMF picture]"),
        ("paragraph", "Plan:"),
        ("image", "[Image: WMF picture]"),
        ("image", "[Image: Site map]"),
        ("paragraph", "End"),
    ]
    assert doc.images == () and [b.images for b in doc.blocks if b.kind == "image"] == [(), (), ()]
    assert [(s.name, s.reason) for s in doc.coverage.skipped] == [
        ("picture 1", "EMF is not a web raster (png, jpeg, gif, webp)"),
        ("picture 2", "WMF is not a web raster (png, jpeg, gif, webp)"),
        ("picture 3", "EMF is not a web raster (png, jpeg, gif, webp)"),
    ]
    from indexer.manifest import image_placeholders

    assert image_placeholders(doc) == 3


def _picture_bullet_list(listtext: bytes) -> bytes:
    """A Word list of picture bullets: the picture (a PNG, with its metafile copy) in the list
    table's \\listpicture, named by the level's \\levelpicture0, whose text is the Symbol bullet
    (\\u-3913, U+F0B7) Word writes for older readers; each paragraph's ``listtext``."""
    png = _png((0, 90, 200), 4).hex().encode()
    picture = b"{\\*\\shppict{\\pict\\pngblip " + png + b"}}{\\nonshppict{\\pict\\wmetafile8 0100}}"
    item = b"\\pard\\ls1\\fi-360\\li720 " + listtext.replace(b"PICTURE", picture)
    return (
        b"{\\rtf1\\ansi {\\fonttbl{\\f0 Times;}{\\f3\\fcharset2 Symbol;}}"
        b"{\\*\\listtable{\\*\\listpicture" + picture + b"}"
        b"{\\list\\listtemplateid1\\listhybrid{\\listlevel\\levelnfc23\\levelfollow0\\levelstartat1"
        b"{\\leveltext\\'01\\u-3913 ?;}{\\levelnumbers;}\\f3 \\levelpicture0\\fi-360\\li720}\\listid7}}"
        b"{\\*\\listoverridetable{\\listoverride\\listid7\\listoverridecount0\\ls1}}\n"
        b"\\pard Kit:\\par\n" + item + b"Gloves\\par\n" + item + b"Boots\\par\n\\pard After\\par}"
    )


@pytest.mark.parametrize(
    "listtext",
    [
        b"{\\listtext\\pard\\plain\\f3 \\u-3913 ?\\tab}",  # Word: the level's fallback bullet
        b"{\\listtext\\pard\\plain PICTURE\\tab}",  # the picture itself in the number's place
        b"",  # no listtext: the bullet from the list table
    ],
)
@pytest.mark.parametrize("destination", [b"{\\*\\listpicture", b"{\\listpicture"])
def test_picture_bullets_read_as_bullets(listtext, destination):
    # on the code before, the list table's picture was an image at the document's end, and a
    # picture in the listtext made each item a paragraph followed by that picture; a writer may
    # leave out the \* that marks \listpicture a destination to skip
    rtf = _picture_bullet_list(listtext).replace(b"{\\*\\listpicture", destination)
    doc = extract_bytes(rtf, "bullets.rtf")
    assert [b.kind for b in doc.blocks] == ["paragraph", "list", "paragraph"]
    assert _items(doc) == [[("Gloves", 0, False), ("Boots", 0, False)]]
    assert doc.images == () and doc.coverage.skipped == ()


def test_a_picture_bullet_level_of_a_number_format_is_a_bullet():
    # \levelpicture0 on a level of decimal numbers (\levelnfc0, "%1."): the picture is drawn in
    # the number's place, so the paragraphs Word leaves without listtext are bullets
    rtf = (
        _picture_bullet_list(b"")
        .replace(b"\\levelnfc23", b"\\levelnfc0")
        .replace(b"\\'01\\u-3913 ?;", b"\\'02\\'00.;")
    )
    doc = extract_bytes(rtf, "bullets.rtf")
    assert _items(doc) == [[("Gloves", 0, False), ("Boots", 0, False)]]


def _paragraphs(*texts: bytes) -> bytes:
    return b"{\\rtf1\\ansi " + b"".join(b"\\pard\\fi-720\\li720 " + t + b"\\par\n" for t in texts) + b"}"


def test_a_run_of_outline_numbers_is_a_nested_list():
    # numbers typed before a tab, the paragraphs hanging (\fi-720\li720): 1. is a list item, and
    # 1.1, 1.2, 1.2.1 … under it were paragraphs "1.1 Purpose" …; each label follows the one before
    # it, so they are the list's items, a level per part
    rtf = _paragraphs(
        b"Contents",
        b"1.\\tab Scope",
        b"1.1\\tab Purpose",
        b"1.2\\tab Terms",
        b"1.2.1.\\tab Buyer",
        b"1.2.2.\\tab Seller",
        b"2.\\tab Price",
        b"Annex",
        b"A.1\\tab Forms",  # a run opening at its second part: its first level
        b"A.2\\tab Rates",
    )
    doc = extract_bytes(rtf, "outline.rtf")
    assert [b.kind for b in doc.blocks] == ["paragraph", "list", "paragraph", "list"]
    assert [
        [(i.text, i.level, i.ordered, i.number) for i in b.items] for b in doc.blocks if b.kind == "list"
    ] == [
        [
            ("Scope", 0, True, 1),
            ("Purpose", 1, True, 1),
            ("Terms", 1, True, 2),
            ("Buyer", 2, True, 1),
            ("Seller", 2, True, 2),
            ("Price", 0, True, 2),
        ],
        [("Forms", 0, True, 1), ("Rates", 0, True, 2)],
    ]


def test_a_label_of_several_parts_out_of_sequence_stays_a_paragraph():
    # a number before a tab that no label before or after it leads to or from is no list item:
    # "3.14<tab>pi" alone, "e.g.<tab>…" (e then g), 1.1 after 2.5 and before 4.
    rtf = _paragraphs(
        b"Values",
        b"3.14\\tab pi",
        b"e.g.\\tab a note",
        b"2.5\\tab two and a half",
        b"1.1\\tab one point one",
        b"4.\\tab four",
        b"4.1\\tab ",  # a label and nothing after it
    )
    doc = extract_bytes(rtf, "values.rtf")
    assert [(b.kind, b.text) for b in doc.blocks] == [
        ("paragraph", "Values"),
        ("paragraph", "3.14 pi"),
        ("paragraph", "e.g. a note"),
        ("paragraph", "2.5 two and a half"),
        ("paragraph", "1.1 one point one"),
        ("list", "four"),
        ("paragraph", "4.1"),
    ]


def test_word_list_numbers_of_several_levels_are_its_items():
    # Word's list of "%1." and "%1.%2." levels (\\listtext written): 1.1. and 1.2. at \\ilvl1 were
    # paragraphs "1.1. Purpose"; now the second level's items under 1.
    rtf = (
        b"{\\rtf1\\ansi "
        b"{\\listtext\\pard\\plain 1.\\tab}\\pard\\ls1\\ilvl0\\fi-360\\li360 Scope\\par\n"
        b"{\\listtext\\pard\\plain 1.1.\\tab}\\pard\\ls1\\ilvl1\\fi-720\\li720 Purpose\\par\n"
        b"{\\listtext\\pard\\plain 1.2.\\tab}\\pard\\ls1\\ilvl1\\fi-720\\li720 Terms\\par\n"
        b"{\\listtext\\pard\\plain 2.\\tab}\\pard\\ls1\\ilvl0\\fi-360\\li360 Price\\par}"
    )
    doc = extract_bytes(rtf, "word.rtf")
    assert [b.kind for b in doc.blocks] == ["list"]
    assert [(i.text, i.level, i.number) for i in doc.blocks[0].items] == [
        ("Scope", 0, 1),
        ("Purpose", 1, 1),
        ("Terms", 1, 2),
        ("Price", 0, 2),
    ]
