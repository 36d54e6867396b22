"""OpenDocument text and presentations: the sample minutes and briefing (written by
bench/make_sample_office.py) and the real-world LibreOffice files read by hand."""

from __future__ import annotations

import io
import zipfile

import pytest

from indexer import errors, extract_bytes, get_chunks, get_markdown
from indexer.api import extract
from tests.indexer.formats._odf_build import odt_package
from tests.indexer.formats._odf_encrypt import encrypt_odf


def test_sample_minutes(sample_corpus):
    doc = extract(sample_corpus / "office" / "society_minutes.odt")
    assert doc.metadata == {
        "source_type": "odt",
        "title": "Allotment Society Minutes",
        "creator": "M. Lindqvist",
        "header_text": None,
        "footer_text": None,
    }
    kinds = [(b.kind, b.level) for b in doc.blocks]
    assert kinds == [
        ("heading", 1),
        ("paragraph", 0),
        ("heading", 2),
        ("list", 0),
        ("heading", 2),
        ("table", 0),
        ("paragraph", 0),
        ("image", 0),
        ("paragraph", 0),
        ("paragraph", 0),
    ]
    lst = doc.blocks[3]
    # Level 1 of the "Numbered" list style is a number style, level 2 a bullet.
    assert [(i.text, i.level, i.ordered) for i in lst.items] == [
        ("Water butts for plots 1–12", 0, True),
        ("Funded from the spring fair", 1, False),
        ("Compost rota", 0, True),
    ]
    table = doc.blocks[5]
    assert table.header == ("Plot size", "Fee", "Water")
    assert table.rows == (("Half", "£24", "included"), ("Full", "£40", "included"))
    image = doc.blocks[7]
    assert image.alt == "Plan of the water butts & hose points"
    assert image.images == (doc.images[0].name,)
    with zipfile.ZipFile(sample_corpus / "office" / "society_minutes.odt") as zf:
        assert doc.images[0].data == zf.read("Pictures/layout.png")
    assert doc.blocks[8].text == "Next meeting in April[^1]."
    assert doc.blocks[9].text == "[^1]: Date to be confirmed by the secretary."


def test_sample_briefing_slides(sample_corpus):
    doc = extract(sample_corpus / "office" / "volunteers_briefing.odp")
    assert doc.source_type == "odp" and doc.metadata["slide_count"] == 2
    rows = [(b.meta["slide_number"], b.kind, b.text, bool(b.meta.get("notes"))) for b in doc.blocks]
    # On slide 2 the body frame is written before the title frame; the title comes first.
    assert rows == [
        (1, "heading", "Library Volunteers Briefing", False),
        (1, "paragraph", "Saturday rota, spring term", False),
        (2, "heading", "Opening Hours", False),
        (2, "paragraph", "Open at 9:30, close at 13:00", False),
        (2, "paragraph", "Two volunteers at the desk", False),
        (2, "paragraph", "Remind everyone about the new key safe.", True),
    ]
    assert all(b.meta["slide_title"] for b in doc.blocks)
    chunks = get_chunks(sample_corpus / "office" / "volunteers_briefing.odp")
    assert [c["metadata"].get("slide_number") for c in chunks][0] == 1
    # The note is a chunk of its own (it was packed with the two body lines before).
    assert [(c["content"], c["metadata"].get("speaker_notes")) for c in chunks[-2:]] == [
        ("Open at 9:30, close at 13:00\nTwo volunteers at the desk", None),
        ("Remind everyone about the new key safe.", True),
    ]


def test_real_world_notes_tracked_changes_captions(real_world):
    odt = real_world / "odt" / "kreuzberg"
    foot = extract(odt / "footnote.odt")
    assert [b.text for b in foot.blocks] == ["Some text[^1] with a footnote.", "[^1]: Footnote text"]
    # trackedChanges.odt: the deletion lives in text:tracked-changes and is not document text.
    tracked = extract(odt / "trackedChanges.odt")
    assert [b.text for b in tracked.blocks] == ["Some text with and inserted text."]
    # tableWithCaption.odt: header row "Table header | Another header", then a caption paragraph.
    table = extract(odt / "tableWithCaption.odt")
    assert table.blocks[0].header == ("Table header", "Another header")
    assert table.blocks[0].rows == (("Content", "More content"),)
    assert table.blocks[1].text == "Tabelle 1: Table caption"
    # imageWithCaption.odt: one JPEG inside a captioned frame, extracted once, read before its
    # caption (the text box's paragraph holds the picture's frame, then "Abbildung 1: …")
    caption = extract(odt / "imageWithCaption.odt")
    assert [b.kind for b in caption.blocks] == ["image", "paragraph"]
    assert caption.blocks[1].text == "Abbildung 1: Image caption"
    assert len(caption.images) == 1 and caption.images[0].format == "jpeg"
    # formula.odt: the embedded formula object is read from its StarMath annotation.
    formula = extract(odt / "formula.odt")
    assert formula.blocks[0].text == "[Formula: E = m cdot c^2]"


