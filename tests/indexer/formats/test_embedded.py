"""Files embedded in Office documents (a workbook in a Word file, a Word file on a slide, a PDF
packaged as an OLE object) read with their own extractor at the place their object stands.

The documents are built with python-docx, python-pptx and openpyxl, then given their objects as
Word and PowerPoint write them: the file in ``word/embeddings/`` (``ppt/embeddings/``) with a
``package`` or ``oleObject`` relationship, the object element (``w:object`` holding a VML shape
with the EMF preview and ``o:OLEObject``; ``p:graphicFrame`` holding ``p:oleObj``) pointing to
it, the extensions declared in ``[Content_Types].xml``. Every expected text is the text written
into the embedded file here."""

from __future__ import annotations

import io
import re
import struct
import zipfile

import pytest

from indexer import chunk_document, extract
from indexer.limits import Limits
from indexer.markdown import render_markdown
from indexer.model import HEADING, IMAGE, TABLE
from indexer.modes import registry as modes

from .test_attachments import _docx, _pdf_with, _png, _xlsx

RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PACKAGE, OLE_OBJECT, IMAGE_REL = f"{RELS}/package", f"{RELS}/oleObject", f"{RELS}/image"
#: an EMF header record's first bytes: the preview Word draws of an object (never read)
EMF = b"\x01\x00\x00\x00\x6c\x00\x00\x00" + b"\x00" * 100
TYPES = {
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "bin": "application/vnd.openxmlformats-officedocument.oleObject",
    "emf": "image/x-emf",
    "pdf": "application/pdf",
}
#: the blocks of the workbook ``_xlsx()`` builds, embedded below a heading of level 1
_EMBEDDED_WORKBOOK = (
    (HEADING, 2, "Embedded: Microsoft_Excel_Worksheet.xlsx"),
    (HEADING, 3, "Costs"),
    (TABLE, 0, "| Item | Cost |\n| --- | --- |\n| Slates | 420 |\n| Gutter | 95 |"),
    (HEADING, 3, "Dates"),
    (TABLE, 0, "| Task | Day |\n| --- | --- |\n| Roof | Monday |"),
)


