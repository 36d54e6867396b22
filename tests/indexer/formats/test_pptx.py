"""PowerPoint decks: the playground's mixed_content.pptx (read slide by slide in PowerPoint's XML)
and the sample deck written by bench/make_sample_office.py."""

from __future__ import annotations

import io

import pytest

from indexer import errors, extract_bytes, get_chunks
from indexer.api import extract


def test_mixed_content_slides_in_order(playground):
    doc = extract(playground / "mixed_content.pptx")
    titles = [(b.meta["slide_number"], b.text) for b in doc.blocks if b.kind == "heading"]
    # ppt/slides/slide1.xml … slide8.xml, in presentation.xml's sldIdLst order.
    assert titles == [
        (1, "Mixed Content Deck"),
        (2, "Executive Summary"),
        (3, "Quarterly Results"),
        (4, "Key Risks"),
        (5, "Note"),
        (6, "Methodology"),
        (7, "Headcount by Department"),
        (8, "Next Steps"),
    ]
    assert doc.metadata["source_type"] == "pptx" and doc.metadata["total_slides"] == 8
    assert doc.coverage.slides_total == 8
    for block in doc.blocks:
        assert block.page == block.meta["slide_number"]
        assert block.meta["slide_title"] == titles[block.meta["slide_number"] - 1][1]


def test_mixed_content_slide_bodies(playground):
    doc = extract(playground / "mixed_content.pptx")
    by_slide: dict[int, list] = {}
    for block in doc.blocks:
        by_slide.setdefault(block.meta["slide_number"], []).append(block)
    # Slide 1: the subtitle placeholder "Tables, bullets and prose".
    assert [b.text for b in by_slide[1]] == ["Mixed Content Deck", "Tables, bullets and prose"]
    # Slide 3: a 3-column table, header Quarter / Revenue ($M) / Growth %, four quarters.
    (table,) = [b for b in by_slide[3] if b.kind == "table"]
    assert table.header == ("Quarter", "Revenue ($M)", "Growth %")
    assert table.rows[0] == ("Q1 2024", "12.4", "+11")
    assert len(table.rows) == 4
    # Slide 4: three risks typed with a literal "• " in the text; the bullet glyph is not content.
    (risks,) = [b for b in by_slide[4] if b.kind == "list"]
    assert [i.text for i in risks.items] == [
        "Regulatory changes in the EU market.",
        "Supply-chain disruptions for hardware SKUs.",
        "Retention of senior engineering talent.",
    ]
    # Slide 7: "G&A" stays "G&A" (the XML has G&amp;A).
    (heads,) = [b for b in by_slide[7] if b.kind == "table"]
    assert ("G&A", "34", "+2") in heads.rows


def test_mixed_content_chunks_carry_slide_numbers(playground):
    chunks = get_chunks(playground / "mixed_content.pptx")
    numbers = [c["metadata"].get("slide_number") for c in chunks]
    assert None not in numbers
    assert numbers == sorted(numbers) and set(numbers) == set(range(1, 9))
    table = next(c for c in chunks if c["content_type"] == "table" and "Quarter" in c["content"])
    assert table["metadata"]["slide_number"] == 3


def test_sample_deck_lists_notes_and_pictures(sample_corpus):
    path = sample_corpus / "office" / "operations_review.pptx"
    doc = extract(path)
    slide2 = [b for b in doc.blocks if b.meta["slide_number"] == 2]
    assert [b.kind for b in slide2] == ["heading", "list", "paragraph"]
    assert [(i.text, i.level) for i in slide2[1].items] == [
        ("Water loss down to 11.2 %", 0),
        ("Two main repairs completed", 0),
        ("Main 7 at Quay Street", 1),
        ("Customer calls down 8 %", 0),
    ]
    assert slide2[2].meta["notes"] is True
    assert slide2[2].text == "Mention the Quay Street closure lasted two nights."
    slide4 = [b for b in doc.blocks if b.meta["slide_number"] == 4]
    # The caption text box (left 1in) comes before the picture (left 5in) on the same row.
    assert [b.kind for b in slide4] == ["heading", "paragraph", "image"]
    picture = slide4[2]
    assert picture.alt == "Pump hall after the refit"
    assert picture.text == "[Image: Pump hall after the refit]"
    (image,) = doc.images
    assert picture.images == (image.name,) and image.name.endswith(".png")
    result = get_chunks(path, list_images=True)
    extracted = [c for c in result.chunks if c["content_type"] == "image"]
    assert [c["content"] for c in extracted] == [image.name]
    assert result.images[image.name] == image.data


