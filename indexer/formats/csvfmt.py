"""CSV and TSV on the stdlib ``csv`` module: one TABLE block per file.

The encoding is sniffed (BOM, UTF-16, UTF-8, else the legacy code page that reads it cleanly:
windows-1252, -1250, -1251, KOI8-R, Shift_JIS, EUC-JP …; UTF-8 encoded twice undone); the
delimiter is the one a first line ``sep=;`` names (Excel's hint, no row), else detected among
``, \\t ; |`` (``csv.Sniffer`` on a sample, checked against how consistently each candidate
splits the sample's lines; ``.tsv`` prefers the tab); quoting follows RFC 4180 (quoted
delimiters, newlines and doubled quotes). Whether the first row is a header is inferred as the
reference does: a text cell above a numeric column says header, and in a text column a first cell
whose length differs from the others' says header; a single-row file is data. A first row of labels
and of years (or dates) in order over columns of figures is a header too, by the spreadsheets' rule
(:func:`dated_header`). Up to three lines
holding one text cell above such a header are titles, kept as PARAGRAPH blocks before the table.
Without a header the columns are labelled ``Column N`` by the modes and ``has_header`` is False.
Each row keeps the 1-based source line it starts on (``row_numbers``), so chunks point at the
file's own lines. A file the csv module cannot read is read as plain text, never dropped.
"""

from __future__ import annotations

import csv
import io
import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Sequence
from itertools import accumulate, compress, count, pairwise, repeat

from ..gcpause import no_cycle_collection
from ..limits import ExtractContext
from ..model import CSV, PARAGRAPH, TABLE, Block, Coverage, Document
from ..model import _cell as table_cell
from .registry import Extractor, extractor
from .text import decode_document, fast_render_table, text_blocks  # noqa: F401 (the text family's)

DELIMITERS = (",", "\t", ";", "|")
_SAMPLE_LINES = 50
_HEADER_SAMPLE = 50
_QUOTED = re.compile(r'"(?:[^"]|"")*"')
_DATE = re.compile(r"^\d{1,4}(?:[-/.:]\d{1,4})+(?:[ T]\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?Z?)?$")
#: Excel's first line naming the delimiter ("sep=;"): no row, and the delimiter without guessing
_SEP_HINT = re.compile(r"sep=([^\n\r\"])[ \t]*(?=\n|$)", re.IGNORECASE)
_NUMBER = re.compile(r"^[-+]?(?:\d[\d,_ ]*)?(?:\.\d+)?(?:[eE][-+]?\d+)?%?$")

_ENCODING_NAMES = {
    "utf-8": "utf-8",
    "utf-8-sig": "utf-8-bom",
    "cp1252": "windows-1252",
    "windows-1252": "windows-1252",
    "latin-1": "latin-1",
    "iso8859-1": "latin-1",
    "iso-8859-1": "latin-1",
    "utf-16-le": "utf-16-le",
    "utf-16-be": "utf-16-be",
}


def encoding_label(encoding: str) -> str:
    key = encoding.lower().replace("_", "-")
    return _ENCODING_NAMES.get(key, key)


def _consistency(lines: list[str], delimiter: str) -> tuple[float, int]:
    """(share of lines splitting into the most common field count, that count) for a delimiter."""
    counts = [_QUOTED.sub("", line).count(delimiter) for line in lines]
    if not counts:
        return 0.0, 0
    common, freq = Counter(counts).most_common(1)[0]
    if common == 0:
        return 0.0, 0
    return freq / len(counts), common


def detect_delimiter(text: str, preferred: str = ",") -> str:
    """The delimiter of a CSV text: Sniffer's answer when it splits the sample consistently, else
    the most consistent candidate (``preferred`` on a tie or when nothing splits)."""
    lines = [ln for ln in text[:65536].split("\n", _SAMPLE_LINES)[:_SAMPLE_LINES] if ln.strip()]
    if len(lines) > 1 and not text[:65536].endswith("\n") and len(text) > 65536:
        lines = lines[:-1]  # the sample cut the last line
    scores = {d: _consistency(lines, d) for d in DELIMITERS}
    best = max(DELIMITERS, key=lambda d: (scores[d][0], d == preferred, -DELIMITERS.index(d)))
    share, fields = scores[best]
    if fields > 0 and not any(scores[d][0] >= share and scores[d][1] > 0 for d in DELIMITERS if d != best):
        return best  # the one most consistent candidate: Sniffer could only agree or lose to it
    try:
        sniffed = csv.Sniffer().sniff("\n".join(lines[:20]), delimiters="".join(DELIMITERS)).delimiter
    except csv.Error:
        sniffed = None
    if sniffed in scores and scores[sniffed][0] >= scores[best][0] and scores[sniffed][1] > 0:
        return sniffed
    if scores[best][1] == 0:
        return preferred
    return best