def _with_parts(package: bytes, parts: dict[str, bytes], edit) -> bytes:
    """``package`` with ``parts`` added, each of its other members passed through ``edit(name,
    data)``, and the extensions of the new parts declared."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(package)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = edit(info.filename, src.read(info))
            if info.filename == "[Content_Types].xml":
                have = set(re.findall(rb'Extension="(\w+)"', data))
                extra = "".join(
                    f'<Default Extension="{ext}" ContentType="{TYPES[ext]}"/>'
                    for ext in sorted({name.rsplit(".", 1)[1] for name in parts} & set(TYPES))
                    if ext.encode() not in have
                )
                data = data.replace(b"</Types>", extra.encode() + b"</Types>")
            dst.writestr(info, data)
        for name, data in parts.items():
            dst.writestr(name, data)
    return out.getvalue()


def _rel(rid: str, type_: str, target: str) -> bytes:
    return f'<Relationship Id="{rid}" Type="{type_}" Target="{target}"/>'.encode()


def _word_object(n: int, prog_id: str) -> str:
    """A paragraph holding object ``n`` as Word 2016 writes it: its preview (rIdPrev{n}) and its
    part (rIdObj{n})."""
    shape = f"_x0000_i10{n:02d}"
    return (
        '<w:p><w:r><w:object w:dxaOrig="4320" w:dyaOrig="1440">'
        f'<v:shape id="{shape}" type="#_x0000_t75" style="width:216pt;height:72pt" o:ole="">'
        f'<v:imagedata r:id="rIdPrev{n}" o:title=""/></v:shape>'
        f'<o:OLEObject Type="Embed" ProgID="{prog_id}" ShapeID="{shape}" DrawAspect="Content" '
        f'ObjectID="_17645120{n:02d}" r:id="rIdObj{n}"/></w:object></w:r></w:p>'
    )


def _word_with(paragraphs: list[str | tuple[str, str, str, bytes]]) -> bytes:
    """A Word file of ``paragraphs``: a text, ``"# text"`` a heading, or an object (ProgID,
    relationship type, file name, bytes) stored in ``word/embeddings/``."""
    import docx

    document = docx.Document()
    objects = []
    for p in paragraphs:
        if isinstance(p, str):
            if p.startswith("# "):
                document.add_heading(p[2:], level=1)
            else:
                document.add_paragraph(p)
        else:
            objects.append(p)
            document.add_paragraph(f"@@object{len(objects)}@@")
    saved = io.BytesIO()
    document.save(saved)
    parts: dict[str, bytes] = {}
    rels = b""
    for n, (_, type_, name, data) in enumerate(objects, 1):
        parts[f"word/embeddings/{name}"] = data
        parts[f"word/media/image{n}0.emf"] = EMF
        rels += _rel(f"rIdObj{n}", type_, f"embeddings/{name}") + _rel(
            f"rIdPrev{n}", IMAGE_REL, f"media/image{n}0.emf"
        )

    def edit(member: str, data: bytes) -> bytes:
        if member == "word/document.xml":
            for n, (prog_id, *_) in enumerate(objects, 1):
                data = re.sub(
                    rf"<w:p>(?:(?!<w:p>).)*?@@object{n}@@.*?</w:p>".encode(),
                    _word_object(n, prog_id).encode(),
                    data,
                )
        elif member == "word/_rels/document.xml.rels":
            data = data.replace(b"</Relationships>", rels + b"</Relationships>")
        return data

    return _with_parts(saved.getvalue(), parts, edit)


def _ole(streams: dict[str, bytes]) -> bytes:
    """An OLE compound file holding ``streams`` (olefile writes none: a minimal one by hand, every
    stream in the mini stream, as Office writes small objects)."""
    return _CompoundFile(streams).build()


class _CompoundFile:
    """The smallest valid compound file (MS-CFB, version 3, 512-byte sectors): a FAT sector, a
    directory sector, a mini FAT sector and the mini stream, streams under 4,096 bytes each."""

    def __init__(self, streams: dict[str, bytes]) -> None:
        assert len(streams) <= 3 and all(len(d) < 4096 for d in streams.values())
        self.streams = streams

    def build(self) -> bytes:
        mini, mini_fat, starts = b"", [], []
        for data in self.streams.values():
            start = len(mini) // 64
            count = max(1, -(-len(data) // 64))
            starts.append(start)
            mini_fat += [start + i + 1 for i in range(count - 1)] + [0xFFFFFFFE]
            mini += data.ljust(count * 64, b"\x00")
        mini_sectors = max(1, -(-len(mini) // 512))
        # sectors: 0 FAT, 1 directory, 2 mini FAT, 3.. the mini stream (the root's stream)
        fat = [0xFFFFFFFD, 0xFFFFFFFE, 0xFFFFFFFE]
        fat += [3 + i + 1 for i in range(mini_sectors - 1)] + [0xFFFFFFFE]
        fat += [0xFFFFFFFF] * (128 - len(fat))
        header = bytearray(512)
        header[0:8] = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
        struct.pack_into("<HHHHH", header, 24, 0x3E, 3, 0xFFFE, 9, 6)
        struct.pack_into("<IIIIIIII", header, 44, 1, 1, 0, 4096, 2, 1, 0xFFFFFFFE, 0)
        struct.pack_into("<I", header, 76, 0)  # the FAT's sector
        header[80:512] = b"\xff" * 432
        entries = [self._entry("Root Entry", 5, 3, len(mini), child=1)]
        names = list(self.streams)
        for i, name in enumerate(names):
            right = i + 2 if i + 1 < len(names) else 0xFFFFFFFF
            entries.append(self._entry(name, 2, starts[i], len(self.streams[name]), right=right))
        directory = b"".join(entries).ljust(512, b"\x00")
        body = struct.pack("<128I", *fat) + directory
        body += struct.pack("<128I", *(mini_fat + [0xFFFFFFFF] * (128 - len(mini_fat))))
        body += mini.ljust(mini_sectors * 512, b"\x00")
        return bytes(header) + body

    @staticmethod
    def _entry(name: str, kind: int, start: int, size: int, child=0xFFFFFFFF, right=0xFFFFFFFF) -> bytes:
        raw = name.encode("utf-16-le") + b"\x00\x00"
        entry = bytearray(128)
        entry[0 : len(raw)] = raw
        struct.pack_into("<HBB", entry, 64, len(raw), kind, 1)
        struct.pack_into("<III", entry, 68, 0xFFFFFFFF, right, child)
        struct.pack_into("<II", entry, 116, start, size)
        return bytes(entry)


def _packaged(name: str, data: bytes) -> bytes:
    """An ``\\x01Ole10Native`` stream as Windows' Object Packager writes it."""
    path = f"C:\\Users\\ana\\Documents\\{name}".encode() + b"\x00"
    temp = f"C:\\Users\\ana\\AppData\\Local\\Temp\\{name}".encode() + b"\x00"
    body = b"\x02\x00" + name.encode() + b"\x00" + path + struct.pack("<II", 0x00030000, len(temp))
    body += temp + struct.pack("<I", len(data)) + data
    return struct.pack("<I", len(body)) + body


