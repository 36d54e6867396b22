"""Word documents: the playground's all_round.docx, the sample report, and small packages built
here part by part so that each feature (notes, merged cells, page breaks, images, strict XML) is
checked against XML whose meaning is known exactly."""

from __future__ import annotations

import io
import zipfile

import pytest

from indexer import errors, extract_bytes, get_chunks
from indexer.api import extract
from indexer.images import image_name

from ._zip import zipped

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
REL_T = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082"
)
GIF = b"GIF89a\x01\x00\x01\x00\x00\x00\x00;"
EMF = b"\x01\x00\x00\x00" + b"\x00" * 60


def drawing(rid: str, descr: str, pid: int = 1) -> str:
    return (
        '<w:r><w:drawing><wp:inline><wp:docPr id="%d" name="Picture %d" descr="%s"/>'
        '<a:graphic><a:graphicData><pic:pic><pic:blipFill><a:blip r:embed="%s"/></pic:blipFill>'
        "</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>" % (pid, pid, descr, rid)
    )


def build_docx(
    body: str,
    *,
    rels: dict[str, tuple[str, str]] | None = None,
    files: dict[str, bytes] | None = None,
    styles: str = "",
    numbering: str = "",
    footnotes: str = "",
    header: str = "",
    strict: bool = False,
) -> bytes:
    """A minimal WordprocessingML package around ``body`` (the inside of ``w:body``)."""
    ns = W_NS
    rel_ns = R_NS
    if strict:
        ns = "http://purl.oclc.org/ooxml/wordprocessingml/main"
        rel_ns = "http://purl.oclc.org/ooxml/officeDocument/relationships"
    decl = (
        f'xmlns:w="{ns}" xmlns:r="{rel_ns}" '
        'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" '
        'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
        'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture" '
        'xmlns:v="urn:schemas-microsoft-com:vml" '
        'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"'
    )
    rels = dict(rels or {})
    parts = {"word/document.xml": f"<w:document {decl}><w:body>{body}</w:body></w:document>".encode()}
    if styles:
        rels["rIdStyles"] = ("styles", "styles.xml")
        parts["word/styles.xml"] = f"<w:styles {decl}>{styles}</w:styles>".encode()
    if numbering:
        rels["rIdNum"] = ("numbering", "numbering.xml")
        parts["word/numbering.xml"] = f"<w:numbering {decl}>{numbering}</w:numbering>".encode()
    if footnotes:
        rels["rIdFoot"] = ("footnotes", "footnotes.xml")
        parts["word/footnotes.xml"] = f"<w:footnotes {decl}>{footnotes}</w:footnotes>".encode()
    if header:
        rels["rIdHead"] = ("header", "header1.xml")
        parts["word/header1.xml"] = (
            f"<w:hdr {decl}><w:p><w:r><w:t>{header}</w:t></w:r></w:p></w:hdr>".encode()
        )
    rel_xml = "".join(
        f'<Relationship Id="{rid}" Type="{REL_T}{kind}" Target="{target}"'
        + (' TargetMode="External"' if target.startswith("http") else "")
        + "/>"
        for rid, (kind, target) in rels.items()
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("[Content_Types].xml", "<Types/>")
        zf.writestr(
            "_rels/.rels",
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            f'<Relationship Id="rId1" Type="{REL_T}officeDocument" Target="word/document.xml"/></Relationships>',
        )
        zf.writestr(
            "word/_rels/document.xml.rels",
            f'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{rel_xml}'
            "</Relationships>",
        )
        for name, data in parts.items():
            zf.writestr(name, data)
        for name, data in (files or {}).items():
            zf.writestr(name, data)
    return out.getvalue()


def para(text: str, style: str | None = None, extra: str = "") -> str:
    ppr = f'<w:pPr><w:pStyle w:val="{style}"/></w:pPr>' if style else ""
    return f'<w:p>{ppr}<w:r><w:t xml:space="preserve">{text}</w:t></w:r>{extra}</w:p>'


def docx(data: bytes):
    return extract_bytes(data, "t.docx")


# -- the playground document --------------------------------------------------------------------


def test_all_round_images_are_extracted_at_their_anchoring_paragraphs(playground):
    path = playground / "all_round.docx"
    result = get_chunks(path, list_images=True)
    images = [c for c in result.chunks if c["content_type"] == "image"]
    # Two pictures in word/media: the web-access symbol (gif) and the market-share chart (png).
    assert [c["content"] for c in images] == ["69400fb8a9cb4130.gif", "75a3c27ad7854d78.png"]
    assert sorted(result.images) == ["69400fb8a9cb4130.gif", "75a3c27ad7854d78.png"]
    with zipfile.ZipFile(path) as zf:
        assert result.images["69400fb8a9cb4130.gif"] == zf.read("word/media/image1.gif")
        assert result.images["75a3c27ad7854d78.png"] == zf.read("word/media/image2.png")
    # Anchors (read in word/document.xml): the gif is drawn in the paragraph "Documents may
    # contain images. …", the png in "Some images, such as charts or graphs, …".
    index = {c["content"]: i for i, c in enumerate(result.chunks)}
    before_gif = result.chunks[index["69400fb8a9cb4130.gif"] - 1]["content"]
    before_png = result.chunks[index["75a3c27ad7854d78.png"] - 1]["content"]
    assert "Documents may contain images." in before_gif
    assert "Some images, such as charts or graphs" in before_png
    # … and not at the front of the document, as the reference implementation places them.
    assert index["69400fb8a9cb4130.gif"] > 5
    assert images[1]["metadata"]["alt_text"].startswith("Chart of Screen Reader Market Share.")


def test_all_round_placeholders_carry_decoded_alt_texts(playground):
    chunks = get_chunks(playground / "all_round.docx")
    placeholders = [c["content"] for c in chunks if c["content_type"] == "image"]
    assert placeholders == [
        "[Image: Web Access Symbol]",
        # descr="Chart of Screen Reader Market Share.&#xA;(Unfortunately, …)" in the XML
        "[Image: Chart of Screen Reader Market Share. (Unfortunately, there isn't a way in Word or PDF to"
        " include rich formatting, such as a table, in alternate text.)]",
    ]
    assert not any("&#x" in c["content"] or "&amp;" in c["content"] for c in chunks)


def test_all_round_structure(playground):
    doc = extract(playground / "all_round.docx")
    headings = [(b.text, b.level) for b in doc.blocks if b.kind == "heading"]
    # Heading 1 "Sample Document"; Heading 2 sections; Heading 3 for the two table sub-sections.
    assert headings == [
        ("Sample Document", 1),
        ("Headings", 2),
        ("Lists", 2),
        ("Links", 2),
        ("Images", 2),
        ("Tables", 2),
        ("Simple Tables", 3),
        ("Complex Tables", 3),
        ("Columns", 2),
    ]
    (outline,) = [b for b in doc.blocks if b.kind == "list"]
    # numId 1 is decimal (ordered); the two table items use numId 2 (bullets) indented further.
    assert [(i.text, i.level, i.ordered) for i in outline.items] == [
        ("Headings", 0, True),
        ("Lists", 0, True),
        ("Links", 0, True),
        ("Images", 0, True),
        ("Tables", 0, True),
        ("Simple Tables", 1, False),
        ("Complex Tables", 1, False),
        ("Columns", 0, True),
    ]
    simple, complex_ = [b for b in doc.blocks if b.kind == "table"]
    assert simple.header == ("Screen Reader", "Responses", "Share")
    assert simple.rows[0] == ("JAWS", "853", "49%")
    # The first row merges two columns per survey date (gridSpan=2): the label fills both.
    assert complex_.header == ("", "May 2012", "May 2012", "September 2010", "September 2010")
    assert complex_.rows[1] == ("JAWS", "853", "49%", "727", "59%")
    # The three links of the "Links" section keep their text.
    assert any("Sample Document (docx)" in b.text for b in doc.blocks)
    assert doc.images_at_anchor and doc.metadata["image_count"] == 2
    assert doc.metadata["author"] == "Mike Scott"


def test_all_round_page_numbers_follow_explicit_and_rendered_breaks(playground):
    doc = extract(playground / "all_round.docx")
    page = {b.text[:30]: b.page for b in doc.blocks}
    # An explicit <w:br w:type="page"/> follows "Alt text should communicate…"; Word's own
    # lastRenderedPageBreak right after it is the same break. The next rendered break is at the
    # start of the columns text; the one after the column break is a column, not a page.
    assert page["Alt text should communicate wh"] == 1
    assert page["Some images, such as charts or"] == 2
    assert page["Tables"] == 2
    assert page["This is an example of columns."] == 3
    assert doc.coverage.pages_total == 3
    chunks = get_chunks(playground / "all_round.docx")
    assert {c["metadata"].get("page_number") for c in chunks} == {1, 2, 3}


def test_a_page_or_column_break_inside_a_paragraph_parts_its_lines(playground):
    # The columns section's paragraph breaks to the second column between two sentences
    # (<w:br w:type="column"/>): the words either side of it were run together ("to the
    # next.When columns are not created correctly")
    doc = extract(playground / "all_round.docx")
    (columns,) = [b for b in doc.blocks if b.text.startswith("This is an example of columns.")]
    assert "read down a column and then across to the next.\nWhen columns are not created" in columns.text
    # a page break likewise, the page counted on; one opening or ending a paragraph adds no line
    for kind in ("page", "column"):
        brk = f'<w:r><w:br w:type="{kind}"/></w:r>'
        body = (
            f"<w:p><w:r><w:t>Tide low.</w:t></w:r>{brk}<w:r><w:t>Tide high.</w:t></w:r></w:p>"
            f"<w:p>{brk}<w:r><w:t>Ebb.</w:t></w:r>{brk}</w:p>"
        )
        blocks = docx(build_docx(body)).blocks
        assert [b.text for b in blocks] == ["Tide low.\nTide high.", "Ebb."]
        assert [b.page for b in blocks] == ([1, 3] if kind == "page" else [1, 1])


# -- the sample report (written by bench/make_sample_office.py) -----------------------------------


def test_sample_report_two_images_in_one_paragraph(sample_corpus):
    path = sample_corpus / "office" / "inspection_report.docx"
    doc = extract(path)
    assert doc.metadata["header_text"] == "Harbour Water Authority — Field Services"
    assert doc.metadata["footer_text"] == "Internal use only"
    assert doc.metadata["title"] == "Pump Station 4 Inspection Report"
    kinds = [b.kind for b in doc.blocks]
    anchor = next(i for i, b in enumerate(doc.blocks) if b.text.startswith("Intake screen before and after"))
    assert kinds[anchor + 1 : anchor + 3] == ["image", "image"]
    first, second = doc.blocks[anchor + 1], doc.blocks[anchor + 2]
    assert first.alt == "Intake screen & trash rack,\nbefore cleaning"
    assert second.alt == "Intake screen after cleaning"
    assert first.images[0].endswith(".png") and second.images[0].endswith(".gif")
    assert first.page == 2  # after the explicit page break
    with zipfile.ZipFile(path) as zf:
        media = {n: zf.read(n) for n in zf.namelist() if n.startswith("word/media/")}
    assert {image_name(d, n.rsplit(".", 1)[1]) for n, d in media.items()} == set(first.images + second.images)
    lst = next(b for b in doc.blocks if b.kind == "list")
    assert [(i.text, i.level) for i in lst.items] == [
        ("Intake screens cleaned & inspected", 0),
        ("Bearing temperature within 4 °C of baseline", 0),
        ("Vibration sensor B recalibrated", 1),
        ("Standby generator started under load", 0),
    ]
    table = next(b for b in doc.blocks if b.kind == "table")
    assert table.rows[-1] == ("P-403", "offline for seal replacement", "offline for seal replacement")


# -- features on hand-built packages ------------------------------------------------------------


def test_footnotes_headers_and_entities():
    body = para("Tom &amp; Jerry", extra='<w:r><w:footnoteReference w:id="2"/></w:r>') + para("Next")
    notes = (
        '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:t>---</w:t></w:r></w:p></w:footnote>'
        '<w:footnote w:id="2"><w:p><w:r><w:t>A cat &lt;and&gt; a mouse.</w:t></w:r></w:p></w:footnote>'
    )
    doc = docx(build_docx(body, footnotes=notes, header="ACME Ltd"))
    # the first note referred to is Word's footnote 1, whatever its id (2)
    assert [b.text for b in doc.blocks] == ["Tom & Jerry[^1]", "Next", "[^1]: A cat <and> a mouse."]
    assert doc.metadata["footnote_count"] == 1 and doc.metadata["endnote_count"] == 0
    assert doc.blocks[-1].meta["note"] == "footnote" and doc.blocks[-1].meta["note_id"] == "2"
    assert doc.metadata["header_text"] == "ACME Ltd"
    assert doc.metadata["footer_text"] is None


def test_custom_note_marks_are_the_notes_labels():
    # customMarkFollows: the mark Word shows is the text after the reference (in its run, or the
    # next run's first text), and the note's text starts with it too. It becomes the label, told
    # apart when used twice; a mark that cannot be a label (a space in it, or a number that is
    # another note's) leaves the note its id. A note without a custom mark has Word's number: the
    # first such (id 4) is 1, the marked ones not counted.
    def ref(nid: str, mark: str, same_run: bool = True, tag: str = "footnoteReference") -> str:
        reference = f'<w:{tag} w:customMarkFollows="1" w:id="{nid}"/>'
        if same_run:
            return f"<w:r>{reference}<w:t>{mark}</w:t></w:r>"
        return f"<w:r>{reference}</w:r><w:r><w:rPr/><w:t>{mark}</w:t></w:r>"

    def note(nid: str, text: str, tag: str = "footnote") -> str:
        return f'<w:{tag} w:id="{nid}"><w:p><w:r><w:t xml:space="preserve">{text}</w:t></w:r></w:p></w:{tag}>'

    body = (
        "<w:p><w:r><w:t>Tides</w:t></w:r>"
        + ref("2", "*")
        + '<w:r><w:t xml:space="preserve"> winds</w:t></w:r>'
        + ref("3", "*", same_run=False)
        + '<w:r><w:t xml:space="preserve"> rain</w:t></w:r><w:r><w:footnoteReference w:id="4"/></w:r>'
        + '<w:r><w:t xml:space="preserve"> fog</w:t></w:r>'
        + ref("5", "a b")
        + '<w:r><w:t xml:space="preserve"> ice</w:t></w:r>'
        + ref("6", "4")
        + '<w:r><w:t xml:space="preserve"> snow</w:t></w:r>'
        + ref("1", "†", tag="endnoteReference")
        + "</w:p>"
    )
    notes = (
        note("2", "* Admiralty.")
        + note("3", "* Met office.")
        + note("4", "Gauge.")
        + note("5", "a b Harbour log.")
        + note("6", "4 Coastguard.")
    )
    endnotes = f'<w:endnotes xmlns:w="{W_NS}">{note("1", "† Almanac.", "endnote")}</w:endnotes>'
    data = build_docx(
        body,
        footnotes=notes,
        rels={"rIdEnd": ("endnotes", "endnotes.xml")},
        files={"word/endnotes.xml": endnotes.encode()},
    )
    assert [b.text for b in docx(data).blocks] == [
        "Tides[^*] winds[^*-2] rain[^1] fog[^5] ice[^6] snow[^†]",
        "[^*]: Admiralty.",
        "[^*-2]: Met office.",
        "[^1]: Gauge.",
        "[^5]: a b Harbour log.",
        "[^6]: 4 Coastguard.",
        "[^†]: Almanac.",
    ]


def _noted(refs: list[tuple[str, str]]) -> str:
    """One paragraph per ``(tag, id)`` of ``refs``: "P<n>" followed by the reference."""
    return "".join(
        para(f"P{n}", extra=f'<w:r><w:{tag} w:id="{nid}"/></w:r>') for n, (tag, nid) in enumerate(refs, 1)
    )


def _notes(tag: str, ids: list[str]) -> str:
    """The separators Word and LibreOffice write (ids 0 and 1), then a note "Note <id>." per id."""
    return (
        f'<w:{tag} w:type="separator" w:id="0"><w:p/></w:{tag}>'
        f'<w:{tag} w:type="continuationSeparator" w:id="1"><w:p/></w:{tag}>'
        + "".join(f'<w:{tag} w:id="{i}"><w:p><w:r><w:t>Note {i}.</w:t></w:r></w:p></w:{tag}>' for i in ids)
    )


def test_notes_are_numbered_in_the_order_they_are_referred_to():
    # as LibreOffice saves a file: ids from 2 (0 and 1 are the separators), here referred to out
    # of the ids' order (3, 2, 4); Word numbers footnotes 1, 2, 3 by their references, endnotes
    # apart in its default format for them, lower Roman: i, ii (endnote ids 2 and 3, referred to
    # 3 then 2)
    refs = [
        ("footnoteReference", "3"),
        ("endnoteReference", "3"),
        ("footnoteReference", "2"),
        ("endnoteReference", "2"),
        ("footnoteReference", "4"),
    ]
    endnotes = f'<w:endnotes xmlns:w="{W_NS}">{_notes("endnote", ["2", "3"])}</w:endnotes>'
    data = build_docx(
        _noted(refs),
        footnotes=_notes("footnote", ["2", "3", "4"]),
        rels={"rIdEnd": ("endnotes", "endnotes.xml")},
        files={"word/endnotes.xml": endnotes.encode()},
    )
    doc = docx(data)
    assert [b.text for b in doc.blocks] == [
        "P1[^1]",
        "P2[^i]",
        "P3[^2]",
        "P4[^ii]",
        "P5[^3]",
        # the notes at the end in the order of their references, as before
        "[^1]: Note 3.",
        "[^i]: Note 3.",
        "[^2]: Note 2.",
        "[^ii]: Note 2.",
        "[^3]: Note 4.",
    ]
    assert [b.meta["note_id"] for b in doc.blocks[5:]] == ["3", "3", "2", "2", "4"]


def test_footnotes_are_numbered_in_the_format_and_from_the_number_the_document_sets():
    # settings.xml: lower roman from 3; the section (w:sectPr) sets upper letters, keeping the
    # start: Word shows C and D (3 and 4 in capital letters)
    settings = (
        f'<w:settings xmlns:w="{W_NS}"><w:footnotePr><w:numFmt w:val="lowerRoman"/>'
        '<w:numStart w:val="3"/></w:footnotePr></w:settings>'
    )
    refs = [("footnoteReference", "5"), ("footnoteReference", "2")]
    for section, first, second in (("", "iii", "iv"), ('<w:numFmt w:val="upperLetter"/>', "C", "D")):
        sect = f"<w:sectPr><w:footnotePr>{section}</w:footnotePr></w:sectPr>" if section else ""
        data = build_docx(
            _noted(refs) + sect,
            footnotes=_notes("footnote", ["2", "5"]),
            rels={"rIdSet": ("settings", "settings.xml")},
            files={"word/settings.xml": settings.encode()},
        )
        assert [b.text for b in docx(data).blocks] == [
            f"P1[^{first}]",
            f"P2[^{second}]",
            f"[^{first}]: Note 5.",
            f"[^{second}]: Note 2.",
        ]


def test_endnotes_are_numbered_in_their_own_format_told_apart_from_footnotes():
    # one footnote (id 2) then two endnotes (ids 3, 2). Word numbers endnotes i, ii by default;
    # an endnotePr in settings.xml sets upper Roman (I, II), or decimal, which footnotes write
    # too: the endnotes' labels then take an "e" before them (e1, e2) so that no [^…] label is
    # both a footnote's and an endnote's; footnotes in lower Roman and endnotes left at Word's
    # lower Roman likewise (ei, eii), the footnote keeping its i
    refs = [("footnoteReference", "2"), ("endnoteReference", "3"), ("endnoteReference", "2")]
    endnotes = f'<w:endnotes xmlns:w="{W_NS}">{_notes("endnote", ["2", "3"])}</w:endnotes>'
    cases = (
        ("", "1", "i", "ii"),
        ('<w:endnotePr><w:numFmt w:val="upperRoman"/></w:endnotePr>', "1", "I", "II"),
        ('<w:endnotePr><w:numFmt w:val="decimal"/></w:endnotePr>', "1", "e1", "e2"),
        ('<w:footnotePr><w:numFmt w:val="lowerRoman"/></w:footnotePr>', "i", "ei", "eii"),
    )
    for props, foot, first, second in cases:
        settings = f'<w:settings xmlns:w="{W_NS}">{props}</w:settings>'
        data = build_docx(
            _noted(refs),
            footnotes=_notes("footnote", ["2"]),
            rels={"rIdEnd": ("endnotes", "endnotes.xml"), "rIdSet": ("settings", "settings.xml")},
            files={"word/endnotes.xml": endnotes.encode(), "word/settings.xml": settings.encode()},
        )
        assert [b.text for b in docx(data).blocks] == [
            f"P1[^{foot}]",
            f"P2[^{first}]",
            f"P3[^{second}]",
            f"[^{foot}]: Note 2.",
            f"[^{first}]: Note 3.",
            f"[^{second}]: Note 2.",
        ], props


def test_footnote_numbers_restart_at_each_section_where_the_document_says():
    # two sections: the first ends with the paragraph whose pPr holds a sectPr (P2, its note
    # still the first section's), the second with the body's sectPr. With numRestart eachSect
    # Word numbers the notes 1, 2 then 1, 2 again; the labels of the second section's are made
    # unique as any repeated label is (1-2, 2-2). The second section may start again from its
    # own numStart (5, 6) and write its own format (upperLetter from 5: E, F). With eachPage the
    # second section, whose sectPr (the body's) names no type, starts on a new page (nextPage,
    # the default): numbered from 1 again there too; continuous or no numRestart, the count
    # goes on (1, 2, 3, 4).
    def doc(restart: str, second_section: str = "") -> list[str]:
        settings = f'<w:settings xmlns:w="{W_NS}"><w:footnotePr>{restart}</w:footnotePr></w:settings>'
        body = (
            para("P1", extra='<w:r><w:footnoteReference w:id="2"/></w:r>')
            + "<w:p><w:pPr><w:sectPr/></w:pPr><w:r><w:t>P2</w:t></w:r>"
            '<w:r><w:footnoteReference w:id="3"/></w:r></w:p>'
            + para("P3", extra='<w:r><w:footnoteReference w:id="4"/></w:r>')
            + para("P4", extra='<w:r><w:footnoteReference w:id="5"/></w:r>')
            + f"<w:sectPr>{second_section}</w:sectPr>"
        )
        data = build_docx(
            body,
            footnotes=_notes("footnote", ["2", "3", "4", "5"]),
            rels={"rIdSet": ("settings", "settings.xml")},
            files={"word/settings.xml": settings.encode()},
        )
        return [b.text for b in docx(data).blocks][:4]

    each_sect = '<w:numRestart w:val="eachSect"/>'
    assert doc(each_sect) == ["P1[^1]", "P2[^2]", "P3[^1-2]", "P4[^2-2]"]
    own = '<w:footnotePr><w:numStart w:val="5"/></w:footnotePr>'
    assert doc(each_sect, own) == ["P1[^1]", "P2[^2]", "P3[^5]", "P4[^6]"]
    letters = '<w:footnotePr><w:numFmt w:val="upperLetter"/><w:numStart w:val="5"/></w:footnotePr>'
    assert doc(each_sect, letters) == ["P1[^1]", "P2[^2]", "P3[^E]", "P4[^F]"]
    assert doc('<w:numRestart w:val="eachPage"/>') == ["P1[^1]", "P2[^2]", "P3[^1-2]", "P4[^2-2]"]
    for continuous in ('<w:numRestart w:val="continuous"/>', ""):
        assert doc(continuous) == ["P1[^1]", "P2[^2]", "P3[^3]", "P4[^4]"]
    # the second section's own start is not followed when the count goes on; its format is
    assert doc("", letters) == ["P1[^1]", "P2[^2]", "P3[^C]", "P4[^D]"]


def test_footnotes_restarting_at_each_page_follow_the_page_starts_the_file_records():
    # numRestart eachPage in a document of continuous sections (w:type continuous: a section
    # that goes on on the same page). Without layout, a page starts where the file says so: an
    # explicit page break, a paragraph set to start a page, a section starting on a new page,
    # and where Word last broke a page (w:lastRenderedPageBreak); the count starts again at the
    # first footnote after one. Where none is recorded, the count goes on.
    def labels(*paragraphs: str, settings_extra: str = "") -> list[str]:
        settings = (
            f'<w:settings xmlns:w="{W_NS}"><w:footnotePr><w:numRestart w:val="eachPage"/>'
            f"{settings_extra}</w:footnotePr></w:settings>"
        )
        ids = [str(n) for n in range(2, 2 + len(paragraphs))]
        body = "".join(
            f'<w:p>{p}<w:r><w:t>P{n}</w:t></w:r><w:r><w:footnoteReference w:id="{nid}"/></w:r></w:p>'
            for n, (p, nid) in enumerate(zip(paragraphs, ids, strict=True), 1)
        )
        data = build_docx(
            body + '<w:sectPr><w:type w:val="continuous"/></w:sectPr>',
            footnotes=_notes("footnote", ids),
            rels={"rIdSet": ("settings", "settings.xml")},
            files={"word/settings.xml": settings.encode()},
        )
        return [b.text for b in docx(data).blocks][: len(paragraphs)]

    continuous_end = '<w:pPr><w:sectPr><w:type w:val="continuous"/></w:sectPr></w:pPr>'
    next_page_end = "<w:pPr><w:sectPr/></w:pPr>"  # no type: the next section starts a page
    # sections that go on on their page: no page start is known, the count goes on
    assert labels("", continuous_end, "", "") == ["P1[^1]", "P2[^2]", "P3[^3]", "P4[^4]"]
    # Word's record of a page it broke before P3's text, in P3
    rendered = "<w:r><w:lastRenderedPageBreak/></w:r>"
    assert labels("", continuous_end, rendered, "") == ["P1[^1]", "P2[^2]", "P3[^1-2]", "P4[^2-2]"]
    # a page break typed at the start of P2; a paragraph (P4) set to start a page
    page_break = '<w:r><w:br w:type="page"/></w:r>'
    before = "<w:pPr><w:pageBreakBefore/></w:pPr>"
    assert labels("", page_break, "", before) == ["P1[^1]", "P2[^1-2]", "P3[^2]", "P4[^1-3]"]
    # pageBreakBefore switched off starts no page
    off = '<w:pPr><w:pageBreakBefore w:val="0"/></w:pPr>'
    assert labels("", off) == ["P1[^1]", "P2[^2]"]
    # a section's type, in the sectPr that ends it, says how that section starts: P1 ends a
    # section (of no type), the next section (P2, P3) ends with the body's sectPr, continuous,
    # so P2 goes on on P1's page
    assert labels(next_page_end, "", "") == ["P1[^1]", "P2[^2]", "P3[^3]"]
    # here the second section is P2 alone, ended by a sectPr of no type: it starts a page; the
    # third (P3, the body's continuous sectPr) goes on on P2's
    assert labels(continuous_end, next_page_end, "") == ["P1[^1]", "P2[^1-2]", "P3[^2]"]
    # a reference a reviewer deleted after the break is not read: the next one is first there
    deleted = (
        '<w:r><w:br w:type="page"/></w:r><w:del w:id="9" w:author="R" w:date="2024-01-01T00:00:00Z">'
        '<w:r><w:footnoteReference w:id="99"/></w:r></w:del>'
    )
    assert labels("", deleted) == ["P1[^1]", "P2[^1-2]"]
    # from the first number the document sets, in its format
    start = '<w:numFmt w:val="lowerLetter"/><w:numStart w:val="2"/>'
    assert labels("", rendered, settings_extra=start) == ["P1[^b]", "P2[^b-2]"]


def test_a_custom_mark_from_a_symbol_font_and_the_text_after_a_reference():
    # Word writes a mark chosen from a symbol font as a w:sym after the reference, in its run:
    # it is the label (Symbol F02A is ∗), and the run after it is text of the sentence. A run
    # that does not start the note too is no mark: " winds", "Harbour" and "." stay text.
    def note(nid: str, text: str) -> str:
        return f'<w:footnote w:id="{nid}"><w:p><w:r><w:t xml:space="preserve">{text}</w:t></w:r></w:p></w:footnote>'

    sym = '<w:sym w:font="Symbol" w:char="F02A"/>'
    body = (
        '<w:p><w:r><w:t>Tides</w:t></w:r><w:r><w:footnoteReference w:customMarkFollows="1" w:id="2"/>'
        + sym
        + '</w:r><w:r><w:t xml:space="preserve"> winds blow</w:t></w:r>'
        + '<w:r><w:footnoteReference w:customMarkFollows="1" w:id="3"/></w:r><w:r><w:t>Harbour</w:t></w:r>'
        + '<w:r><w:footnoteReference w:customMarkFollows="1" w:id="4"/></w:r><w:r><w:t>.</w:t></w:r></w:p>'
    )
    notes = (
        f'<w:footnote w:id="2"><w:p><w:r>{sym}</w:r><w:r><w:t xml:space="preserve"> Admiralty.</w:t></w:r></w:p></w:footnote>'
        + note("3", "Met office.")
        + note("4", "Gauge.")
    )
    assert [b.text for b in docx(build_docx(body, footnotes=notes)).blocks] == [
        "Tides[^∗] winds blow[^3]Harbour[^4].",
        "[^∗]: Admiralty.",
        "[^3]: Met office.",
        "[^4]: Gauge.",
    ]


def test_headings_from_styles_outline_levels_and_title():
    styles = (
        '<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style>'
        '<w:style w:type="paragraph" w:styleId="Kop2"><w:name w:val="heading 2"/></w:style>'
        '<w:style w:type="paragraph" w:styleId="Chapter"><w:name w:val="Chapter"/><w:basedOn w:val="Kop2"/>'
        "</w:style>"
        '<w:style w:type="paragraph" w:styleId="Custom"><w:name w:val="Custom"/>'
        '<w:pPr><w:outlineLvl w:val="2"/></w:pPr></w:style>'
    )
    body = (
        para("The Title", "Title")
        + para("Localised heading", "Kop2")
        + para("Inherited heading", "Chapter")
        + para("Outline heading", "Custom")
        + '<w:p><w:pPr><w:outlineLvl w:val="0"/></w:pPr><w:r><w:t>Direct outline</w:t></w:r></w:p>'
        + para("Body text")
    )
    doc = docx(build_docx(body, styles=styles))
    assert [(b.kind, b.level, b.text) for b in doc.blocks] == [
        ("heading", 1, "The Title"),
        ("heading", 2, "Localised heading"),
        ("heading", 2, "Inherited heading"),
        ("heading", 3, "Outline heading"),
        ("heading", 1, "Direct outline"),
        ("paragraph", 0, "Body text"),
    ]


def test_nested_lists_from_ilvl_and_numbering_formats():
    numbering = (
        '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="decimal"/></w:lvl>'
        '<w:lvl w:ilvl="1"><w:numFmt w:val="bullet"/></w:lvl></w:abstractNum>'
        '<w:num w:numId="5"><w:abstractNumId w:val="0"/></w:num>'
    )

    def item(text: str, ilvl: int) -> str:
        return (
            f'<w:p><w:pPr><w:numPr><w:ilvl w:val="{ilvl}"/><w:numId w:val="5"/></w:numPr></w:pPr>'
            f"<w:r><w:t>{text}</w:t></w:r></w:p>"
        )

    body = para("Intro") + item("one", 0) + item("one-a", 1) + item("two", 0) + para("After")
    doc = docx(build_docx(body, numbering=numbering))
    assert [b.kind for b in doc.blocks] == ["paragraph", "list", "paragraph"]
    assert [(i.text, i.level, i.ordered) for i in doc.blocks[1].items] == [
        ("one", 0, True),
        ("one-a", 1, False),
        ("two", 0, True),
    ]
    assert doc.blocks[1].text == "one\n  one-a\ntwo"


def test_vertically_merged_cells_repeat_the_first_cell():
    def cell(text: str, vmerge: str | None = None) -> str:
        pr = ""
        if vmerge == "restart":
            pr = '<w:tcPr><w:vMerge w:val="restart"/></w:tcPr>'
        elif vmerge == "continue":
            pr = "<w:tcPr><w:vMerge/></w:tcPr>"
        return f"<w:tc>{pr}<w:p><w:r><w:t>{text}</w:t></w:r></w:p></w:tc>"

    rows = [
        cell("Region") + cell("Site"),
        cell("North", "restart") + cell("Oslo"),
        cell("", "continue") + cell("Bergen"),
    ]
    body = "<w:tbl>" + "".join(f"<w:tr>{r}</w:tr>" for r in rows) + "</w:tbl>"
    (table,) = docx(build_docx(body)).blocks
    assert table.header == ("Region", "Site")
    assert table.rows == (("North", "Oslo"), ("North", "Bergen"))


def test_row_numbers_count_a_row_without_cells():
    """``row_numbers`` name each data row's place in the table, as a sheet's row numbers do: a
    row holding no cell (only its height here) is left out, and the rows after it keep theirs."""

    def row(*texts: str) -> str:
        return (
            "<w:tr>"
            + "".join(f"<w:tc><w:p><w:r><w:t>{t}</w:t></w:r></w:p></w:tc>" for t in texts)
            + "</w:tr>"
        )

    empty = '<w:tr><w:trPr><w:trHeight w:val="240"/></w:trPr></w:tr>'
    body = "<w:tbl>" + row("Item", "Qty") + row("Pens", "4") + empty + empty + row("Ink", "2") + "</w:tbl>"
    (table,) = docx(build_docx(body)).blocks
    assert table.header == ("Item", "Qty")
    assert table.rows == (("Pens", "4"), ("Ink", "2"))
    assert table.row_numbers == (2, 5)


def test_rows_in_a_content_control_or_custom_xml_are_read_in_place():
    """A repeating section wraps its rows in ``w:sdt``/``w:sdtContent`` (and a custom XML
    element may wrap rows): they are rows of the table, not left out."""

    def row(*texts: str) -> str:
        return (
            "<w:tr>"
            + "".join(f"<w:tc><w:p><w:r><w:t>{t}</w:t></w:r></w:p></w:tc>" for t in texts)
            + "</w:tr>"
        )

    section = '<w:sdt><w:sdtPr><w:alias w:val="Items"/></w:sdtPr><w:sdtContent>{}</w:sdtContent></w:sdt>'
    inner = section.format(
        row("Ink", "2") + '<w:customXml w:element="line">' + row("Nibs", "9") + "</w:customXml>"
    )
    body = (
        "<w:tbl>"
        + row("Item", "Qty")
        + section.format(row("Pens", "4") + inner)
        + row("Paper", "1")
        + "</w:tbl>"
    )
    (table,) = docx(build_docx(body)).blocks
    assert table.header == ("Item", "Qty")
    assert table.rows == (("Pens", "4"), ("Ink", "2"), ("Nibs", "9"), ("Paper", "1"))
    assert table.row_numbers == (2, 3, 4, 5)


def test_every_image_of_a_paragraph_and_skipped_formats():
    rels = {
        "rIdA": ("image", "media/a.png"),
        "rIdB": ("image", "media/b.gif"),
        "rIdC": ("image", "media/c.emf"),
        "rIdD": ("image", "http://example.com/remote.png"),
    }
    files = {"word/media/a.png": PNG, "word/media/b.gif": GIF, "word/media/c.emf": EMF}
    body = (
        "<w:p><w:r><w:t>Three pictures:</w:t></w:r>"
        + drawing("rIdA", "First &amp; best", 1)
        + drawing("rIdB", "Line one&#xA;line two", 2)
        + drawing("rIdC", "A vector logo", 3)
        + drawing("rIdD", "Remote", 4)
        + "</w:p>"
        + "<w:p>"
        + drawing("rIdA", "Same picture again", 5)
        + "</w:p>"
    )
    doc = docx(build_docx(body, rels=rels, files=files))
    kinds = [b.kind for b in doc.blocks]
    assert kinds == ["paragraph", "image", "image", "image", "image"]
    png_name, gif_name = image_name(PNG, "png"), image_name(GIF, "gif")
    assert [b.images for b in doc.blocks[1:]] == [(png_name,), (gif_name,), (), (png_name,)]
    assert [b.alt for b in doc.blocks[1:4]] == ["First & best", "Line one\nline two", "A vector logo"]
    assert [i.name for i in doc.images] == [png_name, gif_name]  # identical bytes stored once
    assert doc.image(png_name).data == PNG
    reasons = {s.name: s.reason for s in doc.coverage.skipped}
    assert "EMF" in reasons["word/media/c.emf"]
    assert "not fetched" in reasons["http://example.com/remote.png"]
    assert doc.coverage.images_extracted == 2


def test_vml_images_and_alternate_content_read_once():
    rels = {"rIdV": ("image", "media/v.png")}
    body = (
        "<w:p><w:r><w:t>Legacy picture</w:t></w:r><w:r><w:pict>"
        '<v:shape alt="Old style"><v:imagedata r:id="rIdV"/></v:shape></w:pict></w:r></w:p>'
        "<w:p><mc:AlternateContent><mc:Choice><w:r><w:t>chosen</w:t></w:r></mc:Choice>"
        "<mc:Fallback><w:r><w:t>fallback</w:t></w:r></mc:Fallback></mc:AlternateContent></w:p>"
        "<w:sdt><w:sdtContent>" + para("Inside a content control") + "</w:sdtContent></w:sdt>"
    )
    doc = docx(build_docx(body, rels=rels, files={"word/media/v.png": PNG}))
    assert [(b.kind, b.text) for b in doc.blocks] == [
        ("paragraph", "Legacy picture"),
        ("image", "[Image: Old style]"),
        ("paragraph", "chosen"),
        ("paragraph", "Inside a content control"),
    ]


def test_strict_ooxml_namespaces_are_read():
    doc = docx(build_docx(para("Strict body text"), strict=True))
    assert [b.text for b in doc.blocks] == ["Strict body text"]


def test_rendered_break_after_an_explicit_break_counts_once():
    body = (
        para("page one")
        + '<w:p><w:r><w:br w:type="page"/></w:r></w:p>'
        + "<w:p><w:r><w:lastRenderedPageBreak/><w:t>page two</w:t></w:r></w:p>"
        + "<w:p><w:r><w:lastRenderedPageBreak/><w:t>page three</w:t></w:r></w:p>"
        + '<w:p><w:r><w:t>still three</w:t><w:br w:type="column"/><w:lastRenderedPageBreak/>'
        + "<w:t> (next column)</w:t></w:r></w:p>"
    )
    doc = docx(build_docx(body))
    assert [(b.text, b.page) for b in doc.blocks] == [
        ("page one", 1),
        ("page two", 2),
        ("page three", 3),
        ("still three\n(next column)", 3),
    ]


def _replace_member(data: bytes, name: str, payload: bytes) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            dst.writestr(info, payload if info.filename == name else src.read(info.filename))
    return out.getvalue()


def test_damaged_main_part_is_read_as_far_as_it_goes_with_a_warning():
    # A closing tag is missing and the part is cut off mid-paragraph, as in a truncated save.
    body = para("First paragraph") + "<w:p><w:r><w:t>unclosed</w:r></w:p>" + para("Third")
    data = build_docx(body)
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        xml = zf.read("word/document.xml")
    doc = docx(_replace_member(data, "word/document.xml", xml[: xml.index(b"Third") + 3]))
    assert doc.blocks[0].text == "First paragraph"
    assert "unclosed" in doc.text
    (warning,) = doc.coverage.warnings
    assert "malformed XML" in warning and "readable part was extracted" in warning


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"PK\x03\x04 not really a zip", errors.PARSE_ERROR),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 504, errors.ENCRYPTED),
        (build_docx(para("x")).replace(b"word/document.xml", b"word/documenX.xml"), errors.PARSE_ERROR),
        (
            _replace_member(build_docx(para("x")), "word/document.xml", b"\x00\x01 not xml"),
            errors.PARSE_ERROR,
        ),
        (build_docx("<w:p/><w:p><w:r><w:t>   </w:t></w:r></w:p>"), errors.EMPTY_EXTRACTION),
    ],
    ids=["not-zip", "ole-encrypted", "no-main-part", "not-xml", "no-text"],
)
def test_unreadable_documents_raise_documented_codes(data, code):
    with pytest.raises(errors.ChunkscopeError) as info:
        docx(data)
    assert info.value.code == code


