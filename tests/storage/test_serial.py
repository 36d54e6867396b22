"""The store's fast serialisation gives exactly what the model's own to_json / to_dict give."""

from __future__ import annotations

import enum
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from indexer import chunk_document, extract
from indexer.errors import ChunkscopeError
from indexer.model import IMAGE, LIST, PARAGRAPH, TABLE, Block, Coverage, Document, Image, ListItem, Skipped
from indexer.provenance import chunk_id
from storage.serial import (
    ChunkIds,
    array_document_json,
    array_document_utf8,
    chunk_rows_of,
    compact_document_json,
    document_from_array_json,
    document_json,
    dumps,
)


def check_chunk(chunk, ordinal: int) -> None:
    plain = chunk.to_dict()
    assert dumps(chunk.metadata) == json.dumps(
        plain["metadata"], ensure_ascii=False, sort_keys=True, separators=(",", ":")
    )
    # the store computes ids from the chunk's own metadata mapping: the same ids as from the dict
    assert chunk_id("a/b.md", "structural", chunk.metadata, chunk.content, ordinal) == chunk_id(
        "a/b.md", "structural", plain["metadata"], plain["content"], ordinal
    )
    # … and with its faster ChunkIds, the very same ids (a path and key that need JSON escaping)
    path, key = 'dir "q"/b\\ü.md', "sliding_window:window_size=3,overlap=1"
    assert ChunkIds(path, key)(chunk.metadata, chunk.content, ordinal) == chunk_id(
        path, key, plain["metadata"], plain["content"], ordinal
    )


def synthetic() -> Document:
    return Document(
        source_type="md",
        blocks=(
            Block(
                PARAGRAPH, "Ünïcödé “quotes” and 中文", lines=(1, 1), page=2, meta={"href": "x", "n": [1, 2]}
            ),
            Block(LIST, "a\n  b", items=(ListItem("a"), ListItem("b", 1, True)), lines=(3, 4)),
            Block(
                TABLE,
                "| h |",
                header=("h",),
                rows=(("1",), ("2",)),
                row_numbers=(2, 3),
                meta={"row_range": [2, 3]},
            ),
            Block(IMAGE, "", images=("abc.png",), alt="a picture"),
        ),
        text="whatever",
        images=(Image("abc.png", "png", b"\x89PNG", width=1, height=2, meta={"page": 1}),),
        metadata={"title": "T", "nested": {"k": [1, 2.5, None, True]}},
        coverage=Coverage(pages_total=3, empty_pages=(2,), skipped=(Skipped("image", "x.emf", "format"),)),
    )


def test_synthetic_document_and_its_chunks_match_the_model():
    doc = synthetic()
    assert document_json(doc) == doc.to_json()
    assert Document.from_json(document_json(doc)).blocks == doc.blocks
    # the stored form leaves defaults out and reads back to the same Document as the full form
    compact = compact_document_json(doc)
    assert Document.from_json(compact) == Document.from_json(doc.to_json())
    assert len(compact) < len(doc.to_json())
    # the image block has no lines, page, rows … ; the table block keeps its header and rows
    blocks = json.loads(compact)["blocks"]
    assert blocks[3] == {"kind": "image", "text": "", "images": ["abc.png"], "alt": "a picture"}
    assert blocks[2]["header"] == ["h"] and blocks[2]["rows"] == [["1"], ["2"]]
    assert "data" not in json.loads(compact)["images"][0]
    for ordinal, chunk in enumerate(chunk_document(doc, "default")):
        check_chunk(chunk, ordinal)


def extracted(folder: Path) -> list[tuple[str, Document]]:
    """(name, Document) of each file of ``folder`` that extracts; at least five of them."""
    out = []
    for path in sorted(folder.iterdir()):
        try:
            out.append((path.name, extract(path)))
        except ChunkscopeError:
            continue
    if len(out) < 5:
        pytest.fail(f"only {len(out)} documents of {folder} could be extracted")
    return out


def test_real_documents_match_the_model(playground):
    for name, doc in extracted(playground):
        assert document_json(doc) == doc.to_json(), name
        assert Document.from_json(compact_document_json(doc)) == Document.from_json(doc.to_json()), name
        for ordinal, chunk in enumerate(chunk_document(doc, "default")):
            check_chunk(chunk, ordinal)


_values = st.one_of(
    st.none(),
    st.integers(-5, 10**6),
    st.text(max_size=8),
    st.lists(st.integers(0, 99), max_size=3).map(tuple),
)


