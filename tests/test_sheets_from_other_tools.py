"""Sheets as other tools and spreadsheet programs save them, read as the designer sees them: a copies column's mistake
named by its own header, cells merged in an ODS sheet warned of as in an XLSX, a first row that is data said so, and a
workbook number shown as Excel shows it. Each sheet is written here in its program's shape."""
from __future__ import annotations

import datetime
import json
from collections import Counter
from pathlib import Path

import pytest
from conftest import render_page, run_pnp
from test_spreadsheet_decks import HEAD, HEADER, ROWS, use_sheet, write_csv

DECK_DIR = "data/tiny/decks"


def findings(result, kind: str) -> list[str]:
    return [line for line in result.output.splitlines() if f": {kind}: " in line]


def test_a_qty_cell_that_is_no_number_is_named_by_the_sheets_own_header(project: Path):
    """Component.Studio's and many designers' sheets call the copies column `Qty`: the error names `Qty`, the column the
    designer looks for, not the `count` key pnp reads it as."""
    write_csv(project / DECK_DIR / "heroes.csv", [["id", "name", "Qty"], ["knight", "Knight", "2"], ["rogue", "Rogue", "two"]])
    use_sheet(project, "heroes.csv")
    result = run_pnp(project, "validate", "tiny")
    assert result.exit_code == 1
    assert findings(result, "error") == [f"{DECK_DIR}/heroes.csv:3:3: error: cards.rogue.Qty: expected a whole number, got 'two'"], result.output


def test_a_copies_column_named_by_count_column_is_named_so_in_a_bound_error(project: Path):
    write_csv(project / DECK_DIR / "heroes.csv", [["id", "name", "Copies"], ["knight", "Knight", "-1"]])
    (project / DECK_DIR / "heroes.yaml").write_text(HEAD + "cards_from: heroes.csv\ncount_column: Copies\n", encoding="utf-8")
    result = run_pnp(project, "validate", "tiny")
    assert findings(result, "error") == [f"{DECK_DIR}/heroes.csv:2:3: error: cards.knight.Copies: -1 is too small; the minimum is 0"], result.output


OFFICE = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
          'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
          'xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0"')


ALL_COLUMNS = '<table:table-column table:number-columns-repeated="4"/>'


def write_libreoffice_ods(path: Path, rows_xml: str, sheet: str = "Cards", macro: bool = False, styles: str = "", named: str = "",
                          columns: str = ALL_COLUMNS, before: dict[str, str] | None = None) -> None:
    """An .ods as LibreOffice Calc saves one, cut to the parts a reader needs: the mimetype stored first, the manifest,
    and content.xml whose `columns` and rows (`rows_xml`) follow its automatic `styles` (the cells' styles and the
    number styles they name; LibreOffice writes runs of alike cells, rows and columns once, with a repeat); with
    `named`, styles.xml holding the named styles (Calc's own `Percent`); with `macro`, a Basic module as LibreOffice
    stores one, under a DOCTYPE naming its outside DTD; `before`, sheets (name → rows) that come first in the workbook."""
    import zipfile

    tables = "".join(f'<table:table table:name="{name}">{columns}{rows}</table:table>'
                     for name, rows in [*(before or {}).items(), (sheet, rows_xml)])
    content = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {OFFICE} office:version="1.3">'
               f'<office:automatic-styles>{styles}</office:automatic-styles><office:body>'
               f'<office:spreadsheet>{tables}</office:spreadsheet></office:body></office:document-content>')
    manifest = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" '
                'manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
                '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>')
    with zipfile.ZipFile(path, "w") as book:
        book.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet")
        book.writestr("META-INF/manifest.xml", manifest, zipfile.ZIP_DEFLATED)
        book.writestr("content.xml", content, zipfile.ZIP_DEFLATED)
        if named:
            book.writestr("styles.xml", f'<?xml version="1.0" encoding="UTF-8"?><office:document-styles {OFFICE} office:version="1.3">'
                          f'<office:styles>{named}</office:styles></office:document-styles>', zipfile.ZIP_DEFLATED)
        if macro:
            book.writestr("Basic/Standard/Module1.xml", MACRO, zipfile.ZIP_DEFLATED)


MACRO = ('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE script:module PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" '
         '"module.dtd">\n<script:module xmlns:script="http://openoffice.org/2000/script" script:name="Module1" script:language="StarBasic" '
         'script:moduleType="normal">REM  *****  BASIC  *****\nSub ExportToCsv\nEnd Sub\n</script:module>')


def text_cell(text: str, more: str = "") -> str:
    return f'<table:table-cell office:value-type="string" {more}><text:p>{text}</text:p></table:table-cell>'


def number_cell(value, shown: str, kind: str = "float", style: str = "") -> str:
    styled = f'table:style-name="{style}" ' if style else ""
    return f'<table:table-cell {styled}office:value-type="{kind}" office:value="{value}"><text:p>{shown}</text:p></table:table-cell>'


SPAN_ROWS, SPAN_COLS, EMPTY_TWO = 'table:number-rows-spanned="3"', 'table:number-columns-spanned="2"', '<table:table-cell table:number-columns-repeated="2"/>'
SPAN_TWO_ROWS = 'table:number-rows-spanned="2"'


def test_cells_merged_down_an_ods_sheet_are_warned_of_at_the_same_cell_words_as_an_xlsx(project: Path):
    """LibreOffice merges `Run.` down D5:D7 as a cell spanning three rows over two covered cells (OpenDocument's
    `table:number-rows-spanned`); above it, two blank rows written as one repeated row, and before it in its row two
    empty cells written as one repeated cell, so the range is found where the sheet shows it. Merged across one row (the knight's
    name over two columns), nothing is lost."""
    rows = ('<table:table-row table:number-rows-repeated="2"><table:table-cell table:number-columns-repeated="4"/></table:table-row>'
            f"<table:table-row>{text_cell('id')}{text_cell('name')}{text_cell('side')}{text_cell('text')}</table:table-row>"
            f"<table:table-row>{text_cell('knight')}{text_cell('Knight', SPAN_COLS)}<table:covered-table-cell/>{text_cell('Go.')}</table:table-row>"
            f"<table:table-row>{text_cell('rogue')}{EMPTY_TWO}{text_cell('Run.', SPAN_ROWS)}</table:table-row>"
            f"<table:table-row>{text_cell('mage')}{EMPTY_TWO}<table:covered-table-cell/></table:table-row>"
            f"<table:table-row>{text_cell('twin')}{EMPTY_TWO}<table:covered-table-cell/></table:table-row>")
    write_libreoffice_ods(project / DECK_DIR / "heroes.ods", rows)
    use_sheet(project, "heroes.ods")
    result = run_pnp(project, "validate", "tiny", "--quick")
    assert [line for line in result.output.splitlines() if "merged" in line] == [
        f"{DECK_DIR}/heroes.ods[Cards]!D5: warning: cells D5:D7 are merged, so only row 5 holds their value and the card of "
        "each of rows 6–7 has none: unmerge the cells and fill the value down"], result.output


def test_cells_merged_down_side_by_side_in_an_ods_are_each_warned_of_at_their_own_first_cell(project: Path):
    """The knight's side `red` merged down C2:C4 leaves a covered cell at C3, and right of it the rogue's `Run.` is merged
    down D3:D4: LibreOffice writes the covered cell in its place (OpenDocument's `table:covered-table-cell`), so `Run.`
    stands in column D, where the sheet shows it, and the two ranges are two warnings."""
    rows = (f"<table:table-row>{text_cell('id')}{text_cell('name')}{text_cell('side')}{text_cell('text')}</table:table-row>"
            f"<table:table-row>{text_cell('knight')}{text_cell('Knight')}{text_cell('red', SPAN_ROWS)}{text_cell('Go.')}</table:table-row>"
            f"<table:table-row>{text_cell('rogue')}{text_cell('Rogue')}<table:covered-table-cell/>"
            f"{text_cell('Run.', SPAN_TWO_ROWS)}</table:table-row>"
            f"<table:table-row>{text_cell('mage')}{text_cell('Mage')}<table:covered-table-cell/><table:covered-table-cell/></table:table-row>")
    write_libreoffice_ods(project / DECK_DIR / "heroes.ods", rows)
    use_sheet(project, "heroes.ods")
    assert warnings_of(project, "merged") == [
        f"{DECK_DIR}/heroes.ods[Cards]!C2: warning: cells C2:C4 are merged, so only row 2 holds their value and the card of each of rows 3–4 "
        "has none: unmerge the cells and fill the value down",
        f"{DECK_DIR}/heroes.ods[Cards]!D3: warning: cells D3:D4 are merged, so only row 3 holds their value and the card of row 4 has none: "
        "unmerge the cells and fill the value down"]


def test_cells_merged_on_another_sheet_of_an_ods_are_not_the_decks(project: Path):
    """A workbook's first sheet of rules with its title merged down A1:A3, then the cards: the deck reads the `Cards`
    sheet, whose cells are merged nowhere, so nothing is said of merged cells."""
    rules = (f"<table:table-row>{text_cell('How to play', SPAN_ROWS)}</table:table-row>"
             "<table:table-row table:number-rows-repeated=\"2\"><table:covered-table-cell/></table:table-row>")
    rows = (f"<table:table-row>{text_cell('id')}{text_cell('name')}{text_cell('side')}{text_cell('text')}</table:table-row>"
            f"<table:table-row>{text_cell('knight')}{text_cell('Knight')}{text_cell('red')}{text_cell('Go.')}</table:table-row>")
    write_libreoffice_ods(project / DECK_DIR / "heroes.ods", rows, before={"Rules": rules})
    use_sheet(project, "heroes.ods", "sheet: Cards\n")
    result = run_pnp(project, "validate", "tiny", "--quick")
    assert [line for line in result.output.splitlines() if "heroes.ods" in line] == [], result.output


def header_said(project: Path) -> list[str]:
    """The lines of `pnp validate tiny --quick` saying a sheet's first row is read as the field names, of either
    severity: a warning, or an error where findings on its deck follow from it."""
    result = run_pnp(project, "validate", "tiny", "--quick")
    return [line for line in [*findings(result, "warning"), *findings(result, "error")] if "read as the field names" in line]


def warnings_of(project: Path, code: str = "") -> list[str]:
    result = run_pnp(project, "validate", "tiny", "--quick")
    return [line for line in findings(result, "warning") if code in line]


def test_a_csv_saved_without_its_header_row_is_one_finding_at_its_first_row(project: Path):
    """nanDECK's and many scripts' data files have no header: the first card's row (an id, a name, a number of stars, its
    text) is shaped as the rows under it, so it is said to be a card, once, at its first cell."""
    write_csv(project / DECK_DIR / "heroes.csv", [["knight", "Knight", "3", "Draw two cards, then discard one."],
                                                  ["rogue", "Rogue", "2", "Steal a coin."], ["mage", "Mage", "4", "Look at three cards."]])
    use_sheet(project, "heroes.csv")
    said = header_said(project)
    assert said == [f"{DECK_DIR}/heroes.csv:1:1: error: row 1 is read as the field names, yet it looks like a card (its numbers and texts are "
                    "in the columns where a card's row below has them: 'knight', 'Knight', '3', 'Draw two cards, then di…'): write the field names in a row "
                    "above it, or that card is lost and its values name the fields (what follows from it on deck 'heroes' is said once it is mended) "
                    "[heroes]"], said


@pytest.mark.parametrize("empties", [1, 2, 3])
def test_a_first_row_is_compared_with_a_row_below_without_the_empty_cells_it_ends_with(project: Path, empties: int):
    """A spreadsheet program writes a row's empty cells after its last value too (`rogue,Rogue,2,Steal a coin.,,`),
    one or several: the row is the first row's shape all the same, so the first row is still said to be a card."""
    (project / DECK_DIR / "heroes.csv").write_text('knight,Knight,3,"Draw two cards, then discard one."\nrogue,Rogue,2,Steal a coin.'
                                                   + "," * empties + "\n", encoding="utf-8")
    use_sheet(project, "heroes.csv")
    assert len(header_said(project)) == 1


@pytest.mark.parametrize("long, card", [(40, False), (41, True)])
def test_a_header_of_over_40_characters_reads_as_a_cards_text(project: Path, long: int, card: bool):
    """A field name is short; a text of over 40 characters is a card's (sheet_header.SENTENCE_CHARS), even written as
    one word: a first row of a number and such a text is a card's values, one of exactly 40 may be a name."""
    write_csv(project / DECK_DIR / "heroes.csv", [["3", "x" * long], ["2", "y"]])
    use_sheet(project, "heroes.csv")
    assert len(header_said(project)) == int(card)


def test_a_number_too_long_for_pnp_to_read_in_the_first_row_is_a_number_all_the_same(project: Path):
    """A first row whose id is a whole number of over 1,000 digits (past what pnp reads as a number, too long to be a
    sentence's words) is still a number where a card's row holds one: shaped as the row below, it is said to be a card."""
    write_csv(project / DECK_DIR / "heroes.csv", [["7" * 1001, "Knight", "3"], ["12", "Rogue", "2"]])
    use_sheet(project, "heroes.csv")
    said = header_said(project)
    assert [line.split(": ", 1)[0] for line in said] == [f"{DECK_DIR}/heroes.csv:1:1"], said
    assert "(its numbers and texts are in the columns where a card's row below has them: " in said[0], said


@pytest.mark.parametrize("first", [datetime.date(2024, 5, 1), True], ids=["date", "truth"])
def test_a_workbook_date_or_truth_value_in_the_first_row_is_text_as_a_word_below_it_is(project: Path, first):
    """A workbook keeps a date and a TRUE as values of their own kinds; the designer reads them as text, as a word is
   : a first row opening with one, where the card's row below opens with a word, is shaped as
    that row and said to be a card."""
    import openpyxl

    book = openpyxl.Workbook()
    book.active.append([first, "Harvest", 3, 2])
    book.active.append(["any day", "Storm", 1, 4])
    book.save(project / DECK_DIR / "heroes.xlsx")
    use_sheet(project, "heroes.xlsx")
    said = header_said(project)
    assert [line.split(": ", 1)[0] for line in said] == [f"{DECK_DIR}/heroes.xlsx[Sheet]!A1"], said
    assert "(its numbers and texts are in the columns where a card's row below has them: " in said[0], said