def test_broken_decks_raise_documented_codes(sample_corpus):
    data = (sample_corpus / "office" / "operations_review.pptx").read_bytes()
    import zipfile

    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            if info.filename != "ppt/presentation.xml":
                dst.writestr(info, src.read(info.filename))
    with pytest.raises(errors.ChunkscopeError) as info:
        extract_bytes(out.getvalue(), "deck.pptx")
    assert info.value.code == errors.PARSE_ERROR
    with pytest.raises(errors.ChunkscopeError) as info:
        extract_bytes(data[: len(data) // 2], "deck.pptx")
    assert info.value.code == errors.PARSE_ERROR


PRESENTATION_MAIN = b"application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"


@pytest.mark.parametrize(
    ("ext", "content_type"),
    [
        (".potx", b"application/vnd.openxmlformats-officedocument.presentationml.template.main+xml"),
        (".ppsx", b"application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml"),
        (".pptm", b"application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml"),
        (".potm", b"application/vnd.ms-powerpoint.template.macroEnabled.main+xml"),
        (".ppsm", b"application/vnd.ms-powerpoint.slideshow.macroEnabled.main+xml"),
    ],
)
def test_templates_and_shows_read_like_presentations(sample_corpus, ext, content_type):
    """A template or a show differs from a presentation only in its main part's content type."""
    import zipfile

    data = (sample_corpus / "office" / "operations_review.pptx").read_bytes()
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            payload = src.read(info.filename)
            if info.filename == "[Content_Types].xml":
                assert PRESENTATION_MAIN in payload
                payload = payload.replace(PRESENTATION_MAIN, content_type)
            dst.writestr(info, payload)
    assert extract_bytes(out.getvalue(), "deck" + ext).blocks == extract_bytes(data, "deck.pptx").blocks


def test_other_packages_under_a_powerpoint_extension_are_named(sample_corpus):
    for name, words in (
        ("inspection_report.docx", "not a PowerPoint presentation"),
        ("society_minutes.odt", "not an Office Open XML package"),
    ):
        with pytest.raises(errors.ParseError) as info:
            extract_bytes((sample_corpus / "office" / name).read_bytes(), "deck.pptx")
        assert words in info.value.message


def test_merged_table_cells_repeat_the_origin_text(real_world):
    # powerpoint_sample.pptx, slide 1: "Class1" and "Class2" span three columns (gridSpan="3"),
    # "A merged with B" two; R3 spans two rows and R4 three (rowSpan). The second row holds the
    # sub-headings under Class1 and Class2 (its corner cell empty, as the first row's): the two
    # rows head the table, each column's texts joined
    doc = extract(real_world / "pptx" / "kreuzberg" / "powerpoint_sample.pptx")
    table = next(b for b in doc.blocks if b.kind == "table")
    assert table.header == (
        "",
        "Class1 / A merged with B",
        "Class1 / A merged with B",
        "Class1 / C",
        "Class2 / A",
        "Class2 / B",
        "Class2 / C",
    )
    assert [r[0] for r in table.rows] == ["R1", "R2", "R3", "R3", "R4", "R4", "R4"]
    assert table.rows[0] == ("R1", "True", "False", "", "False", "True", "True")


def _merged_header_deck(rows: list[list[str]], across: tuple[int, int]) -> bytes:
    """A slide holding a table of ``rows`` (its first row the header, as PowerPoint inserts
    tables), the first row's cells ``across`` (first and last column) merged."""
    from pptx import Presentation
    from pptx.util import Inches

    deck = Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[6])
    shape = slide.shapes.add_table(len(rows), len(rows[0]), Inches(1), Inches(1), Inches(6), Inches(2))
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            shape.table.cell(r, c).text = text
    shape.table.cell(0, across[0]).merge(shape.table.cell(0, across[1]))
    out = io.BytesIO()
    deck.save(out)
    return out.getvalue()


def test_sub_headings_under_a_heading_merged_across_join_it():
    # "Sales" across B1:C1 over "2023 | 2024", the corner empty: two header rows
    rows = [["", "Sales", ""], ["", "2023", "2024"], ["North", "5", "6"], ["South", "7", "8"]]
    (table,) = [
        b for b in extract_bytes(_merged_header_deck(rows, (1, 2)), "t.pptx").blocks if b.kind == "table"
    ]
    assert table.header == ("", "Sales / 2023", "Sales / 2024")
    assert table.rows == (("North", "5", "6"), ("South", "7", "8"))
    # a row under the merged heading whose other cells hold text is data: "Alice" is no heading
    rows = [["Name", "Contact", ""], ["Alice", "a@example.org", "555"], ["Bob", "b@example.org", "556"]]
    (table,) = [
        b for b in extract_bytes(_merged_header_deck(rows, (1, 2)), "t.pptx").blocks if b.kind == "table"
    ]
    assert table.header == ("Name", "Contact", "Contact")
    assert table.rows[0] == ("Alice", "a@example.org", "555")


def test_a_damaged_slide_is_listed_and_the_others_read(sample_corpus):
    import zipfile

    data = (sample_corpus / "office" / "operations_review.pptx").read_bytes()
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            payload = src.read(info.filename)
            if info.filename == "ppt/slides/slide2.xml":
                # well-formed XML, but not a slide: python-pptx finds no shape tree in it
                payload = b'<p:other xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>'
            dst.writestr(info, payload)
    doc = extract_bytes(out.getvalue(), "deck.pptx")
    assert sorted({b.meta["slide_number"] for b in doc.blocks}) == [1, 3, 4]
    (skipped,) = doc.coverage.skipped_of("slide")
    assert skipped.name == "slide 2" and "unreadable" in skipped.reason
    assert doc.metadata["total_slides"] == 4


DOCUMENT_MODES = ("structural", "section", "semantic", "sliding_window", "sentence", "page_aware")


def _deck_with_an_untitled_slide() -> bytes:
    """Slide 1 "Budget" (a text box and speaker notes); slide 2 on the blank layout, no title (a
    text box and speaker notes)."""
    from pptx import Presentation
    from pptx.util import Inches

    deck = Presentation()
    first = deck.slides.add_slide(deck.slide_layouts[5])  # title only
    first.shapes.title.text = "Budget"
    box = first.shapes.add_textbox(Inches(1), Inches(2), Inches(6), Inches(1))
    box.text_frame.text = "We spend less on pumps this year than last."
    first.notes_slide.notes_text_frame.text = "Say the pump figure twice."
    second = deck.slides.add_slide(deck.slide_layouts[6])  # blank
    box = second.shapes.add_textbox(Inches(1), Inches(1), Inches(6), Inches(1))
    box.text_frame.text = "Questions are welcome after the break."
    second.notes_slide.notes_text_frame.text = "Leave ten minutes for them."
    out = io.BytesIO()
    deck.save(out)
    return out.getvalue()


@pytest.mark.parametrize("mode", DOCUMENT_MODES)
def test_an_untitled_slide_is_under_no_heading(mode):
    # (windows of one block each, so that one starts on slide 2)
    params = {"window_size": 1, "overlap": 0} if mode == "sliding_window" else {}
    chunks = get_chunks(_deck_with_an_untitled_slide(), filename="deck.pptx", mode=mode, **params)
    first = [c for c in chunks if c["metadata"]["slide_number"] == 1]
    second = [c for c in chunks if c["metadata"]["slide_number"] == 2]
    assert first and second
    assert all(c["metadata"]["heading_path"] == ["Budget"] for c in first)
    # before, slide 2 was filed under slide 1's title
    for c in second:
        assert c["metadata"]["heading_path"] == []
        assert c["metadata"]["section_heading"] is None
    assert "Questions are welcome" in "".join(c["content"] for c in second)


@pytest.mark.parametrize("mode", ["structural", "semantic", "sentence"])
def test_speaker_notes_are_chunked_apart_from_the_slide_and_marked(mode):
    chunks = get_chunks(_deck_with_an_untitled_slide(), filename="deck.pptx", mode=mode)
    notes = [c for c in chunks if c["metadata"].get("speaker_notes")]
    assert [(c["metadata"]["slide_number"], c["content"]) for c in notes] == [
        (1, "Say the pump figure twice."),
        (2, "Leave ten minutes for them."),
    ]
    rest = "\n".join(c["content"] for c in chunks if not c["metadata"].get("speaker_notes"))
    assert "We spend less" in rest and "Questions are welcome" in rest
    assert "figure twice" not in rest and "ten minutes" not in rest


@pytest.mark.parametrize("mode", ["section", "page_aware"])
def test_modes_that_take_a_whole_slide_keep_its_notes_unmarked(mode):
    chunks = get_chunks(_deck_with_an_untitled_slide(), filename="deck.pptx", mode=mode)
    (whole,) = [c for c in chunks if c["metadata"]["slide_number"] == 2]
    assert whole["content"] == "Questions are welcome after the break.\n\nLeave ten minutes for them."
    assert "speaker_notes" not in whole["metadata"]


def test_real_deck_untitled_slide_and_notes(real_world):
    # powerpoint_sample.pptx: ppt/slides/slide3.xml has no title placeholder, only five text boxes
    # of lists, two of them under a lead-in line without a bullet ("Some info:", "Maybe a list?"),
    # and its notes (notesSlide2.xml) read "Final notes on the third slide." / "Second line of
    # notes."; slide 2's notes (notesSlide1.xml) "Some notes on the second slide."
    chunks = get_chunks(real_world / "pptx" / "kreuzberg" / "powerpoint_sample.pptx")
    third = [c for c in chunks if c["metadata"]["slide_number"] == 3]
    kinds = [c["content_type"] for c in third]
    assert kinds.count("bullet_list") == 5 and kinds[-1] == "short_disconnected_paragraph"
    lead_ins = [c["content"] for c in third[:-1] if c["content_type"] != "bullet_list"]
    assert lead_ins == ["Some info:", "Maybe a list?"]
    assert {tuple(c["metadata"]["heading_path"]) for c in third} == {()}
    notes = [
        (c["metadata"]["slide_number"], c["content"]) for c in chunks if c["metadata"].get("speaker_notes")
    ]
    assert notes == [
        (2, "Some notes on the second slide."),
        (3, "Final notes on the third slide.\nSecond line of notes."),
    ]


def test_review_comments_are_listed_as_not_extracted(sample_corpus):
    import zipfile

    data = (sample_corpus / "office" / "operations_review.pptx").read_bytes()
    out = io.BytesIO()
    p = "http://schemas.openxmlformats.org/presentationml/2006/main"
    comments = (
        f'<p:cmLst xmlns:p="{p}"><p:cm authorId="0" idx="1"><p:pos x="10" y="10"/>'
        "<p:text>Check the repair count</p:text></p:cm>"
        '<p:cm authorId="0" idx="2"><p:pos x="10" y="10"/><p:text>Add the date</p:text></p:cm></p:cmLst>'
    )
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            dst.writestr(info, src.read(info.filename))
        dst.writestr("ppt/comments/comment1.xml", comments)
    doc = extract_bytes(out.getvalue(), "deck.pptx")
    (skipped,) = doc.coverage.skipped_of("comments")
    assert skipped.name == "ppt/comments/comment1.xml"
    assert skipped.reason.startswith("2 review comments not extracted")
    assert "Check the repair count" not in doc.text
    assert extract(sample_corpus / "office" / "operations_review.pptx").coverage.skipped_of("comments") == ()


def _deck_of_one_table(rows: list[list[str]], first_row: str | None) -> bytes:
    """A slide with one table, its a:tblPr firstRow attribute set to ``first_row`` (None: left
    out, as PowerPoint does once its Header Row box is cleared)."""
    from pptx import Presentation
    from pptx.util import Inches

    deck = Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[6])  # blank
    table = slide.shapes.add_table(len(rows), len(rows[0]), Inches(1), Inches(1), Inches(6), Inches(2)).table
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            table.cell(r, c).text = text
    props = table._tbl.tblPr
    if first_row is None:
        del props.attrib["firstRow"]
    else:
        props.set("firstRow", first_row)
    out = io.BytesIO()
    deck.save(out)
    return out.getvalue()