@settings(max_examples=200, deadline=None)
@given(
    path=st.text(min_size=1, max_size=20),
    key=st.text(max_size=20),
    content=st.text(max_size=60),
    ordinal=st.integers(0, 10**6),
    metadata=st.dictionaries(
        st.sampled_from(["source_lines", "page_number", "sheet_name", "row_range", "heading_path", "x"]),
        _values,
        max_size=5,
    ),
)
def test_chunk_ids_equal_the_provenance_chunk_id(path, key, content, ordinal, metadata):
    assert ChunkIds(path, key)(metadata, content, ordinal) == chunk_id(path, key, metadata, content, ordinal)


# -- the stored array form ----------------------------------------------------------------------


def test_array_form_reads_back_what_the_compact_form_reads(playground):
    doc = synthetic()
    images = {"abc.png": b"\x89PNG"}
    stored = array_document_json(doc)
    assert document_from_array_json(stored, images) == Document.from_json(compact_document_json(doc), images)
    # "whatever" is not the blocks' texts joined: the text is stored as it is
    assert json.loads(stored)[1][2] == "whatever"
    checked = 0
    for path in sorted(playground.iterdir()):
        try:
            doc = extract(path)
        except ChunkscopeError:
            continue
        images = {im.name: im.data for im in doc.images}
        expected = Document.from_json(compact_document_json(doc), images)
        assert document_from_array_json(array_document_json(doc), images) == expected, path.name
        checked += 1
    assert checked >= 5


def test_array_form_stores_an_assembled_text_once():
    from indexer.model import HEADING, assemble

    doc = assemble(
        "pdf",
        [Block(HEADING, "Pumps", level=1, page=1), Block(PARAGRAPH, "A pump\nmoves water.", page=1)],
    )
    assert doc.text == "Pumps\n\nA pump\nmoves water."  # assemble joins the blocks with a blank line
    stored = array_document_json(doc)
    header, values = json.loads(stored)
    assert values[header["fields"]["Document"].index("text")] is None
    assert stored.count("moves water") == 1
    back = document_from_array_json(stored)
    assert back.text == doc.text and back == Document.from_json(compact_document_json(doc))


def test_array_form_writes_list_items_and_meta_as_arrays_and_objects():
    stored = array_document_json(synthetic())
    # Block fields in model order: kind, text, level, lines, page, items, rows, header, row_numbers,
    # images, alt, meta; a ListItem as [text, level, ordered, number]; no meta given -> {}
    assert (
        '["list","a\\n  b",0,[3,4],null,[["a",0,false,null],["b",1,true,null]],[],null,[],[],null,{}]'
        in stored
    )
    assert '["image","",0,null,null,[],[],null,[],["abc.png"],"a picture",{}]' in stored
    # a block's meta with keys as given, in the order given
    assert (
        '["paragraph","Ünïcödé “quotes” and 中文",0,[1,1],2,[],[],null,[],[],null,{"href":"x","n":[1,2]}]'
        in stored
    )


def test_array_form_maps_fields_by_name():
    """A Document stored by a model with other fields: a field unknown now is ignored, a field the
    stored header lacks gets its default."""
    doc = synthetic()
    header, values = json.loads(array_document_json(doc))
    names = header["fields"]["Block"]
    alt_at = names.index("alt")
    header["fields"]["Block"] = [n for n in names if n != "alt"] + ["colour"]
    values[1] = [[v for i, v in enumerate(b) if i != alt_at] + ["red"] for b in values[1]]
    back = document_from_array_json(json.dumps([header, values]))
    assert [b.alt for b in back.blocks] == [None, None, None, None]  # "a picture" was dropped with the field
    assert [b.text for b in back.blocks] == [b.text for b in doc.blocks]
    assert back.blocks[1].items == doc.blocks[1].items and back.blocks[2].rows == doc.blocks[2].rows
    header["format"] = 99
    with pytest.raises(ValueError, match="unknown stored document format"):
        document_from_array_json(json.dumps([header, values]))


def test_array_form_utf8_is_the_standard_encoders_bytes(playground):
    pytest.importorskip("orjson")
    doc = synthetic()
    # control characters, quotes, backslashes, non-BMP and line separators, escaped as json.dumps does
    odd = "".join(map(chr, range(32))) + '"\\ \u2028\u2029\ufeff\U0001f600 \x7f'
    doc = Document(
        doc.source_type, (*doc.blocks, Block(PARAGRAPH, odd, meta={"k": {"n": [odd, None]}})), text=odd
    )
    assert array_document_utf8(doc) == array_document_json(doc).encode("utf-8")
    for name, real in extracted(playground):
        assert array_document_utf8(real) == array_document_json(real).encode("utf-8"), name