def _odt(content: str) -> bytes:
    return odt_package(content)


OFFICE = (
    '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0">'
    "<office:body><office:text>{}</office:text></office:body></office:document-content>"
)


def test_entities_spaces_and_spanned_cells():
    body = (
        "<text:p>Fish &amp; chips<text:s text:c='3'/>x<text:tab/>y</text:p>"
        "<table:table><table:table-row>"
        "<table:table-cell table:number-columns-spanned='2'><text:p>Both</text:p></table:table-cell>"
        "<table:covered-table-cell/><table:table-cell><text:p>Last</text:p></table:table-cell>"
        "</table:table-row><table:table-row>"
        "<table:table-cell><text:p>a</text:p></table:table-cell>"
        "<table:table-cell><text:p>b</text:p></table:table-cell>"
        "<table:table-cell><text:p>c</text:p></table:table-cell></table:table-row></table:table>"
    )
    doc = extract_bytes(_odt(OFFICE.format(body)), "t.odt")
    assert doc.blocks[0].text == "Fish & chips x y"
    assert doc.blocks[1].header == ("Both", "Both", "Last") and doc.blocks[1].rows == (("a", "b", "c"),)


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (
            encrypt_odf(_odt(OFFICE.format("<text:p>x</text:p>")), "a password not given"),
            errors.ENCRYPTED,
        ),
        (_odt("<office:document-content"), errors.PARSE_ERROR),
        (_odt(OFFICE.format("<text:p>   </text:p>")), errors.EMPTY_EXTRACTION),
        (b"PK\x05\x06" + b"\x00" * 18, errors.PARSE_ERROR),
    ],
    ids=["encrypted", "malformed", "empty", "no-content"],
)
def test_unreadable_documents_raise_documented_codes(data, code):
    with pytest.raises(errors.ChunkscopeError) as info:
        extract_bytes(data, "t.odt")
    assert info.value.code == code


def test_annotations_are_listed_as_not_extracted(sample_corpus):
    data = (sample_corpus / "office" / "society_minutes.odt").read_bytes()
    note = b"<office:annotation><text:p>Check the date with the chair</text:p></office:annotation>"
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            payload = src.read(info.filename)
            if info.filename == "content.xml":  # a comment in the first two paragraphs
                payload = payload.replace(b"</text:p>", note + b"</text:p>", 2)
            dst.writestr(info, payload)
    doc = extract_bytes(out.getvalue(), "minutes.odt")
    (skipped,) = doc.coverage.skipped_of("comments")
    assert (skipped.name, skipped.reason[:31]) == ("content.xml", "2 review comments not extracted")
    assert "Check the date" not in doc.text
    assert extract(sample_corpus / "office" / "society_minutes.odt").coverage.skipped_of("comments") == ()


def test_a_comment_in_a_tracked_deletion_is_not_counted():
    # A deletion recorded with track changes keeps the deleted text, and a comment that was in it,
    # in text:tracked-changes; the text as it stands (what is read) has neither. The comment was
    # counted with the text's own: "2 review comments".
    deleted = (
        '<text:tracked-changes><text:changed-region xml:id="ct1" text:id="ct1"><text:deletion>'
        "<office:change-info><dc:creator>Ann</dc:creator><dc:date>2024-03-01T10:00:00</dc:date>"
        "</office:change-info><text:p>Old clause<office:annotation><dc:creator>Bo</dc:creator>"
        "<text:p>Why was this cut?</text:p></office:annotation></text:p></text:deletion>"
        "</text:changed-region></text:tracked-changes>"
    )
    body = (
        deleted + '<text:p>New clause<text:change text:change-id="ct1"/><office:annotation>'
        "<text:p>Check with legal</text:p></office:annotation></text:p>"
    )
    content = OFFICE.format(body).replace(">", ' xmlns:dc="http://purl.org/dc/elements/1.1/">', 1)
    doc = extract_bytes(_odt(content), "t.odt")
    assert [b.text for b in doc.blocks] == ["New clause"]
    (skipped,) = doc.coverage.skipped_of("comments")
    assert skipped.reason.startswith("1 review comment not extracted")