def test_entity_declarations_are_not_expanded():
    body = para("&lol;")
    data = build_docx(body).replace(
        b"<w:document", b'<!DOCTYPE w:document [<!ENTITY lol "LOLLOLLOL">]><w:document', 1
    )
    try:
        doc = docx(data)
    except errors.ChunkscopeError as exc:
        assert exc.code in (errors.PARSE_ERROR, errors.EMPTY_EXTRACTION)
    else:
        assert "LOLLOLLOL" not in doc.text


def test_equations_and_text_boxes_keep_their_text(real_world):
    # equations.docx: the inline equation A = πr² is OMML (m:t runs and an m:sSup), not w:t.
    eq = extract(real_world / "docx" / "kreuzberg" / "equations.docx")
    assert "this is an inline equation: A=πr^2" in eq.text
    # textbox.docx: "Student falls ill" and "Suggested Reportable Symptoms:" are two text boxes;
    # the second paragraph is a bullet (numId 1: abstract 5, numFmt bullet, lvlText "＊"), shown
    # "- " as the body's bullets are.
    box = extract(real_world / "docx" / "kreuzberg" / "textbox.docx")
    assert "Student falls ill\n- Suggested Reportable Symptoms:\n＊ Fever" in box.text
    # The Health Bureau's box numbers its two measures (numId 4: abstract 4, decimal "%1.").
    assert "Centers for Disease Control.\n1. If necessary, provide health education" in box.text
    assert "\n2. Implement appropriate epidemic prevention measures" in box.text


