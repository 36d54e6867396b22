"""A mail whose substance is in its attachments, indexed into a real SQLite file: the
attachments' chunks, images and coverage are stored with the mail."""

from __future__ import annotations

from storage.store import Store
from tests._builders import XLSX_TYPE, mail, xlsx_file

from .conftest import run_index, write_tree


def _workbook() -> bytes:
    return xlsx_file({"Costs": [["Item", "Cost"], ["Slates", 420]]})


def _mail() -> bytes:
    return mail((_workbook(), XLSX_TYPE, "costs.xlsx"), subject="Roof costs", body="The costs are attached.")


def test_a_mail_is_stored_with_its_attachments_chunks(tmp_path):
    write_tree(tmp_path, {"inbox/roof.eml": _mail()})
    run_index(tmp_path)
    with Store.open(tmp_path / ".chunkscope" / "index.db", readonly=True) as store:
        rows = store.chunks("inbox/roof.eml")
        table = next(r for r in rows if r.content_type == "table")
        assert table.content == "| Item | Cost |\n| --- | --- |\n| Slates | 420 |"
        assert table.metadata["attachment"] == "costs.xlsx" and table.metadata["sheet_name"] == "Costs"
        assert table.metadata["message_index"] == 1
        manifest = store.manifest("inbox/roof.eml")
        assert manifest["coverage"]["attachments_indexed"] == ["costs.xlsx"]
        assert "skipped" not in manifest["coverage"]
        (hit,) = store.search("Slates")
        assert hit.path == "inbox/roof.eml"


def _mail_with(book: bytes, *more: tuple[bytes, str, str]) -> bytes:
    return mail(
        (book, XLSX_TYPE, "costs.xlsx"), *more, subject="Roof costs", body="The costs are attached.", to=None
    )


def test_the_report_counts_the_attachments_read_and_skipped(tmp_path, capsys):
    cut = b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Ty"
    write_tree(
        tmp_path,
        {"a.eml": _mail(), "b.eml": _mail_with(_workbook(), (cut, "application/pdf", "cut.pdf"))},
    )
    run_index(tmp_path)
    with Store.open(tmp_path / ".chunkscope" / "index.db", readonly=True) as store:
        assert store.manifest("b.eml")["coverage"]["attachments"] == {"indexed": 1, "skipped": 1}
        (eml,) = [f for f in store.report()["formats"] if f["source_type"] == "eml"]
    assert (eml["coverage"]["attachments_indexed"], eml["coverage"]["attachments_skipped"]) == (2, 1)
    from tui.cli import main

    assert main(["report", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "attachments" in out and "(read/skipped)" in out and "2/1 │" in out
