"""PDF: blocks in reading order page by page, with page numbers, headings, tables, images and coverage.

pypdfium2 reads every page (text, font sizes, boxes, images); pdfplumber's table finder runs only
on pages with ruling lines (option ``pdf_tables``: auto | always | never). Optional OCR of pages
without a text layer, or with a garbled one (a font without a Unicode map), runs ``tesseract``
when it is installed (option ``ocr``: auto | never).
docs/pdf.md describes the design, the heuristics and their limits.
"""

from __future__ import annotations

import ctypes
import math
import os
import re
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta, timezone

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from .. import errors
from ..gcpause import no_cycle_collection
from ..limits import ExtractContext
from ..model import IMAGE, PAGE_END, TABLE, Block, Coverage, Document, Image, Skipped, assemble, render_table
from . import _pdf_ocr
from ._attached import Attached, Attacher, text_chars
from ._encrypted import pdf_password
from ._pdf_capi import PageHandles, keep_heap_top, mediabox
from ._pdf_fallback import extract_with_pdfminer, plumber_lines, visible
from ._pdf_glyph_names import GlyphNames
from ._pdf_layout import (
    MARGIN_SHARE,
    MIN_LINE_NUMBERS,
    Group,
    OutlineEntry,
    PageGeometry,
    beside_mark,
    beside_rows,
    find_running,
    foot_top_down,
    group_page,
    join_lists,
    join_page_breaks,
    margin_line_numbers,
    onto_page,
    rejoin_rows,
    title_authors,
    title_dates,
    to_blocks,
    top_down,
)
from ._pdf_lines import Join, Line, Words, page_lines, rejoin_words, respell, unwrap
from ._pdf_objects import (
    FRAGMENT_MAX,
    MIN_IMAGE_SIDE,
    STRIP_SIDE,
    ImageError,
    PageObjects,
    decode_png,
    image_key,
    image_size,
    is_fragment,
    scan_page,
    silent_text,
    unseen_text,
)
from ._pdf_tables import (
    FoundTable,
    carry_headers,
    cut_row,
    find_tables,
    framed_tables,
    grid_tables,
    loses_words,
    open_plumber,
    runs_on,
    runs_on_bare,
    without_line_numbers,
)
from .registry import extractor

TABLE_MODES = ("auto", "always", "never")
#: Values PDF producers write when the author gave none; not reported as a title or author.
_PLACEHOLDER_METADATA = ("untitled", "anonymous", "unknown", "unspecified")
OCR_MODES = ("auto", "never")
#: OCR of one document stops once it has taken this share of the per-document time-out
OCR_SHARE = 0.5
#: characters a text layer is rarely made of (control characters, private use, U+FFFD): a font
#: without a usable Unicode map gives them among its letters, since its codes are glyph numbers
_ODD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ue000-\uf8ff\ufffd]")
#: past this share of odd characters, pdfium is asked which characters it could not map
ODD_SHARE = 0.01
#: a page is garbled when pdfium could not map at least this share of its characters to Unicode
GARBLED_SHARE = 0.3
#: characters of a page sampled for that question, evenly spread
UNMAPPED_SAMPLE = 400
#: A page has lost text when its text objects outnumber the characters pdfium gives for it by
#: this many, and by this share of them (every object draws at least one character): pdfium
#: gives nothing for a one-character text object in some CID fonts (docs/pdf.md). pdfminer then
#: reads the page again.
LOST_OBJECTS = 20
LOST_SHARE = 0.2
#: pdfminer's reading replaces pdfium's when it has this many times the visible characters (and
#: LOST_OBJECTS more)
LOST_GAIN = 1.2
#: why the images of a page that is a scan under an OCR text layer are not extracted
SCAN_REASON = "part of a scanned page whose text was read by OCR (the page's invisible text layer)"
#: why the strips and icon-sized fragments of a page are not extracted
FRAGMENT_REASON = (
    f"under {STRIP_SIDE} pixels one way or at most {FRAGMENT_MAX} each way: strips, dots and tiles of a "
    "drawing's fills, not pictures"
)
#: a page drawing more images than this (strips and fragments aside) draws pictures cut into
#: tiles (a chart's fills drawn as hundreds of small images); none of them is a picture alone
MAX_PAGE_IMAGES = 50
TILES_REASON = f"over {MAX_PAGE_IMAGES} images on one page: pieces of drawings cut into tiles, not pictures"
#: an image drawn on this many pages or more is decoration, kept at its first use only
REPEATED_PAGES = 3
#: bookmarks read from the outline at most (the tree can be as large as the file), and its depth
MAX_OUTLINE = 10_000
OUTLINE_DEPTH = 16


@dataclass(slots=True)
class _Page:
    number: int
    geo: PageGeometry
    lines: list[Line] = field(default_factory=list)
    chars: int = 0
    objects: PageObjects | None = None
    images: list[tuple[float, str]] = field(default_factory=list)  # (top, image name)
    tables: list[FoundTable] = field(default_factory=list)
    ocr_text: str = ""
    tables_done: bool = False  # the fast grid path already looked for tables
    unmapped: float = 0.0  # share of the text layer's characters pdfium could not map to Unicode
    legible: list[Line] = field(default_factory=list)  # a garbled page's lines whose fonts map
    ocr_miss: str = ""  # why OCR gave no text for the page, when it was to read it
    joins: list[Join] = field(default_factory=list)  # words pdfium joined at a hyphen
    silent: int = 0  # text objects pdfium gave no text for, counted where text looks lost

    @property
    def has_text(self) -> bool:
        return bool(self.lines)

    @property
    def text_objects(self) -> int:
        return self.objects.text if self.objects is not None else 0

    @property
    def lost(self) -> int:
        """How many more text objects the page has than characters pdfium gave for them."""
        return self.text_objects - self.chars


def _lossy(p: _Page) -> bool:
    """Whether pdfium seems to have given only part of the page's text (LOST_OBJECTS)."""
    return p.lost >= LOST_OBJECTS and p.lost >= LOST_SHARE * p.text_objects


def _choice(ctx: ExtractContext, key: str, default: str, allowed: tuple[str, ...]) -> str:
    value = str(ctx.option(key, default) or default).lower()
    if value not in allowed:
        raise errors.InvalidArgument(f"{key} must be one of {', '.join(allowed)}, got: {value!r}")
    return value


