"""The UI's export key writes a file's chunks as `chunkscope export` writes them: the same records,
with the chunk's id and the document's path (the key wrote content, content type and metadata
alone, so one file exported from the app and a folder from the command line differed in form)."""

from __future__ import annotations

import json

import pytest

from indexer.model import DOCUMENT
from indexer.modes import registry as modes
from tui.cli import main

from .conftest import index, opened, settle, wait_for

# a heading, a paragraph, a heading, a paragraph: four default chunks
FIELD = """# Field notes

Tide pools fill twice a day. Crabs hide under the rocks.

## Birds

Gulls circle the harbour at dawn.
"""


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    root = tmp_path_factory.mktemp("export") / "corpus"
    (root / "notes").mkdir(parents=True)
    (root / "notes" / "field.md").write_text(FIELD, encoding="utf-8")
    (root / "other.md").write_text(
        "# Other\n\nAnother file, left out of the app's export.\n", encoding="utf-8"
    )
    return index(root)


def cli_records(root, mode: str, capsys) -> list[dict]:
    capsys.readouterr()
    assert main(["export", str(root), "--mode", mode]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


async def app_records(root, mode: str) -> list[dict]:
    """What the app's `e` writes for notes/field.md in ``mode``."""
    target = root / ".chunkscope" / "exports" / f"notes__field.md.{mode}.jsonl"
    async with opened(root, "notes/field.md") as pilot:
        if mode != "default":
            await pilot.press(str(modes.modes_for(DOCUMENT).index(mode) + 1))
            await settle(pilot)
        await pilot.press("e")
        await wait_for(pilot, target.exists, what="the export file")
        await settle(pilot)
    return [json.loads(line) for line in target.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("mode", ["default", "sentence"])
async def test_the_app_exports_a_file_as_the_cli_exports_it(corpus, mode, capsys):
    written = await app_records(corpus, mode)
    # the CLI after the app: a mode chunked on demand is then cached, so both read one chunk set
    exported = cli_records(corpus, mode, capsys)
    assert {r["path"] for r in exported} == {"notes/field.md", "other.md"}
    assert written == [r for r in exported if r["path"] == "notes/field.md"]
    assert all(list(r) == ["id", "path", "content", "content_type", "metadata"] for r in written)
    assert len({r["id"] for r in written}) == len(written)
    if mode == "default":
        # each paragraph is under 90 characters: a short_disconnected_paragraph (docs/output-schema.md)
        assert [(r["content_type"], r["content"]) for r in written] == [
            ("heading", "Field notes"),
            ("short_disconnected_paragraph", "Tide pools fill twice a day. Crabs hide under the rocks."),
            ("heading", "Birds"),
            ("short_disconnected_paragraph", "Gulls circle the harbour at dawn."),
        ]
