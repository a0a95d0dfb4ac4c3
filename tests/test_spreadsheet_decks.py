"""Decks read from spreadsheets: a CSV, TSV, XLSX or ODS deck prints exactly what the same deck in YAML prints; a
workbook's whole number, as an id, an id column or in a text column, is printed and named without a decimal point."""
from __future__ import annotations

import csv
import io
import json
import re
import zipfile
from pathlib import Path

import pytest
from conftest import quick_findings, run_pnp
from pdftext import flat, page_texts, pdf_text

from pnp.core.errors import PnpError
from pnp.data.project import Project

DECK = "data/tiny/decks/heroes.yaml"
HEAD = "name: Heroes\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ndefaults: {side: red}\n"
# The cards of tests/project/data/tiny/decks/heroes.yaml, one row each; an empty cell is an empty value (a default fills it).
HEADER = ["id", "name", "stars", "number", "text", "side", "back", "count"]
ROWS = [
    ["knight", "<Knight>", 3, 1, "Draw **two** cards & gain :star:.", "", "", 2],
    ["att", "AT&T Agent", 1, 2, "Swap *one* card with a [blue]blue[/] player.", "", "", 2],
    ["rogue", "Rogue", 2, 3, "Steal 1 coin − then run → away.", "blue", "", 3],
    ["mage", "Mage", 4, 4, "Look at the top three cards of the deck, keep one and put the others back in any order.", "blue", "", 3],
    ["twin", "Twin", 2, 5, "This card has its own back.", "", "tiny/twin-back.j2", 2],
]


def write_csv(path: Path, rows, delimiter=",", bom=False) -> None:
    with path.open("w", encoding="utf-8-sig" if bom else "utf-8", newline="") as f:
        csv.writer(f, delimiter=delimiter).writerows(rows)


def write_xlsx(path: Path, sheets: dict[str, list[list]]) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append([None if v == "" else v for v in row])
    book.save(path)


def write_ods(path: Path, sheets: dict[str, list[list]], formulas: dict[tuple[int, int], tuple[str, float]] | None = None) -> None:
    """An ODS workbook; `formulas` maps (row, column) of the first sheet to (formula, the value it last computed)."""
    formulas = formulas or {}
    pytest.importorskip("odf")
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    doc = OpenDocumentSpreadsheet()
    for index, (name, rows) in enumerate(sheets.items()):
        table = Table(name=name)
        for r, row in enumerate(rows):
            tr = TableRow()
            for c, value in enumerate(row):
                if index == 0 and (r, c) in formulas:
                    formula, computed = formulas[(r, c)]
                    cell = TableCell(valuetype="float", value=computed, formula=formula)
                    cell.addElement(P(text=str(computed)))
                elif isinstance(value, (int, float)) and not isinstance(value, bool):
                    cell = TableCell(valuetype="float", value=value)
                    cell.addElement(P(text=str(value)))
                elif value == "":
                    cell = TableCell()
                else:
                    cell = TableCell(valuetype="string")
                    for line in str(value).split("\n"):
                        cell.addElement(P(text=line))
                tr.addElement(cell)
            table.addElement(tr)
        doc.spreadsheet.addElement(table)
    doc.save(str(path))


def use_sheet(project: Path, cards_from: str, extra: str = "") -> None:
    (project / DECK).write_text(HEAD + f"cards_from: {cards_from}\n" + extra, encoding="utf-8")


def load_cards(project: Path, deck: str = "heroes"):
    game, findings = Project(project).load_game("tiny")
    assert game is not None, [f.format() for f in findings]
    return {c.id: c for c in game.decks[deck].cards}


def copies_listed(project: Path, deck: str = "heroes") -> dict[str, int]:
    """Each card's id and copies as `pnp list --format json` gives them, in the deck's order (a sheet of a few columns
    leaves the game's templates and rules unmet: list says so on standard error, and lists the cards all the same)."""
    decks = json.loads(run_pnp(project, "list", "--format", "json", "tiny").stdout)[0]["decks"]
    return {card["id"]: card["count"] for card in next(d for d in decks if d["id"] == deck)["card_list"]}


def codes_of(project: Path) -> list[tuple[str, int, int]]:
    """Each error's and warning's code, line and column as `pnp validate tiny --quick --format json` gives them."""
    found = json.loads(run_pnp(project, "validate", "tiny", "--quick", "--format", "json").stdout)
    return [(f["code"], f["line"], f["column"]) for f in found if f["severity"] in ("error", "warning")]


def findings_of(project: Path) -> list[str]:
    """The errors and warnings `pnp validate tiny --quick` prints, as a designer reads them."""
    return quick_findings(project)[1]


def build_bytes(project: Path, out: Path, *only: str) -> dict[str, bytes]:
    args = ["build", "tiny", "--out", str(out), "-q"] + [a for o in only for a in ("--only", o)]
    result = run_pnp(project, *args)
    assert result.exit_code == 0, result.output
    return {p.name: p.read_bytes() for p in sorted((out / "tiny").glob("*.pdf"))}


FORMATS = {
    "csv": lambda p: write_csv(p / "data/tiny/decks/heroes.csv", [HEADER, *ROWS]),
    "excel-csv": lambda p: write_csv(p / "data/tiny/decks/heroes.csv", [HEADER, *ROWS], delimiter=";", bom=True),
    "tsv": lambda p: write_csv(p / "data/tiny/decks/heroes.tsv", [HEADER, *ROWS], delimiter="\t"),
    "xlsx": lambda p: write_xlsx(p / "data/tiny/decks/heroes.xlsx", {"Notes": [["x"]], "Heroes": [HEADER, *ROWS]}),
    "ods": lambda p: write_ods(p / "data/tiny/decks/heroes.ods", {"Notes": [["x"]], "Heroes": [HEADER, *ROWS]}),
}
SOURCES = {"csv": "heroes.csv", "excel-csv": "heroes.csv", "tsv": "heroes.tsv", "xlsx": "heroes.xlsx\nsheet: Heroes", "ods": "heroes.ods\nsheet: Heroes"}


def yaml_bytes(fresh_build, project: Path, *args: str) -> dict[str, bytes]:
    """The PDFs of the YAML deck's build (`pnp build ARGS` of the test project as shipped, made once per run and shared:
    conftest.fresh_build), to compare a spreadsheet deck's with."""
    return {p.name: p.read_bytes() for p in sorted((fresh_build(project, *args) / "tiny").glob("*.pdf"))}


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_a_spreadsheet_deck_prints_the_same_bytes_as_the_yaml_deck(project, tmp_path, fmt, fresh_build):
    from_yaml = yaml_bytes(fresh_build, project, "--only", "cards")
    FORMATS[fmt](project)
    use_sheet(project, SOURCES[fmt])
    from_sheet = build_bytes(project, tmp_path / fmt, "cards")
    assert from_sheet == from_yaml and from_yaml