@extractor(
    ".pdf",
    name="pdf",
    # 2: garbled; 3: lost text; 4: outline; 5: contents; 6-7: scans; 8: running heads;
    # 9: tables ruled across only, continued tables' headers, icons and repeated images, slide
    # titles, line-end hyphens, lists, running heads with titles, code blocks, ligatures, CJK
    # rows, garbled layers left out, OCR hyphens, dates; 10: page numbers that fit the pages'
    # sequence, sentences over page breaks, continued tables' first rows, contents without
    # leaders, grid headers cut by a shading box, files attached to pages, spaced list items,
    # title dates; 11: embedded files and files attached to pages read with their own extractor;
    # the lone page number of the only numbered page, margin numbers of every
    # fifth line, line-end hyphens spelt as the document spells the word, bylines;
    # 12: a picture met in two attached files is one image; an attached PDF stops at the time
    # its holder leaves it; 13: line-end hyphens in grid tables' cells spelt as elsewhere; an
    # attached or embedded picture an image under its heading; 14: line-end hyphens in the cells
    # of tables ruled across or read by pdfplumber spelt as elsewhere;
    # 15: the pages' text reserved in the text limit before the files the PDF holds are read; the
    # files a PDF pdfium refuses holds read on the pdfminer path; 16: a damaged PDF opened after
    # a password-protected one read as itself, not reported encrypted; 17: what a held file's own
    # extractor removed (a poem's margin line numbers) listed; 18: line-end hyphens between
    # two rows of a table of text columns spelt as elsewhere; a table's column of margin line
    # numbers left out; a number alone on a one-page file a page number only when set as one;
    # a table of text columns that would cut or leave out a word refused, or its cut rows at
    # the top or bottom read as text; a table of text columns whose cells are lines of prose
    # refused; a table of pdf_tables=always whose cells miss a word of the lines it takes refused;
    # pdf_tables=always reads a page ruled both ways from pdfium's rules first; 19: a page
    # number that says so set apart beside a footer's text on its baseline removed; 20: the head
    # and foot of a file's only page read top-down; a page number centred between a footer's
    # texts removed; a raised footnote mark in a cell pdfplumber read set apart; the text
    # objects a page read again lost counted one by one; 21: a page's foot given from the lowest
    # up read top-down; a footer's texts either side of a dropped page number one line; a
    # repeated line beside a picture only removed; private-use flag glyphs out of pdfplumber's
    # cells; 22: a page its /Rotate turns whose text stands upright unturned read top-down
    # (pdfium had sorted lines at one indent bottom up by their place on the turned page);
    # 23: spacing accents drawn over or under a letter of their font put on it (J. Černocký,
    # not J. ´ Cernock ˇ y); a garbled page OCR did not read keeps its lines in fonts that map
    # their characters; a contents entry ends a list item and is no heading; a caption in the
    # body's bold no heading; 24: a control character pdfium gives for a glyph whose name it does
    # not know read from that name (an em dash named /2014, TeX's big delimiters); 25: lists
    # with nothing between them, the second's first marker counting on from the first's last
    # (on one page or over a page break), one list; 26: a line at
    # a big delimiter on the baseline its middle on the math axis tells; 27: an item one level
    # deeper than the item above it when indented further, in another size too; 28: items a
    # paragraph's gap apart one list only where the marker counts on in its kind and punctuation;
    # 29: a font under a weight of 600 bold by its name's TeX code or abbreviation (SFBX1095,
    # CMBX10, Frutiger-Bd), and a paragraph under a bold label's line hangs under its first line;
    # 30: a big closing delimiter joined to a lone number or letter on another row after a space
    # 31: a paragraph or list read on over a page break says the last page it reaches (page_end)
    # 32: a bold label broken over two lines is a heading; a bold term's item keeps the lines under it
    # 33: a bullet back at the first item's indent after its sub-bullets, in about its size, goes on the list
    # 34: a table continued at the top of the next page one table, saying the last page it reaches
    # 35: a table stands after the lines printed above it when the content stream gives all of them after its cells;
    # a table's row cut by a page break one row; a table without a header at a page's foot and one at the
    # next page's top with its columns one table
    # 36: a word hyphenated at the page break that cut a table's row joined as a paragraph's lines are;
    # a legend's label beside its drawn swatch or symbol no heading; a grid's second header row
    # naming its group's columns only part of the header
    # 37: a cell's lines shaded box by box over its own shading one row, not a row each; a word a
    # grid cell's line end cut without a hyphen one word where the document's words or the cell's
    # width tell (Complèteme nt → Complètement)
    # 38: a full sentence set a size over the body no heading; a label set a size up once among
    # twins in the body's size, or bookmarked once among them, text as they are; a grid cell over
    # two rows read in each; a hyphen ending a cell's line pdfium did not mark spelt as elsewhere;
    # a line-end hyphen the document's spelling leaves open kept where it hyphenates no word; a
    # grid cell over two columns or more read in each; in pdfplumber's ruled tables a cell over
    # two columns or two rows too
    # 39: a word space drawn as a text object of its own, which pdfium leaves out, read where the ink either
    # side stands apart (1. Mise en contexte, not 1.Mise en contexte); a numbered title of one item set a size
    # over the body a heading when its second line hangs under its words; a footnote's number and its marks in
    # the page's lines, raised and smaller, set apart from the words pdfium ran them into (Bemerkung 7 2, 3
    # Dies gilt …), not an exponent no footnote of the page carries (R2); a title repeated with another line
    # (a legend) at the top of three pages in a row a heading once, a running head after; lines a page opens
    # with, each apart from its row and under the lines given after it, read beside the line of their row
    # (issue-71's CV details had been read at the top of the page); a line of CJK prose that runs to its
    # column's right edge runs on in the next line also in a size a little apart, a little further down or
    # outdented under a heading read with the first line (a scan's text layer: 担保情 / 况, not two
    # paragraphs); the lines at the top of the pages repeated with such a title (a legend) running heads with
    # it after its first page; the lines printed above a table that the content stream gives after its cells
    # read before the lines above it given before them when they stand above all of those (chelsea p. 26's
    # title and legend before its axis's bar and table)
    # 40: a line ending well short of its column's right edge ends its paragraph, whatever its last character,
    # where the next line opens one with a first-line indent (the line under it further left, and a full line
    # or a sentence's end) or with a Chinese number ('(一)', '四、'); a paragraph's only line opening with a
    # Chinese number also where it runs to the edge over an indented first line (pr-136-example.pdf's headings
    # had run into their paragraphs: '(一) 神鹰集团2015 年末的财务状况根据神鹰集团提供的…'); a sentence ends
    # in the full-width ！ ？ ： ； ． as in 。 and the half-width marks, and in CJK text also in one of them
    # followed by closing quotes or brackets (。」 ？” ！）), so a short last line ending so ends its paragraph;
    # a line break between a CJK character and a digit, a Latin word or a mark joins without a space where
    # the document's lines set such characters side by side (pr-136-example.pdf: 合计14,220, 》(绍华评字));
    # a paragraph of one line (or two, the second at most half as wide) opening with a Chinese number and
    # CJK text and ending no sentence or clause is a heading, '一、' ranking over '(一)', '1、' and '（1）',
    # under the last heading the style rules ranked, unless a line so numbered stands next to it (a list's
    # items): pr-136-example.pdf's parts and points were paragraphs, out of its heading paths; a Latin stop
    # before closing quotes or brackets (end.” (… end.) end.") ends a sentence as a CJK one does, and in CJK
    # text so do an ellipsis and a dash of two (…… ——), so a short last line ending so ends its paragraph;
    # a CJK character counts 1.2 font sizes, not 0.85, in the test that takes a line far wider than its
    # characters for labels spread over a figure: a Chinese or Japanese title or heading set larger than the
    # text (年度财务报告说明 in 18 pt over 10 pt) had stayed a paragraph, each CJK character being one font
    # size wide; a paragraph of CJK text set a size up (under 1.25 times the body's, not bold) that ends in
    # '。' and holds 16 CJK characters or more is a sentence, no heading, as a Latin one of 8 words is
    # 41: a CJK paragraph cut by a page break one paragraph, joined without a space, where the page's last
    # line runs to its column's edge and ends no sentence and the next page opens at its column's left margin
    # (no first-line indent) with CJK text that is no Chinese number (pr-136-example.pdf: 要求银 / 行在免除罚息); a
    # mark of three characters at most alone at the page's foot, under the paragraph, no longer parts a
    # paragraph cut by a page break (Latin or CJK) and stays after it; two one-line headings whose sizes
    # differ by under 1 pt, one right under the other and centred together, one title (pr-136-example.pdf's
    # title in 24.8 and 25.7 pt had been two headings, its first line ranked under its second); on a scan's
    # text layer, a line under half of whose characters are letters or digits, or narrower than half its
    # characters' width at its size, no heading: what OCR read from a seal or a signature
    # (pr-136-example.pdf's last page); a bold line of CJK text at the body's size a heading where a Latin one
    # opening with a capital is: it opens with a CJK ideograph or kana, holds 40 characters at most and ends
    # neither a sentence nor a clause; footnotes at the page's foot under a paragraph cut by a page break, set
    # smaller (at most 0.9 times the size of its last line), no longer part it: it reads on over the break and
    # they stay after it (the_hideous_name_1985_pike85hideous.pdf: '… in MS-DOS part of the' / '† An earlier
    # …' / 'name of a file'); a line of five underscores or more alone, the rule troff types above a page's
    # footnotes, is left out: '__________________ † An earlier version …' had opened the footnote's text; a
    # web or e-mail address cut at a line's end joins the next line without a space where that line carries it
    # on (after '://', 'www.' or a mail's '@', or a path's part before one holding a slash or a query's
    # marks), a sentence after an address keeping its space (federal-register-2020-17221.pdf: 'https://
    # www.regulations.gov', '…AD-Inquiry@ faa.gov'); a list's last item ending a page without a stop, its last
    # line running to the column's edge, reads on in the next page's first paragraph where that opens in lower
    # case, as a paragraph does (a_catalogue_of_optimizing_transformations_1971_allen_catalog.pdf: item c.'s
    # 'The compilation' / 'of C must assume …' over pp. 3-4 had been an item and a paragraph); text filled
    # white (render modes 0 and 4) on nothing the page draws (no image, form XObject or path filled in a
    # colour or stroked meets it) is left out, as no reader sees it (federal-register-2020-17221.pdf's
    # 'VerDate Sep<11>2014 … 06AUP1', joined by pdfium to 'Soekarno-', and the turned 'jbell on DSKJLSW7X2PROD
    # with PROPOSALS'); white text on a coloured box and a scan's text layer (render mode 3) are read as
    # before
    version="41",
    source_type="pdf",
    libraries=("pypdfium2", "pdfplumber"),
    images=True,
    sniff=lambda b: b.startswith(b"%PDF"),
)
def extract_pdf(data: bytes, ctx: ExtractContext) -> Document:
    tables_mode = _choice(ctx, "pdf_tables", "auto", TABLE_MODES)
    ocr_mode = _choice(ctx, "ocr", "auto", OCR_MODES)
    ocr_lang = ctx.options.get("ocr_lang") or None
    if ocr_lang is not None and (not isinstance(ocr_lang, str) or not _pdf_ocr.valid_lang(ocr_lang)):
        raise errors.InvalidArgument(
            f"ocr_lang must name tesseract languages joined by '+' (e.g. 'deu+eng'), not {ocr_lang!r}"
        )
    _ocr_jobs(ctx)
    name = ctx.filename or "document.pdf"
    if not data.strip():
        return Document(
            source_type="pdf",
            blocks=(),
            metadata={"source_type": "pdf", "total_pages": 0},
            coverage=Coverage(pages_total=0, pages_with_text=0, warnings=("the file is empty",)),
        )
    if b"%PDF" not in data[:1024]:
        raise errors.ParseError(f"{name}: not a PDF (no %PDF header in the first 1 KiB)")
    password = pdf_password(ctx)
    keep_heap_top()
    try:
        pdf = _open(data, password, name)
    except _Unreadable as exc:
        return extract_with_pdfminer(data, ctx, name, str(exc))
    try:
        with no_cycle_collection():  # lines, groups and blocks are acyclic
            return _extract(pdf, data, password, ctx, name, tables_mode, ocr_mode)
    finally:
        pdf.close()


