"""chunkscope's indexer: bytes in, a Document out, chunks per mode. Pure: no SQLite, no UI.

>>> from indexer import get_chunks
>>> chunks = get_chunks(b"# Title\\n\\nSome text.", filename="note.md")
"""

from .api import (
    ChunksResult,
    MarkdownResult,
    chunk_document,
    extract,
    extract_bytes,
    get_chunks,
    get_markdown,
)
from .errors import ChunkscopeError
from .limits import ExtractContext, Limits
from .model import Block, Chunk, Coverage, Document, Image, ListItem, Skipped
from .modes.params import ModeParams

__all__ = [
    "OUTPUT_VERSION",
    "Block",
    "Chunk",
    "ChunkscopeError",
    "ChunksResult",
    "Coverage",
    "Document",
    "ExtractContext",
    "Image",
    "Limits",
    "ListItem",
    "MarkdownResult",
    "ModeParams",
    "Skipped",
    "chunk_document",
    "extract",
    "extract_bytes",
    "get_chunks",
    "get_markdown",
]

__version__ = "0.1.0"

#: What extraction and chunking give, as a number, raised by a change that alters the Document or
#: the chunks of files of every format (the model, the chunkers): an index re-reads every file
#: stored by an earlier one (storage keeps it per document, as ``output_version``). A change to one
#: extractor raises that extractor's own version instead, and only the files it read (or whose
#: attachments it read) are read again (``documents.extractors``, docs/storage.md). 1: speaker notes, slides without a title, RTF
#: pictures, garbled PDF text layers, review comments listed as skipped. 2: error values of
#: spreadsheet cells (#N/A …), sheets with Excel 365's newer errors read by openpyxl, PDF pages
#: whose text pdfium drops read by pdfminer, HTML tables with colspan and rowspan laid out, table
#: rows of one cell merged across the table given once. 3: PDF outlines, tables of contents,
#: scans under an OCR layer and running headers; several tables on a sheet, CSV title lines;
#: Word form fields, symbols and equations; OpenDocument forms; PowerPoint inherited bullets and
#: reading order; RTF Mac code pages, notes, lists; e-mail nesting, mbox splitting, 8-bit
#: headers, Outlook contacts and meetings; HTML items, cells and headings read inline text as
#: paragraphs do, web page chrome dropped, Markdown code and tables inside list items as blocks,
#: plain text lists wrapped without indentation, JSON repeated keys. 4: spreadsheet number formats
#: (currency, thousands, decimals), .xls error cells, lists of links,
#: pivot titles; HTML metadata and hidden elements, TNEF bodies and attachments, link targets in
#: mail bodies read as HTML; PDF tables ruled across only or between some columns, sub-header
#: cells, continued tables' headers, link underlines, icons and repeated images, slide titles,
#: line sizes and weights, lines pdfium joined, line-end hyphens, list markers, running heads with
#: titles, code in fixed-pitch fonts, ligatures, CJK rows, right-to-left lines, garbled layers OCR
#: could not replace left out, OCR hyphens, dates; an empty file says so; Markdown keeps a PDF
#: list item's own number. 5: skips left out on purpose marked so, raising no warning; how text
#: was read with nothing lost a coverage note, not a warning; the
#: library warnings of a file among its warnings; Word numbering by style and in text boxes,
#: headers and notes read as the body; RTF symbol fonts and spanned cells; .xls/.xlsb/ODS
#: number formats; <style>-hidden HTML, hidden elements counted; EPUB note references. 6: files
#: attached to e-mails, Outlook messages and PDFs read with their own extractor, chunks naming
#: the ``attachment`` they come from.
OUTPUT_VERSION = 6
