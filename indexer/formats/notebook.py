"""Jupyter notebooks (.ipynb): markdown cells, code cells with their outputs, image outputs.

The notebook is JSON (nbformat 4, and the ``worksheets`` layout of nbformat 3). Markdown cells go
through the Markdown extractor's block builder; code cells are CODE blocks in the kernel's
language; text outputs (streams, ``text/plain`` results, tracebacks without terminal colours)
follow their cell as CODE blocks, a run of pieces printed to one stream joined and a carriage
return writing over its line as in a terminal; HTML results holding a table are read as tables,
Markdown results as Markdown, and a ``text/plain`` that is only an object's default repr
(``<IPython.core.display.HTML object>``) gives way to the form Jupyter shows beside it;
``image/png``/``jpeg``/``gif``/``webp`` outputs are extracted under names that say where they
came from (``cell3_output1.png``), and so are the images a Markdown cell carries (``attachments``, shown by ``![…](attachment:chart.png)``: ``cell2_chart.png``).
Every block carries ``cell_index`` (0-based) and ``cell_type``. A file that is not a notebook is
read as text, never dropped.
"""

from __future__ import annotations

import base64
import binascii
import json
import posixpath
import re
from dataclasses import replace
from typing import Any
from urllib.parse import unquote

from .._fast import mark_new_list
from ..images import admit
from ..limits import ExtractContext
from ..model import CODE, IMAGE, Block, Coverage, Document, Image, Skipped
from .html import html_blocks
from .jsonfmt import decode_json, escapes_surrogate, mended
from .markdown import markdown_blocks
from .registry import extractor
from .text import assemble_blocks, text_blocks

_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_IMAGE_TYPES = (("image/png", "png"), ("image/jpeg", "jpg"), ("image/gif", "gif"), ("image/webp", "webp"))


def _text(value: Any) -> str:
    if isinstance(value, list):
        return "".join(v for v in value if isinstance(v, str))
    return value if isinstance(value, str) else ""


def _cells(nb: dict) -> list[dict]:
    cells = nb.get("cells")
    if isinstance(cells, list):
        return [c for c in cells if isinstance(c, dict)]
    out: list[dict] = []
    for sheet in nb.get("worksheets") or []:  # nbformat 3
        if isinstance(sheet, dict):
            out += [c for c in sheet.get("cells") or [] if isinstance(c, dict)]
    return out