def test_a_first_row_shaped_as_a_later_row_is_a_card_though_the_row_under_it_holds_a_mistake(project: Path):
    """The first row is compared with the next three rows holding values, any of which may hold a mistake (the rogue's
    stars typed as `two`): the knight's row, shaped as the mage's, is still said to be a card."""
    write_csv(project / DECK_DIR / "heroes.csv", [["knight", "Knight", "3", "Draw two cards, then discard one."],
                                                  ["rogue", "Rogue", "two", "Steal a coin."], ["mage", "Mage", "4", "Look at three cards."]])
    use_sheet(project, "heroes.csv")
    said = header_said(project)
    assert [line.split(": ", 1)[0] for line in said] == [f"{DECK_DIR}/heroes.csv:1:1"], said
    assert "(its numbers and texts are in the columns where a card's row below has them: " in said[0], said


@pytest.mark.parametrize(("text", "card"), [("Take two gems, then pass.", True), ("Gems taken this turn", False)])
def test_a_text_of_five_words_is_a_sentence_and_one_of_four_a_name(project: Path, text: str, card: bool):
    """A card's text reads as a sentence from five words (or past 40 characters), a field name as fewer: beside a number,
    `Take two gems, then pass.` makes the first row a card's, `Gems taken this turn` (four words) a header."""
    write_csv(project / DECK_DIR / "heroes.csv", [["7", text], ["knight", "x"]])
    use_sheet(project, "heroes.csv")
    said = header_said(project)
    assert [line.split(": ", 1)[0] for line in said] == ([f"{DECK_DIR}/heroes.csv:1:1"] if card else []), said
def test_a_sheet_without_its_header_is_one_finding_not_also_each_field_its_deck_lacks(project: Path):
    """nanDECK's data file has no header, so its first card's values name the fields ('knight', '3', its text): no
    template reads them, and the fields the templates, the constraints and the counts read (`name`, `stars`, `side`,
    the copies) are on no card. That is one mistake, said once at the sheet's first row, as an error since the build
    cannot go on; what follows from it on the deck is not said again, while another file's finding still is."""
    write_csv(project / DECK_DIR / "heroes.csv", [["knight", "Knight", "3", "Draw two cards, then discard one."],
                                                  ["rogue", "Rogue", "2", "Steal a coin."], ["mage", "Mage", "4", "Look at three cards."]])
    use_sheet(project, "heroes.csv")
    boards = project / "data/tiny/boards.yaml"
    boards.write_text(boards.read_text(encoding="utf-8").replace("{name: S3, color: blue}", "{name: S3, color: blue, colr: blue}"), encoding="utf-8")
    for command in (["validate", "tiny"], ["build", "tiny"]):
        result = run_pnp(project, *command)
        said = [*findings(result, "error"), *findings(result, "warning")]
        assert [line.split(": ", 2)[:2] for line in said] == [[f"{DECK_DIR}/heroes.csv:1:1", "error"], ["data/tiny/boards.yaml:17:33", "warning"]], result.output
        assert "row 1 is read as the field names, yet it looks like a card" in said[0]
        assert said[0].endswith("(what follows from it on deck 'heroes' is said once it is mended) [heroes]"), said[0]
        assert "no template, constraint or fact reads the board field 'colr'" in said[1]  # another file's finding, still said
        assert result.output.splitlines()[-1] == "tiny: 1 error, 1 warning", result.output
        assert result.exit_code == 1
    assert not (project / "output/tiny").exists()


def test_a_headless_sheet_keeps_quiet_its_own_first_row_alone_not_another_sheet_of_its_workbook(project: Path):
    """One workbook, two decks: the Cards sheet has its header and a column no template reads (`colr`), the Notes sheet
    has none. The Notes sheet's one warning stands for its own first row; the Cards sheet's first row, in the same file
    at the same line, is another sheet's, so its field nothing reads is still said."""
    from test_spreadsheet_decks import write_xlsx

    write_xlsx(project / DECK_DIR / "heroes.xlsx", {
        "Cards": [[*HEADER, "colr"], *[[*row, "x"] for row in ROWS]],
        "Notes": [["knight", "Knight", 3, "Draw two cards, then discard one."], ["rogue", "Rogue", 2, "Steal a coin."],
                  ["mage", "Mage", 4, "Look at three cards."]]})
    use_sheet(project, "heroes.xlsx", "sheet: Cards\n")
    (project / DECK_DIR / "notes.yaml").write_text("name: Notes\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ncards_from: heroes.xlsx\n"
                                                   "sheet: Notes\n", encoding="utf-8")
    said = [line.split(": warning: ") for line in warnings_of(project) if "heroes.xlsx" in line]
    assert [(at, text.split(" (")[0]) for at, text in said] == [  # a sheet's findings together, not its A1 beside another's
        (f"{DECK_DIR}/heroes.xlsx[Cards]!I1", "no template, constraint or fact reads the card field 'colr'"),
        (f"{DECK_DIR}/heroes.xlsx[Notes]!A1", "row 1 is read as the field names, yet it looks like a card")], said


HEADLESS = [["knight", "Knight", "3", "Draw two cards, then discard one."], ["rogue", "Rogue", "2", "Steal a coin."], ["mage", "Mage", "4", "Look at three cards."]]


def test_a_headless_sheet_keeps_its_own_decks_findings_not_another_games_deck_of_the_same_name(project: Path):
    """Two games each with a deck `heroes`: tiny's sheet lost its header, twin's deck gives its first card a field no
    template reads. What follows on tiny's heroes is tiny's; twin's warning is its own mistake, still said."""
    import shutil

    shutil.copytree(project / "data/tiny", project / "data/twin")
    twin = project / "data/twin/decks/heroes.yaml"
    twin.write_text(twin.read_text(encoding="utf-8").replace("{id: knight,", "{id: knight, colr: blue,", 1), encoding="utf-8")
    write_csv(project / DECK_DIR / "heroes.csv", HEADLESS)
    use_sheet(project, "heroes.csv")
    result = run_pnp(project, "validate", "--quick")
    said = [line for line in [*findings(result, "warning"), *findings(result, "error")] if "colr" in line]
    assert len(said) == 1 and said[0].startswith("data/twin/decks/heroes.yaml:"), result.output


def test_a_headless_sheet_keeps_quiet_its_own_decks_findings_not_a_deck_whose_id_starts_with_its(project: Path):
    """Deck `heroes` lost its header; a constraint on deck `heroes-xl` names a field its cards lack. Said of
    `decks.heroes-xl`, that is another deck's mistake, said beside the header's; the same on `decks.heroes` follows."""
    decks = project / DECK_DIR
    (decks / "heroes-xl.yaml").write_text((decks / "heroes.yaml").read_text(encoding="utf-8").replace("name: Heroes", "name: Heroes XL", 1), encoding="utf-8")
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("constraints:\n", "constraints:\n  - check: unique\n    in: decks.heroes-xl\n    field: colour\n"
                                                             "  - check: unique\n    in: decks.heroes\n    field: colour\n", 1), encoding="utf-8")
    write_csv(decks / "heroes.csv", HEADLESS)
    use_sheet(project, "heroes.csv")
    result = run_pnp(project, "validate", "tiny", "--quick")
    said = [line for line in findings(result, "error") if "colour" in line]
    assert [line.split(": error: ")[1] for line in said] == ["no piece of decks.heroes-xl has a field 'colour': fix the name, or give the pieces the field"], result.output


@pytest.mark.parametrize("named, said", [
    ("decks.heroez", "'decks.heroez' names nothing in this game (did you mean 'decks.heroes'?)"),
    ("decks.villains", "'decks.villains' names nothing in this game; known: decks.heroes, tokens.coins")], ids=["offered", "listed"])
def test_a_headless_sheet_keeps_quiet_no_mistake_that_names_its_deck_as_the_one_meant_or_among_those_known(project: Path, named: str, said: str):
    """Deck `heroes` lost its header; a constraint names a deck that is nothing in the game, and pnp offers `decks.heroes`
    (`decks.heroez`) or lists the names it knows, `decks.heroes` among them (`decks.villains`, close to no name). That
    is game.yaml's own mistake, not one following from the sheet: it is still said."""
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("constraints:\n", f"constraints:\n  - check: unique\n    in: {named}\n    field: name\n", 1),
                    encoding="utf-8")
    write_csv(project / DECK_DIR / "heroes.csv", HEADLESS)
    use_sheet(project, "heroes.csv")
    found = findings(run_pnp(project, "validate", "tiny", "--quick"), "error")
    assert [line.split(": error: ")[0] for line in found] == [f"{DECK_DIR}/heroes.csv:1:1", "data/tiny/game.yaml:26:9"], found  # at its `in:`
    assert said in found[1], found


def test_a_first_row_of_numbers_and_sentences_is_said_to_be_a_card_even_where_the_rows_below_differ(project: Path):
    write_csv(project / DECK_DIR / "heroes.csv", [["", "7", "Take two gems from the supply, then pass."], ["knight", "x", "y"]])
    use_sheet(project, "heroes.csv")
    said = header_said(project)
    assert [line.split(": ", 1)[0] for line in said] == [f"{DECK_DIR}/heroes.csv:1:2"], said
    assert "(each of its cells is a number or a sentence: '7', 'Take two gems from the …')" in said[0]


def test_a_header_row_with_a_year_and_short_names_is_no_card(project: Path):
    """Field names may be numbers (a year's column) where the rows below are not shaped like them: no warning."""
    write_csv(project / DECK_DIR / "heroes.csv", [["id", "name", "2024", "text"], ["knight", "Knight", "3", "Draw."], ["rogue", "Rogue", "", "Run."]])
    use_sheet(project, "heroes.csv")
    assert header_said(project) == []


