"""Write the sample spreadsheets of sample_corpus/spreadsheets/ (deterministic: same bytes each run).

    python bench/make_sample_sheets.py [OUT_DIR]

- regional_sales.xlsx: two data sheets (Sales, Staff) and a hidden one (Rates); a date column, a
  formula with its cached value, merged cells (a title over the table, a region spanning rows), and
  an embedded PNG with alt text on the Sales sheet.
- damaged_sheet.xlsx: three sheets, the middle one's XML cut in half.
- inventory.ods: an OpenDocument spreadsheet with a header row, numbers, a date and a second table.
- shipments.xlsb: a binary workbook (written with pyxlsbwriter, needed only to regenerate it) with
  a hidden second sheet.
- legacy_budget.xls: a BIFF8 workbook (written with xlwt, needed only to regenerate it): a merged
  title, a header, numbers, dates, and a hidden second sheet.

openpyxl writes formulas without results, so the cached values are written into the sheet XML
afterwards (as Excel would have saved them); every zip member gets a fixed date.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import sys
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "sample_corpus" / "spreadsheets"
FIXED = (2024, 1, 1, 0, 0, 0)

SALES = [
    # region, date, product, units, unit price
    ("North", dt.date(2024, 1, 15), "Kettle", 12, 24.5),
    ("North", dt.date(2024, 2, 3), "Toaster", 7, 39.0),
    ("North", dt.date(2024, 2, 28), "Blender", 3, 89.99),
    ("South", dt.date(2024, 1, 9), "Kettle", 20, 24.5),
    ("South", dt.date(2024, 3, 12), "Grinder", 5, 45.25),
    ("East", dt.date(2024, 3, 30), "Toaster", 9, 39.0),
]
STAFF = [
    ("Ada Lovelace", "Analyst", "North", dt.date(2019, 5, 1), True),
    ("Grace Hopper", "Manager", "South", dt.date(2015, 9, 14), True),
    ("Alan Turing", "Engineer", "East", dt.date(2021, 11, 2), False),
]


def png_bytes() -> bytes:
    from PIL import Image, ImageDraw

    im = Image.new("RGB", (48, 32), (255, 255, 255))
    draw = ImageDraw.Draw(im)
    for i, (_, _, _, units, _) in enumerate(SALES):
        draw.rectangle([4 + i * 7, 30 - units, 9 + i * 7, 30], fill=(30, 90, 160))
    buf = io.BytesIO()
    im.save(buf, format="PNG", optimize=False)
    return buf.getvalue()


def _rezip(data: bytes, edit) -> bytes:
    """Copy a zip with fixed member dates, passing each member through ``edit(name, bytes)``."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            payload = edit(info.filename, src.read(info))
            if info.filename == "docProps/core.xml":  # openpyxl stamps the save time here
                payload = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*", rb"\g<1>2024-01-01T00:00:00Z", payload)
            dst.writestr(zipfile.ZipInfo(info.filename, FIXED), payload, zipfile.ZIP_DEFLATED)
    return out.getvalue()


def _pin(wb) -> None:
    stamp = dt.datetime(2024, 1, 1)
    wb.properties.created = stamp
    wb.properties.modified = stamp
    wb.properties.creator = "chunkscope sample generator"


def regional_sales() -> bytes:
    import openpyxl
    from openpyxl.drawing.image import Image as XLImage

    wb = openpyxl.Workbook()
    _pin(wb)
    ws = wb.active
    ws.title = "Sales"
    ws["A1"] = "Regional sales, Q1 2024"
    ws.merge_cells("A1:F1")
    ws.append(["Region", "Date", "Product", "Units", "Unit price", "Revenue"])
    first = 3
    for i, (region, day, product, units, price) in enumerate(SALES):
        r = first + i
        ws.append([region, day, product, units, price, f"=D{r}*E{r}"])
        ws.cell(row=r, column=2).number_format = "yyyy-mm-dd"
    ws.merge_cells(f"A{first}:A{first + 2}")  # "North" spans three rows (openpyxl empties A4:A5)
    img = XLImage(io.BytesIO(png_bytes()))
    img.anchor = "H3"
    ws.add_image(img)

    staff = wb.create_sheet("Staff")
    staff.append(["Name", "Role", "Region", "Started", "Full time"])
    for row in STAFF:
        staff.append(list(row))
        staff.cell(row=staff.max_row, column=4).number_format = "yyyy-mm-dd"

    rates = wb.create_sheet("Rates")
    rates.sheet_state = "hidden"
    rates.append(["Currency", "Rate"])
    rates.append(["EUR", 1.0])
    rates.append(["USD", 1.0875])

    buf = io.BytesIO()
    wb.save(buf)
    cached = {f"F{first + i}": units * price for i, (_, _, _, units, price) in enumerate(SALES)}

    def edit(name: str, payload: bytes) -> bytes:
        if name == "xl/worksheets/sheet1.xml":
            text = payload.decode("utf-8")
            for ref, value in cached.items():
                r = int(ref[1:])
                formula = f"<f>D{r}*E{r}</f>"
                text = text.replace(f"{formula}<v></v>", f"{formula}<v>{round(value, 9)!r}</v>")
            return text.encode("utf-8")
        if name.startswith("xl/drawings/drawing") and name.endswith(".xml"):
            return payload.replace(b'descr="Picture"', b'descr="Units sold per order"')
        return payload

    return _rezip(buf.getvalue(), edit)


