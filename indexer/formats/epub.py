"""EPUB (.epub): the spine in reading order, read with ebooklib.

The container is checked with ``zipsafe.open_zip`` before ebooklib opens it. Each spine document's
XHTML becomes blocks through the HTML extractor's :func:`~indexer.formats.html.html_blocks`; every
block carries ``spine_index`` (0-based position in the spine) and ``href`` (the document's path in
the package), and ``is_navigation`` for the EPUB 3 navigation document, whose shown ``<nav>``
lists (the table of contents) are read as content. Images referenced by
``<img src>``, or by an inline SVG's ``<image xlink:href>`` (a cover page), are taken from the
package and keep their source file names. Of an EPUB 3 ``epub:switch`` one part is read, as a
reading system shows one: its MathML ``epub:case``, else its ``epub:default``. Document metadata: the
Dublin Core title, language, creator and identifier (first value, plus the plural lists when there
are several), the EPUB version, the spine length and the table of contents as ``[{title, href}]``.
"""

from __future__ import annotations

import io
import posixpath
import re
import warnings
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import replace
from functools import partial
from typing import Any
from urllib.parse import unquote, urldefrag

from lxml import etree

from ..errors import EmptyExtraction, Encrypted, ParseError
from ..limits import ExtractContext
from ..model import IMAGE, Block, Coverage, Document, Image, Skipped, assemble
from ..zipsafe import open_zip
from . import _ooxml
from .html import NoteLabels, decode_html, html_blocks, margin_removed, merge_hidden, parse_html
from .registry import extractor

# In a book, <header>/<footer> hold chapter titles and bylines and <aside> holds footnotes: content,
# not the site chrome the HTML reader drops. They are read as plain containers.
_CONTENT_TAGS = re.compile(r"<(/?)(header|footer|aside)(?=[\s>/])", re.IGNORECASE)


def _as_content(m: re.Match[str]) -> str:
    """A ``<header>``, ``<footer>`` or ``<aside>`` tag as a ``<div>`` one; an aside keeps a
    ``data-aside`` mark, by which a note reference pointing at it is known."""
    return f"<{m[1]}div" + (" data-aside" if not m[1] and m[2].lower() == "aside" else "")


#: An inline SVG picture (a cover page's ``<svg><image xlink:href="cover.jpg"/></svg>``, as
#: converters write one to scale the picture to the screen) and the ``<image>`` elements in it
_SVG = re.compile(r"<svg\b[^>]*>.*?</svg\s*>", re.IGNORECASE | re.DOTALL)
_SVG_IMAGE = re.compile(r"""<image\b[^>]*?\s(?:xlink:)?href\s*=\s*(["'])(.*?)\1""", re.IGNORECASE | re.DOTALL)
_SVG_TITLE = re.compile(r"<title\b[^>]*>(.*?)</title\s*>", re.IGNORECASE | re.DOTALL)


def _svg_pictures(m: re.Match[str]) -> str:
    """An inline SVG that shows pictures as ``<img>`` elements (its ``<title>`` their alt text),
    which the HTML reader takes from the package as it takes any other; SVG drawn otherwise is
    left as it is (the HTML reader reads the labels its ``<text>`` elements write)."""
    svg = m[0]
    sources = [src for _, src in _SVG_IMAGE.findall(svg)]
    if not sources:
        return svg
    title = _SVG_TITLE.search(svg)
    alt = title[1].strip().replace('"', "&quot;") if title else ""  # entities kept as written
    return "".join(f'<img src="{src.replace(chr(34), "&quot;")}" alt="{alt}">' for src in sources)


