"""A Word file a program wrote from a web page often holds that page as it was, for Word to
import when it opens the file (``w:altChunk``, its part named by an ``aFChunk`` relationship):
HTML, MHTML or plain text. Such a chunk was not read, so a document made of one was
EMPTY_EXTRACTION, and one with a chunk between two paragraphs lost all it held. It is now read
where it stands, as the HTML extractor reads a page. Programs that put documents together import
RTF and Word files so: those are read by their own extractors; a chunk of another kind is listed
as skipped. The packages are built here; the expected blocks are the parts' own text."""

from __future__ import annotations

from indexer import get_markdown
from indexer.model import HEADING, LIST, PARAGRAPH, TABLE
from tests.indexer.formats.test_docx import build_docx, docx, para

PAGE = (
    b'<html><head><meta charset="utf-8"></head><body><h1>Harbour works</h1>'
    b"<p>The quay caf\xc3\xa9 reopens in May.</p><ul><li>Survey</li><li>Repairs</li></ul>"
    b"<table><tr><th>Berth</th><th>Depth</th></tr><tr><td>North</td><td>9 m</td></tr></table>"
    b'<img src="logo.png" alt="Harbour logo"></body></html>'
)
#: an MHTML file as Word's generators write it: a MIME message whose HTML part is quoted-printable
MHT = (
    b'MIME-Version: 1.0\r\nContent-Type: multipart/related; boundary="part"\r\n\r\n--part\r\n'
    b'Content-Type: text/html; charset="utf-8"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n'
    b"<html><body><p>Tide tables caf=C3=A9 edition.</p></body></html>\r\n--part--\r\n"
)


def _package(*chunks: tuple[str, bytes]) -> bytes:
    rels = {f"rIdChunk{i}": ("aFChunk", name) for i, (name, _) in enumerate(chunks)}
    body = (
        para("Before")
        + "".join(f'<w:altChunk r:id="rIdChunk{i}"/>' for i in range(len(chunks)))
        + para("After")
    )
    return build_docx(body, rels=rels, files={f"word/{name}": data for name, data in chunks})


def test_an_html_chunk_is_read_where_it_stands():
    doc = docx(_package(("afchunk.htm", PAGE)))
    assert [(b.kind, b.text) for b in doc.blocks] == [
        (PARAGRAPH, "Before"),
        (HEADING, "Harbour works"),
        (PARAGRAPH, "The quay café reopens in May."),
        (LIST, "Survey\nRepairs"),
        (TABLE, "| Berth | Depth |\n| --- | --- |\n| North | 9 m |"),
        (PARAGRAPH, "After"),
    ]
    assert doc.blocks[1].level == 1
    assert doc.blocks[4].header == ("Berth", "Depth") and doc.blocks[4].rows == (("North", "9 m"),)
    # its picture is a web page's (a link here), not the document's: listed, not read
    assert [(s.what, s.name) for s in doc.coverage.skipped] == [("image", "afchunk.htm: Harbour logo")]


def test_mhtml_and_text_chunks_are_read_and_others_listed():
    data = _package(
        ("afchunk.mht", MHT),
        ("afchunk.txt", b"Plain line one\nand two.\n\nSecond paragraph."),
        ("afchunk.wpd", b"WPC Not read"),
    )
    doc = docx(data)
    assert [b.text for b in doc.blocks] == [
        "Before",
        "Tide tables café edition.",
        "Plain line one\nand two.",
        "Second paragraph.",
        "After",
    ]
    ((what, name),) = [(s.what, s.name) for s in doc.coverage.skipped]
    assert (what, name) == ("alternative format chunk", "afchunk.wpd")
    assert get_markdown(data, filename="t.docx").startswith("Before\n\nTide tables café edition.\n")


def test_a_document_of_one_chunk_has_text():
    doc = docx(
        build_docx(
            '<w:altChunk r:id="rIdA"/>', rels={"rIdA": ("aFChunk", "a.html")}, files={"word/a.html": PAGE}
        )
    )
    assert doc.blocks[0].text == "Harbour works"