@pytest.mark.parametrize("ext", [".docm", ".dotx", ".dotm", ".DOCX"])
def test_every_word_extension_reads_the_same(sample_corpus, ext):
    data = (sample_corpus / "office" / "inspection_report.docx").read_bytes()
    assert extract_bytes(data, "report" + ext).blocks == docx(data).blocks


def test_other_packages_under_a_word_extension_are_named(sample_corpus):
    for name in ("operations_review.pptx", "society_minutes.odt", "tide_pools.epub"):
        with pytest.raises(errors.ParseError) as info:
            docx((sample_corpus / "office" / name).read_bytes())
        assert "not a Word document" in info.value.message


def test_styles_found_anywhere_in_a_large_part_and_under_any_prefix():
    filler = "".join(
        f'<w:style w:type="paragraph" w:styleId="Filler{i}"><w:name w:val="filler {i}"/></w:style>'
        for i in range(3000)
    )  # about 200 KB of styles before the one the document uses
    late = '<w:style w:type="paragraph" w:styleId="Late"><w:name w:val="heading 4"/></w:style>'
    doc = docx(build_docx(para("Deep heading", "Late"), styles=filler + late))
    assert [(b.kind, b.level) for b in doc.blocks] == [("heading", 4)]
    # The same styles part written with another prefix for the WordprocessingML namespace.
    data = build_docx(para("Deep heading", "Late"), styles=late)
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        parts = {n: zf.read(n) for n in zf.namelist()}
    parts["word/styles.xml"] = (
        f'<x:styles xmlns:x="{W_NS}"><x:style x:type="paragraph" x:styleId="Late">'
        '<x:name x:val="heading 4"/></x:style></x:styles>'
    ).encode()
    doc = docx(zipped(parts))
    assert [(b.kind, b.level) for b in doc.blocks] == [("heading", 4)]