@pytest.mark.parametrize("extra", ["", "text_columns: [number]\n"])
def test_a_workbook_number_prints_as_its_cells_format_shows_it_in_excel(project: Path, extra: str):
    """Excel stores 25% as 0.25 and shows 3.14159 in a `0.00` cell as 3.14: the card prints what the designer sees on
    the sheet (ECMA-376's built-in formats `0%` and `0.00`, a custom `#,##0.0`, its half rounded up as Excel rounds, 1,234.3); a General cell prints as stored.
    The sheet is written by openpyxl, which stores formats as Excel does (a style's `numFmtId`, custom codes in
    styles.xml's `numFmts`). Named a text column, the column's texts are the same."""
    import openpyxl
    from pdftext import pdf_text

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Heroes"
    sheet.append(["id", "name", "stars", "number", "text", "side", "count"])  # the sides and counts tiny's rules state: 6 blue, 6 red
    for row, (value, shape) in enumerate([(0.25, "0%"), (3.14159, "0.00"), (1234.25, "#,##0.0"), (2, "0.00"), (0.5, "General")], start=2):
        sheet.append([f"hero{row}", f"Hero {row}", 2, value, f"Card {row}.", "blue" if row < 4 else "red", 3 if row < 4 else 2])
        sheet.cell(row, 4).number_format = shape
    book.save(project / DECK_DIR / "heroes.xlsx")
    use_sheet(project, "heroes.xlsx", extra)
    result = run_pnp(project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 0, result.output
    printed = pdf_text(project / "output/tiny/tiny-cards.pdf").split()
    assert {"25%", "3.14", "1,234.3", "2.00", "0.5"} <= set(printed), printed
    assert not {"0.25", "3.14159", "1234.25", "1,234.2"} & set(printed), printed


# LibreOffice Calc's automatic styles for a cell formatted 0%, 0.00 and #,##0.0 (Format Cells → Numbers), as it saves
# them in content.xml: a number style each, and a cell style naming it
CALC_NUMBER_STYLES = (
    '<number:percentage-style style:name="N11"><number:number number:decimal-places="0" number:min-decimal-places="0" '
    'number:min-integer-digits="1"/><number:text>%</number:text></number:percentage-style>'
    '<number:number-style style:name="N2"><number:number number:decimal-places="2" number:min-decimal-places="2" '
    'number:min-integer-digits="1"/></number:number-style>'
    '<number:number-style style:name="N4"><number:number number:decimal-places="1" number:min-decimal-places="1" '
    'number:min-integer-digits="1" number:grouping="true"/></number:number-style>'
    '<style:style style:name="ce1" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="N11"/>'
    '<style:style style:name="ce2" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="N2"/>'
    '<style:style style:name="ce3" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="N4"/>')


def test_an_ods_number_prints_as_its_cells_format_shows_it_as_an_xlsx_does(project: Path):
    """The cards of the XLSX test above, saved by LibreOffice: a percentage cell (`office:value-type="percentage"`) of a
    `0%` style, a `0.00` and a grouped `#,##0.0` number style, a whole number in `0.00` and a cell of no style print
    as Calc shows them, and as the XLSX's print: 25%, 3.14, 1,234.3, 2.00, 0.5."""
    from pdftext import pdf_text

    head = "".join(text_cell(h) for h in ("id", "name", "stars", "number", "text", "side", "count"))
    cells = [("0.25", "25%", "percentage", "ce1"), ("3.14159", "3.14", "float", "ce2"), ("1234.25", "1,234.3", "float", "ce3"),
             ("2", "2.00", "float", "ce2"), ("0.5", "0.5", "float", "")]
    rows = f"<table:table-row>{head}</table:table-row>" + "".join(
        f"<table:table-row>{text_cell(f'hero{n}')}{text_cell(f'Hero {n}')}{number_cell(2, '2')}{number_cell(value, shown, kind, style)}"
        f"{text_cell(f'Card {n}.')}{text_cell('blue' if n < 4 else 'red')}{number_cell(3 if n < 4 else 2, '3' if n < 4 else '2')}</table:table-row>"
        for n, (value, shown, kind, style) in enumerate(cells, start=2))
    write_libreoffice_ods(project / DECK_DIR / "heroes.ods", rows, styles=CALC_NUMBER_STYLES)
    use_sheet(project, "heroes.ods")
    result = run_pnp(project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 0, result.output
    printed = pdf_text(project / "output/tiny/tiny-cards.pdf").split()
    assert {"25%", "3.14", "1,234.3", "2.00", "0.5"} <= set(printed), printed
    assert not {"0.25", "3.14159", "1234.25", "1,234.2"} & set(printed), printed


def test_an_ods_number_takes_its_columns_style_and_a_named_parents_and_words_after_it_give_the_number_stored(project: Path):
    """Calc leaves a cell's style out where its column's default is the same (`table:default-cell-style-name`), and a
    cell style given Calc's own `Percent` (styles.xml, `0.00%`) names no number style of its own: the first card's 0.25
    prints 25.00%. A style with words after its number (`0.00 "pts"`) or of varying decimals (`0.##`) is no plain
    format, in an ODS as in an XLSX: the second card's 3.14159 and the third's 2.5 print as stored."""
    from pdftext import pdf_text

    named = ('<number:percentage-style style:name="N10"><number:number number:decimal-places="2" number:min-decimal-places="2" '
             'number:min-integer-digits="1"/><number:text>%</number:text></number:percentage-style>'
             '<style:style style:name="Percent" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="N10"/>')
    styles = ('<number:number-style style:name="N7"><number:number number:decimal-places="2" number:min-decimal-places="2" '
              'number:min-integer-digits="1"/><number:text> pts</number:text></number:number-style>'
              '<style:style style:name="ce5" style:family="table-cell" style:parent-style-name="Percent"/>'
              '<style:style style:name="ce6" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="N7"/>'
              '<number:number-style style:name="N8"><number:number number:decimal-places="2" number:min-decimal-places="0" '
              'number:min-integer-digits="1"/></number:number-style>'
              '<style:style style:name="ce7" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="N8"/>')
    columns = ('<table:table-column table:number-columns-repeated="3"/><table:table-column table:default-cell-style-name="ce5"/>'
               '<table:table-column table:number-columns-repeated="3"/>')
    head = "".join(text_cell(h) for h in ("id", "name", "stars", "number", "text", "side", "count"))
    rows = (f"<table:table-row>{head}</table:table-row>"
            f"<table:table-row>{text_cell('hero2')}{text_cell('Hero 2')}{number_cell(2, '2')}{number_cell('0.25', '25.00%', 'percentage')}"
            f"{text_cell('Card 2.')}{text_cell('blue')}{number_cell(6, '6')}</table:table-row>"
            f"<table:table-row>{text_cell('hero3')}{text_cell('Hero 3')}{number_cell(2, '2')}{number_cell('3.14159', '3.14 pts', 'float', 'ce6')}"
            f"{text_cell('Card 3.')}{text_cell('red')}{number_cell(3, '3')}</table:table-row>"
            f"<table:table-row>{text_cell('hero4')}{text_cell('Hero 4')}{number_cell(2, '2')}{number_cell('2.5', '2.5', 'float', 'ce7')}"
            f"{text_cell('Card 4.')}{text_cell('red')}{number_cell(3, '3')}</table:table-row>")
    write_libreoffice_ods(project / DECK_DIR / "heroes.ods", rows, styles=styles, named=named, columns=columns)
    use_sheet(project, "heroes.ods")
    result = run_pnp(project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 0, result.output
    printed = pdf_text(project / "output/tiny/tiny-cards.pdf").split()
    assert {"25.00%", "3.14159", "2.5"} <= set(printed), printed
    assert not {"0.25", "3.14", "pts", "2.50"} & set(printed), printed


def test_an_ods_row_saved_once_for_two_alike_rows_prints_its_number_as_shown_on_both_cards(project: Path):
    """Calc saves two alike rows as one row repeated (`table:number-rows-repeated="2"`, OpenDocument 1.3 part 3, 9.1.3):
    each is a card, ids `bonus` and `bonus-2`, and each prints the `0%` cell's 0.25 as Calc shows it, 25%."""
    from pdftext import pdf_text

    rows = (f"<table:table-row>{text_cell('name')}{text_cell('rate')}</table:table-row>"
            f'<table:table-row table:number-rows-repeated="2">{text_cell("Bonus")}{number_cell("0.25", "25%", "percentage", "ce1")}</table:table-row>')
    write_libreoffice_ods(project / DECK_DIR / "bonus.ods", rows, styles=CALC_NUMBER_STYLES)
    (project / DECK_DIR / "bonus.yaml").write_text("name: Bonus\nsize: poker\nfront: tiny/bonus.j2\nback: tiny/back.j2\ncards_from: bonus.ods\n")
    (project / "templates/tiny/bonus.j2").write_text('{{ text(card.id ~ " rate " ~ card.rate, 4, 4, 55, 8) }}\n')
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--deck", "bonus", "--out", str(project / "out"))
    assert result.exit_code == 0, result.output
    printed = " ".join(pdf_text(project / "out/tiny/tiny-cards-bonus.pdf").split())
    assert "bonus rate 25%" in printed and "bonus-2 rate 25%" in printed, printed


def test_an_ods_that_keeps_a_basic_macro_is_read_as_any_other(project: Path):
    """LibreOffice stores a workbook's Basic macros (an export-to-CSV macro, a VBA project kept from an .xlsm) as XML
    parts each under a DOCTYPE that names an outside DTD and declares nothing: the sheet's cards are read, not refused
    as a damaged workbook."""
    rows = (f"<table:table-row>{text_cell('id')}{text_cell('name')}{text_cell('side')}{text_cell('text')}</table:table-row>"
            f"<table:table-row>{text_cell('knight')}{text_cell('Knight')}{text_cell('red')}{text_cell('Go.')}</table:table-row>")
    write_libreoffice_ods(project / DECK_DIR / "heroes.ods", rows, macro=True)
    use_sheet(project, "heroes.ods")
    result = run_pnp(project, "validate", "tiny", "--quick")
    assert not [line for line in findings(result, "error") if "heroes.ods" in line], result.output
    assert "knight" in run_pnp(project, "list", "tiny", "--format", "json").output


def test_a_header_row_with_formulas_left_past_the_table_is_one_error_naming_each_repeat(project: Path):
    """A designer's Excel sheet (burcelee/the_devil_and_the_deep_blue_sea's cards.xlsx) has formulas past its last
    header that show 0 in R1:V1: the name 0 given five times is one mistake, one error at its first repeat."""
    import openpyxl

    book = openpyxl.Workbook()
    book.active.title = "cards"
    book.active.append(["id", "name", 0, 0, 0])
    book.active.append(["knight", "Knight"])
    book.save(project / DECK_DIR / "heroes.xlsx")
    use_sheet(project, "heroes.xlsx")
    result = run_pnp(project, "validate", "tiny", "--quick")
    assert findings(result, "error") == [f"{DECK_DIR}/heroes.xlsx[cards]!D1: error: column D '0', column E '0' repeat column C '0' (all give field "
                                         "'0'): rename or remove the repeats"], result.output


def test_a_deck_whose_every_card_has_no_copies_is_said_so_not_told_to_add_decks(project: Path):
    """A CardMaker project's `empty_list.csv` is its header and one row of zeros: its one card has 0 copies, so
    `--only cards` builds nothing; pnp says why, not that the game lacks the deck it has."""
    game = project / "data/bare"
    (game / "decks").mkdir(parents=True)
    (game / "game.yaml").write_text("title: Bare\npitch: Nothing yet.\nplayers: {min: 2, max: 4}\nage: 8\nplay_time: 15\n", encoding="utf-8")
    (game / "decks/cards.yaml").write_text("name: Cards\nsize: poker\nfront: bare/c.j2\nback: bare/c.j2\ncards_from: cards.csv\n", encoding="utf-8")
    write_csv(game / "decks/cards.csv", [["id", "name", "count"], ["knight", "Knight", "0"]])
    (project / "templates/bare").mkdir(parents=True)
    (project / "templates/bare/c.j2").write_text('{{ text(card.name, 4, 4, 40, 10) }}\n', encoding="utf-8")
    result = run_pnp(project, "build", "bare", "--only", "cards")
    said = [line for line in result.output.splitlines() if "nothing to build" in line]
    assert said == ["bare: nothing to build: its decks give no copy of any card (each card's count is 0): give the cards a count of 1 or "
                    "more"], result.output


def test_a_sheet_of_one_row_that_is_a_card_is_one_error_saying_so(project: Path):
    """A CardMaker project's `version` sheet holds one number (1.5) and nothing else: read as a header with no card under
    it, the one finding says the row looks like a card, not also that the sheet has no card."""
    import openpyxl

    book = openpyxl.Workbook()
    book.active.title = "version"
    book.active.append([1.5])
    book.save(project / DECK_DIR / "heroes.xlsx")
    use_sheet(project, "heroes.xlsx")
    result = run_pnp(project, "validate", "tiny", "--quick")
    assert [line for line in result.output.splitlines() if "heroes.xlsx" in line] == [
        f"{DECK_DIR}/heroes.xlsx[version]!A1: error: row 1 is read as the field names, yet it looks like a card (each of its cells is a number "
        "or a sentence: '1.5'): write the field names in a row above it, or that card is lost and its values name the fields"], result.output


def art_deck(project: Path, images: dict[str, str], more: str = "", size: tuple[int, int] = (750, 1050), front: str = "tiny/hero.j2",
             back: str = "tiny/back.j2") -> None:
    """A deck `art` whose cards come from the folder `art/` beside it, holding `images` (file name → colour, each of
    `size` px: 750 × 1050 is a poker card at 300 dpi), its YAML ending with `more`."""
    from PIL import Image

    folder = project / DECK_DIR / "art"
    folder.mkdir()
    for name, colour in images.items():
        Image.new("RGB", size, colour).save(folder / name)
    (project / DECK_DIR / "art.yaml").write_text(f"name: Art\nsize: poker\nfront: {front}\nback: {back}\ncards_from: art/\n{more}", encoding="utf-8")


def test_a_folder_of_pictures_named_in_japanese_makes_a_card_of_each(project: Path):
    """A proxy printer's folder of art (Proxy-PDF-Maker keeps one per card, named as the card is) named in Japanese: no
    letter of an id's alphabet is in 龍 or 火の鳥, so each card's id is made as a sheet's row without one is (`card`,
    `card-2`), and both pictures are cards, not one mistake to rename."""
    art_deck(project, {"火の鳥.png": "white", "龍.png": "white"}, "keep_fields: [image]\n", size=(250, 350))
    result = run_pnp(project, "list", "tiny")
    assert "both make the card" not in result.output + result.stderr, result.output + result.stderr
    assert [line.split()[:5] for line in result.output.splitlines() if " art " in line] == [["deck", "art", "63.5", "×", "88.9"]], result.output
    assert " 2 cards " in next(line for line in result.output.splitlines() if " art " in line), result.output


def test_a_proxy_pdf_maker_folder_prints_its_back_image_on_every_back_and_no_card_of_it(project: Path):
    """Proxy-PDF-Maker shows no image whose name starts with `__` as a card, and keeps the cards' back as `__back.png`
    beside them: the same folder read by pnp makes a card of each other image (the dragon in red, three copies of the
    ice in blue) and gives every card the back's path as `back_image`, which the deck's back template draws (black)."""
    art_deck(project, {"Fire_Dragon.png": "red", "ice-x3.png": "blue", "__back.png": "black", "__notes.png": "green"},
             front="tiny/art.j2", back="tiny/art-back.j2")
    cover = '{{ image(card.%s, 0, 0, face.w, face.h, fit="cover") }}\n'
    (project / "templates/tiny/art.j2").write_text(cover % "image", encoding="utf-8")
    (project / "templates/tiny/art-back.j2").write_text(cover % "back_image", encoding="utf-8")
    listed = json.loads(run_pnp(project, "list", "tiny", "--format", "json").stdout)[0]["decks"]
    made = next(deck for deck in listed if deck["id"] == "art")
    assert [(card["id"], card["count"]) for card in made["card_list"]] == [("Fire_Dragon", 1), ("ice", 3)], made
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--deck", "art", "--no-validate")
    assert result.exit_code == 0, result.output
    card = 250 * 350  # a poker card's pixels at 100 dpi (2.5 × 3.5 in)
    fronts, backs = (Counter({colour: n for n, colour in render_page(project / "output/tiny/tiny-cards-art.pdf", page).getcolors(1 << 24)})
                     for page in (0, 1))
    red, blue, black = (255, 0, 0), (0, 0, 255), (0, 0, 0)
    assert (fronts[red] // card, fronts[blue] // card, fronts[black] // card) == (1, 3, 0), fronts.most_common(4)  # a crop mark is no card
    assert (backs[red], backs[blue], backs[black] // card) == (0, 0, 4), backs.most_common(4)


def test_a_byte_not_utf8_in_a_windows_1252_sheet_is_said_at_its_cell(project: Path):
    """Excel in a European locale saves "CSV (semicolon-separated)" in Windows-1252, `é` as the byte 0xe9: the one
    error names the cell the byte is in (row 2, the third column), where the designer looks, and how to save it."""
    (project / DECK_DIR / "heroes.csv").write_bytes("id;name;text\r\nknight;Knight;Prenez une épée.\r\n".encode("cp1252"))
    use_sheet(project, "heroes.csv")
    result = run_pnp(project, "validate", "tiny", "--quick")
    assert findings(result, "error") == [f'{DECK_DIR}/heroes.csv:2:3: error: byte 0xe9 is not UTF-8: save the sheet as "CSV UTF-8"'], result.output


def test_a_card_named_null_prints_its_name(project: Path):
    """A board exported from Trello holds a card called `Null` (a spell that cancels another) and a `~` in a label. A
    spreadsheet program shows both as the text typed; the card prints `Null`, never Python's `None`, and the list keeps
    its `~`: a cell is empty only when nothing is in it."""
    from pdftext import pdf_text

    named = {"rogue": ("Null", "Spell, ~"), "mage": ("Mage", "~")}
    write_csv(project / DECK_DIR / "heroes.csv", [[*HEADER, "Labels"], *[[row[0], named.get(row[0], (row[1],))[0], *row[2:],
                                                                          named.get(row[0], ("", "Spell"))[1]] for row in ROWS]])
    use_sheet(project, "heroes.csv", "list_columns: {Labels: ','}\n")
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", '{{ text(card.Labels | join(" / "), 5, 72, 40, 6, size=8) }}\n'
                                                             "{% endblock %}"), encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 0, result.output
    printed = pdf_text(project / "output/tiny/tiny-cards.pdf")
    assert "Null" in printed and "Spell / ~" in printed and "None" not in printed, printed


def test_a_japanese_sheets_names_and_texts_reach_the_translators_sheet(project: Path):
    """Japanese is written without spaces and has no capitals, the two marks by which pnp tells a text to translate from
    a key (`side: red`): a deck whose cards are named 炎の竜 and 水の精, with texts such as 相手に3ダメージを与える。, has
    each card's name and text in `translate export`'s sheet; its element, a word of one or two characters (火, 森林), is a
    key that templates compare, as `side: red` is, and is left out."""
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("\npitch:", "\nlanguages: [en, de]\npitch:", 1), encoding="utf-8")
    japanese = [("炎の竜", "相手に3ダメージを与える。", "火"), ("水の精", "カードを1枚引く。", "水"), ("番人", "山札の上を見る。", "森林"),
                ("影", "隠れる", "火"), ("双子", "自分の裏面を持つ。", "水")]
    write_csv(project / DECK_DIR / "heroes.csv", [[*HEADER, "element"], *[[row[0], name, *row[2:4], text, *row[5:], element]
                                                                           for row, (name, text, element) in zip(ROWS, japanese, strict=True)]])
    use_sheet(project, "heroes.csv", "keep_fields: [element]\n")
    result = run_pnp(project, "translate", "export", "tiny", "--lang", "de")
    assert result.exit_code == 0, result.output
    import csv

    with (project / "output/tiny/translate/tiny-de.csv").open(encoding="utf-8-sig", newline="") as sheet:
        rows = {row["id"].split("#", 1)[1]: row["en"] for row in csv.DictReader(sheet) if "heroes.csv#" in row["id"]}
    assert rows == {f"cards[{row[0]}].{field}": text for row, words in zip(ROWS, japanese, strict=True)
                    for field, text in zip(("name", "text"), words[:2], strict=True)}, rows


def test_a_decimal_comma_in_a_semicolon_sheet_is_a_number_printed_as_written(project: Path):
    """Excel in a locale that writes 1,5 for one and a half saves "CSV (semicolon-separated)": its `;` says the file
    came from such a locale, so `1,5` is the number 1.5 that sums and doubles as the designer means (a template's
    `card.weight * 2` prints 3.0, not the text repeated, `1,51,5`), and prints `1,5` as typed where it is shown; so
    is a negative one, `-0,25`, a quarter less than nothing."""
    from pdftext import pdf_text

    rows = [[*row, {"knight": "1,5", "rogue": "-0,25"}.get(row[0], "2")] for row in ROWS]
    write_csv(project / DECK_DIR / "heroes.csv", [[*HEADER, "weight"], *rows], delimiter=";")
    use_sheet(project, "heroes.csv")
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", '{{ text("Doubled " ~ (card.weight * 2) ~ " from " ~ card.weight, '
                                                             '5, 72, 50, 6, size=8) }}\n{% endblock %}'), encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 0, result.output
    printed = pdf_text(project / "output/tiny/tiny-cards.pdf")
    assert "Doubled 3.0 from 1,5" in printed and "1,51,5" not in printed, printed
    assert "Doubled -0.5 from -0,25" in printed, printed


def test_a_colour_cell_holding_a_number_is_said_at_its_cell(project: Path):
    """protograf's blocks.csv fills a SHIELD column with colour names, and one row with `1`: the unknown colour is said
    at that cell, as a misspelt colour name is, and not at another cell of the row that holds a 1 too (its stars)."""
    rows = [[*row, "1" if row[0] == "att" else "gold"] for row in ROWS]
    write_csv(project / DECK_DIR / "heroes.csv", [[*HEADER, "SHIELD"], *rows])
    use_sheet(project, "heroes.csv")
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", '{{ rect(2, 2, 6, 6, fill=card.SHIELD) }}\n{% endblock %}'),
                    encoding="utf-8")
    result = run_pnp(project, "validate", "tiny")
    said = findings(result, "error")
    assert len(said) == 1 and said[0].startswith(f"{DECK_DIR}/heroes.csv:3:9: error: card.SHIELD: unknown colour '1'"), result.output


def test_art_outside_the_data_folder_is_not_offered_as_where_the_project_holds_a_sheets_picture(project: Path):
    """The path offered for art a sheet names from its own folder is one under data/, where a sheet and the art brought
    with it live: a copy under templates/ or in an export under output/ is no sheet's art, and the picture is missing,
    told to be added."""
    from PIL import Image

    for folder in ("templates/tiny/art", "output/tiny/png/art"):
        (project / folder).mkdir(parents=True)
        Image.new("RGB", (200, 200), "red").save(project / folder / "knight.png")
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", '{{ image("art/knight.png", 5, 40, 20, 20) }}\n{% endblock %}'),
                    encoding="utf-8")
    result = run_pnp(project, "validate", "tiny")
    errors = findings(result, "error")
    assert result.exit_code == 1 and len(errors) == 1, result.output
    assert errors[0].startswith("templates/tiny/hero.j2:7:4: error: image 'art/knight.png' not found: add the art, or build with --draft"), errors[0]