class _Reader:
    def __init__(self, language: str | None) -> None:
        self.language = language
        self.blocks: list[Block] = []
        self.images: dict[str, Image] = {}
        self.skipped: list[Skipped] = []

    def add(self, blocks: list[Block], meta: dict[str, Any]) -> None:
        start = len(self.blocks)
        for block in blocks:
            self.blocks.append(Block(**{**_fields(block), "meta": {**block.meta, **meta}}))
        # a cell's or an output's list is a list of its own, though it may follow code in an item of the
        # list ending the cell before it (NEW_LIST)
        mark_new_list(self.blocks, start)

    def cell(self, index: int, cell: dict) -> None:
        kind = str(cell.get("cell_type", "code"))
        meta = {"cell_index": index, "cell_type": kind}
        source = _text(cell.get("source", cell.get("input")))
        if kind == "markdown":
            blocks = markdown_blocks(source)
            attachments = cell.get("attachments")
            if isinstance(attachments, dict) and attachments:
                blocks = self.attached(index, blocks, attachments)
            self.add(blocks, meta)
        elif kind == "code":
            if source.strip():
                code_meta = {"language": self.language} if self.language else {}
                self.add([Block(CODE, source.rstrip("\n"), meta=code_meta)], meta)
            outputs = [o for o in cell.get("outputs") or [] if isinstance(o, dict)]
            for n, output in _coalesced(outputs):
                self.output(index, n, output, {**meta, "output_index": n})
        elif source.strip():  # raw and heading cells (nbformat 3)
            if kind == "heading":
                source = "#" * int(cell.get("level", 1) or 1) + " " + source
                self.add(markdown_blocks(source), meta)
            else:
                self.add(text_blocks(source), meta)

    def output(self, index: int, n: int, output: dict, meta: dict[str, Any]) -> None:
        otype = output.get("output_type")
        if otype == "stream":
            self.code(_overwritten(_text(output.get("text"))), meta)
            return
        if otype in ("error", "pyerr"):
            trace = "\n".join(_text(t) for t in output.get("traceback") or [])
            text = trace or f"{output.get('ename', '')}: {output.get('evalue', '')}"
            self.code(_ANSI.sub("", text), meta)
            return
        data = output.get("data")
        if not isinstance(data, dict):  # nbformat 3 keeps the mime bundle on the output itself
            data = {k: v for k, v in output.items() if k not in ("output_type", "metadata")}
            data = {_NB3_KEYS.get(k, k): v for k, v in data.items()}
        has_image = False
        for mime, ext in _IMAGE_TYPES:
            if mime in data:
                has_image = self.image(index, n, data[mime], ext, meta)
                break
        else:
            if "image/svg+xml" in data:
                self.skipped.append(Skipped("image", f"cell{index}_output{n}.svg", "SVG is not a web raster"))
        html = _text(data.get("text/html"))
        plain = _text(data.get("text/plain"))
        if html and "<table" in html.lower():
            self.add(html_blocks(html)[0], meta)
        elif "text/markdown" in data:
            self.add(markdown_blocks(_text(data["text/markdown"])), meta)
        elif plain and not has_image and not _placeholder_repr(plain, data):
            # beside an image it is only an object's repr
            self.code(plain, meta)
        elif html:
            self.add(html_blocks(html)[0], meta)
        elif not has_image and "text/latex" in data:  # IPython's Math and Latex: their source
            self.code(_text(data["text/latex"]), meta)

    def attached(self, index: int, blocks: list[Block], attachments: dict) -> list[Block]:
        """A Markdown cell's blocks with the images it carries (``attachments``, a bundle of
        base64 data by file name, which the cell shows as ``![…](attachment:name)``): an image
        block showing one takes its image, an attachment shown inside a paragraph or not at all
        follows the cell's blocks as an image block of its own."""
        taken: dict[str, str | None] = {}

        def take(key: str) -> str | None:
            if key not in taken:
                bundle = attachments.get(key)
                taken[key] = self.attachment(index, key, bundle) if isinstance(bundle, dict) else None
            return taken[key]

        out: list[Block] = []
        for block in blocks:
            src = str(block.meta.get("src") or "") if block.kind == IMAGE else ""
            if src.startswith("attachment:") and (name := take(unquote(src[len("attachment:") :]))):
                block = replace(block, images=(name,))
            out.append(block)
        for key in attachments:
            if key not in taken and (name := take(key)):
                out.append(Block(IMAGE, f"[Image: {name}]", images=(name,)))
        return out

    def attachment(self, index: int, key: str, bundle: dict) -> str | None:
        """The name of a cell attachment's image once extracted (``cell3_chart.png``), or None."""
        stem = posixpath.splitext(posixpath.basename(str(key)))[0] or "attachment"
        for mime, ext in _IMAGE_TYPES:
            if mime in bundle:
                name = f"cell{index}_{stem}.{ext}"
                try:
                    data = base64.b64decode("".join(_text(bundle[mime]).split()), validate=False)
                except (binascii.Error, ValueError):
                    self.skipped.append(Skipped("image", name, "attachment is not valid base64"))
                    return None
                admitted = admit(
                    data, ext, source_name=name, keep_source_name=True, meta={"cell_index": index}
                )
                if isinstance(admitted, Skipped):
                    self.skipped.append(admitted)
                    return None
                self.images[admitted.name] = admitted
                return admitted.name
        if "image/svg+xml" in bundle:
            self.skipped.append(Skipped("image", f"cell{index}_{stem}.svg", "SVG is not a web raster"))
        return None

    def code(self, text: str, meta: dict[str, Any]) -> None:
        text = _ANSI.sub("", text).rstrip("\n")
        if text.strip():
            self.add([Block(CODE, text, meta={"output": True})], meta)

    def image(self, index: int, n: int, payload: Any, ext: str, meta: dict[str, Any]) -> bool:
        name = f"cell{index}_output{n}.{ext}"
        try:
            data = base64.b64decode("".join(_text(payload).split()), validate=False)
        except (binascii.Error, ValueError):
            self.skipped.append(Skipped("image", name, "image output is not valid base64"))
            return False
        admitted = admit(data, ext, source_name=name, keep_source_name=True, meta={"cell_index": index})
        if isinstance(admitted, Skipped):
            self.skipped.append(admitted)
            return False
        self.images[admitted.name] = admitted
        self.add([Block(IMAGE, f"[Image: {name}]", images=(admitted.name,))], meta)
        return True


