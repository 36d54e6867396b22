"""Images stored by their bytes: names that are positions or source names (a PDF's
``image_p2_1.png``, an e-mail's ``msg1_image_1.png``) are shared by different images of different
documents, and each document must still get its own. Real e-mails, a real SQLite file."""

from __future__ import annotations

import io
from email.message import EmailMessage
from hashlib import sha256

from PIL import Image

from indexer.images import image_name
from storage import migrations
from storage.db import connect, database
from storage.store import Store

from .conftest import raw, run_index, write_tree


def png(colour: tuple[int, int, int]) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (24, 16), colour).save(buf, format="PNG")
    return buf.getvalue()


def mail(subject: str, picture: bytes) -> bytes:
    """An e-mail with a text body and one inline PNG without a file name: the reader names it
    ``msg1_image_1.png`` in every such message."""
    msg = EmailMessage()
    msg["From"] = "ana@example.org"
    msg["To"] = "bo@example.org"
    msg["Subject"] = subject
    msg.set_content(f"{subject}: the picture is attached.")
    msg.add_attachment(picture, maintype="image", subtype="png", disposition="inline")
    return msg.as_bytes()


RED, BLUE = png((200, 30, 30)), png((30, 30, 200))


def test_two_documents_with_the_same_image_name_keep_their_own_bytes(tmp_path):
    assert RED != BLUE
    write_tree(tmp_path, {"a.eml": mail("Red", RED), "b.eml": mail("Blue", BLUE)})
    run_index(tmp_path)
    with Store.open(tmp_path / ".chunkscope" / "index.db", readonly=True) as store:
        assert store.images("a.eml") == {"msg1_image_1.png": RED}
        assert store.images("b.eml") == {"msg1_image_1.png": BLUE}
        assert store.load_document("b.eml").images[0].data == BLUE
    conn = raw(tmp_path)
    stored = dict(conn.execute("SELECT name, data FROM images").fetchall())
    assert stored == {image_name(RED, "png"): RED, image_name(BLUE, "png"): BLUE}
    # one document gone: its bytes go, the other's stay
    (tmp_path / "a.eml").unlink()
    run_index(tmp_path)
    assert dict(conn.execute("SELECT name, data FROM images").fetchall()) == {image_name(BLUE, "png"): BLUE}
    conn.close()


def test_identical_bytes_under_different_names_are_stored_once(tmp_path):
    write_tree(tmp_path, {"a.eml": mail("One", RED), "sub/b.eml": mail("Two", RED)})
    run_index(tmp_path)
    conn = raw(tmp_path)
    assert conn.execute("SELECT count(*) FROM images").fetchone()[0] == 1
    assert conn.execute("SELECT count(*) FROM document_images").fetchone()[0] == 2
    conn.close()
    with Store.open(tmp_path / ".chunkscope" / "index.db", readonly=True) as store:
        assert store.images("sub/b.eml") == {"msg1_image_1.png": RED}


def test_an_index_from_before_keeps_its_images_and_re_extracts_the_documents_they_may_mix_up(tmp_path):
    # an index made before images were stored by their bytes: the images table keyed by the
    # documents' names for them, so b.eml, stored second, was linked to a.eml's bytes
    write_tree(tmp_path, {"a.eml": mail("Red", RED), "b.eml": mail("Blue", BLUE), "notes.md": "# Notes\n"})
    path = tmp_path / ".chunkscope" / "index.db"
    path.parent.mkdir()
    db = database(connect(path))
    migrations.migrations.apply(db, stop_before="0009_images_stored_by_content")
    for n, rel in enumerate(("a.eml", "b.eml", "notes.md"), 1):
        st = (tmp_path / rel).stat()
        db.execute(
            "INSERT INTO documents (id, path, size, mtime, mtime_ns, sha256, status, family, revision) "
            "VALUES (?, ?, ?, ?, ?, ?, 'indexed', 'document', 1)",
            [
                n,
                rel,
                st.st_size,
                st.st_mtime,
                st.st_mtime_ns,
                sha256((tmp_path / rel).read_bytes()).hexdigest(),
            ],
        )
    db.execute(
        "INSERT INTO images (name, format, size, data) VALUES ('msg1_image_1.png', 'png', ?, ?)",
        [len(RED), RED],
    )
    db.execute("INSERT INTO document_images VALUES (1, 'msg1_image_1.png'), (2, 'msg1_image_1.png')")
    db.conn.commit()
    db.conn.close()

    with Store.open(path) as store:  # the upgrade
        assert store.images("a.eml") == {"msg1_image_1.png": RED}  # old rows still read
        assert store.images("b.eml") == {"msg1_image_1.png": RED}  # (the mix-up to repair)
    conn = raw(tmp_path)
    mtimes = dict(conn.execute("SELECT path, mtime_ns FROM documents").fetchall())
    assert mtimes["a.eml"] == mtimes["b.eml"] == -1
    assert mtimes["notes.md"] == (tmp_path / "notes.md").stat().st_mtime_ns
    # with their hash kept, the same bytes would only get their mtime refreshed, not re-extracted
    hashes = dict(conn.execute("SELECT path, sha256 FROM documents").fetchall())
    assert hashes["a.eml"] == hashes["b.eml"] == "" and hashes["notes.md"]
    conn.close()
    summary = run_index(tmp_path)
    # notes.md too: it was stored before documents recorded the output version that read them
    assert summary.updated == 3 and summary.reread == 1 and summary.unchanged == 0
    with Store.open(path, readonly=True) as store:
        assert store.images("a.eml") == {"msg1_image_1.png": RED}
        assert store.images("b.eml") == {"msg1_image_1.png": BLUE}
    conn = raw(tmp_path)
    # the old row keyed by the shared name is gone with its last link
    assert sorted(r[0] for r in conn.execute("SELECT name FROM images")) == sorted(
        [image_name(RED, "png"), image_name(BLUE, "png")]
    )
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    conn.close()
