"""CSV/TSV: delimiter, quoting, header inference, encodings, row numbers, the row mode."""

from __future__ import annotations

import csv

from hypothesis import given, settings
from hypothesis import strategies as st

import indexer
from indexer.formats.csvfmt import detect_delimiter, extract_csv, extract_tsv, fast_render_table, infer_header
from indexer.model import TABLE, render_table

from ._text_helpers import CTX, SAMPLES


def test_iris_document(playground):
    doc = indexer.extract(playground / "iris.csv")
    assert doc.family == "csv" and doc.source_type == "csv"
    assert dict(doc.metadata) == {"delimiter_detected": ",", "encoding": "utf-8", "has_header": True}
    (block,) = doc.blocks
    assert block.kind == TABLE
    # line 1: "sepal length,sepal width,petal length,petal width,class"; 150 data lines follow
    assert block.header == ("sepal length", "sepal width", "petal length", "petal width", "class")
    assert len(block.rows) == 150
    assert block.rows[0] == ("5.1", "3.5", "1.4", "0.2", "Iris-setosa")  # line 2
    assert block.rows[-1][-1] == "Iris-virginica"
    assert block.row_numbers[:3] == (2, 3, 4) and block.row_numbers[-1] == 151
    assert block.meta["has_header"] is True


def test_iris_row_chunks(playground):
    chunks = indexer.get_chunks(playground / "iris.csv")
    assert len(chunks) == 50  # 150 rows, three per chunk
    c0, c1, last = chunks[0], chunks[1], chunks[-1]
    assert c0["content_type"] == "row_group"
    assert c0["content"].splitlines() == [
        "sepal length: 5.1 | sepal width: 3.5 | petal length: 1.4 | petal width: 0.2 | class: Iris-setosa",
        "sepal length: 4.9 | sepal width: 3.0 | petal length: 1.4 | petal width: 0.2 | class: Iris-setosa",
        "sepal length: 4.7 | sepal width: 3.2 | petal length: 1.3 | petal width: 0.2 | class: Iris-setosa",
    ]
    m = c0["metadata"]
    assert (m["row_start"], m["row_end"], m["row_count"], m["col_count"]) == (1, 3, 3, 5)
    assert m["has_header"] is True and m["delimiter_detected"] == "," and m["encoding"] == "utf-8"
    assert m["header_row"] == ["sepal length", "sepal width", "petal length", "petal width", "class"]
    assert m["source_lines"] == [2, 4]
    # rows 4-6 are file lines 5-7: 4.6,3.1,1.5,0.2 / 5.0,3.6,1.4,0.2 / 5.4,3.9,1.7,0.4
    assert (
        c1["content"].splitlines()[2].startswith("sepal length: 5.4 | sepal width: 3.9 | petal length: 1.7")
    )
    assert c1["metadata"]["source_lines"] == [5, 7]
    assert last["metadata"]["row_end"] == 150
    assert last["content"].splitlines()[-1].endswith("class: Iris-virginica")


def test_quoted_fields_and_multiline_rows():
    doc = extract_csv((SAMPLES / "data" / "harvest_log.csv").read_bytes(), CTX)
    (block,) = doc.blocks
    assert block.header == ("date", "plot", "crop", "weight_kg", "notes")
    assert block.rows[1] == ("2024-07-02", "7", "beans, runner", "1.1", "first picking")  # quoted comma
    assert block.rows[2][4] == "two rows lifted;\nthe rest next week"  # quoted newline
    assert block.rows[3][4] == 'the "monster" one weighed 1.2 kg alone'  # doubled quotes
    # the potato row spans file lines 4-5, so the next row starts on line 6
    assert block.row_numbers == (2, 3, 4, 6, 7)
    assert block.lines == (1, 7)


def test_semicolon_cp1252():
    doc = extract_csv((SAMPLES / "edge" / "semicolon.csv").read_bytes(), CTX)
    assert dict(doc.metadata) == {"delimiter_detected": ";", "encoding": "windows-1252", "has_header": True}
    (block,) = doc.blocks
    assert block.header == ("Artikel", "Menge", "Preis (€)", "Lager")
    assert block.rows[1] == ("Gießkanne 10 l", "12", "7,50", "Halle 1")  # decimal comma stays in its cell


def test_tsv_with_times_has_a_header():
    doc = extract_tsv((SAMPLES / "data" / "bus_timetable.tsv").read_bytes(), CTX)
    assert doc.metadata["delimiter_detected"] == "\t" and doc.metadata["has_header"] is True
    assert doc.blocks[0].header == ("stop", "dep_1", "dep_2", "dep_3")
    assert doc.blocks[0].rows[-1] == ("Harbour", "07:31", "08:01", "08:31")