#: the repr Python and IPython give an object without one of its own (``<IPython.core.display.HTML
#: object>``, ``<pkg.Plot object at 0x7f…>``, ``<pkg.Page at 0x10…>``)
_DEFAULT_REPR = re.compile(r"<[A-Za-z_][\w.]*(?: object(?: at 0x[0-9A-Fa-f]+)?| at 0x[0-9A-Fa-f]+)>")


def _placeholder_repr(plain: str, data: dict) -> bool:
    """Whether an output's ``text/plain`` is only the default repr of an object that shows itself
    otherwise (HTML, LaTeX, JavaScript, a widget): Jupyter shows that other form, and the repr
    (``<IPython.core.display.HTML object>``) is none of the output's content. Alone in its
    bundle it is what Jupyter shows, and is read."""
    shown_otherwise = any(k != "text/plain" and k not in _NB3_FIELDS for k in data)
    return shown_otherwise and _DEFAULT_REPR.fullmatch(plain.strip()) is not None


def _coalesced(outputs: list[dict]) -> list[tuple[int, dict]]:
    """The outputs with their 1-based positions, a run of stream outputs to one stream (stdout
    or stderr) joined into the first of them, as Jupyter shows them and nbconvert's
    ``coalesce_streams`` joins them: a kernel sends a program's printing in pieces, which may
    split a line."""
    out: list[tuple[int, dict]] = []
    for n, output in enumerate(outputs, start=1):
        last = out[-1][1] if out else None
        if (
            last is not None
            and output.get("output_type") == last.get("output_type") == "stream"
            and _stream(output) == _stream(last)
        ):
            out[-1] = (out[-1][0], {**last, "text": _text(last.get("text")) + _text(output.get("text"))})
        else:
            out.append((n, output))
    return out


def _stream(output: dict) -> Any:
    """The stream an output was printed to: ``name`` (nbformat 4), ``stream`` (nbformat 3)."""
    return output.get("name", output.get("stream"))


_OVERWRITTEN = re.compile(r"[^\n]*\r(?=[^\n])")


def _overwritten(text: str) -> str:
    """A stream's text as a terminal leaves it: a carriage return not ending its line goes back
    to the line's start, what came before it on the line written over (a progress bar's
    updates, of which the last stays), as nbconvert's ``coalesce_streams`` reads it."""
    if "\r" not in text:
        return text
    return _OVERWRITTEN.sub("", text.replace("\r\n", "\n")).replace("\r", "")


#: what an nbformat 3 output keeps beside its mime bundle (``pyout``'s prompt number)
_NB3_FIELDS = frozenset(("prompt_number", "execution_count"))
_NB3_KEYS = {
    "png": "image/png",
    "jpeg": "image/jpeg",
    "svg": "image/svg+xml",
    "text": "text/plain",
    "html": "text/html",
    "latex": "text/latex",
    "javascript": "application/javascript",
    "json": "application/json",
}


def _mended(value: Any) -> Any:
    """The notebook's values with each lone surrogate in their strings U+FFFD (:func:`mended`):
    a cell's text holding one is no Unicode, which the Markdown reader cannot take."""
    if isinstance(value, str):
        return mended(value)
    if isinstance(value, list):
        return [_mended(v) for v in value]
    if isinstance(value, dict):
        return {mended(k): _mended(v) for k, v in value.items()}
    return value


def _fields(block: Block) -> dict[str, Any]:
    return {
        "kind": block.kind,
        "text": block.text,
        "level": block.level,
        "items": block.items,
        "rows": block.rows,
        "header": block.header,
        "row_numbers": block.row_numbers,
        "images": block.images,
        "alt": block.alt,
    }


