"""EPUB: the playground's book.epub (content.opf and chapters read by hand) and the sample guide."""

from __future__ import annotations

import io
import zipfile

import pytest

from indexer import errors, extract_bytes, get_chunks, get_markdown
from indexer.api import extract
from indexer.formats.html import HIDDEN_REASON
from indexer.model import Skipped
from tests._builders import epub_file, png


def test_book_follows_the_spine(playground):
    doc = extract(playground / "book.epub")
    # content.opf spine: CoverPage (linear=no), TableOfContents, chapter1, chapter2.
    order = []
    for block in doc.blocks:
        key = (block.meta["spine_index"], block.meta["href"])
        if key not in order:
            order.append(key)
    assert order == [
        (0, "CoverPage.html"),
        (1, "TableOfContents.html"),
        (2, "chapters/chapter1.html"),
        (3, "chapters/chapter2.html"),
    ]
    texts = [b.text for b in doc.blocks]
    assert texts.index("Chapter 1") < texts.index("This is the text for chapter One")
    assert texts.index("This is the text for chapter One") < texts.index("This is the text for chapter Two")
    # chapter1.html: the <style> and <script> in the head ("nothing to see here") are not text.
    assert not any("nothing to see here" in t or "nor here" in t for t in texts)
    chapter1 = [b for b in doc.blocks if b.meta["spine_index"] == 2]
    assert [b.kind for b in chapter1] == [
        "heading",
        "paragraph",
        "paragraph",
        "list",
        "paragraph",
        "paragraph",
    ]
    assert [i.text for i in chapter1[3].items] == ["First item", "Second item"]
    # chapter2.html: two h2 sub-chapters, loose text after them, a one-row table.
    chapter2 = [(b.kind, b.level, b.text) for b in doc.blocks if b.meta["spine_index"] == 3]
    assert ("heading", 2, "Subchapter 2.1") in chapter2 and ("heading", 2, "Subchapter 2.2") in chapter2
    assert any("subchapters of course" in t for _, _, t in chapter2)


def test_book_metadata_and_toc(playground):
    doc = extract(playground / "book.epub")
    meta = doc.metadata
    # <dc:title>An ePub  for Tika</dc:title> (two spaces in the source), dc:language en,
    # dc:creator Bart Hanssens, dc:identifier 1234567890; toc.ncx lists four navPoints.
    assert meta["source_type"] == "epub"
    assert meta["title"] == "An ePub for Tika"
    assert meta["language"] == "en"
    assert meta["creator"] == "Bart Hanssens"
    assert meta["identifier"] == "1234567890"
    assert meta["epub_version"] == "2.0"
    assert meta["spine_count"] == 4
    assert meta["toc"] == [
        {"title": "Cover Page", "href": "CoverPage.html"},
        {"title": "Table of Contents", "href": "TableOfContents.html"},
        {"title": "Chapter 1", "href": "chapters/chapter1.html"},
        {"title": "Chapter 2", "href": "chapters/chapter2.html"},
    ]


def test_book_cover_image_keeps_its_source_name(playground):
    path = playground / "book.epub"
    result = get_chunks(path, list_images=True)
    with zipfile.ZipFile(path) as zf:
        cover = zf.read("OPS/CoverDesign.jpg")
    assert result.images == {"CoverDesign.jpg": cover}
    (chunk,) = [c for c in result.chunks if c["content_type"] == "image"]
    assert chunk["content"] == "CoverDesign.jpg"
    chunks = get_chunks(path)
    spine = [c["metadata"].get("spine_index") for c in chunks]
    assert spine == sorted(spine) and None not in spine
    assert any(c["content"] == "[Image: Cover]" for c in chunks)


