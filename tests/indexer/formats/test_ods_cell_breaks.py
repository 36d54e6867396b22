"""An .ods cell whose paragraph holds a tab or a line break (``<text:tab/>``,
``<text:line-break/>``): calamine reads those elements as nothing, so ``Unit<text:tab/>A``
read ``UnitA``. The words on either side stay apart, as they do in an .xlsx cell holding a line
feed, whichever reader opens the package (the streaming reader, used where calamine cannot
open it, always read them). The sheets are built here."""

from __future__ import annotations

import pytest

from indexer import extract_bytes
from indexer.markdown import render_markdown
from tests.indexer.formats.test_spreadsheet import _cell, _ods


@pytest.mark.parametrize("manifest", [True, False], ids=["calamine", "streaming-reader"])
def test_a_tab_or_line_break_in_a_cell_keeps_the_words_apart(manifest):
    body = (
        '<table:table table:name="Rooms"><table:table-row>'
        + _cell("Room")
        + _cell("Note")
        + "</table:table-row><table:table-row>"
        + _cell("Unit<text:tab/>A")
        + _cell("Key at desk<text:line-break/>Ask for Jo")
        + "</table:table-row><table:table-row>"
        + _cell("<text:span>Unit</text:span><text:line-break/><text:span>B</text:span>")
        # a cell with neither keeps calamine's text
        + _cell("Open<text:s/>plan")
        + "</table:table-row></table:table>"
    )
    doc = extract_bytes(_ods(body, manifest=manifest), "rooms.ods")
    (table,) = doc.blocks
    assert table.header == ("Room", "Note")
    # the cell's text as its paragraph shows it, as an .xlsx cell keeps its line feed
    assert table.rows == (("Unit\tA", "Key at desk\nAsk for Jo"), ("Unit\nB", "Open plan"))
    assert "| Unit A | Key at desk Ask for Jo |" in render_markdown(doc)