def _all_modes_work(doc) -> None:
    for mode in modes.modes_for(doc.family):
        chunks = chunk_document(doc, mode)
        assert chunks and all(c.content.strip() for c in chunks), mode
    render_markdown(doc)


def _texts(doc) -> list[tuple[str, int, str]]:
    return [(b.kind, b.level, b.text) for b in doc.blocks if b.kind != IMAGE]


# -- Word ---------------------------------------------------------------------------------------


def test_a_workbook_embedded_in_a_word_file_is_read_where_it_stands():
    data = _word_with(
        [
            "# Costs",
            "The costs of the roof are in this table:",
            ("Excel.Sheet.12", PACKAGE, "Microsoft_Excel_Worksheet.xlsx", _xlsx()),
            "They are to be paid in May.",
        ]
    )
    doc = extract(data, filename="report.docx")
    assert _texts(doc) == [
        (HEADING, 1, "Costs"),
        ("paragraph", 0, "The costs of the roof are in this table:"),
        *_EMBEDDED_WORKBOOK,
        ("paragraph", 0, "They are to be paid in May."),
    ]
    embedded = [b for b in doc.blocks if b.meta.get("attachment")]
    assert {b.meta["attachment"] for b in embedded} == {"Microsoft_Excel_Worksheet.xlsx"}
    assert [b.meta.get("sheet_name") for b in embedded] == [None, "Costs", "Costs", "Dates", "Dates"]
    assert doc.coverage.attachments_indexed == ("Microsoft_Excel_Worksheet.xlsx",)
    # the EMF preview is not read: no image, nothing skipped
    assert doc.images == () and doc.coverage.skipped == () and not doc.coverage.has_warning
    # the blocks' lines follow each other in the document text
    assert [b.lines[0] for b in doc.blocks] == sorted(b.lines[0] for b in doc.blocks)
    assert doc.text.splitlines()[doc.blocks[4].lines[0] - 1] == "| Item | Cost |"
    _all_modes_work(doc)


def test_the_word_files_text_after_an_object_is_reserved_before_the_file_it_embeds():
    after = "They are to be paid in May, once the roofer has sent the final bill. " * 15
    data = _word_with(
        [
            "The costs of the roof are in this table:",
            ("Excel.Sheet.12", PACKAGE, "Microsoft_Excel_Worksheet.xlsx", _xlsx()),
            after.strip(),
        ]
    )
    own = "The costs of the roof are in this table:\n\n" + after.strip()
    # the workbook's text alone is far under the limit; with the paragraph after it, over
    limit = len(own) + 20
    doc = extract(data, filename="report.docx", limits=Limits(max_text_chars=limit))
    assert doc.text == own and doc.coverage.attachments_indexed == ()
    (skipped,) = doc.coverage.skipped
    assert (skipped.what, skipped.name) == ("embedded object", "Microsoft_Excel_Worksheet.xlsx")
    assert f"of its holder's {limit:,}-character limit left after the holder's own text" in skipped.reason
    assert [b.lines for b in doc.blocks] == [(1, 1), (3, 3)]


def test_a_word_file_embedded_in_a_word_file_keeps_its_picture():
    data = _word_with(
        ["Before.", ("Word.Document.12", PACKAGE, "Microsoft_Word_Document.docx", _docx()), "After."]
    )
    doc = extract(data, filename="outer.docx")
    assert _texts(doc) == [
        ("paragraph", 0, "Before."),
        (HEADING, 1, "Embedded: Microsoft_Word_Document.docx"),
        (HEADING, 2, "Site survey"),
        ("paragraph", 0, "The north wall is sound; the roof needs new slates."),
        (TABLE, 0, "| Wall | State |\n| --- | --- |\n| north | sound |"),
        ("paragraph", 0, "After."),
    ]
    (image,) = doc.images
    (picture,) = [b for b in doc.blocks if b.kind == IMAGE]
    assert picture.images == (image.name,) and image.name.startswith("attachment1_")
    assert image.data == _png() and doc.metadata["image_count"] == 1
    _all_modes_work(doc)


