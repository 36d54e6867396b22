"""``chunk_dicts`` (what ``get_chunks`` returns) gives exactly ``[c.to_dict() for c in chunks]``,
and every chunk its own dicts and lists, though the chunks share their document metadata."""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType

import pytest

from indexer import chunk_document, extract, get_chunks
from indexer.formats import registry as formats
from indexer.model import Chunk, chunk_dicts
from indexer.modes import registry as modes

SAMPLE = Path(__file__).resolve().parents[2] / "sample_corpus"
FILES = sorted(
    p
    for p in SAMPLE.rglob("*")
    if p.is_file()
    and formats.for_extension(formats.suffix_of(p.name)) is not None
    and p.name not in ("encrypted.pdf", "scanned.pdf")  # (they fail, as they should)
)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(SAMPLE).as_posix())
def test_equals_to_dict_in_every_mode(path):
    doc = extract(path)
    for mode in modes.modes_for(doc.family):
        chunks = chunk_document(doc, mode)
        assert chunk_dicts(chunks) == [c.to_dict() for c in chunks], mode


def test_each_chunk_gets_its_own_copies():
    chunks = get_chunks(SAMPLE / "office" / "inspection_report.docx")
    assert len(chunks) > 2
    first, second = chunks[0]["metadata"], chunks[1]["metadata"]
    assert first["document_metadata"] == second["document_metadata"]
    first["document_metadata"]["title"] = "changed"
    first["heading_path"].append("changed")
    assert second["document_metadata"]["title"] != "changed"
    assert "changed" not in second["heading_path"]


def test_unusual_values_take_the_general_conversion():
    shared = {"tags": ("a", "b"), "nested": {"k": 1}}
    proxy = MappingProxyType({"x": [1, (2, 3)]})
    chunks = [
        Chunk("one", "paragraph", {"document_metadata": shared, "m": proxy, 3: b"raw"}),
        Chunk("two", "paragraph", MappingProxyType({"document_metadata": shared, "p": [("a", 1)]})),
    ]
    out = chunk_dicts(chunks)
    assert out == [c.to_dict() for c in chunks]
    assert out[0]["metadata"] == {
        "document_metadata": {"tags": ["a", "b"], "nested": {"k": 1}},
        "m": {"x": [1, [2, 3]]},
        "3": None,
    }
    out[0]["metadata"]["document_metadata"]["nested"]["k"] = 2
    assert out[1]["metadata"]["document_metadata"]["nested"]["k"] == 1


def test_alternating_shared_mappings_each_copied_from_its_own():
    # two documents' metadata interleaved: each chunk must get a copy of its own mapping, though
    # the conversion remembers the mapping it met last
    one, two = {"title": "one"}, MappingProxyType({"title": "two", "pages": 3})
    chunks = [
        Chunk(str(i), "paragraph", {"document_metadata": m, "heading_path": ["h", str(i)]})
        for i, m in enumerate([one, two, one, one, two])
    ]
    out = chunk_dicts(chunks)
    assert out == [c.to_dict() for c in chunks]
    assert [d["metadata"]["document_metadata"]["title"] for d in out] == ["one", "two", "one", "one", "two"]
    out[2]["metadata"]["document_metadata"]["title"] = "changed"
    out[2]["metadata"]["heading_path"].append("changed")
    assert out[3]["metadata"]["document_metadata"]["title"] == "one"
    assert one["title"] == "one" and chunks[2].metadata["heading_path"] == ["h", "2"]


def test_keys_and_their_order_are_those_of_to_dict():
    # a key that is not a str turns the whole chunk over to the general conversion: the keys,
    # read by hand, keep their order with 7 written as "7"; a plain chunk keeps its order too
    chunks = [
        Chunk("a", "paragraph", {"z": 1, 7: (1, 2), "a": [3], "m": None}),
        Chunk("b", "paragraph", {"z": [(1, 2)], "b": "x", "a": {"k": (1,)}}),
    ]
    out = chunk_dicts(chunks)
    assert out == [c.to_dict() for c in chunks]
    assert list(out[0]["metadata"].items()) == [("z", 1), ("7", [1, 2]), ("a", [3]), ("m", None)]
    assert list(out[1]["metadata"].items()) == [("z", [[1, 2]]), ("b", "x"), ("a", {"k": [1]})]
