"""Plain text: encodings, newlines, and structure read from layout (hand-checked documents)."""

from __future__ import annotations

import indexer
from indexer.formats.markdown import extract_markdown
from indexer.formats.text import decode_document, extract_text, text_blocks
from indexer.model import CODE, HEADING, LIST, PARAGRAPH, TABLE

from ._text_helpers import CTX, SAMPLES, assert_lines_valid, source_lines


def test_structured_report_blocks(playground):
    doc = indexer.extract(playground / "structured_report.txt")
    assert doc.source_type == "txt" and doc.family == "document"
    assert dict(doc.metadata) == {"source_type": "txt"}
    assert_lines_valid(doc)
    first = doc.blocks[0]
    # line 1 "QUARTERLY SYSTEM HEALTH REPORT", line 2 its "====" underline
    assert (first.kind, first.text, first.level, first.lines) == (
        HEADING,
        "QUARTERLY SYSTEM HEALTH REPORT",
        1,
        (1, 2),
    )
    summary = next(b for b in doc.blocks if b.text == "EXECUTIVE SUMMARY")
    assert (summary.level, summary.lines) == (2, (7, 8))  # "-----" underline → level 2
    table = next(b for b in doc.blocks if b.kind == TABLE)
    # lines 15-22: header, "----|----" rule, six metric rows
    assert table.lines == (15, 22)
    assert table.header == ("Metric", "Q1 2026", "Target", "Delta", "Status")
    assert table.rows[0] == ("Availability", "99.94%", "99.90%", "+0.04%", "ON TRACK")
    assert table.rows[-1] == ("Mean Time to Recovery", "14 min", "30 min", "-16 min", "ON TRACK")
    assert len(table.rows) == 6
    lists = [b for b in doc.blocks if b.kind == LIST]
    # "- Compute: 6 additional nodes (total: 40)" … four "- " lines under CAPACITY FORECAST
    assert lists[0].items[0].text == "Compute: 6 additional nodes (total: 40)"
    assert len(lists[0].items) == 4
    assert source_lines(doc, lists[0])[0] == "- Compute: 6 additional nodes (total: 40)"
    # "[x] Circuit breaker …" task lines are a list too, markers kept
    assert lists[1].items[0].text.startswith("[x] Circuit breaker implemented")
    assert doc.blocks[-1].text.startswith("Platform Engineering: platform@example.com")


def test_structured_report_default_chunks(playground):
    chunks = indexer.get_chunks(playground / "structured_report.txt")
    c0, c1, c5 = chunks[0], chunks[1], chunks[5]
    assert c0["content"] == "QUARTERLY SYSTEM HEALTH REPORT"
    assert c0["content_type"] == "heading"
    assert c0["metadata"]["section_level"] == 1
    assert c0["metadata"]["document_metadata"] == {"source_type": "txt"}
    assert c0["metadata"]["source_lines"] == [1, 2]
    # lines 3-5 of the file, the three "Key: value" lines under the title
    assert c1["content"] == "Period: Q1 2026\nPrepared by: Platform Engineering\nClassification: Internal"
    assert c1["content_type"] == "short_disconnected_paragraph"  # 74 characters < 90
    assert c1["metadata"]["section_heading"] == "QUARTERLY SYSTEM HEALTH REPORT"
    assert c1["metadata"]["source_lines"] == [3, 5]
    assert c5["content_type"] == "table"
    assert c5["content"].splitlines()[0] == "| Metric | Q1 2026 | Target | Delta | Status |"
    assert "| P95 Latency (ms) | 182 | 200 | -18 | ON TRACK |" in c5["content"]
    assert c5["metadata"]["section_heading"] == "KEY METRICS"
    assert c5["metadata"]["source_lines"] == [15, 22]