def test_a_custom_note_mark_is_the_notes_label_told_apart_when_used_twice():
    # LibreOffice writes the mark a note shows as its citation: a number it counts, or the user's
    # own mark (text:label). Two notes marked "*" must not share one label.
    def note(nid: str, citation: str, text: str) -> str:
        label = f' text:label="{citation}"' if not citation.isdigit() else ""
        return (
            f'<text:note text:id="{nid}" text:note-class="footnote">'
            f"<text:note-citation{label}>{citation}</text:note-citation>"
            f"<text:note-body><text:p>{text}</text:p></text:note-body></text:note>"
        )

    body = (
        f"<text:p>Tides{note('ftn1', '1', 'Admiralty.')} winds{note('ftn2', '*', 'Met office.')}"
        f" rain{note('ftn3', '*', 'Gauge.')} fog{note('ftn4', '2', 'Harbour log.')}</text:p>"
    )
    doc = extract_bytes(_odt(OFFICE.format(body)), "t.odt")
    assert [b.text for b in doc.blocks] == [
        "Tides[^1] winds[^*] rain[^*-2] fog[^2]",
        "[^1]: Admiralty.",
        "[^*]: Met office.",
        "[^*-2]: Gauge.",
        "[^2]: Harbour log.",
    ]


DOCUMENT = (
    '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
    'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
    'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" '
    'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" '
    'xmlns:xlink="http://www.w3.org/1999/xlink">'
    "<office:automatic-styles>{styles}</office:automatic-styles>"
    "<office:body><office:{kind}>{body}</office:{kind}></office:body></office:document-content>"
)


def _odp(body: str) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr("mimetype", "application/vnd.oasis.opendocument.presentation")
        zf.writestr("META-INF/manifest.xml", "<manifest/>")
        zf.writestr("content.xml", DOCUMENT.format(styles="", kind="presentation", body=body))
    return out.getvalue()


def _frame(cls: str, y: str, inner: str) -> str:
    return (
        f'<draw:frame presentation:class="{cls}" svg:x="1cm" svg:y="{y}">'
        f"<draw:text-box>{inner}</draw:text-box></draw:frame>"
    )


def _shape(block) -> tuple:
    if block.kind == "table":
        return (block.kind, block.header, block.rows)
    if block.kind == "list":
        return (block.kind, [(i.text, i.level, i.ordered) for i in block.items])
    return (block.kind, block.level, block.text)


#: a table of two rows whose first cell carries the attribute given
_TABLE = (
    "<table:table><table:table-row><table:table-cell {}><text:p>Plot</text:p></table:table-cell>"
    "<table:table-cell><text:p>Fee</text:p></table:table-cell></table:table-row><table:table-row>"
    "<table:table-cell><text:p>Half</text:p></table:table-cell>"
    "<table:table-cell><text:p>£24</text:p></table:table-cell></table:table-row></table:table>"
)
_PLOTS = [("table", ("Plot", "Fee"), (("Half", "£24"),))]


@pytest.mark.parametrize(
    ("styles", "body", "expected"),
    [
        (
            "",
            '<text:h text:outline-level="x">Tides</text:h><text:h text:outline-level="2">Neaps</text:h>',
            [("heading", 1, "Tides"), ("heading", 2, "Neaps")],
        ),
        ("", '<text:p>Fish<text:s text:c="many"/>chips</text:p>', [("paragraph", 0, "Fish chips")]),
        (
            '<text:list-style style:name="L1"><text:list-level-style-number text:level="x"/>'
            '<text:list-level-style-bullet text:level="2" text:bullet-char="•"/></text:list-style>',
            '<text:list text:style-name="L1"><text:list-item><text:p>Open</text:p><text:list>'
            "<text:list-item><text:p>twice</text:p></text:list-item></text:list></text:list-item></text:list>",
            [("list", [("Open", 0, True), ("twice", 1, False)])],
        ),
        ("", _TABLE.format('table:number-columns-spanned="x"'), _PLOTS),
        ("", _TABLE.format('table:number-rows-spanned="two"'), _PLOTS),
        ("", _TABLE.format('table:number-columns-repeated="1.5"'), _PLOTS),
    ],
    ids=["outline-level", "space-count", "list-level", "columns-spanned", "rows-spanned", "columns-repeated"],
)
def test_a_count_or_level_that_is_no_number_reads_as_when_missing(styles, body, expected):
    # One bad attribute made the whole file a PARSE_ERROR (int() of "x"). Each now reads as when
    # the attribute is absent: a heading at level 1, one space, a list level 1 (here numbered,
    # its level 2 still a bullet), a cell neither spanned nor repeated.
    data = _odt(DOCUMENT.format(styles=styles, kind="text", body=body))
    assert [_shape(b) for b in extract_bytes(data, "t.odt").blocks] == expected