def test_charts_are_listed_as_skipped():
    chart = (
        '<w:p><w:r><w:t>Sales</w:t></w:r><w:r><w:drawing><wp:inline><wp:docPr id="1" name="Chart 1"/>'
        '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart">'
        "</a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>"
    )
    doc = docx(build_docx(chart))
    assert [b.text for b in doc.blocks] == ["Sales"]
    assert [(s.what, s.name) for s in doc.coverage.skipped] == [("chart", "Chart 1")]


def test_damaged_secondary_parts_are_skipped_with_warnings():
    notes = '<w:footnote w:id="2"><w:p><w:r><w:t>A note</w:t></w:r></w:p></w:footnote>'
    body = para("Body text", extra='<w:r><w:footnoteReference w:id="2"/></w:r>')
    data = build_docx(body, footnotes=notes, header="ACME Ltd")
    data = _replace_member(data, "word/footnotes.xml", b"<w:footnotes><unclosed")
    data = _replace_member(data, "word/header1.xml", b"\x00 not xml")
    doc = docx(data)
    assert [b.text for b in doc.blocks] == ["Body text[^1]"]
    assert doc.metadata["header_text"] is None
    warnings = doc.coverage.warnings
    assert len(warnings) == 2 and all("the part was skipped" in w for w in warnings)
    assert any("footnotes.xml" in w for w in warnings) and any("header1.xml" in w for w in warnings)