def _is_number(cell: str) -> bool:
    """A number, or a date/time: values a header cell is not."""
    cell = cell.strip()
    return bool(cell) and any(c.isdigit() for c in cell) and bool(_NUMBER.match(cell) or _DATE.match(cell))


#: what a number format adds around a number's digits: currency symbols, signs, parentheses for
#: negatives, the percent sign, thousands separators and padding
_NUMBER_DRESS = re.compile(r"[$€£¥()%,+\-\s]")
_BARE_NUMBER = re.compile(r"\d+(?:\.\d*)?(?:E\d+)?|\.\d+")


def _is_value(cell: str) -> bool:
    """A number, plain or as a number format shows it (``$1,234.50``, ``(1,234.00)``,
    ``€ 12.50``, ``1.23E+06``), or a date: values a header cell is not."""
    return _is_number(cell) or bool(_BARE_NUMBER.fullmatch(_NUMBER_DRESS.sub("", cell)))


#: a year heading a column of a report (``2023``), and a day (a month's end), as cells read
_YEAR = re.compile(r"(?:19|20)\d\d")
_DAY = re.compile(r"\d{4}-\d\d-\d\d(?: \d\d:\d\d(?::\d\d)?)?")
#: the rows below a row of years that :func:`dated_header` looks at
_DATED_SAMPLE = 20


def dated_header(rows: Sequence[Sequence[str]], at: int) -> bool:
    """Whether ``rows[at]`` is a row of labels and of years or days heading the columns of
    numbers below them, as a report's "Region | 2021 | 2022 | 2023" over "North | 10 | 12 | 15"
    (years are numbers, so neither the share of text cells nor :func:`header_votes` tells it a
    header): two or more years (or days) in order, rising or falling, each over a column of
    numbers that are not all years (or days) themselves, the row's other cells words. The
    spreadsheets and CSV share this rule; cells are taken as given (CSV strips them first)."""
    head = rows[at]
    below = rows[at + 1 : at + 1 + _DATED_SAMPLE]
    dated: list[str] = []
    for col, cell in enumerate(head):
        if not cell:
            continue
        kind = _YEAR if _YEAR.fullmatch(cell) else _DAY if _DAY.fullmatch(cell) else None
        if kind is None:
            if _is_value(cell) or not any(map(str.isalpha, cell)):
                return False  # a number or a date among the labels: a row of data
            continue
        values = [r[col] for r in below if col < len(r) and r[col]]
        if not values or not all(map(_is_value, values)) or all(kind.fullmatch(v) for v in values):
            return False
        dated.append(cell)
    if len(dated) < 2 or len({len(d) for d in dated}) > 1:
        return False
    pairs = list(pairwise(dated))
    return all(a < b for a, b in pairs) or all(a > b for a, b in pairs)


def _dated_first_row(rows: Sequence[Sequence[str]]) -> bool:
    """:func:`dated_header` of the first row, the cells stripped as a CSV file pads them."""
    return dated_header([[c.strip() for c in r] for r in rows[: 1 + _DATED_SAMPLE]], 0)


def infer_header(rows: list[list[str]]) -> bool:
    """Whether the first row is a header (reference §1.5 rules; single-row files are data), or
    a row of years in order over figures (:func:`dated_header`), which those rules count as data."""
    if len(rows) < 2:
        return False
    votes = sum(header_votes(rows))
    if votes > 0 or _dated_first_row(rows):
        return True
    if votes < 0:
        return False
    cells = [c.strip() for c in rows[0]]
    return all(cells) and not any(_is_number(c) for c in cells) and len(set(cells)) == len(cells)


