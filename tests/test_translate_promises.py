"""The translator's round trip held promise by promise (issue #101 item 1), cheaply: a `pnp new` game, sheets filled as
`pnp translate export` writes them (docs/editions.md, "A translator's round trip"), `pnp translate import` and
`validate` run in process. Expected digests are the docs' own recipe (`letters`), never pnp's function; expected
finding codes are the docs' table of what import says ("What import says"), read from `--format json`."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_pnp
from test_translate import copy_game, german_gems, letters, read_csv, workbook_deck, write_csv

HEAD = ["id", "where", "en", "de", "status", "fits", "face"]  # the export's header row
DECK = "data/gems/decks/crystals.csv"


@pytest.fixture(scope="module")
def blank(tmp_path_factory) -> Path:
    return german_gems(tmp_path_factory.mktemp("promises") / "blank")


@pytest.fixture
def root(blank, tmp_path) -> Path:
    """A copy of the blank game to import into."""
    return copy_game(blank, tmp_path)


def row(cell_id: str, english: str, german: str, status: str = "missing") -> list[str]:
    """A sheet row as the export writes it (its `where`, `fits` and `face` are not read back)."""
    return [cell_id, "", english, german, status, "", ""]


def imported(root: Path, rows: list[list[str]], name: str = "de.csv"):
    write_csv(root / name, rows)
    return run_pnp(root, "translate", "import", str(root / name))


def import_json(root: Path, rows: list[list[str]], name: str = "de.csv"):
    """`pnp translate import --format json`: the result, and the findings it printed on standard output (which holds
    nothing else: json.loads reads it whole)."""
    write_csv(root / name, rows)
    result = run_pnp(root, "translate", "import", str(root / name), "--format", "json")
    return result, json.loads(result.stdout)


def place(record: dict) -> str:
    """A JSON finding's place as the text line says it: the file, then its line and column where it has them (a
    finding about a whole file has line 0)."""
    return f"{record['file']}:{record['line']}:{record['column']}" if record["line"] else record["file"]


def coded(records: list[dict]) -> list[tuple[str, str, str]]:
    """Each finding's (place, severity, code)."""
    return [(place(r), r["severity"], r["code"]) for r in records]


def said(result, kind: str) -> list[str]:
    """The lines of a command's output that are findings of a kind ("error", "warning")."""
    return [line for line in result.output.splitlines() if f": {kind}: " in line]


def deck_cell(root: Path, card: str, column: str) -> str:
    rows = read_csv(root / DECK)
    return next(r for r in rows if r[0] == card)[rows[0].index(column)]


def stale_warnings(root: Path) -> list[str]:
    result = run_pnp(root, "validate", "gems", "--lang", "de", "--quick")
    return [line.split(": warning: ")[0] for line in result.output.splitlines() if "made from an older text" in line]


# The English changed between export and import: the digest of the text the translator saw, the warning, stale after.

def test_a_source_changed_after_the_export_is_recorded_as_the_text_the_sheet_showed_and_validate_calls_it_stale(root):
    """The card's name, the deck's name (YAML) and the game's title change after the sheet went out: each row gets
    one warning at its English cell naming today's text, each translation records the digest of the sheet's English,
    and validate calls all three stale at their German cells."""
    deck_csv, deck_yaml, game = root / DECK, root / "data/gems/decks/crystals.yaml", root / "data/gems/game.yaml"
    deck_csv.write_text(deck_csv.read_text(encoding="utf-8").replace("Sapphire tide", "Sapphire wave"), encoding="utf-8")
    deck_yaml.write_text(deck_yaml.read_text(encoding="utf-8").replace("name: Crystals", "name: Crystal caves"), encoding="utf-8")
    game.write_text(game.read_text(encoding="utf-8").replace("title: Gems", "title: Gems of the deep"), encoding="utf-8")
    result, found = import_json(root, [HEAD, row(f"{DECK}#cards[sapphire-2].name", "Sapphire tide", "Saphirflut"),
                                       row("data/gems/decks/crystals.yaml#name", "Crystals", "Kristalle"),
                                       row("data/gems/game.yaml#title", "Gems", "Edelsteine")])
    assert result.exit_code == 0, result.output
    assert coded(found) == [(f"de.csv:{n}:3", "warning", "translate-source-changed") for n in (2, 3, 4)], result.output
    warned = [r["message"] for r in found]
    assert all(w.startswith("the source text changed since this sheet was exported") for w in warned)
    assert "data/gems/game.yaml: 1 translation written" in result.stderr  # beside the JSON, not in it
    assert "(it now reads 'Sapphire wave')" in warned[0] and "(it now reads 'Crystal caves')" in warned[1]
    assert "(it now reads 'Gems of the deep')" in warned[2] and "validate says it is stale" in warned[2]
    assert deck_cell(root, "sapphire-2", "name@de~src") == letters("Sapphire tide")
    assert f"name@de: Kristalle\nname@de~src: {letters('Crystals')}\n" in deck_yaml.read_text(encoding="utf-8")
    assert f"title@de: Edelsteine\ntitle@de~src: {letters('Gems')}\n" in game.read_text(encoding="utf-8")
    game_lines, deck_lines = game.read_text(encoding="utf-8").split("\n"), deck_yaml.read_text(encoding="utf-8").split("\n")
    tide_line = next(i + 1 for i, line in enumerate(deck_csv.read_text(encoding="utf-8").split("\n")) if line.startswith("sapphire-2,"))
    assert sorted(stale_warnings(root)) == sorted([
        f"{DECK}:{tide_line}:{read_csv(deck_csv)[0].index('name@de') + 1}",
        f"data/gems/decks/crystals.yaml:{deck_lines.index('name@de: Kristalle') + 1}:10",
        f"data/gems/game.yaml:{game_lines.index('title@de: Edelsteine') + 1}:11"])


def test_the_changed_source_is_quoted_on_one_line_and_cut_at_sixty_letters(root):
    deck_csv = root / DECK
    longer = "Swap a card with a neighbour,\nthen swap another with the player across the table."
    deck_csv.write_text(deck_csv.read_text(encoding="utf-8").replace("Swap a card with a neighbour.", f'"{longer}"'), encoding="utf-8")
    result = imported(root, [HEAD, row(f"{DECK}#cards[sapphire-2].text", "Swap a card with a neighbour.", "Tausche eine Karte.")])
    warned = said(result, "warning")
    assert result.exit_code == 0 and len(warned) == 1, result.output
    shown = " ".join(longer.split())[:60]
    assert f"(it now reads '{shown}')" in warned[0] and len(shown) == 60
    assert deck_cell(root, "sapphire-2", "text@de~src") == letters("Swap a card with a neighbour.")


def test_a_source_unchanged_since_the_export_gives_no_warning_and_records_its_digest(root):
    result = imported(root, [HEAD, row(f"{DECK}#cards[ruby-3].text", "Take two gems.\nThen pass.", "Nimm zwei.\nDann passe.")])
    assert result.exit_code == 0 and said(result, "warning") == [] and f"{DECK}: 1 translation written" in result.output, result.output
    assert deck_cell(root, "ruby-3", "text@de") == "Nimm zwei.\nDann passe."
    assert deck_cell(root, "ruby-3", "text@de~src") == letters("Take two gems.\nThen pass.")
    assert stale_warnings(root) == []


# A stale or unchecked row: left while its status stands, confirmed when the translator empties it.

def stale_ruby(root: Path) -> None:
    """Ruby shard translated, then renamed in English: its translation is stale."""
    assert imported(root, [HEAD, row(f"{DECK}#cards[ruby-1].name", "Ruby shard", "Rubinsplitter")], "first.csv").exit_code == 0
    deck_csv = root / DECK
    deck_csv.write_text(deck_csv.read_text(encoding="utf-8").replace("Ruby shard", "Ruby splinter"), encoding="utf-8")


def test_a_stale_row_imported_as_exported_changes_nothing(root):
    stale_ruby(root)
    before = (root / DECK).read_bytes()
    result = imported(root, [HEAD, row(f"{DECK}#cards[ruby-1].name", "Ruby splinter", "Rubinsplitter", "stale")])
    assert result.exit_code == 0 and "de.csv: nothing to write: every translation in it is as the data has it" in result.output, result.output
    assert (root / DECK).read_bytes() == before and len(stale_warnings(root)) == 1


@pytest.mark.parametrize("status", ["", "  "])
def test_emptying_a_stale_rows_status_confirms_the_translation_against_todays_source(root, status):
    stale_ruby(root)
    result = imported(root, [HEAD, row(f"{DECK}#cards[ruby-1].name", "Ruby splinter", "Rubinsplitter", status)])
    assert result.exit_code == 0 and f"{DECK}: 1 translation written" in result.output and said(result, "warning") == [], result.output
    assert deck_cell(root, "ruby-1", "name@de") == "Rubinsplitter"
    assert deck_cell(root, "ruby-1", "name@de~src") == letters("Ruby splinter")
    assert stale_warnings(root) == []


def test_an_unchecked_translation_is_left_until_its_status_is_emptied(root):
    """A translation written by hand has no digest: the export calls it unchecked; imported so, nothing is written;
    with the status emptied, the digest of the English beside it is recorded."""
    game = root / "data/gems/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("title: Gems\n", "title: Gems\ntitle@de: Edelsteine\n"), encoding="utf-8")
    before = game.read_bytes()
    result = imported(root, [HEAD, row("data/gems/game.yaml#title", "Gems", "Edelsteine", "unchecked")])
    assert result.exit_code == 0 and "nothing to write" in result.output and game.read_bytes() == before, result.output
    result = imported(root, [HEAD, row("data/gems/game.yaml#title", "Gems", "Edelsteine", "")])
    assert result.exit_code == 0 and "data/gems/game.yaml: 1 translation written" in result.output, result.output
    text = game.read_text(encoding="utf-8")
    assert f"title: Gems\ntitle@de: Edelsteine\ntitle@de~src: {letters('Gems')}\n" in text and text.count("title@de:") == 1


def test_a_row_as_the_data_has_it_writes_nothing_whatever_its_status(root):
    assert imported(root, [HEAD, row("data/gems/game.yaml#title", "Gems", "Edelsteine")], "first.csv").exit_code == 0
    before = (root / "data/gems/game.yaml").read_bytes()
    for status in ("", "missing"):
        result = imported(root, [HEAD, row("data/gems/game.yaml#title", "Gems", "Edelsteine", status)])
        assert result.exit_code == 0 and "nothing to write" in result.output, result.output
    assert (root / "data/gems/game.yaml").read_bytes() == before