def test_every_output_of_a_csv_deck_matches_the_yaml_deck_facts_and_counts_included(project, tmp_path, fresh_build):
    from_yaml = yaml_bytes(fresh_build, project)
    FORMATS["csv"](project)
    use_sheet(project, "heroes.csv")
    assert run_pnp(project, "validate", "--strict").exit_code == 0
    from_sheet = build_bytes(project, tmp_path / "csv")
    assert len(from_yaml) >= 4, sorted(from_yaml)  # cards, boards, tokens, reference, rulebook
    assert from_sheet == from_yaml


def test_headers_are_trimmed_blank_rows_skipped_and_multi_line_cells_kept(project):
    write_csv(project / "data/tiny/decks/heroes.csv", [
        [" id ", "  name", "stars ", "number", "text"],
        ["", "", "", "", ""],
        ["knight", "Knight", "3", "1", "First line\nsecond line"],
        [],
        ["mage", "Mage", "4", "2", "x"],
    ])
    use_sheet(project, "heroes.csv")
    cards = load_cards(project)
    assert list(cards) == ["knight", "mage"]
    assert cards["knight"].fields["name"] == "Knight"
    assert cards["knight"].fields["text"] == "First line\nsecond line"
    assert str(cards["mage"].fields.loc_of("stars")) == "data/tiny/decks/heroes.csv:6:3"  # the row starts on line 6: the cell above spans two


def test_values_are_typed_as_yaml_types_them_and_an_empty_cell_is_an_empty_value(project):
    write_csv(project / "data/tiny/decks/heroes.csv", [
        ["id", "stars", "ratio", "secret", "zip", "answer", "art", "side", "weight"],
        ["a", "3", "1.5", "true", "0123", "NO", "", "", "2.50"],
    ])
    use_sheet(project, "heroes.csv")
    fields = load_cards(project)["a"].fields
    assert (fields["stars"], fields["ratio"], fields["secret"], fields["zip"], fields["answer"]) == (3, 1.5, True, "0123", "NO")
    assert fields["secret"] is True and (type(fields["weight"]), fields["weight"]) == (float, 2.5)  # only a whole number keeps its writing
    assert fields["art"] == "" and fields["side"] == "red"  # the column exists: an empty value; the deck's default fills its empty cell


def test_a_comma_sheets_quoted_thousands_are_the_text_written_never_a_decimal_comma(project):
    """Only a `;` sheet comes from a locale that writes one and a half `1,5`: a `,` sheet, as Excel saves it in the US or
    UK, quotes a cell of `1,500` (a thousand and five hundred, grouped), which stays the text written, never 1.5."""
    write_csv(project / "data/tiny/decks/heroes.csv", [["id", "gold"], ["a", "1,500"]])
    use_sheet(project, "heroes.csv")
    gold = load_cards(project)["a"].fields["gold"]
    assert (type(gold), gold) == (str, "1,500")


def test_a_template_printing_a_column_left_empty_on_some_rows_builds(project):
    """Issue 75.17: a ported deck's `Consume1` column, empty on most rows, printed as `card.Consume1`: an empty value,
    not "card has no field 'Consume1'"; a column the sheet does not have is still named, with the header it misspells."""
    write_csv(project / "data/tiny/decks/heroes.csv", [[*HEADER, "Consume1"], *[[*row, "1 coin" if row[0] == "rogue" else ""] for row in ROWS]])
    use_sheet(project, "heroes.csv")
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", '{{ text("Cost: " ~ card.Consume1, 5, 72, 40, 6, size=8) }}\n{% endblock %}'), encoding="utf-8")
    result = run_pnp(project, "validate", "tiny")
    assert result.exit_code == 0 and "Consume1" not in result.output, result.output
    hero.write_text(hero.read_text(encoding="utf-8").replace("card.Consume1", "card.Consume2"), encoding="utf-8")
    result = run_pnp(project, "validate", "tiny")
    assert result.exit_code == 1 and "the card field 'Consume1' is read by no template, and templates read 'Consume2', which no card has" in result.output


def test_a_deck_forces_a_column_to_text_or_to_a_list(project):
    write_csv(project / "data/tiny/decks/heroes.csv", [["id", "code", "organs", "stars"], ["a", "12", "liver; heart", "2"], ["b", "7", "lungs", "1"]])
    use_sheet(project, "heroes.csv", "text_columns: [code]\nlist_columns: {organs: \";\"}\n")
    cards = load_cards(project)
    assert cards["a"].fields["code"] == "12" and cards["a"].fields["organs"] == ["liver", "heart"]
    assert cards["b"].fields["organs"] == ["lungs"] and cards["b"].fields["stars"] == 1


def test_a_list_columns_items_are_typed_as_the_items_of_a_yaml_list(project):
    """docs/data-format.md: a cell is typed as YAML types a value, and a list column's cell is cut at its separator into
    the list a YAML deck writes: `3; 1.5; 0123` is `[3, 1.5, '0123']`, numbers to sum or compare and `0123` kept as text."""
    write_csv(project / "data/tiny/decks/heroes.csv", [["id", "costs"], ["a", "3; 1.5; 0123"]])
    use_sheet(project, "heroes.csv", "list_columns: {costs: \";\"}\n")
    assert load_cards(project)["a"].fields["costs"] == [3, 1.5, "0123"]



def test_a_list_column_without_a_separator_is_one_error_at_its_line(project):
    """A list column's cells are cut at its separator: an empty one cuts nothing, so the deck says which line to fix."""
    write_csv(project / "data/tiny/decks/heroes.csv", [["id", "organs"], ["a", "liver; heart"]])
    use_sheet(project, "heroes.csv", 'list_columns: {organs: ""}\n')
    assert findings_of(project) == ['data/tiny/decks/heroes.yaml:7:15: error: list_columns: each list column needs a separator, like {tags: ";"}']


@pytest.mark.parametrize("header", ["count", "qty", "Quantity"])
def test_the_copies_column_may_be_called_count_qty_or_quantity(project, header):
    write_csv(project / "data/tiny/decks/heroes.csv", [["id", header], ["a", "3"], ["b", ""]])
    use_sheet(project, "heroes.csv")
    assert copies_listed(project) == {"a": 3, "b": 1}


