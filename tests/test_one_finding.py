"""One finding per mistake, for every kind of finding: one line, "on N pieces", the first few named; and the run's
own words said once (issue 62 item 6)."""
from __future__ import annotations

import json
import re
import shutil

import pytest
from conftest import run_pnp
from test_languages import CARD, DECK, GAME, RULES_DE, RULES_EN

HERO = "templates/tiny/hero.j2"


def _add_to_hero(project, line: str) -> None:
    hero = project / HERO
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% endblock %}", line + "\n{% endblock %}"), encoding="utf-8")


def _said(result) -> list[str]:
    return [line for line in result.output.splitlines() if ": error: " in line or ": warning: " in line or ": note: " in line]


def test_art_missing_on_every_card_is_one_error_at_the_line_naming_the_files(project):
    """Each card names its own file (`"art/" ~ card.id ~ ".png"`) and none was copied: one mistake, one error at the
    line, naming the files and the cards."""
    _add_to_hero(project, '{{ image("art/" ~ card.id ~ ".png", 20, 45, 20, 20) }}')
    said = _said(run_pnp(project, "validate", "tiny"))
    missing = [line for line in said if "not found" in line]
    assert len(missing) == 1, said
    assert missing[0].startswith("templates/tiny/hero.j2:7:4: error: image 'art/knight.png' not found (and 4 other files this line names: "
                                 "'art/att.png', 'art/rogue.png', 'art/mage.png', 'art/twin.png'): add the art, or build with --draft to print a placeholder in its "
                                 "place until it exists (on 5 pieces: heroes/knight front, "), missing[0]


def test_art_missing_on_two_cards_is_one_error_naming_the_one_other_file(project):
    """The knight names its own art and every other hero a shared one: two files, neither copied; the one error names
    the other file in the singular."""
    _add_to_hero(project, '{{ image("art/" ~ ("knight" if card.id == "knight" else "hero") ~ ".png", 20, 45, 20, 20) }}')
    missing = [line for line in _said(run_pnp(project, "validate", "tiny")) if "not found" in line]
    assert len(missing) == 1 and missing[0].startswith("templates/tiny/hero.j2:7:4: error: image 'art/knight.png' not found (and 1 other file this "
                                                       "line names: 'art/hero.png'): add the art"), missing


def test_art_every_card_names_held_beside_the_decks_is_one_error_at_the_line(project):
    """Each card names `art/<id>.png`, and the designer brought the art beside the decks (as Squib reads it): one mistake,
    one error at the line, telling the path the project holds the first file at, naming the other files and the
    cards, and saying to name the files by their paths."""
    from PIL import Image

    (project / "data/tiny/decks/art").mkdir()
    for card in ("knight", "att", "rogue", "mage", "twin"):
        Image.new("RGB", (200, 200), "red").save(project / f"data/tiny/decks/art/{card}.png")
    _add_to_hero(project, '{{ image("art/" ~ card.id ~ ".png", 20, 45, 20, 20) }}')
    said = _said(run_pnp(project, "validate", "tiny"))
    missing = [line for line in said if "not found" in line]
    assert len(missing) == 1, said
    assert missing[0].startswith("templates/tiny/hero.j2:7:4: error: image 'art/knight.png' not found (the project holds data/tiny/decks/art/knight.png: "
                                 "an image's path starts at the project folder) (and 4 other files this line names: 'art/att.png', 'art/rogue.png', "
                                 "'art/mage.png', 'art/twin.png'): name it by the path it has, or build with --draft to print a placeholder in its "
                                 "place until then (on 5 pieces: heroes/knight front, "), missing[0]


def test_a_draft_stands_in_for_art_in_a_small_box_with_one_warning(project):
    """A token's 8 mm art, missing: the draft draws its placeholder (the file's name does not fit: the cross alone) and
    warns once, for the six walls."""
    with (project / "templates/tiny/token-wall.j2").open("a", encoding="utf-8") as f:
        f.write('{{ image("art/brick.png", 3, 3, 8, 8) }}\n')
    result = run_pnp(project, "build", "--only", "tokens", "--draft")
    assert result.exit_code == 0, result.output
    warned = [line for line in _said(result) if "brick.png" in line]
    assert len(warned) == 1 and ": warning: " in warned[0], _said(result)


def test_a_constraint_that_cannot_be_worked_out_is_one_error_on_every_card(project):
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("where: card.count == 1", "where: card.power > 1"), encoding="utf-8")
    said = _said(run_pnp(project, "validate", "tiny"))
    assert len(said) == 1, said
    assert said[0].startswith("data/tiny/game.yaml:28:12: error: cannot work out 'card.power > 1': the items named have no field 'power'"), said
    assert "(on 5 pieces: heroes/knight, " in said[0] and "Fields object" not in said[0]


def test_art_past_the_bleed_on_every_card_is_one_warning_with_its_article(project):
    _add_to_hero(project, '{{ icon("star", -12, 30, 8) }}')
    said = [line for line in _said(run_pnp(project, "validate", "tiny")) if "bleed" in line]
    assert len(said) == 1, said
    assert said[0].startswith("templates/tiny/hero.j2: warning: an icon reaches past the 3 mm bleed"), said
    assert "(on 5 pieces: " in said[0]