def _open(data: bytes, password: str | None, name: str) -> pdfium.PdfDocument:
    """The document loaded from ``data``, which the caller keeps until it closes the document.

    pdfium loads it here rather than in pypdfium2's constructor: that one raises for a document
    without pages and never closes the handle it loaded (a little memory per such file, for the
    life of the process), and it reads pdfium's last error even when the load succeeded, which a
    damaged file whose page tree is missing would share with the file opened before it (a
    password-protected PDF would make it look encrypted). The code read after a failed load is
    that load's own.
    """
    secret = None if password is None else (password + "\x00").encode("utf-8")
    raw = pdfium_c.FPDF_LoadMemDocument64(data, len(data), secret)
    if not raw:
        code = pdfium_c.FPDF_GetLastError()
        if code == pdfium_c.FPDF_ERR_PASSWORD:
            if password:
                raise errors.Encrypted(f"{name}: the password given does not open this PDF")
            raise errors.Encrypted(
                f"{name}: the PDF is password-protected (the empty password does not open it)"
            )
        if code == pdfium_c.FPDF_ERR_SECURITY:
            raise errors.Encrypted(f"{name}: the PDF uses an unsupported security handler")
        raise _Unreadable(f"Failed to load document (PDFium: {_LOAD_ERRORS.get(code, code)}).")
    if pdfium_c.FPDF_GetPageCount(raw) < 1:
        pdfium_c.FPDF_CloseDocument(raw)
        raise _Unreadable("pdfium loads the file but finds no page in it")
    return pdfium.PdfDocument(raw)


#: pdfium's reasons for not loading a file (its FPDF_ERR_* codes but the password ones)
_LOAD_ERRORS = {
    pdfium_c.FPDF_ERR_UNKNOWN: "Unknown error",
    pdfium_c.FPDF_ERR_FILE: "File access error",
    pdfium_c.FPDF_ERR_FORMAT: "Data format error",
    pdfium_c.FPDF_ERR_PAGE: "Page not found or content error",
}


class _Unreadable(Exception):
    """pdfium cannot load the file (not an encryption problem); pdfminer gets a try."""


def _metadata(pdf: pdfium.PdfDocument, pages: int) -> dict:
    meta: dict = {"source_type": "pdf", "total_pages": pages}
    for key in ("Title", "Author", "CreationDate", "ModDate"):
        try:
            value = " ".join(_CONTROL.sub(" ", str(pdf.get_metadata_value(key))).split())
        except (pdfium.PdfiumError, UnicodeDecodeError, ValueError):
            continue
        if not value or value.strip("()").lower() in _PLACEHOLDER_METADATA:
            continue
        if key == "Title" and (_FILE_NAME.search(value) or _is_serial(value)):
            continue  # the file's or the scan job's name, written where no title was given
        if key in _DATE_KEYS:
            value = pdf_date(value)
            if value is None:
                continue
        meta[_DATE_KEYS.get(key, key.lower())] = value
    return meta


#: metadata keys of the info dictionary's dates (ISO 8601 in the metadata, as e-mail's dates)
_DATE_KEYS = {"CreationDate": "creation_date", "ModDate": "modification_date"}
_CONTROL = re.compile("[\x00-\x1f\x7f]")
#: a title that ends in a document, image or program file's extension is the name of the file
#: the PDF was printed from (``10811.exe``, ``100G Networking Toronto.key``), not a title
_FILE_NAME = re.compile(
    r"\.(?:docx?|dotx?|rtf|odt|od[gps]|xlsx?|pptx?|ppsx?|key|pages|txt|html?|tex|dvi|e?ps|pdf|indd|"
    r"qxd|pub|wpd|exe|tiff?|jpe?g|png|bmp|gif)$",
    re.IGNORECASE,
)
#: a PDF date (ISO 32000-1, 7.9.4): D:YYYYMMDDHHmmSSOHH'mm', everything after the year optional
_PDF_DATE = re.compile(
    r"(?:D:)?(\d{4})(\d\d)?(\d\d)?(\d\d)?(\d\d)?(\d\d)?\s*"
    r"(?:(Z)(?:00'?(?:00'?)?)?|([+-])(\d\d)'?(?:(\d\d)'?)?)?$"
)


def _is_serial(title: str) -> bool:
    """A one-word title of at least six digits and more digits than letters is a scanner's job
    or a serial file name (``S25C-0i25080113320``, ``IMG_20250801_133210``), not a title."""
    if " " in title:
        return False
    digits = sum(1 for c in title if c.isdigit())
    return digits >= 6 and digits > sum(1 for c in title if c.isalpha())


def pdf_date(text: str) -> str | None:
    """A PDF date as ISO 8601 (``D:20090113152305-05'00'`` → ``2009-01-13T15:23:05-05:00``,
    ``Z`` for UTC, no offset when the file gives none, only the date when it gives no time);
    None when it is no date."""
    found = _PDF_DATE.fullmatch(text.strip())
    if found is None:
        return None
    year, month, day, hour, minute, second, utc, sign, off_h, off_m = found.groups()
    try:
        when = datetime(
            int(year), int(month or 1), int(day or 1), int(hour or 0), int(minute or 0), int(second or 0)
        )
        if sign:
            offset = timedelta(hours=int(off_h), minutes=int(off_m or 0))
            when = when.replace(tzinfo=timezone(offset if sign == "+" else -offset))
    except ValueError:  # month 13, an offset of 24 h ...
        return None
    if hour is None:  # as precise as the file: 2009, 2009-01 or 2009-01-13
        return when.date().isoformat()[: 4 + 3 * ((month is not None) + (day is not None))]
    text = when.isoformat()
    return text + "Z" if utc else text[:-6] + "Z" if text.endswith("+00:00") else text


def _geometry(page: PageHandles, number: int) -> PageGeometry:
    left, bottom, right, top = mediabox(page.page)
    return PageGeometry(number=number, bottom=bottom, top=top, left=left, right=right)