RTF = (
    b"{\\rtf1\\ansi\\ansicpg1252{\\fonttbl{\\f0 Arial;}}"
    b"{\\pard\\outlinelevel0\\b\\fs32 Lock keepers\\par}"
    b"{\\pard The lock opens at six; the caf\\'e9 at seven.\\par}"
    b"{\\pard Boats \\b wait\\b0  below the gate.\\par}}"
)


def test_rtf_and_word_chunks_are_read_where_they_stand():
    # a document put together from others: an RTF file and a Word file, each imported by Word
    # where its chunk stands; both were listed as skipped, their text lost
    inner = build_docx(
        para("Sluice gates", "Heading2")
        + para("Opened by hand in winter.")
        + "<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Gate</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>Width</w:t></w:r></w:p></w:tc></w:tr>"
        "<w:tr><w:tc><w:p><w:r><w:t>Upper</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>6 m</w:t></w:r></w:p></w:tc></w:tr></w:tbl>",
        styles='<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/>'
        '<w:pPr><w:outlineLvl w:val="1"/></w:pPr></w:style>',
    )
    doc = docx(_package(("afchunk.rtf", RTF), ("AltChunk2.docx", inner)))
    assert [(b.kind, b.text, b.level if b.kind == HEADING else 0) for b in doc.blocks] == [
        (PARAGRAPH, "Before", 0),
        (HEADING, "Lock keepers", 1),
        (PARAGRAPH, "The lock opens at six; the café at seven.", 0),
        (PARAGRAPH, "Boats wait below the gate.", 0),
        (HEADING, "Sluice gates", 2),
        (PARAGRAPH, "Opened by hand in winter.", 0),
        (TABLE, "| Gate | Width |\n| --- | --- |\n| Upper | 6 m |", 0),
        (PARAGRAPH, "After", 0),
    ]
    assert not doc.coverage.skipped
    # told by their first bytes when their names say nothing
    doc = docx(_package(("chunk1.dat", RTF), ("chunk2.dat", inner)))
    assert [b.text for b in doc.blocks][1:3] == ["Lock keepers", "The lock opens at six; the café at seven."]
    assert [b.text for b in doc.blocks][4] == "Sluice gates"


def test_a_word_chunk_holding_itself_is_read_to_a_depth():
    # a chunk naming the file it is in (written so by mistake, or on purpose) is read down to the
    # depth attached files are, then listed: never read for ever
    inner = build_docx(para("Inner"))
    for _ in range(5):
        inner = _package(("afchunk.docx", inner))
    doc = docx(inner)
    texts = [b.text for b in doc.blocks]
    assert texts[:4] == ["Before"] * 4 and texts[-4:] == ["After"] * 4 and "Inner" not in texts
    assert [s.what for s in doc.coverage.skipped] == ["alternative format chunk"]
    assert "levels deep" in doc.coverage.skipped[0].reason


def test_a_chunk_in_a_table_cell_is_read_in_the_cell():
    # a cell may hold a chunk where it holds paragraphs: its text was lost, the cell read empty
    cell_page = b"<p>Dredged in <b>March</b></p><ul><li>silt</li><li>sand</li></ul><img alt='Quay map'>"
    body = (
        "<w:tbl><w:tr>"
        "<w:tc><w:p><w:r><w:t>Berth</w:t></w:r></w:p></w:tc>"
        "<w:tc><w:p><w:r><w:t>Works</w:t></w:r></w:p></w:tc>"
        "</w:tr><w:tr>"
        "<w:tc><w:p><w:r><w:t>North</w:t></w:r></w:p></w:tc>"
        '<w:tc><w:altChunk r:id="rIdA"/><w:p/></w:tc>'
        "</w:tr><w:tr>"
        "<w:tc><w:p><w:r><w:t>South</w:t></w:r></w:p></w:tc>"
        '<w:tc><w:p><w:r><w:t>None</w:t></w:r></w:p><w:altChunk r:id="rIdB"/></w:tc>'
        "</w:tr></w:tbl>"
    )
    data = build_docx(
        body,
        rels={"rIdA": ("aFChunk", "cell.html"), "rIdB": ("aFChunk", "cell.rtf")},
        files={"word/cell.html": cell_page, "word/cell.rtf": b"{\\rtf1\\ansi planned for {\\i 2026}\\par}"},
    )
    (table,) = docx(data).blocks
    assert table.header == ("Berth", "Works")
    assert table.rows == (("North", "Dredged in March silt sand"), ("South", "None planned for 2026"))
    assert [(s.what, s.name) for s in docx(data).coverage.skipped] == [("image", "cell.html: Quay map")]


