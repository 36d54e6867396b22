"""A sheet's print titles (the rows Excel repeats at the top of each printed page, a
``_xlnm.Print_Titles`` defined name) head its table where its cells do not tell a header: a row
of store numbers over columns of numbers is mostly numbers, as a data row is (years in order
tell a header by themselves). Workbooks written by
openpyxl, whose ``print_title_rows`` writes the defined name as Excel does."""

from __future__ import annotations

import io

from openpyxl import Workbook

from indexer import extract_bytes


def book(rows: list[list[object]], titles: str | None) -> bytes:
    wb = Workbook()
    ws = wb.active
    ws.title = "Sales"
    for row in rows:
        ws.append(row)
    if titles:
        ws.print_title_rows = titles
    other = wb.create_sheet("Costs")  # a sheet without print titles, before which Sales is
    other.append(["Cost", 7, 12])  # the stores' numbers
    other.append(["Rent", 10, 11])
    other.append(["Power", 3, 4])
    wb.move_sheet("Costs", offset=-1)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


STORES = [["Product", 101, 102, 103], ["Kettles", 1, 2, 3], ["Toasters", 4, 5, 6]]


def tables(data: bytes) -> dict[str, tuple]:
    doc = extract_bytes(data, "t.xlsx")
    return {b.meta["sheet_name"]: (b.header, b.rows, b.row_numbers) for b in doc.blocks if b.kind == "table"}


def test_print_titles_head_a_table_of_numbered_columns_over_numbers():
    # Row 1 of Sales (Product, 101, 102, 103: the stores' numbers) is one text cell of four: no
    # header was found, the numbers read as a row of data under "Column 1" … "Column 4". Its
    # print titles ($1:$1) say it heads the sheet. Costs, the same shape without print titles,
    # keeps no header.
    found = tables(book(STORES, "1:1"))
    assert found["Sales"] == (
        ("Product", "101", "102", "103"),
        (("Kettles", "1", "2", "3"), ("Toasters", "4", "5", "6")),
        (2, 3),
    )
    assert found["Costs"][0] == ("Column 1", "Column 2", "Column 3")


def test_print_titles_under_a_title_row_head_the_table_and_the_title_stays_a_title():
    rows = [["Sales by store"], [], ["Product", 101, 102], ["Kettles", 1, 2], ["Toasters", 4, 5]]
    doc = extract_bytes(book(rows, "3:3"), "t.xlsx")
    sales = [b for b in doc.blocks if b.meta["sheet_name"] == "Sales"]
    assert [(b.kind, b.text) for b in sales[:-1]] == [("paragraph", "Sales by store")]
    table = sales[-1]
    assert (table.header, table.rows, table.row_numbers) == (
        ("Product", "101", "102"),
        (("Kettles", "1", "2"), ("Toasters", "4", "5")),
        (4, 5),
    )