def test_a_deck_names_its_own_copies_column(project):
    write_csv(project / "data/tiny/decks/heroes.csv", [["id", "copies", "qty"], ["a", "4", "9"]])
    use_sheet(project, "heroes.csv", "count_column: copies\n")
    card = load_cards(project)["a"]
    assert card.count == 4 and card.fields["qty"] == 9  # once the deck names its column, qty is an ordinary field


def test_a_deck_saying_no_column_gives_copies_has_one_card_a_row(project):
    """`count_column: none` (a Squib workbook, whose `count` may count pips): every row one copy, every column a field."""
    write_xlsx(project / "data/tiny/decks/heroes.xlsx", {"Cards": [["id", "count", "qty"], ["a", 4, 9], ["b", 2, 2]]})
    use_sheet(project, "heroes.xlsx", "count_column: none\n")
    cards = load_cards(project)
    assert {c.id: c.count for c in cards.values()} == {"a": 1, "b": 1}
    assert (cards["a"].fields["count"], cards["a"].fields["qty"]) == (4, 9)


def test_a_cards_own_back_column_in_a_sheet_of_one_copy_a_row_prints_that_back(project):
    """docs/data-format.md: a card may carry its own back, and `count_column: none` makes each row one copy with every
    column a field: the twin's `back` cell still prints the twin's own back, not the deck's shared one."""
    write_csv(project / "data/tiny/decks/heroes.csv", [HEADER, *ROWS])
    use_sheet(project, "heroes.csv", "count_column: none\n")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--no-validate")
    assert result.exit_code == 0, result.output
    assert "Twin\u2019s own back" in pdf_text(project / "output/tiny/tiny-cards.pdf")  # twin-back.j2's words, its ' set as ’


def test_ids_made_from_a_named_column_are_unique_and_stay_put(project):
    write_csv(project / "data/tiny/decks/heroes.csv", [["name", "stars"], ["Fire Imp", "1"], ["Ghost", "2"], ["Fire Imp", "3"]])
    use_sheet(project, "heroes.csv", "id_column: name\n")
    assert list(copies_listed(project)) == ["fire-imp", "ghost", "fire-imp-2"]
    write_csv(project / "data/tiny/decks/heroes.csv", [["name", "stars"], ["Fire Imp", "1"], ["Ghost", "2"], ["Fire Imp", "3"], ["Ahab", "2"]])
    assert list(copies_listed(project)) == ["fire-imp", "ghost", "fire-imp-2", "ahab"]



def test_a_sheet_with_its_header_row_and_no_card_under_it_is_one_error_at_the_sheet(project):
    """Where the missing rows go, not an empty `cards` list in a YAML file that has no `cards:` key."""
    write_csv(project / "data/tiny/decks/heroes.csv", [["id", "name", "stars"]])
    use_sheet(project, "heroes.csv")
    assert findings_of(project) == ["data/tiny/decks/heroes.csv:1:1: error: the sheet has its header row but no card under it: "
                                    "write a row per card below the field names"]


def test_a_row_without_the_value_its_id_is_made_from_says_to_fill_it(project):
    write_csv(project / "data/tiny/decks/heroes.csv", [["label", "stars"], ["Imp", "1"], ["", "2"]])
    use_sheet(project, "heroes.csv", "id_column: label\n")
    assert findings_of(project) == ["data/tiny/decks/heroes.csv:3:1: error: this row has no 'label', from which its id is made: fill it in"]


def test_a_duplicate_header_names_both_columns(project):
    write_csv(project / "data/tiny/decks/heroes.csv", [["id", "name", "stars", " name"], ["a", "A", "1", "B"]])
    use_sheet(project, "heroes.csv")
    assert findings_of(project) == ["data/tiny/decks/heroes.csv:1:4: error: column D 'name' repeats column B 'name' (both give field 'name'): rename or remove one"]
    write_csv(project / "data/tiny/decks/heroes.csv", [["id", "name", "stars", "name", "stars"], ["a", "A", "1", "B", "2"]])  # each repeat its own finding
    assert findings_of(project) == ["data/tiny/decks/heroes.csv:1:4: error: column D 'name' repeats column B 'name' (both give field 'name'): rename or remove one",
                                    "data/tiny/decks/heroes.csv:1:5: error: column E 'stars' repeats column C 'stars' (both give field 'stars'): rename or remove one"]


def test_a_field_name_given_by_three_columns_is_one_error_naming_both_repeats(project):
    """Three columns `name`: one error at the first repeat, naming each repeat and the column they all repeat, and
    asking to rename or remove the repeats (not 'both give' of three columns, nor 'one' of two to remove)."""
    write_csv(project / "data/tiny/decks/heroes.csv", [["id", "name", "stars", "name", "name"], ["a", "A", "1", "B", "C"]])
    use_sheet(project, "heroes.csv")
    assert findings_of(project) == ["data/tiny/decks/heroes.csv:1:4: error: column D 'name', column E 'name' repeat column B 'name' "
                                    "(all give field 'name'): rename or remove the repeats"]


def test_csv_errors_point_at_the_cell(project):
    write_csv(project / "data/tiny/decks/heroes.csv", [HEADER, ROWS[0], ["rogue", "Rogue", 7, 3, "x", "blue", "", "three"]])
    use_sheet(project, "heroes.csv")
    assert findings_of(project) == ["data/tiny/decks/heroes.csv:3:8: error: cards.rogue.count: expected a whole number, got 'three'"]
    write_csv(project / "data/tiny/decks/heroes.csv", [HEADER, ROWS[0], ["rogue", "Rogue", 7, 3, "x", "blue", "", 3]])
    result = run_pnp(project, "validate", "tiny")
    assert "data/tiny/decks/heroes.csv:3:3: error: heroes/rogue: stars is 7, allowed 1–4" in result.output


def test_workbook_errors_name_the_sheet_and_cell_and_one_workbook_holds_several_decks(project):
    write_xlsx(project / "data/tiny/decks/game.xlsx", {
        "Villains": [["id", "name", "stars"], ["v1", "Villain", 9]],
        "Heroes": [[], HEADER, *ROWS[:2], ["rogue", "Rogue", 7, 3, "x", "blue", "", 3]],
    })
    use_sheet(project, "game.xlsx\nsheet: Heroes")
    (project / "data/tiny/decks/villains.yaml").write_text("name: Villains\nsize: poker\nfront: tiny/hero.j2\ncards_from: game.xlsx\nsheet: Villains\n", encoding="utf-8")
    cards = load_cards(project, "villains")
    assert cards["v1"].fields["stars"] == 9 and str(cards["v1"].fields.loc_of("stars")) == "data/tiny/decks/game.xlsx[Villains]!C2"
    result = run_pnp(project, "validate", "tiny")
    assert "data/tiny/decks/game.xlsx[Heroes]!C5: error: heroes/rogue: stars is 7, allowed 1–4" in result.output