@pytest.mark.parametrize(("columns", "read", "field"), [(["SHIELD"], 'card["SHIELD"]', "card.SHIELD"),
                                                     (["SHIELD", "SHIELD_COLOUR"], "card.SHIELD_COLOUR", "card.SHIELD_COLOUR")],
                         ids=["subscript", "longer-name"])
def test_a_colour_cell_holding_a_number_is_said_at_the_cell_its_line_reads(project: Path, columns: list[str], read: str, field: str):
    """The template's line names the field whose `1` it was handed, written `card["SHIELD"]` as well as `card.SHIELD`:
    the error is at that cell (the row's last column), never at a field whose name merely begins the one read
    (`SHIELD` holds a 1 too, beside `SHIELD_COLOUR`)."""
    rows = [[*row, *(["1" if row[0] == "att" else "gold"] * len(columns))] for row in ROWS]
    write_csv(project / DECK_DIR / "heroes.csv", [[*HEADER, *columns], *rows])
    use_sheet(project, "heroes.csv")
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", f'{{{{ rect(2, 2, 6, 6, fill={read}) }}}}\n{{% endblock %}}'),
                    encoding="utf-8")
    said = findings(run_pnp(project, "validate", "tiny"), "error")
    column = len(HEADER) + len(columns)
    assert len(said) == 1 and said[0].startswith(f"{DECK_DIR}/heroes.csv:3:{column}: error: {field}: unknown colour '1'"), said


# pnp.data.ods_numbers.ods_plain_number_formats on sheets written as LibreOffice writes them: which number styles are
# the plain codes (OpenDocument 1.3 part 3, 16.29), and at which cell each lands through Calc's repeats
def _ods_formats(tmp_path: Path, rows: str, styles: str = "", named: str = "", columns: str = ALL_COLUMNS, sheet: str = "Cards"):
    from pnp.data.ods_numbers import ods_plain_number_formats

    write_libreoffice_ods(tmp_path / "deck.ods", rows, styles=styles, named=named, columns=columns)
    return ods_plain_number_formats(tmp_path / "deck.ods", sheet)


def _number_style(number: str, more: str = "", kind: str = "number-style") -> str:
    return (f'<number:{kind} style:name="N9">{number}{more}</number:{kind}>'
            '<style:style style:name="ce9" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="N9"/>')


@pytest.mark.parametrize(("number", "more", "code"), [
    ('<number:number number:decimal-places="2" number:min-decimal-places="2" number:min-integer-digits="1"/>', "", "0.00"),
    ('<number:number number:min-integer-digits="1"/>', "", "0"),  # no decimals written: none, Excel's `0`
    ('<number:number number:decimal-places="1" number:min-decimal-places="1"/>', "", "0.0"),  # one integer digit unless it says
    ('<number:number number:decimal-places="1" number:min-decimal-places="1" number:min-integer-digits="0"/>', "", None),  # .5
    ('<number:number number:decimal-places="0" number:min-decimal-places="0" number:min-integer-digits="1"/>',
     '<style:map style:condition="value()&gt;=0" style:apply-style-name="N9P0"/>', None),  # red when negative: conditional
    ('<number:number number:decimal-places="0" number:min-decimal-places="0" number:min-integer-digits="1">'
     '<number:embedded-text number:position="2">-</number:embedded-text></number:number>', "", None),  # 12-345: words in it
], ids=["fixed", "no-decimals-said", "no-integer-digits-said", "no-integer-digit", "conditional", "embedded-text"])
def test_an_ods_number_style_is_the_plain_code_it_writes_or_none(tmp_path: Path, number: str, more: str, code):
    """A number style is Excel's plain code where it holds one number, its decimals fixed, one integer digit (the
    attributes' defaults when Calc leaves them out: no decimals, one digit), and no grouping unless it says so; a
    style:map (a colour for negatives) or words inside the number make it none."""
    rows = f"<table:table-row>{number_cell('3', '3', 'float', 'ce9')}</table:table-row>"
    assert _ods_formats(tmp_path, rows, _number_style(number, more)) == ({(1, 1): code} if code else {})


def test_an_ods_cell_style_and_a_drawing_style_of_one_name_are_apart(tmp_path: Path):
    """A style's name is its own within its family (OpenDocument's style:name): Calc's `Default` cell style given
    `0.00` and its `Default` drawing style (styles.xml) are two styles, and a cell of the cell style shows 0.00."""
    named = ('<number:number-style style:name="N2"><number:number number:decimal-places="2" number:min-decimal-places="2" '
             'number:min-integer-digits="1"/></number:number-style>'
             '<style:style style:name="Default" style:family="table-cell" style:data-style-name="N2"/>'
             '<style:style style:name="Default" style:family="graphic"/>')
    styles = '<style:style style:name="ce1" style:family="table-cell" style:parent-style-name="Default"/>'
    rows = f"<table:table-row>{number_cell('3', '3.00', 'float', 'ce1')}</table:table-row>"
    assert _ods_formats(tmp_path, rows, styles, named) == {(1, 1): "0.00"}


def test_ods_cell_styles_naming_each_other_as_parents_give_no_code(tmp_path: Path):
    styles = ('<style:style style:name="ce1" style:family="table-cell" style:parent-style-name="ce2"/>'
              '<style:style style:name="ce2" style:family="table-cell" style:parent-style-name="ce1"/>' + _number_style(
                  '<number:number number:decimal-places="2" number:min-decimal-places="2" number:min-integer-digits="1"/>'))
    rows = f"<table:table-row>{number_cell('3', '3', 'float', 'ce1')}{number_cell('3', '3.00', 'float', 'ce9')}</table:table-row>"
    assert _ods_formats(tmp_path, rows, styles) == {(1, 2): "0.00"}


def test_an_ods_numbers_format_lands_at_its_cell_through_calcs_repeated_cells_and_rows(tmp_path: Path):
    """Calc writes alike neighbours once with a repeat: two empty cells before a value, a value in two cells alike, two
    rows alike. Each format lands at the cell the sheet shows it in, and the rows after a repeat are counted past it;
    a value past the columns the sheet declares takes no column's style."""
    two = _number_style('<number:number number:decimal-places="2" number:min-decimal-places="2" number:min-integer-digits="1"/>')
    value = number_cell("3", "3.00", "float", "ce9")
    twice = value.replace("<table:table-cell ", '<table:table-cell table:number-columns-repeated="2" ', 1)
    rows = (f'<table:table-row><table:table-cell table:number-columns-repeated="2"/>{value}</table:table-row>'
            f"<table:table-row>{twice}{value}</table:table-row>"
            f'<table:table-row table:number-rows-repeated="2">{value}</table:table-row>'
            f"<table:table-row>{text_cell('x')}{value}</table:table-row>"
            f"<table:table-row>{text_cell('x')}{number_cell('3', '3')}</table:table-row>")
    columns = '<table:table-column table:default-cell-style-name="ce9"/>'
    assert _ods_formats(tmp_path, rows, two, columns=columns) == {
        (1, 3): "0.00", (2, 1): "0.00", (2, 2): "0.00", (2, 3): "0.00", (3, 1): "0.00", (4, 1): "0.00", (5, 2): "0.00"}


def test_an_ods_sheet_the_workbook_lacks_has_no_formats(tmp_path: Path):
    rows = f"<table:table-row>{number_cell('3', '3.00', 'float', 'ce9')}</table:table-row>"
    assert _ods_formats(tmp_path, rows, _number_style('<number:number number:min-integer-digits="1"/>'), sheet="Other") == {}


def test_a_folder_of_only_a_proxy_pdf_maker_back_says_its_images_named_so_are_no_card(project: Path):
    """A folder holding `__back.png` alone has no card: the error says it holds images, but only those named `__…`,
    which are no card, so the designer knows why the back is not taken for one."""
    art_deck(project, {"__back.png": "black"})
    said = [line for line in findings(run_pnp(project, "validate", "tiny", "--quick"), "error") if "art/" in line]
    assert len(said) == 1, said
    assert "cards_from names the folder data/tiny/decks/art/, which holds no PNG, JPEG or WebP image but those named __…, which are no card" in said[0]