def test_a_pdf_packaged_as_an_ole_object_is_read_under_its_own_name():
    from .test_attachments import _pdf_with

    pdf = _pdf_with({})  # a one-page PDF with a line of text
    ole = _ole(
        {"\x01Ole10Native": _packaged("minutes.pdf", pdf), "\x01CompObj": b"\x01\x00\xfe\xff" + b"\x00" * 24}
    )
    data = _word_with(["Minutes attached.", ("Package", OLE_OBJECT, "oleObject1.bin", ole)])
    doc = extract(data, filename="cover.docx")
    assert doc.coverage.attachments_indexed == ("minutes.pdf",)
    heading = next(b for b in doc.blocks if b.kind == HEADING)
    assert (heading.level, heading.text) == (1, "Embedded: minutes.pdf")
    body = [b for b in doc.blocks if b.meta.get("attachment") == "minutes.pdf" and b.kind != HEADING]
    assert [b.text for b in body] == ["The holder page."]
    assert body[0].meta["attachment_page"] == 1 and body[0].page == 1


def test_a_packaged_picture_is_an_image_where_the_object_stands():
    png = _png()
    ole = _ole({"\x01Ole10Native": _packaged("plan.png", png)})
    data = _word_with(["The plan:", ("Package", OLE_OBJECT, "oleObject1.bin", ole), "Done."])
    doc = extract(data, filename="cover.docx")
    assert doc.coverage.skipped == () and doc.coverage.attachments_indexed == ("plan.png",)
    assert [(b.kind, b.level, b.text, b.images) for b in doc.blocks] == [
        ("paragraph", 0, "The plan:", ()),
        (HEADING, 1, "Embedded: plan.png", ()),
        (IMAGE, 0, "[Image: plan.png]", ("attachment1_plan.png",)),
        ("paragraph", 0, "Done.", ()),
    ]
    (image,) = doc.images
    assert (image.name, image.data) == ("attachment1_plan.png", png)
    _all_modes_work(doc)


def test_an_acrobat_object_is_read_as_a_pdf():
    from .test_attachments import _pdf_with

    ole = _ole({"CONTENTS": _pdf_with({})})
    doc = extract(
        _word_with(["See:", ("AcroExch.Document.DC", OLE_OBJECT, "oleObject1.bin", ole)]), filename="a.docx"
    )
    assert doc.coverage.attachments_indexed == ("object.pdf",)


def test_an_object_that_holds_no_file_is_listed():
    ole = _ole({"Equation Native": b"\x1c\x00" + b"\x00" * 40})
    data = _word_with(["The formula:", ("Equation.3", OLE_OBJECT, "oleObject1.bin", ole), "Done."])
    doc = extract(data, filename="maths.docx")
    assert _texts(doc) == [("paragraph", 0, "The formula:"), ("paragraph", 0, "Done.")]
    (skipped,) = doc.coverage.skipped
    assert (skipped.what, skipped.name) == ("embedded object", "oleObject1.bin")
    assert skipped.reason == (
        "an embedded object (Equation.3): its contents are not a file that is read (Equation Native)"
    )


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (
            b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 40,
            "an embedded object (Excel.Sheet.8): a damaged OLE compound file",
        ),
        (b"PK\x03\x04 not a zip", "PARSE_ERROR: workbook is not a valid zip archive"),
    ],
)
def test_a_damaged_embedded_file_is_one_entry_and_the_document_is_read(data, reason):
    name = "oleObject1.bin" if data.startswith(b"\xd0") else "Microsoft_Excel_Worksheet.xlsx"
    rel = OLE_OBJECT if name.endswith(".bin") else PACKAGE
    doc = extract(_word_with(["Text.", ("Excel.Sheet.8", rel, name, data), "More."]), filename="d.docx")
    assert _texts(doc) == [("paragraph", 0, "Text."), ("paragraph", 0, "More.")]
    (skipped,) = doc.coverage.skipped
    assert skipped.name == name and skipped.reason.startswith(reason)


