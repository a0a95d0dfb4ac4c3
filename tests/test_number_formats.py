"""A workbook's number as its cell's format shows it (pnp.data.shown_numbers.shown; docs/data-format.md: "prints as
Excel shows it"). The expected texts follow the number format codes of ECMA-376 part 1, 18.8.31: `0` a digit always
shown, `.` the decimal point with as many places as zeros after it, `,` between `#` and `0` a thousands separator, `%`
the number times 100; Excel rounds half away from zero. A number that rounds to zero shows no minus sign. The code a
workbook's cell is shown by (pnp.data.formulas.plain_number_formats, pnp.data.ods_numbers.ods_plain_number_formats):
an XLSX's built-in format by its number, an ODS style only where a plain code writes what it shows."""
from __future__ import annotations

import pytest

from pnp.data.shown_numbers import is_plain, shown


@pytest.mark.parametrize("value, code, expected", [
    (0.25, "0%", "25%"),
    (0.255, "0.0%", "25.5%"),
    (3.14159, "0.00", "3.14"),
    (1234.5, "0.00", "1234.50"),  # no `#,##` in the code: no thousands separator
    (1234.5, "#,##0.00", "1,234.50"),
    (1234567, "#,##0", "1,234,567"),
    (2.5, "0", "3"),  # half away from zero
    (-2.5, "0", "-3"),
    (0.125, "0.00", "0.13"),
    (1.005, "0.00", "1.01"),  # Excel shows the 1.005 typed, rounded up; its double lies just under it (Python's round gives 1.0)
    (-0.25, "0.0", "-0.3"),  # a negative that stays one keeps its sign
    (-0.001, "0.00", "0.00"),  # rounded to zero: no minus
    (0.001, "0.00", "0.00"),
    (0, "0.00", "0.00"),
    (-0.004, "0%", "0%"),
])
def test_a_number_shows_as_its_plain_format_writes_it(value, code, expected):
    assert shown(value, code) == expected


@pytest.mark.parametrize("code, plain", [("0", True), ("0.00", True), ("#,##0.0", True), ("0%", True), ("0.000%", True),
                                         ("General", False), ("$#,##0.00", False), ("0.00;[Red]-0.00", False), ("dd/mm/yyyy", False),
                                         ("# ?/?", False), ("0.##", False)])
def test_only_a_plain_whole_fixed_decimal_or_percentage_format_is_read(code, plain):
    """A currency, a date, a fraction, a format of two sections or of varying decimals gives the stored number."""
    assert is_plain(code) is plain


@pytest.mark.parametrize("code", ["0", "0.00", "#,##0", "#,##0.00", "0%", "0.00%"])
def test_an_xlsx_cell_of_a_built_in_plain_format_is_shown_by_that_formats_code(tmp_path, code):
    """Excel saves a cell of a built-in format by its number alone (ECMA-376 part 1, 18.8.30: 1 `0`, 2 `0.00`, 3
    `#,##0`, 4 `#,##0.00`, 9 `0%`, 10 `0.00%`), with no code in styles.xml; openpyxl saves these codes so too. The cell
    is shown by the code the number stands for."""
    import openpyxl

    from pnp.data.formulas import plain_number_formats

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Cards"
    sheet.append(["number"])
    sheet.append([1234.5])
    sheet.cell(2, 1).number_format = code
    book.save(tmp_path / "deck.xlsx")
    assert plain_number_formats(tmp_path / "deck.xlsx", "Cards") == {(2, 1): code}


@pytest.mark.parametrize("integer_digits, code", [("1", "0.00"), ("0", None)])
def test_an_ods_number_style_without_an_integer_digit_gives_no_code(tmp_path, integer_digits, code):
    """Calc's `.00` style (`number:min-integer-digits="0"`) shows 0.5 as `.50`, which no plain code writes (`0.00` shows
    `0.50`): the number reaches the template as stored. A style of one integer digit is `0.00`."""
    from test_sheets_from_other_tools import number_cell, write_libreoffice_ods

    from pnp.data.ods_numbers import ods_plain_number_formats

    styles = ('<number:number-style style:name="N9"><number:number number:decimal-places="2" number:min-decimal-places="2" '
              f'number:min-integer-digits="{integer_digits}"/></number:number-style>'
              '<style:style style:name="ce9" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="N9"/>')
    write_libreoffice_ods(tmp_path / "deck.ods", f"<table:table-row>{number_cell('0.5', '.50', 'float', 'ce9')}</table:table-row>", styles=styles)
    formats = ods_plain_number_formats(tmp_path / "deck.ods", "Cards")
    assert formats == ({(1, 1): code} if code else {}), formats