def test_sample_guide(sample_corpus):
    doc = extract(sample_corpus / "office" / "tide_pools.epub")
    assert doc.metadata["title"] == "A Short Guide to Tide Pools"
    assert doc.metadata["creator"] == "Ines Marlowe"
    assert [t["title"] for t in doc.metadata["toc"]] == ["Reading the Tide", "What Lives There"]
    assert "Check the tide table & the weather before you go." in doc.text
    (image,) = doc.images
    assert image.name == "anemone.png" and image.alt == "A beadlet anemone"
    # ch2.xhtml wraps its title in <header> and its footnote in <aside>: both are book content.
    chapter2 = [(b.kind, b.text) for b in doc.blocks if b.meta["href"] == "text/ch2.xhtml"]
    assert chapter2[0] == ("heading", "What Lives There")
    assert chapter2[-1] == ("paragraph", "Limpets cling hardest when the tide is out.")
    # Limpet<a href="#n1">1</a>, n1 the <aside>: a note reference, not the word "Limpet1"
    (table,) = (b for b in doc.blocks if b.kind == "table")
    assert table.rows == (("Limpet[^1]", "upper shore"),)
    nav, lst = (b for b in doc.blocks if b.kind == "list")
    assert nav.meta["is_navigation"] and nav.text == "Reading the Tide\nWhat Lives There"
    assert [(i.text, i.level) for i in lst.items] == [
        ("Beadlet anemones", 0),
        ("Shore crabs", 0),
        ("green", 1),
        ("Periwinkles", 0),
    ]


def test_broken_epubs_raise_documented_codes(playground):
    data = (playground / "book.epub").read_bytes()
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            if info.filename != "META-INF/container.xml":
                dst.writestr(info, src.read(info.filename))
    for bad in (out.getvalue(), data[:2000], b"not a zip at all"):
        with pytest.raises(errors.ChunkscopeError) as info:
            extract_bytes(bad, "book.epub")
        assert info.value.code == errors.PARSE_ERROR


def _with_member(data: bytes, name: str, payload: bytes) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            dst.writestr(info, src.read(info.filename))
        dst.writestr(name, payload)
    return out.getvalue()


def _encryption(uri: str) -> bytes:
    return (
        '<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" '
        'xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData>'
        f'<enc:CipherData><enc:CipherReference URI="{uri}"/></enc:CipherData>'
        "</enc:EncryptedData></encryption>"
    ).encode()


def test_drm_is_refused_but_font_obfuscation_is_read(playground):
    data = (playground / "book.epub").read_bytes()
    with pytest.raises(errors.Encrypted):
        extract_bytes(
            _with_member(data, "META-INF/encryption.xml", _encryption("OPS/chapters/chapter1.html")), "b.epub"
        )
    doc = extract_bytes(
        _with_member(data, "META-INF/encryption.xml", _encryption("OPS/fonts/serif.otf")), "b.epub"
    )
    assert "This is the text for chapter One" in doc.text


_CONTAINER = (
    '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">'
    '<rootfiles><rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/>'
    "</rootfiles></container>"
)
_OPF = """<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:x:1</dc:identifier>
<dc:title>Tide tables</dc:title><dc:language>en</dc:language></metadata>
<manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/></manifest>
<spine><itemref idref="nav" linear="no"/><itemref idref="c1"/></spine></package>"""
_XHTML = (
    '<?xml version="1.0" encoding="utf-8"?><!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml" '
    'xmlns:epub="http://www.idpf.org/2007/ops"><head><title>t</title></head><body>{}</body></html>'
)
_NAV = (
    '<nav epub:type="toc" id="toc"><h1>Contents</h1><ol><li><a href="c1.xhtml">Spring tides</a>'
    '<ol><li><a href="c1.xhtml#neap">Neap tides</a></li></ol></li></ol></nav>'
    '<nav epub:type="landmarks" hidden=""><h2>Guide</h2><ol><li><a href="#toc">Begin here</a></li></ol></nav>'
)
_CHAPTER = (
    '<h1>Spring tides</h1><p>High water <img src="flag.png" alt="" width="22" height="15"/> at noon.</p>'
    '<h2 id="neap">Neap tides</h2><p>Low range.</p>'
)


def _epub3(nav: str = _NAV, chapter: str = _CHAPTER, opf: str = _OPF) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip")
        zf.writestr("META-INF/container.xml", _CONTAINER)
        zf.writestr("EPUB/package.opf", opf)
        zf.writestr("EPUB/nav.xhtml", _XHTML.format(nav))
        zf.writestr("EPUB/c1.xhtml", _XHTML.format(chapter))
    return out.getvalue()