def test_a_new_translation_of_a_translated_text_replaces_it_and_its_digest(root):
    assert imported(root, [HEAD, row("data/gems/game.yaml#title", "Gems", "Edelsteine")], "first.csv").exit_code == 0
    result = imported(root, [HEAD, row("data/gems/game.yaml#title", "Gems", "Juwelen", "")])
    assert result.exit_code == 0 and "data/gems/game.yaml: 1 translation written" in result.output, result.output
    text = (root / "data/gems/game.yaml").read_text(encoding="utf-8")
    assert f"title: Gems\ntitle@de: Juwelen\ntitle@de~src: {letters('Gems')}\nlanguages:" in text


# The sheet as read: its header, its cells, what is kept aside.

def test_columns_beside_the_exports_are_kept_aside_wherever_they_stand_and_counted(root):
    """The source and translation are the first two headers that are language codes, even after a translator's own
    column; the others are named by their letters in one line."""
    result = imported(root, [["id", "notes", "en", "de", "status", "checked by"],
                             ["data/gems/game.yaml#title", "short!", "Gems", "Edelsteine", "missing", "Anna"]])
    assert result.exit_code == 0 and said(result, "error") == [], result.output
    assert "de.csv: 2 columns kept aside, not read (B notes, F checked by): the import writes the 'de' column only" in result.output
    assert "title@de: Edelsteine\n" in (root / "data/gems/game.yaml").read_text(encoding="utf-8")


def test_with_format_json_standard_output_holds_the_findings_alone_and_what_was_done_goes_to_standard_error(root):
    """A sheet with a translator's notes column and every row as the data has it: no finding, so the JSON is an empty
    list, and the lines about the notes and about nothing to write are on standard error."""
    result, found = import_json(root, [["id", "en", "de", "notes"], ["data/gems/game.yaml#title", "Gems", "", "later"]])
    assert result.exit_code == 0 and found == [] and result.stdout.strip() == "[]", result.output
    assert "de.csv: 1 column kept aside, not read (D notes)" in result.stderr
    assert "de.csv: nothing to write: every translation in it is as the data has it" in result.stderr


@pytest.mark.parametrize("head", [HEAD, ["id", "", "en", "de", "status"]], ids=["the-exports", "one-header-cleared"])
def test_a_sheet_with_the_exports_columns_alone_keeps_nothing_aside(root, head):
    """The export's header, or one whose `where` header a translator cleared: no column with a header is left unread."""
    result = imported(root, [head, row("data/gems/game.yaml#title", "Gems", "Edelsteine")[:len(head)]])
    assert result.exit_code == 0 and "kept aside" not in result.output and "data/gems/game.yaml: 1 translation written" in result.output


@pytest.mark.parametrize("head", [["key", "where", "en", "de"], ["id", "where", "en", "status"], ["id", "where", "de"]])
def test_a_header_row_without_an_id_or_two_languages_is_one_error_at_its_first_cell(root, head):
    result, found = import_json(root, [head, ["data/gems/game.yaml#title", "", "Gems", "Edelsteine"][:len(head)]])
    assert result.exit_code == 1 and coded(found) == [("de.csv:1:1", "error", "translate-header")], result.output
    assert found[0]["message"].startswith("the header row must name id")
    assert found[0]["message"].endswith("; it reads " + ", ".join(f"'{h}'" for h in head))
    assert "nothing written" in result.stderr and "title@de" not in (root / "data/gems/game.yaml").read_text(encoding="utf-8")


def test_headers_that_are_not_language_codes_are_read_as_the_source_and_the_translation(root):
    """With fewer than two language codes among the headers, the first two columns pnp does not know are the source and
    the translation: a sheet headed English and Deutsch translates English into Deutsch, which the game does not speak."""
    result, found = import_json(root, [["id", "where", "English", "Deutsch", "status"], ["data/gems/game.yaml#title", "", "Gems", "Edelsteine", ""]])
    assert result.exit_code == 1 and coded(found) == [("de.csv:1:4", "error", "translate-language")], result.output
    assert found[0]["message"].startswith("this sheet translates English into Deutsch; gems's languages are en, de (en the source)")


def test_an_empty_sheet_is_one_error_about_the_sheet(root):
    for name, text in (("empty.csv", ""), ("blank.csv", ",,,\r\n , ,\r\n")):
        (root / name).write_text(text, encoding="utf-8")
        result = run_pnp(root, "translate", "import", str(root / name), "--format", "json")
        found = json.loads(result.stdout)
        assert result.exit_code == 1 and coded(found) == [(name, "error", "translate-empty")], result.output
        assert found[0]["message"].startswith("this sheet is empty")


def test_blank_rows_and_short_rows_are_read_as_the_export_wrote_them(root):
    """A blank line between rows is no row; a row cut short after its translation reads as if its last cells were empty."""
    (root / "de.csv").write_text("id,where,en,de,status,fits,face\r\n,,,,,,\r\n\r\ndata/gems/game.yaml#title,,Gems,Edelsteine\r\n",
                                 encoding="utf-8")
    result = run_pnp(root, "translate", "import", str(root / "de.csv"))
    assert result.exit_code == 0 and "data/gems/game.yaml: 1 translation written" in result.output, result.output


def workbook(path: Path, rows: list[list]) -> Path:
    from openpyxl import Workbook

    book = Workbook()
    book.active.title = "de"
    for values in rows:
        book.active.append(values)
    book.save(path)
    return path


def test_a_workbooks_cells_are_read_as_the_text_the_translator_typed(root):
    """A number typed into a workbook is its digits (not 2024.0), a line break typed as CRLF is one line break, spaces
    around a text are no part of it, and a text behind the export's `'` guard is the text after it."""
    result = run_pnp(root, "translate", "import", str(workbook(root / "de.xlsx", [
        HEAD,
        ["data/gems/game.yaml#title", None, "Gems", 2024, "missing"],
        [f"{DECK}#cards[ruby-3].text", None, "Take two gems.\nThen pass.", "  Nimm zwei.\r\nDann passe.  ", "missing"],
        [f"{DECK}#cards[ruby-1].name", None, "Ruby shard", "'=1+1", "missing"],
        ["data/gems/decks/crystals.yaml#name", None, "Crystals", "'+Kristalle", "missing"],
        [f"{DECK}#cards[emerald-1].name", None, "Emerald shard", None, "missing"]])))  # an empty cell: left as it is
    assert result.exit_code == 0 and said(result, "warning") == [], result.output
    assert f"{DECK}: 2 translations written" in result.output and deck_cell(root, "emerald-1", "name@de") == ""
    from pnp.data.sheet_rows import SheetSource
    from pnp.data.source import load_yaml
    from pnp.data.spreadsheet import read_cards

    assert load_yaml(root / "data/gems/game.yaml", "game.yaml")["title@de"] == "2024"
    assert load_yaml(root / "data/gems/decks/crystals.yaml", "crystals.yaml")["name@de"] == "+Kristalle"
    cards = {card["id"]: card for card in read_cards(SheetSource(root / DECK, "crystals.csv"))}  # as a build reads the deck
    assert cards["ruby-3"]["text@de"] == "Nimm zwei.\nDann passe." and cards["ruby-1"]["name@de"] == "=1+1"
    assert deck_cell(root, "ruby-1", "name@de") == "'=1+1"  # guarded in the designer's CSV: no spreadsheet runs it


def test_a_csv_sheets_guarded_cell_is_the_text_after_the_guard(root):
    result = imported(root, [HEAD, row("data/gems/game.yaml#title", "Gems", "'-Edelsteine-")])
    assert result.exit_code == 0, result.output
    from pnp.data.source import load_yaml

    assert load_yaml(root / "data/gems/game.yaml", "game.yaml")["title@de"] == "-Edelsteine-"


# A row that cannot be written: one error at its cell, and nothing written.

def test_each_bad_row_is_one_error_at_its_cell_and_nothing_is_written(root):
    before = {p: p.read_bytes() for p in (root / "data").rglob("*") if p.is_file()}
    result = imported(root, [HEAD,
                             row("data/gems/game.yaml#title", "Gems", "Edelsteine"),
                             row("", "", "Ohne Ziel"),
                             row("", "", ""),
                             row("data/gems/game.yaml#title", "Gems", "Juwelen"),
                             row("data/nope/game.yaml#title", "Gems", "Nichts"),
                             row("gems/game.yaml#title", "Gems", "Nichts"),
                             row(f"{DECK}#cards[ruby-9].name", "Ruby shard", "Rubin"),
                             row(f"{DECK}#cards[ruby-1].name", "Ruby shard", "")])
    errors = said(result, "error")
    assert result.exit_code == 1 and [e.split(": error: ")[0] for e in errors] == [f"de.csv:{n}:1" for n in (3, 5, 6, 7, 8)], result.output
    assert "this row has a translation and no id" in errors[0]
    assert "data/gems/game.yaml#title is translated twice (first at de.csv:2:1): keep one row" in errors[1]
    assert "'data/nope/game.yaml#title' names no game's file" in errors[2] and "'gems/game.yaml#title' names no game's file" in errors[3]
    assert errors[4].endswith(f"{DECK}#cards[ruby-9].name is no translatable text of the game now (did you mean '{DECK}#cards[ruby-3].name'?): "
                              "was it renamed or removed? export the sheet again")
    assert "de.csv: nothing written: mend what is said above" in result.output
    assert before == {p: p.read_bytes() for p in (root / "data").rglob("*") if p.is_file()}
    again = run_pnp(root, "translate", "import", str(root / "de.csv"), "--format", "json")
    found = json.loads(again.stdout)  # the same findings as validate's records: each line above, and its code
    assert again.exit_code == 1 and [f"{place(r)}: {r['severity']}: {r['message']}" for r in found] == errors
    assert [r["code"] for r in found] == ["translate-no-id", "translate-twice", "translate-unknown", "translate-unknown", "translate-unknown"]
    assert "de.csv: nothing written" in again.stderr and before == {p: p.read_bytes() for p in (root / "data").rglob("*") if p.is_file()}


