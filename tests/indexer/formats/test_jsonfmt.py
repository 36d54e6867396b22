"""JSON family: one block per record, record_range, envelopes, invalid JSON read as text."""

from __future__ import annotations

import indexer
from indexer.formats.jsonfmt import extract_json, extract_jsonl, extract_ndjson
from indexer.model import HEADING, LIST, PARAGRAPH

from ._text_helpers import CTX, SAMPLES, assert_lines_valid


def test_orders_json_chunks(playground):
    chunks = indexer.get_chunks(playground / "orders.json")
    assert len(chunks) == 3  # the file is an array of three orders
    meta = {"source_type": "json", "record_count": 3, "top_level": "array", "envelope_key": None}
    first, second, third = chunks
    assert first["content_type"] == second["content_type"] == third["content_type"] == "bullet_list"
    # order A-1042: Ada Lovelace, shipped, 128.5, two items, shipping to London
    assert first["content"].splitlines()[:4] == [
        "order_id: A-1042",
        "customer: Ada Lovelace",
        "status: shipped",
        "total: 128.5",
    ]
    assert "  0:\n    sku: KBD-01\n    name: Mechanical keyboard\n    qty: 1" in first["content"]
    assert first["content"].endswith("shipping:\n  city: London\n  country: UK\n  expedited: true")
    assert first["metadata"]["record_range"] == [0, 0]
    assert first["metadata"]["document_metadata"] == meta
    # A-1043: total written "54.0" in the file, kept as written
    assert "total: 54.0" in second["content"] and "customer: Grace Hopper" in second["content"]
    assert second["metadata"]["record_range"] == [1, 1]
    assert "    sku: CBL-22\n    name: USB-C cable\n    qty: 3" in third["content"]  # A-1044's third item
    assert third["metadata"]["record_range"] == [2, 2]


def test_sample_array_jsonl_and_ndjson():
    doc = extract_json((SAMPLES / "data" / "tide_stations.json").read_bytes(), CTX)
    assert doc.metadata["record_count"] == 3 and doc.metadata["top_level"] == "array"
    second = doc.blocks[1]
    assert second.kind == LIST
    assert ("sensors: tide", 0) in [(i.text, i.level) for i in second.items]
    assert ("access: via the pier gate, key at the harbour office", 1) in [
        (i.text, i.level) for i in second.items
    ]
    assert_lines_valid(doc)
    lines = extract_jsonl((SAMPLES / "data" / "service_events.jsonl").read_bytes(), CTX)
    assert lines.source_type == "jsonl"
    assert dict(lines.metadata) == {
        "source_type": "jsonl",
        "record_count": 4,
        "top_level": "lines",
        "envelope_key": None,
    }
    assert lines.blocks[2].text.splitlines()[3] == "msg: upload failed, retrying"
    assert [b.meta["record_range"] for b in lines.blocks] == [[0, 0], [1, 1], [2, 2], [3, 3]]
    nd = extract_ndjson((SAMPLES / "data" / "tide_readings.ndjson").read_bytes(), CTX)
    assert nd.metadata["record_count"] == 3
    assert nd.blocks[2].text.splitlines()[-1] == "wind_kn: null"


def test_envelope_object():
    data = b'{"version": 2, "cursor": "abc", "data": [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]}'
    doc = extract_json(data, CTX)
    assert doc.metadata["envelope_key"] == "data" and doc.metadata["record_count"] == 3
    # the envelope's key is a heading before the records it holds (not a record itself)
    assert [(b.kind, b.level, b.text) for b in doc.blocks] == [
        (LIST, 0, "version: 2\ncursor: abc"),
        (HEADING, 1, "data"),
        (LIST, 0, "id: 1\nname: a"),
        (LIST, 0, "id: 2\nname: b"),
    ]
    assert [b.meta.get("record_range") for b in doc.blocks] == [[0, 0], None, [1, 1], [2, 2]]
    assert doc.text == "version: 2\ncursor: abc\n\ndata\n\nid: 1\nname: a\n\nid: 2\nname: b"
    assert [b.lines for b in doc.blocks] == [(1, 2), (4, 4), (6, 7), (9, 10)]


def test_envelope_key_names_the_records_in_every_mode(real_world):
    # aws_policy.json: {"Version": "2012-10-17", "Statement": [{"Sid": "AllowS3ReadAccess", …},
    # {"Sid": "DenyUnencryptedObjectUploads", …}]}
    path = real_world / "json" / "kreuzberg" / "aws_policy.json"
    chunks = indexer.get_chunks(path)
    assert [(c["content"].splitlines()[0], c["content_type"]) for c in chunks] == [
        ("Version: 2012-10-17", "bullet_list"),
        ("Statement", "heading"),
        ("Sid: AllowS3ReadAccess", "bullet_list"),
        ("Sid: DenyUnencryptedObjectUploads", "bullet_list"),
    ]
    assert [c["metadata"]["heading_path"] for c in chunks[2:]] == [["Statement"], ["Statement"]]
    assert chunks[3]["content"].splitlines()[-1] == "    s3:x-amz-server-side-encryption: AES256"
    for mode in ("section", "semantic", "sentence", "page_aware", "sliding_window"):
        assert any("Statement" in c["content"] for c in indexer.get_chunks(path, mode=mode)), mode


def test_plain_object_is_one_block_per_key():
    doc = extract_json(b'{"name": "tiles", "limits": {"disk": "300G"}, "tags": ["a", "b"]}', CTX)
    assert doc.metadata["top_level"] == "object" and doc.metadata["envelope_key"] is None
    assert [(b.kind, b.text) for b in doc.blocks] == [
        (PARAGRAPH, "name: tiles"),
        (LIST, "limits:\n  disk: 300G"),
        (LIST, "tags: a, b"),
    ]