def test_navigation_document_is_read_and_tagged():
    doc = extract_bytes(_epub3(), "tides.epub")
    nav = [(b.kind, b.text) for b in doc.blocks if b.meta.get("is_navigation")]
    assert nav == [("heading", "Contents"), ("list", "Spring tides\n  Neap tides")]
    assert all(b.meta["href"] == "nav.xhtml" and b.meta["spine_index"] == 0 for b in doc.blocks[:2])
    # the hidden landmarks list is not shown by a reading system: not read
    assert "Guide" not in doc.text and "Begin here" not in doc.text
    chapter = [(b.kind, b.text) for b in doc.blocks if b.meta["spine_index"] == 1]
    assert chapter == [
        ("heading", "Spring tides"),
        ("paragraph", "High water at noon."),
        ("heading", "Neap tides"),
        ("paragraph", "Low range."),
    ]
    assert not any(b.meta.get("is_navigation") for b in doc.blocks[2:])
    # the 22×15 icon of the chapter is listed, not placed
    assert doc.coverage.skipped_of("image") == (
        Skipped("image", "flag.png", "icon (22×15)", on_purpose=True),
    )


def test_real_navigation_documents(real_world):
    # features.epub spine: front (linear), nav (linear="no", xhtml/nav.xhtml), the MathML and
    # switch documents; its <nav epub:type="toc"> opens with <h1>Table of Contents</h1>.
    doc = extract(real_world / "epub" / "kreuzberg" / "features.epub")
    nav = [b for b in doc.blocks if b.meta.get("is_navigation")]
    assert [b.kind for b in nav] == ["heading", "list"]
    assert nav[0].text == "Table of Contents" and nav[0].meta["spine_index"] == 1
    items = [(i.text, i.level) for i in nav[1].items]
    assert items[:4] == [
        ("Front page", 0),
        ("Table of Contents", 0),
        ("XHTML Content Documents", 0),
        ("MathML", 1),
    ]
    assert ("Elementary math: long division notation", 2) in items and items[-1] == ("MathML Embedding", 2)
    img = extract(real_world / "epub" / "kreuzberg" / "img.epub")
    assert [b.text for b in img.blocks if b.meta.get("is_navigation")][0] == "Table of Contents"


def test_the_hidden_elements_of_all_chapters_are_counted_once():
    nav = _NAV.replace("Contents", "Contents<span hidden>2</span>")
    doc = extract_bytes(_epub3(nav, _CHAPTER.replace("noon.", 'noon<span hidden="">7</span>.')), "tides.epub")
    assert "High water at noon." in doc.text and "Contents2" not in doc.text
    assert doc.coverage.skipped_of("hidden") == (
        Skipped("hidden", "2 elements", HIDDEN_REASON, on_purpose=True),
    )


_NOTES = (
    "<p>Limpets<sup><a href='notes.xhtml#n12'>12</a></sup> cling; a crab's claw<a href='#fn3'><sup>iii</sup></a>"
    " grips 3 cm<sup>2</sup>; barnacles<a epub:type='noteref' href='#b'>[4]</a> and mussels"
    "<a role='doc-noteref' href='#m'>*</a> share <a href='#rock'>2</a> rocks.</p>"
    "<h2 id='rock'>The rocks</h2><aside epub:type='footnote' id='b'><p>4. Acorn barnacles.</p></aside>"
)


def test_note_references_are_written_as_references():
    # a superscript link to a note (in another file, or holding the <sup>), a link typed noteref,
    # whatever its marker (a symbol too); not a superscript without a link (cm²) nor a link to a
    # heading that happens to be a number
    doc = extract_bytes(_epub3(chapter=_CHAPTER.replace("<p>Low range.</p>", _NOTES)), "tides.epub")
    (para,) = (b for b in doc.blocks if b.text.startswith("Limpets"))
    assert para.text == (
        "Limpets[^12] cling; a crab's claw[^iii] grips 3 cm2; barnacles[^4] and mussels[^*] share 2 rocks."
    )
    assert "4. Acorn barnacles." in doc.text


_NOT_NOTES = (
    "<p>On the 1<sup><a href='#may'>st</a></sup> of May and the 22<a href='#may'><sup>nd</sup></a>,"
    " Carson<sup><a href='notes.xhtml#y'>1951</a></sup> counted whelks<sup><a href='#n'>123</a></sup>"
    " and crabs<sup><a href='#c'>b</a></sup><sup><a href='#v'>vi</a></sup>.</p>"
)


