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


# An ODS deck as LibreOffice Calc saves one (OpenDocument 1.3 part 3: 9.1.3 a run of alike rows written once with
# `table:number-rows-repeated`, 9.1.6 alike cells with `table:number-columns-repeated`, 9.1.8 alike columns likewise, a
# column's `table:default-cell-style-name` for its cells that name no style; 16.29 a cell style's number style, and a
# named style's kept in styles.xml), built once: each card prints its fields as Calc shows them.
ODS_STYLES = (
    '<number:number-style style:name="N2"><number:number number:decimal-places="2" number:min-decimal-places="2" '
    'number:min-integer-digits="1"/></number:number-style>'
    '<number:percentage-style style:name="N11"><number:number number:decimal-places="0" number:min-decimal-places="0" '
    'number:min-integer-digits="1"/><number:text>%</number:text></number:percentage-style>'
    '<style:style style:name="ce2" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="N2"/>'
    '<style:style style:name="ce11" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="N11"/>')
ODS_NAMED = ('<number:number-style style:name="N3"><number:number number:decimal-places="2" number:min-decimal-places="2" '
             'number:min-integer-digits="1"/></number:number-style>'
             '<style:style style:name="Cost" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="N3"/>')
ODS_COLUMNS = '<table:table-column table:number-columns-repeated="3"/><table:table-column table:default-cell-style-name="ce11"/>'


@pytest.fixture(scope="module")
def ods_cards(tmp_path_factory) -> str:
    """The words of a deck's sheet built from an ODS: each card prints `name a b c`."""
    import shutil

    from conftest import TEST_PROJECT, run_pnp
    from pdftext import pdf_text
    from test_sheets_from_other_tools import number_cell, text_cell, write_libreoffice_ods

    root = tmp_path_factory.mktemp("ods") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))

    def row(*cells: str, more: str = "") -> str:
        return f"<table:table-row{more}>{''.join(cells)}</table:table-row>"

    twice = number_cell("3.14159", "3.14", "float", "ce2").replace("<table:table-cell ", '<table:table-cell table:number-columns-repeated="2" ', 1)
    rows = (row(*(text_cell(h) for h in ("name", "a", "b", "c")))
            + row(text_cell("Ada"), twice, number_cell("0.5", "50%", "percentage", "ce11"))  # a and b one cell, repeated
            + row(text_cell("Twin"), number_cell("2.5", "2.50", "float", "ce2"), number_cell(1, "1"), number_cell("0.25", "25%", "percentage"),
                  more=' table:number-rows-repeated="2"')
            + row(text_cell("Bo"), number_cell("7.5", "7.50", "float", "ce2"), number_cell(2, "2"), number_cell("0.1", "10%", "percentage", "ce11"))
            + row(text_cell("Cy"), number_cell(1, "1"), number_cell(2, "2"), number_cell("0.75", "75%", "percentage"))  # c: its column's style
            + row(text_cell("Di"), number_cell("2.71828", "2.72", "float", "Cost"), number_cell(3, "3"), number_cell("0.3", "30%", "percentage", "ce11")))
    write_libreoffice_ods(root / "data/tiny/decks/nums.ods", rows, styles=ODS_STYLES, named=ODS_NAMED, columns=ODS_COLUMNS)
    (root / "data/tiny/decks/nums.yaml").write_text("name: Numbers\nsize: poker\nfront: tiny/nums.j2\nback: tiny/back.j2\ncards_from: nums.ods\n")
    (root / "templates/tiny/nums.j2").write_text('{{ text(card.name ~ " " ~ card.a ~ " " ~ card.b ~ " " ~ card.c, 4, 4, 55, 8) }}\n')
    result = run_pnp(root, "build", "tiny", "--only", "cards", "--deck", "nums", "--out", str(root / "out"))
    assert result.exit_code == 0, result.output
    return " ".join(pdf_text(root / "out/tiny/tiny-cards-nums.pdf").split())


def test_an_ods_cell_after_a_run_of_repeated_cells_prints_as_its_own_style_shows_it(ods_cards: str):
    """Calc writes Ada's a and b, alike, as one cell repeated twice: c, after them, is the fourth column, in its own `0%`."""
    assert "Ada 3.14 3.14 50%" in ods_cards, ods_cards


def test_an_ods_row_after_a_run_of_repeated_rows_prints_as_its_own_styles_show_it(ods_cards: str):
    """Two alike Twin rows are written as one row repeated twice: Bo, after them, is the sheet's fifth row, 7.50 and 10%."""
    assert ods_cards.count("Twin 2.50 1 25%") == 2 and "Bo 7.50 2 10%" in ods_cards, ods_cards