@pytest.mark.parametrize(
    "value",
    [
        float("nan"),
        1e-05,
        1e16,
        2**70,
        {1: "int key"},
        ("a", [0.5]),
        __import__("datetime").date(2024, 4, 13),
    ],
)
def test_array_form_utf8_leaves_what_it_may_write_otherwise_to_the_standard_encoder(value):
    """The quicker writer writes NaN as null, 1e-05 as 0.00001, a date as a string; the standard
    encoder writes NaN, 1e-05, and refuses a date. Such a Document is left to the standard
    encoder (None), and the stored form is the standard one."""
    import zlib

    from storage.job import _compress_document

    pytest.importorskip("orjson")
    doc = Document("md", (Block(PARAGRAPH, "x", meta={"v": value}),), text="x")
    assert array_document_utf8(doc) is None
    plain = Document("md", (Block(PARAGRAPH, "x", meta={"v": "1"}),), text="x")
    assert array_document_utf8(plain) == array_document_json(plain).encode("utf-8")
    if isinstance(value, float):  # the standard encoder writes these: the stored form is its text
        assert zlib.decompress(_compress_document(doc)).decode("utf-8") == array_document_json(doc)
        assert ("NaN" if value != value else repr(value)) in array_document_json(doc)


# -- chunk rows a column at a time ------------------------------------------------------------


def one_at_a_time(chunks, path: str, key: str) -> list[tuple]:
    ids = ChunkIds(path, key)
    return [
        (ids(c.metadata, c.content, i), i, c.content, c.content_type, dumps(c.metadata))
        for i, c in enumerate(chunks)
    ]


def test_chunk_rows_of_real_tables_equal_one_chunk_at_a_time(playground, sample_corpus):
    from indexer.modes.registry import modes_for

    path, key = 'dir "q"/b\\ü.csv', "row:rows_per_chunk=3"
    files = [playground / "iris.csv", playground / "sample.xlsx", playground / "sample.md"]
    files += sorted(p for p in sample_corpus.iterdir() if p.suffix in (".csv", ".tsv", ".xlsx", ".ods"))
    checked = 0
    for file in files:
        doc = extract(file)
        for mode in modes_for(doc.family):
            chunks = chunk_document(doc, mode)
            rows = chunk_rows_of(chunks, path, key)
            assert rows == one_at_a_time(chunks, path, key), (file.name, mode)
            # the ids are the provenance module's own
            assert [r[0] for r in rows[:3]] == [
                chunk_id(path, key, c.metadata, c.content, i) for i, c in enumerate(chunks[:3])
            ]
            checked += len(chunks) >= 8  # long enough for the column-wise path
    assert checked >= 6
    iris = chunk_rows_of(chunk_document(extract(playground / "iris.csv")), path, key)
    # iris.csv has 150 data rows after its header: 50 groups of 3; the first covers lines 2-4
    assert len(iris) == 50
    first = json.loads(iris[0][4])
    assert first["source_lines"] == [2, 4] and first["row_range"] == [2, 4] and first["row_count"] == 3


def test_chunk_columns_give_the_rows_and_cross_a_pickle_as_four_lists(playground):
    import pickle

    from storage.serial import ChunkColumns, chunk_columns_of

    path, key = "a/iris.csv", "row:rows_per_chunk=3"
    chunks = chunk_document(extract(playground / "iris.csv"))
    columns = chunk_columns_of(chunks, path, key)
    rows = one_at_a_time(chunks, path, key)
    assert list(columns) == rows and columns == rows and len(columns) == 50
    assert columns[0] == rows[0] and columns[-1] == rows[-1] and columns[-1][1] == 49
    assert columns.chars == sum(len(c.content) for c in chunks)
    back = pickle.loads(pickle.dumps(columns, protocol=pickle.HIGHEST_PROTOCOL))
    assert type(back) is ChunkColumns and list(back) == rows
    # no tuple per chunk in the pickle: the contents are one list
    assert back.contents == [c.content for c in chunks]
    # fewer than 8 chunks take the chunk-at-a-time path, with the same result
    few = chunks[:3]
    assert list(chunk_columns_of(few, path, key)) == one_at_a_time(few, path, key)
    assert list(chunk_columns_of([], path, key)) == [] and len(chunk_columns_of([], path, key)) == 0


_cells = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**18), 10**18),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=6),
    st.lists(st.integers(-3, 10**6), min_size=2, max_size=2),
    st.lists(st.integers(0, 9), max_size=3).map(tuple),
    st.lists(st.text(max_size=3), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(0, 9), max_size=2),
)
_keys = st.sampled_from(["source_lines", "row_range", "sheet_name", "page_number", "a%s", 'q"k', "z", "ü"])