def test_ordinal_suffixes_and_years_are_no_note_references():
    # a superscript link holding an ordinal's suffix (st, nd) or a year stays text; a number of
    # three digits, a letter and a roman numeral are note references
    doc = extract_bytes(_epub3(chapter=_CHAPTER.replace("<p>Low range.</p>", _NOT_NOTES)), "tides.epub")
    (para,) = (b for b in doc.blocks if b.text.startswith("On the"))
    assert para.text == "On the 1st of May and the 22nd, Carson1951 counted whelks[^123] and crabs[^b][^vi]."


_MARKERS = (
    "<p>Tides<sup><a href='#s1'>†</a></sup> turn<a href='notes.xhtml#s2'><sup>**</sup></a>;"
    " whelks<a epub:type='noteref' href='notes.xhtml#x'>1024</a>, crabs<sup><a href='notes.xhtml#fn1025'>1025</a></sup>"
    " and the 1<sup><a href='#o'>a</a></sup> and 2<a href='#o'><sup>e</sup></a> rocks,"
    " the 3<sup><a epub:type='noteref' href='#o'>a</a></sup> one, sea<sup><a href='#o'>a</a></sup>.</p>"
)


def test_symbol_markers_long_numbers_and_ordinal_letters():
    # a symbol marker, set in superscript or typed noteref, is a reference; a number of four
    # digits is one when typed noteref or when the fragment names it; a letter after a number
    # told by its superscript alone is an ordinal's indicator (1ª, 2e), typed noteref a reference
    doc = extract_bytes(_epub3(chapter=_CHAPTER.replace("<p>Low range.</p>", _MARKERS)), "tides.epub")
    (para,) = (b for b in doc.blocks if b.text.startswith("Tides"))
    assert para.text == (
        "Tides[^†] turn[^**]; whelks[^1024], crabs[^1025] and the 1a and 2e rocks, the 3[^a] one, sea[^a]."
    )


def test_a_tables_letter_notes_after_numbers_are_references():
    # a table's notes lettered a, b, c after its figures: the link's fragment names the letter,
    # which an ordinal's link does not; read as it is, 12 and its note "a" would give "12a"
    table = (
        "<table><tr><th>Site</th><th>Depth (m)</th><th>Limpets</th></tr>"
        "<tr><td>North</td><td>12<sup><a href='#tfn-a'>a</a></sup></td>"
        "<td>40<sup><a href='#tfn-b'>b</a></sup></td></tr>"
        "<tr><td>South</td><td>9</td><td>31<sup><a href='notes.xhtml#tfn_e'>e</a></sup></td></tr></table>"
        "<p id='tfn-a'>a Measured at low tide.</p>"
    )
    doc = extract_bytes(_epub3(chapter=_CHAPTER.replace("<p>Low range.</p>", table)), "tides.epub")
    (grid,) = (b for b in doc.blocks if b.kind == "table")
    assert grid.rows == (("North", "12[^a]", "40[^b]"), ("South", "9", "31[^e]"))


def test_the_waste_land_notes_are_references(real_world):
    # wasteland-content.xhtml: "Son of man,<a epub:type="noteref" class="noteref" href="#note-1">*</a>"
    # and the rearnote note-1 "Line 20. Cf. Ezekiel 2:1."; each of its 20 notes is marked "*", the
    # second (line 23) pointing at #note-2, the third (line 31) at #note-3: one label for all
    # named a single note
    doc = extract(real_world / "epub" / "kreuzberg" / "wasteland.epub")
    lines = [b.text for b in doc.blocks]
    assert any(t.startswith("Out of this stony rubbish? Son of man,[^*]") for t in lines)
    assert "And the dead tree gives no shelter, the cricket no relief,[^*-2]" in lines
    assert "Frisch weht der Wind[^*-3]" in lines
    assert sum(t.count("[^*") for t in lines) == 20
    assert "Line 20. Cf. Ezekiel 2:1." in lines
    assert not any(t.endswith(",*") or "*20" in t for t in lines)