def test_a_folder_image_named_with_one_leading_underscore_is_a_card(project: Path):
    """Proxy-PDF-Maker's mark of an image that is no card is two underscores (`__back.png`); `_dragon.png` is a card."""
    art_deck(project, {"_dragon.png": "black", "__back.png": "black"}, "keep_fields: [image]\n")
    listed = json.loads(run_pnp(project, "list", "tiny", "--format", "json").stdout)[0]["decks"]
    assert [deck["cards"] for deck in listed if deck["id"] == "art"] == [1], listed


def test_a_deck_with_both_cards_and_a_folder_of_images_is_one_error_saying_keep_one(project: Path):
    art_deck(project, {"dragon.png": "black"}, "cards:\n  - {id: imp, name: Imp}\n")
    said = [line for line in findings(run_pnp(project, "validate", "tiny", "--quick"), "error") if "art.yaml" in line]
    assert [line.split(": error: ")[1] for line in said] == ["this deck has both `cards:` and `cards_from:`: keep one"], said



def json_errors(project: Path, *args: str) -> list[dict]:
    """The errors `pnp validate tiny --quick --format json` gives, as a script reading them sees each."""
    return [f for f in json.loads(run_pnp(project, "validate", "tiny", "--quick", "--format", "json", *args).stdout) if f["severity"] == "error"]


def test_an_empty_folder_of_images_is_one_error_of_its_game_at_cards_from_saying_it_holds_none(project: Path):
    """A folder with no image in it, and none named `__…` either, is the one `deck-no-images` error at the deck's
    `cards_from` (its line 5, column 13), saying only that it holds no image."""
    art_deck(project, {})
    assert json_errors(project) == [{
        "severity": "error", "code": "deck-no-images", "file": "data/tiny/decks/art.yaml", "line": 5, "column": 13, "game": "tiny",
        "message": "cards_from names the folder data/tiny/decks/art/, which holds no PNG, JPEG or WebP image: put the card images there, "
                   "or name a spreadsheet", "component": "", "places": [], "edition": ""}]


def test_two_pictures_making_one_card_id_are_one_error_at_the_second_naming_both(project: Path):
    """An id keeps letters, digits, `-` and `_`, each other run of characters one `-`: `Fire Dragon.png` and
    `Fire-Dragon.png` both make the card `Fire-Dragon`. The one error is at the second in name order (a space sorts
    before a hyphen), naming the first, for the designer to rename one; `ice-x2.png` and `ice.png`, later in the
folder, are a second such error, since every mistake is said at once."""
    art_deck(project, {"Fire Dragon.png": "red", "Fire-Dragon.png": "red", "ice-x2.png": "blue", "ice.png": "blue"}, "keep_fields: [image]\n")
    art = "data/tiny/decks/art"
    assert [(f["code"], f["game"], f["file"], f["message"]) for f in json_errors(project)] == [
        ("card-duplicate-id", "tiny", f"{art}/Fire-Dragon.png", f"{art}/Fire-Dragon.png and {art}/Fire Dragon.png both make the card 'Fire-Dragon': rename one"),
        ("card-duplicate-id", "tiny", f"{art}/ice.png", f"{art}/ice.png and {art}/ice-x2.png both make the card 'ice': rename one")]


def test_a_pictures_id_drops_the_underscores_around_its_name_and_a_name_with_no_id_letter_is_card_card_2(project: Path):
    """`_Xeno_.png` is the card `Xeno` (an id neither starts nor ends with `-` or `_`); 火の鳥.png and 龍.png hold no
    letter an id may hold, so they are `card` and `card-2`, in name order, as a sheet's rows without an id are."""
    art_deck(project, {"_Xeno_.png": "red", "火の鳥.png": "white", "龍.png": "white"}, "keep_fields: [image]\n")
    listed = json.loads(run_pnp(project, "list", "tiny", "--format", "json").stdout)[0]["decks"]
    assert [card["id"] for deck in listed if deck["id"] == "art" for card in deck["card_list"]] == ["Xeno", "card", "card-2"], listed


def test_a_cards_from_ending_in_a_backslash_names_a_folder_as_one_ending_in_a_slash_does(project: Path):
    """A name written with Windows' separator at its end (`cards_from: pictures\\`) names a folder, as `pictures/`
    does: missing, it is said to be a folder that is not there, not a spreadsheet that is no file."""
    art_deck(project, {"dragon.png": "red"})
    deck = project / DECK_DIR / "art.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("cards_from: art/", "cards_from: pictures\\"), encoding="utf-8")
    assert [(f["code"], f["game"], f["message"]) for f in json_errors(project)] == [
        ("deck-no-images", "tiny", "cards_from names the folder pictures\\, which is not there beside art.yaml: make it and put the card images in it")]

PROXY_SAMPLE = Path(__file__).parent / "samples/proxy/proxy-pdf-maker-sample_project.json"


def proxy_project(project: Path, images: dict[str, str], file_name: str, text: str, folder: str = "tutorial_cards") -> None:
    """A deck `proxies` read from the proxy printer's project file `file_name` (holding `text`) beside it, its images
    (file name → colour, a poker card's 250 × 350 px) in `folder`; the front draws `card.image`, the back `card.back_image`."""
    from PIL import Image

    decks = project / DECK_DIR
    (decks / folder).mkdir(parents=True)
    for name, colour in images.items():
        Image.new("RGB", (250, 350), colour).save(decks / folder / name)
    (decks / file_name).write_text(text, encoding="utf-8")
    cover = '{{ image(card.%s, 0, 0, face.w, face.h, fit="cover") }}\n'
    (project / "templates/tiny/proxy.j2").write_text(cover % "image", encoding="utf-8")
    (project / "templates/tiny/proxy-back.j2").write_text("{% if card.back_image %}" + cover % "back_image" + "{% endif %}", encoding="utf-8")
    (decks / "proxies.yaml").write_text(f"name: Proxies\nsize: poker\nfront: tiny/proxy.j2\nback: tiny/proxy-back.j2\ncards_from: {file_name}\n", encoding="utf-8")


def colour_cards(page, colours: dict[str, tuple[int, int, int]]) -> dict[str, int]:
    """How many poker cards' worth (at 100 dpi) of each colour a rendered page shows, within a JPEG's drift."""
    counts = Counter()
    for n, (r, g, b) in page.getcolors(1 << 24):
        for name, (cr, cg, cb) in colours.items():
            if abs(r - cr) + abs(g - cg) + abs(b - cb) <= 24:
                counts[name] += n
    return {name: round(counts[name] / (250 * 350)) for name in colours}


def test_a_proxy_pdf_maker_project_deals_each_card_its_copies_and_its_own_back(project: Path):
    """Proxy-PDF-Maker's own sample project, as the tool saved it: seven cards to print (two Pathways of two copies, five
    of one), three images hidden as the backs of two-sided cards and named as those cards' `backside`, `__back.png`
    every other card's back. `cards_from: proj.json` deals the same nine cards, each two-sided card backed by its own
    other side, the rest by the default back."""
    sample = json.loads(PROXY_SAMPLE.read_text(encoding="utf-8"))
    colour = {"073r_Timbercrown_Pathway.png": "green", "090r_Lavaglide_Pathway.png": "blue", "Jace_Telepath_Unbound.jpg": "yellow",
              "__back.png": "black"}
    proxy_project(project, {card["name"]: colour.get(card["name"], "red") for card in sample["cards"]}, "proj.json", PROXY_SAMPLE.read_text(encoding="utf-8"))
    listed = json.loads(run_pnp(project, "list", "tiny", "--format", "json").stdout)[0]["decks"]
    made = next(deck for deck in listed if deck["id"] == "proxies")
    assert [(card["id"], card["count"]) for card in made["card_list"]] == [
        ("073f_Cragcrown_Pathway", 2), ("090f_Riverglide_Pathway", 2), ("Hengegate_Pathway", 1), ("Jace_Vryns_Prodigy", 1),
        ("Jenova_Ancient_Calamity", 1), ("Lightning_Bolt_1", 1), ("The_Warring_Triad", 1)], made
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--deck", "proxies", "--no-validate")
    assert result.exit_code == 0, result.output
    pdf = project / "output/tiny/tiny-cards-proxies.pdf"
    rgb = {"red": (255, 0, 0), "green": (0, 128, 0), "blue": (0, 0, 255), "yellow": (255, 255, 0), "black": (0, 0, 0)}
    assert colour_cards(render_page(pdf, 0), rgb) == {"red": 9, "green": 0, "blue": 0, "yellow": 0, "black": 0}
    assert colour_cards(render_page(pdf, 1), rgb) == {"red": 0, "green": 2, "blue": 2, "yellow": 1, "black": 4}


def test_a_print_proxy_prep_project_deals_its_counts_and_an_unlisted_image_once(project: Path):
    """print-proxy-prep saves `print.json` beside its `images/` folder, each image's copies under `cards` (0: not
    printed); an image added since is one copy, as the program itself counts a new image."""
    counts = {"cards": {"bolt.png": 3, "spare.png": 0}, "columns": 5, "pagesize": "Letter", "orient": "Portrait", "filename": "_printme"}
    proxy_project(project, {"bolt.png": "red", "spare.png": "blue", "new.png": "green"}, "print.json", json.dumps(counts), folder="images")
    listed = json.loads(run_pnp(project, "list", "tiny", "--format", "json").stdout)[0]["decks"]
    made = next(deck for deck in listed if deck["id"] == "proxies")
    assert [(card["id"], card["count"]) for card in made["card_list"]] == [("bolt", 3), ("new", 1), ("spare", 0)], made


def test_a_proxy_project_listing_a_card_whose_image_is_gone_is_one_warning_at_its_name(project: Path):
    """A card the project lists whose image was deleted since would not print in the tool either: one warning, at the
    line and column of its name in the project file, naming the folder to put it back in (the project saved on
    Windows: its folder written with a backslash)."""
    text = '{\n    "cards": [\n        {"name": "a.png", "num": 1, "hidden": 0},\n        {"name": "gone.png", "num": 2, "hidden": 0}\n    ],\n    "image_dir": "set\\\\art"\n}\n'
    proxy_project(project, {"a.png": "red"}, "proj.json", text, folder="set/art")
    result = run_pnp(project, "validate", "tiny", "--quick")
    said = [line for line in result.output.splitlines() if "gone.png" in line]
    assert len(said) == 1 and said[0].startswith("data/tiny/decks/proj.json:4:18: warning:"), said
    assert "data/tiny/decks/set/art/" in said[0], said


def test_a_proxy_project_cut_short_is_one_error_at_where_its_json_stops(project: Path):
    """A project file saved half (the tool closed while writing): one error at the line and column JSON stops making
    sense, and no deck dealt from a guess."""
    proxy_project(project, {"a.png": "red"}, "proj.json", '{\n    "cards": [\n        {"name": "a.png", "num": }\n', folder="art")
    result = run_pnp(project, "validate", "tiny", "--quick")
    said = [line for line in result.output.splitlines() if "proj.json" in line]
    assert len(said) == 1 and said[0].startswith("data/tiny/decks/proj.json:3:34: error: JSON syntax"), result.output
    assert result.exit_code != 0


def test_a_folder_a_proxy_project_keeps_is_one_warning_naming_the_project_to_deal_from(project: Path):
    """The designer names Proxy-PDF-Maker's folder of images rather than its project file: each image is then one card
    (the sample's hidden backs among them), so the one warning, at `cards_from`, names the project file to write."""
    sample = json.loads(PROXY_SAMPLE.read_text(encoding="utf-8"))
    proxy_project(project, {card["name"]: "red" for card in sample["cards"]}, "proj.json", PROXY_SAMPLE.read_text(encoding="utf-8"))
    said = proxy_folder_named_alone(project, "tutorial_cards/")
    assert len(said) == 1 and said[0].startswith("data/tiny/decks/proxies.yaml:5:13: warning:") and "cards_from: proj.json" in said[0], said


def proxy_folder_named_alone(project: Path, folder: str) -> list[str]:
    """The lines `pnp validate --quick` says of a proxy project once the deck `proxies` names `folder` instead of it."""
    deck = project / DECK_DIR / "proxies.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("cards_from: proj.json", f"cards_from: {folder}"), encoding="utf-8")
    return [line for line in run_pnp(project, "validate", "tiny", "--quick").output.splitlines() if "proxy project" in line]


def test_a_folder_a_proxy_project_saved_on_windows_keeps_is_warned_of_as_any_other(project: Path):
    """Proxy-PDF-Maker on Windows saves its `image_dir` with a backslash (`set\\art`): a deck naming that folder alone
    (`cards_from: set/art/`) still deals none of the project's copies, so the same one warning names the project file."""
    text = json.dumps({"image_dir": "set\\art", "backside_enabled": True, "cards": [{"name": "a.png", "num": 3, "hidden": 0, "backside": ""}]})
    proxy_project(project, {"a.png": "red"}, "proj.json", text, folder="set/art")
    said = proxy_folder_named_alone(project, "set/art/")
    assert len(said) == 1 and said[0].startswith("data/tiny/decks/proxies.yaml:5:13: warning:") and "cards_from: proj.json" in said[0], said


def test_a_folder_a_proxy_project_keeps_outside_the_decks_folder_is_told_the_path_to_write(project: Path):
    """print-proxy-prep's print.json and its `images/` kept in the game's folder, the deck in decks/ naming the images
    (`cards_from: ../images/`): the one warning names the project as `cards_from` must, from the deck's folder."""
    proxy_project(project, {"bolt.png": "red"}, "print.json", json.dumps({"cards": {"bolt.png": 2}}), folder="images")
    decks = project / DECK_DIR
    (decks / "images").rename(project / "data/tiny/images")
    (decks / "print.json").rename(project / "data/tiny/print.json")
    deck = decks / "proxies.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("cards_from: print.json", "cards_from: ../images/"), encoding="utf-8")
    said = [f for f in json.loads(run_pnp(project, "validate", "tiny", "--quick", "--format", "json").stdout) if f["code"] == "proxy-project-unread"]
    assert [(f["file"], f["line"], f["message"].split("(each image one card): ")[1]) for f in said] == [
        (f"{DECK_DIR}/proxies.yaml", 5, "write cards_from: ../print.json")], said


