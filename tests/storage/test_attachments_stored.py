"""A mail whose substance is in its attachments, indexed into a real SQLite file: the
attachments' chunks, images and coverage are stored with the mail."""

from __future__ import annotations

import io
from email.message import EmailMessage

from storage.store import Store

from .conftest import run_index, write_tree

XLSX = ("application", "vnd.openxmlformats-officedocument.spreadsheetml.sheet")


def _workbook() -> bytes:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Costs"
    sheet.append(["Item", "Cost"])
    sheet.append(["Slates", 420])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _mail() -> bytes:
    msg = EmailMessage()
    msg["From"] = "ana@example.org"
    msg["To"] = "bo@example.org"
    msg["Subject"] = "Roof costs"
    msg.set_content("The costs are attached.")
    msg.add_attachment(_workbook(), maintype=XLSX[0], subtype=XLSX[1], filename="costs.xlsx")
    return msg.as_bytes()


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