@pytest.mark.parametrize("command", [("validate", "tiny"), ("list", "tiny"), ("build", "tiny", "--only", "labels")])
def test_an_emoji_in_a_decks_name_is_one_error_where_the_name_is_written(project, command):
    """A deck named "Heroes 🐉": no bundled font has the dragon, and the deck's label, the reference's components and the
    rulebook's each print the name. It is one mistake, one error, at the name in heroes.yaml (line 1, column 7, where
    its value begins), not at pnp's own label template, which the designer does not edit; each command says the same."""
    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: Heroes\n", 'name: "Heroes 🐉"\n', 1), encoding="utf-8")
    said = [line for line in _said(run_pnp(project, *command)) if ": error: " in line]
    assert said == ["data/tiny/decks/heroes.yaml:1:7: error: characters missing from font 'comfortaa' and their fallback: "
                    "'🐉' (U+1F409): replace them or choose another font [label Heroes 🐉]"], said  # no field inside pnp named


def test_an_emoji_typed_in_the_rules_or_the_reference_is_an_error_where_it_is_typed(project):
    """A dragon typed in the rulebook's text and in the reference's title: no font of either has it, and each is said
    where it is typed (the rulebook's line and column of the character, the reference's `title:` value), not at the
    file alone."""
    rules = project / "data/tiny/rulebook.md"
    text = rules.read_text(encoding="utf-8") + "\nA line with a dragon 🐉 in it.\n"
    rules.write_text(text, encoding="utf-8")
    line = text.splitlines().index("A line with a dragon 🐉 in it.") + 1
    ref = project / "data/tiny/reference.yaml"
    ref.write_text(ref.read_text(encoding="utf-8").replace("title: Tiny · quick reference", "title: Tiny · quick reference 🐉", 1), encoding="utf-8")
    said = sorted(found.split(": error: ")[0] for found in _said(run_pnp(project, "validate", "tiny")) if ": error: " in found)
    assert said == ["data/tiny/reference.yaml:1:8", f"data/tiny/rulebook.md:{line}:22"], said


def test_a_template_syntax_error_names_its_column(project):
    _add_to_hero(project, '{{ text(card.name, 4, 4, 50, 9 size=13) }}')
    said = _said(run_pnp(project, "validate", "tiny"))
    syntax = [line for line in said if "template syntax" in line]
    column = '{{ text(card.name, 4, 4, 50, 9 size=13) }}'.index("size") + 1
    assert syntax and syntax[0].startswith(f"templates/tiny/hero.j2:7:{column}: error: template syntax: expected token ',', got 'size'"), said


def test_a_character_no_template_may_hold_is_placed_at_itself(project):
    """Jinja's lexer refuses a `$` inside a call and says where in the file it stopped, not on which column: the finding
    points at the `$` itself, the 38th character of its line."""
    _add_to_hero(project, '{{ text(card.name, 4, 4, 50, 9, size=$13) }}')
    said = [line for line in _said(run_pnp(project, "validate", "tiny")) if "template syntax" in line]
    assert len(said) == 1, said
    assert said[0].startswith("templates/tiny/hero.j2:7:38: error: template syntax: unexpected char '$' ("), said  # no "at 512": a file offset reads as a column


@pytest.mark.parametrize(("line", "char", "written"), [("{{ text(card['name], 4, 4, 50, 9) }}", "'", "\"'\""),
                                                      ("{{ text(card.name, 4, 4, 50, 9, size=13\\2) }}", "\\", "'\\\\'")])
def test_a_quote_left_open_or_a_backslash_is_placed_at_itself(project, line, char, written):
    """A key's quote left open (`card['name]`) or a backslash is a character the lexer refuses, which Jinja writes as
    Python does (a quote between double quotes, a backslash doubled): it is placed at itself as any other is, with no
    file offset in the words."""
    _add_to_hero(project, line)
    said = [s for s in _said(run_pnp(project, "validate", "tiny")) if "template syntax" in s]
    assert len(said) == 1, said
    assert said[0].startswith(f"templates/tiny/hero.j2:7:{line.index(char) + 1}: error: template syntax: unexpected char {written} ("), said


def test_a_quote_left_open_in_the_rules_is_placed_at_itself(project):
    """The rulebook's Jinja is read as a template's is: a key's quote left open is said at the quote, no offset."""
    rules = project / "data/tiny/rulebook.md"
    before = rules.read_text(encoding="utf-8")
    line = "The knight has {{ decks['heroes].name }} strength."
    rules.write_text(before + "\n" + line + "\n", encoding="utf-8")
    said = [s for s in _said(run_pnp(project, "validate", "tiny")) if "Jinja syntax" in s]
    where = f"data/tiny/rulebook.md:{len(before.splitlines()) + 2}:{line.index(chr(39)) + 1}"
    assert said == [f"{where}: error: Jinja syntax: unexpected char \"'\" [rulebook]"], said