def test_an_ods_cell_of_no_style_takes_its_columns_default_past_columns_declared_repeated(ods_cards: str):
    """Columns A to C are declared as one column repeated three times, D with `0%` as its cells' default: Cy's c is 75%."""
    assert "Cy 1 2 75%" in ods_cards, ods_cards


def test_an_ods_cell_of_a_named_style_prints_as_that_styles_number_format_shows_it(ods_cards: str):
    """Di's a is of the designer's own cell style `Cost` (styles.xml, `0.00`): 2.71828 prints 2.72, as Calc shows it."""
    assert "Di 2.72 3 30%" in ods_cards, ods_cards


def _xlsx_deck(root, rows: list[list], formats: dict[int, str]) -> None:
    """A deck `nums` of the tiny game from an XLSX sheet (openpyxl saves formats as Excel does), `formats` giving the
    number format of each row (counting the header as 1) in its second column; each card prints `name a value`."""
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Cards"
    for row in [["name", "a"], *rows]:
        sheet.append(row)
    for number, code in formats.items():
        sheet.cell(number, 2).number_format = code
    book.save(root / "data/tiny/decks/nums.xlsx")
    (root / "data/tiny/decks/nums.yaml").write_text("name: Numbers\nsize: poker\nfront: tiny/nums.j2\nback: tiny/back.j2\ncards_from: nums.xlsx\n")
    (root / "templates/tiny/nums.j2").write_text('{{ text(card.name ~ " a " ~ card.a, 4, 4, 55, 8) }}\n')


def test_a_truth_value_in_a_cell_of_a_number_format_prints_as_a_truth_value_not_a_number(project):
    """A column formatted `0.00` may hold a TRUE: Excel shows a truth value as TRUE whatever the cell's number format
    (ECMA-376 part 1, 18.3.1.4: a cell of type `b`), so the card prints it as true, never `1.00`; the number beside it shows 3.14."""
    from conftest import run_pnp
    from pdftext import pdf_text

    _xlsx_deck(project, [["Ada", 3.14159], ["Bo", True]], {2: "0.00", 3: "0.00"})
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--deck", "nums", "--out", str(project / "out"))
    assert result.exit_code == 0, result.output
    words = pdf_text(project / "out/tiny/tiny-cards-nums.pdf").split()
    at = words.index("Bo")
    assert words[at + 1] == "a" and words[at + 2].lower() == "true", words
    assert "3.14" in words and "1.00" not in words, words


def test_a_currency_or_two_section_format_prints_the_number_stored(project):
    """docs/data-format.md: a currency, a date, a fraction or a format of several sections reaches the template as the
    number stored. Excel saves such a code in the workbook's own `numFmt`s (ECMA-376 part 1, 18.8.30: no built-in
    number stands for `#,##0.00 "€"` or `0.00;[Red]-0.00`), and the card prints 1234.5 and -2.25 as the cells store them."""
    from conftest import run_pnp
    from pdftext import pdf_text

    _xlsx_deck(project, [["Ada", 1234.5], ["Bo", -2.25]], {2: '#,##0.00 "€"', 3: "0.00;[Red]-0.00"})
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--deck", "nums", "--out", str(project / "out"))
    assert result.exit_code == 0, result.output
    words = " ".join(pdf_text(project / "out/tiny/tiny-cards-nums.pdf").split())
    assert "Ada a 1234.5" in words and "Bo a -2.25" in words, words


def test_an_ods_number_style_without_min_decimal_places_shows_its_decimal_places(tmp_path):
    """OpenDocument 1.2, which Calc before 7.0 and other programs still write, has no `number:min-decimal-places`: a
    style's `number:decimal-places="2"` alone shows two decimals always (1.2 part 1, 19.343), Excel's `0.00`."""
    from test_sheets_from_other_tools import number_cell, write_libreoffice_ods

    from pnp.data.ods_numbers import ods_plain_number_formats

    styles = ('<number:number-style style:name="N2"><number:number number:decimal-places="2" number:min-integer-digits="1"/>'
              '</number:number-style>'
              '<style:style style:name="ce2" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="N2"/>')
    write_libreoffice_ods(tmp_path / "deck.ods", f"<table:table-row>{number_cell('3.14159', '3.14', 'float', 'ce2')}</table:table-row>", styles=styles)
    assert ods_plain_number_formats(tmp_path / "deck.ods", "Cards") == {(1, 1): "0.00"}