def test_a_slide_heading_whose_level_is_no_number_is_read_at_level_one():
    body = _frame("title", "1cm", "<text:p>Tides</text:p>") + _frame(
        "outline", "5cm", '<text:h text:outline-level="x">Neaps</text:h><text:p>Low water at 14:10</text:p>'
    )
    doc = extract_bytes(_odp(f"<draw:page>{body}</draw:page>"), "t.odp")
    assert [_shape(b) for b in doc.blocks] == [
        ("heading", 1, "Tides"),
        ("heading", 1, "Neaps"),
        ("paragraph", 0, "Low water at 14:10"),
    ]


def test_a_line_break_or_tab_in_a_slide_title_reads_as_a_space():
    # As odfpy's teletype and Impress write "Annual⏎Report⇥2024": the title was "AnnualReport2024"
    # (itertext skips the empty elements). A heading is one line: the break is a space. The body's
    # line break stays a new line; so does one in notes nested in a frame (which ran "Thankthe
    # board" together).
    title = _frame("title", "1cm", "<text:p>Annual<text:line-break/>Report<text:tab/>2024</text:p>")
    body = _frame("outline", "5cm", "<text:p>Revenue<text:line-break/>up 4%</text:p>")
    notes = (
        '<presentation:notes><draw:frame presentation:class="notes"><draw:text-box><draw:frame>'
        "<draw:text-box><text:p>Thank<text:line-break/>the board</text:p></draw:text-box></draw:frame>"
        "</draw:text-box></draw:frame></presentation:notes>"
    )
    data = _odp(f"<draw:page>{title}{body}{notes}</draw:page>")
    doc = extract_bytes(data, "t.odp")
    assert [_shape(b) for b in doc.blocks] == [
        ("heading", 1, "Annual Report 2024"),
        ("paragraph", 0, "Revenue\nup 4%"),
        ("paragraph", 0, "Thank\nthe board"),
    ]
    assert {b.meta["slide_title"] for b in doc.blocks} == {"Annual Report 2024"}
    assert get_markdown(data, filename="t.odp").startswith("# Annual Report 2024\n")


def test_a_damaged_formula_object_costs_its_formula_not_the_document():
    # An embedded formula's own content.xml, cut short, made the whole text a PARSE_ERROR. The
    # formula is now left out with a warning naming its part; a sound formula beside it still reads.
    def formula(n: int) -> str:
        return (
            f'<draw:frame draw:name="Object{n}" text:anchor-type="as-char">'
            f'<draw:object xlink:href="./Object {n}" xlink:type="simple"/></draw:frame>'
        )

    math = (
        '<math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><mi>a</mi><mo>+</mo>'
        '<mi>b</mi></mrow><annotation encoding="StarMath 5.0">a + b</annotation></semantics></math>'
    )
    body = f"<text:p>Sum {formula(1)}</text:p><text:p>Energy {formula(2)}</text:p><text:p>Kept.</text:p>"
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr("mimetype", "application/vnd.oasis.opendocument.text")
        zf.writestr("META-INF/manifest.xml", "<manifest/>")
        zf.writestr("content.xml", DOCUMENT.format(styles="", kind="text", body=body))
        zf.writestr("Object 1/content.xml", math)
        zf.writestr("Object 2/content.xml", math[:60])
    doc = extract_bytes(out.getvalue(), "t.odt")
    assert [b.text for b in doc.blocks] == ["Sum [Formula: a + b]", "Energy", "Kept."]
    (warning,) = doc.coverage.warnings
    assert "Object 2/content.xml" in warning and "skipped" in warning


#: how Impress opens a table it inserts: the template's first-row styles mark its header row
IMPRESS_TABLE = (
    '<table:table table:template-name="default" table:use-first-row-styles="true" '
    'table:use-banding-rows-styles="true">'
)


def _tides_table(table_open: str) -> str:
    """A table of three rows, Tide | Time over two tides, opened by ``table_open``."""
    return (
        table_open
        + '<table:table-column table:number-columns-repeated="2"/>'
        + "".join(
            "<table:table-row>"
            + "".join(f"<table:table-cell><text:p>{c}</text:p></table:table-cell>" for c in row)
            + "</table:table-row>"
            for row in (("Tide", "Time"), ("High", "06:12"), ("Low", "12:30"))
        )
        + "</table:table>"
    )