def test_a_rulebooks_jinja_syntax_error_names_its_line_and_column(project):
    """A rulebook's Jinja is placed as a template's is: at the `$` the lexer refused, and just past the line where a
    block is left open, never at the line's first character."""
    rules = project / "data/tiny/rulebook.md"
    before = rules.read_text(encoding="utf-8")
    line = len(before.splitlines()) + 2
    rules.write_text(before + "\nThe knight has {{ decks.heroes.name $ }} strength.\n", encoding="utf-8")
    said = [s for s in _said(run_pnp(project, "validate", "tiny")) if "Jinja syntax" in s]
    assert said == [f"data/tiny/rulebook.md:{line}:{len('The knight has {{ decks.heroes.name $') }: error: Jinja syntax: unexpected char '$' [rulebook]"], said
    rules.write_text(before + "\nThe knight {% if decks.heroes %} strikes.\n", encoding="utf-8")
    said = [s for s in _said(run_pnp(project, "validate", "tiny")) if "Jinja syntax" in s]
    assert len(said) == 1 and said[0].startswith(f"data/tiny/rulebook.md:{line}:{len('The knight {% if decks.heroes %} strikes.') + 1}: error: Jinja syntax: Unexpected end"), said


@pytest.mark.parametrize("tail", ["\n", "   \n", "\t\n  \n"], ids=["bare", "spaces-after", "blank-lines-after"])
def test_a_block_left_open_is_placed_just_after_the_templates_last_character(project, tail):
    """Jinja stops at the template's end, where the missing `{% endif %}` goes: the finding points there, not at the
    start of the last line, nor past the spaces and blank lines after its last character."""
    last = "  {{ card.name }}"
    (project / "templates/tiny/back.j2").write_text("<div>\n{% if card.name %}\n" + last + tail, encoding="utf-8")
    said = [line for line in _said(run_pnp(project, "validate", "tiny")) if "template syntax" in line]
    assert len(said) == 1, said
    assert said[0].startswith(f"templates/tiny/back.j2:3:{len(last) + 1}: error: template syntax: Unexpected end of template"), said
    assert "'endif'" in said[0]


def test_the_printer_margin_note_is_said_once_a_run_naming_the_games_and_not_once_a_profile_is_saved(project):
    # mini cards: 4 × 4 on Letter where the paper alone holds 6 × 3 (poker cards print 3 × 3 with no profile, unremarked)
    heroes = project / "data/tiny/decks/heroes.yaml"
    heroes.write_text(heroes.read_text(encoding="utf-8").replace("size: poker\n", "size: 44.45 x 63.5\n", 1), encoding="utf-8")
    shutil.copytree(project / "data/tiny", project / "data/twin")
    result = run_pnp(project, "build", "--only", "cards")
    notes = [line for line in _said(result) if "printer margin" in line]
    assert len(notes) == 1, _said(result)
    assert "44.45 × 63.5 mm cards on Letter with a 5.00 mm printer margin" in notes[0] and "(tiny, twin)" in notes[0]
    assert "pnp calibrate --save NAME --margin MM" in notes[0]
    assert run_pnp(project, "calibrate", "--save", "home", "--margin", "4.23").exit_code == 0
    result = run_pnp(project, "build", "--only", "cards", "--out", str(project / "again"))  # drawn afresh: a reused output says no note
    assert result.exit_code == 0 and not [line for line in _said(result) if "printer margin" in line], _said(result)


def test_a_label_sheet_may_be_written_as_a_number(project):
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "labels: {sheet: 5160}\n", encoding="utf-8")
    result = run_pnp(project, "validate", "tiny")
    assert result.exit_code == 0, result.output


def test_the_findings_of_a_language_edition_name_it(tmp_path):
    root = tmp_path / "duo"
    (root / "data/duo/decks").mkdir(parents=True)
    (root / "templates/duo").mkdir(parents=True)
    deck = DECK.replace("name@de: Drache", "name@de: Drachenkönigsschwanzfederkleid")  # too long for its box at 12 pt, in German only
    for rel, text in (("data/duo/game.yaml", GAME), ("data/duo/decks/beasts.yaml", deck), ("data/duo/rulebook.md", RULES_EN),
                      ("data/duo/rulebook.de.md", RULES_DE), ("templates/duo/card.j2", CARD)):
        (root / rel).write_text(text, encoding="utf-8")
    for args in (("build", "--lang", "de"), ("validate",)):
        said = [line for line in _said(run_pnp(root, *args)) if ": error: " in line]
        assert said and all(line.endswith("[de edition]") for line in said), (args, said)
    assert not [line for line in _said(run_pnp(root, "build")) if ": error: " in line]  # the English edition has no such error


def test_a_title_set_in_the_condensed_font_says_so_once_at_its_line(project):
    """Issue 75.16: `font="title"` too long for its line is set in the condensed family instead: one warning at the
    template line that asks for it, naming both families, whatever number of cards it happens on."""
    _add_to_hero(project, '{{ text("**" ~ card.name ~ " the Unbelievably Long-Winded**", 4, 60, 45, 7, size=12, font="title") }}')
    said = [line for line in _said(run_pnp(project, "validate", "tiny")) if "condensed" in line]
    assert len(said) == 1, said
    assert said[0].startswith("templates/tiny/hero.j2:7:4: warning: font 'title' ("), said
    assert "is set in the condensed family 'roboto-condensed'" in said[0] and "(on 5 pieces: " in said[0], said