# -- PowerPoint ---------------------------------------------------------------------------------


def _ole_frame(prog_id: str, link: bool = False) -> str:
    """An OLE frame as PowerPoint 2016 writes it: the object for VML readers, then a fallback
    with its EMF preview (rIdPrev)."""
    held = "<p:link/>" if link else "<p:embed/>"
    return (
        '<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="4" name="Object 3"/><p:cNvGraphicFramePr>'
        '<a:graphicFrameLocks noChangeAspect="1"/></p:cNvGraphicFramePr><p:nvPr/></p:nvGraphicFramePr>'
        '<p:xfrm><a:off x="1524000" y="2997000"/><a:ext cx="6096000" cy="2286000"/></p:xfrm>'
        '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/presentationml/2006/ole">'
        '<mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">'
        '<mc:Choice xmlns:v="urn:schemas-microsoft-com:vml" Requires="v">'
        f'<p:oleObj spid="_x0000_s1026" name="Worksheet" r:id="rIdObj" imgW="2743200" imgH="1028700" '
        f'progId="{prog_id}">{held}</p:oleObj></mc:Choice><mc:Fallback>'
        f'<p:oleObj name="Worksheet" r:id="rIdObj" imgW="2743200" imgH="1028700" progId="{prog_id}">{held}'
        '<p:pic><p:nvPicPr><p:cNvPr id="0" name=""/><p:cNvPicPr/><p:nvPr/></p:nvPicPr>'
        '<p:blipFill><a:blip r:embed="rIdPrev"/><a:stretch><a:fillRect/></a:stretch></p:blipFill>'
        '<p:spPr><a:xfrm><a:off x="1524000" y="2997000"/><a:ext cx="6096000" cy="2286000"/></a:xfrm>'
        '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic></p:oleObj>'
        "</mc:Fallback></mc:AlternateContent></a:graphicData></a:graphic></p:graphicFrame>"
    )


def _slides_with(prog_id: str, name: str, data: bytes, *, link: bool = False, after: str = "") -> bytes:
    """Two slides; the first with a title, a line of text above the object and the object; the
    second with a title and the text ``after``."""
    import pptx
    from pptx.util import Inches

    prs = pptx.Presentation()
    first = prs.slides.add_slide(prs.slide_layouts[5])  # title only
    first.shapes.title.text = "Roof costs"
    first.shapes.add_textbox(Inches(1), Inches(1.5), Inches(6), Inches(1)).text_frame.text = "As agreed:"
    second = prs.slides.add_slide(prs.slide_layouts[5])
    second.shapes.title.text = "Next steps"
    if after:
        second.shapes.add_textbox(Inches(1), Inches(1.5), Inches(6), Inches(1)).text_frame.text = after
    saved = io.BytesIO()
    prs.save(saved)
    target = name if link else f"../embeddings/{name}"
    rels = _rel("rIdPrev", IMAGE_REL, "../media/image90.emf")
    rels += (
        f'<Relationship Id="rIdObj" Type="{OLE_OBJECT}" Target="file:///C:/{name}" TargetMode="External"/>'.encode()
        if link
        else _rel("rIdObj", PACKAGE if not name.endswith(".bin") else OLE_OBJECT, target)
    )

    def edit(member: str, part: bytes) -> bytes:
        if member == "ppt/slides/slide1.xml":
            return part.replace(b"</p:spTree>", _ole_frame(prog_id, link).encode() + b"</p:spTree>")
        if member == "ppt/slides/_rels/slide1.xml.rels":
            return part.replace(b"</Relationships>", rels + b"</Relationships>")
        return part

    parts = {"ppt/media/image90.emf": EMF}
    if not link:
        parts[f"ppt/embeddings/{name}"] = data
    return _with_parts(saved.getvalue(), parts, edit)


def test_a_workbook_embedded_on_a_slide_is_read_on_that_slide():
    doc = extract(
        _slides_with("Excel.Sheet.12", "Microsoft_Excel_Worksheet.xlsx", _xlsx()), filename="deck.pptx"
    )
    assert _texts(doc) == [
        (HEADING, 1, "Roof costs"),
        ("paragraph", 0, "As agreed:"),
        *_EMBEDDED_WORKBOOK,
        (HEADING, 1, "Next steps"),
    ]
    embedded = [b for b in doc.blocks if b.meta.get("attachment")]
    assert all(b.page == 1 and b.meta["slide_number"] == 1 for b in embedded)
    assert doc.coverage.attachments_indexed == ("Microsoft_Excel_Worksheet.xlsx",)
    assert doc.images == () and doc.coverage.skipped == ()
    _all_modes_work(doc)