def test_a_row_without_an_id_is_said_at_the_id_cell_even_past_the_rows_end(root):
    """The id column last: a row cut short before it is said at the cell the id would be in."""
    result, found = import_json(root, [["en", "de", "status", "id"], ["Gems", "Edelsteine", "missing", "data/gems/game.yaml#title"],
                                       ["Crystals", "Kristalle"]])
    assert result.exit_code == 1 and coded(found) == [("de.csv:3:4", "error", "translate-no-id")], result.output
    assert found[0]["message"].startswith("this row has a translation and no id")


@pytest.mark.parametrize(("head", "cell"), [(["id", "where", "en", "fr"], "de.csv:1:4"), (["id", "de", "en"], "de.csv:1:3"),
                                            (["id", "where", "en", "en-GB"], "de.csv:1:4"), (["id", "where", "fr", "de"], "de.csv:1:4")])
def test_a_sheet_of_languages_the_game_does_not_translate_is_one_error_at_its_translation_header(root, head, cell):
    """French the game lacks, German into English (the source), English into British English, German made from French
    (not the game's English source): one error for the game, at the translation's header, however many rows."""
    result, found = import_json(root, [head, ["data/gems/game.yaml#title", "", "Gems", "Edelsteine"][:len(head)],
                                       [f"{DECK}#cards[ruby-1].name", "", "Ruby shard", "Rubin"][:len(head)]])
    assert result.exit_code == 1 and coded(found) == [(cell, "error", "translate-language")], result.output
    assert found[0]["message"].startswith("this sheet translates ") and "gems's languages are en, de (en the source)" in found[0]["message"]


def test_texts_kept_in_a_workbook_deck_are_one_error_that_counts_them_and_names_the_columns_to_type(root):
    """Every card name and text of a deck kept in a workbook (which pnp reads and does not write), translated: one
    mistake, one error at the first text's cell, counting the texts, naming the columns once and the first three cells
    with the digests their `~src` cells take (the docs' recipe), and nothing written."""
    book = workbook_deck(root)
    before = book.read_bytes()
    sheet = "data/gems/decks/crystals.xlsx"
    english = {"ruby-1": ("Ruby shard", "Take a gem."), "ruby-3": ("Ruby heart", "Take two gems.\nThen pass."),
               "emerald-1": ("Emerald shard", "Take a gem."), "emerald-3": ("Emerald eye", "Look at the top card.")}
    rows = [row(f"{sheet}#cards[{card}].{field}", text, "=Rubin" if (card, field) == ("ruby-3", "name") else f"{text} (de)")
            for card, texts in english.items() for field, text in zip(("name", "text"), texts, strict=True)]
    result, found = import_json(root, [HEAD, *rows, row("data/gems/game.yaml#title", "Gems", "Edelsteine")])
    assert result.exit_code == 1 and coded(found) == [("de.csv:2:4", "error", "translate-workbook")], result.output
    assert found[0]["message"] == (
        f"8 texts of this sheet live in the workbook {sheet}, which pnp reads and does not write: type each translation in its column "
        "there (`name@de`, `text@de`) (a text beginning as a formula does after a `'`, so the program keeps it as text), and the digest of "
        "the text it was made from beside it (`name@de~src`, `text@de~src`): "
        f"de.csv:2:4 for card ruby-1, its name@de~src {letters('Ruby shard')}; de.csv:3:4 for card ruby-1, its text@de~src "
        f"{letters('Take a gem.')}; de.csv:4:4 for card ruby-3, its name@de~src {letters('Ruby heart')}; and 5 more, from de.csv:5:4")
    assert book.read_bytes() == before and "Edelsteine" not in (root / "data/gems/game.yaml").read_text(encoding="utf-8")


def test_one_text_kept_in_a_workbook_deck_is_said_as_one(root):
    workbook_deck(root)
    result, found = import_json(root, [HEAD, row("data/gems/decks/crystals.xlsx#cards[ruby-1].name", "Ruby shard", "Rubinsplitter")])
    assert coded(found) == [("de.csv:2:4", "error", "translate-workbook")], result.output
    assert found[0]["message"].startswith("this text lives in the workbook data/gems/decks/crystals.xlsx, which pnp reads and does not write: "
                                          "type the translation in its column there (`name@de`), and the digest")
    assert found[0]["message"].endswith(f": de.csv:2:4 for card ruby-1, its name@de~src {letters('Ruby shard')}")


# The rulebook: rulebook.de.md, section by section, each noting the digest of the English it was made from.

def english_sections(root: Path) -> dict[str, str]:
    """rulebook.md's sections as the sheet shows them (docs: a heading and what follows it; the front matter first)."""
    text = (root / "data/gems/rulebook.md").read_text(encoding="utf-8")
    opening, *rest = text.split("\n# ")
    return dict(zip(["opening", "overview", "components", "playing"], [opening.strip(), *("# " + part.strip() for part in rest)], strict=True))


GERMAN_BOOK = {"opening": "---\nsubtitle: Spielregeln\n---", "overview": "# Überblick\n\nSammelt.", "components": "# Material\n\nAlles.",
               "playing": "# Spielablauf\n\nSpielt."}


def book_rows(root: Path, german: dict[str, str]) -> list[list[str]]:
    english = english_sections(root)
    return [HEAD, *(row(f"data/gems/rulebook.md#{sid}", english[sid], german.get(sid, "")) for sid in english)]


def line_of(path: Path, start: str) -> int:
    """The line a sheet's row starts on (a cell above may span lines)."""
    return next(i + 1 for i, line in enumerate(path.read_text(encoding="utf-8").split("\n")) if line.startswith(start))


def test_a_rulebook_translated_in_part_names_its_first_empty_section_and_counts_them(root):
    """Two of the rulebook's four sections left empty and no rulebook.de.md yet: the one error counts both and names the
    first of them in the rulebook's order (the opening text), where the translator starts."""
    partial = {sid: text for sid, text in GERMAN_BOOK.items() if sid not in ("opening", "playing")}
    result, found = import_json(root, book_rows(root, partial))
    assert result.exit_code == 1 and [f["code"] for f in found] == ["translate-rulebook-whole"], result.output
    assert "(2 of 4 are empty, the first 'opening')" in found[0]["message"], found[0]["message"]
    assert not (root / "data/gems/rulebook.de.md").exists()


def test_a_rulebook_is_written_whole_only_when_every_section_is_translated(root):
    partial = {sid: text for sid, text in GERMAN_BOOK.items() if sid != "opening"}
    result, found = import_json(root, book_rows(root, partial))
    at = f"de.csv:{line_of(root / 'de.csv', 'data/gems/rulebook.md#overview')}:4"
    assert result.exit_code == 1 and coded(found) == [(at, "error", "translate-rulebook-whole")], result.output
    assert found[0]["message"].startswith("there is no rulebook.de.md yet")
    assert "translate every section of the rulebook in the sheet (1 of 4 are empty, the first 'opening')" in found[0]["message"]
    assert not (root / "data/gems/rulebook.de.md").exists()
    result = imported(root, book_rows(root, GERMAN_BOOK))
    assert result.exit_code == 0 and "data/gems/rulebook.de.md: 4 translations written" in result.output, result.output
    src = {sid: "{# src: " + letters(text) + " #}" for sid, text in english_sections(root).items()}
    assert (root / "data/gems/rulebook.de.md").read_text(encoding="utf-8") == (
        f"---\nsubtitle: Spielregeln\n---\n{src['opening']}\n\n# Überblick\n{src['overview']}\n\nSammelt.\n\n"
        f"# Material\n{src['components']}\n\nAlles.\n\n# Spielablauf\n{src['playing']}\n\nSpielt.\n")
    assert stale_warnings(root) == []


HAND_BOOK = "---\nsubtitle: Spielregeln\n---\n\n# Überblick\n\nSammelt.\n\n\n\n# Material\n\nAlles.\n\n# Spielablauf\n\nSpielt.\n\n\n"


def test_a_rulebook_section_is_replaced_in_place_and_every_other_line_stays(root):
    """rulebook.de.md written by hand, with odd blank lines: the sections the sheet changes are replaced, each with its
    note, and the blank lines after them and every other section stay as they were."""
    german = root / "data/gems/rulebook.de.md"
    german.write_text(HAND_BOOK, encoding="utf-8")
    result = imported(root, book_rows(root, {"overview": "# Überblick\n\nSammelt Kristalle.", "playing": "# Spielablauf\n\nSpielt reihum."}))
    assert result.exit_code == 0 and "data/gems/rulebook.de.md: 2 translations written" in result.output, result.output
    english = english_sections(root)
    assert german.read_text(encoding="utf-8") == HAND_BOOK.replace(
        "# Überblick\n\nSammelt.", f"# Überblick\n{{# src: {letters(english['overview'])} #}}\n\nSammelt Kristalle.").replace(
        "# Spielablauf\n\nSpielt.", f"# Spielablauf\n{{# src: {letters(english['playing'])} #}}\n\nSpielt reihum.")


def test_a_rule_changed_after_the_export_is_noted_as_the_english_the_translator_saw(root):
    german = root / "data/gems/rulebook.de.md"
    german.write_text(HAND_BOOK, encoding="utf-8")
    rows = book_rows(root, {"playing": "# Spielablauf\n\nSpielt reihum."})
    seen = rows[-1][2]
    rules = root / "data/gems/rulebook.md"
    rules.write_text(rules.read_text(encoding="utf-8").replace("the most points wins.", "the most points wins.\n4. Ties share."), encoding="utf-8")
    result = imported(root, rows)
    warned = said(result, "warning")
    assert result.exit_code == 0 and len(warned) == 1, result.output
    assert warned[0].startswith(f"de.csv:{line_of(root / 'de.csv', 'data/gems/rulebook.md#playing')}:3: warning: the source text changed")
    assert "{# src: " + letters(seen) + " #}" in german.read_text(encoding="utf-8")
    heading = german.read_text(encoding="utf-8").split("\n").index("# Spielablauf") + 1
    assert stale_warnings(root) == [f"data/gems/rulebook.de.md:{heading}:1"]
    said_now = run_pnp(root, "validate", "gems", "--lang", "de", "--quick").output
    now = english_sections(root)["playing"]
    assert ("translation of the rulebook's section 'playing' made from an older text: rulebook.md's section now reads '# Playing…' and "
            f"differs; check this section against it, then set its note to `{{# src: {letters(now)} #}}`") in said_now, said_now