def test_a_proxy_project_file_named_in_capitals_deals_its_counts_as_one_in_small_letters(project: Path):
    """A project file whose name ends in `.JSON` (as a Windows folder may show and keep it) is the tool's project all
    the same, as `.CSV` is a sheet: print-proxy-prep's three copies of one image and none of another."""
    counts = {"cards": {"bolt.png": 3, "spare.png": 0}, "columns": 5, "pagesize": "Letter", "orient": "Portrait", "filename": "_printme"}
    proxy_project(project, {"bolt.png": "red", "spare.png": "blue"}, "PRINT.JSON", json.dumps(counts), folder="images")
    listed = json.loads(run_pnp(project, "list", "tiny", "--format", "json").stdout)[0]["decks"]
    made = next(deck for deck in listed if deck["id"] == "proxies")
    assert [(card["id"], card["count"]) for card in made["card_list"]] == [("bolt", 3), ("spare", 0)], made


@pytest.mark.parametrize("enabled, backs", [(True, "green"), (False, "white")])
def test_a_proxy_projects_default_back_is_its_own_choice_and_none_while_its_backs_are_off(project: Path, enabled: bool, backs: str):
    """Proxy-PDF-Maker's `backside_default` names the image every card without its own back gets (here a hidden
    green one, though the folder also holds a black `__back.png`); with `backside_enabled` false the tool prints no
    backs, so no card has a `back_image` and the back template draws none."""
    text = json.dumps({"backside_default": "plain.png", "backside_enabled": enabled, "image_dir": "art",
                       "cards": [{"name": "a.png", "num": 1, "hidden": 0, "backside": ""}, {"name": "plain.png", "num": 0, "hidden": 1, "backside": ""}]})
    proxy_project(project, {"a.png": "red", "plain.png": "green", "__back.png": "black"}, "proj.json", text, folder="art")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--deck", "proxies", "--no-validate")
    assert result.exit_code == 0, result.output
    rgb = {"green": (0, 128, 0), "black": (0, 0, 0), "white": (255, 255, 255)}
    shown = colour_cards(render_page(project / "output/tiny/tiny-cards-proxies.pdf", 1), rgb)
    assert shown[backs] >= 1 and all(shown[c] == 0 for c in ("green", "black") if c != backs), shown