def _heroes_as_csv(project, header: list[str]) -> None:
    """The tiny deck's cards as a CSV under `header` (one misspelt name, say), read by the deck YAML."""
    import csv

    rows = [[c.get(h, "") for h in ("id", "name", "stars", "number", "text", "side", "count")] for c in HEROES]
    with (project / "data/tiny/decks/heroes.csv").open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows([header, *rows])
    (project / "data/tiny/decks/heroes.yaml").write_text(
        "name: Heroes\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ndefaults: {side: red}\ncards_from: heroes.csv\n", encoding="utf-8")


HEROES = [{"id": "knight", "name": "Knight", "stars": 3, "number": 1, "text": "Draw.", "count": 2},
          {"id": "att", "name": "Agent", "stars": 1, "number": 2, "text": "Swap.", "count": 2},
          {"id": "rogue", "name": "Rogue", "stars": 2, "number": 3, "text": "Steal.", "side": "blue", "count": 3},
          {"id": "mage", "name": "Mage", "stars": 4, "number": 4, "text": "Look.", "side": "blue", "count": 3},
          {"id": "twin", "name": "Twin", "stars": 2, "number": 5, "text": "Back.", "count": 2}]


def test_a_misspelt_header_read_by_templates_is_one_error_at_its_cell(project):
    """Issue 75.18: the header `nmae` where the front and the back read `card.name`: one error at the header cell
    (B1 of the CSV: line 1, column 2), naming the lines that read 'name', not one per line plus an unread-field warning."""
    _heroes_as_csv(project, ["id", "nmae", "stars", "number", "text", "side", "count"])
    back = project / "templates/tiny/back.j2"
    back.write_text(back.read_text(encoding="utf-8") + '{{ text(card.name, 5, 5, 30, 6) }}\n', encoding="utf-8")
    said = _said(run_pnp(project, "validate", "tiny"))
    assert len(said) == 1, said
    assert said[0].startswith("data/tiny/decks/heroes.csv:1:2: error: the card field 'nmae' is read by no template, and templates read 'name', "
                              "which no card has (templates/tiny/back.j2:3:14 and 1 other line): one name is misspelt: make them the same (on 10 pieces: "), said


def test_a_misspelt_required_key_is_one_error(project):
    """`sise: poker` is one mistake: the unknown key and the missing `size` it stands for are one error, at the key."""
    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("size: poker", "sise: poker", 1), encoding="utf-8")
    said = [line for line in _said(run_pnp(project, "validate", "tiny")) if ": error: " in line]
    assert said == ["data/tiny/decks/heroes.yaml:2:1: error: unknown key 'sise' (did you mean 'size'?): 'size' is required: fix its spelling"], said


def test_a_workbook_error_names_cells_not_lines(project):
    """A workbook has no lines: the id a card repeats is "first at cell A2", as the error itself is at A3."""
    from test_spreadsheet_decks import write_xlsx

    header = ["id", "name", "stars", "number", "text", "side", "count"]
    rows = [[c.get(h, "") for h in header] for c in HEROES]
    rows[1][0] = "knight"
    write_xlsx(project / "data/tiny/decks/heroes.xlsx", {"Heroes": [header, *rows]})
    (project / "data/tiny/decks/heroes.yaml").write_text(
        "name: Heroes\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ndefaults: {side: red}\ncards_from: heroes.xlsx\nsheet: Heroes\n", encoding="utf-8")
    said = [line for line in _said(run_pnp(project, "validate", "tiny")) if "used twice" in line]
    assert len(said) == 1 and said[0].startswith("data/tiny/decks/heroes.xlsx[Heroes]!A3: error: card id 'knight' is used twice in this deck "
                                                 "(first at cell A2)"), said


def test_a_missing_image_says_a_draft_prints_without_it(project):
    _add_to_hero(project, '{{ image("art/" ~ card.id ~ ".png", 20, 45, 20, 20) }}')
    said = [line for line in _said(run_pnp(project, "validate", "tiny")) if "not found" in line]
    assert len(said) == 1 and "or build with --draft to print a placeholder in its place" in said[0], said


def test_one_board_is_one_board(project):
    """'1 board', '1 page': a count of one in the singular, in `pnp list` and in what `pnp build` prints."""
    boards = project / "data/tiny/boards.yaml"
    text = boards.read_text(encoding="utf-8")
    boards.write_text(text[:text.index("  - id: scores")], encoding="utf-8")
    listed = run_pnp(project, "list").output
    assert "(12 cards, 1 board, 35 tokens)" in listed, listed
    built = run_pnp(project, "build", "tiny", "--only", "rulebook").output
    assert not re.search(r"\b1 (pages|pieces|boards)\b", listed + built), built