def test_a_table_without_a_header_row_names_its_columns():
    rows = [["North", "10", "12"], ["South", "7", "9"]]
    # PowerPoint's inserted table: firstRow="1", its first row the header
    (block,) = extract_bytes(_deck_of_one_table(rows, "1"), "t.pptx").blocks
    assert (block.header, block.rows, block.row_numbers) == (
        ("North", "10", "12"),
        (("South", "7", "9"),),
        (2,),
    )
    assert "has_header" not in block.meta
    # the Header Row box cleared (no firstRow, or firstRow="0"): every row is data
    for first_row in (None, "0", "on"):  # "on" is no xsd:boolean: not read as set
        (block,) = extract_bytes(_deck_of_one_table(rows, first_row), "t.pptx").blocks
        assert block.header == ("Column 1", "Column 2", "Column 3")
        assert block.rows == (("North", "10", "12"), ("South", "7", "9"))
        assert block.row_numbers == (1, 2)
        assert block.meta["has_header"] is False and block.meta["slide_number"] == 1
        assert block.text.splitlines()[0] == "| Column 1 | Column 2 | Column 3 |"


def test_a_slide_number_field_reads_the_slides_number_not_its_stand_in():
    # Google Slides writes each slide's number as a field whose text is "‹#›"; PowerPoint shows
    # the slide's number there, counted from the presentation's firstSlideNum. A date field keeps
    # the text it holds.
    from lxml import etree
    from pptx import Presentation
    from pptx.oxml.ns import qn
    from pptx.util import Inches

    deck = Presentation()
    for _ in range(2):
        slide = deck.slides.add_slide(deck.slide_layouts[6])
        box = slide.shapes.add_textbox(Inches(1), Inches(1), Inches(3), Inches(1))
        p = box.text_frame.paragraphs[0]
        p.add_run().text = "Page "
        for kind, text in (("slidenum", "‹#›"), ("datetime1", " 12/2/2026")):
            field = etree.SubElement(
                p._p, qn("a:fld"), id="{00000000-1234-1234-1234-123412341234}", type=kind
            )
            etree.SubElement(field, qn("a:t")).text = text

    def read(first: str | None) -> list[str]:
        if first is not None:
            deck.part._element.set("firstSlideNum", first)
        out = io.BytesIO()
        deck.save(out)
        return [b.text for b in extract_bytes(out.getvalue(), "t.pptx").blocks]

    assert read(None) == ["Page 1 12/2/2026", "Page 2 12/2/2026"]
    assert read("0") == ["Page 0 12/2/2026", "Page 1 12/2/2026"]