def _tides(table_open: str = IMPRESS_TABLE) -> str:
    """A slide titled Tides holding :func:`_tides_table`."""
    table = _tides_table(table_open)
    body = _frame("title", "1cm", "<text:p>Tides</text:p>") + (
        f'<draw:frame draw:style-name="gr1" svg:width="10cm" svg:height="3cm" svg:x="2cm" svg:y="5cm">{table}</draw:frame>'
    )
    return f"<draw:page>{body}</draw:page>"


def test_a_slide_table_is_read_once():
    # Impress writes a table as the table:table of its draw:frame, with no text box: it was read
    # as the frame's body, then again as the frame's table, and the slide held it twice
    doc = extract_bytes(_odp(_tides()), "t.odp")
    assert [_shape(b) for b in doc.blocks] == [
        ("heading", 1, "Tides"),
        ("table", ("Tide", "Time"), (("High", "06:12"), ("Low", "12:30"))),
    ]


@pytest.mark.parametrize(
    "table_open",
    [
        '<table:table table:template-name="default" table:use-first-row-styles="false" '
        'table:use-banding-rows-styles="true">',
        '<table:table table:template-name="default" table:use-banding-rows-styles="true">',
        "<table:table>",
    ],
    ids=["header-row-box-cleared", "first-row-styles-absent", "no-template"],
)
def test_a_slide_table_impress_does_not_mark_has_no_header_row(table_open):
    # Impress's Header Row box clears table:use-first-row-styles, as PowerPoint's clears
    # a:tblPr firstRow: the first row "Tide | Time" was read as the header all the same. Now it
    # is data, and the columns are named as a spreadsheet's without a header row
    doc = extract_bytes(_odp(_tides(table_open)), "t.odp")
    table = doc.blocks[1]
    assert _shape(table) == (
        "table",
        ("Column 1", "Column 2"),
        (("Tide", "Time"), ("High", "06:12"), ("Low", "12:30")),
    )
    assert table.row_numbers == (1, 2, 3) and table.meta["has_header"] is False
    # the same table in a text keeps its first row as header: Writer marks no header row so
    odt = DOCUMENT.format(styles="", kind="text", body=_tides_table(table_open))
    (odt_table,) = extract_bytes(_odt(odt), "t.odt").blocks
    assert odt_table.header == ("Tide", "Time") and "has_header" not in odt_table.meta


def _rows_repeated(*rows: tuple[tuple[str, ...], int]) -> str:
    """A table of ``rows``, each (cells, times it is repeated: table:number-rows-repeated)."""
    return (
        "<table:table>"
        + "".join(
            f'<table:table-row table:number-rows-repeated="{times}">'
            + "".join(
                f"<table:table-cell><text:p>{c}</text:p></table:table-cell>" if c else "<table:table-cell/>"
                for c in cells
            )
            + "</table:table-row>"
            for cells, times in rows
        )
        + "</table:table>"
    )


def test_row_numbers_count_the_rows_a_row_repeats():
    # ``row_numbers`` name each data row's place in the table, as a sheet's row numbers do. The
    # source rows: 1 Item/Qty, 2 Pens/4, 3-4 an empty row written once for two, 5 Ink/2, 6-7
    # Cap/1 written once for two. The repeats were read once: Ink numbered 4, Cap 5, and the
    # second Cap lost. A row with text is read as many times as it is repeated; an empty one once.
    table = _rows_repeated(
        (("Item", "Qty"), 1), (("Pens", "4"), 1), (("", ""), 2), (("Ink", "2"), 1), (("Cap", "1"), 2)
    )
    expected_rows = (("Pens", "4"), ("", ""), ("Ink", "2"), ("Cap", "1"), ("Cap", "1"))
    (odt_table,) = extract_bytes(_odt(OFFICE.format(table)), "t.odt").blocks
    assert odt_table.header == ("Item", "Qty")
    assert odt_table.rows == expected_rows
    assert odt_table.row_numbers == (2, 3, 5, 6, 7)
    marked = table.replace("<table:table>", IMPRESS_TABLE, 1)
    frame = f'<draw:frame svg:width="10cm" svg:height="3cm" svg:x="2cm" svg:y="5cm">{marked}</draw:frame>'
    (odp_table,) = extract_bytes(_odp(f"<draw:page>{frame}</draw:page>"), "t.odp").blocks
    assert (odp_table.rows, odp_table.row_numbers) == (expected_rows, (2, 3, 5, 6, 7))