def test_an_unknown_sheet_is_named_with_the_sheets_there_are(project):
    write_xlsx(project / "data/tiny/decks/game.xlsx", {"Heroes": [HEADER, *ROWS]})
    use_sheet(project, "game.xlsx\nsheet: Heros")
    assert findings_of(project) == ["data/tiny/decks/heroes.yaml:7:8: error: no sheet 'Heros' in game.xlsx (did you mean 'Heroes'?); sheets: Heroes"]


def test_formulas_read_as_the_values_they_computed(project):
    write_ods(project / "data/tiny/decks/heroes.ods", {"Heroes": [["id", "base", "stars"], ["a", 1, ""], ["b", 2, ""]]},
              formulas={(1, 2): ("of:=[.B2]*2", 2), (2, 2): ("of:=[.B3]*2", 4)})
    use_sheet(project, "heroes.ods")
    cards = load_cards(project)
    assert (cards["a"].fields["stars"], cards["b"].fields["stars"]) == (2, 4)
    # An XLSX saved by Excel carries each formula with its cached value.
    write_xlsx(project / "data/tiny/decks/heroes.xlsx", {"Heroes": [["id", "base", "stars"], ["a", 1, "=B2*3"]]})
    with zipfile.ZipFile(project / "data/tiny/decks/heroes.xlsx") as z:
        parts = {n: z.read(n) for n in z.namelist()}
    sheet = parts["xl/worksheets/sheet1.xml"].decode()
    parts["xl/worksheets/sheet1.xml"] = re.sub(r"<f>B2\*3</f><v>\s*</v>|<f>B2\*3</f><v\s*/>|<f>B2\*3</f>", "<f>B2*3</f><v>3</v>", sheet).encode()
    with zipfile.ZipFile(project / "data/tiny/decks/heroes.xlsx", "w") as z:
        for name, data in parts.items():
            z.writestr(name, data)
    use_sheet(project, "heroes.xlsx")
    assert load_cards(project)["a"].fields["stars"] == 3


def test_an_xlsx_formula_without_a_saved_value_is_an_error_at_its_cell_naming_the_formula(project):
    # openpyxl writes formulas without the values they compute, as many programs that export XLSX do.
    write_xlsx(project / "data/tiny/decks/heroes.xlsx", {"Heroes": [["id", "base", "stars"], ["a", 1, "=B2*3"], ["b", 2, 4], ["c", 1, "=B4+1"]]})
    use_sheet(project, "heroes.xlsx")
    found = findings_of(project)
    assert len(found) == 2, found
    assert found[0].startswith("data/tiny/decks/heroes.xlsx[Heroes]!C2: error: the formula =B2*3 has no saved value")
    assert found[1].startswith("data/tiny/decks/heroes.xlsx[Heroes]!C4: error: the formula =B4+1 has no saved value")
    assert "save it" in found[0]


def test_a_sheet_outside_the_game_folder_is_refused(project):
    write_csv(project / "data/heroes.csv", [HEADER, *ROWS])
    use_sheet(project, "../../heroes.csv")
    assert findings_of(project) == ["data/tiny/decks/heroes.yaml:6:13: error: cards_from '../../heroes.csv' leads outside the game's folder: keep the sheet inside data/tiny"]


def test_a_deck_with_cards_and_cards_from_is_refused(project):
    write_csv(project / "data/tiny/decks/heroes.csv", [HEADER, *ROWS])
    text = (project / DECK).read_text(encoding="utf-8")
    (project / DECK).write_text(text.replace("cards:", "cards_from: heroes.csv\ncards:"), encoding="utf-8")
    assert findings_of(project) == ["data/tiny/decks/heroes.yaml:7:1: error: this deck has both `cards:` and `cards_from:`: keep one"]


def test_editing_the_spreadsheet_rebuilds_and_reprints_only_the_changed_card(project):
    FORMATS["csv"](project)
    use_sheet(project, "heroes.csv")
    assert "(reused)" in (run_pnp(project, "build", "--only", "cards"), run_pnp(project, "build", "--only", "cards"))[1].output
    sheet = project / "data/tiny/decks/heroes.csv"
    sheet.write_text(sheet.read_text(encoding="utf-8").replace("Steal 1 coin", "Steal 2 coins"), encoding="utf-8")
    result = run_pnp(project, "build", "--only", "cards")  # without --changed, which rebuilds the cards whatever changed
    assert result.exit_code == 0 and "(reused)" not in result.output
    assert "Steal 2 coins" in flat(" ".join(page_texts(project / "output/tiny/tiny-cards.pdf")))
    result = run_pnp(project, "build", "--only", "cards", "--changed")
    assert result.exit_code == 0
    listing = page_texts(project / "output/tiny/tiny-changed.pdf", [0])[0]
    assert "heroes/rogue ×3" in listing and "heroes/knight" not in listing


def test_a_sheet_that_is_not_utf8_is_located(project):
    (project / "data/tiny/decks/heroes.csv").write_bytes(b"id,name\r\na,Caf\xe9\r\n")
    use_sheet(project, "heroes.csv")
    with pytest.raises(AssertionError, match="not UTF-8"):
        load_cards(project)
    assert findings_of(project) == ['data/tiny/decks/heroes.csv:2:2: error: byte 0xe9 is not UTF-8: save the sheet as "CSV UTF-8"']


def test_loading_never_raises_for_a_bad_sheet(project):
    (project / "data/tiny/decks/heroes.csv").write_text("", encoding="utf-8")
    use_sheet(project, "heroes.csv")
    try:
        findings = findings_of(project)
    except PnpError as exc:  # pragma: no cover - the assertion below says what went wrong
        findings = ["raised: " + str(exc)]
    assert findings == ["data/tiny/decks/heroes.csv:1:1: error: the sheet has no header row: write the field names in its first row"]
    assert codes_of(project) == [("sheet-empty", 1, 1)]