_DECL = (
    'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" '
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
)


def _rels(*chunks: tuple[str, str]) -> bytes:
    """A part's relationships: an aFChunk relationship ``rid`` → ``target`` for each of ``chunks``."""
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/aFChunk"
    inner = "".join(f'<Relationship Id="{rid}" Type="{rel}" Target="{target}"/>' for rid, target in chunks)
    return f'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{inner}</Relationships>'.encode()


def test_chunks_in_headers_footers_and_notes_are_read_where_they_stand():
    # each part names its chunk by a relationship of its own (word/_rels/header1.xml.rels …), the
    # same id rIdA in each naming another file; the main part has no rIdA at all. Their text was
    # lost: the header read "Harbour board", the footer "Page foot", the notes their words alone
    body = para(
        "Tides",
        extra='<w:r><w:footnoteReference w:id="2"/></w:r><w:r><w:endnoteReference w:id="3"/></w:r>',
    )
    header = f'<w:hdr {_DECL}><w:p><w:r><w:t>Harbour board</w:t></w:r></w:p><w:altChunk r:id="rIdA"/></w:hdr>'
    footer = f'<w:ftr {_DECL}><w:altChunk r:id="rIdA"/><w:p><w:r><w:t>Page foot</w:t></w:r></w:p></w:ftr>'
    footnotes = (
        f'<w:footnotes {_DECL}><w:footnote w:id="2"><w:p><w:r><w:t>See</w:t></w:r></w:p>'
        '<w:altChunk r:id="rIdA"/></w:footnote></w:footnotes>'
    )
    endnotes = (
        f'<w:endnotes {_DECL}><w:endnote w:id="3"><w:altChunk r:id="rIdA"/>'
        "<w:p><w:r><w:t>and the tables.</w:t></w:r></w:p></w:endnote></w:endnotes>"
    )
    data = build_docx(
        body,
        rels={
            "rIdH": ("header", "header1.xml"),
            "rIdF": ("footer", "footer1.xml"),
            "rIdN": ("footnotes", "footnotes.xml"),
            "rIdE": ("endnotes", "endnotes.xml"),
        },
        files={
            "word/header1.xml": header.encode(),
            "word/_rels/header1.xml.rels": _rels(("rIdA", "head.html")),
            "word/head.html": b"<p>Port of <b>Leith</b></p><table><tr><th>Office</th><td>Quay 4</td></tr></table>",
            "word/footer1.xml": footer.encode(),
            "word/_rels/footer1.xml.rels": _rels(("rIdA", "foot.txt")),
            "word/foot.txt": b"Printed on recycled paper.",
            "word/footnotes.xml": footnotes.encode(),
            "word/_rels/footnotes.xml.rels": _rels(("rIdA", "note.rtf")),
            "word/note.rtf": b"{\\rtf1\\ansi the {\\i Admiralty} charts\\par}",
            "word/endnotes.xml": endnotes.encode(),
            "word/_rels/endnotes.xml.rels": _rels(("rIdA", "end.htm")),
            "word/end.htm": b"<p>Tidal streams <img src='x.png' alt='Stream map'></p>",
        },
    )
    doc = docx(data)
    assert doc.metadata["header_text"] == "Harbour board\nPort of Leith\nOffice\nQuay 4"
    assert doc.metadata["footer_text"] == "Printed on recycled paper.\nPage foot"
    assert [b.text for b in doc.blocks] == [
        "Tides[^1][^i]",
        "[^1]: See the Admiralty charts",
        "[^i]: Tidal streams and the tables.",
    ]
    assert [(s.what, s.name) for s in doc.coverage.skipped] == [("image", "end.htm: Stream map")]