def _extract(pdf, data, password, ctx, name, tables_mode, ocr_mode) -> Document:
    limits = ctx.limits
    total = len(pdf)
    if total > limits.max_pages:
        raise errors.DocumentLimit(f"{name}: {total:,} pages, over the {limits.max_pages:,}-page limit")
    warnings: list[str] = []
    notes: list[str] = []  # how pages were read where the usual way failed, nothing lost
    if b"%%EOF" not in data[-2048:]:
        warnings.append(
            "the file does not end with %%EOF: it looks truncated, pages may be missing or incomplete"
        )
    skipped: list[Skipped] = []
    images: list[Image] = []
    pages: list[_Page] = []
    comments: list[tuple[int, int]] = []  # (page, annotations with a comment on it)
    attached: list[tuple[int, str, bytes | None]] = []  # (page, name, data) of files attached to pages
    seen: dict[tuple[int, int, int], str] = {}
    glyphs = GlyphNames(data, password)
    chars = 0
    for index in range(total):
        number = index + 1
        try:
            page = PageHandles(pdf, index)
        except pdfium.PdfiumError as exc:
            warnings.append(f"page {number} could not be read ({exc})")
            pages.append(_Page(number, PageGeometry(number, 0.0, 792.0, 0.0, 612.0)))
            continue
        try:
            info = _read_page(
                pdf, page, number, images, skipped, warnings, tables_mode, ctx.image_data, seen, glyphs
            )
            found, files = _annotations(pdf, page.page, limits.max_document_bytes)
            if found:
                comments.append((number, found))
            attached += [(number, name, payload) for name, payload in files]
        finally:
            page.close()
        chars += info.chars
        if chars > limits.max_text_chars:
            raise errors.DocumentLimit(
                f"{name}: over {limits.max_text_chars:,} characters of text by page {number}"
            )
        # a PDF attached to a file stops at the time its holder leaves it (the worker's time-out
        # would stop the holder with it)
        if ctx.deadline is not None and time.monotonic() > ctx.deadline:
            raise errors.DocumentLimit(
                f"{name}: the time the file it is attached to leaves it ran out by page {number} of {total}"
            )
        pages.append(info)

    _drop_repeated(pages, skipped)
    lossy = [p for p in pages if _lossy(p)]
    if lossy:
        _read_again(data, password, lossy, warnings, notes)
    empty = [p.number for p in pages if not p.has_text]
    # OCR reads the pages without text that have something drawn on them and could be loaded
    legible = [n for n in empty if pages[n - 1].objects is not None and pages[n - 1].objects.count]
    # ... and the pages whose text layer is garbled, whose OCR text then replaces it
    garbled = [p.number for p in pages if p.has_text and p.unmapped >= GARBLED_SHARE]
    tried, read, ocr_notes = False, 0, []
    if (legible or garbled) and ocr_mode == "auto" and _pdf_ocr.available():
        tried = True
        wanted = sorted(legible + garbled)
        read, ocr_notes = _run_ocr(
            pdf, pages, wanted, _time_left(ctx), ctx.options.get("ocr_lang") or None, _ocr_jobs(ctx)
        )
        warnings += ocr_notes
    else:
        why = (
            "OCR is off (ocr=never)"
            if ocr_mode != "auto"
            else "tesseract is not installed to read them by OCR"
        )
        for n in garbled:
            pages[n - 1].ocr_miss = why
    # a garbled layer OCR did not replace is left out: its letters are glyph numbers, which would
    # become headings, paragraphs and running-header labels no search can find
    left_out: dict[str, list[int]] = {}
    for n in garbled:
        p = pages[n - 1]
        p.lines, p.tables, p.tables_done, p.joins = [], [], True, []
        share = f"{p.unmapped:.0%} of its characters have no Unicode mapping in their font"
        if p.ocr_text:  # read again: nothing lost, a note says how
            notes.append(f"page {n}: read by OCR instead of its garbled text layer ({share})")
        else:
            # the lines set in fonts that map their characters are read as they are: the page
            # has text, the rest of its layer left out said by its own warning
            p.lines = p.legible
            if p.lines:
                lines = f"{len(p.lines)} legible line{'s' if len(p.lines) != 1 else ''}"
                warnings.append(
                    f"page {n}: the text layer is garbled ({share}); only its {lines} kept: "
                    f"{p.ocr_miss or 'OCR did not read it'}"
                )
                continue
            warnings.append(f"page {n}: the text layer is garbled ({share})")
            left_out.setdefault(p.ocr_miss or "OCR did not read them", []).append(n)
    for why, numbers in left_out.items():
        warnings.append(f"garbled text layer left out of {_page_list(numbers)}: {why}")
    ocr_pages = [p.number for p in pages if p.ocr_text]
    unread = sorted(set(empty) | {n for numbers in left_out.values() for n in numbers})
    if not any(p.has_text or p.ocr_text for p in pages):
        image_only = sum(
            1 for p in pages if p.objects is not None and p.objects.images and p.number not in garbled
        )
        if read:
            hint = "tesseract found no text on them"
        elif tried:
            hint = f"OCR did not read them ({ocr_notes[0] if ocr_notes else 'no page was read'})"
        elif garbled:
            hint = pages[garbled[0] - 1].ocr_miss
        elif not legible:
            hint = "nothing is drawn on them"
        elif ocr_mode != "auto":
            hint = "OCR is off (ocr=never)"
        else:
            hint = "install tesseract and use --ocr auto"
        counts = f"{image_only} image-only, {total - image_only - len(garbled)} blank"
        if garbled:
            raise errors.OcrRequired(
                f"{name}: no readable text on any of its {total} page{'s' if total != 1 else ''} "
                f"({len(garbled)} with a garbled text layer, {counts}); {hint}"
            )
        raise errors.OcrRequired(
            f"{name}: no text layer on any of its {total} page{'s' if total != 1 else ''} ({counts}); {hint}"
        )
    numbered = False  # a table's column of line numbers was left out
    if tables_mode != "never":
        _find_tables(data, password, pages, tables_mode, warnings)
        numbered = _without_line_numbers(pages)
        for p, tables in zip(pages, carry_headers([p.tables for p in pages]), strict=True):
            p.tables = tables

    skipped += _comments(comments)
    words = _words(pages)
    # running heads are looked for among the lines outside tables: a table's rows recur from page
    # to page (dates, a status column) and are read in the table, not removed
    outside = [_outside_tables(p) for p in pages]
    drop, removed = find_running(
        [[p.lines[i] for i in keep] for p, keep in zip(pages, outside, strict=True)],
        [p.geo for p in pages],
        [len(p.lines) - len(keep) + len(p.images) for p, keep in zip(pages, outside, strict=True)],
        _page_labels(pdf, total),
    )
    drop = [{keep[i] for i in gone} for keep, gone in zip(outside, drop, strict=True)]
    if numbered and MARGIN_NUMBERS not in removed:
        removed = (MARGIN_NUMBERS, *removed)
    blocks = _blocks(pages, drop, _outline(pdf, total), words)
    # the files it holds are read once its own text is known, which their share of the text limit leaves
    held = _attached_files(pdf, attached, ctx, text_chars(blocks))
    blocks += held.blocks
    skipped += held.skipped
    warnings += held.warnings
    notes += held.notes
    images += held.images
    coverage = Coverage(
        pages_total=total,
        attachments_indexed=tuple(held.indexed),
        pages_with_text=sum(1 for p in pages if p.has_text),
        empty_pages=tuple(n for n in unread if n not in ocr_pages),
        ocr_pages=tuple(ocr_pages),
        headers_footers_removed=removed + tuple(held.removed),
        images_extracted=len(images),
        skipped=tuple(skipped),
        warnings=tuple(warnings),
        notes=tuple(notes),
    )
    metadata = _metadata(pdf, total)
    if ocr_pages:  # which engine read the text of those pages (provenance)
        metadata["ocr_engine"] = _pdf_ocr.engine()
        metadata["ocr_languages"] = ctx.options.get("ocr_lang") or "tesseract's default"
    return assemble("pdf", blocks, images=tuple(images), metadata=metadata, coverage=coverage)