def test_a_text_sheet_is_read_as_its_program_wrote_it(project):
    """Excel's "CSV UTF-8" in a locale with a decimal comma: a byte-order mark before the header, `;` between cells
    (the header row uses it most, spaces in its names and all; a body cell full of commas does not count), CRLF between rows and none after the
    last, a quoted cell holding a line break, and a quote before a formula-like text. Each value is the text Excel
    shows, found at the line a text editor shows it on. A .tsv is read by its tabs whatever its header holds, and a
    file `cards_from` names that is not there is one error at the deck's `cards_from`, naming it."""
    sheet = project / "data/tiny/decks/heroes.csv"
    sheet.write_bytes("card text;id;name\r\n\"\n  First line\r\nsecond, part X\n\";k1;Knight\r\na, b, c, d, e, f, g, h, i, j;m1;Mage\r\n'=2+2;i1;Imp".encode("utf-8-sig"))
    use_sheet(project, "heroes.csv")
    cards = load_cards(project)
    assert list(cards) == ["k1", "m1", "i1"] and set(cards["k1"].fields) == {"id", "name", "card text", "side", "count"}  # side: the deck's default
    assert cards["k1"].fields["card text"] == "  First line\r\nsecond, part X"  # the line breaks at its ends dropped, its indent kept
    assert (cards["m1"].fields["card text"], cards["i1"].fields["card text"]) == ("a, b, c, d, e, f, g, h, i, j", "=2+2")
    assert [str(cards[c].fields.loc_of("name")) for c in cards] == [f"data/tiny/decks/heroes.csv:{line}:3" for line in (2, 6, 7)]
    (project / "data/tiny/decks/heroes.tsv").write_bytes(b"id\tname, title, rank\tcost;gold\r\nrogue\tRogue, the Sly, 2nd\t3;4\r\n")
    use_sheet(project, "heroes.tsv")
    rogue = load_cards(project)["rogue"].fields
    assert (rogue["name, title, rank"], rogue["cost;gold"]) == ("Rogue, the Sly, 2nd", "3;4")
    assert str(rogue.loc_of("cost;gold")) == "data/tiny/decks/heroes.tsv:2:3"
    use_sheet(project, "villains.csv")
    assert findings_of(project) == ["data/tiny/decks/heroes.yaml:6:13: error: cards_from names 'villains.csv', which is no file beside heroes.yaml: "
                                    "fix the name, or put the sheet there (a web address starts with https://)"]


def test_a_text_sheets_cell_starting_with_a_quote_keeps_it_where_no_formula_follows(project):
    """A spreadsheet program writes a quote before a formula-like text (`'=2+2` is the text `=2+2`); a text that only
    starts with an apostrophe (`'Tis but a scratch.`) is that text, apostrophe and all."""
    write_csv(project / "data/tiny/decks/heroes.csv", [["id", "name", "text"], ["k1", "Knight", "'Tis but a scratch."], ["i1", "Imp", "'=2+2"]])
    use_sheet(project, "heroes.csv")
    cards = load_cards(project)
    assert (cards["k1"].fields["text"], cards["i1"].fields["text"]) == ("'Tis but a scratch.", "=2+2")

@pytest.mark.parametrize(("written", "meant"), [("heroes.cvs", "heroes.csv"), ("sheets/heros.csv", "sheets/heroes.csv"), ("heroes.xslx", "heroes.xlsx"),
                                               ("heroes.csv", "Heroes.CSV")])
def test_a_sheets_misspelt_name_is_offered_the_sheet_beside_the_deck(project, written, meant):
    """`cards_from:` names a file beside the deck, or in a folder there: misspelt, the one error at its value offers the
    sheet the folder holds (a closed list), as a template's or an icon's misspelt name is offered; a sheet a program
    saved with its name in capitals (`Heroes.CSV`) is a sheet all the same."""
    (project / "data/tiny/decks/sheets").mkdir()
    write_csv(project / f"data/tiny/decks/{meant}", [HEADER, *ROWS])
    use_sheet(project, written)
    assert findings_of(project) == [f"data/tiny/decks/heroes.yaml:6:13: error: cards_from names '{written}', which is no file beside heroes.yaml "
                                    f"(did you mean '{meant}'?): fix the name, or put the sheet there (a web address starts with https://)"]


def test_a_sheet_in_a_folder_that_is_not_there_is_the_missing_sheets_error(project):
    """`cards_from: sheet/heroes.csv` where the deck's folder has no `sheet/` (the sheet is in `sheets/`): the one
    error at the deck's `cards_from`, as for any missing sheet, and `pnp validate` exits as for a mistake in the data,
    never as for a bug in pnp."""
    (project / "data/tiny/decks/sheets").mkdir()
    write_csv(project / "data/tiny/decks/sheets/heroes.csv", [HEADER, *ROWS])
    use_sheet(project, "sheet/heroes.csv")
    result = run_pnp(project, "validate", "tiny")
    assert result.exit_code == 1, result.output + result.stderr
    assert "data/tiny/decks/heroes.yaml:6:13: error: cards_from names 'sheet/heroes.csv', which is no file beside heroes.yaml: fix the name, " \
           "or put the sheet there (a web address starts with https://)" in result.output, result.output


def test_a_workbooks_numbers_and_dates_are_read_as_the_program_shows_them(project):
    """A workbook stores every number as a double: an id typed 7 is the id "7", a header typed 2024 names the field
    "2024", not "2024.0", and an option names it so. Without an id column a `Title` column (any case) names each card;
    a date (and time) in a text column is its ISO 8601 text, a duration (a cell formatted [hh]:mm:ss) its hours,
    minutes and seconds, a TRUE or FALSE in a text column the word YAML writes for it; a list column's empty items
    (blank between two separators, or after the last) are no items."""
    import datetime

    write_xlsx(project / "data/tiny/decks/heroes.xlsx", {"Heroes": [
        ["TITLE", 2024, "", "tags", "when", "rest", "flag"],
        ["Fire Imp", 3.0, "", "red; ;blue;;", datetime.date(2024, 5, 1), datetime.timedelta(hours=1, minutes=30), True],
        ["Fire Imp", 2.5, "", "", datetime.datetime(2025, 1, 31, 9, 30), datetime.timedelta(minutes=5), False]]})
    use_sheet(project, "heroes.xlsx", "text_columns: [when, flag]\nlist_columns: {tags: ';'}\n")
    cards = load_cards(project)
    assert list(cards) == ["fire-imp", "fire-imp-2"]
    imp, second = cards["fire-imp"].fields, cards["fire-imp-2"].fields
    assert set(imp) == {"id", "TITLE", "2024", "tags", "when", "rest", "flag", "side", "count"}  # a column with no header gives no field
    assert (imp["rest"], second["rest"], imp["flag"], second["flag"]) == ("1:30:00", "0:05:00", "true", "false")
    assert (imp["2024"], imp["tags"], imp["when"]) == (3, ["red", "blue"], "2024-05-01")
    assert (second["2024"], second["tags"], second["when"]) == (2.5, "", "2025-01-31T09:30:00")
    assert str(imp.loc_of("id")) == "data/tiny/decks/heroes.xlsx[Heroes]!A2" and str(imp.loc_of("when")) == "data/tiny/decks/heroes.xlsx[Heroes]!E2"
    use_sheet(project, "heroes.xlsx", "text_columns: [when, '2024']\n")  # the header typed 2024 named as the program shows it
    assert [card.fields["2024"] for card in load_cards(project).values()] == ["3", "2.5"]
    write_xlsx(project / "data/tiny/decks/heroes.xlsx", {"Heroes": [["id", "name"], [7.0, "Seven"], [12, "Twelve"]]})
    use_sheet(project, "heroes.xlsx")
    assert list(load_cards(project)) == ["7", "12"]