def test_a_slide_hidden_in_the_show_is_read_and_marked_hidden():
    # Impress's Hide Slide: the slide's page style says presentation:visibility="hidden"
    styles = (
        '<style:style style:name="dp2" style:family="drawing-page">'
        '<style:drawing-page-properties presentation:visibility="hidden"/></style:style>'
        '<style:style style:name="dp1" style:family="drawing-page">'
        '<style:drawing-page-properties presentation:visibility="visible"/></style:style>'
    )
    body = (
        f'<draw:page draw:style-name="dp1">{_frame("title", "1cm", "<text:p>Agenda</text:p>")}</draw:page>'
        f'<draw:page draw:style-name="dp2">{_frame("title", "1cm", "<text:p>Backup figures</text:p>")}'
        f"{_frame('outline', '4cm', '<text:p>Costs by year</text:p>')}</draw:page>"
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr("mimetype", "application/vnd.oasis.opendocument.presentation")
        zf.writestr("META-INF/manifest.xml", "<manifest/>")
        zf.writestr("content.xml", DOCUMENT.format(styles=styles, kind="presentation", body=body))
    doc = extract_bytes(out.getvalue(), "deck.odp")
    assert [(b.text, b.page, b.meta.get("hidden")) for b in doc.blocks] == [
        ("Agenda", 1, None),
        ("Backup figures", 2, True),
        ("Costs by year", 2, True),
    ]
    # read all the same, and said to be hidden: the heading, the coverage, the chunks
    assert doc.coverage.hidden_read == ("slide 2",)
    assert get_markdown(out.getvalue(), filename="deck.odp") == (
        "# Agenda\n\n---\n\n# Backup figures (hidden)\n\nCosts by year\n"
    )
    chunks = get_chunks(out.getvalue(), filename="deck.odp")
    assert {(c["metadata"]["slide_number"], c["metadata"].get("hidden")) for c in chunks} == {
        (1, None),
        (2, True),
    }


def test_a_slides_empty_placeholder_and_hidden_title_are_not_read():
    # presentation:placeholder="true" marks an empty placeholder: any text in it is the prompt an
    # editor shows ("Click to add Title"), not the slide's. A shape LibreOffice hides (Visible off:
    # drawooo:display="none"), or one on a layer hidden in the layer set (styles.xml), is not shown.
    # Each was read, the prompt and the hidden titles as the slide's heading and slide_title; so
    # was a placeholder field's prompt in a title, which the slide's other text leaves out, and a
    # hidden member of a group.
    def frame(cls: str, y: str, text: str, attrs: str = "") -> str:
        return (
            f'<draw:frame presentation:class="{cls}" svg:x="1cm" svg:y="{y}"{attrs}>'
            f"<draw:text-box><text:p>{text}</text:p></draw:text-box></draw:frame>"
        )

    prompt = ' presentation:placeholder="true"'
    hidden = ' xmlns:drawooo="http://openoffice.org/2010/draw" drawooo:display="none"'
    on_hidden_layer = ' draw:layer="drafts"'
    field = '<text:placeholder text:placeholder-type="text">&lt;Title&gt;</text:placeholder>'
    group = (  # a group keeps its hidden member out too
        f'<draw:g><draw:custom-shape svg:x="1cm" svg:y="9cm"{hidden}><text:p>Footer</text:p></draw:custom-shape>'
        '<draw:rect svg:x="1cm" svg:y="8cm"><text:p>Low water at 14:10</text:p></draw:rect></draw:g>'
    )
    body = (
        f"<draw:page>{frame('title', '1cm', 'Click to add Title', prompt)}"
        f"{frame('outline', '4cm', 'Tides turn at noon')}</draw:page>"
        f"<draw:page>{frame('title', '1cm', 'Draft title', hidden)}"
        f"{frame('outline', '4cm', 'Click to add Text', prompt)}{frame('outline', '8cm', 'Neaps')}</draw:page>"
        f"<draw:page>{frame('title', '1cm', 'Old title', on_hidden_layer)}"
        f"{frame('subtitle', '4cm', 'Springs')}{group}</draw:page>"
        f"<draw:page>{frame('title', '1cm', 'Harbour ' + field)}</draw:page>"
    )
    styles = (
        '<office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"><office:master-styles>'
        '<draw:layer-set><draw:layer draw:name="layout"/><draw:layer draw:name="drafts" draw:display="none"/>'
        "</draw:layer-set></office:master-styles></office:document-styles>"
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr("mimetype", "application/vnd.oasis.opendocument.presentation")
        zf.writestr("META-INF/manifest.xml", "<manifest/>")
        zf.writestr("content.xml", DOCUMENT.format(styles="", kind="presentation", body=body))
        zf.writestr("styles.xml", styles)
    doc = extract_bytes(out.getvalue(), "deck.odp")
    assert [(b.page, b.kind, b.text, b.meta["slide_title"]) for b in doc.blocks] == [
        (1, "paragraph", "Tides turn at noon", None),
        (2, "paragraph", "Neaps", None),
        (3, "paragraph", "Springs", None),
        (3, "paragraph", "Low water at 14:10", None),  # the group stands where its shapes do, below
        (4, "heading", "Harbour", "Harbour"),
    ]


def test_a_slides_numbered_paragraphs_each_a_list_of_its_own_count_on():
    # Each paragraph of the text box a list of its own that continues the one before
    # (text:continue-numbering), a second-level one in an item holding only its list: that item
    # shows no number and is not counted, so the numbers go 1. One, 1. sub a, 2. sub b, 2. Two
    # (they read 1., 1., 1., 4.: each such item counted at the first level, starting the second again)
    styles = (
        '<text:list-style style:name="L1"><text:list-level-style-number text:level="1" style:num-format="1"/>'
        '<text:list-level-style-number text:level="2" style:num-format="1"/></text:list-style>'
    )

    def paragraph(text: str, level: int, first: bool = False) -> str:
        item = f"<text:list-item><text:p>{text}</text:p></text:list-item>"
        if level == 2:
            item = f"<text:list-item><text:list>{item}</text:list></text:list-item>"
        goes_on = "" if first else ' text:continue-numbering="true"'
        return f'<text:list text:style-name="L1"{goes_on}>{item}</text:list>'

    box = (
        paragraph("One", 1, first=True) + paragraph("sub a", 2) + paragraph("sub b", 2) + paragraph("Two", 1)
    )
    body = f"<draw:page>{_frame('title', '1cm', '<text:p>Steps</text:p>')}{_frame('outline', '4cm', box)}</draw:page>"
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr("mimetype", "application/vnd.oasis.opendocument.presentation")
        zf.writestr("META-INF/manifest.xml", "<manifest/>")
        zf.writestr("content.xml", DOCUMENT.format(styles=styles, kind="presentation", body=body))
    doc = extract_bytes(out.getvalue(), "deck.odp")
    items = [(i.text, i.level, i.number) for b in doc.blocks if b.kind == "list" for i in b.items]
    assert items == [("One", 0, 1), ("sub a", 1, 1), ("sub b", 1, 2), ("Two", 0, 2)]


def test_a_slide_comment_is_listed_as_not_extracted():
    # Impress writes a slide's comment as officeooo:annotation on its draw:page (its own
    # namespace), not office:annotation as Writer does
    comment = (
        '<officeooo:annotation xmlns:officeooo="http://openoffice.org/2009/office" '
        'xmlns:dc="http://purl.org/dc/elements/1.1/" svg:x="2cm" svg:y="3cm">'
        "<dc:creator>Ana</dc:creator><dc:date>2024-03-01T10:00:00</dc:date>"
        "<text:p>Check these figures</text:p></officeooo:annotation>"
    )
    body = (
        f"<draw:page>{_frame('title', '1cm', '<text:p>Budget</text:p>')}{comment}</draw:page>"
        f"<draw:page>{_frame('title', '1cm', '<text:p>Plan</text:p>')}{comment}{comment}</draw:page>"
    )
    doc = extract_bytes(_odp(body), "deck.odp")
    assert [b.text for b in doc.blocks] == ["Budget", "Plan"]
    (skipped,) = doc.coverage.skipped_of("comments")
    assert (skipped.name, skipped.reason[:31], skipped.on_purpose) == (
        "content.xml",
        "3 review comments not extracted",
        True,
    )


def test_a_formula_without_its_starmath_source_reads_its_mathml():
    # a formula object another program wrote keeps its MathML alone (no StarMath annotation):
    # read in the linear format Word shows, as an HTML page's equation is (test_html_math.py)
    frame = (
        '<draw:frame draw:name="Object1" text:anchor-type="as-char">'
        '<draw:object xlink:href="./Object 1" xlink:type="simple"/></draw:frame>'
    )
    math = (
        '<math xmlns="http://www.w3.org/1998/Math/MathML"><mrow><msup><mi>a</mi><mn>2</mn></msup>'
        "<mo>+</mo><msup><mi>b</mi><mn>2</mn></msup><mo>=</mo><msup><mi>c</mi><mn>2</mn></msup></mrow></math>"
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr("mimetype", "application/vnd.oasis.opendocument.text")
        zf.writestr("META-INF/manifest.xml", "<manifest/>")
        zf.writestr(
            "content.xml", DOCUMENT.format(styles="", kind="text", body=f"<text:p>So {frame}</text:p>")
        )
        zf.writestr("Object 1/content.xml", math)
    assert [b.text for b in extract_bytes(out.getvalue(), "t.odt").blocks] == ["So [Formula: a^2+b^2=c^2]"]


def test_a_texts_hidden_shapes_are_not_read():
    # As on a slide: a frame or shape LibreOffice hides (drawooo:display="none"), one of a graphic
    # style hiding its shapes (draw:display="none" in its graphic properties, or in those of the
    # style it derives from, unless it shows them again), or one on a layer the layer set hides
    # (styles.xml) shows nothing; each was read, its text in the paragraph or as blocks of its own
    hidden = ' xmlns:drawooo="http://openoffice.org/2010/draw" drawooo:display="none"'

    def frame(text: str, attrs: str = "", anchor: str = "as-char") -> str:
        return (
            f'<draw:frame text:anchor-type="{anchor}"{attrs}>'
            f"<draw:text-box><text:p>{text}</text:p></draw:text-box></draw:frame>"
        )

    def styled(name: str) -> str:
        return f' draw:style-name="{name}"'

    graphic = (
        '<style:style style:name="Gone" style:family="graphic">'
        '<style:graphic-properties draw:display="none"/></style:style>'
        '<style:style style:name="GoneToo" style:family="graphic" style:parent-style-name="Gone"/>'
        '<style:style style:name="Back" style:family="graphic" style:parent-style-name="Gone">'
        '<style:graphic-properties draw:display="always"/></style:style>'
    )
    picture = '<draw:frame draw:style-name="Gone"><draw:image xlink:href="Pictures/stamp.png"/></draw:frame>'
    body = (
        frame("Page stamp", hidden, anchor="page")
        + f"<text:p>Intro {frame('Secret note', hidden)}ends.</text:p>"
        + f"<text:p>Rates {frame('Old rates', styled('GoneToo'))}{frame('New rates', styled('Back'))}"
        + f"{picture}</text:p>"
        + '<text:p>Plan <draw:custom-shape draw:layer="drafts"><text:p>DRAFT</text:p></draw:custom-shape>'
        + '<draw:g><draw:rect draw:layer="drafts"><text:p>Hidden box</text:p></draw:rect>'
        + "<draw:rect><text:p>Shown box</text:p></draw:rect></draw:g>approved.</text:p>"
    )
    styles = (
        '<office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"><office:master-styles>'
        '<draw:layer-set><draw:layer draw:name="layout"/><draw:layer draw:name="drafts" draw:display="none"/>'
        "</draw:layer-set></office:master-styles></office:document-styles>"
    )
    content = DOCUMENT.format(styles=graphic, kind="text", body=body)
    doc = extract_bytes(odt_package(content, styles), "hidden.odt")
    assert [(b.kind, " ".join(b.text.split())) for b in doc.blocks] == [
        ("paragraph", "Intro ends."),
        ("paragraph", "Rates New rates"),
        ("paragraph", "Plan Shown box approved."),
    ]
    assert doc.coverage.skipped == ()  # the hidden picture is not looked for


def test_a_slides_shapes_hidden_by_their_graphic_style_are_not_read():
    # a frame of a graphic style hiding its shapes (draw:display="none" in its graphic properties)
    # and a frame hidden in a paragraph of a text box (drawooo:display) were read on a slide
    graphic = (
        '<style:style style:name="gr1" style:family="graphic">'
        '<style:graphic-properties draw:display="none"/></style:style>'
    )
    inner = (
        '<draw:frame xmlns:drawooo="http://openoffice.org/2010/draw" drawooo:display="none">'
        "<draw:text-box><text:p>Hidden aside</text:p></draw:text-box></draw:frame>"
    )
    body = (
        f"<draw:page>{_frame('title', '1cm', '<text:p>Berths</text:p>')}"
        '<draw:frame draw:style-name="gr1" svg:x="1cm" svg:y="3cm">'
        "<draw:text-box><text:p>Old berth plan</text:p></draw:text-box></draw:frame>"
        f"{_frame('outline', '5cm', f'<text:p>Berth 4 {inner}is free</text:p>')}</draw:page>"
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr("mimetype", "application/vnd.oasis.opendocument.presentation")
        zf.writestr("META-INF/manifest.xml", "<manifest/>")
        zf.writestr("content.xml", DOCUMENT.format(styles=graphic, kind="presentation", body=body))
    doc = extract_bytes(out.getvalue(), "berths.odp")
    assert [(b.kind, " ".join(b.text.split())) for b in doc.blocks] == [
        ("heading", "Berths"),
        ("paragraph", "Berth 4 is free"),
    ]