def damaged_sheet() -> bytes:
    import openpyxl

    wb = openpyxl.Workbook()
    _pin(wb)
    ws = wb.active
    ws.title = "Before"
    ws.append(["Item", "Count"])
    ws.append(["bolts", 120])
    ws.append(["nuts", 80])
    broken = wb.create_sheet("Broken")
    broken.append(["Lost", "Data"])
    for i in range(20):
        broken.append([f"row {i}", i])
    after = wb.create_sheet("After")
    after.append(["Item", "Count"])
    after.append(["washers", 300])
    buf = io.BytesIO()
    wb.save(buf)

    def edit(name: str, payload: bytes) -> bytes:
        if name == "xl/worksheets/sheet2.xml":
            return payload[: len(payload) // 2]
        return payload

    return _rezip(buf.getvalue(), edit)


_ODS_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"'
)


def _ods_cell(value) -> str:
    if isinstance(value, dt.date):
        iso = value.isoformat()
        return (
            f'<table:table-cell office:value-type="date" office:date-value="{iso}">'
            f"<text:p>{iso}</text:p></table:table-cell>"
        )
    if isinstance(value, (int, float)):
        return (
            f'<table:table-cell office:value-type="float" office:value="{value}">'
            f"<text:p>{value}</text:p></table:table-cell>"
        )
    text = escape(str(value))
    return f'<table:table-cell office:value-type="string"><text:p>{text}</text:p></table:table-cell>'


def _ods_table(name: str, rows) -> str:
    body = "".join("<table:table-row>" + "".join(map(_ods_cell, r)) + "</table:table-row>" for r in rows)
    return f'<table:table table:name="{name}">{body}</table:table>'


def inventory() -> bytes:
    stock = [
        ("SKU", "Description", "On hand", "Last counted"),
        ("K-100", "Kettle, 1.7 l", 42, dt.date(2024, 3, 1)),
        ("T-220", "Toaster, 2 slots", 17, dt.date(2024, 3, 2)),
        ("B-310", "Blender", 5.5, dt.date(2024, 3, 2)),
    ]
    suppliers = [("Supplier", "Country"), ("Hearth & Home", "Portugal"), ("Brightware", "Denmark")]
    content = (
        f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {_ODS_NS} office:version="1.2">'
        "<office:body><office:spreadsheet>"
        + _ods_table("Stock", stock)
        + _ods_table("Suppliers", suppliers)
        + "</office:spreadsheet></office:body></office:document-content>"
    )
    manifest = (
        f'<?xml version="1.0" encoding="UTF-8"?><manifest:manifest {_ODS_NS} manifest:version="1.2">'
        '<manifest:file-entry manifest:full-path="/" '
        'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
        "</manifest:manifest>"
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr(zipfile.ZipInfo("mimetype", FIXED), "application/vnd.oasis.opendocument.spreadsheet")
        zf.writestr(zipfile.ZipInfo("content.xml", FIXED), content, zipfile.ZIP_DEFLATED)
        zf.writestr(zipfile.ZipInfo("META-INF/manifest.xml", FIXED), manifest, zipfile.ZIP_DEFLATED)
    return out.getvalue()


def legacy_budget() -> bytes:
    """A BIFF8 .xls (xlwt): a header, numbers, a date, a merged title and a hidden second sheet."""
    import xlwt

    book = xlwt.Workbook(encoding="utf-8")
    sheet = book.add_sheet("Budget")
    sheet.write_merge(0, 0, 0, 2, "Household budget 2023")
    for col, label in enumerate(("Item", "Amount", "Paid on")):
        sheet.write(1, col, label)
    date_style = xlwt.easyxf(num_format_str="YYYY-MM-DD")
    rows = [("Rent", 950, dt.date(2023, 1, 1)), ("Power", 61.4, dt.date(2023, 1, 9)), ("Books", 23.99, None)]
    for r, (item, amount, paid) in enumerate(rows, start=2):
        sheet.write(r, 0, item)
        sheet.write(r, 1, amount)
        if paid is not None:
            sheet.write(r, 2, paid, date_style)
    notes = book.add_sheet("Notes")
    notes.write(0, 0, "Kept for the records")
    notes.visibility = 1  # hidden
    buf = io.BytesIO()
    book.save(buf)
    return buf.getvalue()


def shipments() -> bytes:
    """An .xlsb (pyxlsbwriter): a header, numbers, dates, and a hidden sheet."""
    import tempfile

    from pyxlsbwriter import XlsbWriter

    rows = [
        ["Order", "Qty", "Shipped"],
        ["A-1001", 3, dt.date(2024, 5, 2)],
        ["A-1002", 12.5, None],
        ["A-1003", 40, dt.date(2024, 5, 9)],
    ]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "shipments.xlsb"
        with XlsbWriter(str(path)) as writer:
            writer.add_sheet("Orders")
            writer.write_sheet(rows)
            writer.add_sheet("Audit", hidden=True)
            writer.write_sheet([["Checked by", "On"], ["R. Okafor", dt.date(2024, 5, 10)]])
        return _rezip(path.read_bytes(), lambda name, payload: payload)


SAMPLES = {
    "regional_sales.xlsx": regional_sales,
    "damaged_sheet.xlsx": damaged_sheet,
    "inventory.ods": inventory,
    "legacy_budget.xls": legacy_budget,
    "shipments.xlsb": shipments,
}


def main(out: Path = OUT) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, make in SAMPLES.items():
        (out / name).write_bytes(make())
        print(out / name)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