def test_a_number_too_long_to_read_is_one_error_at_its_cell_unless_its_column_is_text(project):
    """A whole number of more than 1,000 digits (docs/limits.md) is not read as a number: one error at its cell, saying
    to name its column among the deck's text columns, where it is read as the text it is; 1,000 digits are a number."""
    write_csv(project / "data/tiny/decks/heroes.csv", [["id", "code"], ["a", "7" * 1000], ["b", "7" * 1001]])
    use_sheet(project, "heroes.csv")
    assert findings_of(project) == ["data/tiny/decks/heroes.csv:3:2: error: a whole number of over 1,000 digits: shorten it, or keep it as text "
                                    "(name its column in the deck's text_columns)"]
    assert [code for code, _, _ in codes_of(project)] == ["sheet-number-too-long"]
    use_sheet(project, "heroes.csv", "text_columns: [code]\n")
    cards = load_cards(project)
    assert (cards["a"].fields["code"], cards["b"].fields["code"]) == ("7" * 1000, "7" * 1001)


def test_a_row_whose_id_cell_is_empty_is_one_error_at_the_row_and_ids_keep_their_writing(project):
    """An id column's empty cell gives the card no id: one error at the row's first cell (its line, column 1), where the
    designer sees the row, in a workbook at that row's cell of its sheet. Ids are names: `007` stays 007, 7 is the id "7",
    and a TRUE typed in an id cell is no name: one error at its cell."""
    write_csv(project / "data/tiny/decks/heroes.csv", [["id", "name"], ["", "Spy"], ["b", "Bee"]])
    use_sheet(project, "heroes.csv")
    assert findings_of(project) == ["data/tiny/decks/heroes.csv:2:1: error: missing required key 'id'"]
    write_csv(project / "data/tiny/decks/heroes.csv", [["id", "name"], ["7", "Spy"], ["007", "Bee"]])
    assert list(load_cards(project)) == ["7", "007"]
    for cell, said in (("", "missing required key 'id'"), (True, "cards.0.id: expected text, got true")):  # TRUE is a yes, no name
        write_xlsx(project / "data/tiny/decks/heroes.xlsx", {"Heroes": [["id", "name"], [cell, "Spy"]]})
        use_sheet(project, "heroes.xlsx")
        assert findings_of(project) == [f"data/tiny/decks/heroes.xlsx[Heroes]!A2: error: {said}"]


def test_a_named_copies_column_is_typed_by_its_own_name_and_the_other_columns_by_theirs(project):
    """With `count_column: Copies`, `text_columns` speaks of the sheet's own headers: naming `code` keeps 12 and 07
    as texts while Copies still counts; naming Copies itself makes each copies cell a text, one error at each cell,
    since a count is a whole number."""
    write_csv(project / "data/tiny/decks/heroes.csv", [["id", "Copies", "code"], ["a", "3", "12"], ["b", "2", "07"]])
    use_sheet(project, "heroes.csv", "count_column: Copies\ntext_columns: [code]\n")
    cards = load_cards(project)
    assert [(card.count, card.fields["code"]) for card in cards.values()] == [(3, "12"), (2, "07")]
    use_sheet(project, "heroes.csv", "count_column: Copies\ntext_columns: [Copies]\n")
    assert findings_of(project) == ["data/tiny/decks/heroes.csv:2:2: error: cards.a.Copies: expected a whole number, got '3'",
                                    "data/tiny/decks/heroes.csv:3:2: error: cards.b.Copies: expected a whole number, got '2'"]


SHEET_DECK = "name: Heroes\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ndefaults: {side: red}\ncards_from: heroes.%s\nsheet: Heroes\n"


def _sheet_deck(project, fmt: str, rows: list[list], extra: str = "") -> None:
    """The heroes deck read from a workbook of `rows`; the game's stated card counts go, as the workbook has other cards."""
    (write_xlsx if fmt == "xlsx" else write_ods)(project / f"data/tiny/decks/heroes.{fmt}", {"Heroes": rows})
    (project / DECK).write_text(SHEET_DECK % fmt + extra, encoding="utf-8")
    game = (project / "data/tiny/game.yaml").read_text(encoding="utf-8")
    (project / "data/tiny/game.yaml").write_text(re.sub(r"components:\n(  .*\n)+", "", game), encoding="utf-8")


def _cards_text(project, *args: str) -> str:
    result = run_pnp(project, "build", "tiny", "--only", "cards", *args, "-q")
    assert result.exit_code == 0, result.output
    assert "7.0" not in result.output, result.output
    return flat(pdf_text(next((project / "output/tiny").glob("tiny-cards*.pdf")), " "))


@pytest.mark.parametrize("fmt", ["xlsx", "ods"])
def test_a_workbooks_whole_number_id_is_the_name_without_a_decimal_point(project, fmt):
    _sheet_deck(project, fmt, [["id", "name", "stars", "number", "text", "count"], [7.0, "Seven", 2.0, 1.0, "x", 1.0], [12.0, "Twelve", 3.0, 2.0, "y", 1.0]])
    text = _cards_text(project, "--cards", "7")
    assert "Seven" in text and "Twelve" not in text


def test_a_workbooks_whole_number_id_column_makes_the_id_without_a_decimal_point(project):
    _sheet_deck(project, "xlsx", [["code", "name", "stars", "number", "text"], [7.0, "Seven", 2, 1, "x"], [12.0, "Twelve", 3, 2, "y"]],
                "id_column: code\nkeep_fields: [code]\n")
    text = _cards_text(project, "--cards", "7")
    assert "Seven" in text and "Twelve" not in text