def test_an_ods_deck_on_a_later_sheet_prints_as_its_own_cells_styles_show_them(project):
    """A workbook's first sheet (notes, a `0%` cell at B2, where the deck's sheet has a `0.00` one) lends the deck's sheet no
    style: each sheet's cells name their own (OpenDocument 1.3 part 3, 9.1.2: a table's rows hold its cells). The deck,
    on the second sheet, prints 3.14159 as Calc shows it in its `0.00` cell, 3.14."""
    from conftest import run_pnp
    from pdftext import pdf_text
    from test_sheets_from_other_tools import number_cell, text_cell, write_libreoffice_ods

    def row(*cells: str) -> str:
        return f"<table:table-row>{''.join(cells)}</table:table-row>"

    notes = row(text_cell("draft")) + row(text_cell("odds"), number_cell("0.5", "50%", "percentage", "ce11"))
    cards = row(text_cell("name"), text_cell("a")) + row(text_cell("Ada"), number_cell("3.14159", "3.14", "float", "ce2"))
    write_libreoffice_ods(project / "data/tiny/decks/nums.ods", cards, styles=ODS_STYLES, before={"Notes": notes})
    (project / "data/tiny/decks/nums.yaml").write_text("name: Numbers\nsize: poker\nfront: tiny/nums.j2\nback: tiny/back.j2\n"
                                                       "cards_from: nums.ods\nsheet: Cards\n")
    (project / "templates/tiny/nums.j2").write_text('{{ text(card.name ~ " a " ~ card.a, 4, 4, 55, 8) }}\n')
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--deck", "nums", "--out", str(project / "out"))
    assert result.exit_code == 0, result.output
    words = " ".join(pdf_text(project / "out/tiny/tiny-cards-nums.pdf").split())
    assert "Ada a 3.14" in words and "3.14159" not in words and "314" not in words, words


FO = 'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"'


@pytest.mark.parametrize("style", [
    # `#"-"##0`: Calc shows 1234 as 1-234, the dash written inside the number (16.29.4 number:embedded-text)
    '<number:number-style style:name="N7"><number:number number:decimal-places="0" number:min-decimal-places="0" '
    'number:min-integer-digits="1"><number:embedded-text number:position="3">-</number:embedded-text></number:number></number:number-style>',
    # `0.00;[RED]0.00`: Calc shows -2.5 as a red 2.50, its negatives' section the style the cell names, with a map to the
    # positives' section (16.3 style:map); a plain `0.00` would print -2.50
    '<number:number-style style:name="N7P0" style:volatile="true"><number:number number:decimal-places="2" number:min-decimal-places="2" '
    'number:min-integer-digits="1"/></number:number-style>'
    f'<number:number-style style:name="N7"><style:text-properties {FO} fo:color="#ff0000"/><number:number number:decimal-places="2" '
    'number:min-decimal-places="2" number:min-integer-digits="1"/>'
    '<style:map style:condition="value()&gt;=0" style:apply-style-name="N7P0"/></number:number-style>',
], ids=["embedded text", "a section for negatives"])
def test_an_ods_number_style_of_more_than_a_plain_number_gives_no_code(tmp_path, style):
    """docs/data-format.md: a number in a format of several sections, or with words, reaches the template as stored. A
    style whose number holds words, or that maps negatives to another look, writes what no plain code writes."""
    from test_sheets_from_other_tools import number_cell, write_libreoffice_ods

    from pnp.data.ods_numbers import ods_plain_number_formats

    styles = style + '<style:style style:name="ce7" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="N7"/>'
    write_libreoffice_ods(tmp_path / "deck.ods", f"<table:table-row>{number_cell('-2.5', '2.50', 'float', 'ce7')}</table:table-row>", styles=styles)
    assert ods_plain_number_formats(tmp_path / "deck.ods", "Cards") == {}


def test_an_xlsx_deck_on_a_later_sheet_is_shown_by_its_own_cells_formats(tmp_path):
    """A workbook's first sheet (notes, a `0%` cell at B2) lends the deck's sheet no format: each sheet's cells name their
    own style (ECMA-376 part 1, 18.3.1.4), so the deck's B2, a `0.00` cell, is shown as `0.00`."""
    import openpyxl

    from pnp.data.formulas import plain_number_formats

    book = openpyxl.Workbook()
    notes = book.active
    notes.title = "Notes"
    notes.append(["draft"])
    notes.append(["odds", 0.5])
    notes.cell(2, 2).number_format = "0%"
    cards = book.create_sheet("Cards")
    cards.append(["name", "a"])
    cards.append(["Ada", 3.14159])
    cards.cell(2, 2).number_format = "0.00"
    book.save(tmp_path / "deck.xlsx")
    assert plain_number_formats(tmp_path / "deck.xlsx", "Cards") == {(2, 2): "0.00"}