def test_review_comments_are_listed_as_not_extracted():
    from docx import Document as WordDocument

    word = WordDocument()
    first = word.add_paragraph("The pump moves water uphill.")
    word.add_comment(first.runs, text="Check this figure", author="Ann")
    second = word.add_paragraph("A valve stops the flow.")
    word.add_comment(second.runs, text="Which valve?", author="Bo")
    out = io.BytesIO()
    word.save(out)
    doc = extract_bytes(out.getvalue(), "reviewed.docx")
    assert doc.text == "The pump moves water uphill.\n\nA valve stops the flow."
    (skipped,) = doc.coverage.skipped_of("comments")
    assert skipped.name == "word/comments.xml"
    assert skipped.reason.startswith("2 review comments not extracted")
    # a document without comments lists none
    plain = WordDocument()
    plain.add_paragraph("No remarks here.")
    out = io.BytesIO()
    plain.save(out)
    assert extract_bytes(out.getvalue(), "plain.docx").coverage.skipped == ()


def test_a_picture_in_a_text_box_is_one_image_block():
    # The text box is a drawing of its own, holding a paragraph with a picture (a drawing, then a
    # VML picture in a VML text box): each picture is its own drawing's, given once with its alt.
    def box(drawing_xml: str) -> str:
        return (
            '<w:p><w:r><w:t>Anchor</w:t></w:r><w:r><w:drawing><wp:anchor><wp:docPr id="9" name="Text Box 9"/>'
            '<a:graphic><a:graphicData uri="wps"><w:txbxContent><w:p><w:r><w:t>caption</w:t></w:r>'
            + drawing_xml
            + "</w:p></w:txbxContent></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r></w:p>"
        )

    vml = (
        "<w:p><w:r><w:t>Old box</w:t></w:r><w:r><w:pict><v:shape><v:textbox><w:txbxContent><w:p><w:r><w:pict>"
        '<v:shape alt="Old picture"><v:imagedata r:id="rIdA"/></v:shape></w:pict></w:r></w:p>'
        "</w:txbxContent></v:textbox></v:shape></w:pict></w:r></w:p>"
    )
    body = box(drawing("rIdA", "Inner picture")) + vml
    doc = docx(build_docx(body, rels={"rIdA": ("image", "media/a.png")}, files={"word/media/a.png": PNG}))
    assert [(b.kind, b.text) for b in doc.blocks] == [
        ("paragraph", "Anchor\ncaption"),
        ("image", "[Image: Inner picture]"),
        ("paragraph", "Old box"),
        ("image", "[Image: Old picture]"),
    ]