def _read_page(
    pdf,
    page: PageHandles,
    number,
    images,
    skipped,
    warnings,
    tables_mode,
    encode=True,
    seen=None,
    glyphs=None,
) -> _Page:
    seen = {} if seen is None else seen  # image fingerprint -> name of its first use
    info = _Page(number, _geometry(page, number))
    info.objects = scan_page(page.page)
    if info.objects.truncated:
        warnings.append(f"page {number}: only the first objects were scanned for images and tables")
    textpage = page.open_text()
    try:
        zone = MARGIN_SHARE * info.geo.height
        margins = (info.geo.bottom + zone, info.geo.top - zone)
        info.lines, cut, info.chars = page_lines(
            textpage,
            number,
            glyphs,
            info.joins,
            margins,
            info.objects.blanks,
            unseen_text(info.objects) if info.objects.white_text else (),
        )
        if info.lines:
            info.unmapped = _unmapped(textpage, info.lines)
            if info.unmapped >= GARBLED_SHARE:
                info.legible = _legible_lines(textpage, info.lines)
        if _lossy(info):  # counted here, where the objects' text can be asked for
            info.silent = silent_text(page.page, textpage)
        if info.lines and tables_mode == "auto" and info.objects.has_rulings:
            info.tables, info.tables_done = _page_tables(info.objects, textpage)
        elif info.lines and tables_mode == "always" and info.objects.ruled_both_ways:
            # a grid read from pdfium's rules and text settles the page as in the default mode;
            # pdfplumber's lines strategy reads the same cells with its own word spacing (the
            # WARN report's dates as 0 3 / 2 5 / 2 0 16) and is asked only when it finds none
            # that keeps the words of the lines it takes
            found = grid_tables(info.objects.horizontal, info.objects.vertical, textpage, info.objects.fills)
            info.tables = [t for t in found if not loses_words(t, _held(t, info.lines))]
            info.tables_done = bool(info.tables)
    finally:
        page.close_text()
    if cut:
        warnings.append(f"page {number}: text cut after its first characters (page limit)")
    n = fragments = 0
    scan = info.objects.is_scan
    sized = [(top, obj, *image_size(obj)) for top, obj in sorted(info.objects.images, key=lambda t: -t[0])]
    sized = [s for s in sized if s[2] >= MIN_IMAGE_SIDE or s[3] >= MIN_IMAGE_SIDE]
    if not scan:
        kept = [s for s in sized if not is_fragment(s[2], s[3])]
        fragments, sized = len(sized) - len(kept), kept
    tiles = not scan and len(sized) > MAX_PAGE_IMAGES
    for top, obj, width, height in sized:
        n += 1
        if scan or tiles:
            continue
        key = image_key(obj, width, height)
        known = seen.get(key) if key is not None else None
        if known is not None:  # drawn before: one image, its block points to it again
            info.images.append((top, known))
            continue
        image_name = f"image_p{number}_{n}.png"
        try:
            png, width, height = decode_png(obj, encode)
        except ImageError as exc:
            skipped.append(Skipped("image", image_name, str(exc)))
            continue
        images.append(
            Image(name=image_name, format="png", data=png, width=width, height=height, meta={"page": number})
        )
        info.images.append((top, image_name))
        if key is not None:
            seen[key] = image_name
    if scan and n:
        name = f"page {number} ({n} image{'s' if n != 1 else ''})"
        skipped.append(Skipped("image", name, SCAN_REASON, on_purpose=True))
    if tiles:
        skipped.append(Skipped("image", f"page {number} ({n} images)", TILES_REASON, on_purpose=True))
    if fragments:
        name = f"page {number} ({fragments} image{'s' if fragments != 1 else ''})"
        skipped.append(Skipped("image", name, FRAGMENT_REASON, on_purpose=True))
    return info


#: annotations that carry no comment of their own: links, form fields, the pop-up of another
#: annotation (which repeats its text), attached files (listed as attachments)
_NOT_COMMENTS = frozenset(
    (
        pdfium_c.FPDF_ANNOT_LINK,
        pdfium_c.FPDF_ANNOT_WIDGET,
        pdfium_c.FPDF_ANNOT_XFAWIDGET,
        pdfium_c.FPDF_ANNOT_POPUP,
        pdfium_c.FPDF_ANNOT_FILEATTACHMENT,
    )
)
#: annotations of a page looked at, at most (a form can have thousands of fields)
MAX_ANNOTATIONS = 1000


def _annotations(pdf: pdfium.PdfDocument, page, max_bytes: int) -> tuple[int, list[tuple[str, bytes | None]]]:
    """How many of a page's annotations hold a comment (``/Contents``): notes, highlights,
    free text and other mark-up; and the name and data of the files its file attachment
    annotations hold (None for data pdfium cannot give or over ``max_bytes``). One C call for a
    page without annotations."""
    count = min(pdfium_c.FPDFPage_GetAnnotCount(page), MAX_ANNOTATIONS)
    found = 0
    files: list[tuple[str, bytes | None]] = []
    for i in range(count):
        annot = pdfium_c.FPDFPage_GetAnnot(page, i)
        if not annot:
            continue
        try:
            subtype = pdfium_c.FPDFAnnot_GetSubtype(annot)
            if subtype == pdfium_c.FPDF_ANNOT_FILEATTACHMENT:
                handle = pdfium_c.FPDFAnnot_GetFileAttachment(annot)
                attachment = pdfium.PdfAttachment(handle, pdf) if handle else None
                name = _attachment_name(attachment) or f"file attachment {len(files) + 1}"
                files.append((name, _attachment_data(attachment, max_bytes)))
                continue
            if subtype in _NOT_COMMENTS:
                continue
            # the length in bytes of the UTF-16 value with its terminator: 2 for an empty one
            if pdfium_c.FPDFAnnot_GetStringValue(annot, b"Contents", None, 0) > 2:
                found += 1
        finally:
            pdfium_c.FPDFPage_CloseAnnot(annot)
    return found, files


def _attachment_name(attachment: pdfium.PdfAttachment | None) -> str:
    """The name of an attached file; empty when it has none or pdfium cannot read it."""
    if attachment is None:
        return ""
    try:
        return " ".join(_CONTROL.sub(" ", attachment.get_name()).split())
    except (pdfium.PdfiumError, UnicodeDecodeError, ValueError):
        return ""


def _attachment_data(attachment: pdfium.PdfAttachment | None, max_bytes: int) -> bytes | None:
    """The bytes of an attached file; None when pdfium cannot give them or they pass
    ``max_bytes`` (asked before they are decompressed into memory)."""
    if attachment is None:
        return None
    size = ctypes.c_ulong()
    if not pdfium_c.FPDFAttachment_GetFile(attachment, None, 0, size) or size.value > max_bytes:
        return None
    try:
        return bytes(attachment.get_data())
    except pdfium.PdfiumError:
        return None


def _comments(comments: list[tuple[int, int]]) -> list[Skipped]:
    """The ``Coverage.skipped`` entry of a PDF's annotation comments (not extracted, as review
    comments of Office files are not)."""
    if not comments:
        return []
    count = sum(n for _, n in comments)
    return [
        Skipped(
            "comments",
            _page_list([page for page, _ in comments]),
            f"{count} annotation comment{'s' if count != 1 else ''} not extracted (they annotate "
            "the text and are not part of it)",
            on_purpose=True,
        )
    ]


def _attached_files(
    pdf: pdfium.PdfDocument, attached: list[tuple[int, str, bytes | None]], ctx: ExtractContext, own: int
) -> Attached:
    """The files a PDF holds (see :func:`read_held`): ``attached`` to its pages, then those of its
    embedded-files list, as pdfium lists them."""
    embedded: list[tuple[str, bytes | None]] = []
    try:
        for i in range(min(pdf.count_attachments(), MAX_ANNOTATIONS)):
            attachment = pdf.get_attachment(i)
            name = _attachment_name(attachment) or f"attachment {i + 1}"
            embedded.append((name, _attachment_data(attachment, ctx.limits.max_document_bytes)))
    except (pdfium.PdfiumError, UnicodeDecodeError, ValueError):
        pass  # a damaged name tree costs only these files
    return read_held(attached, embedded, ctx, own)


def read_held(
    attached: list[tuple[int, str, bytes | None]],
    embedded: list[tuple[str, bytes | None]],
    ctx: ExtractContext,
    own: int,
) -> Attached:
    """The files a PDF holds, read after its pages (see :mod:`._attached`): those attached to a
    page by an annotation (``attached``: page, name, data), their blocks on that page, then
    those of its embedded-files list (``embedded``: name, data) not attached to a page (a file in
    both is read once), in what the PDF's ``own`` text leaves of the text limit. Data None: the
    file's bytes could not be read."""
    files: list[tuple[int | None, str, bytes | None]] = list(attached)
    seen = {(name, data) for _, name, data in attached}
    for name, data in embedded:
        if (name, data) not in seen:
            seen.add((name, data))
            files.append((None, name, data))
    out = Attached()
    attacher = Attacher(ctx)
    attacher.own = own
    for number, name, data in files:
        where = "embedded in the PDF" if number is None else f"attached to page {number}"
        if data is None:
            out.skipped.append(Skipped("attachment", name, f"a file {where}; its data could not be read"))
            continue
        got = attacher.read(
            data,
            name,
            level=1,
            page=number,
            paged=True,
            unsupported=f"a file {where}; its type is not indexed",
        )
        out.blocks += got.blocks
        out.add(got)
    return out


def _drop_repeated(pages: list[_Page], skipped: list[Skipped]) -> None:
    """An image drawn on REPEATED_PAGES pages or more is the pages' decoration (a template's
    banner, a logo in the frame): its block stays at its first use only, and one skipped entry
    says how often it recurs."""
    uses: dict[str, list[int]] = {}
    for p in pages:
        for _, image_name in p.images:
            uses.setdefault(image_name, []).append(p.number)
    repeated = {name for name, numbers in uses.items() if len(set(numbers)) >= REPEATED_PAGES}
    if not repeated:
        return
    kept: set[str] = set()
    for p in pages:
        here = []
        for top, image_name in p.images:
            if image_name in repeated and image_name in kept:
                continue
            kept.add(image_name)
            here.append((top, image_name))
        p.images = here
    for name in sorted(repeated, key=lambda name: uses[name][0]):
        pages_of = len(set(uses[name]))
        skipped.append(
            Skipped(
                "image",
                f"{name} ({len(uses[name]) - 1} more use{'s' if len(uses[name]) != 2 else ''})",
                f"the same image on {pages_of} pages (page decoration): kept at its first use",
                on_purpose=True,
            )
        )