def test_header_inference_rules():
    assert infer_header([["name", "age"], ["ann", "31"], ["bob", "4"]])  # text above a numeric column
    assert not infer_header([["1", "2"], ["3", "4"]])  # numbers in the first row
    assert not infer_header([["only", "row"]])  # a single row is data
    # text columns: a first cell whose length differs from the (equal) lengths below says header
    assert infer_header([["code", "city"], ["AB", "Rome"], ["CD", "Oslo"]])


def test_no_header_gives_column_labels_in_chunks():
    chunks = indexer.get_chunks(b"1,2,3\n4,5,6\n", filename="numbers.csv")
    assert chunks[0]["content"].splitlines()[0] == "Column 1: 1 | Column 2: 2 | Column 3: 3"
    assert chunks[0]["metadata"]["has_header"] is False


def test_delimiter_detection():
    assert detect_delimiter("a|b|c\n1|2|3\n") == "|"
    assert detect_delimiter("a;b\n1,5;2,5\n3,1;4,0\n") == ";"
    assert detect_delimiter("just one column\nvalue\n") == ","
    assert detect_delimiter("x\ty\n1\t2\n", preferred="\t") == "\t"


def test_unreadable_csv_is_read_as_text():
    doc = extract_csv(b'a,b\n"unterminated, quote\nmore', CTX)
    assert doc.blocks  # either as rows or as text, never nothing
    assert "unterminated" in doc.text


@settings(max_examples=200, deadline=None)
@given(
    header=st.one_of(st.none(), st.lists(st.text(max_size=8), max_size=4).map(tuple)),
    rows=st.lists(st.lists(st.text(max_size=8), max_size=5).map(tuple), max_size=6).map(tuple),
)
def test_fast_table_rendering_equals_the_model(header, rows):
    assert fast_render_table(header, rows) == render_table(header, rows)


_CSV_ALPHABET = st.sampled_from(list('ab ,;\t"|\n\r\x00x1\xa0\x0b') + ["  ", '""', "é", "\u2028"])


@settings(max_examples=150, deadline=None)
@given(text=st.lists(_CSV_ALPHABET, max_size=40).map("".join), delimiter=st.sampled_from([",", "\t", ";"]))
def test_rows_split_without_the_reader_equal_the_readers(text, delimiter):
    # text without a quote is split line by line; whatever the path, the rows and their start lines
    # must be what csv.reader reads (blank rows dropped)
    from indexer.formats.csvfmt import _read_rows, _read_rows_with_reader

    def outcome(read, source):
        try:
            return read(source, delimiter)
        except csv.Error as exc:  # the reader's complaints (a lone carriage return …) are kept too
            return str(exc)

    assert outcome(_read_rows, text) == outcome(_read_rows_with_reader, text.replace("\x00", ""))


def test_split_rows_keep_their_lines():
    from indexer.formats.csvfmt import _read_rows

    # line 2 is blank and line 4 holds only delimiters: both dropped, the others keep their numbers
    rows, starts = _read_rows("a\tb\n\nc\td\n\t\t\ne\tf\n", "\t")
    assert rows == [["a", "b"], ["c", "d"], ["e", "f"]] and starts == [1, 3, 5]


def test_delimiter_without_the_sniffer_when_one_candidate_is_consistent():
    # every line splits in two on the tab and never on the others: the tab, for .csv as for .tsv
    assert detect_delimiter("a\tb\nc\td\ne\tf\n") == "\t"
    # tab and comma both split every line consistently: the sniffer decides (its answer, the tab
    # here, is as good as the most consistent candidate)
    assert detect_delimiter("a,b\tc\nd,e\tf\n", preferred="\t") in (",", "\t")


_CELL = st.lists(
    st.sampled_from(["a", "b c", " ", "  ", "|", "\n", "\t", "\xa0", "\u2028", "-", ""]), max_size=4
)


@settings(max_examples=150, deadline=None)
@given(
    header=st.one_of(st.none(), st.lists(_CELL.map("".join), max_size=4).map(tuple)),
    rows=st.lists(st.lists(_CELL.map("".join), max_size=5).map(tuple), max_size=6).map(tuple),
)
def test_csv_table_rendering_equals_the_model(header, rows):
    # cells full of what table_cell cleans (runs of spaces, pipes, newlines, tabs, other spaces),
    # empty cells and ragged rows: the CSV renderer's whole-text checks must never miss one
    from indexer.formats.csvfmt import render_csv_table

    assert render_csv_table(header, rows) == render_table(header, rows)
    # the source the cells came from holds every character of every cell (and a quote, as a
    # reader's source would for a cell with a line break): the same table
    cells = [*(header or ()), *(c for r in rows for c in r)]
    source = '"' + "\t".join(cells)
    assert render_csv_table(header, rows, source) == render_table(header, rows)
    if not any("\n" in c or "\r" in c for c in cells):  # as split from lines: no quote needed
        assert render_csv_table(header, rows, source[1:]) == render_table(header, rows)