def test_a_build_line_counts_only_what_its_file_has(project):
    """Issue 102: a rulebook has pages but no pieces, and the designer notes (a text file) neither: their build lines
    say no "0 pieces" or "0 pages", while a sheet of pieces still counts both."""
    built = run_pnp(project, "build", "tiny").output
    assert not re.search(r"\b0 (pages|pieces)\b", built), built
    rulebook = next(line for line in built.splitlines() if "-rulebook.pdf" in line)
    assert re.search(r"-rulebook\.pdf  \d+ pages?  \d+ KB", rulebook), rulebook
    cards = next(line for line in built.splitlines() if "-cards.pdf" in line)
    assert re.search(r"\d+ pages?  \d+ pieces?  ", cards), cards


def _deck_from_a_sheet(project, header_of_name: str) -> None:
    """The tiny game's heroes read from a CSV whose name column is headed `header_of_name` (the template reads card.name)."""
    import csv

    import yaml

    deck = project / "data/tiny/decks/heroes.yaml"
    data = yaml.safe_load(deck.read_text(encoding="utf-8"))
    keys = list(dict.fromkeys(k for card in data["cards"] for k in card))
    with open(project / "data/tiny/decks/heroes.csv", "w", newline="", encoding="utf-8") as sheet:
        rows = csv.writer(sheet)
        rows.writerow([header_of_name if k == "name" else k for k in keys])
        rows.writerows([card.get(k, "") for k in keys] for card in data["cards"])
    settings = {k: v for k, v in data.items() if k != "cards"} | {"cards_from": "heroes.csv"}
    deck.write_text(yaml.safe_dump(settings, sort_keys=False), encoding="utf-8")


def test_a_header_that_differs_from_the_templates_name_only_in_capitals_is_one_error_at_its_cell(project):
    """Issue 102: a spreadsheet's `Name` header is the field `Name`; the template reading `card.name` gets one finding, at
    the header's cell, saying the two differ only in capitals and how to read the header as written."""
    _deck_from_a_sheet(project, "Name")
    result = run_pnp(project, "validate", "tiny")
    said = [line for line in result.output.splitlines() if ": error: " in line or ": warning: " in line]
    assert len(said) == 1 and said[0].startswith("data/tiny/decks/heroes.csv:1:2: error: "), said
    assert "differ only in capitals" in said[0] and "read it as card.Name, or write the name as 'name'" in said[0], said


@pytest.mark.parametrize("other", ["rivals", "heroes-b"])  # heroes-b: a deck whose id starts with the other's
def test_two_sheets_with_the_same_capital_are_an_error_each_naming_only_their_own_decks_pieces(project, other):
    """Two decks whose sheets both head the column `Name`, drawn by one template reading `card.name`: each sheet's header
    is a mistake of its own, said at its cell, and each finding names the pieces of its own deck, never the other's."""
    _deck_from_a_sheet(project, "Name")
    decks = project / "data/tiny/decks"
    shutil.copy(decks / "heroes.csv", decks / f"{other}.csv")
    (decks / f"{other}.yaml").write_text((decks / "heroes.yaml").read_text(encoding="utf-8").replace("heroes.csv", f"{other}.csv")
                                         .replace("name: Heroes", "name: Rivals"), encoding="utf-8")
    said = [line for line in run_pnp(project, "validate", "tiny").output.splitlines() if "differ only in capitals" in line]
    by_sheet = {line.split(": error: ")[0]: line for line in said}
    assert len(said) == 2 and sorted(by_sheet) == sorted(["data/tiny/decks/heroes.csv:1:2", f"data/tiny/decks/{other}.csv:1:2"]), said
    for deck, not_its in (("heroes", other), (other, "heroes")):
        line = by_sheet[f"data/tiny/decks/{deck}.csv:1:2"]
        assert f" {deck}/" in line and f" {not_its}/" not in line, line


def test_a_character_no_font_has_is_said_at_the_template_line_naming_the_cell_it_is_typed_in(project):
    """An emoji typed in a sheet (as a Squib project's action icons are) has no glyph in the fonts: the error stands at
    the template line drawing it, as every drawing failure does, and names the cell where the character is written."""
    _deck_from_a_sheet(project, "name")
    sheet = project / "data/tiny/decks/heroes.csv"
    rows = sheet.read_text(encoding="utf-8").splitlines()
    row = next(n for n, line in enumerate(rows, 1) if line.startswith("rogue,"))
    sheet.write_text("\n".join(rows).replace("rogue,Rogue,", "rogue,Rogue \U0001F525,", 1) + "\n", encoding="utf-8")
    said = [line for line in _said(run_pnp(project, "validate", "tiny")) if "missing from" in line]
    assert len(said) == 1 and said[0].startswith("templates/tiny/hero.j2:"), said
    assert f"'\U0001F525' (U+1F525) (written in card.name at data/tiny/decks/heroes.csv:{row}:2)" in said[0], said