def test_a_slide_hidden_in_the_show_is_read_and_said_hidden():
    # PowerPoint's Hide Slide writes show="0" on the slide's p:sld; slide 3 has no title
    import pptx
    from pptx.util import Inches

    from indexer import get_markdown

    deck = pptx.Presentation()
    shown = deck.slides.add_slide(deck.slide_layouts[1])
    shown.shapes.title.text = "Agenda"
    shown.placeholders[1].text = "Budget review"
    backup = deck.slides.add_slide(deck.slide_layouts[1])
    backup.shapes.title.text = "Backup figures"
    backup.placeholders[1].text = "Costs by year"
    backup._element.set("show", "0")
    untitled = deck.slides.add_slide(deck.slide_layouts[6])  # Blank: no title placeholder
    untitled.shapes.add_textbox(Inches(1), Inches(1), Inches(4), Inches(1)).text_frame.text = "Spare notes"
    untitled._element.set("show", "0")
    out = io.BytesIO()
    deck.save(out)
    data = out.getvalue()
    doc = extract_bytes(data, "deck.pptx")
    assert [(b.text, b.page, b.meta.get("hidden")) for b in doc.blocks] == [
        ("Agenda", 1, None),
        ("Budget review", 1, None),
        ("Backup figures", 2, True),
        ("Costs by year", 2, True),
        ("Spare notes", 3, True),
    ]
    assert doc.coverage.hidden_read == ("slide 2", "slide 3")
    assert get_markdown(data, filename="deck.pptx") == (
        "# Agenda\n\nBudget review\n\n---\n\n# Backup figures (hidden)\n\nCosts by year\n\n---\n\n"
        "(hidden slide)\n\nSpare notes\n"
    )
    # a chunk says what its first block is of (a sliding window over slides 2 and 3 says slide 2)
    for mode in ("default", "page_aware", "sentence", "semantic"):
        said = {
            (c["metadata"]["slide_number"], c["metadata"].get("hidden"))
            for c in get_chunks(data, filename="deck.pptx", mode=mode)
        }
        assert said == {(1, None), (2, True), (3, True)}, mode