def test_svg_cover_page_picture_is_read():
    # a converter's cover page scales the cover to the screen in an inline SVG:
    # <svg …><image xlink:href="cover.png"/></svg>; the picture is the package's cover.png
    # (48×64), read as an image block as an <img> is; an SVG drawing no picture is no image, the
    # label its <text> draws ("decoration") a paragraph as on any page
    opf = _OPF.replace(
        '<item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/>',
        '<item id="cover" href="cover.xhtml" media-type="application/xhtml+xml"/>'
        '<item id="img" href="images/cover.png" media-type="image/png"/>'
        '<item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/>',
    ).replace('<itemref idref="c1"/>', '<itemref idref="cover"/><itemref idref="c1"/>')
    cover = (
        '<div><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'version="1.1" viewBox="0 0 48 64"><title>Tide Tables &amp; Charts</title>'
        '<image width="48" height="64" xlink:href="images/cover.png"/></svg></div>'
        '<svg viewBox="0 0 10 10"><circle r="4"/><text>decoration</text></svg>'
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip")
        zf.writestr("META-INF/container.xml", _CONTAINER)
        zf.writestr("EPUB/package.opf", opf)
        zf.writestr("EPUB/nav.xhtml", _XHTML.format(_NAV))
        zf.writestr("EPUB/cover.xhtml", _XHTML.format(cover))
        zf.writestr("EPUB/images/cover.png", png((48, 64)))
        zf.writestr("EPUB/c1.xhtml", _XHTML.format(_CHAPTER))
    doc = extract_bytes(out.getvalue(), "tides.epub")
    shown = [(b.kind, b.text, b.images, b.alt) for b in doc.blocks if b.meta["href"] == "cover.xhtml"]
    assert shown == [
        ("image", "[Image: Tide Tables & Charts]", ("cover.png",), "Tide Tables & Charts"),
        ("paragraph", "decoration", (), None),
    ]
    assert [(i.name, i.width, i.height) for i in doc.images] == [("cover.png", 48, 64)]


def test_a_quotation_in_a_chapter_naming_no_language_takes_the_package_language():
    # the chapter's <html> names no language: a reading system sets the package's dc:language
    # on it, German here, whose quotation marks are „…“ and ‚…‘ inside (the HTML standard's
    # rendering rules); a part naming its own language keeps it (French «…»)
    chapter = '<p>Er sagte <q>Ebbe ist <q>bald</q></q>.</p><p lang="fr">Il a dit <q>marée</q>.</p>'
    german = _OPF.replace("<dc:language>en</dc:language>", "<dc:language>de-DE</dc:language>")
    doc = extract_bytes(_epub3(chapter=chapter, opf=german), "tides.epub")
    shown = [b.text for b in doc.blocks if b.meta["spine_index"] == 1]
    assert shown == ["Er sagte \u201eEbbe ist \u201abald\u2018\u201c.", "Il a dit \u00abmar\u00e9e\u00bb."]
    # an English package keeps English marks
    doc = extract_bytes(_epub3(chapter=chapter), "tides.epub")
    assert [b.text for b in doc.blocks if b.meta["spine_index"] == 1][0] == (
        "Er sagte \u201cEbbe ist \u2018bald\u2019\u201d."
    )


def test_a_chapter_is_read_as_the_package_holds_it():
    # the chapter's own <html lang>, the style sheet in its <head> and the text of adjacent
    # inline elements are read as written (EbookLib's get_content wrote the chapter anew:
    # <html lang="en">, no <head>, and indented so that "Ebb" and "tide" in two <span>s of a
    # <p> holding nothing else read "Ebb tide")
    page = (
        '<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml" lang="fr">'
        "<head><title>t</title><style>.aside { display: none }</style></head><body>"
        "<p>Il a dit <q>marée</q>.</p><p><span>Ebb</span><span>tide</span></p>"
        '<p>Shown <span class="aside">hidden</span> text.</p></body></html>'
    )
    german = _OPF.replace("<dc:language>en</dc:language>", "<dc:language>de</dc:language>")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip")
        zf.writestr("META-INF/container.xml", _CONTAINER)
        zf.writestr("EPUB/package.opf", german)
        zf.writestr("EPUB/nav.xhtml", _XHTML.format(_NAV))
        zf.writestr("EPUB/c1.xhtml", page)
    doc = extract_bytes(out.getvalue(), "tides.epub")
    shown = [b.text for b in doc.blocks if b.meta["spine_index"] == 1]
    assert shown == ["Il a dit \u00abmar\u00e9e\u00bb.", "Ebbtide", "Shown text."]


def test_switch_shows_one_of_its_cases():
    # an epub:switch shows one thing: the epub:default where no case's markup is read (the case
    # names a namespace nothing here reads), the MathML case where one is, as MathML is read as
    # text anywhere (a formula "x=2" in the linear format, its default "[formula]" not read twice)
    chapter = (
        "<h1>Switch</h1><epub:switch><epub:case required-namespace='urn:x-unsupported'><p>Case text</p>"
        "</epub:case><epub:default><p>Default text</p></epub:default></epub:switch>"
        '<epub:switch><epub:case required-namespace="http://www.w3.org/1998/Math/MathML">'
        '<math xmlns="http://www.w3.org/1998/Math/MathML"><mi>x</mi><mo>=</mo><mn>2</mn></math>'
        "</epub:case><epub:default><p>[formula]</p></epub:default></epub:switch><p>After.</p>"
    )
    doc = extract_bytes(_epub3(chapter=chapter), "tides.epub")
    shown = [b.text for b in doc.blocks if b.meta["spine_index"] == 1]
    assert shown == ["Switch", "Default text", "x=2", "After."]


def test_a_switch_inside_a_case_or_a_default_shows_one_part_too():
    # EPUB 3 gives an epub:case the content model of the switch's parent, so a case or a
    # default may hold a switch of its own: a reading system shows one part at every level.
    # First a switch in the default shown (its own default "Inner default"); then one in the
    # MathML case shown (its default, the formula "y"); then one in a case not shown (nothing of
    # it, the outer default "Outer default"). The first </epub:switch> ended the outer switch:
    # the inner switch's parts and the outer default were read as well
    math = "http://www.w3.org/1998/Math/MathML"

    def switch(case_ns: str, case: str, default: str) -> str:
        return (
            f"<epub:switch><epub:case required-namespace='{case_ns}'>{case}</epub:case>"
            f"<epub:default>{default}</epub:default></epub:switch>"
        )

    inner = switch("urn:x-inner", "<p>Inner case</p>", "<p>Inner default</p>")
    formula = f"<math xmlns='{math}'><mi>y</mi></math>"
    chapter = (
        "<h1>Nested</h1>"
        + switch("urn:x-outer", "<p>Outer case</p>", inner)
        + switch(math, switch("urn:x-inner", "<p>Inner case</p>", formula), "<p>[formula]</p>")
        + switch("urn:x-outer", inner, "<p>Outer default</p>")
        + "<p>After.</p>"
    )
    doc = extract_bytes(_epub3(chapter=chapter), "tides.epub")
    shown = [b.text for b in doc.blocks if b.meta["spine_index"] == 1]
    assert shown == ["Nested", "Inner default", "y", "Outer default", "After."]


def test_real_switch_shows_pass_alone(real_world):
    # features.epub's content-switch-001.xhtml: "If only the word "PASS" is rendered before this
    # paragraph, the test passes" (its default; its case names an unsupported namespace and holds
    # FAIL); switch-020's MathML case (mn 2, an mo of U+2061 function application, mi x, then
    # + y - z) is shown in the linear format, its default FAIL is not
    doc = extract(real_world / "epub" / "kreuzberg" / "features.epub")
    start = next(i for i, b in enumerate(doc.blocks) if b.text == "epub:switch")
    texts = [b.text for b in doc.blocks[start:]]
    assert "FAIL" not in texts and texts.count("PASS") == 1
    assert texts[texts.index("PASS") + 1].startswith('If only the word "PASS"')
    maths = (
        texts.index("Tests whether the MathML namespace is recognized when used in an epub:case element.") + 1
    )
    assert texts[maths] == "2 x+y-z"


_SAME_MARKS = (
    "<p>Limpets<a epub:type='noteref' href='#n1'>*</a> and whelks<a epub:type='noteref' href='#n2'>*</a>;"
    " limpets again<a epub:type='noteref' href='#n1'>*</a>, crabs<sup><a href='#n3'>†</a></sup>.</p>"
)


def test_a_mark_used_for_another_note_takes_a_number():
    # "*" marks the notes n1 and n2: the second note's reference is *-2, as a Word note's custom
    # mark used again is; a second reference to n1 keeps n1's label; † marks one note alone
    doc = extract_bytes(_epub3(chapter=_CHAPTER.replace("<p>Low range.</p>", _SAME_MARKS)), "tides.epub")
    (para,) = (b for b in doc.blocks if b.text.startswith("Limpets"))
    assert para.text == "Limpets[^*] and whelks[^*-2]; limpets again[^*], crabs[^†]."


def test_a_plain_note_is_a_note():
    # a link to an element typed epub:type="note" (not footnote, endnote or rearnote), set neither in
    # superscript nor typed noteref, is a note reference as one to a footnote is; a link to a
    # numbered heading stays text
    chapter = (
        "<p>Limpets<a href='#n1'>1</a> cling to <a href='#rock'>2</a> rocks.</p><h2 id='rock'>Rocks</h2>"
        "<div epub:type='note' id='n1'><p>1. Patella vulgata.</p></div>"
    )
    doc = extract_bytes(epub_file({"c1.xhtml": chapter}), "tides.epub")
    assert "Limpets[^1] cling to 2 rocks." in [b.text for b in doc.blocks]
    assert "1. Patella vulgata." in doc.text


def test_note_labels_are_unique_in_the_book():
    # each chapter numbers its notes from 1 (#n1 in c1.xhtml and #n1 in text/c2.xhtml are two
    # notes): the second chapter's first note reads [^1-2], not [^1] again in the book's Markdown;
    # the third chapter's link to c1.xhtml#n1 is the first chapter's note, [^1]; its own n1, [^1-3]
    one = "<p>Limpets<sup><a href='#n1'>1</a></sup> cling.</p><aside epub:type='footnote' id='n1'>Limpet.</aside>"
    two = (
        "<p>Whelks<sup><a href='#n1'>1</a></sup> crawl.</p><aside epub:type='footnote' id='n1'>Whelk.</aside>"
    )
    three = (
        "<p>Crabs<a epub:type='noteref' href='#n1'>1</a>, as limpets<a epub:type='noteref' "
        "href='../c1.xhtml#n1'>1</a>.</p><aside epub:type='footnote' id='n1'>Crab.</aside>"
    )
    book = epub_file({"c1.xhtml": one, "text/c2.xhtml": two, "text/c3.xhtml": three})
    doc = extract_bytes(book, "tides.epub")
    texts = [b.text for b in doc.blocks]
    assert "Limpets[^1] cling." in texts
    assert "Whelks[^1-2] crawl." in texts
    assert "Crabs[^1-3], as limpets[^1]." in texts
    markdown = get_markdown(book, filename="tides.epub")
    assert markdown.count("[^1]") == 2 and markdown.count("[^1-2]") == 1


def test_a_link_to_a_note_in_another_document_is_a_note_reference():
    # the book's endnotes stand in a file of their own (notes.xhtml), after the chapter: the
    # chapter's links to them are typed as nothing and not set in superscript, so that only the
    # element they point at (an aside, an element typed endnote, in notes.xhtml) tells they are
    # note references; a link to a heading of that file stays text, as does one to a note id
    # the other file does not hold
    chapter = (
        "<p>Limpets<a href='notes.xhtml#n3'>3</a> cling to rocks<a href='text/notes2.xhtml#e1'>1</a>,"
        " see <a href='notes.xhtml#top'>2</a> and <a href='notes.xhtml#n9'>9</a>.</p>"
    )
    notes = (
        "<h2 id='top'>Notes</h2><aside id='n3'><p>3. Patella vulgata.</p></aside>"
        "<div epub:type='endnote' id='n4'><p>4. Unused.</p></div>"
    )
    more = "<ol><li epub:type='endnote' id='e1'>Rocks of the upper shore.</li></ol>"
    doc = extract_bytes(
        epub_file({"c1.xhtml": chapter, "notes.xhtml": notes, "text/notes2.xhtml": more}), "tides.epub"
    )
    assert "Limpets[^3] cling to rocks[^1], see 2 and 9." in [b.text for b in doc.blocks]


def test_a_link_to_a_note_in_a_document_out_of_the_spine_is_a_note_reference():
    # the endnotes file is in the manifest but not in the spine (reached by its links alone, as
    # some books leave it): its aside still tells that the chapter's plain link "3" is a note
    # reference; the link "2" to its heading stays text, and the notes file is not read as a chapter
    chapter = "<p>Limpets<a href='notes.xhtml#n3'>3</a> cling, see <a href='notes.xhtml#top'>2</a>.</p>"
    notes = "<h2 id='top'>Notes</h2><aside id='n3'><p>3. Patella vulgata.</p></aside>"
    data = epub_file({"c1.xhtml": chapter, "notes.xhtml": notes}, out_of_spine=("notes.xhtml",))
    doc = extract_bytes(data, "tides.epub")
    assert [b.text for b in doc.blocks if b.meta.get("href") != "nav.xhtml"] == ["Limpets[^3] cling, see 2."]
