"""Spreadsheet and CSV modes on hand-built table blocks."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from indexer.api import chunk_document
from indexer.errors import InvalidArgument
from indexer.model import CSV, SPREADSHEET, Coverage, Document, Skipped
from indexer.modes import ModeParams, key_for, modes_for

from .helpers import table

HEADER = ("name", "team", "score")
ROWS = [
    ("Ada", "red", "10"),
    ("Bo", "blue", "7"),
    ("Cy", "red", "3"),
    ("Di", "blue", "8"),
    ("Ed", "red", ""),  # an empty cell is left out of the rendering
]


def csv_doc() -> Document:
    # a CSV source: line 1 is the header, data rows on lines 2-6 (row_numbers are source lines)
    block = table(HEADER, ROWS, first_row=2, lines=(1, 6))
    meta = {"delimiter": ",", "encoding": "utf-8", "has_header": True}
    return Document("csv", (block,), text="", family=CSV, metadata=meta)


def sheet_doc() -> Document:
    first = table(HEADER, ROWS, first_row=2, meta={"sheet_name": "Scores", "sheet_index": 0})
    second = table(
        ("k", "v"), [("a", "1"), ("b", "2")], first_row=2, meta={"sheet_name": "Misc", "sheet_index": 1}
    )
    cov = Coverage(skipped=(Skipped("sheet", "Chart1", "chart sheet"),))
    return Document("xlsx", (first, second), family=SPREADSHEET, coverage=cov)


def run(d, mode, **params):
    return [c.to_dict() for c in chunk_document(d, mode, ModeParams(**params))]


def test_mode_lists_and_defaults():
    assert modes_for(CSV) == ("default", "row", "sliding_window", "page_aware")
    assert set(modes_for(SPREADSHEET)) == {
        "default",
        "row",
        "table",
        "sheet",
        "sliding_window",
        "page_aware",
        "semantic",
    }
    assert key_for(CSV, "default", ModeParams()) == "row:rows_per_chunk=3"
    with pytest.raises(
        InvalidArgument,
        match="^unknown mode 'section' for csv files; choose from default, page_aware, row, sliding_window$",
    ):
        run(csv_doc(), "section")


def test_csv_row_groups():
    out = run(csv_doc(), "default")  # 3 rows per chunk by default
    assert [c["content_type"] for c in out] == ["row_group", "row_group"]
    assert out[0]["content"] == (
        "name: Ada | team: red | score: 10\nname: Bo | team: blue | score: 7\nname: Cy | team: red | score: 3"
    )
    assert out[1]["content"] == "name: Di | team: blue | score: 8\nname: Ed | team: red"
    m0, m1 = out[0]["metadata"], out[1]["metadata"]
    assert (m0["row_start"], m0["row_end"], m0["row_count"]) == (1, 3, 3)
    assert (m1["row_start"], m1["row_end"], m1["row_count"]) == (4, 5, 2)
    assert m0["header_row"] == ["name", "team", "score"] and m0["col_count"] == 3
    assert m0["has_header"] is True and m0["delimiter_detected"] == "," and m0["encoding"] == "utf-8"
    assert m0["source_lines"] == [2, 4] and m1["source_lines"] == [5, 6]
    assert m0["row_range"] == [2, 4] and m1["chunk_index"] == 1
    assert [len(c["content"].split("\n")) for c in run(csv_doc(), "row", rows_per_chunk=2)] == [2, 2, 1]
    with pytest.raises(InvalidArgument, match="rows_per_chunk must be greater than 0"):
        run(csv_doc(), "row", rows_per_chunk=0)


def test_csv_windows_and_pages():
    out = run(csv_doc(), "sliding_window")  # 5 rows, size 3, overlap 1 → rows 0-2, 2-4
    assert [c["content_type"] for c in out] == ["row_window", "row_window"]
    assert [c["metadata"]["row_range"] for c in out] == [[2, 4], [4, 6]]
    assert out[1]["content"].startswith("name: Cy")
    out = run(csv_doc(), "page_aware", paragraphs_per_page=4)
    assert [c["metadata"]["row_count"] for c in out] == [4, 1]
    assert {c["content_type"] for c in out} == {"row_group"}


def test_sheet_rows_one_per_chunk():
    out = run(sheet_doc(), "row")
    assert len(out) == 7 and {c["content_type"] for c in out} == {"row_document"}
    m = out[5]["metadata"]  # first row of the second sheet
    assert out[5]["content"] == "k: a | v: 1"
    assert (m["sheet_name"], m["sheet_index"], m["row_index"], m["row_range"]) == ("Misc", 1, 0, [2, 2])
    assert m["skipped_sheets"] == ["Chart1"] and m["actual_row_count"] == 1 and m["rows_per_chunk"] == 1


def test_sheet_table_sheet_regions():
    out = run(sheet_doc(), "table")
    assert [c["content_type"] for c in out] == ["table_region", "table_region"]
    assert out[1]["content"] == "| k | v |\n| --- | --- |\n| a | 1 |\n| b | 2 |"
    out = run(sheet_doc(), "sheet")
    assert [c["metadata"]["sheet_name"] for c in out] == ["Scores", "Misc"]
    assert out[0]["metadata"]["split_part"] is None
    out = run(sheet_doc(), "page_aware")
    assert [c["content_type"] for c in out] == ["sheet_region", "sheet_region"]
    assert out[0]["metadata"]["row_count"] == 5


def test_big_sheet_cut_at_2000_between_rows():
    rows = [(f"row{i:03d}", "x" * 60) for i in range(100)]
    d = Document("xlsx", (table(("id", "text"), rows, meta={"sheet_name": "Big"}),), family=SPREADSHEET)
    for mode in ("table", "sheet", "page_aware", "semantic"):
        out = run(d, mode)
        assert len(out) > 1 and all(len(c["content"]) <= 2000 for c in out), mode
    parts = run(d, "sheet")
    assert [c["metadata"]["split_part"] for c in parts] == list(range(1, len(parts) + 1))
    assert all(c["content"].startswith("| id | text |\n| --- | --- |\n") for c in parts)


def test_sheet_semantic_groups_by_category():
    out = run(sheet_doc(), "semantic")
    scores = [c for c in out if c["metadata"]["sheet_name"] == "Scores"]
    # "team" repeats (2 distinct values over 5 rows); "name" is all distinct; "score" has a blank
    assert [c["metadata"]["category_column"] for c in scores] == ["team", "team"]
    assert [c["metadata"]["category_value"] for c in scores] == ["red", "blue"]
    assert scores[0]["content"].split("\n") == [
        "name: Ada | team: red | score: 10",
        "name: Cy | team: red | score: 3",
        "name: Ed | team: red",
    ]
    assert (scores[0]["metadata"]["start_row"], scores[0]["metadata"]["end_row"]) == (2, 6)
    assert scores[0]["metadata"]["avg_group_size"] == 2.5 and scores[0]["metadata"]["used_fallback"] is False
    misc = [c for c in out if c["metadata"]["sheet_name"] == "Misc"]
    assert misc[0]["metadata"]["used_fallback"] is True  # two rows: no category column


def test_playground_iris_csv(playground):
    from indexer import extract

    d = extract(playground / "iris.csv")
    # iris.csv: a header line and 150 data lines (wc -l), first data line "5.1,3.5,1.4,0.2,Iris-setosa"
    rows = run(d, "default")
    assert len(rows) == 50  # 3 rows per chunk
    assert rows[0]["content"].split("\n")[0] == (
        "sepal length: 5.1 | sepal width: 3.5 | petal length: 1.4 | petal width: 0.2 | class: Iris-setosa"
    )
    m = rows[0]["metadata"]
    assert (m["row_start"], m["row_end"], m["delimiter_detected"], m["has_header"]) == (1, 3, ",", True)
    assert m["source_lines"] == [2, 4]
    assert len(run(d, "sliding_window")) == 75  # starts 0, 2, …, 148
    assert [c["metadata"]["row_count"] for c in run(d, "page_aware")] == [15] * 10


def test_playground_sample_xlsx(playground):
    from indexer import extract

    d = extract(playground / "sample.xlsx")
    rows = run(d, "row")
    # first data row of Sheet1, as the reference documents it for this file
    assert rows[0]["content"] == (
        "0: 1 | First Name: Dulce | Last Name: Abril | Gender: Female | Country: United States | "
        "Age: 32 | Date: 15/10/2017 | Id: 1562"
    )
    assert rows[0]["metadata"]["sheet_name"] == "Sheet1" and rows[0]["metadata"]["row_range"] == [2, 2]
    groups = run(d, "semantic")
    assert {c["metadata"]["category_column"] for c in groups} == {"Gender"}
    assert {c["metadata"]["category_value"] for c in groups} == {"Female", "Male"}
    assert sum(c["metadata"]["row_count"] for c in groups) == len(rows)


cells = st.text(alphabet="ab c|\n漢", max_size=30)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.tuples(cells, cells, cells), min_size=0, max_size=60),
    st.integers(1, 5),
    st.booleans(),
)
def test_tabular_properties(rows, per_chunk, spreadsheet):
    """Every row lands in exactly one chunk of the non-overlapping modes, in order; size caps
    hold unless a chunk is a single row; output is deterministic."""
    from indexer.modes.tabular import Table

    block = table(HEADER, rows, meta={"sheet_name": "S", "sheet_index": 0})
    family = SPREADSHEET if spreadsheet else CSV
    d = Document("xlsx" if spreadsheet else "csv", (block,), family=family)
    rendered = [r for r in Table.of(block).rendered]
    modes = ("row", "table", "sheet", "page_aware", "semantic") if spreadsheet else ("row", "page_aware")
    for mode in modes:
        out = chunk_document(d, mode, ModeParams(rows_per_chunk=per_chunk, paragraphs_per_page=per_chunk))
        if not rows:  # a header-only table is kept as its text
            assert [c.content for c in out] == [block.text], mode
            continue
        assert out == chunk_document(
            d, mode, ModeParams(rows_per_chunk=per_chunk, paragraphs_per_page=per_chunk)
        )
        got = sorted(
            i for c in out for i in range(c.metadata["row_range"][0], c.metadata["row_range"][1] + 1)
        )
        if mode != "semantic":  # semantic groups are not contiguous; their row_count adds up instead
            assert got == list(range(2, 2 + len(rows))), mode
        assert sum(c.metadata.get("row_count", c.metadata.get("actual_row_count", 0)) for c in out) == len(
            rows
        )
        for c in out:
            if mode in ("table", "sheet", "page_aware", "semantic") and len(c.content) > 2000:
                body = c.content.split("\n")
                assert len(body) - (2 if c.content.startswith("|") else 0) == 1, mode
        if mode in ("row", "page_aware"):
            text = "\n".join(c.content for c in out)
            assert [line for line in text.split("\n") if line] == [r for r in rendered if r], mode


def picture_sheet_doc() -> Document:
    # sheet "Scores" holds a table with a chart picture on it; sheet "Logo" holds only a picture
    from indexer.model import IMAGE, Block, Image, assemble

    scores = table(HEADER, ROWS[:2], meta={"sheet_name": "Scores", "sheet_index": 0}, images=("cccc.png",))
    logo = Block(
        IMAGE, "", alt="company logo", images=("llll.png",), meta={"sheet_name": "Logo", "sheet_index": 1}
    )
    imgs = (Image("cccc.png", "png", b"1"), Image("llll.png", "png", b"2", alt="company logo"))
    return assemble("xlsx", [scores, logo], family=SPREADSHEET, images=imgs)


@pytest.mark.parametrize("mode", ["row", "table", "sheet", "sliding_window", "page_aware", "semantic"])
def test_list_images_puts_image_chunks_first(mode):
    d = picture_sheet_doc()
    plain = run(d, mode)
    # without list_images the picture-only sheet is a text chunk carrying its marker
    assert "[Image: company logo]" in [c["content"] for c in plain]
    assert all(c["content_type"] != "image" for c in plain)
    listed = run(d, mode, list_images=True)
    # with it: one image chunk per picture, before everything else, in sheet order
    assert [c["content"] for c in listed[:2]] == ["cccc.png", "llll.png"]
    assert [c["content_type"] for c in listed[:2]] == ["image", "image"]
    assert listed[0]["metadata"]["sheet_name"] == "Scores"
    assert listed[1]["metadata"]["sheet_name"] == "Logo"
    assert listed[1]["metadata"]["alt_text"] == "company logo"
    assert listed[0]["metadata"]["chunk_index"] == 0
    # the picture sheet gives no marker chunk; the table's rows are all still there
    rest = listed[2:]
    assert all(c["content_type"] != "image" and "[Image:" not in c["content"] for c in rest)
    assert [c["content"] for c in rest] == [c["content"] for c in plain if "[Image:" not in c["content"]]
    joined = "\n".join(c["content"] for c in rest)
    assert "Ada" in joined and "Bo" in joined


def test_csv_row_groups_point_at_their_own_source_lines_when_a_field_spans_lines():
    from indexer import chunk_document, extract

    # line 1 header; rows start on lines 2, 3, 5 (row 2's quoted note spans lines 3-4), 6, 7
    data = b'id,note\n1,plain\n2,"first line\nsecond line"\n3,after\n4,four\n5,five\n'
    chunks = [c.to_dict() for c in chunk_document(extract(data, filename="notes.csv"), "row")]
    assert [c["metadata"]["source_lines"] for c in chunks] == [[2, 5], [6, 7]]
    text_lines = data.decode().split("\n")
    first = chunks[0]["metadata"]["source_lines"]
    assert text_lines[first[0] - 1].startswith("1,") and text_lines[first[1] - 1] == "3,after"


@settings(max_examples=120, deadline=None)
@given(
    text=st.lists(st.sampled_from(list('ab ,\n"') + ["x y", "\n\n", '"p\nq"']), max_size=60).map("".join),
    per_chunk=st.integers(1, 4),
)
def test_csv_row_groups_made_directly_equal_the_drafts(text, per_chunk):
    # the direct path for a CSV table must give the chunks the general path (drafts completed by
    # _finish) gives: same text, same metadata keys in the same order, same values
    from indexer.formats.csvfmt import extract_csv
    from indexer.limits import ExtractContext
    from indexer.modes.tabular import _csv_group_drafts, _finish, _units

    doc = extract_csv(text.encode(), ExtractContext())
    if not doc.blocks:
        return
    params = ModeParams(rows_per_chunk=per_chunk)
    direct = chunk_document(doc, "row", params)
    units, _ = _units(doc, params)
    general = _finish(doc, _csv_group_drafts(doc, units, per_chunk))
    assert [(c.content, c.content_type, list(c.metadata.items())) for c in direct] == [
        (c.content, c.content_type, list(c.metadata.items())) for c in general
    ]


@settings(max_examples=120, deadline=None)
@given(
    text=st.lists(st.sampled_from(list('ab ,\n"') + ["x y", "\n\n", '"p\nq"']), max_size=60).map("".join),
    window=st.integers(1, 5),
    overlap=st.integers(0, 4),
)
def test_csv_row_windows_made_directly_equal_the_drafts(text, window, overlap):
    # the direct path for a CSV table's windows must give what the general path (window drafts
    # completed by _finish) gives: same text, same metadata keys in the same order, same values
    from indexer.formats.csvfmt import extract_csv
    from indexer.limits import ExtractContext
    from indexer.modes.tabular import _csv_table_windows, _finish, _units, _windows

    doc = extract_csv(text.encode(), ExtractContext())
    if not doc.blocks or overlap >= window:
        return
    params = ModeParams(window_size=window, overlap=overlap)
    units, drafts = _units(doc, params)
    general = _finish(doc, _windows(units, drafts, window, overlap, csv=True))
    out = chunk_document(doc, "sliding_window", params)
    assert [(c.content, c.content_type, list(c.metadata.items())) for c in out] == [
        (c.content, c.content_type, list(c.metadata.items())) for c in general
    ]
    if len(units) == 1 and units[0].__class__.__name__ == "Table":
        # and the direct path is the one taken for a plain table
        direct = _csv_table_windows(doc, units[0], window, overlap)
        assert [(c.content, list(c.metadata.items())) for c in direct] == [
            (c.content, list(c.metadata.items())) for c in general
        ]


def _sheet_rows_by_drafts(doc: Document, size: int):
    """The spreadsheet row mode as drafts completed by _finish (the general path)."""
    from indexer.model import Block
    from indexer.modes.tabular import _finish, _row_groups, _sheet_meta, _skipped_sheets, _text_draft, _units

    params = ModeParams(rows_per_chunk=size)
    units, drafts = _units(doc, params)
    for unit in units:
        if isinstance(unit, Block):
            drafts += _text_draft("row_document", unit, _sheet_meta(unit))
            continue
        for group in _row_groups(unit, size):
            meta = _sheet_meta(unit.block) | {
                "row_index": group[0],
                "header_row": list(unit.names),
                "col_count": len(unit.names),
                "rows_per_chunk": size,
                "actual_row_count": len(group),
            }
            text = "\n".join(unit.rendered[i] for i in group)
            drafts.append(unit.draft("row_document", group, text, meta))
    return _finish(doc, drafts, {"skipped_sheets": _skipped_sheets(doc)})


@settings(max_examples=150, deadline=None)
@given(
    rows=st.lists(
        st.tuples(st.sampled_from(["a", "", "b c"]), st.sampled_from(["1", "x"])), min_size=1, max_size=9
    ),
    numbers=st.sampled_from(["ascending", "shuffled", "none"]),
    lines=st.sampled_from(["assembled", "none", "wide"]),
    extra=st.sampled_from([{}, {"href": "x"}, {"record_range": [3, 4]}]),
    page=st.sampled_from([None, 2]),
    size=st.integers(1, 3),
    title=st.booleans(),
)
def test_sheet_row_chunks_made_directly_equal_the_drafts(rows, numbers, lines, extra, page, size, title):
    # sheets whose row chunks are made directly (plain provenance) and the others must give what
    # the drafts give: same text, same metadata keys in the same order, same values
    from dataclasses import replace

    from indexer.model import PARAGRAPH, TABLE, Block, assemble, render_table

    nums = tuple(range(3, 3 + len(rows)))
    if numbers == "shuffled":
        nums = tuple(reversed(nums))
    elif numbers == "none":
        nums = ()
    meta = {"sheet_name": "S", "sheet_index": 0, **extra}
    block = Block(
        TABLE,
        render_table(("k", "v"), rows),
        header=("k", "v"),
        rows=tuple(rows),
        row_numbers=nums,
        meta=meta,
    )
    blocks = [Block(PARAGRAPH, "Title", meta={"sheet_name": "S", "row_range": [1, 1]})] if title else []
    doc = assemble("xlsx", [*blocks, replace(block, page=page)], family=SPREADSHEET)
    if lines != "assembled":
        span = {"none": None, "wide": (1, 99)}[lines]
        doc = replace(doc, blocks=tuple(replace(b, lines=span) for b in doc.blocks))
    direct = chunk_document(doc, "row", ModeParams(rows_per_chunk=size))
    general = _sheet_rows_by_drafts(doc, size)
    assert [(c.content, c.content_type, list(c.metadata.items())) for c in direct] == [
        (c.content, c.content_type, list(c.metadata.items())) for c in general
    ]