def test_csv_table_rendering_by_hand():
    from indexer.formats.csvfmt import render_csv_table

    # an empty cell stays "|  |"; a cell with a pipe, a double space and a newline is cleaned
    assert render_csv_table(("a", "b"), (("1", ""), ("x|y", "p  q\nr"))) == (
        "| a | b |\n| --- | --- |\n| 1 |  |\n| x\\|y | p q r |"
    )
    # told the source: its pipe and its quote still send the cells to be cleaned
    source = 'a,b\n1,\nx|y,"p  q\nr"\n'
    assert render_csv_table(("a", "b"), (("1", ""), ("x|y", "p  q\nr")), source) == (
        "| a | b |\n| --- | --- |\n| 1 |  |\n| x\\|y | p q r |"
    )


def test_a_title_line_over_the_header_is_kept_as_text():
    data = b"Stanley Cups,,\r\nTeam,Location,Cups\r\nBlues,STL,1\r\nFlyers,PHI,2\r\n"
    doc = extract_csv(data, CTX)
    title, table = doc.blocks
    assert (title.text, title.lines) == ("Stanley Cups", (1, 1))
    assert table.header == ("Team", "Location", "Cups")
    assert table.rows == (("Blues", "STL", "1"), ("Flyers", "PHI", "2"))
    assert table.row_numbers == (3, 4)


def test_a_first_line_of_one_cell_above_data_rows_is_no_title():
    # no header follows it: the single cell is data like the rest
    doc = extract_csv(b"7,,\n1,2,3\n4,5,6\n", CTX)
    (table,) = doc.blocks
    assert table.header is None and table.rows[0] == ("7", "", "")


def test_real_csv_with_a_title_line(real_world):
    # kreuzberg_stanley_cups.csv: "Stanley Cups,," then "Team,Location,Stanley Cups" and 3 teams
    doc = extract_csv((real_world / "csv/kreuzberg_stanley_cups.csv").read_bytes(), CTX)
    assert doc.blocks[0].text == "Stanley Cups"
    assert doc.blocks[1].header == ("Team", "Location", "Stanley Cups")
    assert doc.blocks[1].rows[0] == ("Blues", "STL", "1")


def test_excel_sep_line_names_the_delimiter_and_is_no_row():
    # Excel writes "sep=;" on the first line to name the delimiter; it is no row, and here a
    # comma would otherwise split the decimal commas. Lines: 1 the hint, 2 header, 3 and 4 rows.
    data = "sep=;\r\nname;price;note\r\nApfel;1,20;rot, süß\r\nBirne;2,30;gelb\r\n".encode("cp1252")
    doc = extract_csv(data, CTX)
    assert doc.metadata["delimiter_detected"] == ";"
    (block,) = doc.blocks
    assert block.header == ("name", "price", "note")
    assert block.rows == (("Apfel", "1,20", "rot, süß"), ("Birne", "2,30", "gelb"))
    assert block.row_numbers == (3, 4) and block.lines == (2, 4)
    assert "sep=" not in block.text
    # a tab named in a .csv file
    (tabbed,) = extract_csv(b"sep=\t\na,b\tc\n1,5\t2\n", CTX).blocks
    assert tabbed.header == ("a,b", "c") and tabbed.rows == (("1,5", "2"),)


def test_a_first_row_of_years_in_order_over_figures_is_the_header():
    # a report's years are numbers, so each year column voted the row data ("Column 2: 10")
    data = b"Region,2021,2022,2023\r\nNorth,10,12,15\r\nSouth,8,9,11\r\n"
    (table,) = extract_csv(data, CTX).blocks
    assert table.header == ("Region", "2021", "2022", "2023")
    assert table.rows == (("North", "10", "12", "15"), ("South", "8", "9", "11"))
    assert table.row_numbers == (2, 3) and table.meta["has_header"] is True
    chunks = indexer.get_chunks(data, filename="report.csv")
    assert chunks[0]["content"].splitlines()[0] == "Region: North | 2021: 10 | 2022: 12 | 2023: 15"
    # month ends falling, tab-separated, padded cells, under a title line
    data = b"Balance\t\t\nItem\t 2024-03-31\t2023-12-31\nCash\t1,200.50\t980\nDebt\t(300)\t-250\n"
    title, table = extract_tsv(data, CTX).blocks
    assert title.text == "Balance" and table.row_numbers == (3, 4)
    assert table.header == ("Item", " 2024-03-31", "2023-12-31")
    # years over columns of years, out of order, or beside a number stay data
    assert not infer_header([["Alice", "2019", "2020"], ["Bob", "2018", "2021"]])
    assert not infer_header([["North", "2022", "2021", "2023"], ["South", "8", "9", "11"]])
    assert not infer_header([["North", "7", "2021", "2022"], ["South", "8", "9", "11"]])