def test_a_proxy_pdf_maker_back_named_in_capitals_is_every_cards_back_all_the_same(project: Path):
    """`__Back.png` (as a designer on Windows, whose folders ignore case, may save it) is the cards' back as `__back.png`
    is: every back prints it (black), none is left blank."""
    art_deck(project, {"dragon.png": "red", "__Back.png": "black"}, front="tiny/art.j2", back="tiny/art-back.j2")
    cover = '{{ image(card.%s, 0, 0, face.w, face.h, fit="cover") }}\n'
    (project / "templates/tiny/art.j2").write_text(cover % "image", encoding="utf-8")
    (project / "templates/tiny/art-back.j2").write_text(cover % "back_image", encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--deck", "art", "--no-validate")
    assert result.exit_code == 0, result.output
    backs = Counter({colour: n for n, colour in render_page(project / "output/tiny/tiny-cards-art.pdf", 1).getcolors(1 << 24)})
    assert backs[(0, 0, 0)] // (250 * 350) == 1, backs.most_common(4)  # one poker card's pixels at 100 dpi, black


def test_a_folder_of_no_image_at_all_is_told_to_hold_the_card_images(project: Path):
    """A folder holding no picture (a note alone) has no card: the error says so, and names no `__…` image it lacks."""
    art_deck(project, {})
    (project / DECK_DIR / "art/notes.txt").write_text("art to come", encoding="utf-8")
    said = [line for line in findings(run_pnp(project, "validate", "tiny", "--quick"), "error") if "art" in line]
    assert said == [f"{DECK_DIR}/art.yaml:5:13: error: cards_from names the folder {DECK_DIR}/art/, which holds no PNG, JPEG or WebP image: "
                    "put the card images there, or name a spreadsheet"], said


def test_a_folder_deck_naming_a_folder_that_is_not_there_is_told_to_make_it(project: Path):
    (project / DECK_DIR / "art.yaml").write_text("name: Art\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ncards_from: art/\n", encoding="utf-8")
    said = [line for line in findings(run_pnp(project, "validate", "tiny", "--quick"), "error") if "art" in line]
    assert said == [f"{DECK_DIR}/art.yaml:5:13: error: cards_from names the folder art/, which is not there beside art.yaml: "
                    "make it and put the card images in it"], said


def proxy_cards(project: Path) -> list[tuple[str, int]]:
    """The cards, with their copies, that `pnp list` says the deck `proxies` deals."""
    listed = json.loads(run_pnp(project, "list", "tiny", "--format", "json").stdout)[0]["decks"]
    return [(card["id"], card["count"]) for card in next(deck for deck in listed if deck["id"] == "proxies")["card_list"]]


def test_a_print_proxy_prep_projects_back_is_the_folders_back_image(project: Path):
    """print.json says nothing of backs (print-proxy-prep has no `backside_enabled`): the folder's `__back.png` is every
    card's back, as in a folder deck, so the two copies of the bolt print two black backs."""
    counts = {"cards": {"bolt.png": 2}, "columns": 5, "pagesize": "Letter", "orient": "Portrait", "filename": "_printme"}
    proxy_project(project, {"bolt.png": "red", "__back.png": "black"}, "print.json", json.dumps(counts), folder="images")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--deck", "proxies", "--no-validate")
    assert result.exit_code == 0, result.output
    shown = colour_cards(render_page(project / "output/tiny/tiny-cards-proxies.pdf", 1), {"black": (0, 0, 0), "red": (255, 0, 0)})
    assert shown == {"black": 2, "red": 0}, shown


def test_a_deck_whose_folder_of_images_is_the_games_own_deals_them_and_looks_for_no_project_above(project: Path):
    """`cards_from: ../` names the game's own folder: its images are the cards, and the search for a proxy project
    keeping them stops at the game's folder (it looks in the folders between, never above the game)."""
    from PIL import Image

    Image.new("RGB", (250, 350), "red").save(project / "data/tiny/relic.png")
    (project / DECK_DIR / "art.yaml").write_text("name: Art\nsize: poker\nfront: tiny/proxy.j2\ncards_from: ../\n", encoding="utf-8")
    (project / "templates/tiny/proxy.j2").write_text('{{ image(card.image, 0, 0, face.w, face.h, fit="cover") }}\n', encoding="utf-8")
    listed = json.loads(run_pnp(project, "list", "tiny", "--format", "json").stdout)[0]["decks"]
    assert [(c["id"], c["count"]) for c in next(d for d in listed if d["id"] == "art")["card_list"]] == [("relic", 1)]


def test_a_proxy_project_card_listed_without_its_num_is_one_copy(project: Path):
    """A card entry with no `num` (a project file trimmed by hand) is one copy, as an image the project does not list
    is; the card beside it keeps its own three."""
    text = json.dumps({"image_dir": "art", "cards": [{"name": "a.png", "hidden": 0}, {"name": "b.png", "num": 3, "hidden": 0}]})
    proxy_project(project, {"a.png": "red", "b.png": "blue"}, "proj.json", text, folder="art")
    assert proxy_cards(project) == [("a", 1), ("b", 3)]


@pytest.mark.parametrize("num", ["true", '"2"', "1.5", "-1"])
def test_a_proxy_project_count_that_is_no_whole_number_is_one_error_at_the_count(project: Path, num: str):
    """JSON's `true` is no count, nor a number in quotes, a fraction or a negative one: one error, at the line and column
    of the count in the project file (its value, after `"num": `)."""
    text = '{\n    "image_dir": "art",\n    "cards": [\n        {"name": "a.png", "num": ' + num + ', "hidden": 0}\n    ]\n}\n'
    proxy_project(project, {"a.png": "red"}, "proj.json", text, folder="art")
    said = findings(run_pnp(project, "validate", "tiny", "--quick"), "error")
    assert said == [f"data/tiny/decks/proj.json:4:34: error: {num} is no count of copies: write a whole number, 0 or more"], said


def test_a_json_file_that_is_no_proxy_project_is_one_error_saying_what_to_name(project: Path):
    """A deck naming a JSON file that lists no `cards` (the tool's settings, say) is told at the file's start that it
    is no proxy project, and what to name instead: no internal error."""
    proxy_project(project, {"a.png": "red"}, "settings.json", '{"columns": 5, "pagesize": "Letter"}\n', folder="images")
    result = run_pnp(project, "validate", "tiny", "--quick")
    assert findings(result, "error") == [
        "data/tiny/decks/settings.json:1:1: error: data/tiny/decks/settings.json is no Proxy-PDF-Maker or print-proxy-prep project (it lists no "
        "`cards`): name the folder of images instead (cards_from: images/), or a spreadsheet"], result.output + result.stderr


def test_a_proxy_projects_image_folder_outside_the_games_folder_is_refused_at_its_image_dir(project: Path):
    """`image_dir` may not lead out of the game's folder, even to a folder of the project beside it (another game's
    art): one error at `image_dir`, and no card read from there."""
    from PIL import Image

    (project / "art").mkdir()
    Image.new("RGB", (250, 350), "red").save(project / "art/a.png")
    text = '{\n    "cards": [],\n    "image_dir": "../../../art"\n}\n'
    proxy_project(project, {}, "proj.json", text, folder="kept")
    said = findings(run_pnp(project, "validate", "tiny", "--quick"), "error")
    assert said == ["data/tiny/decks/proj.json:3:18: error: data/tiny/decks/proj.json keeps its images in '../../../art', which is not inside "
                    "the game's folder: copy the images beside proj.json"], said


def test_a_deck_naming_a_proxy_project_that_is_not_there_is_told_to_copy_it_there(project: Path):
    (project / DECK_DIR / "proxies.yaml").write_text("name: Proxies\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ncards_from: proj.json\n",
                                                     encoding="utf-8")
    said = findings(run_pnp(project, "validate", "tiny", "--quick"), "error")
    assert said == [f"{DECK_DIR}/proxies.yaml:5:13: error: cards_from names 'proj.json', which is no file beside proxies.yaml: fix the name, "
                    "or copy the tool's project file and its folder of images there"], said


def test_print_proxy_preps_images_folder_named_alone_is_one_warning_naming_print_json(project: Path):
    """The designer names print-proxy-prep's `images/` rather than the `print.json` beside it, which keeps its counts:
    one warning, at `cards_from`, naming the file to write."""
    proxy_project(project, {"bolt.png": "red"}, "print.json", json.dumps({"cards": {"bolt.png": 3}}), folder="images")
    deck = project / DECK_DIR / "proxies.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("cards_from: print.json", "cards_from: images/"), encoding="utf-8")
    said = [line for line in run_pnp(project, "validate", "tiny", "--quick").output.splitlines() if "proxy project" in line]
    assert len(said) == 1 and said[0].startswith("data/tiny/decks/proxies.yaml:5:13: warning:") and "cards_from: print.json" in said[0], said


def test_a_two_sided_card_prints_no_back_while_the_projects_backs_are_off(project: Path):
    """Proxy-PDF-Maker with `backside_enabled` false prints no back page at all, a two-sided card's own other side
    (`backside`) as little as the default back: the card is dealt without a `back_image`, its back left blank."""
    text = json.dumps({"backside_default": "__back.png", "backside_enabled": False, "image_dir": "art",
                       "cards": [{"name": "a.png", "num": 1, "hidden": 0, "backside": "b.png"}, {"name": "b.png", "num": 0, "hidden": 1, "backside": ""}]})
    proxy_project(project, {"a.png": "red", "b.png": "green", "__back.png": "black"}, "proj.json", text, folder="art")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--deck", "proxies", "--no-validate")
    assert result.exit_code == 0, result.output
    shown = colour_cards(render_page(project / "output/tiny/tiny-cards-proxies.pdf", 1), {"green": (0, 128, 0), "black": (0, 0, 0), "white": (255, 255, 255)})
    assert shown["green"] == shown["black"] == 0 and shown["white"] >= 1, shown


@pytest.mark.parametrize("image_dir", [None, "  "], ids=["missing", "blank"])
def test_a_proxy_pdf_maker_project_naming_no_folder_of_images_is_one_error_at_its_cards(project: Path, image_dir):
    """Proxy-PDF-Maker keeps its images' folder in `image_dir`: a project without one, or with a blank one, deals no
    card, and the one error is at its `cards` key (line 2, column 5), telling the designer to save it again."""
    text = '{\n    "cards": [{"name": "a.png", "num": 1, "hidden": 0}]' + ("" if image_dir is None else f',\n    "image_dir": "{image_dir}"') + "\n}\n"
    proxy_project(project, {"a.png": "red"}, "proj.json", text, folder="art")
    assert [(f["code"], f["game"], f["file"], f["line"], f["column"], f["message"]) for f in json_errors(project)] == [
        ("proxy-project-unknown", "tiny", f"{DECK_DIR}/proj.json", 2, 5,
         f"{DECK_DIR}/proj.json names no folder of images (`image_dir`): save the project again from the tool")]


def test_a_print_proxy_prep_count_that_is_no_whole_number_is_one_error_at_it_and_a_gone_image_a_warning_at_its_name(project: Path):
    """print-proxy-prep's `cards` maps each image to its copies: `-1` is no count (an error at the value, line 3,
    column 17); `gone.png`, listed with 2 copies but not in images/, is a warning at its name (line 4, column 5)."""
    text = '{\n  "cards": {\n    "bolt.png": -1,\n    "gone.png": 2\n  }\n}\n'
    proxy_project(project, {"bolt.png": "red"}, "print.json", text, folder="images")
    said = json.loads(run_pnp(project, "validate", "tiny", "--quick", "--format", "json").stdout)
    assert [(f["severity"], f["code"], f["game"], f["file"], f["line"], f["column"]) for f in said if "print.json" in f["file"]] == [
        ("error", "proxy-count", "tiny", f"{DECK_DIR}/print.json", 3, 17), ("warning", "proxy-image-missing", "tiny", f"{DECK_DIR}/print.json", 4, 5)], said
    assert said[0]["message"] == "-1 is no count of copies: write a whole number, 0 or more", said
    assert said[1]["message"] == (f"the project lists the card gone.png, which is not in {DECK_DIR}/images/: put the image back, or take the card out "
                                  "of the project in the tool"), said


@pytest.mark.parametrize("file_name, text", [
    ("print.json", {"cards": {"bolt.png": 2}}),
    ("proj.json", {"image_dir": "images", "backside_default": "", "cards": [{"name": "bolt.png", "num": 2, "hidden": 0, "backside": ""}]})],
    ids=["print-proxy-prep", "proxy-pdf-maker-no-default"])
def test_a_proxy_folders_back_image_is_every_cards_back_when_the_project_names_none(project: Path, file_name: str, text: dict):
    """print-proxy-prep lists no backs, and a Proxy-PDF-Maker project may leave `backside_default` empty: the folder's
    `__back.png` is then the back of every card, as both tools print it."""
    proxy_project(project, {"bolt.png": "red", "__back.png": "black"}, file_name, json.dumps(text), folder="images")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--deck", "proxies", "--no-validate")
    assert result.exit_code == 0, result.output
    rgb = {"red": (255, 0, 0), "black": (0, 0, 0)}
    assert colour_cards(render_page(project / "output/tiny/tiny-cards-proxies.pdf", 1), rgb) == {"red": 0, "black": 2}


def test_a_proxy_pdf_maker_entry_with_no_name_or_a_back_that_is_no_file_name_stops_nothing(project: Path):
    """A project edited by hand: an entry of `cards` that names no image lists no card, one without `num` is one copy
    (as the tool counts a new image), and a `backside` that is no file name leaves its card the default back
    (`__back.png`): the folder's images are dealt as ever, each backed in black."""
    text = json.dumps({"image_dir": "art", "cards": [{"num": 2, "hidden": 0}, "b.png", {"name": "a.png", "num": 3, "hidden": 0, "backside": 1},
                                                     {"name": "c.png", "hidden": 0}]})
    proxy_project(project, {"a.png": "red", "b.png": "blue", "c.png": "green", "__back.png": "black"}, "proj.json", text, folder="art")
    listed = json.loads(run_pnp(project, "list", "tiny", "--format", "json").stdout)[0]["decks"]
    assert [(card["id"], card["count"]) for deck in listed if deck["id"] == "proxies" for card in deck["card_list"]] == [("a", 3), ("b", 1), ("c", 1)], listed
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--deck", "proxies", "--no-validate")
    assert result.exit_code == 0, result.output
    assert colour_cards(render_page(project / "output/tiny/tiny-cards-proxies.pdf", 1), {"black": (0, 0, 0)}) == {"black": 5}


@pytest.mark.parametrize("num, said", [('"two"', '"two"'), ("-1", "-1"), ("true", "true"), ('"zwölf"', '"zwölf"')])
def test_a_proxy_pdf_maker_num_that_is_no_whole_number_is_one_error_at_it(project: Path, num: str, said: str):
    """A card's `num` is its copies, a whole number of 0 or more: anything else is one error at the value (line 3,
    column 40), naming what was given as it is written there (a German word with its `ö`, not JSON's `\\u00f6`)."""
    text = '{\n    "image_dir": "art",\n    "cards": [{"name": "a.png", "num": ' + num + ', "hidden": 0}]\n}\n'
    proxy_project(project, {"a.png": "red"}, "proj.json", text, folder="art")
    assert [(f["code"], f["game"], f["file"], f["line"], f["column"], f["message"]) for f in json_errors(project)] == [
        ("proxy-count", "tiny", f"{DECK_DIR}/proj.json", 3, 40, f"{said} is no count of copies: write a whole number, 0 or more")]


def test_a_proxy_project_cut_short_is_the_proxy_project_syntax_error_of_its_game(project: Path):
    """The one error a project file saved half gives, as `validate --format json` gives it to a script."""
    proxy_project(project, {"a.png": "red"}, "proj.json", '{\n    "cards": [\n        {"name": "a.png", "num": }\n', folder="art")
    assert [(f["code"], f["game"], f["file"], f["line"], f["column"]) for f in json_errors(project)] == [
        ("proxy-project-syntax", "tiny", f"{DECK_DIR}/proj.json", 3, 34)]


@pytest.mark.parametrize("text, line", [('"my cards"\n', 1), ('[]\n', 1), ('{"image_dir": "art"}\n', 1), ('\n\n{"image_dir": "art"}\n', 3)],
                         ids=["text", "list", "no-cards", "after-blank-lines"])
def test_a_json_file_that_is_no_proxy_project_is_one_error_at_its_start(project: Path, text: str, line: int):
    """A `.json` file that lists no `cards` is none of the two tools' projects: one error where its value begins (after
    any blank lines before it), saying what to name instead."""
    proxy_project(project, {"a.png": "red"}, "proj.json", text, folder="art")
    assert [(f["code"], f["game"], f["file"], f["line"], f["column"], f["message"]) for f in json_errors(project)] == [
        ("proxy-project-unknown", "tiny", f"{DECK_DIR}/proj.json", line, 1,
         f"{DECK_DIR}/proj.json is no Proxy-PDF-Maker or print-proxy-prep project (it lists no `cards`): name the folder of images instead "
         "(cards_from: images/), or a spreadsheet")]


def test_a_proxy_project_not_saved_as_utf8_is_one_error_at_its_byte(project: Path):
    """JSON is UTF-8: a project whose `é` was saved as Windows-1252's byte 0xe9 is one error at that byte."""
    proxy_project(project, {"a.png": "red"}, "proj.json", "", folder="art")
    (project / DECK_DIR / "proj.json").write_bytes('{"image_dir": "art",\n "cards": [{"name": "café.png", "num": 1}]}\n'.encode("cp1252"))
    assert [(f["code"], f["file"], f["line"], f["column"]) for f in json_errors(project)] == [("not-utf8", f"{DECK_DIR}/proj.json", 2, 25)]


def test_a_proxy_projects_folder_outside_the_game_is_one_error_at_its_image_dir(project: Path):
    """`image_dir` leading out of the game's folder is refused at its value (line 2, column 18), as any path out is."""
    proxy_project(project, {"a.png": "red"}, "proj.json", '{\n    "image_dir": "../../../templates",\n    "cards": []\n}\n', folder="art")
    assert [(f["code"], f["game"], f["file"], f["line"], f["column"], f["message"]) for f in json_errors(project)] == [
        ("path-outside", "tiny", f"{DECK_DIR}/proj.json", 2, 18, f"{DECK_DIR}/proj.json keeps its images in '../../../templates', which is not inside "
         "the game's folder: copy the images beside proj.json")]


def test_a_proxy_projects_empty_folder_is_the_folders_error_of_its_game_at_the_project(project: Path):
    proxy_project(project, {}, "proj.json", '{"image_dir": "art", "cards": []}\n', folder="art")
    assert [(f["code"], f["game"], f["file"], f["line"], f["column"]) for f in json_errors(project)] == [("deck-no-images", "tiny", f"{DECK_DIR}/proj.json", 1, 1)]


def test_a_proxy_project_listing_its_back_image_missing_warns_of_no_card(project: Path):
    """Proxy-PDF-Maker's sample lists its `__back.png` (hidden, no copies); an image named `__…` is no card, so a
    folder without it is no card missing: its other images all there, the project is read without a warning."""
    sample = json.loads(PROXY_SAMPLE.read_text(encoding="utf-8"))
    for card in sample["cards"]:
        card["hidden"] = 0 if card["name"] == "__back.png" else card["hidden"]
        card["num"] = 1 if card["name"] == "__back.png" else card["num"]
    proxy_project(project, {card["name"]: "red" for card in sample["cards"] if card["name"] != "__back.png"}, "proj.json", json.dumps(sample))
    said = json.loads(run_pnp(project, "validate", "tiny", "--quick", "--format", "json").stdout)
    assert [f for f in said if "proj.json" in f["file"] or "tutorial_cards" in f["file"]] == [], said


def test_only_a_json_project_listing_cards_beside_a_folder_is_named_as_the_one_keeping_it(project: Path):
    """Beside print-proxy-prep's `images/` lie a file that is no JSON, JSON that is no project (a list, settings
    without `cards`), a backup copy of print.json under another extension, a project of another folder and one linked
    in from outside the game: only
    print.json, the `.json` file listing `cards` whose folder `images/` is, is named in the one warning."""
    counts = json.dumps({"cards": {"bolt.png": 2}})
    proxy_project(project, {"bolt.png": "red"}, "print.json", counts, folder="images")
    decks = project / DECK_DIR
    for name, text in {"a-broken.json": "{", "a-copy.bak": counts, "a-other.json": '{"image_dir": "elsewhere", "cards": []}', "b-list.json": "[1]",
                       "c-settings.json": '{"image_dir": "images"}'}.items():
        (decks / name).write_text(text, encoding="utf-8")
    (project / "outside.json").write_text(counts, encoding="utf-8")
    (decks / "a-linked.json").symlink_to(project / "outside.json")  # a link to a file out of the game's folder is never read
    deck = decks / "proxies.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("cards_from: print.json", "cards_from: images/"), encoding="utf-8")
    said = [f for f in json.loads(run_pnp(project, "validate", "tiny", "--quick", "--format", "json").stdout) if f["code"] == "proxy-project-unread"]
    assert [(f["game"], f["file"], f["message"].split("(each image one card): ")[1]) for f in said] == [("tiny", f"{DECK_DIR}/proxies.yaml", "write cards_from: print.json")], said


def test_a_proxy_project_listing_a_gone_image_it_hides_or_prints_no_copy_of_warns_of_nothing(project: Path):
    """A hidden image is no card (the back of a two-sided one) and `num: 0` prints none: neither is a card the tool would
    print, so their images being gone is no warning."""
    text = json.dumps({"image_dir": "art", "cards": [{"name": "a.png", "num": 1, "hidden": 0}, {"name": "hid.png", "num": 1, "hidden": 1},
                                                     {"name": "zero.png", "num": 0, "hidden": 0}]})
    proxy_project(project, {"a.png": "red"}, "proj.json", text, folder="art")
    said = json.loads(run_pnp(project, "validate", "tiny", "--quick", "--format", "json").stdout)
    assert [f for f in said if f["file"].startswith(DECK_DIR)] == [], said


def test_a_proxy_project_file_that_is_not_there_is_one_error_at_cards_from(project: Path):
    """`cards_from: missing.json` names a proxy printer's project file beside the deck that is not there: one error at
    `cards_from` (line 4, column 13), saying to copy the project and its images there."""
    (project / DECK_DIR / "x.yaml").write_text("name: X\nsize: poker\nfront: tiny/hero.j2\ncards_from: missing.json\n", encoding="utf-8")
    assert [(f["code"], f["game"], f["file"], f["line"], f["column"], f["message"]) for f in json_errors(project)] == [
        ("sheet-missing", "tiny", f"{DECK_DIR}/x.yaml", 4, 13,
         "cards_from names 'missing.json', which is no file beside x.yaml: fix the name, or copy the tool's project file and its folder of images there")]


@pytest.mark.parametrize("name, kind", [("a\\0b/", "images"), ("a\\0b.json", "images"), ("a\\0b.csv", "sheet")])
def test_a_cards_from_holding_a_nul_character_is_refused_as_leaving_the_game(project: Path, name: str, kind: str):
    """No file name holds the NUL character (YAML's "\\0"): a folder, project file or sheet named with one is refused at
    `cards_from` as a path out of the game's folder, never looked for."""
    (project / DECK_DIR / "x.yaml").write_text(f'name: X\nsize: poker\nfront: tiny/hero.j2\ncards_from: "{name}"\n', encoding="utf-8")
    written = name.replace("\\0", "\0")
    assert [(f["code"], f["game"], f["file"], f["line"], f["column"], f["message"]) for f in json_errors(project)] == [
        ("path-outside", "tiny", f"{DECK_DIR}/x.yaml", 4, 13, f"cards_from '{written}' leads outside the game's folder: keep the {kind} inside data/tiny")]


@pytest.mark.parametrize("source, key, line", [("cards_from: x.csv\n", "cards_from", 4), ("cards_from: art/\n", "cards_from", 4),
                                               ("cards: [{id: a}]\n", "cards", 4)], ids=["sheet", "folder", "cards"])
def test_a_deck_with_generate_and_another_source_is_one_error_at_the_key_written(project: Path, source: str, key: str, line: int):
    """A deck's cards come from one place: `generate:` beside a sheet, a folder of images or written `cards:` is one
    error at the other key, naming it as the designer wrote it (a sheet or folder is not read first and called `cards:`)."""
    write_csv(project / DECK_DIR / "x.csv", [["id", "name"], ["a", "A"]])
    (project / DECK_DIR / "art").mkdir()
    (project / DECK_DIR / "art" / "a.png").write_bytes(b"")
    (project / DECK_DIR / "x.yaml").write_text(f"name: X\nsize: poker\nfront: tiny/hero.j2\n{source}generate:\n  id: '{{n}}'\n  values: {{n: [1, 2]}}\n",
                                               encoding="utf-8")
    assert [(f["code"], f["game"], f["file"], f["line"], f["column"], f["message"]) for f in json_errors(project)] == [
        ("deck-two-sources", "tiny", f"{DECK_DIR}/x.yaml", line, 1, f"this deck has both `{key}:` and `generate:`: keep one")]


def test_a_google_sheet_never_pulled_is_one_error_at_cards_from_saying_to_pull_it(project: Path):
    """A deck reading a Google Sheet by its web address is built from the snapshot `pnp pull` saves: before any pull,
    the one error at `cards_from` says to run it, and no command reaches the network to make up for it."""
    url = "https://docs.google.com/spreadsheets/d/abc/export?format=csv"
    (project / DECK_DIR / "x.yaml").write_text(f"name: X\nsize: poker\nfront: tiny/hero.j2\ncards_from: {url}\n", encoding="utf-8")
    assert [(f["code"], f["game"], f["file"], f["line"], f["column"], f["message"]) for f in json_errors(project)] == [
        ("live-no-snapshot", "tiny", f"{DECK_DIR}/x.yaml", 4, 13, "cards_from is a web address and no snapshot of it was pulled yet: run `pnp pull tiny` "
         "(a build never reaches the network; it reads the snapshot pull saves beside x.yaml)")]


@pytest.mark.parametrize("rows, more, code, where", [
    ([["id", "name"]], "", "sheet-no-cards", ("x.csv", 1, 1)),
    ([["id", "name"], ["a", "A"]], "cards: [{id: b}]\n", "deck-two-sources", ("x.yaml", 5, 1)),
    (None, "", "sheet-missing", ("x.yaml", 4, 13))], ids=["header-only", "two-sources", "missing"])
def test_a_sheet_decks_mistake_is_one_error_of_its_game_with_its_code(project: Path, rows, more: str, code: str, where):
    """A sheet with its header row alone, a deck with both a sheet and `cards:`, a sheet not there: each the one error
    a script reading `validate --format json` sees, with its code and game, at the sheet or the deck's key."""
    if rows is not None:
        write_csv(project / DECK_DIR / "x.csv", rows)
    (project / DECK_DIR / "x.yaml").write_text(f"name: X\nsize: poker\nfront: tiny/hero.j2\ncards_from: x.csv\n{more}", encoding="utf-8")
    assert [(f["code"], f["game"], (f["file"].rsplit("/", 1)[1], f["line"], f["column"])) for f in json_errors(project)] == [(code, "tiny", where)]


def test_a_deck_with_both_cards_and_a_folder_of_images_is_the_two_sources_error_of_its_game_at_cards(project: Path):
    art_deck(project, {"dragon.png": "black"}, "cards:\n  - {id: imp, name: Imp}\n")
    assert [(f["code"], f["game"], f["file"], f["line"], f["column"]) for f in json_errors(project)] == [
        ("deck-two-sources", "tiny", f"{DECK_DIR}/art.yaml", 6, 1)]


def test_an_empty_folder_a_proxy_project_keeps_is_its_one_error_and_no_warning_besides(project: Path):
    """Named as a folder, print-proxy-prep's `images/` holding no image is the one error saying so: the warning naming
    its project, which would deal no card from it either, is not said beside it."""
    proxy_project(project, {}, "print.json", json.dumps({"cards": {"bolt.png": 2}}), folder="images")
    deck = project / DECK_DIR / "proxies.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("cards_from: print.json", "cards_from: images/"), encoding="utf-8")
    said = json.loads(run_pnp(project, "validate", "tiny", "--quick", "--format", "json").stdout)
    assert [f["code"] for f in said if f["file"].startswith(DECK_DIR)] == ["deck-no-images"], said


def test_a_cards_from_that_is_a_number_is_one_error_saying_a_name_is_expected(project: Path):
    """`cards_from: 5` names no folder, sheet nor proxy project: one error at its value, saying it expects text (a
    name), and no internal error from reading a number as a file's name."""
    (project / DECK_DIR / "art.yaml").write_text("name: Art\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ncards_from: 5\n", encoding="utf-8")
    result = run_pnp(project, "validate", "tiny", "--quick")
    said = [line for line in result.output.splitlines() if "art.yaml" in line]
    assert said == [f"{DECK_DIR}/art.yaml:5:13: error: cards_from: expected text, got 5"], result.output + result.stderr


def test_a_proxy_projects_default_back_whose_image_is_gone_leaves_the_backs_blank_not_broken(project: Path):
    """`backside_default` names `plain.png`, deleted since the project was saved: no card is given a back image that is
    not there (the tool has none to print either), so the cards build, the red card on its front, its back blank."""
    text = json.dumps({"backside_default": "plain.png", "backside_enabled": True, "image_dir": "art",
                       "cards": [{"name": "a.png", "num": 1, "hidden": 0, "backside": ""}]})
    proxy_project(project, {"a.png": "red"}, "proj.json", text, folder="art")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--deck", "proxies")
    assert result.exit_code == 0 and ": error: " not in result.output + result.stderr, result.output + result.stderr
    pdf = project / "output/tiny/tiny-cards-proxies.pdf"
    assert [colour_cards(render_page(pdf, page), {"red": (255, 0, 0)})["red"] for page in (0, 1)] == [1, 0]


def test_a_proxy_project_whose_card_size_is_not_the_decks_is_one_warning_at_the_decks_size(project: Path):
    """Proxy-PDF-Maker prints a project's cards at the size it saves as `card_size` (its own sample project, saved as
    "Magic the Gathering": 2.48 × 3.46 in, 63 × 88 mm in the tool's config.hpp, smaller than a poker card's 2.5 × 3.5 in);
    its images were chosen and cropped for that size. A deck of `size: poker` is warned once, at its size, with the size
    to write; a deck written at the tool's size in millimetres is not."""
    sample = json.loads(PROXY_SAMPLE.read_text(encoding="utf-8"))
    proxy_project(project, {card["name"]: "red" for card in sample["cards"]}, "proj.json", PROXY_SAMPLE.read_text(encoding="utf-8"))
    said = [line for line in run_pnp(project, "validate", "tiny", "--quick").output.splitlines() if "proxy-card-size" in line or "size is" in line]
    assert said == ["data/tiny/decks/proxies.yaml:2:7: warning: Proxy-PDF-Maker (its card size 'Magic the Gathering') prints "
                    "data/tiny/decks/proj.json's cards at 2.48 × 3.46 in, and this deck's size is 63.5 × 88.9 mm: write size: 2.48 x 3.46 in "
                    "to print them as the tool does"], said
    deck = project / DECK_DIR / "proxies.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("size: poker", "size: 63 x 88 mm"), encoding="utf-8")
    result = run_pnp(project, "validate", "tiny", "--quick")
    assert "size is" not in result.output and result.exit_code == 0, result.output


@pytest.mark.parametrize("file_name, text, folder, tool, size", [
    ("proj.json", '{"cards": [{"name": "a.png", "num": 1}], "image_dir": "art", "card_size": "Japanese"}', "art",
     "Proxy-PDF-Maker (its card size 'Japanese')", "59 × 86 mm"),
    ("print.json", '{"cards": {"a.png": 1}}', "images", "print-proxy-prep", "2.48 × 3.46 in")])
def test_a_japanese_proxy_project_or_a_print_proxy_prep_one_under_a_poker_deck_says_the_tools_size(project: Path, file_name, text, folder, tool, size):
    """Proxy-PDF-Maker's Japanese cards are 59 × 86 mm (Yu-Gi-Oh!'s); print-proxy-prep draws every card 2.48 × 3.46 in."""
    proxy_project(project, {"a.png": "red"}, file_name, text, folder=folder)
    said = [line for line in run_pnp(project, "validate", "tiny", "--quick").output.splitlines() if "this deck's size" in line]
    assert len(said) == 1 and said[0].startswith(f"data/tiny/decks/proxies.yaml:2:7: warning: {tool} prints data/tiny/decks/{file_name}'s "
                                                 f"cards at {size}, and this deck's size is 63.5 × 88.9 mm"), said


def test_a_named_pipe_where_a_proxy_project_should_be_is_one_error_of_its_game_at_cards_from(project: Path):
    """A named pipe called `proj.json` (read, it would wait forever for a writer) is refused by its kind before it is
    opened: `validate --format json` gives one error, `file-special`, of the game, at the deck's `cards_from` value, saying
    what the name is and what to put there."""
    import os

    os.mkfifo(project / DECK_DIR / "proj.json")
    (project / DECK_DIR / "proxies.yaml").write_text("name: Proxies\nsize: poker\nfront: tiny/hero.j2\ncards_from: proj.json\n", encoding="utf-8")
    said = json.loads(run_pnp(project, "validate", "tiny", "--quick", "--format", "json").stdout)
    assert [(f["code"], f["game"], f["file"], f["line"], f["column"], f["message"]) for f in said if f["severity"] == "error"] == [
        ("file-special", "tiny", f"{DECK_DIR}/proxies.yaml", 4, 13,
         "cards_from 'proj.json' is a named pipe, not a file: pnp reads only plain files; put the file itself in its place")], said


def test_a_picture_whose_name_ends_in_underscore_x3_is_three_copies_of_its_card(project: Path):
    """docs/layouts.md: a suffix `-x3` (or `_x3`) is the card's count; a folder whose files are named with underscores
    (`ice_x3.png`, as many scanners and proxy folders name them) deals three copies of the card `ice`."""
    art_deck(project, {"ice_x3.png": "blue", "fire-x2.png": "red"}, "keep_fields: [image]\n", size=(250, 350))
    listed = json.loads(run_pnp(project, "list", "tiny", "--format", "json").stdout)[0]["decks"]
    made = next(deck for deck in listed if deck["id"] == "art")
    assert [(card["id"], card["count"]) for card in made["card_list"]] == [("fire", 2), ("ice", 3)], made


def test_a_pictures_copies_suffix_of_three_or_four_digits_is_its_count(project: Path):
    """docs/layouts.md: a suffix `-x3` is the card's count, and a card may have up to 1,000 copies (docs/limits.md): a
    sheet of tokens named `token-x100.png` and `coin-x1000.png` deals a hundred tokens and a thousand coins."""
    art_deck(project, {"token-x100.png": "blue", "coin-x1000.png": "red"}, "keep_fields: [image]\n", size=(250, 350))
    listed = json.loads(run_pnp(project, "list", "tiny", "--format", "json").stdout)[0]["decks"]
    made = next(deck for deck in listed if deck["id"] == "art")
    assert [(card["id"], card["count"]) for card in made["card_list"]] == [("coin", 1000), ("token", 100)], made


def test_a_pictures_underscores_print_as_spaces_in_its_cards_name(project: Path):
    """docs/layouts.md: a picture's file name, `-` and `_` read as spaces, is its card's `name`: `fire_dragon.png`
    prints "fire dragon" on its card, as `frost-giant.png` prints "frost giant"."""
    from pdftext import pdf_text

    art_deck(project, {"fire_dragon.png": "white", "frost-giant.png": "white"}, size=(250, 350), front="tiny/named.j2")
    (project / "templates/tiny/named.j2").write_text('{{ text(card.name, 4, 40, face.w - 8, 10, size=12) }}\n', encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--deck", "art", "--no-validate")
    assert result.exit_code == 0, result.output
    printed = pdf_text(project / "output/tiny/tiny-cards-art.pdf")
    assert "fire dragon" in printed and "frost giant" in printed and "_" not in printed, printed


def test_a_deck_written_landscape_at_a_proxy_projects_card_size_is_no_size_warning(project: Path):
    """Proxy-PDF-Maker's Standard card is 2.48 × 3.46 in (63 × 88 mm); a deck of those cards written landscape,
    `size: 88 x 63 mm`, is the same card turned, not another size: no warning that the tool prints another size."""
    proxy_project(project, {card["name"]: "red" for card in json.loads(PROXY_SAMPLE.read_text(encoding="utf-8"))["cards"]}, "proj.json",
                  PROXY_SAMPLE.read_text(encoding="utf-8"))
    deck = project / DECK_DIR / "proxies.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("size: poker", "size: 88 x 63 mm"), encoding="utf-8")
    result = run_pnp(project, "validate", "tiny", "--quick")
    assert "this deck's size" not in result.output and result.exit_code == 0, result.output


def test_a_pictures_copies_suffix_written_in_capitals_counts_as_in_small_letters(project: Path):
    """docs/layouts.md: a suffix `-x3` (or `_x3`) is the card's count, whichever case it is written in: a scanner's or a
    camera's names in capitals, `ICE_X3.PNG` and `Fire-X2.png`, deal three copies of `ICE` and two of `Fire`, not a card
    called "Fire X2"."""
    art_deck(project, {"ICE_X3.PNG": "blue", "Fire-X2.png": "red"}, "keep_fields: [image]\n", size=(250, 350))
    listed = json.loads(run_pnp(project, "list", "tiny", "--format", "json").stdout)[0]["decks"]
    made = next(deck for deck in listed if deck["id"] == "art")
    assert [(card["id"], card["count"]) for card in made["card_list"]] == [("Fire", 2), ("ICE", 3)], made


def test_an_oversized_proxy_project_prints_at_3_46_by_4_96_inches_and_a_deck_that_size_is_not_warned(project: Path):
    """docs/layouts.md, from Proxy-PDF-Maker's config.hpp: its Oversized cards are 3.46 × 4.96 in. A poker deck of such
    a project is warned once at its `size:` with that size to write; the deck written at it is not warned."""
    proxy_project(project, {"a.png": "red"}, "proj.json", '{"cards": [{"name": "a.png", "num": 1}], "image_dir": "art", "card_size": "Oversized"}',
                  folder="art")
    said = [line for line in run_pnp(project, "validate", "tiny", "--quick").output.splitlines() if "this deck's size" in line]
    assert said == ["data/tiny/decks/proxies.yaml:2:7: warning: Proxy-PDF-Maker (its card size 'Oversized') prints data/tiny/decks/proj.json's cards "
                    "at 3.46 × 4.96 in, and this deck's size is 63.5 × 88.9 mm: write size: 3.46 x 4.96 in to print them as the tool does"], said
    deck = project / DECK_DIR / "proxies.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("size: poker", "size: 3.46 x 4.96 in"), encoding="utf-8")
    result = run_pnp(project, "validate", "tiny", "--quick")
    assert "this deck's size" not in result.output and result.exit_code == 0, result.output