def test_a_workbooks_whole_number_in_a_text_column_prints_without_a_decimal_point(project):
    _sheet_deck(project, "xlsx", [["id", "name", "stars", "number", "text"], ["seven", 7.0, 2, 1, "x"]], "text_columns: [name]\n")
    text = _cards_text(project)
    assert re.search(r"(^|\s)7(\s|$)", text) and "7.0" not in text, text


@pytest.mark.parametrize("header", ["COPIES", "copy", "Anzahl", "Quantité", "cantidad", "quantità", "Aantal"])
def test_a_copies_column_headed_as_protograf_heads_it_is_told_how_to_be_read_as_copies(project, header):
    """protograf gives each piece's copies under `COPIES` (its examples/counters/counters.csv) or the column its `copy=`
    keyword names (docs/coming-from.md), and a German, French, Spanish, Italian or Dutch sheet heads them `Anzahl`,
    `Quantité`, `cantidad`, `quantità`, `Aantal`: headers pnp does not read as copies unasked (docs/data-format.md: count, qty or
    quantity). Unread, it is one warning at the header saying how (`count_column: COPIES`); named so, each card prints
    that many copies and nothing is said."""
    write_csv(project / "data/tiny/decks/heroes.csv", [[*HEADER[:-1], header], *ROWS])
    use_sheet(project, "heroes.csv")
    assert [line for line in quick_findings(project)[1] if f"'{header}'" in line] == [
        f"data/tiny/decks/heroes.csv:1:8: warning: no template, constraint or fact reads the card field '{header}' (5 cards of deck 'heroes' have "
        f"it): fix its spelling, or list it in the deck's keep_fields if it is a note; if it gives each card's copies, name it in the deck: "
        f"count_column: {header} [heroes/knight]"]
    use_sheet(project, "heroes.csv", f"count_column: {header}\n")
    assert [line for line in quick_findings(project)[1] if header in line] == []
    assert {card.id: card.count for card in load_cards(project).values()} == {row[0]: row[-1] for row in ROWS}


@pytest.mark.parametrize("header", ["ID", "Card ID"])
def test_an_id_column_headed_as_other_tools_head_it_is_told_how_to_name_the_cards(project, header):
    """pnp reads a column headed `id` as the cards' ids unasked (docs/data-format.md); a sheet from another tool heads
    it `ID` or `Card ID`, and its cards are named from their names instead. Unread, the column is one warning at its
    header saying how (`id_column: ID`); named so, the cards take their ids from it and the column is read."""
    write_csv(project / "data/tiny/decks/heroes.csv", [[header, *HEADER[1:]], *ROWS])
    use_sheet(project, "heroes.csv")
    said = [line for line in quick_findings(project)[1] if f"'{header}'" in line]
    assert len(said) == 1 and said[0].startswith(f"data/tiny/decks/heroes.csv:1:1: warning: no template, constraint or fact reads the card field '{header}'")
    assert said[0].endswith(f"; if it names each card, name it in the deck: id_column: {header} [heroes/knight]")
    use_sheet(project, "heroes.csv", f"id_column: {header}\n")
    assert [line for line in quick_findings(project)[1] if header in line] == []
    assert sorted(load_cards(project)) == sorted(row[0] for row in ROWS)


@pytest.mark.parametrize(("line", "end"), [("sep=;", "\r\n"), ('"sep=;"', "\r\n"), ("sep=|", "\r\n"), ("sep=;", "\r")],
                         ids=["sep=;", "quoted", "sep=|", "CR line ends"])
def test_a_csv_excel_begins_with_its_sep_line_is_read_by_that_delimiter_and_said_at_the_files_own_lines(project, line, end):
    """Excel reads a CSV by the delimiter its first line names (`sep=;`, quoted by some programs, or any character:
    `sep=|`; its lines ended as Windows ends them, or by a CR alone, as Excel's "CSV (Macintosh)" saves) and shows that
    line as no row: pnp reads the cards so (the header is the file's line 2), and a finding
    stands at the file's own line, the header's too (a `flavour` column nothing reads, its name at line 2, column 9)."""
    rows = [[*row, "Mild."] for row in [HEADER, *ROWS]]
    rows[0][-1] = "flavour"
    rows[3] = [*ROWS[2][:2], 9, *ROWS[2][3:], "Mild."]  # the rogue's stars, 9: line 5 of the file, column 3
    text = io.StringIO()
    csv.writer(text, delimiter=line.strip('"')[-1], lineterminator=end).writerows(rows)
    (project / f"{DECK[:-5]}.csv").write_text(f"{line}{end}{text.getvalue()}", encoding="utf-8", newline="")
    use_sheet(project, "heroes.csv")
    assert sorted(load_cards(project)) == sorted(row[0] for row in ROWS)
    errors = [found for found in run_pnp(project, "validate", "tiny", "--quick").output.splitlines() if ": error: " in found]
    assert errors == ["data/tiny/decks/heroes.csv:5:3: error: heroes/rogue: stars is 9, allowed 1–4 (constraint at data/tiny/game.yaml:29) [heroes/rogue]"]
    unread = [found for found in quick_findings(project)[1] if "'flavour'" in found]
    assert len(unread) == 1 and unread[0].startswith("data/tiny/decks/heroes.csv:2:9: warning: no template, constraint or fact reads the card field "
                                                     "'flavour'"), unread


@pytest.mark.parametrize(("suffix", "header", "cells", "said"), [
    # a column left without its name, a value typed in the knight's row (C2)
    ("csv", [*HEADER[:2], "", *HEADER[2:]], {0: "oops"}, "data/tiny/decks/heroes.csv:2:3: warning: column C has no header, so its value 'oops' reaches"),
    # cells typed past the header row's last column (I), in two rows: one warning, at the first
    ("csv", HEADER, {0: "x", 2: "y"}, "data/tiny/decks/heroes.csv:2:9: warning: column I has no header, so its 2 values ('x' first) reach"),
    ("xlsx", HEADER, {1: "late"}, "data/tiny/decks/heroes.xlsx[Heroes]!I3: warning: column I has no header, so its value 'late' reaches"),
])
def test_values_in_a_column_without_a_header_are_one_warning_at_the_first(project, suffix, header, cells, said):
    """A value under no header reaches no card (no field has its name): nothing wrong passes silently, so each such
    column is one warning at its first value, saying to name the column or clear it: the game's warning, which its line
    of validate's summary counts (not the project's, as pnp.yaml's would be)."""
    unnamed = len(header) > len(HEADER)
    rows = [[*row[:2], cells.get(n, ""), *row[2:]] if unnamed else [*row, *([cells[n]] if n in cells else [])] for n, row in enumerate(ROWS)]
    if suffix == "csv":
        write_csv(project / "data/tiny/decks/heroes.csv", [header, *rows])
        use_sheet(project, "heroes.csv")
    else:
        write_xlsx(project / "data/tiny/decks/heroes.xlsx", {"Heroes": [header, *rows]})
        use_sheet(project, "heroes.xlsx")
    output = run_pnp(project, "validate", "tiny", "--quick").output
    warned = [line for line in output.splitlines() if "no header" in line]
    assert warned == [f"{said} no card: write the field's name at the top of the column, or clear it"]
    warnings = sum(": warning: " in line for line in output.splitlines())  # the game's: its summary counts them, the project has none
    assert output.splitlines()[-1] == f"tiny: 0 errors, {warnings} warning{'s' * (warnings != 1)}", output