#: An EPUB 3 ``epub:switch``: content written in a markup a reading system may not read (an
#: ``epub:case`` naming its namespace) and a fallback every one reads (``epub:default``); one
#: with no other inside it (a case or a default may hold a switch of its own)
_SWITCH = re.compile(
    r"<epub:switch\b[^>]*>((?:(?!<epub:switch\b).)*?)</epub:switch\s*>", re.IGNORECASE | re.DOTALL
)
_CASE = re.compile(r"<epub:case\b([^>]*)>(.*?)</epub:case\s*>", re.IGNORECASE | re.DOTALL)
_DEFAULT = re.compile(r"<epub:default\b[^>]*>(.*?)</epub:default\s*>", re.IGNORECASE | re.DOTALL)
_NAMESPACE = re.compile(r"""\brequired-namespace\s*=\s*(["'])(.*?)\1""", re.IGNORECASE | re.DOTALL)
#: The namespaces of the markup read here in an ``epub:case``: MathML, whose text is read as a
#: formula's wherever it stands
_READ_NAMESPACES = frozenset(("http://www.w3.org/1998/Math/MathML",))


def _switches_shown(page: str) -> str:
    """``page`` with each ``epub:switch`` replaced by what a reading system shows of it
    (:func:`_switch_shown`), the innermost first: a switch in the case or the default shown
    shows one part of its own, at any depth, and the one around it is then read whole
    (the first ``</epub:switch>`` ended the outer one, its default read after the inner one's)."""
    while True:
        shown = _SWITCH.sub(_switch_shown, page)
        if shown == page:
            return page
        page = shown


def _switch_shown(m: re.Match[str]) -> str:
    """What a reading system shows of an ``epub:switch``: the first ``epub:case`` whose markup it
    reads (MathML, :data:`_READ_NAMESPACES`), else the ``epub:default``; one of them, not both
    (a book's formula and the picture or text standing in for it read twice otherwise)."""
    for case in _CASE.finditer(m[1]):
        namespace = _NAMESPACE.search(case[1])
        if namespace is not None and namespace[2].strip() in _READ_NAMESPACES:
            return case[2]
    default = _DEFAULT.search(m[1])
    return default[1] if default is not None else ""


_DC = ("title", "language", "creator", "identifier", "publisher", "date", "subject", "description")


def _read(data: bytes, what: str) -> Any:
    from ebooklib import epub

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return epub.read_epub(io.BytesIO(data), options={"ignore_ncx": False})
    except epub.EpubException as exc:
        raise ParseError(f"{what} is not a readable EPUB: {exc}"[:300]) from None
    except (
        KeyError,
        IndexError,
        AttributeError,
        AssertionError,
        TypeError,
        ValueError,
        EOFError,
        zlib.error,
        zipfile.BadZipFile,
        etree.LxmlError,
    ) as exc:
        raise ParseError(f"{what} is not a readable EPUB: {type(exc).__name__}: {exc}"[:300]) from None


def _toc(entries: Any) -> Iterator[dict[str, str]]:
    for entry in entries or ():
        if isinstance(entry, (tuple, list)) and len(entry) == 2:
            section, children = entry
            title = getattr(section, "title", None)
            href = getattr(section, "href", None)
            if title:
                yield {"title": " ".join(str(title).split()), "href": href or ""}
            yield from _toc(children)
        else:
            title = getattr(entry, "title", None)
            if title:
                yield {"title": " ".join(str(title).split()), "href": getattr(entry, "href", "") or ""}