def _as_text(text: str, reason: str) -> Document:
    return Document(
        source_type="ipynb",
        blocks=tuple(text_blocks(text)),
        text=text,
        metadata={"source_type": "ipynb"},
        coverage=Coverage(warnings=(f"not a notebook, read as text: {reason}",)),
    )


@extractor(
    ".ipynb",
    name="ipynb",
    source_type="ipynb",
    images=True,
    version="34",  # 2: HTML tables with colspan and rowspan laid out; 3: rowspan="0";
    # 4: HTML items, cells and headings read inline text as paragraphs do; page chrome dropped;
    # wrapped plain-text list lines go on with their item
    # 5: hidden elements of HTML outputs and Markdown cells left out
    # 6: HTML outputs and Markdown cells: elements a <style> rule hides left out; an inline <img>
    # read as its alt text
    # 7: HTML tables without a header row name their columns; Markdown cells read no front matter
    # 8: an HTML table laying text out (role="presentation", cells holding blocks) read as flow;
    # no heading in capitals or after "#" in raw text holding a program
    # 9: HTML tables as HTML 10 reads them: a title over <th> rows, a table in a data table's cell a
    # table of its own under its row (flow without data), rows of data not flow, a column of one value no vote for a header
    # (a row left with its label alone by those tables said over them, not under "Column N")
    # 10: HTML tables as HTML 11 reads them: one of one text a row read as flow anywhere, the Column N
    # names of a table no row heads on its first block alone
    # raw cells and outputs keep their lines' indentation in steps (text 8)
    # 11: HTML 12 (alt-text pictures in cells, 30 px icons, flags after their rows, boxes headed)
    # 12: Markdown cells and HTML outputs: a quote's blocks carry their quote depth (markdown 12, HTML 13)
    # 13: Markdown cells and HTML outputs: ordered items carry their numbers (markdown 17, HTML 14)
    # 14: HTML outputs: text in a list outside any <li> an unordered item (HTML 15)
    # 15: a run of stream outputs to one stream joined; a carriage return writes over its line
    # 16: the images a Markdown cell carries as attachments extracted
    # 17: HTML outputs and Markdown cells' raw HTML: a <pre> in a list item a code block of its own (HTML 16)
    # 18: HTML outputs and Markdown cells' raw HTML: a <br> in a <pre> breaks its line (HTML 17)
    # 19: HTML outputs and Markdown cells' raw HTML: soft hyphens left out (HTML 18)
    # 20: a lone surrogate (a \ud83d escape whose pair was cut off) read as U+FFFD, no longer a failure
    # 21: HTML outputs and Markdown cells' raw HTML: a table in a list item a table of its own (HTML 20)
    # 22: nbformat 3 stream outputs joined by their stream (as 15 joins nbformat 4's by name)
    # 23: HTML outputs and Markdown cells' raw HTML: a program's line-number column left out (HTML 21)
    # 25: soft hyphens (U+00AD) left out of Markdown cells and raw cells too, not only of their raw HTML
    # (markdown, text 12)
    # 26: HTML outputs and Markdown cells: a <q>'s quotation marks (HTML 23, markdown 30)
    # 27: HTML outputs and Markdown cells' raw HTML: an inline SVG drawing's labels read (HTML 24)
    # 28: HTML outputs and Markdown cells: the HTML reader's <q> marks of their language, ruby readings
    # and MathML equations (HTML 27 to 30; markdown 33, 34)
    # 29: an output whose text/plain is only an object's default repr beside another form (IPython's
    # HTML, Math, Javascript) read as its HTML, else its LaTeX, else nothing, no longer as
    # "<IPython.core.display.HTML object>"; an nbformat 3 output's svg, latex, javascript and json
    # named as nbformat 4's (its SVG listed as skipped, its LaTeX read)
    # 30: Markdown cells: a delimiter row a list marker opens ("- | -") a list item, its sub-items
    # kept under it (markdown 36); an HTML output's or raw cell's table footer written before its body
    # read last, the header and footer of its sections and quotes read, Word's list paragraphs a list
    # (HTML 32); a tabbed code line
    # after an item's table read as code (markdown 36);
    # a notebook in UTF-32 without a BOM read (json 11); one in a legacy code page read in it, no
    # longer as damaged UTF-8
    # legacy text without a BOM or charset: Ukrainian in KOI8-U, Persian in windows-1256 (پ چ ژ گ, the
    # Arabic question mark and comma, the zero-width non-joiner), Greek in capitals without accents read
    # in their code page
    # legacy text: a word opened by ð or ğ, an ì or ù before a letter, a þ after a vowel:
    # signs of a wrong reading ("Šeštadienį", "České Budějovice", "Kadıköy, Beşiktaş" in
    # windows-1257, -1250, -1254 no longer windows-1252)
    # 31: Markdown cells: a list in a block quote ends on its last line of text; a table or a code block
    # in a list item, and the item's text after it, written in the item, the list going on after it
    # (markdown 37);
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
    # Markdown cells: a block quote in a list item holding a list then text, the text after the list
    # (markdown 37); HTML outputs and raw HTML: a table or a <pre> in a list item written in the item, the
    # list going on after it (HTML 33); Markdown cells: a code block or a table that opens a list item an
    # item of its own, written after its marker, no longer in the item before (markdown 37)
    # 32: legacy text: six Cyrillic consonants in a row, an ы or ь opening a word or after a vowel, a й after
    # a consonant, a ъ closing a word, a Greek ϊ or ϋ after no vowel, a Greek ψ or ρ closing a word after a
    # consonant, a Hebrew כ, מ, נ, פ or צ closing a word and a × or ÷ beside a letter beyond ASCII: signs of a
    # wrong reading (Russian "программой", "это", "без" in KOI8-R no longer windows-1251, "запускаться" no
    # longer windows-1253, "все" no longer windows-1252; Ukrainian "майбутня", "щодо" and Serbian "опште",
    # "тачно" in windows-1251 no longer KOI8-R, windows-1255, KOI8-R, windows-1252)
    # Markdown cells: an empty list item ("2." alone) an item, counted and numbered, and an item whose
    # text comes on the line after its marker starting on the marker's line (markdown 38); HTML outputs and
    # raw HTML: an empty list item gives the list's text no blank line (HTML 34)
    # Markdown cells, HTML outputs and raw HTML: a block quote in a list item written as a quote in the item
    # (markdown 38, HTML 34); Markdown cells read by the markdown-it fallback: the list before a code block
    # opening an item after the item's nested list ends on that list's last line (markdown 38)
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
    # Markdown cells, HTML outputs and raw HTML: a list item of soft hyphens alone an empty item: no blank
    # line in the list's text (markdown 38, HTML 34)
    # HTML outputs and raw HTML: a <blockquote> of several paragraphs in a list item written as
    # paragraphs of the quote (HTML 34)
    # HTML outputs and raw HTML: the text and quotes an item shows after its nested list written under
    # it, that text a word of its own (HTML 34)
    # Markdown cells, HTML outputs and raw HTML: soft hyphens with spaces around them leave one space
    # between words, none at a line's edge (markdown 38, HTML 34)
    # Markdown cells: a block quote of several paragraphs in a list item written as paragraphs of the quote
    # (markdown 38)
    # 33: legacy text without a BOM or charset: Hebrew stored in visual order (each word reversed, opening
    # with its final letter) read in windows-1255, its final letters no longer signs of a wrong reading there;
    # a geresh or gershayim after a Hebrew letter no longer a stray sign ("ארה״ב", "ראה דו״ח מס׳ 12", "ג׳ירפה
    # וצ׳יפס" and visual "ץבוקה תא חותפל ןתינ אל" in windows-1255 no longer windows-1256, windows-1251,
    # GB18030 or KOI8-R)
    # HTML outputs and raw HTML (in Markdown cells too): the text and quotes a list item shows between two
    # of its nested lists written between them (HTML 35, markdown 39)
    # Markdown cells: an item's text after its nested list written under it, no longer on the item's line
    # before the list (markdown 39)
    # Markdown cells, HTML outputs and raw HTML: a list item holding no text before its nested list an
    # empty item before that list's items, no longer dropped (markdown 39, HTML 35)
    # legacy text without a BOM or charset: a small э, щ or ч closing a word after two capitals and a word of
    # four small Cyrillic consonants or more (no р, no ъ) are signs of a wrong reading (Greek "μετά",
    # "περιοχή", "Ρόλος" in windows-1253 no longer KOI8-R or windows-1251)
    # Markdown cells, HTML outputs and raw HTML: a list item of several paragraphs written as paragraphs of
    # the item, no longer run together on its line (markdown 39, HTML 35)
    # 34: Markdown cells, HTML outputs and raw HTML: a heading in a list item written as a heading in the
    # item, no longer as a plain paragraph of it (markdown 40, HTML 36)
    # Markdown cells, HTML outputs and raw HTML: a list item's paragraphs after a code block or a table in it
    # a paragraph block each, no longer one block run together (markdown 40, HTML 36)
    # HTML outputs and raw HTML: a list item's element holding a block or a <br> (<span>a<br><br>b</span>,
    # <div><p>a</p><p>b</p></div>) read as the item is, its paragraphs apart (HTML 36)
    # HTML outputs and raw HTML: a list item's nested lists before its first <pre> or table read before it,
    # no longer after it; an item holding nothing before its <pre> or table opened by it (HTML 36)
    # HTML outputs and raw HTML: a list item's text after a nested list that a <pre> or table cuts written
    # after that block, no longer before it (HTML 36)
    # Markdown cells, HTML outputs and raw HTML: a list right after one whose last item holds a code block or
    # a table, in the same cell or output or the one before, a list of its own (new_list), written with the
    # other bullet or delimiter, no longer as that list going on (markdown 40, HTML 36)
    # a Markdown cell's or raw cell's list keeps no item_lines (the line each item starts on in the cell's own
    # text, which the notebook's text, an item to a line, does not follow: a list on lines 3 and 4 said 3 and
    # 5); Markdown and chunks unchanged
    # Markdown cells, HTML outputs and raw HTML: a heading in a list item after a code block or a table in it
    # written as a heading in the item, no longer as a plain paragraph of it (markdown 40, HTML 36)
    # Markdown cells, HTML outputs and raw HTML: a list item's text between two nested lists written before
    # the second where a code block or a table opens its first item, no longer after that block (HTML 36)
    # HTML nesting its elements more than 2,000 deep outside a table cell refused before it is parsed, as
    # structure nested too deeply (HTML 36)
    # a Markdown cell holding more than 2,000 lines without a blank line after a link title left open read
    # by the markdown-it fallback, in time linear in its size (Markdown 40)
)
def extract_ipynb(data: bytes, ctx: ExtractContext) -> Document:
    text = decode_json(data)
    if not text.strip():
        return Document(source_type="ipynb", blocks=(), text=text, metadata={"source_type": "ipynb"})
    try:
        nb = json.loads(text)
    except RecursionError:
        return _as_text(text, "nested too deeply")
    except ValueError as exc:
        return _as_text(text, str(exc))
    if not isinstance(nb, dict) or not ("cells" in nb or "worksheets" in nb):
        return _as_text(text, "no cells")
    if escapes_surrogate(text):
        nb = _mended(nb)
    meta = nb.get("metadata") if isinstance(nb.get("metadata"), dict) else {}
    kernel = meta.get("kernelspec") if isinstance(meta.get("kernelspec"), dict) else {}
    info = meta.get("language_info") if isinstance(meta.get("language_info"), dict) else {}
    language = kernel.get("language") or info.get("name") or meta.get("language")
    cells = _cells(nb)
    reader = _Reader(str(language) if language else None)
    for index, cell in enumerate(cells):
        reader.cell(index, cell)
    metadata = {
        "source_type": "ipynb",
        "language": language,
        "kernel": kernel.get("display_name") or kernel.get("name"),
        "nbformat": f"{nb.get('nbformat', '')}.{nb.get('nbformat_minor', 0)}",
        "cell_count": len(cells),
        "code_cell_count": sum(1 for c in cells if c.get("cell_type") == "code"),
        "markdown_cell_count": sum(1 for c in cells if c.get("cell_type") == "markdown"),
    }
    images = tuple(reader.images.values())
    coverage = Coverage(images_extracted=len(images), skipped=tuple(reader.skipped))
    blocks = reader.blocks
    if not blocks and text.strip():
        return _as_text(text, "the notebook has no content")
    return assemble_blocks("ipynb", blocks, images=images, metadata=metadata, coverage=coverage)