def header_votes(rows: Sequence[Sequence[str]]) -> tuple[int, int]:
    """The evidence that the first row heads the rows below it, column by column, as (votes of
    the columns of numbers, votes of the columns of text): +1 for a text cell above a column of
    numbers (-1 for a number there), and in a column of text whose values all have one length,
    +1 for a first cell of another length (-1 if the same)."""
    first, rest = rows[0], rows[1 : _HEADER_SAMPLE + 1]
    numeric = votes = 0
    for col, head in enumerate(first):
        head = head.strip()
        values = [r[col].strip() for r in rest if col < len(r) and r[col].strip()]
        if not head or not values:
            continue
        if all(_is_number(v) for v in values):
            numeric += 1 if not _is_number(head) else -1
            continue
        lengths = {len(v) for v in values}
        if len(lengths) == 1:
            votes += 1 if len(head) not in lengths else -1
    return numeric, votes


def title_rows(rows: Sequence[Sequence[str]]) -> int:
    """How many leading rows are titles over the table: up to three rows holding a single
    text cell, in a table of several columns, above a row of at least two cells that
    :func:`header_votes` says heads the rows below it, or that is a row of years in order over
    figures (:func:`dated_header`)."""
    skip = 0
    while skip < min(3, len(rows) - 2):
        filled = [c for c in rows[skip] if c.strip()]
        if len(filled) != 1 or _is_number(filled[0]):
            break
        skip += 1
    if not skip or sum(1 for c in rows[skip] if c.strip()) < 2:
        return 0
    return skip if sum(header_votes(rows[skip:])) > 0 or _dated_first_row(rows[skip:]) else 0


def _read_rows(text: str, delimiter: str) -> tuple[list[list[str]], list[int]]:
    """The non-blank rows of the text and the 1-based line each starts on, as ``csv.reader``
    reads them. Text without a quote or a carriage return is split line by line on the
    delimiter, which is exactly what the reader makes of it (unless a line is longer than the
    reader's field limit: the reader then says so)."""
    rows, starts, _ = _read_lines(text, delimiter)
    return rows, starts


def _read_lines(text: str, delimiter: str) -> tuple[list[list[str]], list[int], int | None]:
    """:func:`_read_rows`, and the number of newlines in the text when it was split by line
    (None when the reader read it)."""
    text = text.replace("\x00", "")
    if '"' in text or "\r" in text:
        return (*_read_rows_with_reader(text, delimiter), None)
    lines = text.split("\n")
    if max(map(len, lines)) > csv.field_size_limit():
        return (*_read_rows_with_reader(text, delimiter), None)
    rows = list(map(str.split, lines, repeat(delimiter)))
    keep = list(map(str.strip, lines, repeat(_WHITESPACE + delimiter)))  # "".join(row).strip()
    if all(keep):
        return rows, list(range(1, len(rows) + 1)), len(lines) - 1
    return list(compress(rows, keep)), list(compress(count(1), keep)), len(lines) - 1


def _read_rows_with_reader(text: str, delimiter: str) -> tuple[list[list[str]], list[int]]:
    rows: list[list[str]] = []
    starts: list[int] = []
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    previous = 0
    for row in reader:
        line = previous + 1
        previous = reader.line_num
        if "".join(row).strip():
            rows.append(row)
            starts.append(line)
    return rows, starts


#: every character ``str.isspace`` accepts but the plain space: in a cell, table_cell changes it
_OTHER_SPACES = "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f\x85\xa0\u1680" + "".join(map(chr, range(0x2000, 0x200B)))
_OTHER_SPACES += "\u2028\u2029\u202f\u205f\u3000"
_WHITESPACE = " " + _OTHER_SPACES