def test_identical_pictures_under_two_names_keep_each_places_alt_text():
    from indexer.api import get_markdown

    # media/a.png and media/b.png hold the same bytes: stored once, under one name, which both
    # places show; each place keeps its own alt text, in its chunk and in the Markdown.
    body = (
        "<w:p><w:r><w:t>Before the works</w:t></w:r>"
        + drawing("rIdA", "Site in May", 1)
        + "</w:p><w:p><w:r><w:t>After the works</w:t></w:r>"
        + drawing("rIdB", "Site in June", 2)
        + "</w:p>"
    )
    rels = {"rIdA": ("image", "media/a.png"), "rIdB": ("image", "media/b.png")}
    data = build_docx(body, rels=rels, files={"word/media/a.png": PNG, "word/media/b.png": PNG})
    name = image_name(PNG, "png")
    doc = docx(data)
    assert [(b.images, b.alt) for b in doc.blocks if b.kind == "image"] == [
        ((name,), "Site in May"),
        ((name,), "Site in June"),
    ]
    assert [i.name for i in doc.images] == [name]
    for mode in ("default", "structural", "section"):
        chunks = get_chunks(data, filename="t.docx", mode=mode, list_images=True).chunks
        images = [c["metadata"] for c in chunks if c["content_type"] == "image"]
        assert [(m["image_name"], m["alt_text"]) for m in images] == [
            (name, "Site in May"),
            (name, "Site in June"),
        ], mode
    markdown = get_markdown(data, filename="t.docx", list_images=True).markdown
    assert f"![Site in May]({name})" in markdown
    assert f"![Site in June]({name})" in markdown