def test_numbers_kept_as_written_and_scalars():
    doc = extract_json(b"[1E400, 0.10, -0, true, null]", CTX)
    assert [b.text for b in doc.blocks] == ["1E400", "0.10", "0", "true", "null"]
    lonely = extract_json(b'"just a string"', CTX)
    assert lonely.metadata["top_level"] == "scalar" and lonely.blocks[0].text == "just a string"


def test_a_document_whose_records_hold_no_text_is_its_json():
    # an empty object, array or string, or blank strings, leave no record with text: the JSON as
    # written is the one paragraph, so a non-empty file never has no block
    for data, text, count in (
        (b"{}", "{}", 0),
        (b"  [ ]\n", "[ ]", 0),
        (b'""', '""', 1),
        (b'[" ", ""]', '[" ", ""]', 2),
        (b"{\n}\n", "{\n}", 0),
    ):
        doc = extract_json(data, CTX)
        assert [(b.kind, b.text, b.lines) for b in doc.blocks] == [
            (PARAGRAPH, text, (1, 1 + text.count("\n")))
        ]
        assert doc.text == text and doc.metadata["record_count"] == count
    lines = extract_jsonl(b'""\n" "\n', CTX)
    assert [b.text for b in lines.blocks] == ['""\n" "'] and lines.metadata["record_count"] == 2
    # a blank string beside records with text is no block of its own (it was a blank block)
    assert [b.text for b in extract_json(b'[" ", "a"]', CTX).blocks] == ["a"]


def test_broken_json_is_read_as_text_without_loss():
    data = (SAMPLES / "edge" / "broken.json").read_bytes()
    doc = extract_json(data, CTX)
    assert doc.coverage.warnings and "invalid JSON" in doc.coverage.warnings[0]
    joined = "\n".join(b.text for b in doc.blocks)
    for piece in ('"order": "A-1107"', '{"sku": "HOSE-25", "qty": 1', '"note": "truncated export'):
        assert piece in joined
    assert_lines_valid(doc)


def test_deep_nesting_degrades_to_text():
    doc = extract_json(b"[" * 100000, CTX)
    assert doc.blocks and doc.coverage.warnings


def test_jsonl_bad_line_is_kept_as_text():
    doc = extract_jsonl(b'{"a": 1}\nnot json at all\n\n{"b": 2}\n', CTX)
    assert [b.text for b in doc.blocks] == ["a: 1", "not json at all", "b: 2"]
    assert doc.blocks[2].meta["record_range"] == [1, 1] and "record_range" not in doc.blocks[1].meta
    assert "1 line(s)" in doc.coverage.warnings[0]


def test_json_file_holding_json_lines():
    doc = extract_json(b'{"a": 1}\n{"a": 2}\n', CTX)
    assert doc.metadata["top_level"] == "lines" and len(doc.blocks) == 2


def test_utf16_json_and_bom():
    doc = extract_json('{"city": "Zürich"}'.encode("utf-16"), CTX)
    assert doc.blocks[0].text == "city: Zürich"
    assert extract_json(b"\xef\xbb\xbf", CTX).blocks == ()


def test_utf32_json_without_bom():
    # RFC 4627 told UTF-32 from the NULs of the first four bytes; read as UTF-8 before, each
    # letter was followed by three NUL characters
    for codec in ("utf-32-le", "utf-32-be"):
        doc = extract_json('{"city": "Zürich", "n": [1, 2]}'.encode(codec), CTX)
        assert [b.text for b in doc.blocks] == ["city: Zürich", "n: 1, 2"]


def test_json_that_is_not_utf8_is_read_in_its_code_page():
    # saved by a Windows program as "ANSI": each é, ç and ô was read U+FFFD as damaged UTF-8
    data = '[{"ville": "Besançon", "note": "Café crème à côté"}]'.encode("cp1252")
    assert [b.text for b in extract_json(data, CTX).blocks] == ["ville: Besançon\nnote: Café crème à côté"]
    lines = extract_jsonl('{"miasto": "Łódź"}\n{"miasto": "Kraków"}\n'.encode("cp1250"), CTX)
    assert [b.text for b in lines.blocks] == ["miasto: Łódź", "miasto: Kraków"]
    # UTF-8 with a damaged byte stays UTF-8, the byte U+FFFD
    damaged = '{"a": "Zürich", "b": "Genève"}'.encode() + b'\n{"c": "x\xff"}'
    assert [b.text for b in extract_jsonl(damaged, CTX).blocks] == ["a: Zürich\nb: Genève", "c: x\ufffd"]


def test_lone_surrogates_read_as_replacement_characters():
    # "\ud83d" is the first half of an emoji's UTF-16 pair: a string cut after it (a truncated
    # post) holds a lone surrogate, which json gives back as it is; no UTF-8 writer takes it.
    # The pair written whole is the emoji; an escaped backslash before "ud800" is text.
    data = rb'{"post": "so happy \ud83d", "\udc00id": ["a\uDBFF", "b"], "pair": "\ud83d\ude00", "esc": "\\ud800"}'
    doc = extract_json(data, CTX)
    assert [b.text for b in doc.blocks] == [
        "post: so happy \ufffd",
        "\ufffdid: a\ufffd, b",
        "pair: \U0001f600",
        "esc: \\ud800",
    ]
    doc.text.encode("utf-8")  # no lone surrogate left
    lines = extract_jsonl(b'{"post": "cut \\ud83d"}\n{"n": 1}\n', CTX)
    assert [b.text for b in lines.blocks] == ["post: cut \ufffd", "n: 1"]