def test_a_german_rulebook_with_other_sections_is_refused_and_left_as_it_was(root):
    german = root / "data/gems/rulebook.de.md"
    german.write_text("# Überblick\n\nSammelt.\n\n# Spielablauf\n\nSpielt.\n", encoding="utf-8")
    result, found = import_json(root, book_rows(root, {"components": "# Material\n\nAlles.", "playing": "# Spielablauf\n\nSpielt reihum."}))
    at = f"de.csv:{line_of(root / 'de.csv', 'data/gems/rulebook.md#components')}:4"
    assert result.exit_code == 1 and coded(found) == [(at, "error", "translate-rulebook-sections")], result.output
    assert found[0]["message"] == ("rulebook.de.md has 2 sections where rulebook.md has 4, so pnp cannot tell which translates which: "
                                   "give them the same headings, then import again")
    assert german.read_text(encoding="utf-8") == "# Überblick\n\nSammelt.\n\n# Spielablauf\n\nSpielt.\n"


def test_a_german_rulebook_with_more_sections_than_the_english_is_refused_and_left_as_it_was(root):
    """A section the German rulebook alone has (a variant written there): five sections cannot be matched with
    rulebook.md's four any more than two can, so the import refuses it at the filled cell and writes nothing."""
    german = root / "data/gems/rulebook.de.md"
    book = HAND_BOOK + "# Varianten\n\nZu dritt.\n"
    german.write_text(book, encoding="utf-8")
    result, found = import_json(root, book_rows(root, {"playing": "# Spielablauf\n\nSpielt reihum."}))
    at = f"de.csv:{line_of(root / 'de.csv', 'data/gems/rulebook.md#playing')}:4"
    assert result.exit_code == 1 and coded(found) == [(at, "error", "translate-rulebook-sections")], result.output
    assert found[0]["message"].startswith("rulebook.de.md has 5 sections where rulebook.md has 4,"), found[0]["message"]
    assert german.read_text(encoding="utf-8") == book


# YAML files: the two keys beside the source's, every other byte as it was.

def test_a_yaml_file_keeps_its_byte_order_mark(root):
    game = root / "data/gems/game.yaml"
    game.write_bytes(b"\xef\xbb\xbf" + game.read_bytes())
    result = imported(root, [HEAD, row("data/gems/game.yaml#title", "Gems", "Edelsteine")])
    assert result.exit_code == 0, result.output
    data = game.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf# Gems: made by") and data.count(b"\xef\xbb\xbf") == 1
    assert b"\ntitle: Gems\ntitle@de: Edelsteine\n" in data


def test_a_flow_mapping_over_several_lines_is_an_error_at_its_key_and_nothing_is_written(root):
    game = root / "data/gems/game.yaml"
    text = game.read_text(encoding="utf-8")
    at = text.index("  - name: Gem tokens")
    end = text.index("\nconstraints:")
    game.write_text(text[:at] + "  - {name:\n      Gem tokens, in: tokens.gems, count: 12}" + text[end:], encoding="utf-8")
    before = {p: p.read_bytes() for p in (root / "data").rglob("*") if p.is_file()}
    result, found = import_json(root, [HEAD, row(f"{DECK}#cards[ruby-1].name", "Ruby shard", "Rubin"),
                                       row("data/gems/game.yaml#components[1].name", "Gem tokens", "Edelsteinmarker")])
    line = game.read_text(encoding="utf-8").split("\n").index("  - {name:") + 1
    assert result.exit_code == 1 and coded(found) == [(f"data/gems/game.yaml:{line}:6", "error", "translate-flow")], result.output
    assert found[0]["message"] == "name's `{…}` mapping runs over several lines in a way pnp does not write into: write that mapping one key a line, then import again"
    assert before == {p: p.read_bytes() for p in (root / "data").rglob("*") if p.is_file()}


# A CSV or TSV deck: two columns beside the source's, every row the import does not change as it was.

def test_a_decks_new_columns_go_right_after_its_source_and_its_other_translations(root):
    deck = root / DECK
    rows = read_csv(deck)
    write_csv(deck, [r[:2] + (["name@fr", "name@fr~src"] if i == 0 else ["", ""]) + r[2:] for i, r in enumerate(rows)])
    result = imported(root, [HEAD, row(f"{DECK}#cards[ruby-1].name", "Ruby shard", "Rubinsplitter"),
                             row(f"{DECK}#cards[emerald-3].text", "Look at the top card.", "Sieh dir die oberste Karte an.")])
    assert result.exit_code == 0, result.output
    after = read_csv(deck)
    assert after[0] == ["id", "name", "name@fr", "name@fr~src", "name@de", "name@de~src", "colour", "value", "count", "text", "text@de",
                        "text@de~src", "icon"]
    assert all(len(r) == len(after[0]) for r in after)
    by_id = {r[0]: dict(zip(after[0], r, strict=True)) for r in after[1:]}
    assert by_id["ruby-1"]["name@de"] == "Rubinsplitter" and by_id["emerald-3"]["text@de~src"] == letters("Look at the top card.")
    assert by_id["ruby-3"]["colour"] == "ruby" and by_id["ruby-3"]["icon"] == "glass-heart" and by_id["ruby-3"]["name@de"] == ""


@pytest.mark.parametrize(("name", "delimiter"), [("crystals.csv", ","), ("crystals.tsv", "\t")])
def test_a_decks_rows_the_import_leaves_keep_their_very_bytes(root, name, delimiter):
    """A deck saved with a byte-order mark and CRLF: adding the German columns rewrites each row once with its own line
    end; a later import changes the one row it translates, and every other byte stays."""
    import csv
    import io

    decks = root / "data/gems/decks"
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, lineterminator="\r\n").writerows(read_csv(decks / "crystals.csv"))
    (decks / "crystals.csv").unlink()
    (decks / name).write_bytes(b"\xef\xbb\xbf" + out.getvalue().encode("utf-8"))
    deck = decks / "crystals.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("cards_from: crystals.csv", f"cards_from: {name}"), encoding="utf-8")
    sheet = f"data/gems/decks/{name}"
    assert imported(root, [HEAD, row(f"{sheet}#cards[ruby-1].name", "Ruby shard", "Rubinsplitter")], "first.csv").exit_code == 0
    first = (decks / name).read_bytes()
    assert first.startswith(b"\xef\xbb\xbfid" + delimiter.encode() + b"name" + delimiter.encode() + b"name@de" + delimiter.encode() + b"name@de~src")
    assert first.count(b"\r\n") == out.getvalue().count("\r\n") and b"\n" not in first.replace(b"\r\n", b"")[:-1].replace(b'Take two gems.\nThen', b"")
    result = imported(root, [HEAD, row(f"{sheet}#cards[emerald-3].name", "Emerald eye", "Smaragdauge, groß")])
    assert result.exit_code == 0, result.output
    before, after = first.split(b"\r\n"), (decks / name).read_bytes().split(b"\r\n")
    assert len(before) == len(after) and [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b] == \
        [next(i for i, x in enumerate(before) if x.startswith(b"emerald-3"))]
    changed = next(x for x in after if x.startswith(b"emerald-3")).decode()
    assert changed.startswith(delimiter.join(["emerald-3", "Emerald eye", '"Smaragdauge, groß"' if delimiter == "," else "Smaragdauge, groß",
                                               letters("Emerald eye")]))


@pytest.mark.parametrize("sep", [";", "|"])
def test_a_deck_excel_saved_with_its_sep_line_keeps_it_and_its_delimiter_through_an_import(root, sep):
    """Excel in a decimal-comma locale saves a deck's CSV with `;` and may begin it with a `sep=;` line, which it reads
    the file by and shows as no row (any character it names: `sep=|` too): the deck reads its cards by it, the import
    writes the German columns so separated under that line, which stays, and the German build reads them."""
    import csv
    import io

    decks = root / "data/gems/decks"
    out = io.StringIO()
    csv.writer(out, delimiter=sep, lineterminator="\r\n").writerows(read_csv(decks / "crystals.csv"))
    (decks / "crystals.csv").write_bytes(f"sep={sep}\r\n".encode() + out.getvalue().encode("utf-8"))
    assert ": error: " not in run_pnp(root, "validate", "gems", "--quick").output
    result = imported(root, [HEAD, row(f"{DECK}#cards[ruby-1].name", "Ruby shard", "Rubinsplitter")], "first.csv")
    assert result.exit_code == 0, result.output
    lines = (decks / "crystals.csv").read_bytes().decode("utf-8").split("\r\n")
    assert lines[0] == f"sep={sep}" and lines[1].startswith(sep.join(["id", "name", "name@de", "name@de~src", ""])), lines[:2]
    assert next(x for x in lines if x.startswith(f"ruby-1{sep}")).startswith(sep.join(["ruby-1", "Ruby shard", "Rubinsplitter", letters("Ruby shard"), ""]))
    checked = run_pnp(root, "validate", "gems", "--lang", "de", "--quick")
    assert checked.exit_code == 0 and "older text" not in checked.output, checked.output


# The sheet a translator gets: `pnp translate export` on a game whose German texts stand in every state.

LONG = "Außerordentlich funkelnder Rubinsplitter aus der allertiefsten Kristallhöhle des Nordens, " * 3
SEEDED = {  # (card, field) → (German, the English its digest was made from; None: no digest)
    ("ruby-1", "name"): (LONG.strip(), "Ruby shard"),
    ("ruby-3", "name"): ("Rubinherz der feuerspeienden Vulkane im Norden", "Ruby heart"),
    ("emerald-1", "text"): ("'=1+1", "Take a gem."),
    ("emerald-3", "name"): ("Smaragdauge", "Emerald"),
    ("sapphire-1", "name"): ("Saphirsplitter", None),
}


STRINGS = """strings:
  kind: Creature
  mood: calm
  motto: stay calm
  flavour: sweet
  flavour@fr: doux
  art: art/cover.png
  caption: see art/cover.png now
  box: 127 x 170 mm
  card: "2.5 × 3.5 in"
  count: "12"
  template: Big Card
"""
LISTED = {"kind", "motto", "flavour", "caption"}  # words: a capital or a space; a field translated by hand; no file, size, number or key