#: what the coverage lists for the columns of line numbers beside a page's text (as find_running does)
MARGIN_NUMBERS = "margin line numbers"


def _without_line_numbers(pages: list[_Page]) -> bool:
    """The pages' tables without a column that is the page's margin line numbering (a court
    transcript read as a table by ``pdf_tables=always``: its line numbers are a column there, and
    left out of the text elsewhere); a table left without a second column is read as text again.
    Whether any such column was left out."""
    found = False
    for p in pages:
        if not p.tables:
            continue
        gone = margin_line_numbers(p.lines)
        if not gone:
            continue
        numbers = Counter(p.lines[i].text.strip() for i in gone)
        kept = [without_line_numbers(t, numbers, MIN_LINE_NUMBERS) for t in p.tables]
        found = found or any(k is not t for k, t in zip(kept, p.tables, strict=True))
        p.tables = [t for t in kept if t is not None]
    return found


def _outside_tables(p: _Page) -> list[int]:
    """Indexes of the page's lines that no table of it holds."""
    if not p.tables:
        return list(range(len(p.lines)))
    return [
        i
        for i, ln in enumerate(p.lines)
        if not any(t.holds(ln.left, ln.right, ln.base, ln.top) for t in p.tables)
    ]


def _held(table: FoundTable, lines: list[Line]) -> list[Line]:
    """The lines ``table`` takes out of its page's text (``FoundTable.holds``)."""
    return [ln for ln in lines if table.holds(ln.left, ln.right, ln.base, ln.top)]


def _page_tables(objects: PageObjects, textpage) -> tuple[list[FoundTable], bool]:
    """The tables of a page with rulings read from pdfium's segments and text, and whether that
    settles the page: a grid always does (``grid_tables`` reads a grid ruled between some columns
    only by its horizontal rules); tables drawn with horizontal rules only are left to
    pdfplumber's finder when none is found here, unless they only underline text (links)."""
    if objects.ruled_both_ways:
        return grid_tables(objects.horizontal, objects.vertical, textpage, objects.fills), True
    tables, framed = framed_tables(objects.horizontal, objects.vertical, textpage)
    return tables, bool(tables) or not framed