def test_characters_no_font_has_from_two_fields_are_listed_and_the_first_ones_field_named_after_them(project):
    """A line drawing two fields (a card's mark and its icon, each with an emoji): the error lists both characters, then
    names where the first of them is written, after the list, not between its entries."""
    deck = "data/tiny/decks/heroes.yaml"
    _edit(project, deck, "defaults: {side: red}", 'defaults: {side: red, mark: "", icon: ""}')
    _edit(project, deck, "side: blue, count: 3}", 'side: blue, mark: "\U0001F30A Tide", icon: "\U0001F525", count: 3}')
    _add_to_hero(project, '{{ text(card.mark ~ " " ~ card.icon, 5, 72, 40, 8, size=8) }}')
    rogue = (project / deck).read_text(encoding="utf-8").splitlines()
    row = next(n for n, line in enumerate(rogue, 1) if "id: rogue" in line)
    said = [line for line in _said(run_pnp(project, "validate", "tiny")) if "missing from" in line]
    assert len(said) == 1 and said[0].startswith("templates/tiny/hero.j2:7:"), said
    listed = "'\U0001F30A' (U+1F30A), '\U0001F525' (U+1F525)"  # the wave's code point comes first
    where = f"{deck}:{row}:{rogue[row - 1].index(chr(34) + chr(0x1F30A)) + 1}"
    assert f"their fallback: {listed} (written in card.mark at {where}): replace them" in said[0], said


def test_a_character_no_font_has_typed_in_the_template_itself_is_said_there_naming_no_cell(project):
    """An emoji written in the template's own text, in no data field: the error stands at the template line that draws it
    and lists the character, naming no cell (it is the template's to fix) and never a place of 'None'."""
    _add_to_hero(project, '{{ text("\U0001F525 Tide", 5, 72, 40, 8, size=8) }}')
    said = [line for line in _said(run_pnp(project, "validate", "tiny")) if "missing from" in line]
    assert len(said) == 1 and said[0].startswith("templates/tiny/hero.j2:7:"), said
    assert "'\U0001F525' (U+1F525): replace" in said[0] and "written in" not in said[0] and "None" not in said[0], said


def test_a_character_no_font_has_in_a_cards_name_and_text_is_said_at_the_name_the_face_draws_first(project):
    """The same emoji in a card's name and in its text: the hero template draws the name first, where the face stops,
    so the error names the name's cell (the first of the card's fields to hold it), not the text's."""
    deck = "data/tiny/decks/heroes.yaml"
    _edit(project, deck, 'name: Rogue, stars: 2, number: 3, text: "Steal', 'name: "Rogue \U0001F525", stars: 2, number: 3, text: "\U0001F525 Steal')
    rogue = (project / deck).read_text(encoding="utf-8").splitlines()
    row = next(n for n, line in enumerate(rogue, 1) if "id: rogue" in line)
    said = [line for line in _said(run_pnp(project, "validate", "tiny")) if "missing from" in line]
    assert len(said) == 1 and said[0].startswith("templates/tiny/hero.j2:3:"), said
    assert f"(written in card.name at {deck}:{row}:{rogue[row - 1].index('name:') + len('name: ') + 1})" in said[0], said


def test_a_header_with_a_space_is_read_with_brackets_and_the_finding_says_how(project):
    _deck_from_a_sheet(project, "Attack Name")
    said = [line for line in run_pnp(project, "validate", "tiny").output.splitlines() if line.startswith("data/tiny/decks/heroes.csv:1:2: ")]
    assert len(said) == 1 and 'a template reads it as card["Attack Name"]' in said[0], said


