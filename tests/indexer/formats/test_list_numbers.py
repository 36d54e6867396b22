"""Ordered list items keep the numbers their source gives them (``ListItem.number``), and
get_markdown writes each item's own number, so that a list the source starts at 7 renders from 7."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest

from indexer import extract_bytes
from indexer.api import extract
from indexer.markdown import render_markdown
from indexer.model import LIST, OWN_MARKERS, Block, Document, ListItem
from storage.serial import (
    array_document_json,
    compact_document_json,
    document_from_array_json,
)
from tests.indexer.formats._odf_build import content_xml, odt_package

from .test_docx import build_docx, para

markdown_it = pytest.importorskip("markdown_it")


def _numbers(doc: Document) -> list[list[tuple[str, int | None]]]:
    return [[(i.text, i.number) for i in b.items] for b in doc.blocks if b.kind == LIST]


def _rendered(markdown: str) -> str:
    return markdown_it.MarkdownIt("commonmark").render(markdown)


def _list_doc(*items: ListItem) -> Document:
    block = Block(LIST, "\n".join(i.text for i in items), items=tuple(items))
    return Document(text=block.text, blocks=(block,), source_type="text", family="text")


# -- the model and the Markdown writer ---------------------------------------------------------


def test_an_item_without_a_number_is_none_by_default():
    assert ListItem("x", 0, True).number is None


def test_markdown_writes_each_items_own_number():
    doc = _list_doc(ListItem("Seven", 0, True, 7), ListItem("Eight", 0, True, 8), ListItem("Plain", 0, True))
    markdown = render_markdown(doc)
    assert markdown == "7. Seven\n8. Eight\n1. Plain\n"
    assert '<ol start="7">' in _rendered(markdown)


def test_a_nested_list_starting_past_one_is_set_apart_from_its_parents_text():
    # "5. b" right under "3. a" would be more of a's text: a list starting at another number
    # than 1 cannot interrupt a paragraph
    doc = _list_doc(ListItem("a", 0, True, 3), ListItem("b", 1, True, 5), ListItem("c", 0, True, 4))
    markdown = render_markdown(doc)
    assert markdown == "3. a\n\n   5. b\n4. c\n"
    html = _rendered(markdown)
    assert '<ol start="3">' in html and '<ol start="5">' in html and "5. b" not in html


def test_a_nested_list_of_printed_markers_is_set_apart_only_when_it_starts_past_one():
    # a PDF list keeps the markers printed on the page (OWN_MARKERS): "1)" may interrupt its
    # parent's text, "2." may not
    items = (ListItem("a", 0, False), ListItem("1) one", 1, True), ListItem("b", 0, False))
    items += (ListItem("2. two", 1, True), ListItem("3. three", 1, True))
    block = Block(LIST, "", items=items, meta={OWN_MARKERS: True})
    doc = Document(text="", blocks=(block,), source_type="pdf")
    markdown = render_markdown(doc)
    assert markdown == "- a\n  1) one\n- b\n\n  2. two\n  3. three\n"
    html = _rendered(markdown)
    assert '<ol start="2">\n<li>two</li>\n<li>three</li>\n</ol>' in html and "<li>one</li>" in html


def test_a_number_markdown_cannot_write_is_written_as_one():
    doc = _list_doc(ListItem("minus", 0, True, -2), ListItem("huge", 0, True, 10**9))
    assert render_markdown(doc) == "1. minus\n1. huge\n"


@pytest.mark.parametrize("form", ["compact", "array"])
def test_the_number_is_stored_and_read_back(form):
    doc = _list_doc(ListItem("a", 0, True, 7), ListItem("b", 1, False), ListItem("c", 0, True))
    if form == "compact":
        back = Document.from_json(compact_document_json(doc))
    else:
        back = document_from_array_json(array_document_json(doc))
    assert [(i.text, i.number) for i in back.blocks[0].items] == [("a", 7), ("b", None), ("c", None)]


def test_a_document_stored_before_the_number_reads_as_without_one():
    doc = _list_doc(ListItem("a", 0, True, 7))
    raw = array_document_json(doc)
    # the same document as stored when ListItem had three fields
    old = raw.replace(
        '"ListItem":["text","level","ordered","number"]', '"ListItem":["text","level","ordered"]'
    )
    old = old.replace('["a",0,true,7]', '["a",0,true]')
    assert old != raw
    assert [(i.text, i.ordered, i.number) for i in document_from_array_json(old).blocks[0].items] == [
        ("a", True, None)
    ]
    compact = (
        '{"source_type":"text","blocks":[{"kind":"list","text":"a","items":[{"text":"a","ordered":true}]}],'
        '"text":"a"}'
    )
    assert Document.from_json(compact).blocks[0].items[0].number is None


# -- HTML ------------------------------------------------------------------------------------------


def test_html_start_value_and_reversed():
    html = (
        b"<ol start='3'><li>c<ol><li>c1</li><li>c2</li></ol></li><li value='10'>j</li><li>k</li></ol>"
        b"<p>gap</p><ol reversed><li>three</li><li>two</li><li>one</li></ol>"
        b"<p>gap</p><ol reversed start='10'><li>ten</li><li value='4'>four</li><li>three</li></ol>"
        b"<p>gap</p><ul><li>dot</li></ul>"
    )
    doc = extract_bytes(html, "t.html")
    assert _numbers(doc) == [
        [("c", 3), ("c1", 1), ("c2", 2), ("j", 10), ("k", 11)],
        [("three", 3), ("two", 2), ("one", 1)],
        [("ten", 10), ("four", 4), ("three", 3)],
        [("dot", None)],
    ]
    markdown = render_markdown(doc)
    assert "3. c\n   1. c1\n   2. c2\n10. j\n11. k" in markdown
    assert '<ol start="3">' in _rendered(markdown)


def test_html_text_in_an_ol_outside_its_items_is_kept_unnumbered():
    # a browser shows "Note: …" without a marker between items 4 and 5 and counts no item for
    # it; <p> in an <ol> alike. Read as numbered, it was written "1.", which CommonMark counts as
    # one more item: 4, 5, 6 where the page shows 4 and 5
    html = (
        b"<ol start='4'>Lead-in<li>four</li>Note: <b>bold</b> here<li>five</li><p>Aside</p><li>six</li></ol>"
    )
    doc = extract_bytes(html, "t.html")
    items = [(i.text, i.ordered, i.number) for i in doc.blocks[0].items]
    assert items == [
        ("Lead-in", False, None),
        ("four", True, 4),
        ("Note: bold here", False, None),
        ("five", True, 5),
        ("Aside", False, None),
        ("six", True, 6),
    ]
    markdown = render_markdown(doc)
    assert markdown == "- Lead-in\n4. four\n- Note: bold here\n5. five\n- Aside\n6. six\n"
    html_out = _rendered(markdown)
    assert '<ol start="5">\n<li>five</li>' in html_out and '<ol start="6">\n<li>six</li>' in html_out


# -- Markdown --------------------------------------------------------------------------------------


def test_markdown_items_keep_the_numbers_written_before_them(markdown_parser):
    source = b"Intro\n\n7. seven\n8. eight\n   1) sub\n   1) again\n9. nine\n\n- dot\n\n> 3. q\n> 3. r\n"
    assert _numbers(extract_bytes(source, "t.md")) == [
        [("seven", 7), ("eight", 8), ("sub", 1), ("again", 1), ("nine", 9)],
        [("dot", None)],
        [("q", 3), ("r", 3)],
    ]


# -- plain text -------------------------------------------------------------------------------------


def test_plain_text_items_keep_the_numbers_typed_before_them():
    # the numbers are the ones typed in the text below: 5, 6 (its wrapped line goes on with it),
    # 7; the nested 2) is typed under 6; a mail's plain body is read as text and rendered
    body = "Steps so far:\n\n5. Unpack\n6. Plug in the cable, then\n   switch on\n   2) wait for the light.\n7. Done\n"
    mail = f"From: a@example.org\nSubject: Steps\nContent-Type: text/plain\n\n{body}".encode()
    doc = extract_bytes(mail, "steps.eml")
    assert _numbers(doc) == [
        [("Unpack", 5), ("Plug in the cable, then switch on", 6), ("wait for the light.", 2), ("Done", 7)]
    ]
    markdown = render_markdown(doc)
    assert "5. Unpack\n6. Plug in the cable, then switch on\n" in markdown
    assert '<ol start="5">' in _rendered(markdown)


# -- RTF ---------------------------------------------------------------------------------------------


def test_rtf_decimal_labels_are_numbers_letters_of_a_list_not_in_the_table_are_not():
    # \\ls1 names no list of a list table (there is none): "a." may be the letter or the numeral
    rtf = (
        b"{\\rtf1\\ansi {\\pard Start with\\par}"
        b"\\pard\\ls1\\ilvl0 {\\listtext\\pard\\plain 7.\\tab}Seven\\par"
        b"{\\listtext\\pard\\plain a.\\tab}\\pard\\ls1\\ilvl1 Sub\\par"
        b"{\\listtext\\pard\\plain 8.\\tab}\\pard\\ls1\\ilvl0 Eight\\par}"
    )
    doc = extract_bytes(rtf, "t.rtf")
    assert _numbers(doc) == [[("Seven", 7), ("Sub", None), ("Eight", 8)]]


def test_real_rtf_list_started_at_seven(real_world):
    doc = extract(real_world / "rtf" / "kreuzberg" / "list_complex.rtf")
    assert _numbers(doc)[1] == [("Seven Start", 7), ("Eight Continue", 8)]
    # the first list: 1. 2. at its first level, then a. b., i. ii., A. B., I. II. at the levels
    # below (its \\levelnfc 0, 4, 2, 3, 1), bullets at the sixth
    assert [n for _, n in _numbers(doc)[0]] == [1, 2, 1, 2, 1, 2, 1, 2, 1, 2, None, None]
    markdown = render_markdown(doc)
    assert (
        "   1. Three\n   2. Four\n      1. Five\n      2. Six\n         1. Seven\n         2. Eight\n"
        in markdown
    )
    assert "Start with\n\n7. Seven Start\n8. Eight Continue" in markdown
    assert '<ol start="7">\n<li>Seven Start</li>\n<li>Eight Continue</li>\n</ol>' in _rendered(markdown)


#: a list table of two lists: decimal, lower-case letters from h, lower-case Roman numerals from
#: iii (\\levelnfc 0, 4, 2); upper-case letters from C, upper-case Roman numerals (3, 1)
_RTF_LIST_TABLE = (
    b"{\\*\\listtable"
    b"{\\list\\listtemplateid11{\\listlevel\\levelnfc0\\levelstartat1{\\leveltext\\'02\\'00.;}}"
    b"{\\listlevel\\levelnfc4\\levelnfcn4\\levelstartat8{\\leveltext\\'02\\'01.;}}"
    b"{\\listlevel\\levelnfc2\\levelstartat3{\\leveltext\\'02\\'02.;}}{\\listname ;}\\listid101}"
    b"{\\list\\listtemplateid12{\\listlevel\\levelnfc3\\levelstartat3{\\leveltext\\'02\\'00.;}}"
    b"{\\listlevel\\levelnfc1\\levelstartat1{\\leveltext\\'02\\'01.;}}{\\listname ;}\\listid102}}"
    b"{\\*\\listoverridetable{\\listoverride\\listid101\\listoverridecount0\\ls1}"
    b"{\\listoverride\\listid102\\listoverridecount0\\ls2}}"
)


def _rtf_item(label: str, text: str, ls: int, ilvl: int) -> bytes:
    # as Word writes it: the number group, then the paragraph's list and level
    return f"{{\\listtext\\pard\\plain {label}\\tab}}\\pard\\ls{ls}\\ilvl{ilvl} {text}\\par\n".encode()


def test_rtf_letter_and_roman_labels_count_as_their_lists_level_says():
    # "i." is the ninth letter in a lettered level and 1 in a Roman one; "C." is 3, not 100
    rtf = (
        b"{\\rtf1\\ansi "
        + _RTF_LIST_TABLE
        + _rtf_item("1.", "One", 1, 0)
        + _rtf_item("h.", "Aitch", 1, 1)
        + _rtf_item("i.", "Eye", 1, 1)
        + _rtf_item("iii.", "Roman three", 1, 2)
        + _rtf_item("iv.", "Roman four", 1, 2)
        + _rtf_item("2.", "Two", 1, 0)
        + b"\\pard Between\\par\n"
        + _rtf_item("C.", "Cee", 2, 0)
        + _rtf_item("I.", "Upper one", 2, 1)
        + _rtf_item("II.", "Upper two", 2, 1)
        + _rtf_item("D.", "Dee", 2, 0)
        + b"}"
    )
    doc = extract_bytes(rtf, "t.rtf")
    assert _numbers(doc) == [
        [("One", 1), ("Aitch", 8), ("Eye", 9), ("Roman three", 3), ("Roman four", 4), ("Two", 2)],
        [("Cee", 3), ("Upper one", 1), ("Upper two", 2), ("Dee", 4)],
    ]
    assert "\ue00d" not in doc.text and "\ue00e" not in doc.text
    markdown = render_markdown(doc)
    assert (
        "1. One\n\n   8. Aitch\n   9. Eye\n\n      3. Roman three\n      4. Roman four\n2. Two\n" in markdown
    )
    assert "3. Cee\n   1. Upper one\n   2. Upper two\n4. Dee\n" in markdown


def test_rtf_older_list_numbers_count_as_their_pn_group_says():
    # Word's older syntax: the paragraph's {\\*\\pn …} group says lower-case letters, or upper-case
    # Roman numerals; the number group {\\pntext …} comes first
    def item(label: str, text: str, words: str) -> bytes:
        pn = f"{{\\*\\pn\\pnlvlbody\\ilvl0\\pnrnot0{words}{{\\pntxta .}}}}"
        return f"{{\\pntext\\f0 {label}\\tab}}\\pard\\fi-360\\li720{pn} {text}\\par\n".encode()

    rtf = (
        b"{\\rtf1\\ansi "
        + item("i.", "Ninth letter", "\\pnlcltr\\pnstart9")
        + item("j.", "Tenth letter", "\\pnlcltr\\pnstart9")
        + b"\\pard Between\\par\n"
        + item("IX.", "Nine", "\\pnucrm\\pnstart9")
        + item("X.", "Ten", "\\pnucrm\\pnstart9")
        + b"}"
    )
    doc = extract_bytes(rtf, "t.rtf")
    assert _numbers(doc) == [[("Ninth letter", 9), ("Tenth letter", 10)], [("Nine", 9), ("Ten", 10)]]


def test_rtf_an_override_that_replaces_a_level_counts_as_its_level_says():
    # list 101 numbers its first level 1. 2. and its second iii. iv. (\\levelnfc 0, 2); \\ls3 names
    # it with an override whose first {\\lfolevel} replaces level 0 by lower-case letters
    # (\\listoverrideformat, a {\\listlevel} of \\levelnfc4 from 9) and whose second only restarts
    # level 1 at 3 (\\listoverridestartat): Word writes i. j. for the first, so they are the ninth
    # and tenth letters (9, 10), and iii. iv. the Roman numerals 3, 4, as in \\ls1
    overrides = (
        b"{\\*\\listoverridetable{\\listoverride\\listid101\\listoverridecount0\\ls1}"
        b"{\\listoverride\\listid101\\listoverridecount2"
        b"{\\lfolevel\\listoverrideformat{\\listlevel\\levelnfc4\\levelnfcn4\\levelstartat9"
        b"{\\leveltext\\'02\\'00.;}{\\levelnumbers\\'01;}}}"
        b"{\\lfolevel\\listoverridestartat\\levelstartat3}\\ls3}}"
    )
    table = _RTF_LIST_TABLE[: _RTF_LIST_TABLE.index(b"{\\*\\listoverridetable")]
    rtf = (
        b"{\\rtf1\\ansi "
        + table
        + overrides
        + _rtf_item("i.", "Ninth", 3, 0)
        + _rtf_item("j.", "Tenth", 3, 0)
        + _rtf_item("iii.", "Roman three", 3, 2)
        + _rtf_item("iv.", "Roman four", 3, 2)
        + b"\\pard Between\\par\n"
        + _rtf_item("1.", "One", 1, 0)
        + _rtf_item("iii.", "Roman three again", 1, 2)
        + b"}"
    )
    doc = extract_bytes(rtf, "t.rtf")
    assert _numbers(doc) == [
        [("Ninth", 9), ("Tenth", 10), ("Roman three", 3), ("Roman four", 4)],
        [("One", 1), ("Roman three again", 3)],
    ]
    assert render_markdown(doc).startswith("9. Ninth\n10. Tenth\n")


def test_rtf_an_override_may_letter_a_list_that_has_no_letters():
    # list 103 numbers its one level in decimal (\\levelnfc0); the override of \\ls4 replaces it by
    # upper-case Roman numerals (\\levelnfc1): II. III. are 2 and 3 (no number was read before, the
    # list table giving no letters or numerals at all)
    rtf = (
        b"{\\rtf1\\ansi {\\*\\listtable{\\list\\listtemplateid13\\listsimple"
        b"{\\listlevel\\levelnfc0\\levelstartat1{\\leveltext\\'02\\'00.;}}{\\listname ;}\\listid103}}"
        b"{\\*\\listoverridetable{\\listoverride\\listid103\\listoverridecount1"
        b"{\\lfolevel\\listoverrideformat{\\listlevel\\levelnfc1\\levelstartat2{\\leveltext\\'02\\'00.;}}}"
        b"\\ls4}}" + _rtf_item("II.", "Two", 4, 0) + _rtf_item("III.", "Three", 4, 0) + b"}"
    )
    assert _numbers(extract_bytes(rtf, "t.rtf")) == [[("Two", 2), ("Three", 3)]]


def test_rtf_letters_past_z_repeat_as_word_writes_them():
    # a lettered level (\\levelnfc4, list 101's second) past z: Word writes aa, bb … zz, aaa
    # (27, 28, 52, 53: 26 more each time the letter is repeated); ab (which Word never writes)
    # counts on as LibreOffice's a, b, c numbering does, spreadsheet-column fashion: 26 + 2
    rtf = (
        b"{\\rtf1\\ansi "
        + _RTF_LIST_TABLE
        + _rtf_item("1.", "One", 1, 0)
        + b"".join(_rtf_item(f"{label}.", f"Item {label}", 1, 1) for label in ("z", "aa", "bb", "zz", "aaa"))
        + b"\\pard Between\\par\n"
        + _rtf_item("ab.", "Item ab", 1, 1)
        + b"\\pard etc.\\tab and so on\\par\n"
        + _rtf_item("ZZ.", "Upper", 2, 0)
        + b"}"
    )
    doc = extract_bytes(rtf, "t.rtf")
    assert _numbers(doc) == [
        [("One", 1), ("Item z", 26), ("Item aa", 27), ("Item bb", 28), ("Item zz", 52), ("Item aaa", 53)],
        [("Item ab", 28)],
        [("Upper", 52)],
    ]
    # a paragraph starting with letters and a tab, not in a lettered list, stays a paragraph
    assert [b.text for b in doc.blocks if b.kind == "paragraph"] == ["Between", "etc. and so on"]
    assert "   27. Item aa\n   28. Item bb\n" in render_markdown(doc)


# -- Word --------------------------------------------------------------------------------------------


def _word_item(text: str, num_id: int, ilvl: int = 0) -> str:
    return (
        f'<w:p><w:pPr><w:numPr><w:ilvl w:val="{ilvl}"/><w:numId w:val="{num_id}"/></w:numPr></w:pPr>'
        f"<w:r><w:t>{text}</w:t></w:r></w:p>"
    )


def test_word_lists_started_restarted_and_continued():
    numbering = (
        '<w:abstractNum w:abstractNumId="0">'
        '<w:lvl w:ilvl="0"><w:start w:val="4"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl>'
        '<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="%2)"/></w:lvl>'
        "</w:abstractNum>"
        '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>'
        # the same list again, restarted at 20 by an override
        '<w:num w:numId="2"><w:abstractNumId w:val="0"/>'
        '<w:lvlOverride w:ilvl="0"><w:startOverride w:val="20"/></w:lvlOverride></w:num>'
    )
    body = (
        para("Intro")
        + _word_item("four", 1)
        + _word_item("four a", 1, 1)
        + _word_item("four b", 1, 1)
        + _word_item("five", 1)
        + _word_item("five a", 1, 1)
        + para("Between")
        + _word_item("six", 1)  # the list goes on after the paragraph
        + para("Between")
        + _word_item("twenty", 2)
        + _word_item("twenty-one", 2)
    )
    doc = extract_bytes(build_docx(body, numbering=numbering), "t.docx")
    assert _numbers(doc) == [
        [("four", 4), ("four a", 1), ("four b", 2), ("five", 5), ("five a", 1)],
        [("six", 6)],
        [("twenty", 20), ("twenty-one", 21)],
    ]
    markdown = render_markdown(doc)
    assert "4. four\n\n   1. four a\n   2. four b\n5. five\n   1. five a" not in markdown  # "1." needs no gap
    assert "4. four\n   1. four a\n   2. four b\n5. five\n   1. five a" in markdown
    assert "\n\n6. six\n\n" in markdown and markdown.endswith("20. twenty\n21. twenty-one\n")


# -- OpenDocument ------------------------------------------------------------------------------------

#: automatic list styles of the built documents
_ODF_STYLES = (
    "<office:automatic-styles>"
    '<text:list-style style:name="N"><text:list-level-style-number text:level="1" text:start-value="5"/>'
    '<text:list-level-style-number text:level="2"/></text:list-style>'
    '<text:list-style style:name="B"><text:list-level-style-bullet text:level="1"/></text:list-style>'
    # Roman capitals from II, then letters from c, as a reader sees them
    '<text:list-style style:name="R"><text:list-level-style-number text:level="1" style:num-format="I" '
    'style:num-suffix="." text:start-value="2"/><text:list-level-style-number text:level="2" '
    'style:num-format="a" style:num-suffix=")" text:start-value="3"/></text:list-style>'
    # a number level of no number format: LibreOffice's "None" numbering, items without a marker
    '<text:list-style style:name="U"><text:list-level-style-number text:level="1" style:num-format=""/>'
    '<text:list-level-style-number text:level="2" style:num-format="1"/></text:list-style>'
    # numbers at the first and third levels, bullets at the second
    '<text:list-style style:name="NB"><text:list-level-style-number text:level="1" style:num-format="1"/>'
    '<text:list-level-style-bullet text:level="2" text:bullet-char="•"/>'
    '<text:list-level-style-number text:level="3" style:num-format="a"/></text:list-style>'
    "</office:automatic-styles>"
)


def _odt(body: str) -> bytes:
    return odt_package(content_xml(body, _ODF_STYLES))


def _odf_item(text: str, extra: str = "", nested: str = "") -> str:
    return f"<text:list-item{extra}><text:p>{text}</text:p>{nested}</text:list-item>"


def test_opendocument_level_of_no_number_format_shows_no_number():
    # style:num-format="" is a number level that writes no number: a reader sees the items
    # without a marker, so they are no numbered items (written 1., 2. they would be numbers the
    # document does not show); a level under it that numbers counts from 1
    sub = "<text:list>" + _odf_item("first step") + _odf_item("second step") + "</text:list>"
    body = (
        '<text:list text:style-name="U">'
        + _odf_item("Plain", nested=sub)
        + _odf_item("Also plain")
        + "</text:list>"
    )
    doc = extract_bytes(_odt(body), "t.odt")
    items = [(i.text, i.ordered, i.number) for b in doc.blocks if b.kind == LIST for i in b.items]
    assert items == [
        ("Plain", False, None),
        ("first step", True, 1),
        ("second step", True, 2),
        ("Also plain", False, None),
    ]
    assert "- Plain\n  1. first step\n  2. second step\n- Also plain\n" in render_markdown(doc)


def test_opendocument_start_values_and_continued_lists():
    sub = "<text:list>" + _odf_item("sub one") + _odf_item("sub two") + "</text:list>"
    body = (
        '<text:list text:style-name="N">'
        + _odf_item("five", nested=sub)
        + _odf_item("six", nested="<text:list>" + _odf_item("sub again") + "</text:list>")
        + "</text:list>"
        + "<text:p>Between</text:p>"
        + '<text:list text:style-name="N" text:continue-numbering="true">'
        + _odf_item("seven")
        + _odf_item("twelve", ' text:start-value="12"')
        + _odf_item("thirteen")
        + "</text:list>"
        + '<text:list text:style-name="N">'
        + _odf_item("five again")
        + "</text:list>"
        + '<text:list text:style-name="B">'
        + _odf_item("dot")
        + "</text:list>"
    )
    doc = extract_bytes(_odt(body), "t.odt")
    assert _numbers(doc) == [
        [("five", 5), ("sub one", 1), ("sub two", 2), ("six", 6), ("sub again", 1)],
        [("seven", 7), ("twelve", 12), ("thirteen", 13)],
        [("five again", 5)],
        [("dot", None)],
    ]


def test_opendocument_list_continuing_one_named_by_its_id():
    body = (
        '<text:list xml:id="first" text:style-name="N">'
        + "<text:list-header><text:p>Header, not counted</text:p></text:list-header>"
        + _odf_item("five")
        + _odf_item("six")
        + "</text:list>"
        + "<text:p>Between</text:p>"
        + '<text:list text:style-name="N">'
        + _odf_item("other five")
        + "</text:list>"
        + "<text:p>Between</text:p>"
        + '<text:list text:style-name="N" text:continue-list="first">'
        + _odf_item("seven")
        + "</text:list>"
    )
    doc = extract_bytes(_odt(body), "t.odt")
    assert _numbers(doc) == [
        [("Header, not counted", None), ("five", 5), ("six", 6)],
        [("other five", 5)],
        [("seven", 7)],
    ]
    markdown = render_markdown(doc)
    assert "- Header, not counted\n5. five\n6. six" in markdown and "7. seven" in markdown
    html = _rendered(markdown)
    assert '<ol start="5">\n<li>five</li>\n<li>six</li>\n</ol>' in html
    assert '<ol start="7">\n<li>seven</li>\n</ol>' in html


def test_opendocument_item_that_only_opens_a_deeper_list_takes_no_number():
    # An item holding a list and no paragraph of its own (as LibreOffice writes a list starting
    # at its second level, or an item two levels below the one before it) shows no number and is
    # not counted: the ODF text says such an item displays no bullet or number, and LibreOffice
    # numbers paragraphs, of which it has none. It was counted, so "Two" read 3. and "Three" 4.
    def wrapper(inner: str) -> str:
        return f"<text:list-item><text:list>{inner}</text:list></text:list-item>"

    dot = _odf_item("dot", nested="<text:list>" + _odf_item("deep b") + "</text:list>")
    body = (
        '<text:list text:style-name="NB">'
        + _odf_item("One", nested="<text:list>" + wrapper(_odf_item("deep a")) + dot + "</text:list>")
        + wrapper(_odf_item("dot again"))
        + _odf_item("Two")
        + "<text:list-header><text:p>A note, no number</text:p></text:list-header>"
        + _odf_item("Three")
        + "</text:list>"
        # style N numbers its first level from 5: the list opens at its second level
        + '<text:list text:style-name="N">'
        + wrapper(_odf_item("sub first") + _odf_item("sub second"))
        + _odf_item("five", nested="<text:list>" + _odf_item("sub one") + "</text:list>")
        + wrapper(_odf_item("sub two"))  # goes on under "five": no item of the first level between
        + _odf_item("six")
        + "</text:list>"
    )
    doc = extract_bytes(_odt(body), "t.odt")
    items = [[(i.text, i.level, i.ordered, i.number) for i in b.items] for b in doc.blocks if b.kind == LIST]
    assert items == [
        [
            ("One", 0, True, 1),
            ("deep a", 2, True, 1),
            ("dot", 1, False, None),
            ("deep b", 2, True, 1),
            ("dot again", 1, False, None),
            ("Two", 0, True, 2),
            ("A note, no number", 0, False, None),
            ("Three", 0, True, 3),
        ],
        [
            ("sub first", 1, True, 1),
            ("sub second", 1, True, 2),
            ("five", 0, True, 5),
            ("sub one", 1, True, 1),
            ("sub two", 1, True, 2),
            ("six", 0, True, 6),
        ],
    ]


def test_opendocument_item_of_several_paragraphs_is_one_numbered_item():
    # II. Two / its second paragraph, unnumbered; c) and d) under it; III. Three, whose paragraph
    # after its sublist is its own; the list after "Between" goes on: IV. Four
    two = "<text:list-item><text:p>Two</text:p><text:p>Two, more</text:p>"
    sub = (
        "<text:list><text:list-item><text:p>c sub</text:p><text:p>c, more</text:p></text:list-item>"
        + _odf_item("d sub")
        + "</text:list>"
    )
    three = "<text:list-item><text:p>Three</text:p><text:list>" + _odf_item("a again")
    three += "</text:list><text:p>Three, after</text:p></text:list-item>"
    body = (
        '<text:list text:style-name="R">'
        + two
        + sub
        + "</text:list-item>"
        + three
        + "</text:list>"
        + "<text:p>Between</text:p>"
        + '<text:list text:style-name="R" text:continue-numbering="true">'
        + _odf_item("Four")
        + "</text:list>"
    )
    doc = extract_bytes(_odt(body), "t.odt")
    assert _numbers(doc) == [
        [("Two Two, more", 2), ("c sub c, more", 3), ("d sub", 4), ("Three Three, after", 3), ("a again", 3)],
        [("Four", 4)],
    ]
    markdown = render_markdown(doc)
    assert (
        "2. Two Two, more\n\n   3. c sub c, more\n   4. d sub\n3. Three Three, after\n\n   3. a again\n"
        in markdown
    )
    assert "\n\n4. Four\n" in markdown
    assert "1." not in markdown


# -- PowerPoint --------------------------------------------------------------------------------------


def test_powerpoint_auto_numbers_start_at_and_count_on():
    from lxml import etree
    from pptx import Presentation
    from pptx.util import Inches

    a = "http://schemas.openxmlformats.org/drawingml/2006/main"
    deck = Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[6])
    frame = slide.shapes.add_textbox(Inches(1), Inches(1), Inches(5), Inches(3)).text_frame
    # (text, level, startAt; "" an a:buAutoNum without one, None a bullet)
    spec = [
        ("Seven", 0, "7"),
        ("Eight", 0, "7"),
        ("Sub one", 1, ""),
        ("Sub two", 1, ""),
        ("Nine", 0, "7"),  # counts on past the deeper items
        ("Dot", 0, None),
        ("One again", 0, ""),  # a bullet at its level between: counted from its start again
    ]
    frame.text = spec[0][0]
    for text, _, _ in spec[1:]:
        frame.add_paragraph().text = text
    for paragraph, (_, level, start) in zip(frame.paragraphs, spec, strict=True):
        paragraph.level = level
        ppr = paragraph._p.get_or_add_pPr()
        if start is None:
            etree.SubElement(ppr, f"{{{a}}}buChar", char="•")
        else:
            auto = etree.SubElement(ppr, f"{{{a}}}buAutoNum", type="arabicPeriod")
            if start:
                auto.set("startAt", start)
    out = io.BytesIO()
    deck.save(out)
    doc = extract_bytes(out.getvalue(), "deck.pptx")
    assert _numbers(doc) == [
        [
            ("Seven", 7),
            ("Eight", 8),
            ("Sub one", 1),
            ("Sub two", 2),
            ("Nine", 9),
            ("Dot", None),
            ("One again", 1),
        ]
    ]
    assert '<ol start="7">' in _rendered(render_markdown(doc))


def test_powerpoint_numbers_from_a_list_style_count_from_its_start_at():
    from lxml import etree
    from pptx import Presentation
    from pptx.util import Inches

    a = "http://schemas.openxmlformats.org/drawingml/2006/main"
    p = "http://schemas.openxmlformats.org/presentationml/2006/main"
    deck = Presentation()
    # the master's body style numbers its first level IV., V. …: a content placeholder's
    # paragraphs without a bullet of their own take it
    lvl1 = deck.slide_master._element.find(f"{{{p}}}txStyles/{{{p}}}bodyStyle/{{{a}}}lvl1pPr")
    for char in lvl1.findall(f"{{{a}}}buChar"):
        lvl1.remove(char)
    etree.SubElement(lvl1, f"{{{a}}}buAutoNum", type="romanUcPeriod", startAt="4")
    slide = deck.slides.add_slide(deck.slide_layouts[1])
    slide.shapes.title.text = "Agenda"
    body = slide.placeholders[1].text_frame
    body.text = "Four"
    body.add_paragraph().text = "Five"
    # a text box's own list style: c), d) … at its first level, i., ii. at its second
    frame = slide.shapes.add_textbox(Inches(1), Inches(4), Inches(5), Inches(3)).text_frame
    lst = frame._txBody.find(f"{{{a}}}lstStyle")
    etree.SubElement(
        etree.SubElement(lst, f"{{{a}}}lvl1pPr"), f"{{{a}}}buAutoNum", type="alphaLcParenR", startAt="3"
    )
    etree.SubElement(etree.SubElement(lst, f"{{{a}}}lvl2pPr"), f"{{{a}}}buAutoNum", type="romanLcPeriod")
    frame.text = "c"
    for text, level in [("d", 0), ("d i", 1), ("d ii", 1), ("e", 0), ("No number", 0), ("c again", 0)]:
        paragraph = frame.add_paragraph()
        paragraph.text = text
        paragraph.level = level
    # a:buNone cancels the style's numbering; the count starts again after it
    etree.SubElement(frame.paragraphs[5]._p.get_or_add_pPr(), f"{{{a}}}buNone")
    out = io.BytesIO()
    deck.save(out)
    doc = extract_bytes(out.getvalue(), "deck.pptx")
    assert _numbers(doc) == [
        [("Four", 4), ("Five", 5)],
        [("c", 3), ("d", 4), ("d i", 1), ("d ii", 2), ("e", 5)],
        [("c again", 3)],
    ]
    assert [b.text for b in doc.blocks if b.kind == "paragraph"] == ["No number"]
    markdown = render_markdown(doc)
    assert "4. Four\n5. Five\n" in markdown
    # the text box's list comes right after the title's, marked "3)" to stay a list of its own
    assert "3) c\n4) d\n   1. d i\n   2. d ii\n5) e\n\nNo number\n\n3. c again\n" in markdown


def _opening_item(inner: str, extra: str = "") -> str:
    """An item holding no paragraph, only a list a level down (as LibreOffice writes a list
    opening at its second level)."""
    return f"<text:list-item{extra}><text:list>{inner}</text:list></text:list-item>"


def test_opendocument_list_opening_at_its_second_level_renders_nested():
    # The items of the second level before the first item of the first were written "1. sub
    # first", then "2. sub second" nested under it, as if the first were its parent; they are
    # siblings under an empty item, as LibreOffice shows them under no number, and "five" starts
    # the first level's numbered list at 5 (style N)
    body = (
        '<text:list text:style-name="N">'
        + _opening_item(_odf_item("sub first") + _odf_item("sub second"))
        + _odf_item("five", nested="<text:list>" + _odf_item("sub one") + "</text:list>")
        + _odf_item("six")
        + "</text:list>"
    )
    markdown = render_markdown(extract_bytes(_odt(body), "t.odt"))
    assert "-\n  1. sub first\n  2. sub second\n5. five\n   1. sub one\n6. six\n" in markdown
    assert _rendered(markdown) == (
        "<ul>\n<li>\n<ol>\n<li>sub first</li>\n<li>sub second</li>\n</ol>\n</li>\n</ul>\n"
        '<ol start="5">\n<li>five\n<ol>\n<li>sub one</li>\n</ol>\n</li>\n<li>six</li>\n</ol>\n'
    )


def test_a_list_opening_two_levels_down_after_a_list_keeps_apart():
    # a list right after another whose first item is two levels down: two empty items, the
    # first marked with the other bullet so that the two lists stay two (CommonMark)
    first = _list_doc(ListItem("alpha"), ListItem("beta"))
    second = Block(LIST, "deep", items=(ListItem("deep", level=2, ordered=True, number=3),))
    doc = replace(first, blocks=first.blocks + (second,), text=first.text + "\ndeep")
    assert render_markdown(doc).endswith("- alpha\n- beta\n\n*\n  -\n    3. deep\n")


def test_opendocument_start_value_on_an_item_holding_only_a_deeper_list():
    # ODF 1.2, 19.880: text:start-value restarts the numbering of its list at the item. An item
    # holding only a list a level down shows no number (211506f), and its start value was not
    # read: after "five" (style N counts from 5) "three" read 6. and "four" 7. Now the item's
    # level restarts there, so the next item of that level that shows a number takes the value:
    # sub a 1., sub b 2. under no number, then three 3., four 4.
    body = (
        '<text:list text:style-name="N">'
        + _odf_item("five")
        + _opening_item(_odf_item("sub a") + _odf_item("sub b"), ' text:start-value="3"')
        + _odf_item("three")
        + _odf_item("four")
        + "</text:list>"
    )
    doc = extract_bytes(_odt(body), "t.odt")
    assert _numbers(doc) == [[("five", 5), ("sub a", 1), ("sub b", 2), ("three", 3), ("four", 4)]]