def _unmapped(textpage, lines: list[Line]) -> float:
    """The share of a page's characters whose font gives no Unicode for them (pdfium's
    ``FPDFText_HasUnicodeMapError`` on an even sample), asked only when its text holds odd
    characters: 0 for every other page, and for pages of fewer than 40 visible characters."""
    text = "".join([ln.text for ln in lines])
    if _ODD.search(text) is None:
        return 0.0  # (the common case, settled before the visible characters are counted)
    visible = len("".join(text.split()))
    if visible < 40 or len(_ODD.findall(text)) < ODD_SHARE * visible:
        return 0.0
    count = pdfium_c.FPDFText_CountChars(textpage)
    if count <= 0:
        return 0.0
    step = max(1, count // UNMAPPED_SAMPLE)
    sample = range(0, count, step)
    unmapped = sum(1 for i in sample if pdfium_c.FPDFText_HasUnicodeMapError(textpage, i) == 1)
    return unmapped / len(sample)


#: a line of a garbled page is legible when at most this share of its characters is unmapped
LEGIBLE_UNMAPPED = 0.05


def _legible_lines(textpage, lines: list[Line]) -> list[Line]:
    """The upright lines of a garbled page whose characters nearly all have a Unicode mapping
    (a heading or a box set in another font than the garbled text around it), found by the
    characters whose box's centre lies in the line's."""
    count = pdfium_c.FPDFText_CountChars(textpage)
    chars: list[tuple[float, float, bool]] = []  # centre x, centre y, unmapped
    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
    refs = [ctypes.byref(v) for v in (left, right, bottom, top)]
    for i in range(count):
        if pdfium_c.FPDFText_IsGenerated(textpage, i) == 1:
            continue
        if chr(pdfium_c.FPDFText_GetUnicode(textpage, i) or 0x20).isspace():
            continue
        if not pdfium_c.FPDFText_GetCharBox(textpage, i, *refs):
            continue
        unmapped = pdfium_c.FPDFText_HasUnicodeMapError(textpage, i) == 1
        chars.append(((left.value + right.value) / 2, (bottom.value + top.value) / 2, unmapped))
    legible = []
    for ln in lines:
        if not ln.upright:
            continue
        low = min(ln.base, ln.last_base) - 0.35 * ln.size
        inside = [u for x, y, u in chars if ln.left <= x <= ln.right and low <= y <= ln.top]
        if inside and sum(inside) <= LEGIBLE_UNMAPPED * len(inside):
            legible.append(ln)
    return legible


def _ocr_jobs(ctx: ExtractContext) -> int:
    """How many pages OCR reads at once: option ``ocr_jobs``, else one per CPU."""
    jobs = ctx.options.get("ocr_jobs")
    if jobs is None:
        return _pdf_ocr.workers()
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise errors.InvalidArgument(f"ocr_jobs must be a whole number greater than 0, not {jobs!r}")
    return jobs


def _time_left(ctx: ExtractContext) -> float:
    """The time-out OCR takes its share of: the document's, or for a PDF attached to a file the
    time that file leaves it, counted from now (the pages read before OCR spent some of it)."""
    if ctx.deadline is None:
        return ctx.limits.timeout_seconds
    return max(0.0, min(ctx.limits.timeout_seconds, ctx.deadline - time.monotonic()))


def _run_ocr(
    pdf, pages: list[_Page], numbers: list[int], timeout: float, lang: str | None, jobs: int = 1
) -> tuple[int, list[str]]:
    """OCR of the pages ``numbers`` (their text goes to ``ocr_text`` when tesseract finds any,
    else the reason to ``ocr_miss``), at most MAX_PAGES of them, ``jobs`` at a time, stopping once
    OCR_SHARE of the per-document time-out ``timeout`` is spent: the document keeps what was read
    instead of running into that time-out, and a warning says which pages were not read. The same
    failure twice in a row (a language tesseract does not have, a broken installation) stops it
    too. Returns how many pages tesseract read (with or without finding text) and the warnings."""
    warnings: list[str] = []
    read = 0
    last_failure = None
    budget = timeout * OCR_SHARE
    wanted = numbers[: _pdf_ocr.MAX_PAGES]
    for number in numbers[_pdf_ocr.MAX_PAGES :]:
        pages[number - 1].ocr_miss = f"over the {_pdf_ocr.MAX_PAGES} pages OCR reads in one document"
    outcomes = _pdf_ocr.read_pages(pdf, wanted, time.monotonic() + budget, lang, jobs)
    for i, (number, limit, outcome) in enumerate(outcomes):
        if outcome is None:
            _out_of_time(pages, wanted[i:], budget, timeout, warnings)
            break
        if isinstance(outcome, _pdf_ocr.OcrTimedOut):
            if limit < _pdf_ocr.TIMEOUT:  # stopped by the document's share, not the page's limit
                _out_of_time(pages, wanted[i:], budget, timeout, warnings)
                break
            warnings.append(
                f"page {number}: OCR failed (tesseract took longer than {limit:.0f} s, its limit per page)"
            )
            pages[number - 1].ocr_miss = "OCR failed on them"
            last_failure = None
            continue
        if isinstance(outcome, _pdf_ocr.PageNotLoaded):
            warnings.append(f"page {number}: OCR failed ({outcome})")
            pages[number - 1].ocr_miss = "OCR could not load them"
            continue
        if isinstance(outcome, _pdf_ocr.OcrFailed):
            warnings.append(f"page {number}: OCR failed ({outcome})")
            pages[number - 1].ocr_miss = "OCR failed on them"
            if str(outcome) == last_failure and i + 1 < len(wanted):
                rest = wanted[i + 1 :]
                warnings.append(
                    f"OCR stopped: the same failure on two pages in a row; {len(rest)} "
                    f"page{'s' if len(rest) != 1 else ''} not read by OCR ({_page_list(rest)})"
                )
                for n in rest:
                    pages[n - 1].ocr_miss = "OCR stopped after the same failure on two pages in a row"
                break
            last_failure = str(outcome)
            continue
        last_failure = None
        read += 1
        if outcome.strip():
            pages[number - 1].ocr_text = outcome
        else:
            pages[number - 1].ocr_miss = "tesseract found no text on them"
    outcomes.close()  # waits for pages still being read when it stopped early
    if len(numbers) > _pdf_ocr.MAX_PAGES:
        warnings.append(
            f"OCR ran on the first {_pdf_ocr.MAX_PAGES} of the {len(numbers)} pages it was to read"
        )
    return read, warnings


def _out_of_time(
    pages: list[_Page], rest: list[int], budget: float, timeout: float, warnings: list[str]
) -> None:
    """OCR's share of the per-document time-out is spent: the pages ``rest`` are not read."""
    warnings.append(
        f"{len(rest)} page{'s' if len(rest) != 1 else ''} not read by OCR ({_page_list(rest)}): "
        f"its time share of {budget:.3g} s ({OCR_SHARE:.0%} of the per-document time-out of {timeout:.3g} s) ran out"
    )
    for n in rest:
        pages[n - 1].ocr_miss = f"OCR's time share of {budget:.3g} s ran out before they were read"


def _page_list(numbers: list[int]) -> str:
    """``page 4``, ``pages 2, 5``, ``pages 13-15, 20``: runs of consecutive pages as ranges."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    text = ", ".join(str(a) if a == b else f"{a}, {b}" if b == a + 1 else f"{a}-{b}" for a, b in runs)
    return f"page{'s' if len(numbers) != 1 else ''} {text}"


def _read_again(data, password, pages: list[_Page], warnings: list[str], notes: list[str]) -> None:
    """Pages whose text pdfium gave only in part, read by pdfminer: its lines replace pdfium's
    when they hold clearly more text (tables are then looked for again, by pdfplumber), with a
    note saying so."""
    try:
        plumber = open_plumber(data, password)
    except Exception as exc:  # pdfminer raises many types on damaged files; pdfium's text stays
        warnings.append(f"pdfminer could not open the file to read lost text ({type(exc).__name__})")
        return
    try:
        for p in pages:
            try:
                lines = plumber_lines(plumber.pages[p.number - 1], p.number, p.geo)
            except Exception as exc:  # a damaged page: pdfium's text stays
                warnings.append(f"page {p.number}: pdfminer could not read it ({type(exc).__name__})")
                continue
            before, after = visible(p.lines), visible(lines)
            if after < LOST_GAIN * before + LOST_OBJECTS:
                continue
            p.lines, p.tables, p.tables_done, p.joins = lines, [], False, []
            notes.append(
                f"page {p.number}: pdfium gave no text for {p.silent:,} of its {p.text_objects:,} text "
                f"objects; read by pdfminer: {after:,} characters instead of {before:,}"
            )
    finally:
        plumber.close()


def _find_tables(data, password, pages: list[_Page], mode: str, warnings: list[str]) -> None:
    wanted = [
        p
        for p in pages
        if p.has_text
        and not p.tables_done
        and (mode == "always" or (p.objects is not None and p.objects.has_rulings))
    ]
    if not wanted:
        return
    try:
        plumber = open_plumber(data, password)
    except Exception as exc:  # pdfminer raises many types on damaged files; tables are then skipped
        warnings.append(f"tables not read: pdfplumber could not open the file ({type(exc).__name__})")
        return
    try:
        for p in wanted:
            objects = p.objects or PageObjects()
            try:
                p.tables = find_tables(
                    plumber,
                    p.number - 1,
                    (p.geo.left, p.geo.top),
                    ruled_both_ways=objects.ruled_both_ways,
                    force_text=mode == "always" and not objects.has_rulings,
                    text_after=mode == "always",
                    whole_words=mode == "always",
                    hyphens={(j.before, j.after) for j in p.joins},
                )
                if mode == "always":
                    # every page goes through pdfplumber's finder: a table it reads whose cells
                    # do not hold the words of the lines it takes is read as text
                    p.tables = [t for t in p.tables if not loses_words(t, _held(t, p.lines))]
            except Exception as exc:  # a damaged page: keep its text, say the tables were not read
                warnings.append(f"page {p.number}: tables not read ({type(exc).__name__})")
    finally:
        plumber.close()


def _page_labels(pdf: pdfium.PdfDocument, total: int) -> list[str]:
    """The pages' labels in the file (``/PageLabels``: ``iv``, ``7``), empty where it gives none:
    a lone number equal to its page's label is the page's number."""
    out = []
    for index in range(total):
        try:
            out.append(pdf.get_page_label(index))
        except (pdfium.PdfiumError, UnicodeDecodeError, ValueError):
            out.append("")  # a damaged label tree costs only this evidence
    return out


def _outline(pdf: pdfium.PdfDocument, total: int) -> list[OutlineEntry]:
    """The bookmarks that open a page of the document, in outline order (docs/pdf.md, Headings)."""
    out: list[OutlineEntry] = []
    try:
        for n, mark in enumerate(pdf.get_toc(max_depth=OUTLINE_DEPTH)):
            if n >= MAX_OUTLINE:
                break
            dest = mark.get_dest()
            index = dest.get_index() if dest is not None else None
            if index is None or index >= total:
                continue
            title = " ".join(mark.get_title().split())
            if title:
                out.append(OutlineEntry(mark.level, title, index + 1))
    except (pdfium.PdfiumError, UnicodeDecodeError, ValueError):
        pass  # a damaged outline costs only the levels it would give; what was read is kept
    return out


def _words(pages: list[_Page]) -> Words:
    """The document's words (its text layer's and OCR's), which tell a compound from a word the
    typesetter hyphenated at a line end; the words pdfium joined at a hyphen are written
    again as the rest of the document writes them."""
    joins = [j for p in pages for j in p.joins]
    wraps = [w for p in pages for t in p.tables for w in t.wraps]
    words = Words([ln.text for p in pages for ln in p.lines] + [p.ocr_text for p in pages], joins, wraps)
    for p in pages:
        if p.joins:
            p.lines = rejoin_words(p.lines, p.joins, words)
        p.tables = [_respelt(t, words) if t.joins or t.wraps else t for t in p.tables]
    return words


def _respelt(table: FoundTable, words: Words) -> FoundTable:
    """``table`` with the words pdfium joined at a hyphen in its cells written as the document
    writes them elsewhere, and the words its cells' line ends cut without a hyphen joined where
    the document's words say they are one (``unwrap``)."""
    rows = [table.header, *table.rows] if table.header is not None else list(table.rows)
    cells = respell([c for row in rows for c in row], table.joins, words)
    cells = unwrap(cells, table.wraps, words)
    at = 0
    out: list[tuple[str, ...]] = []
    for row in rows:
        out.append(tuple(cells[at : at + len(row)]))
        at += len(row)
    if table.header is not None:
        return replace(table, header=out[0], rows=tuple(out[1:]))
    return replace(table, rows=tuple(out))


def _blocks(
    pages: list[_Page], drop: list[set[int]], outline: list[OutlineEntry], words: Words | None = None
) -> list[Block]:
    """Group every page's lines, rank headings across the document (or by the outline where it
    names them), then interleave tables and images; ``words``: the document's, for the hyphens
    at its lines' ends."""
    per_page: list[list[tuple[float, object]]] = []
    all_groups: list[Group] = []
    code = _has_code(pages)
    tabled: list[Line] = []  # the lines read as table cells: they count for the body size
    # for a page with tables, the lowest baseline and the highest top of its body's lines
    # (outside its tables and its running heads): whether a table ends or opens the page
    extent: dict[int, tuple[float, float]] = {}
    for p, gone in zip(pages, drop, strict=True):
        items: list[tuple[float, object]] = []
        lines = p.lines
        # the only page is read top-down: nothing tells its furniture apart
        order = top_down(p.lines, p.geo, gone) if len(pages) == 1 else None
        order, notes = foot_top_down(p.lines, order, p.geo, gone)
        order = beside_rows(p.lines, order, gone)
        if order is not None:
            lines = [p.lines[i] for i in order]
            gone = {k for k, i in enumerate(order) if i in gone}
            notes = {k for k, i in enumerate(order) if i in notes}
        lines, gone = rejoin_rows(lines, gone)
        kept = [(i, ln) for i, ln in enumerate(lines) if i not in gone]
        tables_at: dict[int, float] = {}
        body: list[tuple[int, Line]] = []
        if not p.tables:
            body = kept
        for i, ln in kept if p.tables else ():
            box = (ln.left, ln.right, ln.base, ln.top)
            hit = next((t for t, table in enumerate(p.tables) if table.holds(*box)), None)
            if hit is None:
                body.append((i, ln))
            else:
                tables_at.setdefault(hit, i - 0.5)
                tabled.append(ln)
        at_table = [tables_at.get(t, _position_by_y(lines, table.top)) for t, table in enumerate(p.tables)]
        first: dict[int, float] = {}  # the places of lines read before the lines given before them
        for t, table in enumerate(p.tables):
            first.update(_head_first(at_table[t], body, table))
        # groups are consecutive runs of the body lines: each starts where the previous one ended
        offset = 0
        alone = {n for n, (i, _) in enumerate(body) if i in notes} if notes else frozenset()
        for group in group_page([ln for _, ln in body], p.number, code, words, alone):
            at = body[offset][0]
            if at in first and all(i in first for i, _ in body[offset : offset + len(group.lines)]):
                at = first[at]
            items.append((at, group))
            offset += len(group.lines)
            all_groups.append(group)
        if p.tables:
            upright = [ln for _, ln in body if ln.upright]
            extent[p.number] = (
                min((ln.base for ln in upright), default=math.inf),
                max((ln.top for ln in upright), default=-math.inf),
            )
        for t, table in enumerate(p.tables):
            items.append((_after_lines_above(at_table[t], body, table), table))
        for top, image_name in p.images:
            items.append((_position_by_y(lines, top), image_name))
        if p.ocr_text:
            items.append((-1.0, ("ocr", p.ocr_text)))
        items.sort(key=lambda it: it[0])
        per_page.append(items)
    block_of: dict[int, list[Block]] = {}
    scans = frozenset(p.number for p in pages if p.objects is not None and p.objects.is_scan)
    for g, b in to_blocks(all_groups, outline, scans, _slides(pages), tabled, _labels(pages, all_groups)):
        block_of.setdefault(id(g), []).append(b)
    out: list[Block] = []
    owners: list[Group | None] = []  # the group each block alone was made of
    ending: FoundTable | None = None  # the table the last block was made of, read to its page's end
    for p, items in zip(pages, per_page, strict=True):
        for n, (_, item) in enumerate(items):
            if isinstance(item, Group):
                made = block_of.get(id(item), [])  # none for a title's line joined to the one above
                out.extend(made)
                if len(made) == 1:
                    owners.append(item)
            elif isinstance(item, FoundTable):
                prev = out[-1] if out and n == 0 and ending is not None else None
                if (
                    prev is not None
                    and prev.meta.get(PAGE_END, prev.page) == p.number - 1
                    and (
                        runs_on(ending, item)
                        or (
                            ending.bottom <= extent[p.number - 1][0]
                            and item.top >= extent[p.number][1]
                            and runs_on_bare(ending, item)
                        )
                    )
                ):
                    # a table continued at the top of the next page: one table, its rows from
                    # this page on said to be on it; a row the break cut in two is one row, said
                    # to reach this page from where its words on it start
                    rows = prev.rows + item.rows
                    at = len(prev.text) + 1
                    whole = cut_row(prev.rows[-1], item.rows[0], words) if prev.rows else None
                    if whole is not None:
                        rows = (*prev.rows[:-1], whole, *item.rows[1:])
                        at = _cut_at(prev, whole)
                    meta = onto_page(prev, at, p.number)
                    out[-1] = replace(prev, text=render_table(prev.header, rows), rows=rows, meta=meta)
                else:
                    text = render_table(item.header, item.rows)
                    out.append(Block(TABLE, text, page=p.number, rows=item.rows, header=item.header))
            elif isinstance(item, str):
                out.append(
                    # PDF images carry no alt text; modes and Markdown label them with their name
                    Block(IMAGE, f"[Image: {item}]", page=p.number, images=(item,))
                )
            else:
                out.extend(_pdf_ocr.blocks(item[1], p.number, words))
            owners.extend([None] * (len(out) - len(owners)))
            ending = item if isinstance(item, FoundTable) and n == len(items) - 1 else None
    body: dict[int, list[Line]] = {}
    for g in all_groups:
        body.setdefault(g.page, []).extend(g.lines)
    return title_authors(title_dates(join_lists(join_page_breaks(out, owners, body, words))))


def _labels(pages: list[_Page], groups: list[Group]) -> set[int]:
    """The ids of the groups whose first line is a legend's label: a small mark drawn just left
    of it (``beside_mark``)."""
    marks = {p.number: p.objects.marks for p in pages if p.objects is not None and p.objects.marks}
    if not marks:
        return set()
    return {id(g) for g in groups if g.page in marks and beside_mark(g.first, marks[g.page])}


#: Fixed-pitch lines are code listings only when they carry less than this share of the
#: document's characters: a typewritten letter or a transcript is set in Courier throughout.
MONO_BODY = 0.5


def _has_code(pages: list[_Page]) -> bool:
    """Whether the document's fixed-pitch lines are code listings set apart from its body."""
    mono = total = 0
    for p in pages:
        for ln in p.lines:
            total += len(ln.text)
            if ln.mono:
                mono += len(ln.text)
    return 0 < mono < MONO_BODY * total


#: A document is a slide deck when it has this many pages or more, nearly all of them wider than
#: this many times their height; a slide's title starts in the top SLIDE_TOP of the page.
SLIDES_MIN_PAGES = 3
SLIDES_ASPECT = 1.2
SLIDE_TOP = 0.35


def _slides(pages: list[_Page]) -> dict[int, float]:
    """For a slide deck, the height on each page above which its title starts; else empty."""
    wide = sum(1 for p in pages if p.geo.right - p.geo.left > SLIDES_ASPECT * (p.geo.top - p.geo.bottom))
    if len(pages) < SLIDES_MIN_PAGES or wide < 0.8 * len(pages):
        return {}
    return {p.number: p.geo.top - SLIDE_TOP * (p.geo.top - p.geo.bottom) for p in pages}


def _cut_at(table: Block, whole: tuple[str, ...]) -> int:
    """Where the words of a cut row's part on the next page start in the joined table's text:
    after what its line shares with the line of the part on the page before (``table``'s last)."""
    before = render_table(None, [table.rows[-1]]).rsplit("\n", 1)[-1]
    after = render_table(None, [whole]).rsplit("\n", 1)[-1]
    shared = len(os.path.commonprefix([before, after]))
    if shared and not after[shared - 1].isspace():  # a word the break hyphenated, joined again:
        shared = after.rfind(" ", 0, shared) + 1  # the break goes before it, as in a paragraph
    return len(table.text) - len(before) + shared


def _after_lines_above(at: float, body: list[tuple[int, Line]], table: FoundTable) -> float:
    """Where a table stands among its page's lines, ``at`` its first line's place: after the
    body lines printed above it over its width when the content stream gives every one of them
    after its cells (the WARN report's p. 1 title and note); where some come before them (a
    section's label over the table, a title under it given later), the order is left as read."""
    above = [
        i
        for i, ln in body
        if ln.base > table.top and min(ln.right, table.right) > max(ln.left, table.left) and ln.upright
    ]
    return max(above) + 0.5 if above and min(above) > at else at


def _head_first(at: float, body: list[tuple[int, Line]], table: FoundTable) -> dict[int, float]:
    """New places for the body lines printed above a table over its width that the content stream
    gives after its cells (``at``: the table's place) where others above it come before them and
    all of them stand above all of those: read first, before those, in the order given, as the
    page prints them (chelsea_pdta.pdf p. 26 draws its axis's bar, 'AXE 1 – RESSOURCES', then the
    table, then the page's title and legend over the bar). The table stays after the lines given
    before it (``_after_lines_above``)."""
    above = [
        (i, ln)
        for i, ln in body
        if ln.base > table.top and min(ln.right, table.right) > max(ln.left, table.left) and ln.upright
    ]
    before = [ln for i, ln in above if i < at]
    after = [i for i, ln in above if i > at]
    if not before or not after:
        return {}
    low = min(ln.base for i, ln in above if i > at)
    if low <= max(ln.top for ln in before):
        return {}
    start = min(i for i, ln in above if i < at)
    step = 0.4 / len(after)
    return {i: start - 0.5 + k * step for k, i in enumerate(after)}


def _position_by_y(lines: list[Line], top: float) -> float:
    """Sequence position for an object whose top edge is at ``top``: after the nearest line above it."""
    above = [(ln.base, i) for i, ln in enumerate(lines) if ln.upright and ln.base > top - 1]
    if not above:
        return -0.5
    return min(above)[1] + 0.5