@settings(max_examples=150, deadline=None)
@given(
    shapes=st.lists(st.dictionaries(_keys, _cells, max_size=6), min_size=1, max_size=3),
    picks=st.lists(st.tuples(st.integers(0, 2), st.booleans()), min_size=8, max_size=30),
    contents=st.lists(st.text(max_size=20), min_size=30, max_size=30),
)
def test_chunk_rows_of_equal_one_chunk_at_a_time(shapes, picks, contents):
    """Chunks drawn from a few metadata templates, sharing their values (the same objects) or
    with copies, in any order: the same rows as one chunk at a time."""
    import copy

    from indexer.model import Chunk

    chunks = []
    for i, (which, shared) in enumerate(picks):
        meta = shapes[which % len(shapes)]
        chunks.append(Chunk(contents[i], "row_group", dict(meta) if shared else copy.deepcopy(meta)))
    assert chunk_rows_of(chunks, "p.csv", "row") == one_at_a_time(chunks, "p.csv", "row")


def test_chunk_rows_of_keys_that_are_not_strings():
    from indexer.model import Chunk

    # the encoder writes integer keys as strings, sorted as integers
    chunks = [Chunk(str(i), "x", {10: i, 9: [i, i]}) for i in range(10)]
    assert chunk_rows_of(chunks, "p", "k") == one_at_a_time(chunks, "p", "k")
    assert chunk_rows_of(chunks, "p", "k")[4][4] == '{"9":[4,4],"10":4}'


class Ordinal(enum.IntEnum):
    THIRD = 3


@pytest.mark.parametrize(
    "pairs",
    [
        [[[1, 2], [3]], [[5], [6, 7]]],  # two lists each, of lists: not ranges
        [[True, 2], [3, 4]],
        [[1.0, 2], [3, 4]],
        [[1, None], [3, 4]],
        [[10**30, 1], (2, -3)],
        [[Ordinal.THIRD, 2], [3, 4]],
    ],
)
def test_chunk_rows_of_pairs_that_are_not_integer_ranges(pairs):
    """Line and row ranges are written a column at a time, told from their text: two-item lists
    of anything else are written as the encoder writes each one."""
    from indexer.model import Chunk

    chunks = [
        Chunk(str(i), "x", {"source_lines": pairs[i % 2], "row_range": pairs[(i + 1) % 2], "n": pairs[i % 2]})
        for i in range(10)
    ]
    assert chunk_rows_of(chunks, "p", "k") == one_at_a_time(chunks, "p", "k")


@settings(max_examples=300, deadline=None)
@given(
    texts=st.lists(
        st.text(
            alphabet=st.sampled_from(list('ab \n\n"\\\t\r\x00\x1f\x7fü\u2028中') + ["\ud800"]), max_size=12
        )
        | st.text(alphabet="xy \n", max_size=12),
        min_size=1,
        max_size=5,
    )
)
def test_contents_quoted_as_the_encoder_quotes_them(texts):
    # most chunk texts need no escape but their newlines: those are quoted by replacing them
    from storage.serial import _quote, _quoted

    assert list(_quoted(texts)) == list(map(_quote, texts))


def test_chunk_ids_of_contents_that_need_escapes_equal_the_provenance_ids():
    """Contents with quotes, backslashes, control characters and characters past the BMP hash as
    the JSON text the provenance id is made of, whichever quoting path the column-wise ids take;
    a lone surrogate fails as it fails one chunk at a time."""
    from indexer.model import Chunk
    from storage.serial import chunk_columns_of

    odd = [
        'say "hi"',
        "back\\slash",
        "tab\tnew\nline",
        "".join(map(chr, range(32))),
        "é😀\u2028",
        "",
        "plain",
    ]
    chunks = [Chunk(text, "text", {"source_lines": [i, i + 1], "n": i}) for i, text in enumerate(odd * 2)]
    path, key = "a/b.txt", "structural"
    ids = chunk_columns_of(chunks, path, key).ids
    assert ids == [chunk_id(path, key, c.metadata, c.content, i) for i, c in enumerate(chunks)]
    bad = [*chunks[:9], Chunk("lone \ud800", "text", {"source_lines": [9, 9], "n": 9})]
    with pytest.raises(UnicodeEncodeError):
        ChunkIds(path, key)(bad[-1].metadata, bad[-1].content, 9)
    with pytest.raises(UnicodeEncodeError):
        chunk_columns_of(bad, path, key)