def seed(root: Path) -> None:
    """German texts written into the data by hand, as docs/editions.md says the import writes them: made from today's
    English, from an older one, or with no digest (unchecked); too long for the card, a little long, a formula."""
    deck = root / DECK
    rows = read_csv(deck)
    head = rows[0]
    new_head = ["id", "name", "name@de", "name@de~src", "colour", "value", "count", "text", "text@de", "text@de~src", "icon"]
    out = [new_head]
    for values in rows[1:]:
        card = dict(zip(head, values, strict=True))
        for field in ("name", "text"):
            german, english = SEEDED.get((card["id"], field), ("", None))
            card[f"{field}@de"], card[f"{field}@de~src"] = german, letters(english) if english else ""
        out.append([card[name] for name in new_head])
    write_csv(deck, out)
    game = root / "data/gems/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace(
        "title: Gems\n", f"title: Gems\ntitle@de: Edelsteine\ntitle@de~src: {letters('Gems')}\n").replace(
        "\nnotes: ", '\nnotes@de: "Platzhalter\\x07 \\u202eüberall"\nnotes: ') + STRINGS, encoding="utf-8")
    (root / "data/gems/rulebook.de.md").write_text("---\nsubtitle: Spielregeln\n---\n\n# Überblick\n{# src: aaaaaaaa #}\n\nSammelt.\n\n"
                                                   "# Material\n\nAlles.\n\n# Spielablauf\n{# src: " + letters(english_sections(root)["playing"])
                                                   + " #}\n\nSpielt.\n", encoding="utf-8")


@pytest.fixture
def exported(blank, tmp_path) -> Path:
    """The seeded game exported: a test's own export, so that bench/mutation.py runs each test that reads it for a
    mutant of the export (mutmut maps a module fixture's calls to the first test alone)."""
    root = copy_game(blank, tmp_path / "exported")
    seed(root)
    result = run_pnp(root, "translate", "export", "gems", "--lang", "de", "--dpi", "30")
    assert result.exit_code == 1, result.output  # a translation that does not fit: the sheet is written, and the command says so
    (root / "said.txt").write_text(result.output, encoding="utf-8")
    return root


def sheet_rows(root: Path) -> dict[str, dict[str, str]]:
    rows = read_csv(root / "output/gems/translate/gems-de.csv")
    assert rows[0] == HEAD
    return {values[0]: dict(zip(HEAD, values, strict=True)) for values in rows[1:]}


def test_each_row_says_its_translations_status_and_fit_as_the_docs_define_them(exported):
    rows = sheet_rows(exported)
    card = {(cid.split("[")[1].split("]")[0], cid.rsplit(".", 1)[1]): r for cid, r in rows.items() if cid.startswith(f"{DECK}#")}
    assert [card["ruby-1", "name"][k] for k in ("en", "de", "status", "fits")] == ["Ruby shard", LONG.strip(), "", "does not fit"]
    assert [card["ruby-3", "name"][k] for k in ("status", "fits")] == ["", "shrinks to fit"]
    assert [card["emerald-1", "text"][k] for k in ("de", "status", "fits")] == ["'=1+1", "", "yes"]  # the guard: no program runs it
    assert [card["emerald-3", "name"][k] for k in ("de", "status", "fits")] == ["Smaragdauge", "stale", "yes"]
    assert [card["sapphire-1", "name"][k] for k in ("de", "status", "fits")] == ["Saphirsplitter", "unchecked", "yes"]
    assert [card["sapphire-2", "name"][k] for k in ("de", "status", "fits")] == ["", "missing", ""]
    assert [rows["data/gems/game.yaml#title"][k] for k in ("en", "de", "status")] == ["Gems", "Edelsteine", ""]
    assert rows["data/gems/game.yaml#notes"]["de"] == "Platzhalter\\x07 \u202eüberall"  # a control character written out, bidi kept
    assert rows["data/gems/game.yaml#notes"]["status"] == "unchecked"
    book = {cid.partition("#")[2]: r["status"] for cid, r in rows.items() if cid.startswith("data/gems/rulebook.md#")}
    assert book == {"opening": "unchecked", "overview": "stale", "components": "unchecked", "playing": ""}
    said_lines = (exported / "said.txt").read_text(encoding="utf-8")
    count = len(rows)
    assert f"output/gems/translate/gems-de.csv: {count} texts, 25 missing, 2 stale, 4 unchecked, 1 not fitting" in said_lines, said_lines


def test_each_row_says_where_its_text_prints_and_links_its_face_or_its_pdf(exported):
    rows = sheet_rows(exported)
    expected = {
        f"{DECK}#cards[ruby-1].name": ("deck crystals, card ruby-1: name", "../gems-cards-de.pdf"),  # its face could not be drawn
        f"{DECK}#cards[ruby-3].name": ("deck crystals, card ruby-3: name", "faces-de/crystals/ruby-3-front.png"),
        f"{DECK}#cards[ruby-3].text": ("deck crystals, card ruby-3: text", "faces-de/crystals/ruby-3-front.png"),
        "data/gems/decks/crystals.yaml#name": ("deck crystals: name", "../gems-cards-de.pdf"),
        "data/gems/game.yaml#title": ("the game: title", ""),
        "data/gems/reference.yaml#sections[0].title": ("reference: sections[0].title", "../gems-reference-de.pdf"),
        "data/gems/tokens.yaml#tokens[gems].name": ("tokens: tokens[gems].name", "../gems-tokens-de.pdf"),
        "data/gems/boards.yaml#boards[cave].name": ("boards: boards[cave].name", "../gems-boards-de.pdf"),
        "data/gems/rulebook.md#opening": ("rulebook, before its first heading", "../gems-rulebook-de.pdf"),
        "data/gems/rulebook.md#playing": ("rulebook, Playing", "../gems-rulebook-de.pdf"),
    }
    assert {cid: (rows[cid]["where"], rows[cid]["face"]) for cid in expected} == expected
    folder = exported / "output/gems/translate"
    faces = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*-front.png"))
    assert faces == sorted(f"faces-de/crystals/{card}-front.png" for card in ("ruby-3", "emerald-1", "emerald-3", "sapphire-1", "sapphire-2"))
    from PIL import Image

    with Image.open(folder / "faces-de/crystals/ruby-3-front.png") as face:  # a poker card, 63.5 x 88.9 mm, at --dpi 30
        assert face.size == (round(63.5 / 25.4 * 30), round(88.9 / 25.4 * 30))
    assert rows["data/gems/reference.yaml#sections[0].steps"]["en"] == "Draw a crystal card.\nPlay one: do what it says.\n" \
                                                                        "Hold at most {{ game.facts.hand_size }} cards."


def test_the_csv_is_utf8_with_excels_byte_order_mark_and_crlf_rows(exported):
    data = (exported / "output/gems/translate/gems-de.csv").read_bytes()
    assert data.startswith(b"\xef\xbb\xbfid,where,en,de,status,fits,face\r\n")
    assert b"\r\ndata/gems/game.yaml#title,the game: title,Gems,Edelsteine,,yes,\r\n" in data and data.endswith(b"\r\n")


def test_the_workbook_holds_the_csvs_table_as_text_its_rows_filled_by_status_and_fit(exported):
    import zipfile

    from openpyxl import load_workbook

    folder = exported / "output/gems/translate"
    book = load_workbook(folder / "gems-de.xlsx")
    assert book.sheetnames == ["de"]
    sheet = book["de"]
    table = [["" if c.value is None else c.value for c in r] for r in sheet.iter_rows()]
    csv_rows = read_csv(folder / "gems-de.csv")
    assert table == [[v[1:] if v[:1] == "'" and v[1:2] in "=+-@" else v for v in r] for r in csv_rows]  # the workbook's text needs no guard
    assert all(c.data_type == "s" for r in sheet.iter_rows() for c in r if c.value is not None)
    assert all(c.font.bold for c in sheet[1]) and sheet.freeze_panes == "A2"
    fills = {r[0].value: {c.fill.fgColor.rgb for c in r} for r in sheet.iter_rows(min_row=2)}
    assert fills[f"{DECK}#cards[ruby-1].name"] == {"00F4CCCC"}  # red: does not fit
    assert fills[f"{DECK}#cards[ruby-3].name"] == {"00FCE5CD"}  # orange: shrinks to fit
    assert fills[f"{DECK}#cards[emerald-3].name"] == {"00FFF2CC"}  # amber: stale
    assert fills[f"{DECK}#cards[sapphire-1].name"] == {"00000000"} and fills["data/gems/game.yaml#title"] == {"00000000"}
    links = {r[0].value: r[6].hyperlink.target if r[6].hyperlink else None for r in sheet.iter_rows(min_row=2)}
    assert links[f"{DECK}#cards[ruby-3].name"] == "faces-de/crystals/ruby-3-front.png" and links["data/gems/game.yaml#title"] is None
    assert all(c.alignment.wrap_text and c.alignment.vertical == "top" for c in sheet[2])
    widths = {letter: sheet.column_dimensions[letter].width for letter in "ABCDEFG"}
    assert widths == {"A": 34, "B": 28, "C": 40, "D": 40, "E": 10, "F": 14, "G": 24}  # the texts' columns widest
    red = next(r for r in sheet.iter_rows(min_row=2) if r[0].value == f"{DECK}#cards[ruby-1].name")
    assert {c.fill.fill_type for c in red} == {"solid"}  # a fill with no pattern shows no colour
    with zipfile.ZipFile(folder / "gems-de.xlsx") as zf:
        assert {info.date_time for info in zf.infolist()} == {(1980, 1, 1, 0, 0, 0)}
        core = zf.read("docProps/core.xml").decode()
        assert not any("<f>" in zf.read(n).decode() for n in zf.namelist() if n.startswith("xl/worksheets/"))
    assert "2000-01-01" in core and "dcterms:modified" not in core
    import xml.etree.ElementTree as ET

    props = ET.fromstring(core)
    assert not (props.text or "").strip() and not any((e.tail or "").strip() for e in props)  # nothing left where the time was


