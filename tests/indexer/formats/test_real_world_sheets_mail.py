"""Every spreadsheet and Outlook message under ../shared/fixtures/real-world gives chunks or a
documented error code, within a time-out, each in a child process; the outcome of each file is
printed (run with -s to see the table)."""

from __future__ import annotations

from pathlib import Path

import pytest

from indexer import errors
from tests.conftest import REAL_WORLD

from ._isolated import Isolated

EXTENSIONS = (".xlsx", ".xlsm", ".xltx", ".xltm", ".ods", ".xls", ".xlsb", ".msg")


def _files() -> list[Path]:
    if not REAL_WORLD.exists():
        return []
    return sorted(p for p in REAL_WORLD.rglob("*") if p.is_file() and p.suffix.lower() in EXTENSIONS)


#: Files whose outcome is not plain "ok", checked by looking at each file: the two
#: password-protected workbooks (an OLE container for the xlsx; encrypted parts listed in the ODS
#: manifest) and an ODS declaring 999,999,999 × 999,999,999 repeated cells.
EXPECTED_ERRORS = {
    "xlsx/calamine/pass_protected.xlsx": errors.ENCRYPTED,
    "ods/calamine/pass_protected.ods": errors.ENCRYPTED,
    "ods/calamine/issue_594_dos.ods": errors.DOCUMENT_LIMIT,
}


@pytest.fixture(scope="module")
def worker():
    w = Isolated(timeout=60)
    yield w
    w.close()


@pytest.mark.parametrize("path", _files(), ids=lambda p: str(p.relative_to(REAL_WORLD)))
def test_real_world_file_gives_chunks_or_a_documented_error(path, worker, real_world):
    rel = str(path.relative_to(real_world))
    outcome = worker.run(path.read_bytes(), path.name)
    info = outcome.info or {}
    print(
        f"\n{rel}: {outcome.status} chunks={outcome.chunks} {outcome.detail}"
        f" skipped={[(w, n) for w, n, _ in info.get('skipped', [])]} warnings={info.get('warnings', [])}"
    )
    assert outcome.status in ("ok", *errors.CODES), outcome
    assert outcome.status == EXPECTED_ERRORS.get(rel, "ok"), outcome


def test_the_real_world_set_is_there(real_world):
    files = _files()
    assert len(files) >= 40, [str(p) for p in files]


# -- specific files, checked by hand -------------------------------------------------------------


def _run(worker, real_world, rel):
    path = real_world / rel
    outcome = worker.run(path.read_bytes(), path.name)
    assert outcome.status == "ok", outcome
    return outcome.info


def test_nested_messages_are_recursed(worker, real_world):
    # msgInMsgInMsg.msg: "I have sub attachments!" holds blue.png and an embedded message, which
    # holds green.png and one more embedded message (three messages in all; seen with extract-msg).
    info = _run(worker, real_world, "msg/MsgReader/HiraokaHyperTools__msgreader__msgInMsgInMsg.msg")
    assert info["messages_total"] == 3
    assert sorted(info["images"]) == ["blue.png", "green.png"]
    assert len(info["attachments_indexed"]) == 2  # the two embedded messages


def test_smime_encrypted_message_keeps_its_headers_and_says_why(worker, real_world):
    info = _run(
        worker,
        real_world,
        "msg/MsgReader/bbottema__outlook-message-parser__S_MIME test message encrypted.msg",
    )
    assert info["blocks"] == 2  # subject heading and header paragraph
    assert any("encrypted" in w for w in info["warnings"])


def test_smime_signed_message_is_read_and_its_signature_listed(worker, real_world):
    info = _run(
        worker, real_world, "msg/MsgReader/bbottema__outlook-message-parser__S_MIME test message signed.msg"
    )
    # all of it read: that the signature was not checked is a note, its part skipped on purpose
    assert info["notes"] == ["signed message: the signature was not verified"]
    assert ("attachment", "smime.p7s") in [(w, n) for w, n, _ in info["skipped"]]
    assert "smime.p7s" in info["on_purpose"]
    assert info["images"] == ["module_architecture.png"]


def test_tiff_attachments_are_skipped_with_a_reason(worker, real_world):
    info = _run(worker, real_world, "msg/msg-extractor_unicode.msg")
    reasons = {n: r for w, n, r in info["skipped"] if w == "image"}
    assert set(reasons) == {"import OleFileIO.tif", "raised value error.tif"}
    assert all("TIFF" in r for r in reasons.values())


def test_chart_sheet_and_hidden_sheets(worker, real_world):
    # any_sheets.xlsx: "Visible" (data), "Hidden" and "VeryHidden" (no cells), "Chart" (a
    # chartsheet, read as its chart, whose part keeps its values)
    info = _run(worker, real_world, "xlsx/calamine/any_sheets.xlsx")
    assert info["sheets_read"] == ["Visible", "Chart"]
    skipped = {n: r for w, n, r in info["skipped"] if w == "sheet"}
    assert set(skipped) == {"Hidden", "VeryHidden"}


def test_pictures_of_an_ods_are_found_per_table(worker, real_world):
    # picture.ods: a JPEG on the first table, a PNG on the second, the third empty.
    info = _run(worker, real_world, "ods/calamine/picture.ods")
    assert [Path(n).suffix for n in info["images"]] == [".jpg", ".png"]
    assert info["sheets_read"] == ["工作表1", "工作表2"]