def test_cp1252_report_with_crlf():
    data = (SAMPLES / "documents" / "facilities_report_cp1252.txt").read_bytes()
    assert b"\r\n" in data and b"\xe9" in data  # the sample really is cp1252 with CRLF
    doc = extract_text(data, CTX)
    assert "\r" not in doc.text
    assert "Prepared by: Renée Faßbender, Facilities" in doc.text
    assert "saved an estimated €1,240" in doc.text
    assert "“night set-back”" in doc.text
    table = next(b for b in doc.blocks if b.kind == TABLE)
    assert table.header == ("Item", "February", "March", "Change")
    assert table.rows[0] == ("Electricity", "€8,410", "€7,905", "-6.0 %")
    items = next(b for b in doc.blocks if b.kind == LIST).items
    assert [(i.text, i.level) for i in items[1:4]] == [
        ("Re-tender the cleaning contract", 0),
        ("three suppliers invited", 1),
        ("site visits in the week of 8 April", 1),
    ]
    assert_lines_valid(doc)


def test_utf16_with_bom():
    data = (SAMPLES / "documents" / "committee_minutes_utf16.txt").read_bytes()
    assert data[:2] == b"\xff\xfe"
    doc = extract_text(data, CTX)
    assert doc.blocks[0].text == "Minutes – allotment committee, 3 April"
    assert "České and Polish" in doc.text
    assert_lines_valid(doc)


def test_utf16_without_bom_is_sniffed():
    doc = extract_text("Zürich report\n\nAll good.".encode("utf-16-le"), CTX)
    assert [b.text for b in doc.blocks] == ["Zürich report", "All good."]


def test_empty_and_blank_files_have_no_blocks():
    assert extract_text((SAMPLES / "edge" / "empty.txt").read_bytes(), CTX).blocks == ()
    assert extract_text(b"  \n\n\t\n", CTX).blocks == ()


def test_damaged_utf8_stays_utf8():
    data = (SAMPLES / "edge" / "invalid-utf8.txt").read_bytes()
    doc = extract_text(data, CTX)
    assert "Customer: Müller GmbH" in doc.text  # not "MÃ¼ller" (cp1252 mojibake)
    assert "\ufffd" in doc.text  # the damaged bytes are marked, not dropped
    assert doc.blocks[-1].text == "Received in good order."
    text, encoding = decode_document(data)
    assert encoding == "utf-8"


def test_utf8_encoded_twice_reads_as_first_written():
    # "Roberts – 2–1, £2,500, Müller" in UTF-8, read as windows-1252 and written out again (the
    # dash's e2 80 93 becomes "â€“", "£" "Â£", "ü" "Ã¼"), or read as latin-1 (the dash "â" and
    # the C1 controls 0x80, 0x93, as norwich_city.txt under shared has it)
    first = "Roberts – 2–1, £2,500, Müller\nline two\n"
    for codec in ("cp1252", "latin-1"):
        twice = first.encode("utf-8").decode(codec).encode("utf-8")
        assert decode_document(twice) == (first, "utf-8")
        assert extract_text(twice, CTX).blocks[0].text == "Roberts – 2–1, £2,500, Müller\nline two"
    # text written in UTF-8 once keeps its letters: "é" before a space or a letter, "€" alone
    # (e9 or 80 then ASCII is no UTF-8), CJK (neither codec holds it), "Ã" ending a word
    for once in ("café au lait – naïve", "5 € net", "東京 – Ã©", "SÃO PAULO"):
        assert decode_document(once.encode("utf-8")) == (once, "utf-8")


def test_line_numbers_survive_leading_blank_lines_and_fences():
    text = "\n\n\nTITLE\n\nsome prose\nmore prose\n\n```sh\nls -l\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
    blocks = text_blocks(text)
    assert [(b.kind, b.lines) for b in blocks] == [
        (HEADING, (4, 4)),
        (PARAGRAPH, (6, 7)),
        (CODE, (9, 11)),
        (TABLE, (13, 15)),
    ]
    assert blocks[2].text == "ls -l" and blocks[2].meta["language"] == "sh"
    assert blocks[3].rows == (("1", "2"),)


def test_single_pipe_line_is_prose_not_a_table():
    blocks = text_blocks("Jump to Metrics | Jump to Code\n")
    assert [b.kind for b in blocks] == [PARAGRAPH]