def render_csv_table(
    header: tuple[str, ...] | None, rows: tuple[tuple[str, ...], ...], source: str | None = None
) -> str:
    """:func:`indexer.model.render_table` of string cells, made line by line from the raw cells.
    A few whole-text checks tell whether any cell needs cleaning (none usually does); only then
    are the lines to clean looked for and rendered again cell by cell. ``source``: the text the
    cells were read from, when known: a pipe it lacks is in no cell, and without a quote in it
    no cell holds a line break, so the table's counts of those are not needed."""
    lengths = set(map(len, rows))
    width = max(len(header or ()), max(lengths, default=0))
    if width == 0:
        return ""
    pad = ("",) * width
    head = pad if header is None else header + pad[len(header) :]
    body = rows if lengths == {width} else tuple(r + pad[len(r) :] for r in rows)
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * width]
    lines += ["| " + " | ".join(cells) + " |" for cells in body]
    text = "\n".join(lines)
    empty_cells = head.count("") + sum(map(tuple.count, body, repeat("")))
    # clean cells: no space character but the plain space, no newline but between lines, no
    # pipe but the table's own, and double spaces only where an empty cell sits between pipes
    others = _OTHER_SPACES[:9] if text.isascii() else _OTHER_SPACES
    needles = [c for c in others if c != "\n" and c in text]
    if (source is None or '"' in source) and text.count("\n") != len(lines) - 1:
        needles.append("\n")
    pipes = (source is None or "|" in source) and text.count("|") != (width + 1) * len(lines)
    spaces = text.count("  ") != empty_cells
    if not (needles or pipes or spaces):
        return text
    for i in _unclean_lines(lines, width, needles, pipes, spaces):
        cells = head if i == 0 else body[i - 2]
        lines[i] = "| " + " | ".join(map(table_cell, cells)) + " |"
    return "\n".join(lines)


def _unclean_lines(lines: list[str], width: int, needles: list[str], pipes: bool, spaces: bool) -> set[int]:
    """Indices of the table's lines where a cell is not as ``table_cell`` leaves it: holding one
    of ``needles``, a pipe of its own (when ``pipes``), a double space (when ``spaces``)."""
    big = "\x00".join(lines)  # cells hold no NUL (removed on reading)
    hits: list[int] = []
    for needle in needles:
        i = big.find(needle)
        while i >= 0:
            hits.append(i)
            i = big.find(needle, i + 1)
    if spaces:  # an empty cell's "|  |" is clean: hidden (same length) before looking
        spaced = big.replace("|  |", "|\x00\x00|").replace("|  |", "|\x00\x00|")
        i = spaced.find("  ")
        while i >= 0:
            hits.append(i)
            i = spaced.find("  ", i + 1)
    ends = list(accumulate(map((1).__add__, map(len, lines))))
    out = {bisect_right(ends, i) for i in hits}
    if pipes:
        out.update(i for i, line in enumerate(lines) if line.count("|") != width + 1)
    return out


def _as_text(text: str, encoding: str, delimiter: str, reason: str) -> Document:
    return Document(
        source_type="csv",
        blocks=tuple(text_blocks(text)),
        text=text,
        family=CSV,
        metadata={"delimiter_detected": delimiter, "encoding": encoding, "has_header": False},
        coverage=Coverage(warnings=(f"not readable as CSV, read as text: {reason}",)),
    )


def csv_document(data: bytes, preferred: str) -> Document:
    """The document of CSV bytes (the collector paused: every row is a list, then a tuple, of
    strings; none forms a cycle, and a collection would rescan the rows read so far)."""
    with no_cycle_collection():
        return _csv_document(data, preferred)


def _csv_document(data: bytes, preferred: str) -> Document:
    text, encoding = decode_document(data)
    label = encoding_label(encoding)
    if not text.strip():
        return Document(source_type="csv", blocks=(), text=text, family=CSV)
    hint = _SEP_HINT.match(text)
    delimiter = hint.group(1) if hint else detect_delimiter(text, preferred)
    try:
        rows, starts, newlines = _read_lines(text[hint.end(1) :] if hint else text, delimiter)
    except csv.Error as exc:
        return _as_text(text, label, delimiter, str(exc))
    if not rows:
        return _as_text(text, label, delimiter, "no rows")
    skip = title_rows(rows)
    titles = [
        Block(PARAGRAPH, " ".join(next(c for c in row if c.strip()).split()), lines=(line, line))
        for row, line in zip(rows[:skip], starts, strict=False)
    ]
    if skip:
        rows, starts = rows[skip:], starts[skip:]
    has_header = infer_header(rows)
    header = tuple(rows[0]) if has_header else None
    body = rows[1:] if has_header else rows
    numbers = tuple(starts[1:] if has_header else starts)
    data_rows = tuple(map(tuple, body))
    block = Block(
        TABLE,
        render_csv_table(header, data_rows, text),
        lines=(starts[0], _last_line(text, starts[-1], newlines)),
        header=header,
        rows=data_rows,
        row_numbers=numbers,
        meta={"has_header": has_header},
    )
    metadata = {"delimiter_detected": delimiter, "encoding": label, "has_header": has_header}
    return Document(source_type="csv", blocks=(*titles, block), text=text, family=CSV, metadata=metadata)