def test_a_stale_translation_that_does_not_fit_is_filled_red_for_its_fit_and_said_stale(blank, tmp_path):
    """docs/editions.md: a stale row is amber, one that does not fit red, and a row that is both red (the text will not
    print whole whatever its source says); its status cell still says stale."""
    from openpyxl import load_workbook

    root = copy_game(blank, tmp_path / "both")
    seed(root)
    rows = read_csv(root / DECK)
    at = rows[0].index("name@de~src")
    write_csv(root / DECK, [[letters("Ruby") if i == at and r[0] == "ruby-1" else v for i, v in enumerate(r)] for r in rows])
    assert run_pnp(root, "translate", "export", "gems", "--lang", "de", "--dpi", "30").exit_code == 1
    sheet = load_workbook(root / "output/gems/translate/gems-de.xlsx")["de"]
    row = next(r for r in sheet.iter_rows(min_row=2) if r[0].value == f"{DECK}#cards[ruby-1].name")
    assert [row[4].value, row[5].value] == ["stale", "does not fit"] and {c.fill.fgColor.rgb for c in row} == {"00F4CCCC"}


def exported_and_filled(root: Path, cid: str, german: str):
    """Export the German sheet, fill one row's translation as a translator does and import it back: that row as the
    sheet showed it, and the import's result."""
    assert run_pnp(root, "translate", "export", "gems", "--lang", "de", "--dpi", "30").exit_code == 0
    rows = read_csv(root / "output/gems/translate/gems-de.csv")
    shown = next(r for r in rows if r[0] == cid)
    return shown, imported(root, [[german if r[0] == cid and i == 3 else v for i, v in enumerate(r)] for r in rows])


def test_a_source_text_holding_a_tab_comes_back_from_the_sheet_as_it_was_and_is_not_stale(root):
    """A tab is part of the text a translator reads (`"\\t"` in YAML is one, YAML 1.2 §5.7), not a control character to
    write out: the sheet shows it, and the row imported as exported is made from today's English, no warning."""
    game = root / "data/gems/game.yaml"
    text = game.read_text(encoding="utf-8")
    pitch = next(line for line in text.splitlines() if line.startswith("pitch: "))
    game.write_text(text.replace(pitch, 'pitch: "Collect\\tcrystals."'), encoding="utf-8")
    shown, result = exported_and_filled(root, "data/gems/game.yaml#pitch", "Sammle Kristalle.")
    assert shown[2] == "Collect\tcrystals."
    assert result.exit_code == 0 and said(result, "warning") == [], result.output
    assert f"pitch@de~src: {letters('Collect' + chr(9) + 'crystals.')}" in game.read_text(encoding="utf-8")
    assert stale_warnings(root) == []


def test_a_deck_sheet_saved_with_crlf_line_ends_comes_back_from_the_sheet_not_stale(root):
    """A CSV deck saved with Windows line ends (CRLF, RFC 4180's own, also inside a quoted cell of two lines, as git's
    autocrlf writes it): the sheet shows the card's two lines, not an `\\x0d`, and its translation is made from them."""
    deck = root / DECK
    deck.write_bytes(deck.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))
    shown, result = exported_and_filled(root, f"{DECK}#cards[ruby-3].text", "Nimm zwei.\nGib weiter.")
    assert shown[2] == "Take two gems.\nThen pass."
    assert result.exit_code == 0 and said(result, "warning") == [], result.output
    assert deck_cell(root, "ruby-3", "text@de~src") == letters("Take two gems.\nThen pass.")
    assert stale_warnings(root) == []


def test_the_same_game_exports_the_same_bytes(exported, tmp_path):
    folder = exported / "output/gems/translate"
    result = run_pnp(exported, "translate", "export", "gems", "--lang", "de", "--dpi", "30", "--out", str(tmp_path))
    assert result.exit_code == 1, result.output
    for name in ("gems-de.csv", "gems-de.xlsx"):
        assert (tmp_path / "gems/translate" / name).read_bytes() == (folder / name).read_bytes()


@pytest.mark.parametrize(("head", "read"), [
    (["key", "en", "de", "n" * 40, "m" * 41, "a", "b", "c"], "'key', 'en', 'de', '" + "n" * 40 + "', '" + "m" * 40 + "…', 'a', 'b', 'c'"),
    (["key", "en", "de", "a", "b", "c", "d", "e", "f"], "'key', 'en', 'de', 'a', 'b', 'c', 'd', 'e' and 1 more"),
])
def test_a_header_error_names_eight_headers_each_up_to_forty_letters_then_counts_the_rest(root, head, read):
    result = imported(root, [head, ["data/gems/game.yaml#title", "Gems", "Edelsteine"]])
    errors = said(result, "error")
    assert result.exit_code == 1 and len(errors) == 1 and errors[0].endswith(f"; it reads {read}"), result.output


def test_nine_columns_kept_aside_are_named_eight_and_one_more(root):
    extra = [f"note {i}" for i in range(9)]
    result = imported(root, [HEAD + extra, row("data/gems/game.yaml#title", "Gems", "Edelsteine") + [""] * 9])
    assert result.exit_code == 0, result.output
    assert ("9 columns kept aside, not read (H note 0, I note 1, J note 2, K note 3, L note 4, M note 5, N note 6, O note 7 and 1 more): "
            "the import writes the 'de' column only") in result.output


def test_the_sheet_lists_the_texts_that_read_as_words_and_no_key_file_size_or_number(exported):
    listed = {cid.removeprefix("data/gems/game.yaml#strings.") for cid in sheet_rows(exported) if cid.startswith("data/gems/game.yaml#strings.")}
    assert listed == LISTED


RULES = """# Setup

Deal.

#hashtag is no heading

```
# a comment in code, no heading
```

   # Setup

Again.

    # four spaces: code, no heading

## !!!

Play on.
"""


def test_a_rulebooks_sections_are_its_headings_outside_code_each_id_once(root):
    """Each heading starts a section (up to three spaces before its `#`); a `#` in a fenced block, one with no space
    after it, or one indented as code starts none; a heading twice gets `-2`, one of no letters is `section`."""
    (root / "data/gems/rulebook.md").write_text(RULES, encoding="utf-8")
    parts = ["# Setup\n\nDeal.\n\n#hashtag is no heading\n\n```\n# a comment in code, no heading\n```",
             "# Setup\n\nAgain.\n\n    # four spaces: code, no heading", "## !!!\n\nPlay on."]
    german = ["# Aufbau\n\nGeben.", "# Aufbau\n\nNochmals.", "## ???\n\nWeiter."]
    result = imported(root, [HEAD, *(row(f"data/gems/rulebook.md#{sid}", en, de) for sid, en, de in zip(["setup", "setup-2", "section"], parts, german,
                                                                                                            strict=True))])
    assert result.exit_code == 0 and "data/gems/rulebook.de.md: 3 translations written" in result.output, result.output
    src = ["{# src: " + letters(text) + " #}" for text in parts]
    assert (root / "data/gems/rulebook.de.md").read_text(encoding="utf-8") == (
        f"# Aufbau\n{src[0]}\n\nGeben.\n\n# Aufbau\n{src[1]}\n\nNochmals.\n\n## ???\n{src[2]}\n\nWeiter.\n")
    assert stale_warnings(root) == []


# What the survivors of bench/mutation.py asked for.

def test_three_language_columns_read_the_first_two_and_keep_the_third_aside(root):
    result = imported(root, [["id", "en", "de", "fr"], ["data/gems/game.yaml#title", "Gems", "Edelsteine", "Gemmes"]])
    assert result.exit_code == 0 and "1 column kept aside, not read (D fr)" in result.output, result.output
    assert "title@de: Edelsteine\n" in (root / "data/gems/game.yaml").read_text(encoding="utf-8")


def test_a_sheet_of_another_language_says_that_alone_even_where_its_english_changed(root):
    """One error for the game, no warning of each row's changed source: the rows are not the game's to write."""
    result, found = import_json(root, [["id", "en", "fr"], ["data/gems/game.yaml#title", "Old gems", "Gemmes"],
                                       ["data/gems/decks/crystals.yaml#name", "Old", "Cristaux"]])
    assert result.exit_code == 1 and coded(found) == [("de.csv:1:3", "error", "translate-language")], result.output
    assert found[0]["message"].endswith("or import a sheet exported for this game")


def test_a_sheet_without_a_status_column_confirms_a_stale_translation(root):
    stale_ruby(root)
    result = imported(root, [["id", "en", "de"], [f"{DECK}#cards[ruby-1].name", "Ruby splinter", "Rubinsplitter"]])
    assert result.exit_code == 0 and f"{DECK}: 1 translation written" in result.output, result.output
    assert deck_cell(root, "ruby-1", "name@de~src") == letters("Ruby splinter")


def test_a_csv_cell_guarded_twice_is_the_text_with_one_guard(root):
    """`''=1+1` in a text sheet is the text `'=1+1` (the export guards a text that starts with the guard itself)."""
    from pnp.data.source import load_yaml

    result = imported(root, [HEAD, row("data/gems/game.yaml#title", "Gems", "''=1+1")])
    assert result.exit_code == 0, result.output
    assert load_yaml(root / "data/gems/game.yaml", "game.yaml")["title@de"] == "'=1+1"


@pytest.mark.parametrize(("broken", "was", "now", "rows_judged"), [("tokens.yaml", None, "tokens: [\n", True),
                                                                ("game.yaml", "players: {min: 2, max: 4}", "players: {min: 2, max: 4", False)])
def test_a_file_of_the_game_that_does_not_read_is_its_one_error_and_nothing_is_written(root, broken, was, now, rows_judged):
    """One mistake, one finding: a game file that does not read is said at its place, and not again as each row's
    unknown id (the texts it held) or as the languages its game.yaml could not give. A deck's row whose English
    changed is warned of where the game's languages are known, and not judged where game.yaml does not read."""
    path = root / "data/gems" / broken
    path.write_text(path.read_text(encoding="utf-8").replace(was, now) if was else now, encoding="utf-8")
    before = {p: p.read_bytes() for p in (root / "data").rglob("*") if p.is_file()}
    result, found = import_json(root, [HEAD, row("data/gems/game.yaml#title", "Gems", "Edelsteine"),
                                       row(f"{DECK}#cards[ruby-3].name", "Ruby hearts", "Rubinherzen"),
                                       row(f"{DECK}#cards[ruby-1].name", "Ruby shard", "Rubinsplitter")])
    warned = [("de.csv", "warning")] if rows_judged else []
    assert result.exit_code == 1 and [(r["file"], r["severity"]) for r in found] == [(f"data/gems/{broken}", "error"), *warned], result.output
    assert before == {p: p.read_bytes() for p in (root / "data").rglob("*") if p.is_file()}