def test_an_xlsx_of_cells_written_without_their_references_prints_each_as_its_own_format_shows_it(project):
    """ECMA-376 part 1, 18.3.1.4: a cell's `r` is optional, and writers that stream a sheet leave it out, each cell
    just after the one before it in its row. Ada's a, a `0.00` cell, prints 3.14 and her b, of no format, 7: each
    cell keeps its own format, not its neighbour's."""
    import re
    import zipfile

    import openpyxl
    from conftest import run_pnp
    from pdftext import pdf_text

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Cards"
    sheet.append(["name", "a", "b"])
    sheet.append(["Ada", 3.14159, 7])
    sheet.cell(2, 2).number_format = "0.00"
    path = project / "data/tiny/decks/nums.xlsx"
    book.save(path)
    with zipfile.ZipFile(path) as saved:
        parts = {name: saved.read(name) for name in saved.namelist()}
    part = "xl/worksheets/sheet1.xml"
    parts[part] = re.sub(rb'(<c[^>]*?) r="[A-Z]+[0-9]+"', rb"\1", parts[part])
    assert b'<c r="' not in parts[part]
    with zipfile.ZipFile(path, "w") as rewritten:
        for name, data in parts.items():
            rewritten.writestr(name, data)
    (project / "data/tiny/decks/nums.yaml").write_text("name: Numbers\nsize: poker\nfront: tiny/nums.j2\nback: tiny/back.j2\ncards_from: nums.xlsx\n")
    (project / "templates/tiny/nums.j2").write_text('{{ text(card.name ~ " a " ~ card.a ~ " b " ~ card.b, 4, 4, 55, 8) }}\n')
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--deck", "nums", "--out", str(project / "out"))
    assert result.exit_code == 0, result.output
    words = " ".join(pdf_text(project / "out/tiny/tiny-cards-nums.pdf").split())
    assert "Ada a 3.14 b 7" in words, words


def test_an_ods_number_of_a_grouped_style_prints_with_a_comma_between_its_thousands(tmp_path):
    """Calc's `#,##0` is a number style whose number is grouped (`number:grouping="true"`, OpenDocument 1.3 part 3,
    19.348): 1234567 shows as 1,234,567, and the card's field prints so, while a sum reads 1234567."""
    from test_sheets_from_other_tools import number_cell, text_cell, write_libreoffice_ods

    from pnp.data.sheet_rows import SheetSource
    from pnp.data.spreadsheet import read_cards

    styles = ('<number:number-style style:name="N4"><number:number number:decimal-places="0" number:min-decimal-places="0" '
              'number:min-integer-digits="1" number:grouping="true"/></number:number-style>'
              '<style:style style:name="ce4" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="N4"/>')
    rows = (f"<table:table-row>{text_cell('name')}{text_cell('gold')}</table:table-row>"
            f"<table:table-row>{text_cell('Ada')}{number_cell('1234567', '1,234,567', 'float', 'ce4')}</table:table-row>")
    write_libreoffice_ods(tmp_path / "deck.ods", rows, styles=styles)
    (card,) = read_cards(SheetSource(tmp_path / "deck.ods", "deck.ods"))
    assert (str(card["gold"]), card["gold"]) == ("1,234,567", 1234567)


def test_an_ods_number_after_a_cell_merged_across_columns_prints_as_its_own_style_shows_it(tmp_path):
    """Calc saves a title merged across B:C as a cell spanning two columns and a covered cell after it (OpenDocument 1.3
    part 3, 9.1.5 and 9.1.6): the cost after them is in column D, in its own `0.00` style, and 3.14159 prints 3.14."""
    from test_sheets_from_other_tools import number_cell, text_cell, write_libreoffice_ods

    from pnp.data.sheet_rows import SheetSource
    from pnp.data.spreadsheet import read_cards

    merged = text_cell("Ada Lovelace", 'table:number-columns-spanned="2"')
    rows = (f"<table:table-row>{text_cell('id')}{text_cell('title')}{text_cell('note')}{text_cell('cost')}</table:table-row>"
            f"<table:table-row>{text_cell('ada')}{merged}<table:covered-table-cell/>{number_cell('3.14159', '3.14', 'float', 'ce2')}</table:table-row>")
    write_libreoffice_ods(tmp_path / "deck.ods", rows, styles=ODS_STYLES)
    (card,) = read_cards(SheetSource(tmp_path / "deck.ods", "deck.ods"))
    assert str(card["cost"]) == "3.14", dict(card)