def _last_line(text: str, last_row_start: int, newlines: int | None = None) -> int:
    """The last non-blank line of the text (the last row may span lines inside quotes);
    ``newlines``: the text's count of newlines, when known (those before the trailing blank
    text are then counted from the end)."""
    end = len(text.rstrip())
    if newlines is None:
        return max(last_row_start, text.count("\n", 0, end) + 1)
    return max(last_row_start, newlines - text.count("\n", end) + 1)


def _delimited(name: str, extension: str, delimiter: str) -> Extractor:
    """The extractor of one delimiter's files, registered under ``name``."""

    def extract(data: bytes, ctx: ExtractContext) -> Document:
        return csv_document(data, delimiter)

    extract.__name__ = extract.__qualname__ = f"extract_{name}"
    return extractor(
        extension,
        name=name,
        version="16",  # 2: title lines over the header; text that is no table: wrapped list lines
        # 3: text that is no table has no heading in capitals or after "#" where most lines are code
        # 4: text that is no table keeps its lines' indentation in steps (text 8)
        # 5: a first line "sep=;" names the delimiter and is no row
        # 6: UTF-8 text encoded twice (read as windows-1252 or latin-1 and written out) read as written
        # 7: legacy text without a BOM or charset read in the code page that reads it cleanly
        # (windows-1250, windows-1251, KOI8-R, Shift_JIS, EUC-JP …), not always as windows-1252
        # 8: a plain text's ordered items keep the numbers typed before them (text 11)
        source_type="csv",
        family=CSV,
        # 9: text that is no table: soft hyphens (U+00AD) left out (text 12)
        # 10: legacy text without a BOM or charset: Polish with only ę and ń, Hungarian, Turkish
        # (windows-1254), Hebrew (windows-1255), ISO-8859-2 and kanji-only EUC-JP read in their code page
        # 11: a first row of labels and of two or more years (or dates) in order over columns of
        # figures is the header (Region | 2021 | 2022 | 2023), as in the spreadsheets, no longer a row
        # of data under Column 1 … Column 4
        # 12: legacy text without a BOM or charset: Greek (windows-1253, ISO-8859-7), Baltic
        # (windows-1257) and Arabic (windows-1256, ISO-8859-6) read in their code page; a word or
        # short line whose bytes tell ("Poznań", "Київ", "北海道") no longer misread
        # 13: UTF-32 without a BOM read as UTF-32 (was UTF-8, three NULs after each character) (text 15)
        # legacy text without a BOM or charset: Ukrainian in KOI8-U, Persian in windows-1256 (پ چ ژ گ, the
        # Arabic question mark and comma, the zero-width non-joiner), Greek in capitals without accents read
        # in their code page
        # legacy text: a word opened by ð or ğ, an ì or ù before a letter, a þ after a vowel:
        # signs of a wrong reading ("Šeštadienį", "České Budějovice", "Kadıköy, Beşiktaş" in
        # windows-1257, -1250, -1254 no longer windows-1252)
        # 14: legacy text without a BOM or charset: Greek capitals no longer read as KOI8-R, whose small
        # Russian letters then show я or й before a vowel, г or гс closing a word after a consonant, оу
        # closing a word: signs of a wrong reading, as are a Croatian đ opening a word before no vowel, a
        # Romanian ţ before a consonant and an ò closing a word after a vowel ("ΠΡΟΣΟΧΗ", "Šiauliai", "Şişli",
        # "Plzeň" in windows-1253, -1257, -1254, -1250 no longer KOI8-R, windows-1250, -1250, -1252);
        # legacy text: an œ closing a word or before w, r, m, z, a Polish ś, ź or ń before a vowel: signs of a
        # wrong reading (Polish "Wyświetla informację", "wartości" in windows-1250 no longer windows-1252,
        # French "cœur", "mœurs" in windows-1252 no longer windows-1250);
        # legacy text: a Slovak ť or Ť, a č, an è, an æ, an ê, an œ after a vowel and an ã met where their
        # languages do not write them: signs of a wrong reading (French "système" and German and French « » in
        # windows-1252 no longer windows-1250 or ISO-8859-2; Croatian "način", "će", Polish "narzędzia",
        # "być", Romanian "următorul", "dacă" in windows-1250 no longer windows-1252); Icelandic letters
        # costed by their frequency (Turkish "Ayrıntılı" in windows-1254 no longer windows-1252);
        # legacy text: an õ, an û, an ø, an ì and an è met where their languages do not write them: signs of a
        # wrong reading (Hungarian "mező", "betűi", Czech "při", "volitelně", "účty", "členové" in
        # windows-1250 no longer windows-1252); Icelandic costing more than the other languages of
        # windows-1252 (Turkish "kullanıldığında" in windows-1254 no longer windows-1252)
        # 15: legacy text: six Cyrillic consonants in a row, an ы or ь opening a word or after a vowel, a й
        # after a consonant, a ъ closing a word, a Greek ϊ or ϋ after no vowel, a Greek ψ or ρ closing a word
        # after a consonant, a Hebrew כ, מ, נ, פ or צ closing a word and a × or ÷ beside a letter beyond
        # ASCII: signs of a wrong reading (Russian "программой", "это", "без" in KOI8-R no longer
        # windows-1251, "запускаться" no longer windows-1253, "все" no longer windows-1252; Ukrainian
        # "майбутня", "щодо" and Serbian "опште", "тачно" in windows-1251 no longer KOI8-R, windows-1255,
        # KOI8-R, windows-1252);
        # legacy text without a BOM or charset: a ý after c, j or y, a þ after c or before i and a vowel, an ê
        # after j, k or w, a ţ closing a word after an i that opens it or follows a vowel and a letter, a ē
        # before a vowel, an ã closing a word after nt, ct, ps or pl and a Hebrew point on a Latin letter:
        # signs of a wrong reading (Turkish "dosyayı", "geniş", "seçeneği" in windows-1254 no longer
        # windows-1252, -1250, -1257; Romanian "acţiune", "curentă" and Polish "opcję" in windows-1250 no
        # longer windows-1252; Spanish "despuÃ" in windows-1252 no longer windows-1255)
        # legacy text without a BOM or charset: a þ after a vowel and before a vowel, r, j or v is no longer a
        # sign of a wrong reading in a word with an é, í, ó, ú or an á or æ before a letter (Icelandic
        # "óþekkt", "íþrótt", "milliþjóns", "Táknmyndaþema" in windows-1252 no longer windows-1250, -1257 or
        # -1254); an î before b, g, j, k, p, v, z or a d not before j, and an â before a d and a vowel but e
        # are signs of a wrong reading (Latvian "darbību", "derīgs", "kādu" in windows-1257 no longer
        # windows-1252)
        # text that is no table: a list item of soft hyphens alone an empty item, no blank line in the
        # list's text (text 17)
        # 16: legacy text without a BOM or charset: Hebrew stored in visual order (each word reversed, opening
        # with its final letter) read in windows-1255, its final letters no longer signs of a wrong reading
        # there; a geresh or gershayim after a Hebrew letter no longer a stray sign ("ארה״ב", "ראה דו״ח מס׳
        # 12", "ג׳ירפה וצ׳יפס" and visual "ץבוקה תא חותפל ןתינ אל" in windows-1255 no longer windows-1256,
        # windows-1251, GB18030 or KOI8-R)
        # legacy text without a BOM or charset: a small э, щ or ч closing a word after two capitals and a word
        # of four small Cyrillic consonants or more (no р, no ъ) are signs of a wrong reading (Greek "μετά",
        # "περιοχή", "Ρόλος" in windows-1253 no longer KOI8-R or windows-1251)
    )(extract)


extract_csv = _delimited("csv", ".csv", ",")
extract_tsv = _delimited("tsv", ".tsv", "\t")