def _metadata(book: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in _DC:
        try:
            values = [" ".join(str(v[0]).split()) for v in book.get_metadata("DC", key) if v and v[0]]
        except (KeyError, AttributeError, TypeError):
            values = []
        if not values:
            continue
        if key in ("title", "language", "creator", "identifier"):
            out[key] = values[0]
            if len(values) > 1:
                out[key + "s"] = values
        elif key == "description":
            out[key] = values[0][:2000]
        else:
            out[key] = values[0] if len(values) == 1 else values
    return out


class _Images:
    """Source-named images of the package; distinct images sharing a file name get a suffix."""

    def __init__(self, book: Any, sink: _ooxml.ImageSink) -> None:
        self.book = book
        self.sink = sink
        self.by_href: dict[str, Image | None] = {}
        self.names: dict[str, str] = {}  # source name → href that holds it

    def get(self, href: str, alt: str | None, meta: dict[str, Any]) -> Image | None:
        if href in self.by_href:
            return self.by_href[href]
        item = self.book.get_item_with_href(href)
        image: Image | None = None
        if item is None:
            self.sink.skipped.append(Skipped("image", href, "image is not in the package"))
        else:
            name = self._name(href)
            result = self.sink.from_bytes(
                item.get_content(),
                posixpath.splitext(href)[1],
                source_name=name,
                alt=alt,
                meta=meta,
                keep_source_name=True,
            )
            image = result if isinstance(result, Image) else None
        self.by_href[href] = image
        return image

    def _name(self, href: str) -> str:
        base = posixpath.basename(href) or "image"
        stem, ext = posixpath.splitext(base)
        name, n = base, 1
        while name in self.names and self.names[name] != href:
            n += 1
            name = f"{stem}_{n}{ext}"
        self.names[name] = href
        return name


@extractor(
    ".epub",
    name="epub",
    source_type="epub",
    libraries=("EbookLib", "selectolax"),
    images=True,
    version="38",  # 2: HTML tables with colspan and rowspan laid out; 3: rowspan="0";
    # 4: HTML items, cells and headings read inline text as paragraphs do; page chrome, icons dropped; nav read
    # 5: hidden HTML elements left out
    # 6: short inline elements hidden by a <style> rule left out, all those left out counted in coverage.skipped;
    # note references written [^n]
    # 7: a table's first row of bold cells is its header; a table without a header names its columns Column N;
    # note references marked by a symbol (*, †) or numbered past 999 written [^n], ordinal letters (1ª) left
    # a poem's line numbers in <span>s at the ends of its lines left out
    # an element an !important rule shows again kept; hidden ones inside the page chrome not counted
    # 8: figures at line ends (years, prices) kept unless they count the lines between them as a poem's numbers do
    # a table of one row read as the flow of its cells
    # a letter a, o or e set as a note reference after a number ([^a] in a table) when its link's fragment names it
    # 9: a layout table (role="presentation", or cells holding tables, headings, lists or several
    # paragraphs and no header cell) read as the flow of its cells
    # 10: a title row over <th> rows alone: the first of them heads the others, or a table without data;
    # a table in a data table's cell a table of its own right under its row, the table going on after it
    # as another block under the same header, its row_numbers going on, or read as flow when it holds no
    # data (one text a row); a column empty in every row of any table left out;
    # a table most of whose rows (three or more) are rows of as many short cells a data table, blocks in
    # its other cells notwithstanding; a column of one value below the first row no vote for a header;
    # a row left with its label alone by the tables in its cells said as a paragraph over them, a block
    # of a cut table of one text a row under no header cell as paragraphs, not under "Column N";
    # a picture in a row of data past an infobox's opening rows read under its row, the table cut there
    # 11: a table of one text a row read as the flow of its cells, not only in a data table's cell
    # the Column N names of a table no row heads on its first block alone, not on each block of a box
    # a MediaWiki template's "v · t · e" bar (view, talk, edit) left out as page chrome
    # a cell spanning a table's rows to its end, holding a picture and text under no header text (a
    # ranking's photos and their captions), read once after the table, not repeated in each row; a
    # column empty but for a title row across the table left out
    # a small picture without alt text beside a cell's text (a flag before a name) read after the
    # table, not cutting it
    # 12: HTML 12 (alt-text pictures in cells, 30 px icons, flags after their rows, boxes headed)
    # 13: HTML 13 (a <blockquote>'s blocks carry their quote depth)
    # 14: HTML 14 (an <ol>'s items carry their numbers)
    # 15: HTML 15 (text in a list outside any <li> an unordered item)
    # 16: HTML 16 (a <pre> in a list item a code block of its own)
    # 17: HTML 17 (a <br> in a <pre> breaks its line)
    # 18: HTML 18 (soft hyphens left out)
    # 19: a chapter read in the encoding its XML declaration names (HTML 19)
    # 20: HTML 20 (a table in a list item a table of its own)
    # 21: a picture an inline SVG shows (a cover page's <svg><image xlink:href>) read as an <img>
    # 22: HTML 21 (a program's line-number column left out)
    # 23: HTML 23 (a <q>'s quotation marks)
    # 24: HTML 24 (an inline SVG drawing's labels read)
    # 25: of an epub:switch one part read, its MathML epub:case or else its epub:default, not every case and
    # the default
    # 26: HTML 25 (a line left blank by two <br> ends a paragraph)
    # 27: HTML 27 (a <q>'s quotation marks those of its language: „…“ in German, «…» in French)
    # 28: an epub:switch inside an epub:case or epub:default shows one part too, at any depth (the
    # first </epub:switch> ended the outer one: both parts of the inner one read, and its default)
    # 29: a chapter read as the package holds it (its <html lang> and <head> style sheet were replaced,
    # adjacent inline elements spaced apart); a <q> in a chapter naming no language quoted in the marks
    # of the package's dc:language (was “…”)
    # 30: HTML 28 (a <ruby>'s reading in parentheses after its base)
    # 31: HTML 29 (a MathML equation in Word's linear format, one set apart a paragraph of its own)
    # 32: a chapter without a BOM, charset or encoding declaration read in the HTML reader's legacy code
    # pages (HTML 22, 26); HTML 30 (the spaces at an inline equation's edges kept); a note marker used
    # again for another note labelled -2, -3 … ([^*], [^*-2]: The Waste Land's 20 notes marked *)
    # 33: legacy text without a BOM or charset: Greek (windows-1253, ISO-8859-7), Baltic (windows-1257) and
    # Arabic (windows-1256, ISO-8859-6) read in their code page; a word or short line whose bytes tell
    # ("Poznań", "Київ", "北海道") no longer misread
    # 34: a link to a plain note (epub:type="note") a note reference; note labels unique in the book, a
    # chapter numbering its notes from 1 again reading [^1-2] (each chapter's first note was [^1]); a
    # table's footer written before its body read last, the header and footer of a section or a quote
    # read, Word's list paragraphs (mso-list) a list (HTML 32);
    # legacy text without a BOM or charset: Ukrainian in KOI8-U, Persian in windows-1256 (پ چ ژ گ, the
    # Arabic question mark and comma, the zero-width non-joiner), Greek in capitals without accents read
    # in their code page
    # legacy text: a word opened by ð or ğ, an ì or ù before a letter, a þ after a vowel:
    # signs of a wrong reading ("Šeštadienį", "České Budějovice", "Kadıköy, Beşiktaş" in
    # windows-1257, -1250, -1254 no longer windows-1252)
    # 35: a link to a note of another document of the book (notes.xhtml#n3, an aside or an element typed
    # endnote there) a note reference, typed or in superscript or not; a link to another document no longer
    # taken for one by an id of its own chapter's notes;
    # legacy text without a BOM or charset: Greek capitals no longer read as KOI8-R, whose small Russian
    # letters then show я or й before a vowel, г or гс closing a word after a consonant, оу closing a word:
    # signs of a wrong reading, as are a Croatian đ opening a word before no vowel, a Romanian ţ before a
    # consonant and an ò closing a word after a vowel ("ΠΡΟΣΟΧΗ", "Šiauliai", "Şişli", "Plzeň" in
    # windows-1253, -1257, -1254, -1250 no longer KOI8-R, windows-1250, -1250, -1252);
    # legacy text: an œ closing a word or before w, r, m, z, a Polish ś, ź or ń before a vowel: signs of a
    # wrong reading (Polish "Wyświetla informację", "wartości" in windows-1250 no longer windows-1252, French
    # "cœur", "mœurs" in windows-1252 no longer windows-1250);
    # legacy text: a Slovak ť or Ť, a č, an è, an æ, an ê, an œ after a vowel and an ã met where their
    # languages do not write them: signs of a wrong reading (French "système" and German and French « » in
    # windows-1252 no longer windows-1250 or ISO-8859-2; Croatian "način", "će", Polish "narzędzia", "być",
    # Romanian "următorul", "dacă" in windows-1250 no longer windows-1252); Icelandic letters costed by their
    # frequency (Turkish "Ayrıntılı" in windows-1254 no longer windows-1252);
    # legacy text: an õ, an û, an ø, an ì and an è met where their languages do not write them: signs of a
    # wrong reading (Hungarian "mező", "betűi", Czech "při", "volitelně", "účty", "členové" in windows-1250 no
    # longer windows-1252); Icelandic costing more than the other languages of windows-1252 (Turkish
    # "kullanıldığında" in windows-1254 no longer windows-1252);
    # a chapter in UTF-16 or UTF-32 without a BOM, its characters all ASCII, read in it (HTML 33);
    # a table or a <pre> in a list item written in the item, the list going on after it (HTML 33);
    # a link to a note of a document the manifest lists out of the spine a note reference, as one to a note
    # of a spine document is
    # 36: legacy text: six Cyrillic consonants in a row, an ы or ь opening a word or after a vowel, a й after
    # a consonant, a ъ closing a word, a Greek ϊ or ϋ after no vowel, a Greek ψ or ρ closing a word after a
    # consonant, a Hebrew כ, מ, נ, פ or צ closing a word and a × or ÷ beside a letter beyond ASCII: signs of a
    # wrong reading (Russian "программой", "это", "без" in KOI8-R no longer windows-1251, "запускаться" no
    # longer windows-1253, "все" no longer windows-1252; Ukrainian "майбутня", "щодо" and Serbian "опште",
    # "тачно" in windows-1251 no longer KOI8-R, windows-1255, KOI8-R, windows-1252)
    # an empty list item gives the list's text no blank line (HTML 34)
    # a <blockquote> in a list item written as a quote in the item (HTML 34);
    # legacy text without a BOM or charset: a ý after c, j or y, a þ after c or before i and a vowel, an ê
    # after j, k or w, a ţ closing a word after an i that opens it or follows a vowel and a letter, a ē before
    # a vowel, an ã closing a word after nt, ct, ps or pl and a Hebrew point on a Latin letter: signs of a
    # wrong reading (Turkish "dosyayı", "geniş", "seçeneği" in windows-1254 no longer windows-1252, -1250,
    # -1257; Romanian "acţiune", "curentă" and Polish "opcję" in windows-1250 no longer windows-1252; Spanish
    # "despuÃ" in windows-1252 no longer windows-1255)
    # legacy text without a BOM or charset: a þ after a vowel and before a vowel, r, j or v is no longer a
    # sign of a wrong reading in a word with an é, í, ó, ú or an á or æ before a letter (Icelandic "óþekkt",
    # "íþrótt", "milliþjóns", "Táknmyndaþema" in windows-1252 no longer windows-1250, -1257 or -1254); an î
    # before b, g, j, k, p, v, z or a d not before j, and an â before a d and a vowel but e are signs of a
    # wrong reading (Latvian "darbību", "derīgs", "kādu" in windows-1257 no longer windows-1252)
    # a list item of soft hyphens alone an empty item: no blank line in the list's text (HTML 34)
    # a <blockquote> of several paragraphs in a list item written as paragraphs of the quote (HTML 34)
    # the text and quotes a list item shows after its nested list written under it, that text a word of
    # its own (HTML 34)
    # soft hyphens with spaces around them leave one space between words, none at a line's edge (HTML 34)
    # 37: legacy text without a BOM or charset: Hebrew stored in visual order (each word reversed, opening
    # with its final letter) read in windows-1255, its final letters no longer signs of a wrong reading there;
    # a geresh or gershayim after a Hebrew letter no longer a stray sign ("ארה״ב", "ראה דו״ח מס׳ 12", "ג׳ירפה
    # וצ׳יפס" and visual "ץבוקה תא חותפל ןתינ אל" in windows-1255 no longer windows-1256, windows-1251,
    # GB18030 or KOI8-R)
    # the text and quotes a list item shows between two of its nested lists written between them
    # (HTML 35)
    # a list item showing no text before its nested list an empty item before that list's items, no
    # longer dropped (HTML 35)
    # legacy text without a BOM or charset: a small э, щ or ч closing a word after two capitals and a word of
    # four small Cyrillic consonants or more (no р, no ъ) are signs of a wrong reading (Greek "μετά",
    # "περιοχή", "Ρόλος" in windows-1253 no longer KOI8-R or windows-1251)
    # a list item of several paragraphs written as paragraphs of the item, no longer run together on its line
    # (HTML 35)
    # a charset label naming one of Python's codecs that read no text (base64, rot13, hex, zlib, idna,
    # undefined) read as no charset (a page's meta charset or XML encoding, a card's CHARSET), no longer
    # failing the file
    # 38: a heading in a list item written as a heading in the item, no longer as a plain paragraph of it
    # (HTML 36)
    # a list item's paragraphs after a <pre> or a table in it a paragraph block each, no longer one block run
    # together (HTML 36)
    # a list item's element holding a block or a <br> (<span>a<br><br>b</span>, <div><p>a</p><p>b</p></div>)
    # read as the item is, its paragraphs apart, no longer on the item's line (HTML 36)
    # a list item's nested lists before its first <pre> or table read before it, no longer after it; an item
    # holding nothing before its <pre> or table opened by it, no longer written with no item (HTML 36)
    # a list item's text after a nested list that a <pre> or table cuts written after that block, no longer
    # before it (HTML 36)
    # a list right after one whose last item holds a <pre> or a table a list of its own (new_list), written
    # with the other bullet or delimiter, no longer as that list going on (HTML 36)
    # a heading in a list item after a <pre> or a table in it written as a heading in the item, no longer as a
    # plain paragraph of it (HTML 36)
    # a list item's text between two nested lists, where a <pre> or a table cuts the second, written before
    # that list, no longer after the code (HTML 36)
    # HTML nesting its elements more than 2,000 deep outside a table cell refused before it is parsed, as
    # structure nested too deeply (HTML 36)
)
def extract_epub(data: bytes, ctx: ExtractContext) -> Document:
    what = ctx.filename or "EPUB"
    zf = open_zip(data, ctx.limits, what)
    with zf:
        _refuse_drm(zf, what)
    book = _read(data, what)
    sink = _ooxml.ImageSink()
    images = _Images(book, sink)
    blocks: list[Block] = []
    # the publication's first dc:language: that of a chapter naming none (a reading system sets it
    # on such a chapter's <html>), which gives its <q>s their quotation marks
    language = _metadata(book).get("language")
    spine = list(getattr(book, "spine", ()) or ())
    notes = NoteLabels()  # one label a note in the whole book, its chapters numbering from 1 each
    pages: list[tuple[str, dict[str, Any], str]] = []  # each spine document's path, meta and page
    for index, entry in enumerate(spine):
        idref = entry[0] if isinstance(entry, (tuple, list)) else entry
        item = book.get_item_with_id(idref)
        if item is None:
            sink.skipped.append(Skipped("document", str(idref), "spine entry is not in the manifest"))
            continue
        href = item.get_name()
        meta: dict[str, Any] = {"spine_index": index, "href": href}
        if "nav" in (getattr(item, "properties", None) or ()) or type(item).__name__ == "EpubNav":
            meta["is_navigation"] = True
        page = _CONTENT_TAGS.sub(_as_content, decode_html(_stored(item)))
        if "epub:switch" in page:
            page = _switches_shown(page)
        if "<svg" in page or "<SVG" in page:
            page = _SVG.sub(_svg_pictures, page)
        if meta.get("is_navigation"):
            page = _shown_navigation(page)
        pages.append((href, meta, page))
        notes.holds(href, page)  # a link in an earlier chapter may point at a note of this one
    # a document the manifest lists out of the spine (a book's endnotes, reached by their links
    # alone) holds notes too: read if a link points there
    in_spine = {href for href, _, _ in pages}
    for item in book.get_items():
        href = item.get_name()
        if href not in in_spine and getattr(item, "media_type", None) in _PAGE_TYPES:
            notes.holds(href, partial(_note_page, item))
    for href, meta, page in pages:
        chapter, dropped = html_blocks(page, notes=notes.reading(href), language=language)
        sink.skipped.extend(dropped)
        folder = posixpath.dirname(href)
        for block in chapter:
            block_meta = {**dict(block.meta), **meta}
            if block.kind == IMAGE:
                src = str(block.meta.get("src") or "")
                block_meta.pop("src", None)
                target = _resolve(folder, src)
                image = images.get(target, block.alt, {"href": href}) if target else None
                names = (image.name,) if image is not None else ()
                blocks.append(Block(IMAGE, block.text, alt=block.alt, images=names, meta=block_meta))
            else:
                blocks.append(replace(block, meta=block_meta))
    if not any(b.kind != IMAGE for b in blocks):
        raise EmptyExtraction(f"{what}: no text in any of its {len(spine)} spine documents")
    skipped, removed = margin_removed(sink.skipped)
    metadata = {
        "source_type": "epub",
        **_metadata(book),
        "epub_version": str(getattr(book, "version", "") or "") or None,
        "spine_count": len(spine),
        "toc": list(_toc(getattr(book, "toc", ()))),
    }
    return assemble(
        "epub",
        blocks,
        images=sink.images,
        metadata=metadata,
        coverage=Coverage(
            images_extracted=len(sink.images),
            skipped=tuple(merge_hidden(skipped)),
            headers_footers_removed=removed,
        ),
    )


#: the media types of the manifest's (X)HTML content documents
_PAGE_TYPES = frozenset(("application/xhtml+xml", "text/html"))


def _note_page(item: Any) -> str:
    """The page of a document out of the spine, as a chapter's is read for its notes."""
    return _CONTENT_TAGS.sub(_as_content, decode_html(_stored(item)))


def _stored(item: Any) -> bytes:
    """An item's bytes as the package holds them. EbookLib's ``get_content`` of an (X)HTML item
    writes the document anew: its ``<head>`` (style sheets, ``<meta>``) left out and its
    ``<html lang>`` replaced by the book's language, "en" when it reads one in."""
    content = getattr(item, "content", None)
    return content if isinstance(content, bytes) else item.get_content()


def _shown_navigation(html: str) -> str:
    """The navigation document with its ``<nav>`` lists as content (the HTML reader drops
    ``<nav>`` as site chrome), but for the ``hidden`` ones (landmarks, page list), which a reading
    system does not show."""
    tree = parse_html(html)
    for node in tree.css("nav[hidden]"):
        node.decompose()
    tree.unwrap_tags(["nav"])
    return tree.html or ""


def _refuse_drm(zf: zipfile.ZipFile, what: str) -> None:
    """ENCRYPTED when ``META-INF/encryption.xml`` lists encrypted content documents (DRM). Font
    obfuscation, which lists only font files, is harmless and common."""
    root = _ooxml.member_xml(zf, "META-INF/encryption.xml", what)
    if root is None:
        return
    for ref in root.iter("{http://www.w3.org/2001/04/xmlenc#}CipherReference"):
        uri = (ref.get("URI") or "").lower()
        if uri.endswith((".xhtml", ".html", ".htm", ".xml", ".opf", ".ncx")):
            raise Encrypted(f"{what} is DRM-protected: its content documents are encrypted ({uri})")


def _resolve(folder: str, src: str) -> str | None:
    """A chapter's ``<img src>`` as a package path; None for remote or data URIs."""
    if not src or src.startswith(("data:", "http:", "https:", "//")):
        return None
    path = unquote(urldefrag(src)[0])
    if not path:
        return None
    return posixpath.normpath(posixpath.join(folder, path)).lstrip("/")