def test_the_slides_after_an_object_are_reserved_before_the_file_it_embeds():
    after = "The roofer starts on Monday and sends the final bill once the work is done. " * 12
    data = _slides_with("Excel.Sheet.12", "Microsoft_Excel_Worksheet.xlsx", _xlsx(), after=after.strip())
    own = "Roof costs\n\nAs agreed:\n\nNext steps\n\n" + after.strip()
    # the workbook's text alone is far under the limit; with the second slide's, over
    limit = len(own) + 20
    doc = extract(data, filename="deck.pptx", limits=Limits(max_text_chars=limit))
    assert doc.text == own and doc.coverage.attachments_indexed == ()
    (skipped,) = doc.coverage.skipped
    assert (skipped.what, skipped.name) == ("embedded object", "Microsoft_Excel_Worksheet.xlsx")
    assert f"of its holder's {limit:,}-character limit left after the holder's own text" in skipped.reason


def test_a_word_file_embedded_on_a_slide_brings_its_picture():
    doc = extract(
        _slides_with("Word.Document.12", "Microsoft_Word_Document.docx", _docx()), filename="deck.pptx"
    )
    (image,) = doc.images
    assert image.data == _png() and image.meta["attachment"] == "Microsoft_Word_Document.docx"
    assert "The north wall is sound; the roof needs new slates." in [b.text for b in doc.blocks]


def test_a_linked_object_on_a_slide_is_listed():
    doc = extract(_slides_with("Excel.Sheet.12", "costs.xlsx", b"", link=True), filename="deck.pptx")
    (skipped,) = doc.coverage.skipped
    assert (skipped.what, skipped.name) == ("embedded object", "slide 1: Worksheet")
    assert (
        skipped.reason
        == "an embedded object (Excel.Sheet.12) linked to a file outside the document (not fetched)"
    )


# -- Excel --------------------------------------------------------------------------------------


def _book_with_objects(sheet: str, objects: str, rels: bytes, parts: dict[str, bytes]) -> bytes:
    """The two-sheet workbook with ``objects`` (``oleObject`` elements) in the worksheet part
    ``sheet``, its relationships ``rels`` and the embedded ``parts``, as Excel writes them."""
    xml = (
        f'<oleObjects xmlns:r="{RELS}" '
        'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">' + objects + "</oleObjects>"
    ).encode()

    def edit(name: str, data: bytes) -> bytes:
        return (
            data.replace(b"</worksheet>", xml + b"</worksheet>") if name == f"xl/worksheets/{sheet}" else data
        )

    rels_xml = (
        b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        b'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        + rels
        + b"</Relationships>"
    )
    return _with_parts(_xlsx(), {**parts, f"xl/worksheets/_rels/{sheet}.rels": rels_xml}, edit)


def _excel_object(prog_id: str, rid: str) -> str:
    """An ``oleObject`` as Excel 2010+ writes it: once for readers that know its preview's
    anchor, once as the fallback."""
    return (
        '<mc:AlternateContent><mc:Choice Requires="x14">'
        f'<oleObject progId="{prog_id}" shapeId="1025" r:id="{rid}"></oleObject></mc:Choice>'
        f'<mc:Fallback><oleObject progId="{prog_id}" shapeId="1025" r:id="{rid}"/></mc:Fallback>'
        "</mc:AlternateContent>"
    )


