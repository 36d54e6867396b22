"""The app's background indexing uses its extraction options: a real encrypted PDF (user password
"secret", made by bench/make_sample_pdfs.py) is indexed when the app is given the password."""

from __future__ import annotations

import shutil

from storage.store import Store
from tests.conftest import SAMPLE_CORPUS
from tui.app import ChunkscopeApp

from .conftest import wait_for


async def test_the_app_indexes_with_its_extraction_options(tmp_path):
    root = tmp_path / "pdfs"
    root.mkdir()
    shutil.copy(SAMPLE_CORPUS / "pdf" / "encrypted.pdf", root / "encrypted.pdf")
    app = ChunkscopeApp(root, image_renderer="halfcell", jobs=1, options={"pdf_password": "secret"})
    async with app.run_test(size=(120, 40)) as pilot:

        def indexed() -> bool:
            row = app.main.rows.get("encrypted.pdf")
            return row is not None and row.status == "indexed"

        await wait_for(pilot, indexed, 60, "encrypted.pdf indexed with the password")
    store = Store.open(root / ".chunkscope" / "index.db", readonly=True)
    try:
        assert store.document("encrypted.pdf").chunk_count > 0
    finally:
        store.close()