def test_a_word_chunk_in_a_header_is_read_to_the_depth_of_the_bodys():
    # a header chunk holding a Word file whose header holds another … counts its depth as the
    # body's chunks do (after the body is read, the file's context was no longer at hand)
    inner = build_docx(para("Inner"))
    for level in range(5):
        header = (
            f'<w:hdr {_DECL}><w:p><w:r><w:t>Head {level}</w:t></w:r></w:p><w:altChunk r:id="rIdA"/></w:hdr>'
        )
        inner = build_docx(
            para("Body"),
            rels={"rIdH": ("header", "header1.xml")},
            files={
                "word/header1.xml": header.encode(),
                "word/_rels/header1.xml.rels": _rels(("rIdA", "afchunk.docx")),
                "word/afchunk.docx": inner,
            },
        )
    doc = docx(inner)
    assert doc.metadata["header_text"] == "Head 4\nBody"
    assert [s.what for s in doc.coverage.skipped] == ["alternative format chunk"]
    assert "levels deep" in doc.coverage.skipped[0].reason


def test_a_chunk_in_a_content_control_of_a_cell_is_read_in_the_cell():
    # a cell's content control (w:sdt, its w:sdtContent) holds a chunk between two paragraphs, as
    # the body's may: its text was lost, the cell reading "Status: checked"
    body = (
        "<w:tbl><w:tr>"
        "<w:tc><w:p><w:r><w:t>Berth</w:t></w:r></w:p></w:tc>"
        "<w:tc><w:p><w:r><w:t>Works</w:t></w:r></w:p></w:tc>"
        "</w:tr><w:tr>"
        "<w:tc><w:p><w:r><w:t>North</w:t></w:r></w:p></w:tc>"
        "<w:tc><w:sdt><w:sdtPr><w:alias w:val='Report'/></w:sdtPr><w:sdtContent>"
        "<w:p><w:r><w:t>Status:</w:t></w:r></w:p>"
        '<w:altChunk r:id="rIdA"/>'
        "<w:p><w:r><w:t>checked</w:t></w:r></w:p>"
        "</w:sdtContent></w:sdt></w:tc>"
        "</w:tr></w:tbl>"
    )
    data = build_docx(
        body,
        rels={"rIdA": ("aFChunk", "status.html")},
        files={"word/status.html": b"<p>Dredged in <b>March</b></p>"},
    )
    (table,) = docx(data).blocks
    assert table.header == ("Berth", "Works")
    assert table.rows == (("North", "Status: Dredged in March checked"),)


def test_a_table_and_a_quote_in_a_chunks_list_item_stay_in_their_items():
    # an HTML page's list whose first item holds a table and whose second holds a quote: the
    # Markdown keeps both inside their items (indented under "1." and "2."), the list going on
    # with "3." after them, as the HTML extractor writes the same page
    page = (
        b"<html><body><ol><li>Moor the boat<table><tr><th>Knot</th><th>Use</th></tr>"
        b"<tr><td>Bowline</td><td>Loop</td></tr></table></li>"
        b"<li>Check the lines<blockquote>Twice a day</blockquote></li><li>Leave</li></ol></body></html>"
    )
    data = _package(("afchunk.htm", page))
    doc = docx(data)
    assert [(b.kind, b.text) for b in doc.blocks] == [
        (PARAGRAPH, "Before"),
        (LIST, "Moor the boat"),
        (TABLE, "| Knot | Use |\n| --- | --- |\n| Bowline | Loop |"),
        (LIST, "Check the lines Twice a day\nLeave"),
        (PARAGRAPH, "After"),
    ]
    assert get_markdown(data, filename="t.docx") == (
        "Before\n\n"
        "1. Moor the boat\n\n"
        "   | Knot | Use |\n   | --- | --- |\n   | Bowline | Loop |\n\n"
        "2. Check the lines\n\n"
        "   > Twice a day\n"
        "3. Leave\n\n"
        "After\n"
    )