def _edit(project, rel: str, old: str, new: str) -> None:
    path = project / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, (rel, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# (what is mistyped, the edit or the command's words, the choice the finding must offer): every closed list of pnp's
CLOSED_LISTS = [
    ("a card size", ("data/tiny/decks/heroes.yaml", "size: poker", "size: pokr"), "poker"),
    ("a card shape", ("data/tiny/decks/heroes.yaml", "size: poker", "size: poker\nshape: rund"), "round"),
    ("a palette colour", ("data/tiny/game.yaml", '  red: "#c0392b"', '  red: "tomatoe"'), "tomato"),
    ("a template's colour", (HERO, "{% endblock %}", '{{ rect(1, 1, 5, 5, fill="slategrey2") }}\n{% endblock %}'), "slategrey"),
    ("a paper", ("build", "tiny", "--paper", "lettr"), "letter"),
    ("a vendor", ("export", "tiny", "--vendor", "drivethrucard"), "drivethrucards"),
    ("a cutter", ("build", "tiny", "--cutter", "silhuette"), "silhouette"),
    ("an output kind", ("build", "tiny", "--only", "rulebok"), "rulebook"),
]


@pytest.mark.parametrize(("what", "mistake", "meant"), CLOSED_LISTS, ids=[c[0] for c in CLOSED_LISTS])
def test_a_mistyped_choice_of_a_closed_list_is_met_with_did_you_mean(project, what, mistake, meant):
    """Issue 102: a colour, a size, a shape, a paper, a vendor, a cutter or an output kind written with a typo is refused
    naming the choice it was meant to be, whether it is written in the data, a template or the command."""
    if mistake[0].startswith(("data/", "templates/")):
        _edit(project, *mistake)
        result = run_pnp(project, "validate", "tiny")
    else:
        result = run_pnp(project, *mistake)
    assert result.exit_code != 0
    assert f"(did you mean '{meant}'?)" in result.output + result.stderr, result.output + result.stderr


def test_a_mistyped_language_is_met_with_did_you_mean(project):
    _edit(project, "data/tiny/game.yaml", "title: Tiny Test Game", "title: Tiny Test Game\nlanguages: [en, de]")
    result = run_pnp(project, "build", "tiny", "--lang", "dee")
    assert result.exit_code != 0 and "no 'dee' edition (did you mean 'de'?)" in result.output, result.output


def test_a_corner_radius_on_a_deck_with_no_corners_is_a_warning_at_its_line(project):
    """Issue 102: `corner_radius:` on a round deck was ignored silently."""
    _edit(project, "data/tiny/decks/heroes.yaml", "size: poker", "size: poker\nshape: round\ncorner_radius: 3")
    said = [line for line in _said(run_pnp(project, "validate", "tiny")) if "corner_radius" in line]
    assert len(said) == 1 and said[0].startswith("data/tiny/decks/heroes.yaml:4:16: warning: corner_radius rounds a rect deck's corners"), said


def test_a_failure_with_no_name_to_point_at_is_placed_at_its_lines_first_character(project):
    """A division by zero in an indented call names nothing the line holds: the error stands at the line's first
    character, past its indent (the 5th column of a line indented four spaces), where an editor's cursor lands; its
    words say what to look at (a field or count that is 0 or empty), not Python's ZeroDivisionError."""
    _add_to_hero(project, '    {{ rect(0, 0, 10 / (card.stars - card.stars), 5) }}')
    said = [line for line in _said(run_pnp(project, "validate", "tiny")) if "division" in line]
    assert said == ["templates/tiny/hero.j2:7:5: error: a division by zero: a number this line divides by is 0 (a field or count that is 0 "
                    "or empty): check it, or divide only when it is not 0 (on 5 pieces: heroes/knight front, heroes/att front, heroes/rogue "
                    "front, heroes/mage front, heroes/twin front) [heroes/knight front]"], said  # what to check, not Python's name


HERO_DECK = "data/tiny/decks/heroes.yaml"
ROGUE = 'text: "Steal 1 coin − then run → away.", side: blue'


def _error_lines(project) -> list[str]:
    return [line for line in run_pnp(project, "validate", "tiny").output.splitlines() if ": error: " in line and "unknown colour" in line]


def test_a_colour_name_misspelt_in_the_data_is_one_error_at_its_value_naming_the_template_line_that_drew_it(project):
    """A card's `side: bleu` and a board space's `color: bleu` are handed to a drawing call (`fill=card.side`): the
    name is mended where the data writes it, so each is one error there, naming its field and the template line that
    drew it, with the colour it is a typo of."""
    deck, boards = project / HERO_DECK, project / "data/tiny/boards.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace(ROGUE, ROGUE.replace("blue", "bleu")), encoding="utf-8")
    boards.write_text(boards.read_text(encoding="utf-8").replace("{name: S3, color: blue}", "{name: S3, color: bleu}"), encoding="utf-8")
    rogue = next(n for n, line in enumerate(deck.read_text(encoding="utf-8").splitlines(), 1) if "side: bleu" in line)
    column = deck.read_text(encoding="utf-8").splitlines()[rogue - 1].index("bleu") + 1
    said = "unknown colour 'bleu' (did you mean 'blue'?): use a palette name, a CSS colour name or #rrggbb"
    assert sorted(_error_lines(project)) == [
        f"data/tiny/boards.yaml:17:27: error: board.spaces[3].color: {said} (drawn at templates/tiny/board-town.j2:8:1) [boards/town]",
        f"{HERO_DECK}:{rogue}:{column}: error: card.side: {said} (drawn at templates/tiny/frame.j2:3:1) [heroes/rogue front]"]


def test_a_misspelt_colour_is_said_at_the_field_naming_it_not_at_one_whose_text_holds_the_word(project):
    """The town board renamed `Ville bleue` (the blue town) and a space's `color: bleu`: the board's name holds the
    misspelt word too, and is looked at first, but the field handed to the drawing call is the space's colour, where
    the one error stands."""
    boards = project / "data/tiny/boards.yaml"
    boards.write_text(boards.read_text(encoding="utf-8").replace("name: Tiny Town", "name: Ville bleue")
                      .replace("{name: S3, color: blue}", "{name: S3, color: bleu}"), encoding="utf-8")
    assert _error_lines(project) == [
        "data/tiny/boards.yaml:17:27: error: board.spaces[3].color: unknown colour 'bleu' (did you mean 'blue'?): use a palette name, a CSS colour "
        "name or #rrggbb (drawn at templates/tiny/board-town.j2:8:1) [boards/town]"]

def test_a_misspelt_colour_is_said_at_the_faces_own_field_before_a_list_above_it_holding_the_same_word(project):
    """The town board's `accent: bleu`, handed to its template's `fill=board.accent`, below a list of tags that holds
    the same slip (`tags: [bleu]`): a face's own fields are looked at before those nested in them, so the one error
    stands at `accent`, the field the call was handed, not at the list's entry written above it."""
    boards, town = project / "data/tiny/boards.yaml", project / "templates/tiny/board-town.j2"
    boards.write_text(boards.read_text(encoding="utf-8").replace("    template: tiny/board-town.j2\n",
                                                                 "    template: tiny/board-town.j2\n    tags: [bleu]\n    accent: bleu\n"), encoding="utf-8")
    town.write_text(town.read_text(encoding="utf-8") + "{{ rect(0, 0, 5, 5, fill=board.accent) }}\n", encoding="utf-8")
    accent = boards.read_text(encoding="utf-8").splitlines().index("    accent: bleu") + 1
    drawn = len(town.read_text(encoding="utf-8").splitlines())
    assert _error_lines(project) == [f"data/tiny/boards.yaml:{accent}:13: error: board.accent: unknown colour 'bleu' (did you mean 'blue'?): use a "
                                     f"palette name, a CSS colour name or #rrggbb (drawn at templates/tiny/board-town.j2:{drawn}:1) [boards/town]"]


@pytest.mark.parametrize("written", ['"bleu"', "'bleu'"], ids=["double quotes", "single quotes"])
def test_a_colour_name_the_template_writes_is_said_at_the_template_though_a_card_holds_the_same_word(project, written):
    """`fill="bleu"` (or `fill='bleu'`: Jinja reads either) written in the frame is the template's mistake, one error at
    its column there on every card it draws, even where a card's own `side` happens to hold the same word."""
    deck, frame = project / HERO_DECK, project / "templates/tiny/frame.j2"
    deck.write_text(deck.read_text(encoding="utf-8").replace(ROGUE, ROGUE.replace("blue", "bleu")), encoding="utf-8")
    frame.write_text(frame.read_text(encoding="utf-8").replace("fill=card.side,", f"fill={written},"), encoding="utf-8")
    column = frame.read_text(encoding="utf-8").splitlines()[2].index("bleu") + 1
    lines = _error_lines(project)
    assert len(lines) == 1 and lines[0].startswith(f"templates/tiny/frame.j2:3:{column}: error: unknown colour 'bleu' (did you mean 'blue'?)"), lines

def test_a_text_too_long_for_its_box_written_in_a_lists_item_is_said_at_that_items_line(project):
    """A card's list written as a block, one line an item: a template drawing its second item in a box too small for it
    has its one error name that item's own line and column in the data, where the designer shortens it, not where the
    list begins (its first item's line)."""
    heroes = project / "data/tiny/decks/heroes.yaml"
    block = ("  - id: rogue\n    name: Rogue\n    stars: 2\n    number: 3\n    text: \"Steal 1 coin.\"\n    side: blue\n    count: 3\n"
             "    lines:\n      - Hide.\n      - Run away from every guard in the whole city before the sun rises again.\n")
    written = heroes.read_text(encoding="utf-8")
    rogue = next(line for line in written.splitlines(keepends=True) if line.startswith("  - {id: rogue,"))
    heroes.write_text(written.replace(rogue, block), encoding="utf-8")
    item_line = heroes.read_text(encoding="utf-8").splitlines().index("      - Run away from every guard in the whole city before the sun rises again.") + 1
    _add_to_hero(project, "{% if card.lines %}{{ text(card.lines[1], 2, 2, 10, 4, size=8, min_size=7) }}{% endif %}")
    said = _said(run_pnp(project, "validate", "tiny"))
    assert len(said) == 1 and said[0].startswith("templates/tiny/hero.j2:") and "does not fit" in said[0], said
    assert f"('Run away from every guard in the whole c…', card.lines[1] at data/tiny/decks/heroes.yaml:{item_line}:9)" in said[0], said


def test_a_mistake_met_on_two_cards_names_both(project):
    """Two pieces are already many: a template line that fails on the knight and the agent alone is one error naming
    both, not the knight's alone (where the other card would be found only once the first is mended)."""
    hero = project / HERO
    hero.write_text(hero.read_text(encoding="utf-8").replace('repeat(card.stars, "star"', 'repeat(card.stars, "strr" if card.number < 3 else "star"'),
                    encoding="utf-8")
    said = _said(run_pnp(project, "validate", "tiny"))
    assert said == ["templates/tiny/hero.j2:4:24: error: unknown icon 'strr' (did you mean 'star'?): add templates/icons/strr.svg "
                    "(on 2 pieces: heroes/knight front, heroes/att front) [heroes/knight front]"], said


def test_a_mistake_met_on_many_pieces_lists_every_piece_in_validates_json(project):
    """With `--format json`, a mistake met on the five heroes is one record whose `places` list names all five, in the
    deck's order (docs/findings.md), for a tool to mark each card."""
    hero = project / HERO
    hero.write_text(hero.read_text(encoding="utf-8").replace('repeat(card.stars, "star"', 'repeat(card.stars, "strr"'), encoding="utf-8")
    result = run_pnp(project, "validate", "tiny", "--format", "json")
    records = [r for r in json.loads(result.stdout) if r["severity"] in ("error", "warning")]
    assert [(r["file"], r["line"], r["places"]) for r in records] == [
        ("templates/tiny/hero.j2", 4, ["heroes/knight front", "heroes/att front", "heroes/rogue front", "heroes/mage front", "heroes/twin front"])], records
