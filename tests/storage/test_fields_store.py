"""Field results stored in the index (real SQLite in tmp_path), and `chunkscope fields --folder`."""

from __future__ import annotations

import json

from indexer.fields import extract_fields, schema_from_dict
from storage.fields import FieldStore
from storage.store import Store
from tui.cli import main

from .conftest import run_index, write_tree

SCHEMA = {
    "format": "JSON",
    "rootName": "answer",
    "fields": [
        {"name": "text", "kind": "STRING", "required": True},
        {"name": "level", "kind": "ENUM", "enumValues": ["LOW", "HIGH"], "required": False},
    ],
}
REPLIES = {
    "a.txt": 'Here: {"text": "alpha", "level": "high"}',
    "b.txt": '{"level": "medium"}',
    "sub/c.txt": "I refuse.",
}


def _db(root):
    return root / ".chunkscope" / "index.db"


def test_folder_run_stores_results_the_ui_can_read(tmp_path, capsys) -> None:
    root = write_tree(tmp_path / "replies", REPLIES)
    run_index(root)
    schema_path = tmp_path / "answer.json"
    schema_path.write_text(json.dumps(SCHEMA), encoding="utf-8")

    assert main(["fields", "--schema", str(schema_path), "--folder", str(root), "--json"]) == 0
    printed = {o["path"]: o for o in map(json.loads, capsys.readouterr().out.splitlines())}
    assert set(printed) == {"a.txt", "b.txt", "sub/c.txt"}  # paths relative to the indexed root

    digest = schema_from_dict(SCHEMA).digest()
    with Store.open(_db(root), readonly=True) as store:
        fields = FieldStore(store)
        (run,) = fields.schemas()
        assert (run.schema_hash, run.name, run.documents) == (digest, "answer", 3)
        a = fields.result("a.txt", digest)
        assert a is not None and a.current
        assert dict(a.result.data) == {"text": "alpha", "level": "HIGH"}
        # b: text missing (required), "medium" is no member of LOW/HIGH.
        b = fields.result("b.txt", digest).result
        assert dict(b.states) == {"text": "LOST_REQUIRED", "level": "MALFORMED"}
        assert b.lost_required == ("text",) and not b.ok
        # What was stored is what the command printed.
        assert b.to_expected() == {k: v for k, v in printed["b.txt"].items() if k != "path"}
        table, documents = fields.coverage(digest)
        assert documents == 3
        assert table["text"]["EXTRACTED"] == 1 and table["text"]["LOST_REQUIRED"] == 2
        assert table["level"] == {
            "EXTRACTED": 1,
            "DEFAULTED": 0,
            "LOST_OPTIONAL": 1,
            "LOST_REQUIRED": 0,
            "MALFORMED": 1,
        }


def test_rerun_replaces_and_marks_stale_results(tmp_path, capsys) -> None:
    root = write_tree(tmp_path / "replies", REPLIES)
    run_index(root)
    schema = schema_from_dict({**SCHEMA, "name": "answer"})
    with Store.open(_db(root)) as store:
        fields = FieldStore(store)
        assert fields.schemas() == [] and fields.results(schema.digest()) == []  # nothing run yet
        run_at = fields.begin_run(schema)
        fields.save(schema, [("a.txt", "not-the-current-hash", extract_fields("{}", schema))], run_at=run_at)
        assert fields.result("a.txt", schema.digest()).current is False  # made from another revision
        sha = store.document("a.txt").sha256
        fields.save(schema, [("a.txt", sha, extract_fields('{"text": "x"}', schema))], run_at=run_at + 1)
        stored = fields.results(schema.digest())
        assert len(stored) == 1 and stored[0].current and dict(stored[0].result.data) == {"text": "x"}