def test_assemble_blocks_equals_the_model_assemble():
    from indexer.formats.html import html_blocks
    from indexer.formats.text import assemble_blocks
    from indexer.model import IMAGE, Block, assemble

    html = (SAMPLES / "documents" / "field_guide.html").read_text(encoding="utf-8")
    blocks, _ = html_blocks(html)
    blocks += [
        Block(IMAGE, "", alt="no text"),
        Block(PARAGRAPH, ""),
        Block(CODE, "a\nb", meta={"language": "c"}),
    ]
    fast = assemble_blocks("html", blocks, metadata={"source_type": "html"})
    assert fast.to_json() == assemble("html", blocks, metadata={"source_type": "html"}).to_json()


def test_assembled_lists_keep_no_item_lines_of_the_text_they_were_read_from():
    from indexer.formats.markdown import markdown_blocks
    from indexer.formats.text import assemble_blocks
    from indexer.model import LIST, Block, assemble

    # a loose list: its items on lines 1 and 3 of its own text; joined after a paragraph, on lines 3 and 4
    (listed,) = markdown_blocks("- a\n\n- b\n")
    assert listed.meta["item_lines"] == (1, 3)
    blocks = [Block(PARAGRAPH, "intro"), listed]
    for doc in (assemble("ipynb", blocks), assemble_blocks("ipynb", blocks)):
        assert doc.text == "intro\n\na\nb"
        (kind, lines, meta) = (doc.blocks[1].kind, doc.blocks[1].lines, dict(doc.blocks[1].meta))
        assert (kind, lines) == (LIST, (3, 4))
        assert "item_lines" not in meta
    assert assemble_blocks("ipynb", blocks).to_json() == assemble("ipynb", blocks).to_json()


def test_fast_render_table_equals_render_table():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from indexer.formats.text import fast_render_table
    from indexer.model import render_table

    cell = st.lists(st.sampled_from(list("ab |\t\n\xa0\x00é") + ["  ", "x"]), max_size=4).map("".join)
    row = st.lists(st.one_of(cell, st.integers()), max_size=4).map(tuple)

    @settings(max_examples=300, deadline=None)
    @given(st.one_of(st.none(), row), st.lists(row, max_size=5).map(tuple))
    def check(header, rows):
        assert fast_render_table(header, rows) == render_table(header, rows)

    check()
    # read by hand: an empty cell stays empty, a pipe is escaped, a tab and a double space collapse
    assert fast_render_table(("h1", "h2"), (("a|b", ""), ("c\td", "e  f"))) == (
        "| h1 | h2 |\n| --- | --- |\n| a\\|b |  |\n| c d | e f |"
    )


def test_soft_hyphens_are_left_out():
    # U+00AD shows only where a line breaks at it, so the words read whole, as a search finds
    # them (written by hand: "Donau", "dampf", "schiff" joined at two soft hyphens, "Fahr"+"plan"
    # in a list item); the file's text stays as written
    text = "Donau\u00addampf\u00adschiff ab Linz.\n\n- Fahr\u00adplan\n- Ziel\n"
    doc = extract_text(text.encode(), CTX)
    assert doc.blocks[0].kind == PARAGRAPH and doc.blocks[0].text == "Donaudampfschiff ab Linz."
    assert doc.blocks[1].kind == LIST and [i.text for i in doc.blocks[1].items] == ["Fahrplan", "Ziel"]
    assert "\xad" not in doc.blocks[1].text and doc.text == text


def test_soft_hyphens_alone_are_kept():
    # a text of soft hyphens alone is no empty text: it keeps them, so it gives a chunk (SPEC §5);
    # a paragraph of them beside another shows nothing and is left out
    for text in ("\xad", "\xad \xad\n"):
        doc = extract_text(text.encode(), CTX)
        assert [b.text for b in doc.blocks] == [text.strip()]
    assert [b.text for b in extract_markdown(b"\xc2\xad", CTX).blocks] == ["\xad"]
    assert [b.text for b in extract_text("\xad\n\nTide\n".encode(), CTX).blocks] == ["Tide"]