def test_a_word_file_embedded_in_a_sheet_is_read_after_that_sheet():
    book = _book_with_objects(
        "sheet1.xml",
        _excel_object("Word.Document.12", "rId1"),
        _rel("rId1", PACKAGE, "../embeddings/Microsoft_Word_Document.docx"),
        {"xl/embeddings/Microsoft_Word_Document.docx": _docx()},
    )
    doc = extract(book, filename="costs.xlsx")
    assert doc.coverage.sheets_read == ("Costs", "Dates")
    assert doc.coverage.attachments_indexed == ("Microsoft_Word_Document.docx",)
    assert doc.coverage.skipped == ()
    # the sheet's table, the Word file read once (its object is written twice), the next sheet
    assert [(b.kind, b.level, b.text, b.meta["sheet_name"]) for b in doc.blocks if b.kind != IMAGE] == [
        (TABLE, 0, "| Item | Cost |\n| --- | --- |\n| Slates | 420 |\n| Gutter | 95 |", "Costs"),
        (HEADING, 1, "Embedded: Microsoft_Word_Document.docx", "Costs"),
        (HEADING, 2, "Site survey", "Costs"),
        ("paragraph", 0, "The north wall is sound; the roof needs new slates.", "Costs"),
        (TABLE, 0, "| Wall | State |\n| --- | --- |\n| north | sound |", "Costs"),
        (TABLE, 0, "| Task | Day |\n| --- | --- |\n| Roof | Monday |", "Dates"),
    ]
    (image,) = doc.images
    assert image.data == _png() and image.meta["attachment"] == "Microsoft_Word_Document.docx"
    _all_modes_work(doc)
    # every mode keeps the workbook's sheets and rows; the Word file's text is the Costs sheet's
    rows = chunk_document(doc, "row")
    assert [c.content for c in rows if c.metadata.get("sheet_name") == "Dates"] == [
        "Task: Roof | Day: Monday"
    ]
    said = [c for c in rows if "north wall" in c.content]
    assert said and all(c.metadata["sheet_name"] == "Costs" for c in said)
    for mode in ("table", "sheet"):
        chunks = chunk_document(doc, mode)
        assert any("| Roof | Monday |" in c.content and c.metadata["sheet_name"] == "Dates" for c in chunks)
        assert any("Site survey" in c.content and c.metadata["sheet_name"] == "Costs" for c in chunks)


def test_a_file_embedded_in_a_sheet_is_markdown_below_the_sheets_heading():
    book = _book_with_objects(
        "sheet1.xml",
        _excel_object("Word.Document.12", "rId1"),
        _rel("rId1", PACKAGE, "../embeddings/Microsoft_Word_Document.docx"),
        {"xl/embeddings/Microsoft_Word_Document.docx": _docx()},
    )
    doc = extract(book, filename="costs.xlsx")
    (image,) = doc.images
    picture = next(b.text for b in doc.blocks if b.kind == IMAGE)
    costs = "## Costs\n\n| Item | Cost |\n| --- | --- |\n| Slates | 420 |\n| Gutter | 95 |\n\n"
    # the Word file's heading 1 sits below the "Embedded" heading, which sits below the sheet's
    word = (
        "### Embedded: Microsoft_Word_Document.docx\n\n#### Site survey\n\n"
        "The north wall is sound; the roof needs new slates.\n\n"
        "| Wall | State |\n| --- | --- |\n| north | sound |\n\n"
    )
    dates = "\n\n---\n\n## Dates\n\n| Task | Day |\n| --- | --- |\n| Roof | Monday |\n"
    assert render_markdown(doc) == costs + word + picture + dates
    assert render_markdown(doc, list_images=True) == costs + word + f"![]({image.name})" + dates


def test_a_file_in_the_workbook_no_sheets_object_shows_is_listed():
    # the relationship alone, without the sheet's object: Excel shows nothing of it
    book = _book_with_objects(
        "sheet1.xml",
        "",
        _rel("rId1", PACKAGE, "../embeddings/Microsoft_Word_Document.docx"),
        {"xl/embeddings/Microsoft_Word_Document.docx": _docx()},
    )
    doc = extract(book, filename="costs.xlsx")
    assert doc.coverage.sheets_read == ("Costs", "Dates") and doc.coverage.attachments_indexed == ()
    (skipped,) = doc.coverage.skipped
    assert (skipped.what, skipped.name, skipped.reason) == (
        "embedded object",
        "Microsoft_Word_Document.docx",
        "a file embedded in the workbook that no sheet's object shows (not read)",
    )


def test_a_pdf_embedded_in_the_second_sheet_is_read_after_it():
    pdf = _pdf_with({})  # one page: "The holder page."
    book = _book_with_objects(
        "sheet2.xml",
        _excel_object("Acrobat.Document.DC", "rId3"),
        _rel("rId3", PACKAGE, "../embeddings/report.pdf"),
        {"xl/embeddings/report.pdf": pdf},
    )
    doc = extract(book, filename="costs.xlsx")
    assert doc.coverage.attachments_indexed == ("report.pdf",)
    texts = [(b.text, b.meta["sheet_name"], b.page, b.meta.get("attachment_page")) for b in doc.blocks]
    at = texts.index(("Embedded: report.pdf", "Dates", None, None))
    assert texts[at - 1][0] == "| Task | Day |\n| --- | --- |\n| Roof | Monday |" and at == len(texts) - 2
    assert texts[-1] == ("The holder page.", "Dates", None, 1)
    _all_modes_work(doc)