def test_a_list_in_a_flow_mapping_is_written_as_a_list(root):
    from pnp.data.source import load_yaml

    reference = root / "data/gems/reference.yaml"
    text = reference.read_text(encoding="utf-8")
    start, end = text.index("  - title: Your turn"), text.index("  - title: Symbols")
    reference.write_text(text[:start] + '  - {title: Your turn, steps: [Draw a card., "Play one."]}\n' + text[end:], encoding="utf-8")
    result = imported(root, [HEAD, row("data/gems/reference.yaml#sections[0].steps", "Draw a card.\nPlay one.", "Zieh.\nSpiel.")])
    assert result.exit_code == 0, result.output
    assert load_yaml(reference, "reference.yaml")["sections"][0]["steps@de"] == ["Zieh.", "Spiel."]


def _emerald_row_saved_as(root, text: str):
    """The deck's sheet with the emerald-3 row saved as `text` (as a spreadsheet program cuts a row's empty last cells):
    the sheet's path and the row's line index."""
    deck = root / DECK
    lines = deck.read_text(encoding="utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("emerald-3,"))
    lines[at] = text
    deck.write_text("\n".join(lines), encoding="utf-8")
    return deck, at


def test_a_deck_row_cut_short_gets_its_translation_with_no_cell_more(root):
    """A row saved without its empty last cells: the translation's two cells are added after the cells it has."""
    assert imported(root, [HEAD, row(f"{DECK}#cards[ruby-1].text", "Take a gem.", "Nimm einen.")], "first.csv").exit_code == 0
    deck, at = _emerald_row_saved_as(root, "emerald-3,Emerald eye,emerald,3,3,Look at the top card.")
    result = imported(root, [HEAD, row(f"{DECK}#cards[emerald-3].text", "Look at the top card.", "Sieh hin.")])
    assert result.exit_code == 0, result.output
    after = deck.read_text(encoding="utf-8").replace("\r\n", "\n").split("\n")
    assert after[at] == f"emerald-3,Emerald eye,emerald,3,3,Look at the top card.,Sieh hin.,{letters('Look at the top card.')}"


def test_a_deck_row_saved_without_its_empty_text_cell_gets_no_cell_more_when_the_german_columns_are_added(root):
    """A spreadsheet program saves a row without its empty last cells: when another card's translation adds the
    German columns after `text`, a card row that ends before `text` is written with the cells it has, none added."""
    deck, at = _emerald_row_saved_as(root, "emerald-3,Emerald eye,emerald,3,3")
    result = imported(root, [HEAD, row(f"{DECK}#cards[ruby-1].text", "Take a gem.", "Nimm einen.")])
    assert result.exit_code == 0, result.output
    assert deck.read_text(encoding="utf-8").replace("\r\n", "\n").split("\n")[at] == "emerald-3,Emerald eye,emerald,3,3"


# Files the import writes into as they are found: their own line ends, a layout it cannot write into, a read-only file.

@pytest.mark.parametrize(("first", "rest"), [("\r", "\r"), ("\r\n", "\n"), ("\n", "\r\n")], ids=["classic-mac", "first-line-crlf", "crlf-after-the-first"])
def test_a_yaml_file_of_any_line_ends_gets_the_two_keys_right_below_the_source_each_line_ending_as_the_one_above(root, first, rest):
    """CR alone (a classic Mac file), or a file whose lines end some CRLF, some LF: a YAML reader counts each as one
    line end, and so does the import: the keys go below the source's line, every other byte as it was."""
    game = root / "data/gems/game.yaml"
    head, tail = game.read_text(encoding="utf-8").split("\n", 1)
    original = head + first + tail.replace("\n", rest)
    game.write_bytes(original.encode("utf-8"))
    result = imported(root, [HEAD, row("data/gems/game.yaml#title", "Gems", "Edelsteine"),
                             row("data/gems/game.yaml#components[1].name", "Gem tokens", "Edelsteinmarker")])
    assert result.exit_code == 0 and "data/gems/game.yaml: 2 translations written" in result.output, result.output
    expected = original.replace(f"title: Gems{rest}", f"title: Gems{rest}title@de: Edelsteine{rest}title@de~src: {letters('Gems')}{rest}").replace(
        f"  - name: Gem tokens{rest}", f"  - name: Gem tokens{rest}    name@de: Edelsteinmarker{rest}    name@de~src: {letters('Gem tokens')}{rest}")
    assert game.read_bytes() == expected.encode("utf-8")


def test_a_file_with_no_line_end_after_its_last_line_gets_none(root):
    game = root / "data/gems/game.yaml"
    original = game.read_text(encoding="utf-8").rstrip("\n").replace("\n", "\r\n") + "\r\nnotes@de: Alt"
    game.write_bytes(original.encode("utf-8"))
    notes = "Everything in this game is a placeholder made by `pnp new`."
    result = imported(root, [HEAD, row("data/gems/game.yaml#notes", notes, "Alles hier ist ein Platzhalter.")])
    assert result.exit_code == 0, result.output
    assert game.read_bytes() == original.replace("notes@de: Alt", f"notes@de: Alles hier ist ein Platzhalter.\r\nnotes@de~src: {letters(notes)}").encode()


def test_a_list_written_at_its_keys_own_indent_gets_its_translation_beside_it_and_keeps_every_line(root):
    """`steps:` with its items below it at the key's own indent (valid YAML, as editors write it): the German list is
    written after the last item, the file reads as before with the German beside it, and every line it had is kept."""
    import yaml

    reference = root / "data/gems/reference.yaml"
    text = reference.read_text(encoding="utf-8")
    line = next(x for x in text.split("\n") if x.startswith("    steps: ["))
    own_indent = text.replace(line, '    steps:\n    - Draw a crystal card.\n    - "Play one: do what it says."')
    reference.write_text(own_indent, encoding="utf-8")
    result, found = import_json(root, [HEAD, row("data/gems/reference.yaml#sections[0].steps", "Draw a crystal card.\nPlay one: do what it says.",
                                                 "Zieh eine Karte.\nSpiel eine aus.")])
    assert result.exit_code == 0 and found == [], result.output
    written = reference.read_text(encoding="utf-8")
    section = yaml.safe_load(written)["sections"][0]
    assert section["steps"] == ["Draw a crystal card.", "Play one: do what it says."]
    assert section["steps@de"] == ["Zieh eine Karte.", "Spiel eine aus."]
    kept = [x for x in written.split("\n") if "@de" not in x and x.strip() not in ("- Zieh eine Karte.", "- Spiel eine aus.")]
    assert kept == own_indent.split("\n")


def test_a_read_only_file_is_one_error_at_it_and_no_file_changes(root):
    """Two files to write, the second read-only: said at it, and neither is written."""
    game = root / "data/gems/game.yaml"
    before = {p: p.read_bytes() for p in (root / "data").rglob("*") if p.is_file()}
    game.chmod(0o444)
    try:
        result, found = import_json(root, [HEAD, row(f"{DECK}#cards[ruby-1].name", "Ruby shard", "Rubinsplitter"),
                                           row("data/gems/game.yaml#title", "Gems", "Edelsteine")])
    finally:
        game.chmod(0o644)
    assert result.exit_code == 1 and coded(found) == [("data/gems/game.yaml", "error", "translate-not-written")], result.output
    assert found[0]["message"].startswith("the file is read-only") and "none of the 2 files was changed" in found[0]["message"]
    assert before == {p: p.read_bytes() for p in (root / "data").rglob("*") if p.is_file()}


def test_a_row_of_an_id_alone_writes_nothing(root):
    """A row whose other cells a translator deleted, the line holding the id alone: an empty translation."""
    (root / "de.csv").write_text("id,where,en,de,status\r\ndata/gems/game.yaml#title\r\n", encoding="utf-8")
    result = run_pnp(root, "translate", "import", str(root / "de.csv"))
    assert result.exit_code == 0 and "de.csv: nothing to write" in result.output, result.output


def test_every_error_is_said_at_once_with_the_warnings_and_nothing_is_written(root):
    """A bad id, and a rulebook the good rows cannot be written into (no German one yet, a section left empty): both
    errors in one run, beside the warning of a source changed since the export (docs: every error at once)."""
    english = english_sections(root)
    before = {p: p.read_bytes() for p in (root / "data").rglob("*") if p.is_file()}
    result, found = import_json(root, [HEAD, row("data/gems/game.yaml#title", "Old gems", "Edelsteine"),
                                       row("data/gems/game.yaml#titel", "Gems", "Edelsteine"),
                                       row("data/gems/rulebook.md#playing", english["playing"], "# Spielablauf\n\nSpielt.")])
    book = line_of(root / "de.csv", "data/gems/rulebook.md#playing")
    assert result.exit_code == 1 and coded(found) == [("de.csv:2:3", "warning", "translate-source-changed"), ("de.csv:3:1", "error", "translate-unknown"),
                                                      (f"de.csv:{book}:4", "error", "translate-rulebook-whole")], result.output
    assert before == {p: p.read_bytes() for p in (root / "data").rglob("*") if p.is_file()}


def test_a_translation_written_away_from_its_source_is_replaced_where_it_stands(root):
    """`pitch@de` typed right below `title`, above `languages` and `pitch`: a new `title@de` goes right below `title`,
    the new `pitch@de` where the old one stood, and every other line stays."""
    game = root / "data/gems/game.yaml"
    original = game.read_text(encoding="utf-8").replace("title: Gems\n", "title: Gems\npitch@de: Alt\npitch@de~src: aaaaaaaa\n")
    game.write_text(original, encoding="utf-8")
    pitch = "Collect sets of crystals before the caves collapse."
    result = imported(root, [HEAD, row("data/gems/game.yaml#pitch", pitch, "Sammelt Kristalle."), row("data/gems/game.yaml#title", "Gems", "Edelsteine")])
    assert result.exit_code == 0 and "data/gems/game.yaml: 2 translations written" in result.output, result.output
    assert game.read_text(encoding="utf-8") == original.replace(
        "title: Gems\npitch@de: Alt\npitch@de~src: aaaaaaaa\n",
        f"title: Gems\ntitle@de: Edelsteine\ntitle@de~src: {letters('Gems')}\npitch@de: Sammelt Kristalle.\npitch@de~src: {letters(pitch)}\n")


def quoted_deck(root: Path, end: str) -> list[str]:
    """The gems deck saved with every cell quoted (a spreadsheet program's "quote all text cells"), `end` after each
    row, German columns already beside name and no byte-order mark: its lines."""
    import csv
    import io

    rows = read_csv(root / DECK)
    out = io.StringIO()
    csv.writer(out, quoting=csv.QUOTE_ALL, lineterminator=end).writerows([r[:2] + (["name@de", "name@de~src"] if i == 0 else ["", ""]) + r[2:]
                                                                          for i, r in enumerate(rows)])
    (root / DECK).write_bytes(out.getvalue().encode("utf-8"))
    return out.getvalue().split(end)


@pytest.mark.parametrize("end", ["\r\n", "\r"], ids=["crlf", "classic-mac"])
def test_a_deck_with_every_cell_quoted_keeps_every_row_the_import_does_not_change(root, end):
    """Rows ending CRLF, or CR alone as a classic Mac spreadsheet saves them: the one row translated is written anew
    (with its own line end), every other row and the file's start keep their very bytes."""
    before = quoted_deck(root, end)
    result = imported(root, [HEAD, row(f"{DECK}#cards[emerald-3].name", "Emerald eye", "Smaragdauge")])
    assert result.exit_code == 0 and f"{DECK}: 1 translation written" in result.output, result.output
    after = (root / DECK).read_bytes().decode("utf-8").split(end)
    changed = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
    assert changed == [next(i for i, line in enumerate(before) if line.startswith('"emerald-3"'))]
    assert after[changed[0]] == f"emerald-3,Emerald eye,Smaragdauge,{letters('Emerald eye')},emerald,3,3,Look at the top card.,"
    assert after[0].startswith('"id","name","name@de"')  # no byte-order mark where the deck had none


def test_an_import_stopped_part_way_is_finished_by_the_next_command_which_names_it(root, monkeypatch):
    """The second file's rename refused, and the putting back too (its folder made read-only meanwhile): the next
    command finishes the set and says which import it finishes, by its command line (docs: `pnp translate import
    de.csv` was stopped after writing …)."""
    import errno
    import os

    real, calls = os.replace, [0]

    def refused(a, b):
        calls[0] += 1
        if calls[0] >= 4:  # the record's two writes first, then the first file's rename
            raise PermissionError(errno.EACCES, "Permission denied", os.fspath(b))
        return real(a, b)

    monkeypatch.setattr(os, "replace", refused)
    result = imported(root, [HEAD, row(f"{DECK}#cards[ruby-1].name", "Ruby shard", "Rubinsplitter"), row("data/gems/game.yaml#title", "Gems", "Edelsteine")])
    monkeypatch.undo()
    assert result.exit_code == 1 and "could not be put back" in result.output, result.output
    result = run_pnp(root, "list", "gems")
    assert "pnp: `pnp translate import de.csv` was stopped after writing 1 of its 2 files" in result.output, result.output
    assert "title@de: Edelsteine" in (root / "data/gems/game.yaml").read_text(encoding="utf-8")
    assert deck_cell(root, "ruby-1", "name@de") == "Rubinsplitter"


def test_a_translation_that_would_reach_another_card_through_a_merge_is_refused_at_that_cards_text(root):
    """garnet takes its name from ruby through `<<: *ruby`: written where that name stands, garnet's German name would
    print on ruby too. One error at ruby's name, which the translator did not touch, and the deck left as it was."""
    deck = root / "data/gems/decks/stones.yaml"
    deck.write_text("name: Stones\nsize: poker\nfront: gems/crystal.j2\nback: gems/crystal-back.j2\ncards:\n  - &ruby\n    id: ruby\n"
                    "    name: Ruby stone\n    colour: ruby\n    value: 1\n    count: 1\n    text: Take a gem.\n  - <<: *ruby\n    id: garnet\n", encoding="utf-8")
    before = deck.read_bytes()
    result, found = import_json(root, [HEAD, row("data/gems/decks/stones.yaml#name", "Stones", "Steine"),  # two lines more above ruby's name
                                       row("data/gems/decks/stones.yaml#cards[garnet].name", "Ruby stone", "Granatstein")])
    assert result.exit_code == 1 and coded(found) == [("data/gems/decks/stones.yaml:8:5", "error", "translate-unwritable")], result.output
    assert found[0]["message"].startswith("writing the translations would set the de translation of data/gems/decks/stones.yaml#cards[ruby].name "
                                          "to what the sheet does not give it")
    assert found[0]["message"].endswith("add them by hand") and deck.read_bytes() == before


def test_a_blank_row_above_a_decks_header_keeps_its_bytes_when_the_german_columns_are_added(root):
    """A deck whose sheet starts with an empty row, every cell quoted as some programs save it: adding the German
    columns rewrites the header and the rows below it, and the empty row stays as it was."""
    deck = root / DECK
    deck.write_bytes(b'"","",""\r\n' + deck.read_bytes())
    result = imported(root, [HEAD, row(f"{DECK}#cards[ruby-1].name", "Ruby shard", "Rubinsplitter")])
    assert result.exit_code == 0 and f"{DECK}: 1 translation written" in result.output, result.output
    data = deck.read_bytes()
    assert data.startswith(b'"","",""\r\nid,name,name@de,name@de~src,colour') and b"\nruby-1,Ruby shard,Rubinsplitter," in data


@pytest.mark.parametrize("end", ["\n", ""], ids=["a-line-end", "no-line-end"])
def test_a_yaml_file_of_one_braced_mapping_after_a_byte_order_mark_gets_the_pairs_after_the_names(root, end):
    """A deck's YAML written as one `{…}` line (as a JSON writer puts it) behind a byte-order mark, with a line end or
    none: the two pairs go right after `name`'s, and the mark and the end stay as they were."""
    deck = root / "data/gems/decks/crystals.yaml"
    deck.write_bytes(b"\xef\xbb\xbf{name: Crystals, size: poker, front: gems/crystal.j2, back: gems/crystal-back.j2, cards_from: crystals.csv}" + end.encode())
    result = imported(root, [HEAD, row("data/gems/decks/crystals.yaml#name", "Crystals", "Kristalle")])
    assert result.exit_code == 0, result.output
    assert deck.read_bytes() == (f"\ufeff{{name: Crystals, name@de: Kristalle, name@de~src: {letters('Crystals')}, size: poker, "
                                 f"front: gems/crystal.j2, back: gems/crystal-back.j2, cards_from: crystals.csv}}{end}").encode()


def test_a_second_import_leaves_the_translations_of_the_first_as_they_are(root):
    assert imported(root, [HEAD, row("data/gems/game.yaml#title", "Gems", "Edelsteine")], "first.csv").exit_code == 0
    pitch = "Collect sets of crystals before the caves collapse."
    result = imported(root, [HEAD, row("data/gems/game.yaml#pitch", pitch, "Sammelt Kristalle.")])
    assert result.exit_code == 0 and "data/gems/game.yaml: 1 translation written" in result.output, result.output
    text = (root / "data/gems/game.yaml").read_text(encoding="utf-8")
    assert f"title@de: Edelsteine\ntitle@de~src: {letters('Gems')}\n" in text and f"pitch@de: Sammelt Kristalle.\npitch@de~src: {letters(pitch)}\n" in text


def test_a_translation_with_empty_lines_is_a_list_of_its_items_or_a_text_of_its_lines(root):
    """A translator's cell with an empty line in it: a list (the reference's steps) gets its items, no empty one; a
    card's text keeps its lines as typed."""
    from pnp.data.source import load_yaml

    reference = root / "data/gems/reference.yaml"
    steps = load_yaml(reference, "reference.yaml")["sections"][0]["steps"]
    result = imported(root, [HEAD, row("data/gems/reference.yaml#sections[0].steps", "\n".join(steps), "Zieh.\n\n  Spiel.\nHalte."),
                             row("data/gems/game.yaml#notes", "Everything in this game is a placeholder made by `pnp new`.", "Alles.\n\nNur Platzhalter.")])
    assert result.exit_code == 0, result.output
    assert load_yaml(reference, "reference.yaml")["sections"][0]["steps@de"] == ["Zieh.", "Spiel.", "Halte."]
    assert load_yaml(root / "data/gems/game.yaml", "game.yaml")["notes@de"] == "Alles.\n\nNur Platzhalter."


def test_a_short_row_of_a_deck_whose_german_columns_stand_last_gets_empty_cells_up_to_them(root):
    """German columns typed at the end of the deck's sheet, and a row saved without its last cells (its icon): the
    translation goes in its column, and the cells between are empty."""
    deck = root / DECK
    rows = read_csv(deck)
    table = [[*rows[0], "name@de", "name@de~src"], *(r[:6] if r[0] == "emerald-3" else [*r, "", ""] for r in rows[1:])]
    write_csv(deck, table)
    result = imported(root, [HEAD, row(f"{DECK}#cards[emerald-3].name", "Emerald eye", "Smaragdauge")])
    assert result.exit_code == 0, result.output
    emerald = next(r for r in read_csv(deck) if r[0] == "emerald-3")
    assert emerald == ["emerald-3", "Emerald eye", "emerald", "3", "3", "Look at the top card.", "", "Smaragdauge", letters("Emerald eye")]


def test_a_heading_closed_by_its_marks_is_named_on_the_sheet_by_its_words_alone(root):
    """CommonMark's closing sequence: in `## Setup ##` the trailing marks are no part of the heading, so the translator's
    sheet says the section is 'rulebook, Setup', as the printed rulebook titles it."""
    (root / "data/gems/rulebook.md").write_text("# Overview\n\nFind the gems.\n\n## Setup ##\n\nDeal three cards each.\n", encoding="utf-8")
    result = run_pnp(root, "translate", "export", "gems", "--lang", "de", "--dpi", "30")
    assert result.exit_code == 0, result.output
    rows = sheet_rows(root)
    assert rows["data/gems/rulebook.md#setup"]["where"] == "rulebook, Setup", rows["data/gems/rulebook.md#setup"]