@pytest.mark.parametrize("art", ["knight.png", "knight.JPG"])  # a camera's JPEG keeps the suffix it names in capitals
def test_art_a_sheet_names_from_its_own_folder_is_found_and_the_path_from_the_project_offered(project, art):
    """Squib, nanDECK and protograf read a sheet's `art/knight.png` beside the sheet; pnp reads an image's path from the
    project folder. A designer who brings the sheet with its art folder beside it is told where the file is, once, and
    to name it so, never to add the art that is there; the rogue's art, which is nowhere, is the other error."""
    from PIL import Image

    for folder in ("data/tiny/decks/art", "data/tiny/cart"):  # cart/ ends in the same letters, and is another folder
        (project / folder).mkdir()
        Image.new("RGB", (200, 200), "red").save(project / folder / art)
    rows = [["id", "name", "stars", "number", "text", "art", "count"],
            ["knight", "Knight", 3, 1, "Draw.", f"art/{art}", 2], ["rogue", "Rogue", 2, 3, "Steal.", "art/rogue.png", 1]]
    write_csv(project / "data/tiny/decks/heroes.csv", rows)
    use_sheet(project, "heroes.csv")
    game = project / "data/tiny/game.yaml"  # its stated card counts go, as the sheet holds other cards
    game.write_text(re.sub(r"components:\n(  .*\n)+", "", game.read_text(encoding="utf-8")), encoding="utf-8")
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", "{{ image(card.art, 5, 40, 20, 20) }}\n{% endblock %}"), encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "-q")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code != 0 and len(errors) == 2, result.output
    assert errors[0] == (f"templates/tiny/hero.j2:7:4: error: image 'art/{art}' not found (the project holds data/tiny/decks/art/{art}: an "
                         "image's path starts at the project folder): name it by the path it has, or build with --draft to print a "
                         "placeholder in its place until then [heroes/knight front]"), errors[0]
    assert errors[1].startswith("templates/tiny/hero.j2:7:4: error: image 'art/rogue.png' not found: add the art"), errors[1]


def _merged_warnings(project, name: str, cells: dict, merges: list[str]) -> list[str]:
    """`pnp validate`'s words of merged cells for the heroes deck read from workbook `name`, its `cells` set (None empties
    one, as Excel does the cells a merge covers) and its `merges` made."""
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Heroes"
    for row in [HEADER, *ROWS]:
        sheet.append([None if v == "" else v for v in row])
    for cell, value in cells.items():
        sheet[cell] = value
    for merged in merges:
        sheet.merge_cells(merged)
    book.save(project / f"data/tiny/decks/{name}")
    use_sheet(project, name)
    return [line for line in run_pnp(project, "validate", "tiny", "--quick").output.splitlines() if "merged" in line]


@pytest.mark.parametrize("name", ["heroes.xlsx", "HEROES.XLSX"])
def test_cells_merged_down_rows_are_one_warning_at_the_range_naming_the_rows_that_lose_the_value(project, name):
    """Excel shows a merged range's value on every row it spans; the XLSX file (ECMA-376's `<mergeCell ref="F4:F5"/>`)
    holds it in the first cell alone, so the card of row 5 has no side. Merged across one row's columns (the knight's
    text over its empty side), nothing is lost. A workbook named in capitals (as an old program saves it) is one too."""
    assert _merged_warnings(project, name, {"F5": None}, ["F4:F5", "E2:F2"]) == [
        f"data/tiny/decks/{name}[Heroes]!F4: warning: cells F4:F5 are merged, so only row 4 holds their value and the card of "
        "row 5 has none: unmerge the cells and fill the value down"]


def test_cells_merged_over_three_rows_of_a_macro_workbook_name_both_rows_below_the_value(project):
    """An .xlsm (a workbook with macros, read as an .xlsx) merges cells as an .xlsx does: `blue` merged down F3:F5
    holds its value in F3 alone, so the cards of rows 4 and 5, and only they, print no side."""
    assert _merged_warnings(project, "heroes.xlsm", {"F3": "blue", "F4": None, "F5": None}, ["F3:F5"]) == [
        "data/tiny/decks/heroes.xlsm[Heroes]!F3: warning: cells F3:F5 are merged, so only row 3 holds their value and the card of "
        "each of rows 4–5 has none: unmerge the cells and fill the value down"]


def test_a_sheets_count_column_turned_off_in_a_process_that_stays_up_prints_one_card_a_row(project, settled):
    """docs/data-format.md: with `count_column: none` a sheet's `count` column is a field, not copies (one card a row).
    `pnp watch` and `pnp serve` keep one Project and read a saved game again (Project.load_game): the card read again
    with the same fields at the same cells must still take its copies from the deck as it now reads."""
    decks = project / "data/tiny/decks"
    (decks / "pips.csv").write_text("id,name,stars,number,text,count\nsix,Six,1,1,Roll.,3\n", encoding="utf-8")
    deck = "name: Pips\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ncards_from: pips.csv\n"
    (decks / "pips.yaml").write_text(deck, encoding="utf-8")
    staying = Project(project)
    game, _ = staying.load_game("tiny")
    assert [(card.id, card.count) for card in game.decks["pips"].cards] == [("six", 3)]
    (decks / "pips.yaml").write_text(deck + "count_column: none\n", encoding="utf-8")
    game, _ = staying.load_game("tiny")
    assert [(card.id, card.count, card.fields["count"]) for card in game.decks["pips"].cards] == [("six", 1, 3)]