# -- OpenDocument -------------------------------------------------------------------------------


def _odt_with_sheet(after: str = "Paid in May.") -> bytes:
    """A text with a spreadsheet object (``Object 1/``, as LibreOffice embeds one), built with
    odfpy, between two paragraphs."""
    from odf.draw import Frame, Image, Object
    from odf.opendocument import OpenDocumentSpreadsheet, OpenDocumentText
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    sheet = OpenDocumentSpreadsheet()
    table = Table(name="Costs")
    for row in (("Item", "Cost"), ("Slates", "420")):
        tr = TableRow()
        for value in row:
            cell = TableCell(valuetype="string")
            cell.addElement(P(text=value))
            tr.addElement(cell)
        table.addElement(tr)
    sheet.spreadsheet.addElement(table)
    text = OpenDocumentText()
    text.text.addElement(P(text="The costs:"))
    holder = P()
    frame = Frame(width="8cm", height="2cm", anchortype="as-char")
    frame.addElement(Object(href=text.addObject(sheet)))  # "./Object 1"
    frame.addElement(Image(href="./ObjectReplacements/Object 1"))
    holder.addElement(frame)
    text.text.addElement(holder)
    text.text.addElement(P(text=after))
    out = io.BytesIO()
    text.write(out)
    return out.getvalue()


def test_a_spreadsheet_embedded_in_an_odt_is_read_where_it_stands():
    data = _odt_with_sheet()
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        assert "Object 1/content.xml" in zf.namelist()
    doc = extract(data, filename="costs.odt")
    assert _texts(doc) == [
        ("paragraph", 0, "The costs:"),
        (HEADING, 1, "Embedded: Object 1.ods"),
        (HEADING, 2, "Costs"),
        (TABLE, 0, "| Item | Cost |\n| --- | --- |\n| Slates | 420 |"),
        ("paragraph", 0, "Paid in May."),
    ]
    assert doc.coverage.attachments_indexed == ("Object 1.ods",) and doc.coverage.skipped == ()
    _all_modes_work(doc)


def test_an_ole_object_in_an_odt_is_read_as_in_a_word_file():
    from odf.draw import Frame, ObjectOle
    from odf.opendocument import OpenDocumentText
    from odf.text import P

    from .test_attachments import _pdf_with

    text = OpenDocumentText()
    text.text.addElement(P(text="Minutes:"))
    holder = P()
    frame = Frame(width="2cm", height="2cm", anchortype="as-char")
    frame.addElement(ObjectOle(href="./Object 2"))
    holder.addElement(frame)
    text.text.addElement(holder)
    out = io.BytesIO()
    text.write(out)
    ole = _ole({"\x01Ole10Native": _packaged("minutes.pdf", _pdf_with({}))})
    data = _with_parts(out.getvalue(), {"Object 2": ole}, lambda name, part: part)
    doc = extract(data, filename="minutes.odt")
    assert _texts(doc) == [
        ("paragraph", 0, "Minutes:"),
        (HEADING, 1, "Embedded: minutes.pdf"),
        ("paragraph", 0, "The holder page."),
    ]
    assert doc.coverage.attachments_indexed == ("minutes.pdf",)


def test_the_odts_text_after_an_object_is_reserved_before_the_sub_document():
    after = "Paid in May, once the roofer has sent the final bill for the slates and gutters. " * 12
    own = "The costs:\n\n" + after.strip()
    # the spreadsheet's text alone is far under the limit; with the paragraph after it, over
    limit = len(own) + 20
    doc = extract(_odt_with_sheet(after.strip()), filename="costs.odt", limits=Limits(max_text_chars=limit))
    assert doc.text == own and doc.coverage.attachments_indexed == ()
    (skipped,) = doc.coverage.skipped
    assert (skipped.what, skipped.name) == ("embedded object", "Object 1.ods")
    assert f"of its holder's {limit:,}-character limit left after the holder's own text" in skipped.reason
